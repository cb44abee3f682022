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

#include <glib/gi18n-lib.h>

/// Device units around the view that clipped segments keep: more than any
/// line width or mark, so clipping never shows.
#define CLIP_MARGIN 256.0
/// Coordinates beyond this (device units) are clipped before cairo sees them.
#define SAFE_COORD 1.0e6
/// Thinnest BVH line, in points, however deep the level.
#define BVH_THINNEST 0.25
/// Each BVH level is drawn this much thinner than its parent.
#define BVH_THINNING 0.85
/// Segments without room for this many arrowheads get none.
#define ARROW_ROOM 3.0
/// The most hit numbers one frame labels.
#define MAX_HIT_LABELS 100

/* ---- clipping ---------------------------------------------------------- */

static gboolean
is_safe (CgVec2 d)
{
  return fabs (d.x) < SAFE_COORD && fabs (d.y) < SAFE_COORD;
}

/// Builds open polylines in device units, clipping what is not safe.
typedef struct
{
  cairo_t *cr;
  CgAabb clip;
  CgVec2 cur;      ///< where the polyline is (maybe far outside)
  gboolean at_cur; ///< cairo's current point is cur
} Pen;

static Pen
pen_new (const CaromFrame *f)
{
  return (Pen){ .cr = f->cr, .clip = f->device };
}

static void
pen_move (Pen *pen, CgVec2 d)
{
  pen->cur = d;
  pen->at_cur = is_safe (d);
  if (pen->at_cur)
    cairo_move_to (pen->cr, d.x, d.y);
}

