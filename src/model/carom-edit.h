/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-edit.h: the commands that change a scene.
 *
 * Tools and panels never change geometry themselves: they call these
 * commands, which check the new state, keep polygons valid and in their
 * role's orientation, and record every change in the history as one undo
 * step. A command that cannot be carried out changes nothing and says why. */
#pragma once

#include "carom-history.h"

G_BEGIN_DECLS

#define CAROM_EDIT_ERROR (carom_edit_error_quark ())
GQuark carom_edit_error_quark (void);

/// Why a command was refused.
typedef enum
{
  CAROM_EDIT_ERROR_INVALID_POLYGON, ///< the polygon would cross itself or be degenerate
  CAROM_EDIT_ERROR_INVALID_VALUE,   ///< a number a ball or a transform cannot have
  CAROM_EDIT_ERROR_NAME,            ///< a name that is empty, taken or not a valid SVG id
} CaromEditError;

/// A map of the plane: x' = xx·x + xy·y + x0, y' = yx·x + yy·y + y0.
typedef struct
{
  double xx, yx, xy, yy, x0, y0;
} CaromMatrix;

/// Moves by delta.
CaromMatrix carom_matrix_translate (CgVec2 delta);

/// Turns by angle radians (y down: positive turns clockwise on screen) about pivot.
CaromMatrix carom_matrix_rotate (CgVec2 pivot, double angle);

/// Scales by sx, sy about pivot.
CaromMatrix carom_matrix_scale (CgVec2 pivot, double sx, double sy);

/// Where m takes p.
CgVec2 carom_matrix_apply (const CaromMatrix *m, CgVec2 p);

/// Checks points as the vertices of a polygon: on failure sets
/// CAROM_EDIT_ERROR_INVALID_POLYGON with what is wrong (the edges that
/// cross, the vertex that is not a number).
gboolean carom_edit_check_polygon (const CgVec2 *points, size_t n_points, GError **error);

/// Checks a boundary of points and edges (NULL: all straight): on failure
/// sets CAROM_EDIT_ERROR_INVALID_POLYGON naming the edges that cross, the
/// arc that does not fit, the vertex that is not a number.
gboolean carom_edit_check_curve (const CgVec2 *points, const CgCurveEdge *edges, size_t n_points,
                                 GError **error);

/// Makes the arcs of edges[0 .. n) follow their ends from old_points to
/// points: each keeps its sweep and gets the centre and radius of the arc
/// between its new ends (a whole circle keeps its centre).
void carom_curve_follow_vertices (const CgVec2 *old_points, const CgVec2 *points,
                                  CgCurveEdge *edges, size_t n);

/// Writes into out_points and out_edges (room for n + 1) the boundary with a
/// vertex added at fraction s of edge (after vertex edge): an arc splits into
/// two arcs on its circle. edges may be NULL (all straight).
void carom_curve_insert_vertex (const CgVec2 *points, const CgCurveEdge *edges, size_t n,
                                size_t edge, double s, CgVec2 *out_points, CgCurveEdge *out_edges);

/// Writes into out_points and out_edges (room for n - 1) the boundary
/// without vertex k: its two edges become one that turns by both their
/// sweeps (two arcs of one circle give that circle's arc; an arc and a
/// segment, the arc's turn between the new ends; two segments, a segment).
void carom_curve_delete_vertex (const CgVec2 *points, const CgCurveEdge *edges, size_t n, size_t k,
                                CgVec2 *out_points, CgCurveEdge *out_edges);

/// The edge from a to b through p: the arc of the circle through the three,
/// or a straight edge when p is within tol of the line ab.
CgCurveEdge carom_curve_edge_through (CgVec2 a, CgVec2 b, CgVec2 p, double tol);

/// A name of the form "prefix-N" that no object of scene has.
char *cm_scene_unique_id (const CmScene *scene, const char *prefix);

/// Appends object (taken) as one step named label. A polygon is checked and
/// put in its role's orientation (*reversed, may be NULL, says whether that
/// took reversing its vertices); an object without an id, or whose id is
/// taken, gets a new one. Returns the new object's index, or -1 (nothing
/// changed, object freed) when it is invalid.
gint carom_edit_add (CaromHistory *history, CmScene *scene, CmObject *object, const char *label,
                     gboolean *reversed, GError **error);

/// Appends objects (a GPtrArray of CmObject*, all taken) as one step: what
/// paste and duplicate do. Taken ids get new names. *n_reversed (may be NULL)
/// counts the polygons reversed to fit their role. Refuses all when one is
/// invalid.
gboolean carom_edit_add_all (CaromHistory *history, CmScene *scene, GPtrArray *objects,
                             const char *label, guint *n_reversed, GError **error);

/// Removes the objects at indices (any order, no repeats) as one step.
void carom_edit_delete (CaromHistory *history, CmScene *scene, const guint *indices,
                        guint n_indices, const char *label);

/// Maps the objects at indices by m as one step; merge_key joins the steps of
/// a drag. originals (may be NULL) are the versions to map, one per index
/// (what the objects were when a drag began, so each event maps them afresh
/// and rounding never builds up); NULL maps the objects as they are. Balls keep their radius under
/// rotation and scale with a uniform scale; a map that flips the plane keeps polygons in their
/// role's orientation. Refuses a map that collapses the plane or makes a polygon invalid.
gboolean carom_edit_transform (CaromHistory *history, CmScene *scene, const guint *indices,
                               guint n_indices, CmObject *const *originals, const CaromMatrix *m,
                               const char *label, const char *merge_key, GError **error);

