/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-css.c: the CSS cascade for the properties Carom reads (fill,
 * stroke, display, visibility), as browsers apply it to SVG: <style> sheets
 * with type, universal, class and id selectors, descendant combinators and
 * comma lists, ordered by specificity, then by order; !important; and
 * presentation attributes below every sheet, below the style attribute.
 *
 * A rule whose selector list has anything else (child or sibling
 * combinators, attribute selectors, pseudo-classes) is dropped whole, as a
 * browser drops a rule it cannot parse; @-rules are skipped. */
#include "io/carom-svg-css.h"

#include <string.h>

static const char *const property_names[CAROM_CSS_N_PROPERTIES]
    = { "fill", "stroke", "display", "visibility" };

/* One compound selector: type (NULL: any), id, classes; all must match. */
typedef struct
{
  char *type;
  char *id;
  GPtrArray *classes; ///< of char*
} Compound;

/* One rule's declarations for the properties Carom reads. */
typedef struct
{
  char *values[CAROM_CSS_N_PROPERTIES];
  gboolean important[CAROM_CSS_N_PROPERTIES];
} Declarations;

/* A selector of a rule, with its specificity (ids, classes, types). */
typedef struct
{
  GPtrArray *compounds; ///< of Compound*, outermost first
  guint specificity;    ///< ids × 2^20 + classes × 2^10 + types
  guint order;          ///< the rule's place in the sheets
  const Declarations *declarations;
} Selector;

struct _CaromSvgSheet
{
  GPtrArray *selectors;    ///< of Selector*
  GPtrArray *declarations; ///< of Declarations*, owned
  guint rules;
};

static void
compound_free (Compound *c)
{
  g_free (c->type);
  g_free (c->id);
  g_ptr_array_unref (c->classes);
  g_free (c);
}

static void
selector_free (Selector *s)
{
  if (s == NULL)
    return; /* taken by the sheet */
  g_ptr_array_unref (s->compounds);
  g_free (s);
}

static void
declarations_free (Declarations *d)
{
  for (int i = 0; i < CAROM_CSS_N_PROPERTIES; i++)
    g_free (d->values[i]);
  g_free (d);
}

CaromSvgSheet *
carom_svg_sheet_new (void)
{
  CaromSvgSheet *sheet = g_new0 (CaromSvgSheet, 1);
  sheet->selectors = g_ptr_array_new_with_free_func ((GDestroyNotify)selector_free);
  sheet->declarations = g_ptr_array_new_with_free_func ((GDestroyNotify)declarations_free);
  return sheet;
}

void
carom_svg_sheet_free (CaromSvgSheet *sheet)
{
  if (sheet == NULL)
    return;
  g_ptr_array_unref (sheet->selectors);
  g_ptr_array_unref (sheet->declarations);
  g_free (sheet);
}

gboolean
carom_svg_sheet_is_empty (const CaromSvgSheet *sheet)
{
  return sheet == NULL || sheet->selectors->len == 0;
}

/* ---- parsing ---------------------------------------------------------------- */

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '-' || c == '_' || (guchar)c >= 0x80;
}

static char *
take_name (const char **p)
{
  const char *start = *p;
  while (is_name_char (**p))
    (*p)++;
  return *p > start ? g_strndup (start, (gsize)(*p - start)) : NULL;
}

/* One selector ("g.room #post"), or NULL when it is beyond what Carom reads. */
static Selector *
parse_selector (const char *text)
{
  g_autoptr (GPtrArray) compounds = g_ptr_array_new_with_free_func ((GDestroyNotify)compound_free);
  guint ids = 0, classes = 0, types = 0;
  const char *p = text;
  for (;;)
    {
      while (carom_svg_is_space (*p))
        p++;
      if (*p == '\0')
        break;
      Compound *c = g_new0 (Compound, 1);
      c->classes = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (compounds, c);
      if (*p == '*')
        p++;
      else if (is_name_char (*p))
        {
          c->type = take_name (&p);
          types++;
        }
      while (*p == '.' || *p == '#')
        {
          char kind = *p++;
          char *name = take_name (&p);
          if (name == NULL)
            return NULL;
          if (kind == '.')
            {
              g_ptr_array_add (c->classes, name);
              classes++;
            }
          else
            {
              g_free (c->id);
              c->id = name;
              ids++;
            }
        }
      if (*p != '\0' && !carom_svg_is_space (*p))
        return NULL; /* >, +, ~, [attr], :pseudo, ... */
    }
  if (compounds->len == 0)
    return NULL;
  Selector *s = g_new0 (Selector, 1);
  s->compounds = g_steal_pointer (&compounds);
  s->specificity = (MIN (ids, 1023u) << 20) | (MIN (classes, 1023u) << 10) | MIN (types, 1023u);
  return s;
}

