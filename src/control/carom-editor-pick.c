/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-editor-pick.c: what is under the pointer (objects, handles, vertices,
 * edges) and where a new point snaps to. */
#include "config.h"

#include "control/carom-editor-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "geom/cg-polygon.h"
#include "model/carom-edit.h"

/* ---- picking and snapping ---- */

static double
distance_to_outline (const CmObject *o, CgVec2 p)
{
  double best = INFINITY;
  if (o->edges != NULL)
    {
      for (size_t k = 0; k < o->n_points; k++)
        best = fmin (best, cg_curve_edge_distance (o->points, o->edges, o->n_points, k, p));
      return best;
    }
  for (size_t k = 0; k < o->n_points; k++)
    best = fmin (best,
                 cg_point_segment_distance (p, o->points[k], o->points[(k + 1) % o->n_points]));
  return best;
}

/* The topmost pickable object under p, or -1. Balls and beams are on top,
 * then obstacles (inside or on an edge), then walls (on an edge: the inside of a
 * room is where everything else is). */
gint
carom_editor_pick (CaromEditor *self, CgVec2 p)
{
  const CmScene *s = carom_editor_scene (self);
  if (s == NULL)
    return -1;
  double tol = carom_editor_px (self, PICK_PX);
  for (int pass = 0; pass < 3; pass++)
    for (guint i = s->objects->len; i-- > 0;)
      {
        const CmObject *o = g_ptr_array_index (s->objects, i);
        if (o->hidden || o->locked)
          continue;
        if (pass == 0 && o->kind == CM_OBJECT_BALL)
          {
            if (cg_distance (p, o->center) <= o->radius + tol)
              return (gint)i;
            continue;
          }
        if (pass == 0 && o->kind == CM_OBJECT_BEAM)
          {
            /* a fan's start disk, a parallel beam's line of start disks */
            CgVec2 end = o->beam_shape == CAROM_BEAM_PARALLEL ? o->beam_end : o->center;
            if (cg_point_segment_distance (p, o->center, end) <= o->radius + tol)
              return (gint)i;
            continue;
          }
        if (o->kind != CM_OBJECT_POLYGON || pass == 0
            || (pass == 1) != (o->role == CG_ROLE_OBSTACLE))
          continue;
        CgAabb box = carom_editor_object_box (o);
        if (p.x < box.lo.x - tol || p.x > box.hi.x + tol || p.y < box.lo.y - tol
            || p.y > box.hi.y + tol)
          continue;
        gboolean inside = o->edges != NULL
                              ? cg_curve_winding (o->points, o->edges, o->n_points, p) != 0
                              : cg_polygon_contains (o->points, o->n_points, p);
        if ((pass == 1 && inside) || distance_to_outline (o, p) <= tol)
          return (gint)i;
      }
  return -1;
}

/* Whether object i moves with the drag under way (it must not snap to
 * itself). The moved objects' indices are in order. */
static gboolean
moving (CaromEditor *self, guint i)
{
  if (self->drag != DRAG_MOVE && self->drag != DRAG_HANDLE)
    return FALSE;
  guint lo = 0, hi = self->indices->len;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2, m = g_array_index (self->indices, guint, mid);
      if (m == i)
        return TRUE;
      if (m < i)
        lo = mid + 1;
      else
        hi = mid;
    }
  return FALSE;
}

/* Snaps p: to a vertex or an edge of a visible object within reach (not
 * vertex skip_vertex of object skip_object, which is being dragged), or to
 * the vertices already placed of the polygon being drawn, else to the grid. */
