/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-reader.c: reads a scene from SVG (scene-format.md), streaming
 * with libxml2's xmlTextReader: memory stays bounded by the scene, not the
 * file.
 *
 * Safety: libxml2 never substitutes entities, loads a DTD, follows XInclude
 * or touches the network here; every byte is scanned for entity
 * declarations before libxml2 sees it (carom-svg-input.c), and a DTD that
 * declares entities anyway (in an encoding the scan cannot read) is refused
 * before an attribute is read, since libxml2 2.9 expands entities in
 * attribute values lazily and without limits. Sizes are bounded by the
 * limits in carom-svg-private.h.
 *
 * Units: scene units are the root <svg>'s user units (its viewBox
 * coordinates). Its width and height only say how large that is on paper;
 * a length with an absolute unit inside the drawing ("10mm") is converted
 * as every SVG renderer converts it, at 96 user units per inch, so the
 * scene matches what a viewer shows.
 *
 * Elements with carom:role are scene objects and must be valid. Shapes
 * without one (a drawing from Inkscape, say) are taken by their fill
 * (none: a wall; anything else: an obstacle) when they can be, read as
 * leniently as renderers draw them, and skipped with a reason in the
 * summary when they cannot. */
#include "io/carom-svg-read-private.h"
#include "io/carom-svg-xml-lock.h"

#include <float.h>
#include <glib/gi18n-lib.h>
#include <libxml/xmlreader.h>
#include <string.h>

GQuark
carom_svg_error_quark (void)
{
  return g_quark_from_static_string ("carom-svg-error-quark");
}

/* The parser options: the safe subset. Never XML_PARSE_NOENT, _DTDLOAD,
 * _XINCLUDE or _HUGE; and nothing else, to parse as fast as xmllint --stream. */
#define READER_OPTIONS (XML_PARSE_NONET)

static void
note_group_free (NoteGroup *group)
{
  g_free (group->element);
  g_free (group->reason);
  g_ptr_array_unref (group->names);
  g_free (group);
}

static ElementKind
classify_element (const char *name)
{
  static const char *const groups[] = { "g", "svg", "a", "switch" };
  static const char *const silent[] = {
    "defs",
    "symbol",
    "clipPath",
    "mask",
    "pattern",
    "marker",
    "linearGradient",
    "radialGradient",
    "filter",
    "style",
    "script",
    "metadata",
    "title",
    "desc",
    "font",
    "font-face",
    "cursor",
    "view",
    "animate",
    "animateMotion",
    "animateTransform",
    "animateColor",
    "set",
  };
  if (carom_svg_is_shape (name))
    return ELEMENT_SHAPE;
  for (gsize i = 0; i < G_N_ELEMENTS (groups); i++)
    if (strcmp (name, groups[i]) == 0)
      return ELEMENT_GROUP;
  for (gsize i = 0; i < G_N_ELEMENTS (silent); i++)
    if (strcmp (name, silent[i]) == 0)
      return ELEMENT_SILENT;
  return ELEMENT_OTHER;
}

/* How error messages name an element: <polygon> “post” (line 3), or
 * <polygon> on line 3 when it has no id. */
static char *
describe_element (const char *name, const char *id, int line)
{
  if (id != NULL)
    return g_strdup_printf (_ ("<%s> “%s” (line %d)"), name, id, line);
  return g_strdup_printf (_ ("<%s> on line %d"), name, line);
}

/* ---- summary -------------------------------------------------------------- */

void
carom_svg_reader_add_note (GPtrArray *groups, const char *element, const char *id, int line,
                           const char *reason)
{
  NoteGroup *group = NULL;
  for (guint i = 0; i < groups->len && group == NULL; i++)
    {
      NoteGroup *candidate = g_ptr_array_index (groups, i);
      if (strcmp (candidate->element, element) == 0 && strcmp (candidate->reason, reason) == 0)
        group = candidate;
    }
  if (group == NULL)
    {
      group = g_new0 (NoteGroup, 1);
      group->element = g_strdup (element);
      group->reason = g_strdup (reason);
      group->names = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (groups, group);
    }
  group->count++;
  if (group->names->len < SUMMARY_NAMES)
    g_ptr_array_add (group->names,
                     id != NULL ? g_strdup (id) : g_strdup_printf (_ ("line %d"), line));
}

static void
note_skipped (ReadState *state, const char *element, const char *id, int line, const char *reason)
{
  carom_svg_reader_add_note (state->skips, element, id, line, reason);
}

/* "a, b, c, …" */
static char *
join_names (const NoteGroup *group)
{
  GString *names = g_string_new (NULL);
  for (guint k = 0; k < group->names->len; k++)
    g_string_append_printf (names, "%s%s", k > 0 ? ", " : "",
                            (const char *)g_ptr_array_index (group->names, k));
  if (group->count > group->names->len)
    g_string_append (names, ", …");
  return g_string_free (names, FALSE);
}

