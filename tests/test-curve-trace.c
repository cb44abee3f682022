/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-curve-trace.c: scenes with exact circles and arcs traced through the
 * model (issue 16) in the scene's one world (issue 23: straight and curved
 * polygons alike): a Sinai table, a round room and a stadium, each ball's
 * first hits computed by hand (the arithmetic is in the comments); the hits
 * say arc edge or cap and reflect or stop; --explain's circle cast; the
 * boundary map along arcs; BVH and brute force agree; a drag of a ball, or
 * of a curved polygon, updates the world in place. */
#include <math.h>
#include <string.h>

#include "model/carom-boundary-map.h"
#include "model/carom-explain.h"
#include "model/carom-tracing.h"

#define EPS 1e-9

/* A whole circle of centre q and radius R for the role (one vertex, one edge). */
static CmObject *
add_circle (CmScene *scene, const char *id, CgVec2 q, double R, CgRole role, CgOnHit on_hit)
{
  CgVec2 v0;
  CgCurveEdge e;
  cg_curve_circle (q, R, role, &v0, &e);
  CmObject *o = cm_scene_add_polygon (scene, id, role, &v0, 1);
  cm_object_set_edges (o, &e);
  o->on_hit = on_hit;
  return o;
}

/* The square room [0, 100]², a wall. */
static void
add_room (CmScene *scene)
{
  CgVec2 room[4] = { { 0, 0 }, { 0, 100 }, { 100, 100 }, { 100, 0 } }; /* A < 0 */
  cm_scene_add_polygon (scene, "room", CG_ROLE_WALL, room, 4);
}

static const CgHit *
hit_of (const CmSceneTrace *t, guint ball, guint k)
{
  const CaromBallTrace *bt = &g_array_index (t->balls, CaromBallTrace, ball);
  g_assert_cmpuint (bt->trace.n_hits, >, k);
  return &bt->trace.hits[k];
}

static void
assert_vec (CgVec2 got, double x, double y)
{
  g_assert_cmpfloat_with_epsilon (got.x, x, EPS);
  g_assert_cmpfloat_with_epsilon (got.y, y, EPS);
}

/* Sinai: the room and a reflecting disk q = (50, 50), R = 20; a ball of
 * r = 1 at c = (10, 60) going d = (1, 0).
 * Hit 1, the disk's offset circle ρ = R + r = 21 (convex: the entry root):
 *   m = c − q = (−40, 10), b = m·d = −40, cc = |m|² − ρ² = 1700 − 441 = 1259,
 *   b² − cc = 1600 − 1259 = 341, t₀ = −b − √341 = 40 − √341 ≈ 21.5338,
 *   p = (10 + t₀, 60) = (50 − √341, 60), n = (p − q)/21 = (−√341, 10)/21,
 *   d·n = −√341/21, d′ = d − 2(d·n)n = (1 − 2·341/441, 2·10√341/441)
 *      = (−241/441, 20√341/441) ≈ (−0.546485, 0.837468).
 * Hit 2, the room's edge y = 100, offset y = 99 (n = (0, −1)):
 *   t = (99 − 60)/d′ᵧ = 39·441/(20√341) ≈ 46.5688, p = (p₁ₓ − 241/441·t, 99),
 *   d″ = (d′ₓ, −d′ᵧ). */
static CmScene *
sinai_scene (void)
{
  CmScene *scene = cm_scene_new ();
  add_room (scene);
  add_circle (scene, "disk", cg_v2 (50, 50), 20, CG_ROLE_OBSTACLE, CG_ON_HIT_REFLECT);
  cm_scene_add_ball (scene, "ball", cg_v2 (10, 60), 1.0, cg_v2 (1, 0), 29);
  return scene;
}

