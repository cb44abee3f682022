/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-bvh.c: binned SAH builder.
 *
 * The method is the one in Wald, "On fast construction of SAH-based bounding
 * volume hierarchies" (2007): centroids are binned along the longer axis of
 * their box, and the split plane between bins with the lowest estimated cost
 *   C = C_trav + (A_left N_left + A_right N_right) / A_node
 * wins. In 2D the "area" of a box is its half perimeter (the chance that a
 * random line crosses it is proportional to its perimeter). Nodes of at most
 * SWEEP_MAX items are split exactly: sorted, every split position costed.
 *
 * For speed the builder works on float boxes (rounded outward, as stored in
 * the nodes) kept as lo and -hi, so that a union is four minimums (which
 * compilers turn into one vector instruction). One pass over a node's items
 * bins them and collects the boxes of the children-to-be, another moves them
 * to their side: branch-free, into a second buffer (the children then
 * partition back into the first). */
#include "cg-bvh-query.h"

#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#define SAH_BINS 16
/* Nodes this small are split by sorting rather than binning. */
#define SWEEP_MAX 16
/* Cost of one node traversal relative to one item test. */
#define SAH_TRAVERSAL_COST 1.0
/* From this depth on, split at the median so the depth stays below
 * CG_BVH_MAX_DEPTH even for degenerate inputs (n < 2^32). */
#define MEDIAN_DEPTH (CG_BVH_MAX_DEPTH - 33)

/* A float box as (lo.x, lo.y, -hi.x, -hi.y). */
typedef struct
{
  float v[4];
} NBox;

/* One item as the builder moves it around: its box and index (20 bytes). Its
 * centroid is kept doubled (lo + hi), which bins the same. */
typedef struct
{
  NBox box;
  uint32_t index;
} Ref;

typedef struct
{
  NBox box, cbox; /* the items' boxes and their centroids' box */
  uint32_t count;
} Bin;

/* The binary tree, before it is collapsed to the 4-wide one. */
typedef struct
{
  uint32_t first, count; /* as in CgBvhRef */
} BRef;

typedef struct
{
  NBox box[2];
  BRef child[2];
} BNode;

/* A subtree to build: refs [begin, end) in buffer buf of items or of groups
 * (level), their box and centroids' box, and the slot of the parent (or the
 * root) that must name it. */
typedef struct
{
  uint32_t begin, end, depth;
  uint8_t buf, level;
  BRef *slot;
  NBox box, cbox;
} BuildTask;

enum
{
  LEVEL_ITEMS,
  LEVEL_GROUPS,
};

/* What the builder works with. */
typedef struct
{
  const CgAabb *boxes;
  uint32_t max_leaf;
  Ref *refs[2][2]; /* [level][buffer]: the items (or groups) being sorted, and scratch */
  uint8_t *ids;    /* each ref's bin */
  BNode *bnodes;
  uint32_t n_bnodes;
  uint32_t *items; /* the output: item indices in leaf order */
  /* Groups: group g is items group_first[g] .. group_first[g + 1] - 1; the
   * next free item slot when a group is opened. */
  const uint32_t *group_first;
  uint32_t next_slot;
} Builder;

static const NBox empty_box = { { INFINITY, INFINITY, INFINITY, INFINITY } };

static inline NBox
nbox_union (NBox a, NBox b)
{
  NBox r;
  for (int j = 0; j < 4; j++)
    r.v[j] = a.v[j] < b.v[j] ? a.v[j] : b.v[j];
  return r;
}

/* f within the finite floats: boxes of items beyond the float range (kept
 * as infinities, so they still contain their items) get finite centroids
 * and areas for the heuristics, never a NaN from inf - inf. */
static inline float
finite_of (float f)
{
  return f > FLT_MAX ? FLT_MAX : f < -FLT_MAX ? -FLT_MAX : f;
}

/* The doubled centroid of an item's box. */
static inline float
centroid_of (const Ref *r, int axis)
{
  return finite_of (r->box.v[axis]) * 0.5f - finite_of (r->box.v[axis + 2]) * 0.5f;
}

