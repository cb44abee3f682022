/* test-scene-io.c: reading and writing scenes as SVG (scene-format.md). */
#include <glib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "io/carom-svg-private.h"
#include "io/carom-svg.h"

#define SVG_OPEN "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:carom=\"urn:carom:scene:1\">\n"
#define SVG_CLOSE "</svg>\n"

/* ---- helpers -------------------------------------------------------------- */

/* A file in the source tree: CAROM_SOURCE_ROOT (set by tests/meson.build), or
 * next to the tests directory. */
static char *
source_path (const char *first, ...)
{
  va_list args;
  va_start (args, first);
  g_autoptr (GPtrArray) parts = g_ptr_array_new ();
  const char *root = g_getenv ("CAROM_SOURCE_ROOT");
  g_autofree char *fallback = NULL;
  if (root == NULL)
    root = fallback = g_test_build_filename (G_TEST_DIST, "..", NULL);
  g_ptr_array_add (parts, (gpointer)root);
  for (const char *part = first; part != NULL; part = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer)part);
  g_ptr_array_add (parts, NULL);
  va_end (args);
  return g_build_filenamev ((char **)parts->pdata);
}

static CaromScene *
read_string (const char *svg, GPtrArray **summary, GError **error)
{
  return carom_svg_read_memory (svg, strlen (svg), NULL, summary, error);
}

/* Reads SVG_OPEN body SVG_CLOSE, which must succeed. */
static CaromScene *
read_body (const char *body, GPtrArray **summary)
{
  g_autofree char *svg = g_strconcat (SVG_OPEN, body, SVG_CLOSE, NULL);
  g_autoptr (GError) error = NULL;
  CaromScene *scene = read_string (svg, summary, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scene);
  return scene;
}

static CaromScene *
read_example (const char *name, GPtrArray **summary)
{
  g_autofree char *path = source_path ("data", "examples", name, NULL);
  g_autoptr (GError) error = NULL;
  CaromScene *scene = carom_svg_read_file (path, NULL, summary, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scene);
  return scene;
}

static CaromObject *
object_at (const CaromScene *scene, guint i)
{
  g_assert_cmpuint (i, <, scene->objects->len);
  return g_ptr_array_index (scene->objects, i);
}

static gboolean
has_point (const CaromObject *object, double x, double y)
{
  for (size_t k = 0; k < object->n_points; k++)
    if (object->points[k].x == x && object->points[k].y == y)
      return TRUE;
  return FALSE;
}

/* Asserts that the read fails with code and that the message holds every needle. */
static void
assert_fails (const char *svg, gsize length, CaromSvgError code, const char *const *needles)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CaromScene) scene = carom_svg_read_memory (svg, length, NULL, &summary, &error);
  g_assert_null (scene);
  g_assert_null (summary);
  g_assert_error (error, CAROM_SVG_ERROR, (int)code);
  for (gsize i = 0; needles != NULL && needles[i] != NULL; i++)
    if (strstr (error->message, needles[i]) == NULL)
      g_error ("message “%s” does not mention “%s”", error->message, needles[i]);
}

static void
assert_scenes_equal (const CaromScene *a, const CaromScene *b)
{
  g_assert_cmpuint (a->objects->len, ==, b->objects->len);
  for (guint i = 0; i < a->objects->len; i++)
    {
      const CaromObject *x = object_at (a, i), *y = object_at (b, i);
      g_assert_cmpint (x->kind, ==, y->kind);
      g_assert_cmpstr (x->id, ==, y->id);
      if (x->kind == CAROM_OBJECT_BALL)
        {
          g_assert_true (x->center.x == y->center.x && x->center.y == y->center.y);
          g_assert_true (x->radius == y->radius);
          g_assert_true (x->direction.x == y->direction.x && x->direction.y == y->direction.y);
          g_assert_cmpuint (x->max_bounces, ==, y->max_bounces);
          continue;
        }
      g_assert_cmpint (x->role, ==, y->role);
      g_assert_cmpuint (x->n_points, ==, y->n_points);
      for (size_t k = 0; k < x->n_points; k++)
        g_assert_true (x->points[k].x == y->points[k].x && x->points[k].y == y->points[k].y);
    }
}

/* ---- the seed scene and orientation --------------------------------------- */

/* 1: the seed tutorial scene reads as scene-format.md and geometry.md describe it. */
static void
test_seed (void)
{
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CaromScene) scene = read_example ("seed.svg", &summary);

  g_assert_cmpuint (scene->objects->len, ==, 3);
  g_assert_cmpuint (summary->len, ==, 0);

  CaromObject *room = object_at (scene, 0), *post = object_at (scene, 1),
              *ball = object_at (scene, 2);
  g_assert_cmpstr (room->id, ==, "room");
  g_assert_cmpstr (carom_object_role_name (room), ==, "wall");
  g_assert_cmpuint (room->n_points, ==, 4);
  g_assert_false (room->reversed); /* geometry.md: a wall as given */
  g_assert_cmpfloat (room->points[0].x, ==, -300.0);
  g_assert_cmpfloat (room->points[1].y, ==, 300.0);

  g_assert_cmpstr (post->id, ==, "post");
  g_assert_cmpstr (carom_object_role_name (post), ==, "obstacle");
  g_assert_false (post->reversed); /* an obstacle as given */
  g_assert_cmpfloat (cg_polygon_signed_area (post->points, post->n_points), >, 0.0);

  g_assert_cmpstr (ball->id, ==, "ball");
  g_assert_cmpint (ball->kind, ==, CAROM_OBJECT_BALL);
  g_assert_cmpfloat (ball->center.x, ==, -200.0);
  g_assert_cmpfloat (ball->center.y, ==, 0.0);
  g_assert_cmpfloat (ball->radius, ==, 40.0);
  g_assert_cmpfloat_with_epsilon (ball->direction.x, G_SQRT2 / 2, 1e-15);
  g_assert_cmpfloat_with_epsilon (ball->direction.y, G_SQRT2 / 2, 1e-15);
  g_assert_cmpuint (ball->max_bounces, ==, 29);
}

