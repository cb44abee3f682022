/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scene-io.c: reading and writing scenes as SVG (scene-format.md). */
#include <glib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include <libxml/parser.h>

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

static CmScene *
read_string (const char *svg, GPtrArray **summary, GError **error)
{
  return carom_svg_read_memory (svg, strlen (svg), NULL, summary, error);
}

/* Reads SVG_OPEN body SVG_CLOSE, which must succeed. */
static CmScene *
read_body (const char *body, GPtrArray **summary)
{
  g_autofree char *svg = g_strconcat (SVG_OPEN, body, SVG_CLOSE, NULL);
  g_autoptr (GError) error = NULL;
  CmScene *scene = read_string (svg, summary, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scene);
  return scene;
}

static CmScene *
read_example (const char *name, GPtrArray **summary)
{
  g_autofree char *path = source_path ("data", "examples", name, NULL);
  g_autoptr (GError) error = NULL;
  CmScene *scene = carom_svg_read_file (path, NULL, summary, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scene);
  return scene;
}

static CmObject *
object_at (const CmScene *scene, guint i)
{
  g_assert_cmpuint (i, <, scene->objects->len);
  return g_ptr_array_index (scene->objects, i);
}

static gboolean
has_point (const CmObject *object, double x, double y)
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
  g_autoptr (CmScene) scene = carom_svg_read_memory (svg, length, NULL, &summary, &error);
  g_assert_null (scene);
  g_assert_null (summary);
  g_assert_error (error, CAROM_SVG_ERROR, (int)code);
  for (gsize i = 0; needles != NULL && needles[i] != NULL; i++)
    if (strstr (error->message, needles[i]) == NULL)
      g_error ("message “%s” does not mention “%s”", error->message, needles[i]);
}

static void
assert_scenes_equal (const CmScene *a, const CmScene *b)
{
  g_assert_cmpuint (a->objects->len, ==, b->objects->len);
  for (guint i = 0; i < a->objects->len; i++)
    {
      const CmObject *x = object_at (a, i), *y = object_at (b, i);
      g_assert_cmpint (x->kind, ==, y->kind);
      g_assert_cmpstr (x->id, ==, y->id);
      if (x->kind == CM_OBJECT_BALL)
        {
          g_assert_true (x->center.x == y->center.x && x->center.y == y->center.y);
          g_assert_true (x->radius == y->radius);
          g_assert_true (x->direction.x == y->direction.x && x->direction.y == y->direction.y);
          g_assert_cmpuint (x->max_bounces, ==, y->max_bounces);
          continue;
        }
      if (x->kind == CM_OBJECT_BEAM)
        {
          /* every field a beam has, and nothing a polygon has (they share storage) */
          g_assert_cmpuint (x->beam_shape, ==, y->beam_shape);
          g_assert_true (x->center.x == y->center.x && x->center.y == y->center.y);
          g_assert_true (x->beam_end.x == y->beam_end.x && x->beam_end.y == y->beam_end.y);
          g_assert_true (x->radius == y->radius && x->spread == y->spread);
          g_assert_true (x->direction.x == y->direction.x && x->direction.y == y->direction.y);
          g_assert_cmpuint (x->count, ==, y->count);
          g_assert_cmpuint (x->max_bounces, ==, y->max_bounces);
          continue;
        }
      g_assert_cmpint (x->role, ==, y->role);
      g_assert_cmpint (x->on_hit, ==, y->on_hit);
      g_assert_cmpuint (x->n_points, ==, y->n_points);
      for (size_t k = 0; k < x->n_points; k++)
        g_assert_true (x->points[k].x == y->points[k].x && x->points[k].y == y->points[k].y);
      g_assert_true ((x->edges == NULL) == (y->edges == NULL));
      for (size_t k = 0; x->edges != NULL && k < x->n_points; k++)
        g_assert_true (x->edges[k].q.x == y->edges[k].q.x && x->edges[k].q.y == y->edges[k].q.y
                       && x->edges[k].R == y->edges[k].R && x->edges[k].sweep == y->edges[k].sweep);
    }
}

/* ---- the seed scene and orientation --------------------------------------- */

/* 1: the seed tutorial scene reads as scene-format.md and geometry.md describe it. */
static void
test_seed (void)
{
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CmScene) scene = read_example ("seed.svg", &summary);

  g_assert_cmpuint (scene->objects->len, ==, 3);
  g_assert_cmpuint (summary->len, ==, 0);

  CmObject *room = object_at (scene, 0), *post = object_at (scene, 1), *ball = object_at (scene, 2);
  g_assert_cmpstr (room->id, ==, "room");
  g_assert_cmpstr (cm_object_role_name (room), ==, "wall");
  g_assert_cmpuint (room->n_points, ==, 4);
  g_assert_false (room->reversed); /* geometry.md: a wall as given */
  g_assert_cmpfloat (room->points[0].x, ==, -300.0);
  g_assert_cmpfloat (room->points[1].y, ==, 300.0);

  g_assert_cmpstr (post->id, ==, "post");
  g_assert_cmpstr (cm_object_role_name (post), ==, "obstacle");
  g_assert_false (post->reversed); /* an obstacle as given */
  g_assert_cmpfloat (cg_polygon_signed_area (post->points, post->n_points), >, 0.0);

  g_assert_cmpstr (ball->id, ==, "ball");
  g_assert_cmpint (ball->kind, ==, CM_OBJECT_BALL);
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
  g_autoptr (CmScene) scene = carom_svg_read_file (path, NULL, NULL, &error);
  g_assert_no_error (error);

  CmObject *room = object_at (scene, 0), *post = object_at (scene, 1);
  g_assert_true (room->reversed);
  g_assert_cmpfloat (cg_polygon_signed_area (room->points, room->n_points), <, 0.0);
  g_assert_true (post->reversed);
  g_assert_cmpfloat (cg_polygon_signed_area (post->points, post->n_points), >, 0.0);
}

/* 3: objects without ids get wall-N, obstacle-N, ball-N in document order, skipping taken names. */
static void
test_auto_ids (void)
{
  g_autoptr (CmScene) scene
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

  /* A name given later in the file is skipped too. */
  g_autoptr (CmScene) later
      = read_body ("<polygon carom:role='obstacle' points='10,10 20,10 20,20'/>\n"
                   "<circle carom:role='ball' cx='80' cy='80' r='2' carom:direction='0 1'/>\n"
                   "<polygon carom:role='obstacle' id='obstacle-1' points='30,10 40,10 40,20'/>\n"
                   "<circle carom:role='ball' id='ball-3' r='2' carom:direction='0 1'/>\n"
                   "<circle carom:role='ball' r='2' carom:direction='0 1'/>\n",
                   NULL);
  const char *expected_later[] = { "obstacle-2", "ball-1", "obstacle-1", "ball-3", "ball-4" };
  for (guint i = 0; i < G_N_ELEMENTS (expected_later); i++)
    g_assert_cmpstr (object_at (later, i)->id, ==, expected_later[i]);
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
  g_autoptr (CmScene) scene = read_body (
      "<g transform='translate(100 0)'><g transform='scale(2)'>"
      "<polygon carom:role='obstacle' id='p' points='0,0 10,0 10,10 0,10' transform='rotate(90)'/>"
      "</g></g>\n",
      NULL);
  CmObject *p = object_at (scene, 0);
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
  g_autoptr (CmScene) scene
      = read_body ("<g transform='rotate(90) scale(2)'>"
                   "<circle carom:role='ball' id='b' cx='10' cy='0' r='5' carom:direction='1,0'/>"
                   "</g>\n",
                   NULL);
  CmObject *ball = object_at (scene, 0);
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
  g_autoptr (CmScene) scene
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
  g_autoptr (CmScene) scene = read_body (
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
      CmObject *object = cm_scene_find (scene, expected[i].id);
      g_assert_nonnull (object);
      g_assert_cmpuint (object->n_points, ==, expected[i].n);
      g_assert_true (has_point (object, expected[i].x, expected[i].y));
    }
  g_assert_true (has_point (cm_scene_find (scene, "two-2"), 20, 0));

  const char *flag
      = SVG_OPEN "<path carom:role='wall' id='c' d='M0 0 A 5 5 0 2 1 10 0 Z'/>" SVG_CLOSE;
  const char *flag_needles[] = { "“c”", "arc flag", NULL };
  assert_fails (flag, strlen (flag), CAROM_SVG_ERROR_INVALID_OBJECT, flag_needles);

  const char *open
      = SVG_OPEN "<path carom:role='wall' id='o' d='M0 0 H10 V10 Z M 20 0 H 30'/>" SVG_CLOSE;
  const char *open_needles[] = { "“o”", "subpath 2", "not a closed shape", NULL };
  assert_fails (open, strlen (open), CAROM_SVG_ERROR_INVALID_OBJECT, open_needles);

  const char *start = SVG_OPEN "<path carom:role='wall' d='L0 0 H10 V10 Z'/>" SVG_CLOSE;
  const char *start_needles[] = { "<path>", "moveto", NULL };
  assert_fails (start, strlen (start), CAROM_SVG_ERROR_INVALID_OBJECT, start_needles);
}

/* 9: rects keep their corners; circles and rounded corners with rx = ry are exact arcs
 * (geometry.md, "Curved edges"); ellipses and rounded corners with rx ≠ ry are flattened
 * within the tolerance. */
