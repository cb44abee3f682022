/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-lab.c: the other collision tests of the source articles (cg-lab.h). */
#include "cg-lab.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- segment–segment ---- */

CgSegments
cg_lab_segments (CgVec2 p1, CgVec2 p2, CgVec2 p3, CgVec2 p4)
{
  CgSegments out;
  memset (&out, 0, sizeof out);
  /* The tolerance of these numbers (geometry.md, "Tolerances"). */
  double eps = cg_tolerance (cg_max (cg_max (cg_magnitude (p1), cg_magnitude (p2)),
                                     cg_max (cg_magnitude (p3), cg_magnitude (p4))));
  out.tol = eps;
  out.denom = (p4.y - p3.y) * (p2.x - p1.x) - (p4.x - p3.x) * (p2.y - p1.y);
  out.num_a = (p4.x - p3.x) * (p1.y - p3.y) - (p4.y - p3.y) * (p1.x - p3.x);
  out.num_b = (p2.x - p1.x) * (p1.y - p3.y) - (p2.y - p1.y) * (p1.x - p3.x);
  double len1 = cg_distance (p1, p2), len2 = cg_distance (p3, p4);
  /* denom = |P2 − P1| |P4 − P3| sin(angle); num_a / |P4 − P3| is P1's
   * distance from the line P3P4. */
  bool parallel = fabs (out.denom) <= 1e-12 * len1 * len2 || len1 == 0.0 || len2 == 0.0;
  if (parallel)
    {
      bool on_line = len2 > 0.0 ? fabs (out.num_a) / len2 <= eps : cg_distance (p1, p3) <= eps;
      if (!on_line)
        {
          out.kind = CG_SEGMENTS_PARALLEL;
          return out;
        }
      /* One line: where the second segment's ends fall along the first. */
      CgVec2 dir = len1 > 0.0
                       ? cg_scale (cg_sub (p2, p1), 1.0 / len1)
                       : (len2 > 0.0 ? cg_scale (cg_sub (p4, p3), 1.0 / len2) : cg_v2 (1, 0));
      double a0 = 0.0, a1 = len1;
      double b0 = cg_dot (cg_sub (p3, p1), dir), b1 = cg_dot (cg_sub (p4, p1), dir);
      if (b0 > b1)
        {
          double tmp = b0;
          b0 = b1;
          b1 = tmp;
        }
      double from = cg_max (a0, b0), to = cg_min (a1, b1);
      if (from > to + eps)
        {
          out.kind = CG_SEGMENTS_COLLINEAR_APART;
          return out;
        }
      out.kind = CG_SEGMENTS_COLLINEAR;
      out.overlap_from = cg_mul_add (p1, from, dir);
      out.overlap_to = cg_mul_add (p1, cg_max (to, from), dir);
      out.point = out.overlap_from;
      return out;
    }
  out.ua = out.num_a / out.denom;
  out.ub = out.num_b / out.denom;
  out.point = cg_mul_add (p1, out.ua, cg_sub (p2, p1));
  double slack_a = eps / len1, slack_b = eps / len2;
  bool inside = out.ua >= -slack_a && out.ua <= 1.0 + slack_a && out.ub >= -slack_b
                && out.ub <= 1.0 + slack_b;
  out.kind = inside ? CG_SEGMENTS_CROSS : CG_SEGMENTS_APART;
  return out;
}

/* ---- boxes and circles ---- */

CgBoxes
cg_lab_boxes (CgAabb a, CgAabb b)
{
  CgBoxes out;
  /* Strict, as the articles test: boxes that only touch do not overlap. */
  out.overlap_x = a.lo.x < b.hi.x && b.lo.x < a.hi.x;
  out.overlap_y = a.lo.y < b.hi.y && b.lo.y < a.hi.y;
  out.overlap = out.overlap_x && out.overlap_y;
  out.depth_x = cg_min (a.hi.x, b.hi.x) - cg_max (a.lo.x, b.lo.x);
  out.depth_y = cg_min (a.hi.y, b.hi.y) - cg_max (a.lo.y, b.lo.y);
  return out;
}

