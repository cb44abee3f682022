/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-wasm.h: the geometry core as the web page calls it (carom-core.wasm,
 * docs/web-core.md). Every function here is exported under its own name;
 * everything crosses as numbers: the scene goes in as doubles the page
 * writes into the core's memory, the trace comes out as doubles the page
 * reads from it. The tracing is the native one (src/geom/cg-scene.h: the
 * same scene-to-world step, beam rays, start check and hit loop that
 * `carom trace` runs), so the page's trace is the CLI's.
 *
 * Memory: the core owns every buffer. A call that may allocate (buffer,
 * load, trace, explain) may grow the wasm memory, which detaches the page's
 * typed-array views of it: make them again after such a call. Pointers are
 * byte offsets into the memory; doubles are 8-byte aligned, so
 * `new Float64Array(memory.buffer, ptr, n)` reads them.
 *
 * All integers in the buffers (counts, indices, codes) are doubles holding
 * exact integers. */
#pragma once

#include <stdint.h>

/// The layout version: carom_core_version() returns it. A page checks it
/// before it uses the core; any change of a layout below raises it.
#define CAROM_CORE_VERSION 1

/* ---- the scene, as the page writes it ---------------------------------- */

/// What an object is (the first number of its record).
enum
{
  /// [0, role, on_hit, n, curved, x0, y0, … x(n-1), y(n-1),
  ///  then when curved: n × (qx, qy, R, sweep)]: a wall or an obstacle, its
  /// vertices in its role's orientation, as the scene stores them (the
  /// page's data block `points`; `edges` for curved ones, a straight edge
  /// all zero). role: CAROM_CORE_WALL or CAROM_CORE_OBSTACLE; on_hit:
  /// CAROM_CORE_STOP or CAROM_CORE_REFLECT (read for obstacles only: walls
  /// always reflect).
  CAROM_CORE_POLYGON = 0,
  /// [1, cx, cy, radius, dx, dy, max_bounces]: a ball, its direction the
  /// unit vector the scene stores.
  CAROM_CORE_BALL = 1,
  /// [2, shape, cx, cy, radius, dx, dy, max_bounces, count, spread, ex, ey]:
  /// a beam. shape: CAROM_CORE_FAN (count rays from (cx, cy), spread degrees
  /// wide around (dx, dy); ex, ey unused) or CAROM_CORE_PARALLEL (count rays
  /// from P1 = (cx, cy) to P2 = (ex, ey), all along (dx, dy); spread unused).
  CAROM_CORE_BEAM = 2,
};

/// Numbers in a ball's and a beam's record.
#define CAROM_CORE_BALL_NUMBERS 7
#define CAROM_CORE_BEAM_NUMBERS 12

enum
{
  CAROM_CORE_WALL = 0,
  CAROM_CORE_OBSTACLE = 1,
};

enum
{
  CAROM_CORE_STOP = 0,
  CAROM_CORE_REFLECT = 1,
};

enum
{
  CAROM_CORE_FAN = 0,
  CAROM_CORE_PARALLEL = 1,
};

/// The scene buffer: [CAROM_CORE_VERSION, n_objects, object records …], the
/// objects in document order (hidden ones left out). An object's index in
/// this list is how the results name it.

/* ---- the trace, as the page reads it ----------------------------------- */

/// A traced ball's record (carom_core_balls()): a ball of the scene, or one
/// ray of a beam (`BEAMID#k`), in document order, a beam's rays in order.
enum
{
  CAROM_CORE_BALL_OBJECT, ///< the ball's or beam's index in the scene list
  CAROM_CORE_BALL_RAY,    ///< k for a beam's ray k, 0 for a ball
  CAROM_CORE_BALL_START,  ///< x, y: where the ball starts
  CAROM_CORE_BALL_DIRECTION = CAROM_CORE_BALL_START + 2, ///< x, y: the unit start direction
  CAROM_CORE_BALL_RADIUS = CAROM_CORE_BALL_DIRECTION + 2,
  CAROM_CORE_BALL_STATUS,        ///< CAROM_CORE_STATUS_…
  CAROM_CORE_BALL_N_HITS,        ///< its hits
  CAROM_CORE_BALL_FIRST_HIT,     ///< the index of its first hit in carom_core_hits()
  CAROM_CORE_BALL_END_DIRECTION, ///< x, y: the direction after the last hit
  CAROM_CORE_BALL_STRIDE = CAROM_CORE_BALL_END_DIRECTION + 2, ///< numbers a ball
};

