/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-use.c: <use> of a shape or a group (or a symbol): the shapes it
 * draws become objects where it draws them, placed by its x, y and
 * transform, and filled as the <use> says (it is their parent for
 * inheritance, as SVG has it).
 *
 * The reader streams, so an element a <use> may draw is kept as text while
 * it goes by (each SVG shape, group or symbol with an id, within a budget),
 * and read again, through the same code as the document, where a <use>
 * names it. A <use> can only draw what came before it; definitions come
 * first in what editors write (<defs>). Every element read this way counts
 * toward the file's element limit, so clones of clones stay bounded.
 *
 * Save writes the <use> back as it was while its objects are untouched
 * (carom-svg-keep.c). Editing one makes the clone a copy: the <use> becomes
 * a <g> with its attributes (class, style, transform) and the objects as
 * Carom writes them inside, in its user units. */
#include "io/carom-svg-read-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define XLINK_NAMESPACE "http://www.w3.org/1999/xlink"

/* Bytes of definitions kept in all: a drawing's <defs> are far smaller;
 * this bounds what a file of a million ids costs. */
#define DEFINITION_BUDGET (16 * 1024 * 1024)
/* Clones of clones nested deeper than this are not read. */
#define MAX_USE_DEPTH 16

typedef struct
{
  char *id;
  GString *text;
  guint depth; ///< the element's depth (frames->len at its start)
} Capture;

static void
capture_free (Capture *c)
{
  g_free (c->id);
  if (c->text != NULL)
    g_string_free (c->text, TRUE);
  g_free (c);
}

void
carom_svg_use_init (ReadState *state)
{
  state->definitions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  state->captures = g_ptr_array_new_with_free_func ((GDestroyNotify)capture_free);
  state->root_namespaces = g_string_new (NULL);
}

void
carom_svg_use_clear (ReadState *state)
{
  g_clear_pointer (&state->definitions, g_hash_table_unref);
  g_clear_pointer (&state->captures, g_ptr_array_unref);
  if (state->root_namespaces != NULL)
    g_string_free (state->root_namespaces, TRUE);
  state->root_namespaces = NULL;
}

static void
finish_capture (ReadState *state, guint index)
{
  Capture *c = g_ptr_array_index (state->captures, index);
  if (!g_hash_table_contains (state->definitions, c->id))
    g_hash_table_insert (state->definitions, g_strdup (c->id), g_string_free (c->text, FALSE));
  else
    g_string_free (c->text, TRUE);
  c->text = NULL;
  g_ptr_array_remove_index (state->captures, index);
}

/* Whether the budget still has room: what every open capture holds counts. */
static gboolean
over_budget (ReadState *state)
{
  gsize open = 0;
  for (guint i = 0; i < state->captures->len; i++)
    open += ((Capture *)g_ptr_array_index (state->captures, i))->text->len;
  return state->definition_bytes + open > DEFINITION_BUDGET;
}

/* Gives up the largest open captures (a layer holding the whole drawing,
 * say) until the budget has room again: a <use> of them draws nothing. */
static void
keep_to_budget (ReadState *state)
{
  while (state->captures->len > 0 && over_budget (state))
    {
      guint largest = 0;
      for (guint i = 1; i < state->captures->len; i++)
        if (((Capture *)g_ptr_array_index (state->captures, i))->text->len
            > ((Capture *)g_ptr_array_index (state->captures, largest))->text->len)
          largest = i;
      g_ptr_array_remove_index (state->captures, largest);
    }
}

void
carom_svg_use_start_element (ReadState *state, xmlNodePtr node, guint depth, gboolean empty,
                             gboolean svg_element)
{
  if (state->use_depth > 0)
    return;
  if (depth == 0)
    {
      /* Namespaces a definition may use, for reading it on its own. */
      for (xmlNsPtr ns = node->nsDef; ns != NULL; ns = ns->next)
        {
          g_string_append (state->root_namespaces, " xmlns");
          if (ns->prefix != NULL)
            g_string_append_printf (state->root_namespaces, ":%s", (const char *)ns->prefix);
          g_string_append (state->root_namespaces, "=\"");
          carom_svg_append_attribute_text (state->root_namespaces,
                                           ns->href != NULL ? (const char *)ns->href : "");
          g_string_append_c (state->root_namespaces, '"');
        }
      return;
    }
  for (guint i = 0; i < state->captures->len; i++)
    carom_svg_serialize_start_tag (((Capture *)g_ptr_array_index (state->captures, i))->text, node,
                                   empty);
  keep_to_budget (state);

  const char *name = (const char *)node->name;
  if (!svg_element
      || !(carom_svg_is_shape (name) || strcmp (name, "g") == 0 || strcmp (name, "symbol") == 0
           || strcmp (name, "use") == 0))
    return;
  xmlChar *id = xmlGetNoNsProp (node, BAD_CAST "id");
  if (id != NULL && id[0] != '\0' && !over_budget (state))
    {
      Capture *c = g_new0 (Capture, 1);
      c->id = g_strdup ((const char *)id);
      c->text = g_string_new (NULL);
      c->depth = depth;
      carom_svg_serialize_start_tag (c->text, node, empty);
      g_ptr_array_add (state->captures, c);
      if (empty)
        {
          state->definition_bytes += c->text->len;
          finish_capture (state, state->captures->len - 1);
        }
    }
  xmlFree (id);
}

