/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-export-tikz.c: cairo's SVG of a figure translated into TikZ. */
#include "carom-export-tikz.h"

#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <string.h>

#include "carom-export.h"
#include "carom-figure.h"

/* ---- markup to LaTeX --------------------------------------------------- */

/* LaTeX being written: whether math mode is open, and which text style
 * group (\textbf{ or \textit{) is. */
typedef struct
{
  GString *out;
  gboolean in_math;
  const char *group; ///< NULL, "\\textbf{" or "\\textit{"
} Latex;

static void
latex_close_group (Latex *l)
{
  if (l->group != NULL)
    g_string_append_c (l->out, '}');
  l->group = NULL;
}

static void
latex_math (Latex *l, const char *tex)
{
  latex_close_group (l);
  if (!l->in_math)
    g_string_append_c (l->out, '$');
  l->in_math = TRUE;
  g_string_append (l->out, tex);
}

/* Text in a style group (NULL: plain). */
static void
latex_text (Latex *l, const char *tex, const char *group)
{
  if (l->in_math)
    g_string_append_c (l->out, '$');
  l->in_math = FALSE;
  if (l->group != group)
    {
      latex_close_group (l);
      if (group != NULL)
        g_string_append (l->out, group);
      l->group = group;
    }
  g_string_append (l->out, tex);
}

/* A character of plain text, escaped for LaTeX's text mode. */
static void
latex_char (Latex *l, gunichar c, gboolean bold, gboolean italic)
{
  static const struct
  {
    gunichar c;
    const char *math;
  } symbols[] = {
    { 0x2212, "-" },        { 0x00b7, "\\cdot " },   { 0x00d7, "\\times " }, { 0x2264, "\\le " },
    { 0x2265, "\\ge " },    { 0x2248, "\\approx " }, { 0x221e, "\\infty " }, { 0x2016, "\\|" },
    { 0x03b8, "\\theta " }, { 0x03c0, "\\pi " },     { 0x0394, "\\Delta " },
  };
  if (c == 0x2032) /* prime: on the symbol before it */
    {
      latex_math (l, "'");
      return;
    }
  for (gsize i = 0; i < G_N_ELEMENTS (symbols); i++)
    if (symbols[i].c == c)
      {
        latex_math (l, symbols[i].math);
        return;
      }
  if (italic && g_ascii_isalpha ((int)c) && c < 0x80)
    {
      char tex[16];
      if (bold)
        g_snprintf (tex, sizeof tex, "\\mathbf{%c}", (int)c);
      else
        g_snprintf (tex, sizeof tex, "%c", (int)c);
      latex_math (l, tex);
      return;
    }
  const char *tex = NULL;
  switch (c)
    {
    case '\\':
      tex = "\\textbackslash{}";
      break;
    case '{':
      tex = "\\{";
      break;
    case '}':
      tex = "\\}";
      break;
    case '$':
      tex = "\\$";
      break;
    case '&':
      tex = "\\&";
      break;
    case '%':
      tex = "\\%";
      break;
    case '#':
      tex = "\\#";
      break;
    case '_':
      tex = "\\_";
      break;
    case '^':
      tex = "\\^{}";
      break;
    case '~':
      tex = "\\textasciitilde{}";
      break;
    case '<':
      tex = "\\textless{}";
      break;
    case '>':
      tex = "\\textgreater{}";
      break;
    case 0x201c:
      tex = "``";
      break;
    case 0x201d:
      tex = "''";
      break;
    case 0x2018:
      tex = "`";
      break;
    case 0x2019:
      tex = "'";
      break;
    case 0x2013:
      tex = "--";
      break;
    case 0x2014:
      tex = "---";
      break;
    case 0x00a0:
      tex = "~";
      break;
    default:
      break;
    }
  char utf8[8] = { 0 };
  if (tex == NULL)
    {
      g_unichar_to_utf8 (c, utf8);
      tex = utf8;
    }
  latex_text (l, tex, bold ? "\\textbf{" : italic ? "\\textit{" : NULL);
}

