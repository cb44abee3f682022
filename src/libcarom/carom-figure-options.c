/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-figure-options.c: CaromFigureOptions, one property for each option
 * of `carom export` (docs/cli.md), checked when a figure is exported, as the
 * CLI checks them (carom-figure-job.c). */
#include "carom-private.h"

#include <float.h>

/**
 * CaromFigureOptions:
 *
 * How [method@Carom.Scene.export] draws a figure: the options of
 * `carom export`.
 *
 * There is one property for each option of `carom export`, of the same name
 * and meaning (docs/cli.md in Carom's sources). Strings take the CLI's syntax
 * ([property@Carom.FigureOptions:show] is `"path,outlines,labels"`); a
 * property left at its default is an option not given. The values are
 * checked when a figure is exported: [method@Carom.Scene.export] fails with
 * %CAROM_ERROR_INVALID and the CLI's message (which names the option as
 * `--width`, `--show`...).
 *
 * The format is the output file's extension: `.svg` (the scene file with
 * the figure; with [property@Carom.FigureOptions:animate] an animation),
 * `.png`, `.pdf`, `.tex` (TikZ), `.gif` (an animation) or `.html` (an
 * interactive web page).
 *
 * In Python, `Carom.FigureOptions(step=3, show="all")`; in GJS,
 * `new Carom.FigureOptions({step: 3, show: 'all'})`.
 */
struct _CaromFigureOptions
{
  GObject parent_instance;
  CaromFigureSettings settings;
  char *strings[11]; /* owned copies of the string settings */
};

G_DEFINE_FINAL_TYPE (CaromFigureOptions, carom_figure_options, G_TYPE_OBJECT)

typedef enum
{
  KIND_STRING,
  KIND_INT,
  KIND_INT64,
  KIND_DOUBLE,
  KIND_BOOLEAN,
} Kind;

typedef struct
{
  const char *name;
  Kind kind;
  gsize offset; /* in CaromFigureSettings */
  double min, max;
  const char *blurb;
} Option;

#define AT(field) G_STRUCT_OFFSET (CaromFigureSettings, field)

/* The properties, for g-ir-scanner and gi-docgen: the table below installs them. */

/**
 * CaromFigureOptions:show:
 *
 * The overlays to draw, comma-separated (`--show`): `path` (each ball's
 * path, arrows, numbered hits), `outlines` (the true offset outlines,
 * dashed), `normals`, `aabb` (the outlines' boxes), `bvh` (coloured by
 * depth), `labels`, `legend`, `grid`; at a step also `candidates` (what that
 * hit's cast tested and rejected) and `ghosts` (the ball at earlier hits);
 * or `all`, `none`. %NULL: `path,outlines,labels,legend`.
 */

/**
 * CaromFigureOptions:legend:
 *
 * Where the legend goes, with `legend` in [property@Carom.FigureOptions:show]
 * (`--legend`): `auto` (%NULL: inside the frame where nothing is drawn near
 * it, otherwise outside), `right` or `below` (outside, the figure growing),
 * or `none`.
 */

/**
 * CaromFigureOptions:style:
 *
 * The look (`--style`): `article` (%NULL: for print, thin black and grey
 * lines, the step in colour), `screen` or `screen-dark`.
 */

/**
 * CaromFigureOptions:font:
 *
 * The font family of the labels and the legend (`--font`, such as `Serif`;
 * %NULL: the style's, Sans).
 */

/**
 * CaromFigureOptions:ball:
 *
 * The id of the ball whose outlines, BVH and steps are shown (`--ball`;
 * %NULL: the first ball).
 */

/**
 * CaromFigureOptions:steps:
 *
 * Small multiples (`--steps`): the steps of `1,2,3`, a range `1-4` or both
 * (`0,3-5`; at most 64) side by side, at one scale, each with its caption.
 * For a `.png` or a `.pdf` only, and not with
 * [property@Carom.FigureOptions:step]. %NULL: one figure.
 */

/**
 * CaromFigureOptions:bvh-levels:
 *
 * The BVH levels drawn with `bvh` in [property@Carom.FigureOptions:show]
 * (`--bvh-levels`), 0 being the root: `LO` that level only, `LO:HI`, `LO:`
 * (and deeper) or `:HI`. %NULL: every level.
 */

/**
 * CaromFigureOptions:paths-by:
 *
 * How the blended paths of beams and crowds of balls are coloured
 * (`--paths-by`): by `ray` (%NULL), by `bounces` (the bounce count), or
 * `single` (the path colour).
 */

