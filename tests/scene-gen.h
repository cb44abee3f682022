/* SPDX-License-Identifier: GPL-3.0-or-later */
/* scene-gen.h: random test scenes shared by the geometry tests. */
#pragma once

#include <glib.h>
#include <string.h>

#include "geom/cg-world.h"

/// A polygon set for cg_world_new(), owning its vertices.
typedef struct
{
  GArray *refs;     ///< CgBoundaryRef
  GPtrArray *owned; ///< the vertex arrays
} TestScene;

static inline void
test_scene_init (TestScene *s)
{
  s->refs = g_array_new (FALSE, FALSE, sizeof (CgBoundaryRef));
  s->owned = g_ptr_array_new_with_free_func (g_free);
}

static inline void
test_scene_clear (TestScene *s)
{
  g_array_unref (s->refs);
  g_ptr_array_unref (s->owned);
}

/// Adds a copy of v, oriented for the role (an obstacle stops the ball).
static inline void
test_scene_add (TestScene *s, const CgVec2 *v, size_t n, CgRole role)
{
  CgVec2 *copy = g_memdup2 (v, n * sizeof *v);
  cg_polygon_orient (copy, n, role);
  g_ptr_array_add (s->owned, copy);
  CgBoundaryRef ref = { copy, NULL, n, role, CG_ON_HIT_STOP };
  g_array_append_val (s->refs, ref);
}

/// Makes every obstacle reflect the ball (carom:on-hit="reflect").
static inline void
test_scene_reflect_all (TestScene *s)
{
  for (guint i = 0; i < s->refs->len; i++)
    g_array_index (s->refs, CgBoundaryRef, i).on_hit = CG_ON_HIT_REFLECT;
}

/// The scene's world (cg_world_new()).
static inline CgWorld *
test_scene_world (const TestScene *s)
{
  return cg_world_new ((const CgBoundaryRef *)s->refs->data, s->refs->len);
}

/// A convex polygon of k vertices on a circle (like tests/bench/gen_scene.py).
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

/* Makes one edge of every `every`-th obstacle an arc (sweep ±0.6: a bulge
 * or a bite) where the boundary stays valid, and adds `circles` whole
 * circles of radius 2 to 8 as obstacles anywhere in [0, L]²: curved
 * boundaries among the straight ones. Returns how many boundaries it made
 * curved. */
static inline int
test_scene_curve (TestScene *s, GRand *rand, guint every, int circles, double L)
{
  int curved = 0;
  for (guint i = 1; i < s->refs->len; i += every)
    {
      CgBoundaryRef *b = &g_array_index (s->refs, CgBoundaryRef, i);
      if (b->role != CG_ROLE_OBSTACLE || b->e != NULL)
        continue;
      CgCurveEdge *e = g_new (CgCurveEdge, b->n);
      for (size_t k = 0; k < b->n; k++)
        e[k] = cg_curve_edge_straight ();
      size_t j = (size_t)g_rand_int_range (rand, 0, (gint32)b->n);
      e[j] = cg_curve_edge_arc (b->v[j], b->v[(j + 1) % b->n], g_rand_boolean (rand) ? 0.6 : -0.6);
      CgCurveCheck check = cg_curve_validate (b->v, e, b->n, cg_curve_tolerance (b->v, e, b->n));
      if (check.status != CG_CURVE_OK || !(cg_curve_signed_area (b->v, e, b->n) > 0.0))
        {
          g_free (e);
          continue;
        }
      b->e = e;
      g_ptr_array_add (s->owned, e);
      curved++;
    }
  for (int k = 0; k < circles; k++)
    {
      CgVec2 *v = g_new (CgVec2, 1);
      CgCurveEdge *e = g_new (CgCurveEdge, 1);
      double R = g_rand_double_range (rand, 2, 8);
      cg_curve_circle (cg_v2 (g_rand_double_range (rand, R + 1, L - R - 1),
                              g_rand_double_range (rand, R + 1, L - R - 1)),
                       R, CG_ROLE_OBSTACLE, v, e);
      g_ptr_array_add (s->owned, v);
      g_ptr_array_add (s->owned, e);
      CgBoundaryRef ref = { v, e, 1, CG_ROLE_OBSTACLE, CG_ON_HIT_STOP };
      g_array_append_val (s->refs, ref);
      curved++;
    }
  return curved;
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
