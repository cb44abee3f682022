/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-out.c: a figure written as structured SVG (carom-svg-out.h). */
#include "carom-svg-out.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#define INKSCAPE_NAMESPACE "http://www.inkscape.org/namespaces/inkscape"
#define CAROM_NAMESPACE "urn:carom:scene:1"
#define ID_PREFIX "carom-generated-"

/* Fonts a label falls back to, after the style's family: the diagram font
 * Carom installs, then one with Simplified Chinese, then whatever sans the
 * reader's system has. */
static const char *const fallback_fonts[]
    = { "DejaVu Sans", "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei" };

static const struct
{
  const char *id;
  const char *label;
} layers[CAROM_N_LAYERS] = {
  { "background", N_ ("Background") },
  { "grid", N_ ("Grid") },
  { "bvh", N_ ("BVH") },
  { "objects", N_ ("Objects") },
  { "boxes", N_ ("Bounding boxes") },
  { "outlines", N_ ("Offset outlines") },
  { "normals", N_ ("Edge normals") },
  { "cast", N_ ("Cast: tested and culled") },
  { "rays", N_ ("Rays, blended") },
  { "paths", N_ ("Paths") },
  { "balls", N_ ("Balls and beams") },
  { "step-vectors", N_ ("Step vectors") },
  { "labels", N_ ("Labels") },
  { "legend", N_ ("Legend") },
};

const char *
carom_layer_id (CaromLayer layer)
{
  g_return_val_if_fail ((guint)layer < CAROM_N_LAYERS, "");
  return layers[layer].id;
}

struct CaromSvgOut
{
  double width, height; ///< points
  char *font_family;    ///< the attribute's value, escaped
  GString *layer[CAROM_N_LAYERS];
  CaromLayer current;
  char *for_id; ///< escaped, or NULL
  gboolean leader;
  /* A fill kept back until the next call: a stroke of the same path joins it
   * (one element for an obstacle, not two). */
  GString *pending;
  char *pending_d;
};

/* ---- numbers and text -------------------------------------------------- */

/* A length in points: three decimals, trailing zeros dropped. */
static void
append_num (GString *out, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  if (!isfinite (v))
    v = 0.0;
  g_ascii_formatd (buf, sizeof buf, "%.3f", v);
  char *dot = strchr (buf, '.');
  if (dot != NULL)
    {
      char *end = buf + strlen (buf) - 1;
      while (end > dot && *end == '0')
        *end-- = '\0';
      if (end == dot)
        *end = '\0';
    }
  g_string_append (out, strcmp (buf, "-0") == 0 ? "0" : buf);
}

static void
append_escaped (GString *out, const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  g_string_append (out, escaped);
}

static void
append_color (GString *out, const char *what, double r, double g, double b, double a)
{
  int c[3] = { (int)lround (CLAMP (r, 0.0, 1.0) * 255.0), (int)lround (CLAMP (g, 0.0, 1.0) * 255.0),
               (int)lround (CLAMP (b, 0.0, 1.0) * 255.0) };
  g_string_append_printf (out, " %s=\"#%02x%02x%02x\"", what, c[0], c[1], c[2]);
  if (a < 1.0)
    {
      g_string_append_printf (out, " %s-opacity=\"", what);
      append_num (out, a);
      g_string_append_c (out, '"');
    }
}

/* ---- the writer -------------------------------------------------------- */

CaromSvgOut *
carom_svg_out_new (double width_pt, double height_pt, const char *font_family)
{
  CaromSvgOut *out = g_new0 (CaromSvgOut, 1);
  out->width = width_pt;
  out->height = height_pt;
  for (int k = 0; k < CAROM_N_LAYERS; k++)
    out->layer[k] = g_string_new (NULL);
  /* The style's family first, then the fallbacks it is not already. */
  GString *families = g_string_new (NULL);
  const char *first = font_family != NULL && *font_family != '\0' ? font_family : "Sans";
  g_string_append_printf (families, "'%s'", first);
  for (gsize i = 0; i < G_N_ELEMENTS (fallback_fonts); i++)
    if (g_ascii_strcasecmp (first, fallback_fonts[i]) != 0)
      g_string_append_printf (families, ", '%s'", fallback_fonts[i]);
  g_string_append (families, ", sans-serif");
  g_autofree char *plain = g_string_free (families, FALSE);
  out->font_family = g_markup_escape_text (plain, -1);
  out->pending = g_string_new (NULL);
  return out;
}

