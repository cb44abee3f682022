/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-map-plot.c: the Boundary map pane's plot, drawn a slice of rays at
 * a time (see carom-map-plot.h). The frame is drawn by carom-map-render
 * (the same frame as `carom map`) into an image surface; the dots are
 * stamped straight into its pixels, so a beam of 10^4 rays (some 3·10^5
 * dots) is drawn in a fraction of a second. */
#include "carom-map-plot.h"

#include <math.h>

struct CaromMapPlot
{
  const CmSceneTrace *trace; /* borrowed until built */
  cairo_surface_t *surface;
  GArray *dots;              /* CaromMapDot, in ray order then hit order */
  GArray *ray_start;         /* guint: the first dot of each ray mapped, and the total at the end */
  guint first, n_rays, next; /* the rays mapped; the next to draw */
  double *offsets;
  CaromMapFrame frame;
  int clip[4];
  double device; /* device pixels a point */
  float r, alpha;
  gboolean one_beam, dark, built;
  guint most_hits;
  size_t n_hits; /* the hits of the rays mapped */
  CaromPathColouring colouring;
  int width, height, scale;
  gint64 work; /* µs spent so far */
};

/* ---- what is mapped ---- */

void
carom_map_plot_rays (const CmSceneTrace *trace, guint ball, guint *first_out, guint *n_out)
{
  *first_out = 0;
  *n_out = 0;
  if (trace == NULL || trace->balls->len == 0)
    return;
  guint b = MIN (ball, trace->balls->len - 1);
  guint index = g_array_index (trace->balls, CaromBallTrace, b).index;
  guint first = b, last = b;
  while (first > 0 && g_array_index (trace->balls, CaromBallTrace, first - 1).index == index)
    first--;
  while (last + 1 < trace->balls->len
         && g_array_index (trace->balls, CaromBallTrace, last + 1).index == index)
    last++;
  *first_out = first;
  *n_out = last - first + 1;
}

/* ---- building ---- */

/* Stamps an antialiased disc of radius r (device pixels) at (x, y) into
 * ARGB32 pixels, over what is there, clipped to the rectangle clip. Float
 * arithmetic and no calls but sqrtf: a beam's 3·10^5 dots go through here. */
static void
stamp_disc (guint8 *data, int stride, const int clip[4], float x, float y, float r,
            const float rgb[3], float alpha)
{
  int x0 = MAX (clip[0], (int)floorf (x - r - 0.5f)), x1 = MIN (clip[2], (int)ceilf (x + r + 0.5f));
  int y0 = MAX (clip[1], (int)floorf (y - r - 0.5f)), y1 = MIN (clip[3], (int)ceilf (y + r + 0.5f));
  float outer = (r + 0.5f) * (r + 0.5f);
  for (int py = y0; py < y1; py++)
    {
      guint32 *row = (guint32 *)(void *)(data + (size_t)py * stride);
      float dy = py + 0.5f - y;
      for (int px = x0; px < x1; px++)
        {
          float dx = px + 0.5f - x, d2 = dx * dx + dy * dy;
          if (d2 >= outer)
            continue;
          float cover = r + 0.5f - sqrtf (d2);
          cover = (cover > 1.0f ? 1.0f : cover) * alpha;
          guint32 p = row[px];
          float keep = 1.0f - cover, ink = 255.0f * cover;
          guint32 a = (guint32)(((p >> 24) & 0xff) * keep + ink + 0.5f);
          guint32 red = (guint32)(((p >> 16) & 0xff) * keep + ink * rgb[0] + 0.5f);
          guint32 green = (guint32)(((p >> 8) & 0xff) * keep + ink * rgb[1] + 0.5f);
          guint32 blue = (guint32)((p & 0xff) * keep + ink * rgb[2] + 0.5f);
          row[px] = (a << 24) | (red << 16) | (green << 8) | blue;
        }
    }
}

