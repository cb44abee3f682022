/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-curve-boundary.c: the true offset boundary of a curved boundary. */
#include "cg-curve-boundary.h"

#include <stdlib.h>
#include <string.h>

#include "cg-bvh-query.h"

#define CG_PI 3.14159265358979323846264338327950288
#define CG_TWO_PI 6.283185307179586476925286766559

/* A cut of candidate `cand` at parameter t (segment: fraction; arc: the
 * left turn from u0), at point p (computed once, shared by both candidates). */
typedef struct
{
  uint32_t cand;
  double t;
  CgVec2 p;
} Cut;

typedef struct
{
  Cut *cuts;
  size_t n, cap;
  bool failed;
} Cuts;

static void
cuts_add (Cuts *c, uint32_t cand, double t, CgVec2 p)
{
  if (c->n == c->cap)
    {
      size_t cap = c->cap ? 2 * c->cap : 1024;
      Cut *grown = realloc (c->cuts, cap * sizeof *grown);
      if (!grown)
        {
          c->failed = true;
          return;
        }
      c->cuts = grown;
      c->cap = cap;
    }
  c->cuts[c->n++] = (Cut){ cand, t, p };
}

static int
cmp_cut (const void *pa, const void *pb)
{
  const Cut *a = pa, *b = pb;
  if (a->cand != b->cand)
    return a->cand < b->cand ? -1 : 1;
  return a->t < b->t ? -1 : a->t > b->t;
}

/* a / |a| by sqrt (hypot() is several times slower, and these vectors are
 * far from overflow), (0, 0) for the zero vector. */
static CgVec2
unit (CgVec2 a)
{
  double len = sqrt (cg_length_sq (a));
  return len > 0.0 ? cg_scale (a, 1.0 / len) : a;
}

static double
left_angle (CgVec2 u0, CgVec2 u)
{
  double phi = atan2 (cg_cross (u0, u), cg_dot (u0, u));
  return phi < 0.0 ? phi + CG_TWO_PI : phi;
}

/* An offset primitive as a candidate: arcs from the start of their left
 * turn. */
static CgCurvePrim
candidate_of (const CgPrimitive *p)
{
  CgCurvePrim c = { 0 };
  c.kind = p->kind == CG_PRIM_SEGMENT ? CG_CPRIM_SEGMENT : CG_CPRIM_ARC;
  c.object = p->object;
  c.index = p->element;
  c.n = p->n;
  c.a = p->a;
  c.b = p->b;
  if (p->kind == CG_PRIM_ARC)
    {
      c.inside = p->inside;
      c.cap = p->part != CG_PART_EDGE;
      c.full = p->full;
      c.q = p->q;
      c.rho = p->rho;
      c.u0 = p->u_from;
      c.sweep = p->sweep;
      c.a = cg_mul_add (p->q, p->rho, p->u_from);
      c.b = p->full ? c.a : cg_mul_add (p->q, p->rho, p->u_to);
    }
  return c;
}

static const CgVec2 axis_dirs[4] = { { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } };

/* True when the unit direction u lies within candidate c's sweep (slack tol
 * radians). */
static bool sweep_contains (const CgCurvePrim *c, CgVec2 u, double tol);

/* The box of a candidate (an arc's axis points within its sweep). */
static CgAabb
candidate_bounds (const CgCurvePrim *c)
{
  CgAabb box = cg_aabb_add_point (cg_aabb_add_point (cg_aabb_empty (), c->a), c->b);
  if (c->kind == CG_CPRIM_SEGMENT)
    return box;
  for (int k = 0; k < 4; k++)
    if (sweep_contains (c, axis_dirs[k], 0.0))
      box = cg_aabb_add_point (box, cg_mul_add (c->q, c->rho, axis_dirs[k]));
  return box;
}

