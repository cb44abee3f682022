/* cg-bvh.h: a bounding volume hierarchy over boxes, built by binned SAH.
 *
 * Nodes live in one array addressed by index; the two children of an inner
 * node are adjacent (left = first, right = first + 1). Traversal is the
 * caller's (cg-world.c), which knows what the items are. */
#pragma once

#include "cg-math.h"

/// The deepest tree the builder makes, so traversals can use a fixed stack.
#define CG_BVH_MAX_DEPTH 64

/// One node: a leaf when count > 0 (items[first .. first+count-1]),
/// otherwise an inner node whose children are nodes first and first + 1.
typedef struct
{
  CgAabb box;
  uint32_t first;
  uint32_t count;
} CgBvhNode;

/// A built hierarchy. Node 0 is the root (absent when n_nodes == 0).
typedef struct
{
  CgBvhNode *nodes;
  uint32_t n_nodes;
  uint32_t *items; ///< item indices, grouped by leaf
  uint32_t n_items;
  uint32_t depth; ///< the number of levels (1 for a lone leaf)
} CgBvh;

/// Builds a hierarchy over n boxes with at most max_leaf items a leaf, by
/// binned SAH (16 bins along the longer axis of the centroids' box; a leaf
/// when splitting costs more than testing every item). Beyond
/// CG_BVH_MAX_DEPTH - 1 levels it splits at the median, so depth stays bounded.
/// Returns false (and an empty bvh) when memory runs out.
bool cg_bvh_build (CgBvh *bvh, const CgAabb *boxes, uint32_t n, uint32_t max_leaf);

/// Frees what cg_bvh_build() allocated; the bvh is empty afterwards.
void cg_bvh_clear (CgBvh *bvh);

/// Bytes the hierarchy holds.
size_t cg_bvh_memory (const CgBvh *bvh);
