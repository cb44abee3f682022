/* carom-scene.c: the scene model. */
#include "carom-scene.h"

#include <string.h>

CaromScene *
carom_scene_new (void)
{
  CaromScene *scene = g_new0 (CaromScene, 1);
  scene->objects = g_ptr_array_new_with_free_func ((GDestroyNotify)carom_object_free);
  return scene;
}

void
carom_scene_free (CaromScene *scene)
{
  if (scene == NULL)
    return;
  g_ptr_array_unref (scene->objects);
  g_free (scene);
}

void
carom_object_free (CaromObject *object)
{
  if (object == NULL)
    return;
  g_free (object->id);
  g_free (object->points);
  g_free (object);
}

CaromObject *
carom_scene_add_polygon (CaromScene *scene, const char *id, CgRole role, const CgVec2 *points,
                         size_t n_points)
{
  g_return_val_if_fail (scene != NULL, NULL);
  g_return_val_if_fail (points != NULL || n_points == 0, NULL);

  CaromObject *object = g_new0 (CaromObject, 1);
  object->kind = CAROM_OBJECT_POLYGON;
  object->id = g_strdup (id);
  object->role = role;
  object->points = g_memdup2 (points, n_points * sizeof *points);
  object->n_points = n_points;
  g_ptr_array_add (scene->objects, object);
  return object;
}

CaromObject *
carom_scene_add_ball (CaromScene *scene, const char *id, CgVec2 center, double radius,
                      CgVec2 direction, guint max_bounces)
{
  g_return_val_if_fail (scene != NULL, NULL);

  CaromObject *object = g_new0 (CaromObject, 1);
  object->kind = CAROM_OBJECT_BALL;
  object->id = g_strdup (id);
  object->center = center;
  object->radius = radius;
  object->direction = cg_normalize (direction);
  object->max_bounces = max_bounces;
  g_ptr_array_add (scene->objects, object);
  return object;
}

const char *
carom_object_role_name (const CaromObject *object)
{
  if (object->kind == CAROM_OBJECT_BALL)
    return "ball";
  return object->role == CG_ROLE_WALL ? "wall" : "obstacle";
}

CaromObject *
carom_scene_find (const CaromScene *scene, const char *id)
{
  for (guint i = 0; i < scene->objects->len; i++)
    {
      CaromObject *object = g_ptr_array_index (scene->objects, i);
      if (object->id != NULL && strcmp (object->id, id) == 0)
        return object;
    }
  return NULL;
}

void
carom_scene_assign_ids (CaromScene *scene)
{
  g_autoptr (GHashTable) taken = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < scene->objects->len; i++)
    {
      CaromObject *object = g_ptr_array_index (scene->objects, i);
      if (object->id != NULL)
        g_hash_table_add (taken, object->id);
    }

  guint counters[3] = { 0, 0, 0 }; /* wall, obstacle, ball */
  for (guint i = 0; i < scene->objects->len; i++)
    {
      CaromObject *object = g_ptr_array_index (scene->objects, i);
      guint slot = object->kind == CAROM_OBJECT_BALL ? 2 : object->role == CG_ROLE_WALL ? 0 : 1;
      counters[slot]++;
      if (object->id != NULL)
        continue;
      const char *prefix = carom_object_role_name (object);
      char *name = g_strdup_printf ("%s-%u", prefix, counters[slot]);
      while (g_hash_table_contains (taken, name))
        {
          g_free (name);
          name = g_strdup_printf ("%s-%u", prefix, ++counters[slot]);
        }
      object->id = name;
      g_hash_table_add (taken, object->id);
    }
}
