/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-boundary.c: the true offset boundary (cg-boundary.h): exact areas of
 * shapes worked out by hand, and the properties every boundary must have:
 * pieces that chain into closed loops, never cross, and lie at distance r from
 * the polygon on its front side.
 *
 * The helpers here (orientation, distance, point in polygon) are the tests'
 * own, so that these tests do not depend on the rest of the geometry core.
 */
#include <glib.h>
#include <string.h>

#include "boundary-shapes.h"
#include "geom/cg-boundary.h"

/// The tolerance of geometry.md, relative to the extent.
#define TEST_EPS_REL 1e-9

/* ---- polygons ------------------------------------------------------------- */

static double
segment_distance (CgVec2 x, CgVec2 a, CgVec2 b)
{
  CgVec2 d = cg_sub (b, a), w = cg_sub (x, a);
  double l2 = cg_length_sq (d), t = l2 > 0.0 ? CLAMP (cg_dot (w, d) / l2, 0.0, 1.0) : 0.0;
  return cg_distance (x, cg_mul_add (a, t, d));
}

static double
poly_distance (const Poly *p, CgVec2 x)
{
  double best = INFINITY;
  for (size_t i = 0; i < p->n; i++)
    best = MIN (best, segment_distance (x, p->v[i], p->v[(i + 1) % p->n]));
  return best;
}

/// Even-odd crossing test with the half-open rule.
static gboolean
poly_contains (const Poly *p, CgVec2 x)
{
  gboolean in = FALSE;
  for (size_t i = 0, j = p->n - 1; i < p->n; j = i++)
    {
      CgVec2 a = p->v[i], b = p->v[j];
      if ((a.y > x.y) != (b.y > x.y) && x.x < a.x + (x.y - a.y) * (b.x - a.x) / (b.y - a.y))
        in = !in;
    }
  return in;
}

/// The extent the tolerance refers to: the larger side of the box plus 2r.
static double
poly_extent (const Poly *p, double r)
{
  CgAabb box = cg_aabb_empty ();
  for (size_t i = 0; i < p->n; i++)
    box = cg_aabb_add_point (box, p->v[i]);
  return MAX (box.hi.x - box.lo.x, box.hi.y - box.lo.y) + 2.0 * r;
}

static void
poly_transform (Poly *p, double scale, CgVec2 shift)
{
  for (size_t i = 0; i < p->n; i++)
    p->v[i] = cg_add (cg_scale (p->v[i], scale), shift);
}

/// The benchmark star: n vertices at angles 2πk/n, radius r_even for even k,
/// r_odd for odd k.
/// A comb: a bar 5 high with `teeth` teeth `tooth` wide and `depth` long on
/// top (y > 5), separated by notches `gap` wide.
static Poly
comb_new (int teeth, double tooth, double gap, double depth, CgRole role)
{
  Poly p = poly_new (4 * (size_t)teeth);
  size_t k = 0;
  double width = teeth * tooth + (teeth - 1) * gap;
  p.v[k++] = cg_v2 (0, 0);
  p.v[k++] = cg_v2 (width, 0);
  for (int t = teeth - 1; t >= 0; t--)
    {
      double x0 = t * (tooth + gap), x1 = x0 + tooth;
      if (t == teeth - 1)
        p.v[k++] = cg_v2 (x1, 5 + depth);
      else
        {
          p.v[k++] = cg_v2 (x1, 5);
          p.v[k++] = cg_v2 (x1, 5 + depth);
        }
      p.v[k++] = cg_v2 (x0, 5 + depth);
      if (t > 0)
        p.v[k++] = cg_v2 (x0, 5);
    }
  g_assert_cmpuint (k, ==, p.n);
  poly_orient (&p, role);
  return p;
}

/* ---- boundaries ------------------------------------------------------------ */

static CgBoundary
build (const Poly *p, CgRole role, double r)
{
  CgBoundary b = { 0 };
  g_assert_true (cg_boundary_build (p->v, p->n, role, r, &b));
  return b;
}

/// A point along the piece at fraction f of its length.
static CgVec2
piece_point (const CgBoundaryPiece *pc, double f)
{
  if (pc->kind == CG_PRIM_SEGMENT)
    return cg_lerp (pc->a, pc->b, f);
  double a = pc->angle0 + f * (pc->angle1 - pc->angle0);
  return cg_v2 (pc->q.x + pc->r * cos (a), pc->q.y + pc->r * sin (a));
}

static size_t
count_kind (const CgBoundary *b, CgPrimKind kind)
{
  size_t k = 0;
  for (size_t i = 0; i < b->n_pieces; i++)
    k += b->pieces[i].kind == kind;
  return k;
}

/// Each piece is well formed: arcs turn towards increasing angle by less than
/// a half turn, and their stored end points lie on the circle at their angles.
static void
check_pieces_well_formed (const CgBoundary *b, double tol)
{
  for (size_t i = 0; i < b->n_pieces; i++)
    {
      const CgBoundaryPiece *pc = &b->pieces[i];
      g_assert_true (cg_is_valid_vec2 (pc->a) && cg_is_valid_vec2 (pc->b));
      if (pc->kind != CG_PRIM_ARC)
        continue;
      g_assert_cmpfloat (pc->angle1, >, pc->angle0);
      g_assert_cmpfloat (pc->angle1 - pc->angle0, <, G_PI);
      g_assert_cmpfloat (cg_distance (pc->a, piece_point (pc, 0.0)), <=, tol);
      g_assert_cmpfloat (cg_distance (pc->b, piece_point (pc, 1.0)), <=, tol);
    }
}

