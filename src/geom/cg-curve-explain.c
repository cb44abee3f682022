/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-curve-explain.c: cg_curve_world_explain_cast(), the traversal of
 * cg_curve_world_cast() (cg-curve-world.c) again, logging each primitive it
 * casts against. The two must stay in step: tests/test-curve-explain.c
 * checks on random curved scenes that the hit and the statistics agree. */
#include "cg-curve-explain.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct
{
  CgBvhRef ref;
  double tmin;
} StackItem;

typedef struct
{
  const CgCurvePrim *prims;
  double eps;
  CgVec2 c, d;
  int64_t after;
  CgCurveHit best;
  CgCurveTested *log;
  size_t n_log;
} Search;

/* Tests primitive i as try_prim() of cg-curve-world.c does (its early
 * rejections are cg_curve_cast()'s own verdicts), logging the record. */
static void
try_prim (Search *s, uint32_t i)
{
  CgCurveTested *t = &s->log[s->n_log++];
  s->best.stats.primitives_tested++;
  t->prim = i;
  if (!cg_curve_cast (&s->prims[i], s->c, s->d, s->eps, &t->rec))
    return;
  if ((int64_t)i == s->after && !(t->rec.t > s->eps))
    return;
  if (!s->best.hit || t->rec.t < s->best.rec.t || (t->rec.t == s->best.rec.t && i < s->best.prim))
    {
      s->best.hit = true;
      s->best.prim = i;
      s->best.rec = t->rec;
    }
}

static void
traverse (const CgBvh *bvh, Search *s)
{
  if (bvh->n_items == 0)
    return;
  CgVec2 c = s->c, d = s->d;
  CgVec2 inv_d = { 1.0 / d.x, 1.0 / d.y };
  CgVec2 slab_inv = { d.x != 0.0 ? inv_d.x : copysign (1e300, d.x),
                      d.y != 0.0 ? inv_d.y : copysign (1e300, d.y) };
  double guard = -8.0 * s->eps;
  double tmin, tmax;
  s->best.stats.boxes_tested++;
  if (!cg_aabb_ray (bvh->box, c, inv_d, &tmin, &tmax) || tmax < guard)
    return;
  StackItem stack[CG_BVH_MAX_DEPTH * CG_BVH_WIDTH + 1];
  int top = 0;
  stack[top++] = (StackItem){ bvh->root, tmin };
  while (top > 0)
    {
      StackItem it = stack[--top];
      if (s->best.hit && it.tmin > s->best.rec.t)
        continue;
      s->best.stats.nodes_visited++;
      if (it.ref.count > 0)
        {
          for (uint32_t k = 0; k < it.ref.count; k++)
            try_prim (s, bvh->items[it.ref.first + k]);
          continue;
        }
      const CgBvhNode *node = &bvh->nodes[it.ref.first];
      StackItem kids[CG_BVH_WIDTH];
      int nk = 0;
      double bound = s->best.hit ? s->best.rec.t : INFINITY;
      double t_lo[CG_BVH_WIDTH], t_hi[CG_BVH_WIDTH];
      for (int k = 0; k < CG_BVH_WIDTH; k++)
        {
          double ax = (node->lo_x[k] - c.x) * slab_inv.x, bx = (node->hi_x[k] - c.x) * slab_inv.x;
          double ay = (node->lo_y[k] - c.y) * slab_inv.y, by = (node->hi_y[k] - c.y) * slab_inv.y;
          t_lo[k] = cg_max (cg_min (ax, bx), cg_min (ay, by));
          t_hi[k] = cg_min (cg_max (ax, bx), cg_max (ay, by));
        }
      s->best.stats.boxes_tested += CG_BVH_WIDTH;
      for (int k = 0; k < CG_BVH_WIDTH; k++)
        {
          if (node->child[k].first == CG_BVH_NONE)
            continue;
          tmin = t_lo[k];
          if (!(tmin <= t_hi[k]) || t_hi[k] < guard || tmin > bound)
            continue;
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
}

bool
cg_curve_world_explain_cast (const CgCurveWorld *w, CgVec2 c, CgVec2 d, int64_t after,
                             CgCurveHit *hit, CgCurveTested **tested, size_t *n_tested)
{
  *tested = NULL;
  *n_tested = 0;
  size_t n_prims;
  const CgCurvePrim *prims = cg_curve_world_primitives (w, &n_prims);
  /* A primitive is tested at most once a cast; one more slot for `after`. */
  CgCurveTested *log = malloc ((n_prims + 1) * sizeof *log);
  if (log == NULL)
    return false;
  Search s = { .prims = prims,
               .eps = cg_curve_world_eps (w),
               .c = c,
               .d = cg_unit_direction (d),
               .after = after,
               .log = log + 1 };
  memset (&s.best, 0, sizeof s.best);
  traverse (cg_curve_world_bvh (w), &s);

  /* `after` first as EXCLUDED when it does not count (what a cast against it
   * gives is kept in the record for the reader). */
  bool excluded = false;
  if (after >= 0 && (uint64_t)after < n_prims)
    {
      CgCurveCastRecord rec;
      excluded = !(cg_curve_cast (&prims[after], s.c, s.d, s.eps, &rec) && rec.t > s.eps);
      if (excluded)
        {
          log[0].prim = (uint32_t)after;
          log[0].rec = rec;
          log[0].rec.hit = false;
          log[0].rec.reject = CG_REJECT_EXCLUDED;
        }
    }
  size_t n = 0;
  if (excluded)
    n++;
  for (size_t i = 0; i < s.n_log; i++)
    {
      CgCurveTested t = s.log[i];
      if (excluded && (int64_t)t.prim == after)
        continue;
      if (t.rec.hit && !(s.best.hit && t.prim == s.best.prim))
        {
          t.rec.hit = false;
          t.rec.reject = CG_REJECT_FARTHER;
        }
      log[n++] = t;
    }
  *hit = s.best;
  *tested = log;
  *n_tested = n;
  return true;
}
