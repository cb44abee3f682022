/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-outline.h: the offset outline ("extension line") of a boundary for a
 * ball of radius r, as the primitives the tracer casts against (geometry.md,
 * "Offset outline" and "Curved edges"), made one at a time from the
 * boundary itself, so that nothing depends on r until a cast asks.
 *
 * Per edge i (cg_prim_id() numbers them):
 *  - CG_PART_CAP: where the boundary turns left at vertex i (or goes straight
 *    on), the arc of radius r around v[i] from the incoming edge's front
 *    normal to the outgoing one's (a straight-on vertex gets a cap that
 *    turns through nothing: it closes the ulp that two normals computed from
 *    two edges may leave between their offsets);
 *  - CG_PART_HALF_CAP_IN / _OUT: the half turns at the ends of a concave arc
 *    edge with R <= r, whose offset is empty;
 *  - CG_PART_EDGE: the edge's offset: the segment [v[i] + r n, v[i+1] + r n];
 *    a convex arc's concentric arc of radius R + r, a concave one's of
 *    radius R - r (nothing when R <= r).
 * Ends are computed from the vertices, v + r n with the edge's front normal
 * at that vertex, by the same expression for both primitives that meet
 * there, so they are the same doubles (cg-cast.h relies on that). With
 * r == 0 there are no caps. The true boundary, for drawing, is in
 * cg-boundary.h and cg-curve-boundary.h. */
#pragma once
#include "cg-cast.h"

/// The front normals of a boundary's edges where they start (n0) and end
/// (n1): a segment's n = (a.y, -a.x) / |a| at both; an arc's (p - q) / R
/// (convex) or (q - p) / R (concave) at its ends. e may be NULL (all
/// straight).
void cg_outline_normals (const CgVec2 *v, const CgCurveEdge *e, size_t n, CgVec2 *n0, CgVec2 *n1);

/// A boundary as the outline reads it: its vertices, edges (NULL: all
/// straight), the normals of cg_outline_normals(), and where it is in its
/// world (its index and the number of its first edge, for the ids).
typedef struct
{
  const CgVec2 *v;
  const CgCurveEdge *e;
  const CgVec2 *n0, *n1;
  size_t n;
  uint32_t object;
  uint32_t first_edge;
} CgOutline;

/// Whether vertex i gets a cap (for r > 0): the boundary turns left there,
/// or goes straight on (cross(n_in, n_out) > 0, or 0 with n_in·n_out > 0).
static inline bool
cg_outline_turns_left (CgVec2 n_in, CgVec2 n_out)
{
  double turn = cg_cross (n_in, n_out);
  return turn > 0.0 || (turn == 0.0 && cg_dot (n_in, n_out) > 0.0);
}

/// Part `part` of edge (or vertex) i for a ball of radius r into *out;
/// false when the boundary has no such primitive.
bool cg_outline_part (const CgOutline *b, size_t i, CgPart part, double r, CgPrimitive *out);

/// cg_outline_part() for a cast alone: without with_sweep a cap's sweep
/// (an atan2 the cast does not need) is left NaN; its big flag is still
/// right (a cap turns through less than a half turn).
bool cg_outline_part_for_cast (const CgOutline *b, size_t i, CgPart part, double r,
                               CgPrimitive *out, bool with_sweep);

/// The most primitives a boundary of n edges has.
static inline size_t
cg_outline_max_primitives (size_t n)
{
  return CG_PARTS * n;
}

/// Writes every primitive of the boundary for radius r into out (room for
/// cg_outline_max_primitives (b->n)), in id order; returns how many.
size_t cg_outline_build (const CgOutline *b, double r, CgPrimitive *out);

/// The primitives of a boundary given by its vertices and edges alone (the
/// normals computed here), for drawing and tests: as cg_outline_build().
/// Returns how many, or 0 when memory runs out.
size_t cg_outline_of (const CgVec2 *v, const CgCurveEdge *e, size_t n, double r, uint32_t object,
                      CgPrimitive *out);
