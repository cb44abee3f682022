/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-world.c: the world's boundaries, the BVH over runs of their edges, and
 * the first-hit query, nearest-first with early exit.
 *
 * The query must choose the hit brute force chooses, bit for bit. What makes
 * it fast changes no number:
 *  - the BVH is 4 wide with float boxes (cg-bvh.h), relative to an origin
 *    of the world's; the slab test grows a box by the ball's radius and a
 *    margin (cg_world_reach()) beyond what any accepted hit can lie outside
 *    it, so it prunes nothing brute force would hit;
 *  - an obstacle's offset primitives are made from its vertices and normals
 *    as the cast reaches them, by the very expressions cg_outline_part()
 *    uses, and tested by the cores of cg-cast.h, which stop as soon as a
 *    crossing cannot beat the best hit so far; the full record is made
 *    once, for the winner, by cg_cast_primitive();
 *  - in large scenes of evenly spread obstacles the cast walks a uniform
 *    grid instead of the BVH (cg-world-grid.c). */
#include "cg-world-private.h"

#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The casts must round exactly like cg-cast.c: no fused multiply-adds,
 * which meson.build turns off for every file (-ffp-contract=off). */

void
cg_world_free (CgWorld *w)
{
  if (w == NULL)
    return;
  free (w->roles);
  free (w->reflects);
  free (w->edge_first);
  free (w->v);
  if (w->n1 != w->n0)
    free (w->n1);
  free (w->n0);
  free (w->left);
  free (w->e);
  free (w->curved);
  free (w->bound_box);
  free (w->big_obstacles);
  free (w->run_first);
  free (w->run_bound);
  free (w->bound_run);
  free (w->run_box);
  free (w->run_box_f);
  cg_world_grid_free (w->grid);
  cg_bvh_clear (&w->bvh);
  free (w);
}

CgOutline
cg_world_outline (const CgWorld *w, size_t i)
{
  uint32_t first = w->edge_first[i];
  return (CgOutline){ w->v + first,  w->e != NULL ? w->e + first : NULL, w->n0 + first,
                      w->n1 + first, w->edge_first[i + 1] - first,       (uint32_t)i,
                      first };
}

/* The box of edges [from, to) of boundary i (its own numbering), arcs'
 * axis points included. */
static CgAabb
edges_box (const CgWorld *w, size_t i, uint32_t from, uint32_t to)
{
  CgOutline o = cg_world_outline (w, i);
  CgAabb box = cg_aabb_empty ();
  for (uint32_t k = from; k < to; k++)
    box = cg_aabb_union (box, o.e != NULL
                                  ? cg_curve_edge_bounds (o.v, o.e, o.n, k)
                                  : cg_aabb_add_point (cg_aabb_add_point (cg_aabb_empty (), o.v[k]),
                                                       o.v[k + 1 < o.n ? k + 1 : 0]));
  return box;
}

CgAabb
cg_world_run_bounds (const CgWorld *w, uint32_t k)
{
  uint32_t from, to;
  cg_world_run_edges (w, k, &from, &to);
  return cg_world_box_pad (edges_box (w, w->run_bound[k], from, to));
}

/* x rounded to a float no greater (down) or no less (up) than x. */
static float
float_down (double x)
{
  float f = (float)x;
  return (double)f > x ? nextafterf (f, -INFINITY) : f;
}

static float
float_up (double x)
{
  float f = (float)x;
  return (double)f < x ? nextafterf (f, INFINITY) : f;
}

/* Run k's box in the BVH's frame (rounded outward by the subtraction's
 * error: the padding covers it), and its floats. */
static CgAabb
frame_box (const CgWorld *w, CgAabb b)
{
  CgAabb f = { cg_sub (b.lo, w->origin), cg_sub (b.hi, w->origin) };
  double slack = 2.0 * DBL_EPSILON
                 * (cg_max (cg_magnitude (b.lo), cg_magnitude (b.hi)) + cg_magnitude (w->origin));
  return cg_aabb_pad (f, slack);
}

static void
set_run_box (CgWorld *w, uint32_t k)
{
  w->run_box[k] = cg_world_run_bounds (w, k);
  CgAabb f = frame_box (w, w->run_box[k]);
  w->run_box_f[k][0] = float_down (f.lo.x);
  w->run_box_f[k][1] = float_down (f.lo.y);
  w->run_box_f[k][2] = float_up (f.hi.x);
  w->run_box_f[k][3] = float_up (f.hi.y);
}

/* Copies boundary i's data (edges from edge_first[i]) and its normals. */
static void
store_boundary (CgWorld *w, size_t i, const CgVec2 *v, const CgCurveEdge *e, size_t n)
{
  uint32_t first = w->edge_first[i];
  memcpy (w->v + first, v, n * sizeof *v);
  if (w->e != NULL)
    {
      bool curved = false;
      for (size_t k = 0; k < n; k++)
        {
          w->e[first + k] = e != NULL ? e[k] : cg_curve_edge_straight ();
          curved |= w->e[first + k].sweep != 0.0;
        }
      w->curved[i] = curved;
    }
  cg_outline_normals (w->v + first, w->e != NULL ? w->e + first : NULL, n, w->n0 + first,
                      w->n1 + first);
  for (size_t k = 0; k < n; k++)
    w->left[first + k]
        = n > 1 && cg_outline_turns_left (w->n1[first + (k > 0 ? k - 1 : n - 1)], w->n0[first + k]);
  CgAabb box = cg_aabb_empty ();
  for (uint32_t k = w->bound_run[i]; k < w->bound_run[i + 1]; k++)
    {
      set_run_box (w, k);
      box = cg_aabb_union (box, w->run_box[k]);
    }
  w->bound_box[i] = box;
}

