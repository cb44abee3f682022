/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-render-blend.c: a beam's blended rays give the same pixels however
 * the frame reaches them.
 *
 * On an ARGB32 image whose pixels the raster's fall on one to one (a PNG,
 * the bench's frame) the renderer blends the inked pixels straight into the
 * image; anywhere else (GTK's recording surfaces, a scaled or fractionally
 * moved frame) it composites an image of the raster through cairo. The two
 * must not differ by one byte: the same frame drawn into an image and through
 * a subsurface of one (where cairo composites) are compared, moved by whole
 * pixels with a clip, on an opaque and on a transparent background; and an
 * opaque frame against the same frame recorded and replayed, as GTK does.
 *
 * With CAROM_TEST_PNG_DIR set, the frames are written there as PNGs. */
#include <cairo.h>
#include <glib.h>
#include <math.h>
#include <string.h>

#include "render/carom-render.h"

static void
add_box (CmScene *scene, const char *id, CgRole role, double x0, double y0, double x1, double y1)
{
  CgVec2 p[4] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 } };
  CmObject *o = cm_scene_add_polygon (scene, id, role, p, 4);
  cg_polygon_orient (o->points, o->n_points, role);
}

/* A room of 300 × 200 with two obstacles and a fan of 300 rays that bounce
 * off everything: rays cross and overlap everywhere, over walls, obstacles
 * and the background. */
static CmScene *
fan_scene (void)
{
  CmScene *scene = cm_scene_new ();
  add_box (scene, "room", CG_ROLE_WALL, 0, 0, 300, 200);
  add_box (scene, "a", CG_ROLE_OBSTACLE, 120, 40, 150, 90);
  add_box (scene, "b", CG_ROLE_OBSTACLE, 200, 120, 240, 150);
  cm_scene_add_ball (scene, "ball", cg_v2 (60, 100), 3, cg_v2 (1, 0.2), 3);
  CmObject *fan = cm_object_new_fan_beam ("fan", cg_v2 (60, 100), 3, cg_v2 (1, 0.2), 360.0, 300, 6);
  g_ptr_array_add (scene->objects, fan);
  cm_scene_assign_ids (scene);
  /* The obstacles reflect, so every ray makes its bounces. */
  for (guint i = 0; i < scene->objects->len; i++)
    {
      CmObject *o = g_ptr_array_index (scene->objects, i);
      if (o->kind == CM_OBJECT_POLYGON && o->role == CG_ROLE_OBSTACLE)
        o->on_hit = CG_ON_HIT_REFLECT;
    }
  return scene;
}

typedef struct
{
  CmScene *scene;
  CmSceneTrace *trace;
  CaromRenderCache *cache;
  CaromView view;
  CaromStyle style;
  CaromRenderOptions options;
} Frame;

static void
frame_init (Frame *f, gboolean transparent, CaromPathColouring by)
{
  f->scene = fan_scene ();
  f->trace = cm_scene_trace (f->scene, -1, FALSE);
  g_assert_nonnull (f->trace);
  /* The fan's first ray selected: every ray is drawn blended. */
  int selected = -1;
  for (guint b = 0; b < f->trace->balls->len; b++)
    if (g_array_index (f->trace->balls, CaromBallTrace, b).source != NULL
        && g_array_index (f->trace->balls, CaromBallTrace, b).source->kind == CM_OBJECT_BEAM)
      {
        selected = (int)b;
        break;
      }
  g_assert_cmpint (selected, >=, 0);
  f->cache = carom_render_cache_new (f->scene, f->trace, selected);
  g_assert_nonnull (f->cache);
  /* Two pixels a unit: the frame is 600 × 400. */
  f->view = (CaromView){ .scale = 2.0, .width = 600, .height = 400, .pt = 1.0 };
  f->style = carom_style_screen (FALSE);
  if (transparent)
    f->style.background.alpha = 0.0;
  carom_render_options_init (&f->options);
  f->options.overlays = CAROM_OVERLAY_PATH;
  f->options.paths_by = by;
}

static void
frame_clear (Frame *f)
{
  carom_render_cache_free (f->cache);
  cm_scene_trace_free (f->trace);
  cm_scene_free (f->scene);
}

