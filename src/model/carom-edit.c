/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-edit.c: the commands that change a scene. */
#include "carom-edit.h"

#include <glib/gi18n-lib.h>
#include <float.h>
#include <math.h>
#include <string.h>

G_DEFINE_QUARK (carom - edit - error - quark, carom_edit_error)

CaromMatrix
carom_matrix_translate (CgVec2 delta)
{
  return (CaromMatrix){ 1, 0, 0, 1, delta.x, delta.y };
}

CaromMatrix
carom_matrix_rotate (CgVec2 pivot, double angle)
{
  double c = cos (angle), s = sin (angle);
  /* Exact quarter turns keep vertices on the grid. */
  if (fabs (c) < 1e-15)
    c = 0.0;
  if (fabs (s) < 1e-15)
    s = 0.0;
  return (CaromMatrix){
    c, s, -s, c, pivot.x - c * pivot.x + s * pivot.y, pivot.y - s * pivot.x - c * pivot.y
  };
}

CaromMatrix
carom_matrix_scale (CgVec2 pivot, double sx, double sy)
{
  return (CaromMatrix){ sx, 0, 0, sy, pivot.x - sx * pivot.x, pivot.y - sy * pivot.y };
}

CgVec2
carom_matrix_apply (const CaromMatrix *m, CgVec2 p)
{
  return cg_v2 (m->xx * p.x + m->xy * p.y + m->x0, m->yx * p.x + m->yy * p.y + m->y0);
}

gboolean
carom_edit_check_polygon (const CgVec2 *points, size_t n_points, GError **error)
{
  CgPolygonCheck check = cg_polygon_validate (points, n_points);
  switch (check.status)
    {
    case CG_POLYGON_OK:
      return TRUE;
    case CG_POLYGON_NOT_FINITE:
      g_set_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON,
                   _ ("Vertex v%zu is not a finite number"), check.index_a);
      break;
    case CG_POLYGON_TOO_FEW_POINTS:
      g_set_error_literal (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON,
                           _ ("A polygon needs at least 3 distinct vertices"));
      break;
    case CG_POLYGON_SELF_CROSSING:
      g_set_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON,
                   /* Edge k runs from vertex vk to the next, as in Properties. */
                   _ ("Edges %zu and %zu would cross at (%.6g, %.6g)"), check.index_a,
                   check.index_b, check.where.x, check.where.y);
      break;
    default:
      g_set_error_literal (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON,
                           _ ("Not a valid polygon"));
      break;
    }
  return FALSE;
}

static gboolean
id_taken (const CaromScene *scene, const char *id, const CaromObject *except)
{
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CaromObject *o = g_ptr_array_index (scene->objects, i);
      if (o != except && o->id != NULL && strcmp (o->id, id) == 0)
        return TRUE;
    }
  return FALSE;
}

/* Every object's id, for finding free names. */
static GHashTable *
scene_ids (const CaromScene *scene)
{
  GHashTable *taken = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CaromObject *o = g_ptr_array_index (scene->objects, i);
      if (o->id != NULL)
        g_hash_table_add (taken, o->id);
    }
  return taken;
}

/* "prefix-N" with the smallest N >= first not in taken. */
static char *
unique_id (GHashTable *taken, const char *prefix, guint first)
{
  for (guint n = first;; n++)
    {
      char *id = g_strdup_printf ("%s-%u", prefix, n);
      if (!g_hash_table_contains (taken, id))
        return id;
      g_free (id);
    }
}

char *
carom_scene_unique_id (const CaromScene *scene, const char *prefix)
{
  g_return_val_if_fail (scene != NULL && prefix != NULL, NULL);
  g_autoptr (GHashTable) taken = scene_ids (scene);
  return unique_id (taken, prefix, 1);
}

