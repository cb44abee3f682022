/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-editor.c: the canvas tools, as state machines without a widget. This file
 * holds the selection, the events, the settings and the life cycle; each
 * tool's gestures have a file of their own (carom-editor-*.c). */
#include "config.h"

#include "control/carom-editor-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "geom/cg-polygon.h"
#include "model/carom-edit.h"

G_DEFINE_FINAL_TYPE (CaromEditor, carom_editor, G_TYPE_OBJECT)

static GParamSpec *properties[N_PROPS];
guint carom_editor_signals[N_SIGNALS];

/* ---- helpers ---- */

const CmScene *
carom_editor_scene (CaromEditor *self)
{
  return self->document != NULL ? carom_document_get_scene (self->document) : NULL;
}

const CmObject *
carom_editor_object_at (CaromEditor *self, guint index)
{
  const CmScene *s = carom_editor_scene (self);
  return s != NULL && index < s->objects->len ? g_ptr_array_index (s->objects, index) : NULL;
}

double
carom_editor_px (CaromEditor *self, double pixels)
{
  return pixels / (self->scale > 0.0 ? self->scale : 1.0);
}

void
carom_editor_changed (CaromEditor *self)
{
  g_signal_emit (self, carom_editor_signals[CHANGED], 0);
}

void
carom_editor_message (CaromEditor *self, const char *text)
{
  g_signal_emit (self, carom_editor_signals[MESSAGE], 0, text);
}

void
carom_editor_clear_preview (CaromEditor *self)
{
  g_array_set_size (self->state.preview, 0);
  self->state.preview_closed = FALSE;
  self->state.preview_valid = TRUE;
  self->state.ball_preview = FALSE;
  self->state.band = FALSE;
}

static void
end_drag (CaromEditor *self)
{
  self->drag = DRAG_NONE;
  self->handle = CAROM_HANDLE_NONE;
  g_array_set_size (self->indices, 0);
  g_ptr_array_set_size (self->originals, 0);
  g_clear_pointer (&self->merge_key, g_free);
  g_clear_pointer (&self->refusal, g_free);
  self->drag_applied = FALSE;
  self->drag_edge = -1;
  self->state.label_drag = FALSE;
}

/* An edit that is not the drag's own (Delete, a nudge) ends the drag where
 * it is: its objects and indices may be others afterwards. */
void
carom_editor_abandon_drag (CaromEditor *self)
{
  if (self->drag == DRAG_NONE)
    return;
  end_drag (self);
  if (self->tool != CAROM_TOOL_POLYGON)
    carom_editor_clear_preview (self);
}

void
carom_editor_new_merge_key (CaromEditor *self)
{
  g_free (self->merge_key);
  self->merge_key = g_strdup_printf ("drag-%u", ++self->serial);
}

/* Runs after a command changed the scene. */
void
carom_editor_edited (CaromEditor *self)
{
  self->own_edit = TRUE;
  carom_document_edited (self->document);
  self->own_edit = FALSE;
  if (self->drag == DRAG_MOVE || self->drag == DRAG_HANDLE || self->drag == DRAG_VERTEX
      || self->drag == DRAG_BEND || self->drag == DRAG_BEAM || self->drag == DRAG_LABEL)
    {
      self->drag_applied = TRUE;
      self->drag_position
          = carom_history_get_position (carom_document_get_history (self->document));
    }
}

void
carom_editor_show_error (CaromEditor *self, GError *error)
{
  if (error != NULL)
    carom_editor_message (self, error->message);
}

/* ---- selection ---- */

static void
selection_changed (CaromEditor *self)
{
  g_clear_pointer (&self->selected, g_array_unref);
  g_signal_emit (self, carom_editor_signals[SELECTION_CHANGED], 0);
  carom_editor_changed (self);
}

GArray *
carom_editor_get_selection (CaromEditor *self)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), NULL);
  /* Asked for by every handle of every frame: found once per change. */
  if (self->selected != NULL)
    return g_array_copy (self->selected);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint));
  self->selected = out;
  const CmScene *s = carom_editor_scene (self);
  if (s == NULL || self->selection->len == 0)
    return g_array_copy (out);
  g_autoptr (GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < self->selection->len; i++)
    g_hash_table_add (ids, g_ptr_array_index (self->selection, i));
  for (guint i = 0; i < s->objects->len; i++)
    {
      const CmObject *o = g_ptr_array_index (s->objects, i);
      if (o->id != NULL && g_hash_table_contains (ids, o->id))
        g_array_append_val (out, i);
    }
  return g_array_copy (out);
}

