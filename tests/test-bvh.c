/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-bvh.c: the BVH's structure (cg-bvh.h builds it, cg-bvh-query.h walks,
 * searches and checks it), and that the one world's casts through it choose
 * exactly the hit brute force chooses, for balls of any radius. */
#include <stdlib.h>
#include <string.h>

#include "geom/cg-bvh-query.h"
#include "scene-gen.h"

/* A primitive of the world for radius r, picked at random among the slots
 * that hold one; its id in *id. */
static CgPrimitive
random_primitive (GRand *rand, const CgWorld *w, double r, uint32_t *id)
{
  CgPrimitive p;
  do
    *id = (uint32_t)g_rand_int_range (rand, 0, (gint32)cg_world_prim_count (w));
  while (!cg_world_primitive (w, *id, r, &p));
  return p;
}

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

/* 3: on random scenes of 10 to 10^4 obstacles, some with an arc edge, and
 * whole circles among them, casts through the BVH choose the same hit as
 * brute force, bit for bit, for balls of several radii (0 included) in the
 * same world, including casts that start on an outline, run along the
 * axes, or run parallel to edges. A second world, prepared for r = 1.5,
 * walks its grid where that pays (10^4 obstacles), and its explanation
 * (always the BVH's search) gives the same hit too. */
static void
test_bvh_equals_brute_force (void)
{
  static const int sizes[] = { 10, 100, 1000, 10000 };
  static const double radii[] = { 1.5, 0.0, 7.0, 0.25 };
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (100 + s);
      TestScene scene;
      test_scene_init (&scene);
      double L;
      test_scene_random_room (&scene, rand, sizes[s], &L);
      int curved = test_scene_curve (&scene, rand, 4, 1 + sizes[s] / 20, L);
      g_assert_cmpint (curved, >, 1 + sizes[s] / 20);
      CgWorld *w = test_scene_world (&scene);
      CgWorld *prepared = test_scene_world (&scene);
      cg_world_prepare (prepared, 1.5);
      /* A grid where there are at least 64 runs (not in the smallest
       * scenes), for casts of balls up to 1.5 only. */
      gboolean grid = cg_world_grid (prepared, 1.5, NULL, NULL, NULL);
      if (sizes[s] >= 10000)
        g_assert_true (grid);
      if (sizes[s] <= 30)
        g_assert_false (grid);
      g_assert_false (cg_world_grid (prepared, 7.0, NULL, NULL, NULL));
      g_assert_false (cg_world_grid (w, 1.5, NULL, NULL, NULL));
      int casts = sizes[s] >= 10000 ? 300 : 2000;
      guint64 bvh_tests = 0, brute_tests = 0;
      for (int i = 0; i < casts; i++)
        {
          double r = radii[(i / 4) % G_N_ELEMENTS (radii)];
          CgVec2 c, d;
          double a = g_rand_double_range (rand, 0, 2 * G_PI);
          d = cg_v2 (cos (a), sin (a));
          uint32_t id;
          CgPrimitive p = random_primitive (rand, w, r, &id);
          switch (i % 4)
            {
            case 0: /* start on a random primitive's end */
              c = p.a;
              break;
            case 1: /* axis-parallel */
              c = cg_v2 (g_rand_double_range (rand, 2, L - 2),
                         g_rand_double_range (rand, 2, L - 2));
              d = (i % 8 == 1) ? cg_v2 (0, (i % 16 == 1) ? 1 : -1)
                               : cg_v2 ((i % 16 == 5) ? 1 : -1, 0);
              break;
            case 2: /* parallel to a segment */
              c = cg_v2 (g_rand_double_range (rand, 2, L - 2),
                         g_rand_double_range (rand, 2, L - 2));
              if (p.kind == CG_PRIM_SEGMENT && !(p.a.x == p.b.x && p.a.y == p.b.y))
                d = cg_normalize (cg_sub (p.b, p.a));
              break;
            default:
              c = cg_v2 (g_rand_double_range (rand, 2, L - 2),
                         g_rand_double_range (rand, 2, L - 2));
            }
          /* Sometimes after a primitive (then counted only at t > 0): the
           * one it starts on, as after a bounce, or any. */
          int64_t after = -1;
          if (i % 5 == 0)
            after = id;
          else if (i % 5 == 1)
            {
              random_primitive (rand, w, r, &id);
              after = id;
            }
          CgWorldHit brute = cg_world_cast (w, c, d, r, after, true);
          CgWorldHit h1 = cg_world_cast (w, c, d, r, after, false);
          CgWorldHit h2 = cg_world_cast (prepared, c, d, r, after, false);
          test_assert_same_world_hit (&brute, &h1);
          test_assert_same_world_hit (&brute, &h2);
          if (brute.hit)
            g_assert_true (memcmp (&h1.rec, &brute.rec, sizeof h1.rec) == 0);
          /* The explanation always searches the BVH: checked too where casts
           * walk the grid (10^4 obstacles). */
          CgWorldHit h3;
          CgTested *tested = NULL;
          size_t n_tested;
          g_assert_true (cg_world_explain_cast (prepared, c, d, r, after, &h3, &tested, &n_tested));
          test_assert_same_world_hit (&brute, &h3);
          free (tested);
          bvh_tests += h1.stats.primitives_tested;
          brute_tests += brute.stats.primitives_tested;
        }
      g_test_message ("%d obstacles (%d curved, %s): %" G_GUINT64_FORMAT
                      " primitive tests with the BVH, %" G_GUINT64_FORMAT " brute force",
                      sizes[s], curved, grid ? "a grid" : "no grid", bvh_tests, brute_tests);
      /* The broad phase must actually save work on big scenes. */
      if (sizes[s] >= 1000)
        g_assert_cmpuint (bvh_tests * 20, <, brute_tests);
      /* Both worlds' trees hold every run once, inside their boxes. */
      const char *problem = NULL;
      g_assert_true (cg_world_validate (w, &problem));
      g_assert_true (cg_world_validate (prepared, &problem));
      cg_world_free (w);
      cg_world_free (prepared);
      test_scene_clear (&scene);
    }
}