static void
test_rect_circle (void)
{
  g_autoptr (CmScene) scene = read_body (
      "<rect carom:role='wall' id='r' x='1' y='2' width='3' height='4'/>\n"
      "<rect carom:role='obstacle' id='rounded' x='0' y='0' width='100' height='50' rx='10'/>\n"
      "<rect carom:role='obstacle' id='squashed' x='0' y='0' width='100' height='50' rx='10' "
      "ry='5'/>\n"
      "<circle carom:role='obstacle' id='big' cx='10' cy='20' r='100'/>\n"
      "<circle carom:role='obstacle' id='small' cx='0' cy='0' r='1'/>\n"
      "<ellipse carom:role='obstacle' id='oval' cx='0' cy='0' rx='30' ry='10'/>\n"
      "<ellipse carom:role='obstacle' id='wide' cx='10' cy='20' rx='100' ry='99'/>\n",
      NULL);

  CmObject *r = cm_scene_find (scene, "r");
  g_assert_cmpuint (r->n_points, ==, 4);
  g_assert_true (has_point (r, 1, 2) && has_point (r, 4, 2) && has_point (r, 4, 6)
                 && has_point (r, 1, 6));
  g_assert_false (r->reversed); /* a rect has no vertex order of its own */
  g_assert_cmpfloat (cg_polygon_signed_area (r->points, r->n_points), <, 0.0);

  CmObject *rounded = cm_scene_find (scene, "rounded");
  g_assert_cmpuint (rounded->n_points, ==, 8);
  g_assert_true (cm_object_is_curved (rounded));
  double area = cg_curve_signed_area (rounded->points, rounded->edges, rounded->n_points);
  g_assert_cmpfloat_with_epsilon (area, 100.0 * 50.0 - (4.0 - G_PI) * 100.0, 1e-9);
  g_assert_true (has_point (rounded, 10, 0) && has_point (rounded, 100, 40));

  CmObject *squashed = cm_scene_find (scene, "squashed");
  g_assert_null (squashed->edges);
  g_assert_cmpuint (squashed->n_points, >, 16);
  area = cg_polygon_signed_area (squashed->points, squashed->n_points);
  g_assert_cmpfloat_with_epsilon (area, 100.0 * 50.0 - (4.0 - G_PI) * 50.0, 10.0);

  CmObject *big = cm_scene_find (scene, "big");
  g_assert_cmpuint (big->n_points, ==, 1);
  g_assert_cmpfloat (big->edges[0].R, ==, 100.0);
  g_assert_cmpuint (cm_scene_find (scene, "small")->n_points, ==, 1);
  g_assert_cmpuint (cm_scene_find (scene, "oval")->n_points, >=, 16);

  /* Flattened: every vertex on the curve, no chord further than the tolerance from it. */
  const double tolerance = CAROM_SVG_DEFAULT_FLATTEN_TOLERANCE;
  CmObject *wide = cm_scene_find (scene, "wide");
  g_assert_null (wide->edges);
  g_assert_cmpuint (wide->n_points, >=, 16);
  for (size_t k = 0; k < wide->n_points; k++)
    {
      CgVec2 a = wide->points[k], b = wide->points[(k + 1) % wide->n_points];
      double u = (a.x - 10.0) / 100.0, v = (a.y - 20.0) / 99.0;
      g_assert_cmpfloat_with_epsilon (u * u + v * v, 1.0, 1e-9);
      /* the curve between them: as far from the chord as the point halfway along */
      double t = 2.0 * G_PI * (k + 0.5) / wide->n_points;
      CgVec2 on_curve = { 10.0 + 100.0 * cos (t), 20.0 + 99.0 * sin (t) };
      g_assert_cmpfloat (cg_point_segment_distance (on_curve, a, b), <=, tolerance + 1e-9);
    }

  /* A finer tolerance gives more vertices. */
  const char *svg = SVG_OPEN "<ellipse carom:role='obstacle' rx='100' ry='99'/>" SVG_CLOSE;
  CaromSvgReadOptions fine = { .flatten_tolerance = 0.01 };
  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) finer = carom_svg_read_memory (svg, strlen (svg), &fine, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (object_at (finer, 0)->n_points, >, wide->n_points);
}

/* 10: generated groups, display:none (attribute or style), defs and foreign namespaces are not
 * read. */
static void
test_skipped (void)
{
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CmScene) scene = read_body (
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
  g_autoptr (CmScene) scene = carom_svg_read_file (path, NULL, &summary, &error);
  g_assert_no_error (error);

  const struct
  {
    const char *id, *role;
  } expected[] = { { "room", "wall" },
                   { "island", "obstacle" },
                   { "dot", "obstacle" },
                   { "hump", "wall" },
                   { "pen", "wall" } };
  g_assert_cmpuint (scene->objects->len, ==, G_N_ELEMENTS (expected));
  for (gsize i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_assert_cmpstr (object_at (scene, i)->id, ==, expected[i].id);
      g_assert_cmpstr (cm_object_role_name (object_at (scene, i)), ==, expected[i].role);
    }

  for (guint i = 0; i < summary->len; i++)
    g_test_message ("summary: %s", (const char *)g_ptr_array_index (summary, i));
  const char *needles[] = {
    "The drawing is 210 mm wide; one scene unit (a user unit of its viewBox) is 1 mm.",
    "Took 3 walls and 2 obstacles",
    "Skipped 1 <path> element (path1234): not a closed shape",
    "Skipped 1 <path> element (swoosh): edges 6 and 14 cross at (130, 100)",
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

/* 12: a nested <svg> moves to its x, y and maps its viewBox onto its width and height, as
 * preserveAspectRatio says. */
static void
test_nested_svg (void)
{
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CmScene) scene = read_body (
      "<svg x='10' y='20'><polygon carom:role='obstacle' id='moved' points='0,0 1,0 1,1'/></svg>\n"
      "<svg x='100' y='0' width='50' height='20' viewBox='0 0 10 10'>"
      "<polygon carom:role='obstacle' id='meet' points='0,0 10,0 10,10'/></svg>\n"
      "<svg x='100' y='0' width='50' height='20' viewBox='0 0 10 10' "
      "preserveAspectRatio='none'><polygon carom:role='obstacle' id='none' points='0,0 10,0 "
      "10,10'/></svg>\n"
      "<svg x='100' y='0' width='50' height='20' viewBox='0 0 10 10' "
      "preserveAspectRatio='xMinYMax slice'><polygon carom:role='obstacle' id='slice' "
      "points='0,0 10,0 10,10'/></svg>\n",
      &summary);
  g_assert_cmpuint (scene->objects->len, ==, 4);
  g_assert_cmpuint (summary->len, ==, 0);
  g_assert_true (has_point (cm_scene_find (scene, "moved"), 11, 21));
  /* meet: scale 2 (the smaller of 5 and 2), centred: x from 100 + (50 - 20) / 2 = 115 */
  g_assert_true (has_point (cm_scene_find (scene, "meet"), 115, 0));
  g_assert_true (has_point (cm_scene_find (scene, "meet"), 135, 20));
  /* none: 5 across, 2 down */
  g_assert_true (has_point (cm_scene_find (scene, "none"), 150, 20));
  /* slice: scale 5, the box's bottom on the viewport's bottom: y from 20 - 50 = -30 */
  g_assert_true (has_point (cm_scene_find (scene, "slice"), 100, -30));
  g_assert_true (has_point (cm_scene_find (scene, "slice"), 150, 20));

  const char *bad
      = SVG_OPEN "<svg id='flat' viewBox='0 0 0 10'><rect width='1' height='1'/></svg>" SVG_CLOSE;
  const char *needles[] = { "“flat”", "viewBox", NULL };
  assert_fails (bad, strlen (bad), CAROM_SVG_ERROR_INVALID_OBJECT, needles);
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
    { SVG_OPEN "<rect carom:role='wall' id='em' width='10em' height='10'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“em”", "width", "unit" } },
    { SVG_OPEN "<rect carom:role='wall' id='pc' width='10%' height='10'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“pc”", "width", "percentage" } },
    { SVG_OPEN "<path carom:role='wall' id='open' d='M 0 0 L 10 0 L 10 x'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“open”", "“d”", "expected a number" } },
    { SVG_OPEN "<polygon carom:role='wall' id='junk' points='0,0 10,0 10,10 x'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“junk”", "points", "expected a number" } },
    { SVG_OPEN "<path carom:role='wall' id='tight' d='M0 0 C 0 1e300 1 -1e300 1 0 Z'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_LIMIT,
      { "“tight”", "100000 vertices" } },
    { SVG_OPEN "<g id='bent' transform='rotate(1 2)'><rect width='1' height='1'/></g>" SVG_CLOSE,
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“bent”", "transform", "rotate" } },
    { SVG_OPEN "<ellipse carom:role='wall' id='huge' rx='1e12' ry='1'/>" SVG_CLOSE,
      CAROM_SVG_ERROR_LIMIT,
      { "“huge”", "100000 vertices" } },
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
  g_autoptr (CmScene) scene = read_string (doctype, NULL, &error);
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
  g_autoptr (CmScene) scene = read_string (fine->str, NULL, &error);
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
  g_autoptr (CmScene) missing
      = carom_svg_read_file ("/nonexistent/carom/missing-scene.svg", NULL, NULL, &error);
  g_assert_null (missing);
  g_assert_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_UNREADABLE);
  g_assert_nonnull (strstr (error->message, "missing-scene.svg"));
  g_clear_error (&error);

  g_autofree char *directory = source_path ("tests", "data", NULL);
  g_autoptr (CmScene) dir = carom_svg_read_file (directory, NULL, NULL, &error);
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
          g_autoptr (CmScene) scene = read_string (inputs[i], NULL, &error);
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
      g_autoptr (CmScene) scene = carom_svg_read_memory (prefix, n, NULL, NULL, &error);
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
      g_autoptr (CmScene) first = read_example (name, NULL);
      gsize length = 0;
      g_autofree char *written = carom_svg_write_string (first, &length);
      g_assert_cmpuint (length, ==, strlen (written));

      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) summary = NULL;
      g_autoptr (CmScene) second = read_string (written, &summary, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (summary->len, ==, 0);
      assert_scenes_equal (first, second);
      for (guint i = 0; i < second->objects->len; i++)
        if (object_at (second, i)->kind == CM_OBJECT_POLYGON)
          g_assert_false (object_at (second, i)->reversed); /* written in role orientation */

      g_autofree char *again = carom_svg_write_string (second, NULL);
      g_assert_cmpstr (written, ==, again);
    }
  g_assert_cmpuint (n_files, >=, 3);
}

/* 22b: a file of Carom's own objects plus a generated drawing (dropped on
 * reading, Export draws it again) is written as Carom writes it, so that a
 * second save writes the same bytes (a fuzzer finding: the first save kept
 * the file's form, the second did not). */
static void
test_round_trip_generated_only (void)
{
  const char *svg
      = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:carom=\"urn:carom:scene:1\" "
        "viewBox=\"-10 -10 1200 120\">\n"
        "<polygon carom:role=\"wall\" id=\"room\" points=\"0,0 0,100 100,100 100,0\"/>\n"
        "<g carom:generated=\"true\"><path d=\"M0\" height=\"10\"/></g>\n"
        "<circle carom:role=\"ball\" id=\"b\" cx=\"20\" cy=\"20\" r=\"3\" "
        "carom:direction=\"1 0.5\" carom:max-bounces=\"7\"/>\n</svg>\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) first = read_string (svg, NULL, &error);
  g_assert_no_error (error);
  g_autofree char *written = carom_svg_write_string (first, NULL);
  g_assert_null (strstr (written, "generated"));
  g_autoptr (CmScene) second = read_string (written, NULL, &error);
  g_assert_no_error (error);
  g_autofree char *again = carom_svg_write_string (second, NULL);
  g_assert_cmpstr (written, ==, again);
}

