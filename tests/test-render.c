/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-render.c: the renderer: view maths, overlay lists, styles, and what
 * lands on the pixels of small scenes. */
#include <cairo.h>
#include <glib.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <stdlib.h>
#include <string.h>

#include "render/carom-export.h"
#include "render/carom-render.h"
#include "test-util.h"

/* ---- helpers ----------------------------------------------------------- */

static CmObject *
add_polygon (CmScene *scene, const char *id, CgRole role, const CgVec2 *points, size_t n)
{
  CmObject *o = cm_scene_add_polygon (scene, id, role, points, n);
  cg_polygon_orient (o->points, o->n_points, role);
  return o;
}

static void
add_square (CmScene *scene, const char *id, CgRole role, double x0, double y0, double x1, double y1)
{
  CgVec2 p[4] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 } };
  add_polygon (scene, id, role, p, 4);
}

/* The seed tutorial's scene (geometry.md, "Worked example"). */
static CmScene *
seed_scene (void)
{
  CmScene *scene = cm_scene_new ();
  add_square (scene, "room", CG_ROLE_WALL, -300, -300, 300, 300);
  add_square (scene, "post", CG_ROLE_OBSTACLE, -20, -100, 20, 50);
  cm_scene_add_ball (scene, "ball", cg_v2 (-200, 0), 40, cg_v2 (1, 1), 29);
  return scene;
}

/// A scene, its trace and its render cache, freed together.
typedef struct
{
  CmScene *scene;
  CmSceneTrace *trace;
  CaromRenderCache *cache;
} Drawing;

static Drawing
drawing_new (CmScene *scene)
{
  Drawing d = { .scene = scene };
  d.trace = cm_scene_trace (scene, -1, FALSE);
  g_assert_nonnull (d.trace);
  d.cache = carom_render_cache_new (scene, d.trace, -1);
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

/* Renders onto a new white w × h image. */
static cairo_surface_t *
render_image (const Drawing *d, const CaromView *view, const CaromStyle *style,
              const CaromRenderOptions *options, CaromRenderStats *stats)
{
  cairo_surface_t *surface
      = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)view->width, (int)view->height);
  cairo_t *cr = cairo_create (surface);
  carom_render (cr, d->cache, view, style, options, stats);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static void
assert_color_near (cairo_surface_t *s, int x, int y, CaromColor c, int tolerance)
{
  int rgb[3];
  test_pixel (s, x, y, rgb);
  const double want[3] = { c.red, c.green, c.blue };
  for (int k = 0; k < 3; k++)
    g_assert_cmpint (abs (rgb[k] - (int)lround (255 * want[k])), <=, tolerance);
}

static CaromRenderOptions
options_with (CaromOverlays overlays)
{
  CaromRenderOptions o;
  carom_render_options_init (&o);
  o.overlays = overlays;
  return o;
}

/* ---- view -------------------------------------------------------------- */

