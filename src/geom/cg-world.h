/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-world.h: the one world of a scene: its boundaries (straight edges and
 * exact arcs alike), a BVH over runs of their edges, and the questions the
 * tracer, the explanation and the editor ask of it, for a ball of any radius.
 *
 * The world keeps the boundaries themselves, not their offset outlines: the
 * offset primitives for a radius r are made from an edge's vertices and
 * normals as a cast reaches them (cg-outline.h), so one world serves balls
 * of every radius, is built in the time of one BVH over the obstacles, and
 * holds two points an edge (its vertex and its front normal; an arc's centre,
 * radius and end normals besides). Boxes are grown by r as a search tests
 * them. Nothing here depends on the scene's size: tolerances follow the
 * numbers of each computation (cg-cast.h). */
#pragma once

#include "cg-bvh.h"
#include "cg-outline.h"

/// A boundary handed to cg_world_new(): valid (cg_polygon_validate() or
/// cg_curve_validate()) and in its role's orientation.
typedef struct
{
  const CgVec2 *v;
  const CgCurveEdge *e; ///< NULL: every edge straight
  size_t n;
  CgRole role;
  CgOnHit on_hit; ///< obstacles: stop (the default) or reflect; walls always reflect
} CgBoundaryRef;

/// Counters of one search, to show what the broad phase saved.
typedef struct
{
  uint32_t nodes_visited;     ///< BVH nodes opened (4-wide) and leaves (or grid cells) tested
  uint32_t boxes_tested;      ///< ray–box tests
  uint32_t primitives_tested; ///< narrow-phase casts
} CgCastStats;

typedef struct CgWorld CgWorld;

/// Copies count boundaries into a new world and builds its BVH. NULL when
/// memory runs out.
CgWorld *cg_world_new (const CgBoundaryRef *bounds, size_t count);

/// Frees a world (NULL is fine).
void cg_world_free (CgWorld *w);

/// The number of boundaries.
size_t cg_world_count (const CgWorld *w);

/// Boundary i as stored (its arrays are the world's).
CgBoundaryRef cg_world_boundary (const CgWorld *w, size_t i);

/// Boundary i as the outline reads it (cg_outline_part()).
CgOutline cg_world_outline (const CgWorld *w, size_t i);

/// Whether the ball reflects off boundary i (walls, reflecting obstacles).
bool cg_world_reflects (const CgWorld *w, size_t i);

/// Replaces boundary i's vertices (and edges) by v[0 .. n) and e (valid, in
/// its role's orientation) in place, straight or curved alike: its normals
/// and boxes are made again and the BVH refitted, so a drag costs far less
/// than a new world, and every question then gets the answer a world built
/// anew would give. Returns false, changing nothing, when it cannot be
/// updated in place (another number of edges, or edges that become arcs or
/// stop being arcs): build a new world then.
bool cg_world_update (CgWorld *w, size_t i, const CgVec2 *v, const CgCurveEdge *e, size_t n);

/// Makes casts of balls up to radius r walk a uniform grid of cells in
/// large, evenly spread scenes (cg-world-grid.c), when it pays: the same
/// hits with less work. Not thread-safe: call it before casting from
/// several threads. Casts of larger balls use the BVH.
void cg_world_prepare (CgWorld *w, double r);

/// The BVH over runs of edges (for drawing and statistics): its boxes are
/// the runs' edges' boxes (not grown by any radius) in the frame of
/// cg_world_bvh_origin() (add it to a stored box to get scene units). Each
/// leaf is one run: its item is the run, user[0] the run's first edge (in
/// the world's numbering of edges) and user[1] its boundary << 4 | its
/// number of edges.
const CgBvh *cg_world_bvh (const CgWorld *w);
CgVec2 cg_world_bvh_origin (const CgWorld *w);

/// Whether casts of radius r walk a grid; when they do and the arguments are
/// not NULL, gives the cells' union and a cell's width and height.
bool cg_world_grid (const CgWorld *w, double r, CgAabb *bounds, double *cell_w, double *cell_h);

/// The box of boundary i's offset outline for radius r: its primitives'
/// boxes (arcs' axis points within their sweeps included).
CgAabb cg_world_outline_bounds (const CgWorld *w, size_t i, double r);

/// How many primitives the world has for radius r (what brute force casts
/// against).
size_t cg_world_primitive_total (const CgWorld *w, double r);

/// The number of primitive ids (CG_PARTS per edge; cg_prim_id()).
uint32_t cg_world_prim_count (const CgWorld *w);

