/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-watertight.c: no cast passes between an offset segment and the
 * vertex cap it meets (cg-cast.h: both decide a junction by which side of
 * the ray the same double lies). Rays are aimed exactly at every junction of
 * the outlines of a benchmark-like scene for a ball's radius (the world
 * itself serves every radius), from every side the front allows, with
 * directions as exact unit vectors, scaled by a few ulps (|d| = 1 ± k ulp),
 * and rounded to six decimals as the benchmark files write them
 * (|d| = 1 ± 10⁻⁶); each must stop at that junction (or earlier). */
#include <stdio.h>
#include <string.h>

#include "scene-gen.h"

/* The direction as "%.6f" text read back, as gen_scene.py's files give it. */
static CgVec2
six_decimals (CgVec2 d)
{
  char x[64], y[64];
  g_snprintf (x, sizeof x, "%.6f", d.x);
  g_snprintf (y, sizeof y, "%.6f", d.y);
  return cg_v2 (g_ascii_strtod (x, NULL), g_ascii_strtod (y, NULL));
}

/* d scaled by 1 + k ulp. */
static CgVec2
scaled_ulps (CgVec2 d, int k)
{
  double s = 1.0 + k * DBL_EPSILON;
  return cg_v2 (d.x * s, d.y * s);
}

typedef struct
{
  guint64 casts, skipped, through;
  double worst_excess; /* how far the worst |d| was from 1 */
} Tally;

/* Casts at junction J (normal nj there, the front) from a start s units
 * away at angle theta from nj, with direction variants; counts the casts
 * that go through. */
static void
cast_at_junction (const CgWorld *w, double r, CgVec2 J, CgVec2 nj, double theta, double s,
                  gboolean brute_too, Tally *tally)
{
  CgVec2 u = { nj.x * cos (theta) - nj.y * sin (theta), nj.x * sin (theta) + nj.y * cos (theta) };
  CgVec2 c = cg_mul_add (J, s, u);
  if (cg_world_start_overlaps (w, c, r))
    {
      tally->skipped++;
      return;
    }
  CgVec2 d0 = cg_normalize (cg_sub (J, c));
  CgVec2 variants[] = { d0,
                        six_decimals (d0),
                        scaled_ulps (d0, 1),
                        scaled_ulps (d0, -1),
                        scaled_ulps (d0, 4),
                        scaled_ulps (d0, -4),
                        cg_v2 (nextafter (d0.x, 2.0), d0.y),
                        cg_v2 (d0.x, nextafter (d0.y, -2.0)) };
  double reach = cg_distance (c, J);
  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      CgVec2 d = variants[v];
      tally->worst_excess = fmax (tally->worst_excess, fabs (cg_length (d) - 1.0));
      for (int brute = 0; brute < (brute_too ? 2 : 1); brute++)
        {
          CgWorldHit h = cg_world_cast (w, c, d, r, -1, brute);
          tally->casts++;
          /* The ray reaches J at t = reach (d is made a unit vector at the
           * cast); a direction rounded to six decimals aims up to 10^-6 off,
           * so it may meet the outline a little before or after J, but a
           * ray that went through would first meet something at least the
           * chord of the grown obstacle farther (over 0.1 units here). */
          if (!h.hit || h.rec.t > reach + 1e-2)
            {
              if (tally->through < 5)
                g_test_message ("through: J = (%.17g, %.17g), d = (%.17g, %.17g), t = %.17g, "
                                "reach %.17g",
                                J.x, J.y, d.x, d.y, h.hit ? h.rec.t : INFINITY, reach);
              tally->through++;
            }
        }
    }
}

/* Every junction of every boundary of a scene (where a vertex cap meets
 * the offset segments on either side), for a ball of radius r, from several
 * angles. */
