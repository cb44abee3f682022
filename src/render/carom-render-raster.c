/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-render-raster.c: blended paths on image surfaces (the canvas, PNG,
 * GIF), and on vector surfaces beyond the strokes they can take: the ink of
 * every path accumulated in a float raster, and the raster painted once
 * (the blending is explained in carom-render-paths.c).
 *
 * The segments are inked by Xiaolin Wu's method, in bands of rays on up to
 * RASTER_THREADS threads, each into a raster of its own summed after; the
 * rasters, marks and image are kept in the render cache from frame to frame
 * (CaromInk), and a frame clears and converts only the runs it inked. Where
 * the raster's pixels fall one to one on an ARGB32 image's, the inked runs
 * are blended straight into it. */
#include "carom-render-private.h"

#include <limits.h>
#include <string.h>

/// The raster's largest side, in pixels.
#define RASTER_MAX_SIDE 4096

/* The ramp position of segment i of ray r (CAROM_PATHS_SINGLE: unused). */
static double
segment_t (const CaromFrame *f, const CaromRayInfo *r, size_t i, guint most_hits)
{
  if (f->options->paths_by == CAROM_PATHS_BY_BOUNCES)
    return most_hits > 0 ? (double)(i - 1) / most_hits : 0.0;
  return r->n > 1 ? (double)r->k / (r->n - 1) : 0.5;
}

/* Each pixel holds its ink W and Σ t·ink, t the ramp position of what inked
 * it: its colour is the ramp at the mean t. Two floats a pixel, not four
 * colour sums: the raster is touched at random by long segments, and its
 * size is what the time goes on. */
typedef struct
{
  const CaromFrame *f;
  const CaromRayInfo *ray;
  guint most_hits;
  float *acc;    ///< t·ink, ink per pixel
  guint8 *marks; ///< per run of CHUNK pixels of a row: nonzero when some got ink
  int w, h;
  int cw;     ///< runs a row
  double rs;  ///< raster pixels per device unit
  double ink; ///< ink per pixel of length
  CgAabb clip;
  guint segments;
} Density;

/// Pixels a mark stands for: 8 pixels' ink is one cache line.
#define CHUNK 8

static inline void
deposit (Density *d, gsize at, gsize mark, double ink, float t)
{
  float *p = d->acc + 2 * at;
  p[0] += (float)ink * t;
  p[1] += (float)ink;
  d->marks[mark] = 1;
}

/* One segment, antialiased (Wu): along its major axis, each step's ink split
 * between the two pixels the line passes between, ink in proportion to the
 * segment's length so that slope does not change the density. */
