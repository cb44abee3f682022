/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-map-plot.c: the Boundary map pane's plot without the widget
 * (carom-map-plot): which rays a ball's map shows, a dot per hit in ray
 * then hit order where its (ξ, sin φ) puts it, inked into the image over
 * the frame and nowhere else, the same map whether drawn at once or a slice
 * at a time, and the dot the pointer and the keys reach. */
#include <string.h>

#include "model/carom-boundary-map.h"
#include "render/carom-map-plot.h"

#define W 600
#define H 400

/* The seed's room and post, a ball, and a fan of `rays` rays. */
static CmScene *
scene_with_fan (guint rays)
{
  CmScene *scene = cm_scene_new ();
  CgVec2 room[] = { { -300, -300 }, { -300, 300 }, { 300, 300 }, { 300, -300 } };
  CgVec2 post[] = { { 20, -100 }, { 20, 50 }, { -20, 50 }, { -20, -100 } };
  cm_scene_add_polygon (scene, "room", CG_ROLE_WALL, room, 4);
  cm_scene_add_polygon (scene, "post", CG_ROLE_OBSTACLE, post, 4);
  cm_scene_add_ball (scene, "ball", cg_v2 (-200, 0), 40, cg_v2 (1, 1), 29);
  CmObject *fan
      = cm_object_new_fan_beam ("fan", cg_v2 (-200, 200), 10, cg_v2 (1, -0.2), 40, rays, 7);
  g_ptr_array_add (scene->objects, fan);
  return scene;
}

static CaromMapPlot *
plot_built (const CmSceneTrace *trace, guint ball, int scale)
{
  CaromMapPlot *plot = carom_map_plot_new (trace, ball, W, H, scale, FALSE, CAROM_PATHS_BY_RAY);
  g_assert_true (carom_map_plot_build (plot, G_MAXINT64 / 2));
  g_assert_true (carom_map_plot_is_built (plot));
  return plot;
}

static guint32
pixel (cairo_surface_t *image, int x, int y)
{
  const guint8 *data = cairo_image_surface_get_data (image);
  return *(const guint32 *)(const void *)(data + (gsize)y * cairo_image_surface_get_stride (image)
                                          + 4 * (gsize)x);
}

/* 1: a ball's map shows the ball alone; a ray's, every ray of its beam,
 * whichever ray the stepper is on. */
static void
test_rays (void)
{
  g_autoptr (CmScene) scene = scene_with_fan (5);
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  g_assert_cmpuint (trace->balls->len, ==, 6);
  guint first = 99, n = 99;
  carom_map_plot_rays (trace, 0, &first, &n);
  g_assert_cmpuint (first, ==, 0);
  g_assert_cmpuint (n, ==, 1);
  for (guint ball = 1; ball <= 5; ball++)
    {
      carom_map_plot_rays (trace, ball, &first, &n);
      g_assert_cmpuint (first, ==, 1);
      g_assert_cmpuint (n, ==, 5);
    }
  carom_map_plot_rays (NULL, 0, &first, &n);
  g_assert_cmpuint (n, ==, 0);

  /* No size (the pane not shown yet), or no trace: an empty plot. */
  g_autoptr (CaromMapPlot) empty
      = carom_map_plot_new (trace, 2, 0, 0, 1, FALSE, CAROM_PATHS_BY_RAY);
  g_assert_true (carom_map_plot_build (empty, 0));
  g_assert_null (carom_map_plot_get_surface (empty));
  g_assert_cmpuint (carom_map_plot_get_n_rays (empty), ==, 0);
  g_assert_cmpuint (carom_map_plot_get_n_dots (empty), ==, 0);
  g_autoptr (CaromMapPlot) none = carom_map_plot_new (NULL, 0, W, H, 1, FALSE, CAROM_PATHS_BY_RAY);
  g_assert_true (carom_map_plot_build (none, 0));
  g_assert_nonnull (carom_map_plot_get_surface (none));
  g_assert_cmpint (carom_map_plot_dot_of (none, 0, 0), ==, -1);
}

/* 2: one dot per hit of the rays mapped, ray by ray in hit order; ξ runs to
 * the right and sin φ up, every dot within the plot. */
