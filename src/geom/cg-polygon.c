/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-polygon.c: polygon checks and orientation by role (geometry.md, "Polygons, roles and
 * orientation").
 *
 * The validity check is a Shamos–Hoey sweep: O(n log n), stopping at the first pair of edges
 * that meet where they must not. Every decision it takes rests on an orientation predicate that
 * is exact for doubles, so touching, collinear and nearly-degenerate inputs get the right answer
 * rather than one that depends on rounding.
 */
#include "cg-polygon.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------------------------------
 * Exact orientation.
 *
 * orient2d (a, b, c) is the sign of cross(b - a, c - a): +1 when c lies to the left of the
 * directed line a -> b in a y-up picture (counter-clockwise), -1 to the right, 0 when the three
 * points are collinear. A floating-point filter answers almost every call; when its error bound
 * cannot decide, the determinant is summed exactly as a floating-point expansion (Shewchuk,
 * "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997).
 *
 * Exactness assumes that products of two coordinates neither overflow nor lose bits to underflow:
 * every non-zero coordinate between about 1e-140 and 1e150 in magnitude. Scene coordinates are
 * nowhere near either end.
 */

/* Shewchuk's machine epsilon: half an ulp of 1.0. */
#define CG_EPSILON (0x1p-53)

/* Bound on the error of the filter's determinant relative to |detleft| + |detright|
 * (Shewchuk's ccwerrboundA). If the compiler contracts the subtraction into an FMA, the result
 * is only more accurate, so the bound still holds. */
#define CG_ORIENT_ERRBOUND ((3.0 + 16.0 * CG_EPSILON) * CG_EPSILON)

/* s + e == a + b exactly, with e the rounding error of s (Knuth's two-sum). */
static inline void
two_sum (double a, double b, double *s, double *e)
{
  double x = a + b;
  double bv = x - a;
  double av = x - bv;
  *s = x;
  *e = (a - av) + (b - bv);
}

/* p + e == a * b exactly; the FMA recovers the rounding error of the product. */
static inline void
two_product (double a, double b, double *p, double *e)
{
  double x = a * b;
  *p = x;
  *e = fma (a, b, -x);
}

/* Adds b to the expansion h[0..len) (non-overlapping components in increasing magnitude) in
 * place and returns the new length; zero components are dropped (Shewchuk's
 * GROW-EXPANSION-ZEROELIM). In place is safe: component k is read before slot <= k is
 * written. */
static size_t
grow_expansion (double *h, size_t len, double b)
{
  double q = b;
  size_t out = 0;
  for (size_t i = 0; i < len; i++)
    {
      double sum, err;
      two_sum (q, h[i], &sum, &err);
      q = sum;
      if (err != 0.0)
        h[out++] = err;
    }
  if (q != 0.0 || out == 0)
    h[out++] = q;
  return out;
}

/* The exact sign of the orientation determinant. Expanded over the raw coordinates it is a sum
 * of six products, each split exactly into two doubles, so twelve terms summed without error. */
static int
orient2d_exact (CgVec2 a, CgVec2 b, CgVec2 c)
{
  const double terms[6][3] = {
    { a.x, b.y, 1.0 },  { a.x, c.y, -1.0 }, { c.x, b.y, -1.0 },
    { a.y, b.x, -1.0 }, { a.y, c.x, 1.0 },  { c.y, b.x, 1.0 },
  };
  double h[12];
  size_t len = 0;
  for (size_t k = 0; k < 6; k++)
    {
      double p, e;
      two_product (terms[k][0], terms[k][1], &p, &e);
      /* Negation is exact, so the sign can be applied to both parts. */
      len = grow_expansion (h, len, terms[k][2] * e);
      len = grow_expansion (h, len, terms[k][2] * p);
    }
  /* The largest component decides the sign of a non-overlapping expansion. */
  double top = h[len - 1];
  return (top > 0.0) - (top < 0.0);
}

static int
orient2d (CgVec2 a, CgVec2 b, CgVec2 c)
{
  double detleft = (a.x - c.x) * (b.y - c.y);
  double detright = (a.y - c.y) * (b.x - c.x);
  double det = detleft - detright;
  double detsum = fabs (detleft) + fabs (detright);
  /* The relative bound needs normal (not underflowed) products; below 2^-900 let the exact
   * sum decide, which works on the coordinates themselves. */
  if (detsum >= 0x1p-900)
    {
      double bound = CG_ORIENT_ERRBOUND * detsum;
      if (det > bound)
        return 1;
      if (-det > bound)
        return -1;
    }
  return orient2d_exact (a, b, c);
}

/* ---------------------------------------------------------------------------------------------
 * Small helpers.
 */

/* The sweep order: by x, then by y. It is the order of a sweep line that is tilted by an
 * infinitesimal angle, which makes vertical edges and equal x coordinates ordinary cases. */
static inline int
lex_cmp (CgVec2 a, CgVec2 b)
{
  if (a.x < b.x)
    return -1;
  if (a.x > b.x)
    return 1;
  if (a.y < b.y)
    return -1;
  if (a.y > b.y)
    return 1;
  return 0;
}

static inline bool
vec_equal (CgVec2 a, CgVec2 b)
{
  return a.x == b.x && a.y == b.y;
}

static inline size_t
next_index (size_t i, size_t n)
{
  return i + 1 == n ? 0 : i + 1;
}

static inline size_t
prev_index (size_t i, size_t n)
{
  return i == 0 ? n - 1 : i - 1;
}

/* malloc of count * size bytes, or NULL when that overflows or memory runs out. */
static void *
checked_malloc (size_t count, size_t size)
{
  if (size != 0 && count > SIZE_MAX / size)
    return NULL;
  size_t bytes = count * size;
  return malloc (bytes != 0 ? bytes : 1);
}

static CgPolygonCheck
crossing (size_t e, size_t f, CgVec2 where)
{
  CgPolygonCheck r = { CG_POLYGON_SELF_CROSSING, e < f ? e : f, e < f ? f : e, where };
  return r;
}

/* True when edges e and f meet where a simple polygon does not allow it; *where gets a point
 * they share. Adjacent edges may share their common vertex and nothing else, which they can
 * only fail to do by lying on one line and folding back onto each other. Other edges may not
 * meet at all (closed segments: touching counts). Needs n >= 3 and no zero-length edges. */
static bool
edges_meet (const CgVec2 *v, size_t n, size_t e, size_t f, CgVec2 *where)
{
  CgVec2 a0 = v[e], a1 = v[next_index (e, n)];
  CgVec2 b0 = v[f], b1 = v[next_index (f, n)];

  if (next_index (e, n) == f || next_index (f, n) == e)
    {
      CgVec2 w, p, q; /* the shared vertex, and each edge's other end */
      if (next_index (e, n) == f)
        w = a1, p = a0, q = b1;
      else
        w = a0, p = a1, q = b0;
      int side = lex_cmp (p, w);
      if (orient2d (p, w, q) != 0 || side != lex_cmp (q, w))
        return false;
      /* Both other ends lie on one ray from w: the nearer one lies on the other edge. */
      *where = (lex_cmp (p, q) == side) ? q : p;
      return true;
    }

  /* Disjoint bounding boxes settle many pairs without a predicate (the test is exact). Plain
   * comparisons rather than fmin/fmax, which are library calls at -O2. */
  if ((a0.x < b0.x && a0.x < b1.x && a1.x < b0.x && a1.x < b1.x)
      || (a0.x > b0.x && a0.x > b1.x && a1.x > b0.x && a1.x > b1.x)
      || (a0.y < b0.y && a0.y < b1.y && a1.y < b0.y && a1.y < b1.y)
      || (a0.y > b0.y && a0.y > b1.y && a1.y > b0.y && a1.y > b1.y))
    return false;

  int o1 = orient2d (a0, a1, b0), o2 = orient2d (a0, a1, b1);
  if (o1 == o2 && o1 != 0)
    return false;
  int o3 = orient2d (b0, b1, a0), o4 = orient2d (b0, b1, a1);
  if (o3 == o4 && o3 != 0)
    return false;

  if (o1 == 0 && o2 == 0)
    {
      /* Collinear: the edges meet when their spans along the line overlap. */
      CgVec2 alo = lex_cmp (a0, a1) < 0 ? a0 : a1, ahi = lex_cmp (a0, a1) < 0 ? a1 : a0;
      CgVec2 blo = lex_cmp (b0, b1) < 0 ? b0 : b1, bhi = lex_cmp (b0, b1) < 0 ? b1 : b0;
      CgVec2 lo = lex_cmp (alo, blo) < 0 ? blo : alo;
      CgVec2 hi = lex_cmp (ahi, bhi) < 0 ? ahi : bhi;
      if (lex_cmp (lo, hi) > 0)
        return false;
      *where = lo;
      return true;
    }

  /* Not collinear and neither edge is strictly on one side of the other's line: they meet.
   * An endpoint on the other edge's line is then the meeting point itself. */
  if (o1 == 0)
    *where = b0;
  else if (o2 == 0)
    *where = b1;
  else if (o3 == 0)
    *where = a0;
  else if (o4 == 0)
    *where = a1;
  else
    {
      CgVec2 r = cg_sub (a1, a0), s = cg_sub (b1, b0);
      double t = cg_cross (cg_sub (b0, a0), s) / cg_cross (r, s);
      /* Rounding can put t a hair outside [0, 1], or (nearly parallel edges, whose exact
       * crossing the predicate saw) make it NaN; keep the point on edge e. */
      if (!(t >= 0.0))
        t = 0.0;
      else if (t > 1.0)
        t = 1.0;
      *where = cg_mul_add (a0, t, r);
    }
  return true;
}

/* ---------------------------------------------------------------------------------------------
 * Event sorting: a bottom-up merge sort of the vertices in sweep order (iterative, no callback
 * per comparison as qsort would need).
 */

typedef struct
{
  double x, y;
  size_t i; /* the vertex index; ties between equal points broken by it for determinism */
} Event;

static inline bool
event_less_eq (const Event *a, const Event *b)
{
  if (a->x != b->x)
    return a->x < b->x;
  if (a->y != b->y)
    return a->y < b->y;
  return a->i <= b->i;
}

/* Sorts ev[0..n) using tmp[0..n) as scratch; returns the array that holds the result. */
static Event *
sort_events (Event *ev, Event *tmp, size_t n)
{
  /* Short runs by insertion sort first: fewer passes over memory. */
  const size_t run = 16;
  for (size_t lo = 0; lo < n; lo += run)
    {
      size_t hi = lo + run < n ? lo + run : n;
      for (size_t i = lo + 1; i < hi; i++)
        {
          Event e = ev[i];
          size_t j = i;
          while (j > lo && !event_less_eq (&ev[j - 1], &e))
            {
              ev[j] = ev[j - 1];
              j--;
            }
          ev[j] = e;
        }
    }
  Event *src = ev, *dst = tmp;
  for (size_t width = run; width < n; width *= 2)
    {
      for (size_t lo = 0; lo < n; lo += 2 * width)
        {
          size_t mid = lo + width < n ? lo + width : n;
          size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
          size_t i = lo, j = mid, k = lo;
          while (i < mid && j < hi)
            dst[k++] = event_less_eq (&src[i], &src[j]) ? src[i++] : src[j++];
          while (i < mid)
            dst[k++] = src[i++];
          while (j < hi)
            dst[k++] = src[j++];
        }
      Event *t = src;
      src = dst;
      dst = t;
    }
  return src;
}

/* ---------------------------------------------------------------------------------------------
 * The sweep status: the edges crossing the sweep line, ordered bottom to top (by y, in a y-up
 * reading of orient2d). It is a treap stored in an array indexed by edge, with parent links so
 * that an edge can be removed from its own node without searching, and threaded with links to
 * its in-order neighbours, which the sweep asks for after every change. Every operation is a
 * loop; the treap's depth is O(log n) in expectation regardless of the input, since the
 * priorities are random.
 */

#define NIL SIZE_MAX

/* One node per edge, with everything a descent step reads in one place. */
typedef struct
{
  CgVec2 sl, sr; /* the edge's endpoint that comes first and last in sweep order */
  size_t kid[2]; /* left and right child */
  size_t up;     /* parent */
  size_t nb[2];  /* in-order neighbours: below and above */
  uint32_t prio;
} Node;

typedef struct
{
  const CgVec2 *v;
  size_t n;
  Node *t;
  size_t root;
} Sweep;

/* Which side of edge t (already in the status) edge s goes on when inserted at its first
 * endpoint p: > 0 above, < 0 below, 0 when they meet there. Any edge t in the status other than
 * s's sibling (the other edge at p) has p strictly between its endpoints in sweep order,
 * because vertices are distinct; then the side of p is the side of s. The sibling starts at p
 * too and is told apart by s's other end. */
static int
sweep_side (const Sweep *sw, size_t s, size_t t)
{
  CgVec2 p = sw->t[s].sl;
  if (vec_equal (sw->t[t].sl, p))
    return orient2d (p, sw->t[t].sr, sw->t[s].sr);
  return orient2d (sw->t[t].sl, sw->t[t].sr, p);
}

/* Lifts x above its parent, keeping the in-order sequence. */
static void
rotate_up (Sweep *sw, size_t x)
{
  size_t p = sw->t[x].up, g = sw->t[p].up;
  int d = sw->t[p].kid[1] == x; /* x is p's child on side d */
  size_t inner = sw->t[x].kid[!d];
  sw->t[p].kid[d] = inner;
  if (inner != NIL)
    sw->t[inner].up = p;
  sw->t[x].kid[!d] = p;
  sw->t[p].up = x;
  sw->t[x].up = g;
  if (g == NIL)
    sw->root = x;
  else
    sw->t[g].kid[sw->t[g].kid[1] == p] = x;
}

/* Inserts edge s; returns NIL, or an edge s meets at its first endpoint (then s is not
 * inserted and the sweep is over). */
static size_t
sweep_insert (Sweep *sw, size_t s)
{
  sw->t[s].kid[0] = sw->t[s].kid[1] = NIL;
  size_t parent = NIL;
  size_t nb[2] = { NIL, NIL }; /* the last nodes passed on their upper and lower side */
  int dir = 0;
  for (size_t t = sw->root; t != NIL; t = sw->t[t].kid[dir])
    {
      int side = sweep_side (sw, s, t);
      if (side == 0)
        return t;
      parent = t;
      dir = side > 0;
      nb[!dir] = t;
    }
  /* Rotations keep the in-order sequence, so the neighbours found here stay s's neighbours. */
  sw->t[s].nb[0] = nb[0];
  sw->t[s].nb[1] = nb[1];
  for (int d = 0; d < 2; d++)
    if (nb[d] != NIL)
      sw->t[nb[d]].nb[!d] = s;
  sw->t[s].up = parent;
  if (parent == NIL)
    sw->root = s;
  else
    sw->t[parent].kid[dir] = s;
  while (sw->t[s].up != NIL && sw->t[s].prio > sw->t[sw->t[s].up].prio)
    rotate_up (sw, s);
  return NIL;
}

static void
sweep_remove (Sweep *sw, size_t x)
{
  /* Rotate x down until it has at most one child, then splice it out. */
  while (sw->t[x].kid[0] != NIL && sw->t[x].kid[1] != NIL)
    {
      size_t l = sw->t[x].kid[0], r = sw->t[x].kid[1];
      rotate_up (sw, sw->t[l].prio > sw->t[r].prio ? l : r);
    }
  size_t child = sw->t[x].kid[0] != NIL ? sw->t[x].kid[0] : sw->t[x].kid[1];
  size_t p = sw->t[x].up;
  if (child != NIL)
    sw->t[child].up = p;
  if (p == NIL)
    sw->root = child;
  else
    sw->t[p].kid[sw->t[p].kid[1] == x] = child;
  for (int d = 0; d < 2; d++)
    if (sw->t[x].nb[d] != NIL)
      sw->t[sw->t[x].nb[d]].nb[!d] = sw->t[x].nb[!d];
}

/* The in-order neighbour of x: below (d = 0) or above (d = 1), or NIL. */
static inline size_t
sweep_neighbour (const Sweep *sw, size_t x, int d)
{
  return sw->t[x].nb[d];
}

/* Tests a pair of edges that just became neighbours in the status. */
static bool
sweep_check (const Sweep *sw, size_t e, size_t f, CgPolygonCheck *out)
{
  CgVec2 where;
  if (e == NIL || f == NIL || !edges_meet (sw->v, sw->n, e, f, &where))
    return false;
  *out = crossing (e, f, where);
  return true;
}

static bool
sweep_run (Sweep *sw, const Event *ev, CgPolygonCheck *out)
{
  const CgVec2 *v = sw->v;
  size_t n = sw->n;
  for (size_t k = 0; k < n; k++)
    {
      size_t i = ev[k].i;
      CgVec2 p = v[i];
      size_t e_in = prev_index (i, n), e_out = i; /* the edges that end and start at v[i] */
      bool in_ends = lex_cmp (v[e_in], p) < 0;
      bool out_ends = lex_cmp (v[next_index (i, n)], p) < 0;

      /* Removals first: an edge ending at p and one starting at p are never compared. */
      size_t ending[2] = { in_ends ? e_in : NIL, out_ends ? e_out : NIL };
      for (int j = 0; j < 2; j++)
        if (ending[j] != NIL)
          {
            size_t below = sweep_neighbour (sw, ending[j], 0);
            size_t above = sweep_neighbour (sw, ending[j], 1);
            sweep_remove (sw, ending[j]);
            if (sweep_check (sw, below, above, out))
              return true;
          }

      size_t starting[2] = { in_ends ? NIL : e_in, out_ends ? NIL : e_out };
      for (int j = 0; j < 2; j++)
        if (starting[j] != NIL)
          {
            size_t s = starting[j];
            size_t hit = sweep_insert (sw, s);
            if (hit != NIL)
              {
                CgVec2 where = p;
                /* Always true: p lies on hit. The fallback keeps the report honest anyway. */
                edges_meet (v, n, s, hit, &where);
                *out = crossing (s, hit, where);
                return true;
              }
            if (sweep_check (sw, s, sweep_neighbour (sw, s, 0), out)
                || sweep_check (sw, s, sweep_neighbour (sw, s, 1), out))
              return true;
          }
    }
  return false;
}

/* ---------------------------------------------------------------------------------------------
 * Public functions.
 */

size_t
cg_polygon_remove_duplicates (CgVec2 *v, size_t n)
{
  size_t m = 0;
  for (size_t i = 0; i < n; i++)
    if (m == 0 || !vec_equal (v[i], v[m - 1]))
      v[m++] = v[i];
  while (m > 1 && vec_equal (v[m - 1], v[0]))
    m--;
  return m;
}

/* Up to this many vertices, cg_polygon_validate() tests every pair of edges instead of
 * sweeping: with no sort, no tree and no allocation it is several times faster on the triangles
 * and quads that make up most scenes, and it takes the same decisions in the same order. */
#define CG_POLYGON_SMALL 16

/* The checks of cg_polygon_validate_sweep() in the same order, each by brute force:
 * O(n^2) pairs, for n <= CG_POLYGON_SMALL. The caller has checked finiteness and n >= 3. */
static CgPolygonCheck
validate_small (const CgVec2 *v, size_t n)
{
  CgPolygonCheck r = { CG_POLYGON_OK, 0, 0, { 0.0, 0.0 } };

  size_t distinct = 0;
  for (size_t i = 0; i < n && distinct < 3; i++)
    {
      bool seen = false;
      for (size_t j = 0; j < i && !seen; j++)
        seen = vec_equal (v[i], v[j]);
      distinct += !seen;
    }
  if (distinct < 3)
    {
      r.status = CG_POLYGON_TOO_FEW_POINTS;
      return r;
    }

  for (size_t i = 0; i < n; i++)
    if (vec_equal (v[i], v[next_index (i, n)]))
      return crossing (i, i, v[i]);

  /* Equal vertices that are not consecutive. The sweep reports the first two copies of the
   * lowest such point in sweep order. */
  bool found = false;
  size_t best_i = 0, best_j = 0;
  for (size_t i = 0; i < n; i++)
    for (size_t j = i + 1; j < n; j++)
      if (vec_equal (v[i], v[j]) && (!found || lex_cmp (v[i], v[best_i]) < 0))
        {
          found = true;
          best_i = i, best_j = j;
          break;
        }
  if (found)
    return crossing (best_i, best_j, v[best_j]);

  for (size_t i = 0; i < n; i++)
    {
      CgVec2 where;
      if (edges_meet (v, n, prev_index (i, n), i, &where))
        return crossing (prev_index (i, n), i, where);
    }

  /* Every pair of edges that are not adjacent (adjacent ones were settled just above). */
  for (size_t e = 0; e + 2 < n; e++)
    for (size_t f = e + 2; f < n; f++)
      {
        CgVec2 where;
        if (e == 0 && f == n - 1)
          continue;
        if (edges_meet (v, n, e, f, &where))
          return crossing (e, f, where);
      }
  return r;
}

/* True for a triangle or quadrilateral that turns strictly the same way at every vertex: then
 * it is convex and simple (its exterior angles, each less than a half turn, add up to less than
 * two full turns, so it winds once), and its vertices are distinct (a repeated vertex makes a
 * turn of zero). The triangles and quads of most scenes pass with 3 or 4 predicates. */
static bool
is_strictly_convex_small (const CgVec2 *v, size_t n)
{
  if (n != 3 && n != 4)
    return false;
  int first = orient2d (v[n - 1], v[0], v[1]);
  if (first == 0)
    return false;
  for (size_t i = 1; i < n; i++)
    if (orient2d (v[i - 1], v[i], v[next_index (i, n)]) != first)
      return false;
  return true;
}

CgPolygonCheck
cg_polygon_validate (const CgVec2 *v, size_t n)
{
  if (n >= 3 && n <= CG_POLYGON_SMALL)
    {
      for (size_t i = 0; i < n; i++)
        if (!cg_is_valid_vec2 (v[i]))
          return (CgPolygonCheck){ CG_POLYGON_NOT_FINITE, i, i, { 0.0, 0.0 } };
      for (size_t i = 0; i < n; i++)
        if (!cg_vec2_in_range (v[i]))
          return (CgPolygonCheck){ CG_POLYGON_TOO_LARGE, i, i, { 0.0, 0.0 } };
      if (is_strictly_convex_small (v, n))
        return (CgPolygonCheck){ CG_POLYGON_OK, 0, 0, { 0.0, 0.0 } };
      return validate_small (v, n);
    }
  return cg_polygon_validate_sweep (v, n);
}

CgPolygonCheck
cg_polygon_validate_sweep (const CgVec2 *v, size_t n)
{
  CgPolygonCheck r = { CG_POLYGON_OK, 0, 0, { 0.0, 0.0 } };

  for (size_t i = 0; i < n; i++)
    if (!cg_is_valid_vec2 (v[i]))
      {
        r.status = CG_POLYGON_NOT_FINITE;
        r.index_a = r.index_b = i;
        return r;
      }
  for (size_t i = 0; i < n; i++)
    if (!cg_vec2_in_range (v[i]))
      {
        r.status = CG_POLYGON_TOO_LARGE;
        r.index_a = r.index_b = i;
        return r;
      }

  if (n < 3)
    {
      r.status = CG_POLYGON_TOO_FEW_POINTS;
      return r;
    }

  Event *buf = checked_malloc (2 * n, sizeof *buf);
  if (buf == NULL)
    {
      r.status = CG_POLYGON_NO_MEMORY;
      return r;
    }
  for (size_t i = 0; i < n; i++)
    buf[i] = (Event){ v[i].x, v[i].y, i };
  Event *ev = sort_events (buf, buf + n, n);

  size_t distinct = 1;
  for (size_t k = 1; k < n && distinct < 3; k++)
    if (ev[k].x != ev[k - 1].x || ev[k].y != ev[k - 1].y)
      distinct++;
  if (distinct < 3)
    {
      r.status = CG_POLYGON_TOO_FEW_POINTS;
      goto done;
    }

  /* A zero-length edge (two consecutive equal vertices, last and first included) has no
   * direction and so no normal. With at least 3 distinct vertices it is reported as
   * SELF_CROSSING with index_a == index_b == that edge, where = its point; callers that want
   * to accept such input run cg_polygon_remove_duplicates() first. */
  for (size_t i = 0; i < n; i++)
    if (vec_equal (v[i], v[next_index (i, n)]))
      {
        r = crossing (i, i, v[i]);
        goto done;
      }

  /* Equal vertices that are not consecutive: the polygon touches itself there, and the edges
   * starting at the two copies are not adjacent (they would be only through a zero-length
   * edge). From here on every point of the sweep is a single vertex. */
  for (size_t k = 1; k < n; k++)
    if (ev[k].x == ev[k - 1].x && ev[k].y == ev[k - 1].y)
      {
        r = crossing (ev[k - 1].i, ev[k].i, v[ev[k].i]);
        goto done;
      }

  /* Adjacent edges folding back onto each other (a 180° spike). The sweep would find these too
   * (edges_meet() handles adjacent pairs), but an O(n) pass settles them first and reports the
   * spike as the pair of edges that form it, rather than as whatever else its tip touches. */
  for (size_t i = 0; i < n; i++)
    {
      CgVec2 where;
      if (edges_meet (v, n, prev_index (i, n), i, &where))
        {
          r = crossing (prev_index (i, n), i, where);
          goto done;
        }
    }

  /* Shamos–Hoey. Before the sweep reaches the leftmost point q where two edges meet badly, the
   * status is consistently ordered; the edges through q form a contiguous run in it, so either
   * two of them became neighbours (and were tested) before q, or an edge starting at q finds
   * the one edge through q during its insertion descent (a BST descent visits both in-order
   * neighbours of the insertion point, and that edge is one of them). */
  {
    Sweep sw = { .v = v, .n = n, .root = NIL };
    sw.t = checked_malloc (n, sizeof *sw.t);
    if (sw.t == NULL)
      {
        r.status = CG_POLYGON_NO_MEMORY;
        goto done;
      }
    uint32_t state = 0x9e3779b9u; /* xorshift32: deterministic, independent of the input */
    for (size_t e = 0; e < n; e++)
      {
        CgVec2 a = v[e], b = v[next_index (e, n)];
        bool fwd = lex_cmp (a, b) < 0;
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        sw.t[e] = (Node){ .sl = fwd ? a : b, .sr = fwd ? b : a, .prio = state };
      }
    sweep_run (&sw, ev, &r);
    free (sw.t);
  }

done:
  free (buf);
  return r;
}

double
cg_polygon_signed_area (const CgVec2 *v, size_t n)
{
  if (n < 3)
    return 0.0;
  /* The shoelace sum taken relative to v[0]: the same value, but without the cancellation of
   * large products when the polygon is far from the origin. */
  CgVec2 o = v[0];
  double sum = 0.0;
  for (size_t i = 1; i + 1 < n; i++)
    sum += cg_cross (cg_sub (v[i], o), cg_sub (v[i + 1], o));
  return 0.5 * sum;
}

bool
cg_polygon_orient (CgVec2 *v, size_t n, CgRole role)
{
  if (n < 3)
    return false;
  double a = cg_polygon_signed_area (v, n);
  /* A degenerate polygon (A == 0) has no orientation to fix; leave it alone. */
  bool wrong = role == CG_ROLE_OBSTACLE ? a < 0.0 : a > 0.0;
  if (!wrong)
    return false;
  /* Plain reversal: new v[i] = old v[n-1-i], so new edge i is old edge (n-2-i) mod n run
   * backwards (new edge n-1 is old edge n-1). */
  for (size_t i = 0, j = n - 1; i < j; i++, j--)
    {
      CgVec2 t = v[i];
      v[i] = v[j];
      v[j] = t;
    }
  return true;
}

CgEdgeCrossing
cg_polygon_edge_crossing (CgVec2 a, CgVec2 b, CgVec2 p)
{
  /* Half-open in y (an edge counts when one end is above p.y and the other at or below it)
   * so a ray through a vertex counts it once. The side is decided by the exact predicate. */
  if (vec_equal (a, p))
    return CG_EDGE_ON_BOUNDARY; /* on a vertex, which the half-open rule may not count */
  if ((a.y > p.y) != (b.y > p.y))
    {
      int o = orient2d (a, b, p);
      if (o == 0)
        return CG_EDGE_ON_BOUNDARY;
      /* With a below b (in y), the crossing is right of p when p is left of a -> b. */
      return (o > 0) == (b.y > a.y) ? CG_EDGE_CROSSES : CG_EDGE_MISSES;
    }
  if (a.y == p.y && b.y == p.y && fmin (a.x, b.x) <= p.x && p.x <= fmax (a.x, b.x))
    return CG_EDGE_ON_BOUNDARY; /* on a horizontal edge */
  return CG_EDGE_MISSES;
}

bool
cg_polygon_contains (const CgVec2 *v, size_t n, CgVec2 p)
{
  /* Even-odd: count edges crossing the ray from p towards +x. A point exactly on an edge is
   * reported outside, so "strictly inside" holds exactly. */
  bool inside = false;
  for (size_t i = 0; i < n; i++)
    {
      CgEdgeCrossing x = cg_polygon_edge_crossing (v[i], v[next_index (i, n)], p);
      if (x == CG_EDGE_ON_BOUNDARY)
        return false;
      if (x == CG_EDGE_CROSSES)
        inside = !inside;
    }
  return inside;
}

double
cg_point_segment_distance (CgVec2 p, CgVec2 a, CgVec2 b)
{
  CgVec2 d = cg_sub (b, a), ap = cg_sub (p, a);
  double len_sq = cg_length_sq (d);
  if (len_sq == 0.0)
    return cg_length (ap);
  double t = cg_dot (ap, d);
  if (t <= 0.0)
    return cg_length (ap);
  if (t >= len_sq)
    return cg_distance (p, b);
  /* Inside the span the perpendicular distance is |cross| / |d|, more accurate than measuring
   * to a rounded foot point. */
  return fabs (cg_cross (d, ap)) / sqrt (len_sq);
}

CgAabb
cg_polygon_bounds (const CgVec2 *v, size_t n)
{
  CgAabb b = cg_aabb_empty ();
  for (size_t i = 0; i < n; i++)
    b = cg_aabb_add_point (b, v[i]);
  return b;
}
