/* cg-world.c: outline primitives of a scene, their BVH, and the first-hit
 * query, traversed nearest-first with early exit. */
#include "cg-world.h"

#include <stdlib.h>
#include <string.h>

/* Items a leaf may hold before SAH must split it. */
#define LEAF_MAX_PRIMITIVES 4
#define LEAF_MAX_OBJECTS 2

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

  CgBvh bvh;
};

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
  cg_bvh_clear (&w->bvh);
  free (w);
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
  w->prims = malloc ((cg_outline_max_primitives (n_verts) + 1) * sizeof *w->prims);
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
      w->n_prims += cg_outline_build (polys[i].v, polys[i].n, r, (uint32_t)i, w->prims + w->n_prims);
      at += polys[i].n;
    }
  w->vertex_first[count] = at;
  w->prim_first[count] = (uint32_t)w->n_prims;

  double size = cg_aabb_is_empty (extent)
                    ? 1.0
                    : fmax (extent.hi.x - extent.lo.x, extent.hi.y - extent.lo.y) + 2.0 * r;
  w->eps = 1e-9 * (size > 0.0 ? size : 1.0);

  /* Boxes are padded by a few eps: a cast accepts crossings up to eps behind
   * the start, beyond a segment's end or outside an arc's sweep, so a tight box
   * could prune a primitive that brute force would hit. */
  double pad = 4.0 * w->eps;
  uint32_t n_items = leaves == CG_BVH_LEAF_OBJECTS ? (uint32_t)count : (uint32_t)w->n_prims;
  CgAabb *boxes = malloc ((n_items + 1) * sizeof *boxes);
  if (boxes == NULL)
    goto fail;
  if (leaves == CG_BVH_LEAF_OBJECTS)
    {
      for (size_t i = 0; i < count; i++)
        {
          CgAabb box = cg_aabb_empty ();
          for (uint32_t k = w->prim_first[i]; k < w->prim_first[i + 1]; k++)
            box = cg_aabb_union (box, cg_primitive_bounds (&w->prims[k]));
          boxes[i] = cg_aabb_pad (box, pad);
        }
    }
  else
    {
      for (size_t k = 0; k < w->n_prims; k++)
        boxes[k] = cg_aabb_pad (cg_primitive_bounds (&w->prims[k]), pad);
    }
  bool built = cg_bvh_build (&w->bvh, boxes, n_items,
                             leaves == CG_BVH_LEAF_OBJECTS ? LEAF_MAX_OBJECTS
                                                           : LEAF_MAX_PRIMITIVES);
  free (boxes);
  if (!built)
    goto fail;
  return w;

fail:
  cg_world_free (w);
  return NULL;
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
         + (w->n_polys + 1) * sizeof *w->prim_first + cg_bvh_memory (&w->bvh);
}

/* The best hit so far. Ties in t go to the lower primitive index, the order
 * brute force sees them in, so both searches agree bit for bit. */
typedef struct
{
  double t;
  int64_t prim;
  CgCastRecord rec;
} Best;

static inline void
try_primitive (const CgWorld *w, uint32_t k, CgVec2 c, CgVec2 d, int64_t exclude, Best *best,
               CgCastStats *stats)
{
  if ((int64_t)k == exclude)
    return;
  CgCastRecord rec;
  stats->primitives_tested++;
  if (!cg_cast_primitive (&w->prims[k], c, d, w->eps, &rec))
    return;
  if (rec.t < best->t || (rec.t == best->t && (int64_t)k < best->prim))
    {
      best->t = rec.t;
      best->prim = k;
      best->rec = rec;
    }
}

static void
cast_brute_force (const CgWorld *w, CgVec2 c, CgVec2 d, int64_t exclude, Best *best,
                  CgCastStats *stats)
{
  for (uint32_t k = 0; k < w->n_prims; k++)
    try_primitive (w, k, c, d, exclude, best, stats);
}

