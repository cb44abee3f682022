/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-world-near.c: what is near a point, through the BVH of the one world
 * (the start overlap of a ball of any radius, and the nearest edge)
 * answers exactly what brute force answers, on straight and curved
 * boundaries; and the checks (cg_bvh_validate, cg_world_validate) accept
 * built and refitted trees and worlds, and name each kind of damage. */
#include <string.h>

#include "geom/cg-bvh-query.h"
#include "geom/cg-world-private.h" /* to damage a world on purpose */
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
 * near edges (straight or arcs); at r - tau and at r, ± a few ulps, from an
 * edge, on both sides (tau the tolerance of that distance's numbers,
 * cg-world.h). */
static CgVec2
probe_point (GRand *rand, const TestScene *s, double L, double r, int i)
{
  const CgBoundaryRef *refs = (const CgBoundaryRef *)s->refs->data;
  const CgBoundaryRef *p = &refs[g_rand_int_range (rand, 0, (gint32)s->refs->len)];
  size_t e = (size_t)g_rand_int_range (rand, 0, (gint32)p->n);
  CgVec2 a = p->v[e], b = p->v[(e + 1) % p->n];
  bool arc = p->e != NULL && p->e[e].sweep != 0.0;
  double along = g_rand_double (rand);
  CgVec2 on = arc ? cg_curve_edge_point (p->v, p->e, p->n, e, along) : cg_lerp (a, b, along);
  /* The edge's front normal at that point. */
  CgVec2 n = !arc                  ? cg_edge_normal (cg_sub (b, a))
             : p->e[e].sweep > 0.0 ? cg_normalize (cg_sub (on, p->e[e].q))
                                   : cg_normalize (cg_sub (p->e[e].q, on));
  switch (i % 6)
    {
    case 0:
      return cg_v2 (g_rand_double_range (rand, -5, L + 5), g_rand_double_range (rand, -5, L + 5));
    case 1:
      return a;
    case 2:
      return on;
    case 3:
    case 4:
      {
        double side = i % 12 < 6 ? 1.0 : -1.0;
        double m = fmax (fmax (cg_magnitude (a), cg_magnitude (b)), cg_magnitude (on) + r);
        if (arc)
          m = fmax (m, fmax (cg_magnitude (p->e[e].q), p->e[e].R));
        double d = i % 24 < 12 ? r - cg_tolerance (fmax (m, r)) : r;
        int ulps = g_rand_int_range (rand, -3, 4);
        for (; ulps > 0; ulps--)
          d = nextafter (d, INFINITY);
        for (; ulps < 0; ulps++)
          d = nextafter (d, -INFINITY);
        return cg_mul_add (on, side * d, n);
      }
    default:
      if (arc)
        return cg_mul_add (on, g_rand_double_range (rand, -2 * r, 2 * r), n);
      return cg_mul_add (cg_lerp (a, b, g_rand_double_range (rand, -0.2, 1.2)),
                         g_rand_double_range (rand, -2 * r, 2 * r), n);
    }
}

/* 1: on random scenes (disjoint convex obstacles, and overlapping stars
 * with big ones among them; arc edges and whole circles among both), for
 * balls of several radii (0 included) asked of the same world, the start
 * overlap through the BVH is brute force's answer, and the nearest edge is
 * brute force's edge at brute force's distance. */
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
      int curved = test_scene_curve (&scene, rand, 3, variant % 2 ? 40 : 5, L);
      g_assert_cmpint (curved, >, 5);
      CgWorld *w = test_scene_world (&scene);
      g_assert_nonnull (w);
      g_assert_true (cg_world_validate (w, NULL));
      for (guint ri = 0; ri < G_N_ELEMENTS (radii); ri++)
        for (int i = 0; i < 3000; i++)
          {
            double r = radii[ri];
            CgVec2 c = probe_point (rand, &scene, L, r, i);
            gboolean slow = cg_world_start_overlaps_brute_force (w, c, r);
            g_assert_cmpint (cg_world_start_overlaps (w, c, r), ==, slow);
            overlaps += slow;
            probes++;
            double cap = i % 3 == 0 ? INFINITY : g_rand_double_range (rand, 0, 3 * r);
            CgNearestEdge a = cg_world_nearest_edge (w, c, cap);
            CgNearestEdge b = cg_world_nearest_edge_brute_force (w, c, cap);
            g_assert_cmpint (a.found, ==, b.found);
            g_assert_cmpuint (a.polygon, ==, b.polygon);
            g_assert_cmpuint (a.edge, ==, b.edge);
            g_assert_true (memcmp (&a.distance, &b.distance, sizeof a.distance) == 0);
          }
      cg_world_free (w);
      test_scene_clear (&scene);
    }
  /* Both answers must have come up often enough to mean something. */
  g_test_message ("%" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " probes overlap", overlaps,
                  probes);
  g_assert_cmpuint (overlaps * 10, >, probes);
  g_assert_cmpuint (overlaps * 10, <, probes * 9);
}