static void
test_dots (void)
{
  g_autoptr (CmScene) scene = scene_with_fan (5);
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  g_autoptr (CaromMapPlot) plot = plot_built (trace, 3, 1);
  g_assert_cmpuint (carom_map_plot_get_first (plot), ==, 1);
  g_assert_cmpuint (carom_map_plot_get_n_rays (plot), ==, 5);
  size_t hits = 0;
  for (guint b = 1; b <= 5; b++)
    hits += g_array_index (trace->balls, CaromBallTrace, b).trace.n_hits;
  g_assert_cmpuint (hits, >, 20);
  g_assert_cmpuint (carom_map_plot_get_n_hits (plot), ==, hits);
  g_assert_cmpuint (carom_map_plot_get_n_dots (plot), ==, hits);

  g_autofree double *offsets = carom_boundary_map_offsets (trace);
  GArray *all = g_array_new (FALSE, FALSE, sizeof (CaromMapPoint));
  guint expect_start = 0;
  for (guint i = 0; i < 5; i++)
    {
      guint ball = 1 + i, start, end;
      g_assert_true (carom_map_plot_ray_dots (plot, i, &start, &end));
      g_assert_cmpuint (start, ==, expect_start);
      g_autoptr (GArray) points = carom_boundary_map_points (trace, ball, offsets);
      g_assert_cmpuint (end - start, ==, points->len);
      g_assert_cmpuint (end - start, ==,
                        g_array_index (trace->balls, CaromBallTrace, ball).trace.n_hits);
      for (guint k = 0; k < points->len; k++)
        {
          const CaromMapDot *dot = carom_map_plot_get_dot (plot, (int)(start + k));
          g_assert_nonnull (dot);
          g_assert_cmpuint (dot->ball, ==, ball);
          g_assert_cmpuint (dot->hit, ==, k);
          g_assert_cmpint (carom_map_plot_dot_of (plot, ball, k), ==, (int)(start + k));
          g_assert_true (dot->x > 0 && dot->x < W && dot->y > 0 && dot->y < H);
        }
      g_assert_cmpint (carom_map_plot_dot_of (plot, ball, end - start), ==, -1);
      g_array_append_vals (all, points->data, points->len);
      expect_start = end;
    }
  g_assert_false (carom_map_plot_ray_dots (plot, 5, &expect_start, &expect_start));
  g_assert_cmpint (carom_map_plot_dot_of (plot, 0, 0), ==, -1); /* the ball is not mapped */
  g_assert_null (carom_map_plot_get_dot (plot, (int)hits));
  g_assert_null (carom_map_plot_get_dot (plot, -1));

  /* Larger ξ to the right, larger sin φ higher up (dots in the same order
   * as their points, as checked above). */
  guint compared_x = 0, compared_y = 0;
  for (guint a = 0; a < all->len; a++)
    for (guint b = 0; b < all->len; b++)
      {
        const CaromMapPoint *pa = &g_array_index (all, CaromMapPoint, a);
        const CaromMapPoint *pb = &g_array_index (all, CaromMapPoint, b);
        const CaromMapDot *da = carom_map_plot_get_dot (plot, (int)a);
        const CaromMapDot *db = carom_map_plot_get_dot (plot, (int)b);
        if (pa->xi + 1.0 < pb->xi)
          {
            g_assert_cmpfloat (da->x, <, db->x);
            compared_x++;
          }
        if (pa->sin_phi + 0.01 < pb->sin_phi)
          {
            g_assert_cmpfloat (da->y, >, db->y);
            compared_y++;
          }
      }
  g_assert_cmpuint (compared_x, >, 100);
  g_assert_cmpuint (compared_y, >, 100);
  g_array_unref (all);
}

/* 3: the image is the frame (as carom_map_draw_frame() draws it, raised by
 * the title the header shows) with a dot of the ray's colour on every hit,
 * and the frame's pixels everywhere else. At scale 2 the dots are at twice
 * their CSS pixels. */