static GPtrArray *
build_summary (const ReadState *state)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  if (state->page_note != NULL)
    g_ptr_array_add (lines, g_strdup (state->page_note));
  guint walls = state->taken_walls, obstacles = state->taken_obstacles;
  if (walls + obstacles > 0)
    {
      g_autofree char *wall_text
          = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u wall", "%u walls", walls), walls);
      g_autofree char *obstacle_text = g_strdup_printf (
          g_dngettext (GETTEXT_PACKAGE, "%u obstacle", "%u obstacles", obstacles), obstacles);
      /* TRANSLATORS: "2 walls and 1 obstacle" */
      g_autofree char *both = g_strdup_printf (_ ("%s and %s"), wall_text, obstacle_text);
      const char *taken = obstacles == 0 ? wall_text : walls == 0 ? obstacle_text : both;
      g_ptr_array_add (lines, g_strdup_printf (_ ("Took %s from shapes without carom:role "
                                                  "(unfilled shapes are walls, filled ones "
                                                  "obstacles)."),
                                               taken));
    }
  for (guint i = 0; i < state->partial->len; i++)
    {
      const NoteGroup *group = g_ptr_array_index (state->partial, i);
      g_autofree char *names = join_names (group);
      g_ptr_array_add (lines,
                       g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                     "Read %u <%s> element (%s) only up to an "
                                                     "error in its data, as SVG viewers draw it: "
                                                     "%s.",
                                                     "Read %u <%s> elements (%s) only up to an "
                                                     "error in their data, as SVG viewers draw "
                                                     "them: %s.",
                                                     group->count),
                                        group->count, group->element, names, group->reason));
    }
  for (guint i = 0; i < state->reinterpreted->len; i++)
    {
      const NoteGroup *group = g_ptr_array_index (state->reinterpreted, i);
      g_autofree char *names = join_names (group);
      g_ptr_array_add (
          lines, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Took %u <%s> element (%s) %s.",
                                               "Took %u <%s> elements (%s) %s.", group->count),
                                  group->count, group->element, names, group->reason));
    }
  for (guint i = 0; i < state->skips->len; i++)
    {
      const NoteGroup *group = g_ptr_array_index (state->skips, i);
      g_autofree char *names = join_names (group);
      g_ptr_array_add (
          lines, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Skipped %u <%s> element (%s): %s.",
                                               "Skipped %u <%s> elements (%s): %s.", group->count),
                                  group->count, group->element, names, group->reason));
    }
  return lines;
}

/* ---- presentation: display and fill -------------------------------------- */

/* A presentation property, trimmed: the style attribute's declaration wins
 * over the presentation attribute's value. */
static char *
dup_property (const char *style, const char *attribute, const char *name)
{
  char *value = style != NULL ? carom_svg_style_dup_property (style, name) : NULL;
  if (value == NULL && attribute != NULL)
    value = g_strdup (attribute);
  return value != NULL ? g_strstrip (value) : NULL;
}

static Frame
current_frame (const ReadState *state)
{
  if (state->frames->len == 0)
    return (Frame){ carom_affine_identity (), { 0.0, 0.0 }, TRUE, FALSE, FALSE, FALSE, 0, 0 };
  return g_array_index (state->frames, Frame, state->frames->len - 1);
}

/* ---- viewports -------------------------------------------------------------- */

static gboolean
read_length_attribute (const CaromSvgElement *element, const char *name, CaromSvgLengthAxis axis,
                       double *value, GError **error)
{
  const char *text = carom_svg_element_get (element, name, FALSE);
  if (text != NULL && !carom_svg_parse_length (text, &element->viewport, axis, value, error))
    {
      g_prefix_error (error, _ ("attribute “%s”: "), name);
      return FALSE;
    }
  return TRUE;
}

/* The root's viewBox, width and height. Scene units are its user units, so
 * nothing is transformed; the viewport (for percentages) is the viewBox, or
 * the width and height in px when there is none; and when width and height
 * carry a physical unit, *page_note says how big a scene unit is. A viewBox
 * that is not valid is ignored, and *page_note says why. */
static gboolean
read_root (const CaromSvgElement *element, Frame *frame, char **page_note, GError **error)
{
  const char *view_box_text = carom_svg_element_get (element, "viewBox", FALSE);
  const char *width_text = carom_svg_element_get (element, "width", FALSE);
  const char *height_text = carom_svg_element_get (element, "height", FALSE);
  double box[4] = { 0.0, 0.0, 0.0, 0.0 };
  gboolean has_box = view_box_text != NULL;
  g_autoptr (GError) box_error = NULL;
  if (has_box && !carom_svg_parse_view_box (view_box_text, box, &box_error))
    {
      /* It changes no coordinate (scene units are its user units): only
       * percentages would have needed it. */
      *page_note = g_strdup_printf (_ ("Ignored the root's viewBox: %s."), box_error->message);
      has_box = FALSE;
    }

  /* Width and height in px; a percentage (of a window we do not know) or
   * an absent one leaves the size unknown. */
  double size[2] = { 0.0, 0.0 };
  const char *texts[2] = { width_text, height_text };
  const char *names[2] = { "width", "height" };
  for (int i = 0; i < 2; i++)
    if (texts[i] != NULL && strchr (texts[i], '%') == NULL
        && !carom_svg_parse_length (texts[i], NULL, CAROM_SVG_LENGTH_OTHER, &size[i], error))
      {
        g_prefix_error (error, _ ("attribute “%s”: "), names[i]);
        return FALSE;
      }

  if (has_box)
    frame->viewport = (CaromSvgViewport){ box[2], box[3] };
  else
    frame->viewport = (CaromSvgViewport){ size[0], size[1] };

  /* "210mm" on a viewBox 210 wide: one scene unit is 1 mm. */
  static const struct
  {
    const char *unit;
    double px;
  } paper_units[] = {
    { "mm", CAROM_SVG_PX_PER_IN / 25.4 },
    { "cm", CAROM_SVG_PX_PER_IN / 2.54 },
    { "in", CAROM_SVG_PX_PER_IN },
    { "pt", CAROM_SVG_PX_PER_IN / 72.0 },
  };
  g_autofree char *trimmed_width = g_strstrip (g_strdup (width_text != NULL ? width_text : ""));
  if (size[0] > 0.0 && *page_note == NULL)
    for (gsize i = 0; i < G_N_ELEMENTS (paper_units); i++)
      if (g_str_has_suffix (trimmed_width, paper_units[i].unit))
        {
          double unit_px = has_box ? size[0] / box[2] : 1.0;
          char amount[CAROM_SVG_NUMBER_BUF], width[CAROM_SVG_NUMBER_BUF];
          g_ascii_formatd (amount, sizeof amount, "%.4g", unit_px / paper_units[i].px);
          g_ascii_formatd (width, sizeof width, "%.6g", size[0] / paper_units[i].px);
          *page_note = g_strdup_printf (_ ("The drawing is %s %s wide; one scene unit (a user "
                                           "unit of its viewBox) is %s %s."),
                                        width, paper_units[i].unit, amount, paper_units[i].unit);
          break;
        }
  return TRUE;
}

