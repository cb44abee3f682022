/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-writer.c: writes a scene in Carom's native SVG (scene-format.md):
 * one element per object in document order, polygons in their stored
 * (oriented) vertex order, numbers in the fewest digits that read back
 * exactly, enough presentation for any SVG viewer to show the scene, and
 * what the renderer draws for the diagram in a group marked
 * carom:generated="true", which the reader skips. */
#include "io/carom-svg-keep.h"

#include <float.h>
#include <glib/gi18n-lib.h>
#include <libxml/xmlreader.h>
#include <string.h>

/* Room around the objects in the viewBox, as a fraction of the larger side. */
#define VIEW_PADDING 0.05
/* Stroke width as a fraction of the larger side, rounded to 1, 2 or 5 × 10^k. */
#define STROKE_FRACTION 0.004

/* Presentation, in the GNOME palette: walls dark outlines, obstacles grey, balls red,
 * beams orange (a fan's circle filled, a parallel beam's line as wide as its balls). */
#define WALL_STYLE "fill=\"none\" stroke=\"#241f31\""
#define OBSTACLE_STYLE "fill=\"#9a9996\" stroke=\"#241f31\""
#define BALL_STYLE "fill=\"#e01b24\" fill-opacity=\"0.5\""
#define FAN_STYLE "fill=\"#ff7800\" fill-opacity=\"0.5\""
#define PARALLEL_STYLE "stroke=\"#ff7800\" stroke-opacity=\"0.5\" stroke-linecap=\"round\""

void
carom_svg_append_number (GString *out, double v)
{
  char buf[CAROM_SVG_NUMBER_BUF];
  g_string_append (out, carom_svg_format_number (buf, v));
}

/* text as the value of a double-quoted XML attribute. Whitespace other than
 * a space is written as a character reference so that attribute
 * normalisation keeps it; control characters XML cannot hold become U+FFFD. */
void
carom_svg_append_attribute_text (GString *out, const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  for (const char *p = valid; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '&':
          g_string_append (out, "&amp;");
          break;
        case '<':
          g_string_append (out, "&lt;");
          break;
        case '>':
          g_string_append (out, "&gt;");
          break;
        case '"':
          g_string_append (out, "&quot;");
          break;
        case '\t':
          g_string_append (out, "&#9;");
          break;
        case '\n':
          g_string_append (out, "&#10;");
          break;
        case '\r':
          g_string_append (out, "&#13;");
          break;
        default:
          if ((guchar)*p < 0x20)
            g_string_append (out, "\xEF\xBF\xBD");
          else
            g_string_append_c (out, *p);
        }
    }
}

/* x rounded to 1, 2 or 5 times a power of ten, for tidy stroke widths. */
static double
round_tidy (double x)
{
  double power = pow (10.0, floor (log10 (x)));
  double mantissa = x / power;
  return power * (mantissa < 1.5 ? 1.0 : mantissa < 3.5 ? 2.0 : mantissa < 7.5 ? 5.0 : 10.0);
}

/* The viewBox around the objects with some room (finite, with a width and
 * height > 0 even for a scene at the edge of the doubles, so that the file
 * always reads back) and a stroke width to match; returns the stroke width. */
static double
view_box_for (const CmScene *scene, double view_box[4])
{
  CgAabb box = cm_scene_get_bounds (scene);
  if (cg_aabb_is_empty (box))
    box = (CgAabb){ { 0.0, 0.0 }, { 100.0, 100.0 } };
  double side = fmin (fmax (box.hi.x - box.lo.x, box.hi.y - box.lo.y), DBL_MAX);
  if (!(side > 0.0))
    side = 1.0;
  box = cg_aabb_pad (box, VIEW_PADDING * side);
  double lo[2] = { box.lo.x, box.lo.y }, hi[2] = { box.hi.x, box.hi.y };
  for (int k = 0; k < 2; k++)
    {
      lo[k] = fmax (lo[k], -DBL_MAX);
      hi[k] = fmin (hi[k], DBL_MAX);
      double extent = fmin (hi[k] - lo[k], DBL_MAX);
      if (!(extent > 0.0)) /* the padding was lost to rounding, far from the origin */
        extent = fmax (fabs (lo[k]), 1.0) * 1e-9;
      view_box[k] = lo[k];
      view_box[2 + k] = extent;
    }
  double stroke_width = round_tidy (STROKE_FRACTION * side);
  return isfinite (stroke_width) && stroke_width > 0.0 ? stroke_width : 1.0;
}