static void
test_image (void)
{
  g_autoptr (CmScene) scene = scene_with_fan (5);
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  const int scale = 2;
  g_autoptr (CaromMapPlot) plot = plot_built (trace, 1, scale);
  cairo_surface_t *image = carom_map_plot_get_surface (plot);
  g_assert_nonnull (image);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, W * scale);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, H * scale);
  int w, h, s;
  gboolean dark;
  carom_map_plot_get_size (plot, &w, &h, &s, &dark);
  g_assert_cmpint (w, ==, W);
  g_assert_cmpint (h, ==, H);
  g_assert_cmpint (s, ==, scale);
  g_assert_false (dark);

  /* The frame alone. */
  cairo_surface_t *frame = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W * scale, H * scale);
  cairo_surface_set_device_scale (frame, scale, scale);
  g_autofree double *offsets = carom_boundary_map_offsets (trace);
  cairo_t *cr = cairo_create (frame);
  cairo_scale (cr, CAROM_MAP_PLOT_PX_PER_PT, CAROM_MAP_PLOT_PX_PER_PT);
  cairo_translate (cr, 0, -CAROM_MAP_PLOT_TITLE_PT);
  carom_map_draw_frame (cr, W / CAROM_MAP_PLOT_PX_PER_PT,
                        H / CAROM_MAP_PLOT_PX_PER_PT + CAROM_MAP_PLOT_TITLE_PT, trace, offsets,
                        NULL, FALSE);
  cairo_destroy (cr);
  cairo_surface_flush (frame);

  /* Each pixel: near a dot (within 6 device pixels: the dots are smaller)
   * or not. */
  int n_px = W * scale * H * scale;
  g_autofree guint8 *near = g_new0 (guint8, n_px);
  guint n_dots = carom_map_plot_get_n_dots (plot);
  for (guint d = 0; d < n_dots; d++)
    {
      const CaromMapDot *dot = carom_map_plot_get_dot (plot, (int)d);
      int cx = (int)(dot->x * scale), cy = (int)(dot->y * scale);
      for (int y = MAX (cy - 6, 0); y <= MIN (cy + 6, H * scale - 1); y++)
        for (int x = MAX (cx - 6, 0); x <= MIN (cx + 6, W * scale - 1); x++)
          near[y * W * scale + x] = 1;
    }
  guint changed = 0, far = 0;
  for (int y = 0; y < H * scale; y++)
    for (int x = 0; x < W * scale; x++)
      if (!near[y * W * scale + x])
        {
          g_assert_cmphex (pixel (image, x, y), ==, pixel (frame, x, y));
          far++;
        }
      else if (pixel (image, x, y) != pixel (frame, x, y))
        changed++;
  g_assert_cmpuint (far, >, (guint)n_px / 2);
  g_assert_cmpuint (changed, >, n_dots);
  /* Every hit is inked where its dot is. */
  for (guint d = 0; d < n_dots; d++)
    {
      const CaromMapDot *dot = carom_map_plot_get_dot (plot, (int)d);
      int cx = (int)(dot->x * scale), cy = (int)(dot->y * scale);
      g_assert_cmphex (pixel (image, cx, cy), !=, pixel (frame, cx, cy));
    }

  /* The last dot drawn (the last ray's last hit) shows its ray's colour at
   * its centre: the fan's last ray, the ramp's end. */
  const CaromMapDot *last = carom_map_plot_get_dot (plot, (int)n_dots - 1);
  g_assert_cmpuint (last->ball, ==, 5);
  double rgb[3];
  carom_map_dot_colour (TRUE, 4, 5, last->hit, 0, CAROM_PATHS_BY_RAY, FALSE, rgb);
  guint32 p = pixel (image, (int)(last->x * scale), (int)(last->y * scale));
  g_assert_cmpuint (p >> 24, ==, 0xff);
  g_assert_cmpint (abs ((int)((p >> 16) & 0xff) - (int)(rgb[0] * 255)), <=, 2);
  g_assert_cmpint (abs ((int)((p >> 8) & 0xff) - (int)(rgb[1] * 255)), <=, 2);
  g_assert_cmpint (abs ((int)(p & 0xff) - (int)(rgb[2] * 255)), <=, 2);
  cairo_surface_destroy (frame);
}

/* 4: a large beam drawn a slice at a time (as the pane does between
 * frames) gives the same dots and the same pixels as drawn at once, and
 * each slice gets on however small its budget. */
