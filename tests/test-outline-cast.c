/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-outline-cast.c: offset outlines (cg_outline_of(), cg_outline_part())
 * and casts against single primitives (cg_cast_primitive(), whose
 * tolerances follow the numbers of each cast: no eps argument). */
#include <string.h>

#include <glib.h>

#include "geom/cg-outline.h"

#define SQRT1_2 0.70710678118654752440

static const CgVec2 obstacle_square[] = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } }; /* A > 0 */
static const CgVec2 wall_square[] = { { 0, 0 }, { 0, 10 }, { 10, 10 }, { 10, 0 } };     /* A < 0 */

static void
assert_vec (CgVec2 got, double x, double y, double tol)
{
  if (!(fabs (got.x - x) <= tol && fabs (got.y - y) <= tol))
    g_error ("expected (%.17g, %.17g) within %g, got (%.17g, %.17g)", x, y, tol, got.x, got.y);
}

/* Asserts that two points are the same doubles. */
static void
assert_same_point (CgVec2 a, CgVec2 b)
{
  if (memcmp (&a, &b, sizeof a) != 0)
    g_error ("expected the same point, got (%.17g, %.17g) and (%.17g, %.17g)", a.x, a.y, b.x, b.y);
}

/* 1: an obstacle square grown by r has a cap (an arc of radius r around the
 * vertex, a quarter turn) at each convex corner and four offset segments
 * pushed outward, in id order: vertex i's cap, then edge i's offset. A cap
 * starts and ends where its neighbours' offsets end and start, the same
 * doubles. */
static void
test_outline_obstacle_square (void)
{
  CgPrimitive p[16];
  g_assert_cmpuint (cg_outline_max_primitives (4), ==, 16);
  size_t n = cg_outline_of (obstacle_square, NULL, 4, 2.0, 7, p);
  g_assert_cmpuint (n, ==, 8);
  int arcs = 0;
  for (size_t i = 0; i < n; i++)
    {
      g_assert_cmpuint (p[i].object, ==, 7);
      g_assert_cmpuint (p[i].element, ==, i / 2);
      if (p[i].kind == CG_PRIM_ARC)
        {
          arcs++;
          g_assert_cmpuint (p[i].part, ==, CG_PART_CAP);
          g_assert_true (p[i].junction && !p[i].full && !p[i].big && !p[i].inside);
          assert_vec (p[i].q, obstacle_square[i / 2].x, obstacle_square[i / 2].y, 0);
          g_assert_cmpfloat (p[i].rho, ==, 2.0);
          g_assert_cmpfloat_with_epsilon (p[i].sweep, G_PI / 2, 1e-15);
          g_assert_cmpfloat_with_epsilon (cg_distance (p[i].a, p[i].q), 2.0, 1e-12);
          g_assert_cmpfloat_with_epsilon (cg_distance (p[i].b, p[i].q), 2.0, 1e-12);
          /* Its ends are where the offsets before and after it end and start. */
          assert_same_point (p[i].a, p[(i + n - 1) % n].b);
          assert_same_point (p[i].b, p[i + 1].a);
        }
      else
        g_assert_cmpuint (p[i].part, ==, CG_PART_EDGE);
    }
  g_assert_cmpint (arcs, ==, 4);
  /* Edge 0 runs (0,0) -> (10,0); n = (a.y, -a.x)/|a| = (0, -1): outward (y down). */
  g_assert_true (p[1].kind == CG_PRIM_SEGMENT && p[1].part == CG_PART_EDGE && p[1].element == 0);
  assert_vec (p[1].n, 0, -1, 0);
  assert_vec (p[1].a, 0, -2, 0);
  assert_vec (p[1].b, 10, -2, 0);
  /* The cap at vertex 1 = (10, 0) turns left from edge 0's normal (0, -1) to
   * edge 1's (1, 0). */
  g_assert_true (p[2].kind == CG_PRIM_ARC && p[2].element == 1);
  assert_vec (p[2].u_from, 0, -1, 0);
  assert_vec (p[2].u_to, 1, 0, 0);
  assert_vec (p[2].a, 10, -2, 0);
  assert_vec (p[2].b, 12, 0, 0);

  /* cg_outline_part() gives the same primitives one at a time, by id slot,
   * and nothing in the slots that are empty. */
  CgVec2 n0[4], n1[4];
  cg_outline_normals (obstacle_square, NULL, 4, n0, n1);
  CgOutline o = { obstacle_square, NULL, n0, n1, 4, 7, 0 };
  size_t k = 0;
  for (size_t i = 0; i < 4; i++)
    for (int part = 0; part < CG_PARTS; part++)
      {
        CgPrimitive one;
        bool has = cg_outline_part (&o, i, (CgPart)part, 2.0, &one);
        g_assert_cmpint (has, ==, part == CG_PART_CAP || part == CG_PART_EDGE);
        if (has)
          g_assert_true (memcmp (&one, &p[k++], sizeof one) == 0);
      }
  g_assert_cmpuint (k, ==, n);
  g_assert_cmpuint (cg_outline_build (&o, 2.0, p), ==, n);

  /* A point ball (r = 0) has no caps: the boundary's own edges. */
  n = cg_outline_of (obstacle_square, NULL, 4, 0.0, 7, p);
  g_assert_cmpuint (n, ==, 4);
  for (size_t i = 0; i < n; i++)
    {
      g_assert_true (p[i].kind == CG_PRIM_SEGMENT && p[i].element == i);
      assert_same_point (p[i].a, obstacle_square[i]);
    }
}

