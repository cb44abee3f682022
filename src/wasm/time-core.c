/* SPDX-License-Identifier: GPL-3.0-or-later */
/* time-core.c: the web page's core (carom-wasm.c) compiled natively, timed
 * on a scene packed by time-core.mjs, to set beside the same in Node.js
 * (docs/web-core.md, "Size and speed").
 *   time-core SCENE.bin [REPEAT]
 * Prints the median of REPEAT runs (default 21) of load (the world built)
 * and of trace, in milliseconds, and the balls and hits traced. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "carom-wasm.h"

static double
now_ms (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int
compare (const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: time-core SCENE.bin [REPEAT]\n");
      return 2;
    }
  FILE *f = fopen (argv[1], "rb");
  if (f == NULL)
    {
      perror (argv[1]);
      return 1;
    }
  fseek (f, 0, SEEK_END);
  long bytes = ftell (f);
  fseek (f, 0, SEEK_SET);
  uint32_t n = (uint32_t)(bytes / 8);
  double *buffer = carom_core_buffer (n);
  if (buffer == NULL || fread (buffer, 8, n, f) != n)
    return 1;
  fclose (f);
  int repeat = argc > 2 ? atoi (argv[2]) : 21;
  if (repeat < 1)
    repeat = 1;
  double *load = malloc ((size_t)repeat * sizeof *load),
         *trace = malloc ((size_t)repeat * sizeof *trace);
  int32_t balls = 0;
  for (int i = 0; i < repeat; i++)
    {
      double t0 = now_ms ();
      if (carom_core_load (n) < 0)
        {
          fprintf (stderr, "time-core: the core refused the scene\n");
          return 1;
        }
      double t1 = now_ms ();
      balls = carom_core_trace (-1, 0);
      double t2 = now_ms ();
      load[i] = t1 - t0;
      trace[i] = t2 - t1;
    }
  qsort (load, (size_t)repeat, sizeof *load, compare);
  qsort (trace, (size_t)repeat, sizeof *trace, compare);
  printf ("native: load %.3f ms, trace %.3f ms (medians of %d), %d balls, %u hits\n",
          load[repeat / 2], trace[repeat / 2], repeat, balls, carom_core_hit_count ());
  free (load);
  free (trace);
  return 0;
}
