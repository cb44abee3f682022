/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-curve.c: W1 and W2 of docs/benchmarks.md (see bench-trace.c) on the
 * polygon scene and on the same scene with every obstacle replaced by its
 * circumscribed disk, an exact circle: both in the one world (cg-world.h),
 * which casts straight and curved boundaries alike.
 *
 * usage: bench-curve SCENE.txt [--w2-steps N] [--repeat N] [--offset-edges N]
 *
 * gen_scene.py puts every obstacle's vertices on a circle: the disk is that
 * circle (the circumcircle of the first three vertices, its radius grown to
 * the farthest vertex so that rounding never leaves a vertex outside). Both
 * worlds are built and prepared for the casts' radius (cg_world_prepare(),
 * the grid when it pays) as carom-tracing.c does. Prints the build times and
 * memory, casts/s, bounces/s, the checksums, and the ratio disks /
 * polygons. With --repeat N every timing is the best of N.
 *
 * Then the true offset boundary (cg-curve-boundary.h) of a boundary of N
 * edges (--offset-edges, default 10^4) mixing segments and arcs bent out and
 * in: a wavy ring of radius about 1000, as a wall and as an obstacle, at
 * r = 1, 5 and 20. */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench-scene.h"
#include "geom/cg-curve-boundary.h"
#include "geom/cg-world.h"

static double
now (void)
{
  return g_get_monotonic_time () / 1e6;
}

/* This thread's CPU time (s): less disturbed than the wall clock when other
 * programs share the cores. */
static double
cpu_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The circle through a, b, c. */
static CgVec2
circumcentre (CgVec2 a, CgVec2 b, CgVec2 c)
{
  CgVec2 ab = cg_sub (b, a), ac = cg_sub (c, a);
  double d = 2.0 * cg_cross (ab, ac);
  double l1 = cg_length_sq (ab), l2 = cg_length_sq (ac);
  return cg_v2 (a.x + (ac.y * l1 - ab.y * l2) / d, a.y + (ab.x * l2 - ac.x * l1) / d);
}

typedef struct
{
  double seconds, checksum;
  guint hits;
} W1;

/* W1: the first hit of every cast. */
static W1
w1 (const CgWorld *w, const BenchScene *s, double r)
{
  W1 res = { 0 };
  double start = now ();
  for (guint i = 0; i < s->casts->len; i++)
    {
      const double *c = &g_array_index (s->casts, double, 5 * i);
      CgWorldHit h = cg_world_cast (w, cg_v2 (c[0], c[1]), cg_v2 (c[2], c[3]), r, -1, FALSE);
      if (h.hit)
        {
          res.checksum += h.rec.t;
          res.hits++;
        }
    }
  res.seconds = now () - start;
  return res;
}

/* W2: cast, move to the contact, reflect (obstacles too); the primitive
 * just reflected off counts only at t > 0. */
static double
w2 (const CgWorld *w, const BenchScene *s, double r, guint steps, CgVec2 *final)
{
  const double *c = &g_array_index (s->casts, double, 0);
  CgVec2 pos = { c[0], c[1] }, dir = cg_normalize (cg_v2 (c[2], c[3]));
  int64_t after = -1;
  double start = now ();
  for (guint i = 0; i < steps; i++)
    {
      CgWorldHit h = cg_world_cast (w, pos, dir, r, after, FALSE);
      if (!h.hit)
        break;
      pos = h.rec.point;
      dir = cg_normalize (cg_reflect (dir, h.rec.normal));
      after = h.prim;
    }
  *final = pos;
  return now () - start;
}

/* cg_world_new() and cg_world_prepare (w, r); exits when memory runs out. */
static CgWorld *
world_new (const CgBoundaryRef *refs, size_t n, double r)
{
  CgWorld *w = cg_world_new (refs, n);
  if (w == NULL)
    {
      g_printerr ("bench-curve: out of memory building a world\n");
      exit (1);
    }
  cg_world_prepare (w, r);
  return w;
}

/* A closed wavy ring of n edges: vertices at radius 1000 + 20 sin(7 θ), edges
 * in turn straight, bent out (sweep 0.3), straight, bent in (-0.3). */
