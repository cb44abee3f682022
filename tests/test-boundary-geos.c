/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-boundary-geos.c: the true offset boundary's area against GEOS's buffer
 * (round joins, 64 segments per quarter circle; a negative width shrinks a
 * wall), on stars, random star-shaped polygons, L-shapes, a room with a narrow
 * corridor, a comb and a pocket, in both roles.
 *
 * GEOS draws each arc as chords of angle θ' <= θ = π/128, each cutting off a
 * sliver of area r² (θ' - sin θ') / 2 ≈ r² θ'³ / 12, so along visible arcs of
 * total sweep Σδ its area is off by about r² θ'² Σδ / 12 (smaller for an
 * obstacle, larger for a wall): about 5e-6 of the star's area, and up to 1e-4
 * for a small wall region with a large r. Each case checks
 * - the relative difference < 1e-5 wherever that chord term allows it, and
 * - that the chord term explains the difference, leaving at most a fifth of
 *   the term (in practice the residual is a few percent of it, i.e. about
 *   1e-7 of the area or less).
 */
#include <geos_c.h>
#include <float.h>
#include <glib.h>
#include <string.h>

#include "boundary-shapes.h"
#include "geom/cg-boundary.h"

/// GEOS's segments per quarter circle.
#define GEOS_QUADSEGS 64
/// The relative agreement required of the plain areas.
#define GEOS_REL 1e-5
/// The part of GEOS's mean chord error that may stay unexplained (the mean
/// holds up to where GEOS's chord ends fall along each visible piece).
#define GEOS_CHORD_SLACK 0.2

/// GEOS's buffer area of the polygon: grown by r for an obstacle, shrunk by r
/// for a wall.
static double
geos_area (const Poly *p, CgRole role, double r)
{
  GEOSContextHandle_t h = GEOS_init_r ();
  GEOSCoordSequence *seq = GEOSCoordSeq_create_r (h, (unsigned)p->n + 1, 2);
  g_assert_nonnull (seq);
  for (size_t i = 0; i <= p->n; i++)
    GEOSCoordSeq_setXY_r (h, seq, (unsigned)i, p->v[i % p->n].x, p->v[i % p->n].y);
  GEOSGeometry *ring = GEOSGeom_createLinearRing_r (h, seq);
  GEOSGeometry *poly = GEOSGeom_createPolygon_r (h, ring, NULL, 0);
  g_assert_nonnull (poly);
  GEOSGeometry *buf
      = GEOSBufferWithStyle_r (h, poly, role == CG_ROLE_OBSTACLE ? r : -r, GEOS_QUADSEGS,
                               GEOSBUF_CAP_ROUND, GEOSBUF_JOIN_ROUND, 5.0);
  g_assert_nonnull (buf);
  double area = 0.0;
  g_assert_cmpint (GEOSArea_r (h, buf, &area), ==, 1);
  GEOSGeom_destroy_r (h, buf);
  GEOSGeom_destroy_r (h, poly);
  GEOS_finish_r (h);
  return area;
}

/// The sweep of the seed arc at vertex i (between the normals of the edges
/// meeting there): the arc GEOS splits into chords.
static double
vertex_sweep (const Poly *p, size_t i)
{
  CgVec2 a0 = cg_sub (p->v[i], p->v[(i + p->n - 1) % p->n]);
  CgVec2 a1 = cg_sub (p->v[(i + 1) % p->n], p->v[i]);
  return atan2 (cg_cross (a0, a1), cg_dot (a0, a1));
}

