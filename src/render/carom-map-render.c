/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-map-render.c: the boundary map as a plot, drawn with cairo and
 * Pango: a frame with ticks on both axes, light grid lines, the traced
 * objects as bands along ξ (their ids above the frame where they fit), and
 * a dot per hit, one colour per ball. Sizes are points. */
#include "carom-map-render.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "carom-export.h"

/* Okabe–Ito: told apart by people with any common colour vision. */
static const double ball_colours[][3] = {
  { 0.000, 0.447, 0.698 }, /* blue */
  { 0.835, 0.369, 0.000 }, /* vermillion */
  { 0.000, 0.620, 0.451 }, /* bluish green */
  { 0.800, 0.475, 0.655 }, /* reddish purple */
  { 0.902, 0.624, 0.000 }, /* orange */
  { 0.337, 0.706, 0.914 }, /* sky blue */
  { -1, -1, -1 },          /* the text's colour (black on light; Okabe–Ito's yellow is too
                              faint on white) */
};

#define FONT "Sans"
#define TEXT_PT 7.5
#define SMALL_PT 6.0

/* The tick step for a range: 1, 2 or 5 times a power of ten, about `want`
 * ticks. */
static double
nice_step (double range, int want)
{
  if (!(range > 0.0))
    return 1.0;
  double raw = range / want, p = pow (10.0, floor (log10 (raw))), f = raw / p;
  return (f < 1.5 ? 1.0 : f < 3.5 ? 2.0 : f < 7.5 ? 5.0 : 10.0) * p;
}

/* Text at (x, y), anchored by ax, ay in [0, 1] of its extent (0: left/top). */
static void
show_text (cairo_t *cr, PangoLayout *layout, const char *text, double size, double x, double y,
           double ax, double ay, gboolean vertical)
{
  PangoFontDescription *font = pango_font_description_from_string (FONT);
  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text, -1);
  PangoRectangle ink, logical;
  pango_layout_get_extents (layout, &ink, &logical);
  double w = logical.width / (double)PANGO_SCALE, h = logical.height / (double)PANGO_SCALE;
  cairo_save (cr);
  cairo_translate (cr, x, y);
  if (vertical)
    cairo_rotate (cr, -G_PI / 2);
  cairo_move_to (cr, -ax * w, -ay * h);
  pango_cairo_update_layout (cr, layout);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

static double
text_width (PangoLayout *layout, const char *text, double size)
{
  PangoFontDescription *font = pango_font_description_from_string (FONT);
  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text, -1);
  PangoRectangle logical;
  pango_layout_get_extents (layout, NULL, &logical);
  return logical.width / (double)PANGO_SCALE;
}

/* A tick label: up to 6 significant digits, no trailing zeros. */
static void
format_tick (double v, char buf[G_ASCII_DTOSTR_BUF_SIZE])
{
  if (fabs (v) < 1e-12)
    v = 0.0;
  /* A minus sign, not a hyphen, before negative numbers. */
  char digits[G_ASCII_DTOSTR_BUF_SIZE];
  g_ascii_formatd (digits, sizeof digits, "%.6g", fabs (v));
  g_snprintf (buf, G_ASCII_DTOSTR_BUF_SIZE, "%s%s", v < 0.0 ? "−" : "", digits);
}

CaromMapFrame
carom_map_frame (double width, double height, double xi_total)
{
  return (CaromMapFrame){ .left = 46,
                          .top = 40,
                          .right = width - 10,
                          .bottom = height - 34,
                          .xi_max = xi_total > 0.0 ? xi_total : 1.0 };
}

void
carom_map_frame_point (const CaromMapFrame *f, double xi, double sin_phi, double *x, double *y)
{
  *x = f->left + xi / f->xi_max * (f->right - f->left);
  *y = f->bottom - (sin_phi + 1.0) / 2.0 * (f->bottom - f->top);
}

