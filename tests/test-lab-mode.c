/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-lab-mode.c: the Collision lab's state machine (control/carom-lab.h)
 * without a display: a test brings its own shapes, dragging a handle or a
 * whole probe changes the numbers, and the broad phase test reads the scene. */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "control/carom-editor.h"
#include "control/carom-lab.h"
#include "model/carom-edit.h"

/* The value of the row titled title (rows are title, value pairs). */
static const char *
value_of (GPtrArray *rows, const char *title)
{
  for (guint i = 0; i + 1 < rows->len; i += 2)
    if (g_str_has_prefix (rows->pdata[i], title))
      return rows->pdata[i + 1];
  return NULL;
}

static void
test_lab_tests_bring_shapes (void)
{
  g_autoptr (CaromLab) lab = carom_lab_new ();
  carom_lab_place (lab, cg_v2 (0, 0), 200);
  carom_lab_set_test (lab, CAROM_LAB_SEGMENTS);
  g_assert_cmpint (carom_lab_get_probe_kind (lab, 0), ==, CAROM_PROBE_SEGMENT);
  g_assert_cmpint (carom_lab_get_probe_kind (lab, 1), ==, CAROM_PROBE_SEGMENT);
  carom_lab_set_test (lab, CAROM_LAB_SWEEP);
  g_assert_cmpint (carom_lab_get_probe_kind (lab, 0), ==, CAROM_PROBE_CIRCLE);
  g_assert_cmpint (carom_lab_get_probe_kind (lab, 1), ==, CAROM_PROBE_RECTANGLE);
  carom_lab_set_test (lab, CAROM_LAB_CIRCLES);
  g_assert_cmpint (carom_lab_get_probe_kind (lab, 1), ==, CAROM_PROBE_CIRCLE);

  /* SAT with a circle and a polygon; two circles are refused with the reason. */
  carom_lab_set_test (lab, CAROM_LAB_SAT);
  carom_lab_set_probe_kind (lab, 0, CAROM_PROBE_CIRCLE);
  g_autofree char *verdict = NULL;
  g_autoptr (GPtrArray) rows = carom_lab_rows (lab, 0, &verdict);
  g_assert_nonnull (value_of (rows, "Axis 1"));
  carom_lab_set_probe_kind (lab, 1, CAROM_PROBE_CIRCLE);
  g_autofree char *refused = NULL;
  g_autoptr (GPtrArray) none = carom_lab_rows (lab, 0, &refused);
  g_assert_cmpuint (none->len, ==, 0);
  g_assert_nonnull (strstr (refused, "circle–circle"));
}

/* Dragging: pressing on a probe's handle moves just that handle; pressing
 * inside moves the whole probe; the numbers follow. */
static void
test_lab_drag (void)
{
  g_autoptr (CaromLab) lab = carom_lab_new ();
  guint changes = 0;
  g_signal_connect_swapped (lab, "changed", G_CALLBACK (g_atomic_int_inc), &changes);
  carom_lab_place (lab, cg_v2 (0, 0), 200);
  carom_lab_set_test (lab, CAROM_LAB_CIRCLES);
  g_autofree char *v0 = NULL;
  g_autoptr (GPtrArray) before = carom_lab_rows (lab, 0, &v0);
  g_autofree char *d0 = g_strdup (value_of (before, "|c2 − c1|"));
  /* B is the circle on the right of the middle: move it far away by its centre. */
  g_autofree char *v1 = NULL;
  gboolean grabbed = FALSE;
  for (double x = -100; x <= 100 && !grabbed; x += 2)
    for (double y = -60; y <= 60 && !grabbed; y += 2)
      if (carom_lab_press (lab, cg_v2 (x, y), 1.0))
        {
          grabbed = TRUE;
          carom_lab_motion (lab, cg_v2 (x + 500, y));
          carom_lab_release (lab);
        }
  g_assert_true (grabbed);
  g_autoptr (GPtrArray) after = carom_lab_rows (lab, 0, &v1);
  g_assert_cmpstr (value_of (after, "|c2 − c1|"), !=, d0);
  g_assert_nonnull (strstr (v1, "Apart"));
  g_assert_cmpuint (changes, >, 0);
  /* Nowhere near a probe: nothing to drag. */
  g_assert_false (carom_lab_press (lab, cg_v2 (5000, 5000), 1.0));
}

