/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-curve.c: curved boundaries (segments and exact arcs): geometry, checks,
 * orientation and offset primitives (geometry.md, "Curved edges"). */
#include "cg-curve.h"

#include <stdlib.h>

#define CG_PI 3.14159265358979323846264338327950288
#define CG_TWO_PI 6.283185307179586476925286766559

/* u rotated by the angle phi (turning left on the raw numbers for phi > 0). */
static CgVec2
rotate (CgVec2 u, double phi)
{
  double c = cos (phi), s = sin (phi);
  return (CgVec2){ u.x * c - u.y * s, u.x * s + u.y * c };
}

/* The left-turning angle from u0 to u, in [0, 2π). */
static double
left_angle (CgVec2 u0, CgVec2 u)
{
  double phi = atan2 (cg_cross (u0, u), cg_dot (u0, u));
  return phi < 0.0 ? phi + CG_TWO_PI : phi;
}

static bool
is_full_turn (double sweep)
{
  return fabs (fabs (sweep) - CG_TWO_PI) <= 1e-12;
}

CgCurveEdge
cg_curve_edge_arc (CgVec2 a, CgVec2 b, double sweep)
{
  CgVec2 ab = cg_sub (b, a);
  double h = 0.5 * cg_length (ab);
  CgVec2 w = cg_normalize (ab);
  CgVec2 left = { -w.y, w.x };
  CgVec2 mid = cg_lerp (a, b, 0.5);
  CgCurveEdge e;
  e.q = cg_mul_add (mid, h / tan (0.5 * sweep), left);
  e.R = h / fabs (sin (0.5 * sweep));
  e.sweep = sweep;
  return e;
}

void
cg_curve_circle (CgVec2 q, double R, CgRole role, CgVec2 *v0, CgCurveEdge *e)
{
  *v0 = (CgVec2){ q.x + R, q.y };
  e->q = q;
  e->R = R;
  e->sweep = role == CG_ROLE_OBSTACLE ? CG_TWO_PI : -CG_TWO_PI;
}

static inline size_t
next_index (size_t i, size_t n)
{
  return i + 1 == n ? 0 : i + 1;
}

/* The unit direction from the arc's centre to its start (or end). */
static CgVec2
arc_dir (const CgVec2 *v, const CgCurveEdge *e, size_t n, size_t i, bool at_end)
{
  CgVec2 p = at_end ? v[next_index (i, n)] : v[i];
  return cg_normalize (cg_sub (p, e[i].q));
}

CgVec2
cg_curve_edge_tangent (const CgVec2 *v, const CgCurveEdge *e, size_t n, size_t i, bool at_end)
{
  if (e[i].sweep == 0.0)
    return cg_normalize (cg_sub (v[next_index (i, n)], v[i]));
  CgVec2 u = arc_dir (v, e, n, i, at_end);
  CgVec2 t = { -u.y, u.x };
  return e[i].sweep > 0.0 ? t : cg_neg (t);
}

CgVec2
cg_curve_edge_point (const CgVec2 *v, const CgCurveEdge *e, size_t n, size_t i, double s)
{
  if (e[i].sweep == 0.0)
    return cg_lerp (v[i], v[next_index (i, n)], s);
  CgVec2 u = arc_dir (v, e, n, i, false);
  return cg_mul_add (e[i].q, e[i].R, rotate (u, s * e[i].sweep));
}

/* Axis directions, for boxes. */
static const CgVec2 axis_dirs[4] = { { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } };

/* True when the direction u lies on the arc edge i's sweep (tol radians). */
static bool
edge_sweep_contains (const CgCurveEdge *ei, CgVec2 u_start, CgVec2 u, double tol)
{
  if (is_full_turn (ei->sweep))
    return true;
  double span = fabs (ei->sweep);
  double phi = ei->sweep > 0.0 ? left_angle (u_start, u) : left_angle (u, u_start);
  return phi <= span + tol || phi >= CG_TWO_PI - tol;
}

CgAabb
cg_curve_edge_bounds (const CgVec2 *v, const CgCurveEdge *e, size_t n, size_t i)
{
  CgAabb box = cg_aabb_add_point (cg_aabb_empty (), v[i]);
  box = cg_aabb_add_point (box, v[next_index (i, n)]);
  if (e[i].sweep == 0.0)
    return box;
  CgVec2 u0 = arc_dir (v, e, n, i, false);
  for (int k = 0; k < 4; k++)
    if (edge_sweep_contains (&e[i], u0, axis_dirs[k], 0.0))
      box = cg_aabb_add_point (box, cg_mul_add (e[i].q, e[i].R, axis_dirs[k]));
  return box;
}

