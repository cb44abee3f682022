/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-render-beam.c: many paths drawn blended (density shows), coloured by
 * ray or by bounce count, the selected ray on top, the front of a beam, and
 * beams drawn as objects.
 *
 * With CAROM_TEST_PNG_DIR set, the figures are also written there as PNGs to
 * look at. */
#include <cairo-svg.h>
#include <cairo.h>
#include <glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/carom-render.h"

/* ---- helpers ----------------------------------------------------------- */

static void
add_box (CmScene *scene, const char *id, CgRole role, double x0, double y0, double x1, double y1)
{
  CgVec2 p[4] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 } };
  CmObject *o = cm_scene_add_polygon (scene, id, role, p, 4);
  cg_polygon_orient (o->points, o->n_points, role);
}

/* A room of 600 × 400 with a few obstacles, and n balls fanned out from one
 * point (a crowd: more than CAROM_MANY_BALLS are drawn blended). */
static CmScene *
fan_of_balls (guint n, double spread_deg, guint max_bounces)
{
  CmScene *scene = cm_scene_new ();
  add_box (scene, "room", CG_ROLE_WALL, 0, 0, 600, 400);
  add_box (scene, "a", CG_ROLE_OBSTACLE, 250, 60, 290, 120);
  add_box (scene, "b", CG_ROLE_OBSTACLE, 420, 250, 480, 290);
  add_box (scene, "c", CG_ROLE_OBSTACLE, 150, 280, 190, 330);
  for (guint k = 0; k < n; k++)
    {
      double a = (-spread_deg / 2 + (n > 1 ? k * spread_deg / (n - 1) : 0)) * G_PI / 180.0;
      g_autofree char *id = g_strdup_printf ("b%u", k);
      cm_scene_add_ball (scene, id, cg_v2 (60, 200), 4, cg_v2 (cos (a), sin (a)), max_bounces);
    }
  return scene;
}

typedef struct
{
  CmScene *scene;
  CmSceneTrace *trace;
  CaromRenderCache *cache;
} Drawing;

static Drawing
drawing_new (CmScene *scene, int selected)
{
  Drawing d = { .scene = scene };
  d.trace = cm_scene_trace (scene, -1, FALSE);
  g_assert_nonnull (d.trace);
  d.cache = carom_render_cache_new (scene, d.trace, selected);
  g_assert_nonnull (d.cache);
  return d;
}

static void
drawing_clear (Drawing *d)
{
  carom_render_cache_free (d->cache);
  cm_scene_trace_free (d->trace);
  cm_scene_free (d->scene);
}

/* One scene unit a pixel, the room filling a 600 × 400 image. */
static CaromView
room_view (void)
{
  return (CaromView){ .scale = 1.0, .x0 = 0.0, .y0 = 0.0, .width = 600, .height = 400, .pt = 1.0 };
}

static CaromRenderOptions
path_options (CaromPathColouring by)
{
  CaromRenderOptions o;
  carom_render_options_init (&o);
  o.overlays = CAROM_OVERLAY_PATH;
  o.paths_by = by;
  return o;
}

static cairo_surface_t *
render_image (const Drawing *d, const CaromView *view, const CaromStyle *style,
              const CaromRenderOptions *options, CaromRenderStats *stats, const char *name)
{
  cairo_surface_t *surface
      = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)view->width, (int)view->height);
  cairo_t *cr = cairo_create (surface);
  carom_render (cr, d->cache, view, style, options, stats);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  const char *dir = g_getenv ("CAROM_TEST_PNG_DIR");
  if (dir != NULL && name != NULL)
    {
      g_autofree char *path = g_strdup_printf ("%s/%s.png", dir, name);
      cairo_surface_write_to_png (surface, path);
    }
  return surface;
}

static void
pixel (cairo_surface_t *s, int x, int y, int rgb[3])
{
  const guint8 *row = cairo_image_surface_get_data (s) + y * cairo_image_surface_get_stride (s);
  guint32 p = ((const guint32 *)row)[x];
  rgb[0] = (p >> 16) & 0xff;
  rgb[1] = (p >> 8) & 0xff;
  rgb[2] = p & 0xff;
}

static int
luminance (cairo_surface_t *s, int x, int y)
{
  int rgb[3];
  pixel (s, x, y, rgb);
  return (299 * rgb[0] + 587 * rgb[1] + 114 * rgb[2]) / 1000;
}

