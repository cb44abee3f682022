/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-polygon.c: tests for the polygon checks and orientation (src/geom/cg-polygon.c).
 *
 * Every validity verdict on small integer polygons is also checked against a brute-force O(n²)
 * reference written here, independently of the sweep: for small integers the plain
 * floating-point cross product is exact, so the reference is exact too.
 */
#include <glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "geom/cg-polygon.h"

#define V(x, y) ((CgVec2){ (x), (y) })

/* ---------------------------------------------------------------------------------------------
 * Brute-force reference.
 */

static int
bf_orient (CgVec2 a, CgVec2 b, CgVec2 c)
{
  double d = cg_cross (cg_sub (b, a), cg_sub (c, a));
  return (d > 0) - (d < 0);
}

/* p collinear with [a, b]: is it within the segment's box? */
static bool
bf_within (CgVec2 p, CgVec2 a, CgVec2 b)
{
  return fmin (a.x, b.x) <= p.x && p.x <= fmax (a.x, b.x) && fmin (a.y, b.y) <= p.y
         && p.y <= fmax (a.y, b.y);
}

/* Do edges i and j (i != j) meet where a simple polygon forbids it? */
static bool
bf_pair_bad (const CgVec2 *v, size_t n, size_t i, size_t j)
{
  CgVec2 a0 = v[i], a1 = v[(i + 1) % n], b0 = v[j], b1 = v[(j + 1) % n];
  if ((i + 1) % n == j || (j + 1) % n == i)
    {
      CgVec2 w, p, q;
      if ((i + 1) % n == j)
        w = a1, p = a0, q = b1;
      else
        w = a0, p = a1, q = b0;
      /* Folding back: the far ends point the same way from the shared vertex. */
      return bf_orient (p, w, q) == 0 && cg_dot (cg_sub (p, w), cg_sub (q, w)) > 0;
    }
  int o1 = bf_orient (a0, a1, b0), o2 = bf_orient (a0, a1, b1);
  int o3 = bf_orient (b0, b1, a0), o4 = bf_orient (b0, b1, a1);
  if (o1 * o2 < 0 && o3 * o4 < 0)
    return true; /* proper crossing */
  return (o1 == 0 && bf_within (b0, a0, a1)) || (o2 == 0 && bf_within (b1, a0, a1))
         || (o3 == 0 && bf_within (a0, b0, b1)) || (o4 == 0 && bf_within (a1, b0, b1));
}

static CgPolygonStatus
bf_status (const CgVec2 *v, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (!cg_is_valid_vec2 (v[i]))
      return CG_POLYGON_NOT_FINITE;
  size_t distinct = 0;
  for (size_t i = 0; i < n; i++)
    {
      bool seen = false;
      for (size_t j = 0; j < i && !seen; j++)
        seen = v[j].x == v[i].x && v[j].y == v[i].y;
      distinct += !seen;
    }
  if (distinct < 3)
    return CG_POLYGON_TOO_FEW_POINTS;
  for (size_t i = 0; i < n; i++)
    if (v[i].x == v[(i + 1) % n].x && v[i].y == v[(i + 1) % n].y)
      return CG_POLYGON_SELF_CROSSING;
  for (size_t i = 0; i < n; i++)
    for (size_t j = i + 1; j < n; j++)
      if (bf_pair_bad (v, n, i, j))
        return CG_POLYGON_SELF_CROSSING;
  return CG_POLYGON_OK;
}

/* ---------------------------------------------------------------------------------------------
 * Helpers.
 */

static double
extent_of (const CgVec2 *v, size_t n)
{
  CgAabb b = cg_polygon_bounds (v, n);
  return fmax (b.hi.x - b.lo.x, b.hi.y - b.lo.y);
}

/* A SELF_CROSSING report must name two edges (index_a < index_b) that really meet at `where`,
 * or one zero-length edge (index_a == index_b). exact_ref: the coordinates are small integers,
 * so the brute-force pair test can be trusted. */
static void
assert_crossing_report (const CgVec2 *v, size_t n, CgPolygonCheck c, bool exact_ref)
{
  g_assert_cmpint (c.status, ==, CG_POLYGON_SELF_CROSSING);
  g_assert_cmpuint (c.index_a, <=, c.index_b);
  g_assert_cmpuint (c.index_b, <, n);
  if (c.index_a == c.index_b)
    {
      CgVec2 a = v[c.index_a], b = v[(c.index_a + 1) % n];
      g_assert_true (a.x == b.x && a.y == b.y);
      return;
    }
  if (exact_ref)
    g_assert_true (bf_pair_bad (v, n, c.index_a, c.index_b));
  double tol = 1e-9 * extent_of (v, n);
  size_t a = c.index_a, b = c.index_b;
  g_assert_cmpfloat (cg_point_segment_distance (c.where, v[a], v[(a + 1) % n]), <=, tol);
  g_assert_cmpfloat (cg_point_segment_distance (c.where, v[b], v[(b + 1) % n]), <=, tol);
}

static CgVec2 *
scaled (const CgVec2 *v, size_t n, double s)
{
  CgVec2 *w = g_new (CgVec2, n);
  for (size_t i = 0; i < n; i++)
    w[i] = cg_scale (v[i], s);
  return w;
}

