/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-trace.c: the cast and bounce workloads of ../shared/bench/ (W1, W2).
 *
 * usage: bench-trace SCENE.txt [--brute-casts N] [--leaves primitives|objects|both]
 *                              [--w2-steps N] [--repeat N] [--summary]
 *
 * SCENE.txt comes from ../shared/bench/gen_scene.py (scripts/bench makes them).
 * Prints world build time, BVH build time, memory, W1 casts/s with its
 * distance checksum, and W2 bounces/s with the final position, with the BVH
 * and by brute force (brute force on the first N casts only, default 2000,
 * since at 10^5 obstacles it tests a million primitives per cast). With
 * --repeat N, the world build and the BVH workloads run N times and the best
 * time is kept (the figures are less disturbed by other programs); the first
 * build's time is printed too (a fresh process's pages, as the app's first
 * trace meets them).
 *
 * --leaves objects is the app's configuration (CG_BVH_LEAF_OBJECTS, as
 * carom-tracing.c builds its worlds) and builds nothing else: no
 * primitive-leaf world, no BVH built alone, no brute force. The process's
 * peak resident memory is then that of the scene read and the one world
 * (built, and W1 and W2 run on it), what scripts/bench --box2d sets beside
 * Box2D's. With the primitive leaves (the default, and both), the peak also
 * holds the benchmark's own structures: the primitive-leaf world, the BVHs
 * built alone and their boxes.
 *
 * --summary adds, after each leaf kind, one line of key=value figures for
 * scripts (scripts/bench --box2d reads it). */
#include <glib.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "bench-scene.h"
#include "geom/cg-world.h"

static double
now (void)
{
  return g_get_monotonic_time () / 1e6;
}

static long
peak_rss_kib (void)
{
  struct rusage ru;
  getrusage (RUSAGE_SELF, &ru);
  return ru.ru_maxrss;
}

/* The process's resident memory now in KiB (VmRSS), or -1 where /proc has
 * no such line. */
static long
rss_kib (void)
{
  long kib = -1;
  FILE *f = fopen ("/proc/self/status", "r");
  if (f == NULL)
    return -1;
  char line[256];
  while (fgets (line, sizeof line, f) != NULL)
    if (sscanf (line, "VmRSS: %ld", &kib) == 1)
      break;
  fclose (f);
  return kib;
}

typedef struct
{
  double seconds;
  double checksum;
  guint64 prims_tested;
  guint64 nodes_visited;
  guint hits;
} W1Result;

static W1Result
run_w1 (const CgWorld *w, const BenchScene *s, guint n_casts, gboolean brute)
{
  W1Result res = { 0 };
  double start = now ();
  for (guint i = 0; i < n_casts; i++)
    {
      const double *c = &g_array_index (s->casts, double, 5 * i);
      CgWorldHit h = cg_world_cast (w, cg_v2 (c[0], c[1]), cg_v2 (c[2], c[3]), -1, brute);
      if (h.hit)
        {
          res.checksum += h.rec.t;
          res.hits++;
        }
      res.prims_tested += h.stats.primitives_tested;
      res.nodes_visited += h.stats.nodes_visited;
    }
  res.seconds = now () - start;
  return res;
}

/* W2: cast, move to the contact, reflect; obstacles reflect too. */
static double
run_w2 (const CgWorld *w, const BenchScene *s, guint steps, gboolean brute, CgVec2 *final)
{
  const double *c = &g_array_index (s->casts, double, 0);
  CgVec2 pos = { c[0], c[1] }, dir = { c[2], c[3] };
  dir = cg_normalize (dir);
  int64_t exclude = -1;
  double start = now ();
  for (guint i = 0; i < steps; i++)
    {
      CgWorldHit h = cg_world_cast (w, pos, dir, exclude, brute);
      if (!h.hit)
        {
          g_printerr ("W2: the ball escaped at step %u\n", i);
          break;
        }
      pos = h.rec.point;
      dir = cg_normalize (cg_reflect (dir, h.rec.normal));
      exclude = h.prim;
    }
  *final = pos;
  return now () - start;
}

static CgWorld *
build_world_once (const BenchScene *s, double r, CgBvhLeaves leaves, double *seconds)
{
  CgVec2 room[4] = { { 0, 0 }, { s->room, 0 }, { s->room, s->room }, { 0, s->room } };
  cg_polygon_orient (room, 4, CG_ROLE_WALL);
  GArray *refs = g_array_new (FALSE, FALSE, sizeof (CgPolygonRef));
  CgPolygonRef wall = { room, 4, CG_ROLE_WALL };
  g_array_append_val (refs, wall);
  CgVec2 *v = (CgVec2 *)s->verts->data;
  for (guint i = 0; i < s->counts->len; i++)
    {
      size_t n = g_array_index (s->counts, size_t, i);
      cg_polygon_orient (v, n, CG_ROLE_OBSTACLE);
      CgPolygonRef ref = { v, n, CG_ROLE_OBSTACLE };
      g_array_append_val (refs, ref);
      v += n;
    }
  double start = now ();
  CgWorld *w = cg_world_new ((CgPolygonRef *)refs->data, refs->len, r, leaves);
  *seconds = now () - start;
  g_array_unref (refs);
  return w;
}

