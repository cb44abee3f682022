/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-tracing.h: traces every ball of a scene. */
#pragma once

#include "carom-scene.h"
#include "geom/cg-trace.h"

G_BEGIN_DECLS

/// One ball's trace.
typedef struct
{
  const CaromObject *ball; ///< borrowed from the scene
  guint index;             ///< the ball's index in the scene
  const CgWorld *world;    ///< the scene grown by this ball's radius (owned by the scene trace)
  CgTrace trace;
} CaromBallTrace;

/// The traces of all balls of a scene, valid while the scene is unchanged.
typedef struct
{
  GPtrArray *polygons; ///< CaromObject* (borrowed): world polygon index -> scene object
  GPtrArray *worlds;   ///< CgWorld*, owned: one per distinct ball radius
  GArray *balls;       ///< CaromBallTrace, in document order
  GArray *slots;       ///< gint per scene object: its world polygon index, or -2 - its
                       ///< index in balls, or -1 when it is not traced (hidden)
  gint64 max_bounces_override;
  gboolean brute_force;
  guint n_threads; ///< threads tracing the balls (carom_scene_trace_with_threads())
} CaromSceneTrace;

/// Traces every ball of scene. max_bounces_override < 0 keeps each ball's
/// own max bounces. Returns NULL only when memory runs out. Uses every core
/// when there are enough balls to share (carom_scene_trace_with_threads()
/// with 0 threads).
CaromSceneTrace *carom_scene_trace (const CaromScene *scene, gint64 max_bounces_override,
                                    gboolean brute_force);

/// carom_scene_trace() with the balls traced by n_threads threads (0: the
/// number of processors, g_get_num_processors()). The worlds are built
/// first and only read while tracing; each ball's trace is written to its
/// own slot, so the result is the same, bit for bit, with any number of
/// threads. Fewer threads are started when there are few balls (a thread
/// is worth it from about CAROM_TRACE_BALLS_PER_THREAD balls).
CaromSceneTrace *carom_scene_trace_with_threads (const CaromScene *scene,
                                                 gint64 max_bounces_override, gboolean brute_force,
                                                 guint n_threads);

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
/// with as many vertices and the same role, and traced balls of the same
/// radius, are updated in every world without rebuilding them, then every
/// ball is traced again, once. The result is the trace carom_scene_trace()
/// would give, bit for bit. Returns FALSE when the change needs a new trace
/// (then trace is in no state to use: free it). updated (may be NULL)
/// receives the world polygon indices updated (guint).
gboolean carom_scene_trace_update (CaromSceneTrace *trace, const CaromScene *scene,
                                   const guint *indices, guint n, GArray *updated);

void carom_scene_trace_free (CaromSceneTrace *trace);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaromSceneTrace, carom_scene_trace_free)

/// The scene object a world polygon index stands for.
const CaromObject *carom_scene_trace_polygon (const CaromSceneTrace *trace, guint index);

G_END_DECLS
