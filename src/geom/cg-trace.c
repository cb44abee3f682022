/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-trace.c: the bounce tracer (geometry.md, "Reflection and the path"). */
#include "cg-trace.h"

#include <stdlib.h>
#include <string.h>

const char *
cg_trace_status_name (CgTraceStatus s)
{
  switch (s)
    {
    case CG_TRACE_RUNNING:
      return "running";
    case CG_TRACE_STOPPED:
      return "stopped";
    case CG_TRACE_MAX_BOUNCES:
      return "max-bounces";
    case CG_TRACE_ESCAPED:
      return "escaped";
    case CG_TRACE_START_OVERLAP:
      return "start-overlap";
    case CG_TRACE_INVALID_INPUT:
      return "invalid-input";
    }
  return "invalid-input";
}

/* cg_tracer_start() with the start's overlap verdict given (overlap 0 or
 * 1), or to be found (-1). */
static CgTraceStatus
tracer_start (CgTracer *t, const CgWorld *w, CgVec2 c, CgVec2 d, uint32_t max_bounces,
              bool brute_force, int overlap)
{
  memset (t, 0, sizeof *t);
  t->world = w;
  t->pos = c;
  t->dir = cg_normalize (d);
  t->max_bounces = max_bounces;
  t->exclude = -1;
  t->brute_force = brute_force;

  if (!cg_is_valid_vec2 (c) || !cg_is_valid_vec2 (d) || !cg_is_valid_vec2 (t->dir)
      || cg_length_sq (t->dir) == 0.0)
    t->status = CG_TRACE_INVALID_INPUT;
  else if (overlap >= 0  ? overlap != 0
           : brute_force ? cg_world_start_overlaps_brute_force (w, c)
                         : cg_world_start_overlaps (w, c))
    t->status = CG_TRACE_START_OVERLAP;
  else if (max_bounces == 0)
    t->status = CG_TRACE_MAX_BOUNCES;
  else
    t->status = CG_TRACE_RUNNING;
  return t->status;
}

CgTraceStatus
cg_tracer_start (CgTracer *t, const CgWorld *w, CgVec2 c, CgVec2 d, uint32_t max_bounces,
                 bool brute_force)
{
  return tracer_start (t, w, c, d, max_bounces, brute_force, -1);
}

CgTraceStatus
cg_tracer_step (CgTracer *t, CgHit *hit)
{
  if (t->status != CG_TRACE_RUNNING)
    return t->status;

  /* The primitive just reflected off is skipped: after a reflection the ray
   * leaves its line or circle, and at a tangent hit (d·n = 0) it would be hit
   * again at t = 0 forever. At a corner the other primitive is hit at t ≈ 0. */
  CgWorldContact h = cg_world_cast_contact (t->world, t->pos, t->dir, t->exclude, t->brute_force);
  if (!h.hit)
    {
      t->status = CG_TRACE_ESCAPED;
      return t->status;
    }

  memset (hit, 0, sizeof *hit);
  hit->index = ++t->hits;
  hit->prim = h.prim;
  hit->kind = h.kind;
  hit->object = h.object;
  hit->element = h.element;
  hit->role = h.role;
  hit->reflected = h.role == CG_ROLE_WALL || (t->reflect != NULL && t->reflect[h.object]);
  hit->from = t->pos;
  hit->point = h.point;
  hit->normal = h.normal;
  hit->in = t->dir;
  hit->distance = h.t;
  hit->stats = h.stats;

  if (!hit->reflected)
    {
      hit->out = t->dir;
      t->pos = h.point;
      t->status = CG_TRACE_STOPPED;
      return t->status;
    }

  /* d' = d - 2(d·n)n, renormalised so rounding cannot build up over
   * millions of bounces: by cg_unit_direction(), as the curved tracer does,
   * which keeps d' when |d'|² is within 4 ulps of 1 (most bounces) and
   * divides by |d'| otherwise. */
  hit->out = cg_unit_direction (cg_reflect (t->dir, h.normal));
  t->dir = hit->out;
  t->pos = h.point;
  t->exclude = h.prim;
  t->bounces++;
  if (t->bounces >= t->max_bounces)
    t->status = CG_TRACE_MAX_BOUNCES;
  return t->status;
}

