/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-curve-explain.c: what a cast in a world with curved boundaries
 * tested (cg_world_explain_cast()), and its use by --explain and the Hit
 * panel's rejected candidates (model/carom-explain.h): on random curved
 * scenes the explained cast is cg_world_cast()'s, the same hit bit for bit
 * and the same statistics, with a true reason for every other candidate;
 * the primitive just reflected off met again at t = 0; the Sinai example's
 * first cast by hand; `carom trace --explain` of a curved scene lists the
 * rejected candidates; the candidates overlay draws them. */
#include <glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "geom/cg-trace.h"
#include "io/carom-svg.h"
#include "model/carom-explain.h"
#include "render/carom-render.h"
#include "test-util.h"

/* A boundary of the random scene: its own arrays. */
typedef struct
{
  CgVec2 v[8];
  CgCurveEdge e[8];
  size_t n;
} Shape;

/* A regular k-gon around q of radius R, each edge straight or bent by a
 * random sweep, oriented for the role; false when it is not valid. */
static bool
random_shape (GRand *rand, Shape *s, CgVec2 q, double R, CgRole role)
{
  if (g_rand_int_range (rand, 0, 3) == 0)
    {
      cg_curve_circle (q, R, role, &s->v[0], &s->e[0]);
      s->n = 1;
      return true;
    }
  s->n = (size_t)g_rand_int_range (rand, 3, 7);
  double turn = g_rand_double_range (rand, 0, 2 * G_PI);
  for (size_t i = 0; i < s->n; i++)
    {
      double a = turn + 2 * G_PI * (double)i / (double)s->n;
      s->v[i] = cg_v2 (q.x + R * cos (a), q.y + R * sin (a));
    }
  for (size_t i = 0; i < s->n; i++)
    {
      double sweep = g_rand_double_range (rand, -1.2, 1.2);
      s->e[i] = g_rand_boolean (rand) && fabs (sweep) > 0.05
                    ? cg_curve_edge_arc (s->v[i], s->v[(i + 1) % s->n], sweep)
                    : cg_curve_edge_straight ();
    }
  cg_curve_orient (s->v, s->e, s->n, role);
  return cg_curve_validate (s->v, s->e, s->n, 1e-7).status == CG_CURVE_OK;
}

/* What the random scenes exercised. */
typedef struct
{
  guint casts, excluded, farther, after_tested;
} Counts;

/* The explained cast against the plain one, and every candidate's record
 * against its own cast. */