static void
test_sinai (void)
{
  g_autoptr (CmScene) scene = sinai_scene ();
  g_autoptr (CmSceneTrace) t = cm_scene_trace (scene, -1, FALSE);
  /* One world holds the straight room and the curved disk; the ball is
   * traced in it with its own radius. */
  g_assert_nonnull (t->world);
  g_assert_cmpuint (cg_world_count (t->world), ==, 2);
  const CaromBallTrace *bt = &g_array_index (t->balls, CaromBallTrace, 0);
  g_assert_true (bt->world == t->world);
  g_assert_cmpfloat (bt->radius, ==, 1.0);
  for (guint k = 0; k < 2; k++)
    {
      CgBoundaryRef b = cg_world_boundary (t->world, k);
      if (strcmp (cm_scene_trace_polygon (t, k)->id, "disk") == 0)
        {
          /* the whole circle: one arc edge of sweep 2π, reflecting */
          g_assert_cmpuint (b.n, ==, 1);
          g_assert_nonnull (b.e);
          g_assert_cmpfloat_with_epsilon (b.e[0].sweep, 2 * G_PI, 1e-15);
          g_assert_true (cg_world_reflects (t->world, k));
        }
      else
        {
          g_assert_cmpuint (b.n, ==, 4);
          for (size_t i = 0; b.e != NULL && i < b.n; i++)
            g_assert_cmpfloat (b.e[i].sweep, ==, 0);
        }
    }
  g_assert_cmpint (bt->trace.status, ==, CG_TRACE_MAX_BOUNCES);
  g_assert_cmpuint (bt->trace.n_hits, ==, 29);

  double s341 = sqrt (341.0);
  const CgHit *h1 = hit_of (t, 0, 0);
  g_assert_cmpstr (cm_scene_trace_polygon (t, h1->object)->id, ==, "disk");
  g_assert_cmpint (h1->kind, ==, CG_PRIM_ARC);
  g_assert_cmpint (h1->part, ==, CG_PART_EDGE); /* the arc edge's offset, not a cap */
  g_assert_cmpuint (h1->element, ==, 0);
  g_assert_true (h1->reflected);
  /* the prim names the disk's offset circle ρ = R + r = 21 */
  CgPrimitive p1;
  g_assert_true (cg_world_primitive (t->world, h1->prim, bt->radius, &p1));
  g_assert_true (p1.kind == CG_PRIM_ARC && p1.full && !p1.inside);
  g_assert_cmpfloat (p1.rho, ==, 21);
  g_assert_cmpuint (p1.object, ==, h1->object);
  g_assert_cmpfloat_with_epsilon (h1->distance, 40 - s341, EPS);
  assert_vec (h1->point, 50 - s341, 60);
  assert_vec (h1->normal, -s341 / 21, 10.0 / 21);
  assert_vec (h1->out, -241.0 / 441, 20 * s341 / 441);

  const CgHit *h2 = hit_of (t, 0, 1);
  g_assert_cmpstr (cm_scene_trace_polygon (t, h2->object)->id, ==, "room");
  g_assert_cmpint (h2->kind, ==, CG_PRIM_SEGMENT);
  g_assert_cmpint (h2->part, ==, CG_PART_EDGE);
  double t2 = 39.0 * 441 / (20 * s341);
  g_assert_cmpfloat_with_epsilon (h2->distance, t2, EPS);
  assert_vec (h2->point, 50 - s341 - 241.0 / 441 * t2, 99);
  assert_vec (h2->out, -241.0 / 441, -20 * s341 / 441);

  /* The disk stopping the ball: one hit, stopped, out == in. */
  CmObject *disk = cm_scene_find (scene, "disk");
  disk->on_hit = CG_ON_HIT_STOP;
  g_autoptr (CmSceneTrace) s = cm_scene_trace (scene, -1, FALSE);
  const CaromBallTrace *sb = &g_array_index (s->balls, CaromBallTrace, 0);
  g_assert_cmpint (sb->trace.status, ==, CG_TRACE_STOPPED);
  g_assert_cmpuint (sb->trace.n_hits, ==, 1);
  g_assert_false (sb->trace.hits[0].reflected);
  assert_vec (sb->trace.hits[0].out, 1, 0);
}

