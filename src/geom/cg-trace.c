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
    case CG_TRACE_BUDGET:
      return "budget";
    }
  return "invalid-input";
}

CgTraceStatus
cg_tracer_start (CgTracer *t, const CgWorld *w, double r, CgVec2 c, CgVec2 d, uint32_t max_bounces,
                 bool brute_force, int overlaps)
{
  memset (t, 0, sizeof *t);
  t->world = w;
  t->radius = r;
  t->pos = c;
  t->max_bounces = max_bounces;
  t->after = -1;
  t->brute_force = brute_force;
  double len = cg_length (d);
  if (!cg_is_valid_vec2 (c) || !cg_is_valid_vec2 (d) || !(len > 0.0) || !isfinite (len)
      || !(r >= 0.0) || !isfinite (r))
    return t->status = CG_TRACE_INVALID_INPUT;
  /* d / |d|, even for a d already of length 1 (the same numbers as the
   * tracer has always started from). */
  t->dir = cg_normalize (d);
  bool overlap = overlaps >= 0 ? overlaps != 0
                 : brute_force ? cg_world_start_overlaps_brute_force (w, c, r)
                               : cg_world_start_overlaps (w, c, r);
  if (overlap)
    return t->status = CG_TRACE_START_OVERLAP;
  if (max_bounces == 0)
    return t->status = CG_TRACE_MAX_BOUNCES;
  return t->status = CG_TRACE_RUNNING;
}

CgTraceStatus
cg_tracer_step (CgTracer *t, CgHit *hit)
{
  if (t->status != CG_TRACE_RUNNING)
    return t->status;

  /* The primitive just reflected off counts only at t > 0: after a
   * reflection the ray leaves its line or circle (a concave arc can be met
   * again across its circle), and a tangent graze would be hit again at
   * t = 0 forever. At a corner the other primitive is hit at t = 0. */
  CgWorldContact h
      = cg_world_cast_contact (t->world, t->pos, t->dir, t->radius, t->after, t->brute_force);
  if (!h.hit)
    return t->status = CG_TRACE_ESCAPED;

  memset (hit, 0, sizeof *hit);
  hit->index = ++t->hits;
  hit->prim = h.prim;
  hit->kind = (uint8_t)h.kind;
  hit->part = (uint8_t)h.part;
  hit->object = h.object;
  hit->element = h.element;
  hit->role = cg_world_boundary (t->world, h.object).role;
  hit->reflected = cg_world_reflects (t->world, h.object);
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
      return t->status = CG_TRACE_STOPPED;
    }

  /* d' = d - 2(d·n)n, renormalised so rounding cannot build up over
   * millions of bounces: cg_unit_direction() keeps d' when |d'|² is within
   * 4 ulps of 1 (most bounces) and divides by |d'| otherwise. */
  hit->out = cg_unit_direction (cg_reflect (t->dir, h.normal));
  t->dir = hit->out;
  t->pos = h.point;
  t->after = h.prim;
  if (++t->bounces >= t->max_bounces)
    return t->status = CG_TRACE_MAX_BOUNCES;
  return t->status;
}

void
cg_trace_each (const CgWorld *w, double r, CgVec2 c, CgVec2 d, uint32_t max_bounces,
               bool brute_force, int overlaps, CgHitSink sink, void *data, CgTrace *out)
{
  CgTracer tracer;
  out->status = cg_tracer_start (&tracer, w, r, c, d, max_bounces, brute_force, overlaps);
  out->start = c;
  out->direction = tracer.dir;
  out->radius = r;
  while (out->status == CG_TRACE_RUNNING)
    {
      CgHit hit;
      out->status = cg_tracer_step (&tracer, &hit);
      if (out->status == CG_TRACE_ESCAPED)
        break;
      if (!sink (&hit, data) && out->status == CG_TRACE_RUNNING)
        out->status = CG_TRACE_BUDGET;
    }
  out->end_direction = tracer.dir;
}

/* The sink of cg_trace_run(): hits into memory of the trace's own. */
typedef struct
{
  CgTrace *trace;
  size_t capacity, all;
  bool failed;
} Growing;

static bool
grow_sink (const CgHit *hit, void *data)
{
  Growing *g = data;
  CgTrace *out = g->trace;
  if (out->n_hits == g->capacity)
    {
      /* From 4: most balls of a big scene stop at their first hit. A ball
       * that goes on will most likely make all its bounces (every ray of a
       * reflecting beam does): then straight to room for all of them (a
       * trace has at most max_bounces + 1 hits), instead of doubling, which
       * copies and touches twice the memory. */
      size_t grown = g->capacity == 0                                   ? 4
                     : g->capacity == 4 && g->all > 8 && g->all <= 1024 ? g->all
                                                                        : 2 * g->capacity;
      CgHit *hits = realloc (out->hits, grown * sizeof *hits);
      if (hits == NULL)
        {
          g->failed = true;
          return false;
        }
      out->hits = hits;
      g->capacity = grown;
    }
  out->hits[out->n_hits++] = *hit;
  return true;
}

bool
cg_trace_run (const CgWorld *w, double r, CgVec2 c, CgVec2 d, uint32_t max_bounces,
              bool brute_force, int overlaps, CgTrace *out)
{
  memset (out, 0, sizeof *out);
  Growing g = { out, 0, (size_t)max_bounces + 1, false };
  cg_trace_each (w, r, c, d, max_bounces, brute_force, overlaps, grow_sink, &g, out);
  if (g.failed)
    {
      cg_trace_clear (out);
      return false;
    }
  return true;
}

/* The sink of cg_trace_run_into(): hits into the caller's room. */
static bool
room_sink (const CgHit *hit, void *data)
{
  CgTrace *out = data;
  out->hits[out->n_hits++] = *hit;
  return true;
}

void
cg_trace_run_into (const CgWorld *w, double r, CgVec2 c, CgVec2 d, uint32_t max_bounces,
                   bool brute_force, int overlaps, CgHit *room, CgTrace *out)
{
  memset (out, 0, sizeof *out);
  out->hits = room;
  out->hits_borrowed = true;
  /* Every hit but the last is a bounce that leaves the trace RUNNING, and
   * the max_bounces-th bounce ends it: room[max_bounces] is never reached. */
  cg_trace_each (w, r, c, d, max_bounces, brute_force, overlaps, room_sink, out, out);
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