/// Every piece's end meets another piece's start (and every start some end)
/// within tol: the pieces form closed loops.
static void
check_chained (const CgBoundary *b, double tol)
{
  for (size_t i = 0; i < b->n_pieces; i++)
    {
      gboolean end_met = FALSE, start_met = FALSE;
      for (size_t j = 0; j < b->n_pieces && !(end_met && start_met); j++)
        {
          if (j == i)
            continue;
          end_met = end_met || cg_distance (b->pieces[i].b, b->pieces[j].a) <= tol;
          start_met = start_met || cg_distance (b->pieces[i].a, b->pieces[j].b) <= tol;
        }
      if (!end_met || !start_met)
        g_error ("piece %zu (%s from %u) is not chained: end met %d, start met %d", i,
                 b->pieces[i].kind == CG_PRIM_ARC ? "arc" : "segment", b->pieces[i].source, end_met,
                 start_met);
    }
}

/// Every piece's midpoint (and quarter points) lies at distance r from the
/// polygon, within tol, and on the front side: outside an obstacle, inside a
/// wall.
static void
check_on_front_at_r (const CgBoundary *b, const Poly *p, CgRole role, double r, double tol)
{
  for (size_t i = 0; i < b->n_pieces; i++)
    for (int k = 1; k <= 3; k++)
      {
        CgVec2 x = piece_point (&b->pieces[i], 0.25 * k);
        g_assert_cmpfloat (fabs (poly_distance (p, x) - r), <=, tol);
        g_assert_true (poly_contains (p, x) == (role == CG_ROLE_WALL));
      }
}

static gboolean
angle_in_piece (const CgBoundaryPiece *pc, CgVec2 x)
{
  double a = atan2 (x.y - pc->q.y, x.x - pc->q.x);
  double rel = fmod (a - pc->angle0, 2.0 * G_PI);
  if (rel < 0.0)
    rel += 2.0 * G_PI;
  return rel <= pc->angle1 - pc->angle0;
}

static gboolean
near_end (const CgBoundaryPiece *p, const CgBoundaryPiece *q, CgVec2 x, double tol)
{
  return cg_distance (x, p->a) <= tol || cg_distance (x, p->b) <= tol
         || cg_distance (x, q->a) <= tol || cg_distance (x, q->b) <= tol;
}

static CgAabb
piece_box (const CgBoundaryPiece *pc)
{
  if (pc->kind == CG_PRIM_SEGMENT)
    return cg_aabb_add_point (cg_aabb_add_point (cg_aabb_empty (), pc->a), pc->b);
  return (CgAabb){ cg_sub (pc->q, cg_v2 (pc->r, pc->r)), cg_add (pc->q, cg_v2 (pc->r, pc->r)) };
}

/// True when two pieces cross at a point away from their ends (a transversal
/// crossing, not a touch).
static gboolean
pieces_cross (const CgBoundaryPiece *p, const CgBoundaryPiece *q, double tol)
{
  if (p->kind == CG_PRIM_ARC && q->kind == CG_PRIM_SEGMENT)
    return pieces_cross (q, p, tol);
  if (p->kind == CG_PRIM_SEGMENT && q->kind == CG_PRIM_SEGMENT)
    {
      CgVec2 d = cg_sub (p->b, p->a), e = cg_sub (q->b, q->a), w = cg_sub (q->a, p->a);
      double den = cg_cross (d, e);
      if (fabs (den) <= 1e-12 * cg_length (d) * cg_length (e))
        return FALSE;
      double s = cg_cross (w, e) / den, t = cg_cross (w, d) / den;
      if (s < 0.0 || s > 1.0 || t < 0.0 || t > 1.0)
        return FALSE;
      return !near_end (p, q, cg_mul_add (p->a, s, d), tol);
    }
  if (p->kind == CG_PRIM_SEGMENT)
    {
      // |a + s d - c|² = R²: s² |d|² + 2 s d·w + |w|² - R² = 0, w = a - c.
      CgVec2 d = cg_sub (p->b, p->a), w = cg_sub (p->a, q->q);
      double A = cg_length_sq (d), B = cg_dot (d, w), C = cg_length_sq (w) - q->r * q->r;
      double disc = B * B - A * C;
      if (disc <= 0.0 || A == 0.0)
        return FALSE;
      double h = sqrt (disc) / A;
      if (h * sqrt (A) <= tol) // tangent: a touch, not a crossing
        return FALSE;
      for (int k = -1; k <= 1; k += 2)
        {
          double s = -B / A + k * h;
          CgVec2 x = cg_mul_add (p->a, s, d);
          if (s >= 0.0 && s <= 1.0 && angle_in_piece (q, x) && !near_end (p, q, x, tol))
            return TRUE;
        }
      return FALSE;
    }
  // Two arcs of the same radius: the circles meet at m ± h perp.
  CgVec2 dq = cg_sub (q->q, p->q);
  double dist = cg_length (dq);
  if (dist == 0.0 || dist >= 2.0 * p->r)
    return FALSE;
  double h = sqrt (p->r * p->r - 0.25 * dist * dist);
  if (h <= tol)
    return FALSE;
  CgVec2 m = cg_mul_add (p->q, 0.5, dq), perp = cg_v2 (-dq.y / dist, dq.x / dist);
  for (int k = -1; k <= 1; k += 2)
    {
      CgVec2 x = cg_mul_add (m, k * h, perp);
      if (angle_in_piece (p, x) && angle_in_piece (q, x) && !near_end (p, q, x, tol))
        return TRUE;
    }
  return FALSE;
}

