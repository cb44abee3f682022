/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-bvh.h: a bounding volume hierarchy over boxes, built by binned SAH.
 *
 * The layout is made for casting rays through large trees, where the time goes
 * into cache misses. The binary SAH tree is collapsed into a 4-wide one
 * (Dammertz et al., "Shallow bounding volume hierarchies for fast SIMD ray
 * tracing of incoherent rays", 2008): half as many levels, so half as many
 * dependent memory loads from the root to a leaf. A node is two 64-byte cache
 * lines: the boxes of its (up to) four children, then what the children are.
 * Boxes are stored as floats rounded outward (every stored box contains the
 * double box it stands for), which keeps any pruning conservative. Leaves are
 * not nodes: a child slot either names an inner node or holds a leaf's range
 * of items. Nodes are stored in depth-first (pre-)order. What is asked of a
 * built tree is in cg-bvh-query.h. */
#pragma once

#include "cg-math.h"

/// The deepest tree the builder makes, so traversals can use a fixed stack.
#define CG_BVH_MAX_DEPTH 64

/// Children per node.
#define CG_BVH_WIDTH 4

/// A child slot (or the root): a leaf when count > 0 (items[first ..
/// first + count - 1]), otherwise the inner node nodes[first], or no child at
/// all when first == CG_BVH_NONE (its box is then empty: lo > hi).
typedef struct
{
  uint32_t first;
  uint32_t count;
  uint32_t user[2]; ///< free for the owner on leaves (cg-world.c: where its cast data is); 0 else
} CgBvhRef;

/// CgBvhRef.first of an unused child slot.
#define CG_BVH_NONE UINT32_MAX

/// An inner node: the boxes of its children (structure of arrays, so they can
/// be tested together) and what they are. At least two slots are used.
typedef struct
{
  float lo_x[CG_BVH_WIDTH], lo_y[CG_BVH_WIDTH], hi_x[CG_BVH_WIDTH], hi_y[CG_BVH_WIDTH];
  CgBvhRef child[CG_BVH_WIDTH];
} CgBvhNode;

/// A built hierarchy. With n_items == 0 it is empty (root.count == 0 and no
/// nodes); with one leaf only, root is that leaf and there are no nodes.
typedef struct
{
  CgAabb box;    ///< the root's box: contains every stored box
  CgBvhRef root; ///< the root: node 0, or a lone leaf
  CgBvhNode *nodes;
  uint32_t n_nodes;
  uint32_t *items; ///< item indices, grouped by leaf, leaves in depth-first order
  uint32_t n_items;
  uint32_t depth; ///< the number of levels of the 4-wide tree (1 for a lone leaf)
} CgBvh;

/// Child k's box (as stored: float bounds rounded outward).
static inline CgAabb
cg_bvh_child_box (const CgBvhNode *node, int k)
{
  return (CgAabb){ { node->lo_x[k], node->lo_y[k] }, { node->hi_x[k], node->hi_y[k] } };
}

/// Builds a hierarchy over n boxes with at most max_leaf items a leaf, by
/// binned SAH (16 bins along the longer axis of the centroids' box, an exact
/// sweep for 16 items or fewer; a leaf when splitting costs more than testing
/// every item), then collapses it to 4 children a node. Beyond
/// CG_BVH_MAX_DEPTH - 33 binary levels it splits at the median, so depth stays
/// bounded. Boxes must not contain NaN. Returns false (and an empty bvh) when
/// memory runs out.
bool cg_bvh_build (CgBvh *bvh, const CgAabb *boxes, uint32_t n, uint32_t max_leaf);

/// Like cg_bvh_build(), for items that come in groups of spatially close
/// items (group g is items group_first[g] .. group_first[g + 1] - 1, in
/// order; empty groups are skipped): the tree first separates whole groups,
/// then splits each group's items. As good as cg_bvh_build() when groups do
/// not overlap much, and faster in proportion to the group size.
bool cg_bvh_build_grouped (CgBvh *bvh, const CgAabb *boxes, uint32_t n, const uint32_t *group_first,
                           uint32_t n_groups, uint32_t max_leaf);

/// Gives a leaf's box, what its items cover now, in *box and returns true;
/// or returns false when the leaf's items did not change (cg_bvh_refit()).
typedef bool (*CgBvhLeafBoxFunc) (const CgBvhRef *leaf, void *data, CgAabb *box);

/// Recomputes the stored boxes, bottom-up, from the leaves' boxes as
/// leaf_box() gives them (a leaf it reports unchanged keeps its box), keeping
/// the tree's shape: what an edit that moves a few items calls instead of a
/// rebuild. Boxes stay conservative (rounded outward), so queries stay exact;
/// the tree only gets less tight. Built with CG_DEBUG_CHECKS, the tree is
/// checked by cg_bvh_validate() afterwards (abort() with the problem).
void cg_bvh_refit (CgBvh *bvh, CgBvhLeafBoxFunc leaf_box, void *data);

/// Frees what cg_bvh_build() allocated; the bvh is empty afterwards.
void cg_bvh_clear (CgBvh *bvh);

/// Bytes the hierarchy holds.
size_t cg_bvh_memory (const CgBvh *bvh);

/// Allocates size bytes aligned to align (a power of two, at least
/// sizeof (void *)); big blocks are given transparent huge pages where the
/// system offers them (fewer TLB misses when a traversal jumps across a big
/// tree). Free with free(). NULL when memory runs out.
void *cg_bvh_alloc_big (size_t size, size_t align);
