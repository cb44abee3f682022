/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-canvas-overlay.c: the tools' marks on the canvas. */
#include "carom-canvas-overlay.h"

#include <math.h>

#include "geom/cg-boundary.h"

/* Sizes in pixels. */
#define HANDLE_SIZE 8.0
#define VERTEX_SIZE 7.0
#define LINE_WIDTH 1.5
#define SNAP_SIZE 6.0

typedef struct
{
  double r, g, b;
} Rgb;

/* The GNOME palette's accent blue and error red, lighter on dark. */
typedef struct
{
  Rgb accent, error, handle_fill, text_halo;
} Palette;

static Palette
palette (gboolean dark)
{
  if (dark)
    return (Palette){ { 0x78 / 255.0, 0xae / 255.0, 0xed / 255.0 },
                      { 0xff / 255.0, 0x7b / 255.0, 0x63 / 255.0 },
                      { 0x24 / 255.0, 0x24 / 255.0, 0x24 / 255.0 },
                      { 0, 0, 0 } };
  return (Palette){ { 0x1c / 255.0, 0x71 / 255.0, 0xd8 / 255.0 },
                    { 0xc0 / 255.0, 0x1c / 255.0, 0x28 / 255.0 },
                    { 1, 1, 1 },
                    { 1, 1, 1 } };
}

static void
set_rgb (cairo_t *cr, Rgb c, double alpha)
{
  cairo_set_source_rgba (cr, c.r, c.g, c.b, alpha);
}

static CgVec2
dev (const CaromView *view, CgVec2 p)
{
  return carom_view_to_device (view, p);
}

/* A boundary with arcs, closed (the view keeps angles: no flip). */
static void
curve_path (cairo_t *cr, const CaromView *view, const CgVec2 *v, const CgCurveEdge *e, size_t n)
{
  for (size_t k = 0; k < n; k++)
    {
      CgVec2 d = dev (view, v[k]);
      if (k == 0)
        cairo_move_to (cr, d.x, d.y);
      if (e[k].sweep == 0.0)
        {
          CgVec2 b = dev (view, v[(k + 1) % n]);
          cairo_line_to (cr, b.x, b.y);
          continue;
        }
      CgVec2 q = dev (view, e[k].q);
      double a0 = atan2 (v[k].y - e[k].q.y, v[k].x - e[k].q.x);
      if (e[k].sweep > 0.0)
        cairo_arc (cr, q.x, q.y, e[k].R * view->scale, a0, a0 + e[k].sweep);
      else
        cairo_arc_negative (cr, q.x, q.y, e[k].R * view->scale, a0, a0 + e[k].sweep);
    }
  if (n > 0)
    cairo_close_path (cr);
}

static void
polygon_path (cairo_t *cr, const CaromView *view, const CgVec2 *v, size_t n, gboolean closed)
{
  for (size_t k = 0; k < n; k++)
    {
      CgVec2 d = dev (view, v[k]);
      if (k == 0)
        cairo_move_to (cr, d.x, d.y);
      else
        cairo_line_to (cr, d.x, d.y);
    }
  if (closed && n > 0)
    cairo_close_path (cr);
}

static void
square_handle (cairo_t *cr, const Palette *pal, CgVec2 d, double size, gboolean filled)
{
  cairo_rectangle (cr, round (d.x - size / 2) + 0.5, round (d.y - size / 2) + 0.5, size, size);
  if (filled)
    set_rgb (cr, pal->accent, 1.0);
  else
    set_rgb (cr, pal->handle_fill, 1.0);
  cairo_fill_preserve (cr);
  set_rgb (cr, pal->accent, 1.0);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
}

static void
round_handle (cairo_t *cr, const Palette *pal, CgVec2 d, double size)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, d.x, d.y, size / 2, 0, 2 * G_PI);
  set_rgb (cr, pal->handle_fill, 1.0);
  cairo_fill_preserve (cr);
  set_rgb (cr, pal->accent, 1.0);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
}

static void
object_outline (cairo_t *cr, const CaromView *view, const CmObject *o)
{
  if (o->kind == CM_OBJECT_BALL)
    {
      CgVec2 c = dev (view, o->center);
      cairo_new_sub_path (cr);
      cairo_arc (cr, c.x, c.y, o->radius * view->scale, 0, 2 * G_PI);
    }
  else if (o->kind == CM_OBJECT_BEAM)
    {
      /* Where its rays start: a fan's disk, a parallel beam's capsule. */
      CgVec2 a = dev (view, o->center);
      CgVec2 b = o->beam_shape == CAROM_BEAM_PARALLEL ? dev (view, o->beam_end) : a;
      double rr = o->radius * view->scale, angle = atan2 (b.y - a.y, b.x - a.x);
      cairo_new_sub_path (cr);
      cairo_arc (cr, b.x, b.y, rr, angle - G_PI / 2, angle + G_PI / 2);
      cairo_arc (cr, a.x, a.y, rr, angle + G_PI / 2, angle + 3 * G_PI / 2);
      cairo_close_path (cr);
    }
  else if (o->edges != NULL)
    curve_path (cr, view, o->points, o->edges, o->n_points);
  else
    polygon_path (cr, view, o->points, o->n_points, TRUE);
}