/* The parameter of p on candidate c, or NAN when p is not on it (slack tol). */
static double
param_of (const CgCurvePrim *c, CgVec2 p, double tol)
{
  if (c->kind == CG_CPRIM_SEGMENT)
    {
      CgVec2 ab = cg_sub (c->b, c->a);
      double len_sq = cg_length_sq (ab);
      double s = cg_dot (cg_sub (p, c->a), ab) / len_sq;
      double slack = tol / sqrt (len_sq);
      if (s < -slack || s > 1.0 + slack)
        return NAN;
      return cg_min (cg_max (s, 0.0), 1.0);
    }
  double phi = left_angle (c->u0, cg_sub (p, c->q)); /* atan2 needs no unit vector */
  if (c->full)
    return phi;
  double slack = tol / c->rho;
  if (phi <= c->sweep + slack)
    return cg_min (phi, c->sweep);
  if (phi >= CG_TWO_PI - slack)
    return 0.0;
  return NAN;
}

static bool
sweep_contains (const CgCurvePrim *c, CgVec2 u, double tol)
{
  if (c->full)
    return true;
  double phi = left_angle (c->u0, u);
  return phi <= c->sweep + tol || phi >= CG_TWO_PI - tol;
}

/* True when p lies on candidate c (slack tol): param_of() without its atan2
 * for arcs of at most a half turn, where two cross products decide. */
static bool
on_candidate (const CgCurvePrim *c, CgVec2 p, double tol)
{
  if (c->kind == CG_CPRIM_SEGMENT || c->full || c->sweep > CG_PI)
    return !isnan (param_of (c, p, tol));
  CgVec2 m = cg_sub (p, c->q);
  CgVec2 u1 = cg_scale (cg_sub (c->b, c->q), 1.0 / c->rho);
  double slack = (tol / c->rho) * sqrt (cg_length_sq (m));
  return cg_cross (c->u0, m) >= -slack && cg_cross (m, u1) >= -slack;
}

/* Up to two points where the lines or circles of candidates a and b meet. */
static int
meet (const CgCurvePrim *a, const CgCurvePrim *b, double tol, CgVec2 out[2])
{
  if (a->kind == CG_CPRIM_SEGMENT && b->kind == CG_CPRIM_SEGMENT)
    {
      CgVec2 da = cg_sub (a->b, a->a), db = cg_sub (b->b, b->a);
      double den = cg_cross (da, db);
      if (den == 0.0)
        return 0;
      double s = cg_cross (cg_sub (b->a, a->a), db) / den;
      out[0] = cg_mul_add (a->a, s, da);
      return 1;
    }
  if (a->kind == CG_CPRIM_SEGMENT || b->kind == CG_CPRIM_SEGMENT)
    {
      const CgCurvePrim *s = a->kind == CG_CPRIM_SEGMENT ? a : b;
      const CgCurvePrim *c = s == a ? b : a;
      CgVec2 w = unit (cg_sub (s->b, s->a));
      double along = cg_dot (cg_sub (c->q, s->a), w);
      CgVec2 foot = cg_mul_add (s->a, along, w);
      double d0 = sqrt (cg_length_sq (cg_sub (foot, c->q)));
      if (d0 > c->rho + tol)
        return 0;
      double h = sqrt (cg_max (0.0, (c->rho - d0) * (c->rho + d0)));
      out[0] = cg_mul_add (foot, -h, w);
      out[1] = cg_mul_add (foot, h, w);
      return h == 0.0 ? 1 : 2;
    }
  CgVec2 dq = cg_sub (b->q, a->q);
  double d = sqrt (cg_length_sq (dq));
  if (d == 0.0 || d > a->rho + b->rho + tol || d < fabs (a->rho - b->rho) - tol)
    return 0;
  CgVec2 w = cg_scale (dq, 1.0 / d);
  double along = (d * d + a->rho * a->rho - b->rho * b->rho) / (2.0 * d);
  double h = sqrt (cg_max (0.0, a->rho * a->rho - along * along));
  CgVec2 base = cg_mul_add (a->q, along, w);
  CgVec2 perp = { -w.y, w.x };
  out[0] = cg_mul_add (base, h, perp);
  out[1] = cg_mul_add (base, -h, perp);
  return h == 0.0 ? 1 : 2;
}

