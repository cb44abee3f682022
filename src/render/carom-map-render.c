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
#include <string.h>

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

/* True when balls[0 .. n_balls) are the rays of one beam (side by side in
 * the trace, with the beam's index in the scene). */
gboolean
carom_map_one_beam (const CmSceneTrace *trace, const guint *balls, guint n_balls)
{
  if (n_balls < 2)
    return FALSE;
  guint index = g_array_index (trace->balls, CaromBallTrace, balls[0]).index;
  for (guint i = 1; i < n_balls; i++)
    if (g_array_index (trace->balls, CaromBallTrace, balls[i]).index != index)
      return FALSE;
  return TRUE;
}

char *
carom_map_title (const CmSceneTrace *trace, const guint *balls, guint n_balls)
{
  g_return_val_if_fail (trace != NULL, NULL);
  size_t n_hits = 0;
  for (guint i = 0; i < n_balls; i++)
    n_hits += g_array_index (trace->balls, CaromBallTrace, balls[i]).trace.n_hits;
  if (n_balls == 1)
    {
      const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, balls[0]);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Boundary map of ball “%s”: %zu hit",
                                           "Boundary map of ball “%s”: %zu hits", n_hits),
                              bt->ball->id, n_hits);
    }
  if (carom_map_one_beam (trace, balls, n_balls))
    {
      /* The beam's name: its rays are BEAMID#k. */
      g_autofree char *beam
          = g_strdup (g_array_index (trace->balls, CaromBallTrace, balls[0]).ball->id);
      char *hash = strrchr (beam, '#');
      if (hash != NULL)
        *hash = '\0';
      g_autofree char *hits
          = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%zu hit", "%zu hits", n_hits), n_hits);
      /* Translators: the boundary map's title for a beam: its name, its rays, its hits ("2900
       * hits"). */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Boundary map of beam “%s”: %u ray, %s",
                                           "Boundary map of beam “%s”: %u rays, %s", n_balls),
                              beam, n_balls, hits);
    }
  return g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE, "Boundary map of %u ball", "Boundary map of %u balls", n_balls),
      n_balls);
}

void
carom_map_dot_colour (gboolean one_beam, guint i, guint n_balls, guint hit, guint most_hits,
                      CaromPathColouring colouring, gboolean dark, double rgb[3])
{
  CaromColor c;
  switch (colouring)
    {
    case CAROM_PATHS_SINGLE:
      c = carom_style_screen (dark).path;
      break;
    case CAROM_PATHS_BY_BOUNCES:
      /* As the path's segment that arrives at the hit: after `hit` bounces. */
      c = carom_render_ramp (most_hits > 0 ? (double)hit / most_hits : 0.0);
      break;
    case CAROM_PATHS_BY_RAY:
    default:
      if (one_beam && n_balls > 1)
        c = carom_render_ramp ((double)i / (n_balls - 1));
      else
        {
          const double *o = ball_colours[i % G_N_ELEMENTS (ball_colours)];
          double fg = dark ? 0.92 : 0.10;
          for (int k = 0; k < 3; k++)
            rgb[k] = o[0] < 0 ? fg : o[k];
          return;
        }
    }
  rgb[0] = c.red;
  rgb[1] = c.green;
  rgb[2] = c.blue;
}

static PangoLayout *
map_layout (cairo_t *cr)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  cairo_font_options_t *options = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_antialias (options, CAIRO_ANTIALIAS_GRAY);
  pango_cairo_context_set_font_options (pango_layout_get_context (layout), options);
  cairo_font_options_destroy (options);
  return layout;
}

double
carom_map_dot_radius (size_t n_points)
{
  /* Dots smaller as they get many, so a chaotic sea still shows its texture. */
  return n_points < 200 ? 1.6 : n_points < 2000 ? 1.0 : n_points < 20000 ? 0.6 : 0.35;
}

