/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-objects.c: shape elements into scene objects: walls and
 * obstacles (one polygon per contour, validated and oriented by role) and
 * balls, with their ids (given or automatic) and settings. */
#include "io/carom-svg-read-private.h"

#include <float.h>
#include <glib/gi18n-lib.h>
#include <string.h>

/* Objects without an id are named "wall-N", "obstacle-N", "ball-N", "beam-N" as they
 * are added, N counting the objects of that kind so far: the names
 * cm_scene_assign_ids() would give, unless the file itself uses such a
 * name somewhere, and then it gives them after all (auto_name_fix()). Named
 * now, the name lives in the object's own allocation. */
static const char *const auto_prefixes[4] = { "wall-", "obstacle-", "ball-", "beam-" };

/* The next automatic name for an object of this kind (0 wall, 1 obstacle,
 * 2 ball, 3 beam) in buf; marks the object about to be added as named so. */
static const char *
auto_name (ReadState *state, guint slot, char buf[32])
{
  guint n = ++state->counters[slot];
  gsize length = strlen (auto_prefixes[slot]);
  memcpy (buf, auto_prefixes[slot], length);
  char digits[16];
  gsize k = sizeof digits;
  do
    digits[--k] = (char)('0' + n % 10);
  while ((n /= 10) != 0);
  memcpy (buf + length, digits + k, sizeof digits - k);
  buf[length + sizeof digits - k] = '\0';

  guint index = state->scene->objects->len; /* the object about to be added */
  GByteArray *bits = state->auto_named;
  if (bits->len <= index / 8)
    {
      guint old_len = bits->len;
      g_byte_array_set_size (bits, MAX (64, 2 * (index / 8 + 1)));
      memset (bits->data + old_len, 0, bits->len - old_len);
    }
  state->auto_named->data[index / 8] |= (guint8)(1u << (index % 8));
  return buf;
}

/* When the file used a name of the automatic form, the names given while
 * reading may clash with it: they are taken back and given again by the
 * rule, skipping the names taken. */
void
carom_svg_reader_auto_name_fix (ReadState *state)
{
  if (!state->id_clash)
    return;
  GPtrArray *objects = state->scene->objects;
  for (guint i = 0; i < objects->len; i++)
    if (i / 8 < state->auto_named->len && (state->auto_named->data[i / 8] >> (i % 8)) & 1)
      cm_object_set_id (g_ptr_array_index (objects, i), NULL);
  cm_scene_assign_ids (state->scene);
}

/* An object id must be new to the scene. */
static gboolean
claim_id (ReadState *state, const char *id, GError **error)
{
  if (id == NULL)
    return TRUE;
  for (gsize k = 0; k < G_N_ELEMENTS (auto_prefixes) && !state->id_clash; k++)
    state->id_clash = g_str_has_prefix (id, auto_prefixes[k]);
  if (!g_hash_table_contains (state->ids, id))
    return TRUE;
  g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
               _ ("the id “%s” is already used by another object"), id);
  return FALSE;
}

/* Transforms (in place), cleans, validates and orients one contour of the
 * shape, noting in it whether its vertex order had to be reversed. */
static gboolean
make_polygon (CaromSvgShape *shape, CaromSvgContour *contour, CaromAffine ctm, CgRole role,
              GError **error)
{
  if (!contour->closed)
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("not a closed shape"));
      return FALSE;
    }

  CgVec2 *v = carom_svg_shape_points (shape, contour);
  for (guint i = 0; i < contour->length; i++)
    v[i] = carom_affine_apply (ctm, v[i]);
  contour->length = (guint)cg_polygon_remove_duplicates (v, contour->length);

  CgPolygonCheck check = cg_polygon_validate (v, contour->length);
  char x[CAROM_SVG_NUMBER_BUF], y[CAROM_SVG_NUMBER_BUF];
  switch (check.status)
    {
    case CG_POLYGON_OK:
      break;
    case CG_POLYGON_NOT_FINITE:
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("a coordinate is not a finite number (vertex %zu)"), check.index_a);
      return FALSE;
    case CG_POLYGON_TOO_LARGE:
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("a coordinate is too large (vertex %zu): Carom takes coordinates up to "
                      "1e150 in magnitude"),
                   check.index_a);
      return FALSE;
    case CG_POLYGON_TOO_FEW_POINTS:
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("fewer than 3 distinct points"));
      return FALSE;
    case CG_POLYGON_SELF_CROSSING:
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("edges %zu and %zu cross at (%s, %s)"), check.index_a, check.index_b,
                   carom_svg_format_number (x, check.where.x),
                   carom_svg_format_number (y, check.where.y));
      return FALSE;
    default:
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("not a valid polygon"));
      return FALSE;
    }
  contour->reversed = cg_polygon_orient (v, contour->length, role);
  return TRUE;
}

