/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-export.c: PNG through an image surface, PDF through a PDF surface,
 * and the SVG drawing through an SVG surface, all drawn by carom_render(). */
#include "carom-export.h"

#include "carom-figure.h"
#include "carom-svg-out.h"

#include <cairo-pdf.h>
#include <float.h>
#include <glib/gi18n-lib.h>
#include <string.h>

/* Room around the objects, as a fraction of the larger side: the SVG
 * writer's VIEW_PADDING (src/io/carom-svg-writer.c), so both frame alike. */
#define VIEW_PADDING 0.05

gboolean
carom_export_format_for_path (const char *path, CaromExportFormat *format, GError **error)
{
  g_return_val_if_fail (path != NULL && format != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  const char *dot = strrchr (path, '.');
  const char *slash = strrchr (path, G_DIR_SEPARATOR);
  if (dot != NULL && (slash == NULL || dot > slash))
    {
      if (g_ascii_strcasecmp (dot, ".svg") == 0)
        *format = CAROM_EXPORT_SVG;
      else if (g_ascii_strcasecmp (dot, ".png") == 0)
        *format = CAROM_EXPORT_PNG;
      else if (g_ascii_strcasecmp (dot, ".pdf") == 0)
        *format = CAROM_EXPORT_PDF;
      else
        dot = NULL;
      if (dot != NULL)
        return TRUE;
    }
  g_autofree char *display = g_filename_display_name (path);
  g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
               _ ("cannot tell the format of “%s”: the output must end in .svg, .png or .pdf"),
               display);
  return FALSE;
}

CgAabb
carom_export_box (const CmScene *scene)
{
  g_return_val_if_fail (scene != NULL, cg_aabb_empty ());

  /* The same steps as the writer's view_box_for(), so the numbers agree. */
  CgAabb box = cm_scene_get_bounds (scene);
  if (cg_aabb_is_empty (box))
    box = (CgAabb){ { 0.0, 0.0 }, { 100.0, 100.0 } };
  double side = fmin (fmax (box.hi.x - box.lo.x, box.hi.y - box.lo.y), DBL_MAX);
  if (!(side > 0.0))
    side = 1.0;
  box = cg_aabb_pad (box, VIEW_PADDING * side);
  /* A box with no width or height (one point far from the origin) still
   * needs an area to draw on. */
  if (!(box.hi.x > box.lo.x))
    box.hi.x = box.lo.x + fmax (fabs (box.lo.x), 1.0) * 1e-9;
  if (!(box.hi.y > box.lo.y))
    box.hi.y = box.lo.y + fmax (fabs (box.lo.y), 1.0) * 1e-9;
  return box;
}

void
carom_export_figure_size (CgAabb box, double *width_pt, double *height_pt)
{
  g_return_if_fail (width_pt != NULL && height_pt != NULL);
  double w = box.hi.x - box.lo.x, h = box.hi.y - box.lo.y;
  double longer = fmax (w, h);
  if (!(longer > 0.0) || !isfinite (longer))
    {
      *width_pt = *height_pt = CAROM_EXPORT_FIGURE_PT;
      return;
    }
  /* At least a point either way, so a long thin scene still gets a page. */
  *width_pt = fmax (CAROM_EXPORT_FIGURE_PT * w / longer, 1.0);
  *height_pt = fmax (CAROM_EXPORT_FIGURE_PT * h / longer, 1.0);
}

int
carom_export_png_height (CgAabb box, int width_px)
{
  double w, h;
  carom_export_figure_size (box, &w, &h);
  return (int)MAX (lround (width_px * h / w), 1);
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
cairo_ok (cairo_status_t status, GError **error)
{
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_CAIRO, _ ("cannot draw: %s"),
               cairo_status_to_string (status));
  return FALSE;
}

/* CONSISTENT: a temporary file renamed over the old one, so nobody ever sees
 * half a figure. */
static gboolean
write_bytes (const char *path, const guint8 *data, gsize length, GError **error)
{
  g_autoptr (GError) local = NULL;
  if (g_file_set_contents_full (path, (const char *)data, (gssize)length,
                                G_FILE_SET_CONTENTS_CONSISTENT, 0666, &local))
    return TRUE;
  g_autofree char *display = g_filename_display_name (path);
  g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_WRITE, _ ("Cannot write “%s”: %s"),
               display, local->message);
  return FALSE;
}

/* Draws the figure on surface, pt device units a point. */
static cairo_status_t
draw_figure (cairo_surface_t *surface, const CaromFigure *figure, double pt)
{
  cairo_t *cr = cairo_create (surface);
  carom_figure_draw (figure, cr, pt);
  cairo_status_t status = cairo_status (cr);
  cairo_destroy (cr);
  return status;
}