/* Builds the world `repeat` times; returns the last, with the best time and
 * the first's. */
static CgWorld *
build_world (const BenchScene *s, double r, CgBvhLeaves leaves, int repeat, double *seconds,
             double *first)
{
  CgWorld *w = NULL;
  *seconds = INFINITY;
  for (int i = 0; i < repeat; i++)
    {
      double t;
      cg_world_free (w);
      w = build_world_once (s, r, leaves, &t);
      *seconds = fmin (*seconds, t);
      if (i == 0)
        *first = t;
    }
  return w;
}

/* The kinds of BVH build timed alone. */
typedef enum
{
  BVH_PRIMITIVES, /* one box per primitive, top-down over all of them */
  BVH_GROUPED,    /* one box per primitive, whole polygons separated first */
  BVH_POLYGONS,   /* one box per polygon (its outline's primitives) */
} BvhKind;

/* Times the BVH alone over the world's primitive or polygon boxes (best of 3). */
static double
time_bvh_only (const CgWorld *w, BvhKind kind, uint32_t *n_boxes)
{
  size_t n, n_polys = cg_world_polygon_count (w);
  const CgPrimitive *prims = cg_world_primitives (w, &n);
  CgAabb *boxes = g_new (CgAabb, MAX (n, n_polys) + 1);
  uint32_t *first = g_new0 (uint32_t, n_polys + 1);
  for (size_t i = 0; i < n; i++)
    first[prims[i].object + 1] = (uint32_t)i + 1;
  for (size_t p = 1; p <= n_polys; p++)
    first[p] = MAX (first[p], first[p - 1]);
  if (kind == BVH_POLYGONS)
    for (size_t p = 0; p < n_polys; p++)
      {
        boxes[p] = cg_aabb_empty ();
        for (uint32_t i = first[p]; i < first[p + 1]; i++)
          boxes[p] = cg_aabb_union (boxes[p], cg_primitive_bounds (&prims[i]));
      }
  else
    for (size_t i = 0; i < n; i++)
      boxes[i] = cg_primitive_bounds (&prims[i]);
  *n_boxes = (uint32_t)(kind == BVH_POLYGONS ? n_polys : n);
  double best = INFINITY;
  for (int rep = 0; rep < 3; rep++)
    {
      CgBvh bvh;
      double start = now ();
      if (kind == BVH_PRIMITIVES)
        cg_bvh_build (&bvh, boxes, (uint32_t)n, 4);
      else if (kind == BVH_GROUPED)
        cg_bvh_build_grouped (&bvh, boxes, (uint32_t)n, first, (uint32_t)n_polys, 4);
      else
        cg_bvh_build (&bvh, boxes, (uint32_t)n_polys, 1);
      best = fmin (best, now () - start);
      cg_bvh_clear (&bvh);
    }
  g_free (boxes);
  g_free (first);
  return best;
}

