/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-budget.c: the work budget (how it is shared, breadth first), the
 * trace streamed (the same balls, statuses and hits as the trace kept, bit
 * for bit), cancelling and progress, and the 10^12-hit file of issue 24
 * traced to the budget by the model and by `carom trace`. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/resource.h>

#include "io/carom-svg.h"
#include "model/carom-trace-budget.h"
#include "model/carom-tracing.h"
#include "test-util.h"

static char *
read_example (const char *name)
{
  g_autofree char *path = test_example_path (name);
  char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* sinai-fan.svg with its beam's count and max bounces changed: with both at
 * 10^6 it is the 1 KB file that asks for 10^12 hits. */
static char *
sinai_fan (const char *count, const char *bounces)
{
  g_autofree char *text = read_example ("sinai-fan.svg");
  g_autoptr (GString) s = g_string_new (text);
  g_assert_cmpuint (g_string_replace (s, "carom:count=\"24\"", count, 1), ==, 1);
  g_assert_cmpuint (g_string_replace (s, "carom:max-bounces=\"120\"", bounces, 1), ==, 1);
  return g_strdup (s->str);
}

static CmScene *
scene_of (const char *text)
{
  g_autoptr (GError) error = NULL;
  CmScene *scene = carom_svg_read_memory (text, strlen (text), NULL, NULL, &error);
  g_assert_no_error (error);
  return scene;
}

/* The plan: within the budget, breadth first (every cut ray gets the level
 * or one more, and one more for every cut ray would not fit), objects not
 * cut keep all they asked. */
static void
check_plan (const CaromTracePlan *plan, const guint *rays, const guint32 *bounces, guint n)
{
  guint64 used = 0, cut_rays = 0, given_more = 0, ray_units = 0;
  guint64 cut_counter = 0;
  for (guint i = 0; i < n; i++)
    {
      const CaromBudgetObject *o = carom_trace_plan_object (plan, i);
      g_assert_nonnull (o);
      g_assert_cmpuint (o->rays, ==, rays[i]);
      g_assert_cmpuint (o->max_bounces, ==, bounces[i]);
      if (!o->traced)
        {
          g_assert_true (plan->cut);
          continue;
        }
      ray_units += (guint64)o->rays * CAROM_BUDGET_RAY_UNITS;
      for (guint k = 0; k < o->rays; k++)
        {
          guint32 a = carom_trace_plan_ray_allowance (plan, o, &cut_counter);
          g_assert_cmpuint (a, <=, o->max_bounces);
          if (a < o->max_bounces)
            {
              g_assert_true (a == plan->level || a == plan->level + 1);
              cut_rays++;
              given_more += a == plan->level + 1;
            }
          else
            g_assert_true (plan->level == G_MAXUINT32 || a <= plan->level + 1);
          used += a;
        }
    }
  g_assert_cmpuint (ray_units, <=, plan->budget / 2);
  g_assert_cmpuint (used + ray_units, <=, plan->budget);
  if (cut_rays > 0)
    /* Maximal: the budget left is less than one more hit for each ray
     * still cut at the level. */
    g_assert_cmpuint (plan->budget - used - ray_units, <, cut_rays - given_more);
}

static void
test_plan_shares (void)
{
  /* A scene of balls and beams built as text. */
  GRand *rand = g_rand_new_with_seed (24);
  for (int round = 0; round < 200; round++)
    {
      guint n = (guint)g_rand_int_range (rand, 1, 7);
      guint rays[8];
      guint32 bounces[8];
      g_autoptr (GString) svg = g_string_new (
          "<svg xmlns='http://www.w3.org/2000/svg' xmlns:carom='urn:carom:scene:1'>\n");
      for (guint i = 0; i < n; i++)
        {
          rays[i] = g_rand_boolean (rand) ? 1 : (guint)g_rand_int_range (rand, 1, 5000);
          bounces[i] = (guint32)g_rand_int_range (rand, 0, 100000);
          if (rays[i] == 1 && g_rand_boolean (rand))
            g_string_append_printf (svg,
                                    "<circle id='b%u' carom:role='ball' cx='0' cy='0' r='1' "
                                    "carom:direction='1 0' carom:max-bounces='%u'/>\n",
                                    i, bounces[i]);
          else
            g_string_append_printf (svg,
                                    "<circle id='f%u' carom:role='beam' cx='0' cy='0' r='1' "
                                    "carom:direction='1 0' carom:spread='30' "
                                    "carom:count='%u' carom:max-bounces='%u'/>\n",
                                    i, rays[i], bounces[i]);
        }
      g_string_append (svg, "</svg>\n");
      g_autoptr (CmScene) scene = scene_of (svg->str);
      g_assert_cmpuint (scene->objects->len, ==, n);
      guint64 budget = (guint64)g_rand_int_range (rand, 1000, 3000000);
      g_autoptr (CaromTracePlan) plan = carom_trace_plan_new (scene, -1, budget);
      check_plan (plan, rays, bounces, n);
      double asked = 0;
      for (guint i = 0; i < n; i++)
        asked += (double)rays[i] * (CAROM_BUDGET_RAY_UNITS + bounces[i]);
      g_assert_cmpfloat (plan->asked, ==, asked);
      g_assert_true (plan->cut == (asked > (double)budget));
    }
  g_rand_free (rand);
}

/* The file: 10^6 rays x 10^6 bounces, traced by the model to a
 * budget, in bounded memory, every ray cut with the status `budget`, and
 * the message naming the beam, what it asked and how to raise it. */
static void
test_huge_file_model (void)
{
  g_autofree char *text = sinai_fan ("carom:count=\"1000000\"", "carom:max-bounces=\"1000000\"");
  g_assert_cmpuint (strlen (text), <, 1500);
  g_autoptr (CmScene) scene = scene_of (text);
  CaromTraceOptions options = CAROM_TRACE_OPTIONS_INIT;
  options.budget = 5000000; /* the rays take 2·10^6, half the budget at most */
  gsize progress = 0;
  options.progress = &progress;
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (CmSceneTrace) trace = cm_scene_trace_full (scene, &options);
  gint64 t1 = g_get_monotonic_time ();
  g_assert_nonnull (trace);
  g_assert_true (trace->plan->cut);
  g_assert_false (trace->cancelled);
  g_assert_cmpuint (trace->balls->len, ==, 1000000);
  g_assert_cmpuint (trace->n_hits + 2 * trace->balls->len, <=, options.budget);
  g_assert_cmpuint (progress, ==, trace->n_hits);
  /* Breadth first: every ray of the closed table gets the level or one more. */
  for (guint b = 0; b < trace->balls->len; b++)
    {
      const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, b);
      g_assert_cmpint (bt->trace.status, ==, CG_TRACE_BUDGET);
      g_assert_true (bt->trace.n_hits == trace->plan->level
                     || bt->trace.n_hits == trace->plan->level + 1);
    }
  g_autofree char *message = carom_trace_plan_message (trace->plan, scene, "HOW");
  g_assert_nonnull (strstr (message, "1,000,002,000,000"));
  g_assert_nonnull (strstr (message, "beam “fan” (1,000,000 rays × 1,000,000 bounces)"));
  g_assert_nonnull (strstr (message, "HOW"));
  g_test_message ("10^12 asked, budget 5·10^6: %" G_GUINT64_FORMAT " hits in %.2f s", trace->n_hits,
                  (t1 - t0) / 1e6);
}