/* The true offset outline of a polygon being drawn, dashed: what the ball's
 * centre will be kept out of (or in). */
static void
preview_outline (cairo_t *cr, const CaromView *view, const Palette *pal, const CgVec2 *v, size_t n,
                 CgRole role, double radius)
{
  if (n < 3 || !(radius > 0.0) || cg_polygon_validate (v, n).status != CG_POLYGON_OK)
    return;
  g_autofree CgVec2 *oriented = g_memdup2 (v, n * sizeof *v);
  cg_polygon_orient (oriented, n, role);
  CgBoundary b = { 0 };
  if (!cg_boundary_build (oriented, n, role, radius, &b))
    return;
  for (size_t k = 0; k < b.n_pieces; k++)
    {
      const CgBoundaryPiece *p = &b.pieces[k];
      if (p->kind == CG_PRIM_ARC)
        {
          CgVec2 q = dev (view, p->q);
          cairo_new_sub_path (cr);
          cairo_arc (cr, q.x, q.y, p->r * view->scale, p->angle0, p->angle1);
        }
      else
        {
          CgVec2 a = dev (view, p->a), e = dev (view, p->b);
          cairo_move_to (cr, a.x, a.y);
          cairo_line_to (cr, e.x, e.y);
        }
    }
  cg_boundary_clear (&b);
  static const double dash[2] = { 5.0, 4.0 };
  cairo_set_dash (cr, dash, 2, 0.0);
  set_rgb (cr, pal->accent, 0.8);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0.0);
}

static void
draw_preview (cairo_t *cr, CaromEditor *editor, const CaromEditorState *st, const CaromView *view,
              const Palette *pal)
{
  GArray *v = st->preview;
  if (v->len == 0)
    return;
  Rgb color = st->preview_valid ? pal->accent : pal->error;
  gboolean drawing = st->tool == CAROM_TOOL_POLYGON && !st->preview_closed;

  /* The polygon tool's vertices so far, then the pointer. */
  g_autoptr (GArray) pts = g_array_new (FALSE, FALSE, sizeof (CgVec2));
  g_array_append_vals (pts, v->data, v->len);
  if (drawing && st->has_pointer)
    g_array_append_val (pts, st->pointer);
  gboolean valid_with_pointer
      = pts->len < 3 || cg_polygon_validate ((CgVec2 *)pts->data, pts->len).status == CG_POLYGON_OK;
  if (drawing)
    color = valid_with_pointer ? pal->accent : pal->error;

  if (pts->len >= 3 && (!drawing || valid_with_pointer))
    preview_outline (cr, view, pal, (CgVec2 *)pts->data, pts->len, st->preview_role,
                     carom_editor_get_preview_radius (editor));

  polygon_path (cr, view, (CgVec2 *)pts->data, pts->len, TRUE);
  set_rgb (cr, color, st->preview_role == CG_ROLE_OBSTACLE ? 0.18 : 0.08);
  cairo_fill (cr);
  polygon_path (cr, view, (CgVec2 *)pts->data, pts->len, !drawing);
  set_rgb (cr, color, 1.0);
  cairo_set_line_width (cr, 2.0);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);
  if (drawing && pts->len >= 3)
    {
      /* The closing edge, faint: where Enter or a double click would close. */
      CgVec2 a = dev (view, g_array_index (pts, CgVec2, pts->len - 1));
      CgVec2 b = dev (view, g_array_index (pts, CgVec2, 0));
      static const double dash[2] = { 3.0, 3.0 };
      cairo_set_dash (cr, dash, 2, 0.0);
      cairo_move_to (cr, a.x, a.y);
      cairo_line_to (cr, b.x, b.y);
      set_rgb (cr, color, 0.6);
      cairo_set_line_width (cr, 1.0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0.0);
    }
  if (drawing)
    for (guint k = 0; k < v->len; k++)
      square_handle (cr, pal, dev (view, g_array_index (v, CgVec2, k)), VERTEX_SIZE, k == 0);
}

