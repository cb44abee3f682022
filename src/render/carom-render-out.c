/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-render-out.c: where the renderer's strokes and fills go.
 *
 * Every stroke and fill of a drawing goes through carom_stroke() and its
 * kin, for two reasons. A structured SVG (carom-svg-out.h) takes each as an
 * element of the layer and the object it is drawn for, instead of cairo's
 * anonymous paths. And labels are placed on what a reader sees: each path
 * is also drawn into an alpha mask, the frame's ink, that the placement of
 * labels measures (carom-render-labels.c), in two masks: ink that stands
 * out from the background, and faint ink (the path after the step, a ball's
 * tint, what a cast culled), which a label avoids too but may cover when
 * nothing nearer is free. The blend of many paths (the rays of a beam) is
 * left out: it covers whole rooms, and a label with its halo reads well
 * over it. */
#include "carom-render-private.h"

#include <string.h>

/// Mask pixels a point (a label 9 pt high is 13 pixels).
#define INK_PX_PER_PT 1.5
/// The mask's pixels, at most.
#define INK_MAX_PIXELS (4.0 * 1024.0 * 1024.0)
/// A mask pixel covered at least this much (of 255) is ink.
#define INK_THRESHOLD 32
/// Colours more transparent than this are faint ink (the path after the
/// step, a ball's tint).
#define FAINT_ALPHA 0.5

void
carom_item (CaromFrame *f, CaromLayer layer, const char *for_id)
{
  f->layer = layer;
  f->item = for_id;
  if (f->svg != NULL)
    carom_svg_out_item (f->svg, layer, for_id, FALSE);
}

void
carom_item_hit (CaromFrame *f, CaromLayer layer, size_t k)
{
  g_snprintf (f->item_buffer, sizeof f->item_buffer, "hit-%zu", k);
  carom_item (f, layer, f->item_buffer);
}

gboolean
carom_frame_vector (const CaromFrame *f)
{
  if (f->svg != NULL)
    return TRUE;
  cairo_surface_type_t type = cairo_surface_get_type (cairo_get_target (f->cr));
  return type == CAIRO_SURFACE_TYPE_PDF || type == CAIRO_SURFACE_TYPE_SVG
         || type == CAIRO_SURFACE_TYPE_PS || type == CAIRO_SURFACE_TYPE_SCRIPT;
}

/* The mask of one kind of ink, made when something is first drawn into it
 * (a frame without a step or a future path clears no mask for them), or
 * NULL when there is no room for it. */
static cairo_t *
ink_cr (CaromLabelInk *ink, CaromInkKind k)
{
  if (ink->cr[k] != NULL)
    return cairo_status (ink->cr[k]) == CAIRO_STATUS_SUCCESS ? ink->cr[k] : NULL;
  ink->surface[k] = cairo_image_surface_create (CAIRO_FORMAT_A8, ink->width, ink->height);
  ink->cr[k] = cairo_create (ink->surface[k]);
  cairo_scale (ink->cr[k], ink->m, ink->m);
  cairo_set_source_rgba (ink->cr[k], 0.0, 0.0, 0.0, 1.0);
  /* Coverage without smoothing: a pixel is ink or not, and a frame of
   * ten thousand objects is rasterised twice as fast. */
  cairo_set_antialias (ink->cr[k], CAIRO_ANTIALIAS_NONE);
  cairo_set_tolerance (ink->cr[k], 0.5);
  return cairo_status (ink->cr[k]) == CAIRO_STATUS_SUCCESS ? ink->cr[k] : NULL;
}

/* The current path into the ink mask, stroked or filled as cr would. */
static void
ink_add (CaromFrame *f, gboolean stroke)
{
  CaromLabelInk *ink = f->ink;
  if (ink == NULL || f->ink_off)
    return;
  cairo_t *cr = f->cr;
  /* Images (the blended paths' raster) are no ink. */
  double r, g, b, a;
  if (cairo_pattern_get_rgba (cairo_get_source (cr), &r, &g, &b, &a) != CAIRO_STATUS_SUCCESS
      || a <= 0.0)
    return;
  cairo_t *to = ink_cr (ink, f->ink_future     ? CAROM_INK_FUTURE
                             : f->ink_step     ? CAROM_INK_STEP
                             : a < FAINT_ALPHA ? CAROM_INK_FAINT
                                               : CAROM_INK_STRONG);
  if (to == NULL)
    return;
  /* In the frame's own units (the view's device units), whatever transform
   * the caller's cr has (the legend's search draws the frame scaled). */
  double width = cairo_get_line_width (cr);
  cairo_save (cr);
  cairo_set_matrix (cr, &ink->frame);
  cairo_path_t *path = cairo_copy_path (cr);
  cairo_restore (cr);
  if (path->status == CAIRO_STATUS_SUCCESS && path->num_data > 0)
    {
      cairo_new_path (to);
      cairo_append_path (to, path);
      if (stroke)
        {
          /* At least a pixel and a half wide: unsmoothed, no line slips
           * between the mask's pixels. */
          cairo_set_line_width (to, fmax (width, 1.5 / ink->m));
          cairo_set_line_cap (to, cairo_get_line_cap (cr));
          cairo_set_line_join (to, cairo_get_line_join (cr));
          cairo_stroke (to);
        }
      else
        {
          cairo_set_fill_rule (to, cairo_get_fill_rule (cr));
          cairo_fill (to);
        }
    }
  cairo_path_destroy (path);
}

void
carom_ink_future (CaromFrame *f, gboolean stroke)
{
  f->ink_future = TRUE;
  ink_add (f, stroke);
  f->ink_future = FALSE;
  cairo_new_path (f->cr);
}