static gboolean
id_selected (CaromEditor *self, const char *id)
{
  for (guint i = 0; id != NULL && i < self->selection->len; i++)
    if (g_str_equal (g_ptr_array_index (self->selection, i), id))
      return TRUE;
  return FALSE;
}

gboolean
carom_editor_is_selected (CaromEditor *self, guint index)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), FALSE);
  const CmObject *o = carom_editor_object_at (self, index);
  return o != NULL && id_selected (self, o->id);
}

void
carom_editor_select (CaromEditor *self, const guint *indices, guint n, gboolean add)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  if (!add)
    g_ptr_array_set_size (self->selection, 0);
  g_clear_pointer (&self->selected, g_array_unref);
  /* A set of the names already selected: selecting every object of a big
   * scene must not take quadratic time. */
  g_autoptr (GHashTable) taken = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < self->selection->len; i++)
    g_hash_table_add (taken, g_ptr_array_index (self->selection, i));
  for (guint i = 0; i < n; i++)
    {
      const CmObject *o = carom_editor_object_at (self, indices[i]);
      if (o != NULL && o->id != NULL && !g_hash_table_contains (taken, o->id))
        {
          char *id = g_strdup (o->id);
          g_ptr_array_add (self->selection, id);
          g_hash_table_add (taken, id);
        }
    }
  self->state.vertex_object = self->state.vertex = -1;
  selection_changed (self);
}

void
carom_editor_select_all (CaromEditor *self)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  const CmScene *s = carom_editor_scene (self);
  g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; s != NULL && i < s->objects->len; i++)
    {
      const CmObject *o = g_ptr_array_index (s->objects, i);
      if (!o->hidden && !o->locked)
        g_array_append_val (all, i);
    }
  carom_editor_select (self, (guint *)all->data, all->len, FALSE);
}

void
carom_editor_clear_selection (CaromEditor *self)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  if (self->selection->len == 0 && self->state.vertex < 0)
    return;
  carom_editor_select (self, NULL, 0, FALSE);
}

void
carom_editor_toggle_selected (CaromEditor *self, guint index)
{
  const CmObject *o = carom_editor_object_at (self, index);
  if (o == NULL || o->id == NULL)
    return;
  for (guint i = 0; i < self->selection->len; i++)
    if (g_str_equal (g_ptr_array_index (self->selection, i), o->id))
      {
        g_ptr_array_remove_index (self->selection, i);
        selection_changed (self);
        return;
      }
  g_ptr_array_add (self->selection, g_strdup (o->id));
  selection_changed (self);
}

CgAabb
carom_editor_object_box (const CmObject *o)
{
  if (o->kind == CM_OBJECT_BALL || o->kind == CM_OBJECT_BEAM)
    {
      /* A beam: its start disk, and a parallel beam's other end. */
      CgVec2 r = cg_v2 (o->radius, o->radius);
      CgAabb box = { cg_sub (o->center, r), cg_add (o->center, r) };
      if (o->kind == CM_OBJECT_BEAM && o->beam_shape == CAROM_BEAM_PARALLEL)
        box = cg_aabb_union (box, (CgAabb){ cg_sub (o->beam_end, r), cg_add (o->beam_end, r) });
      return box;
    }
  if (o->edges != NULL)
    return cg_curve_bounds (o->points, o->edges, o->n_points);
  return cg_polygon_bounds (o->points, o->n_points);
}

CgAabb
carom_editor_get_selection_box (CaromEditor *self)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), cg_aabb_empty ());
  g_autoptr (GArray) sel = carom_editor_get_selection (self);
  CgAabb box = cg_aabb_empty ();
  for (guint i = 0; i < sel->len; i++)
    box = cg_aabb_union (box, carom_editor_object_box (
                                  carom_editor_object_at (self, g_array_index (sel, guint, i))));
  return box;
}

/* The one selected ball or beam (its radius and direction have handles),
 * or -1. */
static gint
single_ball (CaromEditor *self)
{
  g_autoptr (GArray) sel = carom_editor_get_selection (self);
  if (sel->len != 1)
    return -1;
  guint i = g_array_index (sel, guint, 0);
  CmObjectKind kind = carom_editor_object_at (self, i)->kind;
  return kind == CM_OBJECT_BALL || kind == CM_OBJECT_BEAM ? (gint)i : -1;
}

CgVec2
carom_editor_handle_origin (const CmObject *o)
{
  if (o->kind == CM_OBJECT_BEAM && o->beam_shape == CAROM_BEAM_PARALLEL)
    return cg_v2 (0.5 * (o->center.x + o->beam_end.x), 0.5 * (o->center.y + o->beam_end.y));
  return o->center;
}

