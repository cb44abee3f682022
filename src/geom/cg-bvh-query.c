/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-bvh-query.c: what is asked of a built hierarchy besides the
 * nearest-first search (cg-bvh-query.h): box queries, the walk over every
 * box, and the checks. */
#include "cg-bvh-query.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct
{
  CgAabb box;
  CgBvhLeafFunc leaf;
  void *data;
  double bound; /* 0 while the search goes on, -INFINITY once a leaf said stop */
} BoxQuery;

static unsigned
box_keys (const CgBvhNode *node, void *data, double bound, double key[CG_BVH_WIDTH])
{
  (void)bound;
  const BoxQuery *q = data;
  unsigned mask = 0;
  for (int k = 0; k < CG_BVH_WIDTH; k++)
    {
      key[k] = 0.0;
      if (node->child[k].first != CG_BVH_NONE
          && cg_aabb_overlaps (cg_bvh_child_box (node, k), q->box))
        mask |= 1u << k;
    }
  return mask;
}

static bool
box_leaf (const CgBvhRef *leaf, void *data)
{
  BoxQuery *q = data;
  if (q->leaf (leaf, q->data))
    return true;
  q->bound = -INFINITY;
  return false;
}

bool
cg_bvh_query_box (const CgBvh *bvh, CgAabb box, CgBvhLeafFunc leaf, void *data)
{
  BoxQuery q = { box, leaf, data, 0.0 };
  if (cg_aabb_is_empty (bvh->box) || !cg_aabb_overlaps (bvh->box, box))
    return true;
  cg_bvh_nearest_first (bvh, 0.0, box_keys, box_leaf, &q.bound, &q);
  return q.bound == 0.0;
}

void
cg_bvh_walk (const CgBvh *bvh, CgBvhVisitFunc visit, void *data)
{
  if (bvh->root.count == 0 && bvh->n_nodes == 0)
    return;
  if (!visit (bvh->box, 0, &bvh->root, data) || bvh->root.count > 0)
    return;
  struct
  {
    uint32_t node, level;
  } stack[CG_BVH_STACK];
  int top = 0;
  stack[top].node = bvh->root.first;
  stack[top++].level = 1;
  while (top > 0)
    {
      top--;
      const CgBvhNode *node = &bvh->nodes[stack[top].node];
      uint32_t level = stack[top].level;
      bool open[CG_BVH_WIDTH] = { false };
      for (int k = 0; k < CG_BVH_WIDTH; k++)
        if (node->child[k].first != CG_BVH_NONE)
          open[k] = visit (cg_bvh_child_box (node, k), level, &node->child[k], data)
                    && node->child[k].count == 0;
      for (int k = CG_BVH_WIDTH - 1; k >= 0; k--)
        if (open[k])
          {
            stack[top].node = node->child[k].first;
            stack[top++].level = level + 1;
          }
    }
}

/* True when box a lies inside box b (both as stored, no rounding). */
static inline bool
box_inside (CgAabb a, CgAabb b)
{
  return a.lo.x >= b.lo.x && a.lo.y >= b.lo.y && a.hi.x <= b.hi.x && a.hi.y <= b.hi.y;
}

#define FAIL(msg)                                                                                  \
  do                                                                                               \
    {                                                                                              \
      if (problem != NULL)                                                                         \
        *problem = (msg);                                                                          \
      ok = false;                                                                                  \
      goto done;                                                                                   \
    }                                                                                              \
  while (0)