CgCircles
cg_lab_circles (CgVec2 c1, double r1, CgVec2 c2, double r2)
{
  CgCircles out;
  CgVec2 d = cg_sub (c2, c1);
  out.distance_sq = cg_length_sq (d);
  out.radii_sq = (r1 + r2) * (r1 + r2);
  out.overlap = out.distance_sq < out.radii_sq; /* touching circles do not overlap */
  out.distance = sqrt (out.distance_sq);
  out.depth = (r1 + r2) - out.distance;
  out.normal = out.distance > 0.0 ? cg_scale (d, 1.0 / out.distance) : cg_v2 (1, 0);
  return out;
}

/* ---- separating axis theorem ---- */

bool
cg_polygon_is_convex (const CgVec2 *v, size_t n)
{
  if (n < 3)
    return false;
  int sign = 0;
  for (size_t i = 0; i < n; i++)
    {
      CgVec2 a = cg_sub (v[(i + 1) % n], v[i]), b = cg_sub (v[(i + 2) % n], v[(i + 1) % n]);
      double c = cg_cross (a, b);
      if (c == 0.0)
        continue;
      int s = c > 0.0 ? 1 : -1;
      if (sign != 0 && s != sign)
        return false;
      sign = s;
    }
  return true;
}

static void
project (const CgVec2 *v, size_t n, CgVec2 axis, double *lo, double *hi)
{
  *lo = INFINITY;
  *hi = -INFINITY;
  for (size_t i = 0; i < n; i++)
    {
      double p = cg_dot (v[i], axis);
      *lo = cg_min (*lo, p);
      *hi = cg_max (*hi, p);
    }
}

/* Tests one axis and keeps it; false when it separates. */
static bool
sat_axis (CgSat *out, CgVec2 axis, int from, uint32_t edge, double min_a, double max_a,
          double min_b, double max_b)
{
  double forward = max_a - min_b, backward = max_b - min_a;
  CgSatAxis a = { axis,
                  from,
                  edge,
                  min_a,
                  max_a,
                  min_b,
                  max_b,
                  cg_min (max_a, max_b) - cg_max (min_a, min_b),
                  cg_min (forward, backward),
                  forward <= backward ? 1 : -1 };
  if (out->n_axes < CG_SAT_MAX_AXES)
    out->axes[out->n_axes] = a;
  size_t index = out->n_axes++;
  /* Intervals that only touch separate (the articles' strict test). */
  if (a.overlap <= 0.0)
    {
      if (out->separating < 0 && index < CG_SAT_MAX_AXES)
        out->separating = (int)index;
      return false;
    }
  if (index < CG_SAT_MAX_AXES && (out->minimum < 0 || a.push < out->axes[out->minimum].push))
    out->minimum = (int)index;
  return true;
}

/* The minimum translation vector: the least push, the way it goes. */
static void
sat_finish (CgSat *out)
{
  out->overlap = out->separating < 0;
  if (!out->overlap || out->minimum < 0)
    return;
  const CgSatAxis *m = &out->axes[out->minimum];
  out->depth = m->push;
  out->mtv = cg_scale (m->axis, m->sign * m->push);
}

static void
sat_init (CgSat *out)
{
  memset (out, 0, sizeof *out);
  out->separating = -1;
  out->minimum = -1;
}

bool
cg_lab_sat_polygons (const CgVec2 *a, size_t na, const CgVec2 *b, size_t nb, CgSat *out)
{
  sat_init (out);
  if (!cg_polygon_is_convex (a, na) || !cg_polygon_is_convex (b, nb))
    return false;
  const CgVec2 *shapes[2] = { a, b };
  size_t counts[2] = { na, nb };
  for (int s = 0; s < 2; s++)
    for (size_t i = 0; i < counts[s]; i++)
      {
        CgVec2 e = cg_sub (shapes[s][(i + 1) % counts[s]], shapes[s][i]);
        if (cg_length_sq (e) == 0.0)
          continue;
        CgVec2 axis = cg_normalize (cg_v2 (-e.y, e.x));
        double min_a, max_a, min_b, max_b;
        project (a, na, axis, &min_a, &max_a);
        project (b, nb, axis, &min_b, &max_b);
        sat_axis (out, axis, s, (uint32_t)i, min_a, max_a, min_b, max_b);
      }
  sat_finish (out);
  return true;
}

