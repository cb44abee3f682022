/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-lab.c: the Collision lab's tests (geom/cg-lab.h): the known cases of
 * the source articles (002–004), SAT against an independent overlap test on
 * random convex polygons, the swept circle against Carom's general circle
 * cast, and the grid broad phase against the one world's BVH. */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "geom/cg-lab.h"

static void
assert_near (double got, double want, double tol)
{
  if (!(fabs (got - want) <= tol))
    g_error ("%.17g differs from %.17g by more than %g", got, want, tol);
}

/* Article 004's segment–segment test: uA, uB and the point; the parallel and
 * collinear cases it leaves to a division by zero are named. */
static void
test_segments (void)
{
  CgSegments s
      = cg_lab_segments (cg_v2 (50, 50), cg_v2 (450, 450), cg_v2 (100, 400), cg_v2 (800, 100));
  g_assert_cmpint (s.kind, ==, CG_SEGMENTS_CROSS);
  assert_near (s.denom, -400000, 0);
  assert_near (s.ua, 0.65, 1e-15);
  assert_near (s.ub, 0.3, 1e-15);
  assert_near (s.point.x, 310, 1e-12);
  assert_near (s.point.y, 310, 1e-12);
  /* the tolerance of these four points' numbers: 4 eps of 800 */
  g_assert_cmpfloat (s.tol, ==, cg_tolerance (800));

  s = cg_lab_segments (cg_v2 (0, 0), cg_v2 (2, 2), cg_v2 (0, 2), cg_v2 (2, 0));
  g_assert_cmpint (s.kind, ==, CG_SEGMENTS_CROSS);
  assert_near (s.ua, 0.5, 0);
  assert_near (s.ub, 0.5, 0);
  /* Ends touching count. */
  s = cg_lab_segments (cg_v2 (0, 0), cg_v2 (1, 1), cg_v2 (1, 1), cg_v2 (2, 0));
  g_assert_cmpint (s.kind, ==, CG_SEGMENTS_CROSS);
  assert_near (s.ua, 1, 0);
  assert_near (s.ub, 0, 0);
  /* Far from the origin, ends touching still count: no tolerance depends
   * on a scene. */
  s = cg_lab_segments (cg_v2 (1e12, 1e12), cg_v2 (1e12 + 1, 1e12 + 1), cg_v2 (1e12 + 1, 1e12 + 1),
                       cg_v2 (1e12 + 2, 1e12));
  g_assert_cmpint (s.kind, ==, CG_SEGMENTS_CROSS);
  assert_near (s.ua, 1, 0);
  assert_near (s.ub, 0, 0);
  /* Lines crossing beyond a segment. */
  s = cg_lab_segments (cg_v2 (0, 0), cg_v2 (1, 0), cg_v2 (2, -1), cg_v2 (2, 1));
  g_assert_cmpint (s.kind, ==, CG_SEGMENTS_APART);
  assert_near (s.ua, 2, 1e-15);
  s = cg_lab_segments (cg_v2 (0, 0), cg_v2 (1, 0), cg_v2 (0, 1), cg_v2 (1, 1));
  g_assert_cmpint (s.kind, ==, CG_SEGMENTS_PARALLEL);
  g_assert_cmpfloat (s.denom, ==, 0);
  s = cg_lab_segments (cg_v2 (0, 0), cg_v2 (2, 0), cg_v2 (1, 0), cg_v2 (3, 0));
  g_assert_cmpint (s.kind, ==, CG_SEGMENTS_COLLINEAR);
  assert_near (s.overlap_from.x, 1, 0);
  assert_near (s.overlap_to.x, 2, 0);
  s = cg_lab_segments (cg_v2 (0, 0), cg_v2 (1, 0), cg_v2 (2, 0), cg_v2 (3, 0));
  g_assert_cmpint (s.kind, ==, CG_SEGMENTS_COLLINEAR_APART);
}