/* A polygon's vertices checked and oriented for its role, in a copy. */
static CaromObject *
prepared_polygon (const CaromObject *object, const CgVec2 *points, size_t n_points,
                  gboolean *reversed, GError **error)
{
  if (!carom_edit_check_polygon (points, n_points, error))
    return NULL;
  g_autofree CgVec2 *v = g_memdup2 (points, n_points * sizeof *points);
  gboolean flipped = cg_polygon_orient (v, n_points, object->role);
  CaromObject *copy = carom_object_copy (object);
  carom_object_set_points (copy, v, n_points);
  copy->reversed = FALSE;
  if (reversed != NULL)
    *reversed = flipped;
  return copy;
}

static gboolean
ball_values_ok (CgVec2 center, double radius, CgVec2 direction, GError **error)
{
  if (!cg_is_valid_vec2 (center))
    {
      g_set_error_literal (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE,
                           _ ("The ball’s centre must be a finite point"));
      return FALSE;
    }
  if (!(radius > 0.0) || !isfinite (radius))
    {
      g_set_error_literal (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE,
                           _ ("The ball’s radius must be a positive number"));
      return FALSE;
    }
  double length = cg_length (direction);
  if (!(length > 0.0) || !isfinite (length))
    {
      g_set_error_literal (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE,
                           _ ("The ball’s direction must not be zero"));
      return FALSE;
    }
  return TRUE;
}

/* A beam's values: a ball's, and its count, a fan's spread, a parallel
 * beam's other end. */
static gboolean
beam_values_ok (const CaromObject *beam, GError **error)
{
  if (!ball_values_ok (beam->center, beam->radius, beam->direction, error))
    return FALSE;
  if (beam->count < 1 || beam->count > CAROM_BEAM_MAX_COUNT)
    {
      g_set_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE,
                   _ ("A beam has 1 to %u rays"), (guint)CAROM_BEAM_MAX_COUNT);
      return FALSE;
    }
  if (beam->beam_shape == CAROM_BEAM_FAN && !(beam->spread >= 0.0 && beam->spread <= 360.0))
    {
      g_set_error_literal (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE,
                           _ ("A fan’s spread must be 0° to 360°"));
      return FALSE;
    }
  if (beam->beam_shape == CAROM_BEAM_PARALLEL && !cg_is_valid_vec2 (beam->beam_end))
    {
      g_set_error_literal (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE,
                           _ ("The beam’s end must be a finite point"));
      return FALSE;
    }
  return TRUE;
}

/* Checks object and gives back the version to insert (object itself, or a
 * checked copy that replaces it), or NULL, leaving object to the caller. */
static CaromObject *
prepare_new (GHashTable *taken, CaromObject *object, gboolean *reversed, GError **error)
{
  CaromObject *ready = object;
  if (object->kind == CAROM_OBJECT_POLYGON)
    ready = prepared_polygon (object, object->points, object->n_points, reversed, error);
  else if (object->kind == CAROM_OBJECT_BEAM && !beam_values_ok (object, error))
    ready = NULL;
  else if (!ball_values_ok (object->center, object->radius, object->direction, error))
    ready = NULL;
  else
    object->direction = cg_normalize (object->direction);
  if (ready == NULL)
    return NULL;
  if (ready != object)
    carom_object_free (object);
  ready->origin = 0; /* new to the file, even as a copy of an object from it */

  if (ready->id == NULL || g_hash_table_contains (taken, ready->id))
    {
      /* A copy of "post" is "post-2" (of "post-2", "post-3"); an object
       * without a name is named by its role. */
      g_autofree char *prefix = NULL;
      if (ready->id != NULL)
        {
          prefix = g_strdup (ready->id);
          char *dash = strrchr (prefix, '-');
          if (dash != NULL && dash != prefix && dash[1] != '\0'
              && strspn (dash + 1, "0123456789") == strlen (dash + 1))
            *dash = '\0';
        }
      g_autofree char *id = prefix != NULL ? unique_id (taken, prefix, 2)
                                           : unique_id (taken, carom_object_role_name (ready), 1);
      carom_object_set_id (ready, id);
    }
  return ready;
}

