/* cg-bvh.c: binned SAH builder.
 *
 * The method is the one in Wald, "On fast construction of SAH-based bounding
 * volume hierarchies" (2007): centroids are binned along the longer axis of
 * their box, and the split plane between bins with the lowest estimated cost
 *   C = C_trav + (A_left N_left + A_right N_right) / A_node
 * wins. In 2D the "area" of a box is its half perimeter (the chance that a
 * random line crosses it is proportional to its perimeter). */
#include "cg-bvh.h"

#include <stdlib.h>
#include <string.h>

#define SAH_BINS 16
/* Cost of one node traversal relative to one primitive test. */
#define SAH_TRAVERSAL_COST 1.0
/* From this depth on, split at the median so the depth stays below
 * CG_BVH_MAX_DEPTH even for degenerate inputs (n < 2^32). */
#define MEDIAN_DEPTH (CG_BVH_MAX_DEPTH - 33)

typedef struct
{
  uint32_t node, begin, end, depth;
} BuildTask;

typedef struct
{
  CgAabb box;
  uint32_t count;
} Bin;

/* The builder works on a copy of each item's box and centroid that moves with
 * the item, so every pass over a node's items reads memory in order. */
typedef struct
{
  CgAabb box;
  CgVec2 centroid;
  uint32_t index;
} Ref;

static double
axis_of (CgVec2 p, int axis)
{
  return axis == 0 ? p.x : p.y;
}

/* Partitions refs[begin, end) so that those binned left of split_bin come
 * first; returns the split index. */
static inline int
bin_of (double c, double lo, double scale)
{
  int bin = (int)((c - lo) * scale);
  return bin >= SAH_BINS ? SAH_BINS - 1 : bin;
}

static inline void
swap_refs (Ref *a, Ref *b)
{
  Ref tmp = *a;
  *a = *b;
  *b = tmp;
}

static uint32_t
partition_bins (Ref *refs, uint32_t begin, uint32_t end, int axis, double lo, double scale,
                int split_bin)
{
  uint32_t i = begin, j = end;
  while (i < j)
    {
      if (bin_of (axis_of (refs[i].centroid, axis), lo, scale) < split_bin)
        i++;
      else
        swap_refs (&refs[i], &refs[--j]);
    }
  return i;
}

