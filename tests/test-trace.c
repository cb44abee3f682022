/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-trace.c: the bounce tracer: the worked example, corners, grazing hits,
 * scale extremes, narrow corridors, and the no-tunnelling property. Every
 * world here is the one radius-independent world of its scene: the radius
 * is the trace's. */
#include <string.h>

#include "geom/cg-trace.h"
#include "scene-gen.h"

#define SQRT1_2 0.70710678118654752440

static const CgVec2 seed_room[] = { { -300, -300 }, { -300, 300 }, { 300, 300 }, { 300, -300 } };
static const CgVec2 seed_post[] = { { 20, -100 }, { 20, 50 }, { -20, 50 }, { -20, -100 } };

static void
assert_vec (CgVec2 got, double x, double y, double tol)
{
  if (!(fabs (got.x - x) <= tol && fabs (got.y - y) <= tol))
    g_error ("expected (%.17g, %.17g) within %g, got (%.17g, %.17g)", x, y, tol, got.x, got.y);
}

static CgWorld *
seed_world (double scale)
{
  CgVec2 room[4], post[4];
  for (int i = 0; i < 4; i++)
    {
      room[i] = cg_scale (seed_room[i], scale);
      post[i] = cg_scale (seed_post[i], scale);
    }
  TestScene s;
  test_scene_init (&s);
  test_scene_add (&s, room, 4, CG_ROLE_WALL);
  test_scene_add (&s, post, 4, CG_ROLE_OBSTACLE);
  CgWorld *w = test_scene_world (&s);
  test_scene_clear (&s);
  return w;
}

/* 1: geometry.md's worked example: the first cast hits the wall's edge 1 at
 * (60, 260) with normal (0, -1), and the ball leaves along (1, -1)/√2. */
static void
test_trace_worked_example (void)
{
  g_assert_cmpfloat (cg_polygon_signed_area (seed_room, 4), <, 0);
  g_assert_cmpfloat (cg_polygon_signed_area (seed_post, 4), >, 0);
  CgWorld *w = seed_world (1);
  const double r = 40;
  CgTrace t;
  g_assert_true (cg_trace_run (w, r, cg_v2 (-200, 0), cg_v2 (1, 1), 29, false, -1, &t));
  g_assert_cmpuint (t.n_hits, >=, 1);
  const CgHit *h = &t.hits[0];
  g_assert_cmpuint (h->index, ==, 1);
  g_assert_cmpuint (h->object, ==, 0);
  g_assert_true (h->kind == CG_PRIM_SEGMENT);
  g_assert_cmpint (h->part, ==, CG_PART_EDGE);
  g_assert_cmpuint (h->element, ==, 1);
  assert_vec (h->point, 60, 260, 1e-9);
  assert_vec (h->normal, 0, -1, 0);
  assert_vec (h->in, SQRT1_2, SQRT1_2, 1e-15);
  assert_vec (h->out, SQRT1_2, -SQRT1_2, 1e-15);
  g_assert_cmpfloat_with_epsilon (h->distance, 260 * G_SQRT2, 1e-9);
  /* The ball then rises to the right wall's offset line x = 260 at (260, 60). */
  assert_vec (t.hits[1].point, 260, 60, 1e-9);
  /* It ends either after 29 wall hits or at the post, never by escaping. */
  g_assert_true (t.status == CG_TRACE_MAX_BOUNCES || t.status == CG_TRACE_STOPPED);
  if (t.status == CG_TRACE_MAX_BOUNCES)
    g_assert_cmpuint (t.n_hits, ==, 29);

  /* Brute force gives the very same trace. */
  CgTrace b;
  g_assert_true (cg_trace_run (w, r, cg_v2 (-200, 0), cg_v2 (1, 1), 29, true, -1, &b));
  g_assert_cmpint (b.status, ==, t.status);
  g_assert_cmpuint (b.n_hits, ==, t.n_hits);
  for (size_t i = 0; i < t.n_hits; i++)
    {
      g_assert_cmpuint (b.hits[i].prim, ==, t.hits[i].prim);
      g_assert_true (memcmp (&b.hits[i].point, &t.hits[i].point, sizeof (CgVec2)) == 0);
    }
  cg_trace_clear (&b);
  cg_trace_clear (&t);
  cg_world_free (w);
}