/* The transform a group or shape adds, and for a nested <svg> its viewport:
 * it moves to x, y and maps its viewBox onto width × height (its clipping
 * is ignored). */
static gboolean
element_transform (const CaromSvgElement *element, const Known *known, gboolean root, Frame *frame,
                   CaromAffine *transform, GError **error)
{
  /* SVG 2 makes transform a property too: a style declaration wins. */
  g_autofree char *text = dup_property (known->style, known->transform, "transform");
  *transform = carom_affine_identity ();
  if (text != NULL && !carom_svg_parse_transform (text, transform, error))
    {
      g_prefix_error (error, _ ("attribute “%s”: "), "transform");
      return FALSE;
    }
  if (root || strcmp (element->name, "svg") != 0)
    return TRUE;

  double x = 0.0, y = 0.0, width = frame->viewport.width, height = frame->viewport.height;
  if (!read_length_attribute (element, "x", CAROM_SVG_LENGTH_X, &x, error)
      || !read_length_attribute (element, "y", CAROM_SVG_LENGTH_Y, &y, error)
      || !read_length_attribute (element, "width", CAROM_SVG_LENGTH_X, &width, error)
      || !read_length_attribute (element, "height", CAROM_SVG_LENGTH_Y, &height, error))
    return FALSE;
  CaromAffine place = { 1.0, 0.0, 0.0, 1.0, x, y };
  frame->viewport = (CaromSvgViewport){ width, height };

  const char *view_box_text = carom_svg_element_get (element, "viewBox", FALSE);
  if (view_box_text != NULL)
    {
      double box[4];
      CaromSvgAspect aspect;
      if (!carom_svg_parse_view_box (view_box_text, box, error))
        {
          g_prefix_error (error, _ ("attribute “%s”: "), "viewBox");
          return FALSE;
        }
      if (!carom_svg_parse_aspect (carom_svg_element_get (element, "preserveAspectRatio", FALSE),
                                   &aspect, error))
        {
          g_prefix_error (error, _ ("attribute “%s”: "), "preserveAspectRatio");
          return FALSE;
        }
      if (!(width > 0.0 && height > 0.0))
        {
          g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                               _ ("a nested <svg> with a viewBox needs a width and height "
                                  "greater than 0"));
          return FALSE;
        }
      place = carom_svg_view_box_transform (box, x, y, width, height, &aspect);
      frame->viewport = (CaromSvgViewport){ box[2], box[3] };
    }
  *transform = carom_affine_multiply (*transform, place);
  return TRUE;
}

static gboolean
check_root (const char *name, const char *ns, GError **error)
{
  if (strcmp (name, "svg") == 0 && (ns == NULL || strcmp (ns, CAROM_SVG_NAMESPACE) == 0))
    return TRUE;
  if (ns != NULL)
    g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_NOT_SVG,
                 _ ("The root element is <%s> in the namespace “%s”, not an SVG <svg>"), name, ns);
  else
    g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_NOT_SVG,
                 _ ("The root element is <%s>, not an SVG <svg>"), name);
  return FALSE;
}

/* An SVG element the reader looks into: reads its presentation and role,
 * and either reads it as a shape or updates frame for its children. Errors
 * come without the element's name. */
/* carom:label-offset "dx dy": where the author placed the object's name
 * label, from the centre of its box, in the element's user units; turned
 * and scaled into scene units by the transform's linear part. */
