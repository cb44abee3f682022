/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-scene.c: the scene model. */
#include "carom-scene.h"

#include <math.h>
#include <string.h>

CmScene *
cm_scene_new (void)
{
  CmScene *scene = g_new0 (CmScene, 1);
  scene->objects = g_ptr_array_new_with_free_func ((GDestroyNotify)cm_object_free);
  return scene;
}

void
cm_scene_free (CmScene *scene)
{
  if (scene == NULL)
    return;
  g_ptr_array_unref (scene->objects);
  if (scene->source != NULL && scene->source_free != NULL)
    scene->source_free (scene->source);
  g_free (scene);
}

void
cm_scene_set_source (CmScene *scene, CmSceneSource *source, GDestroyNotify source_free)
{
  g_return_if_fail (scene != NULL);
  if (scene->source != NULL && scene->source_free != NULL)
    scene->source_free (scene->source);
  scene->source = source;
  scene->source_free = source_free;
}

CmSceneSource *
cm_scene_steal_source (CmScene *scene, GDestroyNotify *source_free)
{
  g_return_val_if_fail (scene != NULL, NULL);
  if (source_free != NULL)
    *source_free = scene->source_free;
  scene->source_free = NULL;
  return g_steal_pointer (&scene->source);
}

/* What of an object lives in its own allocation: [object][vertices][id]. */
enum
{
  STORAGE_POINTS = 1 << 0, ///< points is the block right after the object
  STORAGE_ID = 1 << 1,     ///< id is the string after the vertices
};

/* One allocation per object, with no slack: the object, the n vertices it is
 * created with, and its id. */
static CmObject *
object_new (CmObjectKind kind, const char *id, size_t n_points)
{
  G_STATIC_ASSERT (sizeof (CmObject) % G_ALIGNOF (CgVec2) == 0);
  gsize id_size = id != NULL ? strlen (id) + 1 : 0;
  if (n_points > (G_MAXSIZE - sizeof (CmObject) - id_size) / sizeof (CgVec2))
    g_error ("%s: %" G_GSIZE_FORMAT " points overflow", G_STRFUNC, n_points);
  gsize points_size = n_points * sizeof (CgVec2);
  CmObject *object = g_malloc (sizeof (CmObject) + points_size + id_size);
  *object = (CmObject){ .kind = kind };
  if (kind == CM_OBJECT_POLYGON)
    {
      object->points = (CgVec2 *)(object + 1);
      object->storage |= STORAGE_POINTS;
    }
  if (id != NULL)
    {
      object->id = (char *)(object + 1) + points_size;
      memcpy (object->id, id, id_size);
      object->storage |= STORAGE_ID;
    }
  return object;
}

void
cm_object_free (CmObject *object)
{
  if (object == NULL)
    return;
  if (!(object->storage & STORAGE_ID))
    g_free (object->id);
  if (object->kind == CM_OBJECT_POLYGON && !(object->storage & STORAGE_POINTS))
    g_free (object->points);
  if (object->kind == CM_OBJECT_POLYGON)
    g_free (object->edges);
  g_free (object);
}

void
cm_object_set_points (CmObject *object, const CgVec2 *points, size_t n_points)
{
  g_return_if_fail (object != NULL && object->kind == CM_OBJECT_POLYGON);
  g_return_if_fail (points != NULL || n_points == 0);

  CgVec2 *copy = g_memdup2 (points, n_points * sizeof *points);
  if (!(object->storage & STORAGE_POINTS))
    g_free (object->points);
  object->storage &= (guint8)~STORAGE_POINTS; /* the old block stays, unused */
  if (n_points != object->n_points)
    g_clear_pointer (&object->edges, g_free); /* they no longer fit */
  object->points = copy;
  object->n_points = n_points;
}

void
cm_object_set_edges (CmObject *object, const CgCurveEdge *edges)
{
  g_return_if_fail (object != NULL && object->kind == CM_OBJECT_POLYGON);
  CgCurveEdge *copy = edges != NULL && object->n_points > 0
                          ? g_memdup2 (edges, object->n_points * sizeof *edges)
                          : NULL;
  g_free (object->edges);
  object->edges = copy;
}

