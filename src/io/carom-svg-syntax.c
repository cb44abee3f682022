/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-syntax.c: the SVG attribute micro-syntaxes the reader needs:
 * numbers, number lists, lengths, transform lists and style declarations,
 * all read locale-independently (SVG 1.1, "Basic data types" and
 * "The transform attribute"). */
#include "io/carom-svg-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* How much of an offending token an error message quotes. */
#define QUOTE_MAX_BYTES 24

char *
carom_svg_format_number (char buf[CAROM_SVG_NUMBER_BUF], double v)
{
  static const char *const formats[] = { "%.15g", "%.16g", "%.17g" };

  if (v == 0.0) /* also -0, which reads the same and looks odd */
    return strcpy (buf, "0");
  for (gsize i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buf, CAROM_SVG_NUMBER_BUF, formats[i], v);
      if (g_ascii_strtod (buf, NULL) == v)
        break; /* %.17g always round-trips a finite double */
    }
  return buf;
}

static void
skip_space (const char **cursor)
{
  while (carom_svg_is_space (**cursor))
    (*cursor)++;
}

gboolean
carom_svg_skip_comma_space (const char **cursor)
{
  gboolean comma = FALSE;
  skip_space (cursor);
  if (**cursor == ',')
    {
      comma = TRUE;
      (*cursor)++;
      skip_space (cursor);
    }
  return comma;
}

/* A short, valid UTF-8 quote of the text at p, for error messages. */
static char *
quote_token (const char *p)
{
  gsize n = 0;
  while (p[n] != '\0' && p[n] != ',' && !carom_svg_is_space (p[n]) && n < QUOTE_MAX_BYTES)
    n++;
  g_autofree char *raw = g_strndup (p, n);
  if (n == 0)
    return g_strdup (_ ("the end"));
  return g_utf8_make_valid (raw, -1);
}

/* One pass over the SVG number at start:
 *   number ::= [+-]? (digits? "." digits | digits "."?) ([eE] [+-]? digits)?
 * Returns its end (start when there is none) and, when it has at most 15
 * significant digits and a decimal exponent within ±22, its value in
 * *value with *exact set: then both the digits and the power of ten are
 * exact doubles, so one multiplication or division rounds correctly, as
 * strtod would (Clinger, "How to Read Floating Point Numbers Accurately",
 * 1990). Most coordinates take this path; the rest go to g_ascii_strtod. */
static const char *
scan_number_text (const char *start, double *value, gboolean *exact)
{
  static const double powers_of_ten[] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  };
  const char *p = start;
  gboolean negative = *p == '-';
  if (*p == '+' || *p == '-')
    p++;

  /* Leading zeros are not significant; the digits after them are accumulated
   * whatever their number (past 19 the sum wraps, but then the value goes to
   * strtod anyway). */
  const char *integer = p;
  while (*p == '0')
    p++;
  const char *integer_significant = p;
  guint64 digits = 0;
  guint d;
  while ((d = (guint)(*p - '0')) <= 9)
    {
      digits = 10 * digits + d;
      p++;
    }
  int significant = (int)(p - integer_significant);
  int n_digits = (int)(p - integer);
  int exponent = 0;
  if (*p == '.')
    {
      const char *fraction = ++p;
      if (significant == 0) /* 0.000123: zeros that only place the point */
        while (*p == '0')
          p++;
      const char *fraction_significant = p;
      while ((d = (guint)(*p - '0')) <= 9)
        {
          digits = 10 * digits + d;
          p++;
        }
      significant += (int)(p - fraction_significant);
      /* each digit after the point is a tenth of the one before */
      exponent = -(int)(p - fraction);
      n_digits += (int)(p - fraction);
    }
  if (n_digits == 0)
    return start;

  if (*p == 'e' || *p == 'E')
    {
      /* "1em" or "2e" end before the e: it only belongs to the number with digits */
      const char *q = p + 1;
      gboolean exponent_negative = *q == '-';
      if (*q == '+' || *q == '-')
        q++;
      if (g_ascii_isdigit (*q))
        {
          int e = 0;
          for (; g_ascii_isdigit (*q); q++)
            if (e < 100000)
              e = 10 * e + (*q - '0');
          exponent += exponent_negative ? -e : e;
          p = q;
        }
    }

  *exact = significant <= 15 && exponent >= -22 && exponent <= 22;
  if (*exact)
    {
      double v = (double)digits; /* exact: fewer than 2^53 */
      v = exponent < 0 ? v / powers_of_ten[-exponent] : v * powers_of_ten[exponent];
      *value = negative ? -v : v;
    }
  return p;
}

