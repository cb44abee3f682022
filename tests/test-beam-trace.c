/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-beam-trace.c: a beam traces exactly as its rays written out as balls
 * (issue 15): fans of odd, even and single count and parallel beams, on one
 * thread and on several, fresh and after a drag; rays are named BEAMID#k and
 * come in document order; obstacles with carom:on-hit="reflect" reflect the
 * ball and the reflection counts toward max-bounces. */
#include <math.h>
#include <stdlib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "model/carom-tracing.h"
#include "scene-gen.h"

#define SAME_BITS(a, b) g_assert_true (memcmp (&(a), &(b), sizeof (a)) == 0)

/* A room with n random obstacles (every third reflecting), no balls. */
static CmScene *
room_scene (GRand *rand, int n, double *side)
{
  TestScene ts;
  test_scene_init (&ts);
  test_scene_random_room (&ts, rand, n, side);
  CmScene *scene = cm_scene_new ();
  const CgBoundaryRef *refs = (const CgBoundaryRef *)ts.refs->data;
  for (guint i = 0; i < ts.refs->len; i++)
    {
      CmObject *o = cm_scene_add_polygon (scene, NULL, refs[i].role, refs[i].v, refs[i].n);
      if (refs[i].role == CG_ROLE_OBSTACLE && i % 3 == 0)
        o->on_hit = CG_ON_HIT_REFLECT;
    }
  test_scene_clear (&ts);
  return scene;
}

/* The beams of the test, added to scene in this order, with a plain ball
 * between them. */
static void
add_beams (CmScene *scene, double L)
{
  CgVec2 c = { L / 2 + 0.37, L / 2 - 0.21 };
  g_ptr_array_add (scene->objects,
                   cm_object_new_fan_beam ("fan7", c, 0.5, cg_v2 (1, 0.3), 60.0, 7, 40));
  cm_scene_add_ball (scene, "lone", cg_v2 (L / 3, L / 3), 0.75, cg_v2 (-0.2, 1), 25);
  g_ptr_array_add (scene->objects,
                   cm_object_new_fan_beam ("fan4", c, 0.5, cg_v2 (-1, 0.1), 359.0, 4, 40));
  g_ptr_array_add (scene->objects,
                   cm_object_new_fan_beam ("fan1", c, 1.25, cg_v2 (0.3, -1), 30.0, 1, 40));
  g_ptr_array_add (scene->objects, cm_object_new_parallel_beam ("par5", cg_v2 (L / 4, L / 5),
                                                                cg_v2 (L / 4 + 3, L / 5 + 7), 0.5,
                                                                cg_v2 (1, -0.4), 5, 40));
  g_ptr_array_add (scene->objects, cm_object_new_parallel_beam ("par1", cg_v2 (L / 5, L / 4),
                                                                cg_v2 (L / 5 + 3, L / 4 + 7), 0.5,
                                                                cg_v2 (-1, -0.4), 1, 40));
}

/* The scene with every beam written out as its balls BEAMID#k, in place. */
static CmScene *
expand_beams (const CmScene *scene)
{
  CmScene *out = cm_scene_new ();
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *o = g_ptr_array_index (scene->objects, i);
      if (o->kind != CM_OBJECT_BEAM)
        {
          g_ptr_array_add (out->objects, cm_object_copy (o));
          continue;
        }
      for (guint k = 0; k < o->count; k++)
        {
          CgVec2 start, dir;
          carom_beam_ray (o, k, &start, &dir);
          g_autofree char *id = g_strdup_printf ("%s#%u", o->id, k);
          cm_scene_add_ball (out, id, start, o->radius, dir, o->max_bounces);
        }
    }
  return out;
}

static void
assert_same_hit (const CgHit *x, const CgHit *y)
{
  g_assert_cmpuint (x->index, ==, y->index);
  g_assert_cmpuint (x->prim, ==, y->prim);
  g_assert_cmpint (x->kind, ==, y->kind);
  g_assert_cmpuint (x->object, ==, y->object);
  g_assert_cmpuint (x->element, ==, y->element);
  g_assert_cmpuint (x->reflected, ==, y->reflected);
  g_assert_cmpint (x->part, ==, y->part);
  SAME_BITS (x->from, y->from);
  SAME_BITS (x->point, y->point);
  SAME_BITS (x->normal, y->normal);
  SAME_BITS (x->in, y->in);
  SAME_BITS (x->out, y->out);
  SAME_BITS (x->distance, y->distance);
}

