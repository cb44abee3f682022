/* carom-svg-reader.c: reads a scene from SVG (scene-format.md), streaming
 * with libxml2's xmlTextReader.
 *
 * Safety: libxml2 never substitutes entities, loads a DTD, follows XInclude
 * or touches the network here, and any document that declares entities is
 * refused before an attribute is read (libxml2 2.9 expands entities in
 * attribute values lazily and without limits). Sizes are bounded by the
 * limits in carom-svg-private.h.
 *
 * Elements with carom:role are scene objects and must be valid. Shapes
 * without one (a drawing from Inkscape, say) are taken by their fill
 * (none: a wall; anything else: an obstacle) when they can be, and
 * skipped with a reason in the summary when they cannot. */
#include "io/carom-svg-private.h"

#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/xmlreader.h>
#include <string.h>
#include <unistd.h>

GQuark
carom_svg_error_quark (void)
{
  return g_quark_from_static_string ("carom-svg-error-quark");
}

/* The parser options: the safe subset. Never XML_PARSE_NOENT, _DTDLOAD,
 * _XINCLUDE or _HUGE. */
#define READER_OPTIONS (XML_PARSE_NONET | XML_PARSE_NOBLANKS)

/* How many element names a summary line lists before "…". */
#define SUMMARY_NAMES 3

/* What the reader knows from an element's ancestors. */
typedef struct
{
  CaromAffine ctm;  ///< user units to scene units
  gboolean filled;  ///< the inherited fill is not "none"
  gboolean skipped; ///< inside content that is not read
} Frame;

/* Skipped elements that share an element name and a reason. */
typedef struct
{
  char *element;
  char *reason;
  guint count;
  GPtrArray *names; ///< the first SUMMARY_NAMES ids or "line N"
} SkipGroup;

typedef struct
{
  xmlTextReaderPtr reader;
  double tolerance;
  CaromScene *scene;
  GHashTable *ids; ///< ids of scene objects so far (borrowed from the scene)
  GArray *frames;  ///< of Frame, one per open element
  gboolean seen_root;
  gboolean root_has_namespace;
  guint n_elements;
  gsize n_vertices;

  GError *xml_error; ///< the first error libxml2 reported

  /* The current element's attributes, reused from element to element. */
  GArray *attributes;    ///< of CaromSvgAttribute
  GArray *value_offsets; ///< of gsize: where each value starts in values
  GString *values;       ///< the values, each with its NUL

  guint taken_walls, taken_obstacles;
  GPtrArray *skips; ///< of SkipGroup*, in order of first appearance
} ReadState;

/* What an element is to the reader. */
typedef enum
{
  ELEMENT_GROUP,  ///< its children are read
  ELEMENT_SHAPE,  ///< a wall, obstacle or ball
  ELEMENT_SILENT, ///< not drawn content (defs, metadata, ...): skipped without a word
  ELEMENT_OTHER,  ///< drawn, but not a shape (text, image, ...): skipped and reported
} ElementKind;

static void
skip_group_free (SkipGroup *group)
{
  g_free (group->element);
  g_free (group->reason);
  g_ptr_array_unref (group->names);
  g_free (group);
}

static ElementKind
classify_element (const char *name)
{
  static const char *const groups[] = { "svg", "g", "a", "switch" };
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
  for (gsize i = 0; i < G_N_ELEMENTS (groups); i++)
    if (strcmp (name, groups[i]) == 0)
      return ELEMENT_GROUP;
  if (carom_svg_is_shape (name))
    return ELEMENT_SHAPE;
  for (gsize i = 0; i < G_N_ELEMENTS (silent); i++)
    if (strcmp (name, silent[i]) == 0)
      return ELEMENT_SILENT;
  return ELEMENT_OTHER;
}

/* The element's line. libxml2 keeps element lines in 16 bits; past that,
 * the parser's line is the best guess (it may run a little ahead). */
