/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-render-paths.c: many paths at once (the rays of beams, crowds of
 * balls), blended so that where many pass shows darker: their colours, the
 * device segments of a path, and the strokes of vector surfaces. The raster
 * of image surfaces is carom-render-raster.c; the front of a beam and beams
 * drawn as objects, carom-render-beams.c.
 *
 * Blending. Each path adds ink along its length; a pixel's opacity is
 * 1 − exp(−g W), W the ink that reached it, g such that one path gives the
 * opacity a1 (a1 falls as there are more paths, so that a crowd does not
 * paint everything solid); its colour is the mean of the colours that
 * reached it, weighted by their ink. On image surfaces (the canvas, PNG,
 * GIF) the ink is accumulated in a float raster at the surface's resolution,
 * the segments drawn by Xiaolin Wu's method, and the raster painted once: a
 * stroke per path in cairo would cost two orders of magnitude more, and one
 * stroke of all paths would not blend (a path covers a pixel once however
 * often it crosses it). On vector surfaces (PDF, SVG, TikZ) each path is its
 * own stroke with opacity a1, so n paths over a point give 1 − (1 − a1)^n,
 * the same opacity as the raster's; beyond VECTOR_MAX_SEGMENTS segments the
 * raster is embedded instead (a file of 10^5 strokes helps nobody). */
#include "carom-render-private.h"

/// Segments beyond which a vector surface gets the raster.
#define VECTOR_MAX_SEGMENTS 20000

/* ---- colours ------------------------------------------------------------ */

CaromColor
carom_render_ramp (double t)
{
  /* Five colours of middle lightness (Open Color's blue, cyan, green, yellow
   * and red, shade 8), so that both ends show on a light and on a dark
   * background. */
  static const guint32 stops[] = { 0x3b5bdb, 0x1098ad, 0x37b24d, 0xf59f00, 0xe03131 };
  const int n = G_N_ELEMENTS (stops);
  if (!(t > 0.0))
    t = 0.0;
  if (t > 1.0)
    t = 1.0;
  double x = t * (n - 1);
  int i = MIN ((int)x, n - 2);
  double u = x - i;
  CaromColor c = { 0.0, 0.0, 0.0, 1.0 };
  double *out[3] = { &c.red, &c.green, &c.blue };
  for (int k = 0; k < 3; k++)
    {
      int shift = 16 - 8 * k;
      double a = ((stops[i] >> shift) & 0xff) / 255.0, b = ((stops[i + 1] >> shift) & 0xff) / 255.0;
      *out[k] = a + u * (b - a);
    }
  return c;
}

CaromColor
carom_frame_ramp (const CaromFrame *f, double t)
{
  if (!g_str_has_suffix (f->style->name, "-mono"))
    return carom_render_ramp (t);
  /* Greys only (--mono): from strong to light against the background. */
  t = CLAMP (t, 0.0, 1.0);
  double bg = 0.299 * f->style->background.red + 0.587 * f->style->background.green
              + 0.114 * f->style->background.blue;
  double grey = f->style->background.alpha > 0.0 && bg < 0.5 ? 0.9 - 0.5 * t : 0.1 + 0.5 * t;
  return (CaromColor){ grey, grey, grey, 1.0 };
}

/* The colour of segment i (1 .. n_hits + 1) of ray r. */
static CaromColor
segment_color (const CaromFrame *f, const CaromRayInfo *r, size_t i, guint most_hits)
{
  switch (f->options->paths_by)
    {
    case CAROM_PATHS_BY_RAY:
      return carom_frame_ramp (f, r->n > 1 ? (double)r->k / (r->n - 1) : 0.5);
    case CAROM_PATHS_BY_BOUNCES:
      /* Segment i starts after i − 1 bounces. */
      return carom_frame_ramp (f, most_hits > 0 ? (double)(i - 1) / most_hits : 0.0);
    case CAROM_PATHS_SINGLE:
    default:
      {
        CaromColor c = f->style->path;
        c.alpha = 1.0;
        return c;
      }
    }
}

