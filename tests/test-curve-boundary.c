/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-curve-boundary.c: the true offset boundary of curved boundaries
 * (cg-curve-boundary.h): exact areas of shapes worked by hand, equality
 * with the polygon module on straight shapes, and a grid estimate on random
 * curved shapes. */
#include <glib.h>

#include "geom/cg-boundary.h"
#include "geom/cg-curve-boundary.h"

#define TWO_PI 6.283185307179586476925286766559

static double
area_of (const CgVec2 *v, const CgCurveEdge *e, size_t n, CgRole role, double r, size_t *pieces)
{
  CgCurveBoundary b;
  g_assert_true (cg_curve_boundary_build (v, e, n, r, &b));
  double a = cg_curve_boundary_area (&b, role);
  if (pieces)
    *pieces = b.n_pieces;
  cg_curve_boundary_clear (&b);
  return a;
}

/* 1: circles, a round room, a stadium, the half disk: areas by hand. */
static void
test_exact_areas (void)
{
  CgVec2 v;
  CgCurveEdge e;
  size_t np;
  cg_curve_circle (cg_v2 (3, -4), 10, CG_ROLE_OBSTACLE, &v, &e);
  g_assert_cmpfloat_with_epsilon (area_of (&v, &e, 1, CG_ROLE_OBSTACLE, 2, &np), M_PI * 144, 1e-9);
  g_assert_cmpuint (np, ==, 1);
  cg_curve_circle (cg_v2 (3, -4), 10, CG_ROLE_WALL, &v, &e);
  g_assert_cmpfloat_with_epsilon (area_of (&v, &e, 1, CG_ROLE_WALL, 2, &np), M_PI * 64, 1e-9);
  g_assert_cmpfloat (area_of (&v, &e, 1, CG_ROLE_WALL, 12, &np), ==, 0);
  g_assert_cmpuint (np, ==, 0);

  /* stadium wall: straight part 10 long, ends of radius 3; r = 1 leaves a
   * stadium of radius 2: 10 x 4 + π 2² */
  CgVec2 st[4] = { { -5, -3 }, { -5, 3 }, { 5, 3 }, { 5, -3 } };
  CgCurveEdge ste[4]
      = { { { -5, 0 }, 3, -M_PI }, { { 0, 0 }, 0, 0 }, { { 5, 0 }, 3, -M_PI }, { { 0, 0 }, 0, 0 } };
  g_assert_cmpfloat_with_epsilon (area_of (st, ste, 4, CG_ROLE_WALL, 1, NULL), 40 + 4 * M_PI, 1e-9);
  /* r = 3: the room shrinks to the segment between the centres: no area */
  g_assert_cmpfloat_with_epsilon (area_of (st, ste, 4, CG_ROLE_WALL, 3.5, NULL), 0, 1e-9);
  /* the stadium as an obstacle grown by 1: 10 x 8 + π 4² */
  CgVec2 so[4] = { { 5, -3 }, { 5, 3 }, { -5, 3 }, { -5, -3 } };
  CgCurveEdge soe[4]
      = { { { 5, 0 }, 3, M_PI }, { { 0, 0 }, 0, 0 }, { { -5, 0 }, 3, M_PI }, { { 0, 0 }, 0, 0 } };
  g_assert_cmpfloat (cg_curve_signed_area (so, soe, 4), >, 0);
  g_assert_cmpfloat_with_epsilon (area_of (so, soe, 4, CG_ROLE_OBSTACLE, 1, NULL), 80 + 16 * M_PI,
                                  1e-9);

  /* the half disk of radius 5 grown by 1: a half disk of 6, a 10 x 1 strip
   * and two quarter disks of 1 */
  CgVec2 hv[2] = { { 5, 0 }, { -5, 0 } };
  CgCurveEdge he[2] = { { { 0, 0 }, 0, 0 }, { { 0, 0 }, 5, M_PI } };
  g_assert_cmpfloat_with_epsilon (area_of (hv, he, 2, CG_ROLE_OBSTACLE, 1, NULL),
                                  18 * M_PI + 10 + M_PI / 2, 1e-9);

  /* a 10 x 10 obstacle with a dent of radius 1 < r = 2: the dent fills up
   * (100 + 4 x 10 x 2 + π 2²), but above it the caps of radius 2 at the
   * dent's corners (4, 0) and (6, 0) meet at (5, -√3), short of y = -2: a
   * notch of 2 (2 - ∫₀¹ √(4 - u²) du) = 2 (2 - √3/2 - π/3) */
  CgVec2 dv[6] = { { 0, 0 }, { 4, 0 }, { 6, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } };
  CgCurveEdge de[6];
  for (int i = 0; i < 6; i++)
    de[i] = cg_curve_edge_straight ();
  de[1] = cg_curve_edge_arc (dv[1], dv[2], -M_PI);
  g_assert_cmpfloat_with_epsilon (area_of (dv, de, 6, CG_ROLE_OBSTACLE, 2, NULL),
                                  180 + 4 * M_PI - 2 * (2 - sqrt (3) / 2 - M_PI / 3), 1e-9);
}

/* 2: on straight shapes the curved module agrees with the polygon one
 * (cg-boundary.h), including radii where the seed outline loops. */