/* 2: a wall given clockwise and an obstacle given counter-clockwise are reversed, and flagged. */
static void
test_reversed (void)
{
  g_autofree char *path = source_path ("tests", "data", "wall-clockwise.svg", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (CaromScene) scene = carom_svg_read_file (path, NULL, NULL, &error);
  g_assert_no_error (error);

  CaromObject *room = object_at (scene, 0), *post = object_at (scene, 1);
  g_assert_true (room->reversed);
  g_assert_cmpfloat (cg_polygon_signed_area (room->points, room->n_points), <, 0.0);
  g_assert_true (post->reversed);
  g_assert_cmpfloat (cg_polygon_signed_area (post->points, post->n_points), >, 0.0);
}

/* 3: objects without ids get wall-N, obstacle-N, ball-N in document order, skipping taken names. */
static void
test_auto_ids (void)
{
  g_autoptr (CaromScene) scene
      = read_body ("<polygon carom:role='wall' points='0,0 0,100 100,100 100,0'/>\n"
                   "<polygon carom:role='obstacle' points='10,10 20,10 20,20'/>\n"
                   "<polygon carom:role='obstacle' id='obstacle-2' points='30,10 40,10 40,20'/>\n"
                   "<rect carom:role='obstacle' x='50' y='50' width='5' height='5'/>\n"
                   "<circle carom:role='ball' cx='80' cy='80' r='2' carom:direction='0 1'/>\n",
                   NULL);
  const char *expected[] = { "wall-1", "obstacle-1", "obstacle-2", "obstacle-3", "ball-1" };
  g_assert_cmpuint (scene->objects->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpstr (object_at (scene, i)->id, ==, expected[i]);
  g_assert_cmpuint (object_at (scene, 4)->max_bounces, ==, CAROM_DEFAULT_MAX_BOUNCES);
}

/* ---- transforms ----------------------------------------------------------- */

/* 4: each transform kind, and lists of them, parse to the right matrix. */
static void
test_transform_parse (void)
{
  const double c30 = cos (G_PI / 6), s30 = sin (G_PI / 6);
  const struct
  {
    const char *text;
    CaromAffine m;
  } cases[] = {
    { "", { 1, 0, 0, 1, 0, 0 } },
    { "none", { 1, 0, 0, 1, 0, 0 } },
    { "translate(10)", { 1, 0, 0, 1, 10, 0 } },
    { "translate(10, 20)", { 1, 0, 0, 1, 10, 20 } },
    { "scale(2)", { 2, 0, 0, 2, 0, 0 } },
    { "scale(2 3)", { 2, 0, 0, 3, 0, 0 } },
    { "rotate(90)", { 0, 1, -1, 0, 0, 0 } },
    { "rotate(-270)", { 0, 1, -1, 0, 0, 0 } },
    { "rotate(30)", { c30, s30, -s30, c30, 0, 0 } },
    { "rotate(90 10 20)", { 0, 1, -1, 0, 30, 10 } },
    { "skewX(45)", { 1, 0, 1, 1, 0, 0 } },
    { "skewY(45)", { 1, 1, 0, 1, 0, 0 } },
    { "matrix(1 2 3 4 5 6)", { 1, 2, 3, 4, 5, 6 } },
    { "matrix(1,0,0,1,.5-.5)", { 1, 0, 0, 1, 0.5, -0.5 } },
    { "translate(10,20) scale(2)", { 2, 0, 0, 2, 10, 20 } },
    { "scale(2),translate(10,20)", { 2, 0, 0, 2, 20, 40 } },
    { "  translate( 1e1 , -2E1 ) ,rotate(-90)  ", { 0, -1, 1, 0, 10, -20 } },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CaromAffine m;
      g_autoptr (GError) error = NULL;
      g_test_message ("transform “%s”", cases[i].text);
      g_assert_true (carom_svg_parse_transform (cases[i].text, &m, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat_with_epsilon (m.a, cases[i].m.a, 1e-12);
      g_assert_cmpfloat_with_epsilon (m.b, cases[i].m.b, 1e-12);
      g_assert_cmpfloat_with_epsilon (m.c, cases[i].m.c, 1e-12);
      g_assert_cmpfloat_with_epsilon (m.d, cases[i].m.d, 1e-12);
      g_assert_cmpfloat_with_epsilon (m.e, cases[i].m.e, 1e-12);
      g_assert_cmpfloat_with_epsilon (m.f, cases[i].m.f, 1e-12);
    }

  const char *bad[] = {
    "rotate(1 2)",           "foo(1)",           "translate 10", "scale()", "translate(1,)",
    "matrix(1 2 3 4 5 6 7)", "translate(1e999)", "scale(2),",    "scale(2", "rotate(NaN)",
  };
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      CaromAffine m;
      g_autoptr (GError) error = NULL;
      g_test_message ("bad transform “%s”", bad[i]);
      g_assert_false (carom_svg_parse_transform (bad[i], &m, &error));
      g_assert_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT);
    }
}

/* 5: transforms compose over nested groups, the element's own applying first. */
static void
test_transform_nested (void)
{
  g_autoptr (CaromScene) scene = read_body (
      "<g transform='translate(100 0)'><g transform='scale(2)'>"
      "<polygon carom:role='obstacle' id='p' points='0,0 10,0 10,10 0,10' transform='rotate(90)'/>"
      "</g></g>\n",
      NULL);
  CaromObject *p = object_at (scene, 0);
  g_assert_cmpuint (p->n_points, ==, 4);
  g_assert_true (has_point (p, 100, 0));
  g_assert_true (has_point (p, 100, 20));
  g_assert_true (has_point (p, 80, 20));
  g_assert_true (has_point (p, 80, 0));
}

/* 6: a ball under rotation and uniform scale moves, grows and turns; under uneven scale it is
 * refused. */
static void
test_transform_ball (void)
{
  g_autoptr (CaromScene) scene
      = read_body ("<g transform='rotate(90) scale(2)'>"
                   "<circle carom:role='ball' id='b' cx='10' cy='0' r='5' carom:direction='1,0'/>"
                   "</g>\n",
                   NULL);
  CaromObject *ball = object_at (scene, 0);
  g_assert_cmpfloat (ball->center.x, ==, 0.0);
  g_assert_cmpfloat (ball->center.y, ==, 20.0);
  g_assert_cmpfloat (ball->radius, ==, 10.0);
  g_assert_cmpfloat (ball->direction.x, ==, 0.0);
  g_assert_cmpfloat (ball->direction.y, ==, 1.0);

  const char *svg = SVG_OPEN "<g transform='scale(2 1)'>"
                             "<circle carom:role='ball' id='egg' r='5' carom:direction='1 0'/>"
                             "</g>" SVG_CLOSE;
  const char *needles[] = { "egg", "round", NULL };
  assert_fails (svg, strlen (svg), CAROM_SVG_ERROR_INVALID_OBJECT, needles);
}

/* ---- shapes --------------------------------------------------------------- */

/* 7: number lists take SVG's odd forms and refuse what is not a number. */
static void
test_number_lists (void)
{
  const struct
  {
    const char *text;
    guint n;
    double v[4];
  } good[] = {
    { "-1-2", 2, { -1, -2 } },
    { ".5.5", 2, { 0.5, 0.5 } },
    { "1e-3,2", 2, { 1e-3, 2 } },
    { " 1 , 2 ", 2, { 1, 2 } },
    { "+3 -.5e-1 4E+1 5.", 4, { 3, -0.05, 40, 5 } },
    { "", 0, { 0 } },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr (GArray) numbers = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr (GError) error = NULL;
      g_test_message ("numbers “%s”", good[i].text);
      g_assert_true (carom_svg_parse_number_list (good[i].text, numbers, 10, &error));
      g_assert_cmpuint (numbers->len, ==, good[i].n);
      for (guint k = 0; k < good[i].n; k++)
        g_assert_cmpfloat (g_array_index (numbers, double, k), ==, good[i].v[k]);
    }

  const char *bad[] = { "1,,2", "1,2,", "1 2 x", "NaN", "inf", "1e999", "-1e999", "0x10", "1e" };
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GArray) numbers = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr (GError) error = NULL;
      g_test_message ("bad numbers “%s”", bad[i]);
      g_assert_false (carom_svg_parse_number_list (bad[i], numbers, 10, &error));
      g_assert_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT);
    }

  /* Numbers read exactly as g_ascii_strtod reads them, short or long. */
  for (int i = 0; i < 100000; i++)
    {
      g_autoptr (GString) text = g_string_new (g_test_rand_bit () ? "-" : "");
      int digits = g_test_rand_int_range (1, 19), point = g_test_rand_int_range (0, digits + 1);
      for (int k = 0; k < digits; k++)
        g_string_append_printf (text, "%s%d", k == point && k > 0 ? "." : "",
                                g_test_rand_int_range (0, 10));
      if (g_test_rand_bit ())
        g_string_append_printf (text, "e%d", g_test_rand_int_range (-30, 31));
      const char *p = text->str;
      double v;
      g_assert_true (carom_svg_scan_number (&p, &v, NULL));
      g_assert_true (*p == '\0');
      if (v != g_ascii_strtod (text->str, NULL))
        g_error ("“%s” read as %.17g", text->str, v);
    }

  /* In a file: packed points, and a polyline closed by coming back to its start. */
  g_autoptr (CaromScene) scene
      = read_body ("<polygon carom:role='obstacle' points='0-0 1e1-0,10 10'/>\n"
                   "<polyline carom:role='obstacle' points='20,0 30,0 30,10 20,0'/>\n",
                   NULL);
  g_assert_cmpuint (object_at (scene, 0)->n_points, ==, 3);
  g_assert_true (has_point (object_at (scene, 0), 10, 0));
  g_assert_cmpuint (object_at (scene, 1)->n_points, ==, 3);
}