/* The message for a boundary with arcs that cg_curve_validate() refused. */
static void
set_curve_error (GError **error, const CgCurveCheck *check)
{
  char x[CAROM_SVG_NUMBER_BUF], y[CAROM_SVG_NUMBER_BUF];
  switch (check->status)
    {
    case CG_CURVE_NOT_FINITE:
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("a coordinate or radius is not a finite number (edge %zu)"), check->index_a);
      break;
    case CG_CURVE_TOO_LARGE:
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("a coordinate or radius is too large (edge %zu): Carom takes numbers up to "
                      "1e150 in magnitude"),
                   check->index_a);
      break;
    case CG_CURVE_TOO_FEW_EDGES:
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("too few edges to enclose anything"));
      break;
    case CG_CURVE_SHORT_EDGE:
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("edge %zu is too short, or its radius too small, for the scene's "
                      "tolerance"),
                   check->index_a);
      break;
    case CG_CURVE_BAD_ARC:
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("arc edge %zu does not fit its ends"), check->index_a);
      break;
    case CG_CURVE_ZERO_AREA:
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("the boundary encloses no area"));
      break;
    case CG_CURVE_SELF_CROSSING:
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("edges %zu and %zu cross or touch at (%s, %s)"), check->index_a,
                   check->index_b, carom_svg_format_number (x, check->where.x),
                   carom_svg_format_number (y, check->where.y));
      break;
    default:
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("not a valid boundary"));
    }
}

/* A contour with exact arcs (the element's transform is a similarity of
 * scale `scale`, a reflection when flip): transformed in place, its edges
 * built into shape->edges (arcs by carom_svg_arc_edge() in scene units, so
 * that reading Carom's own output again gives the same doubles), sides of
 * no length dropped, validated and oriented by role. */
static gboolean
make_curve (CaromSvgShape *shape, CaromSvgContour *contour, guint *next_arc, CaromAffine ctm,
            double scale, gboolean flip, CgRole role, GError **error)
{
  CgVec2 *v = carom_svg_shape_points (shape, contour);
  guint n = contour->length;
  if (shape->edges->len < shape->points->len)
    g_array_set_size (shape->edges, shape->points->len);
  CgCurveEdge *e = &g_array_index (shape->edges, CgCurveEdge, contour->start);
  for (guint i = 0; i < n; i++)
    {
      v[i] = carom_affine_apply (ctm, v[i]);
      e[i] = cg_curve_edge_straight ();
    }

  const CaromSvgArc *arcs = (const CaromSvgArc *)shape->arcs->data;
  guint k = *next_arc;
  while (k < shape->arcs->len && arcs[k].point < contour->start)
    k++;
  gboolean circle = FALSE;
  for (; k < shape->arcs->len && arcs[k].point < contour->start + n; k++)
    {
      guint j = arcs[k].point - contour->start;
      if (arcs[k].full)
        {
          /* The one vertex is the centre until now. */
          CgVec2 q = v[0];
          cg_curve_circle (q, arcs[k].r * scale, role, &v[0], &e[0]);
          circle = TRUE;
          continue;
        }
      if (j == 0)
        continue; /* an arc arrives at a vertex after the first */
      if (!cg_is_valid_vec2 (v[j - 1]) || !cg_is_valid_vec2 (v[j]))
        {
          g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                       _ ("a coordinate or radius is not a finite number (edge %zu)"),
                       (size_t)(j - 1));
          return FALSE;
        }
      CgCurveEdge arc;
      if (carom_svg_arc_edge (v[j - 1], v[j], arcs[k].r * scale, arcs[k].large,
                              flip ? !arcs[k].sweep : arcs[k].sweep, &arc))
        e[j - 1] = arc;
      else if (!(v[j - 1].x == v[j].x && v[j - 1].y == v[j].y)) /* else a side of no length */
        {
          char r[CAROM_SVG_NUMBER_BUF];
          g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                       _ ("arc edge %u is out of range (radius %s)"), j - 1,
                       carom_svg_format_number (r, arcs[k].r * scale));
          return FALSE;
        }
    }
  *next_arc = k;

  /* Sides of no length (a closing Z after an arc that came back, a rounded
   * rect's side between two corners that meet) go; an arc keeps its ends. */
  if (!circle)
    {
      guint m = 0;
      for (guint i = 0; i < n; i++)
        {
          CgVec2 next = v[(i + 1) % n];
          if (n - (i - m) > 1 && e[i].sweep == 0.0 && v[i].x == next.x && v[i].y == next.y)
            continue;
          v[m] = v[i];
          e[m] = e[i];
          m++;
        }
      n = m;
      contour->length = n;
    }

  CgCurveCheck check = cg_curve_validate (v, e, n, cg_curve_tolerance (v, e, n));
  if (check.status != CG_CURVE_OK)
    {
      set_curve_error (error, &check);
      return FALSE;
    }
  contour->reversed = cg_curve_orient (v, e, n, role);
  /* Reversing turns a straight edge's sweep into -0: the same edge, other bits. */
  for (guint i = 0; i < n; i++)
    if (e[i].sweep == 0.0)
      e[i] = cg_curve_edge_straight ();
  return TRUE;
}