gboolean
carom_editor_get_handle (CaromEditor *self, CaromHandle handle, CgVec2 *where)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), FALSE);
  if (self->tool != CAROM_TOOL_SELECT)
    return FALSE;
  if (handle == CAROM_HANDLE_RADIUS || handle == CAROM_HANDLE_DIRECTION)
    {
      gint b = single_ball (self);
      if (b < 0)
        return FALSE;
      const CmObject *o = carom_editor_object_at (self, (guint)b);
      CgVec2 origin = carom_editor_handle_origin (o);
      if (handle == CAROM_HANDLE_RADIUS)
        *where = cg_add (origin, cg_v2 (o->radius, 0.0));
      else
        *where = cg_mul_add (origin, o->radius + carom_editor_px (self, DIRECTION_HANDLE_PX),
                             o->direction);
      return TRUE;
    }
  CgAabb box = carom_editor_get_selection_box (self);
  if (cg_aabb_is_empty (box))
    return FALSE;
  switch (handle)
    {
    case CAROM_HANDLE_SCALE_NW:
      *where = box.lo;
      return TRUE;
    case CAROM_HANDLE_SCALE_NE:
      *where = cg_v2 (box.hi.x, box.lo.y);
      return TRUE;
    case CAROM_HANDLE_SCALE_SE:
      *where = box.hi;
      return TRUE;
    case CAROM_HANDLE_SCALE_SW:
      *where = cg_v2 (box.lo.x, box.hi.y);
      return TRUE;
    case CAROM_HANDLE_ROTATE:
      *where = cg_v2 (0.5 * (box.lo.x + box.hi.x),
                      box.lo.y - carom_editor_px (self, ROTATE_HANDLE_PX));
      return TRUE;
    default:
      return FALSE;
    }
}

/* ---- events ---- */

gboolean
carom_editor_press (CaromEditor *self, CgVec2 p, int n_press, CaromModifiers mods)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), FALSE);
  if (self->document == NULL || !cg_is_valid_vec2 (p))
    return FALSE;
  self->state.has_pointer = TRUE;
  switch (self->tool)
    {
    case CAROM_TOOL_LAB:
      return carom_lab_press (self->lab, p, self->scale);
    case CAROM_TOOL_SELECT:
      if (n_press >= 2)
        {
          /* Double-clicking a polygon edits its vertices. */
          gint hit = carom_editor_pick (self, p);
          const CmObject *o = hit >= 0 ? carom_editor_object_at (self, (guint)hit) : NULL;
          if (o != NULL && o->kind == CM_OBJECT_POLYGON)
            {
              end_drag (self);
              carom_editor_set_tool (self, CAROM_TOOL_VERTEX);
              return TRUE;
            }
        }
      /* An object's name label, over what lies under it. */
      if (carom_editor_label_press (self, p, mods))
        return TRUE;
      return carom_editor_select_press (self, p, mods);
    case CAROM_TOOL_VERTEX:
      return carom_editor_vertex_press (self, p, n_press, mods);
    case CAROM_TOOL_POLYGON:
      return carom_editor_polygon_press (self, p, n_press, mods);
    case CAROM_TOOL_RECTANGLE:
    case CAROM_TOOL_REGULAR:
    case CAROM_TOOL_CIRCLE:
      if (n_press >= 2)
        return TRUE;
      self->press = carom_editor_snap (self, p, mods, -1, -1, &self->state.snap);
      self->drag = DRAG_SHAPE;
      g_array_set_size (self->state.preview, 0);
      return TRUE;
    case CAROM_TOOL_BALL:
      if (n_press >= 2)
        return TRUE;
      self->press = carom_editor_snap (self, p, mods, -1, -1, &self->state.snap);
      self->drag = DRAG_SHAPE;
      self->state.ball_preview = TRUE;
      self->state.ball_center = self->press;
      self->state.ball_radius = self->ball_radius;
      self->state.ball_direction = cg_normalize (cg_v2 (1.0, -1.0));
      carom_editor_changed (self);
      return TRUE;
    case CAROM_TOOL_BEAM:
      return carom_editor_beam_press (self, p, n_press, mods);
    default:
      return FALSE;
    }
}

