/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-canvas-overlay.h: the tools' marks on the canvas: the selection and
 * its handles, vertex handles, the shape being drawn with its offset
 * outline, the rubber band and the snap marker. */
#pragma once

#include <cairo.h>

#include "control/carom-editor.h"
#include "render/carom-view.h"

G_BEGIN_DECLS

/// Draws what the editor's state and selection show, over the scene drawn
/// through view (widget pixels), in the light or dark palette.
void carom_canvas_overlay_draw (cairo_t *cr, CaromEditor *editor, const CmScene *scene,
                                const CaromView *view, gboolean dark);

G_END_DECLS