bool
cg_lab_sat_circle (const CgVec2 *a, size_t na, CgVec2 c, double r, CgSat *out)
{
  sat_init (out);
  if (!cg_polygon_is_convex (a, na))
    return false;
  for (size_t i = 0; i < na; i++)
    {
      CgVec2 e = cg_sub (a[(i + 1) % na], a[i]);
      if (cg_length_sq (e) == 0.0)
        continue;
      CgVec2 axis = cg_normalize (cg_v2 (-e.y, e.x));
      double min_a, max_a;
      project (a, na, axis, &min_a, &max_a);
      double p = cg_dot (c, axis);
      sat_axis (out, axis, 0, (uint32_t)i, min_a, max_a, p - r, p + r);
    }
  /* The circle has no edges: its axis runs to the polygon's nearest vertex. */
  size_t nearest = 0;
  for (size_t i = 1; i < na; i++)
    if (cg_distance (a[i], c) < cg_distance (a[nearest], c))
      nearest = i;
  CgVec2 to = cg_sub (c, a[nearest]);
  if (cg_length_sq (to) > 0.0)
    {
      CgVec2 axis = cg_normalize (to);
      double min_a, max_a;
      project (a, na, axis, &min_a, &max_a);
      double p = cg_dot (c, axis);
      sat_axis (out, axis, 2, (uint32_t)nearest, min_a, max_a, p - r, p + r);
    }
  sat_finish (out);
  return true;
}

/* ---- a swept circle against a box ---- */

/* The point of box nearest p. */
static CgVec2
clamp_to_box (CgVec2 p, CgAabb box)
{
  return cg_v2 (cg_min (cg_max (p.x, box.lo.x), box.hi.x),
                cg_min (cg_max (p.y, box.lo.y), box.hi.y));
}