void
carom_editor_motion (CaromEditor *self, CgVec2 p, CaromModifiers mods)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  if (self->document == NULL || !cg_is_valid_vec2 (p))
    return;
  self->state.has_pointer = TRUE;
  if (self->tool == CAROM_TOOL_LAB)
    {
      carom_lab_motion (self->lab, p);
      return;
    }
  switch (self->drag)
    {
    case DRAG_NONE:
      if (self->tool == CAROM_TOOL_POLYGON)
        {
          GArray *v = self->state.preview;
          const CgVec2 *last = v->len > 0 ? &g_array_index (v, CgVec2, v->len - 1) : NULL;
          self->state.pointer = carom_editor_tool_point (self, p, mods, last);
        }
      else if (self->tool != CAROM_TOOL_SELECT && self->tool != CAROM_TOOL_VERTEX)
        self->state.pointer = carom_editor_snap (self, p, mods, -1, -1, &self->state.snap);
      else
        {
          self->state.pointer = p;
          self->state.snap = CAROM_SNAP_NONE;
          carom_editor_label_hover (self, p);
        }
      break;
    case DRAG_PENDING:
      if (cg_distance (p, self->press_raw) < carom_editor_px (self, DRAG_PX))
        return;
      if (self->tool == CAROM_TOOL_VERTEX && self->drag_edge >= 0)
        {
          self->drag = DRAG_BEND;
          carom_editor_bend_drag_update (self, p, mods);
        }
      else if (self->tool == CAROM_TOOL_VERTEX)
        {
          self->drag = DRAG_VERTEX;
          carom_editor_vertex_drag_update (self, p, mods);
        }
      else
        {
          carom_editor_begin_transform (self, DRAG_MOVE);
          carom_editor_motion (self, p, mods);
          return;
        }
      break;
    case DRAG_MOVE:
      {
        CgVec2 q = carom_editor_snap (self, p, mods, -1, -1, &self->state.snap);
        CgVec2 delta = cg_sub (q, self->press);
        if (mods & CAROM_MOD_SHIFT) /* along an axis */
          delta = fabs (delta.x) >= fabs (delta.y) ? cg_v2 (delta.x, 0) : cg_v2 (0, delta.y);
        self->state.pointer = q;
        CaromMatrix m = carom_matrix_translate (delta);
        carom_editor_apply_transform (self, &m, _ ("Move"));
        break;
      }
    case DRAG_BAND:
      self->state.band = TRUE;
      self->state.band_box = cg_aabb_add_point ((CgAabb){ self->press_raw, self->press_raw }, p);
      break;
    case DRAG_HANDLE:
      carom_editor_handle_update (self, p, mods);
      break;
    case DRAG_VERTEX:
      carom_editor_vertex_drag_update (self, p, mods);
      break;
    case DRAG_BEND:
      carom_editor_bend_drag_update (self, p, mods);
      break;
    case DRAG_SHAPE:
      carom_editor_shape_update (self, p, mods);
      break;
    case DRAG_BEAM:
      carom_editor_beam_update (self, p, mods);
      break;
    case DRAG_LABEL:
      carom_editor_label_drag_update (self, p, mods);
      break;
    }
  carom_editor_changed (self);
}

void
carom_editor_release (CaromEditor *self, CgVec2 p, CaromModifiers mods)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  if (self->document == NULL)
    return;
  if (self->tool == CAROM_TOOL_LAB)
    {
      carom_lab_motion (self->lab, p);
      carom_lab_release (self->lab);
      return;
    }
  if (cg_is_valid_vec2 (p) && self->drag != DRAG_NONE && self->drag != DRAG_PENDING)
    carom_editor_motion (self, p, mods);
  switch (self->drag)
    {
    case DRAG_BAND:
      if (self->state.band)
        carom_editor_band_finish (self);
      break;
    case DRAG_VERTEX:
    case DRAG_BEND:
      /* Released where the vertex cannot go (or into a bend the boundary
       * cannot take): the drag is refused whole, and the polygon goes back
       * to where the drag began (not to the last place the vertex could
       * go, which the user never chose). */
      if (self->refusal != NULL)
        {
          g_autofree char *why = g_steal_pointer (&self->refusal);
          gint vertex = self->drag_vertex, edge = self->drag_edge;
          gboolean bend = self->drag == DRAG_BEND;
          carom_editor_cancel (self);
          self->state.vertex = bend ? -1 : vertex;
          self->state.edge = bend ? edge : -1;
          carom_editor_message (self, why);
          carom_editor_changed (self);
          return;
        }
      break;
    case DRAG_SHAPE:
      carom_editor_shape_finish (self);
      break;
    case DRAG_LABEL:
      carom_editor_label_release (self);
      break;
    default:
      break;
    }
  DragKind was = self->drag;
  end_drag (self);
  if (was != DRAG_NONE && self->tool != CAROM_TOOL_POLYGON)
    carom_editor_clear_preview (self);
  if (self->document != NULL)
    carom_history_seal (carom_document_get_history (self->document));
  carom_editor_changed (self);
}

