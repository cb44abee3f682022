/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-curve.c: curved boundaries (segments and exact arcs), their checks,
 * orientation, offset primitives, casts in the one world (straight and
 * curved boundaries alike, balls of every radius) and the tracer
 * (geometry.md, "Curved edges: exact circles and arcs", "The cast",
 * "Tolerances"). No tolerance here depends on the scene: where a check needs
 * one, it is tau = 4 eps M (cg_tolerance()) of the numbers of that one cast. */
#include <glib.h>
#include <string.h>

#include "geom/cg-trace.h"

#define TWO_PI 6.283185307179586476925286766559
#define SQRT2 1.41421356237309504880

static void
assert_vec (CgVec2 got, double x, double y, double tol)
{
  if (!(fabs (got.x - x) <= tol && fabs (got.y - y) <= tol))
    g_error ("expected (%.17g, %.17g) within %g, got (%.17g, %.17g)", x, y, tol, got.x, got.y);
}

/* A one-boundary world (for balls of every radius). */
static CgWorld *
world1 (const CgVec2 *v, const CgCurveEdge *e, size_t n, CgRole role)
{
  CgBoundaryRef ref = { v, e, n, role, CG_ON_HIT_STOP };
  CgWorld *w = cg_world_new (&ref, 1);
  g_assert_nonnull (w);
  const char *problem = NULL;
  if (!cg_world_validate (w, &problem))
    g_error ("%s", problem);
  return w;
}

/* Primitive `id` of w for radius r (it must exist). */
static CgPrimitive
prim_of (const CgWorld *w, uint32_t id, double r)
{
  CgPrimitive p;
  g_assert_true (cg_world_primitive (w, id, r, &p));
  return p;
}

/* The tolerance of one cast (cg-cast.h): tau = 4 eps M, M the largest
 * magnitude of its numbers: the ray's start, the primitive's coordinates and
 * its radius. */