gboolean
carom_svg_scan_number (const char **cursor, double *value, GError **error)
{
  const char *start = *cursor;
  gboolean exact = FALSE;
  const char *end = scan_number_text (start, value, &exact);
  if (end == start)
    {
      g_autofree char *quoted = quote_token (start);
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("expected a number at “%s”"), quoted);
      return FALSE;
    }
  if (exact)
    {
      *cursor = end;
      return TRUE;
    }

  /* g_ascii_strtod would also take "inf", "nan" and hex: hand it only the
   * characters the SVG grammar allows. */
  char small[64];
  g_autofree char *large = NULL;
  gsize n = (gsize)(end - start);
  char *text = small;
  if (n >= sizeof small)
    text = large = g_malloc (n + 1);
  memcpy (text, start, n);
  text[n] = '\0';

  double v = g_ascii_strtod (text, NULL);
  if (!isfinite (v))
    {
      g_autofree char *quoted = quote_token (text);
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("the number %s is out of range"), quoted);
      return FALSE;
    }
  *value = v;
  *cursor = end;
  return TRUE;
}

gboolean
carom_svg_parse_number_list (const char *text, GArray *numbers, gsize max_count, GError **error)
{
  const char *p = text;
  skip_space (&p);
  while (*p != '\0')
    {
      double v;
      if (!carom_svg_scan_number (&p, &v, error))
        return FALSE;
      if (numbers->len >= max_count)
        {
          g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                       _ ("more than %zu numbers (the limit)"), (size_t)max_count);
          return FALSE;
        }
      g_array_append_val (numbers, v);
      if (carom_svg_skip_comma_space (&p) && *p == '\0')
        {
          g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                               _ ("the list ends with a comma"));
          return FALSE;
        }
    }
  return TRUE;
}

/* The units a length may carry, in user units per unit. */
static const struct
{
  const char *name;
  double user_units;
} absolute_units[] = {
  { "px", 1.0 },
  { "in", CAROM_SVG_PX_PER_IN },
  { "cm", CAROM_SVG_PX_PER_IN / 2.54 },
  { "mm", CAROM_SVG_PX_PER_IN / 25.4 },
  { "Q", CAROM_SVG_PX_PER_IN / 101.6 },
  { "pt", CAROM_SVG_PX_PER_IN / 72.0 },
  { "pc", CAROM_SVG_PX_PER_IN / 6.0 },
};

gboolean
carom_svg_parse_length (const char *text, const CaromSvgViewport *viewport, CaromSvgLengthAxis axis,
                        double *value, GError **error)
{
  const char *p = text;
  double number;
  skip_space (&p);
  if (!carom_svg_scan_number (&p, &number, error))
    return FALSE;

  const char *unit = p;
  while (g_ascii_isalpha (*p) || *p == '%')
    p++;
  gsize unit_length = (gsize)(p - unit);
  skip_space (&p);
  double scale = NAN;
  if (*p == '\0' && unit_length == 0)
    scale = 1.0;
  else if (*p == '\0' && unit_length == 1 && *unit == '%')
    {
      if (viewport == NULL || !(viewport->width > 0.0 && viewport->height > 0.0))
        {
          g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                               _ ("a percentage needs a viewport of known size (a viewBox)"));
          return FALSE;
        }
      double w = viewport->width, h = viewport->height;
      double base = axis == CAROM_SVG_LENGTH_X   ? w
                    : axis == CAROM_SVG_LENGTH_Y ? h
                                                 : sqrt (0.5 * (w * w + h * h));
      scale = base / 100.0;
    }
  else if (*p == '\0')
    for (gsize i = 0; i < G_N_ELEMENTS (absolute_units); i++)
      if (strlen (absolute_units[i].name) == unit_length
          && strncmp (absolute_units[i].name, unit, unit_length) == 0)
        scale = absolute_units[i].user_units;

  if (isnan (scale))
    {
      g_autofree char *quoted = quote_token (unit);
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("unsupported unit or extra text “%s” (lengths may be plain numbers or have "
                      "px, mm, cm, in, pt, pc, Q or %%)"),
                   quoted);
      return FALSE;
    }
  *value = number * scale;
  if (!isfinite (*value))
    {
      g_autofree char *quoted = quote_token (text);
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("the number %s is out of range"), quoted);
      return FALSE;
    }
  return TRUE;
}

gboolean
carom_svg_parse_view_box (const char *text, double box[4], GError **error)
{
  g_autoptr (GArray) numbers = g_array_new (FALSE, FALSE, sizeof (double));
  if (!carom_svg_parse_number_list (text, numbers, 5, error))
    return FALSE;
  if (numbers->len != 4)
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("a viewBox needs four numbers: min-x, min-y, width, height"));
      return FALSE;
    }
  memcpy (box, numbers->data, 4 * sizeof (double));
  if (!(box[2] > 0.0 && box[3] > 0.0))
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("a viewBox's width and height must be greater than 0"));
      return FALSE;
    }
  return TRUE;
}