/* Builds the BVH over the runs' boxes (in the frame), a run a leaf, and
 * notes in each leaf what its casts read. */
static bool
build_bvh (CgWorld *w)
{
  CgAabb *boxes = malloc (((size_t)w->n_runs + 1) * sizeof *boxes);
  if (boxes == NULL)
    return false;
  for (uint32_t k = 0; k < w->n_runs; k++)
    boxes[k] = frame_box (w, w->run_box[k]);
  bool ok = cg_bvh_build (&w->bvh, boxes, w->n_runs, 1);
  free (boxes);
  if (!ok)
    return false;
  /* Every leaf holds one run. */
  CgBvhRef *leaves[1] = { &w->bvh.root };
  if (w->bvh.root.count > 0)
    {
      uint32_t k = w->bvh.items[w->bvh.root.first];
      leaves[0]->user[0] = w->run_first[k];
      leaves[0]->user[1] = w->run_bound[k] << 4 | (w->run_first[k + 1] - w->run_first[k]);
    }
  for (uint32_t i = 0; i < w->bvh.n_nodes; i++)
    for (int c = 0; c < CG_BVH_WIDTH; c++)
      {
        CgBvhRef *ref = &w->bvh.nodes[i].child[c];
        if (ref->count == 0)
          continue;
        uint32_t k = w->bvh.items[ref->first];
        ref->user[0] = w->run_first[k];
        ref->user[1] = w->run_bound[k] << 4 | (w->run_first[k + 1] - w->run_first[k]);
      }
  return true;
}

/* How many runs a boundary is cut into: a wall edge by edge (a wall's edges
 * run along the room, and one box for all of them would hold the whole
 * room, met by every cast); an obstacle into runs of at most RUN_MAX_EDGES
 * (a small obstacle whole). */
static uint32_t
runs_of (const CgBoundaryRef *b)
{
  if (b->role == CG_ROLE_WALL)
    return (uint32_t)b->n;
  return (uint32_t)((b->n + RUN_MAX_EDGES - 1) / RUN_MAX_EDGES);
}

CgWorld *
cg_world_new (const CgBoundaryRef *bounds, size_t count)
{
  CgWorld *w = calloc (1, sizeof *w);
  if (w == NULL)
    return NULL;
  w->n_bounds = count;
  size_t n_edges = 0, n_runs = 0;
  bool any_arc = false;
  for (size_t i = 0; i < count; i++)
    {
      n_edges += bounds[i].n;
      n_runs += runs_of (&bounds[i]);
      for (size_t k = 0; bounds[i].e != NULL && k < bounds[i].n; k++)
        any_arc |= bounds[i].e[k].sweep != 0.0;
    }
  if (n_edges >= UINT32_MAX / CG_PARTS || count >= (1u << 28))
    goto fail;
  w->n_edges = (uint32_t)n_edges;
  w->n_runs = (uint32_t)n_runs;
  w->roles = malloc ((count + 1) * sizeof *w->roles);
  w->reflects = malloc (count + 1);
  w->edge_first = malloc ((count + 1) * sizeof *w->edge_first);
  w->bound_box = malloc ((count + 1) * sizeof *w->bound_box);
  w->bound_run = malloc ((count + 1) * sizeof *w->bound_run);
  w->v = cg_bvh_alloc_big ((n_edges + 1) * sizeof *w->v, 64);
  w->n0 = cg_bvh_alloc_big ((n_edges + 1) * sizeof *w->n0, 64);
  w->n1 = any_arc ? malloc ((n_edges + 1) * sizeof *w->n1) : w->n0;
  w->left = malloc (n_edges + 1);
  w->e = any_arc ? malloc ((n_edges + 1) * sizeof *w->e) : NULL;
  w->curved = any_arc ? calloc (count + 1, 1) : NULL;
  w->run_first = malloc ((n_runs + 1) * sizeof *w->run_first);
  w->run_bound = malloc ((n_runs + 1) * sizeof *w->run_bound);
  w->run_box = malloc ((n_runs + 1) * sizeof *w->run_box);
  w->run_box_f = malloc ((n_runs + 1) * sizeof *w->run_box_f);
  if (!w->roles || !w->reflects || !w->edge_first || !w->bound_box || !w->bound_run || !w->v
      || !w->n0 || !w->n1 || !w->left || (any_arc && (!w->e || !w->curved)) || !w->run_first
      || !w->run_bound || !w->run_box || !w->run_box_f)
    goto fail;

  /* The edges and the runs: each boundary cut into runs of near-equal
   * length. */
  uint32_t edge = 0, run = 0;
  CgAabb all = cg_aabb_empty ();
  for (size_t i = 0; i < count; i++)
    {
      w->roles[i] = bounds[i].role;
      w->reflects[i] = bounds[i].role == CG_ROLE_WALL || bounds[i].on_hit == CG_ON_HIT_REFLECT;
      w->edge_first[i] = edge;
      w->bound_run[i] = run;
      uint32_t n = (uint32_t)bounds[i].n;
      uint32_t runs = runs_of (&bounds[i]);
      for (uint32_t j = 0; j < runs; j++)
        {
          w->run_first[run] = edge + (uint32_t)((uint64_t)n * j / runs);
          w->run_bound[run++] = (uint32_t)i;
        }
      edge += n;
      for (size_t k = 0; k < bounds[i].n; k++)
        all = cg_aabb_add_point (all, bounds[i].v[k]);
    }
  w->edge_first[count] = edge;
  w->bound_run[count] = run;
  w->big_obstacles = malloc ((count + 1) * sizeof *w->big_obstacles);
  if (w->big_obstacles == NULL)
    goto fail;
  for (size_t i = 0; i < count; i++)
    if (w->roles[i] == CG_ROLE_OBSTACLE && w->bound_run[i + 1] - w->bound_run[i] > 1)
      w->big_obstacles[w->n_big_obstacles++] = (uint32_t)i;
  w->run_first[run] = edge;
  /* The frame's origin: the middle of the vertices' box, so that the BVH's
   * floats are precise in a scene far from 0. */
  w->origin = cg_aabb_is_empty (all) ? (CgVec2){ 0.0, 0.0 } : cg_aabb_center (all);
  if (!cg_is_valid_vec2 (w->origin))
    w->origin = (CgVec2){ 0.0, 0.0 };
  for (size_t i = 0; i < count; i++)
    store_boundary (w, i, bounds[i].v, bounds[i].e, bounds[i].n);
  if (!build_bvh (w))
    goto fail;
  return w;

fail:
  cg_world_free (w);
  return NULL;
}