static gboolean
read_label_offset (const char *text, CaromAffine ctm, CgVec2 *offset, GError **error)
{
  g_autoptr (GArray) numbers = g_array_new (FALSE, FALSE, sizeof (double));
  if (!carom_svg_parse_number_list (text, numbers, 3, error))
    {
      g_prefix_error (error, _ ("attribute “%s”: "), "carom:label-offset");
      return FALSE;
    }
  if (numbers->len != 2)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("attribute “%s”: needs two numbers, dx and dy"), "carom:label-offset");
      return FALSE;
    }
  CgVec2 v = { g_array_index (numbers, double, 0), g_array_index (numbers, double, 1) };
  *offset = carom_affine_apply_linear (ctm, v);
  if (!cg_is_valid_vec2 (v) || !cg_is_valid_vec2 (*offset))
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("attribute “%s”: the offset is not finite"), "carom:label-offset");
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_element (ReadState *state, CaromSvgElement *element, const Known *known, ElementKind kind,
              gboolean root, int line, const char *id, Frame *frame, GError **error)
{
  const char *role = known->role;
  const char *generated = known->generated;
  g_autofree char *display = NULL, *fill = NULL, *visibility = NULL;
  if (carom_svg_sheet_is_empty (state->sheet))
    {
      display = dup_property (known->style, known->display, "display");
      fill = dup_property (known->style, known->fill, "fill");
      visibility = dup_property (known->style, known->visibility, "visibility");
    }
  else
    {
      /* The cascade: sheets' rules between presentation attributes and style. */
      guint n = state->frames->len + 1;
      g_autofree CaromCssElement *path = g_new (CaromCssElement, n);
      for (guint i = 0; i + 1 < n; i++)
        path[i] = g_array_index (state->css_path, CaromCssElement, i);
      path[n - 1] = (CaromCssElement){ element->name, known->id, known->class_list };
      display = carom_svg_cascade (state->sheet, path, n, known->style, known->display,
                                   CAROM_CSS_DISPLAY);
      fill = carom_svg_cascade (state->sheet, path, n, known->style, known->fill, CAROM_CSS_FILL);
      visibility = carom_svg_cascade (state->sheet, path, n, known->style, known->visibility,
                                      CAROM_CSS_VISIBILITY);
    }
  /* A clip path or a mask cuts what is drawn, not what Carom traces. */
  /* (A style is looked into only when it names them: most do not.) */
  gboolean styled
      = known->style != NULL
        && (strstr (known->style, "clip") != NULL || strstr (known->style, "mask") != NULL);
  g_autofree char *clip
      = styled || known->clip_path != NULL
            ? dup_property (styled ? known->style : NULL, known->clip_path, "clip-path")
            : NULL;
  g_autofree char *mask = styled || known->mask != NULL
                              ? dup_property (styled ? known->style : NULL, known->mask, "mask")
                              : NULL;
  if (clip != NULL && g_ascii_strcasecmp (clip, "none") != 0)
    frame->cut |= CUT_CLIPPED;
  if (mask != NULL && g_ascii_strcasecmp (mask, "none") != 0)
    frame->cut |= CUT_MASKED;
  if (visibility != NULL && g_ascii_strcasecmp (visibility, "inherit") != 0)
    frame->invisible = g_ascii_strcasecmp (visibility, "hidden") == 0
                       || g_ascii_strcasecmp (visibility, "collapse") == 0;

  /* Carom's own drawing for the diagram: not part of the scene. */
  if (generated != NULL && strcmp (generated, "true") == 0)
    {
      frame->skipped = TRUE;
      frame->dropped = TRUE;
      carom_svg_source_note_loss (state->source,
                                  _ ("its diagram drawing (carom:generated), which Export draws "
                                     "again"));
      return TRUE;
    }
  if (display != NULL && g_ascii_strcasecmp (display, "none") == 0)
    {
      note_skipped (state, element->name, id, line, _ ("hidden (display:none)"));
      frame->skipped = TRUE;
      return TRUE;
    }
  if (role != NULL && kind != ELEMENT_SHAPE)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   kind == ELEMENT_GROUP
                       ? _ ("carom:role “%s” on a group: put it on the shapes inside")
                       : _ ("carom:role “%s” on an element that is not a shape"),
                   role);
      return FALSE;
    }
  gboolean use = strcmp (element->name, "use") == 0;
  if (kind == ELEMENT_OTHER && !use)
    {
      note_skipped (state, element->name, id, line, _ ("not a shape"));
      frame->skipped = TRUE;
      return TRUE;
    }

  if (fill != NULL && strcmp (fill, "inherit") != 0)
    frame->filled = g_ascii_strcasecmp (fill, "none") != 0;

  if (root && !read_root (element, frame, &state->page_note, error))
    return FALSE;
  element->viewport = frame->viewport;
  element->lenient = role == NULL;

  CaromAffine transform;
  g_autoptr (GError) local = NULL;
  if (!element_transform (element, known, root, frame, &transform, &local))
    {
      if (kind == ELEMENT_SHAPE && role == NULL && local->code == CAROM_SVG_ERROR_INVALID_OBJECT)
        {
          note_skipped (state, element->name, id, line, local->message);
          frame->skipped = TRUE;
          return TRUE;
        }
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  frame->ctm = carom_affine_multiply (frame->ctm, transform);
  if (use)
    {
      frame->skipped = TRUE; /* its own children (title, desc) are not drawn */
      return carom_svg_use_read (state, element, frame, line, id, error);
    }

  if (kind == ELEMENT_SHAPE && role == NULL && frame->invisible)
    {
      note_skipped (state, element->name, id, line, _ ("hidden (visibility:hidden)"));
      frame->skipped = TRUE;
      return TRUE;
    }
  if (kind == ELEMENT_SHAPE)
    {
      frame->skipped = TRUE; /* what a shape holds (title, animate) is not geometry */
      guint first = state->scene->objects->len;
      /* A shape a <use> draws takes the <use>'s id (the first one), else a new name. */
      const char *object_id = state->use_depth > 0 ? state->instance_id : id;
      if (!carom_svg_reader_read_shape (state, element, object_id, line, role, frame->filled,
                                        frame->ctm, error))
        return FALSE;
      if (state->use_depth > 0 && state->scene->objects->len > first)
        state->instance_id = NULL;
      if (state->scene->objects->len > first && frame->cut != 0)
        carom_svg_reader_add_note (
            state->reinterpreted, element->name, id, line,
            frame->cut == CUT_CLIPPED
                ? _ ("drawn cut by a clip path (clip-path), traced whole: Carom does not clip")
            : frame->cut == CUT_MASKED
                ? _ ("drawn through a mask (mask), traced whole: Carom does not mask")
                : _ ("drawn cut by a clip path and a mask, traced whole: Carom does neither"));
      /* Carom's own flags for objects; anything but "true" is false. */
      gboolean hidden = known->hidden != NULL && strcmp (known->hidden, "true") == 0;
      gboolean locked = known->locked != NULL && strcmp (known->locked, "true") == 0;
      for (guint i = first; role != NULL && i < state->scene->objects->len; i++)
        {
          CmObject *object = g_ptr_array_index (state->scene->objects, i);
          object->hidden = hidden;
          object->locked = locked;
        }
      /* Where the author placed the name label: on the element's first object. */
      if (role != NULL && known->label_offset != NULL && state->scene->objects->len > first)
        {
          CgVec2 offset;
          if (!read_label_offset (known->label_offset, frame->ctm, &offset, error))
            return FALSE;
          CmObject *object = g_ptr_array_index (state->scene->objects, first);
          object->label_placed = TRUE;
          object->label_offset = offset;
        }
      return TRUE;
    }
  return TRUE;
}