/* A surface of w × h, painted grey with a gradient of alpha when wanted (so
 * that what the rays are blended over is not one colour). */
static cairo_surface_t *
new_image (int w, int h, gboolean backdrop)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  if (backdrop)
    {
      cairo_t *cr = cairo_create (s);
      cairo_pattern_t *g = cairo_pattern_create_linear (0, 0, w, h);
      cairo_pattern_add_color_stop_rgba (g, 0, 0.2, 0.4, 0.6, 0.1);
      cairo_pattern_add_color_stop_rgba (g, 1, 0.9, 0.7, 0.1, 1.0);
      cairo_set_source (cr, g);
      cairo_paint (cr);
      cairo_pattern_destroy (g);
      cairo_destroy (cr);
    }
  return s;
}

static void
save (cairo_surface_t *s, const char *name)
{
  const char *dir = g_getenv ("CAROM_TEST_PNG_DIR");
  if (dir != NULL)
    {
      g_autofree char *path = g_strdup_printf ("%s/%s.png", dir, name);
      cairo_surface_write_to_png (s, path);
    }
}

/* The frame drawn with cr translated by (dx, dy) and clipped to clip
 * (device; NULL: none), onto surface. */
static void
draw (Frame *f, cairo_surface_t *surface, double dx, double dy, const cairo_rectangle_t *clip,
      CaromRenderStats *stats)
{
  cairo_t *cr = cairo_create (surface);
  if (clip != NULL)
    {
      cairo_rectangle (cr, clip->x, clip->y, clip->width, clip->height);
      cairo_clip (cr);
    }
  cairo_translate (cr, dx, dy);
  carom_render (cr, f->cache, &f->view, &f->style, &f->options, stats);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
}

/* The same frame through a subsurface covering the image: the renderer
 * cannot write the image's pixels itself there, and composites the raster's
 * image through cairo, onto the same pixels. */
static void
draw_composited (Frame *f, cairo_surface_t *surface, double dx, double dy,
                 const cairo_rectangle_t *clip)
{
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  cairo_surface_t *sub = cairo_surface_create_for_rectangle (surface, 0, 0, w, h);
  draw (f, sub, dx, dy, clip, NULL);
  cairo_surface_destroy (sub);
  cairo_surface_flush (surface);
}

/* The same frame through a recording surface (what GTK gives the canvas),
 * replayed onto an image. */
static void
draw_recorded (Frame *f, cairo_surface_t *surface)
{
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  cairo_surface_t *rec = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA,
                                                         &(cairo_rectangle_t){ 0, 0, w, h });
  draw (f, rec, 0, 0, NULL, NULL);
  cairo_t *cr = cairo_create (surface);
  cairo_set_source_surface (cr, rec, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (rec);
  cairo_surface_flush (surface);
}

/* How many pixels differ, and the largest difference of a byte. */
static guint
compare (cairo_surface_t *a, cairo_surface_t *b, int *worst)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  int sa = cairo_image_surface_get_stride (a), sb = cairo_image_surface_get_stride (b);
  const guint8 *pa = cairo_image_surface_get_data (a), *pb = cairo_image_surface_get_data (b);
  guint n = 0;
  *worst = 0;
  for (int y = 0; y < h; y++)
    {
      const guint8 *ra = pa + (gsize)y * sa, *rb = pb + (gsize)y * sb;
      if (memcmp (ra, rb, 4 * (gsize)w) == 0)
        continue;
      for (int x = 0; x < w; x++)
        {
          gboolean differs = FALSE;
          for (int c = 0; c < 4; c++)
            {
              int d = abs (ra[4 * x + c] - rb[4 * x + c]);
              *worst = MAX (*worst, d);
              differs = differs || d != 0;
            }
          n += differs;
        }
    }
  return n;
}

/* Pixels with some colour that is not grey: the ramp's rays. */
static guint
coloured_pixels (cairo_surface_t *s)
{
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);
  int stride = cairo_image_surface_get_stride (s);
  const guint8 *data = cairo_image_surface_get_data (s);
  guint n = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        const guint8 *p = data + (gsize)y * stride + 4 * x;
        n += abs (p[0] - p[1]) > 8 || abs (p[1] - p[2]) > 8;
      }
  return n;
}