/* A round room: a wall circle q = (0, 0), R = 50; a ball of r = 2 at
 * c = (0, 10) going d = (1, 0).
 * Hit 1, the concave offset circle ρ = R − r = 48 (the exit root):
 *   m = (0, 10), b = 0, cc = 100 − 2304 = −2204, b² − cc = 2204,
 *   t₁ = −b + √2204 = √2204 ≈ 46.9468, p = (√2204, 10),
 *   n = (q − p)/48 = (−√2204, −10)/48,
 *   d′ = d − 2(d·n)n = (1 − 2·2204/2304, −2·10√2204/2304)
 *      = (−2104/2304, −20√2204/2304).
 * Hit 2: a chord of a circle reflects into a chord of the same length: the
 * line y = 10 cuts ρ = 48 in a chord of 2√2204, so t = 2√2204.
 * The boundary map: the wall circle starts at v₀ = q + (50, 0) and turns
 * with sweep −2π; the contact p − r n = p·50/48 is at the angle
 * atan2(10, √2204) = asin(10/48) on the raw numbers, turned the other way:
 * ξ = 50 (2π − asin(10/48)); sin φ = nₓd′ᵧ − nᵧd′ₓ. */
static void
test_circle_room (void)
{
  g_autoptr (CmScene) scene = cm_scene_new ();
  add_circle (scene, "round", cg_v2 (0, 0), 50, CG_ROLE_WALL, CG_ON_HIT_STOP);
  cm_scene_add_ball (scene, "ball", cg_v2 (0, 10), 2.0, cg_v2 (1, 0), 5);
  g_autoptr (CmSceneTrace) t = cm_scene_trace (scene, -1, FALSE);
  double s = sqrt (2204.0);
  const CgHit *h1 = hit_of (t, 0, 0);
  g_assert_cmpint (h1->kind, ==, CG_PRIM_ARC);
  g_assert_cmpint (h1->part, ==, CG_PART_EDGE);
  g_assert_cmpuint (h1->element, ==, 0);
  g_assert_cmpint (h1->role, ==, CG_ROLE_WALL);
  g_assert_cmpfloat_with_epsilon (h1->distance, s, EPS);
  assert_vec (h1->point, s, 10);
  assert_vec (h1->normal, -s / 48, -10.0 / 48);
  assert_vec (h1->out, -2104.0 / 2304, -20 * s / 2304);
  const CgHit *h2 = hit_of (t, 0, 1);
  g_assert_cmpfloat_with_epsilon (h2->distance, 2 * s, EPS);
  g_assert_cmpfloat_with_epsilon (cg_length (h2->point), 48, EPS);

  g_autoptr (GArray) map = carom_boundary_map_points (t, 0, NULL);
  g_assert_cmpuint (map->len, ==, 5);
  const CaromMapPoint *p = &g_array_index (map, CaromMapPoint, 0);
  g_assert_cmpfloat_with_epsilon (p->xi, 50 * (2 * G_PI - asin (10.0 / 48)), 1e-9);
  assert_vec (p->contact, s * 50 / 48, 10.0 * 50 / 48);
  double sin_phi = h1->normal.x * h1->out.y - h1->normal.y * h1->out.x;
  g_assert_cmpfloat_with_epsilon (p->sin_phi, sin_phi, 1e-15);
  g_autofree double *offsets = carom_boundary_map_offsets (t);
  g_assert_cmpfloat_with_epsilon (offsets[1], 100 * G_PI, 1e-9);
  /* Every point of the map lies on the circle's length. */
  for (guint k = 0; k < map->len; k++)
    {
      const CaromMapPoint *q = &g_array_index (map, CaromMapPoint, k);
      g_assert_cmpfloat (q->xi, >=, 0);
      g_assert_cmpfloat (q->xi, <=, 100 * G_PI);
      g_assert_cmpfloat_with_epsilon (cg_length (q->contact), 50, 1e-9);
    }

  /* --explain writes the circle cast with the larger root. */
  CaromCastExplanation e;
  g_assert_true (carom_explain_cast (t, 0, 1, &e));
  /* the primitive explained: the room's concave offset circle ρ = 48 */
  g_assert_cmpfloat (e.radius, ==, 2.0);
  g_assert_true (e.prim.kind == CG_PRIM_ARC && e.prim.part == CG_PART_EDGE);
  g_assert_true (e.prim.full && e.prim.inside);
  g_assert_cmpfloat (e.prim.rho, ==, 48);
  g_assert_true (e.result.rec.larger_root);
  g_autofree char *text = carom_explain_format_digits (&e, CAROM_EXPLAIN_TEXT, 5, 6);
  g_autofree char *latex = carom_explain_format (&e, CAROM_EXPLAIN_LATEX, 5);
  carom_cast_explanation_clear (&e);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "round"));
  g_assert_nonnull (strstr (text, "arc edge 0"));
  g_assert_nonnull (strstr (text, "ρ = R − r = 50 − 2 = 48"));
  g_assert_nonnull (strstr (text, "b² − cc = ρ² − |m − b d|² = 2204 ≥ 0"));
  g_assert_nonnull (strstr (text, "t = t₁ = 46.9468"));
  g_assert_nonnull (strstr (text, "A whole circle: no sweep test."));
  g_assert_nonnull (strstr (text, "normal = (q − p)/ρ"));
  g_assert_nonnull (strstr (latex, "t = t_1 = "));
  g_assert_nonnull (strstr (latex, "\\rho = R - r"));
}