static const double scales[] = { 1.0, 1e-3, 1e6 };

/* Checks an integer scenario at scales 1, 1e-3 and 1e6. Every degenerate feature of these
 * scenarios lies on axis-parallel lines (or is an exact repeat of a vertex), so scaling keeps
 * it exactly. For crossings, *expect_where (if given) is the one point the edges share. */
static void
check_scenario (const CgVec2 *v, size_t n, CgPolygonStatus expect, const CgVec2 *expect_where)
{
  for (size_t k = 0; k < G_N_ELEMENTS (scales); k++)
    {
      double s = scales[k];
      CgVec2 *w = scaled (v, n, s);
      CgPolygonCheck c = cg_polygon_validate (w, n);
      g_assert_cmpint (c.status, ==, expect);
      if (s == 1.0)
        g_assert_cmpint (bf_status (w, n), ==, expect);
      if (expect == CG_POLYGON_SELF_CROSSING)
        {
          assert_crossing_report (w, n, c, s == 1.0);
          if (expect_where != NULL)
            {
              g_assert_cmpfloat_with_epsilon (c.where.x, expect_where->x * s, 1e-9 * s);
              g_assert_cmpfloat_with_epsilon (c.where.y, expect_where->y * s, 1e-9 * s);
            }
        }
      g_free (w);
    }
}

/* ---------------------------------------------------------------------------------------------
 * Validation scenarios.
 */

/* 1: a square is valid */
static void
test_validate_square (void)
{
  const CgVec2 v[] = { V (0, 0), V (10, 0), V (10, 10), V (0, 10) };
  check_scenario (v, 4, CG_POLYGON_OK, NULL);
}

/* 2: a triangle is valid, in both orientations */
static void
test_validate_triangle (void)
{
  const CgVec2 v[] = { V (0, 0), V (10, 0), V (3, 7) };
  const CgVec2 r[] = { V (3, 7), V (10, 0), V (0, 0) };
  check_scenario (v, 3, CG_POLYGON_OK, NULL);
  check_scenario (r, 3, CG_POLYGON_OK, NULL);
}

/* 3: fewer than 3 distinct vertices are too few, however many repeats there are */
static void
test_validate_too_few (void)
{
  const CgVec2 two[] = { V (0, 0), V (1, 1), V (0, 0), V (1, 1) };
  g_assert_cmpint (cg_polygon_validate (two, 4).status, ==, CG_POLYGON_TOO_FEW_POINTS);
  g_assert_cmpint (cg_polygon_validate (two, 2).status, ==, CG_POLYGON_TOO_FEW_POINTS);
  g_assert_cmpint (cg_polygon_validate (two, 1).status, ==, CG_POLYGON_TOO_FEW_POINTS);
  g_assert_cmpint (cg_polygon_validate (NULL, 0).status, ==, CG_POLYGON_TOO_FEW_POINTS);
  const CgVec2 same[] = { V (2, 3), V (2, 3), V (2, 3) };
  g_assert_cmpint (cg_polygon_validate (same, 3).status, ==, CG_POLYGON_TOO_FEW_POINTS);
  /* Consecutive repeats (zero-length edges) with 2 distinct points: still too few. */
  const CgVec2 rep[] = { V (0, 0), V (0, 0), V (5, 0), V (5, 0) };
  g_assert_cmpint (cg_polygon_validate (rep, 4).status, ==, CG_POLYGON_TOO_FEW_POINTS);
}

/* 4: a NaN coordinate is reported at its vertex, before any other problem */
static void
test_validate_nan (void)
{
  const CgVec2 v[] = { V (0, 0), V (10, 0), V (10, NAN), V (0, 10), V (NAN, 1) };
  CgPolygonCheck c = cg_polygon_validate (v, 5);
  g_assert_cmpint (c.status, ==, CG_POLYGON_NOT_FINITE);
  g_assert_cmpuint (c.index_a, ==, 2);
  /* Even a 2-point "polygon" reports the NaN first. */
  const CgVec2 w[] = { V (0, 0), V (NAN, NAN) };
  c = cg_polygon_validate (w, 2);
  g_assert_cmpint (c.status, ==, CG_POLYGON_NOT_FINITE);
  g_assert_cmpuint (c.index_a, ==, 1);
}

/* 5: an infinite coordinate is reported at its vertex */
static void
test_validate_infinity (void)
{
  const CgVec2 v[] = { V (0, 0), V (10, 0), V (10, 10), V (-INFINITY, 10) };
  CgPolygonCheck c = cg_polygon_validate (v, 4);
  g_assert_cmpint (c.status, ==, CG_POLYGON_NOT_FINITE);
  g_assert_cmpuint (c.index_a, ==, 3);
  const CgVec2 w[] = { V (INFINITY, 0), V (10, 0), V (10, 10) };
  c = cg_polygon_validate (w, 3);
  g_assert_cmpint (c.status, ==, CG_POLYGON_NOT_FINITE);
  g_assert_cmpuint (c.index_a, ==, 0);
}

