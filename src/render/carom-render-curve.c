/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-render-curve.c: boundaries with exact circular arcs (cg-curve.h)
 * drawn as arcs, not flattened: the objects, their true offset boundaries
 * (cg-curve-boundary.h), the normal ticks of arc edges, and the offset
 * primitive a ball hit.
 *
 * Angles: the scene's y axis points down, and so does the device's (a view
 * only scales and shifts), so an angle measured with atan2 on the raw
 * numbers is the same angle on the device. cairo_arc() turns towards
 * increasing angle, which is the way an arc edge with sweep > 0 turns
 * (cross(v[i] - q, v[i + 1] - q) > 0, cg-curve.h): sweep > 0 is drawn with
 * cairo_arc(), sweep < 0 with cairo_arc_negative(). */
#include "carom-render-private.h"

#include "geom/cg-curve-boundary.h"

/* A device arc is drawn as an arc while its centre and radius are within
 * cairo's safe range; beyond that (a deep zoom), it is flattened to pieces
 * this many device units from the true arc at most, and clipped. */
#define FLAT_TOLERANCE 0.25
/// The most pieces one flattened arc gets.
#define FLAT_MAX 4096

/* The angle of edge i's start seen from its centre. */
static double
edge_start_angle (const CmObject *o, size_t i)
{
  const CgCurveEdge *e = &o->edges[i];
  return atan2 (o->points[i].y - e->q.y, o->points[i].x - e->q.x);
}

/* Appends arc edge i, flattened, to out (device points, its start left out). */
static void
flatten_edge (const CaromFrame *f, const CmObject *o, size_t i, GArray *out)
{
  const CgCurveEdge *e = &o->edges[i];
  double r = e->R * f->view->scale;
  /* A chord of angle a is within R (1 − cos(a/2)) of its arc. */
  double step = r > FLAT_TOLERANCE ? 2.0 * acos (1.0 - FLAT_TOLERANCE / r) : G_PI / 4;
  int n = (int)ceil (fabs (e->sweep) / fmax (step, 1e-9));
  n = CLAMP (n, 1, FLAT_MAX);
  double a0 = edge_start_angle (o, i);
  for (int k = 1; k <= n; k++)
    {
      double a = a0 + e->sweep * k / n;
      CgVec2 d = carom_frame_dev (f, cg_v2 (e->q.x + e->R * cos (a), e->q.y + e->R * sin (a)));
      g_array_append_val (out, d);
    }
}

gboolean
carom_curve_path (CaromFrame *f, const CmObject *o)
{
  if (o->edges == NULL)
    return FALSE;
  cairo_t *cr = f->cr;
  size_t n = o->n_points;
  gboolean safe = TRUE;
  for (size_t i = 0; i < n && safe; i++)
    {
      safe = carom_is_safe (carom_frame_dev (f, o->points[i]));
      if (o->edges[i].sweep != 0.0)
        safe = safe && carom_is_safe (carom_frame_dev (f, o->edges[i].q))
               && o->edges[i].R * f->view->scale < CAROM_SAFE_COORD;
    }
  if (safe)
    {
      CgVec2 start = carom_frame_dev (f, o->points[0]);
      cairo_new_sub_path (cr);
      cairo_move_to (cr, start.x, start.y);
      for (size_t i = 0; i < n; i++)
        {
          const CgCurveEdge *e = &o->edges[i];
          if (e->sweep == 0.0)
            {
              CgVec2 b = carom_frame_dev (f, o->points[(i + 1) % n]);
              cairo_line_to (cr, b.x, b.y);
              continue;
            }
          CgVec2 q = carom_frame_dev (f, e->q);
          double a0 = edge_start_angle (o, i);
          if (e->sweep > 0.0)
            cairo_arc (cr, q.x, q.y, e->R * f->view->scale, a0, a0 + e->sweep);
          else
            cairo_arc_negative (cr, q.x, q.y, e->R * f->view->scale, a0, a0 + e->sweep);
        }
      cairo_close_path (cr);
      return TRUE;
    }
  /* Far out: flattened finely enough for the zoom, and clipped to the view
   * like a straight polygon. */
  g_autoptr (GArray) pts = g_array_new (FALSE, FALSE, sizeof (CgVec2));
  for (size_t i = 0; i < n; i++)
    {
      CgVec2 a = carom_frame_dev (f, o->points[i]);
      g_array_append_val (pts, a);
      if (o->edges[i].sweep != 0.0)
        {
          flatten_edge (f, o, i, pts);
          g_array_set_size (pts, pts->len - 1); /* the end is the next start */
        }
    }
  carom_polygon_device_path (f, (const CgVec2 *)pts->data, pts->len);
  return TRUE;
}

/* The device arc of centre c (scene q) and radius r from angle a0 turning by
 * sweep (either sign), dashed. */
static void
dashed_arc (CaromFrame *f, CaromDasher *d, CgVec2 q, double rho, double a0, double sweep)
{
  CgVec2 c = carom_frame_dev (f, q);
  double r = rho * f->view->scale;
  if (!carom_is_safe (c) || r > CAROM_SAFE_COORD)
    {
      /* Beyond the safe range: as short lines. */
      double step = r > FLAT_TOLERANCE ? 2.0 * acos (1.0 - FLAT_TOLERANCE / r) : G_PI / 4;
      int n = CLAMP ((int)ceil (fabs (sweep) / fmax (step, 1e-9)), 1, FLAT_MAX);
      CgVec2 prev = carom_frame_dev (f, cg_v2 (q.x + rho * cos (a0), q.y + rho * sin (a0)));
      for (int k = 1; k <= n; k++)
        {
          double a = a0 + sweep * k / n;
          CgVec2 p = carom_frame_dev (f, cg_v2 (q.x + rho * cos (a), q.y + rho * sin (a)));
          CgVec2 pa = prev, pb = p;
          if (carom_clip_segment (&pa, &pb, d->clip))
            carom_dasher_line (d, pa, pb);
          prev = p;
        }
      return;
    }
  if (sweep >= 0.0)
    carom_dasher_arc (d, c, r, a0, a0 + sweep);
  else
    carom_dasher_arc (d, c, r, a0 + sweep, a0);
}

