/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-shapes.c: SVG shape elements as contours in their own user
 * units: polygon, polyline, rect (rounded corners exact when rx = ry and
 * the shape is exact, else flattened), circle and ellipse (an exact circle
 * likewise, else flattened), line, and path (carom-svg-path.c). Transforms, roles
 * and validation are the reader's business. */
#include "io/carom-svg-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* ---- the shape container -------------------------------------------------- */

void
carom_svg_shape_init (CaromSvgShape *shape)
{
  shape->points = g_array_new (FALSE, FALSE, sizeof (CgVec2));
  shape->contours = g_array_new (FALSE, FALSE, sizeof (CaromSvgContour));
  shape->max_points = G_MAXSIZE;
  shape->open = FALSE;
  shape->room = 0;
  shape->exact = FALSE;
  shape->arcs = g_array_new (FALSE, FALSE, sizeof (CaromSvgArc));
  shape->edges = g_array_new (FALSE, FALSE, sizeof (CgCurveEdge));
}

void
carom_svg_shape_clear (CaromSvgShape *shape)
{
  g_clear_pointer (&shape->points, g_array_unref);
  g_clear_pointer (&shape->contours, g_array_unref);
  g_clear_pointer (&shape->arcs, g_array_unref);
  g_clear_pointer (&shape->edges, g_array_unref);
}

void
carom_svg_shape_reset (CaromSvgShape *shape, gsize max_points)
{
  /* Plain element arrays with no clear function: emptying is forgetting. */
  shape->points->len = 0;
  shape->contours->len = 0;
  shape->max_points = max_points;
  shape->open = FALSE;
  shape->exact = FALSE;
  shape->arcs->len = 0;
}

void
carom_svg_shape_begin (CaromSvgShape *shape)
{
  if (shape->open)
    carom_svg_shape_end (shape, FALSE);
  CaromSvgContour contour = { shape->points->len, 0, FALSE, FALSE, FALSE };
  g_array_append_val (shape->contours, contour);
  shape->open = TRUE;
}

gboolean
carom_svg_shape_add (CaromSvgShape *shape, CgVec2 p, GError **error)
{
  g_assert (shape->open);
  CaromSvgContour *contour
      = &g_array_index (shape->contours, CaromSvgContour, shape->contours->len - 1);
  if (contour->length >= CAROM_SVG_MAX_POLYGON_VERTICES)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                   _ ("more than %d vertices (the limit for one polygon)"),
                   CAROM_SVG_MAX_POLYGON_VERTICES);
      return FALSE;
    }
  if (shape->points->len >= shape->max_points)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                   _ ("more than %d vertices in the scene (the limit for one file)"),
                   CAROM_SVG_MAX_SCENE_VERTICES);
      return FALSE;
    }
  /* Most vertices of a file go through here: no call per vertex, the array
   * grows by doubling. */
  GArray *points = shape->points;
  if (points->len == shape->room)
    {
      guint len = points->len;
      shape->room = MAX (64, 2 * len);
      g_array_set_size (points, shape->room);
      points->len = len; /* a plain array of structs: the length is ours to set */
    }
  ((CgVec2 *)points->data)[points->len++] = p;
  contour->length++;
  return TRUE;
}

gboolean
carom_svg_shape_add_arc (CaromSvgShape *shape, CgVec2 p, double r, gboolean large, gboolean sweep,
                         GError **error)
{
  g_assert (shape->exact);
  if (!carom_svg_shape_add (shape, p, error))
    return FALSE;
  CaromSvgArc arc = { shape->points->len - 1, r, (guint8)(large != 0), (guint8)(sweep != 0), 0 };
  g_array_append_val (shape->arcs, arc);
  g_array_index (shape->contours, CaromSvgContour, shape->contours->len - 1).curved = TRUE;
  return TRUE;
}

gboolean
carom_svg_shape_add_circle (CaromSvgShape *shape, CgVec2 c, double r, GError **error)
{
  g_assert (shape->exact);
  carom_svg_shape_begin (shape);
  if (!carom_svg_shape_add (shape, c, error))
    return FALSE;
  CaromSvgArc arc = { shape->points->len - 1, r, 0, 0, 1 };
  g_array_append_val (shape->arcs, arc);
  g_array_index (shape->contours, CaromSvgContour, shape->contours->len - 1).curved = TRUE;
  carom_svg_shape_end (shape, TRUE);
  return TRUE;
}

