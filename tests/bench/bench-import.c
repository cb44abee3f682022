/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-import.c: importing a big SVG scene (issue goals: peak memory under
 * 100 MB, at most twice the time of `xmllint --stream --noout`).
 *
 * usage: bench-import BIG.svg
 * with BIG.svg from `python3 tests/bench/make-big-svg.py 400000 1 > BIG.svg` (37 MB). */
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <sys/resource.h>

#include "io/carom-svg.h"

static double
now (void)
{
  return g_get_monotonic_time () / 1e6;
}

/* One run of xmllint --stream --noout on path, in seconds (NAN when it fails). */
static double
time_xmllint (const char *path)
{
  const char *argv[] = { "xmllint", "--stream", "--noout", path, NULL };
  double start = now ();
  int status;
  if (!g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
                     &status, NULL)
      || !g_spawn_check_wait_status (status, NULL))
    return NAN;
  return now () - start;
}

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      g_printerr ("usage: bench-import BIG.svg\n");
      return 2;
    }
  /* Runs alternate between Carom and xmllint so that both see the same machine load; the best
   * of each counts. */
  const int reps = 5;
  double best = INFINITY, best_xmllint = INFINITY;
  guint objects = 0;
  for (int rep = 0; rep < reps; rep++)
    {
      g_autoptr (GError) error = NULL;
      double start = now ();
      g_autoptr (CmScene) scene = carom_svg_read_file (argv[1], NULL, NULL, &error);
      double took = now () - start;
      if (scene == NULL)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      objects = scene->objects->len;
      best = MIN (best, took);
      best_xmllint = MIN (best_xmllint, time_xmllint (argv[1]));
    }
  struct rusage ru;
  getrusage (RUSAGE_SELF, &ru); /* xmllint runs in children, which this leaves out */
  GStatBuf st;
  g_stat (argv[1], &st);
  printf ("import %s: %.1f MB, %u objects\n", argv[1], st.st_size / 1e6, objects);
  printf ("  Carom import:             %.3f s (best of %d), peak resident memory %.1f MiB\n", best,
          reps, ru.ru_maxrss / 1024.0);
  printf ("  xmllint --stream --noout: %.3f s (best of %d); ratio %.2f\n", best_xmllint, reps,
          best / best_xmllint);
  return 0;
}