size_t
cg_world_count (const CgWorld *w)
{
  return w->n_bounds;
}

CgBoundaryRef
cg_world_boundary (const CgWorld *w, size_t i)
{
  uint32_t first = w->edge_first[i];
  return (CgBoundaryRef){ w->v + first, w->e != NULL ? w->e + first : NULL,
                          w->edge_first[i + 1] - first, w->roles[i],
                          w->reflects[i] && w->roles[i] == CG_ROLE_OBSTACLE ? CG_ON_HIT_REFLECT
                                                                            : CG_ON_HIT_STOP };
}

bool
cg_world_reflects (const CgWorld *w, size_t i)
{
  return w->reflects[i];
}

const CgBvh *
cg_world_bvh (const CgWorld *w)
{
  return &w->bvh;
}

CgVec2
cg_world_bvh_origin (const CgWorld *w)
{
  return w->origin;
}

uint32_t
cg_world_prim_count (const CgWorld *w)
{
  return w->n_edges * CG_PARTS;
}

/* The boundary that holds edge `edge` (world numbering). */
static uint32_t
boundary_of_edge (const CgWorld *w, uint32_t edge)
{
  size_t lo = 0, hi = w->n_bounds;
  while (hi - lo > 1)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (w->edge_first[mid] <= edge)
        lo = mid;
      else
        hi = mid;
    }
  return (uint32_t)lo;
}

bool
cg_world_primitive (const CgWorld *w, uint32_t id, double r, CgPrimitive *out)
{
  uint32_t edge = id / CG_PARTS;
  if (edge >= w->n_edges)
    return false;
  uint32_t b = boundary_of_edge (w, edge);
  CgOutline o = cg_world_outline (w, b);
  return cg_outline_part (&o, edge - o.first_edge, (CgPart)(id % CG_PARTS), r, out);
}

CgAabb
cg_world_outline_bounds (const CgWorld *w, size_t i, double r)
{
  CgOutline o = cg_world_outline (w, i);
  CgAabb box = cg_aabb_empty ();
  for (size_t k = 0; k < o.n; k++)
    for (int part = 0; part < CG_PARTS; part++)
      {
        CgPrimitive p;
        if (cg_outline_part (&o, k, (CgPart)part, r, &p))
          box = cg_aabb_union (box, cg_primitive_bounds (&p));
      }
  return box;
}

size_t
cg_world_primitive_total (const CgWorld *w, double r)
{
  size_t total = 0;
  for (size_t i = 0; i < w->n_bounds; i++)
    {
      CgOutline o = cg_world_outline (w, i);
      for (size_t k = 0; k < o.n; k++)
        for (int part = 0; part < CG_PARTS; part++)
          {
            CgPrimitive p;
            total += cg_outline_part (&o, k, (CgPart)part, r, &p);
          }
    }
  return total;
}

/* ---- updating in place ------------------------------------------------------ */

/* What leaf_box() refits. */
typedef struct
{
  const CgWorld *w;
  uint32_t boundary;
} Refit;

static bool
leaf_box (const CgBvhRef *leaf, void *data, CgAabb *box)
{
  const Refit *refit = data;
  const CgWorld *w = refit->w;
  if (leaf->user[1] >> 4 != refit->boundary)
    return false;
  *box = frame_box (w, w->run_box[w->bvh.items[leaf->first]]);
  return true;
}