/**
 * CaromFigureOptions:path:
 *
 * How much of the selected ball's path a figure at a step draws (`--path`):
 * `upto` the path up to the step, or `all` of it, the rest faint. %NULL:
 * the style's (`upto` for `article`, `all` for the screen styles).
 */

/**
 * CaromFigureOptions:view:
 *
 * Draw only this region of the scene (`--view`): `X,Y,W,H` in scene units,
 * W and H above 0. %NULL: the whole scene's box.
 */

/**
 * CaromFigureOptions:title:
 *
 * The title of a web page (`.html`). %NULL: `Carom`.
 */

/**
 * CaromFigureOptions:width:
 *
 * The width of a PNG's or a GIF's drawing in pixels, 1 to 32767 (`--width`);
 * a wider PNG is the same figure, sharper. -1: the default (1440 for a PNG,
 * 720 for a GIF).
 */

/**
 * CaromFigureOptions:digits:
 *
 * The significant digits of the numbers the figure writes, 1 to 17
 * (`--digits`; the default is 6).
 */

/**
 * CaromFigureOptions:font-size:
 *
 * The font size of the labels and the legend in points, 1 to 72
 * (`--font-size`). 0: the style's (7 pt in the `article` style).
 */

/**
 * CaromFigureOptions:mono:
 *
 * Draw in greys only, for black-and-white print (`--mono`): the incoming
 * direction dashed, the reflected one dotted.
 */

/**
 * CaromFigureOptions:file-drawing:
 *
 * Draw behind the scene what the scene file draws besides its objects
 * (text, guides, images) into a `.png` or a `.pdf` (`--file-drawing`). An
 * `.svg` figure is the file itself, its drawing included.
 */

/**
 * CaromFigureOptions:step:
 *
 * Show the selected ball ([property@Carom.FigureOptions:ball]) at hit N, 0
 * being its start (`--step`); past the ball's last hit the export fails.
 * -1: no step, every path drawn whole.
 */

/**
 * CaromFigureOptions:max-bounces:
 *
 * The most reflections of every ball (`--max-bounces`), as
 * [method@Carom.Scene.trace_full]. -1: each ball's own.
 */

/**
 * CaromFigureOptions:max-hits:
 *
 * The work budget of the trace the figure is drawn from, in rays and hits,
 * 1,000 to 10^12 (`--max-hits`). 0: the window's,
 * [const@Carom.BUDGET_DEFAULT].
 */

/**
 * CaromFigureOptions:front:
 *
 * Draw the selected ball's beam (a crowd of balls: every ball) up to this
 * path length, 0 or more, each ray's ball where it is then (`--front`). -1:
 * whole paths.
 */

/**
 * CaromFigureOptions:animate:
 *
 * With an `.svg` file, an SVG animation of the balls moving along their
 * paths (`--animate`). A `.gif` is always an animation; no other format
 * takes it.
 */

/**
 * CaromFigureOptions:fps:
 *
 * The frame rate of an animated GIF, 1 to 50 frames a second (`--fps`).
 * -1: 25.
 */

/**
 * CaromFigureOptions:hits-per-second:
 *
 * How fast an animation (a `.gif`, or an `.svg` with
 * [property@Carom.FigureOptions:animate]) goes: the selected ball makes
 * this many hits a second on average (`--hits-per-second`). -1: 2.
 */

/**
 * CaromFigureOptions:tikz-fragment:
 *
 * With a `.tex` file, a bare `tikzpicture` to `\input` in an article rather
 * than a standalone document (`--tikz-fragment`).
 */

/**
 * CaromFigureOptions:follow-dark:
 *
 * With an `.html` file, the page turns dark when the reader's browser
 * prefers it (`--follow-dark`).
 */

/**
 * CaromFigureOptions:html-fragment:
 *
 * With an `.html` file, only the figure element, to paste into an article
 * (`--html-fragment`).
 */

/* The properties, in the order of `carom export --help`; the string ones
 * first (their index is their slot in strings[]). */
