/* carom-svg-writer.c: writes a scene in Carom's native SVG (scene-format.md):
 * one element per object in document order, polygons in their stored
 * (oriented) vertex order, numbers in the fewest digits that read back
 * exactly, and enough presentation for any SVG viewer to show the scene. */
#include "io/carom-svg-private.h"

#include <glib/gi18n-lib.h>

/* Room around the objects in the viewBox, as a fraction of the larger side. */
#define VIEW_PADDING 0.05
/* Stroke width as a fraction of the larger side, rounded to 1, 2 or 5 × 10^k. */
#define STROKE_FRACTION 0.004

/* Presentation, in the GNOME palette: walls dark outlines, obstacles grey, balls red. */
#define WALL_STYLE "fill=\"none\" stroke=\"#241f31\""
#define OBSTACLE_STYLE "fill=\"#9a9996\" stroke=\"#241f31\""
#define BALL_STYLE "fill=\"#e01b24\" fill-opacity=\"0.5\""

static void
append_number (GString *out, double v)
{
  char buf[CAROM_SVG_NUMBER_BUF];
  g_string_append (out, carom_svg_format_number (buf, v));
}

/* text as the value of a double-quoted XML attribute. Whitespace other than
 * a space is written as a character reference so that attribute
 * normalisation keeps it; control characters XML cannot hold become U+FFFD. */
static void
append_attribute_text (GString *out, const char *text)
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

/* The box around every object, balls included. */
static CgAabb
scene_bounds (const CaromScene *scene)
{
  CgAabb box = cg_aabb_empty ();
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CaromObject *object = g_ptr_array_index (scene->objects, i);
      if (object->kind == CAROM_OBJECT_BALL)
        {
          CgVec2 r = { object->radius, object->radius };
          box = cg_aabb_add_point (box, cg_sub (object->center, r));
          box = cg_aabb_add_point (box, cg_add (object->center, r));
        }
      else
        for (size_t k = 0; k < object->n_points; k++)
          box = cg_aabb_add_point (box, object->points[k]);
    }
  return box;
}

/* x rounded to 1, 2 or 5 times a power of ten, for tidy stroke widths. */
static double
round_tidy (double x)
{
  double power = pow (10.0, floor (log10 (x)));
  double mantissa = x / power;
  return power * (mantissa < 1.5 ? 1.0 : mantissa < 3.5 ? 2.0 : mantissa < 7.5 ? 5.0 : 10.0);
}

static void
append_polygon (GString *out, const CaromObject *object, double stroke_width)
{
  g_string_append_printf (out, "  <polygon carom:role=\"%s\"", carom_object_role_name (object));
  if (object->id != NULL)
    {
      g_string_append (out, " id=\"");
      append_attribute_text (out, object->id);
      g_string_append_c (out, '"');
    }
  g_string_append (out, " points=\"");
  for (size_t k = 0; k < object->n_points; k++)
    {
      if (k > 0)
        g_string_append_c (out, ' ');
      append_number (out, object->points[k].x);
      g_string_append_c (out, ',');
      append_number (out, object->points[k].y);
    }
  g_string_append_printf (out, "\" %s stroke-width=\"",
                          object->role == CG_ROLE_WALL ? WALL_STYLE : OBSTACLE_STYLE);
  append_number (out, stroke_width);
  g_string_append (out, "\"/>\n");
}

static void
append_ball (GString *out, const CaromObject *object)
{
  g_string_append (out, "  <circle carom:role=\"ball\"");
  if (object->id != NULL)
    {
      g_string_append (out, " id=\"");
      append_attribute_text (out, object->id);
      g_string_append_c (out, '"');
    }
  g_string_append (out, " cx=\"");
  append_number (out, object->center.x);
  g_string_append (out, "\" cy=\"");
  append_number (out, object->center.y);
  g_string_append (out, "\" r=\"");
  append_number (out, object->radius);
  g_string_append (out, "\" carom:direction=\"");
  append_number (out, object->direction.x);
  g_string_append_c (out, ' ');
  append_number (out, object->direction.y);
  g_string_append_printf (out, "\" carom:max-bounces=\"%u\" %s/>\n", object->max_bounces,
                          BALL_STYLE);
}

char *
carom_svg_write_string (const CaromScene *scene, gsize *length)
{
  g_return_val_if_fail (scene != NULL, NULL);

  CgAabb box = scene_bounds (scene);
  if (cg_aabb_is_empty (box))
    box = (CgAabb){ { 0.0, 0.0 }, { 100.0, 100.0 } };
  double side = fmax (box.hi.x - box.lo.x, box.hi.y - box.lo.y);
  if (!(side > 0.0))
    side = 1.0;
  box = cg_aabb_pad (box, VIEW_PADDING * side);
  double stroke_width = round_tidy (STROKE_FRACTION * side);

  GString *out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  g_string_append (out, "<svg xmlns=\"" CAROM_SVG_NAMESPACE
                        "\" xmlns:carom=\"" CAROM_SCENE_NAMESPACE "\" viewBox=\"");
  const double view_box[] = { box.lo.x, box.lo.y, box.hi.x - box.lo.x, box.hi.y - box.lo.y };
  for (gsize i = 0; i < G_N_ELEMENTS (view_box); i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      append_number (out, view_box[i]);
    }
  g_string_append (out, "\">\n");

  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CaromObject *object = g_ptr_array_index (scene->objects, i);
      if (object->kind == CAROM_OBJECT_BALL)
        append_ball (out, object);
      else
        append_polygon (out, object, stroke_width);
    }
  g_string_append (out, "</svg>\n");

  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

gboolean
carom_svg_write_file (const CaromScene *scene, const char *path, GError **error)
{
  g_return_val_if_fail (scene != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  gsize length = 0;
  g_autofree char *text = carom_svg_write_string (scene, &length);
  g_autoptr (GError) local = NULL;
  /* CONSISTENT: a temporary file renamed over the old one, so a reader sees
   * either the old scene or the new one, never half of it. */
  if (g_file_set_contents_full (path, text, (gssize)length, G_FILE_SET_CONTENTS_CONSISTENT, 0666,
                                &local))
    return TRUE;
  g_autofree char *display = g_filename_display_name (path);
  g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_WRITE, _ ("Cannot write “%s”: %s"), display,
               local->message);
  return FALSE;
}