static double
cast_tau (const CgPrimitive *p, CgVec2 c)
{
  double m = cg_magnitude (c);
  if (p->kind == CG_PRIM_SEGMENT)
    m = cg_max (m, cg_max (cg_magnitude (p->a), cg_magnitude (p->b)));
  else
    m = cg_max (m, cg_max (cg_magnitude (p->q), p->rho));
  return cg_tolerance (m);
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
  CgPrimitive p[8];
  g_assert_cmpuint (cg_outline_max_primitives (2), <=, G_N_ELEMENTS (p));
  size_t n = cg_outline_of (half_disk_v, half_disk_e, 2, 1.0, 0, p);
  bool found = false;
  for (size_t i = 0; i < n; i++)
    if (p[i].kind == CG_PRIM_ARC && p[i].part == CG_PART_EDGE)
      {
        CgAabb pb = cg_primitive_bounds (&p[i]);
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
 * arc at R - r, caps where the boundary turns left, and at a G1 join (where
 * it goes straight on) a cap that turns through nothing: its ends are the
 * very doubles where its neighbours end and start, closing the ulp gap two
 * normals computed from two edges may leave. */
static void
test_outline_rules (void)
{
  CgPrimitive p[16];
  /* half disk obstacle, r = 1: segment, arc at 6, caps at both vertices */
  size_t n = cg_outline_of (half_disk_v, half_disk_e, 2, 1.0, 0, p);
  int segs = 0, arcs = 0, caps = 0;
  for (size_t i = 0; i < n; i++)
    {
      g_assert_cmpuint (p[i].object, ==, 0);
      if (p[i].kind == CG_PRIM_SEGMENT)
        {
          segs++;
          g_assert_cmpuint (p[i].part, ==, CG_PART_EDGE);
          g_assert_cmpuint (p[i].element, ==, 0);
          assert_vec (p[i].n, 0, 1, 1e-15);
          assert_vec (p[i].a, 5, 1, 1e-15);
        }
      else if (p[i].part == CG_PART_CAP)
        {
          caps++;
          g_assert_cmpfloat (p[i].rho, ==, 1);
          assert_vec (p[i].q, half_disk_v[p[i].element].x, half_disk_v[p[i].element].y, 0);
          g_assert_cmpfloat_with_epsilon (p[i].sweep, M_PI / 2, 1e-15);
          g_assert_false (p[i].inside);
        }
      else
        {
          arcs++;
          g_assert_cmpuint (p[i].part, ==, CG_PART_EDGE);
          g_assert_cmpuint (p[i].element, ==, 1);
          g_assert_cmpfloat (p[i].rho, ==, 6);
          g_assert_false (p[i].inside);
          g_assert_false (p[i].full);
          g_assert_cmpfloat (p[i].sweep, ==, M_PI);
        }
    }
  g_assert_cmpint (segs, ==, 1);
  g_assert_cmpint (arcs, ==, 1);
  g_assert_cmpint (caps, ==, 2);

  /* a round room: one concave arc at R - r, front inside */
  CgVec2 v;
  CgCurveEdge e;
  cg_curve_circle (cg_v2 (0, 0), 10, CG_ROLE_WALL, &v, &e);
  n = cg_outline_of (&v, &e, 1, 2.0, 0, p);
  g_assert_cmpuint (n, ==, 1);
  g_assert_true (p[0].kind == CG_PRIM_ARC && p[0].part == CG_PART_EDGE);
  g_assert_true (p[0].inside && p[0].full);
  g_assert_cmpfloat (p[0].rho, ==, 8);
  /* R <= r: nothing */
  g_assert_cmpuint (cg_outline_of (&v, &e, 1, 10.0, 0, p), ==, 0);

  /* the stadium: G1 joins, so its caps turn through nothing; two concave
   * arcs at R - r, two segments, and a cap of sweep 0 at each of the four
   * joins, from the end of the edge before to the start of the edge after */
  CgVec2 st[4] = { { -5, -3 }, { -5, 3 }, { 5, 3 }, { 5, -3 } };
  CgCurveEdge ste[4]
      = { { { -5, 0 }, 3, -M_PI }, { { 0, 0 }, 0, 0 }, { { 5, 0 }, 3, -M_PI }, { { 0, 0 }, 0, 0 } };
  n = cg_outline_of (st, ste, 4, 1.0, 0, p);
  g_assert_cmpuint (n, ==, 8);
  caps = 0;
  for (size_t i = 0; i < n; i++)
    {
      /* in id order: the cap at vertex k, then edge k's offset */
      g_assert_cmpuint (p[i].element, ==, i / 2);
      g_assert_cmpuint (p[i].part, ==, i % 2 == 0 ? CG_PART_CAP : CG_PART_EDGE);
      if (p[i].part == CG_PART_CAP)
        {
          caps++;
          g_assert_true (p[i].kind == CG_PRIM_ARC);
          g_assert_cmpfloat (p[i].rho, ==, 1);
          g_assert_cmpfloat (p[i].sweep, ==, 0);
          g_assert_true (memcmp (&p[i].a, &p[i].b, sizeof (CgVec2)) == 0);
          /* the junctions: the previous edge's offset ends where the cap
           * starts, the next one starts where it ends, the same doubles */
          const CgPrimitive *before = &p[(i + n - 1) % n], *after = &p[i + 1];
          g_assert_true (memcmp (&before->b, &p[i].a, sizeof (CgVec2)) == 0);
          g_assert_true (memcmp (&after->a, &p[i].b, sizeof (CgVec2)) == 0);
        }
      else if (p[i].kind == CG_PRIM_ARC)
        {
          g_assert_true (p[i].inside);
          g_assert_false (p[i].full);
          g_assert_cmpfloat (p[i].rho, ==, 2);
        }
    }
  g_assert_cmpint (caps, ==, 4);
}

/* 5: casts against a convex circle from outside, a concave one from inside
 * (and from inside but outside the offset circle's part in front). */
static void
test_cast_circles (void)
{
  CgVec2 v;
  CgCurveEdge e;
  double r = 2.0;
  cg_curve_circle (cg_v2 (0, 0), 10, CG_ROLE_OBSTACLE, &v, &e);
  CgWorld *w = world1 (&v, &e, 1, CG_ROLE_OBSTACLE);
  CgWorldHit h = cg_world_cast (w, cg_v2 (-30, 0), cg_v2 (1, 0), r, -1, false);
  g_assert_true (h.hit);
  g_assert_cmpfloat_with_epsilon (h.rec.t, 18, 1e-12);
  assert_vec (h.rec.normal, -1, 0, 1e-15);
  g_assert_false (h.rec.larger_root);
  /* the one primitive: the circle's offset, a whole circle of R + r */
  CgPrimitive p = prim_of (w, h.prim, r);
  g_assert_cmpuint (h.prim, ==, cg_prim_id (0, 0, CG_PART_EDGE));
  g_assert_true (p.kind == CG_PRIM_ARC && p.full && !p.inside);
  g_assert_cmpfloat (p.rho, ==, 12);
  g_assert_cmpuint (cg_world_primitive_total (w, r), ==, 1);
  /* grazing the offset circle (tangent) counts */
  h = cg_world_cast (w, cg_v2 (-30, -12), cg_v2 (1, 0), r, -1, false);
  g_assert_true (h.hit);
  assert_vec (h.rec.point, 0, -12, 1e-12);
  /* passing outside misses */
  h = cg_world_cast (w, cg_v2 (-30, -12.001), cg_v2 (1, 0), r, -1, false);
  g_assert_false (h.hit);
  CgCastRecord rec;
  g_assert_false (cg_cast_primitive (&p, cg_v2 (-30, -12.001), cg_v2 (1, 0), &rec));
  g_assert_cmpint (rec.reject, ==, CG_REJECT_MISSES_CIRCLE);
  g_assert_true (cg_world_start_overlaps (w, cg_v2 (0, 0), r));
  g_assert_true (cg_world_start_overlaps (w, cg_v2 (11, 0), r));
  g_assert_false (cg_world_start_overlaps (w, cg_v2 (12.5, 0), r));
  /* the same world for another ball: R + r = 10.5 */
  g_assert_false (cg_world_start_overlaps (w, cg_v2 (11, 0), 0.5));
  h = cg_world_cast (w, cg_v2 (-30, 0), cg_v2 (1, 0), 0.5, -1, false);
  g_assert_true (h.hit);
  g_assert_cmpfloat_with_epsilon (h.rec.t, 19.5, 1e-12);
  cg_world_free (w);

  cg_curve_circle (cg_v2 (0, 0), 10, CG_ROLE_WALL, &v, &e);
  w = world1 (&v, &e, 1, CG_ROLE_WALL);
  h = cg_world_cast (w, cg_v2 (-5, 0), cg_v2 (1, 0), r, -1, false);
  g_assert_true (h.hit);
  g_assert_true (h.rec.larger_root);
  g_assert_cmpfloat_with_epsilon (h.rec.t, 13, 1e-12);
  assert_vec (h.rec.normal, -1, 0, 1e-15); /* (q - p) / rho: into the room */
  p = prim_of (w, h.prim, r);
  g_assert_true (p.kind == CG_PRIM_ARC && p.part == CG_PART_EDGE && p.full && p.inside);
  g_assert_cmpfloat (p.rho, ==, 8);
  g_assert_true (cg_world_start_overlaps (w, cg_v2 (8.5, 0), r));
  g_assert_false (cg_world_start_overlaps (w, cg_v2 (7.5, 0), r));
  cg_world_free (w);
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
  CgPrimitive p[24];
  g_assert_cmpuint (cg_outline_max_primitives (6), <=, G_N_ELEMENTS (p));
  size_t n = cg_outline_of (v, e, 6, 2.0, 0, p);
  int half_caps = 0;
  for (size_t i = 0; i < n; i++)
    {
      /* the dent's own offset is empty */
      g_assert_false (p[i].part == CG_PART_EDGE && p[i].element == 1);
      if (p[i].part == CG_PART_HALF_CAP_IN || p[i].part == CG_PART_HALF_CAP_OUT)
        {
          half_caps++;
          /* the half turn out of the dent's start (vertex 1), into its end
           * (vertex 2), on its front side */
          g_assert_cmpuint (p[i].element, ==, p[i].part == CG_PART_HALF_CAP_OUT ? 1 : 2);
          g_assert_true (p[i].kind == CG_PRIM_ARC && !p[i].inside);
          g_assert_cmpfloat (p[i].rho, ==, 2);
          g_assert_cmpfloat_with_epsilon (p[i].sweep, M_PI, 1e-15);
          assert_vec (p[i].q, v[p[i].element].x, v[p[i].element].y, 0);
        }
    }
  g_assert_cmpint (half_caps, ==, 2);

  CgWorld *w = world1 (v, e, 6, CG_ROLE_OBSTACLE);
  CgWorldHit h = cg_world_cast (w, cg_v2 (5, -10), cg_v2 (0, 1), 2.0, -1, false);
  g_assert_true (h.hit);
  g_assert_cmpfloat_with_epsilon (h.rec.point.y, -sqrt (3.0), 1e-12);
  /* The corners (4, 0) and (6, 0) are touched at once, each by its cap and
   * its half cap: the tie goes to the lowest id, vertex 1's cap. */
  CgPrimitive hp = prim_of (w, h.prim, 2.0);
  g_assert_cmpuint (h.prim, ==, cg_prim_id (0, 1, CG_PART_CAP));
  g_assert_true (hp.kind == CG_PRIM_ARC && hp.part == CG_PART_CAP && hp.element == 1);
  assert_vec (h.rec.normal, 0.5, -sqrt (3.0) / 2, 1e-12); /* (p - q) / r, q = (4, 0) */
  g_assert_true (cg_world_cast (w, cg_v2 (5, -10), cg_v2 (0, 1), 2.0, -1, true).prim == h.prim);
  /* With r = 0.5 < R the dent has its own offset at R - r = 0.5, and a ball
   * of radius 0.5 falls into it, down to y = 1 - 0.5: the same world. */
  h = cg_world_cast (w, cg_v2 (5, -10), cg_v2 (0, 1), 0.5, -1, false);
  g_assert_true (h.hit);
  g_assert_cmpfloat_with_epsilon (h.rec.point.y, 0.5, 1e-12);
  hp = prim_of (w, h.prim, 0.5);
  g_assert_true (hp.kind == CG_PRIM_ARC && hp.inside && hp.part == CG_PART_EDGE && hp.element == 1);
  g_assert_cmpfloat (hp.rho, ==, 0.5);
  assert_vec (h.rec.normal, 0, -1, 1e-12);
  /* and no half caps for it */
  g_assert_false (cg_world_primitive (w, cg_prim_id (0, 1, CG_PART_HALF_CAP_OUT), 0.5, &hp));
  g_assert_false (cg_world_primitive (w, cg_prim_id (0, 2, CG_PART_HALF_CAP_IN), 0.5, &hp));
  cg_world_free (w);
}

/* 7: casts exactly at junctions: between an offset arc and a vertex cap (the
 * half disk's corner), from the arc's side and from the cap's side; and at
 * the G1 join of a stadium's offset segment and offset arc (where a cap of
 * sweep 0 meets them both). Both primitives of a junction share its point,
 * the same double, so the cast hits one of them, never neither, and the BVH
 * and brute force choose the same. */
static void
test_junctions (void)
{
  double r = 1.0;
  CgWorld *w = world1 (half_disk_v, half_disk_e, 2, CG_ROLE_OBSTACLE);
  /* the junction J = (-6, 0): vertex 1's cap ends there, edge 1's arc starts */
  CgPrimitive cap = prim_of (w, cg_prim_id (0, 1, CG_PART_CAP), r);
  CgPrimitive arc = prim_of (w, cg_prim_id (0, 1, CG_PART_EDGE), r);
  g_assert_true (cap.junction && arc.junction);
  assert_vec (cap.b, -6, 0, 0);
  g_assert_true (memcmp (&cap.b, &arc.a, sizeof (CgVec2)) == 0);
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
    {
      CgWorldHit hb = cg_world_cast (w, cases[k].c, cases[k].d, r, -1, false);
      for (int brute = 0; brute < 2; brute++)
        {
          CgWorldHit h = cg_world_cast (w, cases[k].c, cases[k].d, r, -1, brute);
          g_assert_true (h.hit);
          assert_vec (h.rec.point, -6, 0, 1e-12);
          g_assert_cmpfloat_with_epsilon (h.rec.t, cases[k].t, 1e-12);
          /* the cap or the arc of the junction */
          g_assert_true (h.prim == cg_prim_id (0, 1, CG_PART_CAP)
                         || h.prim == cg_prim_id (0, 1, CG_PART_EDGE));
          g_assert_true (prim_of (w, h.prim, r).kind == CG_PRIM_ARC);
          assert_vec (h.rec.normal, -1, 0, 1e-12);
          g_assert_cmpuint (h.prim, ==, hb.prim);
          g_assert_true (memcmp (&h.rec.t, &hb.rec.t, sizeof (double)) == 0);
        }
    }
  cg_world_free (w);

  CgVec2 st[4] = { { -5, -3 }, { -5, 3 }, { 5, 3 }, { 5, -3 } };
  CgCurveEdge ste[4]
      = { { { -5, 0 }, 3, -M_PI }, { { 0, 0 }, 0, 0 }, { { 5, 0 }, 3, -M_PI }, { { 0, 0 }, 0, 0 } };
  w = world1 (st, ste, 4, CG_ROLE_WALL);
  CgVec2 d = cg_normalize (cg_v2 (5, -2));
  CgWorldHit h = cg_world_cast (w, cg_v2 (0, 0), d, r, -1, false);
  g_assert_true (h.hit);
  assert_vec (h.rec.point, 5, -2, 1e-12);
  assert_vec (h.rec.normal, 0, 1, 1e-12);
  /* edge 2's arc, vertex 3's cap or edge 3's segment: all meet at (5, -2) */
  g_assert_true (h.prim == cg_prim_id (0, 2, CG_PART_EDGE)
                 || h.prim == cg_prim_id (0, 3, CG_PART_CAP)
                 || h.prim == cg_prim_id (0, 3, CG_PART_EDGE));
  CgWorldHit hf = cg_world_cast (w, cg_v2 (0, 0), d, r, -1, true);
  g_assert_cmpuint (hf.prim, ==, h.prim);
  g_assert_true (memcmp (&hf.rec.t, &h.rec.t, sizeof (double)) == 0);
  cg_world_free (w);
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
 * circle, ||c - q| - (R - r)| <= tau throughout, never escaping. tau is the
 * rounding of the numbers of that cast: 4 eps M with M = max(|c|, |q|,
 * R - r), and 4 eps t for the distance t travelled (the contact c + t d
 * carries t's rounding, and |d| is 1 only to within 2 eps). Each contact is
 * solved again from the circle, so rounding does not build up. */
static void
test_circle_room_long (void)
{
  CgVec2 v;
  CgCurveEdge e;
  double R = 100, r = 3;
  CgVec2 q = cg_v2 (7, -2);
  cg_curve_circle (q, R, CG_ROLE_WALL, &v, &e);
  CgWorld *w = world1 (&v, &e, 1, CG_ROLE_WALL);
  uint32_t n = long_run ();
  CgTracer t;
  g_assert_cmpint (cg_tracer_start (&t, w, r, cg_v2 (17, 23), cg_v2 (1, 0.3), n, false, -1), ==,
                   CG_TRACE_RUNNING);
  CgHit hit;
  uint32_t hits = 0;
  double worst = 0.0, worst_tau = 0.0;
  CgTraceStatus s;
  while ((s = cg_tracer_step (&t, &hit)) == CG_TRACE_RUNNING || s == CG_TRACE_MAX_BOUNCES)
    {
      hits++;
      g_assert_true (hit.kind == CG_PRIM_ARC && hit.part == CG_PART_EDGE && hit.element == 0);
      g_assert_true (hit.reflected);
      double tau = cg_tolerance (cg_max (cg_magnitude (hit.from), cg_max (cg_magnitude (q), R - r)))
                   + cg_tolerance (hit.distance);
      double dist = cg_distance (hit.point, q);
      if (fabs (dist - (R - r)) > worst)
        {
          worst = fabs (dist - (R - r));
          worst_tau = tau;
        }
      if (dist > R - r + tau)
        g_error ("bounce %u: |c - q| = %.17g > R - r + tau = %.17g + %.3g", hits, dist, R - r, tau);
      /* nor inside it by more than rounding: the contact is on the circle */
      if (dist < R - r - tau)
        g_error ("bounce %u: |c - q| = %.17g < R - r - tau = %.17g - %.3g", hits, dist, R - r, tau);
      if (s == CG_TRACE_MAX_BOUNCES)
        break;
    }
  g_assert_cmpint (s, ==, CG_TRACE_MAX_BOUNCES);
  g_assert_cmpuint (hits, ==, n);
  g_test_message ("%u bounces, largest | |c - q| - (R - r) | = %.3g (tau %.3g)", hits, worst,
                  worst_tau);
  cg_world_free (w);
}

/* Random curved scenes: a round or square room holding disks and polygons
 * some of whose edges are arcs, bulging out or in. */
typedef struct
{
  GArray *v, *e;  /* all vertices and edges */
  GArray *refs;   /* CgBoundaryRef, pointing into v and e once built */
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

/* The scene's one world, for balls of every radius. */
static CgWorld *
scene_world (Scene *s)
{
  g_array_set_size (s->refs, 0);
  size_t off = 0;
  for (guint k = 0; k < s->counts->len; k++)
    {
      guint n = g_array_index (s->counts, guint, k);
      CgBoundaryRef ref
          = { &g_array_index (s->v, CgVec2, off), &g_array_index (s->e, CgCurveEdge, off), n,
              g_array_index (s->roles, CgRole, k), g_array_index (s->on_hit, CgOnHit, k) };
      g_array_append_val (s->refs, ref);
      off += n;
    }
  return cg_world_new ((CgBoundaryRef *)s->refs->data, s->refs->len);
}

static void
scene_init (Scene *s)
{
  s->v = g_array_new (FALSE, FALSE, sizeof (CgVec2));
  s->e = g_array_new (FALSE, FALSE, sizeof (CgCurveEdge));
  s->refs = g_array_new (FALSE, FALSE, sizeof (CgBoundaryRef));
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
 * scenes (the hit chosen, t, the point), and start-overlap too; one world
 * answers for balls of every radius. */
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
      CgWorld *w = scene_world (&s);
      g_assert_nonnull (w);
      const char *problem = NULL;
      if (!cg_world_validate (w, &problem))
        g_error ("scene %d: %s", scene, problem);
      double r = 0.0;
      for (int k = 0; k < 2000; k++)
        {
          /* a ball of another radius every 100 rays (the first of every
           * third scene a point: no caps at all) */
          if (k % 100 == 0)
            r = k == 0 && scene % 3 == 0 ? 0.0 : g_rand_double_range (rng, 0, 4);
          CgVec2 c = { g_rand_double_range (rng, -10, 110), g_rand_double_range (rng, -10, 110) };
          double a = g_rand_double_range (rng, 0, TWO_PI);
          CgVec2 d = { cos (a), sin (a) };
          if (k % 50 == 0)
            d = cg_v2 (k % 100 == 0 ? 0 : 1, k % 100 == 0 ? 1 : 0); /* axis-parallel rays */
          CgWorldHit hb = cg_world_cast (w, c, d, r, -1, false);
          CgWorldHit hf = cg_world_cast (w, c, d, r, -1, true);
          g_assert_cmpint (hb.hit, ==, hf.hit);
          g_assert_cmpuint (hf.stats.primitives_tested, ==, cg_world_primitive_total (w, r));
          if (hb.hit)
            {
              hits++;
              g_assert_cmpuint (hb.prim, ==, hf.prim);
              g_assert_true (hb.rec.t == hf.rec.t);
              g_assert_true (hb.rec.point.x == hf.rec.point.x && hb.rec.point.y == hf.rec.point.y);
              g_assert_true (hb.rec.t >= 0);
              g_assert_cmpuint (hb.stats.primitives_tested, <=, hf.stats.primitives_tested);
              /* the contact the tracer is given is the same */
              CgWorldContact ct = cg_world_cast_contact (w, c, d, r, -1, false);
              g_assert_true (ct.hit && ct.prim == hb.prim);
              g_assert_true (memcmp (&ct.t, &hb.rec.t, sizeof (double)) == 0);
              g_assert_true (memcmp (&ct.point, &hb.rec.point, sizeof (CgVec2)) == 0);
              g_assert_true (memcmp (&ct.normal, &hb.rec.normal, sizeof (CgVec2)) == 0);
            }
          g_assert_cmpint (cg_world_start_overlaps (w, c, r), ==,
                           cg_world_start_overlaps_brute_force (w, c, r));
        }
      cg_world_free (w);
      scene_clear (&s);
    }
  g_assert_cmpint (hits, >, 10000);
  g_rand_free (rng);
}

/* An independent cast in long double: the ray against one primitive by the
 * textbook formulas (no shared code with cg_cast_primitive()), with the
 * rules of geometry.md, "Tolerances", and of cg-cast.h, for tau = 4 eps M
 * of this cast: a start up to tau behind a segment's line, or on the far
 * side of an arc's circle, is touching (t = 0); a ray passing within tau of
 * a circle grazes it (disc >= -2 rho tau); an arc's sweep is tested by the
 * angle, within tau / rho. *cosine is how steeply the ray meets it (|d·n|
 * at the crossing), for the conditioning of t. */
static long double
ld_cast (const CgPrimitive *p, CgVec2 c, CgVec2 d, double *cosine)
{
  long double tau = cast_tau (p, c);
  long double cx = c.x, cy = c.y, dl = sqrtl ((long double)d.x * d.x + (long double)d.y * d.y);
  long double dx = d.x / dl, dy = d.y / dl;
  *cosine = 0.0;
  if (p->kind == CG_PRIM_SEGMENT)
    {
      long double nx = p->n.x, ny = p->n.y;
      long double dn = dx * nx + dy * ny;
      if (dn >= 0)
        return INFINITY;
      long double h = (cx - p->a.x) * nx + (cy - p->a.y) * ny;
      if (h < -tau)
        return INFINITY;
      long double t = h > 0 ? h / -dn : 0;
      long double px = cx + t * dx, py = cy + t * dy;
      long double abx = (long double)p->b.x - p->a.x, aby = (long double)p->b.y - p->a.y;
      long double s = ((px - p->a.x) * abx + (py - p->a.y) * aby) / (abx * abx + aby * aby);
      *cosine = (double)-dn;
      return s >= 0 && s <= 1 ? t : INFINITY;
    }
  long double mx = cx - p->q.x, my = cy - p->q.y, rho = p->rho;
  long double b = mx * dx + my * dy;
  long double hx = mx - b * dx, hy = my - b * dy;
  long double disc = rho * rho - (hx * hx + hy * hy);
  if (disc < -2 * rho * tau)
    return INFINITY;
  long double root = disc > 0 ? sqrtl (disc) : 0;
  long double t = p->inside ? -b + root : -b - root;
  if (t < 0)
    {
      long double len = sqrtl (mx * mx + my * my);
      bool touching = p->inside ? len - rho <= tau && b >= 0 : rho - len <= tau && b <= 0;
      if (!touching)
        return INFINITY;
      t = 0;
    }
  *cosine = (double)(root / rho);
  long double ux = (cx + t * dx - p->q.x) / rho, uy = (cy + t * dy - p->q.y) / rho;
  if (!p->full)
    {
      long double phi
          = atan2l (p->u_from.x * uy - p->u_from.y * ux, p->u_from.x * ux + p->u_from.y * uy);
      long double two_pi = 2 * 3.14159265358979323846264338327950288L;
      if (phi < 0)
        phi += two_pi;
      long double slack = tau / rho;
      if (phi > p->sweep + slack && phi < two_pi - slack)
        return INFINITY;
    }
  return t;
}

/* How far a cast's t may be from the true crossing's: the rounding of its
 * numbers, tau, across the ray's incidence (a grazing ray meets a circle
 * within sqrt(2 rho tau) of where it touches), and the rounding of t. */
static double
t_tolerance (const CgPrimitive *p, CgVec2 c, double t, double cosine)
{
  double tau = cast_tau (p, c) + cg_tolerance (t);
  if (p->kind == CG_PRIM_ARC)
    cosine = cg_max (cosine, sqrt (2.0 * tau / p->rho));
  return 2.0 * tau / cosine;
}

/* 10: every hit on random curved scenes checked in long double, for balls
 * of many radii in one world: its t is the true first crossing (within the
 * tolerance of the numbers of the casts involved), no other primitive is
 * crossed earlier, the contact point lies on the hit primitive, at distance
 * rho from its centre or on its segment's line within 2 tau, and no hit is
 * behind the start. */
static void
test_long_double_check (void)
{
  GRand *rng = g_rand_new_with_seed (2718);
  int checked = 0;
  double worst = 0.0; /* the largest error in t, in tolerances */
  for (int scene = 0; scene < 20; scene++)
    {
      Scene s;
      scene_init (&s);
      random_scene (&s, rng, scene % 2 == 1, CG_ON_HIT_STOP);
      CgWorld *w = scene_world (&s);
      uint32_t ids = cg_world_prim_count (w);
      CgPrimitive *prims = g_new (CgPrimitive, ids);
      bool *has = g_new (bool, ids);
      double r = -1.0;
      for (int k = 0; k < 500; k++)
        {
          if (k % 100 == 0)
            {
              r = g_rand_double_range (rng, 0.5, 4);
              size_t total = 0;
              for (uint32_t id = 0; id < ids; id++)
                total += has[id] = cg_world_primitive (w, id, r, &prims[id]);
              g_assert_cmpuint (total, ==, cg_world_primitive_total (w, r));
            }
          CgVec2 c = { g_rand_double_range (rng, 0, 100), g_rand_double_range (rng, 0, 100) };
          if (cg_world_start_overlaps (w, c, r))
            continue;
          double a = g_rand_double_range (rng, 0, TWO_PI);
          CgVec2 d = { cos (a), sin (a) };
          CgWorldHit h = cg_world_cast (w, c, d, r, -1, false);
          long double best = INFINITY;
          uint32_t best_id = 0;
          double best_cos = 0.0;
          for (uint32_t id = 0; id < ids; id++)
            {
              double cosine;
              long double t = has[id] ? ld_cast (&prims[id], c, d, &cosine) : INFINITY;
              if (t < best)
                {
                  best = t;
                  best_id = id;
                  best_cos = cosine;
                }
            }
          if (!h.hit)
            {
              /* nothing within reach, nor grazed within tau */
              if (!isinf (best))
                g_error ("scene %d ray %d: no hit, long double %.20Lg on %u", scene, k, best,
                         best_id);
              continue;
            }
          checked++;
          g_assert_true (h.rec.t >= 0);
          const CgPrimitive *hp = &prims[h.prim];
          g_assert_true (has[h.prim]);
          if (isinf (best))
            g_error ("scene %d ray %d: t = %.17g on %u, long double: no hit", scene, k, h.rec.t,
                     h.prim);
          double cosine;
          long double own = ld_cast (hp, c, d, &cosine);
          double tol = t_tolerance (&prims[best_id], c, (double)best, best_cos);
          if (!isinf (own))
            tol = cg_max (tol, t_tolerance (hp, c, h.rec.t, cosine));
          long double err = fabsl ((long double)h.rec.t - best);
          worst = cg_max (worst, (double)(err / tol));
          if (err > tol)
            g_error ("scene %d ray %d: t = %.17g on %u, long double %.20Lg on %u (tolerance %.3g)",
                     scene, k, h.rec.t, h.prim, best, best_id, tol);
          if (!isinf (own) && !(fabsl (own - h.rec.t) <= t_tolerance (hp, c, h.rec.t, cosine)))
            g_error ("scene %d ray %d: t = %.17g on %u, its own long double cast %.20Lg", scene, k,
                     h.rec.t, h.prim, own);
          /* the contact is at distance r from the boundary: on the offset */
          long double px = h.rec.point.x, py = h.rec.point.y;
          long double off
              = hp->kind == CG_PRIM_SEGMENT
                    ? (px - hp->a.x) * hp->n.x + (py - hp->a.y) * hp->n.y
                    : sqrtl ((px - hp->q.x) * (px - hp->q.x) + (py - hp->q.y) * (py - hp->q.y))
                          - hp->rho;
          double tau = cast_tau (hp, c) + cg_tolerance (cg_magnitude (h.rec.point));
          if (!(fabsl (off) <= 2 * tau))
            g_error ("scene %d ray %d: the contact is %.3Lg off primitive %u (tau %.3g)", scene, k,
                     off, h.prim, tau);
        }
      g_free (prims);
      g_free (has);
      cg_world_free (w);
      scene_clear (&s);
    }
  g_test_message ("%d hits checked, the largest error in t %.3g of its tolerance", checked, worst);
  g_assert_cmpint (checked, >, 3000);
  g_rand_free (rng);
}

/* The largest magnitude among edge i's numbers. */
static double
edge_magnitude (const CgBoundaryRef *b, size_t i)
{
  double m = cg_max (cg_magnitude (b->v[i]), cg_magnitude (b->v[(i + 1) % b->n]));
  if (b->e != NULL && b->e[i].sweep != 0)
    m = cg_max (m, cg_max (cg_magnitude (b->e[i].q), b->e[i].R));
  return m;
}

/* 11: a Sinai-style table with reflecting obstacles: over long runs the
 * ball never comes closer than r - 2 tau to any edge (tau of the numbers of
 * that contact: its cast's start, the contact and the edge), never ends
 * inside an obstacle, and stays in the room. */
static void
test_reflecting_obstacles_long (void)
{
  GRand *rng = g_rand_new_with_seed (42);
  Scene s;
  scene_init (&s);
  random_scene (&s, rng, false, CG_ON_HIT_REFLECT);
  double r = 1.5;
  CgWorld *w = scene_world (&s);
  uint32_t n = long_run () / 10;
  CgTracer t;
  CgVec2 start = { 10, 10 };
  g_assert_false (cg_world_start_overlaps (w, start, r));
  g_assert_cmpint (cg_tracer_start (&t, w, r, start, cg_v2 (0.3, 1), n, false, -1), ==,
                   CG_TRACE_RUNNING);
  CgHit hit;
  CgTraceStatus st;
  uint32_t hits = 0, obstacle_hits = 0, arc_hits = 0;
  size_t nc = cg_world_count (w);
  while (true)
    {
      st = cg_tracer_step (&t, &hit);
      g_assert_true (st == CG_TRACE_RUNNING || st == CG_TRACE_MAX_BOUNCES);
      hits++;
      g_assert_true (hit.reflected);
      g_assert_true (cg_world_reflects (w, hit.object));
      obstacle_hits += hit.role == CG_ROLE_OBSTACLE;
      arc_hits += hit.kind == CG_PRIM_ARC && hit.part == CG_PART_EDGE;
      double m = cg_max (cg_magnitude (hit.from), cg_magnitude (hit.point));
      for (size_t k = 0; k < nc; k++)
        {
          CgBoundaryRef cv = cg_world_boundary (w, k);
          for (size_t i = 0; i < cv.n; i++)
            {
              double dist = cg_curve_edge_distance (cv.v, cv.e, cv.n, i, hit.point);
              double tau = cg_tolerance (cg_max (m, edge_magnitude (&cv, i)));
              if (dist < r - 2 * tau)
                g_error ("bounce %u: the centre is %.17g from edge %zu of boundary %zu (r - 2 "
                         "tau = %.17g)",
                         hits, dist, i, k, r - 2 * tau);
            }
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
  g_assert_cmpuint (arc_hits, >, n / 10);
  cg_world_free (w);
  scene_clear (&s);
  g_rand_free (rng);
}

/* 12: obstacles stop the ball unless they say reflect; reflections off
 * obstacles count toward max-bounces. */
static void
test_on_hit (void)
{
  CgVec2 room[4] = { { 0, 0 }, { 0, 100 }, { 100, 100 }, { 100, 0 } };
  CgVec2 dv;
  CgCurveEdge de;
  cg_curve_circle (cg_v2 (50, 50), 10, CG_ROLE_OBSTACLE, &dv, &de);
  for (int reflect = 0; reflect < 2; reflect++)
    {
      /* a straight room (no edges given) and a curved disk in one world */
      CgBoundaryRef refs[2]
          = { { room, NULL, 4, CG_ROLE_WALL, CG_ON_HIT_STOP },
              { &dv, &de, 1, CG_ROLE_OBSTACLE, reflect ? CG_ON_HIT_REFLECT : CG_ON_HIT_STOP } };
      CgWorld *w = cg_world_new (refs, 2);
      g_assert_true (cg_world_reflects (w, 0)); /* walls always reflect */
      g_assert_cmpint (cg_world_reflects (w, 1), ==, reflect);
      CgTracer t;
      cg_tracer_start (&t, w, 2.0, cg_v2 (20, 50), cg_v2 (1, 0), 1, false, -1);
      CgHit hit;
      CgTraceStatus st = cg_tracer_step (&t, &hit);
      assert_vec (hit.point, 38, 50, 1e-12);
      g_assert_cmpuint (hit.object, ==, 1);
      g_assert_true (hit.kind == CG_PRIM_ARC && hit.part == CG_PART_EDGE && hit.element == 0);
      g_assert_cmpint (hit.role, ==, CG_ROLE_OBSTACLE);
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
      cg_world_free (w);
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
