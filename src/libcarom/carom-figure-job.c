/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-figure-job.c: `carom export`'s options checked, and the figure
 * written (docs/cli.md, "carom export"). */
#include "carom-figure-job.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "io/carom-svg.h"
#include "model/carom-tracing.h"
#include "render/carom-export-anim.h"
#include "render/carom-export-html.h"
#include "render/carom-export-tikz.h"
#include "render/carom-figure.h"
#include "render/carom-underlay.h"

GQuark
carom_figure_error_quark (void)
{
  return g_quark_from_static_string ("carom-figure-error-quark");
}

void
carom_figure_settings_init (CaromFigureSettings *settings)
{
  g_return_if_fail (settings != NULL);
  *settings = (CaromFigureSettings){
    .width = -1,
    .digits = CAROM_DIGITS_DEFAULT,
    .step = G_MININT64,
    .max_bounces = G_MININT64,
    .front = CAROM_FRONT_NONE,
    .fps = CAROM_FIGURE_NOT_GIVEN,
    .hits_per_second = CAROM_FIGURE_NOT_GIVEN,
  };
}

static gboolean
fail (GError **error, const char *message)
{
  g_set_error_literal (error, CAROM_FIGURE_ERROR, CAROM_FIGURE_ERROR_OPTIONS, message);
  return FALSE;
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

typedef enum
{
  OUT_OTHER, /* .png, .pdf, a still .svg */
  OUT_TEX,
  OUT_GIF,
  OUT_SVG,
  OUT_HTML,
  OUT_UNKNOWN,
} Output;

static Output
output_kind (const char *path)
{
  const char *dot = strrchr (path, '.');
  const char *slash = strrchr (path, G_DIR_SEPARATOR);
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
    return OUT_OTHER;
  return OUT_UNKNOWN;
}

/* Whether output is a .tex, a .gif, an .svg with --animate or an .html, in
 * *more; FALSE for options that do not go together with it. */
static gboolean
check_more_formats (const CaromFigureSettings *s, const char *output, gboolean *more,
                    GError **error)
{
  Output kind = output_kind (output);
  g_autofree char *display = g_filename_display_name (output);
  *more = FALSE;
  if (kind == OUT_UNKNOWN)
    {
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
                   _ ("cannot tell the format of “%s”: the output must end in .svg, .png, .pdf, "
                      ".html, .tex or .gif"),
                   display);
      return FALSE;
    }
  if (s->animate && kind != OUT_GIF && kind != OUT_SVG)
    {
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
                   _ ("--animate needs -o OUT.gif or -o OUT.svg, not “%s”"), display);
      return FALSE;
    }
  gboolean animation = kind == OUT_GIF || (kind == OUT_SVG && s->animate);
  if ((s->fps != CAROM_FIGURE_NOT_GIVEN || s->hits_per_second != CAROM_FIGURE_NOT_GIVEN)
      && !animation)
    {
      g_set_error_literal (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
                           _ ("--fps and --hits-per-second go with an animation (-o OUT.gif, or "
                              "-o OUT.svg --animate)"));
      return FALSE;
    }
  if (s->fps != CAROM_FIGURE_NOT_GIVEN && kind != OUT_GIF)
    {
      g_set_error_literal (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
                           _ ("--fps is for a GIF: an animated SVG has no frames"));
      return FALSE;
    }
  if (s->tikz_fragment && kind != OUT_TEX)
    {
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
                   _ ("--tikz-fragment needs -o OUT.tex, not “%s”"), display);
      return FALSE;
    }
  if ((s->follow_dark || s->html_fragment) && kind != OUT_HTML)
    {
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
                   _ ("--follow-dark and --html-fragment need -o OUT.html, not “%s”"), display);
      return FALSE;
    }
  *more = kind == OUT_TEX || kind == OUT_HTML || animation;
  return TRUE;
}