/* Streamed and kept, the same trace: balls, statuses and hits bit for bit,
 * within the budget and cut by it. */
typedef struct
{
  const CmSceneTrace *kept;
  guint ball;
  guint hits;
  gboolean in_ball;
} Compare;

static gboolean
cmp_begin (const CmSceneTrace *st, const CaromBallTrace *bt, gpointer data)
{
  (void)st;
  Compare *c = data;
  g_assert_false (c->in_ball);
  g_assert_cmpuint (c->ball, <, c->kept->balls->len);
  const CaromBallTrace *k = &g_array_index (c->kept->balls, CaromBallTrace, c->ball);
  g_assert_cmpstr (bt->ball->id, ==, k->ball->id);
  g_assert_true (memcmp (&bt->trace.start, &k->trace.start, sizeof (CgVec2)) == 0);
  if (k->trace.status != CG_TRACE_INVALID_INPUT)
    g_assert_true (memcmp (&bt->trace.direction, &k->trace.direction, sizeof (CgVec2)) == 0);
  c->in_ball = TRUE;
  c->hits = 0;
  return TRUE;
}

static gboolean
cmp_hit (const CmSceneTrace *st, const CaromBallTrace *bt, const CgHit *hit, const CgHit *prev,
         gpointer data)
{
  (void)st;
  (void)bt;
  Compare *c = data;
  const CaromBallTrace *k = &g_array_index (c->kept->balls, CaromBallTrace, c->ball);
  g_assert_cmpuint (c->hits, <, k->trace.n_hits);
  g_assert_true (memcmp (hit, &k->trace.hits[c->hits], sizeof *hit) == 0);
  if (c->hits > 0)
    g_assert_true (memcmp (prev, &k->trace.hits[c->hits - 1], sizeof *prev) == 0);
  else
    g_assert_null (prev);
  c->hits++;
  return TRUE;
}

