/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-main.c: the `carom` program: headless commands, or the window. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#ifdef CAROM_HAVE_GUI
#include "app/carom-application.h"
#endif
#include "carom-cli.h"

static void
print_usage (FILE *stream)
{
  fprintf (stream, "%s\n",
           _ ("Usage:\n"
              "  carom [SCENE.svg…]                 open the scenes in windows\n"
              "  carom trace SCENE.svg [--json | --explain [--latex] [--digits N]]\n"
              "              [--max-bounces N] [--max-hits N] [--brute-force]\n"
              "  carom map SCENE.svg -o OUT.png|OUT.svg|OUT.pdf|OUT.csv [--ball ID]\n"
              "            [--max-bounces M] [--max-hits N]\n"
              "  carom export SCENE.svg -o OUT.svg|.png|.pdf|.tex|.gif|.html [--step N]\n"
              "               [--show LIST] [--width PX] [--style article|screen|screen-dark]\n"
              "  carom save IN.svg -o OUT.svg [--force]\n"
              "  carom lab TEST A B [--to X,Y]      one collision test on two shapes, as JSON\n"
              "  carom lab grid SCENE.svg [--ball ID] [--cell SIZE]\n"
              "\n"
              "Commands:\n"
              "  trace    Trace every ball of a scene and print its hits\n"
              "  map      Draw the boundary map of the balls: every hit as (ξ, sin φ)\n"
              "  export   Draw a scene as a figure (SVG, PNG, PDF, TikZ), an animation\n"
              "           (GIF, SVG) or an interactive web page (HTML)\n"
              "  save     Read a scene and write it as the window’s Save does\n"
              "  lab      Run a test of the Collision lab and print its numbers\n"
              "\n"
              "Carom never drops what it does not understand: saving a file drawn\n"
              "elsewhere writes back every element, attribute and comment that is not a\n"
              "wall, obstacle or ball where it was, and each object keeps its element.\n"
              "\n"
              "Run “carom COMMAND --help” for a command’s options."));
}

/* A first argument that is neither a command, an option nor something that
 * looks like a scene file is most likely a mistyped command. */
static gboolean
looks_like_mistyped_command (const char *arg)
{
  if (arg[0] == '-')
    return FALSE;
  g_autofree char *lower = g_ascii_strdown (arg, -1);
  return !g_str_has_suffix (lower, ".svg") && !g_file_test (arg, G_FILE_TEST_EXISTS)
         && strchr (arg, '/') == NULL && strchr (arg, ':') == NULL;
}

/* Whether this process runs the `carom` meson built, uninstalled, as
 * scripts/run, the tests and the benchmarks run it. The folder of the running
 * executable is compared with the build tree's by device and inode, so a
 * symbolic link on either path changes nothing; an installed or copied binary
 * never matches, and so never reads anything from the build tree. */
static gboolean
running_from_build_tree (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  if (exe == NULL)
    return FALSE;
  g_autofree char *exe_dir = g_path_get_dirname (exe);
  GStatBuf running, built;
  return g_stat (exe_dir, &running) == 0 && g_stat (BUILD_EXE_DIR, &built) == 0
         && running.st_dev == built.st_dev && running.st_ino == built.st_ino;
}

/* The window's settings schema, compiled in the build tree, its icon, in the
 * source tree, and its help, staged in the build tree, are not installed yet:
 * GIO and the application find them through these variables. The schema
 * folder goes before any the user named, so the schema matches this build. */
static void
use_build_tree_data (void)
{
  const char *schema_dirs = g_getenv ("GSETTINGS_SCHEMA_DIR");
  g_autofree char *dirs
      = schema_dirs != NULL && schema_dirs[0] != '\0'
            ? g_strjoin (G_SEARCHPATH_SEPARATOR_S, BUILD_SCHEMADIR, schema_dirs, NULL)
            : g_strdup (BUILD_SCHEMADIR);
  g_setenv ("GSETTINGS_SCHEMA_DIR", dirs, TRUE);
  g_setenv ("CAROM_ICONDIR", SOURCE_ICONDIR, FALSE);
  /* The help, staged by scripts/setup: the help browser F1 starts inherits
   * this environment and looks for help:carom in these folders first. */
  if (g_file_test (BUILD_HELP_DATADIR "/help", G_FILE_TEST_IS_DIR))
    {
      const char *data_dirs = g_getenv ("XDG_DATA_DIRS");
      g_autofree char *joined = g_strjoin (
          G_SEARCHPATH_SEPARATOR_S, BUILD_HELP_DATADIR,
          data_dirs != NULL && data_dirs[0] != '\0' ? data_dirs : "/usr/local/share:/usr/share",
          NULL);
      g_setenv ("XDG_DATA_DIRS", joined, TRUE);
    }
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  gboolean uninstalled = running_from_build_tree ();
  if (uninstalled)
    use_build_tree_data ();
  /* CAROM_LOCALEDIR names another folder of translations. */
  const char *localedir = g_getenv ("CAROM_LOCALEDIR");
  if (localedir == NULL)
    localedir = uninstalled ? BUILD_LOCALEDIR : LOCALEDIR;
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc >= 2 && strcmp (argv[1], "trace") == 0)
    return carom_cli_trace (argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "map") == 0)
    return carom_cli_map (argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "export") == 0)
    return carom_cli_export (argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "save") == 0)
    return carom_cli_save (argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "lab") == 0)
    return carom_cli_lab (argc - 1, argv + 1);

  if (argc >= 2 && (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0))
    {
      print_usage (stdout);
      return 0;
    }

  if (argc >= 2 && looks_like_mistyped_command (argv[1]))
    {
      fprintf (stderr, _ ("carom: “%s” is not a command or a scene file\n"), argv[1]);
      print_usage (stderr);
      return 2;
    }

#ifdef CAROM_HAVE_GUI
  g_set_application_name (_ ("Carom"));
  g_autoptr (CaromApplication) app = carom_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
#else
  /* Built with -Dgui=false: the headless commands only. */
  fprintf (stderr, "%s\n",
           _ ("carom: this build has no window (it was built without GTK); run one of its "
              "commands"));
  print_usage (stderr);
  return 2;
#endif
}