/* The box of a doubled centroid. */
static inline NBox
centroid_box (const Ref *r)
{
  float cx = centroid_of (r, 0), cy = centroid_of (r, 1);
  return (NBox){ { cx, cy, -cx, -cy } };
}

/* A centroids' box grown by one centroid's box; a NaN centroid (the centre of
 * an infinite box) leaves it as it was, the candidate being compared first. */
static inline NBox
nbox_add (NBox box, NBox c)
{
  NBox r;
  for (int j = 0; j < 4; j++)
    r.v[j] = c.v[j] < box.v[j] ? c.v[j] : box.v[j];
  return r;
}

/* Half the perimeter of a box that holds something (the sums below never
 * ask about an empty one, which would come out as some number >= 0). */
static inline double
half_perimeter (NBox b)
{
  double w = -(double)finite_of (b.v[2]) - finite_of (b.v[0]),
         h = -(double)finite_of (b.v[3]) - finite_of (b.v[1]);
  return (w > 0.0 ? w : 0.0) + (h > 0.0 ? h : 0.0);
}

/* The float next to f towards -infinity (f not NaN, not -infinity), by
 * stepping the bit pattern (nextafterf without the call). */
static inline float
float_below (float f)
{
  if (f == 0.0f)
    return -FLT_TRUE_MIN;
  uint32_t u;
  memcpy (&u, &f, sizeof u);
  u = f > 0.0f ? u - 1 : u + 1;
  memcpy (&f, &u, sizeof f);
  return f;
}

/* The largest float <= x: a float box built from these (lo, and -hi) contains
 * the double box, so testing it never prunes more. */
static inline float
round_down (double x)
{
  float f = (float)x;
  return (double)f > x ? float_below (f) : f;
}

/* The bin of a (doubled) centroid coordinate; the binning and the partition
 * call this with the same numbers, so they agree. NaN goes to bin 0. */
static inline int
bin_of (float c, float lo, float scale)
{
  float f = (c - lo) * scale;
  if (!(f >= 1.0f))
    return 0;
  return f < (float)SAH_BINS ? (int)f : SAH_BINS - 1;
}

static inline void
swap_refs (Ref *a, Ref *b)
{
  Ref tmp = *a;
  *a = *b;
  *b = tmp;
}

static int
compare_by (const Ref *a, const Ref *b, int axis)
{
  float ca = centroid_of (a, axis), cb = centroid_of (b, axis);
  return ca < cb ? -1 : ca > cb ? 1 : (a->index > b->index) - (a->index < b->index);
}

/* The median split is rare (deep or degenerate trees): nth element by a
 * three-way quickselect on the centroid coordinate, ties broken by index. */
static void
select_median (Ref *refs, uint32_t begin, uint32_t end, uint32_t k, int axis)
{
  while (end - begin > 1)
    {
      Ref pivot = refs[begin + (end - begin) / 2];
      uint32_t lt = begin, i = begin, gt = end;
      while (i < gt)
        {
          int c = compare_by (&refs[i], &pivot, axis);
          if (c < 0)
            swap_refs (&refs[lt++], &refs[i++]);
          else if (c > 0)
            swap_refs (&refs[--gt], &refs[i]);
          else
            i++;
        }
      if (k < lt)
        end = lt;
      else if (k >= gt)
        begin = gt;
      else
        return;
    }
}

static void
bounds_of (const Ref *refs, uint32_t begin, uint32_t end, NBox *box, NBox *cbox)
{
  NBox b = empty_box, c = empty_box;
  for (uint32_t i = begin; i < end; i++)
    {
      b = nbox_union (b, refs[i].box);
      c = nbox_add (c, centroid_box (&refs[i]));
    }
  *box = b;
  *cbox = c;
}

/* The split that a node of task's items gets, if any. */
typedef struct
{
  uint32_t split; /* the first item of the right child */
  double cost;    /* its SAH cost, A_left N_left + A_right N_right */
  NBox lbox, lcbox, rbox, rcbox;
} Split;

/* Bins the items (noting each one's bin in ids) and picks the cheapest plane
 * between bins: the first bin of the right side, or 0 when every item falls
 * into one bin. */