CgVec2
carom_editor_snap (CaromEditor *self, CgVec2 p, CaromModifiers mods, gint skip_object,
                   gint skip_vertex, CaromSnap *kind)
{
  *kind = CAROM_SNAP_NONE;
  if (mods & CAROM_MOD_CTRL)
    return p;
  const CmScene *s = carom_editor_scene (self);
  double tol = carom_editor_px (self, SNAP_PX);
  if (self->snap_objects && s != NULL)
    {
      double best_vertex = tol, best_edge = tol;
      CgVec2 vertex = p, edge = p;
      gboolean have_vertex = FALSE, have_edge = FALSE;
      /* The polygon being drawn: its own vertices snap too. */
      if (self->tool == CAROM_TOOL_POLYGON)
        for (guint k = 0; k < self->state.preview->len; k++)
          {
            CgVec2 v = g_array_index (self->state.preview, CgVec2, k);
            double d = cg_distance (p, v);
            if (d <= best_vertex)
              best_vertex = d, vertex = v, have_vertex = TRUE;
          }
      for (guint i = 0; i < s->objects->len; i++)
        {
          const CmObject *o = g_ptr_array_index (s->objects, i);
          if (o->hidden || o->kind != CM_OBJECT_POLYGON || moving (self, i))
            continue;
          CgAabb box = carom_editor_object_box (o);
          if (p.x < box.lo.x - tol || p.x > box.hi.x + tol || p.y < box.lo.y - tol
              || p.y > box.hi.y + tol)
            continue;
          for (size_t k = 0; k < o->n_points; k++)
            {
              gboolean moving = (gint)i == skip_object;
              if (o->edges != NULL && o->edges[k].sweep != 0.0)
                {
                  /* An arc: its centre snaps like a vertex, and the point
                   * of the arc nearest to p like an edge. */
                  const CgCurveEdge *e = &o->edges[k];
                  double dq = cg_distance (p, e->q);
                  if (!moving && dq <= best_vertex)
                    best_vertex = dq, vertex = e->q, have_vertex = TRUE;
                  if (!moving && dq > 0.0
                      && fabs (cg_curve_edge_distance (o->points, o->edges, o->n_points, k, p)
                               - fabs (dq - e->R))
                             <= 1e-9 * (1.0 + e->R))
                    {
                      double d = fabs (dq - e->R);
                      if (d <= best_edge)
                        best_edge = d, edge = cg_mul_add (e->q, e->R / dq, cg_sub (p, e->q)),
                        have_edge = TRUE;
                    }
                }
              size_t next = (k + 1) % o->n_points;
              if (!(moving && (gint)k == skip_vertex))
                {
                  double d = cg_distance (p, o->points[k]);
                  if (d <= best_vertex)
                    best_vertex = d, vertex = o->points[k], have_vertex = TRUE;
                }
              /* The edges next to a dragged vertex move with it; an arc
               * snapped above. */
              if ((moving && ((gint)k == skip_vertex || (gint)next == skip_vertex))
                  || (o->edges != NULL && o->edges[k].sweep != 0.0))
                continue;
              CgVec2 a = o->points[k], ab = cg_sub (o->points[next], a);
              double len2 = cg_length_sq (ab);
              if (!(len2 > 0.0))
                continue;
              double t = fmin (fmax (cg_dot (cg_sub (p, a), ab) / len2, 0.0), 1.0);
              CgVec2 q = cg_mul_add (a, t, ab);
              double d = cg_distance (p, q);
              if (d <= best_edge)
                best_edge = d, edge = q, have_edge = TRUE;
            }
        }
      if (have_vertex)
        {
          *kind = CAROM_SNAP_VERTEX;
          return vertex;
        }
      if (have_edge)
        {
          *kind = CAROM_SNAP_EDGE;
          return edge;
        }
    }
  if (self->snap_grid && self->grid_step > 0.0)
    {
      *kind = CAROM_SNAP_GRID;
      return cg_v2 (round (p.x / self->grid_step) * self->grid_step,
                    round (p.y / self->grid_step) * self->grid_step);
    }
  return p;
}

/* p moved so that the direction from anchor is a multiple of 15°, keeping
 * its distance along that direction. */
CgVec2
carom_editor_constrain (CgVec2 anchor, CgVec2 p)
{
  CgVec2 d = cg_sub (p, anchor);
  double step = CONSTRAIN_DEGREES * G_PI / 180.0;
  double angle = round (atan2 (d.y, d.x) / step) * step;
  CgVec2 u = cg_v2 (cos (angle), sin (angle));
  return cg_mul_add (anchor, fmax (cg_dot (d, u), 0.0), u);
}

/* The point a drawing tool uses for the pointer at p: constrained from
 * anchor with Shift, else snapped. */
CgVec2
carom_editor_tool_point (CaromEditor *self, CgVec2 p, CaromModifiers mods, const CgVec2 *anchor)
{
  if ((mods & CAROM_MOD_SHIFT) && anchor != NULL)
    {
      self->state.snap = CAROM_SNAP_NONE;
      return carom_editor_constrain (*anchor, p);
    }
  return carom_editor_snap (self, p, mods, -1, -1, &self->state.snap);
}