static int
element_line (xmlTextReaderPtr reader)
{
  xmlNodePtr node = xmlTextReaderCurrentNode (reader);
  if (node != NULL && node->line > 0 && node->line < G_MAXUINT16)
    return node->line;
  return xmlTextReaderGetParserLineNumber (reader);
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

/* ---- libxml2's errors ---------------------------------------------------- */

/* libxml2's complaints about entities: they reach us only from an encoding
 * the byte scan for declarations cannot read (UTF-7, say). */
static gboolean
is_entity_error (int code)
{
  static const int codes[] = {
    XML_ERR_ENTITY_LOOP,           XML_ERR_ENTITY_IS_EXTERNAL, XML_ERR_ENTITY_IS_PARAMETER,
    XML_ERR_UNPARSED_ENTITY,       XML_ERR_ENTITY_PROCESSING,  XML_ERR_ENTITY_BOUNDARY,
    XML_ERR_EXT_ENTITY_STANDALONE,
  };
  for (gsize i = 0; i < G_N_ELEMENTS (codes); i++)
    if (code == codes[i])
      return TRUE;
  return FALSE;
}

static void
on_xml_error (void *data, xmlErrorPtr xml_error)
{
  ReadState *state = data;
  if (xml_error == NULL || xml_error->level < XML_ERR_ERROR || state->xml_error != NULL)
    return;

  g_autofree char *message
      = g_utf8_make_valid (xml_error->message != NULL ? xml_error->message : "", -1);
  g_strstrip (message);
  int line = xml_error->line;

  if (is_entity_error (xml_error->code) || xml_error->domain == XML_FROM_IO)
    g_set_error (&state->xml_error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_HOSTILE,
                 _ ("Refused at line %d: %s (entities and external resources are not read)"), line,
                 message);
  else if (strstr (message, "Excessive depth") != NULL)
    g_set_error (&state->xml_error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                 _ ("Elements are nested deeper than %d levels (the limit) at line %d"),
                 CAROM_SVG_MAX_DEPTH, line);
  else if (strstr (message, "XML_PARSE_HUGE") != NULL || strstr (message, "Huge input") != NULL)
    g_set_error (&state->xml_error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                 _ ("Over libxml2's size limits at line %d: %s"), line, message);
  else
    g_set_error (&state->xml_error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_NOT_XML,
                 _ ("Not well-formed XML at line %d: %s"), line, message);
}

/* Errors raised outside the reader's own handler go nowhere (never to stderr). */
static void
ignore_generic_error (void *data, const char *format, ...)
{
  (void)data;
  (void)format;
}

/* External entities and DTDs are never fetched, whatever asks for them. */
static xmlParserInputPtr
deny_external_entity (const char *url, const char *id, xmlParserCtxtPtr context)
{
  (void)url;
  (void)id;
  (void)context;
  return NULL;
}

/* ---- hostile documents --------------------------------------------------- */

/* The line of byte offset in data. */
static int
line_at (const char *data, gsize offset)
{
  int line = 1;
  for (gsize i = 0; i < offset; i++)
    line += data[i] == '\n';
  return line;
}

/* Entity declarations, found in the raw bytes before libxml2 sees them, so
 * that not even the DTD's own checks run on an entity bomb. The UTF-16
 * spellings are covered too. Behind this, for encodings a byte scan cannot
 * read, the reader refuses a DTD with entities before it reads any
 * attribute, and libxml2's entity errors count as hostile. */
static gboolean
check_no_entity_declarations (const char *data, gsize length, GError **error)
{
  static const char utf8[] = "<!ENTITY";
  char utf16le[2 * sizeof utf8], utf16be[2 * sizeof utf8];
  for (gsize i = 0; i < sizeof utf8 - 1; i++)
    {
      utf16le[2 * i] = utf8[i], utf16le[2 * i + 1] = '\0';
      utf16be[2 * i] = '\0', utf16be[2 * i + 1] = utf8[i];
    }
  const struct
  {
    const char *needle;
    gsize length;
  } spellings[] = {
    { utf8, sizeof utf8 - 1 },
    { utf16le, 2 * (sizeof utf8 - 1) },
    { utf16be, 2 * (sizeof utf8 - 1) },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (spellings); i++)
    {
      const char *found = memmem (data, length, spellings[i].needle, spellings[i].length);
      if (found != NULL)
        {
          g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_HOSTILE,
                       _ ("The document declares an XML entity (line %d); Carom refuses entity "
                          "declarations because they can read files or expand without bound"),
                       line_at (data, (gsize)(found - data)));
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
check_dtd (xmlDtdPtr dtd, GError **error)
{
  if (dtd == NULL)
    return TRUE;
  if ((dtd->entities != NULL && xmlHashSize (dtd->entities) > 0)
      || (dtd->pentities != NULL && xmlHashSize (dtd->pentities) > 0))
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_HOSTILE,
                           _ ("The document type declares XML entities; Carom refuses them "
                              "because they can read files or expand without bound"));
      return FALSE;
    }
  return TRUE;
}

/* ---- summary -------------------------------------------------------------- */

static void
note_skipped (ReadState *state, const char *element, const char *id, int line, const char *reason)
{
  SkipGroup *group = NULL;
  for (guint i = 0; i < state->skips->len && group == NULL; i++)
    {
      SkipGroup *candidate = g_ptr_array_index (state->skips, i);
      if (strcmp (candidate->element, element) == 0 && strcmp (candidate->reason, reason) == 0)
        group = candidate;
    }
  if (group == NULL)
    {
      group = g_new0 (SkipGroup, 1);
      group->element = g_strdup (element);
      group->reason = g_strdup (reason);
      group->names = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (state->skips, group);
    }
  group->count++;
  if (group->names->len < SUMMARY_NAMES)
    g_ptr_array_add (group->names,
                     id != NULL ? g_strdup (id) : g_strdup_printf (_ ("line %d"), line));
}

static GPtrArray *
build_summary (const ReadState *state)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
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
  for (guint i = 0; i < state->skips->len; i++)
    {
      const SkipGroup *group = g_ptr_array_index (state->skips, i);
      g_autoptr (GString) names = g_string_new (NULL);
      for (guint k = 0; k < group->names->len; k++)
        g_string_append_printf (names, "%s%s", k > 0 ? ", " : "",
                                (const char *)g_ptr_array_index (group->names, k));
      if (group->count > group->names->len)
        g_string_append (names, ", …");
      g_ptr_array_add (
          lines, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Skipped %u <%s> element (%s): %s.",
                                               "Skipped %u <%s> elements (%s): %s.", group->count),
                                  group->count, group->element, names->str, group->reason));
    }
  return lines;
}