static void
test_slices (void)
{
  g_autoptr (CmScene) scene = scene_with_fan (100);
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  g_autoptr (CaromMapPlot) whole = plot_built (trace, 50, 1);
  g_assert_cmpuint (carom_map_plot_get_n_rays (whole), ==, 100);
  g_autoptr (CaromMapPlot) sliced
      = carom_map_plot_new (trace, 50, W, H, 1, FALSE, CAROM_PATHS_BY_RAY);
  guint slices = 1;
  while (!carom_map_plot_build (sliced, 0))
    {
      g_assert_false (carom_map_plot_is_built (sliced));
      /* Not yet built: a ray's dots are not looked up half drawn. */
      g_assert_cmpint (carom_map_plot_dot_of (sliced, 1, 0), ==, -1);
      slices++;
      g_assert_cmpuint (slices, <=, 100);
    }
  g_assert_cmpuint (slices, >, 1);
  g_assert_true (carom_map_plot_build (sliced, 0)); /* built stays built */
  guint n = carom_map_plot_get_n_dots (whole);
  g_assert_cmpuint (n, >, 300);
  g_assert_cmpuint (carom_map_plot_get_n_dots (sliced), ==, n);
  g_assert_cmpmem (carom_map_plot_get_dot (sliced, 0), n * sizeof (CaromMapDot),
                   carom_map_plot_get_dot (whole, 0), n * sizeof (CaromMapDot));
  for (guint i = 0; i < 100; i++)
    {
      guint s0, e0, s1, e1;
      g_assert_true (carom_map_plot_ray_dots (whole, i, &s0, &e0));
      g_assert_true (carom_map_plot_ray_dots (sliced, i, &s1, &e1));
      g_assert_cmpuint (s0, ==, s1);
      g_assert_cmpuint (e0, ==, e1);
    }
  cairo_surface_t *a = carom_map_plot_get_surface (whole), *b = carom_map_plot_get_surface (sliced);
  g_assert_cmpmem (cairo_image_surface_get_data (a),
                   cairo_image_surface_get_stride (a) * cairo_image_surface_get_height (a),
                   cairo_image_surface_get_data (b),
                   cairo_image_surface_get_stride (b) * cairo_image_surface_get_height (b));
  cairo_surface_t *taken = carom_map_plot_steal_surface (sliced);
  g_assert_true (taken == b);
  g_assert_null (carom_map_plot_get_surface (sliced));
  cairo_surface_destroy (taken);
}

/* 5: a ball going back and forth between two walls hits the same two
 * points again and again: pointing at one picks the stepper's own hit
 * there, clicking goes round the hits there from the stepper's; pointing
 * away from the dots picks none. */
static void
test_pick (void)
{
  g_autoptr (CmScene) scene = cm_scene_new ();
  CgVec2 room[] = { { -300, -300 }, { -300, 300 }, { 300, 300 }, { 300, -300 } };
  cm_scene_add_polygon (scene, "room", CG_ROLE_WALL, room, 4);
  cm_scene_add_ball (scene, "ball", cg_v2 (0, 0), 20, cg_v2 (1, 0), 6);
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  g_autoptr (CaromMapPlot) plot = plot_built (trace, 0, 1);
  g_assert_cmpuint (carom_map_plot_get_n_dots (plot), ==, 6);
  const CaromMapDot *d0 = carom_map_plot_get_dot (plot, 0), *d1 = carom_map_plot_get_dot (plot, 1);
  for (int k = 2; k < 6; k++)
    {
      const CaromMapDot *same = k % 2 == 0 ? d0 : d1, *d = carom_map_plot_get_dot (plot, k);
      g_assert_cmpfloat_with_epsilon (d->x, same->x, 0.01);
      g_assert_cmpfloat_with_epsilon (d->y, same->y, 0.01);
    }
  g_assert_cmpfloat (fabs (d0->x - d1->x), >, 20.0);

  double x = d0->x + 3, y = d0->y - 3; /* within reach of the dot */
  /* Hovering: the stepper's own hit when it is there, else the first after it. */
  g_assert_cmpint (carom_map_plot_pick (plot, x, y, 8.0, 0, 3, FALSE), ==, 2);
  g_assert_cmpint (carom_map_plot_pick (plot, x, y, 8.0, 0, 2, FALSE), ==, 2);
  g_assert_cmpint (carom_map_plot_pick (plot, x, y, 8.0, 0, 0, FALSE), ==, 0);
  /* Clicking: the first after the stepper's hit, round to the first. */
  g_assert_cmpint (carom_map_plot_pick (plot, x, y, 8.0, 0, 0, TRUE), ==, 0);
  g_assert_cmpint (carom_map_plot_pick (plot, x, y, 8.0, 0, 1, TRUE), ==, 2);
  g_assert_cmpint (carom_map_plot_pick (plot, x, y, 8.0, 0, 3, TRUE), ==, 4);
  g_assert_cmpint (carom_map_plot_pick (plot, x, y, 8.0, 0, 5, TRUE), ==, 0);
  g_assert_cmpint (carom_map_plot_pick (plot, d1->x, d1->y, 8.0, 0, 2, TRUE), ==, 3);
  /* Out of reach. */
  g_assert_cmpint (carom_map_plot_pick (plot, d0->x + 9, d0->y, 8.0, 0, 0, FALSE), ==, -1);
  g_assert_cmpint (carom_map_plot_pick (plot, 2, 2, 8.0, 0, 0, FALSE), ==, -1);
}

