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
  CM_OBJECT_POLYGON, ///< a wall or an obstacle (edges straight or arcs)
  CM_OBJECT_BALL,
  CM_OBJECT_BEAM, ///< many balls at once: a fan or a parallel beam
} CmObjectKind;

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
/// itself. Change them with cm_object_set_points() and
/// cm_object_set_id(), never by assigning the fields.
typedef struct
{
  char *id; ///< unique within the scene, never NULL once ids are assigned
  CmObjectKind kind;
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
  /// from cm_object_label_anchor(), in scene units. Read only when
  /// label_placed.
  CgVec2 label_offset;
  union
  {
    struct /* kind == CM_OBJECT_POLYGON */
    {
      CgRole role;
      gboolean reversed; ///< the reader reversed the vertex order to fit the role
      size_t n_points;
      CgVec2 *points;
      /// NULL when every edge is straight; else n_points edges, edge i from
      /// points[i] to points[i + 1] (cg-curve.h). A whole circle is one
      /// point and one edge of sweep ±2π. Owned; set with
      /// cm_object_set_edges().
      CgCurveEdge *edges;
    };
    struct /* kind == CM_OBJECT_BALL or CM_OBJECT_BEAM */
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
} CmObject;

/// What a scene keeps of the file it was read from, for the writer: the io
/// layer's business (the model never looks inside), freed with the scene.
typedef struct _CmSceneSource CmSceneSource;

/// A scene: objects in document order.
typedef struct
{
  GPtrArray *objects; ///< of CmObject*, owned
  /// The source document (owned, may be NULL) and how to free it.
  CmSceneSource *source;
  GDestroyNotify source_free;
} CmScene;

CmScene *cm_scene_new (void);
void cm_scene_free (CmScene *scene);

/// Gives the scene a source document (owned; replaces and frees any other).
void cm_scene_set_source (CmScene *scene, CmSceneSource *source, GDestroyNotify source_free);

/// Takes the source document away from the scene (the caller frees it with
/// *source_free), leaving it with none.
CmSceneSource *cm_scene_steal_source (CmScene *scene, GDestroyNotify *source_free);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CmScene, cm_scene_free)

/// A new polygon object (points copied), in no scene yet.
CmObject *cm_object_new_polygon (const char *id, CgRole role, const CgVec2 *points,
                                 size_t n_points);

/// A new ball object (direction normalised here), in no scene yet.
CmObject *cm_object_new_ball (const char *id, CgVec2 center, double radius, CgVec2 direction,
                              guint max_bounces);

/// A new fan beam: count rays of radius radius from center, spread degrees
/// wide around direction (normalised here).
CmObject *cm_object_new_fan_beam (const char *id, CgVec2 center, double radius, CgVec2 direction,
                                  double spread, guint count, guint max_bounces);

/// A new parallel beam: count rays of radius radius from p1 to p2, all
/// along direction (normalised here).
CmObject *cm_object_new_parallel_beam (const char *id, CgVec2 p1, CgVec2 p2, double radius,
                                       CgVec2 direction, guint count, guint max_bounces);

/// Where ray k (0 <= k < count) of a beam starts and where it goes (a unit
/// vector), by scene-format.md: a fan's ray k leaves at the angle
/// θ − spread/2 + k·spread/(count − 1), θ = atan2(dy, dx) (count 1: θ);
/// a parallel beam's starts at P1 + k/(count − 1)·(P2 − P1) (count 1: the
/// midpoint).
void carom_beam_ray (const CmObject *beam, guint k, CgVec2 *start, CgVec2 *direction);

/// A ball or a beam as the tracer takes it (cg-scene.h: what the window,
/// `carom trace` and the web page's core share).
CgSource cm_object_source (const CmObject *object);

/// Appends a polygon (copied, not yet validated or oriented). id may be NULL:
/// cm_scene_assign_ids() names it later. Returns the new object (borrowed).
CmObject *cm_scene_add_polygon (CmScene *scene, const char *id, CgRole role, const CgVec2 *points,
                                size_t n_points);

/// Appends a ball; direction need not be normalised. Returns it (borrowed).
CmObject *cm_scene_add_ball (CmScene *scene, const char *id, CgVec2 center, double radius,
                             CgVec2 direction, guint max_bounces);

/// Replaces a polygon's vertices with a copy of points[0..n_points).
void cm_object_set_points (CmObject *object, const CgVec2 *points, size_t n_points);

/// Replaces a polygon's edges with a copy of edges[0 .. n_points) (NULL:
/// every edge straight). Set the points first: the edges follow them.
void cm_object_set_edges (CmObject *object, const CgCurveEdge *edges);

/// True when a polygon has an arc edge.
gboolean cm_object_is_curved (const CmObject *object);

/// Replaces the object's id with a copy of id (NULL: none yet).
void cm_object_set_id (CmObject *object, const char *id);

/// Gives every object without an id the name `wall-N`, `obstacle-N`,
/// `ball-N` or `beam-N` (N counting objects of that kind in document order, skipping
/// names already taken).
void cm_scene_assign_ids (CmScene *scene);

/// The box around every object, balls included (empty for an empty scene).
CgAabb cm_scene_get_bounds (const CmScene *scene);

/// The object with this id, or NULL.
CmObject *cm_scene_find (const CmScene *scene, const char *id);

/// The point an object's name label is placed from: the centre of a
/// polygon's box (its arcs included) or of a ball or a fan, the middle of a
/// parallel beam.
CgVec2 cm_object_label_anchor (const CmObject *object);

/// "wall", "obstacle", "ball" or "beam".
const char *cm_object_role_name (const CmObject *object);

void cm_object_free (CmObject *object);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CmObject, cm_object_free)

/// A deep copy of object (compact, like the objects the reader makes).
CmObject *cm_object_copy (const CmObject *object);

/// True when a and b are the same to the bit: kind, id, geometry, settings.
gboolean cm_object_equal (const CmObject *a, const CmObject *b);

G_END_DECLS
