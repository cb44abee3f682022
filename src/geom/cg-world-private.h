/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-world-private.h: what a CgWorld holds, shared by the files that
 * implement it: cg-world.c (building, updating, casting), cg-world-near.c
 * (what is near a point, and the checks) and cg-world-grid.c (the grid). */
#pragma once

#include "cg-bvh-query.h"
#include "cg-world.h"

/* A leaf is one run of at most this many consecutive edges of one boundary:
 * a whole obstacle of up to 8 edges, while a long wall is cut into runs that
 * each get their own box. */
#define RUN_MAX_EDGES 8

/* Fewer runs than this: no grid, the BVH is shallow enough. */
#define GRID_MIN_RUNS 64
/* The most runs an update in place may move before the grid is dropped. */
#define GRID_MAX_MOVED 16

/* How much a box is grown beyond r by a search from c: every accepted hit
 * lies within tau of its primitive (cg-cast.h), and the slab test's own
 * rounding is a few eps of the numbers it subtracts. 16 eps of the start's,
 * the frame origin's and the radius's magnitudes covers both; the boxes'
 * own magnitudes are in their stored padding (cg_world_box_pad()). */
static inline double
cg_world_reach (CgVec2 c, CgVec2 origin, double r)
{
  return r + 16.0 * DBL_EPSILON * (cg_magnitude (c) + cg_magnitude (origin) + r);
}

/* The padding a box gets where it is stored, for the numbers of its own
 * primitives (16 eps of its magnitude). */
static inline CgAabb
cg_world_box_pad (CgAabb b)
{
  double m = cg_max (cg_magnitude (b.lo), cg_magnitude (b.hi));
  return cg_aabb_pad (b, 16.0 * DBL_EPSILON * m);
}

/* A uniform grid over the runs (cg-world-grid.c), built when the obstacles
 * are spread evenly enough that a cast walking the cells along its ray
 * beats descending the BVH, for balls up to radius `reach`. A run is listed
 * in every cell that its edges' boxes, grown by reach and padded, overlap. */
typedef struct
{
  double reach;          /* casts of balls up to this radius may use it */
  CgAabb bounds;         /* the cells' union, in scene units */
  double cell_w, cell_h; /* a cell's size */
  double per_w, per_h;   /* 1 / cell_w, 1 / cell_h: the cell of a point by a product */
  uint32_t nx, ny;
  uint32_t *cell_first; /* cell (ix, iy) = iy * nx + ix lists entries[cell_first[k] ..
                           cell_first[k + 1]) */
  uint32_t *entries;    /* run indices, each cell's in increasing order */
  /* Runs an update in place moved (cg_world_grid_moved()): their cells may
   * be wrong, so every cast tests them first. */
  uint32_t moved[GRID_MAX_MOVED];
  uint32_t n_moved;
} CgWorldGrid;

struct CgWorld
{
  size_t n_bounds;
  CgRole *roles;
  uint8_t *reflects;    /* per boundary: walls, and obstacles that reflect */
  uint32_t *edge_first; /* boundary i's edges: [edge_first[i], edge_first[i + 1]) */
  uint32_t n_edges;
  CgVec2 *v;         /* per edge: its start vertex */
  CgVec2 *n0;        /* per edge: its front normal where it starts */
  CgVec2 *n1;        /* per edge: where it ends (n0 itself when every edge is straight) */
  uint8_t *left;     /* per edge: its start vertex gets a cap (cg_outline_turns_left()) */
  CgCurveEdge *e;    /* per edge, or NULL when every edge is straight */
  uint8_t *curved;   /* per boundary: it has an arc edge (NULL when none has) */
  CgAabb *bound_box; /* per boundary: its box */
  /* The obstacles of more than one run, whose inside the runs' boxes do not
   * cover (the start overlap looks at them apart). */
  uint32_t *big_obstacles;
  uint32_t n_big_obstacles;

  /* Runs: run k is edges [run_first[k], run_first[k + 1]) of boundary
   * run_bound[k]; boundary i's runs are [bound_run[i], bound_run[i + 1]). */
  uint32_t n_runs;
  uint32_t *run_first;
  uint32_t *run_bound;
  uint32_t *bound_run;
  CgAabb *run_box;       /* the run's edges' box, padded (cg_world_box_pad()), scene units */
  float (*run_box_f)[4]; /* run_box - origin rounded outward to floats (lo.x, lo.y, hi.x, hi.y) */

  /* The BVH over the runs' boxes, less origin (the frame keeps the floats
   * precise in scenes far from 0). A leaf is one run: its item is the run,
   * user[0] the run's first edge and user[1] its boundary << 4 | its number
   * of edges. */
  CgVec2 origin;
  CgBvh bvh;
  CgWorldGrid *grid;
};

/* Run k's edges in its boundary's numbering. */
static inline void
cg_world_run_edges (const CgWorld *w, uint32_t k, uint32_t *from, uint32_t *to)
{
  uint32_t first = w->edge_first[w->run_bound[k]];
  *from = w->run_first[k] - first;
  *to = w->run_first[k + 1] - first;
}

/* The box of run k's edges (arcs' axis points included), padded. */
CgAabb cg_world_run_bounds (const CgWorld *w, uint32_t k);

/* Builds w->grid for balls up to radius reach when it pays (at least
 * GRID_MIN_RUNS runs, spread evenly enough); leaves it NULL otherwise, or
 * when memory runs out (casts then use the BVH, which answers the same). */
void cg_world_grid_build (CgWorld *w, double reach);

/* Frees a grid (NULL is fine). */
void cg_world_grid_free (CgWorldGrid *g);

/* Checks w->grid (true when there is none): every run not moved is listed
 * in every cell its edges' boxes grown by the reach overlap. Otherwise
 * false, with *problem set to a static sentence. */
bool cg_world_grid_validate (const CgWorld *w, const char **problem);

/* Bytes a grid holds (0 for NULL). */
size_t cg_world_grid_memory (const CgWorldGrid *g);

/* After boundary i was updated in place: its runs are listed as moved; past
 * GRID_MAX_MOVED the grid is dropped. */
void cg_world_grid_moved (CgWorld *w, size_t i);

/* The cell column (or row) of coordinate x: lo + k size <= x < lo + (k + 1)
 * size, clamped to the grid. */
static inline uint32_t
cg_world_grid_cell_of (double x, double lo, double size, uint32_t n)
{
  double k = floor ((x - lo) / size);
  if (!(k >= 0.0))
    return 0;
  return k >= (double)n ? n - 1 : (uint32_t)k;
}