/* The broad phase test compares brute force, the grid and the BVH on the
 * cast of the scene's ball, and they agree on the hit. */
static void
test_lab_broad_phase (void)
{
  g_autoptr (CaromDocument) doc = carom_document_new ();
  CmScene *scene = carom_document_get_edit_scene (doc);
  CaromHistory *history = carom_document_get_history (doc);
  static const CgVec2 room[] = { { -300, -300 }, { -300, 300 }, { 300, 300 }, { 300, -300 } };
  carom_edit_add (history, scene, cm_object_new_polygon ("room", CG_ROLE_WALL, room, 4), "Add",
                  NULL, NULL);
  carom_edit_add (history, scene,
                  cm_object_new_ball ("ball", cg_v2 (-200, 0), 40, cg_v2 (1, 1), 29), "Add", NULL,
                  NULL);
  carom_document_edited (doc);
  g_autoptr (CaromEditor) editor = carom_editor_new (doc);
  CaromLab *lab = carom_editor_get_lab (editor);
  carom_lab_set_test (lab, CAROM_LAB_BROAD);
  carom_lab_set_step (lab, 0, 3);
  g_autofree char *verdict = NULL;
  g_autoptr (GPtrArray) rows = carom_lab_rows (lab, 0, &verdict);
  /* A square room: 4 offset segments (no arcs: no corner pokes in), each
   * cast (the one just reflected off counts only at t > 0). */
  g_assert_cmpstr (value_of (rows, "Brute force"), ==, "4");
  g_assert_nonnull (value_of (rows, "Grid: cells visited"));
  g_assert_nonnull (strstr (verdict, "same hit"));
  /* The grid's cell follows the scene's density, one primitive per cell on
   * average: for the 4 walls of a 600-unit room, at most half the room (a
   * 2 × 2 grid), not a cell nearly the size of the room. */
  double cell = g_ascii_strtod (value_of (rows, "Grid: cell size"), NULL);
  g_assert_cmpfloat (cell, >, 100);
  g_assert_cmpfloat (cell, <=, 300);
  /* The Lab tool hands the probes its pointer events. */
  carom_editor_set_tool (editor, CAROM_TOOL_LAB);
  g_assert_true (carom_editor_get_lab (editor) == lab);
}

/* A scene object as a probe: a ball becomes a circle, a concave wall is
 * refused by SAT with the reason, an obstacle is tested as it is. */