/// Replaces a polygon's vertices (checked, then put in the role's
/// orientation; *reversed, may be NULL, says whether that took reversing).
/// With as many vertices as before, its arcs follow their ends
/// (carom_curve_follow_vertices()); with another count, every edge is
/// straight (use carom_edit_set_curve()).
gboolean carom_edit_set_points (CaromHistory *history, CmScene *scene, guint index,
                                const CgVec2 *points, size_t n_points, const char *label,
                                const char *merge_key, gboolean *reversed, GError **error);

/// Replaces a polygon's vertices and edges (NULL: all straight), checked
/// and put in the role's orientation (vertex i goes to n - 1 - i when that
/// takes reversing, as with carom_edit_set_points()).
gboolean carom_edit_set_curve (CaromHistory *history, CmScene *scene, guint index,
                               const CgVec2 *points, const CgCurveEdge *edges, size_t n_points,
                               const char *label, const char *merge_key, gboolean *reversed,
                               GError **error);

/// Replaces edge edge of a polygon with value (cg_curve_edge_straight():
/// straighten it; an arc: bend it).
gboolean carom_edit_set_edge (CaromHistory *history, CmScene *scene, guint index, guint edge,
                              CgCurveEdge value, const char *label, const char *merge_key,
                              GError **error);

/// Gives an arc edge the radius radius, keeping its ends, the side it
/// bulges to and whether it is more than a half circle (a whole circle keeps
/// its centre). Refuses a straight edge and a radius below half the chord.
gboolean carom_edit_set_edge_radius (CaromHistory *history, CmScene *scene, guint index, guint edge,
                                     double radius, const char *label, const char *merge_key,
                                     GError **error);

/// What the ball does when it touches an obstacle (carom:on-hit).
void carom_edit_set_on_hit (CaromHistory *history, CmScene *scene, guint index, CgOnHit on_hit);

/// Gives every obstacle at indices (any order; other objects are left
/// alone) the on-hit on_hit, as one undo step.
void carom_edit_set_on_hit_all (CaromHistory *history, CmScene *scene, const guint *indices,
                                guint n_indices, CgOnHit on_hit);

/// How a property stands over several objects (what Properties shows for a
/// selection of several).
typedef enum
{
  CAROM_SHARED_NONE,  ///< not every object has the property (or there is none)
  CAROM_SHARED_SAME,  ///< every object has it, with one value
  CAROM_SHARED_MIXED, ///< every object has it, with different values
} CaromShared;

/// The role of the objects at indices: CAROM_SHARED_NONE unless all are
/// polygons; *role (may be NULL) is set when they share one.
CaromShared carom_edit_shared_role (const CmScene *scene, const guint *indices, guint n_indices,
                                    CgRole *role);

/// What the ball does when it touches the objects at indices:
/// CAROM_SHARED_NONE unless all are obstacles; *on_hit (may be NULL) is set
/// when they share one.
CaromShared carom_edit_shared_on_hit (const CmScene *scene, const guint *indices, guint n_indices,
                                      CgOnHit *on_hit);

/// Places an object's name label: its centre at offset from
/// cm_object_label_anchor() (scene units, finite), exempt from the
/// automatic placement; placed FALSE gives the label back to it (Reset).
/// merge_key merges a drag's moves into one undo step (NULL: none).
void carom_edit_set_label_offset (CaromHistory *history, CmScene *scene, guint index,
                                  gboolean placed, CgVec2 offset, const char *merge_key);

/// Makes a polygon a wall or an obstacle, reversing its vertex order to fit.
void carom_edit_set_role (CaromHistory *history, CmScene *scene, guint index, CgRole role);

/// Makes every polygon at indices (any order; other objects are left alone)
/// a wall or an obstacle, as one undo step.
void carom_edit_set_role_all (CaromHistory *history, CmScene *scene, const guint *indices,
                              guint n_indices, CgRole role);

/// Renames an object; the name must be a valid SVG id no other object has.
gboolean carom_edit_rename (CaromHistory *history, CmScene *scene, guint index, const char *name,
                            GError **error);

/// Sets a ball's centre, radius (> 0), direction (not zero; normalised here)
/// and max bounces.
gboolean carom_edit_set_ball (CaromHistory *history, CmScene *scene, guint index, CgVec2 center,
                              double radius, CgVec2 direction, guint max_bounces, const char *label,
                              const char *merge_key, GError **error);

/// The most rays a beam may have: as many as a file may give it
/// (CAROM_SVG_MAX_BEAM_RAYS, README), so a beam read from a file can be edited.
#define CAROM_BEAM_MAX_COUNT 1000000

/// Gives the beam at index the shape, centre (P1), end (P2, parallel beams),
/// radius (> 0), direction (not zero; normalised here), spread (fans, 0 to
/// 360°), count (1 to CAROM_BEAM_MAX_COUNT) and max bounces of values (a
/// beam; its id and flags are not used).
gboolean carom_edit_set_beam (CaromHistory *history, CmScene *scene, guint index,
                              const CmObject *values, const char *label, const char *merge_key,
                              GError **error);

/// Hides or shows an object (a hidden object is neither drawn nor traced),
/// locks or unlocks it (a locked object cannot be picked on the canvas).
void carom_edit_set_flags (CaromHistory *history, CmScene *scene, guint index, gboolean hidden,
                           gboolean locked);

G_END_DECLS
