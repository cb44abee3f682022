/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-boundary.h: the true offset boundary that Carom draws (geometry.md,
 * "Offset outline"): for an obstacle P the boundary of P ⊕ disk(r), for a
 * wall W the boundary of W ⊖ disk(r) = {p in W : dist(p, ∂W) >= r}, which can
 * be empty or in several pieces. Unlike the seed outline it has no loops or
 * crossings where r exceeds short edges, notches or corridors. */
#pragma once

#include "cg-outline.h"

/// One piece of a true boundary: part of an offset segment or of a vertex arc.
/// Pieces run with the region on their left in raw y-down numbers (the
/// direction of the polygon's edges), so Green's theorem gives its area.
typedef struct
{
  CgPrimKind kind;
  uint32_t source; ///< segment: the edge it offsets; arc: the vertex it is centred on
  CgVec2 a, b;     ///< start and end points
  CgVec2 q;        ///< arc: centre
  double r;        ///< arc: radius
  double angle0;   ///< arc: start angle, atan2 on raw numbers
  double angle1;   ///< arc: end angle, > angle0 (arcs turn towards increasing angle)
} CgBoundaryPiece;

/// A true boundary: unordered pieces.
typedef struct
{
  CgBoundaryPiece *pieces;
  size_t n_pieces;
} CgBoundary;

/// Computes the true boundary of a valid polygon, in its role's orientation,
/// grown by r > 0 on its front side. Returns false (and an empty boundary)
/// when memory runs out.
bool cg_boundary_build (const CgVec2 *v, size_t n, CgRole role, double r, CgBoundary *out);

/// Frees a boundary's pieces.
void cg_boundary_clear (CgBoundary *b);

/// The area of the region the boundary encloses (P ⊕ disk for an obstacle,
/// W ⊖ disk for a wall), from Green's theorem with exact arc terms; >= 0.
double cg_boundary_area (const CgBoundary *b, CgRole role);
