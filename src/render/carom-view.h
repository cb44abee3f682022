/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-view.h: the map from scene units to a drawing's device units.
 *
 * Both have y down, so the map is a uniform scale plus a translation:
 * device = scene × scale + (x0, y0). "Device" is whatever user space the
 * caller's cairo_t is in (pixels of a widget or a PNG, points of a PDF).
 * A view also knows how many device units a point (1/72 in) is, because line
 * widths, marks and fonts are sized in points and must not change with zoom. */
#pragma once

#include <glib.h>

#include "geom/cg-math.h"

G_BEGIN_DECLS

/// Device units per point on a screen: CSS pixels are 1/96 in (multiply by
/// the widget's scale factor for physical pixels).
#define CAROM_VIEW_SCREEN_PT (96.0 / 72.0)

/// A view of the scene.
typedef struct
{
  double scale;         ///< device units per scene unit (> 0)
  double x0, y0;        ///< where the scene origin lands on the device
  double width, height; ///< the device area drawn on, from (0, 0)
  double pt;            ///< device units per point
} CaromView;

/// The view that shows box as large as fits in width × height device units
/// less margin on every side, centred, with pt device units per point.
CaromView carom_view_fit (CgAabb box, double width, double height, double margin, double pt);

/// Where a scene point lands on the device.
CgVec2 carom_view_to_device (const CaromView *view, CgVec2 p);

/// The scene point under a device point.
CgVec2 carom_view_to_scene (const CaromView *view, CgVec2 d);

/// The part of the scene the device area shows.
CgAabb carom_view_visible_box (const CaromView *view);

/// Zooms by factor (> 1 magnifies) keeping the scene point under the device
/// point `device` where it is (what a scroll wheel or a pinch does).
void carom_view_zoom_at (CaromView *view, CgVec2 device, double factor);

/// Moves the drawing by (dx, dy) device units (what a drag does).
void carom_view_pan (CaromView *view, double dx, double dy);

/// The spacing of a grid whose lines are about step_pt points apart on the
/// device: the next tidy number (1, 2 or 5 times a power of ten) of scene
/// units at least that far apart. The canvas snaps to the grid it draws.
double carom_view_grid_step (const CaromView *view, double step_pt);

G_END_DECLS