/* 1: fitting a 200 × 100 box into 400 × 400 doubles it and centres it. */
static void
test_view_fit (void)
{
  CgAabb box = { { 0, 0 }, { 200, 100 } };
  CaromView v = carom_view_fit (box, 400, 400, 0, 1.0);
  g_assert_cmpfloat (v.scale, ==, 2.0);
  CgVec2 lo = carom_view_to_device (&v, box.lo), hi = carom_view_to_device (&v, box.hi);
  g_assert_cmpfloat (lo.x, ==, 0);
  g_assert_cmpfloat (lo.y, ==, 100);
  g_assert_cmpfloat (hi.x, ==, 400);
  g_assert_cmpfloat (hi.y, ==, 300);
  CgVec2 p = carom_view_to_scene (&v, carom_view_to_device (&v, cg_v2 (17.25, -3.5)));
  g_assert_cmpfloat_with_epsilon (p.x, 17.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (p.y, -3.5, 1e-12);
  CgAabb visible = carom_view_visible_box (&v);
  g_assert_cmpfloat (visible.lo.x, ==, 0);
  g_assert_cmpfloat (visible.lo.y, ==, -50);
  g_assert_cmpfloat (visible.hi.y, ==, 150);

  /* A margin of 20 device units on each side. */
  v = carom_view_fit (box, 440, 400, 20, 2.0);
  g_assert_cmpfloat (v.scale, ==, 2.0);
  g_assert_cmpfloat (carom_view_to_device (&v, box.lo).x, ==, 20);
  g_assert_cmpfloat (v.pt, ==, 2.0);

  /* A single point still gets a usable view. */
  v = carom_view_fit ((CgAabb){ { 5, 5 }, { 5, 5 } }, 100, 100, 0, 1.0);
  g_assert_true (isfinite (v.scale) && v.scale > 0);
  g_assert_cmpfloat (carom_view_to_device (&v, cg_v2 (5, 5)).x, ==, 50);
}

/* 2: zooming keeps the scene point under the cursor; panning moves everything. */
static void
test_view_zoom_pan (void)
{
  CaromView v = carom_view_fit ((CgAabb){ { 0, 0 }, { 100, 100 } }, 200, 200, 0, 1.0);
  CgVec2 cursor = { 57, 133 };
  CgVec2 under = carom_view_to_scene (&v, cursor);
  carom_view_zoom_at (&v, cursor, 3.5);
  g_assert_cmpfloat (v.scale, ==, 7.0);
  CgVec2 after = carom_view_to_device (&v, under);
  g_assert_cmpfloat_with_epsilon (after.x, cursor.x, 1e-9);
  g_assert_cmpfloat_with_epsilon (after.y, cursor.y, 1e-9);
  carom_view_pan (&v, 10, -4);
  after = carom_view_to_device (&v, under);
  g_assert_cmpfloat_with_epsilon (after.x, cursor.x + 10, 1e-9);
  g_assert_cmpfloat_with_epsilon (after.y, cursor.y - 4, 1e-9);
}

/* ---- overlays and styles ----------------------------------------------- */

/* 3: the --show list: names, spaces, all, none, and unknown names reported. */
static void
test_overlays_parse (void)
{
  CaromOverlays o = 0;
  g_autoptr (GError) error = NULL;
  g_assert_true (carom_overlays_parse ("path,outlines", &o, &error));
  g_assert_no_error (error);
  g_assert_cmpint (o, ==, CAROM_OVERLAY_PATH | CAROM_OVERLAY_OUTLINES);
  g_assert_true (carom_overlays_parse (" labels , legend,grid ", &o, &error));
  g_assert_cmpint (o, ==, CAROM_OVERLAY_LABELS | CAROM_OVERLAY_LEGEND | CAROM_OVERLAY_GRID);
  g_assert_true (carom_overlays_parse ("all", &o, &error));
  g_assert_cmpint (o, ==, CAROM_OVERLAY_ALL);
  g_assert_true (carom_overlays_parse ("none", &o, &error));
  g_assert_cmpint (o, ==, 0);
  g_assert_true (carom_overlays_parse ("", &o, &error));
  g_assert_cmpint (o, ==, 0);

  g_autofree char *names = carom_overlays_to_string (CAROM_OVERLAY_ALL);
  g_assert_cmpstr (names, ==,
                   "path,outlines,normals,aabb,bvh,labels,legend,grid,candidates,ghosts");
  g_assert_true (carom_overlays_parse (names, &o, &error));
  g_assert_cmpint (o, ==, CAROM_OVERLAY_ALL);

  o = CAROM_OVERLAY_PATH;
  g_assert_false (carom_overlays_parse ("path,bogus,aabb,fog", &o, &error));
  g_assert_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_OVERLAY);
  g_assert_nonnull (strstr (error->message, "bogus"));
  g_assert_nonnull (strstr (error->message, "fog"));
  g_assert_null (strstr (error->message, "“aabb”"));
  g_assert_cmpint (o, ==, CAROM_OVERLAY_PATH); /* untouched on error */
}

static gboolean
is_grey (CaromColor c)
{
  return fabs (c.red - c.green) < 1e-9 && fabs (c.green - c.blue) < 1e-9;
}

/* 4: the styles: light is light, dark is dark, the article style is black
 * and grey with one accent, its lines thin, its marks sized in points. */
static void
test_styles (void)
{
  CaromStyle light = carom_style_screen (FALSE), dark = carom_style_screen (TRUE);
  g_assert_cmpfloat (light.background.red + light.background.green, >, 1.6);
  g_assert_cmpfloat (dark.background.red + dark.background.green, <, 0.4);
  /* Walls contrast with the background in both. */
  g_assert_cmpfloat (fabs (light.wall.red - light.background.red), >, 0.6);
  g_assert_cmpfloat (fabs (dark.wall.red - dark.background.red), >, 0.6);

  CaromStyle a = carom_style_article ();
  g_assert_cmpstr (a.font_family, ==, "Sans");
  const CaromColor greys[] = { a.background, a.grid, a.wall, a.obstacle_fill, a.obstacle_stroke,
                               a.outline,    a.aabb, a.text, a.halo };
  for (gsize i = 0; i < G_N_ELEMENTS (greys); i++)
    g_assert_true (is_grey (greys[i]));
  for (int i = 0; i < CAROM_STYLE_BVH_COLORS; i++)
    g_assert_true (is_grey (a.bvh[i]));
  /* The step's colours (Okabe–Ito): d, d′, n, the path and the piece hit
   * all in colour and all different, in every style; --mono makes them grey,
   * d and d′ told apart by their dashes. */
  const CaromStyle styles[3] = { a, light, dark };
  for (int k = 0; k < 3; k++)
    {
      const CaromStyle *s = &styles[k];
      const CaromColor step[] = { s->incoming, s->outgoing, s->normal, s->path, s->hit_primitive };
      for (gsize i = 0; i < G_N_ELEMENTS (step); i++)
        {
          g_assert_false (is_grey (step[i]));
          for (gsize j = 0; j < i; j++)
            g_assert_cmpfloat (fabs (step[i].red - step[j].red)
                                   + fabs (step[i].green - step[j].green)
                                   + fabs (step[i].blue - step[j].blue),
                               >, 0.3);
        }
      CaromStyle m = *s;
      carom_style_make_mono (&m);
      const CaromColor mono[] = { m.incoming,  m.outgoing, m.normal,     m.path,   m.hit_primitive,
                                  m.ball_fill, m.rejected, m.background, m.outline };
      for (gsize i = 0; i < G_N_ELEMENTS (mono); i++)
        g_assert_true (is_grey (mono[i]));
      g_assert_cmpfloat (m.incoming_dash[0], >, 0.0);
      g_assert_cmpfloat (m.outgoing_dash[0], >, 0.0);
      g_assert_cmpfloat (fabs (m.incoming_dash[0] - m.outgoing_dash[0]), >, 1.0);
    }
  /* Edge normals: at least 12 px on screen (96 px an inch), 3 mm in print. */
  g_assert_cmpfloat (light.tick_length * 96.0 / 72.0, >=, 12.0);
  g_assert_cmpfloat (a.tick_length * 25.4 / 72.0, >=, 3.0 - 1e-9);
  /* The accent is the path's, and the ball's. */
  g_assert_false (is_grey (a.path));
  g_assert_cmpfloat (a.ball_stroke.red, ==, a.path.red);
  const double widths[] = { a.wall_width,   a.obstacle_width, a.outline_width, a.aabb_width,
                            a.normal_width, a.path_width,     a.ball_width };
  for (gsize i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      g_assert_cmpfloat (widths[i], >=, 0.3);
      g_assert_cmpfloat (widths[i], <=, 1.0);
    }

  CaromStyle s;
  g_assert_true (carom_style_from_name ("article", &s));
  g_assert_cmpstr (s.name, ==, "article");
  g_assert_true (carom_style_from_name ("screen-dark", &s));
  g_assert_cmpstr (s.name, ==, "screen-dark");
  g_assert_false (carom_style_from_name ("sepia", &s));
}