/* 23: the writer writes the native format of scene-format.md. */
static void
test_write_format (void)
{
  g_autoptr (CmScene) scene = read_example ("seed.svg", NULL);
  /* Without the file it came from (a Save writes that back as it was). */
  cm_scene_set_source (scene, NULL, NULL);
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
  g_autoptr (CmScene) odd = cm_scene_new ();
  CgVec2 triangle[] = { { 0, 0 }, { 1, 0 }, { 1, 1 } };
  cm_scene_add_polygon (odd, "a<b & \"c\"\td", CG_ROLE_OBSTACLE, triangle, 3);
  g_autofree char *escaped = carom_svg_write_string (odd, NULL);
  g_assert_nonnull (strstr (escaped, "id=\"a&lt;b &amp; &quot;c&quot;&#9;d\""));
  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) back = read_string (escaped, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (object_at (back, 0)->id, ==, "a<b & \"c\"\td");

  g_autoptr (CmScene) empty = cm_scene_new ();
  g_autofree char *nothing = carom_svg_write_string (empty, NULL);
  g_autoptr (CmScene) empty_back = read_string (nothing, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (empty_back->objects->len, ==, 0);
}

/* A scene whose numbers need every digit: thirds, tiny and huge values. */
static CmScene *
awkward_scene (void)
{
  CmScene *scene = cm_scene_new ();
  CgVec2 room[]
      = { { -1e6 / 3, -0.1 }, { -1e6 / 3, 1e6 / 7 }, { 1e-7 + 1e6, 1e6 / 7 }, { 1e6, -0.1 } };
  CgVec2 post[] = { { 0.1, 0.2 }, { 0.3, 0.2 }, { 0.3, 2.0 / 3 } };
  cm_scene_add_polygon (scene, "room", CG_ROLE_WALL, room, G_N_ELEMENTS (room));
  cm_scene_add_polygon (scene, "post", CG_ROLE_OBSTACLE, post, G_N_ELEMENTS (post));
  cm_scene_add_ball (scene, "ball", cg_v2 (1.0 / 3, 123456.789e-3), G_PI, cg_v2 (0.6, 0.8), 7);
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

  g_autoptr (CmScene) scene = awkward_scene ();
  g_autofree char *written = carom_svg_write_string (scene, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) back = read_string (written, NULL, &error);
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
  g_autoptr (CmScene) scene = awkward_scene ();
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
  g_autoptr (CmScene) corridor = read_example ("corridor.svg", NULL);
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

  g_autoptr (CmScene) scene = read_example ("pinball.svg", NULL);
  g_assert_true (carom_svg_write_file (scene, path, &error));
  g_assert_no_error (error);
  g_assert_true (carom_svg_write_file (scene, path, &error)); /* over an existing file */
  g_autoptr (CmScene) back = carom_svg_read_file (path, NULL, NULL, &error);
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
  g_autoptr (CmScene) corridor = read_example ("corridor.svg", NULL);
  g_assert_cmpuint (corridor->objects->len, ==, 7);
  CmObject *diamond = cm_scene_find (corridor, "diamond");
  g_assert_nonnull (diamond);
  g_assert_cmpuint (diamond->n_points, ==, 4);
  for (size_t k = 0; k < diamond->n_points; k++) /* the rotated square's corners lie on a circle */
    g_assert_cmpfloat_with_epsilon (cg_distance (diamond->points[k], cg_v2 (300, 100)),
                                    20 * G_SQRT2, 1e-9);
  g_assert_cmpuint (cm_scene_find (corridor, "blue")->max_bounces, ==, 50);

  g_autoptr (CmScene) pinball = read_example ("pinball.svg", NULL);
  g_assert_cmpuint (pinball->objects->len, ==, 8);
  g_assert_cmpuint (cm_scene_find (pinball, "table")->n_points, ==, 6);
  g_assert_cmpint (object_at (pinball, 7)->kind, ==, CM_OBJECT_BALL);
}

/* ---- path data ------------------------------------------------------------ */

/* The contours of path data d, strictly read, at tolerance. */
static void
parse_path (const char *d, double tolerance, CaromSvgShape *shape)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *warning = NULL;
  carom_svg_shape_reset (shape, G_MAXSIZE);
  if (!carom_svg_parse_path (d, tolerance, FALSE, shape, &warning, &error))
    g_error ("path “%s”: %s", d, error->message);
  g_assert_null (warning);
}

static const CaromSvgContour *
contour_at (const CaromSvgShape *shape, guint k)
{
  g_assert_cmpuint (k, <, shape->contours->len);
  return &g_array_index (shape->contours, CaromSvgContour, k);
}

/* 28: straight path data, table-driven: every command, absolute and relative, implicit
 * repeats, the odd number forms, several subpaths. */
static void
test_path_data_lines (void)
{
  const struct
  {
    const char *d;
    guint n_contours;
    gboolean closed; /* of the first contour */
    guint n;         /* vertices of the first contour */
    double v[10];    /* its first vertices, x y x y ... */
  } cases[] = {
    { "M 0 0 L 10 0 L 10 10 Z", 1, TRUE, 3, { 0, 0, 10, 0, 10, 10 } },
    { "m 0 0 10 0 0 10 z", 1, TRUE, 3, { 0, 0, 10, 0, 10, 10 } },
    { "M0 0 10 0 10 10z", 1, TRUE, 3, { 0, 0, 10, 0, 10, 10 } },
    { "M0,0L10,0,10,10Z", 1, TRUE, 3, { 0, 0, 10, 0, 10, 10 } },
    { "M0,0H10V10H0Z", 1, TRUE, 4, { 0, 0, 10, 0, 10, 10, 0, 10 } },
    { "M5 5h10v10h-10z", 1, TRUE, 4, { 5, 5, 15, 5, 15, 15, 5, 15 } },
    { "M 0 0 H 10 20 V 5 7", 1, FALSE, 5, { 0, 0, 10, 0, 20, 0, 20, 5, 20, 7 } },
    { "M-1-2L.5.5 1e-3,2Z", 1, TRUE, 3, { -1, -2, 0.5, 0.5, 1e-3, 2 } },
    { "M+1-.5E1l1.5.5", 1, FALSE, 2, { 1, -5, 2.5, -4.5 } },
    { "M0 0L10 0 10 10 0 0", 1, TRUE, 4, { 0, 0, 10, 0, 10, 10, 0, 0 } },
    { "M0 0 L10 0", 1, FALSE, 2, { 0, 0, 10, 0 } },
    { "M 1 1", 0, FALSE, 0, { 0 } },
    { "M 1 1 M 5 5 L 6 6", 1, FALSE, 2, { 5, 5, 6, 6 } },
    { "m 1 1 2 2 m 1 0 1 1", 2, FALSE, 2, { 1, 1, 3, 3 } },
    { "M 0 0 H 10 V 10 Z L 0 -10 H 10 Z", 2, TRUE, 3, { 0, 0, 10, 0, 10, 10 } },
    { "M 0 0 h 10 v 10 z m 20 0 h 10 v 10 z", 2, TRUE, 3, { 0, 0, 10, 0, 10, 10 } },
    { " \t\nM\n0\r0\tL 1 1  ", 1, FALSE, 2, { 0, 0, 1, 1 } },
    { "", 0, FALSE, 0, { 0 } },
  };
  CaromSvgShape shape;
  carom_svg_shape_init (&shape);
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("path “%s”", cases[i].d);
      parse_path (cases[i].d, 0.25, &shape);
      g_assert_cmpuint (shape.contours->len, ==, cases[i].n_contours);
      if (cases[i].n_contours == 0)
        continue;
      const CaromSvgContour *c = contour_at (&shape, 0);
      g_assert_cmpint (c->closed, ==, cases[i].closed);
      g_assert_cmpuint (c->length, ==, cases[i].n);
      const CgVec2 *v = carom_svg_shape_points (&shape, c);
      for (guint k = 0; k < cases[i].n && 2 * k + 1 < G_N_ELEMENTS (cases[i].v); k++)
        {
          g_assert_cmpfloat (v[k].x, ==, cases[i].v[2 * k]);
          g_assert_cmpfloat (v[k].y, ==, cases[i].v[2 * k + 1]);
        }
    }
  /* The second subpath after a closepath starts where the first began. */
  parse_path ("M 0 0 H 10 V 10 Z L 0 -10 H 10 Z", 0.25, &shape);
  g_assert_cmpfloat (carom_svg_shape_points (&shape, contour_at (&shape, 1))[0].x, ==, 0.0);

  const struct
  {
    const char *d, *needle;
  } bad[] = {
    { "L 0 0", "moveto" },
    { "M 0 0 X 1", "unknown path command" },
    { "M 0 0 L 1", "expected a number" },
    { "M 0 0 L 1 2,", "comma" },
    { "M 0 0 L 1 2, L 3 4", "comma" },
    { "M 0 0 Z 1 2", "closepath" },
    { "M 0 0 L 1e999 0", "out of range" },
    { "M 0 0 A 1 1 0 2 0 5 5", "arc flag" },
    { "M 0 0 A 1 1 0 0", "arc flag" },
    { "M 0 0 A 1 1 0 -1 0 5 5", "arc flag" },
    { "M 0 0 C 1 1 2 2", "expected a number" },
    { "M 0,,0 L 1 1", "expected a number" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *warning = NULL;
      g_test_message ("bad path “%s”", bad[i].d);
      carom_svg_shape_reset (&shape, G_MAXSIZE);
      g_assert_false (carom_svg_parse_path (bad[i].d, 0.25, FALSE, &shape, &warning, &error));
      g_assert_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT);
      if (strstr (error->message, bad[i].needle) == NULL)
        g_error ("“%s”: message “%s” lacks “%s”", bad[i].d, error->message, bad[i].needle);

      /* Leniently (as renderers do), everything before the error is kept. */
      g_clear_error (&error);
      carom_svg_shape_reset (&shape, G_MAXSIZE);
      g_assert_true (carom_svg_parse_path (bad[i].d, 0.25, TRUE, &shape, &warning, &error));
      g_assert_no_error (error);
      g_assert_nonnull (warning);
    }
  carom_svg_shape_reset (&shape, G_MAXSIZE);
  g_autofree char *warning = NULL;
  g_assert_true (
      carom_svg_parse_path ("M 0 0 L 10 0 L 10 10 L x", 0.25, TRUE, &shape, &warning, NULL));
  g_assert_cmpuint (contour_at (&shape, 0)->length, ==, 3);
  carom_svg_shape_clear (&shape);
}

/* Asserts that two paths flatten to the same vertices (within slack). */
static void
assert_same_path (const char *d1, const char *d2, double slack)
{
  CaromSvgShape a, b;
  carom_svg_shape_init (&a);
  carom_svg_shape_init (&b);
  g_test_message ("“%s” = “%s”", d1, d2);
  parse_path (d1, 0.1, &a);
  parse_path (d2, 0.1, &b);
  g_assert_cmpuint (a.contours->len, ==, b.contours->len);
  g_assert_cmpuint (a.points->len, ==, b.points->len);
  for (guint k = 0; k < a.points->len; k++)
    {
      CgVec2 p = g_array_index (a.points, CgVec2, k), q = g_array_index (b.points, CgVec2, k);
      if (cg_distance (p, q) > slack)
        g_error ("vertex %u: (%.17g, %.17g) vs (%.17g, %.17g)", k, p.x, p.y, q.x, q.y);
    }
  carom_svg_shape_clear (&a);
  carom_svg_shape_clear (&b);
}