void
carom_curve_boundary_dashes (CaromFrame *f, CaromDasher *d, const CgCurveBoundary *b)
{
  for (size_t k = 0; k < b->n_pieces; k++)
    {
      const CgCurvePrim *p = &b->pieces[k].prim;
      if (p->kind == CG_CPRIM_SEGMENT)
        {
          CgVec2 a = carom_frame_dev (f, p->a), e = carom_frame_dev (f, p->b);
          if (carom_clip_segment (&a, &e, d->clip))
            carom_dasher_line (d, a, e);
          continue;
        }
      /* Arcs turn left (increasing angle) from u0 by sweep > 0. */
      dashed_arc (f, d, p->q, p->rho, atan2 (p->u0.y, p->u0.x), p->sweep);
    }
}

void
carom_curve_prim_path (CaromFrame *f, const CgPrimitive *p)
{
  cairo_t *cr = f->cr;
  if (p->kind == CG_PRIM_SEGMENT)
    {
      CgVec2 a = carom_frame_dev (f, p->a), b = carom_frame_dev (f, p->b);
      if (!carom_clip_segment (&a, &b, f->device))
        return;
      cairo_move_to (cr, a.x, a.y);
      cairo_line_to (cr, b.x, b.y);
      return;
    }
  CgVec2 q = carom_frame_dev (f, p->q);
  double r = p->rho * f->view->scale;
  if (!carom_is_safe (q) || r > CAROM_SAFE_COORD)
    return;
  /* Arcs turn left (increasing angle on the raw numbers) from u_from. */
  double a0 = atan2 (p->u_from.y, p->u_from.x);
  cairo_new_sub_path (cr);
  cairo_arc (cr, q.x, q.y, r, a0, a0 + p->sweep);
}

void
carom_curve_normal_ticks (CaromFrame *f, CaromPen *pen, const CmObject *o, double tick)
{
  size_t n = o->n_points;
  for (size_t i = 0; i < n; i++)
    {
      const CgCurveEdge *e = &o->edges[i];
      CgVec2 a = o->points[i], b = o->points[(i + 1) % n];
      CgVec2 m, normal;
      if (e->sweep == 0.0)
        {
          if (cg_distance (a, b) * f->view->scale < 1.5 * tick)
            continue;
          m = cg_lerp (a, b, 0.5);
          normal = cg_edge_normal (cg_sub (b, a));
        }
      else
        {
          /* The arc's midpoint; the front is outside the circle for
           * sweep > 0 (convex), inside for sweep < 0 (cg-curve.h). */
          if (fabs (e->sweep) * e->R * f->view->scale < 1.5 * tick)
            continue;
          double am = edge_start_angle (o, i) + 0.5 * e->sweep;
          CgVec2 u = { cos (am), sin (am) };
          m = cg_mul_add (e->q, e->R, u);
          normal = e->sweep > 0.0 ? u : cg_neg (u);
        }
      CgVec2 d = carom_frame_dev (f, m);
      carom_pen_move (pen, d);
      carom_pen_line (pen, cg_mul_add (d, tick, normal));
    }
}

CgAabb
cm_object_bounds (const CmObject *o)
{
  if (o->edges != NULL)
    return cg_curve_bounds (o->points, o->edges, o->n_points);
  return cg_polygon_bounds (o->points, o->n_points);
}

void
cm_object_edge_middle (const CmObject *o, size_t k, CgVec2 *middle, CgVec2 *normal, double *length)
{
  CgVec2 a = o->points[k], b = o->points[(k + 1) % o->n_points];
  if (o->edges == NULL || o->edges[k].sweep == 0.0)
    {
      *middle = cg_lerp (a, b, 0.5);
      *normal = cg_edge_normal (cg_sub (b, a));
      *length = cg_distance (a, b);
      return;
    }
  const CgCurveEdge *e = &o->edges[k];
  double am = edge_start_angle (o, k) + 0.5 * e->sweep;
  CgVec2 u = { cos (am), sin (am) };
  *middle = cg_mul_add (e->q, e->R, u);
  *normal = e->sweep > 0.0 ? u : cg_neg (u);
  *length = fabs (e->sweep) * e->R;
}

void
cm_object_edge_point (const CmObject *o, size_t k, double t, CgVec2 *point, CgVec2 *normal)
{
  CgVec2 a = o->points[k], b = o->points[(k + 1) % o->n_points];
  if (o->edges == NULL || o->edges[k].sweep == 0.0)
    {
      *point = cg_lerp (a, b, t);
      *normal = cg_edge_normal (cg_sub (b, a));
      return;
    }
  const CgCurveEdge *e = &o->edges[k];
  double angle = edge_start_angle (o, k) + t * e->sweep;
  CgVec2 u = { cos (angle), sin (angle) };
  *point = cg_mul_add (e->q, e->R, u);
  *normal = e->sweep > 0.0 ? u : cg_neg (u);
}
