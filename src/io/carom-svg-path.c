/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-path.c: SVG path data (SVG 1.1 §8.3 and appendix F.6) as
 * contours: every command, absolute and relative, with Bézier curves and
 * elliptical arcs flattened to a tolerance, and circular arcs (equal radii)
 * kept exact when the shape allows it (geometry.md, "Curved edges"). */
#include "io/carom-svg-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* How much of the text at an error a message quotes. */
#define QUOTE_BYTES 12

/* ---- flattening ------------------------------------------------------------ */

/* A cubic Bézier segment waiting to be flattened. */
typedef struct
{
  CgVec2 p[4];
  int depth;
} Cubic;

/* The curve lies in the convex hull of its control points, so within
 * d = max(dist(p1, chord), dist(p2, chord)) of the chord [p0, p3] (the
 * d-neighbourhood of a segment is convex); and since it runs from one end of
 * the chord to the other, every point of the chord is within d of it too.
 * So the chord stands for the curve when d <= tolerance. A bound that is not
 * a number (coordinates near overflow) counts as flat: validation names the
 * point. */
static gboolean
cubic_is_flat (const Cubic *c, double tolerance)
{
  double d = fmax (cg_point_segment_distance (c->p[1], c->p[0], c->p[3]),
                   cg_point_segment_distance (c->p[2], c->p[0], c->p[3]));
  return !(d > tolerance);
}

/* de Casteljau at t = 1/2: the two halves of c. */
static void
cubic_split (const Cubic *c, Cubic *left, Cubic *right)
{
  CgVec2 p01 = cg_lerp (c->p[0], c->p[1], 0.5), p12 = cg_lerp (c->p[1], c->p[2], 0.5);
  CgVec2 p23 = cg_lerp (c->p[2], c->p[3], 0.5);
  CgVec2 p012 = cg_lerp (p01, p12, 0.5), p123 = cg_lerp (p12, p23, 0.5);
  CgVec2 mid = cg_lerp (p012, p123, 0.5);
  *left = (Cubic){ { c->p[0], p01, p012, mid }, c->depth + 1 };
  *right = (Cubic){ { mid, p123, p23, c->p[3] }, c->depth + 1 };
}

/* Halves the curve until each piece is flat: more chords where it bends
 * more. Depth first, left half first, with an explicit stack that never
 * holds more than one piece per level. */
gboolean
carom_svg_flatten_cubic (CaromSvgShape *shape, CgVec2 p0, CgVec2 p1, CgVec2 p2, CgVec2 p3,
                         double tolerance, GError **error)
{
  Cubic stack[CAROM_SVG_MAX_CURVE_DEPTH + 1];
  int top = 0;
  stack[top++] = (Cubic){ { p0, p1, p2, p3 }, 0 };
  while (top > 0)
    {
      Cubic c = stack[--top];
      if (c.depth >= CAROM_SVG_MAX_CURVE_DEPTH || cubic_is_flat (&c, tolerance))
        {
          if (!carom_svg_shape_add (shape, c.p[3], error))
            return FALSE;
          continue;
        }
      cubic_split (&c, &stack[top + 1], &stack[top]);
      top += 2;
    }
  return TRUE;
}

/* The angle from u to v, in (-π, π]. */
static double
angle_between (CgVec2 u, CgVec2 v)
{
  return atan2 (cg_cross (u, v), cg_dot (u, v));
}

