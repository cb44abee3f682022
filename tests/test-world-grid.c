/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-world-grid.c: casts through the uniform grid of a large object-leaf
 * world (cg-world-grid.c) choose exactly the hit brute force chooses, also on
 * the casts that stress a cell walk: along cell sides, through cell corners,
 * from outside the grid, axis-parallel, and after obstacles moved in place. */
#include <string.h>

#include "scene-gen.h"

/* Casts from c along d in the grid world and by brute force, the same hit. */
static void
check_cast (const CgWorld *w, CgVec2 c, CgVec2 d, int64_t exclude)
{
  CgWorldHit brute = cg_world_cast (w, c, d, exclude, true);
  CgWorldHit grid = cg_world_cast (w, c, d, exclude, false);
  test_assert_same_world_hit (&brute, &grid);
}

/* A direction from an angle, sometimes exactly along an axis or a diagonal. */
static CgVec2
random_direction (GRand *rand, int i)
{
  static const CgVec2 exact[] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
  if (i % 7 == 0)
    return exact[(i / 7) % 4];
  if (i % 7 == 1)
    return cg_v2 ((i & 8) ? M_SQRT1_2 : -M_SQRT1_2, (i & 16) ? M_SQRT1_2 : -M_SQRT1_2);
  double a = g_rand_double_range (rand, 0, 2 * G_PI);
  return cg_v2 (cos (a), sin (a));
}

/* 1: random casts and the hard ones, on scenes with a grid. */
static void
test_grid_equals_brute_force (void)
{
  static const int sizes[] = { 1500, 3000 };
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (700 + s);
      TestScene scene;
      test_scene_init (&scene);
      double L;
      test_scene_random_room (&scene, rand, sizes[s], &L);
      CgWorld *w = test_scene_world (&scene, 1.5, CG_BVH_LEAF_OBJECTS);
      CgAabb bounds;
      double cw, ch;
      g_assert_true (cg_world_grid (w, &bounds, &cw, &ch));
      g_assert_true (cw > 0 && ch > 0);
      size_t n_prims;
      const CgPrimitive *all = cg_world_primitives (w, &n_prims);
      guint64 cells = 0, casts = 0;
      for (int i = 0; i < 4000; i++)
        {
          CgVec2 c, d = random_direction (rand, i);
          int column = g_rand_int_range (rand, 0, (gint32)floor ((bounds.hi.x - bounds.lo.x) / cw));
          int row = g_rand_int_range (rand, 0, (gint32)floor ((bounds.hi.y - bounds.lo.y) / ch));
          CgVec2 corner = cg_v2 (bounds.lo.x + column * cw, bounds.lo.y + row * ch);
          switch (i % 7)
            {
            case 6: /* at a point of an edge's offset that lies on a cell's side */
              {
                const CgPrimitive *p = &all[g_rand_int_range (rand, 0, (gint32)n_prims)];
                if (p->kind != CG_PRIM_SEGMENT)
                  continue;
                CgVec2 ab = cg_sub (p->b, p->a);
                double k = floor ((p->a.x - bounds.lo.x) / cw), x = bounds.lo.x + (k + 1) * cw;
                if (fabs (ab.x) < 1e-9 || (x - p->a.x) / ab.x > 1)
                  continue;
                CgVec2 on = cg_mul_add (p->a, (x - p->a.x) / ab.x, ab);
                on.x = x;
                /* In from the front, a little askew. */
                d = cg_normalize (cg_mul_add (
                    cg_scale (p->n, -1), g_rand_double_range (rand, -0.5, 0.5), cg_normalize (ab)));
                c = cg_sub (on, cg_scale (d, g_rand_double_range (rand, 0.5, 40)));
                break;
              }
            case 0: /* from a primitive's end, as after a bounce */
              c = all[g_rand_int_range (rand, 0, (gint32)n_prims)].a;
              break;
            case 1: /* along a cell's side */
              c = corner;
              d = (i & 1) ? cg_v2 (0, (i & 2) ? 1 : -1) : cg_v2 ((i & 2) ? 1 : -1, 0);
              c = (i & 1) ? cg_v2 (corner.x, g_rand_double_range (rand, 0, L))
                          : cg_v2 (g_rand_double_range (rand, 0, L), corner.y);
              break;
            case 2: /* through a cell corner, from a point a little away */
              c = cg_sub (corner, cg_scale (d, g_rand_double_range (rand, 0.5, 50)));
              break;
            case 3: /* from outside the room, inwards */
              c = cg_v2 (g_rand_double_range (rand, -L, 2 * L), (i & 1) ? -10.0 : L + 10.0);
              d = cg_normalize (cg_sub (
                  cg_v2 (g_rand_double_range (rand, 0, L), g_rand_double_range (rand, 0, L)), c));
              break;
            default:
              c = cg_v2 (g_rand_double_range (rand, 1, L - 1),
                         g_rand_double_range (rand, 1, L - 1));
            }
          int64_t exclude = (i % 5 == 0) ? g_rand_int_range (rand, 0, (gint32)n_prims) : -1;
          check_cast (w, c, d, exclude);
          CgWorldHit h = cg_world_cast (w, c, d, exclude, false);
          cells += h.stats.nodes_visited;
          casts++;
        }
      g_test_message ("%d obstacles: %.1f cells and leaves a cast", sizes[s],
                      (double)cells / (double)casts);
      const char *problem = NULL;
      g_assert_true (cg_world_validate (w, &problem));
      cg_world_free (w);
      test_scene_clear (&scene);
    }
}

