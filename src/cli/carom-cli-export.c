/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-cli-export.c: `carom export SCENE.svg -o OUT.svg|OUT.png|OUT.pdf [--step N |
 * --steps LIST] [--show LIST] [--legend auto|right|below|none] [--width PX]
 * [--style article|screen|screen-dark] [--mono] [--font FAMILY] [--font-size PT]
 * [--view X,Y,W,H] [--digits N] [--ball ID] [--bvh-levels LO[:HI]] [--max-bounces N]
 * [--path upto|all]`; .tex, .gif, animated .svg and .html in carom-cli-export-formats.c. */
#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "carom-cli.h"
#include "io/carom-svg.h"
#include "carom-cli-export-formats.h"
#include "libcarom/carom-figure-job.h"

/* Exit statuses (README, "Command line"). */
enum
{
  EXIT_OK = 0,
  EXIT_FILE = 1,  /* the scene cannot be read, the output cannot be written */
  EXIT_USAGE = 2, /* bad options */
};

static int
fail (int status, const char *message)
{
  g_printerr ("carom export: %s\n", message);
  return status;
}

static void
note (const char *message, const CaromTracePlan *plan, gpointer data)
{
  const CmScene *scene = data;
  if (message != NULL)
    g_printerr ("carom export: %s\n", message);
  else
    carom_cli_report_budget ("carom export", plan, scene);
}