static int
choose_binned (const Ref *refs, uint8_t *ids, const BuildTask *task, int axis, Split *best)
{
  float lo = task->cbox.v[axis], extent = -task->cbox.v[axis + 2] - lo;
  float scale = (float)SAH_BINS / extent;
  Bin bins[SAH_BINS];
  for (int b = 0; b < SAH_BINS; b++)
    bins[b] = (Bin){ empty_box, empty_box, 0 };
  for (uint32_t i = task->begin; i < task->end; i++)
    {
      const Ref *r = &refs[i];
      int b = bin_of (centroid_of (r, axis), lo, scale);
      ids[i] = (uint8_t)b;
      bins[b].count++;
      bins[b].box = nbox_union (bins[b].box, r->box);
      bins[b].cbox = nbox_add (bins[b].cbox, centroid_box (r));
    }

  /* Sweep from the right to know each suffix's area and count. */
  double right_area[SAH_BINS];
  uint32_t right_count[SAH_BINS];
  NBox acc = empty_box;
  uint32_t acc_n = 0;
  for (int b = SAH_BINS - 1; b > 0; b--)
    {
      acc = nbox_union (acc, bins[b].box);
      acc_n += bins[b].count;
      right_area[b] = half_perimeter (acc);
      right_count[b] = acc_n;
    }
  int best_bin = 0;
  best->cost = INFINITY;
  acc = empty_box;
  acc_n = 0;
  for (int b = 1; b < SAH_BINS; b++)
    {
      acc = nbox_union (acc, bins[b - 1].box);
      acc_n += bins[b - 1].count;
      if (acc_n == 0 || right_count[b] == 0)
        continue;
      double c = half_perimeter (acc) * acc_n + right_area[b] * right_count[b];
      if (c < best->cost)
        {
          best->cost = c;
          best_bin = b;
        }
    }
  if (best_bin == 0)
    return 0;

  best->lbox = best->lcbox = best->rbox = best->rcbox = empty_box;
  uint32_t n_left = 0;
  for (int b = 0; b < SAH_BINS; b++)
    if (b < best_bin)
      {
        best->lbox = nbox_union (best->lbox, bins[b].box);
        best->lcbox = nbox_union (best->lcbox, bins[b].cbox);
        n_left += bins[b].count;
      }
    else
      {
        best->rbox = nbox_union (best->rbox, bins[b].box);
        best->rcbox = nbox_union (best->rcbox, bins[b].cbox);
      }
  best->split = task->begin + n_left;
  return best_bin;
}

/* Moves the items into out, those of bins before split_bin first: a stable
 * partition without a branch, each item going to the next place on its side. */
static void
partition_binned (const Ref *refs, Ref *out, const uint8_t *ids, const BuildTask *task,
                  int split_bin, uint32_t split)
{
  uint32_t l = task->begin, r = split;
  for (uint32_t i = task->begin; i < task->end; i++)
    {
      uint32_t left = ids[i] < split_bin;
      out[left ? l : r] = refs[i];
      l += left;
      r += 1 - left;
    }
}

/* A small node: sorts its items by centroid and costs every split position
 * (at most SWEEP_MAX items, so a stable insertion sort on their keys). */
