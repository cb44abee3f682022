/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-render-curve.c: boundaries with exact arcs drawn as arcs: a circle's
 * outline is round, a disk's offset outline lies at R + r, an arc edge
 * bulges the way its sweep says, the piece hit at a step is the offset arc.
 *
 * With CAROM_TEST_PNG_DIR set, the figures are also written there as PNGs to
 * look at (a circle room, a stadium, a Sinai table; light and dark). */
#include <cairo.h>
#include <glib.h>
#include <math.h>
#include <stdlib.h>

#include "render/carom-render.h"
#include "test-util.h"

/* ---- scenes ------------------------------------------------------------ */

static CmObject *
add_curve (CmScene *scene, const char *id, CgRole role, CgVec2 *v, CgCurveEdge *e, size_t n)
{
  cg_curve_orient (v, e, n, role);
  CmObject *o = cm_scene_add_polygon (scene, id, role, v, n);
  cm_object_set_edges (o, e);
  return o;
}

static CmObject *
add_circle (CmScene *scene, const char *id, CgRole role, CgVec2 q, double R)
{
  CgVec2 v;
  CgCurveEdge e;
  cg_curve_circle (q, R, role, &v, &e);
  return add_curve (scene, id, role, &v, &e, 1);
}

/* A circle room of radius 180 around (300, 200), a ball inside. */
static CmScene *
circle_room (void)
{
  CmScene *scene = cm_scene_new ();
  add_circle (scene, "room", CG_ROLE_WALL, cg_v2 (300, 200), 180);
  cm_scene_add_ball (scene, "ball", cg_v2 (260, 180), 12, cg_v2 (1, 0.37), 12);
  return scene;
}

/* Bunimovich's stadium: two half circles joined by segments. */
static CmScene *
stadium (void)
{
  CmScene *scene = cm_scene_new ();
  CgVec2 v[4] = { { 180, 100 }, { 420, 100 }, { 420, 300 }, { 180, 300 } };
  CgCurveEdge e[4] = { cg_curve_edge_straight (), cg_curve_edge_arc (v[1], v[2], G_PI),
                       cg_curve_edge_straight (), cg_curve_edge_arc (v[3], v[0], G_PI) };
  add_curve (scene, "stadium", CG_ROLE_WALL, v, e, 4);
  cm_scene_add_ball (scene, "ball", cg_v2 (250, 180), 10, cg_v2 (1, 0.61), 15);
  return scene;
}

/* Sinai's table: a square room with a disk in the middle that reflects. */
static CmScene *
sinai (double disk_radius)
{
  CmScene *scene = cm_scene_new ();
  CgVec2 room[4] = { { 100, 0 }, { 500, 0 }, { 500, 400 }, { 100, 400 } };
  CmObject *w = cm_scene_add_polygon (scene, "room", CG_ROLE_WALL, room, 4);
  cg_polygon_orient (w->points, w->n_points, CG_ROLE_WALL);
  CmObject *d = add_circle (scene, "disk", CG_ROLE_OBSTACLE, cg_v2 (300, 200), disk_radius);
  d->on_hit = CG_ON_HIT_REFLECT;
  cm_scene_add_ball (scene, "ball", cg_v2 (150, 60), 10, cg_v2 (1, 0.8), 12);
  return scene;
}

/* ---- drawing ----------------------------------------------------------- */

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

/* One unit a pixel on a 600 × 400 image. */
static CaromView
unit_view (void)
{
  return (CaromView){ .scale = 1.0, .width = 600, .height = 400, .pt = 1.0 };
}

static cairo_surface_t *
render (const Drawing *d, const CaromStyle *style, const CaromRenderOptions *o, const char *name)
{
  CaromView view = unit_view ();
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 400);
  cairo_t *cr = cairo_create (s);
  carom_render (cr, d->cache, &view, style, o, NULL);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  const char *dir = g_getenv ("CAROM_TEST_PNG_DIR");
  if (dir != NULL && name != NULL)
    {
      g_autofree char *path = g_strdup_printf ("%s/%s.png", dir, name);
      cairo_surface_write_to_png (s, path);
    }
  return s;
}

