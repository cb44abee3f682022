/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-scene.h: a scene of walls, obstacles, balls and beams. */
#pragma once

#if !defined(CAROM_INSIDE) && !defined(CAROM_COMPILATION)
#error "Only <carom.h> can be included directly."
#endif

#include <gio/gio.h>

#include "carom-enums.h"
#include "carom-figure-options.h"
#include "carom-object.h"
#include "carom-trace.h"

G_BEGIN_DECLS

#define CAROM_TYPE_SCENE (carom_scene_get_type ())
CAROM_API
G_DECLARE_FINAL_TYPE (CaromScene, carom_scene, CAROM, SCENE, GObject)

CAROM_API
CaromScene *carom_scene_new (void);
CAROM_API
CaromScene *carom_scene_new_from_file (const char *path, GError **error);
CAROM_API
CaromScene *carom_scene_new_from_data (const char *data, gssize length, GError **error);

CAROM_API
gboolean carom_scene_save (CaromScene *scene, const char *path, GError **error);
CAROM_API
char *carom_scene_to_data (CaromScene *scene);

CAROM_API
guint carom_scene_get_n_objects (CaromScene *scene);
CAROM_API
CaromObject *carom_scene_get_object (CaromScene *scene, guint index);
CAROM_API
CaromObject *carom_scene_find_object (CaromScene *scene, const char *id);
CAROM_API
gboolean carom_scene_remove_object (CaromScene *scene, const char *id, GError **error);

CAROM_API
const char *carom_scene_add_polygon (CaromScene *scene, CaromRole role, const char *id,
                                     const double *points, gsize n_coords, GError **error);
CAROM_API
const char *carom_scene_add_circle (CaromScene *scene, CaromRole role, const char *id, double x,
                                    double y, double radius, GError **error);
CAROM_API
const char *carom_scene_add_ball (CaromScene *scene, const char *id, double x, double y,
                                  double radius, double dx, double dy, guint max_bounces,
                                  GError **error);
CAROM_API
const char *carom_scene_add_fan_beam (CaromScene *scene, const char *id, double x, double y,
                                      double radius, double dx, double dy, double spread,
                                      guint count, guint max_bounces, GError **error);
CAROM_API
const char *carom_scene_add_parallel_beam (CaromScene *scene, const char *id, double x1, double y1,
                                           double x2, double y2, double radius, double dx,
                                           double dy, guint count, guint max_bounces,
                                           GError **error);
CAROM_API
gboolean carom_scene_set_on_hit (CaromScene *scene, const char *id, CaromOnHit on_hit,
                                 GError **error);

CAROM_API
gboolean carom_scene_set_points (CaromScene *scene, const char *id, const double *points,
                                 gsize n_coords, GError **error);
CAROM_API
gboolean carom_scene_set_ball (CaromScene *scene, const char *id, double x, double y, double radius,
                               double dx, double dy, guint max_bounces, GError **error);
CAROM_API
gboolean carom_scene_rename (CaromScene *scene, const char *id, const char *new_id, GError **error);

CAROM_API
CaromTrace *carom_scene_trace (CaromScene *scene, GCancellable *cancellable, GError **error);
CAROM_API
CaromTrace *carom_scene_trace_full (CaromScene *scene, gint64 max_bounces, guint64 budget,
                                    GCancellable *cancellable, GError **error);
CAROM_API
void carom_scene_trace_async (CaromScene *scene, gint64 max_bounces, guint64 budget,
                              GCancellable *cancellable, GAsyncReadyCallback callback,
                              gpointer user_data);
CAROM_API
CaromTrace *carom_scene_trace_finish (CaromScene *scene, GAsyncResult *result, GError **error);

CAROM_API
gboolean carom_scene_export (CaromScene *scene, const char *path, CaromFigureOptions *options,
                             GCancellable *cancellable, GError **error);

/**
 * CAROM_BUDGET_DEFAULT:
 *
 * The work budget [method@Carom.Scene.trace] traces within, in rays and
 * hits: the window's (6,000,000).
 */
#define CAROM_BUDGET_DEFAULT G_GUINT64_CONSTANT (6000000)

G_END_DECLS
