/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-wasm-core.c: the web page's geometry core (issue 27, docs/web-core.md).
 *
 * /scene-step/…: the scene-to-trace step the window, the CLI and the page
 * share (src/geom/cg-scene.h), natively: a beam's rays, the fan's shared
 * start check, the budget's plan against a level-by-level reference, one
 * ball within its allowance, the order of rejected candidates; and the
 * wasm core's own hypot, sin, cos and atan2 (src/wasm/carom-libm.c, built
 * here under other names) against glibc's.
 *
 * /wasm/…: carom-core.wasm itself, run by Node.js (tests/test-wasm-core.mjs
 * through src/wasm/carom-core.js) against `carom trace --json` and the
 * native explanations, on every example and on random scenes of the
 * geometry tests (scene-gen.h): the same balls, statuses and hits (object,
 * primitive, edge or vertex, action), every number within 1e-12 relative
 * and counted where a bit differs; after moving and aiming a ball too. They
 * fail, saying why, when the build has no carom-core.wasm (-Dwasm) or Node.js
 * is missing: they are never skipped. */
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "io/carom-svg.h"
#include "model/carom-explain.h"
#include "scene-gen.h"
#include "test-util.h"

double carom_libm_hypot (double a, double b);
double carom_libm_sin (double x);
double carom_libm_cos (double x);
double carom_libm_atan2 (double y, double x);

#define SAME_BITS(a, b) g_assert_true (memcmp (&(a), &(b), sizeof (a)) == 0)

/* ---- the shared step --------------------------------------------------- */

static void
test_beam_rays (void)
{
  /* A fan of 5 around (1, 2)/√5, 40° wide: ray k at θ − 20° + 10° k; the
   * middle one exactly along the direction (cos θ is not its x). */
  CgVec2 dir = cg_normalize (cg_v2 (1.0, 2.0));
  g_assert_cmpfloat (cos (atan2 (dir.y, dir.x)), !=, dir.x);
  CgSource fan = { .shape = CG_SOURCE_FAN,
                   .count = 5,
                   .max_bounces = 7,
                   .radius = 2.0,
                   .center = { 10.0, -3.0 },
                   .direction = dir,
                   .spread = 40.0 };
  g_assert_cmpuint (cg_source_rays (&fan), ==, 5);
  for (uint32_t k = 0; k < 5; k++)
    {
      CgVec2 start, d, ball_start, ball_d;
      cg_beam_ray (&fan, k, &start, &d);
      SAME_BITS (start, fan.center);
      double theta = atan2 (dir.y, dir.x) + (-20.0 + 10.0 * k) * (G_PI / 180.0);
      if (k == 2)
        SAME_BITS (d, dir);
      else
        {
          g_assert_cmpfloat (d.x, ==, cos (theta));
          g_assert_cmpfloat (d.y, ==, sin (theta));
        }
      /* The ball traced: the direction made a unit vector (cg_normalize). */
      cg_source_ray (&fan, k, &ball_start, &ball_d);
      CgVec2 unit = cg_normalize (d);
      SAME_BITS (ball_d, unit);
      SAME_BITS (ball_start, start);
    }
  /* A fan of one: the direction. */
  fan.count = 1;
  CgVec2 start, d;
  cg_beam_ray (&fan, 0, &start, &d);
  SAME_BITS (d, dir);

  /* A parallel beam of 4 from P1 to P2: the ends exactly, along the
   * direction; of one: the midpoint. */
  CgSource par = { .shape = CG_SOURCE_PARALLEL,
                   .count = 4,
                   .max_bounces = 3,
                   .radius = 1.0,
                   .center = { 0.1, 0.2 },
                   .direction = { 0.0, -1.0 },
                   .end = { 0.7, 1.3 } };
  cg_beam_ray (&par, 0, &start, &d);
  SAME_BITS (start, par.center);
  SAME_BITS (d, par.direction);
  cg_beam_ray (&par, 3, &start, &d);
  SAME_BITS (start, par.end);
  cg_beam_ray (&par, 1, &start, &d);
  g_assert_cmpfloat (start.x, ==, 0.1 + (1.0 / 3.0) * (0.7 - 0.1));
  par.count = 1;
  cg_beam_ray (&par, 0, &start, &d);
  g_assert_cmpfloat (start.x, ==, 0.1 + 0.5 * (0.7 - 0.1));

  /* A ball: as it is, direction not normalised again. */
  CgSource ball = { .shape = CG_SOURCE_BALL, .center = { 1, 2 }, .direction = { 0.6, 0.8 } };
  g_assert_cmpuint (cg_source_rays (&ball), ==, 1);
  cg_source_ray (&ball, 0, &start, &d);
  SAME_BITS (d, ball.direction);

  /* The max-bounces override. */
  g_assert_cmpuint (cg_source_max_bounces (&fan, -1), ==, 7);
  g_assert_cmpuint (cg_source_max_bounces (&fan, 0), ==, 0);
  g_assert_cmpuint (cg_source_max_bounces (&fan, 12), ==, 12);
  g_assert_cmpuint (cg_source_max_bounces (&fan, (int64_t)1 << 40), ==, UINT32_MAX);

  /* The model's rays are these (carom_beam_ray()). */
  g_autoptr (CmObject) beam
      = cm_object_new_fan_beam ("f", cg_v2 (1, 1), 2.0, cg_v2 (1, 2), 33.0, 6, 10);
  CgSource s = cm_object_source (beam);
  for (uint32_t k = 0; k < 6; k++)
    {
      CgVec2 a, da, b, db;
      carom_beam_ray (beam, k, &a, &da);
      cg_beam_ray (&s, k, &b, &db);
      SAME_BITS (a, b);
      SAME_BITS (da, db);
    }
}