/* Carom's flags, when set. */
static void
append_flags (GString *out, const CmObject *object)
{
  if (object->hidden)
    g_string_append (out, " carom:hidden=\"true\" visibility=\"hidden\"");
  if (object->locked)
    g_string_append (out, " carom:locked=\"true\"");
  if (object->kind == CM_OBJECT_POLYGON && object->role == CG_ROLE_OBSTACLE
      && object->on_hit == CG_ON_HIT_REFLECT)
    g_string_append (out, " carom:on-hit=\"reflect\"");
  if (object->label_placed)
    carom_svg_append_label_offset (out, object->label_offset);
}

void
carom_svg_append_label_offset (GString *out, CgVec2 offset)
{
  g_string_append (out, " carom:label-offset=\"");
  carom_svg_append_number (out, offset.x);
  g_string_append_c (out, ' ');
  carom_svg_append_number (out, offset.y);
  g_string_append_c (out, '"');
}

static void
append_id (GString *out, const CmObject *object)
{
  if (object->id != NULL)
    {
      g_string_append (out, " id=\"");
      carom_svg_append_attribute_text (out, object->id);
      g_string_append_c (out, '"');
    }
}

void
carom_svg_append_number_attribute (GString *out, const char *name, double v)
{
  g_string_append_printf (out, " %s=\"", name);
  carom_svg_append_number (out, v);
  g_string_append_c (out, '"');
}

void
carom_svg_append_beam_settings (GString *out, const CmObject *beam, CgVec2 direction, double radius)
{
  if (beam->beam_shape == CAROM_BEAM_PARALLEL)
    carom_svg_append_number_attribute (out, "carom:radius", radius);
  g_string_append (out, " carom:direction=\"");
  carom_svg_append_number (out, direction.x);
  g_string_append_c (out, ' ');
  carom_svg_append_number (out, direction.y);
  g_string_append_c (out, '"');
  if (beam->beam_shape == CAROM_BEAM_FAN)
    carom_svg_append_number_attribute (out, "carom:spread", beam->spread);
  g_string_append_printf (out, " carom:count=\"%u\" carom:max-bounces=\"%u\"", beam->count,
                          beam->max_bounces);
}

/* A fan as a <circle>, a parallel beam as a <line>. */
static void
append_beam (GString *out, const CmObject *object, gboolean styled)
{
  gboolean fan = object->beam_shape == CAROM_BEAM_FAN;
  g_string_append_printf (out, "<%s carom:role=\"beam\"", fan ? "circle" : "line");
  append_id (out, object);
  append_flags (out, object);
  if (fan)
    {
      carom_svg_append_number_attribute (out, "cx", object->center.x);
      carom_svg_append_number_attribute (out, "cy", object->center.y);
      carom_svg_append_number_attribute (out, "r", object->radius);
    }
  else
    {
      carom_svg_append_number_attribute (out, "x1", object->center.x);
      carom_svg_append_number_attribute (out, "y1", object->center.y);
      carom_svg_append_number_attribute (out, "x2", object->beam_end.x);
      carom_svg_append_number_attribute (out, "y2", object->beam_end.y);
    }
  carom_svg_append_beam_settings (out, object, object->direction, object->radius);
  if (styled && fan)
    g_string_append (out, " " FAN_STYLE);
  else if (styled)
    {
      g_string_append (out, " " PARALLEL_STYLE);
      carom_svg_append_number_attribute (out, "stroke-width", 2.0 * object->radius);
    }
  g_string_append (out, "/>");
}

gboolean
carom_svg_is_whole_circle (const CmObject *object)
{
  return object->kind == CM_OBJECT_POLYGON && object->edges != NULL && object->n_points == 1
         && object->edges[0].sweep != 0.0;
}

static void
append_point (GString *out, CgVec2 p)
{
  carom_svg_append_number (out, p.x);
  g_string_append_c (out, ',');
  carom_svg_append_number (out, p.y);
}

/* An arc command to `to` on a circle of radius R turning by sweep (in the
 * coordinates written: sweep > 0 is SVG's sweep-flag 1). */
static void
append_arc (GString *out, double R, double sweep, CgVec2 to)
{
  g_string_append (out, " A ");
  carom_svg_append_number (out, R);
  g_string_append_c (out, ',');
  carom_svg_append_number (out, R);
  g_string_append_printf (out, " 0 %d,%d ", fabs (sweep) > G_PI ? 1 : 0, sweep > 0.0 ? 1 : 0);
  append_point (out, to);
}