/* ---- pixels ------------------------------------------------------------ */

/* 5: a wall is stroked where it is, and nowhere else; an obstacle is filled
 * with the style's fill. */
static void
test_pixels_wall_and_obstacle (void)
{
  CmScene *scene = cm_scene_new ();
  add_square (scene, "room", CG_ROLE_WALL, 10, 10, 90, 90);
  add_square (scene, "block", CG_ROLE_OBSTACLE, 40, 40, 60, 60);
  Drawing d = drawing_new (scene);
  /* 3 px a point: the 0.9 pt wall covers whole pixels either side of x = 20. */
  CaromView v = carom_view_fit ((CgAabb){ { 0, 0 }, { 100, 100 } }, 200, 200, 0, 3.0);
  CaromStyle style = carom_style_article ();
  CaromRenderOptions o = options_with (0);
  cairo_surface_t *img = render_image (&d, &v, &style, &o, NULL);

  int rgb[3];
  test_pixel (img, 20, 100, rgb); /* on the left wall: x = 10 → device 20 */
  g_assert_cmpint (test_rgb_luminance (rgb), <, 128);
  test_pixel (img, 14, 100, rgb); /* outside */
  g_assert_cmpint (test_rgb_luminance (rgb), ==, 255);
  test_pixel (img, 60, 60, rgb); /* inside the room, away from everything */
  g_assert_cmpint (test_rgb_luminance (rgb), ==, 255);
  assert_color_near (img, 100, 100, style.obstacle_fill, 1); /* the block's middle */

  /* The dark screen style paints its background and its own fill. */
  CaromStyle dark = carom_style_screen (TRUE);
  cairo_surface_t *img2 = render_image (&d, &v, &dark, &o, NULL);
  assert_color_near (img2, 60, 60, dark.background, 1);
  assert_color_near (img2, 100, 100, dark.obstacle_fill, 1);
  test_pixel (img2, 20, 100, rgb);
  g_assert_cmpint (test_rgb_luminance (rgb), >, 128);
  cairo_surface_destroy (img);
  cairo_surface_destroy (img2);
  drawing_clear (&d);
}

/* 6: line widths are in points: doubling pt doubles the wall's stroke in
 * pixels, whatever the zoom. */
static void
test_pixels_widths_in_points (void)
{
  CmScene *scene = cm_scene_new ();
  add_square (scene, "room", CG_ROLE_WALL, 10, 10, 90, 90);
  Drawing d = drawing_new (scene);
  CaromStyle style = carom_style_article ();
  style.wall_width = 2.0;
  CaromRenderOptions o = options_with (0);
  int dark_runs[2];
  for (int k = 0; k < 2; k++)
    {
      CaromView v = carom_view_fit ((CgAabb){ { 0, 0 }, { 100, 100 } }, 400, 400, 0, 2.0 * (k + 1));
      cairo_surface_t *img = render_image (&d, &v, &style, &o, NULL);
      int count = 0, rgb[3];
      for (int x = 20; x < 60; x++)
        {
          test_pixel (img, x, 200, rgb);
          count += test_rgb_luminance (rgb) < 128;
        }
      dark_runs[k] = count;
      cairo_surface_destroy (img);
    }
  g_assert_cmpint (dark_runs[0], ==, 4); /* 2 pt × 2 px/pt */
  g_assert_cmpint (dark_runs[1], ==, 8);
  drawing_clear (&d);
}

/* 7: culling: a view on a small area draws only what meets it, found through
 * the hierarchy; the full view draws everything. */