static void
test_lab_scene_objects (void)
{
  g_autoptr (CaromLab) lab = carom_lab_new ();
  carom_lab_place (lab, cg_v2 (0, 0), 200);
  carom_lab_set_test (lab, CAROM_LAB_SAT);
  static const CgVec2 ell[] = { { 0, 0 }, { 10, 0 }, { 10, 4 }, { 4, 4 }, { 4, 10 }, { 0, 10 } };
  g_autoptr (CmObject) wall = cm_object_new_polygon ("ell", CG_ROLE_WALL, ell, 6);
  g_assert_true (carom_lab_use_object (lab, 0, wall, NULL));
  g_assert_cmpint (carom_lab_get_probe_kind (lab, 0), ==, CAROM_PROBE_POLYGON);
  g_autofree char *why = NULL;
  g_autoptr (GPtrArray) rows = carom_lab_rows (lab, 0, &why);
  g_assert_cmpuint (rows->len, ==, 0);
  g_assert_nonnull (strstr (why, "not convex"));

  static const CgVec2 square[] = { { 2, 2 }, { 8, 2 }, { 8, 8 }, { 2, 8 } };
  g_autoptr (CmObject) post = cm_object_new_polygon ("post", CG_ROLE_OBSTACLE, square, 4);
  g_autoptr (CmObject) ball = cm_object_new_ball ("ball", cg_v2 (9, 5), 2, cg_v2 (1, 0), 29);
  g_assert_true (carom_lab_use_object (lab, 0, post, NULL));
  g_assert_true (carom_lab_use_object (lab, 1, ball, NULL));
  g_assert_cmpint (carom_lab_get_probe_kind (lab, 1), ==, CAROM_PROBE_CIRCLE);
  g_autofree char *verdict = NULL;
  g_autoptr (GPtrArray) sat = carom_lab_rows (lab, 0, &verdict);
  g_assert_nonnull (value_of (sat, "Minimum translation vector"));
  g_assert_cmpstr (value_of (sat, "Minimum translation vector"), ==, "(1, 0)");

  /* Too many vertices for the lab: refused with the reason. */
  CgVec2 many[100];
  for (int i = 0; i < 100; i++)
    many[i] = cg_v2 (cos (2 * G_PI * i / 100), sin (2 * G_PI * i / 100));
  g_autoptr (CmObject) round = cm_object_new_polygon ("round", CG_ROLE_OBSTACLE, many, 100);
  g_autoptr (GError) error = NULL;
  g_assert_false (carom_lab_use_object (lab, 0, round, &error));
  g_assert_nonnull (strstr (error->message, "round"));
}

/* A lab on two balls and a square obstacle, as probes: A the ball's circle
 * (its arrow four radii long), B the square (the sweep takes its box). */
static CaromLab *
lab_of (CaromLabTest test, CgVec2 a, double ra, CgVec2 b, double rb)
{
  CaromLab *lab = carom_lab_new ();
  carom_lab_place (lab, cg_v2 (0, 0), 200);
  carom_lab_set_test (lab, test);
  g_autoptr (CmObject) ball_a = cm_object_new_ball ("a", a, ra, cg_v2 (1, 0), 29);
  g_assert_true (carom_lab_use_object (lab, 0, ball_a, NULL));
  if (test == CAROM_LAB_SWEEP)
    {
      static const CgVec2 square[] = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } };
      g_autoptr (CmObject) rect = cm_object_new_polygon ("rect", CG_ROLE_OBSTACLE, square, 4);
      g_assert_true (carom_lab_use_object (lab, 1, rect, NULL));
    }
  else
    {
      g_autoptr (CmObject) ball_b = cm_object_new_ball ("b", b, rb, cg_v2 (1, 0), 29);
      g_assert_true (carom_lab_use_object (lab, 1, ball_b, NULL));
    }
  return lab;
}

static void
dump (GPtrArray *rows, const char *verdict)
{
  for (guint i = 0; i + 1 < rows->len; i += 2)
    g_test_message ("%s: %s", (char *)rows->pdata[i], (char *)rows->pdata[i + 1]);
  g_test_message ("verdict: %s", verdict);
}

/* The significant digits of a number written as text: its mantissa's
 * digits from the first that is not 0. */
static guint
significant_digits (const char *number)
{
  guint n = 0;
  gboolean leading = TRUE;
  for (const char *p = number; *p != '\0' && *p != 'e'; p++)
    {
      if (!g_ascii_isdigit (*p) || (leading && *p == '0'))
        continue;
      leading = FALSE;
      n++;
    }
  return n;
}

/* Every number of the rows and the verdict has at most `digits`
 * significant digits. */
