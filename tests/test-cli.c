/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli.c: `carom` as a user runs it (the binary in $CAROM_EXE). */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <string.h>
#include "test-util.h"

/* A file of the source tree, kept in *owned (freed by its owner). */
static const char *
source_path (const char *relative, char **owned)
{
  return *owned = test_source_path (relative);
}

/* Runs carom with args in the language LANGUAGE names, as a user of that
 * language does: the locale C.UTF-8 (in the C locale gettext ignores
 * LANGUAGE) and no CAROM_LOCALEDIR, so carom must find its translations
 * itself, here in the build tree. */
static int
run_carom_in (const char *language, const char *const *args, char **out, char **err)
{
  g_auto (GStrv) envp = g_get_environ ();
  envp = g_environ_setenv (envp, "LANGUAGE", language, TRUE);
  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);
  envp = g_environ_unsetenv (envp, "CAROM_LOCALEDIR");
  return test_run_carom_env (envp, args, out, err);
}

/* Whether two files hold different bytes. */
static gboolean
files_differ (const char *a, const char *b)
{
  g_autofree char *text_a = NULL, *text_b = NULL;
  gsize length_a, length_b;
  g_assert_true (g_file_get_contents (a, &text_a, &length_a, NULL));
  g_assert_true (g_file_get_contents (b, &text_b, &length_b, NULL));
  return length_a != length_b || memcmp (text_a, text_b, length_a) != 0;
}

/* The numbers of the JSON array that follows `key` after position `from`. */
static const char *
json_vec_after (const char *from, const char *key, double *x, double *y)
{
  const char *p = strstr (from, key);
  g_assert_nonnull (p);
  p = strchr (p, '[');
  g_assert_nonnull (p);
  char *end;
  *x = g_ascii_strtod (p + 1, &end);
  g_assert_true (*end == ',');
  *y = g_ascii_strtod (end + 1, &end);
  g_assert_true (*end == ']');
  return end;
}

/* 1: the seed scene's JSON trace starts with the tutorial's first hit: (60, 260)
 * on the room's edge 1, normal (0, -1), leaving along (1, -1)/√2. */
static void
test_cli_trace_json_seed (void)
{
  g_autofree char *scene = NULL, *out = NULL, *err = NULL;
  const char *args[] = { "trace", "--json", source_path ("data/examples/seed.svg", &scene), NULL };
  g_assert_cmpint (test_run_carom (args, &out, &err), ==, 0);
  g_assert_cmpstr (err, ==, "");
  g_assert_nonnull (strstr (out, "\"balls\": ["));
  g_assert_nonnull (strstr (out, "\"id\": \"ball\""));
  g_assert_nonnull (strstr (out, "\"radius\": 40"));
  g_assert_nonnull (strstr (out, "\"status\": \"max-bounces\""));

  double x, y;
  json_vec_after (out, "\"start\"", &x, &y);
  g_assert_cmpfloat (x, ==, -200);
  g_assert_cmpfloat (y, ==, 0);
  const char *hit1 = strstr (out, "{\"index\": 1,");
  g_assert_nonnull (hit1);
  json_vec_after (hit1, "\"point\"", &x, &y);
  g_assert_cmpfloat_with_epsilon (x, 60, 1e-9);
  g_assert_cmpfloat_with_epsilon (y, 260, 1e-9);
  json_vec_after (hit1, "\"normal\"", &x, &y);
  g_assert_cmpfloat (x, ==, 0);
  g_assert_cmpfloat (y, ==, -1);
  json_vec_after (hit1, "\"out\"", &x, &y);
  g_assert_cmpfloat_with_epsilon (x, G_SQRT2 / 2, 1e-15);
  g_assert_cmpfloat_with_epsilon (y, -G_SQRT2 / 2, 1e-15);
  g_assert_nonnull (strstr (hit1, "\"object\": \"room\", \"role\": \"wall\", \"primitive\": "
                                  "\"segment\", \"edge\": 1"));
  /* 29 wall hits, as the scene's carom:max-bounces says. */
  g_assert_nonnull (strstr (out, "{\"index\": 29,"));
  g_assert_null (strstr (out, "{\"index\": 30,"));
}

