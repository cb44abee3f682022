/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-frame.c: growing a document's frame (its root's viewBox) so that
 * an exported figure's legend, beside the drawing, is inside it.
 *
 * An exported SVG scene is the scene's file again with the figure in its
 * generated group. The figure's legend goes inside where a corner of the
 * drawing is free; where none is, it goes beside the drawing, and the file's
 * frame must grow to hold it: the root's viewBox grows to the figure's box,
 * and its width and height (when the root has them, in absolute units) grow
 * by the same factors, so that a scene unit keeps its size on paper. Only
 * the viewBox, width and height values of the root's start tag change.
 * A root without a viewBox, or with a width or height in % or in a unit
 * that does not scale, keeps its frame: the legend is then left out. */
#include "carom-svg-private.h"
#include "io/carom-svg-keep.h"

#include <float.h>
#include <string.h>

/* Skips the prolog (XML declaration, processing instructions, comments,
 * DOCTYPE, whitespace); the root's start tag is [*start, *end), *end after
 * its '>'. FALSE when there is none. */
static gboolean
root_start_tag (const char *text, gsize len, gsize *start, gsize *end)
{
  gsize i = 0;
  while (i < len)
    {
      if (carom_svg_is_space (text[i]))
        i++;
      else if (len - i >= 4 && memcmp (text + i, "<!--", 4) == 0)
        {
          const char *close = g_strstr_len (text + i + 4, (gssize)(len - i - 4), "-->");
          if (close == NULL)
            return FALSE;
          i = (gsize)(close - text) + 3;
        }
      else if (len - i >= 2 && (text[i + 1] == '?' || text[i + 1] == '!') && text[i] == '<')
        {
          /* A declaration, an instruction or a DOCTYPE (with its brackets). */
          int depth = 0;
          gsize k = i + 2;
          while (k < len && (text[k] != '>' || depth > 0))
            {
              depth += text[k] == '[' ? 1 : text[k] == ']' ? -1 : 0;
              k++;
            }
          if (k >= len)
            return FALSE;
          i = k + 1;
        }
      else if (text[i] == '<')
        {
          char quote = 0;
          gsize k = i + 1;
          for (; k < len; k++)
            {
              if (quote != 0)
                quote = text[k] == quote ? 0 : quote;
              else if (text[k] == '"' || text[k] == '\'')
                quote = text[k];
              else if (text[k] == '>')
                break;
            }
          if (k >= len)
            return FALSE;
          *start = i;
          *end = k + 1;
          return TRUE;
        }
      else
        return FALSE;
    }
  return FALSE;
}

/* The value of attribute name (no prefix) in the start tag [0, len):
 * [*from, *to). */
static gboolean
tag_attribute (const char *tag, gsize len, const char *name, gsize *from, gsize *to)
{
  gsize n = strlen (name);
  gsize i = 1;
  while (i < len && !carom_svg_is_space (tag[i]) && tag[i] != '>' && tag[i] != '/')
    i++; /* the element's name */
  while (i < len)
    {
      while (i < len && carom_svg_is_space (tag[i]))
        i++;
      gsize name_start = i;
      while (i < len && tag[i] != '=' && !carom_svg_is_space (tag[i]) && tag[i] != '>'
             && tag[i] != '/')
        i++;
      gsize name_end = i;
      while (i < len && carom_svg_is_space (tag[i]))
        i++;
      if (i >= len || tag[i] != '=')
        return FALSE;
      i++;
      while (i < len && carom_svg_is_space (tag[i]))
        i++;
      if (i >= len || (tag[i] != '"' && tag[i] != '\''))
        return FALSE;
      char quote = tag[i++];
      gsize value = i;
      while (i < len && tag[i] != quote)
        i++;
      if (i >= len)
        return FALSE;
      if (name_end - name_start == n && memcmp (tag + name_start, name, n) == 0)
        {
          *from = value;
          *to = i;
          return TRUE;
        }
      i++;
    }
  return FALSE;
}

/* A viewBox's four numbers; FALSE unless they read as a valid box. */
static gboolean
parse_view_box (const char *value, gsize len, double box[4])
{
  g_autofree char *copy = g_strndup (value, len);
  char *p = copy;
  for (int k = 0; k < 4; k++)
    {
      while (*p != '\0' && (carom_svg_is_space (*p) || *p == ','))
        p++;
      char *end;
      box[k] = g_ascii_strtod (p, &end);
      if (end == p || !isfinite (box[k]))
        return FALSE;
      p = end;
    }
  while (*p != '\0' && carom_svg_is_space (*p))
    p++;
  return *p == '\0' && box[2] > 0.0 && box[3] > 0.0;
}

/* A width or height that scales: a number and an absolute unit (or none):
 * *number, and the unit (newly allocated, may be NULL). */