gint
carom_edit_add (CaromHistory *history, CaromScene *scene, CaromObject *object, const char *label,
                gboolean *reversed, GError **error)
{
  g_return_val_if_fail (history != NULL && scene != NULL && object != NULL, -1);
  if (reversed != NULL)
    *reversed = FALSE;
  g_autoptr (GHashTable) taken = scene_ids (scene);
  CaromObject *ready = prepare_new (taken, object, reversed, error);
  if (ready == NULL)
    {
      carom_object_free (object);
      return -1;
    }
  guint index = scene->objects->len;
  carom_history_insert (history, index, ready, label);
  return (gint)index;
}

gboolean
carom_edit_add_all (CaromHistory *history, CaromScene *scene, GPtrArray *objects, const char *label,
                    guint *n_reversed, GError **error)
{
  g_return_val_if_fail (history != NULL && scene != NULL && objects != NULL, FALSE);
  g_autoptr (GPtrArray) ready = g_ptr_array_new_with_free_func ((GDestroyNotify)carom_object_free);
  g_autoptr (GHashTable) taken = scene_ids (scene);
  guint reversals = 0;
  for (guint i = 0; i < objects->len; i++)
    {
      CaromObject *object = g_steal_pointer (&objects->pdata[i]);
      gboolean reversed = FALSE;
      CaromObject *r = prepare_new (taken, object, &reversed, error);
      if (r == NULL)
        {
          /* All are taken, even those not looked at yet. */
          carom_object_free (object);
          for (guint j = i + 1; j < objects->len; j++)
            carom_object_free (g_steal_pointer (&objects->pdata[j]));
          g_ptr_array_set_size (objects, 0);
          return FALSE;
        }
      g_hash_table_add (taken, r->id);
      reversals += reversed;
      g_ptr_array_add (ready, r);
    }
  g_ptr_array_set_size (objects, 0);
  carom_history_begin (history, label, NULL);
  for (guint i = 0; i < ready->len; i++)
    carom_history_insert (history, scene->objects->len, g_steal_pointer (&ready->pdata[i]), label);
  carom_history_commit (history);
  if (n_reversed != NULL)
    *n_reversed = reversals;
  return TRUE;
}

static int
compare_guint_desc (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *)a, y = *(const guint *)b;
  return x < y ? 1 : x > y ? -1 : 0;
}

void
carom_edit_delete (CaromHistory *history, CaromScene *scene, const guint *indices, guint n_indices,
                   const char *label)
{
  g_return_if_fail (history != NULL && scene != NULL);
  if (n_indices == 0)
    return;
  /* From the last index down, so the others stay where they are. */
  g_autofree guint *sorted = g_memdup2 (indices, n_indices * sizeof *indices);
  qsort (sorted, n_indices, sizeof *sorted, compare_guint_desc);
  carom_history_begin (history, label, NULL);
  for (guint i = 0; i < n_indices; i++)
    if (sorted[i] < scene->objects->len && (i == 0 || sorted[i] != sorted[i - 1]))
      carom_history_remove (history, sorted[i], label);
  carom_history_commit (history);
}