char *
carom_tikz_from_markup (const char *markup)
{
  g_return_val_if_fail (markup != NULL, NULL);
  Latex l = { g_string_new (NULL), FALSE, NULL };
  int bold = 0, italic = 0;
  const char *p = markup;
  while (*p != '\0')
    {
      if (*p == '<')
        {
          const char *end = strchr (p, '>');
          if (end == NULL)
            break;
          gboolean closing = p[1] == '/';
          const char *name = p + (closing ? 2 : 1);
          int delta = closing ? -1 : 1;
          if (name[0] == 'b' && (name[1] == '>' || name[1] == ' '))
            bold = MAX (bold + delta, 0);
          else if (name[0] == 'i' && (name[1] == '>' || name[1] == ' '))
            italic = MAX (italic + delta, 0);
          p = end + 1;
          continue;
        }
      gunichar c;
      if (*p == '&')
        {
          const char *semi = strchr (p, ';');
          if (semi == NULL)
            break;
          g_autofree char *entity = g_strndup (p + 1, (gsize)(semi - p - 1));
          if (strcmp (entity, "amp") == 0)
            c = '&';
          else if (strcmp (entity, "lt") == 0)
            c = '<';
          else if (strcmp (entity, "gt") == 0)
            c = '>';
          else if (strcmp (entity, "quot") == 0)
            c = '"';
          else if (strcmp (entity, "apos") == 0)
            c = '\'';
          else if (entity[0] == '#' && (entity[1] == 'x' || entity[1] == 'X'))
            c = (gunichar)g_ascii_strtoull (entity + 2, NULL, 16);
          else if (entity[0] == '#')
            c = (gunichar)g_ascii_strtoull (entity + 1, NULL, 10);
          else
            c = '?';
          p = semi + 1;
        }
      else
        {
          c = g_utf8_get_char_validated (p, -1);
          if (c == (gunichar)-1 || c == (gunichar)-2)
            {
              c = 0xfffd;
              p++;
            }
          else
            p = g_utf8_next_char (p);
        }
      latex_char (&l, c, bold > 0, italic > 0);
    }
  latex_close_group (&l);
  if (l.in_math)
    g_string_append_c (l.out, '$');
  return g_string_free (l.out, FALSE);
}

/* ---- numbers and colours ----------------------------------------------- */

/* A coordinate or width in points to a thousandth, without trailing zeros. */
static void
append_pt (GString *out, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_ascii_formatd (buf, sizeof buf, "%.3f", fabs (v) < 5e-4 ? 0.0 : v);
  char *end = buf + strlen (buf);
  while (end > buf && end[-1] == '0')
    *--end = '\0';
  if (end > buf && end[-1] == '.')
    *--end = '\0';
  g_string_append (out, buf);
}

typedef struct
{
  char *name;
  double r, g, b;
} NamedColor;

typedef struct
{
  GString *body;  ///< the drawing commands
  GArray *colors; ///< NamedColor: those defined so far, in order of first use
  GArray *texts;  ///< CaromTextItem with markup owned
  const CaromStyle *style;
  xmlDoc *doc;
  gboolean clipped_overall; ///< a clip to the whole figure was met (already applied)
  double width, height;
} Tikz;

static void
named_color_clear (gpointer p)
{
  g_free (((NamedColor *)p)->name);
}

static void
text_item_clear (gpointer p)
{
  g_free ((char *)((CaromTextItem *)p)->markup);
}

/* The style field a colour comes from, for a name that says what it is. */
static const char *
style_color_name (const CaromStyle *s, double r, double g, double b, char buf[32])
{
  const struct
  {
    const char *name;
    const CaromColor *c;
  } fields[] = {
    { "Background", &s->background },
    { "Wall", &s->wall },
    { "Text", &s->text },
    { "ObstacleStroke", &s->obstacle_stroke },
    { "ObstacleFill", &s->obstacle_fill },
    { "Path", &s->path },
    { "PathFaint", &s->path_faint },
    { "Outline", &s->outline },
    { "Normal", &s->normal },
    { "BallStroke", &s->ball_stroke },
    { "BallFill", &s->ball_fill },
    { "Rejected", &s->rejected },
    { "Culled", &s->culled },
    { "Aabb", &s->aabb },
    { "Grid", &s->grid },
    { "Halo", &s->halo },
    { "LegendStroke", &s->legend_stroke },
    { "LegendFill", &s->legend_fill },
  };
  const double tol = 0.6 / 255.0;
  for (gsize i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const CaromColor *c = fields[i].c;
      if (fabs (c->red - r) < tol && fabs (c->green - g) < tol && fabs (c->blue - b) < tol)
        return fields[i].name;
    }
  for (int i = 0; i < CAROM_STYLE_BVH_COLORS; i++)
    {
      const CaromColor *c = &s->bvh[i];
      if (fabs (c->red - r) < tol && fabs (c->green - g) < tol && fabs (c->blue - b) < tol)
        {
          g_snprintf (buf, 32, "Bvh%c", 'A' + i);
          return buf;
        }
    }
  for (int i = 0; i < CAROM_STYLE_BALL_COLORS; i++)
    {
      const CaromColor *c = &s->ball_colors[i];
      if (fabs (c->red - r) < tol && fabs (c->green - g) < tol && fabs (c->blue - b) < tol)
        {
          g_snprintf (buf, 32, "Ball%c", 'B' + i);
          return buf;
        }
    }
  return NULL;
}

