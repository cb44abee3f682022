/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-cast.c: ray against one outline primitive (geometry.md, "The cast"). */
#include "cg-cast.h"

#include <string.h>

/* Offset segment [a, b] with front normal n: cg_cast_segment_core(), with
 * the normal recorded once the segment faces the ray. */
static bool
cast_segment (const CgPrimitive *p, CgVec2 c, CgVec2 d, double eps, CgCastRecord *rec)
{
  rec->reject = cg_cast_segment_core (p->a, p->b, p->n, c, d, eps, &rec->d_dot_n, &rec->t,
                                      &rec->point, &rec->s);
  if (rec->reject != CG_REJECT_BACK_FACING)
    rec->normal = p->n;
  rec->hit = rec->reject == CG_REJECT_NONE;
  return rec->hit;
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