static void
assert_digits (GPtrArray *rows, const char *verdict, guint digits)
{
  g_autoptr (GRegex) number = g_regex_new ("[0-9]+(\\.[0-9]+)?(e[-+][0-9]+)?", 0, 0, NULL);
  for (guint i = 0; i <= rows->len; i += 2)
    {
      const char *text = i + 1 < rows->len ? rows->pdata[i + 1] : verdict;
      if (text == NULL)
        break;
      g_autoptr (GMatchInfo) match = NULL;
      g_regex_match (number, text, 0, &match);
      for (; g_match_info_matches (match); g_match_info_next (match, NULL))
        {
          g_autofree char *n = g_match_info_fetch (match, 0);
          if (significant_digits (n) > digits)
            g_error ("“%s” in “%s” has more than %u significant digits", n, text, digits);
        }
    }
}

/* The panel shows numbers to the digits of Preferences, as the Hit panel
 * does: 0.1 + 0.2 is 0.3 and 2/3 is 0.667 at 3 digits; every digit at 0.
 * Copy writes what the panel shows. */
static void
test_lab_digits (void)
{
  /* 1: concentric circles of radii 0.1 and 0.2 overlap by 0.1 + 0.2. */
  g_autoptr (CaromLab) circles = lab_of (CAROM_LAB_CIRCLES, cg_v2 (0, 0), 0.1, cg_v2 (0, 0), 0.2);
  g_autofree char *v0 = NULL, *v3 = NULL;
  g_autoptr (GPtrArray) every = carom_lab_rows (circles, 0, &v0);
  g_autoptr (GPtrArray) three = carom_lab_rows (circles, 3, &v3);
  g_assert_cmpstr (value_of (every, "Overlap"), ==, "0.30000000000000004");
  g_assert_cmpstr (value_of (three, "Overlap"), ==, "0.3");
  g_assert_cmpstr (value_of (three, "(r1 + r2)²"), ==, "0.09");

  /* 2: a circle of radius 3 from x = −11 to 1 meets the grown side x = −3
   * after 8 of its 12 units: time 2/3. */
  g_autoptr (CaromLab) sweep = lab_of (CAROM_LAB_SWEEP, cg_v2 (-11, 5), 3, cg_v2 (0, 0), 0);
  g_autofree char *s0 = NULL, *s3 = NULL;
  g_autoptr (GPtrArray) sweep0 = carom_lab_rows (sweep, 0, &s0);
  g_autoptr (GPtrArray) sweep3 = carom_lab_rows (sweep, 3, &s3);
  dump (sweep3, s3);
  g_assert_cmpstr (value_of (sweep0, "Time of impact"), ==, "8 / 12 = 0.6666666666666666");
  g_assert_cmpstr (value_of (sweep3, "Time of impact"), ==, "8 / 12 = 0.667");
  g_autofree char *copied = carom_lab_text (sweep, 3);
  g_assert_nonnull (strstr (copied, "8 / 12 = 0.667"));
  g_assert_null (strstr (copied, "0.6666"));

  /* 3: at 3 digits, no number of any test has more. */
  assert_digits (three, v3, 3);
  assert_digits (sweep3, s3, 3);
  static const CaromLabTest tests[]
      = { CAROM_LAB_SEGMENTS, CAROM_LAB_BOXES, CAROM_LAB_CIRCLES, CAROM_LAB_SAT, CAROM_LAB_SWEEP };
  g_autoptr (CaromLab) lab = carom_lab_new ();
  carom_lab_place (lab, cg_v2 (0.1, 0.2), 213.7);
  for (guint i = 0; i < G_N_ELEMENTS (tests); i++)
    {
      carom_lab_set_test (lab, tests[i]);
      g_autofree char *verdict = NULL;
      g_autoptr (GPtrArray) rows = carom_lab_rows (lab, 3, &verdict);
      g_assert_cmpuint (rows->len, >, 0);
      assert_digits (rows, verdict, 3);
    }
}