/* A room with n obstacles (scene-gen.h). */
static CgWorld *
room_world (GRand *rand, int n, double *side, gboolean curved)
{
  TestScene ts;
  test_scene_init (&ts);
  test_scene_random_room (&ts, rand, n, side);
  if (curved)
    test_scene_curve (&ts, rand, 3, n / 10 + 1, *side);
  CgWorld *w = cg_scene_world_new ((const CgBoundaryRef *)ts.refs->data, ts.refs->len, 2.0);
  test_scene_clear (&ts);
  return w;
}

static void
test_fan_start (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (27);
  double L;
  CgWorld *w = room_world (rand, 60, &L, TRUE);
  int overlapping = 0, free_ = 0;
  for (int i = 0; i < 200; i++)
    {
      CgSource fan = { .shape = CG_SOURCE_FAN,
                       .count = 2 + (uint32_t)(i % 5),
                       .max_bounces = 5,
                       .radius = g_rand_double_range (rand, 0.5, 6.0),
                       .center = { g_rand_double_range (rand, -5, L + 5),
                                   g_rand_double_range (rand, -5, L + 5) },
                       .direction = { 1.0, 0.0 },
                       .spread = 90.0 };
      int shared = cg_source_start_overlaps (w, &fan, false);
      g_assert_cmpint (shared, ==, cg_world_start_overlaps (w, fan.center, fan.radius));
      g_assert_cmpint (cg_source_start_overlaps (w, &fan, true), ==, shared);
      overlapping += shared == 1;
      free_ += shared == 0;
      /* Given to every ray, the traces are those that find it themselves. */
      for (uint32_t k = 0; k < fan.count; k++)
        {
          CgVec2 c, d;
          cg_source_ray (&fan, k, &c, &d);
          CgTrace a, b;
          g_assert_true (cg_trace_run (w, fan.radius, c, d, 5, false, shared, &a));
          g_assert_true (cg_trace_run (w, fan.radius, c, d, 5, false, -1, &b));
          g_assert_cmpint (a.status, ==, b.status);
          g_assert_cmpuint (a.n_hits, ==, b.n_hits);
          cg_trace_clear (&a);
          cg_trace_clear (&b);
        }
    }
  g_assert_cmpint (overlapping, >, 0);
  g_assert_cmpint (free_, >, 0);
  /* Not shared: a ball, a fan of one, a parallel beam, a start at NaN. */
  CgSource s = { .shape = CG_SOURCE_BALL, .count = 1, .radius = 1, .center = { 1, 1 } };
  g_assert_cmpint (cg_source_start_overlaps (w, &s, false), ==, -1);
  s.shape = CG_SOURCE_FAN;
  g_assert_cmpint (cg_source_start_overlaps (w, &s, false), ==, -1);
  s.shape = CG_SOURCE_PARALLEL;
  s.count = 3;
  g_assert_cmpint (cg_source_start_overlaps (w, &s, false), ==, -1);
  s.shape = CG_SOURCE_FAN;
  s.center.x = NAN;
  g_assert_cmpint (cg_source_start_overlaps (w, &s, false), ==, -1);
  cg_world_free (w);
}

/* The plan by its definition, level by level: every ray gets its k-th hit
 * before any gets its k+1-th, the rays first (half the budget, in order). */
static void
reference_plan (const CgPlanEntry *in, size_t n, uint64_t budget, gboolean *traced,
                uint64_t *hits_of_ray, size_t n_rays)
{
  budget = MAX (budget, 1);
  uint64_t ray_room = budget / 2, used = 0;
  size_t r = 0;
  for (size_t i = 0; i < n; i++)
    {
      traced[i] = (uint64_t)in[i].rays * CG_PLAN_RAY_UNITS <= ray_room - used;
      if (traced[i])
        used += (uint64_t)in[i].rays * CG_PLAN_RAY_UNITS;
      for (uint32_t k = 0; k < in[i].rays; k++)
        hits_of_ray[r++] = 0;
    }
  g_assert_cmpuint (r, ==, n_rays);
  uint64_t left = budget - used;
  for (uint32_t level = 1; left > 0; level++)
    {
      gboolean any = FALSE;
      r = 0;
      for (size_t i = 0; i < n; i++)
        for (uint32_t k = 0; k < in[i].rays; k++, r++)
          if (traced[i] && in[i].max_bounces >= level && left > 0)
            {
              hits_of_ray[r]++;
              left--;
              any = TRUE;
            }
      if (!any)
        break;
    }
}