/* The darkest pixel within radius px of (x, y). */
static int
darkest_near (cairo_surface_t *s, int x, int y, int radius)
{
  int best = 255;
  for (int j = -radius; j <= radius; j++)
    for (int i = -radius; i <= radius; i++)
      best = MIN (best, luminance (s, x + i, y + j));
  return best;
}

/* ---- density ----------------------------------------------------------- */

/* Horizontal balls in a room with nothing in it: k balls on one line y = 100
 * and one ball on y = 300; a pixel crossed by more paths is darker. */
static CmScene *
lines_scene (guint on_first_line)
{
  CmScene *scene = cm_scene_new ();
  add_box (scene, "room", CG_ROLE_WALL, 0, 0, 600, 400);
  for (guint k = 0; k < on_first_line; k++)
    {
      g_autofree char *id = g_strdup_printf ("m%u", k);
      cm_scene_add_ball (scene, id, cg_v2 (50, 100.5), 2, cg_v2 (1, 0), 1);
    }
  cm_scene_add_ball (scene, "one", cg_v2 (50, 300.5), 2, cg_v2 (1, 0), 1);
  /* Enough others, far away, to make a crowd. */
  for (guint k = 0; k < CAROM_MANY_BALLS; k++)
    {
      g_autofree char *id = g_strdup_printf ("far%u", k);
      cm_scene_add_ball (scene, id, cg_v2 (580, 20 + k), 2, cg_v2 (0, 1), 0);
    }
  return scene;
}

static void
test_density (void)
{
  /* The first ball is selected and drawn on top: select a far one instead. */
  Drawing d = drawing_new (lines_scene (10), 11);
  CaromView view = room_view ();
  CaromStyle style = carom_style_screen (FALSE);
  CaromRenderOptions o = path_options (CAROM_PATHS_SINGLE);
  CaromRenderStats stats;
  cairo_surface_t *img = render_image (&d, &view, &style, &o, &stats, "density-lines");
  g_assert_cmpuint (stats.rays_drawn, ==, 10 + 1 + CAROM_MANY_BALLS);
  int ten = darkest_near (img, 300, 100, 2), one = darkest_near (img, 300, 300, 2);
  int floor_ = luminance (img, 300, 200);
  g_test_message ("10 paths: %d, 1 path: %d, floor: %d", ten, one, floor_);
  g_assert_cmpint (one, <, floor_ - 10); /* one path shows */
  g_assert_cmpint (ten, <, one - 40);    /* ten show much darker */
  cairo_surface_destroy (img);
  drawing_clear (&d);
}

/* On a vector surface (an SVG here) every path is its own translucent
 * stroke, so density shows there too: 27 paths, 27 strokes with an opacity. */
static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_string_append_len (closure, (const char *)data, length);
  return CAIRO_STATUS_SUCCESS;
}

static void
test_density_vector (void)
{
  Drawing d = drawing_new (lines_scene (10), 11);
  CaromView view = room_view ();
  CaromStyle style = carom_style_screen (FALSE);
  CaromRenderOptions o = path_options (CAROM_PATHS_SINGLE);
  g_autoptr (GString) svg = g_string_new (NULL);
  cairo_surface_t *surface = cairo_svg_surface_create_for_stream (append_bytes, svg, 600, 400);
  cairo_t *cr = cairo_create (surface);
  CaromRenderStats stats;
  carom_render (cr, d.cache, &view, &style, &o, &stats);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
  g_assert_cmpuint (stats.rays_drawn, ==, 10 + 1 + CAROM_MANY_BALLS);
  /* The 11 paths that move (the others make no hit) each a translucent stroke. */
  guint strokes = 0;
  for (const char *at = svg->str; (at = strstr (at, "stroke-opacity:0.")) != NULL; at++)
    strokes++;
  g_assert_cmpuint (strokes, >=, 11);
  drawing_clear (&d);
}

/* ---- colouring --------------------------------------------------------- */

/* The middles of a ball's first two segments (before and after its first
 * bounce): coloured by bounces they differ; by ray they are one hue. */