static void
check_same (Frame *f, const char *name, int w, int h, double dx, double dy,
            const cairo_rectangle_t *clip, gboolean backdrop)
{
  cairo_surface_t *direct = new_image (w, h, backdrop);
  cairo_surface_t *composited = new_image (w, h, backdrop);
  CaromRenderStats stats;
  draw (f, direct, dx, dy, clip, &stats);
  draw_composited (f, composited, dx, dy, clip);
  g_autofree char *a = g_strdup_printf ("blend-%s-direct", name);
  g_autofree char *b = g_strdup_printf ("blend-%s-composited", name);
  save (direct, a);
  save (composited, b);
  /* The rays were drawn, and show. */
  g_assert_cmpuint (stats.rays_drawn, >=, 300);
  g_assert_cmpuint (coloured_pixels (direct), >, 5000);
  int worst;
  guint n = compare (direct, composited, &worst);
  g_test_message ("%s: %u pixels differ, by %d at most", name, n, worst);
  g_assert_cmpuint (n, ==, 0);
  cairo_surface_destroy (direct);
  cairo_surface_destroy (composited);
}

static void
test_same_pixels (void)
{
  Frame f;
  frame_init (&f, FALSE, CAROM_PATHS_BY_RAY);
  check_same (&f, "plain", 600, 400, 0, 0, NULL, FALSE);
  /* And as the canvas's frame is drawn: recorded, then replayed. */
  cairo_surface_t *direct = new_image (600, 400, FALSE);
  cairo_surface_t *recorded = new_image (600, 400, FALSE);
  draw (&f, direct, 0, 0, NULL, NULL);
  draw_recorded (&f, recorded);
  int worst;
  g_assert_cmpuint (compare (direct, recorded, &worst), ==, 0);
  cairo_surface_destroy (direct);
  cairo_surface_destroy (recorded);
  frame_clear (&f);
}

static void
test_same_pixels_by_bounces (void)
{
  Frame f;
  frame_init (&f, FALSE, CAROM_PATHS_BY_BOUNCES);
  check_same (&f, "bounces", 600, 400, 0, 0, NULL, FALSE);
  frame_clear (&f);
}

/* A transparent background over a backdrop: the rays blended over pixels of
 * every alpha. */
static void
test_same_pixels_transparent (void)
{
  Frame f;
  frame_init (&f, TRUE, CAROM_PATHS_BY_RAY);
  check_same (&f, "transparent", 600, 400, 0, 0, NULL, TRUE);
  frame_clear (&f);
}

/* The frame moved by whole pixels, partly off the surface, and clipped: the
 * rays stop at the clip and the surface's edges. */
static void
test_same_pixels_moved_clipped (void)
{
  Frame f;
  frame_init (&f, TRUE, CAROM_PATHS_BY_RAY);
  cairo_rectangle_t clip = { 40, 30, 400, 250 };
  check_same (&f, "moved", 520, 360, -37, 21, &clip, TRUE);
  frame_clear (&f);
}

/* Moved by a fraction of a pixel: cairo composites (smoothing the raster);
 * the frame is still drawn, and drawn the same through a recording. */
static void
test_fractional_offset (void)
{
  Frame f;
  frame_init (&f, FALSE, CAROM_PATHS_BY_RAY);
  check_same (&f, "fraction", 600, 400, 0.5, 0.25, NULL, FALSE);
  frame_clear (&f);
}

/* A large frame (1800 × 1200, 233,000 runs of pixels to blend): the same
 * pixels. */
static void
test_same_pixels_large (void)
{
  Frame f;
  frame_init (&f, TRUE, CAROM_PATHS_BY_BOUNCES);
  f.view.scale = 6.0;
  f.view.width = 1800;
  f.view.height = 1200;
  check_same (&f, "large", 1800, 1200, 0, 0, NULL, TRUE);
  frame_clear (&f);
}

/* Frames after frames keep nothing of the earlier ones: a frame drawn after
 * others with another view is the same as one drawn first. */