/* ---- presentation: display and fill -------------------------------------- */

/* A presentation property, trimmed: the style attribute wins over the attribute. */
static char *
dup_property (const CaromSvgElement *element, const char *style, const char *name)
{
  char *value = carom_svg_style_dup_property (style, name);
  if (value == NULL)
    value = g_strdup (carom_svg_element_get (element, name, FALSE));
  return value != NULL ? g_strstrip (value) : NULL;
}

/* ---- objects ------------------------------------------------------------- */

/* An object id must be new to the scene. */
static gboolean
claim_id (ReadState *state, const char *id, GError **error)
{
  if (id == NULL || !g_hash_table_contains (state->ids, id))
    return TRUE;
  g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
               _ ("the id “%s” is already used by another object"), id);
  return FALSE;
}

/* A contour in scene units, checked and oriented for its role (geometry.md). */
typedef struct
{
  GArray *points; ///< of CgVec2, a reference to the contour's
  gboolean reversed;
} Polygon;

static void
polygon_clear (Polygon *polygon)
{
  g_clear_pointer (&polygon->points, g_array_unref);
}

/* Transforms (in place), cleans, validates and orients one contour. */
static gboolean
make_polygon (CaromSvgContour *contour, CaromAffine ctm, CgRole role, Polygon *polygon,
              GError **error)
{
  if (!contour->closed)
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("not a closed shape"));
      return FALSE;
    }

  GArray *points = polygon->points = g_array_ref (contour->points);
  CgVec2 *v = (CgVec2 *)points->data;
  for (guint i = 0; i < points->len; i++)
    v[i] = carom_affine_apply (ctm, v[i]);
  g_array_set_size (points, (guint)cg_polygon_remove_duplicates (v, points->len));

  CgPolygonCheck check = cg_polygon_validate ((CgVec2 *)points->data, points->len);
  char x[CAROM_SVG_NUMBER_BUF], y[CAROM_SVG_NUMBER_BUF];
  switch (check.status)
    {
    case CG_POLYGON_OK:
      break;
    case CG_POLYGON_NOT_FINITE:
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("a coordinate is not a finite number (vertex %zu)"), check.index_a);
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
  polygon->reversed = cg_polygon_orient ((CgVec2 *)points->data, points->len, role);
  return TRUE;
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