/* What note_known() puts where. */
static void
note_known (Known *known, const CaromSvgAttribute *attribute)
{
  static const struct
  {
    const char *name;
    gboolean carom;
    gsize offset;
  } slots[] = {
    { "id", FALSE, G_STRUCT_OFFSET (Known, id) },
    { "style", FALSE, G_STRUCT_OFFSET (Known, style) },
    { "display", FALSE, G_STRUCT_OFFSET (Known, display) },
    { "fill", FALSE, G_STRUCT_OFFSET (Known, fill) },
    { "transform", FALSE, G_STRUCT_OFFSET (Known, transform) },
    { "class", FALSE, G_STRUCT_OFFSET (Known, class_list) },
    { "visibility", FALSE, G_STRUCT_OFFSET (Known, visibility) },
    { "clip-path", FALSE, G_STRUCT_OFFSET (Known, clip_path) },
    { "mask", FALSE, G_STRUCT_OFFSET (Known, mask) },
    { "role", TRUE, G_STRUCT_OFFSET (Known, role) },
    { "generated", TRUE, G_STRUCT_OFFSET (Known, generated) },
    { "hidden", TRUE, G_STRUCT_OFFSET (Known, hidden) },
    { "locked", TRUE, G_STRUCT_OFFSET (Known, locked) },
    { "label-offset", TRUE, G_STRUCT_OFFSET (Known, label_offset) },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (slots); i++)
    if (slots[i].carom == attribute->carom && slots[i].name[0] == attribute->name[0]
        && strcmp (slots[i].name, attribute->name) == 0)
      {
        G_STRUCT_MEMBER (const char *, known, slots[i].offset) = attribute->value;
        return;
      }
}

/* Gathers the element's attributes in no namespace and in Carom's, in one
 * pass over the node libxml2 built for it, without an allocation per
 * attribute, and notes those the reader asks every element for. The values
 * stay valid until the reader moves on. */
static gboolean
gather_attributes (ReadState *state, xmlNodePtr node, CaromSvgElement *element, Known *known,
                   const char **too_long)
{
  *known = (Known){ .id = NULL };
  state->attributes->len = 0; /* plain structs: emptying is forgetting */
  if (state->owned_values->len > 0)
    g_ptr_array_set_size (state->owned_values, 0);
  *too_long = NULL;

  for (xmlAttrPtr attr = node->properties; attr != NULL; attr = attr->next)
    {
      gboolean carom = FALSE;
      if (attr->ns != NULL)
        {
          /* Most elements use the root's declaration: compare its address first. */
          carom = attr->ns == state->carom_ns
                  || (attr->ns->href != NULL
                      && strcmp ((const char *)attr->ns->href, CAROM_SCENE_NAMESPACE) == 0);
          if (!carom) /* xml:, inkscape:, ... */
            continue;
          state->carom_ns = attr->ns;
        }
      CaromSvgAttribute attribute = { (const char *)attr->name, carom, NULL };
      xmlNodePtr text = attr->children;
      if (text == NULL)
        attribute.value = "";
      else if (text->type == XML_TEXT_NODE && text->next == NULL)
        attribute.value = (const char *)text->content; /* the common case: one text node */
      else
        {
          char *joined = (char *)xmlNodeListGetString (node->doc, text, 1);
          g_ptr_array_add (state->owned_values, joined);
          attribute.value = joined != NULL ? joined : "";
        }
      if (strlen (attribute.value) > CAROM_SVG_MAX_ATTRIBUTE_LENGTH)
        {
          *too_long = attribute.name;
          continue;
        }
      g_array_append_val (state->attributes, attribute);
      note_known (known, &attribute);
    }
  element->attributes = (const CaromSvgAttribute *)state->attributes->data;
  element->n_attributes = state->attributes->len;
  return *too_long == NULL;
}

/* What Save writes back for an element: a slot for one that became objects,
 * else its start tag as it is (nothing inside dropped content). */