void
carom_export_png_size (const CaromFigure *figure, int width_px, int *png_width, int *png_height)
{
  g_return_if_fail (figure != NULL && png_width != NULL && png_height != NULL);
  /* The drawing is width_px wide; a legend outside adds to that. */
  double px = width_px / figure->drawing_width;
  *png_width = (int)MAX (lround (figure->width * px), 1);
  *png_height = figure->n_panels == 1 && figure->height == figure->drawing_height
                    ? carom_export_png_height (figure->box, width_px)
                    : (int)MAX (lround (figure->height * px), 1);
}

gboolean
carom_export_png (const CaromRenderCache *cache, CgAabb box, const CaromStyle *style,
                  const CaromRenderOptions *options, int width_px, const char *path, GError **error)
{
  g_return_val_if_fail (cache != NULL && style != NULL && options != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  g_return_val_if_fail (width_px > 0 && width_px <= CAROM_EXPORT_MAX_WIDTH, FALSE);

  CaromFigure figure;
  carom_figure_init (&figure, cache, box, style, options);
  int png_width, png_height;
  carom_export_png_size (&figure, width_px, &png_width, &png_height);
  if (png_height > CAROM_EXPORT_MAX_WIDTH || png_width > CAROM_EXPORT_MAX_WIDTH)
    {
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_CAIRO,
                   _ ("a PNG whose drawing is %d pixels wide would be %d × %d pixels, more than "
                      "%d: ask for a smaller --width"),
                   width_px, png_width, png_height, CAROM_EXPORT_MAX_WIDTH);
      return FALSE;
    }

  cairo_surface_t *surface
      = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, png_width, png_height);
  cairo_status_t status = cairo_surface_status (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = draw_figure (surface, &figure, width_px / figure.drawing_width);
  g_autoptr (GByteArray) png = g_byte_array_new ();
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_write_to_png_stream (surface, append_bytes, png);
  cairo_surface_destroy (surface);
  return cairo_ok (status, error) && write_bytes (path, png->data, png->len, error);
}

gboolean
carom_export_pdf (const CaromRenderCache *cache, CgAabb box, const CaromStyle *style,
                  const CaromRenderOptions *options, const char *path, GError **error)
{
  g_return_val_if_fail (cache != NULL && style != NULL && options != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  CaromFigure figure;
  carom_figure_init (&figure, cache, box, style, options);
  g_autoptr (GByteArray) pdf = g_byte_array_new ();
  cairo_surface_t *surface
      = cairo_pdf_surface_create_for_stream (append_bytes, pdf, figure.width, figure.height);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Carom");
  cairo_status_t status = cairo_surface_status (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = draw_figure (surface, &figure, 1.0);
  /* Finishing writes the fonts (subsets) and the trailer into pdf. */
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  return cairo_ok (status, error) && write_bytes (path, pdf->data, pdf->len, error);
}

char *
carom_export_svg_fragment (const CaromRenderCache *cache, CgAabb box, const CaromStyle *style,
                           const CaromRenderOptions *options, gboolean may_grow, CgAabb *cover,
                           GError **error)
{
  g_return_val_if_fail (cache != NULL && style != NULL && options != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* An SVG scene is one drawing over its objects, in its own frame: no
   * panels; its legend inside, or beside it where the frame may grow. */
  CaromRenderOptions single = *options;
  single.steps = NULL;
  single.n_steps = 0;
  if (!may_grow && single.legend != CAROM_LEGEND_AUTO)
    single.legend = CAROM_LEGEND_NONE;
  CaromFigure figure;
  carom_figure_init (&figure, cache, box, style, &single);
  if (!may_grow)
    {
      if (!figure.legend_inside)
        figure.legend = cg_aabb_empty ();
      figure.width = figure.drawing_width;
      figure.height = figure.drawing_height;
    }
  if (cover != NULL)
    *cover = carom_export_figure_cover (&figure);
  return carom_export_svg_figure_fragment (&figure, error);
}

CgAabb
carom_export_figure_cover (const CaromFigure *figure)
{
  g_return_val_if_fail (figure != NULL, cg_aabb_empty ());
  /* Points onto scene units, as the drawing of figure->box is mapped. */
  CgAabb box = figure->box;
  double k = (box.hi.x - box.lo.x) / figure->drawing_width;
  return (CgAabb){ box.lo, cg_add (box.lo, cg_v2 (figure->width * k, figure->height * k)) };
}

char *
carom_export_svg_figure_fragment (const CaromFigure *fig, GError **error)
{
  g_return_val_if_fail (fig != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Drawn through a scratch context whose paths go, element by element, into
   * a structured SVG (carom-svg-out.h); nothing is drawn on the scratch. */
  CaromFigure figure = *fig;
  CaromSvgOut *out = carom_svg_out_new (figure.width, figure.height, figure.style.font_family);
  figure.options.svg_out = out;
  cairo_surface_t *scratch = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
  cairo_t *cr = cairo_create (scratch);
  carom_figure_draw (&figure, cr, 1.0);
  cairo_status_t status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (scratch);
  char *fragment = carom_svg_out_finish (out, carom_export_figure_cover (&figure));
  if (!cairo_ok (status, error))
    g_clear_pointer (&fragment, g_free);
  return fragment;
}