void
carom_editor_leave (CaromEditor *self)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  self->state.has_pointer = FALSE;
  self->state.snap = CAROM_SNAP_NONE;
  if (self->drag != DRAG_LABEL)
    self->state.label_object = -1;
  carom_editor_changed (self);
}

gboolean
carom_editor_move_selection (CaromEditor *self, CgVec2 delta, const char *merge_key)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), FALSE);
  carom_editor_abandon_drag (self);
  g_autoptr (GArray) sel = carom_editor_get_selection (self);
  if (sel->len == 0 || self->document == NULL)
    return FALSE;
  CaromMatrix m = carom_matrix_translate (delta);
  g_autoptr (GError) error = NULL;
  if (!carom_edit_transform (carom_document_get_history (self->document),
                             carom_document_get_edit_scene (self->document), (guint *)sel->data,
                             sel->len, NULL, &m, _ ("Move"), merge_key, &error))
    {
      carom_editor_show_error (self, error);
      return FALSE;
    }
  carom_editor_edited (self);
  return TRUE;
}

static gboolean
transform_selection (CaromEditor *self, const CaromMatrix *m, const char *label)
{
  carom_editor_abandon_drag (self);
  g_autoptr (GArray) sel = carom_editor_get_selection (self);
  if (sel->len == 0 || self->document == NULL)
    return FALSE;
  g_autoptr (GError) error = NULL;
  if (!carom_edit_transform (carom_document_get_history (self->document),
                             carom_document_get_edit_scene (self->document), (guint *)sel->data,
                             sel->len, NULL, m, label, NULL, &error))
    {
      carom_editor_show_error (self, error);
      return FALSE;
    }
  carom_editor_edited (self);
  return TRUE;
}

gboolean
carom_editor_rotate_selection (CaromEditor *self, double degrees)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), FALSE);
  CaromMatrix m = carom_matrix_rotate (cg_aabb_center (carom_editor_get_selection_box (self)),
                                       degrees * G_PI / 180.0);
  return isfinite (degrees) && transform_selection (self, &m, _ ("Rotate"));
}

gboolean
carom_editor_scale_selection (CaromEditor *self, double factor)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), FALSE);
  if (!(factor > 0.0) || !isfinite (factor))
    return FALSE;
  CgVec2 c = cg_aabb_center (carom_editor_get_selection_box (self));
  CaromMatrix m = carom_matrix_scale (c, factor, factor);
  return transform_selection (self, &m, _ ("Scale"));
}

void
carom_editor_delete_selection (CaromEditor *self)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  carom_editor_abandon_drag (self);
  g_autoptr (GArray) sel = carom_editor_get_selection (self);
  if (sel->len == 0 || self->document == NULL)
    return;
  carom_edit_delete (carom_document_get_history (self->document),
                     carom_document_get_edit_scene (self->document), (guint *)sel->data, sel->len,
                     _ ("Delete"));
  g_ptr_array_set_size (self->selection, 0);
  g_clear_pointer (&self->selected, g_array_unref);
  carom_editor_edited (self);
  selection_changed (self);
}

