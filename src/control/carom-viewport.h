/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-viewport.h: the canvas's pan and zoom, apart from any widget.
 *
 * The viewport owns the map from scene units to widget pixels and the rules
 * of navigating it: the scene stays fitted to the widget until the user pans
 * or zooms, zoom keeps the point under the pointer still and stays within
 * limits relative to the fitted scale, and a resize keeps the middle still. */
#pragma once

#include "render/carom-view.h"

G_BEGIN_DECLS

/// Empty space kept around the scene when it is fitted (px).
#define CAROM_VIEWPORT_FIT_MARGIN 24.0
/// How far out and in zoom may go, relative to the scale that fits the scene.
#define CAROM_VIEWPORT_ZOOM_MIN 0.05
#define CAROM_VIEWPORT_ZOOM_MAX 1e6

typedef struct
{
  CaromView view;
  double fit_scale;     ///< the scale that fits the scene: the reference for the limits
  gboolean fit_pending; ///< fit at the next carom_viewport_update()
  gboolean navigated;   ///< the user panned or zoomed: resizing no longer refits
} CaromViewport;

/// A viewport that will fit the scene into its first size.
void carom_viewport_init (CaromViewport *vp);

/// Gives the viewport the widget's size and the scene's bounds (empty: an
/// empty scene); fits them when a fit is pending. Returns TRUE when the
/// scale changed.
gboolean carom_viewport_update (CaromViewport *vp, double width, double height, CgAabb bounds);

/// The widget changed size: refit, or keep the middle where it was.
void carom_viewport_resize (CaromViewport *vp, double width, double height);

/// Fits the scene again at the next update, and keeps fitting it on resize.
void carom_viewport_request_fit (CaromViewport *vp);

/// Zooms by factor around the widget point (x, y), within the limits.
void carom_viewport_zoom_at (CaromViewport *vp, double x, double y, double factor);

/// Zooms to scale pixels per scene unit around the widget's middle.
void carom_viewport_zoom_to (CaromViewport *vp, double scale);

/// Moves the drawing by (dx, dy) pixels.
void carom_viewport_pan (CaromViewport *vp, double dx, double dy);

/// The scene point under the widget point (x, y).
CgVec2 carom_viewport_to_scene (const CaromViewport *vp, double x, double y);

/// The widget point of the scene point p.
CgVec2 carom_viewport_to_widget (const CaromViewport *vp, CgVec2 p);

G_END_DECLS