static void
keep_element (ReadState *state, xmlNodePtr node, guint depth, gboolean empty, guint first,
              Frame *frame)
{
  if (frame->dropped)
    {
      /* Its indentation goes with it, so that writing it again and reading it
       * back gives the same text. */
      if (!current_frame (state).dropped)
        {
          carom_svg_source_trim_whitespace (state->source);
          carom_svg_source_drop_element (state->source);
        }
      return;
    }
  GPtrArray *objects = state->scene->objects;
  if (objects->len == first)
    {
      carom_svg_source_start_element (state->source, node, depth, empty);
      return;
    }
  static const struct
  {
    const char *name;
    CaromSvgKeepShape shape;
  } shapes[] = {
    { "polygon", CAROM_SVG_KEEP_POLYGON }, { "polyline", CAROM_SVG_KEEP_POLYLINE },
    { "rect", CAROM_SVG_KEEP_RECT },       { "circle", CAROM_SVG_KEEP_CIRCLE },
    { "ellipse", CAROM_SVG_KEEP_ELLIPSE }, { "line", CAROM_SVG_KEEP_LINE },
    { "path", CAROM_SVG_KEEP_PATH },
  };
  CaromSvgKeepShape shape = CAROM_SVG_KEEP_USE;
  for (gsize i = 0; i < G_N_ELEMENTS (shapes); i++)
    if (strcmp ((const char *)node->name, shapes[i].name) == 0)
      shape = shapes[i].shape;
  guint32 origin
      = carom_svg_source_begin_slot (state->source, node, depth, empty, shape, frame->ctm,
                                     state->scene, first, objects->len - first);
  for (guint i = first; i < objects->len; i++)
    ((CmObject *)g_ptr_array_index (objects, i))->origin = origin;
  if (empty)
    carom_svg_source_end_slot (state->source, origin);
  frame->origin = origin;
}

/* What Save writes back for an end tag. */
static void
keep_end_element (ReadState *state)
{
  if (state->frames->len == 0)
    return;
  const Frame *frame = &g_array_index (state->frames, Frame, state->frames->len - 1);
  if (frame->dropped)
    return;
  if (frame->origin != 0)
    carom_svg_source_end_slot (state->source, frame->origin);
  else
    carom_svg_source_end_element (state->source, state->reader, state->frames->len - 1);
}

/* What selectors see of an open element: its name, id and class (nothing
 * for content that is not read). */
static void
push_css_element (ReadState *state, xmlNodePtr node, gboolean read)
{
  CaromCssElement e = { NULL, NULL, NULL };
  if (read)
    {
      e.name = g_strdup ((const char *)node->name);
      xmlChar *id = xmlGetNoNsProp (node, BAD_CAST "id");
      xmlChar *class_list = xmlGetNoNsProp (node, BAD_CAST "class");
      e.id = g_strdup ((const char *)id);
      e.class_list = g_strdup ((const char *)class_list);
      xmlFree (id);
      xmlFree (class_list);
    }
  g_array_append_val (state->css_path, e);
}

void
carom_svg_reader_push_css (ReadState *state, const char *name, const char *id,
                           const char *class_list)
{
  CaromCssElement e = { g_strdup (name), g_strdup (id), g_strdup (class_list) };
  g_array_append_val (state->css_path, e);
}

static void pop_css_element (ReadState *state);

void
carom_svg_reader_pop_frame (ReadState *state)
{
  if (state->frames->len == 0)
    return;
  g_array_set_size (state->frames, state->frames->len - 1);
  pop_css_element (state);
}

static void
pop_css_element (ReadState *state)
{
  if (state->css_path->len == 0)
    return;
  CaromCssElement *e = &g_array_index (state->css_path, CaromCssElement, state->css_path->len - 1);
  g_free ((char *)e->name);
  g_free ((char *)e->id);
  g_free ((char *)e->class_list);
  g_array_set_size (state->css_path, state->css_path->len - 1);
}

/* A <style> element (CSS, the default type) starts: its text is collected. */
static void
begin_style (ReadState *state)
{
  xmlChar *type = xmlTextReaderGetAttribute (state->reader, BAD_CAST "type");
  if (type == NULL || g_ascii_strcasecmp ((const char *)type, "text/css") == 0)
    {
      state->style_depth = state->frames->len;
      g_string_truncate (state->style_text, 0);
    }
  xmlFree (type);
}

/* One start tag: checks the limits, decides what the element is, reads it,
 * and pushes the frame its children will see. */