/* A stadium: segments (25, 0)–(75, 0) and (75, 50)–(25, 50) joined by half
 * circles of R = 25 around (75, 25) and (25, 25), a wall; a ball of r = 1 at
 * c = (50, 25) going d = (2, 1)/√5.
 * The offset y = 49 of the lower segment is crossed at t = 24√5 ≈ 53.67, at
 * x = 50 + 48 = 98, past the segment's end x = 75: no hit there.
 * Hit 1, the right half circle, concave, ρ = 25 − 1 = 24, the exit root:
 *   m = c − q = (−25, 0), b = m·d = −50/√5 = −10√5, cc = 625 − 576 = 49,
 *   b² − cc = 500 − 49 = 451, t₁ = 10√5 + √451 ≈ 43.5975, p = c + t₁ d,
 *   |p − q| = 24; the sweep: p − q = (2t₁/√5 − 25, t₁/√5) ≈ (13.995, 19.497)
 *   lies on the right of q, inside the half turn from (0, −1) to (0, 1). */
static void
test_stadium (void)
{
  g_autoptr (CmScene) scene = cm_scene_new ();
  CgVec2 v[4] = { { 25, 0 }, { 75, 0 }, { 75, 50 }, { 25, 50 } };
  CgCurveEdge e[4] = { cg_curve_edge_straight (), cg_curve_edge_arc (v[1], v[2], G_PI),
                       cg_curve_edge_straight (), cg_curve_edge_arc (v[3], v[0], G_PI) };
  cg_curve_orient (v, e, 4, CG_ROLE_WALL);
  g_assert_cmpint (cg_curve_validate (v, e, 4, 1e-7).status, ==, CG_CURVE_OK);
  CmObject *o = cm_scene_add_polygon (scene, "stadium", CG_ROLE_WALL, v, 4);
  cm_object_set_edges (o, e);
  cm_scene_add_ball (scene, "ball", cg_v2 (50, 25), 1.0, cg_v2 (2, 1), 50);
  g_autoptr (CmSceneTrace) t = cm_scene_trace (scene, -1, FALSE);
  const CgHit *h1 = hit_of (t, 0, 0);
  double t1 = 10 * sqrt (5.0) + sqrt (451.0);
  g_assert_cmpint (h1->kind, ==, CG_PRIM_ARC);
  g_assert_cmpint (h1->part, ==, CG_PART_EDGE);
  g_assert_cmpfloat_with_epsilon (h1->distance, t1, EPS);
  assert_vec (h1->point, 50 + 2 * t1 / sqrt (5.0), 25 + t1 / sqrt (5.0));
  g_assert_cmpfloat_with_epsilon (cg_distance (h1->point, cg_v2 (75, 25)), 24, EPS);
  /* Its edge is the arc around (75, 25). */
  g_assert_cmpfloat_with_epsilon (o->edges[h1->element].q.x, 75, EPS);

  /* Every contact of 50 bounces keeps the centre inside the offset
   * stadium: within 24 + tau of an arc's centre where x is beyond it,
   * else between y = 1 - tau and y = 49 + tau, with tau the rounding of the
   * numbers of that cast (4 eps of the largest of its start, its contact and
   * the outline's coordinates, at least 75, and 4 eps of the distance
   * travelled). */
  const CaromBallTrace *bt = &g_array_index (t->balls, CaromBallTrace, 0);
  g_assert_cmpuint (bt->trace.n_hits, ==, 50);
  for (size_t k = 0; k < bt->trace.n_hits; k++)
    {
      const CgHit *h = &bt->trace.hits[k];
      CgVec2 p = h->point;
      double tau = cg_tolerance (cg_max (75, cg_max (cg_magnitude (h->from), cg_magnitude (p))))
                   + cg_tolerance (h->distance);
      if (p.x > 75)
        g_assert_cmpfloat (cg_distance (p, cg_v2 (75, 25)), <=, 24 + tau);
      else if (p.x < 25)
        g_assert_cmpfloat (cg_distance (p, cg_v2 (25, 25)), <=, 24 + tau);
      else
        g_assert_true (p.y >= 1 - tau && p.y <= 49 + tau);
      /* The hit names its piece: beyond the joins, the offset of the arc
       * edge around that end's centre; between them, a segment's offset
       * (at a join itself, its cap of sweep 0 may take it). */
      if (p.x > 75 + tau || p.x < 25 - tau)
        {
          g_assert_cmpint (h->part, ==, CG_PART_EDGE);
          g_assert_cmpint (h->kind, ==, CG_PRIM_ARC);
          g_assert_cmpfloat (o->edges[h->element].q.x, ==, p.x > 75 ? 75 : 25);
        }
      else if (p.x > 25 + tau && p.x < 75 - tau)
        {
          g_assert_cmpint (h->part, ==, CG_PART_EDGE);
          g_assert_cmpint (h->kind, ==, CG_PRIM_SEGMENT);
          g_assert_cmpfloat (o->edges[h->element].sweep, ==, 0);
        }
    }

  /* By brute force: the same hits. */
  g_autoptr (CmSceneTrace) b = cm_scene_trace (scene, -1, TRUE);
  const CaromBallTrace *bb = &g_array_index (b->balls, CaromBallTrace, 0);
  g_assert_cmpuint (bb->trace.n_hits, ==, bt->trace.n_hits);
  for (size_t k = 0; k < bt->trace.n_hits; k++)
    {
      g_assert_cmpuint (bb->trace.hits[k].prim, ==, bt->trace.hits[k].prim);
      g_assert_true (memcmp (&bb->trace.hits[k].point, &bt->trace.hits[k].point, sizeof (CgVec2))
                     == 0);
    }
}

