/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-explain.c: the maths of each hit (model/carom-explain.h): the exact
 * text for the worked example of geometry.md, an arc hit's formulas, and on
 * random scenes that the explanation is the trace's own cast: the same hit,
 * the same statistics, every other tested primitive with a true reason. */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "model/carom-explain.h"

/* The worked example of geometry.md (the seed tutorial's scene). */
static CmScene *
worked_example (void)
{
  static const CgVec2 room[] = { { -300, -300 }, { -300, 300 }, { 300, 300 }, { 300, -300 } };
  static const CgVec2 post[] = { { 20, -100 }, { 20, 50 }, { -20, 50 }, { -20, -100 } };
  CmScene *scene = cm_scene_new ();
  CmObject *w = cm_scene_add_polygon (scene, "room", CG_ROLE_WALL, room, 4);
  cg_polygon_orient (w->points, 4, CG_ROLE_WALL);
  CmObject *o = cm_scene_add_polygon (scene, "post", CG_ROLE_OBSTACLE, post, 4);
  cg_polygon_orient (o->points, 4, CG_ROLE_OBSTACLE);
  cm_scene_add_ball (scene, "ball", cg_v2 (-200, 0), 40, cg_v2 (1, 1), 29);
  return scene;
}

/* Hit 1 of the worked example, exactly: the numbers of geometry.md, at full
 * precision, and why the other tested edges lost. */
static void
test_explain_worked_example (void)
{
  g_autoptr (CmScene) scene = worked_example ();
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  CaromCastExplanation e;
  g_assert_true (carom_explain_cast (trace, 0, 1, &e));
  g_autofree char *text = carom_explain_format (&e, CAROM_EXPLAIN_TEXT, 5);
  const char *expected = "Hit 1 of ball “ball”: wall “room”, edge 1 (offset segment)\n"
                         "  c = (-200, 0), d = (0.7071067811865476, 0.7071067811865476), r = 40\n"
                         "  a = (-300, 260), b = (300, 260), n = (0, -1)\n"
                         "  d·n = -0.7071067811865476 < 0\n"
                         "  t = ((a − c)·n) / (d·n) = 367.69552621700467\n"
                         "  p = c + t d = (60, 260)\n"
                         "  s = ((p − a)·(b − a)) / |b − a|² = 0.6, in [0, 1]\n"
                         "  normal = n = (0, -1)\n"
                         "  d′ = d − 2(d·n)n = (0.7071067811865476, -0.7071067811865476), d·n = "
                         "-0.7071067811865476\n";
  g_assert_true (g_str_has_prefix (text, expected));
  /* The broad phase's counts follow: the room's edges are runs of their
   * own, and the boxes leave the hit alone to test. */
  g_assert_nonnull (strstr (text, "1 primitives tested (brute force tests 12)"));
  g_assert_null (strstr (text, "Rejected candidates"));
  /* Hit 3 starts on edge 2, heading past the post: the losers, nearest
   * first, each with its reason. */
  CaromCastExplanation e3;
  g_assert_true (carom_explain_cast (trace, 0, 3, &e3));
  g_autofree char *third = carom_explain_format (&e3, CAROM_EXPLAIN_TEXT, 5);
  g_assert_nonnull (strstr (third, "Rejected candidates, nearest first:\n"));
  g_assert_nonnull (strstr (third, "room, edge 2: back-facing: d·n = 0.7071067811865476 ≥ 0"));
  g_assert_nonnull (strstr (third, "post, edge 0: outside the segment: s = "));
  g_assert_nonnull (strstr (third, "post, edge 1: behind the start: t = "));
  carom_cast_explanation_clear (&e3);

  /* The LaTeX form has the same numbers in an align*. */
  g_autofree char *latex = carom_explain_format (&e, CAROM_EXPLAIN_LATEX, 5);
  g_assert_true (g_str_has_prefix (latex, "\\begin{align*}\n"));
  g_assert_true (g_str_has_suffix (latex, "\\end{align*}\n"));
  g_assert_nonnull (strstr (latex, "&t = \\frac{(a - c)\\cdot n}{d\\cdot n} = 367.69552621700467"));
  g_assert_nonnull (strstr (latex, "&p = c + t\\,d = \\left(60,\\ 260\\right)"));
  carom_cast_explanation_clear (&e);

  /* No hit 0, no hit beyond the last, no ball 1. */
  g_assert_false (carom_explain_cast (trace, 0, 0, &e));
  g_assert_false (carom_explain_cast (trace, 0, 30, &e));
  g_assert_false (carom_explain_cast (trace, 1, 1, &e));
}

/* A hit on a corner's arc shows the circle (ρ = r at a vertex), m, b, cc,
 * the discriminant, the roots and the sweep, consistent with each other. */