/* 2: a wall square turns right at every corner: no arcs, segments pushed into the room. */
static void
test_outline_wall_square (void)
{
  CgPrimitive p[16];
  size_t n = cg_outline_of (wall_square, NULL, 4, 2.0, 0, p);
  g_assert_cmpuint (n, ==, 4);
  for (size_t i = 0; i < n; i++)
    g_assert_true (p[i].kind == CG_PRIM_SEGMENT && p[i].part == CG_PART_EDGE && p[i].element == i);
  /* Edge 0 runs (0,0) -> (0,10): n = (10, 0)/10 = (1, 0), into the room. */
  assert_vec (p[0].n, 1, 0, 0);
  assert_vec (p[0].a, 2, 0, 0);
}

/* 3: a collinear vertex gets a cap that turns through nothing (sweep 0): it
 * closes the ulps two normals computed from two edges may leave between the
 * offsets (before the one world, such a vertex had no cap at all). Its ends
 * are its neighbours' ends, and here, where both edges have the same normal,
 * one point. A point ball has no caps. */
static void
test_outline_collinear (void)
{
  static const CgVec2 v[] = { { 0, 0 }, { 5, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } };
  CgPrimitive p[20];
  size_t n = cg_outline_of (v, NULL, 5, 1.0, 0, p);
  g_assert_cmpuint (n, ==, 10); /* 5 segments + 5 caps, one of them at vertex 1 */
  int caps_at_1 = 0;
  for (size_t i = 0; i < n; i++)
    if (p[i].kind == CG_PRIM_ARC && p[i].element == 1)
      {
        caps_at_1++;
        g_assert_cmpuint (p[i].part, ==, CG_PART_CAP);
        g_assert_cmpfloat (p[i].sweep, ==, 0.0);
        g_assert_cmpfloat (p[i].rho, ==, 1.0);
        assert_vec (p[i].q, 5, 0, 0);
        assert_same_point (p[i].a, p[i].b);
        assert_same_point (p[i].u_from, p[i].u_to);
        assert_same_point (p[i].a, p[i - 1].b); /* edge 0's offset ends there */
        assert_same_point (p[i].b, p[i + 1].a); /* edge 1's starts there */
        assert_vec (p[i].a, 5, -1, 0);
        /* A ray through it, head-on, hits the cap or the segments beside it,
         * at the line y = -1 (ties in t go to the lower id, the segment
         * before it). */
        CgCastRecord rec;
        g_assert_true (cg_cast_primitive (&p[i - 1], cg_v2 (5, -10), cg_v2 (0, 1), &rec)
                       || cg_cast_primitive (&p[i], cg_v2 (5, -10), cg_v2 (0, 1), &rec)
                       || cg_cast_primitive (&p[i + 1], cg_v2 (5, -10), cg_v2 (0, 1), &rec));
        g_assert_cmpfloat (rec.t, ==, 9.0);
      }
  g_assert_cmpint (caps_at_1, ==, 1);
  n = cg_outline_of (v, NULL, 5, 0.0, 0, p);
  g_assert_cmpuint (n, ==, 5);
  for (size_t i = 0; i < n; i++)
    g_assert_true (p[i].kind == CG_PRIM_SEGMENT);
}