static gboolean
cmp_end (const CmSceneTrace *st, const CaromBallTrace *bt, gpointer data)
{
  (void)st;
  Compare *c = data;
  const CaromBallTrace *k = &g_array_index (c->kept->balls, CaromBallTrace, c->ball);
  g_assert_cmpint (bt->trace.status, ==, k->trace.status);
  g_assert_cmpuint (bt->trace.n_hits, ==, k->trace.n_hits);
  g_assert_cmpuint (c->hits, ==, k->trace.n_hits);
  c->in_ball = FALSE;
  c->ball++;
  return TRUE;
}

static void
compare_stream (const CmScene *scene, guint64 budget)
{
  CaromTraceOptions options = CAROM_TRACE_OPTIONS_INIT;
  options.budget = budget;
  g_autoptr (CmSceneTrace) kept = cm_scene_trace_full (scene, &options);
  g_assert_nonnull (kept);
  Compare c = { .kept = kept };
  static const CaromTraceStream funcs = { cmp_begin, cmp_hit, cmp_end };
  g_autoptr (CaromTracePlan) plan = NULL;
  g_assert_true (cm_scene_trace_stream (scene, &options, &funcs, &c, &plan));
  g_assert_cmpuint (c.ball, ==, kept->balls->len);
  g_assert_cmpint (plan->cut, ==, kept->plan->cut);
  g_assert_cmpuint (plan->level, ==, kept->plan->level);
}

static void
test_stream_equals_kept (void)
{
  const char *examples[] = { "seed.svg",   "sinai.svg",   "sinai-fan.svg", "stadium.svg",
                             "circle.svg", "pinball.svg", "corridor.svg" };
  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autofree char *text = read_example (examples[i]);
      g_autoptr (CmScene) scene = scene_of (text);
      compare_stream (scene, CAROM_BUDGET_STREAM_DEFAULT); /* within the budget */
      compare_stream (scene, 1000);                        /* cut by it */
    }
  g_autofree char *text = sinai_fan ("carom:count=\"3000\"", "carom:max-bounces=\"400\"");
  g_autoptr (CmScene) scene = scene_of (text);
  compare_stream (scene, 100000);
}

/* Cancelled before it starts: every ball ends `budget` with no hit, and the
 * trace says it was cancelled; cancelled on the way, a partial trace. */
static gpointer
cancel_soon (gpointer data)
{
  g_usleep (20000);
  g_atomic_int_set ((gint *)data, 1);
  return NULL;
}

