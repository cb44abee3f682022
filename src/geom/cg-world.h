/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-world.h: the polygons of a scene grown for one ball radius: their
 * outline primitives, a BVH over them, and the first-hit query. */
#pragma once

#include "cg-bvh.h"
#include "cg-cast.h"

/// A polygon handed to cg_world_new(): valid, and in its role's orientation.
typedef struct
{
  const CgVec2 *v;
  size_t n;
  CgRole role;
} CgPolygonRef;

/// What the BVH's leaves hold.
typedef enum
{
  /// one box per outline primitive, up to 4 primitives a leaf (SAH decides)
  CG_BVH_LEAF_PRIMITIVES,
  /// one box per polygon's outline, a leaf each; outlines of more than 16
  /// primitives are cut into runs of at most 16 consecutive ones, each with
  /// its own box and leaf (so a long wall is not tested whole by every cast)
  CG_BVH_LEAF_OBJECTS,
} CgBvhLeaves;

/// Counters of one cast, to show what the broad phase saved.
typedef struct
{
  uint32_t nodes_visited;     ///< BVH nodes opened (4-wide) plus leaves tested
  uint32_t boxes_tested;      ///< ray–box tests (4 a node, plus the root's box)
  uint32_t primitives_tested; ///< narrow-phase casts
} CgCastStats;

/// The first primitive a cast hits.
typedef struct
{
  bool hit;
  uint32_t prim;    ///< index into cg_world_primitives()
  CgCastRecord rec; ///< the record of the winning cast
  CgCastStats stats;
} CgWorldHit;

typedef struct CgWorld CgWorld;

/// The most outline primitives for which an object-leaf world keeps a
/// precomputed cast record each (64 bytes; cg-world.c): larger worlds make
/// them as casts need them, a little slower and 45 % smaller.
#define CG_WORLD_LEAN_MAX_PRIMITIVES ((size_t)1 << 20)

/// Grows count polygons by r (r >= 0) and builds the BVH. The polygons are
/// copied. Returns NULL when memory runs out.
CgWorld *cg_world_new (const CgPolygonRef *polys, size_t count, double r, CgBvhLeaves leaves);

/// Frees a world (NULL is fine).
void cg_world_free (CgWorld *w);

/// The ball radius the world was built for.
double cg_world_radius (const CgWorld *w);

/// The scene tolerance eps = 1e-9 × extent (the larger side of the polygons'
/// bounding box; 1 when there are none), but at least 64 ulps of the largest
/// coordinate (which only matters for scenes more than 10^4 times their
/// size away from the origin (7 10^4 times), where rounding would exceed it).
double cg_world_eps (const CgWorld *w);

/// The outline primitives, in polygon order.
const CgPrimitive *cg_world_primitives (const CgWorld *w, size_t *n);

/// Polygon i's role, vertices (as stored, oriented) and count.
CgRole cg_world_polygon (const CgWorld *w, size_t i, const CgVec2 **v, size_t *n);

/// Polygon i's outline primitives: prims[*first .. *first + *count).
void cg_world_polygon_primitives (const CgWorld *w, size_t i, size_t *first, size_t *count);

/// Replaces polygon i's vertices by v[0 .. n) (valid, in its role's
/// orientation) in place: its outline is rebuilt and the BVH refitted, so a
/// drag costs far less than a new world. Every cast then answers exactly
/// what a world built anew would. Returns false, changing nothing, when the
/// world cannot be updated in place (another vertex or primitive count,
/// primitive leaves, a change of the scene's extent and so of eps): build a
/// new world then.
bool cg_world_update_polygon (CgWorld *w, size_t i, const CgVec2 *v, size_t n);

/// The number of polygons.
size_t cg_world_polygon_count (const CgWorld *w);

/// The BVH (for drawing and statistics).
/// Its items are primitive indices (primitive leaves) or polygon indices
/// (object leaves: a leaf is one run of the polygon's outline); each leaf's
/// user[] says where the world keeps what its casts read.
const CgBvh *cg_world_bvh (const CgWorld *w);

/// Whether casts walk a uniform grid of cells instead of descending the BVH
/// (object leaves, at least 1024 runs spread evenly; cg-world-grid.c): the
/// same hits, found with less work. When they do and the arguments are not
/// NULL, gives the cells' union and a cell's width and height. Casts then
/// count in CgCastStats the cells walked (with the leaves tested) as nodes,
/// and the grid's and the runs' boxes as boxes.
bool cg_world_grid (const CgWorld *w, CgAabb *bounds, double *cell_w, double *cell_h);