/* 4: the box of an outline includes the arcs' axis points, not only their ends. */
static void
test_outline_bounds_include_arc_extremes (void)
{
  CgPrimitive p[16];
  size_t n = cg_outline_of (obstacle_square, NULL, 4, 2.0, 0, p);
  CgAabb box = cg_aabb_empty ();
  for (size_t i = 0; i < n; i++)
    box = cg_aabb_union (box, cg_primitive_bounds (&p[i]));
  assert_vec (box.lo, -2, -2, 1e-12);
  assert_vec (box.hi, 12, 12, 1e-12);

  /* An arc sweeping 45° to 135° (y down: lower right to lower left) crosses 90°. */
  CgPrimitive arc = { .kind = CG_PRIM_ARC, .q = { 0, 0 }, .rho = 1, .sweep = G_PI / 2 };
  arc.a = arc.u_from = cg_v2 (SQRT1_2, SQRT1_2);
  arc.b = arc.u_to = cg_v2 (-SQRT1_2, SQRT1_2);
  CgAabb ab = cg_primitive_bounds (&arc);
  g_assert_cmpfloat_with_epsilon (ab.hi.y, 1.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (ab.lo.y, SQRT1_2, 1e-15);
}

/* 5: a head-on segment cast records d·n, the start's height h above the
 * line, t, the point, s, and the sides of the ray its ends lie on. */
static void
test_cast_segment_head_on (void)
{
  CgPrimitive seg = { .kind = CG_PRIM_SEGMENT, .a = { 0, 10 }, .b = { 10, 10 }, .n = { 0, -1 } };
  CgCastRecord rec;
  g_assert_true (cg_cast_primitive (&seg, cg_v2 (2.5, 0), cg_v2 (0, 1), &rec));
  g_assert_true (rec.hit);
  g_assert_cmpint (rec.kind, ==, CG_PRIM_SEGMENT);
  g_assert_cmpfloat (rec.d_dot_n, ==, -1.0);
  g_assert_cmpfloat (rec.h, ==, 10.0);
  /* cross(d, a - c) >= 0 >= cross(d, b - c): a on the left, b on the right. */
  g_assert_cmpfloat (rec.side_a, ==, 2.5);
  g_assert_cmpfloat (rec.side_b, ==, -7.5);
  /* The start is in front of the line: no tolerance was needed. */
  g_assert_cmpfloat (rec.tol, ==, 0.0);
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
  g_assert_false (cg_cast_primitive (&seg, cg_v2 (5, 0), cg_v2 (0, 1), &rec));
  g_assert_cmpint (rec.reject, ==, CG_REJECT_BACK_FACING);
}

/* 7: crossing the line beyond an end misses; exactly at the end (grazing) hits. */
static void
test_cast_segment_ends (void)
{
  CgPrimitive seg = { .kind = CG_PRIM_SEGMENT, .a = { 0, 10 }, .b = { 10, 10 }, .n = { 0, -1 } };
  CgCastRecord rec;
  g_assert_false (cg_cast_primitive (&seg, cg_v2 (10.001, 0), cg_v2 (0, 1), &rec));
  g_assert_cmpint (rec.reject, ==, CG_REJECT_OUTSIDE_SEGMENT);
  g_assert_true (cg_cast_primitive (&seg, cg_v2 (10, 0), cg_v2 (0, 1), &rec));
  g_assert_cmpfloat (rec.s, ==, 1.0);
  g_assert_false (cg_cast_primitive (&seg, cg_v2 (5, 20), cg_v2 (0, -1), &rec));
  g_assert_cmpint (rec.reject, ==, CG_REJECT_BACK_FACING);
  g_assert_false (cg_cast_primitive (&seg, cg_v2 (5, 12), cg_v2 (0, 1), &rec));
  g_assert_cmpint (rec.reject, ==, CG_REJECT_BEHIND);
  g_assert_cmpfloat (rec.h, ==, -2.0);
  g_assert_cmpfloat (rec.t, ==, -2.0); /* where the line is: recorded, not a hit */
  /* Just past the end by an ulp: decided exactly, no widening. */
  g_assert_false (cg_cast_primitive (&seg, cg_v2 (nextafter (10, 11), 0), cg_v2 (0, 1), &rec));
  g_assert_cmpint (rec.reject, ==, CG_REJECT_OUTSIDE_SEGMENT);
  g_assert_cmpfloat (rec.side_b, >, 0.0);
}

/* 8: a start behind the line by no more than tau = 4 eps M (M the largest
 * magnitude of the cast: here 12, |c|) is touching: a hit at t = 0, never
 * t < 0. Further behind, it is behind. */
static void
test_cast_segment_touching (void)
{
  CgPrimitive seg = { .kind = CG_PRIM_SEGMENT, .a = { 0, 10 }, .b = { 12, 10 }, .n = { 0, -1 } };
  CgCastRecord rec;
  double tau = cg_tolerance (12.0);
  g_assert_cmpfloat (tau, ==, 4 * DBL_EPSILON * 12.0);
  /* An ulp of 10 behind (1.8e-15 < tau = 1.1e-14). */
  CgVec2 c = { 12, nextafter (10, 11) };
  g_assert_true (cg_cast_primitive (&seg, c, cg_v2 (0, 1), &rec));
  g_assert_cmpfloat (rec.h, <, 0.0);
  g_assert_cmpfloat (rec.tol, ==, tau);
  g_assert_cmpfloat (rec.t, ==, 0.0);
  assert_vec (rec.point, 12, 10, 2e-15); /* c, up to its ulp off the line */
  /* Slanted, the same: t = 0. */
  g_assert_true (cg_cast_primitive (&seg, cg_v2 (6, nextafter (10, 11)), cg_v2 (0.6, 0.8), &rec));
  g_assert_cmpfloat (rec.t, ==, 0.0);
  /* Twice tau behind: behind, not a hit. */
  g_assert_false (cg_cast_primitive (&seg, cg_v2 (6, 10 + 2 * tau), cg_v2 (0, 1), &rec));
  g_assert_cmpint (rec.reject, ==, CG_REJECT_BEHIND);
  g_assert_cmpfloat (rec.tol, ==, tau);
  /* Exactly on the line: t = 0. */
  g_assert_true (cg_cast_primitive (&seg, cg_v2 (6, 10), cg_v2 (0, 1), &rec));
  g_assert_cmpfloat (rec.t, ==, 0.0);
}

/* 9: an arc cast records m = c - q, b, the discriminant, both roots and the sweep test. */
static void
test_cast_arc_numbers (void)
{
  /* Arc of radius 2 at the origin sweeping from (0,-1) to (1,0)... as an
   * obstacle's corner (10,0) -> sweep from n_prev (0,-1) to n_next (1,0). */
  CgPrimitive p[16];
  cg_outline_of (obstacle_square, NULL, 4, 2.0, 0, p);
  const CgPrimitive *arc = &p[2]; /* vertex 1 = (10, 0) */
  g_assert_true (arc->kind == CG_PRIM_ARC && arc->part == CG_PART_CAP && arc->element == 1);

  CgVec2 c = { 20, -10 }, d = { -SQRT1_2, SQRT1_2 };
  CgCastRecord rec;
  g_assert_true (cg_cast_primitive (arc, c, d, &rec));
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
  /* The entry root (the front is outside the circle), a left turn of 45°
   * from the sweep's start, of 90°; the ends on either side of the ray. */
  g_assert_false (rec.larger_root);
  g_assert_cmpfloat (rec.t, ==, rec.t0);
  g_assert_cmpfloat_with_epsilon (rec.phi, G_PI / 4, 1e-12);
  g_assert_cmpfloat_with_epsilon (rec.sweep, G_PI / 2, 1e-15);
  g_assert_cmpfloat_with_epsilon (rec.side_a, 2 * SQRT1_2, 1e-12);
  g_assert_cmpfloat_with_epsilon (rec.side_b, -2 * SQRT1_2, 1e-12);
}

/* 10: a ray that just grazes an arc, or passes outside it by no more than
 * tau, is a tangent hit, with d·n = 0; further out it misses the circle. */
static void
test_cast_arc_tangent (void)
{
  CgPrimitive p[16];
  cg_outline_of (obstacle_square, NULL, 4, 2.0, 0, p);
  const CgPrimitive *arc = &p[2]; /* centre (10, 0), sweep (0,-1) .. (1,0) */
  CgCastRecord rec;
  /* Passes x = 12 vertically: touches the circle at (12, 0), the sweep's end. */
  g_assert_true (cg_cast_primitive (arc, cg_v2 (12, -20), cg_v2 (0, 1), &rec));
  g_assert_cmpfloat_with_epsilon (rec.t, 20.0, 1e-9);
  assert_vec (rec.normal, 1, 0, 1e-12);
  g_assert_false (cg_cast_primitive (arc, cg_v2 (12.001, -20), cg_v2 (0, 1), &rec));
  g_assert_cmpint (rec.reject, ==, CG_REJECT_MISSES_CIRCLE);
  /* Passing an ulp outside the circle is within tau (of |c| = 20): a graze. */
  g_assert_true (cg_cast_primitive (arc, cg_v2 (nextafter (12, 13), -20), cg_v2 (0, 1), &rec));
  g_assert_cmpfloat (rec.disc, <, 0.0);
  g_assert_cmpfloat (rec.tol, ==, cg_tolerance (20.0));
  g_assert_cmpfloat_with_epsilon (rec.t, 20.0, 1e-9);
}

/* 11: entering the circle outside the arc's sweep is not a hit. */
static void
test_cast_arc_outside_sweep (void)
{
  CgPrimitive p[16];
  cg_outline_of (obstacle_square, NULL, 4, 2.0, 0, p);
  const CgPrimitive *arc = &p[2]; /* centre (10, 0), sweep (0,-1) .. (1,0) */
  CgCastRecord rec;
  /* Coming from the left along y = -1 enters at angle ~150°, outside the sweep. */
  g_assert_false (cg_cast_primitive (arc, cg_v2 (0, -1), cg_v2 (1, 0), &rec));
  g_assert_cmpint (rec.reject, ==, CG_REJECT_OUTSIDE_SWEEP);
}

/* 12: a ray starting inside the circle leaves it: not a hit. */
static void
test_cast_arc_leaving (void)
{
  CgPrimitive p[16];
  cg_outline_of (obstacle_square, NULL, 4, 2.0, 0, p);
  CgCastRecord rec;
  g_assert_false (cg_cast_primitive (&p[2], cg_v2 (11, -1), cg_v2 (1, 0), &rec));
  g_assert_cmpint (rec.reject, ==, CG_REJECT_LEAVING);
}

/* A "D" with a bite, an obstacle (A > 0): edge 1 a convex half circle
 * around (10, 5) of radius 5, edge 4 a concave half circle around (0, 5) of
 * radius 2. Vertices 1 and 2 are straight on (G1: the arc continues the
 * segments' direction). The edges are given exactly, so the normals are. */
static const CgVec2 d_shape[] = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 }, { 0, 7 }, { 0, 3 } };
static const CgCurveEdge d_edges[] = {
  { { 0, 0 }, 0, 0 }, { { 10, 5 }, 5, G_PI }, { { 0, 0 }, 0, 0 },
  { { 0, 0 }, 0, 0 }, { { 0, 5 }, 2, -G_PI }, { { 0, 0 }, 0, 0 },
};