/* The cubic Bézier at t. */
static CgVec2
cubic_at (const CgVec2 p[4], double t)
{
  double s = 1.0 - t;
  return cg_v2 (
      s * s * s * p[0].x + 3 * s * s * t * p[1].x + 3 * s * t * t * p[2].x + t * t * t * p[3].x,
      s * s * s * p[0].y + 3 * s * s * t * p[1].y + 3 * s * t * t * p[2].y + t * t * t * p[3].y);
}

/* The distance from p to the polyline v[0..n). */
static double
polyline_distance (const CgVec2 *v, guint n, CgVec2 p)
{
  double best = INFINITY;
  for (guint k = 0; k + 1 < n; k++)
    best = fmin (best, cg_point_segment_distance (p, v[k], v[k + 1]));
  return best;
}

/* 29: curves: S and T reflect the previous control point (and only after a curve of their
 * kind), Q is the cubic it equals, relative forms match absolute ones, and a flattened cubic
 * never strays further than the tolerance from the curve, whatever the tolerance. */
static void
test_path_data_curves (void)
{
  assert_same_path ("M0 0 C 0 10 10 10 10 0 S 20 -10 20 0",
                    "M0 0 C 0 10 10 10 10 0 C 10 -10 20 -10 20 0", 0.0);
  assert_same_path ("M0 0 S 10 10 20 0", "M0 0 C 0 0 10 10 20 0", 0.0);
  assert_same_path ("M0 0 L 5 5 S 10 10 20 0", "M0 0 L 5 5 C 5 5 10 10 20 0", 0.0);
  assert_same_path ("M0 0 Q 10 10 20 0 T 40 0", "M0 0 Q 10 10 20 0 Q 30 -10 40 0", 0.0);
  assert_same_path ("M0 0 T 10 0", "M0 0 L 10 0", 0.0);
  assert_same_path ("M0 0 C 0 10 10 10 10 0 T 20 0", "M0 0 C 0 10 10 10 10 0 L 20 0", 0.0);
  assert_same_path ("M0 0 Q 10 10 20 0",
                    "M0 0 C 6.666666666666667 6.666666666666667 "
                    "13.333333333333334 6.666666666666667 20 0",
                    1e-12);
  assert_same_path ("m1 1 c 0 10 10 10 10 0 s 10 -10 10 0 q 5 5 10 0 t 10 0",
                    "M1 1 C 1 11 11 11 11 1 S 21 -9 21 1 Q 26 6 31 1 T 41 1", 1e-12);
  assert_same_path ("M0 0c0 10 10 10 10 0 10-10 20-10 20 0",
                    "M0 0 C 0 10 10 10 10 0 C 20 -10 30 -10 30 0", 0.0);

  const CgVec2 cubics[][4] = {
    { { 0, 0 }, { 0, 100 }, { 100, 100 }, { 100, 0 } },
    { { 0, 0 }, { 300, 50 }, { -200, 50 }, { 100, 0 } }, /* a loop */
    { { 0, 0 }, { 1000, 0 }, { 1000, 0 }, { 0, 1 } },    /* a sharp turn */
    { { 0, 0 }, { 0, 0 }, { 10, 10 }, { 10, 10 } },      /* a straight line */
  };
  const double tolerances[] = { 1.0, 0.25, 0.01 };
  for (gsize c = 0; c < G_N_ELEMENTS (cubics); c++)
    for (gsize t = 0; t < G_N_ELEMENTS (tolerances); t++)
      {
        const CgVec2 *p = cubics[c];
        g_autofree char *d = g_strdup_printf ("M %g %g C %g %g %g %g %g %g", p[0].x, p[0].y, p[1].x,
                                              p[1].y, p[2].x, p[2].y, p[3].x, p[3].y);
        CaromSvgShape shape;
        carom_svg_shape_init (&shape);
        parse_path (d, tolerances[t], &shape);
        const CaromSvgContour *contour = contour_at (&shape, 0);
        const CgVec2 *v = carom_svg_shape_points (&shape, contour);
        g_assert_true (v[contour->length - 1].x == p[3].x && v[contour->length - 1].y == p[3].y);
        double worst = 0.0;
        for (int k = 0; k <= 2000; k++)
          worst = fmax (worst, polyline_distance (v, contour->length, cubic_at (p, k / 2000.0)));
        g_test_message ("cubic %" G_GSIZE_FORMAT " at tolerance %g: %u vertices, off by %g", c,
                        tolerances[t], contour->length, worst);
        g_assert_cmpfloat (worst, <=, tolerances[t]);
        carom_svg_shape_clear (&shape);
      }
}

/* 30: elliptical arcs, from the endpoint form (SVG 1.1 F.6): flags as single characters,
 * radii that are too small scaled up, zero radii as a line, equal ends as nothing, a rotated
 * ellipse's points on the ellipse, and the tolerance kept. */
static void
test_path_data_arcs (void)
{
  assert_same_path ("M0 0 A10 10 0 00 20 0", "M0 0 A 10 10 0 0 0 20 0", 0.0);
  assert_same_path ("M0 0 a10,10,0,1,1,20,0", "M0 0 A 10 10 0 1 1 20 0", 0.0);
  assert_same_path ("M0 0 A10 10 0 1120 0", "M0 0 A 10 10 0 1 1 20 0", 0.0);
  assert_same_path ("M0 0 A10 10 0 1 1 20 0 10 10 0 1 1 0 0",
                    "M0 0 A10 10 0 1 1 20 0 A 10 10 "
                    "0 1 1 0 0",
                    0.0);
  assert_same_path ("M0 0 A 1 1 0 0 1 20 0", "M0 0 A 10 10 0 0 1 20 0", 1e-9);
  assert_same_path ("M0 0 A -10 -10 0 0 1 20 0", "M0 0 A 10 10 0 0 1 20 0", 0.0);
  assert_same_path ("M0 0 A 0 5 0 0 1 20 0", "M0 0 L 20 0", 0.0);
  assert_same_path ("M0 0 A 5 5 0 0 1 0 0 L 1 1", "M0 0 L 1 1", 0.0);

  /* A half circle from (0, 0) to (20, 0) around (10, 0): sweep 1 turns through y < 0 (the
   * positive angle direction, clockwise on a y-down screen). */
  const struct
  {
    const char *d;
    double y_sign;
  } halves[] = { { "M0 0 A 10 10 0 0 1 20 0", -1 }, { "M0 0 A 10 10 0 0 0 20 0", 1 } };
  for (gsize i = 0; i < G_N_ELEMENTS (halves); i++)
    {
      CaromSvgShape shape;
      carom_svg_shape_init (&shape);
      parse_path (halves[i].d, 0.01, &shape);
      const CaromSvgContour *c = contour_at (&shape, 0);
      const CgVec2 *v = carom_svg_shape_points (&shape, c);
      g_assert_cmpuint (c->length, >, 20);
      for (guint k = 0; k < c->length; k++)
        {
          g_assert_cmpfloat_with_epsilon (cg_distance (v[k], cg_v2 (10, 0)), 10.0, 1e-9);
          g_assert_cmpfloat (v[k].y * halves[i].y_sign, >=, -1e-9);
          if (k > 0) /* chords within tolerance: the sagitta */
            g_assert_cmpfloat (10.0 - cg_distance (cg_lerp (v[k - 1], v[k], 0.5), cg_v2 (10, 0)),
                               <=, 0.01 + 1e-12);
        }
      carom_svg_shape_clear (&shape);
    }

  /* Large arc and sweep choose among the four arcs between two points: lengths differ. */
  const char *four[] = { "M0 0 A 10 10 0 0 0 10 10", "M0 0 A 10 10 0 0 1 10 10",
                         "M0 0 A 10 10 0 1 0 10 10", "M0 0 A 10 10 0 1 1 10 10" };
  double lengths[4];
  for (int i = 0; i < 4; i++)
    {
      CaromSvgShape shape;
      carom_svg_shape_init (&shape);
      parse_path (four[i], 0.001, &shape);
      const CaromSvgContour *c = contour_at (&shape, 0);
      const CgVec2 *v = carom_svg_shape_points (&shape, c);
      lengths[i] = 0.0;
      for (guint k = 1; k < c->length; k++)
        lengths[i] += cg_distance (v[k - 1], v[k]);
      carom_svg_shape_clear (&shape);
    }
  g_assert_cmpfloat_with_epsilon (lengths[0], G_PI * 5, 0.01); /* quarter circles */
  g_assert_cmpfloat_with_epsilon (lengths[1], G_PI * 5, 0.01);
  g_assert_cmpfloat_with_epsilon (lengths[2], G_PI * 15, 0.01); /* three quarters */
  g_assert_cmpfloat_with_epsilon (lengths[3], G_PI * 15, 0.01);

  /* A rotated ellipse (rx 20, ry 10, turned 30°): the ends are where the data puts them, and
   * the flattening stays within the tolerance of a much finer one, both ways. */
  CaromSvgShape shape;
  carom_svg_shape_init (&shape);
  parse_path ("M 0 0 A 20 10 30 1 1 15 5", 0.05, &shape);
  const CaromSvgContour *c = contour_at (&shape, 0);
  const CgVec2 *v = carom_svg_shape_points (&shape, c);
  g_assert_true (v[c->length - 1].x == 15 && v[c->length - 1].y == 5);
  CaromSvgShape fine;
  carom_svg_shape_init (&fine);
  parse_path ("M 0 0 A 20 10 30 1 1 15 5", 1e-4, &fine);
  const CaromSvgContour *fc = contour_at (&fine, 0);
  const CgVec2 *fv = carom_svg_shape_points (&fine, fc);
  for (guint k = 0; k < c->length; k++)
    g_assert_cmpfloat (polyline_distance (fv, fc->length, v[k]), <=, 1e-3);
  for (guint k = 0; k < fc->length; k++)
    g_assert_cmpfloat (polyline_distance (v, c->length, fv[k]), <=, 0.05 + 1e-3);
  carom_svg_shape_clear (&fine);
  carom_svg_shape_clear (&shape);
}

/* ---- units and viewports -------------------------------------------------- */

