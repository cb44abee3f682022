/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-export-anim.c: animated GIF (giflib) and SMIL SVG of the stepping.
 *
 * The still part of every frame is drawn once by carom_render(); each frame
 * copies it and draws the moving part over it: the paths up to where the
 * balls are, the markers of the hits reached, and the balls. GIF frames share
 * one colour map, the most frequent colours of the first and last frames,
 * and each stores only the rectangle that changed since the frame before. */
#include "carom-export-anim.h"

#include <gif_lib.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "carom-export.h"
#include "carom-figure.h"
#include "carom-render-private.h"

/* ---- paths and timing -------------------------------------------------- */

/// One ball's polyline: its start, each hit, and where an escaping ball
/// leaves the figure.
typedef struct
{
  const CaromBallTrace *bt;
  guint index; ///< in trace->balls
  CgVec2 *points;
  double *s; ///< path length at each point
  guint n;
  guint n_hits;
} AnimPath;

static void
anim_path_init (AnimPath *p, const CaromBallTrace *bt, guint index, CgAabb box)
{
  const CgTrace *t = &bt->trace;
  *p = (AnimPath){ .bt = bt, .index = index, .n_hits = (guint)t->n_hits };
  p->points = g_new (CgVec2, t->n_hits + 2);
  p->s = g_new (double, t->n_hits + 2);
  p->points[0] = bt->ball->center;
  p->s[0] = 0.0;
  p->n = 1;
  for (size_t i = 0; i < t->n_hits; i++, p->n++)
    {
      p->points[p->n] = t->hits[i].point;
      p->s[p->n] = p->s[p->n - 1] + cg_distance (p->points[p->n - 1], p->points[p->n]);
    }
  if (t->status == CG_TRACE_ESCAPED)
    {
      CgVec2 o = p->points[p->n - 1], d = t->end_direction;
      CgVec2 inv = { 1.0 / d.x, 1.0 / d.y };
      double t0, t1;
      if (cg_aabb_ray (box, o, inv, &t0, &t1) && t1 > 0.0 && isfinite (t1))
        {
          p->points[p->n] = cg_mul_add (o, t1, d);
          p->s[p->n] = p->s[p->n - 1] + t1;
          p->n++;
        }
    }
}

static void
anim_path_clear (AnimPath *p)
{
  g_free (p->points);
  g_free (p->s);
}

static double
anim_path_length (const AnimPath *p)
{
  return p->s[p->n - 1];
}

/* The point at path length s (clamped to the path), and in *reached the
 * number of points at or before it. */
static CgVec2
anim_path_at (const AnimPath *p, double s, guint *reached)
{
  guint i = 1;
  while (i < p->n && p->s[i] <= s)
    i++;
  *reached = i;
  if (i >= p->n)
    return p->points[p->n - 1];
  double seg = p->s[i] - p->s[i - 1];
  double u = seg > 0.0 ? (s - p->s[i - 1]) / seg : 0.0;
  return cg_lerp (p->points[i - 1], p->points[i], CLAMP (u, 0.0, 1.0));
}

static GArray *
anim_paths (const CaromRenderCache *cache, CgAabb box)
{
  GArray *paths = g_array_new (FALSE, FALSE, sizeof (AnimPath));
  g_array_set_clear_func (paths, (GDestroyNotify)anim_path_clear);
  for (guint b = 0; b < cache->trace->balls->len; b++)
    {
      AnimPath p;
      anim_path_init (&p, &g_array_index (cache->trace->balls, CaromBallTrace, b), b, box);
      g_array_append_val (paths, p);
    }
  return paths;
}

static const AnimPath *
selected_path (const CaromRenderCache *cache, const GArray *paths)
{
  for (guint i = 0; i < paths->len; i++)
    if (g_array_index (paths, AnimPath, i).bt == cache->ball)
      return &g_array_index (paths, AnimPath, i);
  return NULL;
}

/* The frame delay in hundredths of a second for fps. */
static int
delay_cs (double fps)
{
  /* Browsers slow delays under 2/100 s down to 1/10 s. */
  return MAX ((int)lround (100.0 / fps), 2);
}