void
carom_svg_append_path_data_mapped (GString *out, const CmObject *object, const CaromAffine *m)
{
  CaromAffine map = m != NULL ? *m : carom_affine_identity ();
  double det = map.a * map.d - map.b * map.c;
  double scale = sqrt (fabs (det));
  gboolean flip = det < 0.0;
  const CgVec2 *v = object->points;
  const CgCurveEdge *e = object->edges;
  size_t n = object->n_points;
  g_string_append (out, "M ");
  append_point (out, carom_affine_apply (map, v[0]));
  if (carom_svg_is_whole_circle (object))
    {
      /* Two half turns: an arc whose ends meet draws nothing in SVG. */
      double sweep = flip ? -e[0].sweep : e[0].sweep;
      CgVec2 opposite = cg_sub (cg_scale (e[0].q, 2.0), v[0]);
      append_arc (out, e[0].R * scale, 0.5 * sweep, carom_affine_apply (map, opposite));
      append_arc (out, e[0].R * scale, 0.5 * sweep, carom_affine_apply (map, v[0]));
      g_string_append (out, " Z");
      return;
    }
  for (size_t i = 0; i < n; i++)
    {
      CgVec2 to = carom_affine_apply (map, v[(i + 1) % n]);
      if (e != NULL && e[i].sweep != 0.0)
        append_arc (out, e[i].R * scale, flip ? -e[i].sweep : e[i].sweep, to);
      else if (i + 1 < n)
        {
          g_string_append (out, " L ");
          append_point (out, to);
        }
    }
  g_string_append (out, " Z");
}

void
carom_svg_append_path_data (GString *out, const CmObject *object)
{
  carom_svg_append_path_data_mapped (out, object, NULL);
}

/* A polygon with straight edges as a <polygon>; a whole circle as a
 * <circle>; a boundary with arcs as a <path> with A commands. */
static void
append_polygon (GString *out, const CmObject *object, const char *stroke_width)
{
  gboolean curved = cm_object_is_curved (object);
  gboolean circle = curved && carom_svg_is_whole_circle (object);
  g_string_append_printf (out, "<%s carom:role=\"%s\"",
                          circle   ? "circle"
                          : curved ? "path"
                                   : "polygon",
                          cm_object_role_name (object));
  append_id (out, object);
  append_flags (out, object);
  if (circle)
    {
      carom_svg_append_number_attribute (out, "cx", object->edges[0].q.x);
      carom_svg_append_number_attribute (out, "cy", object->edges[0].q.y);
      carom_svg_append_number_attribute (out, "r", object->edges[0].R);
    }
  else if (curved)
    {
      g_string_append (out, " d=\"");
      carom_svg_append_path_data (out, object);
      g_string_append_c (out, '"');
    }
  else
    {
      g_string_append (out, " points=\"");
      for (size_t k = 0; k < object->n_points; k++)
        {
          if (k > 0)
            g_string_append_c (out, ' ');
          append_point (out, object->points[k]);
        }
      g_string_append_c (out, '"');
    }
  if (stroke_width != NULL)
    g_string_append_printf (out, " %s stroke-width=\"%s\"",
                            object->role == CG_ROLE_WALL ? WALL_STYLE : OBSTACLE_STYLE,
                            stroke_width);
  g_string_append (out, "/>");
}

static void
append_ball (GString *out, const CmObject *object, gboolean styled)
{
  g_string_append (out, "<circle carom:role=\"ball\"");
  append_id (out, object);
  append_flags (out, object);
  g_string_append (out, " cx=\"");
  carom_svg_append_number (out, object->center.x);
  g_string_append (out, "\" cy=\"");
  carom_svg_append_number (out, object->center.y);
  g_string_append (out, "\" r=\"");
  carom_svg_append_number (out, object->radius);
  g_string_append (out, "\" carom:direction=\"");
  carom_svg_append_number (out, object->direction.x);
  g_string_append_c (out, ' ');
  carom_svg_append_number (out, object->direction.y);
  g_string_append_printf (out, "\" carom:max-bounces=\"%u\"", object->max_bounces);
  if (styled)
    g_string_append (out, " " BALL_STYLE);
  g_string_append (out, "/>");
}

void
carom_svg_append_native_object (GString *out, const CmObject *object, const char *stroke_width)
{
  if (object->kind == CM_OBJECT_BALL)
    append_ball (out, object, stroke_width != NULL);
  else if (object->kind == CM_OBJECT_BEAM)
    append_beam (out, object, stroke_width != NULL);
  else
    append_polygon (out, object, stroke_width);
}

void
carom_svg_native_stroke_width (const CmScene *scene, char buf[CAROM_SVG_NUMBER_BUF])
{
  double view_box[4];
  carom_svg_format_number (buf, view_box_for (scene, view_box));
}