static void
pen_line (Pen *pen, CgVec2 d)
{
  if (pen->at_cur && is_safe (d))
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

/* A closed polygon in device units, clipped to the device box when it is not
 * all safe. The clipped polygon's new sides lie outside the view, so stroking
 * and filling it both look right. */
static void
polygon_path (CaromFrame *f, const CaromObject *object)
{
  cairo_t *cr = f->cr;
  gboolean safe = TRUE;
  for (size_t k = 0; k < object->n_points && safe; k++)
    safe = is_safe (carom_frame_dev (f, object->points[k]));
  if (safe)
    {
      for (size_t k = 0; k < object->n_points; k++)
        {
          CgVec2 d = carom_frame_dev (f, object->points[k]);
          if (k == 0)
            cairo_move_to (cr, d.x, d.y);
          else
            cairo_line_to (cr, d.x, d.y);
        }
      cairo_close_path (cr);
      return;
    }
  g_autoptr (GArray) a = g_array_sized_new (FALSE, FALSE, sizeof (CgVec2), object->n_points + 8);
  g_autoptr (GArray) b = g_array_sized_new (FALSE, FALSE, sizeof (CgVec2), object->n_points + 8);
  for (size_t k = 0; k < object->n_points; k++)
    {
      CgVec2 d = carom_frame_dev (f, object->points[k]);
      g_array_append_val (a, d);
    }
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
  cairo_fill (f->cr);
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
  cairo_stroke (cr);
}

/* The tracer's BVH (the selected ball's world), boxes gathered by level and
 * stroked one level at a time, the root's colour first. */
static void
draw_bvh (CaromFrame *f)
{
  if (f->cache->world == NULL)
    return;
  const CgBvh *bvh = cg_world_bvh (f->cache->world);
  if (bvh->n_items == 0)
    return;
  const CaromRenderOptions *o = f->options;
  guint n_levels = MIN (bvh->depth, o->bvh_level_hi) + 1; /* levels 0 .. depth */
  g_autoptr (GPtrArray) levels = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
  for (guint l = 0; l < n_levels; l++)
    g_ptr_array_add (levels, g_array_new (FALSE, FALSE, sizeof (CgAabb)));

  if (o->bvh_level_lo == 0 && cg_aabb_overlaps (bvh->box, f->visible))
    g_array_append_val (g_ptr_array_index (levels, 0), bvh->box);
  struct
  {
    guint32 node, level;
  } stack[CG_BVH_MAX_DEPTH * (CG_BVH_WIDTH - 1) + 1];
  int top = 0;
  if (bvh->root.count == 0 && n_levels > 1)
    {
      stack[top].node = bvh->root.first;
      stack[top++].level = 1;
    }
  while (top > 0)
    {
      top--;
      const CgBvhNode *node = &bvh->nodes[stack[top].node];
      guint32 level = stack[top].level;
      for (int k = 0; k < CG_BVH_WIDTH; k++)
        {
          const CgBvhRef *child = &node->child[k];
          if (child->first == CG_BVH_NONE)
            continue;
          CgAabb box = cg_bvh_child_box (node, k);
          if (!cg_aabb_overlaps (box, f->visible)
              || box_device_size (f, box) < carom_frame_pt (f, o->bvh_min_pt))
            continue;
          if (level >= o->bvh_level_lo)
            g_array_append_val (g_ptr_array_index (levels, level), box);
          if (child->count == 0 && level + 1 < n_levels)
            {
              stack[top].node = child->first;
              stack[top++].level = level + 1;
            }
        }
    }

  cairo_t *cr = f->cr;
  cairo_set_dash (cr, NULL, 0, 0.0);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
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
      cairo_stroke (cr);
      f->stats->bvh_boxes_drawn += boxes->len;
    }
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

  /* Obstacles: filled, with a thin edge. */
  for (guint i = 0; i < f->detailed->len; i++)
    {
      const CaromObject *o = polys[g_array_index (f->detailed, guint32, i)].object;
      if (o->role == CG_ROLE_OBSTACLE)
        polygon_path (f, o);
    }
  carom_set_color (cr, s->obstacle_fill);
  cairo_fill_preserve (cr);
  carom_set_color (cr, s->obstacle_stroke);
  cairo_set_line_width (cr, carom_frame_pt (f, s->obstacle_width));
  cairo_stroke (cr);

  /* Walls: stroked. */
  for (guint i = 0; i < f->detailed->len; i++)
    {
      const CaromObject *o = polys[g_array_index (f->detailed, guint32, i)].object;
      if (o->role == CG_ROLE_WALL)
        polygon_path (f, o);
    }
  carom_set_color (cr, s->wall);
  cairo_set_line_width (cr, carom_frame_pt (f, s->wall_width));
  cairo_stroke (cr);

  /* Polygons too small to show their shape: a dot of the colour their edge
   * would give them. */
  for (int role = 0; role < 2; role++)
    {
      for (guint i = 0; i < f->simplified->len; i++)
        {
          const CaromRenderPolygon *p = &polys[g_array_index (f->simplified, guint32, i)];
          if ((int)p->object->role == role)
            box_path (f, p->box);
        }
      carom_set_color (cr, role == CG_ROLE_WALL ? s->wall : s->obstacle_stroke);
      cairo_fill (cr);
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

/* The outline boxes; without a ball, the polygons' own boxes. */
static void
draw_aabbs (CaromFrame *f)
{
  const CaromRenderPolygon *polys = f->cache->polygons;
  CaromDasher d;
  carom_dasher_init (&d, f, f->style->aabb_dash);
  for (guint i = 0; i < f->detailed->len; i++)
    {
      const CaromRenderPolygon *p = &polys[g_array_index (f->detailed, guint32, i)];
      dashed_box (f, &d, cg_aabb_is_empty (p->outline_box) ? p->box : p->outline_box);
    }
  cairo_t *cr = f->cr;
  cairo_set_dash (cr, NULL, 0, 0.0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  carom_set_color (cr, f->style->aabb);
  cairo_set_line_width (cr, carom_frame_pt (f, f->style->aabb_width));
  cairo_stroke (cr);
}

/* True outlines, dashed. The pieces of cg_boundary_build() come mostly in
 * chain order, so carrying the pattern from one piece to the next keeps the
 * dashes even around corners. */
static void
draw_outlines (CaromFrame *f)
{
  cairo_t *cr = f->cr;
  CaromDasher d;
  carom_dasher_init (&d, f, f->style->outline_dash);
  double scale = f->view->scale;
  for (guint i = 0; i < f->detailed->len; i++)
    {
      const CgBoundary *b
          = carom_render_cache_boundary (f->cache, g_array_index (f->detailed, guint32, i));
      if (b == NULL || b->n_pieces == 0)
        continue;
      d.phase = 0.0;
      for (size_t k = 0; k < b->n_pieces; k++)
        {
          const CgBoundaryPiece *p = &b->pieces[k];
          if (p->kind == CG_PRIM_ARC)
            carom_dasher_arc (&d, carom_frame_dev (f, p->q), p->r * scale, p->angle0, p->angle1);
          else
            carom_dasher_line (&d, carom_frame_dev (f, p->a), carom_frame_dev (f, p->b));
        }
      f->stats->outlines_drawn++;
    }
  cairo_set_dash (cr, NULL, 0, 0.0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  carom_set_color (cr, f->style->outline);
  cairo_set_line_width (cr, carom_frame_pt (f, f->style->outline_width));
  cairo_stroke (cr);
}

/* A tick at each edge's midpoint on its front side (where the normal points). */
static void
draw_normals (CaromFrame *f)
{
  const CaromRenderPolygon *polys = f->cache->polygons;
  double tick = carom_frame_pt (f, f->style->tick_length);
  Pen pen = pen_new (f);
  for (guint i = 0; i < f->detailed->len; i++)
    {
      const CaromObject *o = polys[g_array_index (f->detailed, guint32, i)].object;
      for (size_t k = 0; k < o->n_points; k++)
        {
          CgVec2 a = o->points[k], b = o->points[(k + 1) % o->n_points];
          /* Edges shorter than their tick (a flattened circle) would turn
           * into a brush; the longer edges say enough. */
          if (cg_distance (a, b) * f->view->scale < 1.5 * tick)
            continue;
          CgVec2 m = carom_frame_dev (f, cg_lerp (a, b, 0.5));
          pen_move (&pen, m);
          pen_line (&pen, cg_mul_add (m, tick, cg_edge_normal (cg_sub (b, a))));
        }
    }
  cairo_t *cr = f->cr;
  cairo_set_dash (cr, NULL, 0, 0.0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  carom_set_color (cr, f->style->normal);
  cairo_set_line_width (cr, carom_frame_pt (f, f->style->normal_width));
  cairo_stroke (cr);
}

/* ---- paths ------------------------------------------------------------- */

/// One ball's path as drawn: points 0 (the start) to n_hits, and an escaping
/// ray's end at the view's edge.
/// A ball's colours: the first ball's are the style's, the others' come from
/// its ball palette, so each ball is told apart.
typedef struct
{
  CaromColor path, path_faint, ball_fill, ball_stroke;
} BallLook;

static BallLook
ball_look (const CaromStyle *s, guint index)
{
  if (index == 0)
    return (BallLook){ s->path, s->path_faint, s->ball_fill, s->ball_stroke };
  CaromColor c = s->ball_colors[(index - 1) % CAROM_STYLE_BALL_COLORS];
  CaromColor faint = c, fill = c;
  faint.alpha = s->path_faint.alpha;
  fill.alpha = s->ball_fill.alpha;
  return (BallLook){ c, faint, fill, c };
}

typedef struct
{
  const CaromBallTrace *bt;
  gint64 step; ///< CAROM_STEP_NONE unless this is the selected ball
  gboolean has_ray;
  CgVec2 ray_from, ray_to; ///< scene units, clipped to the view
  BallLook look;
} PathInfo;

static CgVec2
path_point (const PathInfo *p, size_t i)
{
  return i == 0 ? p->bt->trace.start : p->bt->trace.hits[i - 1].point;
}

/* Segment i runs from point i - 1 to point i (the ray is segment n + 1). */
static gboolean
segment_emphasised (const PathInfo *p, size_t i)
{
  return p->step == CAROM_STEP_NONE || (gint64)i <= p->step;
}

/* The escaping ray from the last point, cut where it leaves the view. */
static void
escape_ray (const CaromFrame *f, PathInfo *p)
{
  const CgTrace *t = &p->bt->trace;
  p->has_ray = FALSE;
  if (t->status != CG_TRACE_ESCAPED)
    return;
  CgVec2 o = path_point (p, t->n_hits), d = t->end_direction;
  CgVec2 inv = { 1.0 / d.x, 1.0 / d.y };
  double t0, t1;
  CgAabb view = carom_view_visible_box (f->view);
  if (!cg_aabb_ray (view, o, inv, &t0, &t1) || t1 <= 0.0)
    return;
  p->ray_from = cg_mul_add (o, fmax (t0, 0.0), d);
  p->ray_to = cg_mul_add (o, t1, d);
  p->has_ray = TRUE;
}

static void
segment_arrow (CaromFrame *f, CgVec2 a, CgVec2 b)
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
draw_path_part (CaromFrame *f, const PathInfo *p, gboolean emphasised)
{
  cairo_t *cr = f->cr;
  const CgTrace *t = &p->bt->trace;
  Pen pen = pen_new (f);
  gboolean drawn = FALSE;
  for (size_t i = 1; i <= t->n_hits; i++)
    if (segment_emphasised (p, i) == emphasised)
      {
        CgVec2 a = carom_frame_dev (f, path_point (p, i - 1));
        if (!drawn || !pen.at_cur || a.x != pen.cur.x || a.y != pen.cur.y)
          pen_move (&pen, a);
        pen_line (&pen, carom_frame_dev (f, path_point (p, i)));
        drawn = TRUE;
      }
  if (p->has_ray && segment_emphasised (p, t->n_hits + 1) == emphasised)
    {
      pen_move (&pen, carom_frame_dev (f, p->ray_from));
      pen_line (&pen, carom_frame_dev (f, p->ray_to));
    }
  CaromColor color = emphasised ? p->look.path : p->look.path_faint;
  carom_set_color (cr, color);
  cairo_set_line_width (cr, carom_frame_pt (f, f->style->path_width * (emphasised ? 1.0 : 0.75)));
  cairo_stroke (cr);

  /* The arrowheads, filled at once. */
  for (size_t i = 1; i <= t->n_hits; i++)
    if (segment_emphasised (p, i) == emphasised)
      segment_arrow (f, path_point (p, i - 1), path_point (p, i));
  if (p->has_ray && segment_emphasised (p, t->n_hits + 1) == emphasised)
    segment_arrow (f, p->ray_from, p->ray_to);
  cairo_fill (cr);
}

/* Open circles at the hits; a filled one where the ball stopped. Gathered
 * into one path for each look. */
static void
draw_hit_markers (CaromFrame *f, const PathInfo *p)
{
  cairo_t *cr = f->cr;
  const CgTrace *t = &p->bt->trace;
  double radius = carom_frame_pt (f, f->style->marker_radius);
  CgAabb view = carom_view_visible_box (f->view);
  cairo_set_line_width (cr, carom_frame_pt (f, 0.75 * f->style->path_width));
  for (int emphasised = 0; emphasised < 2; emphasised++)
    {
      CaromColor color = emphasised ? p->look.path : p->look.path_faint;
      gboolean stopped = FALSE;
      CgVec2 stop;
      for (size_t i = 1; i <= t->n_hits; i++)
        {
          CgVec2 c = path_point (p, i);
          if (segment_emphasised (p, i) != emphasised || !cg_aabb_contains (view, c))
            continue;
          CgVec2 d = carom_frame_dev (f, c);
          f->stats->hits_drawn++;
          if (i == t->n_hits && t->status == CG_TRACE_STOPPED)
            {
              stopped = TRUE;
              stop = d;
              continue;
            }
          cairo_new_sub_path (cr);
          cairo_arc (cr, d.x, d.y, radius, 0.0, 2.0 * G_PI);
        }
      if (f->style->background.alpha > 0.0)
        {
          carom_set_color (cr, f->style->background);
          cairo_fill_preserve (cr);
        }
      carom_set_color (cr, color);
      cairo_stroke (cr);
      if (stopped)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, stop.x, stop.y, radius, 0.0, 2.0 * G_PI);
          cairo_fill_preserve (cr);
          cairo_stroke (cr);
        }
    }
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
    draw_path_part (f, &g_array_index (paths, PathInfo, k), FALSE);
  for (guint k = 0; k < paths->len; k++)
    draw_path_part (f, &g_array_index (paths, PathInfo, k), TRUE);

  /* The incoming segment of the chosen hit, heavier. */
  for (guint k = 0; k < paths->len; k++)
    {
      const PathInfo *p = &g_array_index (paths, PathInfo, k);
      if (p->step < 1)
        continue;
      Pen pen = pen_new (f);
      pen_move (&pen, carom_frame_dev (f, path_point (p, (size_t)p->step - 1)));
      pen_line (&pen, carom_frame_dev (f, path_point (p, (size_t)p->step)));
      carom_set_color (cr, p->look.path);
      cairo_set_line_width (cr, carom_frame_pt (f, 1.8 * f->style->path_width));
      cairo_stroke (cr);
    }
  for (guint k = 0; k < paths->len; k++)
    draw_hit_markers (f, &g_array_index (paths, PathInfo, k));
}

/* ---- balls and the chosen step ----------------------------------------- */

static void
ball_disk (CaromFrame *f, const BallLook *look, CgVec2 center, double radius, gboolean ghost)
{
  cairo_t *cr = f->cr;
  const CaromStyle *s = f->style;
  CgVec2 c = carom_frame_dev (f, center);
  double r = radius * f->view->scale;
  if (!is_safe (c) || r > SAFE_COORD)
    return;
  cairo_set_line_width (cr, carom_frame_pt (f, s->ball_width));
  if (ghost)
    {
      /* Where the ball was: an outline only, dashed like a construction line. */
      CaromDasher d;
      carom_dasher_init (&d, f, s->outline_dash);
      carom_dasher_arc (&d, c, r, -0.5 * G_PI, 1.5 * G_PI);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      carom_set_color (cr, look->path_faint);
      cairo_stroke (cr);
    }
  else
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, c.x, c.y, r, 0.0, 2.0 * G_PI);
      carom_set_color (cr, look->ball_fill);
      cairo_fill_preserve (cr);
      carom_set_color (cr, look->ball_stroke);
      cairo_stroke (cr);
    }
  /* The centre: what the path follows. */
  double dot = carom_frame_pt (f, 0.9 * s->marker_radius);
  cairo_new_sub_path (cr);
  cairo_arc (cr, c.x, c.y, dot, 0.0, 2.0 * G_PI);
  carom_set_color (cr, ghost ? look->path_faint : look->ball_stroke);
  cairo_fill (cr);
}

/* A vector arrow from `from` (device) along u: a line and a head. */
static CgVec2
vector_arrow (CaromFrame *f, CgVec2 from, CgVec2 u, double length, CaromColor color,
              double width_pt)
{
  cairo_t *cr = f->cr;
  double head = carom_frame_pt (f, f->style->arrow_length);
  CgVec2 tip = cg_mul_add (from, length, u);
  carom_set_color (cr, color);
  Pen pen = pen_new (f);
  pen_move (&pen, from);
  pen_line (&pen, cg_mul_add (tip, -0.7 * head, u));
  cairo_set_line_width (cr, carom_frame_pt (f, width_pt));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_stroke (cr);
  if (is_safe (tip))
    carom_draw_arrowhead (f, tip, u, head);
  return tip;
}

/* The angle between two unit directions at c (device), as a thin arc of
 * radius `radius`, the shorter way round. */
static void
angle_mark (CaromFrame *f, CgVec2 c, CgVec2 u, CgVec2 w, double radius)
{
  double a0 = atan2 (u.y, u.x), a1 = atan2 (w.y, w.x);
  if (cg_cross (u, w) < 0.0)
    {
      double tmp = a0;
      a0 = a1;
      a1 = tmp;
    }
  if (a1 < a0)
    a1 += 2.0 * G_PI;
  cairo_new_sub_path (f->cr);
  cairo_arc (f->cr, c.x, c.y, radius, a0, a1);
}

/* The ball at the chosen step: at hit k, touching the outline, with the
 * contact normal n from the touching point, the reflected direction d′, and
 * the equal angles marked; at step 0, the start direction d. */
static void
draw_step (CaromFrame *f, const PathInfo *p)
{
  const CaromStyle *s = f->style;
  const CgTrace *t = &p->bt->trace;
  double r_dev = p->bt->ball->radius * f->view->scale;
  double vec = fmax (carom_frame_pt (f, s->vector_length), r_dev + carom_frame_pt (f, 10.0));
  gboolean labels = (f->options->overlays & CAROM_OVERLAY_LABELS) != 0;
  double gap = carom_frame_pt (f, 2.0);

  if (p->step == 0)
    {
      CgVec2 c = carom_frame_dev (f, t->start);
      if (!is_safe (c))
        return;
      CgVec2 tip = vector_arrow (f, c, t->direction, vec, p->look.path, s->path_width * 1.2);
      if (labels)
        carom_text_draw_beside (f, "<i>d</i>", s->label_size * 1.15, tip, t->direction, gap, TRUE);
      return;
    }

  const CgHit *h = &t->hits[p->step - 1];
  ball_disk (f, &p->look, h->point, p->bt->ball->radius, FALSE);
  CgVec2 c = carom_frame_dev (f, h->point);
  if (!is_safe (c))
    return;
  CgVec2 touch = cg_mul_add (c, -r_dev, h->normal);
  gboolean reflects = h->role == CG_ROLE_WALL;

  /* Equal angles of incidence and reflection, either side of the normal. */
  if (reflects)
    {
      cairo_t *cr = f->cr;
      double radius = fmin (carom_frame_pt (f, 0.45 * s->vector_length), 0.6 * vec);
      angle_mark (f, c, cg_neg (h->in), h->normal, radius);
      angle_mark (f, c, h->normal, h->out, radius * 1.15);
      carom_set_color (cr, s->normal);
      cairo_set_line_width (cr, carom_frame_pt (f, s->normal_width));
      cairo_stroke (cr);
    }

  CgVec2 n_tip = vector_arrow (f, touch, h->normal, r_dev + vec, s->normal, 1.6 * s->normal_width);
  CgVec2 out_tip = c;
  if (reflects)
    out_tip = vector_arrow (f, c, h->out, vec, p->look.path, 1.2 * s->path_width);

  /* The touching point on the polygon. */
  cairo_t *cr = f->cr;
  cairo_new_sub_path (cr);
  cairo_arc (cr, touch.x, touch.y, carom_frame_pt (f, 1.1 * s->marker_radius), 0.0, 2.0 * G_PI);
  carom_set_color (cr, s->text);
  cairo_fill (cr);

  if (labels)
    {
      double size = s->label_size * 1.15;
      carom_text_draw_beside (f, "<b><i>n</i></b>", size, n_tip, h->normal, gap, TRUE);
      if (reflects)
        carom_text_draw_beside (f, "<i>d</i>′", size, out_tip, h->out, gap, TRUE);
      /* d beside the heavy incoming segment, on a free side if there is one. */
      CgVec2 side = { -h->in.y, h->in.x };
      if (cg_dot (side, h->normal) < 0.0)
        side = cg_neg (side);
      CgVec2 at = cg_mul_add (c, -0.75 * vec, h->in);
      if (!carom_text_draw_beside (f, "<i>d</i>", size, at, side, gap * 2.0, FALSE)
          && !carom_text_draw_beside (f, "<i>d</i>", size, at, cg_neg (side), gap * 2.0, FALSE))
        carom_text_draw_beside (f, "<i>d</i>", size, at, side, gap * 2.0, TRUE);
    }
}

/* One outline primitive on the current path (a segment, or an arc turning
 * towards increasing angle). */
static void
primitive_path (CaromFrame *f, const CgPrimitive *p)
{
  if (p->kind == CG_PRIM_SEGMENT)
    {
      CgVec2 a = carom_frame_dev (f, p->a), b = carom_frame_dev (f, p->b);
      if (!carom_clip_segment (&a, &b, f->device))
        return;
      cairo_move_to (f->cr, a.x, a.y);
      cairo_line_to (f->cr, b.x, b.y);
      return;
    }
  CgVec2 q = carom_frame_dev (f, p->q);
  double r = p->r * f->view->scale;
  if (!is_safe (q) || r > SAFE_COORD)
    return;
  double a0 = atan2 (p->a.y - p->q.y, p->a.x - p->q.x);
  double a1 = atan2 (p->b.y - p->q.y, p->b.x - p->q.x);
  if (a1 < a0)
    a1 += 2.0 * G_PI;
  cairo_new_sub_path (f->cr);
  cairo_arc (f->cr, q.x, q.y, r, a0, a1);
}

/* At the chosen step, what the cast of that hit looked at: the seed outline
 * of the polygons on screen, thin where a box culled it, in the rejected
 * colour where the cast tested and rejected it, and the hit primitive heavy;
 * then the incoming ray carried on past the hit, dashed: where the ball
 * would have gone. */
static void
draw_candidates (CaromFrame *f, GArray *paths)
{
  const CaromRenderCache *cache = f->cache;
  const PathInfo *p = NULL;
  for (guint k = 0; k < paths->len; k++)
    if (g_array_index (paths, PathInfo, k).step >= 1)
      p = &g_array_index (paths, PathInfo, k);
  if (p == NULL || cache->world == NULL || p->bt->world != cache->world)
    return;
  const CgTrace *t = &p->bt->trace;
  const CgHit *h = &t->hits[p->step - 1];
  int64_t exclude = p->step >= 2 ? (int64_t)t->hits[p->step - 2].prim : -1;
  CgWorldHit hit;
  CgTested *tested = NULL;
  size_t n_tested = 0;
  if (!cg_world_explain_cast (cache->world, h->from, h->in, exclude, &hit, &tested, &n_tested))
    return;
  size_t n_prims;
  const CgPrimitive *prims = cg_world_primitives (cache->world, &n_prims);
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  for (size_t i = 0; i < n_tested; i++)
    g_hash_table_add (seen, GUINT_TO_POINTER (tested[i].prim + 1));

  cairo_t *cr = f->cr;
  const CaromStyle *s = f->style;
  cairo_set_dash (cr, NULL, 0, 0.0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  /* Culled: every primitive of the polygons drawn in detail that was not tested. */
  for (guint i = 0; i < f->detailed->len; i++)
    {
      size_t first, count;
      cg_world_polygon_primitives (cache->world, g_array_index (f->detailed, guint32, i), &first,
                                   &count);
      for (size_t k = first; k < first + count; k++)
        if (!g_hash_table_contains (seen, GUINT_TO_POINTER (k + 1)))
          primitive_path (f, &prims[k]);
    }
  carom_set_color (cr, s->culled);
  cairo_set_line_width (cr, carom_frame_pt (f, 0.6 * s->outline_width));
  cairo_stroke (cr);
  /* Tested and rejected. */
  for (size_t i = 0; i < n_tested; i++)
    if (tested[i].rec.reject != CG_REJECT_NONE)
      primitive_path (f, &prims[tested[i].prim]);
  carom_set_color (cr, s->rejected);
  cairo_set_line_width (cr, carom_frame_pt (f, 1.6 * s->outline_width));
  cairo_stroke (cr);
  /* The hit. */
  if (hit.hit)
    {
      primitive_path (f, &prims[hit.prim]);
      carom_set_color (cr, p->look.path);
      cairo_set_line_width (cr, carom_frame_pt (f, 2.4 * s->outline_width));
      cairo_stroke (cr);
    }
  free (tested);

  /* The ray beyond the hit, to the edge of the view. */
  CgVec2 inv = { 1.0 / h->in.x, 1.0 / h->in.y };
  double t0, t1;
  if (cg_aabb_ray (carom_view_visible_box (f->view), h->point, inv, &t0, &t1) && t1 > 0.0)
    {
      CaromDasher d;
      carom_dasher_init (&d, f, s->outline_dash);
      carom_dasher_line (&d, carom_frame_dev (f, h->point),
                         carom_frame_dev (f, cg_mul_add (h->point, t1, h->in)));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      carom_set_color (cr, p->look.path_faint);
      cairo_set_line_width (cr, carom_frame_pt (f, s->path_width));
      cairo_stroke (cr);
    }
}

static void
draw_balls (CaromFrame *f, GArray *paths)
{
  cairo_set_dash (f->cr, NULL, 0, 0.0);
  for (guint k = 0; k < paths->len; k++)
    {
      const PathInfo *p = &g_array_index (paths, PathInfo, k);
      ball_disk (f, &p->look, p->bt->ball->center, p->bt->ball->radius, p->step >= 1);
      /* Faint ghosts where the ball was at the hits before the step. */
      if (p->step >= 2 && (f->options->overlays & CAROM_OVERLAY_GHOSTS))
        for (gint64 k = 1; k < p->step; k++)
          ball_disk (f, &p->look, p->bt->trace.hits[k - 1].point, p->bt->ball->radius, TRUE);
    }
  for (guint k = 0; k < paths->len; k++)
    {
      const PathInfo *p = &g_array_index (paths, PathInfo, k);
      if (p->step >= 0)
        draw_step (f, p);
    }
}

/* ---- labels ------------------------------------------------------------ */

/* Tries the directions in turn; returns whether one was free. */
static gboolean
label_somewhere (CaromFrame *f, const char *markup, CgVec2 anchor, const CgVec2 *directions, int n,
                 double gap)
{
  for (int k = 0; k < n; k++)
    if (carom_text_draw_beside (f, markup, f->style->label_size, anchor, directions[k], gap, FALSE))
      {
        f->stats->labels_drawn++;
        return TRUE;
      }
  return FALSE;
}

/* A hit's number goes where the path is not: between the incoming and the
 * outgoing segment (along the normal) when they open wide, else to a side;
 * never across the two segments that meet there. */
static gboolean
hit_label (CaromFrame *f, const PathInfo *p, size_t i, const char *text, double gap)
{
  const CgTrace *t = &p->bt->trace;
  const CgHit *h = &t->hits[i - 1];
  CgVec2 c = carom_frame_dev (f, h->point);
  f->n_avoid = 0;
  f->avoid[f->n_avoid][0] = carom_frame_dev (f, path_point (p, i - 1));
  f->avoid[f->n_avoid++][1] = c;
  if (i < t->n_hits)
    {
      f->avoid[f->n_avoid][0] = c;
      f->avoid[f->n_avoid++][1] = carom_frame_dev (f, path_point (p, i + 1));
    }
  else if (p->has_ray)
    {
      f->avoid[f->n_avoid][0] = carom_frame_dev (f, p->ray_from);
      f->avoid[f->n_avoid++][1] = carom_frame_dev (f, p->ray_to);
    }
  /* Twelve directions round the hit, the ones farthest from both segments
   * first; then the same a little farther out. */
  enum
  {
    N_DIRS = 12
  };
  CgVec2 dirs[N_DIRS];
  double score[N_DIRS];
  CgVec2 n = h->normal, s = { -h->normal.y, h->normal.x };
  for (int k = 0; k < N_DIRS; k++)
    {
      double a = 2.0 * G_PI * k / N_DIRS;
      CgVec2 u = cg_add (cg_scale (n, cos (a)), cg_scale (s, sin (a)));
      double score_u = fmin (acos (fmin (cg_dot (u, cg_neg (h->in)), 1.0)),
                             acos (fmin (cg_dot (u, h->out), 1.0)));
      int at = k;
      while (at > 0 && score[at - 1] < score_u)
        {
          dirs[at] = dirs[at - 1];
          score[at] = score[at - 1];
          at--;
        }
      dirs[at] = u;
      score[at] = score_u;
    }
  gboolean drawn = label_somewhere (f, text, c, dirs, N_DIRS, gap)
                   || label_somewhere (f, text, c, dirs, N_DIRS, 2.5 * gap);
  f->n_avoid = 0;
  return drawn;
}

/// Hits that land on the same spot share a label: "1, 5, …".
typedef struct
{
  size_t first; ///< the first hit there
  GString *text;
  guint count;
} HitGroup;

static void
hit_group_free (HitGroup *g)
{
  g_string_free (g->text, TRUE);
  g_free (g);
}

static void
draw_hit_labels (CaromFrame *f, const PathInfo *p)
{
  const CgTrace *t = &p->bt->trace;
  CgAabb view = carom_view_visible_box (f->view);
  double gap = carom_frame_pt (f, f->style->marker_radius + 1.0);
  if (p->step >= 1)
    {
      /* The chosen hit's number first, on the far side of the normal from d′. */
      const CgHit *h = &t->hits[p->step - 1];
      char text[24];
      g_snprintf (text, sizeof text, "%" G_GINT64_FORMAT, p->step);
      CgVec2 side = { -h->normal.y, h->normal.x };
      if (cg_dot (side, h->out) > 0.0)
        side = cg_neg (side);
      CgVec2 sides[2] = { side, cg_neg (side) };
      label_somewhere (f, text, carom_frame_dev (f, h->point), sides, 2,
                       gap + carom_frame_pt (f, f->style->marker_radius));
    }

  /* Group the hits by where they land on the device, to a point. */
  double q = carom_frame_pt (f, 1.0);
  g_autoptr (GHashTable) at = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr (GPtrArray) groups = g_ptr_array_new_with_free_func ((GDestroyNotify)hit_group_free);
  g_autoptr (GArray) keys = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_array_set_size (keys, t->n_hits);
  for (size_t i = 1; i <= t->n_hits; i++)
    {
      const CgHit *h = &t->hits[i - 1];
      if (!segment_emphasised (p, i) || !cg_aabb_contains (view, h->point) || (gint64)i == p->step)
        continue;
      CgVec2 d = carom_frame_dev (f, h->point);
      gint64 *key = &g_array_index (keys, gint64, i - 1);
      *key = (gint64)floor (d.x / q) * 1000003 + (gint64)floor (d.y / q);
      HitGroup *g = g_hash_table_lookup (at, key);
      if (g == NULL)
        {
          g = g_new0 (HitGroup, 1);
          g->first = i;
          g->text = g_string_new (NULL);
          g_ptr_array_add (groups, g);
          g_hash_table_insert (at, key, g);
        }
      if (g->count < 2)
        g_string_append_printf (g->text, g->count == 0 ? "%zu" : ", %zu", i);
      else if (g->count == 2)
        g_string_append (g->text, ", …");
      g->count++;
    }
  /* Past a hundred numbers a picture is too crowded to follow them: the
   * first hundred in view are labelled (and a frame stays quick). */
  for (guint k = 0; k < MIN (groups->len, MAX_HIT_LABELS); k++)
    {
      const HitGroup *g = g_ptr_array_index (groups, k);
      if (hit_label (f, p, g->first, g->text->str, gap) || g->count == 1)
        continue;
      /* No room for the list: the first number alone. */
      char first[24];
      g_snprintf (first, sizeof first, "%zu", g->first);
      hit_label (f, p, g->first, first, gap);
    }
}

/* The eight directions around a box, diagonals first, the upper right first. */
static const CgVec2 around[8] = {
  { G_SQRT2 / 2, -G_SQRT2 / 2 },
  { -G_SQRT2 / 2, -G_SQRT2 / 2 },
  { G_SQRT2 / 2, G_SQRT2 / 2 },
  { -G_SQRT2 / 2, G_SQRT2 / 2 },
  { 1.0, 0.0 },
  { -1.0, 0.0 },
  { 0.0, -1.0 },
  { 0.0, 1.0 },
};

/* Beside an obstacle's outline box: at a corner for a diagonal, at a side's
 * middle for an axis. On the obstacle when it is large enough. */
static void
obstacle_label (CaromFrame *f, const CaromRenderPolygon *p, const char *markup)
{
  CgVec2 lo = carom_frame_dev (f, p->box.lo), hi = carom_frame_dev (f, p->box.hi);
  if (fmin (hi.x - lo.x, hi.y - lo.y) > carom_frame_pt (f, 6.0 * f->style->label_size)
      && carom_text_draw (f, markup, f->style->label_size, cg_lerp (lo, hi, 0.5), FALSE))
    {
      f->stats->labels_drawn++;
      return;
    }
  lo = carom_frame_dev (f, p->cull_box.lo);
  hi = carom_frame_dev (f, p->cull_box.hi);
  CgVec2 c = cg_lerp (lo, hi, 0.5), half = cg_scale (cg_sub (hi, lo), 0.5);
  double gap = carom_frame_pt (f, 1.5);
  /* Above, right, below, left, then the corners. */
  static const int order[8] = { 6, 4, 7, 5, 0, 1, 2, 3 };
  for (int j = 0; j < 8; j++)
    {
      CgVec2 u = around[order[j]];
      CgVec2 corner = { c.x
                            + (u.x > 0   ? half.x
                               : u.x < 0 ? -half.x
                                         : 0.0),
                        c.y
                            + (u.y > 0   ? half.y
                               : u.y < 0 ? -half.y
                                         : 0.0) };
      /* From a corner, only the part of the gap along the diagonal is needed. */
      CgVec2 anchor
          = cg_mul_add (corner, -0.3 * (fabs (u.x) * fabs (u.y) > 0 ? 1.0 : 0.0) * gap, u);
      if (carom_text_draw_beside (f, markup, f->style->label_size, anchor, u, gap, FALSE))
        {
          f->stats->labels_drawn++;
          return;
        }
    }
}

/* Beside one of the longest edges in view: outside the room where there is
 * space, else inside beyond the offset outline. */
static void
wall_label (CaromFrame *f, const CaromObject *o, const char *markup)
{
  enum
  {
    EDGES_TRIED = 4
  };
  CgAabb view = carom_view_visible_box (f->view);
  size_t best[EDGES_TRIED];
  double best_len[EDGES_TRIED];
  int n_best = 0;
  for (size_t k = 0; k < o->n_points; k++)
    {
      CgVec2 a = o->points[k], b = o->points[(k + 1) % o->n_points];
      double len = cg_distance (a, b);
      if (!cg_aabb_contains (view, cg_lerp (a, b, 0.5)))
        continue;
      /* Insertion into the short list of the longest edges. */
      int at;
      if (n_best < EDGES_TRIED)
        at = n_best++;
      else if (len > best_len[EDGES_TRIED - 1])
        at = EDGES_TRIED - 1;
      else
        continue;
      for (; at > 0 && best_len[at - 1] < len; at--)
        {
          best[at] = best[at - 1];
          best_len[at] = best_len[at - 1];
        }
      best[at] = k;
      best_len[at] = len;
    }
  double gap = carom_frame_pt (f, 3.0);
  double inside = f->cache->radius * f->view->scale + gap;
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < n_best; i++)
      {
        CgVec2 a = o->points[best[i]], b = o->points[(best[i] + 1) % o->n_points];
        CgVec2 n = cg_edge_normal (cg_sub (b, a));
        CgVec2 m = carom_frame_dev (f, cg_lerp (a, b, 0.5));
        if (carom_text_draw_beside (f, markup, f->style->label_size, m, pass == 0 ? cg_neg (n) : n,
                                    pass == 0 ? gap : inside, FALSE))
          {
            f->stats->labels_drawn++;
            return;
          }
      }
}

static void
draw_ball_labels (CaromFrame *f, GArray *paths)
{
  CgAabb view = carom_view_visible_box (f->view);
  double gap = carom_frame_pt (f, 2.0);
  for (guint k = 0; k < paths->len; k++)
    {
      const CaromObject *b = g_array_index (paths, PathInfo, k).bt->ball;
      if (!cg_aabb_contains (view, b->center))
        continue;
      g_autofree char *markup = g_markup_escape_text (b->id, -1);
      CgVec2 c = carom_frame_dev (f, b->center);
      double r = b->radius * f->view->scale;
      /* Behind the ball, away from where it goes, else anywhere around it. */
      CgVec2 back = cg_neg (b->direction);
      if (label_somewhere (f, markup, cg_mul_add (c, r, back), &back, 1, gap))
        continue;
      for (int d = 0; d < 8; d++)
        if (label_somewhere (f, markup, cg_mul_add (c, r, around[d]), &around[d], 1, gap))
          break;
    }
}

static void
draw_polygon_labels (CaromFrame *f)
{
  const CaromRenderPolygon *polys = f->cache->polygons;
  for (guint i = 0; i < f->detailed->len; i++)
    {
      const CaromRenderPolygon *p = &polys[g_array_index (f->detailed, guint32, i)];
      g_autofree char *markup = g_markup_escape_text (p->object->id, -1);
      if (p->object->role == CG_ROLE_WALL)
        wall_label (f, p->object, markup);
      else
        obstacle_label (f, p, markup);
    }
}

/* Labels keep off what they would hide: the path, walls, obstacles with
 * their outlines, and the balls. */
static void
reserve_drawing (CaromFrame *f, GArray *paths)
{
  CaromOccupancy *o = &f->taken;
  const CaromRenderPolygon *polys = f->cache->polygons;
  for (guint i = 0; i < f->detailed->len; i++)
    {
      const CaromRenderPolygon *p = &polys[g_array_index (f->detailed, guint32, i)];
      const CaromObject *ob = p->object;
      if (ob->role == CG_ROLE_OBSTACLE)
        {
          carom_occupancy_take (o, (CgAabb){ carom_frame_dev (f, p->cull_box.lo),
                                             carom_frame_dev (f, p->cull_box.hi) });
          continue;
        }
      for (size_t k = 0; k < ob->n_points; k++)
        carom_occupancy_take_segment (o, carom_frame_dev (f, ob->points[k]),
                                      carom_frame_dev (f, ob->points[(k + 1) % ob->n_points]));
    }
  for (guint k = 0; k < paths->len; k++)
    {
      const PathInfo *p = &g_array_index (paths, PathInfo, k);
      const CgTrace *t = &p->bt->trace;
      if (f->options->overlays & CAROM_OVERLAY_PATH)
        {
          /* Not the ends, where the hit numbers go. */
          double keep_off = carom_frame_pt (f, 3.0 * f->style->label_size);
          for (size_t i = 1; i <= t->n_hits; i++)
            {
              CgVec2 a = carom_frame_dev (f, path_point (p, i - 1));
              CgVec2 b = carom_frame_dev (f, path_point (p, i));
              double len = cg_distance (a, b), cut = fmin (keep_off, 0.4 * len) / len;
              if (len > 0.0)
                carom_occupancy_take_segment (o, cg_lerp (a, b, cut), cg_lerp (a, b, 1.0 - cut));
            }
          if (p->has_ray)
            carom_occupancy_take_segment (o, carom_frame_dev (f, p->ray_from),
                                          carom_frame_dev (f, p->ray_to));
        }
      /* The square inside each drawn disk: a label may touch the rim. */
      double half = p->bt->ball->radius * f->view->scale * G_SQRT2 / 2;
      CgVec2 centres[2] = { p->bt->ball->center, t->start };
      int n = 1;
      if (p->step >= 1)
        centres[n++] = t->hits[p->step - 1].point;
      for (int j = 0; j < n; j++)
        {
          CgVec2 c = carom_frame_dev (f, centres[j]);
          carom_occupancy_take (
              o, (CgAabb){ cg_sub (c, cg_v2 (half, half)), cg_add (c, cg_v2 (half, half)) });
        }
    }
}

/* ---- the frame --------------------------------------------------------- */

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
  CaromFrame frame = {
    .cr = cr,
    .cache = cache,
    .view = view,
    .style = style,
    .options = options,
    .stats = stats != NULL ? stats : &local_stats,
  };
  CaromFrame *f = &frame;
  *f->stats = (CaromRenderStats){ 0 };
  if (!(view->width > 0.0 && view->height > 0.0))
    return;

  cairo_save (cr);
  cairo_rectangle (cr, 0.0, 0.0, view->width, view->height);
  cairo_clip (cr);
  if (style->background.alpha > 0.0)
    {
      carom_set_color (cr, style->background);
      cairo_paint (cr);
    }

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

  g_autoptr (GArray) paths = g_array_new (FALSE, TRUE, sizeof (PathInfo));
  for (guint b = 0; b < cache->trace->balls->len; b++)
    {
      PathInfo p = { .bt = &g_array_index (cache->trace->balls, CaromBallTrace, b),
                     .look = ball_look (f->style, b) };
      p.step = p.bt == cache->ball ? options->step : CAROM_STEP_NONE;
      if (p.step > (gint64)p.bt->trace.n_hits || p.step < CAROM_STEP_NONE)
        p.step = CAROM_STEP_NONE; /* the caller skipped carom_render_cache_check_step() */
      escape_ray (f, &p);
      g_array_append_val (paths, p);
    }

  CaromOverlays show = options->overlays;
  CgAabb legend = cg_aabb_empty ();
  if (show & CAROM_OVERLAY_LEGEND)
    carom_legend_layout (f, &legend);

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
    draw_candidates (f, paths);
  if (show & CAROM_OVERLAY_PATH)
    draw_paths (f, paths);
  if (show & CAROM_OVERLAY_LABELS)
    reserve_drawing (f, paths);
  draw_balls (f, paths);
  if (show & CAROM_OVERLAY_LABELS)
    {
      draw_ball_labels (f, paths);
      for (guint k = 0; k < paths->len; k++)
        if (show & CAROM_OVERLAY_PATH)
          draw_hit_labels (f, &g_array_index (paths, PathInfo, k));
      draw_polygon_labels (f);
    }
  if (show & CAROM_OVERLAY_LEGEND)
    carom_legend_draw (f, legend);

  carom_text_end (f);
  g_array_unref (f->detailed);
  g_array_unref (f->simplified);
  cairo_restore (cr);
}