void
carom_svg_out_free (CaromSvgOut *out)
{
  if (out == NULL)
    return;
  for (int k = 0; k < CAROM_N_LAYERS; k++)
    g_string_free (out->layer[k], TRUE);
  g_string_free (out->pending, TRUE);
  g_free (out->pending_d);
  g_free (out->font_family);
  g_free (out->for_id);
  g_free (out);
}

static void
flush_pending (CaromSvgOut *out)
{
  if (out->pending->len == 0)
    return;
  g_string_append (out->pending, "/>\n");
  g_string_append_len (out->layer[out->current], out->pending->str, out->pending->len);
  g_string_truncate (out->pending, 0);
  g_clear_pointer (&out->pending_d, g_free);
}

void
carom_svg_out_item (CaromSvgOut *out, CaromLayer layer, const char *for_id, gboolean leader)
{
  g_return_if_fail (out != NULL && (guint)layer < CAROM_N_LAYERS);
  flush_pending (out);
  out->current = layer;
  g_clear_pointer (&out->for_id, g_free);
  out->for_id = for_id != NULL ? g_markup_escape_text (for_id, -1) : NULL;
  out->leader = leader;
}

static void
append_for (CaromSvgOut *out, GString *element)
{
  if (out->for_id == NULL)
    return;
  g_string_append_printf (element, out->leader ? " carom:leader-for=\"%s\"" : " carom:for=\"%s\"",
                          out->for_id);
}

/* The path data of cr's current path, in device units. */
static char *
path_data (cairo_t *cr)
{
  cairo_path_t *path = cairo_copy_path (cr);
  GString *d = g_string_new (NULL);
  if (path->status == CAIRO_STATUS_SUCCESS)
    for (int i = 0; i < path->num_data; i += path->data[i].header.length)
      {
        const cairo_path_data_t *p = &path->data[i];
        static const char letters[] = { 'M', 'L', 'C', 'Z' };
        int n = p->header.type == CAIRO_PATH_CURVE_TO     ? 3
                : p->header.type == CAIRO_PATH_CLOSE_PATH ? 0
                                                          : 1;
        if (d->len > 0)
          g_string_append_c (d, ' ');
        g_string_append_c (d, letters[p->header.type]);
        for (int k = 1; k <= n; k++)
          {
            g_string_append_c (d, ' ');
            append_num (d, p[k].point.x);
            g_string_append_c (d, ' ');
            append_num (d, p[k].point.y);
          }
      }
  cairo_path_destroy (path);
  return g_string_free (d, FALSE);
}

/* Appends the stroke's attributes: colour, width (device units: the user
 * width times the transform's scale), dashes, caps and joins. */
static void
append_stroke (GString *e, cairo_t *cr, const double rgba[4], double scale)
{
  append_color (e, "stroke", rgba[0], rgba[1], rgba[2], rgba[3]);
  g_string_append (e, " stroke-width=\"");
  append_num (e, cairo_get_line_width (cr) * scale);
  g_string_append_c (e, '"');
  switch (cairo_get_line_cap (cr))
    {
    case CAIRO_LINE_CAP_ROUND:
      g_string_append (e, " stroke-linecap=\"round\"");
      break;
    case CAIRO_LINE_CAP_SQUARE:
      g_string_append (e, " stroke-linecap=\"square\"");
      break;
    default:
      break;
    }
  switch (cairo_get_line_join (cr))
    {
    case CAIRO_LINE_JOIN_ROUND:
      g_string_append (e, " stroke-linejoin=\"round\"");
      break;
    case CAIRO_LINE_JOIN_BEVEL:
      g_string_append (e, " stroke-linejoin=\"bevel\"");
      break;
    default:
      /* cairo's miter limit is 10, SVG's 4. */
      g_string_append (e, " stroke-miterlimit=\"");
      append_num (e, cairo_get_miter_limit (cr));
      g_string_append_c (e, '"');
      break;
    }
  int n = cairo_get_dash_count (cr);
  if (n > 0)
    {
      double dashes[n], offset;
      cairo_get_dash (cr, dashes, &offset);
      g_string_append (e, " stroke-dasharray=\"");
      for (int k = 0; k < n; k++)
        {
          if (k > 0)
            g_string_append_c (e, ' ');
          append_num (e, dashes[k] * scale);
        }
      g_string_append (e, "\" stroke-dashoffset=\"");
      append_num (e, offset * scale);
      g_string_append_c (e, '"');
    }
}

