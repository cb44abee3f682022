/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-world-near.c: what is near a point, through the BVH (the start
 * overlap and the nearest edge) answers exactly what brute force answers,
 * and the BVH checks (cg_bvh_validate, cg_world_validate) accept built and
 * refitted trees and catch broken ones. */
#include <string.h>

#include "scene-gen.h"

/* A star-shaped (so simple, usually not convex) polygon of k vertices. */
static void
random_star (GRand *rand, CgVec2 centre, double r_min, double r_max, int k, CgVec2 *out)
{
  double rot = g_rand_double_range (rand, 0, 2 * G_PI);
  for (int i = 0; i < k; i++)
    {
      double a = rot + 2 * G_PI * i / k, rad = g_rand_double_range (rand, r_min, r_max);
      out[i] = cg_v2 (centre.x + rad * cos (a), centre.y + rad * sin (a));
    }
}

/* A room of side L with n obstacles that may overlap each other and the
 * room's edge: convex ones, stars, and a few big stars of many vertices. */
static void
overlapping_scene (TestScene *s, GRand *rand, int n, double L)
{
  CgVec2 room[4] = { { 0, 0 }, { L, 0 }, { L, L }, { 0, L } };
  test_scene_add (s, room, 4, CG_ROLE_WALL);
  for (int i = 0; i < n; i++)
    {
      CgVec2 v[200];
      CgVec2 c = { g_rand_double_range (rand, 0, L), g_rand_double_range (rand, 0, L) };
      int kind = i % 10, k;
      if (kind < 5)
        {
          k = g_rand_int_range (rand, 3, 9);
          test_convex_polygon (rand, c, g_rand_double_range (rand, 2, 30), k, v);
        }
      else if (kind < 9)
        {
          k = g_rand_int_range (rand, 5, 20);
          random_star (rand, c, 3, 25, k, v);
        }
      else
        {
          k = 200;
          random_star (rand, c, L / 20, L / 6, k, v);
        }
      test_scene_add (s, v, (size_t)k, CG_ROLE_OBSTACLE);
    }
}

/* Points that test the edges of the answer: anywhere; on vertices; on and
 * near edges; at r - eps and r - eps ± a few ulps from an edge, on both
 * sides. */
static CgVec2
probe_point (GRand *rand, const TestScene *s, double L, double r, double eps, int i)
{
  const CgPolygonRef *refs = (const CgPolygonRef *)s->refs->data;
  const CgPolygonRef *p = &refs[g_rand_int_range (rand, 0, (gint32)s->refs->len)];
  size_t e = (size_t)g_rand_int_range (rand, 0, (gint32)p->n);
  CgVec2 a = p->v[e], b = p->v[(e + 1) % p->n];
  CgVec2 n = cg_edge_normal (cg_sub (b, a));
  switch (i % 6)
    {
    case 0:
      return cg_v2 (g_rand_double_range (rand, -5, L + 5), g_rand_double_range (rand, -5, L + 5));
    case 1:
      return a;
    case 2:
      return cg_lerp (a, b, g_rand_double (rand));
    case 3:
    case 4:
      {
        double side = i % 12 < 6 ? 1.0 : -1.0;
        double d = r - eps;
        int ulps = g_rand_int_range (rand, -3, 4);
        for (; ulps > 0; ulps--)
          d = nextafter (d, INFINITY);
        for (; ulps < 0; ulps++)
          d = nextafter (d, -INFINITY);
        return cg_mul_add (cg_lerp (a, b, g_rand_double (rand)), side * d, n);
      }
    default:
      return cg_mul_add (cg_lerp (a, b, g_rand_double_range (rand, -0.2, 1.2)),
                         g_rand_double_range (rand, -2 * r, 2 * r), n);
    }
}

/* 1: on random scenes (disjoint convex obstacles, and overlapping stars
 * with big ones among them), for several radii (0 included) and both kinds
 * of leaves, the start overlap through the BVH is brute force's answer, and
 * the nearest edge is brute force's edge at brute force's distance. */
