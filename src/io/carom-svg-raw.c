/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-raw.c: where each element of an XML text is, byte by byte. */
#include "io/carom-svg-raw.h"

#include <string.h>

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The offset just after the first `what` at or after from, or 0. */
static gsize
past (const char *data, gsize length, gsize from, const char *what)
{
  gsize n = strlen (what);
  if (from > length)
    return 0;
  const char *at = memmem (data + from, length - from, what, n);
  return at != NULL ? (gsize)(at - data) + n : 0;
}

/* After a quoted value starting at data[i] (its quote), or 0. */
static gsize
past_quoted (const char *data, gsize length, gsize i)
{
  const char *close = memchr (data + i + 1, data[i], length - i - 1);
  return close != NULL ? (gsize)(close - data) + 1 : 0;
}

/* After a document type declaration starting at i, internal subset
 * included (its quoted strings and comments may hold '>' and ']'). */
static gsize
past_doctype (const char *data, gsize length, gsize i)
{
  int depth = 0;
  for (i += 2; i < length; i++)
    {
      char c = data[i];
      if (c == '"' || c == '\'')
        {
          gsize next = past_quoted (data, length, i);
          if (next == 0)
            return 0;
          i = next - 1;
        }
      else if (c == '<' && i + 3 < length && memcmp (data + i, "<!--", 4) == 0)
        {
          gsize next = past (data, length, i + 4, "-->");
          if (next == 0)
            return 0;
          i = next - 1;
        }
      else if (c == '[')
        depth++;
      else if (c == ']')
        depth--;
      else if (c == '>' && depth <= 0)
        return i + 1;
    }
  return 0;
}

/* The end of a name at i. */
static gsize
name_end (const char *data, gsize length, gsize i)
{
  while (i < length && !is_space (data[i]) && data[i] != '/' && data[i] != '>' && data[i] != '='
         && data[i] != '<')
    i++;
  return i;
}

/* A start tag at lt: fills e (not its end) and returns after its '>', or 0. */
static gsize
start_tag (const char *data, gsize length, gsize lt, CaromRawElement *e)
{
  gsize i = name_end (data, length, lt + 1);
  if (i == lt + 1)
    return 0;
  e->lt = (guint32)lt;
  e->name_end = (guint32)i;
  for (;;)
    {
      while (i < length && is_space (data[i]))
        i++;
      if (i >= length)
        return 0;
      if (data[i] == '>')
        {
          e->close = (guint32)i;
          e->empty = FALSE;
          return i + 1;
        }
      if (data[i] == '/')
        {
          if (i + 1 >= length || data[i + 1] != '>')
            return 0;
          e->close = (guint32)i;
          e->empty = TRUE;
          return i + 2;
        }
      gsize after_name = name_end (data, length, i);
      if (after_name == i)
        return 0;
      i = after_name;
      while (i < length && is_space (data[i]))
        i++;
      if (i >= length || data[i] != '=')
        return 0;
      i++;
      while (i < length && is_space (data[i]))
        i++;
      if (i >= length || (data[i] != '"' && data[i] != '\''))
        return 0;
      i = past_quoted (data, length, i);
      if (i == 0)
        return 0;
    }
}

GArray *
carom_svg_raw_scan (const char *data, gsize length)
{
  if (length >= G_MAXUINT32 || length < 4)
    return NULL;
  /* Markup must be ASCII: no UTF-16 or UTF-32 (a BOM or a NUL byte). */
  if ((guchar)data[0] == 0xfe || (guchar)data[0] == 0xff || memchr (data, '\0', MIN (length, 4)))
    return NULL;
  g_autoptr (GArray) elements = g_array_new (FALSE, FALSE, sizeof (CaromRawElement));
  g_autoptr (GArray) open = g_array_new (FALSE, FALSE, sizeof (guint32));
  gsize i = 0;
  while (i < length)
    {
      const char *lt = memchr (data + i, '<', length - i);
      if (lt == NULL)
        break;
      i = (gsize)(lt - data);
      gsize rest = length - i;
      gsize next;
      if (rest >= 4 && memcmp (lt, "<!--", 4) == 0)
        next = past (data, length, i + 4, "-->");
      else if (rest >= 9 && memcmp (lt, "<![CDATA[", 9) == 0)
        next = past (data, length, i + 9, "]]>");
      else if (rest >= 2 && lt[1] == '?')
        next = past (data, length, i + 2, "?>");
      else if (rest >= 2 && lt[1] == '!')
        next = past_doctype (data, length, i);
      else if (rest >= 2 && lt[1] == '/')
        {
          const char *gt = memchr (lt, '>', rest);
          if (gt == NULL || open->len == 0)
            return NULL;
          CaromRawElement *e = &g_array_index (elements, CaromRawElement,
                                               g_array_index (open, guint32, open->len - 1));
          /* The end tag names the element it ends. */
          gsize n = e->name_end - e->lt - 1;
          if ((gsize)(gt - lt) < n + 2 || memcmp (lt + 2, data + e->lt + 1, n) != 0
              || !(is_space (lt[2 + n]) || lt[2 + n] == '>'))
            return NULL;
          e->end_lt = (guint32)i;
          e->end = (guint32)(gt - data) + 1;
          g_array_set_size (open, open->len - 1);
          next = e->end;
        }
      else
        {
          CaromRawElement e = { .depth = open->len };
          next = start_tag (data, length, i, &e);
          if (next == 0)
            return NULL;
          e.after = (guint32)next;
          if (e.empty)
            e.end_lt = e.end = e.after;
          else
            {
              guint32 index = elements->len;
              g_array_append_val (open, index);
            }
          g_array_append_val (elements, e);
        }
      if (next == 0)
        return NULL;
      i = next;
    }
  if (open->len != 0 || elements->len == 0)
    return NULL;
  return g_steal_pointer (&elements);
}

GArray *
carom_svg_raw_attributes (const char *data, const CaromRawElement *e)
{
  GArray *attrs = g_array_new (FALSE, FALSE, sizeof (CaromRawAttribute));
  gsize i = e->name_end, end = e->close;
  while (i < end)
    {
      CaromRawAttribute a = { .start = (guint32)i };
      while (i < end && is_space (data[i]))
        i++;
      if (i >= end)
        break;
      a.name = (guint32)i;
      i = name_end (data, end, i);
      a.name_end = (guint32)i;
      while (i < end && data[i] != '"' && data[i] != '\'')
        i++;
      if (i >= end)
        break;
      const char *close = memchr (data + i + 1, data[i], end - i - 1);
      if (close == NULL)
        break;
      i = (gsize)(close - data) + 1;
      a.end = (guint32)i;
      g_array_append_val (attrs, a);
    }
  return attrs;
}
