/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-world.c: outline primitives of a scene, their BVH, and the first-hit
 * query, traversed nearest-first with early exit.
 *
 * The query must choose the hit brute force chooses, bit for bit. What makes
 * it fast changes no number:
 *  - the BVH is 4 wide with float boxes (cg-bvh.h); the slab test computes
 *    the same ray parameters as cg_aabb_ray() would on those boxes, which
 *    contain the padded double boxes, so it prunes no more than an exact test;
 *  - casts read LeanRecords (cg-world-private.h): one cache line a
 *    primitive, with what does not depend on the ray computed beforehand by
 *    the operations the cast would use. A leaf's records are one contiguous
 *    stretch of memory: an object leaf is a run of one outline (w->lean,
 *    indexed like w->prims); a primitive leaf's are in leaf order
 *    (w->records), arcs first, then segments;
 *  - primitives are tested by lean copies of cg_cast_primitive() that
 *    perform exactly the same floating-point operations but fill no record,
 *    and stop as soon as a primitive cannot beat the best hit so far; the
 *    full record is computed once, for the winner, by cg_cast_primitive();
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

/* The lean tests below must round exactly like cg-cast.c: no fused
 * multiply-adds, which meson.build turns off for every file
 * (-ffp-contract=off; a pragma here would not reach the inline helpers of
 * cg-math.h). */

void
cg_world_free (CgWorld *w)
{
  if (w == NULL)
    return;
  free (w->roles);
  free (w->vertex_first);
  free (w->verts);
  free (w->prims);
  free (w->prim_first);
  free (w->records);
  free (w->record_prim);
  free (w->prim_record);
  free (w->lean);
  cg_world_grid_free (w->grid);
  cg_bvh_clear (&w->bvh);
  free (w);
}

/* Lays out the records of one primitive leaf from record `at` on, arcs
 * first, and notes in the leaf where they are; returns the next record. */
static uint32_t
place_leaf (CgWorld *w, CgBvhRef *ref, uint32_t at)
{
  /* Arcs go straight to their place, segments wait. */
  uint32_t begin = at, segments[LEAF_MAX_PRIMITIVES], n_segments = 0;
  for (uint32_t i = ref->first; i < ref->first + ref->count; i++)
    {
      uint32_t k = w->bvh.items[i];
      if (w->prims[k].kind == CG_PRIM_SEGMENT)
        segments[n_segments++] = k;
      else
        w->record_prim[at++] = k;
    }
  uint32_t arcs = at - begin;
  for (uint32_t i = 0; i < n_segments; i++)
    w->record_prim[at++] = segments[i];
  for (uint32_t j = begin; j < at; j++)
    {
      uint32_t k = w->record_prim[j];
      const CgPrimitive *p = &w->prims[k];
      w->records[j] = cg_world_lean_record (p, w->eps);
      w->prim_record[k] = j;
    }
  ref->user[0] = begin;
  ref->user[1] = arcs | n_segments << 16;
  return at;
}

/* Notes in a leaf what its casts read (place_leaf() for primitive leaves; an
 * object leaf's run of w->prims). */
static uint32_t
set_leaf (CgWorld *w, CgBvhRef *ref, const uint32_t *run_first, uint32_t at)
{
  if (run_first == NULL)
    return place_leaf (w, ref, at);
  uint32_t run = w->bvh.items[ref->first];
  ref->user[0] = run_first[run];
  ref->user[1] = run_first[run + 1];
  /* The item becomes the polygon of the run. */
  w->bvh.items[ref->first] = w->prims[run_first[run]].object;
  return at;
}

/* Builds the BVH over one padded box per primitive, or per run of at most
 * RUN_MAX_PRIMITIVES consecutive primitives of one polygon, then the cast
 * records in leaf order. Primitive leaves are built by groups (the runs):
 * whole runs are separated first, which is several times faster than
 * splitting a million primitives from the top and about as good. */