/* Merges a's sweep with b's (two caps on the same circle) when they overlap;
 * returns false when they are disjoint. */
static bool
merge_caps (CgCurvePrim *a, const CgCurvePrim *b)
{
  double slack = 1e-12;
  double ab = left_angle (a->u0, b->u0), ba = left_angle (b->u0, a->u0);
  double from_angle, width;
  CgVec2 from;
  if (ab <= a->sweep + slack)
    {
      from = a->u0;
      width = cg_max (a->sweep, ab + b->sweep);
    }
  else if (ba <= b->sweep + slack)
    {
      from = b->u0;
      width = cg_max (b->sweep, ba + a->sweep);
    }
  else
    return false;
  (void)from_angle;
  a->u0 = from;
  if (width >= CG_TWO_PI - slack)
    {
      a->full = 1;
      a->sweep = CG_TWO_PI;
      a->a = a->b = cg_mul_add (a->q, a->rho, from);
      return true;
    }
  a->sweep = width;
  a->a = cg_mul_add (a->q, a->rho, from);
  double cs = cos (width), sn = sin (width);
  a->b = cg_mul_add (a->q, a->rho, cg_v2 (from.x * cs - from.y * sn, from.x * sn + from.y * cs));
  return true;
}

/* The point of candidate c at parameter t. */
static CgVec2
point_at (const CgCurvePrim *c, double t)
{
  if (c->kind == CG_CPRIM_SEGMENT)
    return cg_lerp (c->a, c->b, t);
  double cs = cos (t), sn = sin (t);
  CgVec2 u = { c->u0.x * cs - c->u0.y * sn, c->u0.x * sn + c->u0.y * cs };
  return cg_mul_add (c->q, c->rho, u);
}

typedef struct
{
  const CgVec2 *v;
  const CgCurveEdge *e;
  size_t n;
  CgBvh bvh;
  CgAabb *boxes;
} EdgeIndex;

/* True when edge i lies closer than limit to p: cg_curve_edge_distance() <
 * limit, with squared distances and no atan2 unless p is near the arc's circle
 * (this runs for every cut and every piece). */
static bool
edge_closer_than (const EdgeIndex *ix, size_t i, CgVec2 p, double limit)
{
  const CgCurveEdge *e = &ix->e[i];
  CgVec2 a = ix->v[i], b = ix->v[i + 1 == ix->n ? 0 : i + 1];
  double lim_sq = limit * limit;
  if (e->sweep == 0.0)
    {
      CgVec2 ab = cg_sub (b, a), ap = cg_sub (p, a);
      double len_sq = cg_length_sq (ab);
      double s = len_sq > 0.0 ? cg_min (cg_max (cg_dot (ap, ab) / len_sq, 0.0), 1.0) : 0.0;
      return cg_length_sq (cg_mul_add (ap, -s, ab)) < lim_sq;
    }
  if (cg_length_sq (cg_sub (p, a)) < lim_sq || cg_length_sq (cg_sub (p, b)) < lim_sq)
    return true;
  double len = sqrt (cg_length_sq (cg_sub (p, e->q)));
  if (fabs (len - e->R) >= limit)
    return false; /* the distance to the arc is at least | |p - q| - R | */
  return cg_curve_edge_distance (ix->v, ix->e, ix->n, i, p) < limit;
}

/* The search of near_edge(): the point, the limit, and whether an edge was
 * found closer (then the bound drops to -inf and the search ends). */
typedef struct
{
  const EdgeIndex *ix;
  CgVec2 p;
  double limit;
  double bound;
} NearEdge;

static unsigned
near_edge_keys (const CgBvhNode *node, void *data, double bound, double key[CG_BVH_WIDTH])
{
  const NearEdge *q = data;
  return cg_bvh_distance_keys (node, q->p, 0.0, bound, key);
}

static bool
near_edge_leaf (const CgBvhRef *leaf, void *data)
{
  NearEdge *q = data;
  for (uint32_t k = 0; k < leaf->count; k++)
    if (edge_closer_than (q->ix, q->ix->bvh.items[leaf->first + k], q->p, q->limit))
      {
        q->bound = -INFINITY;
        return false;
      }
  return true;
}

