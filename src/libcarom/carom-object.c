/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-object.c: CaromObject, a boxed copy of the model's CmObject. */
#include "carom-private.h"

/* A CaromObject is a CmObject of its own (cm_object_copy()). */
G_DEFINE_BOXED_TYPE (CaromObject, carom_object, carom_object_copy, carom_object_free)

CaromObject *
carom_object_new_from_model (const CmObject *object)
{
  return (CaromObject *)cm_object_copy (object);
}

const CmObject *
carom_object_get_model (const CaromObject *object)
{
  return (const CmObject *)object;
}

/**
 * carom_object_copy:
 * @object: an object
 *
 * Copies an object.
 *
 * Returns: (transfer full): a copy of @object
 */
CaromObject *
carom_object_copy (const CaromObject *object)
{
  g_return_val_if_fail (object != NULL, NULL);
  return (CaromObject *)cm_object_copy ((const CmObject *)object);
}

/**
 * carom_object_free:
 * @object: (transfer full): an object
 *
 * Frees @object.
 */
void
carom_object_free (CaromObject *object)
{
  cm_object_free ((CmObject *)object);
}

/**
 * carom_object_get_id:
 * @object: an object
 *
 * The object's id: its `id` attribute in the scene file.
 *
 * Returns: (transfer none): the object's id, unique in its scene
 */
const char *
carom_object_get_id (const CaromObject *object)
{
  g_return_val_if_fail (object != NULL, NULL);
  return carom_object_get_model (object)->id;
}

/**
 * carom_object_get_kind:
 * @object: an object
 *
 * What the object is; which of the other getters apply depends on it.
 *
 * Returns: whether @object is a polygon, a ball or a beam
 */
CaromObjectKind
carom_object_get_kind (const CaromObject *object)
{
  g_return_val_if_fail (object != NULL, CAROM_OBJECT_KIND_POLYGON);
  switch (carom_object_get_model (object)->kind)
    {
    case CM_OBJECT_BALL:
      return CAROM_OBJECT_KIND_BALL;
    case CM_OBJECT_BEAM:
      return CAROM_OBJECT_KIND_BEAM;
    case CM_OBJECT_POLYGON:
      break;
    }
  return CAROM_OBJECT_KIND_POLYGON;
}

/**
 * carom_object_get_role:
 * @object: a polygon
 *
 * What the polygon is to the ball.
 *
 * Returns: whether the polygon is a wall or an obstacle (%CAROM_ROLE_WALL
 *   for a ball or a beam)
 */
CaromRole
carom_object_get_role (const CaromObject *object)
{
  g_return_val_if_fail (object != NULL, CAROM_ROLE_WALL);
  const CmObject *o = carom_object_get_model (object);
  return o->kind == CM_OBJECT_POLYGON && o->role == CG_ROLE_OBSTACLE ? CAROM_ROLE_OBSTACLE
                                                                     : CAROM_ROLE_WALL;
}

/**
 * carom_object_get_on_hit:
 * @object: a polygon
 *
 * What the polygon does to the ball that touches it
 * ([method@Carom.Scene.set_on_hit] sets it for an obstacle).
 *
 * Returns: whether the ball stops or reflects when it touches the polygon
 *   (walls always reflect)
 */
CaromOnHit
carom_object_get_on_hit (const CaromObject *object)
{
  g_return_val_if_fail (object != NULL, CAROM_ON_HIT_STOP);
  const CmObject *o = carom_object_get_model (object);
  if (o->kind == CM_OBJECT_POLYGON && o->role == CG_ROLE_WALL)
    return CAROM_ON_HIT_REFLECT;
  return o->on_hit == CG_ON_HIT_REFLECT ? CAROM_ON_HIT_REFLECT : CAROM_ON_HIT_STOP;
}

/**
 * carom_object_get_hidden:
 * @object: an object
 *
 * Whether the scene file hides the object (`carom:hidden`).
 *
 * Returns: whether the object is hidden: neither drawn nor traced
 */
gboolean
carom_object_get_hidden (const CaromObject *object)
{
  g_return_val_if_fail (object != NULL, FALSE);
  return carom_object_get_model (object)->hidden != 0;
}

/**
 * carom_object_get_points:
 * @object: a polygon
 * @n_coords: (out): the number of coordinates: twice the number of vertices
 *
 * The polygon's vertices as a flat array x0, y0, x1, y1, ... in the order
 * they are traced: walls counter-clockwise, obstacles clockwise (y down), so
 * possibly the reverse of the order they were given in. A circle is one
 * vertex, a point of its circle. Empty for a ball or a beam.
 *
 * Returns: (transfer full) (array length=n_coords): the coordinates
 */