gboolean
carom_anim_timing (const CaromRenderCache *cache, CgAabb box, double fps, double hits_per_second,
                   CaromAnimTiming *timing, GError **error)
{
  g_return_val_if_fail (cache != NULL && timing != NULL, FALSE);
  if (!(fps >= 1.0 && fps <= 50.0))
    {
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
                   _ ("--fps needs a number of frames a second from 1 to 50, not %g"), fps);
      return FALSE;
    }
  if (!(hits_per_second > 0.0 && hits_per_second <= 1000.0))
    {
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
                   _ ("--hits-per-second needs a number above 0 and at most 1000, not %g"),
                   hits_per_second);
      return FALSE;
    }
  g_autoptr (GArray) paths = anim_paths (cache, box);
  const AnimPath *sel = selected_path (cache, paths);
  *timing = (CaromAnimTiming){ .frame_time = delay_cs (fps) / 100.0 };
  double longest = 0.0;
  for (guint i = 0; i < paths->len; i++)
    longest = fmax (longest, anim_path_length (&g_array_index (paths, AnimPath, i)));
  if (sel != NULL && sel->n_hits > 0 && sel->s[sel->n_hits] > 0.0)
    {
      timing->n_hits = sel->n_hits;
      timing->speed = sel->s[sel->n_hits] * hits_per_second / sel->n_hits;
    }
  else
    {
      /* No hit to time by: cross the figure's diagonal in three seconds. */
      double diagonal = cg_distance (box.lo, box.hi);
      timing->speed = diagonal > 0.0 && isfinite (diagonal) ? diagonal / 3.0 : 1.0;
    }
  timing->duration = longest / timing->speed;
  double frames = ceil (timing->duration / timing->frame_time - 1e-9) + 1.0;
  if (!(frames <= CAROM_ANIM_MAX_FRAMES))
    {
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
                   _ ("the animation would last %.0f s, %.0f frames (at most %d): make it "
                      "faster (more hits a second) or use fewer frames a second"),
                   timing->duration, frames, CAROM_ANIM_MAX_FRAMES);
      return FALSE;
    }
  timing->n_frames = (guint)frames;
  return TRUE;
}

double
carom_anim_hit_length (const CaromRenderCache *cache, guint k)
{
  const CaromBallTrace *bt = carom_render_cache_get_ball (cache);
  g_return_val_if_fail (bt != NULL && k >= 1 && k <= bt->trace.n_hits, 0.0);
  double s = 0.0;
  CgVec2 prev = bt->ball->center;
  for (guint i = 0; i < k; i++)
    {
      s += cg_distance (prev, bt->trace.hits[i].point);
      prev = bt->trace.hits[i].point;
    }
  return s;
}

guint
carom_anim_hit_frame (const CaromAnimTiming *timing, const CaromRenderCache *cache, guint k)
{
  double t = carom_anim_hit_length (cache, k) / timing->speed;
  /* The same test the drawing makes: a point shows once s(frame) ≥ s_k. */
  guint f = (guint)fmax (ceil (t / timing->frame_time) - 1.0, 0.0);
  while (f * timing->frame_time * timing->speed < carom_anim_hit_length (cache, k))
    f++;
  return f;
}

static double
frame_length (const CaromAnimTiming *timing, guint frame)
{
  return frame * timing->frame_time * timing->speed;
}

CgVec2
carom_anim_ball_at (const CaromAnimTiming *timing, const CaromRenderCache *cache, CgAabb box,
                    guint frame)
{
  const CaromBallTrace *bt = carom_render_cache_get_ball (cache);
  g_return_val_if_fail (bt != NULL, cg_v2 (0.0, 0.0));
  AnimPath p;
  anim_path_init (&p, bt, 0, box);
  guint reached;
  CgVec2 at = anim_path_at (&p, frame_length (timing, frame), &reached);
  anim_path_clear (&p);
  return at;
}

/* ---- the still part and the moving part -------------------------------- */

/* The still figure: laid out (carom-figure.h) with the whole path, so the
 * legend goes where the ball will never be, then drawn without the path (it
 * is drawn as the ball goes), at no step, the balls at their start as faint
 * rings. An SVG scene keeps its frame: its legend only goes inside. */
static void
anim_figure (const CaromRenderCache *cache, CgAabb box, const CaromStyle *style,
             const CaromRenderOptions *options, gboolean svg, CaromFigure *figure)
{
  CaromRenderOptions layout = *options;
  layout.overlays &= ~(CAROM_OVERLAY_CANDIDATES | CAROM_OVERLAY_GHOSTS);
  layout.overlays |= CAROM_OVERLAY_PATH;
  layout.step = CAROM_STEP_NONE;
  layout.steps = NULL;
  layout.n_steps = 0;
  layout.text_sink = NULL;
  if (svg && layout.legend != CAROM_LEGEND_AUTO)
    layout.legend = CAROM_LEGEND_NONE;
  carom_figure_init (figure, cache, box, style, &layout);
  if (svg)
    {
      if (!figure->legend_inside)
        figure->legend = cg_aabb_empty ();
      figure->width = figure->drawing_width;
      figure->height = figure->drawing_height;
    }
  figure->options.overlays &= ~CAROM_OVERLAY_PATH;
  figure->style.ball_fill.alpha = 0.0;
  figure->style.ball_stroke.alpha *= 0.35;
  for (int i = 0; i < CAROM_STYLE_BALL_COLORS; i++)
    figure->style.ball_colors[i].alpha *= 0.35;
}

