/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-cli-save.c: `carom save IN.svg -o OUT.svg [--force]`: reads a scene
 * and writes it with the window's Save (carom_svg_write_file), so that files
 * can be normalised in scripts and the keeping of foreign content tested. */
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "carom-cli.h"
#include "io/carom-svg.h"

/* Exit statuses (README, "Command line"). */
enum
{
  EXIT_OK = 0,
  EXIT_FILE = 1,  /* the scene cannot be read, or the output written */
  EXIT_USAGE = 2, /* bad options */
};

static int
fail (int status, const char *message)
{
  g_printerr ("carom save: %s\n", message);
  return status;
}

/* True when a and b name the same existing file. */
static gboolean
same_file (const char *a, const char *b)
{
  g_autoptr (GFile) fa = g_file_new_for_commandline_arg (a);
  g_autoptr (GFile) fb = g_file_new_for_commandline_arg (b);
  if (g_file_equal (fa, fb))
    return TRUE;
  GStatBuf sa, sb;
  return g_stat (a, &sa) == 0 && g_stat (b, &sb) == 0 && sa.st_dev == sb.st_dev
         && sa.st_ino == sb.st_ino;
}

int
carom_cli_save (int argc, char **argv)
{
  g_autofree char *output = NULL;
  gboolean force = FALSE;
  g_auto (GStrv) files = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_ ("Write the scene to OUT.svg"),
      N_ ("OUT.svg") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force,
      N_ ("Overwrite IN.svg even when Carom cannot keep all of it"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("IN.svg -o OUT.svg"));
  g_option_context_set_summary (
      context, _ ("Read a scene and write it as the window’s Save does. Carom never drops what "
                  "it does not understand: everything in the file that is not a wall, obstacle "
                  "or ball is written back where it was, and each object keeps its element."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);

  g_autoptr (GError) error = NULL;
  g_set_prgname ("carom save"); /* the usage line names the command */
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return fail (EXIT_USAGE, error->message);
  if (files == NULL || files[0] == NULL || files[1] != NULL)
    return fail (EXIT_USAGE, _ ("give exactly one scene file"));
  if (output == NULL)
    return fail (EXIT_USAGE, _ ("give the output file with -o OUT.svg"));

  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CmScene) scene = carom_svg_read_file (files[0], NULL, &summary, &error);
  if (scene == NULL)
    return fail (EXIT_FILE, error->message);
  for (guint i = 0; summary != NULL && i < summary->len; i++)
    g_printerr ("%s\n", (const char *)g_ptr_array_index (summary, i));

  /* No save may surprise: what cannot be kept is named, and the original is
   * only overwritten with less than it had when asked to. */
  const GPtrArray *losses = carom_svg_get_losses (scene);
  if (losses != NULL)
    {
      for (guint i = 0; i < losses->len; i++)
        g_printerr (_ ("carom save: not kept: %s\n"), (const char *)g_ptr_array_index (losses, i));
      if (!force && same_file (files[0], output))
        return fail (EXIT_FILE, _ ("not overwriting the original with less than it had "
                                   "(write elsewhere, or give --force)"));
    }
  if (!carom_svg_write_file (scene, output, &error))
    return fail (EXIT_FILE, error->message);
  return EXIT_OK;
}
