/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-hit.h: one hit of a trace with the numbers of its maths. */
#pragma once

#if !defined(CAROM_INSIDE) && !defined(CAROM_COMPILATION)
#error "Only <carom.h> can be included directly."
#endif

#include <glib-object.h>

#include "carom-enums.h"

G_BEGIN_DECLS

#define CAROM_TYPE_HIT (carom_hit_get_type ())

/**
 * CaromHit:
 * @ball: the ball's index in its trace
 * @index: the hit's number along the ball's path, 1 for the first
 * @object: the id of the object hit
 * @object_index: the object's index in the scene
 * @role: whether the object is a wall or an obstacle
 * @primitive: a segment (a straight edge's offset) or an arc (a corner's,
 *   or an arc edge's offset)
 * @element: the edge hit (a segment, or an arc edge's offset), or the vertex
 *   whose corner arc was hit
 * @at_vertex: %TRUE when @element is a vertex (a corner arc)
 * @reflected: %TRUE when the ball reflected, %FALSE when it stopped
 * @x: the contact point: where the ball's centre is when it touches
 * @y: the contact point's y
 * @distance: how far the centre travelled from the cast's start to the
 *   contact point: the cast's t
 * @normal_x: the unit contact normal, pointing to the side the ball comes from
 * @normal_y: the normal's y
 * @in_x: the unit direction before the hit
 * @in_y: its y
 * @out_x: the unit direction after the hit, d′ = d − 2 (d·n) n (the same as
 *   before when the ball stopped)
 * @out_y: its y
 * @cast_x: where the cast started: the ball's start or the previous contact
 * @cast_y: its y
 * @radius: the ball's radius: the outline's offset
 * @tolerance: τ = 4 ε M, the tolerance of this cast (geometry.md)
 * @a_x: segment: the offset segment's first end (in the boundary's
 *   direction); arc: where the arc starts
 * @a_y: its y
 * @b_x: segment: the offset segment's second end; arc: where it ends
 * @b_y: its y
 * @center_x: arc: the circle's centre (a vertex, or an arc edge's centre)
 * @center_y: its y
 * @arc_radius: arc: the offset circle's radius ρ
 * @d_dot_n: segment: the front test d·n (below 0 to be hit)
 * @height: segment: h = (c − a)·n, the start's height above the line
 * @along: segment: s, the contact is a + s (b − a)
 * @m_dot_d: arc: b = m·d with m = c − q
 * @m_dot_m: arc: m·m − ρ²
 * @discriminant: arc: b² − (m·m − ρ²)
 * @t0: arc: the smaller root, where the centre enters the circle
 * @t1: arc: the larger root, where it leaves
 * @n_tested: how many primitives the BVH search tested to find the hit
 * @n_primitives: how many brute force would have tested
 *
 * One hit of a ball with every number of its maths.
 *
 * The numbers are those the window's Hit panel and `carom trace --explain`
 * show ([method@Carom.Trace.get_hit]; docs/geometry.md, "The cast", in
 * Carom's sources). The fields marked "segment:" or "arc:" belong to that
 * primitive; the other primitive's are 0.
 */
typedef struct _CaromHit CaromHit;

struct _CaromHit
{
  guint ball;
  guint index;
  char *object;
  guint object_index;
  CaromRole role;
  CaromPrimitive primitive;
  guint element;
  gboolean at_vertex;
  gboolean reflected;
  double x;
  double y;
  double distance;
  double normal_x;
  double normal_y;
  double in_x;
  double in_y;
  double out_x;
  double out_y;
  double cast_x;
  double cast_y;
  double radius;
  double tolerance;
  double a_x;
  double a_y;
  double b_x;
  double b_y;
  double center_x;
  double center_y;
  double arc_radius;
  double d_dot_n;
  double height;
  double along;
  double m_dot_d;
  double m_dot_m;
  double discriminant;
  double t0;
  double t1;
  guint64 n_tested;
  guint64 n_primitives;
};

CAROM_API
GType carom_hit_get_type (void) G_GNUC_CONST;
CAROM_API
CaromHit *carom_hit_copy (const CaromHit *hit);
CAROM_API
void carom_hit_free (CaromHit *hit);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaromHit, carom_hit_free)

G_END_DECLS