/* 8: path data with absolute and relative M/L/H/V/Z, implicit linetos, and two subpaths. */
static void
test_paths (void)
{
  g_autoptr (CaromScene) scene = read_body (
      "<path carom:role='obstacle' id='abs' d='M 0 0 L 10 0 L 10 10 Z'/>\n"
      "<path carom:role='obstacle' id='rel' d='m 0 0 10 0 0 10 z'/>\n"
      "<path carom:role='obstacle' id='hv' d='M0,0H10V10H0Z'/>\n"
      "<path carom:role='obstacle' id='hvrel' d='M5 5h10v10h-10z'/>\n"
      "<path carom:role='obstacle' id='two' d='M 0 0 h 10 v 10 z m 20 0 h 10 v 10 z'/>\n"
      "<path carom:role='obstacle' id='on' d='M0 0 H10 V10 Z L 0 -10 H 10 Z'/>\n"
      "<path carom:role='obstacle' id='back' d='M0 0 L10 0 L10 10 L0 0'/>\n",
      NULL);
  const struct
  {
    const char *id;
    size_t n;
    double x, y; /* one vertex it must have */
  } expected[] = {
    { "abs", 3, 10, 10 },  { "rel", 3, 10, 10 },  { "hv", 4, 0, 10 },
    { "hvrel", 4, 5, 15 }, { "two", 3, 10, 10 },  { "two-2", 3, 30, 10 },
    { "on", 3, 10, 10 },   { "on-2", 3, 0, -10 }, { "back", 3, 10, 10 },
  };
  g_assert_cmpuint (scene->objects->len, ==, G_N_ELEMENTS (expected));
  for (gsize i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      CaromObject *object = carom_scene_find (scene, expected[i].id);
      g_assert_nonnull (object);
      g_assert_cmpuint (object->n_points, ==, expected[i].n);
      g_assert_true (has_point (object, expected[i].x, expected[i].y));
    }
  g_assert_true (has_point (carom_scene_find (scene, "two-2"), 20, 0));

  const char *curve
      = SVG_OPEN "<path carom:role='wall' id='c' d='M0 0 C 1 1 2 2 3 0 Z'/>" SVG_CLOSE;
  const char *curve_needles[] = { "“c”", "curves", NULL };
  assert_fails (curve, strlen (curve), CAROM_SVG_ERROR_INVALID_OBJECT, curve_needles);

  const char *open
      = SVG_OPEN "<path carom:role='wall' id='o' d='M0 0 H10 V10 Z M 20 0 H 30'/>" SVG_CLOSE;
  const char *open_needles[] = { "“o”", "subpath 2", "not a closed shape", NULL };
  assert_fails (open, strlen (open), CAROM_SVG_ERROR_INVALID_OBJECT, open_needles);

  const char *start = SVG_OPEN "<path carom:role='wall' d='L0 0 H10 V10 Z'/>" SVG_CLOSE;
  const char *start_needles[] = { "<path>", "moveto", NULL };
  assert_fails (start, strlen (start), CAROM_SVG_ERROR_INVALID_OBJECT, start_needles);
}