/* Article 003's AABB and circle tests: strict, so touching is no overlap. */
static void
test_boxes_and_circles (void)
{
  CgBoxes b = cg_lab_boxes ((CgAabb){ { 0, 0 }, { 10, 10 } }, (CgAabb){ { 5, 5 }, { 15, 15 } });
  g_assert_true (b.overlap);
  assert_near (b.depth_x, 5, 0);
  b = cg_lab_boxes ((CgAabb){ { 0, 0 }, { 10, 10 } }, (CgAabb){ { 10, 0 }, { 20, 10 } });
  g_assert_false (b.overlap); /* touching */
  g_assert_true (b.overlap_y);
  assert_near (b.depth_x, 0, 0);
  b = cg_lab_boxes ((CgAabb){ { 0, 0 }, { 10, 10 } }, (CgAabb){ { 12, 3 }, { 20, 5 } });
  g_assert_false (b.overlap);
  assert_near (b.depth_x, -2, 0);

  CgCircles c = cg_lab_circles (cg_v2 (0, 0), 3, cg_v2 (4, 3), 3);
  g_assert_true (c.overlap);
  assert_near (c.distance, 5, 0);
  assert_near (c.depth, 1, 0);
  assert_near (c.normal.x, 0.8, 1e-15);
  c = cg_lab_circles (cg_v2 (0, 0), 2, cg_v2 (4, 3), 3); /* touching */
  g_assert_false (c.overlap);
  g_assert_cmpfloat (c.distance_sq, ==, c.radii_sq);
}

/* SAT on squares: apart on an axis, or overlapping with the least push. */
static void
test_sat_known (void)
{
  CgVec2 a[] = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } };
  CgVec2 b[] = { { 8, 3 }, { 18, 3 }, { 18, 13 }, { 8, 13 } };
  CgSat sat;
  g_assert_true (cg_lab_sat_polygons (a, 4, b, 4, &sat));
  g_assert_true (sat.overlap);
  g_assert_cmpuint (sat.n_axes, ==, 8);
  /* The least overlap is 2 along x, pushing b to +x. */
  assert_near (sat.depth, 2, 1e-12);
  assert_near (sat.mtv.x, 2, 1e-12);
  assert_near (sat.mtv.y, 0, 1e-12);

  CgVec2 c[] = { { 12, 0 }, { 20, 5 }, { 14, 9 } };
  g_assert_true (cg_lab_sat_polygons (a, 4, c, 3, &sat));
  g_assert_false (sat.overlap);
  g_assert_cmpint (sat.separating, >=, 0);
  g_assert_cmpfloat (sat.axes[sat.separating].overlap, <=, 0);

  /* Circle–polygon: the axis to the nearest vertex separates near a corner. */
  g_assert_true (cg_lab_sat_circle (a, 4, cg_v2 (12, 12), 2.5, &sat));
  g_assert_false (sat.overlap);
  g_assert_cmpint (sat.axes[sat.separating].from, ==, 2);
  g_assert_true (cg_lab_sat_circle (a, 4, cg_v2 (11, 5), 2, &sat));
  g_assert_true (sat.overlap);
  assert_near (sat.mtv.x, 1, 1e-12);

  /* Not convex: refused. */
  CgVec2 l[] = { { 0, 0 }, { 10, 0 }, { 10, 4 }, { 4, 4 }, { 4, 10 }, { 0, 10 } };
  g_assert_false (cg_polygon_is_convex (l, 6));
  g_assert_false (cg_lab_sat_polygons (l, 6, b, 4, &sat));
}

/* Do the segments ab and cd cross or touch? (orientations, exact enough here) */
static gboolean
segments_meet (CgVec2 a, CgVec2 b, CgVec2 c, CgVec2 d)
{
  double d1 = cg_cross (cg_sub (b, a), cg_sub (c, a)), d2 = cg_cross (cg_sub (b, a), cg_sub (d, a));
  double d3 = cg_cross (cg_sub (d, c), cg_sub (a, c)), d4 = cg_cross (cg_sub (d, c), cg_sub (b, c));
  return ((d1 > 0) != (d2 > 0) || d1 == 0 || d2 == 0)
         && ((d3 > 0) != (d4 > 0) || d3 == 0 || d4 == 0);
}

/* An overlap test that shares nothing with SAT: edges crossing, or one
 * polygon's vertex inside the other. */
static gboolean
polygons_overlap (const CgVec2 *a, size_t na, const CgVec2 *b, size_t nb)
{
  for (size_t i = 0; i < na; i++)
    for (size_t j = 0; j < nb; j++)
      if (segments_meet (a[i], a[(i + 1) % na], b[j], b[(j + 1) % nb]))
        return TRUE;
  return cg_polygon_contains (a, na, b[0]) || cg_polygon_contains (b, nb, a[0]);
}