/* Whether the element has parts Carom keeps as exact arcs under a
 * similarity: a circle, an ellipse, a rounded rect, a path's arcs. */
static gboolean
has_exact_curves (const CaromSvgElement *element)
{
  const char *name = element->name;
  if (strcmp (name, "circle") == 0 || strcmp (name, "ellipse") == 0)
    return TRUE;
  if (strcmp (name, "rect") == 0)
    {
      const char *rx = carom_svg_element_get (element, "rx", FALSE);
      const char *ry = carom_svg_element_get (element, "ry", FALSE);
      return (rx != NULL && g_ascii_strtod (rx, NULL) > 0.0)
             || (ry != NULL && g_ascii_strtod (ry, NULL) > 0.0);
    }
  if (strcmp (name, "path") == 0)
    {
      const char *d = carom_svg_element_get (element, "d", FALSE);
      return d != NULL && strpbrk (d, "Aa") != NULL;
    }
  return FALSE;
}

/* The object id of contour k of an element: a path with several subpaths
 * gives "p", "p-2", "p-3", ... */
static char *
contour_id (const char *id, guint k)
{
  if (id == NULL)
    return NULL;
  return k == 0 ? g_strdup (id) : g_strdup_printf ("%s-%u", id, k + 1);
}

/* The polygons of a wall or obstacle element in state->shape, one per
 * contour, all valid.
 * *warning: what stopped a lenient read early, or NULL. */
static gboolean
build_polygons (ReadState *state, const CaromSvgElement *element, CgRole role, CaromAffine ctm,
                char **warning, GError **error)
{
  CaromSvgShape *shape = &state->shape;
  /* The tolerance in the element's units, for the shapes that have curves. */
  double tolerance = state->tolerance;
  if (strncmp (element->name, "poly", 4) != 0)
    {
      tolerance /= carom_affine_max_scale (ctm);
      if (!(isfinite (tolerance) && tolerance > 0.0))
        tolerance = state->tolerance; /* a degenerate transform: validation says what is wrong */
    }

  carom_svg_shape_reset (shape, CAROM_SVG_MAX_SCENE_VERTICES - state->n_vertices);
  /* Circles stay exact under a transform that keeps them circles. */
  double scale = 0.0;
  shape->exact = carom_affine_similarity_scale (ctm, &scale) && isfinite (scale) && scale > 0.0;
  gboolean flip = ctm.a * ctm.d - ctm.b * ctm.c < 0.0;
  if (!carom_svg_shape_contours (element, tolerance, shape, warning, error))
    return FALSE;
  if (shape->contours->len == 0)
    {
      if (*warning != NULL)
        g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT, *warning);
      else
        g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                             _ ("no geometry"));
      return FALSE;
    }

  /* A viewer fills an open subpath as if it were closed: so does the import
   * of a filled shape without carom:role (a line has no inside). */
  gboolean fill_closes
      = element->lenient && role == CG_ROLE_OBSTACLE && strcmp (element->name, "line") != 0;
  guint next_arc = 0;
  for (guint k = 0; k < shape->contours->len; k++)
    {
      CaromSvgContour *contour = &g_array_index (shape->contours, CaromSvgContour, k);
      contour->closed = contour->closed || fill_closes;
      gboolean made;
      if (contour->curved && contour->closed)
        made = make_curve (shape, contour, &next_arc, ctm, scale, flip, role, error);
      else
        made = make_polygon (shape, contour, ctm, role, error);
      if (!made)
        {
          if (shape->contours->len > 1)
            g_prefix_error (error, _ ("subpath %u: "), k + 1);
          if (*warning != NULL)
            g_prefix_error (error, "%s; ", *warning);
          return FALSE;
        }
    }
  return TRUE;
}