/* The value of a declaration, trimmed, without !important (noted). */
static char *
declaration_value (const char *start, const char *end, gboolean *important)
{
  g_autofree char *value = g_strndup (start, (gsize)(end - start));
  g_strstrip (value);
  *important = FALSE;
  char *bang = strchr (value, '!');
  if (bang != NULL)
    {
      g_autofree char *flag = g_strstrip (g_strdup (bang + 1));
      *important = g_ascii_strcasecmp (flag, "important") == 0;
      *bang = '\0';
      g_strchomp (value);
    }
  return g_steal_pointer (&value);
}

static int
property_index (const char *start, const char *end)
{
  g_autofree char *name = g_strstrip (g_strndup (start, (gsize)(end - start)));
  for (int i = 0; i < CAROM_CSS_N_PROPERTIES; i++)
    if (g_ascii_strcasecmp (name, property_names[i]) == 0)
      return i;
  return -1;
}

/* Declarations "a: b; c: d !important" into d (a later one wins unless an
 * earlier one is important and it is not). */
static void
parse_declarations (const char *p, const char *end, Declarations *d)
{
  while (p < end)
    {
      const char *semi = memchr (p, ';', (gsize)(end - p));
      const char *stop = semi != NULL ? semi : end;
      const char *colon = memchr (p, ':', (gsize)(stop - p));
      if (colon != NULL)
        {
          int k = property_index (p, colon);
          if (k >= 0)
            {
              gboolean important;
              char *value = declaration_value (colon + 1, stop, &important);
              if (important || !d->important[k])
                {
                  g_free (d->values[k]);
                  d->values[k] = value;
                  d->important[k] = important;
                }
              else
                g_free (value);
            }
        }
      p = stop + 1;
    }
}

/* text without its comments. */
static char *
strip_comments (const char *text)
{
  GString *out = g_string_new (NULL);
  for (const char *p = text; *p != '\0';)
    {
      if (p[0] == '/' && p[1] == '*')
        {
          const char *close = strstr (p + 2, "*/");
          if (close == NULL)
            break;
          p = close + 2;
          g_string_append_c (out, ' ');
        }
      else
        g_string_append_c (out, *p++);
    }
  return g_string_free (out, FALSE);
}

/* The end of the block that opens at p ('{'), nested blocks included. */
static const char *
block_end (const char *p)
{
  int depth = 0;
  for (; *p != '\0'; p++)
    if (*p == '{')
      depth++;
    else if (*p == '}' && --depth == 0)
      return p;
  return p;
}

void
carom_svg_sheet_parse (CaromSvgSheet *sheet, const char *css)
{
  g_return_if_fail (sheet != NULL && css != NULL);
  g_autofree char *text = strip_comments (css);
  const char *p = text;
  while (*p != '\0')
    {
      while (carom_svg_is_space (*p) || *p == ';')
        p++;
      if (*p == '\0')
        break;
      const char *open = strchr (p, '{');
      if (*p == '@')
        {
          /* @import ...; @media ... { ... }: not read */
          const char *semi = strchr (p, ';');
          if (semi != NULL && (open == NULL || semi < open))
            p = semi + 1;
          else if (open != NULL)
            p = *block_end (open) != '\0' ? block_end (open) + 1 : block_end (open);
          else
            break;
          continue;
        }
      if (open == NULL)
        break;
      const char *close = strchr (open, '}');
      if (close == NULL)
        close = open + strlen (open);
      g_autofree char *selectors = g_strndup (p, (gsize)(open - p));
      g_auto (GStrv) list = g_strsplit (selectors, ",", -1);
      g_autoptr (GPtrArray) parsed = g_ptr_array_new_with_free_func ((GDestroyNotify)selector_free);
      gboolean valid = list[0] != NULL;
      for (guint i = 0; valid && list[i] != NULL; i++)
        {
          Selector *s = parse_selector (list[i]);
          if (s == NULL)
            valid = FALSE;
          else
            g_ptr_array_add (parsed, s);
        }
      if (valid)
        {
          Declarations *d = g_new0 (Declarations, 1);
          parse_declarations (open + 1, close, d);
          g_ptr_array_add (sheet->declarations, d);
          guint order = sheet->rules++;
          for (guint i = 0; i < parsed->len; i++)
            {
              Selector *s = g_steal_pointer (&parsed->pdata[i]);
              s->order = order;
              s->declarations = d;
              g_ptr_array_add (sheet->selectors, s);
            }
        }
      p = *close != '\0' ? close + 1 : close;
    }
}

