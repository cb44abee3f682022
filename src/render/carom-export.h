/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-export.h: diagrams as PNG, PDF, or the drawing an SVG scene carries.
 *
 * An exported figure has a nominal size in points: the scene's box scaled so
 * that its longer side is CAROM_EXPORT_FIGURE_PT (5 in, a textbook's text
 * width). Line widths and fonts are points of that figure. A PDF page is that
 * size; a PNG is that figure at a resolution chosen by its width in pixels;
 * an SVG scene carries the figure in scene units. So all three formats show
 * the same picture, and a PNG twice as wide is the same figure, sharper. */
#pragma once

#include "carom-figure.h"
#include "carom-render.h"

G_BEGIN_DECLS

/// The longer side of an exported figure, in points.
#define CAROM_EXPORT_FIGURE_PT 360.0

/// A PNG's width in pixels when none is asked for (4 pixels a point: 288 dpi).
#define CAROM_EXPORT_DEFAULT_WIDTH 1440

/// The widest PNG Carom writes, in pixels (cairo's image surfaces stop at 32767).
#define CAROM_EXPORT_MAX_WIDTH 32767

/// The file formats `carom export` writes.
typedef enum
{
  CAROM_EXPORT_SVG,
  CAROM_EXPORT_PNG,
  CAROM_EXPORT_PDF,
} CaromExportFormat;

/// The format a file name asks for by its extension (.svg, .png, .pdf, in any
/// case); otherwise CAROM_RENDER_ERROR_FORMAT naming the path.
gboolean carom_export_format_for_path (const char *path, CaromExportFormat *format, GError **error);

/// The scene box a figure shows: every object, balls included, with 5% of
/// the larger side around it, the box the SVG writer makes the scene's
/// viewBox, so an exported SVG frames the same picture as the PNG and PDF.
CgAabb carom_export_box (const CmScene *scene);

/// The figure's size in points for box.
void carom_export_figure_size (CgAabb box, double *width_pt, double *height_pt);

/// A PNG's height in pixels for width_px.
int carom_export_png_height (CgAabb box, int width_px);

/// Draws the figure of box (carom-figure.h: the panels of options->steps, the
/// legend where options->legend says) onto a new image surface and writes it
/// as PNG to path (through a temporary file and a rename). width_px is the
/// drawing's width: a legend outside it adds to the image.
gboolean carom_export_png (const CaromRenderCache *cache, CgAabb box, const CaromStyle *style,
                           const CaromRenderOptions *options, int width_px, const char *path,
                           GError **error);

/// Draws the figure of box (as carom_export_png()) as a one-page vector PDF (fonts embedded) and
/// writes it to path (through a temporary file and a rename).
gboolean carom_export_pdf (const CaromRenderCache *cache, CgAabb box, const CaromStyle *style,
                           const CaromRenderOptions *options, const char *path, GError **error);

/// The figure of box as structured SVG (carom-svg-out.h): one drawing over
/// box in scene units, ready to go into the scene file's generated group
/// (carom_svg_write_file_with_figure()), with an Inkscape layer for each
/// kind of thing drawn, carom:for on what is drawn for an object, a ball,
/// a beam, a step vector or a hit, and labels as <text>. Its ids start
/// with "carom-generated-" so they cannot clash with object ids. An SVG
/// scene is one drawing in the scene's own frame: options->steps is
/// ignored. With may_grow (carom_svg_frame_can_grow()) the legend goes as
/// in a PNG, inside where a corner is free, else outside, and *cover (may
/// be NULL) is the box the figure covers, beyond box; without, the legend
/// only goes inside, and *cover is box.
char *carom_export_svg_fragment (const CaromRenderCache *cache, CgAabb box, const CaromStyle *style,
                                 const CaromRenderOptions *options, gboolean may_grow,
                                 CgAabb *cover, GError **error);

/// The box in scene units a laid-out figure covers: its drawing over
/// figure->box and its legend outside, at the drawing's scale.
CgAabb carom_export_figure_cover (const CaromFigure *figure);

/// The SVG fragment (as carom_export_svg_fragment()) of a figure laid out
/// by the caller, covering carom_export_figure_cover() (the animated SVG
/// lays out with the path and draws without it).
char *carom_export_svg_figure_fragment (const CaromFigure *figure, GError **error);

/// The size of the PNG carom_export_png() writes for figure with a drawing width_px wide.
void carom_export_png_size (const CaromFigure *figure, int width_px, int *png_width,
                            int *png_height);

G_END_DECLS