/* 31: lengths, table-driven: absolute units at 96 per inch, percentages of the viewport. */
static void
test_lengths (void)
{
  const CaromSvgViewport viewport = { 200, 100 };
  const struct
  {
    const char *text;
    CaromSvgLengthAxis axis;
    double value;
  } good[] = {
    { "10", CAROM_SVG_LENGTH_X, 10 },
    { " 10px ", CAROM_SVG_LENGTH_X, 10 },
    { "1in", CAROM_SVG_LENGTH_X, 96 },
    { "2.54cm", CAROM_SVG_LENGTH_X, 96 },
    { "25.4mm", CAROM_SVG_LENGTH_X, 96 },
    { "72pt", CAROM_SVG_LENGTH_X, 96 },
    { "6pc", CAROM_SVG_LENGTH_X, 96 },
    { "101.6Q", CAROM_SVG_LENGTH_X, 96 },
    { "-1e1mm", CAROM_SVG_LENGTH_X, -10 * 96 / 25.4 },
    { "50%", CAROM_SVG_LENGTH_X, 100 },
    { "50%", CAROM_SVG_LENGTH_Y, 50 },
    { "10%", CAROM_SVG_LENGTH_OTHER, 0.1 * 158.11388300841898 },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (good); i++)
    {
      double v;
      g_autoptr (GError) error = NULL;
      g_test_message ("length “%s”", good[i].text);
      g_assert_true (carom_svg_parse_length (good[i].text, &viewport, good[i].axis, &v, &error));
      g_assert_cmpfloat_with_epsilon (v, good[i].value, 1e-12);
    }
  const char *bad[] = { "10em", "10 px", "px", "10pxx", "1e999mm", "1e308in", "", "10 10" };
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      double v;
      g_autoptr (GError) error = NULL;
      g_test_message ("bad length “%s”", bad[i]);
      g_assert_false (carom_svg_parse_length (bad[i], &viewport, CAROM_SVG_LENGTH_X, &v, &error));
      g_assert_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT);
    }
  double v;
  g_autoptr (GError) error = NULL;
  g_assert_false (carom_svg_parse_length ("5%", NULL, CAROM_SVG_LENGTH_X, &v, &error));
  g_assert_nonnull (strstr (error->message, "percentage"));
}

/* 32: scene units are the root's user units: width and height on paper change nothing but the
 * summary's note, lengths with units inside convert at 96 per inch, and percentages follow the
 * viewBox. */
static void
test_units_in_file (void)
{
  const char *svg
      = "<svg xmlns='http://www.w3.org/2000/svg' width='100mm' height='50mm' viewBox='0 0 "
        "200 100'>\n"
        "<rect id='mm' x='0' y='0' width='10mm' height='1in' fill='none'/>\n"
        "<rect id='pc' x='50%' y='10%' width='25%' height='50%'/>\n"
        "<circle id='round' cx='150' cy='50' r='10%'/>\n"
        "</svg>\n";
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) scene = read_string (svg, &summary, &error);
  g_assert_no_error (error);
  CmObject *mm = cm_scene_find (scene, "mm");
  g_assert_true (has_point (mm, 10 * 96 / 25.4, 96));
  CmObject *pc = cm_scene_find (scene, "pc");
  g_assert_true (has_point (pc, 100, 10) && has_point (pc, 150, 60));
  CmObject *round = cm_scene_find (scene, "round");
  for (size_t k = 0; k < round->n_points; k++)
    g_assert_cmpfloat_with_epsilon (cg_distance (round->points[k], cg_v2 (150, 50)),
                                    0.1 * sqrt (0.5 * (200 * 200 + 100 * 100)), 1e-9);
  g_assert_cmpstr (g_ptr_array_index (summary, 0), ==,
                   "The drawing is 100 mm wide; one scene unit (a user unit of its viewBox) is "
                   "0.5 mm.");

  /* Without a viewBox a user unit is a px, and percentages follow width and height. */
  const char *plain = "<svg xmlns='http://www.w3.org/2000/svg' width='2in' height='1in'>"
                      "<rect id='half' width='50%' height='50%'/></svg>";
  g_autoptr (GPtrArray) summary2 = NULL;
  g_autoptr (CmScene) scene2 = read_string (plain, &summary2, &error);
  g_assert_no_error (error);
  g_assert_true (has_point (object_at (scene2, 0), 96, 48));
  g_assert_cmpstr (g_ptr_array_index (summary2, 0), ==,
                   "The drawing is 2 in wide; one scene unit (a user unit of its viewBox) is "
                   "0.01042 in.");
}

/* ---- foreign files -------------------------------------------------------- */

/* 33: a foreign shape with bad data is read as renderers draw it, up to the error (an odd last
 * coordinate dropped), and the summary says so; an object with carom:role is held to the
 * letter. */
static void
test_foreign_lenient (void)
{
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CmScene) scene
      = read_body ("<polygon id='odd' points='0,0 10,0 10,10 5'/>\n"
                   "<polygon id='stop' points='20,0 30,0 30,10 oops 40,40'/>\n"
                   "<path id='cut' d='M 40 0 L 50 0 L 50 10 Z M 60 60 L 1 x'/>\n"
                   "<rect id='negative' width='10' height='10' rx='-3'/>\n"
                   "<ellipse id='auto' cx='100' cy='0' ry='5'/>\n",
                   &summary);
  g_assert_cmpuint (scene->objects->len, ==, 5);
  g_assert_cmpuint (cm_scene_find (scene, "odd")->n_points, ==, 3);
  g_assert_cmpuint (cm_scene_find (scene, "stop")->n_points, ==, 3);
  g_assert_cmpuint (cm_scene_find (scene, "cut")->n_points, ==, 3);
  g_assert_cmpuint (cm_scene_find (scene, "negative")->n_points, ==, 4); /* rx auto: 0 */
  CmObject *ellipse = cm_scene_find (scene, "auto");
  for (size_t k = 0; k < ellipse->n_points; k++)
    g_assert_cmpfloat_with_epsilon (cg_distance (ellipse->points[k], cg_v2 (100, 0)), 5, 1e-9);

  g_autoptr (GString) joined = g_string_new (NULL);
  for (guint i = 0; i < summary->len; i++)
    g_string_append_printf (joined, "%s\n", (const char *)g_ptr_array_index (summary, i));
  g_test_message ("%s", joined->str);
  const char *needles[] = {
    "Read 1 <polygon> element (odd) only up to an error in its data, as SVG viewers draw it: "
    "attribute “points”: an odd number of coordinates.",
    "Read 1 <polygon> element (stop) only up to an error in its data, as SVG viewers draw it: "
    "attribute “points”: expected a number at “oops”.",
    "Read 1 <path> element (cut) only up to an error in its data, as SVG viewers draw it: "
    "attribute “d”: expected a number at “x”.",
  };
  for (gsize i = 0; i < G_N_ELEMENTS (needles); i++)
    if (strstr (joined->str, needles[i]) == NULL)
      g_error ("summary “%s” does not say “%s”", joined->str, needles[i]);
}

/* Reads tests/data/NAME, which must succeed. */
static CmScene *
read_test_file (const char *name, GPtrArray **summary)
{
  g_autofree char *path = source_path ("tests", "data", name, NULL);
  g_autoptr (GError) error = NULL;
  CmScene *scene = carom_svg_read_file (path, NULL, summary, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scene);
  return scene;
}

/* The polygon's area, whatever its orientation, with its exact arcs' circular segments. */
static double
area_of (const CmObject *object)
{
  if (object->edges != NULL)
    return fabs (cg_curve_signed_area (object->points, object->edges, object->n_points));
  return fabs (cg_polygon_signed_area (object->points, object->n_points));
}

/* 34: files saved by Inkscape 1.2 import with the expected polygons and roles: layers with
 * transforms, a room path in relative commands, rounded rects (as rect and as a path of
 * curves), circles, arcs with implicit repeats, quadratics, a hidden layer and text. */
static void
test_inkscape (void)
{
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CmScene) room = read_test_file ("inkscape-room.svg", &summary);
  const struct
  {
    const char *id, *role;
    double area, slack;
  } expected_room[] = {
    { "room", "wall", 200 * 60 + 120 * 80, 0 },
    { "crate", "obstacle", 40 * 25 - (4 - G_PI) * 36, 5 },
    { "bumper", "obstacle", 30 * 20 - (4 - G_PI) * 64, 6 },
    { "pillar", "obstacle", G_PI * 144, 12 },
  };
  g_assert_cmpuint (room->objects->len, ==, G_N_ELEMENTS (expected_room));
  for (gsize i = 0; i < G_N_ELEMENTS (expected_room); i++)
    {
      CmObject *object = object_at (room, (guint)i);
      g_assert_cmpstr (object->id, ==, expected_room[i].id);
      g_assert_cmpstr (cm_object_role_name (object), ==, expected_room[i].role);
      g_assert_cmpfloat_with_epsilon (area_of (object), expected_room[i].area,
                                      expected_room[i].slack + 1e-9);
    }
  /* The layer's translate(5,4) moved the room. */
  g_assert_true (has_point (object_at (room, 0), 5, 4) && has_point (object_at (room, 0), 205, 64));
  g_assert_cmpstr (g_ptr_array_index (summary, 0), ==,
                   "The drawing is 210 mm wide; one scene unit (a user unit of its viewBox) is "
                   "1 mm.");

  g_autoptr (GPtrArray) summary2 = NULL;
  g_autoptr (CmScene) layers = read_test_file ("inkscape-layers.svg", &summary2);
  const struct
  {
    const char *id, *role;
    double area, slack;
  } expected_layers[] = {
    { "arena", "wall", 260 * 160, 0 },
    { "lens", "obstacle", 691.3, 3 }, /* two arcs of a 40 × 25 ellipse */
    { "wedge", "obstacle", 1857, 10 },
    { "egg", "obstacle", G_PI * 12 * 8 * 1.5 * 1.5, 15 }, /* scaled; chords cut <= 0.25 */
  };
  g_assert_cmpuint (layers->objects->len, ==, G_N_ELEMENTS (expected_layers));
  for (gsize i = 0; i < G_N_ELEMENTS (expected_layers); i++)
    {
      CmObject *object = object_at (layers, (guint)i);
      g_assert_cmpstr (object->id, ==, expected_layers[i].id);
      g_assert_cmpstr (cm_object_role_name (object), ==, expected_layers[i].role);
      g_assert_cmpfloat_with_epsilon (area_of (object), expected_layers[i].area,
                                      expected_layers[i].slack + 1e-9);
    }
  /* rotate(30 150 100) keeps the layer's centre: the lens's ends turn about it. */
  CmObject *egg = cm_scene_find (layers, "egg");
  CgAabb box = cg_polygon_bounds (egg->points, egg->n_points);
  g_assert_cmpfloat_with_epsilon (cg_aabb_center (box).x, 160 * 1.5 - 100, 1e-6);
  g_assert_cmpfloat_with_epsilon (cg_aabb_center (box).y, 110 * 1.5 - 40, 1e-6);
  g_autoptr (GString) joined = g_string_new (NULL);
  for (guint i = 0; i < summary2->len; i++)
    g_string_append_printf (joined, "%s\n", (const char *)g_ptr_array_index (summary2, i));
  g_assert_cmpstr (joined->str, ==,
                   "Took 1 wall and 3 obstacles from shapes without carom:role (unfilled shapes "
                   "are walls, filled ones obstacles).\n"
                   "Skipped 1 <polyline> element (zigzag): not a closed shape.\n"
                   "Skipped 1 <g> element (notes): hidden (display:none).\n"
                   "Skipped 1 <text> element (caption): not a shape.\n");

  /* A Carom scene edited in Inkscape: roles survive where Inkscape kept them; the room, which
   * Inkscape turned into a path without them, comes back as a wall by its fill. */
  g_autoptr (GPtrArray) summary3 = NULL;
  g_autoptr (CmScene) carom = read_test_file ("inkscape-carom.svg", &summary3);
  g_assert_cmpuint (carom->objects->len, ==, 4);
  g_assert_cmpstr (cm_object_role_name (cm_scene_find (carom, "room")), ==, "wall");
  CmObject *post = cm_scene_find (carom, "post");
  g_assert_cmpfloat_with_epsilon (area_of (post), 40 * 150, 1e-6);
  CmObject *bumper = cm_scene_find (carom, "bumper");
  g_assert_true (bumper->reversed); /* drawn counter-clockwise, an obstacle */
  g_assert_cmpfloat_with_epsilon (area_of (bumper), G_PI * 900, 40);
  CmObject *ball = cm_scene_find (carom, "ball");
  g_assert_cmpint (ball->kind, ==, CM_OBJECT_BALL);
  g_assert_true (ball->center.x == -190 && ball->center.y == -20 && ball->radius == 40);
  g_assert_cmpuint (summary3->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (summary3, 0), ==,
                   "Took 1 wall from shapes without carom:role (unfilled shapes are walls, filled "
                   "ones obstacles).");
}

