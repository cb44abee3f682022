/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-curve-boundary.h: the true offset boundary of a curved boundary, for
 * drawing (geometry.md, "Offset outline" and "Curved edges"): for an obstacle
 * P the boundary of P ⊕ disk(r), for a wall W that of W ⊖ disk(r), made of
 * pieces of offset segments, offset arcs (R + r, R - r) and vertex caps. */
#pragma once

#include "cg-curve.h"

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
/// Method: the candidates are the seed primitives (cg_curve_outline()) plus,
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