/* A random convex polygon: points on a circle at random angles. */
static size_t
random_convex (GRand *rand, CgVec2 *out)
{
  size_t n = (size_t)g_rand_int_range (rand, 3, 9);
  double angles[8];
  for (size_t i = 0; i < n; i++)
    angles[i] = g_rand_double_range (rand, 0, 2 * G_PI);
  for (size_t i = 1; i < n; i++)
    for (size_t j = i; j > 0 && angles[j - 1] > angles[j]; j--)
      {
        double t = angles[j];
        angles[j] = angles[j - 1];
        angles[j - 1] = t;
      }
  CgVec2 c = { g_rand_double_range (rand, -20, 20), g_rand_double_range (rand, -20, 20) };
  double r = g_rand_double_range (rand, 2, 15);
  for (size_t i = 0; i < n; i++)
    out[i] = cg_v2 (c.x + r * cos (angles[i]), c.y + r * sin (angles[i]));
  return n;
}

/* SAT agrees with the independent test on random convex pairs, and moving
 * the second polygon by the MTV (a hair further) separates them. */
static void
test_sat_random (void)
{
  GRand *rand = g_rand_new_with_seed (5);
  guint overlapping = 0;
  for (int round = 0; round < 4000; round++)
    {
      CgVec2 a[8], b[8];
      size_t na = random_convex (rand, a), nb = random_convex (rand, b);
      if (!cg_polygon_is_convex (a, na) || !cg_polygon_is_convex (b, nb))
        continue;
      CgSat sat;
      g_assert_true (cg_lab_sat_polygons (a, na, b, nb, &sat));
      gboolean expected = polygons_overlap (a, na, b, nb);
      /* Touching (a zero overlap) is the one case the two may call apart. */
      if (sat.overlap != expected)
        g_assert_true (sat.separating >= 0 && fabs (sat.axes[sat.separating].overlap) < 1e-9);
      if (sat.overlap)
        {
          overlapping++;
          /* A hair more than the MTV separates; a little less does not. */
          CgVec2 moved[8], short_of[8];
          CgVec2 u = cg_normalize (sat.mtv);
          for (size_t i = 0; i < nb; i++)
            {
              moved[i] = cg_add (b[i], cg_mul_add (sat.mtv, 1e-6, u));
              short_of[i] = cg_add (b[i], cg_scale (sat.mtv, 0.999));
            }
          g_assert_false (polygons_overlap (a, na, moved, nb));
          g_assert_true (polygons_overlap (a, na, short_of, nb));
        }
    }
  g_assert_cmpuint (overlapping, >, 500);
  g_rand_free (rand);
}

/* Article 002's swept circle cases (rectangle 0..10, y down). */
static void
test_sweep_known (void)
{
  static const struct
  {
    double sx, sy, ex, ey, r;
    gboolean hit;
    double x, y, time, nx, ny;
  } cases[] = {
    { -5, 5, 5, 5, 1, TRUE, -1, 5, 0.4, -1, 0 },
    { 5, -5, 5, 5, 1, TRUE, 5, -1, 0.4, 0, -1 },
    { 15, 5, 5, 5, 1, TRUE, 11, 5, 0.4, 1, 0 },
    { 5, 15, 5, 5, 1, TRUE, 5, 11, 0.4, 0, 1 },
    { -4, -1, 4, -1, 2, TRUE, -1.7320508075688772, -1, 0.28349364905389035, -0.8660254037844386,
      -0.5 },
    { -5, -0.5, 5, -0.5, 1, TRUE, -0.8660254037844386, -0.5, 0.41339745962155614,
      -0.8660254037844386, -0.5 },
    { -5, -5, 5, 5, 1, TRUE, -0.70710678118654757, -0.70710678118654757, 0.42928932188134524,
      -0.70710678118654757, -0.70710678118654757 },
    { 12, -3, 8, 1, 2, TRUE, 10.822875655532295, -1.8228756555322954, 0.29428108611692626,
      0.41143782776614765, -0.91143782776614765 },
    { -5, -3, 15, -3, 2, FALSE, 0, 0, 0, 0, 0 },
    { -5, 20, 15, 20, 1, FALSE, 0, 0, 0, 0, 0 },
    { -3, -3, -2, -2, 1, FALSE, 0, 0, 0, 0, 0 },
  };
  CgAabb box = { { 0, 0 }, { 10, 10 } };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CgSweep s = cg_lab_sweep_circle_box (cg_v2 (cases[i].sx, cases[i].sy),
                                           cg_v2 (cases[i].ex, cases[i].ey), cases[i].r, box);
      g_test_message ("case %u: hit %d at (%g, %g), s = %g, n = (%g, %g)", i, s.hit, s.centre.x,
                      s.centre.y, s.s, s.normal.x, s.normal.y);
      g_assert_cmpint (s.hit, ==, cases[i].hit);
      if (!cases[i].hit)
        continue;
      assert_near (s.centre.x, cases[i].x, 1e-9);
      assert_near (s.centre.y, cases[i].y, 1e-9);
      assert_near (s.s, cases[i].time, 1e-9);
      assert_near (s.normal.x, cases[i].nx, 1e-9);
      assert_near (s.normal.y, cases[i].ny, 1e-9);
      g_assert_cmpint (s.corner, ==, cases[i].nx != 0 && cases[i].ny != 0);
    }
  /* Overlapping at the start: an impact at s = 0 (the article gives up). */
  CgSweep s = cg_lab_sweep_circle_box (cg_v2 (0, -0.5), cg_v2 (5, -0.5), 1, box);
  g_assert_true (s.hit && s.inside);
  g_assert_cmpfloat (s.s, ==, 0);
}