static void
test_near_equals_brute_force (void)
{
  static const double radii[] = { 0.0, 1.5, 7.0 };
  guint64 overlaps = 0, probes = 0;
  for (int variant = 0; variant < 4; variant++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (300 + variant);
      TestScene scene;
      test_scene_init (&scene);
      double L = 1000;
      if (variant < 2)
        test_scene_random_room (&scene, rand, variant == 0 ? 100 : 1000, &L);
      else
        overlapping_scene (&scene, rand, variant == 2 ? 60 : 600, L);
      for (guint ri = 0; ri < G_N_ELEMENTS (radii); ri++)
        for (int leaves = 0; leaves < 2; leaves++)
          {
            CgWorld *w = test_scene_world (&scene, radii[ri], leaves);
            g_assert_nonnull (w);
            double eps = cg_world_eps (w);
            for (int i = 0; i < 1500; i++)
              {
                CgVec2 c = probe_point (rand, &scene, L, radii[ri], eps, i);
                gboolean slow = cg_world_start_overlaps_brute_force (w, c);
                g_assert_cmpint (cg_world_start_overlaps (w, c), ==, slow);
                overlaps += slow;
                probes++;
                double cap = i % 3 == 0 ? INFINITY : g_rand_double_range (rand, 0, 3 * radii[ri]);
                CgNearestEdge a = cg_world_nearest_edge (w, c, cap);
                CgNearestEdge b = cg_world_nearest_edge_brute_force (w, c, cap);
                g_assert_cmpint (a.found, ==, b.found);
                g_assert_cmpuint (a.polygon, ==, b.polygon);
                g_assert_cmpuint (a.edge, ==, b.edge);
                g_assert_true (memcmp (&a.distance, &b.distance, sizeof a.distance) == 0);
              }
            cg_world_free (w);
          }
      test_scene_clear (&scene);
    }
  /* Both answers must have come up often enough to mean something. */
  g_test_message ("%" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " probes overlap", overlaps,
                  probes);
  g_assert_cmpuint (overlaps * 10, >, probes);
  g_assert_cmpuint (overlaps * 10, <, probes * 9);
}

/* 2: inside a big obstacle, far from all of its edges (no box near the
 * point holds any of them), is an overlap; so is a point inside one obstacle
 * of two that overlap, and inside an obstacle inside another. Outside all
 * of them is not. */
static void
test_near_inside_far_from_edges (void)
{
  TestScene scene;
  test_scene_init (&scene);
  CgVec2 room[4] = { { 0, 0 }, { 1000, 0 }, { 1000, 1000 }, { 0, 1000 } };
  test_scene_add (&scene, room, 4, CG_ROLE_WALL);
  CgVec2 big[64];
  for (int i = 0; i < 64; i++)
    big[i] = cg_v2 (500 + 300 * cos (2 * G_PI * i / 64), 500 + 300 * sin (2 * G_PI * i / 64));
  test_scene_add (&scene, big, 64, CG_ROLE_OBSTACLE);
  CgVec2 small[4] = { { 480, 480 }, { 520, 480 }, { 520, 520 }, { 480, 520 } };
  test_scene_add (&scene, small, 4, CG_ROLE_OBSTACLE);
  CgVec2 a[3] = { { 50, 50 }, { 150, 50 }, { 100, 150 } };
  CgVec2 b[3] = { { 50, 120 }, { 150, 120 }, { 100, 20 } };
  test_scene_add (&scene, a, 3, CG_ROLE_OBSTACLE);
  test_scene_add (&scene, b, 3, CG_ROLE_OBSTACLE);
  for (int leaves = 0; leaves < 2; leaves++)
    {
      CgWorld *w = test_scene_world (&scene, 2.0, leaves);
      g_assert_true (cg_world_validate (w, NULL));
      /* Inside the big one, 100 units from any of its edges. */
      g_assert_true (cg_world_start_overlaps (w, cg_v2 (650, 500)));
      g_assert_true (cg_world_start_overlaps (w, cg_v2 (350, 420)));
      /* Inside the small one, which is inside the big one: even-odd per
       * polygon, so still inside the big one. */
      g_assert_true (cg_world_start_overlaps (w, cg_v2 (500, 500)));
      /* Inside both triangles, inside one only. */
      g_assert_true (cg_world_start_overlaps (w, cg_v2 (100, 85)));
      g_assert_true (cg_world_start_overlaps (w, cg_v2 (100, 130)));
      /* Free. */
      g_assert_false (cg_world_start_overlaps (w, cg_v2 (900, 900)));
      g_assert_false (cg_world_start_overlaps (w, cg_v2 (500, 100)));
      /* Near the room's edge. */
      g_assert_true (cg_world_start_overlaps (w, cg_v2 (1.5, 500)));
      CgNearestEdge e = cg_world_nearest_edge (w, cg_v2 (500, 500), INFINITY);
      g_assert_true (e.found);
      g_assert_cmpuint (e.polygon, ==, 2);
      g_assert_cmpfloat_with_epsilon (e.distance, 20.0, 1e-9);
      cg_world_free (w);
    }
  test_scene_clear (&scene);
}