/* The opacity one path gives a pixel it crosses. */
static double
single_opacity (guint n_paths)
{
  return CLAMP (0.8 * sqrt (10.0 / MAX (n_paths, 1u)), 0.05, 0.7);
}

/* ---- geometry of a path ------------------------------------------------- */

gboolean
carom_render_trace_point_at (const CaromBallTrace *bt, double s, CgVec2 *point, size_t *segment)
{
  const CgTrace *t = &bt->trace;
  if (!cg_is_valid_vec2 (t->start))
    return FALSE;
  double walked = 0.0;
  for (size_t i = 1; i <= t->n_hits; i++)
    {
      double len = t->hits[i - 1].distance;
      if (s <= walked + len && len > 0.0)
        {
          *point = cg_lerp (carom_ball_trace_point (bt, i - 1), carom_ball_trace_point (bt, i),
                            (s - walked) / len);
          *segment = i;
          return TRUE;
        }
      walked += len;
    }
  if (t->status == CG_TRACE_ESCAPED)
    {
      *point = cg_mul_add (carom_ball_trace_point (bt, t->n_hits), fmax (s - walked, 0.0),
                           t->end_direction);
      *segment = t->n_hits + 1;
      return TRUE;
    }
  /* Stopped, or out of bounces: it stays where it ended. */
  *point = carom_ball_trace_point (bt, t->n_hits);
  *segment = t->n_hits + 1;
  return TRUE;
}

/* Where an escaping path leaves the padded view (scene units): FALSE when its
 * ray does not cross it. */
static gboolean
escape_end (const CaromFrame *f, const CaromBallTrace *bt, CgVec2 *end)
{
  const CgTrace *t = &bt->trace;
  if (t->status != CG_TRACE_ESCAPED)
    return FALSE;
  CgVec2 o = carom_ball_trace_point (bt, t->n_hits), d = t->end_direction;
  CgVec2 inv = { 1.0 / d.x, 1.0 / d.y };
  double t0, t1;
  if (!cg_aabb_ray (f->visible, o, inv, &t0, &t1) || t1 <= 0.0)
    return FALSE;
  *end = cg_mul_add (o, t1, d);
  return TRUE;
}

void
carom_ray_segments (const CaromFrame *f, const CaromRayInfo *r, CaromSegmentFunc emit,
                    gpointer data)
{
  const CaromBallTrace *bt = r->bt;
  const CgTrace *t = &bt->trace;
  size_t last = t->n_hits;
  CgVec2 cut = { 0.0, 0.0 };
  gboolean cutting = r->front && f->options->front >= 0.0;
  if (cutting)
    {
      size_t seg;
      if (!carom_render_trace_point_at (bt, f->options->front, &cut, &seg))
        return;
      last = seg - 1; /* whole segments before the one the front is on */
      if (seg <= t->n_hits || t->status == CG_TRACE_ESCAPED)
        emit (carom_frame_dev (f, carom_ball_trace_point (bt, last)), carom_frame_dev (f, cut), seg,
              data);
    }
  const CgVec2 *pts = r->points;
  CgVec2 prev = carom_frame_dev (f, pts[0]);
  for (size_t i = 1; i <= last && i <= t->n_hits; i++)
    {
      CgVec2 next = carom_frame_dev (f, pts[i]);
      emit (prev, next, i, data);
      prev = next;
    }
  CgVec2 end;
  if (!cutting && escape_end (f, bt, &end))
    emit (carom_frame_dev (f, carom_ball_trace_point (bt, t->n_hits)), carom_frame_dev (f, end),
          t->n_hits + 1, data);
}

/* ---- vector strokes ----------------------------------------------------- */

typedef struct
{
  CaromFrame *f;
  const CaromRayInfo *ray;
  guint most_hits;
  double alpha;
  gboolean per_segment; ///< each segment its own colour (by bounces)
  CaromPen pen;
  gboolean open;
  guint segments;
} Strokes;

