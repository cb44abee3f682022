/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-scene.h: the scene model: walls, obstacles and balls in document order. */
#pragma once

#include <glib.h>

#include "geom/cg-polygon.h"

G_BEGIN_DECLS

/// What a scene object is.
typedef enum
{
  CAROM_OBJECT_POLYGON, ///< a wall or an obstacle
  CAROM_OBJECT_BALL,
} CaromObjectKind;

/// The default number of wall hits a ball makes before it stops (scene-format.md).
#define CAROM_DEFAULT_MAX_BOUNCES 29

/// One scene object. Polygons are valid and stored in their role's orientation.
///
/// Compact, since a scene may hold hundreds of thousands of objects: the
/// polygon and ball fields share storage (read only those of the object's
/// kind), and an object keeps its vertices and id in the same allocation as
/// itself. Change them with carom_object_set_points() and
/// carom_object_set_id(), never by assigning the fields.
typedef struct
{
  char *id; ///< unique within the scene, never NULL once ids are assigned
  CaromObjectKind kind;
  guint8 storage; ///< private: which fields live in the object's own allocation
  guint8 hidden;  ///< neither drawn nor traced (carom:hidden="true")
  guint8 locked;  ///< cannot be picked on the canvas (carom:locked="true")
  /// Where the object came from in its scene's source document (an index
  /// the io layer gave it, 1-based), or 0 for an object made in Carom (new,
  /// pasted, duplicated): kept by copies, edits, undo and redo.
  guint32 origin;
  union
  {
    struct /* kind == CAROM_OBJECT_POLYGON */
    {
      CgRole role;
      gboolean reversed; ///< the reader reversed the vertex order to fit the role
      size_t n_points;
      CgVec2 *points;
    };
    struct /* kind == CAROM_OBJECT_BALL */
    {
      guint max_bounces;
      CgVec2 center;
      double radius;
      CgVec2 direction; ///< unit vector
    };
  };
} CaromObject;

/// What a scene keeps of the file it was read from, for the writer: the io
/// layer's business (the model never looks inside), freed with the scene.
typedef struct _CaromSceneSource CaromSceneSource;

/// A scene: objects in document order.
typedef struct
{
  GPtrArray *objects; ///< of CaromObject*, owned
  /// The source document (owned, may be NULL) and how to free it.
  CaromSceneSource *source;
  GDestroyNotify source_free;
} CaromScene;

CaromScene *carom_scene_new (void);
void carom_scene_free (CaromScene *scene);

/// Gives the scene a source document (owned; replaces and frees any other).
void carom_scene_set_source (CaromScene *scene, CaromSceneSource *source,
                             GDestroyNotify source_free);

/// Takes the source document away from the scene (the caller frees it with
/// *source_free), leaving it with none.
CaromSceneSource *carom_scene_steal_source (CaromScene *scene, GDestroyNotify *source_free);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaromScene, carom_scene_free)

/// A new polygon object (points copied), in no scene yet.
CaromObject *carom_object_new_polygon (const char *id, CgRole role, const CgVec2 *points,
                                       size_t n_points);

/// A new ball object (direction normalised here), in no scene yet.
CaromObject *carom_object_new_ball (const char *id, CgVec2 center, double radius, CgVec2 direction,
                                    guint max_bounces);

/// Appends a polygon (copied, not yet validated or oriented). id may be NULL:
/// carom_scene_assign_ids() names it later. Returns the new object (borrowed).
CaromObject *carom_scene_add_polygon (CaromScene *scene, const char *id, CgRole role,
                                      const CgVec2 *points, size_t n_points);

/// Appends a ball; direction need not be normalised. Returns it (borrowed).
CaromObject *carom_scene_add_ball (CaromScene *scene, const char *id, CgVec2 center, double radius,
                                   CgVec2 direction, guint max_bounces);

/// Replaces a polygon's vertices with a copy of points[0..n_points).
void carom_object_set_points (CaromObject *object, const CgVec2 *points, size_t n_points);

/// Replaces the object's id with a copy of id (NULL: none yet).
void carom_object_set_id (CaromObject *object, const char *id);

/// Gives every object without an id the name `wall-N`, `obstacle-N` or
/// `ball-N` (N counting objects of that kind in document order, skipping
/// names already taken).
void carom_scene_assign_ids (CaromScene *scene);

/// The box around every object, balls included (empty for an empty scene).
CgAabb carom_scene_get_bounds (const CaromScene *scene);

/// The object with this id, or NULL.
CaromObject *carom_scene_find (const CaromScene *scene, const char *id);

/// "wall", "obstacle" or "ball".
const char *carom_object_role_name (const CaromObject *object);

void carom_object_free (CaromObject *object);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaromObject, carom_object_free)

/// A deep copy of object (compact, like the objects the reader makes).
CaromObject *carom_object_copy (const CaromObject *object);

/// True when a and b are the same to the bit: kind, id, geometry, settings.
gboolean carom_object_equal (const CaromObject *a, const CaromObject *b);

G_END_DECLS
