/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-world-near.c: what is near a point, through the world's BVH (the one
 * nearest-first search of cg-bvh-query.h): the start overlap, the nearest
 * edge, and the checks of the world.
 *
 * The BVH's boxes hold the runs' edges themselves (padded), so a box
 * farther than d from c holds no edge closer than d. The queries prune by
 * that bound and then measure the edges with the functions the brute-force
 * answers use, so they give those answers exactly. */
#include "cg-world-private.h"

#include <stdlib.h>
#include <string.h>

/* Distance from c to edge k of boundary b (its own numbering). */
static inline double
edge_distance (const CgOutline *o, uint32_t k, CgVec2 c)
{
  if (o->e != NULL && o->e[k].sweep != 0.0)
    return cg_curve_edge_distance (o->v, o->e, o->n, k, c);
  return cg_point_segment_distance (c, o->v[k], o->v[k + 1 < o->n ? k + 1 : 0]);
}

/* A search by distance from a point: keys are the children's boxes'
 * distances from c (in the frame), less a margin for the frame's rounding. */
typedef struct
{
  const CgWorld *w;
  CgVec2 c, o; /* the point, and in the BVH's frame */
  double margin;
  double bound; /* what the search looks within: the best so far */
  /* the nearest edge */
  CgNearestEdge best;
  /* the start overlap */
  double r;
  bool overlaps;
} Near;

static unsigned
distance_keys (const CgBvhNode *node, void *data, double bound, double key[CG_BVH_WIDTH])
{
  const Near *q = data;
  /* Within the bound, ties included: an edge at the best distance so far
   * may still win on its lower index. */
  return cg_bvh_distance_keys (node, q->o, q->margin, nextafter (bound, INFINITY), key);
}

static Near
near_start (const CgWorld *w, CgVec2 c, double bound)
{
  Near q = { .w = w, .c = c, .o = cg_sub (c, w->origin), .bound = bound };
  q.margin = cg_world_reach (c, w->origin, 0.0);
  return q;
}

/* ---- The nearest edge ---------------------------------------------------- */

/* The boundary of a leaf's run and the run's edges in its numbering. */
static inline uint32_t
leaf_run (const CgWorld *w, const CgBvhRef *leaf, CgOutline *o, uint32_t *from, uint32_t *to)
{
  uint32_t b = leaf->user[1] >> 4;
  *o = cg_world_outline (w, b);
  *from = leaf->user[0] - o->first_edge;
  *to = *from + (leaf->user[1] & 15);
  return b;
}

static bool
nearest_leaf (const CgBvhRef *leaf, void *data)
{
  Near *q = data;
  CgOutline o;
  uint32_t from, to, b = leaf_run (q->w, leaf, &o, &from, &to);
  for (uint32_t k = from; k < to; k++)
    {
      double d = edge_distance (&o, k, q->c);
      if (d < q->best.distance
          || (d == q->best.distance && q->best.found
              && (b < q->best.polygon || (b == q->best.polygon && k < q->best.edge))))
        {
          q->best = (CgNearestEdge){ true, b, k, d };
          q->bound = d;
        }
    }
  return true;
}

CgNearestEdge
cg_world_nearest_edge (const CgWorld *w, CgVec2 c, double max_distance)
{
  Near q = near_start (w, c, max_distance);
  q.best = (CgNearestEdge){ false, 0, 0, max_distance };
  const CgBvh *bvh = &w->bvh;
  if (bvh->root.count == 0 && bvh->n_nodes == 0)
    return q.best;
  cg_bvh_nearest_first (bvh, cg_box_distance (bvh->box, q.o) - q.margin, distance_keys,
                        nearest_leaf, &q.bound, &q);
  return q.best;
}