/// Builds the boundary of p (copied and oriented for the role) and compares its
/// area with GEOS's.
static void
compare (const Poly *shape, CgRole role, double r, const char *name)
{
  Poly p = poly_new (shape->n);
  memcpy (p.v, shape->v, shape->n * sizeof *p.v);
  poly_orient (&p, role);
  CgBoundary b = { 0 };
  g_assert_true (cg_boundary_build (p.v, p.n, role, r, &b));
  double area = cg_boundary_area (&b, role);
  // GEOS splits the join at a vertex of sweep Φ into m = max(1, round(Φ / θ)) chords of angle
  // θ' = Φ / m; a chord of angle θ' cuts off r² (θ' - sin θ') / 2 ≈ r² θ'³ / 12, so along a piece
  // of sweep δ GEOS's region differs on average by r² θ'² δ / 12, at most by r² θ'² δ / 8.
  // Every arc has P ⊕ D inside its circle and W ⊖ D outside, so GEOS's obstacle areas come out
  // smaller and its wall areas larger.
  double theta = G_PI / (2.0 * GEOS_QUADSEGS), chord = 0.0;
  for (size_t i = 0; i < b.n_pieces; i++)
    if (b.pieces[i].kind == CG_PRIM_ARC)
      {
        double phi = vertex_sweep (&p, b.pieces[i].source);
        double m = MAX (1.0, round (phi / theta)), th = phi / m;
        chord += r * r * th * th * (b.pieces[i].angle1 - b.pieces[i].angle0) / 12.0;
      }
  double predicted = role == CG_ROLE_OBSTACLE ? area - chord : area + chord;
  double garea = geos_area (&p, role, r);
  double diff = fabs (area - garea), residual = fabs (garea - predicted);
  double rel = diff / MAX (garea, DBL_MIN);
  g_test_message ("%s %s r=%g: %zu pieces, area %.10g, GEOS %.10g, rel %.2e; GEOS's chord term "
                  "%.2e explains it but for %.3f of the term",
                  name, role == CG_ROLE_OBSTACLE ? "obstacle" : "wall", r, b.n_pieces, area, garea,
                  rel, chord / MAX (garea, DBL_MIN), chord > 0.0 ? residual / chord : 0.0);
  if (garea == 0.0)
    g_assert_cmpfloat (area, ==, 0.0);
  else
    {
      // The plain comparison, wherever GEOS's own chord error is below the limit.
      if (chord <= GEOS_REL * garea && !(rel <= GEOS_REL))
        g_error ("%s: relative difference %.3g exceeds %.3g", name, rel, GEOS_REL);
      // GEOS's chord error explains the difference.
      if (!(residual <= GEOS_CHORD_SLACK * chord + 1e-9 * garea))
        g_error ("%s: GEOS differs from the chord prediction by %.3g (chord term %.3g)", name,
                 residual, chord);
    }
  cg_boundary_clear (&b);
  poly_free (&p);
}

static void
compare_both (const Poly *shape, double r, const char *name)
{
  compare (shape, CG_ROLE_OBSTACLE, r, name);
  compare (shape, CG_ROLE_WALL, r, name);
}

/* 1: stars of 200 to 2,000 vertices alternating radii 100 and 60, grown and shrunk by 5 and 2. */
static void
test_geos_stars (void)
{
  const size_t sizes[] = { 200, 500, 1000, 2000 };
  for (size_t k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      Poly p = star_new (sizes[k], 100.0, 60.0);
      compare_both (&p, 5.0, "star");
      if (sizes[k] <= 500)
        compare_both (&p, 2.0, "star");
      poly_free (&p);
    }
}

/* 2: random star-shaped polygons with 20 to 400 vertices and radii from 0.5 to 12. */
static void
test_geos_random (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (31337);
  for (int iter = 0; iter < 24; iter++)
    {
      size_t n = (size_t)g_rand_int_range (rand, 20, 400);
      double r = g_rand_double_range (rand, 0.5, 20.0);
      Poly p = random_star_new (rand, n, 30.0, 100.0);
      compare_both (&p, r, "random star");
      poly_free (&p);
    }
}

/* 3: L-shapes, thin and thick, where the inner corner gives an arc for a wall and a sharp
 * corner for an obstacle. */
static void
test_geos_l_shapes (void)
{
  const double l_xy[] = { 0, 0, 200, 0, 200, 100, 100, 100, 100, 200, 0, 200 };
  const double thin_xy[] = { 0, 0, 300, 0, 300, 30, 30, 30, 30, 300, 0, 300 };
  Poly p = poly_from (l_xy, 6), q = poly_from (thin_xy, 6);
  compare_both (&p, 7.0, "L");
  compare_both (&p, 20.0, "L");
  compare_both (&q, 4.0, "thin L");
  compare_both (&q, 14.0, "thin L"); // the thin arms (30 wide) nearly vanish as a wall
  poly_free (&p);
  poly_free (&q);
}

