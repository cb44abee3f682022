/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-keep.c: what a scene keeps of the file it was read from, so
 * that Carom never drops what it does not understand (scene-format.md,
 * "What Carom writes").
 *
 * The reader streams the document once and tells this file every node. What
 * Carom does not model (elements with their subtrees, attributes, text,
 * comments, processing instructions, namespace declarations, the root and
 * its attributes) is serialised as it comes into one text, in document
 * order. An element that became scene objects leaves a slot in that text:
 * its name, the attributes Carom manages (geometry, id, carom:*), the other
 * attributes and its children, each a range of the text. Writing copies the
 * text and fills each slot from the objects whose origin names it:
 *
 *  - objects unchanged since reading: the element exactly as it was (so an
 *    untouched rounded rect or Bézier stays what it was, not its flattening);
 *  - changed: the managed attributes written anew, in the element's own user
 *    units (the inverse of every transform above it, its own included, so
 *    the transform attributes stay), the other attributes and children kept.
 *    A <rect> that is still an axis-aligned rectangle there stays a <rect>;
 *    a <path> (or an element of several polygons) becomes path data of
 *    straight segments; any other shape becomes a <polygon>; a ball a
 *    <circle>;
 *  - all its objects deleted: the element goes, with its children.
 *
 * Objects new to the file go at the end of the root, as Carom writes them.
 *
 * Elements exactly as Carom's own writer makes them (a Carom scene) keep
 * only a one-byte mark, so a 400,000-object scene costs two bytes an object
 * here; when the whole document is such, the source is dropped and the
 * scene written anew (byte for byte the same as before). */
#include "io/carom-svg-keep-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define SODIPODI_NAMESPACE "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"

CmSceneSource *
carom_svg_source_new (void)
{
  CmSceneSource *source = g_new0 (CmSceneSource, 1);
  source->text = g_string_new (NULL);
  source->slots = g_array_new (FALSE, FALSE, sizeof (Slot));
  source->hashes = g_array_new (FALSE, TRUE, sizeof (guint64));
  source->shapes = g_array_new (FALSE, TRUE, sizeof (guint64));
  source->ctms = g_array_new (FALSE, FALSE, sizeof (CaromAffine));
  CaromAffine identity = carom_affine_identity ();
  g_array_append_val (source->ctms, identity);
  source->losses = g_ptr_array_new_with_free_func (g_free);
  source->dropped = g_array_new (FALSE, FALSE, sizeof (guint32));
  source->native_elements = g_array_new (FALSE, FALSE, sizeof (guint32));
  source->native_hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  return source;
}

void
carom_svg_source_next_element (CmSceneSource *source)
{
  source->current = source->n_elements++;
}

void
carom_svg_source_drop_element (CmSceneSource *source)
{
  g_array_append_val (source->dropped, source->current);
}

void
carom_svg_source_set_origin (CmSceneSource *source, const char *path, const char *data,
                             guint64 size, guint64 hash)
{
  g_clear_pointer (&source->origin_path, g_free);
  g_clear_pointer (&source->origin_copy, g_bytes_unref);
  source->origin_path = g_strdup (path);
  if (path == NULL && data != NULL)
    source->origin_copy = g_bytes_new (data, size);
  source->origin_size = size;
  source->origin_hash = hash;
}

void
carom_svg_source_free (CmSceneSource *source)
{
  if (source == NULL)
    return;
  g_string_free (source->text, TRUE);
  g_array_unref (source->slots);
  g_array_unref (source->hashes);
  g_array_unref (source->shapes);
  g_array_unref (source->ctms);
  g_ptr_array_unref (source->losses);
  g_array_unref (source->dropped);
  g_array_unref (source->native_elements);
  g_array_unref (source->native_hashes);
  g_free (source->origin_path);
  g_clear_pointer (&source->origin_copy, g_bytes_unref);
  g_free (source->native_stroke);
  g_free (source);
}

/* ---- serialising ---------------------------------------------------------- */

/* Character data: markup characters escaped, and control characters (which
 * only XML 1.1 could have brought, as references) as references, so that
 * the marks stay unambiguous. */
static void
append_text (GString *out, const char *text, gboolean attribute)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar)*p;
      if (c == '&')
        g_string_append (out, "&amp;");
      else if (c == '<')
        g_string_append (out, "&lt;");
      else if (c == '>')
        g_string_append (out, "&gt;");
      else if (c == '"' && attribute)
        g_string_append (out, "&quot;");
      else if (c < 0x20 && (attribute || (c != '\n' && c != '\t')))
        g_string_append_printf (out, "&#%u;", c);
      else
        g_string_append_c (out, (char)c);
    }
}