/* 2: a shot straight into a room's corner reflects off one wall and, at t ≈ 0,
 * off the other, and comes straight back. */
static void
test_trace_corner_shot (void)
{
  static const CgVec2 room[] = { { 0, 0 }, { 0, 100 }, { 100, 100 }, { 100, 0 } };
  TestScene s;
  test_scene_init (&s);
  test_scene_add (&s, room, 4, CG_ROLE_WALL);
  CgWorld *w = test_scene_world (&s);
  const double r = 10;
  CgTrace t;
  g_assert_true (cg_trace_run (w, r, cg_v2 (50, 50), cg_v2 (1, 1), 4, false, -1, &t));
  g_assert_cmpint (t.status, ==, CG_TRACE_MAX_BOUNCES);
  g_assert_cmpuint (t.n_hits, ==, 4);
  assert_vec (t.hits[0].point, 90, 90, 1e-9);
  assert_vec (t.hits[1].point, 90, 90, 1e-9);
  g_assert_cmpfloat (fabs (t.hits[1].distance), <, 1e-9);
  g_assert_cmpuint (t.hits[0].element, !=, t.hits[1].element);
  assert_vec (t.hits[1].out, -SQRT1_2, -SQRT1_2, 1e-12);
  assert_vec (t.hits[2].point, 10, 10, 1e-9);
  assert_vec (t.hits[3].out, SQRT1_2, SQRT1_2, 1e-12);
  cg_trace_clear (&t);
  cg_world_free (w);
  test_scene_clear (&s);
}

/* 3: a ball that just grazes an obstacle's corner arc touches it and stops there. */
static void
test_trace_grazing_arc (void)
{
  static const CgVec2 post[] = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } };
  TestScene s;
  test_scene_init (&s);
  test_scene_add (&s, post, 4, CG_ROLE_OBSTACLE);
  CgWorld *w = test_scene_world (&s);
  const double r = 5;
  CgTrace t;
  /* Moving down along x = 15: the circle of radius 5 at (10, 0) is touched at (15, 0). */
  g_assert_true (cg_trace_run (w, r, cg_v2 (15, -50), cg_v2 (0, 1), 29, false, -1, &t));
  g_assert_cmpint (t.status, ==, CG_TRACE_STOPPED);
  g_assert_cmpuint (t.n_hits, ==, 1);
  g_assert_true (t.hits[0].kind == CG_PRIM_ARC || t.hits[0].kind == CG_PRIM_SEGMENT);
  assert_vec (t.hits[0].point, 15, t.hits[0].point.y, 0);
  g_assert_cmpfloat (t.hits[0].point.y, <=, 10.0 + 1e-9);
  cg_trace_clear (&t);

  /* A hair further out it passes by and escapes. */
  g_assert_true (cg_trace_run (w, r, cg_v2 (15.0001, -50), cg_v2 (0, 1), 29, false, -1, &t));
  g_assert_cmpint (t.status, ==, CG_TRACE_ESCAPED);
  g_assert_cmpuint (t.n_hits, ==, 0);
  cg_trace_clear (&t);

  /* Grazing the arc itself, off its axis: tangent at 45° from the corner (10, 0). */
  CgVec2 touch = cg_add (cg_v2 (10, 0), cg_scale (cg_v2 (SQRT1_2, -SQRT1_2), 5));
  CgVec2 dir = cg_v2 (SQRT1_2, SQRT1_2); /* perpendicular to the normal there */
  g_assert_true (cg_trace_run (w, r, cg_mul_add (touch, -30, dir), dir, 29, false, -1, &t));
  g_assert_cmpint (t.status, ==, CG_TRACE_STOPPED);
  g_assert_true (t.hits[0].kind == CG_PRIM_ARC);
  g_assert_cmpint (t.hits[0].part, ==, CG_PART_CAP);
  g_assert_cmpuint (t.hits[0].element, ==, 1); /* the vertex (10, 0) */
  assert_vec (t.hits[0].point, touch.x, touch.y, 1e-6);
  cg_trace_clear (&t);
  cg_world_free (w);
  test_scene_clear (&s);
}