/* 6: a bow-tie crosses itself: its two diagonals meet at the centre */
static void
test_validate_bow_tie (void)
{
  const CgVec2 v[] = { V (0, 0), V (10, 10), V (10, 0), V (0, 10) };
  const CgVec2 at = V (5, 5);
  check_scenario (v, 4, CG_POLYGON_SELF_CROSSING, &at);
  CgPolygonCheck c = cg_polygon_validate (v, 4);
  g_assert_cmpuint (c.index_a, ==, 0);
  g_assert_cmpuint (c.index_b, ==, 2);
}

/* 7: a notch whose tip touches the opposite edge (a T-touch) is not simple */
static void
test_validate_t_touch (void)
{
  const CgVec2 v[] = { V (0, 0), V (10, 0), V (10, 10), V (6, 10), V (5, 0), V (4, 10), V (0, 10) };
  const CgVec2 at = V (5, 0);
  check_scenario (v, 7, CG_POLYGON_SELF_CROSSING, &at);
  /* The same notch stopping one unit short is fine. */
  const CgVec2 ok[]
      = { V (0, 0), V (10, 0), V (10, 10), V (6, 10), V (5, 1), V (4, 10), V (0, 10) };
  check_scenario (ok, 7, CG_POLYGON_OK, NULL);
}

/* 8: a polygon touching itself at a vertex (two triangles tip to tip) is not simple */
static void
test_validate_vertex_touch (void)
{
  const CgVec2 v[] = { V (0, 0), V (10, 0), V (5, 5), V (10, 10), V (0, 10), V (5, 5) };
  const CgVec2 at = V (5, 5);
  check_scenario (v, 6, CG_POLYGON_SELF_CROSSING, &at);
}

/* 9: two non-adjacent edges overlapping along a line are not simple */
static void
test_validate_collinear_overlap (void)
{
  const CgVec2 v[]
      = { V (0, 0), V (6, 0), V (6, -5), V (12, -5), V (12, 0), V (4, 0), V (4, 5), V (0, 5) };
  check_scenario (v, 8, CG_POLYGON_SELF_CROSSING, NULL);
  /* Overlapping vertical edges: two rooms sharing part of a wall. */
  const CgVec2 w[] = { V (0, 0),   V (0, 10),  V (10, 10), V (10, 4), V (20, 4),
                       V (20, -6), V (10, -6), V (10, 6),  V (5, 6),  V (5, 0) };
  check_scenario (w, 10, CG_POLYGON_SELF_CROSSING, NULL);
}

/* 10: adjacent edges folding back onto each other (a 180° spike) are not simple */
static void
test_validate_spike (void)
{
  /* A flat triangle: every pair of edges is adjacent, only the fold can be caught. */
  const CgVec2 flat[] = { V (0, 0), V (10, 0), V (4, 0) };
  const CgVec2 at = V (4, 0);
  check_scenario (flat, 3, CG_POLYGON_SELF_CROSSING, &at);
  /* A whisker running out of a square along its top edge's line and back. */
  const CgVec2 v[] = { V (0, 0), V (10, 0), V (10, 10), V (-5, 10), V (0, 10) };
  check_scenario (v, 5, CG_POLYGON_SELF_CROSSING, NULL);
  /* A whisker poking into the room, coming back past its root. */
  const CgVec2 w[] = { V (0, 0), V (10, 0), V (10, 10), V (5, 10), V (5, 3), V (5, 10.5) };
  CgPolygonCheck c = cg_polygon_validate (w, 6);
  g_assert_cmpint (c.status, ==, CG_POLYGON_SELF_CROSSING);
  assert_crossing_report (w, 6, c, true);
}

/* 11: a vertex in the middle of a straight run (collinear, not folding) is fine */
static void
test_validate_straight_through (void)
{
  const CgVec2 v[] = { V (0, 0), V (5, 0), V (10, 0), V (10, 5), V (10, 10), V (0, 10) };
  check_scenario (v, 6, CG_POLYGON_OK, NULL);
  /* On a diagonal too (points with x == y are exactly collinear). */
  const CgVec2 d[] = { V (0, 0), V (0.1, 0.1), V (0.3, 0.3), V (0.7, 0.7), V (0, 1) };
  check_scenario (d, 5, CG_POLYGON_OK, NULL);
}

/* 12: vertices 1e-12 apart are distinct, and the polygon they make is valid */
static void
test_validate_near_duplicates (void)
{
  const CgVec2 v[] = { V (0, 0), V (1e-12, 0), V (10, 0), V (10, 10), V (0, 10), V (1e-12, 1e-12) };
  check_scenario (v, 6, CG_POLYGON_OK, NULL);
  const CgVec2 w[] = { V (0, 0), V (10, 0), V (10, 10), V (10, 10 + 1e-12), V (0, 10) };
  check_scenario (w, 5, CG_POLYGON_OK, NULL);
}

/* 13: a zero-length edge is reported as SELF_CROSSING of that edge with itself, including a
 * closing vertex that repeats the first; cg_polygon_remove_duplicates() makes it valid */
