/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-edit.c: the commands that change a scene. */
#include "carom-edit.h"

#include <glib/gi18n-lib.h>
#include <float.h>
#include <math.h>
#include <string.h>

/* Spelled out rather than G_DEFINE_QUARK (carom-edit-error-quark, …):
 * clang-format reads the macro's first argument as a subtraction and spaces
 * it into "carom - edit - error - quark", which the macro stringifies. */
GQuark
carom_edit_error_quark (void)
{
  return g_quark_from_static_string ("carom-edit-error-quark");
}

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
    case CG_POLYGON_TOO_LARGE:
      g_set_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON,
                   _ ("Vertex v%zu is too far out: coordinates go up to 1e150"), check.index_a);
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
id_taken (const CmScene *scene, const char *id, const CmObject *except)
{
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *o = g_ptr_array_index (scene->objects, i);
      if (o != except && o->id != NULL && strcmp (o->id, id) == 0)
        return TRUE;
    }
  return FALSE;
}

/* Every object's id, for finding free names. */
static GHashTable *
scene_ids (const CmScene *scene)
{
  GHashTable *taken = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *o = g_ptr_array_index (scene->objects, i);
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
cm_scene_unique_id (const CmScene *scene, const char *prefix)
{
  g_return_val_if_fail (scene != NULL && prefix != NULL, NULL);
  g_autoptr (GHashTable) taken = scene_ids (scene);
  return unique_id (taken, prefix, 1);
}

static gboolean
cg_vec2_equal (CgVec2 a, CgVec2 b)
{
  return a.x == b.x && a.y == b.y;
}

/* True when no edge of edges[0 .. n) is an arc (NULL: none is). */
static gboolean
all_straight (const CgCurveEdge *edges, size_t n)
{
  for (size_t i = 0; edges != NULL && i < n; i++)
    if (edges[i].sweep != 0.0)
      return FALSE;
  return TRUE;
}

/* Reverses a curved boundary the way cg_polygon_orient() reverses a
 * polygon (vertex i goes to n - 1 - i), so the tools' vertex indices follow
 * both alike: the new edge i runs from old v[n-1-i] to old v[n-2-i], the old
 * edge (2n - 2 - i) mod n run backwards. */
static void
reverse_curve (CgVec2 *v, CgCurveEdge *e, size_t n)
{
  g_autofree CgVec2 *v0 = g_memdup2 (v, n * sizeof *v);
  g_autofree CgCurveEdge *e0 = g_memdup2 (e, n * sizeof *e);
  for (size_t i = 0; i < n; i++)
    {
      v[i] = v0[n - 1 - i];
      e[i] = e0[(2 * n - 2 - i) % n];
      e[i].sweep = -e[i].sweep;
    }
}

gboolean
carom_edit_check_curve (const CgVec2 *points, const CgCurveEdge *edges, size_t n_points,
                        GError **error)
{
  if (all_straight (edges, n_points))
    return carom_edit_check_polygon (points, n_points, error);
  CgCurveCheck check
      = cg_curve_validate (points, edges, n_points, cg_curve_tolerance (points, edges, n_points));
  switch (check.status)
    {
    case CG_CURVE_OK:
      return TRUE;
    case CG_CURVE_NOT_FINITE:
      g_set_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON,
                   _ ("Vertex v%zu or its edge is not a finite number"), check.index_a);
      break;
    case CG_CURVE_TOO_LARGE:
      g_set_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON,
                   _ ("Vertex v%zu or its edge is too far out: numbers go up to 1e150"),
                   check.index_a);
      break;
    case CG_CURVE_TOO_FEW_EDGES:
      g_set_error_literal (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON,
                           _ ("A boundary with arcs needs at least 2 vertices, or is a whole "
                              "circle"));
      break;
    case CG_CURVE_SHORT_EDGE:
      g_set_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON,
                   _ ("Edge %zu would be too short"), check.index_a);
      break;
    case CG_CURVE_BAD_ARC:
      g_set_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON,
                   _ ("Arc edge %zu does not fit its ends"), check.index_a);
      break;
    case CG_CURVE_ZERO_AREA:
      g_set_error_literal (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON,
                           _ ("The boundary would enclose no area"));
      break;
    case CG_CURVE_SELF_CROSSING:
      g_set_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON,
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