/* The name of colour (r, g, b), defining it on first use. */
static const char *
color_name (Tikz *t, double r, double g, double b)
{
  for (guint i = 0; i < t->colors->len; i++)
    {
      const NamedColor *c = &g_array_index (t->colors, NamedColor, i);
      if (c->r == r && c->g == g && c->b == b)
        return c->name;
    }
  char buf[32];
  const char *field = style_color_name (t->style, r, g, b, buf);
  NamedColor c = { NULL, r, g, b };
  /* Two colours near one style field keep apart by a number. */
  for (guint n = 0;; n++)
    {
      g_autofree char *name
          = field != NULL ? (n == 0 ? g_strdup_printf ("carom%s", field)
                                    : g_strdup_printf ("carom%s%c", field, 'A' + n - 1))
                          : g_strdup_printf ("caromColor%c%c", 'A' + (n / 26) % 26, 'A' + n % 26);
      gboolean taken = FALSE;
      for (guint i = 0; i < t->colors->len && !taken; i++)
        taken = strcmp (g_array_index (t->colors, NamedColor, i).name, name) == 0;
      if (!taken)
        {
          c.name = g_steal_pointer (&name);
          break;
        }
    }
  g_array_append_val (t->colors, c);
  return c.name;
}

/* rgb(12.5%,0%,100%), rgb(32,0,255) or #rrggbb; FALSE for none. */
static gboolean
parse_color (const char *v, double *r, double *g, double *b)
{
  while (g_ascii_isspace (*v))
    v++;
  if (g_str_has_prefix (v, "rgb("))
    {
      double c[3];
      const char *p = v + 4;
      for (int i = 0; i < 3; i++)
        {
          char *end;
          c[i] = g_ascii_strtod (p, &end);
          if (end == p)
            return FALSE;
          p = end;
          while (g_ascii_isspace (*p))
            p++;
          if (*p == '%')
            {
              c[i] /= 100.0;
              p++;
            }
          else
            c[i] /= 255.0;
          while (g_ascii_isspace (*p) || *p == ',')
            p++;
        }
      *r = CLAMP (c[0], 0.0, 1.0);
      *g = CLAMP (c[1], 0.0, 1.0);
      *b = CLAMP (c[2], 0.0, 1.0);
      return TRUE;
    }
  if (v[0] == '#' && strlen (v) >= 7)
    {
      guint64 x = g_ascii_strtoull (v + 1, NULL, 16);
      *r = ((x >> 16) & 0xff) / 255.0;
      *g = ((x >> 8) & 0xff) / 255.0;
      *b = (x & 0xff) / 255.0;
      return TRUE;
    }
  return FALSE;
}

/* ---- SVG to TikZ ------------------------------------------------------- */

/// The presentation properties cairo sets, inherited from groups.
typedef struct
{
  gboolean fill, stroke;
  double fill_rgb[3], stroke_rgb[3];
  double fill_opacity, stroke_opacity, opacity;
  gboolean even_odd;
  double width;
  char cap[8], join[8];
  double miter;
  GArray *dash;     ///< double, borrowed from the element's style string parse (may be NULL)
  cairo_matrix_t m; ///< from the element's coordinates to the figure's (transform="")
  double dash_offset;
} Paint;

static void
paint_default (Paint *p)
{
  *p = (Paint){ .fill = TRUE,
                .fill_opacity = 1.0,
                .stroke_opacity = 1.0,
                .opacity = 1.0,
                .width = 1.0,
                .miter = 4.0 };
  cairo_matrix_init_identity (&p->m);
  g_strlcpy (p->cap, "butt", sizeof p->cap);
  g_strlcpy (p->join, "miter", sizeof p->join);
}

