/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-curve-boundary.h: the true offset boundary of a curved boundary, for
 * drawing (geometry.md, "Offset outline" and "Curved edges"): for an obstacle
 * P the boundary of P ⊕ disk(r), for a wall W that of W ⊖ disk(r), made of
 * pieces of offset segments, offset arcs (R + r, R - r) and vertex caps. */
#pragma once

#include "cg-outline.h"

/// The two kinds of piece shape.
typedef enum
{
  CG_CPRIM_SEGMENT,
  CG_CPRIM_ARC,
} CgCurvePrimKind;

/// A piece's shape: a segment, or an arc that turns left (on the raw
/// numbers) from u0 by sweep, from a to b.
typedef struct
{
  uint8_t kind;    ///< CgCurvePrimKind
  uint8_t inside;  ///< arc: the front is inside the circle (a concave edge's offset)
  uint8_t cap;     ///< arc: a vertex cap (index is a vertex), else an edge's offset
  uint8_t full;    ///< arc: the whole circle
  uint32_t object; ///< the boundary
  uint32_t index;  ///< the edge, or the vertex of a cap
  CgVec2 a, b;     ///< segment: its ends; arc: its start and end points (left turn)
  CgVec2 n;        ///< segment: the unit front normal
  CgVec2 q;        ///< arc: the centre
  CgVec2 u0;       ///< arc: the unit direction from q to a
  double rho;      ///< arc: its radius
  double sweep;    ///< arc: the left turn from u0 to the end, in (0, 2π]
} CgCurvePrim;

/// One piece: a trimmed primitive. Segments run from prim.a to prim.b; arcs
/// turn left from prim.a to prim.b (prim.u0, prim.sweep), or, when reversed,
/// are run from prim.b back to prim.a. Either way the piece runs in the
/// direction of the boundary's edges (region of an obstacle on its left, of a
/// wall on its right), as cg-boundary.h's pieces do.
typedef struct
{
  CgCurvePrim prim;
  bool reversed;
} CgCurvePiece;

/// A true boundary: unordered pieces.
typedef struct
{
  CgCurvePiece *pieces;
  size_t n_pieces;
} CgCurveBoundary;

/// Computes the true boundary of a valid, oriented boundary grown by r > 0.
/// Method: the candidates are the offset primitives (cg_outline_of()) plus,
/// for a concave arc with R < r, the arc of radius r - R opposite it (where
/// points nearest the arc's inside lie); every pair of candidates whose boxes
/// meet (found through a BVH) is intersected, each candidate is cut at those
/// points, and a piece is kept when its midpoint is at least r - 16 eps from
/// every edge (a BVH over the edges prunes by box distance). Pieces on a
/// candidate's front side that are that far from every edge are exactly the
/// boundary's. Returns false (and an empty boundary) when memory runs out.
bool cg_curve_boundary_build (const CgVec2 *v, const CgCurveEdge *e, size_t n, double r,
                              CgCurveBoundary *out);

/// Frees a boundary's pieces.
void cg_curve_boundary_clear (CgCurveBoundary *b);

/// The area the boundary encloses (P ⊕ disk for an obstacle, W ⊖ disk for a
/// wall), by Green's theorem with exact arc terms; >= 0.
double cg_curve_boundary_area (const CgCurveBoundary *b, CgRole role);