/* 13: a curved boundary's outline: a convex arc's offset of radius R + r, a
 * concave one's of radius R - r (its front inside the circle), zero-sweep
 * caps at the straight-on vertices; with r >= R the concave arc has no
 * offset but two half turns of radius r at its ends. Each arc's ends are
 * its neighbours' ends, the same doubles. */
static void
test_outline_curved (void)
{
  g_assert_cmpfloat (cg_curve_signed_area (d_shape, d_edges, 6), >, 0.0);
  CgCurveCheck check
      = cg_curve_validate (d_shape, d_edges, 6, cg_curve_tolerance (d_shape, d_edges, 6));
  g_assert_cmpint (check.status, ==, CG_CURVE_OK);
  CgPrimitive p[24];
  g_assert_cmpuint (cg_outline_max_primitives (6), ==, 24);

  /* r = 1: a cap at every vertex (two of them turning through nothing),
   * then each edge's offset: cap i = p[2 i], edge i = p[2 i + 1]. */
  size_t n = cg_outline_of (d_shape, d_edges, 6, 1.0, 3, p);
  g_assert_cmpuint (n, ==, 12);
  for (size_t i = 0; i < 6; i++)
    {
      const CgPrimitive *cap = &p[2 * i], *edge = &p[2 * i + 1];
      g_assert_true (cap->kind == CG_PRIM_ARC && cap->part == CG_PART_CAP && cap->element == i);
      g_assert_cmpuint (cap->object, ==, 3);
      assert_same_point (cap->q, d_shape[i]);
      g_assert_cmpfloat (cap->rho, ==, 1.0);
      g_assert_cmpuint (edge->part, ==, CG_PART_EDGE);
      g_assert_cmpuint (edge->element, ==, i);
      assert_same_point (cap->a, p[(2 * i + 11) % 12].b);
      assert_same_point (cap->b, edge->a);
      g_assert_true (edge->junction);
    }
  g_assert_cmpfloat (p[2].sweep, ==, 0.0);
  g_assert_cmpfloat (p[4].sweep, ==, 0.0);
  assert_same_point (p[2].a, p[2].b);
  assert_vec (p[2].a, 10, -1, 0);
  g_assert_cmpfloat_with_epsilon (p[0].sweep, G_PI / 2, 1e-15);
  /* The convex arc's offset. */
  const CgPrimitive *convex = &p[3];
  g_assert_true (convex->kind == CG_PRIM_ARC && !convex->inside && !convex->full);
  assert_vec (convex->q, 10, 5, 0);
  g_assert_cmpfloat (convex->rho, ==, 6.0);
  g_assert_cmpfloat (convex->sweep, ==, G_PI);
  assert_vec (convex->a, 10, -1, 0);
  assert_vec (convex->b, 10, 11, 0);
  /* The concave one's: radius 1, its left turn from its end to its start. */
  const CgPrimitive *concave = &p[9];
  g_assert_true (concave->kind == CG_PRIM_ARC && concave->inside);
  assert_vec (concave->q, 0, 5, 0);
  g_assert_cmpfloat (concave->rho, ==, 1.0);
  assert_vec (concave->a, 0, 6, 0);
  assert_vec (concave->b, 0, 4, 0);
  assert_vec (concave->u_from, 0, -1, 0);
  assert_vec (concave->u_to, 0, 1, 0);
  /* A ball in the bite moving into it meets the concave offset at the exit
   * root, the normal pointing back to the centre. */
  CgCastRecord rec;
  g_assert_true (cg_cast_primitive (concave, cg_v2 (0.5, 5), cg_v2 (1, 0), &rec));
  g_assert_true (rec.larger_root);
  g_assert_cmpfloat (rec.t, ==, rec.t1);
  g_assert_cmpfloat (rec.t, ==, 0.5);
  assert_vec (rec.point, 1, 5, 0);
  assert_vec (rec.normal, -1, 0, 0);
  g_assert_cmpfloat_with_epsilon (rec.phi, G_PI / 2, 1e-15);
  g_assert_cmpfloat (rec.sweep, ==, G_PI);
  /* The convex offset from outside, head-on: the entry root. */
  g_assert_true (cg_cast_primitive (convex, cg_v2 (30, 5), cg_v2 (-1, 0), &rec));
  g_assert_false (rec.larger_root);
  g_assert_cmpfloat (rec.t, ==, 14.0);
  assert_vec (rec.normal, 1, 0, 0);

  /* r = 2 = R and r = 3 > R: the concave arc has no offset, and half turns
   * of radius r around its ends instead. */
  for (double r = 2.0; r <= 3.0; r += 1.0)
    {
      n = cg_outline_of (d_shape, d_edges, 6, r, 3, p);
      g_assert_cmpuint (n, ==, 13);
      int halves = 0, edges = 0;
      for (size_t i = 0; i < n; i++)
        {
          if (p[i].part == CG_PART_EDGE)
            {
              edges++;
              g_assert_cmpuint (p[i].element, !=, 4);
            }
          if (p[i].part != CG_PART_HALF_CAP_IN && p[i].part != CG_PART_HALF_CAP_OUT)
            continue;
          halves++;
          size_t at = p[i].part == CG_PART_HALF_CAP_OUT ? 4 : 5;
          g_assert_cmpuint (p[i].element, ==, at);
          assert_same_point (p[i].q, d_shape[at]);
          g_assert_true (p[i].kind == CG_PRIM_ARC && !p[i].junction && !p[i].inside);
          g_assert_cmpfloat (p[i].rho, ==, r);
          g_assert_cmpfloat (p[i].sweep, ==, M_PI);
          g_assert_cmpfloat_with_epsilon (cg_distance (p[i].a, p[i].q), r, 1e-14);
          g_assert_cmpfloat_with_epsilon (cg_distance (p[i].b, p[i].q), r, 1e-14);
        }
      g_assert_cmpint (halves, ==, 2);
      g_assert_cmpint (edges, ==, 5);
    }

  /* r = 0: the boundary itself, arcs included. */
  n = cg_outline_of (d_shape, d_edges, 6, 0.0, 3, p);
  g_assert_cmpuint (n, ==, 6);
  g_assert_cmpfloat (p[4].rho, ==, 2.0);
  g_assert_true (p[4].inside);
}