static void
test_culling (void)
{
  CmScene *scene = cm_scene_new ();
  add_square (scene, "room", CG_ROLE_WALL, 0, 0, 1000, 1000);
  for (int i = 0; i < 50; i++)
    for (int j = 0; j < 50; j++)
      {
        g_autofree char *id = g_strdup_printf ("o-%d-%d", i, j);
        double x = 10 + 20 * i, y = 10 + 20 * j;
        add_square (scene, id, CG_ROLE_OBSTACLE, x, y, x + 4, y + 4);
      }
  cm_scene_add_ball (scene, "ball", cg_v2 (5, 5), 1.0, cg_v2 (1, 0.37), 50);
  Drawing d = drawing_new (scene);
  CaromStyle style = carom_style_article ();
  CaromRenderOptions o = options_with (CAROM_OVERLAY_ALL);
  CaromRenderStats stats;

  CaromView full = carom_view_fit ((CgAabb){ { 0, 0 }, { 1000, 1000 } }, 500, 500, 0, 1.0);
  cairo_surface_t *img = render_image (&d, &full, &style, &o, &stats);
  g_assert_cmpuint (stats.polygons_visible, ==, 2501);
  cairo_surface_destroy (img);

  /* Zoomed on [300, 350]²: obstacles at x, y in {310, 330} and the ones
   * whose outline (r = 1) or a mark's margin reaches in; never more than the
   * 4 × 4 around. */
  CaromView zoom = carom_view_fit ((CgAabb){ { 300, 300 }, { 350, 350 } }, 500, 500, 0, 1.0);
  img = render_image (&d, &zoom, &style, &o, &stats);
  g_assert_cmpuint (stats.polygons_visible, >=, 4);
  g_assert_cmpuint (stats.polygons_visible, <=, 16);
  g_assert_cmpuint (stats.polygons_simplified, ==, 0);
  g_assert_cmpuint (stats.outlines_drawn, ==, stats.polygons_visible - 0);
  cairo_surface_destroy (img);

  /* Far outside the scene: nothing. */
  CaromView away = carom_view_fit ((CgAabb){ { 5000, 5000 }, { 5050, 5050 } }, 500, 500, 0, 1.0);
  img = render_image (&d, &away, &style, &o, &stats);
  g_assert_cmpuint (stats.polygons_visible, ==, 0);
  g_assert_cmpuint (stats.bvh_boxes_drawn, ==, 0);
  cairo_surface_destroy (img);
  drawing_clear (&d);
}

/* The device box of the pixels within 6 levels of colour c (opaque over white). */
static gboolean
find_color_box (cairo_surface_t *img, CaromColor c, CgAabb *box)
{
  int w = cairo_image_surface_get_width (img), h = cairo_image_surface_get_height (img);
  double r = 255 * (1 - c.alpha + c.alpha * c.red), g = 255 * (1 - c.alpha + c.alpha * c.green),
         b = 255 * (1 - c.alpha + c.alpha * c.blue);
  *box = cg_aabb_empty ();
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        int rgb[3];
        test_pixel (img, x, y, rgb);
        if (fabs (rgb[0] - r) <= 6 && fabs (rgb[1] - g) <= 6 && fabs (rgb[2] - b) <= 6)
          {
            *box = cg_aabb_add_point (*box, cg_v2 (x, y));
            *box = cg_aabb_add_point (*box, cg_v2 (x + 1, y + 1));
          }
      }
  return !cg_aabb_is_empty (*box);
}

/* 8: --step N puts the ball's disk centred on hit N's point (touching the
 * outline), and step 0 at the start. */
static void
test_step_ball_at_hit (void)
{
  Drawing d = drawing_new (seed_scene ());
  const CaromBallTrace *bt = carom_render_cache_get_ball (d.cache);
  g_assert_nonnull (bt);
  g_assert_cmpuint (bt->trace.n_hits, ==, 29);
  CaromStyle style = carom_style_article ();
  /* A fill colour nothing else uses, to find the disk by. */
  style.ball_fill = (CaromColor){ 0.2, 0.8, 0.3, 1.0 };
  CaromView v = carom_view_fit ((CgAabb){ { -320, -320 }, { 320, 320 } }, 320, 320, 0, 1.0);
  for (gint64 step = 0; step <= 3; step++)
    {
      CaromRenderOptions o = options_with (0);
      o.step = step;
      cairo_surface_t *img = render_image (&d, &v, &style, &o, NULL);
      CgAabb box;
      g_assert_true (find_color_box (img, style.ball_fill, &box));
      CgVec2 want
          = carom_view_to_device (&v, step == 0 ? bt->trace.start : bt->trace.hits[step - 1].point);
      CgVec2 got = cg_aabb_center (box);
      g_test_message ("step %" G_GINT64_FORMAT ": disk centred at (%g, %g), hit at (%g, %g)", step,
                      got.x, got.y, want.x, want.y);
      g_assert_cmpfloat (cg_distance (got, want), <, 1.5);
      /* Its size is the ball's: 2 r, less the stroke. */
      g_assert_cmpfloat (fabs ((box.hi.x - box.lo.x) - 2 * 40 * v.scale), <, 3.0);
      cairo_surface_destroy (img);
    }

  g_autoptr (GError) error = NULL;
  g_assert_true (carom_render_cache_check_step (d.cache, 29, &error));
  g_assert_true (carom_render_cache_check_step (d.cache, CAROM_STEP_NONE, &error));
  g_assert_false (carom_render_cache_check_step (d.cache, 30, &error));
  g_assert_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_STEP);
  g_assert_nonnull (strstr (error->message, "29"));
  drawing_clear (&d);
}