/// Primitive `id` for radius r; false when that slot holds nothing for r.
bool cg_world_primitive (const CgWorld *w, uint32_t id, double r, CgPrimitive *out);

/// The first primitive a cast hits.
typedef struct
{
  bool hit;
  uint32_t prim;    ///< its id
  CgCastRecord rec; ///< the full record of its cast
  CgCastStats stats;
} CgWorldHit;

/// What the tracer needs of a hit: where and how the ball touches.
typedef struct
{
  bool hit;
  uint32_t prim; ///< the primitive's id
  double t;      ///< the ray parameter of the contact (>= 0)
  CgVec2 point;  ///< c + t d
  CgVec2 normal; ///< the contact normal
  CgPrimKind kind;
  CgPart part;
  uint32_t object;  ///< the boundary
  uint32_t element; ///< its edge (CG_PART_EDGE) or vertex
  CgCastStats stats;
} CgWorldContact;

/// The first hit of a ball of radius r moving along c + t d (d made a unit
/// vector by cg_unit_direction(), so t is a distance). The primitive
/// `after` (-1: none), the one the ball just reflected off, counts only at
/// t > 0 (a concave arc can be hit again across its circle; a tangent graze
/// is not hit forever). Ties in t go to the lower id, so the BVH, the grid
/// and brute force choose the same hit bit for bit.
CgWorldContact cg_world_cast_contact (const CgWorld *w, CgVec2 c, CgVec2 d, double r, int64_t after,
                                      bool brute_force);

/// cg_world_cast_contact() with the winner's full record
/// (cg_cast_primitive()).
CgWorldHit cg_world_cast (const CgWorld *w, CgVec2 c, CgVec2 d, double r, int64_t after,
                          bool brute_force);

/// One primitive a cast looked at, and the full record of its cast.
typedef struct
{
  uint32_t prim;
  CgPrimitive p;
  CgCastRecord rec; ///< rec.reject says why it was not the hit (NONE for the hit)
} CgTested;

/// Explains cg_world_cast (w, c, d, r, after, false) by the BVH search
/// (whether or not the world has a grid): the same hit, its statistics in
/// *hit, and in *tested (free() it) the primitives the search tested, in
/// the order it tested them, each with its full record: the winner's with
/// CG_REJECT_NONE, hits beaten by a nearer one with CG_REJECT_FARTHER, the
/// `after` primitive hit again at t = 0 with CG_REJECT_EXCLUDED, the rest
/// with their reason. Every other primitive was culled by a box. Returns
/// false when memory runs out.
bool cg_world_explain_cast (const CgWorld *w, CgVec2 c, CgVec2 d, double r, int64_t after,
                            CgWorldHit *hit, CgTested **tested, size_t *n_tested);

/// True when a ball of radius r at c starts overlapping: closer than
/// r - tau to an edge (tau of the numbers of that distance, cg-cast.h), or
/// inside an obstacle. Through the BVH; the answer is the brute force's.
bool cg_world_start_overlaps (const CgWorld *w, CgVec2 c, double r);

/// cg_world_start_overlaps() over every edge and obstacle: the reference.
bool cg_world_start_overlaps_brute_force (const CgWorld *w, CgVec2 c, double r);

/// An edge nearest to a point.
typedef struct
{
  bool found;
  uint32_t polygon; ///< the boundary's index in the world
  uint32_t edge;    ///< its edge (v[edge] -> v[edge + 1])
  double distance;  ///< from the point to the edge
} CgNearestEdge;

/// The edge nearest to c among edges closer than max_distance (INFINITY:
/// any). Ties go to the lower boundary, then the lower edge, so the answer
/// is cg_world_nearest_edge_brute_force()'s exactly.
CgNearestEdge cg_world_nearest_edge (const CgWorld *w, CgVec2 c, double max_distance);

/// cg_world_nearest_edge() by measuring every edge.
CgNearestEdge cg_world_nearest_edge_brute_force (const CgWorld *w, CgVec2 c, double max_distance);

/// Checks the world: the BVH (cg_bvh_validate()), every edge in exactly one
/// leaf and inside its box, the runs' boxes, the normals, and the grids.
/// Returns true, or false with *problem (when not NULL) set to a static
/// sentence. Run by the tests, and after every update in place when built
/// with CG_DEBUG_CHECKS.
bool cg_world_validate (const CgWorld *w, const char **problem);

/// Bytes the world holds.
size_t cg_world_memory (const CgWorld *w);
