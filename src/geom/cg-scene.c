/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-scene.c: the step from a scene to its trace (cg-scene.h). */
#include "cg-scene.h"

#include <stdlib.h>
#include <string.h>

#include "cg-polygon.h"

CgBoundaryRef
cg_scene_boundary (const CgVec2 *v, const CgCurveEdge *e, size_t n, CgRole role, int on_hit)
{
  return (CgBoundaryRef){ v, e, n, role,
                          on_hit == CG_ON_HIT_REFLECT ? CG_ON_HIT_REFLECT : CG_ON_HIT_STOP };
}

CgWorld *
cg_scene_world_new (const CgBoundaryRef *bounds, size_t count, double largest_radius)
{
  CgWorld *w = cg_world_new (bounds, count);
  if (w != NULL && largest_radius >= 0.0)
    cg_world_prepare (w, largest_radius);
  return w;
}

uint32_t
cg_source_rays (const CgSource *s)
{
  return s->shape == CG_SOURCE_BALL ? 1 : s->count;
}

void
cg_beam_ray (const CgSource *s, uint32_t k, CgVec2 *start, CgVec2 *direction)
{
  uint32_t n = s->count > 1 ? s->count : 1;
  if (s->shape != CG_SOURCE_PARALLEL)
    {
      *start = s->center;
      double theta = atan2 (s->direction.y, s->direction.x);
      if (n > 1)
        theta += (-s->spread / 2.0 + (double)k * s->spread / (double)(n - 1))
                 * (3.1415926535897932384626433832795028841971693993751 / 180.0);
      *direction = (CgVec2){ cos (theta), sin (theta) };
      /* The middle ray of an odd fan, or a fan of one: exactly the given
       * direction. */
      if (n == 1 || (n % 2 == 1 && k == n / 2))
        *direction = s->direction;
      return;
    }
  CgVec2 p1 = s->center, p2 = s->end;
  if (n == 1)
    *start = (CgVec2){ p1.x + 0.5 * (p2.x - p1.x), p1.y + 0.5 * (p2.y - p1.y) };
  else if (k == n - 1)
    *start = p2;
  else
    {
      double f = (double)k / (double)(n - 1);
      *start = (CgVec2){ p1.x + f * (p2.x - p1.x), p1.y + f * (p2.y - p1.y) };
    }
  *direction = s->direction;
}

void
cg_source_ray (const CgSource *s, uint32_t k, CgVec2 *start, CgVec2 *direction)
{
  if (s->shape == CG_SOURCE_BALL)
    {
      *start = s->center;
      *direction = s->direction;
      return;
    }
  cg_beam_ray (s, k, start, direction);
  *direction = cg_normalize (*direction);
}

uint32_t
cg_source_max_bounces (const CgSource *s, int64_t max_bounces_override)
{
  if (max_bounces_override < 0)
    return s->max_bounces;
  return max_bounces_override > (int64_t)UINT32_MAX ? UINT32_MAX : (uint32_t)max_bounces_override;
}

int
cg_source_start_overlaps (const CgWorld *w, const CgSource *s, bool brute_force)
{
  if (s->shape != CG_SOURCE_FAN || s->count < 2 || !cg_is_valid_vec2 (s->center))
    return -1;
  return brute_force ? cg_world_start_overlaps_brute_force (w, s->center, s->radius)
                     : cg_world_start_overlaps (w, s->center, s->radius);
}

/* The hits the traced entries' rays make at most when each is given up to
 * level (saturating at UINT64_MAX). */
static uint64_t
hits_at (const CgPlanEntry *entries, size_t n, uint64_t level)
{
  uint64_t sum = 0;
  for (size_t i = 0; i < n; i++)
    {
      const CgPlanEntry *e = &entries[i];
      if (!e->traced)
        continue;
      uint64_t each = (uint64_t)e->max_bounces < level ? (uint64_t)e->max_bounces : level;
      if (each != 0 && e->rays > (UINT64_MAX - sum) / each)
        return UINT64_MAX;
      sum += each * e->rays;
    }
  return sum;
}

void
cg_plan_make (CgPlan *plan, CgPlanEntry *entries, size_t n, uint64_t budget)
{
  memset (plan, 0, sizeof *plan);
  plan->budget = budget > 1 ? budget : 1;
  plan->level = UINT32_MAX;

  /* The rays, entries in document order, within half the budget. */
  uint64_t ray_room = plan->budget / 2, ray_units = 0;
  for (size_t i = 0; i < n; i++)
    {
      CgPlanEntry *e = &entries[i];
      e->traced = (uint64_t)e->rays * CG_PLAN_RAY_UNITS <= ray_room - ray_units;
      e->allowance = e->max_bounces;
      plan->asked += (double)e->rays * (CG_PLAN_RAY_UNITS + (double)e->max_bounces);
      if (e->traced)
        {
          ray_units += (uint64_t)e->rays * CG_PLAN_RAY_UNITS;
          plan->rays += e->rays;
        }
      else
        plan->cut = true;
    }

  /* The hits: the highest level that fits, found by halving. */
  uint64_t room = plan->budget - ray_units;
  if (hits_at (entries, n, UINT32_MAX) > room)
    {
      uint64_t lo = 0, hi = UINT32_MAX; /* hits_at (lo) <= room < hits_at (hi) */
      while (hi - lo > 1)
        {
          uint64_t mid = lo + (hi - lo) / 2;
          if (hits_at (entries, n, mid) <= room)
            lo = mid;
          else
            hi = mid;
        }
      plan->level = (uint32_t)lo;
      plan->extra = room - hits_at (entries, n, lo);
      plan->cut = true;
      for (size_t i = 0; i < n; i++)
        entries[i].allowance
            = entries[i].max_bounces < plan->level ? entries[i].max_bounces : plan->level;
    }
  for (size_t i = 0; i < n; i++)
    if (!entries[i].traced)
      entries[i].allowance = 0;
}