/* 2: inside a big obstacle, far from all of its edges (no box near the
 * point holds any of them), is an overlap, for every radius; so is a point
 * inside one obstacle of two that overlap, and inside an obstacle inside
 * another, and inside a big obstacle of arcs and a whole circle. Outside
 * all of them is not. */
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
  /* 12 arcs bulging out between 12 vertices on a circle of radius 150
   * around (820, 180): more than one run, so a big obstacle. */
  CgVec2 round[12];
  CgCurveEdge round_e[12];
  for (int i = 0; i < 12; i++)
    round[i] = cg_v2 (820 + 150 * cos (2 * G_PI * i / 12), 180 + 150 * sin (2 * G_PI * i / 12));
  for (int i = 0; i < 12; i++)
    round_e[i] = cg_curve_edge_arc (round[i], round[(i + 1) % 12], 0.5);
  g_assert_cmpint (
      cg_curve_validate (round, round_e, 12, cg_curve_tolerance (round, round_e, 12)).status, ==,
      CG_CURVE_OK);
  g_assert_cmpfloat (cg_curve_signed_area (round, round_e, 12), >, 0.0);
  CgBoundaryRef round_ref = { round, round_e, 12, CG_ROLE_OBSTACLE, CG_ON_HIT_STOP };
  g_array_append_val (scene.refs, round_ref);
  /* A whole circle of radius 60 around (150, 850). */
  CgVec2 circle_v;
  CgCurveEdge circle_e;
  cg_curve_circle (cg_v2 (150, 850), 60, CG_ROLE_OBSTACLE, &circle_v, &circle_e);
  CgBoundaryRef circle_ref = { &circle_v, &circle_e, 1, CG_ROLE_OBSTACLE, CG_ON_HIT_STOP };
  g_array_append_val (scene.refs, circle_ref);

  CgWorld *w = test_scene_world (&scene);
  g_assert_true (cg_world_validate (w, NULL));
  for (double r = 0.0; r <= 4.0; r += 2.0)
    {
      /* Inside the big one, 100 units from any of its edges. */
      g_assert_true (cg_world_start_overlaps (w, cg_v2 (650, 500), r));
      g_assert_true (cg_world_start_overlaps (w, cg_v2 (350, 420), r));
      /* Inside the small one, which is inside the big one: even-odd per
       * polygon, so still inside the big one. */
      g_assert_true (cg_world_start_overlaps (w, cg_v2 (500, 500), r));
      /* Inside both triangles, inside one only. */
      g_assert_true (cg_world_start_overlaps (w, cg_v2 (100, 85), r));
      g_assert_true (cg_world_start_overlaps (w, cg_v2 (100, 130), r));
      /* Inside the round one, 80 from its edges; inside the circle. */
      g_assert_true (cg_world_start_overlaps (w, cg_v2 (860, 150), r));
      g_assert_true (cg_world_start_overlaps (w, cg_v2 (150, 850), r));
      g_assert_true (cg_world_start_overlaps (w, cg_v2 (190, 850), r));
      /* Free. */
      g_assert_false (cg_world_start_overlaps (w, cg_v2 (900, 900), r));
      g_assert_false (cg_world_start_overlaps (w, cg_v2 (500, 100), r));
      g_assert_false (cg_world_start_overlaps (w, cg_v2 (150, 850 - 60 - 2 * r - 1), r));
      /* Near the room's edge: only a ball that reaches it. */
      g_assert_cmpint (cg_world_start_overlaps (w, cg_v2 (1.5, 500), r), ==, r > 1.5);
      /* Near the circle, outside it: the same. */
      g_assert_cmpint (cg_world_start_overlaps (w, cg_v2 (150, 850 + 61.5), r), ==, r > 1.5);
      for (int k = 0; k < 2000; k++)
        {
          CgVec2 c = { fmod (k * 7.31, 1000), fmod (k * 3.17, 1000) };
          g_assert_cmpint (cg_world_start_overlaps (w, c, r), ==,
                           cg_world_start_overlaps_brute_force (w, c, r));
        }
    }
  CgNearestEdge e = cg_world_nearest_edge (w, cg_v2 (500, 500), INFINITY);
  g_assert_true (e.found);
  g_assert_cmpuint (e.polygon, ==, 2);
  g_assert_cmpfloat_with_epsilon (e.distance, 20.0, 1e-9);
  /* The circle's one edge, measured to the arc. */
  e = cg_world_nearest_edge (w, cg_v2 (150, 870), INFINITY);
  g_assert_true (e.found);
  g_assert_cmpuint (e.polygon, ==, 6);
  g_assert_cmpuint (e.edge, ==, 0);
  g_assert_cmpfloat_with_epsilon (e.distance, 40.0, 1e-9);
  cg_world_free (w);
  test_scene_clear (&scene);
}

