/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-curve.h: boundaries whose edges are straight segments or exact circular
 * arcs, and whole circles (geometry.md, "Curved edges: exact circles and
 * arcs"): their checks, orientation by role, and the offset primitives a ball
 * of radius r is cast against.
 *
 * The offset primitives of every boundary, straight or curved, are made by
 * cg-outline.h, and cast against in the one world of cg-world.h.
 *
 * Conventions (all on the raw y-down numbers, like the rest of the core):
 * - Edge i runs from v[i] to v[i + 1] (indices wrap). A straight edge has
 *   sweep == 0. An arc edge runs along the circle of centre q and radius R,
 *   turning by the signed angle sweep about q: sweep > 0 turns the way
 *   cross(v[i] - q, v[i + 1] - q) > 0 (counter-clockwise on the raw numbers,
 *   clockwise on screen), sweep < 0 the other way. 0 < |sweep| <= 2π.
 * - A whole circle is a boundary of one arc edge (n == 1, |sweep| == 2π) that
 *   starts and ends at v[0], and has no vertex.
 * - With the front normal n = (t.y, -t.x) of the edge's direction t, an arc
 *   with sweep > 0 has its front outside its circle (convex, normal
 *   (p - q) / R), one with sweep < 0 inside it (concave, normal (q - p) / R):
 *   this is geometry.md's chord-midpoint rule, in one sign.
 * - Signed area (arcs' circular segments included): obstacles A > 0, walls
 *   A < 0, as for polygons. */
#pragma once

#include "cg-polygon.h"

/// One edge of a curved boundary: a segment (sweep == 0; q and R unused,
/// zero) or an arc around q of radius R turning by sweep.
typedef struct
{
  CgVec2 q;     ///< arc: the circle's centre
  double R;     ///< arc: the circle's radius (> 0)
  double sweep; ///< 0: straight; else the signed turn about q, 0 < |sweep| <= 2π
} CgCurveEdge;

/// What the ball does when it touches an obstacle (walls always reflect):
/// geometry.md, "Polygons, roles and orientation" (carom:on-hit).
typedef enum
{
  CG_ON_HIT_STOP,
  CG_ON_HIT_REFLECT,
} CgOnHit;

/// The straight edge (sweep 0).
static inline CgCurveEdge
cg_curve_edge_straight (void)
{
  return (CgCurveEdge){ { 0.0, 0.0 }, 0.0, 0.0 };
}

/// The arc from a to b turning by the signed angle sweep (0 < |sweep| < 2π,
/// a != b): its centre and radius. With the bulge β = tan(sweep / 4) of CAD
/// formats, sweep = 4 atan(β).
CgCurveEdge cg_curve_edge_arc (CgVec2 a, CgVec2 b, double sweep);

/// The whole circle of centre q and radius R for a role: *v0 (the one vertex,
/// q + (R, 0)) and *e, oriented for the role (sweep 2π for an obstacle, -2π
/// for a wall).
void cg_curve_circle (CgVec2 q, double R, CgRole role, CgVec2 *v0, CgCurveEdge *e);

/// The unit direction of edge i (from v[i] to v[i + 1]) at its start (at_end
/// false) or at its end (at_end true).
CgVec2 cg_curve_edge_tangent (const CgVec2 *v, const CgCurveEdge *e, size_t n, size_t i,
                              bool at_end);

/// The point of edge i at fraction s in [0, 1] of its length.
CgVec2 cg_curve_edge_point (const CgVec2 *v, const CgCurveEdge *e, size_t n, size_t i, double s);

/// The box of edge i, with an arc's axis points (0°, 90°, 180°, 270°) within
/// its sweep.
CgAabb cg_curve_edge_bounds (const CgVec2 *v, const CgCurveEdge *e, size_t n, size_t i);

/// The box of the whole boundary.
CgAabb cg_curve_bounds (const CgVec2 *v, const CgCurveEdge *e, size_t n);

/// Distance from p to edge i.
double cg_curve_edge_distance (const CgVec2 *v, const CgCurveEdge *e, size_t n, size_t i, CgVec2 p);

/// Signed area with the arcs' circular segments: A = Σ [cross(v[i], v[i+1]) +
/// R² (sweep - sin sweep)] / 2 over the edges (on the raw numbers: a circle
/// with sweep 2π has A = πR² > 0).
double cg_curve_signed_area (const CgVec2 *v, const CgCurveEdge *e, size_t n);

/// Reverses the boundary in place (vertex order and edges; every sweep
/// changes sign) when its orientation does not match the role's (obstacles
/// A > 0, walls A < 0); returns true when it did.
bool cg_curve_orient (CgVec2 *v, CgCurveEdge *e, size_t n, CgRole role);

/// The winding number of the boundary around p (nonzero: p inside; points on
/// the boundary may go either way).
int cg_curve_winding (const CgVec2 *v, const CgCurveEdge *e, size_t n, CgVec2 p);

/// The tolerance a boundary is checked with (cg_curve_validate()): 1e-9 of
/// the larger side of its own box (how near two of its edges may come
/// before they are said to meet, which is a matter of its shape), but no
/// less than 64 eps of its largest coordinate (the rounding of its
/// numbers).
double cg_curve_tolerance (const CgVec2 *v, const CgCurveEdge *e, size_t n);

/// The outcome of cg_curve_validate().
typedef enum
{
  CG_CURVE_OK,
  CG_CURVE_NOT_FINITE,    ///< a number of vertex or edge index_a is NaN or infinite
  CG_CURVE_TOO_LARGE,     ///< a number of vertex or edge index_a is beyond CG_COORD_MAX
  CG_CURVE_TOO_FEW_EDGES, ///< no edge, or two straight edges, or one edge that is no whole circle
  CG_CURVE_SHORT_EDGE,    ///< edge index_a is shorter than the tolerance (or R is)
  CG_CURVE_BAD_ARC,       ///< arc edge index_a: its ends are not on its circle, or its sweep
                          ///< does not lead from one to the other, or |sweep| > 2π, or 2π
                          ///< in a boundary of more than one edge
  CG_CURVE_ZERO_AREA,     ///< the boundary encloses no area
  CG_CURVE_SELF_CROSSING, ///< edges index_a and index_b cross, touch or overlap, at where
  CG_CURVE_NO_MEMORY,     ///< the check could not allocate its working memory
} CgCurveStatus;

/// The result of cg_curve_validate(), naming the offending edges.
typedef struct
{
  CgCurveStatus status;
  size_t index_a, index_b;
  CgVec2 where;
} CgCurveCheck;

/// Checks a boundary: finite numbers, at least one edge (one edge only as a
/// whole circle; two edges need an arc), no edge shorter than tol, arcs
/// consistent with their ends within tol, nonzero area, and simple: no two
/// edges meet within tol except adjacent edges at their shared vertex
/// (segment–segment, segment–arc and arc–arc, including tangencies and
/// overlaps on one circle). Exact predicates do not extend to circles, so
/// "meet" is "come within tol", with tol relative to the scene
/// (cg_curve_scene_eps()). Candidate pairs come from a sweep over the edges'
/// boxes (grown by tol), so the check is near O(n log n) for boundaries whose
/// edges are small against the whole.
CgCurveCheck cg_curve_validate (const CgVec2 *v, const CgCurveEdge *e, size_t n, double tol);