gboolean
carom_editor_key (CaromEditor *self, CaromKey key, CaromModifiers mods)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), FALSE);
  if (self->document == NULL)
    return FALSE;
  if (self->tool == CAROM_TOOL_POLYGON && self->state.preview->len > 0)
    switch (key)
      {
      case CAROM_KEY_ENTER:
        carom_editor_polygon_close (self);
        return TRUE;
      case CAROM_KEY_ESCAPE:
        carom_editor_clear_preview (self);
        carom_editor_changed (self);
        return TRUE;
      case CAROM_KEY_BACKSPACE:
        g_array_set_size (self->state.preview, self->state.preview->len - 1);
        carom_editor_update_polygon_preview_validity (self);
        carom_editor_changed (self);
        return TRUE;
      default:
        break;
      }
  if (self->drag != DRAG_NONE)
    {
      /* Escape cancels the drag; other keys wait until it ends. */
      if (key == CAROM_KEY_ESCAPE)
        carom_editor_cancel (self);
      return TRUE;
    }

  double step = (mods & CAROM_MOD_SHIFT) ? 10.0 : 1.0;
  CgVec2 delta = { 0, 0 };
  gboolean arrow = TRUE;
  switch (key)
    {
    case CAROM_KEY_LEFT:
      delta.x = -step;
      break;
    case CAROM_KEY_RIGHT:
      delta.x = step;
      break;
    case CAROM_KEY_UP:
      delta.y = -step;
      break;
    case CAROM_KEY_DOWN:
      delta.y = step;
      break;
    default:
      arrow = FALSE;
      break;
    }

  if (self->tool == CAROM_TOOL_VERTEX && self->state.vertex >= 0)
    {
      const CmObject *o = carom_editor_object_at (self, (guint)self->state.vertex_object);
      if (o == NULL || o->kind != CM_OBJECT_POLYGON || (size_t)self->state.vertex >= o->n_points)
        {
          self->state.vertex = self->state.vertex_object = -1;
          return FALSE;
        }
      if (key == CAROM_KEY_DELETE || key == CAROM_KEY_BACKSPACE)
        return carom_editor_delete_vertex (self);
      if (key == CAROM_KEY_ESCAPE)
        {
          self->state.vertex = self->state.vertex_object = -1;
          carom_editor_changed (self);
          return TRUE;
        }
      if (arrow)
        {
          g_autoptr (GArray) v = g_array_new (FALSE, FALSE, sizeof (CgVec2));
          g_array_append_vals (v, o->points, o->n_points);
          CgVec2 *q = &g_array_index (v, CgVec2, self->state.vertex);
          *q = cg_add (*q, delta);
          carom_editor_try_points (self, (guint)self->state.vertex_object, (CgVec2 *)v->data,
                                   v->len, _ ("Move Vertex"), "nudge-vertex", TRUE,
                                   &self->state.vertex);
          return TRUE;
        }
    }

  if (self->tool != CAROM_TOOL_SELECT && self->tool != CAROM_TOOL_VERTEX)
    return FALSE;
  if (self->selection->len == 0)
    return FALSE;
  if (key == CAROM_KEY_DELETE || (key == CAROM_KEY_BACKSPACE && self->tool == CAROM_TOOL_SELECT))
    {
      carom_editor_delete_selection (self);
      return TRUE;
    }
  if (key == CAROM_KEY_ESCAPE)
    {
      carom_editor_clear_selection (self);
      return TRUE;
    }
  if (arrow)
    return carom_editor_move_selection (self, delta, "nudge");
  return FALSE;
}

void
carom_editor_cancel (CaromEditor *self)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  /* A drag cancelled (Escape) puts everything back where it was, if its step
   * is still the last one. */
  gboolean revert = self->drag_applied && self->document != NULL
                    && carom_history_get_position (carom_document_get_history (self->document))
                           == self->drag_position;
  end_drag (self);
  if (revert)
    carom_document_revert (self->document);
  carom_editor_clear_preview (self);
  if (self->document != NULL)
    carom_history_seal (carom_document_get_history (self->document));
  carom_editor_changed (self);
}

/* ---- settings ---- */

const CaromEditorState *
carom_editor_get_state (CaromEditor *self)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), NULL);
  self->state.tool = self->tool;
  return &self->state;
}

double
carom_editor_get_preview_radius (CaromEditor *self)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), 0.0);
  gint b = single_ball (self);
  if (b >= 0)
    return carom_editor_object_at (self, (guint)b)->radius;
  const CmScene *s = carom_editor_scene (self);
  for (guint i = 0; s != NULL && i < s->objects->len; i++)
    {
      const CmObject *o = g_ptr_array_index (s->objects, i);
      if (o->kind == CM_OBJECT_BALL && !o->hidden)
        return o->radius;
    }
  return self->ball_radius;
}

void
carom_editor_set_tool (CaromEditor *self, CaromTool tool)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  g_return_if_fail (tool < CAROM_N_TOOLS);
  if (self->tool == tool)
    return;
  carom_editor_cancel (self);
  self->tool = tool;
  self->state.vertex = self->state.vertex_object = -1;
  self->state.label_object = -1;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
  carom_editor_changed (self);
}

CaromLab *
carom_editor_get_lab (CaromEditor *self)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), NULL);
  return self->lab;
}

CaromTool
carom_editor_get_tool (CaromEditor *self)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), CAROM_TOOL_SELECT);
  return self->tool;
}

void
carom_editor_set_role (CaromEditor *self, CgRole role)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  if (self->role == role)
    return;
  self->role = role;
  self->state.preview_role = role;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROLE]);
  carom_editor_changed (self);
}

CgRole
carom_editor_get_role (CaromEditor *self)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), CG_ROLE_WALL);
  return self->role;
}

void
carom_editor_set_sides (CaromEditor *self, guint sides)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  sides = CLAMP (sides, 3, 64);
  if (self->sides == sides)
    return;
  self->sides = sides;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIDES]);
}

guint
carom_editor_get_sides (CaromEditor *self)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), 6);
  return self->sides;
}

void
carom_editor_set_view (CaromEditor *self, double scale, double grid_step)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  self->scale = scale;
  self->grid_step = grid_step;
}