CgAabb
cg_curve_bounds (const CgVec2 *v, const CgCurveEdge *e, size_t n)
{
  CgAabb box = cg_aabb_empty ();
  for (size_t i = 0; i < n; i++)
    box = cg_aabb_union (box, cg_curve_edge_bounds (v, e, n, i));
  return box;
}

double
cg_curve_edge_distance (const CgVec2 *v, const CgCurveEdge *e, size_t n, size_t i, CgVec2 p)
{
  CgVec2 b = v[next_index (i, n)];
  if (e[i].sweep == 0.0)
    return cg_point_segment_distance (p, v[i], b);
  CgVec2 m = cg_sub (p, e[i].q);
  double len = cg_length (m);
  if (len == 0.0)
    return e[i].R;
  if (edge_sweep_contains (&e[i], arc_dir (v, e, n, i, false), cg_scale (m, 1.0 / len), 0.0))
    return fabs (len - e[i].R);
  return cg_min (cg_distance (p, v[i]), cg_distance (p, b));
}

double
cg_curve_signed_area (const CgVec2 *v, const CgCurveEdge *e, size_t n)
{
  double sum = 0.0;
  for (size_t i = 0; i < n; i++)
    {
      sum += cg_cross (v[i], v[next_index (i, n)]);
      if (e[i].sweep != 0.0)
        sum += e[i].R * e[i].R * (e[i].sweep - sin (e[i].sweep));
    }
  return 0.5 * sum;
}

bool
cg_curve_orient (CgVec2 *v, CgCurveEdge *e, size_t n, CgRole role)
{
  double area = cg_curve_signed_area (v, e, n);
  bool want_positive = role == CG_ROLE_OBSTACLE;
  if ((area > 0.0) == want_positive || n == 0)
    return false;
  /* Edge k of the reversed boundary is edge n - 1 - k run backwards. */
  for (size_t i = 1, j = n - 1; i < j; i++, j--)
    {
      CgVec2 t = v[i];
      v[i] = v[j];
      v[j] = t;
    }
  for (size_t i = 0, j = n - 1; i < j; i++, j--)
    {
      CgCurveEdge t = e[i];
      e[i] = e[j];
      e[j] = t;
    }
  for (size_t i = 0; i < n; i++)
    e[i].sweep = -e[i].sweep;
  return true;
}

int
cg_curve_winding (const CgVec2 *v, const CgCurveEdge *e, size_t n, CgVec2 p)
{
  double sum = 0.0;
  for (size_t i = 0; i < n; i++)
    {
      CgVec2 a = cg_sub (v[i], p), b = cg_sub (v[next_index (i, n)], p);
      if (n > 1)
        sum += atan2 (cg_cross (a, b), cg_dot (a, b));
      if (e[i].sweep == 0.0)
        continue;
      /* The arc subtends the chord's angle, plus a whole turn (its sign the
       * sweep's) when p lies between the chord and the arc: inside the
       * circle, on the arc's side of the chord. */
      if (cg_distance (p, e[i].q) >= e[i].R)
        continue;
      bool between = true;
      if (!is_full_turn (e[i].sweep))
        {
          CgVec2 mid = cg_sub (cg_curve_edge_point (v, e, n, i, 0.5), p);
          CgVec2 chord = cg_sub (b, a);
          double side_mid = cg_cross (chord, cg_sub (mid, a));
          double side_p = cg_cross (chord, cg_neg (a));
          between = (side_mid > 0.0) == (side_p > 0.0) && side_p != 0.0;
        }
      if (between)
        sum += e[i].sweep > 0.0 ? CG_TWO_PI : -CG_TWO_PI;
    }
  return (int)lround (sum / CG_TWO_PI);
}

double
cg_curve_tolerance (const CgVec2 *v, const CgCurveEdge *e, size_t n)
{
  CgAabb box = cg_curve_bounds (v, e, n);
  if (cg_aabb_is_empty (box))
    return 1e-9;
  double extent = cg_max (box.hi.x - box.lo.x, box.hi.y - box.lo.y);
  double magnitude = cg_max (cg_magnitude (box.lo), cg_magnitude (box.hi));
  return cg_max (1e-9 * extent, 64.0 * 2.220446049250313e-16 * magnitude);
}