CgNearestEdge
cg_world_nearest_edge_brute_force (const CgWorld *w, CgVec2 c, double max_distance)
{
  CgNearestEdge best = { false, 0, 0, max_distance };
  for (size_t i = 0; i < w->n_bounds; i++)
    {
      CgOutline o = cg_world_outline (w, i);
      for (uint32_t k = 0; k < o.n; k++)
        {
          double d = edge_distance (&o, k, c);
          if (d < best.distance)
            best = (CgNearestEdge){ true, (uint32_t)i, k, d };
        }
    }
  return best;
}

/* ---- The start overlap --------------------------------------------------- */

/* Whether edge k of o is closer to c than r, less the tolerance of that
 * distance's numbers. */
static inline bool
edge_too_close (const CgOutline *o, uint32_t k, CgVec2 c, double r)
{
  double d = edge_distance (o, k, c);
  if (d >= r)
    return false;
  CgVec2 a = o->v[k], b = o->v[k + 1 < o->n ? k + 1 : 0];
  double m = cg_max (cg_magnitude (c), cg_max (cg_magnitude (a), cg_magnitude (b)));
  if (o->e != NULL && o->e[k].sweep != 0.0)
    m = cg_max (m, cg_max (cg_magnitude (o->e[k].q), o->e[k].R));
  return d < r - cg_tolerance (cg_max (m, r));
}

/* Whether c is strictly inside obstacle i. */
static bool
inside_obstacle (const CgWorld *w, size_t i, CgVec2 c)
{
  if (w->roles[i] != CG_ROLE_OBSTACLE || !cg_aabb_contains (w->bound_box[i], c))
    return false;
  CgOutline o = cg_world_outline (w, i);
  if (o.e != NULL && w->curved[i])
    return cg_curve_winding (o.v, o.e, o.n, c) != 0;
  return cg_polygon_contains (o.v, o.n, c);
}

static bool
overlap_leaf (const CgBvhRef *leaf, void *data)
{
  Near *q = data;
  CgOutline o;
  uint32_t from, to, b = leaf_run (q->w, leaf, &o, &from, &to);
  for (uint32_t k = from; k < to; k++)
    if (edge_too_close (&o, k, q->c, q->r))
      {
        q->overlaps = true;
        q->bound = -INFINITY;
        return false;
      }
  /* Inside an obstacle: its box holds c, and so does one of its runs' boxes
   * or none does (a big obstacle): the latter is looked at below. */
  if (q->w->bound_run[b] == q->w->bvh.items[leaf->first] && inside_obstacle (q->w, b, q->c))
    {
      q->overlaps = true;
      q->bound = -INFINITY;
      return false;
    }
  return true;
}

bool
cg_world_start_overlaps (const CgWorld *w, CgVec2 c, double r)
{
  Near q = near_start (w, c, r);
  q.r = r;
  const CgBvh *bvh = &w->bvh;
  if (bvh->root.count == 0 && bvh->n_nodes == 0)
    return false;
  cg_bvh_nearest_first (bvh, cg_box_distance (bvh->box, q.o) - q.margin, distance_keys,
                        overlap_leaf, &q.bound, &q);
  if (q.overlaps)
    return true;
  /* An obstacle whose runs' boxes all miss c may still hold it (a big
   * obstacle made of long edges): its box holds c. */
  for (uint32_t j = 0; j < w->n_big_obstacles; j++)
    if (inside_obstacle (w, w->big_obstacles[j], c))
      return true;
  return false;
}

bool
cg_world_start_overlaps_brute_force (const CgWorld *w, CgVec2 c, double r)
{
  for (size_t i = 0; i < w->n_bounds; i++)
    {
      CgOutline o = cg_world_outline (w, i);
      for (uint32_t k = 0; k < o.n; k++)
        if (edge_too_close (&o, k, c, r))
          return true;
      if (inside_obstacle (w, i, c))
        return true;
    }
  return false;
}

/* ---- Checking the world -------------------------------------------------- */

typedef struct
{
  const CgWorld *w;
  uint8_t *seen; /* per run: the leaves holding it */
} LeafCheck;