double *
carom_object_get_points (const CaromObject *object, gsize *n_coords)
{
  g_return_val_if_fail (object != NULL && n_coords != NULL, NULL);
  const CmObject *o = carom_object_get_model (object);
  *n_coords = 0;
  if (o->kind != CM_OBJECT_POLYGON)
    return NULL;
  double *xy = g_new (double, 2 * o->n_points);
  for (size_t i = 0; i < o->n_points; i++)
    {
      xy[2 * i] = o->points[i].x;
      xy[2 * i + 1] = o->points[i].y;
    }
  *n_coords = 2 * o->n_points;
  return xy;
}

/**
 * carom_object_get_arc_sweeps:
 * @object: a polygon
 * @n_edges: (out): the number of edges (the number of vertices), or 0 when
 *   every edge is straight
 *
 * For each edge, from vertex i to vertex i + 1 (the last back to the first),
 * the angle in radians it turns through as an arc: 0 for a straight edge,
 * ±2π for a whole circle.
 *
 * Returns: (transfer full) (array length=n_edges) (nullable): the sweeps, or
 *   %NULL when every edge is straight
 */
double *
carom_object_get_arc_sweeps (const CaromObject *object, gsize *n_edges)
{
  g_return_val_if_fail (object != NULL && n_edges != NULL, NULL);
  const CmObject *o = carom_object_get_model (object);
  *n_edges = 0;
  if (o->kind != CM_OBJECT_POLYGON || o->edges == NULL)
    return NULL;
  double *sweeps = g_new (double, o->n_points);
  for (size_t i = 0; i < o->n_points; i++)
    sweeps[i] = o->edges[i].sweep;
  *n_edges = o->n_points;
  return sweeps;
}

/**
 * carom_object_get_center:
 * @object: a ball or a beam
 * @x: (out): x of the ball's centre (a fan: where its rays start; a parallel
 *   beam: its first end)
 * @y: (out): y of the same point
 *
 * Where the ball starts.
 */
void
carom_object_get_center (const CaromObject *object, double *x, double *y)
{
  g_return_if_fail (object != NULL && x != NULL && y != NULL);
  const CmObject *o = carom_object_get_model (object);
  *x = o->kind == CM_OBJECT_POLYGON ? 0.0 : o->center.x;
  *y = o->kind == CM_OBJECT_POLYGON ? 0.0 : o->center.y;
}

/**
 * carom_object_get_direction:
 * @object: a ball or a beam
 * @dx: (out): x of the unit direction the ball starts in (a fan: its middle
 *   ray's)
 * @dy: (out): y of that direction
 *
 * The direction the ball starts in.
 */
void
carom_object_get_direction (const CaromObject *object, double *dx, double *dy)
{
  g_return_if_fail (object != NULL && dx != NULL && dy != NULL);
  const CmObject *o = carom_object_get_model (object);
  *dx = o->kind == CM_OBJECT_POLYGON ? 0.0 : o->direction.x;
  *dy = o->kind == CM_OBJECT_POLYGON ? 0.0 : o->direction.y;
}

/**
 * carom_object_get_radius:
 * @object: a ball or a beam
 *
 * The radius of the ball, or of each ray's ball of a beam.
 *
 * Returns: the ball's radius (0 for a polygon)
 */
double
carom_object_get_radius (const CaromObject *object)
{
  g_return_val_if_fail (object != NULL, 0.0);
  const CmObject *o = carom_object_get_model (object);
  return o->kind == CM_OBJECT_POLYGON ? 0.0 : o->radius;
}

/**
 * carom_object_get_max_bounces:
 * @object: a ball or a beam
 *
 * The ball's own limit of reflections (`carom:max-bounces` in the scene
 * file); [method@Carom.Scene.trace_full] may override it.
 *
 * Returns: the most reflections the ball makes before it stops (0 for a
 *   polygon)
 */
guint
carom_object_get_max_bounces (const CaromObject *object)
{
  g_return_val_if_fail (object != NULL, 0);
  const CmObject *o = carom_object_get_model (object);
  return o->kind == CM_OBJECT_POLYGON ? 0 : o->max_bounces;
}

/**
 * carom_object_get_ray_count:
 * @object: a beam
 *
 * How many balls the object traces.
 *
 * Returns: the number of rays of the beam: 1 for a ball, 0 for a polygon
 */
guint
carom_object_get_ray_count (const CaromObject *object)
{
  g_return_val_if_fail (object != NULL, 0);
  const CmObject *o = carom_object_get_model (object);
  return o->kind == CM_OBJECT_BEAM ? o->count : o->kind == CM_OBJECT_BALL ? 1 : 0;
}