/// No two pieces cross.
static void
check_no_crossings (const CgBoundary *b, double tol)
{
  CgAabb *boxes = g_new (CgAabb, b->n_pieces);
  for (size_t i = 0; i < b->n_pieces; i++)
    boxes[i] = piece_box (&b->pieces[i]);
  for (size_t i = 0; i < b->n_pieces; i++)
    for (size_t j = i + 1; j < b->n_pieces; j++)
      if (cg_aabb_overlaps (boxes[i], boxes[j]) && pieces_cross (&b->pieces[i], &b->pieces[j], tol))
        g_error ("pieces %zu and %zu cross", i, j);
  g_free (boxes);
}

/// The signed Green integral 1/2 ∮ x dy - y dx of some pieces.
static double
pieces_green (const CgBoundaryPiece *const *pcs, size_t n)
{
  double s = 0.0;
  for (size_t i = 0; i < n; i++)
    {
      const CgBoundaryPiece *p = pcs[i];
      if (p->kind == CG_PRIM_SEGMENT)
        s += cg_cross (p->a, p->b);
      else
        s += p->r * p->r * (p->angle1 - p->angle0)
             + p->r * p->q.x * (sin (p->angle1) - sin (p->angle0))
             - p->r * p->q.y * (cos (p->angle1) - cos (p->angle0));
    }
  return 0.5 * s;
}

/// Splits the pieces into loops by following each end to the nearest unused
/// start, and writes each loop's signed area (the region's side positive) to
/// areas, sorted. Returns the number of loops.
static size_t
loop_areas (const CgBoundary *b, CgRole role, double tol, double *areas, size_t max_loops)
{
  gboolean *used = g_new0 (gboolean, b->n_pieces);
  const CgBoundaryPiece **loop = g_new (const CgBoundaryPiece *, b->n_pieces);
  size_t n_loops = 0;
  for (size_t first = 0; first < b->n_pieces; first++)
    {
      if (used[first])
        continue;
      size_t len = 0, cur = first;
      used[cur] = TRUE;
      loop[len++] = &b->pieces[cur];
      for (;;)
        {
          size_t best = b->n_pieces;
          double best_d = tol;
          for (size_t j = 0; j < b->n_pieces; j++)
            {
              double d = cg_distance (b->pieces[cur].b, b->pieces[j].a);
              if (!used[j] && d <= best_d)
                best = j, best_d = d;
            }
          if (best == b->n_pieces)
            break;
          used[best] = TRUE;
          loop[len++] = &b->pieces[best];
          cur = best;
        }
      g_assert_cmpfloat (cg_distance (b->pieces[cur].b, b->pieces[first].a), <=, tol);
      g_assert_cmpuint (n_loops, <, max_loops);
      double a = pieces_green (loop, len);
      areas[n_loops++] = role == CG_ROLE_WALL ? -a : a;
    }
  for (size_t i = 1; i < n_loops; i++) // insertion sort
    for (size_t j = i; j > 0 && areas[j - 1] > areas[j]; j--)
      {
        double t = areas[j];
        areas[j] = areas[j - 1];
        areas[j - 1] = t;
      }
  g_free (loop);
  g_free (used);
  return n_loops;
}

/// All the properties at once.
static void
check_all (const CgBoundary *b, const Poly *p, CgRole role, double r)
{
  double tol = TEST_EPS_REL * poly_extent (p, r);
  check_pieces_well_formed (b, tol);
  check_chained (b, tol);
  check_no_crossings (b, tol);
  check_on_front_at_r (b, p, role, r, tol);
}

static void
assert_rel (double got, double want, double rel)
{
  if (!(fabs (got - want) <= rel * fabs (want)))
    g_error ("got %.17g, want %.17g (relative error %.3g > %.3g)", got, want,
             fabs (got - want) / fabs (want), rel);
}

/* ---- scenarios ------------------------------------------------------------- */

static const double square_xy[] = { 0, 0, 10, 0, 10, 10, 0, 10 };

/* 1: a square obstacle grown by r is 4 segments and 4 quarter arcs, area s² + 4sr + πr². */
static void
test_square_obstacle (void)
{
  Poly p = poly_from (square_xy, 4);
  poly_orient (&p, CG_ROLE_OBSTACLE);
  double r = 2.0;
  CgBoundary b = build (&p, CG_ROLE_OBSTACLE, r);
  g_assert_cmpuint (count_kind (&b, CG_PRIM_SEGMENT), ==, 4);
  g_assert_cmpuint (count_kind (&b, CG_PRIM_ARC), ==, 4);
  for (size_t i = 0; i < b.n_pieces; i++)
    if (b.pieces[i].kind == CG_PRIM_ARC)
      g_assert_cmpfloat_with_epsilon (b.pieces[i].angle1 - b.pieces[i].angle0, G_PI / 2, 1e-12);
    else
      g_assert_cmpfloat_with_epsilon (cg_distance (b.pieces[i].a, b.pieces[i].b), 10.0, 1e-12);
  assert_rel (cg_boundary_area (&b, CG_ROLE_OBSTACLE), 100 + 4 * 10 * r + G_PI * r * r, 1e-12);
  check_all (&b, &p, CG_ROLE_OBSTACLE, r);
  cg_boundary_clear (&b);
  g_assert_null (b.pieces);
  poly_free (&p);
}

