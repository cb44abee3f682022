/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-util.h: what the test programs share — files of the source tree,
 * running the `carom` program as a user does, and reading the pixels of a
 * drawing (where cairo.h is included first). Header-only (each test is one program); include it
 * instead of writing these again. The window's own harness is ui-harness.h.
 *
 * The environment comes from tests/meson.build: CAROM_SOURCE_ROOT (the source
 * tree) and CAROM_EXE (the `carom` program built). */
#pragma once

#include <glib.h>
#include <sys/wait.h>

/* ---- files of the source tree ------------------------------------------ */

/* A file of the source tree (relative: e.g. "data/examples/seed.svg"), newly
 * allocated. Without CAROM_SOURCE_ROOT (a test run by hand), the folder
 * above the test's own, as GTest sees it. */
G_GNUC_UNUSED static char *
test_source_path (const char *relative)
{
  const char *root = g_getenv ("CAROM_SOURCE_ROOT");
  g_autofree char *fallback = NULL;
  if (root == NULL)
    root = fallback = g_test_build_filename (G_TEST_DIST, "..", NULL);
  return g_build_filename (root, relative, NULL);
}

/* An example scene of data/examples (e.g. "seed.svg"), newly allocated. */
G_GNUC_UNUSED static char *
test_example_path (const char *file)
{
  g_autofree char *relative = g_build_filename ("data", "examples", file, NULL);
  return test_source_path (relative);
}

/* ---- running carom ------------------------------------------------------ */

/* Runs argv (NULL-terminated; a bare name is looked for in PATH) in the environment envp (NULL:
 * this process's), capturing its standard output and error where out and err are not NULL; returns
 * its exit status, or -1 if it did not exit (a signal). */
G_GNUC_UNUSED static int
test_run_argv (char **envp, const char *const *argv, char **out, char **err)
{
  int wait_status = 0;
  g_autoptr (GError) error = NULL;
  if (!g_spawn_sync (NULL, (char **)argv, envp, G_SPAWN_SEARCH_PATH, NULL, NULL, out, err,
                     &wait_status, &error))
    g_error ("cannot run %s: %s", argv[0], error->message);
  return WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
}

/* Runs `carom ARGS…` (args NULL-terminated) in the environment envp (NULL:
 * this process's); returns the exit status. */
G_GNUC_UNUSED static int
test_run_carom_env (char **envp, const char *const *args, char **out, char **err)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  const char *exe = g_getenv ("CAROM_EXE");
  if (exe == NULL)
    g_error ("CAROM_EXE names no carom program (run the tests with meson test)");
  g_ptr_array_add (argv, (gpointer)exe);
  for (const char *const *a = args; *a != NULL; a++)
    g_ptr_array_add (argv, (gpointer)*a);
  g_ptr_array_add (argv, NULL);
  return test_run_argv (envp, (const char *const *)argv->pdata, out, err);
}

/* Runs `carom ARGS…`; returns the exit status. */
G_GNUC_UNUSED static int
test_run_carom (const char *const *args, char **out, char **err)
{
  return test_run_carom_env (NULL, args, out, err);
}

/* ---- pixels --------------------------------------------------------------- */

/* For the tests that draw (they include cairo.h before this header). */
#ifdef CAIRO_H

/* The colour of pixel (x, y) of an ARGB32 or RGB24 image, 0..255 each
 * (premultiplied, as cairo keeps it: on an opaque image, the colour). */
G_GNUC_UNUSED static void
test_pixel (cairo_surface_t *image, int x, int y, int rgb[3])
{
  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (image));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (image));
  const guint8 *row
      = cairo_image_surface_get_data (image) + y * cairo_image_surface_get_stride (image);
  guint32 p = ((const guint32 *)row)[x];
  rgb[0] = (p >> 16) & 0xff;
  rgb[1] = (p >> 8) & 0xff;
  rgb[2] = p & 0xff;
}

/* The luminance of a colour, 0 (black) .. 255 (white), Rec. 601. */
G_GNUC_UNUSED static int
test_rgb_luminance (const int rgb[3])
{
  return (299 * rgb[0] + 587 * rgb[1] + 114 * rgb[2]) / 1000;
}

/* The luminance of pixel (x, y). */
G_GNUC_UNUSED static int
test_luminance (cairo_surface_t *image, int x, int y)
{
  int rgb[3];
  test_pixel (image, x, y, rgb);
  return test_rgb_luminance (rgb);
}
#endif /* CAIRO_H */