/* 2: obstacles moved in place keep every cast exact (they are tested from
 * the moved list); past 16 moved runs the grid goes and the BVH answers. */
static void
test_grid_after_updates (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (77);
  TestScene scene;
  test_scene_init (&scene);
  double L;
  test_scene_random_room (&scene, rand, 2000, &L);
  CgWorld *w = test_scene_world (&scene, 1.5, CG_BVH_LEAF_OBJECTS);
  g_assert_true (cg_world_grid (w, NULL, NULL, NULL));
  CgPolygonRef *refs = (CgPolygonRef *)scene.refs->data;
  int moved = 0;
  for (int step = 0; step < 40; step++)
    {
      /* An obstacle jumps far (into other cells), staying in the room. */
      guint i = 1 + (guint)g_rand_int_range (rand, 0, (gint32)scene.refs->len - 1);
      CgVec2 shift
          = cg_v2 (g_rand_double_range (rand, -200, 200), g_rand_double_range (rand, -200, 200));
      CgVec2 v[8];
      size_t n = refs[i].n;
      gboolean inside = TRUE;
      for (size_t k = 0; k < n; k++)
        {
          v[k] = cg_add (refs[i].v[k], shift);
          inside &= v[k].x > 1 && v[k].y > 1 && v[k].x < L - 1 && v[k].y < L - 1;
        }
      if (!inside)
        continue;
      g_assert_true (cg_world_update_polygon (w, i, v, n));
      memcpy ((CgVec2 *)refs[i].v, v, n * sizeof *v);
      moved++;
      const char *problem = NULL;
      g_assert_true (cg_world_validate (w, &problem));
      for (int j = 0; j < 300; j++)
        {
          /* Half the casts aim at the moved obstacle. */
          CgVec2 c
              = cg_v2 (g_rand_double_range (rand, 1, L - 1), g_rand_double_range (rand, 1, L - 1));
          CgVec2 d = j % 2 ? cg_normalize (cg_sub (v[0], c)) : random_direction (rand, j);
          check_cast (w, c, d, -1);
        }
    }
  /* 40 jumps of single-run obstacles: more than 16 runs moved. */
  g_assert_cmpint (moved, >, 16);
  g_assert_false (cg_world_grid (w, NULL, NULL, NULL));
  cg_world_free (w);
  test_scene_clear (&scene);
}

/* 3: when the grid would not pay, there is none: a small scene, a scene of
 * primitive leaves, and obstacles bunched in one corner of a wide room. */