/* libxml2's complaints about a fragment: noted, never printed. Namespace
 * errors (an unbound prefix) let the parse go on, so they count here. */
static void
note_xml_error (void *data, xmlErrorPtr error)
{
  gboolean *failed = data;
  if (error != NULL && error->level >= XML_ERR_ERROR)
    *failed = TRUE;
}

/* True when fragment is well-formed XML content: elements and text, as the
 * inside of an element (in SVG's namespace, with carom: bound) may hold.
 * The same safe reader settings as the scene reader; no entities. */
static gboolean
check_fragment (const char *fragment, GError **error)
{
  g_autofree char *wrapped = g_strconcat ("<g xmlns=\"" CAROM_SVG_NAMESPACE
                                          "\" xmlns:carom=\"" CAROM_SCENE_NAMESPACE "\">",
                                          fragment, "</g>", NULL);
  xmlTextReaderPtr reader
      = xmlReaderForMemory (wrapped, (int)MIN (strlen (wrapped), (gsize)G_MAXINT), NULL, "UTF-8",
                            XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  gboolean failed = FALSE;
  if (reader != NULL)
    xmlTextReaderSetStructuredErrorHandler (reader, note_xml_error, &failed);
  int status = reader != NULL ? 1 : -1;
  gboolean entity = FALSE;
  while (status == 1 && (status = xmlTextReaderRead (reader)) == 1)
    {
      int type = xmlTextReaderNodeType (reader);
      entity = entity || type == XML_READER_TYPE_ENTITY_REFERENCE
               || type == XML_READER_TYPE_DOCUMENT_TYPE;
    }
  xmlFreeTextReader (reader);
  if (status == 0 && !failed && !entity && strlen (wrapped) <= G_MAXINT)
    return TRUE;
  g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_WRITE,
                       _ ("The generated drawing is not well-formed SVG content"));
  return FALSE;
}

/* The document; generated (NULL for none) goes in a group marked
 * carom:generated="true" after the objects, so that it draws on top. In
 * Carom's own form the viewBox grows to hold cover (scene units; empty:
 * nothing beyond the objects), where a figure's legend may lie. */
