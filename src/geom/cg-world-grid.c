/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-world-grid.c: a uniform grid over the runs of an object-leaf world.
 *
 * In a large scene of evenly spread obstacles (the bench scenes: 10^4 small
 * polygons in a square room) a reflecting ray runs a long way between hits,
 * and a cast through the BVH opens some 18 nodes on the way past everything
 * it does not hit. Walking the cells of a uniform grid along the ray
 * (Amanatides and Woo, "A fast voxel traversal algorithm for ray tracing",
 * 1987) reaches the same candidates for far less work. The walk itself is
 * cast_grid() in cg-world.c, next to the BVH's.
 *
 * Why the grid answers what brute force answers: a primitive's hit point
 * (c + t d with t >= -eps, at most eps beyond the primitive) lies inside the
 * primitive's box padded by 4 eps, as the BVH's leaves rely on. A run is
 * listed in every cell that one of its primitives' boxes, padded by 4 eps
 * and by 4 eps more, overlaps. The walk gives each cell a stretch of the ray,
 * [t_enter, t_exit], the stretches following one another from the start.
 * Rounding moves the ends of a stretch, but only where the ray is within a
 * few ulps of the cell's side, far less than the 4 eps of margin, so every
 * point of a cell's stretch is inside that cell grown by the margin, and
 * every primitive hit in that stretch is listed in that cell. The walk stops
 * once the best hit so far comes no later than the current cell's exit: a
 * better or equal hit (a tie goes to the lower primitive) would have to lie
 * in a stretch already walked. Run boxes are tested with the exact slab test
 * the root's box gets.
 *
 * Scenes where the grid would not pay keep the BVH alone: fewer than
 * GRID_MIN_RUNS runs, or runs bunched into a few cells (as in a cluster of
 * obstacles in a wide room, or long slanted walls). */
#include "cg-world-private.h"

#include <stdlib.h>
#include <string.h>

/* The grid is dropped when one cell would list more runs than this, or the
 * cells more entries in all than GRID_MAX_ENTRIES_PER_RUN a run: the
 * obstacles are bunched, and the BVH adapts to that where a grid cannot. */
#define GRID_MAX_CELL_ENTRIES 48
#define GRID_MAX_ENTRIES_PER_RUN 6
/* Cells per side at most. */
#define GRID_MAX_SIDE 4096

void
cg_world_grid_free (CgWorldGrid *g)
{
  if (g == NULL)
    return;
  free (g->cell_first);
  free (g->entries);
  free (g->run_first);
  free (g->poly_run);
  free (g->run_box);
  free (g->run_box_f);
  free (g);
}

size_t
cg_world_grid_memory (const CgWorldGrid *g)
{
  if (g == NULL)
    return 0;
  size_t cells = (size_t)g->nx * g->ny;
  return sizeof *g + (cells + 1) * sizeof *g->cell_first + g->cell_first[cells] * sizeof *g->entries
         + (g->n_runs + 1) * (sizeof *g->run_first + sizeof *g->run_box + sizeof *g->run_box_f)
         + (g->n_polys + 1) * sizeof *g->poly_run;
}

/* The cell column (or row) of coordinate x: lo + k size <= x < lo + (k + 1)
 * size, clamped to the grid. */
static inline uint32_t
cell_of (double x, double lo, double size, uint32_t n)
{
  double k = floor ((x - lo) / size);
  if (!(k >= 0.0))
    return 0;
  return k >= (double)n ? n - 1 : (uint32_t)k;
}

/* Calls visit (cell) for every cell the box overlaps. */
#define FOR_CELLS(g, box, cell, body)                                                              \
  do                                                                                               \
    {                                                                                              \
      uint32_t x0_ = cell_of ((box).lo.x, (g)->bounds.lo.x, (g)->cell_w, (g)->nx);                 \
      uint32_t x1_ = cell_of ((box).hi.x, (g)->bounds.lo.x, (g)->cell_w, (g)->nx);                 \
      uint32_t y0_ = cell_of ((box).lo.y, (g)->bounds.lo.y, (g)->cell_h, (g)->ny);                 \
      uint32_t y1_ = cell_of ((box).hi.y, (g)->bounds.lo.y, (g)->cell_h, (g)->ny);                 \
      for (uint32_t y_ = y0_; y_ <= y1_; y_++)                                                     \
        for (uint32_t x_ = x0_; x_ <= x1_; x_++)                                                   \
          {                                                                                        \
            uint32_t cell = y_ * (g)->nx + x_;                                                     \
            body                                                                                   \
          }                                                                                        \
    }                                                                                              \
  while (0)