static void
test_validate_zero_length_edge (void)
{
  CgVec2 v[] = { V (0, 0), V (10, 0), V (10, 0), V (10, 10), V (0, 10) };
  CgPolygonCheck c = cg_polygon_validate (v, 5);
  g_assert_cmpint (c.status, ==, CG_POLYGON_SELF_CROSSING);
  g_assert_cmpuint (c.index_a, ==, 1);
  g_assert_cmpuint (c.index_b, ==, 1);
  CgVec2 w[] = { V (0, 0), V (10, 0), V (10, 10), V (0, 10), V (0, 0) };
  c = cg_polygon_validate (w, 5);
  g_assert_cmpint (c.status, ==, CG_POLYGON_SELF_CROSSING);
  g_assert_cmpuint (c.index_a, ==, 4);
  g_assert_cmpuint (c.index_b, ==, 4);
  g_assert_cmpuint (cg_polygon_remove_duplicates (v, 5), ==, 4);
  g_assert_cmpint (cg_polygon_validate (v, 4).status, ==, CG_POLYGON_OK);
  g_assert_cmpuint (cg_polygon_remove_duplicates (w, 5), ==, 4);
  g_assert_cmpint (cg_polygon_validate (w, 4).status, ==, CG_POLYGON_OK);
}

/* 14: a spike's tip one ulp either side of a diagonal edge, or exactly on it, gets the exact
 * answer: inside is valid, on the edge touches, beyond crosses */
static void
test_validate_exact_predicate (void)
{
  const double offsets[] = { 0.0, 1e6 };
  const double tips[]
      = { 12.0, 12.000000000000002, 11.999999999999998, 7.123456789, 17.77777, 3.3333333333333335 };
  for (size_t o = 0; o < G_N_ELEMENTS (offsets); o++)
    for (size_t k = 0; k < G_N_ELEMENTS (tips); k++)
      for (int u = -1; u <= 1; u++)
        {
          double off = offsets[o];
          /* The diagonal y == x from A to B; every point with equal coordinates is on it. */
          double lo = off + 0.1, hi = off + 24.3, t = off + tips[k];
          double ty = u < 0 ? nextafter (t, -INFINITY) : u > 0 ? nextafter (t, INFINITY) : t;
          const CgVec2 v[] = { V (lo, lo),       V (hi, hi), V (lo, hi),
                               V (lo, off + 13), V (t, ty),  V (lo, off + 11) };
          CgPolygonCheck c = cg_polygon_validate (v, 6);
          if (u > 0)
            g_assert_cmpint (c.status, ==, CG_POLYGON_OK);
          else
            {
              g_assert_cmpint (c.status, ==, CG_POLYGON_SELF_CROSSING);
              assert_crossing_report (v, 6, c, false);
              g_assert_cmpuint (c.index_a, ==, 0); /* the diagonal */
            }
          if (u == 0)
            {
              /* The touching point is the tip itself, exactly. */
              g_assert_true (c.where.x == t && c.where.y == ty);
            }
        }
}

/* A comb: `teeth` teeth of width 1 standing on a base, with many vertical edges and many
 * vertices sharing an x coordinate. gap_y is the height of the gaps' floors (0 touches the
 * base's bottom edge). Returns the vertex count. */
static size_t
make_comb (CgVec2 *v, size_t teeth, double gap_y)
{
  size_t n = 0;
  v[n++] = V (0, 0);
  v[n++] = V (2.0 * teeth - 1, 0);
  for (size_t t = teeth; t-- > 0;)
    {
      v[n++] = V (2.0 * t + 1, 10);
      v[n++] = V (2.0 * t, 10);
      if (t > 0)
        {
          v[n++] = V (2.0 * t, gap_y);
          v[n++] = V (2.0 * t - 1, gap_y);
        }
    }
  return n;
}

/* 15: vertical edges and vertices sharing x: a comb is valid; a comb whose gap floor lies on
 * its base edge is not */
static void
test_validate_comb (void)
{
  CgVec2 v[4 * 40 + 2];
  size_t n = make_comb (v, 40, 2);
  check_scenario (v, n, CG_POLYGON_OK, NULL);
  n = make_comb (v, 40, 0);
  check_scenario (v, n, CG_POLYGON_SELF_CROSSING, NULL);

  /* A big comb: the sweep handles 200,000 vertices on 100,000 distinct x values. */
  size_t teeth = 50000;
  CgVec2 *big = g_new (CgVec2, 4 * teeth + 2);
  n = make_comb (big, teeth, 2);
  g_test_timer_start ();
  CgPolygonCheck c = cg_polygon_validate (big, n);
  double ms = 1e3 * g_test_timer_elapsed ();
  g_assert_cmpint (c.status, ==, CG_POLYGON_OK);
  g_test_message ("validate: %zu-vertex comb: %.2f ms", n, ms);
  g_free (big);
}

/* A star with alternating outer and inner radii around a point that is not the origin. */
static CgVec2 *
make_star (size_t n)
{
  CgVec2 *v = g_new (CgVec2, n);
  for (size_t i = 0; i < n; i++)
    {
      double a = 2.0 * G_PI * (double)i / (double)n;
      double r = (i % 2 == 0) ? 1000.0 : 500.0;
      v[i] = V (123.25 + r * cos (a), -56.5 + r * sin (a));
    }
  return v;
}

