/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-curve.c: curved boundaries (segments and exact arcs), their checks,
 * orientation, offset primitives, casts, the BVH world and the tracer
 * (geometry.md, "Curved edges: exact circles and arcs"). */
#include <glib.h>

#include "geom/cg-curve-world.h"

#define TWO_PI 6.283185307179586476925286766559
#define SQRT2 1.41421356237309504880

static void
assert_vec (CgVec2 got, double x, double y, double tol)
{
  if (!(fabs (got.x - x) <= tol && fabs (got.y - y) <= tol))
    g_error ("expected (%.17g, %.17g) within %g, got (%.17g, %.17g)", x, y, tol, got.x, got.y);
}

/* A one-boundary world. */
static CgCurveWorld *
world1 (const CgVec2 *v, const CgCurveEdge *e, size_t n, CgRole role, double r)
{
  CgCurveRef ref = { v, e, n, role, CG_ON_HIT_STOP };
  CgCurveWorld *w = cg_curve_world_new (&ref, 1, r);
  g_assert_nonnull (w);
  const char *problem = NULL;
  g_assert_true (cg_curve_world_validate (w, &problem));
  return w;
}

/* The half disk of radius 5 around the origin, dome toward y < 0, as an
 * obstacle: the flat edge (5,0) -> (-5,0), then the convex arc back. */
static const CgVec2 half_disk_v[] = { { 5, 0 }, { -5, 0 } };
static const CgCurveEdge half_disk_e[] = { { { 0, 0 }, 0, 0 }, { { 0, 0 }, 5, M_PI } };

/* 1: a circle's orientation by role, its area, and the arc sign rule. */
static void
test_circle_orientation (void)
{
  CgVec2 v;
  CgCurveEdge e;
  cg_curve_circle (cg_v2 (3, 4), 2, CG_ROLE_OBSTACLE, &v, &e);
  g_assert_cmpfloat_with_epsilon (cg_curve_signed_area (&v, &e, 1), M_PI * 4, 1e-12);
  g_assert_false (cg_curve_orient (&v, &e, 1, CG_ROLE_OBSTACLE));
  g_assert_true (cg_curve_orient (&v, &e, 1, CG_ROLE_WALL));
  g_assert_cmpfloat (e.sweep, ==, -TWO_PI);
  g_assert_cmpfloat_with_epsilon (cg_curve_signed_area (&v, &e, 1), -M_PI * 4, 1e-12);
  g_assert_cmpint (cg_curve_validate (&v, &e, 1, 1e-9).status, ==, CG_CURVE_OK);
  g_assert_cmpint (cg_curve_winding (&v, &e, 1, cg_v2 (3, 4)), !=, 0);
  g_assert_cmpint (cg_curve_winding (&v, &e, 1, cg_v2 (5.5, 4)), ==, 0);

  /* The half disk given as a wall (dome sweep -π) is reversed for an
   * obstacle: the arc becomes convex (sweep +π). */
  CgVec2 hv[2] = { { 5, 0 }, { -5, 0 } };
  CgCurveEdge he[2]
      = { { { 0, 0 }, 5, -M_PI }, { { 0, 0 }, 0, 0 } }; /* arc (5,0)->(-5,0) via (0,-5) */
  g_assert_cmpfloat (cg_curve_signed_area (hv, he, 2), <, 0);
  g_assert_true (cg_curve_orient (hv, he, 2, CG_ROLE_OBSTACLE));
  g_assert_cmpfloat (cg_curve_signed_area (hv, he, 2), >, 0);
  g_assert_cmpfloat_with_epsilon (cg_curve_signed_area (hv, he, 2), 12.5 * M_PI, 1e-12);
  /* edge 0 is now the segment (5,0) -> (-5,0), edge 1 the arc (-5,0) -> (5,0) turning +π */
  g_assert_cmpfloat (he[0].sweep, ==, 0);
  g_assert_cmpfloat (he[1].sweep, ==, M_PI);
  assert_vec (cg_curve_edge_point (hv, he, 2, 1, 0.5), 0, -5, 1e-12);
  /* cg_curve_edge_arc() from the ends and the sweep */
  CgCurveEdge a = cg_curve_edge_arc (cg_v2 (-5, 0), cg_v2 (5, 0), M_PI);
  assert_vec (a.q, 0, 0, 1e-12);
  g_assert_cmpfloat_with_epsilon (a.R, 5, 1e-12);
  CgCurveEdge quarter = cg_curve_edge_arc (cg_v2 (1, 0), cg_v2 (0, 1), M_PI / 2);
  assert_vec (quarter.q, 0, 0, 1e-12);
  g_assert_cmpfloat_with_epsilon (quarter.R, 1, 1e-12);
}

