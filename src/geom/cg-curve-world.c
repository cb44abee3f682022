/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-curve-world.c: casts against curved offset primitives, the world of
 * curved boundaries over cg-bvh, start-overlap and the tracer. */
#include "cg-curve-world.h"

#include <stdlib.h>
#include <string.h>

#define CG_TWO_PI 6.283185307179586476925286766559

/* The segment cast is the straight one (cg-cast.h). */
static bool
cast_segment (const CgCurvePrim *p, CgVec2 c, CgVec2 d, double eps, CgCurveCastRecord *rec)
{
  rec->reject = cg_cast_segment_core (p->a, p->b, p->n, c, d, eps, &rec->d_dot_n, &rec->t,
                                      &rec->point, &rec->s);
  if (rec->reject != CG_REJECT_BACK_FACING)
    rec->normal = p->n;
  rec->hit = rec->reject == CG_REJECT_NONE;
  return rec->hit;
}

static bool
cast_arc (const CgCurvePrim *p, CgVec2 c, CgVec2 d, double eps, CgCurveCastRecord *rec)
{
  double rho = p->rho;
  rec->m = cg_sub (c, p->q);
  rec->b = cg_dot (rec->m, d);
  double len = sqrt (cg_length_sq (rec->m)); /* not hypot(): this is the hot loop */
  rec->cc = (len - rho) * (len + rho);
  CgVec2 h = cg_mul_add (rec->m, -rec->b, d);
  rec->disc = rho * rho - cg_length_sq (h);
  if (rec->disc < -2.0 * rho * eps)
    {
      rec->reject = CG_REJECT_MISSES_CIRCLE;
      return false;
    }
  /* The roots without cancellation: the one of the same sign as -b from
   * -b ± sqrt(disc), the other from t0 t1 = cc. */
  double root = sqrt (cg_max (rec->disc, 0.0));
  if (root == 0.0)
    rec->t0 = rec->t1 = -rec->b;
  else if (rec->b <= 0.0)
    {
      rec->t1 = -rec->b + root;
      rec->t0 = rec->cc / rec->t1;
    }
  else
    {
      rec->t0 = -rec->b - root;
      rec->t1 = rec->cc / rec->t0;
    }
  if (rec->t0 > rec->t1) /* only when cc and disc disagree in their last bits */
    {
      double t = rec->t0;
      rec->t0 = rec->t1;
      rec->t1 = t;
    }
  rec->larger_root = p->inside;
  rec->t = p->inside ? rec->t1 : rec->t0;
  rec->point = cg_mul_add (c, rec->t, d);
  CgVec2 u = cg_scale (cg_sub (rec->point, p->q), 1.0 / rho);
  rec->normal = p->inside ? cg_neg (u) : u;
  if (rec->t < -eps)
    {
      rec->reject = !p->inside && rec->t1 >= -eps ? CG_REJECT_LEAVING : CG_REJECT_BEHIND;
      return false;
    }
  if (!p->full)
    {
      double phi = atan2 (cg_cross (p->u0, u), cg_dot (p->u0, u));
      rec->phi = phi < 0.0 ? phi + CG_TWO_PI : phi;
      double slack = eps / rho;
      if (!(rec->phi <= p->sweep + slack || rec->phi >= CG_TWO_PI - slack))
        {
          rec->reject = CG_REJECT_OUTSIDE_SWEEP;
          return false;
        }
    }
  rec->hit = true;
  return true;
}

bool
cg_curve_cast (const CgCurvePrim *p, CgVec2 c, CgVec2 d, double eps, CgCurveCastRecord *rec)
{
  d = cg_unit_direction (d);
  memset (rec, 0, sizeof *rec);
  rec->kind = p->kind;
  rec->reject = CG_REJECT_NONE;
  if (p->kind == CG_CPRIM_SEGMENT)
    return cast_segment (p, c, d, eps, rec);
  return cast_arc (p, c, d, eps, rec);
}

/* ---- the world ----------------------------------------------------------- */

struct CgCurveWorld
{
  double r, eps;
  CgCurveRef *curves; /* with v and e pointing into vbuf and ebuf */
  size_t n_curves;
  CgVec2 *vbuf;
  CgCurveEdge *ebuf;
  CgAabb *curve_boxes; /* grown by r + eps */
  CgCurvePrim *prims;
  size_t n_prims;
  CgAabb *prim_boxes; /* padded by 4 eps */
  CgBvh bvh;          /* over prim_boxes */
  CgBvh curve_bvh;    /* over curve_boxes */
};