gboolean
carom_svg_reader_start_element (ReadState *state, GError **error)
{
  xmlTextReaderPtr reader = state->reader;
  xmlNodePtr node = xmlTextReaderCurrentNode (reader);
  if (node == NULL || node->type != XML_ELEMENT_NODE)
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_NOT_XML,
                           _ ("The XML reader lost its place"));
      return FALSE;
    }
  const char *name = (const char *)node->name;
  const char *ns = node->ns != NULL ? (const char *)node->ns->href : NULL;
  gboolean empty = xmlTextReaderIsEmptyElement (reader) == 1;
  int line = node->line > 0 && node->line < G_MAXUINT16 ? node->line
                                                        : xmlTextReaderGetParserLineNumber (reader);
  Frame frame = current_frame (state);
  /* The document's own elements, in order (not those a <use> draws again). */
  if (state->use_depth == 0)
    carom_svg_source_next_element (state->source);

  if (++state->n_elements > CAROM_SVG_MAX_ELEMENTS)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                   _ ("More than %d elements (the limit for one file) at line %d"),
                   CAROM_SVG_MAX_ELEMENTS, line);
      return FALSE;
    }
  if (state->frames->len >= CAROM_SVG_MAX_DEPTH)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                   _ ("Elements are nested deeper than %d levels (the limit) at line %d"),
                   CAROM_SVG_MAX_DEPTH, line);
      return FALSE;
    }

  gboolean root = !state->seen_root;
  if (root)
    {
      /* No attribute is read before the DTD is known to declare no entities. */
      if (!carom_svg_reader_check_dtd (
              node != NULL && node->doc != NULL ? node->doc->intSubset : NULL, error)
          || !check_root (name, ns, error))
        return FALSE;
      state->seen_root = TRUE;
      state->root_has_namespace = ns != NULL;
    }

  gboolean svg_element;
  if (!state->root_has_namespace)
    svg_element = ns == NULL;
  else
    {
      /* Most elements use the root's declaration: compare its address first. */
      svg_element = node->ns != NULL
                    && (node->ns == state->svg_ns
                        || strcmp ((const char *)node->ns->href, CAROM_SVG_NAMESPACE) == 0);
      if (svg_element)
        state->svg_ns = node->ns;
    }
  ElementKind kind = classify_element (name);
  guint first = state->scene->objects->len;
  guint depth = state->frames->len;
  carom_svg_use_start_element (state, node, depth, empty, svg_element);
  if (state->use_depth > 0 && depth == state->use_base && strcmp (name, "symbol") == 0)
    kind = ELEMENT_GROUP; /* a symbol a <use> draws is drawn as a group */
  gboolean frame_was_skipped = frame.skipped;
  frame.origin = 0;
  if (frame.skipped || !svg_element || kind == ELEMENT_SILENT)
    frame.skipped = TRUE;
  else
    {
      CaromSvgElement element = { .name = name };
      const char *too_long = NULL;
      g_autoptr (GError) local = NULL;
      Known known;
      gboolean gathered = gather_attributes (state, node, &element, &known, &too_long);
      const char *id = known.id;
      if (id != NULL && id[0] == '\0')
        id = NULL;
      if (!gathered)
        g_set_error (&local, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                     _ ("attribute “%s” is longer than %d bytes (the limit for one attribute)"),
                     too_long, CAROM_SVG_MAX_ATTRIBUTE_LENGTH);
      if (!gathered
          || !read_element (state, &element, &known, kind, root, line, id, &frame, &local))
        {
          g_autofree char *where = describe_element (name, id, line);
          g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s: ", where);
          return FALSE;
        }
    }

  if (state->use_depth == 0)
    keep_element (state, node, depth, empty, first, &frame);
  if (!empty)
    {
      g_array_append_val (state->frames, frame);
      push_css_element (state, node, svg_element && !frame_was_skipped);
    }
  if (svg_element && strcmp (name, "style") == 0 && !empty && !frame.dropped
      && state->use_depth == 0)
    begin_style (state);
  return TRUE;
}

/* Walks the document, node by node. */
static gboolean
read_document (ReadState *state, GError **error)
{
  int status;
  while ((status = xmlTextReaderRead (state->reader)) == 1 && state->xml_error == NULL)
    {
      switch (xmlTextReaderNodeType (state->reader))
        {
        case XML_READER_TYPE_DOCUMENT_TYPE:
          if (!carom_svg_reader_check_dtd ((xmlDtdPtr)xmlTextReaderCurrentNode (state->reader),
                                           error))
            return FALSE;
          carom_svg_source_add_doctype (state->source,
                                        (xmlDtdPtr)xmlTextReaderCurrentNode (state->reader));
          break;
        case XML_READER_TYPE_ENTITY_REFERENCE:
        case XML_READER_TYPE_ENTITY:
          g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_HOSTILE,
                       _ ("An entity reference at line %d; Carom does not read entities"),
                       xmlTextReaderGetParserLineNumber (state->reader));
          return FALSE;
        case XML_READER_TYPE_ELEMENT:
          if (!carom_svg_reader_start_element (state, error))
            return FALSE;
          break;
        case XML_READER_TYPE_END_ELEMENT:
          keep_end_element (state);
          if (state->style_depth != 0 && state->style_depth == state->frames->len)
            {
              if (state->sheet == NULL)
                state->sheet = carom_svg_sheet_new ();
              carom_svg_sheet_parse (state->sheet, state->style_text->str);
              state->style_depth = 0;
            }
          if (state->frames->len > 0)
            carom_svg_use_end_element (state, state->frames->len - 1);
          carom_svg_reader_pop_frame (state);
          break;
        case XML_READER_TYPE_TEXT:
        case XML_READER_TYPE_CDATA:
          if (state->style_depth != 0 && state->style_text->len < CAROM_SVG_MAX_ATTRIBUTE_LENGTH)
            {
              const char *text = (const char *)xmlTextReaderConstValue (state->reader);
              g_string_append (state->style_text, text != NULL ? text : "");
            }
          carom_svg_use_node (state);
          if (!current_frame (state).dropped)
            carom_svg_source_add_node (state->source, state->reader);
          break;
        default:
          carom_svg_use_node (state);
          if (!current_frame (state).dropped)
            carom_svg_source_add_node (state->source, state->reader);
          break;
        }
    }

  if (state->xml_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&state->xml_error));
      return FALSE;
    }
  if (status < 0 || !state->seen_root)
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_NOT_XML,
                           _ ("Not well-formed XML"));
      return FALSE;
    }
  return TRUE;
}