gboolean
carom_anim_gif_layout (const CaromRenderCache *cache, CgAabb box, const CaromStyle *style,
                       const CaromRenderOptions *options, int width_px, int *gif_width,
                       int *gif_height, CaromView *view, GError **error)
{
  g_return_val_if_fail (cache != NULL && style != NULL && options != NULL, FALSE);
  g_return_val_if_fail (width_px > 0, FALSE);
  CaromFigure figure;
  anim_figure (cache, box, style, options, FALSE, &figure);
  int w, h;
  carom_export_png_size (&figure, width_px, &w, &h);
  if (w > CAROM_ANIM_MAX_SIDE || h > CAROM_ANIM_MAX_SIDE)
    {
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_CAIRO,
                   _ ("a GIF whose drawing is %d pixels wide would be %d × %d pixels, more than "
                      "%d: ask for a smaller --width"),
                   width_px, w, h, CAROM_ANIM_MAX_SIDE);
      return FALSE;
    }
  double pt = width_px / figure.drawing_width;
  if (gif_width != NULL)
    *gif_width = w;
  if (gif_height != NULL)
    *gif_height = h;
  if (view != NULL)
    {
      CgVec2 at = cg_scale (carom_figure_panel_origin (&figure, 0), pt);
      *view = carom_view_fit (box, figure.panel_width * pt, figure.panel_height * pt, 0.0, pt);
      view->x0 += at.x;
      view->y0 += at.y;
    }
  return TRUE;
}

/* The moving ball's colours: the selected style's first ball, or a ball colour. */
static void
ball_colors (const CaromStyle *s, guint index, CaromColor *line, CaromColor *fill,
             CaromColor *stroke)
{
  if (index == 0)
    {
      *line = s->path;
      *fill = s->ball_fill;
      *stroke = s->ball_stroke;
      return;
    }
  CaromColor c = s->ball_colors[(index - 1) % CAROM_STYLE_BALL_COLORS];
  *line = *stroke = *fill = c;
  fill->alpha = s->ball_fill.alpha;
}

static void
set_color (cairo_t *cr, CaromColor c)
{
  cairo_set_source_rgba (cr, c.red, c.green, c.blue, c.alpha);
}

/* Draws the moving part at path length s onto cr through view. */
static void
draw_moving (cairo_t *cr, const CaromView *view, const CaromStyle *style, const GArray *paths,
             double s)
{
  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  CaromColor paper
      = style->background.alpha > 0.0 ? style->background : (CaromColor){ 1.0, 1.0, 1.0, 1.0 };
  for (int layer = 0; layer < 3; layer++)
    for (guint b = 0; b < paths->len; b++)
      {
        const AnimPath *p = &g_array_index (paths, AnimPath, b);
        CaromColor line, fill, stroke;
        ball_colors (style, p->index, &line, &fill, &stroke);
        guint reached;
        CgVec2 at = anim_path_at (p, s, &reached);
        CgVec2 at_dev = carom_view_to_device (view, at);
        if (layer == 0) /* the path so far */
          {
            for (guint i = 0; i < reached; i++)
              {
                CgVec2 d = carom_view_to_device (view, p->points[i]);
                cairo_line_to (cr, d.x, d.y);
              }
            cairo_line_to (cr, at_dev.x, at_dev.y);
            cairo_set_line_width (cr, style->path_width * view->pt);
            set_color (cr, line);
            cairo_stroke (cr);
          }
        else if (layer == 1) /* the ball */
          {
            double r = p->bt->ball->radius * view->scale;
            cairo_new_sub_path (cr);
            cairo_arc (cr, at_dev.x, at_dev.y, r, 0.0, 2.0 * G_PI);
            set_color (cr, fill);
            cairo_fill_preserve (cr);
            cairo_set_line_width (cr, style->ball_width * view->pt);
            set_color (cr, stroke);
            cairo_stroke (cr);
            cairo_arc (cr, at_dev.x, at_dev.y, 0.9 * style->marker_radius * view->pt, 0.0,
                       2.0 * G_PI);
            set_color (cr, stroke);
            cairo_fill (cr);
          }
        else /* the hits reached, over the ball */
          {
            for (guint i = 1; i < reached && i <= p->n_hits; i++)
              {
                CgVec2 d = carom_view_to_device (view, p->points[i]);
                cairo_new_sub_path (cr);
                cairo_arc (cr, d.x, d.y, style->marker_radius * view->pt, 0.0, 2.0 * G_PI);
              }
            set_color (cr, paper);
            cairo_fill_preserve (cr);
            cairo_set_line_width (cr, 0.8 * style->path_width * view->pt);
            set_color (cr, line);
            cairo_stroke (cr);
          }
      }
  cairo_restore (cr);
}