static const Option options[] = {
  { "show", KIND_STRING, AT (show), 0, 0,
    "Overlays to draw, comma-separated: path, outlines, normals, aabb, bvh, labels, legend, "
    "grid, candidates, ghosts, all, none (NULL: path,outlines,labels,legend)" },
  { "legend", KIND_STRING, AT (legend), 0, 0, "Where the legend goes: auto, right, below or none" },
  { "style", KIND_STRING, AT (style), 0, 0, "article (NULL: the default), screen or screen-dark" },
  { "font", KIND_STRING, AT (font), 0, 0, "Font family of labels and the legend" },
  { "ball", KIND_STRING, AT (ball), 0, 0,
    "The ball whose outlines, BVH and steps are shown (NULL: the first)" },
  { "steps", KIND_STRING, AT (steps), 0, 0,
    "Small multiples: these steps side by side, such as 1,2,3 or 1-4 (.png, .pdf)" },
  { "bvh-levels", KIND_STRING, AT (bvh_levels), 0, 0,
    "BVH levels to draw, LO or LO:HI, 0 being the root (NULL: all)" },
  { "paths-by", KIND_STRING, AT (paths_by), 0, 0,
    "Colour of blended paths: ray, bounces or single" },
  { "path", KIND_STRING, AT (path), 0, 0,
    "At a step, draw the path up to it (upto) or all of it, the rest faint (all)" },
  { "view", KIND_STRING, AT (view), 0, 0,
    "Show only this region, X,Y,W,H in scene units (NULL: everything)" },
  { "title", KIND_STRING, AT (title), 0, 0, "A web page's title (NULL: Carom)" },
  { "width", KIND_INT, AT (width), G_MININT, G_MAXINT,
    "Width of a PNG's or GIF's drawing in pixels (-1: the default)" },
  { "digits", KIND_INT, AT (digits), G_MININT, G_MAXINT,
    "Significant digits of the numbers drawn" },
  { "font-size", KIND_DOUBLE, AT (font_size), -DBL_MAX, DBL_MAX,
    "Font size of labels and the legend in points (0: the style's)" },
  { "mono", KIND_BOOLEAN, AT (mono), 0, 0, "Greys only, directions told apart by dashes" },
  { "file-drawing", KIND_BOOLEAN, AT (file_drawing), 0, 0,
    "Draw what the scene file draws besides its objects behind the scene (.png, .pdf)" },
  { "step", KIND_INT64, AT (step), (double)G_MININT64, (double)G_MAXINT64,
    "Show the selected ball at hit N, 0 at its start (-1: no step)" },
  { "max-bounces", KIND_INT64, AT (max_bounces), (double)G_MININT64, (double)G_MAXINT64,
    "Stop each ball after N hits (-1: each ball's own setting)" },
  { "max-hits", KIND_INT64, AT (max_hits), (double)G_MININT64, (double)G_MAXINT64,
    "The work budget in rays and hits (0: the window's, 6,000,000)" },
  { "front", KIND_DOUBLE, AT (front), -DBL_MAX, DBL_MAX,
    "Draw the selected ball's beam up to this path length (-1: whole paths)" },
  { "animate", KIND_BOOLEAN, AT (animate), 0, 0, "With .svg, an SVG animation" },
  { "fps", KIND_DOUBLE, AT (fps), -DBL_MAX, DBL_MAX,
    "Frames a second of an animated GIF, 1 to 50 (-1: 25)" },
  { "hits-per-second", KIND_DOUBLE, AT (hits_per_second), -DBL_MAX, DBL_MAX,
    "How fast an animation goes: hits a second (-1: 2)" },
  { "tikz-fragment", KIND_BOOLEAN, AT (tikz_fragment), 0, 0,
    "With .tex, a bare tikzpicture rather than a standalone document" },
  { "follow-dark", KIND_BOOLEAN, AT (follow_dark), 0, 0,
    "With .html, the page turns dark when the reader's browser prefers it" },
  { "html-fragment", KIND_BOOLEAN, AT (html_fragment), 0, 0,
    "With .html, only the figure element, to paste into an article" },
};

#define N_STRINGS 11
G_STATIC_ASSERT (G_N_ELEMENTS (((CaromFigureOptions *)NULL)->strings) == N_STRINGS);

static GParamSpec *properties[G_N_ELEMENTS (options) + 1];

/* The settings' sentinels for "not given" are the CLI's; the properties
 * show -1 for them, which reads better from a script. */
static double
to_property (const Option *o, double value)
{
  if (o->kind == KIND_INT64 && value == (double)G_MININT64)
    return -1;
  if (o->kind == KIND_DOUBLE && (value == CAROM_FIGURE_NOT_GIVEN || value == CAROM_FRONT_NONE))
    return -1;
  return value;
}

static void
carom_figure_options_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  CaromFigureOptions *self = CAROM_FIGURE_OPTIONS (object);
  (void)pspec;
  const Option *o = &options[id - 1];
  char *field = (char *)&self->settings + o->offset;
  switch (o->kind)
    {
    case KIND_STRING:
      g_value_set_string (value, *(const char **)field);
      break;
    case KIND_INT:
      g_value_set_int (value, *(int *)field);
      break;
    case KIND_INT64:
      g_value_set_int64 (value, (gint64)to_property (o, (double)*(gint64 *)field));
      if (*(gint64 *)field == G_MININT64)
        g_value_set_int64 (value, -1);
      break;
    case KIND_DOUBLE:
      g_value_set_double (value, to_property (o, *(double *)field));
      break;
    case KIND_BOOLEAN:
      g_value_set_boolean (value, *(gboolean *)field);
      break;
    }
}