static void
density_segment (CgVec2 a, CgVec2 b, size_t i, gpointer data)
{
  Density *d = data;
  /* Raster coordinates with pixel centres on integers. */
  a = cg_v2 (a.x * d->rs - 0.5, a.y * d->rs - 0.5);
  b = cg_v2 (b.x * d->rs - 0.5, b.y * d->rs - 0.5);
  if (!carom_clip_segment (&a, &b, d->clip))
    return;
  double dx = b.x - a.x, dy = b.y - a.y;
  double len = sqrt (dx * dx + dy * dy);
  if (!(len > 0.0))
    return;
  d->segments++;
  float t = (float)segment_t (d->f, d->ray, i, d->most_hits);
  gboolean x_major = fabs (dx) >= fabs (dy);
  /* Along the major axis u, across it v; (u, v) → pixel index. */
  double au = x_major ? a.x : a.y, av = x_major ? a.y : a.x;
  double bu = x_major ? b.x : b.y, bv = x_major ? b.y : b.x;
  if (au > bu)
    {
      double tu = au, tv = av;
      au = bu, av = bv, bu = tu, bv = tv;
    }
  int last_v = x_major ? d->h - 1 : d->w - 1;
  int u0 = (int)(au + 0.5), u1 = (int)(bu + 0.5);
  double slope = bu > au ? (bv - av) / (bu - au) : 0.0;
  double ink = d->ink * len / (u1 - u0 + 1);
  double v = av + (u0 - au) * slope;
  gsize w = (gsize)d->w, cw = (gsize)d->cw;
  if (x_major)
    for (int u = u0; u <= u1; u++, v += slope)
      {
        int vi = (int)v; /* v >= -0.5 after clipping, and the pixels below 0 are skipped */
        if (v < 0.0)
          vi = -1;
        double fr = v - vi;
        /* Pixels (u, vi) and (u, vi + 1). */
        gsize at = (gsize)(vi + 1) * w + (gsize)u, mark = (gsize)(vi + 1) * cw + (guint)u / CHUNK;
        if (vi >= 0)
          deposit (d, at - w, mark - cw, ink * (1.0 - fr), t);
        if (vi + 1 <= last_v)
          deposit (d, at, mark, ink * fr, t);
      }
  else
    for (int u = u0; u <= u1; u++, v += slope)
      {
        int vi = (int)v;
        if (v < 0.0)
          vi = -1;
        double fr = v - vi;
        /* Pixels (vi, u) and (vi + 1, u). */
        gsize at = (gsize)u * w + (gsize)(vi + 1), row = (gsize)u * cw;
        if (vi >= 0)
          deposit (d, at - 1, row + (guint)vi / CHUNK, ink * (1.0 - fr), t);
        if (vi + 1 <= last_v)
          deposit (d, at, row + (guint)(vi + 1) / CHUNK, ink * fr, t);
      }
}

/* The raster's pixels per device unit: the surface's own resolution for an
 * image, two a point for a vector surface. */
static double
raster_scale (const CaromFrame *f, gboolean image)
{
  double ux = 1.0, uy = 0.0;
  cairo_user_to_device_distance (f->cr, &ux, &uy);
  double rs = hypot (ux, uy);
  if (!image)
    rs = fmax (rs, 2.0 / f->view->pt);
  if (!(rs > 0.0) || !isfinite (rs))
    rs = 1.0;
  double side = fmax (f->view->width, f->view->height) * rs;
  if (side > RASTER_MAX_SIDE)
    rs *= RASTER_MAX_SIDE / side;
  return rs;
}

/// Pixels crossed beyond which the raster is made coarser.
#define STEP_BUDGET 8e6
/// The coarsest raster, as a fraction of the surface's resolution.
#define RASTER_MIN_FRACTION 0.25

/// Paths measured at most to choose the raster's resolution.
#define MEASURE_SAMPLE 512

typedef struct
{
  CgAabb clip;
  double steps;
} Measure;

/* Rays per band a thread takes; the raster of each thread is its own. */
#define RAYS_PER_THREAD 256
#define RASTER_THREADS 4
/// Pixel steps below which one thread inks all (measured, bench-drag).
#define THREAD_STEPS 1e6

/* The scratch kept in the render cache from frame to frame: a fresh 16 MB
 * a frame costs more in page faults than the inking, and clearing it (or
 * converting all of it) more than the inking too. Between frames every
 * raster is all zeros, every mark clear, and the image clear but in the
 * runs marked in shown: a frame clears and converts only what it inked. */
struct CaromInk
{
  int w, h, cw;
  float *acc[RASTER_THREADS];    ///< 2 w h floats each (see Density)
  guint8 *marks[RASTER_THREADS]; ///< cw h each (see Density)
  cairo_surface_t *image;
  guint8 *shown; ///< cw h: the runs of the image that may not be clear
  guint32 *runs; ///< cw h: scratch for the list of marked runs
};

void
carom_render_ink_free (CaromInk *ink)
{
  if (ink == NULL)
    return;
  for (guint p = 0; p < RASTER_THREADS; p++)
    {
      g_free (ink->acc[p]);
      g_free (ink->marks[p]);
    }
  if (ink->image != NULL)
    cairo_surface_destroy (ink->image);
  g_free (ink->shown);
  g_free (ink->runs);
  g_free (ink);
}