int
main (int argc, char **argv)
{
  gint brute_casts = 2000;
  g_autofree char *leaves_opt = NULL;
  gint w2_steps = 100000;
  gint repeat = 1;
  gboolean summary = FALSE;
  GOptionEntry entries[] = {
    { "brute-casts", 0, 0, G_OPTION_ARG_INT, &brute_casts, "Casts for brute force (W1)", "N" },
    { "leaves", 0, 0, G_OPTION_ARG_STRING, &leaves_opt, "primitives, objects or both", "KIND" },
    { "w2-steps", 0, 0, G_OPTION_ARG_INT, &w2_steps, "W2 bounces", "N" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat, "Runs of each timing (the best is kept)", "N" },
    { "summary", 0, 0, G_OPTION_ARG_NONE, &summary, "Also a key=value line per leaf kind", NULL },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("SCENE.txt");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error) || argc != 2)
    {
      g_printerr ("%s\n", error ? error->message : "usage: bench-trace SCENE.txt");
      return 2;
    }
  BenchScene scene = { 0 };
  if (!bench_scene_read (argv[1], &scene, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  long scene_rss = rss_kib (); /* the scene read, before any world */
  double r = g_array_index (scene.casts, double, 4);
  guint n_casts = scene.casts->len;
  gboolean both = leaves_opt && strcmp (leaves_opt, "both") == 0;
  gboolean objects_only = leaves_opt && strcmp (leaves_opt, "objects") == 0;

  printf ("scene %s: %u obstacles, %u casts, r = %g\n", argv[1], scene.counts->len, n_casts, r);
  for (int pass = 0; pass < 2; pass++)
    {
      CgBvhLeaves leaves = pass == 0 ? CG_BVH_LEAF_PRIMITIVES : CG_BVH_LEAF_OBJECTS;
      if ((pass == 0 && objects_only) || (pass == 1 && !both && !objects_only))
        continue;
      const char *name = pass == 0 ? "primitives" : "objects";
      double build_s, first_s;
      CgWorld *w = build_world (&scene, r, leaves, MAX (repeat, 1), &build_s, &first_s);
      size_t n_prims;
      cg_world_primitives (w, &n_prims);
      const CgBvh *bvh = cg_world_bvh (w);
      g_autofree char *first
          = repeat > 1 ? g_strdup_printf (" (first %.1f ms)", first_s * 1e3) : g_strdup ("");
      printf ("[leaves: %s] %zu primitives; world build (outlines + BVH) %.1f ms%s; BVH %u nodes, "
              "depth %u; world memory %.1f MiB\n",
              name, n_prims, build_s * 1e3, first, bvh->n_nodes, bvh->depth,
              cg_world_memory (w) / 1048576.0);
      if (pass == 0)
        {
          static const char *what[]
              = { "primitive boxes", "primitive boxes grouped by polygon", "polygon boxes" };
          for (int kind = BVH_PRIMITIVES; kind <= BVH_POLYGONS; kind++)
            {
              uint32_t n_boxes;
              double t = time_bvh_only (w, kind, &n_boxes);
              printf ("  BVH build alone over %u %s: %.1f ms\n", n_boxes, what[kind], t * 1e3);
            }
        }
      W1Result bv = run_w1 (w, &scene, n_casts, FALSE);
      for (int i = 1; i < repeat; i++)
        {
          W1Result again = run_w1 (w, &scene, n_casts, FALSE);
          bv.seconds = fmin (bv.seconds, again.seconds);
        }
      printf ("  W1 BVH:    %10.0f casts/s  (%u casts, %u hits, checksum %.6f, %.1f prims "
              "and %.1f nodes a cast)\n",
              n_casts / bv.seconds, n_casts, bv.hits, bv.checksum,
              (double)bv.prims_tested / n_casts, (double)bv.nodes_visited / n_casts);
      guint nb = MIN ((guint)brute_casts, n_casts);
      if (nb > 0 && pass == 0)
        {
          W1Result bs = run_w1 (w, &scene, nb, TRUE);
          W1Result bv2 = run_w1 (w, &scene, nb, FALSE);
          printf ("  W1 brute:  %10.0f casts/s  (first %u casts, checksum %.6f; BVH on the same "
                  "casts %.6f)\n",
                  nb / bs.seconds, nb, bs.checksum, bv2.checksum);
          printf ("  W1 speed-up of the BVH over brute force: %.0fx\n",
                  (nb / bv2.seconds) / (nb / bs.seconds));
        }

      CgVec2 final;
      double w2 = run_w2 (w, &scene, (guint)w2_steps, FALSE, &final);
      for (int i = 1; i < repeat; i++)
        w2 = fmin (w2, run_w2 (w, &scene, (guint)w2_steps, FALSE, &final));
      printf ("  W2 BVH:    %10.0f bounces/s (%d bounces, final position (%.6f, %.6f))\n",
              w2_steps / w2, w2_steps, final.x, final.y);
      if (pass == 0 && brute_casts > 0)
        {
          guint steps = MIN ((guint)w2_steps, (guint)brute_casts);
          CgVec2 final_b, final_v;
          double wb = run_w2 (w, &scene, steps, TRUE, &final_b);
          run_w2 (w, &scene, steps, FALSE, &final_v);
          printf ("  W2 brute:  %10.0f bounces/s (first %u bounces, final (%.6f, %.6f); BVH "
                  "(%.6f, %.6f))\n",
                  steps / wb, steps, final_b.x, final_b.y, final_v.x, final_v.y);
        }
      if (summary)
        printf ("summary leaves=%s obstacles=%u primitives=%zu first_build_ms=%.3f "
                "build_ms=%.3f world_kib=%zu w1_casts_per_s=%.0f w1_hits=%u "
                "w1_checksum=%.6f w2_bounces_per_s=%.0f w2_final=%.6f,%.6f "
                "scene_rss_kib=%ld peak_rss_kib=%ld\n",
                name, scene.counts->len, n_prims, first_s * 1e3, build_s * 1e3,
                cg_world_memory (w) / 1024, n_casts / bv.seconds, bv.hits, bv.checksum,
                w2_steps / w2, final.x, final.y, scene_rss, peak_rss_kib ());
      cg_world_free (w);
    }
  printf ("peak resident memory: %.1f MiB", peak_rss_kib () / 1024.0);
  if (scene_rss >= 0)
    printf (" (%.1f MiB after reading the scene)", scene_rss / 1024.0);
  printf ("%s\n", objects_only ? "; the app's world alone, nothing else built" : "");
  bench_scene_clear (&scene);
  return 0;
}
