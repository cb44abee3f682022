/* carom-main.c: the `carom` program: headless commands, or the window. */
#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "carom-cli.h"

static void
print_usage (FILE *stream)
{
  fprintf (stream, "%s\n",
           _ ("Usage:\n"
              "  carom trace SCENE.svg [--json] [--max-bounces N] [--brute-force]\n"
              "\n"
              "Commands:\n"
              "  trace    Trace every ball of a scene and print its hits\n"
              "\n"
              "Run “carom COMMAND --help” for a command’s options."));
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  textdomain (GETTEXT_PACKAGE);

  if (argc >= 2 && strcmp (argv[1], "trace") == 0)
    return carom_cli_trace (argc - 1, argv + 1);

  if (argc >= 2 && (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0))
    {
      print_usage (stdout);
      return 0;
    }

  print_usage (stderr);
  return 2;
}