/* 6: the keys: ← → along a ray (staying at its ends), Home and End to its
 * ends, ↑ ↓ to the ray before or after at the same hit, or its last when it
 * has fewer. The fan's rays have 4, 2, 2, 7 and 6 hits (some stop on the
 * post). */
static void
test_keys (void)
{
  g_autoptr (CmScene) scene = scene_with_fan (5);
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  g_autoptr (CaromMapPlot) plot = plot_built (trace, 1, 1);
  guint start[5], end[5];
  const guint hits[5] = { 4, 2, 2, 7, 6 };
  for (guint i = 0; i < 5; i++)
    {
      g_assert_true (carom_map_plot_ray_dots (plot, i, &start[i], &end[i]));
      g_assert_cmpuint (end[i] - start[i], ==, hits[i]);
    }
    /* The dot of hit k of ray i. */
#define DOT(i, k) ((int)start[i] + (k))
  g_assert_cmpint (carom_map_plot_move (plot, DOT (0, 0), CAROM_MAP_MOVE_PREVIOUS), ==, DOT (0, 0));
  g_assert_cmpint (carom_map_plot_move (plot, DOT (0, 0), CAROM_MAP_MOVE_NEXT), ==, DOT (0, 1));
  g_assert_cmpint (carom_map_plot_move (plot, DOT (0, 1), CAROM_MAP_MOVE_PREVIOUS), ==, DOT (0, 0));
  g_assert_cmpint (carom_map_plot_move (plot, DOT (0, 3), CAROM_MAP_MOVE_NEXT), ==, DOT (0, 3));
  g_assert_cmpint (carom_map_plot_move (plot, DOT (0, 1), CAROM_MAP_MOVE_LAST), ==, DOT (0, 3));
  g_assert_cmpint (carom_map_plot_move (plot, DOT (0, 3), CAROM_MAP_MOVE_FIRST), ==, DOT (0, 0));
  /* Across rays: the same hit, or the last of a ray with fewer. */
  g_assert_cmpint (carom_map_plot_move (plot, DOT (0, 1), CAROM_MAP_MOVE_DOWN), ==, DOT (1, 1));
  g_assert_cmpint (carom_map_plot_move (plot, DOT (0, 3), CAROM_MAP_MOVE_DOWN), ==, DOT (1, 1));
  g_assert_cmpint (carom_map_plot_move (plot, DOT (1, 1), CAROM_MAP_MOVE_UP), ==, DOT (0, 1));
  g_assert_cmpint (carom_map_plot_move (plot, DOT (3, 6), CAROM_MAP_MOVE_DOWN), ==, DOT (4, 5));
  g_assert_cmpint (carom_map_plot_move (plot, DOT (3, 5), CAROM_MAP_MOVE_UP), ==, DOT (2, 1));
  g_assert_cmpint (carom_map_plot_move (plot, DOT (4, 2), CAROM_MAP_MOVE_UP), ==, DOT (3, 2));
  const CaromMapDot *d = carom_map_plot_get_dot (plot, DOT (3, 2));
  g_assert_cmpuint (d->ball, ==, 4);
  g_assert_cmpuint (d->hit, ==, 2);
  /* Nothing above the first ray, nothing below the last. */
  g_assert_cmpint (carom_map_plot_move (plot, DOT (0, 2), CAROM_MAP_MOVE_UP), ==, DOT (0, 2));
  g_assert_cmpint (carom_map_plot_move (plot, DOT (4, 2), CAROM_MAP_MOVE_DOWN), ==, DOT (4, 2));
  g_assert_cmpint (carom_map_plot_move (plot, -1, CAROM_MAP_MOVE_NEXT), ==, -1);
#undef DOT
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/map-plot/rays", test_rays);
  g_test_add_func ("/map-plot/dots", test_dots);
  g_test_add_func ("/map-plot/image", test_image);
  g_test_add_func ("/map-plot/slices", test_slices);
  g_test_add_func ("/map-plot/pick", test_pick);
  g_test_add_func ("/map-plot/keys", test_keys);
  return g_test_run ();
}