/* The swept test against Carom's general cast of a ball against the same
 * rectangle as an obstacle (offset segments and corner arcs). */
static void
test_sweep_against_cast (void)
{
  GRand *rand = g_rand_new_with_seed (9);
  guint hits = 0, corners = 0;
  for (int round = 0; round < 3000; round++)
    {
      double w = g_rand_double_range (rand, 1, 30), h = g_rand_double_range (rand, 1, 30);
      CgAabb box = { { 0, 0 }, { w, h } };
      double r = g_rand_double_range (rand, 0.2, 8);
      CgVec2 v[] = { { 0, 0 }, { 0, h }, { w, h }, { w, 0 } };
      cg_polygon_orient (v, 4, CG_ROLE_OBSTACLE);
      CgBoundaryRef ref = { v, NULL, 4, CG_ROLE_OBSTACLE, CG_ON_HIT_STOP };
      CgWorld *world = cg_world_new (&ref, 1);
      CgVec2 start = { g_rand_double_range (rand, -40, 70), g_rand_double_range (rand, -40, 70) };
      CgVec2 end = { g_rand_double_range (rand, -40, 70), g_rand_double_range (rand, -40, 70) };
      CgSweep s = cg_lab_sweep_circle_box (start, end, r, box);
      double length = cg_distance (start, end);
      if (s.inside || cg_world_start_overlaps (world, start, r) || length == 0)
        {
          cg_world_free (world);
          continue;
        }
      CgWorldHit hit
          = cg_world_cast (world, start, cg_scale (cg_sub (end, start), 1 / length), r, -1, FALSE);
      gboolean cast_hits = hit.hit && hit.rec.t <= length;
      if (s.hit != cast_hits)
        g_test_message ("box %g x %g, r %g, from (%.17g, %.17g) to (%.17g, %.17g): lab hit %d, "
                        "cast t %.17g kind %d",
                        w, h, r, start.x, start.y, end.x, end.y, s.hit, hit.rec.t, hit.rec.kind);
      g_assert_cmpint (s.hit, ==, cast_hits);
      if (s.hit && fabs (s.t - hit.rec.t) > 1e-6)
        g_test_message ("box %g x %g, r %g, from (%.17g, %.17g) to (%.17g, %.17g): lab t %g "
                        "corner %d, cast t %g kind %d",
                        w, h, r, start.x, start.y, end.x, end.y, s.t, s.corner, hit.rec.t,
                        hit.rec.kind);
      if (s.hit)
        {
          hits++;
          corners += s.corner;
          assert_near (s.t, hit.rec.t, 1e-9 * (1 + length));
          assert_near (s.normal.x, hit.rec.normal.x, 1e-7);
          assert_near (s.normal.y, hit.rec.normal.y, 1e-7);
          g_assert_cmpint (s.corner, ==, hit.rec.kind == CG_PRIM_ARC);
          /* a corner is a vertex's cap, a side an edge's offset */
          CgPrimitive p;
          g_assert_true (cg_world_primitive (world, hit.prim, r, &p));
          g_assert_cmpint (p.part, ==, s.corner ? CG_PART_CAP : CG_PART_EDGE);
        }
      cg_world_free (world);
    }
  g_test_message ("%u hits, %u on corners", hits, corners);
  g_assert_cmpuint (hits, >, 300);
  g_assert_cmpuint (corners, >, 30);
  g_rand_free (rand);
}

/* The grid finds the BVH's hit (also after a reflection, with the hit as
 * `after`), testing far fewer primitives than brute force on a scattered
 * scene; a grid is built for one radius, the world answers for every
 * radius. */
