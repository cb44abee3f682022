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
#include "render/carom-export.h"
#include "render/carom-underlay.h"

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

/* "LO" or "LO:HI" (either may be empty: ":3", "2:"). */
static gboolean
parse_levels (const char *text, guint *lo, guint *hi)
{
  g_auto (GStrv) parts = g_strsplit (text, ":", 3);
  guint n = g_strv_length (parts);
  if (n == 0 || n > 2)
    return FALSE;
  guint64 value;
  *lo = 0;
  *hi = G_MAXUINT;
  if (*parts[0] != '\0')
    {
      if (!g_ascii_string_to_unsigned (parts[0], 10, 0, G_MAXUINT - 1, &value, NULL))
        return FALSE;
      *lo = (guint)value;
      if (n == 1)
        *hi = *lo;
    }
  if (n == 2 && *parts[1] != '\0')
    {
      if (!g_ascii_string_to_unsigned (parts[1], 10, 0, G_MAXUINT - 1, &value, NULL))
        return FALSE;
      *hi = (guint)value;
    }
  return *lo <= *hi;
}

/* "X,Y,W,H" in scene units, W and H > 0. */
static gboolean
parse_view (const char *text, CgAabb *box)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  if (g_strv_length (parts) != 4)
    return FALSE;
  double v[4];
  for (int i = 0; i < 4; i++)
    {
      char *end;
      const char *p = g_strstrip (parts[i]);
      v[i] = g_ascii_strtod (p, &end);
      if (*p == '\0' || *end != '\0' || !isfinite (v[i]))
        return FALSE;
    }
  if (!(v[2] > 0.0 && v[3] > 0.0) || !isfinite (v[0] + v[2]) || !isfinite (v[1] + v[3]))
    return FALSE;
  *box = (CgAabb){ { v[0], v[1] }, { v[0] + v[2], v[1] + v[3] } };
  return TRUE;
}

