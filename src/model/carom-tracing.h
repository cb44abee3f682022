/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-tracing.h: traces every ball of a scene. */
#pragma once

#include "carom-hit-blocks.h"
#include "carom-scene.h"
#include "carom-trace-budget.h"
#include "geom/cg-trace.h"

G_BEGIN_DECLS

/// One ball's trace: a ball of the scene, or one ray of a beam.
///
/// Beams: each beam (not hidden) is traced as its `count` rays, ray k a ball
/// of the beam's radius and max bounces starting where carom_beam_ray() says,
/// with the id `BEAMID#k`. Its rays come one after the other in
/// CmSceneTrace.balls, in ray order, where the beam stands in the
/// document; each has `ball` (a ball object the trace owns, made by
/// cm_object_new_ball() from the ray, so its trace is that of the same
/// ball written into the scene), `source` (the beam) and `ray` (k).
///
/// The world: every ball is traced in the scene's one CgWorld (straight and
/// curved polygons alike, balls of every radius). A hit's prim is an id of
/// cg_world_primitive() (for the ball's radius), its part says whether it is
/// an edge's offset or a vertex's cap, hit->object is the world polygon
/// index (cm_scene_trace_polygon()) and hit->reflected says whether the
/// ball reflected (walls, obstacles with carom:on-hit="reflect") or stopped.
typedef struct
{
  /// the ball traced: borrowed from the scene, or owned by the scene trace
  /// for a beam's ray
  const CmObject *ball;
  const CmObject *source; ///< the scene object: the ball itself, or the beam
  guint ray;              ///< the ray's k for a beam, 0 for a ball
  guint index;            ///< the source's index in the scene
  /// the scene's world (owned by the scene trace)
  const CgWorld *world;
  /// the radius the ball was traced with
  double radius;
  /// whether the ball starts overlapping, when the scene trace found it once
  /// for all the rays of a fan (0 or 1); -1: the ball's own trace finds it
  gint start_overlaps;
  /// the most hits the work budget gives this ball (CaromTracePlan); the
  /// trace ends with CG_TRACE_BUDGET when it would make more
  guint32 allowance;
  CgTrace trace;
} CaromBallTrace;

/// The traces of all balls of a scene, valid while the scene is unchanged.
typedef struct
{
  GPtrArray *polygons; ///< CmObject* (borrowed): world polygon index -> scene object
  CgWorld *world;      ///< the scene's polygons (owned)
  GArray *balls;       ///< CaromBallTrace, in document order (a beam: its rays in order)
  GArray *slots;       ///< gint per scene object: its world polygon index, or -2 - its
                       ///< index in balls (a beam: its first ray's), or -1 when it is not
                       ///< traced (hidden)
  GPtrArray *rays;     ///< CmObject*, owned, parallel to balls: a beam ray's ball, or NULL
  gint64 max_bounces_override;
  gboolean brute_force;
  guint n_threads; ///< threads tracing the balls (cm_scene_trace_with_threads())
  /// where the balls' hits are (those of a ball of more than
  /// CAROM_HIT_BLOCK_HITS - 1 bounces are in memory of their own)
  CaromHitBlocks *hit_blocks;
  /// how the work budget was shared (owned): carom_trace_plan_message()
  /// says what was cut
  CaromTracePlan *plan;
  /// the trace was cancelled before every ball ended: the balls not done
  /// end with CG_TRACE_BUDGET (a partial trace)
  gboolean cancelled;
  /// hits in all the balls' traces
  guint64 n_hits;
  /// what cm_scene_trace_full() was asked (cancel and progress cleared)
  struct _CaromTraceOptions *options;
} CmSceneTrace;

/// How to trace a scene.
typedef struct _CaromTraceOptions
{
  gint64 max_bounces_override; ///< < 0: each ball's own max bounces
  gboolean brute_force;        ///< test every primitive (the reference)
  guint n_threads;             ///< 0: one per processor
  /// the work budget in rays and hits (CaromTracePlan); 0:
  /// CAROM_BUDGET_WINDOW_DEFAULT
  guint64 budget;
  /// when set (atomically, to non-zero) by another thread, the trace stops
  /// soon: the balls not done end with CG_TRACE_BUDGET and the scene trace
  /// is marked cancelled (may be NULL)
  gint *cancel;
  /// atomically increased by the hits as they are traced (may be NULL)
  gsize *progress;
  /// make the world and the balls but trace nothing: each ball has no hit
  /// and the status CG_TRACE_RUNNING, and beams are left out (what the
  /// window draws while the real trace is made off the main loop)
  gboolean untraced;
} CaromTraceOptions;

/// The options cm_scene_trace() uses: each ball's own max bounces, the
/// BVH, every core, the window's budget.
#define CAROM_TRACE_OPTIONS_INIT                                                                   \
  {                                                                                                \
    -1, FALSE, 0, 0, NULL, NULL, FALSE                                                             \
  }

