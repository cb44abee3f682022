/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-bvh.c: the BVH's structure, and that it chooses exactly the hit brute force chooses. */
#include <stdlib.h>
#include <string.h>

#include "scene-gen.h"

/* Checks the subtree in slot (box, ref): every item below lies in every box
 * above it; counts the items' leaves in seen. */
static void
check_subtree (const CgBvh *bvh, const CgAabb *boxes, CgAabb box, const CgBvhRef *ref, int *seen,
               uint32_t parent)
{
  if (ref->count > 0)
    {
      g_assert_cmpuint (ref->count, <=, 4);
      for (uint32_t i = 0; i < ref->count; i++)
        {
          uint32_t item = bvh->items[ref->first + i];
          seen[item]++;
          CgAabb b = boxes[item];
          g_assert_true (cg_aabb_contains (box, b.lo) && cg_aabb_contains (box, b.hi));
        }
      return;
    }
  /* Inner nodes are in depth-first order. */
  g_assert_cmpuint (ref->first, <, bvh->n_nodes);
  g_assert_true (parent == UINT32_MAX || ref->first > parent);
  const CgBvhNode *node = &bvh->nodes[ref->first];
  int used = 0;
  gboolean first_inner = TRUE;
  for (int c = 0; c < CG_BVH_WIDTH; c++)
    {
      const CgBvhRef *child = &node->child[c];
      if (child->first == CG_BVH_NONE)
        continue;
      used++;
      if (child->count == 0 && first_inner)
        {
          /* The first inner child follows its parent. */
          g_assert_cmpuint (child->first, ==, ref->first + 1);
          first_inner = FALSE;
        }
      /* Every item below must lie in this box too: check against the
       * intersection of the boxes on the path. */
      CgAabb inner = cg_bvh_child_box (node, c);
      CgAabb both = { { fmax (box.lo.x, inner.lo.x), fmax (box.lo.y, inner.lo.y) },
                      { fmin (box.hi.x, inner.hi.x), fmin (box.hi.y, inner.hi.y) } };
      check_subtree (bvh, boxes, both, child, seen, ref->first);
    }
  g_assert_cmpint (used, >=, 2);
}

/* 1: every item sits in exactly one leaf, and lies in every box above it. */
static void
test_bvh_structure (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  enum
  {
    N = 5000
  };
  CgAabb *boxes = g_new (CgAabb, N);
  for (int i = 0; i < N; i++)
    {
      CgVec2 c = { g_rand_double_range (rand, 0, 1000), g_rand_double_range (rand, 0, 1000) };
      double w = g_rand_double_range (rand, 0, 10);
      boxes[i] = (CgAabb){ { c.x - w, c.y - w }, { c.x + w, c.y + w } };
    }
  CgBvh bvh;
  g_assert_true (cg_bvh_build (&bvh, boxes, N, 4));
  g_assert_cmpuint (bvh.depth, <, CG_BVH_MAX_DEPTH);
  g_assert_cmpuint (bvh.root.count, ==, 0);
  g_assert_cmpuint (bvh.root.first, ==, 0);
  int *seen = g_new0 (int, N);
  check_subtree (&bvh, boxes, bvh.box, &bvh.root, seen, UINT32_MAX);
  for (int i = 0; i < N; i++)
    g_assert_cmpint (seen[i], ==, 1);
  /* The library's own check agrees. */
  const char *problem = NULL;
  g_assert_true (cg_bvh_validate_boxes (&bvh, boxes, N, &problem));
  cg_bvh_clear (&bvh);
  g_free (seen);
  g_free (boxes);
}

/* 2: identical boxes (a degenerate input) still build a tree of bounded depth. */
static void
test_bvh_degenerate (void)
{
  enum
  {
    N = 100000
  };
  CgAabb *boxes = g_new (CgAabb, N);
  for (int i = 0; i < N; i++)
    boxes[i] = (CgAabb){ { 1, 1 }, { 2, 2 } };
  CgBvh bvh;
  g_assert_true (cg_bvh_build (&bvh, boxes, N, 4));
  g_assert_cmpuint (bvh.depth, <, CG_BVH_MAX_DEPTH);
  g_assert_cmpuint (bvh.n_items, ==, N);
  cg_bvh_clear (&bvh);
  g_free (boxes);
}

/* 3: on random scenes of 10 to 10^4 obstacles, the BVH (both leaf kinds)
 * chooses the same hit as brute force, bit for bit, including casts that start
 * on an outline, run along the axes, or run parallel to edges. */