static void
append_qname (GString *out, xmlNsPtr ns, const xmlChar *name)
{
  if (ns != NULL && ns->prefix != NULL)
    {
      g_string_append (out, (const char *)ns->prefix);
      g_string_append_c (out, ':');
    }
  g_string_append (out, (const char *)name);
}

static void
append_namespaces (GString *out, xmlNodePtr node)
{
  for (xmlNsPtr ns = node->nsDef; ns != NULL; ns = ns->next)
    {
      g_string_append (out, " xmlns");
      if (ns->prefix != NULL)
        {
          g_string_append_c (out, ':');
          g_string_append (out, (const char *)ns->prefix);
        }
      g_string_append (out, "=\"");
      append_text (out, ns->href != NULL ? (const char *)ns->href : "", TRUE);
      g_string_append_c (out, '"');
    }
}

/* An attribute's value (libxml2 keeps it as text nodes; no entities reach here). */
static char *
dup_value (xmlAttrPtr attr)
{
  xmlNodePtr text = attr->children;
  if (text == NULL)
    return g_strdup ("");
  if (text->type == XML_TEXT_NODE && text->next == NULL)
    return g_strdup ((const char *)text->content);
  xmlChar *joined = xmlNodeListGetString (attr->doc, text, 1);
  char *value = g_strdup (joined != NULL ? (const char *)joined : "");
  xmlFree (joined);
  return value;
}

static void
append_attribute (GString *out, xmlAttrPtr attr)
{
  g_string_append_c (out, ' ');
  append_qname (out, attr->ns, attr->name);
  g_string_append (out, "=\"");
  xmlNodePtr text = attr->children;
  if (text != NULL && text->type == XML_TEXT_NODE && text->next == NULL)
    append_text (out, (const char *)text->content, TRUE);
  else
    {
      g_autofree char *value = dup_value (attr);
      append_text (out, value, TRUE);
    }
  g_string_append_c (out, '"');
}

static gboolean
ns_is (xmlNsPtr ns, const char *href)
{
  return ns != NULL && ns->href != NULL && strcmp ((const char *)ns->href, href) == 0;
}

void
carom_svg_source_trim_whitespace (CmSceneSource *source)
{
  GString *text = source->text;
  gsize n = text->len;
  while (n > 0 && carom_svg_is_space (text->str[n - 1]))
    n--;
  g_string_truncate (text, n);
}

void
carom_svg_source_note_loss (CmSceneSource *source, const char *reason)
{
  for (guint i = 0; i < source->losses->len; i++)
    if (strcmp (g_ptr_array_index (source->losses, i), reason) == 0)
      return;
  g_ptr_array_add (source->losses, g_strdup (reason));
}

void
carom_svg_source_add_doctype (CmSceneSource *source, xmlDtdPtr dtd)
{
  if (dtd == NULL || dtd->name == NULL)
    return;
  source->foreign = TRUE;
  g_string_append (source->text, "<!DOCTYPE ");
  g_string_append (source->text, (const char *)dtd->name);
  if (dtd->ExternalID != NULL)
    g_string_append_printf (source->text, " PUBLIC \"%s\" \"%s\"", (const char *)dtd->ExternalID,
                            dtd->SystemID != NULL ? (const char *)dtd->SystemID : "");
  else if (dtd->SystemID != NULL)
    g_string_append_printf (source->text, " SYSTEM \"%s\"", (const char *)dtd->SystemID);
  g_string_append (source->text, ">\n");
  if (dtd->children != NULL)
    carom_svg_source_note_loss (
        source, _ ("the declarations inside the document type (<!DOCTYPE … [ … ]>)"));
}

