/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-keep-raw.c: a scene written over the bytes of the document it
 * was read from (carom-svg-raw.h finds each element in them): what did not
 * change copied byte for byte, edited elements rewritten in the file's own
 * idiom, removed ones taken out, new ones before the root's end; and the
 * file's own drawing (the file less what Carom models). */
#include "io/carom-svg-keep-private.h"

#include <string.h>

#include "io/carom-svg-raw.h"

/* A change to the original bytes: [from, to) becomes with. */
typedef struct
{
  guint32 from, to;
  GString *with;
} Edit;

static void
edit_clear (gpointer data)
{
  Edit *e = data;
  if (e->with != NULL)
    g_string_free (e->with, TRUE);
}

static gint
edit_order (gconstpointer a, gconstpointer b)
{
  const Edit *x = a, *y = b;
  return x->from < y->from ? -1 : x->from > y->from ? 1 : (x->to > y->to) - (x->to < y->to);
}

static gint
edit_order_ranges (gconstpointer a, gconstpointer b)
{
  const guint32 *x = a, *y = b;
  return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0;
}

static void
add_edit (GArray *edits, guint32 from, guint32 to, GString *with)
{
  Edit e = { from, to, with };
  g_array_append_val (edits, e);
}

static gboolean
raw_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Where the whitespace before at begins: an element removed takes its
 * indentation and line break with it. */
static guint32
space_before (const char *raw, guint32 at)
{
  while (at > 0 && raw_space (raw[at - 1]))
    at--;
  return at;
}

/* Whether raw's XML declaration names an encoding other than UTF-8 (new
 * text must then be ASCII, the rest as character references). */
static gboolean
raw_not_utf8 (const char *raw, gsize length)
{
  gsize skip = length >= 3 && memcmp (raw, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
  if (length < skip + 5 || memcmp (raw + skip, "<?xml", 5) != 0)
    return FALSE;
  const char *end = g_strstr_len (raw + skip, (gssize)MIN (length - skip, 512), "?>");
  if (end == NULL)
    return FALSE;
  g_autofree char *decl = g_strndup (raw + skip, (gsize)(end - raw - skip));
  const char *enc = strstr (decl, "encoding");
  if (enc == NULL)
    return FALSE;
  enc = strpbrk (enc, "\"'");
  return enc != NULL && g_ascii_strncasecmp (enc + 1, "utf-8", 5) != 0
         && g_ascii_strncasecmp (enc + 1, "utf8", 4) != 0;
}

/* Non-ASCII characters of s as character references. */
static void
to_ascii (GString *s)
{
  g_autoptr (GString) out = g_string_sized_new (s->len);
  for (const char *p = s->str; *p != '\0';)
    {
      if ((guchar)*p < 0x80)
        {
          g_string_append_c (out, *p++);
          continue;
        }
      gunichar c = g_utf8_get_char_validated (p, -1);
      if (c == (gunichar)-1 || c == (gunichar)-2)
        {
          g_string_append_c (out, *p++);
          continue;
        }
      g_string_append_printf (out, "&#x%X;", c);
      p = g_utf8_next_char (p);
    }
  g_string_assign (s, out->str);
}

/* The qualified name in raw of e, against the slot's as kept. */
static gboolean
same_name (const char *raw, const CaromRawElement *e, const char *text, const Slot *slot)
{
  gsize n = e->name_end - e->lt - 1;
  return n == slot->name_end - slot->start && memcmp (raw + e->lt + 1, text + slot->start, n) == 0;
}

/* A slot whose objects changed only where their names are placed: its start
 * tag as it was, byte for byte, but carom:label-offset (where it was, or
 * after the last attribute, with that attribute's spacing). */
static GString *
relabelled_tag (Writer *w, const Slot *slot, guint32 first, const char *raw,
                const CaromRawElement *e)
{
  const CmSceneSource *source = w->source;
  const CmObject *lead = g_ptr_array_index (w->scene->objects, first);
  g_autoptr (GString) label = g_string_new (NULL);
  if (lead->label_placed)
    {
      if (!source->carom_bound)
        g_string_append (label, " xmlns:carom=\"" CAROM_SCENE_NAMESPACE "\"");
      CaromAffine inv
          = carom_svg_keep_affine_inverse (g_array_index (source->ctms, CaromAffine, slot->ctm));
      carom_svg_append_label_offset (label, carom_affine_apply_linear (inv, lead->label_offset));
    }
  g_autoptr (GArray) attrs = carom_svg_raw_attributes (raw, e);
  GString *tag = g_string_new (NULL);
  gboolean placed = FALSE;
  guint32 at = e->name_end;
  for (guint i = 0; i < attrs->len; i++)
    {
      const CaromRawAttribute *a = &g_array_index (attrs, CaromRawAttribute, i);
      g_string_append_len (tag, raw + at, a->start - at);
      at = a->end;
      gsize n = a->name_end - a->name;
      const char *name = raw + a->name;
      const char *colon = memchr (name, ':', n);
      if (colon != NULL && (gsize)(name + n - colon - 1) == strlen ("label-offset")
          && memcmp (colon + 1, "label-offset", strlen ("label-offset")) == 0)
        {
          if (label->len > 0)
            {
              /* Its own spacing, then the new value. */
              g_string_append_len (tag, raw + a->start, a->name - a->start);
              g_string_append (tag, label->str + 1);
            }
          placed = TRUE;
          continue;
        }
      g_string_append_len (tag, raw + a->start, a->end - a->start);
    }
  if (!placed && label->len > 0)
    {
      if (attrs->len > 0)
        {
          const CaromRawAttribute *a = &g_array_index (attrs, CaromRawAttribute, attrs->len - 1);
          g_string_append_len (tag, raw + a->start, a->name - a->start);
          g_string_append (tag, label->str + 1);
        }
      else
        g_string_append (tag, label->str);
    }
  g_string_append_len (tag, raw + at, e->close - at);
  return tag;
}

/* The qualified names of the attributes in text (` name="value"` each). */
static GPtrArray *
attribute_names (const char *text, gsize length)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  gsize i = 0;
  while (i < length)
    {
      while (i < length && raw_space (text[i]))
        i++;
      gsize start = i;
      while (i < length && text[i] != '=' && !raw_space (text[i]))
        i++;
      if (i > start)
        g_ptr_array_add (names, g_strndup (text + start, i - start));
      while (i < length && text[i] != '"' && text[i] != '\'')
        i++;
      if (i >= length)
        break;
      const char *close = memchr (text + i + 1, text[i], length - i - 1);
      if (close == NULL)
        break;
      i = (gsize)(close - text) + 1;
    }
  return names;
}