/* 16: a 100,000-vertex star is valid (and validating it is fast: timing printed) */
static void
test_validate_big_star (void)
{
  size_t n = 100000;
  CgVec2 *v = make_star (n);
  double best = INFINITY;
  for (int run = 0; run < 3; run++)
    {
      g_test_timer_start ();
      CgPolygonCheck c = cg_polygon_validate (v, n);
      best = fmin (best, g_test_timer_elapsed ());
      g_assert_cmpint (c.status, ==, CG_POLYGON_OK);
    }
  g_test_message ("validate: %zu-vertex star: %.2f ms (best of 3)", n, 1e3 * best);
  g_free (v);
}

/* 17: the same star with two vertices swapped crosses itself, and the reported edges really
 * do meet at the reported point */
static void
test_validate_big_star_swapped (void)
{
  size_t n = 100000;
  const size_t swaps[][2] = { { 1000, 60000 }, { 10, 11 + 2 * 20000 }, { 99998, 3 } };
  for (size_t k = 0; k < G_N_ELEMENTS (swaps); k++)
    {
      CgVec2 *v = make_star (n);
      size_t i = swaps[k][0], j = swaps[k][1];
      CgVec2 t = v[i];
      v[i] = v[j];
      v[j] = t;
      g_test_timer_start ();
      CgPolygonCheck c = cg_polygon_validate (v, n);
      double ms = 1e3 * g_test_timer_elapsed ();
      g_assert_cmpint (c.status, ==, CG_POLYGON_SELF_CROSSING);
      assert_crossing_report (v, n, c, false);
      /* The two edges cross or touch by the (well-conditioned) cross-product test too. */
      CgVec2 a0 = v[c.index_a], a1 = v[(c.index_a + 1) % n];
      CgVec2 b0 = v[c.index_b], b1 = v[(c.index_b + 1) % n];
      g_assert_cmpint (bf_orient (a0, a1, b0) * bf_orient (a0, a1, b1), <=, 0);
      g_assert_cmpint (bf_orient (b0, b1, a0) * bf_orient (b0, b1, a1), <=, 0);
      g_test_message ("validate: star with v[%zu] <-> v[%zu]: edges %zu and %zu meet at "
                      "(%g, %g), %.2f ms",
                      i, j, c.index_a, c.index_b, c.where.x, c.where.y, ms);
      g_free (v);
    }
}

/* Compares one polygon's verdict with the brute-force reference; counts the outcomes. */
static void
compare_with_reference (const CgVec2 *v, size_t n, guint *valid, guint *invalid)
{
  CgPolygonCheck c = cg_polygon_validate (v, n);
  CgPolygonStatus ref = bf_status (v, n);
  if (c.status != ref)
    {
      GString *s = g_string_new (NULL);
      for (size_t i = 0; i < n; i++)
        g_string_append_printf (s, " (%g,%g)", v[i].x, v[i].y);
      g_test_message ("mismatch: got %d, reference %d for%s", c.status, ref, s->str);
      g_string_free (s, TRUE);
    }
  g_assert_cmpint (c.status, ==, ref);
  if (c.status == CG_POLYGON_SELF_CROSSING)
    assert_crossing_report (v, n, c, true);
  if (c.status == CG_POLYGON_OK)
    (*valid)++;
  else
    (*invalid)++;
}

static CgVec2 sort_centre;

static int
by_angle (const void *pa, const void *pb)
{
  const CgVec2 *a = pa, *b = pb;
  double ta = atan2 (a->y - sort_centre.y, a->x - sort_centre.x);
  double tb = atan2 (b->y - sort_centre.y, b->x - sort_centre.x);
  if (ta != tb)
    return ta < tb ? -1 : 1;
  /* Same ray from the centre: a collinear run, the degenerate case wanted here. */
  double da = cg_length_sq (cg_sub (*a, sort_centre)), db = cg_length_sq (cg_sub (*b, sort_centre));
  return (da > db) - (da < db);
}

/* m distinct random grid points in [0, g]², sorted by angle around a random half-integer
 * centre: often simple, often with collinear runs, sometimes degenerate. */
static size_t
make_angle_sorted (CgVec2 *v, size_t m, int g)
{
  size_t n = 0;
  for (size_t tries = 0; n < m && tries < 50 * m; tries++)
    {
      CgVec2 p = V (g_test_rand_int_range (0, g + 1), g_test_rand_int_range (0, g + 1));
      bool seen = false;
      for (size_t i = 0; i < n && !seen; i++)
        seen = v[i].x == p.x && v[i].y == p.y;
      if (!seen)
        v[n++] = p;
    }
  sort_centre = V (g_test_rand_int_range (0, g) + 0.5, g_test_rand_int_range (0, g) + 0.5);
  qsort (v, n, sizeof *v, by_angle);
  return n;
}

/* 18: random small polygons on a 5 × 5 grid (repeats, touches and collinear edges
 * everywhere) get the same verdict as the brute-force reference */
static void
test_validate_random_grid (void)
{
  guint valid = 0, invalid = 0;
  CgVec2 v[12];
  for (int k = 0; k < 600; k++)
    {
      size_t n = (size_t)g_test_rand_int_range (3, 11);
      for (size_t i = 0; i < n; i++)
        v[i] = V (g_test_rand_int_range (0, 5), g_test_rand_int_range (0, 5));
      compare_with_reference (v, n, &valid, &invalid);
    }
  g_test_message ("random grid polygons: %u valid, %u invalid", valid, invalid);
  g_assert_cmpuint (valid, >=, 10);
  g_assert_cmpuint (invalid, >=, 100);
}

