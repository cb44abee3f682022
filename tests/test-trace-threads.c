/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-trace-threads.c: balls traced on several threads give the traces one
 * thread gives, bit for bit, fresh and updated in place after a drag; and
 * carom_parallel_for() calls every index exactly once. Balls of every
 * radius share the scene's one world. */
#include <string.h>

#include "model/carom-tracing.h"
#include "scene-gen.h"

/* A room with n obstacles and `balls` balls at free places (a few
 * overlapping on purpose), some with many bounces. */
static CmScene *
random_scene (GRand *rand, int n, int balls)
{
  TestScene ts;
  test_scene_init (&ts);
  double L;
  test_scene_random_room (&ts, rand, n, &L);
  CmScene *scene = cm_scene_new ();
  const CgBoundaryRef *refs = (const CgBoundaryRef *)ts.refs->data;
  for (guint i = 0; i < ts.refs->len; i++)
    cm_scene_add_polygon (scene, NULL, refs[i].role, refs[i].v, refs[i].n);
  for (int b = 0; b < balls; b++)
    {
      CgVec2 c = { g_rand_double_range (rand, 3, L - 3), g_rand_double_range (rand, 3, L - 3) };
      double a = g_rand_double_range (rand, 0, 2 * G_PI);
      double r = b % 3 == 0 ? 1.5 : b % 3 == 1 ? 0.75 : 3.0;
      cm_scene_add_ball (scene, NULL, c, r, cg_v2 (cos (a), sin (a)),
                         (guint)g_rand_int_range (rand, 0, 200));
    }
  cm_scene_assign_ids (scene);
  test_scene_clear (&ts);
  return scene;
}

#define SAME_BITS(a, b) g_assert_true (memcmp (&(a), &(b), sizeof (a)) == 0)

/* Two hits are the same: every field, numbers bit for bit (the broad
 * phase's counts only when both traces used the BVH). */
static void
assert_same_hit (const CgHit *x, const CgHit *y, gboolean stats)
{
  g_assert_cmpuint (x->index, ==, y->index);
  g_assert_cmpuint (x->prim, ==, y->prim);
  g_assert_cmpint (x->kind, ==, y->kind);
  g_assert_cmpint (x->part, ==, y->part);
  g_assert_cmpuint (x->reflected, ==, y->reflected);
  g_assert_cmpuint (x->object, ==, y->object);
  g_assert_cmpuint (x->element, ==, y->element);
  g_assert_cmpint (x->role, ==, y->role);
  SAME_BITS (x->from, y->from);
  SAME_BITS (x->point, y->point);
  SAME_BITS (x->normal, y->normal);
  SAME_BITS (x->in, y->in);
  SAME_BITS (x->out, y->out);
  SAME_BITS (x->distance, y->distance);
  if (stats)
    {
      g_assert_cmpuint (x->stats.nodes_visited, ==, y->stats.nodes_visited);
      g_assert_cmpuint (x->stats.primitives_tested, ==, y->stats.primitives_tested);
    }
}

/* Two scene traces are the same, ball by ball; each traced every ball, of
 * whatever radius, in its one world. stats: their searches walked the same
 * structures (not after an update in place, where moved runs are tested
 * first and boxes are refitted), so they cost the same too. */
static void
assert_same_traces (const CmSceneTrace *a, const CmSceneTrace *b, gboolean stats)
{
  g_assert_nonnull (a->world);
  g_assert_nonnull (b->world);
  g_assert_cmpuint (a->balls->len, ==, b->balls->len);
  for (guint i = 0; i < a->balls->len; i++)
    {
      const CaromBallTrace *x = &g_array_index (a->balls, CaromBallTrace, i);
      const CaromBallTrace *y = &g_array_index (b->balls, CaromBallTrace, i);
      g_assert_true (x->ball == y->ball);
      g_assert_true (x->world == a->world);
      g_assert_true (y->world == b->world);
      SAME_BITS (x->radius, x->ball->radius);
      SAME_BITS (x->radius, y->radius);
      g_assert_cmpint (x->trace.status, ==, y->trace.status);
      g_assert_cmpuint (x->trace.n_hits, ==, y->trace.n_hits);
      SAME_BITS (x->trace.start, y->trace.start);
      SAME_BITS (x->trace.direction, y->trace.direction);
      SAME_BITS (x->trace.radius, y->trace.radius);
      SAME_BITS (x->trace.end_direction, y->trace.end_direction);
      for (size_t k = 0; k < x->trace.n_hits; k++)
        assert_same_hit (&x->trace.hits[k], &y->trace.hits[k],
                         stats && a->brute_force == b->brute_force);
    }
}

