/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-outline-cast.c: offset outlines and casts against single primitives. */
#include <glib.h>

#include "geom/cg-cast.h"

#define SQRT1_2 0.70710678118654752440

static const CgVec2 obstacle_square[] = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } }; /* A > 0 */
static const CgVec2 wall_square[] = { { 0, 0 }, { 0, 10 }, { 10, 10 }, { 10, 0 } };     /* A < 0 */

static void
assert_vec (CgVec2 got, double x, double y, double tol)
{
  if (!(fabs (got.x - x) <= tol && fabs (got.y - y) <= tol))
    g_error ("expected (%.17g, %.17g) within %g, got (%.17g, %.17g)", x, y, tol, got.x, got.y);
}

/* 1: an obstacle square grown by r has an arc at each convex corner and four
 * offset segments pushed outward. */
static void
test_outline_obstacle_square (void)
{
  CgPrimitive p[8];
  size_t n = cg_outline_build (obstacle_square, 4, 2.0, 7, p);
  g_assert_cmpuint (n, ==, 8);
  int arcs = 0;
  for (size_t i = 0; i < n; i++)
    {
      g_assert_cmpuint (p[i].object, ==, 7);
      if (p[i].kind == CG_PRIM_ARC)
        {
          arcs++;
          g_assert_cmpfloat_with_epsilon (cg_distance (p[i].a, p[i].q), 2.0, 1e-12);
          g_assert_cmpfloat_with_epsilon (cg_distance (p[i].b, p[i].q), 2.0, 1e-12);
        }
    }
  g_assert_cmpint (arcs, ==, 4);
  /* Edge 0 runs (0,0) -> (10,0); n = (a.y, -a.x)/|a| = (0, -1): outward (y down). */
  g_assert_true (p[1].kind == CG_PRIM_SEGMENT && p[1].index == 0);
  assert_vec (p[1].n, 0, -1, 0);
  assert_vec (p[1].a, 0, -2, 0);
  assert_vec (p[1].b, 10, -2, 0);
}

/* 2: a wall square turns right at every corner: no arcs, segments pushed into the room. */
static void
test_outline_wall_square (void)
{
  CgPrimitive p[8];
  size_t n = cg_outline_build (wall_square, 4, 2.0, 0, p);
  g_assert_cmpuint (n, ==, 4);
  for (size_t i = 0; i < n; i++)
    g_assert_true (p[i].kind == CG_PRIM_SEGMENT);
  /* Edge 0 runs (0,0) -> (0,10): n = (10, 0)/10 = (1, 0), into the room. */
  assert_vec (p[0].n, 1, 0, 0);
  assert_vec (p[0].a, 2, 0, 0);
}

/* 3: a collinear vertex needs neither an arc nor a corner. */
static void
test_outline_collinear (void)
{
  static const CgVec2 v[] = { { 0, 0 }, { 5, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } };
  CgPrimitive p[10];
  size_t n = cg_outline_build (v, 5, 1.0, 0, p);
  g_assert_cmpuint (n, ==, 9); /* 5 segments + 4 arcs: none at vertex 1 */
  for (size_t i = 0; i < n; i++)
    g_assert_false (p[i].kind == CG_PRIM_ARC && p[i].index == 1);
}