static void
test_explain_arc (void)
{
  g_autoptr (CmScene) scene = worked_example ();
  /* Aimed at the post's corner (20, -100) from below-left. */
  CmObject *ball = g_ptr_array_index (scene->objects, 2);
  ball->center = cg_v2 (-100, -250);
  ball->direction = cg_normalize (cg_v2 (150, 130));
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  const CgTrace *t = &g_array_index (trace->balls, CaromBallTrace, 0).trace;
  g_assert_cmpuint (t->n_hits, >=, 1);
  g_assert_cmpint (t->hits[0].kind, ==, CG_PRIM_ARC);

  CaromCastExplanation e;
  g_assert_true (carom_explain_cast (trace, 0, 1, &e));
  const CgCastRecord *r = &e.result.rec;
  /* The discriminant as Carom evaluates it, and within rounding of b² − cc. */
  CgVec2 h = cg_mul_add (r->m, -r->b, e.d);
  g_assert_cmpfloat (r->disc, ==, 40.0 * 40.0 - cg_length_sq (h));
  g_assert_cmpfloat (fabs (r->disc - (r->b * r->b - r->cc)), <=, 1e-9 * r->b * r->b);
  g_assert_cmpfloat (r->t, ==, r->t0);
  g_assert_cmpfloat (r->sweep_from, >=, 0);
  g_assert_cmpfloat (r->sweep_to, >=, 0);
  g_autofree char *text = carom_explain_format (&e, CAROM_EXPLAIN_TEXT, 5);
  g_assert_nonnull (strstr (text, "obstacle “post”, vertex"));
  g_assert_nonnull (strstr (text, "m = c − q = "));
  g_assert_nonnull (strstr (text, "A vertex cap: the ball touches the vertex q, so ρ = r."));
  g_assert_nonnull (strstr (text, "b² − cc = ρ² − |m − b d|² = "));
  g_assert_nonnull (strstr (text, "t₀ = −b − √(b² − cc) = "));
  g_assert_nonnull (strstr (text, "normal = (p − q)/ρ = "));
  g_assert_nonnull (strstr (text, "An obstacle: the ball stops here."));
  g_autofree char *b = carom_explain_number (r->b);
  g_autofree char *line = g_strdup_printf ("  b = m·d = %s\n", b);
  g_assert_nonnull (strstr (text, line));
  carom_cast_explanation_clear (&e);
}

/* On random scenes, every hit's explanation is the trace's cast: the same
 * primitive, point and statistics; one winner; losers that really lose. */
static void
test_explain_random (void)
{
  GRand *rand = g_rand_new_with_seed (11);
  for (int round = 0; round < 40; round++)
    {
      g_autoptr (CmScene) scene = cm_scene_new ();
      static const CgVec2 room[] = { { 0, 0 }, { 1000, 0 }, { 1000, 1000 }, { 0, 1000 } };
      CmObject *w = cm_scene_add_polygon (scene, "room", CG_ROLE_WALL, room, 4);
      cg_polygon_orient (w->points, 4, CG_ROLE_WALL);
      for (int i = 0; i < 30; i++)
        {
          double x = g_rand_double_range (rand, 100, 880), y = g_rand_double_range (rand, 100, 880);
          double s = g_rand_double_range (rand, 5, 20);
          CgVec2 tri[] = { { x, y }, { x + 2 * s, y + s / 2 }, { x + s / 3, y + 2 * s } };
          CmObject *o = cm_scene_add_polygon (scene, NULL, CG_ROLE_OBSTACLE, tri, 3);
          cg_polygon_orient (o->points, 3, CG_ROLE_OBSTACLE);
        }
      cm_scene_add_ball (
          scene, "ball", cg_v2 (50, 50), g_rand_double_range (rand, 1, 6),
          cg_v2 (g_rand_double_range (rand, 0.1, 1), g_rand_double_range (rand, 0.1, 1)), 200);
      cm_scene_assign_ids (scene);
      g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
      const CgTrace *t = &g_array_index (trace->balls, CaromBallTrace, 0).trace;
      for (guint k = 1; k <= t->n_hits; k++)
        {
          const CgHit *h = &t->hits[k - 1];
          CaromCastExplanation e;
          g_assert_true (carom_explain_cast (trace, 0, k, &e));
          g_assert_true (e.result.hit);
          g_assert_cmpuint (e.result.prim, ==, h->prim);
          g_assert_cmpmem (&e.result.rec.point, sizeof (CgVec2), &h->point, sizeof (CgVec2));
          g_assert_cmpuint (e.result.stats.primitives_tested, ==, h->stats.primitives_tested);
          g_assert_cmpuint (e.result.stats.nodes_visited, ==, h->stats.nodes_visited);
          guint winners = 0;
          for (size_t i = 0; i < e.n_tested; i++)
            {
              const CgCastRecord *r = &e.tested[i].rec;
              if (r->reject == CG_REJECT_NONE)
                {
                  winners++;
                  g_assert_cmpuint (e.tested[i].prim, ==, h->prim);
                }
              else if (r->reject == CG_REJECT_FARTHER)
                g_assert_true (r->t > h->distance
                               || (r->t == h->distance && e.tested[i].prim > h->prim));
              else if (r->reject == CG_REJECT_EXCLUDED)
                g_assert_cmpint ((int64_t)e.tested[i].prim, ==, e.exclude);
              g_assert_true (r->hit == (r->reject == CG_REJECT_NONE));
            }
          g_assert_cmpuint (winners, ==, 1);
          g_assert_cmpuint (e.n_tested, ==, e.result.stats.primitives_tested);
          carom_cast_explanation_clear (&e);
        }
    }
  g_rand_free (rand);
}

