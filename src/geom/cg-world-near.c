/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-world-near.c: what is near a point, through the world's BVH: the start
 * overlap test, the nearest edge, and the check of the BVH itself.
 *
 * The BVH's boxes are those of the offset outline's primitives (padded by
 * 4 eps, stored as floats rounded outward), not of the polygons' edges. Every
 * edge i has its offset segment v[i] + r n .. v[i+1] + r n, which is the edge
 * moved by r, so every point of the edge lies within r (plus rounding, far
 * below eps) of a box holding that segment: a box farther than d + r + eps
 * from c holds no edge closer than d. The queries prune by that bound and
 * then measure the edges themselves with cg_point_segment_distance(), the
 * function the brute-force test uses, so they give its answers exactly. */
#include "cg-world-private.h"

#include <stdlib.h>
#include <string.h>

/* Distance from c to box b (0 inside). */
static inline double
box_distance (CgAabb b, CgVec2 c)
{
  double dx = cg_max (cg_max (b.lo.x - c.x, c.x - b.hi.x), 0.0);
  double dy = cg_max (cg_max (b.lo.y - c.y, c.y - b.hi.y), 0.0);
  return hypot (dx, dy);
}

/* Runs the statements that follow k for each primitive k of the leaf with
 * user[] = user0, user1 (object leaves: a run of w->prims; primitive leaves:
 * its cast records' primitives). */
#define FOR_LEAF_PRIMITIVES(w, user0, user1, k, ...)                                               \
  do                                                                                               \
    {                                                                                              \
      if ((w)->records == NULL)                                                                    \
        for (uint32_t k = (user0); k < (user1); k++)                                               \
          {                                                                                        \
            __VA_ARGS__                                                                            \
          }                                                                                        \
      else                                                                                         \
        {                                                                                          \
          uint32_t end_ = (user0) + ((user1)&0xffff) + ((user1) >> 16);                            \
          for (uint32_t j_ = (user0); j_ < end_; j_++)                                             \
            {                                                                                      \
              uint32_t k = (w)->record_prim[j_];                                                   \
              __VA_ARGS__                                                                          \
            }                                                                                      \
        }                                                                                          \
    }                                                                                              \
  while (0)

/* Polygon edge i: its end points. */
static inline void
edge_points (const CgWorld *w, uint32_t polygon, uint32_t i, CgVec2 *a, CgVec2 *b)
{
  const CgVec2 *v = w->verts + w->vertex_first[polygon];
  size_t n = w->vertex_first[polygon + 1] - w->vertex_first[polygon];
  *a = v[i];
  *b = v[i + 1 < n ? i + 1 : 0];
}

/* A subtree still to visit: an inner node (info == UINT32_MAX) or a leaf's
 * user[] values, and a lower bound on what it holds. */
typedef struct
{
  uint32_t index, info;
  double bound;
} Pending;

#define STACK_SIZE (CG_BVH_MAX_DEPTH * (CG_BVH_WIDTH - 1) + 1)

/* ---- The nearest edge ---------------------------------------------------- */

typedef struct
{
  CgVec2 c;
  double reach; /* r + eps: how far an edge may lie outside its box */
  CgNearestEdge best;
} Nearest;

static void
nearest_leaf (const CgWorld *w, uint32_t user0, uint32_t user1, Nearest *q)
{
  FOR_LEAF_PRIMITIVES (w, user0, user1, k, {
    const CgPrimitive *p = &w->prims[k];
    if (p->kind != CG_PRIM_SEGMENT)
      continue;
    CgVec2 a, b;
    edge_points (w, p->object, p->index, &a, &b);
    double d = cg_point_segment_distance (q->c, a, b);
    if (d < q->best.distance
        || (d == q->best.distance && q->best.found
            && (p->object < q->best.polygon
                || (p->object == q->best.polygon && p->index < q->best.edge))))
      q->best = (CgNearestEdge){ true, p->object, p->index, d };
  });
}