/* 4: starting inside an obstacle, or closer than r to a wall, is start-overlap;
 * exactly touching is not. */
static void
test_trace_start_overlap (void)
{
  CgWorld *w = seed_world (1);
  const double r = 40;
  CgTrace t;
  g_assert_true (cg_trace_run (w, r, cg_v2 (0, 0), cg_v2 (1, 0), 29, false, -1, &t));
  g_assert_cmpint (t.status, ==, CG_TRACE_START_OVERLAP);
  g_assert_cmpuint (t.n_hits, ==, 0);
  g_assert_true (cg_trace_run (w, r, cg_v2 (-40, 0), cg_v2 (1, 0), 29, false, -1, &t));
  g_assert_cmpint (t.status, ==, CG_TRACE_START_OVERLAP); /* 20 from the post's left side */
  g_assert_true (cg_trace_run (w, r, cg_v2 (-270, 200), cg_v2 (1, 0), 29, false, -1, &t));
  g_assert_cmpint (t.status, ==, CG_TRACE_START_OVERLAP); /* 30 from the left wall */
  g_assert_true (cg_trace_run (w, r, cg_v2 (-260, 200), cg_v2 (1, 0), 29, false, -1, &t));
  g_assert_cmpint (t.status, !=, CG_TRACE_START_OVERLAP); /* exactly touching */
  cg_trace_clear (&t);
  g_assert_true (cg_trace_run (w, r, cg_v2 (-200, 0), cg_v2 (0, 0), 29, false, -1, &t));
  g_assert_cmpint (t.status, ==, CG_TRACE_INVALID_INPUT);
  g_assert_true (cg_trace_run (w, r, cg_v2 (NAN, 0), cg_v2 (1, 0), 29, false, -1, &t));
  g_assert_cmpint (t.status, ==, CG_TRACE_INVALID_INPUT);
  g_assert_true (cg_trace_run (w, r, cg_v2 (-200, 0), cg_v2 (1, 1), 0, false, -1, &t));
  g_assert_cmpint (t.status, ==, CG_TRACE_MAX_BOUNCES);
  g_assert_cmpuint (t.n_hits, ==, 0);
  cg_world_free (w);
}

/* 5: with only an obstacle behind it, a ball escapes; with one ahead it stops. */
static void
test_trace_escape_and_stop (void)
{
  static const CgVec2 post[] = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } };
  TestScene s;
  test_scene_init (&s);
  test_scene_add (&s, post, 4, CG_ROLE_OBSTACLE);
  CgWorld *w = test_scene_world (&s);
  const double r = 2;
  CgTrace t;
  g_assert_true (cg_trace_run (w, r, cg_v2 (30, 5), cg_v2 (1, 0), 29, false, -1, &t));
  g_assert_cmpint (t.status, ==, CG_TRACE_ESCAPED);
  assert_vec (t.end_direction, 1, 0, 0);
  g_assert_true (cg_trace_run (w, r, cg_v2 (30, 5), cg_v2 (-1, 0), 29, false, -1, &t));
  g_assert_cmpint (t.status, ==, CG_TRACE_STOPPED);
  g_assert_cmpuint (t.n_hits, ==, 1);
  assert_vec (t.hits[0].point, 12, 5, 1e-12);
  assert_vec (t.hits[0].out, -1, 0, 0); /* an obstacle stops the ball: no reflection */
  cg_trace_clear (&t);
  cg_world_free (w);
  test_scene_clear (&s);
}

