/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-world-grid.c: a uniform grid over the runs of a world.
 *
 * In a large scene of evenly spread obstacles (the bench scenes: 10^4 small
 * polygons in a square room) a reflecting ray runs a long way between hits,
 * and a cast through the BVH opens some 18 nodes on the way past everything
 * it does not hit. Walking the cells of a uniform grid along the ray
 * (Amanatides and Woo, "A fast voxel traversal algorithm for ray tracing",
 * 1987) reaches the same candidates for far less work. The walk itself is
 * cast_grid() in cg-world.c, next to the BVH's.
 *
 * Why the grid answers what brute force answers: a hit of a ball of radius
 * r <= reach lies within r plus a margin (cg_world_reach()) of its run's
 * edges' box, which is padded for the numbers of its own primitives. A run
 * is listed in every cell that one of its edges' boxes, so padded and grown
 * by reach and by the margin of a ray starting anywhere in the grid, and by
 * as much again for the rounding of the walk, overlaps. The walk gives each
 * cell a stretch of the ray, [t_enter, t_exit], the stretches following one
 * another from the start. Rounding moves the ends of a stretch only where
 * the ray is within a few ulps of the cell's side, far less than that
 * margin, so every hit in a cell's stretch is listed in that cell. The walk
 * stops once the best hit so far comes no later than the current cell's
 * exit: a better or equal hit (a tie goes to the lower primitive) would have
 * to lie in a stretch already walked. Run boxes are tested with the exact
 * slab test the root's box gets.
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
  free (g);
}

size_t
cg_world_grid_memory (const CgWorldGrid *g)
{
  if (g == NULL)
    return 0;
  size_t cells = (size_t)g->nx * g->ny;
  return sizeof *g + (cells + 1) * sizeof *g->cell_first
         + g->cell_first[cells] * sizeof *g->entries;
}

/* Calls visit (cell) for every cell the box overlaps. */
#define FOR_CELLS(g, box, cell, body)                                                              \
  do                                                                                               \
    {                                                                                              \
      uint32_t x0_ = cg_world_grid_cell_of ((box).lo.x, (g)->bounds.lo.x, (g)->cell_w, (g)->nx);   \
      uint32_t x1_ = cg_world_grid_cell_of ((box).hi.x, (g)->bounds.lo.x, (g)->cell_w, (g)->nx);   \
      uint32_t y0_ = cg_world_grid_cell_of ((box).lo.y, (g)->bounds.lo.y, (g)->cell_h, (g)->ny);   \
      uint32_t y1_ = cg_world_grid_cell_of ((box).hi.y, (g)->bounds.lo.y, (g)->cell_h, (g)->ny);   \
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
  uint32_t x0 = cg_world_grid_cell_of (box.lo.x, g->bounds.lo.x, g->cell_w, g->nx);
  uint32_t x1 = cg_world_grid_cell_of (box.hi.x, g->bounds.lo.x, g->cell_w, g->nx);
  uint32_t y0 = cg_world_grid_cell_of (box.lo.y, g->bounds.lo.y, g->cell_h, g->ny);
  uint32_t y1 = cg_world_grid_cell_of (box.hi.y, g->bounds.lo.y, g->cell_h, g->ny);
  return (uint64_t)(x1 - x0 + 1) * (y1 - y0 + 1);
}

/* How far beyond its edges' box a run is listed: the reach, the margin of
 * a ray starting anywhere in the grid, and as much again for the walk's
 * rounding. */
static double
listing_margin (const CgWorld *w, const CgWorldGrid *g)
{
  CgVec2 far = { cg_max (fabs (g->bounds.lo.x), fabs (g->bounds.hi.x)),
                 cg_max (fabs (g->bounds.lo.y), fabs (g->bounds.hi.y)) };
  double reach = cg_world_reach (far, w->origin, g->reach);
  return reach + (reach - g->reach);
}

/* Counts (fill == false) or writes (fill == true) every cell's entries: run
 * k once in each cell its box, grown by the listing margin, overlaps when
 * that box covers at most 4 cells (a small obstacle), else in each cell an
 * edge's box so grown overlaps (a room's wall: only the cells along it).
 * last[] remembers the last run listed in each cell, so a run is listed
 * once. */