gboolean
carom_svg_serialize_node (GString *out, xmlTextReaderPtr reader)
{
  const char *value = (const char *)xmlTextReaderConstValue (reader);
  if (value == NULL)
    value = "";
  switch (xmlTextReaderNodeType (reader))
    {
    case XML_READER_TYPE_WHITESPACE:
    case XML_READER_TYPE_SIGNIFICANT_WHITESPACE:
      g_string_append (out, value);
      return FALSE; /* Carom writes whitespace too: not foreign */
    case XML_READER_TYPE_TEXT:
      append_text (out, value, FALSE);
      return TRUE;
    case XML_READER_TYPE_CDATA:
      g_string_append (out, "<![CDATA[");
      g_string_append (out, value);
      g_string_append (out, "]]>");
      return TRUE;
    case XML_READER_TYPE_COMMENT:
      g_string_append (out, "<!--");
      g_string_append (out, value);
      g_string_append (out, "-->");
      return TRUE;
    case XML_READER_TYPE_PROCESSING_INSTRUCTION:
      g_string_append (out, "<?");
      g_string_append (out, (const char *)xmlTextReaderConstName (reader));
      if (value[0] != '\0')
        {
          g_string_append_c (out, ' ');
          g_string_append (out, value);
        }
      g_string_append (out, "?>");
      return TRUE;
    default:
      return FALSE;
    }
}

void
carom_svg_serialize_start_tag (GString *out, xmlNodePtr node, gboolean empty)
{
  g_string_append_c (out, '<');
  append_qname (out, node->ns, node->name);
  append_namespaces (out, node);
  for (xmlAttrPtr attr = node->properties; attr != NULL; attr = attr->next)
    append_attribute (out, attr);
  g_string_append (out, empty ? "/>" : ">");
}

void
carom_svg_source_add_node (CmSceneSource *source, xmlTextReaderPtr reader)
{
  if (!carom_svg_serialize_node (source->text, reader))
    return;
  source->foreign = TRUE;
  /* Outside the root the reader reports no whitespace: one line each. */
  if (xmlTextReaderDepth (reader) == 0)
    g_string_append_c (source->text, '\n');
}

/* The root as Carom writes it: xmlns, xmlns:carom and viewBox, no prefix. */
static gboolean
root_is_native (xmlNodePtr node)
{
  if (node->ns != NULL && node->ns->prefix != NULL)
    return FALSE;
  for (xmlNsPtr ns = node->nsDef; ns != NULL; ns = ns->next)
    if (!(ns->prefix == NULL && ns_is (ns, CAROM_SVG_NAMESPACE))
        && !(ns->prefix != NULL && strcmp ((const char *)ns->prefix, "carom") == 0
             && ns_is (ns, CAROM_SCENE_NAMESPACE)))
      return FALSE;
  for (xmlAttrPtr attr = node->properties; attr != NULL; attr = attr->next)
    if (attr->ns != NULL || strcmp ((const char *)attr->name, "viewBox") != 0)
      return FALSE;
  return TRUE;
}

void
carom_svg_source_start_element (CmSceneSource *source, xmlNodePtr node, guint depth, gboolean empty)
{
  GString *out = source->text;
  g_string_append_c (out, '<');
  append_qname (out, node->ns, node->name);
  append_namespaces (out, node);
  if (depth == 0 && !source->root_seen)
    source->root_ns_end = (guint32)out->len;
  for (xmlAttrPtr attr = node->properties; attr != NULL; attr = attr->next)
    append_attribute (out, attr);

  if (depth == 0 && !source->root_seen)
    {
      source->root_seen = TRUE;
      source->root_tag_end = (guint32)out->len;
      source->foreign = source->foreign || !root_is_native (node);
      source->svg_prefixed = node->ns != NULL && node->ns->prefix != NULL;
      for (xmlNsPtr ns = node->nsDef; ns != NULL; ns = ns->next)
        if (ns->prefix != NULL && strcmp ((const char *)ns->prefix, "carom") == 0)
          {
            source->carom_bound = ns_is (ns, CAROM_SCENE_NAMESPACE);
            source->carom_taken = !source->carom_bound;
          }
      /* An empty root gets an end tag: new objects go before it. */
      g_string_append_c (out, '>');
      if (empty)
        {
          source->root_close = (guint32)out->len;
          g_string_append (out, "</");
          append_qname (out, node->ns, node->name);
          g_string_append (out, ">\n");
        }
      return;
    }
  source->foreign = TRUE;
  g_string_append (out, empty ? "/>" : ">");
}

void
carom_svg_source_end_element (CmSceneSource *source, xmlTextReaderPtr reader, guint depth)
{
  if (depth == 0)
    source->root_close = (guint32)source->text->len;
  g_string_append (source->text, "</");
  g_string_append (source->text, (const char *)xmlTextReaderConstName (reader));
  g_string_append_c (source->text, '>');
  if (depth == 0)
    g_string_append_c (source->text, '\n');
}

