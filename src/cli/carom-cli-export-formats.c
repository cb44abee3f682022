/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-cli-export-formats.c: the options `carom export` takes for .tex, .gif, animated .svg
 * and .html (libcarom/carom-figure-job.c checks them and writes the files). */
#include "carom-cli-export-formats.h"

#include <glib/gi18n.h>
#include <string.h>

#include "libcarom/carom-figure-job.h"

const GOptionEntry *
carom_cli_export_formats_entries (CaromCliExportFormats *formats)
{
  g_return_val_if_fail (formats != NULL, NULL);
  *formats = (CaromCliExportFormats){ .fps = CAROM_FIGURE_NOT_GIVEN,
                                      .hits_per_second = CAROM_FIGURE_NOT_GIVEN };
  const GOptionEntry entries[] = {
    { "animate", 0, 0, G_OPTION_ARG_NONE, &formats->animate,
      N_ ("Animate the stepping: with -o OUT.gif a looping GIF, with -o OUT.svg an SVG scene "
          "that plays in a browser"),
      NULL },
    { "fps", 0, 0, G_OPTION_ARG_DOUBLE, &formats->fps,
      N_ ("Frames a second of an animated GIF, 1 to 50 (default 25)"), "N" },
    { "hits-per-second", 0, 0, G_OPTION_ARG_DOUBLE, &formats->hits_per_second,
      N_ ("How fast an animation goes: the selected ball makes H hits a second on average, "
          "moving at a constant speed (default 2)"),
      "H" },
    { "tikz-fragment", 0, 0, G_OPTION_ARG_NONE, &formats->tikz_fragment,
      N_ ("With -o OUT.tex, write a bare tikzpicture to \\input rather than a standalone "
          "document"),
      NULL },
    { "follow-dark", 0, 0, G_OPTION_ARG_NONE, &formats->follow_dark,
      N_ ("With -o OUT.html, the page turns dark when the reader’s browser prefers dark mode"),
      NULL },
    { "html-fragment", 0, 0, G_OPTION_ARG_NONE, &formats->html_fragment,
      N_ ("With -o OUT.html, write only the figure element, to paste into an article’s HTML"),
      NULL },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  G_STATIC_ASSERT (G_N_ELEMENTS (entries) == G_N_ELEMENTS (formats->entries));
  memcpy (formats->entries, entries, sizeof entries);
  return formats->entries;
}