/* Two traces list the same balls (by id) with the same hits, bit for bit. */
static void
assert_same_traces (const CmSceneTrace *a, const CmSceneTrace *b)
{
  g_assert_cmpuint (a->balls->len, ==, b->balls->len);
  for (guint i = 0; i < a->balls->len; i++)
    {
      const CaromBallTrace *x = &g_array_index (a->balls, CaromBallTrace, i);
      const CaromBallTrace *y = &g_array_index (b->balls, CaromBallTrace, i);
      g_assert_cmpstr (x->ball->id, ==, y->ball->id);
      SAME_BITS (x->ball->center, y->ball->center);
      SAME_BITS (x->ball->direction, y->ball->direction);
      g_assert_cmpint (x->trace.status, ==, y->trace.status);
      g_assert_cmpuint (x->trace.n_hits, ==, y->trace.n_hits);
      SAME_BITS (x->trace.start, y->trace.start);
      SAME_BITS (x->trace.direction, y->trace.direction);
      SAME_BITS (x->trace.radius, y->trace.radius);
      SAME_BITS (x->trace.end_direction, y->trace.end_direction);
      for (size_t k = 0; k < x->trace.n_hits; k++)
        assert_same_hit (&x->trace.hits[k], &y->trace.hits[k]);
    }
}

/* Fans (odd, even, one) and parallel beams (several, one) equal their balls,
 * on 1 and on 2 threads, by the BVH and by brute force. */
static void
test_beam_equals_balls (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (15);
  double L;
  g_autoptr (CmScene) scene = room_scene (rand, 200, &L);
  add_beams (scene, L);
  cm_scene_assign_ids (scene);
  g_autoptr (CmScene) balls = expand_beams (scene);

  for (int brute = 0; brute < 2; brute++)
    for (guint threads = 1; threads <= 2; threads++)
      {
        g_autoptr (CmSceneTrace) a = cm_scene_trace_with_threads (scene, -1, brute, threads);
        g_autoptr (CmSceneTrace) b = cm_scene_trace_with_threads (balls, -1, brute, 3 - threads);
        g_assert_nonnull (a);
        g_assert_nonnull (b);
        g_assert_cmpuint (a->balls->len, ==, 7 + 1 + 4 + 1 + 5 + 1);
        assert_same_traces (a, b);
      }

  /* The rays in order, named BEAMID#k, each knowing its beam and k. */
  g_autoptr (CmSceneTrace) t = cm_scene_trace (scene, -1, FALSE);
  const char *expected[]
      = { "fan7#0", "fan7#6", "lone", "fan4#0", "fan4#3", "fan1#0", "par5#0", "par5#4", "par1#0" };
  guint at[] = { 0, 6, 7, 8, 11, 12, 13, 17, 18 };
  for (guint i = 0; i < G_N_ELEMENTS (at); i++)
    {
      const CaromBallTrace *bt = &g_array_index (t->balls, CaromBallTrace, at[i]);
      g_assert_cmpstr (bt->ball->id, ==, expected[i]);
      g_assert_cmpint (cm_scene_trace_find_ball (t, expected[i]), ==, (gint)at[i]);
      if (i == 2)
        g_assert_true (bt->source == bt->ball);
      else
        {
          g_assert_true (bt->source->kind == CM_OBJECT_BEAM);
          g_assert_cmpuint (bt->ray, ==, (guint)atoi (strchr (expected[i], '#') + 1));
        }
    }
  guint first, n;
  guint fan4 = 0;
  while (g_strcmp0 (((CmObject *)g_ptr_array_index (scene->objects, fan4))->id, "fan4") != 0)
    fan4++;
  g_assert_true (cm_scene_trace_object_balls (t, fan4, &first, &n));
  g_assert_cmpuint (first, ==, 8);
  g_assert_cmpuint (n, ==, 4);
  g_assert_false (cm_scene_trace_object_balls (t, 0, &first, &n)); /* the room */
  g_assert_cmpint (cm_scene_trace_find_ball (t, "fan4#4"), ==, -1);

  /* The fan's rays leave at the angles scene-format.md gives. */
  for (guint k = 0; k < 4; k++)
    {
      const CaromBallTrace *bt = &g_array_index (t->balls, CaromBallTrace, 8 + k);
      double want = atan2 (0.1, -1) + (-359.0 / 2 + k * 359.0 / 3) * G_PI / 180;
      g_assert_cmpfloat_with_epsilon (atan2 (sin (want), cos (want)),
                                      atan2 (bt->ball->direction.y, bt->ball->direction.x), 1e-12);
    }
}