/* The cache's scratch for a w × h raster, rasters for n_parts threads
 * where memory allows (acc[0] NULL: none), and the image; NULL when the
 * image cannot be made. */
static CaromInk *
ink_scratch (CaromRenderCache *cache, int w, int h, guint n_parts)
{
  CaromInk *ink = cache->ink;
  int cw = (w + CHUNK - 1) / CHUNK;
  gsize n_px = (gsize)w * (gsize)h, n_marks = (gsize)cw * (gsize)h;
  if (ink != NULL && (ink->w != w || ink->h != h))
    g_clear_pointer (&cache->ink, carom_render_ink_free);
  if (cache->ink == NULL)
    {
      guint8 *shown = g_try_malloc0 (n_marks);
      guint32 *runs = g_try_new (guint32, n_marks);
      cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
      if (shown == NULL || runs == NULL || cairo_surface_status (img) != CAIRO_STATUS_SUCCESS)
        {
          g_free (shown);
          g_free (runs);
          cairo_surface_destroy (img);
          return NULL;
        }
      cache->ink = ink = g_new0 (CaromInk, 1);
      ink->w = w, ink->h = h, ink->cw = cw;
      ink->image = img; /* created clear */
      ink->shown = shown;
      ink->runs = runs;
    }
  for (guint p = 0; p < n_parts; p++)
    if (ink->acc[p] == NULL)
      {
        ink->marks[p] = g_try_malloc0 (n_marks);
        ink->acc[p] = ink->marks[p] != NULL ? g_try_malloc0 (n_px * 2 * sizeof (float)) : NULL;
        if (ink->acc[p] == NULL)
          g_clear_pointer (&ink->marks[p], g_free);
      }
  return ink;
}

typedef struct
{
  Density base;
  GArray *rays;
  guint n_parts;
  float *acc[RASTER_THREADS];
  guint8 *marks[RASTER_THREADS];
  guint segments[RASTER_THREADS];
} Bands;

static void
raster_band (guint part, gpointer data)
{
  Bands *b = data;
  Density d = b->base;
  d.acc = b->acc[part];
  d.marks = b->marks[part];
  if (d.acc == NULL)
    return;
  for (guint k = part; k < b->rays->len; k += b->n_parts)
    {
      d.ray = &g_array_index (b->rays, CaromRayInfo, k);
      carom_ray_segments (d.f, d.ray, density_segment, &d);
    }
  b->segments[part] += d.segments;
}

/* Lists in runs the runs marked in a or in b (NULL: none), in order; returns
 * how many. Eight runs at a time over unmarked stretches. */
static gsize
marked_runs (const guint8 *a, const guint8 *b, gsize n, guint32 *runs)
{
  gsize count = 0, k = 0;
  for (; k + 8 <= n; k += 8)
    {
      guint64 wa, wb = 0;
      memcpy (&wa, a + k, 8);
      if (b != NULL)
        memcpy (&wb, b + k, 8);
      if ((wa | wb) == 0)
        continue;
      for (gsize i = k; i < k + 8; i++)
        if (a[i] || (b != NULL && b[i]))
          runs[count++] = (guint32)i;
    }
  for (; k < n; k++)
    if (a[k] || (b != NULL && b[k]))
      runs[count++] = (guint32)k;
  return count;
}

/// Runs ahead of the one worked on whose ink is fetched: the runs are
/// scattered over a raster larger than the caches.
#define PREFETCH_AHEAD 8

/* Adds up the device length of segments along their major axis. */
static void
measure_segment (CgVec2 a, CgVec2 b, size_t i, gpointer data)
{
  (void)i;
  Measure *m = data;
  if (cg_aabb_contains (m->clip, a) && cg_aabb_contains (m->clip, b))
    m->steps += fmax (fabs (b.x - a.x), fabs (b.y - a.y));
  else if (carom_clip_segment (&a, &b, m->clip))
    m->steps += fmax (fabs (b.x - a.x), fabs (b.y - a.y));
}

/* Turning ink into pixels: opacity 1 − exp(−g W), the colour the ramp at
 * the mean t, looked up in a table. */