/* A polygon's vertices and edges (NULL: all straight) checked and oriented
 * for its role, in a copy. */
static CmObject *
prepared_curve (const CmObject *object, const CgVec2 *points, const CgCurveEdge *edges,
                size_t n_points, gboolean *reversed, GError **error)
{
  if (all_straight (edges, n_points))
    edges = NULL;
  if (!carom_edit_check_curve (points, edges, n_points, error))
    return NULL;
  g_autofree CgVec2 *v = g_memdup2 (points, n_points * sizeof *points);
  g_autofree CgCurveEdge *e = edges != NULL ? g_memdup2 (edges, n_points * sizeof *edges) : NULL;
  gboolean flipped;
  if (e == NULL)
    flipped = cg_polygon_orient (v, n_points, object->role);
  else
    {
      double area = cg_curve_signed_area (v, e, n_points);
      flipped = (area > 0.0) != (object->role == CG_ROLE_OBSTACLE);
      if (flipped)
        reverse_curve (v, e, n_points);
    }
  CmObject *copy = cm_object_copy (object);
  cm_object_set_points (copy, v, n_points);
  cm_object_set_edges (copy, e);
  copy->reversed = FALSE;
  if (reversed != NULL)
    *reversed = flipped;
  return copy;
}

/* A polygon's vertices checked and oriented for its role, in a copy that
 * keeps the object's edges when the vertex count is the same: each arc
 * whose ends moved keeps its sweep, with its centre and radius found anew
 * (a whole circle keeps its centre and takes the vertex's distance as R). */
static CmObject *
prepared_polygon (const CmObject *object, const CgVec2 *points, size_t n_points, gboolean *reversed,
                  GError **error)
{
  if (object->edges == NULL || n_points != object->n_points)
    return prepared_curve (object, points, NULL, n_points, reversed, error);
  g_autofree CgCurveEdge *e = g_memdup2 (object->edges, n_points * sizeof *e);
  carom_curve_follow_vertices (object->points, points, e, n_points);
  return prepared_curve (object, points, e, n_points, reversed, error);
}

void
carom_curve_follow_vertices (const CgVec2 *old_points, const CgVec2 *points, CgCurveEdge *edges,
                             size_t n)
{
  for (size_t i = 0; i < n; i++)
    {
      if (edges[i].sweep == 0.0)
        continue;
      size_t j = (i + 1) % n;
      if (cg_vec2_equal (old_points[i], points[i]) && cg_vec2_equal (old_points[j], points[j]))
        continue;
      if (n == 1)
        edges[i].R = cg_distance (points[0], edges[i].q);
      else
        edges[i] = cg_curve_edge_arc (points[i], points[j], edges[i].sweep);
    }
}

void
carom_curve_insert_vertex (const CgVec2 *points, const CgCurveEdge *edges, size_t n, size_t edge,
                           double s, CgVec2 *out_points, CgCurveEdge *out_edges)
{
  g_return_if_fail (edge < n);
  CgCurveEdge straight = cg_curve_edge_straight ();
  CgCurveEdge e = edges != NULL ? edges[edge] : straight;
  CgVec2 p;
  if (edges != NULL)
    p = cg_curve_edge_point (points, edges, n, edge, s);
  else
    p = cg_lerp (points[edge], points[(edge + 1) % n], s);
  for (size_t i = 0, k = 0; i < n; i++)
    {
      out_points[k] = points[i];
      out_edges[k++] = edges != NULL ? edges[i] : straight;
      if (i == edge)
        {
          out_points[k] = p;
          out_edges[k++] = edges != NULL ? edges[i] : straight;
        }
    }
  if (e.sweep != 0.0)
    {
      /* Two arcs on the same circle, their sweeps in proportion. */
      out_edges[edge].sweep = e.sweep * s;
      out_edges[edge + 1].sweep = e.sweep * (1.0 - s);
    }
}

