/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-boundary-map.c: the boundary map (ξ, sin φ) of the seed square's
 * hits against values worked out by hand, corner and edge hits on the
 * post, and the plot: its dots where the points are. */
#include <glib/gstdio.h>
#include <string.h>

#include "model/carom-boundary-map.h"
#include "render/carom-map-render.h"

#define SQRT1_2 0.70710678118654752440

/* The seed tutorial's room and post (geometry.md's worked example), with
 * the tutorial's ball and two more aimed at the post. */
static CmScene *
seed_scene (void)
{
  CmScene *scene = cm_scene_new ();
  CgVec2 room[] = { { -300, -300 }, { -300, 300 }, { 300, 300 }, { 300, -300 } };
  CgVec2 post[] = { { 20, -100 }, { 20, 50 }, { -20, 50 }, { -20, -100 } };
  cm_scene_add_polygon (scene, "room", CG_ROLE_WALL, room, 4);
  cm_scene_add_polygon (scene, "post", CG_ROLE_OBSTACLE, post, 4);
  cm_scene_add_ball (scene, "ball", cg_v2 (-200, 0), 40, cg_v2 (1, 1), 29);
  /* Head-on at the post's vertex 1, (20, 50): the corner arc. */
  cm_scene_add_ball (scene, "corner", cg_v2 (120, 150), 40, cg_v2 (-1, -1), 29);
  /* Obliquely at the post's edge 0, x = 20: the offset segment x = 60. */
  cm_scene_add_ball (scene, "edge", cg_v2 (200, -50), 40, cg_v2 (-2, 1), 29);
  return scene;
}

static void
assert_point (const CaromMapPoint *p, double xi, double sin_phi)
{
  if (!(fabs (p->xi - xi) <= 1e-9 && fabs (p->sin_phi - sin_phi) <= 1e-12))
    g_error ("expected (ξ, sin φ) = (%.17g, %.17g), got (%.17g, %.17g)", xi, sin_phi, p->xi,
             p->sin_phi);
}

/* 1: by hand. The room's edges, from its first vertex (−300, −300): edge 0
 * down the left side to (−300, 300) (ξ 0 … 600), edge 1 along the bottom to
 * (300, 300) (600 … 1200), edge 2 up the right side (1200 … 1800), edge 3
 * along the top back to the start (1800 … 2400); then the post from
 * (20, −100): 150, 40, 150, 40 (2400 … 2780).
 *   hit 1: centre (60, 260) on the bottom, n = (0, −1): contact
 *          (60, 260) − 40 n = (60, 300), ξ = 600 + 360 = 960;
 *          d′ = (1, −1)/√2, sin φ = 0·(−1/√2) − (−1)(1/√2) = 1/√2.
 *   hit 2: (260, 60) on the right, n = (−1, 0): contact (300, 60),
 *          ξ = 1200 + 240 = 1440; d′ = (−1, −1)/√2, sin φ = 1/√2.
 *   hit 3: (−60, −260) on the top, n = (0, 1): contact (−60, −300),
 *          ξ = 1800 + 360 = 2160; d′ = (−1, 1)/√2, sin φ = 1/√2.
 *   hit 4: (−260, −60) on the left, n = (1, 0): contact (−300, −60),
 *          ξ = 0 + 240 = 240; d′ = (1, 1)/√2, sin φ = 1/√2.
 * and the orbit repeats with period 4. */
static void
test_map_seed_by_hand (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  g_autofree double *offsets = carom_boundary_map_offsets (trace);
  g_assert_cmpfloat (offsets[0], ==, 0);
  g_assert_cmpfloat (offsets[1], ==, 2400);
  g_assert_cmpfloat (offsets[2], ==, 2780);

  g_autoptr (GArray) points = carom_boundary_map_points (trace, 0, offsets);
  g_assert_cmpuint (points->len, ==, 29);
  static const double xi[4] = { 960, 1440, 2160, 240 };
  for (guint k = 0; k < points->len; k++)
    {
      const CaromMapPoint *p = &g_array_index (points, CaromMapPoint, k);
      assert_point (p, xi[k % 4], SQRT1_2);
      g_assert_cmpuint (p->hit, ==, k);
      g_assert_cmpuint (p->polygon, ==, 0);
    }
  const CaromMapPoint *first = &g_array_index (points, CaromMapPoint, 0);
  g_assert_cmpfloat_with_epsilon (first->contact.x, 60, 1e-9);
  g_assert_cmpfloat_with_epsilon (first->contact.y, 300, 1e-9);

  /* The corner: the ball meets the arc at vertex 1 head on and stops; the
   * contact is the vertex, ξ = 2400 + 150, and d′ ∥ −n: sin φ = 0. */
  g_autoptr (GArray) corner = carom_boundary_map_points (trace, 1, NULL);
  g_assert_cmpuint (corner->len, ==, 1);
  const CaromMapPoint *c = &g_array_index (corner, CaromMapPoint, 0);
  assert_point (c, 2550, 0);
  g_assert_cmpuint (c->polygon, ==, 1);
  g_assert_true (c->contact.x == 20 && c->contact.y == 50);

  /* The edge: d = (−2, 1)/√5 meets x = 60 at (60, 20) after travelling 140
   * across; contact (20, 20), ξ = 2400 + 120; n = (1, 0), so
   * sin φ = d′.y = 1/√5 (a stop: d′ = d, and cross(n, d′) = cross(n, d)). */
  g_autoptr (GArray) edge = carom_boundary_map_points (trace, 2, NULL);
  g_assert_cmpuint (edge->len, ==, 1);
  assert_point (&g_array_index (edge, CaromMapPoint, 0), 2520, 1 / sqrt (5));
}

