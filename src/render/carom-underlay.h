/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-underlay.h: the file's own drawing behind the scene — what an SVG
 * file draws besides the objects Carom models (carom_svg_scene_underlay()),
 * drawn by librsvg, in scene units. */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "render/carom-view.h"

G_BEGIN_DECLS

typedef struct CaromUnderlay CaromUnderlay;

/// The drawing of svg (NULL when librsvg cannot read it).
CaromUnderlay *carom_underlay_new (GBytes *svg);
void carom_underlay_free (CaromUnderlay *underlay);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaromUnderlay, carom_underlay_free)

/// Draws it onto cr (in the view's device units), the file's user units
/// being scene units. on_dark: the paper is dark (the dark style), and the
/// drawing's lightness is turned over so that its black text still shows.
void carom_underlay_draw (const CaromUnderlay *underlay, cairo_t *cr, const CaromView *view,
                          gboolean on_dark);

G_END_DECLS
