/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-boundary-map.h: the boundary map of traced balls. */
#pragma once

#if !defined(CAROM_INSIDE) && !defined(CAROM_COMPILATION)
#error "Only <carom.h> can be included directly."
#endif

#include <gio/gio.h>

#include "carom-enums.h"

G_BEGIN_DECLS

/**
 * CaromMapColumn:
 * @CAROM_MAP_COLUMN_BALL: the ball's index in the trace
 * @CAROM_MAP_COLUMN_HIT: the hit's number along its ball's path, 1 for the first
 * @CAROM_MAP_COLUMN_XI: ξ, the arc length along the traced polygons to the
 *   point the ball touches
 * @CAROM_MAP_COLUMN_SIN_PHI: sin φ, φ the angle from the contact normal to
 *   the direction the ball leaves in
 * @CAROM_MAP_COLUMN_OBJECT: the index in the scene of the object touched
 *
 * The columns of [method@Carom.BoundaryMap.get_points]: each point is a row
 * of [const@Carom.MAP_N_COLUMNS] doubles in this order.
 */
typedef enum
{
  CAROM_MAP_COLUMN_BALL,
  CAROM_MAP_COLUMN_HIT,
  CAROM_MAP_COLUMN_XI,
  CAROM_MAP_COLUMN_SIN_PHI,
  CAROM_MAP_COLUMN_OBJECT,
} CaromMapColumn;

/**
 * CAROM_MAP_N_COLUMNS:
 *
 * The number of doubles in a row of [method@Carom.BoundaryMap.get_points].
 */
#define CAROM_MAP_N_COLUMNS 5

#define CAROM_TYPE_BOUNDARY_MAP (carom_boundary_map_get_type ())
CAROM_API
G_DECLARE_FINAL_TYPE (CaromBoundaryMap, carom_boundary_map, CAROM, BOUNDARY_MAP, GObject)

CAROM_API
guint carom_boundary_map_get_n_points (CaromBoundaryMap *map);
CAROM_API
GBytes *carom_boundary_map_get_points (CaromBoundaryMap *map);
CAROM_API
double carom_boundary_map_get_length (CaromBoundaryMap *map);
CAROM_API
char *carom_boundary_map_to_csv (CaromBoundaryMap *map);
CAROM_API
gboolean carom_boundary_map_write (CaromBoundaryMap *map, const char *path, GError **error);

G_END_DECLS