/* The polygons of a wall or obstacle element, one per contour, all valid. */
static gboolean
build_polygons (ReadState *state, const CaromSvgElement *element, CgRole role, CaromAffine ctm,
                GArray *polygons, GError **error)
{
  double tolerance = state->tolerance / carom_affine_max_scale (ctm);
  if (!(isfinite (tolerance) && tolerance > 0.0))
    tolerance = state->tolerance; /* a degenerate transform: validation says what is wrong */

  g_autoptr (GPtrArray) contours
      = g_ptr_array_new_with_free_func ((GDestroyNotify)carom_svg_contour_free);
  if (!carom_svg_shape_contours (element, tolerance, contours, error))
    return FALSE;
  if (contours->len == 0)
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("no geometry"));
      return FALSE;
    }

  g_array_set_size (polygons, contours->len);
  for (guint k = 0; k < contours->len; k++)
    {
      Polygon *polygon = &g_array_index (polygons, Polygon, k);
      if (!make_polygon (g_ptr_array_index (contours, k), ctm, role, polygon, error))
        {
          if (contours->len > 1)
            g_prefix_error (error, _ ("subpath %u: "), k + 1);
          return FALSE;
        }
    }
  return TRUE;
}

/* carom:direction "dx dy" (a comma works too), non-zero. */
static gboolean
read_direction (const CaromSvgElement *element, CgVec2 *direction, GError **error)
{
  const char *text = carom_svg_element_get (element, "direction", TRUE);
  if (text == NULL)
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("a ball needs carom:direction"));
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
    double *value;
  } lengths[] = { { "cx", &ball->centre.x }, { "cy", &ball->centre.y }, { "r", &ball->radius } };
  for (gsize i = 0; i < G_N_ELEMENTS (lengths); i++)
    {
      const char *text = carom_svg_element_get (element, lengths[i].name, FALSE);
      if (text != NULL && !carom_svg_parse_length (text, lengths[i].value, error))
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
  if (!read_direction (element, &direction, error)
      || !read_max_bounces (element, &ball->max_bounces, error))
    return FALSE;

  /* A similarity has orthogonal columns of equal length. */
  double col1 = ctm.a * ctm.a + ctm.b * ctm.b, col2 = ctm.c * ctm.c + ctm.d * ctm.d;
  double slack = 1e-9 * (col1 + col2);
  if (fabs (ctm.a * ctm.c + ctm.b * ctm.d) > slack || fabs (col1 - col2) > slack)
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("a ball's transform must keep it round (no skew or uneven scale)"));
      return FALSE;
    }
  ball->centre = carom_affine_apply (ctm, ball->centre);
  ball->radius *= sqrt (0.5 * (col1 + col2));
  ball->direction = carom_affine_apply_linear (ctm, direction);
  if (!cg_is_valid_vec2 (ball->centre) || !isfinite (ball->radius) || !(ball->radius > 0.0)
      || !cg_is_valid_vec2 (ball->direction)
      || (ball->direction.x == 0.0 && ball->direction.y == 0.0))
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                           _ ("the transform leaves the ball degenerate or out of range"));
      return FALSE;
    }
  return TRUE;
}

static void
add_ball (ReadState *state, const char *id, const Ball *ball)
{
  CaromObject *object = carom_scene_add_ball (state->scene, id, ball->centre, ball->radius,
                                              ball->direction, ball->max_bounces);
  /* Keep a direction that is already a unit vector as written, so that
   * writing and reading again cannot drift it by an ulp. */
  if (fabs (cg_length_sq (ball->direction) - 1.0) <= 4.0 * DBL_EPSILON)
    object->direction = ball->direction;
  if (object->id != NULL)
    g_hash_table_add (state->ids, object->id);
}

/* Adds the polygons of one element. explicit_order: the file gave the vertex
 * order (polygon, polyline, path), so that reversing it is worth a flag; a
 * rect or circle has no order of its own. */
static gboolean
add_polygons (ReadState *state, const char *id, CgRole role, GArray *polygons,
              gboolean explicit_order, GError **error)
{
  gsize n_vertices = 0;
  for (guint k = 0; k < polygons->len; k++)
    {
      g_autofree char *object_id = contour_id (id, k);
      if (!claim_id (state, object_id, error))
        return FALSE;
      n_vertices += g_array_index (polygons, Polygon, k).points->len;
    }
  if (n_vertices > CAROM_SVG_MAX_SCENE_VERTICES - state->n_vertices)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                   _ ("more than %d vertices in the scene (the limit for one file)"),
                   CAROM_SVG_MAX_SCENE_VERTICES);
      return FALSE;
    }
  state->n_vertices += n_vertices;

  for (guint k = 0; k < polygons->len; k++)
    {
      g_autofree char *object_id = contour_id (id, k);
      const Polygon *polygon = &g_array_index (polygons, Polygon, k);
      CaromObject *object = carom_scene_add_polygon (
          state->scene, object_id, role, (CgVec2 *)polygon->points->data, polygon->points->len);
      object->reversed = explicit_order && polygon->reversed;
      if (object->id != NULL)
        g_hash_table_add (state->ids, object->id);
    }
  return TRUE;
}