bool
cg_world_update (CgWorld *w, size_t i, const CgVec2 *v, const CgCurveEdge *e, size_t n)
{
  if (i >= w->n_bounds || w->edge_first[i + 1] - w->edge_first[i] != n)
    return false;
  uint32_t first = w->edge_first[i];
  /* The same kinds of edges: a straight world stays straight, and no edge
   * turns from arc to segment or back (the runs' primitives keep their
   * ids). */
  for (size_t k = 0; k < n; k++)
    {
      bool arc = e != NULL && e[k].sweep != 0.0;
      bool was = w->e != NULL && w->e[first + k].sweep != 0.0;
      if (arc != was)
        return false;
    }
  store_boundary (w, i, v, e, n);
  cg_world_grid_moved (w, i);
  Refit refit = { w, (uint32_t)i };
  cg_bvh_refit (&w->bvh, leaf_box, &refit);
#ifdef CG_DEBUG_CHECKS
  const char *problem;
  if (!cg_world_validate (w, &problem))
    {
      fprintf (stderr, "cg_world_update: %s\n", problem);
      abort ();
    }
#endif
  return true;
}

size_t
cg_world_memory (const CgWorld *w)
{
  size_t per_edge = sizeof *w->v + sizeof *w->n0 + sizeof *w->left
                    + (w->n1 != w->n0 ? sizeof *w->n1 : 0) + (w->e != NULL ? sizeof *w->e : 0);
  size_t per_bound = sizeof *w->roles + sizeof *w->reflects + sizeof *w->edge_first
                     + sizeof *w->bound_box + sizeof *w->bound_run + (w->curved != NULL ? 1 : 0);
  size_t per_run
      = sizeof *w->run_first + sizeof *w->run_bound + sizeof *w->run_box + sizeof *w->run_box_f;
  return sizeof *w + w->n_edges * per_edge + w->n_bounds * per_bound + w->n_runs * per_run
         + cg_bvh_memory (&w->bvh) + cg_world_grid_memory (w->grid);
}

/* ---- the cast -------------------------------------------------------------------- */

/* One query: the ray, the ball, what counts only at t > 0, and the best hit
 * so far. Ties in t go to the lower id, the order brute force sees them in,
 * so every search agrees bit for bit. */
typedef struct
{
  const CgWorld *w;
  CgVec2 c, d;
  double r;
  int64_t after;  /* counts only at t > 0, or -1 */
  double t;       /* the best hit so far */
  int64_t prim;   /* its id, -1 for none */
  uint32_t bound; /* its boundary */
  CgCastStats stats;
  uint32_t *log; /* cg_world_explain_cast(): the ids tested, in order (or NULL) */
  /* The ray in the BVH's frame, and what its slab tests need. */
  CgVec2 o, inv_d;
  double reach;
  bool parallel; /* d.x or d.y is 0: 1/d is infinite on that axis */
  /* The planes of a child box the ray crosses first (near) and last (far)
   * on each axis: byte offsets into CgBvhNode; and the ray's origin moved by
   * the reach towards each, so that (plane - on) * inv_d is where the ray
   * crosses the plane grown by the reach. */
  size_t near_x, far_x, near_y, far_y;
  CgVec2 on, of;
  /* The same planes' places in a run's float box (lo.x, lo.y, hi.x, hi.y). */
  int box_nx, box_ny, box_fx, box_fy;
} Query;

/* Takes a hit at t on primitive id of boundary b if it beats the best. */
static inline void
offer (Query *q, double t, uint32_t id, uint32_t b)
{
  if ((int64_t)id == q->after && !(t > 0.0))
    return;
  if (t < q->t || (t == q->t && (int64_t)id < q->prim))
    {
      q->t = t;
      q->prim = id;
      q->bound = b;
    }
}

/* Casts a primitive by the cores without a record. */
static inline void
cast_lean (const CgPrimitive *p, uint32_t id, Query *q)
{
  uint32_t b = p->object;
  double t;
  CgReject reject;
  if (p->kind == CG_PRIM_SEGMENT)
    reject = cg_cast_segment_core (p->a, p->b, p->n, q->c, q->d, q->t, NULL, &t);
  else
    {
      CgVec2 u;
      reject = cg_cast_arc_core (p->q, p->rho, p->inside, p->full, p->big, p->junction, p->a, p->b,
                                 p->u_from, p->u_to, q->c, q->d, q->t, NULL, &t, &u);
    }
  if (reject == CG_REJECT_NONE)
    offer (q, t, id, b);
}

/* Tests the edges [k0, k0 + count) of boundary b (world numbering): their
 * caps and offsets, made here as cg_outline_part() makes them. */