static void
check_cast (const CgWorld *w, CgVec2 c, CgVec2 d, double r, int64_t after, Counts *counts)
{
  CgWorldHit want = cg_world_cast (w, c, d, r, after, false);
  CgWorldHit got;
  CgTested *tested;
  size_t n_tested;
  g_assert_true (cg_world_explain_cast (w, c, d, r, after, &got, &tested, &n_tested));
  g_assert_cmpint (got.hit, ==, want.hit);
  g_assert_cmpuint (got.stats.boxes_tested, ==, want.stats.boxes_tested);
  g_assert_cmpuint (got.stats.nodes_visited, ==, want.stats.nodes_visited);
  g_assert_cmpuint (got.stats.primitives_tested, ==, want.stats.primitives_tested);
  if (want.hit)
    {
      g_assert_cmpuint (got.prim, ==, want.prim);
      g_assert_true (memcmp (&got.rec.t, &want.rec.t, sizeof (double)) == 0);
      g_assert_true (memcmp (&got.rec.point, &want.rec.point, sizeof (CgVec2)) == 0);
    }
  uint32_t n_ids = cg_world_prim_count (w);
  guint winners = 0;
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  counts->casts++;
  for (size_t i = 0; i < n_tested; i++)
    {
      const CgTested *t = &tested[i];
      g_assert_cmpuint (t->prim, <, n_ids);
      /* A primitive is listed once. */
      g_assert_false (g_hash_table_contains (seen, GUINT_TO_POINTER (t->prim + 1)));
      g_hash_table_add (seen, GUINT_TO_POINTER (t->prim + 1));
      /* It is the world's primitive of that id for this ball. */
      CgPrimitive p;
      g_assert_true (cg_world_primitive (w, t->prim, r, &p));
      g_assert_true (memcmp (&p, &t->p, sizeof p) == 0);
      CgCastRecord own;
      bool hit = cg_cast_primitive (&p, c, d, &own);
      g_assert_true (memcmp (&own.t, &t->rec.t, sizeof (double)) == 0);
      if ((int64_t)t->prim == after)
        counts->after_tested++;
      switch (t->rec.reject)
        {
        case CG_REJECT_NONE:
          winners++;
          g_assert_true (want.hit);
          g_assert_cmpuint (t->prim, ==, want.prim);
          g_assert_true (t->rec.hit);
          break;
        case CG_REJECT_EXCLUDED:
          /* Only `after`, met again at t = 0, where it does not count. */
          counts->excluded++;
          g_assert_cmpint ((int64_t)t->prim, ==, after);
          g_assert_true (hit);
          g_assert_cmpfloat (own.t, ==, 0);
          break;
        case CG_REJECT_FARTHER:
          counts->farther++;
          g_assert_true (hit);
          g_assert_true (want.hit);
          g_assert_true (own.t > want.rec.t || (own.t == want.rec.t && t->prim > want.prim));
          /* `after` counts at t > 0, like any other */
          g_assert_true ((int64_t)t->prim != after || own.t > 0);
          break;
        default:
          g_assert_false (hit);
          g_assert_cmpint (t->rec.reject, ==, own.reject);
          break;
        }
    }
  g_assert_cmpuint (winners, ==, want.hit ? 1 : 0);
  /* Everything the search tested is listed, `after` too, and nothing else. */
  g_assert_cmpuint (n_tested, ==, want.stats.primitives_tested);
  /* A hit nothing tested beats: brute force agrees. */
  CgWorldHit brute = cg_world_cast (w, c, d, r, after, true);
  g_assert_cmpint (brute.hit, ==, got.hit);
  if (brute.hit)
    {
      g_assert_cmpuint (brute.prim, ==, got.prim);
      g_assert_true (memcmp (&brute.rec.t, &got.rec.t, sizeof (double)) == 0);
    }
  free (tested);
}

/* A random id of a primitive the world has for radius r. */
static int64_t
random_prim (GRand *rand, const CgWorld *w, double r)
{
  uint32_t n = cg_world_prim_count (w);
  for (;;)
    {
      uint32_t id = (uint32_t)g_rand_int_range (rand, 0, (gint32)n);
      CgPrimitive p;
      if (cg_world_primitive (w, id, r, &p))
        return id;
    }
}

/* Random rooms (a square with one edge bent in or out) with up to nine
 * random curved obstacles, random balls of several radii traced bounce by
 * bounce in the one world; each cast, with the tracer's own `after`,
 * explained; and some casts from random points with a random `after`. */