bool
cg_bvh_validate (const CgBvh *bvh, CgBvhLeafCheckFunc check_leaf, void *data, const char **problem)
{
  bool ok = true;
  uint8_t *slot_seen = NULL, *node_seen = NULL;
  if (problem != NULL)
    *problem = NULL;
  if (bvh->n_items == 0)
    {
      if (bvh->root.count != 0 || bvh->n_nodes != 0)
        FAIL ("an empty hierarchy has a root or nodes");
      return true;
    }
  slot_seen = calloc (bvh->n_items, 1);
  node_seen = calloc ((size_t)bvh->n_nodes + 1, 1);
  if (slot_seen == NULL || node_seen == NULL)
    FAIL ("out of memory while checking the hierarchy");

  if (bvh->root.count > 0)
    {
      if (bvh->n_nodes != 0 || bvh->root.first != 0 || bvh->root.count != bvh->n_items)
        FAIL ("a lone leaf does not hold every item");
      if (bvh->depth != 1)
        FAIL ("a lone leaf's depth is not 1");
      if (check_leaf != NULL && !check_leaf (&bvh->root, bvh->box, data, problem))
        {
          ok = false;
          goto done;
        }
      goto done;
    }
  if (bvh->root.first != 0 || bvh->n_nodes == 0)
    FAIL ("the root is not node 0");

  struct
  {
    uint32_t node, level;
    CgAabb box; /* the box the node's children must lie in */
  } stack[CG_BVH_MAX_DEPTH * (CG_BVH_WIDTH - 1) + 1];
  int top = 0;
  stack[top].node = 0;
  stack[top].level = 1;
  stack[top++].box = bvh->box;
  uint32_t deepest = 1;
  while (top > 0)
    {
      top--;
      uint32_t index = stack[top].node, level = stack[top].level;
      CgAabb parent = stack[top].box;
      if (node_seen[index])
        FAIL ("a node is reached twice");
      node_seen[index] = 1;
      if (level > CG_BVH_MAX_DEPTH)
        FAIL ("the tree is deeper than CG_BVH_MAX_DEPTH");
      const CgBvhNode *node = &bvh->nodes[index];
      int used = 0;
      for (int k = 0; k < CG_BVH_WIDTH; k++)
        {
          const CgBvhRef *ref = &node->child[k];
          CgAabb box = cg_bvh_child_box (node, k);
          if (ref->first == CG_BVH_NONE)
            {
              if (ref->count != 0 || !cg_aabb_is_empty (box))
                FAIL ("an unused slot has items or a box");
              continue;
            }
          used++;
          if (cg_aabb_is_empty (box) || !box_inside (box, parent))
            FAIL ("a child's box is not inside its parent's box");
          if (level + 1 > deepest)
            deepest = level + 1;
          if (ref->count > 0)
            {
              if (ref->first > bvh->n_items || ref->count > bvh->n_items - ref->first)
                FAIL ("a leaf's items run past the end");
              for (uint32_t i = ref->first; i < ref->first + ref->count; i++)
                {
                  if (slot_seen[i])
                    FAIL ("an item slot is in two leaves");
                  slot_seen[i] = 1;
                }
              if (check_leaf != NULL && !check_leaf (ref, box, data, problem))
                {
                  ok = false;
                  goto done;
                }
            }
          else
            {
              if (ref->first >= bvh->n_nodes)
                FAIL ("a child names a node that does not exist");
              if (ref->first <= index)
                FAIL ("a child node comes before its parent (not pre-order)");
              stack[top].node = ref->first;
              stack[top].level = level + 1;
              stack[top++].box = box;
            }
        }
      if (used < 2)
        FAIL ("a node has fewer than two children");
    }
  if (deepest != bvh->depth)
    FAIL ("the tree's depth is not what it says");
  for (uint32_t i = 0; i < bvh->n_nodes; i++)
    if (!node_seen[i])
      FAIL ("a node is not reached from the root");
  for (uint32_t i = 0; i < bvh->n_items; i++)
    if (!slot_seen[i])
      FAIL ("an item slot is in no leaf");

done:
  free (slot_seen);
  free (node_seen);
  return ok;
}

/* What check_boxes() needs. */
typedef struct
{
  const CgAabb *boxes;
  uint32_t n;
  const uint32_t *items;
  uint8_t *seen;
} BoxCheck;

static bool
check_boxes (const CgBvhRef *leaf, CgAabb box, void *data, const char **problem)
{
  BoxCheck *c = data;
  for (uint32_t i = leaf->first; i < leaf->first + leaf->count; i++)
    {
      uint32_t item = c->items[i];
      const char *msg = NULL;
      if (item >= c->n)
        msg = "a leaf names an item that does not exist";
      else if (c->seen[item]++)
        msg = "an item is in two leaves";
      else if (!box_inside (c->boxes[item], box))
        msg = "an item's box is not inside its leaf's box";
      if (msg != NULL)
        {
          if (problem != NULL)
            *problem = msg;
          return false;
        }
    }
  return true;
}

bool
cg_bvh_validate_boxes (const CgBvh *bvh, const CgAabb *boxes, uint32_t n, const char **problem)
{
  bool ok = true;
  uint8_t *seen = NULL;
  if (problem != NULL)
    *problem = NULL;
  if (bvh->n_items != n)
    FAIL ("the hierarchy does not hold as many items as there are boxes");
  seen = calloc ((size_t)n + 1, 1);
  if (seen == NULL)
    FAIL ("out of memory while checking the hierarchy");
  BoxCheck c = { boxes, n, bvh->items, seen };
  if (!cg_bvh_validate (bvh, check_boxes, &c, problem))
    {
      ok = false;
      goto done;
    }
done:
  free (seen);
  return ok;
}
#undef FAIL