CaromMapPlot *
carom_map_plot_new (const CmSceneTrace *trace, guint ball, int width, int height, int scale,
                    gboolean dark, CaromPathColouring colouring)
{
  CaromMapPlot *b = g_new0 (CaromMapPlot, 1);
  gint64 begin = g_get_monotonic_time ();
  b->trace = trace;
  b->width = width;
  b->height = height;
  b->scale = scale;
  b->dark = dark;
  b->colouring = colouring;
  b->dots = g_array_new (FALSE, FALSE, sizeof (CaromMapDot));
  b->ray_start = g_array_new (FALSE, FALSE, sizeof (guint));
  carom_map_plot_rays (trace, ball, &b->first, &b->n_rays);
  if (b->width <= 0 || b->height <= 0)
    {
      b->n_rays = 0;
      return b;
    }
  b->surface
      = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, b->width * b->scale, b->height * b->scale);
  cairo_surface_set_device_scale (b->surface, b->scale, b->scale);
  if (trace == NULL || b->n_rays == 0)
    {
      b->n_rays = 0;
      return b;
    }

  size_t n_hits = 0;
  g_autofree guint *balls = g_new (guint, b->n_rays);
  for (guint i = 0; i < b->n_rays; i++)
    {
      balls[i] = b->first + i;
      guint n = (guint)g_array_index (trace->balls, CaromBallTrace, balls[i]).trace.n_hits;
      n_hits += n;
      b->most_hits = MAX (b->most_hits, n);
    }
  b->offsets = carom_boundary_map_offsets (trace);
  const double px_per_pt = CAROM_MAP_PLOT_PX_PER_PT, title_pt = CAROM_MAP_PLOT_TITLE_PT;
  double wpt = b->width / px_per_pt, hpt = b->height / px_per_pt + title_pt;
  cairo_t *cr = cairo_create (b->surface);
  cairo_scale (cr, px_per_pt, px_per_pt);
  cairo_translate (cr, 0, -title_pt);
  carom_map_draw_frame (cr, wpt, hpt, trace, b->offsets, NULL, b->dark);
  cairo_destroy (cr);
  cairo_surface_flush (b->surface);

  b->frame = carom_map_frame (wpt, hpt, b->offsets[trace->polygons->len]);
  b->frame.top -= title_pt;
  b->frame.bottom -= title_pt;
  b->device = px_per_pt * b->scale;
  /* Dots may spill 2 pt over the frame, not onto the labels. */
  b->clip[0] = MAX (0, (int)floor ((b->frame.left - 2) * b->device));
  b->clip[1] = MAX (0, (int)floor ((b->frame.top - 2) * b->device));
  b->clip[2] = MIN (b->width * b->scale, (int)ceil ((b->frame.right + 2) * b->device));
  b->clip[3] = MIN (b->height * b->scale, (int)ceil ((b->frame.bottom + 2) * b->device));
  b->r = (float)MAX (0.6, carom_map_dot_radius (n_hits) * b->device);
  /* Many dots are drawn see-through, so that where they crowd shows. */
  b->alpha = n_hits < 2000 ? 1.0f : n_hits < 50000 ? 0.7f : 0.45f;
  b->one_beam = carom_map_one_beam (trace, balls, b->n_rays);
  g_array_unref (b->dots);
  b->dots = g_array_sized_new (FALSE, FALSE, sizeof (CaromMapDot), (guint)n_hits);
  b->n_hits = n_hits;
  b->work = g_get_monotonic_time () - begin;
  return b;
}

void
carom_map_plot_free (CaromMapPlot *b)
{
  if (b == NULL)
    return;
  g_clear_pointer (&b->surface, cairo_surface_destroy);
  g_array_unref (b->dots);
  g_array_unref (b->ray_start);
  g_free (b->offsets);
  g_free (b);
}

gboolean
carom_map_plot_build (CaromMapPlot *b, gint64 budget)
{
  g_return_val_if_fail (b != NULL, FALSE);
  if (b->built)
    return TRUE;
  const CmSceneTrace *trace = b->trace;
  gint64 begin = g_get_monotonic_time (), end = begin + budget;
  guint8 *data = b->surface != NULL ? cairo_image_surface_get_data (b->surface) : NULL;
  int stride = b->surface != NULL ? cairo_image_surface_get_stride (b->surface) : 0;
  /* The clock is read every 16 rays, and not before the first: each call
   * gets on, however small its budget. */
  guint from = b->next;
  for (; b->next < b->n_rays; b->next++)
    {
      if (b->next > from && (b->next & 15) == 0 && g_get_monotonic_time () > end)
        break;
      guint i = b->next, ball = b->first + i;
      guint d = b->dots->len;
      g_array_append_val (b->ray_start, d);
      g_autoptr (GArray) points = carom_boundary_map_points (trace, ball, b->offsets);
      double rgb[3];
      float frgb[3] = { 0, 0, 0 };
      for (guint k = 0; k < points->len; k++)
        {
          const CaromMapPoint *p = &g_array_index (points, CaromMapPoint, k);
          if (k == 0 || b->colouring == CAROM_PATHS_BY_BOUNCES)
            {
              carom_map_dot_colour (b->one_beam, i, b->n_rays, p->hit, b->most_hits, b->colouring,
                                    b->dark, rgb);
              for (int c = 0; c < 3; c++)
                frgb[c] = (float)rgb[c];
            }
          double x, y;
          carom_map_frame_point (&b->frame, p->xi, p->sin_phi, &x, &y);
          CaromMapDot dot = { .x = (float)(x * CAROM_MAP_PLOT_PX_PER_PT),
                              .y = (float)(y * CAROM_MAP_PLOT_PX_PER_PT),
                              .ball = ball,
                              .hit = p->hit };
          g_array_append_val (b->dots, dot);
          stamp_disc (data, stride, b->clip, (float)(x * b->device), (float)(y * b->device), b->r,
                      frgb, b->alpha);
        }
    }
  b->work += g_get_monotonic_time () - begin;
  if (b->next < b->n_rays)
    return FALSE;
  guint total = b->dots->len;
  g_array_append_val (b->ray_start, total);
  if (b->surface != NULL)
    cairo_surface_mark_dirty (b->surface);
  b->built = TRUE;
  b->trace = NULL;
  return TRUE;
}