/* A drag of a beam (and of an obstacle) updates the trace in place to what
 * a new trace gives; a change of count needs a new trace. */
static void
test_beam_drag (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (16);
  double L;
  g_autoptr (CmScene) scene = room_scene (rand, 100, &L);
  add_beams (scene, L);
  cm_scene_assign_ids (scene);
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);

  for (int step = 0; step < 5; step++)
    {
      guint index = 0;
      while (g_strcmp0 (((CmObject *)g_ptr_array_index (scene->objects, index))->id, "fan7") != 0)
        index++;
      CmObject *moved = cm_object_copy (g_ptr_array_index (scene->objects, index));
      moved->center.x += 0.5;
      moved->direction = cg_normalize (cg_v2 (1, 0.3 + 0.1 * step));
      cm_object_free (g_ptr_array_index (scene->objects, index));
      scene->objects->pdata[index] = moved;
      g_assert_true (cm_scene_trace_update (trace, scene, &index, 1, NULL));
      g_autoptr (CmSceneTrace) fresh = cm_scene_trace (scene, -1, FALSE);
      assert_same_traces (trace, fresh);
      for (guint b = 0; b < trace->balls->len; b++)
        {
          const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, b);
          g_assert_true (bt->source == g_ptr_array_index (scene->objects, bt->index));
        }
    }

  guint index = 0;
  while (g_strcmp0 (((CmObject *)g_ptr_array_index (scene->objects, index))->id, "fan4") != 0)
    index++;
  ((CmObject *)g_ptr_array_index (scene->objects, index))->count = 5;
  g_assert_false (cm_scene_trace_update (trace, scene, &index, 1, NULL));
}

/* A fan whose start lies in an obstacle: its rays share the start, checked
 * once, and all start overlapping, as its balls written out do; dragging
 * the obstacle off the start (in place) frees them all, as a new trace does,
 * and dragging it back overlaps them again. */
static void
test_shared_start (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (17);
  double L;
  g_autoptr (CmScene) scene = room_scene (rand, 100, &L);
  guint obstacle = 1;
  CmObject *o = g_ptr_array_index (scene->objects, obstacle);
  CgVec2 inside = { 0, 0 };
  for (size_t k = 0; k < o->n_points; k++)
    inside = cg_add (inside, cg_scale (o->points[k], 1.0 / (double)o->n_points));
  g_ptr_array_add (scene->objects,
                   cm_object_new_fan_beam ("held", inside, 0.5, cg_v2 (1, 0), 90.0, 9, 30));
  cm_scene_assign_ids (scene);
  g_autoptr (CmScene) balls = expand_beams (scene);
  for (int brute = 0; brute < 2; brute++)
    {
      g_autoptr (CmSceneTrace) a = cm_scene_trace_with_threads (scene, -1, brute, 2);
      g_autoptr (CmSceneTrace) b = cm_scene_trace_with_threads (balls, -1, brute, 1);
      assert_same_traces (a, b);
      for (guint k = 0; k < 9; k++)
        g_assert_cmpint (g_array_index (a->balls, CaromBallTrace, k).trace.status, ==,
                         CG_TRACE_START_OVERLAP);
    }

  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  for (int step = 0; step < 2; step++)
    {
      CmObject *moved = cm_object_copy (g_ptr_array_index (scene->objects, obstacle));
      double dx = step == 0 ? 40.0 : -40.0;
      for (size_t k = 0; k < moved->n_points; k++)
        moved->points[k].x += dx;
      cm_object_free (g_ptr_array_index (scene->objects, obstacle));
      scene->objects->pdata[obstacle] = moved;
      g_assert_true (cm_scene_trace_update (trace, scene, &obstacle, 1, NULL));
      g_autoptr (CmSceneTrace) fresh = cm_scene_trace (scene, -1, FALSE);
      assert_same_traces (trace, fresh);
      CgTraceStatus s = g_array_index (trace->balls, CaromBallTrace, 0).trace.status;
      g_assert_true (step == 0 ? s != CG_TRACE_START_OVERLAP : s == CG_TRACE_START_OVERLAP);
    }
}

