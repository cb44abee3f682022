/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-figure.c: panels, captions and the legend around them (carom-figure.h). */
#include "carom-figure.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "carom-export.h"
#include "carom-svg-out.h"

/* In points: between panels, between the drawing and a legend outside it,
 * and the caption's line height in font sizes. */
#define PANEL_GAP 12.0
#define LEGEND_MARGIN 8.0
#define CAPTION_LINE 1.6
/* Small multiples: a panel's longer side is the figure's share of a text
 * width, but not so small that its labels crowd it. */
#define PANEL_MIN_PT 180.0

gint64
carom_figure_panel_step (const CaromFigure *figure, guint i)
{
  g_return_val_if_fail (figure != NULL, CAROM_STEP_NONE);
  if (figure->options.n_steps == 0)
    return figure->options.step;
  return i < figure->options.n_steps ? figure->options.steps[i] : CAROM_STEP_NONE;
}

CgVec2
carom_figure_panel_origin (const CaromFigure *figure, guint i)
{
  g_return_val_if_fail (figure != NULL && figure->columns > 0, cg_v2 (0.0, 0.0));
  guint col = i % figure->columns, row = i / figure->columns;
  return cg_v2 (col * (figure->panel_width + figure->gap),
                row * (figure->panel_height + figure->caption_height + figure->gap));
}

char *
carom_figure_caption (const CaromFigure *figure, guint i)
{
  g_return_val_if_fail (figure != NULL, NULL);
  if (figure->options.n_steps == 0)
    return NULL;
  return carom_render_step_title (figure->cache, carom_figure_panel_step (figure, i));
}

void
carom_figure_init (CaromFigure *fig, const CaromRenderCache *cache, CgAabb box,
                   const CaromStyle *style, const CaromRenderOptions *options)
{
  g_return_if_fail (fig != NULL && cache != NULL && style != NULL && options != NULL);

  *fig = (CaromFigure){ .cache = cache, .style = *style, .options = *options, .box = box };
  CaromRenderOptions *o = &fig->options;
  if (o->n_steps > CAROM_FIGURE_MAX_PANELS)
    o->n_steps = CAROM_FIGURE_MAX_PANELS;
  if (o->steps == NULL)
    o->n_steps = 0;
  fig->n_panels = o->n_steps > 0 ? o->n_steps : 1;
  fig->columns = MIN (fig->n_panels, CAROM_FIGURE_MAX_COLUMNS);
  fig->rows = (fig->n_panels + fig->columns - 1) / fig->columns;

  double w, h;
  carom_export_figure_size (box, &w, &h);
  if (fig->n_panels > 1)
    {
      double longer = fmax (CAROM_EXPORT_FIGURE_PT / fig->columns, PANEL_MIN_PT);
      double k = longer / fmax (w, h);
      w *= k;
      h *= k;
      fig->caption_height = CAPTION_LINE * style->legend_size + 2.0;
      fig->gap = PANEL_GAP;
    }
  fig->panel_width = w;
  fig->panel_height = h;
  fig->drawing_width = fig->columns * w + (fig->columns - 1) * fig->gap;
  fig->drawing_height = fig->rows * (h + fig->caption_height) + (fig->rows - 1) * fig->gap;
  fig->width = fig->drawing_width;
  fig->height = fig->drawing_height;
  fig->legend = cg_aabb_empty ();

  if (!(o->overlays & CAROM_OVERLAY_LEGEND) || o->legend == CAROM_LEGEND_NONE)
    return;
  double lw, lh;
  carom_render_legend_size (cache, style, o, &lw, &lh);
  if (!(lw > 0.0 && lh > 0.0))
    return;
  CaromLegendPlacement place = o->legend;
  if (place == CAROM_LEGEND_AUTO && fig->n_panels == 1)
    {
      /* Inside, where a corner is free of everything drawn. */
      CaromView view = carom_view_fit (box, w, h, 0.0, 1.0);
      CgAabb rect;
      if (carom_render_legend_spot (cache, &view, style, o, lw, lh, &rect))
        {
          fig->legend = rect;
          fig->legend_inside = TRUE;
          return;
        }
    }
  if (place == CAROM_LEGEND_AUTO)
    /* Outside, along the drawing's longer side, so the figure stays compact. */
    {
      /* Outside: beside a tall drawing, below a wide one, else on the side
       * that leaves the smaller figure. */
      double dw = fig->drawing_width, dh = fig->drawing_height;
      double right = (dw + LEGEND_MARGIN + lw) * fmax (dh, lh);
      double below = fmax (dw, lw) * (dh + LEGEND_MARGIN + lh);
      if (dh > 1.2 * dw)
        place = CAROM_LEGEND_RIGHT;
      else if (dw > 1.2 * dh)
        place = CAROM_LEGEND_BELOW;
      else
        place = below <= right ? CAROM_LEGEND_BELOW : CAROM_LEGEND_RIGHT;
    }
  if (place == CAROM_LEGEND_RIGHT)
    {
      CgVec2 lo = { fig->drawing_width + LEGEND_MARGIN, 0.0 };
      fig->legend = (CgAabb){ lo, cg_add (lo, cg_v2 (lw, lh)) };
      fig->width = fig->legend.hi.x + 1.0;
      fig->height = fmax (fig->drawing_height, lh + 1.0);
    }
  else
    {
      CgVec2 lo = { 1.0, fig->drawing_height + LEGEND_MARGIN };
      fig->legend = (CgAabb){ lo, cg_add (lo, cg_v2 (lw, lh)) };
      fig->width = fmax (fig->drawing_width, lw + 2.0);
      fig->height = fig->legend.hi.y + 1.0;
    }
}