static gboolean
parse_length (const char *value, gsize len, double *number, char **unit)
{
  g_autofree char *copy = g_strndup (value, len);
  char *start = g_strstrip (copy);
  char *end;
  *number = g_ascii_strtod (start, &end);
  if (end == start || !isfinite (*number) || !(*number > 0.0))
    return FALSE;
  static const char *const units[] = { "", "px", "pt", "pc", "mm", "cm", "in", "Q" };
  for (gsize i = 0; i < G_N_ELEMENTS (units); i++)
    if (strcmp (end, units[i]) == 0)
      {
        if (unit != NULL)
          *unit = g_strdup (end);
        return TRUE;
      }
  return FALSE;
}

/* Where the root's frame is: its start tag, its viewBox and, when it has
 * them, its width and height. FALSE when the frame cannot grow. */
typedef struct
{
  gsize tag_start, tag_end;
  gsize vb_from, vb_to;
  double view_box[4];
  gboolean has_size[2];
  gsize size_from[2], size_to[2];
  double size[2];
} RootFrame;

static gboolean
root_frame (const char *text, gsize len, RootFrame *frame)
{
  *frame = (RootFrame){ 0 };
  if (!root_start_tag (text, len, &frame->tag_start, &frame->tag_end))
    return FALSE;
  const char *tag = text + frame->tag_start;
  gsize tag_len = frame->tag_end - frame->tag_start;
  if (!tag_attribute (tag, tag_len, "viewBox", &frame->vb_from, &frame->vb_to)
      || !parse_view_box (tag + frame->vb_from, frame->vb_to - frame->vb_from, frame->view_box))
    return FALSE;
  static const char *const names[2] = { "width", "height" };
  for (int k = 0; k < 2; k++)
    {
      frame->has_size[k]
          = tag_attribute (tag, tag_len, names[k], &frame->size_from[k], &frame->size_to[k]);
      if (frame->has_size[k]
          && !parse_length (tag + frame->size_from[k], frame->size_to[k] - frame->size_from[k],
                            &frame->size[k], NULL))
        return FALSE;
    }
  return TRUE;
}

gboolean
carom_svg_frame_growable (const char *text, gsize length)
{
  RootFrame frame;
  return root_frame (text, length, &frame);
}

/* The value [from, to) of the tag replaced by value. */
typedef struct
{
  gsize from, to;
  char *value;
} Edit;

static int
edit_compare (gconstpointer a, gconstpointer b)
{
  const Edit *x = a, *y = b;
  return x->from < y->from ? -1 : x->from > y->from;
}

char *
carom_svg_frame_grow (const char *text, gsize length, CgAabb cover, gsize *grown_length)
{
  RootFrame frame;
  if (cg_aabb_is_empty (cover) || !root_frame (text, length, &frame))
    return NULL;
  double *vb = frame.view_box;
  double lo[2] = { fmin (vb[0], cover.lo.x), fmin (vb[1], cover.lo.y) };
  double hi[2] = { fmax (vb[0] + vb[2], cover.hi.x), fmax (vb[1] + vb[3], cover.hi.y) };
  double extent[2] = { hi[0] - lo[0], hi[1] - lo[1] };
  if (!isfinite (extent[0]) || !isfinite (extent[1]))
    return NULL;
  if (lo[0] == vb[0] && lo[1] == vb[1] && extent[0] == vb[2] && extent[1] == vb[3])
    return NULL; /* the figure fits the frame */

  Edit edits[3];
  int n = 0;
  GString *value = g_string_new (NULL);
  double numbers[4] = { lo[0], lo[1], extent[0], extent[1] };
  for (int k = 0; k < 4; k++)
    {
      if (k > 0)
        g_string_append_c (value, ' ');
      carom_svg_append_number (value, numbers[k]);
    }
  edits[n++] = (Edit){ frame.vb_from, frame.vb_to, g_string_free (value, FALSE) };
  const char *tag = text + frame.tag_start;
  for (int k = 0; k < 2; k++)
    if (frame.has_size[k])
      {
        /* The same factor as the viewBox, the unit kept. */
        double number;
        g_autofree char *unit = NULL;
        parse_length (tag + frame.size_from[k], frame.size_to[k] - frame.size_from[k], &number,
                      &unit);
        GString *size = g_string_new (NULL);
        carom_svg_append_number (size, number * extent[k] / vb[2 + k]);
        g_string_append (size, unit);
        edits[n++] = (Edit){ frame.size_from[k], frame.size_to[k], g_string_free (size, FALSE) };
      }
  qsort (edits, (size_t)n, sizeof *edits, edit_compare);

  GString *out = g_string_sized_new (length + 64);
  g_string_append_len (out, text, (gssize)frame.tag_start);
  gsize at = 0;
  for (int k = 0; k < n; k++)
    {
      g_string_append_len (out, tag + at, (gssize)(edits[k].from - at));
      g_string_append (out, edits[k].value);
      at = edits[k].to;
      g_free (edits[k].value);
    }
  g_string_append_len (out, tag + at, (gssize)(length - frame.tag_start - at));
  if (grown_length != NULL)
    *grown_length = out->len;
  return g_string_free (out, FALSE);
}