/* carom:direction "dx dy" (a comma works too), non-zero and finite. beam:
 * for the message when it is missing. */
static gboolean
read_direction (const CaromSvgElement *element, gboolean beam, CgVec2 *direction, GError **error)
{
  const char *text = carom_svg_element_get (element, "direction", TRUE);
  if (text == NULL)
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           beam ? _ ("a beam needs carom:direction")
                                : _ ("a ball needs carom:direction"));
      return FALSE;
    }
  g_autoptr (GArray) numbers = g_array_new (FALSE, FALSE, sizeof (double));
  if (!carom_svg_parse_number_list (text, numbers, 3, error))
    {
      g_prefix_error (error, _ ("attribute “%s”: "), "carom:direction");
      return FALSE;
    }
  if (numbers->len != 2)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("attribute “%s”: needs two numbers, dx and dy"), "carom:direction");
      return FALSE;
    }
  *direction = cg_v2 (g_array_index (numbers, double, 0), g_array_index (numbers, double, 1));
  if (direction->x == 0.0 && direction->y == 0.0)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("attribute “%s”: the direction is zero"), "carom:direction");
      return FALSE;
    }
  return TRUE;
}

/* carom:max-bounces: a non-negative integer, CAROM_DEFAULT_MAX_BOUNCES when absent. */
static gboolean
read_max_bounces (const CaromSvgElement *element, guint *max_bounces, GError **error)
{
  const char *text = carom_svg_element_get (element, "max-bounces", TRUE);
  *max_bounces = CAROM_DEFAULT_MAX_BOUNCES;
  if (text == NULL)
    return TRUE;

  guint64 value = 0;
  g_autoptr (GError) local = NULL;
  g_autofree char *trimmed = g_strstrip (g_strdup (text));
  if (g_ascii_string_to_unsigned (trimmed, 10, 0, CAROM_SVG_MAX_BOUNCES, &value, &local))
    {
      *max_bounces = (guint)value;
      return TRUE;
    }
  if (g_error_matches (local, G_NUMBER_PARSER_ERROR, G_NUMBER_PARSER_ERROR_OUT_OF_BOUNDS))
    g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                 _ ("attribute “%s”: more than %d bounces (the limit)"), "carom:max-bounces",
                 CAROM_SVG_MAX_BOUNCES);
  else
    g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                 _ ("attribute “%s”: “%s” is not a non-negative integer"), "carom:max-bounces",
                 text);
  return FALSE;
}

/* A ball as the scene stores it. */
typedef struct
{
  CgVec2 centre;
  double radius;
  CgVec2 direction; ///< not normalised
  guint max_bounces;
} Ball;

/* A ball: a circle, under a transform that keeps it a circle (rotation,
 * uniform scale, reflection, translation). The radius scales with it; the
 * direction turns with its linear part. */
