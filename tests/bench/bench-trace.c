/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-trace.c: the cast and bounce workloads of docs/benchmarks.md (W1, W2).
 *
 * usage: bench-trace SCENE.txt [--brute-casts N] [--leaves primitives|objects|both]
 *                              [--w2-steps N] [--repeat N] [--summary]
 *
 * SCENE.txt comes from tests/bench/gen_scene.py (scripts/bench makes them).
 * Builds the scene's one world (cg-world.h: it does not depend on the ball's
 * radius) and prepares it for the casts' radius (cg_world_prepare(), which
 * builds the uniform grid when it pays), as carom-tracing.c does; prints the
 * world build time (the BVH, then the grid), memory, W1 casts/s with its
 * distance checksum, and W2 bounces/s with the final position, with the
 * BVH (or grid) and by brute force (brute force on the first N casts only,
 * default 2000, since at 10^5 obstacles it tests a million primitives per
 * cast). With --repeat N, the world build and the workloads run N times and
 * the best time is kept (the figures are less disturbed by other programs);
 * the first build's time is printed too (a fresh process's pages, as the
 * app's first trace meets them).
 *
 * --leaves is kept for the scripts that pass it: there are no leaf kinds
 * any more (a leaf is always one run of edges), so every value means the
 * one world. --leaves objects is the app's configuration and builds nothing
 * else: no BVH built alone, no brute force, so the process's peak resident
 * memory is that of the scene read and the one world (built, prepared, and
 * W1 and W2 run on it), what scripts/bench --box2d sets beside Box2D's.
 * Otherwise (primitives, both, or no --leaves) the benchmark also times
 * BVHs built alone over the primitives' boxes for the casts' radius and
 * runs brute force, whose structures are then at the peak too.
 *
 * --summary adds one line of key=value figures for scripts (scripts/bench
 * --box2d reads it): "summary leaves=objects ...", the one world. */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
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
run_w1 (const CgWorld *w, const BenchScene *s, double r, guint n_casts, gboolean brute)
{
  W1Result res = { 0 };
  double start = now ();
  for (guint i = 0; i < n_casts; i++)
    {
      const double *c = &g_array_index (s->casts, double, 5 * i);
      /* What the tracer asks (t, contact and normal), as Box2D's shape cast
       * answers; the full record of cg_world_cast() is the explanation's. */
      CgWorldContact h
          = cg_world_cast_contact (w, cg_v2 (c[0], c[1]), cg_v2 (c[2], c[3]), r, -1, brute);
      if (h.hit)
        {
          res.checksum += h.t;
          res.hits++;
        }
      res.prims_tested += h.stats.primitives_tested;
      res.nodes_visited += h.stats.nodes_visited;
    }
  res.seconds = now () - start;
  return res;
}

/* W2: cast, move to the contact, reflect; obstacles reflect too. The
 * primitive just reflected off counts only at t > 0 (the tracer's `after`);
 * the reflected direction is made a unit vector as the tracer makes it. */
static double
run_w2 (const CgWorld *w, const BenchScene *s, double r, guint steps, gboolean brute, CgVec2 *final)
{
  const double *c = &g_array_index (s->casts, double, 0);
  CgVec2 pos = { c[0], c[1] }, dir = { c[2], c[3] };
  dir = cg_normalize (dir);
  int64_t after = -1;
  double start = now ();
  for (guint i = 0; i < steps; i++)
    {
      CgWorldContact h = cg_world_cast_contact (w, pos, dir, r, after, brute);
      if (!h.hit)
        {
          g_printerr ("W2: the ball escaped at step %u\n", i);
          break;
        }
      pos = h.point;
      dir = cg_unit_direction (cg_reflect (dir, h.normal));
      after = h.prim;
    }
  *final = pos;
  return now () - start;
}

/* Builds the world of the room and the obstacles and prepares it for balls
 * of radius r, as carom-tracing.c does: *bvh_s is cg_world_new()'s time,
 * *grid_s cg_world_prepare()'s. */
static CgWorld *
build_world_once (const BenchScene *s, double r, double *bvh_s, double *grid_s)
{
  CgVec2 room[4] = { { 0, 0 }, { s->room, 0 }, { s->room, s->room }, { 0, s->room } };
  cg_polygon_orient (room, 4, CG_ROLE_WALL);
  GArray *refs = g_array_new (FALSE, FALSE, sizeof (CgBoundaryRef));
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
  double start = now ();
  CgWorld *w = cg_world_new ((CgBoundaryRef *)refs->data, refs->len);
  double mid = now ();
  if (w != NULL)
    cg_world_prepare (w, r);
  *grid_s = now () - mid;
  *bvh_s = mid - start;
  g_array_unref (refs);
  return w;
}