static bool
build_bvh (CgWorld *w, double pad)
{
  bool objects = w->leaves == CG_BVH_LEAF_OBJECTS;
  uint32_t n_runs = 0;
  for (size_t i = 0; i < w->n_polys; i++)
    {
      uint32_t n = w->prim_first[i + 1] - w->prim_first[i];
      n_runs += (n + RUN_MAX_PRIMITIVES - 1) / RUN_MAX_PRIMITIVES;
    }
  uint32_t n_items = objects ? n_runs : (uint32_t)w->n_prims;

  bool ok = false;
  CgAabb *boxes = malloc (((size_t)n_items + 1) * sizeof *boxes);
  uint32_t *run_first = malloc (((size_t)n_runs + 1) * sizeof *run_first);
  CgBvhRef **leaf_at = NULL;
  /* Each primitive's box, for the grid (cg_world_grid_build()). */
  CgAabb *prim_box
      = objects && n_runs >= GRID_MIN_RUNS ? malloc ((w->n_prims + 1) * sizeof *prim_box) : NULL;
  if (boxes == NULL || run_first == NULL)
    goto done;
  uint32_t run = 0;
  for (size_t i = 0; i < w->n_polys; i++)
    {
      /* Cut the outline into runs of near-equal length. */
      uint32_t begin = w->prim_first[i], n = w->prim_first[i + 1] - begin;
      uint32_t runs = (n + RUN_MAX_PRIMITIVES - 1) / RUN_MAX_PRIMITIVES;
      for (uint32_t j = 0; j < runs; j++)
        {
          uint32_t from = begin + (uint32_t)((uint64_t)n * j / runs);
          uint32_t to = begin + (uint32_t)((uint64_t)n * (j + 1) / runs);
          CgAabb box = cg_aabb_empty ();
          for (uint32_t k = from; k < to; k++)
            {
              CgAabb prim = cg_aabb_pad (cg_primitive_bounds (&w->prims[k]), pad);
              if (prim_box != NULL)
                prim_box[k] = prim;
              if (objects)
                box = cg_aabb_union (box, prim);
              else
                boxes[k] = prim;
            }
          if (objects)
            boxes[run] = box;
          run_first[run++] = from;
        }
    }
  run_first[run] = (uint32_t)w->n_prims;

  if (objects
          ? !cg_bvh_build (&w->bvh, boxes, n_items, 1)
          : !cg_bvh_build_grouped (&w->bvh, boxes, n_items, run_first, n_runs, LEAF_MAX_PRIMITIVES))
    goto done;
  if (prim_box != NULL)
    cg_world_grid_build (w, run_first, n_runs, boxes, prim_box);
  if (!objects)
    {
      free (run_first);
      run_first = NULL; /* leaves name primitives */
      /* Primitive leaves get compact cast records, in leaf order: a leaf's
       * primitives are scattered in w->prims, its records contiguous. */
      w->records = cg_bvh_alloc_big ((w->n_prims + 1) * sizeof *w->records, 64);
      w->record_prim = malloc ((w->n_prims + 1) * sizeof *w->record_prim);
      w->prim_record = malloc ((w->n_prims + 1) * sizeof *w->prim_record);
      if (!w->records || !w->record_prim || !w->prim_record)
        goto done;
    }

  /* Leaves cover the item slots in order, so visiting them by first slot
   * lays the records out in leaf order. */
  leaf_at = calloc ((size_t)n_items + 1, sizeof *leaf_at);
  if (leaf_at == NULL)
    goto done;
  if (w->bvh.root.count > 0)
    leaf_at[w->bvh.root.first] = &w->bvh.root;
  for (uint32_t i = 0; i < w->bvh.n_nodes; i++)
    for (int k = 0; k < CG_BVH_WIDTH; k++)
      {
        CgBvhRef *ref = &w->bvh.nodes[i].child[k];
        if (ref->count > 0)
          leaf_at[ref->first] = ref;
      }
  uint32_t at = 0;
  for (uint32_t slot = 0; slot < n_items; slot++)
    if (leaf_at[slot] != NULL)
      at = set_leaf (w, leaf_at[slot], run_first, at);
  assert (objects || at == w->n_prims);
  ok = true;

done:
  free (prim_box);
  free (boxes);
  free (run_first);
  free (leaf_at);
  return ok;
}

CgWorld *
cg_world_new (const CgPolygonRef *polys, size_t count, double r, CgBvhLeaves leaves)
{
  CgWorld *w = calloc (1, sizeof *w);
  if (w == NULL)
    return NULL;
  w->r = r;
  w->leaves = leaves;
  w->n_polys = count;

  size_t n_verts = 0;
  for (size_t i = 0; i < count; i++)
    n_verts += polys[i].n;

  w->roles = malloc ((count + 1) * sizeof *w->roles);
  w->vertex_first = malloc ((count + 1) * sizeof *w->vertex_first);
  w->verts = malloc ((n_verts + 1) * sizeof *w->verts);
  w->prims = cg_bvh_alloc_big ((cg_outline_max_primitives (n_verts) + 1) * sizeof *w->prims, 64);
  w->prim_first = malloc ((count + 1) * sizeof *w->prim_first);
  if (!w->roles || !w->vertex_first || !w->verts || !w->prims || !w->prim_first)
    goto fail;

  CgAabb extent = cg_aabb_empty ();
  size_t at = 0;
  for (size_t i = 0; i < count; i++)
    {
      w->roles[i] = polys[i].role;
      w->vertex_first[i] = at;
      memcpy (w->verts + at, polys[i].v, polys[i].n * sizeof *w->verts);
      extent = cg_aabb_union (extent, cg_polygon_bounds (polys[i].v, polys[i].n));
      w->prim_first[i] = (uint32_t)w->n_prims;
      w->n_prims
          += cg_outline_build (polys[i].v, polys[i].n, r, (uint32_t)i, w->prims + w->n_prims);
      at += polys[i].n;
    }
  w->vertex_first[count] = at;
  w->prim_first[count] = (uint32_t)w->n_prims;

  double size = cg_aabb_is_empty (extent)
                    ? 1.0
                    : fmax (extent.hi.x - extent.lo.x, extent.hi.y - extent.lo.y) + 2.0 * r;
  w->eps = 1e-9 * (size > 0.0 ? size : 1.0);
  /* A floor for scenes far from the origin: the casts' slack must stay
   * above the rounding of their coordinates (64 ulps of the largest), or a
   * ray aimed at the junction of a segment and its arc can slip between
   * them. Only coordinates beyond about 7 10^4 times the extent raise eps. */
  if (!cg_aabb_is_empty (extent))
    {
      double far = fmax (fmax (fabs (extent.lo.x), fabs (extent.hi.x)),
                         fmax (fabs (extent.lo.y), fabs (extent.hi.y)))
                   + r;
      w->eps = fmax (w->eps, 64.0 * 2.220446049250313e-16 * far);
    }

  /* Boxes are padded by a few eps: a cast accepts crossings up to eps behind
   * the start, beyond a segment's end or outside an arc's sweep, so a tight box
   * could prune a primitive that brute force would hit. */
  if (!build_bvh (w, 4.0 * w->eps))
    goto fail;
  /* Object leaves keep a LeanRecord a primitive, 64 more bytes each, up to
   * CG_WORLD_LEAN_MAX_PRIMITIVES: beyond, the records are made as the casts
   * need them (the same values), so a huge scene's world does not grow by
   * as much again. */
  if (leaves == CG_BVH_LEAF_OBJECTS && w->n_prims <= CG_WORLD_LEAN_MAX_PRIMITIVES)
    {
      w->lean = cg_bvh_alloc_big ((w->n_prims + 1) * sizeof *w->lean, 64);
      if (w->lean == NULL)
        goto fail;
      for (size_t k = 0; k < w->n_prims; k++)
        w->lean[k] = cg_world_lean_record (&w->prims[k], w->eps);
    }
  return w;

fail:
  cg_world_free (w);
  return NULL;
}