/* 2: boxes hold the arcs' axis points within their sweeps. */
static void
test_boxes (void)
{
  /* the dome (-5,0) -> (5,0) through (0,-5): its top is the axis point (0,-5) */
  CgAabb b = cg_curve_edge_bounds (half_disk_v, half_disk_e, 2, 1);
  assert_vec (b.lo, -5, -5, 1e-12);
  assert_vec (b.hi, 5, 0, 1e-12);
  /* its offset for r = 1: radius 6, top at y = -6 */
  CgCurvePrim p[8];
  size_t n = cg_curve_outline (half_disk_v, half_disk_e, 2, 1.0, 0, p);
  bool found = false;
  for (size_t i = 0; i < n; i++)
    if (p[i].kind == CG_CPRIM_ARC && !p[i].cap)
      {
        CgAabb pb = cg_curve_prim_bounds (&p[i]);
        assert_vec (pb.lo, -6, -6, 1e-12);
        assert_vec (pb.hi, 6, 0, 1e-12);
        found = true;
      }
  g_assert_true (found);
  /* an arc from 30° to 60° holds no axis point: its box is its ends' */
  CgVec2 v[3]
      = { { 0, 0 }, { cos (M_PI / 6), sin (M_PI / 6) }, { cos (M_PI / 3), sin (M_PI / 3) } };
  CgCurveEdge e[3] = { { { 0, 0 }, 0, 0 }, { { 0, 0 }, 1, M_PI / 6 }, { { 0, 0 }, 0, 0 } };
  CgAabb ab = cg_curve_edge_bounds (v, e, 3, 1);
  assert_vec (ab.lo, cos (M_PI / 3), sin (M_PI / 6), 1e-15);
  assert_vec (ab.hi, cos (M_PI / 6), sin (M_PI / 3), 1e-15);
}

/* 3: validation names the edges that cross, accepts tangent joins. */
static void
test_validate (void)
{
  g_assert_cmpint (cg_curve_validate (half_disk_v, half_disk_e, 2, 1e-8).status, ==, CG_CURVE_OK);

  /* A flat 10 x 3 rectangle whose top edge dents inward by 3.6 crosses its
   * bottom edge: edges 0 and 2 meet (segment–arc). */
  CgVec2 sq[4] = { { 0, 0 }, { 10, 0 }, { 10, 3 }, { 0, 3 } };
  CgCurveEdge se[4];
  for (int i = 0; i < 4; i++)
    se[i] = cg_curve_edge_straight ();
  g_assert_cmpint (cg_curve_validate (sq, se, 4, 1e-8).status, ==, CG_CURVE_OK);
  se[0] = cg_curve_edge_arc (sq[0], sq[1], -2.5);
  g_assert_cmpfloat (cg_curve_edge_point (sq, se, 4, 0, 0.5).y, >, 3);
  CgCurveCheck c = cg_curve_validate (sq, se, 4, 1e-8);
  g_assert_cmpint (c.status, ==, CG_CURVE_SELF_CROSSING);
  g_assert_cmpuint (c.index_a, ==, 0);
  g_assert_cmpuint (c.index_b, ==, 2);
  g_assert_cmpfloat_with_epsilon (c.where.y, 3, 1e-9);
  /* A dent of 2.7 is fine. */
  se[0] = cg_curve_edge_arc (sq[0], sq[1], -2.0);
  g_assert_cmpint (cg_curve_validate (sq, se, 4, 1e-8).status, ==, CG_CURVE_OK);
  /* An arc that swings round the rest without meeting it is simple too. */
  se[0] = cg_curve_edge_arc (sq[0], sq[1], -5.0);
  g_assert_cmpint (cg_curve_validate (sq, se, 4, 1e-8).status, ==, CG_CURVE_OK);

  /* Two arcs crossing: a 6 x 10 rectangle whose left and right edges bulge
   * inward by 3.6 each, so they cross each other (arc–arc). */
  CgVec2 rc[4] = { { 0, 0 }, { 6, 0 }, { 6, 10 }, { 0, 10 } };
  for (int i = 0; i < 4; i++)
    se[i] = cg_curve_edge_straight ();
  se[1] = cg_curve_edge_arc (rc[1], rc[2], -2.5);
  se[3] = cg_curve_edge_arc (rc[3], rc[0], -2.5);
  g_assert_cmpfloat (cg_curve_edge_point (rc, se, 4, 1, 0.5).x, <, 3);
  g_assert_cmpfloat (cg_curve_edge_point (rc, se, 4, 3, 0.5).x, >, 3);
  c = cg_curve_validate (rc, se, 4, 1e-8);
  g_assert_cmpint (c.status, ==, CG_CURVE_SELF_CROSSING);
  g_assert_cmpuint (c.index_a, ==, 1);
  g_assert_cmpuint (c.index_b, ==, 3);
  /* bulging by 2.8 each they do not meet */
  se[1] = cg_curve_edge_arc (rc[1], rc[2], -2.0);
  se[3] = cg_curve_edge_arc (rc[3], rc[0], -2.0);
  g_assert_cmpint (cg_curve_validate (rc, se, 4, 1e-8).status, ==, CG_CURVE_OK);

  /* Not finite, bad arcs, a lone straight edge. */
  CgCurveEdge bad[2] = { half_disk_e[0], half_disk_e[1] };
  bad[1].R = NAN;
  c = cg_curve_validate (half_disk_v, bad, 2, 1e-8);
  g_assert_cmpint (c.status, ==, CG_CURVE_NOT_FINITE);
  g_assert_cmpuint (c.index_a, ==, 1);
  bad[1].R = 5.5; /* the ends are not on the circle */
  c = cg_curve_validate (half_disk_v, bad, 2, 1e-8);
  g_assert_cmpint (c.status, ==, CG_CURVE_BAD_ARC);
  g_assert_cmpuint (c.index_a, ==, 1);
  bad[1].R = 5;
  bad[1].sweep = M_PI / 2; /* the sweep does not lead to the other end */
  g_assert_cmpint (cg_curve_validate (half_disk_v, bad, 2, 1e-8).status, ==, CG_CURVE_BAD_ARC);
  CgCurveEdge straight1 = cg_curve_edge_straight ();
  g_assert_cmpint (cg_curve_validate (half_disk_v, &straight1, 1, 1e-8).status, ==,
                   CG_CURVE_TOO_FEW_EDGES);

  /* A stadium (G1 joins: segments tangent to the round ends) is simple. */
  CgVec2 st[4] = { { -5, -3 }, { -5, 3 }, { 5, 3 }, { 5, -3 } };
  CgCurveEdge ste[4]
      = { { { -5, 0 }, 3, -M_PI }, { { 0, 0 }, 0, 0 }, { { 5, 0 }, 3, -M_PI }, { { 0, 0 }, 0, 0 } };
  g_assert_cmpint (cg_curve_validate (st, ste, 4, 1e-8).status, ==, CG_CURVE_OK);
  g_assert_cmpfloat (cg_curve_signed_area (st, ste, 4), <, 0); /* a wall as given */
  /* a segment folding back 0.03 along an arc of radius 1000 (inside the
   * slack a near-tangent join gets): its far end lies on the arc */
  CgVec2 fb[3] = { { 1000, 0 },
                   { 1000 * cos (0.01), 1000 * sin (0.01) },
                   { 1000 * cos (0.00997), 1000 * sin (0.00997) } };
  CgCurveEdge fbe[3]
      = { { { 0, 0 }, 1000, 0.01 }, cg_curve_edge_straight (), cg_curve_edge_straight () };
  c = cg_curve_validate (fb, fbe, 3, 1e-7);
  g_assert_cmpint (c.status, ==, CG_CURVE_SELF_CROSSING);
  g_assert_cmpuint (c.index_a, ==, 0);
  CgVec2 fold[3] = { { 0, 0 }, { 10, 0 }, { 5, 0 } }; /* a spike folding back */
  CgCurveEdge fe[3] = { cg_curve_edge_straight (), cg_curve_edge_straight (),
                        cg_curve_edge_arc (fold[2], fold[0], 1.0) };
  g_assert_cmpint (cg_curve_validate (fold, fe, 3, 1e-8).status, ==, CG_CURVE_SELF_CROSSING);
}