/* How far a pixel's colour is from c (sum over the channels, 0 .. 765). */
static int
color_distance (cairo_surface_t *s, int x, int y, CaromColor c)
{
  int rgb[3];
  test_pixel (s, x, y, rgb);
  return abs (rgb[0] - (int)lround (255 * c.red)) + abs (rgb[1] - (int)lround (255 * c.green))
         + abs (rgb[2] - (int)lround (255 * c.blue));
}

/* Walking out from q along angle a from radius r0 to r1 in steps of 0.25 px:
 * the radius of the darkest pixel met. */
static double
darkest_radius (cairo_surface_t *s, CgVec2 q, double a, double r0, double r1)
{
  int best = 256;
  double at = -1.0;
  for (double r = r0; r <= r1; r += 0.25)
    {
      int x = (int)floor (q.x + r * cos (a)), y = (int)floor (q.y + r * sin (a));
      int l = test_luminance (s, x, y);
      if (l < best)
        {
          best = l;
          at = r;
        }
    }
  return at;
}

/* ---- tests ------------------------------------------------------------- */

/* The wall of a circle room is round: at 72 angles, the darkest pixel along
 * the radius is within a pixel of R. */
static void
test_circle_round (void)
{
  Drawing d = drawing_new (circle_room ());
  CaromStyle style = carom_style_screen (FALSE);
  CaromRenderOptions o;
  carom_render_options_init (&o);
  o.overlays = 0;
  cairo_surface_t *img = render (&d, &style, &o, NULL);
  for (int k = 0; k < 72; k++)
    {
      double a = k * 2.0 * G_PI / 72 + 0.01;
      double r = darkest_radius (img, cg_v2 (300, 200), a, 170, 190);
      g_assert_cmpfloat (fabs (r - 180.0), <=, 1.0);
    }
  cairo_surface_destroy (img);
  drawing_clear (&d);
}

/* A disk obstacle's offset outline is the circle of radius R + r: every pixel
 * of the outline's colour near the disk is within a pixel of R + r. */
static void
test_disk_offset_outline (void)
{
  Drawing d = drawing_new (sinai (60));
  CaromStyle style = carom_style_screen (FALSE);
  style.outline = (CaromColor){ 1, 0, 1, 1 }; /* a colour nothing else has */
  style.outline_width = 1.0;
  CaromRenderOptions o;
  carom_render_options_init (&o);
  o.overlays = CAROM_OVERLAY_OUTLINES;
  cairo_surface_t *img = render (&d, &style, &o, NULL);
  guint on = 0;
  for (int y = 200 - 80; y <= 200 + 80; y++)
    for (int x = 300 - 80; x <= 300 + 80; x++)
      if (color_distance (img, x, y, style.outline) < 60)
        {
          double r = hypot (x + 0.5 - 300, y + 0.5 - 200);
          g_assert_cmpfloat (fabs (r - 70.0), <=, 1.0);
          on++;
        }
  /* Dashed: a good part of the circumference 2π·70 ≈ 440 px is drawn. */
  g_assert_cmpuint (on, >, 80);
  cairo_surface_destroy (img);
  drawing_clear (&d);
}

/* The box of a disk's offset outline takes in the circle's axis points: its
 * dashed sides lie on x = 300 ± (R + r) and y = 200 ± (R + r). */
/* A pixel tinted by the box colour (0, 1, 1) over white, even antialiased. */
static gboolean
cyanish (cairo_surface_t *s, int x, int y)
{
  int rgb[3];
  test_pixel (s, x, y, rgb);
  return rgb[0] < 215 && rgb[1] > 230 && rgb[2] > 230;
}

