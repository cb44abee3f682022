/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-editor-draw.c: drawing new objects: polygons, rectangles, regular
 * polygons and balls. */
#include "config.h"

#include "control/carom-editor-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "geom/cg-polygon.h"
#include "model/carom-edit.h"

/* ---- drawing new objects ---- */

void
carom_editor_explain_reversal (CaromEditor *self, gboolean reversed, CgRole role)
{
  if (!reversed || self->reversal_explained)
    return;
  self->reversal_explained = TRUE;
  carom_editor_message (
      self, role == CG_ROLE_WALL
                ? _ ("Walls are stored counter-clockwise, so Carom reversed the vertex order")
                : _ ("Obstacles are stored clockwise, so Carom reversed the vertex order"));
}

/* Adds the polygon of the preview; TRUE when it was added. */
static gboolean
add_polygon (CaromEditor *self, const CgVec2 *points, guint n, const char *label)
{
  CmScene *s = carom_document_get_edit_scene (self->document);
  CmObject *object = cm_object_new_polygon (NULL, self->role, points, n);
  g_autoptr (GError) error = NULL;
  gboolean reversed = FALSE;
  gint index = carom_edit_add (carom_document_get_history (self->document), s, object, label,
                               &reversed, &error);
  if (index < 0)
    {
      carom_editor_show_error (self, error);
      return FALSE;
    }
  carom_editor_edited (self);
  guint i = (guint)index;
  carom_editor_select (self, &i, 1, FALSE);
  carom_editor_explain_reversal (self, reversed, self->role);
  /* A room is drawn first; what follows is usually inside it. */
  if (self->role == CG_ROLE_WALL)
    carom_editor_set_role (self, CG_ROLE_OBSTACLE);
  return TRUE;
}

void
carom_editor_update_polygon_preview_validity (CaromEditor *self)
{
  GArray *v = self->state.preview;
  self->state.preview_valid
      = v->len < 3 || cg_polygon_validate ((CgVec2 *)v->data, v->len).status == CG_POLYGON_OK;
}

void
carom_editor_polygon_close (CaromEditor *self)
{
  GArray *v = self->state.preview;
  if (v->len < 3)
    {
      carom_editor_message (self, _ ("A polygon needs at least 3 vertices"));
      return;
    }
  if (add_polygon (self, (CgVec2 *)v->data, v->len,
                   self->role == CG_ROLE_WALL ? _ ("Draw Wall") : _ ("Draw Obstacle")))
    carom_editor_clear_preview (self);
  carom_editor_changed (self);
}

gboolean
carom_editor_polygon_press (CaromEditor *self, CgVec2 p, int n_press, CaromModifiers mods)
{
  GArray *v = self->state.preview;
  if (n_press >= 2)
    {
      /* The first click of the double click placed the last vertex, or
       * closed the polygon on its first vertex already. */
      if (v->len > 0)
        carom_editor_polygon_close (self);
      return TRUE;
    }
  const CgVec2 *last = v->len > 0 ? &g_array_index (v, CgVec2, v->len - 1) : NULL;
  CgVec2 q = carom_editor_tool_point (self, p, mods, last);
  if (v->len >= 3
      && cg_distance (q, g_array_index (v, CgVec2, 0)) <= carom_editor_px (self, SNAP_PX))
    {
      carom_editor_polygon_close (self);
      return TRUE;
    }
  if (last != NULL && cg_distance (q, *last) <= carom_editor_px (self, 0.5))
    return TRUE;
  g_array_append_val (v, q);
  self->state.preview_role = self->role;
  self->state.pointer = q;
  self->state.has_pointer = TRUE;
  carom_editor_update_polygon_preview_validity (self);
  carom_editor_changed (self);
  return TRUE;
}

/* How finely the Circle tool's preview is drawn. */
#define CIRCLE_PREVIEW_SIDES 96

/* Adds the exact circle of centre c through the point q: TRUE when added. */
static gboolean
add_circle (CaromEditor *self, CgVec2 c, CgVec2 q)
{
  CgVec2 v0;
  CgCurveEdge e;
  cg_curve_circle (c, cg_distance (c, q), self->role, &v0, &e);
  CmObject *object = cm_object_new_polygon (NULL, self->role, &v0, 1);
  cm_object_set_edges (object, &e);
  g_autoptr (GError) error = NULL;
  CmScene *s = carom_document_get_edit_scene (self->document);
  gint index = carom_edit_add (carom_document_get_history (self->document), s, object,
                               _ ("Draw Circle"), NULL, &error);
  if (index < 0)
    {
      carom_editor_show_error (self, error);
      return FALSE;
    }
  carom_editor_edited (self);
  guint i = (guint)index;
  carom_editor_select (self, &i, 1, FALSE);
  if (self->role == CG_ROLE_WALL)
    carom_editor_set_role (self, CG_ROLE_OBSTACLE);
  return TRUE;
}

