/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-scene.h: the scene model: walls, obstacles and balls in document order. */
#pragma once

#include <glib.h>

#include "geom/cg-curve.h"
#include "geom/cg-polygon.h"
#include "geom/cg-scene.h"

G_BEGIN_DECLS

/// What a scene object is.
typedef enum
{
  CAROM_OBJECT_POLYGON, ///< a wall or an obstacle (edges straight or arcs)
  CAROM_OBJECT_BALL,
  CAROM_OBJECT_BEAM, ///< many balls at once: a fan or a parallel beam
} CaromObjectKind;

/// The two shapes of a beam (scene-format.md, issue 15).
typedef enum
{
  /// `<circle carom:role="beam">`: count rays from center, spread degrees
  /// wide around direction
  CAROM_BEAM_FAN,
  /// `<line carom:role="beam">`: count rays from center (P1) to beam_end
  /// (P2), all along direction
  CAROM_BEAM_PARALLEL,
} CaromBeamShape;

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
  guint8 on_hit;  ///< polygons: CgOnHit (carom:on-hit; walls always reflect)
  /// Where the object came from in its scene's source document (an index
  /// the io layer gave it, 1-based), or 0 for an object made in Carom (new,
  /// pasted, duplicated): kept by copies, edits, undo and redo.
  guint32 origin;
  guint8 beam_shape;   ///< beams: CaromBeamShape
  guint8 label_placed; ///< the author placed its name label (carom:label-offset)
  /// Where the author placed the object's name label: the label's centre
  /// from carom_object_label_anchor(), in scene units. Read only when
  /// label_placed.
  CgVec2 label_offset;
  union
  {
    struct /* kind == CAROM_OBJECT_POLYGON */
    {
      CgRole role;
      gboolean reversed; ///< the reader reversed the vertex order to fit the role
      size_t n_points;
      CgVec2 *points;
      /// NULL when every edge is straight; else n_points edges, edge i from
      /// points[i] to points[i + 1] (cg-curve.h). A whole circle is one
      /// point and one edge of sweep ±2π. Owned; set with
      /// carom_object_set_edges().
      CgCurveEdge *edges;
    };
    struct /* kind == CAROM_OBJECT_BALL or CAROM_OBJECT_BEAM */
    {
      guint max_bounces;
      guint count;   ///< beams: the number of rays (>= 1)
      CgVec2 center; ///< ball: its centre; fan: where the rays start; parallel: P1
      double radius;
      CgVec2 direction; ///< unit vector (a fan: the middle ray's)
      CgVec2 beam_end;  ///< parallel beams: P2
      double spread;    ///< fan beams: the angle from the first ray to the last, degrees
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

/// A new fan beam: count rays of radius radius from center, spread degrees
/// wide around direction (normalised here).
CaromObject *carom_object_new_fan_beam (const char *id, CgVec2 center, double radius,
                                        CgVec2 direction, double spread, guint count,
                                        guint max_bounces);

/// A new parallel beam: count rays of radius radius from p1 to p2, all
/// along direction (normalised here).
CaromObject *carom_object_new_parallel_beam (const char *id, CgVec2 p1, CgVec2 p2, double radius,
                                             CgVec2 direction, guint count, guint max_bounces);

/// Where ray k (0 <= k < count) of a beam starts and where it goes (a unit
/// vector), by scene-format.md: a fan's ray k leaves at the angle
/// θ − spread/2 + k·spread/(count − 1), θ = atan2(dy, dx) (count 1: θ);
/// a parallel beam's starts at P1 + k/(count − 1)·(P2 − P1) (count 1: the
/// midpoint).
void carom_beam_ray (const CaromObject *beam, guint k, CgVec2 *start, CgVec2 *direction);

/// A ball or a beam as the tracer takes it (cg-scene.h: what the window,
/// `carom trace` and the web page's core share).
CgSource carom_object_source (const CaromObject *object);

/// Appends a polygon (copied, not yet validated or oriented). id may be NULL:
/// carom_scene_assign_ids() names it later. Returns the new object (borrowed).
CaromObject *carom_scene_add_polygon (CaromScene *scene, const char *id, CgRole role,
                                      const CgVec2 *points, size_t n_points);

/// Appends a ball; direction need not be normalised. Returns it (borrowed).
CaromObject *carom_scene_add_ball (CaromScene *scene, const char *id, CgVec2 center, double radius,
                                   CgVec2 direction, guint max_bounces);

/// Replaces a polygon's vertices with a copy of points[0..n_points).
void carom_object_set_points (CaromObject *object, const CgVec2 *points, size_t n_points);

/// Replaces a polygon's edges with a copy of edges[0 .. n_points) (NULL:
/// every edge straight). Set the points first: the edges follow them.
void carom_object_set_edges (CaromObject *object, const CgCurveEdge *edges);

/// True when a polygon has an arc edge.
gboolean carom_object_is_curved (const CaromObject *object);

/// Replaces the object's id with a copy of id (NULL: none yet).
void carom_object_set_id (CaromObject *object, const char *id);

/// Gives every object without an id the name `wall-N`, `obstacle-N`,
/// `ball-N` or `beam-N` (N counting objects of that kind in document order, skipping
/// names already taken).
void carom_scene_assign_ids (CaromScene *scene);

/// The box around every object, balls included (empty for an empty scene).
CgAabb carom_scene_get_bounds (const CaromScene *scene);

/// The object with this id, or NULL.
CaromObject *carom_scene_find (const CaromScene *scene, const char *id);

/// The point an object's name label is placed from: the centre of a
/// polygon's box (its arcs included) or of a ball or a fan, the middle of a
/// parallel beam.
CgVec2 carom_object_label_anchor (const CaromObject *object);

/// "wall", "obstacle", "ball" or "beam".
const char *carom_object_role_name (const CaromObject *object);

void carom_object_free (CaromObject *object);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaromObject, carom_object_free)

/// A deep copy of object (compact, like the objects the reader makes).
CaromObject *carom_object_copy (const CaromObject *object);

/// True when a and b are the same to the bit: kind, id, geometry, settings.
gboolean carom_object_equal (const CaromObject *a, const CaromObject *b);

G_END_DECLS