/* 4: the offset primitives of geometry.md: a convex arc at R + r, a concave
 * arc at R - r, caps where the boundary turns left, none at a G1 join. */
static void
test_outline_rules (void)
{
  CgCurvePrim p[16];
  /* half disk obstacle, r = 1: segment, arc at 6, caps at both vertices */
  size_t n = cg_curve_outline (half_disk_v, half_disk_e, 2, 1.0, 0, p);
  int segs = 0, arcs = 0, caps = 0;
  for (size_t i = 0; i < n; i++)
    {
      if (p[i].kind == CG_CPRIM_SEGMENT)
        {
          segs++;
          assert_vec (p[i].n, 0, 1, 1e-15);
          assert_vec (p[i].a, 5, 1, 1e-15);
        }
      else if (p[i].cap)
        {
          caps++;
          g_assert_cmpfloat (p[i].rho, ==, 1);
          g_assert_cmpfloat_with_epsilon (p[i].sweep, M_PI / 2, 1e-15);
        }
      else
        {
          arcs++;
          g_assert_cmpfloat (p[i].rho, ==, 6);
          g_assert_false (p[i].inside);
        }
    }
  g_assert_cmpint (segs, ==, 1);
  g_assert_cmpint (arcs, ==, 1);
  g_assert_cmpint (caps, ==, 2);

  /* a round room: one concave arc at R - r, front inside */
  CgVec2 v;
  CgCurveEdge e;
  cg_curve_circle (cg_v2 (0, 0), 10, CG_ROLE_WALL, &v, &e);
  n = cg_curve_outline (&v, &e, 1, 2.0, 0, p);
  g_assert_cmpuint (n, ==, 1);
  g_assert_true (p[0].inside && p[0].full);
  g_assert_cmpfloat (p[0].rho, ==, 8);
  /* R <= r: nothing */
  g_assert_cmpuint (cg_curve_outline (&v, &e, 1, 10.0, 0, p), ==, 0);

  /* the stadium: G1 joins, so no caps; two concave arcs, two segments */
  CgVec2 st[4] = { { -5, -3 }, { -5, 3 }, { 5, 3 }, { 5, -3 } };
  CgCurveEdge ste[4]
      = { { { -5, 0 }, 3, -M_PI }, { { 0, 0 }, 0, 0 }, { { 5, 0 }, 3, -M_PI }, { { 0, 0 }, 0, 0 } };
  n = cg_curve_outline (st, ste, 4, 1.0, 0, p);
  g_assert_cmpuint (n, ==, 4);
  for (size_t i = 0; i < n; i++)
    {
      g_assert_false (p[i].cap);
      if (p[i].kind == CG_CPRIM_ARC)
        {
          g_assert_true (p[i].inside);
          g_assert_cmpfloat (p[i].rho, ==, 2);
        }
    }
}

/* 5: casts against a convex circle from outside, a concave one from inside
 * (and from inside but outside the offset circle's part in front). */