static void
test_random_scenes (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261124);
  Counts counts = { 0 };
  for (int scene = 0; scene < 120; scene++)
    {
      Shape shapes[10];
      CgBoundaryRef refs[10];
      size_t count = 0;
      Shape *room = &shapes[count];
      room->n = 4;
      room->v[0] = cg_v2 (0, 0);
      room->v[1] = cg_v2 (0, 100);
      room->v[2] = cg_v2 (100, 100);
      room->v[3] = cg_v2 (100, 0);
      for (size_t i = 0; i < 4; i++)
        room->e[i] = cg_curve_edge_straight ();
      size_t bent = (size_t)g_rand_int_range (rand, 0, 4);
      room->e[bent] = cg_curve_edge_arc (room->v[bent], room->v[(bent + 1) % 4],
                                         g_rand_boolean (rand) ? 0.9 : -0.9);
      cg_curve_orient (room->v, room->e, room->n, CG_ROLE_WALL);
      g_assert_cmpint (cg_curve_validate (room->v, room->e, room->n, 1e-7).status, ==, CG_CURVE_OK);
      refs[count++] = (CgBoundaryRef){ room->v, room->e, room->n, CG_ROLE_WALL, CG_ON_HIT_REFLECT };
      for (int gx = 0; gx < 3; gx++)
        for (int gy = 0; gy < 3; gy++)
          {
            if (g_rand_int_range (rand, 0, 3) == 0)
              continue;
            CgVec2 q = cg_v2 (25 + 25 * gx + g_rand_double_range (rand, -2, 2),
                              25 + 25 * gy + g_rand_double_range (rand, -2, 2));
            Shape *s = &shapes[count];
            if (!random_shape (rand, s, q, g_rand_double_range (rand, 3, 8), CG_ROLE_OBSTACLE))
              continue;
            refs[count++]
                = (CgBoundaryRef){ s->v, s->e, s->n, CG_ROLE_OBSTACLE,
                                   g_rand_boolean (rand) ? CG_ON_HIT_REFLECT : CG_ON_HIT_STOP };
          }
      CgWorld *w = cg_world_new (refs, count);
      g_assert_nonnull (w);
      for (int ball = 0; ball < 8; ball++)
        {
          /* one world, balls of several radii (a point now and then) */
          double r = g_rand_int_range (rand, 0, 4) == 0 ? 0.0 : g_rand_double_range (rand, 0.2, 3);
          CgVec2 c = cg_v2 (g_rand_double_range (rand, 2, 98), g_rand_double_range (rand, 2, 98));
          double a = g_rand_double_range (rand, 0, 2 * G_PI);
          CgVec2 d = cg_v2 (cos (a), sin (a));
          /* A random cast, with a random `after`. */
          int64_t after = g_rand_boolean (rand) ? -1 : random_prim (rand, w, r);
          check_cast (w, c, d, r, after, &counts);
          /* A trace, cast by cast with the tracer's `after`. */
          CgTracer tr;
          if (cg_tracer_start (&tr, w, r, c, d, 30, false, -1) != CG_TRACE_RUNNING)
            continue;
          while (tr.status == CG_TRACE_RUNNING)
            {
              CgVec2 from = tr.pos, dir = tr.dir;
              int64_t before = tr.after;
              CgTested *tested;
              size_t n_tested;
              CgWorldHit got;
              g_assert_true (
                  cg_world_explain_cast (w, from, dir, r, before, &got, &tested, &n_tested));
              free (tested);
              check_cast (w, from, dir, r, before, &counts);
              CgHit h;
              CgTraceStatus st = cg_tracer_step (&tr, &h);
              if (st == CG_TRACE_ESCAPED)
                break;
              /* The tracer's hit is the explained one. */
              g_assert_true (got.hit);
              g_assert_cmpuint (got.prim, ==, h.prim);
              g_assert_true (memcmp (&got.rec.t, &h.distance, sizeof (double)) == 0);
              g_assert_true (memcmp (&got.rec.point, &h.point, sizeof (CgVec2)) == 0);
              g_assert_true (memcmp (&got.rec.normal, &h.normal, sizeof (CgVec2)) == 0);
            }
        }
      cg_world_free (w);
    }
  g_test_message ("%u casts, `after` tested %u times (%u of them met again at t = 0), %u farther",
                  counts.casts, counts.after_tested, counts.excluded, counts.farther);
  /* The scenes exercise every kind of entry: the primitive just reflected
   * off tested again, with its true reason, and hits beaten by nearer ones. */
  g_assert_cmpuint (counts.casts, >, 2000);
  g_assert_cmpuint (counts.after_tested, >, 100);
  g_assert_cmpuint (counts.farther, >, 100);
}

/* The primitive just reflected off, met again at t = 0: a ball of r = 2 at
 * the top of a disk's offset circle (q = (50, 50), R = 10, ρ = 12), moving
 * along its tangent d = (1, 0): m = (0, -12), b = 0, b² − cc = 0, so
 * t₀ = t₁ = 0, a touching hit. With the circle as `after` it does not count
 * (EXCLUDED) and the ball goes on to the room's edge x = 98 at t = 48; as
 * any other primitive it is the hit, at t = 0. */