#define TINT_LUT 256

typedef struct
{
  float g;
  float rgb[TINT_LUT][4]; ///< the ramp's colours (red, green, blue; the fourth unused)
} Tint;

/* Pixels p[0 .. n) of the raster as premultiplied ARGB in out, cleared in
 * the raster for the next frame. In single precision, expf rather than
 * expm1: each is exact to far less than the half of 1/255 a byte rounds
 * away, and a frame of a fan of 10^3 rays tints 70,000 pixels. */
static inline void
tint_run (const Tint *tint, float *p, int n, guint32 *out)
{
  for (int x = 0; x < n; x++, p += 2)
    {
      float w = p[1];
      if (w <= 0.0f)
        {
          out[x] = 0;
          continue;
        }
      float s = 255.0f - 255.0f * expf (-tint->g * w);
      int i = (int)(p[0] / w * (TINT_LUT - 1) + 0.5f);
      p[0] = p[1] = 0.0f;
      const float *c = tint->rgb[CLAMP (i, 0, TINT_LUT - 1)];
      guint32 A = (guint32)(s + 0.5f);
      guint32 R = MIN ((guint32)(c[0] * s + 0.5f), A);
      guint32 G = MIN ((guint32)(c[1] * s + 0.5f), A);
      guint32 B = MIN ((guint32)(c[2] * s + 0.5f), A);
      out[x] = A << 24 | R << 16 | G << 8 | B;
    }
}

/* s OVER d, premultiplied ARGB, as pixman computes it (rounded x·a/255 on
 * two channels at a time): the same bytes as compositing the image. No
 * channel overflows: s's colours are at most its alpha. */
static inline guint32
over_pixel (guint32 s, guint32 d)
{
  guint32 ia = 255 - (s >> 24);
  guint32 rb = (d & 0xff00ff) * ia + 0x800080;
  rb = ((rb + ((rb >> 8) & 0xff00ff)) >> 8) & 0xff00ff;
  guint32 ag = ((d >> 8) & 0xff00ff) * ia + 0x800080;
  ag = ((ag + ((ag >> 8) & 0xff00ff)) >> 8) & 0xff00ff;
  return s + (rb | ag << 8);
}

/// Clip rectangles beyond which the raster is composited by cairo.
#define DIRECT_MAX_RECTS 16

/* When the raster's pixels fall one to one on the pixels of an ARGB32 image
 * (the canvas's frame, a PNG), blends the inked runs straight into it, as
 * compositing the raster's image would, and clears them in the raster: no
 * image to fill and clear, and no composite of the whole frame for the few
 * pixels a fan inks (a fan of 10^3 rays inks one run in eight). FALSE
 * (nothing done) for any other target, transform, operator or clip, which
 * the image handles. */
