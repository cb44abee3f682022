/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-world-grid.c: casts through the uniform grid that cg_world_prepare
 * (w, r) builds for balls up to radius r in a large world of evenly spread
 * obstacles (cg-world-grid.c) choose exactly the hit brute force chooses,
 * also on the casts that stress a cell walk: along cell sides, through cell
 * corners, from outside the grid (those use the BVH: the grid serves only
 * starts inside its bounds) and from its very edge, axis-parallel, for
 * smaller balls than it was built for, with arcs and circles among the
 * obstacles, and after obstacles moved in place. */
#include <string.h>

#include "geom/cg-world-private.h" /* to damage a grid on purpose */
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

/* Casts a ball of radius r from c along d in the world (by its grid where
 * it has one for r and c is inside it, else its BVH) and by brute force:
 * the same hit. */
static void
check_cast (const CgWorld *w, CgVec2 c, CgVec2 d, double r, int64_t after)
{
  CgWorldHit brute = cg_world_cast (w, c, d, r, after, true);
  CgWorldHit grid = cg_world_cast (w, c, d, r, after, false);
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

/* 1: random casts and the hard ones, on scenes with a grid, for balls of
 * the radius it was built for and smaller ones (which use it too), and a
 * larger one (which does not). */
static void
test_grid_equals_brute_force (void)
{
  static const int sizes[] = { 1500, 3000 };
  static const double radii[] = { 1.5, 0.0, 0.6, 4.0 };
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (700 + s);
      TestScene scene;
      test_scene_init (&scene);
      double L;
      test_scene_random_room (&scene, rand, sizes[s], &L);
      g_assert_cmpint (test_scene_curve (&scene, rand, 4, sizes[s] / 30, L), >, sizes[s] / 5);
      CgWorld *w = test_scene_world (&scene);
      /* No grid until one is asked for. */
      g_assert_false (cg_world_grid (w, 1.5, NULL, NULL, NULL));
      cg_world_prepare (w, 1.5);
      CgAabb bounds;
      double cw, ch;
      g_assert_true (cg_world_grid (w, 1.5, &bounds, &cw, &ch));
      g_assert_true (cw > 0 && ch > 0);
      g_assert_true (cg_world_grid (w, 0.0, NULL, NULL, NULL));
      g_assert_false (cg_world_grid (w, 4.0, NULL, NULL, NULL));
      guint64 cells = 0, casts = 0, inside = 0;
      for (int i = 0; i < 4000; i++)
        {
          double r = radii[(i / 7) % G_N_ELEMENTS (radii)];
          CgVec2 c, d = random_direction (rand, i);
          int column = g_rand_int_range (rand, 0, (gint32)floor ((bounds.hi.x - bounds.lo.x) / cw));
          int row = g_rand_int_range (rand, 0, (gint32)floor ((bounds.hi.y - bounds.lo.y) / ch));
          CgVec2 corner = cg_v2 (bounds.lo.x + column * cw, bounds.lo.y + row * ch);
          uint32_t id;
          CgPrimitive p = random_primitive (rand, w, r, &id);
          switch (i % 8)
            {
            case 6: /* at a point of an edge's offset that lies on a cell's side */
              {
                if (p.kind != CG_PRIM_SEGMENT)
                  continue;
                CgVec2 ab = cg_sub (p.b, p.a);
                double k = floor ((p.a.x - bounds.lo.x) / cw), x = bounds.lo.x + (k + 1) * cw;
                if (fabs (ab.x) < 1e-9 || (x - p.a.x) / ab.x > 1)
                  continue;
                CgVec2 on = cg_mul_add (p.a, (x - p.a.x) / ab.x, ab);
                on.x = x;
                /* In from the front, a little askew. */
                d = cg_normalize (cg_mul_add (
                    cg_scale (p.n, -1), g_rand_double_range (rand, -0.5, 0.5), cg_normalize (ab)));
                c = cg_sub (on, cg_scale (d, g_rand_double_range (rand, 0.5, 40)));
                break;
              }
            case 0: /* from a primitive's end, as after a bounce */
              c = p.a;
              break;
            case 1: /* along a cell's side */
              d = (i & 1) ? cg_v2 (0, (i & 2) ? 1 : -1) : cg_v2 ((i & 2) ? 1 : -1, 0);
              c = (i & 1) ? cg_v2 (corner.x, g_rand_double_range (rand, 0, L))
                          : cg_v2 (g_rand_double_range (rand, 0, L), corner.y);
              break;
            case 2: /* through a cell corner, from a point a little away */
              c = cg_sub (corner, cg_scale (d, g_rand_double_range (rand, 0.5, 50)));
              break;
            case 3: /* from outside the room, inwards (the BVH's) */
              c = cg_v2 (g_rand_double_range (rand, -L, 2 * L), (i & 1) ? -10.0 : L + 10.0);
              d = cg_normalize (cg_sub (
                  cg_v2 (g_rand_double_range (rand, 0, L), g_rand_double_range (rand, 0, L)), c));
              break;
            case 7: /* on the grid's edge, or an ulp outside it, inwards */
              {
                double y = g_rand_double_range (rand, bounds.lo.y, bounds.hi.y);
                c = (i & 8) ? cg_v2 (bounds.lo.x, y)
                            : cg_v2 (nextafter (bounds.lo.x, -INFINITY), y);
                double a = g_rand_double_range (rand, -1.4, 1.4);
                d = cg_v2 (cos (a), sin (a));
                break;
              }
            default:
              c = cg_v2 (g_rand_double_range (rand, 1, L - 1),
                         g_rand_double_range (rand, 1, L - 1));
            }
          /* Sometimes after a primitive (it counts only at t > 0): the one
           * it starts on, or any. */
          int64_t after = -1;
          if (i % 5 == 0)
            after = i % 8 == 0 ? (int64_t)id
                               : g_rand_int_range (rand, 0, (gint32)cg_world_prim_count (w));
          check_cast (w, c, d, r, after);
          CgWorldHit h = cg_world_cast (w, c, d, r, after, false);
          cells += h.stats.nodes_visited;
          casts++;
          inside += r <= 1.5 && cg_aabb_contains (bounds, c);
        }
      g_test_message ("%d obstacles: %.1f cells and leaves a cast, %" G_GUINT64_FORMAT
                      " of %" G_GUINT64_FORMAT " casts by the grid",
                      sizes[s], (double)cells / (double)casts, inside, casts);
      g_assert_cmpuint (inside * 2, >, casts);
      const char *problem = NULL;
      g_assert_true (cg_world_validate (w, &problem));
      /* A run taken out of a cell its box overlaps: the check names it. */
      CgWorldGrid *g = w->grid;
      uint32_t cell = 0;
      while (g->cell_first[cell + 1] == g->cell_first[cell])
        cell++;
      uint32_t *entry = &g->entries[g->cell_first[cell]], saved = *entry;
      *entry = w->n_runs + 1;
      g_assert_false (cg_world_validate (w, &problem));
      g_assert_cmpstr (problem, ==, "a run is missing from a grid cell its edges' boxes overlap");
      *entry = saved;
      g_assert_true (cg_world_validate (w, &problem));
      cg_world_free (w);
      test_scene_clear (&scene);
    }
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

/* 2: obstacles (straight and curved) moved in place keep every cast exact
 * (they are tested from the moved list), also when they jump out of the
 * grid; past 16 moved runs the grid goes and the BVH answers; preparing
 * again builds a new grid over where the obstacles are now. */
static void
test_grid_after_updates (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (77);
  TestScene scene;
  test_scene_init (&scene);
  double L;
  test_scene_random_room (&scene, rand, 2000, &L);
  g_assert_cmpint (test_scene_curve (&scene, rand, 3, 50, L), >, 500);
  CgWorld *w = test_scene_world (&scene);
  cg_world_prepare (w, 1.5);
  g_assert_true (cg_world_grid (w, 1.5, NULL, NULL, NULL));
  const CgBoundaryRef *refs = (const CgBoundaryRef *)scene.refs->data;
  int moved = 0;
  for (int step = 0; step < 40; step++)
    {
      /* An obstacle jumps far (into other cells), now and then out of the
       * room and the grid. */
      guint i = 1 + (guint)g_rand_int_range (rand, 0, (gint32)scene.refs->len - 1);
      double far = step % 10 == 9 ? L : 200;
      CgVec2 shift
          = cg_v2 (g_rand_double_range (rand, -far, far), g_rand_double_range (rand, -far, far));
      move_boundary (w, &scene, i, shift);
      moved++;
      const char *problem = NULL;
      g_assert_true (cg_world_validate (w, &problem));
      for (int j = 0; j < 300; j++)
        {
          /* Half the casts aim at the moved obstacle. */
          double r = j % 3 == 0 ? 0.0 : 1.5;
          CgVec2 c
              = cg_v2 (g_rand_double_range (rand, 1, L - 1), g_rand_double_range (rand, 1, L - 1));
          CgVec2 d = j % 2 ? cg_normalize (cg_sub (refs[i].v[0], c)) : random_direction (rand, j);
          check_cast (w, c, d, r, -1);
        }
    }
  /* 40 jumps of single-run obstacles: more than 16 runs moved. */
  g_assert_cmpint (moved, >, 16);
  g_assert_false (cg_world_grid (w, 1.5, NULL, NULL, NULL));
  /* Prepared again: a grid over the obstacles where they are now. */
  cg_world_prepare (w, 1.5);
  g_assert_true (cg_world_grid (w, 1.5, NULL, NULL, NULL));
  g_assert_true (cg_world_validate (w, NULL));
  for (int j = 0; j < 300; j++)
    check_cast (w,
                cg_v2 (g_rand_double_range (rand, 1, L - 1), g_rand_double_range (rand, 1, L - 1)),
                random_direction (rand, j), j % 2 ? 1.5 : 0.3, -1);
  cg_world_free (w);
  test_scene_clear (&scene);
}

/* 3: when the grid would not pay, there is none: a small scene, and
 * obstacles bunched in one corner of a wide room; none either for balls
 * larger than the world was prepared for, until it is prepared for them. */
static void
test_grid_only_when_it_pays (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  TestScene small;
  test_scene_init (&small);
  double L;
  test_scene_random_room (&small, rand, 30, &L);
  CgWorld *w = test_scene_world (&small);
  cg_world_prepare (w, 1.5);
  g_assert_false (cg_world_grid (w, 1.5, NULL, NULL, NULL));
  g_assert_true (cg_world_validate (w, NULL));
  cg_world_free (w);
  test_scene_clear (&small);

  /* A big scene: a grid for the radius asked for, and smaller ones; a larger
   * ball first gets one when the world is prepared for it. */
  TestScene big;
  test_scene_init (&big);
  test_scene_random_room (&big, rand, 2000, &L);
  w = test_scene_world (&big);
  g_assert_false (cg_world_grid (w, 0.0, NULL, NULL, NULL));
  cg_world_prepare (w, 1.0);
  g_assert_true (cg_world_grid (w, 1.0, NULL, NULL, NULL));
  g_assert_true (cg_world_grid (w, 0.5, NULL, NULL, NULL));
  g_assert_false (cg_world_grid (w, 2.0, NULL, NULL, NULL));
  for (int i = 0; i < 300; i++)
    check_cast (w,
                cg_v2 (g_rand_double_range (rand, 1, L - 1), g_rand_double_range (rand, 1, L - 1)),
                random_direction (rand, i), i % 2 ? 2.0 : 1.0, -1);
  cg_world_prepare (w, 2.0);
  g_assert_true (cg_world_grid (w, 2.0, NULL, NULL, NULL));
  g_assert_true (cg_world_grid (w, 1.0, NULL, NULL, NULL));
  g_assert_true (cg_world_validate (w, NULL));
  for (int i = 0; i < 300; i++)
    check_cast (w,
                cg_v2 (g_rand_double_range (rand, 1, L - 1), g_rand_double_range (rand, 1, L - 1)),
                random_direction (rand, i), i % 2 ? 2.0 : 1.0, -1);
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
  w = test_scene_world (&bunched);
  cg_world_prepare (w, 1.0);
  g_assert_false (cg_world_grid (w, 1.0, NULL, NULL, NULL));
  /* The BVH still answers as brute force. */
  for (int i = 0; i < 500; i++)
    check_cast (w, cg_v2 (g_rand_double_range (rand, 1, 700), g_rand_double_range (rand, 1, 700)),
                random_direction (rand, i), 1.0, -1);
  cg_world_free (w);
  test_scene_clear (&bunched);
}

/* 4: a huge world, 90,000 hexagons on a jittered lattice: it holds its
 * boundaries, not their offset primitives (those are made as casts reach
 * them), so its memory is a small part of what the primitives would take;
 * and it still casts exactly as brute force, through its grid. */
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
  CgWorld *w = test_scene_world (&scene);
  size_t n_prims = cg_world_primitive_total (w, 0.5);
  size_t n_edges = 4 + 6 * (size_t)SIDE * SIDE;
  g_assert_cmpuint (n_prims, ==, 2 * n_edges - 4); /* a cap at each corner but the room's */
  g_assert_cmpuint (cg_world_prim_count (w), ==, CG_PARTS * n_edges);
  size_t bytes = cg_world_memory (w);
  g_test_message ("%zu bytes, %.1f an edge", bytes, (double)bytes / (double)n_edges);
  /* Less than one primitive's worth an edge, where an edge has about two. */
  g_assert_cmpuint (bytes, <, n_edges * sizeof (CgPrimitive));
  cg_world_prepare (w, 0.5);
  g_assert_true (cg_world_grid (w, 0.5, NULL, NULL, NULL));
  g_assert_true (cg_world_validate (w, NULL));
  for (int i = 0; i < 200; i++)
    check_cast (w,
                cg_v2 (g_rand_double_range (rand, 1, L - 1), g_rand_double_range (rand, 1, L - 1)),
                random_direction (rand, i), i % 4 ? 0.5 : 0.0, -1);
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