void
carom_map_draw_frame (cairo_t *cr, double width, double height, const CmSceneTrace *trace,
                      const double *offsets, const char *title, gboolean dark)
{
  g_return_if_fail (cr != NULL && trace != NULL && offsets != NULL);
  guint n_polys = trace->polygons->len;
  double total = offsets[n_polys];
  double fg = dark ? 0.92 : 0.10, grid = dark ? 0.30 : 0.88, band = dark ? 0.20 : 0.955;

  cairo_save (cr);
  cairo_set_source_rgb (cr, dark ? 0.14 : 1.0, dark ? 0.14 : 1.0, dark ? 0.14 : 1.0);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  PangoLayout *layout = map_layout (cr);

  /* The plot area. */
  CaromMapFrame frame = carom_map_frame (width, height, total);
  double left = frame.left, right = frame.right, top = frame.top, bottom = frame.bottom;
  double pw = right - left, ph = bottom - top;
  double x_max = frame.xi_max;
#define X(v) (left + (v) / x_max * pw)
#define Y(v) (bottom - ((v) + 1.0) / 2.0 * ph)

  cairo_set_source_rgb (cr, fg, fg, fg);
  if (title != NULL)
    show_text (cr, layout, title, TEXT_PT + 1, left, 6, 0, 0, FALSE);

    /* The objects: alternate bands along ξ, ids above the frame where they
     * fit. Objects narrower than MIN_BAND points on the plot (thousands of
     * small obstacles) get no band and no boundary line: they would only
     * make a moiré. Names are measured only where a short one could fit. */
#define MIN_BAND 2.5
#define MIN_NAME 8.0
  for (guint i = 0; i < n_polys; i++)
    {
      double x0 = X (offsets[i]), x1 = X (offsets[i + 1]);
      if (i % 2 == 1 && x1 - x0 >= MIN_BAND)
        {
          cairo_set_source_rgb (cr, band, band, band);
          cairo_rectangle (cr, x0, top, x1 - x0, ph);
          cairo_fill (cr);
        }
      const CmObject *o = g_ptr_array_index (trace->polygons, i);
      if (o->id != NULL && x1 - x0 >= MIN_NAME
          && text_width (layout, o->id, SMALL_PT) + 2 < x1 - x0)
        {
          cairo_set_source_rgb (cr, fg, fg, fg);
          show_text (cr, layout, o->id, SMALL_PT, 0.5 * (x0 + x1), top - 2, 0.5, 1, FALSE);
        }
    }

  /* Grid and ticks: about one label every 50 points across. */
  cairo_set_line_width (cr, 0.4);
  double step = nice_step (x_max, MAX (2, (int)lround (pw / 50.0)));
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
#undef X
#undef Y
#undef MIN_BAND
#undef MIN_NAME
  g_object_unref (layout);
  cairo_restore (cr);
}