static gboolean
blend_direct (CaromFrame *f, const Density *d, CaromInk *ink, const Tint *tint, float *acc,
              guint8 *marks)
{
  cairo_t *cr = f->cr;
  cairo_surface_t *target = cairo_get_group_target (cr);
  if (f->svg != NULL || cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE
      || cairo_image_surface_get_format (target) != CAIRO_FORMAT_ARGB32
      || cairo_get_operator (cr) != CAIRO_OPERATOR_OVER)
    return FALSE;
  double sx, sy, ox, oy;
  cairo_surface_get_device_scale (target, &sx, &sy);
  cairo_surface_get_device_offset (target, &ox, &oy);
  /* Raster pixel (x, y) is at user point (x, y) / rs: on the target's pixel
   * (x + dx, y + dy) when the transform is the raster's scale and a whole
   * translation. */
  cairo_matrix_t m;
  cairo_get_matrix (cr, &m);
  cairo_matrix_scale (&m, 1.0 / d->rs, 1.0 / d->rs);
  double tx = m.x0 + ox, ty = m.y0 + oy;
  if (sx != 1.0 || sy != 1.0 || m.xx != 1.0 || m.yy != 1.0 || m.xy != 0.0 || m.yx != 0.0
      || tx != round (tx) || ty != round (ty) || fabs (tx) > 1e6 || fabs (ty) > 1e6)
    return FALSE;
  int dx = (int)tx, dy = (int)ty;
  int tw = cairo_image_surface_get_width (target), th = cairo_image_surface_get_height (target);

  /* The clip, as whole-pixel rectangles of the raster's pixels. */
  int rects[DIRECT_MAX_RECTS][4]; /* x0, y0, x1, y1 (exclusive) */
  int n_rects = 0;
  cairo_rectangle_list_t *list = cairo_copy_clip_rectangle_list (cr);
  gboolean ok = list->status == CAIRO_STATUS_SUCCESS && list->num_rectangles <= DIRECT_MAX_RECTS;
  for (int i = 0; ok && i < list->num_rectangles; i++)
    {
      cairo_rectangle_t r = list->rectangles[i];
      double x0 = r.x, y0 = r.y, x1 = r.x + r.width, y1 = r.y + r.height;
      cairo_user_to_device (cr, &x0, &y0);
      cairo_user_to_device (cr, &x1, &y1);
      double c[4]
          = { fmin (x0, x1) + ox, fmin (y0, y1) + oy, fmax (x0, x1) + ox, fmax (y0, y1) + oy };
      for (int k = 0; k < 4; k++)
        ok = ok && c[k] == round (c[k]) && fabs (c[k]) < 1e6;
      if (!ok)
        break;
      /* In raster pixels, within the target and the raster. */
      int *q = rects[n_rects];
      q[0] = MAX (MAX ((int)c[0], 0) - dx, 0);
      q[1] = MAX (MAX ((int)c[1], 0) - dy, 0);
      q[2] = MIN (MIN ((int)c[2], tw) - dx, d->w);
      q[3] = MIN (MIN ((int)c[3], th) - dy, d->h);
      if (q[0] < q[2] && q[1] < q[3])
        n_rects++;
    }
  cairo_rectangle_list_destroy (list);
  if (!ok)
    return FALSE;

  cairo_surface_flush (target);
  guint8 *data = cairo_image_surface_get_data (target);
  int stride = cairo_image_surface_get_stride (target);
  gsize n_runs = marked_runs (marks, NULL, (gsize)ink->cw * (gsize)d->h, ink->runs);
  for (gsize r = 0; r < n_runs; r++)
    {
      gsize k = ink->runs[r];
      int y = (int)(k / (gsize)ink->cw), x0 = (int)(k - (gsize)y * (gsize)ink->cw) * CHUNK;
      int x1 = MIN (x0 + CHUNK, d->w);
      if (r + PREFETCH_AHEAD < n_runs)
        {
          gsize ahead = ink->runs[r + PREFETCH_AHEAD], ya = ahead / (gsize)ink->cw;
          gsize xa = (ahead - ya * (gsize)ink->cw) * CHUNK;
          __builtin_prefetch (acc + 2 * (ya * (gsize)d->w + xa), 1);
          if ((int)ya + dy >= 0 && (int)ya + dy < th)
            __builtin_prefetch (
                data + (gsize)((int)ya + dy) * (gsize)stride + 4 * (gsize)MAX ((int)xa + dx, 0), 1);
        }
      marks[k] = 0;
      guint32 px[CHUNK];
      tint_run (tint, acc + 2 * ((gsize)y * (gsize)d->w + (gsize)x0), x1 - x0, px);
      for (int i = 0; i < n_rects; i++)
        {
          const int *q = rects[i];
          if (y < q[1] || y >= q[3])
            continue;
          guint32 *row = (guint32 *)(data + (gsize)(y + dy) * (gsize)stride) + dx;
          for (int x = MAX (x0, q[0]); x < MIN (x1, q[2]); x++)
            if (px[x - x0] != 0)
              row[x] = over_pixel (px[x - x0], row[x]);
        }
    }
  cairo_surface_mark_dirty (target);
  return TRUE;
}