static void
split_sorted (Ref *refs, const BuildTask *task, int axis, Split *best)
{
  uint32_t begin = task->begin, count = task->end - task->begin;
  struct
  {
    float key;
    uint32_t at;
  } order[SWEEP_MAX];
  for (uint32_t i = 0; i < count; i++)
    {
      float key = centroid_of (&refs[begin + i], axis);
      uint32_t j = i;
      for (; j > 0 && order[j - 1].key > key; j--)
        order[j] = order[j - 1];
      order[j].key = key;
      order[j].at = i;
    }
  Ref sorted[SWEEP_MAX];
  for (uint32_t i = 0; i < count; i++)
    sorted[i] = refs[begin + order[i].at];

  /* Suffix boxes from the right, then the sweep from the left. */
  NBox right[SWEEP_MAX], right_c[SWEEP_MAX];
  NBox acc = empty_box, acc_c = empty_box;
  for (uint32_t i = count - 1; i > 0; i--)
    {
      right[i] = acc = nbox_union (acc, sorted[i].box);
      right_c[i] = acc_c = nbox_add (acc_c, centroid_box (&sorted[i]));
    }
  uint32_t best_i = 1;
  best->cost = INFINITY;
  acc = acc_c = empty_box;
  for (uint32_t i = 1; i < count; i++)
    {
      acc = nbox_union (acc, sorted[i - 1].box);
      acc_c = nbox_add (acc_c, centroid_box (&sorted[i - 1]));
      double c = half_perimeter (acc) * i + half_perimeter (right[i]) * (count - i);
      if (c < best->cost)
        {
          best->cost = c;
          best_i = i;
          best->lbox = acc;
          best->lcbox = acc_c;
        }
    }
  best->split = begin + best_i;
  best->rbox = right[best_i];
  best->rcbox = right_c[best_i];
  memcpy (&refs[begin], sorted, count * sizeof *sorted);
}

/* An input box as the builder keeps it: in float, rounded outward (lo down,
 * and -hi down too; beyond the float range that is an infinity). */
static inline NBox
nbox_of (CgAabb b)
{
  return (NBox){ { round_down (b.lo.x), round_down (b.lo.y), round_down (-b.hi.x),
                   round_down (-b.hi.y) } };
}

/* Replaces a task on one group by a task on the group's items, which get the
 * next item slots. */
static BuildTask
open_group (Builder *b, const BuildTask *task)
{
  uint32_t g = b->refs[LEVEL_GROUPS][task->buf][task->begin].index;
  uint32_t from = b->group_first[g], to = b->group_first[g + 1];
  uint32_t begin = b->next_slot;
  Ref *refs = b->refs[LEVEL_ITEMS][0];
  for (uint32_t k = from; k < to; k++)
    refs[b->next_slot++] = (Ref){ nbox_of (b->boxes[k]), k };
  BuildTask items
      = { begin, b->next_slot, task->depth, 0, LEVEL_ITEMS, task->slot, empty_box, empty_box };
  bounds_of (refs, begin, b->next_slot, &items.box, &items.cbox);
  return items;
}

/* Builds the binary tree from the task on the stack into b->bnodes (capacity
 * n - 1), writing each leaf's items. A task on several groups is split like
 * one on items but never becomes a leaf; a task on one group continues on its
 * items. */
static void
build_binary (Builder *b, BuildTask *stack)
{
  uint32_t top = 1;
  while (top > 0)
    {
      BuildTask task = stack[--top];
      if (task.level == LEVEL_GROUPS && task.end - task.begin == 1)
        task = open_group (b, &task);
      uint32_t count = task.end - task.begin;
      Ref *in = b->refs[task.level][task.buf];
      float ext_x = -task.cbox.v[2] - task.cbox.v[0], ext_y = -task.cbox.v[3] - task.cbox.v[1];
      int axis = ext_x >= ext_y ? 0 : 1;
      float extent = axis == 0 ? ext_x : ext_y;
      bool may_leaf = task.level == LEVEL_ITEMS && count <= b->max_leaf;
      bool leaf = task.level == LEVEL_ITEMS && (count == 1 || (!(extent > 0.0f) && may_leaf));

      Split split = { .split = task.begin };
      uint8_t buf = task.buf;
      if (!leaf && extent > 0.0f && task.depth < MEDIAN_DEPTH)
        {
          int split_bin = 0;
          bool found = true;
          if (count <= SWEEP_MAX)
            split_sorted (in, &task, axis, &split);
          else
            found = (split_bin = choose_binned (in, b->ids, &task, axis, &split)) > 0;
          if (may_leaf)
            {
              /* A leaf unless splitting is cheaper than testing every item. */
              double area = half_perimeter (task.box);
              double cost = !found     ? INFINITY
                            : area > 0 ? SAH_TRAVERSAL_COST + split.cost / area
                                       : SAH_TRAVERSAL_COST + (double)count;
              leaf = cost >= (double)count;
            }
          if (!leaf && split_bin > 0)
            {
              buf = 1 - buf;
              partition_binned (in, b->refs[task.level][buf], b->ids, &task, split_bin,
                                split.split);
            }
          if (!found)
            split.split = task.begin;
        }
      if (leaf)
        {
          for (uint32_t i = task.begin; i < task.end; i++)
            b->items[i] = in[i].index;
          *task.slot = (BRef){ task.begin, count };
          continue;
        }
      if (split.split == task.begin || split.split == task.end)
        {
          /* No useful SAH split (deep, or all centroids in one bin): halve. */
          buf = task.buf;
          split.split = task.begin + count / 2;
          select_median (in, task.begin, task.end, split.split, axis);
          bounds_of (in, task.begin, split.split, &split.lbox, &split.lcbox);
          bounds_of (in, split.split, task.end, &split.rbox, &split.rcbox);
        }

      uint32_t index = b->n_bnodes++;
      BNode *node = &b->bnodes[index];
      node->box[0] = split.lbox;
      node->box[1] = split.rbox;
      *task.slot = (BRef){ index, 0 };
      stack[top++] = (BuildTask){ split.split, task.end,        task.depth + 1, buf,
                                  task.level,  &node->child[1], split.rbox,     split.rcbox };
      stack[top++] = (BuildTask){ task.begin, split.split,     task.depth + 1, buf,
                                  task.level, &node->child[0], split.lbox,     split.lcbox };
    }
}

