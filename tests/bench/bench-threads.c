/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-threads.c: what tracing balls on every core gains.
 *
 * usage: bench-threads SCENE.txt [--balls N] [--bounces K] [--threads T] [--repeat R]
 *
 * SCENE.txt comes from tests/bench/gen_scene.py (scripts/bench makes
 * them). Two workloads, each on 1 thread and on T threads (default: one per
 * processor), through carom_parallel_for(), the loop cm_scene_trace()
 * shares its balls with; the results must be equal bit for bit:
 *  - W2 over many balls: N balls (the file's first N casts, default 200),
 *    each making K bounces (default 2,000) where obstacles reflect too, as
 *    W2 does for one ball;
 *  - the scene traced by cm_scene_trace_with_threads(): the room, the
 *    obstacles and N balls of the casts with 29 bounces (obstacles stop them).
 * Prints the wall-clock time of each (best of R runs, default 3) and the
 * speed-up. */
#include <glib.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "bench-scene.h"
#include "model/carom-tracing.h"

static double
now (void)
{
  return g_get_monotonic_time () / 1e6;
}

/* CPU time of the whole process, all threads (user + system). */
static double
cpu_now (void)
{
  struct rusage ru;
  getrusage (RUSAGE_SELF, &ru);
  return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec
         + ru.ru_stime.tv_usec / 1e6;
}

typedef struct
{
  const CgWorld *world;
  const BenchScene *scene;
  double r;
  guint bounces;
  CgVec2 *final;  /* per ball: where it is after its bounces */
  double *length; /* per ball: the path length */
} W2Many;

/* One ball of W2: cast, move to the contact, reflect (obstacles too); the
 * primitive just reflected off counts only at t > 0. */
static void
w2_ball (guint i, gpointer data)
{
  W2Many *w = data;
  const double *c = &g_array_index (w->scene->casts, double, 5 * i);
  CgVec2 pos = { c[0], c[1] }, dir = { c[2], c[3] };
  int64_t after = -1;
  double length = 0.0;
  for (guint k = 0; k < w->bounces; k++)
    {
      CgWorldHit h = cg_world_cast (w->world, pos, dir, w->r, after, FALSE);
      if (!h.hit)
        break;
      length += h.rec.t;
      pos = h.rec.point;
      dir = cg_normalize (cg_reflect (dir, h.rec.normal));
      after = h.prim;
    }
  w->final[i] = pos;
  w->length[i] = length;
}

/* The scene's one world, prepared for balls of radius r (as
 * carom-tracing.c builds it). */
static CgWorld *
bench_world (const BenchScene *s, double r)
{
  CgVec2 room[4] = { { 0, 0 }, { s->room, 0 }, { s->room, s->room }, { 0, s->room } };
  cg_polygon_orient (room, 4, CG_ROLE_WALL);
  g_autoptr (GArray) refs = g_array_new (FALSE, FALSE, sizeof (CgBoundaryRef));
  CgBoundaryRef wall = { room, NULL, 4, CG_ROLE_WALL, CG_ON_HIT_REFLECT };
  g_array_append_val (refs, wall);
  CgVec2 *v = (CgVec2 *)s->verts->data;
  for (guint i = 0; i < s->counts->len; i++)
    {
      size_t n = g_array_index (s->counts, size_t, i);
      cg_polygon_orient (v, n, CG_ROLE_OBSTACLE);
      CgBoundaryRef ref = { v, NULL, n, CG_ROLE_OBSTACLE, CG_ON_HIT_STOP };
      g_array_append_val (refs, ref);
      v += n;
    }
  CgWorld *w = cg_world_new ((CgBoundaryRef *)refs->data, refs->len);
  if (w != NULL)
    cg_world_prepare (w, r);
  return w;
}

static CmScene *
bench_carom_scene (const BenchScene *s, guint balls)
{
  CmScene *scene = cm_scene_new ();
  CgVec2 room[4] = { { 0, 0 }, { s->room, 0 }, { s->room, s->room }, { 0, s->room } };
  cg_polygon_orient (room, 4, CG_ROLE_WALL);
  cm_scene_add_polygon (scene, "room", CG_ROLE_WALL, room, 4);
  CgVec2 *v = (CgVec2 *)s->verts->data;
  for (guint i = 0; i < s->counts->len; i++)
    {
      size_t n = g_array_index (s->counts, size_t, i);
      cg_polygon_orient (v, n, CG_ROLE_OBSTACLE);
      cm_scene_add_polygon (scene, NULL, CG_ROLE_OBSTACLE, v, n);
      v += n;
    }
  for (guint i = 0; i < balls; i++)
    {
      const double *c = &g_array_index (s->casts, double, 5 * i);
      cm_scene_add_ball (scene, NULL, cg_v2 (c[0], c[1]), c[4], cg_v2 (c[2], c[3]), 29);
    }
  cm_scene_assign_ids (scene);
  return scene;
}

static gboolean
same_traces (const CmSceneTrace *a, const CmSceneTrace *b)
{
  if (a->balls->len != b->balls->len)
    return FALSE;
  for (guint i = 0; i < a->balls->len; i++)
    {
      const CgTrace *x = &g_array_index (a->balls, CaromBallTrace, i).trace;
      const CgTrace *y = &g_array_index (b->balls, CaromBallTrace, i).trace;
      if (x->status != y->status || x->n_hits != y->n_hits
          || memcmp (&x->end_direction, &y->end_direction, sizeof x->end_direction) != 0
          || (x->n_hits > 0 && memcmp (x->hits, y->hits, x->n_hits * sizeof *x->hits) != 0))
        return FALSE;
    }
  return TRUE;
}

int
main (int argc, char **argv)
{
  gint balls = 200, bounces = 2000, threads = 0, repeat = 3;
  GOptionEntry entries[] = {
    { "balls", 0, 0, G_OPTION_ARG_INT, &balls, "Balls (the file's first casts)", "N" },
    { "bounces", 0, 0, G_OPTION_ARG_INT, &bounces, "Bounces of each ball in W2", "K" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, "Threads (default: one per processor)", "T" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat, "Runs of each timing (the best is kept)", "R" },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("SCENE.txt");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error) || argc != 2 || balls < 1 || bounces < 1
      || threads < 0 || repeat < 1)
    {
      g_printerr ("%s\n", error ? error->message
                                : "usage: bench-threads SCENE.txt [--balls N] [--bounces K] "
                                  "[--threads T] [--repeat R]");
      return 2;
    }
  BenchScene scene = { 0 };
  if (!bench_scene_read (argv[1], &scene, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  balls = MIN ((guint)balls, scene.casts->len);
  guint t = threads > 0 ? (guint)threads : g_get_num_processors ();
  printf ("scene %s: %u obstacles; %d balls; %u processors, %u threads\n", argv[1],
          scene.counts->len, balls, g_get_num_processors (), t);

  /* W2 over many balls. */
  double radius = g_array_index (scene.casts, double, 4);
  CgWorld *world = bench_world (&scene, radius);
  if (world == NULL)
    {
      g_printerr ("bench-threads: out of memory building the world\n");
      return 1;
    }
  double best[2] = { INFINITY, INFINITY }, cpu[2] = { 0, 0 };
  CgVec2 *final[2];
  double *length[2];
  for (int pass = 0; pass < 2; pass++)
    {
      final[pass] = g_new0 (CgVec2, balls);
      length[pass] = g_new0 (double, balls);
      W2Many w = { world, &scene, radius, (guint)bounces, final[pass], length[pass] };
      for (int r = 0; r < repeat; r++)
        {
          double start = now (), cpu_start = cpu_now ();
          carom_parallel_for ((guint)balls, pass == 0 ? 1 : t, w2_ball, &w);
          double wall = now () - start;
          if (wall < best[pass])
            {
              best[pass] = wall;
              cpu[pass] = cpu_now () - cpu_start;
            }
        }
    }
  gboolean same = memcmp (final[0], final[1], balls * sizeof (CgVec2)) == 0
                  && memcmp (length[0], length[1], balls * sizeof (double)) == 0;
  double total = (double)balls * bounces;
  printf ("W2 x %d balls x %d bounces: 1 thread %.1f ms (%.0f bounces/s), %u threads %.1f ms "
          "(%.0f bounces/s): speed-up %.2fx; results %s\n",
          balls, bounces, best[0] * 1e3, total / best[0], t, best[1] * 1e3, total / best[1],
          best[0] / best[1], same ? "identical" : "DIFFERENT");
  /* On a machine others share, the cores this process got: CPU time over
   * wall-clock time (2.0 would be both cores of a 2-core machine). */
  printf ("  CPU time over wall-clock time: %.2f on 1 thread, %.2f on %u threads (the cores "
          "this process actually got)\n",
          cpu[0] / best[0], cpu[1] / best[1], t);
  for (int pass = 0; pass < 2; pass++)
    {
      g_free (final[pass]);
      g_free (length[pass]);
    }
  cg_world_free (world);

  /* The scene traced as carom trace does (world built once a run). */
  g_autoptr (CmScene) cs = bench_carom_scene (&scene, (guint)balls);
  CmSceneTrace *traces[2] = { NULL, NULL };
  double scene_best[2] = { INFINITY, INFINITY };
  for (int pass = 0; pass < 2; pass++)
    for (int r = 0; r < repeat; r++)
      {
        double start = now ();
        CmSceneTrace *tr = cm_scene_trace_with_threads (cs, -1, FALSE, pass == 0 ? 1 : t);
        scene_best[pass] = fmin (scene_best[pass], now () - start);
        cm_scene_trace_free (traces[pass]);
        traces[pass] = tr;
      }
  gboolean same_scene = same_traces (traces[0], traces[1]);
  printf ("cm_scene_trace, %d balls (world build included): 1 thread %.1f ms, %u threads "
          "%.1f ms: speed-up %.2fx; traces %s\n",
          balls, scene_best[0] * 1e3, t, scene_best[1] * 1e3, scene_best[0] / scene_best[1],
          same_scene ? "identical" : "DIFFERENT");
  cm_scene_trace_free (traces[0]);
  cm_scene_trace_free (traces[1]);
  bench_scene_clear (&scene);
  return same && same_scene ? 0 : 1;
}
