/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-editor-beam.c: the Beam tool. A fan is dragged from where its rays
 * start, the drag aiming its middle ray; a parallel beam is dragged from one
 * end of its line to the other, its rays leaving to the right of the drag
 * (on screen). The beam is in the scene from the first moment it exists and
 * follows the pointer, so its rays are traced live; the whole drag is one
 * undo step, and Escape takes the beam away again. Where a drag starts
 * snaps; a fan's aim does not (it is a direction), a parallel beam's end
 * does. */
#include "config.h"

#include "control/carom-editor-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "model/carom-edit.h"

static gboolean
has_balls (const CmObject *o)
{
  return o->kind == CM_OBJECT_BALL || o->kind == CM_OBJECT_BEAM;
}

/* A new beam's balls are the size of the scene's: a beam of balls of
 * another size than the ball it was drawn next to reads as a mistake. */
double
carom_editor_get_beam_radius (CaromEditor *self)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), 0.0);
  g_autoptr (GArray) sel = carom_editor_get_selection (self);
  if (sel->len == 1)
    {
      const CmObject *o = carom_editor_object_at (self, g_array_index (sel, guint, 0));
      if (o != NULL && has_balls (o))
        return o->radius;
    }
  /* The radius most of them have, counted as the objects come; the later
   * one wins a tie. */
  const CmScene *s = carom_editor_scene (self);
  g_autoptr (GHashTable) counts
      = g_hash_table_new_full (g_double_hash, g_double_equal, g_free, NULL);
  double best = self->ball_radius;
  guint best_count = 0;
  for (guint i = 0; s != NULL && i < s->objects->len; i++)
    {
      const CmObject *o = g_ptr_array_index (s->objects, i);
      if (!has_balls (o) || o->hidden)
        continue;
      double *key = g_new (double, 1);
      *key = o->radius;
      guint count = GPOINTER_TO_UINT (g_hash_table_lookup (counts, key)) + 1;
      g_hash_table_replace (counts, key, GUINT_TO_POINTER (count));
      if (count >= best_count)
        {
          best = o->radius;
          best_count = count;
        }
    }
  return best;
}

/* The beam the drag makes now, from the press to q (snapped), or NULL when
 * the drag is too short for one (a parallel beam needs a line). */
static CmObject *
beam_for (CaromEditor *self, CgVec2 q, gboolean moved)
{
  CgVec2 a = self->press, d = cg_sub (q, a);
  if (self->beam_shape == CAROM_BEAM_FAN)
    {
      /* A click places a fan aimed up and to the right, like a ball. */
      CgVec2 direction = moved && cg_length (d) > 0.0 ? d : cg_v2 (1.0, -1.0);
      return cm_object_new_fan_beam (NULL, a, self->beam_radius, direction, self->beam_spread,
                                     self->beam_count, self->ball_max_bounces);
    }
  if (!moved || !(cg_length (d) > 0.0))
    return NULL;
  /* y points down: (−dy, dx) is the drag turned a quarter clockwise on
   * screen, to its right. */
  return cm_object_new_parallel_beam (NULL, a, q, self->beam_radius, cg_v2 (-d.y, d.x),
                                      self->beam_count, self->ball_max_bounces);
}

/* Puts the beam of the drag in the scene: added the first time, replaced
 * after that, every change merged into one step. */
static void
place (CaromEditor *self, CmObject *beam)
{
  CaromHistory *history = carom_document_get_history (self->document);
  CmScene *s = carom_document_get_edit_scene (self->document);
  g_autoptr (GError) error = NULL;
  if (self->indices->len == 0)
    {
      carom_history_begin (history, _ ("Draw Beam"), self->merge_key);
      gint index = carom_edit_add (history, s, beam, _ ("Draw Beam"), NULL, &error);
      carom_history_commit (history);
      if (index < 0)
        {
          carom_editor_show_error (self, error);
          return;
        }
      guint i = (guint)index;
      g_array_append_val (self->indices, i);
      carom_editor_edited (self);
      carom_editor_select (self, &i, 1, FALSE);
      return;
    }
  g_autoptr (CmObject) owned = beam;
  if (carom_edit_set_beam (history, s, g_array_index (self->indices, guint, 0), beam,
                           _ ("Draw Beam"), self->merge_key, &error))
    carom_editor_edited (self);
  else
    carom_editor_show_error (self, error);
}

gboolean
carom_editor_beam_press (CaromEditor *self, CgVec2 p, int n_press, CaromModifiers mods)
{
  if (n_press >= 2)
    return TRUE;
  self->press_raw = p;
  self->press = carom_editor_snap (self, p, mods, -1, -1, &self->state.snap);
  self->state.pointer = self->press;
  self->drag = DRAG_BEAM;
  /* The size is chosen once, before the beam (selected as it appears) is
   * in the scene. */
  self->beam_radius = carom_editor_get_beam_radius (self);
  g_array_set_size (self->indices, 0);
  carom_editor_new_merge_key (self);
  /* The history joins the drag's steps only while nothing else came
   * between: a fresh step. */
  carom_history_seal (carom_document_get_history (self->document));
  CmObject *beam = beam_for (self, self->press, FALSE);
  if (beam != NULL)
    place (self, beam);
  carom_editor_changed (self);
  return TRUE;
}

void
carom_editor_beam_update (CaromEditor *self, CgVec2 p, CaromModifiers mods)
{
  if (cg_distance (p, self->press_raw) < carom_editor_px (self, DRAG_PX))
    return;
  /* A fan's aim is a direction, as a ball's: it does not snap (Shift keeps
   * 15° steps); a parallel beam's end is a point and snaps like a vertex. */
  CgVec2 q;
  if (self->beam_shape == CAROM_BEAM_FAN)
    {
      q = (mods & CAROM_MOD_SHIFT) ? carom_editor_constrain (self->press, p) : p;
      self->state.snap = CAROM_SNAP_NONE;
    }
  else
    q = carom_editor_tool_point (self, p, mods, &self->press);
  self->state.pointer = q;
  CmObject *beam = beam_for (self, q, TRUE);
  if (beam != NULL)
    place (self, beam);
}