/* ---- more hostile input --------------------------------------------------- */

/* 35: path data longer than its limit, a polygon with too many vertices and a file with too
 * many elements are refused by name, quickly. */
static void
test_size_limits (void)
{
  g_autoptr (GTimer) timer = g_timer_new ();

  g_autoptr (GString) path = g_string_new (SVG_OPEN "<path carom:role='wall' id='long' d='M0 0");
  while (path->len < CAROM_SVG_MAX_PATH_DATA_LENGTH + 1000)
    g_string_append (path, " h1 v1");
  g_string_append (path, " Z'/>" SVG_CLOSE);
  const char *path_needles[] = { "“long”", "path data", "limit", NULL };
  assert_fails (path->str, path->len, CAROM_SVG_ERROR_LIMIT, path_needles);

  g_autoptr (GString) points
      = g_string_new (SVG_OPEN "<polygon carom:role='wall' id='many' points='");
  for (int i = 0; i <= CAROM_SVG_MAX_POLYGON_VERTICES; i++)
    g_string_append (points, "1,2 ");
  g_string_append (points, "'/>" SVG_CLOSE);
  const char *point_needles[] = { "“many”", "100000 vertices", "limit for one polygon", NULL };
  assert_fails (points->str, points->len, CAROM_SVG_ERROR_LIMIT, point_needles);

  g_autoptr (GString) crowd = g_string_new (SVG_OPEN);
  for (int i = 0; i < CAROM_SVG_MAX_ELEMENTS; i++)
    g_string_append (crowd, "<g/>");
  g_string_append (crowd, SVG_CLOSE);
  const char *crowd_needles[] = { "More than 2000000 elements", NULL };
  assert_fails (crowd->str, crowd->len, CAROM_SVG_ERROR_LIMIT, crowd_needles);

  g_test_message ("limits took %.2f s", g_timer_elapsed (timer, NULL));
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, 30.0);
}

/* 36: a file over the size limit is refused by its size before a byte is read (a sparse file:
 * it takes no room), and the message names it and the limit. */
static void
test_file_size_limit (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *directory = g_dir_make_tmp ("carom-scene-io-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *path = g_build_filename (directory, "huge.svg", NULL);
  FILE *file = fopen (path, "w");
  g_assert_nonnull (file);
  fputs ("<svg xmlns='http://www.w3.org/2000/svg'>", file);
  g_assert_cmpint (fseek (file, CAROM_SVG_MAX_FILE_SIZE, SEEK_SET), ==, 0);
  fputs ("</svg>", file);
  fclose (file);

  g_autoptr (GTimer) timer = g_timer_new ();
  g_autoptr (CmScene) scene = carom_svg_read_file (path, NULL, NULL, &error);
  g_assert_null (scene);
  g_assert_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT);
  g_assert_nonnull (strstr (error->message, "huge.svg"));
  g_assert_nonnull (strstr (error->message, "256 MiB"));
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, 1.0);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (directory), ==, 0);
}

/* 37: a file is streamed in blocks; an entity declaration that straddles two of them is still
 * refused, with its line, and one past the first block too. */
static void
test_entity_across_blocks (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *directory = g_dir_make_tmp ("carom-scene-io-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *path = g_build_filename (directory, "late.svg", NULL);
  const gsize block = 64 * 1024;
  for (gsize shift = 0; shift < 12; shift++)
    {
      /* A comment pads the document so that "<!ENTITY" starts `shift` bytes before the end of
       * the first block. */
      g_autoptr (GString) svg = g_string_new ("<?xml version='1.0'?>\n<!DOCTYPE svg [\n<!--");
      while (svg->len < block - shift - 4)
        g_string_append_c (svg, svg->len % 80 == 0 ? '\n' : 'x');
      g_string_append (svg, "-->\n");
      int line = 1;
      for (gsize i = 0; i < svg->len; i++)
        line += svg->str[i] == '\n';
      g_string_append (svg, "<!ENTITY e SYSTEM 'file:///etc/passwd'>\n]>\n"
                            "<svg xmlns='http://www.w3.org/2000/svg'>&e;</svg>\n");
      g_assert_true (g_file_set_contents (path, svg->str, (gssize)svg->len, NULL));
      g_autoptr (CmScene) scene = carom_svg_read_file (path, NULL, NULL, &error);
      g_assert_null (scene);
      g_assert_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_HOSTILE);
      g_autofree char *where = g_strdup_printf ("line %d", line);
      if (strstr (error->message, where) == NULL)
        g_error ("shift %" G_GSIZE_FORMAT ": “%s” lacks “%s”", shift, error->message, where);
      g_clear_error (&error);
    }
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (directory), ==, 0);
}

/* Reads path, which must fail as not XML with exactly the message expected. */
static void
assert_file_message (const char *path, const char *expected)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CmScene) scene = carom_svg_read_file (path, NULL, &summary, &error);
  g_assert_null (scene);
  g_assert_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_NOT_XML);
  g_assert_cmpstr (error->message, ==, expected);
}

/* The line the last byte of text other than white space is on. */
static int
last_content_line (const char *text, gsize length)
{
  while (length > 0 && g_ascii_isspace (text[length - 1]))
    length--;
  int line = 1;
  for (gsize i = 0; i < length; i++)
    line += text[i] == '\n';
  return line;
}

/* A file cut short (a download stopped, a disk full) is named, with the
 * line where it ends, in plain words, not libxml2's ("Premature end of
 * data in tag svg line 1"); wherever it is cut: in a tag, in an attribute's
 * value, between elements, after a line break, after the first block of a
 * large file. A file that is whole but not well-formed says what is wrong
 * and where. A buffer says "the document". */
static void
test_truncated_file (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *directory = g_dir_make_tmp ("carom-scene-io-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *path = g_build_filename (directory, "table.svg", NULL);
  g_autofree char *seed_path = source_path ("data", "examples", "seed.svg", NULL);
  g_autofree char *seed = NULL;
  gsize seed_length;
  g_assert_true (g_file_get_contents (seed_path, &seed, &seed_length, NULL));

  /* cut after every byte from the root's start tag on, but the end */
  const char *close = strstr (seed, "</svg>");
  g_assert_nonnull (close);
  for (gsize cut = 1; cut < (gsize)(close - seed) + 5; cut++)
    {
      g_assert_true (g_file_set_contents (path, seed, (gssize)cut, NULL));
      g_autofree char *expected = g_strdup_printf (
          "“table.svg” is not a complete SVG file: it ends at line %d before its elements are "
          "closed",
          last_content_line (seed, cut));
      g_test_message ("cut at byte %" G_GSIZE_FORMAT, cut);
      assert_file_message (path, expected);
    }
  /* the seed's fourth line, cut within the post's points */
  const char *post = strstr (seed, "20,50");
  g_assert_true (g_file_set_contents (path, seed, post - seed, NULL));
  assert_file_message (
      path,
      "“table.svg” is not a complete SVG file: it ends at line 4 before its elements are closed");
  /* the same bytes from a buffer */
  g_autoptr (CmScene) none = carom_svg_read_memory (seed, post - seed, NULL, NULL, &error);
  g_assert_null (none);
  g_assert_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_NOT_XML);
  g_assert_cmpstr (error->message, ==,
                   "The document is not complete: it ends at line 4 before its elements are "
                   "closed");
  g_clear_error (&error);

  /* a large file (more than one 64 KiB block), cut after its last element
   * but one, and after a line break */
  g_autoptr (GString) big = g_string_new (SVG_OPEN "<g>\n");
  for (int i = 0; big->len < 200 * 1024; i++)
    g_string_append_printf (big,
                            "  <rect carom:role='obstacle' id='r%d' x='%d' y='0' width='1' "
                            "height='1'/>\n",
                            i, 2 * i);
  int lines = last_content_line (big->str, big->len);
  g_assert_true (g_file_set_contents (path, big->str, (gssize)big->len, NULL));
  g_autofree char *expected = g_strdup_printf (
      "“table.svg” is not a complete SVG file: it ends at line %d before its elements are closed",
      lines);
  assert_file_message (path, expected);

  /* whole but not well-formed */
  static const struct
  {
    const char *svg, *message;
  } whole[] = {
    { "<svg xmlns='http://www.w3.org/2000/svg'>\n<g>\n</svg>\n",
      "“table.svg” is not well-formed XML: at line 3, </svg> closes <g>, opened at line 2" },
    { "<svg xmlns='http://www.w3.org/2000/svg'/>\n<g/>\n",
      "“table.svg” is not well-formed XML: at line 2, there is more after the last element "
      "closes" },
    { "<svg xmlns='http://www.w3.org/2000/svg' id='a' id='b'/>\n",
      "“table.svg” is not well-formed XML: at line 1, the attribute “id” is given twice" },
    { "<svg xmlns='http://www.w3.org/2000/svg'>\n<text>&nbsp;</text>\n</svg>\n",
      "“table.svg” is not well-formed XML: at line 2, “&nbsp;” is not defined (XML knows only "
      "&amp; &lt; &gt; &quot; and &apos;)" },
    { "a scene", "“table.svg” is not well-formed XML: no element starts at line 1" },
    /* on one line (a minified file), an error well before its end */
    { "<svg xmlns='http://www.w3.org/2000/svg'><rect x=1 width='10' height='10'/><rect "
      "width='1' height='1'/><rect width='1' height='1'/></svg>",
      "“table.svg” is not well-formed XML: at line 1, an attribute’s value is not in quotes" },
    { "<svg xmlns='http://www.w3.org/2000/svg'><rect width='10' height='10'/><rect width='1' "
      "heig",
      "“table.svg” is not a complete SVG file: it ends at line 1 before its elements are "
      "closed" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (whole); i++)
    {
      g_assert_true (g_file_set_contents (path, whole[i].svg, -1, NULL));
      assert_file_message (path, whole[i].message);
    }
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (directory), ==, 0);
}

