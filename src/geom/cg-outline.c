/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-outline.c: the offset outline's primitives, one at a time (geometry.md,
 * "Offset outline" and "Curved edges"). */
#include "cg-outline.h"

#include <stdlib.h>
#include <string.h>

#define CG_TWO_PI 6.283185307179586476925286766559

static inline size_t
next_of (size_t i, size_t n)
{
  return i + 1 < n ? i + 1 : 0;
}

static inline size_t
prev_of (size_t i, size_t n)
{
  return i > 0 ? i - 1 : n - 1;
}

/* The left turn from u0 to u, in [0, 2π). */
static double
left_angle (CgVec2 u0, CgVec2 u)
{
  double phi = atan2 (cg_cross (u0, u), cg_dot (u0, u));
  return phi < 0.0 ? phi + CG_TWO_PI : phi;
}

void
cg_outline_normals (const CgVec2 *v, const CgCurveEdge *e, size_t n, CgVec2 *n0, CgVec2 *n1)
{
  for (size_t i = 0; i < n; i++)
    {
      CgVec2 a = v[i], b = v[next_of (i, n)];
      if (e == NULL || e[i].sweep == 0.0)
        {
          n0[i] = n1[i] = cg_edge_normal (cg_sub (b, a));
          continue;
        }
      CgVec2 u0 = cg_normalize (cg_sub (a, e[i].q)), u1 = cg_normalize (cg_sub (b, e[i].q));
      bool convex = e[i].sweep > 0.0;
      n0[i] = convex ? u0 : cg_neg (u0);
      n1[i] = convex ? u1 : cg_neg (u1);
    }
}

/* An arc of radius rho around q from a to b along the boundary. */
static void
set_arc (CgPrimitive *p, CgVec2 q, double rho, bool inside, CgVec2 a, CgVec2 b, CgVec2 u_from,
         CgVec2 u_to, double sweep, bool full, bool junction)
{
  p->kind = CG_PRIM_ARC;
  p->inside = inside;
  p->full = full;
  p->big = sweep > M_PI;
  p->junction = junction && !full;
  p->q = q;
  p->rho = rho;
  p->a = a;
  p->b = b;
  p->u_from = u_from;
  p->u_to = u_to;
  p->sweep = full ? CG_TWO_PI : sweep;
}

bool
cg_outline_part (const CgOutline *o, size_t i, CgPart part, double r, CgPrimitive *out)
{
  return cg_outline_part_for_cast (o, i, part, r, out, true);
}

bool
cg_outline_part_for_cast (const CgOutline *o, size_t i, CgPart part, double r, CgPrimitive *out,
                          bool with_sweep)
{
  size_t n = o->n;
  memset (out, 0, sizeof *out);
  out->part = (uint8_t)part;
  out->object = o->object;
  out->element = (uint32_t)i;
  const CgCurveEdge *e = o->e;
  bool lone_circle = n == 1;
  size_t prev = prev_of (i, n);
  CgVec2 here = o->v[i];
  switch (part)
    {
    case CG_PART_CAP:
      {
        if (!(r > 0.0) || lone_circle)
          return false;
        CgVec2 n_in = o->n1[prev], n_out = o->n0[i];
        if (!cg_outline_turns_left (n_in, n_out))
          return false;
        set_arc (out, here, r, false, cg_mul_add (here, r, n_in), cg_mul_add (here, r, n_out), n_in,
                 n_out, with_sweep ? left_angle (n_in, n_out) : NAN, false, true);
        return true;
      }
    case CG_PART_HALF_CAP_IN:
    case CG_PART_HALF_CAP_OUT:
      {
        size_t k = part == CG_PART_HALF_CAP_IN ? prev : i;
        if (!(r > 0.0) || lone_circle || e == NULL || !(e[k].sweep < 0.0 && e[k].R <= r))
          return false;
        /* The arc's tangent there, from its front normal (n = (t.y, -t.x)):
         * the half turn starts at -t. */
        CgVec2 nf = part == CG_PART_HALF_CAP_IN ? o->n1[prev] : o->n0[i];
        CgVec2 t = { -nf.y, nf.x };
        CgVec2 u0 = cg_neg (t), u1 = t;
        set_arc (out, here, r, false, cg_mul_add (here, r, u0), cg_mul_add (here, r, u1), u0, u1,
                 M_PI, false, false);
        return true;
      }
    case CG_PART_EDGE:
      {
        CgVec2 next = o->v[next_of (i, n)];
        CgVec2 a = cg_mul_add (here, r, o->n0[i]), b = cg_mul_add (next, r, o->n1[i]);
        if (e == NULL || e[i].sweep == 0.0)
          {
            out->kind = CG_PRIM_SEGMENT;
            out->junction = true;
            out->a = a;
            out->b = b;
            out->n = o->n0[i];
            return true;
          }
        bool convex = e[i].sweep > 0.0;
        double rho = convex ? e[i].R + r : e[i].R - r;
        if (!(rho > 0.0))
          return false;
        /* Radial directions at the ends: the front normals, or their
         * opposites where the front is inside. */
        CgVec2 u_a = convex ? o->n0[i] : cg_neg (o->n0[i]);
        CgVec2 u_b = convex ? o->n1[i] : cg_neg (o->n1[i]);
        set_arc (out, e[i].q, rho, !convex, a, b, convex ? u_a : u_b, convex ? u_b : u_a,
                 fabs (e[i].sweep), lone_circle, true);
        return true;
      }
    case CG_PARTS:
      break;
    }
  return false;
}

size_t
cg_outline_build (const CgOutline *b, double r, CgPrimitive *out)
{
  size_t k = 0;
  for (size_t i = 0; i < b->n; i++)
    for (int part = 0; part < CG_PARTS; part++)
      if (cg_outline_part (b, i, (CgPart)part, r, &out[k]))
        k++;
  return k;
}

size_t
cg_outline_of (const CgVec2 *v, const CgCurveEdge *e, size_t n, double r, uint32_t object,
               CgPrimitive *out)
{
  CgVec2 *normals = malloc ((2 * n + 1) * sizeof *normals);
  if (normals == NULL)
    return 0;
  cg_outline_normals (v, e, n, normals, normals + n);
  CgOutline b = { v, e, normals, normals + n, n, object, 0 };
  size_t count = cg_outline_build (&b, r, out);
  free (normals);
  return count;
}