static Tally
cast_all_junctions (const TestScene *scene, double r, CgVec2 offset, GRand *rand)
{
  Tally tally = { 0 };
  CgWorld *w = test_scene_world (scene);
  g_assert_nonnull (w);
  uint32_t n = cg_world_prim_count (w);
  guint caps = 0;
  static const double angles[] = { 0.0, 0.3, -0.3, 1.2, -1.2, 1.5, -1.5 };
  for (uint32_t k = 0; k < n; k++)
    {
      CgPrimitive p;
      if (!cg_world_primitive (w, k, r, &p) || p.kind != CG_PRIM_ARC)
        continue;
      /* Straight boundaries have no arc but their vertex caps, convex arcs
       * of radius r around their vertex: from u_from at a to u_to at b. */
      g_assert_cmpint (p.part, ==, CG_PART_CAP);
      g_assert_false (p.inside);
      g_assert_true (p.junction);
      /* Its ends are the very doubles where the offset segments before and
       * after it end and start (the cast relies on that). */
      CgOutline o = cg_world_outline (w, p.object);
      uint32_t vertex = k / CG_PARTS - o.first_edge;
      uint32_t before = (uint32_t)((vertex + o.n - 1) % o.n);
      CgPrimitive in, out;
      g_assert_true (
          cg_world_primitive (w, cg_prim_id (o.first_edge, before, CG_PART_EDGE), r, &in));
      g_assert_true (
          cg_world_primitive (w, cg_prim_id (o.first_edge, vertex, CG_PART_EDGE), r, &out));
      g_assert_true (memcmp (&in.b, &p.a, sizeof p.a) == 0);
      g_assert_true (memcmp (&out.a, &p.b, sizeof p.b) == 0);
      for (guint a = 0; a < G_N_ELEMENTS (angles); a++)
        {
          double s = g_rand_double_range (rand, 0.5, 30) * r;
          /* The start of the cap (the end of the segment before it), with
           * that segment's normal; and its end (the next segment's start). */
          gboolean brute_too = caps % 32 == 0;
          cast_at_junction (w, r, p.a, p.u_from, angles[a], s, brute_too, &tally);
          cast_at_junction (w, r, p.b, p.u_to, angles[a], s, brute_too, &tally);
        }
      caps++;
    }
  (void)offset;
  cg_world_free (w);
  return tally;
}

/* 1: the benchmark's scene shape (10^4 units, r = 1.5), 700 obstacles. */
static void
test_junctions_bench_scene (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (15);
  TestScene scene;
  test_scene_init (&scene);
  double L;
  test_scene_random_room (&scene, rand, 700, &L);
  Tally t = cast_all_junctions (&scene, 1.5, cg_v2 (0, 0), rand);
  g_test_message ("%" G_GUINT64_FORMAT " casts at junctions (%" G_GUINT64_FORMAT
                  " starts skipped: overlapping), %" G_GUINT64_FORMAT
                  " went through; |d| up to 1 ± %.3g",
                  t.casts, t.skipped, t.through, t.worst_excess);
  g_assert_cmpuint (t.casts, >, 100000);
  g_assert_cmpfloat (t.worst_excess, >, 1e-7);
  g_assert_cmpuint (t.through, ==, 0);
  test_scene_clear (&scene);
}

/* 2: a small scene far from the origin (coordinates near 3 10^9, extent 200):
 * rounding of the coordinates is then larger than 10^-9 of the extent. */
static void
test_junctions_far_from_origin (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (16);
  TestScene scene;
  test_scene_init (&scene);
  CgVec2 o = { 1.25e9, -3.5e9 }; /* ulp 4.8e-7, above 1e-9 of the extent */
  CgVec2 room[4]
      = { { o.x, o.y }, { o.x + 200, o.y }, { o.x + 200, o.y + 200 }, { o.x, o.y + 200 } };
  test_scene_add (&scene, room, 4, CG_ROLE_WALL);
  for (int i = 0; i < 40; i++)
    {
      CgVec2 v[8];
      int k = g_rand_int_range (rand, 3, 9);
      CgVec2 c = { o.x + 20 + 40 * (i % 5), o.y + 10 + 25 * (i / 5) };
      test_convex_polygon (rand, c, g_rand_double_range (rand, 2, 8), k, v);
      test_scene_add (&scene, v, (size_t)k, CG_ROLE_OBSTACLE);
    }
  Tally t = cast_all_junctions (&scene, 1.5, o, rand);
  g_test_message ("%" G_GUINT64_FORMAT " casts at junctions, %" G_GUINT64_FORMAT " went through",
                  t.casts, t.through);
  g_assert_cmpuint (t.casts, >, 5000);
  g_assert_cmpuint (t.through, ==, 0);
  test_scene_clear (&scene);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/watertight/junctions-bench-scene", test_junctions_bench_scene);
  g_test_add_func ("/watertight/junctions-far-from-origin", test_junctions_far_from_origin);
  return g_test_run ();
}
