/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-map.c: `carom map` and `carom trace --threads` as a user runs
 * them (the binary in $CAROM_EXE). */
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/wait.h>
#include "test-util.h"

/* The CSV of `carom map` on scene (text), --max-bounces 1, split in lines. */
static GStrv
map_csv_lines (const char *svg_text)
{
  g_autofree char *dir = g_dir_make_tmp ("carom-map-XXXXXX", NULL);
  g_autofree char *scene = g_build_filename (dir, "scene.svg", NULL);
  g_autofree char *csv = g_build_filename (dir, "map.csv", NULL);
  g_assert_true (g_file_set_contents (scene, svg_text, -1, NULL));
  g_autofree char *out = NULL, *err = NULL, *text = NULL;
  const char *args[] = { "map", scene, "-o", csv, "--max-bounces", "1", NULL };
  g_assert_cmpint (test_run_carom (args, &out, &err), ==, 0);
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  g_unlink (csv);
  g_unlink (scene);
  g_rmdir (dir);
  return g_strsplit (text, "\n", -1);
}

/* 1b: an arc edge and a vertex cap are told apart, as in trace --json: a
 * ball straight at a round obstacle hits its arc edge 0; one along the
 * diagonal at a square's corner (-50, -50) touches vertex 0, the corner. */
static void
test_map_csv_edge_or_vertex (void)
{
  const char *head = "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                     "xmlns:carom=\"urn:carom:scene:1\">"
                     "<polygon carom:role=\"wall\" id=\"room\" "
                     "points=\"-300,-300 -300,300 300,300 300,-300\"/>";
  g_autofree char *disk
      = g_strconcat (head,
                     "<circle carom:role=\"obstacle\" id=\"disk\" cx=\"0\" cy=\"0\" r=\"50\"/>"
                     "<circle carom:role=\"ball\" id=\"b\" cx=\"-200\" cy=\"0\" r=\"10\" "
                     "carom:direction=\"1 0\"/></svg>",
                     NULL);
  g_auto (GStrv) a = map_csv_lines (disk);
  /* ξ: the room's 2400, then half the disk's circle from its vertex (50, 0)
   * to the contact (-50, 0), 50π; head-on, sin φ = 0. */
  g_assert_cmpstr (a[1], ==, "b,1,2557.0796326794898,0,disk,arc,0,");
  g_autofree char *square
      = g_strconcat (head,
                     "<polygon carom:role=\"obstacle\" id=\"post\" "
                     "points=\"-50,-50 50,-50 50,50 -50,50\"/>"
                     "<circle carom:role=\"ball\" id=\"b\" cx=\"-200\" cy=\"-200\" r=\"10\" "
                     "carom:direction=\"1 1\"/></svg>",
                     NULL);
  g_auto (GStrv) c = map_csv_lines (square);
  g_auto (GStrv) f = g_strsplit (c[1], ",", -1);
  g_assert_cmpuint (g_strv_length (f), ==, 8);
  g_assert_cmpstr (f[4], ==, "post");
  g_assert_cmpstr (f[5], ==, "arc");
  g_assert_cmpstr (f[6], ==, "");
  g_assert_cmpstr (f[7], !=, "");
}

/* 1: the seed's map as CSV: the header, then the tutorial ball's hits with
 * the hand-computed ξ and sin φ = 1/√2 (test-boundary-map.c works them out). */
static void
test_map_csv_seed (void)
{
  g_autofree char *scene = test_source_path ("data/examples/seed.svg");
  g_autofree char *dir = g_dir_make_tmp ("carom-map-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename (dir, "seed.csv", NULL);
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "map", scene, "-o", csv, "--max-bounces", "5", NULL };
  g_assert_cmpint (test_run_carom (args, &out, &err), ==, 0);
  g_assert_cmpstr (err, ==, "");
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 7); /* header, 5 hits, "" */
  g_assert_cmpstr (lines[0], ==, "ball,hit,xi,sin_phi,object,primitive,edge,vertex");
  static const double xi[] = { 960, 1440, 2160, 240, 960 };
  for (int k = 0; k < 5; k++)
    {
      g_auto (GStrv) f = g_strsplit (lines[k + 1], ",", -1);
      g_assert_cmpuint (g_strv_length (f), ==, 8);
      g_assert_cmpstr (f[0], ==, "ball");
      g_assert_cmpint (atoi (f[1]), ==, k + 1);
      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (f[2], NULL), xi[k], 1e-9);
      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (f[3], NULL), sqrt (0.5), 1e-15);
      g_assert_cmpstr (f[4], ==, "room");
      g_assert_cmpstr (f[5], ==, "segment");
      g_assert_cmpstr (f[6], !=, ""); /* the edge */
      g_assert_cmpstr (f[7], ==, "");
    }
  g_unlink (csv);

  /* The plot formats. */
  const char *ext[] = { "png", "svg", "pdf" };
  const char *magic[] = { "\x89PNG", "<?xml", "%PDF" };
  for (int i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("map.%s", ext[i]);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      const char *plot[] = { "map", scene, "-o", path, "--ball", "ball", NULL };
      g_autofree char *o = NULL, *e = NULL, *bytes = NULL;
      g_assert_cmpint (test_run_carom (plot, &o, &e), ==, 0);
      g_assert_true (g_file_get_contents (path, &bytes, NULL, NULL));
      g_assert_true (g_str_has_prefix (bytes, magic[i]));
      g_unlink (path);
    }
  g_rmdir (dir);
}

