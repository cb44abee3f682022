/* carom-svg-shapes.c: SVG shape elements as contours in their own user
 * units: polygon, polyline, rect (rounded corners flattened), circle and
 * ellipse (flattened), line and path (M/L/H/V/Z). Transforms, roles and
 * validation are the reader's business. */
#include "io/carom-svg-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

void
carom_svg_contour_free (CaromSvgContour *contour)
{
  if (contour == NULL)
    return;
  g_array_unref (contour->points);
  g_free (contour);
}

static CaromSvgContour *
contour_new (gboolean closed)
{
  CaromSvgContour *contour = g_new0 (CaromSvgContour, 1);
  contour->points = g_array_new (FALSE, FALSE, sizeof (CgVec2));
  contour->closed = closed;
  return contour;
}

static gboolean
contour_append (CaromSvgContour *contour, CgVec2 p, GError **error)
{
  if (contour->points->len >= CAROM_SVG_MAX_POLYGON_VERTICES)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                   _ ("more than %d vertices (the limit for one polygon)"),
                   CAROM_SVG_MAX_POLYGON_VERTICES);
      return FALSE;
    }
  g_array_append_val (contour->points, p);
  return TRUE;
}

const char *
carom_svg_element_get (const CaromSvgElement *element, const char *name, gboolean carom)
{
  for (guint i = 0; i < element->n_attributes; i++)
    {
      const CaromSvgAttribute *attribute = &element->attributes[i];
      if (attribute->carom == carom && strcmp (attribute->name, name) == 0)
        return attribute->value;
    }
  return NULL;
}

gboolean
carom_svg_is_shape (const char *name)
{
  static const char *const shapes[] = {
    "polygon", "polyline", "rect", "circle", "ellipse", "line", "path",
  };
  for (gsize i = 0; i < G_N_ELEMENTS (shapes); i++)
    if (strcmp (name, shapes[i]) == 0)
      return TRUE;
  return FALSE;
}

/* A length attribute in user units, or fallback when it is absent. */
static gboolean
read_length (const CaromSvgElement *element, const char *name, double fallback, double *value,
             GError **error)
{
  const char *text = carom_svg_element_get (element, name, FALSE);
  *value = fallback;
  if (text != NULL && !carom_svg_parse_length (text, value, error))
    {
      g_prefix_error (error, _ ("attribute “%s”: "), name);
      return FALSE;
    }
  return TRUE;
}

/* A length that must be > 0 (radii, sizes): SVG draws nothing otherwise. */
static gboolean
read_positive_length (const CaromSvgElement *element, const char *name, double *value,
                      GError **error)
{
  if (!read_length (element, name, 0.0, value, error))
    return FALSE;
  if (!(*value > 0.0))
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("attribute “%s” must be greater than 0"), name);
      return FALSE;
    }
  return TRUE;
}

/* Segments for an arc of the given sweep on a circle of radius r so that no
 * chord strays more than tolerance from it. The sagitta of a chord spanning
 * θ is r (1 - cos(θ/2)) = 2 r sin²(θ/4) <= tol, so θ <= 4 asin(√(tol / 2r)).
 * A double, so that the caller can compare it with the limit first. */
static double
arc_segments (double r, double sweep, double tolerance)
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

static gboolean
ellipse_contour (CgVec2 c, double rx, double ry, double tolerance, GPtrArray *contours,
                 GError **error)
{
  double n
      = fmax (CAROM_SVG_MIN_CIRCLE_SEGMENTS, arc_segments (fmax (rx, ry), 2.0 * G_PI, tolerance));
  if (!check_curve_vertices (n, error))
    return FALSE;
  CaromSvgContour *contour = contour_new (TRUE);
  g_ptr_array_add (contours, contour);
  guint segments = (guint)n;
  for (guint k = 0; k < segments; k++)
    {
      double t = 2.0 * G_PI * k / segments;
      CgVec2 p = ellipse_point (c, rx, ry, cg_v2 (cos (t), sin (t)));
      g_array_append_val (contour->points, p);
    }
  return TRUE;
}

