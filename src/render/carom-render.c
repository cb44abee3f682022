/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-render.c: draws a scene and its overlays (carom-render.h).
 *
 * Everything is computed in device units and drawn in the caller's user
 * space, so line widths, dashes, arrows and fonts are sized in points through
 * the view and never scale with zoom. Each layer is gathered into one cairo
 * path and stroked or filled once: with 10^5 objects, one fill of a big path
 * costs a fraction of 10^5 small ones.
 *
 * Culling: only polygons whose box meets the view (found through the
 * cache's hierarchy over objects) are drawn, and only the BVH boxes that meet
 * it are opened. Level of detail: a polygon smaller than options->detail_pt
 * is drawn as its box (its shape, outline and labels would be a blot), and a
 * BVH box smaller than options->bvh_min_pt is neither drawn nor opened.
 *
 * cairo keeps coordinates in 24.8 fixed point, so anything beyond about 8
 * million device units wraps around. A deep zoom on a large scene puts far
 * vertices there; segments are clipped to the view (with a margin wider than
 * any mark) before they reach cairo whenever a coordinate leaves a safe range. */
#include "carom-render-private.h"
#include "render/carom-underlay.h"

#include <glib/gi18n-lib.h>

/// Device units around the view that clipped segments keep: more than any
/// line width or mark, so clipping never shows.
#define CLIP_MARGIN 256.0
/// Thinnest BVH line, in points, however deep the level.
#define BVH_THINNEST 0.25
/// Each BVH level is drawn this much thinner than its parent.
#define BVH_THINNING 0.85
/// Segments without room for this many arrowheads get none.
#define ARROW_ROOM 3.0

/* ---- clipping ---------------------------------------------------------- */

CaromPen
carom_pen_new (const CaromFrame *f)
{
  return (CaromPen){ .cr = f->cr, .clip = f->device };
}

void
carom_pen_move (CaromPen *pen, CgVec2 d)
{
  pen->cur = d;
  pen->at_cur = carom_is_safe (d);
  if (pen->at_cur)
    cairo_move_to (pen->cr, d.x, d.y);
}

void
carom_pen_line (CaromPen *pen, CgVec2 d)
{
  if (pen->at_cur && carom_is_safe (d))
    {
      cairo_line_to (pen->cr, d.x, d.y);
      pen->cur = d;
      return;
    }
  CgVec2 a = pen->cur, b = d;
  if (carom_clip_segment (&a, &b, pen->clip))
    {
      if (!pen->at_cur || a.x != pen->cur.x || a.y != pen->cur.y)
        cairo_move_to (pen->cr, a.x, a.y);
      cairo_line_to (pen->cr, b.x, b.y);
      pen->at_cur = b.x == d.x && b.y == d.y;
    }
  else
    pen->at_cur = FALSE;
  pen->cur = d;
}

/* Sutherland–Hodgman against one side of the box: keep points with
 * sign × (coordinate - bound) <= 0. */
static void
clip_polygon_side (GArray *in, GArray *out, int axis, double bound, double sign)
{
  g_array_set_size (out, 0);
  for (guint i = 0; i < in->len; i++)
    {
      CgVec2 p = g_array_index (in, CgVec2, i);
      CgVec2 q = g_array_index (in, CgVec2, (i + 1) % in->len);
      double dp = sign * ((axis == 0 ? p.x : p.y) - bound);
      double dq = sign * ((axis == 0 ? q.x : q.y) - bound);
      if (dp <= 0.0)
        g_array_append_val (out, p);
      if ((dp < 0.0 && dq > 0.0) || (dp > 0.0 && dq < 0.0))
        {
          CgVec2 x = cg_lerp (p, q, dp / (dp - dq));
          g_array_append_val (out, x);
        }
    }
}

void
carom_polygon_device_path (CaromFrame *f, const CgVec2 *points, size_t n)
{
  cairo_t *cr = f->cr;
  gboolean safe = TRUE;
  for (size_t k = 0; k < n && safe; k++)
    safe = carom_is_safe (points[k]);
  if (safe)
    {
      for (size_t k = 0; k < n; k++)
        {
          if (k == 0)
            cairo_move_to (cr, points[k].x, points[k].y);
          else
            cairo_line_to (cr, points[k].x, points[k].y);
        }
      if (n > 0)
        cairo_close_path (cr);
      return;
    }
  g_autoptr (GArray) a = g_array_sized_new (FALSE, FALSE, sizeof (CgVec2), n + 8);
  g_autoptr (GArray) b = g_array_sized_new (FALSE, FALSE, sizeof (CgVec2), n + 8);
  g_array_append_vals (a, points, (guint)n);
  clip_polygon_side (a, b, 0, f->device.lo.x, -1.0);
  clip_polygon_side (b, a, 0, f->device.hi.x, 1.0);
  clip_polygon_side (a, b, 1, f->device.lo.y, -1.0);
  clip_polygon_side (b, a, 1, f->device.hi.y, 1.0);
  for (guint k = 0; k < a->len; k++)
    {
      CgVec2 d = g_array_index (a, CgVec2, k);
      if (k == 0)
        cairo_move_to (cr, d.x, d.y);
      else
        cairo_line_to (cr, d.x, d.y);
    }
  if (a->len > 0)
    cairo_close_path (cr);
}

/* An object's boundary as a closed device path: arcs exact
 * (carom_curve_path()), straight polygons clipped when not all safe. The
 * clipped polygon's new sides lie outside the view, so stroking and filling
 * it both look right. */
static void
polygon_path (CaromFrame *f, const CmObject *object)
{
  if (carom_curve_path (f, object))
    return;
  CgVec2 stack[64];
  g_autofree CgVec2 *heap
      = object->n_points > G_N_ELEMENTS (stack) ? g_new (CgVec2, object->n_points) : NULL;
  CgVec2 *d = heap != NULL ? heap : stack;
  for (size_t k = 0; k < object->n_points; k++)
    d[k] = carom_frame_dev (f, object->points[k]);
  carom_polygon_device_path (f, d, object->n_points);
}

/* A scene box as a device rectangle, clamped to the device box. */
static void
box_path (CaromFrame *f, CgAabb box)
{
  CgVec2 lo = carom_frame_dev (f, box.lo), hi = carom_frame_dev (f, box.hi);
  lo.x = fmax (lo.x, f->device.lo.x);
  lo.y = fmax (lo.y, f->device.lo.y);
  hi.x = fmin (hi.x, f->device.hi.x);
  hi.y = fmin (hi.y, f->device.hi.y);
  if (lo.x <= hi.x && lo.y <= hi.y)
    cairo_rectangle (f->cr, lo.x, lo.y, hi.x - lo.x, hi.y - lo.y);
}

static double
box_device_size (const CaromFrame *f, CgAabb box)
{
  return fmax (box.hi.x - box.lo.x, box.hi.y - box.lo.y) * f->view->scale;
}

void
carom_draw_arrowhead (CaromFrame *f, CgVec2 tip, CgVec2 u, double length)
{
  carom_arrowhead_path (f, tip, u, length);
  carom_fill (f);
}

void
carom_arrowhead_path (CaromFrame *f, CgVec2 tip, CgVec2 u, double length)
{
  /* A slim head, 0.7 as wide as long, like a textbook's vector arrows. */
  CgVec2 w = { -u.y, u.x };
  CgVec2 base = cg_mul_add (tip, -length, u);
  CgVec2 l = cg_mul_add (base, 0.35 * length, w), r = cg_mul_add (base, -0.35 * length, w);
  CgVec2 notch = cg_mul_add (tip, -0.8 * length, u);
  cairo_move_to (f->cr, tip.x, tip.y);
  cairo_line_to (f->cr, l.x, l.y);
  cairo_line_to (f->cr, notch.x, notch.y);
  cairo_line_to (f->cr, r.x, r.y);
  cairo_close_path (f->cr);
}

/* ---- culling ----------------------------------------------------------- */

static void
cull (CaromFrame *f)
{
  const CaromRenderCache *cache = f->cache;
  g_autoptr (GArray) visible = g_array_new (FALSE, FALSE, sizeof (guint32));
  carom_render_cache_query (cache, f->visible, visible);
  for (guint i = 0; i < visible->len; i++)
    {
      guint32 k = g_array_index (visible, guint32, i);
      if (box_device_size (f, cache->polygons[k].box) < carom_frame_pt (f, f->options->detail_pt))
        g_array_append_val (f->simplified, k);
      else
        g_array_append_val (f->detailed, k);
    }
  f->stats->polygons_visible = visible->len;
  f->stats->polygons_simplified = f->simplified->len;
}

/* ---- layers ------------------------------------------------------------ */

static void
draw_grid (CaromFrame *f)
{
  const CaromView *v = f->view;
  double step = carom_view_grid_step (v, f->style->grid_step);
  CgAabb box = carom_view_visible_box (v);
  if (!(step > 0.0) || !isfinite (step))
    return;
  cairo_t *cr = f->cr;
  for (double x = ceil (box.lo.x / step) * step; x <= box.hi.x; x += step)
    {
      double d = x * v->scale + v->x0;
      cairo_move_to (cr, d, 0.0);
      cairo_line_to (cr, d, v->height);
    }
  for (double y = ceil (box.lo.y / step) * step; y <= box.hi.y; y += step)
    {
      double d = y * v->scale + v->y0;
      cairo_move_to (cr, 0.0, d);
      cairo_line_to (cr, v->width, d);
    }
  carom_set_color (cr, f->style->grid);
  cairo_set_line_width (cr, carom_frame_pt (f, f->style->grid_width));
  /* A grid runs under everything: labels may cover it, as they may the paper. */
  carom_item (f, CAROM_LAYER_GRID, NULL);
  f->ink_off = TRUE;
  carom_stroke (f);
  f->ink_off = FALSE;
}

/* The tracer's BVH (the world's: boxes of runs of edges, which a cast grows
 * by the ball's radius as it tests them), boxes gathered by level and
 * stroked one level at a time, the root's colour first. */
typedef struct
{
  CaromFrame *f;
  GPtrArray *levels; /* of GArray of CgAabb, per level */
  CgVec2 origin;     /* what the stored boxes are measured from */
} BvhDraw;

static bool
bvh_box (CgAabb stored, uint32_t level, const CgBvhRef *ref, void *data)
{
  BvhDraw *d = data;
  const CaromRenderOptions *o = d->f->options;
  if (level >= d->levels->len)
    return false;
  CgAabb box = { cg_add (stored.lo, d->origin), cg_add (stored.hi, d->origin) };
  if (!cg_aabb_overlaps (box, d->f->visible)
      || (level > 0 && box_device_size (d->f, box) < carom_frame_pt (d->f, o->bvh_min_pt)))
    return false;
  if (level >= o->bvh_level_lo)
    g_array_append_val (g_ptr_array_index (d->levels, level), box);
  return ref->count == 0;
}

static void
draw_bvh (CaromFrame *f)
{
  const CgBvh *bvh = f->cache->bvh;
  if (bvh == NULL || bvh->n_items == 0)
    return;
  const CaromRenderOptions *o = f->options;
  guint n_levels = MIN (bvh->depth, o->bvh_level_hi) + 1; /* levels 0 .. depth */
  g_autoptr (GPtrArray) levels = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
  for (guint l = 0; l < n_levels; l++)
    g_ptr_array_add (levels, g_array_new (FALSE, FALSE, sizeof (CgAabb)));
  BvhDraw d = { f, levels, f->cache->bvh_origin };
  cg_bvh_walk (bvh, bvh_box, &d);

  cairo_t *cr = f->cr;
  cairo_set_dash (cr, NULL, 0, 0.0);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  carom_item (f, CAROM_LAYER_BVH, NULL);
  for (guint l = 0; l < n_levels; l++)
    {
      GArray *boxes = g_ptr_array_index (levels, l);
      if (boxes->len == 0)
        continue;
      for (guint i = 0; i < boxes->len; i++)
        box_path (f, g_array_index (boxes, CgAabb, i));
      carom_set_color (cr, f->style->bvh[MIN (l, CAROM_STYLE_BVH_COLORS - 1)]);
      double width = fmax (f->style->bvh_width * pow (BVH_THINNING, l), BVH_THINNEST);
      cairo_set_line_width (cr, carom_frame_pt (f, width));
      carom_stroke (f);
      f->stats->bvh_boxes_drawn += boxes->len;
    }
}

/* What each layer of objects is painted with, once for all of them or, in
 * a structured SVG, once for each (carom_frame_split()). */
static void
paint_obstacles (CaromFrame *f)
{
  carom_set_color (f->cr, f->style->obstacle_fill);
  carom_fill_preserve (f);
  carom_set_color (f->cr, f->style->obstacle_stroke);
  cairo_set_line_width (f->cr, carom_frame_pt (f, f->style->obstacle_width));
  carom_stroke (f);
}

static void
paint_walls (CaromFrame *f)
{
  carom_set_color (f->cr, f->style->wall);
  cairo_set_line_width (f->cr, carom_frame_pt (f, f->style->wall_width));
  carom_stroke (f);
}

/* The polygons of role drawn in detail, painted by paint. */
static void
draw_role (CaromFrame *f, CgRole role, void (*paint) (CaromFrame *))
{
  const CaromRenderPolygon *polys = f->cache->polygons;
  gboolean split = carom_frame_split (f);
  carom_item (f, CAROM_LAYER_OBJECTS, NULL);
  for (guint i = 0; i < f->detailed->len; i++)
    {
      const CmObject *o = polys[g_array_index (f->detailed, guint32, i)].object;
      if (o->role != role)
        continue;
      if (split)
        carom_item (f, CAROM_LAYER_OBJECTS, o->id);
      polygon_path (f, o);
      if (split)
        paint (f);
    }
  if (!split)
    paint (f);
}

static void
draw_polygons (CaromFrame *f)
{
  cairo_t *cr = f->cr;
  const CaromStyle *s = f->style;
  const CaromRenderPolygon *polys = f->cache->polygons;
  cairo_set_dash (cr, NULL, 0, 0.0);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  /* Obstacles filled with a thin edge, then walls stroked. */
  draw_role (f, CG_ROLE_OBSTACLE, paint_obstacles);
  draw_role (f, CG_ROLE_WALL, paint_walls);

  /* Polygons too small to show their shape: a dot of the colour their edge
   * would give them. */
  gboolean split = carom_frame_split (f);
  carom_item (f, CAROM_LAYER_OBJECTS, NULL);
  for (int role = 0; role < 2; role++)
    {
      CaromColor color = role == CG_ROLE_WALL ? s->wall : s->obstacle_stroke;
      for (guint i = 0; i < f->simplified->len; i++)
        {
          const CaromRenderPolygon *p = &polys[g_array_index (f->simplified, guint32, i)];
          if ((int)p->object->role != role)
            continue;
          if (split)
            carom_item (f, CAROM_LAYER_OBJECTS, p->object->id);
          box_path (f, p->box);
          if (split)
            {
              carom_set_color (cr, color);
              carom_fill (f);
            }
        }
      carom_set_color (cr, color);
      carom_fill (f);
    }
}

/* A scene box as four dashed device lines, the pattern starting at its
 * top-left corner. */
static void
dashed_box (CaromFrame *f, CaromDasher *d, CgAabb box)
{
  CgVec2 lo = carom_frame_dev (f, box.lo), hi = carom_frame_dev (f, box.hi);
  d->phase = 0.0;
  carom_dasher_line (d, lo, cg_v2 (hi.x, lo.y));
  carom_dasher_line (d, cg_v2 (hi.x, lo.y), hi);
  carom_dasher_line (d, hi, cg_v2 (lo.x, hi.y));
  carom_dasher_line (d, cg_v2 (lo.x, hi.y), lo);
}

static void
paint_line (CaromFrame *f, CaromColor color, double width_pt)
{
  cairo_t *cr = f->cr;
  cairo_set_dash (cr, NULL, 0, 0.0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  carom_set_color (cr, color);
  cairo_set_line_width (cr, carom_frame_pt (f, width_pt));
  carom_stroke (f);
}

/* The outline boxes; without a ball, the polygons' own boxes. */
static void
draw_aabbs (CaromFrame *f)
{
  const CaromRenderPolygon *polys = f->cache->polygons;
  gboolean split = carom_frame_split (f);
  CaromDasher d;
  carom_dasher_init (&d, f, f->style->aabb_dash);
  carom_item (f, CAROM_LAYER_BOXES, NULL);
  for (guint i = 0; i < f->detailed->len; i++)
    {
      const CaromRenderPolygon *p = &polys[g_array_index (f->detailed, guint32, i)];
      if (split)
        carom_item (f, CAROM_LAYER_BOXES, p->object->id);
      dashed_box (f, &d, cg_aabb_is_empty (p->outline_box) ? p->box : p->outline_box);
      if (split)
        paint_line (f, f->style->aabb, f->style->aabb_width);
    }
  paint_line (f, f->style->aabb, f->style->aabb_width);
}

/* True outlines, dashed. The pieces of cg_boundary_build() come mostly in
 * chain order, so carrying the pattern from one piece to the next keeps the
 * dashes even around corners. */
static void
draw_outlines (CaromFrame *f)
{
  CaromDasher d;
  carom_dasher_init (&d, f, f->style->outline_dash);
  double scale = f->view->scale;
  gboolean split = carom_frame_split (f);
  carom_item (f, CAROM_LAYER_OUTLINES, NULL);
  for (guint i = 0; i < f->detailed->len; i++)
    {
      guint32 index = g_array_index (f->detailed, guint32, i);
      const CmObject *o = f->cache->polygons[index].object;
      if (split)
        carom_item (f, CAROM_LAYER_OUTLINES, o->id);
      if (o->edges != NULL)
        {
          const CgCurveBoundary *cb = carom_render_cache_curve_boundary (f->cache, index);
          if (cb == NULL || cb->n_pieces == 0)
            continue;
          d.phase = 0.0;
          carom_curve_boundary_dashes (f, &d, cb);
          f->stats->outlines_drawn++;
        }
      else
        {
          const CgBoundary *b = carom_render_cache_boundary (f->cache, index);
          if (b == NULL || b->n_pieces == 0)
            continue;
          d.phase = 0.0;
          for (size_t k = 0; k < b->n_pieces; k++)
            {
              const CgBoundaryPiece *p = &b->pieces[k];
              if (p->kind == CG_PRIM_ARC)
                carom_dasher_arc (&d, carom_frame_dev (f, p->q), p->r * scale, p->angle0,
                                  p->angle1);
              else
                carom_dasher_line (&d, carom_frame_dev (f, p->a), carom_frame_dev (f, p->b));
            }
          f->stats->outlines_drawn++;
        }
      if (split)
        paint_line (f, f->style->outline, f->style->outline_width);
    }
  paint_line (f, f->style->outline, f->style->outline_width);
}

/* A tick at each edge's midpoint on its front side (where the normal points). */
static void
draw_normals (CaromFrame *f)
{
  const CaromRenderPolygon *polys = f->cache->polygons;
  double tick = carom_frame_pt (f, f->style->tick_length);
  gboolean split = carom_frame_split (f);
  CaromPen pen = carom_pen_new (f);
  carom_item (f, CAROM_LAYER_NORMALS, NULL);
  for (guint i = 0; i < f->detailed->len; i++)
    {
      const CmObject *o = polys[g_array_index (f->detailed, guint32, i)].object;
      if (split)
        carom_item (f, CAROM_LAYER_NORMALS, o->id);
      if (o->edges != NULL)
        carom_curve_normal_ticks (f, &pen, o, tick);
      else
        for (size_t k = 0; k < o->n_points; k++)
          {
            CgVec2 a = o->points[k], b = o->points[(k + 1) % o->n_points];
            /* Edges shorter than their tick (a flattened circle) would turn
             * into a brush; the longer edges say enough. */
            if (cg_distance (a, b) * f->view->scale < 1.5 * tick)
              continue;
            CgVec2 m = carom_frame_dev (f, cg_lerp (a, b, 0.5));
            carom_pen_move (&pen, m);
            carom_pen_line (&pen, cg_mul_add (m, tick, cg_edge_normal (cg_sub (b, a))));
          }
      if (split)
        paint_line (f, f->style->normal, f->style->normal_width);
    }
  paint_line (f, f->style->normal, f->style->normal_width);
}

/* ---- paths ------------------------------------------------------------- */

static CaromBallLook
ball_look (const CaromStyle *s, guint index)
{
  if (index == 0)
    return (CaromBallLook){ s->path, s->path_faint, s->ball_fill, s->ball_stroke };
  CaromColor c = s->ball_colors[(index - 1) % CAROM_STYLE_BALL_COLORS];
  CaromColor faint = c, fill = c;
  faint.alpha = s->path_faint.alpha;
  fill.alpha = s->ball_fill.alpha;
  return (CaromBallLook){ c, faint, fill, c };
}

/* The escaping ray from the last point, cut where it leaves the view. */
static void
escape_ray (const CaromFrame *f, CaromPathInfo *p)
{
  const CgTrace *t = &p->bt->trace;
  p->has_ray = FALSE;
  if (t->status != CG_TRACE_ESCAPED)
    return;
  CgVec2 o = carom_path_point (p, t->n_hits), d = t->end_direction;
  CgVec2 inv = { 1.0 / d.x, 1.0 / d.y };
  double t0, t1;
  CgAabb view = carom_view_visible_box (f->view);
  if (!cg_aabb_ray (view, o, inv, &t0, &t1) || t1 <= 0.0)
    return;
  p->ray_from = cg_mul_add (o, fmax (t0, 0.0), d);
  p->ray_to = cg_mul_add (o, t1, d);
  p->has_ray = TRUE;
}

void
carom_segment_arrow (CaromFrame *f, CgVec2 a, CgVec2 b)
{
  CgVec2 da = carom_frame_dev (f, a), db = carom_frame_dev (f, b);
  double arrow = carom_frame_pt (f, f->style->arrow_length);
  double len = cg_distance (da, db);
  if (len < ARROW_ROOM * arrow)
    return;
  CgVec2 u = cg_scale (cg_sub (db, da), 1.0 / len);
  CgVec2 tip = cg_mul_add (cg_lerp (da, db, 0.5), 0.5 * arrow, u);
  if (cg_aabb_contains (f->device, tip))
    carom_arrowhead_path (f, tip, u, arrow);
}

/* Lines, then arrows, of one emphasis. */
static void
draw_path_part (CaromFrame *f, const CaromPathInfo *p, gboolean emphasised)
{
  if (!emphasised && p->upto)
    return; /* the path up to the step only */
  cairo_t *cr = f->cr;
  const CgTrace *t = &p->bt->trace;
  carom_item (f, CAROM_LAYER_PATHS, p->bt->ball->id);
  CaromPen pen = carom_pen_new (f);
  gboolean drawn = FALSE;
  for (size_t i = 1; i <= t->n_hits; i++)
    if (carom_segment_emphasised (p, i) == emphasised)
      {
        CgVec2 a = carom_frame_dev (f, carom_path_point (p, i - 1));
        if (!drawn || !pen.at_cur || a.x != pen.cur.x || a.y != pen.cur.y)
          carom_pen_move (&pen, a);
        carom_pen_line (&pen, carom_frame_dev (f, carom_path_point (p, i)));
        drawn = TRUE;
      }
  if (p->has_ray && carom_segment_emphasised (p, t->n_hits + 1) == emphasised)
    {
      carom_pen_move (&pen, carom_frame_dev (f, p->ray_from));
      carom_pen_line (&pen, carom_frame_dev (f, p->ray_to));
    }
  CaromColor color = emphasised ? p->look.path : p->look.path_faint;
  carom_set_color (cr, color);
  cairo_set_line_width (cr, carom_frame_pt (f, f->style->path_width * (emphasised ? 1.0 : 0.75)));
  carom_stroke (f);

  /* The arrowheads, filled at once. */
  for (size_t i = 1; i <= t->n_hits; i++)
    if (carom_segment_emphasised (p, i) == emphasised)
      carom_segment_arrow (f, carom_path_point (p, i - 1), carom_path_point (p, i));
  if (p->has_ray && carom_segment_emphasised (p, t->n_hits + 1) == emphasised)
    carom_segment_arrow (f, p->ray_from, p->ray_to);
  carom_fill (f);
}

void
carom_path_hit_id (const CaromFrame *f, const CaromPathInfo *p, size_t k, char *buffer, gsize size)
{
  if (p->bt == f->cache->ball)
    g_snprintf (buffer, size, "hit-%zu", k);
  else
    g_snprintf (buffer, size, "%s:hit-%zu", p->bt->ball->id, k);
}

/* Paints the hit markers on the path: open circles on the background. */
static void
paint_markers (CaromFrame *f, CaromColor color)
{
  if (f->style->background.alpha > 0.0)
    {
      carom_set_color (f->cr, f->style->background);
      carom_fill_preserve (f);
    }
  carom_set_color (f->cr, color);
  carom_stroke (f);
}

/* Open circles at the hits; a filled one where the ball stopped. Gathered
 * into one path for each look (in a structured SVG, one element a hit). */
static void
draw_hit_markers (CaromFrame *f, const CaromPathInfo *p)
{
  cairo_t *cr = f->cr;
  const CgTrace *t = &p->bt->trace;
  double radius = carom_frame_pt (f, f->style->marker_radius);
  CgAabb view = carom_view_visible_box (f->view);
  gboolean split = carom_frame_split (f);
  char id[256];
  cairo_set_line_width (cr, carom_frame_pt (f, 0.75 * f->style->path_width));
  for (int emphasised = 0; emphasised < 2; emphasised++)
    {
      if (!emphasised && p->upto)
        continue;
      CaromColor color = emphasised ? p->look.path : p->look.path_faint;
      gboolean stopped = FALSE;
      CgVec2 stop;
      carom_item (f, CAROM_LAYER_PATHS, p->bt->ball->id);
      for (size_t i = 1; i <= t->n_hits; i++)
        {
          CgVec2 c = carom_path_point (p, i);
          if (carom_segment_emphasised (p, i) != emphasised || !cg_aabb_contains (view, c))
            continue;
          CgVec2 d = carom_frame_dev (f, c);
          f->stats->hits_drawn++;
          if (i == t->n_hits && t->status == CG_TRACE_STOPPED)
            {
              stopped = TRUE;
              stop = d;
              continue;
            }
          if (split)
            {
              carom_path_hit_id (f, p, i, id, sizeof id);
              carom_item (f, CAROM_LAYER_PATHS, id);
            }
          cairo_new_sub_path (cr);
          cairo_arc (cr, d.x, d.y, radius, 0.0, 2.0 * G_PI);
          if (split)
            paint_markers (f, color);
        }
      if (!split)
        paint_markers (f, color);
      if (stopped)
        {
          carom_path_hit_id (f, p, t->n_hits, id, sizeof id);
          carom_item (f, CAROM_LAYER_PATHS, id);
          cairo_new_sub_path (cr);
          cairo_arc (cr, stop.x, stop.y, radius, 0.0, 2.0 * G_PI);
          carom_set_color (cr, color);
          carom_fill_preserve (f);
          carom_stroke (f);
        }
    }
}

/* With only the path up to the step drawn, the rest is ink of its own for
 * the labels (CAROM_INK_FUTURE, undrawn): a label keeps off where the path
 * will go when it can, so that it keeps its place as the path grows. */
static void
ink_future (CaromFrame *f, const CaromPathInfo *p)
{
  if (f->ink == NULL || !p->upto)
    return;
  const CgTrace *t = &p->bt->trace;
  CaromPen pen = carom_pen_new (f);
  for (size_t i = (size_t)p->step + 1; i <= t->n_hits; i++)
    {
      carom_pen_move (&pen, carom_frame_dev (f, carom_path_point (p, i - 1)));
      carom_pen_line (&pen, carom_frame_dev (f, carom_path_point (p, i)));
    }
  if (p->has_ray)
    {
      carom_pen_move (&pen, carom_frame_dev (f, p->ray_from));
      carom_pen_line (&pen, carom_frame_dev (f, p->ray_to));
    }
  carom_set_color (f->cr, p->look.path);
  cairo_set_line_width (f->cr, carom_frame_pt (f, f->style->path_width));
  carom_ink_future (f, TRUE);
}

static void
draw_paths (CaromFrame *f, GArray *paths)
{
  cairo_t *cr = f->cr;
  cairo_set_dash (cr, NULL, 0, 0.0);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  /* Faint parts first, so the emphasised path lies on top where they cross. */
  for (guint k = 0; k < paths->len; k++)
    draw_path_part (f, &g_array_index (paths, CaromPathInfo, k), FALSE);
  for (guint k = 0; k < paths->len; k++)
    draw_path_part (f, &g_array_index (paths, CaromPathInfo, k), TRUE);
  for (guint k = 0; k < paths->len; k++)
    draw_hit_markers (f, &g_array_index (paths, CaromPathInfo, k));
  for (guint k = 0; k < paths->len; k++)
    ink_future (f, &g_array_index (paths, CaromPathInfo, k));
}

/* ---- the frame --------------------------------------------------------- */

/* The balls' paths: those drawn one by one (paths, CaromPathInfo) and those
 * drawn blended (rays, CaromRayInfo): the rays of beams, and every ball of a
 * crowd of more than CAROM_MANY_BALLS. The selected ball is drawn one by one
 * on top of the blend (and blended too, so the density is true), or, with a
 * front, up to the front (*selected). */
static void
gather_paths (CaromFrame *f, GArray *paths, GArray *rays, CaromPathInfo *front_path,
              const CaromPathInfo **selected)
{
  const CaromRenderCache *cache = f->cache;
  const CaromRenderOptions *options = f->options;
  guint n_balls = cache->trace->balls->len;
  gboolean crowd = carom_trace_is_crowd (cache->trace);
  const CmObject *selected_beam = NULL;
  gboolean selected_blended = FALSE;
  if (cache->ball != NULL)
    {
      selected_beam = carom_ball_trace_beam (cache->ball);
      selected_blended = crowd || selected_beam != NULL;
    }
  gboolean front = options->front >= 0.0 && selected_blended;
  for (guint b = 0; b < n_balls; b++)
    {
      const CaromBallTrace *bt = &g_array_index (cache->trace->balls, CaromBallTrace, b);
      const CmObject *beam = carom_ball_trace_beam (bt);
      CaromPathInfo p = { .bt = bt, .look = ball_look (f->style, b) };
      p.step = bt == cache->ball ? options->step : CAROM_STEP_NONE;
      if (p.step > (gint64)bt->trace.n_hits || p.step < CAROM_STEP_NONE)
        p.step = CAROM_STEP_NONE; /* the caller skipped carom_render_cache_check_step() */
      p.upto = p.step != CAROM_STEP_NONE && options->path == CAROM_PATH_UPTO;
      if (beam != NULL || crowd)
        {
          if (cache->ray_points == NULL)
            continue;
          CaromRayInfo r = { .bt = bt,
                             .points = cache->ray_points + cache->ray_first[b],
                             .k = beam != NULL ? bt->ray : b,
                             .n = beam != NULL ? MAX (beam->count, 1u) : n_balls };
          r.front = front && beam == selected_beam;
          g_array_append_val (rays, r);
          if (bt != cache->ball)
            continue;
          if (front)
            {
              *front_path = p;
              *selected = front_path;
              continue;
            }
        }
      escape_ray (f, &p);
      g_array_append_val (paths, p);
    }
}

/* Everything but the legend. */
static void
render_drawing (cairo_t *cr, const CaromRenderCache *cache, const CaromView *view,
                const CaromStyle *style, const CaromRenderOptions *options, CaromRenderStats *stats)
{
  CaromFrame frame = {
    .cr = cr,
    .cache = cache,
    .view = view,
    .style = style,
    .options = options,
    .stats = stats,
    .svg = options->svg_out,
  };
  CaromFrame *f = &frame;
  CaromOverlays show = options->overlays;

  cairo_save (cr);
  cairo_rectangle (cr, 0.0, 0.0, view->width, view->height);
  if (f->svg == NULL)
    cairo_clip (cr); /* a structured SVG clips each layer to the figure */
  if (style->background.alpha > 0.0)
    {
      /* The paper: no ink for labels. */
      carom_item (f, CAROM_LAYER_BACKGROUND, NULL);
      cairo_rectangle (cr, 0.0, 0.0, view->width, view->height);
      carom_set_color (cr, style->background);
      carom_fill (f);
    }
  if (options->underlay != NULL && f->svg == NULL)
    carom_underlay_draw (
        options->underlay, cr, view,
        style->background.alpha > 0.0
            && style->background.red + style->background.green + style->background.blue < 1.5);

  /* Objects just outside the view can still reach in with a line, a tick or
   * a dash; keep those whose box comes within this margin. */
  double margin_pt = fmax (style->tick_length, style->wall_width) + 4.0;
  CgAabb visible = carom_view_visible_box (view);
  f->visible = cg_aabb_pad (visible, carom_frame_pt (f, margin_pt) / view->scale);
  f->device = (CgAabb){ { -CLIP_MARGIN, -CLIP_MARGIN },
                        { view->width + CLIP_MARGIN, view->height + CLIP_MARGIN } };
  f->detailed = g_array_new (FALSE, FALSE, sizeof (guint32));
  f->simplified = g_array_new (FALSE, FALSE, sizeof (guint32));
  cull (f);
  carom_text_begin (f);
  /* Labels are placed last, on the ink of everything drawn before them. */
  if (show & CAROM_OVERLAY_LABELS)
    carom_labels_begin (f);

  g_autoptr (GArray) paths = g_array_new (FALSE, TRUE, sizeof (CaromPathInfo));
  g_autoptr (GArray) rays = g_array_new (FALSE, TRUE, sizeof (CaromRayInfo));
  CaromPathInfo front_path;
  const CaromPathInfo *front_selected = NULL;
  gather_paths (f, paths, rays, &front_path, &front_selected);

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  if (show & CAROM_OVERLAY_GRID)
    draw_grid (f);
  if (show & CAROM_OVERLAY_BVH)
    draw_bvh (f);
  draw_polygons (f);
  if (show & CAROM_OVERLAY_AABB)
    draw_aabbs (f);
  if (show & CAROM_OVERLAY_OUTLINES)
    draw_outlines (f);
  if (show & CAROM_OVERLAY_NORMALS)
    draw_normals (f);
  if (show & CAROM_OVERLAY_CANDIDATES)
    carom_draw_candidates (f, paths);
  if (show & CAROM_OVERLAY_PATH)
    {
      carom_draw_rays (f, rays);
      draw_paths (f, paths);
    }
  carom_draw_front (f, rays, front_selected);
  carom_draw_beams (f);
  carom_draw_balls (f, paths);
  if (f->labels != NULL)
    {
      carom_gather_ball_labels (f, paths);
      if (show & CAROM_OVERLAY_PATH)
        for (guint k = 0; k < paths->len; k++)
          carom_gather_hit_labels (f, &g_array_index (paths, CaromPathInfo, k));
      carom_gather_object_labels (f);
      carom_labels_place (f);
    }

  carom_text_end (f);
  g_array_unref (f->detailed);
  g_array_unref (f->simplified);
  cairo_restore (cr);
}

/* The legend's clear space: from the frame's edge, and from anything drawn. */
#define LEGEND_INSET_PT 6.0
#define LEGEND_CLEARANCE_PT 3.0
/* The mask the drawing is measured on: at most this many pixels a point, and
 * this many on its longer side. */
#define MASK_PX_PER_PT 3.0
#define MASK_MAX_PX 2048.0

gboolean
carom_render_legend_spot (const CaromRenderCache *cache, const CaromView *view,
                          const CaromStyle *style, const CaromRenderOptions *options, double width,
                          double height, CgAabb *rect)
{
  g_return_val_if_fail (cache != NULL && view != NULL && style != NULL && options != NULL, FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);

  *rect = cg_aabb_empty ();
  double inset = LEGEND_INSET_PT * view->pt, clear = LEGEND_CLEARANCE_PT * view->pt;
  if (!(width > 0.0 && height > 0.0) || width + 2.0 * inset > view->width
      || height + 2.0 * inset > view->height)
    return FALSE;

  /* The drawing, without its background, into an alpha mask: a pixel with any
   * coverage is taken. */
  double m = fmin (MASK_PX_PER_PT / view->pt, MASK_MAX_PX / fmax (view->width, view->height));
  int mw = (int)ceil (view->width * m), mh = (int)ceil (view->height * m);
  cairo_surface_t *mask = cairo_image_surface_create (CAIRO_FORMAT_A8, mw, mh);
  if (cairo_surface_status (mask) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (mask);
      return FALSE;
    }
  cairo_t *cr = cairo_create (mask);
  cairo_scale (cr, m, m);
  CaromStyle s = *style;
  s.background.alpha = 0.0;
  CaromRenderOptions o = *options;
  o.overlays &= ~CAROM_OVERLAY_LEGEND;
  o.text_sink = NULL;
  o.svg_out = NULL;
  CaromRenderStats stats;
  render_drawing (cr, cache, view, &s, &o, &stats);
  cairo_destroy (cr);
  cairo_surface_flush (mask);
  const guint8 *data = cairo_image_surface_get_data (mask);
  int stride = cairo_image_surface_get_stride (mask);

  /* A summed-area table of taken pixels: any rectangle's count in four reads. */
  gsize tw = (gsize)mw + 1;
  guint32 *sat = g_new0 (guint32, tw * ((gsize)mh + 1));
  for (int y = 0; y < mh; y++)
    {
      guint32 row = 0;
      for (int x = 0; x < mw; x++)
        {
          row += data[(gsize)y * (gsize)stride + (gsize)x] != 0;
          sat[(y + 1) * tw + x + 1] = sat[y * tw + x + 1] + row;
        }
    }

  /* Places on a grid over the frame, those nearest a corner of the frame
   * first (the top right first on a tie: where a reader looks for a key). */
  enum
  {
    STEPS = 16
  };
  double free_w = view->width - 2.0 * inset - width, free_h = view->height - 2.0 * inset - height;
  typedef struct
  {
    double key;
    CgVec2 lo;
  } Spot;
  Spot spots[(STEPS + 1) * (STEPS + 1)];
  int n = 0;
  for (int j = 0; j <= STEPS; j++)
    for (int i = 0; i <= STEPS; i++)
      {
        double fx = (double)(STEPS - i) / STEPS, fy = (double)j / STEPS;
        /* How far the legend's nearest corner is from the frame's, in
         * steps; corners in order top right, top left, bottom right, bottom left. */
        double dx = fmin (fx, 1.0 - fx), dy = fmin (fy, 1.0 - fy);
        int corner = (fy > 0.5) * 2 + (fx < 0.5);
        Spot spot = { hypot (dx, dy) * STEPS + 0.01 * corner,
                      { inset + fx * free_w, inset + fy * free_h } };
        int at = n++;
        for (; at > 0 && spots[at - 1].key > spot.key; at--)
          spots[at] = spots[at - 1];
        spots[at] = spot;
      }
  gboolean found = FALSE;
  for (int k = 0; k < n && !found; k++)
    {
      CgAabb r = { spots[k].lo, cg_add (spots[k].lo, cg_v2 (width, height)) };
      int x0 = MAX ((int)floor ((r.lo.x - clear) * m), 0);
      int y0 = MAX ((int)floor ((r.lo.y - clear) * m), 0);
      int x1 = MIN ((int)ceil ((r.hi.x + clear) * m), mw - 1) + 1;
      int y1 = MIN ((int)ceil ((r.hi.y + clear) * m), mh - 1) + 1;
      guint32 taken = sat[y1 * tw + x1] - sat[y0 * tw + x1] - sat[y1 * tw + x0] + sat[y0 * tw + x0];
      if (taken == 0)
        {
          *rect = r;
          found = TRUE;
        }
    }
  g_free (sat);
  cairo_surface_destroy (mask);
  return found;
}

/* A frame with only what text needs: a layout, pt device units a point. */
static void
legend_frame_begin (CaromFrame *f, cairo_t *cr, CaromView *view, const CaromRenderCache *cache,
                    const CaromStyle *style, const CaromRenderOptions *options,
                    CaromRenderStats *stats)
{
  *f = (CaromFrame){ .cr = cr,
                     .cache = cache,
                     .view = view,
                     .style = style,
                     .options = options,
                     .stats = stats,
                     .svg = options->svg_out,
                     .device = { { -CAROM_SAFE_COORD, -CAROM_SAFE_COORD },
                                 { CAROM_SAFE_COORD, CAROM_SAFE_COORD } } };
  carom_text_begin (f);
}

void
carom_render_legend_size (const CaromRenderCache *cache, const CaromStyle *style,
                          const CaromRenderOptions *options, double *width_pt, double *height_pt)
{
  g_return_if_fail (cache != NULL && style != NULL && options != NULL);
  g_return_if_fail (width_pt != NULL && height_pt != NULL);

  /* Measured in points on a scratch surface: text has the same extents on
   * every surface (carom_text_begin() turns hinting off). */
  cairo_surface_t *scratch = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
  cairo_t *cr = cairo_create (scratch);
  CaromView view = { .scale = 1.0, .width = 1.0, .height = 1.0, .pt = 1.0 };
  CaromRenderStats stats;
  CaromFrame f;
  legend_frame_begin (&f, cr, &view, cache, style, options, &stats);
  carom_legend_measure (&f, width_pt, height_pt);
  carom_text_end (&f);
  cairo_destroy (cr);
  cairo_surface_destroy (scratch);
}

void
carom_render_legend (cairo_t *cr, const CaromRenderCache *cache, const CaromStyle *style,
                     const CaromRenderOptions *options, double pt, CgVec2 origin)
{
  g_return_if_fail (cr != NULL && cache != NULL && style != NULL && options != NULL);
  g_return_if_fail (pt > 0.0);

  CaromView view = { .scale = 1.0, .width = 1.0, .height = 1.0, .pt = pt };
  CaromRenderStats stats;
  CaromFrame f;
  legend_frame_begin (&f, cr, &view, cache, style, options, &stats);
  double w, h;
  carom_legend_measure (&f, &w, &h);
  if (w > 0.0 && h > 0.0)
    carom_legend_draw (&f, (CgAabb){ origin, cg_add (origin, cg_v2 (w, h)) });
  carom_text_end (&f);
}

void
carom_render_text_item (cairo_t *cr, const CaromRenderCache *cache, const CaromStyle *style,
                        const CaromRenderOptions *options, double pt, const CaromTextItem *item)
{
  g_return_if_fail (cr != NULL && cache != NULL && style != NULL && options != NULL);
  g_return_if_fail (item != NULL && pt > 0.0);

  CaromView view = { .scale = 1.0, .width = 1.0, .height = 1.0, .pt = pt };
  CaromRenderOptions drawn = *options;
  drawn.text_sink = NULL;
  drawn.svg_out = NULL;
  CaromRenderStats stats;
  CaromFrame f;
  legend_frame_begin (&f, cr, &view, cache, style, &drawn, &stats);
  if (item->has_leader)
    {
      cairo_save (cr);
      cairo_move_to (cr, item->leader[0].x, item->leader[0].y);
      cairo_line_to (cr, item->leader[1].x, item->leader[1].y);
      carom_set_color (cr, item->color);
      cairo_set_line_width (cr, carom_frame_pt (&f, 0.5));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
  carom_text_measure (&f, item->markup, item->size_pt);
  carom_text_show_in (&f, item->box);
  carom_text_end (&f);
}

void
carom_render_caption (cairo_t *cr, const CaromRenderCache *cache, const CaromStyle *style,
                      const CaromRenderOptions *options, double pt, const char *markup,
                      CgVec2 center)
{
  g_return_if_fail (cr != NULL && cache != NULL && style != NULL && options != NULL);
  g_return_if_fail (markup != NULL && pt > 0.0);

  CaromView view = { .scale = 1.0, .width = 1.0, .height = 1.0, .pt = pt };
  CaromRenderStats stats;
  CaromFrame f;
  legend_frame_begin (&f, cr, &view, cache, style, options, &stats);
  carom_text_draw (&f, markup, style->legend_size, center);
  carom_text_end (&f);
}

void
carom_render (cairo_t *cr, const CaromRenderCache *cache, const CaromView *view,
              const CaromStyle *style, const CaromRenderOptions *options, CaromRenderStats *stats)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (cache != NULL);
  g_return_if_fail (view != NULL && view->scale > 0.0 && view->pt > 0.0);
  g_return_if_fail (style != NULL);
  g_return_if_fail (options != NULL);

  CaromRenderStats local_stats;
  if (stats == NULL)
    stats = &local_stats;
  *stats = (CaromRenderStats){ 0 };
  if (!(view->width > 0.0 && view->height > 0.0))
    return;

  /* The legend goes where the drawing leaves room, or nowhere: it is placed
   * after the drawing is measured, so it moves nothing drawn. */
  CgAabb legend = cg_aabb_empty ();
  if ((options->overlays & CAROM_OVERLAY_LEGEND) && options->legend != CAROM_LEGEND_NONE)
    {
      double w, h;
      carom_render_legend_size (cache, style, options, &w, &h);
      carom_render_legend_spot (cache, view, style, options, w * view->pt, h * view->pt, &legend);
    }
  CaromRenderOptions drawing = *options;
  drawing.overlays &= ~CAROM_OVERLAY_LEGEND;
  render_drawing (cr, cache, view, style, &drawing, stats);
  if (!cg_aabb_is_empty (legend))
    {
      cairo_save (cr);
      cairo_rectangle (cr, 0.0, 0.0, view->width, view->height);
      cairo_clip (cr);
      carom_render_legend (cr, cache, style, options, view->pt, legend.lo);
      cairo_restore (cr);
    }
}
