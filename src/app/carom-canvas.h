/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-canvas.h: the scene drawn by the shared renderer, with pan, zoom and tools. */
#pragma once

#include <gtk/gtk.h>

#include "control/carom-document.h"
#include "control/carom-editor.h"
#include "render/carom-view.h"

G_BEGIN_DECLS

#define CAROM_TYPE_CANVAS (carom_canvas_get_type ())
G_DECLARE_FINAL_TYPE (CaromCanvas, carom_canvas, CAROM, CANVAS, GtkWidget)

/// Shows document (NULL: nothing), redrawing on each change.
void carom_canvas_set_document (CaromCanvas *self, CaromDocument *document);

/// The tools: pointer and key events go to editor, its marks are drawn on top.
void carom_canvas_set_editor (CaromCanvas *self, CaromEditor *editor);

/// Where the scene point (x, y) is in the widget; FALSE before the first frame.
gboolean carom_canvas_scene_to_widget (CaromCanvas *self, double x, double y, double *wx,
                                       double *wy);

/// Overlay toggles come from these settings (the show-* keys).
void carom_canvas_set_settings (CaromCanvas *self, GSettings *settings);

/// Shows ball (an index into the trace's balls) at step (0: the start, k: hit k).
void carom_canvas_set_step (CaromCanvas *self, guint ball, guint step);

/// Draws the selected ray's beam up to path length s (CaromRenderOptions.front;
/// negative: whole).
void carom_canvas_set_front (CaromCanvas *self, double s);

/// Draws over the scene and the tools' marks, in widget pixels through view.
typedef void (*CaromCanvasDrawFunc) (cairo_t *cr, const CaromView *view, gboolean dark,
                                     gpointer data);

/// Something drawn on top each frame (the boundary map's highlighted hit);
/// NULL: nothing. data is borrowed.
void carom_canvas_set_draw_over (CaromCanvas *self, CaromCanvasDrawFunc func, gpointer data);

/// Fits the whole scene into the widget.
void carom_canvas_zoom_to_fit (CaromCanvas *self);

/// Zooms by factor (> 1 magnifies) around the middle of the canvas.
void carom_canvas_zoom_by (CaromCanvas *self, double factor);

/// Zooms to 100 % (one pixel per scene unit) around the middle of the canvas.
void carom_canvas_zoom_actual_size (CaromCanvas *self);

/// The zoom: pixels per scene unit (1 is 100 %).
double carom_canvas_get_zoom (CaromCanvas *self);

/// The part of the scene the canvas shows (scene units); empty before its
/// first drawing. The Export dialog offers it as the figure's region.
CgAabb carom_canvas_get_visible_box (CaromCanvas *self);

/// What a screen reader says of the canvas: the scene and the current hit
/// (the window keeps it up to date with the stepper).
void carom_canvas_set_description (CaromCanvas *self, const char *description);

/// The description last set (borrowed; NULL before one is set).
const char *carom_canvas_get_description (CaromCanvas *self);

G_END_DECLS