static void
test_plan (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (2700);
  for (int round = 0; round < 400; round++)
    {
      size_t n = (size_t)g_rand_int_range (rand, 0, 7);
      CgPlanEntry entries[8];
      size_t n_rays = 0;
      for (size_t i = 0; i < n; i++)
        {
          entries[i] = (CgPlanEntry){ .rays = (uint32_t)g_rand_int_range (rand, 1, 12),
                                      .max_bounces = (uint32_t)g_rand_int_range (rand, 0, 40) };
          n_rays += entries[i].rays;
        }
      uint64_t budget = (uint64_t)g_rand_int_range (rand, 0, 400);
      CgPlan plan;
      cg_plan_make (&plan, entries, n, budget);
      gboolean traced[8];
      uint64_t want[128], cut_so_far = 0;
      reference_plan (entries, n, budget, traced, want, n_rays);
      size_t r = 0;
      gboolean cut = FALSE;
      for (size_t i = 0; i < n; i++)
        {
          g_assert_cmpint (entries[i].traced, ==, traced[i]);
          cut = cut || !traced[i];
          for (uint32_t k = 0; k < entries[i].rays; k++, r++)
            {
              uint32_t given = cg_plan_ray_allowance (&plan, &entries[i], &cut_so_far);
              uint32_t hits = MIN (given, entries[i].max_bounces);
              g_assert_cmpuint (hits, ==, want[r]);
              cut = cut || hits < entries[i].max_bounces;
            }
        }
      g_assert_cmpint (plan.cut, ==, cut);
    }
}

/* One ball within its allowance: the first hits of the ball traced freely,
 * then CG_TRACE_BUDGET; none cast with no allowance. */
typedef struct
{
  CgHit hits[64];
  size_t n;
} Collect;

static bool
collect (const CgHit *hit, void *data)
{
  Collect *c = data;
  c->hits[c->n++] = *hit;
  return true;
}

static void
test_trace_ball (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (99);
  double L;
  CgWorld *w = room_world (rand, 40, &L, FALSE);
  int cut = 0;
  for (int i = 0; i < 100; i++)
    {
      CgVec2 c = { g_rand_double_range (rand, 10, L - 10), g_rand_double_range (rand, 10, L - 10) };
      CgVec2 d = { g_rand_double_range (rand, -1, 1), g_rand_double_range (rand, -1, 1) };
      CgTrace free_trace;
      g_assert_true (cg_trace_run (w, 1.0, c, d, 20, false, -1, &free_trace));
      for (uint32_t allowance = 0; allowance <= 22; allowance += 1 + allowance / 4)
        {
          Collect got = { .n = 0 };
          CgTrace t = { 0 };
          cg_scene_trace_ball (w, 1.0, c, d, 20, allowance, false, -1, collect, &got, &t);
          if (allowance == 0)
            {
              g_assert_cmpint (t.status, ==, CG_TRACE_BUDGET);
              g_assert_cmpuint (got.n, ==, 0);
              CgVec2 unit = cg_normalize (d);
              SAME_BITS (t.direction, unit);
              SAME_BITS (t.start, c);
              continue;
            }
          g_assert_cmpuint (got.n, ==, MIN (free_trace.n_hits, allowance));
          for (size_t k = 0; k < got.n; k++)
            g_assert_true (memcmp (&got.hits[k], &free_trace.hits[k], sizeof (CgHit)) == 0);
          if (free_trace.n_hits > allowance)
            {
              g_assert_cmpint (t.status, ==, CG_TRACE_BUDGET);
              cut++;
            }
          else
            g_assert_cmpint (t.status, ==, free_trace.status);
        }
      cg_trace_clear (&free_trace);
    }
  g_assert_cmpint (cut, >, 0);
  /* max_bounces 0 is no cast to cut: MAX_BOUNCES, not BUDGET. */
  CgTrace t = { 0 };
  Collect got = { .n = 0 };
  cg_scene_trace_ball (w, 1.0, cg_v2 (L / 2, L / 2), cg_v2 (1, 0), 0, 0, false, -1, collect, &got,
                       &t);
  g_assert_cmpint (t.status, ==, CG_TRACE_MAX_BOUNCES);
  cg_world_free (w);
}

static void
test_rank_rejected (void)
{
  /* Crossed ones (farther, outside, behind) first by |t|, then the rest by
   * their distance from c; ties in the order tested. */
  CgTested t[6];
  memset (t, 0, sizeof t);
  CgVec2 c = { 0, 0 };
  t[0].rec.reject = CG_REJECT_NONE; /* the hit: left out */
  t[1].rec.reject = CG_REJECT_BACK_FACING;
  t[1].p = (CgPrimitive){ .kind = CG_PRIM_SEGMENT, .a = { 5, -1 }, .b = { 5, 1 } };
  t[2].rec.reject = CG_REJECT_FARTHER;
  t[2].rec.t = 7.0;
  t[3].rec.reject = CG_REJECT_BEHIND;
  t[3].rec.t = -2.0;
  t[4].rec.reject = CG_REJECT_MISSES_CIRCLE;
  t[4].p = (CgPrimitive){ .kind = CG_PRIM_ARC, .q = { 0, 9 }, .rho = 4 }; /* 5 away */
  t[5].rec.reject = CG_REJECT_OUTSIDE_SEGMENT;
  t[5].rec.t = 2.0; /* ties with t[3]'s |t| */
  uint32_t order[6];
  size_t n = cg_scene_rank_rejected (t, 6, c, order);
  g_assert_cmpuint (n, ==, 5);
  uint32_t want[] = { 3, 5, 2, 1, 4 };
  for (size_t i = 0; i < n; i++)
    g_assert_cmpuint (order[i], ==, want[i]);
  g_assert_cmpuint (cg_scene_rank_rejected (t, 1, c, order), ==, 0);
}