/* 1: 1, 2, 3 and 8 threads (and "every core") trace 300 balls of three
 * radii in a 1,000-obstacle room exactly as one thread does. */
static void
test_threads_equal_one_thread (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (4);
  g_autoptr (CmScene) scene = random_scene (rand, 1000, 300);
  g_autoptr (CmSceneTrace) one = cm_scene_trace_with_threads (scene, -1, FALSE, 1);
  g_assert_nonnull (one);
  guint hits = 0, statuses[8] = { 0 };
  for (guint i = 0; i < one->balls->len; i++)
    {
      const CgTrace *t = &g_array_index (one->balls, CaromBallTrace, i).trace;
      hits += t->n_hits;
      statuses[t->status]++;
    }
  /* Real work, and every ending. */
  g_assert_cmpuint (hits, >, 300);
  g_assert_cmpuint (statuses[CG_TRACE_STOPPED], >, 0);
  g_assert_cmpuint (statuses[CG_TRACE_MAX_BOUNCES], >, 0);
  g_assert_cmpuint (statuses[CG_TRACE_START_OVERLAP], >, 0);
  static const guint threads[] = { 2, 3, 8, 0 };
  for (guint k = 0; k < G_N_ELEMENTS (threads); k++)
    {
      g_autoptr (CmSceneTrace) many = cm_scene_trace_with_threads (scene, -1, FALSE, threads[k]);
      assert_same_traces (one, many, TRUE);
    }
  g_autoptr (CmSceneTrace) brute = cm_scene_trace_with_threads (scene, -1, TRUE, 2);
  assert_same_traces (one, brute, TRUE);
}

/* 2: after an obstacle is moved in place, the update (on 4 threads) equals
 * a fresh trace on one thread. */
static void
test_threads_update_in_place (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  g_autoptr (CmScene) scene = random_scene (rand, 300, 200);
  g_autoptr (CmSceneTrace) trace = cm_scene_trace_with_threads (scene, -1, FALSE, 4);
  for (int step = 0; step < 10; step++)
    {
      guint index = (guint)g_rand_int_range (rand, 1, 300);
      CmObject *o = g_ptr_array_index (scene->objects, index);
      g_assert_true (o->kind == CM_OBJECT_POLYGON);
      CgVec2 shift = { g_rand_double_range (rand, -3, 3), g_rand_double_range (rand, -3, 3) };
      for (guint k = 0; k < o->n_points; k++)
        o->points[k] = cg_add (o->points[k], shift);
      g_assert_true (cm_scene_trace_update (trace, scene, &index, 1, NULL));
      g_autoptr (CmSceneTrace) fresh = cm_scene_trace_with_threads (scene, -1, FALSE, 1);
      assert_same_traces (fresh, trace, FALSE);
    }
}

typedef struct
{
  gint *calls;
} Count;

static void
count_call (guint i, gpointer data)
{
  Count *c = data;
  g_atomic_int_inc (&c->calls[i]);
}

/* 3: every index exactly once, for any number of threads and items. */
static void
test_parallel_for_each_once (void)
{
  static const guint sizes[] = { 0, 1, 2, 7, 1000 };
  static const guint threads[] = { 0, 1, 2, 5, 100 };
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint t = 0; t < G_N_ELEMENTS (threads); t++)
      {
        Count c = { g_new0 (gint, sizes[s] + 1) };
        carom_parallel_for (sizes[s], threads[t], count_call, &c);
        for (guint i = 0; i < sizes[s]; i++)
          g_assert_cmpint (c.calls[i], ==, 1);
        g_assert_cmpint (c.calls[sizes[s]], ==, 0);
        g_free (c.calls);
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/threads/equal-one-thread", test_threads_equal_one_thread);
  g_test_add_func ("/threads/update-in-place", test_threads_update_in_place);
  g_test_add_func ("/threads/parallel-for-each-once", test_parallel_for_each_once);
  return g_test_run ();
}
