/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-curve-world.h: casts against curved offset primitives, a world of curved
 * boundaries with a BVH over their primitives, start-overlap, and the bounce
 * tracer over it (geometry.md, "Curved edges", "The cast", "Reflection and
 * the path"), with obstacles that stop or reflect (carom:on-hit).
 *
 * This is the curved counterpart of cg-cast.h, cg-world.h and cg-trace.h;
 * the straight-polygon world keeps its own fast path and memory layout. */
#pragma once

#include "cg-bvh.h"
#include "cg-cast.h"
#include "cg-curve.h"
#include "cg-trace.h"

/// Everything a cast against a curved primitive computed (fields of the
/// other kind are left zero), for the hit inspector and --explain.
typedef struct
{
  CgCurvePrimKind kind;
  bool hit;
  CgReject reject;
  double t;      ///< the ray parameter of the crossing (when computed)
  CgVec2 point;  ///< c + t d
  CgVec2 normal; ///< the contact normal (the front normal of the primitive at point)

  /* segment */
  double d_dot_n; ///< d·n (< 0 to be hit)
  double s;       ///< p = a + s (b - a)

  /* arc: the circle |p - q| = rho */
  CgVec2 m;         ///< m = c - q
  double b;         ///< b = m·d
  double cc;        ///< cc = |m|² - rho²
  double disc;      ///< b² - cc, evaluated as rho² - |m - b d|²
  double t0, t1;    ///< the roots, t0 <= t1 (entry and exit)
  bool larger_root; ///< the root used is t1: the front is inside the circle (a concave arc)
  double phi;       ///< the left turn from the arc's start direction u0 to (p - q) / rho
} CgCurveCastRecord;

/// Casts the ray c + t d (|d| = 1 after cg_unit_direction()) against p.
/// Segment: d·n < 0, t = ((a - c)·n) / (d·n), the point on the segment (ends
/// widened by eps). Arc with its front outside (convex offsets and caps): the
/// entry root t0, needs t0 >= -eps (a start inside is LEAVING). Arc with its
/// front inside (concave offsets): the exit root t1 >= -eps, d·(p - q) > 0.
/// Either way p must lie within the sweep (widened by eps / rho radians);
/// rays passing within eps of the circle graze it (tangent hits count). The
/// roots are computed without cancellation (t0 t1 = cc). Fills rec, returns
/// rec->hit.
bool cg_curve_cast (const CgCurvePrim *p, CgVec2 c, CgVec2 d, double eps, CgCurveCastRecord *rec);

typedef struct CgCurveWorld CgCurveWorld;

/// The first primitive a cast hits.
typedef struct
{
  bool hit;
  uint32_t prim; ///< index into cg_curve_world_primitives()
  CgCurveCastRecord rec;
  CgCastStats stats;
} CgCurveHit;

/// Grows count valid, oriented boundaries by r >= 0 into their offset
/// primitives (cg_curve_outline()) and builds a BVH over the primitives'
/// boxes (binned SAH, up to 4 a leaf; boxes padded by 4 eps so that hits
/// within the casts' slack stay inside), and a second one over the
/// boundaries' boxes for start-overlap. The boundaries are copied. NULL when
/// memory runs out.
CgCurveWorld *cg_curve_world_new (const CgCurveRef *curves, size_t count, double r);

/// Frees a world (NULL is fine).
void cg_curve_world_free (CgCurveWorld *w);

/// The ball radius.
double cg_curve_world_radius (const CgCurveWorld *w);

/// eps = cg_curve_scene_eps() of the boundaries.
double cg_curve_world_eps (const CgCurveWorld *w);

/// The offset primitives, boundary by boundary.
const CgCurvePrim *cg_curve_world_primitives (const CgCurveWorld *w, size_t *n);

/// The number of boundaries, and boundary i (its arrays are the world's copy).
size_t cg_curve_world_count (const CgCurveWorld *w);
CgCurveRef cg_curve_world_curve (const CgCurveWorld *w, size_t i);

/// The primitives' BVH (items are primitive indices).
const CgBvh *cg_curve_world_bvh (const CgCurveWorld *w);

/// The first hit of c + t d (d made a unit vector). Ties in t go to the lower
/// primitive index, so the BVH and brute force choose the same hit bit for
/// bit. The primitive `after` (-1: none) is the one the ray just reflected
/// off: it counts only at t > eps (so a trace always makes progress, while
/// a concave arc can still be hit again across its circle).
CgCurveHit cg_curve_world_cast (const CgCurveWorld *w, CgVec2 c, CgVec2 d, int64_t after,
                                bool brute_force);

/// True when a ball at c starts overlapping: closer than r - eps to an edge
/// (cg_curve_edge_distance()), or inside an obstacle (cg_curve_winding()).
/// Only the boundaries whose boxes, grown by r, hold c are looked at (found
/// through a BVH over those boxes), so the answer is the brute force's.
bool cg_curve_world_start_overlaps (const CgCurveWorld *w, CgVec2 c);

/// cg_curve_world_start_overlaps() over every boundary.
bool cg_curve_world_start_overlaps_brute_force (const CgCurveWorld *w, CgVec2 c);

/// Checks both BVHs (cg_bvh_validate_boxes()). True, or false with *problem.
bool cg_curve_world_validate (const CgCurveWorld *w, const char **problem);

/// Bytes the world holds.
size_t cg_curve_world_memory (const CgCurveWorld *w);

/// One hit of a curved trace.
typedef struct
{
  uint32_t index; ///< 1 for the first hit
  uint32_t prim;  ///< the primitive in the world
  CgCurvePrimKind kind;
  bool cap;         ///< an arc at a vertex (element is the vertex), else an edge's offset
  uint32_t object;  ///< the boundary
  uint32_t element; ///< its edge, or its vertex for a cap
  CgRole role;
  bool reflected;  ///< the ball reflected here (walls, reflecting obstacles), else it stopped
  CgVec2 from;     ///< where the cast started
  CgVec2 point;    ///< the centre at contact
  CgVec2 normal;   ///< the contact normal
  CgVec2 in, out;  ///< directions before and after (out == in when it stopped)
  double distance; ///< t from the previous point
  CgCurveCastRecord rec;
  CgCastStats stats;
} CgCurveTraceHit;

/// A curved trace in progress, one cast a step.
typedef struct
{
  const CgCurveWorld *world;
  CgVec2 pos, dir;
  uint32_t max_bounces, bounces, hits;
  int64_t after;
  bool brute_force;
  CgTraceStatus status;
} CgCurveTracer;

/// Starts a trace (d normalised here): RUNNING, or START_OVERLAP,
/// INVALID_INPUT, or MAX_BOUNCES when max_bounces is 0.
CgTraceStatus cg_curve_tracer_start (CgCurveTracer *t, const CgCurveWorld *w, CgVec2 c, CgVec2 d,
                                     uint32_t max_bounces, bool brute_force);

/// One cast: RUNNING after a reflection with more to come; STOPPED at an
/// obstacle with CG_ON_HIT_STOP; MAX_BOUNCES after the max_bounces-th
/// reflection (off walls and reflecting obstacles alike); ESCAPED when
/// nothing is hit (hit untouched). A final status repeats.
CgTraceStatus cg_curve_tracer_step (CgCurveTracer *t, CgCurveTraceHit *hit);

/// The CgHit of a curved hit, for consumers of CgTrace (trace JSON, drawing,
/// stepping, the boundary map): kind CG_PRIM_SEGMENT or CG_PRIM_ARC, object,
/// element (the edge, or the vertex of a cap), edge_arc (an arc edge's
/// offset) and reflected as in h.
CgHit cg_curve_trace_hit_to_hit (const CgCurveTraceHit *h);

/// The fields a curved cast record shares with a straight one, for what reads
/// CgCastRecord (the explanation's candidates): kind (from rec->kind), hit,
/// reject, t, point, normal, d·n, s, m, b, cc, disc, t0, t1; sweep_from and
/// sweep_to are 0 (cg_curve_cast() again gives the full curved record).
CgCastRecord cg_curve_cast_record_common (const CgCurveCastRecord *rec);

/// Runs a curved trace to its end into out, as cg_trace_run() does for
/// straight worlds: hits by cg_curve_trace_hit_to_hit(), radius
/// cg_curve_world_radius(). Returns false when memory runs out.
bool cg_curve_trace_run (const CgCurveWorld *w, CgVec2 c, CgVec2 d, uint32_t max_bounces,
                         bool brute_force, CgTrace *out);

/// cg_curve_trace_run() writing the hits to room, as cg_trace_run_into()
/// does: room holds max_bounces + 1 hits.
void cg_curve_trace_run_into (const CgCurveWorld *w, CgVec2 c, CgVec2 d, uint32_t max_bounces,
                              bool brute_force, CgHit *room, CgTrace *out);
