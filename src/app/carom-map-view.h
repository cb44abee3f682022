/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-map-view.h: the Boundary map pane under the canvas: every hit of the
 * ball or beam the stepper follows as a point (ξ, sin φ).
 *
 * Hovering a point (or moving to it with the arrow keys) highlights its hit
 * on the canvas and names it; a click (or Enter) asks to step there.
 *
 * Signals:
 *  - "step-requested" (guint ball, guint step): the user picked a point;
 *    the window steps the stepper to ball (an index into the trace's balls)
 *    at step (hit k is step k). */
#pragma once

#include <gtk/gtk.h>

#include "carom-canvas.h"
#include "control/carom-document.h"

G_BEGIN_DECLS

#define CAROM_TYPE_MAP_VIEW (carom_map_view_get_type ())
G_DECLARE_FINAL_TYPE (CaromMapView, carom_map_view, CAROM, MAP_VIEW, GtkWidget)

/// Maps document's trace (NULL: nothing), following its changes.
void carom_map_view_set_document (CaromMapView *self, CaromDocument *document);

/// The dots are coloured as the paths, by the settings' paths-colour.
void carom_map_view_set_settings (CaromMapView *self, GSettings *settings);

/// The canvas the highlighted hit is drawn on (NULL: none).
void carom_map_view_set_canvas (CaromMapView *self, CaromCanvas *canvas);

/// The stepper's position: the map shows every ray of ball's object (a
/// ball: itself; a beam: all its rays) and marks hit `step`.
void carom_map_view_set_step (CaromMapView *self, guint ball, guint step);

/// The plot (focusable: arrow keys move between points).
GtkWidget *carom_map_view_get_plot (CaromMapView *self);

/// Where hit `hit` (0 for the first) of ball is drawn in the plot's
/// coordinates; FALSE when that hit is not on the map as last drawn.
gboolean carom_map_view_hit_position (CaromMapView *self, guint ball, guint hit, double *x,
                                      double *y);

/// The hit highlighted (hovered, or chosen with the keys): TRUE and its
/// ball and hit (0 for the first), or FALSE when none is.
gboolean carom_map_view_get_highlight (CaromMapView *self, guint *ball, guint *hit);

/// What the pane says of the highlighted hit ("Hit 3 of ball “ball” …"), or
/// its hint when none is (borrowed).
const char *carom_map_view_get_text (CaromMapView *self);

/// Writes the map as `carom map` would: the points as CSV for a path ending
/// in .csv, else the plot as PNG, SVG or PDF by the extension.
gboolean carom_map_view_write (CaromMapView *self, const char *path, GError **error);

G_END_DECLS