/// How a ball's trace ended (`status` of `carom trace --json`: "stopped",
/// "max-bounces", "escaped", "start-overlap", "invalid-input", "budget").
enum
{
  CAROM_CORE_STATUS_STOPPED = 1,
  CAROM_CORE_STATUS_MAX_BOUNCES = 2,
  CAROM_CORE_STATUS_ESCAPED = 3,
  CAROM_CORE_STATUS_START_OVERLAP = 4,
  CAROM_CORE_STATUS_INVALID_INPUT = 5,
  CAROM_CORE_STATUS_BUDGET = 6,
};

/// A hit's record (carom_core_hits()): what `carom trace --json` prints of
/// it, and what the explanation needs.
enum
{
  CAROM_CORE_HIT_INDEX,                               ///< 1 for the ball's first hit
  CAROM_CORE_HIT_POINT,                               ///< x, y: the centre at contact
  CAROM_CORE_HIT_DISTANCE = CAROM_CORE_HIT_POINT + 2, ///< t from the point before
  CAROM_CORE_HIT_NORMAL,                              ///< x, y: the contact normal
  CAROM_CORE_HIT_OBJECT = CAROM_CORE_HIT_NORMAL + 2,  ///< the polygon's index in the scene list
  CAROM_CORE_HIT_ROLE,                                ///< CAROM_CORE_WALL or CAROM_CORE_OBSTACLE
  /// CAROM_CORE_SEGMENT or CAROM_CORE_ARC (JSON "primitive")
  CAROM_CORE_HIT_KIND,
  /// CAROM_CORE_PART_…: EDGE is JSON "edge", the others "vertex"
  CAROM_CORE_HIT_PART,
  CAROM_CORE_HIT_ELEMENT,                        ///< the edge or the vertex
  CAROM_CORE_HIT_REFLECTED,                      ///< 1: "reflect", 0: "stop"
  CAROM_CORE_HIT_IN,                             ///< x, y: the direction before
  CAROM_CORE_HIT_OUT = CAROM_CORE_HIT_IN + 2,    ///< x, y: the direction after
  CAROM_CORE_HIT_FROM = CAROM_CORE_HIT_OUT + 2,  ///< x, y: where the cast started
  CAROM_CORE_HIT_PRIM = CAROM_CORE_HIT_FROM + 2, ///< the primitive's id in the world
  CAROM_CORE_HIT_NODES,                          ///< the search's nodes visited,
  CAROM_CORE_HIT_BOXES,                          ///< boxes tested
  CAROM_CORE_HIT_PRIMITIVES,                     ///< and primitives tested
  CAROM_CORE_HIT_STRIDE,                         ///< numbers a hit
};

enum
{
  CAROM_CORE_SEGMENT = 0,
  CAROM_CORE_ARC = 1,
};

/// Which part of an outline a primitive is (CgPart).
enum
{
  CAROM_CORE_PART_CAP = 0,          ///< the corner arc at a vertex
  CAROM_CORE_PART_HALF_CAP_IN = 1,  ///< the half turn at a vertex ending a tight concave arc
  CAROM_CORE_PART_HALF_CAP_OUT = 2, ///< the half turn at a vertex starting one
  CAROM_CORE_PART_EDGE = 3,         ///< an edge's offset
};

/* ---- an explanation ----------------------------------------------------- */

/// carom_core_explanation(): a header, the primitive hit and its cast
/// record, then the rejected candidates nearest first, each a primitive and
/// its record (what `carom trace --explain` lists, every one of them: the
/// CLI shows the first 5 and says how many more).
enum
{
  CAROM_CORE_EXPLAIN_C,                                 ///< x, y: the cast's start
  CAROM_CORE_EXPLAIN_D = CAROM_CORE_EXPLAIN_C + 2,      ///< x, y: its unit direction
  CAROM_CORE_EXPLAIN_RADIUS = CAROM_CORE_EXPLAIN_D + 2, ///< the ball's radius
  /// the radius R of the arc edge hit (0 unless an arc edge's offset was hit)
  CAROM_CORE_EXPLAIN_EDGE_RADIUS,
  CAROM_CORE_EXPLAIN_EXCLUDE,      ///< the primitive just reflected off, or -1
  CAROM_CORE_EXPLAIN_NODES,        ///< the search's nodes visited,
  CAROM_CORE_EXPLAIN_BOXES,        ///< boxes tested,
  CAROM_CORE_EXPLAIN_PRIMITIVES,   ///< primitives tested,
  CAROM_CORE_EXPLAIN_N_PRIMITIVES, ///< and what brute force would test
  CAROM_CORE_EXPLAIN_N_TESTED,     ///< candidates the search tested (the hit included)
  CAROM_CORE_EXPLAIN_N_REJECTED,   ///< rejected candidates that follow
  CAROM_CORE_EXPLAIN_HEADER,       ///< numbers before the hit's primitive
};