/* What refit_leaf() needs: the items that moved. */
typedef struct
{
  const CgBvh *bvh;
  const CgAabb *boxes;
  gboolean *moved;
  uint32_t refitted;
} Moved;

/* A leaf's box, the union of its items' boxes, when one of them moved. */
static bool
refit_leaf (const CgBvhRef *leaf, void *data, CgAabb *box)
{
  Moved *m = data;
  bool any = false;
  *box = cg_aabb_empty ();
  for (uint32_t i = leaf->first; i < leaf->first + leaf->count; i++)
    {
      uint32_t item = m->bvh->items[i];
      any |= m->moved[item];
      *box = cg_aabb_union (*box, m->boxes[item]);
    }
  m->refitted += any;
  return any;
}

/* 3: trees the builder makes pass cg_bvh_validate_boxes() (cg-bvh-query.h);
 * every kind of damage is caught with its own sentence; and a refit after
 * items moved makes the tree valid again. */
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

  /* Items moved far: the tree no longer holds them, until a refit (which
   * keeps its shape) makes it valid again; leaves said unchanged keep their
   * boxes. */
  Moved moved = { &bvh, boxes, g_new0 (gboolean, N), 0 };
  for (int k = 0; k < 60; k++)
    {
      uint32_t i = (uint32_t)g_rand_int_range (rand, 0, N);
      CgVec2 shift
          = { g_rand_double_range (rand, -300, 300), g_rand_double_range (rand, -300, 300) };
      boxes[i] = (CgAabb){ cg_add (boxes[i].lo, shift), cg_add (boxes[i].hi, shift) };
      moved.moved[i] = TRUE;
    }
  g_assert_false (cg_bvh_validate_boxes (&bvh, boxes, N, &problem));
  g_assert_cmpstr (problem, ==, "an item's box is not inside its leaf's box");
  uint32_t n_nodes = bvh.n_nodes, depth = bvh.depth;
  cg_bvh_refit (&bvh, refit_leaf, &moved);
  g_assert_cmpuint (moved.refitted, >, 0);
  g_assert_cmpuint (bvh.n_nodes, ==, n_nodes);
  g_assert_cmpuint (bvh.depth, ==, depth);
  g_assert_true (cg_bvh_validate_boxes (&bvh, boxes, N, &problem));
  g_assert_null (problem);
  g_free (moved.moved);
  cg_bvh_clear (&bvh);
  g_free (boxes);
}

/* Moves boundary i of the scene by shift, in the world (cg_world_update(),
 * arcs' centres moved with their ends) and in the scene. */
static void
move_boundary (CgWorld *w, TestScene *scene, guint i, CgVec2 shift)
{
  CgBoundaryRef *ref = &g_array_index (scene->refs, CgBoundaryRef, i);
  CgVec2 *v = (CgVec2 *)ref->v;
  CgCurveEdge *e = (CgCurveEdge *)ref->e;
  for (size_t k = 0; k < ref->n; k++)
    {
      v[k] = cg_add (v[k], shift);
      if (e != NULL && e[k].sweep != 0.0)
        e[k].q = cg_add (e[k].q, shift);
    }
  g_assert_true (cg_world_update (w, i, v, e, ref->n));
}

/* Two leaves side by side in one node: *node and the slots *k0, *k1. */
static void
sibling_leaves (const CgBvh *bvh, uint32_t *node, int *k0, int *k1)
{
  for (uint32_t i = 0; i < bvh->n_nodes; i++)
    {
      int first = -1;
      for (int k = 0; k < CG_BVH_WIDTH; k++)
        if (bvh->nodes[i].child[k].count > 0)
          {
            if (first < 0)
              first = k;
            else
              {
                *node = i;
                *k0 = first;
                *k1 = k;
                return;
              }
          }
    }
  g_assert_not_reached ();
}