bool
cg_trace_run (const CgWorld *w, CgVec2 c, CgVec2 d, uint32_t max_bounces, bool brute_force,
              CgTrace *out)
{
  return cg_trace_run_reflecting (w, c, d, max_bounces, brute_force, NULL, out);
}

bool
cg_trace_run_reflecting (const CgWorld *w, CgVec2 c, CgVec2 d, uint32_t max_bounces,
                         bool brute_force, const uint8_t *reflect, CgTrace *out)
{
  return cg_trace_run_checked (w, c, d, max_bounces, brute_force, reflect, -1, out);
}

/* Starts out and tracer as cg_trace_run_checked() does. */
static void
trace_begin (CgTracer *tracer, const CgWorld *w, CgVec2 c, CgVec2 d, uint32_t max_bounces,
             bool brute_force, const uint8_t *reflect, int overlaps, CgTrace *out)
{
  memset (out, 0, sizeof *out);
  out->status = tracer_start (tracer, w, c, d, max_bounces, brute_force, overlaps);
  tracer->reflect = reflect;
  out->start = c;
  out->direction = tracer->dir;
  out->radius = cg_world_radius (w);
  out->end_direction = tracer->dir;
}

bool
cg_trace_run_checked (const CgWorld *w, CgVec2 c, CgVec2 d, uint32_t max_bounces, bool brute_force,
                      const uint8_t *reflect, int overlaps, CgTrace *out)
{
  CgTracer tracer;
  trace_begin (&tracer, w, c, d, max_bounces, brute_force, reflect, overlaps, out);
  size_t capacity = 0;
  while (out->status == CG_TRACE_RUNNING)
    {
      CgHit hit;
      out->status = cg_tracer_step (&tracer, &hit);
      if (out->status == CG_TRACE_ESCAPED)
        break;
      if (out->n_hits == capacity)
        {
          /* From 4: most balls of a big scene stop at their first hit. A
           * ball that goes on will most likely make all its bounces (every
           * ray of a reflecting beam does): then straight to room for all
           * of them (a trace has at most max_bounces + 1 hits), instead of
           * doubling, which copies and touches twice the memory. */
          size_t all = (size_t)max_bounces + 1;
          size_t grown = capacity == 0                             ? 4
                         : capacity == 4 && all > 8 && all <= 1024 ? all
                                                                   : 2 * capacity;
          CgHit *hits = realloc (out->hits, grown * sizeof *hits);
          if (hits == NULL)
            {
              cg_trace_clear (out);
              return false;
            }
          out->hits = hits;
          capacity = grown;
        }
      out->hits[out->n_hits++] = hit;
    }
  out->end_direction = tracer.dir;
  return true;
}

void
cg_trace_run_into (const CgWorld *w, CgVec2 c, CgVec2 d, uint32_t max_bounces, bool brute_force,
                   const uint8_t *reflect, int overlaps, CgHit *room, CgTrace *out)
{
  CgTracer tracer;
  trace_begin (&tracer, w, c, d, max_bounces, brute_force, reflect, overlaps, out);
  out->hits = room;
  out->hits_borrowed = true;
  /* Every hit but the last is a bounce that leaves the trace RUNNING, and
   * the max_bounces-th bounce ends it: room[max_bounces] is never reached. */
  while (out->status == CG_TRACE_RUNNING
         && (out->status = cg_tracer_step (&tracer, &room[out->n_hits])) != CG_TRACE_ESCAPED)
    out->n_hits++;
  out->end_direction = tracer.dir;
}

void
cg_trace_clear (CgTrace *t)
{
  if (!t->hits_borrowed)
    free (t->hits);
  t->hits_borrowed = false;
  t->hits = NULL;
  t->n_hits = 0;
}