/* ---- labels over the moving part --------------------------------------- */

/* The labels of the whole animation, placed once on its last state (every
 * path drawn whole), so that none moves while the ball goes: object names
 * from the first frame, each hit's number from the frame its hit is
 * reached, all drawn over the path. */
typedef struct
{
  CaromTextItem item;   ///< markup and for_id owned
  const AnimPath *path; ///< a hit number's ball, or NULL
  guint hit;            ///< its hit (1 ..)
} AnimLabel;

static void
anim_label_clear (gpointer data)
{
  AnimLabel *l = data;
  g_free ((char *)l->item.markup);
  g_free ((char *)l->item.for_id);
}

static void
collect_label (const CaromTextItem *item, gpointer data)
{
  AnimLabel l = { .item = *item };
  l.item.markup = g_strdup (item->markup);
  l.item.for_id = g_strdup (item->for_id);
  g_array_append_val (data, l);
}

/* The ball and the hit a label's carom:for names ("hit-K" for the selected
 * ball, "BALL:hit-K" for another); FALSE for other labels. */
static gboolean
label_hit (const char *for_id, const CaromRenderCache *cache, const GArray *paths,
           const AnimPath **path, guint *hit)
{
  if (for_id == NULL)
    return FALSE;
  const char *mark = g_strrstr (for_id, "hit-");
  if (mark == NULL || (mark != for_id && mark[-1] != ':'))
    return FALSE;
  const CaromBallTrace *selected = carom_render_cache_get_ball (cache);
  g_autofree char *ball = mark == for_id ? NULL : g_strndup (for_id, (gsize)(mark - for_id - 1));
  *hit = (guint)g_ascii_strtoull (mark + 4, NULL, 10);
  for (guint b = 0; b < paths->len; b++)
    {
      const AnimPath *p = &g_array_index (paths, AnimPath, b);
      if ((ball == NULL && p->bt == selected)
          || (ball != NULL && g_strcmp0 (p->bt->ball->id, ball) == 0))
        {
          *path = p;
          return TRUE;
        }
    }
  return FALSE;
}

/* The labels of options placed on the figure's last state, through view. */
static GArray *
anim_labels (const CaromRenderCache *cache, const CaromFigure *figure, const CaromView *view,
             const GArray *paths)
{
  GArray *labels = g_array_new (FALSE, FALSE, sizeof (AnimLabel));
  g_array_set_clear_func (labels, anim_label_clear);
  CaromRenderOptions lay = figure->options;
  lay.overlays |= CAROM_OVERLAY_PATH;
  lay.overlays &= ~CAROM_OVERLAY_LEGEND;
  lay.step = CAROM_STEP_NONE;
  lay.path = CAROM_PATH_ALL;
  lay.text_sink = collect_label;
  lay.text_sink_data = labels;
  cairo_surface_t *scratch = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (scratch);
  carom_render (cr, cache, view, &figure->style, &lay, NULL);
  cairo_destroy (cr);
  cairo_surface_destroy (scratch);
  for (guint i = 0; i < labels->len; i++)
    {
      AnimLabel *l = &g_array_index (labels, AnimLabel, i);
      label_hit (l->item.for_id, cache, paths, &l->path, &l->hit);
    }
  return labels;
}

/* The labels shown at path length s: names always, hit numbers once reached. */
static void
draw_labels (cairo_t *cr, const CaromRenderCache *cache, const CaromFigure *figure,
             const CaromView *view, const GArray *labels, double s)
{
  for (guint i = 0; i < labels->len; i++)
    {
      const AnimLabel *l = &g_array_index (labels, AnimLabel, i);
      if (l->path != NULL)
        {
          guint reached;
          anim_path_at (l->path, s, &reached);
          if (reached <= l->hit)
            continue;
        }
      carom_render_text_item (cr, cache, &figure->style, &figure->options, view->pt, &l->item);
    }
}

/* ---- GIF --------------------------------------------------------------- */

static int
gif_write (GifFileType *gif, const GifByteType *data, int length)
{
  g_byte_array_append (gif->UserData, data, (guint)length);
  return length;
}