static void
test_cast_circles (void)
{
  CgVec2 v;
  CgCurveEdge e;
  cg_curve_circle (cg_v2 (0, 0), 10, CG_ROLE_OBSTACLE, &v, &e);
  CgCurveWorld *w = world1 (&v, &e, 1, CG_ROLE_OBSTACLE, 2.0);
  CgCurveHit h = cg_curve_world_cast (w, cg_v2 (-30, 0), cg_v2 (1, 0), -1, false);
  g_assert_true (h.hit);
  g_assert_cmpfloat_with_epsilon (h.rec.t, 18, 1e-12);
  assert_vec (h.rec.normal, -1, 0, 1e-15);
  g_assert_false (h.rec.larger_root);
  /* grazing the offset circle (tangent) counts */
  h = cg_curve_world_cast (w, cg_v2 (-30, -12), cg_v2 (1, 0), -1, false);
  g_assert_true (h.hit);
  assert_vec (h.rec.point, 0, -12, 1e-6);
  /* passing outside misses */
  h = cg_curve_world_cast (w, cg_v2 (-30, -12.001), cg_v2 (1, 0), -1, false);
  g_assert_false (h.hit);
  g_assert_true (cg_curve_world_start_overlaps (w, cg_v2 (0, 0)));
  g_assert_true (cg_curve_world_start_overlaps (w, cg_v2 (11, 0)));
  g_assert_false (cg_curve_world_start_overlaps (w, cg_v2 (12.5, 0)));
  cg_curve_world_free (w);

  cg_curve_circle (cg_v2 (0, 0), 10, CG_ROLE_WALL, &v, &e);
  w = world1 (&v, &e, 1, CG_ROLE_WALL, 2.0);
  h = cg_curve_world_cast (w, cg_v2 (-5, 0), cg_v2 (1, 0), -1, false);
  g_assert_true (h.hit);
  g_assert_true (h.rec.larger_root);
  g_assert_cmpfloat_with_epsilon (h.rec.t, 13, 1e-12);
  assert_vec (h.rec.normal, -1, 0, 1e-15); /* (q - p) / rho: into the room */
  g_assert_true (cg_curve_world_start_overlaps (w, cg_v2 (8.5, 0)));
  g_assert_false (cg_curve_world_start_overlaps (w, cg_v2 (7.5, 0)));
  cg_curve_world_free (w);
}

/* 6: a concave arc with R <= r (a narrow dent in an obstacle): no offset of
 * its own, half caps at its ends; a ball coming straight down into the dent
 * first touches the dent's two corners, at y = -sqrt(r² - 1). */
static void
test_concave_small_radius (void)
{
  /* square obstacle (0,0) (10,0) (10,10) (0,10), its top edge with a dent of
   * radius 1 between x = 4 and 6 */
  CgVec2 v[6] = { { 0, 0 }, { 4, 0 }, { 6, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } };
  CgCurveEdge e[6];
  for (int i = 0; i < 6; i++)
    e[i] = cg_curve_edge_straight ();
  e[1] = cg_curve_edge_arc (v[1], v[2], -M_PI);
  assert_vec (e[1].q, 5, 0, 1e-15);
  g_assert_cmpint (cg_curve_validate (v, e, 6, 1e-8).status, ==, CG_CURVE_OK);
  g_assert_cmpfloat (cg_curve_signed_area (v, e, 6), >, 0);
  CgCurvePrim p[32];
  size_t n = cg_curve_outline (v, e, 6, 2.0, 0, p);
  int half_caps = 0;
  for (size_t i = 0; i < n; i++)
    {
      g_assert_false (p[i].kind == CG_CPRIM_ARC && !p[i].cap && p[i].index == 1);
      if (p[i].cap && fabs (p[i].sweep - M_PI) < 1e-15)
        half_caps++;
    }
  g_assert_cmpint (half_caps, ==, 2);

  CgCurveWorld *w = world1 (v, e, 6, CG_ROLE_OBSTACLE, 2.0);
  CgCurveHit h = cg_curve_world_cast (w, cg_v2 (5, -10), cg_v2 (0, 1), -1, false);
  g_assert_true (h.hit);
  g_assert_cmpfloat_with_epsilon (h.rec.point.y, -sqrt (3.0), 1e-12);
  size_t np;
  const CgCurvePrim *prims = cg_curve_world_primitives (w, &np);
  g_assert_true (prims[h.prim].cap);
  /* With r = 0.5 < R the dent has its own offset at R - r = 0.5, and a ball
   * of radius 0.5 falls into it, down to y = 1 - 0.5. */
  cg_curve_world_free (w);
  w = world1 (v, e, 6, CG_ROLE_OBSTACLE, 0.5);
  h = cg_curve_world_cast (w, cg_v2 (5, -10), cg_v2 (0, 1), -1, false);
  g_assert_true (h.hit);
  g_assert_cmpfloat_with_epsilon (h.rec.point.y, 0.5, 1e-12);
  prims = cg_curve_world_primitives (w, &np);
  g_assert_true (prims[h.prim].kind == CG_CPRIM_ARC && prims[h.prim].inside);
  assert_vec (h.rec.normal, 0, -1, 1e-12);
  cg_curve_world_free (w);
}

/* 7: casts exactly at junctions: between an offset arc and a vertex cap (the
 * half disk's corner), from the arc's side and from the cap's side; and at
 * the G1 join of a stadium's offset segment and offset arc. */