/* ---- matching ------------------------------------------------------------------ */

static gboolean
has_class (const char *class_list, const char *name)
{
  if (class_list == NULL)
    return FALSE;
  gsize n = strlen (name);
  for (const char *p = class_list; *p != '\0';)
    {
      while (carom_svg_is_space (*p))
        p++;
      const char *start = p;
      while (*p != '\0' && !carom_svg_is_space (*p))
        p++;
      if ((gsize)(p - start) == n && strncmp (start, name, n) == 0)
        return TRUE;
    }
  return FALSE;
}

static gboolean
compound_matches (const Compound *c, const CaromCssElement *e)
{
  if (e->name == NULL)
    return FALSE;
  if (c->type != NULL && strcmp (c->type, e->name) != 0)
    return FALSE;
  if (c->id != NULL && g_strcmp0 (c->id, e->id) != 0)
    return FALSE;
  for (guint i = 0; i < c->classes->len; i++)
    if (!has_class (e->class_list, g_ptr_array_index (c->classes, i)))
      return FALSE;
  return TRUE;
}

/* path[n - 1] is the element, path[0] the root. */
static gboolean
selector_matches (const Selector *s, const CaromCssElement *path, guint n)
{
  guint k = s->compounds->len;
  if (!compound_matches (g_ptr_array_index (s->compounds, k - 1), &path[n - 1]))
    return FALSE;
  guint at = n - 1; /* descendant combinators: the nearest match is as good as any */
  for (guint i = k - 1; i-- > 0;)
    {
      const Compound *c = g_ptr_array_index (s->compounds, i);
      gboolean found = FALSE;
      while (at-- > 0)
        if (compound_matches (c, &path[at]))
          {
            found = TRUE;
            break;
          }
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/* The declaration of property in a style attribute: the last, unless an
 * earlier one is important. */
static char *
style_value (const char *style, CaromCssProperty property, gboolean *important)
{
  Declarations d;
  memset (&d, 0, sizeof d);
  parse_declarations (style, style + strlen (style), &d);
  *important = d.important[property];
  for (int i = 0; i < CAROM_CSS_N_PROPERTIES; i++)
    if (i != (int)property)
      g_free (d.values[i]);
  return d.values[property];
}

char *
carom_svg_cascade (const CaromSvgSheet *sheet, const CaromCssElement *path, guint n,
                   const char *style, const char *presentation, CaromCssProperty property)
{
  g_return_val_if_fail (n > 0 && property < CAROM_CSS_N_PROPERTIES, NULL);
  /* Ranks: presentation attribute 0, sheet 1, style attribute 2, sheet
   * !important 3, style !important 4; then specificity, then order. */
  const char *best = presentation;
  guint best_rank = 0, best_specificity = 0, best_order = 0;
  for (guint i = 0; sheet != NULL && i < sheet->selectors->len; i++)
    {
      const Selector *s = g_ptr_array_index (sheet->selectors, i);
      const char *value = s->declarations->values[property];
      if (value == NULL)
        continue;
      guint rank = s->declarations->important[property] ? 3 : 1;
      if (rank < best_rank
          || (rank == best_rank
              && (s->specificity < best_specificity
                  || (s->specificity == best_specificity && s->order < best_order)))
          || !selector_matches (s, path, n))
        continue;
      best = value;
      best_rank = rank;
      best_specificity = s->specificity;
      best_order = s->order;
    }
  if (style != NULL)
    {
      gboolean important;
      g_autofree char *value = style_value (style, property, &important);
      if (value != NULL && (important ? 4u : 2u) > best_rank)
        return g_steal_pointer (&value);
    }
  return best != NULL ? g_strstrip (g_strdup (best)) : NULL;
}