CgSweep
cg_lab_sweep_circle_box (CgVec2 start, CgVec2 end, double r, CgAabb box)
{
  CgSweep out;
  memset (&out, 0, sizeof out);
  out.t_enter = out.t_exit = NAN;
  out.enter[0] = out.enter[1] = out.exit[0] = out.exit[1] = NAN;
  out.b = out.cc = out.disc = NAN;
  out.enter_axis = -1;
  /* Overlapping already: an impact at s = 0. */
  CgVec2 near = clamp_to_box (start, box);
  double dist = cg_distance (start, near);
  if (dist < r)
    {
      out.hit = out.inside = true;
      out.centre = start;
      if (dist > 0.0)
        out.normal = cg_scale (cg_sub (start, near), 1.0 / dist);
      else
        {
          /* The centre inside the box: out through the nearest side. */
          double gaps[4]
              = { start.x - box.lo.x, box.hi.x - start.x, start.y - box.lo.y, box.hi.y - start.y };
          static const CgVec2 normals[4] = { { -1, 0 }, { 1, 0 }, { 0, -1 }, { 0, 1 } };
          int k = 0;
          for (int i = 1; i < 4; i++)
            if (gaps[i] < gaps[k])
              k = i;
          out.normal = normals[k];
        }
      out.contact = near;
      return out;
    }
  CgVec2 d = cg_sub (end, start);
  double length = cg_length (d);
  out.length = length;
  if (!(length > 0.0))
    {
      out.miss = CG_SWEEP_MISS_STILL;
      return out;
    }
  CgVec2 u = cg_scale (d, 1.0 / length);
  out.direction = u;

  /* The ray against the box grown by r, slab by slab: on axis k it is
   * inside lo ≤ o + t u ≤ hi for t between (lo − o) / u and (hi − o) / u. */
  CgAabb grown = { cg_sub (box.lo, cg_v2 (r, r)), cg_add (box.hi, cg_v2 (r, r)) };
  out.grown = grown;
  double t0 = -INFINITY, t1 = INFINITY;
  int axis0 = -1;
  const double o[2] = { start.x, start.y }, dir[2] = { u.x, u.y };
  const double lo[2] = { grown.lo.x, grown.lo.y }, hi[2] = { grown.hi.x, grown.hi.y };
  for (int k = 0; k < 2; k++)
    {
      double a, b;
      if (dir[k] == 0.0)
        {
          /* Parallel to the slab: inside it for every t, or never. */
          bool in = !(o[k] < lo[k] || o[k] > hi[k]);
          a = in ? -INFINITY : INFINITY;
          b = -a;
        }
      else
        {
          a = (lo[k] - o[k]) / dir[k];
          b = (hi[k] - o[k]) / dir[k];
          if (a > b)
            {
              double tmp = a;
              a = b;
              b = tmp;
            }
        }
      out.enter[k] = a;
      out.exit[k] = b;
      if (a > t0)
        {
          t0 = a;
          axis0 = k;
        }
      t1 = cg_min (t1, b);
    }
  out.t_enter = t0;
  out.t_exit = t1;
  out.enter_axis = axis0;
  if (t0 > t1 || t1 < 0.0 || t0 > length)
    {
      out.miss = t0 > t1    ? CG_SWEEP_MISS_SLABS_APART
                 : t1 < 0.0 ? CG_SWEEP_MISS_BEHIND
                            : CG_SWEEP_MISS_SHORT;
      return out;
    }
  /* A start inside the grown box but not overlapping lies in a corner's
   * square: the corner's circle decides. */
  CgVec2 q = cg_mul_add (start, cg_max (t0, 0.0), u);
  out.entry = q;
  bool beyond_x = q.x < box.lo.x || q.x > box.hi.x, beyond_y = q.y < box.lo.y || q.y > box.hi.y;
  if (!(beyond_x && beyond_y) && axis0 >= 0 && t0 >= 0.0)
    {
      /* A side: the normal of the slab entered. */
      out.hit = true;
      out.t = t0;
      out.centre = q;
      out.normal = axis0 == 0 ? cg_v2 (u.x > 0.0 ? -1 : 1, 0) : cg_v2 (0, u.y > 0.0 ? -1 : 1);
    }
  else
    {
      /* A corner region: the corner's circle of radius r,
       * |m + t u|² = r² with m = start − k: t² + 2 b t + cc = 0. */
      CgVec2 corner = clamp_to_box (q, box);
      CgVec2 m = cg_sub (start, corner);
      double b = cg_dot (m, u), c = cg_length_sq (m) - r * r;
      double disc = b * b - c;
      out.corner_point = corner;
      out.b = b;
      out.cc = c;
      out.disc = disc;
      if (disc < 0.0)
        {
          out.miss = CG_SWEEP_MISS_CORNER;
          return out;
        }
      double t = -b - sqrt (disc);
      if (t < 0.0 || t > length)
        {
          out.miss = CG_SWEEP_MISS_CORNER_RANGE;
          return out;
        }
      out.hit = out.corner = true;
      out.t = t;
      out.centre = cg_mul_add (start, t, u);
      out.normal = cg_scale (cg_sub (out.centre, corner), 1.0 / r);
    }
  out.s = out.t / length;
  out.contact = cg_mul_add (out.centre, -r, out.normal);
  return out;
}

/* ---- a uniform grid ---- */

void
cg_grid_clear (CgGrid *grid)
{
  free (grid->first);
  free (grid->items);
  free (grid->prims);
  free (grid->ids);
  memset (grid, 0, sizeof *grid);
}

/* The cells a box covers. */
static void
cell_range (const CgGrid *g, CgAabb b, uint32_t *c0, uint32_t *c1, uint32_t *r0, uint32_t *r1)
{
  double x0 = floor ((b.lo.x - g->box.lo.x) / g->cell),
         x1 = floor ((b.hi.x - g->box.lo.x) / g->cell);
  double y0 = floor ((b.lo.y - g->box.lo.y) / g->cell),
         y1 = floor ((b.hi.y - g->box.lo.y) / g->cell);
  *c0 = (uint32_t)cg_min (cg_max (x0, 0), g->cols - 1);
  *c1 = (uint32_t)cg_min (cg_max (x1, 0), g->cols - 1);
  *r0 = (uint32_t)cg_min (cg_max (y0, 0), g->rows - 1);
  *r1 = (uint32_t)cg_min (cg_max (y1, 0), g->rows - 1);
}

