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

/* The end of the SVG number starting at p, or p when there is none:
 *   number ::= [+-]? (digits? "." digits | digits "."?) ([eE] [+-]? digits)? */
static const char *
number_end (const char *p)
{
  const char *start = p;
  if (*p == '+' || *p == '-')
    p++;
  gsize digits = 0;
  while (g_ascii_isdigit (*p))
    p++, digits++;
  if (*p == '.')
    {
      p++;
      while (g_ascii_isdigit (*p))
        p++, digits++;
    }
  if (digits == 0)
    return start;
  if (*p == 'e' || *p == 'E')
    {
      /* "1em" or "2e" end before the e: it only belongs to the number with digits */
      const char *q = p + 1;
      if (*q == '+' || *q == '-')
        q++;
      if (g_ascii_isdigit (*q))
        {
          while (g_ascii_isdigit (*q))
            q++;
          p = q;
        }
    }
  return p;
}

/* The number in [start, end) (which number_end() found well-formed) when it
 * has at most 15 significant digits and a decimal exponent within ±22: then
 * both the digits and the power of ten are exact doubles, so one
 * multiplication or division rounds correctly, as strtod would (Clinger,
 * "How to Read Floating Point Numbers Accurately", 1990). Most coordinates
 * take this path; the rest go to g_ascii_strtod. */
static gboolean
fast_number (const char *start, const char *end, double *value)
{
  static const double powers_of_ten[] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  };
  const char *p = start;
  gboolean negative = *p == '-';
  if (*p == '+' || *p == '-')
    p++;

  guint64 digits = 0;
  int significant = 0, exponent = 0;
  gboolean fraction = FALSE;
  for (; p < end && *p != 'e' && *p != 'E'; p++)
    {
      if (*p == '.')
        {
          fraction = TRUE;
          continue;
        }
      if (fraction)
        exponent--; /* each digit after the point is a tenth of the one before */
      if (digits == 0 && *p == '0')
        continue; /* leading zeros are not significant */
      if (++significant > 15)
        return FALSE;
      digits = 10 * digits + (guint64)(*p - '0');
    }
  if (p < end) /* the exponent part: [eE] [+-]? digits */
    {
      p++;
      gboolean exponent_negative = *p == '-';
      if (*p == '+' || *p == '-')
        p++;
      int e = 0;
      for (; p < end; p++)
        if ((e = 10 * e + (*p - '0')) > 1000)
          return FALSE;
      exponent += exponent_negative ? -e : e;
    }
  if (exponent < -22 || exponent > 22)
    return FALSE;

  double v = (double)digits; /* exact: fewer than 2^53 */
  v = exponent < 0 ? v / powers_of_ten[-exponent] : v * powers_of_ten[exponent];
  *value = negative ? -v : v;
  return TRUE;
}

gboolean
carom_svg_scan_number (const char **cursor, double *value, GError **error)
{
  const char *start = *cursor;
  const char *end = number_end (start);
  if (end == start)
    {
      g_autofree char *quoted = quote_token (start);
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("expected a number at “%s”"), quoted);
      return FALSE;
    }

  if (fast_number (start, end, value))
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
                       _ ("more than %" G_GSIZE_FORMAT " numbers (the limit)"), max_count);
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

gboolean
carom_svg_parse_length (const char *text, double *value, GError **error)
{
  const char *p = text;
  skip_space (&p);
  if (!carom_svg_scan_number (&p, value, error))
    return FALSE;
  if (g_ascii_strncasecmp (p, "px", 2) == 0)
    p += 2;
  skip_space (&p);
  if (*p != '\0')
    {
      g_autofree char *quoted = quote_token (p);
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("unsupported unit or extra text “%s” (only plain numbers and px are read)"),
                   quoted);
      return FALSE;
    }
  return TRUE;
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