gboolean
carom_figure_job_init (CaromFigureJob *job, const CaromFigureSettings *s, const char *output,
                       GError **error)
{
  g_return_val_if_fail (job != NULL && s != NULL && output != NULL, FALSE);
  *job = (CaromFigureJob){ .output = g_strdup (output),
                           .format = CAROM_EXPORT_PNG,
                           .view_box = cg_aabb_empty (),
                           .width = s->width,
                           .ball = g_strdup (s->ball),
                           .step = s->step,
                           .max_bounces = s->max_bounces,
                           .file_drawing = s->file_drawing,
                           .animate = s->animate,
                           .tikz_fragment = s->tikz_fragment,
                           .follow_dark = s->follow_dark,
                           .html_fragment = s->html_fragment,
                           .fps = s->fps,
                           .hits_per_second = s->hits_per_second,
                           .title = g_strdup (s->title != NULL ? s->title : "Carom") };
  carom_render_options_init (&job->options);
  job->style = carom_style_article ();
  g_autofree char *message = NULL;

  if (!check_more_formats (s, output, &job->more_format, error)
      || (!job->more_format && !carom_export_format_for_path (output, &job->format, error)))
    return FALSE;
  if (s->show != NULL && !carom_overlays_parse (s->show, &job->options.overlays, error))
    return FALSE;
  if (s->style != NULL && !carom_style_from_name (s->style, &job->style))
    {
      message = g_strdup_printf (_ ("unknown style “%s” (known: article, screen, screen-dark)"),
                                 s->style);
      return fail (error, message);
    }
  if (s->width != -1 && (s->width < 1 || s->width > CAROM_EXPORT_MAX_WIDTH))
    {
      message = g_strdup_printf (_ ("--width needs a number of pixels from 1 to %d, not %d"),
                                 CAROM_EXPORT_MAX_WIDTH, s->width);
      return fail (error, message);
    }
  if (s->bvh_levels != NULL
      && !parse_levels (s->bvh_levels, &job->options.bvh_level_lo, &job->options.bvh_level_hi))
    {
      message = g_strdup_printf (_ ("--bvh-levels needs LO or LO:HI with 0 <= LO <= HI, not “%s”"),
                                 s->bvh_levels);
      return fail (error, message);
    }
  if (s->legend != NULL && !carom_legend_placement_parse (s->legend, &job->options.legend, error))
    return FALSE;
  if (s->paths_by != NULL
      && !carom_path_colouring_parse (s->paths_by, &job->options.paths_by, error))
    return FALSE;
  job->options.path = carom_path_extent_for_style (&job->style);
  if (s->path != NULL && !carom_path_extent_parse (s->path, &job->options.path, error))
    return FALSE;
  if (s->front != CAROM_FRONT_NONE && !(s->front >= 0.0 && isfinite (s->front)))
    return fail (error, _ ("--front needs a path length of 0 or more"));
  job->options.front = s->front;
  if (s->digits < 1 || s->digits > 17)
    return fail (error, _ ("--digits needs a number from 1 to 17"));
  job->options.digits = s->digits;
  if (s->font_size != 0.0 && !(s->font_size >= 1.0 && s->font_size <= 72.0))
    return fail (error, _ ("--font-size needs a size from 1 to 72 points"));
  /* The style borrows the family: the job keeps it. */
  job->font = g_strdup (s->font);
  if (job->font != NULL && *g_strstrip (job->font) == '\0')
    return fail (error, _ ("--font needs a font family, such as “Serif”"));
  carom_style_set_font (&job->style, job->font, s->font_size);
  if (s->mono)
    carom_style_make_mono (&job->style);
  if (s->view != NULL && !parse_view (s->view, &job->view_box))
    {
      message = g_strdup_printf (
          _ ("--view needs X,Y,W,H in scene units with W and H above 0, not “%s”"), s->view);
      return fail (error, message);
    }
  if (s->steps != NULL)
    {
      if (s->step != G_MININT64)
        return fail (error, _ ("give either --step or --steps, not both"));
      if (!job->more_format && job->format == CAROM_EXPORT_SVG)
        return fail (error, _ ("--steps needs a .png or .pdf output: an SVG scene shows one "
                               "step over its own objects"));
      if ((job->steps = carom_figure_parse_steps (s->steps, error)) == NULL)
        return FALSE;
      job->options.steps = (const gint64 *)job->steps->data;
      job->options.n_steps = job->steps->len;
    }
  if (s->max_bounces != G_MININT64 && s->max_bounces < 0)
    return fail (error, _ ("--max-bounces needs a number of 0 or more"));
  if (s->max_hits != 0
      && (s->max_hits < (gint64)CAROM_BUDGET_MIN || s->max_hits > (gint64)CAROM_BUDGET_MAX))
    {
      g_autofree char *least = carom_format_count ((double)CAROM_BUDGET_MIN);
      g_autofree char *most = carom_format_count ((double)CAROM_BUDGET_MAX);
      message = g_strdup_printf (_ ("--max-hits needs a number from %s to %s"), least, most);
      return fail (error, message);
    }
  job->budget = s->max_hits > 0 ? (guint64)s->max_hits : CAROM_BUDGET_WINDOW_DEFAULT;
  if (s->step != G_MININT64 && s->step < 0)
    return fail (error, _ ("--step needs a number of 0 (the start) or more"));
  if (s->file_drawing
      && (job->more_format
          || (job->format != CAROM_EXPORT_PNG && job->format != CAROM_EXPORT_PDF
              && job->format != CAROM_EXPORT_SVG)))
    return fail (error, _ ("--file-drawing goes with a .png or .pdf (an .svg is the file "
                           "itself, its drawing included; TikZ and animations cannot hold "
                           "it)"));
  return TRUE;
}