/* ---- slots ------------------------------------------------------------------ */

static gboolean
is_one_of (const char *name, const char *const *names)
{
  for (; *names != NULL; names++)
    if (strcmp (name, *names) == 0)
      return TRUE;
  return FALSE;
}

/* The geometry attributes (in no namespace) of each kind of element. */
static const char *const *
geometry_names (CaromSvgKeepShape shape)
{
  static const char *const polygon[] = { "points", NULL };
  static const char *const rect[] = { "x", "y", "width", "height", "rx", "ry", NULL };
  static const char *const circle[] = { "cx", "cy", "r", NULL };
  static const char *const ellipse[] = { "cx", "cy", "rx", "ry", NULL };
  static const char *const line[] = { "x1", "y1", "x2", "y2", NULL };
  static const char *const path[] = { "d", NULL };
  static const char *const use[] = { "x", "y", "width", "height", "href", NULL };
  static const char *const none[] = { NULL };
  switch (shape)
    {
    case CAROM_SVG_KEEP_POLYGON:
    case CAROM_SVG_KEEP_POLYLINE:
      return polygon;
    case CAROM_SVG_KEEP_RECT:
      return rect;
    case CAROM_SVG_KEEP_CIRCLE:
      return circle;
    case CAROM_SVG_KEEP_ELLIPSE:
      return ellipse;
    case CAROM_SVG_KEEP_LINE:
      return line;
    case CAROM_SVG_KEEP_PATH:
      return path;
    case CAROM_SVG_KEEP_USE:
      return use;
    default:
      return none;
    }
}

/* Carom's attributes it writes for an object. */
static const char *const carom_managed[]
    = { "role",  "hidden", "locked", "direction",    "max-bounces", "spread",
        "count", "radius", "on-hit", "label-offset", NULL };
/* Inkscape's parameters of shapes it draws as paths (arcs, stars, spirals):
 * they would redraw the old geometry in Inkscape. */
static const char *const sodipodi_managed[]
    = { "type",     "cx",     "cy",         "rx",        "ry",      "start",
        "end",      "open",   "arc-type",   "nodetypes", "sides",   "r1",
        "r2",       "arg1",   "arg2",       "flatsided", "rounded", "randomized",
        "argument", "radius", "revolution", "expansion", "t0",      NULL };

/* Whether attr is carom:name. */
static gboolean
is_carom_attr (xmlAttrPtr attr, const char *name)
{
  return attr->ns != NULL && ns_is (attr->ns, CAROM_SCENE_NAMESPACE)
         && strcmp ((const char *)attr->name, name) == 0;
}

/* True for the attributes rewritten when the element's objects change. */
static gboolean
is_managed (xmlAttrPtr attr, CaromSvgKeepShape shape, gboolean carom_hidden)
{
  const char *name = (const char *)attr->name;
  if (attr->ns == NULL)
    return strcmp (name, "id") == 0 || is_one_of (name, geometry_names (shape))
           || (carom_hidden && strcmp (name, "visibility") == 0);
  if (ns_is (attr->ns, CAROM_SCENE_NAMESPACE))
    return is_one_of (name, carom_managed);
  if (ns_is (attr->ns, "http://www.w3.org/1999/xlink"))
    return shape == CAROM_SVG_KEEP_USE && strcmp (name, "href") == 0;
  if (ns_is (attr->ns, SODIPODI_NAMESPACE))
    return shape == CAROM_SVG_KEEP_PATH && is_one_of (name, sodipodi_managed);
  return FALSE;
}

static const char *
attr_text (xmlAttrPtr attr)
{
  xmlNodePtr text = attr->children;
  if (text != NULL && text->type == XML_TEXT_NODE && text->next == NULL)
    return (const char *)text->content;
  return NULL; /* joined values are never what Carom writes */
}

/* What Carom's writer makes of an object: the element, its attributes in
 * no namespace other than presentation, its carom: attributes besides role,
 * hidden and locked, and its presentation (name, value; NULL value: any,
 * the stroke width). */
typedef struct
{
  const char *element;
  const char *const *names;
  const char *const *carom;
  const char *style[4][2];
} NativeForm;