static void
carom_figure_options_set_property (GObject *object, guint id, const GValue *value,
                                   GParamSpec *pspec)
{
  CaromFigureOptions *self = CAROM_FIGURE_OPTIONS (object);
  (void)pspec;
  const Option *o = &options[id - 1];
  char *field = (char *)&self->settings + o->offset;
  switch (o->kind)
    {
    case KIND_STRING:
      {
        guint slot = id - 1;
        g_free (self->strings[slot]);
        self->strings[slot] = g_value_dup_string (value);
        *(const char **)field = self->strings[slot];
        break;
      }
    case KIND_INT:
      *(int *)field = g_value_get_int (value);
      break;
    case KIND_INT64:
      {
        gint64 v = g_value_get_int64 (value);
        /* -1: not given (max-hits: 0); other values out of range are kept
         * for the export to refuse with the CLI's message. */
        *(gint64 *)field = v == -1 && o->offset != AT (max_hits) ? G_MININT64 : v;
        break;
      }
    case KIND_DOUBLE:
      {
        double v = g_value_get_double (value);
        /* -1: not given; other values out of range are kept for the
         * export to refuse with the CLI's message. */
        if (v == -1.0 && o->offset == AT (front))
          v = CAROM_FRONT_NONE;
        else if (v == -1.0 && o->offset != AT (font_size))
          v = CAROM_FIGURE_NOT_GIVEN;
        *(double *)field = v;
        break;
      }
    case KIND_BOOLEAN:
      *(gboolean *)field = g_value_get_boolean (value);
      break;
    }
}

static void
carom_figure_options_finalize (GObject *object)
{
  CaromFigureOptions *self = CAROM_FIGURE_OPTIONS (object);
  for (guint i = 0; i < N_STRINGS; i++)
    g_free (self->strings[i]);
  G_OBJECT_CLASS (carom_figure_options_parent_class)->finalize (object);
}

static void
carom_figure_options_class_init (CaromFigureOptionsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->get_property = carom_figure_options_get_property;
  object_class->set_property = carom_figure_options_set_property;
  object_class->finalize = carom_figure_options_finalize;

  CaromFigureSettings defaults;
  carom_figure_settings_init (&defaults);
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      const Option *o = &options[i];
      const char *field = (const char *)&defaults + o->offset;
      GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS;
      g_assert ((o->kind == KIND_STRING) == (i < N_STRINGS));
      switch (o->kind)
        {
        case KIND_STRING:
          properties[i + 1] = g_param_spec_string (o->name, NULL, o->blurb, NULL, flags);
          break;
        case KIND_INT:
          properties[i + 1] = g_param_spec_int (o->name, NULL, o->blurb, (int)o->min, (int)o->max,
                                                *(const int *)field, flags);
          break;
        case KIND_INT64:
          properties[i + 1] = g_param_spec_int64 (
              o->name, NULL, o->blurb, G_MININT64, G_MAXINT64,
              *(const gint64 *)field == G_MININT64 ? -1 : *(const gint64 *)field, flags);
          break;
        case KIND_DOUBLE:
          properties[i + 1] = g_param_spec_double (o->name, NULL, o->blurb, o->min, o->max,
                                                   to_property (o, *(const double *)field), flags);
          break;
        case KIND_BOOLEAN:
          properties[i + 1]
              = g_param_spec_boolean (o->name, NULL, o->blurb, *(const gboolean *)field, flags);
          break;
        }
    }
  g_object_class_install_properties (object_class, G_N_ELEMENTS (properties), properties);
}

static void
carom_figure_options_init (CaromFigureOptions *self)
{
  carom_figure_settings_init (&self->settings);
}

/**
 * carom_figure_options_new:
 *
 * Options with nothing given: what `carom export SCENE -o OUT` draws.
 *
 * Returns: (transfer full): new figure options
 */
CaromFigureOptions *
carom_figure_options_new (void)
{
  return g_object_new (CAROM_TYPE_FIGURE_OPTIONS, NULL);
}

const CaromFigureSettings *
carom_figure_options_get_settings (CaromFigureOptions *self)
{
  g_return_val_if_fail (CAROM_IS_FIGURE_OPTIONS (self), NULL);
  return &self->settings;
}