void
carom_map_draw (cairo_t *cr, double width, double height, const CaromSceneTrace *trace,
                const guint *balls, guint n_balls, gboolean dark)
{
  g_return_if_fail (cr != NULL && trace != NULL);
  g_autofree double *offsets = carom_boundary_map_offsets (trace);
  guint n_polys = trace->polygons->len;
  double total = offsets[n_polys];
  double fg = dark ? 0.92 : 0.10, grid = dark ? 0.30 : 0.88, band = dark ? 0.20 : 0.955;

  cairo_save (cr);
  cairo_set_source_rgb (cr, dark ? 0.14 : 1.0, dark ? 0.14 : 1.0, dark ? 0.14 : 1.0);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);

  PangoLayout *layout = pango_cairo_create_layout (cr);
  cairo_font_options_t *options = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_antialias (options, CAIRO_ANTIALIAS_GRAY);
  pango_cairo_context_set_font_options (pango_layout_get_context (layout), options);
  cairo_font_options_destroy (options);

  /* The plot area. */
  CaromMapFrame frame = carom_map_frame (width, height, total);
  double left = frame.left, right = frame.right, top = frame.top, bottom = frame.bottom;
  double pw = right - left, ph = bottom - top;
  double x_max = frame.xi_max;
#define X(v) (left + (v) / x_max * pw)
#define Y(v) (bottom - ((v) + 1.0) / 2.0 * ph)

  /* Title: which balls. */
  cairo_set_source_rgb (cr, fg, fg, fg);
  g_autofree char *title = NULL;
  if (n_balls == 1)
    {
      const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, balls[0]);
      title
          = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Boundary map of ball “%s”: %zu hit",
                                          "Boundary map of ball “%s”: %zu hits", bt->trace.n_hits),
                             bt->ball->id, bt->trace.n_hits);
    }
  else
    title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Boundary map of %u ball",
                                          "Boundary map of %u balls", n_balls),
                             n_balls);
  show_text (cr, layout, title, TEXT_PT + 1, left, 6, 0, 0, FALSE);

  /* The objects: alternate bands along ξ, ids above the frame where they
   * fit. Objects narrower than MIN_BAND points on the plot (thousands of
   * small obstacles) get no band and no boundary line: they would only
   * make a moiré. */