CgCurveWorld *
cg_curve_world_new (const CgCurveRef *curves, size_t count, double r)
{
  CgCurveWorld *w = calloc (1, sizeof *w);
  if (!w)
    return NULL;
  w->r = r;
  w->eps = cg_curve_scene_eps (curves, count);
  size_t total = 0;
  for (size_t k = 0; k < count; k++)
    total += curves[k].n;
  w->curves = malloc ((count ? count : 1) * sizeof *w->curves);
  w->curve_boxes = malloc ((count ? count : 1) * sizeof *w->curve_boxes);
  w->vbuf = malloc ((total ? total : 1) * sizeof *w->vbuf);
  w->ebuf = malloc ((total ? total : 1) * sizeof *w->ebuf);
  w->prims = malloc ((total ? cg_curve_outline_max (total) : 1) * sizeof *w->prims);
  if (!w->curves || !w->curve_boxes || !w->vbuf || !w->ebuf || !w->prims)
    {
      cg_curve_world_free (w);
      return NULL;
    }
  w->n_curves = count;
  size_t off = 0;
  for (size_t k = 0; k < count; k++)
    {
      size_t n = curves[k].n;
      memcpy (w->vbuf + off, curves[k].v, n * sizeof *w->vbuf);
      memcpy (w->ebuf + off, curves[k].e, n * sizeof *w->ebuf);
      w->curves[k] = curves[k];
      w->curves[k].v = w->vbuf + off;
      w->curves[k].e = w->ebuf + off;
      w->curve_boxes[k]
          = cg_aabb_pad (cg_curve_bounds (w->curves[k].v, w->curves[k].e, n), r + w->eps);
      w->n_prims += cg_curve_outline (w->curves[k].v, w->curves[k].e, n, r, (uint32_t)k,
                                      w->prims + w->n_prims);
      off += n;
    }
  w->prim_boxes = malloc ((w->n_prims ? w->n_prims : 1) * sizeof *w->prim_boxes);
  if (!w->prim_boxes)
    {
      cg_curve_world_free (w);
      return NULL;
    }
  for (size_t i = 0; i < w->n_prims; i++)
    w->prim_boxes[i] = cg_aabb_pad (cg_curve_prim_bounds (&w->prims[i]), 4.0 * w->eps);
  if (!cg_bvh_build (&w->bvh, w->prim_boxes, (uint32_t)w->n_prims, 4)
      || !cg_bvh_build (&w->curve_bvh, w->curve_boxes, (uint32_t)count, 4))
    {
      cg_curve_world_free (w);
      return NULL;
    }
  return w;
}

void
cg_curve_world_free (CgCurveWorld *w)
{
  if (!w)
    return;
  cg_bvh_clear (&w->bvh);
  cg_bvh_clear (&w->curve_bvh);
  free (w->curves);
  free (w->curve_boxes);
  free (w->vbuf);
  free (w->ebuf);
  free (w->prims);
  free (w->prim_boxes);
  free (w);
}

double
cg_curve_world_radius (const CgCurveWorld *w)
{
  return w->r;
}

double
cg_curve_world_eps (const CgCurveWorld *w)
{
  return w->eps;
}

const CgCurvePrim *
cg_curve_world_primitives (const CgCurveWorld *w, size_t *n)
{
  *n = w->n_prims;
  return w->prims;
}

size_t
cg_curve_world_count (const CgCurveWorld *w)
{
  return w->n_curves;
}

CgCurveRef
cg_curve_world_curve (const CgCurveWorld *w, size_t i)
{
  return w->curves[i];
}

const CgBvh *
cg_curve_world_bvh (const CgCurveWorld *w)
{
  return &w->bvh;
}

/* Tests primitive i; keeps it in *best when it is hit first (ties: the lower index). */
static void
try_prim (const CgCurveWorld *w, uint32_t i, CgVec2 c, CgVec2 d, int64_t after, CgCurveHit *best)
{
  CgCurveCastRecord rec;
  const CgCurvePrim *p = &w->prims[i];
  best->stats.primitives_tested++;
  /* Most primitives tested are missed: reject those early, by the very
   * expressions cg_curve_cast() evaluates (so the verdict is the same), before
   * it fills a record. */
  if (p->kind == CG_CPRIM_SEGMENT)
    {
      if (!(cg_dot (d, p->n) < 0.0))
        return;
    }
  else
    {
      CgVec2 m = cg_sub (c, p->q);
      CgVec2 h = cg_mul_add (m, -cg_dot (m, d), d);
      if (p->rho * p->rho - cg_length_sq (h) < -2.0 * p->rho * w->eps)
        return;
    }
  if (!cg_curve_cast (p, c, d, w->eps, &rec))
    return;
  if ((int64_t)i == after && !(rec.t > w->eps))
    return;
  if (!best->hit || rec.t < best->rec.t || (rec.t == best->rec.t && i < best->prim))
    {
      best->hit = true;
      best->prim = i;
      best->rec = rec;
    }
}