/* 2: --brute-force prints exactly the same trace as the BVH. */
static void
test_cli_brute_force_same (void)
{
  g_autofree char *scene = NULL, *a = NULL, *b = NULL, *err = NULL, *err2 = NULL;
  source_path ("data/examples/seed.svg", &scene);
  const char *args1[] = { "trace", "--json", scene, NULL };
  const char *args2[] = { "trace", "--json", "--brute-force", scene, NULL };
  g_assert_cmpint (test_run_carom (args1, &a, &err), ==, 0);
  g_assert_cmpint (test_run_carom (args2, &b, &err2), ==, 0);
  g_assert_cmpstr (a, ==, b);
}

/* 3: --max-bounces overrides the ball's own setting. */
static void
test_cli_max_bounces (void)
{
  g_autofree char *scene = NULL, *out = NULL, *err = NULL;
  const char *args[]
      = { "trace", "--json", "--max-bounces", "3", source_path ("data/examples/seed.svg", &scene),
          NULL };
  g_assert_cmpint (test_run_carom (args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "{\"index\": 3,"));
  g_assert_null (strstr (out, "{\"index\": 4,"));
  g_assert_nonnull (strstr (out, "\"status\": \"max-bounces\""));

  const char *bad[] = { "trace", "--max-bounces", "-2", scene, NULL };
  g_autofree char *out2 = NULL, *err2 = NULL;
  g_assert_cmpint (test_run_carom (bad, &out2, &err2), ==, 2);
  g_assert_nonnull (strstr (err2, "--max-bounces"));
}

/* 4: the text form names the ball, each hit and the status. */
static void
test_cli_text (void)
{
  g_autofree char *scene = NULL, *out = NULL, *err = NULL;
  const char *args[] = { "trace", source_path ("data/examples/seed.svg", &scene), NULL };
  g_setenv ("LANGUAGE", "C", TRUE);
  g_assert_cmpint (test_run_carom (args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "Ball ball at (-200, 0), radius 40"));
  g_assert_nonnull (strstr (out, "(60, 260)"));
  g_assert_nonnull (strstr (out, "wall room, edge 1"));
  g_assert_nonnull (strstr (out, "max-bounces"));
}

/* --explain prints the maths of every hit, the worked example's first, its
 * numbers to 6 digits or --digits N; with --latex an align* each, every digit
 * kept; --latex alone or with --json is refused. */