static const NativeForm *
native_form (const CmObject *object, char width[CAROM_SVG_NUMBER_BUF])
{
  static const char *const circle[] = { "id", "cx", "cy", "r", NULL };
  static const char *const line[] = { "id", "x1", "y1", "x2", "y2", NULL };
  static const char *const polygon[] = { "id", "points", NULL };
  static const char *const path[] = { "id", "d", NULL };
  static const char *const ball[] = { "direction", "max-bounces", NULL };
  static const char *const fan[] = { "direction", "spread", "count", "max-bounces", NULL };
  static const char *const parallel[] = { "radius", "direction", "count", "max-bounces", NULL };
  static const char *const obstacle[] = { "on-hit", NULL };
  static const char *const none[] = { NULL };
  static NativeForm forms[] = {
    { "circle", circle, ball, { { "fill", "#e01b24" }, { "fill-opacity", "0.5" } } },
    { "circle", circle, fan, { { "fill", "#ff7800" }, { "fill-opacity", "0.5" } } },
    { "line",
      line,
      parallel,
      { { "stroke", "#ff7800" },
        { "stroke-opacity", "0.5" },
        { "stroke-linecap", "round" },
        { "stroke-width", NULL } } },
  };
  /* Polygons: the element by shape, the style by role. */
  static NativeForm polygons[3][2];
  static gsize initialised = 0;
  if (g_once_init_enter (&initialised))
    {
      const char *const *names[3] = { polygon, circle, path };
      const char *element[3] = { "polygon", "circle", "path" };
      for (int k = 0; k < 3; k++)
        for (int role = 0; role < 2; role++)
          polygons[k][role] = (NativeForm){
            element[k],
            names[k],
            role == 0 ? none : obstacle,
            { { "fill", role == 0 ? "none" : "#9a9996" },
              { "stroke", "#241f31" },
              { "stroke-width", NULL } },
          };
      g_once_init_leave (&initialised, 1);
    }
  if (object->kind == CM_OBJECT_BALL)
    return &forms[0];
  if (object->kind == CM_OBJECT_BEAM && object->beam_shape == CAROM_BEAM_FAN)
    return &forms[1];
  if (object->kind == CM_OBJECT_BEAM)
    {
      carom_svg_format_number (width, 2.0 * object->radius);
      return &forms[2];
    }
  int k = !cm_object_is_curved (object) ? 0 : carom_svg_is_whole_circle (object) ? 1 : 2;
  return &polygons[k][object->role == CG_ROLE_WALL ? 0 : 1];
}

/* MARK_STYLED or MARK_BARE when the element is exactly as Carom's writer
 * makes it for object (up to the numbers, which it writes again; a path's
 * data must be what it writes, so that no curve is redrawn), else 0. */
static char
native_mark (CmSceneSource *source, xmlNodePtr node, const CmObject *object)
{
  char beam_width[CAROM_SVG_NUMBER_BUF];
  const NativeForm *form = native_form (object, beam_width);
  gboolean polygon = object->kind == CM_OBJECT_POLYGON;
  if (node->nsDef != NULL || (node->ns != NULL && node->ns->prefix != NULL)
      || strcmp ((const char *)node->name, form->element) != 0 || (polygon && object->reversed))
    return 0;
  gboolean role = FALSE, hidden = FALSE, visibility = FALSE;
  guint style = 0, n_style = 0; /* presentation attributes seen, each with Carom's value */
  while (n_style < G_N_ELEMENTS (form->style) && form->style[n_style][0] != NULL)
    n_style++;
  const char *stroke_width = NULL;
  for (xmlAttrPtr attr = node->properties; attr != NULL; attr = attr->next)
    {
      const char *name = (const char *)attr->name;
      const char *value = attr_text (attr);
      if (value == NULL)
        return 0;
      if (attr->ns != NULL)
        {
          if (!ns_is (attr->ns, CAROM_SCENE_NAMESPACE) || attr->ns->prefix == NULL
              || strcmp ((const char *)attr->ns->prefix, "carom") != 0)
            return 0;
          if (strcmp (name, "role") == 0)
            role = TRUE;
          else if (strcmp (name, "label-offset") == 0)
            {
              /* written by Carom for a label placed by hand */
              if (!object->label_placed)
                return 0;
            }
          else if (strcmp (name, "hidden") == 0 || strcmp (name, "locked") == 0)
            {
              if (strcmp (value, "true") != 0)
                return 0;
              hidden = hidden || name[0] == 'h';
            }
          else if (polygon && strcmp (name, "on-hit") == 0)
            {
              /* written only as reflect, on an obstacle */
              if (strcmp (value, "reflect") != 0 || object->role != CG_ROLE_OBSTACLE)
                return 0;
            }
          else if (!is_one_of (name, form->carom))
            return 0;
          continue;
        }
      if (is_one_of (name, form->names))
        {
          if (strcmp (name, "d") == 0)
            {
              g_autoptr (GString) d = g_string_new (NULL);
              carom_svg_append_path_data (d, object);
              if (strcmp (d->str, value) != 0)
                return 0;
            }
          continue;
        }
      if (strcmp (name, "visibility") == 0 && strcmp (value, "hidden") == 0)
        {
          visibility = TRUE;
          continue;
        }
      gsize k = 0;
      while (k < n_style && strcmp (name, form->style[k][0]) != 0)
        k++;
      if (k == n_style)
        return 0;
      if (form->style[k][1] != NULL && strcmp (value, form->style[k][1]) != 0)
        return 0;
      if (form->style[k][1] == NULL && !polygon && strcmp (value, beam_width) != 0)
        return 0;
      if (form->style[k][1] == NULL && polygon)
        stroke_width = value;
      style++;
    }
  if (!role || visibility != hidden || (style != 0 && style != n_style))
    return 0;
  if (stroke_width != NULL)
    {
      if (source->native_stroke == NULL)
        source->native_stroke = g_strdup (stroke_width);
      else if (strcmp (source->native_stroke, stroke_width) != 0)
        return 0;
    }
  return style != 0 ? MARK_STYLED : MARK_BARE;
}