void
cg_world_polygon_primitives (const CgWorld *w, size_t i, size_t *first, size_t *count)
{
  assert (i < w->n_polys);
  *first = w->prim_first[i];
  *count = w->prim_first[i + 1] - w->prim_first[i];
}

/* What run_box() refits. */
typedef struct
{
  const CgWorld *w;
  uint32_t polygon; /* the polygon whose outline changed */
} Refit;

/* An object leaf's box: its run of primitives, padded as build_bvh() pads,
 * when the run is the changed polygon's. */
static bool
run_box (const CgBvhRef *leaf, void *data, CgAabb *box)
{
  const Refit *refit = data;
  const CgWorld *w = refit->w;
  if (w->bvh.items[leaf->first] != refit->polygon)
    return false;
  *box = cg_world_run_bounds (w, leaf->user[0], leaf->user[1]);
  return true;
}

/* What eps is computed from: every polygon's box. */
static CgAabb
world_extent (const CgWorld *w)
{
  size_t n = w->vertex_first[w->n_polys];
  return n > 0 ? cg_polygon_bounds (w->verts, n) : cg_aabb_empty ();
}

bool
cg_world_update_polygon (CgWorld *w, size_t i, const CgVec2 *v, size_t n)
{
  if (w->leaves != CG_BVH_LEAF_OBJECTS || i >= w->n_polys
      || w->vertex_first[i + 1] - w->vertex_first[i] != n || n > 0x7fffffff)
    return false;
  size_t first = w->prim_first[i], count = w->prim_first[i + 1] - first;
  CgPrimitive *prims = malloc (cg_outline_max_primitives (n) * sizeof *prims);
  if (prims == NULL)
    return false;
  bool ok = false;
  if (cg_outline_build (v, n, w->r, (uint32_t)i, prims) == count)
    {
      CgVec2 *stored = w->verts + w->vertex_first[i];
      CgAabb before = world_extent (w);
      CgVec2 *old = malloc (n * sizeof *old);
      if (old != NULL)
        {
          memcpy (old, stored, n * sizeof *old);
          memcpy (stored, v, n * sizeof *stored);
          CgAabb after = world_extent (w);
          if (memcmp (&before, &after, sizeof before) == 0)
            {
              memcpy (w->prims + first, prims, count * sizeof *prims);
              for (size_t k = first; w->lean != NULL && k < first + count; k++)
                w->lean[k] = cg_world_lean_record (&w->prims[k], w->eps);
              cg_world_grid_moved (w, i);
              Refit refit = { w, (uint32_t)i };
              cg_bvh_refit (&w->bvh, run_box, &refit);
#ifdef CG_DEBUG_CHECKS
              const char *problem;
              if (!cg_world_validate (w, &problem))
                {
                  fprintf (stderr, "cg_world_update_polygon: %s\n", problem);
                  abort ();
                }
#endif
              ok = true;
            }
          else
            memcpy (stored, old, n * sizeof *stored); /* eps would change */
          free (old);
        }
    }
  free (prims);
  return ok;
}

double
cg_world_radius (const CgWorld *w)
{
  return w->r;
}

double
cg_world_eps (const CgWorld *w)
{
  return w->eps;
}

const CgPrimitive *
cg_world_primitives (const CgWorld *w, size_t *n)
{
  *n = w->n_prims;
  return w->prims;
}

size_t
cg_world_polygon_count (const CgWorld *w)
{
  return w->n_polys;
}

CgRole
cg_world_polygon (const CgWorld *w, size_t i, const CgVec2 **v, size_t *n)
{
  *v = w->verts + w->vertex_first[i];
  *n = w->vertex_first[i + 1] - w->vertex_first[i];
  return w->roles[i];
}

const CgBvh *
cg_world_bvh (const CgWorld *w)
{
  return &w->bvh;
}