/* Endpoint to centre parameterisation, SVG 1.1 F.6.5 and F.6.6. */
gboolean
carom_svg_flatten_arc (CaromSvgShape *shape, CgVec2 p0, double rx, double ry, double rotation,
                       gboolean large_arc, gboolean sweep, CgVec2 p1, double tolerance,
                       GError **error)
{
  /* F.6.2: coinciding ends draw nothing; a zero radius draws a line. */
  if (p0.x == p1.x && p0.y == p1.y)
    return TRUE;
  rx = fabs (rx);
  ry = fabs (ry);
  if (rx == 0.0 || ry == 0.0)
    return carom_svg_shape_add (shape, p1, error);

  double phi = fmod (rotation, 360.0) * (G_PI / 180.0);
  double cos_phi = cos (phi), sin_phi = sin (phi);

  /* Step 1: the midpoint's offset in the ellipse's axes. */
  double hx = 0.5 * (p0.x - p1.x), hy = 0.5 * (p0.y - p1.y);
  double x1 = cos_phi * hx + sin_phi * hy;
  double y1 = -sin_phi * hx + cos_phi * hy;

  /* F.6.6: radii too small to span the ends grow, keeping their ratio. */
  double lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry);
  if (lambda > 1.0)
    {
      double s = sqrt (lambda);
      rx *= s;
      ry *= s;
    }

  /* Step 2: the centre in the ellipse's axes; the sign picks one of the two
   * candidate ellipses. */
  double rx2 = rx * rx, ry2 = ry * ry, x12 = x1 * x1, y12 = y1 * y1;
  double numerator = rx2 * ry2 - rx2 * y12 - ry2 * x12;
  double denominator = rx2 * y12 + ry2 * x12;
  double coef = denominator > 0.0 ? sqrt (fmax (0.0, numerator / denominator)) : 0.0;
  if (large_arc == sweep)
    coef = -coef;
  double cxp = coef * rx * y1 / ry, cyp = -coef * ry * x1 / rx;

  /* Step 3: the centre, and step 4: the start angle and the sweep. */
  CgVec2 centre = { cos_phi * cxp - sin_phi * cyp + 0.5 * (p0.x + p1.x),
                    sin_phi * cxp + cos_phi * cyp + 0.5 * (p0.y + p1.y) };
  CgVec2 u = { (x1 - cxp) / rx, (y1 - cyp) / ry };
  CgVec2 v = { (-x1 - cxp) / rx, (-y1 - cyp) / ry };
  double theta1 = atan2 (u.y, u.x);
  double delta = angle_between (u, v);
  if (!sweep && delta > 0.0)
    delta -= 2.0 * G_PI;
  else if (sweep && delta < 0.0)
    delta += 2.0 * G_PI;

  if (!(isfinite (centre.x) && isfinite (centre.y) && isfinite (delta) && isfinite (rx)
        && isfinite (ry)))
    return carom_svg_shape_add (shape, p1, error); /* out of range: validation says so */

  double n = carom_svg_arc_segments (fmax (rx, ry), fabs (delta), tolerance);
  if (n > CAROM_SVG_MAX_POLYGON_VERTICES)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                   _ ("flattening this curve to the tolerance takes more than %d vertices "
                      "(the limit for one polygon)"),
                   CAROM_SVG_MAX_POLYGON_VERTICES);
      return FALSE;
    }
  guint segments = MAX ((guint)n, 1);
  for (guint k = 1; k < segments; k++)
    {
      double t = theta1 + delta * k / segments;
      double ex = rx * cos (t), ey = ry * sin (t);
      CgVec2 p = { cos_phi * ex - sin_phi * ey + centre.x, sin_phi * ex + cos_phi * ey + centre.y };
      if (!carom_svg_shape_add (shape, p, error))
        return FALSE;
    }
  return carom_svg_shape_add (shape, p1, error); /* the end exactly where the data puts it */
}

gboolean
carom_svg_arc_edge (CgVec2 a, CgVec2 b, double r, gboolean large, gboolean sweep, CgCurveEdge *edge)
{
  if ((a.x == b.x && a.y == b.y) || !cg_is_valid_vec2 (a) || !cg_is_valid_vec2 (b)
      || !(isfinite (r) && r > 0.0))
    return FALSE;
  /* The ends in a fixed order; going the other way flips the sweep flag. */
  gboolean swapped = a.x > b.x || (a.x == b.x && a.y > b.y);
  if (swapped)
    {
      CgVec2 t = a;
      a = b;
      b = t;
      sweep = !sweep;
    }
  /* F.6.5 with rx = ry = r and no rotation. */
  double x1 = 0.5 * (a.x - b.x), y1 = 0.5 * (a.y - b.y);
  double d2 = x1 * x1 + y1 * y1, r2 = r * r;
  CgVec2 mid = { 0.5 * (a.x + b.x), 0.5 * (a.y + b.y) };
  CgVec2 q;
  double R, delta;
  if (fabs (r2 - d2) <= 1e-14 * d2 || r2 < d2)
    {
      /* A half turn about the midpoint; a radius too small grows to half the
       * chord (F.6.6). */
      q = mid;
      R = r2 < d2 && fabs (r2 - d2) > 1e-14 * d2 ? sqrt (d2) : r;
      delta = sweep ? G_PI : -G_PI;
    }
  else
    {
      double coef = sqrt ((r2 - d2) / d2);
      if (large == sweep)
        coef = -coef;
      q = cg_v2 (mid.x + coef * y1, mid.y - coef * x1);
      R = r;
      CgVec2 u = cg_sub (a, q), v = cg_sub (b, q);
      delta = atan2 (cg_cross (u, v), cg_dot (u, v));
      if (!sweep && delta > 0.0)
        delta -= 2.0 * G_PI;
      else if (sweep && delta < 0.0)
        delta += 2.0 * G_PI;
    }
  if (!cg_is_valid_vec2 (q) || !isfinite (R) || !isfinite (delta) || delta == 0.0)
    return FALSE;
  *edge = (CgCurveEdge){ q, R, swapped ? -delta : delta };
  return TRUE;
}

