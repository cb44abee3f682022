/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-map-render.h: the boundary map drawn as a plot: ξ along the
 * boundary across, sin φ up, axes with ticks and labels, the traced objects
 * marked along ξ, a dot per hit coloured by ball. */
#pragma once

#include <cairo.h>

#include "carom-render.h"
#include "model/carom-boundary-map.h"

G_BEGIN_DECLS

/// The plot's size in points (PNG: CAROM_MAP_PX_PER_PT pixels a point).
#define CAROM_MAP_WIDTH_PT 360.0
#define CAROM_MAP_HEIGHT_PT 240.0
#define CAROM_MAP_PX_PER_PT 4.0

/// Where the plot lies in a drawing of width × height points: its frame,
/// ξ from 0 (left) to xi_max (right), sin φ from −1 (bottom) to 1 (top).
typedef struct
{
  double left, top, right, bottom;
  double xi_max; ///< the total length of the objects (1 when there are none)
} CaromMapFrame;

/// The frame carom_map_draw() uses for that size and total length
/// (carom_boundary_map_offsets()[n]).
CaromMapFrame carom_map_frame (double width, double height, double xi_total);

/// Where the point (ξ, sin φ) is drawn (for hovering a point in a panel).
void carom_map_frame_point (const CaromMapFrame *f, double xi, double sin_phi, double *x,
                            double *y);

/// Draws the plot without its dots into the rectangle (0, 0, width, height)
/// of cr, in points: the background, title (NULL: none), the objects as
/// bands along ξ with their names, grid, ticks and axis labels. offsets from
/// carom_boundary_map_offsets().
void carom_map_draw_frame (cairo_t *cr, double width, double height, const CmSceneTrace *trace,
                           const double *offsets, const char *title, gboolean dark);

/// The radius in points of the dots of a plot of n_points hits: smaller as
/// they get many, so a chaotic sea still shows its texture.
double carom_map_dot_radius (size_t n_points);

/// The plot's title: "Boundary map of ball “ID”: N hits", of a beam's
/// rays (balls that are one beam's), or of N balls.
char *carom_map_title (const CmSceneTrace *trace, const guint *balls, guint n_balls);

/// True when balls[0 .. n_balls) are the rays of one beam (n_balls > 1).
gboolean carom_map_one_beam (const CmSceneTrace *trace, const guint *balls, guint n_balls);

/// The colour of hit `hit` (0 for the first) of the i-th of n_balls balls
/// mapped, as the paths are coloured: by ray, the rays of one beam
/// (carom_map_one_beam()) along carom_render_ramp() from the first to the
/// last and other balls Okabe–Ito's colours in turn; by bounces, along the
/// ramp from none to most_hits; single, the path colour.
void carom_map_dot_colour (gboolean one_beam, guint i, guint n_balls, guint hit, guint most_hits,
                           CaromPathColouring colouring, gboolean dark, double rgb[3]);

/// Draws the boundary map of balls[0 .. n_balls) (indices into
/// trace->balls) into the rectangle (0, 0, width, height) of cr, in points
/// (scale cr for pixels); dark for a dark background.
void carom_map_draw (cairo_t *cr, double width, double height, const CmSceneTrace *trace,
                     const guint *balls, guint n_balls, gboolean dark);

/// Writes the plot to path as PNG, SVG or PDF (by its extension, as
/// carom_export_format_for_path()). FALSE with CAROM_RENDER_ERROR_FORMAT or
/// _WRITE on failure.
gboolean carom_map_write (const char *path, const CmSceneTrace *trace, const guint *balls,
                          guint n_balls, GError **error);

/// The CSV's first line.
#define CAROM_MAP_CSV_HEADER "ball,hit,xi,sin_phi,object,primitive,edge,vertex\n"

/// One hit's CSV line (hit->index - 1 is its place in the ball's hits):
/// what carom_map_csv() writes for it, for a trace streamed.
void carom_map_csv_row (GString *out, const CmSceneTrace *trace, const CaromBallTrace *bt,
                        const CgHit *hit, const double *offsets);

/// Every hit of the balls as CSV, one line each after the header
/// `ball,hit,xi,sin_phi,object,primitive,edge,vertex` (numbers %.17g; a
/// segment or arc edge fills edge, a vertex cap vertex, as trace --json), as
/// `carom map -o OUT.csv` writes it. Free with g_free().
char *carom_map_csv (const CmSceneTrace *trace, const guint *balls, guint n_balls);

G_END_DECLS
