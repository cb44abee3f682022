/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-bvh-query.h: the one search through a BVH (cg-bvh.h builds them).
 *
 * Every question asked of a hierarchy is a nearest-first search: each box
 * gets a key, a lower bound on what its subtree can answer (where a ray
 * enters it, how far it is from a point, or 0 for "it may hold something"),
 * and subtrees are visited nearest first while their key is no more than
 * the answer so far (*bound), which the caller's leaf function lowers as it
 * finds better answers. The first hit of a cast, the start overlap, the
 * nearest edge, the explanation's log, a box query and the boundary's
 * pieces near a point all run this one walk; only the keys differ.
 *
 * It is a static inline function: the key and leaf functions passed to it
 * are known where it is called and get inlined, so the cast's hot loop
 * costs what a walk written for it would. */
#pragma once
#include "cg-bvh.h"

/// Fills key[k] for the used children k of node that are worth visiting (a
/// lower bound on what they hold, no more than bound) and returns the mask
/// of those children (bit k for child k).
typedef unsigned (*CgBvhKeysFunc) (const CgBvhNode *node, void *data, double bound,
                                   double key[CG_BVH_WIDTH]);

/// Looks at a leaf (whose key was no more than *bound when it was reached);
/// returns false to end the search.
typedef bool (*CgBvhLeafFunc) (const CgBvhRef *leaf, void *data);

/// The most subtrees the search keeps waiting at once.
#define CG_BVH_STACK (CG_BVH_MAX_DEPTH * (CG_BVH_WIDTH - 1) + 1)

/// Walks bvh nearest first. root_key is the key of the root's box (the
/// caller tests it); *bound is read after every leaf, so the leaf function
/// may lower it (or raise it, to -INFINITY, to stop early: returning false
/// does that too). At each node the children are ordered by key: leaves are
/// looked at at once while no nearer inner node is pending, the nearest
/// inner node is visited next, and the rest wait on a stack.
static inline __attribute__ ((always_inline)) void
cg_bvh_nearest_first (const CgBvh *bvh, double root_key, CgBvhKeysFunc keys, CgBvhLeafFunc leaf,
                      const double *bound, void *data)
{
  if ((bvh->root.count == 0 && bvh->n_nodes == 0) || !(root_key <= *bound))
    return;
  if (bvh->root.count > 0)
    {
      leaf (&bvh->root, data);
      return;
    }
  struct
  {
    const CgBvhRef *ref;
    double key;
  } stack[CG_BVH_STACK], wait[CG_BVH_WIDTH];
  int top = 0;
  uint32_t node_index = bvh->root.first;
  for (;;)
    {
      const CgBvhNode *node = &bvh->nodes[node_index];
      double key[CG_BVH_WIDTH], near[CG_BVH_WIDTH];
      unsigned mask = keys (node, data, *bound, key);

      /* The children worth visiting, nearest first (insertion sort of at
       * most four). */
      int order[CG_BVH_WIDTH], n_hit = 0;
      for (int k = 0; k < CG_BVH_WIDTH; k++)
        {
          if (!(mask & (1u << k)))
            continue;
          double t = key[k];
          int j = n_hit++;
          for (; j > 0 && near[j - 1] > t; j--)
            {
              near[j] = near[j - 1];
              order[j] = order[j - 1];
            }
          near[j] = t;
          order[j] = k;
        }

      const CgBvhRef *next = NULL;
      int n_wait = 0;
      for (int j = 0; j < n_hit; j++)
        {
          if (!(near[j] <= *bound))
            break;
          const CgBvhRef *child = &node->child[order[j]];
          if (child->count > 0 && next == NULL)
            {
              if (!leaf (child, data))
                return;
            }
          else if (next == NULL)
            next = child;
          else
            {
              wait[n_wait].ref = child;
              wait[n_wait++].key = near[j];
              if (child->count == 0)
                {
                  __builtin_prefetch (&bvh->nodes[child->first]);
                  __builtin_prefetch (&bvh->nodes[child->first].child[0]);
                }
            }
        }
      while (n_wait > 0)
        {
          n_wait--;
          stack[top].ref = wait[n_wait].ref;
          stack[top++].key = wait[n_wait].key;
        }
      if (next != NULL)
        {
          node_index = next->first;
          __builtin_prefetch (&bvh->nodes[node_index]);
          __builtin_prefetch (&bvh->nodes[node_index].child[0]);
          continue;
        }

      /* The next subtree that may still hold something within the bound. */
      for (;;)
        {
          if (top == 0)
            return;
          top--;
          if (!(stack[top].key <= *bound))
            continue;
          if (stack[top].ref->count == 0)
            break;
          if (!leaf (stack[top].ref, data))
            return;
        }
      node_index = stack[top].ref->first;
    }
}