void
carom_figure_draw (const CaromFigure *fig, cairo_t *cr, double pt)
{
  g_return_if_fail (fig != NULL && cr != NULL && pt > 0.0);

  cairo_save (cr);
  if (fig->style.background.alpha > 0.0)
    {
      cairo_rectangle (cr, 0.0, 0.0, fig->width * pt, fig->height * pt);
      cairo_set_source_rgba (cr, fig->style.background.red, fig->style.background.green,
                             fig->style.background.blue, fig->style.background.alpha);
      if (fig->options.svg_out != NULL)
        {
          carom_svg_out_item (fig->options.svg_out, CAROM_LAYER_BACKGROUND, NULL, FALSE);
          carom_svg_out_draw (fig->options.svg_out, cr, FALSE);
          cairo_new_path (cr);
        }
      else
        cairo_fill (cr);
    }
  CaromRenderOptions panel = fig->options;
  panel.overlays &= ~CAROM_OVERLAY_LEGEND;
  panel.steps = NULL;
  panel.n_steps = 0;
  for (guint i = 0; i < fig->n_panels; i++)
    {
      CgVec2 at = cg_scale (carom_figure_panel_origin (fig, i), pt);
      panel.step = carom_figure_panel_step (fig, i);
      cairo_save (cr);
      cairo_translate (cr, at.x, at.y);
      CaromView view
          = carom_view_fit (fig->box, fig->panel_width * pt, fig->panel_height * pt, 0.0, pt);
      carom_render (cr, fig->cache, &view, &fig->style, &panel, NULL);
      cairo_restore (cr);
      g_autofree char *caption = carom_figure_caption (fig, i);
      if (caption != NULL)
        {
          CgVec2 mid = { at.x + 0.5 * fig->panel_width * pt,
                         at.y + (fig->panel_height + 0.5 * fig->caption_height) * pt };
          carom_render_caption (cr, fig->cache, &fig->style, &fig->options, pt, caption, mid);
        }
    }
  if (!cg_aabb_is_empty (fig->legend))
    carom_render_legend (cr, fig->cache, &fig->style, &fig->options, pt,
                         cg_scale (fig->legend.lo, pt));
  cairo_restore (cr);
}

/* One step number. */
static gboolean
parse_step (const char *text, gint64 *step)
{
  guint64 value;
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXINT32, &value, NULL))
    return FALSE;
  *step = (gint64)value;
  return TRUE;
}

GArray *
carom_figure_parse_steps (const char *list, GError **error)
{
  g_return_val_if_fail (list != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_auto (GStrv) items = g_strsplit (list, ",", -1);
  for (char **p = items; *p != NULL; p++)
    {
      char *item = g_strstrip (*p);
      if (*item == '\0')
        continue;
      const char *dash = strchr (item, '-');
      gint64 lo, hi;
      gboolean ok;
      if (dash != NULL)
        {
          g_autofree char *first = g_strndup (item, (gsize)(dash - item));
          ok = parse_step (g_strstrip (first), &lo)
               && parse_step (g_strstrip ((char *)dash + 1), &hi) && lo <= hi;
        }
      else
        {
          ok = parse_step (item, &lo);
          hi = lo;
        }
      if (!ok)
        {
          g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_STEP,
                       _ ("“%s” is not a step or a range of steps (such as 3 or 1-4)"), item);
          return NULL;
        }
      if (steps->len + (hi - lo + 1) > CAROM_FIGURE_MAX_PANELS)
        {
          g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_STEP,
                       _ ("more than %d steps in one figure"), CAROM_FIGURE_MAX_PANELS);
          return NULL;
        }
      for (gint64 k = lo; k <= hi; k++)
        g_array_append_val (steps, k);
    }
  if (steps->len == 0)
    {
      g_set_error_literal (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_STEP,
                           _ ("no steps given (such as 1,2,3 or 1-4)"));
      return NULL;
    }
  return g_steal_pointer (&steps);
}