/* The vertices of a regular polygon with centre c and first vertex at q. */
static void
regular_points (guint sides, CgVec2 c, CgVec2 q, GArray *out)
{
  g_array_set_size (out, 0);
  CgVec2 r = cg_sub (q, c);
  for (guint k = 0; k < sides; k++)
    {
      double a = 2.0 * G_PI * k / sides, ca = cos (a), sa = sin (a);
      CgVec2 v = cg_v2 (c.x + ca * r.x - sa * r.y, c.y + sa * r.x + ca * r.y);
      g_array_append_val (out, v);
    }
}

void
carom_editor_shape_update (CaromEditor *self, CgVec2 p, CaromModifiers mods)
{
  GArray *v = self->state.preview;
  CgVec2 a = self->press;
  switch (self->tool)
    {
    case CAROM_TOOL_RECTANGLE:
      {
        CgVec2 b = carom_editor_snap (self, p, mods, -1, -1, &self->state.snap);
        if (mods & CAROM_MOD_SHIFT)
          {
            double side = fmax (fabs (b.x - a.x), fabs (b.y - a.y));
            b = cg_v2 (a.x + copysign (side, b.x - a.x), a.y + copysign (side, b.y - a.y));
          }
        CgVec2 r[4] = { a, { b.x, a.y }, b, { a.x, b.y } };
        g_array_set_size (v, 0);
        g_array_append_vals (v, r, 4);
        break;
      }
    case CAROM_TOOL_REGULAR:
      {
        CgVec2 q = carom_editor_tool_point (self, p, mods, &a);
        regular_points (self->sides, a, q, v);
        break;
      }
    case CAROM_TOOL_CIRCLE:
      {
        /* The preview is the circle drawn as a fine polygon (the canvas
         * draws previews as polygons); what is added is the exact circle. */
        CgVec2 q = carom_editor_snap (self, p, mods, -1, -1, &self->state.snap);
        self->state.pointer = q;
        double radius = cg_distance (q, a);
        g_array_set_size (v, 0);
        for (guint k = 0; k < CIRCLE_PREVIEW_SIDES; k++)
          {
            double t = 2.0 * G_PI * k / CIRCLE_PREVIEW_SIDES;
            CgVec2 w = cg_v2 (a.x + radius * cos (t), a.y + radius * sin (t));
            g_array_append_val (v, w);
          }
        self->state.preview_closed = TRUE;
        self->state.preview_role = self->role;
        self->state.preview_valid = radius > 0.0;
        return;
      }
    case CAROM_TOOL_BALL:
      {
        CgVec2 d = cg_sub (p, a);
        if (mods & CAROM_MOD_SHIFT)
          d = cg_sub (carom_editor_constrain (a, p), a);
        if (cg_length (d) > carom_editor_px (self, DRAG_PX))
          self->state.ball_direction = cg_normalize (d);
        return;
      }
    default:
      return;
    }
  self->state.preview_closed = TRUE;
  self->state.preview_role = self->role;
  carom_editor_update_polygon_preview_validity (self);
}

void
carom_editor_shape_finish (CaromEditor *self)
{
  if (self->tool == CAROM_TOOL_BALL)
    {
      CmScene *s = carom_document_get_edit_scene (self->document);
      CmObject *ball = cm_object_new_ball (NULL, self->state.ball_center, self->state.ball_radius,
                                           self->state.ball_direction, self->ball_max_bounces);
      g_autoptr (GError) error = NULL;
      gint index = carom_edit_add (carom_document_get_history (self->document), s, ball,
                                   _ ("Place Ball"), NULL, &error);
      if (index < 0)
        carom_editor_show_error (self, error);
      else
        {
          carom_editor_edited (self);
          guint i = (guint)index;
          carom_editor_select (self, &i, 1, FALSE);
        }
      return;
    }
  if (self->tool == CAROM_TOOL_CIRCLE)
    {
      /* A click without a drag draws nothing. */
      if (self->state.preview->len > 0
          && cg_distance (self->press, self->state.pointer) >= carom_editor_px (self, DRAG_PX))
        add_circle (self, self->press, self->state.pointer);
      return;
    }
  GArray *v = self->state.preview;
  CgAabb box = cg_polygon_bounds ((CgVec2 *)v->data, v->len);
  /* A click without a drag draws nothing. */
  if (v->len < 3
      || fmax (box.hi.x - box.lo.x, box.hi.y - box.lo.y) < carom_editor_px (self, DRAG_PX))
    return;
  add_polygon (self, (CgVec2 *)v->data, v->len,
               self->tool == CAROM_TOOL_RECTANGLE ? _ ("Draw Rectangle")
                                                  : _ ("Draw Regular Polygon"));
}