CgNearestEdge
cg_world_nearest_edge (const CgWorld *w, CgVec2 c, double max_distance)
{
  Nearest q = { .c = c, .reach = w->r + w->eps };
  q.best = (CgNearestEdge){ false, 0, 0, max_distance };
  const CgBvh *bvh = &w->bvh;
  if (bvh->root.count == 0 && bvh->n_nodes == 0)
    return q.best;
  if (box_distance (bvh->box, c) - q.reach > max_distance)
    return q.best;
  if (bvh->root.count > 0)
    {
      nearest_leaf (w, bvh->root.user[0], bvh->root.user[1], &q);
      return q.best;
    }

  /* Nearest first: at each node the children by their boxes' distance,
   * the nearest visited next, the others kept; a subtree is dropped once
   * its bound exceeds the best distance (ties are still visited, so the
   * lower index wins whatever the order). */
  Pending stack[STACK_SIZE];
  int top = 0;
  stack[top++] = (Pending){ bvh->root.first, UINT32_MAX, 0.0 };
  while (top > 0)
    {
      Pending p = stack[--top];
      if (p.bound > q.best.distance)
        continue;
      if (p.info != UINT32_MAX)
        {
          nearest_leaf (w, p.index, p.info, &q);
          continue;
        }
      const CgBvhNode *node = &bvh->nodes[p.index];
      Pending kids[CG_BVH_WIDTH];
      int n_kids = 0;
      for (int k = 0; k < CG_BVH_WIDTH; k++)
        {
          const CgBvhRef *ref = &node->child[k];
          if (ref->first == CG_BVH_NONE)
            continue;
          double bound = box_distance (cg_bvh_child_box (node, k), c) - q.reach;
          if (bound > q.best.distance)
            continue;
          Pending kid = ref->count > 0 ? (Pending){ ref->user[0], ref->user[1], bound }
                                       : (Pending){ ref->first, UINT32_MAX, bound };
          /* Farthest first into kids, so the nearest is pushed last. */
          int j = n_kids++;
          for (; j > 0 && kids[j - 1].bound < bound; j--)
            kids[j] = kids[j - 1];
          kids[j] = kid;
        }
      for (int j = 0; j < n_kids; j++)
        stack[top++] = kids[j];
    }
  return q.best;
}

CgNearestEdge
cg_world_nearest_edge_brute_force (const CgWorld *w, CgVec2 c, double max_distance)
{
  CgNearestEdge best = { false, 0, 0, max_distance };
  for (size_t i = 0; i < w->n_polys; i++)
    {
      const CgVec2 *v = w->verts + w->vertex_first[i];
      size_t n = w->vertex_first[i + 1] - w->vertex_first[i];
      for (size_t k = 0; k < n; k++)
        {
          double d = cg_point_segment_distance (c, v[k], v[(k + 1) % n]);
          if (d < best.distance)
            best = (CgNearestEdge){ true, (uint32_t)i, (uint32_t)k, d };
        }
    }
  return best;
}

/* ---- The start overlap --------------------------------------------------- */

/* True when some edge is closer to c than limit: a depth-first search that
 * stops at the first. */
static bool
any_edge_within (const CgWorld *w, CgVec2 c, double limit)
{
  const CgBvh *bvh = &w->bvh;
  double reach = limit + w->r + w->eps;
  if (limit <= 0.0 || (bvh->root.count == 0 && bvh->n_nodes == 0)
      || box_distance (bvh->box, c) > reach)
    return false;
#define TEST_LEAF(user0, user1)                                                                    \
  FOR_LEAF_PRIMITIVES (w, user0, user1, k, {                                                       \
    const CgPrimitive *p = &w->prims[k];                                                           \
    if (p->kind != CG_PRIM_SEGMENT)                                                                \
      continue;                                                                                    \
    CgVec2 a, b;                                                                                   \
    edge_points (w, p->object, p->index, &a, &b);                                                  \
    if (cg_point_segment_distance (c, a, b) < limit)                                               \
      return true;                                                                                 \
  })
  if (bvh->root.count > 0)
    {
      TEST_LEAF (bvh->root.user[0], bvh->root.user[1]);
      return false;
    }
  uint32_t stack[STACK_SIZE];
  int top = 0;
  stack[top++] = bvh->root.first;
  while (top > 0)
    {
      const CgBvhNode *node = &bvh->nodes[stack[--top]];
      for (int k = 0; k < CG_BVH_WIDTH; k++)
        {
          const CgBvhRef *ref = &node->child[k];
          if (ref->first == CG_BVH_NONE || box_distance (cg_bvh_child_box (node, k), c) > reach)
            continue;
          if (ref->count > 0)
            TEST_LEAF (ref->user[0], ref->user[1]);
          else
            stack[top++] = ref->first;
        }
    }
#undef TEST_LEAF
  return false;
}