/* 2: usage errors say what is wrong (status 2); a scene that cannot be
 * read is status 1. */
static void
test_map_errors (void)
{
  g_autofree char *scene = test_source_path ("data/examples/seed.svg");
  struct
  {
    const char *args[8];
    int status;
    const char *says;
  } cases[] = {
    { { "map", scene, NULL }, 2, "-o OUT" },
    { { "map", scene, "-o", "/tmp/x.txt", NULL }, 2, ".csv" },
    { { "map", scene, "-o", "/tmp/x.csv", "--ball", "nobody", NULL }, 2, "nobody" },
    { { "map", scene, "-o", "/tmp/x.csv", "--max-bounces", "-1", NULL }, 2, "--max-bounces" },
    { { "map", "/nonexistent/scene.svg", "-o", "/tmp/x.csv", NULL }, 1, "scene.svg" },
    { { "trace", scene, "--threads", "-2", NULL }, 2, "--threads" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL, *err = NULL;
      g_assert_cmpint (test_run_carom (cases[i].args, &out, &err), ==, cases[i].status);
      if (strstr (err, cases[i].says) == NULL)
        g_error ("case %u: expected “%s” in: %s", i, cases[i].says, err);
    }
}

/* 3: carom trace --json prints the same bytes on 1, 2 and 5 threads and by
 * default, for a scene of 120 balls among 300 obstacles. */
static void
test_trace_threads_same_bytes (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  GString *svg = g_string_new ("<svg xmlns=\"http://www.w3.org/2000/svg\" "
                               "xmlns:carom=\"urn:carom:scene:1\" viewBox=\"0 0 2000 2000\">\n"
                               "<polygon carom:role=\"wall\" id=\"room\" "
                               "points=\"0,0 2000,0 2000,2000 0,2000\"/>\n");
  for (int i = 0; i < 300; i++)
    {
      double cx = 100 + 60 * (i % 30) + g_rand_double_range (rand, -5, 5);
      double cy = 100 + 180 * (i / 30) + g_rand_double_range (rand, -5, 5);
      g_string_append_printf (svg, "<polygon carom:role=\"obstacle\" points=\"");
      for (int k = 0; k < 5; k++)
        {
          double a = 2 * G_PI * k / 5 + g_rand_double_range (rand, -0.3, 0.3);
          char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE];
          g_string_append_printf (svg, "%s,%s ",
                                  g_ascii_formatd (x, sizeof x, "%.6f", cx + 8 * cos (a)),
                                  g_ascii_formatd (y, sizeof y, "%.6f", cy + 8 * sin (a)));
        }
      g_string_append (svg, "\"/>\n");
    }
  for (int b = 0; b < 120; b++)
    {
      char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE], dx[G_ASCII_DTOSTR_BUF_SIZE],
          dy[G_ASCII_DTOSTR_BUF_SIZE];
      double a = g_rand_double_range (rand, 0, 2 * G_PI);
      g_string_append_printf (
          svg,
          "<circle carom:role=\"ball\" cx=\"%s\" cy=\"%s\" r=\"2\" carom:direction=\"%s %s\" "
          "carom:max-bounces=\"60\"/>\n",
          g_ascii_formatd (x, sizeof x, "%.6f", g_rand_double_range (rand, 20, 1980)),
          g_ascii_formatd (y, sizeof y, "%.6f", 40 + 180 * g_rand_int_range (rand, 0, 10)),
          g_ascii_formatd (dx, sizeof dx, "%.6f", cos (a)),
          g_ascii_formatd (dy, sizeof dy, "%.6f", sin (a)));
    }
  g_string_append (svg, "</svg>\n");
  g_autofree char *dir = g_dir_make_tmp ("carom-threads-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "balls.svg", NULL);
  g_assert_true (g_file_set_contents (path, svg->str, -1, NULL));
  g_string_free (svg, TRUE);

  const char *threads[] = { "1", "2", "5", NULL };
  g_autofree char *reference = NULL;
  for (int i = 0; i < 4; i++)
    {
      const char *args[]
          = { "trace", "--json", path, threads[i] ? "--threads" : NULL, threads[i], NULL };
      g_autofree char *out = NULL, *err = NULL;
      g_assert_cmpint (test_run_carom (args, &out, &err), ==, 0);
      if (reference == NULL)
        {
          /* Enough happened for the test to mean something. */
          g_assert_cmpuint (strlen (out), >, 50000);
          reference = g_steal_pointer (&out);
        }
      else
        g_assert_cmpstr (out, ==, reference);
    }
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli-map/csv-seed", test_map_csv_seed);
  g_test_add_func ("/cli-map/csv-edge-or-vertex", test_map_csv_edge_or_vertex);
  g_test_add_func ("/cli-map/errors", test_map_errors);
  g_test_add_func ("/cli-map/trace-threads-same-bytes", test_trace_threads_same_bytes);
  return g_test_run ();
}