/// A colour map and a cache from 15-bit colours to its nearest entry.
typedef struct
{
  GifColorType colors[256];
  int n;
  gint16 nearest[1 << 15];
} Palette;

static int
palette_index (Palette *pal, guint32 argb)
{
  int r = (argb >> 16) & 0xff, g = (argb >> 8) & 0xff, b = argb & 0xff;
  int key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
  if (pal->nearest[key] >= 0)
    return pal->nearest[key];
  int best = 0, best_d = G_MAXINT;
  for (int i = 0; i < pal->n; i++)
    {
      int dr = pal->colors[i].Red - r, dg = pal->colors[i].Green - g, db = pal->colors[i].Blue - b;
      int d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
      if (d < best_d)
        best_d = d, best = i;
    }
  pal->nearest[key] = (gint16)best;
  return best;
}

/* Adds the colours of surface to counts (colour → pixels). */
static void
count_colors (GHashTable *counts, cairo_surface_t *surface)
{
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        gpointer key = GUINT_TO_POINTER (((const guint32 *)(data + y * stride))[x] & 0xffffff);
        g_hash_table_insert (
            counts, key,
            GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, key)) + 1));
      }
}

typedef struct
{
  guint32 color, count;
} ColorCount;

static int
by_count (gconstpointer a, gconstpointer b)
{
  const ColorCount *x = a, *y = b;
  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  return x->color < y->color ? -1 : x->color > y->color;
}

/* The colour map: the 256 most frequent colours of counts. A figure is a
 * few flat colours (paper, fills, lines) and their antialiased blends; the
 * flat colours come out exact, and a rare blend takes the nearest entry. */
static void
palette_from (Palette *pal, GHashTable *counts)
{
  memset (pal->nearest, 0xff, sizeof pal->nearest);
  g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (ColorCount));
  GHashTableIter it;
  gpointer key, value;
  g_hash_table_iter_init (&it, counts);
  while (g_hash_table_iter_next (&it, &key, &value))
    {
      ColorCount c = { GPOINTER_TO_UINT (key), GPOINTER_TO_UINT (value) };
      g_array_append_val (all, c);
    }
  g_array_sort (all, by_count);
  /* 255 colours: the last index is the transparent one, which a frame
   * writes where the frame before shows through. */
  pal->n = (int)MIN (all->len, 255u);
  for (int i = 0; i < pal->n; i++)
    {
      guint32 c = g_array_index (all, ColorCount, i).color;
      pal->colors[i] = (GifColorType){ (c >> 16) & 0xff, (c >> 8) & 0xff, c & 0xff };
    }
  if (pal->n == 0)
    pal->colors[pal->n++] = (GifColorType){ 255, 255, 255 };
}

static gboolean
gif_failed (int code, GError **error)
{
  g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_CAIRO, _ ("cannot write the GIF: %s"),
               GifErrorString (code) != NULL ? GifErrorString (code) : "?");
  return FALSE;
}

gboolean
carom_export_gif (const CaromRenderCache *cache, CgAabb box, const CaromStyle *style,
                  const CaromRenderOptions *options, const CaromAnimTiming *timing, int width_px,
                  const char *path, GError **error)
{
  g_return_val_if_fail (cache != NULL && style != NULL && options != NULL, FALSE);
  g_return_val_if_fail (timing != NULL && path != NULL, FALSE);
  g_return_val_if_fail (width_px > 0, FALSE);

  int width_gif, height_gif;
  CaromView view;
  if (!carom_anim_gif_layout (cache, box, style, options, width_px, &width_gif, &height_gif, &view,
                              error))
    return FALSE;

  /* The still part, on an opaque background (a GIF has no partial alpha),
   * without the labels: they are drawn over the path, frame by frame. */
  CaromFigure figure;
  anim_figure (cache, box, style, options, FALSE, &figure);
  g_autoptr (GArray) paths = anim_paths (cache, box);
  g_autoptr (GArray) labels = (figure.options.overlays & CAROM_OVERLAY_LABELS)
                                  ? anim_labels (cache, &figure, &view, paths)
                                  : NULL;
  figure.options.overlays &= ~CAROM_OVERLAY_LABELS;
  cairo_surface_t *base = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width_gif, height_gif);
  cairo_surface_t *frame = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width_gif, height_gif);
  cairo_t *cr = cairo_create (base);
  CaromColor paper
      = style->background.alpha > 0.0 ? style->background : (CaromColor){ 1.0, 1.0, 1.0, 1.0 };
  cairo_set_source_rgb (cr, paper.red, paper.green, paper.blue);
  cairo_paint (cr);
  /* The legend apart, in the full style and with the path's rows: the path
   * is drawn, frame by frame. */
  CgAabb legend = figure.legend;
  figure.legend = cg_aabb_empty ();
  carom_figure_draw (&figure, cr, view.pt);
  if (!cg_aabb_is_empty (legend))
    {
      CaromRenderOptions with_path = figure.options;
      with_path.overlays |= CAROM_OVERLAY_PATH | (options->overlays & CAROM_OVERLAY_LABELS);
      carom_render_legend (cr, cache, style, &with_path, view.pt, cg_scale (legend.lo, view.pt));
    }
  cairo_status_t status = cairo_status (cr);
  cairo_destroy (cr);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (frame);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (base);
      cairo_surface_destroy (frame);
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_CAIRO, _ ("cannot draw: %s"),
                   cairo_status_to_string (status));
      return FALSE;
    }
    /* Draws frame f into `frame`. */
