/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-map-plot.h: the Boundary map pane's plot without the widget: which
 * rays a ball's map shows, the plot drawn into an image a slice of rays at
 * a time (the frame at once, the dots stamped straight into its pixels
 * after), and where each dot is, for hovering, clicking and the keys.
 *
 * The dots keep their place in ray order, then hit order, so the dot of hit
 * k of the i-th ray mapped is at ray_start[i] + k. No GTK: the pane
 * (src/app/carom-map-view.c) gives it its size, scale, dark mode and the
 * paths' colouring, and decides when to build. */
#pragma once

#include <cairo.h>

#include "carom-map-render.h"

G_BEGIN_DECLS

/// CSS pixels a point of the plot takes: the plot's text at 7.5 pt is then
/// 11 px, as the rest of the window's small text.
#define CAROM_MAP_PLOT_PX_PER_PT 1.5
/// The plot leaves out the frame's title (the pane's header says it): it is
/// drawn this many points higher.
#define CAROM_MAP_PLOT_TITLE_PT 24.0

/// A dot of the plot: where it is drawn and the hit it stands for.
typedef struct
{
  float x, y; ///< in the plot, CSS pixels
  guint ball; ///< index into the trace's balls
  guint hit;  ///< 0 for the first
} CaromMapDot;

/// The balls a map of `ball` shows: the ball alone, or every ray of the
/// beam it is a ray of (they stand side by side in the trace), as
/// [*first, *first + *n_rays); none (0) without a trace or balls.
void carom_map_plot_rays (const CmSceneTrace *trace, guint ball, guint *first, guint *n_rays);

typedef struct CaromMapPlot CaromMapPlot;

/// Starts a plot of the map of `ball` (as carom_map_plot_rays()) for a
/// plot of width × height CSS pixels at scale device pixels each: the frame
/// (axes, objects along ξ) is drawn now, the dots by carom_map_plot_build().
/// colouring: as the paths are coloured. trace (may be NULL) is borrowed
/// until the plot is built or freed, and must not change meanwhile.
CaromMapPlot *carom_map_plot_new (const CmSceneTrace *trace, guint ball, int width, int height,
                                  int scale, gboolean dark, CaromPathColouring colouring);

void carom_map_plot_free (CaromMapPlot *plot);

/// Draws the dots of rays until budget_us µs have passed (looked at every
/// 16 rays, the first 16 drawn whatever the budget); TRUE when all are
/// drawn. The same dots and pixels however the work is sliced.
gboolean carom_map_plot_build (CaromMapPlot *plot, gint64 budget_us);

/// TRUE once carom_map_plot_build() has drawn every dot.
gboolean carom_map_plot_is_built (const CaromMapPlot *plot);

/// The hits of the rays mapped: the dots the plot has when built.
size_t carom_map_plot_get_n_hits (const CaromMapPlot *plot);

/// The plot's image (ARGB32, device scale set; borrowed), complete once
/// built; NULL for an empty size.
cairo_surface_t *carom_map_plot_get_surface (CaromMapPlot *plot);

/// Takes the plot's image away from it (NULL when it has none).
cairo_surface_t *carom_map_plot_steal_surface (CaromMapPlot *plot);

/// What it was made for (any pointer may be NULL).
void carom_map_plot_get_size (const CaromMapPlot *plot, int *width, int *height, int *scale,
                              gboolean *dark);

/// The balls mapped: [first, first + n_rays); n_rays 0 when there are none
/// (or the size is empty).
guint carom_map_plot_get_first (const CaromMapPlot *plot);
guint carom_map_plot_get_n_rays (const CaromMapPlot *plot);

/// µs of work spent making it so far.
gint64 carom_map_plot_get_work (const CaromMapPlot *plot);

/// The dots drawn so far.
guint carom_map_plot_get_n_dots (const CaromMapPlot *plot);

/// Dot d, or NULL when there is none.
const CaromMapDot *carom_map_plot_get_dot (const CaromMapPlot *plot, int d);

/// The dots of the i-th ray mapped: [*start, *end). FALSE when the plot is
/// not built or has no such ray.
gboolean carom_map_plot_ray_dots (const CaromMapPlot *plot, guint i, guint *start, guint *end);

/// The dot of hit `hit` of ball (an index into the trace's balls), or -1.
int carom_map_plot_dot_of (const CaromMapPlot *plot, guint ball, guint hit);

/// The dot nearest (x, y) within radius CSS pixels, or -1. Of dots in one
/// place (a periodic orbit hits the same point again and again): with
/// `next`, the first after the stepper's hit (ball, step: hit step − 1; 0
/// at the start), so clicking again goes round them; without, the
/// stepper's own hit when it is one of them.
int carom_map_plot_pick (const CaromMapPlot *plot, double x, double y, double radius, guint ball,
                         guint step, gboolean next);

/// Where the keys go from a dot.
typedef enum
{
  CAROM_MAP_MOVE_PREVIOUS, ///< the ray's hit before (stays at its first)
  CAROM_MAP_MOVE_NEXT,     ///< the ray's hit after (stays at its last)
  CAROM_MAP_MOVE_FIRST,    ///< the ray's first hit
  CAROM_MAP_MOVE_LAST,     ///< the ray's last hit
  CAROM_MAP_MOVE_UP,       ///< the ray before with a hit, at the same hit or its last
  CAROM_MAP_MOVE_DOWN,     ///< the ray after with a hit, at the same hit or its last
} CaromMapMove;

/// The dot a move from dot `from` goes to (from itself when there is
/// nowhere to go); -1 when from is no dot of a built plot.
int carom_map_plot_move (const CaromMapPlot *plot, int from, CaromMapMove move);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaromMapPlot, carom_map_plot_free)

G_END_DECLS