static inline void
test_leaf (const CgWorld *w, const CgBvhNode *node, CgVec2 c, CgVec2 d, int64_t exclude,
           Best *best, CgCastStats *stats)
{
  const uint32_t *items = w->bvh.items + node->first;
  for (uint32_t i = 0; i < node->count; i++)
    {
      if (w->leaves == CG_BVH_LEAF_OBJECTS)
        {
          uint32_t o = items[i];
          for (uint32_t k = w->prim_first[o]; k < w->prim_first[o + 1]; k++)
            try_primitive (w, k, c, d, exclude, best, stats);
        }
      else
        try_primitive (w, items[i], c, d, exclude, best, stats);
    }
}

static void
cast_bvh (const CgWorld *w, CgVec2 c, CgVec2 d, int64_t exclude, Best *best, CgCastStats *stats)
{
  if (w->bvh.n_nodes == 0)
    return;
  CgVec2 inv_d = { 1.0 / d.x, 1.0 / d.y };
  double tmin, tmax;
  double t_floor = -w->eps; /* crossings this far behind the start still count */

  stats->boxes_tested++;
  if (!cg_aabb_ray (w->bvh.nodes[0].box, c, inv_d, &tmin, &tmax) || tmax < t_floor)
    return;

  struct
  {
    uint32_t node;
    double tmin;
  } stack[CG_BVH_MAX_DEPTH + 1];
  int top = 0;
  stack[top].node = 0;
  stack[top].tmin = tmin;
  top++;

  while (top > 0)
    {
      top--;
      if (stack[top].tmin > best->t)
        continue; /* early exit: a hit is already closer than this box */
      const CgBvhNode *node = &w->bvh.nodes[stack[top].node];
      stats->nodes_visited++;
      if (node->count > 0)
        {
          test_leaf (w, node, c, d, exclude, best, stats);
          continue;
        }

      /* Visit the nearer child first; the farther waits on the stack. */
      uint32_t child[2] = { node->first, node->first + 1 };
      double near[2];
      bool hit[2];
      for (int k = 0; k < 2; k++)
        {
          stats->boxes_tested++;
          hit[k] = cg_aabb_ray (w->bvh.nodes[child[k]].box, c, inv_d, &near[k], &tmax)
                   && tmax >= t_floor && near[k] <= best->t;
        }
      int first = (hit[0] && hit[1] && near[1] < near[0]) ? 1 : 0;
      int second = 1 - first;
      if (hit[second])
        {
          stack[top].node = child[second];
          stack[top].tmin = near[second];
          top++;
        }
      if (hit[first])
        {
          stack[top].node = child[first];
          stack[top].tmin = near[first];
          top++;
        }
    }
}

CgWorldHit
cg_world_cast (const CgWorld *w, CgVec2 c, CgVec2 d, int64_t exclude, bool brute_force)
{
  CgWorldHit out;
  memset (&out, 0, sizeof out);
  Best best = { .t = INFINITY, .prim = -1 };
  if (brute_force)
    cast_brute_force (w, c, d, exclude, &best, &out.stats);
  else
    cast_bvh (w, c, d, exclude, &best, &out.stats);
  if (best.prim >= 0)
    {
      out.hit = true;
      out.prim = (uint32_t)best.prim;
      out.rec = best.rec;
    }
  return out;
}

bool
cg_world_start_overlaps (const CgWorld *w, CgVec2 c)
{
  double limit = w->r - w->eps;
  for (size_t i = 0; i < w->n_polys; i++)
    {
      const CgVec2 *v;
      size_t n;
      CgRole role = cg_world_polygon (w, i, &v, &n);
      for (size_t k = 0; k < n; k++)
        if (cg_point_segment_distance (c, v[k], v[(k + 1) % n]) < limit)
          return true;
      if (role == CG_ROLE_OBSTACLE && cg_polygon_contains (v, n, c))
        return true;
    }
  return false;
}