/* ---- the path grammar ------------------------------------------------------- */

/* True when a number can start at p. */
static gboolean
starts_number (const char *p)
{
  return g_ascii_isdigit (p[0]) || p[0] == '.' || p[0] == '+' || p[0] == '-';
}

/* How many numbers each command takes; 0 for closepath, -1 for no command. */
static int
command_arity (char command)
{
  switch (g_ascii_toupper (command))
    {
    case 'Z':
      return 0;
    case 'H':
    case 'V':
      return 1;
    case 'M':
    case 'L':
    case 'T':
      return 2;
    case 'S':
    case 'Q':
      return 4;
    case 'C':
      return 6;
    case 'A':
      return 7;
    default:
      return -1;
    }
}

/* An arc flag: one character, 0 or 1 ("00" is two flags). */
static gboolean
scan_flag (const char **p, double *value, GError **error)
{
  if (**p == '0' || **p == '1')
    {
      *value = **p - '0';
      (*p)++;
      return TRUE;
    }
  g_autofree char *quoted = g_utf8_make_valid (*p, MIN (strlen (*p), QUOTE_BYTES));
  g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
               _ ("an arc flag must be 0 or 1, not “%s”"), quoted);
  return FALSE;
}

/* The numbers of one command: comma-or-space between them, none before the
 * first (the caller has skipped the space there). */
static gboolean
scan_arguments (const char **p, char command, double *args, int arity, GError **error)
{
  for (int i = 0; i < arity; i++)
    {
      if (i > 0)
        carom_svg_skip_comma_space (p);
      gboolean flag = g_ascii_toupper (command) == 'A' && (i == 3 || i == 4);
      if (!(flag ? scan_flag (p, &args[i], error) : carom_svg_scan_number (p, &args[i], error)))
        return FALSE;
    }
  return TRUE;
}

/* Where a path is while it is read. */
typedef struct
{
  CaromSvgShape *shape;
  double tolerance;
  CgVec2 point;     ///< the current point
  CgVec2 start;     ///< where the current subpath began
  CgVec2 control;   ///< the last curve's second control point (for S and T)
  char previous;    ///< the previous command, upper case
  gboolean drawing; ///< a subpath is open in the shape
} PathState;

/* Opens a subpath at the current point when a drawing command comes without
 * a moveto (after a closepath). */
static gboolean
ensure_subpath (PathState *state, GError **error)
{
  if (state->drawing)
    return TRUE;
  carom_svg_shape_begin (state->shape);
  state->drawing = TRUE;
  return carom_svg_shape_add (state->shape, state->point, error);
}