static void
test_cli_explain (void)
{
  g_autofree char *scene = NULL, *out = NULL, *err = NULL;
  const char *args[]
      = { "trace", source_path ("data/examples/seed.svg", &scene), "--explain", NULL };
  g_setenv ("LANGUAGE", "C", TRUE);
  g_assert_cmpint (test_run_carom (args, &out, &err), ==, 0);
  g_assert_true (
      g_str_has_prefix (out, "Hit 1 of ball “ball”: wall “room”, edge 1 (offset segment)\n"));
  /* Numbers for people: 6 significant digits by default. */
  g_assert_nonnull (strstr (out, "  t = ((a − c)·n) / (d·n) = 367.696\n"));
  g_assert_nonnull (strstr (out, "  p = c + t d = (60, 260)\n"));
  g_assert_nonnull (strstr (out, "  c = (-200, 0), d = (0.707107, 0.707107), r = 40\n"));
  g_assert_nonnull (strstr (out, "Hit 29 of ball “ball”"));
  g_assert_null (strstr (out, "Hit 30 "));

  /* --digits 17: every digit needed to read each number back; --digits 3. */
  g_autofree char *full = NULL, *err_full = NULL, *three = NULL, *err_three = NULL;
  const char *args_full[] = { "trace", scene, "--explain", "--digits", "17", NULL };
  g_assert_cmpint (test_run_carom (args_full, &full, &err_full), ==, 0);
  g_assert_nonnull (strstr (full, "  t = ((a − c)·n) / (d·n) = 367.69552621700467\n"));
  g_assert_nonnull (
      strstr (full, "  c = (-200, 0), d = (0.7071067811865476, 0.7071067811865476), r = 40\n"));
  const char *args_three[] = { "trace", scene, "--explain", "--digits", "3", NULL };
  g_assert_cmpint (test_run_carom (args_three, &three, &err_three), ==, 0);
  g_assert_nonnull (strstr (three, "  t = ((a − c)·n) / (d·n) = 368\n"));
  g_autofree char *out5 = NULL, *err5 = NULL, *out6 = NULL, *err6 = NULL;
  const char *args5[] = { "trace", scene, "--digits", "3", NULL };
  g_assert_cmpint (test_run_carom (args5, &out5, &err5), ==, 2);
  const char *args6[] = { "trace", scene, "--explain", "--digits", "18", NULL };
  g_assert_cmpint (test_run_carom (args6, &out6, &err6), ==, 2);

  g_autofree char *latex = NULL, *err2 = NULL;
  const char *args2[] = { "trace", scene, "--explain", "--latex", NULL };
  g_assert_cmpint (test_run_carom (args2, &latex, &err2), ==, 0);
  g_assert_true (g_str_has_prefix (latex, "\\begin{align*}"));
  g_assert_nonnull (strstr (latex, "367.69552621700467"));

  g_autofree char *out3 = NULL, *err3 = NULL;
  const char *args3[] = { "trace", scene, "--latex", NULL };
  g_assert_cmpint (test_run_carom (args3, &out3, &err3), ==, 2);
  g_autofree char *out4 = NULL, *err4 = NULL;
  const char *args4[] = { "trace", scene, "--explain", "--json", NULL };
  g_assert_cmpint (test_run_carom (args4, &out4, &err4), ==, 2);
}

/* `carom lab`: one test's numbers as JSON; shapes it cannot take are refused
 * with the reason. */
static void
test_cli_lab (void)
{
  g_autofree char *out = NULL, *err = NULL;
  const char *seg[]
      = { "lab", "segments", "segment:50,50,450,450", "segment:100,400,800,100", NULL };
  g_assert_cmpint (test_run_carom (seg, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "\"kind\": \"cross\""));
  g_assert_nonnull (strstr (out, "\"denom\": -400000"));
  g_assert_nonnull (strstr (out, "\"point\": [310, 310]"));

  g_autofree char *out2 = NULL, *err2 = NULL;
  const char *sweep[]
      = { "lab", "sweep", "circle:-4,-1,2", "rect:0,0,10,10", "--to", "4,-1", NULL };
  g_assert_cmpint (test_run_carom (sweep, &out2, &err2), ==, 0);
  g_assert_nonnull (strstr (out2, "\"corner\": true"));
  g_assert_nonnull (strstr (out2, "\"time\": 0.2834936490538"));

  g_autofree char *out3 = NULL, *err3 = NULL;
  const char *sat[] = { "lab", "sat", "rect:0,0,10,10", "rect:8,3,18,13", NULL };
  g_assert_cmpint (test_run_carom (sat, &out3, &err3), ==, 0);
  g_assert_nonnull (strstr (out3, "\"mtv\": [2, 0]"));

  g_autofree char *out4 = NULL, *err4 = NULL;
  const char *concave[]
      = { "lab", "sat", "polygon:0,0,10,0,10,4,4,4,4,10,0,10", "rect:1,1,2,2", NULL };
  g_assert_cmpint (test_run_carom (concave, &out4, &err4), ==, 1);
  g_assert_nonnull (strstr (err4, "convex"));

  g_autofree char *out5 = NULL, *err5 = NULL;
  const char *bad[] = { "lab", "circles", "circle:0,0,-1", "circle:1,1,1", NULL };
  g_assert_cmpint (test_run_carom (bad, &out5, &err5), ==, 2);
  g_assert_nonnull (strstr (err5, "circle:0,0,-1"));

  g_autofree char *scene = NULL, *out6 = NULL, *err6 = NULL;
  const char *grid[] = { "lab", "grid", source_path ("data/examples/seed.svg", &scene), NULL };
  g_assert_cmpint (test_run_carom (grid, &out6, &err6), ==, 0);
  g_assert_nonnull (strstr (out6, "\"hit\": 29"));
  g_assert_null (strstr (out6, "\"same_hit\": false"));
}