static void
paint_property (Paint *p, const char *key, const char *value)
{
  double r, g, b;
  if (strcmp (key, "fill") == 0)
    {
      p->fill = parse_color (value, &r, &g, &b);
      if (p->fill)
        p->fill_rgb[0] = r, p->fill_rgb[1] = g, p->fill_rgb[2] = b;
    }
  else if (strcmp (key, "stroke") == 0)
    {
      p->stroke = parse_color (value, &r, &g, &b);
      if (p->stroke)
        p->stroke_rgb[0] = r, p->stroke_rgb[1] = g, p->stroke_rgb[2] = b;
    }
  else if (strcmp (key, "fill-opacity") == 0)
    p->fill_opacity = g_ascii_strtod (value, NULL);
  else if (strcmp (key, "stroke-opacity") == 0)
    p->stroke_opacity = g_ascii_strtod (value, NULL);
  else if (strcmp (key, "opacity") == 0)
    p->opacity *= g_ascii_strtod (value, NULL);
  else if (strcmp (key, "fill-rule") == 0)
    p->even_odd = strcmp (value, "evenodd") == 0;
  else if (strcmp (key, "stroke-width") == 0)
    p->width = g_ascii_strtod (value, NULL);
  else if (strcmp (key, "stroke-linecap") == 0)
    g_strlcpy (p->cap, value, sizeof p->cap);
  else if (strcmp (key, "stroke-linejoin") == 0)
    g_strlcpy (p->join, value, sizeof p->join);
  else if (strcmp (key, "stroke-miterlimit") == 0)
    p->miter = g_ascii_strtod (value, NULL);
  else if (strcmp (key, "stroke-dashoffset") == 0)
    p->dash_offset = g_ascii_strtod (value, NULL);
  else if (strcmp (key, "stroke-dasharray") == 0)
    {
      if (p->dash == NULL)
        p->dash = g_array_new (FALSE, FALSE, sizeof (double));
      g_array_set_size (p->dash, 0);
      g_auto (GStrv) parts = g_strsplit_set (value, ", ", -1);
      for (char **q = parts; *q != NULL; q++)
        if (**q != '\0')
          {
            double d = g_ascii_strtod (*q, NULL);
            g_array_append_val (p->dash, d);
          }
    }
}

/* Applies an element's style="" and presentation attributes to p. */
static void
paint_apply (Paint *p, xmlNode *node)
{
  static const char *const attrs[]
      = { "fill",      "stroke",       "fill-opacity",   "stroke-opacity",  "opacity",
          "fill-rule", "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit" };
  for (gsize i = 0; i < G_N_ELEMENTS (attrs); i++)
    {
      xmlChar *v = xmlGetProp (node, (const xmlChar *)attrs[i]);
      if (v != NULL)
        paint_property (p, attrs[i], (const char *)v);
      xmlFree (v);
    }
  xmlChar *style = xmlGetProp (node, (const xmlChar *)"style");
  if (style == NULL)
    return;
  g_auto (GStrv) decls = g_strsplit ((const char *)style, ";", -1);
  xmlFree (style);
  for (char **d = decls; *d != NULL; d++)
    {
      char *colon = strchr (*d, ':');
      if (colon == NULL)
        continue;
      *colon = '\0';
      paint_property (p, g_strstrip (*d), g_strstrip (colon + 1));
    }
}

static gboolean
is_element (xmlNode *n, const char *name)
{
  return n->type == XML_ELEMENT_NODE && strcmp ((const char *)n->name, name) == 0;
}

/* Appends the TikZ path of SVG path data (cairo writes M, L, C and Z with
 * absolute coordinates) or of a rectangle. Breaks lines every few segments so
 * a person can read it. FALSE when the data holds anything else. */
static void
append_point (GString *out, const cairo_matrix_t *m, double x, double y)
{
  cairo_matrix_transform_point (m, &x, &y);
  g_string_append_c (out, '(');
  append_pt (out, x);
  g_string_append_c (out, ',');
  append_pt (out, y);
  g_string_append_c (out, ')');
}

static gboolean
append_path_data (GString *out, const cairo_matrix_t *m, const char *d)
{
  const char *p = d;
  char cmd = 0;
  int on_line = 0;
  gboolean pending = FALSE; /* a move-to not yet written: cairo ends closed paths with one */
  double move[2] = { 0.0, 0.0 };
  for (;;)
    {
      while (g_ascii_isspace (*p) || *p == ',')
        p++;
      if (*p == '\0')
        break;
      if (g_ascii_isalpha (*p))
        {
          cmd = *p++;
          if (cmd == 'Z' || cmd == 'z')
            {
              if (!pending)
                g_string_append (out, " -- cycle");
              continue;
            }
          if (cmd != 'M' && cmd != 'L' && cmd != 'C')
            return FALSE;
          continue;
        }
      if (cmd == 0 || cmd == 'Z' || cmd == 'z')
        return FALSE;
      int n = cmd == 'C' ? 6 : 2;
      double pts[6];
      for (int i = 0; i < n; i++)
        {
          while (g_ascii_isspace (*p) || *p == ',')
            p++;
          char *end;
          pts[i] = g_ascii_strtod (p, &end);
          if (end == p)
            return FALSE;
          p = end;
        }
      if (cmd == 'M')
        {
          pending = TRUE;
          move[0] = pts[0], move[1] = pts[1];
          cmd = 'L'; /* further pairs after M are lines */
          continue;
        }
      if (pending)
        {
          if (++on_line > 4)
            {
              g_string_append (out, "\n   ");
              on_line = 1;
            }
          g_string_append_c (out, ' ');
          append_point (out, m, move[0], move[1]);
          pending = FALSE;
        }
      if (++on_line > 4)
        {
          g_string_append (out, "\n   ");
          on_line = 1;
        }
      if (cmd == 'L')
        g_string_append (out, " -- ");
      else
        {
          g_string_append (out, " .. controls ");
          append_point (out, m, pts[0], pts[1]);
          g_string_append (out, " and ");
          append_point (out, m, pts[2], pts[3]);
          g_string_append (out, " .. ");
        }
      append_point (out, m, pts[n - 2], pts[n - 1]);
    }
  return TRUE;
}