/* 2: a square wall shrunk by r is one square of side s - 2r, with no arcs. */
static void
test_square_wall (void)
{
  Poly p = poly_from (square_xy, 4);
  poly_orient (&p, CG_ROLE_WALL);
  double r = 2.0;
  CgBoundary b = build (&p, CG_ROLE_WALL, r);
  g_assert_cmpuint (b.n_pieces, ==, 4);
  g_assert_cmpuint (count_kind (&b, CG_PRIM_ARC), ==, 0);
  for (size_t i = 0; i < b.n_pieces; i++)
    g_assert_cmpfloat_with_epsilon (cg_distance (b.pieces[i].a, b.pieces[i].b), 6.0, 1e-12);
  assert_rel (cg_boundary_area (&b, CG_ROLE_WALL), 36.0, 1e-12);
  check_all (&b, &p, CG_ROLE_WALL, r);
  cg_boundary_clear (&b);
  poly_free (&p);
}

/* 3: a square wall no wider than the ball (s <= 2r) leaves nothing: no pieces, area 0. */
static void
test_square_wall_too_small (void)
{
  Poly p = poly_from (square_xy, 4);
  poly_orient (&p, CG_ROLE_WALL);
  const double radii[] = { 5.0, 5.5, 50.0 };
  for (size_t k = 0; k < G_N_ELEMENTS (radii); k++)
    {
      CgBoundary b = build (&p, CG_ROLE_WALL, radii[k]);
      g_assert_cmpuint (b.n_pieces, ==, 0);
      g_assert_cmpfloat (cg_boundary_area (&b, CG_ROLE_WALL), ==, 0.0);
      cg_boundary_clear (&b);
    }
  poly_free (&p);
}

/* 4: an equilateral triangle wall shrinks to a similar triangle with inradius ρ - r, and to
 * nothing once r reaches ρ. */
static void
test_triangle_wall (void)
{
  double rho = 10.0, side = 2.0 * sqrt (3.0) * rho;
  double xy[] = { 0, 0, side, 0, side / 2, side * sqrt (3.0) / 2 };
  Poly p = poly_from (xy, 3);
  poly_orient (&p, CG_ROLE_WALL);
  CgBoundary b = build (&p, CG_ROLE_WALL, 4.0);
  g_assert_cmpuint (b.n_pieces, ==, 3);
  assert_rel (cg_boundary_area (&b, CG_ROLE_WALL), 3.0 * sqrt (3.0) * 36.0, 1e-12);
  check_all (&b, &p, CG_ROLE_WALL, 4.0);
  cg_boundary_clear (&b);
  b = build (&p, CG_ROLE_WALL, rho);
  g_assert_cmpuint (b.n_pieces, ==, 0);
  cg_boundary_clear (&b);
  poly_free (&p);
}

/* 5: collinear vertices add no arc: a square with edge midpoints gives the square's boundary. */
static void
test_collinear_vertices (void)
{
  double xy[] = { 0, 0, 5, 0, 10, 0, 10, 5, 10, 10, 5, 10, 0, 10, 0, 5 };
  for (int role = 0; role < 2; role++)
    {
      CgRole ro = role ? CG_ROLE_WALL : CG_ROLE_OBSTACLE;
      Poly p = poly_from (xy, 8);
      poly_orient (&p, ro);
      CgBoundary b = build (&p, ro, 2.0);
      g_assert_cmpuint (count_kind (&b, CG_PRIM_ARC), ==, ro == CG_ROLE_OBSTACLE ? 4 : 0);
      g_assert_cmpuint (count_kind (&b, CG_PRIM_SEGMENT), ==, 8);
      double want = ro == CG_ROLE_OBSTACLE ? 100 + 80 + 4 * G_PI : 36.0;
      assert_rel (cg_boundary_area (&b, ro), want, 1e-12);
      check_all (&b, &p, ro, 2.0);
      cg_boundary_clear (&b);
      poly_free (&p);
    }
}

/* The 30 × 20 block with a notch of width w and depth 10 cut into its top
 * (y = 20), centred at x = 15. */
static Poly
notch_block_new (double w)
{
  double x0 = 15 - w / 2, x1 = 15 + w / 2;
  double xy[] = { 0, 0, 30, 0, 30, 20, x1, 20, x1, 10, x0, 10, x0, 20, 0, 20 };
  Poly p = poly_from (xy, 8);
  poly_orient (&p, CG_ROLE_OBSTACLE);
  return p;
}

/* 6: a notch narrower than 2r in an obstacle disappears: no piece comes from the notch, and the
 * area is the block's grown area less the dip between the two mouth arcs. */
