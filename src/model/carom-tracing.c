/* carom-tracing.c: traces every ball of a scene. */
#include "carom-tracing.h"

void
carom_scene_trace_free (CaromSceneTrace *trace)
{
  if (trace == NULL)
    return;
  for (guint i = 0; trace->balls != NULL && i < trace->balls->len; i++)
    cg_trace_clear (&g_array_index (trace->balls, CaromBallTrace, i).trace);
  g_clear_pointer (&trace->balls, g_array_unref);
  g_clear_pointer (&trace->worlds, g_ptr_array_unref);
  g_clear_pointer (&trace->polygons, g_ptr_array_unref);
  g_free (trace);
}

/* Worlds are built per radius: balls of the same size share one. */
static const CgWorld *
world_for_radius (CaromSceneTrace *trace, const CgPolygonRef *refs, gsize n_refs, double radius)
{
  for (guint i = 0; i < trace->worlds->len; i++)
    {
      const CgWorld *w = g_ptr_array_index (trace->worlds, i);
      if (cg_world_radius (w) == radius)
        return w;
    }
  /* Object leaves: faster than primitive leaves from 10^3 objects on, built 5x
   * faster and half the memory at 10^5 (README, "Benchmarks"). */
  CgWorld *w = cg_world_new (refs, n_refs, radius, CG_BVH_LEAF_OBJECTS);
  if (w != NULL)
    g_ptr_array_add (trace->worlds, w);
  return w;
}

CaromSceneTrace *
carom_scene_trace (const CaromScene *scene, gint64 max_bounces_override, gboolean brute_force)
{
  g_return_val_if_fail (scene != NULL, NULL);

  g_autoptr (CaromSceneTrace) trace = g_new0 (CaromSceneTrace, 1);
  trace->polygons = g_ptr_array_new ();
  trace->worlds = g_ptr_array_new_with_free_func ((GDestroyNotify)cg_world_free);
  trace->balls = g_array_new (FALSE, TRUE, sizeof (CaromBallTrace));

  g_autoptr (GArray) refs = g_array_new (FALSE, FALSE, sizeof (CgPolygonRef));
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CaromObject *object = g_ptr_array_index (scene->objects, i);
      if (object->kind != CAROM_OBJECT_POLYGON || object->hidden)
        continue;
      CgPolygonRef ref = { object->points, object->n_points, object->role };
      g_array_append_val (refs, ref);
      g_ptr_array_add (trace->polygons, (gpointer)object);
    }

  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CaromObject *object = g_ptr_array_index (scene->objects, i);
      if (object->kind != CAROM_OBJECT_BALL || object->hidden)
        continue;
      CaromBallTrace bt = { .ball = object };
      bt.world
          = world_for_radius (trace, (const CgPolygonRef *)refs->data, refs->len, object->radius);
      if (bt.world == NULL)
        return NULL;
      guint max_bounces = max_bounces_override >= 0
                              ? (guint)MIN (max_bounces_override, (gint64)G_MAXUINT32)
                              : object->max_bounces;
      if (!cg_trace_run (bt.world, object->center, object->direction, max_bounces, brute_force,
                         &bt.trace))
        return NULL;
      g_array_append_val (trace->balls, bt);
    }
  return g_steal_pointer (&trace);
}

const CaromObject *
carom_scene_trace_polygon (const CaromSceneTrace *trace, guint index)
{
  g_return_val_if_fail (index < trace->polygons->len, NULL);
  return g_ptr_array_index (trace->polygons, index);
}