void
carom_svg_shape_end (CaromSvgShape *shape, gboolean closed)
{
  if (!shape->open)
    return;
  shape->open = FALSE;
  guint last = shape->contours->len - 1;
  CaromSvgContour *contour = &g_array_index (shape->contours, CaromSvgContour, last);
  if (!closed && contour->length < 2)
    {
      /* A lone moveto draws nothing. */
      while (shape->arcs->len > 0
             && g_array_index (shape->arcs, CaromSvgArc, shape->arcs->len - 1).point
                    >= contour->start)
        shape->arcs->len--;
      g_array_set_size (shape->points, contour->start);
      g_array_set_size (shape->contours, last);
      return;
    }
  if (!closed && contour->length >= 2)
    {
      const CgVec2 *v = carom_svg_shape_points (shape, contour);
      CgVec2 first = v[0], end = v[contour->length - 1];
      closed = first.x == end.x && first.y == end.y;
    }
  contour->closed = closed;
}

/* ---- attributes ------------------------------------------------------------ */

const char *
carom_svg_element_get (const CaromSvgElement *element, const char *name, gboolean carom)
{
  for (guint i = 0; i < element->n_attributes; i++)
    {
      const CaromSvgAttribute *attribute = &element->attributes[i];
      if (attribute->carom == carom && attribute->name[0] == name[0]
          && strcmp (attribute->name, name) == 0)
        return attribute->value;
    }
  return NULL;
}

gboolean
carom_svg_is_shape (const char *name)
{
  switch (name[0])
    {
    case 'p':
      return strcmp (name, "polygon") == 0 || strcmp (name, "path") == 0
             || strcmp (name, "polyline") == 0;
    case 'r':
      return strcmp (name, "rect") == 0;
    case 'c':
      return strcmp (name, "circle") == 0;
    case 'e':
      return strcmp (name, "ellipse") == 0;
    case 'l':
      return strcmp (name, "line") == 0;
    default:
      return FALSE;
    }
}

/* A length attribute in user units, or fallback when it is absent. Sets
 * *present when it was there. */
static gboolean
read_length (const CaromSvgElement *element, const char *name, CaromSvgLengthAxis axis,
             double fallback, double *value, gboolean *present, GError **error)
{
  const char *text = carom_svg_element_get (element, name, FALSE);
  *value = fallback;
  if (present != NULL)
    *present = text != NULL;
  if (text != NULL && !carom_svg_parse_length (text, &element->viewport, axis, value, error))
    {
      g_prefix_error (error, _ ("attribute “%s”: "), name);
      return FALSE;
    }
  return TRUE;
}

/* A length that must be > 0 (radii, sizes): SVG draws nothing otherwise. */
static gboolean
read_positive_length (const CaromSvgElement *element, const char *name, CaromSvgLengthAxis axis,
                      double *value, GError **error)
{
  gboolean present;
  if (!read_length (element, name, axis, 0.0, value, &present, error))
    return FALSE;
  if (!present)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("attribute “%s” is missing"), name);
      return FALSE;
    }
  if (!(*value > 0.0))
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("attribute “%s” must be greater than 0"), name);
      return FALSE;
    }
  return TRUE;
}

/* ---- curves ---------------------------------------------------------------- */

/* The sagitta of a chord spanning θ on a circle of radius r is
 * r (1 - cos(θ/2)) = 2 r sin²(θ/4) <= tol, so θ <= 4 asin(√(tol / 2r)). */
double
carom_svg_arc_segments (double r, double sweep, double tolerance)
{
  if (tolerance >= r)
    return 1.0;
  double step = 4.0 * asin (sqrt (tolerance / (2.0 * r)));
  return step > 0.0 ? ceil (sweep / step) : INFINITY;
}

static gboolean
check_curve_vertices (double n, GError **error)
{
  if (n <= CAROM_SVG_MAX_POLYGON_VERTICES)
    return TRUE;
  g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
               _ ("flattening this curve to the tolerance takes more than %d vertices "
                  "(the limit for one polygon)"),
               CAROM_SVG_MAX_POLYGON_VERTICES);
  return FALSE;
}

/* cos and sin of quarter turns, exact, so that flattened curves meet the
 * straight edges of a rounded rect exactly. */