/* 5: a missing file exits non-zero with a message naming it. */
static void
test_cli_missing_file (void)
{
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "trace", "/nonexistent/scene.svg", NULL };
  int status = test_run_carom (args, &out, &err);
  g_assert_cmpint (status, !=, 0);
  g_assert_cmpint (status, !=, 2);
  g_assert_nonnull (strstr (err, "/nonexistent/scene.svg"));
  g_assert_cmpstr (out, ==, "");
}

/* 6: an invalid object gets a message naming the object and the problem; no crash. */
static void
test_cli_invalid_object (void)
{
  g_autofree char *dir = g_dir_make_tmp ("carom-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bowtie.svg", NULL);
  const char *svg
      = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:carom=\"urn:carom:scene:1\">"
        "<polygon carom:role=\"obstacle\" id=\"bowtie\" points=\"0,0 10,10 10,0 0,10\"/>"
        "</svg>";
  g_assert_true (g_file_set_contents (path, svg, -1, NULL));
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "trace", path, NULL };
  g_assert_cmpint (test_run_carom (args, &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "bowtie"));
  g_unlink (path);
  g_rmdir (dir);
}

/* A truncated file: the same words as the window's, in English and in
 * Chinese, naming the file and where it ends. */
static void
test_cli_truncated_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("carom-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "table.svg", NULL);
  const char *svg
      = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:carom=\"urn:carom:scene:1\">\n"
        "<polygon carom:role=\"wall\" id=\"room\" points=\"0,0 0,100 100,100 100,0\"/>\n"
        "<polygon carom:role=\"obstacle\" id=\"post\" points=\"40,40";
  g_assert_true (g_file_set_contents (path, svg, -1, NULL));
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL;
  const char *args[] = { "trace", path, NULL };
  g_assert_cmpint (run_carom_in ("C", args, &out, &err), ==, 1);
  g_assert_cmpstr (err, ==,
                   "carom trace: “table.svg” is not a complete SVG file: it ends at line 3 before "
                   "its elements are closed\n");
  g_assert_cmpint (run_carom_in ("zh_CN", args, &out2, &err2), ==, 1);
  g_assert_nonnull (strstr (err2, "“table.svg”不是完整的 SVG 文件：它在第 3 行就结束了"));
  g_unlink (path);
  g_rmdir (dir);
}

/* 7: usage errors exit with status 2 and say what is wrong. */
static void
test_cli_usage (void)
{
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "trace", NULL };
  g_assert_cmpint (test_run_carom (args, &out, &err), ==, 2);
  g_assert_cmpstr (err, !=, "");
  g_autofree char *out2 = NULL, *err2 = NULL;
  const char *args2[] = { "frobnicate", NULL };
  g_assert_cmpint (test_run_carom (args2, &out2, &err2), ==, 2);
  g_assert_nonnull (strstr (err2, "carom trace"));
}

/* 8: `carom save IN.svg -o OUT.svg` writes a foreign file back whole (its comment, title and
 * open path kept, the summary on standard error); usage errors exit with 2, an unreadable file
 * with 1; a file Carom cannot keep all of is not written over itself without --force, and the
 * loss is named. `carom --help` lists save and says what Carom keeps. */