static void
test_notch_obstacle (void)
{
  double r = 5.0, w = 8.0;
  Poly p = notch_block_new (w);
  CgBoundary b = build (&p, CG_ROLE_OBSTACLE, r);
  for (size_t i = 0; i < b.n_pieces; i++)
    {
      CgVec2 mid = piece_point (&b.pieces[i], 0.5);
      g_assert_false (mid.x > 11 && mid.x < 19 && mid.y > 0
                      && mid.y < 20 + 1e-9); // not in the notch
    }
  // Above the mouth (x in [11, 19], y in [20, 25]) the disks at the mouth's corners leave a dip:
  // 2 ∫_0^4 (5 - √(25 - u²)) du = 2 (20 - (6 + 12.5 asin(4/5))).
  double dip = 2.0 * (20.0 - (6.0 + 12.5 * asin (0.8)));
  double want = 600 + 2 * (30 + 20) * r + G_PI * r * r - dip;
  assert_rel (cg_boundary_area (&b, CG_ROLE_OBSTACLE), want, 1e-12);
  check_all (&b, &p, CG_ROLE_OBSTACLE, r);
  cg_boundary_clear (&b);
  poly_free (&p);
}

/* 7: a notch exactly 2r wide (the mouth arcs touch) still gives closed loops and the exact area. */
static void
test_notch_exact (void)
{
  double r = 5.0;
  Poly p = notch_block_new (2 * r);
  CgBoundary b = build (&p, CG_ROLE_OBSTACLE, r);
  // The dip above the mouth is the 10 × 5 box less two quarter disks.
  double want = 600 + 2 * (30 + 20) * r + G_PI * r * r - (50 - 2 * G_PI * r * r / 4);
  assert_rel (cg_boundary_area (&b, CG_ROLE_OBSTACLE), want, 1e-12);
  check_all (&b, &p, CG_ROLE_OBSTACLE, r);
  cg_boundary_clear (&b);
  poly_free (&p);
}

static const double l_xy[] = { 0, 0, 20, 0, 20, 10, 10, 10, 10, 20, 0, 20 };

/* 8: in an L-shaped room the inner corner's quarter arc appears; area 160 - π for r = 2. */
static void
test_l_room (void)
{
  Poly p = poly_from (l_xy, 6);
  poly_orient (&p, CG_ROLE_WALL);
  CgBoundary b = build (&p, CG_ROLE_WALL, 2.0);
  g_assert_cmpuint (count_kind (&b, CG_PRIM_ARC), ==, 1);
  for (size_t i = 0; i < b.n_pieces; i++)
    if (b.pieces[i].kind == CG_PRIM_ARC)
      {
        g_assert_cmpfloat (cg_distance (b.pieces[i].q, cg_v2 (10, 10)), ==, 0.0);
        g_assert_cmpfloat_with_epsilon (b.pieces[i].angle1 - b.pieces[i].angle0, G_PI / 2, 1e-12);
      }
  // Arms [2,18]×[2,8] ∪ [2,8]×[2,18] (156) plus [8,10]² less the quarter disk at (10,10).
  assert_rel (cg_boundary_area (&b, CG_ROLE_WALL), 156 + 4 - G_PI, 1e-12);
  check_all (&b, &p, CG_ROLE_WALL, 2.0);
  cg_boundary_clear (&b);
  poly_free (&p);
}

/* 9: the same L as an obstacle: five corner arcs, none at the inner corner; area 456 + 5π. */
static void
test_l_obstacle (void)
{
  Poly p = poly_from (l_xy, 6);
  poly_orient (&p, CG_ROLE_OBSTACLE);
  CgBoundary b = build (&p, CG_ROLE_OBSTACLE, 2.0);
  g_assert_cmpuint (count_kind (&b, CG_PRIM_ARC), ==, 5);
  // (A1 ⊕ D) + (A2 ⊕ D) - their overlap, A1, A2 the two 20 × 10 arms:
  // 2 (320 + 4π) - (196 - 3 (4 - π)).
  assert_rel (cg_boundary_area (&b, CG_ROLE_OBSTACLE), 456 + 5 * G_PI, 1e-12);
  check_all (&b, &p, CG_ROLE_OBSTACLE, 2.0);
  cg_boundary_clear (&b);
  poly_free (&p);
}

/* Two 20 × 20 rooms joined by a corridor 20 long and `width` wide (y from 10 - width/2). */
static Poly
two_rooms_new (double width)
{
  double y0 = 10 - width / 2, y1 = 10 + width / 2;
  double xy[] = { 0,  0,  20, 0,  20, y0, 40, y0, 40, 0,  60, 0,
                  60, 20, 40, 20, 40, y1, 20, y1, 20, 20, 0,  20 };
  Poly p = poly_from (xy, 12);
  poly_orient (&p, CG_ROLE_WALL);
  return p;
}

/* 10: a corridor narrower than 2r splits the wall's region into two loops, one per room, each
 * 14² plus the bulge into the corridor's mouth between the two corner arcs. */
