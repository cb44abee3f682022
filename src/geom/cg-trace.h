/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-trace.h: the bounce tracer (geometry.md, "Reflection and the path"):
 * one loop, straight and curved boundaries alike, that hands each hit to a
 * sink, which may end the trace. */
#pragma once
#include "cg-world.h"

/// Where a trace stands.
typedef enum
{
  CG_TRACE_RUNNING,       ///< more casts to come
  CG_TRACE_STOPPED,       ///< touched an obstacle that stops the ball
  CG_TRACE_MAX_BOUNCES,   ///< made max_bounces reflections
  CG_TRACE_ESCAPED,       ///< a cast hit nothing
  CG_TRACE_START_OVERLAP, ///< the ball starts overlapping a boundary
  CG_TRACE_INVALID_INPUT, ///< non-finite start, or a zero or non-finite direction
  CG_TRACE_BUDGET,        ///< the sink took no more hits (a work budget ran out)
} CgTraceStatus;

/// One hit of a trace.
typedef struct
{
  uint32_t index; ///< 1 for the first hit
  uint32_t prim;  ///< the primitive's id in the world (cg_world_primitive())
  uint8_t kind;   ///< CgPrimKind: segment or arc
  uint8_t part;   ///< CgPart: an edge's offset, a vertex cap or a half cap
  /// the ball reflected here (walls, reflecting obstacles); else it stopped
  /// (out == in)
  uint8_t reflected;
  uint32_t object;  ///< the boundary
  uint32_t element; ///< its edge (CG_PART_EDGE) or vertex
  CgRole role;
  CgVec2 from;     ///< where the cast started
  CgVec2 point;    ///< the contact: where the centre is when the ball touches
  CgVec2 normal;   ///< the contact normal
  CgVec2 in, out;  ///< the direction before and after (out == in at a stop)
  double distance; ///< t from the previous point (>= 0)
  /// what the cast's search cost (the full record of the winning cast is
  /// not kept: a trace of 10^4 rays x 29 bounces would hold 45 MB of it;
  /// cg_world_cast (w, from, in, r, ...) gives it again, bit for bit)
  CgCastStats stats;
} CgHit;

/// A trace in progress, one cast a step; keeps no history.
typedef struct
{
  const CgWorld *world;
  double radius;
  CgVec2 pos, dir;
  uint32_t max_bounces;
  uint32_t bounces;
  uint32_t hits;
  int64_t after; ///< the primitive just reflected off (counts only at t > 0), or -1
  bool brute_force;
  CgTraceStatus status;
} CgTracer;

/// Starts a trace of a ball of radius r at c in direction d (normalised
/// here). overlaps is what cg_world_start_overlaps (w, c, r) (or its
/// brute-force twin) answers, 0 or 1, or -1 to have it found here (the rays
/// of a fan share their start, so it is checked once for them all). Returns
/// CG_TRACE_RUNNING, or the final status when there is nothing to cast:
/// START_OVERLAP, INVALID_INPUT, or MAX_BOUNCES when max_bounces is 0.
CgTraceStatus cg_tracer_start (CgTracer *t, const CgWorld *w, double r, CgVec2 c, CgVec2 d,
                               uint32_t max_bounces, bool brute_force, int overlaps);

/// Makes one cast. Fills *hit and returns RUNNING after a reflection (off a
/// wall or a reflecting obstacle; both count toward max_bounces) with more
/// to come, STOPPED or MAX_BOUNCES (hit filled) at the end, ESCAPED when the
/// cast hit nothing (hit untouched). After a final status it returns that
/// status again.
CgTraceStatus cg_tracer_step (CgTracer *t, CgHit *hit);

/// Takes one hit of a trace; returns false to take no more (the trace then
/// ends with CG_TRACE_BUDGET, unless that hit ended it anyway).
typedef bool (*CgHitSink) (const CgHit *hit, void *data);

/// A whole trace, as it ended.
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

/// The tracer loop: starts the trace (as cg_tracer_start()) and hands every
/// hit to sink until the trace ends or the sink takes no more. Fills out's
/// status, start, direction, radius and end direction (not its hits).
void cg_trace_each (const CgWorld *w, double r, CgVec2 c, CgVec2 d, uint32_t max_bounces,
                    bool brute_force, int overlaps, CgHitSink sink, void *data, CgTrace *out);

/// Runs a trace to its end into out (cg_trace_clear() frees it), its hits
/// in memory of its own. Returns false when memory runs out.
bool cg_trace_run (const CgWorld *w, double r, CgVec2 c, CgVec2 d, uint32_t max_bounces,
                   bool brute_force, int overlaps, CgTrace *out);

/// cg_trace_run() writing the hits to room, which holds max_bounces + 1 hits
/// (the most a trace makes): out->hits is room, and out->hits_borrowed is
/// set. A beam's rays are traced this way into big blocks that are used
/// again by the next trace (carom-hit-blocks.c), not into memory of their
/// own, which the kernel would have to find and clear for every trace.
void cg_trace_run_into (const CgWorld *w, double r, CgVec2 c, CgVec2 d, uint32_t max_bounces,
                        bool brute_force, int overlaps, CgHit *room, CgTrace *out);

/// Frees a trace's hits (unless borrowed) and forgets them.
void cg_trace_clear (CgTrace *t);

/// "stopped", "max-bounces", "escaped", "start-overlap", "invalid-input" or
/// "budget".
const char *cg_trace_status_name (CgTraceStatus s);