static void
test_cli_save (void)
{
  g_autofree char *dir = g_dir_make_tmp ("carom-cli-XXXXXX", NULL);
  g_autofree char *in = g_build_filename (dir, "in.svg", NULL);
  g_autofree char *out_path = g_build_filename (dir, "out.svg", NULL);
  const char *svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">\n"
                    "  <title>Room</title>\n  <!-- a comment -->\n"
                    "  <rect x=\"0\" y=\"0\" width=\"10\" height=\"10\" fill=\"none\"/>\n"
                    "  <path d=\"M 1 1 Q 5 0 9 1\" fill=\"none\" stroke=\"#c01c28\"/>\n"
                    "</svg>\n";
  g_assert_true (g_file_set_contents (in, svg, -1, NULL));
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "save", in, "-o", out_path, NULL };
  g_assert_cmpint (test_run_carom (args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (err, "Took 1 wall"));
  g_autofree char *written = NULL;
  g_assert_true (g_file_get_contents (out_path, &written, NULL, NULL));
  /* Byte for byte: no XML declaration where the file had none. */
  g_assert_cmpstr (written, ==, svg);

  g_autofree char *out2 = NULL, *err2 = NULL;
  const char *no_output[] = { "save", in, NULL };
  g_assert_cmpint (test_run_carom (no_output, &out2, &err2), ==, 2);
  g_assert_nonnull (strstr (err2, "-o"));
  g_autofree char *missing = g_build_filename (dir, "missing.svg", NULL);
  g_autofree char *out3 = NULL, *err3 = NULL;
  const char *unreadable[] = { "save", missing, "-o", out_path, NULL };
  g_assert_cmpint (test_run_carom (unreadable, &out3, &err3), ==, 1);
  g_assert_nonnull (strstr (err3, "missing.svg"));

  /* Carom's drawing for a diagram cannot be kept: over the original only with --force. */
  const char *diagram = "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                        "xmlns:carom=\"urn:carom:scene:1\"><g carom:generated=\"true\">"
                        "<path d=\"M 0 0 L 1 1\"/></g></svg>\n";
  g_assert_true (g_file_set_contents (in, diagram, -1, NULL));
  g_autofree char *out4 = NULL, *err4 = NULL;
  const char *over[] = { "save", in, "-o", in, NULL };
  g_assert_cmpint (test_run_carom (over, &out4, &err4), ==, 1);
  g_assert_nonnull (strstr (err4, "carom:generated"));
  g_autofree char *still = NULL;
  g_assert_true (g_file_get_contents (in, &still, NULL, NULL));
  g_assert_cmpstr (still, ==, diagram);
  g_autofree char *out5 = NULL, *err5 = NULL;
  const char *forced[] = { "save", in, "-o", in, "--force", NULL };
  g_assert_cmpint (test_run_carom (forced, &out5, &err5), ==, 0);
  g_clear_pointer (&still, g_free);
  g_assert_true (g_file_get_contents (in, &still, NULL, NULL));
  g_assert_null (strstr (still, "generated"));

  g_autofree char *out6 = NULL, *err6 = NULL;
  const char *help[] = { "--help", NULL };
  g_assert_cmpint (test_run_carom (help, &out6, &err6), ==, 0);
  g_assert_nonnull (strstr (out6, "carom save IN.svg -o OUT.svg"));
  g_assert_nonnull (strstr (out6, "never drops what it does not understand"));
  g_autofree char *out7 = NULL, *err7 = NULL;
  const char *save_help[] = { "save", "--help", NULL };
  g_assert_cmpint (test_run_carom (save_help, &out7, &err7), ==, 0);
  g_assert_nonnull (strstr (out7, "--force"));
  g_unlink (in);
  g_unlink (out_path);
  g_rmdir (dir);
}

/* 9: run from the build tree under LANGUAGE=zh_CN, `carom trace --explain`
 * speaks Chinese from its first line; under LANGUAGE=C, English. */
static void
test_cli_language_explain (void)
{
  g_autofree char *scene = NULL, *zh = NULL, *err_zh = NULL, *en = NULL, *err_en = NULL;
  const char *args[]
      = { "trace", "--explain", source_path ("data/examples/seed.svg", &scene), NULL };
  g_assert_cmpint (run_carom_in ("zh_CN", args, &zh, &err_zh), ==, 0);
  g_assert_true (g_str_has_prefix (zh, "第 1 次碰撞（小球“ball”）"));
  g_assert_cmpint (run_carom_in ("C", args, &en, &err_en), ==, 0);
  g_assert_true (g_str_has_prefix (en, "Hit 1 of ball “ball”"));
}

/* 10: `carom export` under LANGUAGE=zh_CN writes the legend of a PNG and of an
 * SVG in Chinese: each file differs from the one written under LANGUAGE=C,
 * whose figure is the same but for the legend's words (the SVG's text is glyph
 * outlines, so the words cannot be searched). Its messages and --help are
 * Chinese too. */