static gboolean
rect_contour (const CaromSvgElement *element, double tolerance, GPtrArray *contours, GError **error)
{
  double x, y, w, h;
  if (!read_length (element, "x", 0.0, &x, error) || !read_length (element, "y", 0.0, &y, error)
      || !read_positive_length (element, "width", &w, error)
      || !read_positive_length (element, "height", &h, error))
    return FALSE;

  /* Corner radii (SVG 1.1 §9.2): a missing one copies the other; both are
   * clamped to half the side. */
  const char *rx_text = carom_svg_element_get (element, "rx", FALSE);
  const char *ry_text = carom_svg_element_get (element, "ry", FALSE);
  gboolean has_rx = rx_text != NULL && strcmp (rx_text, "auto") != 0;
  gboolean has_ry = ry_text != NULL && strcmp (ry_text, "auto") != 0;
  double rx = 0.0, ry = 0.0;
  if ((has_rx && !read_length (element, "rx", 0.0, &rx, error))
      || (has_ry && !read_length (element, "ry", 0.0, &ry, error)))
    return FALSE;
  if (rx < 0.0 || ry < 0.0)
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("a corner radius is negative"));
      return FALSE;
    }
  if (!has_rx)
    rx = ry;
  if (!has_ry)
    ry = rx;
  rx = fmin (rx, 0.5 * w);
  ry = fmin (ry, 0.5 * h);

  CaromSvgContour *contour = contour_new (TRUE);
  g_ptr_array_add (contours, contour);
  if (rx == 0.0 || ry == 0.0)
    {
      CgVec2 corners[] = { { x, y }, { x + w, y }, { x + w, y + h }, { x, y + h } };
      g_array_append_vals (contour->points, corners, G_N_ELEMENTS (corners));
      return TRUE;
    }

  double per_quarter = fmax (CAROM_SVG_MIN_CIRCLE_SEGMENTS / 4,
                             arc_segments (fmax (rx, ry), 0.5 * G_PI, tolerance));
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
        CgVec2 p = ellipse_point (arcs[i].centre, rx, ry, unit);
        g_array_append_val (contour->points, p); /* an edge of zero length goes in validation */
      }
  return TRUE;
}

static gboolean
points_contour (const CaromSvgElement *element, gboolean polygon, GPtrArray *contours,
                GError **error)
{
  const char *text = carom_svg_element_get (element, "points", FALSE);

  g_autoptr (GArray) numbers = g_array_new (FALSE, FALSE, sizeof (double));
  GError *local = NULL;
  if (text != NULL
      && !carom_svg_parse_number_list (text, numbers, 2 * (gsize)CAROM_SVG_MAX_POLYGON_VERTICES,
                                       &local))
    {
      if (local->code == CAROM_SVG_ERROR_LIMIT)
        {
          g_clear_error (&local);
          g_set_error (&local, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                       _ ("more than %d vertices (the limit for one polygon)"),
                       CAROM_SVG_MAX_POLYGON_VERTICES);
        }
      g_propagate_prefixed_error (error, local, _ ("attribute “%s”: "), "points");
      return FALSE;
    }
  if (numbers->len % 2 != 0)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("attribute “%s”: an odd number of coordinates (%u)"), "points", numbers->len);
      return FALSE;
    }

  /* x, y pairs are laid out as CgVec2s are. */
  G_STATIC_ASSERT (sizeof (CgVec2) == 2 * sizeof (double));
  CaromSvgContour *contour = contour_new (polygon);
  g_ptr_array_add (contours, contour);
  g_array_append_vals (contour->points, numbers->data, numbers->len / 2);
  /* A polyline is a polygon when it comes back to where it began. */
  guint n = contour->points->len;
  if (!polygon && n >= 2)
    {
      CgVec2 first = g_array_index (contour->points, CgVec2, 0);
      CgVec2 last = g_array_index (contour->points, CgVec2, n - 1);
      contour->closed = first.x == last.x && first.y == last.y;
    }
  return TRUE;
}

gboolean
carom_svg_shape_contours (const CaromSvgElement *element, double tolerance, GPtrArray *contours,
                          GError **error)
{
  const char *name = element->name;
  if (strcmp (name, "polygon") == 0 || strcmp (name, "polyline") == 0)
    return points_contour (element, strcmp (name, "polygon") == 0, contours, error);

  if (strcmp (name, "rect") == 0)
    return rect_contour (element, tolerance, contours, error);

  if (strcmp (name, "circle") == 0 || strcmp (name, "ellipse") == 0)
    {
      double cx, cy, rx, ry;
      if (!read_length (element, "cx", 0.0, &cx, error)
          || !read_length (element, "cy", 0.0, &cy, error))
        return FALSE;
      if (name[0] == 'c')
        {
          if (!read_positive_length (element, "r", &rx, error))
            return FALSE;
          ry = rx;
        }
      else if (!read_positive_length (element, "rx", &rx, error)
               || !read_positive_length (element, "ry", &ry, error))
        return FALSE;
      return ellipse_contour (cg_v2 (cx, cy), rx, ry, tolerance, contours, error);
    }

  if (strcmp (name, "line") == 0)
    {
      CgVec2 a, b;
      if (!read_length (element, "x1", 0.0, &a.x, error)
          || !read_length (element, "y1", 0.0, &a.y, error)
          || !read_length (element, "x2", 0.0, &b.x, error)
          || !read_length (element, "y2", 0.0, &b.y, error))
        return FALSE;
      CaromSvgContour *contour = contour_new (FALSE);
      g_ptr_array_add (contours, contour);
      g_array_append_val (contour->points, a);
      g_array_append_val (contour->points, b);
      return TRUE;
    }

  if (strcmp (name, "path") == 0)
    {
      const char *data = carom_svg_element_get (element, "d", FALSE);
      if (data != NULL && !carom_svg_parse_path (data, contours, error))
        {
          g_prefix_error (error, _ ("attribute “%s”: "), "d");
          return FALSE;
        }
      return TRUE;
    }

  g_return_val_if_reached (FALSE);
}