static void
test_excluded_at_zero (void)
{
  CgVec2 room[4] = { { 0, 0 }, { 0, 100 }, { 100, 100 }, { 100, 0 } };
  CgVec2 dv;
  CgCurveEdge de;
  cg_curve_circle (cg_v2 (50, 50), 10, CG_ROLE_OBSTACLE, &dv, &de);
  CgBoundaryRef refs[2] = { { room, NULL, 4, CG_ROLE_WALL, CG_ON_HIT_REFLECT },
                            { &dv, &de, 1, CG_ROLE_OBSTACLE, CG_ON_HIT_REFLECT } };
  CgWorld *w = cg_world_new (refs, 2);
  g_assert_nonnull (w);
  double r = 2;
  CgVec2 c = cg_v2 (50, 38), d = cg_v2 (1, 0);
  uint32_t circle = cg_prim_id (4, 0, CG_PART_EDGE); /* the disk's edge follows the room's four */
  CgPrimitive p;
  g_assert_true (cg_world_primitive (w, circle, r, &p));
  g_assert_true (p.kind == CG_PRIM_ARC && p.full && p.object == 1);
  g_assert_cmpfloat (p.rho, ==, 12);

  CgWorldHit first = cg_world_cast (w, c, d, r, -1, false);
  g_assert_true (first.hit);
  g_assert_cmpuint (first.prim, ==, circle);
  g_assert_cmpfloat (first.rec.t, ==, 0);
  g_assert_cmpfloat (first.rec.disc, ==, 0);

  Counts counts = { 0 };
  check_cast (w, c, d, r, circle, &counts);
  g_assert_cmpuint (counts.excluded, ==, 1);
  CgWorldHit got;
  CgTested *tested;
  size_t n_tested;
  g_assert_true (cg_world_explain_cast (w, c, d, r, circle, &got, &tested, &n_tested));
  g_assert_true (got.hit);
  g_assert_cmpuint (got.prim, ==, cg_prim_id (0, 2, CG_PART_EDGE)); /* the room's x = 100 */
  g_assert_cmpfloat (got.rec.t, ==, 48);
  gboolean found = FALSE;
  for (size_t i = 0; i < n_tested; i++)
    if (tested[i].prim == circle)
      {
        g_assert_cmpint (tested[i].rec.reject, ==, CG_REJECT_EXCLUDED);
        g_assert_cmpfloat (tested[i].rec.t, ==, 0);
        g_autofree char *reason = carom_explain_reason (&tested[i].rec, got.rec.t);
        g_assert_cmpstr (reason, ==,
                         "skipped: the ball just reflected off it, and meets it again at t = 0");
        found = TRUE;
      }
  g_assert_true (found);
  free (tested);
  cg_world_free (w);
}

/* The Sinai example: a room [-300, 300]², a disk of R = 100 at the origin, a
 * ball of r = 20 at c = (-250, 60) going d = (1, 0). The disk's offset
 * circle ρ = 120 is hit first at t₀ = 250 − √10800 ≈ 146.08. The room's
 * offset edges are x = −280 (edge 0, n = (1, 0)), y = 280 (edge 1,
 * n = (0, −1)), x = 280 (edge 2, n = (−1, 0)) and y = −280 (edge 3,
 * n = (0, 1)): a wall's edges are runs of their own, so the BVH's boxes
 * (grown by r) cull them all: edge 0 lies behind the start, edges 1 and 3
 * beside the ray, and edge 2 is entered at t = 280 + 250 = 530, after the
 * disk's hit. The disk alone is tested. */