bool
cg_grid_build (CgGrid *grid, const CgWorld *w, double r, double cell)
{
  memset (grid, 0, sizeof *grid);
  uint32_t n_ids = cg_world_prim_count (w);
  grid->prims = malloc (((size_t)n_ids + 1) * sizeof *grid->prims);
  grid->ids = malloc (((size_t)n_ids + 1) * sizeof *grid->ids);
  if (grid->prims == NULL || grid->ids == NULL)
    {
      cg_grid_clear (grid);
      return false;
    }
  uint32_t n = 0;
  double magnitude = r;
  for (uint32_t id = 0; id < n_ids; id++)
    if (cg_world_primitive (w, id, r, &grid->prims[n]))
      {
        CgAabb b = cg_primitive_bounds (&grid->prims[n]);
        magnitude = cg_max (magnitude, cg_max (cg_magnitude (b.lo), cg_magnitude (b.hi)));
        grid->ids[n++] = id;
      }
  grid->n_prims = n;
  /* A hit lies within the casts' tolerance of its primitive (cg-cast.h):
   * boxes are padded by that much for the farthest start in the grid. */
  double pad = 4.0 * cg_tolerance (2.0 * magnitude);
  grid->pad = pad;
  const CgPrimitive *prims = grid->prims;
  CgAabb box = cg_aabb_empty ();
  double mean = 0.0;
  for (size_t k = 0; k < n; k++)
    {
      CgAabb b = cg_primitive_bounds (&prims[k]);
      box = cg_aabb_union (box, cg_aabb_pad (b, pad));
      mean += cg_max (b.hi.x - b.lo.x, b.hi.y - b.lo.y);
    }
  if (n == 0)
    box = (CgAabb){ { 0, 0 }, { 1, 1 } };
  double w_box = cg_max (box.hi.x - box.lo.x, 1e-300), h_box = cg_max (box.hi.y - box.lo.y, 1e-300);
  if (!(cell > 0.0))
    cell = n > 0 ? 2.0 * mean / (double)n : cg_max (w_box, h_box);
  /* No more than 2^22 cells. */
  while ((w_box / cell) * (h_box / cell) > 4194304.0)
    cell *= 2.0;
  cell = cg_max (cell, cg_max (w_box, h_box) / 65536.0);
  grid->box = box;
  grid->cell = cell;
  grid->cols = (uint32_t)cg_max (ceil (w_box / cell), 1);
  grid->rows = (uint32_t)cg_max (ceil (h_box / cell), 1);
  size_t cells = (size_t)grid->cols * grid->rows;
  grid->first = calloc (cells + 1, sizeof *grid->first);
  if (grid->first == NULL)
    {
      cg_grid_clear (grid);
      return false;
    }
  size_t total = 0;
  for (size_t k = 0; k < n; k++)
    {
      uint32_t c0, c1, r0, r1;
      cell_range (grid, cg_aabb_pad (cg_primitive_bounds (&prims[k]), pad), &c0, &c1, &r0, &r1);
      for (uint32_t row = r0; row <= r1; row++)
        for (uint32_t col = c0; col <= c1; col++)
          grid->first[(size_t)row * grid->cols + col + 1]++;
      total += (size_t)(c1 - c0 + 1) * (r1 - r0 + 1);
    }
  for (size_t i = 0; i < cells; i++)
    grid->first[i + 1] += grid->first[i];
  grid->items = malloc ((total + 1) * sizeof *grid->items);
  uint32_t *fill = malloc ((cells + 1) * sizeof *fill);
  if (grid->items == NULL || fill == NULL)
    {
      free (fill);
      cg_grid_clear (grid);
      return false;
    }
  memcpy (fill, grid->first, cells * sizeof *fill);
  for (size_t k = 0; k < n; k++)
    {
      uint32_t c0, c1, r0, r1;
      cell_range (grid, cg_aabb_pad (cg_primitive_bounds (&prims[k]), pad), &c0, &c1, &r0, &r1);
      for (uint32_t row = r0; row <= r1; row++)
        for (uint32_t col = c0; col <= c1; col++)
          grid->items[fill[(size_t)row * grid->cols + col]++] = (uint32_t)k;
    }
  free (fill);
  return true;
}

