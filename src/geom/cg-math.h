/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-math.h: small vector and box maths for the Carom geometry core.
 *
 * Everything here is static inline, takes and returns values, and needs only
 * libm. Coordinates are scene units, x to the right, y down (geometry.md).
 */
#pragma once

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// A 2D vector or point in scene units.
typedef struct
{
  double x, y;
} CgVec2;

/// An axis-aligned bounding box; empty when lo > hi.
typedef struct
{
  CgVec2 lo, hi;
} CgAabb;

/// min(a, b) for numbers that are not NaN (inlined, unlike fmin).
static inline double
cg_min (double a, double b)
{
  return a < b ? a : b;
}

/// max(a, b) for numbers that are not NaN (inlined, unlike fmax).
static inline double
cg_max (double a, double b)
{
  return a > b ? a : b;
}

/// Build a vector.
static inline CgVec2
cg_v2 (double x, double y)
{
  return (CgVec2){ x, y };
}

/// a + b
static inline CgVec2
cg_add (CgVec2 a, CgVec2 b)
{
  return (CgVec2){ a.x + b.x, a.y + b.y };
}

/// a - b
static inline CgVec2
cg_sub (CgVec2 a, CgVec2 b)
{
  return (CgVec2){ a.x - b.x, a.y - b.y };
}

/// s * a
static inline CgVec2
cg_scale (CgVec2 a, double s)
{
  return (CgVec2){ s * a.x, s * a.y };
}

/// a + s * b
static inline CgVec2
cg_mul_add (CgVec2 a, double s, CgVec2 b)
{
  return (CgVec2){ a.x + s * b.x, a.y + s * b.y };
}

/// -a
static inline CgVec2
cg_neg (CgVec2 a)
{
  return (CgVec2){ -a.x, -a.y };
}

/// a · b
static inline double
cg_dot (CgVec2 a, CgVec2 b)
{
  return a.x * b.x + a.y * b.y;
}

/// cross(a, b) = a.x*b.y - a.y*b.x; > 0 when b turns left of a (geometry.md).
static inline double
cg_cross (CgVec2 a, CgVec2 b)
{
  return a.x * b.y - a.y * b.x;
}

/// |a|²
static inline double
cg_length_sq (CgVec2 a)
{
  return a.x * a.x + a.y * a.y;
}

/// |a|
static inline double
cg_length (CgVec2 a)
{
  return hypot (a.x, a.y);
}

/// |a - b|
static inline double
cg_distance (CgVec2 a, CgVec2 b)
{
  return hypot (a.x - b.x, a.y - b.y);
}

/// a / |a|, or (0, 0) for the zero vector.
static inline CgVec2
cg_normalize (CgVec2 a)
{
  double len = cg_length (a);
  if (len == 0.0)
    return (CgVec2){ 0.0, 0.0 };
  return (CgVec2){ a.x / len, a.y / len };
}

/// d as a unit vector, for the casts, which need |d| = 1: d itself when |d|²
/// is already within 4 ulps of 1 (what cg_normalize() gives: normalising it
/// again would only move its last bits), otherwise d / |d| ((0, 0) for the
/// zero vector). Directions read from text ("%.6f", |d| = 1 ± 10⁻⁶) must
/// come through here: the arc cast's quadratic assumes |d| = 1, and with
/// |d| = 1 + 10⁻⁶ a ray aimed at the junction of an offset segment and its
/// corner arc can miss both.
static inline CgVec2
cg_unit_direction (CgVec2 d)
{
  double len_sq = cg_length_sq (d);
  if (fabs (len_sq - 1.0) <= 4.0 * 2.220446049250313e-16)
    return d;
  return cg_normalize (d);
}

/// The unit front normal of an edge with direction a: n = (a.y, -a.x) / |a|.
static inline CgVec2
cg_edge_normal (CgVec2 a)
{
  return cg_normalize ((CgVec2){ a.y, -a.x });
}

/// Mirror reflection of d about the unit normal n: d' = d - 2(d·n)n.
static inline CgVec2
cg_reflect (CgVec2 d, CgVec2 n)
{
  return cg_mul_add (d, -2.0 * cg_dot (d, n), n);
}

/// a + t (b - a)
static inline CgVec2
cg_lerp (CgVec2 a, CgVec2 b, double t)
{
  return (CgVec2){ a.x + t * (b.x - a.x), a.y + t * (b.y - a.y) };
}

/// True when both coordinates are finite numbers (no NaN, no infinity).
static inline bool
cg_is_valid_vec2 (CgVec2 a)
{
  return isfinite (a.x) && isfinite (a.y);
}

/// The empty box (adding any point makes it that point).
static inline CgAabb
cg_aabb_empty (void)
{
  return (CgAabb){ { INFINITY, INFINITY }, { -INFINITY, -INFINITY } };
}

