/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-outline.c: the seed offset outline (geometry.md, "Offset outline"). */
#include "cg-outline.h"

size_t
cg_outline_build (const CgVec2 *v, size_t n, double r, uint32_t object, CgPrimitive *out)
{
  size_t count = 0;
  if (n < 3)
    return 0;

  for (size_t i = 0; i < n; i++)
    {
      CgVec2 prev = v[(i + n - 1) % n], here = v[i], next = v[(i + 1) % n];
      CgVec2 a_prev = cg_sub (here, prev), a_next = cg_sub (next, here);
      CgVec2 n_prev = cg_edge_normal (a_prev), n_next = cg_edge_normal (a_next);

      /* A left turn opens a gap between the two offset segments: close it with
       * an arc of radius r around the vertex, from n_prev to n_next. */
      if (r > 0.0 && cg_cross (a_prev, a_next) > 0.0)
        {
          out[count++] = (CgPrimitive){
            .kind = CG_PRIM_ARC,
            .object = object,
            .index = (uint32_t)i,
            .a = cg_mul_add (here, r, n_prev),
            .b = cg_mul_add (here, r, n_next),
            .q = here,
            .r = r,
          };
        }

      out[count++] = (CgPrimitive){
        .kind = CG_PRIM_SEGMENT,
        .object = object,
        .index = (uint32_t)i,
        .a = cg_mul_add (here, r, n_next),
        .b = cg_mul_add (next, r, n_next),
        .n = n_next,
        .r = r,
      };
    }
  return count;
}

bool
cg_arc_sweep_contains (CgVec2 n0, CgVec2 n1, CgVec2 u, double tol)
{
  /* The sweep turns left by less than a half turn, so u is inside exactly
   * when it is left of n0 and right of n1. */
  return cg_cross (n0, u) >= -tol && cg_cross (u, n1) >= -tol;
}

CgAabb
cg_primitive_bounds (const CgPrimitive *p)
{
  CgAabb box = cg_aabb_add_point (cg_aabb_add_point (cg_aabb_empty (), p->a), p->b);
  if (p->kind == CG_PRIM_ARC)
    {
      static const CgVec2 axes[4] = { { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } };
      CgVec2 n0, n1;
      cg_arc_normals (p, &n0, &n1);
      for (int k = 0; k < 4; k++)
        if (cg_arc_sweep_contains (n0, n1, axes[k], 0.0))
          box = cg_aabb_add_point (box, cg_mul_add (p->q, p->r, axes[k]));
    }
  return box;
}