/* The number a row ends with: its result, after the formula's last "= ". */
static double
result_of (GPtrArray *rows, const char *title)
{
  const char *value = value_of (rows, title);
  if (value == NULL)
    g_error ("no row “%s”", title);
  const char *eq = g_strrstr (value, "= ");
  return g_ascii_strtod (eq != NULL ? eq + 2 : value, NULL);
}

/* The vector "(x, y)" a row ends with. */
static CgVec2
vector_of (GPtrArray *rows, const char *title)
{
  const char *value = value_of (rows, title);
  if (value == NULL)
    g_error ("no row “%s”", title);
  const char *open = strrchr (value, '(');
  char *end;
  CgVec2 v;
  v.x = g_ascii_strtod (open + 1, &end);
  g_assert_true (end[0] == ',');
  v.y = g_ascii_strtod (end + 1, NULL);
  return v;
}

/* The number after "key": in the JSON of `carom lab`; NAN for null. */
static double
json_number (const char *json, const char *key)
{
  g_autofree char *quoted = g_strdup_printf ("\"%s\": ", key);
  const char *p = strstr (json, quoted);
  if (p == NULL)
    g_error ("no “%s” in %s", key, json);
  p += strlen (quoted);
  if (p[0] == '[')
    p++;
  return g_str_has_prefix (p, "null") ? NAN : g_ascii_strtod (p, NULL);
}

/* `carom lab sweep` on the same circle and rectangle. */
static char *
cli_sweep (const char *circle, const char *to)
{
  const char *exe = g_getenv ("CAROM_EXE");
  const char *argv[] = { exe, "lab", "sweep", circle, "rect:0,0,10,10", "--to", to, NULL };
  g_autofree char *out = NULL;
  int status = 0;
  g_autoptr (GError) error = NULL;
  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return g_steal_pointer (&out);
}

/* The swept circle shows its steps as segment–segment does, each formula
 * with its numbers, every result the one `carom lab sweep` prints. */
