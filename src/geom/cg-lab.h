/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-lab.h: the other collision tests of the source articles, each with
 * every quantity it computed, for the Collision lab and `carom lab`:
 * segment–segment with uA and uB, AABB overlap, circle–circle, the
 * separating axis theorem with the minimum translation vector, a swept circle
 * against a rectangle, and a uniform grid as a broad phase. */
#pragma once

#include "cg-world.h"

/* ---- segment–segment ---- */

/// How two segments meet.
typedef enum
{
  CG_SEGMENTS_CROSS,           ///< they meet at one point, uA and uB both in [0, 1]
  CG_SEGMENTS_APART,           ///< their lines meet outside one of them
  CG_SEGMENTS_PARALLEL,        ///< parallel lines, never meeting
  CG_SEGMENTS_COLLINEAR,       ///< on one line, sharing a stretch (overlap_from .. overlap_to)
  CG_SEGMENTS_COLLINEAR_APART, ///< on one line, apart
} CgSegmentsKind;

/// Segment P1P2 against P3P4: P = P1 + uA (P2 − P1) = P3 + uB (P4 − P3).
typedef struct
{
  CgSegmentsKind kind;
  double denom;                    ///< (y4 − y3)(x2 − x1) − (x4 − x3)(y2 − y1)
  double num_a;                    ///< (x4 − x3)(y1 − y3) − (y4 − y3)(x1 − x3)
  double num_b;                    ///< (x2 − x1)(y1 − y3) − (y2 − y1)(x1 − x3)
  double ua, ub;                   ///< num_a / denom, num_b / denom (when denom ≠ 0)
  double tol;                      ///< the tolerance of these numbers (cg_tolerance())
  CgVec2 point;                    ///< where the lines meet (when denom ≠ 0)
  CgVec2 overlap_from, overlap_to; ///< the shared stretch (COLLINEAR)
} CgSegments;

/// Offsets and overlaps within the tolerance of the four points' numbers
/// (4 eps of their largest coordinate) count as touching.
CgSegments cg_lab_segments (CgVec2 p1, CgVec2 p2, CgVec2 p3, CgVec2 p4);

/* ---- boxes and circles ---- */

/// Two boxes overlap when they overlap on both axes (strictly, as the
/// articles test: boxes that only touch do not).
typedef struct
{
  bool overlap;
  bool overlap_x, overlap_y; ///< a.lo.x < b.hi.x && b.lo.x < a.hi.x, and in y
  double depth_x, depth_y;   ///< min(a.hi, b.hi) − max(a.lo, b.lo): > 0 overlap, < 0 gap
} CgBoxes;

CgBoxes cg_lab_boxes (CgAabb a, CgAabb b);

/// Two circles overlap when the distance of their centres is less than the
/// sum of their radii (compared squared: no square root needed).
typedef struct
{
  bool overlap;
  double distance_sq, radii_sq; ///< |c2 − c1|², (r1 + r2)²
  double distance, depth;       ///< |c2 − c1|, (r1 + r2) − distance
  CgVec2 normal;                ///< from the first to the second (unit; x-axis when concentric)
} CgCircles;

CgCircles cg_lab_circles (CgVec2 c1, double r1, CgVec2 c2, double r2);

/* ---- separating axis theorem ---- */

/// The most axes a SAT test reports (the rest are tested but not kept).
#define CG_SAT_MAX_AXES 64

/// One axis of a SAT test and the two shapes' projections onto it.
typedef struct
{
  CgVec2 axis;         ///< unit
  int from;            ///< 0: an edge normal of the first shape, 1: of the second,
                       ///< 2: from the circle's centre to the nearest vertex
  uint32_t edge;       ///< the edge (or vertex) it comes from
  double min_a, max_a; ///< the first shape's interval
  double min_b, max_b; ///< the second's
  double overlap;      ///< min(max_a, max_b) − max(min_a, min_b): <= 0 separates
  double push;         ///< how far the second shape must move along the axis to
                       ///< separate: min(max_a − min_b, max_b − min_a)
  int sign;            ///< +1: along the axis (max_a − min_b is the smaller), −1: against
} CgSatAxis;

/// A SAT test: separated on the first axis whose intervals do not overlap,
/// else overlapping, pushed apart by the minimum translation vector: along
/// the axis needing the least push, the way that push goes (moving the second
/// shape by it separates them; by any less, they still overlap).
typedef struct
{
  bool overlap;
  int separating; ///< the index in axes of a separating axis, or -1
  int minimum;    ///< the index of the least push (when overlapping), or -1
  CgVec2 mtv;     ///< the minimum translation vector (overlap only)
  double depth;   ///< its length
  size_t n_axes;  ///< axes tested
  CgSatAxis axes[CG_SAT_MAX_AXES];
} CgSat;

/// True when the polygon is convex (its turns all one way, collinear
/// vertices allowed). A simple polygon is assumed.
bool cg_polygon_is_convex (const CgVec2 *v, size_t n);

/// SAT for two convex polygons: the edge normals of both are the axes.
/// Returns false for a polygon that is not convex (then *out is empty).
bool cg_lab_sat_polygons (const CgVec2 *a, size_t na, const CgVec2 *b, size_t nb, CgSat *out);