static CgVec2
unit_at_quarter (int quarter)
{
  static const CgVec2 axes[] = { { 1.0, 0.0 }, { 0.0, 1.0 }, { -1.0, 0.0 }, { 0.0, -1.0 } };
  return axes[((quarter % 4) + 4) % 4];
}

/* The point at angle t on the ellipse (c, rx, ry); y is down, so growing t
 * runs clockwise on screen. */
static CgVec2
ellipse_point (CgVec2 c, double rx, double ry, CgVec2 unit)
{
  return cg_v2 (c.x + rx * unit.x, c.y + ry * unit.y);
}

/* An ellipse's chords stray no further than those of the circle of its larger
 * radius: it is that circle squeezed along one axis. */
static gboolean
ellipse_contour (CgVec2 c, double rx, double ry, double tolerance, CaromSvgShape *shape,
                 GError **error)
{
  double n = fmax (CAROM_SVG_MIN_CIRCLE_SEGMENTS,
                   carom_svg_arc_segments (fmax (rx, ry), 2.0 * G_PI, tolerance));
  if (!check_curve_vertices (n, error))
    return FALSE;
  carom_svg_shape_begin (shape);
  guint segments = (guint)n;
  for (guint k = 0; k < segments; k++)
    {
      double t = 2.0 * G_PI * k / segments;
      if (!carom_svg_shape_add (shape, ellipse_point (c, rx, ry, cg_v2 (cos (t), sin (t))), error))
        return FALSE;
    }
  carom_svg_shape_end (shape, TRUE);
  return TRUE;
}

/* ---- the shapes ------------------------------------------------------------ */

/* A corner radius: absent or "auto" leaves *present FALSE; a negative one is
 * an error, or "auto" when lenient (SVG 2). */