static void
test_junctions (void)
{
  CgCurveWorld *w = world1 (half_disk_v, half_disk_e, 2, CG_ROLE_OBSTACLE, 1.0);
  size_t np;
  const CgCurvePrim *prims = cg_curve_world_primitives (w, &np);
  struct
  {
    CgVec2 c, d;
    double t;
  } cases[] = {
    { { -20, 0 }, { 1, 0 }, 14 },
    { { -20, -14 }, { SQRT2 / 2, SQRT2 / 2 }, 14 * SQRT2 },
    { { -20, 14 }, { SQRT2 / 2, -SQRT2 / 2 }, 14 * SQRT2 },
  };
  for (size_t k = 0; k < G_N_ELEMENTS (cases); k++)
    for (int brute = 0; brute < 2; brute++)
      {
        CgCurveHit h = cg_curve_world_cast (w, cases[k].c, cases[k].d, -1, brute);
        g_assert_true (h.hit);
        assert_vec (h.rec.point, -6, 0, 1e-12);
        g_assert_cmpfloat_with_epsilon (h.rec.t, cases[k].t, 1e-12);
        g_assert_true (prims[h.prim].kind == CG_CPRIM_ARC);
        assert_vec (h.rec.normal, -1, 0, 1e-12);
      }
  cg_curve_world_free (w);

  CgVec2 st[4] = { { -5, -3 }, { -5, 3 }, { 5, 3 }, { 5, -3 } };
  CgCurveEdge ste[4]
      = { { { -5, 0 }, 3, -M_PI }, { { 0, 0 }, 0, 0 }, { { 5, 0 }, 3, -M_PI }, { { 0, 0 }, 0, 0 } };
  w = world1 (st, ste, 4, CG_ROLE_WALL, 1.0);
  CgVec2 d = cg_normalize (cg_v2 (5, -2));
  CgCurveHit h = cg_curve_world_cast (w, cg_v2 (0, 0), d, -1, false);
  g_assert_true (h.hit);
  assert_vec (h.rec.point, 5, -2, 1e-12);
  assert_vec (h.rec.normal, 0, 1, 1e-12);
  cg_curve_world_free (w);
}

/* The number of bounces of the long runs: 10^6, 10^5 under the sanitizers
 * (which make each cast some 20 times slower). */
static uint32_t
long_run (void)
{
#if defined(__SANITIZE_ADDRESS__)
  return 100000;
#else
  if (g_getenv ("CAROM_SANITIZED"))
    return 100000;
  return 1000000;
#endif
}

/* 8: a ball in a round room, 10^6 bounces: every contact on the offset
 * circle, |c - q| <= R - r + eps throughout, never escaping. */
static void
test_circle_room_long (void)
{
  CgVec2 v;
  CgCurveEdge e;
  double R = 100, r = 3;
  cg_curve_circle (cg_v2 (7, -2), R, CG_ROLE_WALL, &v, &e);
  CgCurveWorld *w = world1 (&v, &e, 1, CG_ROLE_WALL, r);
  double eps = cg_curve_world_eps (w);
  uint32_t n = long_run ();
  CgCurveTracer t;
  g_assert_cmpint (cg_curve_tracer_start (&t, w, cg_v2 (17, 23), cg_v2 (1, 0.3), n, false), ==,
                   CG_TRACE_RUNNING);
  CgCurveTraceHit hit;
  uint32_t hits = 0;
  double worst = 0.0;
  CgTraceStatus s;
  while ((s = cg_curve_tracer_step (&t, &hit)) == CG_TRACE_RUNNING || s == CG_TRACE_MAX_BOUNCES)
    {
      hits++;
      double dist = cg_distance (hit.point, cg_v2 (7, -2));
      worst = cg_max (worst, fabs (dist - (R - r)));
      if (dist > R - r + eps)
        g_error ("bounce %u: |c - q| = %.17g > R - r + eps", hits, dist);
      if (s == CG_TRACE_MAX_BOUNCES)
        break;
    }
  g_assert_cmpint (s, ==, CG_TRACE_MAX_BOUNCES);
  g_assert_cmpuint (hits, ==, n);
  g_assert_cmpfloat (worst, <=, eps);
  g_test_message ("%u bounces, largest | |c - q| - (R - r) | = %.3g (eps %.3g)", hits, worst, eps);
  cg_curve_world_free (w);
}

/* Random curved scenes: a round or square room holding disks and polygons
 * some of whose edges are arcs, bulging out or in. */
typedef struct
{
  GArray *v, *e;  /* all vertices and edges */
  GArray *refs;   /* CgCurveRef, pointing into v and e once built */
  GArray *counts; /* n of each */
  GArray *roles, *on_hit;
} Scene;

static void
scene_add (Scene *s, const CgVec2 *v, const CgCurveEdge *e, size_t n, CgRole role, CgOnHit on_hit)
{
  g_array_append_vals (s->v, v, n);
  g_array_append_vals (s->e, e, n);
  guint nn = (guint)n;
  g_array_append_val (s->counts, nn);
  g_array_append_val (s->roles, role);
  g_array_append_val (s->on_hit, on_hit);
}