/* 19: random angle-sorted grid polygons, and the same with one vertex moved, small and up to
 * 150 vertices, agree with the brute-force reference */
static void
test_validate_random_sorted (void)
{
  guint valid = 0, invalid = 0;
  CgVec2 v[160];
  for (int k = 0; k < 800; k++)
    {
      bool big = k % 8 == 0;
      size_t m
          = big ? (size_t)g_test_rand_int_range (20, 151) : (size_t)g_test_rand_int_range (3, 13);
      size_t n = make_angle_sorted (v, m, big ? 40 : 6);
      compare_with_reference (v, n, &valid, &invalid);
      int moves = g_test_rand_int_range (1, 3);
      for (int j = 0; j < moves; j++)
        v[g_test_rand_int_range (0, (int)n)]
            = V (g_test_rand_int_range (0, big ? 41 : 7), g_test_rand_int_range (0, big ? 41 : 7));
      compare_with_reference (v, n, &valid, &invalid);
    }
  g_test_message ("random angle-sorted polygons: %u valid, %u invalid", valid, invalid);
  g_assert_cmpuint (valid, >=, 100);
  g_assert_cmpuint (invalid, >=, 100);
}

/* 20: random star-shaped polygons with non-integer coordinates are valid */
static void
test_validate_random_star_shaped (void)
{
  CgVec2 *v = g_new (CgVec2, 2000);
  for (int k = 0; k < 200; k++)
    {
      size_t n = (size_t)g_test_rand_int_range (4, 2000);
      CgVec2 c = V (g_test_rand_double_range (-1e3, 1e3), g_test_rand_double_range (-1e3, 1e3));
      for (size_t i = 0; i < n; i++)
        {
          /* One vertex per angular slot keeps every edge's sweep under half a turn. */
          double a = 2.0 * G_PI * ((double)i + g_test_rand_double_range (0.05, 0.95)) / (double)n;
          double r = g_test_rand_double_range (1.0, 100.0);
          v[i] = V (c.x + r * cos (a), c.y + r * sin (a));
        }
      CgPolygonCheck res = cg_polygon_validate (v, n);
      g_assert_cmpint (res.status, ==, CG_POLYGON_OK);
    }
  g_free (v);
}

/* ---------------------------------------------------------------------------------------------
 * Area and orientation.
 */

/* 21: the worked example of geometry.md: the wall square has A < 0 and stays as given for a
 * wall; the obstacle has A > 0 and stays as given for an obstacle */
static void
test_orient_worked_example (void)
{
  CgVec2 wall[] = { V (-300, -300), V (-300, 300), V (300, 300), V (300, -300) };
  CgVec2 obst[] = { V (20, -100), V (20, 50), V (-20, 50), V (-20, -100) };
  g_assert_cmpfloat (cg_polygon_signed_area (wall, 4), ==, -360000.0);
  g_assert_cmpfloat (cg_polygon_signed_area (obst, 4), ==, 6000.0);
  g_assert_false (cg_polygon_orient (wall, 4, CG_ROLE_WALL));
  g_assert_false (cg_polygon_orient (obst, 4, CG_ROLE_OBSTACLE));
  g_assert_cmpfloat (wall[0].x, ==, -300);
  g_assert_cmpfloat (wall[1].y, ==, 300);
  g_assert_cmpfloat (obst[0].x, ==, 20);
  g_assert_cmpfloat (obst[0].y, ==, -100);
  g_assert_cmpint (cg_polygon_validate (wall, 4).status, ==, CG_POLYGON_OK);
  g_assert_cmpint (cg_polygon_validate (obst, 4).status, ==, CG_POLYGON_OK);
}

/* 22: orient reverses a polygon whose orientation does not match its role (plain reversal:
 * new v[i] = old v[n-1-i]), and a degenerate polygon is left alone */
static void
test_orient_reverses (void)
{
  const CgVec2 sq[] = { V (0, 0), V (10, 0), V (10, 10), V (0, 10), V (0, 5) };
  CgVec2 v[5];
  memcpy (v, sq, sizeof v);
  g_assert_cmpfloat (cg_polygon_signed_area (v, 5), ==, 100.0);
  g_assert_true (cg_polygon_orient (v, 5, CG_ROLE_WALL));
  for (size_t i = 0; i < 5; i++)
    g_assert_true (v[i].x == sq[4 - i].x && v[i].y == sq[4 - i].y);
  g_assert_cmpfloat (cg_polygon_signed_area (v, 5), ==, -100.0);
  g_assert_false (cg_polygon_orient (v, 5, CG_ROLE_WALL));
  g_assert_true (cg_polygon_orient (v, 5, CG_ROLE_OBSTACLE));
  g_assert_true (memcmp (v, sq, sizeof v) == 0);
  g_assert_false (cg_polygon_orient (v, 5, CG_ROLE_OBSTACLE));

  /* Even and odd counts, far from the origin (the area stays exact there). */
  CgVec2 t[] = { V (1e9, 1e9), V (1e9 + 3, 1e9), V (1e9, 1e9 + 4) };
  g_assert_cmpfloat (cg_polygon_signed_area (t, 3), ==, 6.0);
  g_assert_true (cg_polygon_orient (t, 3, CG_ROLE_WALL));
  g_assert_cmpfloat (cg_polygon_signed_area (t, 3), ==, -6.0);
  g_assert_true (t[0].y == 1e9 + 4 && t[1].x == 1e9 + 3 && t[2].x == 1e9);

  CgVec2 flat[] = { V (0, 0), V (1, 1), V (2, 2) };
  g_assert_cmpfloat (cg_polygon_signed_area (flat, 3), ==, 0.0);
  g_assert_false (cg_polygon_orient (flat, 3, CG_ROLE_WALL));
  g_assert_false (cg_polygon_orient (flat, 3, CG_ROLE_OBSTACLE));
  g_assert_cmpfloat (cg_polygon_signed_area (flat, 2), ==, 0.0);
}

