/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-cast.h: a ball's centre ray c + t d against one outline primitive
 * (geometry.md, "The cast"). Each cast fills a record of every quantity it
 * computed, so the hit inspector can show the maths that was actually used. */
#pragma once

#include "cg-outline.h"

/// Why a primitive was not hit (CG_REJECT_NONE for a hit).
typedef enum
{
  CG_REJECT_NONE,
  CG_REJECT_BACK_FACING,     ///< segment: d·n >= 0, the ray does not cross it from the front
  CG_REJECT_BEHIND,          ///< the crossing is behind the start (t < -eps)
  CG_REJECT_OUTSIDE_SEGMENT, ///< the line is crossed outside the segment (s not in [0, 1])
  CG_REJECT_MISSES_CIRCLE,   ///< arc: the discriminant is negative
  CG_REJECT_LEAVING,         ///< arc: the ray starts inside the circle and leaves it
  CG_REJECT_OUTSIDE_SWEEP,   ///< arc: the entry point is outside the arc's sweep
  CG_REJECT_EXCLUDED,        ///< the primitive just reflected off (never hit twice in a row)
  CG_REJECT_FARTHER,         ///< a hit, but another primitive is hit first
} CgReject;

/// Everything a cast computed. Fields of the other kind are left zero.
typedef struct
{
  CgPrimKind kind;
  bool hit;
  CgReject reject;
  double t;      ///< the ray parameter of the crossing (when computed)
  CgVec2 point;  ///< c + t d
  CgVec2 normal; ///< the contact normal: n for a segment, (p - q) / r on an arc

  /* segment */
  double d_dot_n; ///< the front test d·n (< 0 to be hit)
  double s;       ///< where along the segment: p = a + s (b - a)

  /* arc */
  CgVec2 m;          ///< m = c - q
  double b;          ///< b = m·d
  double cc;         ///< cc = m·m - r²
  double disc;       ///< the discriminant b² - cc
  double t0;         ///< the smaller root -b - sqrt(disc) (the entry)
  double t1;         ///< the larger root -b + sqrt(disc) (the exit)
  double sweep_from; ///< cross(n0, u), u = (p - q) / r: >= 0 inside the sweep's start
  double sweep_to;   ///< cross(u, n1): >= 0 inside the sweep's end
} CgCastRecord;

/// The segment cast of geometry.md, shared by cg_cast_primitive() and the
/// curved cast (cg_curve_cast()): the ray c + t d (|d| = 1) against the
/// offset segment [a, b] with front normal n. The line is (p - a)·n = 0, so
/// t = ((a - c)·n) / (d·n). Fills what it computed, in order: *d_dot_n;
/// when the segment faces the ray, *t and *point = c + t d; when t >= -eps,
/// *s, where the crossing lies along the segment (p = a + s (b - a); the
/// ends are widened by eps, so a ray grazing an end still hits). Returns why
/// the segment is not hit, or CG_REJECT_NONE.
static inline CgReject
cg_cast_segment_core (CgVec2 a, CgVec2 b, CgVec2 n, CgVec2 c, CgVec2 d, double eps, double *d_dot_n,
                      double *t, CgVec2 *point, double *s)
{
  *d_dot_n = cg_dot (d, n);
  if (!(*d_dot_n < 0.0))
    return CG_REJECT_BACK_FACING;
  *t = cg_dot (cg_sub (a, c), n) / *d_dot_n;
  *point = cg_mul_add (c, *t, d);
  if (*t < -eps)
    return CG_REJECT_BEHIND;
  CgVec2 ab = cg_sub (b, a);
  double len_sq = cg_length_sq (ab);
  *s = len_sq > 0.0 ? cg_dot (cg_sub (*point, a), ab) / len_sq : 0.0;
  double slack = len_sq > 0.0 ? eps / sqrt (len_sq) : INFINITY;
  if (*s < -slack || *s > 1.0 + slack)
    return CG_REJECT_OUTSIDE_SEGMENT;
  return CG_REJECT_NONE;
}

/// Casts the ray c + t d (d made a unit vector by cg_unit_direction()) against
/// a primitive. eps is the scene tolerance (cg_world_eps()): crossings with t >= -eps count,
/// segment ends and arc sweeps are widened by eps, tangent hits count. Fills rec and returns
/// rec->hit.
bool cg_cast_primitive (const CgPrimitive *p, CgVec2 c, CgVec2 d, double eps, CgCastRecord *rec);