gboolean
carom_svg_parse_aspect (const char *text, CaromSvgAspect *aspect, GError **error)
{
  *aspect = (CaromSvgAspect){ FALSE, 0.5, 0.5, FALSE };
  if (text == NULL)
    return TRUE;
  g_auto (GStrv) words = g_strsplit_set (text, " \t\r\n", -1);
  guint n = 0;
  const char *word[3] = { NULL, NULL, NULL };
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      {
        if (n == G_N_ELEMENTS (word))
          goto bad;
        word[n++] = words[i];
      }
  guint k = 0;
  if (k < n && strcmp (word[k], "defer") == 0)
    k++;
  if (k == n)
    goto bad;
  if (strcmp (word[k], "none") == 0)
    aspect->none = TRUE;
  else
    {
      static const char *const positions[] = { "Min", "Mid", "Max" };
      const char *w = word[k];
      int ax = -1, ay = -1;
      for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
          {
            char name[16];
            g_snprintf (name, sizeof name, "x%sY%s", positions[i], positions[j]);
            if (strcmp (w, name) == 0)
              ax = i, ay = j;
          }
      if (ax < 0)
        goto bad;
      aspect->align_x = 0.5 * ax;
      aspect->align_y = 0.5 * ay;
    }
  k++;
  if (k < n && (strcmp (word[k], "meet") == 0 || strcmp (word[k], "slice") == 0))
    aspect->slice = word[k++][0] == 's';
  if (k == n)
    return TRUE;

bad:
  {
    g_autofree char *quoted = g_utf8_make_valid (text, MIN (strlen (text), QUOTE_MAX_BYTES));
    g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                 _ ("“%s” is not a preserveAspectRatio value"), quoted);
    return FALSE;
  }
}

/* SVG 1.1 §7.8: scale the box to the viewport, uniformly unless "none"
 * (meet: the smaller factor, slice: the larger), and align it. */
CaromAffine
carom_svg_view_box_transform (const double box[4], double x, double y, double width, double height,
                              const CaromSvgAspect *aspect)
{
  double sx = width / box[2], sy = height / box[3];
  if (!aspect->none)
    sx = sy = aspect->slice ? fmax (sx, sy) : fmin (sx, sy);
  double tx = x - box[0] * sx, ty = y - box[1] * sy;
  if (!aspect->none)
    {
      tx += aspect->align_x * (width - box[2] * sx);
      ty += aspect->align_y * (height - box[3] * sy);
    }
  return (CaromAffine){ sx, 0.0, 0.0, sy, tx, ty };
}

/* The transform functions, with how many numbers each may take. */
typedef enum
{
  TRANSFORM_MATRIX,
  TRANSFORM_TRANSLATE,
  TRANSFORM_SCALE,
  TRANSFORM_ROTATE,
  TRANSFORM_SKEW_X,
  TRANSFORM_SKEW_Y,
} TransformKind;

static const struct
{
  const char *name;
  TransformKind kind;
  guint counts; /* bit n set: n numbers allowed */
} transform_kinds[] = {
  { "matrix", TRANSFORM_MATRIX, 1u << 6 },
  { "translate", TRANSFORM_TRANSLATE, 1u << 1 | 1u << 2 },
  { "scale", TRANSFORM_SCALE, 1u << 1 | 1u << 2 },
  { "rotate", TRANSFORM_ROTATE, 1u << 1 | 1u << 3 },
  { "skewX", TRANSFORM_SKEW_X, 1u << 1 },
  { "skewY", TRANSFORM_SKEW_Y, 1u << 1 },
};

/* cos and sin of an angle in degrees, exact for multiples of 90° so that
 * rotate(90) moves points onto round numbers. */
static void
cos_sin_degrees (double degrees, double *c, double *s)
{
  double r = fmod (degrees, 360.0);
  if (r < 0.0)
    r += 360.0;
  if (fmod (r, 90.0) == 0.0)
    {
      static const double quarter_cos[] = { 1.0, 0.0, -1.0, 0.0 };
      static const double quarter_sin[] = { 0.0, 1.0, 0.0, -1.0 };
      int k = (int)(r / 90.0) % 4;
      *c = quarter_cos[k];
      *s = quarter_sin[k];
      return;
    }
  double radians = r * (G_PI / 180.0);
  *c = cos (radians);
  *s = sin (radians);
}