void
carom_curve_delete_vertex (const CgVec2 *points, const CgCurveEdge *edges, size_t n, size_t k,
                           CgVec2 *out_points, CgCurveEdge *out_edges)
{
  g_return_if_fail (k < n && n >= 2);
  CgCurveEdge straight = cg_curve_edge_straight ();
  size_t before = (k + n - 1) % n;
  CgCurveEdge a = edges != NULL ? edges[before] : straight;
  CgCurveEdge b = edges != NULL ? edges[k] : straight;
  for (size_t i = 0, j = 0; i < n; i++)
    if (i != k)
      {
        out_points[j] = points[i];
        out_edges[j++] = edges != NULL ? edges[i] : straight;
      }
  size_t merged = k == 0 ? n - 2 : k - 1;
  /* The two edges at the vertex become one: two arcs turn by their sweeps
   * together (on one circle, that is the same circle again); an arc and a
   * segment keep the arc's turn; two segments make a segment. */
  double sweep = a.sweep + b.sweep;
  CgVec2 from = out_points[merged], to = out_points[(merged + 1) % (n - 1)];
  if (sweep == 0.0 || fabs (sweep) >= 2.0 * G_PI || cg_vec2_equal (from, to))
    out_edges[merged] = straight;
  else
    out_edges[merged] = cg_curve_edge_arc (from, to, sweep);
}

CgCurveEdge
carom_curve_edge_through (CgVec2 a, CgVec2 b, CgVec2 p, double tol)
{
  CgVec2 ab = cg_sub (b, a);
  double len = cg_length (ab);
  if (!(len > 0.0) || fabs (cg_cross (ab, cg_sub (p, a))) / len <= tol)
    return cg_curve_edge_straight ();
  /* The circle through a, p and b. */
  CgVec2 u = cg_sub (p, a);
  double d = 2.0 * cg_cross (ab, u);
  double ab2 = cg_length_sq (ab), u2 = cg_length_sq (u);
  CgVec2 q = cg_add (a, cg_v2 ((u.y * ab2 - ab.y * u2) / d, (ab.x * u2 - u.x * ab2) / d));
  double ta = atan2 (a.y - q.y, a.x - q.x);
  double to_p = fmod (atan2 (p.y - q.y, p.x - q.x) - ta + 4.0 * G_PI, 2.0 * G_PI);
  double to_b = fmod (atan2 (b.y - q.y, b.x - q.x) - ta + 4.0 * G_PI, 2.0 * G_PI);
  /* The turn from a to b that passes p: the positive one when p comes
   * first going that way, else the negative one. */
  double sweep = to_p < to_b ? to_b : to_b - 2.0 * G_PI;
  if (!(fabs (sweep) > 0.0) || !(fabs (sweep) < 2.0 * G_PI))
    return cg_curve_edge_straight ();
  return cg_curve_edge_arc (a, b, sweep);
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
beam_values_ok (const CmObject *beam, GError **error)
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
static CmObject *
prepare_new (GHashTable *taken, CmObject *object, gboolean *reversed, GError **error)
{
  CmObject *ready = object;
  if (object->kind == CM_OBJECT_POLYGON)
    ready = prepared_polygon (object, object->points, object->n_points, reversed, error);
  else if (object->kind == CM_OBJECT_BEAM && !beam_values_ok (object, error))
    ready = NULL;
  else if (!ball_values_ok (object->center, object->radius, object->direction, error))
    ready = NULL;
  else
    object->direction = cg_normalize (object->direction);
  if (ready == NULL)
    return NULL;
  if (ready != object)
    cm_object_free (object);
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
                                           : unique_id (taken, cm_object_role_name (ready), 1);
      cm_object_set_id (ready, id);
    }
  return ready;
}