gboolean
cm_object_is_curved (const CmObject *object)
{
  g_return_val_if_fail (object != NULL, FALSE);
  if (object->kind != CM_OBJECT_POLYGON || object->edges == NULL)
    return FALSE;
  for (size_t i = 0; i < object->n_points; i++)
    if (object->edges[i].sweep != 0.0)
      return TRUE;
  return FALSE;
}

void
cm_object_set_id (CmObject *object, const char *id)
{
  g_return_if_fail (object != NULL);

  char *copy = g_strdup (id);
  if (!(object->storage & STORAGE_ID))
    g_free (object->id);
  object->storage &= (guint8)~STORAGE_ID;
  object->id = copy;
}

CmObject *
cm_object_new_polygon (const char *id, CgRole role, const CgVec2 *points, size_t n_points)
{
  g_return_val_if_fail (points != NULL || n_points == 0, NULL);
  CmObject *object = object_new (CM_OBJECT_POLYGON, id, n_points);
  object->role = role;
  object->n_points = n_points;
  if (n_points > 0)
    memcpy (object->points, points, n_points * sizeof *points);
  return object;
}

CmObject *
cm_object_new_ball (const char *id, CgVec2 center, double radius, CgVec2 direction,
                    guint max_bounces)
{
  CmObject *object = object_new (CM_OBJECT_BALL, id, 0);
  object->center = center;
  object->radius = radius;
  object->direction = cg_normalize (direction);
  object->max_bounces = max_bounces;
  return object;
}

CmObject *
cm_object_new_fan_beam (const char *id, CgVec2 center, double radius, CgVec2 direction,
                        double spread, guint count, guint max_bounces)
{
  CmObject *object = cm_object_new_ball (id, center, radius, direction, max_bounces);
  object->kind = CM_OBJECT_BEAM;
  object->beam_shape = CAROM_BEAM_FAN;
  object->spread = spread;
  object->count = count;
  object->beam_end = center;
  return object;
}

CmObject *
cm_object_new_parallel_beam (const char *id, CgVec2 p1, CgVec2 p2, double radius, CgVec2 direction,
                             guint count, guint max_bounces)
{
  CmObject *object = cm_object_new_ball (id, p1, radius, direction, max_bounces);
  object->kind = CM_OBJECT_BEAM;
  object->beam_shape = CAROM_BEAM_PARALLEL;
  object->beam_end = p2;
  object->count = count;
  return object;
}

CgSource
cm_object_source (const CmObject *object)
{
  g_return_val_if_fail (object != NULL && object->kind != CM_OBJECT_POLYGON, (CgSource){ 0 });
  CgSource s = { .shape = object->kind == CM_OBJECT_BALL              ? CG_SOURCE_BALL
                          : object->beam_shape == CAROM_BEAM_PARALLEL ? CG_SOURCE_PARALLEL
                                                                      : CG_SOURCE_FAN,
                 .count = object->kind == CM_OBJECT_BEAM ? object->count : 1,
                 .max_bounces = object->max_bounces,
                 .radius = object->radius,
                 .center = object->center,
                 .direction = object->direction };
  if (object->kind == CM_OBJECT_BEAM)
    {
      s.end = object->beam_end;
      s.spread = object->spread;
    }
  return s;
}

void
carom_beam_ray (const CmObject *beam, guint k, CgVec2 *start, CgVec2 *direction)
{
  g_return_if_fail (beam != NULL && beam->kind == CM_OBJECT_BEAM);
  g_return_if_fail (start != NULL && direction != NULL);
  CgSource s = cm_object_source (beam);
  cg_beam_ray (&s, k, start, direction);
}

CmObject *
cm_scene_add_polygon (CmScene *scene, const char *id, CgRole role, const CgVec2 *points,
                      size_t n_points)
{
  g_return_val_if_fail (scene != NULL, NULL);
  g_return_val_if_fail (points != NULL || n_points == 0, NULL);
  CmObject *object = cm_object_new_polygon (id, role, points, n_points);
  g_ptr_array_add (scene->objects, object);
  return object;
}

