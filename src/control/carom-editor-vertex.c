/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-editor-vertex.c: the Vertices tool: drag, add and delete a polygon's
 * vertices. */
#include "config.h"

#include "control/carom-editor-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "geom/cg-polygon.h"
#include "model/carom-edit.h"

/* ---- vertex tool ---- */

/* The selected polygon's vertex under p: its object and index. */
static gboolean
vertex_at (CaromEditor *self, CgVec2 p, gint *object, gint *vertex)
{
  g_autoptr (GArray) sel = carom_editor_get_selection (self);
  double best = carom_editor_px (self, HANDLE_PX);
  gboolean found = FALSE;
  for (guint i = 0; i < sel->len; i++)
    {
      guint index = g_array_index (sel, guint, i);
      const CmObject *o = carom_editor_object_at (self, index);
      if (o->kind != CM_OBJECT_POLYGON)
        continue;
      for (size_t k = 0; k < o->n_points; k++)
        {
          double d = cg_distance (p, o->points[k]);
          if (d <= best)
            best = d, *object = (gint)index, *vertex = (gint)k, found = TRUE;
        }
    }
  return found;
}

CgVec2
carom_editor_edge_midpoint (const CmObject *o, size_t k)
{
  if (o->edges != NULL && o->edges[k].sweep != 0.0)
    return cg_curve_edge_point (o->points, o->edges, o->n_points, k, 0.5);
  return cg_lerp (o->points[k], o->points[(k + 1) % o->n_points], 0.5);
}

/* The selected polygon's midpoint handle under p: its object and edge. A
 * whole circle has none (it has no chord to bend). */
static gboolean
midpoint_at (CaromEditor *self, CgVec2 p, gint *object, gint *edge)
{
  g_autoptr (GArray) sel = carom_editor_get_selection (self);
  double best = carom_editor_px (self, HANDLE_PX);
  gboolean found = FALSE;
  for (guint i = 0; i < sel->len; i++)
    {
      guint index = g_array_index (sel, guint, i);
      const CmObject *o = carom_editor_object_at (self, index);
      if (o->kind != CM_OBJECT_POLYGON || o->n_points < 2)
        continue;
      for (size_t k = 0; k < o->n_points; k++)
        {
          double d = cg_distance (p, carom_editor_edge_midpoint (o, k));
          if (d <= best)
            best = d, *object = (gint)index, *edge = (gint)k, found = TRUE;
        }
    }
  return found;
}

/* Where along arc edge k of o (a fraction of its sweep) the point of the
 * arc nearest to p lies. */
static double
arc_fraction (const CmObject *o, size_t k, CgVec2 p)
{
  const CgCurveEdge *e = &o->edges[k];
  CgVec2 u0 = cg_sub (o->points[k], e->q), up = cg_sub (p, e->q);
  double turn = atan2 (cg_cross (u0, up), cg_dot (u0, up));
  if (e->sweep < 0.0)
    turn = -turn;
  if (turn < 0.0)
    turn += 2.0 * G_PI;
  double s = turn / fabs (e->sweep);
  if (s > 1.0) /* past the end: the nearer end */
    s = turn - fabs (e->sweep) < 2.0 * G_PI - turn ? 1.0 : 0.0;
  return s;
}

/* The selected polygon's edge under p: its object, index, the nearest
 * point on it and its fraction along the edge. */
static gboolean
edge_at (CaromEditor *self, CgVec2 p, gint *object, gint *edge, CgVec2 *point, double *fraction)
{
  g_autoptr (GArray) sel = carom_editor_get_selection (self);
  double best = carom_editor_px (self, PICK_PX);
  gboolean found = FALSE;
  for (guint i = 0; i < sel->len; i++)
    {
      guint index = g_array_index (sel, guint, i);
      const CmObject *o = carom_editor_object_at (self, index);
      if (o->kind != CM_OBJECT_POLYGON)
        continue;
      for (size_t k = 0; k < o->n_points; k++)
        {
          double t;
          CgVec2 q;
          if (o->edges != NULL && o->edges[k].sweep != 0.0)
            {
              t = arc_fraction (o, k, p);
              q = cg_curve_edge_point (o->points, o->edges, o->n_points, k, t);
            }
          else
            {
              CgVec2 a = o->points[k], ab = cg_sub (o->points[(k + 1) % o->n_points], a);
              t = fmin (fmax (cg_dot (cg_sub (p, a), ab) / cg_length_sq (ab), 0.0), 1.0);
              q = cg_mul_add (a, t, ab);
            }
          double d = cg_distance (p, q);
          if (d <= best)
            best = d, *object = (gint)index, *edge = (gint)k, *point = q, *fraction = t,
            found = TRUE;
        }
    }
  return found;
}

/* Sets a polygon's vertices as a vertex edit; refusals go to the preview.
 * Any simple polygon is accepted, whatever its winding: one that turned
 * over is reversed into its role's orientation, as a drawn one is, and
 * *vertex (may be NULL), an index into v, follows its vertex there. */