/* 9: rects keep their corners; rounded corners and circles are flattened within the tolerance. */
static void
test_rect_circle (void)
{
  g_autoptr (CaromScene) scene = read_body (
      "<rect carom:role='wall' id='r' x='1' y='2' width='3' height='4'/>\n"
      "<rect carom:role='obstacle' id='rounded' x='0' y='0' width='100' height='50' rx='10'/>\n"
      "<circle carom:role='obstacle' id='big' cx='10' cy='20' r='100'/>\n"
      "<circle carom:role='obstacle' id='small' cx='0' cy='0' r='1'/>\n"
      "<ellipse carom:role='obstacle' id='oval' cx='0' cy='0' rx='30' ry='10'/>\n",
      NULL);

  CaromObject *r = carom_scene_find (scene, "r");
  g_assert_cmpuint (r->n_points, ==, 4);
  g_assert_true (has_point (r, 1, 2) && has_point (r, 4, 2) && has_point (r, 4, 6)
                 && has_point (r, 1, 6));
  g_assert_false (r->reversed); /* a rect has no vertex order of its own */
  g_assert_cmpfloat (cg_polygon_signed_area (r->points, r->n_points), <, 0.0);

  CaromObject *rounded = carom_scene_find (scene, "rounded");
  g_assert_cmpuint (rounded->n_points, >, 16);
  double area = cg_polygon_signed_area (rounded->points, rounded->n_points);
  g_assert_cmpfloat_with_epsilon (area, 100.0 * 50.0 - (4.0 - G_PI) * 100.0, 10.0);
  g_assert_true (has_point (rounded, 10, 0) && has_point (rounded, 100, 40));

  const double tolerance = CAROM_SVG_DEFAULT_FLATTEN_TOLERANCE;
  CaromObject *big = carom_scene_find (scene, "big");
  g_assert_cmpuint (big->n_points, >=, 16);
  for (size_t k = 0; k < big->n_points; k++)
    {
      CgVec2 a = big->points[k], b = big->points[(k + 1) % big->n_points];
      g_assert_cmpfloat_with_epsilon (cg_distance (a, cg_v2 (10, 20)), 100.0, 1e-9);
      double middle = cg_distance (cg_lerp (a, b, 0.5), cg_v2 (10, 20));
      g_assert_cmpfloat (100.0 - middle, <=, tolerance + 1e-9);
    }
  g_assert_cmpuint (carom_scene_find (scene, "small")->n_points, ==, 16);
  g_assert_cmpuint (carom_scene_find (scene, "oval")->n_points, >=, 16);

  /* A finer tolerance gives more vertices. */
  const char *svg = SVG_OPEN "<circle carom:role='obstacle' r='100'/>" SVG_CLOSE;
  CaromSvgReadOptions fine = { .flatten_tolerance = 0.01 };
  g_autoptr (GError) error = NULL;
  g_autoptr (CaromScene) finer = carom_svg_read_memory (svg, strlen (svg), &fine, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (object_at (finer, 0)->n_points, >, big->n_points);
}

/* 10: generated groups, display:none (attribute or style), defs and foreign namespaces are not
 * read. */
static void
test_skipped (void)
{
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CaromScene) scene = read_body (
      "<polygon carom:role='wall' id='room' points='0,0 0,100 100,100 100,0'/>\n"
      "<g carom:generated='true'><polygon carom:role='obstacle' id='outline' points='1,1 2,1 2,2'/>"
      "<g><circle carom:role='ball' r='1' carom:direction='1 0'/></g></g>\n"
      "<polygon carom:role='obstacle' id='hidden' display='none' points='1,1 2,1 2,2'/>\n"
      "<g style='fill:red; display : none'><rect carom:role='obstacle' width='1' height='1'/></g>\n"
      "<defs><rect carom:role='obstacle' id='template' width='1' height='1'/></defs>\n"
      "<x:thing xmlns:x='urn:example'><rect width='1' height='1'/></x:thing>\n",
      &summary);
  g_assert_cmpuint (scene->objects->len, ==, 1);
  g_assert_cmpstr (object_at (scene, 0)->id, ==, "room");

  g_assert_cmpuint (summary->len, ==, 2); /* the two hidden elements; generated content is silent */
  g_assert_nonnull (strstr (g_ptr_array_index (summary, 0), "hidden"));
  g_assert_nonnull (strstr (g_ptr_array_index (summary, 0), "<polygon>"));
  g_assert_nonnull (strstr (g_ptr_array_index (summary, 1), "<g>"));
}

/* 11: an SVG without carom attributes imports by fill, and the summary says what was taken and
 * skipped. */