/* ---- the wasm core's libm ------------------------------------------------ */

static guint64 rng_state = 0x9e3779b97f4a7c15ull;

static guint64
next_random (void)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

static double
uniform (void)
{
  return (double)(next_random () >> 11) / 9007199254740992.0;
}

/* The distance in ulps between two doubles of one sign. */
static guint64
ulps (double a, double b)
{
  gint64 x, y;
  memcpy (&x, &a, sizeof x);
  memcpy (&y, &b, sizeof y);
  return x > y ? (guint64)(x - y) : (guint64)(y - x);
}

static void
test_libm (void)
{
  /* hypot: glibc's, bit for bit, at every scale and near the unit circle
   * (where the tracer normalises). */
  guint64 n = 3000000, differ = 0;
  for (guint64 i = 0; i < n; i++)
    {
      double a, b;
      switch (i % 4)
        {
        case 0:
          a = (uniform () * 2 - 1) * 1000;
          b = (uniform () * 2 - 1) * 1000;
          break;
        case 1:
          a = ldexp (uniform (), (int)(next_random () % 120) - 60);
          b = ldexp (uniform (), (int)(next_random () % 120) - 60);
          break;
        case 2:
          a = ldexp (uniform () + 0.5, (int)(next_random () % 1000) - 500);
          b = ldexp (uniform () + 0.5, (int)(next_random () % 1000) - 500);
          break;
        default:
          a = uniform () * 2 - 1;
          b = sqrt (1 - a * a) * (1 + (uniform () - 0.5) * 1e-15);
        }
      double mine = carom_libm_hypot (a, b), glibc = hypot (a, b);
      if (memcmp (&mine, &glibc, sizeof mine) != 0)
        {
          if (differ++ < 3)
            g_test_message ("hypot (%a, %a): %a, glibc %a", a, b, mine, glibc);
        }
    }
  g_test_message ("hypot: %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " differ from glibc", differ,
                  n);
  g_assert_cmpuint (differ, ==, 0);
  g_assert_cmpfloat (carom_libm_hypot (3, 4), ==, 5);
  g_assert_cmpfloat (carom_libm_hypot (-0.0, 0.0), ==, 0.0);
  g_assert_true (isinf (carom_libm_hypot (INFINITY, NAN)));
  g_assert_true (isnan (carom_libm_hypot (NAN, 1)));

  /* sin, cos, atan2: correctly rounded, so glibc's (within 0.52 ulp) but
   * in about 1 call in 1,000, and then by 1 ulp. */
  guint64 m = 1000000, sin_differ = 0, cos_differ = 0, atan2_differ = 0;
  for (guint64 i = 0; i < m; i++)
    {
      double x = i % 2 ? (uniform () * 2 - 1) * 8 : ldexp (uniform () * 2 - 1, (int)(i % 40) - 20);
      double y = uniform () * 2 - 1, z = uniform () * 2 - 1;
      double s = carom_libm_sin (x), c = carom_libm_cos (x), a = carom_libm_atan2 (y, z);
      g_assert_cmpuint (ulps (s, sin (x)), <=, 1);
      g_assert_cmpuint (ulps (c, cos (x)), <=, 1);
      g_assert_cmpuint (ulps (a, atan2 (y, z)), <=, 1);
      sin_differ += s != sin (x);
      cos_differ += c != cos (x);
      atan2_differ += a != atan2 (y, z);
    }
  g_test_message ("of %" G_GUINT64_FORMAT ": sin %" G_GUINT64_FORMAT ", cos %" G_GUINT64_FORMAT
                  ", atan2 %" G_GUINT64_FORMAT " differ from glibc by 1 ulp",
                  m, sin_differ, cos_differ, atan2_differ);
  g_assert_cmpuint (sin_differ, <, m / 200);
  g_assert_cmpuint (cos_differ, <, m / 200);
  g_assert_cmpuint (atan2_differ, <, m / 200);
  /* C's special values. */
  g_assert_true (signbit (carom_libm_atan2 (-0.0, 1.0)) && carom_libm_atan2 (-0.0, 1.0) == 0.0);
  g_assert_cmpfloat (carom_libm_atan2 (0.0, -1.0), ==, atan2 (0.0, -1.0));
  g_assert_cmpfloat (carom_libm_atan2 (1.0, 0.0), ==, atan2 (1.0, 0.0));
  g_assert_cmpfloat (carom_libm_atan2 (-1.0, -1.0), ==, atan2 (-1.0, -1.0));
  g_assert_cmpfloat (carom_libm_atan2 (INFINITY, -INFINITY), ==, atan2 (INFINITY, -INFINITY));
  g_assert_cmpfloat (carom_libm_sin (G_PI), ==, sin (G_PI));
  g_assert_cmpfloat (carom_libm_cos (G_PI / 2), ==, cos (G_PI / 2));
  g_assert_true (isnan (carom_libm_sin (INFINITY)));
}