size_t
cg_world_memory (const CgWorld *w)
{
  return sizeof *w + w->n_polys * (sizeof *w->roles + sizeof *w->vertex_first)
         + w->vertex_first[w->n_polys] * sizeof *w->verts + w->n_prims * sizeof *w->prims
         + (w->n_polys + 1) * sizeof *w->prim_first + cg_bvh_memory (&w->bvh)
         + (w->records != NULL
                ? w->n_prims
                      * (sizeof *w->records + sizeof *w->record_prim + sizeof *w->prim_record)
                : 0)
         + (w->lean != NULL ? w->n_prims * sizeof *w->lean : 0) + cg_world_grid_memory (w->grid);
}

/* One query: the ray, what to skip, and the best hit so far. Ties in t go to
 * the lower primitive index, the order brute force sees them in, so both
 * searches agree bit for bit. */
typedef struct
{
  CgVec2 c, d;
  double eps, r;
  double inv_r;             /* 1 / r, as cg-cast.c computes it */
  double arc_slack;         /* eps / r, likewise */
  int64_t exclude;          /* the primitive to skip, or -1 */
  uint32_t exclude_record;  /* its record, or UINT32_MAX */
  double t;                 /* the best hit so far */
  int64_t prim;             /* its primitive, -1 for none */
  CgCastStats stats;        /* kept here (not in the caller's result) so it can live in registers */
  uint32_t *log;            /* cg_world_explain_cast(): the primitives tested, in order (or NULL) */
  const CgPrimitive *prims; /* the world's: the best one so far is fetched early */
} Query;

/* Takes a hit at t on primitive k if it beats the best. */
static inline void
offer (Query *q, double t, uint32_t k)
{
  if (t < q->t || (t == q->t && (int64_t)k < q->prim))
    {
      q->t = t;
      q->prim = k;
      /* The winner's primitive gives the contact (cg_world_cast_contact()),
       * and it is most likely this one: its memory is asked for now, while
       * the search goes on, not when the contact needs it. */
      __builtin_prefetch (&q->prims[k]);
      __builtin_prefetch (&q->prims[k].r);
    }
}

/* cast_segment() of cg-cast.c without the record: the same operations in
 * the same order (those that do not depend on the ray done beforehand, in
 * the LeanRecord), so the same t and the same verdict. A crossing farther
 * than the best so far cannot win and needs no further test. */
static inline bool
lean_record_segment (const LeanRecord *L, const Query *q, double *t_hit)
{
  CgVec2 n = L->p[0], a = L->p[1];
  double d_dot_n = cg_dot (q->d, n);
  if (!(d_dot_n < 0.0))
    return false;
  double t = cg_dot (cg_sub (a, q->c), n) / d_dot_n;
  if (t < -q->eps || t > q->t)
    return false;
  CgVec2 point = cg_mul_add (q->c, t, q->d);
  double len_sq = L->len_sq;
  double s = len_sq > 0.0 ? cg_dot (cg_sub (point, a), L->p[2]) / len_sq : 0.0;
  if (s < -L->slack || s > 1.0 + L->slack)
    return false;
  *t_hit = t;
  return true;
}

/* cast_arc() of cg-cast.c without the record, likewise (the sweep's end
 * normals from the LeanRecord; r is every primitive's radius, the world's). */
static inline bool
lean_record_arc (const LeanRecord *L, const Query *q, double *t_hit)
{
  double r = q->r;
  CgVec2 centre = L->p[0];
  CgVec2 m = cg_sub (q->c, centre);
  double mb = cg_dot (m, q->d);
  CgVec2 h = cg_mul_add (m, -mb, q->d);
  double disc = r * r - cg_length_sq (h);
  if (disc < -2.0 * r * q->eps)
    return false;
  double root = sqrt (cg_max (disc, 0.0));
  double t0 = -mb - root;
  if (t0 < -q->eps || t0 > q->t)
    return false;
  CgVec2 point = cg_mul_add (q->c, t0, q->d);
  CgVec2 normal = cg_scale (cg_sub (point, centre), q->inv_r);
  double sweep_from = cg_cross (L->p[1], normal);
  double sweep_to = cg_cross (normal, L->p[2]);
  if (sweep_from < -q->arc_slack || sweep_to < -q->arc_slack)
    return false;
  *t_hit = t0;
  return true;
}

/* Tests a leaf. With object leaves, user[0] .. user[1] - 1 are primitives, a
 * stretch of one outline in w->prims. With primitive leaves, user[0] is the
 * leaf's first cast record and user[1] packs its numbers of arcs (low 16
 * bits) and segments (high 16 bits), arcs first. */
static inline __attribute__ ((always_inline)) void
test_leaf (const CgWorld *w, uint32_t user0, uint32_t user1, Query *q)
{
  q->stats.nodes_visited++;
  double t;
  if (w->records == NULL && w->lean != NULL && q->log == NULL)
    {
      /* What almost every cast of an object-leaf world runs: the loop below
       * without the log, and with the records made beforehand. */
      const LeanRecord *lean = w->lean;
      for (uint32_t k = user0; k < user1; k++)
        {
          if ((int64_t)k == q->exclude)
            continue;
          q->stats.primitives_tested++;
          const LeanRecord *L = &lean[k];
          if (L->len_sq >= 0.0 ? lean_record_segment (L, q, &t) : lean_record_arc (L, q, &t))
            offer (q, t, k);
        }
      return;
    }
  if (w->records == NULL)
    {
      for (uint32_t k = user0; k < user1; k++)
        {
          if ((int64_t)k == q->exclude)
            continue;
          if (q->log != NULL)
            q->log[q->stats.primitives_tested] = k;
          q->stats.primitives_tested++;
          LeanRecord made;
          const LeanRecord *L = w->lean != NULL
                                    ? &w->lean[k]
                                    : (made = cg_world_lean_record (&w->prims[k], q->eps), &made);
          if (L->len_sq >= 0.0 ? lean_record_segment (L, q, &t) : lean_record_arc (L, q, &t))
            offer (q, t, k);
        }
      return;
    }
  uint32_t arcs_end = user0 + (user1 & 0xffff), end = arcs_end + (user1 >> 16);
  for (uint32_t j = user0; j < end; j++)
    {
      if (j == q->exclude_record)
        continue;
      if (q->log != NULL)
        q->log[q->stats.primitives_tested] = w->record_prim[j];
      q->stats.primitives_tested++;
      const LeanRecord *rec = &w->records[j];
      if (j < arcs_end ? lean_record_arc (rec, q, &t) : lean_record_segment (rec, q, &t))
        offer (q, t, w->record_prim[j]);
    }
}