/* True when some edge lies closer than limit to p. */
static bool
near_edge (const EdgeIndex *ix, CgVec2 p, double limit)
{
  NearEdge q = { ix, p, limit, limit };
  cg_bvh_nearest_first (&ix->bvh, cg_box_distance (ix->bvh.box, p), near_edge_keys, near_edge_leaf,
                        &q.bound, &q);
  return q.bound == -INFINITY;
}

/* Where a candidate sits along the boundary, in half edges: edge k's offset
 * at 2k + 1, vertex k's cap at 2k. */
static size_t
half_position (const CgCurvePrim *c)
{
  return 2 * (size_t)c->index + (c->cap ? 0 : 1);
}

/* A fast first try for a cut of candidates a and b: a point at distance r
 * from both their sources is most often closer to an edge between them, so
 * the edges around the middle of the shorter way from one to the other are
 * tested before the BVH is searched. */
static bool
between_is_near (const EdgeIndex *ix, const CgCurvePrim *a, const CgCurvePrim *b, CgVec2 p,
                 double limit)
{
  size_t len = 2 * ix->n, pa = half_position (a), pb = half_position (b);
  size_t fwd = (pb + len - pa) % len;
  size_t mid = fwd <= len / 2 ? (pa + fwd / 2) % len : (pb + (len - fwd) / 2) % len;
  size_t edge = mid / 2;
  for (size_t k = 0; k < 3 && k < ix->n; k++)
    if (edge_closer_than (ix, (edge + ix->n - 1 + k) % ix->n, p, limit))
      return true;
  return false;
}

/* The cuts of candidate i with the candidates after it whose boxes meet
 * its box (cg_bvh_query_box() over their BVH). */
typedef struct
{
  const CgCurvePrim *cand;
  const CgAabb *cboxes;
  const CgBvh *cbvh;
  uint32_t i;
  double eps, keep;
  const EdgeIndex *ix;
  Cuts *cuts;
} Pairs;

static bool
pair_leaf (const CgBvhRef *leaf, void *data)
{
  Pairs *q = data;
  uint32_t i = q->i;
  for (uint32_t k = 0; k < leaf->count; k++)
    {
      uint32_t j = q->cbvh->items[leaf->first + k];
      if (j <= i || !cg_aabb_overlaps (q->cboxes[i], q->cboxes[j]))
        continue;
      CgVec2 pts[2];
      int np = meet (&q->cand[i], &q->cand[j], q->eps, pts);
      for (int m = 0; m < np; m++)
        {
          /* A cut matters only where it lies on the true boundary: along a
           * candidate, being in or out changes only where it crosses
           * another candidate at distance r from every edge. */
          if (!on_candidate (&q->cand[i], pts[m], q->eps)
              || !on_candidate (&q->cand[j], pts[m], q->eps)
              || between_is_near (q->ix, &q->cand[i], &q->cand[j], pts[m], q->keep)
              || near_edge (q->ix, pts[m], q->keep))
            continue;
          double ti = param_of (&q->cand[i], pts[m], q->eps);
          double tj = param_of (&q->cand[j], pts[m], q->eps);
          if (isnan (ti) || isnan (tj))
            continue;
          cuts_add (q->cuts, i, ti, pts[m]);
          cuts_add (q->cuts, j, tj, pts[m]);
        }
    }
  return !q->cuts->failed;
}

