/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-render-halo.c: labels' halos kept as masks draw the pixels a stroke
 * draws.
 *
 * On an image drawn one user unit a pixel, a label's halo is stroked once
 * into a mask kept in the render cache and painted through it from then on;
 * anywhere else (a subsurface here, a recording surface in GTK, a scaled
 * image) it is stroked every time. Frames with labels drawn both ways are
 * compared, first with the masks being made and then with them reused, with
 * labels at fractions of a pixel, moved by whole pixels and clipped, and at
 * two pixels a unit.
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

typedef struct
{
  CmScene *scene;
  CmSceneTrace *trace;
  CaromRenderCache *cache;
  CaromView view;
  CaromStyle style;
  CaromRenderOptions options;
  double scale; ///< pixels a unit of the frame (2: a HiDPI canvas)
} Frame;

/* A room with obstacles whose ids are labelled (Latin and Chinese), a ball
 * bouncing between them with its hits numbered. */
static void
frame_init (Frame *f, gboolean dark)
{
  f->scene = cm_scene_new ();
  add_box (f->scene, "room", CG_ROLE_WALL, 0, 0, 300, 200);
  add_box (f->scene, "obstacle-17", CG_ROLE_OBSTACLE, 120.3, 40.7, 150.1, 90.2);
  add_box (f->scene, "障碍物", CG_ROLE_OBSTACLE, 200.6, 120.2, 240.9, 150.4);
  add_box (f->scene, "Wg", CG_ROLE_OBSTACLE, 40.15, 140.35, 70.6, 170.85);
  cm_scene_add_ball (f->scene, "ball", cg_v2 (60.2, 100.7), 3, cg_v2 (1, 0.3), 12);
  cm_scene_assign_ids (f->scene);
  f->trace = cm_scene_trace (f->scene, -1, FALSE);
  g_assert_nonnull (f->trace);
  f->cache = carom_render_cache_new (f->scene, f->trace, 0);
  g_assert_nonnull (f->cache);
  f->view = (CaromView){
    .scale = 2.13, .x0 = 3.37, .y0 = 5.71, .width = 660, .height = 440, .pt = 1.0
  };
  f->style = carom_style_screen (dark);
  /* No background: the halos show over the backdrop (over the background's
   * own colour they would not). */
  f->style.background.alpha = 0.0;
  carom_render_options_init (&f->options);
  f->options.overlays = CAROM_OVERLAY_PATH | CAROM_OVERLAY_OUTLINES | CAROM_OVERLAY_LABELS;
  f->scale = 1.0;
}

static void
frame_clear (Frame *f)
{
  carom_render_cache_free (f->cache);
  cm_scene_trace_free (f->trace);
  cm_scene_free (f->scene);
}

/* An image under a gradient of colour and alpha, so that a halo shows
 * wherever it is. */
static cairo_surface_t *
new_image (int w, int h)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (s);
  cairo_pattern_t *g = cairo_pattern_create_linear (0, 0, w, h);
  cairo_pattern_add_color_stop_rgba (g, 0, 0.2, 0.4, 0.6, 0.3);
  cairo_pattern_add_color_stop_rgba (g, 1, 0.9, 0.5, 0.1, 1.0);
  cairo_set_source (cr, g);
  cairo_paint (cr);
  cairo_pattern_destroy (g);
  cairo_destroy (cr);
  return s;
}

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
  cairo_scale (cr, f->scale, f->scale);
  carom_render (cr, f->cache, &f->view, &f->style, &f->options, stats);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
}

/* Through a subsurface covering the image: halos stroked. */
static void
draw_stroked (Frame *f, cairo_surface_t *surface, double dx, double dy,
              const cairo_rectangle_t *clip)
{
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  cairo_surface_t *sub = cairo_surface_create_for_rectangle (surface, 0, 0, w, h);
  draw (f, sub, dx, dy, clip, NULL);
  cairo_surface_destroy (sub);
  cairo_surface_flush (surface);
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
    for (int x = 0; x < w; x++)
      {
        gboolean differs = FALSE;
        for (int c = 0; c < 4; c++)
          {
            int d = abs (pa[(gsize)y * sa + 4 * x + c] - pb[(gsize)y * sb + 4 * x + c]);
            *worst = MAX (*worst, d);
            differs = differs || d != 0;
          }
        n += differs;
      }
  return n;
}

static void
check_same (Frame *f, const char *name, int w, int h, double dx, double dy,
            const cairo_rectangle_t *clip)
{
  /* Twice: the masks made, then reused. */
  for (int round = 0; round < 2; round++)
    {
      cairo_surface_t *masked = new_image (w, h);
      cairo_surface_t *stroked = new_image (w, h);
      CaromRenderStats stats;
      draw (f, masked, dx, dy, clip, &stats);
      draw_stroked (f, stroked, dx, dy, clip);
      g_autofree char *a = g_strdup_printf ("halo-%s-%d-masked", name, round);
      g_autofree char *b = g_strdup_printf ("halo-%s-%d-stroked", name, round);
      save (masked, a);
      save (stroked, b);
      g_assert_cmpuint (stats.labels_drawn, >=, 4);
      int worst;
      guint n = compare (masked, stroked, &worst);
      g_test_message ("%s, round %d: %u labels, %u pixels differ, by %d at most", name, round,
                      stats.labels_drawn, n, worst);
      g_assert_cmpuint (n, ==, 0);
      cairo_surface_destroy (masked);
      cairo_surface_destroy (stroked);
    }
}

static void
test_same_pixels (void)
{
  Frame f;
  frame_init (&f, FALSE);
  check_same (&f, "light", 660, 440, 0, 0, NULL);
  frame_clear (&f);
}

static void
test_same_pixels_dark (void)
{
  Frame f;
  frame_init (&f, TRUE);
  check_same (&f, "dark", 660, 440, 0, 0, NULL);
  frame_clear (&f);
}

static void
test_same_pixels_moved_clipped (void)
{
  Frame f;
  frame_init (&f, FALSE);
  cairo_rectangle_t clip = { 30, 20, 500, 330 };
  check_same (&f, "moved", 600, 400, -23, 11, &clip);
  frame_clear (&f);
}

/* Two pixels a unit, as the canvas draws on a HiDPI display. */
static void
test_same_pixels_scale2 (void)
{
  Frame f;
  frame_init (&f, FALSE);
  f.scale = 2.0;
  check_same (&f, "scale2", 1320, 880, 0, 0, NULL);
  frame_clear (&f);
}

/* Moved by fractions of a pixel between frames: each place gets its own
 * mask, and the frames match their strokes. */
static void
test_fractions (void)
{
  Frame f;
  frame_init (&f, FALSE);
  for (int k = 0; k < 4; k++)
    {
      g_autofree char *name = g_strdup_printf ("fraction%d", k);
      check_same (&f, name, 660, 440, 0.25 * k, 0.3 * k, NULL);
    }
  frame_clear (&f);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render-halo/same-pixels", test_same_pixels);
  g_test_add_func ("/render-halo/same-pixels-dark", test_same_pixels_dark);
  g_test_add_func ("/render-halo/same-pixels-moved-clipped", test_same_pixels_moved_clipped);
  g_test_add_func ("/render-halo/fractions", test_fractions);
  g_test_add_func ("/render-halo/same-pixels-scale2", test_same_pixels_scale2);
  int status = g_test_run ();
  carom_render_shutdown ();
  return status;
}