static cairo_status_t
append_png (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* A fill with an image source: the part of the image the path covers, as
 * an <image> placed where cairo would paint it (the pattern and the
 * transform scale and translate only). */
static void
draw_image (CaromSvgOut *out, cairo_t *cr, cairo_pattern_t *source)
{
  cairo_surface_t *surface;
  if (cairo_pattern_get_surface (source, &surface) != CAIRO_STATUS_SUCCESS
      || cairo_surface_get_type (surface) != CAIRO_SURFACE_TYPE_IMAGE)
    return;
  double x0, y0, x1, y1;
  cairo_path_extents (cr, &x0, &y0, &x1, &y1);
  cairo_matrix_t p, m;
  cairo_pattern_get_matrix (source, &p);
  cairo_get_matrix (cr, &m);
  /* User space to pixels: the path's extents in the image. */
  double u0 = x0, v0 = y0, u1 = x1, v1 = y1;
  cairo_matrix_transform_point (&p, &u0, &v0);
  cairo_matrix_transform_point (&p, &u1, &v1);
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  int px0 = MAX ((int)floor (fmin (u0, u1)), 0), py0 = MAX ((int)floor (fmin (v0, v1)), 0);
  int px1 = MIN ((int)ceil (fmax (u0, u1)), w), py1 = MIN ((int)ceil (fmax (v0, v1)), h);
  if (px0 >= px1 || py0 >= py1)
    return;
  cairo_surface_t *crop = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, px1 - px0, py1 - py0);
  cairo_t *c = cairo_create (crop);
  cairo_set_source_surface (c, surface, -px0, -py0);
  cairo_set_operator (c, CAIRO_OPERATOR_SOURCE);
  cairo_paint (c);
  cairo_destroy (c);
  g_autoptr (GByteArray) png = g_byte_array_new ();
  cairo_status_t status = cairo_surface_write_to_png_stream (crop, append_png, png);
  cairo_surface_destroy (crop);
  if (status != CAIRO_STATUS_SUCCESS)
    return;
  /* Pixels back to device units: device = m (p⁻¹ pixel). */
  cairo_matrix_t to_device = p;
  if (cairo_matrix_invert (&to_device) != CAIRO_STATUS_SUCCESS)
    return;
  cairo_matrix_multiply (&to_device, &to_device, &m);
  double dx0 = px0, dy0 = py0, dx1 = px1, dy1 = py1;
  cairo_matrix_transform_point (&to_device, &dx0, &dy0);
  cairo_matrix_transform_point (&to_device, &dx1, &dy1);
  g_autofree char *base64 = g_base64_encode (png->data, png->len);
  GString *e = out->layer[out->current];
  g_string_append (e, "<image");
  append_for (out, e);
  g_string_append (e, " x=\"");
  append_num (e, fmin (dx0, dx1));
  g_string_append (e, "\" y=\"");
  append_num (e, fmin (dy0, dy1));
  g_string_append (e, "\" width=\"");
  append_num (e, fabs (dx1 - dx0));
  g_string_append (e, "\" height=\"");
  append_num (e, fabs (dy1 - dy0));
  g_string_append (e,
                   "\" preserveAspectRatio=\"none\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
                   "xlink:href=\"data:image/png;base64,");
  g_string_append (e, base64);
  g_string_append (e, "\"/>\n");
}