/* ---- validation ---------------------------------------------------------- */

/* Up to a few points where two edges meet. */
typedef struct
{
  CgVec2 p[6];
  bool is_end[6]; /* an edge's end found on the other edge (exact, no slack needed) */
  int n;
} Meets;

static void
meets_add (Meets *m, CgVec2 p, bool is_end)
{
  if (m->n < 6)
    {
      m->is_end[m->n] = is_end;
      m->p[m->n++] = p;
    }
}

/* True when p lies on edge i within tol. */
static bool
on_edge (const CgVec2 *v, const CgCurveEdge *e, size_t n, size_t i, CgVec2 p, double tol)
{
  return cg_curve_edge_distance (v, e, n, i, p) <= tol;
}

/* The points of the line through a, b (within the segment, slack tol) on the
 * circle (q, R) (within tol). */
static void
line_circle (CgVec2 a, CgVec2 b, CgVec2 q, double R, double tol, CgVec2 out[2], int *count)
{
  CgVec2 w = cg_normalize (cg_sub (b, a));
  double s_foot = cg_dot (cg_sub (q, a), w);
  CgVec2 foot = cg_mul_add (a, s_foot, w);
  double d0 = cg_distance (foot, q);
  *count = 0;
  if (d0 > R + tol)
    return;
  double h = sqrt (cg_max (0.0, (R - d0) * (R + d0)));
  out[(*count)++] = cg_mul_add (foot, -h, w);
  out[(*count)++] = cg_mul_add (foot, h, w);
}

/* The points where circles (q1, R1) and (q2, R2) meet (within tol); none for
 * concentric circles (their overlap is found from the ends). */
static void
circle_circle (CgVec2 q1, double R1, CgVec2 q2, double R2, double tol, CgVec2 out[2], int *count)
{
  CgVec2 dq = cg_sub (q2, q1);
  double d = cg_length (dq);
  *count = 0;
  if (d <= tol || d > R1 + R2 + tol || d < fabs (R1 - R2) - tol)
    return;
  CgVec2 w = cg_scale (dq, 1.0 / d);
  double along = (d * d + R1 * R1 - R2 * R2) / (2.0 * d);
  double h = sqrt (cg_max (0.0, R1 * R1 - along * along));
  CgVec2 base = cg_mul_add (q1, along, w);
  CgVec2 perp = { -w.y, w.x };
  out[(*count)++] = cg_mul_add (base, h, perp);
  out[(*count)++] = cg_mul_add (base, -h, perp);
}

/* Where edges i and j meet (within tol): crossings and tangencies, plus the
 * ends of either that lie on the other (overlaps, touching ends). */
static Meets
edges_meet (const CgVec2 *v, const CgCurveEdge *e, size_t n, size_t i, size_t j, double tol)
{
  Meets m = { .n = 0 };
  CgVec2 ai = v[i], bi = v[next_index (i, n)], aj = v[j], bj = v[next_index (j, n)];
  /* Ends on the other edge. */
  CgVec2 ends[4] = { ai, bi, aj, bj };
  for (int k = 0; k < 4; k++)
    if (on_edge (v, e, n, k < 2 ? j : i, ends[k], tol))
      meets_add (&m, ends[k], true);
  CgVec2 cand[2];
  int nc = 0;
  bool si = e[i].sweep == 0.0, sj = e[j].sweep == 0.0;
  if (si && sj)
    {
      /* A proper crossing (the touching cases are the ends above). */
      double o1 = cg_cross (cg_sub (bi, ai), cg_sub (aj, ai));
      double o2 = cg_cross (cg_sub (bi, ai), cg_sub (bj, ai));
      double o3 = cg_cross (cg_sub (bj, aj), cg_sub (ai, aj));
      double o4 = cg_cross (cg_sub (bj, aj), cg_sub (bi, aj));
      if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)))
        meets_add (&m, cg_lerp (aj, bj, o1 / (o1 - o2)), false);
      return m;
    }
  if (si)
    line_circle (ai, bi, e[j].q, e[j].R, tol, cand, &nc);
  else if (sj)
    line_circle (aj, bj, e[i].q, e[i].R, tol, cand, &nc);
  else
    circle_circle (e[i].q, e[i].R, e[j].q, e[j].R, tol, cand, &nc);
  for (int k = 0; k < nc; k++)
    if (on_edge (v, e, n, i, cand[k], tol) && on_edge (v, e, n, j, cand[k], tol))
      meets_add (&m, cand[k], false);
  return m;
}

