/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-boundary-map.c: the boundary map (Birkhoff coordinates). */
#include "carom-boundary-map.h"

#include <math.h>

/* The length of edge k of a polygon: a segment's, or an arc's R |sweep|. */
static double
edge_length (const CmObject *o, size_t k)
{
  if (o->edges != NULL && o->edges[k].sweep != 0.0)
    return o->edges[k].R * fabs (o->edges[k].sweep);
  return cg_distance (o->points[k], o->points[(k + 1) % o->n_points]);
}

/* How far along arc edge e of o the point on its circle in the direction of
 * x from its centre lies: R times the turn from v[e], in the arc's sense,
 * clamped to the arc. */
static double
along_arc (const CmObject *o, size_t e, CgVec2 x)
{
  const CgCurveEdge *edge = &o->edges[e];
  CgVec2 a = cg_sub (o->points[e], edge->q), b = cg_sub (x, edge->q);
  double phi = atan2 (cg_cross (a, b), cg_dot (a, b));
  if (edge->sweep < 0.0)
    phi = -phi;
  if (phi < 0.0)
    phi += 2.0 * G_PI;
  /* Just before v[e] on a whole circle reads as a full turn: keep it. */
  return edge->R * CLAMP (phi, 0.0, fabs (edge->sweep));
}

double *
carom_boundary_map_offsets (const CmSceneTrace *trace)
{
  guint n = trace->polygons->len;
  double *offsets = g_new (double, n + 1);
  offsets[0] = 0.0;
  for (guint i = 0; i < n; i++)
    {
      const CmObject *o = g_ptr_array_index (trace->polygons, i);
      double length = 0.0;
      for (size_t k = 0; k < o->n_points; k++)
        length += edge_length (o, k);
      offsets[i + 1] = offsets[i] + length;
    }
  return offsets;
}

CaromMapPoint
carom_boundary_map_point (const CmSceneTrace *trace, double radius, const CgHit *h, guint k,
                          const double *offsets)
{
  const CmObject *o = g_ptr_array_index (trace->polygons, h->object);
  size_t n = o->n_points, e = h->element;
  /* The length of the polygon up to its vertex e. */
  double along = 0.0;
  for (size_t i = 0; i < e; i++)
    along += edge_length (o, i);
  CaromMapPoint p = { .hit = k, .polygon = h->object };
  if (h->kind == CG_PRIM_ARC && h->part == CG_PART_EDGE)
    {
      /* The arc edge's point the ball touches: p − r n, on its circle. */
      CgVec2 x = cg_mul_add (h->point, -radius, h->normal);
      along += along_arc (o, e, x);
      const CgCurveEdge *edge = &o->edges[e];
      CgVec2 u = cg_sub (x, edge->q);
      double len = cg_length (u);
      p.contact = len > 0.0 ? cg_mul_add (edge->q, edge->R / len, u) : x;
    }
  else if (h->kind == CG_PRIM_ARC)
    p.contact = o->points[e];
  else
    {
      /* The centre is r in front of the edge: the edge's point is p − r n,
       * measured along the edge from v[e] (clamped to the edge). */
      CgVec2 a = o->points[e], b = o->points[(e + 1) % n];
      CgVec2 q = cg_mul_add (h->point, -radius, h->normal);
      double len = cg_distance (a, b);
      double s = len > 0.0 ? cg_dot (cg_sub (q, a), cg_sub (b, a)) / len : 0.0;
      s = CLAMP (s, 0.0, len);
      along += s;
      p.contact = len > 0.0 ? cg_lerp (a, b, s / len) : a;
    }
  p.xi = offsets[h->object] + along;
  p.sin_phi = CLAMP (cg_cross (h->normal, h->out), -1.0, 1.0);
  return p;
}

GArray *
carom_boundary_map_points (const CmSceneTrace *trace, guint ball, const double *offsets)
{
  g_return_val_if_fail (ball < trace->balls->len, NULL);
  g_autofree double *own = offsets == NULL ? carom_boundary_map_offsets (trace) : NULL;
  if (offsets == NULL)
    offsets = own;
  const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, ball);
  const CgTrace *t = &bt->trace;
  GArray *points = g_array_sized_new (FALSE, FALSE, sizeof (CaromMapPoint), (guint)t->n_hits);
  for (size_t k = 0; k < t->n_hits; k++)
    {
      CaromMapPoint p = carom_boundary_map_point (trace, t->radius, &t->hits[k], (guint)k, offsets);
      g_array_append_val (points, p);
    }
  return points;
}