#define DRAW_FRAME(f)                                                                              \
  do                                                                                               \
    {                                                                                              \
      cairo_t *fcr = cairo_create (frame);                                                         \
      cairo_set_source_surface (fcr, base, 0.0, 0.0);                                              \
      cairo_paint (fcr);                                                                           \
      draw_moving (fcr, &view, style, paths, frame_length (timing, (f)));                          \
      if (labels != NULL)                                                                          \
        draw_labels (fcr, cache, &figure, &view, labels, frame_length (timing, (f)));              \
      cairo_destroy (fcr);                                                                         \
      cairo_surface_flush (frame);                                                                 \
    }                                                                                              \
  while (0)

  /* One colour map for every frame, from the first and the last (every
   * flat colour of the animation is in them). */
  g_autofree Palette *pal = g_new (Palette, 1);
  g_autoptr (GHashTable) counts = g_hash_table_new (NULL, NULL);
  DRAW_FRAME (0);
  count_colors (counts, frame);
  DRAW_FRAME (timing->n_frames - 1);
  count_colors (counts, frame);
  palette_from (pal, counts);
  gboolean ok = TRUE;

  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  int code = 0;
  GifFileType *gif = ok ? EGifOpen (bytes, gif_write, &code) : NULL;
  ColorMapObject *map = NULL;
  if (gif != NULL)
    {
      int bits = MAX (GifBitSize (pal->n + 1), 1);
      GifColorType colors[256] = { { 0 } };
      memcpy (colors, pal->colors, sizeof (GifColorType) * (gsize)pal->n);
      map = GifMakeMapObject (1 << bits, colors);
      EGifSetGifVersion (gif, true);
      ok = map != NULL && EGifPutScreenDesc (gif, width_gif, height_gif, bits, 0, map) == GIF_OK;
      /* Loop for ever (the NETSCAPE2.0 application extension). */
      static const GifByteType netscape[] = "NETSCAPE2.0";
      static const GifByteType loop[] = { 1, 0, 0 };
      ok = ok && EGifPutExtensionLeader (gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK
           && EGifPutExtensionBlock (gif, 11, netscape) == GIF_OK
           && EGifPutExtensionBlock (gif, 3, loop) == GIF_OK
           && EGifPutExtensionTrailer (gif) == GIF_OK;
    }
  else
    ok = FALSE;

  gsize n_px = (gsize)width_gif * (gsize)height_gif;
  g_autofree GifPixelType *prev = g_new (GifPixelType, n_px);
  g_autofree GifPixelType *cur = g_new (GifPixelType, n_px);
  /* Each frame after the first writes only the box of what changed, and in
   * it the transparent index wherever the frame before shows the same: long
   * runs of one index, which LZW packs to a few bits each. */
  GifPixelType clear = (GifPixelType)pal->n;
  g_autofree GifPixelType *line = g_new (GifPixelType, (gsize)width_gif);
  int delay = (int)lround (timing->frame_time * 100.0);
  for (guint f = 0; ok && f < timing->n_frames; f++)
    {
      DRAW_FRAME (f);
      const guint8 *data = cairo_image_surface_get_data (frame);
      int stride = cairo_image_surface_get_stride (frame);
      int x0 = width_gif, y0 = height_gif, x1 = -1, y1 = -1;
      for (int y = 0; y < height_gif; y++)
        for (int x = 0; x < width_gif; x++)
          {
            gsize i = (gsize)y * (gsize)width_gif + (gsize)x;
            cur[i] = (GifPixelType)palette_index (pal, ((const guint32 *)(data + y * stride))[x]);
            if (f == 0 || cur[i] != prev[i])
              {
                x0 = MIN (x0, x), x1 = MAX (x1, x);
                y0 = MIN (y0, y), y1 = MAX (y1, y);
              }
          }
      if (x1 < 0) /* nothing changed: one pixel, so the frame keeps its time */
        x0 = x1 = y0 = y1 = 0;
      GraphicsControlBlock gcb = {
        .DisposalMode = DISPOSE_DO_NOT,
        .DelayTime
        = f + 1 == timing->n_frames ? delay + (int)lround (CAROM_ANIM_HOLD_SECONDS * 100.0) : delay,
        .TransparentColor = f == 0 ? NO_TRANSPARENT_COLOR : clear,
      };
      GifByteType ext[4];
      size_t len = EGifGCBToExtension (&gcb, ext);
      ok = EGifPutExtension (gif, GRAPHICS_EXT_FUNC_CODE, (int)len, ext) == GIF_OK
           && EGifPutImageDesc (gif, x0, y0, x1 - x0 + 1, y1 - y0 + 1, false, NULL) == GIF_OK;
      for (int y = y0; ok && y <= y1; y++)
        {
          const GifPixelType *row = cur + (gsize)y * (gsize)width_gif + (gsize)x0;
          const GifPixelType *before = prev + (gsize)y * (gsize)width_gif + (gsize)x0;
          for (int x = 0; x <= x1 - x0; x++)
            line[x] = f > 0 && row[x] == before[x] ? clear : row[x];
          ok = EGifPutLine (gif, line, x1 - x0 + 1) == GIF_OK;
        }
      GifPixelType *swap = prev;
      prev = cur;
      cur = swap;
    }
#undef DRAW_FRAME
  if (!ok && gif != NULL)
    code = gif->Error;
  int close_code = 0;
  if (gif != NULL && EGifCloseFile (gif, &close_code) != GIF_OK && ok)
    {
      ok = FALSE;
      code = close_code;
    }
  if (map != NULL)
    GifFreeMapObject (map);
  cairo_surface_destroy (base);
  cairo_surface_destroy (frame);
  if (!ok)
    return gif_failed (code, error);

  g_autoptr (GError) local = NULL;
  if (g_file_set_contents_full (path, (const char *)bytes->data, (gssize)bytes->len,
                                G_FILE_SET_CONTENTS_CONSISTENT, 0666, &local))
    return TRUE;
  g_autofree char *display = g_filename_display_name (path);
  g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_WRITE, _ ("Cannot write “%s”: %s"),
               display, local->message);
  return FALSE;
}