static gboolean
build_ball (const CaromSvgElement *element, CaromAffine ctm, Ball *ball, GError **error)
{
  if (strcmp (element->name, "circle") != 0)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("a ball must be a <circle>, not a <%s>"), element->name);
      return FALSE;
    }

  *ball = (Ball){ { 0.0, 0.0 }, 0.0, { 0.0, 0.0 }, 0 };
  const struct
  {
    const char *name;
    CaromSvgLengthAxis axis;
    double *value;
  } lengths[] = {
    { "cx", CAROM_SVG_LENGTH_X, &ball->centre.x },
    { "cy", CAROM_SVG_LENGTH_Y, &ball->centre.y },
    { "r", CAROM_SVG_LENGTH_OTHER, &ball->radius },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (lengths); i++)
    {
      const char *text = carom_svg_element_get (element, lengths[i].name, FALSE);
      if (text != NULL
          && !carom_svg_parse_length (text, &element->viewport, lengths[i].axis, lengths[i].value,
                                      error))
        {
          g_prefix_error (error, _ ("attribute “%s”: "), lengths[i].name);
          return FALSE;
        }
    }
  if (!(ball->radius > 0.0))
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("the ball's radius must be greater than 0"));
      return FALSE;
    }
  CgVec2 direction;
  if (!read_direction (element, FALSE, &direction, error)
      || !read_max_bounces (element, &ball->max_bounces, error))
    return FALSE;

  double scale;
  if (!carom_affine_similarity_scale (ctm, &scale))
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("a ball's transform must keep it round (no skew or uneven scale)"));
      return FALSE;
    }
  ball->centre = carom_affine_apply (ctm, ball->centre);
  ball->radius *= scale;
  ball->direction = carom_affine_apply_linear (ctm, direction);
  if (!cg_is_valid_vec2 (ball->centre) || !isfinite (ball->radius) || !(ball->radius > 0.0)
      || !cg_is_valid_vec2 (ball->direction)
      || (ball->direction.x == 0.0 && ball->direction.y == 0.0))
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("the transform leaves the ball degenerate or out of range"));
      return FALSE;
    }
  if (!cg_vec2_in_range (ball->centre) || !cg_in_range (ball->radius))
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("the ball's centre or radius is too large: Carom takes numbers up "
                              "to 1e150 in magnitude"));
      return FALSE;
    }
  return TRUE;
}

static void
add_ball (ReadState *state, const char *id, const Ball *ball)
{
  char name[32];
  gboolean named = id != NULL;
  if (!named)
    id = auto_name (state, 2, name);
  else
    state->counters[2]++;
  CmObject *object = cm_scene_add_ball (state->scene, id, ball->centre, ball->radius,
                                        ball->direction, ball->max_bounces);
  /* Keep a direction that is already a unit vector as written, so that
   * writing and reading again cannot drift it by an ulp. */
  if (fabs (cg_length_sq (ball->direction) - 1.0) <= 4.0 * DBL_EPSILON)
    object->direction = ball->direction;
  if (named)
    g_hash_table_add (state->ids, object->id);
}

/* A positive integer attribute in Carom's namespace, at most limit
 * (a CAROM_SVG_ERROR_LIMIT above it, naming it). */
static gboolean
read_count (const CaromSvgElement *element, guint *count, GError **error)
{
  const char *text = carom_svg_element_get (element, "count", TRUE);
  if (text == NULL)
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("a beam needs carom:count, its number of rays"));
      return FALSE;
    }
  guint64 value = 0;
  g_autoptr (GError) local = NULL;
  g_autofree char *trimmed = g_strstrip (g_strdup (text));
  if (g_ascii_string_to_unsigned (trimmed, 10, 1, CAROM_SVG_MAX_BEAM_RAYS, &value, &local))
    {
      *count = (guint)value;
      return TRUE;
    }
  /* Out of bounds above: digits only, not 0. */
  gboolean digits = trimmed[0] != '\0';
  for (const char *p = trimmed; *p != '\0'; p++)
    digits = digits && g_ascii_isdigit (*p);
  if (g_error_matches (local, G_NUMBER_PARSER_ERROR, G_NUMBER_PARSER_ERROR_OUT_OF_BOUNDS) && digits
      && strspn (trimmed, "0") != strlen (trimmed))
    g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                 _ ("attribute “%s”: more than %d rays (the limit for one beam)"), "carom:count",
                 CAROM_SVG_MAX_BEAM_RAYS);
  else
    g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                 _ ("attribute “%s”: “%s” is not a positive integer"), "carom:count", text);
  return FALSE;
}