/* Compares two scene traces, ball by ball, bit for bit (but for what each
 * search cost: a world updated in place has refitted boxes). */
static void
assert_same_traces (const CmSceneTrace *t, const CmSceneTrace *fresh)
{
  g_assert_cmpuint (t->balls->len, ==, fresh->balls->len);
  for (guint b = 0; b < t->balls->len; b++)
    {
      const CgTrace *x = &g_array_index (t->balls, CaromBallTrace, b).trace;
      const CgTrace *y = &g_array_index (fresh->balls, CaromBallTrace, b).trace;
      g_assert_cmpint (x->status, ==, y->status);
      g_assert_cmpuint (x->n_hits, ==, y->n_hits);
      for (size_t k = 0; k < x->n_hits; k++)
        {
          CgHit hx = x->hits[k], hy = y->hits[k];
          hx.stats = hy.stats = (CgCastStats){ 0, 0, 0 };
          g_assert_true (memcmp (&hx, &hy, sizeof hx) == 0);
        }
    }
}

/* A drag of a ball in a curved scene updates in place (the world stays); so
 * does a drag of a curved polygon (the world's boundary is replaced in
 * place, and the traces are those of a new world, bit for bit), while a
 * polygon whose edges change between segments and arcs needs a new trace.
 * A fan beam in a curved scene traces as its balls. */