#define MIN_BAND 2.5
  for (guint i = 0; i < n_polys; i++)
    {
      double x0 = X (offsets[i]), x1 = X (offsets[i + 1]);
      if (i % 2 == 1 && x1 - x0 >= MIN_BAND)
        {
          cairo_set_source_rgb (cr, band, band, band);
          cairo_rectangle (cr, x0, top, x1 - x0, ph);
          cairo_fill (cr);
        }
      const CaromObject *o = g_ptr_array_index (trace->polygons, i);
      if (o->id != NULL && text_width (layout, o->id, SMALL_PT) + 2 < x1 - x0)
        {
          cairo_set_source_rgb (cr, fg, fg, fg);
          show_text (cr, layout, o->id, SMALL_PT, 0.5 * (x0 + x1), top - 2, 0.5, 1, FALSE);
        }
    }

  /* Grid and ticks. */
  cairo_set_line_width (cr, 0.4);
  double step = nice_step (x_max, 6);
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  for (double v = 0.0; v <= x_max * (1 + 1e-9); v += step)
    {
      cairo_set_source_rgb (cr, grid, grid, grid);
      cairo_move_to (cr, X (v), top);
      cairo_line_to (cr, X (v), bottom);
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, fg, fg, fg);
      cairo_move_to (cr, X (v), bottom);
      cairo_line_to (cr, X (v), bottom + 3);
      cairo_stroke (cr);
      format_tick (v, buf);
      show_text (cr, layout, buf, SMALL_PT, X (v), bottom + 4, 0.5, 0, FALSE);
    }
  for (int k = -4; k <= 4; k++)
    {
      double v = k / 4.0;
      cairo_set_source_rgb (cr, grid, grid, grid);
      cairo_move_to (cr, left, Y (v));
      cairo_line_to (cr, right, Y (v));
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, fg, fg, fg);
      cairo_move_to (cr, left - 3, Y (v));
      cairo_line_to (cr, left, Y (v));
      cairo_stroke (cr);
      if (k % 2 == 0)
        {
          format_tick (v, buf);
          show_text (cr, layout, buf, SMALL_PT, left - 5, Y (v), 1, 0.5, FALSE);
        }
    }
  /* Object boundaries. */
  cairo_set_source_rgb (cr, fg, fg, fg);
  cairo_set_line_width (cr, 0.5);
  double dash[] = { 2.0, 2.0 };
  cairo_set_dash (cr, dash, 2, 0);
  double last = -INFINITY;
  for (guint i = 1; i < n_polys; i++)
    {
      double x = X (offsets[i]);
      /* Where a wide object begins or ends, not between two narrow ones. */
      if (x - last < MIN_BAND
          || (x - X (offsets[i - 1]) < MIN_BAND && X (offsets[i + 1]) - x < MIN_BAND))
        continue;
      cairo_move_to (cr, x, top);
      cairo_line_to (cr, x, bottom);
      last = x;
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_width (cr, 0.8);
  cairo_rectangle (cr, left, top, pw, ph);
  cairo_stroke (cr);

  /* Axis labels. */
  show_text (cr, layout, _ ("ξ, arc length along the objects"), TEXT_PT, 0.5 * (left + right),
             height - 3, 0.5, 1, FALSE);
  show_text (cr, layout, _ ("sin φ"), TEXT_PT, 4, 0.5 * (top + bottom), 0.5, 0, TRUE);

  /* The hits, clipped to the frame. */
  cairo_save (cr);
  cairo_rectangle (cr, left - 2, top - 2, pw + 4, ph + 4);
  cairo_clip (cr);
  /* Dots smaller as they get many, so a chaotic sea still shows its texture. */
  size_t n_points = 0;
  for (guint b = 0; b < n_balls; b++)
    n_points += g_array_index (trace->balls, CaromBallTrace, balls[b]).trace.n_hits;
  double radius = n_points < 200 ? 1.6 : n_points < 2000 ? 1.0 : n_points < 20000 ? 0.6 : 0.35;
  for (guint b = 0; b < n_balls; b++)
    {
      g_autoptr (GArray) points = carom_boundary_map_points (trace, balls[b], offsets);
      const double *c = ball_colours[b % G_N_ELEMENTS (ball_colours)];
      if (c[0] < 0)
        cairo_set_source_rgb (cr, fg, fg, fg);
      else
        cairo_set_source_rgb (cr, c[0], c[1], c[2]);
      for (guint k = 0; k < points->len; k++)
        {
          const CaromMapPoint *p = &g_array_index (points, CaromMapPoint, k);
          cairo_new_sub_path (cr);
          cairo_arc (cr, X (p->xi), Y (p->sin_phi), radius, 0, 2 * G_PI);
        }
      cairo_fill (cr);
    }
  cairo_restore (cr);

  /* A legend of the balls' colours when there are several, as long as each
   * has its own (up to 7). */
  if (n_balls > 1 && n_balls <= G_N_ELEMENTS (ball_colours))
    {
      double x = right;
      for (guint b = MIN (n_balls, G_N_ELEMENTS (ball_colours)); b-- > 0;)
        {
          const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, balls[b]);
          double w = text_width (layout, bt->ball->id, SMALL_PT);
          x -= w;
          cairo_set_source_rgb (cr, fg, fg, fg);
          show_text (cr, layout, bt->ball->id, SMALL_PT, x, 10, 0, 0.5, FALSE);
          const double *c = ball_colours[b];
          if (c[0] < 0)
            cairo_set_source_rgb (cr, fg, fg, fg);
          else
            cairo_set_source_rgb (cr, c[0], c[1], c[2]);
          cairo_arc (cr, x - 4, 10, 2, 0, 2 * G_PI);
          cairo_fill (cr);
          x -= 12;
        }
    }
#undef X
#undef Y
#undef MIN_BAND
  g_object_unref (layout);
  cairo_restore (cr);
}

gboolean
carom_map_write (const char *path, const CaromSceneTrace *trace, const guint *balls, guint n_balls,
                 GError **error)
{
  CaromExportFormat format;
  if (!carom_export_format_for_path (path, &format, error))
    return FALSE;
  double w = CAROM_MAP_WIDTH_PT, h = CAROM_MAP_HEIGHT_PT;
  cairo_surface_t *surface
      = format == CAROM_EXPORT_PNG ? cairo_image_surface_create (
            CAIRO_FORMAT_RGB24, (int)(w * CAROM_MAP_PX_PER_PT), (int)(h * CAROM_MAP_PX_PER_PT))
        : format == CAROM_EXPORT_SVG ? cairo_svg_surface_create (path, w, h)
                                     : cairo_pdf_surface_create (path, w, h);
  cairo_t *cr = cairo_create (surface);
  if (format == CAROM_EXPORT_PNG)
    cairo_scale (cr, CAROM_MAP_PX_PER_PT, CAROM_MAP_PX_PER_PT);
  carom_map_draw (cr, w, h, trace, balls, n_balls, FALSE);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  cairo_status_t status = format == CAROM_EXPORT_PNG
                              ? cairo_surface_write_to_png (surface, path)
                              : (cairo_surface_finish (surface), cairo_surface_status (surface));
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_autofree char *display = g_filename_display_name (path);
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_WRITE, _ ("cannot write “%s”: %s"),
                   display, cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}