/* Shapes for the random casts below: obstacles (A > 0), some not convex,
 * and walls. */
typedef struct
{
  CgVec2 v[24];
  CgCurveEdge e[24];
  size_t n;
  bool curved, obstacle;
  CgVec2 centre;
  double extent; /* every vertex within this of the centre */
} Shape;

static void
random_shape (GRand *rand, int kind, Shape *s)
{
  memset (s, 0, sizeof *s);
  s->obstacle = kind != 3;
  switch (kind)
    {
    case 0: /* the D with a bite */
      s->n = 6;
      memcpy (s->v, d_shape, sizeof d_shape);
      memcpy (s->e, d_edges, sizeof d_edges);
      s->curved = true;
      s->centre = cg_v2 (7, 5);
      s->extent = 10;
      return;
    case 1: /* convex */
    case 2: /* a star */
    case 3: /* a star, as a wall */
      {
        s->n = (size_t)g_rand_int_range (rand, kind == 1 ? 3 : 5, kind == 1 ? 9 : 24);
        s->centre
            = cg_v2 (g_rand_double_range (rand, -50, 50), g_rand_double_range (rand, -50, 50));
        s->extent = 0;
        double rot = g_rand_double_range (rand, 0, 2 * G_PI);
        for (size_t i = 0; i < s->n; i++)
          {
            double a = rot + 2 * G_PI * (double)i / (double)s->n;
            double rad = kind == 1 ? 8.0 : g_rand_double_range (rand, 2, 12);
            s->v[i] = cg_v2 (s->centre.x + rad * cos (a), s->centre.y + rad * sin (a));
            s->extent = fmax (s->extent, rad);
          }
        cg_polygon_orient (s->v, s->n, kind == 3 ? CG_ROLE_WALL : CG_ROLE_OBSTACLE);
        return;
      }
    }
}