gboolean
carom_editor_try_points (CaromEditor *self, guint index, const CgVec2 *v, guint n,
                         const char *label, const char *merge_key, gboolean show, gint *vertex)
{
  return carom_editor_try_curve (self, index, v, NULL, n, label, merge_key, show, vertex);
}

/* carom_editor_try_points() with edges: NULL keeps the arcs of a polygon
 * whose vertex count stays (they follow their ends), else sets them. The
 * chosen edge follows a reversal too. */
gboolean
carom_editor_try_curve (CaromEditor *self, guint index, const CgVec2 *v, const CgCurveEdge *e,
                        guint n, const char *label, const char *merge_key, gboolean show,
                        gint *vertex)
{
  const CmObject *o = carom_editor_object_at (self, index);
  CgRole role = o->role;
  g_autoptr (GError) error = NULL;
  gboolean reversed = FALSE;
  CaromHistory *history = carom_document_get_history (self->document);
  CmScene *scene = carom_document_get_edit_scene (self->document);
  gboolean ok = e != NULL ? carom_edit_set_curve (history, scene, index, v, e, n, label, merge_key,
                                                  &reversed, &error)
                          : carom_edit_set_points (history, scene, index, v, n, label, merge_key,
                                                   &reversed, &error);
  if (ok)
    {
      /* Reversal maps vertex i to n - 1 - i (cg_polygon_orient), edge k
       * to n - 2 - k (mod n). */
      if (reversed && vertex != NULL && *vertex >= 0)
        *vertex = (gint)n - 1 - *vertex;
      if (reversed && self->state.edge >= 0 && self->state.vertex_object == (gint)index)
        self->state.edge = (gint)((2 * n - 2 - (guint)self->state.edge) % n);
      carom_editor_edited (self);
      carom_editor_explain_reversal (self, reversed, role);
      return TRUE;
    }
  if (show)
    carom_editor_show_error (self, error);
  else
    {
      g_free (self->refusal);
      self->refusal = g_strdup (error->message);
    }
  return FALSE;
}

void
carom_editor_vertex_drag_update (CaromEditor *self, CgVec2 p, CaromModifiers mods)
{
  const CmObject *o0 = g_ptr_array_index (self->originals, 0);
  guint index = g_array_index (self->indices, guint, 0);
  /* The polygon is rebuilt from its version when the drag began: k is the
   * vertex there, self->state.vertex the same vertex in the scene now (they
   * differ once the drag has turned the polygon over). */
  gint k = self->drag_vertex;
  CgVec2 anchor = o0->points[(k + o0->n_points - 1) % o0->n_points];
  CgVec2 q = (mods & CAROM_MOD_SHIFT) ? carom_editor_constrain (anchor, p)
                                      : carom_editor_snap (self, p, mods, (gint)index,
                                                           self->state.vertex, &self->state.snap);
  GArray *v = self->state.preview;
  g_array_set_size (v, 0);
  g_array_append_vals (v, o0->points, o0->n_points);
  g_array_index (v, CgVec2, k) = q;
  self->state.preview_closed = TRUE;
  self->state.preview_role = o0->role;
  self->state.pointer = q;
  g_clear_pointer (&self->refusal, g_free);
  gint vertex = k;
  self->state.preview_valid = carom_editor_try_points (
      self, index, (CgVec2 *)v->data, v->len, _ ("Move Vertex"), self->merge_key, FALSE, &vertex);
  if (self->state.preview_valid)
    self->state.vertex = vertex;
}