/* 4: two rooms joined by a corridor narrower than 2r: the wall's region splits in two, the
 * obstacle's grown region fills the corridor. */
static void
test_geos_corridor (void)
{
  const double xy[] = { 0,   0,   200, 0,   200, 80,  400, 80,  400, 0,   600, 0,
                        600, 200, 400, 200, 400, 120, 200, 120, 200, 200, 0,   200 };
  Poly p = poly_from (xy, 12);
  compare_both (&p, 25.0, "corridor"); // 40 wide < 2r = 50: split
  compare_both (&p, 15.0, "corridor"); // wide enough: one region
  poly_free (&p);
}

/* 5: a comb whose notches are narrower than 2r, and a rotated copy of it. */
static void
test_geos_comb (void)
{
  enum
  {
    TEETH = 20
  };
  Poly p = poly_new (4 * TEETH);
  size_t k = 0;
  double tooth = 10, gap = 6, depth = 60, base = 40;
  double width = TEETH * tooth + (TEETH - 1) * gap;
  p.v[k++] = cg_v2 (0, 0);
  p.v[k++] = cg_v2 (width, 0);
  for (int t = TEETH - 1; t >= 0; t--)
    {
      double x0 = t * (tooth + gap), x1 = x0 + tooth;
      if (t < TEETH - 1)
        p.v[k++] = cg_v2 (x1, base);
      p.v[k++] = cg_v2 (x1, base + depth);
      p.v[k++] = cg_v2 (x0, base + depth);
      if (t > 0)
        p.v[k++] = cg_v2 (x0, base);
    }
  g_assert_cmpuint (k, ==, p.n);
  compare_both (&p, 4.0, "comb"); // 2r = 8 > gap 6: notches fill
  compare_both (&p, 2.5, "comb"); // 2r = 5 < gap: the ball enters the notches
  double c = cos (0.7), s = sin (0.7);
  for (size_t i = 0; i < p.n; i++)
    p.v[i] = cg_v2 (c * p.v[i].x - s * p.v[i].y + 1000, s * p.v[i].x + c * p.v[i].y - 500);
  compare_both (&p, 4.0, "rotated comb");
  poly_free (&p);
}

/* 6: a block with a pocket behind a slot narrower than 2r: grown as an obstacle the pocket stays
 * a hole; as a wall the pocket is a second chamber cut off from the first. */
static void
test_geos_pocket (void)
{
  const double xy[] = { 0,   0,   400, 0,   400, 400, 215, 400, 215, 300, 300, 300,
                        300, 100, 100, 100, 100, 300, 185, 300, 185, 400, 0,   400 };
  Poly p = poly_from (xy, 12);
  compare_both (&p, 20.0, "pocket"); // slot 30 < 2r = 40
  compare_both (&p, 12.0, "pocket"); // slot 30 > 2r = 24
  poly_free (&p);
}

/* 7: a spiral strip (edges far apart in index but close in space): as a wall the ball fits the
 * 12-wide channel for r = 4 and not for r = 7; as an obstacle r = 10 fills the 18-wide gaps. */
static void
test_geos_spiral (void)
{
  Poly p = spiral_new (12.0, 0.05);
  compare_both (&p, 4.0, "spiral");
  compare_both (&p, 10.0, "spiral");
  compare (&p, CG_ROLE_WALL, 7.0, "spiral");
  poly_free (&p);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/boundary-geos/stars", test_geos_stars);
  g_test_add_func ("/boundary-geos/random", test_geos_random);
  g_test_add_func ("/boundary-geos/l-shapes", test_geos_l_shapes);
  g_test_add_func ("/boundary-geos/corridor", test_geos_corridor);
  g_test_add_func ("/boundary-geos/comb", test_geos_comb);
  g_test_add_func ("/boundary-geos/pocket", test_geos_pocket);
  g_test_add_func ("/boundary-geos/spiral", test_geos_spiral);
  return g_test_run ();
}