/* ---- SMIL SVG ---------------------------------------------------------- */

static void
append_number (GString *out, double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.17g", value));
}

static void
append_color (GString *out, const char *attr, CaromColor c)
{
  g_string_append_printf (out, " %s=\"#%02x%02x%02x\"", attr, (int)lround (c.red * 255.0),
                          (int)lround (c.green * 255.0), (int)lround (c.blue * 255.0));
  if (c.alpha < 1.0)
    {
      g_string_append_printf (out, " %s-opacity=\"", attr);
      append_number (out, c.alpha);
      g_string_append_c (out, '"');
    }
}

/* keyTimes for p's points: each at its path length over the loop's length,
 * then 1. */
static void
append_key_times (GString *out, const AnimPath *p, double speed, double total)
{
  g_string_append (out, " keyTimes=\"");
  for (guint i = 0; i < p->n; i++)
    {
      append_number (out, fmin (p->s[i] / speed / total, 1.0));
      g_string_append_c (out, ';');
    }
  g_string_append (out, "1\"");
}

static void
append_animate (GString *out, const char *attribute, const AnimPath *p, double speed, double total,
                int coordinate)
{
  g_string_append_printf (out, "<animate attributeName=\"%s\" values=\"", attribute);
  for (guint i = 0; i <= p->n; i++)
    {
      CgVec2 q = p->points[MIN (i, p->n - 1)];
      append_number (out, coordinate == 0 ? q.x : q.y);
      if (i < p->n)
        g_string_append_c (out, ';');
    }
  g_string_append_c (out, '"');
  append_key_times (out, p, speed, total);
  g_string_append (out, " dur=\"");
  append_number (out, total);
  g_string_append (out, "s\" calcMode=\"linear\" repeatCount=\"indefinite\"/>");
}