static void
test_foreign (void)
{
  g_autofree char *path = source_path ("tests", "data", "foreign.svg", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CaromScene) scene = carom_svg_read_file (path, NULL, &summary, &error);
  g_assert_no_error (error);

  const struct
  {
    const char *id, *role;
  } expected[]
      = { { "room", "wall" }, { "island", "obstacle" }, { "dot", "obstacle" }, { "pen", "wall" } };
  g_assert_cmpuint (scene->objects->len, ==, G_N_ELEMENTS (expected));
  for (gsize i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_assert_cmpstr (object_at (scene, i)->id, ==, expected[i].id);
      g_assert_cmpstr (carom_object_role_name (object_at (scene, i)), ==, expected[i].role);
    }

  for (guint i = 0; i < summary->len; i++)
    g_test_message ("summary: %s", (const char *)g_ptr_array_index (summary, i));
  const char *needles[] = {
    "Took 2 walls and 2 obstacles",
    "Skipped 1 <path> element (path1234): not a closed shape",
    "(swoosh): attribute “d”: curves",
    "Skipped 1 <line> element (rule): not a closed shape",
    "Skipped 1 <text> element (title): not a shape",
    "Skipped 1 <g> element (layer3): hidden",
  };
  g_autoptr (GString) joined = g_string_new (NULL);
  for (guint i = 0; i < summary->len; i++)
    g_string_append_printf (joined, "%s\n", (const char *)g_ptr_array_index (summary, i));
  for (gsize i = 0; i < G_N_ELEMENTS (needles); i++)
    if (strstr (joined->str, needles[i]) == NULL)
      g_error ("summary “%s” does not say “%s”", joined->str, needles[i]);
  g_assert_cmpuint (summary->len, ==, G_N_ELEMENTS (needles));
}

/* 12: a nested <svg> is a group moved to its x, y; one with a viewBox is skipped and reported. */
static void
test_nested_svg (void)
{
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CaromScene) scene = read_body (
      "<svg x='10' y='20'><polygon carom:role='obstacle' id='moved' points='0,0 1,0 1,1'/></svg>\n"
      "<svg id='viewport' viewBox='0 0 1 1'><polygon carom:role='obstacle' points='0,0 1,0 "
      "1,1'/></svg>\n",
      &summary);
  g_assert_cmpuint (scene->objects->len, ==, 1);
  g_assert_true (has_point (object_at (scene, 0), 11, 21));
  g_assert_cmpuint (summary->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (summary, 0), "viewBox"));
}

/* ---- errors --------------------------------------------------------------- */

/* 13: every class of bad input fails with its code and a message naming the element and problem. */
static void
test_errors (void)
{
  const struct
  {
    const char *svg;
    CaromSvgError code;
    const char *needles[4]; /* NULL-terminated */
  } cases[] = {
    { "<svg xmlns='http://www.w3.org/2000/svg'><g></svg>", CAROM_SVG_ERROR_NOT_XML, { "line 1" } },
    { "not xml at all", CAROM_SVG_ERROR_NOT_XML, { NULL } },
    { "<svg><x:a/></svg>", CAROM_SVG_ERROR_NOT_XML, { "prefix" } },
    { "<html xmlns='http://www.w3.org/1999/xhtml'/>", CAROM_SVG_ERROR_NOT_SVG, { "<html>" } },
    { "<svg xmlns='urn:not-svg'/>", CAROM_SVG_ERROR_NOT_SVG, { "urn:not-svg" } },
    { SVG_OPEN "<polygon carom:role='wall' id='nan' points='NaN,0 0,10 10,10'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“nan”", "points", "NaN" } },
    { SVG_OPEN "<polygon carom:role='wall' points='1e999,0 0,10 10,10'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "<polygon> on line 2", "points", "out of range" } },
    { SVG_OPEN
      "<circle carom:role='ball' id='b' cx='1e999' r='1' carom:direction='1 0'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“b”", "cx", "out of range" } },
    { SVG_OPEN "<polygon carom:role='wall' id='thin' points='0,0 10,10 0,0 10,10'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“thin”", "fewer than 3 distinct points" } },
    { SVG_OPEN "<polygon carom:role='obstacle' id='bow' points='0,0 10,10 10,0 0,10'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“bow”", "cross at (5, 5)" } },
    { SVG_OPEN "<polygon carom:role='obstacle' id='odd' points='0,0 10,10 10'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“odd”", "odd number" } },
    { SVG_OPEN "<circle carom:role='ball' id='dot' r='0' carom:direction='1 0'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“dot”", "radius" } },
    { SVG_OPEN "<circle carom:role='ball' id='still' r='1' carom:direction='0 0'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“still”", "zero" } },
    { SVG_OPEN "<circle carom:role='ball' id='lost' r='1'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“lost”", "carom:direction" } },
    { SVG_OPEN "<circle carom:role='ball' id='neg' r='1' carom:direction='1 0' "
               "carom:max-bounces='-1'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“neg”", "max-bounces" } },
    { SVG_OPEN "<circle carom:role='ball' id='long' r='1' carom:direction='1 0' "
               "carom:max-bounces='2000000'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_LIMIT,
      { "“long”", "1000000" } },
    { SVG_OPEN
      "<rect carom:role='ball' id='cube' width='1' height='1' carom:direction='1 0'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“cube”", "<circle>" } },
    { SVG_OPEN "<polygon carom:role='hole' id='h' points='0,0 0,10 10,10'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“h”", "unknown carom:role “hole”" } },
    { SVG_OPEN "<g carom:role='wall' id='grp'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“grp”", "group" } },
    { SVG_OPEN "<text carom:role='wall'>hi</text>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "<text> on line 2", "not a shape" } },
    { SVG_OPEN "<polygon carom:role='obstacle' id='twice' points='0,0 10,0 10,10'/>"
               "<circle carom:role='ball' id='twice' r='1' carom:direction='1 0'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "<circle>", "id “twice” is already used" } },
    { SVG_OPEN "<path carom:role='obstacle' id='p-2' d='M0 0 H1 V1 Z'/>"
               "<path carom:role='obstacle' id='p' d='M0 0 H1 V1 Z M5 5 H6 V6 Z'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“p”", "id “p-2” is already used" } },
    { SVG_OPEN "<rect carom:role='wall' id='flat' width='10' height='0'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“flat”", "height" } },
    { SVG_OPEN "<rect carom:role='wall' id='mm' width='10mm' height='10'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“mm”", "width", "unit" } },
    { SVG_OPEN "<g id='bent' transform='rotate(1 2)'><rect width='1' height='1'/></g>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“bent”", "transform", "rotate" } },
    { SVG_OPEN "<circle carom:role='wall' id='huge' r='1e12'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_LIMIT,
      { "“huge”", "1000000 vertices" } },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("case %" G_GSIZE_FORMAT ": %s", i, cases[i].svg);
      assert_fails (cases[i].svg, strlen (cases[i].svg), cases[i].code, cases[i].needles);
    }
  assert_fails ("", 0, CAROM_SVG_ERROR_NOT_XML, NULL);
}