void
carom_draw_rays_raster (CaromFrame *f, GArray *rays, gboolean image, guint most_hits, double a1)
{
  Bands b = { .base = { .f = f, .most_hits = most_hits }, .rays = rays };
  Density *d = &b.base;
  d->rs = raster_scale (f, image);
  /* The time goes on the pixels the segments cross: beyond STEP_BUDGET of
   * them the raster is made coarser (down to RASTER_MIN_FRACTION of the
   * surface's resolution) and painted smoothly scaled up. A blend of that
   * many paths has no detail a finer raster would show. */
  /* Measured on a sample of a crowd's paths (every sample-th), which tells
   * the total well enough for choosing a resolution. */
  Measure m = { .clip = { { 0.0, 0.0 }, { f->view->width, f->view->height } } };
  guint sample = MAX (rays->len / MEASURE_SAMPLE, 1u);
  for (guint k = 0; k < rays->len; k += sample)
    carom_ray_segments (f, &g_array_index (rays, CaromRayInfo, k), measure_segment, &m);
  m.steps *= sample;
  if (m.steps * d->rs > STEP_BUDGET)
    d->rs = fmax (STEP_BUDGET / m.steps, RASTER_MIN_FRACTION * d->rs);
  d->w = MAX ((int)ceil (f->view->width * d->rs), 1);
  d->h = MAX ((int)ceil (f->view->height * d->rs), 1);
  d->clip = (CgAabb){ { -0.5, -0.5 }, { d->w - 0.501, d->h - 0.501 } };
  /* A path as wide as the style's faint paths, in raster pixels, puts that
   * much ink in the pixels it crosses (at least one pixel's worth). */
  d->ink = fmax (0.75 * f->style->path_width * f->view->pt * d->rs, 1.0);
  /* Each thread inks a raster of its own, summed after: no locks, and the
   * same sums in the same order whatever the timing. */
  b.n_parts = CLAMP (rays->len / RAYS_PER_THREAD, 1u,
                     MIN ((guint)RASTER_THREADS, (guint)g_get_num_processors ()));
  /* A few pixel steps are inked in less time than summing the rasters
   * takes: one raster. */
  if (m.steps * d->rs < THREAD_STEPS)
    b.n_parts = 1;
  CaromInk *ink = ink_scratch ((CaromRenderCache *)f->cache, d->w, d->h, b.n_parts);
  if (ink == NULL || ink->acc[0] == NULL)
    return;
  d->cw = ink->cw;
  gsize n_marks = (gsize)ink->cw * (gsize)d->h;
  for (guint p = 0; p < b.n_parts; p++)
    b.acc[p] = ink->acc[p], b.marks[p] = ink->marks[p];
  if (b.n_parts > 1)
    carom_parallel_for (b.n_parts, b.n_parts, raster_band, &b);
  else
    raster_band (0, &b);
  float *acc = b.acc[0];
  guint8 *marks = b.marks[0];
  for (guint p = 1; p < b.n_parts; p++)
    {
      if (b.acc[p] == NULL) /* no memory for that band: ink it here */
        {
          b.acc[p] = acc, b.marks[p] = marks;
          raster_band (p, &b);
          continue;
        }
      /* Summed where inked, and cleared for the next frame. */
      gsize n_runs = marked_runs (b.marks[p], NULL, n_marks, ink->runs);
      for (gsize r = 0; r < n_runs; r++)
        {
          gsize k = ink->runs[r], y = k / (gsize)ink->cw, x0 = (k - y * (gsize)ink->cw) * CHUNK;
          gsize x1 = MIN (x0 + CHUNK, (gsize)d->w), at = y * (gsize)d->w + x0;
          if (r + PREFETCH_AHEAD < n_runs)
            {
              gsize ahead = ink->runs[r + PREFETCH_AHEAD], ya = ahead / (gsize)ink->cw;
              gsize at_a = ya * (gsize)d->w + (ahead - ya * (gsize)ink->cw) * CHUNK;
              __builtin_prefetch (acc + 2 * at_a, 1);
              __builtin_prefetch (b.acc[p] + 2 * at_a, 1);
            }
          float *to = acc + 2 * at, *from = b.acc[p] + 2 * at;
          for (gsize i = 0; i < 2 * (x1 - x0); i++)
            to[i] += from[i];
          memset (from, 0, 2 * (x1 - x0) * sizeof (float));
          marks[k] = 1;
          b.marks[p][k] = 0;
        }
    }
  for (guint p = 0; p < b.n_parts; p++)
    f->stats->ray_segments_drawn += b.segments[p];

  /* Opacity 1 − exp(−g W): one path crossing a pixel square on (ink d->ink)
   * gives a1. Colours of the ramp looked up in a table. */
  Tint tint = { .g = (float)(-log1p (-a1) / d->ink) };
  for (int i = 0; i < TINT_LUT; i++)
    {
      CaromColor c = f->options->paths_by == CAROM_PATHS_SINGLE
                         ? f->style->path
                         : carom_frame_ramp (f, i / (TINT_LUT - 1.0));
      tint.rgb[i][0] = (float)c.red, tint.rgb[i][1] = (float)c.green;
      tint.rgb[i][2] = (float)c.blue, tint.rgb[i][3] = 0.0f;
    }
  if (blend_direct (f, d, ink, &tint, acc, marks))
    return;

  cairo_surface_t *img = ink->image;
  cairo_surface_flush (img);
  guint8 *data = cairo_image_surface_get_data (img);
  int stride = cairo_image_surface_get_stride (img);
  /* The runs inked now converted (and cleared in the raster), those shown
   * last frame and not inked now cleared: everything else is clear in both. */
  int x_lo = INT_MAX, y_lo = INT_MAX, x_hi = -1, y_hi = -1;
  gsize n_runs = marked_runs (marks, ink->shown, n_marks, ink->runs);
  for (gsize r = 0; r < n_runs; r++)
    {
      gsize k = ink->runs[r];
      if (r + PREFETCH_AHEAD < n_runs)
        {
          gsize ahead = ink->runs[r + PREFETCH_AHEAD], ya = ahead / (gsize)ink->cw;
          gsize xa = (ahead - ya * (gsize)ink->cw) * CHUNK;
          __builtin_prefetch (acc + 2 * (ya * (gsize)d->w + xa), 1);
          __builtin_prefetch (data + ya * (gsize)stride + 4 * xa, 1);
        }
      int y = (int)(k / (gsize)ink->cw), x0 = (int)(k - (gsize)y * (gsize)ink->cw) * CHUNK;
      int x1 = MIN (x0 + CHUNK, d->w);
      guint32 *row = (guint32 *)(data + (gsize)y * (gsize)stride);
      ink->shown[k] = marks[k];
      if (!marks[k])
        {
          memset (row + x0, 0, (gsize)(x1 - x0) * 4);
          continue;
        }
      marks[k] = 0;
      x_lo = MIN (x_lo, x0), x_hi = MAX (x_hi, x1 - 1), y_lo = MIN (y_lo, y), y_hi = MAX (y_hi, y);
      tint_run (&tint, acc + 2 * ((gsize)y * (gsize)d->w + (gsize)x0), x1 - x0, row + x0);
    }
  cairo_surface_mark_dirty (img);
  if (x_lo > x_hi)
    return;

  cairo_t *cr = f->cr;
  cairo_save (cr);
  cairo_scale (cr, 1.0 / d->rs, 1.0 / d->rs);
  cairo_set_source_surface (cr, img, 0.0, 0.0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_BILINEAR);
  /* The inked pixels' box, with room for the smoothing to spread them:
   * nothing outside it shows. */
  int x0 = MAX (x_lo - 2, 0), y0 = MAX (y_lo - 2, 0);
  int x1 = MIN (x_hi + 3, d->w), y1 = MIN (y_hi + 3, d->h);
  cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
  carom_fill (f);
  cairo_restore (cr);
}