/* 6: the worked example scaled by 10^-3 and 10^6 gives the same path, scaled. */
static void
test_trace_scale_extremes (void)
{
  CgWorld *ref = seed_world (1);
  const double r = 40;
  CgTrace t0;
  g_assert_true (cg_trace_run (ref, r, cg_v2 (-200, 0), cg_v2 (1, 1), 29, false, -1, &t0));
  static const double scales[] = { 1e-3, 1e6 };
  for (guint k = 0; k < G_N_ELEMENTS (scales); k++)
    {
      double s = scales[k];
      CgWorld *w = seed_world (s);
      CgTrace t;
      g_assert_true (cg_trace_run (w, r * s, cg_v2 (-200 * s, 0), cg_v2 (1, 1), 29, false, -1, &t));
      g_assert_cmpint (t.status, ==, t0.status);
      g_assert_cmpuint (t.n_hits, ==, t0.n_hits);
      for (size_t i = 0; i < t.n_hits; i++)
        {
          g_assert_cmpuint (t.hits[i].prim, ==, t0.hits[i].prim);
          assert_vec (t.hits[i].point, t0.hits[i].point.x * s, t0.hits[i].point.y * s, 1e-9 * s);
        }
      cg_trace_clear (&t);
      cg_world_free (w);
    }
  cg_trace_clear (&t0);
  cg_world_free (ref);
}

/* 7: a corridor narrower than the ball: the ball bounces off its mouth and never enters. */
static void
test_trace_narrow_corridor (void)
{
  /* A 200 × 200 room with a corridor 10 wide and 100 long on its right side. */
  static const CgVec2 room[] = { { 0, 0 },     { 200, 0 },   { 200, 95 },  { 300, 95 },
                                 { 300, 105 }, { 200, 105 }, { 200, 200 }, { 0, 200 } };
  TestScene s;
  test_scene_init (&s);
  test_scene_add (&s, room, 8, CG_ROLE_WALL);
  CgWorld *w = test_scene_world (&s);
  const double r = 8;
  CgTrace t;
  g_assert_true (cg_trace_run (w, r, cg_v2 (100, 100), cg_v2 (1, 0), 50, false, -1, &t));
  g_assert_cmpint (t.status, ==, CG_TRACE_MAX_BOUNCES);
  /* It touches both corner arcs (radius 8 around (200, 95) and (200, 105)) where
   * they meet on y = 100: x = 200 - sqrt(8² - 5²). */
  double mouth = 200 - sqrt (39);
  assert_vec (t.hits[0].point, mouth, 100, 1e-9);
  g_assert_true (t.hits[0].kind == CG_PRIM_ARC);
  g_assert_cmpint (t.hits[0].part, ==, CG_PART_CAP);
  for (size_t i = 0; i < t.n_hits; i++)
    g_assert_cmpfloat (t.hits[i].point.x, <=, mouth + 1e-9);
  cg_trace_clear (&t);
  cg_world_free (w);
  test_scene_clear (&s);
}

/* 8: input in the wrong orientation, once oriented by role, traces the same;
 * extra collinear and near-duplicate vertices change nothing a user sees. */
static void
test_trace_orientation_and_extra_vertices (void)
{
  static const CgVec2 reversed[] = { { 300, -300 }, { 300, 300 }, { -300, 300 }, { -300, -300 } };
  static const CgVec2 busy[] = { { -300, -300 },     { -300, 300 }, { -100, 300 }, { 60, 300 },
                                 { 60 + 1e-9, 300 }, { 300, 300 },  { 300, -300 } };
  CgWorld *ref = seed_world (1);
  const double r = 40;
  CgTrace t0;
  g_assert_true (cg_trace_run (ref, r, cg_v2 (-200, 0), cg_v2 (1, 1), 29, false, -1, &t0));

  const CgVec2 *rooms[] = { reversed, busy };
  size_t counts[] = { 4, 7 };
  for (int k = 0; k < 2; k++)
    {
      TestScene s;
      test_scene_init (&s);
      test_scene_add (&s, rooms[k], counts[k], CG_ROLE_WALL); /* orients */
      test_scene_add (&s, seed_post, 4, CG_ROLE_OBSTACLE);
      CgWorld *w = test_scene_world (&s);
      CgTrace t;
      g_assert_true (cg_trace_run (w, r, cg_v2 (-200, 0), cg_v2 (1, 1), 29, false, -1, &t));
      g_assert_cmpint (t.status, ==, t0.status);
      g_assert_cmpuint (t.n_hits, ==, t0.n_hits);
      for (size_t i = 0; i < t.n_hits; i++)
        assert_vec (t.hits[i].point, t0.hits[i].point.x, t0.hits[i].point.y, 1e-6);
      cg_trace_clear (&t);
      cg_world_free (w);
      test_scene_clear (&s);
    }
  cg_trace_clear (&t0);
  cg_world_free (ref);
}