/* 14: an external entity is refused, never read. */
static void
test_external_entity (void)
{
  g_autofree char *path = source_path ("tests", "data", "xxe.svg", NULL);
  g_autofree char *data = NULL;
  gsize length;
  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  const char *needles[] = { "entity", "line 3", NULL };
  assert_fails (data, length, CAROM_SVG_ERROR_HOSTILE, needles);

  /* An external DTD reference alone is harmless, and is not fetched. */
  const char *doctype = "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
                        "\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n" SVG_OPEN
                        "<polygon carom:role='obstacle' points='0,0 10,0 10,10'/>" SVG_CLOSE;
  g_autoptr (GError) error = NULL;
  g_autoptr (CaromScene) scene = read_string (doctype, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (scene->objects->len, ==, 1);
}

/* The file with its first line (the XML declaration) saying UTF-7, and the
 * rest in UTF-7, where "<!ENTITY" is spelled "+ADwAIQ-ENTITY". */
static char *
in_utf7 (const char *data, gsize *length)
{
  const char *rest = strchr (data, '\n');
  g_assert_nonnull (rest);
  g_autofree char *body = g_convert (rest, -1, "UTF-7", "UTF-8", NULL, NULL, NULL);
  if (body == NULL)
    return NULL;
  char *whole = g_strconcat ("<?xml version=\"1.0\" encoding=\"UTF-7\"?>", body, NULL);
  *length = strlen (whole);
  return whole;
}

/* 15: entities hidden from the byte scan by UTF-7 are refused by the reader's second line. */
static void
test_entities_utf7 (void)
{
  const char *files[] = { "xxe.svg", "billion-laughs.svg" };
  for (gsize i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = source_path ("tests", "data", files[i], NULL);
      g_autofree char *data = NULL;
      g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
      gsize length = 0;
      g_autofree char *utf7 = in_utf7 (data, &length);
      if (utf7 == NULL)
        {
          g_test_skip ("iconv cannot write UTF-7 here");
          return;
        }
      g_assert_null (strstr (utf7, "<!ENTITY"));
      assert_fails (utf7, length, CAROM_SVG_ERROR_HOSTILE, NULL);
    }
}

/* 16: an entity expansion bomb ends at once with HOSTILE, in UTF-8 and in UTF-16. */
static void
test_entity_bomb (void)
{
  g_autofree char *path = source_path ("tests", "data", "billion-laughs.svg", NULL);
  g_autofree char *data = NULL;
  gsize length;
  g_assert_true (g_file_get_contents (path, &data, &length, NULL));

  g_autoptr (GTimer) timer = g_timer_new ();
  assert_fails (data, length, CAROM_SVG_ERROR_HOSTILE, NULL);

  gsize utf16_length = 0;
  g_autofree char *utf16
      = g_convert (data, (gssize)length, "UTF-16LE", "UTF-8", NULL, &utf16_length, NULL);
  g_assert_nonnull (utf16);
  g_autofree char *with_bom = g_malloc (utf16_length + 2);
  memcpy (with_bom, "\xFF\xFE", 2);
  memcpy (with_bom + 2, utf16, utf16_length);
  assert_fails (with_bom, utf16_length + 2, CAROM_SVG_ERROR_HOSTILE, NULL);
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, 1.0);
}

/* 17: nesting past the depth limit is refused by name; nesting below it reads. */
static void
test_depth_limit (void)
{
  g_autoptr (GString) deep = g_string_new (SVG_OPEN);
  for (int i = 0; i < 1000; i++)
    g_string_append (deep, "<g>");
  for (int i = 0; i < 1000; i++)
    g_string_append (deep, "</g>");
  g_string_append (deep, SVG_CLOSE);
  const char *needles[] = { "nested deeper than 256", NULL };
  assert_fails (deep->str, deep->len, CAROM_SVG_ERROR_LIMIT, needles);

  g_autoptr (GString) fine = g_string_new (SVG_OPEN);
  for (int i = 0; i < 200; i++)
    g_string_append (fine, "<g transform='translate(1)'>");
  g_string_append (fine, "<polygon carom:role='obstacle' points='0,0 10,0 10,10'/>");
  for (int i = 0; i < 200; i++)
    g_string_append (fine, "</g>");
  g_string_append (fine, SVG_CLOSE);
  g_autoptr (GError) error = NULL;
  g_autoptr (CaromScene) scene = read_string (fine->str, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (has_point (object_at (scene, 0), 200, 0));
}

/* 18: an attribute longer than the limit is refused by name. */
static void
test_attribute_limit (void)
{
  g_autoptr (GString) svg = g_string_new (SVG_OPEN "<polygon carom:role='wall' id='long' points='");
  while (svg->len < CAROM_SVG_MAX_ATTRIBUTE_LENGTH + 1000)
    g_string_append (svg, "0,0 ");
  g_string_append (svg, "'/>" SVG_CLOSE);
  const char *needles[] = { "“long”", "points", "limit", NULL };
  assert_fails (svg->str, svg->len, CAROM_SVG_ERROR_LIMIT, needles);
}

/* 19: a missing file and a directory are unreadable, and the message names the path. */
static void
test_unreadable (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CaromScene) missing
      = carom_svg_read_file ("/nonexistent/carom/missing-scene.svg", NULL, NULL, &error);
  g_assert_null (missing);
  g_assert_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_UNREADABLE);
  g_assert_nonnull (strstr (error->message, "missing-scene.svg"));
  g_clear_error (&error);

  g_autofree char *directory = source_path ("tests", "data", NULL);
  g_autoptr (CaromScene) dir = carom_svg_read_file (directory, NULL, NULL, &error);
  g_assert_null (dir);
  g_assert_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_UNREADABLE);
  g_assert_nonnull (strstr (error->message, "directory"));
}

