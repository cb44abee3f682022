/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-cast.h: a ball's centre ray c + t d against one offset primitive
 * (geometry.md, "The cast", "Curved edges" and "Tolerances"). Each cast can
 * fill a record of every quantity it computed, so the hit inspector shows the
 * maths that was actually used.
 *
 * Exact at every scale. No tolerance here depends on the scene: where a test
 * needs one, it is tau = 4 eps M (cg_tolerance()), M the largest magnitude
 * that enters that one computation (the ray's start, the primitive's
 * coordinates, its radius), and it is only looked at when the exact test
 * fails:
 *  - the start may lie up to tau behind a segment's line, or inside a convex
 *    arc's circle (outside a concave one's): the ball is touching, within the
 *    rounding of the numbers, and the hit is at t = 0 (never t < 0);
 *  - a ray passing within tau of a circle grazes it (tangent hits count).
 * Where a primitive ends, nothing is widened. An offset segment and the arc
 * that continues it share their junction point (the same double, computed
 * once from the vertex: v + r n), and both decide on which side of the ray
 * that point lies by the same expression, cross(d, J - c): the segment takes
 * the crossing when J is at or after it, the arc when J is at or before it.
 * So a ray aimed at a junction hits one of them or both, never neither
 * (Woop et al.'s watertight idea, on the junctions of an outline). An arc
 * also takes a crossing whose direction from its centre lies within its
 * sweep, within tau / rho, which covers the ray that cuts an arc twice. */
#pragma once
#include "cg-curve.h"

/// The two kinds of offset primitive.
typedef enum
{
  CG_PRIM_SEGMENT,
  CG_PRIM_ARC,
} CgPrimKind;

/// Which part of a boundary's offset outline a primitive is. Each edge i has
/// a slot for each (cg_prim_id()): the parts at vertex i, where edge i
/// starts, and edge i's own offset.
typedef enum
{
  /// the arc of radius r around vertex i where the boundary turns left or
  /// goes straight on (from the incoming edge's front normal to the
  /// outgoing one's)
  CG_PART_CAP,
  /// the half turn of radius r around vertex i ending a concave arc edge
  /// (edge i - 1) with R <= r, whose offset is empty
  CG_PART_HALF_CAP_IN,
  /// the half turn around vertex i starting such an arc edge (edge i)
  CG_PART_HALF_CAP_OUT,
  /// edge i's offset: a segment, or an arc of radius R + r (convex) or
  /// R - r (concave)
  CG_PART_EDGE,
  CG_PARTS
} CgPart;

/// The id of part `part` of edge (or vertex) `edge`, where the boundary's
/// edges are numbered from `first_edge` in its world: ids follow the
/// boundaries, then the edges, then the parts, and ties in t go to the
/// lower id.
static inline uint32_t
cg_prim_id (uint32_t first_edge, uint32_t edge, CgPart part)
{
  return (first_edge + edge) * CG_PARTS + (uint32_t)part;
}

/// One offset primitive.
typedef struct
{
  uint8_t kind;     ///< CgPrimKind
  uint8_t part;     ///< CgPart
  uint8_t inside;   ///< arc: its front is inside the circle (a concave edge's offset)
  uint8_t full;     ///< arc: a whole circle (no sweep test, no ends)
  uint8_t big;      ///< arc: it turns through more than a half turn
  uint8_t junction; ///< a and b are where the neighbouring primitives start and end
  uint32_t object;  ///< the boundary's index in its world
  uint32_t element; ///< the edge (CG_PART_EDGE), else the vertex
  CgVec2 a, b;      ///< the ends in the boundary's direction
  CgVec2 n;         ///< segment: the unit front normal
  CgVec2 q;         ///< arc: the centre
  double rho;       ///< arc: the radius
  /// arc: the unit directions from q where a left turn through the arc
  /// starts and ends (convex: at a and b; concave: at b and a)
  CgVec2 u_from, u_to;
  double sweep; ///< arc: the angle of that left turn, in [0, 2π]
} CgPrimitive;

/// Why a primitive was not hit (CG_REJECT_NONE for a hit).
typedef enum
{
  CG_REJECT_NONE,
  CG_REJECT_BACK_FACING,     ///< d·n >= 0 on a segment, or on every direction of an arc of at
                             ///< most a half turn: the ray cannot cross it from the front
  CG_REJECT_BEHIND,          ///< the crossing is behind the start (t < 0)
  CG_REJECT_OUTSIDE_SEGMENT, ///< the line is crossed beyond an end of the segment
  CG_REJECT_MISSES_CIRCLE,   ///< arc: the ray passes the circle by more than tau
  CG_REJECT_LEAVING,         ///< arc: the ray starts on the back side of the circle and leaves it
  CG_REJECT_OUTSIDE_SWEEP,   ///< arc: the crossing is outside the arc's sweep
  CG_REJECT_EXCLUDED,        ///< the primitive just reflected off, hit again at t = 0
  CG_REJECT_FARTHER,         ///< a hit, but another primitive is hit first
} CgReject;

/// Everything a cast computed. Fields of the other kind are left zero.
typedef struct
{
  CgPrimKind kind;
  bool hit;
  CgReject reject;
  double tol;    ///< tau = 4 eps M of this cast (cg_tolerance()), when it was needed
  double t;      ///< the ray parameter of the crossing (when computed; never < 0 on a hit)
  CgVec2 point;  ///< c + t d; on a hit moved onto the primitive (cg_segment_contact(),
                 ///< cg_arc_contact())
  CgVec2 normal; ///< the contact normal: n on a segment, (p - q) / rho (or its opposite) on an arc
  /* segment */
  double d_dot_n; ///< the front test d·n (< 0 to be hit)
  double h;       ///< (c - a)·n: the start's height above the line (>= -tau to be hit)
  double s;       ///< where along the segment: p = a + s (b - a)
  /* both: which side of the ray each end lies on, cross(d, end - c) */
  double side_a, side_b;
  /* arc */
  CgVec2 m;          ///< m = c - q
  double b;          ///< b = m·d
  double cc;         ///< cc = m·m - rho²
  double disc;       ///< b² - cc, evaluated as rho² - |m - b d|²
  double t0, t1;     ///< the roots (entry and exit)
  bool larger_root;  ///< t is t1: the front is inside the circle (a concave edge's offset)
  double sweep_from; ///< cross(u_from, u), u = (p - q) / rho: >= 0 past the sweep's start
  double sweep_to;   ///< cross(u, u_to): >= 0 before the sweep's end
  double phi;        ///< the left turn from u_from to u, in [0, 2π)
  double sweep;      ///< the arc's sweep (cg_cast_primitive() copies it, for the record)
} CgCastRecord;

/// Where the centre touches an offset segment [a, .] with normal n when the
/// ray c + t d reaches it: c + t d, moved onto the segment's line (one
/// projection), so that the next cast starts on the line to within a unit
/// in the last place of its coordinates, not t's rounding off it.
static inline CgVec2
cg_segment_contact (CgVec2 a, CgVec2 n, CgVec2 c, double t, CgVec2 d)
{
  CgVec2 p = cg_mul_add (c, t, d);
  return cg_mul_add (p, cg_dot (cg_sub (a, p), n), n);
}

/// Where the centre touches an arc of centre q and radius rho: c + t d moved
/// onto the circle along its radius; *u is the unit direction from q.
static inline CgVec2
cg_arc_contact (CgVec2 q, double rho, CgVec2 c, double t, CgVec2 d, CgVec2 *u)
{
  CgVec2 m = cg_sub (cg_mul_add (c, t, d), q);
  double len = sqrt (cg_length_sq (m));
  *u = len > 0.0 ? cg_scale (m, 1.0 / len) : m;
  return cg_mul_add (q, rho, *u);
}

/// The segment cast: the ray c + t d (|d| = 1) against the offset segment
/// [a, b] with front normal n. Needs d·n < 0 and the start no more than tau
/// behind the line: h = (c - a)·n >= -tau; then t = max(h, 0) / -(d·n), the
/// crossing's t. A crossing later than t_best is not looked at further
/// (CG_REJECT_FARTHER; INFINITY to look at every crossing). The crossing lies
/// on the segment when cross(d, a - c) >= 0 >= cross(d, b - c). Writes *t
/// and, when rec is not NULL, every quantity into it (rec->s for the
/// record). The world's search and cg_cast_primitive() both run this, so
/// they agree bit for bit.
static inline __attribute__ ((always_inline)) CgReject
cg_cast_segment_core (CgVec2 a, CgVec2 b, CgVec2 n, CgVec2 c, CgVec2 d, double t_best,
                      CgCastRecord *rec, double *t)
{
  double dn = cg_dot (d, n);
  if (rec != NULL)
    rec->d_dot_n = dn;
  if (!(dn < 0.0))
    return CG_REJECT_BACK_FACING;
  double h = cg_dot (cg_sub (c, a), n);
  if (rec != NULL)
    rec->h = h;
  if (h < 0.0)
    {
      double tol
          = cg_tolerance (cg_max (cg_magnitude (c), cg_max (cg_magnitude (a), cg_magnitude (b))));
      if (rec != NULL)
        rec->tol = tol;
      if (h < -tol)
        {
          if (rec != NULL)
            {
              rec->t = h / -dn;
              rec->point = cg_mul_add (c, rec->t, d);
            }
          return CG_REJECT_BEHIND;
        }
      h = 0.0;
    }
  double tt = h / -dn;
  *t = tt;
  if (rec != NULL)
    {
      rec->t = tt;
      rec->point = cg_segment_contact (a, n, c, tt, d);
      CgVec2 ab = cg_sub (b, a);
      double len_sq = cg_length_sq (ab);
      rec->s = len_sq > 0.0 ? cg_dot (cg_sub (rec->point, a), ab) / len_sq : 0.0;
    }
  if (tt > t_best)
    return CG_REJECT_FARTHER;
  double side_a = cg_cross (d, cg_sub (a, c)), side_b = cg_cross (d, cg_sub (b, c));
  if (rec != NULL)
    {
      rec->side_a = side_a;
      rec->side_b = side_b;
    }
  if (!(side_a >= 0.0 && side_b <= 0.0))
    return CG_REJECT_OUTSIDE_SEGMENT;
  return CG_REJECT_NONE;
}

/// The arc cast: the ray c + t d (|d| = 1) against the arc of centre q and
/// radius rho (inside: its front is inside the circle), from a to b along
/// the boundary (junction: a and b are its neighbours' ends), turning left
/// from u_from to u_to (big: by more than a half turn; full: the whole
/// circle). With m = c - q, b = m·d and cc = m·m - rho², the roots of
/// t² + 2 b t + cc = 0 are computed without cancellation (t0 t1 = cc);
/// disc = rho² - |m - b d|² (the same number as b² - cc, without its
/// cancellation far from the circle) may be down to -2 rho tau (a graze).
/// Front outside: the entry root t0, the start not inside the circle by
/// more than tau; front inside: the exit root t1, the start not outside it
/// by more than tau; a start within tau gives t = 0 when the ray heads
/// through the front. Then the crossing p must lie on the arc: its ends on
/// either side of the ray, the same test as the neighbours' (junction
/// arcs), or u = (p - q) / rho within the sweep, within tau / rho. Writes *t
/// and *u (the unit direction from q to p), and rec (may be NULL).
static inline __attribute__ ((always_inline)) CgReject
cg_cast_arc_core (CgVec2 q, double rho, bool inside, bool full, bool big, bool junction, CgVec2 a,
                  CgVec2 b, CgVec2 u_from, CgVec2 u_to, CgVec2 c, CgVec2 d, double t_best,
                  CgCastRecord *rec, double *t, CgVec2 *u)
{
  /* An arc of at most a half turn whose every direction faces the ray's
   * way (front outside) or against it (front inside) cannot be crossed
   * from its front: its directions are positive combinations of u_from and
   * u_to. */
  if (!full && !big)
    {
      double from = cg_dot (d, u_from), to = cg_dot (d, u_to);
      if (inside ? from < 0.0 && to < 0.0 : from > 0.0 && to > 0.0)
        {
          if (rec != NULL)
            rec->d_dot_n = inside ? -cg_max (from, to) : cg_min (from, to);
          return CG_REJECT_BACK_FACING;
        }
    }
  CgVec2 m = cg_sub (c, q);
  double bm = cg_dot (m, d);
  CgVec2 hv = cg_mul_add (m, -bm, d);
  double disc = rho * rho - cg_length_sq (hv);
  double tol = -1.0; /* not needed yet */
  if (rec != NULL)
    {
      rec->m = m;
      rec->b = bm;
      rec->disc = disc;
      rec->larger_root = inside;
    }
  if (disc < 0.0)
    {
      tol = cg_tolerance (cg_max (cg_magnitude (c), cg_max (cg_magnitude (q), rho)));
      if (disc < -2.0 * rho * tol)
        {
          if (rec != NULL)
            rec->tol = tol;
          return CG_REJECT_MISSES_CIRCLE;
        }
    }
  double len = sqrt (cg_length_sq (m));
  double cc = (len - rho) * (len + rho);
  double root = sqrt (cg_max (disc, 0.0));
  double t0, t1;
  if (root == 0.0)
    t0 = t1 = -bm;
  else if (bm <= 0.0)
    {
      t1 = -bm + root;
      t0 = cc / t1;
    }
  else
    {
      t0 = -bm - root;
      t1 = cc / t0;
    }
  if (t0 > t1) /* only when cc and disc disagree in their last bits */
    {
      double swap = t0;
      t0 = t1;
      t1 = swap;
    }
  if (rec != NULL)
    {
      rec->cc = cc;
      rec->t0 = t0;
      rec->t1 = t1;
    }
  double tt = inside ? t1 : t0;
  if (tt < 0.0)
    {
      /* Touching within tau and heading through the front: a hit at t = 0.
       * Front outside: the start within tau of the circle (|m| >= rho - tau),
       * heading in (b <= 0); front inside: |m| <= rho + tau, heading out. */
      if (tol < 0.0)
        tol = cg_tolerance (cg_max (cg_magnitude (c), cg_max (cg_magnitude (q), rho)));
      if (rec != NULL)
        rec->tol = tol;
      bool touching = inside ? len - rho <= tol && bm >= 0.0 : rho - len <= tol && bm <= 0.0;
      if (!touching)
        {
          if (rec != NULL)
            {
              rec->t = tt;
              rec->point = cg_mul_add (c, tt, d);
            }
          return !inside && t1 >= 0.0 ? CG_REJECT_LEAVING : CG_REJECT_BEHIND;
        }
      tt = 0.0;
    }
  *t = tt;
  CgVec2 uu;
  CgVec2 p = cg_arc_contact (q, rho, c, tt, d, &uu);
  *u = uu;
  if (rec != NULL)
    {
      rec->t = tt;
      rec->point = p;
      rec->normal = inside ? cg_neg (uu) : uu;
      rec->sweep_from = cg_cross (u_from, uu);
      rec->sweep_to = cg_cross (uu, u_to);
      double phi = atan2 (rec->sweep_from, cg_dot (u_from, uu));
      rec->phi = phi < 0.0 ? phi + 2.0 * M_PI : phi;
    }
  if (tt > t_best)
    return CG_REJECT_FARTHER;
  if (full)
    return CG_REJECT_NONE;
  if (junction)
    {
      double side_a = cg_cross (d, cg_sub (a, c)), side_b = cg_cross (d, cg_sub (b, c));
      if (rec != NULL)
        {
          rec->side_a = side_a;
          rec->side_b = side_b;
        }
      if (side_a >= 0.0 && side_b <= 0.0)
        return CG_REJECT_NONE;
    }
  if (tol < 0.0)
    tol = cg_tolerance (cg_max (cg_magnitude (c), cg_max (cg_magnitude (q), rho)));
  if (rec != NULL)
    rec->tol = tol;
  /* An error of tau across the ray moves the crossing along the circle by
   * tau rho / root where the ray meets it at a slant (root = rho sin of the
   * angle to the tangent), up to sqrt(tau rho) at a graze: the sweep's slack
   * in turn, so that a ray cutting an arc twice near a junction, where the
   * ends' sides do not decide, still lands on the arc. */
  double slack = tol / rho + tol / cg_max (root, sqrt (tol * rho));
  double from = cg_cross (u_from, uu), to = cg_cross (uu, u_to);
  bool within = big ? from >= -slack || to >= -slack : from >= -slack && to >= -slack;
  return within ? CG_REJECT_NONE : CG_REJECT_OUTSIDE_SWEEP;
}

/// Casts the ray c + t d (d made a unit vector by cg_unit_direction())
/// against a primitive by the cores above, with no crossing left unlooked
/// at. Fills rec and returns rec->hit.
bool cg_cast_primitive (const CgPrimitive *p, CgVec2 c, CgVec2 d, CgCastRecord *rec);

/// The box of a primitive: a segment's ends; an arc's ends plus the points
/// of its circle at 0°, 90°, 180° and 270° within its sweep.
CgAabb cg_primitive_bounds (const CgPrimitive *p);

/// True when the unit direction u lies within the arc's sweep, with a slack
/// of tol (in units of the cross product, about radians) at both ends.
bool cg_primitive_sweep_contains (const CgPrimitive *p, CgVec2 u, double tol);