static void
test_colour_by_bounces (void)
{
  CmScene *scene = cm_scene_new ();
  add_box (scene, "room", CG_ROLE_WALL, 0, 0, 600, 400);
  cm_scene_add_ball (scene, "go", cg_v2 (20, 50), 2, cg_v2 (1, 0.3), 2);
  for (guint k = 0; k < CAROM_MANY_BALLS; k++)
    {
      g_autofree char *id = g_strdup_printf ("far%u", k);
      cm_scene_add_ball (scene, id, cg_v2 (580, 300 + k), 2, cg_v2 (0, 1), 0);
    }
  Drawing d = drawing_new (scene, 5);
  const CgTrace *t = &g_array_index (d.trace->balls, CaromBallTrace, 0).trace;
  g_assert_cmpuint (t->n_hits, ==, 2);
  CgVec2 m1 = cg_lerp (t->start, t->hits[0].point, 0.5);
  CgVec2 m2 = cg_lerp (t->hits[0].point, t->hits[1].point, 0.5);
  CaromView view = room_view ();
  CaromStyle style = carom_style_screen (FALSE);
  for (int by = 0; by < 2; by++)
    {
      CaromRenderOptions o = path_options (by ? CAROM_PATHS_BY_BOUNCES : CAROM_PATHS_BY_RAY);
      cairo_surface_t *img
          = render_image (&d, &view, &style, &o, NULL, by ? "colour-bounces" : "colour-ray");
      /* The darkest pixel near each middle: the line's own colour. */
      int c[2][3];
      CgVec2 m[2] = { m1, m2 };
      for (int j = 0; j < 2; j++)
        {
          int best = 256;
          for (int dy = -2; dy <= 2; dy++)
            {
              int x = (int)m[j].x, y = (int)m[j].y + dy;
              if (luminance (img, x, y) < best)
                {
                  best = luminance (img, x, y);
                  pixel (img, x, y, c[j]);
                }
            }
        }
      g_test_message ("by %s: %d %d %d, then %d %d %d", by ? "bounces" : "ray", c[0][0], c[0][1],
                      c[0][2], c[1][0], c[1][1], c[1][2]);
      /* Over white, a colour at opacity a is 255 − a (255 − c): the ratios of
       * the 255 − c terms are its hue whatever the opacity. */
      double h0 = (255.0 - c[0][0]) / MAX (255 - c[0][1], 1);
      double h1 = (255.0 - c[1][0]) / MAX (255 - c[1][1], 1);
      if (by)
        g_assert_cmpfloat (fabs (h0 - h1), >, 0.5);
      else
        g_assert_cmpfloat (fabs (h0 - h1), <, 0.2);
      cairo_surface_destroy (img);
    }
  drawing_clear (&d);
}

/* By ray, the first and the last of a crowd get the two ends of the ramp. */
static void
test_colour_by_ray (void)
{
  CaromColor lo = carom_render_ramp (0.0), hi = carom_render_ramp (1.0);
  g_assert_cmpfloat (fabs (lo.blue - hi.blue) + fabs (lo.red - hi.red), >, 0.5);

  Drawing d = drawing_new (fan_of_balls (40, 120, 29), 20);
  CaromView view = room_view ();
  CaromStyle style = carom_style_screen (FALSE);
  CaromRenderOptions o = path_options (CAROM_PATHS_BY_RAY);
  o.overlays |= CAROM_OVERLAY_OUTLINES;
  cairo_surface_t *img = render_image (&d, &view, &style, &o, NULL, "fan-ray-light");
  cairo_surface_destroy (img);
  o.paths_by = CAROM_PATHS_BY_BOUNCES;
  img = render_image (&d, &view, &style, &o, NULL, "fan-bounces-light");
  cairo_surface_destroy (img);
  CaromStyle dark = carom_style_screen (TRUE);
  o.paths_by = CAROM_PATHS_BY_RAY;
  img = render_image (&d, &view, &dark, &o, NULL, "fan-ray-dark");
  cairo_surface_destroy (img);
  drawing_clear (&d);
}

/* --mono: the ramp becomes greys, whatever the colouring. */
static void
test_mono_greys (void)
{
  Drawing d = drawing_new (fan_of_balls (40, 120, 29), 20);
  CaromView view = room_view ();
  CaromStyle style = carom_style_screen (FALSE);
  carom_style_make_mono (&style);
  for (int by = 0; by < 2; by++)
    {
      CaromRenderOptions o = path_options (by ? CAROM_PATHS_BY_BOUNCES : CAROM_PATHS_BY_RAY);
      o.overlays = CAROM_OVERLAY_PATH;
      cairo_surface_t *img = render_image (&d, &view, &style, &o, NULL, by ? NULL : "mono");
      guint inked = 0;
      for (int y = 0; y < 400; y += 3)
        for (int x = 0; x < 600; x += 3)
          {
            int rgb[3];
            pixel (img, x, y, rgb);
            if (rgb[0] < 250)
              inked++;
            g_assert_cmpint (abs (rgb[0] - rgb[1]) + abs (rgb[1] - rgb[2]), <=, 3);
          }
      g_assert_cmpuint (inked, >, 100);
      cairo_surface_destroy (img);
    }
  drawing_clear (&d);
}

