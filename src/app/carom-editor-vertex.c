/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-editor-vertex.c: the Vertices tool: drag, add and delete a polygon's
 * vertices. */
#include "config.h"

#include "carom-editor-private.h"

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
      const CaromObject *o = carom_editor_object_at (self, index);
      if (o->kind != CAROM_OBJECT_POLYGON)
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

/* The selected polygon's edge under p: its object, index and the nearest
 * point on it. */
static gboolean
edge_at (CaromEditor *self, CgVec2 p, gint *object, gint *edge, CgVec2 *point)
{
  g_autoptr (GArray) sel = carom_editor_get_selection (self);
  double best = carom_editor_px (self, PICK_PX);
  gboolean found = FALSE;
  for (guint i = 0; i < sel->len; i++)
    {
      guint index = g_array_index (sel, guint, i);
      const CaromObject *o = carom_editor_object_at (self, index);
      if (o->kind != CAROM_OBJECT_POLYGON)
        continue;
      for (size_t k = 0; k < o->n_points; k++)
        {
          CgVec2 a = o->points[k], ab = cg_sub (o->points[(k + 1) % o->n_points], a);
          double t = fmin (fmax (cg_dot (cg_sub (p, a), ab) / cg_length_sq (ab), 0.0), 1.0);
          CgVec2 q = cg_mul_add (a, t, ab);
          double d = cg_distance (p, q);
          if (d <= best)
            best = d, *object = (gint)index, *edge = (gint)k, *point = q, found = TRUE;
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
  const CaromObject *o = carom_editor_object_at (self, index);
  CgRole role = o->role;
  g_autoptr (GError) error = NULL;
  gboolean reversed = FALSE;
  gboolean ok = carom_edit_check_polygon (v, n, &error)
                && carom_edit_set_points (carom_document_get_history (self->document),
                                          carom_document_get_edit_scene (self->document), index, v,
                                          n, label, merge_key, &reversed, &error);
  if (ok)
    {
      /* Reversal maps vertex i to n - 1 - i (cg_polygon_orient). */
      if (reversed && vertex != NULL && *vertex >= 0)
        *vertex = (gint)n - 1 - *vertex;
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
  const CaromObject *o0 = g_ptr_array_index (self->originals, 0);
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
  if (vertex_at (self, p, &object, &vertex))
    {
      self->state.vertex_object = object;
      self->state.vertex = vertex;
      self->drag_vertex = vertex;
      g_array_set_size (self->indices, 0);
      guint index = (guint)object;
      g_array_append_val (self->indices, index);
      g_ptr_array_set_size (self->originals, 0);
      g_ptr_array_add (self->originals, carom_object_copy (carom_editor_object_at (self, index)));
      self->drag = DRAG_PENDING;
      self->press_raw = p;
      carom_editor_new_merge_key (self);
      carom_editor_changed (self);
      return TRUE;
    }
  if (n_press >= 2 && edge_at (self, p, &object, &edge, &on_edge))
    {
      const CaromObject *o = carom_editor_object_at (self, (guint)object);
      g_autoptr (GArray) v = g_array_sized_new (FALSE, FALSE, sizeof (CgVec2), o->n_points + 1);
      g_array_append_vals (v, o->points, o->n_points);
      g_array_insert_val (v, (guint)edge + 1, on_edge);
      gint added = edge + 1;
      if (carom_editor_try_points (self, (guint)object, (CgVec2 *)v->data, v->len, _ ("Add Vertex"),
                                   NULL, TRUE, &added))
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
  const CaromObject *o = carom_editor_object_at (self, (guint)MAX (self->state.vertex_object, 0));
  if (self->state.vertex < 0 || o == NULL || o->kind != CAROM_OBJECT_POLYGON
      || (size_t)self->state.vertex >= o->n_points)
    return FALSE;
  if (o->n_points <= 3)
    {
      carom_editor_message (self, _ ("A polygon needs at least 3 vertices"));
      return TRUE;
    }
  g_autoptr (GArray) v = g_array_new (FALSE, FALSE, sizeof (CgVec2));
  g_array_append_vals (v, o->points, o->n_points);
  g_array_remove_index (v, (guint)self->state.vertex);
  if (carom_editor_try_points (self, (guint)self->state.vertex_object, (CgVec2 *)v->data, v->len,
                               _ ("Delete Vertex"), NULL, TRUE, NULL))
    {
      self->state.vertex = -1;
      carom_editor_changed (self);
    }
  return TRUE;
}