/* 2: a ball never seen by a map of another; hidden objects are not part of ξ. */
static void
test_map_hidden_objects_leave_xi (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  CgVec2 extra[] = { { 200, 200 }, { 250, 200 }, { 250, 250 } };
  CmObject *o = cm_scene_add_polygon (scene, "hidden", CG_ROLE_OBSTACLE, extra, 3);
  o->hidden = TRUE;
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  g_autofree double *offsets = carom_boundary_map_offsets (trace);
  g_assert_cmpuint (trace->polygons->len, ==, 2);
  g_assert_cmpfloat (offsets[2], ==, 2780);
}

/* 3: the plot: a PNG of the plot's size, with the ball's colour where the
 * frame puts the seed's points and the background between them; SVG and PDF
 * files that are SVG and PDF. */
static void
test_map_plot (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  g_autofree char *dir = g_dir_make_tmp ("carom-map-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "map.png", NULL);
  guint ball = 0;
  g_autoptr (GError) error = NULL;
  g_assert_true (carom_map_write (png, trace, &ball, 1, &error));
  g_assert_no_error (error);
  cairo_surface_t *image = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  int w = cairo_image_surface_get_width (image), h = cairo_image_surface_get_height (image);
  g_assert_cmpint (w, ==, (int)(CAROM_MAP_WIDTH_PT * CAROM_MAP_PX_PER_PT));
  g_assert_cmpint (h, ==, (int)(CAROM_MAP_HEIGHT_PT * CAROM_MAP_PX_PER_PT));
  const unsigned char *data = cairo_image_surface_get_data (image);
  int stride = cairo_image_surface_get_stride (image);
  CaromMapFrame frame = carom_map_frame (CAROM_MAP_WIDTH_PT, CAROM_MAP_HEIGHT_PT, 2780);
  static const double xi[] = { 240, 960, 1440, 2160, 600 };
  for (guint k = 0; k < G_N_ELEMENTS (xi); k++)
    {
      double x, y;
      carom_map_frame_point (&frame, xi[k], SQRT1_2, &x, &y);
      int px = (int)(x * CAROM_MAP_PX_PER_PT), py = (int)(y * CAROM_MAP_PX_PER_PT);
      guint32 pixel = *(const guint32 *)(data + py * stride + 4 * px);
      int r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;
      /* The first ball's colour is Okabe–Ito blue (0, 114, 178); ξ = 600 has
       * no point: background. */
      if (k < 4)
        g_assert_true (r < 40 && b > 140 && g > 80 && g < 150);
      else
        g_assert_true (r > 200 && g > 200 && b > 200);
    }
  cairo_surface_destroy (image);

  g_autofree char *svg = g_build_filename (dir, "map.svg", NULL);
  g_autofree char *pdf = g_build_filename (dir, "map.pdf", NULL);
  g_assert_true (carom_map_write (svg, trace, &ball, 1, NULL));
  g_assert_true (carom_map_write (pdf, trace, &ball, 1, NULL));
  g_autofree char *svg_text = NULL, *pdf_text = NULL;
  g_assert_true (g_file_get_contents (svg, &svg_text, NULL, NULL));
  g_assert_true (g_file_get_contents (pdf, &pdf_text, NULL, NULL));
  g_assert_true (strstr (svg_text, "<svg") != NULL);
  g_assert_true (g_str_has_prefix (pdf_text, "%PDF"));
  g_autofree char *bad = g_build_filename (dir, "map.txt", NULL);
  g_assert_false (carom_map_write (bad, trace, &ball, 1, &error));
  g_assert_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT);
  g_unlink (png);
  g_unlink (svg);
  g_unlink (pdf);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/boundary-map/seed-by-hand", test_map_seed_by_hand);
  g_test_add_func ("/boundary-map/hidden-objects-leave-xi", test_map_hidden_objects_leave_xi);
  g_test_add_func ("/boundary-map/plot", test_map_plot);
  return g_test_run ();
}