/* ---- the wasm core against the CLI -------------------------------------- */

/* Numbers as the JSON writers write them: every digit. */
static void
json_number (GString *out, double v)
{
  if (v == 0.0)
    v = 0.0;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.17g", v));
}

static void
json_vec (GString *out, CgVec2 v)
{
  g_string_append_c (out, '[');
  json_number (out, v.x);
  g_string_append_c (out, ',');
  json_number (out, v.y);
  g_string_append_c (out, ']');
}

static void
json_string (GString *out, const char *s)
{
  g_string_append_c (out, '"');
  for (const char *p = s; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* The scene as the page's data block has it (docs/web-page.md: objects in
 * document order, hidden ones left out). */
static void
scene_json (GString *out, const CmScene *scene)
{
  g_string_append_c (out, '[');
  gboolean first = TRUE;
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *o = g_ptr_array_index (scene->objects, i);
      if (o->hidden)
        continue;
      g_string_append (out, first ? "{\"id\":" : ",{\"id\":");
      first = FALSE;
      json_string (out, o->id);
      g_string_append_printf (out, ",\"role\":\"%s\"", cm_object_role_name (o));
      if (o->kind == CM_OBJECT_POLYGON)
        {
          g_string_append_printf (out, ",\"onHit\":\"%s\",\"points\":[",
                                  o->on_hit == CG_ON_HIT_REFLECT ? "reflect" : "stop");
          for (size_t k = 0; k < o->n_points; k++)
            {
              if (k > 0)
                g_string_append_c (out, ',');
              json_vec (out, o->points[k]);
            }
          g_string_append_c (out, ']');
          if (o->edges != NULL)
            {
              g_string_append (out, ",\"edges\":[");
              for (size_t k = 0; k < o->n_points; k++)
                {
                  const CgCurveEdge *e = &o->edges[k];
                  g_string_append (out, k > 0 ? ",[" : "[");
                  json_number (out, e->q.x);
                  g_string_append_c (out, ',');
                  json_number (out, e->q.y);
                  g_string_append_c (out, ',');
                  json_number (out, e->R);
                  g_string_append_c (out, ',');
                  json_number (out, e->sweep);
                  g_string_append_c (out, ']');
                }
              g_string_append_c (out, ']');
            }
        }
      else
        {
          g_string_append (out, ",\"center\":");
          json_vec (out, o->center);
          g_string_append (out, ",\"radius\":");
          json_number (out, o->radius);
          g_string_append (out, ",\"direction\":");
          json_vec (out, o->direction);
          g_string_append_printf (out, ",\"maxBounces\":%u", o->max_bounces);
          if (o->kind == CM_OBJECT_BEAM)
            {
              g_string_append_printf (out, ",\"shape\":\"%s\",\"count\":%u",
                                      o->beam_shape == CAROM_BEAM_FAN ? "fan" : "parallel",
                                      o->count);
              if (o->beam_shape == CAROM_BEAM_FAN)
                {
                  g_string_append (out, ",\"spread\":");
                  json_number (out, o->spread);
                }
              else
                {
                  g_string_append (out, ",\"end\":");
                  json_vec (out, o->beam_end);
                }
            }
        }
      g_string_append_c (out, '}');
    }
  g_string_append_c (out, ']');
}

/* The index in the page's scene (hidden objects left out) of object i. */
static int
page_index (const CmScene *scene, guint i)
{
  int k = 0;
  for (guint j = 0; j < i; j++)
    k += !((const CmObject *)g_ptr_array_index (scene->objects, j))->hidden;
  return k;
}

/* A primitive and a cast record as carom-core.js's explain() gives them. */
static void
primitive_json (GString *out, const CmSceneTrace *st, const CgPrimitive *p)
{
  g_string_append_printf (out, "{\"kind\":\"%s\",\"part\":\"%s\",\"object\":",
                          p->kind == CG_PRIM_SEGMENT ? "segment" : "arc",
                          p->part == CG_PART_EDGE ? "edge" : "vertex");
  json_string (out, cm_scene_trace_polygon (st, p->object)->id);
  g_string_append_printf (out, ",\"element\":%u", p->element);
  if (p->kind == CG_PRIM_SEGMENT)
    {
      g_string_append (out, ",\"a\":");
      json_vec (out, p->a);
      g_string_append (out, ",\"b\":");
      json_vec (out, p->b);
      g_string_append (out, ",\"n\":");
      json_vec (out, p->n);
    }
  else
    {
      g_string_append (out, ",\"q\":");
      json_vec (out, p->q);
      g_string_append (out, ",\"rho\":");
      json_number (out, p->rho);
      g_string_append_printf (out, ",\"inside\":%d,\"full\":%d,\"uFrom\":", p->inside, p->full);
      json_vec (out, p->u_from);
      g_string_append (out, ",\"sweep\":");
      json_number (out, p->sweep);
    }
  g_string_append_c (out, '}');
}