/* For adjacent arcs meeting at the vertex V: the second point where their
 * circles meet, V mirrored in the line of centres (well conditioned even at
 * a tangent join, where the general formula loses half its digits). */
static bool
arcs_second_point (const CgCurveEdge *ei, const CgCurveEdge *ej, CgVec2 V, CgVec2 *out)
{
  CgVec2 dq = cg_sub (ej->q, ei->q);
  double len_sq = cg_length_sq (dq);
  if (len_sq == 0.0)
    return false;
  CgVec2 rel = cg_sub (V, ei->q);
  CgVec2 along = cg_scale (dq, cg_dot (rel, dq) / len_sq);
  *out = cg_add (ei->q, cg_sub (cg_scale (along, 2.0), rel));
  return true;
}

static bool
near_shared (CgVec2 p, const CgVec2 *shared, int n_shared, double tol)
{
  for (int k = 0; k < n_shared; k++)
    if (cg_distance (p, shared[k]) <= tol)
      return true;
  return false;
}

/* Checks the pair (i, j), i != j; returns true (filling *check) when they
 * meet where they may not. */
static bool
check_pair (const CgVec2 *v, const CgCurveEdge *e, size_t n, size_t i, size_t j, double tol,
            CgCurveCheck *check)
{
  CgVec2 shared[2];
  int n_shared = 0;
  size_t ni = next_index (i, n), nj = next_index (j, n);
  if (ni == j)
    shared[n_shared++] = v[j];
  if (nj == i)
    shared[n_shared++] = v[i];
  Meets m = edges_meet (v, e, n, i, j, tol);
  /* Near the shared vertex, tangent joins put the meeting points computed
   * from the circles anywhere within sqrt(R tol) of it: those get that
   * slack, and the second point from V (below) stands in for them. Ends
   * lying on the other edge (a spike folding back) need no slack. */
  double slack = tol;
  if (n_shared > 0)
    {
      double size = 0.0;
      if (e[i].sweep != 0.0)
        size = cg_max (size, e[i].R);
      if (e[j].sweep != 0.0)
        size = cg_max (size, e[j].R);
      slack = cg_max (tol, 4.0 * sqrt (size * tol));
    }
  for (int k = 0; k < m.n; k++)
    if (!near_shared (m.p[k], shared, n_shared, m.is_end[k] ? tol : slack))
      {
        *check = (CgCurveCheck){ CG_CURVE_SELF_CROSSING, cg_min (i, j), cg_max (i, j), m.p[k] };
        return true;
      }
  /* The second meeting point of adjacent edges, from the shared vertex. */
  for (int s = 0; s < n_shared; s++)
    {
      CgVec2 V = shared[s], p = V;
      bool got;
      if (e[i].sweep != 0.0 && e[j].sweep != 0.0)
        got = arcs_second_point (&e[i], &e[j], V, &p);
      else if (e[i].sweep == 0.0 && e[j].sweep == 0.0)
        got = false;
      else
        {
          /* The segment's line V + s w meets the circle at s = 0 and at
           * s = -2 (V - q)·w. */
          size_t seg = e[i].sweep == 0.0 ? i : j, arc = seg == i ? j : i;
          CgVec2 other = cg_distance (v[seg], V) == 0.0 ? v[next_index (seg, n)] : v[seg];
          CgVec2 w = cg_normalize (cg_sub (other, V));
          p = cg_mul_add (V, -2.0 * cg_dot (cg_sub (V, e[arc].q), w), w);
          got = true;
        }
      if (got && !near_shared (p, shared, n_shared, tol) && on_edge (v, e, n, i, p, tol)
          && on_edge (v, e, n, j, p, tol))
        {
          *check = (CgCurveCheck){ CG_CURVE_SELF_CROSSING, cg_min (i, j), cg_max (i, j), p };
          return true;
        }
    }
  return false;
}

typedef struct
{
  double lo_x;
  size_t i;
} SweepItem;

static int
cmp_sweep (const void *pa, const void *pb)
{
  const SweepItem *a = pa, *b = pb;
  if (a->lo_x != b->lo_x)
    return a->lo_x < b->lo_x ? -1 : 1;
  return a->i < b->i ? -1 : a->i > b->i;
}