static bool
check_leaf (const CgBvhRef *leaf, CgAabb box, void *data, const char **problem)
{
  LeafCheck *lc = data;
  const CgWorld *w = lc->w;
  const char *msg = NULL;
  uint32_t k = w->bvh.items[leaf->first];
  if (leaf->count != 1 || k >= w->n_runs)
    msg = "a leaf does not hold one run";
  else if (leaf->user[0] != w->run_first[k]
           || (leaf->user[1] & 15) != w->run_first[k + 1] - w->run_first[k]
           || leaf->user[1] >> 4 != w->run_bound[k])
    msg = "a leaf does not say where its run's edges are";
  else if (lc->seen[k]++)
    msg = "a run is in two leaves";
  else
    {
      CgAabb expect = cg_world_run_bounds (w, k);
      if (memcmp (&expect, &w->run_box[k], sizeof expect) != 0)
        msg = "a run's box is not its edges' box";
      CgAabb f = { { w->run_box_f[k][0], w->run_box_f[k][1] },
                   { w->run_box_f[k][2], w->run_box_f[k][3] } };
      if (msg == NULL
          && !(f.lo.x >= box.lo.x && f.lo.y >= box.lo.y && f.hi.x <= box.hi.x
               && f.hi.y <= box.hi.y))
        msg = "a run's box is not inside its leaf's box";
      CgAabb in_frame
          = { cg_sub (w->run_box[k].lo, w->origin), cg_sub (w->run_box[k].hi, w->origin) };
      if (msg == NULL
          && !(in_frame.lo.x >= f.lo.x && in_frame.lo.y >= f.lo.y && in_frame.hi.x <= f.hi.x
               && in_frame.hi.y <= f.hi.y))
        msg = "a run's float box does not hold its box";
    }
  if (msg != NULL && problem != NULL)
    *problem = msg;
  return msg == NULL;
}

bool
cg_world_validate (const CgWorld *w, const char **problem)
{
  if (problem != NULL)
    *problem = NULL;
  const char *msg = NULL;
  for (size_t i = 0; i < w->n_bounds && msg == NULL; i++)
    {
      CgOutline o = cg_world_outline (w, i);
      CgVec2 *n0 = malloc ((2 * o.n + 1) * sizeof *n0);
      if (n0 == NULL)
        msg = "out of memory while checking the world";
      else
        {
          cg_outline_normals (o.v, o.e, o.n, n0, n0 + o.n);
          if (memcmp (n0, o.n0, o.n * sizeof *n0) != 0
              || memcmp (n0 + o.n, o.n1, o.n * sizeof *n0) != 0)
            msg = "a boundary's normals are not its edges'";
          for (size_t k = 0; msg == NULL && k < o.n; k++)
            if (w->left[o.first_edge + k]
                != (o.n > 1 && cg_outline_turns_left (o.n1[k > 0 ? k - 1 : o.n - 1], o.n0[k])))
              msg = "a vertex's cap flag is not its turn";
          free (n0);
        }
      if (msg == NULL
          && (w->run_first[w->bound_run[i]] != w->edge_first[i]
              || w->run_first[w->bound_run[i + 1]] != w->edge_first[i + 1]))
        msg = "a boundary's runs do not cover its edges";
    }
  if (msg != NULL)
    {
      if (problem != NULL)
        *problem = msg;
      return false;
    }
  uint8_t *seen = calloc (w->n_runs + 1, 1);
  if (seen == NULL)
    {
      if (problem != NULL)
        *problem = "out of memory while checking the world";
      return false;
    }
  LeafCheck lc = { w, seen };
  bool ok = cg_bvh_validate (&w->bvh, check_leaf, &lc, problem);
  for (uint32_t k = 0; ok && k < w->n_runs; k++)
    if (seen[k] != 1)
      {
        ok = false;
        if (problem != NULL)
          *problem = "a run is in no leaf";
      }
  free (seen);
  const char *grid_problem = NULL;
  if (ok && !cg_world_grid_validate (w, &grid_problem))
    {
      ok = false;
      if (problem != NULL)
        *problem = grid_problem;
    }
  return ok;
}