/* A point of primitive p (an end, or a point along it). */
static CgVec2
point_on (GRand *rand, const CgPrimitive *p)
{
  int which = g_rand_int_range (rand, 0, 3);
  if (which == 0)
    return p->a;
  if (which == 1)
    return p->b;
  if (p->kind == CG_PRIM_SEGMENT)
    return cg_lerp (p->a, p->b, g_rand_double (rand));
  /* Along the left turn from u_from. */
  double phi = atan2 (p->u_from.y, p->u_from.x) + g_rand_double (rand) * p->sweep;
  return cg_mul_add (p->q, p->rho, cg_v2 (cos (phi), sin (phi)));
}

/* 14: no cast ever gives a hit behind its start, whatever the start: far,
 * on a primitive, or a few ulps to tau off it on either side; a hit's point
 * is c + t d and lies on the primitive's line or circle (both within the
 * rounding of the numbers). */
static void
test_cast_never_behind (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (31);
  static const double radii[] = { 0.0, 0.5, 3.0 };
  guint64 hits = 0, zero = 0, casts = 0;
  for (int round = 0; round < 200; round++)
    {
      Shape s;
      random_shape (rand, round % 4, &s);
      double r = radii[g_rand_int_range (rand, 0, G_N_ELEMENTS (radii))];
      CgPrimitive p[4 * 24];
      size_t n = cg_outline_of (s.v, s.curved ? s.e : NULL, s.n, r, 0, p);
      g_assert_cmpuint (n, >, 0);
      for (size_t k = 0; k < n; k++)
        for (int j = 0; j < 40; j++)
          {
            CgVec2 c;
            if (j % 4 == 0)
              c = cg_v2 (s.centre.x + g_rand_double_range (rand, -30, 30),
                         s.centre.y + g_rand_double_range (rand, -30, 30));
            else
              {
                c = point_on (rand, &p[k]);
                /* Off it by a few ulps to a few tau, any way. */
                double off = j % 4 == 1
                                 ? 0.0
                                 : ldexp (g_rand_double (rand), -g_rand_int_range (rand, 40, 53))
                                       * (cg_magnitude (c) + 1);
                double a = g_rand_double_range (rand, 0, 2 * G_PI);
                c = cg_mul_add (c, off, cg_v2 (cos (a), sin (a)));
              }
            double a = g_rand_double_range (rand, 0, 2 * G_PI);
            CgVec2 d = j % 5 == 0 && p[k].kind == CG_PRIM_SEGMENT ? cg_neg (p[k].n)
                                                                  : cg_v2 (cos (a), sin (a));
            CgCastRecord rec;
            bool hit = cg_cast_primitive (&p[k], c, d, &rec);
            casts++;
            g_assert_cmpint (hit, ==, rec.hit);
            g_assert_cmpint (hit, ==, rec.reject == CG_REJECT_NONE);
            g_assert_cmpint (rec.kind, ==, p[k].kind);
            if (!hit)
              continue;
            hits++;
            zero += rec.t == 0.0;
            if (!(rec.t >= 0.0))
              g_error ("a hit behind its start: primitive kind %d part %d, c = (%a, %a), d = "
                       "(%a, %a), r = %g: t = %g",
                       p[k].kind, p[k].part, c.x, c.y, d.x, d.y, r, rec.t);
            /* The contact point: c + t d, up to the rounding of the numbers
             * (the cast may move it onto the primitive's line or circle). */
            double m = fmax (cg_magnitude (c), fmax (cg_magnitude (p[k].a), cg_magnitude (p[k].b)));
            if (p[k].kind == CG_PRIM_ARC)
              m = fmax (m, fmax (cg_magnitude (p[k].q), p[k].rho));
            CgVec2 at = cg_mul_add (c, rec.t, cg_unit_direction (d));
            g_assert_cmpfloat (cg_distance (rec.point, at), <=, 1e-12 * (m + rec.t));
            if (p[k].kind == CG_PRIM_SEGMENT)
              g_assert_cmpfloat (fabs (cg_dot (cg_sub (rec.point, p[k].a), p[k].n)), <=,
                                 1e-12 * (m + rec.t));
            else
              g_assert_cmpfloat (fabs (cg_distance (rec.point, p[k].q) - p[k].rho), <=,
                                 1e-12 * (m + rec.t));
          }
    }
  g_test_message ("%" G_GUINT64_FORMAT " hits of %" G_GUINT64_FORMAT " casts, %" G_GUINT64_FORMAT
                  " at t = 0",
                  hits, casts, zero);
  g_assert_cmpuint (hits * 10, >, casts);
  g_assert_cmpuint (zero, >, 100);
}