/// Distance from p to box b (0 inside).
static inline double
cg_box_distance (CgAabb b, CgVec2 p)
{
  double dx = cg_max (cg_max (b.lo.x - p.x, p.x - b.hi.x), 0.0);
  double dy = cg_max (cg_max (b.lo.y - p.y, p.y - b.hi.y), 0.0);
  return hypot (dx, dy);
}

/// The keys of a search by distance from p (in the boxes' frame): each used
/// child's box distance less margin, and the mask of those below bound.
static inline unsigned
cg_bvh_distance_keys (const CgBvhNode *node, CgVec2 p, double margin, double bound,
                      double key[CG_BVH_WIDTH])
{
  unsigned mask = 0;
  for (int k = 0; k < CG_BVH_WIDTH; k++)
    if (node->child[k].first != CG_BVH_NONE)
      {
        key[k] = cg_box_distance (cg_bvh_child_box (node, k), p) - margin;
        mask |= (unsigned)(key[k] < bound) << k;
      }
  return mask;
}

/// Calls leaf (ref, data) for every leaf whose box (as stored) overlaps box,
/// until it returns false; returns false when it did.
bool cg_bvh_query_box (const CgBvh *bvh, CgAabb box, CgBvhLeafFunc leaf, void *data);

/// Called by cg_bvh_walk() for a box (as stored): level 0 is the root,
/// leaves have ref->count > 0. Returns whether to visit the box's children
/// (ignored for leaves).
typedef bool (*CgBvhVisitFunc) (CgAabb box, uint32_t level, const CgBvhRef *ref, void *data);

/// Visits the root and the child boxes of every node whose box the visit
/// function opened, parents before children (for drawing the hierarchy by
/// depth, and for tests). Unused slots are skipped.
void cg_bvh_walk (const CgBvh *bvh, CgBvhVisitFunc visit, void *data);

/// Called by cg_bvh_validate() for each leaf with its box as stored: returns
/// false, with *problem set, when what the leaf holds is not inside box.
typedef bool (*CgBvhLeafCheckFunc) (const CgBvhRef *leaf, CgAabb box, void *data,
                                    const char **problem);

/// Checks a hierarchy, as Box2D's b2DynamicTree_Validate checks its tree:
/// every node is reached exactly once, after its parent (the pre-order the
/// refit relies on), no deeper than CG_BVH_MAX_DEPTH and bvh->depth; it uses
/// at least two slots and its unused slots are empty; every box contains the
/// boxes of its children (the root's box those of node 0's children); leaves
/// cover every item slot exactly once; and check_leaf (when not NULL) accepts
/// each leaf. Returns true, or false with *problem (when not NULL) set to a
/// static sentence. O(nodes + items).
bool cg_bvh_validate (const CgBvh *bvh, CgBvhLeafCheckFunc check_leaf, void *data,
                      const char **problem);

/// cg_bvh_validate() of a tree built over boxes[0 .. n) by cg_bvh_build():
/// also that its items are a permutation of 0 .. n - 1, each inside its
/// leaf's box.
bool cg_bvh_validate_boxes (const CgBvh *bvh, const CgAabb *boxes, uint32_t n,
                            const char **problem);
