/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-svg-beam.c: beams and reflecting obstacles in scene files (issues 15 and 16,
 * scene-format.md): a fan <circle carom:role="beam"> and a parallel <line
 * carom:role="beam"> read with their transforms, written back in Carom's form byte for
 * byte, kept as their own element in a foreign file; carom:on-hit on obstacles; every bad
 * value refused with a message naming the element and the attribute. */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "io/carom-svg.h"

#define SVG_OPEN "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:carom=\"urn:carom:scene:1\">\n"
#define SVG_CLOSE "</svg>\n"

static CmScene *
read_ok (const char *svg)
{
  g_autoptr (GError) error = NULL;
  CmScene *scene = carom_svg_read_memory (svg, strlen (svg), NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scene);
  return scene;
}

static char *
write_ok (const CmScene *scene)
{
  gsize length = 0;
  char *text = carom_svg_write_string (scene, &length);
  g_assert_nonnull (text);
  g_assert_cmpuint (strlen (text), ==, length);
  return text;
}

static void
assert_close (double a, double b)
{
  g_assert_cmpfloat_with_epsilon (a, b, 1e-12 * fmax (1.0, fabs (b)));
}

/* Every object of a and b the same to the bit. */
static void
assert_same_objects (const CmScene *a, const CmScene *b)
{
  g_assert_cmpuint (a->objects->len, ==, b->objects->len);
  for (guint i = 0; i < a->objects->len; i++)
    g_assert_true (
        cm_object_equal (g_ptr_array_index (a->objects, i), g_ptr_array_index (b->objects, i)));
}

static const char *const scene_text
    = SVG_OPEN "<polygon carom:role='wall' id='room' points='-300,-300 -300,300 300,300 300,-300'/>"
               "<circle carom:role='beam' id='fan' cx='-200' cy='0' r='10' carom:direction='1 1' "
               "carom:spread='30' carom:count='5' carom:max-bounces='9'/>"
               "<line carom:role='beam' x1='-200' y1='100' x2='-200' y2='200' carom:radius='5' "
               "carom:direction='1 0' carom:count='3'/>" SVG_CLOSE;

/* Both shapes read into CM_OBJECT_BEAM with every field; the one without an id is
 * named beam-N; carom_beam_ray() gives the rays of scene-format.md. */
static void
test_read (void)
{
  g_autoptr (CmScene) scene = read_ok (scene_text);
  g_assert_cmpuint (scene->objects->len, ==, 3);
  const CmObject *fan = cm_scene_find (scene, "fan");
  g_assert_nonnull (fan);
  g_assert_cmpint (fan->kind, ==, CM_OBJECT_BEAM);
  g_assert_cmpint (fan->beam_shape, ==, CAROM_BEAM_FAN);
  g_assert_cmpfloat (fan->center.x, ==, -200.0);
  g_assert_cmpfloat (fan->center.y, ==, 0.0);
  g_assert_cmpfloat (fan->radius, ==, 10.0);
  g_assert_cmpfloat (fan->spread, ==, 30.0);
  g_assert_cmpuint (fan->count, ==, 5);
  g_assert_cmpuint (fan->max_bounces, ==, 9);
  assert_close (fan->direction.x, M_SQRT1_2);
  assert_close (fan->direction.y, M_SQRT1_2);
  /* ray 0 leaves at 45° - 15° = 30° */
  CgVec2 start, d;
  carom_beam_ray (fan, 0, &start, &d);
  assert_close (d.x, cos (G_PI / 6));
  assert_close (d.y, sin (G_PI / 6));

  const CmObject *line = g_ptr_array_index (scene->objects, 2);
  g_assert_cmpstr (line->id, ==, "beam-2");
  g_assert_cmpint (line->kind, ==, CM_OBJECT_BEAM);
  g_assert_cmpint (line->beam_shape, ==, CAROM_BEAM_PARALLEL);
  g_assert_cmpfloat (line->center.y, ==, 100.0);
  g_assert_cmpfloat (line->beam_end.y, ==, 200.0);
  g_assert_cmpfloat (line->radius, ==, 5.0);
  g_assert_cmpuint (line->count, ==, 3);
  g_assert_cmpuint (line->max_bounces, ==, 29);
  carom_beam_ray (line, 1, &start, &d);
  g_assert_cmpfloat (start.y, ==, 150.0);
  g_assert_cmpfloat (d.x, ==, 1.0);
}

/* Transforms apply as to balls: points, radius and direction follow a rotation and a
 * uniform scale; a mirror keeps the fan's spread; a skew is refused. */