static void
test_corridor_split (void)
{
  Poly p = two_rooms_new (4.0);
  double r = 3.0;
  CgBoundary b = build (&p, CG_ROLE_WALL, r);
  double areas[4];
  g_assert_cmpuint (loop_areas (&b, CG_ROLE_WALL, 1e-9 * poly_extent (&p, r), areas, 4), ==, 2);
  // The bulge: for y in [8, 12], x runs from 17 to 20 - √(9 - (y - c)²) (c the nearer mouth
  // corner), i.e. 2 ∫_0^2 (3 - √(9 - u²)) du = 2 (6 - √5 - 4.5 asin(2/3)).
  double bulge = 2.0 * (6.0 - sqrt (5.0) - 4.5 * asin (2.0 / 3.0));
  assert_rel (areas[0], 196 + bulge, 1e-12);
  assert_rel (areas[1], 196 + bulge, 1e-12);
  assert_rel (cg_boundary_area (&b, CG_ROLE_WALL), 2 * (196 + bulge), 1e-12);
  check_all (&b, &p, CG_ROLE_WALL, r);
  cg_boundary_clear (&b);

  // Wider than 2r, the corridor keeps one region.
  b = build (&p, CG_ROLE_WALL, 1.5);
  g_assert_cmpuint (loop_areas (&b, CG_ROLE_WALL, 1e-9 * poly_extent (&p, 1.5), areas, 4), ==, 1);
  check_all (&b, &p, CG_ROLE_WALL, 1.5);
  cg_boundary_clear (&b);
  poly_free (&p);
}

/* 11: a corridor exactly 2r wide (a tangency along its whole length) leaves no gap: the loops
 * still close and the area is that of the two rooms' regions plus their mouths. */
static void
test_corridor_exact (void)
{
  Poly p = two_rooms_new (6.0);
  double r = 3.0;
  CgBoundary b = build (&p, CG_ROLE_WALL, r);
  double tol = 1e-9 * poly_extent (&p, r);
  check_pieces_well_formed (&b, tol);
  check_chained (&b, tol);
  check_on_front_at_r (&b, &p, CG_ROLE_WALL, r, tol);
  // Each room: 14² plus the strip x in [17, 20], y in [7, 13] less the two quarter disks at
  // (20, 7) and (20, 13): 18 - 9π/2; the corridor itself has no area.
  assert_rel (cg_boundary_area (&b, CG_ROLE_WALL), 2 * (196 + 18 - 4.5 * G_PI), 1e-12);
  cg_boundary_clear (&b);
  poly_free (&p);
}

/* 12: exact tangencies survive rounding: the exact-2r notch and corridor, a square wall 2r wide
 * and a triangle wall of inradius r, rotated and moved at random so that no distance is exact,
 * still close their loops (or vanish) with the exact areas. (Deciding cuts by the exact capsule
 * alone breaks the loops or the area in about a third of these placements.) */
static void
test_tangencies_rotated (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (99);
  for (int iter = 0; iter < 150; iter++)
    {
      double angle = g_rand_double_range (rand, 0.0, 2.0 * G_PI);
      double ca = cos (angle), sa = sin (angle);
      CgVec2 shift
          = cg_v2 (g_rand_double_range (rand, -500, 500), g_rand_double_range (rand, -500, 500));
      for (int shape = 0; shape < 4; shape++)
        {
          double r = 5.0, want;
          CgRole ro = CG_ROLE_WALL;
          Poly p;
          if (shape == 0)
            {
              p = notch_block_new (2 * r);
              ro = CG_ROLE_OBSTACLE;
              want = 600 + 2 * (30 + 20) * r + G_PI * r * r - (50 - 2 * G_PI * r * r / 4);
            }
          else if (shape == 1)
            {
              r = 3.0;
              p = two_rooms_new (2 * r);
              want = 2 * (196 + 18 - 4.5 * G_PI);
            }
          else if (shape == 2)
            {
              p = poly_from (square_xy, 4);
              want = 0.0;
            }
          else
            {
              double side = 2.0 * sqrt (3.0) * r;
              double xy[] = { 0, 0, side, 0, side / 2, side * sqrt (3.0) / 2 };
              p = poly_from (xy, 3);
              want = 0.0;
            }
          for (size_t i = 0; i < p.n; i++)
            p.v[i] = cg_add (cg_v2 (ca * p.v[i].x - sa * p.v[i].y, sa * p.v[i].x + ca * p.v[i].y),
                             shift);
          poly_orient (&p, ro);
          CgBoundary b = build (&p, ro, r);
          double tol = TEST_EPS_REL * poly_extent (&p, r);
          check_pieces_well_formed (&b, tol);
          check_chained (&b, tol);
          check_on_front_at_r (&b, &p, ro, r, tol);
          if (want == 0.0)
            g_assert_cmpuint (b.n_pieces, ==, 0);
          else
            assert_rel (cg_boundary_area (&b, ro), want, 1e-9);
          cg_boundary_clear (&b);
          poly_free (&p);
        }
    }
}

/* 13: an obstacle with a pocket whose mouth is narrower than 2r keeps the pocket as a hole: an
 * inner loop of negative area inside the outer one. */
static void
test_pocket_hole (void)
{
  // A 40 × 40 block with a 20 × 20 pocket reached through a slot 2 wide from the top.
  double xy[] = { 0,  0,  40, 0,  40, 40, 21, 40, 21, 30, 30, 30,
                  30, 10, 10, 10, 10, 30, 19, 30, 19, 40, 0,  40 };
  Poly p = poly_from (xy, 12);
  poly_orient (&p, CG_ROLE_OBSTACLE);
  double r = 2.0, areas[4];
  CgBoundary b = build (&p, CG_ROLE_OBSTACLE, r);
  g_assert_cmpuint (loop_areas (&b, CG_ROLE_OBSTACLE, 1e-9 * poly_extent (&p, r), areas, 4), ==, 2);
  // Both the slot's mouths leave a bump between the arcs at its two corners (1 from the slot's
  // centre line x = 20): 2 ∫_0^1 (2 - √(4 - u²)) du = 2 (2 - √3/2 - π/3).
  double bump = 2.0 * (2.0 - sqrt (3.0) / 2.0 - G_PI / 3.0);
  // The hole: the pocket shrunk by r (16 × 16) plus the bump into the slot's inner mouth.
  assert_rel (areas[0], -(256 + bump), 1e-12);
  // Outer: the 40 × 40 block grown by 2 less the dip over the slot's outer mouth.
  assert_rel (areas[1], 1600 + 4 * 40 * r + G_PI * r * r - bump, 1e-12);
  assert_rel (cg_boundary_area (&b, CG_ROLE_OBSTACLE), areas[0] + areas[1], 1e-12);
  check_all (&b, &p, CG_ROLE_OBSTACLE, r);
  cg_boundary_clear (&b);
  poly_free (&p);
}