gboolean
carom_editor_vertex_press (CaromEditor *self, CgVec2 p, int n_press, CaromModifiers mods)
{
  gint object = -1, vertex = -1, edge = -1;
  CgVec2 on_edge;
  double fraction = 0.0;
  gboolean on_vertex = vertex_at (self, p, &object, &vertex);
  if (on_vertex || (n_press == 1 && midpoint_at (self, p, &object, &edge)))
    {
      /* A vertex to drag, or an edge's midpoint handle to bend it by. */
      self->state.vertex_object = object;
      self->state.vertex = vertex;
      self->state.edge = edge;
      self->drag_vertex = vertex;
      self->drag_edge = edge;
      g_array_set_size (self->indices, 0);
      guint index = (guint)object;
      g_array_append_val (self->indices, index);
      g_ptr_array_set_size (self->originals, 0);
      g_ptr_array_add (self->originals, cm_object_copy (carom_editor_object_at (self, index)));
      self->drag = DRAG_PENDING;
      self->press_raw = p;
      carom_editor_new_merge_key (self);
      carom_editor_changed (self);
      return TRUE;
    }
  if (edge_at (self, p, &object, &edge, &on_edge, &fraction))
    {
      const CmObject *o = carom_editor_object_at (self, (guint)object);
      if (n_press == 1)
        {
          /* A click on an edge chooses it (Properties shows its arc). */
          self->state.vertex_object = object;
          self->state.vertex = -1;
          self->state.edge = edge;
          carom_editor_changed (self);
          return TRUE;
        }
      size_t n = o->n_points;
      g_autofree CgVec2 *v = g_new (CgVec2, n + 1);
      g_autofree CgCurveEdge *e = g_new (CgCurveEdge, n + 1);
      carom_curve_insert_vertex (o->points, o->edges, n, (size_t)edge, fraction, v, e);
      gint added = edge + 1;
      self->state.edge = -1;
      if (carom_editor_try_curve (self, (guint)object, v, o->edges != NULL ? e : NULL, (guint)n + 1,
                                  _ ("Add Vertex"), NULL, TRUE, &added))
        {
          self->state.vertex_object = object;
          self->state.vertex = added;
          carom_editor_changed (self);
        }
      return TRUE;
    }
  (void)mods;
  gint hit = carom_editor_pick (self, p);
  if (hit >= 0)
    {
      guint i = (guint)hit;
      if (!carom_editor_is_selected (self, i))
        carom_editor_select (self, &i, 1, (mods & CAROM_MOD_SHIFT) != 0);
      else if (n_press == 1)
        {
          self->state.vertex_object = self->state.vertex = -1;
          carom_editor_changed (self);
        }
    }
  else
    carom_editor_clear_selection (self);
  return TRUE;
}

gboolean
carom_editor_delete_vertex (CaromEditor *self)
{
  carom_editor_abandon_drag (self);
  const CmObject *o = carom_editor_object_at (self, (guint)MAX (self->state.vertex_object, 0));
  if (self->state.vertex < 0 || o == NULL || o->kind != CM_OBJECT_POLYGON
      || (size_t)self->state.vertex >= o->n_points)
    return FALSE;
  /* Two vertices make a boundary only with an arc between them. */
  if (o->n_points <= (o->edges != NULL ? 2 : 3))
    {
      carom_editor_message (self, _ ("A polygon needs at least 3 vertices"));
      return TRUE;
    }
  size_t n = o->n_points;
  g_autofree CgVec2 *v = g_new (CgVec2, n - 1);
  g_autofree CgCurveEdge *e = g_new (CgCurveEdge, n - 1);
  carom_curve_delete_vertex (o->points, o->edges, n, (size_t)self->state.vertex, v, e);
  if (carom_editor_try_curve (self, (guint)self->state.vertex_object, v,
                              o->edges != NULL ? e : NULL, (guint)n - 1, _ ("Delete Vertex"), NULL,
                              TRUE, NULL))
    {
      self->state.vertex = -1;
      carom_editor_changed (self);
    }
  return TRUE;
}

/* The boundary of points and edges as a polygon fine enough to draw. */
static void
sample_boundary (const CgVec2 *v, const CgCurveEdge *e, size_t n, GArray *out)
{
  g_array_set_size (out, 0);
  for (size_t k = 0; k < n; k++)
    {
      guint steps = e[k].sweep != 0.0 ? 4 + (guint)(fabs (e[k].sweep) * 16.0 / G_PI) : 1;
      for (guint j = 0; j < steps; j++)
        {
          CgVec2 p = cg_curve_edge_point (v, e, n, k, (double)j / steps);
          g_array_append_val (out, p);
        }
    }
}

void
carom_editor_bend_drag_update (CaromEditor *self, CgVec2 p, CaromModifiers mods)
{
  const CmObject *o0 = g_ptr_array_index (self->originals, 0);
  guint index = g_array_index (self->indices, guint, 0);
  size_t n = o0->n_points, k = (size_t)self->drag_edge;
  /* Snapping would fight the "back on the chord" rule: only Ctrl's exact
   * pointer and the pointer itself count. */
  (void)mods;
  CgVec2 a = o0->points[k], b = o0->points[(k + 1) % n];
  g_autofree CgCurveEdge *e = g_new (CgCurveEdge, n);
  for (size_t i = 0; i < n; i++)
    e[i] = o0->edges != NULL ? o0->edges[i] : cg_curve_edge_straight ();
  /* Within a few pixels of the chord, the edge is straight again. */
  e[k] = carom_curve_edge_through (a, b, p, carom_editor_px (self, DRAG_PX));
  sample_boundary (o0->points, e, n, self->state.preview);
  self->state.preview_closed = TRUE;
  self->state.preview_role = o0->role;
  self->state.pointer = p;
  self->state.snap = CAROM_SNAP_NONE;
  g_clear_pointer (&self->refusal, g_free);
  self->state.preview_valid = carom_editor_try_curve (
      self, index, o0->points, e, (guint)n,
      e[k].sweep != 0.0 ? _ ("Bend Edge") : _ ("Straighten Edge"), self->merge_key, FALSE, NULL);
}