void
carom_map_draw (cairo_t *cr, double width, double height, const CmSceneTrace *trace,
                const guint *balls, guint n_balls, gboolean dark)
{
  g_return_if_fail (cr != NULL && trace != NULL);
  g_autofree double *offsets = carom_boundary_map_offsets (trace);
  g_autofree char *title = carom_map_title (trace, balls, n_balls);
  carom_map_draw_frame (cr, width, height, trace, offsets, title, dark);

  cairo_save (cr);
  CaromMapFrame frame = carom_map_frame (width, height, offsets[trace->polygons->len]);
  double fg = dark ? 0.92 : 0.10;

  /* The hits, clipped to the frame. */
  cairo_save (cr);
  cairo_rectangle (cr, frame.left - 2, frame.top - 2, frame.right - frame.left + 4,
                   frame.bottom - frame.top + 4);
  cairo_clip (cr);
  size_t n_points = 0;
  for (guint b = 0; b < n_balls; b++)
    n_points += g_array_index (trace->balls, CaromBallTrace, balls[b]).trace.n_hits;
  double radius = carom_map_dot_radius (n_points);
  gboolean beam = carom_map_one_beam (trace, balls, n_balls);
  for (guint b = 0; b < n_balls; b++)
    {
      g_autoptr (GArray) points = carom_boundary_map_points (trace, balls[b], offsets);
      double c[3];
      carom_map_dot_colour (beam, b, n_balls, 0, 0, CAROM_PATHS_BY_RAY, dark, c);
      cairo_set_source_rgb (cr, c[0], c[1], c[2]);
      for (guint k = 0; k < points->len; k++)
        {
          const CaromMapPoint *p = &g_array_index (points, CaromMapPoint, k);
          double x, y;
          carom_map_frame_point (&frame, p->xi, p->sin_phi, &x, &y);
          cairo_new_sub_path (cr);
          cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
        }
      cairo_fill (cr);
    }
  cairo_restore (cr);

  /* A legend of the balls' colours when there are several, as long as each
   * has its own (up to 7). */
  if (n_balls > 1 && n_balls <= G_N_ELEMENTS (ball_colours)
      && !carom_map_one_beam (trace, balls, n_balls))
    {
      PangoLayout *layout = map_layout (cr);
      double x = frame.right;
      for (guint b = n_balls; b-- > 0;)
        {
          const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, balls[b]);
          double w = text_width (layout, bt->ball->id, SMALL_PT);
          x -= w;
          cairo_set_source_rgb (cr, fg, fg, fg);
          show_text (cr, layout, bt->ball->id, SMALL_PT, x, 10, 0, 0.5, FALSE);
          double c[3];
          carom_map_dot_colour (FALSE, b, n_balls, 0, 0, CAROM_PATHS_BY_RAY, dark, c);
          cairo_set_source_rgb (cr, c[0], c[1], c[2]);
          cairo_arc (cr, x - 4, 10, 2, 0, 2 * G_PI);
          cairo_fill (cr);
          x -= 12;
        }
      g_object_unref (layout);
    }
  cairo_restore (cr);
}

/* %.17g, -0 as 0: the CSV's numbers read back to the same doubles. */
static const char *
csv_number (double value, char buffer[G_ASCII_DTOSTR_BUF_SIZE])
{
  if (value == 0.0)
    value = 0.0;
  return g_ascii_formatd (buffer, G_ASCII_DTOSTR_BUF_SIZE, "%.17g", value);
}

void
carom_map_csv_row (GString *out, const CmSceneTrace *trace, const CaromBallTrace *bt,
                   const CgHit *h, const double *offsets)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  CaromMapPoint p = carom_boundary_map_point (trace, bt->trace.radius, h, h->index - 1, offsets);
  const CmObject *o = cm_scene_trace_polygon (trace, p.polygon);
  /* As in trace --json: a segment or an arc edge names its edge, a vertex
   * cap (an arc too) its vertex; the other column stays empty. */
  gboolean at_vertex = h->part != CG_PART_EDGE;
  char element[16];
  g_snprintf (element, sizeof element, "%u", h->element);
  /* Ids are XML names: no commas or quotes to escape. */
  g_string_append_printf (out, "%s,%u,%s,%s,%s,%s,%s,%s\n", bt->ball->id, h->index,
                          csv_number (p.xi, a), csv_number (p.sin_phi, b), o->id,
                          h->kind == CG_PRIM_ARC ? "arc" : "segment", at_vertex ? "" : element,
                          at_vertex ? element : "");
}

char *
carom_map_csv (const CmSceneTrace *trace, const guint *balls, guint n_balls)
{
  g_return_val_if_fail (trace != NULL, NULL);
  GString *out = g_string_new (CAROM_MAP_CSV_HEADER);
  g_autofree double *offsets = carom_boundary_map_offsets (trace);
  for (guint i = 0; i < n_balls; i++)
    {
      const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, balls[i]);
      for (size_t k = 0; k < bt->trace.n_hits; k++)
        carom_map_csv_row (out, trace, bt, &bt->trace.hits[k], offsets);
    }
  return g_string_free (out, FALSE);
}

gboolean
carom_map_write (const char *path, const CmSceneTrace *trace, const guint *balls, guint n_balls,
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
