/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-figure.h: a figure for an article: one drawing or a row of small
 * multiples, captions, and a legend that never covers what is drawn.
 *
 * A figure is laid out in points once, whatever it is later drawn on, so the
 * PNG, the PDF and the SVG of it show the same picture: panels of the same
 * size and scale side by side (up to four in a row), each with its caption
 * below when there are several, and the legend inside a corner of the single
 * drawing that nothing drawn comes near (measured on a mask of the drawing),
 * or else outside, to the right or below, growing the figure while the
 * drawing keeps its place from the top-left corner. */
#pragma once

#include "carom-render.h"

G_BEGIN_DECLS

/// The most panels in a row of small multiples.
#define CAROM_FIGURE_MAX_COLUMNS 4

/// The most panels one figure has.
#define CAROM_FIGURE_MAX_PANELS 64

/// A laid-out figure. Everything in points, (0, 0) at its top-left corner.
typedef struct
{
  const CaromRenderCache *cache; ///< borrowed
  CaromStyle style;
  CaromRenderOptions options; ///< as given; options.steps is borrowed
  CgAabb box;                 ///< the scene box each panel shows

  guint n_panels, columns, rows;
  double panel_width, panel_height;     ///< one panel's drawing
  double caption_height;                ///< below each panel (0 for a single drawing)
  double gap;                           ///< between panels
  double drawing_width, drawing_height; ///< the panels with their captions
  double width, height;                 ///< the whole figure, legend included
  CgAabb legend;                        ///< where the legend goes; empty: none
  gboolean legend_inside;               ///< in a free corner of the drawing
} CaromFigure;

/// Lays out the figure of box for options (steps, legend placement). The
/// legend is placed by drawing the figure into a mask: this costs a drawing.
void carom_figure_init (CaromFigure *figure, const CaromRenderCache *cache, CgAabb box,
                        const CaromStyle *style, const CaromRenderOptions *options);

/// The step panel i shows (options.step for a single drawing).
gint64 carom_figure_panel_step (const CaromFigure *figure, guint i);

/// Panel i's top-left corner, in points.
CgVec2 carom_figure_panel_origin (const CaromFigure *figure, guint i);

/// Panel i's caption as Pango markup ("Hit 2 of 29: wall “room”"), or NULL
/// for a single drawing (newly allocated).
char *carom_figure_caption (const CaromFigure *figure, guint i);

/// Draws the whole figure on cr, pt device units a point, from (0, 0) in
/// cr's user space: the background over width × height, the panels, their
/// captions and the legend.
void carom_figure_draw (const CaromFigure *figure, cairo_t *cr, double pt);

/// Parses a list of steps, "1,2,3" or ranges "1-4" or both ("0,3-5"), in
/// the order given; CAROM_RENDER_ERROR_STEP naming what is wrong. The array
/// (gint64) is newly allocated.
GArray *carom_figure_parse_steps (const char *list, GError **error);

G_END_DECLS