static void
record_json (GString *out, const CgCastRecord *r)
{
  g_string_append_printf (out, "{\"reject\":%d,\"t\":", r->reject);
  json_number (out, r->t);
  g_string_append (out, ",\"point\":");
  json_vec (out, r->point);
  g_string_append (out, ",\"normal\":");
  json_vec (out, r->normal);
  const struct
  {
    const char *key;
    double value;
  } numbers[] = {
    { "dn", r->d_dot_n },  { "s", r->s },
    { "b", r->b },         { "cc", r->cc },
    { "disc", r->disc },   { "t0", r->t0 },
    { "t1", r->t1 },       { "phi", r->phi },
    { "sweep", r->sweep }, { "larger", r->larger_root ? 1.0 : 0.0 },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (numbers); i++)
    if (numbers[i].value != 0.0)
      {
        g_string_append_printf (out, ",\"%s\":", numbers[i].key);
        json_number (out, numbers[i].value);
      }
  if (r->m.x != 0.0 || r->m.y != 0.0)
    {
      g_string_append (out, ",\"m\":");
      json_vec (out, r->m);
    }
  g_string_append_c (out, '}');
}

/* The native explanations of the first hits of the first balls:
 * [[ball, hit, explanation with every rejected candidate], …]. */
static void
explanations_json (GString *out, const CmSceneTrace *st, guint most)
{
  g_string_append_c (out, '[');
  guint done = 0;
  for (guint b = 0; b < st->balls->len && done < most; b++)
    {
      const CaromBallTrace *bt = &g_array_index (st->balls, CaromBallTrace, b);
      for (guint k = 1; k <= bt->trace.n_hits && done < most; k++)
        {
          CaromCastExplanation e;
          g_assert_true (carom_explain_cast (st, b, k, &e));
          const CmObject *object = cm_scene_trace_polygon (st, e.prim.object);
          double R
              = e.prim.kind == CG_PRIM_ARC && e.prim.part == CG_PART_EDGE && object->edges != NULL
                    ? object->edges[e.prim.element].R
                    : 0.0;
          g_string_append_printf (out, "%s[%u,%u,{\"c\":", done > 0 ? "," : "", b, k);
          json_vec (out, e.c);
          g_string_append (out, ",\"d\":");
          json_vec (out, e.d);
          g_string_append (out, ",\"r\":");
          json_number (out, bt->ball->radius);
          g_string_append (out, ",\"radius\":");
          json_number (out, e.radius);
          g_string_append (out, ",\"R\":");
          json_number (out, R);
          g_string_append (out, ",\"prim\":");
          primitive_json (out, st, &e.prim);
          g_string_append (out, ",\"rec\":");
          record_json (out, &e.result.rec);
          g_string_append_printf (out, ",\"stats\":[%u,%u,%u,%zu],\"rejected\":[",
                                  e.result.stats.boxes_tested, e.result.stats.nodes_visited,
                                  e.result.stats.primitives_tested, e.n_primitives);
          g_autoptr (GArray) rejected = carom_explain_rejected (&e);
          for (guint i = 0; i < rejected->len; i++)
            {
              const CgTested *t = &e.tested[g_array_index (rejected, guint, i)];
              g_string_append (out, i > 0 ? ",{\"prim\":" : "{\"prim\":");
              primitive_json (out, st, &t->p);
              g_string_append (out, ",\"rec\":");
              record_json (out, &t->rec);
              g_string_append_c (out, '}');
            }
          g_string_append (out, "],\"more\":0}]");
          carom_cast_explanation_clear (&e);
          done++;
        }
    }
  g_string_append_c (out, ']');
}

/* Where the cases go, and how many so far. */
typedef struct
{
  char *dir;
  guint n;
  GString *list; /* the cases' JSON files, one a line */
} Cases;

/* Writes a case for tests/test-wasm-core.mjs: the scene file the CLI
 * traces, the scene the core loads (the file read back, as the page's data
 * block would have it), the options of both, the native explanations, and
 * what to move or aim. */
static void
write_case (Cases *cases, const char *name, const char *svg_path, const char *const *cli_args,
            double max_bounces, double budget, const char *moves_json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) scene = carom_svg_read_file (svg_path, NULL, NULL, &error);
  g_assert_no_error (error);
  CaromTraceOptions options = CAROM_TRACE_OPTIONS_INIT;
  options.max_bounces_override = max_bounces < 0 ? -1 : (gint64)max_bounces;
  options.budget = budget > 0 ? (guint64)budget : CAROM_BUDGET_STREAM_DEFAULT;
  options.n_threads = 1;
  g_autoptr (CmSceneTrace) st = cm_scene_trace_full (scene, &options);
  g_assert_nonnull (st);
  g_autoptr (GString) out = g_string_new ("{\"name\":");
  json_string (out, name);
  g_string_append (out, ",\"svg\":");
  json_string (out, svg_path);
  g_string_append (out, ",\"cli\":[");
  for (guint i = 0; cli_args != NULL && cli_args[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      json_string (out, cli_args[i]);
    }
  g_string_append (out, "],\"maxBounces\":");
  json_number (out, max_bounces);
  g_string_append (out, ",\"budget\":");
  json_number (out, budget > 0 ? budget : (double)CAROM_BUDGET_STREAM_DEFAULT);
  g_string_append (out, ",\"scene\":");
  scene_json (out, scene);
  g_string_append (out, ",\"explanations\":");
  explanations_json (out, st, 60);
  g_string_append_printf (out, ",\"moves\":%s}", moves_json != NULL ? moves_json : "[]");
  g_autofree char *file = g_strdup_printf ("%s/case-%03u.json", cases->dir, cases->n++);
  g_assert_true (g_file_set_contents (file, out->str, (gssize)out->len, NULL));
  g_string_append_printf (cases->list, "%s\n", file);
}