/* A child of a 4-wide node while it is being gathered. */
typedef struct
{
  NBox box;
  BRef ref;
} Candidate;

/* Collapses the binary tree into bvh->nodes: each node takes the two
 * children of a binary node and keeps replacing the inner child with the
 * largest half perimeter by its own two children (the one most likely to be
 * entered), until it has four. Nodes are emitted in depth-first pre-order. */
static void
collapse (CgBvh *bvh, const BNode *bnodes, BRef root)
{
  struct
  {
    uint32_t bnode, level;
    CgBvhRef *slot;
  } stack[CG_BVH_MAX_DEPTH * (CG_BVH_WIDTH - 1) + 1];
  uint32_t top = 0;

  bvh->root = (CgBvhRef){ root.first, root.count, { 0, 0 } };
  bvh->depth = 1;
  if (root.count > 0)
    return;
  stack[top].bnode = root.first;
  stack[top].level = 1;
  stack[top++].slot = &bvh->root;
  while (top > 0)
    {
      top--;
      const BNode *b = &bnodes[stack[top].bnode];
      uint32_t level = stack[top].level;
      CgBvhRef *slot = stack[top].slot;
      Candidate c[CG_BVH_WIDTH] = { { b->box[0], b->child[0] }, { b->box[1], b->child[1] } };
      int n = 2;
      while (n < CG_BVH_WIDTH)
        {
          int open = -1;
          double widest = -1.0;
          for (int j = 0; j < n; j++)
            if (c[j].ref.count == 0 && half_perimeter (c[j].box) > widest)
              {
                widest = half_perimeter (c[j].box);
                open = j;
              }
          if (open < 0)
            break;
          const BNode *o = &bnodes[c[open].ref.first];
          c[open] = (Candidate){ o->box[0], o->child[0] };
          c[n++] = (Candidate){ o->box[1], o->child[1] };
        }

      uint32_t index = bvh->n_nodes++;
      CgBvhNode *node = &bvh->nodes[index];
      slot->first = index;
      if (level + 1 > bvh->depth)
        bvh->depth = level + 1;
      for (int k = 0; k < CG_BVH_WIDTH; k++)
        {
          NBox box = k < n ? c[k].box : empty_box;
          node->lo_x[k] = box.v[0];
          node->lo_y[k] = box.v[1];
          node->hi_x[k] = -box.v[2];
          node->hi_y[k] = -box.v[3];
          node->child[k] = k < n ? (CgBvhRef){ c[k].ref.first, c[k].ref.count, { 0, 0 } }
                                 : (CgBvhRef){ CG_BVH_NONE, 0, { 0, 0 } };
        }
      /* The first inner child is emitted next, so it follows its parent. */
      for (int k = n - 1; k >= 0; k--)
        if (c[k].ref.count == 0)
          {
            stack[top].bnode = c[k].ref.first;
            stack[top].level = level + 1;
            stack[top++].slot = &node->child[k];
          }
    }
}