static void
test_bvh_equals_brute_force (void)
{
  static const int sizes[] = { 10, 100, 1000, 10000 };
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (100 + s);
      TestScene scene;
      test_scene_init (&scene);
      double L;
      test_scene_random_room (&scene, rand, sizes[s], &L);
      double r = 1.5;
      CgWorld *prims = test_scene_world (&scene, r, CG_BVH_LEAF_PRIMITIVES);
      CgWorld *objects = test_scene_world (&scene, r, CG_BVH_LEAF_OBJECTS);
      size_t n_prims;
      const CgPrimitive *all = cg_world_primitives (prims, &n_prims);
      int casts = sizes[s] >= 10000 ? 300 : 2000;
      guint64 bvh_tests = 0, brute_tests = 0;
      for (int i = 0; i < casts; i++)
        {
          CgVec2 c, d;
          double a = g_rand_double_range (rand, 0, 2 * G_PI);
          d = cg_v2 (cos (a), sin (a));
          switch (i % 4)
            {
            case 0: /* start on a random primitive's end */
              c = all[g_rand_int_range (rand, 0, (gint32)n_prims)].a;
              break;
            case 1: /* axis-parallel */
              c = cg_v2 (g_rand_double_range (rand, 2, L - 2),
                         g_rand_double_range (rand, 2, L - 2));
              d = (i % 8 == 1) ? cg_v2 (0, (i % 16 == 1) ? 1 : -1)
                               : cg_v2 ((i % 16 == 5) ? 1 : -1, 0);
              break;
            default:
              c = cg_v2 (g_rand_double_range (rand, 2, L - 2),
                         g_rand_double_range (rand, 2, L - 2));
            }
          int64_t exclude = (i % 5 == 0) ? g_rand_int_range (rand, 0, (gint32)n_prims) : -1;
          CgWorldHit brute = cg_world_cast (prims, c, d, exclude, true);
          CgWorldHit h1 = cg_world_cast (prims, c, d, exclude, false);
          CgWorldHit h2 = cg_world_cast (objects, c, d, exclude, false);
          test_assert_same_world_hit (&brute, &h1);
          test_assert_same_world_hit (&brute, &h2);
          /* The explanation always searches the BVH: its object leaves are
           * checked too where casts walk the grid (10^4 obstacles). */
          CgWorldHit h3;
          CgTested *tested = NULL;
          size_t n_tested;
          g_assert_true (cg_world_explain_cast (objects, c, d, exclude, &h3, &tested, &n_tested));
          test_assert_same_world_hit (&brute, &h3);
          free (tested);
          bvh_tests += h1.stats.primitives_tested;
          brute_tests += brute.stats.primitives_tested;
        }
      g_test_message ("%d obstacles: %" G_GUINT64_FORMAT
                      " primitive tests with the BVH, %" G_GUINT64_FORMAT " brute force",
                      sizes[s], bvh_tests, brute_tests);
      /* The broad phase must actually save work on big scenes. */
      if (sizes[s] >= 1000)
        g_assert_cmpuint (bvh_tests * 20, <, brute_tests);
      /* Both worlds' trees hold every primitive once, inside their boxes. */
      const char *problem = NULL;
      g_assert_true (cg_world_validate (prims, &problem));
      g_assert_true (cg_world_validate (objects, &problem));
      cg_world_free (prims);
      cg_world_free (objects);
      test_scene_clear (&scene);
    }
}

/* 4: a scene with no polygons hits nothing; a world without a BVH node is fine. */
static void
test_bvh_empty_world (void)
{
  CgWorld *w = cg_world_new (NULL, 0, 1.0, CG_BVH_LEAF_PRIMITIVES);
  g_assert_nonnull (w);
  CgWorldHit h = cg_world_cast (w, cg_v2 (0, 0), cg_v2 (1, 0), -1, false);
  g_assert_false (h.hit);
  cg_world_free (w);
}

/* 5: a grouped build keeps each leaf within one group, holds every item once,
 * and every item lies in every box above it. */
static void
test_bvh_grouped (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (12);
  enum
  {
    N = 20000
  };
  CgAabb *boxes = g_new (CgAabb, N);
  uint32_t *group_first = g_new (uint32_t, N + 1), *group_of = g_new (uint32_t, N);
  uint32_t n_groups = 0;
  for (int i = 0; i < N;)
    {
      /* Clusters of 0 to 16 boxes (empty groups are allowed). */
      int size = MIN (g_rand_int_range (rand, 0, 17), N - i);
      CgVec2 c = { g_rand_double_range (rand, 0, 3000), g_rand_double_range (rand, 0, 3000) };
      group_first[n_groups] = (uint32_t)i;
      for (int k = 0; k < size; k++, i++)
        {
          CgVec2 p = { c.x + g_rand_double_range (rand, -8, 8),
                       c.y + g_rand_double_range (rand, -8, 8) };
          double w = g_rand_double_range (rand, 0, 3);
          boxes[i] = (CgAabb){ { p.x - w, p.y - w }, { p.x + w, p.y + w } };
          group_of[i] = n_groups;
        }
      n_groups++;
    }
  group_first[n_groups] = N;
  CgBvh bvh;
  g_assert_true (cg_bvh_build_grouped (&bvh, boxes, N, group_first, n_groups, 4));
  g_assert_cmpuint (bvh.depth, <, CG_BVH_MAX_DEPTH);
  int *seen = g_new0 (int, N);
  check_subtree (&bvh, boxes, bvh.box, &bvh.root, seen, UINT32_MAX);
  for (int i = 0; i < N; i++)
    g_assert_cmpint (seen[i], ==, 1);
  const char *problem = NULL;
  g_assert_true (cg_bvh_validate_boxes (&bvh, boxes, N, &problem));
  for (uint32_t k = 0; k < bvh.n_nodes; k++)
    for (int c = 0; c < CG_BVH_WIDTH; c++)
      {
        const CgBvhRef *ref = &bvh.nodes[k].child[c];
        for (uint32_t i = 1; i < ref->count; i++)
          g_assert_cmpuint (group_of[bvh.items[ref->first + i]], ==,
                            group_of[bvh.items[ref->first]]);
      }
  cg_bvh_clear (&bvh);
  g_free (seen);
  g_free (group_first);
  g_free (group_of);
  g_free (boxes);
}