static inline __attribute__ ((always_inline)) void
test_run (const CgWorld *w, uint32_t k0, uint32_t count, uint32_t b, Query *q)
{
  q->stats.nodes_visited++;
  uint32_t first = w->edge_first[b], end = w->edge_first[b + 1];
  if (w->curved != NULL && w->curved[b])
    {
      CgOutline o = cg_world_outline (w, b);
      for (uint32_t k = k0; k < k0 + count; k++)
        for (int part = 0; part < CG_PARTS; part++)
          {
            CgPrimitive p;
            if (!cg_outline_part_for_cast (&o, k - first, (CgPart)part, q->r, &p, false))
              continue;
            uint32_t id = k * CG_PARTS + (uint32_t)part;
            if (q->log != NULL)
              q->log[q->stats.primitives_tested] = id;
            q->stats.primitives_tested++;
            cast_lean (&p, id, q);
          }
      return;
    }
  double r = q->r, t;
  CgVec2 d = q->d;
  /* d·n of each edge, once: the segment's front test and the caps'
   * facing-away test of the cores (the same products: what they reject,
   * this skips). */
  double dn_prev = cg_dot (d, w->n1[k0 > first ? k0 - 1 : end - 1]);
  for (uint32_t k = k0; k < k0 + count; k++)
    {
      uint32_t prev = k > first ? k - 1 : end - 1, next = k + 1 < end ? k + 1 : first;
      CgVec2 vk = w->v[k], nk = w->n0[k];
      double dn = cg_dot (d, nk);
      CgVec2 j_out = cg_mul_add (vk, r, nk);
      if (r > 0.0 && w->left[k])
        {
          uint32_t id = k * CG_PARTS + CG_PART_CAP;
          if (q->log != NULL)
            q->log[q->stats.primitives_tested] = id;
          q->stats.primitives_tested++;
          if (!(dn_prev > 0.0 && dn > 0.0))
            {
              CgVec2 n_in = w->n1[prev], u;
              if (cg_cast_arc_core (vk, r, false, false, false, true, cg_mul_add (vk, r, n_in),
                                    j_out, n_in, nk, q->c, d, q->t, NULL, &t, &u)
                  == CG_REJECT_NONE)
                offer (q, t, id, b);
            }
        }
      dn_prev = dn;
      uint32_t id = k * CG_PARTS + CG_PART_EDGE;
      if (q->log != NULL)
        q->log[q->stats.primitives_tested] = id;
      q->stats.primitives_tested++;
      if (dn < 0.0
          && cg_cast_segment_core (j_out, cg_mul_add (w->v[next], r, w->n1[k]), nk, q->c, d, q->t,
                                   NULL, &t)
                 == CG_REJECT_NONE)
        offer (q, t, id, b);
    }
}

static bool
ray_leaf (const CgBvhRef *leaf, void *data)
{
  Query *q = data;
  test_run (q->w, leaf->user[0], leaf->user[1] & 15, leaf->user[1] >> 4, q);
  return true;
}

/* Brute force is the reference: every primitive of the world, each made by
 * cg_outline_part() and cast by the cores of cg-cast.h. */
static void
cast_brute_force (const CgWorld *w, Query *q)
{
  for (size_t b = 0; b < w->n_bounds; b++)
    {
      CgOutline o = cg_world_outline (w, b);
      for (uint32_t k = 0; k < o.n; k++)
        for (int part = 0; part < CG_PARTS; part++)
          {
            CgPrimitive p;
            if (!cg_outline_part_for_cast (&o, k, (CgPart)part, q->r, &p, false))
              continue;
            q->stats.primitives_tested++;
            cast_lean (&p, cg_prim_id (o.first_edge, k, (CgPart)part), q);
          }
    }
}

/* Child k against a ray parallel to an axis (rare): cg_aabb_ray() on the
 * grown box, which tests that axis' slab as an interval. */
static inline bool
child_hit_parallel (const CgBvhNode *node, int k, const Query *q, double bound, double *near)
{
  CgAabb box = cg_bvh_child_box (node, k);
  double t0, t1;
  if (cg_aabb_is_empty (box)
      || !cg_aabb_ray (cg_aabb_pad (box, q->reach), q->o, q->inv_d, &t0, &t1))
    return false;
  *near = t0;
  return t1 >= 0.0 && t0 <= bound;
}

/* The children whose boxes, grown by the reach, the ray enters at most at
 * bound and leaves no earlier than its start: bit k set for child k, key[k]
 * its entry parameter.
 *
 * The sign of the direction picks which plane of each axis is crossed
 * first: with lo <= hi, the grown planes lo - reach and hi + reach give
 * (lo - reach - o) / d and (hi + reach - o) / d ordered by that sign
 * (rounding is monotonic), so the picked value is the minimum. Branch-free,
 * so the compiler can test the children side by side; an unused slot
 * (lo = +inf, hi = -inf) comes out with t0 = +inf > t1 and is never
 * entered. */