CmObject *
cm_scene_add_ball (CmScene *scene, const char *id, CgVec2 center, double radius, CgVec2 direction,
                   guint max_bounces)
{
  g_return_val_if_fail (scene != NULL, NULL);
  CmObject *object = cm_object_new_ball (id, center, radius, direction, max_bounces);
  g_ptr_array_add (scene->objects, object);
  return object;
}

const char *
cm_object_role_name (const CmObject *object)
{
  if (object->kind == CM_OBJECT_BALL)
    return "ball";
  if (object->kind == CM_OBJECT_BEAM)
    return "beam";
  return object->role == CG_ROLE_WALL ? "wall" : "obstacle";
}

CmObject *
cm_scene_find (const CmScene *scene, const char *id)
{
  for (guint i = 0; i < scene->objects->len; i++)
    {
      CmObject *object = g_ptr_array_index (scene->objects, i);
      if (object->id != NULL && strcmp (object->id, id) == 0)
        return object;
    }
  return NULL;
}

/* "prefix-N", without printf: a scene may name hundreds of thousands of objects. */
static char *
format_id (const char *prefix, guint n)
{
  char digits[16];
  gsize k = sizeof digits;
  do
    digits[--k] = (char)('0' + n % 10);
  while ((n /= 10) != 0);
  gsize prefix_length = strlen (prefix), digit_count = sizeof digits - k;
  char *name = g_malloc (prefix_length + 1 + digit_count + 1);
  memcpy (name, prefix, prefix_length);
  name[prefix_length] = '-';
  memcpy (name + prefix_length + 1, digits + k, digit_count);
  name[prefix_length + 1 + digit_count] = '\0';
  return name;
}

void
cm_scene_assign_ids (CmScene *scene)
{
  g_return_if_fail (scene != NULL);

  static const char *const prefixes[4] = { "wall-", "obstacle-", "ball-", "beam-" };
  g_autoptr (GHashTable) taken = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean clash[4] = { FALSE, FALSE, FALSE, FALSE }; /* a given id looks like a new name */
  for (guint i = 0; i < scene->objects->len; i++)
    {
      CmObject *object = g_ptr_array_index (scene->objects, i);
      if (object->id == NULL)
        continue;
      g_hash_table_add (taken, object->id);
      for (int k = 0; k < 4; k++)
        clash[k] = clash[k] || g_str_has_prefix (object->id, prefixes[k]);
    }

  /* Each kind's counter only grows, and the prefixes differ, so new names
   * can only collide with the names given in the file. */
  guint counters[4] = { 0, 0, 0, 0 }; /* wall, obstacle, ball, beam */
  for (guint i = 0; i < scene->objects->len; i++)
    {
      CmObject *object = g_ptr_array_index (scene->objects, i);
      guint slot = object->kind == CM_OBJECT_BALL   ? 2
                   : object->kind == CM_OBJECT_BEAM ? 3
                   : object->role == CG_ROLE_WALL   ? 0
                                                    : 1;
      counters[slot]++;
      if (object->id != NULL)
        continue;
      const char *prefix = cm_object_role_name (object);
      char *name = format_id (prefix, counters[slot]);
      while (clash[slot] && g_hash_table_contains (taken, name))
        {
          g_free (name);
          name = format_id (prefix, ++counters[slot]);
        }
      object->id = name;
    }
}

/* A polygon's box, its arcs' axis points included. */
static CgAabb
polygon_bounds (const CmObject *object)
{
  if (object->edges != NULL && object->n_points > 0)
    return cg_curve_bounds (object->points, object->edges, object->n_points);
  CgAabb box = cg_aabb_empty ();
  for (size_t k = 0; k < object->n_points; k++)
    box = cg_aabb_add_point (box, object->points[k]);
  return box;
}