/* Ends the contour being drawn: a lone moveto draws nothing and goes; an
 * open contour that comes back to its start is closed. */
static void
finish_contour (CaromSvgContour **current, GPtrArray *contours)
{
  CaromSvgContour *contour = g_steal_pointer (current);
  if (contour == NULL)
    return;
  GArray *points = contour->points;
  if (!contour->closed && points->len < 2)
    {
      carom_svg_contour_free (contour);
      return;
    }
  if (!contour->closed)
    {
      CgVec2 first = g_array_index (points, CgVec2, 0);
      CgVec2 last = g_array_index (points, CgVec2, points->len - 1);
      contour->closed = first.x == last.x && first.y == last.y;
    }
  g_ptr_array_add (contours, contour);
}

/* True when a number can start at p. */
static gboolean
starts_number (const char *p)
{
  return g_ascii_isdigit (p[0]) || p[0] == '.' || p[0] == '+' || p[0] == '-';
}

static gboolean
read_coordinate (const char **p, double *value, GError **error)
{
  carom_svg_skip_comma_space (p);
  return carom_svg_scan_number (p, value, error);
}

/* Path data, SVG 1.1 §8.3. After a moveto, further coordinate pairs are
 * linetos; after closepath the current point returns to the subpath's start,
 * where a drawing command without a moveto begins the next subpath. */
gboolean
carom_svg_parse_path (const char *data, GPtrArray *contours, GError **error)
{
  g_autoptr (CaromSvgContour) current = NULL;
  CgVec2 point = { 0.0, 0.0 }, start = { 0.0, 0.0 };
  char command = '\0';
  const char *p = data;

  for (;;)
    {
      while (carom_svg_is_space (*p))
        p++;
      if (*p == '\0')
        break;

      if (g_ascii_isalpha (*p))
        {
          if (command == '\0' && *p != 'M' && *p != 'm')
            {
              g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                                   _ ("path data must begin with a moveto (M)"));
              return FALSE;
            }
          command = *p++;
        }
      else if (command == '\0' || !starts_number (p))
        {
          g_autofree char *quoted = g_utf8_make_valid (p, MIN (strlen (p), 12));
          g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                       _ ("expected a path command at “%s”"), quoted);
          return FALSE;
        }
      else if (command == 'Z' || command == 'z')
        {
          g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                               _ ("numbers after a closepath (Z)"));
          return FALSE;
        }

      gboolean relative = g_ascii_islower (command);
      CgVec2 next = point;
      switch (g_ascii_toupper (command))
        {
        case 'M':
        case 'L':
          if (!read_coordinate (&p, &next.x, error) || !read_coordinate (&p, &next.y, error))
            return FALSE;
          if (relative)
            next = cg_add (point, next);
          break;
        case 'H':
          if (!read_coordinate (&p, &next.x, error))
            return FALSE;
          if (relative)
            next.x += point.x;
          break;
        case 'V':
          if (!read_coordinate (&p, &next.y, error))
            return FALSE;
          if (relative)
            next.y += point.y;
          break;
        case 'Z':
          if (current != NULL)
            {
              current->closed = TRUE;
              finish_contour (&current, contours);
            }
          point = start;
          continue;
        case 'C':
        case 'S':
        case 'Q':
        case 'T':
        case 'A':
          g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                       _ ("curves (“%c”) are not supported by this reader yet"), command);
          return FALSE;
        default:
          g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                       _ ("unknown path command “%c”"), command);
          return FALSE;
        }

      if (command == 'M' || command == 'm')
        {
          finish_contour (&current, contours);
          start = next;
          command = relative ? 'l' : 'L'; /* further pairs are linetos */
          current = contour_new (FALSE);
        }
      else if (current == NULL) /* drawing on after a closepath: a subpath from its start */
        {
          current = contour_new (FALSE);
          g_array_append_val (current->points, start);
        }
      if (!contour_append (current, next, error))
        return FALSE;
      point = next;

      carom_svg_skip_comma_space (&p);
    }
  finish_contour (&current, contours);
  return TRUE;
}