/* A ball between two obstacles: one that reflects, one that stops. It
 * reflects off the first (action reflect, counted as a bounce), then stops
 * at the second. With max-bounces 1 it ends at the reflection. */
static void
test_reflecting_obstacle (void)
{
  g_autoptr (CmScene) scene = cm_scene_new ();
  CgVec2 room[4] = { { 0, 0 }, { 0, 100 }, { 100, 100 }, { 100, 0 } }; /* wall: A < 0 */
  CgVec2 left[4] = { { 10, 40 }, { 20, 40 }, { 20, 60 }, { 10, 60 } };
  CgVec2 right[4] = { { 80, 40 }, { 90, 40 }, { 90, 60 }, { 80, 60 } };
  cm_scene_add_polygon (scene, "room", CG_ROLE_WALL, room, 4);
  CmObject *bumper = cm_scene_add_polygon (scene, "bumper", CG_ROLE_OBSTACLE, right, 4);
  bumper->on_hit = CG_ON_HIT_REFLECT;
  cm_scene_add_polygon (scene, "stop", CG_ROLE_OBSTACLE, left, 4);
  cm_scene_add_ball (scene, "b", cg_v2 (50, 50), 1.0, cg_v2 (1, 0), 29);
  g_autoptr (CmSceneTrace) t = cm_scene_trace (scene, -1, FALSE);
  const CgTrace *tr = &g_array_index (t->balls, CaromBallTrace, 0).trace;
  /* Right: the centre touches x = 80 − 1 = 79 after 29; back to x = 21
   * after 58 more, and stops there. */
  g_assert_cmpint (tr->status, ==, CG_TRACE_STOPPED);
  g_assert_cmpuint (tr->n_hits, ==, 2);
  g_assert_true (tr->hits[0].reflected);
  g_assert_cmpfloat_with_epsilon (tr->hits[0].point.x, 79.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (tr->hits[0].out.x, -1.0, 1e-12);
  g_assert_false (tr->hits[1].reflected);
  g_assert_cmpfloat_with_epsilon (tr->hits[1].point.x, 21.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (tr->hits[1].distance, 58.0, 1e-9);

  g_autoptr (CmSceneTrace) one = cm_scene_trace (scene, 1, FALSE);
  tr = &g_array_index (one->balls, CaromBallTrace, 0).trace;
  g_assert_cmpint (tr->status, ==, CG_TRACE_MAX_BOUNCES);
  g_assert_cmpuint (tr->n_hits, ==, 1);

  /* Brute force agrees, and switching on-hit needs a new trace. */
  g_autoptr (CmSceneTrace) brute = cm_scene_trace (scene, -1, TRUE);
  assert_same_traces (t, brute);
  bumper->on_hit = CG_ON_HIT_STOP;
  guint index = 1;
  g_assert_false (cm_scene_trace_update (t, scene, &index, 1, NULL));
}

/* Each ball's trace equals its own cg_trace_run() in the scene's one world
 * (reflecting obstacles say so in the world itself), for its radius and
 * with its start overlap found anew, which keeps the hits in memory of
 * their own. */
static void
assert_traces_as_alone (const CmSceneTrace *t)
{
  for (guint b = 0; b < t->balls->len; b++)
    {
      const CaromBallTrace *bt = &g_array_index (t->balls, CaromBallTrace, b);
      guint max_bounces
          = t->max_bounces_override >= 0 ? (guint)t->max_bounces_override : bt->ball->max_bounces;
      g_assert_true (bt->world == t->world);
      SAME_BITS (bt->radius, bt->ball->radius);
      CgTrace alone;
      g_assert_true (cg_trace_run (bt->world, bt->radius, bt->ball->center, bt->ball->direction,
                                   max_bounces, t->brute_force, -1, &alone));
      g_assert_false (alone.hits_borrowed);
      g_assert_cmpint (bt->trace.status, ==, alone.status);
      g_assert_cmpuint (bt->trace.n_hits, ==, alone.n_hits);
      SAME_BITS (bt->trace.end_direction, alone.end_direction);
      for (size_t k = 0; k < alone.n_hits; k++)
        assert_same_hit (&bt->trace.hits[k], &alone.hits[k]);
      /* More bounces than a block holds: memory of the ball's own. */
      g_assert_true (bt->trace.hits_borrowed == (max_bounces < CAROM_HIT_BLOCK_HITS));
      cg_trace_clear (&alone);
    }
}

/* The blocks a trace on one thread fills: each ball asks for room for
 * max_bounces + 1 hits after the last ball's, in a new block when they do not
 * fit. */
static guint
blocks_filled (const CmSceneTrace *t)
{
  guint blocks = 0;
  gsize used = 0;
  for (guint b = 0; b < t->balls->len; b++)
    {
      const CaromBallTrace *bt = &g_array_index (t->balls, CaromBallTrace, b);
      gsize room = (gsize)bt->ball->max_bounces + 1;
      if (room > CAROM_HIT_BLOCK_HITS)
        continue;
      if (blocks == 0 || used + room > CAROM_HIT_BLOCK_HITS)
        blocks++, used = 0;
      used += bt->trace.n_hits;
    }
  return blocks;
}

/* Where a scene trace keeps its hits (carom-hit-blocks.c): a fan of 3,000
 * rays × 40 bounces fills several blocks, on one thread and on two, and
 * every ray's hits are those of its trace alone; a ball of more bounces than
 * a block holds has memory of its own. A drag (an update in place) fills the
 * same blocks again, and a freed trace leaves its blocks to the next one.
 * The same in a curved scene, whose disk is in the same one world and is
 * dragged in place too. */
static void
test_hit_blocks (void)
{
  carom_hit_blocks_release_kept ();
  for (int curved = 0; curved < 2; curved++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (17);
      double L;
      g_autoptr (CmScene) scene = room_scene (rand, 60, &L);
      for (guint i = 0; i < scene->objects->len; i++)
        ((CmObject *)g_ptr_array_index (scene->objects, i))->on_hit = CG_ON_HIT_REFLECT;
      guint disk = 0; /* the disk's index in the curved scene */
      if (curved)
        {
          CgVec2 v0;
          CgCurveEdge e;
          cg_curve_circle (cg_v2 (L / 4, L / 2), 1.5, CG_ROLE_OBSTACLE, &v0, &e);
          CmObject *object = cm_scene_add_polygon (scene, "disk", CG_ROLE_OBSTACLE, &v0, 1);
          cm_object_set_edges (object, &e);
          disk = scene->objects->len - 1;
        }
      CgVec2 c = { L / 2 + 0.37, L / 2 - 0.21 };
      g_ptr_array_add (scene->objects,
                       cm_object_new_fan_beam ("fan", c, 0.25, cg_v2 (1, 0.3), 360.0, 3000, 40));
      cm_scene_add_ball (scene, "long", c, 0.25, cg_v2 (0.3, 1), (guint)CAROM_HIT_BLOCK_HITS + 5);
      cm_scene_assign_ids (scene);

      g_autoptr (CmSceneTrace) two = cm_scene_trace_with_threads (scene, -1, FALSE, 2);
      /* One world holds the straight polygons and the disk alike. */
      gboolean has_arc = FALSE;
      for (size_t i = 0; i < cg_world_count (two->world); i++)
        has_arc |= cg_world_boundary (two->world, i).e != NULL;
      g_assert_true (has_arc == (curved != 0));
      assert_traces_as_alone (two);
      CmSceneTrace *one = cm_scene_trace_with_threads (scene, -1, FALSE, 1);
      assert_same_traces (one, two);
      guint filled = blocks_filled (one);
      g_assert_cmpuint (filled, >=, 10);
      g_assert_cmpuint (filled, <=, CAROM_HIT_BLOCKS_KEPT);

      /* Dragged three times (an obstacle, and the disk in the curved
       * scene): the same blocks, filled again, and what a new trace gives. */
      guint indices[2] = { 1, disk };
      guint n_moved = curved ? 2 : 1;
      for (int step = 0; step < 3; step++)
        {
          for (guint i = 0; i < n_moved; i++)
            {
              CmObject *moved = cm_object_copy (g_ptr_array_index (scene->objects, indices[i]));
              for (guint k = 0; k < moved->n_points; k++)
                moved->points[k].x += 0.25;
              if (moved->edges != NULL)
                for (guint k = 0; k < moved->n_points; k++)
                  moved->edges[k].q.x += 0.25;
              cm_object_free (g_ptr_array_index (scene->objects, indices[i]));
              scene->objects->pdata[indices[i]] = moved;
            }
          g_assert_true (cm_scene_trace_update (one, scene, indices, n_moved, NULL));
          assert_traces_as_alone (one);
          g_autoptr (CmSceneTrace) fresh = cm_scene_trace_with_threads (scene, -1, FALSE, 2);
          assert_same_traces (one, fresh);
        }
      /* Freed, it leaves its blocks (and no more) to the next trace, which
       * takes them. */
      carom_hit_blocks_release_kept ();
      guint again = blocks_filled (one);
      cm_scene_trace_free (one);
      g_assert_cmpuint (carom_hit_blocks_kept (), ==, again);
      g_autoptr (CmSceneTrace) next = cm_scene_trace_with_threads (scene, -1, FALSE, 1);
      g_assert_cmpuint (carom_hit_blocks_kept (), ==, 0);
      assert_traces_as_alone (next);
      g_clear_pointer (&next, cm_scene_trace_free);
      carom_hit_blocks_release_kept ();
      g_assert_cmpuint (carom_hit_blocks_kept (), ==, 0);
    }
}

/* Appends a number as the scene files want it: every digit. */
static void
append_number (GString *out, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.17g", v));
}

/* Runs `carom trace --json` (with extra arguments) on an SVG text and
 * returns its output. */
static char *
trace_json (const char *svg, const char *extra)
{
  g_autofree char *dir = g_dir_make_tmp ("carom-beam-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "scene.svg", NULL);
  g_assert_true (g_file_set_contents (path, svg, -1, NULL));
  g_autofree char *cmd
      = g_strdup_printf ("'%s' trace --json %s '%s'", g_getenv ("CAROM_EXE"), extra, path);
  char *out = NULL;
  gint status;
  g_assert_true (g_spawn_command_line_sync (cmd, &out, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_unlink (path);
  g_rmdir (dir);
  return out;
}

/* `carom trace --json` of a file with a fan (4 rays) and a parallel beam
 * (3 rays) prints exactly what it prints for the file with the rays written
 * out as balls BEAMID#k (every digit), on 1 and 2 threads; hits of a
 * reflecting obstacle say "action": "reflect". */
static void
test_cli_json (void)
{
  if (g_getenv ("CAROM_EXE") == NULL)
    {
      g_test_skip ("CAROM_EXE is not set");
      return;
    }
  const char *head
      = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:carom=\"urn:carom:scene:1\">\n"
        "<polygon carom:role=\"wall\" id=\"room\" points=\"-300,-300 -300,300 300,300 "
        "300,-300\"/>\n"
        "<polygon carom:role=\"obstacle\" id=\"post\" carom:on-hit=\"reflect\" "
        "points=\"20,-100 20,50 -20,50 -20,-100\"/>\n"
        "<polygon carom:role=\"obstacle\" id=\"stop\" points=\"120,100 160,100 160,140\"/>\n";
  g_autoptr (GString) beams = g_string_new (head);
  g_string_append (beams, "<circle carom:role=\"beam\" id=\"fan\" cx=\"-200\" cy=\"0\" r=\"5\" "
                          "carom:direction=\"1 0.5\" carom:spread=\"40\" carom:count=\"4\" "
                          "carom:max-bounces=\"6\"/>\n"
                          "<line carom:role=\"beam\" id=\"par\" x1=\"100\" y1=\"-200\" "
                          "x2=\"150\" y2=\"-150\" carom:radius=\"3\" carom:direction=\"-1 0.2\" "
                          "carom:count=\"3\" carom:max-bounces=\"5\"/>\n</svg>\n");
  g_autoptr (CmObject) fan
      = cm_object_new_fan_beam ("fan", cg_v2 (-200, 0), 5, cg_v2 (1, 0.5), 40, 4, 6);
  g_autoptr (CmObject) par = cm_object_new_parallel_beam (
      "par", cg_v2 (100, -200), cg_v2 (150, -150), 3, cg_v2 (-1, 0.2), 3, 5);
  g_autoptr (GString) balls = g_string_new (head);
  const CmObject *list[] = { fan, par };
  for (guint i = 0; i < 2; i++)
    for (guint k = 0; k < list[i]->count; k++)
      {
        CgVec2 c, d;
        carom_beam_ray (list[i], k, &c, &d);
        g_string_append_printf (balls, "<circle carom:role=\"ball\" id=\"%s#%u\" cx=\"",
                                list[i]->id, k);
        append_number (balls, c.x);
        g_string_append (balls, "\" cy=\"");
        append_number (balls, c.y);
        g_string_append_printf (balls, "\" r=\"%g\" carom:direction=\"", list[i]->radius);
        append_number (balls, d.x);
        g_string_append_c (balls, ' ');
        append_number (balls, d.y);
        g_string_append_printf (balls, "\" carom:max-bounces=\"%u\"/>\n", list[i]->max_bounces);
      }
  g_string_append (balls, "</svg>\n");

  g_autofree char *a1 = trace_json (beams->str, "--threads 1");
  g_autofree char *a2 = trace_json (beams->str, "--threads 2");
  g_autofree char *b1 = trace_json (balls->str, "--threads 1");
  g_assert_cmpstr (a1, ==, b1);
  g_assert_cmpstr (a2, ==, b1);
  g_assert_nonnull (strstr (a1, "\"id\": \"fan#3\""));
  g_assert_nonnull (strstr (a1, "\"id\": \"par#2\""));
  g_assert_null (strstr (a1, "\"id\": \"fan#4\""));
  g_assert_nonnull (strstr (a1, "\"object\": \"post\", \"role\": \"obstacle\", "
                                "\"primitive\": \"segment\", \"edge\": 2,\n"
                                "         \"action\": \"reflect\""));
  g_assert_nonnull (strstr (a1, "\"action\": \"reflect\""));
}

/* `carom map --ball BEAMID` maps every ray of the beam, `--ball BEAMID#k`
 * that ray alone. */
static void
test_cli_map (void)
{
  if (g_getenv ("CAROM_EXE") == NULL)
    {
      g_test_skip ("CAROM_EXE is not set");
      return;
    }
  const char *svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:carom=\"urn:carom:scene:1\">\n"
                    "<polygon carom:role=\"wall\" id=\"room\" points=\"-300,-300 -300,300 300,300 "
                    "300,-300\"/>\n"
                    "<circle carom:role=\"ball\" id=\"b\" cx=\"0\" cy=\"0\" r=\"5\" "
                    "carom:direction=\"1 0.3\" carom:max-bounces=\"3\"/>\n"
                    "<circle carom:role=\"beam\" id=\"fan\" cx=\"-200\" cy=\"0\" r=\"5\" "
                    "carom:direction=\"1 0.5\" carom:spread=\"40\" carom:count=\"4\" "
                    "carom:max-bounces=\"6\"/>\n</svg>\n";
  g_autofree char *dir = g_dir_make_tmp ("carom-beam-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "scene.svg", NULL);
  g_autofree char *csv = g_build_filename (dir, "map.csv", NULL);
  g_assert_true (g_file_set_contents (path, svg, -1, NULL));
  const char *which[] = { "fan", "fan#2" };
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *cmd = g_strdup_printf ("'%s' map '%s' --ball '%s' -o '%s'",
                                              g_getenv ("CAROM_EXE"), path, which[i], csv);
      gint status;
      g_assert_true (g_spawn_command_line_sync (cmd, NULL, NULL, &status, NULL));
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      g_autofree char *text = NULL;
      g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
      g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
      guint per_ray[4] = { 0 }, others = 0;
      for (guint k = 1; lines[k] != NULL && lines[k][0] != '\0'; k++)
        {
          if (g_str_has_prefix (lines[k], "fan#"))
            per_ray[lines[k][4] - '0']++;
          else
            others++;
        }
      g_assert_cmpuint (others, ==, 0);
      for (guint k = 0; k < 4; k++)
        g_assert_cmpuint (per_ray[k], ==, i == 0 || k == 2 ? 6 : 0);
    }
  g_unlink (csv);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/beam-trace/equals-balls", test_beam_equals_balls);
  g_test_add_func ("/beam-trace/drag", test_beam_drag);
  g_test_add_func ("/beam-trace/shared-start", test_shared_start);
  g_test_add_func ("/beam-trace/reflecting-obstacle", test_reflecting_obstacle);
  g_test_add_func ("/beam-trace/hit-blocks", test_hit_blocks);
  g_test_add_func ("/beam-trace/cli-json", test_cli_json);
  g_test_add_func ("/beam-trace/cli-map", test_cli_map);
  return g_test_run ();
}
