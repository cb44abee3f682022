/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-beam.c: what tracing a beam costs (issue 15: a fan of 10^4 rays ×
 * 29 bounces in the 10^4-obstacle scene in < 150 ms on 2 cores).
 *
 * usage: bench-beam SCENE.txt [--rays N] [--bounces K] [--threads T] [--repeat R] [--disks]
 *
 * SCENE.txt comes from tests/bench/gen_scene.py (scripts/bench makes
 * them): the room as a wall and the obstacles. A fan beam of N rays (default
 * 10,000) of radius 1.5 spreads 360° around the file's first cast, each ray
 * making up to K bounces (default 29). Two cases, each through
 * cm_scene_trace_with_threads() on T threads (default: one per
 * processor) and on one:
 *   reflect  every obstacle reflects (carom:on-hit="reflect"): every ray
 *            makes its K bounces, the worst case;
 *   stop     obstacles stop the ball (the default): most rays end at their
 *            first obstacle.
 * With --disks every obstacle is its circumscribed disk, an exact circle
 * (bench-curve's scene), cast exactly by the same one world as straight
 * edges: what tracing a curved scene costs.
 * Prints the wall-clock time of the whole trace (the world built, the rays
 * made and traced; best of R runs, default 3), the hits made and the rays
 * per second. */
#include <glib.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "bench-scene.h"
#include "model/carom-tracing.h"

static double
now (void)
{
  return g_get_monotonic_time () / 1e3; /* ms */
}

/* The centre of the circle through a, b and c. */
static CgVec2
circumcentre (CgVec2 a, CgVec2 b, CgVec2 c)
{
  CgVec2 ab = cg_sub (b, a), ac = cg_sub (c, a);
  double d = 2.0 * cg_cross (ab, ac);
  double l1 = cg_length_sq (ab), l2 = cg_length_sq (ac);
  return cg_v2 (a.x + (ac.y * l1 - ab.y * l2) / d, a.y + (ab.x * l2 - ac.x * l1) / d);
}

static CmScene *
beam_scene (const BenchScene *s, guint rays, guint bounces, gboolean reflect, gboolean disks)
{
  CmScene *scene = cm_scene_new ();
  CgVec2 room[4] = { { 0, 0 }, { s->room, 0 }, { s->room, s->room }, { 0, s->room } };
  CmObject *wall = cm_scene_add_polygon (scene, "room", CG_ROLE_WALL, room, 4);
  cg_polygon_orient (wall->points, wall->n_points, CG_ROLE_WALL);
  const CgVec2 *v = (const CgVec2 *)s->verts->data;
  for (guint i = 0; i < s->counts->len; i++)
    {
      size_t n = g_array_index (s->counts, size_t, i);
      CmObject *o;
      if (disks)
        {
          /* gen_scene.py puts every obstacle's vertices on a circle. */
          CgVec2 q = circumcentre (v[0], v[1], v[2]), v0;
          double R = 0.0;
          for (size_t k = 0; k < n; k++)
            R = cg_max (R, cg_distance (q, v[k]));
          CgCurveEdge e;
          cg_curve_circle (q, R, CG_ROLE_OBSTACLE, &v0, &e);
          o = cm_scene_add_polygon (scene, NULL, CG_ROLE_OBSTACLE, &v0, 1);
          cm_object_set_edges (o, &e);
        }
      else
        {
          o = cm_scene_add_polygon (scene, NULL, CG_ROLE_OBSTACLE, v, n);
          cg_polygon_orient (o->points, o->n_points, CG_ROLE_OBSTACLE);
        }
      o->on_hit = reflect ? CG_ON_HIT_REFLECT : CG_ON_HIT_STOP;
      v += n;
    }
  const double *c = &g_array_index (s->casts, double, 0);
  g_ptr_array_add (scene->objects,
                   cm_object_new_fan_beam ("fan", cg_v2 (c[0], c[1]), c[4], cg_v2 (c[2], c[3]),
                                           360.0, rays, bounces));
  cm_scene_assign_ids (scene);
  return scene;
}

/* CPU time of the whole process, all threads (user + system), in ms. */
static double
cpu_now (void)
{
  struct rusage ru;
  getrusage (RUSAGE_SELF, &ru);
  return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3
         + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
}

/* The best wall-clock time of `repeat` traces, the CPU time of that run
 * (what the trace costs on a machine busy with other work), and the hits. */
static double
time_trace (const CmScene *scene, guint threads, int repeat, guint64 *hits, double *cpu)
{
  double best = G_MAXDOUBLE;
  for (int r = 0; r < repeat; r++)
    {
      double c0 = cpu_now (), t0 = now ();
      CmSceneTrace *trace = cm_scene_trace_with_threads (scene, -1, FALSE, threads);
      double t1 = now (), c1 = cpu_now ();
      if (t1 - t0 < best)
        *cpu = c1 - c0;
      best = MIN (best, t1 - t0);
      *hits = 0;
      for (guint b = 0; b < trace->balls->len; b++)
        *hits += g_array_index (trace->balls, CaromBallTrace, b).trace.n_hits;
      cm_scene_trace_free (trace);
    }
  return best;
}

int
main (int argc, char **argv)
{
  gint rays = 10000, bounces = 29, threads = 0, repeat = 3;
  gboolean disks = FALSE;
  GOptionEntry entries[] = {
    { "rays", 0, 0, G_OPTION_ARG_INT, &rays, "Rays of the fan (default 10000)", "N" },
    { "bounces", 0, 0, G_OPTION_ARG_INT, &bounces, "Max bounces of each ray (default 29)", "K" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, "Threads (default: one per processor)", "T" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat, "Runs, the best counts (default 3)", "R" },
    { "disks", 0, 0, G_OPTION_ARG_NONE, &disks, "Every obstacle its circumscribed disk", NULL },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("SCENE.txt");
  g_option_context_add_main_entries (context, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2 || rays < 1
      || bounces < 0 || threads < 0 || repeat < 1)
    {
      fprintf (stderr, "usage: bench-beam SCENE.txt [--rays N] [--bounces K] [--threads T] "
                       "[--repeat R] [--disks]\n");
      return 2;
    }
  BenchScene s = { 0 };
  if (!bench_scene_read (argv[1], &s, &error))
    {
      fprintf (stderr, "bench-beam: %s\n", error->message);
      return 2;
    }
  guint all = threads > 0 ? (guint)threads : g_get_num_processors ();
  printf ("%s: %u obstacles%s, a fan of %d rays × up to %d bounces\n", argv[1], s.counts->len,
          disks ? " (as disks: exact circles)" : "", rays, bounces);
  for (int reflect = 1; reflect >= 0; reflect--)
    {
      g_autoptr (CmScene) scene = beam_scene (&s, (guint)rays, (guint)bounces, reflect, disks);
      guint64 hits_all, hits_one;
      double cpu_all, cpu_one;
      double t_all = time_trace (scene, all, repeat, &hits_all, &cpu_all);
      double t_one = time_trace (scene, 1, repeat, &hits_one, &cpu_one);
      printf ("  %-8s %u threads %8.1f ms   1 thread %8.1f ms (CPU %.1f ms)   speed-up %.2fx   "
              "%" G_GUINT64_FORMAT " hits, %.3g rays/s%s\n",
              reflect ? "reflect" : "stop", all, t_all, t_one, cpu_one, t_one / t_all, hits_all,
              rays / (t_all / 1e3), hits_all == hits_one ? "" : "   HITS DIFFER");
    }
  bench_scene_clear (&s);
  return 0;
}