static void
test_cancel (void)
{
  g_autofree char *text = sinai_fan ("carom:count=\"2000\"", "carom:max-bounces=\"100000\"");
  g_autoptr (CmScene) scene = scene_of (text);
  CaromTraceOptions options = CAROM_TRACE_OPTIONS_INIT;
  options.budget = CAROM_BUDGET_MAX;
  gint cancel = 1;
  options.cancel = &cancel;
  {
    g_autoptr (CmSceneTrace) trace = cm_scene_trace_full (scene, &options);
    g_assert_true (trace->cancelled);
    g_assert_cmpuint (trace->n_hits, ==, 0);
    for (guint b = 0; b < trace->balls->len; b++)
      g_assert_cmpint (g_array_index (trace->balls, CaromBallTrace, b).trace.status, ==,
                       CG_TRACE_BUDGET);
  }
  /* 2·10^8 hits asked: cancelled after 20 ms, it ends in far less than it
   * would take to finish. */
  cancel = 0;
  gsize progress = 0;
  options.progress = &progress;
  GThread *canceller = g_thread_new ("cancel", cancel_soon, &cancel);
  g_autoptr (CmSceneTrace) trace = cm_scene_trace_full (scene, &options);
  g_thread_join (canceller);
  g_assert_true (trace->cancelled);
  g_assert_cmpuint (trace->n_hits, <, 2000u * 100000u);
  g_assert_cmpuint (progress, ==, trace->n_hits);
  guint cut = 0;
  for (guint b = 0; b < trace->balls->len; b++)
    cut += g_array_index (trace->balls, CaromBallTrace, b).trace.status == CG_TRACE_BUDGET;
  g_assert_cmpuint (cut, >, 0);
}

/* `carom trace --json` of the file: the message on stderr, every
 * ray traced to the budget, in bounded memory (the output is not kept: it
 * streams) — here 900 MB of JSON written in a peak of a few MiB. */
static void
test_huge_file_cli (void)
{
  g_autofree char *text = sinai_fan ("carom:count=\"1000000\"", "carom:max-bounces=\"1000000\"");
  g_autofree char *dir = g_dir_make_tmp ("carom-budget-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "huge.svg", NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  const char *argv[]
      = { g_getenv ("CAROM_EXE"), "trace", "--json", "--max-hits", "4500000", path, NULL };
  g_autofree char *err = NULL;
  gint status;
  gint64 t0 = g_get_monotonic_time ();
  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, &err, &status, NULL));
  gint64 t1 = g_get_monotonic_time ();
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (
      strstr (err, "beam “fan” (1,000,000 rays × 1,000,000 bounces): 2 or 3 hits a ray"));
  g_assert_nonnull (strstr (err, "--max-hits"));
  g_assert_nonnull (strstr (err, "“budget”"));
  struct rusage ru;
  g_assert_cmpint (getrusage (RUSAGE_CHILDREN, &ru), ==, 0);
  g_test_message ("carom trace --json, 10^12 hits asked, budget 4.5·10^6: %.1f s, peak %.1f MiB",
                  (t1 - t0) / 1e6, ru.ru_maxrss / 1024.0);
  /* The budget's hits (2.5·10^6, 320 MB in memory) are never all held.
   * (AddressSanitizer's shadow and quarantine make any peak bigger.) */
#if !defined(__SANITIZE_ADDRESS__)
  g_assert_cmpint (ru.ru_maxrss, <, 64 * 1024);
#endif
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* First: the child's peak memory is measured, and a child forked from a
   * test that traced much starts with the parent's pages. */
  g_test_add_func ("/budget/huge-file-cli", test_huge_file_cli);
  g_test_add_func ("/budget/plan-shares", test_plan_shares);
  g_test_add_func ("/budget/huge-file-model", test_huge_file_model);
  g_test_add_func ("/budget/stream-equals-kept", test_stream_equals_kept);
  g_test_add_func ("/budget/cancel", test_cancel);
  return g_test_run ();
}