/* 14: a comb whose notches are narrower than 2r: no loops or crossings, no piece inside the
 * comb's notches, and a single loop in both roles. */
static void
test_comb (void)
{
  for (int role = 0; role < 2; role++)
    {
      CgRole ro = role ? CG_ROLE_WALL : CG_ROLE_OBSTACLE;
      Poly p = comb_new (12, 1.5, 0.5, 6.0, ro);
      double width = 12 * 1.5 + 11 * 0.5;
      CgBoundary b = build (&p, ro, 1.0);
      check_all (&b, &p, ro, 1.0);
      double tol = 1e-9 * poly_extent (&p, 1.0);
      for (size_t i = 0; i < b.n_pieces; i++)
        {
          CgVec2 mid = piece_point (&b.pieces[i], 0.5);
          if (ro == CG_ROLE_OBSTACLE)
            g_assert_false (mid.y < 11 - tol && mid.y > 0 && mid.x > 0 && mid.x < width);
          else
            g_assert_cmpfloat (mid.y, <, 5.0); // nothing enters a tooth
        }
      double areas[64];
      size_t loops = loop_areas (&b, ro, tol, areas, 64);
      // The obstacle fills its notches: one loop. In the wall the ball fits in the 5-high bar
      // but in no tooth (1.5 wide < 2r): one loop, the bar shrunk with a bump under each tooth.
      g_assert_cmpuint (loops, ==, 1);
      cg_boundary_clear (&b);
      poly_free (&p);
    }
}

/* 15: the pieces of star, spiral and random polygons chain into closed loops, never cross, and lie
 * at distance r on the front side, in both roles. */
static void
test_properties_random (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (2024);
  for (int iter = 0; iter < 24; iter++)
    {
      CgRole role = iter % 2 ? CG_ROLE_WALL : CG_ROLE_OBSTACLE;
      size_t n = (size_t)g_rand_int_range (rand, 3, 300);
      double r = g_rand_double_range (rand, 0.5, 15.0);
      Poly p = random_star_new (rand, n, 20.0, 100.0);
      poly_orient (&p, role);
      CgBoundary b = build (&p, role, r);
      check_all (&b, &p, role, r);
      double areas[512], sum = 0.0;
      size_t loops = loop_areas (&b, role, 1e-9 * poly_extent (&p, r), areas, 512);
      for (size_t k = 0; k < loops; k++)
        sum += areas[k];
      if (loops > 0)
        assert_rel (cg_boundary_area (&b, role), sum, 1e-9);
      cg_boundary_clear (&b);
      poly_free (&p);
    }
  for (int role = 0; role < 2; role++)
    {
      CgRole ro = role ? CG_ROLE_WALL : CG_ROLE_OBSTACLE;
      Poly p = spiral_new (12.0, 0.1);
      poly_orient (&p, ro);
      const double radii[] = { 4.0, 5.9, 10.0 };
      for (size_t k = 0; k < G_N_ELEMENTS (radii); k++)
        {
          CgBoundary b = build (&p, ro, radii[k]);
          check_all (&b, &p, ro, radii[k]);
          cg_boundary_clear (&b);
        }
      poly_free (&p);
    }
  const size_t sizes[] = { 4, 6, 16, 100, 400 };
  for (size_t k = 0; k < G_N_ELEMENTS (sizes); k++)
    for (int role = 0; role < 2; role++)
      {
        CgRole ro = role ? CG_ROLE_WALL : CG_ROLE_OBSTACLE;
        Poly p = star_new (sizes[k], 100.0, 60.0);
        poly_orient (&p, ro);
        CgBoundary b = build (&p, ro, 5.0);
        g_assert_cmpuint (b.n_pieces, >, 0);
        check_all (&b, &p, ro, 5.0);
        cg_boundary_clear (&b);
        poly_free (&p);
      }
}

/* 16: scaling the polygon and r by 1e-3 or 1e6 (or moving it far from the origin) scales the
 * area by the square of the factor and changes nothing else. */