/* Builds over items, or over groups of items when group_first is given. */
static bool
build (CgBvh *bvh, const CgAabb *boxes, uint32_t n, const uint32_t *group_first, uint32_t n_groups,
       uint32_t max_leaf)
{
  memset (bvh, 0, sizeof *bvh);
  bvh->box = cg_aabb_empty ();
  if (n == 0)
    return true;

  Builder b = { .boxes = boxes, .max_leaf = max_leaf < 1 ? 1 : max_leaf };
  /* The groups that hold items. */
  int level = group_first != NULL ? LEVEL_GROUPS : LEVEL_ITEMS;
  uint32_t n_groups_used = 0;
  if (level == LEVEL_GROUPS)
    {
      for (uint32_t g = 0; g < n_groups; g++)
        n_groups_used += group_first[g + 1] > group_first[g];
      b.group_first = group_first;
    }

  /* A binary tree with L <= n leaves has L - 1 inner nodes; each 4-wide node
   * takes at least one of them. */
  size_t capacity = n > 1 ? n - 1 : 1;
  b.bnodes = malloc (capacity * sizeof *b.bnodes);
  for (int i = 0; i < 2; i++)
    {
      b.refs[LEVEL_ITEMS][i] = malloc ((size_t)n * sizeof (Ref));
      if (level == LEVEL_GROUPS)
        b.refs[LEVEL_GROUPS][i] = malloc ((size_t)n_groups_used * sizeof (Ref) + 1);
    }
  b.ids = malloc (n);
  BuildTask *stack = malloc ((size_t)(CG_BVH_MAX_DEPTH + 1) * 2 * sizeof *stack);
  bvh->items = b.items = malloc ((size_t)n * sizeof *bvh->items);
  bool ok = b.bnodes && b.refs[LEVEL_ITEMS][0] && b.refs[LEVEL_ITEMS][1] && b.ids && stack
            && b.items
            && (level == LEVEL_ITEMS || (b.refs[LEVEL_GROUPS][0] && b.refs[LEVEL_GROUPS][1]));
  if (ok)
    {
      Ref *refs = b.refs[level][0];
      uint32_t n_refs = 0;
      if (level == LEVEL_ITEMS)
        for (; n_refs < n; n_refs++)
          refs[n_refs] = (Ref){ nbox_of (boxes[n_refs]), n_refs };
      else
        for (uint32_t g = 0; g < n_groups; g++)
          {
            if (group_first[g + 1] == group_first[g])
              continue;
            NBox box = empty_box;
            for (uint32_t k = group_first[g]; k < group_first[g + 1]; k++)
              box = nbox_union (box, nbox_of (boxes[k]));
            refs[n_refs++] = (Ref){ box, g };
          }
      bvh->n_items = n;
      BRef root;
      stack[0] = (BuildTask){ 0, n_refs, 1, 0, (uint8_t)level, &root, empty_box, empty_box };
      bounds_of (refs, 0, n_refs, &stack[0].box, &stack[0].cbox);
      bvh->box = (CgAabb){ { stack[0].box.v[0], stack[0].box.v[1] },
                           { -stack[0].box.v[2], -stack[0].box.v[3] } };
      build_binary (&b, stack);
      bvh->nodes = cg_bvh_alloc_big ((b.n_bnodes > 0 ? b.n_bnodes : 1) * sizeof *bvh->nodes, 128);
      ok = bvh->nodes != NULL;
      if (ok)
        collapse (bvh, b.bnodes, root);
    }
  free (b.bnodes);
  for (int i = 0; i < 2; i++)
    {
      free (b.refs[LEVEL_ITEMS][i]);
      free (b.refs[LEVEL_GROUPS][i]);
    }
  free (b.ids);
  free (stack);
  if (!ok)
    cg_bvh_clear (bvh);
  return ok;
}

