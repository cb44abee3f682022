/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-cast.c: ray against one outline primitive (geometry.md, "The cast"). */
#include "cg-cast.h"

#include <string.h>

/* Offset segment [a, b] with front normal n. The line is (p - a)·n = 0, so
 * along p = c + t d:  (c + t d - a)·n = 0  =>  t = ((a - c)·n) / (d·n). */
static bool
cast_segment (const CgPrimitive *p, CgVec2 c, CgVec2 d, double eps, CgCastRecord *rec)
{
  rec->d_dot_n = cg_dot (d, p->n);
  if (!(rec->d_dot_n < 0.0))
    {
      rec->reject = CG_REJECT_BACK_FACING;
      return false;
    }

  rec->t = cg_dot (cg_sub (p->a, c), p->n) / rec->d_dot_n;
  rec->point = cg_mul_add (c, rec->t, d);
  rec->normal = p->n;
  if (rec->t < -eps)
    {
      rec->reject = CG_REJECT_BEHIND;
      return false;
    }

  /* s: where the crossing lies along the segment, p = a + s (b - a). The ends
   * are widened by eps so that a ray grazing an end still hits. */
  CgVec2 ab = cg_sub (p->b, p->a);
  double len_sq = cg_length_sq (ab);
  rec->s = len_sq > 0.0 ? cg_dot (cg_sub (rec->point, p->a), ab) / len_sq : 0.0;
  double slack = len_sq > 0.0 ? eps / sqrt (len_sq) : INFINITY;
  if (rec->s < -slack || rec->s > 1.0 + slack)
    {
      rec->reject = CG_REJECT_OUTSIDE_SEGMENT;
      return false;
    }

  rec->hit = true;
  return true;
}

/* Arc of radius r around the vertex q. With m = c - q and |d| = 1 the circle
 * |c + t d - q| = r gives t² + 2 b t + cc = 0, b = m·d, cc = m·m - r², so
 * t = -b ± sqrt(disc), disc = b² - cc. The discriminant is evaluated as
 * r² - |m - b d|² (the same number, without the cancellation of b² - cc far
 * from the arc). The smaller root is where the ray enters the circle. */
static bool
cast_arc (const CgPrimitive *p, CgVec2 c, CgVec2 d, double eps, CgCastRecord *rec)
{
  double r = p->r;
  rec->m = cg_sub (c, p->q);
  rec->b = cg_dot (rec->m, d);
  rec->cc = cg_length_sq (rec->m) - r * r;
  CgVec2 h = cg_mul_add (rec->m, -rec->b, d);
  rec->disc = r * r - cg_length_sq (h);

  /* A ray passing within eps of the circle grazes it: a tangent hit. */
  if (rec->disc < -2.0 * r * eps)
    {
      rec->reject = CG_REJECT_MISSES_CIRCLE;
      return false;
    }
  double root = sqrt (cg_max (rec->disc, 0.0));
  rec->t0 = -rec->b - root;
  rec->t1 = -rec->b + root;
  rec->t = rec->t0;
  rec->point = cg_mul_add (c, rec->t0, d);
  rec->normal = cg_scale (cg_sub (rec->point, p->q), 1.0 / r);
  if (rec->t0 < -eps)
    {
      rec->reject = rec->t1 >= -eps ? CG_REJECT_LEAVING : CG_REJECT_BEHIND;
      return false;
    }

  CgVec2 n0, n1;
  cg_arc_normals (p, &n0, &n1);
  rec->sweep_from = cg_cross (n0, rec->normal);
  rec->sweep_to = cg_cross (rec->normal, n1);
  double slack = eps / r;
  if (rec->sweep_from < -slack || rec->sweep_to < -slack)
    {
      rec->reject = CG_REJECT_OUTSIDE_SWEEP;
      return false;
    }

  rec->hit = true;
  return true;
}

bool
cg_cast_primitive (const CgPrimitive *p, CgVec2 c, CgVec2 d, double eps, CgCastRecord *rec)
{
  d = cg_unit_direction (d); /* identity for the unit vectors the world passes */
  memset (rec, 0, sizeof *rec);
  rec->kind = p->kind;
  rec->reject = CG_REJECT_NONE;
  if (p->kind == CG_PRIM_SEGMENT)
    return cast_segment (p, c, d, eps, rec);
  return cast_arc (p, c, d, eps, rec);
}