/* 20: libxml2 says nothing on stderr, whatever the input. */
static void
test_quiet (void)
{
  if (g_test_subprocess ())
    {
      const char *inputs[] = {
        "<svg",
        "<svg><x:a/></svg>",
        "<?xml version='1.0' encoding='bogus'?><svg/>",
        "<svg xmlns='http://www.w3.org/2000/svg'>&undefined;</svg>",
        "\xFF\xFE<\0s\0",
      };
      for (gsize i = 0; i < G_N_ELEMENTS (inputs); i++)
        {
          g_autoptr (GError) error = NULL;
          g_autoptr (CaromScene) scene = read_string (inputs[i], NULL, &error);
          g_assert_null (scene);
          g_assert_nonnull (error);
        }
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("");
  g_test_trap_assert_stdout ("");
}

/* 21: every byte-prefix of seed.svg either reads or fails with an error, never crashes. */
static void
test_prefixes (void)
{
  g_autofree char *path = source_path ("data", "examples", "seed.svg", NULL);
  g_autofree char *data = NULL;
  gsize length;
  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  for (gsize n = 0; n <= length; n++)
    {
      g_autofree char *prefix = g_memdup2 (data, n); /* exactly n bytes, no terminator */
      g_autoptr (GError) error = NULL;
      g_autoptr (CaromScene) scene = carom_svg_read_memory (prefix, n, NULL, NULL, &error);
      g_assert_true ((scene != NULL) != (error != NULL));
      if (error != NULL)
        g_assert_true (error->domain == CAROM_SVG_ERROR);
    }
}

/* ---- writing -------------------------------------------------------------- */

/* 22: every example survives read → write → read → write byte for byte, and the scenes compare
 * equal. */
static void
test_round_trip (void)
{
  g_autofree char *directory = source_path ("data", "examples", NULL);
  g_autoptr (GDir) dir = g_dir_open (directory, 0, NULL);
  g_assert_nonnull (dir);
  guint n_files = 0;
  for (const char *name; (name = g_dir_read_name (dir)) != NULL;)
    {
      if (!g_str_has_suffix (name, ".svg"))
        continue;
      g_test_message ("example %s", name);
      n_files++;
      g_autoptr (CaromScene) first = read_example (name, NULL);
      gsize length = 0;
      g_autofree char *written = carom_svg_write_string (first, &length);
      g_assert_cmpuint (length, ==, strlen (written));

      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) summary = NULL;
      g_autoptr (CaromScene) second = read_string (written, &summary, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (summary->len, ==, 0);
      assert_scenes_equal (first, second);
      for (guint i = 0; i < second->objects->len; i++)
        g_assert_false (object_at (second, i)->reversed); /* written in role orientation */

      g_autofree char *again = carom_svg_write_string (second, NULL);
      g_assert_cmpstr (written, ==, again);
    }
  g_assert_cmpuint (n_files, >=, 3);
}

/* 23: the writer writes the native format of scene-format.md. */
static void
test_write_format (void)
{
  g_autoptr (CaromScene) scene = read_example ("seed.svg", NULL);
  g_autofree char *written = carom_svg_write_string (scene, NULL);
  const char *needles[] = {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
    "xmlns:carom=\"urn:carom:scene:1\" viewBox=\"-330 -330 660 660\">\n",
    "<polygon carom:role=\"wall\" id=\"room\" points=\"-300,-300 -300,300 300,300 300,-300\" "
    "fill=\"none\"",
    "<polygon carom:role=\"obstacle\" id=\"post\" points=\"20,-100 20,50 -20,50 -20,-100\" fill=",
    "<circle carom:role=\"ball\" id=\"ball\" cx=\"-200\" cy=\"0\" r=\"40\" "
    "carom:direction=\"0.7071067811865475 0.7071067811865475\" carom:max-bounces=\"29\"",
    "</svg>\n",
  };
  for (gsize i = 0; i < G_N_ELEMENTS (needles); i++)
    if (strstr (written, needles[i]) == NULL)
      g_error ("written “%s” lacks “%s”", written, needles[i]);

  /* Ids are escaped; an empty scene still writes a valid document. */
  g_autoptr (CaromScene) odd = carom_scene_new ();
  CgVec2 triangle[] = { { 0, 0 }, { 1, 0 }, { 1, 1 } };
  carom_scene_add_polygon (odd, "a<b & \"c\"\td", CG_ROLE_OBSTACLE, triangle, 3);
  g_autofree char *escaped = carom_svg_write_string (odd, NULL);
  g_assert_nonnull (strstr (escaped, "id=\"a&lt;b &amp; &quot;c&quot;&#9;d\""));
  g_autoptr (GError) error = NULL;
  g_autoptr (CaromScene) back = read_string (escaped, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (object_at (back, 0)->id, ==, "a<b & \"c\"\td");

  g_autoptr (CaromScene) empty = carom_scene_new ();
  g_autofree char *nothing = carom_svg_write_string (empty, NULL);
  g_autoptr (CaromScene) empty_back = read_string (nothing, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (empty_back->objects->len, ==, 0);
}

/* A scene whose numbers need every digit: thirds, tiny and huge values. */
static CaromScene *
awkward_scene (void)
{
  CaromScene *scene = carom_scene_new ();
  CgVec2 room[]
      = { { -1e6 / 3, -0.1 }, { -1e6 / 3, 1e6 / 7 }, { 1e-7 + 1e6, 1e6 / 7 }, { 1e6, -0.1 } };
  CgVec2 post[] = { { 0.1, 0.2 }, { 0.3, 0.2 }, { 0.3, 2.0 / 3 } };
  carom_scene_add_polygon (scene, "room", CG_ROLE_WALL, room, G_N_ELEMENTS (room));
  carom_scene_add_polygon (scene, "post", CG_ROLE_OBSTACLE, post, G_N_ELEMENTS (post));
  carom_scene_add_ball (scene, "ball", cg_v2 (1.0 / 3, 123456.789e-3), G_PI, cg_v2 (0.6, 0.8), 7);
  return scene;
}

static void
check_numbers_round_trip (void)
{
  /* The number formatter alone, on doubles of every size. */
  for (int i = 0; i < 20000; i++)
    {
      double v
          = g_test_rand_double_range (-1.0, 1.0) * pow (10.0, g_test_rand_int_range (-300, 300));
      char buf[CAROM_SVG_NUMBER_BUF];
      carom_svg_format_number (buf, v);
      g_assert_null (strchr (buf, ','));
      g_assert_true (g_ascii_strtod (buf, NULL) == v);
    }

  g_autoptr (CaromScene) scene = awkward_scene ();
  g_autofree char *written = carom_svg_write_string (scene, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (CaromScene) back = read_string (written, NULL, &error);
  g_assert_no_error (error);
  assert_scenes_equal (scene, back);
  g_autofree char *again = carom_svg_write_string (back, NULL);
  g_assert_cmpstr (written, ==, again);
}

/* 24: numbers round-trip exactly in the C locale. */
static void
test_numbers (void)
{
  check_numbers_round_trip ();
}

/* 25: numbers round-trip exactly, and files are unchanged, under a German locale (decimal comma).
 */
static void
test_numbers_locale (void)
{
  g_autoptr (CaromScene) scene = awkward_scene ();
  g_autofree char *in_c = carom_svg_write_string (scene, NULL);

  g_autofree char *saved = g_strdup (setlocale (LC_NUMERIC, NULL));
  if (setlocale (LC_NUMERIC, "de_DE.UTF-8") == NULL)
    {
      g_test_skip ("the de_DE.UTF-8 locale is not installed");
      return;
    }
  g_autofree char *probe = g_strdup_printf ("%g", 0.5);
  g_assert_cmpstr (probe, ==, "0,5");

  check_numbers_round_trip ();
  g_autofree char *in_german = carom_svg_write_string (scene, NULL);
  g_assert_cmpstr (in_german, ==, in_c);
  g_autoptr (CaromScene) corridor = read_example ("corridor.svg", NULL);
  g_assert_cmpuint (corridor->objects->len, ==, 7);

  setlocale (LC_NUMERIC, saved);
}

/* 26: writing a file goes through a rename and reads back; an unwritable path is a WRITE error
 * naming it. */
static void
test_write_file (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *directory = g_dir_make_tmp ("carom-scene-io-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *path = g_build_filename (directory, "scene.svg", NULL);

  g_autoptr (CaromScene) scene = read_example ("pinball.svg", NULL);
  g_assert_true (carom_svg_write_file (scene, path, &error));
  g_assert_no_error (error);
  g_assert_true (carom_svg_write_file (scene, path, &error)); /* over an existing file */
  g_autoptr (CaromScene) back = carom_svg_read_file (path, NULL, NULL, &error);
  g_assert_no_error (error);
  assert_scenes_equal (scene, back);

  g_autofree char *nowhere = g_build_filename (directory, "missing", "scene.svg", NULL);
  g_assert_false (carom_svg_write_file (scene, nowhere, &error));
  g_assert_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "missing"));

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (directory), ==, 0);
}

/* 27: the other examples read as intended. */
static void
test_examples (void)
{
  g_autoptr (CaromScene) corridor = read_example ("corridor.svg", NULL);
  g_assert_cmpuint (corridor->objects->len, ==, 7);
  CaromObject *diamond = carom_scene_find (corridor, "diamond");
  g_assert_nonnull (diamond);
  g_assert_cmpuint (diamond->n_points, ==, 4);
  for (size_t k = 0; k < diamond->n_points; k++) /* the rotated square's corners lie on a circle */
    g_assert_cmpfloat_with_epsilon (cg_distance (diamond->points[k], cg_v2 (300, 100)),
                                    20 * G_SQRT2, 1e-9);
  g_assert_cmpuint (carom_scene_find (corridor, "blue")->max_bounces, ==, 50);

  g_autoptr (CaromScene) pinball = read_example ("pinball.svg", NULL);
  g_assert_cmpuint (pinball->objects->len, ==, 8);
  g_assert_cmpuint (carom_scene_find (pinball, "table")->n_points, ==, 6);
  g_assert_cmpint (object_at (pinball, 7)->kind, ==, CAROM_OBJECT_BALL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/scene-io/seed", test_seed);
  g_test_add_func ("/scene-io/reversed", test_reversed);
  g_test_add_func ("/scene-io/auto-ids", test_auto_ids);
  g_test_add_func ("/scene-io/transform/parse", test_transform_parse);
  g_test_add_func ("/scene-io/transform/nested", test_transform_nested);
  g_test_add_func ("/scene-io/transform/ball", test_transform_ball);
  g_test_add_func ("/scene-io/shapes/number-lists", test_number_lists);
  g_test_add_func ("/scene-io/shapes/paths", test_paths);
  g_test_add_func ("/scene-io/shapes/rect-circle", test_rect_circle);
  g_test_add_func ("/scene-io/skipped", test_skipped);
  g_test_add_func ("/scene-io/foreign", test_foreign);
  g_test_add_func ("/scene-io/nested-svg", test_nested_svg);
  g_test_add_func ("/scene-io/errors/objects", test_errors);
  g_test_add_func ("/scene-io/errors/external-entity", test_external_entity);
  g_test_add_func ("/scene-io/errors/entities-utf7", test_entities_utf7);
  g_test_add_func ("/scene-io/errors/entity-bomb", test_entity_bomb);
  g_test_add_func ("/scene-io/errors/depth-limit", test_depth_limit);
  g_test_add_func ("/scene-io/errors/attribute-limit", test_attribute_limit);
  g_test_add_func ("/scene-io/errors/unreadable", test_unreadable);
  g_test_add_func ("/scene-io/errors/quiet", test_quiet);
  g_test_add_func ("/scene-io/errors/prefixes", test_prefixes);
  g_test_add_func ("/scene-io/write/round-trip", test_round_trip);
  g_test_add_func ("/scene-io/write/format", test_write_format);
  g_test_add_func ("/scene-io/write/numbers", test_numbers);
  g_test_add_func ("/scene-io/write/numbers-locale", test_numbers_locale);
  g_test_add_func ("/scene-io/write/file", test_write_file);
  g_test_add_func ("/scene-io/examples", test_examples);

  return g_test_run ();
}