void
carom_svg_out_draw (CaromSvgOut *out, cairo_t *cr, gboolean stroke)
{
  g_return_if_fail (out != NULL && cr != NULL);
  cairo_pattern_t *source = cairo_get_source (cr);
  if (!stroke && cairo_pattern_get_type (source) == CAIRO_PATTERN_TYPE_SURFACE)
    {
      flush_pending (out);
      draw_image (out, cr, source);
      return;
    }
  double rgba[4] = { 0.0, 0.0, 0.0, 1.0 };
  if (cairo_pattern_get_rgba (source, &rgba[0], &rgba[1], &rgba[2], &rgba[3])
      != CAIRO_STATUS_SUCCESS)
    return; /* only solid colours besides the raster */
  if (rgba[3] <= 0.0)
    return;
  cairo_matrix_t m;
  cairo_get_matrix (cr, &m);
  double scale = sqrt (fabs (m.xx * m.yy - m.xy * m.yx));
  cairo_save (cr);
  cairo_identity_matrix (cr);
  g_autofree char *d = path_data (cr);
  cairo_restore (cr);
  if (*d == '\0')
    return;

  if (stroke && out->pending_d != NULL && strcmp (out->pending_d, d) == 0)
    {
      /* The stroke of the fill just kept back: one element. */
      append_stroke (out->pending, cr, rgba, scale);
      flush_pending (out);
      return;
    }
  flush_pending (out);
  GString *e = out->pending;
  g_string_append (e, "<path");
  append_for (out, e);
  g_string_append (e, " d=\"");
  g_string_append (e, d);
  g_string_append_c (e, '"');
  if (stroke)
    {
      g_string_append (e, " fill=\"none\"");
      append_stroke (e, cr, rgba, scale);
      flush_pending (out);
      return;
    }
  append_color (e, "fill", rgba[0], rgba[1], rgba[2], rgba[3]);
  if (cairo_get_fill_rule (cr) == CAIRO_FILL_RULE_EVEN_ODD)
    g_string_append (e, " fill-rule=\"evenodd\"");
  out->pending_d = g_steal_pointer (&d);
}

/* ---- text -------------------------------------------------------------- */

typedef struct
{
  GString *out;
  int bold, italic, sub, sup;
} MarkupState;

static void
markup_start (GMarkupParseContext *context, const char *name, const char **attribute_names,
              const char **attribute_values, gpointer data, GError **error)
{
  (void)context, (void)attribute_names, (void)attribute_values, (void)error;
  MarkupState *s = data;
  if (strcmp (name, "b") == 0)
    s->bold++;
  else if (strcmp (name, "i") == 0)
    s->italic++;
  else if (strcmp (name, "sub") == 0)
    s->sub++;
  else if (strcmp (name, "sup") == 0)
    s->sup++;
}

static void
markup_end (GMarkupParseContext *context, const char *name, gpointer data, GError **error)
{
  (void)context, (void)error;
  MarkupState *s = data;
  if (strcmp (name, "b") == 0)
    s->bold--;
  else if (strcmp (name, "i") == 0)
    s->italic--;
  else if (strcmp (name, "sub") == 0)
    s->sub--;
  else if (strcmp (name, "sup") == 0)
    s->sup--;
}

static void
markup_text (GMarkupParseContext *context, const char *text, gsize length, gpointer data,
             GError **error)
{
  (void)context, (void)error;
  MarkupState *s = data;
  if (length == 0)
    return;
  g_autofree char *plain = g_strndup (text, length);
  gboolean styled = s->bold > 0 || s->italic > 0 || s->sub > 0 || s->sup > 0;
  if (styled)
    {
      g_string_append (s->out, "<tspan");
      if (s->bold > 0)
        g_string_append (s->out, " font-weight=\"bold\"");
      if (s->italic > 0)
        g_string_append (s->out, " font-style=\"italic\"");
      if (s->sub > 0)
        g_string_append (s->out, " baseline-shift=\"sub\" font-size=\"70%\"");
      else if (s->sup > 0)
        g_string_append (s->out, " baseline-shift=\"super\" font-size=\"70%\"");
      g_string_append_c (s->out, '>');
    }
  append_escaped (s->out, plain);
  if (styled)
    g_string_append (s->out, "</tspan>");
}