CgCurveCheck
cg_curve_validate (const CgVec2 *v, const CgCurveEdge *e, size_t n, double tol)
{
  CgCurveCheck ok = { CG_CURVE_OK, 0, 0, { 0, 0 } };
  if (n == 0)
    return (CgCurveCheck){ CG_CURVE_TOO_FEW_EDGES, 0, 0, { 0, 0 } };
  for (size_t i = 0; i < n; i++)
    if (!cg_is_valid_vec2 (v[i]) || !cg_is_valid_vec2 (e[i].q) || !isfinite (e[i].R)
        || !isfinite (e[i].sweep))
      return (CgCurveCheck){ CG_CURVE_NOT_FINITE, i, i, { 0, 0 } };
  for (size_t i = 0; i < n; i++)
    if (!cg_vec2_in_range (v[i])
        || (e[i].sweep != 0.0 && (!cg_vec2_in_range (e[i].q) || !cg_in_range (e[i].R))))
      return (CgCurveCheck){ CG_CURVE_TOO_LARGE, i, i, { 0, 0 } };
  if (n == 1 && !is_full_turn (e[0].sweep))
    return (CgCurveCheck){ CG_CURVE_TOO_FEW_EDGES, 0, 0, { 0, 0 } };
  if (n == 2 && e[0].sweep == 0.0 && e[1].sweep == 0.0)
    return (CgCurveCheck){ CG_CURVE_TOO_FEW_EDGES, 0, 1, { 0, 0 } };
  for (size_t i = 0; i < n; i++)
    {
      CgVec2 a = v[i], b = v[next_index (i, n)];
      if (e[i].sweep == 0.0)
        {
          if (cg_distance (a, b) <= tol)
            return (CgCurveCheck){ CG_CURVE_SHORT_EDGE, i, i, a };
          continue;
        }
      double span = fabs (e[i].sweep);
      if (span > CG_TWO_PI + 1e-12 || (is_full_turn (e[i].sweep) && n != 1))
        return (CgCurveCheck){ CG_CURVE_BAD_ARC, i, i, a };
      if (!(e[i].R > tol) || e[i].R * span <= tol)
        return (CgCurveCheck){ CG_CURVE_SHORT_EDGE, i, i, a };
      CgVec2 end = cg_curve_edge_point (v, e, n, i, 1.0);
      if (fabs (cg_distance (a, e[i].q) - e[i].R) > tol
          || fabs (cg_distance (b, e[i].q) - e[i].R) > tol || cg_distance (end, b) > 4.0 * tol)
        return (CgCurveCheck){ CG_CURVE_BAD_ARC, i, i, a };
    }
  if (fabs (cg_curve_signed_area (v, e, n)) <= tol * tol)
    return (CgCurveCheck){ CG_CURVE_ZERO_AREA, 0, 0, v[0] };
  if (n == 1)
    return ok;

  /* Candidate pairs: a sweep along x over the edges' boxes grown by tol. */
  SweepItem *items = malloc (n * sizeof *items);
  CgAabb *boxes = malloc (n * sizeof *boxes);
  if (!items || !boxes)
    {
      free (items);
      free (boxes);
      return (CgCurveCheck){ CG_CURVE_NO_MEMORY, 0, 0, { 0, 0 } };
    }
  for (size_t i = 0; i < n; i++)
    {
      boxes[i] = cg_aabb_pad (cg_curve_edge_bounds (v, e, n, i), tol);
      items[i] = (SweepItem){ boxes[i].lo.x, i };
    }
  qsort (items, n, sizeof *items, cmp_sweep);
  CgCurveCheck result = ok;
  for (size_t k = 0; k < n && result.status == CG_CURVE_OK; k++)
    {
      size_t i = items[k].i;
      for (size_t l = k + 1; l < n && items[l].lo_x <= boxes[i].hi.x; l++)
        {
          size_t j = items[l].i;
          if (!cg_aabb_overlaps (boxes[i], boxes[j]))
            continue;
          CgCurveCheck c;
          if (check_pair (v, e, n, i, j, tol, &c))
            {
              /* Report the lowest pair found at this sweep position. */
              result = c;
              break;
            }
        }
    }
  free (items);
  free (boxes);
  return result;
}