/// What cm_scene_trace_stream() calls, in order, for each ball and ray:
/// begin (bt->trace has its start, unit direction and radius; its status is
/// CG_TRACE_RUNNING, or CG_TRACE_BUDGET when it gets no hit), hit for each
/// hit (prev: the ball's hit before, NULL for the first), end (bt->trace's
/// status and n_hits final; its hits are not kept: hits is NULL). st holds
/// the world and the polygons (cm_scene_trace_polygon()), no balls. Each
/// returns FALSE to stop the whole trace (a write failed).
typedef struct
{
  gboolean (*begin) (const CmSceneTrace *st, const CaromBallTrace *bt, gpointer data);
  gboolean (*hit) (const CmSceneTrace *st, const CaromBallTrace *bt, const CgHit *hit,
                   const CgHit *prev, gpointer data);
  gboolean (*end) (const CmSceneTrace *st, const CaromBallTrace *bt, gpointer data);
} CaromTraceStream;

/// Traces every ball of scene within options' budget, one after the other
/// on this thread, handing each hit to funcs as it is found and keeping
/// none: memory stays bounded whatever the number of hits. The balls, their
/// statuses and hits are those cm_scene_trace_full() gives, bit for bit.
/// FALSE when a callback stopped it or memory ran out. *plan (may be NULL)
/// receives how the budget was shared.
gboolean cm_scene_trace_stream (const CmScene *scene, const CaromTraceOptions *options,
                                const CaromTraceStream *funcs, gpointer data,
                                CaromTracePlan **plan);

/// Traces every ball of scene within options' budget. Returns NULL only when
/// memory runs out.
CmSceneTrace *cm_scene_trace_full (const CmScene *scene, const CaromTraceOptions *options);

/// Traces every ball of scene. max_bounces_override < 0 keeps each ball's
/// own max bounces. Returns NULL only when memory runs out. Uses every core
/// when there are enough balls to share (cm_scene_trace_with_threads()
/// with 0 threads).
CmSceneTrace *cm_scene_trace (const CmScene *scene, gint64 max_bounces_override,
                              gboolean brute_force);

/// cm_scene_trace() with the balls traced by n_threads threads (0: the
/// number of processors, g_get_num_processors()). The worlds are built
/// first and only read while tracing; each ball's trace is written to its
/// own slot, so the result is the same, bit for bit, with any number of
/// threads. Fewer threads are started when there are few balls (a thread
/// is worth it from about CAROM_TRACE_BALLS_PER_THREAD balls).
CmSceneTrace *cm_scene_trace_with_threads (const CmScene *scene, gint64 max_bounces_override,
                                           gboolean brute_force, guint n_threads);

/// The fewest balls worth a thread of their own.
#define CAROM_TRACE_BALLS_PER_THREAD 16

/// Calls func (i, data) for every i in [0, n), on n_threads threads (0: the
/// number of processors; never more than n), each taking the next i as it
/// becomes free; returns when all are done. func must only write what
/// belongs to its i. The calling thread takes part.
void carom_parallel_for (guint n, guint n_threads, void (*func) (guint i, gpointer data),
                         gpointer data);

/// Brings trace up to date after the scene objects at indices[0 .. n) were
/// replaced in place, everything else unchanged (a drag): traced polygons
/// with as many vertices, the same role and on-hit, and the same edges
/// straight or curved, balls of the same radius, and beams of the same
/// radius and count (their rays made anew), are updated in the world
/// without rebuilding it, then every ball is traced again, once. The result
/// is the trace cm_scene_trace() would give, bit for bit. Returns FALSE
/// when the change needs a new trace (then trace is in no state to use:
/// free it). updated (may be NULL) receives the world polygon indices
/// updated (guint).
gboolean cm_scene_trace_update (CmSceneTrace *trace, const CmScene *scene, const guint *indices,
                                guint n, GArray *updated);

/// Points trace at scene's objects instead of those it was made from: a
/// trace made on a copy of the scene (a trace job), or the last trace kept
/// on show while a new one is made after an edit that replaced objects in
/// place. Nothing is traced again: the paths stay those of the objects the
/// trace was made from. FALSE (trace untouched) when scene's objects are not
/// laid out as the trace's were (an object added or removed, a polygon with
/// another number of vertices, a beam with another count …).
gboolean cm_scene_trace_rebind (CmSceneTrace *trace, const CmScene *scene);

void cm_scene_trace_free (CmSceneTrace *trace);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CmSceneTrace, cm_scene_trace_free)

/// Where the traces of scene object `index` (a ball or a beam) are: balls
/// [*first, *first + *n) (a ball: 1, a beam: its count). FALSE when the
/// object is not a traced ball or beam.
gboolean cm_scene_trace_object_balls (const CmSceneTrace *trace, guint index, guint *first,
                                      guint *n);

/// The index in trace->balls of the ball with this id (a ball's id, or a
/// ray's `BEAMID#k`), or -1.
gint cm_scene_trace_find_ball (const CmSceneTrace *trace, const char *id);

/// The scene object a world polygon index stands for.
/// The balls id names (indices into trace->balls, in order): the ball of
/// that id, or every ray of the beam of that id (BEAMID#k is one ray); every
/// ball when id is NULL. Empty when no traced ball has the id.
GArray *cm_scene_trace_balls_named (const CmSceneTrace *trace, const char *id);

const CmObject *cm_scene_trace_polygon (const CmSceneTrace *trace, guint index);

G_END_DECLS