static void
test_sinai_first_cast (void)
{
  g_autofree char *path = test_source_path ("data/examples/sinai.svg");
  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) scene = carom_svg_read_file (path, NULL, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  /* the straight room and the curved disk in the one world */
  g_assert_nonnull (trace->world);
  g_assert_cmpuint (cg_world_count (trace->world), ==, 2);
  CaromCastExplanation e;
  g_assert_true (carom_explain_cast (trace, 0, 1, &e));
  g_assert_cmpfloat (e.radius, ==, 20);
  g_assert_cmpint (e.exclude, ==, -1);
  /* the hit: the disk's offset, a whole circle of ρ = R + r = 120 */
  g_assert_true (e.prim.kind == CG_PRIM_ARC && e.prim.part == CG_PART_EDGE);
  g_assert_true (e.prim.full && !e.prim.inside);
  g_assert_cmpfloat (e.prim.rho, ==, 120);
  g_assert_cmpfloat_with_epsilon (e.result.rec.t, 250 - sqrt (10800), 1e-12);
  g_assert_cmpuint (e.n_primitives, ==, 5); /* four segments and a circle */
  g_assert_cmpuint (e.n_tested, ==, e.result.stats.primitives_tested);
  g_assert_cmpuint (e.n_tested, ==, 1);
  const CmObject *object;
  g_autofree char *hit_name = carom_explain_tested_name (&e, 0, &object);
  g_assert_cmpstr (object->id, ==, "disk");
  g_assert_cmpstr (hit_name, ==, "arc edge 0");
  g_assert_cmpint (e.tested[0].rec.reject, ==, CG_REJECT_NONE);
  g_assert_cmpuint (e.tested[0].prim, ==, e.result.prim);
  g_autoptr (GArray) order = carom_explain_rejected (&e);
  g_assert_cmpuint (order->len, ==, 0);

  /* The second cast starts on the disk just reflected off, heading out of
   * its circle: the disk is tested again (it would count at t > 0) and
   * rejected for what its cast says, the ball leaving the circle. */
  CaromCastExplanation e2;
  g_assert_true (carom_explain_cast (trace, 0, 2, &e2));
  g_assert_cmpint (e2.exclude, ==, (int64_t)e.result.prim);
  g_assert_cmpuint (e2.n_tested, ==, e2.result.stats.primitives_tested);
  gboolean disk = FALSE;
  for (size_t i = 0; i < e2.n_tested; i++)
    if (e2.tested[i].prim == e.result.prim)
      {
        const CgCastRecord *rec = &e2.tested[i].rec;
        g_autofree char *reason = carom_explain_tested_reason (&e2, i, 6);
        g_test_message ("disk again: %s", reason);
        /* b = m·d > 0: heading out; t₀ < 0 <= t₁ (LEAVING) or both roots
         * behind within rounding (BEHIND); never a hit at t = 0 */
        g_assert_cmpfloat (rec->b, >, 0);
        g_assert_cmpfloat (rec->t0, <, 0);
        if (rec->t1 >= 0)
          {
            g_assert_cmpint (rec->reject, ==, CG_REJECT_LEAVING);
            g_assert_true (
                g_str_has_prefix (reason, "starts inside the circle and leaves it: t₀ = "));
          }
        else
          {
            g_assert_cmpint (rec->reject, ==, CG_REJECT_BEHIND);
            g_assert_true (g_str_has_prefix (reason, "behind the start: t = "));
          }
        disk = TRUE;
      }
  g_assert_true (disk);
  carom_cast_explanation_clear (&e2);
  carom_cast_explanation_clear (&e);
}

/* An arc outside its sweep is explained by the angle φ. A wall of a half
 * disk: the arc of R = 50 around (50, 50) from (100, 50) over the lower half
 * (y > 50 on the raw numbers) and the diameter, the room below it. The ball
 * of r = 1 at (50, 55) going up (d = (0, −1)) meets the diameter's offset
 * y = 51; the arc's concave offset circle ρ = R − r = 49 is crossed at
 * (50, 50 − ρ), φ = 270° from where its left turn starts, outside its 180°
 * sweep. */
static void
test_outside_sweep_reason (void)
{
  g_autoptr (CmScene) scene = cm_scene_new ();
  CgVec2 v[2] = { { 100, 50 }, { 0, 50 } };
  CmObject *o = cm_scene_add_polygon (scene, "bowl", CG_ROLE_WALL, v, 2);
  CgCurveEdge e[2] = { cg_curve_edge_arc (v[0], v[1], G_PI), cg_curve_edge_straight () };
  cg_curve_orient (o->points, e, 2, CG_ROLE_WALL);
  cm_object_set_edges (o, e);
  cm_scene_add_ball (scene, "ball", cg_v2 (50, 55), 1, cg_v2 (0, -1), 3);
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, 0);
  g_assert_cmpuint (bt->trace.n_hits, >=, 1);
  /* the first hit: the diameter's offset y = 51 */
  g_assert_cmpint (bt->trace.hits[0].kind, ==, CG_PRIM_SEGMENT);
  g_assert_cmpfloat_with_epsilon (bt->trace.hits[0].point.y, 51, 1e-12);
  CaromCastExplanation ex;
  g_assert_true (carom_explain_cast (trace, 0, 1, &ex));
  gboolean found = FALSE;
  for (size_t i = 0; i < ex.n_tested; i++)
    if (ex.tested[i].rec.reject == CG_REJECT_OUTSIDE_SWEEP)
      {
        /* the bowl's arc edge, its offset circle ρ = R − r = 49 */
        const CgPrimitive *p = &ex.tested[i].p;
        g_assert_true (p->kind == CG_PRIM_ARC && p->part == CG_PART_EDGE && p->inside);
        g_assert_cmpfloat (p->rho, ==, 49);
        g_assert_cmpfloat_with_epsilon (ex.tested[i].rec.phi, 1.5 * G_PI, 1e-12);
        g_autofree char *reason = carom_explain_tested_reason (&ex, i, 6);
        g_test_message ("%s", reason);
        g_assert_true (g_str_has_prefix (reason, "outside the sweep: φ = "));
        g_assert_nonnull (strstr (reason, "° is not in [0°, 180°]"));
        found = TRUE;
      }
  g_assert_true (found);
  carom_cast_explanation_clear (&ex);
}