void
carom_figure_job_clear (CaromFigureJob *job)
{
  g_return_if_fail (job != NULL);
  g_clear_pointer (&job->output, g_free);
  g_clear_pointer (&job->steps, g_array_unref);
  g_clear_pointer (&job->ball, g_free);
  g_clear_pointer (&job->title, g_free);
  g_clear_pointer (&job->font, g_free);
}

/* .tex, .gif, an animated .svg or .html. */
static gboolean
write_more (const CaromFigureJob *job, const CmScene *scene, const CaromRenderCache *cache,
            CgAabb box, const CaromRenderOptions *options, GError **error)
{
  Output kind = output_kind (job->output);
  if (kind == OUT_TEX)
    return carom_export_tikz (cache, box, &job->style, options,
                              job->tikz_fragment ? CAROM_TIKZ_FRAGMENT : CAROM_TIKZ_DOCUMENT,
                              job->output, error);
  if (kind == OUT_HTML)
    {
      if (options->n_steps > 0)
        {
          g_set_error_literal (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
                               _ ("a web page steps through the hits itself: it takes --step, "
                                  "not --steps"));
          return FALSE;
        }
      CaromHtmlOptions html = { .title = job->title,
                                .follow_dark = job->follow_dark,
                                .fragment = job->html_fragment };
      return carom_export_html (scene, cache, box, &job->style, options, &html, job->output, error);
    }

  if (options->n_steps > 0 || options->step != CAROM_STEP_NONE)
    {
      g_set_error_literal (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT,
                           _ ("an animation shows every hit in turn: it takes no --step or "
                              "--steps"));
      return FALSE;
    }
  CaromAnimTiming timing;
  double fps = job->fps != CAROM_FIGURE_NOT_GIVEN ? job->fps : CAROM_ANIM_DEFAULT_FPS;
  double hps = job->hits_per_second != CAROM_FIGURE_NOT_GIVEN ? job->hits_per_second
                                                              : CAROM_ANIM_DEFAULT_HITS_PER_SECOND;
  if (!carom_anim_timing (cache, box, fps, hps, &timing, error))
    return FALSE;
  if (kind == OUT_GIF)
    return carom_export_gif (cache, box, &job->style, options, &timing,
                             job->width > 0 ? job->width : CAROM_ANIM_DEFAULT_WIDTH, job->output,
                             error);
  g_autofree char *drawing
      = carom_export_animated_svg_fragment (cache, box, &job->style, options, &timing, error);
  return drawing != NULL
         && carom_svg_write_file_with_generated (scene, drawing, job->output, error);
}