/* A move of ball or beam `index` of scene (page index) to start (x, y),
 * checked against the CLI's trace of moved_svg. */
static void
append_move (GString *moves, const CmScene *scene, guint index, const char *moved_svg)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) moved = carom_svg_read_file (moved_svg, NULL, NULL, &error);
  g_assert_no_error (error);
  const CmObject *o = g_ptr_array_index (moved->objects, index);
  g_string_append_printf (moves, "%s{\"object\":%d,\"start\":", moves->len > 1 ? "," : "",
                          page_index (scene, index));
  json_vec (moves, o->center);
  g_string_append (moves, ",\"svg\":");
  json_string (moves, moved_svg);
  g_string_append_c (moves, '}');
}

/* An aim of object `index` along (dx, dy) as written, checked against the
 * CLI's trace of the file with carom:direction="dx dy" (the .mjs writes it). */
static void
append_aim (GString *moves, const CmScene *scene, guint index, CgVec2 d)
{
  const CmObject *o = g_ptr_array_index (scene->objects, index);
  g_string_append_printf (moves, "%s{\"object\":%d,\"id\":", moves->len > 1 ? "," : "",
                          page_index (scene, index));
  json_string (moves, o->id);
  g_string_append (moves, ",\"aim\":");
  json_vec (moves, d);
  g_string_append_c (moves, '}');
}

/* Runs tests/test-wasm-core.mjs on the cases: FALSE (the test failed, with
 * node's report) unless every case agrees. */
static void
run_node (Cases *cases)
{
  const char *wasm = g_getenv ("CAROM_CORE_WASM");
  const char *node = g_getenv ("CAROM_NODE");
  if (wasm == NULL || wasm[0] == '\0' || !g_file_test (wasm, G_FILE_TEST_EXISTS))
    {
      g_test_fail_printf ("carom-core.wasm was not built: this build found no wasm32-wasi "
                          "toolchain (-Dwasm=auto). Install clang, lld, wasi-libc and "
                          "libclang-rt-14-dev-wasm32 (scripts/setup --test does) and configure "
                          "with -Dwasm=enabled");
      return;
    }
  if (node == NULL || node[0] == '\0')
    {
      g_test_fail_printf ("Node.js was not found: install nodejs (scripts/setup --test does)");
      return;
    }
  g_autofree char *list = g_strdup_printf ("%s/cases.txt", cases->dir);
  g_assert_true (g_file_set_contents (list, cases->list->str, -1, NULL));
  g_autofree char *script = test_source_path ("tests/test-wasm-core.mjs");
  g_autofree char *binding = test_source_path ("src/wasm/carom-core.js");
  const char *exe = g_getenv ("CAROM_EXE");
  g_assert_nonnull (exe);
  const char *argv[] = { node, script, wasm, binding, exe, list, NULL };
  g_autofree char *out = NULL, *err = NULL;
  int status = test_run_argv (NULL, argv, &out, &err);
  g_test_message ("%s%s", out, err);
  if (status != 0)
    g_test_fail_printf ("the wasm core differs from the native one (node exited %d):\n%s%s", status,
                        out, err);
}

static Cases
cases_new (void)
{
  Cases c = { .dir = g_dir_make_tmp ("carom-wasm-XXXXXX", NULL), .list = g_string_new (NULL) };
  g_assert_nonnull (c.dir);
  return c;
}

static void
cases_free (Cases *c)
{
  g_autoptr (GDir) d = g_dir_open (c->dir, 0, NULL);
  const char *name;
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (c->dir, name, NULL);
      g_remove (path);
    }
  g_rmdir (c->dir);
  g_free (c->dir);
  g_string_free (c->list, TRUE);
}

/* Every example, as it is, and with its first ball or beam moved and aimed. */
static void
test_wasm_examples (void)
{
  Cases cases = cases_new ();
  g_autofree char *dir = test_source_path ("data/examples");
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".svg"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc)g_strcmp0);
  g_assert_cmpuint (names->len, >=, 7);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, names->pdata[i], NULL);
      g_autoptr (CmScene) scene = carom_svg_read_file (path, NULL, NULL, NULL);
      g_assert_nonnull (scene);
      /* The first ball or beam moved by (7, -5) and aimed along (3, -4). */
      g_autoptr (GString) moves = g_string_new ("[");
      for (guint k = 0; k < scene->objects->len; k++)
        {
          CmObject *o = g_ptr_array_index (scene->objects, k);
          if (o->kind == CM_OBJECT_POLYGON || o->hidden)
            continue;
          g_autoptr (CmScene) moved = cm_scene_new ();
          for (guint j = 0; j < scene->objects->len; j++)
            g_ptr_array_add (moved->objects,
                             cm_object_copy (g_ptr_array_index (scene->objects, j)));
          CmObject *m = g_ptr_array_index (moved->objects, k);
          m->center = cg_v2 (m->center.x + 7.0, m->center.y - 5.0);
          if (m->kind == CM_OBJECT_BEAM && m->beam_shape == CAROM_BEAM_PARALLEL)
            m->beam_end = cg_v2 (m->beam_end.x + 7.0, m->beam_end.y - 5.0);
          g_autofree char *moved_svg = g_strdup_printf ("%s/moved-%u.svg", cases.dir, i);
          g_autoptr (GError) error = NULL;
          g_assert_true (carom_svg_write_file (moved, moved_svg, &error));
          append_move (moves, scene, k, moved_svg);
          append_aim (moves, scene, k, cg_v2 (3.0, -4.0));
          break;
        }
      g_string_append_c (moves, ']');
      write_case (&cases, names->pdata[i], path, NULL, -1, 0, moves->str);
    }
  run_node (&cases);
  cases_free (&cases);
}

