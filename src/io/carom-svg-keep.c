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
#include "io/carom-svg-keep.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* Marks for native elements in the text: bytes XML 1.0 cannot hold, even as
 * character references, so that no kept text has them (see append_text()). */
#define MARK_STYLED '\x01' ///< with Carom's presentation
#define MARK_BARE '\x02'   ///< with no presentation at all

/* The origin of a native element's object: this bit and its ordinal (from 1). */
#define ORIGIN_NATIVE 0x80000000u

#define SODIPODI_NAMESPACE "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"

enum
{
  SLOT_EMPTY = 1 << 0,          ///< written as <name .../>
  SLOT_OWN_VISIBILITY = 1 << 1, ///< a visibility attribute that is not Carom's
};

/* A modelled element: ranges of the text, [start, name_end) its qualified
 * name, then all its attributes as they were, [managed_end, attrs_end) those
 * that are not Carom's to rewrite, and its children. */
typedef struct
{
  guint32 start, name_end, managed_end, attrs_end, end;
  guint32 n_objects;
  guint32 ctm; ///< index into ctms (0: the identity)
  guint8 shape;
  guint8 flags;
} Slot;

struct _CaromSceneSource
{
  GString *text;
  GArray *slots;     ///< of Slot, in document order
  GArray *hashes;    ///< of guint64: each slot's objects as read
  GArray *ctms;      ///< of CaromAffine
  GPtrArray *losses; ///< translated sentences: what Save cannot write back
  char *native_stroke;
  guint32 n_native;
  gboolean foreign; ///< more than Carom's own writer makes
  gboolean root_seen;
  guint32 root_tag_end;  ///< where the root's attributes end (before its '>')
  guint32 root_ns_end;   ///< where its namespace declarations end
  guint32 root_close;    ///< where the root's end tag begins
  gboolean carom_bound;  ///< the root binds the prefix carom to Carom's namespace
  gboolean carom_taken;  ///< the root binds it to another namespace
  gboolean svg_prefixed; ///< the root element has a prefix (svg:svg)
  gboolean standalone_known;
};

CaromSceneSource *
carom_svg_source_new (void)
{
  CaromSceneSource *source = g_new0 (CaromSceneSource, 1);
  source->text = g_string_new (NULL);
  source->slots = g_array_new (FALSE, FALSE, sizeof (Slot));
  source->hashes = g_array_new (FALSE, TRUE, sizeof (guint64));
  source->ctms = g_array_new (FALSE, FALSE, sizeof (CaromAffine));
  CaromAffine identity = carom_affine_identity ();
  g_array_append_val (source->ctms, identity);
  source->losses = g_ptr_array_new_with_free_func (g_free);
  return source;
}

void
carom_svg_source_free (CaromSceneSource *source)
{
  if (source == NULL)
    return;
  g_string_free (source->text, TRUE);
  g_array_unref (source->slots);
  g_array_unref (source->hashes);
  g_array_unref (source->ctms);
  g_ptr_array_unref (source->losses);
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
carom_svg_source_trim_whitespace (CaromSceneSource *source)
{
  GString *text = source->text;
  gsize n = text->len;
  while (n > 0 && carom_svg_is_space (text->str[n - 1]))
    n--;
  g_string_truncate (text, n);
}

void
carom_svg_source_note_loss (CaromSceneSource *source, const char *reason)
{
  for (guint i = 0; i < source->losses->len; i++)
    if (strcmp (g_ptr_array_index (source->losses, i), reason) == 0)
      return;
  g_ptr_array_add (source->losses, g_strdup (reason));
}

void
carom_svg_source_add_doctype (CaromSceneSource *source, xmlDtdPtr dtd)
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
carom_svg_source_add_node (CaromSceneSource *source, xmlTextReaderPtr reader)
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
carom_svg_source_start_element (CaromSceneSource *source, xmlNodePtr node, guint depth,
                                gboolean empty)
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
carom_svg_source_end_element (CaromSceneSource *source, xmlTextReaderPtr reader, guint depth)
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
native_form (const CaromObject *object, char width[CAROM_SVG_NUMBER_BUF])
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
  if (object->kind == CAROM_OBJECT_BALL)
    return &forms[0];
  if (object->kind == CAROM_OBJECT_BEAM && object->beam_shape == CAROM_BEAM_FAN)
    return &forms[1];
  if (object->kind == CAROM_OBJECT_BEAM)
    {
      carom_svg_format_number (width, 2.0 * object->radius);
      return &forms[2];
    }
  int k = !carom_object_is_curved (object) ? 0 : carom_svg_is_whole_circle (object) ? 1 : 2;
  return &polygons[k][object->role == CG_ROLE_WALL ? 0 : 1];
}