void
carom_svg_use_node (ReadState *state)
{
  for (guint i = 0; state->use_depth == 0 && i < state->captures->len; i++)
    carom_svg_serialize_node (((Capture *)g_ptr_array_index (state->captures, i))->text,
                              state->reader);
  keep_to_budget (state);
}

void
carom_svg_use_end_element (ReadState *state, guint depth)
{
  if (state->use_depth > 0)
    return;
  const char *qname = (const char *)xmlTextReaderConstName (state->reader);
  for (guint i = state->captures->len; i-- > 0;)
    {
      Capture *c = g_ptr_array_index (state->captures, i);
      g_string_append_printf (c->text, "</%s>", qname);
      if (c->depth == depth)
        {
          state->definition_bytes += c->text->len;
          finish_capture (state, i);
        }
    }
}

/* A reason the <use> draws nothing Carom reads, for the summary. */
static gboolean
skip_use (ReadState *state, const char *id, int line, const char *reason)
{
  carom_svg_reader_add_note (state->skips, "use", id, line, reason);
  return TRUE;
}

gboolean
carom_svg_use_read (ReadState *state, const CaromSvgElement *element, const Frame *frame, int line,
                    const char *id, GError **error)
{
  xmlChar *xlink
      = xmlTextReaderGetAttributeNs (state->reader, BAD_CAST "href", BAD_CAST XLINK_NAMESPACE);
  g_autofree char *href = g_strdup (xlink != NULL ? (const char *)xlink
                                                  : carom_svg_element_get (element, "href", FALSE));
  xmlFree (xlink);
  if (href == NULL || href[0] != '#' || href[1] == '\0')
    return skip_use (state, id, line, _ ("it names no element of this file"));
  const char *text = g_hash_table_lookup (state->definitions, href + 1);
  if (text == NULL)
    return skip_use (state, id, line,
                     _ ("the element it draws is not a shape or group with that id before it"));
  if (state->use_depth >= MAX_USE_DEPTH)
    return skip_use (state, id, line, _ ("clones are nested too deeply"));

  double x = 0.0, y = 0.0;
  const char *xs = carom_svg_element_get (element, "x", FALSE);
  const char *ys = carom_svg_element_get (element, "y", FALSE);
  g_autoptr (GError) local = NULL;
  if ((xs != NULL
       && !carom_svg_parse_length (xs, &element->viewport, CAROM_SVG_LENGTH_X, &x, &local))
      || (ys != NULL
          && !carom_svg_parse_length (ys, &element->viewport, CAROM_SVG_LENGTH_Y, &y, &local)))
    return skip_use (state, id, line, local->message);

  /* The definition alone, with the root's namespaces; it draws where the
   * <use> is, moved by x and y. */
  g_autofree char *wrapped
      = g_strconcat ("<svg", state->root_namespaces->str, ">", text, "</svg>", NULL);
  xmlTextReaderPtr sub
      = xmlReaderForMemory (wrapped, (int)MIN (strlen (wrapped), (gsize)G_MAXINT), NULL, "UTF-8",
                            XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (sub == NULL)
    return skip_use (state, id, line, _ ("the element it draws cannot be read again"));

  Frame instance = *frame;
  instance.ctm = carom_affine_multiply (frame->ctm, (CaromAffine){ 1, 0, 0, 1, x, y });
  instance.skipped = FALSE;
  instance.origin = 0;
  xmlTextReaderPtr saved_reader = state->reader;
  const char *saved_instance_id = state->instance_id;
  guint saved_base = state->use_base;
  guint frames = state->frames->len;
  g_array_append_val (state->frames, instance);
  carom_svg_reader_push_css (state, "use", id, carom_svg_element_get (element, "class", FALSE));
  state->reader = sub;
  state->use_depth++;
  state->use_base = state->frames->len;
  state->instance_id = id;

  gboolean ok = TRUE;
  int status;
  while (ok && (status = xmlTextReaderRead (sub)) == 1)
    {
      if (xmlTextReaderDepth (sub) == 0)
        continue; /* the wrapper */
      switch (xmlTextReaderNodeType (sub))
        {
        case XML_READER_TYPE_ELEMENT:
          ok = carom_svg_reader_start_element (state, error);
          break;
        case XML_READER_TYPE_END_ELEMENT:
          carom_svg_reader_pop_frame (state);
          break;
        default:
          break;
        }
    }
  xmlFreeTextReader (sub);
  state->reader = saved_reader;
  state->use_depth--;
  state->use_base = saved_base;
  state->instance_id = saved_instance_id;
  while (state->frames->len > frames)
    carom_svg_reader_pop_frame (state);
  return ok;
}