static void
draw_ball_preview (cairo_t *cr, const CaromEditorState *st, const CaromView *view,
                   const Palette *pal)
{
  CgVec2 c = dev (view, st->ball_center);
  double r = st->ball_radius * view->scale;
  cairo_new_sub_path (cr);
  cairo_arc (cr, c.x, c.y, r, 0, 2 * G_PI);
  set_rgb (cr, pal->accent, 0.2);
  cairo_fill_preserve (cr);
  set_rgb (cr, pal->accent, 1.0);
  cairo_set_line_width (cr, 2.0);
  cairo_stroke (cr);
  CgVec2 tip = cg_mul_add (c, r + 40.0, st->ball_direction);
  cairo_move_to (cr, c.x, c.y);
  cairo_line_to (cr, tip.x, tip.y);
  cairo_stroke (cr);
  CgVec2 u = st->ball_direction, n = cg_v2 (-u.y, u.x);
  CgVec2 back = cg_mul_add (tip, -9.0, u);
  cairo_move_to (cr, tip.x, tip.y);
  cairo_line_to (cr, back.x + 4.5 * n.x, back.y + 4.5 * n.y);
  cairo_line_to (cr, back.x - 4.5 * n.x, back.y - 4.5 * n.y);
  cairo_close_path (cr);
  cairo_fill (cr);
}

static void
draw_snap (cairo_t *cr, const CaromEditorState *st, const CaromView *view, const Palette *pal)
{
  if (!st->has_pointer || st->snap == CAROM_SNAP_NONE || st->tool == CAROM_TOOL_SELECT)
    return;
  CgVec2 d = dev (view, st->pointer);
  double s = SNAP_SIZE;
  switch (st->snap)
    {
    case CAROM_SNAP_VERTEX: /* a diamond */
      cairo_move_to (cr, d.x, d.y - s);
      cairo_line_to (cr, d.x + s, d.y);
      cairo_line_to (cr, d.x, d.y + s);
      cairo_line_to (cr, d.x - s, d.y);
      cairo_close_path (cr);
      break;
    case CAROM_SNAP_EDGE: /* a circle */
      cairo_new_sub_path (cr);
      cairo_arc (cr, d.x, d.y, s * 0.8, 0, 2 * G_PI);
      break;
    default: /* the grid: a cross */
      cairo_move_to (cr, d.x - s, d.y);
      cairo_line_to (cr, d.x + s, d.y);
      cairo_move_to (cr, d.x, d.y - s);
      cairo_line_to (cr, d.x, d.y + s);
      break;
    }
  set_rgb (cr, pal->text_halo, 0.9);
  cairo_set_line_width (cr, 4.0);
  cairo_stroke_preserve (cr);
  set_rgb (cr, st->snap == CAROM_SNAP_GRID ? pal->accent : pal->error, 1.0);
  cairo_set_line_width (cr, 2.0);
  cairo_stroke (cr);
}