char *
carom_export_animated_svg_fragment (const CaromRenderCache *cache, CgAabb box,
                                    const CaromStyle *style, const CaromRenderOptions *options,
                                    const CaromAnimTiming *timing, GError **error)
{
  g_return_val_if_fail (cache != NULL && style != NULL && options != NULL, NULL);
  g_return_val_if_fail (timing != NULL, NULL);

  CaromFigure still;
  anim_figure (cache, box, style, options, TRUE, &still);
  g_autofree char *figure = carom_export_svg_figure_fragment (&still, error);
  if (figure == NULL)
    return NULL;

  /* Sizes in points become scene units: the figure's scale. */
  double width_pt, height_pt;
  carom_export_figure_size (box, &width_pt, &height_pt);
  double unit = (box.hi.x - box.lo.x) / width_pt;
  double total = timing->duration + CAROM_ANIM_HOLD_SECONDS;
  CaromColor paper
      = style->background.alpha > 0.0 ? style->background : (CaromColor){ 1.0, 1.0, 1.0, 1.0 };

  GString *out = g_string_new (figure);
  g_string_append (out, "<g id=\"carom-generated-animation\" fill=\"none\" "
                        "stroke-linecap=\"round\" stroke-linejoin=\"round\">\n");
  g_autoptr (GArray) paths = anim_paths (cache, box);
  for (guint b = 0; b < paths->len; b++)
    {
      const AnimPath *p = &g_array_index (paths, AnimPath, b);
      CaromColor line, fill, stroke;
      ball_colors (style, p->index, &line, &fill, &stroke);
      double length = anim_path_length (p);

      /* The path, uncovered as the ball goes: a dash as long as the path,
       * its offset falling from the length to 0 with the same keyTimes. */
      if (p->n > 1 && length > 0.0)
        {
          g_string_append (out, "<polyline points=\"");
          for (guint i = 0; i < p->n; i++)
            {
              append_number (out, p->points[i].x);
              g_string_append_c (out, ',');
              append_number (out, p->points[i].y);
              g_string_append_c (out, i + 1 < p->n ? ' ' : '"');
            }
          append_color (out, "stroke", line);
          g_string_append (out, " stroke-width=\"");
          append_number (out, style->path_width * unit);
          g_string_append (out, "\" stroke-dasharray=\"");
          append_number (out, length);
          g_string_append_c (out, ' ');
          append_number (out, length);
          g_string_append (out, "\" stroke-dashoffset=\"");
          append_number (out, length);
          g_string_append (out, "\"><animate attributeName=\"stroke-dashoffset\" values=\"");
          for (guint i = 0; i <= p->n; i++)
            {
              append_number (out, length - p->s[MIN (i, p->n - 1)]);
              if (i < p->n)
                g_string_append_c (out, ';');
            }
          g_string_append_c (out, '"');
          append_key_times (out, p, timing->speed, total);
          g_string_append (out, " dur=\"");
          append_number (out, total);
          g_string_append (out, "s\" calcMode=\"linear\" repeatCount=\"indefinite\"/>"
                                "</polyline>\n");
        }

      /* The ball, its centre on the trace's points at times proportional to
       * path length. */
      g_string_append (out, "<g class=\"carom-ball\"><circle cx=\"");
      append_number (out, p->points[0].x);
      g_string_append (out, "\" cy=\"");
      append_number (out, p->points[0].y);
      g_string_append (out, "\" r=\"");
      append_number (out, p->bt->ball->radius);
      g_string_append_c (out, '"');
      append_color (out, "fill", fill);
      append_color (out, "stroke", stroke);
      g_string_append (out, " stroke-width=\"");
      append_number (out, style->ball_width * unit);
      g_string_append (out, "\">");
      append_animate (out, "cx", p, timing->speed, total, 0);
      append_animate (out, "cy", p, timing->speed, total, 1);
      g_string_append (out, "</circle></g>\n");

      /* Each hit's marker, shown from the moment the ball reaches it. */
      for (guint i = 1; i <= p->n_hits; i++)
        {
          g_string_append (out, "<circle cx=\"");
          append_number (out, p->points[i].x);
          g_string_append (out, "\" cy=\"");
          append_number (out, p->points[i].y);
          g_string_append (out, "\" r=\"");
          append_number (out, style->marker_radius * unit);
          g_string_append_c (out, '"');
          append_color (out, "fill", paper);
          append_color (out, "stroke", line);
          g_string_append (out, " stroke-width=\"");
          append_number (out, 0.8 * style->path_width * unit);
          g_string_append (out, "\" opacity=\"0\"><animate attributeName=\"opacity\" "
                                "values=\"0;1\" keyTimes=\"0;");
          append_number (out, fmin (p->s[i] / timing->speed / total, 1.0));
          g_string_append (out, "\" dur=\"");
          append_number (out, total);
          g_string_append (out, "s\" calcMode=\"discrete\" repeatCount=\"indefinite\"/>"
                                "</circle>\n");
        }
    }
  g_string_append (out, "</g>\n");
  return g_string_free (out, FALSE);
}