static gboolean
parse_role (const char *text, gboolean *ball, CgRole *role)
{
  *ball = FALSE;
  if (strcmp (text, "wall") == 0)
    *role = CG_ROLE_WALL;
  else if (strcmp (text, "obstacle") == 0)
    *role = CG_ROLE_OBSTACLE;
  else if (strcmp (text, "ball") == 0)
    *ball = TRUE;
  else
    return FALSE;
  return TRUE;
}

/* A shape element: with carom:role an object that must be valid; without
 * one, a wall or obstacle by its fill, or a reason in the summary. Errors
 * come without the element's name; the caller adds it. */
static gboolean
read_shape (ReadState *state, const CaromSvgElement *element, const char *id, int line,
            const char *role_text, gboolean filled, CaromAffine ctm, GError **error)
{
  gboolean ball = FALSE;
  CgRole role = filled ? CG_ROLE_OBSTACLE : CG_ROLE_WALL;
  if (role_text != NULL && !parse_role (role_text, &ball, &role))
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT,
                   _ ("unknown carom:role “%s” (expected wall, obstacle or ball)"), role_text);
      return FALSE;
    }
  if (!claim_id (state, id, error))
    return FALSE;

  g_autoptr (GError) local = NULL;
  g_autoptr (GArray) polygons = g_array_new (FALSE, TRUE, sizeof (Polygon));
  g_array_set_clear_func (polygons, (GDestroyNotify)polygon_clear);
  Ball spec;
  gboolean built = ball ? build_ball (element, ctm, &spec, &local)
                        : build_polygons (state, element, role, ctm, polygons, &local);
  if (!built)
    {
      /* A shape nobody asked for is skipped for any fault but a limit. */
      if (role_text == NULL && local->code == CAROM_SVG_ERROR_INVALID_OBJECT)
        {
          note_skipped (state, element->name, id, line, local->message);
          return TRUE;
        }
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }

  if (ball)
    {
      add_ball (state, id, &spec);
      return TRUE;
    }
  gboolean explicit_order = strcmp (element->name, "polygon") == 0
                            || strcmp (element->name, "polyline") == 0
                            || strcmp (element->name, "path") == 0;
  if (!add_polygons (state, id, role, polygons, explicit_order, error))
    return FALSE;
  if (role_text == NULL && role == CG_ROLE_WALL)
    state->taken_walls += polygons->len;
  else if (role_text == NULL)
    state->taken_obstacles += polygons->len;
  return TRUE;
}

static Frame
current_frame (const ReadState *state)
{
  if (state->frames->len == 0)
    return (Frame){ carom_affine_identity (), TRUE, FALSE };
  return g_array_index (state->frames, Frame, state->frames->len - 1);
}

static gboolean
read_length_attribute (const CaromSvgElement *element, const char *name, double *value,
                       GError **error)
{
  const char *text = carom_svg_element_get (element, name, FALSE);
  if (text != NULL && !carom_svg_parse_length (text, value, error))
    {
      g_prefix_error (error, _ ("attribute “%s”: "), name);
      return FALSE;
    }
  return TRUE;
}

/* The transform a group or shape adds. A nested <svg> is a group moved to
 * its x, y; its viewport clipping is ignored, and one with a viewBox is not
 * read yet (*skip_reason says so). */