/* Reads a scene from input: the one path for files and buffers. */
static CmScene *
read_input (CaromSvgInput *input, const CaromSvgReadOptions *options, GPtrArray **summary,
            GError **error)
{
  double tolerance = options != NULL ? options->flatten_tolerance : 0.0;
  g_autoptr (CmScene) scene = cm_scene_new ();
  g_autoptr (GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GArray) frames = g_array_new (FALSE, FALSE, sizeof (Frame));
  g_autoptr (GPtrArray) skips = g_ptr_array_new_with_free_func ((GDestroyNotify)note_group_free);
  g_autoptr (GPtrArray) partial = g_ptr_array_new_with_free_func ((GDestroyNotify)note_group_free);
  g_autoptr (GPtrArray) reinterpreted
      = g_ptr_array_new_with_free_func ((GDestroyNotify)note_group_free);
  g_autoptr (GArray) attributes = g_array_new (FALSE, FALSE, sizeof (CaromSvgAttribute));
  g_autoptr (GPtrArray) owned_values = g_ptr_array_new_with_free_func (xmlFree);
  g_autoptr (GByteArray) auto_named = g_byte_array_new ();
  ReadState state = {
    .tolerance
    = isfinite (tolerance) && tolerance > 0.0 ? tolerance : CAROM_SVG_DEFAULT_FLATTEN_TOLERANCE,
    .scene = scene,
    .ids = ids,
    .frames = frames,
    .skips = skips,
    .partial = partial,
    .reinterpreted = reinterpreted,
    .attributes = attributes,
    .owned_values = owned_values,
    .auto_named = auto_named,
  };
  state.input = input;
  carom_svg_shape_init (&state.shape);
  CmSceneSource *source = carom_svg_source_new ();
  state.source = source;
  state.css_path = g_array_new (FALSE, FALSE, sizeof (CaromCssElement));
  state.style_text = g_string_new (NULL);
  carom_svg_use_init (&state);

  /* libxml2's hooks are process-wide: set them for this read only, one read
   * at a time whatever the thread (carom-svg-xml-lock.h). */
  carom_svg_xml_lock ();
  xmlInitParser ();
  xmlExternalEntityLoader saved_loader = xmlGetExternalEntityLoader ();
  xmlGenericErrorFunc saved_generic = xmlGenericError;
  void *saved_generic_data = xmlGenericErrorContext;
  xmlStructuredErrorFunc saved_structured = xmlStructuredError;
  void *saved_structured_data = xmlStructuredErrorContext;
  xmlSetExternalEntityLoader (carom_svg_reader_deny_external_entity);
  xmlSetGenericErrorFunc (NULL, carom_svg_reader_ignore_generic_error);
  xmlSetStructuredErrorFunc (&state, carom_svg_reader_on_xml_error);

  gboolean ok = FALSE;
  g_autoptr (GError) local = NULL;
  state.reader = xmlReaderForIO (carom_svg_input_read, NULL, input, NULL, NULL, READER_OPTIONS);
  if (state.reader == NULL)
    {
      if (!carom_svg_input_failed (input, &local))
        g_set_error_literal (&local, CAROM_SVG_ERROR, CAROM_SVG_ERROR_NOT_XML,
                             _ ("The document cannot be parsed as XML"));
    }
  else
    {
      xmlTextReaderSetStructuredErrorHandler (state.reader, carom_svg_reader_on_xml_error, &state);
      ok = read_document (&state, &local);
      xmlFreeTextReader (state.reader);
    }

  xmlSetStructuredErrorFunc (saved_structured_data, saved_structured);
  xmlSetGenericErrorFunc (saved_generic_data, saved_generic);
  xmlSetExternalEntityLoader (saved_loader);
  carom_svg_xml_unlock ();
  g_clear_error (&state.xml_error);
  carom_svg_shape_clear (&state.shape);
  while (state.css_path->len > 0)
    pop_css_element (&state);
  g_array_unref (state.css_path);
  g_string_free (state.style_text, TRUE);
  carom_svg_sheet_free (state.sheet);
  carom_svg_use_clear (&state);

  /* When the input cut the stream (an entity declaration, the size limit, a
   * read error), libxml2 saw only an early end: the input's reason wins. */
  GError *cut = NULL;
  if (carom_svg_input_failed (input, &cut))
    {
      g_clear_error (&local);
      local = cut;
      ok = FALSE;
    }
  if (!ok)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      g_free (state.page_note);
      carom_svg_source_free (source);
      return NULL;
    }

  carom_svg_reader_auto_name_fix (&state);
  if (carom_svg_source_finish (source, scene))
    {
      const char *path, *data;
      guint64 size, hash;
      carom_svg_input_origin (input, &path, &data, &size, &hash);
      carom_svg_source_set_origin (source, path, data, size, hash);
      cm_scene_set_source (scene, source, (GDestroyNotify)carom_svg_source_free);
    }
  else
    carom_svg_source_free (source);
  if (summary != NULL)
    *summary = build_summary (&state);
  g_free (state.page_note);
  return g_steal_pointer (&scene);
}

CmScene *
carom_svg_read_memory (const char *data, gsize length, const CaromSvgReadOptions *options,
                       GPtrArray **summary, GError **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (summary != NULL)
    *summary = NULL;
  if (length == 0)
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_NOT_XML,
                           _ ("The document is empty"));
      return NULL;
    }
  g_autoptr (CaromSvgInput) input = carom_svg_input_new_for_memory (data, length, error);
  if (input == NULL)
    return NULL;
  return read_input (input, options, summary, error);
}

CmScene *
carom_svg_read_file (const char *path, const CaromSvgReadOptions *options, GPtrArray **summary,
                     GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (summary != NULL)
    *summary = NULL;
  g_autoptr (CaromSvgInput) input = carom_svg_input_new_for_file (path, error);
  if (input == NULL)
    return NULL;
  return read_input (input, options, summary, error);
}