static void
test_transform (void)
{
  g_autoptr (CmScene) scene = read_ok (
      SVG_OPEN "<g transform='translate(10 20) rotate(90) scale(2)'>"
               "<circle carom:role='beam' id='f' cx='1' cy='0' r='3' carom:direction='1 0' "
               "carom:spread='90' carom:count='2'/>"
               "<line carom:role='beam' id='p' x1='0' y1='0' x2='5' y2='0' carom:radius='1' "
               "carom:direction='0 1' carom:count='2'/></g>"
               "<g transform='scale(-1 1)'><circle carom:role='beam' id='m' r='1' "
               "carom:direction='1 0' carom:spread='60' carom:count='3'/></g>" SVG_CLOSE);
  const CmObject *f = cm_scene_find (scene, "f");
  assert_close (f->center.x, 10.0);
  assert_close (f->center.y, 22.0);
  assert_close (f->radius, 6.0);
  assert_close (f->direction.x, 0.0);
  assert_close (f->direction.y, 1.0);
  g_assert_cmpfloat (f->spread, ==, 90.0);
  const CmObject *p = cm_scene_find (scene, "p");
  assert_close (p->beam_end.x, 10.0);
  assert_close (p->beam_end.y, 30.0);
  assert_close (p->radius, 2.0);
  assert_close (p->direction.x, -1.0);
  const CmObject *m = cm_scene_find (scene, "m");
  g_assert_cmpfloat (m->direction.x, ==, -1.0);
  g_assert_cmpfloat (m->spread, ==, 60.0);
}

/* Carom's own form: a second write is the same bytes, and the objects read back to the bit;
 * the written text holds what scene-format.md says. */
static void
test_round_trip (void)
{
  g_autoptr (CmScene) scene = read_ok (scene_text);
  /* Carom's own form: without the text it was read from (which a Save of
   * an unchanged scene writes back byte for byte). */
  cm_scene_set_source (scene, NULL, NULL);
  g_autofree char *first = write_ok (scene);
  g_assert_nonnull (strstr (first, "<circle carom:role=\"beam\" id=\"fan\" cx=\"-200\" cy=\"0\" "
                                   "r=\"10\" carom:direction=\"0.7071067811865475 "
                                   "0.7071067811865475\" carom:spread=\"30\" carom:count=\"5\" "
                                   "carom:max-bounces=\"9\""));
  g_assert_nonnull (strstr (first, "<line carom:role=\"beam\" id=\"beam-2\" x1=\"-200\" "
                                   "y1=\"100\" x2=\"-200\" y2=\"200\" carom:radius=\"5\" "
                                   "carom:direction=\"1 0\" carom:count=\"3\" "
                                   "carom:max-bounces=\"29\""));
  g_autoptr (CmScene) again = read_ok (first);
  assert_same_objects (scene, again);
  g_autofree char *second = write_ok (again);
  g_assert_cmpstr (first, ==, second);

  /* Edited in the model, written, read: the edit is there. */
  CmObject *fan = cm_scene_find (again, "fan");
  fan->count = 1000000;
  fan->spread = 360.0;
  fan->hidden = TRUE;
  g_autofree char *third = write_ok (again);
  g_autoptr (CmScene) back = read_ok (third);
  assert_same_objects (again, back);
}

/* A beam in a foreign file keeps its element, its other attributes and its children when
 * edited, written in its own user units (the group's transform stays). */