guint32
carom_svg_source_begin_slot (CmSceneSource *source, xmlNodePtr node, guint depth, gboolean empty,
                             CaromSvgKeepShape shape, CaromAffine ctm, const CmScene *scene,
                             guint first, guint n_objects)
{
  GString *out = source->text;
  if (depth == 1 && n_objects == 1 && empty && shape != CAROM_SVG_KEEP_USE)
    {
      char mark = native_mark (source, node, g_ptr_array_index (scene->objects, first));
      if (mark != 0)
        {
          g_string_append_c (out, mark);
          guint32 element = source->current | (mark == MARK_STYLED ? NATIVE_STYLED : 0);
          g_array_append_val (source->native_elements, element);
          return ORIGIN_NATIVE | ++source->n_native;
        }
    }
  source->foreign = TRUE;

  gboolean carom_hidden = FALSE, own_visibility = FALSE, labelled = FALSE;
  for (xmlAttrPtr attr = node->properties; attr != NULL; attr = attr->next)
    {
      carom_hidden = carom_hidden || is_carom_attr (attr, "hidden");
      labelled = labelled || is_carom_attr (attr, "label-offset");
    }
  Slot slot
      = { .start = (guint32)out->len,
          .n_objects = n_objects,
          .element = source->current,
          .shape = (guint8)shape,
          .n_points
          = (guint32)((const CmObject *)g_ptr_array_index (scene->objects, first))->n_points };
  append_qname (out, node->ns, node->name);
  slot.name_end = (guint32)out->len;
  /* Every attribute in its order (the element as it was), then the ones an
   * edit keeps. */
  append_namespaces (out, node);
  for (xmlAttrPtr attr = node->properties; attr != NULL; attr = attr->next)
    append_attribute (out, attr);
  slot.managed_end = (guint32)out->len;
  slot.label_start = slot.name_end;
  slot.label_end = slot.managed_end;
  if (labelled)
    {
      slot.label_start = (guint32)out->len;
      append_namespaces (out, node);
      for (xmlAttrPtr attr = node->properties; attr != NULL; attr = attr->next)
        if (!is_carom_attr (attr, "label-offset"))
          append_attribute (out, attr);
      slot.label_end = (guint32)out->len;
    }
  slot.kept_start = (guint32)out->len;
  append_namespaces (out, node);
  for (xmlAttrPtr attr = node->properties; attr != NULL; attr = attr->next)
    if (!is_managed (attr, shape, carom_hidden))
      {
        append_attribute (out, attr);
        own_visibility
            = own_visibility
              || (attr->ns == NULL && strcmp ((const char *)attr->name, "visibility") == 0);
      }
  slot.attrs_end = slot.end = (guint32)out->len;
  slot.flags = (guint8)((empty ? SLOT_EMPTY : 0) | (own_visibility ? SLOT_OWN_VISIBILITY : 0));
  CaromAffine identity = carom_affine_identity ();
  if (memcmp (&ctm, &identity, sizeof ctm) != 0)
    {
      slot.ctm = source->ctms->len;
      g_array_append_val (source->ctms, ctm);
    }
  g_array_append_val (source->slots, slot);
  return source->slots->len;
}