/* The number of cells a box overlaps. */
static inline uint64_t
cells_under (const CgWorldGrid *g, CgAabb box)
{
  uint32_t x0 = cell_of (box.lo.x, g->bounds.lo.x, g->cell_w, g->nx);
  uint32_t x1 = cell_of (box.hi.x, g->bounds.lo.x, g->cell_w, g->nx);
  uint32_t y0 = cell_of (box.lo.y, g->bounds.lo.y, g->cell_h, g->ny);
  uint32_t y1 = cell_of (box.hi.y, g->bounds.lo.y, g->cell_h, g->ny);
  return (uint64_t)(x1 - x0 + 1) * (y1 - y0 + 1);
}

/* Counts (fill == false) or writes (fill == true) every cell's entries: run
 * r once in each cell one of its primitives' boxes (prim_box, padded as the
 * BVH pads them), padded by 4 eps more for the rounding of the walk,
 * overlaps. A run over at most 4 cells is listed by its own box, which
 * holds its primitives' (a small obstacle); a longer one primitive by
 * primitive (a room's wall: only the cells along it). last[] remembers the
 * last run listed in each cell, so a run is listed once. */
static void
list_runs (const CgWorld *w, CgWorldGrid *g, const CgAabb *prim_box, uint32_t *last,
           uint32_t *count, bool fill)
{
  double margin = 4.0 * w->eps;
  for (uint32_t r = 0; r < g->n_runs; r++)
    {
      CgAabb run = cg_aabb_pad (g->run_box[r], margin);
      bool whole = cells_under (g, run) <= 4;
      uint32_t from = whole ? 0 : g->run_first[r], to = whole ? 1 : g->run_first[r + 1];
      for (uint32_t k = from; k < to; k++)
        {
          CgAabb box = whole ? run : cg_aabb_pad (prim_box[k], margin);
          FOR_CELLS (g, box, cell, {
            if (last[cell] != r + 1)
              {
                last[cell] = r + 1;
                if (fill)
                  g->entries[count[cell]++] = r;
                else
                  count[cell]++;
              }
          });
        }
    }
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

/* Sets run r's float box from its box. */
static void
set_run_box_f (CgWorldGrid *g, uint32_t r)
{
  CgAabb b = g->run_box[r];
  g->run_box_f[r][0] = float_down (b.lo.x);
  g->run_box_f[r][1] = float_down (b.lo.y);
  g->run_box_f[r][2] = float_up (b.hi.x);
  g->run_box_f[r][3] = float_up (b.hi.y);
}

void
cg_world_grid_build (CgWorld *w, const uint32_t *run_first, uint32_t n_runs, const CgAabb *run_box,
                     const CgAabb *prim_box)
{
  w->grid = NULL;
  if (n_runs < GRID_MIN_RUNS || w->leaves != CG_BVH_LEAF_OBJECTS)
    return;
  CgWorldGrid *g = calloc (1, sizeof *g);
  if (g == NULL)
    return;
  g->n_runs = n_runs;
  g->n_polys = w->n_polys;
  g->run_first = malloc (((size_t)n_runs + 1) * sizeof *g->run_first);
  g->run_box = malloc (((size_t)n_runs + 1) * sizeof *g->run_box);
  g->run_box_f = malloc (((size_t)n_runs + 1) * sizeof *g->run_box_f);
  g->poly_run = malloc ((w->n_polys + 1) * sizeof *g->poly_run);
  uint32_t *last = NULL;
  if (g->run_first == NULL || g->run_box == NULL || g->run_box_f == NULL || g->poly_run == NULL)
    goto fail;
  memcpy (g->run_first, run_first, ((size_t)n_runs + 1) * sizeof *run_first);
  memcpy (g->run_box, run_box, (size_t)n_runs * sizeof *run_box);
  for (uint32_t k = 0; k < n_runs; k++)
    set_run_box_f (g, k);
  uint32_t r = 0;
  for (size_t i = 0; i <= w->n_polys; i++)
    {
      while (r < n_runs && run_first[r] < w->prim_first[i])
        r++;
      g->poly_run[i] = r;
    }

  /* About one cell a run, square-ish cells over the runs' boxes. */
  CgAabb bounds = cg_aabb_empty ();
  for (uint32_t k = 0; k < n_runs; k++)
    bounds = cg_aabb_union (bounds, run_box[k]);
  bounds = cg_aabb_pad (bounds, 4.0 * w->eps);
  double width = bounds.hi.x - bounds.lo.x, height = bounds.hi.y - bounds.lo.y;
  if (!(width > 0.0 && height > 0.0))
    goto fail;
  double nx = round (sqrt (n_runs * width / height)), ny = round (n_runs / fmax (nx, 1.0));
  g->nx = (uint32_t)fmin (fmax (nx, 1.0), GRID_MAX_SIDE);
  g->ny = (uint32_t)fmin (fmax (ny, 1.0), GRID_MAX_SIDE);
  g->bounds = bounds;
  g->cell_w = width / g->nx;
  g->cell_h = height / g->ny;

  size_t n_cells = (size_t)g->nx * g->ny;
  last = calloc (n_cells, sizeof *last);
  g->cell_first = calloc (n_cells + 1, sizeof *g->cell_first);
  if (last == NULL || g->cell_first == NULL)
    goto fail;
  list_runs (w, g, prim_box, last, g->cell_first + 1, false);
  size_t total = 0;
  for (size_t k = 1; k <= n_cells; k++)
    {
      if (g->cell_first[k] > GRID_MAX_CELL_ENTRIES)
        goto fail;
      total += g->cell_first[k];
      g->cell_first[k] = (uint32_t)total;
    }
  if (total > (size_t)GRID_MAX_ENTRIES_PER_RUN * n_runs)
    goto fail;
  g->entries = malloc ((total + 1) * sizeof *g->entries);
  uint32_t *at = malloc (n_cells * sizeof *at);
  if (g->entries == NULL || at == NULL)
    {
      free (at);
      goto fail;
    }
  memcpy (at, g->cell_first, n_cells * sizeof *at);
  memset (last, 0, n_cells * sizeof *last);
  list_runs (w, g, prim_box, last, at, true);
  free (at);
  free (last);
  w->grid = g;
  return;

fail:
  free (last);
  cg_world_grid_free (g);
}

void
cg_world_grid_moved (CgWorld *w, size_t i)
{
  CgWorldGrid *g = w->grid;
  if (g == NULL)
    return;
  for (uint32_t r = g->poly_run[i]; r < g->poly_run[i + 1]; r++)
    {
      g->run_box[r] = cg_world_run_bounds (w, g->run_first[r], g->run_first[r + 1]);
      set_run_box_f (g, r);
      bool listed = false;
      for (uint32_t j = 0; j < g->n_moved; j++)
        listed |= g->moved[j] == r;
      if (listed)
        continue;
      if (g->n_moved == GRID_MAX_MOVED)
        {
          /* Too many runs off their cells: the BVH from now on. */
          cg_world_grid_free (g);
          w->grid = NULL;
          return;
        }
      g->moved[g->n_moved++] = r;
    }
}

bool
cg_world_grid (const CgWorld *w, CgAabb *bounds, double *cell_w, double *cell_h)
{
  const CgWorldGrid *g = w->grid;
  if (g == NULL)
    return false;
  if (bounds != NULL)
    *bounds = g->bounds;
  if (cell_w != NULL)
    *cell_w = g->cell_w;
  if (cell_h != NULL)
    *cell_h = g->cell_h;
  return true;
}

/* Whether cell lists run r (its entries are in increasing run order). */
static bool
cell_lists (const CgWorldGrid *g, uint32_t cell, uint32_t r)
{
  uint32_t lo = g->cell_first[cell], hi = g->cell_first[cell + 1];
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (g->entries[mid] < r)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < g->cell_first[cell + 1] && g->entries[lo] == r;
}

bool
cg_world_grid_validate (const CgWorld *w, const char **problem)
{
  const CgWorldGrid *g = w->grid;
  if (g == NULL)
    return true;
  double pad = 4.0 * w->eps, margin = 4.0 * w->eps;
  for (uint32_t r = 0; r < g->n_runs; r++)
    {
      bool moved = false;
      for (uint32_t j = 0; j < g->n_moved; j++)
        moved |= g->moved[j] == r;
      const float *f = g->run_box_f[r];
      if (!(f[0] <= g->run_box[r].lo.x && f[1] <= g->run_box[r].lo.y && f[2] >= g->run_box[r].hi.x
            && f[3] >= g->run_box[r].hi.y))
        {
          *problem = "a run's float box does not hold its box in the grid";
          return false;
        }
      CgAabb run = cg_aabb_pad (g->run_box[r], margin);
      bool whole = cells_under (g, run) <= 4;
      for (uint32_t k = g->run_first[r]; k < g->run_first[r + 1]; k++)
        {
          CgAabb box = cg_aabb_pad (cg_primitive_bounds (&w->prims[k]), pad);
          if (!(box.lo.x >= g->run_box[r].lo.x && box.lo.y >= g->run_box[r].lo.y
                && box.hi.x <= g->run_box[r].hi.x && box.hi.y <= g->run_box[r].hi.y))
            {
              *problem = "a primitive's box is not inside its run's box in the grid";
              return false;
            }
          if (moved)
            continue;
          CgAabb listed = whole ? run : cg_aabb_pad (box, margin);
          bool ok = true;
          FOR_CELLS (g, listed, cell, { ok &= cell_lists (g, cell, r); });
          if (!ok)
            {
              *problem = "a run is missing from a grid cell its primitives overlap";
              return false;
            }
        }
    }
  return true;
}