gint
carom_edit_add (CaromHistory *history, CmScene *scene, CmObject *object, const char *label,
                gboolean *reversed, GError **error)
{
  g_return_val_if_fail (history != NULL && scene != NULL && object != NULL, -1);
  if (reversed != NULL)
    *reversed = FALSE;
  g_autoptr (GHashTable) taken = scene_ids (scene);
  CmObject *ready = prepare_new (taken, object, reversed, error);
  if (ready == NULL)
    {
      cm_object_free (object);
      return -1;
    }
  guint index = scene->objects->len;
  carom_history_insert (history, index, ready, label);
  return (gint)index;
}

gboolean
carom_edit_add_all (CaromHistory *history, CmScene *scene, GPtrArray *objects, const char *label,
                    guint *n_reversed, GError **error)
{
  g_return_val_if_fail (history != NULL && scene != NULL && objects != NULL, FALSE);
  g_autoptr (GPtrArray) ready = g_ptr_array_new_with_free_func ((GDestroyNotify)cm_object_free);
  g_autoptr (GHashTable) taken = scene_ids (scene);
  guint reversals = 0;
  for (guint i = 0; i < objects->len; i++)
    {
      CmObject *object = g_steal_pointer (&objects->pdata[i]);
      gboolean reversed = FALSE;
      CmObject *r = prepare_new (taken, object, &reversed, error);
      if (r == NULL)
        {
          /* All are taken, even those not looked at yet. */
          cm_object_free (object);
          for (guint j = i + 1; j < objects->len; j++)
            cm_object_free (g_steal_pointer (&objects->pdata[j]));
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
carom_edit_delete (CaromHistory *history, CmScene *scene, const guint *indices, guint n_indices,
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
carom_edit_transform (CaromHistory *history, CmScene *scene, const guint *indices, guint n_indices,
                      CmObject *const *originals, const CaromMatrix *m, const char *label,
                      const char *merge_key, GError **error)
{
  g_return_val_if_fail (history != NULL && scene != NULL && m != NULL, FALSE);
  double det = m->xx * m->yy - m->xy * m->yx;
  if (!isfinite (det) || !isfinite (m->x0) || !isfinite (m->y0) || fabs (det) < 1e-12)
    {
      g_set_error_literal (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE,
                           _ ("This transformation would flatten the selection"));
      return FALSE;
    }
  g_autoptr (GPtrArray) made = g_ptr_array_new_with_free_func ((GDestroyNotify)cm_object_free);
  for (guint i = 0; i < n_indices; i++)
    {
      g_return_val_if_fail (indices[i] < scene->objects->len, FALSE);
      const CmObject *o
          = originals != NULL ? originals[i] : g_ptr_array_index (scene->objects, indices[i]);
      CmObject *copy;
      if (o->kind == CM_OBJECT_POLYGON)
        {
          g_autofree CgVec2 *v = g_new (CgVec2, o->n_points);
          for (size_t k = 0; k < o->n_points; k++)
            v[k] = carom_matrix_apply (m, o->points[k]);
          g_autofree CgCurveEdge *e = NULL;
          if (cm_object_is_curved (o))
            {
              /* Arcs stay arcs under maps that keep circles circles; a
               * non-uniform scale would make ellipses, which Carom has no
               * exact form for: refused rather than flattened behind the
               * user's back. */
              double s2 = 0.5 * (m->xx * m->xx + m->yx * m->yx + m->xy * m->xy + m->yy * m->yy);
              if (fabs (m->xx * m->xy + m->yx * m->yy) > 1e-9 * s2
                  || fabs (m->xx * m->xx + m->yx * m->yx - m->xy * m->xy - m->yy * m->yy)
                         > 1e-9 * s2)
                {
                  g_set_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE,
                               _ ("%s has arcs, which a non-uniform scale would make ellipses: "
                                  "scale it the same way in both directions"),
                               o->id);
                  return FALSE;
                }
              double factor = fabs (fabs (det) - 1.0) <= 8 * DBL_EPSILON ? 1.0 : sqrt (fabs (det));
              e = g_memdup2 (o->edges, o->n_points * sizeof *e);
              for (size_t k = 0; k < o->n_points; k++)
                if (e[k].sweep != 0.0)
                  {
                    e[k].q = carom_matrix_apply (m, e[k].q);
                    e[k].R *= factor;
                    if (det < 0.0)
                      e[k].sweep = -e[k].sweep;
                  }
            }
          g_autoptr (GError) local = NULL;
          copy = prepared_curve (o, v, e, o->n_points, NULL, &local);
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
          copy = cm_object_copy (o);
          copy->center = center;
          copy->radius = radius;
          copy->direction = cg_normalize (d);
          if (o->kind == CM_OBJECT_BEAM)
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
carom_edit_set_points (CaromHistory *history, CmScene *scene, guint index, const CgVec2 *points,
                       size_t n_points, const char *label, const char *merge_key,
                       gboolean *reversed, GError **error)
{
  g_return_val_if_fail (history != NULL && scene != NULL, FALSE);
  g_return_val_if_fail (index < scene->objects->len, FALSE);
  const CmObject *o = g_ptr_array_index (scene->objects, index);
  g_return_val_if_fail (o->kind == CM_OBJECT_POLYGON, FALSE);
  CmObject *copy = prepared_polygon (o, points, n_points, reversed, error);
  if (copy == NULL)
    return FALSE;
  carom_history_replace (history, index, copy, label, merge_key);
  return TRUE;
}

/* Object index made a polygon of role, its vertices in that role's
 * orientation (nothing when it is one already or not a polygon). */
static void
replace_role (CaromHistory *history, CmScene *scene, guint index, CgRole role, const char *label)
{
  if (index >= scene->objects->len)
    return;
  const CmObject *o = g_ptr_array_index (scene->objects, index);
  if (o->kind != CM_OBJECT_POLYGON || o->role == role)
    return;
  CmObject *copy = cm_object_copy (o);
  copy->role = role;
  if (copy->edges != NULL)
    {
      if ((cg_curve_signed_area (copy->points, copy->edges, copy->n_points) > 0.0)
          != (role == CG_ROLE_OBSTACLE))
        reverse_curve (copy->points, copy->edges, copy->n_points);
    }
  else
    cg_polygon_orient (copy->points, copy->n_points, role);
  copy->reversed = FALSE;
  carom_history_replace (history, index, copy, label, NULL);
}

static const char *
role_label (CgRole role)
{
  return role == CG_ROLE_WALL ? _ ("Make Wall") : _ ("Make Obstacle");
}

void
carom_edit_set_role (CaromHistory *history, CmScene *scene, guint index, CgRole role)
{
  g_return_if_fail (history != NULL && scene != NULL);
  g_return_if_fail (index < scene->objects->len);
  g_return_if_fail (((const CmObject *)g_ptr_array_index (scene->objects, index))->kind
                    == CM_OBJECT_POLYGON);
  replace_role (history, scene, index, role, role_label (role));
}

void
carom_edit_set_role_all (CaromHistory *history, CmScene *scene, const guint *indices,
                         guint n_indices, CgRole role)
{
  g_return_if_fail (history != NULL && scene != NULL);
  g_return_if_fail (indices != NULL || n_indices == 0);
  const char *label = role_label (role);
  carom_history_begin (history, label, NULL);
  for (guint i = 0; i < n_indices; i++)
    replace_role (history, scene, indices[i], role, label);
  carom_history_commit (history);
}

CaromShared
carom_edit_shared_role (const CmScene *scene, const guint *indices, guint n_indices, CgRole *role)
{
  g_return_val_if_fail (scene != NULL, CAROM_SHARED_NONE);
  CaromShared shared = CAROM_SHARED_NONE;
  CgRole first = CG_ROLE_WALL;
  for (guint i = 0; i < n_indices; i++)
    {
      if (indices[i] >= scene->objects->len)
        return CAROM_SHARED_NONE;
      const CmObject *o = g_ptr_array_index (scene->objects, indices[i]);
      if (o->kind != CM_OBJECT_POLYGON)
        return CAROM_SHARED_NONE;
      if (shared == CAROM_SHARED_NONE)
        {
          first = o->role;
          shared = CAROM_SHARED_SAME;
        }
      else if (o->role != first)
        shared = CAROM_SHARED_MIXED;
    }
  if (shared == CAROM_SHARED_SAME && role != NULL)
    *role = first;
  return shared;
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
carom_edit_rename (CaromHistory *history, CmScene *scene, guint index, const char *name,
                   GError **error)
{
  g_return_val_if_fail (history != NULL && scene != NULL, FALSE);
  g_return_val_if_fail (index < scene->objects->len, FALSE);
  const CmObject *o = g_ptr_array_index (scene->objects, index);
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
  CmObject *copy = cm_object_copy (o);
  cm_object_set_id (copy, name);
  carom_history_replace (history, index, copy, _ ("Rename"), NULL);
  return TRUE;
}

gboolean
carom_edit_set_ball (CaromHistory *history, CmScene *scene, guint index, CgVec2 center,
                     double radius, CgVec2 direction, guint max_bounces, const char *label,
                     const char *merge_key, GError **error)
{
  g_return_val_if_fail (history != NULL && scene != NULL, FALSE);
  g_return_val_if_fail (index < scene->objects->len, FALSE);
  const CmObject *o = g_ptr_array_index (scene->objects, index);
  g_return_val_if_fail (o->kind == CM_OBJECT_BALL, FALSE);
  if (!ball_values_ok (center, radius, direction, error))
    return FALSE;
  CmObject *copy = cm_object_copy (o);
  copy->center = center;
  copy->radius = radius;
  copy->direction = cg_normalize (direction);
  copy->max_bounces = max_bounces;
  carom_history_replace (history, index, copy, label, merge_key);
  return TRUE;
}

void
carom_edit_set_flags (CaromHistory *history, CmScene *scene, guint index, gboolean hidden,
                      gboolean locked)
{
  g_return_if_fail (history != NULL && scene != NULL);
  g_return_if_fail (index < scene->objects->len);
  const CmObject *o = g_ptr_array_index (scene->objects, index);
  if (!o->hidden == !hidden && !o->locked == !locked)
    return;
  CmObject *copy = cm_object_copy (o);
  const char *label = !o->hidden != !hidden ? (hidden ? _ ("Hide") : _ ("Show"))
                                            : (locked ? _ ("Lock") : _ ("Unlock"));
  copy->hidden = hidden != FALSE;
  copy->locked = locked != FALSE;
  carom_history_replace (history, index, copy, label, NULL);
}

gboolean
carom_edit_set_beam (CaromHistory *history, CmScene *scene, guint index, const CmObject *values,
                     const char *label, const char *merge_key, GError **error)
{
  g_return_val_if_fail (history != NULL && scene != NULL && values != NULL, FALSE);
  g_return_val_if_fail (index < scene->objects->len, FALSE);
  const CmObject *o = g_ptr_array_index (scene->objects, index);
  g_return_val_if_fail (o->kind == CM_OBJECT_BEAM && values->kind == CM_OBJECT_BEAM, FALSE);
  if (!beam_values_ok (values, error))
    return FALSE;
  CmObject *copy = cm_object_copy (o);
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

gboolean
carom_edit_set_curve (CaromHistory *history, CmScene *scene, guint index, const CgVec2 *points,
                      const CgCurveEdge *edges, size_t n_points, const char *label,
                      const char *merge_key, gboolean *reversed, GError **error)
{
  g_return_val_if_fail (history != NULL && scene != NULL, FALSE);
  g_return_val_if_fail (index < scene->objects->len, FALSE);
  const CmObject *o = g_ptr_array_index (scene->objects, index);
  g_return_val_if_fail (o->kind == CM_OBJECT_POLYGON, FALSE);
  CmObject *copy = prepared_curve (o, points, edges, n_points, reversed, error);
  if (copy == NULL)
    return FALSE;
  carom_history_replace (history, index, copy, label, merge_key);
  return TRUE;
}

/* The polygon at index, its edges (all straight when it had none) in a
 * copy for changing one of them. */
static CgCurveEdge *
edges_of (const CmObject *o)
{
  CgCurveEdge *e = g_new (CgCurveEdge, o->n_points);
  for (size_t i = 0; i < o->n_points; i++)
    e[i] = o->edges != NULL ? o->edges[i] : cg_curve_edge_straight ();
  return e;
}

gboolean
carom_edit_set_edge (CaromHistory *history, CmScene *scene, guint index, guint edge,
                     CgCurveEdge value, const char *label, const char *merge_key, GError **error)
{
  g_return_val_if_fail (history != NULL && scene != NULL, FALSE);
  g_return_val_if_fail (index < scene->objects->len, FALSE);
  const CmObject *o = g_ptr_array_index (scene->objects, index);
  g_return_val_if_fail (o->kind == CM_OBJECT_POLYGON && edge < o->n_points, FALSE);
  g_autofree CgCurveEdge *e = edges_of (o);
  e[edge] = value;
  return carom_edit_set_curve (history, scene, index, o->points, e, o->n_points, label, merge_key,
                               NULL, error);
}

gboolean
carom_edit_set_edge_radius (CaromHistory *history, CmScene *scene, guint index, guint edge,
                            double radius, const char *label, const char *merge_key, GError **error)
{
  g_return_val_if_fail (history != NULL && scene != NULL, FALSE);
  g_return_val_if_fail (index < scene->objects->len, FALSE);
  const CmObject *o = g_ptr_array_index (scene->objects, index);
  g_return_val_if_fail (o->kind == CM_OBJECT_POLYGON && edge < o->n_points, FALSE);
  if (o->edges == NULL || o->edges[edge].sweep == 0.0)
    {
      g_set_error_literal (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE,
                           _ ("A straight edge has no radius: bend it first"));
      return FALSE;
    }
  if (!(radius > 0.0) || !isfinite (radius))
    {
      g_set_error_literal (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE,
                           _ ("The radius must be a positive number"));
      return FALSE;
    }
  CgCurveEdge old = o->edges[edge];
  if (o->n_points == 1)
    {
      /* A whole circle keeps its centre; its vertex moves out or in. */
      CgVec2 u = cg_normalize (cg_sub (o->points[0], old.q));
      CgVec2 v0 = cg_mul_add (old.q, radius, u);
      CgCurveEdge e = old;
      e.R = radius;
      return carom_edit_set_curve (history, scene, index, &v0, &e, 1, label, merge_key, NULL,
                                   error);
    }
  CgVec2 a = o->points[edge], b = o->points[(edge + 1) % o->n_points];
  double half = 0.5 * cg_distance (a, b);
  if (radius < half)
    {
      g_set_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE,
                   _ ("The radius must be at least half the edge’s chord, %.6g"), half);
      return FALSE;
    }
  /* The same side and the same kind of arc (less or more than a half
   * circle), on the circle of the new radius. */
  double sweep = 2.0 * asin (fmin (half / radius, 1.0));
  if (fabs (old.sweep) > G_PI)
    sweep = 2.0 * G_PI - sweep;
  return carom_edit_set_edge (history, scene, index, edge,
                              cg_curve_edge_arc (a, b, copysign (sweep, old.sweep)), label,
                              merge_key, error);
}

void
carom_edit_set_label_offset (CaromHistory *history, CmScene *scene, guint index, gboolean placed,
                             CgVec2 offset, const char *merge_key)
{
  g_return_if_fail (history != NULL && scene != NULL);
  g_return_if_fail (index < scene->objects->len);
  g_return_if_fail (!placed || cg_is_valid_vec2 (offset));
  const CmObject *o = g_ptr_array_index (scene->objects, index);
  if (!placed && !o->label_placed)
    return;
  if (placed && o->label_placed && o->label_offset.x == offset.x && o->label_offset.y == offset.y)
    return;
  CmObject *copy = cm_object_copy (o);
  copy->label_placed = placed ? 1 : 0;
  copy->label_offset = placed ? offset : cg_v2 (0.0, 0.0);
  /* Translators: undo and redo name these edits. */
  carom_history_replace (history, index, copy, placed ? _ ("Move Label") : _ ("Reset Label"),
                         merge_key);
}

/* What the tracer makes of an object's on-hit: anything but reflect stops. */
static CgOnHit
on_hit_of (const CmObject *o)
{
  return o->on_hit == CG_ON_HIT_REFLECT ? CG_ON_HIT_REFLECT : CG_ON_HIT_STOP;
}

static const char *
on_hit_label (CgOnHit on_hit)
{
  return on_hit == CG_ON_HIT_REFLECT ? _ ("Reflect on Hit") : _ ("Stop on Hit");
}

void
carom_edit_set_on_hit (CaromHistory *history, CmScene *scene, guint index, CgOnHit on_hit)
{
  g_return_if_fail (history != NULL && scene != NULL);
  g_return_if_fail (index < scene->objects->len);
  const CmObject *o = g_ptr_array_index (scene->objects, index);
  g_return_if_fail (o->kind == CM_OBJECT_POLYGON);
  if (o->on_hit == on_hit)
    return;
  CmObject *copy = cm_object_copy (o);
  copy->on_hit = (guint8)on_hit;
  carom_history_replace (history, index, copy, on_hit_label (on_hit), NULL);
}

void
carom_edit_set_on_hit_all (CaromHistory *history, CmScene *scene, const guint *indices,
                           guint n_indices, CgOnHit on_hit)
{
  g_return_if_fail (history != NULL && scene != NULL);
  g_return_if_fail (indices != NULL || n_indices == 0);
  const char *label = on_hit_label (on_hit);
  carom_history_begin (history, label, NULL);
  for (guint i = 0; i < n_indices; i++)
    {
      if (indices[i] >= scene->objects->len)
        continue;
      const CmObject *o = g_ptr_array_index (scene->objects, indices[i]);
      if (o->kind != CM_OBJECT_POLYGON || o->role != CG_ROLE_OBSTACLE || o->on_hit == on_hit)
        continue;
      CmObject *copy = cm_object_copy (o);
      copy->on_hit = (guint8)on_hit;
      carom_history_replace (history, indices[i], copy, label, NULL);
    }
  carom_history_commit (history);
}

CaromShared
carom_edit_shared_on_hit (const CmScene *scene, const guint *indices, guint n_indices,
                          CgOnHit *on_hit)
{
  g_return_val_if_fail (scene != NULL, CAROM_SHARED_NONE);
  CaromShared shared = CAROM_SHARED_NONE;
  CgOnHit first = CG_ON_HIT_STOP;
  for (guint i = 0; i < n_indices; i++)
    {
      if (indices[i] >= scene->objects->len)
        return CAROM_SHARED_NONE;
      const CmObject *o = g_ptr_array_index (scene->objects, indices[i]);
      if (o->kind != CM_OBJECT_POLYGON || o->role != CG_ROLE_OBSTACLE)
        return CAROM_SHARED_NONE;
      if (shared == CAROM_SHARED_NONE)
        {
          first = on_hit_of (o);
          shared = CAROM_SHARED_SAME;
        }
      else if (on_hit_of (o) != first)
        shared = CAROM_SHARED_MIXED;
    }
  if (shared == CAROM_SHARED_SAME && on_hit != NULL)
    *on_hit = first;
  return shared;
}