/* Brute force is the reference: every primitive through cg_cast_primitive(). */
static void
cast_brute_force (const CgWorld *w, Query *q)
{
  for (uint32_t k = 0; k < w->n_prims; k++)
    {
      if ((int64_t)k == q->exclude)
        continue;
      CgCastRecord rec;
      q->stats.primitives_tested++;
      if (cg_cast_primitive (&w->prims[k], q->c, q->d, w->eps, &rec))
        offer (q, rec.t, k);
    }
}

/* The ray and what the slab tests need of it. */
typedef struct
{
  CgVec2 o, inv_d;
  double t_floor;
  bool parallel; /* d.x or d.y is 0: 1/d is infinite on that axis */
  /* Where the near and far planes of each axis sit in a node: lo when the
   * ray runs towards +x (+y), hi otherwise (byte offsets into CgBvhNode). */
  size_t near_x, far_x, near_y, far_y;
} Ray;

static inline const float *
plane (const CgBvhNode *node, size_t offset)
{
  return (const float *)((const char *)node + offset);
}

/* Child k against a ray parallel to an axis (rare): cg_aabb_ray() itself,
 * which tests that axis' slab as an interval. */
static inline bool
child_hit_parallel (const CgBvhNode *node, int k, const Ray *ray, double t_best, double *near)
{
  CgAabb box = cg_bvh_child_box (node, k);
  double t0, t1;
  if (cg_aabb_is_empty (box) || !cg_aabb_ray (box, ray->o, ray->inv_d, &t0, &t1))
    return false;
  *near = t0;
  return t1 >= ray->t_floor && t0 <= t_best;
}

/* The children whose boxes the ray enters at most at t_best (and leaves no
 * earlier than t_floor): bit k set for child k, near[k] its entry parameter.
 *
 * This is cg_aabb_ray() on the stored boxes with the same operations, so the
 * same parameters. Instead of min and max of each axis' two crossings, the
 * sign of the direction picks which plane is crossed first: with lo <= hi,
 * (lo - o) / d and (hi - o) / d are ordered by that sign (rounding is
 * monotonic), so the picked value is the minimum (at most the sign of a zero
 * differs, which no comparison sees). Branch-free, so the compiler can test
 * the children side by side; an unused slot (lo = +inf, hi = -inf) comes out
 * with t0 = +inf > t1 and is never entered. */
static inline unsigned
node_hits (const CgBvhNode *node, const Ray *ray, double t_best, double near[CG_BVH_WIDTH])
{
  unsigned mask = 0;
  if (ray->parallel)
    {
      for (int k = 0; k < CG_BVH_WIDTH; k++)
        mask |= (unsigned)child_hit_parallel (node, k, ray, t_best, &near[k]) << k;
      return mask;
    }
  const float *nx = plane (node, ray->near_x), *fx = plane (node, ray->far_x);
  const float *ny = plane (node, ray->near_y), *fy = plane (node, ray->far_y);
#if defined(__SSE2__) && CG_BVH_WIDTH == 4
  /* Two children per instruction, in double precision like the scalar code
   * below (float to double is exact; maxpd and minpd are a > b ? a : b and
   * a < b ? a : b, as cg_max and cg_min). */
  __m128d ox = _mm_set1_pd (ray->o.x), oy = _mm_set1_pd (ray->o.y);
  __m128d ix = _mm_set1_pd (ray->inv_d.x), iy = _mm_set1_pd (ray->inv_d.y);
  __m128d floor = _mm_set1_pd (ray->t_floor), limit = _mm_set1_pd (t_best);
  __m128 vnx = _mm_load_ps (nx), vfx = _mm_load_ps (fx), vny = _mm_load_ps (ny),
         vfy = _mm_load_ps (fy);
  for (int half = 0; half < 2; half++)
    {
      __m128d tnx = _mm_mul_pd (_mm_sub_pd (_mm_cvtps_pd (vnx), ox), ix);
      __m128d tfx = _mm_mul_pd (_mm_sub_pd (_mm_cvtps_pd (vfx), ox), ix);
      __m128d tny = _mm_mul_pd (_mm_sub_pd (_mm_cvtps_pd (vny), oy), iy);
      __m128d tfy = _mm_mul_pd (_mm_sub_pd (_mm_cvtps_pd (vfy), oy), iy);
      __m128d t0 = _mm_max_pd (tnx, tny), t1 = _mm_min_pd (tfx, tfy);
      __m128d in = _mm_and_pd (_mm_and_pd (_mm_cmple_pd (t0, t1), _mm_cmpge_pd (t1, floor)),
                               _mm_cmple_pd (t0, limit));
      _mm_storeu_pd (&near[2 * half], t0);
      mask |= (unsigned)_mm_movemask_pd (in) << (2 * half);
      /* The upper two floats down, for the second pair of children. */
      vnx = _mm_movehl_ps (vnx, vnx);
      vfx = _mm_movehl_ps (vfx, vfx);
      vny = _mm_movehl_ps (vny, vny);
      vfy = _mm_movehl_ps (vfy, vfy);
    }
#else
  for (int k = 0; k < CG_BVH_WIDTH; k++)
    {
      double t0 = cg_max ((nx[k] - ray->o.x) * ray->inv_d.x, (ny[k] - ray->o.y) * ray->inv_d.y);
      double t1 = cg_min ((fx[k] - ray->o.x) * ray->inv_d.x, (fy[k] - ray->o.y) * ray->inv_d.y);
      near[k] = t0;
      mask |= (unsigned)((t0 <= t1) & (t1 >= ray->t_floor) & (t0 <= t_best)) << k;
    }
#endif
  return mask;
}