static gboolean
read_corner_radius (const CaromSvgElement *element, const char *name, CaromSvgLengthAxis axis,
                    double *value, gboolean *present, GError **error)
{
  const char *text = carom_svg_element_get (element, name, FALSE);
  *present = FALSE;
  *value = 0.0;
  if (text == NULL || strcmp (text, "auto") == 0)
    return TRUE;
  if (!read_length (element, name, axis, 0.0, value, present, error))
    return FALSE;
  if (*value < 0.0)
    {
      if (element->lenient)
        {
          *present = FALSE;
          *value = 0.0;
          return TRUE;
        }
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("a corner radius is negative"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
rect_contour (const CaromSvgElement *element, double tolerance, CaromSvgShape *shape,
              GError **error)
{
  double x, y, w, h;
  if (!read_length (element, "x", CAROM_SVG_LENGTH_X, 0.0, &x, NULL, error)
      || !read_length (element, "y", CAROM_SVG_LENGTH_Y, 0.0, &y, NULL, error)
      || !read_positive_length (element, "width", CAROM_SVG_LENGTH_X, &w, error)
      || !read_positive_length (element, "height", CAROM_SVG_LENGTH_Y, &h, error))
    return FALSE;

  /* Corner radii (SVG 1.1 §9.2): a missing one copies the other; both are
   * clamped to half the side. */
  double rx, ry;
  gboolean has_rx, has_ry;
  if (!read_corner_radius (element, "rx", CAROM_SVG_LENGTH_X, &rx, &has_rx, error)
      || !read_corner_radius (element, "ry", CAROM_SVG_LENGTH_Y, &ry, &has_ry, error))
    return FALSE;
  if (!has_rx)
    rx = ry;
  if (!has_ry)
    ry = rx;
  rx = fmin (rx, 0.5 * w);
  ry = fmin (ry, 0.5 * h);

  carom_svg_shape_begin (shape);
  if (rx == 0.0 || ry == 0.0)
    {
      const CgVec2 corners[] = { { x, y }, { x + w, y }, { x + w, y + h }, { x, y + h } };
      for (gsize i = 0; i < G_N_ELEMENTS (corners); i++)
        if (!carom_svg_shape_add (shape, corners[i], error))
          return FALSE;
      carom_svg_shape_end (shape, TRUE);
      return TRUE;
    }

  if (shape->exact && rx == ry)
    {
      /* Exact quarter turns: each corner from its start to its end (a straight
       * side of no length between two corners goes in validation). */
      const CgVec2 ends[4][2] = {
        { { x + w - rx, y }, { x + w, y + ry } },
        { { x + w, y + h - ry }, { x + w - rx, y + h } },
        { { x + rx, y + h }, { x, y + h - ry } },
        { { x, y + ry }, { x + rx, y } },
      };
      for (gsize i = 0; i < G_N_ELEMENTS (ends); i++)
        if (!carom_svg_shape_add (shape, ends[i][0], error)
            || !carom_svg_shape_add_arc (shape, ends[i][1], rx, FALSE, TRUE, error))
          return FALSE;
      carom_svg_shape_end (shape, TRUE);
      return TRUE;
    }

  double per_quarter = fmax (CAROM_SVG_MIN_CIRCLE_SEGMENTS / 4,
                             carom_svg_arc_segments (fmax (rx, ry), 0.5 * G_PI, tolerance));
  if (!check_curve_vertices (4.0 * (per_quarter + 1.0), error))
    return FALSE;
  guint q = (guint)per_quarter;
  /* Corner centres in drawing order, each arc starting at quarter turn `quarter`. */
  const struct
  {
    CgVec2 centre;
    int quarter;
  } arcs[] = {
    { { x + w - rx, y + ry }, -1 },
    { { x + w - rx, y + h - ry }, 0 },
    { { x + rx, y + h - ry }, 1 },
    { { x + rx, y + ry }, 2 },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (arcs); i++)
    for (guint k = 0; k <= q; k++)
      {
        double t = (arcs[i].quarter + (double)k / q) * 0.5 * G_PI;
        CgVec2 unit = k == 0   ? unit_at_quarter (arcs[i].quarter)
                      : k == q ? unit_at_quarter (arcs[i].quarter + 1)
                               : cg_v2 (cos (t), sin (t));
        /* an edge of zero length (a corner meeting the next) goes in validation */
        if (!carom_svg_shape_add (shape, ellipse_point (arcs[i].centre, rx, ry, unit), error))
          return FALSE;
      }
  carom_svg_shape_end (shape, TRUE);
  return TRUE;
}

/* A radius of an ellipse (SVG 2): "auto" or absent takes the other one's,
 * and so does a negative one when lenient (it is invalid, so SVG 2 falls
 * back to auto). */
static gboolean
read_ellipse_radius (const CaromSvgElement *element, const char *name, CaromSvgLengthAxis axis,
                     double *value, gboolean *present, GError **error)
{
  const char *text = carom_svg_element_get (element, name, FALSE);
  *present = text != NULL && strcmp (text, "auto") != 0;
  *value = 0.0;
  if (*present && !read_length (element, name, axis, 0.0, value, NULL, error))
    return FALSE;
  if (*present && *value < 0.0 && element->lenient)
    *present = FALSE;
  return TRUE;
}

static gboolean
round_contour (const CaromSvgElement *element, double tolerance, CaromSvgShape *shape,
               GError **error)
{
  double cx, cy, rx, ry;
  if (!read_length (element, "cx", CAROM_SVG_LENGTH_X, 0.0, &cx, NULL, error)
      || !read_length (element, "cy", CAROM_SVG_LENGTH_Y, 0.0, &cy, NULL, error))
    return FALSE;
  if (strcmp (element->name, "circle") == 0)
    {
      if (!read_positive_length (element, "r", CAROM_SVG_LENGTH_OTHER, &rx, error))
        return FALSE;
      ry = rx;
    }
  else
    {
      gboolean has_rx, has_ry;
      if (!read_ellipse_radius (element, "rx", CAROM_SVG_LENGTH_X, &rx, &has_rx, error)
          || !read_ellipse_radius (element, "ry", CAROM_SVG_LENGTH_Y, &ry, &has_ry, error))
        return FALSE;
      if (!has_rx && !has_ry)
        {
          g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                               _ ("attributes “rx” and “ry” are missing"));
          return FALSE;
        }
      if (!has_rx)
        rx = ry;
      if (!has_ry)
        ry = rx;
      if (!(rx > 0.0 && ry > 0.0))
        {
          g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                               _ ("attributes “rx” and “ry” must be greater than 0"));
          return FALSE;
        }
    }
  if (shape->exact && rx == ry)
    return carom_svg_shape_add_circle (shape, cg_v2 (cx, cy), rx, error);
  return ellipse_contour (cg_v2 (cx, cy), rx, ry, tolerance, shape, error);
}

/* points="x,y x,y ...", read straight into the shape. Lenient: up to the
 * first error, an odd last number dropped (SVG 1.1 F.2). */
static gboolean
points_contour (const CaromSvgElement *element, gboolean polygon, CaromSvgShape *shape,
                char **warning, GError **error)
{
  const char *text = carom_svg_element_get (element, "points", FALSE);
  g_autoptr (GError) local = NULL;
  carom_svg_shape_begin (shape);

  const char *p = text != NULL ? text : "";
  while (carom_svg_is_space (*p))
    p++;
  double pending = 0.0;
  gboolean have_x = FALSE;
  while (*p != '\0')
    {
      double v;
      if (!carom_svg_scan_number (&p, &v, &local))
        break;
      if (have_x && !carom_svg_shape_add (shape, cg_v2 (pending, v), error))
        {
          g_prefix_error (error, _ ("attribute “%s”: "), "points");
          return FALSE;
        }
      pending = v;
      have_x = !have_x;
      if (carom_svg_skip_comma_space (&p) && *p == '\0')
        {
          g_set_error_literal (&local, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                               _ ("the list ends with a comma"));
          break;
        }
    }
  if (local == NULL && have_x)
    g_set_error (&local, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                 _ ("an odd number of coordinates"));
  if (local != NULL)
    {
      if (!element->lenient)
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local), _ ("attribute “%s”: "),
                                      "points");
          return FALSE;
        }
      *warning = g_strdup_printf (_ ("attribute “%s”: %s"), "points", local->message);
    }

  /* A polyline is a polygon when it comes back to where it began. */
  carom_svg_shape_end (shape, polygon);
  return TRUE;
}