/* Distance between segments [p0, p1] and [q0, q1]. */
static double
segment_distance (CgVec2 p0, CgVec2 p1, CgVec2 q0, CgVec2 q1)
{
  CgVec2 r = cg_sub (p1, p0), s = cg_sub (q1, q0), qp = cg_sub (q0, p0);
  double denom = cg_cross (r, s);
  if (denom != 0.0)
    {
      double t = cg_cross (qp, s) / denom, u = cg_cross (qp, r) / denom;
      if (t >= 0 && t <= 1 && u >= 0 && u <= 1)
        return 0.0;
    }
  return fmin (
      fmin (cg_point_segment_distance (p0, q0, q1), cg_point_segment_distance (p1, q0, q1)),
      fmin (cg_point_segment_distance (q0, p0, p1), cg_point_segment_distance (q1, p0, p1)));
}

/* A random star-shaped room around the origin: non-convex, with spikes and
 * narrow notches. */
static int
random_room (GRand *rand, CgVec2 *v)
{
  int k = g_rand_int_range (rand, 5, 40);
  for (int i = 0; i < k; i++)
    {
      double a = 2 * G_PI * (i + 0.8 * g_rand_double (rand)) / k;
      double radius = g_rand_double_range (rand, 300, 1000);
      v[i] = cg_v2 (radius * cos (a), radius * sin (a));
    }
  return k;
}

/* 9: property: 10^6 bounces in random non-convex rooms with obstacles (in
 * every other room they reflect the ball), balls of several radii traced in
 * each room's one world. The centre never comes closer than r to any edge
 * along its path, less the rounding of the numbers that made that path
 * (geometry.md, "Tolerances"), so nothing tunnels; every contact stays
 * inside the room, and nothing escapes. That rounding is tau = 4 eps M,
 * M the largest magnitude among the path's ends, the start of the cast
 * that found its first end, the edge's ends and r: contacts are moved onto
 * the primitive they touch (cg_segment_contact(), cg_arc_contact()), so they
 * lie within an ulp or two of it, and this test's own distance adds a few
 * eps M (the deepest seen, over 10^7 bounces: 1.2 eps M; before contacts
 * were moved onto their primitive, 5.3 eps M). */