typedef struct
{
  CgBvhRef ref;
  double tmin;
} StackItem;

CgCurveHit
cg_curve_world_cast (const CgCurveWorld *w, CgVec2 c, CgVec2 d, int64_t after, bool brute_force)
{
  CgCurveHit best = { 0 };
  d = cg_unit_direction (d);
  if (brute_force)
    {
      for (uint32_t i = 0; i < w->n_prims; i++)
        try_prim (w, i, c, d, after, &best);
      return best;
    }
  if (w->bvh.n_items == 0)
    return best;
  CgVec2 inv_d = { 1.0 / d.x, 1.0 / d.y };
  CgVec2 slab_inv = { d.x != 0.0 ? inv_d.x : copysign (1e300, d.x),
                      d.y != 0.0 ? inv_d.y : copysign (1e300, d.y) };
  double guard = -8.0 * w->eps; /* hits have t >= -eps */
  double tmin, tmax;
  best.stats.boxes_tested++;
  if (!cg_aabb_ray (w->bvh.box, c, inv_d, &tmin, &tmax) || tmax < guard)
    return best;
  StackItem stack[CG_BVH_MAX_DEPTH * CG_BVH_WIDTH + 1];
  int top = 0;
  stack[top++] = (StackItem){ w->bvh.root, tmin };
  while (top > 0)
    {
      StackItem it = stack[--top];
      if (best.hit && it.tmin > best.rec.t)
        continue;
      best.stats.nodes_visited++;
      if (it.ref.count > 0)
        {
          for (uint32_t k = 0; k < it.ref.count; k++)
            try_prim (w, w->bvh.items[it.ref.first + k], c, d, after, &best);
          continue;
        }
      const CgBvhNode *node = &w->bvh.nodes[it.ref.first];
      StackItem kids[CG_BVH_WIDTH];
      int nk = 0;
      double bound = best.hit ? best.rec.t : INFINITY;
      /* The four slabs in straight-line code (the compiler vectorises it);
       * slab_inv replaces 1/0 by ±1e300, so a ray parallel to an axis gives
       * ±huge (never NaN) and is culled exactly when it runs outside. */
      double t_lo[CG_BVH_WIDTH], t_hi[CG_BVH_WIDTH];
      for (int k = 0; k < CG_BVH_WIDTH; k++)
        {
          double ax = (node->lo_x[k] - c.x) * slab_inv.x, bx = (node->hi_x[k] - c.x) * slab_inv.x;
          double ay = (node->lo_y[k] - c.y) * slab_inv.y, by = (node->hi_y[k] - c.y) * slab_inv.y;
          t_lo[k] = cg_max (cg_min (ax, bx), cg_min (ay, by));
          t_hi[k] = cg_min (cg_max (ax, bx), cg_max (ay, by));
        }
      best.stats.boxes_tested += CG_BVH_WIDTH;
      for (int k = 0; k < CG_BVH_WIDTH; k++)
        {
          if (node->child[k].first == CG_BVH_NONE)
            continue;
          tmin = t_lo[k];
          if (!(tmin <= t_hi[k]) || t_hi[k] < guard || tmin > bound)
            continue;
          /* insertion by tmin, farthest first, so the nearest is popped first */
          int at = nk++;
          while (at > 0 && kids[at - 1].tmin < tmin)
            {
              kids[at] = kids[at - 1];
              at--;
            }
          kids[at] = (StackItem){ node->child[k], tmin };
        }
      for (int k = 0; k < nk; k++)
        stack[top++] = kids[k];
    }
  return best;
}

/* Does boundary k make a ball at c overlap? */
static bool
curve_overlaps (const CgCurveWorld *w, size_t k, CgVec2 c)
{
  const CgCurveRef *cv = &w->curves[k];
  if (!cg_aabb_contains (w->curve_boxes[k], c))
    return false;
  for (size_t i = 0; i < cv->n; i++)
    if (cg_curve_edge_distance (cv->v, cv->e, cv->n, i, c) < w->r - w->eps)
      return true;
  return cv->role == CG_ROLE_OBSTACLE && cg_curve_winding (cv->v, cv->e, cv->n, c) != 0;
}