/* Candidates at step 1: the hit primitive (the room's bottom offset segment,
 * y = 260) in its own colour; at step 3 (a cast past the post) the
 * primitives the cast tested and rejected in their colour; nothing of
 * either without the overlay or without a step; ghosts of the ball only
 * with their overlay. */
static void
test_candidates_and_ghosts (void)
{
  Drawing d = drawing_new (seed_scene ());
  CaromStyle style = carom_style_article ();
  /* Colours nothing else uses, to find each layer by. */
  style.rejected = (CaromColor){ 0.9, 0.1, 0.9, 1.0 };
  style.hit_primitive = (CaromColor){ 0.1, 0.7, 0.9, 1.0 };
  style.path_faint = (CaromColor){ 0.95, 0.6, 0.1, 1.0 };
  /* Lines of a few pixels, so their colour shows unblended. */
  CaromView v = carom_view_fit ((CgAabb){ { -320, -320 }, { 320, 320 } }, 320, 320, 0, 4.0);
  CgAabb box;

  CaromRenderOptions o = options_with (CAROM_OVERLAY_CANDIDATES);
  o.step = 3;
  cairo_surface_t *img = render_image (&d, &v, &style, &o, NULL);
  g_assert_true (find_color_box (img, style.rejected, &box));
  cairo_surface_destroy (img);
  o.step = 1;
  img = render_image (&d, &v, &style, &o, NULL);
  /* The hit segment runs across the room at y = 260, in its colour. */
  CgVec2 y260 = carom_view_to_device (&v, cg_v2 (0, 260));
  int across = 0;
  for (int x = 0; x < 320; x++)
    {
      int rgb[3];
      test_pixel (img, x, (int)lround (y260.y), rgb);
      across += abs (rgb[0] - 26) < 12 && abs (rgb[1] - 179) < 12 && abs (rgb[2] - 230) < 12;
    }
  g_assert_cmpint (across, >, 200);
  cairo_surface_destroy (img);

  o = options_with (0);
  o.step = 1;
  img = render_image (&d, &v, &style, &o, NULL);
  g_assert_false (find_color_box (img, style.rejected, &box));
  cairo_surface_destroy (img);
  o = options_with (CAROM_OVERLAY_CANDIDATES);
  img = render_image (&d, &v, &style, &o, NULL); /* no step */
  g_assert_false (find_color_box (img, style.rejected, &box));
  cairo_surface_destroy (img);

  /* Ghosts: the ball's outline at hits 1 and 2 when showing step 3. */
  o = options_with (CAROM_OVERLAY_GHOSTS);
  o.step = 3;
  img = render_image (&d, &v, &style, &o, NULL);
  const CaromBallTrace *bt = carom_render_cache_get_ball (d.cache);
  int found = 0;
  for (int k = 0; k < 2; k++)
    {
      /* A point on the ghost's circle, left of its centre. */
      CgVec2 c = carom_view_to_device (&v, bt->trace.hits[k].point);
      for (int dx = -3; dx <= 3 && found <= k; dx++)
        for (int dy = -12; dy <= 12 && found <= k; dy++)
          {
            int x = (int)lround (c.x - 40 * v.scale) + dx, y = (int)lround (c.y) + dy;
            int rgb[3];
            test_pixel (img, x, y, rgb);
            if (abs (rgb[0] - 242) < 40 && abs (rgb[1] - 153) < 50 && rgb[2] < 120)
              found++;
          }
    }
  g_assert_cmpint (found, ==, 2);
  cairo_surface_destroy (img);
  drawing_clear (&d);
}

/* 9: an escaping ray is drawn to the edge of the view. */
static void
test_escaped_ray_to_edge (void)
{
  CmScene *scene = cm_scene_new ();
  add_square (scene, "block", CG_ROLE_OBSTACLE, -10, -10, 10, 10);
  cm_scene_add_ball (scene, "ball", cg_v2 (30, 0), 2.0, cg_v2 (1, 0), 5);
  Drawing d = drawing_new (scene);
  const CaromBallTrace *bt = carom_render_cache_get_ball (d.cache);
  g_assert_cmpint (bt->trace.status, ==, CG_TRACE_ESCAPED);
  CaromStyle style = carom_style_article ();
  CaromRenderOptions o = options_with (CAROM_OVERLAY_PATH);
  CaromView v = carom_view_fit ((CgAabb){ { -50, -50 }, { 50, 50 } }, 200, 200, 0, 3.0);
  cairo_surface_t *img = render_image (&d, &v, &style, &o, NULL);
  /* Along y = 0 (device row 100) from beyond the ball's centre (x = 30,
   * device 160) to the last pixel column. */
  for (int x = 172; x < 200; x += 3)
    {
      int rgb[3];
      test_pixel (img, x, 100, rgb);
      g_assert_cmpint (rgb[0] - rgb[2], >, 60); /* the accent is red */
    }
  cairo_surface_destroy (img);
  drawing_clear (&d);
}