gboolean
carom_edit_transform (CaromHistory *history, CaromScene *scene, const guint *indices,
                      guint n_indices, CaromObject *const *originals, const CaromMatrix *m,
                      const char *label, const char *merge_key, GError **error)
{
  g_return_val_if_fail (history != NULL && scene != NULL && m != NULL, FALSE);
  double det = m->xx * m->yy - m->xy * m->yx;
  if (!isfinite (det) || !isfinite (m->x0) || !isfinite (m->y0) || fabs (det) < 1e-12)
    {
      g_set_error_literal (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE,
                           _ ("This transformation would flatten the selection"));
      return FALSE;
    }
  g_autoptr (GPtrArray) made = g_ptr_array_new_with_free_func ((GDestroyNotify)carom_object_free);
  for (guint i = 0; i < n_indices; i++)
    {
      g_return_val_if_fail (indices[i] < scene->objects->len, FALSE);
      const CaromObject *o
          = originals != NULL ? originals[i] : g_ptr_array_index (scene->objects, indices[i]);
      CaromObject *copy;
      if (o->kind == CAROM_OBJECT_POLYGON)
        {
          g_autofree CgVec2 *v = g_new (CgVec2, o->n_points);
          for (size_t k = 0; k < o->n_points; k++)
            v[k] = carom_matrix_apply (m, o->points[k]);
          g_autoptr (GError) local = NULL;
          copy = prepared_polygon (o, v, o->n_points, NULL, &local);
          if (copy == NULL)
            {
              g_set_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON, "%s: %s",
                           o->id, local->message);
              return FALSE;
            }
        }
      else
        {
          CgVec2 d = { m->xx * o->direction.x + m->xy * o->direction.y,
                       m->yx * o->direction.x + m->yy * o->direction.y };
          CgVec2 center = carom_matrix_apply (m, o->center);
          /* A turn's determinant is 1 but for rounding (cos² + sin²): the
           * radius must not creep. */
          double factor = fabs (fabs (det) - 1.0) <= 8 * DBL_EPSILON ? 1.0 : sqrt (fabs (det));
          double radius = o->radius * factor;
          if (!ball_values_ok (center, radius, d, error))
            return FALSE;
          copy = carom_object_copy (o);
          copy->center = center;
          copy->radius = radius;
          copy->direction = cg_normalize (d);
          if (o->kind == CAROM_OBJECT_BEAM)
            copy->beam_end = o->beam_shape == CAROM_BEAM_PARALLEL
                                 ? carom_matrix_apply (m, o->beam_end)
                                 : center;
        }
      g_ptr_array_add (made, copy);
    }
  carom_history_begin (history, label, merge_key);
  for (guint i = 0; i < n_indices; i++)
    carom_history_replace (history, indices[i], g_steal_pointer (&made->pdata[i]), label,
                           merge_key);
  carom_history_commit (history);
  return TRUE;
}

gboolean
carom_edit_set_points (CaromHistory *history, CaromScene *scene, guint index, const CgVec2 *points,
                       size_t n_points, const char *label, const char *merge_key,
                       gboolean *reversed, GError **error)
{
  g_return_val_if_fail (history != NULL && scene != NULL, FALSE);
  g_return_val_if_fail (index < scene->objects->len, FALSE);
  const CaromObject *o = g_ptr_array_index (scene->objects, index);
  g_return_val_if_fail (o->kind == CAROM_OBJECT_POLYGON, FALSE);
  CaromObject *copy = prepared_polygon (o, points, n_points, reversed, error);
  if (copy == NULL)
    return FALSE;
  carom_history_replace (history, index, copy, label, merge_key);
  return TRUE;
}

void
carom_edit_set_role (CaromHistory *history, CaromScene *scene, guint index, CgRole role)
{
  g_return_if_fail (history != NULL && scene != NULL);
  g_return_if_fail (index < scene->objects->len);
  const CaromObject *o = g_ptr_array_index (scene->objects, index);
  g_return_if_fail (o->kind == CAROM_OBJECT_POLYGON);
  if (o->role == role)
    return;
  CaromObject *copy = carom_object_copy (o);
  copy->role = role;
  cg_polygon_orient (copy->points, copy->n_points, role);
  copy->reversed = FALSE;
  carom_history_replace (history, index, copy,
                         role == CG_ROLE_WALL ? _ ("Make Wall") : _ ("Make Obstacle"), NULL);
}

/* An XML name without a colon (what an SVG id must be), ASCII-strict, any
 * other Unicode letter allowed. */
static gboolean
valid_id (const char *name)
{
  if (name == NULL || *name == '\0' || !g_utf8_validate (name, -1, NULL))
    return FALSE;
  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gboolean start = g_unichar_isalpha (c) || c == '_';
      gboolean rest = start || g_unichar_isdigit (c) || c == '-' || c == '.';
      if (p == name ? !start : !rest)
        return FALSE;
    }
  return TRUE;
}

