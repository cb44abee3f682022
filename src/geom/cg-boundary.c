/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-boundary.c: the true offset boundary of one polygon (geometry.md,
 * "Offset outline").
 *
 * Both roles ask for the same set: the points on the front side of the
 * polygon at distance exactly r from its boundary ∂P (outside an obstacle,
 * inside a wall). Every such point has a nearest point on ∂P, either inside
 * an edge (then it lies on that edge's offset segment) or at a vertex whose
 * normal cone reaches the front side, i.e. a left-turning vertex (then it lies
 * on that vertex's arc). So the boundary is the part of the seed outline's
 * primitives ("candidates") that no other edge comes closer to than r:
 *
 *   boundary = ∪ over candidates C of  C \ ∪ over edges e' of capsule(e', r)
 *
 * where capsule(e', r) = { p : dist(p, e') < r } is open and convex. On a
 * segment candidate p(t) = a + t d a capsule covers one interval of t; on an
 * arc a few intervals of its parameter. We subtract those intervals edge by
 * edge, nearest edges first (the index neighbours, then a bounding volume
 * hierarchy over runs of consecutive edges), and stop as soon as nothing of
 * the candidate is left. Whatever survives is at distance >= r from all of
 * ∂P.
 *
 * No front-side (point in polygon) test is needed: a surviving point p of the
 * offset of edge i is p = f + r n with f inside edge i; the segment from f to p
 * starts on the front side, and if it crossed ∂P at some x then
 * |p - x| < r, so p would have been cut. The same holds for an arc point
 * p = q + r u, since u lies strictly inside the front wedge at q. Hence every
 * survivor is on the front side.
 *
 * Tolerances (eps = 1e-9 × extent, extent = the larger side of the polygon's
 * box plus 2r):
 * - exact tangencies must neither cut nor leave crumbs, so an edge e' cuts a
 *   candidate only when it reaches at least eps deep into it, i.e. when the
 *   candidate meets the smaller capsule(e', r - eps); the cut itself uses the
 *   exact capsule(e', r), so the cut ends of two pieces that cross agree to
 *   rounding. Whether an edge reaches that deep is decided over the whole
 *   candidate, not over what is left of it, so the answer does not depend on
 *   the order of the cuts, and two primitives that touch (for example the
 *   arcs of two vertices exactly 2r apart) decide the same way;
 * - the two edges next to a vertex meet there, so they are handled exactly
 *   (a left turn never cuts; a right turn cuts at the crossing of the two
 *   offset lines), with no depth rule that could leave a sliver of the
 *   overlap near a nearly straight vertex;
 * - survivors shorter than eps are dropped.
 *
 * Parametrisation of an arc: centre c, radius r, sweep Φ in (0, π) from n0 to
 * n1 towards increasing angle. With the half-angle tangent s = tan(φ/2),
 *
 *   u(s) = ((1 - s²) n0 + 2 s n0⊥) / (1 + s²),  n0⊥ = (-n0.y, n0.x),
 *   s in [0, smax], smax = tan(Φ/2) = cross(n0, n1) / (1 + n0·n1),
 *
 * so each capsule condition u·w > k becomes a quadratic inequality in s and
 * needs a square root, not a trigonometric call.
 *
 * The work is done on coordinates relative to the centre of the polygon's box,
 * so that polygons far from the origin keep their precision.
 */
#include "cg-boundary.h"

#include <stdlib.h>
#include <string.h>

/// The tolerance relative to the extent (geometry.md, "Tolerances").
#define BOUNDARY_EPS_REL 1e-9

enum
{
  /// Index neighbours tested before the hierarchy: they are the likeliest to
  /// cut, and cutting early shrinks the region the hierarchy is asked about.
  BOUNDARY_RING = 4,
  /// Edges per leaf of the hierarchy.
  BOUNDARY_LEAF = 4,
  /// Spans an arc-capsule intersection can produce: two per end disk, and at
  /// most five from the rectangle (intersection of four half-plane arcs).
  BOUNDARY_MAX_SPANS = 12,
};

/// One edge of the polygon, in local coordinates.
typedef struct
{
  CgVec2 p0, p1; ///< v[i] and v[i+1]
  CgVec2 dir;    ///< unit direction (p1 - p0) / len
  CgVec2 n;      ///< unit front normal (the same vector the outline uses)
  double len;    ///< |p1 - p0|
  int turn0;     ///< sign of cross(a_prev, a_this) at p0: > 0 left, < 0 right
} BndEdge;

/// A closed interval of a candidate's parameter.
typedef struct
{
  double lo, hi;
} BndSpan;

/// A sorted list of disjoint spans.
typedef struct
{
  BndSpan *v;
  size_t n, cap;
} BndSpans;

/// A region holding (part of) a candidate: its points p satisfy |p - m| <= rc,
/// |(p - m)·t| <= rc and h_lo <= (p - m)·h <= h_hi. For an arc of less than a
/// half turn, m is the chord's midpoint, t the chord's direction, h points
/// from the centre through m, and [h_lo, h_hi] = [0, sagitta] (padded): the
/// thin band between chord and arc, much tighter than the circle alone. For a
/// segment the band is the segment itself: t its direction, [h_lo, h_hi] = [0, 0]
/// (padded).
typedef struct
{
  CgVec2 m, t, h;
  double rc, h_lo, h_hi;
} BndHull;

/// A candidate primitive of the seed outline and what is known about it.
typedef struct
{
  CgPrimKind kind;
  size_t index;      ///< segment: edge i; arc: vertex i
  CgVec2 a, b;       ///< the candidate's end points p(0) and p(smax)
  CgVec2 d;          ///< segment: b - a, so p(t) = a + t d
  double len;        ///< segment: |d|
  CgVec2 c, n0, n0p; ///< arc: centre, start normal and its left perpendicular
  double smax;       ///< parameter range [0, smax]: 1 for a segment, tan(Φ/2) for an arc
  BndHull all;       ///< around the whole candidate
  BndHull live;      ///< around what survives so far
} BndCand;

/// A node of the hierarchy: an oriented box around a run of consecutive edges,
/// aligned with the run's general direction u, so that a smooth run gets a box
/// as thin as its sagitta (an axis-aligned box of a diagonal run would be as
/// wide as it is long). Its points p satisfy |(p - c)·u| <= eu and
/// |(p - c)·u⊥| <= ev; eu < 0 marks an empty node.
typedef struct
{
  CgVec2 c, u;
  double eu, ev;
} BndNode;

/// A node waiting on the traversal stack, with the cut count when it passed
/// its test.
typedef struct
{
  size_t node, cuts;
} BndVisit;

/// A growable array of output pieces.
typedef struct
{
  CgBoundaryPiece *v;
  size_t n, cap;
} BndPieces;

/// Everything trimming needs; owned by cg_boundary_build().
typedef struct
{
  const BndEdge *edges;
  size_t n;
  double r;             ///< the ball radius
  double r_deep;        ///< r - eps: an edge cuts only if it meets capsule(e', r_deep)
  double eps;           ///< 1e-9 × extent
  CgVec2 origin;        ///< local coordinates are global minus origin
  const BndNode *nodes; ///< the hierarchy, heap order; leaves from slots - 1
  size_t slots;         ///< number of leaf slots (a power of two)
  BndSpans live;        ///< what survives of the current candidate
  BndSpans next;        ///< scratch for subtraction
  size_t cuts;          ///< number of cuts so far (tells when a hull changed)
} BndTrimmer;

static inline size_t
wrap_add (size_t i, size_t k, size_t n)
{
  return (i + k % n) % n;
}

static inline size_t
wrap_sub (size_t i, size_t k, size_t n)
{
  return (i + n - k % n) % n;
}

static inline double
sq (double x)
{
  return x * x;
}

// Plain comparisons: fmin/fmax are library calls at -O2, and this is the hot path.
static inline double
dmin (double a, double b)
{
  return a < b ? a : b;
}

static inline double
dmax (double a, double b)
{
  return a > b ? a : b;
}

/* ---- spans ---------------------------------------------------------------- */

static bool
spans_reserve (BndSpans *s, size_t want)
{
  if (want <= s->cap)
    return true;
  size_t cap = s->cap ? s->cap : 8;
  while (cap < want)
    cap *= 2;
  BndSpan *v = realloc (s->v, cap * sizeof *v);
  if (!v)
    return false;
  s->v = v;
  s->cap = cap;
  return true;
}

/// True when the open interval (lo, hi) meets a span of s.
static bool
spans_meet (const BndSpans *s, double lo, double hi)
{
  for (size_t i = 0; i < s->n; i++)
    if (lo < s->v[i].hi && hi > s->v[i].lo)
      return true;
  return false;
}

/// live := live \ (lo, hi). Spans reduced to a point are dropped.
static bool
spans_subtract (BndSpans *live, BndSpans *next, double lo, double hi)
{
  if (!spans_reserve (next, live->n + 1))
    return false;
  size_t k = 0;
  for (size_t i = 0; i < live->n; i++)
    {
      BndSpan s = live->v[i];
      if (hi <= s.lo || lo >= s.hi)
        {
          next->v[k++] = s;
          continue;
        }
      if (lo > s.lo)
        next->v[k++] = (BndSpan){ s.lo, lo };
      if (hi < s.hi)
        next->v[k++] = (BndSpan){ hi, s.hi };
    }
  next->n = k;
  BndSpans t = *live;
  *live = *next;
  *next = t;
  return true;
}

/// The intersection of two sorted lists of disjoint open intervals.
static size_t
spans_intersect (const BndSpan *a, size_t na, const BndSpan *b, size_t nb, BndSpan *out)
{
  size_t i = 0, j = 0, k = 0;
  while (i < na && j < nb)
    {
      double lo = dmax (a[i].lo, b[j].lo), hi = dmin (a[i].hi, b[j].hi);
      if (lo < hi)
        out[k++] = (BndSpan){ lo, hi };
      if (a[i].hi < b[j].hi)
        i++;
      else
        j++;
    }
  return k;
}

/// Appends (lo, hi) ∩ [0, smax] to out when it is not empty.
static size_t
span_clip (double lo, double hi, double smax, BndSpan *out, size_t k)
{
  lo = dmax (lo, 0.0);
  hi = dmin (hi, smax);
  if (lo < hi)
    out[k++] = (BndSpan){ lo, hi };
  return k;
}

/* ---- segment candidates ---------------------------------------------------- */

/// The interval of t where lo < f0 + t f1 < hi, as (*t0, *t1); false if none.
static bool
slab_interval (double f0, double f1, double lo, double hi, double *t0, double *t1)
{
  if (f1 == 0.0)
    {
      *t0 = -INFINITY;
      *t1 = INFINITY;
      return f0 > lo && f0 < hi;
    }
  double a = (lo - f0) / f1, b = (hi - f0) / f1;
  *t0 = dmin (a, b);
  *t1 = dmax (a, b);
  return *t0 < *t1;
}

/// The open interval of t where |a + t d - q| < rho, as (*t0, *t1).
static bool
disk_interval (CgVec2 a, CgVec2 d, CgVec2 q, double rho, double *t0, double *t1)
{
  // |w + t d|² < rho² with w = a - q:  A t² + 2 B t + C < 0.
  CgVec2 w = cg_sub (a, q);
  double A = cg_dot (d, d), B = cg_dot (d, w), C = cg_dot (w, w) - rho * rho;
  double disc = B * B - A * C;
  if (!(disc > 0.0) || A == 0.0)
    return false;
  // The two roots without cancellation: qq = -(B + sign(B) √disc),
  // t = qq / A and t = C / qq.
  double qq = -(B + copysign (sqrt (disc), B));
  double ra = qq / A, rb = C / qq;
  *t0 = dmin (ra, rb);
  *t1 = dmax (ra, rb);
  return *t0 < *t1;
}

/// The open interval of t in [0, 1] where the segment candidate is closer than
/// rho to edge e. The capsule is convex, so its three parts (two end disks and
/// the rectangle) give intervals whose union is their hull.
static size_t
seg_near_spans (const BndCand *c, const BndEdge *e, double rho, BndSpan *out)
{
  double lo = INFINITY, hi = -INFINITY, t0, t1;
  if (disk_interval (c->a, c->d, e->p0, rho, &t0, &t1))
    lo = dmin (lo, t0), hi = dmax (hi, t1);
  if (disk_interval (c->a, c->d, e->p1, rho, &t0, &t1))
    lo = dmin (lo, t0), hi = dmax (hi, t1);
  // Rectangle: |(p - p0)·n| < rho and 0 < (p - p0)·dir < len, p = a + t d.
  CgVec2 w = cg_sub (c->a, e->p0);
  double u0, u1;
  if (slab_interval (cg_dot (w, e->n), cg_dot (c->d, e->n), -rho, rho, &t0, &t1)
      && slab_interval (cg_dot (w, e->dir), cg_dot (c->d, e->dir), 0.0, e->len, &u0, &u1))
    {
      t0 = dmax (t0, u0);
      t1 = dmin (t1, u1);
      if (t0 < t1)
        lo = dmin (lo, t0), hi = dmax (hi, t1);
    }
  return span_clip (lo, hi, 1.0, out, 0);
}

/* ---- arc candidates -------------------------------------------------------- */

/// The spans of s in [0, smax] where u(s)·w > k, for w = wx n0 + wy n0⊥.
///
/// u(s)·w (1 + s²) = wx (1 - s²) + 2 wy s, so the condition is
///   f(s) = α s² + 2 β s + γ > 0,  α = -(wx + k), β = wy, γ = wx - k,
/// with discriminant β² - α γ = wx² + wy² - k².
static size_t
arc_halfplane (double wx, double wy, double k, double smax, BndSpan out[2])
{
  double alpha = -(wx + k), beta = wy, gamma = wx - k;
  double disc = wx * wx + wy * wy - k * k;
  if (!(disc > 0.0))
    {
      // f keeps one sign (touching 0 at most at one point): sample it.
      double s = 0.5 * smax;
      double f = (alpha * s + 2.0 * beta) * s + gamma;
      return f > 0.0 ? span_clip (0.0, smax, smax, out, 0) : 0;
    }
  if (alpha == 0.0)
    {
      // 2 β s + γ > 0 with β ≠ 0 (disc = β² > 0).
      double s0 = -gamma / (2.0 * beta);
      return beta > 0.0 ? span_clip (s0, INFINITY, smax, out, 0)
                        : span_clip (-INFINITY, s0, smax, out, 0);
    }
  double q = -(beta + copysign (sqrt (disc), beta));
  double ra = q / alpha, rb = gamma / q;
  double r0 = dmin (ra, rb), r1 = dmax (ra, rb);
  if (alpha < 0.0)
    return span_clip (r0, r1, smax, out, 0);
  size_t k2 = span_clip (-INFINITY, r0, smax, out, 0);
  return span_clip (r1, INFINITY, smax, out, k2);
}

/// Spans where u(s)·w > k for a world vector w (projected on the arc's frame).
static size_t
arc_halfplane_world (const BndCand *c, CgVec2 w, double k, BndSpan out[2])
{
  return arc_halfplane (cg_dot (w, c->n0), cg_dot (w, c->n0p), k, c->smax, out);
}

/// Squared distance from x to the band of a hull (a lower bound of its
/// distance to the candidate's points in the hull).
static double
hull_distance_sq (const BndHull *hl, CgVec2 x)
{
  CgVec2 w = cg_sub (x, hl->m);
  double dt = dmax (fabs (cg_dot (w, hl->t)) - hl->rc, 0.0);
  double y = cg_dot (w, hl->h);
  double dh = dmax (dmax (hl->h_lo - y, y - hl->h_hi), 0.0);
  return dt * dt + dh * dh;
}

/// The spans of s where the arc candidate (radius r) is closer than rho to
/// edge e, as up to BOUNDARY_MAX_SPANS possibly overlapping open spans. Parts
/// of the capsule that cannot reach the hull are skipped (so spans outside
/// the hull may be missing).
static size_t
arc_near_spans (const BndCand *c, double r, const BndEdge *e, double rho, const BndHull *hl,
                BndSpan *out)
{
  size_t k = 0;
  double rc = hl->rc, reach = rc + rho;
  // End disks: |c + r u - q|² < rho²  <=>  u·w > (r² + |w|² - rho²) / (2r), w = q - c.
  for (int end = 0; end < 2; end++)
    {
      CgVec2 q = end ? e->p1 : e->p0;
      if (hull_distance_sq (hl, q) >= rho * rho)
        continue;
      CgVec2 w = cg_sub (q, c->c);
      double kk = (r * r + cg_length_sq (w) - rho * rho) / (2.0 * r);
      k += arc_halfplane_world (c, w, kk, out + k);
    }
  // Rectangle: with s0 = (c - p0)·n and t0 = (c - p0)·dir,
  //   |s0 + r u·n| < rho  and  0 < t0 + r u·dir < len.
  CgVec2 mw = cg_sub (hl->m, e->p0);
  double sm = cg_dot (mw, e->n), tm = cg_dot (mw, e->dir);
  if (fabs (sm) >= reach || tm <= -rc || tm >= e->len + rc)
    return k;
  CgVec2 cw = cg_sub (c->c, e->p0);
  double s0 = cg_dot (cw, e->n), t0 = cg_dot (cw, e->dir);
  CgVec2 ws[4] = { e->n, cg_neg (e->n), e->dir, cg_neg (e->dir) };
  double ks[4] = { (-rho - s0) / r, (s0 - rho) / r, -t0 / r, (t0 - e->len) / r };
  BndSpan acc[BOUNDARY_MAX_SPANS], cond[2], tmp[BOUNDARY_MAX_SPANS];
  size_t nacc = arc_halfplane_world (c, ws[0], ks[0], acc);
  for (int i = 1; i < 4 && nacc > 0; i++)
    {
      size_t nc = arc_halfplane_world (c, ws[i], ks[i], cond);
      nacc = spans_intersect (acc, nacc, cond, nc, tmp);
      memcpy (acc, tmp, nacc * sizeof *acc);
    }
  memcpy (out + k, acc, nacc * sizeof *acc);
  return k + nacc;
}

/* ---- candidates ------------------------------------------------------------ */

/// The candidate's point at parameter x; its stored end points at the ends, so
/// that pieces meeting at a vertex share bit-identical points.
static CgVec2
cand_point (const BndCand *c, double r, double x)
{
  if (x <= 0.0)
    return c->a;
  if (x >= c->smax)
    return c->b;
  if (c->kind == CG_PRIM_SEGMENT)
    return cg_mul_add (c->a, x, c->d);
  double w = 1.0 / (1.0 + x * x);
  CgVec2 u = cg_add (cg_scale (c->n0, (1.0 - x * x) * w), cg_scale (c->n0p, 2.0 * x * w));
  return cg_mul_add (c->c, r, u);
}

/// The hull of the candidate's part between parameters lo and hi, padded by
/// pad. The circle on the chord as diameter holds a sub-segment, and a sub-arc
/// of less than a half turn; such a sub-arc also lies between its chord and
/// the circle, at most r - |m - c| beyond the chord.
static BndHull
cand_hull (const BndCand *c, double r, double lo, double hi, double pad)
{
  CgVec2 p = cand_point (c, r, lo), q = cand_point (c, r, hi);
  // sqrt rather than hypot (a library call): local coordinates cannot overflow.
  BndHull hl = { .m = cg_scale (cg_add (p, q), 0.5),
                 .rc = 0.5 * sqrt (cg_length_sq (cg_sub (q, p))) + pad };
  if (c->kind == CG_PRIM_SEGMENT)
    {
      hl.t = cg_normalize (c->d);
      hl.h = cg_v2 (-hl.t.y, hl.t.x);
      hl.h_lo = -pad;
      hl.h_hi = pad;
      return hl;
    }
  CgVec2 out = cg_sub (hl.m, c->c);
  double dist = sqrt (cg_length_sq (out));
  hl.h = dist > 0.0 ? cg_scale (out, 1.0 / dist) : c->n0;
  hl.t = cg_v2 (hl.h.y, -hl.h.x);
  hl.h_lo = -pad;
  hl.h_hi = dmax (r - dist, 0.0) + pad;
  return hl;
}

/// Refreshes the candidate's hull after a cut.
static void
cand_update_hull (BndTrimmer *t, BndCand *c)
{
  t->cuts++;
  if (t->live.n > 0)
    c->live = cand_hull (c, t->r, t->live.v[0].lo, t->live.v[t->live.n - 1].hi, t->eps);
}

/// The open spans of the candidate closer than rho to edge e (at least those
/// meeting the hull hl).
static size_t
cand_near_spans (const BndCand *c, double r, const BndEdge *e, double rho, const BndHull *hl,
                 BndSpan *out)
{
  if (c->kind == CG_PRIM_SEGMENT)
    return seg_near_spans (c, e, rho, out);
  return arc_near_spans (c, r, e, rho, hl, out);
}

/// Squared distance from p to edge e.
static double
edge_distance_sq (const BndEdge *e, CgVec2 p)
{
  CgVec2 w = cg_sub (p, e->p0);
  double t = dmin (dmax (cg_dot (w, e->dir), 0.0), e->len);
  return cg_length_sq (cg_mul_add (w, -t, e->dir));
}

/// The gap between the interval [lo, hi] and [a, b] (0 if they overlap).
static inline double
interval_gap (double lo, double hi, double a, double b)
{
  return dmax (dmax (a - hi, lo - b), 0.0);
}

/// A lower bound of the squared distance between the hull's band and a set
/// whose projections on the band's axes t and h are [t0, t1] and [h0, h1]:
/// for orthogonal unit axes, |x - y|² = ((x - y)·t)² + ((x - y)·h)².
static double
band_gap_sq (const BndHull *hl, double t0, double t1, double h0, double h1)
{
  double gt = interval_gap (t0, t1, -hl->rc, hl->rc),
         gh = interval_gap (h0, h1, hl->h_lo, hl->h_hi);
  return gt * gt + gh * gh;
}

/// True when edge e is certainly at distance >= reach from the hull: by the
/// band (the edge's projections are those of its end points) or by the circle.
static bool
edge_beyond (const BndHull *hl, const BndEdge *e, double reach)
{
  CgVec2 w0 = cg_sub (e->p0, hl->m), w1 = cg_sub (e->p1, hl->m);
  double t0 = cg_dot (w0, hl->t), t1 = cg_dot (w1, hl->t);
  double h0 = cg_dot (w0, hl->h), h1 = cg_dot (w1, hl->h);
  if (band_gap_sq (hl, dmin (t0, t1), dmax (t0, t1), dmin (h0, h1), dmax (h0, h1)) >= reach * reach)
    return true;
  return edge_distance_sq (e, hl->m) >= sq (hl->rc + reach);
}

/// The interval of the hull's projection on the unit axis a, relative to m:
/// the band's projection, clipped by the circle's [-rc, rc].
static void
hull_project (const BndHull *hl, CgVec2 a, double *lo, double *hi)
{
  double mid = 0.5 * (hl->h_lo + hl->h_hi) * cg_dot (hl->h, a);
  double half
      = hl->rc * fabs (cg_dot (hl->t, a)) + 0.5 * (hl->h_hi - hl->h_lo) * fabs (cg_dot (hl->h, a));
  *lo = dmax (mid - half, -hl->rc);
  *hi = dmin (mid + half, hl->rc);
}

/// True when node b is certainly at distance >= reach from the hull. Two
/// lower bounds of the distance, each from a pair of orthogonal axes (the
/// hull's t and h, the node's u and u⊥): a box with centre c and half-extents
/// (eu, ev) along (u, u⊥) projects on a unit axis a as
/// c·a ± (eu |u·a| + ev |u⊥·a|).
static bool
node_beyond (const BndHull *hl, const BndNode *b, double reach)
{
  if (b->eu < 0.0)
    return true;
  CgVec2 c = cg_sub (b->c, hl->m), v = cg_v2 (-b->u.y, b->u.x);
  double ct = cg_dot (c, hl->t),
         et = b->eu * fabs (cg_dot (b->u, hl->t)) + b->ev * fabs (cg_dot (v, hl->t));
  double ch = cg_dot (c, hl->h),
         eh = b->eu * fabs (cg_dot (b->u, hl->h)) + b->ev * fabs (cg_dot (v, hl->h));
  double r2 = reach * reach;
  if (band_gap_sq (hl, ct - et, ct + et, ch - eh, ch + eh) >= r2)
    return true;
  double ulo, uhi, vlo, vhi;
  hull_project (hl, b->u, &ulo, &uhi);
  hull_project (hl, v, &vlo, &vhi);
  double cu = cg_dot (c, b->u), cv = cg_dot (c, v);
  double gu = interval_gap (cu - b->eu, cu + b->eu, ulo, uhi);
  double gv = interval_gap (cv - b->ev, cv + b->ev, vlo, vhi);
  return gu * gu + gv * gv >= r2;
}

/// Cuts from the candidate the part closer than r to edge e. With deep_only,
/// only when e reaches eps deep into the candidate (see the file comment).
static bool
trim_by_edge (BndTrimmer *t, BndCand *c, const BndEdge *e, bool deep_only)
{
  if (edge_beyond (&c->live, e, t->r))
    return true;
  BndSpan cut[BOUNDARY_MAX_SPANS];
  size_t ncut = cand_near_spans (c, t->r, e, t->r, &c->live, cut);
  bool meets = false;
  for (size_t i = 0; i < ncut && !meets; i++)
    meets = spans_meet (&t->live, cut[i].lo, cut[i].hi);
  if (!meets)
    return true;
  if (deep_only)
    {
      BndSpan deep[BOUNDARY_MAX_SPANS];
      if (!(t->r_deep > 0.0) || cand_near_spans (c, t->r, e, t->r_deep, &c->all, deep) == 0)
        return true;
    }
  for (size_t i = 0; i < ncut; i++)
    if (!spans_subtract (&t->live, &t->next, cut[i].lo, cut[i].hi))
      return false;
  cand_update_hull (t, c);
  return true;
}

/// Cuts a segment candidate (edge i) by an edge next to it, meeting it at the
/// vertex between them. A left or straight turn puts the neighbour behind the
/// candidate's line, at distance >= r from all of it: no cut. A right turn by
/// θ cuts at the crossing X of the two offset lines, at distance
///   s_x = r tan(θ/2) = r sin θ / (1 + cos θ)
/// from the vertex's offset point along each line: the point v + r n_i - s ê_i
/// has distance r cos θ + s sin θ < r from the neighbour's line exactly when
/// s < s_x, and its foot on that line lies at r sin θ - s cos θ from v, which
/// stays within the neighbour (for s in [0, s_x]) when its length is at least
/// max(r sin θ, s_x). A shorter neighbour is handled by the general capsule
/// test, still without the depth rule: the overlap at a vertex is never a
/// tangency.
static bool
trim_by_neighbour (BndTrimmer *t, BndCand *c, const BndEdge *e, bool neighbour_is_next)
{
  const BndEdge *self = &t->edges[c->index];
  int turn = neighbour_is_next ? e->turn0 : self->turn0;
  if (turn >= 0)
    return true;
  CgVec2 d0 = neighbour_is_next ? self->dir : e->dir;
  CgVec2 d1 = neighbour_is_next ? e->dir : self->dir;
  double sin_t = dmax (-cg_cross (d0, d1), 0.0), cos_t = cg_dot (d0, d1);
  double sx = 1.0 + cos_t > 0.0 ? t->r * sin_t / (1.0 + cos_t) : INFINITY;
  if (!(e->len >= dmax (t->r * sin_t, sx)))
    return trim_by_edge (t, c, e, false);
  double lo, hi;
  if (neighbour_is_next)
    lo = 1.0 - sx / self->len, hi = INFINITY;
  else
    lo = -INFINITY, hi = sx / self->len;
  if (!spans_meet (&t->live, lo, hi))
    return true;
  if (!spans_subtract (&t->live, &t->next, lo, hi))
    return false;
  cand_update_hull (t, c);
  return true;
}

/// Applies edge j to the candidate with the rule its relation asks for.
static bool
trim_by_index (BndTrimmer *t, BndCand *c, size_t j)
{
  size_t n = t->n, i = c->index;
  const BndEdge *e = &t->edges[j];
  if (c->kind == CG_PRIM_SEGMENT)
    {
      if (j == i)
        return true;
      if (j == wrap_add (i, 1, n))
        return trim_by_neighbour (t, c, e, true);
      if (j == wrap_sub (i, 1, n))
        return trim_by_neighbour (t, c, e, false);
      return trim_by_edge (t, c, e, true);
    }
  // An arc at vertex i lies at distance exactly r from both edges meeting
  // there, and no closer (it sweeps between their normals).
  if (j == i || j == wrap_sub (i, 1, n))
    return true;
  return trim_by_edge (t, c, e, true);
}

/// Trims the candidate by every edge: the ring of index neighbours first, then
/// the rest through the hierarchy, skipping the ring. Stops as soon as nothing
/// is left.
static bool
trim_candidate (BndTrimmer *t, BndCand *c)
{
  size_t n = t->n, i = c->index;
  t->live.n = 0;
  if (!spans_reserve (&t->live, 1))
    return false;
  t->live.v[t->live.n++] = (BndSpan){ 0.0, c->smax };
  c->all = cand_hull (c, t->r, 0.0, c->smax, t->eps);
  c->live = c->all;

  // The ring: edges i-R..i+R for a segment, i-1-R..i+R for an arc (which
  // sits between edges i-1 and i).
  size_t first = c->kind == CG_PRIM_SEGMENT ? wrap_sub (i, BOUNDARY_RING, n)
                                            : wrap_sub (i, BOUNDARY_RING + 1, n);
  size_t width = c->kind == CG_PRIM_SEGMENT ? 2 * BOUNDARY_RING : 2 * BOUNDARY_RING + 1;
  if (width + 1 >= n)
    {
      for (size_t j = 0; j < n && t->live.n > 0; j++)
        if (!trim_by_index (t, c, j))
          return false;
      return true;
    }
  // Outwards from the edges the candidate belongs to: edge i for a segment,
  // edges i-1 and i for an arc.
  size_t before = c->kind == CG_PRIM_SEGMENT ? i : wrap_sub (i, 1, n);
  for (size_t k = 1; k <= BOUNDARY_RING && t->live.n > 0; k++)
    {
      if (!trim_by_index (t, c, wrap_add (i, k, n)))
        return false;
      if (t->live.n > 0 && !trim_by_index (t, c, wrap_sub (before, k, n)))
        return false;
    }

  // The hierarchy, depth first, pruning nodes that cannot come within r of
  // what is left. A node pushed before the last cut is tested again when
  // popped, as the hull may have shrunk since.
  BndVisit stack[2 * 64]; // depth <= 33 for n < 2^32, at most one pending sibling per level
  size_t top = 0;
  if (!node_beyond (&c->live, &t->nodes[0], t->r))
    stack[top++] = (BndVisit){ 0, t->cuts };
  while (top > 0 && t->live.n > 0)
    {
      BndVisit visit = stack[--top];
      size_t k = visit.node;
      if (visit.cuts != t->cuts && node_beyond (&c->live, &t->nodes[k], t->r))
        continue;
      if (k + 1 >= t->slots)
        {
          size_t leaf = k + 1 - t->slots;
          size_t j0 = leaf * BOUNDARY_LEAF;
          size_t j1 = j0 + BOUNDARY_LEAF < n ? j0 + BOUNDARY_LEAF : n;
          for (size_t j = j0; j < j1 && t->live.n > 0; j++)
            {
              if ((j + n - first) % n <= width)
                continue; // already tested in the ring
              if (!trim_by_index (t, c, j))
                return false;
            }
          continue;
        }
      for (size_t child = 2 * k + 2; child >= 2 * k + 1; child--)
        if (!node_beyond (&c->live, &t->nodes[child], t->r))
          stack[top++] = (BndVisit){ child, t->cuts };
    }
  return true;
}

/* ---- output ---------------------------------------------------------------- */

static bool
pieces_push (BndPieces *p, const CgBoundaryPiece *piece)
{
  if (p->n == p->cap)
    {
      size_t cap = p->cap ? 2 * p->cap : 64;
      if (cap > SIZE_MAX / sizeof *p->v)
        return false;
      CgBoundaryPiece *v = realloc (p->v, cap * sizeof *v);
      if (!v)
        return false;
      p->v = v;
      p->cap = cap;
    }
  p->v[p->n++] = *piece;
  return true;
}

/// Writes what survives of the candidate as pieces, in global coordinates.
static bool
emit_candidate (const BndTrimmer *t, const BndCand *c, CgVec2 vertex, BndPieces *out)
{
  for (size_t i = 0; i < t->live.n; i++)
    {
      double lo = t->live.v[i].lo, hi = t->live.v[i].hi;
      CgBoundaryPiece piece = { .kind = c->kind, .source = (uint32_t)c->index };
      CgVec2 a = cand_point (c, t->r, lo), b = cand_point (c, t->r, hi);
      if (c->kind == CG_PRIM_SEGMENT)
        {
          if ((hi - lo) * c->len < t->eps)
            continue;
        }
      else
        {
          // φ = 2 atan(s): the sweep of the piece and its start angle.
          double sweep = 2.0 * (atan (hi) - atan (lo));
          if (t->r * sweep < t->eps)
            continue;
          CgVec2 u = cg_sub (a, c->c);
          piece.q = vertex;
          piece.r = t->r;
          piece.angle0 = atan2 (u.y, u.x);
          piece.angle1 = piece.angle0 + sweep;
        }
      piece.a = cg_add (a, t->origin);
      piece.b = cg_add (b, t->origin);
      if (!pieces_push (out, &piece))
        return false;
    }
  return true;
}

/* ---- setup ----------------------------------------------------------------- */

/// Fills the edge table (local coordinates).
static void
edges_build (const CgVec2 *v, size_t n, CgVec2 origin, BndEdge *edges)
{
  for (size_t i = 0; i < n; i++)
    {
      size_t j = i + 1 == n ? 0 : i + 1, h = i == 0 ? n - 1 : i - 1;
      // Raw differences and the shared normal, exactly as the seed outline
      // computes them, so that both agree on which vertices turn left.
      CgVec2 a = cg_sub (v[j], v[i]), a_prev = cg_sub (v[i], v[h]);
      BndEdge *e = &edges[i];
      e->p0 = cg_sub (v[i], origin);
      e->p1 = cg_sub (v[j], origin);
      e->len = cg_length (a);
      e->dir = cg_normalize (a);
      e->n = cg_edge_normal (a);
      double cr = cg_cross (a_prev, a);
      e->turn0 = cr > 0.0 ? 1 : cr < 0.0 ? -1 : 0;
    }
}

/// The oriented box with axis u around points pts[0..n).
static BndNode
node_around (CgVec2 u, const CgVec2 *pts, size_t n)
{
  CgVec2 v = cg_v2 (-u.y, u.x);
  double u0 = INFINITY, u1 = -INFINITY, v0 = INFINITY, v1 = -INFINITY;
  for (size_t i = 0; i < n; i++)
    {
      double pu = cg_dot (pts[i], u), pv = cg_dot (pts[i], v);
      u0 = dmin (u0, pu), u1 = dmax (u1, pu), v0 = dmin (v0, pv), v1 = dmax (v1, pv);
    }
  CgVec2 c = cg_add (cg_scale (u, 0.5 * (u0 + u1)), cg_scale (v, 0.5 * (v0 + v1)));
  return (BndNode){ c, u, 0.5 * (u1 - u0), 0.5 * (v1 - v0) };
}

/// Appends the four corners of node b to pts.
static size_t
node_corners (const BndNode *b, CgVec2 *pts, size_t k)
{
  CgVec2 v = cg_v2 (-b->u.y, b->u.x);
  for (int i = 0; i < 4; i++)
    pts[k++] = cg_add (b->c, cg_add (cg_scale (b->u, i & 1 ? b->eu : -b->eu),
                                     cg_scale (v, i & 2 ? b->ev : -b->ev)));
  return k;
}

/// Builds the hierarchy over runs of BOUNDARY_LEAF consecutive edges: a
/// complete binary tree in heap order whose leaves are the runs in index
/// order (a polygon's consecutive edges are neighbours in space, so the runs
/// make tight boxes without any sorting). A leaf's axis is its run's chord, an
/// inner node's the line from its first child's centre to its second's, and
/// its box holds its children's corners: O(n) in all.
static BndNode *
nodes_build (const BndEdge *edges, size_t n, size_t *slots_out)
{
  size_t leaves = (n + BOUNDARY_LEAF - 1) / BOUNDARY_LEAF, slots = 1;
  while (slots < leaves)
    slots *= 2;
  if (slots > SIZE_MAX / (2 * sizeof (BndNode)))
    return NULL;
  BndNode *nodes = malloc ((2 * slots - 1) * sizeof *nodes);
  if (!nodes)
    return NULL;
  const BndNode empty = { { 0.0, 0.0 }, { 1.0, 0.0 }, -1.0, -1.0 };
  CgVec2 pts[BOUNDARY_LEAF + 1 > 8 ? BOUNDARY_LEAF + 1 : 8];
  for (size_t l = 0; l < slots; l++)
    {
      size_t j0 = l * BOUNDARY_LEAF, k = 0;
      for (size_t j = j0; j < j0 + BOUNDARY_LEAF && j < n; j++)
        pts[k++] = edges[j].p0;
      if (k == 0)
        {
          nodes[slots - 1 + l] = empty;
          continue;
        }
      pts[k] = edges[j0 + k - 1].p1;
      CgVec2 u = cg_normalize (cg_sub (pts[k], pts[0]));
      nodes[slots - 1 + l] = node_around (u.x == 0.0 && u.y == 0.0 ? cg_v2 (1, 0) : u, pts, k + 1);
    }
  for (size_t k = slots - 1; k-- > 0;)
    {
      const BndNode *a = &nodes[2 * k + 1], *b = &nodes[2 * k + 2];
      if (b->eu < 0.0)
        {
          nodes[k] = *a; // also right for two empty children
          continue;
        }
      CgVec2 u = cg_normalize (cg_sub (b->c, a->c));
      size_t m = node_corners (b, pts, node_corners (a, pts, 0));
      nodes[k] = node_around (u.x == 0.0 && u.y == 0.0 ? a->u : u, pts, m);
    }
  *slots_out = slots;
  return nodes;
}

/// Sets up the segment candidate of edge i.
static void
cand_segment (BndCand *c, const BndEdge *e, size_t i, double r)
{
  *c = (BndCand){ .kind = CG_PRIM_SEGMENT, .index = i, .smax = 1.0, .len = e->len };
  c->a = cg_mul_add (e->p0, r, e->n);
  c->b = cg_mul_add (e->p1, r, e->n);
  c->d = cg_sub (c->b, c->a);
}

/// Sets up the arc candidate at vertex i, between edges prev and next.
static void
cand_arc (BndCand *c, const BndEdge *prev, const BndEdge *next, size_t i, double r)
{
  *c = (BndCand){ .kind = CG_PRIM_ARC, .index = i };
  c->c = next->p0;
  c->n0 = prev->n;
  c->n0p = cg_v2 (-prev->n.y, prev->n.x);
  // tan(Φ/2) = sin Φ / (1 + cos Φ), Φ in (0, π) at a left turn.
  double sin_p = cg_cross (prev->n, next->n), cos_p = cg_dot (prev->n, next->n);
  c->smax = sin_p > 0.0 ? sin_p / (1.0 + cos_p) : 0.0;
  c->a = cg_mul_add (c->c, r, prev->n);
  c->b = cg_mul_add (c->c, r, next->n);
}

bool
cg_boundary_build (const CgVec2 *v, size_t n, CgRole role, double r, CgBoundary *out)
{
  (void)role; // both roles ask for the front-side points at distance r
  if (!out)
    return false;
  out->pieces = NULL;
  out->n_pieces = 0;
  if (!v || n < 3 || n > UINT32_MAX || !(r > 0.0) || !isfinite (r))
    return false;

  CgAabb box = cg_aabb_empty ();
  for (size_t i = 0; i < n; i++)
    box = cg_aabb_add_point (box, v[i]);
  CgVec2 origin = cg_aabb_center (box);
  double extent = fmax (box.hi.x - box.lo.x, box.hi.y - box.lo.y) + 2.0 * r;
  if (!isfinite (extent))
    return false;

  BndEdge *edges = n <= SIZE_MAX / sizeof *edges ? malloc (n * sizeof *edges) : NULL;
  if (!edges)
    return false;
  edges_build (v, n, origin, edges);

  BndTrimmer t = {
    .edges = edges,
    .n = n,
    .r = r,
    .eps = BOUNDARY_EPS_REL * extent,
    .origin = origin,
  };
  t.r_deep = r - t.eps;
  BndNode *nodes = nodes_build (edges, n, &t.slots);
  t.nodes = nodes;
  BndPieces pieces = { 0 };
  bool ok = nodes != NULL;

  for (size_t i = 0; ok && i < n; i++)
    {
      const BndEdge *prev = &edges[i == 0 ? n - 1 : i - 1], *e = &edges[i];
      BndCand c;
      if (e->turn0 > 0 && prev->len > 0.0 && e->len > 0.0)
        {
          cand_arc (&c, prev, e, i, r);
          ok = c.smax <= 0.0 || (trim_candidate (&t, &c) && emit_candidate (&t, &c, v[i], &pieces));
        }
      if (ok && e->len > 0.0)
        {
          cand_segment (&c, e, i, r);
          ok = trim_candidate (&t, &c) && emit_candidate (&t, &c, v[i], &pieces);
        }
    }

  free (t.live.v);
  free (t.next.v);
  free (nodes);
  free (edges);
  if (!ok)
    {
      free (pieces.v);
      return false;
    }
  out->pieces = pieces.v;
  out->n_pieces = pieces.n;
  return true;
}

void
cg_boundary_clear (CgBoundary *b)
{
  if (!b)
    return;
  free (b->pieces);
  b->pieces = NULL;
  b->n_pieces = 0;
}

double
cg_boundary_area (const CgBoundary *b, CgRole role)
{
  if (!b || b->n_pieces == 0)
    return 0.0;
  // Green: area = 1/2 ∮ (x - ox) dy - (y - oy) dx; the reference point o (any
  // point, since the loops close) keeps far-away coordinates from cancelling.
  CgVec2 o = b->pieces[0].a;
  double sum = 0.0;
  for (size_t i = 0; i < b->n_pieces; i++)
    {
      const CgBoundaryPiece *p = &b->pieces[i];
      if (p->kind == CG_PRIM_SEGMENT)
        {
          sum += cg_cross (cg_sub (p->a, o), cg_sub (p->b, o));
          continue;
        }
      // On x = qx + R cos φ, y = qy + R sin φ:
      //   x dy - y dx = (R² + R qx cos φ + R qy sin φ) dφ, so the arc gives
      //   R² Δ + R qx (sin φ1 - sin φ0) - R qy (cos φ1 - cos φ0),
      // with sin φ1 - sin φ0 = 2 cos μ sin(Δ/2), cos φ1 - cos φ0 = -2 sin μ sin(Δ/2)
      // (μ the mid angle) to keep short arcs accurate.
      double R = p->r, delta = p->angle1 - p->angle0, mu = 0.5 * (p->angle0 + p->angle1);
      double qx = p->q.x - o.x, qy = p->q.y - o.y, h = 2.0 * sin (0.5 * delta);
      sum += R * R * delta + R * qx * cos (mu) * h + R * qy * sin (mu) * h;
    }
  double area = 0.5 * sum * (role == CG_ROLE_WALL ? -1.0 : 1.0);
  return area > 0.0 ? area : 0.0;
}