/* Builds the world `repeat` times; returns the last, with the best time of
 * the whole build (and of its parts) and the first's. */
static CgWorld *
build_world (const BenchScene *s, double r, int repeat, double *seconds, double *bvh_best,
             double *grid_best, double *first)
{
  CgWorld *w = NULL;
  *seconds = *bvh_best = *grid_best = INFINITY;
  for (int i = 0; i < repeat; i++)
    {
      double tb, tg;
      cg_world_free (w);
      w = build_world_once (s, r, &tb, &tg);
      if (w == NULL)
        {
          g_printerr ("bench-trace: out of memory building the world\n");
          exit (1);
        }
      *seconds = fmin (*seconds, tb + tg);
      *bvh_best = fmin (*bvh_best, tb);
      *grid_best = fmin (*grid_best, tg);
      if (i == 0)
        *first = tb + tg;
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

/* Times the BVH alone over the boxes of the world's primitives for radius r,
 * or of its polygons' outlines (best of 3). */
static double
time_bvh_only (const CgWorld *w, double r, BvhKind kind, uint32_t *n_boxes)
{
  size_t n_polys = cg_world_count (w);
  uint32_t n_ids = cg_world_prim_count (w);
  CgAabb *boxes = g_new (CgAabb, MAX ((size_t)n_ids, n_polys) + 1);
  uint32_t *first = g_new0 (uint32_t, n_polys + 1);
  size_t n = 0;
  for (uint32_t id = 0; id < n_ids; id++)
    {
      CgPrimitive p;
      if (!cg_world_primitive (w, id, r, &p))
        continue;
      boxes[n++] = cg_primitive_bounds (&p);
      first[p.object + 1] = (uint32_t)n;
    }
  for (size_t p = 1; p <= n_polys; p++)
    first[p] = MAX (first[p], first[p - 1]);
  if (kind == BVH_POLYGONS)
    {
      /* p's boxes lie at or after p (first[p] <= its index): merged in place */
      for (size_t p = 0; p < n_polys; p++)
        {
          CgAabb box = cg_aabb_empty ();
          for (uint32_t i = first[p]; i < first[p + 1]; i++)
            box = cg_aabb_union (box, boxes[i]);
          boxes[p] = box;
        }
    }
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
    { "leaves", 0, 0, G_OPTION_ARG_STRING, &leaves_opt,
      "primitives, objects or both (all the one world; objects: nothing else built)", "KIND" },
    { "w2-steps", 0, 0, G_OPTION_ARG_INT, &w2_steps, "W2 bounces", "N" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat, "Runs of each timing (the best is kept)", "N" },
    { "summary", 0, 0, G_OPTION_ARG_NONE, &summary, "Also a key=value line", NULL },
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
  if (leaves_opt != NULL && strcmp (leaves_opt, "primitives") != 0
      && strcmp (leaves_opt, "objects") != 0 && strcmp (leaves_opt, "both") != 0)
    {
      g_printerr ("bench-trace: --leaves takes primitives, objects or both, not '%s'\n",
                  leaves_opt);
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
  /* the app's configuration: the one world and nothing else */
  gboolean app_only = leaves_opt && strcmp (leaves_opt, "objects") == 0;
  repeat = MAX (repeat, 1);

  printf ("scene %s: %u obstacles, %u casts, r = %g\n", argv[1], scene.counts->len, n_casts, r);
  double build_s, bvh_s, grid_s, first_s = 0.0;
  CgWorld *w = build_world (&scene, r, repeat, &build_s, &bvh_s, &grid_s, &first_s);
  size_t n_prims = cg_world_primitive_total (w, r);
  const CgBvh *bvh = cg_world_bvh (w);
  double cell_w = 0, cell_h = 0;
  CgAabb grid_box;
  g_autofree char *grid = cg_world_grid (w, r, &grid_box, &cell_w, &cell_h)
                              ? g_strdup_printf ("a grid of %.0f x %.0f cells",
                                                 (grid_box.hi.x - grid_box.lo.x) / cell_w,
                                                 (grid_box.hi.y - grid_box.lo.y) / cell_h)
                              : g_strdup ("no grid");
  g_autofree char *first
      = repeat > 1 ? g_strdup_printf (" (first %.1f ms)", first_s * 1e3) : g_strdup ("");
  printf ("[one world] %zu primitives for r = %g, %u runs of edges; world build %.1f ms%s (BVH "
          "%.1f ms, cg_world_prepare %.1f ms); BVH %u nodes, depth %u; %s; world memory %.1f "
          "MiB\n",
          n_prims, r, bvh->n_items, build_s * 1e3, first, bvh_s * 1e3, grid_s * 1e3, bvh->n_nodes,
          bvh->depth, grid, cg_world_memory (w) / 1048576.0);
  if (!app_only)
    {
      static const char *what[]
          = { "primitive boxes", "primitive boxes grouped by polygon", "polygon boxes" };
      for (int kind = BVH_PRIMITIVES; kind <= BVH_POLYGONS; kind++)
        {
          uint32_t n_boxes;
          double t = time_bvh_only (w, r, kind, &n_boxes);
          printf ("  BVH build alone over %u %s: %.1f ms\n", n_boxes, what[kind], t * 1e3);
        }
    }
  W1Result bv = run_w1 (w, &scene, r, n_casts, FALSE);
  for (int i = 1; i < repeat; i++)
    {
      W1Result again = run_w1 (w, &scene, r, n_casts, FALSE);
      bv.seconds = fmin (bv.seconds, again.seconds);
    }
  printf ("  W1 BVH:    %10.0f casts/s  (%u casts, %u hits, checksum %.6f, %.1f prims "
          "and %.1f nodes a cast)\n",
          n_casts / bv.seconds, n_casts, bv.hits, bv.checksum, (double)bv.prims_tested / n_casts,
          (double)bv.nodes_visited / n_casts);
  guint nb = MIN ((guint)MAX (brute_casts, 0), n_casts);
  if (nb > 0 && !app_only)
    {
      W1Result bs = run_w1 (w, &scene, r, nb, TRUE);
      W1Result bv2 = run_w1 (w, &scene, r, nb, FALSE);
      printf ("  W1 brute:  %10.0f casts/s  (first %u casts, checksum %.6f; BVH on the same "
              "casts %.6f)\n",
              nb / bs.seconds, nb, bs.checksum, bv2.checksum);
      printf ("  W1 speed-up of the BVH over brute force: %.0fx\n",
              (nb / bv2.seconds) / (nb / bs.seconds));
    }

  CgVec2 final;
  double w2 = run_w2 (w, &scene, r, (guint)w2_steps, FALSE, &final);
  for (int i = 1; i < repeat; i++)
    w2 = fmin (w2, run_w2 (w, &scene, r, (guint)w2_steps, FALSE, &final));
  printf ("  W2 BVH:    %10.0f bounces/s (%d bounces, final position (%.6f, %.6f))\n",
          w2_steps / w2, w2_steps, final.x, final.y);
  if (!app_only && brute_casts > 0)
    {
      guint steps = MIN ((guint)w2_steps, (guint)brute_casts);
      CgVec2 final_b, final_v;
      double wb = run_w2 (w, &scene, r, steps, TRUE, &final_b);
      run_w2 (w, &scene, r, steps, FALSE, &final_v);
      printf ("  W2 brute:  %10.0f bounces/s (first %u bounces, final (%.6f, %.6f); BVH "
              "(%.6f, %.6f))\n",
              steps / wb, steps, final_b.x, final_b.y, final_v.x, final_v.y);
    }
  /* leaves=objects: the one world, as scripts/bench --box2d looks for it */
  if (summary)
    printf ("summary leaves=objects obstacles=%u primitives=%zu first_build_ms=%.3f "
            "build_ms=%.3f bvh_ms=%.3f prepare_ms=%.3f world_kib=%zu w1_casts_per_s=%.0f "
            "w1_hits=%u w1_checksum=%.6f w2_bounces_per_s=%.0f w2_final=%.6f,%.6f "
            "scene_rss_kib=%ld peak_rss_kib=%ld\n",
            scene.counts->len, n_prims, first_s * 1e3, build_s * 1e3, bvh_s * 1e3, grid_s * 1e3,
            cg_world_memory (w) / 1024, n_casts / bv.seconds, bv.hits, bv.checksum, w2_steps / w2,
            final.x, final.y, scene_rss, peak_rss_kib ());
  cg_world_free (w);
  printf ("peak resident memory: %.1f MiB", peak_rss_kib () / 1024.0);
  if (scene_rss >= 0)
    printf (" (%.1f MiB after reading the scene)", scene_rss / 1024.0);
  printf ("%s\n", app_only ? "; the app's world alone, nothing else built" : "");
  bench_scene_clear (&scene);
  return 0;
}