/* One number in Carom's namespace (the whole attribute), finite. */
static gboolean
read_carom_number (const CaromSvgElement *element, const char *name, double *value, GError **error)
{
  const char *text = carom_svg_element_get (element, name, TRUE);
  if (text == NULL)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("attribute “carom:%s” is missing"), name);
      return FALSE;
    }
  g_autoptr (GArray) numbers = g_array_new (FALSE, FALSE, sizeof (double));
  if (!carom_svg_parse_number_list (text, numbers, 2, error))
    {
      g_prefix_error (error, _ ("attribute “carom:%s”: "), name);
      return FALSE;
    }
  if (numbers->len != 1 || !isfinite (g_array_index (numbers, double, 0)))
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("attribute “carom:%s”: “%s” is not one finite number"), name, text);
      return FALSE;
    }
  *value = g_array_index (numbers, double, 0);
  return TRUE;
}

/* A beam (scene-format.md): a fan is a <circle> (cx, cy, r, carom:spread),
 * a parallel beam a <line> (x1, y1, x2, y2, carom:radius); both with
 * carom:direction, carom:count and carom:max-bounces. As for a ball, the
 * transform must keep circles round; points, radius and direction follow it
 * (the spread is an angle, which a similarity keeps). */
static CmObject *
build_beam (const CaromSvgElement *element, CaromAffine ctm, GError **error)
{
  gboolean fan = strcmp (element->name, "circle") == 0;
  if (!fan && strcmp (element->name, "line") != 0)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("a beam must be a <circle> (a fan) or a <line> (a parallel beam), not a "
                      "<%s>"),
                   element->name);
      return NULL;
    }
  CgVec2 p1 = { 0.0, 0.0 }, p2 = { 0.0, 0.0 };
  double radius = 0.0;
  const struct
  {
    const char *name;
    CaromSvgLengthAxis axis;
    double *value;
  } circle[] = {
    { "cx", CAROM_SVG_LENGTH_X, &p1.x },
    { "cy", CAROM_SVG_LENGTH_Y, &p1.y },
    { "r", CAROM_SVG_LENGTH_OTHER, &radius },
  },
    line[] = {
      { "x1", CAROM_SVG_LENGTH_X, &p1.x },
      { "y1", CAROM_SVG_LENGTH_Y, &p1.y },
      { "x2", CAROM_SVG_LENGTH_X, &p2.x },
      { "y2", CAROM_SVG_LENGTH_Y, &p2.y },
    };
  gsize n_lengths = fan ? G_N_ELEMENTS (circle) : G_N_ELEMENTS (line);
  for (gsize i = 0; i < n_lengths; i++)
    {
      const char *name = fan ? circle[i].name : line[i].name;
      const char *text = carom_svg_element_get (element, name, FALSE);
      if (text != NULL
          && !carom_svg_parse_length (text, &element->viewport, fan ? circle[i].axis : line[i].axis,
                                      fan ? circle[i].value : line[i].value, error))
        {
          g_prefix_error (error, _ ("attribute “%s”: "), name);
          return NULL;
        }
    }
  if (!fan && !read_carom_number (element, "radius", &radius, error))
    return NULL;
  if (!(radius > 0.0) || !isfinite (radius))
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("attribute “%s”: the beam's radius must be a finite number greater than 0"),
                   fan ? "r" : "carom:radius");
      return NULL;
    }
  double spread = 0.0;
  if (fan)
    {
      if (!read_carom_number (element, "spread", &spread, error))
        return NULL;
      if (!(spread >= 0.0 && spread <= 360.0))
        {
          g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                       _ ("attribute “%s”: the spread must be from 0 to 360 degrees"),
                       "carom:spread");
          return NULL;
        }
    }
  CgVec2 direction;
  guint count, max_bounces;
  if (!read_direction (element, TRUE, &direction, error) || !read_count (element, &count, error)
      || !read_max_bounces (element, &max_bounces, error))
    return NULL;
  if (!cg_is_valid_vec2 (direction))
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("attribute “%s”: the direction is not finite"), "carom:direction");
      return NULL;
    }

  double scale;
  if (!carom_affine_similarity_scale (ctm, &scale))
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("a beam's transform must keep it round (no skew or uneven scale)"));
      return NULL;
    }
  p1 = carom_affine_apply (ctm, p1);
  p2 = carom_affine_apply (ctm, p2);
  radius *= scale;
  CgVec2 mapped = carom_affine_apply_linear (ctm, direction);
  if (!cg_is_valid_vec2 (p1) || !cg_is_valid_vec2 (p2) || !isfinite (radius) || !(radius > 0.0)
      || !cg_is_valid_vec2 (mapped) || (mapped.x == 0.0 && mapped.y == 0.0)
      || !cg_is_valid_vec2 (cg_normalize (mapped)))
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("the transform leaves the beam degenerate or out of range"));
      return NULL;
    }
  if (!cg_vec2_in_range (p1) || !cg_vec2_in_range (p2) || !cg_in_range (radius))
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("the beam's points or radius are too large: Carom takes numbers up "
                              "to 1e150 in magnitude"));
      return NULL;
    }
  CmObject *object
      = fan ? cm_object_new_fan_beam (NULL, p1, radius, mapped, spread, count, max_bounces)
            : cm_object_new_parallel_beam (NULL, p1, p2, radius, mapped, count, max_bounces);
  /* A unit direction stays as written, as for balls. */
  if (fabs (cg_length_sq (mapped) - 1.0) <= 4.0 * DBL_EPSILON)
    object->direction = mapped;
  return object;
}