/* A subtree still to visit, with the ray's entry into its box: a leaf (its
 * user[] values) or an inner node (its index, and info == UINT32_MAX). */
typedef struct
{
  uint32_t index, info;
  double tmin;
} Pending;

static inline void
prefetch_node (const CgBvhNode *node)
{
#if defined(__GNUC__)
  __builtin_prefetch (node);
  __builtin_prefetch (&node->child[0]);
#else
  (void)node;
#endif
}

static void
cast_bvh (const CgWorld *w, Query *q)
{
  CgVec2 c = q->c, d = q->d;
  CgCastStats *stats = &q->stats;
  const CgBvh *bvh = &w->bvh;
  if (bvh->root.count == 0 && bvh->n_nodes == 0)
    return;
  Ray ray = { .o = c, .inv_d = { 1.0 / d.x, 1.0 / d.y }, .t_floor = -w->eps };
  ray.parallel = isinf (ray.inv_d.x) || isinf (ray.inv_d.y);
  bool up_x = ray.inv_d.x >= 0.0, up_y = ray.inv_d.y >= 0.0;
  ray.near_x = up_x ? offsetof (CgBvhNode, lo_x) : offsetof (CgBvhNode, hi_x);
  ray.far_x = up_x ? offsetof (CgBvhNode, hi_x) : offsetof (CgBvhNode, lo_x);
  ray.near_y = up_y ? offsetof (CgBvhNode, lo_y) : offsetof (CgBvhNode, hi_y);
  ray.far_y = up_y ? offsetof (CgBvhNode, hi_y) : offsetof (CgBvhNode, lo_y);

  double tmin, tmax;
  stats->boxes_tested++;
  if (!cg_aabb_ray (bvh->box, c, ray.inv_d, &tmin, &tmax) || tmax < ray.t_floor)
    return;
  if (bvh->root.count > 0)
    {
      test_leaf (w, bvh->root.user[0], bvh->root.user[1], q);
      return;
    }

  Pending stack[CG_BVH_MAX_DEPTH * (CG_BVH_WIDTH - 1) + 1];
  int top = 0;
  uint32_t node_index = bvh->root.first;
  for (;;)
    {
      const CgBvhNode *node = &bvh->nodes[node_index];
      stats->nodes_visited++;
      stats->boxes_tested += CG_BVH_WIDTH;

      /* The children the ray enters before the best hit, nearest first
       * (insertion sort of at most four). */
      double t_in[CG_BVH_WIDTH], near[CG_BVH_WIDTH];
      unsigned mask = node_hits (node, &ray, q->t, t_in);

      int order[CG_BVH_WIDTH], n_hit = 0;
      for (int k = 0; k < CG_BVH_WIDTH; k++)
        {
          if (!(mask & (1u << k)))
            continue;
          double t = t_in[k];
          int j = n_hit++;
          for (; j > 0 && near[j - 1] > t; j--)
            {
              near[j] = near[j - 1];
              order[j] = order[j - 1];
            }
          near[j] = t;
          order[j] = k;
        }

      /* Leaves are tested at once while nothing nearer is pending; the
       * nearest inner node is visited next; the rest waits on the stack,
       * farthest at the bottom. */
      int next = -1, n_wait = 0;
      Pending wait[CG_BVH_WIDTH];
      for (int j = 0; j < n_hit; j++)
        {
          if (near[j] > q->t)
            break;
          const CgBvhRef *child = &node->child[order[j]];
          if (child->count > 0 && next < 0)
            test_leaf (w, child->user[0], child->user[1], q);
          else if (next < 0)
            next = order[j];
          else
            {
              if (child->count > 0)
                wait[n_wait++] = (Pending){ child->user[0], child->user[1], near[j] };
              else
                {
                  wait[n_wait++] = (Pending){ child->first, UINT32_MAX, near[j] };
                  prefetch_node (&bvh->nodes[child->first]);
                }
            }
        }
      while (n_wait > 0)
        stack[top++] = wait[--n_wait];
      if (next >= 0)
        {
          node_index = node->child[next].first;
          prefetch_node (&bvh->nodes[node_index]);
          continue;
        }

      /* Pop the next subtree the ray may still reach before the best hit. */
      for (;;)
        {
          if (top == 0)
            return;
          top--;
          if (stack[top].tmin > q->t)
            continue;
          if (stack[top].info == UINT32_MAX)
            break;
          test_leaf (w, stack[top].index, stack[top].info, q);
        }
      node_index = stack[top].index;
    }
}