static unsigned
ray_keys (const CgBvhNode *node, void *data, double bound, double key[CG_BVH_WIDTH])
{
  Query *q = data;
  q->stats.nodes_visited++;
  q->stats.boxes_tested += CG_BVH_WIDTH;
  unsigned mask = 0;
  if (q->parallel)
    {
      for (int k = 0; k < CG_BVH_WIDTH; k++)
        mask |= (unsigned)child_hit_parallel (node, k, q, bound, &key[k]) << k;
      return mask;
    }
  const float *nx = (const float *)((const char *)node + q->near_x);
  const float *fx = (const float *)((const char *)node + q->far_x);
  const float *ny = (const float *)((const char *)node + q->near_y);
  const float *fy = (const float *)((const char *)node + q->far_y);
#if defined(__SSE2__) && CG_BVH_WIDTH == 4
  /* Two children per instruction, in double precision like the scalar code
   * below (float to double is exact; maxpd and minpd are a > b ? a : b and
   * a < b ? a : b, as cg_max and cg_min). */
  __m128d onx = _mm_set1_pd (q->on.x), ony = _mm_set1_pd (q->on.y);
  __m128d ofx = _mm_set1_pd (q->of.x), ofy = _mm_set1_pd (q->of.y);
  __m128d ix = _mm_set1_pd (q->inv_d.x), iy = _mm_set1_pd (q->inv_d.y);
  __m128d zero = _mm_setzero_pd (), limit = _mm_set1_pd (bound);
  __m128 vnx = _mm_load_ps (nx), vfx = _mm_load_ps (fx), vny = _mm_load_ps (ny),
         vfy = _mm_load_ps (fy);
  for (int half = 0; half < 2; half++)
    {
      __m128d tnx = _mm_mul_pd (_mm_sub_pd (_mm_cvtps_pd (vnx), onx), ix);
      __m128d tfx = _mm_mul_pd (_mm_sub_pd (_mm_cvtps_pd (vfx), ofx), ix);
      __m128d tny = _mm_mul_pd (_mm_sub_pd (_mm_cvtps_pd (vny), ony), iy);
      __m128d tfy = _mm_mul_pd (_mm_sub_pd (_mm_cvtps_pd (vfy), ofy), iy);
      __m128d t0 = _mm_max_pd (tnx, tny), t1 = _mm_min_pd (tfx, tfy);
      __m128d in = _mm_and_pd (_mm_and_pd (_mm_cmple_pd (t0, t1), _mm_cmpge_pd (t1, zero)),
                               _mm_cmple_pd (t0, limit));
      _mm_storeu_pd (&key[2 * half], t0);
      mask |= (unsigned)_mm_movemask_pd (in) << (2 * half);
      vnx = _mm_movehl_ps (vnx, vnx);
      vfx = _mm_movehl_ps (vfx, vfx);
      vny = _mm_movehl_ps (vny, vny);
      vfy = _mm_movehl_ps (vfy, vfy);
    }
#else
  for (int k = 0; k < CG_BVH_WIDTH; k++)
    {
      double t0 = cg_max ((nx[k] - q->on.x) * q->inv_d.x, (ny[k] - q->on.y) * q->inv_d.y);
      double t1 = cg_min ((fx[k] - q->of.x) * q->inv_d.x, (fy[k] - q->of.y) * q->inv_d.y);
      key[k] = t0;
      mask |= (unsigned)((t0 <= t1) & (t1 >= 0.0) & (t0 <= bound)) << k;
    }
#endif
  return mask;
}

static void
cast_bvh (const CgWorld *w, Query *q)
{
  const CgBvh *bvh = &w->bvh;
  if (bvh->root.count == 0 && bvh->n_nodes == 0)
    return;
  double t0, t1;
  q->stats.boxes_tested++;
  if (!cg_aabb_ray (cg_aabb_pad (bvh->box, q->reach), q->o, q->inv_d, &t0, &t1) || t1 < 0.0)
    return;
  cg_bvh_nearest_first (bvh, t0, ray_keys, ray_leaf, &q->t, q);
}

/* Whether the ray enters run k's float box, grown by the reach, no later
 * than the best hit, and leaves it no earlier than its start: the slab test
 * of ray_keys() on one box. */
static inline bool
grid_run_box_hit (const CgWorld *w, uint32_t k, Query *q)
{
  q->stats.boxes_tested++;
  const float *f = w->run_box_f[k];
  if (q->parallel)
    {
      CgAabb box = { { f[0], f[1] }, { f[2], f[3] } };
      double t0, t1;
      return cg_aabb_ray (cg_aabb_pad (box, q->reach), q->o, q->inv_d, &t0, &t1) && t1 >= 0.0
             && t0 <= q->t;
    }
  double t0 = cg_max ((f[q->box_nx] - q->on.x) * q->inv_d.x, (f[q->box_ny] - q->on.y) * q->inv_d.y);
  double t1 = cg_min ((f[q->box_fx] - q->of.x) * q->inv_d.x, (f[q->box_fy] - q->of.y) * q->inv_d.y);
  return t0 <= t1 && t1 >= 0.0 && t0 <= q->t;
}

static inline void
grid_test_run (const CgWorld *w, uint32_t k, Query *q)
{
  uint32_t first = w->run_first[k];
  test_run (w, first, w->run_first[k + 1] - first, w->run_bound[k], q);
}

/* The cast through the grid from a start c inside it (cg-world-grid.c says
 * why it answers what brute force answers): the moved runs first, then the
 * cells along the ray from c's, each
 * cell's runs in turn, until the best hit comes no later than the cell's
 * exit. A run listed in several cells is tested once while it is among the
 * last 4 so tested. nodes_visited counts the cells walked and the runs
 * tested; boxes_tested the runs' boxes. */