static void
test_grid (void)
{
  GRand *rand = g_rand_new_with_seed (3);
  GArray *polys = g_array_new (FALSE, FALSE, sizeof (CgBoundaryRef));
  CgVec2 *verts = g_new (CgVec2, 4 * 401);
  CgVec2 room[] = { { 0, 0 }, { 0, 1000 }, { 1000, 1000 }, { 1000, 0 } };
  memcpy (verts, room, sizeof room);
  cg_polygon_orient (verts, 4, CG_ROLE_WALL);
  g_array_append_val (polys, ((CgBoundaryRef){ verts, NULL, 4, CG_ROLE_WALL, CG_ON_HIT_STOP }));
  for (int i = 1; i <= 400; i++)
    {
      double x = g_rand_double_range (rand, 20, 960), y = g_rand_double_range (rand, 20, 960);
      double s = g_rand_double_range (rand, 3, 15);
      CgVec2 *v = verts + 4 * i;
      v[0] = cg_v2 (x, y);
      v[1] = cg_v2 (x, y + s);
      v[2] = cg_v2 (x + s, y + s);
      v[3] = cg_v2 (x + s, y);
      cg_polygon_orient (v, 4, CG_ROLE_OBSTACLE);
      g_array_append_val (polys, ((CgBoundaryRef){ v, NULL, 4, CG_ROLE_OBSTACLE, CG_ON_HIT_STOP }));
    }
  CgWorld *w = cg_world_new ((CgBoundaryRef *)polys->data, polys->len);
  g_assert_nonnull (w);
  double radii[] = { 2.0, 0.5 };
  for (guint k_r = 0; k_r < G_N_ELEMENTS (radii); k_r++)
    {
      double r = radii[k_r];
      CgGrid grid;
      g_assert_true (cg_grid_build (&grid, w, r, 0));
      size_t n = cg_world_primitive_total (w, r);
      g_assert_cmpuint (grid.n_prims, ==, n);
      guint64 grid_tests = 0, bvh_tests = 0;
      for (int k = 0; k < 500; k++)
        {
          CgVec2 c = { g_rand_double_range (rand, 5, 995), g_rand_double_range (rand, 5, 995) };
          double a = g_rand_double_range (rand, 0, 2 * G_PI);
          CgVec2 d = { cos (a), sin (a) };
          if (cg_world_start_overlaps (w, c, r))
            continue;
          CgWorldHit hit = cg_world_cast (w, c, d, r, -1, FALSE);
          CgGridCast g = cg_grid_cast (&grid, c, d, -1);
          g_assert_cmpint (g.hit, ==, hit.hit);
          if (hit.hit)
            {
              g_assert_cmpuint (g.prim, ==, hit.prim);
              g_assert_cmpfloat (g.t, ==, hit.rec.t);
              /* and with the hit as `after` (counting only at t > 0), as the
               * tracer casts next */
              CgVec2 from = hit.rec.point, dir = cg_reflect (d, hit.rec.normal);
              CgWorldHit next = cg_world_cast (w, from, dir, r, hit.prim, FALSE);
              CgGridCast gn = cg_grid_cast (&grid, from, dir, hit.prim);
              g_assert_cmpint (gn.hit, ==, next.hit);
              if (next.hit)
                {
                  g_assert_cmpuint (gn.prim, ==, next.prim);
                  g_assert_cmpfloat (gn.t, ==, next.rec.t);
                }
            }
          g_assert_cmpuint (g.primitives_tested, <, n);
          grid_tests += g.primitives_tested;
          bvh_tests += hit.stats.primitives_tested;
        }
      g_test_message ("r = %g: primitives tested a cast: grid %.1f, BVH %.1f, brute force %zu", r,
                      grid_tests / 500.0, bvh_tests / 500.0, n);
      g_assert_cmpuint (grid_tests, <, 500 * n / 4);
      cg_grid_clear (&grid);
    }
  cg_world_free (w);
  g_free (verts);
  g_array_unref (polys);
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lab/segments", test_segments);
  g_test_add_func ("/lab/boxes-and-circles", test_boxes_and_circles);
  g_test_add_func ("/lab/sat/known", test_sat_known);
  g_test_add_func ("/lab/sat/random", test_sat_random);
  g_test_add_func ("/lab/sweep/known", test_sweep_known);
  g_test_add_func ("/lab/sweep/against-cast", test_sweep_against_cast);
  g_test_add_func ("/lab/grid", test_grid);
  return g_test_run ();
}