void
carom_editor_set_snapping (CaromEditor *self, gboolean to_grid, gboolean to_objects)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  self->snap_grid = to_grid;
  self->snap_objects = to_objects;
}

void
carom_editor_set_ball_defaults (CaromEditor *self, double radius, guint max_bounces)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  if (radius > 0.0 && isfinite (radius))
    self->ball_radius = radius;
  self->ball_max_bounces = max_bounces;
}

void
carom_editor_set_beam_defaults (CaromEditor *self, CaromBeamShape shape, guint count, double spread)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  self->beam_shape = shape == CAROM_BEAM_PARALLEL ? CAROM_BEAM_PARALLEL : CAROM_BEAM_FAN;
  self->beam_count = CLAMP (count, 1, CAROM_BEAM_MAX_COUNT);
  if (spread >= 0.0 && spread <= 360.0)
    self->beam_spread = spread;
}

void
carom_editor_get_beam_defaults (CaromEditor *self, CaromBeamShape *shape, guint *count,
                                double *spread)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  if (shape != NULL)
    *shape = self->beam_shape;
  if (count != NULL)
    *count = self->beam_count;
  if (spread != NULL)
    *spread = self->beam_spread;
}

static void
document_changed (CaromEditor *self)
{
  gboolean in_place = carom_document_get_last_change_in_place (self->document);
  /* Labels are found by object index: after objects come or go, the canvas
   * tells where they are again. */
  if (!in_place && self->drag != DRAG_LABEL)
    {
      self->state.label_object = -1;
      if (self->labels != NULL)
        g_array_set_size (self->labels, 0);
    }
  /* Someone else changed the carom_editor_scene (undo, the inspector) in the middle of a
   * drag: the drag's objects and indices may be others now. Let it go, as it
   * is: the change stays. */
  if (!self->own_edit && self->drag != DRAG_NONE)
    {
      end_drag (self);
      if (self->tool != CAROM_TOOL_POLYGON)
        carom_editor_clear_preview (self);
      carom_editor_changed (self);
    }
  /* The chosen vertex is an index into an object found by index: after
   * objects come or go, it may name another. */
  const CmObject *o = self->state.vertex_object >= 0
                          ? carom_editor_object_at (self, (guint)self->state.vertex_object)
                          : NULL;
  if (!in_place || o == NULL || o->kind != CM_OBJECT_POLYGON
      || (self->state.vertex < 0 && self->state.edge < 0)
      || (self->state.vertex >= 0 && (size_t)self->state.vertex >= o->n_points)
      || (self->state.edge >= 0 && (size_t)self->state.edge >= o->n_points)
      || !carom_editor_is_selected (self, (guint)self->state.vertex_object))
    self->state.vertex = self->state.vertex_object = -1;
  if (self->selection->len == 0)
    return;
  const CmScene *s = carom_editor_scene (self);
  if (s != NULL && self->selected != NULL && in_place)
    {
      /* Objects were only replaced in place (a drag, a rename, their undo):
       * the same indices are selected, under their names of now. */
      g_ptr_array_set_size (self->selection, 0);
      for (guint i = 0; i < self->selected->len; i++)
        {
          const CmObject *sel
              = carom_editor_object_at (self, g_array_index (self->selected, guint, i));
          if (sel != NULL && sel->id != NULL)
            g_ptr_array_add (self->selection, g_strdup (sel->id));
        }
      return;
    }
  /* Indices move when objects are added or removed; forget selected ids
   * that no longer exist. */
  g_clear_pointer (&self->selected, g_array_unref);
  g_autoptr (GArray) found = carom_editor_get_selection (self);
  if (found->len == self->selection->len)
    return;
  g_ptr_array_set_size (self->selection, 0);
  for (guint i = 0; i < found->len; i++)
    g_ptr_array_add (self->selection,
                     g_strdup (carom_editor_object_at (self, g_array_index (found, guint, i))->id));
  selection_changed (self);
}

void
carom_editor_set_document (CaromEditor *self, CaromDocument *document)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  if (self->document == document)
    return;
  carom_editor_cancel (self);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_swapped (document, "changed", G_CALLBACK (document_changed), self);
  carom_lab_set_document (self->lab, document);
  carom_editor_reset (self);
}