/* ---------------------------------------------------------------------------------------------
 * Containment, distance, bounds, duplicates.
 */

/* Twice the winding number of v around p, by summing angles: an independent reference. */
static int
winding (const CgVec2 *v, size_t n, CgVec2 p)
{
  double sum = 0.0;
  for (size_t i = 0; i < n; i++)
    {
      CgVec2 a = cg_sub (v[i], p), b = cg_sub (v[(i + 1) % n], p);
      sum += atan2 (cg_cross (a, b), cg_dot (a, b));
    }
  return (int)lround (sum / (2.0 * G_PI));
}

/* 23: contains: inside and outside of convex and concave polygons, rays through vertices and
 * along horizontal edges, both orientations, and random points against the winding number */
static void
test_contains (void)
{
  const CgVec2 sq[] = { V (0, 0), V (10, 0), V (10, 10), V (0, 10) };
  g_assert_true (cg_polygon_contains (sq, 4, V (5, 5)));
  g_assert_false (cg_polygon_contains (sq, 4, V (15, 5)));
  g_assert_false (cg_polygon_contains (sq, 4, V (-1, 5)));
  g_assert_false (cg_polygon_contains (sq, 4, V (5, -1)));
  g_assert_false (cg_polygon_contains (sq, 4, V (5, 11)));

  /* The ray from these points runs through vertices. */
  const CgVec2 dia[] = { V (0, -10), V (10, 0), V (0, 10), V (-10, 0) };
  g_assert_true (cg_polygon_contains (dia, 4, V (-5, 0)));
  g_assert_true (cg_polygon_contains (dia, 4, V (0, 0)));
  g_assert_true (cg_polygon_contains (dia, 4, V (0, 9.5)));
  g_assert_false (cg_polygon_contains (dia, 4, V (-15, 0)));
  g_assert_false (cg_polygon_contains (dia, 4, V (15, 0)));
  g_assert_false (cg_polygon_contains (dia, 4, V (0, -10.5)));

  /* A U shape: the notch is outside; the ray from (5, 10) runs along the notch's floor. */
  CgVec2 u[] = { V (0, 0),   V (30, 0),  V (30, 30), V (20, 30),
                 V (20, 10), V (10, 10), V (10, 30), V (0, 30) };
  for (int pass = 0; pass < 2; pass++)
    {
      g_assert_false (cg_polygon_contains (u, 8, V (15, 20)));
      g_assert_true (cg_polygon_contains (u, 8, V (5, 20)));
      g_assert_true (cg_polygon_contains (u, 8, V (25, 20)));
      g_assert_true (cg_polygon_contains (u, 8, V (15, 5)));
      g_assert_true (cg_polygon_contains (u, 8, V (5, 10)));
      g_assert_true (cg_polygon_contains (u, 8, V (25, 10)));
      g_assert_false (cg_polygon_contains (u, 8, V (-5, 10)));
      g_assert_false (cg_polygon_contains (u, 8, V (15, 40)));
      /* Boundary points may go either way; they must not crash. */
      (void)cg_polygon_contains (u, 8, V (15, 10));
      (void)cg_polygon_contains (u, 8, V (20, 10));
      (void)cg_polygon_contains (u, 8, V (0, 15));
      cg_polygon_orient (u, 8, pass == 0 ? CG_ROLE_WALL : CG_ROLE_OBSTACLE);
    }

  /* Random points, off the integer grid, in random valid grid polygons. */
  CgVec2 v[40];
  int checked = 0;
  for (int k = 0; k < 300; k++)
    {
      size_t n = make_angle_sorted (v, (size_t)g_test_rand_int_range (3, 40), 12);
      if (cg_polygon_validate (v, n).status != CG_POLYGON_OK)
        continue;
      for (int j = 0; j < 20; j++)
        {
          CgVec2 p = V (g_test_rand_int_range (-1, 13) + 0.3183098861837907,
                        g_test_rand_int_range (-1, 13) + 0.6180339887498949);
          bool in = winding (v, n, p) != 0;
          g_assert_cmpint (cg_polygon_contains (v, n, p), ==, in);
          checked++;
        }
    }
  g_assert_cmpint (checked, >=, 1000);
}