/* A random scene of the geometry tests (scene-gen.h): a room of n obstacles
 * (some curved, some reflecting, one hidden), with balls, fans and parallel
 * beams of every kind. */
static CmScene *
random_scene (GRand *rand, int n)
{
  TestScene ts;
  test_scene_init (&ts);
  double L;
  test_scene_random_room (&ts, rand, n, &L);
  if (g_rand_boolean (rand))
    test_scene_curve (&ts, rand, 3, n / 8 + 1, L);
  gboolean reflect_all = g_rand_int_range (rand, 0, 3) == 0;
  CmScene *scene = cm_scene_new ();
  const CgBoundaryRef *refs = (const CgBoundaryRef *)ts.refs->data;
  for (guint i = 0; i < ts.refs->len; i++)
    {
      CmObject *o = cm_scene_add_polygon (scene, NULL, refs[i].role, refs[i].v, refs[i].n);
      if (refs[i].e != NULL)
        cm_object_set_edges (o, refs[i].e);
      if (refs[i].role == CG_ROLE_OBSTACLE && (reflect_all || g_rand_int_range (rand, 0, 3) == 0))
        o->on_hit = CG_ON_HIT_REFLECT;
      if (i == 5)
        o->hidden = TRUE;
    }
  test_scene_clear (&ts);
  int sources = g_rand_int_range (rand, 1, 6);
  for (int k = 0; k < sources; k++)
    {
      CgVec2 c = { g_rand_double_range (rand, 2, L - 2), g_rand_double_range (rand, 2, L - 2) };
      CgVec2 d = { g_rand_double_range (rand, -1, 1), g_rand_double_range (rand, -1, 1) };
      double r = g_rand_double_range (rand, 0.25, 6.0);
      static const guint bounces[] = { 0, 1, 7, 29, 150 };
      guint mb = bounces[g_rand_int_range (rand, 0, G_N_ELEMENTS (bounces))];
      int kind = g_rand_int_range (rand, 0, 3);
      CmObject *o;
      if (kind == 0)
        o = cm_object_new_ball (NULL, c, r, d, mb);
      else if (kind == 1)
        o = cm_object_new_fan_beam (NULL, c, r, d, g_rand_double_range (rand, 0, 360),
                                    (guint)g_rand_int_range (rand, 1, 30), mb);
      else
        o = cm_object_new_parallel_beam (
            NULL, c,
            cg_v2 (g_rand_double_range (rand, 2, L - 2), g_rand_double_range (rand, 2, L - 2)), r,
            d, (guint)g_rand_int_range (rand, 1, 20), mb);
      o->hidden = k == 3;
      g_ptr_array_add (scene->objects, o);
    }
  cm_scene_assign_ids (scene);
  return scene;
}

static void
test_wasm_random (void)
{
  Cases cases = cases_new ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (1027);
  static const int sizes[] = { 0, 1, 4, 12, 40, 120, 400, 1000 };
  for (guint i = 0; i < 40; i++)
    {
      g_autoptr (CmScene) scene = random_scene (rand, sizes[i % G_N_ELEMENTS (sizes)]);
      g_autofree char *svg = g_strdup_printf ("%s/random-%u.svg", cases.dir, i);
      g_autoptr (GError) error = NULL;
      g_assert_true (carom_svg_write_file (scene, svg, &error));
      g_autofree char *name = g_strdup_printf ("random %u", i);
      /* Some with the CLI's options: fewer bounces, a small budget. */
      if (i % 5 == 3)
        {
          const char *args[] = { "--max-bounces", "3", NULL };
          write_case (&cases, name, svg, args, 3, 0, NULL);
        }
      else if (i % 5 == 4)
        {
          const char *args[] = { "--max-hits", "1500", NULL };
          write_case (&cases, name, svg, args, -1, 1500, NULL);
        }
      else
        write_case (&cases, name, svg, NULL, -1, 0, NULL);
    }
  run_node (&cases);
  cases_free (&cases);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/scene-step/beam-rays", test_beam_rays);
  g_test_add_func ("/scene-step/fan-start", test_fan_start);
  g_test_add_func ("/scene-step/plan", test_plan);
  g_test_add_func ("/scene-step/trace-ball", test_trace_ball);
  g_test_add_func ("/scene-step/rank-rejected", test_rank_rejected);
  g_test_add_func ("/scene-step/libm", test_libm);
  g_test_add_func ("/wasm/examples", test_wasm_examples);
  g_test_add_func ("/wasm/random", test_wasm_random);
  return g_test_run ();
}