/* ---- the selected ray -------------------------------------------------- */

/* Where the selected ray crosses many others, its own colour is on top. */
static void
test_selected_on_top (void)
{
  Drawing d = drawing_new (lines_scene (30), 0);
  CaromView view = room_view ();
  CaromStyle style = carom_style_screen (FALSE);
  CaromRenderOptions o = path_options (CAROM_PATHS_BY_RAY);
  cairo_surface_t *img = render_image (&d, &view, &style, &o, NULL, "selected-on-top");
  /* Ball 0 (selected) runs along y = 100.5 with 29 others: the middle of the
   * line is the accent colour, not the blend's. */
  int rgb[3];
  pixel (img, 200, 100, rgb);
  int want[3] = { (int)lround (255 * style.path.red), (int)lround (255 * style.path.green),
                  (int)lround (255 * style.path.blue) };
  for (int k = 0; k < 3; k++)
    g_assert_cmpint (abs (rgb[k] - want[k]), <=, 40);
  cairo_surface_destroy (img);
  drawing_clear (&d);
}

/* ---- the front --------------------------------------------------------- */

static void
test_front (void)
{
  /* 20 balls in a line, all going right from x = 50: at s = 200 every one is
   * at x = 250; the paths stop there. */
  CmScene *scene = cm_scene_new ();
  add_box (scene, "room", CG_ROLE_WALL, 0, 0, 600, 400);
  for (guint k = 0; k < 20; k++)
    {
      g_autofree char *id = g_strdup_printf ("r%u", k);
      cm_scene_add_ball (scene, id, cg_v2 (50, 20.5 + 18 * k), 5, cg_v2 (1, 0), 29);
    }
  Drawing d = drawing_new (scene, 3);
  CaromView view = room_view ();
  CaromStyle style = carom_style_screen (FALSE);
  CaromRenderOptions o = path_options (CAROM_PATHS_SINGLE);
  o.front = 200.0;
  cairo_surface_t *img = render_image (&d, &view, &style, &o, NULL, "front");
  int floor_ = luminance (img, 400, 10);
  for (guint k = 0; k < 20; k++)
    {
      int y = (int)(20.5 + 18 * k);
      /* The ball at the front: its outline at x = 250 ± 5. */
      g_assert_cmpint (darkest_near (img, 245, y, 1), <, floor_ - 30);
      /* The path before it, nothing after it. */
      g_assert_cmpint (darkest_near (img, 150, y, 1), <, floor_ - 10);
      g_assert_cmpint (darkest_near (img, 350, y, 1), >=, floor_ - 2);
    }
  cairo_surface_destroy (img);

  /* A front past the first bounce: back from the right wall (x = 600 − 5). */
  CgVec2 at;
  size_t seg;
  const CaromBallTrace *bt = carom_render_cache_get_ball (d.cache);
  g_assert_true (carom_render_trace_point_at (bt, 545 + 100, &at, &seg));
  g_assert_cmpfloat (fabs (at.x - 495), <, 1e-9);
  g_assert_cmpuint (seg, ==, 2);
  drawing_clear (&d);
}

/* While a beam's ray is followed (its front stepped), the other balls stay
 * drawn where they start, as they do while a ball is followed. */