bool
cg_curve_world_start_overlaps_brute_force (const CgCurveWorld *w, CgVec2 c)
{
  for (size_t k = 0; k < w->n_curves; k++)
    if (curve_overlaps (w, k, c))
      return true;
  return false;
}

bool
cg_curve_world_start_overlaps (const CgCurveWorld *w, CgVec2 c)
{
  const CgBvh *b = &w->curve_bvh;
  if (b->n_items == 0 || !cg_aabb_contains (b->box, c))
    return false;
  CgBvhRef stack[CG_BVH_MAX_DEPTH * CG_BVH_WIDTH + 1];
  int top = 0;
  stack[top++] = b->root;
  while (top > 0)
    {
      CgBvhRef ref = stack[--top];
      if (ref.count > 0)
        {
          for (uint32_t k = 0; k < ref.count; k++)
            if (curve_overlaps (w, b->items[ref.first + k], c))
              return true;
          continue;
        }
      const CgBvhNode *node = &b->nodes[ref.first];
      for (int k = 0; k < CG_BVH_WIDTH; k++)
        if (node->child[k].first != CG_BVH_NONE && cg_aabb_contains (cg_bvh_child_box (node, k), c))
          stack[top++] = node->child[k];
    }
  return false;
}

bool
cg_curve_world_validate (const CgCurveWorld *w, const char **problem)
{
  return cg_bvh_validate_boxes (&w->bvh, w->prim_boxes, (uint32_t)w->n_prims, problem)
         && cg_bvh_validate_boxes (&w->curve_bvh, w->curve_boxes, (uint32_t)w->n_curves, problem);
}

size_t
cg_curve_world_memory (const CgCurveWorld *w)
{
  size_t total = 0;
  for (size_t k = 0; k < w->n_curves; k++)
    total += w->curves[k].n;
  return sizeof *w + w->n_curves * (sizeof *w->curves + sizeof *w->curve_boxes)
         + total * (sizeof *w->vbuf + sizeof *w->ebuf)
         + w->n_prims * (sizeof *w->prims + sizeof *w->prim_boxes) + cg_bvh_memory (&w->bvh)
         + cg_bvh_memory (&w->curve_bvh);
}

/* ---- the tracer ---------------------------------------------------------- */

CgTraceStatus
cg_curve_tracer_start (CgCurveTracer *t, const CgCurveWorld *w, CgVec2 c, CgVec2 d,
                       uint32_t max_bounces, bool brute_force)
{
  memset (t, 0, sizeof *t);
  t->world = w;
  t->pos = c;
  t->max_bounces = max_bounces;
  t->after = -1;
  t->brute_force = brute_force;
  double len = cg_length (d);
  if (!cg_is_valid_vec2 (c) || !cg_is_valid_vec2 (d) || !(len > 0.0) || !isfinite (len))
    return t->status = CG_TRACE_INVALID_INPUT;
  t->dir = cg_unit_direction (d);
  bool overlap = brute_force ? cg_curve_world_start_overlaps_brute_force (w, c)
                             : cg_curve_world_start_overlaps (w, c);
  if (overlap)
    return t->status = CG_TRACE_START_OVERLAP;
  if (max_bounces == 0)
    return t->status = CG_TRACE_MAX_BOUNCES;
  return t->status = CG_TRACE_RUNNING;
}

CgTraceStatus
cg_curve_tracer_step (CgCurveTracer *t, CgCurveTraceHit *hit)
{
  if (t->status != CG_TRACE_RUNNING)
    return t->status;
  CgCurveHit h = cg_curve_world_cast (t->world, t->pos, t->dir, t->after, t->brute_force);
  if (!h.hit)
    return t->status = CG_TRACE_ESCAPED;
  const CgCurvePrim *p = &t->world->prims[h.prim];
  const CgCurveRef *cv = &t->world->curves[p->object];
  bool reflect = cv->role == CG_ROLE_WALL || cv->on_hit == CG_ON_HIT_REFLECT;
  memset (hit, 0, sizeof *hit);
  hit->index = ++t->hits;
  hit->prim = h.prim;
  hit->kind = (CgCurvePrimKind)p->kind;
  hit->cap = p->cap;
  hit->object = p->object;
  hit->element = p->index;
  hit->role = cv->role;
  hit->reflected = reflect;
  hit->from = t->pos;
  hit->point = h.rec.point;
  hit->normal = h.rec.normal;
  hit->in = t->dir;
  hit->distance = h.rec.t;
  hit->rec = h.rec;
  hit->stats = h.stats;
  if (!reflect)
    {
      hit->out = t->dir;
      t->pos = h.rec.point;
      return t->status = CG_TRACE_STOPPED;
    }
  t->dir = cg_unit_direction (cg_reflect (t->dir, h.rec.normal));
  hit->out = t->dir;
  t->pos = h.rec.point;
  t->after = h.prim;
  if (++t->bounces >= t->max_bounces)
    return t->status = CG_TRACE_MAX_BOUNCES;
  return t->status;
}

