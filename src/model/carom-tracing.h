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
} CaromSceneTrace;

/// Traces every ball of scene. max_bounces_override < 0 keeps each ball's
/// own max bounces. Returns NULL only when memory runs out.
CaromSceneTrace *carom_scene_trace (const CaromScene *scene, gint64 max_bounces_override,
                                    gboolean brute_force);

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