static void
test_curved_update_and_beam (void)
{
  g_autoptr (CmScene) scene = sinai_scene ();
  g_ptr_array_add (scene->objects,
                   cm_object_new_fan_beam ("fan", cg_v2 (20, 20), 1.0, cg_v2 (1, 1), 90, 9, 29));
  g_autoptr (CmSceneTrace) t = cm_scene_trace (scene, -1, FALSE);
  g_assert_cmpuint (t->balls->len, ==, 10);
  const CgWorld *world = t->world;
  guint index = 2;
  CmObject *moved = cm_object_copy (g_ptr_array_index (scene->objects, index));
  moved->center.y += 3;
  cm_object_free (g_ptr_array_index (scene->objects, index));
  scene->objects->pdata[index] = moved;
  g_assert_true (cm_scene_trace_update (t, scene, &index, 1, NULL));
  g_assert_true (t->world == world);
  {
    g_autoptr (CmSceneTrace) fresh = cm_scene_trace (scene, -1, FALSE);
    assert_same_traces (t, fresh);
  }

  /* The disk moved by (4, -3): updated in place. */
  index = 1;
  moved = cm_object_copy (g_ptr_array_index (scene->objects, index));
  g_assert_nonnull (moved->edges);
  moved->points[0] = cg_add (moved->points[0], cg_v2 (4, -3));
  moved->edges[0].q = cg_add (moved->edges[0].q, cg_v2 (4, -3));
  cm_object_free (g_ptr_array_index (scene->objects, index));
  scene->objects->pdata[index] = moved;
  g_autoptr (GArray) updated = g_array_new (FALSE, FALSE, sizeof (guint));
  g_assert_true (cm_scene_trace_update (t, scene, &index, 1, updated));
  g_assert_true (t->world == world);
  g_assert_cmpuint (updated->len, ==, 1);
  guint k = g_array_index (updated, guint, 0);
  g_assert_true (cm_scene_trace_polygon (t, k) == moved);
  CgBoundaryRef b = cg_world_boundary (t->world, k);
  g_assert_cmpfloat (b.e[0].q.x, ==, 54);
  g_assert_cmpfloat (b.e[0].q.y, ==, 47);
  {
    g_autoptr (CmSceneTrace) fresh = cm_scene_trace (scene, -1, FALSE);
    assert_same_traces (t, fresh);
    /* the ball meets the moved disk first: its offset circle around (54, 47) */
    const CgHit *h = hit_of (t, 0, 0);
    g_assert_cmpstr (cm_scene_trace_polygon (t, h->object)->id, ==, "disk");
    g_assert_cmpfloat_with_epsilon (cg_distance (h->point, cg_v2 (54, 47)), 21, EPS);
  }

  /* The room's edges made arcs: not in place. */
  index = 0;
  moved = cm_object_copy (g_ptr_array_index (scene->objects, index));
  CgCurveEdge bent[4];
  for (guint i = 0; i < 4; i++)
    bent[i] = cg_curve_edge_straight ();
  bent[0] = cg_curve_edge_arc (moved->points[0], moved->points[1], -0.5);
  cm_object_set_edges (moved, bent);
  cm_object_free (g_ptr_array_index (scene->objects, index));
  scene->objects->pdata[index] = moved;
  g_assert_false (cm_scene_trace_update (t, scene, &index, 1, NULL));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/curve-trace/sinai", test_sinai);
  g_test_add_func ("/curve-trace/circle-room", test_circle_room);
  g_test_add_func ("/curve-trace/stadium", test_stadium);
  g_test_add_func ("/curve-trace/update-and-beam", test_curved_update_and_beam);
  return g_test_run ();
}