void
carom_svg_source_end_slot (CmSceneSource *source, guint32 origin)
{
  if (origin == 0 || (origin & ORIGIN_NATIVE) || origin > source->slots->len)
    return;
  g_array_index (source->slots, Slot, origin - 1).end = (guint32)source->text->len;
}

/* FNV-1a over an object's state: what the user can change. */
static guint64
hash_bytes (guint64 h, const void *data, gsize n)
{
  /* 8 bytes a step (a scene's points are most of it), then the rest. */
  const guchar *p = data;
  for (; n >= 8; n -= 8, p += 8)
    {
      guint64 w;
      memcpy (&w, p, 8);
      h = (h ^ w) * 0x100000001b3u;
    }
  for (gsize i = 0; i < n; i++)
    h = (h ^ p[i]) * 0x100000001b3u;
  return h;
}

guint64
carom_svg_keep_hash_object (guint64 h, const CmObject *o, gboolean without_label)
{
  guint8 head[4] = { (guint8)o->kind, o->hidden, o->locked, !without_label && o->label_placed };
  h = hash_bytes (h, head, sizeof head);
  if (!without_label && o->label_placed)
    h = hash_bytes (h, &o->label_offset, sizeof o->label_offset);
  if (o->id != NULL)
    h = hash_bytes (h, o->id, strlen (o->id) + 1);
  if (o->kind != CM_OBJECT_POLYGON)
    {
      h = hash_bytes (h, &o->center, sizeof o->center);
      h = hash_bytes (h, &o->radius, sizeof o->radius);
      h = hash_bytes (h, &o->direction, sizeof o->direction);
      h = hash_bytes (h, &o->max_bounces, sizeof o->max_bounces);
      if (o->kind == CM_OBJECT_BALL)
        return h;
      guint8 shape = o->beam_shape;
      h = hash_bytes (h, &shape, sizeof shape);
      h = hash_bytes (h, &o->count, sizeof o->count);
      h = hash_bytes (h, &o->beam_end, sizeof o->beam_end);
      return hash_bytes (h, &o->spread, sizeof o->spread);
    }
  guint8 on_hit = o->on_hit;
  h = hash_bytes (h, &on_hit, sizeof on_hit);
  h = hash_bytes (h, &o->role, sizeof o->role);
  h = hash_bytes (h, &o->n_points, sizeof o->n_points);
  h = hash_bytes (h, o->points, o->n_points * sizeof *o->points);
  if (o->edges != NULL)
    h = hash_bytes (h, o->edges, o->n_points * sizeof *o->edges);
  return h;
}

gboolean
carom_svg_source_finish (CmSceneSource *source, CmScene *scene)
{
  GPtrArray *objects = scene->objects;
  /* A document of nothing but what Carom writes is kept too: Save writes
   * its bytes back as they were where nothing changed (with the file at
   * hand; else it is written anew, as Carom writes it). */
  g_array_set_size (source->hashes, source->slots->len);
  g_array_set_size (source->shapes, source->slots->len);
  g_array_set_size (source->native_hashes, source->n_native);
  for (guint i = 0; i < source->slots->len; i++)
    g_array_index (source->hashes, guint64, i) = g_array_index (source->shapes, guint64, i)
        = HASH_SEED;
  for (guint i = 0; i < objects->len; i++)
    {
      const CmObject *object = g_ptr_array_index (objects, i);
      guint32 origin = object->origin;
      if ((origin & ORIGIN_NATIVE) && (origin & ~ORIGIN_NATIVE) >= 1
          && (origin & ~ORIGIN_NATIVE) <= source->n_native)
        g_array_index (source->native_hashes, guint64, (origin & ~ORIGIN_NATIVE) - 1)
            = carom_svg_keep_hash_object (HASH_SEED, object, FALSE);
      if (origin == 0 || (origin & ORIGIN_NATIVE) || origin > source->slots->len)
        continue;
      guint64 *h = &g_array_index (source->hashes, guint64, origin - 1);
      *h = carom_svg_keep_hash_object (*h, object, FALSE);
      guint64 *s = &g_array_index (source->shapes, guint64, origin - 1);
      *s = carom_svg_keep_hash_object (*s, object, TRUE);
    }
  return TRUE;
}