CgGridCast
cg_grid_cast (const CgGrid *grid, CgVec2 c, CgVec2 d, int64_t after)
{
  d = cg_unit_direction (d); /* the casts need |d| = 1, as cg_world_cast() */
  CgGridCast out;
  memset (&out, 0, sizeof out);
  out.t = INFINITY;
  size_t n = grid->n_prims;
  const CgPrimitive *prims = grid->prims;
  if (grid->first == NULL || n == 0)
    return out;
  /* Where the ray enters the grid. */
  CgVec2 inv = { 1.0 / d.x, 1.0 / d.y };
  double t_in, t_out;
  if (!cg_aabb_ray (grid->box, c, inv, &t_in, &t_out) || t_out < 0.0)
    return out;
  double t = cg_max (t_in, 0.0);
  CgVec2 p = cg_mul_add (c, t, d);
  int col = (int)floor ((p.x - grid->box.lo.x) / grid->cell);
  int row = (int)floor ((p.y - grid->box.lo.y) / grid->cell);
  col = col < 0 ? 0 : col >= (int)grid->cols ? (int)grid->cols - 1 : col;
  row = row < 0 ? 0 : row >= (int)grid->rows ? (int)grid->rows - 1 : row;
  /* Amanatides and Woo: the ray distance to the next vertical and horizontal
   * grid line, and between lines. */
  int step_x = d.x > 0.0 ? 1 : -1, step_y = d.y > 0.0 ? 1 : -1;
  double next_x = grid->box.lo.x + (col + (step_x > 0 ? 1 : 0)) * grid->cell;
  double next_y = grid->box.lo.y + (row + (step_y > 0 ? 1 : 0)) * grid->cell;
  double t_max_x = d.x != 0.0 ? (next_x - c.x) / d.x : INFINITY;
  double t_max_y = d.y != 0.0 ? (next_y - c.y) / d.y : INFINITY;
  double t_delta_x = d.x != 0.0 ? grid->cell / fabs (d.x) : INFINITY;
  double t_delta_y = d.y != 0.0 ? grid->cell / fabs (d.y) : INFINITY;
  uint8_t *seen = calloc (n, 1);
  if (seen == NULL)
    return out;
  int64_t best = -1; /* an index into prims */
  for (;;)
    {
      out.cells_visited++;
      size_t cell = (size_t)row * grid->cols + (size_t)col;
      for (uint32_t i = grid->first[cell]; i < grid->first[cell + 1]; i++)
        {
          uint32_t k = grid->items[i];
          if (seen[k])
            continue;
          seen[k] = 1;
          out.primitives_tested++;
          CgCastRecord rec;
          if (cg_cast_primitive (&prims[k], c, d, &rec)
              && !((int64_t)grid->ids[k] == after && !(rec.t > 0.0))
              && (rec.t < out.t || (rec.t == out.t && (int64_t)k < best)))
            {
              out.t = rec.t;
              best = k;
            }
        }
      /* Stop once the best hit is before the cell's far side. */
      double t_leave = cg_min (t_max_x, t_max_y);
      if (best >= 0 && out.t < t_leave - grid->pad)
        break;
      if (t_max_x < t_max_y)
        {
          col += step_x;
          t_max_x += t_delta_x;
        }
      else
        {
          row += step_y;
          t_max_y += t_delta_y;
        }
      if (col < 0 || row < 0 || col >= (int)grid->cols || row >= (int)grid->rows)
        break;
    }
  free (seen);
  out.hit = best >= 0;
  out.prim = best >= 0 ? grid->ids[best] : 0;
  return out;
}