/* 10: a deep zoom on a wall's corner (a million times) still draws the wall
 * where it is: coordinates far outside are clipped before cairo sees them. */
static void
test_deep_zoom (void)
{
  CmScene *scene = cm_scene_new ();
  add_square (scene, "room", CG_ROLE_WALL, 0, 0, 1000, 1000);
  cm_scene_add_ball (scene, "ball", cg_v2 (500, 500), 10, cg_v2 (1, 0.3), 10);
  Drawing d = drawing_new (scene);
  CaromStyle style = carom_style_article ();
  CaromRenderOptions o = options_with (CAROM_OVERLAY_ALL & ~CAROM_OVERLAY_LEGEND);
  /* 1e-4 units around (0, 500) on the left wall: 1e6 px per unit. */
  CaromView v
      = carom_view_fit ((CgAabb){ { -1e-4, 500 - 1e-4 }, { 1e-4, 500 + 1e-4 } }, 200, 200, 0, 4.0);
  CaromRenderStats stats;
  cairo_surface_t *img = render_image (&d, &v, &style, &o, &stats);
  g_assert_cmpuint (stats.polygons_visible, ==, 1);
  int rgb[3];
  test_pixel (img, 100, 30, rgb);
  g_assert_cmpint (test_rgb_luminance (rgb), <, 100);
  test_pixel (img, 60, 30, rgb);
  g_assert_cmpint (test_rgb_luminance (rgb), >, 200);
  cairo_surface_destroy (img);
  drawing_clear (&d);
}

/* 11: labels in Chinese find a font and are drawn; hit numbers too. */
static void
test_labels_cjk (void)
{
  CmScene *scene = cm_scene_new ();
  add_square (scene, "房间", CG_ROLE_WALL, 0, 0, 400, 400);
  add_square (scene, "障碍物", CG_ROLE_OBSTACLE, 180, 180, 220, 220);
  cm_scene_add_ball (scene, "球", cg_v2 (80, 120), 10, cg_v2 (1, 0.4), 3);
  Drawing d = drawing_new (scene);
  CaromStyle style = carom_style_screen (FALSE);
  CaromRenderOptions o = options_with (CAROM_OVERLAY_PATH | CAROM_OVERLAY_LABELS);
  CaromView v = carom_view_fit ((CgAabb){ { -20, -20 }, { 420, 420 } }, 600, 600, 0, 2.0);
  CaromRenderStats stats;
  cairo_surface_t *img = render_image (&d, &v, &style, &o, &stats);
  /* Three ids and at least one hit number. */
  g_assert_cmpuint (stats.labels_drawn, >=, 4);
  g_assert_cmpuint (stats.hits_drawn, ==, carom_render_cache_get_ball (d.cache)->trace.n_hits);
  g_assert_cmpuint (stats.hits_drawn, >=, 1);
  cairo_surface_destroy (img);
  drawing_clear (&d);
}

/* 12: the BVH overlay draws boxes, and a level range draws fewer. */
static void
test_bvh_levels (void)
{
  Drawing d = drawing_new (seed_scene ());
  CaromStyle style = carom_style_article ();
  CaromRenderOptions o = options_with (CAROM_OVERLAY_BVH | CAROM_OVERLAY_LEGEND);
  CaromView v = carom_view_fit ((CgAabb){ { -320, -320 }, { 320, 320 } }, 400, 400, 0, 1.0);
  CaromRenderStats all, root;
  cairo_surface_destroy (render_image (&d, &v, &style, &o, &all));
  o.bvh_level_hi = 0;
  cairo_surface_destroy (render_image (&d, &v, &style, &o, &root));
  g_assert_cmpuint (all.bvh_boxes_drawn, >, 1);
  g_assert_cmpuint (root.bvh_boxes_drawn, ==, 1);
  drawing_clear (&d);
}

/* 13: a scene without a ball draws its polygons; outlines need a radius and
 * are left out, and steps are refused. */
static void
test_no_ball (void)
{
  CmScene *scene = cm_scene_new ();
  add_square (scene, "room", CG_ROLE_WALL, 0, 0, 100, 100);
  add_square (scene, "block", CG_ROLE_OBSTACLE, 40, 40, 60, 60);
  Drawing d = drawing_new (scene);
  g_assert_null (carom_render_cache_get_ball (d.cache));
  CaromStyle style = carom_style_article ();
  CaromRenderOptions o = options_with (CAROM_OVERLAY_ALL);
  CaromView v = carom_view_fit ((CgAabb){ { -5, -5 }, { 105, 105 } }, 300, 300, 0, 1.0);
  CaromRenderStats stats;
  cairo_surface_destroy (render_image (&d, &v, &style, &o, &stats));
  g_assert_cmpuint (stats.polygons_visible, ==, 2);
  g_assert_cmpuint (stats.outlines_drawn, ==, 0);
  g_autoptr (GError) error = NULL;
  g_assert_false (carom_render_cache_check_step (d.cache, 0, &error));
  g_assert_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_STEP);
  drawing_clear (&d);
}