static void
test_lab_sweep_steps (void)
{
  if (g_getenv ("CAROM_EXE") == NULL)
    {
      g_test_skip ("CAROM_EXE is not set (meson test sets it)");
      return;
    }
  /* 1: the README's corner: a circle of radius 2 from (−4, −1) to (4, −1)
   * enters the x slab of the grown box at 2, runs along the y slab, and
   * its corner's quadratic t² − 8t + 13 = 0 gives t = 4 − √3. */
  g_autoptr (CaromLab) corner = lab_of (CAROM_LAB_SWEEP, cg_v2 (-4, -1), 2, cg_v2 (0, 0), 0);
  g_autofree char *verdict = NULL;
  g_autoptr (GPtrArray) rows = carom_lab_rows (corner, 0, &verdict);
  dump (rows, verdict);
  g_autofree char *json = cli_sweep ("circle:-4,-1,2", "4,-1");
  g_assert_cmpstr (value_of (rows, "Rectangle grown by r"), ==, "[-2, 12] × [-2, 12]");
  g_assert_cmpstr (value_of (rows, "x: t_enter"), ==, "(-2 − (-4)) / 1 = 2");
  g_assert_cmpfloat (result_of (rows, "x: t_enter"), ==, json_number (json, "t_enter_x"));
  g_assert_cmpstr (value_of (rows, "x: t_exit"), ==, "(12 − (-4)) / 1 = 16");
  g_assert_cmpfloat (result_of (rows, "x: t_exit"), ==, json_number (json, "t_exit_x"));
  g_assert_true (isnan (json_number (json, "t_enter_y")));
  g_assert_nonnull (strstr (value_of (rows, "dy = 0"), "inside the slab for every t"));
  g_assert_cmpfloat (result_of (rows, "t_enter = max"), ==, json_number (json, "t_enter"));
  g_assert_cmpfloat (result_of (rows, "t_exit = min"), ==, json_number (json, "t_exit"));
  g_assert_nonnull (strstr (value_of (rows, "Side or corner"), "k = (0, 0)"));
  g_assert_cmpstr (value_of (rows, "m = c − k"), ==, "(-4, -1) − (0, 0) = (-4, -1)");
  g_assert_cmpstr (value_of (rows, "b = m·d"), ==, "-4·1 + (-1)·0 = -4");
  g_assert_cmpfloat (result_of (rows, "b = m·d"), ==, json_number (json, "b"));
  g_assert_cmpstr (value_of (rows, "cc = |m|² − r²"), ==, "17 − 4 = 13");
  g_assert_cmpfloat (result_of (rows, "cc = |m|² − r²"), ==, json_number (json, "cc"));
  g_assert_cmpfloat (result_of (rows, "Discriminant"), ==, json_number (json, "discriminant"));
  g_assert_cmpfloat (result_of (rows, "Discriminant"), ==, 3);
  g_assert_cmpfloat (result_of (rows, "t = −b − √"), ==, json_number (json, "distance"));
  g_assert_cmpfloat (result_of (rows, "Time of impact"), ==, json_number (json, "time"));
  CgVec2 p = vector_of (rows, "Centre at impact"), n = vector_of (rows, "Normal n = (p − k) / r");
  g_assert_cmpfloat (p.x, ==, json_number (json, "centre"));
  g_assert_cmpfloat (n.x, ==, json_number (json, "normal"));
  g_assert_cmpstr (value_of (rows, "Contact point"), ==, "(0, 0)");
  g_assert_nonnull (strstr (verdict, "corner"));

  /* 2: a side: from (−6, 5) to (2, 5), radius 2, it enters the grown side
   * x = −2 at t = 4, half way. */
  g_autoptr (CaromLab) side = lab_of (CAROM_LAB_SWEEP, cg_v2 (-6, 5), 2, cg_v2 (0, 0), 0);
  g_autofree char *side_verdict = NULL;
  g_autoptr (GPtrArray) side_rows = carom_lab_rows (side, 0, &side_verdict);
  dump (side_rows, side_verdict);
  g_autofree char *side_json = cli_sweep ("circle:-6,5,2", "2,5");
  g_assert_cmpfloat (result_of (side_rows, "x: t_enter"), ==, json_number (side_json, "t_enter_x"));
  g_assert_cmpfloat (result_of (side_rows, "t_enter = max"), ==, 4);
  g_assert_nonnull (strstr (value_of (side_rows, "Side or corner"), "x = -2"));
  g_assert_cmpstr (value_of (side_rows, "t = t_enter"), ==, "4");
  g_assert_null (value_of (side_rows, "Discriminant"));
  g_assert_cmpstr (value_of (side_rows, "Time of impact"), ==, "4 / 8 = 0.5");
  g_assert_cmpfloat (json_number (side_json, "time"), ==, 0.5);
  g_assert_nonnull (strstr (side_verdict, "side"));

  /* 3: a move that ends before the grown box says so, with the numbers. */
  g_autoptr (CaromLab) shortfall = lab_of (CAROM_LAB_SWEEP, cg_v2 (-20, 5), 1, cg_v2 (0, 0), 0);
  g_autofree char *short_verdict = NULL;
  g_autoptr (GPtrArray) short_rows = carom_lab_rows (shortfall, 0, &short_verdict);
  g_assert_null (value_of (short_rows, "Time of impact"));
  g_assert_cmpstr (short_verdict, ==, "It stops short: t_enter = 19 > |to − c| = 4");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lab-mode/tests-bring-shapes", test_lab_tests_bring_shapes);
  g_test_add_func ("/lab-mode/drag", test_lab_drag);
  g_test_add_func ("/lab-mode/broad-phase", test_lab_broad_phase);
  g_test_add_func ("/lab-mode/scene-objects", test_lab_scene_objects);
  g_test_add_func ("/lab-mode/digits", test_lab_digits);
  g_test_add_func ("/lab-mode/sweep-steps", test_lab_sweep_steps);
  return g_test_run ();
}
