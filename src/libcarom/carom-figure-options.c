/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-figure-options.c: CaromFigureOptions, one property for each option
 * of `carom export` (docs/cli.md), checked when a figure is exported, as the
 * CLI checks them (carom-figure-job.c). */
#include "carom-private.h"

#include <float.h>

/**
 * CaromFigureOptions:
 *
 * How carom_scene_export() draws a figure: one property for each option of
 * `carom export`, of the same name and meaning (docs/cli.md). Strings take
 * the CLI's syntax (#CaromFigureOptions:show is `"path,outlines,labels"`);
 * a property left at its default is an option not given. The values are
 * checked when a figure is exported: carom_scene_export() fails with
 * %CAROM_ERROR_INVALID and the CLI's message (which names the option as
 * `--width`, `--show`...).
 *
 * The format is the output file's extension: `.svg` (the scene file with
 * the figure; with #CaromFigureOptions:animate an animation), `.png`,
 * `.pdf`, `.tex` (TikZ), `.gif` (an animation) or `.html` (an interactive
 * web page).
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
  { "width", KIND_INT, AT (width), -1, G_MAXINT,
    "Width of a PNG's or GIF's drawing in pixels (-1: the default)" },
  { "digits", KIND_INT, AT (digits), 0, G_MAXINT, "Significant digits of the numbers drawn" },
  { "font-size", KIND_DOUBLE, AT (font_size), 0, DBL_MAX,
    "Font size of labels and the legend in points (0: the style's)" },
  { "mono", KIND_BOOLEAN, AT (mono), 0, 0, "Greys only, directions told apart by dashes" },
  { "file-drawing", KIND_BOOLEAN, AT (file_drawing), 0, 0,
    "Draw what the scene file draws besides its objects behind the scene (.png, .pdf)" },
  { "step", KIND_INT64, AT (step), -1, (double)G_MAXINT64,
    "Show the selected ball at hit N, 0 at its start (-1: no step)" },
  { "max-bounces", KIND_INT64, AT (max_bounces), -1, (double)G_MAXINT64,
    "Stop each ball after N hits (-1: each ball's own setting)" },
  { "max-hits", KIND_INT64, AT (max_hits), 0, (double)G_MAXINT64,
    "The work budget in rays and hits (0: the window's, 6,000,000)" },
  { "front", KIND_DOUBLE, AT (front), -1, DBL_MAX,
    "Draw the selected ball's beam up to this path length (-1: whole paths)" },
  { "animate", KIND_BOOLEAN, AT (animate), 0, 0, "With .svg, an SVG animation" },
  { "fps", KIND_DOUBLE, AT (fps), -1, DBL_MAX,
    "Frames a second of an animated GIF, 1 to 50 (-1: 25)" },
  { "hits-per-second", KIND_DOUBLE, AT (hits_per_second), -1, DBL_MAX,
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
        /* -1: not given, except for max-hits, whose "not given" is 0. */
        *(gint64 *)field = v < 0 ? G_MININT64 : v;
        break;
      }
    case KIND_DOUBLE:
      {
        double v = g_value_get_double (value);
        if (v < 0.0 && o->offset == AT (front))
          v = CAROM_FRONT_NONE;
        else if (v < 0.0 && o->offset != AT (font_size))
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
              o->name, NULL, o->blurb, (gint64)o->min, G_MAXINT64,
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