/* Whether the ray enters run r's box (its float box, by the exact slab test
 * the root's box gets) no later than the best hit, and leaves it no earlier
 * than -eps. */
static inline bool
grid_run_box_hit (const CgWorldGrid *g, uint32_t r, CgVec2 inv_d, Query *q)
{
  q->stats.boxes_tested++;
  const float *f = g->run_box_f[r];
  CgAabb box = { { f[0], f[1] }, { f[2], f[3] } };
  double t0, t1;
  return cg_aabb_ray (box, q->c, inv_d, &t0, &t1) && t1 >= -q->eps && t0 <= q->t;
}

/* Where the ray c + t d leaves the cells of column ix (row iy) along one
 * axis: the t of the boundary it crosses next, INFINITY when it runs along
 * the axis. */
static inline double
grid_exit (double lo, double cell, int64_t i, int step, double c, double inv_d)
{
  return step > 0   ? (lo + (double)(i + 1) * cell - c) * inv_d
         : step < 0 ? (lo + (double)i * cell - c) * inv_d
                    : INFINITY;
}

/* The cast through the grid (cg-world-grid.c says why it answers what brute
 * force answers): the moved runs first, then the cells along the ray, each
 * cell's runs in turn, until the best hit comes no later than the cell's
 * exit. A run listed in several cells has its primitives tested once while
 * it is among the last 8 so tested. nodes_visited counts the cells walked
 * and the runs whose primitives were tested; boxes_tested the grid's box
 * and the runs' boxes. */
static void
cast_grid (const CgWorld *w, Query *q)
{
  const CgWorldGrid *g = w->grid;
  CgVec2 c = q->c, d = q->d;
  CgVec2 inv_d = { 1.0 / d.x, 1.0 / d.y };
  for (uint32_t i = 0; i < g->n_moved; i++)
    {
      uint32_t r = g->moved[i];
      if (grid_run_box_hit (g, r, inv_d, q))
        test_leaf (w, g->run_first[r], g->run_first[r + 1], q);
    }

  double t_floor = -q->eps, t_in, t_out;
  q->stats.boxes_tested++;
  if (!cg_aabb_ray (g->bounds, c, inv_d, &t_in, &t_out) || t_out < t_floor || t_in > q->t)
    return;
  CgVec2 p = cg_mul_add (c, cg_max (t_in, t_floor), d);
  double fx = floor ((p.x - g->bounds.lo.x) / g->cell_w);
  double fy = floor ((p.y - g->bounds.lo.y) / g->cell_h);
  int64_t ix = !(fx >= 0.0) ? 0 : fx >= g->nx ? (int64_t)g->nx - 1 : (int64_t)fx;
  int64_t iy = !(fy >= 0.0) ? 0 : fy >= g->ny ? (int64_t)g->ny - 1 : (int64_t)fy;
  int step_x = d.x > 0.0 ? 1 : d.x < 0.0 ? -1 : 0;
  int step_y = d.y > 0.0 ? 1 : d.y < 0.0 ? -1 : 0;
  double tx = grid_exit (g->bounds.lo.x, g->cell_w, ix, step_x, c.x, inv_d.x);
  double ty = grid_exit (g->bounds.lo.y, g->cell_h, iy, step_y, c.y, inv_d.y);
  uint32_t recent[8] = { UINT32_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX,
                         UINT32_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX };
  unsigned n_recent = 0;
  /* A walk that only moves forward crosses at most nx + ny - 1 cells. */
  for (uint32_t steps = 0; steps < g->nx + g->ny; steps++)
    {
      size_t cell = (size_t)iy * g->nx + (size_t)ix;
      q->stats.nodes_visited++;
      for (uint32_t e = g->cell_first[cell]; e < g->cell_first[cell + 1]; e++)
        {
          uint32_t r = g->entries[e];
          if (!grid_run_box_hit (g, r, inv_d, q))
            continue;
          bool seen = false;
          for (int j = 0; j < 8; j++)
            seen |= recent[j] == r;
          if (seen)
            continue;
          recent[n_recent++ & 7] = r;
          test_leaf (w, g->run_first[r], g->run_first[r + 1], q);
        }
      if (q->t <= cg_min (tx, ty))
        return;
      if (tx < ty)
        {
          ix += step_x;
          if (ix < 0 || ix >= (int64_t)g->nx)
            return;
          tx = grid_exit (g->bounds.lo.x, g->cell_w, ix, step_x, c.x, inv_d.x);
        }
      else
        {
          iy += step_y;
          if (iy < 0 || iy >= (int64_t)g->ny)
            return;
          ty = grid_exit (g->bounds.lo.y, g->cell_h, iy, step_y, c.y, inv_d.y);
        }
    }
}