static void
cast_grid (const CgWorld *w, Query *q)
{
  const CgWorldGrid *g = w->grid;
  CgVec2 c = q->c, d = q->d;
  CgVec2 inv_d = q->inv_d;
  for (uint32_t i = 0; i < g->n_moved; i++)
    if (grid_run_box_hit (w, g->moved[i], q))
      grid_test_run (w, g->moved[i], q);

  /* The walk starts in the cell of c: search() walks the grid only for
   * starts inside it. */
  CgVec2 p = c;
  /* A product for the quotient: it can only land in the next cell where p
   * is within rounding of the cells' side, which the listing's margin
   * covers. */
  double fx = floor ((p.x - g->bounds.lo.x) * g->per_w);
  double fy = floor ((p.y - g->bounds.lo.y) * g->per_h);
  int64_t ix = !(fx >= 0.0) ? 0 : fx >= g->nx ? (int64_t)g->nx - 1 : (int64_t)fx;
  int64_t iy = !(fy >= 0.0) ? 0 : fy >= g->ny ? (int64_t)g->ny - 1 : (int64_t)fy;
  int step_x = d.x > 0.0 ? 1 : d.x < 0.0 ? -1 : 0;
  int step_y = d.y > 0.0 ? 1 : d.y < 0.0 ? -1 : 0;
  /* Where the ray leaves column ix: the side lo + (ix + 1) w going right, lo
   * + ix w going left, (lo - c + (ix + side) w) / d; likewise for rows. */
  double bx = g->bounds.lo.x - c.x, by = g->bounds.lo.y - c.y;
  int64_t sx = step_x > 0, sy = step_y > 0;
  double tx = step_x != 0 ? (bx + (double)(ix + sx) * g->cell_w) * inv_d.x : INFINITY;
  double ty = step_y != 0 ? (by + (double)(iy + sy) * g->cell_h) * inv_d.y : INFINITY;
  uint32_t recent[4] = { UINT32_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX };
  unsigned n_recent = 0;
  /* A walk that only moves forward crosses at most nx + ny - 1 cells. */
  for (uint32_t steps = 0; steps < g->nx + g->ny; steps++)
    {
      size_t cell = (size_t)iy * g->nx + (size_t)ix;
      q->stats.nodes_visited++;
      for (uint32_t e = g->cell_first[cell]; e < g->cell_first[cell + 1]; e++)
        {
          uint32_t k = g->entries[e];
          bool seen = false;
          for (int j = 0; j < 4; j++)
            seen |= recent[j] == k;
          if (seen || !grid_run_box_hit (w, k, q))
            continue;
          recent[n_recent++ & 3] = k;
          grid_test_run (w, k, q);
        }
      if (q->t <= cg_min (tx, ty))
        return;
      if (tx < ty)
        {
          ix += step_x;
          if ((uint64_t)ix >= g->nx)
            return;
          tx = (bx + (double)(ix + sx) * g->cell_w) * inv_d.x;
        }
      else
        {
          iy += step_y;
          if ((uint64_t)iy >= g->ny)
            return;
          ty = (by + (double)(iy + sy) * g->cell_h) * inv_d.y;
        }
    }
}

/* Sets up a query of the ball of radius r along c + t d (d a unit vector),
 * nothing found yet; every field is written (no zeroing of the whole). */
static inline void
query_start (Query *q, const CgWorld *w, CgVec2 c, CgVec2 d, double r, int64_t after, uint32_t *log)
{
  q->w = w;
  q->c = c;
  q->d = d;
  q->r = r;
  q->after = after;
  q->t = INFINITY;
  q->prim = -1;
  q->bound = 0;
  q->stats = (CgCastStats){ 0, 0, 0 };
  q->log = log;
  q->o = cg_sub (c, w->origin);
  q->inv_d = (CgVec2){ 1.0 / d.x, 1.0 / d.y };
  q->parallel = isinf (q->inv_d.x) || isinf (q->inv_d.y);
  q->reach = cg_world_reach (c, w->origin, r);
  bool up_x = q->inv_d.x >= 0.0, up_y = q->inv_d.y >= 0.0;
  q->box_nx = up_x ? 0 : 2;
  q->box_fx = up_x ? 2 : 0;
  q->box_ny = up_y ? 1 : 3;
  q->box_fy = up_y ? 3 : 1;
  q->near_x = up_x ? offsetof (CgBvhNode, lo_x) : offsetof (CgBvhNode, hi_x);
  q->far_x = up_x ? offsetof (CgBvhNode, hi_x) : offsetof (CgBvhNode, lo_x);
  q->near_y = up_y ? offsetof (CgBvhNode, lo_y) : offsetof (CgBvhNode, hi_y);
  q->far_y = up_y ? offsetof (CgBvhNode, hi_y) : offsetof (CgBvhNode, lo_y);
  /* (plane - reach - o) for a near plane crossed going up, (plane + reach -
   * o) going down: the origin moved the other way. */
  double gx = up_x ? q->reach : -q->reach, gy = up_y ? q->reach : -q->reach;
  q->on = (CgVec2){ q->o.x + gx, q->o.y + gy };
  q->of = (CgVec2){ q->o.x - gx, q->o.y - gy };
}

/* The search of cg_world_cast(): q->prim and q->t are the winner. */
static void
search (Query *q, const CgWorld *w, CgVec2 c, CgVec2 d, double r, int64_t after, bool brute_force)
{
  query_start (q, w, c, d, r, after, NULL);
  if (brute_force)
    cast_brute_force (w, q);
  else if (w->grid != NULL && r <= w->grid->reach && cg_aabb_contains (w->grid->bounds, c))
    cast_grid (w, q);
  else
    cast_bvh (w, q);
}

/* The winner's primitive (of boundary b): made as the search made it. */
static inline void
winner (const CgWorld *w, uint32_t b, uint32_t id, double r, CgPrimitive *p)
{
  CgOutline o = cg_world_outline (w, b);
  cg_outline_part_for_cast (&o, id / CG_PARTS - o.first_edge, (CgPart)(id % CG_PARTS), r, p, false);
}