gboolean
carom_figure_job_write (const CaromFigureJob *job, const CmScene *scene, CaromFigureNote note,
                        gpointer note_data, gint *cancel, GError **error)
{
  g_return_val_if_fail (job != NULL && scene != NULL, FALSE);
  CaromTraceOptions trace_options = CAROM_TRACE_OPTIONS_INIT;
  trace_options.max_bounces_override = job->max_bounces == G_MININT64 ? -1 : job->max_bounces;
  trace_options.budget = job->budget;
  trace_options.cancel = cancel;
  g_autoptr (CmSceneTrace) trace = cm_scene_trace_full (scene, &trace_options);
  if (trace == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("out of memory"));
      return FALSE;
    }
  if (trace->cancelled)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _ ("The trace was cancelled"));
      return FALSE;
    }
  if (note != NULL && trace->plan != NULL && trace->plan->cut)
    note (NULL, trace->plan, note_data);
  int ball = -1;
  if (job->ball != NULL && (ball = cm_scene_trace_find_ball (trace, job->ball)) < 0)
    {
      g_autofree char *message = g_strdup_printf (_ ("the scene has no ball “%s”"), job->ball);
      return fail (error, message);
    }
  g_autoptr (CaromRenderCache) cache = carom_render_cache_new (scene, trace, ball);
  if (cache == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("out of memory"));
      return FALSE;
    }
  CaromRenderOptions options = job->options;
  options.step = job->step == G_MININT64 ? CAROM_STEP_NONE : job->step;
  if (!carom_render_cache_check_step (cache, options.step, error))
    return FALSE;
  for (guint i = 0; i < options.n_steps; i++)
    if (!carom_render_cache_check_step (cache, options.steps[i], error))
      return FALSE;

  CgAabb box = cg_aabb_is_empty (job->view_box) ? carom_export_box (scene) : job->view_box;
  g_autoptr (CaromUnderlay) underlay = NULL;
  if (job->file_drawing && job->format != CAROM_EXPORT_SVG)
    {
      g_autoptr (GBytes) drawing = carom_svg_scene_underlay (scene);
      underlay = drawing != NULL ? carom_underlay_new (drawing) : NULL;
      if (underlay == NULL && note != NULL)
        note (_ ("the file draws nothing besides its objects (or cannot be read again): "
                 "--file-drawing adds nothing"),
              NULL, note_data);
      options.underlay = underlay;
    }
  if (job->more_format)
    return write_more (job, scene, cache, box, &options, error);
  switch (job->format)
    {
    case CAROM_EXPORT_PNG:
      return carom_export_png (cache, box, &job->style, &options,
                               job->width > 0 ? job->width : CAROM_EXPORT_DEFAULT_WIDTH,
                               job->output, error);
    case CAROM_EXPORT_PDF:
      return carom_export_pdf (cache, box, &job->style, &options, job->output, error);
    case CAROM_EXPORT_SVG:
      {
        /* The file's frame grows for a legend beside the drawing, where
         * its root allows (carom_svg_frame_can_grow()). */
        gboolean grow = carom_svg_frame_can_grow (scene);
        CaromFigure figure;
        carom_figure_init (&figure, cache, box, &job->style, &options);
        if (!grow && !cg_aabb_is_empty (figure.legend) && !figure.legend_inside && note != NULL)
          note (_ ("no corner of the file’s frame is free for the legend, and the frame "
                   "cannot grow to hold it beside the drawing (its root has no viewBox, or a "
                   "width or height in %): the legend is left out (a .png or .pdf puts it "
                   "outside)"),
                NULL, note_data);
        CgAabb cover;
        g_autofree char *drawing
            = carom_export_svg_fragment (cache, box, &job->style, &options, grow, &cover, error);
        return drawing != NULL
               && carom_svg_write_file_with_figure (scene, drawing, cover, job->output, error);
      }
    }
  g_return_val_if_reached (FALSE);
}