/* `carom trace --explain` of the Sinai example: the candidates a cast tested
 * and why they lost. */
static void
test_cli_explain (void)
{
  g_autofree char *path = test_source_path ("data/examples/sinai.svg");
  const char *argv[]
      = { g_getenv ("CAROM_EXE"), "trace", "--explain", "--max-bounces", "2", path, NULL };
  g_autofree char *out = NULL, *err = NULL;
  int status;
  g_autoptr (GError) error = NULL;
  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                               &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_test_message ("%s", out);
  g_assert_nonnull (strstr (out, "Hit 1 of ball “ball”: obstacle “disk”, arc edge 0"));
  /* The room's edges, each a run of its own, are culled by their boxes. */
  g_assert_nonnull (strstr (out, "1 primitives tested (brute force tests 5)\n\nHit 2"));
  /* The second cast starts on the disk, heading out of its circle: the
   * disk is listed with that reason, its roots t₀ = −2b = −120√3 and t₁
   * within rounding of 0 (just after the start or just behind it). */
  g_assert_nonnull (strstr (out, "Hit 2 of ball “ball”: wall “room”, edge 1"));
  g_assert_true (
      strstr (out,
              "  disk, arc edge 0: starts inside the circle and leaves it: t₀ = -207.846 < 0\n")
          != NULL
      || strstr (out, "  disk, arc edge 0: behind the start: t = -207.846 < 0\n") != NULL);
}

/* Pixels of colour c (within a few levels) on the vertical line x = sx or
 * the circle |p - q| = rho (rho > 0) of the scene, at 200 places along it. */
static int
count_color (cairo_surface_t *img, const CaromView *v, CaromColor c, double sx, CgVec2 q,
             double rho)
{
  int found = 0;
  const guint8 *data = cairo_image_surface_get_data (img);
  int stride = cairo_image_surface_get_stride (img);
  for (int k = 0; k < 200; k++)
    {
      CgVec2 at = rho > 0
                      ? cg_v2 (q.x + rho * cos (k * G_PI / 100), q.y + rho * sin (k * G_PI / 100))
                      : cg_v2 (sx, -250 + 2.5 * k);
      CgVec2 dev = carom_view_to_device (v, at);
      int x = (int)floor (dev.x), y = (int)floor (dev.y);
      guint32 p = ((const guint32 *)(data + y * stride))[x];
      int rgb[3] = { (p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff };
      found += abs (rgb[0] - (int)lround (255 * c.red)) < 12
               && abs (rgb[1] - (int)lround (255 * c.green)) < 12
               && abs (rgb[2] - (int)lround (255 * c.blue)) < 12;
    }
  return found;
}

static cairo_surface_t *
render_sinai (CaromRenderCache *cache, const CaromView *v, const CaromStyle *style,
              CaromOverlays overlays, gint64 step)
{
  CaromRenderOptions o;
  carom_render_options_init (&o);
  o.overlays = overlays;
  o.step = step;
  cairo_surface_t *img
      = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)v->width, (int)v->height);
  cairo_t *cr = cairo_create (img);
  carom_render (cr, cache, v, style, &o, NULL);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (img);
  const char *dir = g_getenv ("CAROM_TEST_PNG_DIR");
  if (dir != NULL)
    {
      g_autofree char *path = g_strdup_printf ("%s/curve-candidates-%d-%" G_GINT64_FORMAT ".png",
                                               dir, (int)overlays, step);
      cairo_surface_write_to_png (img, path);
    }
  return img;
}