static CgCurveWorld *
scene_world (Scene *s, double r)
{
  g_array_set_size (s->refs, 0);
  size_t off = 0;
  for (guint k = 0; k < s->counts->len; k++)
    {
      guint n = g_array_index (s->counts, guint, k);
      CgCurveRef ref
          = { &g_array_index (s->v, CgVec2, off), &g_array_index (s->e, CgCurveEdge, off), n,
              g_array_index (s->roles, CgRole, k), g_array_index (s->on_hit, CgOnHit, k) };
      g_array_append_val (s->refs, ref);
      off += n;
    }
  return cg_curve_world_new ((CgCurveRef *)s->refs->data, s->refs->len, r);
}

static void
scene_init (Scene *s)
{
  s->v = g_array_new (FALSE, FALSE, sizeof (CgVec2));
  s->e = g_array_new (FALSE, FALSE, sizeof (CgCurveEdge));
  s->refs = g_array_new (FALSE, FALSE, sizeof (CgCurveRef));
  s->counts = g_array_new (FALSE, FALSE, sizeof (guint));
  s->roles = g_array_new (FALSE, FALSE, sizeof (CgRole));
  s->on_hit = g_array_new (FALSE, FALSE, sizeof (CgOnHit));
}

static void
scene_clear (Scene *s)
{
  g_array_free (s->v, TRUE);
  g_array_free (s->e, TRUE);
  g_array_free (s->refs, TRUE);
  g_array_free (s->counts, TRUE);
  g_array_free (s->roles, TRUE);
  g_array_free (s->on_hit, TRUE);
}

/* A random scene in [0, 100]²: the room, then obstacles in a grid of cells. */
static void
random_scene (Scene *s, GRand *rng, bool round_room, CgOnHit on_hit)
{
  if (round_room)
    {
      CgVec2 v;
      CgCurveEdge e;
      cg_curve_circle (cg_v2 (50, 50), 70, CG_ROLE_WALL, &v, &e);
      scene_add (s, &v, &e, 1, CG_ROLE_WALL, CG_ON_HIT_STOP);
    }
  else
    {
      /* a square room whose right side is a concave arc (a half stadium) */
      CgVec2 v[4] = { { 0, 0 }, { 0, 100 }, { 100, 100 }, { 100, 0 } };
      CgCurveEdge e[4] = { cg_curve_edge_straight (), cg_curve_edge_straight (),
                           cg_curve_edge_arc (v[2], v[3], -M_PI), cg_curve_edge_straight () };
      g_assert_cmpint (cg_curve_validate (v, e, 4, 1e-7).status, ==, CG_CURVE_OK);
      scene_add (s, v, e, 4, CG_ROLE_WALL, CG_ON_HIT_STOP);
    }
  for (int gx = 0; gx < 4; gx++)
    for (int gy = 0; gy < 4; gy++)
      {
        if (g_rand_int_range (rng, 0, 3) == 0)
          continue;
        CgVec2 centre = { 20 + 20 * gx + g_rand_double_range (rng, -2, 2),
                          20 + 20 * gy + g_rand_double_range (rng, -2, 2) };
        double size = g_rand_double_range (rng, 3, 7);
        if (g_rand_int_range (rng, 0, 3) == 0)
          {
            CgVec2 v;
            CgCurveEdge e;
            cg_curve_circle (centre, size, CG_ROLE_OBSTACLE, &v, &e);
            scene_add (s, &v, &e, 1, CG_ROLE_OBSTACLE, on_hit);
            continue;
          }
        for (int attempt = 0; attempt < 10; attempt++)
          {
            int k = g_rand_int_range (rng, 3, 8);
            CgVec2 v[8];
            CgCurveEdge e[8];
            double phase = g_rand_double_range (rng, 0, TWO_PI);
            for (int i = 0; i < k; i++)
              {
                double a = phase + TWO_PI * i / k;
                v[i] = cg_v2 (centre.x + size * cos (a), centre.y + size * sin (a));
              }
            for (int i = 0; i < k; i++)
              {
                int kind = g_rand_int_range (rng, 0, 3);
                double sweep = g_rand_double_range (rng, 0.2, 1.5) * (kind == 1 ? 1 : -1);
                e[i] = kind == 0 ? cg_curve_edge_straight ()
                                 : cg_curve_edge_arc (v[i], v[(i + 1) % k], sweep);
              }
            cg_curve_orient (v, e, k, CG_ROLE_OBSTACLE);
            if (cg_curve_validate (v, e, k, 1e-7).status != CG_CURVE_OK)
              continue;
            scene_add (s, v, e, k, CG_ROLE_OBSTACLE, on_hit);
            break;
          }
      }
}

/* 9: the BVH gives brute force's answers bit for bit on random curved
 * scenes (the hit chosen, t, the point), and start-overlap too. */