static void
add_beam (ReadState *state, const char *id, CmObject *beam)
{
  char name[32];
  gboolean named = id != NULL;
  if (!named)
    id = auto_name (state, 3, name);
  else
    state->counters[3]++;
  cm_object_set_id (beam, id);
  g_ptr_array_add (state->scene->objects, beam);
  if (named)
    g_hash_table_add (state->ids, beam->id);
}

/* Adds the polygons in state->shape, one object per contour (one allocation
 * each). explicit_order: the file gave the vertex order (polygon, polyline,
 * path), so that reversing it is worth a flag; a rect or circle has no order
 * of its own. */
static gboolean
add_polygons (ReadState *state, const char *id, CgRole role, gboolean explicit_order,
              GError **error)
{
  const CaromSvgShape *shape = &state->shape;
  gsize n_vertices = 0;
  for (guint k = 0; k < shape->contours->len; k++)
    {
      if (id != NULL)
        {
          g_autofree char *object_id = contour_id (id, k);
          if (!claim_id (state, object_id, error))
            return FALSE;
        }
      n_vertices += g_array_index (shape->contours, CaromSvgContour, k).length;
    }
  if (n_vertices > CAROM_SVG_MAX_SCENE_VERTICES - state->n_vertices)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                   _ ("more than %d vertices in the scene (the limit for one file)"),
                   CAROM_SVG_MAX_SCENE_VERTICES);
      return FALSE;
    }
  state->n_vertices += n_vertices;

  const char *name_used;
  for (guint k = 0; k < shape->contours->len; k++)
    {
      const CaromSvgContour *contour = &g_array_index (shape->contours, CaromSvgContour, k);
      g_autofree char *object_id = contour_id (id, k);
      guint slot = role == CG_ROLE_WALL ? 0 : 1;
      char name[32];
      if (object_id == NULL)
        name_used = auto_name (state, slot, name);
      else
        {
          state->counters[slot]++;
          name_used = object_id;
        }
      CmObject *object = cm_scene_add_polygon (
          state->scene, name_used, role, carom_svg_shape_points (shape, contour), contour->length);
      object->reversed = explicit_order && contour->reversed;
      /* Edges only where an arc is left (one whose ends met is a side of no length). */
      const CgCurveEdge *edges
          = contour->curved ? &g_array_index (shape->edges, CgCurveEdge, contour->start) : NULL;
      gboolean arcs = FALSE;
      for (guint i = 0; edges != NULL && i < contour->length; i++)
        arcs = arcs || edges[i].sweep != 0.0;
      if (arcs)
        cm_object_set_edges (object, edges);
      if (object_id != NULL)
        g_hash_table_add (state->ids, object->id);
    }
  return TRUE;
}

static gboolean
parse_role (const char *text, CmObjectKind *kind, CgRole *role)
{
  *kind = CM_OBJECT_POLYGON;
  if (strcmp (text, "wall") == 0)
    *role = CG_ROLE_WALL;
  else if (strcmp (text, "obstacle") == 0)
    *role = CG_ROLE_OBSTACLE;
  else if (strcmp (text, "ball") == 0)
    *kind = CM_OBJECT_BALL;
  else if (strcmp (text, "beam") == 0)
    *kind = CM_OBJECT_BEAM;
  else
    return FALSE;
  return TRUE;
}