static void
test_disk_box_axis_points (void)
{
  Drawing d = drawing_new (sinai (60));
  CaromStyle style = carom_style_screen (FALSE);
  style.aabb = (CaromColor){ 0, 1, 1, 1 }; /* a colour nothing else has */
  style.aabb_width = 1.0;
  CaromRenderOptions o;
  carom_render_options_init (&o);
  o.overlays = CAROM_OVERLAY_AABB;
  cairo_surface_t *img = render (&d, &style, &o, NULL);
  /* Count the box's pixels on each side line (one pixel either way), and
   * any of its colour inside the box. */
  guint side[4] = { 0 }, inside = 0;
  for (int k = 140; k <= 260; k++)
    for (int w = -1; w <= 1; w++)
      {
        side[0] += cyanish (img, 230 + w, k);
        side[1] += cyanish (img, 370 + w, k);
        side[2] += cyanish (img, k + 80, 130 + w);
        side[3] += cyanish (img, k + 80, 270 + w);
      }
  for (int y = 140; y < 260; y++)
    for (int x = 240; x < 360; x++)
      inside += cyanish (img, x, y);
  for (int k = 0; k < 4; k++)
    g_assert_cmpuint (side[k], >, 30); /* dashed: part of each side */
  g_assert_cmpuint (inside, ==, 0);
  cairo_surface_destroy (img);
  drawing_clear (&d);
}

/* A stadium's arc edges bulge outwards (sweep sign), so pixels beyond the
 * straight sides' ends, on the axis, are the wall's. */
static void
test_stadium_bulges (void)
{
  Drawing d = drawing_new (stadium ());
  CaromStyle style = carom_style_screen (FALSE);
  CaromRenderOptions o;
  carom_render_options_init (&o);
  o.overlays = 0;
  cairo_surface_t *img = render (&d, &style, &o, NULL);
  int floor_ = test_luminance (img, 300, 200);
  /* The half circles reach x = 420 + 100 and 180 − 100 on the axis y = 200. */
  g_assert_cmpfloat (fabs (darkest_radius (img, cg_v2 (420, 200), 0.0, 90, 110) - 100), <=, 1.0);
  g_assert_cmpfloat (fabs (darkest_radius (img, cg_v2 (180, 200), G_PI, 90, 110) - 100), <=, 1.0);
  g_assert_cmpint (test_luminance (img, 520, 200), <, floor_ - 60);
  g_assert_cmpint (test_luminance (img, 79, 200), <, floor_ - 60);
  /* Nothing drawn where a chord would be. */
  g_assert_cmpint (test_luminance (img, 420, 200), >=, floor_ - 2);
  cairo_surface_destroy (img);
  drawing_clear (&d);
}

/* At a step on the disk, the piece hit is drawn heavy on the circle R + r. */
static void
test_step_on_arc (void)
{
  Drawing d = drawing_new (sinai (60));
  const CaromBallTrace *bt = carom_render_cache_get_ball (d.cache);
  /* the ball is traced in the scene's one world, which holds the disk */
  g_assert_nonnull (bt->world);
  g_assert_true (bt->world == d.trace->world);
  gint64 step = -1;
  for (size_t k = 0; k < bt->trace.n_hits && step < 0; k++)
    if (bt->trace.hits[k].object == 1)
      step = (gint64)k + 1;
  g_assert_cmpint (step, >, 0);
  const CgHit *h = &bt->trace.hits[step - 1];
  g_assert_cmpstr (cm_scene_trace_polygon (d.trace, h->object)->id, ==, "disk");
  /* the disk's arc edge's offset, not a cap: a circle of radius R + r = 70 */
  g_assert_cmpint (h->kind, ==, CG_PRIM_ARC);
  g_assert_cmpint (h->part, ==, CG_PART_EDGE);
  g_assert_cmpuint (h->element, ==, 0);
  CgPrimitive hp;
  g_assert_true (cg_world_primitive (bt->world, h->prim, bt->radius, &hp));
  g_assert_true (hp.full && !hp.inside);
  g_assert_cmpfloat (hp.rho, ==, 70);
  /* on it within the rounding of that cast's numbers (cg-cast.h) */
  double tau = cg_tolerance (cg_max (300, cg_max (cg_magnitude (h->from), cg_magnitude (h->point))))
               + cg_tolerance (h->distance);
  g_assert_cmpfloat (fabs (cg_distance (h->point, cg_v2 (300, 200)) - 70.0), <=, tau);

  CaromStyle style = carom_style_screen (FALSE);
  CaromRenderOptions o;
  carom_render_options_init (&o);
  o.overlays = CAROM_OVERLAY_PATH;
  o.step = step;
  cairo_surface_t *img = render (&d, &style, &o, "sinai-step");
  /* Along the disk at R + r, away from the ball: the heavy piece's colour. */
  double a = atan2 (h->point.y - 200, h->point.x - 300);
  guint found = 0;
  for (int k = 0; k < 24; k++)
    {
      double b = a + G_PI + k * 2.0 * G_PI / 24; /* the far side first */
      int x = (int)floor (300 + 70 * cos (b)), y = (int)floor (200 + 70 * sin (b));
      if (color_distance (img, x, y, style.hit_primitive) < 90)
        found++;
    }
  g_assert_cmpuint (found, >=, 12); /* a whole circle: the disk's offset is one arc */
  cairo_surface_destroy (img);
  drawing_clear (&d);
}