/* The index in trace->balls of the ball called id. */
static int
find_ball (const CmSceneTrace *trace, const char *id)
{
  for (guint i = 0; i < trace->balls->len; i++)
    if (strcmp (g_array_index (trace->balls, CaromBallTrace, i).ball->id, id) == 0)
      return (int)i;
  return -1;
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

  CaromExportFormat format = CAROM_EXPORT_PNG;
  gboolean more_format = FALSE; /* written by carom-cli-export-formats.c */
  if (!carom_cli_export_formats_check (&more, output, &more_format, &error)
      || (!more_format && !carom_export_format_for_path (output, &format, &error)))
    return fail (EXIT_USAGE, error->message);
  CaromRenderOptions options;
  carom_render_options_init (&options);
  if (show != NULL && !carom_overlays_parse (show, &options.overlays, &error))
    return fail (EXIT_USAGE, error->message);
  CaromStyle style = carom_style_article ();
  if (style_name != NULL && !carom_style_from_name (style_name, &style))
    {
      g_autofree char *message = g_strdup_printf (
          _ ("unknown style “%s” (known: article, screen, screen-dark)"), style_name);
      return fail (EXIT_USAGE, message);
    }
  if (width != -1 && (width < 1 || width > CAROM_EXPORT_MAX_WIDTH))
    {
      g_autofree char *message
          = g_strdup_printf (_ ("--width needs a number of pixels from 1 to %d, not %d"),
                             CAROM_EXPORT_MAX_WIDTH, width);
      return fail (EXIT_USAGE, message);
    }
  if (levels != NULL && !parse_levels (levels, &options.bvh_level_lo, &options.bvh_level_hi))
    {
      g_autofree char *message = g_strdup_printf (
          _ ("--bvh-levels needs LO or LO:HI with 0 <= LO <= HI, not “%s”"), levels);
      return fail (EXIT_USAGE, message);
    }
  if (legend != NULL && !carom_legend_placement_parse (legend, &options.legend, &error))
    return fail (EXIT_USAGE, error->message);
  if (paths_by != NULL && !carom_path_colouring_parse (paths_by, &options.paths_by, &error))
    return fail (EXIT_USAGE, error->message);
  options.path = carom_path_extent_for_style (&style);
  if (path_extent != NULL && !carom_path_extent_parse (path_extent, &options.path, &error))
    return fail (EXIT_USAGE, error->message);
  if (front != CAROM_FRONT_NONE && !(front >= 0.0 && isfinite (front)))
    return fail (EXIT_USAGE, _ ("--front needs a path length of 0 or more"));
  options.front = front;
  if (digits < 1 || digits > 17)
    return fail (EXIT_USAGE, _ ("--digits needs a number from 1 to 17"));
  options.digits = digits;
  if (font_size != 0.0 && !(font_size >= 1.0 && font_size <= 72.0))
    return fail (EXIT_USAGE, _ ("--font-size needs a size from 1 to 72 points"));
  if (font != NULL && *g_strstrip (font) == '\0')
    return fail (EXIT_USAGE, _ ("--font needs a font family, such as “Serif”"));
  carom_style_set_font (&style, font, font_size);
  if (mono)
    carom_style_make_mono (&style);
  CgAabb view_box = cg_aabb_empty ();
  if (view != NULL && !parse_view (view, &view_box))
    {
      g_autofree char *message = g_strdup_printf (
          _ ("--view needs X,Y,W,H in scene units with W and H above 0, not “%s”"), view);
      return fail (EXIT_USAGE, message);
    }
  g_autoptr (GArray) steps = NULL;
  if (steps_list != NULL)
    {
      if (step != G_MININT64)
        return fail (EXIT_USAGE, _ ("give either --step or --steps, not both"));
      if (format == CAROM_EXPORT_SVG)
        return fail (EXIT_USAGE, _ ("--steps needs a .png or .pdf output: an SVG scene shows one "
                                    "step over its own objects"));
      if ((steps = carom_figure_parse_steps (steps_list, &error)) == NULL)
        return fail (EXIT_USAGE, error->message);
      options.steps = (const gint64 *)steps->data;
      options.n_steps = steps->len;
    }
  if (max_bounces != G_MININT64 && max_bounces < 0)
    return fail (EXIT_USAGE, _ ("--max-bounces needs a number of 0 or more"));
  if (!carom_cli_check_budget ("carom export", max_hits))
    return EXIT_USAGE;
  if (step != G_MININT64 && step < 0)
    return fail (EXIT_USAGE, _ ("--step needs a number of 0 (the start) or more"));

  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CmScene) scene = carom_svg_read_file (files[0], NULL, &summary, &error);
  if (scene == NULL)
    return fail (EXIT_FILE, error->message);
  for (guint i = 0; summary != NULL && i < summary->len; i++)
    g_printerr ("%s\n", (const char *)g_ptr_array_index (summary, i));

  CaromTraceOptions trace_options = CAROM_TRACE_OPTIONS_INIT;
  trace_options.max_bounces_override = max_bounces == G_MININT64 ? -1 : max_bounces;
  trace_options.budget = max_hits > 0 ? (guint64)max_hits : CAROM_BUDGET_WINDOW_DEFAULT;
  g_autoptr (CmSceneTrace) trace = cm_scene_trace_full (scene, &trace_options);
  if (trace == NULL)
    return fail (EXIT_FILE, _ ("out of memory"));
  carom_cli_report_budget ("carom export", trace->plan, scene);
  int ball = -1;
  if (ball_id != NULL && (ball = find_ball (trace, ball_id)) < 0)
    {
      g_autofree char *message = g_strdup_printf (_ ("the scene has no ball “%s”"), ball_id);
      return fail (EXIT_USAGE, message);
    }
  g_autoptr (CaromRenderCache) cache = carom_render_cache_new (scene, trace, ball);
  if (cache == NULL)
    return fail (EXIT_FILE, _ ("out of memory"));
  options.step = step == G_MININT64 ? CAROM_STEP_NONE : step;
  if (!carom_render_cache_check_step (cache, options.step, &error))
    return fail (EXIT_USAGE, error->message);
  for (guint i = 0; i < options.n_steps; i++)
    if (!carom_render_cache_check_step (cache, options.steps[i], &error))
      return fail (EXIT_USAGE, error->message);

  CgAabb box = cg_aabb_is_empty (view_box) ? carom_export_box (scene) : view_box;
  gboolean ok = FALSE;
  g_autoptr (CaromUnderlay) underlay = NULL;
  if (file_drawing
      && (more_format
          || (format != CAROM_EXPORT_PNG && format != CAROM_EXPORT_PDF
              && format != CAROM_EXPORT_SVG)))
    return fail (EXIT_USAGE, _ ("--file-drawing goes with a .png or .pdf (an .svg is the file "
                                "itself, its drawing included; TikZ and animations cannot hold "
                                "it)"));
  if (file_drawing && format != CAROM_EXPORT_SVG)
    {
      g_autoptr (GBytes) drawing = carom_svg_scene_underlay (scene);
      underlay = drawing != NULL ? carom_underlay_new (drawing) : NULL;
      if (underlay == NULL)
        g_printerr ("carom export: %s\n",
                    _ ("the file draws nothing besides its objects (or cannot be read again): "
                       "--file-drawing adds nothing"));
      options.underlay = underlay;
    }
  if (more_format)
    {
      /* A web page's title: the scene file's name. */
      g_autofree char *base = g_path_get_basename (files[0]);
      g_autofree char *title = g_filename_display_name (base);
      char *dot = strrchr (title, '.');
      if (dot != NULL && dot != title)
        *dot = '\0';
      more.title = title;
      if (!carom_cli_export_formats_write (&more, scene, cache, box, &style, &options, width,
                                           output, &error))
        return fail (g_error_matches (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT)
                         ? EXIT_USAGE
                         : EXIT_FILE,
                     error->message);
      return EXIT_OK;
    }
  switch (format)
    {
    case CAROM_EXPORT_PNG:
      ok = carom_export_png (cache, box, &style, &options,
                             width > 0 ? width : CAROM_EXPORT_DEFAULT_WIDTH, output, &error);
      break;
    case CAROM_EXPORT_PDF:
      ok = carom_export_pdf (cache, box, &style, &options, output, &error);
      break;
    case CAROM_EXPORT_SVG:
      {
        /* The file's frame grows for a legend beside the drawing, where
         * its root allows (carom_svg_frame_can_grow()). */
        gboolean grow = carom_svg_frame_can_grow (scene);
        CaromFigure figure;
        carom_figure_init (&figure, cache, box, &style, &options);
        if (!grow && !cg_aabb_is_empty (figure.legend) && !figure.legend_inside)
          g_printerr ("carom export: %s\n",
                      _ ("no corner of the file’s frame is free for the legend, and the frame "
                         "cannot grow to hold it beside the drawing (its root has no viewBox, or a "
                         "width or height in %): the legend is left out (a .png or .pdf puts it "
                         "outside)"));
        CgAabb cover;
        g_autofree char *drawing
            = carom_export_svg_fragment (cache, box, &style, &options, grow, &cover, &error);
        ok = drawing != NULL
             && carom_svg_write_file_with_figure (scene, drawing, cover, output, &error);
        break;
      }
    }
  if (!ok)
    return fail (EXIT_FILE, error->message);
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