/// True for a box that contains no point.
static inline bool
cg_aabb_is_empty (CgAabb b)
{
  return b.lo.x > b.hi.x || b.lo.y > b.hi.y;
}

/// The smallest box holding b and p.
static inline CgAabb
cg_aabb_add_point (CgAabb b, CgVec2 p)
{
  return (CgAabb){ { cg_min (b.lo.x, p.x), cg_min (b.lo.y, p.y) },
                   { cg_max (b.hi.x, p.x), cg_max (b.hi.y, p.y) } };
}

/// The smallest box holding a and b.
static inline CgAabb
cg_aabb_union (CgAabb a, CgAabb b)
{
  return (CgAabb){ { cg_min (a.lo.x, b.lo.x), cg_min (a.lo.y, b.lo.y) },
                   { cg_max (a.hi.x, b.hi.x), cg_max (a.hi.y, b.hi.y) } };
}

/// b grown by pad on every side.
static inline CgAabb
cg_aabb_pad (CgAabb b, double pad)
{
  return (CgAabb){ { b.lo.x - pad, b.lo.y - pad }, { b.hi.x + pad, b.hi.y + pad } };
}

/// The centre of b.
static inline CgVec2
cg_aabb_center (CgAabb b)
{
  return (CgVec2){ 0.5 * (b.lo.x + b.hi.x), 0.5 * (b.lo.y + b.hi.y) };
}

/// Half the perimeter of b: the 2D surface-area measure used by SAH.
static inline double
cg_aabb_half_perimeter (CgAabb b)
{
  if (cg_aabb_is_empty (b))
    return 0.0;
  return (b.hi.x - b.lo.x) + (b.hi.y - b.lo.y);
}

/// True when a and b share at least one point.
static inline bool
cg_aabb_overlaps (CgAabb a, CgAabb b)
{
  return a.lo.x <= b.hi.x && b.lo.x <= a.hi.x && a.lo.y <= b.hi.y && b.lo.y <= a.hi.y;
}

/// True when p lies in b (boundary included).
static inline bool
cg_aabb_contains (CgAabb b, CgVec2 p)
{
  return p.x >= b.lo.x && p.x <= b.hi.x && p.y >= b.lo.y && p.y <= b.hi.y;
}

/// Ray o + t d against box b by the slab method, with inv_d = 1/d computed by
/// the caller (d.x == 0 gives an IEEE infinity). On a hit, *tmin and *tmax
/// bound the ray's parameter inside the box; a ray that starts inside the box
/// gets *tmin <= 0. The slab of an axis the ray runs parallel to is a plain
/// interval test, so 0 * inf never produces a NaN that could hide a hit.
static inline bool
cg_aabb_ray (CgAabb b, CgVec2 o, CgVec2 inv_d, double *tmin, double *tmax)
{
  double t0 = -INFINITY, t1 = INFINITY;
  if (isinf (inv_d.x))
    {
      if (o.x < b.lo.x || o.x > b.hi.x)
        return false;
    }
  else
    {
      double ta = (b.lo.x - o.x) * inv_d.x, tb = (b.hi.x - o.x) * inv_d.x;
      t0 = cg_min (ta, tb);
      t1 = cg_max (ta, tb);
    }
  if (isinf (inv_d.y))
    {
      if (o.y < b.lo.y || o.y > b.hi.y)
        return false;
    }
  else
    {
      double ta = (b.lo.y - o.y) * inv_d.y, tb = (b.hi.y - o.y) * inv_d.y;
      t0 = cg_max (t0, cg_min (ta, tb));
      t1 = cg_min (t1, cg_max (ta, tb));
    }
  *tmin = t0;
  *tmax = t1;
  return t0 <= t1;
}

/// The tolerance of a computation whose numbers are at most m in magnitude:
/// 4 eps m (eps = DBL_EPSILON, so 4 to 8 units in the last place of m).
static inline double
cg_tolerance (double m)
{
  return 4.0 * DBL_EPSILON * m;
}

/// The largest coordinate Carom accepts (geometry.md, "Tolerances"): beyond
/// it, squares and products of coordinates come near overflow.
#define CG_COORD_MAX 1e150

/// True when a is finite and within CG_COORD_MAX in magnitude.
static inline bool
cg_in_range (double a)
{
  return fabs (a) <= CG_COORD_MAX;
}

/// True when both coordinates are within CG_COORD_MAX in magnitude.
static inline bool
cg_vec2_in_range (CgVec2 a)
{
  return cg_in_range (a.x) && cg_in_range (a.y);
}

/// The larger of |a.x| and |a.y|.
static inline double
cg_magnitude (CgVec2 a)
{
  return cg_max (fabs (a.x), fabs (a.y));
}