void
carom_editor_reset (CaromEditor *self)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  carom_editor_cancel (self);
  g_ptr_array_set_size (self->selection, 0);
  g_clear_pointer (&self->selected, g_array_unref);
  self->state.vertex = self->state.vertex_object = -1;
  /* A new scene starts with its room, unless it has one. */
  gboolean has_wall = FALSE;
  const CmScene *s = carom_editor_scene (self);
  for (guint i = 0; s != NULL && i < s->objects->len && !has_wall; i++)
    {
      const CmObject *o = g_ptr_array_index (s->objects, i);
      has_wall = o->kind == CM_OBJECT_POLYGON && o->role == CG_ROLE_WALL;
    }
  carom_editor_set_role (self, has_wall ? CG_ROLE_OBSTACLE : CG_ROLE_WALL);
  selection_changed (self);
}

/* ---- life cycle ---- */

static void
carom_editor_dispose (GObject *object)
{
  CaromEditor *self = CAROM_EDITOR (object);
  if (self->lab != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->lab, self);
      carom_lab_set_document (self->lab, NULL);
    }
  g_clear_object (&self->lab);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (carom_editor_parent_class)->dispose (object);
}

static void
carom_editor_finalize (GObject *object)
{
  CaromEditor *self = CAROM_EDITOR (object);
  end_drag (self);
  g_ptr_array_unref (self->selection);
  g_clear_pointer (&self->selected, g_array_unref);
  g_array_unref (self->state.preview);
  g_array_unref (self->indices);
  g_ptr_array_unref (self->originals);
  g_clear_pointer (&self->labels, g_array_unref);
  G_OBJECT_CLASS (carom_editor_parent_class)->finalize (object);
}

static void
carom_editor_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  CaromEditor *self = CAROM_EDITOR (object);
  switch (prop_id)
    {
    case PROP_TOOL:
      g_value_set_uint (value, self->tool);
      break;
    case PROP_ROLE:
      g_value_set_uint (value, self->role);
      break;
    case PROP_SIDES:
      g_value_set_uint (value, self->sides);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
carom_editor_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  CaromEditor *self = CAROM_EDITOR (object);
  switch (prop_id)
    {
    case PROP_TOOL:
      carom_editor_set_tool (self, (CaromTool)g_value_get_uint (value));
      break;
    case PROP_ROLE:
      carom_editor_set_role (self, (CgRole)g_value_get_uint (value));
      break;
    case PROP_SIDES:
      carom_editor_set_sides (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
carom_editor_class_init (CaromEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->dispose = carom_editor_dispose;
  object_class->finalize = carom_editor_finalize;
  object_class->get_property = carom_editor_get_property;
  object_class->set_property = carom_editor_set_property;

  properties[PROP_TOOL]
      = g_param_spec_uint ("tool", NULL, NULL, 0, CAROM_N_TOOLS - 1, CAROM_TOOL_SELECT,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ROLE]
      = g_param_spec_uint ("role", NULL, NULL, CG_ROLE_WALL, CG_ROLE_OBSTACLE, CG_ROLE_WALL,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SIDES]
      = g_param_spec_uint ("sides", NULL, NULL, 3, 64, 6,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /// The tool's drawing changed: redraw.
  carom_editor_signals[CHANGED] = g_signal_new (
      "changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /// The selection changed.
  carom_editor_signals[SELECTION_CHANGED]
      = g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 0);
  /// Something to tell the user: why an edit was refused, what Carom did.
  carom_editor_signals[MESSAGE]
      = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                      G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
carom_editor_init (CaromEditor *self)
{
  self->role = CG_ROLE_WALL;
  self->sides = 6;
  self->scale = 1.0;
  self->grid_step = 10.0;
  self->snap_grid = TRUE;
  self->snap_objects = TRUE;
  self->ball_radius = 20.0;
  self->ball_max_bounces = CAROM_DEFAULT_MAX_BOUNCES;
  self->beam_shape = CAROM_BEAM_FAN;
  self->beam_count = 64;
  self->beam_spread = 30.0;
  self->selection = g_ptr_array_new_with_free_func (g_free);
  self->state.preview = g_array_new (FALSE, FALSE, sizeof (CgVec2));
  self->state.preview_valid = TRUE;
  self->state.vertex_object = self->state.vertex = self->state.edge = -1;
  self->state.label_object = -1;
  self->drag_edge = -1;
  self->indices = g_array_new (FALSE, FALSE, sizeof (guint));
  self->originals = g_ptr_array_new_with_free_func ((GDestroyNotify)cm_object_free);
  self->lab = carom_lab_new ();
  g_signal_connect_swapped (self->lab, "changed", G_CALLBACK (carom_editor_changed), self);
}

CaromEditor *
carom_editor_new (CaromDocument *document)
{
  CaromEditor *self = g_object_new (CAROM_TYPE_EDITOR, NULL);
  carom_editor_set_document (self, document);
  return self;
}
