/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-editor-label.c: the select tool drags an object's name label where
 * the author wants it (carom:label-offset), the labels being where the
 * canvas drew them last (carom_editor_set_labels()). */
#include "config.h"

#include "control/carom-editor-private.h"

#include <glib/gi18n.h>

/* A label is picked this many pixels around its box. */
#define LABEL_PICK_PX 2.0

void
carom_editor_set_labels (CaromEditor *self, const CaromEditorLabel *labels, guint n)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  g_return_if_fail (labels != NULL || n == 0);
  if (self->labels == NULL)
    self->labels = g_array_new (FALSE, FALSE, sizeof (CaromEditorLabel));
  g_array_set_size (self->labels, 0);
  g_array_append_vals (self->labels, labels, n);
  /* The label dragged or pointed at moved with the frame: its box follows. */
  for (guint i = 0; i < n && self->state.label_object >= 0; i++)
    if (labels[i].index == (guint)self->state.label_object)
      self->state.label_box = labels[i].box;
}

/* The object whose name label is at p (a label on top wins), or -1. */
gint
carom_editor_label_at (CaromEditor *self, CgVec2 p)
{
  if (self->labels == NULL || self->tool != CAROM_TOOL_SELECT)
    return -1;
  double pad = carom_editor_px (self, LABEL_PICK_PX);
  for (guint i = self->labels->len; i-- > 0;)
    {
      const CaromEditorLabel *l = &g_array_index (self->labels, CaromEditorLabel, i);
      const CmObject *o = carom_editor_object_at (self, l->index);
      if (o != NULL && !o->locked && cg_aabb_contains (cg_aabb_pad (l->box, pad), p))
        return (gint)l->index;
    }
  return -1;
}

static gboolean
label_box_of (CaromEditor *self, guint index, CgAabb *box)
{
  for (guint i = 0; self->labels != NULL && i < self->labels->len; i++)
    if (g_array_index (self->labels, CaromEditorLabel, i).index == index)
      {
        *box = g_array_index (self->labels, CaromEditorLabel, i).box;
        return TRUE;
      }
  return FALSE;
}

gboolean
carom_editor_get_label (CaromEditor *self, guint index, CgAabb *box)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self) && box != NULL, FALSE);
  return label_box_of (self, index, box);
}

void
carom_editor_label_hover (CaromEditor *self, CgVec2 p)
{
  gint index = carom_editor_label_at (self, p);
  if (index == self->state.label_object)
    return;
  self->state.label_object = index;
  if (index >= 0)
    label_box_of (self, (guint)index, &self->state.label_box);
}

gboolean
carom_editor_label_press (CaromEditor *self, CgVec2 p, CaromModifiers mods)
{
  (void)mods;
  gint index = carom_editor_label_at (self, p);
  if (index < 0)
    return FALSE;
  CgAabb box;
  label_box_of (self, (guint)index, &box);
  self->drag = DRAG_LABEL;
  self->press = self->press_raw = p;
  self->label_center0 = cg_aabb_center (box);
  self->label_moved = FALSE;
  self->state.label_object = index;
  self->state.label_box = box;
  self->state.label_drag = TRUE;
  g_array_set_size (self->indices, 0);
  guint u = (guint)index;
  g_array_append_val (self->indices, u);
  carom_editor_new_merge_key (self);
  carom_editor_changed (self);
  return TRUE;
}

/* Snaps a label's centre: to the grid, and into line with the object's
 * middle, within SNAP_PX (not with Ctrl). */
static CgVec2
snap_center (CaromEditor *self, CgVec2 c, CgVec2 anchor, CaromModifiers mods)
{
  if (mods & CAROM_MOD_CTRL)
    return c;
  double near = carom_editor_px (self, SNAP_PX);
  if (self->snap_grid && self->grid_step > 0.0)
    {
      CgVec2 g = { round (c.x / self->grid_step) * self->grid_step,
                   round (c.y / self->grid_step) * self->grid_step };
      if (fabs (g.x - c.x) <= near)
        c.x = g.x;
      if (fabs (g.y - c.y) <= near)
        c.y = g.y;
    }
  if (fabs (c.x - anchor.x) <= near)
    c.x = anchor.x;
  if (fabs (c.y - anchor.y) <= near)
    c.y = anchor.y;
  return c;
}

/* Rounds an offset to the power of ten at most `fine` (half a pixel), so
 * the file says "-16.1 72" rather than seventeen digits of the pointer. */
static CgVec2
round_offset (CgVec2 offset, double fine)
{
  if (!(fine > 0.0) || !isfinite (fine))
    return offset;
  double e = floor (log10 (fine));
  if (e >= 0.0)
    {
      double q = pow (10.0, e);
      return cg_v2 (round (offset.x / q) * q, round (offset.y / q) * q);
    }
  double m = pow (10.0, -e); /* divided by, so that 71.9 is the double nearest 71.9 */
  return cg_v2 (round (offset.x * m) / m, round (offset.y * m) / m);
}

void
carom_editor_label_drag_update (CaromEditor *self, CgVec2 p, CaromModifiers mods)
{
  if (!self->label_moved && cg_distance (p, self->press_raw) < carom_editor_px (self, DRAG_PX))
    return;
  self->label_moved = TRUE;
  guint index = (guint)self->state.label_object;
  const CmObject *o = carom_editor_object_at (self, index);
  if (o == NULL)
    return;
  CgVec2 delta = cg_sub (p, self->press_raw);
  if (mods & CAROM_MOD_SHIFT) /* along an axis */
    delta = fabs (delta.x) >= fabs (delta.y) ? cg_v2 (delta.x, 0) : cg_v2 (0, delta.y);
  CgVec2 anchor = cm_object_label_anchor (o);
  CgVec2 c = snap_center (self, cg_add (self->label_center0, delta), anchor, mods);
  CgVec2 offset = round_offset (cg_sub (c, anchor), carom_editor_px (self, 0.5));
  if (!cg_is_valid_vec2 (offset))
    return;
  c = cg_add (anchor, offset);
  /* The box follows at once; the canvas draws the label there next frame. */
  CgVec2 shift = cg_sub (c, cg_aabb_center (self->state.label_box));
  self->state.label_box = (CgAabb){ cg_add (self->state.label_box.lo, shift),
                                    cg_add (self->state.label_box.hi, shift) };
  carom_edit_set_label_offset (carom_document_get_history (self->document),
                               carom_document_get_edit_scene (self->document), index, TRUE, offset,
                               self->merge_key);
  carom_editor_edited (self);
}

void
carom_editor_label_release (CaromEditor *self)
{
  /* A click on a label selects what it names. */
  if (!self->label_moved && self->state.label_object >= 0)
    {
      guint index = (guint)self->state.label_object;
      carom_editor_select (self, &index, 1, FALSE);
    }
  self->state.label_drag = FALSE;
  if (self->document != NULL)
    carom_history_seal (carom_document_get_history (self->document));
}

gboolean
carom_editor_reset_label (CaromEditor *self, guint index)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), FALSE);
  const CmObject *o = carom_editor_object_at (self, index);
  if (o == NULL || !o->label_placed)
    return FALSE;
  carom_edit_set_label_offset (carom_document_get_history (self->document),
                               carom_document_get_edit_scene (self->document), index, FALSE,
                               cg_v2 (0.0, 0.0), NULL);
  carom_editor_edited (self);
  return TRUE;
}