/* 4: a scene with no boundaries hits nothing, for any radius; a world
 * without a BVH node is fine. */
static void
test_bvh_empty_world (void)
{
  CgWorld *w = cg_world_new (NULL, 0);
  g_assert_nonnull (w);
  for (double r = 0.0; r <= 2.0; r += 1.0)
    {
      CgWorldHit h = cg_world_cast (w, cg_v2 (0, 0), cg_v2 (1, 0), r, -1, false);
      g_assert_false (h.hit);
      h = cg_world_cast (w, cg_v2 (0, 0), cg_v2 (1, 0), r, -1, true);
      g_assert_false (h.hit);
      g_assert_false (cg_world_start_overlaps (w, cg_v2 (0, 0), r));
    }
  g_assert_false (cg_world_nearest_edge (w, cg_v2 (0, 0), INFINITY).found);
  cg_world_prepare (w, 1.0);
  g_assert_false (cg_world_grid (w, 1.0, NULL, NULL, NULL));
  g_assert_true (cg_world_validate (w, NULL));
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
  uint32_t open_below; /* open the boxes of levels below this */
} WalkCount;

static bool
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
  return level < n->open_below;
}

/* 6: the walk visits the root and every used child slot, down to the
 * depth; a box the visit does not open has its children skipped. */
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
      WalkCount count = { .open_below = UINT32_MAX };
      cg_bvh_walk (&bvh, count_box, &count);
      uint32_t slots = 0;
      for (uint32_t k = 0; k < bvh.n_nodes; k++)
        for (int c = 0; c < CG_BVH_WIDTH; c++)
          slots += bvh.nodes[k].child[c].first != CG_BVH_NONE;
      g_assert_cmpuint (count.boxes, ==, n == 0 ? 0 : slots + 1);
      g_assert_cmpuint (count.items, ==, n);
      if (n > 0)
        g_assert_cmpuint (count.deepest + 1, ==, bvh.depth);
      /* Only the root opened: the root and node 0's children. */
      WalkCount top = { .open_below = 1 };
      cg_bvh_walk (&bvh, count_box, &top);
      if (bvh.n_nodes > 0)
        {
          uint32_t used = 0;
          for (int c = 0; c < CG_BVH_WIDTH; c++)
            used += bvh.nodes[0].child[c].first != CG_BVH_NONE;
          g_assert_cmpuint (top.boxes, ==, 1 + used);
          g_assert_cmpuint (top.deepest, ==, 1);
        }
      /* Nothing opened: the root alone. */
      WalkCount none = { .open_below = 0 };
      cg_bvh_walk (&bvh, count_box, &none);
      g_assert_cmpuint (none.boxes, ==, n == 0 ? 0 : 1);
      cg_bvh_clear (&bvh);
      g_free (boxes);
    }
}