uint32_t
cg_plan_ray_allowance (const CgPlan *plan, const CgPlanEntry *e, uint64_t *cut_rays_so_far)
{
  if (!e->traced)
    return 0;
  if (e->max_bounces <= plan->level)
    return e->max_bounces;
  /* A cut ray: the first `extra` of them get one hit more. */
  uint64_t nth = (*cut_rays_so_far)++;
  return nth < plan->extra ? plan->level + 1 : plan->level;
}

void
cg_scene_trace_untraced (CgTrace *out, CgTraceStatus status, CgVec2 start, CgVec2 direction,
                         double radius)
{
  out->status = status;
  out->start = start;
  out->direction = out->end_direction = cg_normalize (direction);
  out->radius = radius;
}

/* The sink of cg_scene_trace_ball(): the caller's, within the allowance. */
typedef struct
{
  CgHitSink sink;
  void *data;
  uint32_t left;
} Allowed;

static bool
allowed_sink (const CgHit *hit, void *data)
{
  Allowed *a = data;
  return a->sink (hit, a->data) && --a->left > 0;
}

void
cg_scene_trace_ball (const CgWorld *w, double r, CgVec2 start, CgVec2 direction,
                     uint32_t max_bounces, uint32_t allowance, bool brute_force, int overlaps,
                     CgHitSink sink, void *data, CgTrace *out)
{
  if (allowance == 0 && max_bounces > 0)
    {
      /* Nothing to cast: the budget gave this ball no hit. */
      cg_scene_trace_untraced (out, CG_TRACE_BUDGET, start, direction, r);
      return;
    }
  /* A trace makes at most max_bounces hits: an allowance of as many cuts
   * nothing, and the caller's sink takes the hits itself. */
  if (allowance >= max_bounces)
    {
      cg_trace_each (w, r, start, direction, max_bounces, brute_force, overlaps, sink, data, out);
      return;
    }
  Allowed a = { sink, data, allowance };
  cg_trace_each (w, r, start, direction, max_bounces, brute_force, overlaps, allowed_sink, &a, out);
}

/* Sort keys of the rejected candidates. */
typedef struct
{
  uint32_t index;
  bool crossed; /* the ray crosses it at rec.t (farther, outside, behind) */
  double key;
} Rank;

static int
compare_ranks (const void *a, const void *b)
{
  const Rank *x = a, *y = b;
  if (x->crossed != y->crossed)
    return x->crossed ? -1 : 1;
  if (x->key != y->key)
    return (x->key > y->key) - (x->key < y->key);
  /* qsort need not be stable (wasi-libc's is not): ties keep their order. */
  return (x->index > y->index) - (x->index < y->index);
}

/* How far a primitive is from c, for candidates the ray never crosses. */
static double
distance_from (const CgPrimitive *p, CgVec2 c)
{
  if (p->kind == CG_PRIM_SEGMENT)
    return cg_point_segment_distance (c, p->a, p->b);
  return fabs (cg_distance (c, p->q) - p->rho);
}

size_t
cg_scene_rank_rejected (const CgTested *tested, size_t n, CgVec2 c, uint32_t *order)
{
  Rank *ranks = n > 0 ? malloc (n * sizeof *ranks) : NULL;
  size_t m = 0;
  for (size_t i = 0; i < n; i++)
    {
      const CgCastRecord *rec = &tested[i].rec;
      if (rec->reject == CG_REJECT_NONE)
        continue;
      bool crossed = rec->reject == CG_REJECT_FARTHER || rec->reject == CG_REJECT_OUTSIDE_SEGMENT
                     || rec->reject == CG_REJECT_OUTSIDE_SWEEP || rec->reject == CG_REJECT_BEHIND;
      double key = crossed ? fabs (rec->t) : distance_from (&tested[i].p, c);
      if (ranks != NULL)
        ranks[m] = (Rank){ (uint32_t)i, crossed, key };
      else
        order[m] = (uint32_t)i; /* no memory to sort: in the order tested */
      m++;
    }
  if (ranks == NULL)
    return m;
  if (m > 1)
    qsort (ranks, m, sizeof *ranks, compare_ranks);
  for (size_t i = 0; i < m; i++)
    order[i] = ranks[i].index;
  free (ranks);
  return m;
}
