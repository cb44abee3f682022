/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-cast.c: the ray against one offset primitive (geometry.md, "The cast"). */
#include "cg-cast.h"

#include <string.h>

bool
cg_cast_primitive (const CgPrimitive *p, CgVec2 c, CgVec2 d, CgCastRecord *rec)
{
  d = cg_unit_direction (d); /* identity for the unit vectors the world passes */
  memset (rec, 0, sizeof *rec);
  rec->kind = (CgPrimKind)p->kind;
  double t;
  if (p->kind == CG_PRIM_SEGMENT)
    {
      rec->reject = cg_cast_segment_core (p->a, p->b, p->n, c, d, INFINITY, rec, &t);
      if (rec->reject != CG_REJECT_BACK_FACING)
        rec->normal = p->n;
    }
  else
    {
      CgVec2 u;
      rec->sweep = p->sweep;
      rec->reject = cg_cast_arc_core (p->q, p->rho, p->inside, p->full, p->big, p->junction, p->a,
                                      p->b, p->u_from, p->u_to, c, d, INFINITY, rec, &t, &u);
    }
  rec->hit = rec->reject == CG_REJECT_NONE;
  return rec->hit;
}

bool
cg_primitive_sweep_contains (const CgPrimitive *p, CgVec2 u, double tol)
{
  if (p->full)
    return true;
  double from = cg_cross (p->u_from, u), to = cg_cross (u, p->u_to);
  return p->big ? from >= -tol || to >= -tol : from >= -tol && to >= -tol;
}

CgAabb
cg_primitive_bounds (const CgPrimitive *p)
{
  CgAabb box = cg_aabb_add_point (cg_aabb_add_point (cg_aabb_empty (), p->a), p->b);
  if (p->kind == CG_PRIM_SEGMENT)
    return box;
  static const CgVec2 axes[4] = { { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } };
  for (int k = 0; k < 4; k++)
    if (cg_primitive_sweep_contains (p, axes[k], 0.0))
      box = cg_aabb_add_point (box, cg_mul_add (p->q, p->rho, axes[k]));
  return box;
}
