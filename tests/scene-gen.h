/* SPDX-License-Identifier: GPL-3.0-or-later */
/* scene-gen.h: random test scenes shared by the geometry tests. */
#pragma once

#include <glib.h>
#include <string.h>

#include "geom/cg-world.h"

/// A polygon set for cg_world_new(), owning its vertices.
typedef struct
{
  GArray *refs;     ///< CgPolygonRef
  GPtrArray *owned; ///< the vertex arrays
} TestScene;

static inline void
test_scene_init (TestScene *s)
{
  s->refs = g_array_new (FALSE, FALSE, sizeof (CgPolygonRef));
  s->owned = g_ptr_array_new_with_free_func (g_free);
}

static inline void
test_scene_clear (TestScene *s)
{
  g_array_unref (s->refs);
  g_ptr_array_unref (s->owned);
}

/// Adds a copy of v, oriented for the role.
static inline void
test_scene_add (TestScene *s, const CgVec2 *v, size_t n, CgRole role)
{
  CgVec2 *copy = g_memdup2 (v, n * sizeof *v);
  cg_polygon_orient (copy, n, role);
  g_ptr_array_add (s->owned, copy);
  CgPolygonRef ref = { copy, n, role };
  g_array_append_val (s->refs, ref);
}

static inline CgWorld *
test_scene_world (const TestScene *s, double r, CgBvhLeaves leaves)
{
  return cg_world_new ((const CgPolygonRef *)s->refs->data, s->refs->len, r, leaves);
}

/// A convex polygon of k vertices on a circle (like ../shared/bench/gen_scene.py).
static inline void
test_convex_polygon (GRand *rand, CgVec2 centre, double radius, int k, CgVec2 *out)
{
  double rot = g_rand_double_range (rand, 0, 2 * G_PI), step = 2 * G_PI / k;
  for (int i = 0; i < k; i++)
    {
      double a = rot + step * (i + 0.6 * (g_rand_double (rand) - 0.5));
      out[i] = cg_v2 (centre.x + radius * cos (a), centre.y + radius * sin (a));
    }
}

/// A square room of side L with n convex obstacles that keep a gap between
/// their bounding circles (the benchmark's scene, smaller).
static inline void
test_scene_random_room (TestScene *s, GRand *rand, int n, double *side)
{
  double L = 1000.0 * sqrt (fmax (n, 1) / 100.0);
  *side = L;
  CgVec2 room[4] = { { 0, 0 }, { L, 0 }, { L, L }, { 0, L } };
  test_scene_add (s, room, 4, CG_ROLE_WALL);
  g_autoptr (GArray) circles = g_array_new (FALSE, FALSE, sizeof (double) * 3);
  int placed = 0, tries = 0;
  while (placed < n && tries++ < 1000 * n)
    {
      double R = g_rand_double_range (rand, 2, 8);
      CgVec2 c = { g_rand_double_range (rand, R + 1, L - R - 1),
                   g_rand_double_range (rand, R + 1, L - R - 1) };
      gboolean ok = TRUE;
      /* Quadratic, but fine at test sizes: scan only a recent window plus a
       * coarse reject (placement density is low). */
      for (guint i = 0; i < circles->len && ok; i++)
        {
          double *o = &g_array_index (circles, double, 3 * i);
          if (hypot (c.x - o[0], c.y - o[1]) < R + o[2] + 1)
            ok = FALSE;
        }
      if (!ok)
        continue;
      double rec[3] = { c.x, c.y, R };
      g_array_append_vals (circles, rec, 1);
      CgVec2 v[8];
      int k = g_rand_int_range (rand, 3, 9);
      test_convex_polygon (rand, c, R, k, v);
      test_scene_add (s, v, k, CG_ROLE_OBSTACLE);
      placed++;
    }
}

/// Asserts that two casts chose the same hit, bit for bit: the same
/// primitive, t and contact point (or both no hit).
static inline void
test_assert_same_world_hit (const CgWorldHit *a, const CgWorldHit *b)
{
  g_assert_cmpint (a->hit, ==, b->hit);
  if (!a->hit)
    return;
  g_assert_cmpuint (a->prim, ==, b->prim);
  g_assert_true (memcmp (&a->rec.t, &b->rec.t, sizeof (double)) == 0);
  g_assert_true (memcmp (&a->rec.point, &b->rec.point, sizeof (CgVec2)) == 0);
}