static char *
write_document (const CmScene *scene, const char *generated, CgAabb cover, gsize *length)
{
  /* A scene read from a file that held more than Carom makes: that file
   * again. One that held no more, but lost a generated drawing on reading,
   * is written as Carom writes it: writing stays stable from the first save. */
  /* The file's own bytes again, so that what did not change is written
   * byte for byte (NULL when it changed on disk or is gone: then the kept
   * text, or Carom's own form for a document of nothing else). */
  gsize raw_length = 0;
  g_autoptr (GBytes) raw = scene->source != NULL ? carom_svg_source_original (scene->source) : NULL;
  const char *raw_data = raw != NULL ? g_bytes_get_data (raw, &raw_length) : NULL;
  char *over = raw_data != NULL ? carom_svg_source_write_over (scene->source, scene, generated,
                                                               raw_data, raw_length, NULL)
                                : NULL;
  if (over != NULL || (scene->source != NULL && carom_svg_source_is_foreign (scene->source)))
    {
      gsize n = 0;
      char *text = over != NULL
                       ? over
                       : carom_svg_source_write_over (scene->source, scene, generated, NULL, 0, &n);
      if (over != NULL)
        n = strlen (over);
      char *grown = carom_svg_frame_grow (text, n, cover, &n);
      if (grown != NULL)
        {
          g_free (text);
          text = grown;
        }
      if (length != NULL)
        *length = n;
      return text;
    }
  double view_box[4];
  double stroke_width = view_box_for (scene, view_box);
  if (!cg_aabb_is_empty (cover) && cg_is_valid_vec2 (cover.lo) && cg_is_valid_vec2 (cover.hi))
    for (int k = 0; k < 2; k++)
      {
        double lo = fmin (view_box[k], k == 0 ? cover.lo.x : cover.lo.y);
        double hi = fmax (view_box[k] + view_box[2 + k], k == 0 ? cover.hi.x : cover.hi.y);
        if (isfinite (hi - lo))
          {
            view_box[k] = lo;
            view_box[2 + k] = hi - lo;
          }
      }
  GString *out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  g_string_append (out, "<svg xmlns=\"" CAROM_SVG_NAMESPACE
                        "\" xmlns:carom=\"" CAROM_SCENE_NAMESPACE "\" viewBox=\"");
  for (gsize i = 0; i < G_N_ELEMENTS (view_box); i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      carom_svg_append_number (out, view_box[i]);
    }
  g_string_append (out, "\">\n");

  char stroke[CAROM_SVG_NUMBER_BUF];
  carom_svg_format_number (stroke, stroke_width);
  for (guint i = 0; i < scene->objects->len; i++)
    {
      g_string_append (out, "  ");
      carom_svg_append_native_object (out, g_ptr_array_index (scene->objects, i), stroke);
      g_string_append_c (out, '\n');
    }
  if (generated != NULL)
    {
      g_string_append (out, "  <g carom:generated=\"true\" " CAROM_SVG_GENERATED_LAYER ">\n");
      g_string_append (out, generated);
      if (out->len > 0 && out->str[out->len - 1] != '\n')
        g_string_append_c (out, '\n');
      g_string_append (out, "  </g>\n");
    }
  g_string_append (out, "</svg>\n");

  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

char *
carom_svg_write_string (const CmScene *scene, gsize *length)
{
  g_return_val_if_fail (scene != NULL, NULL);
  return write_document (scene, NULL, cg_aabb_empty (), length);
}

char *
carom_svg_write_string_with_generated (const CmScene *scene, const char *generated_svg,
                                       gsize *length)
{
  g_return_val_if_fail (scene != NULL, NULL);
  if (generated_svg != NULL && !check_fragment (generated_svg, NULL))
    return NULL;
  return write_document (scene, generated_svg, cg_aabb_empty (), length);
}

gboolean
carom_svg_frame_can_grow (const CmScene *scene)
{
  g_return_val_if_fail (scene != NULL, FALSE);
  if (scene->source == NULL || !carom_svg_source_is_foreign (scene->source))
    return TRUE;
  gsize length;
  const char *text = carom_svg_source_text (scene->source, &length);
  return carom_svg_frame_growable (text, length);
}

/* A file is written only if the reader will take it back: no polygon over its vertex limit. */
static gboolean
check_readable (const CmScene *scene, GError **error)
{
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *object = g_ptr_array_index (scene->objects, i);
      if (object->kind == CM_OBJECT_POLYGON && object->n_points > CAROM_SVG_MAX_POLYGON_VERTICES)
        {
          g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                       _ ("“%s” has %zu vertices, more than %d (the limit for one "
                          "polygon): the file could not be opened again"),
                       object->id != NULL ? object->id : "", object->n_points,
                       CAROM_SVG_MAX_POLYGON_VERTICES);
          return FALSE;
        }
    }
  return TRUE;
}

/* CONSISTENT: a temporary file renamed over the old one, so a reader sees
 * either the old scene or the new one, never half of it. */
static gboolean
write_text (const char *path, const char *text, gsize length, GError **error)
{
  g_autoptr (GError) local = NULL;
  if (g_file_set_contents_full (path, text, (gssize)length, G_FILE_SET_CONTENTS_CONSISTENT, 0666,
                                &local))
    return TRUE;
  g_autofree char *display = g_filename_display_name (path);
  g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_WRITE, _ ("Cannot write “%s”: %s"), display,
               local->message);
  return FALSE;
}

gboolean
carom_svg_write_file (const CmScene *scene, const char *path, GError **error)
{
  return carom_svg_write_file_with_generated (scene, NULL, path, error);
}

gboolean
carom_svg_write_file_with_generated (const CmScene *scene, const char *generated_svg,
                                     const char *path, GError **error)
{
  return carom_svg_write_file_with_figure (scene, generated_svg, cg_aabb_empty (), path, error);
}

gboolean
carom_svg_write_file_with_figure (const CmScene *scene, const char *generated_svg, CgAabb cover,
                                  const char *path, GError **error)
{
  g_return_val_if_fail (scene != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if ((generated_svg != NULL && !check_fragment (generated_svg, error))
      || !check_readable (scene, error))
    return FALSE;
  gsize length = 0;
  g_autofree char *text = write_document (scene, generated_svg, cover, &length);
  if (length > CAROM_SVG_MAX_FILE_SIZE)
    {
      g_autofree char *size = g_format_size (length);
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                   _ ("The scene takes %s as SVG, more than %d MiB (the limit for a scene file): "
                      "it could not be opened again"),
                   size, CAROM_SVG_MAX_FILE_SIZE / (1024 * 1024));
      return FALSE;
    }
  return write_text (path, text, length, error);
}

GBytes *
carom_svg_scene_underlay (const CmScene *scene)
{
  g_return_val_if_fail (scene != NULL, NULL);
  return scene->source != NULL ? carom_svg_source_underlay (scene->source) : NULL;
}