static void
wavy_ring (size_t n, CgVec2 *v, CgCurveEdge *e)
{
  for (size_t i = 0; i < n; i++)
    {
      double a = 6.283185307179586 * (double)i / (double)n;
      double rad = 1000.0 + 20.0 * sin (7.0 * a);
      v[i] = cg_v2 (rad * cos (a), rad * sin (a));
    }
  for (size_t i = 0; i < n; i++)
    {
      CgVec2 b = v[i + 1 == n ? 0 : i + 1];
      switch (i % 4)
        {
        case 1:
          e[i] = cg_curve_edge_arc (v[i], b, 0.3);
          break;
        case 3:
          e[i] = cg_curve_edge_arc (v[i], b, -0.3);
          break;
        default:
          e[i] = cg_curve_edge_straight ();
        }
    }
}

static void
bench_offset (size_t n, int repeat)
{
  CgVec2 *v = g_new (CgVec2, n);
  CgCurveEdge *e = g_new (CgCurveEdge, n);
  for (int role = 0; role < 2; role++)
    {
      CgRole rl = role == 0 ? CG_ROLE_WALL : CG_ROLE_OBSTACLE;
      wavy_ring (n, v, e);
      cg_curve_orient (v, e, n, rl);
      CgCurveCheck check = cg_curve_validate (v, e, n, cg_curve_tolerance (v, e, n));
      if (check.status != CG_CURVE_OK)
        {
          g_printerr ("offset bench: the ring is not valid (%d, edges %zu %zu)\n", check.status,
                      check.index_a, check.index_b);
          break;
        }
      const double radii[] = { 1, 5, 20 };
      for (size_t k = 0; k < G_N_ELEMENTS (radii); k++)
        {
          double best = INFINITY, best_cpu = INFINITY;
          CgCurveBoundary b = { 0 };
          for (int i = 0; i < repeat; i++)
            {
              cg_curve_boundary_clear (&b);
              double t0 = now (), c0 = cpu_now ();
              cg_curve_boundary_build (v, e, n, radii[k], &b);
              best = fmin (best, now () - t0);
              best_cpu = fmin (best_cpu, cpu_now () - c0);
            }
          printf (
              "  true offset boundary, %zu edges (%s), r = %g: %.1f ms (CPU %.1f ms), %zu pieces, "
              "area %.3f\n",
              n, rl == CG_ROLE_WALL ? "wall" : "obstacle", radii[k], best * 1e3, best_cpu * 1e3,
              b.n_pieces, cg_curve_boundary_area (&b, rl));
          cg_curve_boundary_clear (&b);
        }
    }
  g_free (v);
  g_free (e);
}