/* 14: a tiny polygon (under detail_pt) is drawn as its box: a dot. */
static void
test_level_of_detail (void)
{
  CmScene *scene = cm_scene_new ();
  add_square (scene, "room", CG_ROLE_WALL, 0, 0, 10000, 10000);
  add_square (scene, "speck", CG_ROLE_OBSTACLE, 5000, 5000, 5004, 5004);
  Drawing d = drawing_new (scene);
  CaromStyle style = carom_style_article ();
  CaromRenderOptions o = options_with (0);
  CaromView v = carom_view_fit ((CgAabb){ { 0, 0 }, { 10000, 10000 } }, 250, 250, 0, 1.0);
  CaromRenderStats stats;
  cairo_surface_t *img = render_image (&d, &v, &style, &o, &stats);
  g_assert_cmpuint (stats.polygons_simplified, ==, 1);
  int rgb[3];
  test_pixel (img, 125, 125, rgb);
  g_assert_cmpint (test_rgb_luminance (rgb), <, 255); /* something is there */
  cairo_surface_destroy (img);
  drawing_clear (&d);
}

/* The text a drawing placed, from a text sink. */
typedef struct
{
  char *markup;
  CgAabb box;
} Placed;

static void
collect_text (const CaromTextItem *item, gpointer data)
{
  Placed p = { g_strdup (item->markup), item->box };
  g_array_append_val ((GArray *)data, p);
}

/* Whether the segment [a, b] meets box (Liang–Barsky). */
static gboolean
segment_meets (CgVec2 a, CgVec2 b, CgAabb box)
{
  CgVec2 d = cg_sub (b, a);
  double t0 = 0.0, t1 = 1.0;
  const double p[4] = { -d.x, d.x, -d.y, d.y };
  const double q[4] = { a.x - box.lo.x, box.hi.x - a.x, a.y - box.lo.y, box.hi.y - a.y };
  for (int i = 0; i < 4; i++)
    {
      if (p[i] == 0.0)
        {
          if (q[i] < 0.0)
            return FALSE;
          continue;
        }
      double r = q[i] / p[i];
      if (p[i] < 0.0)
        t0 = fmax (t0, r);
      else
        t1 = fmin (t1, r);
      if (t0 > t1)
        return FALSE;
    }
  return TRUE;
}

/* The labels d, d′ and n at every step of the seed scene touch none of the
 * lines they could be mistaken for: the walls, the path up to the step, the
 * arrows of n and d′, and one another; "stopped" replaces d′ where the ball
 * stops. */
static void
test_step_labels_touch_no_line (void)
{
  Drawing d = drawing_new (seed_scene ());
  CaromStyle style = carom_style_article ();
  CaromView v = carom_view_fit ((CgAabb){ { -330, -330 }, { 330, 330 } }, 600, 600, 0, 1.5);
  const CaromBallTrace *bt = carom_render_cache_get_ball (d.cache);
  double r_dev = bt->ball->radius * v.scale;
  double vec = fmax (style.vector_length * v.pt, r_dev + 10.0 * v.pt);
  for (gint64 k = 1; k <= (gint64)bt->trace.n_hits; k++)
    {
      g_autoptr (GArray) placed = g_array_new (FALSE, FALSE, sizeof (Placed));
      CaromRenderOptions o = options_with (CAROM_OVERLAY_PATH | CAROM_OVERLAY_OUTLINES
                                           | CAROM_OVERLAY_NORMALS | CAROM_OVERLAY_LABELS);
      o.step = k;
      o.text_sink = collect_text;
      o.text_sink_data = placed;
      cairo_surface_t *img = render_image (&d, &v, &style, &o, NULL);
      cairo_surface_destroy (img);

      const CgHit *h = &bt->trace.hits[k - 1];
      CgVec2 c = carom_view_to_device (&v, h->point);
      CgVec2 touch = cg_mul_add (c, -r_dev, h->normal);
      /* Segments no step label may touch. */
      CgVec2 lines[64][2];
      int n = 0;
      const CmObject *room = g_ptr_array_index (d.scene->objects, 0);
      for (size_t i = 0; i < room->n_points; i++)
        {
          lines[n][0] = carom_view_to_device (&v, room->points[i]);
          lines[n++][1] = carom_view_to_device (&v, room->points[(i + 1) % room->n_points]);
        }
      lines[n][0] = touch;
      lines[n++][1] = cg_mul_add (touch, r_dev + vec, h->normal);
      lines[n][0] = c;
      lines[n++][1] = cg_mul_add (c, vec, h->out);
      for (gint64 i = MAX (1, k - 20); i <= k && n < 64; i++)
        {
          CgVec2 from = i == 1 ? bt->trace.start : bt->trace.hits[i - 2].point;
          lines[n][0] = carom_view_to_device (&v, from);
          lines[n++][1] = carom_view_to_device (&v, bt->trace.hits[i - 1].point);
        }
      int found = 0;
      for (guint j = 0; j < placed->len; j++)
        {
          Placed *p = &g_array_index (placed, Placed, j);
          gboolean step_label = strcmp (p->markup, "<i>d</i>") == 0
                                || strcmp (p->markup, "<i>d</i>′") == 0
                                || strcmp (p->markup, "<b><i>n</i></b>") == 0;
          if (step_label)
            {
              found++;
              for (int i = 0; i < n; i++)
                if (segment_meets (lines[i][0], lines[i][1], p->box))
                  g_error ("step %" G_GINT64_FORMAT ": the label %s touches line %d", k, p->markup,
                           i);
              for (guint m = 0; m < j; m++)
                {
                  CgAabb q = g_array_index (placed, Placed, m).box;
                  g_assert_false (cg_aabb_overlaps (p->box, q));
                }
            }
          g_free (p->markup);
        }
      g_assert_cmpint (found, ==, 3); /* d, d′ and n: the seed's ball never stops */
    }
  drawing_clear (&d);

  /* A ball that stops on the post: "stopped", and no d′. */
  CmScene *scene = cm_scene_new ();
  add_square (scene, "room", CG_ROLE_WALL, -300, -300, 300, 300);
  add_square (scene, "post", CG_ROLE_OBSTACLE, -20, -100, 20, 50);
  cm_scene_add_ball (scene, "ball", cg_v2 (-200, -25), 20, cg_v2 (1, 0), 29);
  Drawing s = drawing_new (scene);
  g_assert_cmpint (carom_render_cache_get_ball (s.cache)->trace.status, ==, CG_TRACE_STOPPED);
  g_autoptr (GArray) placed = g_array_new (FALSE, FALSE, sizeof (Placed));
  CaromRenderOptions o = options_with (CAROM_OVERLAY_PATH | CAROM_OVERLAY_LABELS);
  o.step = 1;
  o.text_sink = collect_text;
  o.text_sink_data = placed;
  cairo_surface_destroy (render_image (&s, &v, &style, &o, NULL));
  gboolean stopped = FALSE, reflected = FALSE;
  for (guint j = 0; j < placed->len; j++)
    {
      Placed *p = &g_array_index (placed, Placed, j);
      stopped |= strstr (p->markup, "stopped") != NULL;
      reflected |= strcmp (p->markup, "<i>d</i>′") == 0;
      g_free (p->markup);
    }
  g_assert_true (stopped);
  g_assert_false (reflected);
  drawing_clear (&s);
}