/* 3: trees the builder makes pass cg_bvh_validate_boxes(); refits keep
 * them valid; and every kind of damage is caught with its own sentence. */
static void
test_validate_catches_damage (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (12);
  enum
  {
    N = 3000
  };
  CgAabb *boxes = g_new (CgAabb, N);
  for (int i = 0; i < N; i++)
    {
      CgVec2 c = { g_rand_double_range (rand, 0, 1000), g_rand_double_range (rand, 0, 1000) };
      double w = g_rand_double_range (rand, 0, 10);
      boxes[i] = (CgAabb){ { c.x - w, c.y - w }, { c.x + w, c.y + w } };
    }
  CgBvh bvh;
  const char *problem = "unset";
  for (uint32_t n = 0; n <= 5; n++)
    {
      g_assert_true (cg_bvh_build (&bvh, boxes, n, 4));
      g_assert_true (cg_bvh_validate_boxes (&bvh, boxes, n, &problem));
      g_assert_null (problem);
      cg_bvh_clear (&bvh);
    }
  g_assert_true (cg_bvh_build (&bvh, boxes, N, 4));
  g_assert_true (cg_bvh_validate_boxes (&bvh, boxes, N, &problem));
  g_assert_cmpuint (bvh.n_nodes, >, 10);

  /* An item's box grown past its leaf's box. */
  CgAabb saved = boxes[bvh.items[0]];
  boxes[bvh.items[0]].hi.x += 50;
  g_assert_false (cg_bvh_validate_boxes (&bvh, boxes, N, &problem));
  g_assert_cmpstr (problem, ==, "an item's box is not inside its leaf's box");
  boxes[bvh.items[0]] = saved;

  /* A child's box shrunk inside a node. */
  CgBvhNode node0 = bvh.nodes[0];
  bvh.nodes[0].hi_x[0] = bvh.nodes[0].lo_x[0];
  g_assert_false (cg_bvh_validate (&bvh, NULL, NULL, &problem));
  g_assert_true (strstr (problem, "not inside") != NULL);
  bvh.nodes[0] = node0;

  /* One item twice, another never. */
  uint32_t item1 = bvh.items[1];
  bvh.items[1] = bvh.items[0];
  g_assert_false (cg_bvh_validate_boxes (&bvh, boxes, N, &problem));
  g_assert_cmpstr (problem, ==, "an item is in two leaves");
  bvh.items[1] = item1;

  /* A leaf's range overlapping its neighbour's. */
  int k = 0;
  const CgBvhNode *last = &bvh.nodes[bvh.n_nodes - 1];
  while (last->child[k].count == 0)
    k++;
  CgBvhRef leaf = last->child[k];
  bvh.nodes[bvh.n_nodes - 1].child[k].first = leaf.first > 0 ? leaf.first - 1 : 1;
  g_assert_false (cg_bvh_validate (&bvh, NULL, NULL, &problem));
  g_assert_true (strstr (problem, "item slot") != NULL);
  bvh.nodes[bvh.n_nodes - 1].child[k] = leaf;

  /* A node made its own child. */
  for (k = 0; node0.child[k].count > 0; k++)
    ;
  bvh.nodes[0].child[k].first = 0;
  g_assert_false (cg_bvh_validate (&bvh, NULL, NULL, &problem));
  g_assert_cmpstr (problem, ==, "a child node comes before its parent (not pre-order)");
  bvh.nodes[0] = node0;

  /* The wrong depth. */
  bvh.depth++;
  g_assert_false (cg_bvh_validate (&bvh, NULL, NULL, &problem));
  g_assert_cmpstr (problem, ==, "the tree's depth is not what it says");
  bvh.depth--;
  g_assert_true (cg_bvh_validate_boxes (&bvh, boxes, N, &problem));
  cg_bvh_clear (&bvh);
  g_free (boxes);
}

