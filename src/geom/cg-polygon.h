/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-polygon.h: polygon checks and orientation by role (geometry.md,
 * "Polygons, roles and orientation"). */
#pragma once

#include "cg-math.h"

/// What a polygon is to the ball: it lives inside a wall, outside an obstacle.
typedef enum
{
  CG_ROLE_WALL,
  CG_ROLE_OBSTACLE,
} CgRole;

/// The outcome of cg_polygon_validate().
typedef enum
{
  CG_POLYGON_OK,
  CG_POLYGON_NOT_FINITE,     ///< a coordinate is NaN or infinite (vertex index_a)
  CG_POLYGON_TOO_LARGE,      ///< a coordinate is beyond CG_COORD_MAX (vertex index_a)
  CG_POLYGON_TOO_FEW_POINTS, ///< fewer than 3 distinct vertices
  CG_POLYGON_SELF_CROSSING,  ///< edges index_a and index_b cross, touch or overlap
  CG_POLYGON_NO_MEMORY,      ///< the check could not allocate its working memory
} CgPolygonStatus;

/// The result of a validity check, naming the offending vertex or edges.
typedef struct
{
  CgPolygonStatus status;
  size_t index_a; ///< NOT_FINITE: the vertex; SELF_CROSSING: the first edge
  size_t index_b; ///< SELF_CROSSING: the second edge
  CgVec2 where;   ///< SELF_CROSSING: a point where the two edges meet
} CgPolygonCheck;

/// Removes consecutive exact duplicates (including a last vertex equal to the
/// first, as SVG files often close polygons) in place; returns the new count.
size_t cg_polygon_remove_duplicates (CgVec2 *v, size_t n);

/// Checks that the polygon has finite coordinates within CG_COORD_MAX, at
/// least 3 distinct
/// vertices, no zero-length edge and is simple: no two non-adjacent edges
/// meet, and adjacent edges share only their common vertex. A sweep-line
/// test (Shamos–Hoey), O(n log n).
/// Up to 16 vertices it tests every pair of edges instead, which is faster
/// for the triangles and quads most scenes are made of and gives the same verdict.
CgPolygonCheck cg_polygon_validate (const CgVec2 *v, size_t n);

/// cg_polygon_validate() by the sweep alone, whatever n: for tests and benchmarks.
CgPolygonCheck cg_polygon_validate_sweep (const CgVec2 *v, size_t n);

/// Signed shoelace area A = 1/2 Σ (x[i] y[i+1] - x[i+1] y[i]) on the raw
/// y-down numbers: obstacles need A > 0, walls A < 0.
double cg_polygon_signed_area (const CgVec2 *v, size_t n);

/// Reverses v in place when its orientation does not match the role's;
/// returns true when it did.
bool cg_polygon_orient (CgVec2 *v, size_t n, CgRole role);

/// True when p is strictly inside the polygon (even-odd rule; points on the
/// boundary may go either way).
bool cg_polygon_contains (const CgVec2 *v, size_t n, CgVec2 p);

/// What the edge a -> b does to the ray from p towards +x (cg_polygon_contains()).
typedef enum
{
  CG_EDGE_MISSES,      ///< the edge does not cross the ray (or only left of p)
  CG_EDGE_CROSSES,     ///< it crosses the ray right of p: the inside flips
  CG_EDGE_ON_BOUNDARY, ///< p lies on the edge: the polygon does not contain p
} CgEdgeCrossing;

/// One edge's part in cg_polygon_contains(): p is strictly inside exactly
/// when no edge says ON_BOUNDARY and an odd number say CROSSES. Only edges
/// that meet the closed half-line from p towards +x can say anything but
/// MISSES, so a search that finds those edges alone gets the same answer.
CgEdgeCrossing cg_polygon_edge_crossing (CgVec2 a, CgVec2 b, CgVec2 p);

/// Distance from p to the segment [a, b].
double cg_point_segment_distance (CgVec2 p, CgVec2 a, CgVec2 b);

/// The bounding box of the polygon's vertices.
CgAabb cg_polygon_bounds (const CgVec2 *v, size_t n);