/* 24: point-segment distance: to the interior, beyond either end, to a degenerate segment */
static void
test_point_segment_distance (void)
{
  CgVec2 a = V (0, 0), b = V (10, 0);
  g_assert_cmpfloat_with_epsilon (cg_point_segment_distance (V (5, 3), a, b), 3.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (cg_point_segment_distance (V (5, -3), a, b), 3.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (cg_point_segment_distance (V (-3, 4), a, b), 5.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (cg_point_segment_distance (V (13, 4), a, b), 5.0, 1e-12);
  g_assert_cmpfloat (cg_point_segment_distance (V (7, 0), a, b), ==, 0.0);
  g_assert_cmpfloat (cg_point_segment_distance (V (10, 0), a, b), ==, 0.0);
  g_assert_cmpfloat_with_epsilon (cg_point_segment_distance (V (0, 5), a, a), 5.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (cg_point_segment_distance (V (3, 4), b, a), 4.0, 1e-12);
  /* A slanted segment: distance from (0, 2) to the line y = x is sqrt(2). */
  g_assert_cmpfloat_with_epsilon (cg_point_segment_distance (V (0, 2), V (-5, -5), V (5, 5)),
                                  sqrt (2.0), 1e-12);
}

/* 25: the bounds of a polygon are its vertices' extremes; no vertices give the empty box */
static void
test_bounds (void)
{
  const CgVec2 v[] = { V (3, -2), V (-7, 4), V (5, 9), V (0, 0) };
  CgAabb b = cg_polygon_bounds (v, 4);
  g_assert_cmpfloat (b.lo.x, ==, -7);
  g_assert_cmpfloat (b.lo.y, ==, -2);
  g_assert_cmpfloat (b.hi.x, ==, 5);
  g_assert_cmpfloat (b.hi.y, ==, 9);
  g_assert_true (cg_aabb_is_empty (cg_polygon_bounds (NULL, 0)));
}

/* 26: remove_duplicates drops consecutive repeats and a closing copy of the first vertex */
static void
test_remove_duplicates (void)
{
  CgVec2 v[] = { V (1, 1), V (1, 1), V (2, 1), V (2, 2), V (2, 2), V (2, 2), V (1, 1) };
  g_assert_cmpuint (cg_polygon_remove_duplicates (v, 7), ==, 3);
  g_assert_true (v[0].x == 1 && v[0].y == 1);
  g_assert_true (v[1].x == 2 && v[1].y == 1);
  g_assert_true (v[2].x == 2 && v[2].y == 2);

  /* Non-consecutive repeats stay (validate reports them). */
  CgVec2 w[] = { V (0, 0), V (1, 0), V (0, 0), V (0, 1) };
  g_assert_cmpuint (cg_polygon_remove_duplicates (w, 4), ==, 4);

  CgVec2 same[] = { V (4, 4), V (4, 4), V (4, 4) };
  g_assert_cmpuint (cg_polygon_remove_duplicates (same, 3), ==, 1);
  g_assert_cmpuint (cg_polygon_remove_duplicates (NULL, 0), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/polygon/validate/square", test_validate_square);
  g_test_add_func ("/polygon/validate/triangle", test_validate_triangle);
  g_test_add_func ("/polygon/validate/too-few", test_validate_too_few);
  g_test_add_func ("/polygon/validate/nan", test_validate_nan);
  g_test_add_func ("/polygon/validate/infinity", test_validate_infinity);
  g_test_add_func ("/polygon/validate/bow-tie", test_validate_bow_tie);
  g_test_add_func ("/polygon/validate/t-touch", test_validate_t_touch);
  g_test_add_func ("/polygon/validate/vertex-touch", test_validate_vertex_touch);
  g_test_add_func ("/polygon/validate/collinear-overlap", test_validate_collinear_overlap);
  g_test_add_func ("/polygon/validate/spike", test_validate_spike);
  g_test_add_func ("/polygon/validate/straight-through", test_validate_straight_through);
  g_test_add_func ("/polygon/validate/near-duplicates", test_validate_near_duplicates);
  g_test_add_func ("/polygon/validate/zero-length-edge", test_validate_zero_length_edge);
  g_test_add_func ("/polygon/validate/exact-predicate", test_validate_exact_predicate);
  g_test_add_func ("/polygon/validate/comb", test_validate_comb);
  g_test_add_func ("/polygon/validate/big-star", test_validate_big_star);
  g_test_add_func ("/polygon/validate/big-star-swapped", test_validate_big_star_swapped);
  g_test_add_func ("/polygon/validate/random-grid", test_validate_random_grid);
  g_test_add_func ("/polygon/validate/random-sorted", test_validate_random_sorted);
  g_test_add_func ("/polygon/validate/random-star-shaped", test_validate_random_star_shaped);
  g_test_add_func ("/polygon/orient/worked-example", test_orient_worked_example);
  g_test_add_func ("/polygon/orient/reverses", test_orient_reverses);
  g_test_add_func ("/polygon/contains", test_contains);
  g_test_add_func ("/polygon/point-segment-distance", test_point_segment_distance);
  g_test_add_func ("/polygon/bounds", test_bounds);
  g_test_add_func ("/polygon/remove-duplicates", test_remove_duplicates);

  return g_test_run ();
}