/* ---- what was built ---- */

gboolean
carom_map_plot_is_built (const CaromMapPlot *plot)
{
  return plot->built;
}

size_t
carom_map_plot_get_n_hits (const CaromMapPlot *plot)
{
  return plot->n_hits;
}

cairo_surface_t *
carom_map_plot_get_surface (CaromMapPlot *plot)
{
  return plot->surface;
}

cairo_surface_t *
carom_map_plot_steal_surface (CaromMapPlot *plot)
{
  return g_steal_pointer (&plot->surface);
}

void
carom_map_plot_get_size (const CaromMapPlot *plot, int *width, int *height, int *scale,
                         gboolean *dark)
{
  if (width != NULL)
    *width = plot->width;
  if (height != NULL)
    *height = plot->height;
  if (scale != NULL)
    *scale = plot->scale;
  if (dark != NULL)
    *dark = plot->dark;
}

guint
carom_map_plot_get_first (const CaromMapPlot *plot)
{
  return plot->first;
}

guint
carom_map_plot_get_n_rays (const CaromMapPlot *plot)
{
  return plot->n_rays;
}

gint64
carom_map_plot_get_work (const CaromMapPlot *plot)
{
  return plot->work;
}

guint
carom_map_plot_get_n_dots (const CaromMapPlot *plot)
{
  return plot->dots->len;
}

const CaromMapDot *
carom_map_plot_get_dot (const CaromMapPlot *plot, int d)
{
  return d >= 0 && (guint)d < plot->dots->len ? &g_array_index (plot->dots, CaromMapDot, d) : NULL;
}

gboolean
carom_map_plot_ray_dots (const CaromMapPlot *plot, guint i, guint *start, guint *end)
{
  if (plot->ray_start->len != plot->n_rays + 1 || i >= plot->n_rays)
    return FALSE;
  *start = g_array_index (plot->ray_start, guint, i);
  *end = g_array_index (plot->ray_start, guint, i + 1);
  return TRUE;
}

int
carom_map_plot_dot_of (const CaromMapPlot *plot, guint ball, guint hit)
{
  guint start, end;
  if (ball < plot->first || !carom_map_plot_ray_dots (plot, ball - plot->first, &start, &end))
    return -1;
  guint d = start + hit;
  return d < end ? (int)d : -1;
}

/* ---- pointer and keys ---- */

int
carom_map_plot_pick (const CaromMapPlot *plot, double x, double y, double radius, guint ball,
                     guint step, gboolean next)
{
  int best = -1;
  double best_d2 = radius * radius;
  for (guint i = 0; i < plot->dots->len; i++)
    {
      const CaromMapDot *d = &g_array_index (plot->dots, CaromMapDot, i);
      double dx = d->x - x, dy = d->y - y, d2 = dx * dx + dy * dy;
      if (d2 < best_d2)
        {
          best_d2 = d2;
          best = (int)i;
        }
    }
  if (best < 0)
    return -1;
  const CaromMapDot *b = carom_map_plot_get_dot (plot, best);
  int after = -1, any = -1;
  for (guint i = 0; i < plot->dots->len; i++)
    {
      const CaromMapDot *d = &g_array_index (plot->dots, CaromMapDot, i);
      if (fabsf (d->x - b->x) > 0.5f || fabsf (d->y - b->y) > 0.5f)
        continue;
      if (!next && d->ball == ball && d->hit + 1 == step)
        return (int)i;
      if (any < 0)
        any = (int)i;
      if (after < 0 && (d->ball > ball || (d->ball == ball && d->hit + 1 > step)))
        after = (int)i;
    }
  return after >= 0 ? after : any;
}

int
carom_map_plot_move (const CaromMapPlot *plot, int from, CaromMapMove move)
{
  const CaromMapDot *at = carom_map_plot_get_dot (plot, from);
  guint start, end;
  if (at == NULL || at->ball < plot->first
      || !carom_map_plot_ray_dots (plot, at->ball - plot->first, &start, &end))
    return -1;
  guint ray = at->ball - plot->first, hit = at->hit;
  switch (move)
    {
    case CAROM_MAP_MOVE_PREVIOUS:
      return hit > 0 ? from - 1 : from;
    case CAROM_MAP_MOVE_NEXT:
      return hit + 1 < end - start ? from + 1 : from;
    case CAROM_MAP_MOVE_FIRST:
      return (int)start;
    case CAROM_MAP_MOVE_LAST:
      return (int)end - 1;
    case CAROM_MAP_MOVE_UP:
    case CAROM_MAP_MOVE_DOWN:
      {
        /* The neighbouring ray with a hit, at the same hit or its last. */
        gboolean down = move == CAROM_MAP_MOVE_DOWN;
        for (guint r = ray; down ? r + 1 < plot->n_rays : r > 0;)
          {
            r = down ? r + 1 : r - 1;
            guint s = g_array_index (plot->ray_start, guint, r),
                  e = g_array_index (plot->ray_start, guint, r + 1);
            if (e > s)
              return (int)MIN (s + hit, e - 1);
          }
        return from;
      }
    default:
      return from;
    }
}