/* The front normal of primitive p at its point x. */
static CgVec2
front_normal (const CgPrimitive *p, CgVec2 x)
{
  if (p->kind == CG_PRIM_SEGMENT)
    return p->n;
  CgVec2 u = cg_normalize (cg_sub (x, p->q));
  return p->inside ? cg_neg (u) : u;
}

/* 15: watertight junctions: a ray from outside an obstacle's outline aimed
 * exactly at a point where primitives meet (the same doubles in each),
 * crossing into every one of them there (clearly front-facing, not a
 * graze), hits the outline, no later than there. Rounding puts the ray an
 * ulp to one side of the point or the other; the primitives decide which by
 * the same expression on the same doubles, so one of them takes it. */
static void
test_cast_junctions_watertight (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (32);
  static const double radii[] = { 0.0, 0.5, 2.0, 7.0 };
  guint64 aimed = 0, shared = 0;
  for (int round = 0; round < 300; round++)
    {
      Shape s;
      random_shape (rand, round % 3, &s);
      double r = radii[round % G_N_ELEMENTS (radii)];
      CgPrimitive p[4 * 24];
      size_t n = cg_outline_of (s.v, s.curved ? s.e : NULL, s.n, r, 0, p);
      for (size_t k = 0; k < n; k++)
        {
          if (!p[k].junction)
            continue;
          for (int j = 0; j < 20; j++)
            {
              CgVec2 J = j % 2 ? p[k].b : p[k].a;
              double a = g_rand_double_range (rand, 0, 2 * G_PI);
              double far = s.extent + r + g_rand_double_range (rand, 0.5, 60);
              CgVec2 c = cg_mul_add (s.centre, far, cg_v2 (cos (a), sin (a)));
              CgVec2 d = cg_normalize (cg_sub (J, c));
              /* Every primitive that ends or starts at J: the ray must cross
               * each from its front there. */
              int meeting = 0;
              bool entering = true;
              for (size_t i = 0; i < n; i++)
                if (memcmp (&p[i].a, &J, sizeof J) == 0 || memcmp (&p[i].b, &J, sizeof J) == 0)
                  {
                    meeting++;
                    entering &= cg_dot (d, front_normal (&p[i], J)) < -0.05;
                  }
              if (!entering)
                continue;
              shared += meeting > 1;
              double best = INFINITY;
              for (size_t i = 0; i < n; i++)
                {
                  CgCastRecord rec;
                  if (cg_cast_primitive (&p[i], c, d, &rec))
                    best = fmin (best, rec.t);
                }
              double dist = cg_distance (J, c);
              if (!(best <= dist * (1 + 1e-12) + 1e-12))
                g_error ("a ray aimed at a junction passes: c = (%a, %a), J = (%a, %a), r = %g, "
                         "primitive %zu (kind %d part %d): first hit t = %g, junction at %.17g",
                         c.x, c.y, J.x, J.y, r, k, p[k].kind, p[k].part, best, dist);
              g_assert_cmpfloat (best, >=, 0.0);
              aimed++;
            }
        }
    }
  g_test_message ("%" G_GUINT64_FORMAT " rays aimed at junctions, %" G_GUINT64_FORMAT
                  " where primitives meet",
                  aimed, shared);
  g_assert_cmpuint (shared, >, 5000);
}