static gboolean
element_transform (const CaromSvgElement *element, gboolean root, CaromAffine *transform,
                   const char **skip_reason, GError **error)
{
  const char *text = carom_svg_element_get (element, "transform", FALSE);
  *transform = carom_affine_identity ();
  if (text != NULL && !carom_svg_parse_transform (text, transform, error))
    {
      g_prefix_error (error, _ ("attribute “%s”: "), "transform");
      return FALSE;
    }
  if (root || strcmp (element->name, "svg") != 0)
    return TRUE;

  if (carom_svg_element_get (element, "viewBox", FALSE) != NULL)
    {
      *skip_reason = _ ("a nested <svg> with a viewBox is not supported yet");
      return TRUE;
    }
  CaromAffine move = carom_affine_identity ();
  if (!read_length_attribute (element, "x", &move.e, error)
      || !read_length_attribute (element, "y", &move.f, error))
    return FALSE;
  *transform = carom_affine_multiply (*transform, move);
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
static gboolean
read_element (ReadState *state, const CaromSvgElement *element, ElementKind kind, gboolean root,
              int line, const char *id, Frame *frame, GError **error)
{
  const char *role = carom_svg_element_get (element, "role", TRUE);
  const char *generated = carom_svg_element_get (element, "generated", TRUE);
  const char *style = carom_svg_element_get (element, "style", FALSE);
  g_autofree char *display = dup_property (element, style, "display");
  g_autofree char *fill = dup_property (element, style, "fill");

  /* Carom's own drawing for the diagram: not part of the scene. */
  if (generated != NULL && strcmp (generated, "true") == 0)
    {
      frame->skipped = TRUE;
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
  if (kind == ELEMENT_OTHER)
    {
      note_skipped (state, element->name, id, line,
                    strcmp (element->name, "use") == 0 ? _ ("clones (<use>) are not read yet")
                                                       : _ ("not a shape"));
      frame->skipped = TRUE;
      return TRUE;
    }

  if (fill != NULL && strcmp (fill, "inherit") != 0)
    frame->filled = g_ascii_strcasecmp (fill, "none") != 0;

  CaromAffine transform;
  const char *skip_reason = NULL;
  g_autoptr (GError) local = NULL;
  if (!element_transform (element, root, &transform, &skip_reason, &local))
    {
      if (kind == ELEMENT_SHAPE && role == NULL && local->code == CAROM_SVG_ERROR_INVALID_OBJECT)
        skip_reason = local->message;
      else
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
    }
  if (skip_reason != NULL)
    {
      note_skipped (state, element->name, id, line, skip_reason);
      frame->skipped = TRUE;
      return TRUE;
    }
  frame->ctm = carom_affine_multiply (frame->ctm, transform);

  if (kind == ELEMENT_SHAPE)
    {
      frame->skipped = TRUE; /* what a shape holds (title, animate) is not geometry */
      return read_shape (state, element, id, line, role, frame->filled, frame->ctm, error);
    }
  return TRUE;
}

/* Gathers the element's attributes in no namespace and in Carom's, in one
 * pass over them without an allocation per attribute. The values stay valid
 * until the next element. */
static gboolean
gather_attributes (ReadState *state, CaromSvgElement *element, const char **too_long)
{
  xmlTextReaderPtr reader = state->reader;
  g_array_set_size (state->attributes, 0);
  g_array_set_size (state->value_offsets, 0);
  g_string_truncate (state->values, 0);
  *too_long = NULL;

  while (xmlTextReaderMoveToNextAttribute (reader) == 1)
    {
      const char *ns = (const char *)xmlTextReaderConstNamespaceUri (reader);
      gboolean carom = ns != NULL && strcmp (ns, CAROM_SCENE_NAMESPACE) == 0;
      if (ns != NULL && !carom) /* xmlns, xml:, inkscape:, ... */
        continue;
      CaromSvgAttribute attribute
          = { (const char *)xmlTextReaderConstLocalName (reader), carom, NULL };
      const char *value = (const char *)xmlTextReaderConstValue (reader);
      gsize length = value != NULL ? strlen (value) : 0;
      if (length > CAROM_SVG_MAX_ATTRIBUTE_LENGTH)
        {
          *too_long = attribute.name;
          continue;
        }
      gsize offset = state->values->len;
      g_string_append_len (state->values, value != NULL ? value : "", (gssize)length);
      g_string_append_c (state->values, '\0');
      g_array_append_val (state->attributes, attribute);
      g_array_append_val (state->value_offsets, offset);
    }
  xmlTextReaderMoveToElement (reader);

  /* values has stopped growing: now its addresses hold. */
  for (guint i = 0; i < state->attributes->len; i++)
    g_array_index (state->attributes, CaromSvgAttribute, i).value
        = state->values->str + g_array_index (state->value_offsets, gsize, i);
  element->attributes = (const CaromSvgAttribute *)state->attributes->data;
  element->n_attributes = state->attributes->len;
  return *too_long == NULL;
}

/* One start tag: checks the limits, decides what the element is, reads it,
 * and pushes the frame its children will see. */
static gboolean
start_element (ReadState *state, GError **error)
{
  xmlTextReaderPtr reader = state->reader;
  const char *name = (const char *)xmlTextReaderConstLocalName (reader);
  const char *ns = (const char *)xmlTextReaderConstNamespaceUri (reader);
  gboolean empty = xmlTextReaderIsEmptyElement (reader) == 1;
  int line = element_line (reader);
  Frame frame = current_frame (state);

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
      xmlNodePtr node = xmlTextReaderCurrentNode (reader);
      if (!check_dtd (node != NULL && node->doc != NULL ? node->doc->intSubset : NULL, error)
          || !check_root (name, ns, error))
        return FALSE;
      state->seen_root = TRUE;
      state->root_has_namespace = ns != NULL;
    }

  gboolean svg_element = state->root_has_namespace
                             ? ns != NULL && strcmp (ns, CAROM_SVG_NAMESPACE) == 0
                             : ns == NULL;
  ElementKind kind = classify_element (name);
  if (frame.skipped || !svg_element || kind == ELEMENT_SILENT)
    frame.skipped = TRUE;
  else
    {
      CaromSvgElement element = { name, NULL, 0 };
      const char *too_long = NULL;
      g_autoptr (GError) local = NULL;
      gboolean gathered = gather_attributes (state, &element, &too_long);
      const char *id = carom_svg_element_get (&element, "id", FALSE);
      if (id != NULL && id[0] == '\0')
        id = NULL;
      if (!gathered)
        g_set_error (&local, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                     _ ("attribute “%s” is longer than %d bytes (the limit for one attribute)"),
                     too_long, CAROM_SVG_MAX_ATTRIBUTE_LENGTH);
      if (!gathered || !read_element (state, &element, kind, root, line, id, &frame, &local))
        {
          g_autofree char *where = describe_element (name, id, line);
          g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s: ", where);
          return FALSE;
        }
    }

  if (!empty)
    g_array_append_val (state->frames, frame);
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
          if (!check_dtd ((xmlDtdPtr)xmlTextReaderCurrentNode (state->reader), error))
            return FALSE;
          break;
        case XML_READER_TYPE_ENTITY_REFERENCE:
        case XML_READER_TYPE_ENTITY:
          g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_HOSTILE,
                       _ ("An entity reference at line %d; Carom does not read entities"),
                       xmlTextReaderGetParserLineNumber (state->reader));
          return FALSE;
        case XML_READER_TYPE_ELEMENT:
          if (!start_element (state, error))
            return FALSE;
          break;
        case XML_READER_TYPE_END_ELEMENT:
          if (state->frames->len > 0)
            g_array_set_size (state->frames, state->frames->len - 1);
          break;
        default:
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

CaromScene *
carom_svg_read_memory (const char *data, gsize length, const CaromSvgReadOptions *options,
                       GPtrArray **summary, GError **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (summary != NULL)
    *summary = NULL;
  if (length > CAROM_SVG_MAX_FILE_SIZE)
    {
      g_autofree char *size = g_format_size (length);
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                   _ ("The document is %s, more than %d MiB (the limit for a scene file)"), size,
                   CAROM_SVG_MAX_FILE_SIZE / (1024 * 1024));
      return NULL;
    }
  if (length == 0)
    {
      g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_NOT_XML,
                           _ ("The document is empty"));
      return NULL;
    }
  if (!check_no_entity_declarations (data, length, error))
    return NULL;

  double tolerance = options != NULL ? options->flatten_tolerance : 0.0;
  g_autoptr (CaromScene) scene = carom_scene_new ();
  g_autoptr (GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GArray) frames = g_array_new (FALSE, FALSE, sizeof (Frame));
  g_autoptr (GPtrArray) skips = g_ptr_array_new_with_free_func ((GDestroyNotify)skip_group_free);
  g_autoptr (GArray) attributes = g_array_new (FALSE, FALSE, sizeof (CaromSvgAttribute));
  g_autoptr (GArray) value_offsets = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autoptr (GString) values = g_string_new (NULL);
  ReadState state = {
    .tolerance
    = isfinite (tolerance) && tolerance > 0.0 ? tolerance : CAROM_SVG_DEFAULT_FLATTEN_TOLERANCE,
    .scene = scene,
    .ids = ids,
    .frames = frames,
    .skips = skips,
    .attributes = attributes,
    .value_offsets = value_offsets,
    .values = values,
  };

  /* libxml2's hooks are process-wide: set them for this read only. */
  xmlInitParser ();
  xmlExternalEntityLoader saved_loader = xmlGetExternalEntityLoader ();
  xmlGenericErrorFunc saved_generic = xmlGenericError;
  void *saved_generic_data = xmlGenericErrorContext;
  xmlStructuredErrorFunc saved_structured = xmlStructuredError;
  void *saved_structured_data = xmlStructuredErrorContext;
  xmlSetExternalEntityLoader (deny_external_entity);
  xmlSetGenericErrorFunc (NULL, ignore_generic_error);
  xmlSetStructuredErrorFunc (&state, on_xml_error);

  gboolean ok = FALSE;
  state.reader = xmlReaderForMemory (data, (int)length, NULL, NULL, READER_OPTIONS);
  if (state.reader == NULL)
    g_set_error_literal (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_NOT_XML,
                         _ ("The document cannot be parsed as XML"));
  else
    {
      xmlTextReaderSetStructuredErrorHandler (state.reader, on_xml_error, &state);
      ok = read_document (&state, error);
      xmlFreeTextReader (state.reader);
    }

  xmlSetStructuredErrorFunc (saved_structured_data, saved_structured);
  xmlSetGenericErrorFunc (saved_generic_data, saved_generic);
  xmlSetExternalEntityLoader (saved_loader);
  g_clear_error (&state.xml_error);
  if (!ok)
    return NULL;

  carom_scene_assign_ids (scene);
  if (summary != NULL)
    *summary = build_summary (&state);
  return g_steal_pointer (&scene);
}

