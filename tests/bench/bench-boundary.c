/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-boundary.c: times cg_boundary_build() on the star benchmark and, with
 * --geos, compares its area with GEOS's round-join buffer.
 *
 * Usage: bench-boundary [--geos] [--vertices N]
 *
 * The star has n vertices alternating between radii 100 (even k) and 60 (odd
 * k) at angles 2πk/n; it is grown by 5 as an obstacle and shrunk by 5 as a
 * wall (r = 5 in both roles). Without --vertices it runs n = 10,000 and
 * 100,000. GEOS (quadsegs = 64, round joins, negative width for the wall)
 * needs many seconds and gigabytes at 10,000 vertices, so --geos compares only
 * rows up to 20,000 vertices unless --vertices asks for a size explicitly.
 */
#include "geom/cg-boundary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef HAVE_GEOS
#include <geos_c.h>
#endif

/// Timed runs per row: the median is printed.
enum
{
  BENCH_RUNS_SMALL = 9,        ///< rows up to 20,000 vertices
  BENCH_RUNS_LARGE = 5,        ///< larger rows
  BENCH_GEOS_AUTO_MAX = 20000, ///< largest row --geos compares by default
  BENCH_GEOS_QUADSEGS = 64,    ///< segments per quarter circle in GEOS's buffer
};

#define BENCH_RADIUS 5.0

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return 1e3 * (double)ts.tv_sec + 1e-6 * (double)ts.tv_nsec;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/// The star in obstacle orientation (shoelace A > 0: increasing angle on the
/// raw numbers), reversed for a wall (A < 0).
static CgVec2 *
star_new (size_t n, CgRole role)
{
  CgVec2 *v = malloc (n * sizeof *v);
  if (!v)
    return NULL;
  for (size_t k = 0; k < n; k++)
    {
      double angle = 2.0 * M_PI * (double)k / (double)n, radius = k % 2 == 0 ? 100.0 : 60.0;
      size_t at = role == CG_ROLE_OBSTACLE ? k : n - 1 - k;
      v[at] = cg_v2 (radius * cos (angle), radius * sin (angle));
    }
  return v;
}

#ifdef HAVE_GEOS
/// GEOS's buffer area for the polygon (width > 0 grows, < 0 shrinks), and the
/// time it took; NAN on failure.
static double
geos_buffer_area (const CgVec2 *v, size_t n, double width, double *ms)
{
  GEOSContextHandle_t h = GEOS_init_r ();
  double area = NAN;
  GEOSCoordSequence *seq = GEOSCoordSeq_create_r (h, (unsigned)n + 1, 2);
  for (size_t i = 0; seq && i <= n; i++)
    GEOSCoordSeq_setXY_r (h, seq, (unsigned)i, v[i % n].x, v[i % n].y);
  GEOSGeometry *ring = seq ? GEOSGeom_createLinearRing_r (h, seq) : NULL;
  GEOSGeometry *poly = ring ? GEOSGeom_createPolygon_r (h, ring, NULL, 0) : NULL;
  if (poly)
    {
      double t0 = now_ms ();
      GEOSGeometry *buf = GEOSBufferWithStyle_r (h, poly, width, BENCH_GEOS_QUADSEGS,
                                                 GEOSBUF_CAP_ROUND, GEOSBUF_JOIN_ROUND, 5.0);
      *ms = now_ms () - t0;
      if (buf && GEOSArea_r (h, buf, &area) != 1)
        area = NAN;
      if (buf)
        GEOSGeom_destroy_r (h, buf);
      GEOSGeom_destroy_r (h, poly);
    }
  GEOS_finish_r (h);
  return area;
}
#endif

/// Times one row and prints it; false when something failed.
static bool
bench_row (size_t n, CgRole role, bool geos)
{
  CgVec2 *v = star_new (n, role);
  if (!v)
    return false;
  int runs = n <= BENCH_GEOS_AUTO_MAX ? BENCH_RUNS_SMALL : BENCH_RUNS_LARGE;
  double times[BENCH_RUNS_SMALL];
  CgBoundary b = { 0 };
  for (int i = 0; i < runs; i++)
    {
      cg_boundary_clear (&b);
      double t0 = now_ms ();
      bool ok = cg_boundary_build (v, n, role, BENCH_RADIUS, &b);
      times[i] = now_ms () - t0;
      if (!ok)
        {
          fprintf (stderr, "cg_boundary_build failed (n = %zu)\n", n);
          free (v);
          return false;
        }
    }
  qsort (times, (size_t)runs, sizeof *times, cmp_double);
  double area = cg_boundary_area (&b, role);
  printf ("%9zu  %-13s  %9.2f  %7zu  %16.6f", n,
          role == CG_ROLE_OBSTACLE ? "obstacle +5" : "wall -5", times[runs / 2], b.n_pieces, area);
#ifdef HAVE_GEOS
  if (geos)
    {
      fflush (stdout);
      double gms = NAN;
      double width = role == CG_ROLE_OBSTACLE ? BENCH_RADIUS : -BENCH_RADIUS;
      double garea = geos_buffer_area (v, n, width, &gms);
      printf ("  %16.6f  %9.1f  %9.2e", garea, gms, fabs (area - garea) / garea);
    }
#else
  (void)geos;
#endif
  printf ("\n");
  cg_boundary_clear (&b);
  free (v);
  return true;
}

int
main (int argc, char **argv)
{
  bool geos = false;
  size_t only = 0;
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--geos") == 0)
        geos = true;
      else if (strcmp (argv[i], "--vertices") == 0 && i + 1 < argc)
        {
          char *end = NULL;
          unsigned long long n = strtoull (argv[++i], &end, 10);
          if (!end || *end != '\0' || n < 4 || n % 2 != 0)
            {
              fprintf (stderr, "--vertices needs an even number >= 4\n");
              return 2;
            }
          only = (size_t)n;
        }
      else
        {
          fprintf (stderr, "usage: %s [--geos] [--vertices N]\n", argv[0]);
          return 2;
        }
    }
#ifndef HAVE_GEOS
  if (geos)
    {
      fprintf (stderr, "built without GEOS: --geos is not available\n");
      return 2;
    }
#endif

  size_t sizes[] = { 10000, 100000 };
  size_t n_sizes = 2;
  if (only)
    sizes[0] = only, n_sizes = 1;

  printf ("star: radii 100/60 alternating, r = %g; ms = median of %d runs (%d above %d "
          "vertices)\n",
          BENCH_RADIUS, BENCH_RUNS_SMALL, BENCH_RUNS_LARGE, BENCH_GEOS_AUTO_MAX);
  printf ("%9s  %-13s  %9s  %7s  %16s", "vertices", "role/offset", "ms", "pieces", "area");
  if (geos)
    printf ("  %16s  %9s  %9s", "GEOS area", "GEOS ms", "rel diff");
  printf ("\n");
  for (size_t s = 0; s < n_sizes; s++)
    for (int role = 0; role < 2; role++)
      {
        bool with_geos = geos && (only != 0 || sizes[s] <= BENCH_GEOS_AUTO_MAX);
        if (!bench_row (sizes[s], role == 0 ? CG_ROLE_OBSTACLE : CG_ROLE_WALL, with_geos))
          return 1;
      }
  return 0;
}