static void
list_runs (const CgWorld *w, CgWorldGrid *g, uint32_t *last, uint32_t *count, bool fill)
{
  double margin = listing_margin (w, g);
  for (uint32_t k = 0; k < w->n_runs; k++)
    {
      CgAabb run = cg_aabb_pad (w->run_box[k], margin);
      bool whole = cells_under (g, run) <= 4;
      uint32_t from, to;
      cg_world_run_edges (w, k, &from, &to);
      CgOutline o = cg_world_outline (w, w->run_bound[k]);
      if (whole)
        to = from + 1;
      for (uint32_t e = from; e < to; e++)
        {
          CgAabb box = run;
          if (!whole)
            {
              CgAabb edge = o.e != NULL
                                ? cg_curve_edge_bounds (o.v, o.e, o.n, e)
                                : cg_aabb_add_point (cg_aabb_add_point (cg_aabb_empty (), o.v[e]),
                                                     o.v[e + 1 < o.n ? e + 1 : 0]);
              box = cg_aabb_pad (cg_world_box_pad (edge), margin);
            }
          FOR_CELLS (g, box, cell, {
            if (last[cell] != k + 1)
              {
                last[cell] = k + 1;
                if (fill)
                  g->entries[count[cell]++] = k;
                else
                  count[cell]++;
              }
          });
        }
    }
}

void
cg_world_grid_build (CgWorld *w, double reach)
{
  w->grid = NULL;
  uint32_t n_runs = w->n_runs;
  if (n_runs < GRID_MIN_RUNS || !(reach >= 0.0) || !isfinite (reach))
    return;
  CgWorldGrid *g = calloc (1, sizeof *g);
  if (g == NULL)
    return;
  g->reach = reach;
  uint32_t *last = NULL;

  /* About one cell a run, square-ish cells over the runs' boxes. */
  CgAabb bounds = cg_aabb_empty ();
  for (uint32_t k = 0; k < n_runs; k++)
    bounds = cg_aabb_union (bounds, w->run_box[k]);
  g->bounds = bounds;
  bounds = cg_aabb_pad (bounds, listing_margin (w, g));
  double width = bounds.hi.x - bounds.lo.x, height = bounds.hi.y - bounds.lo.y;
  if (!(width > 0.0 && height > 0.0) || !isfinite (width) || !isfinite (height))
    goto fail;
  double nx = round (sqrt (n_runs * width / height)), ny = round (n_runs / fmax (nx, 1.0));
  g->nx = (uint32_t)fmin (fmax (nx, 1.0), GRID_MAX_SIDE);
  g->ny = (uint32_t)fmin (fmax (ny, 1.0), GRID_MAX_SIDE);
  g->bounds = bounds;
  g->cell_w = width / g->nx;
  g->cell_h = height / g->ny;
  g->per_w = 1.0 / g->cell_w;
  g->per_h = 1.0 / g->cell_h;

  size_t n_cells = (size_t)g->nx * g->ny;
  last = calloc (n_cells, sizeof *last);
  g->cell_first = calloc (n_cells + 1, sizeof *g->cell_first);
  if (last == NULL || g->cell_first == NULL)
    goto fail;
  list_runs (w, g, last, g->cell_first + 1, false);
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
  list_runs (w, g, last, at, true);
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
  for (uint32_t k = w->bound_run[i]; k < w->bound_run[i + 1]; k++)
    {
      bool listed = false;
      for (uint32_t j = 0; j < g->n_moved; j++)
        listed |= g->moved[j] == k;
      if (listed)
        continue;
      if (g->n_moved == GRID_MAX_MOVED)
        {
          /* Too many runs off their cells: the BVH from now on. */
          cg_world_grid_free (g);
          w->grid = NULL;
          return;
        }
      g->moved[g->n_moved++] = k;
    }
}

bool
cg_world_grid (const CgWorld *w, double r, CgAabb *bounds, double *cell_w, double *cell_h)
{
  const CgWorldGrid *g = w->grid;
  if (g == NULL || !(r <= g->reach))
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
  double margin = listing_margin (w, g);
  for (uint32_t k = 0; k < w->n_runs; k++)
    {
      bool moved = false;
      for (uint32_t j = 0; j < g->n_moved; j++)
        moved |= g->moved[j] == k;
      if (moved)
        continue;
      uint32_t from, to;
      cg_world_run_edges (w, k, &from, &to);
      CgOutline o = cg_world_outline (w, w->run_bound[k]);
      CgAabb run = cg_aabb_pad (w->run_box[k], margin);
      bool whole = cells_under (g, run) <= 4;
      for (uint32_t e = from; e < to; e++)
        {
          CgAabb edge = o.e != NULL
                            ? cg_curve_edge_bounds (o.v, o.e, o.n, e)
                            : cg_aabb_add_point (cg_aabb_add_point (cg_aabb_empty (), o.v[e]),
                                                 o.v[e + 1 < o.n ? e + 1 : 0]);
          CgAabb listed = whole ? run : cg_aabb_pad (cg_world_box_pad (edge), margin);
          bool ok = true;
          FOR_CELLS (g, listed, cell, { ok &= cell_lists (g, cell, k); });
          if (!ok)
            {
              *problem = "a run is missing from a grid cell its edges' boxes overlap";
              return false;
            }
        }
    }
  return true;
}
