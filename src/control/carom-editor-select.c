/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-editor-select.c: the Select tool: click, rubber band, move, and the
 * handles that scale and rotate the selection. */
#include "config.h"

#include "control/carom-editor-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "geom/cg-polygon.h"
#include "model/carom-edit.h"

/* ---- select tool ---- */

void
carom_editor_begin_transform (CaromEditor *self, DragKind kind)
{
  g_autoptr (GArray) sel = carom_editor_get_selection (self);
  g_array_set_size (self->indices, 0);
  g_ptr_array_set_size (self->originals, 0);
  for (guint i = 0; i < sel->len; i++)
    {
      guint index = g_array_index (sel, guint, i);
      g_array_append_val (self->indices, index);
      g_ptr_array_add (self->originals, cm_object_copy (carom_editor_object_at (self, index)));
    }
  self->box0 = carom_editor_get_selection_box (self);
  self->drag = kind;
  carom_editor_new_merge_key (self);
}

void
carom_editor_apply_transform (CaromEditor *self, const CaromMatrix *m, const char *label)
{
  if (self->indices->len == 0)
    return;
  g_autoptr (GError) error = NULL;
  if (carom_edit_transform (carom_document_get_history (self->document),
                            carom_document_get_edit_scene (self->document),
                            (guint *)self->indices->data, self->indices->len,
                            (CmObject *const *)self->originals->pdata, m, label, self->merge_key,
                            &error))
    carom_editor_edited (self);
}

static CaromHandle
handle_at (CaromEditor *self, CgVec2 p)
{
  for (CaromHandle h = CAROM_HANDLE_SCALE_NW; h < CAROM_N_HANDLES; h++)
    {
      CgVec2 where;
      if (carom_editor_get_handle (self, h, &where)
          && cg_distance (p, where) <= carom_editor_px (self, HANDLE_PX))
        return h;
    }
  return CAROM_HANDLE_NONE;
}

gboolean
carom_editor_select_press (CaromEditor *self, CgVec2 p, CaromModifiers mods)
{
  self->press_raw = p;
  self->press = carom_editor_snap (self, p, mods, -1, -1, &self->state.snap);
  CaromHandle h = handle_at (self, p);
  if (h != CAROM_HANDLE_NONE)
    {
      carom_editor_begin_transform (self, DRAG_HANDLE);
      self->handle = h;
      return TRUE;
    }
  gint hit = carom_editor_pick (self, p);
  if (hit < 0)
    {
      self->drag = DRAG_BAND;
      self->band_add = (mods & CAROM_MOD_SHIFT) != 0;
      if (!self->band_add)
        carom_editor_clear_selection (self);
      return TRUE;
    }
  if (mods & CAROM_MOD_SHIFT)
    {
      carom_editor_toggle_selected (self, (guint)hit);
      return TRUE;
    }
  if (!carom_editor_is_selected (self, (guint)hit))
    {
      guint i = (guint)hit;
      carom_editor_select (self, &i, 1, FALSE);
    }
  self->drag = DRAG_PENDING;
  return TRUE;
}

void
carom_editor_handle_update (CaromEditor *self, CgVec2 p, CaromModifiers mods)
{
  CgVec2 c = cg_aabb_center (self->box0);
  switch (self->handle)
    {
    case CAROM_HANDLE_ROTATE:
      {
        CgVec2 a = cg_sub (self->press_raw, c), b = cg_sub (p, c);
        double angle = atan2 (b.y, b.x) - atan2 (a.y, a.x);
        if (mods & CAROM_MOD_SHIFT)
          {
            double step = CONSTRAIN_DEGREES * G_PI / 180.0;
            angle = round (angle / step) * step;
          }
        CaromMatrix m = carom_matrix_rotate (c, angle);
        carom_editor_apply_transform (self, &m, _ ("Rotate"));
        break;
      }
    case CAROM_HANDLE_RADIUS:
    case CAROM_HANDLE_DIRECTION:
      {
        const CmObject *o = g_ptr_array_index (self->originals, 0);
        CgVec2 origin = carom_editor_handle_origin (o);
        double radius = o->radius;
        CgVec2 direction = o->direction;
        if (self->handle == CAROM_HANDLE_RADIUS)
          {
            CgVec2 q = carom_editor_snap (self, p, mods, -1, -1, &self->state.snap);
            radius = fmax (cg_distance (q, origin), carom_editor_px (self, 1.0));
          }
        else
          {
            CgVec2 q = (mods & CAROM_MOD_SHIFT) ? carom_editor_constrain (origin, p) : p;
            if (cg_distance (q, origin) > 0.0)
              direction = cg_sub (q, origin);
          }
        const char *label
            = self->handle == CAROM_HANDLE_RADIUS ? _ ("Change Radius") : _ ("Change Direction");
        CaromHistory *history = carom_document_get_history (self->document);
        CmScene *scene = carom_document_get_edit_scene (self->document);
        guint index = g_array_index (self->indices, guint, 0);
        g_autoptr (GError) error = NULL;
        gboolean done;
        if (o->kind == CM_OBJECT_BEAM)
          {
            /* the direction only, as in Properties (the rotate handle
             * turns the whole beam) */
            g_autoptr (CmObject) v = cm_object_copy (o);
            v->radius = radius;
            v->direction = cg_normalize (direction);
            done = carom_edit_set_beam (history, scene, index, v, label, self->merge_key, &error);
          }
        else
          done = carom_edit_set_ball (history, scene, index, o->center, radius, direction,
                                      o->max_bounces, label, self->merge_key, &error);
        if (done)
          carom_editor_edited (self);
        break;
      }
    default:
      {
        /* Corners scale uniformly about the centre, by the ratio of the
         * pointer's distance from it. */
        double d0 = cg_distance (self->press_raw, c), d1 = cg_distance (p, c);
        if (!(d0 > 0.0) || !(d1 > carom_editor_px (self, 1.0)))
          return;
        double f = d1 / d0;
        if (mods & CAROM_MOD_SHIFT)
          f = fmax (round (f * 10.0) / 10.0, 0.1);
        CaromMatrix m = carom_matrix_scale (c, f, f);
        carom_editor_apply_transform (self, &m, _ ("Scale"));
        break;
      }
    }
}

void
carom_editor_band_finish (CaromEditor *self)
{
  const CmScene *s = carom_editor_scene (self);
  CgAabb band = self->state.band_box;
  g_autoptr (GArray) inside = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; s != NULL && i < s->objects->len; i++)
    {
      const CmObject *o = g_ptr_array_index (s->objects, i);
      CgAabb box = carom_editor_object_box (o);
      if (!o->hidden && !o->locked && box.lo.x >= band.lo.x && box.lo.y >= band.lo.y
          && box.hi.x <= band.hi.x && box.hi.y <= band.hi.y)
        g_array_append_val (inside, i);
    }
  carom_editor_select (self, (guint *)inside->data, inside->len, self->band_add);
}