static void
draw (CaromFrame *f, gboolean stroke, gboolean preserve)
{
  ink_add (f, stroke);
  if (f->svg != NULL)
    {
      carom_svg_out_draw (f->svg, f->cr, stroke);
      if (!preserve)
        cairo_new_path (f->cr);
      return;
    }
  if (stroke)
    (preserve ? cairo_stroke_preserve : cairo_stroke) (f->cr);
  else
    (preserve ? cairo_fill_preserve : cairo_fill) (f->cr);
}

void
carom_stroke (CaromFrame *f)
{
  draw (f, TRUE, FALSE);
}

void
carom_stroke_preserve (CaromFrame *f)
{
  draw (f, TRUE, TRUE);
}

void
carom_fill (CaromFrame *f)
{
  draw (f, FALSE, FALSE);
}

void
carom_fill_preserve (CaromFrame *f)
{
  draw (f, FALSE, TRUE);
}

/* ---- the ink ------------------------------------------------------------ */

void
carom_label_ink_begin (CaromFrame *f)
{
  const CaromView *v = f->view;
  /* The same pixels a point on every surface, so that a PNG, a PDF and an
   * SVG of a figure place their labels alike. */
  double m = INK_PX_PER_PT / v->pt;
  if (v->width * v->height * m * m > INK_MAX_PIXELS)
    m = sqrt (INK_MAX_PIXELS / (v->width * v->height));
  int w = MAX ((int)ceil (v->width * m), 1), h = MAX ((int)ceil (v->height * m), 1);
  CaromLabelInk *ink = g_new0 (CaromLabelInk, 1);
  cairo_get_matrix (f->cr, &ink->frame);
  ink->m = m;
  ink->width = w;
  ink->height = h;
  f->ink = ink; /* the masks are made as they are drawn into (ink_cr) */
}

void
carom_label_ink_sum (CaromFrame *f)
{
  CaromLabelInk *ink = f->ink;
  if (ink == NULL)
    return;
  for (int k = 0; k < CAROM_INK_KINDS; k++)
    if (ink->surface[k] != NULL)
      cairo_surface_flush (ink->surface[k]);
  ink->done = TRUE;
}

/* Whether the mask of kind holds ink to read: never drawn into, or made
 * without room, it is clear. */
static gboolean
ink_readable (const CaromLabelInk *ink, CaromInkKind kind)
{
  return ink->surface[kind] != NULL
         && cairo_surface_status (ink->surface[kind]) == CAIRO_STATUS_SUCCESS;
}

/* The mask pixels under a device box: rows [*y0, *y1), columns [*x0, *x1). */
static gboolean
mask_span (const CaromLabelInk *ink, CgAabb box, int *x0, int *y0, int *x1, int *y1)
{
  *x0 = CLAMP ((int)floor (box.lo.x * ink->m), 0, ink->width);
  *y0 = CLAMP ((int)floor (box.lo.y * ink->m), 0, ink->height);
  *x1 = CLAMP ((int)ceil (box.hi.x * ink->m), 0, ink->width);
  *y1 = CLAMP ((int)ceil (box.hi.y * ink->m), 0, ink->height);
  return *x0 < *x1 && *y0 < *y1;
}

/* Labels ask about small boxes, a few hundred pixels each: the mask is read
 * as it is, no sums made over a frame of millions of pixels. */
gboolean
carom_label_ink_any (const CaromFrame *f, CaromInkKind kind, CgAabb box)
{
  const CaromLabelInk *ink = f->ink;
  int x0, y0, x1, y1;
  if (ink == NULL || !ink->done || !ink_readable (ink, kind)
      || !mask_span (ink, box, &x0, &y0, &x1, &y1))
    return FALSE;
  const guint8 *data = cairo_image_surface_get_data (ink->surface[kind]);
  int stride = cairo_image_surface_get_stride (ink->surface[kind]);
  /* From the middle row out: a box on ink usually has some in its middle. */
  int mid = (y0 + y1) / 2;
  for (int k = 0; k < y1 - y0; k++)
    {
      int y = k % 2 == 0 ? mid + k / 2 : mid - (k + 1) / 2;
      if (y < y0 || y >= y1)
        continue;
      const guint8 *line = data + (gsize)y * (gsize)stride;
      for (int x = x0; x < x1; x++)
        if (line[x] >= INK_THRESHOLD)
          return TRUE;
    }
  return FALSE;
}

guint32
carom_label_ink_count (const CaromFrame *f, CaromInkKind kind, CgAabb box)
{
  const CaromLabelInk *ink = f->ink;
  int x0, y0, x1, y1;
  if (ink == NULL || !ink->done || !ink_readable (ink, kind)
      || !mask_span (ink, box, &x0, &y0, &x1, &y1))
    return 0;
  const guint8 *data = cairo_image_surface_get_data (ink->surface[kind]);
  int stride = cairo_image_surface_get_stride (ink->surface[kind]);
  guint32 count = 0;
  for (int y = y0; y < y1; y++)
    {
      const guint8 *line = data + (gsize)y * (gsize)stride;
      for (int x = x0; x < x1; x++)
        count += line[x] >= INK_THRESHOLD;
    }
  return count;
}

void
carom_label_ink_end (CaromFrame *f)
{
  CaromLabelInk *ink = f->ink;
  if (ink == NULL)
    return;
  for (int k = 0; k < CAROM_INK_KINDS; k++)
    {
      cairo_destroy (ink->cr[k]);
      cairo_surface_destroy (ink->surface[k]);
    }
  g_free (ink);
  f->ink = NULL;
}