/* carom:on-hit on a polygon (geometry.md): "stop" (the default) or
 * "reflect" on an obstacle. A wall always reflects the ball, so the
 * attribute there is refused rather than silently meaning nothing. */
static gboolean
read_on_hit (const CaromSvgElement *element, CgRole role, CgOnHit *on_hit, GError **error)
{
  const char *text = carom_svg_element_get (element, "on-hit", TRUE);
  *on_hit = CG_ON_HIT_STOP;
  if (text == NULL)
    return TRUE;
  if (role == CG_ROLE_WALL)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("attribute “%s” is for obstacles only: a wall always reflects the ball"),
                   "carom:on-hit");
      return FALSE;
    }
  if (strcmp (text, "stop") == 0)
    return TRUE;
  if (strcmp (text, "reflect") == 0)
    {
      *on_hit = CG_ON_HIT_REFLECT;
      return TRUE;
    }
  g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
               _ ("attribute “%s”: “%s” is neither stop nor reflect"), "carom:on-hit", text);
  return FALSE;
}

/* A shape element: with carom:role an object that must be valid; without
 * one, a wall or obstacle by its fill, or a reason in the summary. Errors
 * come without the element's name; the caller adds it. */
gboolean
carom_svg_reader_read_shape (ReadState *state, const CaromSvgElement *element, const char *id,
                             int line, const char *role_text, gboolean filled, CaromAffine ctm,
                             GError **error)
{
  CmObjectKind kind = CM_OBJECT_POLYGON;
  CgRole role = filled ? CG_ROLE_OBSTACLE : CG_ROLE_WALL;
  if (role_text != NULL && !parse_role (role_text, &kind, &role))
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("unknown carom:role “%s” (expected wall, obstacle, ball or beam)"),
                   role_text);
      return FALSE;
    }
  if (!claim_id (state, id, error))
    return FALSE;

  g_autoptr (GError) local = NULL;
  g_autofree char *warning = NULL;
  Ball spec;
  g_autoptr (CmObject) beam = NULL;
  CgOnHit on_hit = CG_ON_HIT_STOP;
  gboolean built;
  if (kind == CM_OBJECT_BALL)
    built = build_ball (element, ctm, &spec, &local);
  else if (kind == CM_OBJECT_BEAM)
    built = (beam = build_beam (element, ctm, &local)) != NULL;
  else
    built = read_on_hit (element, role, &on_hit, &local)
            && build_polygons (state, element, role, ctm, &warning, &local);
  if (!built)
    {
      /* A shape nobody asked for is skipped for any fault but a limit. */
      if (role_text == NULL && local->code == CAROM_SVG_ERROR_INVALID_OBJECT)
        {
          carom_svg_reader_add_note (state->skips, element->name, id, line, local->message);
          return TRUE;
        }
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }

  if (kind == CM_OBJECT_BALL)
    {
      add_ball (state, id, &spec);
      return TRUE;
    }
  if (kind == CM_OBJECT_BEAM)
    {
      add_beam (state, id, g_steal_pointer (&beam));
      return TRUE;
    }
  gboolean explicit_order = strcmp (element->name, "polygon") == 0
                            || strcmp (element->name, "polyline") == 0
                            || strcmp (element->name, "path") == 0;
  guint first = state->scene->objects->len;
  if (!add_polygons (state, id, role, explicit_order, error))
    return FALSE;
  for (guint i = first; i < state->scene->objects->len; i++)
    ((CmObject *)g_ptr_array_index (state->scene->objects, i))->on_hit = (guint8)on_hit;
  if (warning != NULL)
    carom_svg_reader_add_note (state->partial, element->name, id, line, warning);
  if (!state->shape.exact && has_exact_curves (element))
    carom_svg_reader_add_note (
        state->reinterpreted, element->name, id, line,
        _ ("with round parts under a transform that does not keep circles round (a non-uniform "
           "scale or a skew): traced as straight edges within the tolerance, not as exact arcs"));
  if (role_text == NULL && role == CG_ROLE_WALL)
    state->taken_walls += state->shape.contours->len;
  else if (role_text == NULL)
    state->taken_obstacles += state->shape.contours->len;
  return TRUE;
}