static void
test_scale_extremes (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  for (int role = 0; role < 2; role++)
    {
      CgRole ro = role ? CG_ROLE_WALL : CG_ROLE_OBSTACLE;
      Poly base = random_star_new (rand, 60, 30.0, 100.0);
      poly_orient (&base, ro);
      double r = 6.0;
      CgBoundary b = build (&base, ro, r);
      double area = cg_boundary_area (&b, ro);
      size_t pieces = b.n_pieces;
      cg_boundary_clear (&b);
      const double scales[] = { 1e-3, 1e6, 1.0 };
      const CgVec2 shifts[] = { { 0, 0 }, { 0, 0 }, { 3e6, -7e5 } };
      for (size_t k = 0; k < G_N_ELEMENTS (scales); k++)
        {
          Poly p = poly_new (base.n);
          memcpy (p.v, base.v, base.n * sizeof *p.v);
          poly_transform (&p, scales[k], cg_scale (shifts[k], scales[k]));
          b = build (&p, ro, r * scales[k]);
          g_assert_cmpuint (b.n_pieces, ==, pieces);
          assert_rel (cg_boundary_area (&b, ro), area * scales[k] * scales[k],
                      shifts[k].x != 0 ? 1e-7 : 1e-11);
          check_all (&b, &p, ro, r * scales[k]);
          cg_boundary_clear (&b);
          poly_free (&p);
        }
      poly_free (&base);
    }
}

/* 17: a small obstacle and a huge ball: the boundary is nearly a circle, area s² + 4sr + πr². */
static void
test_big_ball (void)
{
  Poly p = poly_from (square_xy, 4);
  poly_orient (&p, CG_ROLE_OBSTACLE);
  CgBoundary b = build (&p, CG_ROLE_OBSTACLE, 1e4);
  assert_rel (cg_boundary_area (&b, CG_ROLE_OBSTACLE), 100 + 40 * 1e4 + G_PI * 1e8, 1e-12);
  check_all (&b, &p, CG_ROLE_OBSTACLE, 1e4);
  cg_boundary_clear (&b);
  poly_free (&p);
}

/* 18: the 2,000-vertex star finishes well under a second in both roles, with the area of a
 * circle of radius 105 (obstacle) or about 55 (wall) up to the scallops. */
static void
test_star_2000_speed (void)
{
  for (int role = 0; role < 2; role++)
    {
      CgRole ro = role ? CG_ROLE_WALL : CG_ROLE_OBSTACLE;
      Poly p = star_new (2000, 100.0, 60.0);
      poly_orient (&p, ro);
      gint64 t0 = g_get_monotonic_time ();
      CgBoundary b = build (&p, ro, 5.0);
      double seconds = (double)(g_get_monotonic_time () - t0) * 1e-6;
      g_test_message ("%s: %.1f ms", ro == CG_ROLE_WALL ? "wall" : "obstacle", 1e3 * seconds);
      g_assert_cmpfloat (seconds, <, 0.5);
      g_assert_cmpuint (b.n_pieces, ==, 1000); // one arc per spike tip (or inner vertex)
      double want = ro == CG_ROLE_OBSTACLE ? G_PI * 105 * 105 : G_PI * 55 * 55;
      assert_rel (cg_boundary_area (&b, ro), want, 1e-3);
      check_pieces_well_formed (&b, 1e-9 * poly_extent (&p, 5.0));
      check_chained (&b, 1e-9 * poly_extent (&p, 5.0));
      cg_boundary_clear (&b);
      poly_free (&p);
    }
}

/* 19: bad arguments (too few vertices, r <= 0, NaN r) give false and an empty boundary. */
static void
test_bad_arguments (void)
{
  Poly p = poly_from (square_xy, 4);
  CgBoundary b = { (CgBoundaryPiece *)&b, 7 };
  g_assert_false (cg_boundary_build (p.v, 2, CG_ROLE_OBSTACLE, 1.0, &b));
  g_assert_null (b.pieces);
  g_assert_cmpuint (b.n_pieces, ==, 0);
  g_assert_false (cg_boundary_build (p.v, 4, CG_ROLE_OBSTACLE, 0.0, &b));
  g_assert_false (cg_boundary_build (p.v, 4, CG_ROLE_OBSTACLE, NAN, &b));
  g_assert_cmpfloat (cg_boundary_area (&b, CG_ROLE_WALL), ==, 0.0);
  cg_boundary_clear (&b);
  poly_free (&p);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/boundary/square-obstacle", test_square_obstacle);
  g_test_add_func ("/boundary/square-wall", test_square_wall);
  g_test_add_func ("/boundary/square-wall-too-small", test_square_wall_too_small);
  g_test_add_func ("/boundary/triangle-wall", test_triangle_wall);
  g_test_add_func ("/boundary/collinear-vertices", test_collinear_vertices);
  g_test_add_func ("/boundary/notch-obstacle", test_notch_obstacle);
  g_test_add_func ("/boundary/notch-exact", test_notch_exact);
  g_test_add_func ("/boundary/l-room", test_l_room);
  g_test_add_func ("/boundary/l-obstacle", test_l_obstacle);
  g_test_add_func ("/boundary/corridor-split", test_corridor_split);
  g_test_add_func ("/boundary/corridor-exact", test_corridor_exact);
  g_test_add_func ("/boundary/tangencies-rotated", test_tangencies_rotated);
  g_test_add_func ("/boundary/pocket-hole", test_pocket_hole);
  g_test_add_func ("/boundary/comb", test_comb);
  g_test_add_func ("/boundary/properties-random", test_properties_random);
  g_test_add_func ("/boundary/scale-extremes", test_scale_extremes);
  g_test_add_func ("/boundary/big-ball", test_big_ball);
  g_test_add_func ("/boundary/star-2000-speed", test_star_2000_speed);
  g_test_add_func ("/boundary/bad-arguments", test_bad_arguments);
  return g_test_run ();
}