CgWorldContact
cg_world_cast_contact (const CgWorld *w, CgVec2 c, CgVec2 d, double r, int64_t after,
                       bool brute_force)
{
  d = cg_unit_direction (d);
  Query q;
  search (&q, w, c, d, r, after, brute_force);
  CgWorldContact out = { .hit = q.prim >= 0, .stats = q.stats };
  if (q.prim < 0)
    return out;
  out.prim = (uint32_t)q.prim;
  out.t = q.t;
  out.object = q.bound;
  out.element = out.prim / CG_PARTS - w->edge_first[q.bound];
  out.part = (CgPart)(out.prim % CG_PARTS);
  CgPrimitive p;
  if (w->curved == NULL || !w->curved[q.bound])
    {
      /* A straight boundary's offset segment or vertex cap, as test_run()
       * made it. */
      CgVec2 v = w->v[out.prim / CG_PARTS];
      if (out.part == CG_PART_EDGE)
        {
          CgVec2 n = w->n0[out.prim / CG_PARTS];
          out.kind = CG_PRIM_SEGMENT;
          out.point = cg_segment_contact (cg_mul_add (v, r, n), n, c, q.t, d);
          out.normal = n;
        }
      else
        {
          out.kind = CG_PRIM_ARC;
          out.point = cg_arc_contact (v, r, c, q.t, d, &out.normal);
        }
    }
  else
    {
      /* What the cores compute for the winner. */
      winner (w, q.bound, out.prim, r, &p);
      out.kind = (CgPrimKind)p.kind;
      if (p.kind == CG_PRIM_SEGMENT)
        {
          out.point = cg_segment_contact (p.a, p.n, c, q.t, d);
          out.normal = p.n;
        }
      else
        {
          CgVec2 u;
          out.point = cg_arc_contact (p.q, p.rho, c, q.t, d, &u);
          out.normal = p.inside ? cg_neg (u) : u;
        }
    }
#ifdef CG_DEBUG_CHECKS
  /* The lean cast and the full one agree, bit for bit. */
  CgCastRecord rec;
  winner (w, q.bound, out.prim, r, &p);
  if (!cg_cast_primitive (&p, c, d, &rec) || memcmp (&rec.t, &out.t, sizeof rec.t) != 0
      || memcmp (&rec.point, &out.point, sizeof rec.point) != 0
      || memcmp (&rec.normal, &out.normal, sizeof rec.normal) != 0 || p.part != out.part
      || p.element != out.element || p.object != out.object || p.kind != out.kind)
    {
      fprintf (stderr, "cg_world_cast_contact: the lean cast of primitive %u differs\n", out.prim);
      abort ();
    }
#endif
  return out;
}

CgWorldHit
cg_world_cast (const CgWorld *w, CgVec2 c, CgVec2 d, double r, int64_t after, bool brute_force)
{
  d = cg_unit_direction (d);
  CgWorldHit out;
  memset (&out, 0, sizeof out);
  Query q;
  search (&q, w, c, d, r, after, brute_force);
  out.stats = q.stats;
  if (q.prim >= 0)
    {
      /* The full record of the winner, by the very cast brute force uses. */
      CgPrimitive p;
      cg_world_primitive (w, (uint32_t)q.prim, r, &p);
      out.hit = cg_cast_primitive (&p, c, d, &out.rec);
      out.prim = (uint32_t)q.prim;
      assert (out.hit && out.rec.t == q.t);
    }
  return out;
}

bool
cg_world_explain_cast (const CgWorld *w, CgVec2 c, CgVec2 d, double r, int64_t after,
                       CgWorldHit *hit, CgTested **tested, size_t *n_tested)
{
  d = cg_unit_direction (d);
  *tested = NULL;
  *n_tested = 0;
  /* A primitive is tested at most once a cast. */
  uint32_t *log = malloc (((size_t)w->n_edges * CG_PARTS + 1) * sizeof *log);
  if (log == NULL)
    return false;
  Query q;
  query_start (&q, w, c, d, r, after, log);
  cast_bvh (w, &q);

  size_t n = q.stats.primitives_tested;
  CgTested *out = malloc ((n + 1) * sizeof *out);
  if (out == NULL)
    {
      free (log);
      return false;
    }
  for (size_t i = 0; i < n; i++)
    {
      uint32_t id = log[i];
      out[i].prim = id;
      cg_world_primitive (w, id, r, &out[i].p);
      CgCastRecord *rec = &out[i].rec;
      if (cg_cast_primitive (&out[i].p, c, d, rec) && (int64_t)id != q.prim)
        {
          rec->hit = false;
          rec->reject
              = (int64_t)id == after && !(rec->t > 0.0) ? CG_REJECT_EXCLUDED : CG_REJECT_FARTHER;
        }
    }
  free (log);

  memset (hit, 0, sizeof *hit);
  hit->stats = q.stats;
  if (q.prim >= 0)
    {
      CgPrimitive p;
      cg_world_primitive (w, (uint32_t)q.prim, r, &p);
      hit->hit = cg_cast_primitive (&p, c, d, &hit->rec);
      hit->prim = (uint32_t)q.prim;
      assert (hit->hit && hit->rec.t == q.t);
    }
  *tested = out;
  *n_tested = n;
  return true;
}

void
cg_world_prepare (CgWorld *w, double r)
{
  if (w->grid != NULL && w->grid->reach >= r)
    return;
  cg_world_grid_free (w->grid);
  w->grid = NULL;
  cg_world_grid_build (w, r);
}