/// A primitive (CgPrimitive) in an explanation.
enum
{
  CAROM_CORE_PRIM_ID,      ///< its id in the world
  CAROM_CORE_PRIM_KIND,    ///< CAROM_CORE_SEGMENT or CAROM_CORE_ARC
  CAROM_CORE_PRIM_PART,    ///< CAROM_CORE_PART_…
  CAROM_CORE_PRIM_OBJECT,  ///< the polygon's index in the scene list
  CAROM_CORE_PRIM_ELEMENT, ///< the edge or the vertex
  CAROM_CORE_PRIM_INSIDE,  ///< arc: its front is inside the circle
  CAROM_CORE_PRIM_FULL,    ///< arc: a whole circle
  CAROM_CORE_PRIM_A,       ///< x, y: the ends in the boundary's direction
  CAROM_CORE_PRIM_B = CAROM_CORE_PRIM_A + 2,
  CAROM_CORE_PRIM_N = CAROM_CORE_PRIM_B + 2,         ///< x, y: segment: the unit front normal
  CAROM_CORE_PRIM_Q = CAROM_CORE_PRIM_N + 2,         ///< x, y: arc: the centre
  CAROM_CORE_PRIM_RHO = CAROM_CORE_PRIM_Q + 2,       ///< arc: the radius
  CAROM_CORE_PRIM_U_FROM,                            ///< x, y: arc: where its left turn starts
  CAROM_CORE_PRIM_U_TO = CAROM_CORE_PRIM_U_FROM + 2, ///< x, y: and ends
  CAROM_CORE_PRIM_SWEEP = CAROM_CORE_PRIM_U_TO + 2,  ///< arc: that turn's angle
  CAROM_CORE_PRIM_STRIDE,
};

/// A cast record (CgCastRecord) in an explanation: every quantity the cast
/// computed (zero where it did not).
enum
{
  CAROM_CORE_REC_REJECT, ///< why it lost: 0 the hit, else CgReject (cg-cast.h)
  CAROM_CORE_REC_TOL,
  CAROM_CORE_REC_T,
  CAROM_CORE_REC_POINT,                             ///< x, y
  CAROM_CORE_REC_NORMAL = CAROM_CORE_REC_POINT + 2, ///< x, y
  CAROM_CORE_REC_D_DOT_N = CAROM_CORE_REC_NORMAL + 2,
  CAROM_CORE_REC_H,
  CAROM_CORE_REC_S,
  CAROM_CORE_REC_SIDE_A,
  CAROM_CORE_REC_SIDE_B,
  CAROM_CORE_REC_M, ///< x, y
  CAROM_CORE_REC_B = CAROM_CORE_REC_M + 2,
  CAROM_CORE_REC_CC,
  CAROM_CORE_REC_DISC,
  CAROM_CORE_REC_T0,
  CAROM_CORE_REC_T1,
  CAROM_CORE_REC_LARGER_ROOT,
  CAROM_CORE_REC_SWEEP_FROM,
  CAROM_CORE_REC_SWEEP_TO,
  CAROM_CORE_REC_PHI,
  CAROM_CORE_REC_SWEEP,
  CAROM_CORE_REC_STRIDE,
};

/* ---- the functions ------------------------------------------------------ */

/// CAROM_CORE_VERSION.
int32_t carom_core_version (void);

/// Room for n doubles, where the page writes the scene before
/// carom_core_load(); NULL (0) when memory runs out. The core owns it; the
/// next call to this function may move it.
double *carom_core_buffer (uint32_t n);

/// Loads the scene the page wrote into carom_core_buffer()'s first n
/// doubles, replacing any scene before (and forgetting its trace): builds
/// the world of its polygons. Returns the number of objects, or an error:
/// CAROM_CORE_ERROR_FORMAT (not a scene buffer of this version, or cut
/// short), CAROM_CORE_ERROR_INVALID (an object the scene reader would refuse:
/// a polygon that is not simple or not finite, a ball of no or non-finite
/// radius, a zero direction, a beam of no ray;
/// carom_core_error_object() says which), CAROM_CORE_ERROR_MEMORY.
int32_t carom_core_load (uint32_t n);