/* Numbers are the shortest text that reads back the same. */
static void
test_explain_numbers (void)
{
  static const double values[] = { 0.1, 1.0 / 3.0, 367.69552621700467, 1e-300, -2.5, 1e21 };
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *s = carom_explain_number (values[i]);
      g_assert_cmpfloat (g_ascii_strtod (s, NULL), ==, values[i]);
    }
  g_autofree char *tenth = carom_explain_number (0.1);
  g_assert_cmpstr (tenth, ==, "0.1");
  g_autofree char *zero = carom_explain_number (-0.0);
  g_assert_cmpstr (zero, ==, "0");

  /* For people: 6 significant digits, no trailing zeros; 0 or 17 digits:
   * every digit needed. */
  static const struct
  {
    double value;
    int digits;
    const char *text;
  } people[] = {
    { 367.69552621700467, 6, "367.696" },
    { 0.7071067811865476, 6, "0.707107" },
    { 0.6, 6, "0.6" },
    { 260.0, 6, "260" },
    { -1e-20, 3, "-1e-20" },
    { 1234567.0, 6, "1.23457e+06" },
    { 0.1, 17, "0.1" },
    { 1.0 / 3.0, 0, "0.3333333333333333" },
    { -0.0, 6, "0" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (people); i++)
    {
      g_autofree char *s = carom_explain_number_digits (people[i].value, people[i].digits);
      g_assert_cmpstr (s, ==, people[i].text);
    }
}

/* The worked example's hit 1 for people: the same lines, 6 digits. */
static void
test_explain_digits (void)
{
  g_autoptr (CmScene) scene = worked_example ();
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  CaromCastExplanation e;
  g_assert_true (carom_explain_cast (trace, 0, 1, &e));
  g_autofree char *text = carom_explain_format_digits (&e, CAROM_EXPLAIN_TEXT, 5, 6);
  const char *expected = "Hit 1 of ball “ball”: wall “room”, edge 1 (offset segment)\n"
                         "  c = (-200, 0), d = (0.707107, 0.707107), r = 40\n"
                         "  a = (-300, 260), b = (300, 260), n = (0, -1)\n"
                         "  d·n = -0.707107 < 0\n"
                         "  t = ((a − c)·n) / (d·n) = 367.696\n"
                         "  p = c + t d = (60, 260)\n";
  g_assert_true (g_str_has_prefix (text, expected));
  g_assert_nonnull (strstr (text, "1 primitives tested (brute force tests 12)"));
  /* Full precision is the same text as carom_explain_format(). */
  g_autofree char *full = carom_explain_format_digits (&e, CAROM_EXPLAIN_TEXT, 5, 17);
  g_autofree char *plain = carom_explain_format (&e, CAROM_EXPLAIN_TEXT, 5);
  g_assert_cmpstr (full, ==, plain);
  carom_cast_explanation_clear (&e);
  g_autofree char *all = carom_explain_trace_digits (trace, CAROM_EXPLAIN_TEXT, 6);
  g_assert_nonnull (strstr (all, "Hit 29 of ball “ball”"));
  g_assert_null (strstr (all, "367.69552621700467"));
  g_assert_nonnull (strstr (all, "room, edge 2: back-facing: d·n = 0.707107 ≥ 0"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/explain/worked-example", test_explain_worked_example);
  g_test_add_func ("/explain/arc", test_explain_arc);
  g_test_add_func ("/explain/random", test_explain_random);
  g_test_add_func ("/explain/numbers", test_explain_numbers);
  g_test_add_func ("/explain/digits", test_explain_digits);
  return g_test_run ();
}