static void
stroke_segment (CgVec2 a, CgVec2 b, size_t i, gpointer data)
{
  Strokes *s = data;
  if (!carom_segment_meets_box (a, b, s->f->device))
    return;
  s->segments++;
  if (s->per_segment)
    {
      carom_pen_move (&s->pen, a);
      carom_pen_line (&s->pen, b);
      CaromColor c = segment_color (s->f, s->ray, i, s->most_hits);
      c.alpha = s->alpha;
      carom_set_color (s->f->cr, c);
      carom_stroke (s->f);
      return;
    }
  if (!s->open || !s->pen.at_cur || a.x != s->pen.cur.x || a.y != s->pen.cur.y)
    carom_pen_move (&s->pen, a);
  carom_pen_line (&s->pen, b);
  s->open = TRUE;
}

static void
draw_strokes (CaromFrame *f, GArray *rays, guint most_hits, double a1)
{
  cairo_t *cr = f->cr;
  cairo_set_line_width (cr, carom_frame_pt (f, 0.75 * f->style->path_width));
  /* Butt caps and the pieces of one path in one stroke: no pixel is inked
   * twice by the same path. */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  Strokes s = { .f = f, .most_hits = most_hits, .alpha = a1, .pen = carom_pen_new (f) };
  s.per_segment = f->options->paths_by == CAROM_PATHS_BY_BOUNCES;
  for (guint k = 0; k < rays->len; k++)
    {
      s.ray = &g_array_index (rays, CaromRayInfo, k);
      s.open = FALSE;
      if (carom_frame_split (f) && s.ray->bt->source != NULL)
        carom_item (f, CAROM_LAYER_RAYS, s.ray->bt->source->id);
      carom_ray_segments (f, s.ray, stroke_segment, &s);
      if (!s.per_segment && s.open)
        {
          CaromColor c = segment_color (f, s.ray, 1, most_hits);
          c.alpha = a1;
          carom_set_color (cr, c);
          carom_stroke (f);
        }
    }
  f->stats->ray_segments_drawn += s.segments;
}

/* ---- the blended paths -------------------------------------------------- */

static void
count_segment (CgVec2 a, CgVec2 b, size_t i, gpointer data)
{
  (void)a, (void)b, (void)i;
  (*(guint *)data)++;
}

void
carom_draw_rays (CaromFrame *f, GArray *rays)
{
  if (rays->len == 0)
    return;
  guint most_hits = 0;
  for (guint k = 0; k < rays->len; k++)
    most_hits = MAX (most_hits, (guint)g_array_index (rays, CaromRayInfo, k).bt->trace.n_hits);
  double a1 = single_opacity (rays->len);
  f->stats->rays_drawn += rays->len;

  /* Vector formats get strokes; everything else a raster at its own
   * resolution: images, and the recording surfaces GTK's cairo nodes draw
   * the canvas into (replayed onto pixels). */
  gboolean image = !carom_frame_vector (f);
  gboolean raster = image;
  if (!raster)
    {
      guint n = 0;
      for (guint k = 0; k < rays->len && n <= VECTOR_MAX_SEGMENTS; k++)
        carom_ray_segments (f, &g_array_index (rays, CaromRayInfo, k), count_segment, &n);
      raster = n > VECTOR_MAX_SEGMENTS;
    }
  /* Drawn for the beam, when all the rays are one beam's. */
  const CmObject *source = g_array_index (rays, CaromRayInfo, 0).bt->source;
  for (guint k = 1; k < rays->len && source != NULL; k++)
    if (g_array_index (rays, CaromRayInfo, k).bt->source != source)
      source = NULL;
  carom_item (f, CAROM_LAYER_RAYS, source != NULL ? source->id : NULL);
  /* The blend is no ink for labels (carom-render-out.c). */
  f->ink_off = TRUE;
  cairo_save (f->cr);
  cairo_set_dash (f->cr, NULL, 0, 0.0);
  if (raster)
    carom_draw_rays_raster (f, rays, image, most_hits, a1);
  else
    draw_strokes (f, rays, most_hits, a1);
  cairo_restore (f->cr);
  f->ink_off = FALSE;
}