static void
test_straight_equals_polygon_module (void)
{
  /* a U-shaped obstacle with a notch 2 wide, and the same as a wall */
  CgVec2 u[8]
      = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 6, 10 }, { 6, 4 }, { 4, 4 }, { 4, 10 }, { 0, 10 } };
  CgCurveEdge ue[8];
  for (int i = 0; i < 8; i++)
    ue[i] = cg_curve_edge_straight ();
  for (int role = 0; role < 2; role++)
    {
      CgVec2 v[8];
      CgCurveEdge e[8];
      memcpy (v, u, sizeof v);
      memcpy (e, ue, sizeof e);
      CgRole rl = role ? CG_ROLE_OBSTACLE : CG_ROLE_WALL;
      cg_curve_orient (v, e, 8, rl);
      CgVec2 pv[8];
      memcpy (pv, v, sizeof pv);
      const double radii[] = { 0.3, 0.9, 1.0, 1.5, 2.5, 4.9 };
      for (size_t k = 0; k < G_N_ELEMENTS (radii); k++)
        {
          CgBoundary pb;
          g_assert_true (cg_boundary_build (pv, 8, rl, radii[k], &pb));
          double want = cg_boundary_area (&pb, rl);
          cg_boundary_clear (&pb);
          double got = area_of (v, e, 8, rl, radii[k], NULL);
          if (fabs (got - want) > 1e-9 * 100)
            g_error ("role %d r %g: curved %.17g, polygon %.17g", role, radii[k], got, want);
        }
    }
}

/* The area of {p : the ball's centre may be at p} estimated on a grid:
 * outside an obstacle or inside a wall, and at least r from every edge. */
static double
grid_area (const CgVec2 *v, const CgCurveEdge *e, size_t n, CgRole role, double r, int steps)
{
  CgAabb box = cg_aabb_pad (cg_curve_bounds (v, e, n), r);
  double hx = (box.hi.x - box.lo.x) / steps, hy = (box.hi.y - box.lo.y) / steps;
  long inside = 0;
  for (int i = 0; i < steps; i++)
    for (int j = 0; j < steps; j++)
      {
        CgVec2 p = { box.lo.x + (i + 0.5) * hx, box.lo.y + (j + 0.5) * hy };
        bool in_shape = cg_curve_winding (v, e, n, p) != 0;
        double d = INFINITY;
        for (size_t k = 0; k < n; k++)
          d = fmin (d, cg_curve_edge_distance (v, e, n, k, p));
        /* obstacle: the grown region (inside, or within r); wall: the shrunk one */
        if (role == CG_ROLE_OBSTACLE ? (in_shape || d < r) : (in_shape && d >= r))
          inside++;
      }
  return inside * hx * hy;
}

/* 3: random curved shapes (polygons with edges bent out and in) against a
 * grid estimate, obstacles and walls, at several radii. */
static void
test_random_against_grid (void)
{
  GRand *rng = g_rand_new_with_seed (16);
  int checked = 0;
  while (checked < 24)
    {
      int k = g_rand_int_range (rng, 3, 9);
      CgVec2 v[8];
      CgCurveEdge e[8];
      double phase = g_rand_double_range (rng, 0, TWO_PI);
      for (int i = 0; i < k; i++)
        {
          double a = phase + TWO_PI * (i + g_rand_double_range (rng, -0.3, 0.3)) / k;
          double rad = g_rand_double_range (rng, 6, 10);
          v[i] = cg_v2 (rad * cos (a), rad * sin (a));
        }
      for (int i = 0; i < k; i++)
        {
          int kind = g_rand_int_range (rng, 0, 3);
          double sweep = g_rand_double_range (rng, 0.3, 2.0) * (kind == 1 ? 1 : -1);
          e[i] = kind == 0 ? cg_curve_edge_straight ()
                           : cg_curve_edge_arc (v[i], v[(i + 1) % k], sweep);
        }
      CgRole role = checked % 2 ? CG_ROLE_OBSTACLE : CG_ROLE_WALL;
      cg_curve_orient (v, e, k, role);
      if (cg_curve_validate (v, e, k, 1e-8).status != CG_CURVE_OK)
        continue;
      double r = g_rand_double_range (rng, 0.2, 3.0);
      double got = area_of (v, e, k, role, r, NULL);
      double want = grid_area (v, e, k, role, r, 400);
      CgAabb box = cg_aabb_pad (cg_curve_bounds (v, e, k), r);
      double cell = (box.hi.x - box.lo.x) / 400 * (box.hi.y - box.lo.y) / 400;
      /* the grid errs by about half a cell per cell the boundary crosses */
      double tol = 0.01 * want + 400 * cell;
      if (fabs (got - want) > tol)
        g_error ("shape %d (%s, %d edges, r %g): area %.6f, grid %.6f", checked,
                 role == CG_ROLE_WALL ? "wall" : "obstacle", k, r, got, want);
      checked++;
    }
  g_rand_free (rng);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/curve-boundary/exact-areas", test_exact_areas);
  g_test_add_func ("/curve-boundary/straight-equals-polygon-module",
                   test_straight_equals_polygon_module);
  g_test_add_func ("/curve-boundary/random-against-grid", test_random_against_grid);
  return g_test_run ();
}