static void
test_foreign (void)
{
  const char *svg
      = SVG_OPEN "<title>mine</title><g transform='scale(2)'>"
                 "<circle class='hot' carom:role='beam' id='fan' cx='5' cy='5' r='1' "
                 "carom:direction='1 0' carom:spread='20' carom:count='4'><desc>d</desc></circle>"
                 "<line carom:role='beam' id='par' x1='0' y1='0' x2='0' y2='10' carom:radius='1' "
                 "carom:direction='1 0' carom:count='2' stroke='blue'/></g>" SVG_CLOSE;
  g_autoptr (CmScene) scene = read_ok (svg);
  g_autofree char *untouched = write_ok (scene);
  g_assert_nonnull (strstr (untouched, "<title>mine</title>"));
  /* Untouched: the file's own bytes, its quotes too. */
  g_assert_cmpstr (untouched, ==, svg);

  CmObject *fan = cm_scene_find (scene, "fan");
  fan->count = 7;
  fan->center = cg_v2 (20.0, 10.0);
  CmObject *par = cm_scene_find (scene, "par");
  par->beam_end = cg_v2 (0.0, 40.0);
  g_autofree char *edited = write_ok (scene);
  g_assert_nonnull (strstr (edited, "<g transform='scale(2)'>"));
  /* In the file's own idiom: its attribute order and quotes, the managed
   * attributes where the first of them was. */
  g_assert_nonnull (strstr (edited, "<circle class='hot' carom:role='beam' "
                                    "carom:max-bounces='29' id='fan' cx='10' cy='5' r='1' "
                                    "carom:direction='0.5 0' carom:spread='20' carom:count='7'>"
                                    "<desc>d</desc></circle>"));
  g_assert_nonnull (strstr (edited, "y2='20' carom:radius='1'"));
  g_assert_nonnull (strstr (edited, "stroke='blue'"));
  g_autoptr (CmScene) back = read_ok (edited);
  g_assert_cmpuint (cm_scene_find (back, "fan")->count, ==, 7);
  g_assert_cmpfloat (cm_scene_find (back, "fan")->center.x, ==, 20.0);
  g_assert_cmpfloat (cm_scene_find (back, "par")->beam_end.y, ==, 40.0);
}

/* carom:on-hit: reflect read and written back; stop (the default) never written; anything
 * else, or the attribute on a wall, refused naming the element. */
static void
test_on_hit (void)
{
  g_autoptr (CmScene) scene = read_ok (
      SVG_OPEN "<polygon carom:role='obstacle' id='bump' carom:on-hit='reflect' "
               "points='0,0 10,0 10,10'/>"
               "<polygon carom:role='obstacle' id='plain' points='40,0 50,0 50,10'/>" SVG_CLOSE);
  g_assert_cmpint (cm_scene_find (scene, "bump")->on_hit, ==, CG_ON_HIT_REFLECT);
  g_assert_cmpint (cm_scene_find (scene, "plain")->on_hit, ==, CG_ON_HIT_STOP);
  cm_scene_set_source (scene, NULL, NULL); /* Carom's own form */
  g_autofree char *text = write_ok (scene);
  g_assert_nonnull (strstr (text, "id=\"bump\" carom:on-hit=\"reflect\" points="));
  g_assert_null (strstr (text, "id=\"plain\" carom:on-hit"));
  g_autoptr (CmScene) back = read_ok (text);
  assert_same_objects (scene, back);
  g_autofree char *again = write_ok (back);
  g_assert_cmpstr (text, ==, again);
  /* Made to stop in the model: the attribute goes. */
  cm_scene_find (back, "bump")->on_hit = CG_ON_HIT_STOP;
  g_autofree char *stopped = write_ok (back);
  g_assert_null (strstr (stopped, "on-hit"));

  /* An explicit stop is the default. */
  g_autoptr (CmScene) stop
      = read_ok (SVG_OPEN "<polygon carom:role='obstacle' id='post' "
                          "carom:on-hit='stop' points='20,0 30,0 30,10'/>" SVG_CLOSE);
  g_assert_cmpint (cm_scene_find (stop, "post")->on_hit, ==, CG_ON_HIT_STOP);

  /* Edited in a foreign file: the attribute follows the object. */
  g_autoptr (CmScene) foreign
      = read_ok (SVG_OPEN "<!-- kept --><polygon carom:role='obstacle' id='b' "
                          "carom:on-hit='reflect' points='0,0 10,0 10,10'/>" SVG_CLOSE);
  cm_scene_find (foreign, "b")->on_hit = CG_ON_HIT_STOP;
  cm_scene_find (foreign, "b")->points[0].x = -1.0;
  g_autofree char *edited = write_ok (foreign);
  g_assert_null (strstr (edited, "on-hit"));
  cm_scene_find (foreign, "b")->on_hit = CG_ON_HIT_REFLECT;
  g_autofree char *reflect = write_ok (foreign);
  g_assert_nonnull (strstr (reflect, "carom:on-hit=\"reflect\""));
  g_assert_nonnull (strstr (reflect, "<!-- kept -->"));
}

typedef struct
{
  const char *body;
  CaromSvgError code;
  const char *needles[3];
} BadCase;