/// SAT for a convex polygon and a circle: the polygon's edge normals and the
/// axis from the circle's centre to the polygon's nearest vertex.
bool cg_lab_sat_circle (const CgVec2 *a, size_t na, CgVec2 c, double r, CgSat *out);

/* ---- a swept circle against a rectangle ---- */

/// Why a swept circle misses, at the step that decides it.
typedef enum
{
  CG_SWEEP_MISS_NONE,         ///< it hits (or overlaps at the start)
  CG_SWEEP_MISS_STILL,        ///< end = start: it does not move
  CG_SWEEP_MISS_SLABS_APART,  ///< t_enter > t_exit: the ray passes the grown box
  CG_SWEEP_MISS_BEHIND,       ///< t_exit < 0: the grown box is behind the start
  CG_SWEEP_MISS_SHORT,        ///< t_enter > length: the move ends before the grown box
  CG_SWEEP_MISS_CORNER,       ///< disc < 0: the ray passes the corner's circle
  CG_SWEEP_MISS_CORNER_RANGE, ///< the corner's root is not in [0, length]
} CgSweepMiss;

/// A circle of radius r moving from start to end against a box: the time of
/// impact s in [0, 1] (the centre at start + s (end − start)), the contact
/// normal, and whether a corner was hit. Solved on the rectangle grown by r:
/// the ray start + t d against the box grown by r (slabs), and where that
/// lands beyond the rectangle on both axes, against the corner's circle of
/// radius r. The steps are kept for the lab's panel.
typedef struct
{
  bool hit;
  bool inside;            ///< the circle overlaps the rectangle at the start (s = 0)
  bool corner;            ///< the hit is on a corner's circle
  double s;               ///< time of impact in [0, 1]
  double t;               ///< the distance travelled, s |end − start|
  CgVec2 centre;          ///< the circle's centre at the impact
  CgVec2 normal;          ///< the contact normal (unit, out of the rectangle)
  CgVec2 contact;         ///< where the circle touches the rectangle
  double t_enter, t_exit; ///< the slabs' entry and exit on the grown box (ray distances)

  /* The steps, for the lab's panel and `carom lab` (none when inside);
   * enter, exit, b, cc and disc are NaN where the test stopped before them. */
  CgSweepMiss miss;         ///< why it misses at the step it stopped, or CG_SWEEP_MISS_NONE
  CgVec2 direction;         ///< d = (end − start) / length, unit
  double length;            ///< |end − start|
  CgAabb grown;             ///< the rectangle grown by r on every side
  double enter[2], exit[2]; ///< per axis (x, y), the ray distances where it enters and leaves
                            ///< the grown box's slab; −∞ and ∞ when it runs inside the slab,
                            ///< ∞ and −∞ when it runs outside it
  int enter_axis;           ///< the slab entered last (0: x, 1: y), or −1
  CgVec2 entry;             ///< q = start + max(t_enter, 0) d, on the grown box
  CgVec2 corner_point;      ///< k, the corner whose circle decides (corner region only)
  /// The corner's circle: |m + t d|² = r² with m = start − k, that is
  /// t² + 2 b t + cc = 0 with b = m·d, cc = |m|² − r², disc = b² − cc.
  double b, cc, disc;
} CgSweep;

CgSweep cg_lab_sweep_circle_box (CgVec2 start, CgVec2 end, double r, CgAabb box);

/* ---- a uniform grid as broad phase ---- */

/// A uniform grid over the world's offset primitives for one radius: each
/// cell lists the primitives whose box touches it (a spatial hash of fixed
/// cell size).
typedef struct
{
  CgAabb box;  ///< the grid's extent
  double cell; ///< cell size
  double pad;  ///< how far a box is padded for the casts' tolerance
  uint32_t cols, rows;
  uint32_t *first;    ///< cols × rows + 1 offsets into items
  uint32_t *items;    ///< indices into prims, by cell
  CgPrimitive *prims; ///< the primitives for the radius
  uint32_t *ids;      ///< their ids in the world
  uint32_t n_prims;
} CgGrid;

/// Builds a grid over w's primitives for a ball of radius r; cell <= 0
/// chooses one from the primitives' mean box size. Returns false when
/// memory runs out.
bool cg_grid_build (CgGrid *grid, const CgWorld *w, double r, double cell);

void cg_grid_clear (CgGrid *grid);

/// What a cast through the grid tested.
typedef struct
{
  bool hit;
  uint32_t prim; ///< the hit (the same as cg_world_cast's)
  double t;
  uint32_t cells_visited;     ///< cells the ray walked through (Amanatides–Woo) before stopping
  uint32_t primitives_tested; ///< distinct primitives cast against
} CgGridCast;

/// The first hit of the ray c + t d through the grid, walking its cells in
/// order and stopping once the best hit is nearer than the next cell. The
/// primitive `after` (an id, or -1) counts only at t > 0, as in
/// cg_world_cast().
CgGridCast cg_grid_cast (const CgGrid *grid, CgVec2 c, CgVec2 d, int64_t after);