/* MARK_STYLED or MARK_BARE when the element is exactly as Carom's writer
 * makes it for object (up to the numbers, which it writes again; a path's
 * data must be what it writes, so that no curve is redrawn), else 0. */
static char
native_mark (CaromSceneSource *source, xmlNodePtr node, const CaromObject *object)
{
  char beam_width[CAROM_SVG_NUMBER_BUF];
  const NativeForm *form = native_form (object, beam_width);
  gboolean polygon = object->kind == CAROM_OBJECT_POLYGON;
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
carom_svg_source_begin_slot (CaromSceneSource *source, xmlNodePtr node, guint depth, gboolean empty,
                             CaromSvgKeepShape shape, CaromAffine ctm, const CaromScene *scene,
                             guint first, guint n_objects)
{
  GString *out = source->text;
  if (depth == 1 && n_objects == 1 && empty && shape != CAROM_SVG_KEEP_USE)
    {
      char mark = native_mark (source, node, g_ptr_array_index (scene->objects, first));
      if (mark != 0)
        {
          g_string_append_c (out, mark);
          return ORIGIN_NATIVE | ++source->n_native;
        }
    }
  source->foreign = TRUE;

  gboolean carom_hidden = FALSE, own_visibility = FALSE;
  for (xmlAttrPtr attr = node->properties; attr != NULL; attr = attr->next)
    if (attr->ns != NULL && ns_is (attr->ns, CAROM_SCENE_NAMESPACE)
        && strcmp ((const char *)attr->name, "hidden") == 0)
      carom_hidden = TRUE;
  Slot slot = { .start = (guint32)out->len, .n_objects = n_objects, .shape = (guint8)shape };
  append_qname (out, node->ns, node->name);
  slot.name_end = (guint32)out->len;
  /* Every attribute in its order (the element as it was), then the ones an
   * edit keeps. */
  append_namespaces (out, node);
  for (xmlAttrPtr attr = node->properties; attr != NULL; attr = attr->next)
    append_attribute (out, attr);
  slot.managed_end = (guint32)out->len;
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
carom_svg_source_end_slot (CaromSceneSource *source, guint32 origin)
{
  if (origin == 0 || (origin & ORIGIN_NATIVE) || origin > source->slots->len)
    return;
  g_array_index (source->slots, Slot, origin - 1).end = (guint32)source->text->len;
}

/* FNV-1a over an object's state: what the user can change. */
static guint64
hash_bytes (guint64 h, const void *data, gsize n)
{
  const guchar *p = data;
  for (gsize i = 0; i < n; i++)
    h = (h ^ p[i]) * 0x100000001b3u;
  return h;
}

static guint64
hash_object (guint64 h, const CaromObject *o)
{
  guint8 head[4] = { (guint8)o->kind, o->hidden, o->locked, o->label_placed };
  h = hash_bytes (h, head, sizeof head);
  if (o->label_placed)
    h = hash_bytes (h, &o->label_offset, sizeof o->label_offset);
  if (o->id != NULL)
    h = hash_bytes (h, o->id, strlen (o->id) + 1);
  if (o->kind != CAROM_OBJECT_POLYGON)
    {
      h = hash_bytes (h, &o->center, sizeof o->center);
      h = hash_bytes (h, &o->radius, sizeof o->radius);
      h = hash_bytes (h, &o->direction, sizeof o->direction);
      h = hash_bytes (h, &o->max_bounces, sizeof o->max_bounces);
      if (o->kind == CAROM_OBJECT_BALL)
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

#define HASH_SEED 0xcbf29ce484222325u

gboolean
carom_svg_source_finish (CaromSceneSource *source, CaromScene *scene)
{
  GPtrArray *objects = scene->objects;
  if (!source->foreign && source->losses->len == 0)
    {
      for (guint i = 0; i < objects->len; i++)
        ((CaromObject *)g_ptr_array_index (objects, i))->origin = 0;
      return FALSE;
    }
  g_array_set_size (source->hashes, source->slots->len);
  for (guint i = 0; i < source->slots->len; i++)
    g_array_index (source->hashes, guint64, i) = HASH_SEED;
  for (guint i = 0; i < objects->len; i++)
    {
      const CaromObject *object = g_ptr_array_index (objects, i);
      guint32 origin = object->origin;
      if (origin == 0 || (origin & ORIGIN_NATIVE) || origin > source->slots->len)
        continue;
      guint64 *h = &g_array_index (source->hashes, guint64, origin - 1);
      *h = hash_object (*h, object);
    }
  return TRUE;
}

/* ---- writing ------------------------------------------------------------------- */

typedef struct
{
  const CaromSceneSource *source;
  const CaromScene *scene;
  GString *out;
  guint32 *slot_first;  ///< per slot: its first object in the scene, or G_MAXUINT32
  guint32 *next;        ///< per object: the next object of its slot, or G_MAXUINT32
  guint32 *native;      ///< per native ordinal: its object, or G_MAXUINT32
  guint8 *unchanged;    ///< per slot: its objects are as they were read
  const char *stroke;   ///< stroke width of Carom's own elements
  const char *ns_decls; ///< declarations an element written anew needs
} Writer;

static void
write_native (Writer *w, const CaromObject *object, gboolean styled)
{
  GString *out = w->out;
  gsize at = out->len;
  carom_svg_append_native_object (out, object, styled ? w->stroke : NULL);
  if (w->ns_decls[0] != '\0')
    {
      /* after "<polygon" or "<circle" */
      const char *space = strchr (out->str + at, ' ');
      g_string_insert (out, space - out->str, w->ns_decls);
    }
}

/* Copies text[from, to): kept text, where no marks are. */
static void
copy_range (Writer *w, guint32 from, guint32 to)
{
  g_string_append_len (w->out, w->source->text->str + from, to - from);
}

static CaromAffine
affine_inverse (CaromAffine m)
{
  double det = m.a * m.d - m.b * m.c;
  CaromAffine inv = { m.d / det, -m.b / det, -m.c / det, m.a / det, 0.0, 0.0 };
  inv.e = -(inv.a * m.e + inv.c * m.f);
  inv.f = -(inv.b * m.e + inv.d * m.f);
  return inv;
}

static void
append_point (GString *out, CgVec2 p)
{
  carom_svg_append_number (out, p.x);
  g_string_append_c (out, ',');
  carom_svg_append_number (out, p.y);
}

/* An axis-aligned rectangle: 4 vertices, each edge horizontal or vertical. */
static gboolean
axis_rectangle (const CgVec2 *v, size_t n, double box[4])
{
  if (n != 4)
    return FALSE;
  for (size_t i = 0; i < 4; i++)
    {
      CgVec2 a = v[i], b = v[(i + 1) % 4];
      if ((a.x == b.x) == (a.y == b.y))
        return FALSE;
    }
  box[0] = fmin (fmin (v[0].x, v[1].x), v[2].x);
  box[1] = fmin (fmin (v[0].y, v[1].y), v[2].y);
  box[2] = fmax (fmax (v[0].x, v[1].x), v[2].x) - box[0];
  box[3] = fmax (fmax (v[0].y, v[1].y), v[2].y) - box[1];
  return box[2] > 0.0 && box[3] > 0.0;
}

/* The managed attributes of a slot's element, written anew from its objects
 * (in scene order), in the element's user units; returns the element's new
 * local name. */
static const char *
write_managed (Writer *w, const Slot *slot, guint32 first, GString *attrs)
{
  const CaromObject *lead = g_ptr_array_index (w->scene->objects, first);
  CaromAffine inv = affine_inverse (g_array_index (w->source->ctms, CaromAffine, slot->ctm));
  const char *name;
  if (lead->id != NULL)
    {
      g_string_append (attrs, " id=\"");
      carom_svg_append_attribute_text (attrs, lead->id);
      g_string_append_c (attrs, '"');
    }
  g_string_append_printf (attrs, " carom:role=\"%s\"", carom_object_role_name (lead));
  if (lead->hidden)
    g_string_append (attrs, " carom:hidden=\"true\"");
  if (lead->hidden && !(slot->flags & SLOT_OWN_VISIBILITY))
    g_string_append (attrs, " visibility=\"hidden\"");
  if (lead->locked)
    g_string_append (attrs, " carom:locked=\"true\"");
  if (lead->kind == CAROM_OBJECT_POLYGON && lead->role == CG_ROLE_OBSTACLE
      && lead->on_hit == CG_ON_HIT_REFLECT)
    g_string_append (attrs, " carom:on-hit=\"reflect\"");
  if (lead->label_placed)
    carom_svg_append_label_offset (attrs, carom_affine_apply_linear (inv, lead->label_offset));

  if (lead->kind == CAROM_OBJECT_BEAM)
    {
      /* A similarity (the reader checked): lengths scale by √|det|. */
      double scale = sqrt (fabs (inv.a * inv.d - inv.b * inv.c));
      CgVec2 p1 = carom_affine_apply (inv, lead->center);
      CgVec2 d = carom_affine_apply_linear (inv, lead->direction);
      gboolean fan = lead->beam_shape == CAROM_BEAM_FAN;
      if (fan)
        {
          carom_svg_append_number_attribute (attrs, "cx", p1.x);
          carom_svg_append_number_attribute (attrs, "cy", p1.y);
          carom_svg_append_number_attribute (attrs, "r", lead->radius * scale);
        }
      else
        {
          CgVec2 p2 = carom_affine_apply (inv, lead->beam_end);
          carom_svg_append_number_attribute (attrs, "x1", p1.x);
          carom_svg_append_number_attribute (attrs, "y1", p1.y);
          carom_svg_append_number_attribute (attrs, "x2", p2.x);
          carom_svg_append_number_attribute (attrs, "y2", p2.y);
        }
      carom_svg_append_beam_settings (attrs, lead, d, lead->radius * scale);
      return fan ? "circle" : "line";
    }
  if (lead->kind == CAROM_OBJECT_BALL)
    {
      /* The ctm is a similarity (the reader checked): its scale is √|det|. */
      double scale = sqrt (fabs (inv.a * inv.d - inv.b * inv.c));
      CgVec2 c = carom_affine_apply (inv, lead->center);
      CgVec2 d = carom_affine_apply_linear (inv, lead->direction);
      carom_svg_append_number_attribute (attrs, "cx", c.x);
      carom_svg_append_number_attribute (attrs, "cy", c.y);
      carom_svg_append_number_attribute (attrs, "r", lead->radius * scale);
      g_string_append (attrs, " carom:direction=\"");
      carom_svg_append_number (attrs, d.x);
      g_string_append_c (attrs, ' ');
      carom_svg_append_number (attrs, d.y);
      g_string_append_printf (attrs, "\" carom:max-bounces=\"%u\"", lead->max_bounces);
      return "circle";
    }

  gboolean several = w->next[first] != G_MAXUINT32;
  gboolean curved = FALSE;
  for (guint32 i = first; i != G_MAXUINT32; i = w->next[i])
    curved = curved || carom_object_is_curved (g_ptr_array_index (w->scene->objects, i));
  gboolean round_slot
      = slot->shape == CAROM_SVG_KEEP_CIRCLE || slot->shape == CAROM_SVG_KEEP_ELLIPSE;
  if (round_slot && !several && carom_object_is_curved (lead) && carom_svg_is_whole_circle (lead))
    {
      /* Still a circle: the same element, in its own user units. */
      double scale = sqrt (fabs (inv.a * inv.d - inv.b * inv.c));
      CgVec2 c = carom_affine_apply (inv, lead->edges[0].q);
      carom_svg_append_number_attribute (attrs, "cx", c.x);
      carom_svg_append_number_attribute (attrs, "cy", c.y);
      if (slot->shape == CAROM_SVG_KEEP_CIRCLE)
        {
          carom_svg_append_number_attribute (attrs, "r", lead->edges[0].R * scale);
          return "circle";
        }
      carom_svg_append_number_attribute (attrs, "rx", lead->edges[0].R * scale);
      carom_svg_append_number_attribute (attrs, "ry", lead->edges[0].R * scale);
      return "ellipse";
    }
  if (curved)
    {
      /* Arcs stay arcs: path data with A commands (the element's transform
       * is a similarity, or the reader would have flattened them). */
      g_string_append (attrs, " d=\"");
      for (guint32 i = first; i != G_MAXUINT32; i = w->next[i])
        {
          if (i != first)
            g_string_append_c (attrs, ' ');
          carom_svg_append_path_data_mapped (attrs, g_ptr_array_index (w->scene->objects, i), &inv);
        }
      g_string_append_c (attrs, '"');
      return "path";
    }
  if (slot->shape == CAROM_SVG_KEEP_RECT && !several)
    {
      CgVec2 v[4];
      for (size_t k = 0; k < lead->n_points && k < 4; k++)
        v[k] = carom_affine_apply (inv, lead->points[k]);
      double box[4];
      if (axis_rectangle (v, lead->n_points, box))
        {
          carom_svg_append_number_attribute (attrs, "x", box[0]);
          carom_svg_append_number_attribute (attrs, "y", box[1]);
          carom_svg_append_number_attribute (attrs, "width", box[2]);
          carom_svg_append_number_attribute (attrs, "height", box[3]);
          return "rect";
        }
    }
  gboolean path = slot->shape == CAROM_SVG_KEEP_PATH || several;
  g_string_append (attrs, path ? " d=\"" : " points=\"");
  name = path ? "path" : "polygon";
  for (guint32 i = first; i != G_MAXUINT32; i = w->next[i])
    {
      const CaromObject *o = g_ptr_array_index (w->scene->objects, i);
      if (i != first)
        g_string_append_c (attrs, ' ');
      for (size_t k = 0; k < o->n_points; k++)
        {
          if (path)
            g_string_append (attrs, k == 0 ? "M " : " L ");
          else if (k > 0)
            g_string_append_c (attrs, ' ');
          append_point (attrs, carom_affine_apply (inv, o->points[k]));
        }
      if (path)
        g_string_append (attrs, " Z");
    }
  g_string_append_c (attrs, '"');
  return name;
}

/* An object mapped by m (a ball's radius by m's scale, its direction by its
 * linear part). */
static CaromObject *
object_mapped (const CaromObject *object, CaromAffine m)
{
  CaromObject *copy = carom_object_copy (object);
  double det = m.a * m.d - m.b * m.c;
  if (copy->kind != CAROM_OBJECT_POLYGON)
    {
      copy->center = carom_affine_apply (m, copy->center);
      copy->beam_end = carom_affine_apply (m, copy->beam_end);
      copy->radius *= sqrt (fabs (det));
      copy->direction = cg_normalize (carom_affine_apply_linear (m, copy->direction));
      return copy;
    }
  for (size_t k = 0; k < copy->n_points; k++)
    copy->points[k] = carom_affine_apply (m, copy->points[k]);
  /* Arcs (only under a similarity, which keeps them arcs): the centre moves,
   * the radius scales, a reflection turns the other way. */
  for (size_t k = 0; copy->edges != NULL && k < copy->n_points; k++)
    if (copy->edges[k].sweep != 0.0)
      {
        copy->edges[k].q = carom_affine_apply (m, copy->edges[k].q);
        copy->edges[k].R *= sqrt (fabs (det));
        if (det < 0.0)
          copy->edges[k].sweep = -copy->edges[k].sweep;
      }
  return copy;
}

/* An edited clone becomes a copy: the <use> turns into a <g> with its own
 * attributes (class, style, transform) and children, holding its objects as
 * Carom writes them, in its user units. */
static void
write_use_as_group (Writer *w, const Slot *slot, guint32 first, gsize prefix_length)
{
  const char *text = w->source->text->str;
  GString *out = w->out;
  CaromAffine inv = affine_inverse (g_array_index (w->source->ctms, CaromAffine, slot->ctm));
  g_autoptr (GString) name = g_string_new_len (text + slot->start, (gssize)prefix_length);
  g_string_append_c (name, 'g');
  g_string_append_printf (out, "<%s%s", name->str, w->ns_decls);
  g_string_append_len (out, text + slot->managed_end, slot->attrs_end - slot->managed_end);
  g_string_append_c (out, '>');
  for (guint32 i = first; i != G_MAXUINT32; i = w->next[i])
    {
      g_autoptr (CaromObject) mapped
          = object_mapped (g_ptr_array_index (w->scene->objects, i), inv);
      write_native (w, mapped, TRUE);
    }
  if (!(slot->flags & SLOT_EMPTY))
    copy_range (w, slot->attrs_end, slot->end);
  g_string_append_printf (out, "</%s>", name->str);
}

static void
write_slot (Writer *w, guint index)
{
  const CaromSceneSource *source = w->source;
  const Slot *slot = &g_array_index (source->slots, Slot, index);
  guint32 first = w->slot_first[index];
  if (first == G_MAXUINT32)
    return; /* every object of it was deleted: so is the element */
  const char *text = source->text->str;
  GString *out = w->out;

  gboolean unchanged = w->unchanged[index];

  /* The qualified name: the same prefix, maybe a new local name. */
  const char *qname = text + slot->start;
  gsize qname_length = slot->name_end - slot->start;
  const char *colon = memchr (qname, ':', qname_length);
  gsize prefix_length = colon != NULL ? (gsize)(colon - qname) + 1 : 0;
  g_autoptr (GString) name = g_string_new_len (qname, (gssize)qname_length);

  if (!unchanged && slot->shape == CAROM_SVG_KEEP_USE)
    {
      write_use_as_group (w, slot, first, prefix_length);
      return;
    }
  g_string_append_c (out, '<');
  if (unchanged)
    g_string_append_len (out, qname, slot->managed_end - slot->start);
  else
    {
      g_autoptr (GString) attrs = g_string_new (NULL);
      const char *local = write_managed (w, slot, first, attrs);
      g_string_truncate (name, prefix_length);
      g_string_append (name, local);
      g_string_append_len (out, name->str, (gssize)name->len);
      g_string_append (out, w->ns_decls);
      g_string_append_len (out, attrs->str, (gssize)attrs->len);
      g_string_append_len (out, text + slot->managed_end, slot->attrs_end - slot->managed_end);
    }
  if (slot->flags & SLOT_EMPTY)
    {
      g_string_append (out, "/>");
      return;
    }
  g_string_append_c (out, '>');
  copy_range (w, slot->attrs_end, slot->end);
  g_string_append_printf (out, "</%s>", name->str);
}

gboolean
carom_svg_source_is_foreign (const CaromSceneSource *source)
{
  return source->foreign;
}

const char *
carom_svg_source_text (const CaromSceneSource *source, gsize *length)
{
  *length = source->text->len;
  return source->text->str;
}

char *
carom_svg_source_write (const CaromSceneSource *source, const CaromScene *scene,
                        const char *generated, gsize *length)
{
  GPtrArray *objects = scene->objects;
  guint n_slots = source->slots->len;
  g_autofree guint32 *slot_first = g_new (guint32, MAX (n_slots, 1));
  g_autofree guint32 *slot_last = g_new (guint32, MAX (n_slots, 1));
  g_autofree guint32 *slot_count = g_new0 (guint32, MAX (n_slots, 1));
  g_autofree guint32 *next = g_new (guint32, MAX (objects->len, 1));
  g_autofree guint32 *native = g_new (guint32, source->n_native + 1);
  g_autofree guint8 *fresh = g_new0 (guint8, MAX (objects->len, 1));
  memset (slot_first, 0xff, MAX (n_slots, 1) * sizeof *slot_first);
  memset (native, 0xff, (source->n_native + 1) * sizeof *native);

  /* Each object back to its element; a second claim (a copy made outside
   * the edit commands) and anything without an origin is new. */
  for (guint i = 0; i < objects->len; i++)
    {
      const CaromObject *object = g_ptr_array_index (objects, i);
      guint32 origin = object->origin;
      next[i] = G_MAXUINT32;
      if (origin & ORIGIN_NATIVE)
        {
          guint32 ordinal = origin & ~ORIGIN_NATIVE;
          if (ordinal >= 1 && ordinal <= source->n_native && native[ordinal] == G_MAXUINT32)
            native[ordinal] = i;
          else
            fresh[i] = TRUE;
        }
      else if (origin >= 1 && origin <= n_slots
               && slot_count[origin - 1]
                      < g_array_index (source->slots, Slot, origin - 1).n_objects)
        {
          guint k = origin - 1;
          if (slot_count[k]++ == 0)
            slot_first[k] = i;
          else
            next[slot_last[k]] = i;
          slot_last[k] = i;
        }
      else
        fresh[i] = TRUE;
    }

  /* Which elements change; Carom's namespace is declared on the root when
   * anything written anew needs it. */
  g_autofree guint8 *unchanged = g_new0 (guint8, MAX (n_slots, 1));
  gboolean carom_needed = source->n_native > 0;
  for (guint k = 0; k < n_slots; k++)
    {
      guint64 h = HASH_SEED;
      guint count = 0;
      for (guint32 i = slot_first[k]; i != G_MAXUINT32; i = next[i], count++)
        h = hash_object (h, g_ptr_array_index (objects, i));
      unchanged[k] = count == 0
                     || (count == g_array_index (source->slots, Slot, k).n_objects
                         && h == g_array_index (source->hashes, guint64, k));
      carom_needed = carom_needed || !unchanged[k];
    }
  for (guint i = 0; i < objects->len && !carom_needed; i++)
    carom_needed = fresh[i];

  char stroke[CAROM_SVG_NUMBER_BUF];
  if (source->native_stroke != NULL)
    g_strlcpy (stroke, source->native_stroke, sizeof stroke);
  else
    carom_svg_native_stroke_width (scene, stroke);
  GString *decls = g_string_new (NULL);
  if (source->svg_prefixed)
    g_string_append (decls, " xmlns=\"" CAROM_SVG_NAMESPACE "\"");
  if (source->carom_taken)
    g_string_append (decls, " xmlns:carom=\"" CAROM_SCENE_NAMESPACE "\"");
  Writer w = {
    .source = source,
    .scene = scene,
    .out = g_string_sized_new (source->text->len + source->n_native * 64 + 256),
    .slot_first = slot_first,
    .next = next,
    .native = native,
    .unchanged = unchanged,
    .stroke = stroke,
    .ns_decls = decls->str,
  };
  GString *out = w.out;
  const char *text = source->text->str;

  g_string_append (out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  copy_range (&w, 0, source->root_ns_end);
  if (carom_needed && !source->carom_bound && !source->carom_taken)
    g_string_append (out, " xmlns:carom=\"" CAROM_SCENE_NAMESPACE "\"");
  copy_range (&w, source->root_ns_end, source->root_tag_end);

  /* New content goes before the whitespace that ends the root, so that the
   * root ends as it did (and a generated drawing dropped on reading, with
   * the whitespace before it, leaves the text as it was). */
  guint32 tail = source->root_close;
  guint32 last_end = n_slots > 0 ? g_array_index (source->slots, Slot, n_slots - 1).end : 0;
  while (tail > source->root_tag_end + 1 && tail > last_end && carom_svg_is_space (text[tail - 1]))
    tail--;

  /* Walk the text: slots and native marks in document order. */
  guint32 k = source->root_tag_end, ordinal = 0;
  guint slot_index = 0;
  while (k < tail)
    {
      guint32 stop
          = slot_index < n_slots ? g_array_index (source->slots, Slot, slot_index).start : tail;
      guint32 run = k;
      while (run < stop && text[run] != MARK_STYLED && text[run] != MARK_BARE)
        run++;
      g_string_append_len (out, text + k, run - k);
      if (run < stop)
        {
          guint32 i = native[++ordinal];
          if (i != G_MAXUINT32)
            write_native (&w, g_ptr_array_index (objects, i), text[run] == MARK_STYLED);
          k = run + 1;
          continue;
        }
      k = stop;
      if (slot_index < n_slots)
        {
          write_slot (&w, slot_index);
          k = g_array_index (source->slots, Slot, slot_index).end;
          slot_index++;
        }
    }

  /* New objects at the end of the root, then the generated drawing. */
  for (guint i = 0; i < objects->len; i++)
    if (fresh[i])
      {
        g_string_append (out, "\n  ");
        write_native (&w, g_ptr_array_index (objects, i), TRUE);
      }
  if (generated != NULL)
    {
      /* Declared on the group itself, so that dropping it on reading
       * leaves the root as it was. */
      g_string_append (out, "\n  <g carom:generated=\"true\" " CAROM_SVG_GENERATED_LAYER);
      g_string_append (out, w.ns_decls);
      if (!source->carom_bound && !source->carom_taken)
        g_string_append (out, " xmlns:carom=\"" CAROM_SCENE_NAMESPACE "\"");
      g_string_append (out, ">\n");
      g_string_append (out, generated);
      if (out->len > 0 && out->str[out->len - 1] != '\n')
        g_string_append_c (out, '\n');
      g_string_append (out, "  </g>");
    }
  copy_range (&w, tail, (guint32)source->text->len);
  g_string_free (decls, TRUE);
  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

const GPtrArray *
carom_svg_get_losses (const CaromScene *scene)
{
  g_return_val_if_fail (scene != NULL, NULL);
  if (scene->source == NULL || scene->source->losses->len == 0)
    return NULL;
  return scene->source->losses;
}