/* 38: nothing the document names is fetched or read: XInclude, external images and stylesheets
 * are ignored, a DTD is never loaded; a file bigger than one block reads like its bytes. */
static void
test_no_fetching (void)
{
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CmScene) scene = read_body (
      "<xi:include xmlns:xi='http://www.w3.org/2001/XInclude' href='/etc/passwd' parse='text'/>\n"
      "<image href='http://127.0.0.1:9/x.png' width='10' height='10'/>\n"
      "<use href='file:///etc/passwd#x'/>\n"
      "<polygon carom:role='obstacle' id='p' points='0,0 10,0 10,10'/>\n",
      &summary);
  g_assert_cmpuint (scene->objects->len, ==, 1);

  /* The same scene padded past a block, from a file. */
  g_autoptr (GString) big = g_string_new (SVG_OPEN);
  for (int i = 0; i < 3000; i++)
    g_string_append_printf (big, "<polygon carom:role='obstacle' points='%d,0 %d,0 %d,10'/>\n",
                            20 * i, 20 * i + 10, 20 * i + 10);
  g_string_append (big, SVG_CLOSE);
  g_autoptr (GError) error = NULL;
  g_autofree char *directory = g_dir_make_tmp ("carom-scene-io-XXXXXX", &error);
  g_autofree char *path = g_build_filename (directory, "big.svg", NULL);
  g_assert_true (g_file_set_contents (path, big->str, (gssize)big->len, NULL));
  g_autoptr (CmScene) from_file = carom_svg_read_file (path, NULL, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (CmScene) from_memory = read_string (big->str, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (from_file->objects->len, ==, 3000);
  assert_scenes_equal (from_file, from_memory);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (directory), ==, 0);
}

/* 39: every byte-prefix of an Inkscape file, and of a scene with curves, reads or fails with a
 * message. */
static void
test_prefixes_inkscape (void)
{
  const char *names[] = { "inkscape-layers.svg", "inkscape-carom.svg" };
  for (gsize f = 0; f < G_N_ELEMENTS (names); f++)
    {
      g_autofree char *path = source_path ("tests", "data", names[f], NULL);
      g_autofree char *data = NULL;
      gsize length;
      g_assert_true (g_file_get_contents (path, &data, &length, NULL));
      guint read = 0;
      for (gsize n = 0; n <= length; n++)
        {
          g_autofree char *prefix = g_memdup2 (data, n);
          g_autoptr (GError) error = NULL;
          g_autoptr (CmScene) scene = carom_svg_read_memory (prefix, n, NULL, NULL, &error);
          g_assert_true ((scene != NULL) != (error != NULL));
          g_assert_true (error == NULL || (error->domain == CAROM_SVG_ERROR && error->message[0]));
          read += scene != NULL;
        }
      g_assert_cmpuint (read, >=, 1); /* the whole file */
    }
}

/* ---- the generated group and other renderers ------------------------------- */

/* 40: the writer puts the renderer's drawing in a generated group; reading the file gives the
 * scene back, and writing that again gives the file without the group, byte for byte. A
 * drawing that is not well-formed is refused. */
static void
test_generated (void)
{
  g_autoptr (CmScene) scene = read_example ("pinball.svg", NULL);
  const char *drawing = "    <path d=\"M 360 650 L 300 450\" fill=\"none\" stroke=\"#e01b24\"/>\n"
                        "    <circle cx=\"300\" cy=\"450\" r=\"3\" carom:role=\"ball\"/>\n"
                        "    <text x=\"300\" y=\"440\">1 &amp; 2</text>";
  gsize length = 0;
  g_autofree char *with = carom_svg_write_string_with_generated (scene, drawing, &length);
  g_assert_nonnull (with);
  g_assert_cmpuint (length, ==, strlen (with));
  g_assert_nonnull (strstr (with, "  <g carom:generated=\"true\" inkscape:groupmode=\"layer\" "
                                  "inkscape:label=\"Carom figure\" xmlns:inkscape=\""
                                  "http://www.inkscape.org/namespaces/inkscape\">\n"
                                  "    <path d=\"M 360 650"));
  g_assert_true (g_str_has_suffix (with, "</text>\n  </g>\n</svg>\n"));

  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CmScene) back = read_string (with, &summary, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (summary->len, ==, 0);
  assert_scenes_equal (scene, back);
  g_autofree char *plain = carom_svg_write_string (scene, NULL);
  g_autofree char *again = carom_svg_write_string (back, NULL);
  g_assert_cmpstr (plain, ==, again);
  g_autofree char *with_again = carom_svg_write_string_with_generated (back, drawing, NULL);
  g_assert_cmpstr (with, ==, with_again);

  const char *bad[] = { "<path>", "</g><g>", "<x:y/>", "&unknown;", "<!DOCTYPE x>" };
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_test_message ("bad drawing “%s”", bad[i]);
      g_assert_null (carom_svg_write_string_with_generated (scene, bad[i], NULL));
    }

  g_autofree char *directory = g_dir_make_tmp ("carom-scene-io-XXXXXX", &error);
  g_autofree char *path = g_build_filename (directory, "diagram.svg", NULL);
  g_assert_true (carom_svg_write_file_with_generated (scene, drawing, path, &error));
  g_autofree char *contents = NULL;
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, with);
  g_assert_false (carom_svg_write_file_with_generated (scene, "<oops", path, &error));
  g_assert_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_WRITE);
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL)); /* the old file stays */
  g_assert_cmpstr (contents, ==, with);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (directory), ==, 0);
}

/* 41: imported foreign files (Inkscape's, with curves and transforms) survive read → write →
 * read → write byte for byte too; what the first read skipped is kept, so the second read
 * skips it again and says the same. */
static void
test_round_trip_imports (void)
{
  const char *names[]
      = { "inkscape-room.svg", "inkscape-layers.svg", "inkscape-carom.svg", "foreign.svg" };
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_test_message ("import %s", names[i]);
      g_autoptr (GPtrArray) first_summary = NULL;
      g_autoptr (CmScene) first = read_test_file (names[i], &first_summary);
      g_autofree char *written = carom_svg_write_string (first, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) summary = NULL;
      g_autoptr (CmScene) second = read_string (written, &summary, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (summary->len, ==, first_summary->len);
      for (guint k = 0; k < summary->len; k++)
        g_assert_cmpstr (g_ptr_array_index (summary, k), ==, g_ptr_array_index (first_summary, k));
      assert_scenes_equal (first, second);
      g_autofree char *again = carom_svg_write_string (second, NULL);
      g_assert_cmpstr (written, ==, again);
    }
}

/* 42: what the writer writes renders in librsvg (rsvg-convert): the examples, an import with
 * curves, and a file with a generated group. */
static void
test_rsvg (void)
{
  g_autofree char *rsvg = g_find_program_in_path ("rsvg-convert");
  if (rsvg == NULL)
    {
      g_test_skip ("rsvg-convert is not installed (package librsvg2-bin)");
      return;
    }
  g_autoptr (GError) error = NULL;
  g_autofree char *directory = g_dir_make_tmp ("carom-scene-io-XXXXXX", &error);
  g_assert_no_error (error);
  g_autoptr (GPtrArray) scenes = g_ptr_array_new_with_free_func ((GDestroyNotify)cm_scene_free);
  g_ptr_array_add (scenes, read_example ("seed.svg", NULL));
  g_ptr_array_add (scenes, read_example ("corridor.svg", NULL));
  g_ptr_array_add (scenes, read_example ("pinball.svg", NULL));
  g_ptr_array_add (scenes, read_test_file ("inkscape-layers.svg", NULL));
  for (guint i = 0; i <= scenes->len; i++)
    {
      const CmScene *scene = g_ptr_array_index (scenes, MIN (i, scenes->len - 1));
      g_autofree char *svg = g_build_filename (directory, "scene.svg", NULL);
      g_autofree char *png = g_build_filename (directory, "scene.png", NULL);
      if (i < scenes->len)
        g_assert_true (carom_svg_write_file (scene, svg, &error));
      else
        g_assert_true (carom_svg_write_file_with_generated (
            scene, "<path d='M 0 0 L 100 100' stroke='red'/>", svg, &error));
      g_assert_no_error (error);
      const char *argv[] = { rsvg, "--width", "200", "-o", png, svg, NULL };
      g_autofree char *err = NULL;
      int status = 0;
      g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL,
                                   &err, &status, &error));
      if (!g_spawn_check_wait_status (status, NULL))
        g_error ("rsvg-convert failed on scene %u: %s", i, err);
      g_assert_cmpstr (err, ==, "");
      g_autofree char *bytes = NULL;
      gsize size = 0;
      g_assert_true (g_file_get_contents (png, &bytes, &size, NULL));
      g_assert_cmpuint (size, >, 100);
      g_assert_true (memcmp (bytes, "\x89PNG", 4) == 0);
      g_assert_cmpint (g_remove (png), ==, 0);
      g_assert_cmpint (g_remove (svg), ==, 0);
    }
  g_assert_cmpint (g_rmdir (directory), ==, 0);
}

/* 43: scenes at the edge of what Carom takes (found by fuzzing) still write a viewBox that
 * reads back, with a width and height above 0; a ball beyond 1e150 is refused; a polygon over the
 * reader's vertex limit is not written (found by fuzzing too: the file could not be opened again);
 * a root viewBox that is not valid is ignored with a note, since scene units do not depend on it.
 */
