/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-figure-job.h: a figure of a scene written to a file, from the
 * options of `carom export` (docs/cli.md). The CLI fills the settings from
 * its command line, CaromFigureOptions from its properties; both check them
 * and write the figure here, so that both take the same options, refuse the
 * same combinations with the same messages and write the same bytes.
 * Private to libcarom and its programs (not installed). */
#pragma once

#include <gio/gio.h>

#include "model/carom-scene.h"
#include "model/carom-trace-budget.h"
#include "render/carom-export.h"
#include "render/carom-render.h"
#include "render/carom-style.h"

G_BEGIN_DECLS

/// Options that do not go together, or values out of range: the CLI's usage
/// errors (exit status 2).
#define CAROM_FIGURE_ERROR (carom_figure_error_quark ())
GQuark carom_figure_error_quark (void);

typedef enum
{
  CAROM_FIGURE_ERROR_OPTIONS,
} CaromFigureError;

/// What a double option holds when it is not given (0 may be a value).
#define CAROM_FIGURE_NOT_GIVEN (-G_MAXDOUBLE)

/// `carom export`'s options as given (strings in the CLI's syntax; NULL, -1,
/// G_MININT64 or CAROM_FIGURE_NOT_GIVEN when not given). Borrowed strings.
typedef struct
{
  const char *show, *legend, *style, *font, *ball, *steps, *bvh_levels, *paths_by, *path, *view;
  int width;        ///< -1: not given
  int digits;       ///< CAROM_DIGITS_DEFAULT unless given
  double font_size; ///< 0: not given
  gboolean mono, file_drawing;
  gint64 step;        ///< G_MININT64: not given
  gint64 max_bounces; ///< G_MININT64: not given
  gint64 max_hits;    ///< 0: not given (the window's budget)
  double front;       ///< CAROM_FRONT_NONE: not given
  gboolean animate, tikz_fragment, follow_dark, html_fragment;
  double fps, hits_per_second; ///< CAROM_FIGURE_NOT_GIVEN: not given
  const char *title;           ///< a web page's title (NULL: "Carom")
} CaromFigureSettings;

/// Fills settings with nothing given.
void carom_figure_settings_init (CaromFigureSettings *settings);

/// The settings checked, ready to draw a scene with.
typedef struct
{
  char *output;
  gboolean more_format; ///< .tex, .gif, animated .svg or .html
  CaromExportFormat format;
  CaromStyle style;
  CaromRenderOptions options;
  GArray *steps;
  CgAabb view_box; ///< empty: the whole scene
  int width;
  char *ball;
  gint64 step, max_bounces;
  guint64 budget;
  gboolean file_drawing, animate, tikz_fragment, follow_dark, html_fragment;
  double fps, hits_per_second;
  char *title;
  char *font; ///< the family the style borrows
} CaromFigureJob;

/// Checks settings for a figure written to output (its extension says the
/// format) and fills job (clear it with carom_figure_job_clear()). FALSE with
/// CAROM_FIGURE_ERROR_OPTIONS or CAROM_RENDER_ERROR_FORMAT naming the option
/// as `carom export` writes it (--width, --show, ...).
gboolean carom_figure_job_init (CaromFigureJob *job, const CaromFigureSettings *settings,
                                const char *output, GError **error);

void carom_figure_job_clear (CaromFigureJob *job);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CaromFigureJob, carom_figure_job_clear)

/// What the job says besides an error (`carom export` prints it to stderr):
/// message, such as that the legend was left out, or (message NULL) the
/// trace's plan when the work budget cut balls.
typedef void (*CaromFigureNote) (const char *message, const CaromTracePlan *plan, gpointer data);

/// Traces scene (within the job's budget; *cancel set non-zero by another
/// thread stops the trace, may be NULL) and writes the figure. FALSE with
/// CAROM_FIGURE_ERROR_OPTIONS for options that do not fit the scene (no such
/// ball, a step past the ball's hits: CAROM_RENDER_ERROR_STEP), or an error
/// writing the file; G_IO_ERROR_CANCELLED when cancelled.
gboolean carom_figure_job_write (const CaromFigureJob *job, const CmScene *scene,
                                 CaromFigureNote note, gpointer note_data, gint *cancel,
                                 GError **error);

G_END_DECLS