gboolean
carom_edit_rename (CaromHistory *history, CaromScene *scene, guint index, const char *name,
                   GError **error)
{
  g_return_val_if_fail (history != NULL && scene != NULL, FALSE);
  g_return_val_if_fail (index < scene->objects->len, FALSE);
  const CaromObject *o = g_ptr_array_index (scene->objects, index);
  if (g_strcmp0 (o->id, name) == 0)
    return TRUE;
  if (!valid_id (name))
    {
      g_set_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_NAME,
                   _ ("“%s” cannot be a name: start with a letter, then use letters, digits, "
                      "“-”, “_” or “.”"),
                   name != NULL ? name : "");
      return FALSE;
    }
  if (id_taken (scene, name, o))
    {
      g_set_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_NAME,
                   _ ("Another object is already named “%s”"), name);
      return FALSE;
    }
  CaromObject *copy = carom_object_copy (o);
  carom_object_set_id (copy, name);
  carom_history_replace (history, index, copy, _ ("Rename"), NULL);
  return TRUE;
}

gboolean
carom_edit_set_ball (CaromHistory *history, CaromScene *scene, guint index, CgVec2 center,
                     double radius, CgVec2 direction, guint max_bounces, const char *label,
                     const char *merge_key, GError **error)
{
  g_return_val_if_fail (history != NULL && scene != NULL, FALSE);
  g_return_val_if_fail (index < scene->objects->len, FALSE);
  const CaromObject *o = g_ptr_array_index (scene->objects, index);
  g_return_val_if_fail (o->kind == CAROM_OBJECT_BALL, FALSE);
  if (!ball_values_ok (center, radius, direction, error))
    return FALSE;
  CaromObject *copy = carom_object_copy (o);
  copy->center = center;
  copy->radius = radius;
  copy->direction = cg_normalize (direction);
  copy->max_bounces = max_bounces;
  carom_history_replace (history, index, copy, label, merge_key);
  return TRUE;
}

void
carom_edit_set_flags (CaromHistory *history, CaromScene *scene, guint index, gboolean hidden,
                      gboolean locked)
{
  g_return_if_fail (history != NULL && scene != NULL);
  g_return_if_fail (index < scene->objects->len);
  const CaromObject *o = g_ptr_array_index (scene->objects, index);
  if (!o->hidden == !hidden && !o->locked == !locked)
    return;
  CaromObject *copy = carom_object_copy (o);
  const char *label = !o->hidden != !hidden ? (hidden ? _ ("Hide") : _ ("Show"))
                                            : (locked ? _ ("Lock") : _ ("Unlock"));
  copy->hidden = hidden != FALSE;
  copy->locked = locked != FALSE;
  carom_history_replace (history, index, copy, label, NULL);
}

gboolean
carom_edit_set_beam (CaromHistory *history, CaromScene *scene, guint index,
                     const CaromObject *values, const char *label, const char *merge_key,
                     GError **error)
{
  g_return_val_if_fail (history != NULL && scene != NULL && values != NULL, FALSE);
  g_return_val_if_fail (index < scene->objects->len, FALSE);
  const CaromObject *o = g_ptr_array_index (scene->objects, index);
  g_return_val_if_fail (o->kind == CAROM_OBJECT_BEAM && values->kind == CAROM_OBJECT_BEAM, FALSE);
  if (!beam_values_ok (values, error))
    return FALSE;
  CaromObject *copy = carom_object_copy (o);
  copy->beam_shape = values->beam_shape;
  copy->center = values->center;
  copy->beam_end = values->beam_shape == CAROM_BEAM_FAN ? values->center : values->beam_end;
  copy->radius = values->radius;
  copy->direction = cg_normalize (values->direction);
  copy->spread = values->spread;
  copy->count = values->count;
  copy->max_bounces = values->max_bounces;
  carom_history_replace (history, index, copy, label, merge_key);
  return TRUE;
}