static void
test_write_extremes (void)
{
  const struct
  {
    CgVec2 centre;
    double radius;
  } balls[] = {
    { { 15, 7.08888888888889e+122 }, 3 },
    { { -1e150, 1e150 }, 1e149 },
    { { 1e-300, -1e-300 }, 1e-310 },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (balls); i++)
    {
      g_autoptr (CmScene) scene = cm_scene_new ();
      cm_scene_add_ball (scene, "b", balls[i].centre, balls[i].radius, cg_v2 (1, 0), 5);
      CgVec2 far[] = { { 0, -1e150 }, { -1e150, 1e150 }, { 1e150, 1e150 } }; /* a wall */
      if (i == 1)
        cm_scene_add_polygon (scene, "far", CG_ROLE_WALL, far, 3);
      g_autofree char *written = carom_svg_write_string (scene, NULL);
      g_test_message ("%s", written);
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) summary = NULL;
      g_autoptr (CmScene) back = read_string (written, &summary, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (summary->len, ==, 0);
      g_autofree char *again = carom_svg_write_string (back, NULL);
      g_assert_cmpstr (written, ==, again);
    }

  /* Beyond 1e150 Carom's geometry would overflow: such a ball is refused,
   * with a message that says so. */
  {
    g_autoptr (GError) far_error = NULL;
    g_autoptr (GPtrArray) far_summary = NULL;
    g_autoptr (CmScene) far_ball = read_string (
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:carom=\"urn:carom:scene:1\">"
        "<circle carom:role=\"ball\" id=\"b\" cx=\"-1e308\" cy=\"1e308\" r=\"1e307\" "
        "carom:direction=\"1 0\"/></svg>",
        &far_summary, &far_error);
    g_assert_null (far_ball);
    g_assert_error (far_error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT);
    g_assert_nonnull (strstr (far_error->message, "1e150"));
  }

  /* A polygon the reader would refuse is not written to a file. */
  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) dense = cm_scene_new ();
  g_autofree CgVec2 *ring = g_new (CgVec2, CAROM_SVG_MAX_POLYGON_VERTICES + 1);
  for (int k = 0; k <= CAROM_SVG_MAX_POLYGON_VERTICES; k++)
    {
      double t = 2 * G_PI * k / (CAROM_SVG_MAX_POLYGON_VERTICES + 1);
      ring[k] = cg_v2 (1e3 * cos (t), 1e3 * sin (t));
    }
  cm_scene_add_polygon (dense, "dense", CG_ROLE_OBSTACLE, ring, CAROM_SVG_MAX_POLYGON_VERTICES + 1);
  g_autofree char *directory = g_dir_make_tmp ("carom-scene-io-XXXXXX", &error);
  g_autofree char *path = g_build_filename (directory, "dense.svg", NULL);
  g_assert_false (carom_svg_write_file (dense, path, &error));
  g_assert_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT);
  g_assert_nonnull (strstr (error->message, "“dense”"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_rmdir (directory), ==, 0);
  g_clear_error (&error);

  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CmScene) scene = read_string (
      "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 -1 1'><rect width='5' height='5'/>"
      "</svg>",
      &summary, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (scene->objects->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (summary, 0), ==,
                   "Ignored the root's viewBox: a viewBox's width and height must be greater "
                   "than 0.");
}

/* 44: reads on several threads at once (the window's worker threads, scripts' threads through
 * libcarom). libxml2's external entity loader is one pointer for the process (its error
 * handlers are kept per thread) and the reader sets it for each read: reads take turns
 * (carom-svg-xml-lock.h). Each read, from a file or from memory, fails with its own
 * message (or reads its own scene) as it does alone, every thread has its own error handlers
 * back, and the process its loader: without the lock, reads restore each other's loader and
 * leave the reader's in place. */
#define THREAD_DOCUMENTS 12
#define THREAD_READERS 8
#define THREAD_READS 200

typedef struct
{
  char *paths[THREAD_DOCUMENTS];
  char *texts[THREAD_DOCUMENTS];
  char *file_messages[THREAD_DOCUMENTS];   ///< NULL for a scene that reads
  char *memory_messages[THREAD_DOCUMENTS]; ///< NULL for a scene that reads
  guint objects[THREAD_DOCUMENTS];
} ThreadDocuments;

typedef struct
{
  const ThreadDocuments *documents;
  guint index;
  guint wrong;
  char *first_wrong;
  gboolean handlers_restored;
} ThreadReader;

/* The message of reading document i from its file or from memory, or NULL
 * with *objects set when it reads. */
static char *
thread_read_one (const ThreadDocuments *documents, guint i, gboolean from_file, guint *objects)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CmScene) scene
      = from_file ? carom_svg_read_file (documents->paths[i], NULL, &summary, &error)
                  : carom_svg_read_memory (documents->texts[i], strlen (documents->texts[i]), NULL,
                                           &summary, &error);
  *objects = scene != NULL ? scene->objects->len : 0;
  return error != NULL ? g_strdup (error->message) : NULL;
}

static gpointer
thread_reader (gpointer data)
{
  ThreadReader *reader = data;
  xmlStructuredErrorFunc structured = xmlStructuredError;
  xmlGenericErrorFunc generic = xmlGenericError;
  for (guint k = 0; k < THREAD_READS; k++)
    {
      guint i = (reader->index * 5 + k) % THREAD_DOCUMENTS;
      gboolean from_file = (k + reader->index) % 2 == 0;
      guint objects = 0;
      g_autofree char *message = thread_read_one (reader->documents, i, from_file, &objects);
      const char *expected
          = from_file ? reader->documents->file_messages[i] : reader->documents->memory_messages[i];
      if (g_strcmp0 (message, expected) != 0
          || (expected == NULL && objects != reader->documents->objects[i]))
        {
          if (reader->wrong++ == 0)
            reader->first_wrong = g_strdup_printf (
                "document %u from %s: “%s” (%u objects), not “%s”", i,
                from_file ? "its file" : "memory", message != NULL ? message : "(read)", objects,
                expected != NULL ? expected : "(read)");
        }
    }
  reader->handlers_restored = xmlStructuredError == structured && xmlGenericError == generic;
  return NULL;
}

static void
test_read_threads (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *directory = g_dir_make_tmp ("carom-scene-io-XXXXXX", &error);
  g_assert_no_error (error);

  /* Errors at lines of their own, entities of their own names, and scenes
   * of their own sizes. */
  ThreadDocuments documents = { 0 };
  for (guint i = 0; i < THREAD_DOCUMENTS; i++)
    {
      g_autoptr (GString) text = g_string_new (SVG_OPEN);
      for (guint line = 0; line < i; line++)
        g_string_append (text, "<desc>a line</desc>\n");
      switch (i % 3)
        {
        case 0:
          g_string_append (text, "<g>\n" SVG_CLOSE);
          break;
        case 1:
          g_string_append_printf (text, "<text>&undefined%u;</text>\n" SVG_CLOSE, i);
          break;
        default:
          for (guint k = 0; k <= i; k++)
            g_string_append_printf (text,
                                    "<polygon carom:role='obstacle' points='%u,0 %u,0 %u,10'/>\n",
                                    20 * k, 20 * k + 10, 20 * k + 10);
          g_string_append (text, SVG_CLOSE);
          break;
        }
      g_autofree char *name = g_strdup_printf ("scene-%u.svg", i);
      documents.paths[i] = g_build_filename (directory, name, NULL);
      documents.texts[i] = g_string_free (g_steal_pointer (&text), FALSE);
      g_assert_true (g_file_set_contents (documents.paths[i], documents.texts[i], -1, NULL));

      /* What each read gives alone. */
      guint objects = 0;
      documents.file_messages[i] = thread_read_one (&documents, i, TRUE, &objects);
      documents.memory_messages[i] = thread_read_one (&documents, i, FALSE, &documents.objects[i]);
      g_assert_cmpuint (objects, ==, documents.objects[i]);
      if (i % 3 == 2)
        {
          g_assert_null (documents.file_messages[i]);
          g_assert_cmpuint (documents.objects[i], ==, i + 1);
          continue;
        }
      g_autofree char *needle = i % 3 == 0
                                    ? g_strdup_printf ("at line %u, </svg> closes <g>", i + 3)
                                    : g_strdup_printf ("“&undefined%u;” is not defined", i);
      g_assert_nonnull (strstr (documents.file_messages[i], name));
      g_assert_nonnull (strstr (documents.file_messages[i], needle));
      g_assert_nonnull (strstr (documents.memory_messages[i], needle));
    }

  xmlExternalEntityLoader loader = xmlGetExternalEntityLoader ();
  xmlStructuredErrorFunc structured = xmlStructuredError;
  xmlGenericErrorFunc generic = xmlGenericError;
  ThreadReader readers[THREAD_READERS];
  GThread *threads[THREAD_READERS];
  for (guint t = 0; t < THREAD_READERS; t++)
    {
      readers[t] = (ThreadReader){ .documents = &documents, .index = t };
      threads[t] = g_thread_new ("reader", thread_reader, &readers[t]);
    }
  for (guint t = 0; t < THREAD_READERS; t++)
    {
      g_thread_join (threads[t]);
      if (readers[t].first_wrong != NULL)
        g_test_message ("thread %u: %u wrong reads, first %s", t, readers[t].wrong,
                        readers[t].first_wrong);
    }
  for (guint t = 0; t < THREAD_READERS; t++)
    {
      g_assert_cmpuint (readers[t].wrong, ==, 0);
      g_assert_true (readers[t].handlers_restored);
      g_free (readers[t].first_wrong);
    }
  g_assert_true (xmlGetExternalEntityLoader () == loader);
  g_assert_true (xmlStructuredError == structured);
  g_assert_true (xmlGenericError == generic);

  for (guint i = 0; i < THREAD_DOCUMENTS; i++)
    {
      g_assert_cmpint (g_remove (documents.paths[i]), ==, 0);
      g_free (documents.paths[i]);
      g_free (documents.texts[i]);
      g_free (documents.file_messages[i]);
      g_free (documents.memory_messages[i]);
    }
  g_assert_cmpint (g_rmdir (directory), ==, 0);
}

/* The error domain's name is the one its quark function says, as GLib
 * names them. */
static void
test_error_quark (void)
{
  g_assert_cmpstr (g_quark_to_string (CAROM_SVG_ERROR), ==, "carom-svg-error-quark");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/scene-io/error-quark", test_error_quark);

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
  g_test_add_func ("/scene-io/write/round-trip-generated-only", test_round_trip_generated_only);
  g_test_add_func ("/scene-io/write/format", test_write_format);
  g_test_add_func ("/scene-io/write/numbers", test_numbers);
  g_test_add_func ("/scene-io/write/numbers-locale", test_numbers_locale);
  g_test_add_func ("/scene-io/write/file", test_write_file);
  g_test_add_func ("/scene-io/examples", test_examples);
  g_test_add_func ("/scene-io/path-data/lines", test_path_data_lines);
  g_test_add_func ("/scene-io/path-data/curves", test_path_data_curves);
  g_test_add_func ("/scene-io/path-data/arcs", test_path_data_arcs);
  g_test_add_func ("/scene-io/units/lengths", test_lengths);
  g_test_add_func ("/scene-io/units/file", test_units_in_file);
  g_test_add_func ("/scene-io/foreign/lenient", test_foreign_lenient);
  g_test_add_func ("/scene-io/foreign/inkscape", test_inkscape);
  g_test_add_func ("/scene-io/errors/size-limits", test_size_limits);
  g_test_add_func ("/scene-io/errors/file-size-limit", test_file_size_limit);
  g_test_add_func ("/scene-io/errors/entity-across-blocks", test_entity_across_blocks);
  g_test_add_func ("/scene-io/errors/no-fetching", test_no_fetching);
  g_test_add_func ("/scene-io/errors/truncated-file", test_truncated_file);
  g_test_add_func ("/scene-io/errors/prefixes-inkscape", test_prefixes_inkscape);
  g_test_add_func ("/scene-io/write/generated", test_generated);
  g_test_add_func ("/scene-io/write/round-trip-imports", test_round_trip_imports);
  g_test_add_func ("/scene-io/write/rsvg", test_rsvg);
  g_test_add_func ("/scene-io/write/extremes", test_write_extremes);
  g_test_add_func ("/scene-io/errors/threads", test_read_threads);

  return g_test_run ();
}