static double
attr_number (xmlNode *n, const char *name)
{
  xmlChar *v = xmlGetProp (n, (const xmlChar *)name);
  double x = v != NULL ? g_ascii_strtod ((const char *)v, NULL) : 0.0;
  xmlFree (v);
  return x;
}

/* The TikZ path of a <path> or <rect> drawn through m; FALSE for another
 * shape. */
static gboolean
shape_path (xmlNode *n, const cairo_matrix_t *m, GString *out)
{
  if (is_element (n, "rect"))
    {
      double x = attr_number (n, "x"), y = attr_number (n, "y");
      double w = attr_number (n, "width"), h = attr_number (n, "height");
      if (m->xy == 0.0 && m->yx == 0.0)
        {
          g_string_append_c (out, ' ');
          append_point (out, m, x, y);
          g_string_append (out, " rectangle ");
          append_point (out, m, x + w, y + h);
        }
      else
        {
          const double corners[4][2] = { { x, y }, { x + w, y }, { x + w, y + h }, { x, y + h } };
          for (int i = 0; i < 4; i++)
            {
              g_string_append (out, i == 0 ? " " : " -- ");
              append_point (out, m, corners[i][0], corners[i][1]);
            }
          g_string_append (out, " -- cycle");
        }
      return TRUE;
    }
  if (!is_element (n, "path"))
    return FALSE;
  xmlChar *d = xmlGetProp (n, (const xmlChar *)"d");
  gboolean ok = d != NULL && append_path_data (out, m, (const char *)d);
  xmlFree (d);
  return ok;
}

/* Applies an element's transform="" (matrix, translate, scale, as cairo
 * writes them) to p->m. */
static void
apply_transform (Paint *p, xmlNode *n)
{
  xmlChar *attr = xmlGetProp (n, (const xmlChar *)"transform");
  if (attr == NULL)
    return;
  const char *q = (const char *)attr;
  while (*q != '\0')
    {
      while (g_ascii_isspace (*q) || *q == ',')
        q++;
      const char *open = strchr (q, '(');
      if (open == NULL)
        break;
      g_autofree char *name = g_strstrip (g_strndup (q, (gsize)(open - q)));
      double v[6] = { 0 };
      int n_v = 0;
      const char *r = open + 1;
      while (n_v < 6)
        {
          while (g_ascii_isspace (*r) || *r == ',')
            r++;
          char *end;
          double x = g_ascii_strtod (r, &end);
          if (end == r)
            break;
          v[n_v++] = x;
          r = end;
        }
      const char *close = strchr (r, ')');
      cairo_matrix_t t;
      cairo_matrix_init_identity (&t);
      if (strcmp (name, "matrix") == 0 && n_v == 6)
        cairo_matrix_init (&t, v[0], v[1], v[2], v[3], v[4], v[5]);
      else if (strcmp (name, "translate") == 0 && n_v >= 1)
        cairo_matrix_init_translate (&t, v[0], n_v > 1 ? v[1] : 0.0);
      else if (strcmp (name, "scale") == 0 && n_v >= 1)
        cairo_matrix_init_scale (&t, v[0], n_v > 1 ? v[1] : v[0]);
      /* The element's transform first, then its parent's. */
      cairo_matrix_t total;
      cairo_matrix_multiply (&total, &t, &p->m);
      p->m = total;
      if (close == NULL)
        break;
      q = close + 1;
    }
  xmlFree (attr);
}

static void
append_option (GString *o, const char *text)
{
  if (o->len > 0)
    g_string_append (o, ", ");
  g_string_append (o, text);
}