CgAabb
cm_scene_get_bounds (const CmScene *scene)
{
  g_return_val_if_fail (scene != NULL, cg_aabb_empty ());
  CgAabb box = cg_aabb_empty ();
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *object = g_ptr_array_index (scene->objects, i);
      if (object->kind != CM_OBJECT_POLYGON)
        {
          CgVec2 r = { object->radius, object->radius };
          box = cg_aabb_add_point (box, cg_sub (object->center, r));
          box = cg_aabb_add_point (box, cg_add (object->center, r));
          if (object->kind == CM_OBJECT_BEAM && object->beam_shape == CAROM_BEAM_PARALLEL)
            {
              box = cg_aabb_add_point (box, cg_sub (object->beam_end, r));
              box = cg_aabb_add_point (box, cg_add (object->beam_end, r));
            }
        }
      else
        box = cg_aabb_union (box, polygon_bounds (object));
    }
  return box;
}

CgVec2
cm_object_label_anchor (const CmObject *object)
{
  g_return_val_if_fail (object != NULL, cg_v2 (0.0, 0.0));
  if (object->kind == CM_OBJECT_BEAM && object->beam_shape == CAROM_BEAM_PARALLEL)
    return cg_lerp (object->center, object->beam_end, 0.5);
  if (object->kind != CM_OBJECT_POLYGON)
    return object->center;
  if (object->n_points == 0)
    return cg_v2 (0.0, 0.0);
  return cg_aabb_center (polygon_bounds (object));
}

CmObject *
cm_object_copy (const CmObject *object)
{
  g_return_val_if_fail (object != NULL, NULL);
  size_t n = object->kind == CM_OBJECT_POLYGON ? object->n_points : 0;
  CmObject *copy = object_new (object->kind, object->id, n);
  copy->hidden = object->hidden;
  copy->locked = object->locked;
  copy->origin = object->origin;
  copy->on_hit = object->on_hit;
  copy->beam_shape = object->beam_shape;
  copy->label_placed = object->label_placed;
  copy->label_offset = object->label_offset;
  if (object->kind == CM_OBJECT_POLYGON)
    {
      copy->role = object->role;
      copy->reversed = object->reversed;
      copy->n_points = n;
      if (n > 0)
        memcpy (copy->points, object->points, n * sizeof *object->points);
      copy->edges = object->edges != NULL && n > 0
                        ? g_memdup2 (object->edges, n * sizeof *object->edges)
                        : NULL;
    }
  else
    {
      copy->center = object->center;
      copy->radius = object->radius;
      copy->direction = object->direction;
      copy->max_bounces = object->max_bounces;
      copy->count = object->count;
      copy->beam_end = object->beam_end;
      copy->spread = object->spread;
    }
  return copy;
}

gboolean
cm_object_equal (const CmObject *a, const CmObject *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);
  if (a->kind != b->kind || g_strcmp0 (a->id, b->id) != 0 || a->hidden != b->hidden
      || a->locked != b->locked || a->label_placed != b->label_placed
      || (a->label_placed
          && memcmp (&a->label_offset, &b->label_offset, sizeof a->label_offset) != 0))
    return FALSE;
  if (a->kind == CM_OBJECT_BALL)
    return memcmp (&a->center, &b->center, sizeof a->center) == 0
           && memcmp (&a->radius, &b->radius, sizeof a->radius) == 0
           && memcmp (&a->direction, &b->direction, sizeof a->direction) == 0
           && a->max_bounces == b->max_bounces;
  if (a->kind == CM_OBJECT_BEAM)
    return a->beam_shape == b->beam_shape && a->count == b->count
           && a->max_bounces == b->max_bounces
           && memcmp (&a->center, &b->center, sizeof a->center) == 0
           && memcmp (&a->radius, &b->radius, sizeof a->radius) == 0
           && memcmp (&a->direction, &b->direction, sizeof a->direction) == 0
           && memcmp (&a->beam_end, &b->beam_end, sizeof a->beam_end) == 0
           && memcmp (&a->spread, &b->spread, sizeof a->spread) == 0;
  if ((a->edges == NULL) != (b->edges == NULL) || a->on_hit != b->on_hit)
    return FALSE;
  return a->role == b->role && a->reversed == b->reversed && a->n_points == b->n_points
         && (a->n_points == 0
             || memcmp (a->points, b->points, a->n_points * sizeof *a->points) == 0)
         && (a->edges == NULL || a->n_points == 0
             || memcmp (a->edges, b->edges, a->n_points * sizeof *a->edges) == 0);
}