enum
{
  CAROM_CORE_ERROR_FORMAT = -1,
  CAROM_CORE_ERROR_INVALID = -2,
  CAROM_CORE_ERROR_MEMORY = -3,
  CAROM_CORE_ERROR_NO_SCENE = -4, ///< nothing loaded yet
  CAROM_CORE_ERROR_OBJECT = -5,   ///< no such object, or not of that kind
  CAROM_CORE_ERROR_VALUE = -6,    ///< a number that cannot be taken (not finite, zero)
  CAROM_CORE_ERROR_CHANGED = -7,  ///< carom_core_update(): not the loaded scene's polygons
};

/// Takes the balls and beams of the scene anew from carom_core_buffer()'s
/// first n doubles (laid out as for carom_core_load()), their numbers as
/// given (a direction as the scene stores it, not normalised again), without
/// building the world again: the buffer's polygons must be the loaded
/// scene's, the same numbers in the same places, and its objects of the same
/// kinds in the same order (balls and beams may change anything else:
/// start, direction, radius, count …). Forgets the trace. Returns the number
/// of objects, or an error: CAROM_CORE_ERROR_CHANGED when the polygons or the
/// kinds differ (load the scene instead), CAROM_CORE_ERROR_FORMAT,
/// CAROM_CORE_ERROR_INVALID (carom_core_error_object() says which),
/// CAROM_CORE_ERROR_NO_SCENE.
int32_t carom_core_update (uint32_t n);

/// The index of the object carom_core_load() refused, or -1.
int32_t carom_core_error_object (void);

/// Traces every ball and beam of the loaded scene, as `carom trace --json
/// --max-hits budget [--max-bounces max_bounces]` does: max_bounces < 0
/// keeps each ball's own; budget (rays and hits, CaromTracePlan's units) 0
/// is CAROM_CORE_BUDGET_DEFAULT. Returns the number of balls traced (a
/// beam's rays each count; balls and beams the budget has no room for are
/// left out, as the CLI leaves them out), or an error.
int32_t carom_core_trace (double max_bounces, double budget);

/// The page's default budget: what a page can hold in memory (a hit takes
/// CAROM_CORE_HIT_STRIDE doubles), not the CLI's 20,000,000.
#define CAROM_CORE_BUDGET_DEFAULT 1000000.0

/// The balls traced: carom_core_trace()'s count of CAROM_CORE_BALL_STRIDE
/// records.
const double *carom_core_balls (void);

/// Every hit of the trace, ball after ball (a ball's CAROM_CORE_BALL_N_HITS
/// records from CAROM_CORE_BALL_FIRST_HIT), CAROM_CORE_HIT_STRIDE numbers
/// each.
const double *carom_core_hits (void);

/// The hits in carom_core_hits().
uint32_t carom_core_hit_count (void);

/// Whether the budget cut the trace (some ray got fewer hits than it asked
/// for, or some ball was not traced): 1 or 0.
int32_t carom_core_trace_cut (void);

/// Moves the start of ball or beam `object` (a ball's centre, a fan's
/// start, a parallel beam's P1) to (x, y). 0, or an error. Trace again to
/// see it.
int32_t carom_core_set_start (uint32_t object, double x, double y);

/// Moves a parallel beam's P2 to (x, y). 0, or an error.
int32_t carom_core_set_end (uint32_t object, double x, double y);

/// Aims ball or beam `object` along (dx, dy), made a unit vector as the
/// scene reader makes carom:direction one (kept as given when it is one
/// already, within 4 ulps of length² 1). 0, or an error.
int32_t carom_core_set_direction (uint32_t object, double dx, double dy);

/// (dx, dy) made a unit vector as the scene reader makes carom:direction
/// one, and carom_core_set_direction() does (what a page's "aim along" gives
/// the scene): two doubles, valid until the next call; (0, 0) for a zero or
/// non-finite vector.
const double *carom_core_unit_direction (double dx, double dy);

/// The record of object `index` as the core has it now (the layout of the
/// scene buffer, from its kind): the direction carom_core_set_direction()
/// made, for instance. NULL (0) when there is no such object.
const double *carom_core_object (uint32_t index);

/// Explains hit `hit` (1 for the first) of traced ball `ball` (its index in
/// carom_core_balls()): casts it again recording every primitive the search
/// tested, as `carom trace --explain` does. Returns the number of rejected
/// candidates (>= 0), or an error (CAROM_CORE_ERROR_OBJECT: no such hit).
/// The explanation is in carom_core_explanation() until the next call.
int32_t carom_core_explain (uint32_t ball, uint32_t hit);

/// The last explanation: CAROM_CORE_EXPLAIN_HEADER numbers, the hit's
/// primitive (CAROM_CORE_PRIM_STRIDE) and record (CAROM_CORE_REC_STRIDE),
/// then each rejected candidate's primitive and record.
const double *carom_core_explanation (void);