static int
compare_by (const Ref *a, const Ref *b, int axis)
{
  double ca = axis_of (a->centroid, axis), cb = axis_of (b->centroid, axis);
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

bool
cg_bvh_build (CgBvh *bvh, const CgAabb *boxes, uint32_t n, uint32_t max_leaf)
{
  memset (bvh, 0, sizeof *bvh);
  if (n == 0)
    return true;
  if (max_leaf == 0)
    max_leaf = 1;

  uint32_t capacity = 2 * n - 1;
  bvh->nodes = malloc ((size_t)capacity * sizeof *bvh->nodes);
  bvh->items = malloc ((size_t)n * sizeof *bvh->items);
  Ref *refs = malloc ((size_t)n * sizeof *refs);
  BuildTask *stack = malloc ((size_t)(CG_BVH_MAX_DEPTH + 1) * 2 * sizeof *stack);
  if (bvh->nodes == NULL || bvh->items == NULL || refs == NULL || stack == NULL)
    {
      free (refs);
      free (stack);
      cg_bvh_clear (bvh);
      return false;
    }

  for (uint32_t i = 0; i < n; i++)
    refs[i] = (Ref){ boxes[i], cg_aabb_center (boxes[i]), i };
  bvh->n_items = n;
  bvh->n_nodes = 1;

  uint32_t top = 0;
  stack[top++] = (BuildTask){ 0, 0, n, 1 };
  while (top > 0)
    {
      BuildTask task = stack[--top];
      uint32_t count = task.end - task.begin;
      CgAabb box = cg_aabb_empty (), cbox = cg_aabb_empty ();
      for (uint32_t i = task.begin; i < task.end; i++)
        {
          box = cg_aabb_union (box, refs[i].box);
          cbox = cg_aabb_add_point (cbox, refs[i].centroid);
        }
      CgBvhNode *node = &bvh->nodes[task.node];
      node->box = box;
      if (task.depth > bvh->depth)
        bvh->depth = task.depth;

      int axis = (cbox.hi.x - cbox.lo.x) >= (cbox.hi.y - cbox.lo.y) ? 0 : 1;
      double lo = axis_of (cbox.lo, axis), extent = axis_of (cbox.hi, axis) - lo;
      uint32_t split = task.begin;

      if (count == 1 || (extent <= 0.0 && count <= max_leaf))
        {
          node->first = task.begin;
          node->count = count;
          continue;
        }

      if (extent > 0.0 && task.depth < MEDIAN_DEPTH)
        {
          Bin bins[SAH_BINS];
          for (int b = 0; b < SAH_BINS; b++)
            bins[b] = (Bin){ cg_aabb_empty (), 0 };
          double scale = SAH_BINS / extent;
          for (uint32_t i = task.begin; i < task.end; i++)
            {
              int b = bin_of (axis_of (refs[i].centroid, axis), lo, scale);
              bins[b].count++;
              bins[b].box = cg_aabb_union (bins[b].box, refs[i].box);
            }

          /* Sweep from the right to know each suffix's area and count. */
          double right_area[SAH_BINS];
          uint32_t right_count[SAH_BINS];
          CgAabb acc = cg_aabb_empty ();
          uint32_t acc_n = 0;
          for (int b = SAH_BINS - 1; b > 0; b--)
            {
              acc = cg_aabb_union (acc, bins[b].box);
              acc_n += bins[b].count;
              right_area[b] = cg_aabb_half_perimeter (acc);
              right_count[b] = acc_n;
            }
          double best_cost = INFINITY;
          int best_bin = 0;
          acc = cg_aabb_empty ();
          acc_n = 0;
          for (int b = 1; b < SAH_BINS; b++)
            {
              acc = cg_aabb_union (acc, bins[b - 1].box);
              acc_n += bins[b - 1].count;
              if (acc_n == 0 || right_count[b] == 0)
                continue;
              double cost = cg_aabb_half_perimeter (acc) * acc_n + right_area[b] * right_count[b];
              if (cost < best_cost)
                {
                  best_cost = cost;
                  best_bin = b;
                }
            }
          double area = cg_aabb_half_perimeter (box);
          double split_cost
              = SAH_TRAVERSAL_COST + (area > 0.0 ? best_cost / area : (double)count);
          if (count <= max_leaf && split_cost >= (double)count)
            {
              node->first = task.begin;
              node->count = count;
              continue;
            }
          if (best_bin > 0)
            split = partition_bins (refs, task.begin, task.end, axis, lo, scale, best_bin);
        }

      if (split == task.begin || split == task.end)
        {
          /* No useful SAH split (deep, or all centroids in one bin): halve. */
          split = task.begin + count / 2;
          select_median (refs, task.begin, task.end, split, axis);
        }

      uint32_t left = bvh->n_nodes;
      bvh->n_nodes += 2;
      node->first = left;
      node->count = 0;
      stack[top++] = (BuildTask){ left + 1, split, task.end, task.depth + 1 };
      stack[top++] = (BuildTask){ left, task.begin, split, task.depth + 1 };
    }

  for (uint32_t i = 0; i < n; i++)
    bvh->items[i] = refs[i].index;
  free (refs);
  free (stack);
  return true;
}

void
cg_bvh_clear (CgBvh *bvh)
{
  free (bvh->nodes);
  free (bvh->items);
  memset (bvh, 0, sizeof *bvh);
}

size_t
cg_bvh_memory (const CgBvh *bvh)
{
  return (size_t)bvh->n_nodes * sizeof *bvh->nodes + (size_t)bvh->n_items * sizeof *bvh->items;
}