/* Carries out one command with its numbers, made absolute. */
static gboolean
run_command (PathState *state, char command, const double *a, GError **error)
{
  char upper = g_ascii_toupper (command);
  gboolean relative = command != upper;
  CgVec2 o = relative ? state->point : cg_v2 (0.0, 0.0);
  CgVec2 point = state->point;
  CgVec2 control = point; /* the second control point, for a following S or T */

  if (upper == 'M')
    {
      carom_svg_shape_end (state->shape, FALSE);
      state->start = state->point = cg_add (o, cg_v2 (a[0], a[1]));
      carom_svg_shape_begin (state->shape);
      state->drawing = TRUE;
      state->previous = 'M';
      return carom_svg_shape_add (state->shape, state->point, error);
    }
  if (upper == 'Z')
    {
      if (state->drawing)
        carom_svg_shape_end (state->shape, TRUE);
      state->drawing = FALSE;
      state->point = state->start;
      state->previous = 'Z';
      return TRUE;
    }
  if (!ensure_subpath (state, error))
    return FALSE;

  gboolean ok = TRUE;
  switch (upper)
    {
    case 'L':
      point = cg_add (o, cg_v2 (a[0], a[1]));
      ok = carom_svg_shape_add (state->shape, point, error);
      break;
    case 'H':
      point.x = o.x + a[0];
      ok = carom_svg_shape_add (state->shape, point, error);
      break;
    case 'V':
      point.y = o.y + a[0];
      ok = carom_svg_shape_add (state->shape, point, error);
      break;
    case 'C':
    case 'S':
      {
        /* S's first control point mirrors the previous C or S's second one. */
        CgVec2 c1 = upper == 'C' ? cg_add (o, cg_v2 (a[0], a[1]))
                    : state->previous == 'C' || state->previous == 'S'
                        ? cg_sub (cg_scale (state->point, 2.0), state->control)
                        : state->point;
        const double *rest = upper == 'C' ? a + 2 : a;
        control = cg_add (o, cg_v2 (rest[0], rest[1]));
        point = cg_add (o, cg_v2 (rest[2], rest[3]));
        ok = carom_svg_flatten_cubic (state->shape, state->point, c1, control, point,
                                      state->tolerance, error);
        break;
      }
    case 'Q':
    case 'T':
      {
        /* T's control point mirrors the previous Q or T's. A quadratic is the
         * cubic with control points 2/3 of the way to its own. */
        CgVec2 q = upper == 'Q' ? cg_add (o, cg_v2 (a[0], a[1]))
                   : state->previous == 'Q' || state->previous == 'T'
                       ? cg_sub (cg_scale (state->point, 2.0), state->control)
                       : state->point;
        const double *rest = upper == 'Q' ? a + 2 : a;
        point = cg_add (o, cg_v2 (rest[0], rest[1]));
        control = q;
        CgVec2 c1 = cg_lerp (state->point, q, 2.0 / 3.0), c2 = cg_lerp (point, q, 2.0 / 3.0);
        ok = carom_svg_flatten_cubic (state->shape, state->point, c1, c2, point, state->tolerance,
                                      error);
        break;
      }
    case 'A':
      point = cg_add (o, cg_v2 (a[5], a[6]));
      /* A circular arc stays exact where the shape may keep it so (F.6.2:
       * coinciding ends draw nothing, a zero radius a line). */
      if (state->shape->exact && fabs (a[0]) == fabs (a[1]) && a[0] != 0.0
          && !(point.x == state->point.x && point.y == state->point.y))
        ok = carom_svg_shape_add_arc (state->shape, point, fabs (a[0]), a[3] != 0.0, a[4] != 0.0,
                                      error);
      else
        ok = carom_svg_flatten_arc (state->shape, state->point, a[0], a[1], a[2], a[3] != 0.0,
                                    a[4] != 0.0, point, state->tolerance, error);
      break;
    default:
      g_assert_not_reached ();
    }
  state->point = point;
  state->control = control;
  state->previous = upper;
  return ok;
}

gboolean
carom_svg_parse_path (const char *data, double tolerance, gboolean lenient, CaromSvgShape *shape,
                      char **warning, GError **error)
{
  PathState state = { .shape = shape, .tolerance = tolerance };
  g_autoptr (GError) local = NULL;
  char command = '\0';
  const char *p = data;
  *warning = NULL;

  for (;;)
    {
      while (carom_svg_is_space (*p))
        p++;
      if (*p == '\0')
        break;

      if (g_ascii_isalpha (*p))
        {
          if (command_arity (*p) < 0)
            {
              g_set_error (&local, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("unknown path command “%c”"), *p);
              break;
            }
          if (command == '\0' && *p != 'M' && *p != 'm')
            {
              g_set_error_literal (&local, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                                   _ ("path data must begin with a moveto (M)"));
              break;
            }
          command = *p++;
          while (carom_svg_is_space (*p))
            p++;
        }
      else if (command == '\0' || !starts_number (p))
        {
          g_autofree char *quoted = g_utf8_make_valid (p, MIN (strlen (p), QUOTE_BYTES));
          g_set_error (&local, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                       _ ("expected a path command at “%s”"), quoted);
          break;
        }
      else if (command == 'Z' || command == 'z')
        {
          g_set_error_literal (&local, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                               _ ("numbers after a closepath (Z)"));
          break;
        }

      double args[7];
      int arity = command_arity (command);
      if (!scan_arguments (&p, command, args, arity, &local))
        break;
      if (!run_command (&state, command, args, &local))
        break;
      /* Further number groups repeat the command; after a moveto they are linetos. */
      if (command == 'M')
        command = 'L';
      else if (command == 'm')
        command = 'l';
      /* A comma only ever separates numbers. */
      if (carom_svg_skip_comma_space (&p) && !starts_number (p))
        {
          g_set_error_literal (&local, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                               _ ("a comma that separates no numbers"));
          break;
        }
    }

  /* Limits hold whatever the leniency; so does everything before the error. */
  if (local != NULL && (!lenient || local->code == CAROM_SVG_ERROR_LIMIT))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  carom_svg_shape_end (shape, FALSE);
  if (local != NULL)
    *warning = g_strdup (local->message);
  return TRUE;
}