static void
test_cli_language_export (void)
{
  g_autofree char *dir = g_dir_make_tmp ("carom-cli-XXXXXX", NULL);
  g_autofree char *scene = g_build_filename (dir, "room.svg", NULL);
  /* A ball going to and fro across the middle: the corners are free for the legend. */
  const char *svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                    "xmlns:carom=\"urn:carom:scene:1\" viewBox=\"-520 -520 1040 1040\">"
                    "<polygon carom:role=\"wall\" id=\"room\" "
                    "points=\"-500,-500 -500,500 500,500 500,-500\"/>"
                    "<circle carom:role=\"ball\" id=\"ball\" cx=\"0\" cy=\"0\" r=\"20\" "
                    "carom:direction=\"1 0\" carom:max-bounces=\"4\"/></svg>\n";
  g_assert_true (g_file_set_contents (scene, svg, -1, NULL));

  const char *formats[] = { "png", "svg" };
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autofree char *zh_name = g_strdup_printf ("zh_CN.%s", formats[i]);
      g_autofree char *en_name = g_strdup_printf ("C.%s", formats[i]);
      g_autofree char *zh_path = g_build_filename (dir, zh_name, NULL);
      g_autofree char *en_path = g_build_filename (dir, en_name, NULL);
      g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL;
      const char *zh_args[] = { "export", scene, "-o", zh_path, NULL };
      g_assert_cmpint (run_carom_in ("zh_CN", zh_args, &out, &err), ==, 0);
      const char *en_args[] = { "export", scene, "-o", en_path, NULL };
      g_assert_cmpint (run_carom_in ("C", en_args, &out2, &err2), ==, 0);
      g_assert_true (files_differ (zh_path, en_path));
      g_unlink (zh_path);
      g_unlink (en_path);
    }

  g_autofree char *unwritten = g_build_filename (dir, "x.svg", NULL);
  g_autofree char *out = NULL, *zh = NULL, *out2 = NULL, *en = NULL;
  const char *bad_style[] = { "export", scene, "-o", unwritten, "--style", "nope", NULL };
  g_assert_cmpint (run_carom_in ("zh_CN", bad_style, &out, &zh), ==, 2);
  g_assert_nonnull (strstr (zh, "未知样式“nope”"));
  g_assert_cmpint (run_carom_in ("C", bad_style, &out2, &en), ==, 2);
  g_assert_nonnull (strstr (en, "unknown style “nope”"));

  g_autofree char *help_zh = NULL, *err = NULL, *help_en = NULL, *err2 = NULL;
  const char *help[] = { "export", "--help", NULL };
  g_assert_cmpint (run_carom_in ("zh_CN", help, &help_zh, &err), ==, 0);
  g_assert_nonnull (strstr (help_zh, "将场景及其叠加层绘制为"));
  g_assert_cmpint (run_carom_in ("C", help, &help_en, &err2), ==, 0);
  g_assert_nonnull (strstr (help_en, "Draw a scene and its overlays"));
  g_unlink (scene);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/trace/json-seed", test_cli_trace_json_seed);
  g_test_add_func ("/cli/trace/brute-force-same", test_cli_brute_force_same);
  g_test_add_func ("/cli/trace/max-bounces", test_cli_max_bounces);
  g_test_add_func ("/cli/trace/text", test_cli_text);
  g_test_add_func ("/cli/trace/explain", test_cli_explain);
  g_test_add_func ("/cli/lab", test_cli_lab);
  g_test_add_func ("/cli/trace/missing-file", test_cli_missing_file);
  g_test_add_func ("/cli/trace/invalid-object", test_cli_invalid_object);
  g_test_add_func ("/cli/trace/truncated-file", test_cli_truncated_file);
  g_test_add_func ("/cli/usage", test_cli_usage);
  g_test_add_func ("/cli/save", test_cli_save);
  g_test_add_func ("/cli/language/explain", test_cli_language_explain);
  g_test_add_func ("/cli/language/export", test_cli_language_export);
  return g_test_run ();
}