static void
emit_shape (Tikz *t, xmlNode *n, const Paint *p)
{
  g_autoptr (GString) path = g_string_new (NULL);
  if (!shape_path (n, &p->m, path) || path->len == 0 || (!p->fill && !p->stroke))
    return;
  g_autoptr (GString) o = g_string_new (NULL);
  const char *command = p->fill && p->stroke ? "\\filldraw" : p->fill ? "\\fill" : "\\draw";
  if (p->fill)
    {
      g_string_append_printf (o, "fill=%s",
                              color_name (t, p->fill_rgb[0], p->fill_rgb[1], p->fill_rgb[2]));
      double a = p->fill_opacity * p->opacity;
      if (a < 1.0)
        {
          append_option (o, "fill opacity=");
          append_pt (o, a);
        }
      if (p->even_odd)
        append_option (o, "even odd rule");
    }
  if (p->stroke)
    {
      append_option (o, "draw=");
      g_string_append (o, color_name (t, p->stroke_rgb[0], p->stroke_rgb[1], p->stroke_rgb[2]));
      double a = p->stroke_opacity * p->opacity;
      if (a < 1.0)
        {
          append_option (o, "draw opacity=");
          append_pt (o, a);
        }
      append_option (o, "line width=");
      append_pt (o, p->width * sqrt (fabs (p->m.xx * p->m.yy - p->m.xy * p->m.yx)));
      g_string_append (o, "bp");
      if (strcmp (p->cap, "butt") != 0)
        g_string_append_printf (o, ", line cap=%s",
                                strcmp (p->cap, "square") == 0 ? "rect" : p->cap);
      if (strcmp (p->join, "miter") != 0)
        g_string_append_printf (o, ", line join=%s", p->join);
      else if (p->miter != 10.0)
        {
          append_option (o, "miter limit=");
          append_pt (o, p->miter);
        }
      if (p->dash != NULL && p->dash->len > 0)
        {
          append_option (o, "dash pattern=");
          for (guint i = 0; i < p->dash->len; i++)
            {
              g_string_append (o, i % 2 == 0 ? (i > 0 ? " on " : "on ") : " off ");
              append_pt (o, g_array_index (p->dash, double, i));
              g_string_append (o, "bp");
            }
          if (p->dash_offset != 0.0)
            {
              append_option (o, "dash phase=");
              append_pt (o, p->dash_offset);
              g_string_append (o, "bp");
            }
        }
    }
  g_string_append_printf (t->body, "%s[%s]%s;\n", command, o->str, path->str);
}

static xmlNode *
find_by_id (xmlNode *n, const char *id)
{
  for (; n != NULL; n = n->next)
    {
      if (n->type != XML_ELEMENT_NODE)
        continue;
      xmlChar *v = xmlGetProp (n, (const xmlChar *)"id");
      gboolean match = v != NULL && strcmp ((const char *)v, id) == 0;
      xmlFree (v);
      if (match)
        return n;
      xmlNode *inner = find_by_id (n->children, id);
      if (inner != NULL)
        return inner;
    }
  return NULL;
}

/* Opens a scope clipped to the clipPath a group refers to; FALSE when the
 * group has none. */
static gboolean
begin_clip (Tikz *t, xmlNode *g, const Paint *p)
{
  xmlChar *ref = xmlGetProp (g, (const xmlChar *)"clip-path");
  if (ref == NULL)
    return FALSE;
  g_autofree char *id = NULL;
  const char *r = (const char *)ref;
  if (g_str_has_prefix (r, "url(#"))
    id = g_strndup (r + 5, strcspn (r + 5, ")"));
  xmlFree (ref);
  xmlNode *clip = id != NULL ? find_by_id (xmlDocGetRootElement (t->doc), id) : NULL;
  if (clip == NULL)
    return FALSE;
  g_autoptr (GString) path = g_string_new (NULL);
  for (xmlNode *c = clip->children; c != NULL; c = c->next)
    shape_path (c, &p->m, path);
  if (path->len == 0)
    return FALSE;
  g_string_append_printf (t->body, "\\begin{scope}\n\\clip%s;\n", path->str);
  return TRUE;
}