static void
test_trace_no_tunnelling (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (2026);
  guint64 bounces = 0, traces = 0, target = g_test_slow () ? 10000000 : 1000000;
  int rooms = 0;
  double worst = -INFINITY; /* the closest approach, r - dist, in units of eps M */
  while (bounces < target)
    {
      CgVec2 room[40];
      int k = random_room (rand, room);
      TestScene s;
      test_scene_init (&s);
      if (cg_polygon_validate (room, k).status != CG_POLYGON_OK)
        {
          test_scene_clear (&s);
          continue;
        }
      test_scene_add (&s, room, k, CG_ROLE_WALL);
      for (int o = 0; o < 8; o++)
        {
          CgVec2 v[8];
          CgVec2 c
              = { g_rand_double_range (rand, -500, 500), g_rand_double_range (rand, -500, 500) };
          int n = g_rand_int_range (rand, 3, 9);
          test_convex_polygon (rand, c, g_rand_double_range (rand, 5, 60), n, v);
          if (o % 2 == 1) /* make every other one non-convex: pull a vertex in */
            v[0] = cg_lerp (v[0], c, 0.7);
          gboolean inside = TRUE;
          for (int i = 0; i < n && inside; i++)
            inside = cg_polygon_contains (room, k, v[i]);
          if (inside && cg_polygon_validate (v, n).status == CG_POLYGON_OK)
            test_scene_add (&s, v, n, CG_ROLE_OBSTACLE);
        }
      if (rooms % 2 == 1)
        test_scene_reflect_all (&s);
      CgWorld *w = test_scene_world (&s);
      rooms++;

      for (int b = 0; b < 50 && bounces < target; b++)
        {
          /* One world for every ball: a new radius each trace. */
          double r = g_rand_double_range (rand, 1, 30);
          CgVec2 c = { g_rand_double_range (rand, -1000, 1000),
                       g_rand_double_range (rand, -1000, 1000) };
          double a = g_rand_double_range (rand, 0, 2 * G_PI);
          CgTracer tracer;
          if (!cg_polygon_contains (room, k, c)
              || cg_tracer_start (&tracer, w, r, c, cg_v2 (cos (a), sin (a)), 5000, false, -1)
                     != CG_TRACE_RUNNING)
            continue;
          traces++;
          CgTraceStatus status = CG_TRACE_RUNNING;
          CgVec2 before = c; /* where the cast that found hit.from started */
          while (status == CG_TRACE_RUNNING)
            {
              CgHit hit;
              status = cg_tracer_step (&tracer, &hit);
              g_assert_cmpint (status, !=, CG_TRACE_ESCAPED);
              bounces++;
              for (guint p = 0; p < s.refs->len; p++)
                {
                  const CgBoundaryRef *ref = &g_array_index (s.refs, CgBoundaryRef, p);
                  for (size_t e = 0; e < ref->n; e++)
                    {
                      CgVec2 v0 = ref->v[e], v1 = ref->v[(e + 1) % ref->n];
                      double m = fmax (fmax (cg_magnitude (hit.from), cg_magnitude (hit.point)),
                                       fmax (fmax (cg_magnitude (v0), cg_magnitude (v1)), r));
                      m = fmax (m, cg_magnitude (before));
                      double dist = segment_distance (hit.from, hit.point, v0, v1);
                      worst = fmax (worst, (r - dist) / (DBL_EPSILON * m));
                      if (dist < r - cg_tolerance (m))
                        g_error ("tunnelled: room %d, hit %u of a trace from (%.17g, %.17g) along "
                                 "(%.17g, %.17g), %.17g from edge %zu of polygon %u (r = %.17g)",
                                 rooms, hit.index, hit.from.x, hit.from.y, hit.in.x, hit.in.y, dist,
                                 e, p, r);
                    }
                }
              g_assert_true (cg_polygon_contains (room, k, hit.point));
              before = hit.from;
            }
        }
      cg_world_free (w);
      test_scene_clear (&s);
    }
  g_test_message ("%" G_GUINT64_FORMAT " bounces in %" G_GUINT64_FORMAT
                  " traces, %d rooms; the closest approach: r - %.3g eps M",
                  bounces, traces, rooms, worst);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace/worked-example", test_trace_worked_example);
  g_test_add_func ("/trace/corner-shot", test_trace_corner_shot);
  g_test_add_func ("/trace/grazing-arc", test_trace_grazing_arc);
  g_test_add_func ("/trace/start-overlap", test_trace_start_overlap);
  g_test_add_func ("/trace/escape-and-stop", test_trace_escape_and_stop);
  g_test_add_func ("/trace/scale-extremes", test_trace_scale_extremes);
  g_test_add_func ("/trace/narrow-corridor", test_trace_narrow_corridor);
  g_test_add_func ("/trace/orientation-and-extra-vertices",
                   test_trace_orientation_and_extra_vertices);
  g_test_add_func ("/trace/no-tunnelling", test_trace_no_tunnelling);
  return g_test_run ();
}