bool
cg_bvh_build (CgBvh *bvh, const CgAabb *boxes, uint32_t n, uint32_t max_leaf)
{
  return build (bvh, boxes, n, NULL, 0, max_leaf);
}

bool
cg_bvh_build_grouped (CgBvh *bvh, const CgAabb *boxes, uint32_t n, const uint32_t *group_first,
                      uint32_t n_groups, uint32_t max_leaf)
{
  return build (bvh, boxes, n, group_first, n_groups, max_leaf);
}

void
cg_bvh_clear (CgBvh *bvh)
{
  free (bvh->nodes);
  free (bvh->items);
  memset (bvh, 0, sizeof *bvh);
  bvh->box = cg_aabb_empty ();
}

size_t
cg_bvh_memory (const CgBvh *bvh)
{
  return (size_t)bvh->n_nodes * sizeof *bvh->nodes + (size_t)bvh->n_items * sizeof *bvh->items;
}

/* The smallest float >= x. */
static inline float
round_up (double x)
{
  return -round_down (-x);
}

static void
store_child_box (CgBvhNode *node, int k, CgAabb box)
{
  node->lo_x[k] = round_down (box.lo.x);
  node->lo_y[k] = round_down (box.lo.y);
  node->hi_x[k] = round_up (box.hi.x);
  node->hi_y[k] = round_up (box.hi.y);
}

void
cg_bvh_refit (CgBvh *bvh, CgBvhLeafBoxFunc leaf_box, void *data)
{
  if (bvh->root.count > 0)
    {
      CgAabb b;
      if (leaf_box (&bvh->root, data, &b))
        bvh->box = (CgAabb){ { round_down (b.lo.x), round_down (b.lo.y) },
                             { round_up (b.hi.x), round_up (b.hi.y) } };
      return;
    }
  if (bvh->n_nodes == 0)
    return;
  /* Nodes are in depth-first pre-order: a child node comes after its
   * parent, so going backwards meets children first. */
  for (uint32_t i = bvh->n_nodes; i-- > 0;)
    {
      CgBvhNode *node = &bvh->nodes[i];
      for (int k = 0; k < CG_BVH_WIDTH; k++)
        {
          const CgBvhRef *ref = &node->child[k];
          if (ref->first == CG_BVH_NONE)
            continue;
          CgAabb box;
          if (ref->count > 0)
            {
              if (!leaf_box (ref, data, &box))
                continue;
            }
          else
            {
              const CgBvhNode *child = &bvh->nodes[ref->first];
              box = cg_aabb_empty ();
              for (int j = 0; j < CG_BVH_WIDTH; j++)
                if (child->child[j].first != CG_BVH_NONE)
                  box = cg_aabb_union (box, cg_bvh_child_box (child, j));
            }
          store_child_box (node, k, box);
        }
    }
  const CgBvhNode *root = &bvh->nodes[bvh->root.first];
  bvh->box = cg_aabb_empty ();
  for (int k = 0; k < CG_BVH_WIDTH; k++)
    if (root->child[k].first != CG_BVH_NONE)
      bvh->box = cg_aabb_union (bvh->box, cg_bvh_child_box (root, k));
#ifdef CG_DEBUG_CHECKS
  const char *problem;
  if (!cg_bvh_validate (bvh, NULL, NULL, &problem))
    {
      fprintf (stderr, "cg_bvh_refit: %s\n", problem);
      abort ();
    }
#endif
}

void *
cg_bvh_alloc_big (size_t size, size_t align)
{
  if (size == 0)
    size = 1;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  /* A 2 MiB page maps what takes 512 small ones; the madvise is a hint. */
  const size_t huge = (size_t)2 << 20;
  if (size >= huge)
    {
      size_t rounded = (size + huge - 1) & ~(huge - 1);
      void *p = aligned_alloc (huge, rounded);
      if (p != NULL)
        {
          madvise (p, rounded, MADV_HUGEPAGE);
          return p;
        }
    }
#endif
  return aligned_alloc (align, (size + align - 1) & ~(align - 1));
}