static void
test_frames_forget (void)
{
  Frame f;
  frame_init (&f, FALSE, CAROM_PATHS_BY_RAY);
  cairo_surface_t *first = new_image (600, 400, FALSE);
  draw (&f, first, 0, 0, NULL, NULL);
  CaromView view = f.view;
  for (int k = 0; k < 3; k++)
    {
      f.view.x0 = 15.0 * (k + 1);
      f.view.y0 = -9.0 * (k + 1);
      cairo_surface_t *other = new_image (600, 400, FALSE);
      draw (&f, other, 0, 0, NULL, NULL);
      cairo_surface_destroy (other);
    }
  f.view = view;
  cairo_surface_t *again = new_image (600, 400, FALSE);
  draw (&f, again, 0, 0, NULL, NULL);
  int worst;
  g_assert_cmpuint (compare (first, again, &worst), ==, 0);
  cairo_surface_destroy (first);
  cairo_surface_destroy (again);
  frame_clear (&f);
}

/* A drag updates the trace and the render cache in place: the rays drawn
 * are those of the obstacle's new place (the same bytes as a new cache's),
 * not those of where it was. */
static void
test_cache_update (void)
{
  Frame f;
  frame_init (&f, FALSE, CAROM_PATHS_BY_RAY);
  cairo_surface_t *before = new_image (600, 400, FALSE);
  draw (&f, before, 0, 0, NULL, NULL);

  /* Obstacle "a" 40 units to the right, in place. */
  guint index = G_MAXUINT;
  for (guint i = 0; i < f.scene->objects->len; i++)
    {
      CmObject *o = g_ptr_array_index (f.scene->objects, i);
      if (g_strcmp0 (o->id, "a") == 0)
        {
          for (size_t k = 0; k < o->n_points; k++)
            o->points[k].x += 40.0;
          index = i;
        }
    }
  g_assert_cmpuint (index, !=, G_MAXUINT);
  g_autoptr (GArray) updated = g_array_new (FALSE, FALSE, sizeof (guint));
  g_assert_true (cm_scene_trace_update (f.trace, f.scene, &index, 1, updated));
  carom_render_cache_update (f.cache, (const guint *)updated->data, updated->len);
  cairo_surface_t *after = new_image (600, 400, FALSE);
  draw (&f, after, 0, 0, NULL, NULL);

  int selected = -1;
  for (guint b = 0; b < f.trace->balls->len && selected < 0; b++)
    if (g_array_index (f.trace->balls, CaromBallTrace, b).source->kind == CM_OBJECT_BEAM)
      selected = (int)b;
  CaromRenderCache *fresh = carom_render_cache_new (f.scene, f.trace, selected);
  g_assert_nonnull (fresh);
  cairo_surface_t *anew = new_image (600, 400, FALSE);
  cairo_t *cr = cairo_create (anew);
  carom_render (cr, fresh, &f.view, &f.style, &f.options, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (anew);
  save (before, "blend-update-before");
  save (after, "blend-update-after");
  save (anew, "blend-update-new-cache");

  int worst;
  guint moved = compare (before, after, &worst);
  g_test_message ("the move changed %u pixels; the updated cache against a new one: %u", moved,
                  compare (after, anew, &worst));
  g_assert_cmpuint (moved, >, 1000);
  g_assert_cmpuint (compare (after, anew, &worst), ==, 0);
  carom_render_cache_free (fresh);
  cairo_surface_destroy (before);
  cairo_surface_destroy (after);
  cairo_surface_destroy (anew);
  frame_clear (&f);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render-blend/same-pixels", test_same_pixels);
  g_test_add_func ("/render-blend/same-pixels-by-bounces", test_same_pixels_by_bounces);
  g_test_add_func ("/render-blend/same-pixels-transparent", test_same_pixels_transparent);
  g_test_add_func ("/render-blend/same-pixels-moved-clipped", test_same_pixels_moved_clipped);
  g_test_add_func ("/render-blend/fractional-offset", test_fractional_offset);
  g_test_add_func ("/render-blend/same-pixels-large", test_same_pixels_large);
  g_test_add_func ("/render-blend/frames-forget", test_frames_forget);
  g_test_add_func ("/render-blend/cache-update", test_cache_update);
  int status = g_test_run ();
  carom_render_shutdown ();
  return status;
}