/* 16: the worked example's first cast: the wall's edge 1 offset to y = 260. */
static void
test_cast_worked_example (void)
{
  static const CgVec2 room[] = { { -300, -300 }, { -300, 300 }, { 300, 300 }, { 300, -300 } };
  CgPrimitive p[16];
  size_t n = cg_outline_of (room, NULL, 4, 40.0, 0, p);
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpuint (p[1].element, ==, 1);
  CgCastRecord rec;
  CgVec2 d = { SQRT1_2, SQRT1_2 };
  g_assert_true (cg_cast_primitive (&p[1], cg_v2 (-200, 0), d, &rec));
  assert_vec (rec.point, 60, 260, 1e-9);
  assert_vec (rec.normal, 0, -1, 0);
  assert_vec (cg_reflect (d, rec.normal), SQRT1_2, -SQRT1_2, 1e-15);
  g_assert_cmpfloat_with_epsilon (rec.t, 260 * G_SQRT2, 1e-9);
}

/* 17: the ray–box slab test handles axis-parallel rays and starts inside. */
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
  g_test_add_func ("/outline/curved", test_outline_curved);
  g_test_add_func ("/cast/never-behind", test_cast_never_behind);
  g_test_add_func ("/cast/junctions-watertight", test_cast_junctions_watertight);
  g_test_add_func ("/cast/segment/head-on", test_cast_segment_head_on);
  g_test_add_func ("/cast/segment/back-facing", test_cast_segment_back_facing);
  g_test_add_func ("/cast/segment/ends", test_cast_segment_ends);
  g_test_add_func ("/cast/segment/touching", test_cast_segment_touching);
  g_test_add_func ("/cast/arc/numbers", test_cast_arc_numbers);
  g_test_add_func ("/cast/arc/tangent", test_cast_arc_tangent);
  g_test_add_func ("/cast/arc/outside-sweep", test_cast_arc_outside_sweep);
  g_test_add_func ("/cast/arc/leaving", test_cast_arc_leaving);
  g_test_add_func ("/cast/worked-example", test_cast_worked_example);
  g_test_add_func ("/aabb/ray", test_aabb_ray);
  return g_test_run ();
}