/// The first hit of the ray c + t d (d made a unit vector here by
/// cg_unit_direction(), so t is a distance), skipping primitive
/// `exclude` (pass -1 for none). Ties in t go to the lower primitive index,
/// so the BVH and brute force choose the same hit bit for bit.
CgWorldHit cg_world_cast (const CgWorld *w, CgVec2 c, CgVec2 d, int64_t exclude, bool brute_force);

/// What the tracer needs of a hit: where and how the ball touches.
typedef struct
{
  bool hit;
  uint32_t prim; ///< index into cg_world_primitives()
  double t;      ///< the ray parameter of the contact
  CgVec2 point;  ///< c + t d
  CgVec2 normal; ///< the contact normal
  /// what the tracer writes into its hit: the primitive's kind, polygon
  /// (object) and edge or vertex (element), and the polygon's role
  CgPrimKind kind;
  uint32_t object;
  uint32_t element;
  CgRole role;
  CgCastStats stats;
} CgWorldContact;

/// cg_world_cast() without the winning cast's full record: t, point and
/// normal are the record's, bit for bit (the same operations), for the
/// tracer, which casts millions of times and keeps only these.
CgWorldContact cg_world_cast_contact (const CgWorld *w, CgVec2 c, CgVec2 d, int64_t exclude,
                                      bool brute_force);

/// One primitive a cast looked at, and the full record of its cast.
typedef struct
{
  uint32_t prim;
  CgCastRecord rec; ///< rec.reject says why it was not the hit (NONE for the hit)
} CgTested;

/// Explains cg_world_cast (w, c, d, exclude, false) by the BVH search
/// (whether or not the world has a grid): the same hit, its statistics in *hit, and in *tested
/// (free() it) the primitives the BVH search tested, in the order it tested them, each with the
/// full record of its cast: the winner's with CG_REJECT_NONE, hits beaten by a nearer one with
/// CG_REJECT_FARTHER, the rest with their reason. The excluded primitive, if any, comes first with
/// CG_REJECT_EXCLUDED. Every other primitive was culled by a box. Returns false when memory runs
/// out.
bool cg_world_explain_cast (const CgWorld *w, CgVec2 c, CgVec2 d, int64_t exclude, CgWorldHit *hit,
                            CgTested **tested, size_t *n_tested);

/// True when a ball at c starts overlapping: closer than r - eps to any edge
/// (cg_point_segment_distance()), or inside an obstacle
/// (cg_polygon_contains()). Through the BVH: only the edges whose boxes are
/// near c, and those that meet the half-line from c towards +x, are looked
/// at; the answer is cg_world_start_overlaps_brute_force()'s, exactly.
bool cg_world_start_overlaps (const CgWorld *w, CgVec2 c);

/// cg_world_start_overlaps() by testing every edge and every obstacle: the
/// reference (and what `--brute-force` uses).
bool cg_world_start_overlaps_brute_force (const CgWorld *w, CgVec2 c);

/// A polygon edge nearest to a point.
typedef struct
{
  bool found;
  uint32_t polygon; ///< the polygon's index in the world
  uint32_t edge;    ///< its edge (v[edge] -> v[edge + 1])
  double distance;  ///< cg_point_segment_distance() from the point to the edge
} CgNearestEdge;

/// The polygon edge nearest to c, among edges closer than max_distance
/// (INFINITY: any), by the BVH nearest first, pruning subtrees whose boxes
/// are too far to hold a nearer edge. Ties go to the lower polygon, then the
/// lower edge, so the answer is cg_world_nearest_edge_brute_force()'s
/// exactly. found is false (and distance max_distance) when there is none.
CgNearestEdge cg_world_nearest_edge (const CgWorld *w, CgVec2 c, double max_distance);

/// cg_world_nearest_edge() by measuring every edge.
CgNearestEdge cg_world_nearest_edge_brute_force (const CgWorld *w, CgVec2 c, double max_distance);

/// Checks the world's BVH (cg_bvh_validate()) and what its leaves hold: every
/// outline primitive in exactly one leaf, inside that leaf's box (padded as
/// built), and the cast records of every leaf equal to their primitives.
/// Returns true, or false with *problem (when not NULL) set to a static
/// sentence naming what is wrong. Run by the tests, and after every update
/// in place when built with CG_DEBUG_CHECKS.
bool cg_world_validate (const CgWorld *w, const char **problem);

/// Bytes the world holds (primitives, polygons and BVH).
size_t cg_world_memory (const CgWorld *w);