/* 4: the box of an outline includes the arcs' axis points, not only their ends. */
static void
test_outline_bounds_include_arc_extremes (void)
{
  CgPrimitive p[8];
  size_t n = cg_outline_build (obstacle_square, 4, 2.0, 0, p);
  CgAabb box = cg_aabb_empty ();
  for (size_t i = 0; i < n; i++)
    box = cg_aabb_union (box, cg_primitive_bounds (&p[i]));
  assert_vec (box.lo, -2, -2, 1e-12);
  assert_vec (box.hi, 12, 12, 1e-12);

  /* An arc sweeping 45° to 135° (y down: lower right to lower left) crosses 90°. */
  CgPrimitive arc = { .kind = CG_PRIM_ARC, .q = { 0, 0 }, .r = 1 };
  arc.a = cg_v2 (SQRT1_2, SQRT1_2);
  arc.b = cg_v2 (-SQRT1_2, SQRT1_2);
  CgAabb ab = cg_primitive_bounds (&arc);
  g_assert_cmpfloat_with_epsilon (ab.hi.y, 1.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (ab.lo.y, SQRT1_2, 1e-15);
}

/* 5: a head-on segment cast records d·n, t, the point and s. */
static void
test_cast_segment_head_on (void)
{
  CgPrimitive seg = { .kind = CG_PRIM_SEGMENT, .a = { 0, 10 }, .b = { 10, 10 }, .n = { 0, -1 } };
  CgCastRecord rec;
  g_assert_true (cg_cast_primitive (&seg, cg_v2 (2.5, 0), cg_v2 (0, 1), 1e-9, &rec));
  g_assert_cmpfloat (rec.d_dot_n, ==, -1.0);
  g_assert_cmpfloat (rec.t, ==, 10.0);
  assert_vec (rec.point, 2.5, 10, 0);
  g_assert_cmpfloat (rec.s, ==, 0.25);
  assert_vec (rec.normal, 0, -1, 0);
  g_assert_cmpint (rec.reject, ==, CG_REJECT_NONE);
}

/* 6: a ray crossing a segment from behind is not a hit. */
static void
test_cast_segment_back_facing (void)
{
  CgPrimitive seg = { .kind = CG_PRIM_SEGMENT, .a = { 0, 10 }, .b = { 10, 10 }, .n = { 0, 1 } };
  CgCastRecord rec;
  g_assert_false (cg_cast_primitive (&seg, cg_v2 (5, 0), cg_v2 (0, 1), 1e-9, &rec));
  g_assert_cmpint (rec.reject, ==, CG_REJECT_BACK_FACING);
}

/* 7: crossing the line beyond an end misses; exactly at the end (grazing) hits. */
static void
test_cast_segment_ends (void)
{
  CgPrimitive seg = { .kind = CG_PRIM_SEGMENT, .a = { 0, 10 }, .b = { 10, 10 }, .n = { 0, -1 } };
  CgCastRecord rec;
  g_assert_false (cg_cast_primitive (&seg, cg_v2 (10.001, 0), cg_v2 (0, 1), 1e-9, &rec));
  g_assert_cmpint (rec.reject, ==, CG_REJECT_OUTSIDE_SEGMENT);
  g_assert_true (cg_cast_primitive (&seg, cg_v2 (10, 0), cg_v2 (0, 1), 1e-9, &rec));
  g_assert_cmpfloat (rec.s, ==, 1.0);
  g_assert_false (cg_cast_primitive (&seg, cg_v2 (5, 20), cg_v2 (0, -1), 1e-9, &rec));
  g_assert_cmpint (rec.reject, ==, CG_REJECT_BACK_FACING);
  g_assert_false (cg_cast_primitive (&seg, cg_v2 (5, 12), cg_v2 (0, 1), 1e-9, &rec));
  g_assert_cmpint (rec.reject, ==, CG_REJECT_BEHIND);
}

/* 8: an arc cast records m = c - q, b, the discriminant, both roots and the sweep test. */
static void
test_cast_arc_numbers (void)
{
  /* Arc of radius 2 at the origin sweeping from (0,-1) to (1,0)... as an
   * obstacle's corner (10,0) -> sweep from n_prev (0,-1) to n_next (1,0). */
  CgPrimitive p[8];
  cg_outline_build (obstacle_square, 4, 2.0, 0, p);
  const CgPrimitive *arc = &p[2]; /* vertex 1 = (10, 0) */
  g_assert_true (arc->kind == CG_PRIM_ARC && arc->index == 1);

  CgVec2 c = { 20, -10 }, d = { -SQRT1_2, SQRT1_2 };
  CgCastRecord rec;
  g_assert_true (cg_cast_primitive (arc, c, d, 1e-9, &rec));
  assert_vec (rec.m, 10, -10, 0);
  g_assert_cmpfloat_with_epsilon (rec.b, -20 * SQRT1_2, 1e-12);
  g_assert_cmpfloat_with_epsilon (rec.cc, 200 - 4, 1e-12);
  g_assert_cmpfloat_with_epsilon (rec.disc, 4.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (rec.t0, 20 * SQRT1_2 - 2, 1e-12);
  g_assert_cmpfloat_with_epsilon (rec.t1, 20 * SQRT1_2 + 2, 1e-12);
  assert_vec (rec.point, 10 + 2 * SQRT1_2, -2 * SQRT1_2, 1e-12);
  assert_vec (rec.normal, SQRT1_2, -SQRT1_2, 1e-12);
  g_assert_cmpfloat (rec.sweep_from, >, 0);
  g_assert_cmpfloat (rec.sweep_to, >, 0);
}

/* 9: a ray that just grazes an arc is a tangent hit, with d·n = 0. */
static void
test_cast_arc_tangent (void)
{
  CgPrimitive p[8];
  cg_outline_build (obstacle_square, 4, 2.0, 0, p);
  const CgPrimitive *arc = &p[2]; /* centre (10, 0), sweep (0,-1) .. (1,0) */
  CgCastRecord rec;
  /* Passes x = 12 vertically: touches the circle at (12, 0), the sweep's end. */
  g_assert_true (cg_cast_primitive (arc, cg_v2 (12, -20), cg_v2 (0, 1), 1e-9, &rec));
  g_assert_cmpfloat_with_epsilon (rec.t, 20.0, 1e-9);
  assert_vec (rec.normal, 1, 0, 1e-12);
  g_assert_false (cg_cast_primitive (arc, cg_v2 (12.001, -20), cg_v2 (0, 1), 1e-9, &rec));
  g_assert_cmpint (rec.reject, ==, CG_REJECT_MISSES_CIRCLE);
}

/* 10: entering the circle outside the arc's sweep is not a hit. */
static void
test_cast_arc_outside_sweep (void)
{
  CgPrimitive p[8];
  cg_outline_build (obstacle_square, 4, 2.0, 0, p);
  const CgPrimitive *arc = &p[2]; /* centre (10, 0), sweep (0,-1) .. (1,0) */
  CgCastRecord rec;
  /* Coming from the left along y = -1 enters at angle ~150°, outside the sweep. */
  g_assert_false (cg_cast_primitive (arc, cg_v2 (0, -1), cg_v2 (1, 0), 1e-9, &rec));
  g_assert_cmpint (rec.reject, ==, CG_REJECT_OUTSIDE_SWEEP);
}

/* 11: a ray starting inside the circle leaves it: not a hit. */
static void
test_cast_arc_leaving (void)
{
  CgPrimitive p[8];
  cg_outline_build (obstacle_square, 4, 2.0, 0, p);
  CgCastRecord rec;
  g_assert_false (cg_cast_primitive (&p[2], cg_v2 (11, -1), cg_v2 (1, 0), 1e-9, &rec));
  g_assert_cmpint (rec.reject, ==, CG_REJECT_LEAVING);
}

/* 12: the worked example's first cast: the wall's edge 1 offset to y = 260. */
static void
test_cast_worked_example (void)
{
  static const CgVec2 room[] = { { -300, -300 }, { -300, 300 }, { 300, 300 }, { 300, -300 } };
  CgPrimitive p[8];
  size_t n = cg_outline_build (room, 4, 40.0, 0, p);
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpuint (p[1].index, ==, 1);
  CgCastRecord rec;
  CgVec2 d = { SQRT1_2, SQRT1_2 };
  g_assert_true (cg_cast_primitive (&p[1], cg_v2 (-200, 0), d, 1e-6, &rec));
  assert_vec (rec.point, 60, 260, 1e-9);
  assert_vec (rec.normal, 0, -1, 0);
  assert_vec (cg_reflect (d, rec.normal), SQRT1_2, -SQRT1_2, 1e-15);
  g_assert_cmpfloat_with_epsilon (rec.t, 260 * G_SQRT2, 1e-9);
}

/* 13: the ray–box slab test handles axis-parallel rays and starts inside. */
static void
test_aabb_ray (void)
{
  CgAabb box = { { 0, 0 }, { 10, 10 } };
  double t0, t1;
  CgVec2 d = { 1, 0 };
  CgVec2 inv = { 1 / d.x, 1 / d.y };
  g_assert_true (cg_aabb_ray (box, cg_v2 (-5, 5), inv, &t0, &t1));
  g_assert_cmpfloat (t0, ==, 5);
  g_assert_cmpfloat (t1, ==, 15);
  g_assert_true (cg_aabb_ray (box, cg_v2 (-5, 0), inv, &t0, &t1)); /* along the edge */
  g_assert_false (cg_aabb_ray (box, cg_v2 (-5, 11), inv, &t0, &t1));
  g_assert_true (cg_aabb_ray (box, cg_v2 (5, 5), inv, &t0, &t1)); /* starts inside */
  g_assert_cmpfloat (t0, <=, 0);
  d = cg_v2 (0, -1);
  inv = cg_v2 (1 / d.x, 1 / d.y);
  g_assert_true (cg_aabb_ray (box, cg_v2 (10, 20), inv, &t0, &t1));
  g_assert_cmpfloat (t0, ==, 10);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/outline/obstacle-square", test_outline_obstacle_square);
  g_test_add_func ("/outline/wall-square", test_outline_wall_square);
  g_test_add_func ("/outline/collinear-vertex", test_outline_collinear);
  g_test_add_func ("/outline/bounds-include-arc-extremes",
                   test_outline_bounds_include_arc_extremes);
  g_test_add_func ("/cast/segment/head-on", test_cast_segment_head_on);
  g_test_add_func ("/cast/segment/back-facing", test_cast_segment_back_facing);
  g_test_add_func ("/cast/segment/ends", test_cast_segment_ends);
  g_test_add_func ("/cast/arc/numbers", test_cast_arc_numbers);
  g_test_add_func ("/cast/arc/tangent", test_cast_arc_tangent);
  g_test_add_func ("/cast/arc/outside-sweep", test_cast_arc_outside_sweep);
  g_test_add_func ("/cast/arc/leaving", test_cast_arc_leaving);
  g_test_add_func ("/cast/worked-example", test_cast_worked_example);
  g_test_add_func ("/aabb/ray", test_aabb_ray);
  return g_test_run ();
}