typedef struct
{
  uint32_t boxes, leaves, items, deepest;
} WalkCount;

static void
count_box (CgAabb box, uint32_t level, const CgBvhRef *ref, void *data)
{
  WalkCount *n = data;
  g_assert_false (cg_aabb_is_empty (box));
  n->boxes++;
  n->deepest = MAX (n->deepest, level);
  if (ref->count > 0)
    {
      n->leaves++;
      n->items += ref->count;
    }
}

/* 6: the walk visits the root and every used child slot, down to the depth. */
static void
test_bvh_walk (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (13);
  for (int n = 0; n <= 300; n += 50)
    {
      CgAabb *boxes = g_new (CgAabb, n + 1);
      for (int i = 0; i < n; i++)
        {
          CgVec2 c = { g_rand_double_range (rand, 0, 100), g_rand_double_range (rand, 0, 100) };
          boxes[i] = (CgAabb){ { c.x - 1, c.y - 1 }, { c.x + 1, c.y + 1 } };
        }
      CgBvh bvh;
      g_assert_true (cg_bvh_build (&bvh, boxes, (uint32_t)n, 4));
      WalkCount count = { 0 };
      cg_bvh_walk (&bvh, count_box, &count);
      uint32_t slots = 0;
      for (uint32_t k = 0; k < bvh.n_nodes; k++)
        for (int c = 0; c < CG_BVH_WIDTH; c++)
          slots += bvh.nodes[k].child[c].first != CG_BVH_NONE;
      g_assert_cmpuint (count.boxes, ==, n == 0 ? 0 : slots + 1);
      g_assert_cmpuint (count.items, ==, n);
      if (n > 0)
        g_assert_cmpuint (count.deepest + 1, ==, bvh.depth);
      cg_bvh_clear (&bvh);
      g_free (boxes);
    }
}

/* 7: small worlds: a lone polygon (the root is a leaf), a long wall outline
 * cut into many runs, and an exclusion beyond the last primitive; the BVH
 * still chooses what brute force chooses. */
static void
test_bvh_small_worlds (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (14);
  /* A star-shaped wall of 200 vertices around (500, 500). */
  CgVec2 star[200];
  for (int i = 0; i < 200; i++)
    {
      double a = -2 * G_PI * i / 200, rad = (i % 2) ? 400 : 300;
      star[i] = cg_v2 (500 + rad * cos (a), 500 + rad * sin (a));
    }
  CgVec2 square[4] = { { 480, 480 }, { 520, 480 }, { 520, 520 }, { 480, 520 } };
  for (int variant = 0; variant < 2; variant++)
    {
      TestScene scene;
      test_scene_init (&scene);
      test_scene_add (&scene, star, 200, CG_ROLE_WALL);
      if (variant == 1)
        test_scene_add (&scene, square, 4, CG_ROLE_OBSTACLE);
      for (int leaves = 0; leaves < 2; leaves++)
        {
          CgWorld *w = test_scene_world (&scene, 2.0, leaves);
          size_t n_prims;
          cg_world_primitives (w, &n_prims);
          for (int i = 0; i < 2000; i++)
            {
              double a = g_rand_double_range (rand, 0, 2 * G_PI);
              CgVec2 c
                  = { g_rand_double_range (rand, 350, 650), g_rand_double_range (rand, 350, 650) };
              CgVec2 d = { cos (a), sin (a) };
              int64_t exclude = i % 3 == 0   ? g_rand_int_range (rand, 0, (gint32)n_prims)
                                : i % 3 == 1 ? (int64_t)n_prims + 5
                                             : -1;
              CgWorldHit brute = cg_world_cast (w, c, d, exclude, true);
              CgWorldHit h = cg_world_cast (w, c, d, exclude, false);
              test_assert_same_world_hit (&brute, &h);
              if (h.hit)
                g_assert_true (memcmp (&h.rec, &brute.rec, sizeof h.rec) == 0);
            }
          cg_world_free (w);
        }
      test_scene_clear (&scene);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bvh/structure", test_bvh_structure);
  g_test_add_func ("/bvh/degenerate-identical-boxes", test_bvh_degenerate);
  g_test_add_func ("/bvh/equals-brute-force", test_bvh_equals_brute_force);
  g_test_add_func ("/bvh/empty-world", test_bvh_empty_world);
  g_test_add_func ("/bvh/grouped", test_bvh_grouped);
  g_test_add_func ("/bvh/walk", test_bvh_walk);
  g_test_add_func ("/bvh/small-worlds", test_bvh_small_worlds);
  return g_test_run ();
}
