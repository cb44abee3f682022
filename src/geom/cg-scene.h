/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-scene.h: the step from a scene to its trace, in plain C (libm only), so
 * that the window, `carom trace` and the web page's core (src/wasm) trace
 * alike: which polygons go into the world and how, the world prepared for
 * the balls' radii, a beam's rays, the start check a fan's rays share, the
 * max-bounces override, the work budget shared between the rays, and one
 * ball traced into a hit sink. The model (carom-tracing.c) keeps the rest:
 * threads, where the hits are kept, streaming, updates in place. */
#pragma once

#include "cg-trace.h"

/* ---- what goes into the world ---- */

/// The world's boundary for a polygon of the scene: its vertices (and edges,
/// NULL when all are straight) in its role's orientation, and what the ball
/// does when it touches it: walls always reflect (their on_hit is not read),
/// an obstacle reflects only with CG_ON_HIT_REFLECT (anything else stops).
/// Hidden polygons are not traced: leave them out.
CgBoundaryRef cg_scene_boundary (const CgVec2 *v, const CgCurveEdge *e, size_t n, CgRole role,
                                 int on_hit);

/// The world of a scene's boundaries, prepared (cg_world_prepare()) for the
/// largest radius of the balls to be traced in it (< 0: no ball, not
/// prepared). NULL when memory runs out.
CgWorld *cg_scene_world_new (const CgBoundaryRef *bounds, size_t count, double largest_radius);

/* ---- balls and beams ---- */

/// The shapes of what is traced.
typedef enum
{
  CG_SOURCE_BALL,     ///< one ball
  CG_SOURCE_FAN,      ///< count rays from center, spread degrees wide around direction
  CG_SOURCE_PARALLEL, ///< count rays from center (P1) to end (P2), all along direction
} CgSourceShape;

/// A ball or a beam as the scene has it (scene-format.md).
typedef struct
{
  CgSourceShape shape;
  uint32_t count;       ///< beams: the rays (>= 1); a ball: not read (one)
  uint32_t max_bounces; ///< the ball's own (each ray's)
  double radius;
  CgVec2 center;    ///< a ball's centre, a fan's start, a parallel beam's P1
  CgVec2 direction; ///< the unit vector the scene stores (a fan: its middle ray's)
  CgVec2 end;       ///< a parallel beam's P2
  double spread;    ///< a fan: degrees from its first ray to its last
} CgSource;

/// The rays a source is traced as: 1 for a ball, count for a beam.
uint32_t cg_source_rays (const CgSource *s);

/// Where ray k (0 <= k < count) of a beam starts and where it goes, by
/// scene-format.md: a fan's ray k leaves at the angle θ − spread/2 +
/// k·spread/(count − 1), θ = atan2(dy, dx) (count 1: θ), as (cos, sin),
/// and its middle ray (an odd count, or count 1) exactly along direction;
/// a parallel beam's starts at P1 + k/(count − 1)·(P2 − P1) (count 1: the
/// midpoint; the last ray at P2 exactly), along direction.
void cg_beam_ray (const CgSource *s, uint32_t k, CgVec2 *start, CgVec2 *direction);

/// The ball traced for ray k of s: a ball's own centre and direction, or
/// beam ray k (cg_beam_ray()) with its direction made a unit vector by
/// cg_normalize(), as the ball `BEAMID#k` written into the scene would be.
void cg_source_ray (const CgSource *s, uint32_t k, CgVec2 *start, CgVec2 *direction);

/// The hits each ray of s may make at most: max_bounces_override when it is
/// >= 0 (at most UINT32_MAX), else the source's own.
uint32_t cg_source_max_bounces (const CgSource *s, int64_t max_bounces_override);

/// Whether the rays of s start overlapping, when they all start at one point
/// (a fan of two rays or more at a finite point), found once for them all:
/// 0 or 1, to give every ray's trace. -1 otherwise: each ray's trace finds
/// it (cg_tracer_start()).
int cg_source_start_overlaps (const CgWorld *w, const CgSource *s, bool brute_force);

/* ---- the work budget ---- */

/// What a traced ray costs in the budget's units, in hits.
#define CG_PLAN_RAY_UNITS 2

/// One ball or beam in a plan: what it asks for and what it is given.
typedef struct
{
  uint32_t rays;        ///< its rays (1 for a ball)
  uint32_t max_bounces; ///< the hits each ray may make at most
  bool traced;          ///< false: the budget's rays ran out before this one
  uint32_t allowance;   ///< the most hits each of its rays is given (max_bounces when not cut)
} CgPlanEntry;

/// How a budget of rays and hits is shared (carom-trace-budget.h says how).
typedef struct
{
  uint64_t budget;
  double asked;   ///< units the scene asks for
  uint64_t rays;  ///< rays traced
  uint32_t level; ///< the most hits a ray is given; UINT32_MAX when none is cut
  uint64_t extra; ///< cut rays given level + 1
  bool cut;       ///< some ray was given fewer hits than it asked, or not traced
} CgPlan;

/// Shares budget units (at least 1) between entries[0 .. n) (rays and
/// max_bounces filled, in document order), breadth first: the rays take at
/// most half the budget, entries in order (one that does not fit is not
/// traced); the rest is shared as hits, every ray given min(max bounces,
/// level) and the first `extra` cut rays one more. Fills each entry's
/// traced and allowance.
void cg_plan_make (CgPlan *plan, CgPlanEntry *entries, size_t n, uint64_t budget);

/// The most hits the next ray of entry e is given; *cut_rays_so_far counts
/// the cut rays before it in trace order (give every ray, in order, the same
/// counter).
uint32_t cg_plan_ray_allowance (const CgPlan *plan, const CgPlanEntry *e,
                                uint64_t *cut_rays_so_far);

/* ---- one ball ---- */

/// Fills out as the trace of a ball that is not cast: status, its start,
/// its direction made a unit vector (cg_normalize()) as start and end
/// direction, its radius, no hits.
void cg_scene_trace_untraced (CgTrace *out, CgTraceStatus status, CgVec2 start, CgVec2 direction,
                              double radius);

/// Traces one ball (cg_trace_each()) of radius r from start along direction
/// in w, handing each hit to sink, at most `allowance` hits (then the trace
/// ends with CG_TRACE_BUDGET, unless that hit ended it anyway): a ball the
/// budget gives no hit (allowance 0, max_bounces > 0) is not cast and ends
/// with CG_TRACE_BUDGET where it stands. overlaps as cg_tracer_start()
/// takes it (cg_source_start_overlaps()). Fills out's status, start,
/// direction, radius and end direction, not its hits.
void cg_scene_trace_ball (const CgWorld *w, double r, CgVec2 start, CgVec2 direction,
                          uint32_t max_bounces, uint32_t allowance, bool brute_force, int overlaps,
                          CgHitSink sink, void *data, CgTrace *out);

/* ---- explanations ---- */

/// The candidates of an explained cast (cg_world_explain_cast()) that lost,
/// nearest to the cast's start c first: those the ray crosses (farther,
/// outside the segment or the sweep, behind) by |t|, then the rest by their
/// distance from c; ties by their order in tested. Writes their indices in
/// tested into order (room for n) and returns how many.
size_t cg_scene_rank_rejected (const CgTested *tested, size_t n, CgVec2 c, uint32_t *order);