/* The obstacles' edges that cg_polygon_edge_crossing() says something about,
 * as polygon << 1 | on-boundary. */
typedef struct
{
  uint64_t *v;
  size_t n, cap;
  uint64_t local[128];
  bool failed;
} Crossings;

static void
crossings_add (Crossings *x, uint64_t e)
{
  if (x->n == x->cap)
    {
      size_t cap = x->cap * 2;
      uint64_t *v = malloc (cap * sizeof *v);
      if (v == NULL)
        {
          x->failed = true;
          return;
        }
      memcpy (v, x->v, x->n * sizeof *v);
      if (x->v != x->local)
        free (x->v);
      x->v = v;
      x->cap = cap;
    }
  x->v[x->n++] = e;
}

static int
compare_u64 (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* The even-odd count may follow a half-line from c in any of the four axis
 * directions: each is cg_polygon_contains() on the plane turned by a
 * quarter turn or mirrored (negating and swapping coordinates, which is
 * exact), and cg_polygon_contains() decides strict insideness exactly, so
 * all four give its answer. The shortest one to the edge of the scene meets
 * the fewest boxes. A frame maps a point to where the half-line runs
 * towards +x. */
typedef enum
{
  TOWARDS_PLUS_X,
  TOWARDS_MINUS_X,
  TOWARDS_PLUS_Y,
  TOWARDS_MINUS_Y,
} Towards;

static inline CgVec2
to_frame (Towards t, CgVec2 p)
{
  switch (t)
    {
    case TOWARDS_MINUS_X:
      return (CgVec2){ -p.x, p.y };
    case TOWARDS_PLUS_Y:
      return (CgVec2){ p.y, p.x };
    case TOWARDS_MINUS_Y:
      return (CgVec2){ -p.y, p.x };
    case TOWARDS_PLUS_X:
      break;
    }
  return p;
}

static inline CgAabb
box_to_frame (Towards t, CgAabb b)
{
  CgVec2 p = to_frame (t, b.lo), q = to_frame (t, b.hi);
  return (CgAabb){ { cg_min (p.x, q.x), cg_min (p.y, q.y) },
                   { cg_max (p.x, q.x), cg_max (p.y, q.y) } };
}

/* Box b (in the frame) meets the band of half-width reach around the
 * half-line from c towards +x. */
static inline bool
box_meets_band (CgAabb b, CgVec2 c, double reach)
{
  return b.hi.x >= c.x - reach && b.lo.y <= c.y + reach && b.hi.y >= c.y - reach;
}

/* True when c is strictly inside an obstacle: cg_polygon_contains() taken
 * over the edges that meet the half-line from c in the direction chosen
 * (towards the nearest side of the scene's box), the only ones that count
 * (cg_polygon_edge_crossing()). Their boxes meet the band of half-width
 * r + eps around that half-line. */
static bool
inside_obstacle (const CgWorld *w, CgVec2 c)
{
  const CgBvh *bvh = &w->bvh;
  double reach = w->r + w->eps;
  if (bvh->root.count == 0 && bvh->n_nodes == 0)
    return false;
  CgAabb all = bvh->box;
  double to_side[4] = { all.hi.x - c.x, c.x - all.lo.x, all.hi.y - c.y, c.y - all.lo.y };
  Towards t = TOWARDS_PLUS_X;
  for (int k = 1; k < 4; k++)
    if (to_side[k] < to_side[t])
      t = (Towards)k;
  CgVec2 fc = to_frame (t, c);
  if (!box_meets_band (box_to_frame (t, all), fc, reach))
    return false;
  Crossings x = { .cap = 128 };
  x.v = x.local;
#define BAND_LEAF(user0, user1)                                                                    \
  FOR_LEAF_PRIMITIVES (w, user0, user1, k, {                                                       \
    const CgPrimitive *p = &w->prims[k];                                                           \
    if (p->kind != CG_PRIM_SEGMENT || w->roles[p->object] != CG_ROLE_OBSTACLE)                     \
      continue;                                                                                    \
    CgVec2 a, b;                                                                                   \
    edge_points (w, p->object, p->index, &a, &b);                                                  \
    CgEdgeCrossing e = cg_polygon_edge_crossing (to_frame (t, a), to_frame (t, b), fc);            \
    if (e != CG_EDGE_MISSES)                                                                       \
      crossings_add (&x, (uint64_t)p->object << 1 | (e == CG_EDGE_ON_BOUNDARY));                   \
  })
  if (bvh->root.count > 0)
    BAND_LEAF (bvh->root.user[0], bvh->root.user[1]);
  else
    {
      uint32_t stack[STACK_SIZE];
      int top = 0;
      stack[top++] = bvh->root.first;
      while (top > 0)
        {
          const CgBvhNode *node = &bvh->nodes[stack[--top]];
          for (int k = 0; k < CG_BVH_WIDTH; k++)
            {
              const CgBvhRef *ref = &node->child[k];
              if (ref->first == CG_BVH_NONE
                  || !box_meets_band (box_to_frame (t, cg_bvh_child_box (node, k)), fc, reach))
                continue;
              if (ref->count > 0)
                BAND_LEAF (ref->user[0], ref->user[1]);
              else
                stack[top++] = ref->first;
            }
        }
    }
#undef BAND_LEAF

  bool inside = false;
  if (x.failed)
    {
      /* Out of memory: every obstacle the slow way, same answer. */
      for (size_t i = 0; i < w->n_polys && !inside; i++)
        if (w->roles[i] == CG_ROLE_OBSTACLE)
          inside = cg_polygon_contains (w->verts + w->vertex_first[i],
                                        w->vertex_first[i + 1] - w->vertex_first[i], c);
    }
  else
    {
      /* Per obstacle: inside when an odd number of edges cross and none
       * holds c. Sorted, each obstacle's entries are together, boundary
       * marks after its crossings. */
      if (x.n > 1)
        qsort (x.v, x.n, sizeof *x.v, compare_u64);
      for (size_t i = 0; i < x.n && !inside;)
        {
          uint64_t polygon = x.v[i] >> 1;
          size_t crossings = 0;
          bool boundary = false;
          for (; i < x.n && x.v[i] >> 1 == polygon; i++)
            {
              crossings += !(x.v[i] & 1);
              boundary |= x.v[i] & 1;
            }
          inside = !boundary && crossings % 2 == 1;
        }
    }
  if (x.v != x.local)
    free (x.v);
  return inside;
}

bool
cg_world_start_overlaps (const CgWorld *w, CgVec2 c)
{
  return any_edge_within (w, c, w->r - w->eps) || inside_obstacle (w, c);
}

bool
cg_world_start_overlaps_brute_force (const CgWorld *w, CgVec2 c)
{
  double limit = w->r - w->eps;
  for (size_t i = 0; i < w->n_polys; i++)
    {
      const CgVec2 *v;
      size_t n;
      CgRole role = cg_world_polygon (w, i, &v, &n);
      for (size_t k = 0; k < n; k++)
        if (cg_point_segment_distance (c, v[k], v[(k + 1) % n]) < limit)
          return true;
      if (role == CG_ROLE_OBSTACLE && cg_polygon_contains (v, n, c))
        return true;
    }
  return false;
}

/* ---- Checking the BVH ------------------------------------------------------ */

typedef struct
{
  const CgWorld *w;
  uint8_t *seen; /* per primitive: the leaves holding it */
} LeafCheck;

static bool
check_leaf (const CgBvhRef *leaf, CgAabb box, void *data, const char **problem)
{
  LeafCheck *c = data;
  const CgWorld *w = c->w;
  double pad = 4.0 * w->eps;
  const char *msg = NULL;
  if (w->records == NULL)
    {
      /* An object leaf: one run of one polygon's outline, the polygon its item. */
      if (leaf->count != 1 || leaf->user[0] >= leaf->user[1] || leaf->user[1] > w->n_prims)
        msg = "an object leaf does not hold one run of primitives";
      else if (w->bvh.items[leaf->first] >= w->n_polys
               || w->prims[leaf->user[0]].object != w->bvh.items[leaf->first]
               || w->prims[leaf->user[1] - 1].object != w->bvh.items[leaf->first])
        msg = "an object leaf's run is not of its polygon";
    }
  else
    {
      uint32_t arcs = leaf->user[1] & 0xffff, segments = leaf->user[1] >> 16;
      if (arcs + segments != leaf->count || leaf->user[0] + leaf->count > w->n_prims)
        msg = "a primitive leaf's records do not match its items";
      for (uint32_t j = leaf->user[0]; msg == NULL && j < leaf->user[0] + leaf->count; j++)
        {
          uint32_t k = w->record_prim[j];
          const CgPrimitive *p = &w->prims[k];
          LeanRecord expect = cg_world_lean_record (p, w->eps);
          if (k >= w->n_prims || w->prim_record[k] != j
              || (p->kind == CG_PRIM_ARC) != (j < leaf->user[0] + arcs)
              || memcmp (&expect, &w->records[j], sizeof expect) != 0)
            msg = "a cast record does not match its primitive";
        }
    }
  FOR_LEAF_PRIMITIVES (w, leaf->user[0], leaf->user[1], k, {
    if (msg != NULL)
      break;
    CgAabb b = cg_aabb_pad (cg_primitive_bounds (&w->prims[k]), pad);
    LeanRecord lean
        = w->lean != NULL ? cg_world_lean_record (&w->prims[k], w->eps) : (LeanRecord){ 0 };
    if (c->seen[k]++)
      msg = "a primitive is in two leaves";
    else if (!(b.lo.x >= box.lo.x && b.lo.y >= box.lo.y && b.hi.x <= box.hi.x
               && b.hi.y <= box.hi.y))
      msg = "a primitive's box is not inside its leaf's box";
    else if (w->lean != NULL && memcmp (&lean, &w->lean[k], sizeof lean) != 0)
      msg = "a primitive's cast record does not match it";
  });
  if (msg != NULL && problem != NULL)
    *problem = msg;
  return msg == NULL;
}

bool
cg_world_validate (const CgWorld *w, const char **problem)
{
  if (problem != NULL)
    *problem = NULL;
  uint8_t *seen = calloc (w->n_prims + 1, 1);
  if (seen == NULL)
    {
      if (problem != NULL)
        *problem = "out of memory while checking the world";
      return false;
    }
  LeafCheck c = { w, seen };
  const char *grid_problem = NULL;
  bool ok = cg_bvh_validate (&w->bvh, check_leaf, &c, problem);
  if (ok && !cg_world_grid_validate (w, &grid_problem))
    {
      ok = false;
      if (problem != NULL)
        *problem = grid_problem;
    }
  for (size_t k = 0; ok && k < w->n_prims; k++)
    if (seen[k] != 1)
      {
        ok = false;
        if (problem != NULL)
          *problem = "a primitive is in no leaf";
      }
  free (seen);
  return ok;
}