/* 4: worlds of both leaf kinds validate; moving polygons in place (the
 * refit) keeps them valid and keeps the near queries equal to brute force;
 * a damaged world is caught. */
static void
test_validate_worlds_and_refits (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (21);
  TestScene scene;
  test_scene_init (&scene);
  double L;
  test_scene_random_room (&scene, rand, 500, &L);
  const char *problem;
  CgWorld *prims = test_scene_world (&scene, 1.5, CG_BVH_LEAF_PRIMITIVES);
  g_assert_true (cg_world_validate (prims, &problem));
  cg_world_free (prims);

  CgWorld *w = test_scene_world (&scene, 1.5, CG_BVH_LEAF_OBJECTS);
  g_assert_true (cg_world_validate (w, &problem));
  const CgPolygonRef *refs = (const CgPolygonRef *)scene.refs->data;
  for (int step = 0; step < 200; step++)
    {
      guint i = (guint)g_rand_int_range (rand, 1, (gint32)scene.refs->len);
      CgVec2 v[8],
          shift = { g_rand_double_range (rand, -20, 20), g_rand_double_range (rand, -20, 20) };
      for (size_t k = 0; k < refs[i].n; k++)
        v[k] = cg_add (refs[i].v[k], shift);
      /* Keep inside the room, so eps stays (else the update is refused). */
      CgAabb box = cg_polygon_bounds (v, refs[i].n);
      if (box.lo.x < 1 || box.lo.y < 1 || box.hi.x > L - 1 || box.hi.y > L - 1)
        continue;
      g_assert_true (cg_world_update_polygon (w, i, v, refs[i].n));
      memcpy ((CgVec2 *)refs[i].v, v, refs[i].n * sizeof *v);
      g_assert_true (cg_world_validate (w, &problem));
      for (int j = 0; j < 20; j++)
        {
          CgVec2 c
              = j % 2 ? v[0]
                      : cg_v2 (g_rand_double_range (rand, 0, L), g_rand_double_range (rand, 0, L));
          c = cg_add (c, cg_v2 (g_rand_double_range (rand, -3, 3), 0));
          g_assert_cmpint (cg_world_start_overlaps (w, c), ==,
                           cg_world_start_overlaps_brute_force (w, c));
        }
    }
  /* A world whose polygon moved without a refit: its boxes no longer hold it. */
  size_t first, count;
  cg_world_polygon_primitives (w, 1, &first, &count);
  size_t n;
  CgPrimitive *p = (CgPrimitive *)&cg_world_primitives (w, &n)[first];
  CgPrimitive saved = *p;
  p->a.x += 100;
  g_assert_false (cg_world_validate (w, &problem));
  g_assert_cmpstr (problem, ==, "a primitive's box is not inside its leaf's box");
  /* Changed within its box, without its cast record (which casts read). */
  *p = saved;
  p->a.x = nextafter (p->a.x, INFINITY);
  g_assert_false (cg_world_validate (w, &problem));
  g_assert_cmpstr (problem, ==, "a primitive's cast record does not match it");
  *p = saved;
  g_assert_true (cg_world_validate (w, &problem));
  cg_world_free (w);
  test_scene_clear (&scene);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/near/equals-brute-force", test_near_equals_brute_force);
  g_test_add_func ("/near/inside-far-from-edges", test_near_inside_far_from_edges);
  g_test_add_func ("/near/validate-catches-damage", test_validate_catches_damage);
  g_test_add_func ("/near/validate-worlds-and-refits", test_validate_worlds_and_refits);
  return g_test_run ();
}
