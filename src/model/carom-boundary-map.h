/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-boundary-map.h: the boundary map (Birkhoff coordinates) of traced
 * balls: every hit as a point (ξ, sin φ).
 *
 * ξ is the arc length along the drawn polygons (not their offset outlines):
 * the traced polygons laid end to end in scene order, each from its first
 * vertex (as stored, in its role's orientation) along its edges, to the
 * contact point: p − r n on an edge, the vertex itself on a corner arc. An
 * arc edge counts its length R |sweep|, and a hit on it is measured along the
 * arc to p − r n. A beam's rays are balls of the trace like any other (map
 * all of them with cm_scene_trace_object_balls()).
 * sin φ = n.x d′.y − n.y d′.x, φ the signed angle from the contact normal n
 * to the outgoing direction d′ (for a ball that stops, the direction it
 * would leave along: cross(n, d′) = cross(n, d), so that is also the
 * incoming d). */
#pragma once

#include "carom-tracing.h"

G_BEGIN_DECLS

/// One hit on the map.
typedef struct
{
  double xi;      ///< arc length from the first traced polygon's first vertex
  double sin_phi; ///< n.x d′.y − n.y d′.x, in [−1, 1]
  guint hit;      ///< the hit's index in its trace's hits (0 for the first hit)
  guint polygon;  ///< the world polygon (cm_scene_trace_polygon())
  CgVec2 contact; ///< the point of the drawn polygon the ball touches
} CaromMapPoint;

/// Where each traced polygon starts along ξ: offsets[i] for world polygon i,
/// offsets[n] the total length (n = trace->polygons->len). Free with g_free().
double *carom_boundary_map_offsets (const CmSceneTrace *trace);

/// The points of ball `ball` (an index into trace->balls), in hit order;
/// offsets from carom_boundary_map_offsets() (NULL: computed here).
GArray *carom_boundary_map_points (const CmSceneTrace *trace, guint ball, const double *offsets);

/// One hit's point: hit k (0 for the first) of a ball of this radius.
CaromMapPoint carom_boundary_map_point (const CmSceneTrace *trace, double radius, const CgHit *hit,
                                        guint k, const double *offsets);

G_END_DECLS