int
main (int argc, char **argv)
{
  gint w2_steps = 100000, repeat = 1, offset_edges = 10000;
  GOptionEntry entries[] = {
    { "w2-steps", 0, 0, G_OPTION_ARG_INT, &w2_steps, "W2 bounces", "N" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat, "Runs of each timing (the best is kept)", "N" },
    { "offset-edges", 0, 0, G_OPTION_ARG_INT, &offset_edges, "Edges of the offset bench", "N" },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("SCENE.txt");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error) || argc != 2)
    {
      g_printerr ("%s\n", error ? error->message : "usage: bench-curve SCENE.txt");
      return 2;
    }
  BenchScene s = { 0 };
  if (!bench_scene_read (argv[1], &s, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  repeat = MAX (repeat, 1);
  double r = g_array_index (s.casts, double, 4);
  guint n_obst = s.counts->len;

  /* the polygon world, as bench-trace builds it */
  CgVec2 room[4] = { { 0, 0 }, { s.room, 0 }, { s.room, s.room }, { 0, s.room } };
  cg_polygon_orient (room, 4, CG_ROLE_WALL);
  CgBoundaryRef *prefs = g_new (CgBoundaryRef, n_obst + 1);
  prefs[0] = (CgBoundaryRef){ room, NULL, 4, CG_ROLE_WALL, CG_ON_HIT_REFLECT };
  /* the disk world: the same room, every obstacle a whole circle */
  CgBoundaryRef *crefs = g_new (CgBoundaryRef, n_obst + 1);
  crefs[0] = prefs[0];
  CgVec2 *disk_v = g_new (CgVec2, n_obst);
  CgCurveEdge *disk_e = g_new (CgCurveEdge, n_obst);
  CgVec2 *v = (CgVec2 *)s.verts->data;
  for (guint i = 0; i < n_obst; i++)
    {
      size_t n = g_array_index (s.counts, size_t, i);
      cg_polygon_orient (v, n, CG_ROLE_OBSTACLE);
      prefs[i + 1] = (CgBoundaryRef){ v, NULL, n, CG_ROLE_OBSTACLE, CG_ON_HIT_REFLECT };
      CgVec2 q = circumcentre (v[0], v[1], v[2]);
      double R = 0.0;
      for (size_t k = 0; k < n; k++)
        R = cg_max (R, cg_distance (q, v[k]));
      cg_curve_circle (q, R, CG_ROLE_OBSTACLE, &disk_v[i], &disk_e[i]);
      crefs[i + 1]
          = (CgBoundaryRef){ &disk_v[i], &disk_e[i], 1, CG_ROLE_OBSTACLE, CG_ON_HIT_REFLECT };
      v += n;
    }

  double tp = INFINITY, tc = INFINITY;
  CgWorld *pw = NULL, *cw = NULL;
  for (int i = 0; i < repeat; i++)
    {
      cg_world_free (pw);
      cg_world_free (cw);
      double t0 = now ();
      pw = world_new (prefs, n_obst + 1, r);
      double t1 = now ();
      cw = world_new (crefs, n_obst + 1, r);
      double t2 = now ();
      tp = fmin (tp, t1 - t0);
      tc = fmin (tc, t2 - t1);
    }
  size_t np = cg_world_primitive_total (pw, r), nc = cg_world_primitive_total (cw, r);
  printf ("scene %s: %u obstacles, %u casts, r = %g\n", argv[1], n_obst, s.casts->len, r);
  printf ("  world build: polygons %.1f ms (%zu primitives, %.1f MiB%s), disks %.1f ms (%zu "
          "primitives, %.1f MiB%s)\n",
          tp * 1e3, np, cg_world_memory (pw) / 1048576.0,
          cg_world_grid (pw, r, NULL, NULL, NULL) ? ", grid" : "", tc * 1e3, nc,
          cg_world_memory (cw) / 1048576.0,
          cg_world_grid (cw, r, NULL, NULL, NULL) ? ", grid" : "");

  W1 p1 = { INFINITY, 0, 0 }, c1 = { INFINITY, 0, 0 };
  double p2 = INFINITY, c2 = INFINITY;
  CgVec2 pf = { 0, 0 }, cf = { 0, 0 };
  for (int i = 0; i < repeat; i++)
    {
      W1 a = w1 (pw, &s, r), b = w1 (cw, &s, r);
      if (a.seconds < p1.seconds)
        p1 = a;
      if (b.seconds < c1.seconds)
        c1 = b;
      p2 = fmin (p2, w2 (pw, &s, r, (guint)w2_steps, &pf));
      c2 = fmin (c2, w2 (cw, &s, r, (guint)w2_steps, &cf));
    }
  guint m = s.casts->len;
  printf ("  W1 polygons: %10.0f casts/s   (%u hits, checksum %.6f)\n", m / p1.seconds, p1.hits,
          p1.checksum);
  printf ("  W1 disks:    %10.0f casts/s   (%u hits, checksum %.6f)   disks/polygons %.2f\n",
          m / c1.seconds, c1.hits, c1.checksum, p1.seconds / c1.seconds);
  printf ("  W2 polygons: %10.0f bounces/s (%d bounces, final (%.6f, %.6f))\n", w2_steps / p2,
          w2_steps, pf.x, pf.y);
  printf ("  W2 disks:    %10.0f bounces/s (%d bounces, final (%.6f, %.6f))   disks/polygons "
          "%.2f\n",
          w2_steps / c2, w2_steps, cf.x, cf.y, p2 / c2);
  if (offset_edges > 0)
    bench_offset ((size_t)offset_edges, repeat);
  cg_world_free (pw);
  cg_world_free (cw);
  g_free (prefs);
  g_free (crefs);
  g_free (disk_v);
  g_free (disk_e);
  bench_scene_clear (&s);
  return 0;
}