/* Asserts that w fails its check with the sentence `expect`, and that it
 * passes once the damage is undone (by the caller, after this). */
static void
assert_damaged (const CgWorld *w, const char *expect)
{
  const char *problem = NULL;
  g_assert_false (cg_world_validate (w, &problem));
  g_assert_cmpstr (problem, ==, expect);
}

/* 4: worlds validate; moving boundaries in place, straight and curved (the
 * refit), keeps them valid and keeps the near queries equal to brute force
 * for every radius; an update that cannot be made in place is refused and
 * changes nothing; and each kind of damage to a world is named: its
 * normals, its runs, its leaves, its boxes (the BVH's own checks besides). */
static void
test_validate_worlds_and_refits (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (21);
  TestScene scene;
  test_scene_init (&scene);
  double L;
  test_scene_random_room (&scene, rand, 500, &L);
  g_assert_cmpint (test_scene_curve (&scene, rand, 3, 20, L), >, 100);
  const char *problem;
  CgWorld *w = test_scene_world (&scene);
  g_assert_true (cg_world_validate (w, &problem));
  g_assert_null (problem);
  const CgBoundaryRef *refs = (const CgBoundaryRef *)scene.refs->data;
  for (int step = 0; step < 200; step++)
    {
      guint i = (guint)g_rand_int_range (rand, 1, (gint32)scene.refs->len);
      /* Anywhere, even out of the room: nothing depends on the scene's
       * extent any more, so no update is refused for where it goes. */
      double far = step % 20 == 0 ? 2 * L : 20;
      CgVec2 shift
          = { g_rand_double_range (rand, -far, far), g_rand_double_range (rand, -far, far) };
      move_boundary (w, &scene, i, shift);
      g_assert_true (cg_world_validate (w, &problem));
      for (int j = 0; j < 20; j++)
        {
          double r = j % 3 == 0 ? 0.0 : j % 3 == 1 ? 1.5 : 6.0;
          CgVec2 c
              = j % 2 ? refs[i].v[0]
                      : cg_v2 (g_rand_double_range (rand, 0, L), g_rand_double_range (rand, 0, L));
          c = cg_add (c, cg_v2 (g_rand_double_range (rand, -3, 3), 0));
          g_assert_cmpint (cg_world_start_overlaps (w, c, r), ==,
                           cg_world_start_overlaps_brute_force (w, c, r));
          CgNearestEdge a = cg_world_nearest_edge (w, c, INFINITY);
          CgNearestEdge b = cg_world_nearest_edge_brute_force (w, c, INFINITY);
          g_assert_true (a.found && b.found && a.polygon == b.polygon && a.edge == b.edge);
          g_assert_true (memcmp (&a.distance, &b.distance, sizeof a.distance) == 0);
        }
    }

  /* Updates that cannot be made in place: another number of edges, an edge
   * that would become an arc, an arc that would become straight. Refused,
   * and the world is as it was. */
  guint straight = 1, curved = 1;
  while (refs[straight].e != NULL)
    straight++;
  while (refs[curved].e == NULL || refs[curved].n < 3)
    curved++;
  CgVec2 v[8];
  memcpy (v, refs[straight].v, refs[straight].n * sizeof *v);
  v[0].x += 1;
  g_assert_false (cg_world_update (w, straight, v, NULL, refs[straight].n - 1));
  CgCurveEdge e[8];
  for (size_t k = 0; k < refs[straight].n; k++)
    e[k] = cg_curve_edge_straight ();
  e[0] = cg_curve_edge_arc (v[0], v[1], 0.3);
  g_assert_false (cg_world_update (w, straight, v, e, refs[straight].n));
  g_assert_false (cg_world_update (w, curved, refs[curved].v, NULL, refs[curved].n));
  CgBoundaryRef now = cg_world_boundary (w, straight);
  g_assert_true (memcmp (now.v, refs[straight].v, now.n * sizeof *v) == 0);
  for (size_t k = 0; now.e != NULL && k < now.n; k++)
    g_assert_cmpfloat (now.e[k].sweep, ==, 0.0);
  g_assert_true (cg_world_validate (w, &problem));

  /* The damage, each undone after. The normals: */
  CgOutline o = cg_world_outline (w, curved);
  CgVec2 *n0 = (CgVec2 *)o.n0, saved_n = n0[1];
  n0[1].x = nextafter (n0[1].x, INFINITY);
  assert_damaged (w, "a boundary's normals are not its edges'");
  n0[1] = saved_n;
  /* A vertex moved by an ulp (within its boxes) without its normals: */
  CgVec2 *vertex = (CgVec2 *)&cg_world_boundary (w, straight).v[1], saved_v = *vertex;
  vertex->x = nextafter (vertex->x, INFINITY);
  assert_damaged (w, "a boundary's normals are not its edges'");
  *vertex = saved_v;
  /* A boundary's runs not starting at its first edge: */
  uint32_t saved_first = w->run_first[w->bound_run[curved]];
  w->run_first[w->bound_run[curved]]++;
  assert_damaged (w, "a boundary's runs do not cover its edges");
  w->run_first[w->bound_run[curved]] = saved_first;
  g_assert_true (cg_world_validate (w, &problem));

  /* The leaves: */
  CgBvh *bvh = (CgBvh *)cg_world_bvh (w);
  uint32_t node;
  int k0, k1;
  sibling_leaves (bvh, &node, &k0, &k1);
  CgBvhNode saved_node = bvh->nodes[node];
  CgBvhRef *leaf = &bvh->nodes[node].child[k0];
  uint32_t saved_item = bvh->items[leaf->first];
  bvh->items[leaf->first] = w->n_runs + 3;
  assert_damaged (w, "a leaf does not hold one run");
  bvh->items[leaf->first] = saved_item;
  leaf->user[0]++;
  assert_damaged (w, "a leaf does not say where its run's edges are");
  leaf->user[0]--;
  leaf->user[1] ^= 1u << 4; /* another boundary */
  assert_damaged (w, "a leaf does not say where its run's edges are");
  leaf->user[1] ^= 1u << 4;
  /* One run in both sibling leaves (its box and what the leaf says copied
   * too): the other run is then in none. */
  const CgBvhRef *other = &bvh->nodes[node].child[k1];
  bvh->items[leaf->first] = bvh->items[other->first];
  leaf->user[0] = other->user[0];
  leaf->user[1] = other->user[1];
  bvh->nodes[node].lo_x[k0] = bvh->nodes[node].lo_x[k1];
  bvh->nodes[node].lo_y[k0] = bvh->nodes[node].lo_y[k1];
  bvh->nodes[node].hi_x[k0] = bvh->nodes[node].hi_x[k1];
  bvh->nodes[node].hi_y[k0] = bvh->nodes[node].hi_y[k1];
  assert_damaged (w, "a run is in two leaves");
  bvh->items[leaf->first] = saved_item;
  bvh->nodes[node] = saved_node;
  /* A leaf's box shrunk inside its node: the BVH's own check. */
  bvh->nodes[node].hi_x[k0] = bvh->nodes[node].lo_x[k0];
  const char *sentence = NULL;
  g_assert_false (cg_world_validate (w, &sentence));
  g_assert_nonnull (sentence);
  g_assert_true (strstr (sentence, "not inside") != NULL);
  bvh->nodes[node] = saved_node;
  g_assert_true (cg_world_validate (w, &problem));

  /* The boxes. A run's float box grown past its leaf's box: */
  uint32_t run = saved_item;
  float saved_f[4];
  memcpy (saved_f, w->run_box_f[run], sizeof saved_f);
  w->run_box_f[run][2] += 100;
  assert_damaged (w, "a run's box is not inside its leaf's box");
  memcpy (w->run_box_f[run], saved_f, sizeof saved_f);
  /* Shrunk so that it no longer holds the run's box: */
  w->run_box_f[run][0] += 1;
  assert_damaged (w, "a run's float box does not hold its box");
  memcpy (w->run_box_f[run], saved_f, sizeof saved_f);
  /* A boundary moved without its boxes: the room, by 1024 along x (exact
   * in every coordinate and difference, so its normals stay as they were). */
  CgVec2 *room = (CgVec2 *)cg_world_boundary (w, 0).v;
  CgVec2 saved_room[4];
  memcpy (saved_room, room, sizeof saved_room);
  for (int k = 0; k < 4; k++)
    room[k].x += 1024;
  assert_damaged (w, "a run's box is not its edges' box");
  memcpy (room, saved_room, sizeof saved_room);
  g_assert_true (cg_world_validate (w, &problem));
  g_assert_null (problem);
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