void
carom_canvas_overlay_draw (cairo_t *cr, CaromEditor *editor, const CmScene *scene,
                           const CaromView *view, gboolean dark)
{
  g_return_if_fail (cr != NULL && editor != NULL && scene != NULL && view != NULL);
  Palette pal = palette (dark);
  const CaromEditorState *st = carom_editor_get_state (editor);
  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  /* The selection, outlined in the accent colour. */
  g_autoptr (GArray) sel = carom_editor_get_selection (editor);
  for (guint i = 0; i < sel->len; i++)
    object_outline (cr, view, g_ptr_array_index (scene->objects, g_array_index (sel, guint, i)));
  set_rgb (cr, pal.accent, 1.0);
  cairo_set_line_width (cr, 2.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);

  /* A name label under the pointer or being dragged: a rounded box around
   * it and, while dragged, a line to the middle of what it names. */
  const CmObject *named = st->label_object >= 0 && (guint)st->label_object < scene->objects->len
                              ? g_ptr_array_index (scene->objects, st->label_object)
                              : NULL;
  if (st->tool == CAROM_TOOL_SELECT && named != NULL)
    {
      CgVec2 lo = dev (view, st->label_box.lo), hi = dev (view, st->label_box.hi);
      double r = 3.0;
      lo = cg_sub (lo, cg_v2 (2.0, 1.0));
      hi = cg_add (hi, cg_v2 (2.0, 1.0));
      cairo_new_sub_path (cr);
      cairo_arc (cr, hi.x - r, lo.y + r, r, -G_PI / 2, 0);
      cairo_arc (cr, hi.x - r, hi.y - r, r, 0, G_PI / 2);
      cairo_arc (cr, lo.x + r, hi.y - r, r, G_PI / 2, G_PI);
      cairo_arc (cr, lo.x + r, lo.y + r, r, G_PI, 1.5 * G_PI);
      cairo_close_path (cr);
      set_rgb (cr, pal.accent, st->label_drag ? 1.0 : 0.7);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      if (st->label_drag)
        {
          CgVec2 a = dev (view, cm_object_label_anchor (named));
          CgVec2 c = cg_lerp (lo, hi, 0.5);
          static const double dash[2] = { 3.0, 3.0 };
          cairo_set_dash (cr, dash, 2, 0.0);
          cairo_move_to (cr, c.x, c.y);
          cairo_line_to (cr, a.x, a.y);
          set_rgb (cr, pal.accent, 0.8);
          cairo_set_line_width (cr, 1.0);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0.0);
        }
    }

  if (st->tool == CAROM_TOOL_SELECT && sel->len > 0)
    {
      CgAabb box = carom_editor_get_selection_box (editor);
      CgVec2 lo = dev (view, box.lo), hi = dev (view, box.hi);
      static const double dash[2] = { 4.0, 3.0 };
      cairo_set_dash (cr, dash, 2, 0.0);
      cairo_rectangle (cr, round (lo.x) + 0.5, round (lo.y) + 0.5, round (hi.x - lo.x),
                       round (hi.y - lo.y));
      set_rgb (cr, pal.accent, 0.8);
      cairo_set_line_width (cr, 1.0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0.0);
      CgVec2 where, top = dev (view, cg_v2 (0.5 * (box.lo.x + box.hi.x), box.lo.y));
      if (carom_editor_get_handle (editor, CAROM_HANDLE_ROTATE, &where))
        {
          CgVec2 w = dev (view, where);
          cairo_move_to (cr, top.x, top.y);
          cairo_line_to (cr, w.x, w.y);
          set_rgb (cr, pal.accent, 1.0);
          cairo_stroke (cr);
          round_handle (cr, &pal, w, HANDLE_SIZE + 2);
        }
      for (CaromHandle h = CAROM_HANDLE_SCALE_NW; h <= CAROM_HANDLE_SCALE_SW; h++)
        if (carom_editor_get_handle (editor, h, &where))
          square_handle (cr, &pal, dev (view, where), HANDLE_SIZE, FALSE);
      if (carom_editor_get_handle (editor, CAROM_HANDLE_DIRECTION, &where))
        round_handle (cr, &pal, dev (view, where), HANDLE_SIZE + 2);
      if (carom_editor_get_handle (editor, CAROM_HANDLE_RADIUS, &where))
        square_handle (cr, &pal, dev (view, where), HANDLE_SIZE, TRUE);
    }

  if (st->tool == CAROM_TOOL_VERTEX)
    for (guint i = 0; i < sel->len; i++)
      {
        guint index = g_array_index (sel, guint, i);
        const CmObject *o = g_ptr_array_index (scene->objects, index);
        if (o->kind != CM_OBJECT_POLYGON)
          continue;
        /* Each edge's midpoint handle bends it; the chosen edge is a
         * filled one. A whole circle has no chord to bend. */
        for (size_t k = 0; o->n_points >= 2 && k < o->n_points; k++)
          {
            CgVec2 m = dev (view, carom_editor_edge_midpoint (o, k));
            round_handle (cr, &pal, m, VERTEX_SIZE - 1);
            if (st->vertex_object == (gint)index && st->edge == (gint)k)
              {
                cairo_new_sub_path (cr);
                cairo_arc (cr, m.x, m.y, (VERTEX_SIZE - 1) / 2, 0, 2 * G_PI);
                set_rgb (cr, pal.accent, 1.0);
                cairo_fill (cr);
              }
          }
        for (size_t k = 0; k < o->n_points; k++)
          square_handle (cr, &pal, dev (view, o->points[k]), VERTEX_SIZE,
                         st->vertex_object == (gint)index && st->vertex == (gint)k);
      }

  draw_preview (cr, editor, st, view, &pal);
  if (st->ball_preview)
    draw_ball_preview (cr, st, view, &pal);

  if (st->band)
    {
      CgVec2 lo = dev (view, st->band_box.lo), hi = dev (view, st->band_box.hi);
      cairo_rectangle (cr, lo.x, lo.y, hi.x - lo.x, hi.y - lo.y);
      set_rgb (cr, pal.accent, 0.15);
      cairo_fill_preserve (cr);
      set_rgb (cr, pal.accent, 0.9);
      cairo_set_line_width (cr, 1.0);
      cairo_stroke (cr);
    }

  draw_snap (cr, st, view, &pal);
  cairo_restore (cr);
}