static void
walk (Tikz *t, xmlNode *n, const Paint *inherited)
{
  for (; n != NULL; n = n->next)
    {
      if (n->type != XML_ELEMENT_NODE || is_element (n, "defs") || is_element (n, "clipPath")
          || is_element (n, "symbol") || is_element (n, "mask"))
        continue;
      Paint p = *inherited;
      p.dash = NULL;
      if (inherited->dash != NULL)
        {
          p.dash = g_array_new (FALSE, FALSE, sizeof (double));
          g_array_append_vals (p.dash, inherited->dash->data, inherited->dash->len);
        }
      paint_apply (&p, n);
      apply_transform (&p, n);
      if (is_element (n, "g") || is_element (n, "svg"))
        {
          gboolean clipped = begin_clip (t, n, &p);
          walk (t, n->children, &p);
          if (clipped)
            g_string_append (t->body, "\\end{scope}\n");
        }
      else
        emit_shape (t, n, &p);
      if (p.dash != NULL)
        g_array_free (p.dash, TRUE);
    }
}

static void
collect_text (const CaromTextItem *item, gpointer data)
{
  Tikz *t = data;
  CaromTextItem copy = *item;
  copy.markup = g_strdup (item->markup);
  g_array_append_val (t->texts, copy);
}

static void
emit_texts (Tikz *t)
{
  if (t->texts->len > 0)
    g_string_append (t->body, "% labels and legend, set in the document's font\n");
  for (guint i = 0; i < t->texts->len; i++)
    {
      const CaromTextItem *item = &g_array_index (t->texts, CaromTextItem, i);
      g_autofree char *tex = carom_tikz_from_markup (item->markup);
      const char *color = color_name (t, item->color.red, item->color.green, item->color.blue);
      CgVec2 at = item->legend ? cg_v2 (item->box.lo.x, 0.5 * (item->box.lo.y + item->box.hi.y))
                               : cg_lerp (item->box.lo, item->box.hi, 0.5);
      g_string_append_printf (t->body, "\\node[%s, text=%s, font=\\caromsize{",
                              item->legend ? "carom legend" : "carom label", color);
      append_pt (t->body, item->size_pt);
      g_string_append (t->body, "}] at (");
      append_pt (t->body, at.x);
      g_string_append_c (t->body, ',');
      append_pt (t->body, at.y);
      if (!item->legend && item->halo.alpha > 0.0 && item->halo_width > 0.0)
        g_string_append_printf (t->body, ") {\\caromhalo{%s}};\n", tex);
      else
        g_string_append_printf (t->body, ") {%s};\n", tex);
    }
}

