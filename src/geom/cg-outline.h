/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-outline.h: the offset outline ("extension line") of a polygon for a ball
 * of radius r, as the primitives the tracer casts against (geometry.md,
 * "Offset outline"). This is the seed construction: full offset segments plus
 * arcs at left-turning vertices. The true boundary, for drawing, is in
 * cg-boundary.h. */
#pragma once

#include "cg-polygon.h"

/// The two kinds of outline primitive.
typedef enum
{
  CG_PRIM_SEGMENT,
  CG_PRIM_ARC,
} CgPrimKind;

/// One primitive of an offset outline (kept small: a world holds millions).
typedef struct
{
  CgPrimKind kind;
  uint32_t object; ///< index of the polygon in its world
  uint32_t index;  ///< segment: edge i (v[i] -> v[i+1]); arc: vertex i
  CgVec2 a, b;     ///< segment: v[i] + r n and v[i+1] + r n; arc: start and end points
  union
  {
    CgVec2 n; ///< segment: the unit front normal
    CgVec2 q; ///< arc: the centre (the polygon's vertex); the sweep runs from
              ///< n0 = (a - q) / r to n1 = (b - q) / r, turning left
  };
  double r; ///< the ball radius the outline was built for
} CgPrimitive;

/// An arc's unit normals at the start and end of its sweep (n_prev, n_next).
static inline void
cg_arc_normals (const CgPrimitive *p, CgVec2 *n0, CgVec2 *n1)
{
  *n0 = cg_scale (cg_sub (p->a, p->q), 1.0 / p->r);
  *n1 = cg_scale (cg_sub (p->b, p->q), 1.0 / p->r);
}

/// The most primitives cg_outline_build() can write for n vertices.
static inline size_t
cg_outline_max_primitives (size_t n)
{
  return 2 * n;
}

/// Writes the seed outline of a valid polygon (already in its role's
/// orientation) grown by r on its front side into out, which must hold
/// cg_outline_max_primitives(n) entries: for each vertex i with a left turn
/// (cross(a_prev, a_next) > 0) the arc at i, then the offset segment of edge i.
/// Returns the number written. With r == 0 no arcs are written.
size_t cg_outline_build (const CgVec2 *v, size_t n, double r, uint32_t object, CgPrimitive *out);

/// The box of a primitive: a segment's endpoints; an arc's endpoints plus the
/// axis points (0°, 90°, 180°, 270°) within its sweep.
CgAabb cg_primitive_bounds (const CgPrimitive *p);

/// True when the unit direction u lies within the arc's sweep from n0 to n1
/// (less than a half turn, turning left), allowing a slack of tol (radians,
/// small) at both ends.
bool cg_arc_sweep_contains (CgVec2 n0, CgVec2 n1, CgVec2 u, double tol);
