/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-object.h: one object of a scene, as a script reads it. */
#pragma once

#if !defined(CAROM_INSIDE) && !defined(CAROM_COMPILATION)
#error "Only <carom.h> can be included directly."
#endif

#include <glib-object.h>

#include "carom-enums.h"

G_BEGIN_DECLS

#define CAROM_TYPE_OBJECT (carom_object_get_type ())

/**
 * CaromObject:
 *
 * One object of a scene: a polygon, a ball or a beam.
 *
 * A polygon is a wall or an obstacle, its edges straight or arcs. An object
 * is a copy taken when it was asked for
 * ([method@Carom.Scene.get_object], [method@Carom.Scene.find_object]):
 * editing the scene later does not change it. Edit a scene through its own
 * methods.
 */
typedef struct _CaromObject CaromObject;

CAROM_API
GType carom_object_get_type (void) G_GNUC_CONST;

CAROM_API
CaromObject *carom_object_copy (const CaromObject *object);
CAROM_API
void carom_object_free (CaromObject *object);

CAROM_API
const char *carom_object_get_id (const CaromObject *object);
CAROM_API
CaromObjectKind carom_object_get_kind (const CaromObject *object);
CAROM_API
CaromRole carom_object_get_role (const CaromObject *object);
CAROM_API
CaromOnHit carom_object_get_on_hit (const CaromObject *object);
CAROM_API
gboolean carom_object_get_hidden (const CaromObject *object);
CAROM_API
double *carom_object_get_points (const CaromObject *object, gsize *n_coords);
CAROM_API
double *carom_object_get_arc_sweeps (const CaromObject *object, gsize *n_edges);
CAROM_API
void carom_object_get_center (const CaromObject *object, double *x, double *y);
CAROM_API
void carom_object_get_direction (const CaromObject *object, double *dx, double *dy);
CAROM_API
double carom_object_get_radius (const CaromObject *object);
CAROM_API
guint carom_object_get_max_bounces (const CaromObject *object);
CAROM_API
guint carom_object_get_ray_count (const CaromObject *object);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaromObject, carom_object_free)

G_END_DECLS