typedef struct
{
  const CgBvh *bvh;
  const CgAabb *boxes;
  CgAabb query;
  int *seen;       /* per item: how often a reached leaf held it */
  uint32_t leaves; /* leaves reached */
  uint32_t stop_after;
} BoxVisit;

static bool
box_visit (const CgBvhRef *leaf, void *data)
{
  BoxVisit *v = data;
  for (uint32_t i = 0; i < leaf->count; i++)
    v->seen[v->bvh->items[leaf->first + i]]++;
  return ++v->leaves < v->stop_after;
}

/* 7: a box query reaches every leaf holding an item whose box overlaps the
 * query box, each once, and stops when asked to. */
static void
test_bvh_query_box (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (15);
  enum
  {
    N = 4000
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
  int *seen = g_new0 (int, N);
  for (int q = 0; q < 300; q++)
    {
      CgVec2 c = { g_rand_double_range (rand, -50, 1050), g_rand_double_range (rand, -50, 1050) };
      double w = g_rand_double_range (rand, 0, 60), h = g_rand_double_range (rand, 0, 60);
      memset (seen, 0, N * sizeof *seen);
      BoxVisit v
          = { &bvh, boxes, { { c.x - w, c.y - h }, { c.x + w, c.y + h } }, seen, 0, UINT32_MAX };
      g_assert_true (cg_bvh_query_box (&bvh, v.query, box_visit, &v));
      uint32_t overlapping = 0;
      for (int i = 0; i < N; i++)
        {
          g_assert_cmpint (seen[i], <=, 1);
          if (cg_aabb_overlaps (boxes[i], v.query))
            {
              overlapping++;
              g_assert_cmpint (seen[i], ==, 1);
            }
        }
      /* Stopped at the first leaf. */
      if (overlapping > 0)
        {
          BoxVisit once = v;
          once.leaves = 0;
          once.stop_after = 1;
          g_assert_false (cg_bvh_query_box (&bvh, v.query, box_visit, &once));
          g_assert_cmpuint (once.leaves, ==, 1);
        }
    }
  cg_bvh_clear (&bvh);
  g_free (seen);
  g_free (boxes);
}

typedef struct
{
  const CgBvh *bvh;
  const CgAabb *boxes;
  CgVec2 p;
  double bound; /* the nearest box's distance so far */
  uint32_t leaves;
} NearestBox;

static unsigned
nearest_keys (const CgBvhNode *node, void *data, double bound, double key[CG_BVH_WIDTH])
{
  const NearestBox *q = data;
  return cg_bvh_distance_keys (node, q->p, 0.0, bound, key);
}

static bool
nearest_leaf (const CgBvhRef *leaf, void *data)
{
  NearestBox *q = data;
  q->leaves++;
  for (uint32_t i = 0; i < leaf->count; i++)
    q->bound = fmin (q->bound, cg_box_distance (q->boxes[q->bvh->items[leaf->first + i]], q->p));
  return true;
}

/* 8: the one nearest-first search, keyed by the distance from a point,
 * finds the nearest box's distance brute force finds, and looks at far
 * fewer leaves than there are. */
static void
test_bvh_nearest_first (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (16);
  enum
  {
    N = 5000
  };
  CgAabb *boxes = g_new (CgAabb, N);
  for (int i = 0; i < N; i++)
    {
      CgVec2 c = { g_rand_double_range (rand, 0, 1000), g_rand_double_range (rand, 0, 1000) };
      double w = g_rand_double_range (rand, 0, 4);
      boxes[i] = (CgAabb){ { c.x - w, c.y - w }, { c.x + w, c.y + w } };
    }
  CgBvh bvh;
  g_assert_true (cg_bvh_build (&bvh, boxes, N, 4));
  guint64 leaves = 0;
  for (int q = 0; q < 500; q++)
    {
      NearestBox near
          = { &bvh,
              boxes,
              { g_rand_double_range (rand, -100, 1100), g_rand_double_range (rand, -100, 1100) },
              INFINITY,
              0 };
      cg_bvh_nearest_first (&bvh, cg_box_distance (bvh.box, near.p), nearest_keys, nearest_leaf,
                            &near.bound, &near);
      double brute = INFINITY;
      for (int i = 0; i < N; i++)
        brute = fmin (brute, cg_box_distance (boxes[i], near.p));
      g_assert_cmpfloat (near.bound, ==, brute);
      leaves += near.leaves;
    }
  g_test_message ("%.1f leaves a search", (double)leaves / 500);
  g_assert_cmpuint (leaves, <, 500 * 50);
  cg_bvh_clear (&bvh);
  g_free (boxes);
}

/* 9: small worlds: a lone obstacle of four edges (one run: the root is a
 * leaf; a wall's edges are runs of their own), a long
 * wall outline cut into many runs, with and without an obstacle inside,
 * for several radii, and `after` beyond the last primitive; the BVH still
 * chooses what brute force chooses, with the same full record. */
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
  static const double radii[] = { 0.0, 2.0, 30.0 };
  for (int variant = 0; variant < 3; variant++)
    {
      TestScene scene;
      test_scene_init (&scene);
      if (variant == 2)
        test_scene_add (&scene, square, 4, CG_ROLE_OBSTACLE);
      else
        test_scene_add (&scene, star, 200, CG_ROLE_WALL);
      if (variant == 1)
        test_scene_add (&scene, square, 4, CG_ROLE_OBSTACLE);
      CgWorld *w = test_scene_world (&scene);
      const CgBvh *bvh = cg_world_bvh (w);
      g_assert_cmpint (bvh->root.count > 0, ==, variant == 2);
      uint32_t n_prims = cg_world_prim_count (w);
      for (guint ri = 0; ri < G_N_ELEMENTS (radii); ri++)
        for (int i = 0; i < 2000; i++)
          {
            double r = radii[ri];
            double a = g_rand_double_range (rand, 0, 2 * G_PI);
            CgVec2 c
                = { g_rand_double_range (rand, 350, 650), g_rand_double_range (rand, 350, 650) };
            CgVec2 d = { cos (a), sin (a) };
            int64_t after = i % 3 == 0   ? g_rand_int_range (rand, 0, (gint32)n_prims)
                            : i % 3 == 1 ? (int64_t)n_prims + 5
                                         : -1;
            CgWorldHit brute = cg_world_cast (w, c, d, r, after, true);
            CgWorldHit h = cg_world_cast (w, c, d, r, after, false);
            test_assert_same_world_hit (&brute, &h);
            if (h.hit)
              g_assert_true (memcmp (&h.rec, &brute.rec, sizeof h.rec) == 0);
          }
      const char *problem = NULL;
      g_assert_true (cg_world_validate (w, &problem));
      cg_world_free (w);
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
  g_test_add_func ("/bvh/query-box", test_bvh_query_box);
  g_test_add_func ("/bvh/nearest-first", test_bvh_nearest_first);
  g_test_add_func ("/bvh/small-worlds", test_bvh_small_worlds);
  return g_test_run ();
}