static gboolean
line_contour (const CaromSvgElement *element, CaromSvgShape *shape, GError **error)
{
  CgVec2 a, b;
  if (!read_length (element, "x1", CAROM_SVG_LENGTH_X, 0.0, &a.x, NULL, error)
      || !read_length (element, "y1", CAROM_SVG_LENGTH_Y, 0.0, &a.y, NULL, error)
      || !read_length (element, "x2", CAROM_SVG_LENGTH_X, 0.0, &b.x, NULL, error)
      || !read_length (element, "y2", CAROM_SVG_LENGTH_Y, 0.0, &b.y, NULL, error))
    return FALSE;
  carom_svg_shape_begin (shape);
  if (!carom_svg_shape_add (shape, a, error) || !carom_svg_shape_add (shape, b, error))
    return FALSE;
  /* A line is never a polygon, even when its ends coincide. */
  shape->open = FALSE;
  return TRUE;
}

gboolean
carom_svg_shape_contours (const CaromSvgElement *element, double tolerance, CaromSvgShape *shape,
                          char **warning, GError **error)
{
  const char *name = element->name;
  *warning = NULL;
  if (strcmp (name, "polygon") == 0 || strcmp (name, "polyline") == 0)
    return points_contour (element, name[4] == 'g', shape, warning, error);
  if (strcmp (name, "rect") == 0)
    return rect_contour (element, tolerance, shape, error);
  if (strcmp (name, "circle") == 0 || strcmp (name, "ellipse") == 0)
    return round_contour (element, tolerance, shape, error);
  if (strcmp (name, "line") == 0)
    return line_contour (element, shape, error);
  if (strcmp (name, "path") == 0)
    {
      const char *data = carom_svg_element_get (element, "d", FALSE);
      if (data == NULL)
        return TRUE;
      gsize length = strlen (data);
      if (length > CAROM_SVG_MAX_PATH_DATA_LENGTH)
        {
          g_set_error (
              error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
              _ ("attribute “%s” holds %zu bytes of path data, more than %d (the limit for "
                 "one path)"),
              "d", length, CAROM_SVG_MAX_PATH_DATA_LENGTH);
          return FALSE;
        }
      if (!carom_svg_parse_path (data, tolerance, element->lenient, shape, warning, error))
        {
          g_prefix_error (error, _ ("attribute “%s”: "), "d");
          return FALSE;
        }
      if (*warning != NULL)
        {
          char *prefixed = g_strdup_printf (_ ("attribute “%s”: %s"), "d", *warning);
          g_free (*warning);
          *warning = prefixed;
        }
      return TRUE;
    }
  g_return_val_if_reached (FALSE);
}