/* A circle wall is named beside its arc, like a straight wall beside an
 * edge (it has one vertex and an edge that ends where it starts). */
static void
test_circle_wall_label (void)
{
  Drawing d = drawing_new (circle_room ());
  CaromStyle style = carom_style_screen (FALSE);
  CaromRenderOptions o;
  carom_render_options_init (&o);
  o.overlays = CAROM_OVERLAY_LABELS;
  CaromView view = unit_view ();
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 400);
  cairo_t *cr = cairo_create (s);
  CaromRenderStats stats;
  carom_render (cr, d.cache, &view, &style, &o, &stats);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  g_assert_cmpuint (stats.labels_drawn, ==, 2); /* "ball" and "room" */
  /* "room" sits outside the circle, beside its arc: some ink within two
   * label heights of the wall's stroke, outside it. */
  int ink = 0;
  for (int y = 0; y < 400; y++)
    for (int x = 0; x < 600; x++)
      {
        double r = hypot (x + 0.5 - 300.0, y + 0.5 - 200.0);
        ink += r > 183.0 && r < 180.0 + 2.0 * 12.0 && test_luminance (s, x, y) < 160;
      }
  g_assert_cmpint (ink, >, 20);
  cairo_surface_destroy (s);
  drawing_clear (&d);
}

/* The figures, to look at. */
static void
test_figures (void)
{
  if (g_getenv ("CAROM_TEST_PNG_DIR") == NULL)
    {
      g_test_skip ("CAROM_TEST_PNG_DIR not set");
      return;
    }
  struct
  {
    const char *name;
    CmScene *(*make) (void);
  } scenes[] = { { "circle", circle_room }, { "stadium", stadium } };
  for (int dark = 0; dark < 2; dark++)
    {
      CaromStyle style = carom_style_screen (dark);
      CaromRenderOptions o;
      carom_render_options_init (&o);
      o.overlays = CAROM_OVERLAY_ALL & ~CAROM_OVERLAY_GRID & ~CAROM_OVERLAY_LEGEND;
      o.step = 3;
      for (guint i = 0; i < G_N_ELEMENTS (scenes); i++)
        {
          Drawing d = drawing_new (scenes[i].make ());
          g_autofree char *name
              = g_strdup_printf ("%s-%s", scenes[i].name, dark ? "dark" : "light");
          cairo_surface_destroy (render (&d, &style, &o, name));
          drawing_clear (&d);
        }
      Drawing d = drawing_new (sinai (60));
      g_autofree char *name = g_strdup_printf ("sinai-%s", dark ? "dark" : "light");
      cairo_surface_destroy (render (&d, &style, &o, name));
      drawing_clear (&d);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render-curve/circle-round", test_circle_round);
  g_test_add_func ("/render-curve/disk-offset-outline", test_disk_offset_outline);
  g_test_add_func ("/render-curve/disk-box-axis-points", test_disk_box_axis_points);
  g_test_add_func ("/render-curve/stadium-bulges", test_stadium_bulges);
  g_test_add_func ("/render-curve/step-on-arc", test_step_on_arc);
  g_test_add_func ("/render-curve/circle-wall-label", test_circle_wall_label);
  g_test_add_func ("/render-curve/figures", test_figures);
  int status = g_test_run ();
  carom_render_shutdown ();
  return status;
}