static CaromAffine
transform_matrix (TransformKind kind, const double *v, guint n)
{
  CaromAffine m = carom_affine_identity ();
  double c, s;
  switch (kind)
    {
    case TRANSFORM_MATRIX:
      m = (CaromAffine){ v[0], v[1], v[2], v[3], v[4], v[5] };
      break;
    case TRANSFORM_TRANSLATE:
      m.e = v[0];
      m.f = n == 2 ? v[1] : 0.0;
      break;
    case TRANSFORM_SCALE:
      m.a = v[0];
      m.d = n == 2 ? v[1] : v[0];
      break;
    case TRANSFORM_ROTATE:
      /* rotate(a cx cy) = translate(cx cy) rotate(a) translate(-cx -cy) */
      cos_sin_degrees (v[0], &c, &s);
      m = (CaromAffine){ c, s, -s, c, 0.0, 0.0 };
      if (n == 3)
        {
          CaromAffine to = { 1.0, 0.0, 0.0, 1.0, v[1], v[2] };
          CaromAffine back = { 1.0, 0.0, 0.0, 1.0, -v[1], -v[2] };
          m = carom_affine_multiply (carom_affine_multiply (to, m), back);
        }
      break;
    case TRANSFORM_SKEW_X:
      cos_sin_degrees (v[0], &c, &s);
      m.c = s / c;
      break;
    case TRANSFORM_SKEW_Y:
      cos_sin_degrees (v[0], &c, &s);
      m.b = s / c;
      break;
    }
  return m;
}

gboolean
carom_svg_parse_transform (const char *text, CaromAffine *transform, GError **error)
{
  CaromAffine product = carom_affine_identity ();
  const char *p = text;
  skip_space (&p);
  if (strncmp (p, "none", 4) == 0)
    {
      const char *rest = p + 4;
      skip_space (&rest);
      if (*rest == '\0')
        p = rest;
    }

  while (*p != '\0')
    {
      const char *name = p;
      while (g_ascii_isalpha (*p))
        p++;
      gsize name_length = (gsize)(p - name);
      gsize k = 0;
      while (k < G_N_ELEMENTS (transform_kinds)
             && !(strlen (transform_kinds[k].name) == name_length
                  && strncmp (transform_kinds[k].name, name, name_length) == 0))
        k++;
      if (k == G_N_ELEMENTS (transform_kinds))
        {
          g_autofree char *quoted = quote_token (name);
          g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                       _ ("unknown transform “%s”"), quoted);
          return FALSE;
        }
      const char *kind_name = transform_kinds[k].name;

      skip_space (&p);
      if (*p != '(')
        {
          g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                       _ ("expected “(” after “%s”"), kind_name);
          return FALSE;
        }
      p++;
      skip_space (&p);

      double args[6];
      guint n = 0;
      while (*p != ')')
        {
          if (n == G_N_ELEMENTS (args))
            {
              g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("too many numbers in “%s”"), kind_name);
              return FALSE;
            }
          if (n > 0)
            carom_svg_skip_comma_space (&p);
          if (!carom_svg_scan_number (&p, &args[n], error))
            return FALSE;
          n++;
          skip_space (&p);
        }
      p++; /* ')' */

      if ((transform_kinds[k].counts & 1u << n) == 0)
        {
          g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                       _ ("“%s” cannot take %u numbers"), kind_name, n);
          return FALSE;
        }
      product
          = carom_affine_multiply (product, transform_matrix (transform_kinds[k].kind, args, n));

      if (carom_svg_skip_comma_space (&p) && *p == '\0')
        {
          g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                               _ ("the transform list ends with a comma"));
          return FALSE;
        }
    }

  if (!(isfinite (product.a) && isfinite (product.b) && isfinite (product.c) && isfinite (product.d)
        && isfinite (product.e) && isfinite (product.f)))
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("the transform is not finite"));
      return FALSE;
    }
  *transform = product;
  return TRUE;
}

/* text[start, end) with surrounding whitespace removed. */
static char *
dup_trimmed (const char *start, const char *end)
{
  while (start < end && g_ascii_isspace (*start))
    start++;
  while (end > start && g_ascii_isspace (end[-1]))
    end--;
  return g_strndup (start, (gsize)(end - start));
}

char *
carom_svg_style_dup_property (const char *style, const char *property)
{
  char *found = NULL;
  if (style == NULL)
    return NULL;

  const char *p = style;
  while (*p != '\0')
    {
      const char *end = strchr (p, ';');
      if (end == NULL)
        end = p + strlen (p);
      const char *colon = memchr (p, ':', (gsize)(end - p));
      if (colon != NULL)
        {
          g_autofree char *name = dup_trimmed (p, colon);
          if (g_ascii_strcasecmp (name, property) == 0)
            {
              char *value = dup_trimmed (colon + 1, end);
              char *bang = strchr (value, '!');
              if (bang != NULL && g_ascii_strncasecmp (bang + 1, "important", 9) == 0)
                {
                  *bang = '\0';
                  g_strchomp (value);
                }
              g_free (found);
              found = value;
            }
        }
      p = *end == ';' ? end + 1 : end;
    }
  return found;
}