static void
test_grid_only_when_it_pays (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  TestScene small;
  test_scene_init (&small);
  double L;
  test_scene_random_room (&small, rand, 300, &L);
  CgWorld *w = test_scene_world (&small, 1.5, CG_BVH_LEAF_OBJECTS);
  g_assert_false (cg_world_grid (w, NULL, NULL, NULL));
  cg_world_free (w);
  test_scene_clear (&small);

  TestScene big;
  test_scene_init (&big);
  test_scene_random_room (&big, rand, 2000, &L);
  w = test_scene_world (&big, 1.5, CG_BVH_LEAF_PRIMITIVES);
  g_assert_false (cg_world_grid (w, NULL, NULL, NULL));
  cg_world_free (w);
  test_scene_clear (&big);

  /* 2,000 obstacles packed into a corner of a room 100 times wider. */
  TestScene bunched;
  test_scene_init (&bunched);
  double side = 100000;
  CgVec2 room[4] = { { 0, 0 }, { side, 0 }, { side, side }, { 0, side } };
  test_scene_add (&bunched, room, 4, CG_ROLE_WALL);
  for (int i = 0; i < 2000; i++)
    {
      CgVec2 v[8];
      CgVec2 c = cg_v2 (10 + 12 * (i % 45), 10 + 12 * (i / 45));
      test_convex_polygon (rand, c, 4, 6, v);
      test_scene_add (&bunched, v, 6, CG_ROLE_OBSTACLE);
    }
  w = test_scene_world (&bunched, 1.0, CG_BVH_LEAF_OBJECTS);
  g_assert_false (cg_world_grid (w, NULL, NULL, NULL));
  /* The BVH still answers as brute force. */
  for (int i = 0; i < 500; i++)
    check_cast (w, cg_v2 (g_rand_double_range (rand, 1, 700), g_rand_double_range (rand, 1, 700)),
                random_direction (rand, i), -1);
  cg_world_free (w);
  test_scene_clear (&bunched);
}

/* 4: a world of more than CG_WORLD_LEAN_MAX_PRIMITIVES primitives keeps no
 * cast record a primitive (it makes them as casts need them), and still
 * casts exactly as brute force: 90,000 hexagons on a jittered lattice. */
static void
test_grid_huge_world (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (9);
  TestScene scene;
  test_scene_init (&scene);
  enum
  {
    SIDE = 300
  };
  double L = 10.0 * SIDE + 10;
  CgVec2 room[4] = { { 0, 0 }, { L, 0 }, { L, L }, { 0, L } };
  test_scene_add (&scene, room, 4, CG_ROLE_WALL);
  for (int i = 0; i < SIDE * SIDE; i++)
    {
      CgVec2 v[6];
      CgVec2 c = cg_v2 (10 + 10 * (i % SIDE) + g_rand_double_range (rand, -1, 1),
                        10 + 10 * (i / SIDE) + g_rand_double_range (rand, -1, 1));
      test_convex_polygon (rand, c, 3, 6, v);
      test_scene_add (&scene, v, 6, CG_ROLE_OBSTACLE);
    }
  CgWorld *w = test_scene_world (&scene, 0.5, CG_BVH_LEAF_OBJECTS);
  size_t n_prims;
  cg_world_primitives (w, &n_prims);
  g_assert_cmpuint (n_prims, >, CG_WORLD_LEAN_MAX_PRIMITIVES);
  /* 72 bytes a primitive and the rest, not 72 + 64. */
  g_assert_cmpuint (cg_world_memory (w), <, n_prims * (sizeof (CgPrimitive) + 40));
  g_assert_true (cg_world_grid (w, NULL, NULL, NULL));
  for (int i = 0; i < 200; i++)
    check_cast (w,
                cg_v2 (g_rand_double_range (rand, 1, L - 1), g_rand_double_range (rand, 1, L - 1)),
                random_direction (rand, i), -1);
  cg_world_free (w);
  test_scene_clear (&scene);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/world-grid/equals-brute-force", test_grid_equals_brute_force);
  g_test_add_func ("/world-grid/after-updates", test_grid_after_updates);
  g_test_add_func ("/world-grid/only-when-it-pays", test_grid_only_when_it_pays);
  g_test_add_func ("/world-grid/huge-world", test_grid_huge_world);
  return g_test_run ();
}