/* The candidates overlay of the Sinai example, with a post of R = 20 added
 * at (150, -200), away from the ball's first two casts: at step 1 the cast
 * tested the disk alone, so the room's offset edges x = ±280 (each a run of
 * its own, culled by its box) and the post's offset circle are drawn in the
 * culled colour, nothing in the rejected one, and the disk's offset circle
 * (the hit) is not drawn as rejected; at step 2 the disk's circle, just
 * reflected off and tested again (the ball leaving it), is. Without the
 * overlay nothing is in that colour. */
static void
test_candidates_overlay (void)
{
  g_autofree char *path = test_source_path ("data/examples/sinai.svg");
  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) scene = carom_svg_read_file (path, NULL, NULL, &error);
  g_assert_no_error (error);
  CgVec2 post_q = cg_v2 (150, -200), v0;
  CgCurveEdge e0;
  cg_curve_circle (post_q, 20, CG_ROLE_OBSTACLE, &v0, &e0);
  CmObject *post = cm_scene_add_polygon (scene, "post", CG_ROLE_OBSTACLE, &v0, 1);
  cm_object_set_edges (post, &e0);
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  /* the post changes nothing of the first two hits */
  const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, 0);
  g_assert_cmpuint (bt->trace.n_hits, >=, 2);
  g_assert_cmpstr (cm_scene_trace_polygon (trace, bt->trace.hits[0].object)->id, ==, "disk");
  g_assert_cmpstr (cm_scene_trace_polygon (trace, bt->trace.hits[1].object)->id, ==, "room");
  CaromRenderCache *cache = carom_render_cache_new (scene, trace, -1);
  g_assert_nonnull (cache);
  CaromStyle style = carom_style_article ();
  style.rejected = (CaromColor){ 0.9, 0.1, 0.9, 1.0 };
  style.culled = (CaromColor){ 0.1, 0.8, 0.1, 1.0 };
  CaromView v = carom_view_fit ((CgAabb){ { -320, -320 }, { 320, 320 } }, 640, 640, 0, 4.0);
  CgVec2 origin = cg_v2 (0, 0);

  cairo_surface_t *img = render_sinai (cache, &v, &style, CAROM_OVERLAY_CANDIDATES, 1);
  g_assert_cmpint (count_color (img, &v, style.rejected, 280, origin, 0), ==, 0);
  g_assert_cmpint (count_color (img, &v, style.rejected, -280, origin, 0), ==, 0);
  g_assert_cmpint (count_color (img, &v, style.rejected, 0, origin, 120), ==, 0);
  g_assert_cmpint (count_color (img, &v, style.rejected, 0, post_q, 40), ==, 0);
  /* drawn thin (0.6 of the outline's width): only some pixels have its full colour */
  g_assert_cmpint (count_color (img, &v, style.culled, 0, post_q, 40), >, 10);
  cairo_surface_destroy (img);

  img = render_sinai (cache, &v, &style, CAROM_OVERLAY_CANDIDATES, 2);
  g_assert_cmpint (count_color (img, &v, style.rejected, 0, origin, 120), >, 150);
  cairo_surface_destroy (img);

  img = render_sinai (cache, &v, &style, CAROM_OVERLAY_OUTLINES | CAROM_OVERLAY_PATH, 1);
  g_assert_cmpint (count_color (img, &v, style.rejected, 280, origin, 0), ==, 0);
  g_assert_cmpint (count_color (img, &v, style.rejected, -280, origin, 0), ==, 0);
  g_assert_cmpint (count_color (img, &v, style.rejected, 0, origin, 120), ==, 0);
  cairo_surface_destroy (img);
  carom_render_cache_free (cache);
}

int
main (int argc, char **argv)
{
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/curve-explain/random-scenes", test_random_scenes);
  g_test_add_func ("/curve-explain/excluded-at-zero", test_excluded_at_zero);
  g_test_add_func ("/curve-explain/sinai-first-cast", test_sinai_first_cast);
  g_test_add_func ("/curve-explain/outside-sweep", test_outside_sweep_reason);
  g_test_add_func ("/curve-explain/cli", test_cli_explain);
  g_test_add_func ("/curve-explain/candidates-overlay", test_candidates_overlay);
  return g_test_run ();
}