bool
cg_curve_boundary_build (const CgVec2 *v, const CgCurveEdge *e, size_t n, double r,
                         CgCurveBoundary *out)
{
  memset (out, 0, sizeof *out);
  if (n == 0 || !(r > 0.0))
    return true;
  /* The tolerance of the cuts, for drawing: near a tangency the point where
   * two circles meet moves by the square root of the rounding, so cuts are
   * matched within 1e-9 of the boundary's own size (as cg-boundary.c does),
   * and never within less than the rounding of the numbers they are
   * computed from (the boundary's coordinates and r, here not relative to
   * a local origin). */
  CgAabb all = cg_curve_bounds (v, e, n);
  double extent = cg_max (all.hi.x - all.lo.x, all.hi.y - all.lo.y) + 2.0 * r;
  double eps
      = cg_max (1e-9 * extent,
                256.0 * cg_tolerance (cg_max (cg_magnitude (all.lo), cg_magnitude (all.hi)) + r));

  /* candidates */
  size_t max_cand = cg_outline_max_primitives (n) + n;
  CgCurvePrim *cand = malloc (max_cand * sizeof *cand);
  bool *rev = calloc (max_cand, sizeof *rev);
  EdgeIndex ix;
  memset (&ix, 0, sizeof ix);
  ix.v = v;
  ix.e = e;
  ix.n = n;
  ix.boxes = malloc (n * sizeof (CgAabb));
  CgAabb *cboxes = NULL;
  CgBvh cbvh;
  memset (&cbvh, 0, sizeof cbvh);
  Cuts cuts = { 0 };
  bool ok = false;
  CgPrimitive *prims = malloc ((cg_outline_max_primitives (n) + 1) * sizeof *prims);
  if (!cand || !rev || !ix.boxes || !prims)
    {
      free (prims);
      goto done;
    }
  size_t nc = cg_outline_of (v, e, n, r, 0, prims);
  for (size_t i = 0; i < nc; i++)
    cand[i] = candidate_of (&prims[i]);
  free (prims);
  /* A vertex can have a left-turn cap and half caps on one circle: one arc
   * each for their union (overlapping copies would count twice). */
  size_t kept = 0;
  for (size_t i = 0; i < nc; i++)
    {
      bool merged = false;
      for (size_t j = kept;
           j-- > 0 && cand[j].cap && cand[i].cap && cand[j].index == cand[i].index;)
        if (merge_caps (&cand[j], &cand[i]))
          {
            merged = true;
            break;
          }
      if (!merged)
        cand[kept++] = cand[i];
    }
  nc = kept;
  for (size_t i = 0; i < nc; i++)
    rev[i] = cand[i].kind == CG_CPRIM_ARC && cand[i].inside; /* concave offsets run backwards */
  for (size_t i = 0; i < n; i++)
    if (e[i].sweep < 0.0 && e[i].R < r)
      {
        /* Points nearest the inside of a concave arc with R < r lie at
         * q - (r - R) u for the arc's directions u: the arc of radius r - R
         * over the opposite directions, run backwards. */
        CgVec2 b = v[i + 1 == n ? 0 : i + 1];
        CgVec2 ue = cg_normalize (cg_sub (b, e[i].q));
        CgCurvePrim p = { 0 };
        p.kind = CG_CPRIM_ARC;
        p.inside = 1;
        p.object = 0;
        p.index = (uint32_t)i;
        p.q = e[i].q;
        p.rho = r - e[i].R;
        p.u0 = cg_neg (ue);
        p.sweep = -e[i].sweep;
        p.full = n == 1;
        p.a = cg_mul_add (p.q, p.rho, p.u0);
        p.b = point_at (&p, p.sweep);
        rev[nc] = true;
        cand[nc++] = p;
      }

  /* the edges' index for the distance test */
  for (size_t i = 0; i < n; i++)
    ix.boxes[i] = cg_curve_edge_bounds (v, e, n, i);
  if (!cg_bvh_build (&ix.bvh, ix.boxes, (uint32_t)n, 4))
    goto done;

  double keep = r - 16.0 * eps;

  /* cuts where candidates meet, pairs from a BVH over their boxes */
  cboxes = malloc ((nc ? nc : 1) * sizeof *cboxes);
  if (!cboxes)
    goto done;
  for (size_t i = 0; i < nc; i++)
    cboxes[i] = cg_aabb_pad (candidate_bounds (&cand[i]), 4.0 * eps);
  if (!cg_bvh_build (&cbvh, cboxes, (uint32_t)nc, 4))
    goto done;
  for (uint32_t i = 0; i < nc && !cuts.failed; i++)
    {
      Pairs pairs = { cand, cboxes, &cbvh, i, eps, keep, &ix, &cuts };
      cg_bvh_query_box (&cbvh, cboxes[i], pair_leaf, &pairs);
    }
  if (cuts.failed)
    goto done;
  if (cuts.n > 0) /* no cuts: cuts.cuts may be NULL, which qsort must not see */
    qsort (cuts.cuts, cuts.n, sizeof *cuts.cuts, cmp_cut);

  /* pieces between cuts, kept when far enough from every edge */
  size_t cap = nc + cuts.n;
  out->pieces = malloc ((cap ? cap : 1) * sizeof *out->pieces);
  if (!out->pieces)
    goto done;
  size_t k = 0;
  for (uint32_t i = 0; i < nc; i++)
    {
      const CgCurvePrim *c = &cand[i];
      while (k < cuts.n && cuts.cuts[k].cand < i)
        k++;
      size_t first = k, last = k;
      while (last < cuts.n && cuts.cuts[last].cand == i)
        last++;
      k = last;
      if (c->full && first == last)
        {
          /* an uncut circle: whole or nothing */
          if (!near_edge (&ix, point_at (c, CG_PI), keep))
            out->pieces[out->n_pieces++] = (CgCurvePiece){ *c, rev[i] };
          continue;
        }
      double t0, end_t;
      CgVec2 p0, end_p;
      size_t m0;
      if (c->full)
        {
          /* a cut circle runs from its first cut round to it again */
          t0 = cuts.cuts[first].t;
          p0 = cuts.cuts[first].p;
          end_t = t0 + CG_TWO_PI;
          end_p = p0;
          m0 = first + 1;
        }
      else
        {
          t0 = 0.0;
          p0 = c->a;
          end_t = c->kind == CG_CPRIM_SEGMENT ? 1.0 : c->sweep;
          end_p = c->b;
          m0 = first;
        }
      double scale = c->kind == CG_CPRIM_SEGMENT ? cg_distance (c->a, c->b) : c->rho;
      for (size_t m = m0; m <= last; m++)
        {
          double t1 = m < last ? cuts.cuts[m].t : end_t;
          CgVec2 p1 = m < last ? cuts.cuts[m].p : end_p;
          if (!(t1 > t0))
            continue;
          if ((t1 - t0) * scale > eps && !near_edge (&ix, point_at (c, 0.5 * (t0 + t1)), keep))
            {
              CgCurvePiece piece = { *c, rev[i] };
              piece.prim.a = p0;
              piece.prim.b = p1;
              if (c->kind == CG_CPRIM_ARC)
                {
                  piece.prim.u0 = unit (cg_sub (p0, c->q));
                  piece.prim.sweep = t1 - t0;
                  piece.prim.full = 0;
                }
              out->pieces[out->n_pieces++] = piece;
            }
          t0 = t1;
          p0 = p1;
        }
    }
  ok = true;
done:
  if (!ok)
    cg_curve_boundary_clear (out);
  free (cand);
  free (rev);
  free (ix.boxes);
  cg_bvh_clear (&ix.bvh);
  free (cboxes);
  cg_bvh_clear (&cbvh);
  free (cuts.cuts);
  return ok;
}

void
cg_curve_boundary_clear (CgCurveBoundary *b)
{
  free (b->pieces);
  b->pieces = NULL;
  b->n_pieces = 0;
}

double
cg_curve_boundary_area (const CgCurveBoundary *b, CgRole role)
{
  double sum = 0.0;
  for (size_t i = 0; i < b->n_pieces; i++)
    {
      const CgCurvePrim *p = &b->pieces[i].prim;
      double term;
      if (p->kind == CG_CPRIM_SEGMENT)
        term = cg_cross (p->a, p->b);
      else
        term = cg_cross (p->q, cg_sub (p->b, p->a)) + p->rho * p->rho * p->sweep;
      sum += b->pieces[i].reversed ? -term : term;
    }
  sum *= 0.5;
  return role == CG_ROLE_OBSTACLE ? sum : -sum;
}