/* Reads a regular file of at most CAROM_SVG_MAX_FILE_SIZE bytes. Opening
 * does not block on a FIFO, and a file growing while read is still capped. */
static gboolean
load_file (const char *path, char **contents, gsize *length, GError **error)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *buffer = NULL;
  gsize size = 0;
  const char *problem = NULL;
  gboolean too_big = FALSE;
  struct stat info;

  int fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK, 0);
  if (fd < 0)
    problem = g_strerror (errno);
  else if (fstat (fd, &info) != 0)
    problem = g_strerror (errno);
  else if (S_ISDIR (info.st_mode))
    problem = _ ("it is a directory");
  else if (!S_ISREG (info.st_mode))
    problem = _ ("it is not a regular file");
  else if (info.st_size > CAROM_SVG_MAX_FILE_SIZE)
    too_big = TRUE;
  else
    {
      gsize capacity = (gsize)info.st_size + 1; /* one more byte shows growth */
      buffer = g_malloc (capacity);
      for (;;)
        {
          if (size == capacity)
            {
              if (capacity > CAROM_SVG_MAX_FILE_SIZE)
                {
                  too_big = TRUE;
                  break;
                }
              capacity = MIN (2 * capacity, (gsize)CAROM_SVG_MAX_FILE_SIZE + 1);
              buffer = g_realloc (buffer, capacity);
            }
          ssize_t n = read (fd, buffer + size, capacity - size);
          if (n < 0 && errno == EINTR)
            continue;
          if (n < 0)
            {
              problem = g_strerror (errno);
              break;
            }
          if (n == 0)
            break;
          size += (gsize)n;
        }
    }
  if (fd >= 0)
    close (fd);

  if (too_big)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT,
                   _ ("“%s” is larger than %d MiB (the limit for a scene file)"), display,
                   CAROM_SVG_MAX_FILE_SIZE / (1024 * 1024));
      return FALSE;
    }
  if (problem != NULL)
    {
      g_set_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_UNREADABLE, _ ("Cannot read “%s”: %s"),
                   display, problem);
      return FALSE;
    }
  *contents = g_steal_pointer (&buffer);
  *length = size;
  return TRUE;
}

CaromScene *
carom_svg_read_file (const char *path, const CaromSvgReadOptions *options, GPtrArray **summary,
                     GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  g_autofree char *contents = NULL;
  gsize length = 0;
  if (summary != NULL)
    *summary = NULL;
  if (!load_file (path, &contents, &length, error))
    return NULL;
  return carom_svg_read_memory (contents != NULL ? contents : "", length, options, summary, error);
}
