/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-cli-export-formats.c: `carom export` to .tex, .gif, animated .svg and .html. */
#include "carom-cli-export-formats.h"

#include <glib/gi18n.h>
#include <string.h>

#include "io/carom-svg.h"
#include "render/carom-export-anim.h"
#include "render/carom-export-html.h"
#include "render/carom-export-tikz.h"
#include "render/carom-export.h"

/* What --fps and --hits-per-second hold when not given (0 is a value, refused). */
#define NOT_GIVEN (-G_MAXDOUBLE)

typedef enum
{
  OUT_OTHER, /* .png, .pdf, a still .svg: carom-cli-export.c's */
  OUT_TEX,
  OUT_GIF,
  OUT_SVG,
  OUT_HTML,
  OUT_UNKNOWN,
} Output;

static Output
output_kind (const char *path, gboolean *svg_or_raster)
{
  const char *dot = strrchr (path, '.');
  const char *slash = strrchr (path, G_DIR_SEPARATOR);
  *svg_or_raster = FALSE;
  if (dot == NULL || (slash != NULL && dot < slash))
    return OUT_UNKNOWN;
  if (g_ascii_strcasecmp (dot, ".tex") == 0)
    return OUT_TEX;
  if (g_ascii_strcasecmp (dot, ".gif") == 0)
    return OUT_GIF;
  if (g_ascii_strcasecmp (dot, ".svg") == 0)
    return OUT_SVG;
  if (g_ascii_strcasecmp (dot, ".html") == 0 || g_ascii_strcasecmp (dot, ".htm") == 0)
    return OUT_HTML;
  if (g_ascii_strcasecmp (dot, ".png") == 0 || g_ascii_strcasecmp (dot, ".pdf") == 0)
    {
      *svg_or_raster = TRUE;
      return OUT_OTHER;
    }
  return OUT_UNKNOWN;
}

const GOptionEntry *
carom_cli_export_formats_entries (CaromCliExportFormats *formats)
{
  g_return_val_if_fail (formats != NULL, NULL);
  *formats = (CaromCliExportFormats){ .fps = NOT_GIVEN, .hits_per_second = NOT_GIVEN };
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

gboolean
carom_cli_export_formats_check (const CaromCliExportFormats *formats, const char *output,
                                gboolean *applies, GError **error)
{
  g_return_val_if_fail (formats != NULL && output != NULL && applies != NULL, FALSE);
  gboolean still;
  Output kind = output_kind (output, &still);
  g_autofree char *display = g_filename_display_name (output);
  *applies = FALSE;
  if (kind == OUT_UNKNOWN)
    {
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
                   _ ("cannot tell the format of “%s”: the output must end in .svg, .png, .pdf, "
                      ".html, .tex or .gif"),
                   display);
      return FALSE;
    }
  if (formats->animate && kind != OUT_GIF && kind != OUT_SVG)
    {
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
                   _ ("--animate needs -o OUT.gif or -o OUT.svg, not “%s”"), display);
      return FALSE;
    }
  gboolean animation = kind == OUT_GIF || (kind == OUT_SVG && formats->animate);
  if ((formats->fps != NOT_GIVEN || formats->hits_per_second != NOT_GIVEN) && !animation)
    {
      g_set_error_literal (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
                           _ ("--fps and --hits-per-second go with an animation (-o OUT.gif, or "
                              "-o OUT.svg --animate)"));
      return FALSE;
    }
  if (formats->fps != NOT_GIVEN && kind != OUT_GIF)
    {
      g_set_error_literal (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
                           _ ("--fps is for a GIF: an animated SVG has no frames"));
      return FALSE;
    }
  if (formats->tikz_fragment && kind != OUT_TEX)
    {
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
                   _ ("--tikz-fragment needs -o OUT.tex, not “%s”"), display);
      return FALSE;
    }
  if ((formats->follow_dark || formats->html_fragment) && kind != OUT_HTML)
    {
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
                   _ ("--follow-dark and --html-fragment need -o OUT.html, not “%s”"), display);
      return FALSE;
    }
  *applies = kind == OUT_TEX || kind == OUT_HTML || animation;
  return TRUE;
}

gboolean
carom_cli_export_formats_write (const CaromCliExportFormats *formats, const CmScene *scene,
                                const CaromRenderCache *cache, CgAabb box, const CaromStyle *style,
                                const CaromRenderOptions *options, int width_px, const char *output,
                                GError **error)
{
  gboolean still;
  Output kind = output_kind (output, &still);
  if (kind == OUT_TEX)
    return carom_export_tikz (cache, box, style, options,
                              formats->tikz_fragment ? CAROM_TIKZ_FRAGMENT : CAROM_TIKZ_DOCUMENT,
                              output, error);
  if (kind == OUT_HTML)
    {
      if (options->n_steps > 0)
        {
          g_set_error_literal (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
                               _ ("a web page steps through the hits itself: it takes --step, "
                                  "not --steps"));
          return FALSE;
        }
      CaromHtmlOptions html = { .title = formats->title,
                                .follow_dark = formats->follow_dark,
                                .fragment = formats->html_fragment };
      return carom_export_html (scene, cache, box, style, options, &html, output, error);
    }

  if (options->n_steps > 0 || options->step != CAROM_STEP_NONE)
    {
      g_set_error_literal (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
                           _ ("an animation shows every hit in turn: it takes no --step or "
                              "--steps"));
      return FALSE;
    }
  CaromAnimTiming timing;
  double fps = formats->fps != NOT_GIVEN ? formats->fps : CAROM_ANIM_DEFAULT_FPS;
  double hps = formats->hits_per_second != NOT_GIVEN ? formats->hits_per_second
                                                     : CAROM_ANIM_DEFAULT_HITS_PER_SECOND;
  if (!carom_anim_timing (cache, box, fps, hps, &timing, error))
    return FALSE;
  if (kind == OUT_GIF)
    return carom_export_gif (cache, box, style, options, &timing,
                             width_px > 0 ? width_px : CAROM_ANIM_DEFAULT_WIDTH, output, error);
  g_autofree char *drawing
      = carom_export_animated_svg_fragment (cache, box, style, options, &timing, error);
  return drawing != NULL && carom_svg_write_file_with_generated (scene, drawing, output, error);
}