/* A query of the ray c + t d (d a unit vector), nothing found yet. */
static Query
query_start (const CgWorld *w, CgVec2 c, CgVec2 d, int64_t exclude, uint32_t *log)
{
  Query q = { .c = c,
              .d = d,
              .eps = w->eps,
              .r = w->r,
              .inv_r = 1.0 / w->r,
              .arc_slack = w->eps / w->r,
              .exclude = exclude,
              .exclude_record = UINT32_MAX,
              .t = INFINITY,
              .prim = -1,
              .stats = { 0, 0, 0 },
              .log = log,
              .prims = w->prims };
  if (w->prim_record != NULL && exclude >= 0 && (uint64_t)exclude < w->n_prims)
    q.exclude_record = w->prim_record[exclude];
  return q;
}

/* The search of cg_world_cast(): q.prim and q.t are the winner. */
static Query
search (const CgWorld *w, CgVec2 c, CgVec2 d, int64_t exclude, bool brute_force)
{
  Query q = query_start (w, c, d, exclude, NULL);
  if (brute_force)
    cast_brute_force (w, &q);
  else if (w->grid != NULL)
    cast_grid (w, &q);
  else
    cast_bvh (w, &q);
  return q;
}

CgWorldContact
cg_world_cast_contact (const CgWorld *w, CgVec2 c, CgVec2 d, int64_t exclude, bool brute_force)
{
  d = cg_unit_direction (d);
  Query q = search (w, c, d, exclude, brute_force);
  CgWorldContact out = { .hit = q.prim >= 0, .stats = q.stats };
  if (q.prim < 0)
    return out;
  /* What cast_segment() and cast_arc() of cg-cast.c compute for the winner. */
  const CgPrimitive *p = &w->prims[q.prim];
  out.prim = (uint32_t)q.prim;
  out.t = q.t;
  out.point = cg_mul_add (c, q.t, d);
  out.normal = p->kind == CG_PRIM_SEGMENT ? p->n : cg_scale (cg_sub (out.point, p->q), 1.0 / p->r);
  out.kind = p->kind;
  out.object = p->object;
  out.element = p->index;
  out.role = w->roles[p->object];
#ifdef CG_DEBUG_CHECKS
  /* The lean cast and the full one agree, bit for bit. */
  CgCastRecord rec;
  if (!cg_cast_primitive (p, c, d, w->eps, &rec) || memcmp (&rec.t, &out.t, sizeof rec.t) != 0
      || memcmp (&rec.point, &out.point, sizeof rec.point) != 0
      || memcmp (&rec.normal, &out.normal, sizeof rec.normal) != 0)
    {
      fprintf (stderr, "cg_world_cast_contact: the lean cast of primitive %u differs\n", out.prim);
      abort ();
    }
#endif
  return out;
}

CgWorldHit
cg_world_cast (const CgWorld *w, CgVec2 c, CgVec2 d, int64_t exclude, bool brute_force)
{
  d = cg_unit_direction (d);
  CgWorldHit out;
  memset (&out, 0, sizeof out);
  Query q = search (w, c, d, exclude, brute_force);
  out.stats = q.stats;
  if (q.prim >= 0)
    {
      /* The full record of the winner, by the very cast brute force uses. */
      out.hit = cg_cast_primitive (&w->prims[q.prim], c, d, w->eps, &out.rec);
      out.prim = (uint32_t)q.prim;
      assert (out.hit && out.rec.t == q.t);
    }
  return out;
}

bool
cg_world_explain_cast (const CgWorld *w, CgVec2 c, CgVec2 d, int64_t exclude, CgWorldHit *hit,
                       CgTested **tested, size_t *n_tested)
{
  d = cg_unit_direction (d);
  *tested = NULL;
  *n_tested = 0;
  /* A primitive is tested at most once a cast, the excluded one never. */
  uint32_t *log = malloc ((w->n_prims + 1) * sizeof *log);
  if (log == NULL)
    return false;
  Query q = query_start (w, c, d, exclude, log);
  cast_bvh (w, &q);

  bool excluded = exclude >= 0 && (uint64_t)exclude < w->n_prims;
  size_t n = q.stats.primitives_tested + (excluded ? 1 : 0);
  CgTested *out = malloc ((n + 1) * sizeof *out);
  if (out == NULL)
    {
      free (log);
      return false;
    }
  size_t at = 0;
  if (excluded)
    {
      /* What the excluded primitive would give, for the record. */
      out[at].prim = (uint32_t)exclude;
      cg_cast_primitive (&w->prims[exclude], c, d, w->eps, &out[at].rec);
      out[at].rec.hit = false;
      out[at].rec.reject = CG_REJECT_EXCLUDED;
      at++;
    }
  for (uint32_t i = 0; i < q.stats.primitives_tested; i++, at++)
    {
      uint32_t k = log[i];
      out[at].prim = k;
      CgCastRecord *rec = &out[at].rec;
      if (cg_cast_primitive (&w->prims[k], c, d, w->eps, rec) && (int64_t)k != q.prim)
        {
          rec->hit = false;
          rec->reject = CG_REJECT_FARTHER;
        }
    }
  free (log);

  memset (hit, 0, sizeof *hit);
  hit->stats = q.stats;
  if (q.prim >= 0)
    {
      hit->hit = cg_cast_primitive (&w->prims[q.prim], c, d, w->eps, &hit->rec);
      hit->prim = (uint32_t)q.prim;
      assert (hit->hit && hit->rec.t == q.t);
    }
  *tested = out;
  *n_tested = n;
  return true;
}