static void
test_errors (void)
{
  static const BadCase cases[] = {
    { "<circle carom:role='beam' id='none' r='1' carom:direction='1 0' carom:spread='10' "
      "carom:count='0'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“none”", "carom:count", "positive integer" } },
    { "<circle carom:role='beam' id='word' r='1' carom:direction='1 0' carom:spread='10' "
      "carom:count='many'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“word”", "carom:count", "“many”" } },
    { "<circle carom:role='beam' id='frac' r='1' carom:direction='1 0' carom:spread='10' "
      "carom:count='2.5'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“frac”", "carom:count" } },
    { "<circle carom:role='beam' id='lots' r='1' carom:direction='1 0' carom:spread='10' "
      "carom:count='1000001'/>",
      CAROM_SVG_ERROR_LIMIT,
      { "“lots”", "carom:count", "1000000" } },
    { "<circle carom:role='beam' id='nocount' r='1' carom:direction='1 0' carom:spread='10'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“nocount”", "carom:count" } },
    { "<circle carom:role='beam' id='wide' r='1' carom:direction='1 0' carom:spread='361' "
      "carom:count='3'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“wide”", "carom:spread", "360" } },
    { "<circle carom:role='beam' id='neg' r='1' carom:direction='1 0' carom:spread='-1' "
      "carom:count='3'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“neg”", "carom:spread" } },
    { "<circle carom:role='beam' id='inf' r='1' carom:direction='1 0' carom:spread='1e999' "
      "carom:count='3'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“inf”", "carom:spread" } },
    { "<circle carom:role='beam' id='nan' r='1' carom:direction='1 0' carom:spread='NaN' "
      "carom:count='3'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“nan”", "carom:spread" } },
    { "<circle carom:role='beam' id='nospread' r='1' carom:direction='1 0' carom:count='3'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“nospread”", "carom:spread" } },
    { "<circle carom:role='beam' id='dot' r='0' carom:direction='1 0' carom:spread='1' "
      "carom:count='3'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“dot”", "“r”", "radius" } },
    { "<line carom:role='beam' id='thin' x2='1' carom:radius='-2' carom:direction='1 0' "
      "carom:count='3'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“thin”", "carom:radius" } },
    { "<line carom:role='beam' id='norad' x2='1' carom:direction='1 0' carom:count='3'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“norad”", "carom:radius" } },
    { "<line carom:role='beam' id='still' x2='1' carom:radius='1' carom:direction='0 0' "
      "carom:count='3'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“still”", "carom:direction", "zero" } },
    { "<line carom:role='beam' id='lost' x2='1' carom:radius='1' carom:count='3'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“lost”", "beam needs carom:direction" } },
    { "<g transform='scale(1e300)'><line carom:role='beam' id='huge' x2='1e10' carom:radius='1' "
      "carom:direction='1 0' carom:count='3'/></g>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“huge”", "degenerate" } },
    { "<rect carom:role='beam' id='box' width='1' height='1' carom:direction='1 0' "
      "carom:count='3'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“box”", "<circle>", "<line>" } },
    { "<g transform='skewX(30)'><circle carom:role='beam' id='skew' r='1' carom:direction='1 0' "
      "carom:spread='1' carom:count='3'/></g>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“skew”", "round" } },
    { "<polygon carom:role='obstacle' id='odd' carom:on-hit='bounce' points='0,0 1,0 1,1'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“odd”", "carom:on-hit", "“bounce”" } },
    { "<polygon carom:role='wall' id='w' carom:on-hit='reflect' points='0,0 1,0 1,1'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“w”", "carom:on-hit", "obstacles only" } },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *svg = g_strconcat (SVG_OPEN, cases[i].body, SVG_CLOSE, NULL);
      g_test_message ("case %" G_GSIZE_FORMAT ": %s", i, cases[i].body);
      g_autoptr (GError) error = NULL;
      g_autoptr (CmScene) scene = carom_svg_read_memory (svg, strlen (svg), NULL, NULL, &error);
      g_assert_null (scene);
      g_assert_error (error, CAROM_SVG_ERROR, (gint)cases[i].code);
      for (gsize k = 0; k < G_N_ELEMENTS (cases[i].needles) && cases[i].needles[k] != NULL; k++)
        if (strstr (error->message, cases[i].needles[k]) == NULL)
          g_error ("“%s” not in “%s”", cases[i].needles[k], error->message);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/svg-beam/read", test_read);
  g_test_add_func ("/svg-beam/transform", test_transform);
  g_test_add_func ("/svg-beam/round-trip", test_round_trip);
  g_test_add_func ("/svg-beam/foreign", test_foreign);
  g_test_add_func ("/svg-beam/on-hit", test_on_hit);
  g_test_add_func ("/svg-beam/errors", test_errors);
  return g_test_run ();
}
