/* test-bvh.c: the BVH's structure, and that it chooses exactly the hit brute force chooses. */
#include <string.h>

#include "scene-gen.h"

/* 1: every item sits in exactly one leaf, and every child box lies inside its parent. */
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
  int *seen = g_new0 (int, N);
  for (uint32_t k = 0; k < bvh.n_nodes; k++)
    {
      const CgBvhNode *node = &bvh.nodes[k];
      if (node->count > 0)
        {
          for (uint32_t i = 0; i < node->count; i++)
            {
              uint32_t item = bvh.items[node->first + i];
              seen[item]++;
              CgAabb b = boxes[item];
              g_assert_true (cg_aabb_contains (node->box, b.lo)
                             && cg_aabb_contains (node->box, b.hi));
            }
          continue;
        }
      for (int c = 0; c < 2; c++)
        {
          CgAabb child = bvh.nodes[node->first + c].box;
          g_assert_true (cg_aabb_contains (node->box, child.lo));
          g_assert_true (cg_aabb_contains (node->box, child.hi));
        }
    }
  for (int i = 0; i < N; i++)
    g_assert_cmpint (seen[i], ==, 1);
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

static void
assert_same_hit (const CgWorldHit *a, const CgWorldHit *b)
{
  g_assert_cmpint (a->hit, ==, b->hit);
  if (!a->hit)
    return;
  g_assert_cmpuint (a->prim, ==, b->prim);
  g_assert_true (memcmp (&a->rec.t, &b->rec.t, sizeof (double)) == 0);
  g_assert_true (memcmp (&a->rec.point, &b->rec.point, sizeof (CgVec2)) == 0);
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
          assert_same_hit (&brute, &h1);
          assert_same_hit (&brute, &h2);
          bvh_tests += h1.stats.primitives_tested;
          brute_tests += brute.stats.primitives_tested;
        }
      g_test_message ("%d obstacles: %" G_GUINT64_FORMAT
                      " primitive tests with the BVH, %" G_GUINT64_FORMAT " brute force",
                      sizes[s], bvh_tests, brute_tests);
      /* The broad phase must actually save work on big scenes. */
      if (sizes[s] >= 1000)
        g_assert_cmpuint (bvh_tests * 20, <, brute_tests);
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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bvh/structure", test_bvh_structure);
  g_test_add_func ("/bvh/degenerate-identical-boxes", test_bvh_degenerate);
  g_test_add_func ("/bvh/equals-brute-force", test_bvh_equals_brute_force);
  g_test_add_func ("/bvh/empty-world", test_bvh_empty_world);
  return g_test_run ();
}