static int
export_main (int argc, char **argv)
{
  g_autofree char *output = NULL, *show = NULL, *style_name = NULL, *ball_id = NULL;
  g_autofree char *levels = NULL, *legend = NULL, *steps_list = NULL, *view = NULL;
  g_autofree char *font = NULL, *paths_by = NULL, *path_extent = NULL;
  double front = CAROM_FRONT_NONE;
  gint64 step = G_MININT64, max_bounces = G_MININT64; /* not given */
  gint64 max_hits = 0;                                /* not given: the window's budget */
  int width = -1, digits = CAROM_DIGITS_DEFAULT;
  double font_size = 0.0;
  gboolean mono = FALSE;
  gboolean file_drawing = FALSE;
  g_auto (GStrv) files = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_ ("Write the diagram to OUT (.svg, .png, .pdf, .tex, .gif or .html)"), N_ ("OUT") },
    { "step", 0, 0, G_OPTION_ARG_INT64, &step,
      N_ ("Show the selected ball at hit N (0: at its start)"), "N" },
    { "steps", 0, 0, G_OPTION_ARG_STRING, &steps_list,
      N_ ("Small multiples: these steps side by side, one panel each, such as 1,2,3 or 1-4"),
      N_ ("LIST") },
    { "show", 0, 0, G_OPTION_ARG_STRING, &show,
      N_ ("Overlays to draw, comma-separated: path, outlines, normals, aabb, bvh, labels, "
          "legend, grid, candidates, ghosts, all, none (default: path,outlines,labels,legend)"),
      N_ ("LIST") },
    { "legend", 0, 0, G_OPTION_ARG_STRING, &legend,
      N_ ("Where the legend goes: auto (inside where nothing is drawn, else outside), right, "
          "below or none"),
      N_ ("WHERE") },
    { "width", 0, 0, G_OPTION_ARG_INT, &width,
      N_ ("Width of a PNG’s drawing in pixels (default 1440; a legend outside adds to it); SVG "
          "and PDF are vector figures 360 pt on their longer side"),
      N_ ("PX") },
    { "view", 0, 0, G_OPTION_ARG_STRING, &view,
      N_ ("Show only this region of the scene, in scene units (default: everything)"),
      N_ ("X,Y,W,H") },
    { "file-drawing", 0, 0, G_OPTION_ARG_NONE, &file_drawing,
      N_ ("Draw behind the scene what the file draws besides its objects (text, guides, "
          "images) into a .png or .pdf (an .svg is the file itself, its drawing included)"),
      NULL },
    { "mono", 0, 0, G_OPTION_ARG_NONE, &mono,
      N_ ("Greys only, the step’s directions told apart by dash patterns (for print)"), NULL },
    { "font", 0, 0, G_OPTION_ARG_STRING, &font, N_ ("Font family of labels and the legend"),
      N_ ("FAMILY") },
    { "font-size", 0, 0, G_OPTION_ARG_DOUBLE, &font_size,
      N_ ("Font size of labels and the legend in points"), N_ ("PT") },
    { "digits", 0, 0, G_OPTION_ARG_INT, &digits,
      N_ ("Significant digits of the numbers drawn (default 6)"), "N" },
    { "style", 0, 0, G_OPTION_ARG_STRING, &style_name,
      N_ ("article (for print, the default), screen or screen-dark"), N_ ("STYLE") },
    { "ball", 0, 0, G_OPTION_ARG_STRING, &ball_id,
      N_ ("The ball whose outlines, BVH and steps are shown (default: the first)"), N_ ("ID") },
    { "bvh-levels", 0, 0, G_OPTION_ARG_STRING, &levels,
      N_ ("BVH levels to draw, 0 being the root (default: all)"), N_ ("LO[:HI]") },
    { "max-bounces", 0, 0, G_OPTION_ARG_INT64, &max_bounces,
      N_ ("Stop each ball after N hits (default: the ball’s own setting)"), "N" },
    { "max-hits", 0, 0, G_OPTION_ARG_INT64, &max_hits,
      N_ ("Trace within a work budget of N rays and hits in all (default 6,000,000, as the "
          "window)"),
      "N" },
    { "paths-by", 0, 0, G_OPTION_ARG_STRING, &paths_by,
      N_ ("Colour of the paths of beams and crowds of balls, drawn blended: ray (the default), "
          "bounces or single"),
      N_ ("HOW") },
    { "path", 0, 0, G_OPTION_ARG_STRING, &path_extent,
      N_ ("At a step, draw the path up to it (upto, the article style’s default) or all of it, "
          "the rest faint (all, the screen styles’ default)"),
      N_ ("upto|all") },
    { "front", 0, 0, G_OPTION_ARG_DOUBLE, &front,
      N_ ("Draw the selected ball’s beam up to path length S, each ray’s ball there"), "S" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("SCENE.svg -o OUT"));
  g_option_context_set_summary (
      context, _ ("Draw a scene and its overlays as an SVG scene, a PNG image, a PDF figure, "
                  "TikZ, an animation or an interactive web page."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  CaromCliExportFormats more; /* .tex, .gif, animated .svg */
  g_option_context_add_main_entries (context, carom_cli_export_formats_entries (&more),
                                     GETTEXT_PACKAGE);

  g_autoptr (GError) error = NULL;
  g_set_prgname ("carom export"); /* the usage line names the command */
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return fail (EXIT_USAGE, error->message);
  if (files == NULL || files[0] == NULL || files[1] != NULL)
    return fail (EXIT_USAGE, _ ("give exactly one scene file"));
  if (output == NULL)
    return fail (EXIT_USAGE, _ ("give the output file with -o OUT.svg, OUT.png or OUT.pdf"));

  CaromFigureSettings settings;
  carom_figure_settings_init (&settings);
  settings.show = show;
  settings.legend = legend;
  settings.style = style_name;
  settings.font = font;
  settings.ball = ball_id;
  settings.steps = steps_list;
  settings.bvh_levels = levels;
  settings.paths_by = paths_by;
  settings.path = path_extent;
  settings.view = view;
  settings.width = width;
  settings.digits = digits;
  settings.font_size = font_size;
  settings.mono = mono;
  settings.file_drawing = file_drawing;
  settings.step = step;
  settings.max_bounces = max_bounces;
  settings.max_hits = max_hits;
  settings.front = front;
  settings.animate = more.animate;
  settings.tikz_fragment = more.tikz_fragment;
  settings.follow_dark = more.follow_dark;
  settings.html_fragment = more.html_fragment;
  settings.fps = more.fps;
  settings.hits_per_second = more.hits_per_second;
  /* A web page's title: the scene file's name. */
  g_autofree char *base = g_path_get_basename (files[0]);
  g_autofree char *title = g_filename_display_name (base);
  char *dot = strrchr (title, '.');
  if (dot != NULL && dot != title)
    *dot = '\0';
  settings.title = title;
  g_auto (CaromFigureJob) job = { 0 };
  if (!carom_figure_job_init (&job, &settings, output, &error))
    return fail (EXIT_USAGE, error->message);

  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CmScene) scene = carom_svg_read_file (files[0], NULL, &summary, &error);
  if (scene == NULL)
    return fail (EXIT_FILE, error->message);
  for (guint i = 0; summary != NULL && i < summary->len; i++)
    g_printerr ("%s\n", (const char *)g_ptr_array_index (summary, i));

  if (!carom_figure_job_write (&job, scene, note, scene, NULL, &error))
    return fail (error->domain == CAROM_FIGURE_ERROR
                         || g_error_matches (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT)
                         || g_error_matches (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_STEP)
                     ? EXIT_USAGE
                     : EXIT_FILE,
                 error->message);
  return EXIT_OK;
}

int
carom_cli_export (int argc, char **argv)
{
  int status = export_main (argc, argv);
  /* After export_main() has freed everything it drew with. */
  carom_render_shutdown ();
  return status;
}