static gboolean
has_name (GPtrArray *names, const char *name, gsize n)
{
  for (guint i = 0; i < names->len; i++)
    {
      const char *k = g_ptr_array_index (names, i);
      if (strlen (k) == n && memcmp (k, name, n) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The first path command of a d attribute's raw text (its value). */
static char
first_command (const char *raw, const CaromRawAttribute *a)
{
  for (guint32 i = a->name_end; i < a->end; i++)
    if (g_ascii_isalpha (raw[i]))
      return raw[i];
  return '\0';
}

/* Straight path data written relative, as the file had it: "m x,y l dx,dy …
 * z", each step relative where it reads back to the same double (the
 * reader adds it to the point before), else absolute (L) for that step. */
static char *
relative_path_data (Writer *w, const Slot *slot, guint32 first)
{
  CaromAffine inv
      = carom_svg_keep_affine_inverse (g_array_index (w->source->ctms, CaromAffine, slot->ctm));
  GString *d = g_string_new ("d=\"");
  for (guint32 i = first; i != G_MAXUINT32; i = w->next[i])
    {
      const CmObject *o = g_ptr_array_index (w->scene->objects, i);
      if (cm_object_is_curved (o))
        {
          g_string_free (d, TRUE);
          return NULL;
        }
      CgVec2 prev = { 0.0, 0.0 };
      for (size_t k = 0; k < o->n_points; k++)
        {
          CgVec2 p = carom_affine_apply (inv, o->points[k]);
          CgVec2 step = { p.x - prev.x, p.y - prev.y };
          gboolean exact
              = (k > 0 || i != first) && prev.x + step.x == p.x && prev.y + step.y == p.y;
          if (k == 0 && i == first)
            g_string_append (d, "m ");
          else if (k == 0)
            g_string_append (d, exact ? " m " : " M ");
          else
            g_string_append (d, exact ? " l " : " L ");
          carom_svg_keep_append_point (d, exact ? step : p);
          prev = p;
        }
      g_string_append (d, " z");
      /* After z, the current point is the subpath's start. */
    }
  g_string_append_c (d, '"');
  return g_string_free (d, FALSE);
}

/* Carom's namespace declarations (when any) and the new attributes that no
 * attribute of the tag stood in for (not matched), each spaced as given. */
static void
append_new_attributes (GString *out, const char *spacing, gsize spacing_length,
                       const char *ns_decls, GPtrArray *pieces, const gboolean *matched)
{
  if (ns_decls[0] != '\0')
    {
      g_string_append_len (out, spacing, (gssize)spacing_length);
      g_string_append (out, ns_decls + 1);
    }
  for (guint k = 0; k < pieces->len; k++)
    if (!matched[k])
      {
        g_string_append_len (out, spacing, (gssize)spacing_length);
        g_string_append (out, g_ptr_array_index (pieces, k));
      }
}

/* A slot whose objects changed, in the file's own idiom: its start tag as
 * it was — attribute order, quotes, one attribute a line or not — but the
 * attributes Carom manages, written anew where the first of them was and
 * spaced as it was; its children and end tag as they were (the end tag
 * renamed when the element is: a <rect> that became a <path>). */
static GString *
changed_element (Writer *w, const Slot *slot, guint32 first, const char *raw,
                 const CaromRawElement *e)
{
  const char *text = w->source->text->str;
  g_autoptr (GString) managed = g_string_new (NULL);
  const char *local = carom_svg_keep_write_managed (w, slot, first, managed);
  g_autoptr (GPtrArray) kept
      = attribute_names (text + slot->kept_start, slot->attrs_end - slot->kept_start);
  /* Each managed attribute apart: ` name="value"`. */
  g_autoptr (GPtrArray) pieces = g_ptr_array_new_with_free_func (g_free);
  for (gsize i = 0, start = 0; i <= managed->len; i++)
    if (i == managed->len || (managed->str[i] == ' ' && i > start))
      {
        /* A space starts the next one unless inside a value. */
        gsize quotes = 0;
        for (gsize k = start; k < i; k++)
          quotes += managed->str[k] == '"';
        if (i < managed->len && quotes % 2 == 1)
          continue;
        if (i > start)
          g_ptr_array_add (pieces, g_strndup (managed->str + start + 1, i - start - 1));
        start = i;
      }
  g_autoptr (GArray) attrs = carom_svg_raw_attributes (raw, e);
  if (slot->shape == CAROM_SVG_KEEP_PATH)
    for (guint i = 0; i < attrs->len; i++)
      {
        const CaromRawAttribute *a = &g_array_index (attrs, CaromRawAttribute, i);
        if (a->name_end - a->name == 1 && raw[a->name] == 'd' && first_command (raw, a) == 'm')
          for (guint k = 0; k < pieces->len; k++)
            if (g_str_has_prefix (g_ptr_array_index (pieces, k), "d=\"M "))
              {
                char *relative = relative_path_data (w, slot, first);
                if (relative != NULL)
                  {
                    g_free (pieces->pdata[k]);
                    pieces->pdata[k] = relative;
                  }
              }
      }
  /* Inkscape's node types stay while the path has as many nodes. */
  const CmObject *lead = g_ptr_array_index (w->scene->objects, first);
  gboolean one = w->next[first] == G_MAXUINT32;
  const char *qname = raw + e->lt + 1;
  gsize qname_length = e->name_end - e->lt - 1;
  const char *colon = memchr (qname, ':', qname_length);
  gsize prefix = colon != NULL ? (gsize)(colon - qname) + 1 : 0;
  g_autoptr (GString) name = g_string_new_len (qname, (gssize)prefix);
  g_string_append (name, local);
  gboolean renamed = name->len != qname_length || memcmp (name->str, qname, qname_length) != 0;

  GString *out = g_string_new ("<");
  g_string_append_len (out, name->str, (gssize)name->len);
  /* In the element's own quotes, where a value allows. */
  if (attrs->len > 0 && raw[g_array_index (attrs, CaromRawAttribute, 0).end - 1] == '\'')
    for (guint k = 0; k < pieces->len; k++)
      {
        char *piece = g_ptr_array_index (pieces, k);
        char *open = strchr (piece, '"');
        if (open == NULL || strchr (open + 1, '\'') != NULL)
          continue;
        *open = '\'';
        char *close = strrchr (piece, '"');
        if (close != NULL)
          *close = '\'';
      }
  /* Which raw attributes Carom manages, and which new ones have no raw
   * attribute of their name to stand in for. */
  guint n_pieces = pieces->len;
  g_autofree gboolean *matched = g_new0 (gboolean, MAX (n_pieces, 1));
  gint first_managed = -1;
  for (guint i = 0; i < attrs->len; i++)
    {
      const CaromRawAttribute *a = &g_array_index (attrs, CaromRawAttribute, i);
      if (has_name (kept, raw + a->name, a->name_end - a->name))
        continue;
      if (first_managed < 0)
        first_managed = (gint)i;
      for (guint k = 0; k < n_pieces; k++)
        {
          const char *piece = g_ptr_array_index (pieces, k);
          gsize n = a->name_end - a->name;
          if (strncmp (piece, raw + a->name, n) == 0 && piece[n] == '=')
            matched[k] = TRUE;
        }
    }
  guint32 at = e->name_end;
  const char *spacing = " ";
  gsize spacing_length = 1;
  for (guint i = 0; i < attrs->len; i++)
    {
      const CaromRawAttribute *a = &g_array_index (attrs, CaromRawAttribute, i);
      spacing = raw + a->start;
      spacing_length = a->name - a->start;
      at = a->end;
      if (has_name (kept, raw + a->name, a->name_end - a->name))
        {
          g_string_append_len (out, raw + a->start, a->end - a->start);
          continue;
        }
      gsize name_length = a->name_end - a->name;
      if (one && name_length > 10 && memcmp (raw + a->name_end - 10, ":nodetypes", 10) == 0)
        {
          /* The value: between the quotes. */
          const char *q = memchr (raw + a->name_end, raw[a->end - 1], a->end - a->name_end);
          gsize types = q != NULL ? (gsize)(raw + a->end - 1 - q - 1) : 0;
          if (lead->n_points == slot->n_points && types > 0)
            {
              g_string_append_len (out, raw + a->start, a->end - a->start);
              continue;
            }
        }
      /* A managed attribute: its new value where it was (or nothing). */
      for (guint k = 0; k < n_pieces; k++)
        {
          const char *piece = g_ptr_array_index (pieces, k);
          if (matched[k] && strncmp (piece, raw + a->name, name_length) == 0
              && piece[name_length] == '=')
            {
              g_string_append_len (out, spacing, (gssize)spacing_length);
              g_string_append (out, piece);
              matched[k] = 2; /* written */
            }
        }
      /* After the first of them: Carom's namespace and the new ones. */
      if ((gint)i == first_managed)
        append_new_attributes (out, spacing, spacing_length, w->ns_decls, pieces, matched);
    }
  /* No managed attribute stood in the tag (none matched): all at its end. */
  if (first_managed < 0)
    append_new_attributes (out, spacing, spacing_length, w->ns_decls, pieces, matched);
  g_string_append_len (out, raw + at, e->after - at);
  if (e->empty)
    return out;
  g_string_append_len (out, raw + e->after, e->end_lt - e->after);
  if (renamed)
    g_string_append_printf (out, "</%s>", name->str);
  else
    g_string_append_len (out, raw + e->end_lt, e->end - e->end_lt);
  return out;
}

/* What carom_svg_source_write() writes with the original bytes at hand: the
 * bytes as they were, but the elements that changed, those removed, and the
 * new ones before the root's end. NULL when raw is not the document read
 * (then the kept text is written). */
char *
carom_svg_keep_write_raw (Writer *w, const char *raw, gsize raw_length, const guint8 *fresh,
                          gboolean carom_needed, const char *generated, gsize *length)
{
  const CmSceneSource *source = w->source;
  const CmScene *scene = w->scene;
  const char *text = source->text->str;
  g_autoptr (GArray) elements = carom_svg_raw_scan (raw, raw_length);
  if (elements == NULL || elements->len != source->n_elements)
    return NULL;
  const CaromRawElement *el = (const CaromRawElement *)elements->data;
  guint n_slots = source->slots->len;
  for (guint k = 0; k < n_slots; k++)
    {
      const Slot *slot = &g_array_index (source->slots, Slot, k);
      if (slot->element >= elements->len || !same_name (raw, &el[slot->element], text, slot))
        return NULL;
    }
  for (guint j = 0; j < source->native_elements->len; j++)
    if ((g_array_index (source->native_elements, guint32, j) & ~NATIVE_STYLED) >= elements->len)
      return NULL;

  gboolean ascii = raw_not_utf8 (raw, raw_length);
  g_autoptr (GArray) edits = g_array_new (FALSE, FALSE, sizeof (Edit));
  g_array_set_clear_func (edits, edit_clear);
  GString *saved_out = w->out;

  /* Carom's namespace, when the root does not declare it, on each element
   * written anew that needs it: the root stays as it was, and an edit
   * changes only its element's text. */
  const CaromRawElement *root = &el[0];
  (void)carom_needed;
  g_autofree char *own_decls = g_strconcat (w->ns_decls,
                                            !source->carom_bound && !source->carom_taken
                                                ? " xmlns:carom=\"" CAROM_SCENE_NAMESPACE "\""
                                                : "",
                                            NULL);
  const char *saved_decls = w->ns_decls;
  w->ns_decls = own_decls;

  for (guint k = 0; k < n_slots; k++)
    {
      const Slot *slot = &g_array_index (source->slots, Slot, k);
      const CaromRawElement *e = &el[slot->element];
      guint32 first = w->slot_first[k];
      if (first == G_MAXUINT32)
        add_edit (edits, space_before (raw, e->lt), e->end, NULL);
      else if (w->unchanged[k] == SLOT_SAME)
        continue;
      else if (w->unchanged[k] == SLOT_RELABELLED)
        add_edit (edits, e->name_end, e->close, relabelled_tag (w, slot, first, raw, e));
      else if (slot->shape != CAROM_SVG_KEEP_USE)
        {
          GString *element = changed_element (w, slot, first, raw, e);
          if (ascii)
            to_ascii (element);
          add_edit (edits, e->lt, e->end, element);
        }
      else
        {
          /* An edited clone becomes a group of copies, where it was. */
          w->out = g_string_new (NULL);
          carom_svg_keep_write_slot (w, k);
          if (ascii)
            to_ascii (w->out);
          add_edit (edits, e->lt, e->end, w->out);
        }
    }
  for (guint j = 0; j < source->native_elements->len; j++)
    {
      guint32 element = g_array_index (source->native_elements, guint32, j);
      const CaromRawElement *e = &el[element & ~NATIVE_STYLED];
      guint32 i = w->native[j + 1];
      if (i == G_MAXUINT32)
        add_edit (edits, space_before (raw, e->lt), e->end, NULL);
      else if (carom_svg_keep_hash_object (HASH_SEED, g_ptr_array_index (scene->objects, i), FALSE)
               != g_array_index (source->native_hashes, guint64, j))
        {
          w->out = g_string_new (NULL);
          carom_svg_keep_write_native (w, g_ptr_array_index (scene->objects, i),
                                       (element & NATIVE_STYLED) != 0);
          if (ascii)
            to_ascii (w->out);
          add_edit (edits, e->lt, e->end, w->out);
        }
    }
  for (guint j = 0; j < source->dropped->len; j++)
    {
      guint32 d = g_array_index (source->dropped, guint32, j);
      if (d < elements->len)
        add_edit (edits, space_before (raw, el[d].lt), el[d].end, NULL);
    }

  /* New objects and the generated drawing before the whitespace that ends
   * the root. */
  guint32 tail = space_before (raw, root->end_lt);
  GString *tail_text = g_string_new (NULL);
  w->out = tail_text;
  for (guint i = 0; i < scene->objects->len; i++)
    if (fresh[i])
      {
        g_string_append (tail_text, "\n  ");
        carom_svg_keep_write_native (w, g_ptr_array_index (scene->objects, i), TRUE);
      }
  if (generated != NULL)
    {
      g_string_append (tail_text, "\n  <g carom:generated=\"true\" " CAROM_SVG_GENERATED_LAYER);
      g_string_append (tail_text, w->ns_decls);
      g_string_append (tail_text, ">\n");
      g_string_append (tail_text, generated);
      if (tail_text->len > 0 && tail_text->str[tail_text->len - 1] != '\n')
        g_string_append_c (tail_text, '\n');
      g_string_append (tail_text, "  </g>");
    }
  w->out = saved_out;
  w->ns_decls = saved_decls;
  if (ascii)
    to_ascii (tail_text);
  if (root->empty)
    {
      /* <svg …/>: opened, to hold them. */
      g_autofree char *name = g_strndup (raw + root->lt + 1, root->name_end - root->lt - 1);
      g_string_prepend_c (tail_text, '>');
      g_string_append_printf (tail_text, "\n</%s>", name);
      add_edit (edits, root->close, root->end, tail_text);
    }
  else if (tail_text->len > 0)
    add_edit (edits, tail, tail, tail_text);
  else
    g_string_free (tail_text, TRUE);

  g_array_sort (edits, edit_order);
  GString *out = g_string_sized_new (raw_length + 256);
  guint32 at = 0;
  for (guint i = 0; i < edits->len; i++)
    {
      const Edit *e = &g_array_index (edits, Edit, i);
      if (e->from < at)
        continue; /* inside an element already written anew or removed */
      g_string_append_len (out, raw + at, e->from - at);
      if (e->with != NULL)
        g_string_append_len (out, e->with->str, (gssize)e->with->len);
      at = e->to;
    }
  g_string_append_len (out, raw + at, raw_length - at);
  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

GBytes *
carom_svg_source_underlay (const CmSceneSource *source)
{
  g_return_val_if_fail (source != NULL, NULL);
  if (!source->foreign)
    return NULL; /* nothing but what Carom models */
  g_autoptr (GBytes) original = carom_svg_source_original (source);
  if (original == NULL)
    return NULL;
  gsize length = 0;
  const char *raw = g_bytes_get_data (original, &length);
  g_autoptr (GArray) elements = carom_svg_raw_scan (raw, length);
  if (elements == NULL || elements->len != source->n_elements)
    return NULL;
  const CaromRawElement *el = (const CaromRawElement *)elements->data;
  /* Every modelled element out (with what it holds), and Carom's own
   * drawing for a diagram: what is left is what Carom does not model. */
  g_autoptr (GArray) cuts = g_array_new (FALSE, FALSE, sizeof (guint32) * 2);
  guint32 range[2];
  for (guint k = 0; k < source->slots->len; k++)
    {
      const CaromRawElement *e = &el[g_array_index (source->slots, Slot, k).element];
      range[0] = e->lt, range[1] = e->end;
      g_array_append_vals (cuts, range, 1);
    }
  for (guint j = 0; j < source->native_elements->len; j++)
    {
      const CaromRawElement *e
          = &el[g_array_index (source->native_elements, guint32, j) & ~NATIVE_STYLED];
      range[0] = e->lt, range[1] = e->end;
      g_array_append_vals (cuts, range, 1);
    }
  for (guint j = 0; j < source->dropped->len; j++)
    {
      const CaromRawElement *e = &el[g_array_index (source->dropped, guint32, j)];
      range[0] = e->lt, range[1] = e->end;
      g_array_append_vals (cuts, range, 1);
    }
  g_array_sort (cuts, (GCompareFunc)edit_order_ranges);
  GString *out = g_string_sized_new (length);
  guint32 at = 0;
  for (guint i = 0; i < cuts->len; i++)
    {
      const guint32 *r = (const guint32 *)cuts->data + 2 * i;
      if (r[0] < at)
        continue;
      g_string_append_len (out, raw + at, r[0] - at);
      at = r[1];
    }
  g_string_append_len (out, raw + at, length - at);
  gsize n = out->len;
  return g_bytes_new_take (g_string_free (out, FALSE), n);
}

GBytes *
carom_svg_source_original (const CmSceneSource *source)
{
  g_return_val_if_fail (source != NULL, NULL);
  if (source->origin_copy != NULL)
    return g_bytes_ref (source->origin_copy);
  if (source->origin_path == NULL)
    return NULL;
  /* The file as it was opened: none has written it since. */
  guint64 size = 0;
  if (carom_svg_file_identity (source->origin_path, &size) != source->origin_hash
      || size != source->origin_size)
    return NULL;
  char *data = NULL;
  gsize n = 0;
  if (!g_file_get_contents (source->origin_path, &data, &n, NULL) || n != source->origin_size)
    {
      g_free (data);
      return NULL;
    }
  /* Kept from now on: a Save may write over that very file, and every
   * later write is made from the bytes as they were read (reading stays
   * lean; a document that was saved holds its original). */
  ((CmSceneSource *)source)->origin_copy = g_bytes_new_take (data, n);
  return g_bytes_ref (source->origin_copy);
}
