/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-world-private.h: what a CgWorld holds, shared by the files that
 * implement it: cg-world.c (building, updating, the cast) and
 * cg-world-near.c (what is near a point: start overlap, nearest edge, and
 * the checks of the BVH). */
#pragma once

#include "cg-world.h"

/* Items a leaf may hold before SAH must split it (at most
 * RUN_MAX_PRIMITIVES). */
#define LEAF_MAX_PRIMITIVES 4
/* An object leaf is one run of at most this many consecutive primitives of
 * one polygon's outline: a whole obstacle of up to 8 vertices, while a long
 * wall outline is cut into runs that each get their own box. */
#define RUN_MAX_PRIMITIVES 16

/* What the cast reads of one primitive, with what does not depend on the
 * ray computed once, by the very
 * operations the cast would use, so casts give the same bits:
 *  - a segment: p[0] its normal n, p[1] its start a, p[2] ab = b - a,
 *    len_sq = |ab|², slack = eps / sqrt(len_sq) (INFINITY when len_sq is 0);
 *  - an arc: p[0] its centre q, p[1] and p[2] the unit normals n0 = (a - q)
 *    (1 / r) and n1 = (b - q) (1 / r) of its sweep's ends; len_sq = -1 says
 *    it is an arc, slack is 0.
 * 64 bytes: one cache line a primitive. */
typedef struct
{
  CgVec2 p[3];
  double len_sq;
  double slack;
} LeanRecord;

/* The LeanRecord of primitive p in a world of tolerance eps. */
static inline LeanRecord
cg_world_lean_record (const CgPrimitive *p, double eps)
{
  LeanRecord out;
  if (p->kind == CG_PRIM_ARC)
    {
      CgVec2 n0, n1;
      cg_arc_normals (p, &n0, &n1);
      out = (LeanRecord){ { p->q, n0, n1 }, -1.0, 0.0 };
    }
  else
    {
      CgVec2 ab = cg_sub (p->b, p->a);
      double len_sq = cg_length_sq (ab);
      out = (LeanRecord){ { p->n, p->a, ab },
                          len_sq,
                          len_sq > 0.0 ? eps / sqrt (len_sq) : INFINITY };
    }
  return out;
}

/* Fewer runs than this: no grid, the BVH is shallow enough. */
#define GRID_MIN_RUNS 1024
/* The most runs an update in place may move before the grid is dropped. */
#define GRID_MAX_MOVED 16

/* A uniform grid over the runs of an object-leaf world (cg-world-grid.c),
 * built when the obstacles are spread evenly enough that a cast walking the
 * cells along its ray beats descending the BVH. A run is listed in every
 * cell that the box of one of its primitives (padded as the BVH pads it, and
 * by as much again) overlaps. */
typedef struct
{
  CgAabb bounds;         /* the cells' union: every run's box is inside */
  double cell_w, cell_h; /* a cell's size */
  uint32_t nx, ny;
  uint32_t *cell_first; /* cell (ix, iy) = iy * nx + ix lists entries[cell_first[k] ..
                           cell_first[k + 1]) */
  uint32_t *entries;    /* run indices, each cell's in increasing order */
  uint32_t n_runs;
  uint32_t *run_first; /* run r is w->prims[run_first[r] .. run_first[r + 1]) */
  size_t n_polys;
  uint32_t *poly_run; /* polygon i's runs are poly_run[i] .. poly_run[i + 1] - 1 */
  CgAabb *run_box;    /* each run's box, padded as its BVH leaf */
  /* run_box rounded outward to floats (lo.x, lo.y, hi.x, hi.y): what casts
   * test, in half the memory; a box that holds run_box passes every ray
   * run_box passes (the slab test's operations are monotonic). */
  float (*run_box_f)[4];
  /* Runs an update in place moved (cg_world_grid_moved()): their cells may
   * be wrong, so every cast tests them first. */
  uint32_t moved[GRID_MAX_MOVED];
  uint32_t n_moved;
} CgWorldGrid;

/* Builds w->grid over the runs (run_first[0 .. n_runs], boxes run_box) of an
 * object-leaf world, given each primitive's box padded as the BVH pads it
 * (prim_box), when it pays (at least GRID_MIN_RUNS runs, spread evenly
 * enough); leaves w->grid NULL otherwise, or when memory runs out (casts then
 * use the BVH, which answers the same). */
void cg_world_grid_build (CgWorld *w, const uint32_t *run_first, uint32_t n_runs,
                          const CgAabb *run_box, const CgAabb *prim_box);

/* Frees a grid (NULL is fine). */
void cg_world_grid_free (CgWorldGrid *g);

/* Checks w->grid (true when there is none): every run's box holds its
 * primitives' boxes (padded as built), and every run not moved is listed in
 * every cell its primitives' boxes overlap (as built). Otherwise false, with
 * *problem set to a static sentence. Part of cg_world_validate(). */
bool cg_world_grid_validate (const CgWorld *w, const char **problem);

/* Bytes a grid holds (0 for NULL). */
size_t cg_world_grid_memory (const CgWorldGrid *g);

/* After polygon i was updated in place: its runs' boxes are refreshed and the
 * runs listed as moved; past GRID_MAX_MOVED the grid is dropped. */
void cg_world_grid_moved (CgWorld *w, size_t i);

struct CgWorld
{
  double r;
  double eps;
  CgBvhLeaves leaves;

  size_t n_polys;
  CgRole *roles;
  size_t *vertex_first; /* polygon i's vertices: verts[vertex_first[i] .. vertex_first[i+1]) */
  CgVec2 *verts;

  CgPrimitive *prims;
  size_t n_prims;
  uint32_t *prim_first; /* polygon i's primitives: prims[prim_first[i] .. prim_first[i+1]) */

  /* The BVH; its leaves' user[] say what their casts read (test_leaf()). */
  CgBvh bvh;
  /* Primitive leaves only: compact cast records in leaf order (per leaf, arcs
   * then segments), each record's primitive, and each primitive's record. */
  LeanRecord *records;
  uint32_t *record_prim;
  uint32_t *prim_record;
  /* Object leaves only: each primitive's LeanRecord (indexed like prims). */
  LeanRecord *lean;
  /* Object leaves only, and only for evenly spread scenes: NULL or a grid. */
  CgWorldGrid *grid;
};

/* The box of primitives prims[first .. end), each padded as build_bvh()
 * pads them (4 eps): an object leaf's box, and the grid's box of a run. */
static inline CgAabb
cg_world_run_bounds (const CgWorld *w, uint32_t first, uint32_t end)
{
  CgAabb box = cg_aabb_empty ();
  for (uint32_t k = first; k < end; k++)
    box = cg_aabb_union (box, cg_aabb_pad (cg_primitive_bounds (&w->prims[k]), 4.0 * w->eps));
  return box;
}