static void
test_front_keeps_other_balls (void)
{
  CaromView view = room_view ();
  CaromStyle style = carom_style_screen (FALSE);
  for (int followed = 0; followed < 3; followed++)
    {
      /* 0: a ball; 1: the fan's first ray; 2: its last. The other ball,
       * at (100, 300), is the one looked at. */
      int selected = followed == 0 ? 0 : followed == 1 ? 2 : 65;
      CmScene *scene = cm_scene_new ();
      add_box (scene, "room", CG_ROLE_WALL, 0, 0, 600, 400);
      cm_scene_add_ball (scene, "followed", cg_v2 (300, 250), 10, cg_v2 (1, 0), 29);
      cm_scene_add_ball (scene, "other", cg_v2 (100, 300), 20, cg_v2 (1, 0), 29);
      g_ptr_array_add (scene->objects, cm_object_new_fan_beam ("fan", cg_v2 (400, 100), 6,
                                                               cg_v2 (-1, 0), 40, 64, 29));
      Drawing d = drawing_new (scene, selected);
      const CaromBallTrace *bt = carom_render_cache_get_ball (d.cache);
      g_assert_true ((bt->source->kind == CM_OBJECT_BEAM) == (followed != 0));
      for (int at_step = 0; at_step < 2; at_step++)
        {
          CaromRenderOptions o;
          carom_render_options_init (&o);
          o.overlays = 0; /* no paths over the ball */
          o.step = at_step;
          /* the canvas: a beam's ray is followed by its front */
          if (followed != 0)
            o.front = at_step == 0 ? 0.0 : 50.0;
          g_autofree char *name = g_strdup_printf ("front-other-balls-%d-%d", followed, at_step);
          cairo_surface_t *img = render_image (&d, &view, &style, &o, NULL, name);
          int floor_ = luminance (img, 300, 380);
          /* the ball's outline on its left and right, and its fill */
          g_test_message ("followed %d, step %d", followed, at_step);
          g_assert_cmpint (darkest_near (img, 80, 300, 1), <, floor_ - 60);
          g_assert_cmpint (darkest_near (img, 100, 320, 1), <, floor_ - 60);
          g_assert_cmpint (luminance (img, 92, 308), <, floor_ - 10);
          cairo_surface_destroy (img);
        }
      drawing_clear (&d);
    }
}

/* ---- beams as objects -------------------------------------------------- */

static void
test_beam_objects (void)
{
  CmScene *scene = cm_scene_new ();
  add_box (scene, "room", CG_ROLE_WALL, 0, 0, 600, 400);
  CmObject *fan = cm_object_new_fan_beam ("fan", cg_v2 (100, 200), 6, cg_v2 (1, 0), 60, 11, 29);
  g_ptr_array_add (scene->objects, fan);
  CmObject *par = cm_object_new_parallel_beam ("par", cg_v2 (400, 100), cg_v2 (400, 300), 6,
                                               cg_v2 (-1, 0), 5, 29);
  g_ptr_array_add (scene->objects, par);
  Drawing d = drawing_new (scene, -1);
  CaromView view = room_view ();
  CaromStyle style = carom_style_screen (FALSE);
  CaromRenderOptions o;
  carom_render_options_init (&o);
  o.overlays = CAROM_OVERLAY_PATH | CAROM_OVERLAY_LEGEND;
  CaromRenderStats stats;
  cairo_surface_t *img = render_image (&d, &view, &style, &o, &stats, "beams");
  g_assert_cmpuint (stats.beams_drawn, ==, 2);
  int floor_ = luminance (img, 300, 30);
  /* The fan's origin ball, and its edge rays' arrows 30° either side. */
  g_assert_cmpint (darkest_near (img, 100 + 6, 200, 1), <, floor_ - 40);
  double a = 30 * G_PI / 180;
  g_assert_cmpint (darkest_near (img, (int)(100 + 20 * cos (a)), (int)(200 - 20 * sin (a)), 2), <,
                   floor_ - 40);
  g_assert_cmpint (darkest_near (img, (int)(100 + 20 * cos (a)), (int)(200 + 20 * sin (a)), 2), <,
                   floor_ - 40);
  /* The parallel beam's segment P1–P2. */
  g_assert_cmpint (darkest_near (img, 400, 150, 1), <, floor_ - 40);
  g_assert_cmpint (darkest_near (img, 400, 250, 1), <, floor_ - 40);
  cairo_surface_destroy (img);
  drawing_clear (&d);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render-beam/density", test_density);
  g_test_add_func ("/render-beam/density-vector", test_density_vector);
  g_test_add_func ("/render-beam/colour-by-bounces", test_colour_by_bounces);
  g_test_add_func ("/render-beam/colour-by-ray", test_colour_by_ray);
  g_test_add_func ("/render-beam/mono-greys", test_mono_greys);
  g_test_add_func ("/render-beam/selected-on-top", test_selected_on_top);
  g_test_add_func ("/render-beam/front", test_front);
  g_test_add_func ("/render-beam/front-keeps-other-balls", test_front_keeps_other_balls);
  g_test_add_func ("/render-beam/beam-objects", test_beam_objects);
  int status = g_test_run ();
  carom_render_shutdown ();
  return status;
}