/* 15: the export box is the objects' box with 5% of the larger side around. */
static void
test_export_box (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  CgAabb box = carom_export_box (scene);
  g_assert_cmpfloat (box.lo.x, ==, -330);
  g_assert_cmpfloat (box.hi.y, ==, 330);
  double w, h;
  carom_export_figure_size (box, &w, &h);
  g_assert_cmpfloat (w, ==, CAROM_EXPORT_FIGURE_PT);
  g_assert_cmpfloat (h, ==, CAROM_EXPORT_FIGURE_PT);
  g_assert_cmpint (carom_export_png_height ((CgAabb){ { 0, 0 }, { 200, 100 } }, 1000), ==, 500);

  CaromExportFormat f;
  g_autoptr (GError) error = NULL;
  g_assert_true (carom_export_format_for_path ("a/b.PDF", &f, &error));
  g_assert_cmpint (f, ==, CAROM_EXPORT_PDF);
  g_assert_false (carom_export_format_for_path ("a.svg/figure", &f, &error));
  g_assert_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "a.svg/figure"));
}

/* The error domain's name is the one its quark function says, as GLib
 * names them (clang-format once turned it into "carom - render - error - quark"). */
static void
test_error_quark (void)
{
  g_assert_cmpstr (g_quark_to_string (CAROM_RENDER_ERROR), ==, "carom-render-error-quark");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/error-quark", test_error_quark);
  g_test_add_func ("/render/candidates-and-ghosts", test_candidates_and_ghosts);
  g_test_add_func ("/render/step/labels-touch-no-line", test_step_labels_touch_no_line);
  g_test_add_func ("/render/view/fit", test_view_fit);
  g_test_add_func ("/render/view/zoom-pan", test_view_zoom_pan);
  g_test_add_func ("/render/overlays/parse", test_overlays_parse);
  g_test_add_func ("/render/styles", test_styles);
  g_test_add_func ("/render/pixels/wall-and-obstacle", test_pixels_wall_and_obstacle);
  g_test_add_func ("/render/pixels/widths-in-points", test_pixels_widths_in_points);
  g_test_add_func ("/render/culling", test_culling);
  g_test_add_func ("/render/step/ball-at-hit", test_step_ball_at_hit);
  g_test_add_func ("/render/path/escaped-ray", test_escaped_ray_to_edge);
  g_test_add_func ("/render/deep-zoom", test_deep_zoom);
  g_test_add_func ("/render/labels/cjk", test_labels_cjk);
  g_test_add_func ("/render/bvh/levels", test_bvh_levels);
  g_test_add_func ("/render/no-ball", test_no_ball);
  g_test_add_func ("/render/level-of-detail", test_level_of_detail);
  g_test_add_func ("/render/export/box", test_export_box);
  int status = g_test_run ();
  carom_render_shutdown ();
  return status;
}