void
carom_svg_out_text (CaromSvgOut *out, const char *markup, double size_pt, CgAabb box,
                    double baseline, gboolean centred, CaromColor color, CaromColor halo,
                    double halo_width)
{
  g_return_if_fail (out != NULL && markup != NULL);
  flush_pending (out);
  GString *e = out->layer[out->current];
  g_string_append (e, "<text");
  append_for (out, e);
  g_string_append (e, " x=\"");
  append_num (e, centred ? 0.5 * (box.lo.x + box.hi.x) : box.lo.x);
  g_string_append (e, "\" y=\"");
  append_num (e, box.lo.y + baseline);
  g_string_append_c (e, '"');
  if (centred)
    g_string_append (e, " text-anchor=\"middle\"");
  g_string_append_printf (e, " font-family=\"%s\" font-size=\"", out->font_family);
  append_num (e, size_pt);
  g_string_append_c (e, '"');
  append_color (e, "fill", color.red, color.green, color.blue, color.alpha);
  if (halo_width > 0.0 && halo.alpha > 0.0)
    {
      /* The halo is the text's own stroke, painted first: the author edits
       * one element, and the halo follows the text. */
      append_color (e, "stroke", halo.red, halo.green, halo.blue, halo.alpha);
      g_string_append (e, " stroke-width=\"");
      append_num (e, halo_width);
      g_string_append (e, "\" stroke-linejoin=\"round\" paint-order=\"stroke\"");
    }
  g_string_append_c (e, '>');
  MarkupState state = { .out = e };
  static const GMarkupParser parser = { markup_start, markup_end, markup_text, NULL, NULL };
  GMarkupParseContext *context = g_markup_parse_context_new (&parser, 0, &state, NULL);
  gsize before = e->len;
  if (!g_markup_parse_context_parse (context, "<m>", -1, NULL)
      || !g_markup_parse_context_parse (context, markup, -1, NULL)
      || !g_markup_parse_context_parse (context, "</m>", -1, NULL)
      || !g_markup_parse_context_end_parse (context, NULL))
    {
      /* Not markup after all: the text as it is. */
      g_string_truncate (e, before);
      append_escaped (e, markup);
    }
  g_markup_parse_context_free (context);
  g_string_append (e, "</text>\n");
}

char *
carom_svg_out_finish (CaromSvgOut *out, CgAabb box)
{
  g_return_val_if_fail (out != NULL, NULL);
  flush_pending (out);
  GString *svg = g_string_new (NULL);
  /* Points onto the scene box. */
  double sx = (box.hi.x - box.lo.x) / out->width, sy = (box.hi.y - box.lo.y) / out->height;
  GString *transform = g_string_new ("matrix(");
  double m[6] = { sx, 0.0, 0.0, sy, box.lo.x, box.lo.y };
  for (int k = 0; k < 6; k++)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      if (k > 0)
        g_string_append_c (transform, ' ');
      g_string_append (transform, g_ascii_formatd (buf, sizeof buf, "%.17g", m[k]));
    }
  g_string_append_c (transform, ')');

  g_string_append (svg, "<defs><clipPath id=\"" ID_PREFIX "clip\"><rect x=\"0\" y=\"0\" width=\"");
  append_num (svg, out->width);
  g_string_append (svg, "\" height=\"");
  append_num (svg, out->height);
  g_string_append (svg, "\"/></clipPath></defs>\n");
  for (int k = 0; k < CAROM_N_LAYERS; k++)
    {
      if (out->layer[k]->len == 0)
        continue;
      g_string_append_printf (svg,
                              "<g id=\"" ID_PREFIX "layer-%s\" inkscape:groupmode=\"layer\" "
                              "inkscape:label=\"",
                              layers[k].id);
      append_escaped (svg, _ (layers[k].label));
      g_string_append_printf (svg,
                              "\" xmlns:inkscape=\"" INKSCAPE_NAMESPACE
                              "\" xmlns:carom=\"" CAROM_NAMESPACE "\" transform=\"%s\" "
                              "clip-path=\"url(#" ID_PREFIX "clip)\">\n",
                              transform->str);
      g_string_append_len (svg, out->layer[k]->str, out->layer[k]->len);
      g_string_append (svg, "</g>\n");
    }
  g_string_free (transform, TRUE);
  carom_svg_out_free (out);
  return g_string_free (svg, FALSE);
}