static gboolean
needs_cjk (const Tikz *t)
{
  for (guint i = 0; i < t->texts->len; i++)
    for (const char *p = g_array_index (t->texts, CaromTextItem, i).markup; *p != '\0';
         p = g_utf8_next_char (p))
      {
        gunichar c = g_utf8_get_char (p);
        if ((c >= 0x2e80 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff)
            || (c >= 0xff00 && c <= 0xffef))
          return TRUE;
      }
  return FALSE;
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

char *
carom_export_tikz_string (const CaromRenderCache *cache, CgAabb box, const CaromStyle *style,
                          const CaromRenderOptions *options, CaromTikzKind kind, GError **error)
{
  g_return_val_if_fail (cache != NULL && style != NULL && options != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  Tikz t = { .body = g_string_new (NULL),
             .colors = g_array_new (FALSE, FALSE, sizeof (NamedColor)),
             .texts = g_array_new (FALSE, FALSE, sizeof (CaromTextItem)),
             .style = style };
  g_array_set_clear_func (t.colors, named_color_clear);
  g_array_set_clear_func (t.texts, text_item_clear);

  /* The same figure as carom_export_pdf() (carom-figure.h: panels, captions,
   * the legend inside or out), in points, one device unit a point. Laid out
   * first, without the sink: placing the legend draws the figure once. */
  CaromFigure figure;
  carom_figure_init (&figure, cache, box, style, options);
  figure.options.text_sink = collect_text;
  figure.options.text_sink_data = &t;
  t.width = figure.width;
  t.height = figure.height;
  g_autoptr (GByteArray) svg = g_byte_array_new ();
  cairo_surface_t *surface
      = cairo_svg_surface_create_for_stream (append_bytes, svg, t.width, t.height);
  cairo_status_t status = cairo_surface_status (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    {
      cairo_t *cr = cairo_create (surface);
      carom_figure_draw (&figure, cr, 1.0);
      status = cairo_status (cr);
      cairo_destroy (cr);
    }
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  char *result = NULL;
  if (status == CAIRO_STATUS_SUCCESS)
    t.doc = xmlReadMemory ((const char *)svg->data, (int)svg->len, "figure.svg", NULL,
                           XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (t.doc == NULL)
    {
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_CAIRO, _ ("cannot draw: %s"),
                   status != CAIRO_STATUS_SUCCESS ? cairo_status_to_string (status)
                                                  : _ ("cairo’s SVG output cannot be read"));
      goto out;
    }
  Paint paint;
  paint_default (&paint);
  walk (&t, xmlDocGetRootElement (t.doc), &paint);
  emit_texts (&t);

  GString *out = g_string_new (NULL);
  gboolean cjk = needs_cjk (&t);
  if (kind == CAROM_TIKZ_DOCUMENT)
    {
      g_string_append (out, "% A figure exported by Carom. Compile with ");
      g_string_append (out, cjk ? "xelatex (its labels are Chinese).\n" : "pdflatex.\n");
      g_string_append (out, "\\documentclass[tikz,border=0pt]{standalone}\n");
      if (cjk)
        g_string_append (out, "\\usepackage{ctex}\n");
      else
        g_string_append (out, "\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n");
      /* contour's outlines need pdfTeX; under xelatex labels go without halos. */
      if (!cjk)
        g_string_append (out, "\\usepackage[outline]{contour}\n");
      g_string_append (out, "\\begin{document}\n");
    }
  else
    g_string_append (out, "% A figure exported by Carom, for \\input: needs \\usepackage{tikz}\n"
                          "% (and \\usepackage[outline]{contour} for halos behind the labels).\n");
  g_string_append_printf (out, "%% The figure is ");
  append_pt (out, t.width);
  g_string_append (out, " bp × ");
  append_pt (out, t.height);
  g_string_append (out, " bp; coordinates are PostScript points (bp, as in Carom's PDF)\n"
                        "% from its top left corner, y down.\n"
                        "\\begin{tikzpicture}[x=1bp, y=-1bp,\n"
                        "  carom label/.style={inner sep=0pt, anchor=center},\n"
                        "  carom legend/.style={inner sep=0pt, anchor=west}]\n"
                        "\\providecommand\\caromsize[1]{\\fontsize{#1bp}{1.2\\dimexpr#1bp\\relax}"
                        "\\selectfont}\n"
                        "\\providecommand\\caromhalo[1]{\\ifdefined\\contour\\contourlength{");
  CaromStyle s = *style;
  append_pt (out, s.halo_width / 2.0);
  g_string_append (out, "bp}\\contour{caromHalo}{#1}\\else#1\\fi}\n");
  for (guint i = 0; i < t.colors->len; i++)
    {
      const NamedColor *c = &g_array_index (t.colors, NamedColor, i);
      g_string_append_printf (out, "\\definecolor{%s}{rgb}{", c->name);
      append_pt (out, c->r);
      g_string_append_c (out, ',');
      append_pt (out, c->g);
      g_string_append_c (out, ',');
      append_pt (out, c->b);
      g_string_append (out, "}\n");
    }
  g_string_append (out, "\\definecolor{caromHalo}{rgb}{");
  append_pt (out, s.halo.red);
  g_string_append_c (out, ',');
  append_pt (out, s.halo.green);
  g_string_append_c (out, ',');
  append_pt (out, s.halo.blue);
  g_string_append (out, "}\n");
  g_string_append (out, "\\useasboundingbox (0,0) rectangle (");
  append_pt (out, t.width);
  g_string_append_c (out, ',');
  append_pt (out, t.height);
  g_string_append (out, ");\n\\clip (0,0) rectangle (");
  append_pt (out, t.width);
  g_string_append_c (out, ',');
  append_pt (out, t.height);
  g_string_append (out, ");\n");
  g_string_append (out, t.body->str);
  g_string_append (out, "\\end{tikzpicture}\n");
  if (kind == CAROM_TIKZ_DOCUMENT)
    g_string_append (out, "\\end{document}\n");
  result = g_string_free (out, FALSE);

out:
  if (t.doc != NULL)
    xmlFreeDoc (t.doc);
  g_string_free (t.body, TRUE);
  g_array_unref (t.colors);
  g_array_unref (t.texts);
  return result;
}

gboolean
carom_export_tikz (const CaromRenderCache *cache, CgAabb box, const CaromStyle *style,
                   const CaromRenderOptions *options, CaromTikzKind kind, const char *path,
                   GError **error)
{
  g_return_val_if_fail (path != NULL, FALSE);
  g_autofree char *tex = carom_export_tikz_string (cache, box, style, options, kind, error);
  if (tex == NULL)
    return FALSE;
  g_autoptr (GError) local = NULL;
  if (g_file_set_contents_full (path, tex, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0666, &local))
    return TRUE;
  g_autofree char *display = g_filename_display_name (path);
  g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_WRITE, _ ("Cannot write “%s”: %s"),
               display, local->message);
  return FALSE;
}