static void
test_bvh_equals_brute_force (void)
{
  GRand *rng = g_rand_new_with_seed (1601);
  int hits = 0;
  for (int scene = 0; scene < 30; scene++)
    {
      Scene s;
      scene_init (&s);
      random_scene (&s, rng, scene % 2 == 0, CG_ON_HIT_STOP);
      double r = g_rand_double_range (rng, 0, 4);
      CgCurveWorld *w = scene_world (&s, r);
      g_assert_nonnull (w);
      const char *problem = NULL;
      if (!cg_curve_world_validate (w, &problem))
        g_error ("scene %d: %s", scene, problem);
      for (int k = 0; k < 2000; k++)
        {
          CgVec2 c = { g_rand_double_range (rng, -10, 110), g_rand_double_range (rng, -10, 110) };
          double a = g_rand_double_range (rng, 0, TWO_PI);
          CgVec2 d = { cos (a), sin (a) };
          if (k % 50 == 0)
            d = cg_v2 (k % 100 == 0 ? 0 : 1, k % 100 == 0 ? 1 : 0); /* axis-parallel rays */
          CgCurveHit hb = cg_curve_world_cast (w, c, d, -1, false);
          CgCurveHit hf = cg_curve_world_cast (w, c, d, -1, true);
          g_assert_cmpint (hb.hit, ==, hf.hit);
          if (hb.hit)
            {
              hits++;
              g_assert_cmpuint (hb.prim, ==, hf.prim);
              g_assert_true (hb.rec.t == hf.rec.t);
              g_assert_true (hb.rec.point.x == hf.rec.point.x && hb.rec.point.y == hf.rec.point.y);
              g_assert_cmpuint (hb.stats.primitives_tested, <=, hf.stats.primitives_tested);
            }
          g_assert_cmpint (cg_curve_world_start_overlaps (w, c), ==,
                           cg_curve_world_start_overlaps_brute_force (w, c));
        }
      cg_curve_world_free (w);
      scene_clear (&s);
    }
  g_assert_cmpint (hits, >, 10000);
  g_rand_free (rng);
}

/* An independent cast in long double: the first hit over all primitives,
 * from the textbook formulas (no shared code with cg_curve_cast()). */
static long double
ld_cast (const CgCurvePrim *p, CgVec2 c, CgVec2 d)
{
  long double cx = c.x, cy = c.y, dl = sqrtl ((long double)d.x * d.x + (long double)d.y * d.y);
  long double dx = d.x / dl, dy = d.y / dl;
  if (p->kind == CG_CPRIM_SEGMENT)
    {
      long double nx = p->n.x, ny = p->n.y;
      long double dn = dx * nx + dy * ny;
      if (dn >= 0)
        return INFINITY;
      long double t = ((p->a.x - cx) * nx + (p->a.y - cy) * ny) / dn;
      long double px = cx + t * dx, py = cy + t * dy;
      long double abx = (long double)p->b.x - p->a.x, aby = (long double)p->b.y - p->a.y;
      long double s = ((px - p->a.x) * abx + (py - p->a.y) * aby) / (abx * abx + aby * aby);
      return (s >= 0 && s <= 1 && t >= 0) ? t : INFINITY;
    }
  long double mx = cx - p->q.x, my = cy - p->q.y, rho = p->rho;
  long double b = mx * dx + my * dy, cc = mx * mx + my * my - rho * rho;
  long double disc = b * b - cc;
  if (disc < 0)
    return INFINITY;
  long double t = p->inside ? -b + sqrtl (disc) : -b - sqrtl (disc);
  if (t < 0)
    return INFINITY;
  long double ux = (cx + t * dx - p->q.x) / rho, uy = (cy + t * dy - p->q.y) / rho;
  if (!p->full)
    {
      long double phi = atan2l (p->u0.x * uy - p->u0.y * ux, p->u0.x * ux + p->u0.y * uy);
      if (phi < 0)
        phi += 2 * 3.14159265358979323846264338327950288L;
      if (phi > p->sweep)
        return INFINITY;
    }
  return t;
}

/* 10: every hit on random curved scenes checked in long double: its t is the
 * true first crossing (within eps), no other primitive is crossed earlier,
 * and the contact point lies on the hit primitive. */
static void
test_long_double_check (void)
{
  GRand *rng = g_rand_new_with_seed (2718);
  int checked = 0;
  for (int scene = 0; scene < 20; scene++)
    {
      Scene s;
      scene_init (&s);
      random_scene (&s, rng, scene % 2 == 1, CG_ON_HIT_STOP);
      double r = g_rand_double_range (rng, 0.5, 4);
      CgCurveWorld *w = scene_world (&s, r);
      double eps = cg_curve_world_eps (w);
      size_t np;
      const CgCurvePrim *prims = cg_curve_world_primitives (w, &np);
      for (int k = 0; k < 500; k++)
        {
          CgVec2 c = { g_rand_double_range (rng, 0, 100), g_rand_double_range (rng, 0, 100) };
          if (cg_curve_world_start_overlaps (w, c))
            continue;
          double a = g_rand_double_range (rng, 0, TWO_PI);
          CgVec2 d = { cos (a), sin (a) };
          CgCurveHit h = cg_curve_world_cast (w, c, d, -1, false);
          long double best = INFINITY;
          for (size_t i = 0; i < np; i++)
            {
              long double t = ld_cast (&prims[i], c, d);
              if (t < best)
                best = t;
            }
          if (!h.hit)
            {
              /* nothing within reach, or only grazes beyond eps */
              g_assert_true (isinf (best));
              continue;
            }
          checked++;
          long double err = fabsl ((long double)h.rec.t - best);
          if (err > 4 * eps)
            g_error ("scene %d ray %d: t = %.17g, long double %.20Lg", scene, k, h.rec.t, best);
          long double own = ld_cast (&prims[h.prim], c, d);
          if (!isinf (own))
            g_assert_true (fabsl (own - h.rec.t) <= 4 * eps);
        }
      cg_curve_world_free (w);
      scene_clear (&s);
    }
  g_assert_cmpint (checked, >, 3000);
  g_rand_free (rng);
}

