/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-trace.h: the bounce tracer (geometry.md, "Reflection and the path"). */
#pragma once

#include "cg-world.h"

/// Where a trace stands.
typedef enum
{
  CG_TRACE_RUNNING,       ///< more casts to come
  CG_TRACE_STOPPED,       ///< touched an obstacle
  CG_TRACE_MAX_BOUNCES,   ///< made max_bounces wall hits
  CG_TRACE_ESCAPED,       ///< a cast hit nothing
  CG_TRACE_START_OVERLAP, ///< the ball starts overlapping a polygon
  CG_TRACE_INVALID_INPUT, ///< non-finite start, or a zero or non-finite direction
} CgTraceStatus;

/// One hit of a trace.
typedef struct
{
  uint32_t index;   ///< 1 for the first hit
  uint32_t prim;    ///< the primitive in the world
  CgPrimKind kind;  ///< segment or arc
  uint32_t object;  ///< the polygon
  uint32_t element; ///< the edge (segment) or vertex (arc) of that polygon
  CgRole role;
  /// kind == CG_PRIM_ARC: the arc is an arc edge's offset (element is the
  /// edge; curved scenes only), not a vertex cap (element is the vertex)
  uint8_t edge_arc;
  /// the ball reflected here (walls, obstacles with CG_ON_HIT_REFLECT); else
  /// it stopped (out == in)
  uint8_t reflected;
  CgVec2 from;     ///< where the cast started
  CgVec2 point;    ///< the contact: where the centre is when the ball touches
  CgVec2 normal;   ///< the contact normal
  CgVec2 in, out;  ///< the direction before and after (out == in at an obstacle)
  double distance; ///< t from the previous point
  /// what the cast's search cost (the full record of the winning cast is
  /// not kept: a trace of 10^4 rays x 29 bounces would hold 45 MB of it;
  /// cg_cast_primitive (prim, from, in) gives it again, bit for bit)
  CgCastStats stats;
} CgHit;

/// A trace in progress, one cast a step; keeps no history.
typedef struct
{
  const CgWorld *world;
  CgVec2 pos, dir;
  uint32_t max_bounces;
  uint32_t bounces;
  uint32_t hits;
  int64_t exclude;
  bool brute_force;
  /// per world polygon: nonzero when that obstacle reflects the ball
  /// (carom:on-hit="reflect"); NULL: every obstacle stops it. Walls always
  /// reflect. Set after cg_tracer_start().
  const uint8_t *reflect;
  CgTraceStatus status;
} CgTracer;

/// Starts a trace at c in direction d (normalised here). Returns
/// CG_TRACE_RUNNING, or the final status when there is nothing to cast:
/// START_OVERLAP, INVALID_INPUT, or MAX_BOUNCES when max_bounces is 0.
CgTraceStatus cg_tracer_start (CgTracer *t, const CgWorld *w, CgVec2 c, CgVec2 d,
                               uint32_t max_bounces, bool brute_force);

/// Makes one cast. Fills *hit and returns RUNNING after a reflection (off a
/// wall or a reflecting obstacle; both count toward max_bounces) with
/// more to come, STOPPED or MAX_BOUNCES (hit filled) at the end, ESCAPED when
/// the cast hit nothing (hit untouched). After a final status it returns that
/// status again.
CgTraceStatus cg_tracer_step (CgTracer *t, CgHit *hit);

/// A whole trace.
typedef struct
{
  CgTraceStatus status;
  CgVec2 start;
  CgVec2 direction; ///< unit start direction
  double radius;
  CgHit *hits;
  size_t n_hits;
  CgVec2 end_direction; ///< the direction after the last hit (the escaping ray's)
  /// hits lie in memory the caller gave (cg_trace_run_into()): cg_trace_clear()
  /// leaves it to the caller
  bool hits_borrowed;
} CgTrace;

/// Runs a trace to its end into out (cg_trace_clear() frees it). Returns
/// false when memory runs out.
bool cg_trace_run (const CgWorld *w, CgVec2 c, CgVec2 d, uint32_t max_bounces, bool brute_force,
                   CgTrace *out);

/// cg_trace_run() with reflecting obstacles: reflect[i] nonzero makes world
/// polygon i (an obstacle) reflect the ball (CgTracer.reflect; NULL: none).
bool cg_trace_run_reflecting (const CgWorld *w, CgVec2 c, CgVec2 d, uint32_t max_bounces,
                              bool brute_force, const uint8_t *reflect, CgTrace *out);

/// cg_trace_run_reflecting() for a start whose overlap is known: overlaps is
/// what cg_world_start_overlaps (w, c) (with brute_force, its brute-force
/// twin) answers, 0 or 1, or -1 to have it found here. The rays of a fan
/// share their start, so it is checked once for them all.
bool cg_trace_run_checked (const CgWorld *w, CgVec2 c, CgVec2 d, uint32_t max_bounces,
                           bool brute_force, const uint8_t *reflect, int overlaps, CgTrace *out);

/// cg_trace_run_checked() writing the hits to room, which holds
/// max_bounces + 1 hits (the most a trace makes): out->hits is room, and
/// out->hits_borrowed is set. A beam's rays are traced this way into big
/// blocks that are used again by the next trace (carom-hit-blocks.c), not
/// into memory of their own, which the kernel would have to find and clear
/// for every trace.
void cg_trace_run_into (const CgWorld *w, CgVec2 c, CgVec2 d, uint32_t max_bounces,
                        bool brute_force, const uint8_t *reflect, int overlaps, CgHit *room,
                        CgTrace *out);

/// Frees a trace's hits (unless borrowed) and forgets them.
void cg_trace_clear (CgTrace *t);

/// "stopped", "max-bounces", "escaped", "start-overlap" or "invalid-input".
const char *cg_trace_status_name (CgTraceStatus s);