CgHit
cg_curve_trace_hit_to_hit (const CgCurveTraceHit *h)
{
  CgHit out;
  memset (&out, 0, sizeof out);
  bool arc = h->kind == CG_CPRIM_ARC;
  out.index = h->index;
  out.prim = h->prim;
  out.kind = arc ? CG_PRIM_ARC : CG_PRIM_SEGMENT;
  out.object = h->object;
  out.element = h->element;
  out.role = h->role;
  out.edge_arc = arc && !h->cap;
  out.reflected = h->reflected;
  out.from = h->from;
  out.point = h->point;
  out.normal = h->normal;
  out.in = h->in;
  out.out = h->out;
  out.distance = h->distance;
  out.stats = h->stats;
  return out;
}

CgCastRecord
cg_curve_cast_record_common (const CgCurveCastRecord *rec)
{
  CgCastRecord out;
  memset (&out, 0, sizeof out);
  out.kind = rec->kind == CG_CPRIM_ARC ? CG_PRIM_ARC : CG_PRIM_SEGMENT;
  out.hit = rec->hit;
  out.reject = rec->reject;
  out.t = rec->t;
  out.point = rec->point;
  out.normal = rec->normal;
  out.d_dot_n = rec->d_dot_n;
  out.s = rec->s;
  out.m = rec->m;
  out.b = rec->b;
  out.cc = rec->cc;
  out.disc = rec->disc;
  out.t0 = rec->t0;
  out.t1 = rec->t1;
  return out;
}

/* Starts out and tracer as cg_curve_trace_run() does. */
static void
curve_trace_begin (CgCurveTracer *tracer, const CgCurveWorld *w, CgVec2 c, CgVec2 d,
                   uint32_t max_bounces, bool brute_force, CgTrace *out)
{
  memset (out, 0, sizeof *out);
  out->status = cg_curve_tracer_start (tracer, w, c, d, max_bounces, brute_force);
  out->start = c;
  out->direction = tracer->dir;
  out->radius = cg_curve_world_radius (w);
  out->end_direction = tracer->dir;
}

bool
cg_curve_trace_run (const CgCurveWorld *w, CgVec2 c, CgVec2 d, uint32_t max_bounces,
                    bool brute_force, CgTrace *out)
{
  CgCurveTracer tracer;
  curve_trace_begin (&tracer, w, c, d, max_bounces, brute_force, out);
  size_t capacity = 0;
  while (out->status == CG_TRACE_RUNNING)
    {
      CgCurveTraceHit hit;
      out->status = cg_curve_tracer_step (&tracer, &hit);
      if (out->status == CG_TRACE_ESCAPED)
        break;
      if (out->n_hits == capacity)
        {
          size_t grown = capacity ? 2 * capacity : 4;
          CgHit *hits = realloc (out->hits, grown * sizeof *hits);
          if (hits == NULL)
            {
              cg_trace_clear (out);
              return false;
            }
          out->hits = hits;
          capacity = grown;
        }
      out->hits[out->n_hits++] = cg_curve_trace_hit_to_hit (&hit);
    }
  out->end_direction = tracer.dir;
  return true;
}

void
cg_curve_trace_run_into (const CgCurveWorld *w, CgVec2 c, CgVec2 d, uint32_t max_bounces,
                         bool brute_force, CgHit *room, CgTrace *out)
{
  CgCurveTracer tracer;
  curve_trace_begin (&tracer, w, c, d, max_bounces, brute_force, out);
  out->hits = room;
  out->hits_borrowed = true;
  /* As cg_trace_run_into(): room[max_bounces] is never reached. */
  while (out->status == CG_TRACE_RUNNING)
    {
      CgCurveTraceHit hit;
      out->status = cg_curve_tracer_step (&tracer, &hit);
      if (out->status == CG_TRACE_ESCAPED)
        break;
      room[out->n_hits++] = cg_curve_trace_hit_to_hit (&hit);
    }
  out->end_direction = tracer.dir;
}