/* 11: a Sinai-style table with reflecting obstacles: over long runs the
 * ball never comes closer than r - eps to any edge, never ends inside an
 * obstacle, and stays in the room. */
static void
test_reflecting_obstacles_long (void)
{
  GRand *rng = g_rand_new_with_seed (42);
  Scene s;
  scene_init (&s);
  random_scene (&s, rng, false, CG_ON_HIT_REFLECT);
  double r = 1.5;
  CgCurveWorld *w = scene_world (&s, r);
  double eps = cg_curve_world_eps (w);
  uint32_t n = long_run () / 10;
  CgCurveTracer t;
  CgVec2 start = { 10, 10 };
  g_assert_false (cg_curve_world_start_overlaps (w, start));
  g_assert_cmpint (cg_curve_tracer_start (&t, w, start, cg_v2 (0.3, 1), n, false), ==,
                   CG_TRACE_RUNNING);
  CgCurveTraceHit hit;
  CgTraceStatus st;
  uint32_t hits = 0, obstacle_hits = 0;
  size_t nc = cg_curve_world_count (w);
  while (true)
    {
      st = cg_curve_tracer_step (&t, &hit);
      g_assert_true (st == CG_TRACE_RUNNING || st == CG_TRACE_MAX_BOUNCES);
      hits++;
      g_assert_true (hit.reflected);
      obstacle_hits += hit.role == CG_ROLE_OBSTACLE;
      for (size_t k = 0; k < nc; k++)
        {
          CgCurveRef cv = cg_curve_world_curve (w, k);
          for (size_t i = 0; i < cv.n; i++)
            if (cg_curve_edge_distance (cv.v, cv.e, cv.n, i, hit.point) < r - 2 * eps)
              g_error ("bounce %u: the centre is %.17g from edge %zu of boundary %zu", hits,
                       cg_curve_edge_distance (cv.v, cv.e, cv.n, i, hit.point), i, k);
          if (cv.role == CG_ROLE_OBSTACLE)
            g_assert_cmpint (cg_curve_winding (cv.v, cv.e, cv.n, hit.point), ==, 0);
          else
            g_assert_cmpint (cg_curve_winding (cv.v, cv.e, cv.n, hit.point), !=, 0);
        }
      if (st == CG_TRACE_MAX_BOUNCES)
        break;
    }
  g_assert_cmpuint (hits, ==, n);
  g_assert_cmpuint (obstacle_hits, >, n / 10);
  cg_curve_world_free (w);
  scene_clear (&s);
  g_rand_free (rng);
}

/* 12: obstacles stop the ball unless they say reflect; reflections off
 * obstacles count toward max-bounces. */
static void
test_on_hit (void)
{
  CgVec2 room[4] = { { 0, 0 }, { 0, 100 }, { 100, 100 }, { 100, 0 } };
  CgCurveEdge re[4] = { cg_curve_edge_straight (), cg_curve_edge_straight (),
                        cg_curve_edge_straight (), cg_curve_edge_straight () };
  CgVec2 dv;
  CgCurveEdge de;
  cg_curve_circle (cg_v2 (50, 50), 10, CG_ROLE_OBSTACLE, &dv, &de);
  for (int reflect = 0; reflect < 2; reflect++)
    {
      CgCurveRef refs[2]
          = { { room, re, 4, CG_ROLE_WALL, CG_ON_HIT_STOP },
              { &dv, &de, 1, CG_ROLE_OBSTACLE, reflect ? CG_ON_HIT_REFLECT : CG_ON_HIT_STOP } };
      CgCurveWorld *w = cg_curve_world_new (refs, 2, 2.0);
      CgCurveTracer t;
      cg_curve_tracer_start (&t, w, cg_v2 (20, 50), cg_v2 (1, 0), 1, false);
      CgCurveTraceHit hit;
      CgTraceStatus st = cg_curve_tracer_step (&t, &hit);
      assert_vec (hit.point, 38, 50, 1e-12);
      g_assert_cmpuint (hit.object, ==, 1);
      if (reflect)
        {
          g_assert_cmpint (st, ==, CG_TRACE_MAX_BOUNCES);
          g_assert_true (hit.reflected);
          assert_vec (hit.out, -1, 0, 1e-15);
        }
      else
        {
          g_assert_cmpint (st, ==, CG_TRACE_STOPPED);
          g_assert_false (hit.reflected);
          assert_vec (hit.out, 1, 0, 0);
        }
      cg_curve_world_free (w);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/curve/circle-orientation", test_circle_orientation);
  g_test_add_func ("/curve/boxes", test_boxes);
  g_test_add_func ("/curve/validate", test_validate);
  g_test_add_func ("/curve/outline-rules", test_outline_rules);
  g_test_add_func ("/curve/cast-circles", test_cast_circles);
  g_test_add_func ("/curve/concave-small-radius", test_concave_small_radius);
  g_test_add_func ("/curve/junctions", test_junctions);
  g_test_add_func ("/curve/on-hit", test_on_hit);
  g_test_add_func ("/curve/circle-room-long", test_circle_room_long);
  g_test_add_func ("/curve/bvh-equals-brute-force", test_bvh_equals_brute_force);
  g_test_add_func ("/curve/long-double-check", test_long_double_check);
  g_test_add_func ("/curve/reflecting-obstacles-long", test_reflecting_obstacles_long);
  return g_test_run ();
}
