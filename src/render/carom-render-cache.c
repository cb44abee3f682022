/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-render-cache.c: derived data for drawing, built once per scene and
 * trace: true outlines, boxes and a hierarchy over objects for culling. */
#include "carom-render-private.h"

#include <glib/gi18n-lib.h>

/* Polygons per leaf of the culling hierarchy: a few box tests are cheaper than
 * another level of nodes. */
#define CULL_LEAF_SIZE 4

void
carom_render_cache_free (CaromRenderCache *cache)
{
  if (cache == NULL)
    return;
  for (guint i = 0; i < cache->n_polygons; i++)
    {
      cg_boundary_clear (&cache->polygons[i].boundary);
      cg_curve_boundary_clear (&cache->polygons[i].curve_boundary);
    }
  g_free (cache->polygons);
  cg_bvh_clear (&cache->objects);
  if (cache->beams != NULL)
    g_ptr_array_unref (cache->beams);
  g_free (cache->ray_points);
  g_free (cache->ray_first);
  carom_render_ink_free (cache->ink);
  if (cache->halos != NULL)
    g_hash_table_unref (cache->halos);
  g_free (cache);
}

/* Polygon i's boxes and its place in the drawing, from the scene object and
 * the world's outline for the selected ball's radius. The outline's box is
 * what geometry.md calls the outline's AABB, and what an object-level broad
 * phase would test. */
static void
polygon_boxes (CaromRenderCache *cache, guint i)
{
  CaromRenderPolygon *p = &cache->polygons[i];
  p->object = g_ptr_array_index (cache->trace->polygons, i);
  p->box = cm_object_bounds (p->object);
  p->outline_box = cache->world != NULL ? cg_world_outline_bounds (cache->world, i, cache->radius)
                                        : cg_aabb_empty ();
  p->cull_box = cg_aabb_union (p->box, p->outline_box);
}

/* Packs every ball's path points (CaromRenderCache.ray_points), in the
 * arrays of the last packing when they are large enough (a drag repacks
 * every frame). */
static gboolean
pack_ray_points (CaromRenderCache *cache)
{
  GArray *balls = cache->trace->balls;
  gsize total = 0;
  for (guint b = 0; b < balls->len; b++)
    total += g_array_index (balls, CaromBallTrace, b).trace.n_hits + 1;
  if (cache->ray_points == NULL || cache->ray_first == NULL || total > cache->ray_capacity
      || balls->len > cache->ray_balls)
    {
      g_clear_pointer (&cache->ray_points, g_free);
      g_clear_pointer (&cache->ray_first, g_free);
      cache->ray_capacity = cache->ray_balls = 0;
      cache->ray_first = g_try_new (gsize, MAX (balls->len, 1));
      cache->ray_points = g_try_new (CgVec2, MAX (total, 1));
      if (cache->ray_first == NULL || cache->ray_points == NULL)
        {
          g_clear_pointer (&cache->ray_points, g_free);
          g_clear_pointer (&cache->ray_first, g_free);
          return FALSE;
        }
      cache->ray_capacity = MAX (total, 1);
      cache->ray_balls = MAX (balls->len, 1);
    }
  gsize at = 0;
  for (guint b = 0; b < balls->len; b++)
    {
      const CgTrace *t = &g_array_index (balls, CaromBallTrace, b).trace;
      cache->ray_first[b] = at;
      cache->ray_points[at++] = t->start;
      for (size_t k = 0; k < t->n_hits; k++)
        cache->ray_points[at++] = t->hits[k].point;
    }
  return TRUE;
}

/* Everything a view must show to see the whole drawing. Escaped rays are
 * left out: they go on for ever. */
static CgAabb
drawing_bounds (const CaromRenderCache *cache)
{
  CgAabb box = cg_aabb_empty ();
  for (guint i = 0; i < cache->n_polygons; i++)
    box = cg_aabb_union (box, cache->polygons[i].cull_box);
  for (guint b = 0; b < cache->trace->balls->len; b++)
    {
      const CaromBallTrace *bt = &g_array_index (cache->trace->balls, CaromBallTrace, b);
      double r = bt->trace.radius;
      if (cg_is_valid_vec2 (bt->trace.start))
        {
          box = cg_aabb_add_point (box, cg_sub (bt->trace.start, cg_v2 (r, r)));
          box = cg_aabb_add_point (box, cg_add (bt->trace.start, cg_v2 (r, r)));
        }
      for (size_t k = 0; k < bt->trace.n_hits; k++)
        if (cg_is_valid_vec2 (bt->trace.hits[k].point))
          box = cg_aabb_add_point (box, bt->trace.hits[k].point);
    }
  return box;
}

CaromRenderCache *
carom_render_cache_new (const CmScene *scene, const CmSceneTrace *trace, int ball)
{
  g_return_val_if_fail (scene != NULL, NULL);
  g_return_val_if_fail (trace != NULL, NULL);

  g_autoptr (CaromRenderCache) cache = g_new0 (CaromRenderCache, 1);
  cache->scene = scene;
  cache->trace = trace;
  if (trace->balls->len > 0)
    {
      guint index = ball >= 0 && (guint)ball < trace->balls->len ? (guint)ball : 0;
      cache->ball = &g_array_index (trace->balls, CaromBallTrace, index);
      cache->world = cache->ball->world;
      cache->bvh = cg_world_bvh (cache->world);
      cache->bvh_origin = cg_world_bvh_origin (cache->world);
      cache->radius = cache->ball->radius;
    }

  cache->n_polygons = trace->polygons->len;
  cache->polygons = g_new0 (CaromRenderPolygon, MAX (cache->n_polygons, 1));
  for (guint i = 0; i < cache->n_polygons; i++)
    {
      CaromRenderPolygon *p = &cache->polygons[i];
      p->object = g_ptr_array_index (trace->polygons, i);
      p->box = cm_object_bounds (p->object);
      p->outline_box = cg_aabb_empty ();
      if (p->object->role == CG_ROLE_WALL)
        cache->n_walls++;
      else
        cache->n_obstacles++;
    }
  for (guint i = 0; cache->world != NULL && i < cache->n_polygons; i++)
    cache->polygons[i].outline_box = cg_world_outline_bounds (cache->world, i, cache->radius);
  cache->beams = g_ptr_array_new ();
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *o = g_ptr_array_index (scene->objects, i);
      if (o->kind == CM_OBJECT_BEAM && !o->hidden)
        g_ptr_array_add (cache->beams, (gpointer)o);
    }

  g_autofree CgAabb *boxes = g_new (CgAabb, MAX (cache->n_polygons, 1));
  for (guint i = 0; i < cache->n_polygons; i++)
    {
      CaromRenderPolygon *p = &cache->polygons[i];
      p->cull_box = cg_aabb_union (p->box, p->outline_box);
      boxes[i] = p->cull_box;
    }
  if (!cg_bvh_build (&cache->objects, boxes, cache->n_polygons, CULL_LEAF_SIZE))
    return NULL;
  cache->bounds = drawing_bounds (cache);
  if (!pack_ray_points (cache))
    return NULL;
  return g_steal_pointer (&cache);
}

/* What leaf_box() refits. */
typedef struct
{
  const CaromRenderCache *cache;
  const guint *polygons; /* the polygons that changed */
  guint n;
} Refit;

/* A culling leaf's box, its polygons' cull boxes, when one of them changed. */
static bool
leaf_box (const CgBvhRef *leaf, void *data, CgAabb *box)
{
  const Refit *refit = data;
  const CaromRenderCache *cache = refit->cache;
  gboolean changed = FALSE;
  for (guint32 k = leaf->first; k < leaf->first + leaf->count && !changed; k++)
    for (guint j = 0; j < refit->n && !changed; j++)
      changed = cache->objects.items[k] == refit->polygons[j];
  if (!changed)
    return false;
  *box = cg_aabb_empty ();
  for (guint32 k = leaf->first; k < leaf->first + leaf->count; k++)
    *box = cg_aabb_union (*box, cache->polygons[cache->objects.items[k]].cull_box);
  return true;
}

void
carom_render_cache_update (CaromRenderCache *cache, const guint *polygons, guint n)
{
  g_return_if_fail (cache != NULL);
  for (guint j = 0; j < n; j++)
    {
      guint i = polygons[j];
      g_return_if_fail (i < cache->n_polygons);
      CaromRenderPolygon *p = &cache->polygons[i];
      cg_boundary_clear (&p->boundary);
      cg_curve_boundary_clear (&p->curve_boundary);
      p->boundary_ready = FALSE;
      polygon_boxes (cache, i);
    }
  if (n > 0)
    {
      Refit refit = { cache, polygons, n };
      cg_bvh_refit (&cache->objects, leaf_box, &refit);
    }
  /* Every ball was traced again: the blended paths are drawn from their
   * points of now (without memory for them, they are not drawn). */
  pack_ray_points (cache);
  /* A drag replaces beams in place too: the drawn ones are the scene's of now. */
  g_ptr_array_set_size (cache->beams, 0);
  for (guint i = 0; i < cache->scene->objects->len; i++)
    {
      const CmObject *o = g_ptr_array_index (cache->scene->objects, i);
      if (o->kind == CM_OBJECT_BEAM && !o->hidden)
        g_ptr_array_add (cache->beams, (gpointer)o);
    }
  cache->bounds = drawing_bounds (cache);
}

const CgBoundary *
carom_render_cache_boundary (const CaromRenderCache *cache, guint i)
{
  g_return_val_if_fail (cache != NULL && i < cache->n_polygons, NULL);
  /* Derived data filled in as it is needed: the cache is used by one thread. */
  CaromRenderPolygon *p = &((CaromRenderCache *)cache)->polygons[i];
  if (p->object->edges != NULL)
    return NULL; /* carom_render_cache_curve_boundary() */
  if (!p->boundary_ready && cache->radius > 0.0)
    {
      /* A wall's true boundary can be empty (a room narrower than the ball):
       * that is an answer, not an error. Only running out of memory fails. */
      if (!cg_boundary_build (p->object->points, p->object->n_points, p->object->role,
                              cache->radius, &p->boundary))
        return NULL;
      p->boundary_ready = TRUE;
    }
  return p->boundary_ready ? &p->boundary : NULL;
}

const CgCurveBoundary *
carom_render_cache_curve_boundary (const CaromRenderCache *cache, guint i)
{
  g_return_val_if_fail (cache != NULL && i < cache->n_polygons, NULL);
  CaromRenderPolygon *p = &((CaromRenderCache *)cache)->polygons[i];
  const CmObject *o = p->object;
  if (o->edges == NULL)
    return NULL;
  if (!p->boundary_ready && cache->radius > 0.0)
    {
      if (!cg_curve_boundary_build (o->points, o->edges, o->n_points, cache->radius,
                                    &p->curve_boundary))
        return NULL;
      p->boundary_ready = TRUE;
    }
  return p->boundary_ready ? &p->curve_boundary : NULL;
}

const CaromBallTrace *
carom_render_cache_get_ball (const CaromRenderCache *cache)
{
  g_return_val_if_fail (cache != NULL, NULL);
  return cache->ball;
}

CgAabb
carom_render_cache_get_bounds (const CaromRenderCache *cache)
{
  g_return_val_if_fail (cache != NULL, cg_aabb_empty ());
  return cache->bounds;
}

gboolean
carom_render_cache_check_step (const CaromRenderCache *cache, gint64 step, GError **error)
{
  g_return_val_if_fail (cache != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (step == CAROM_STEP_NONE)
    return TRUE;
  if (cache->ball == NULL)
    {
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_STEP,
                   _ ("step %lld needs a ball, and the scene has none"), (long long)step);
      return FALSE;
    }
  gint64 n_hits = (gint64)cache->ball->trace.n_hits;
  if (step < 0 || step > n_hits)
    {
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_STEP,
                   g_dngettext (GETTEXT_PACKAGE,
                                "step %lld is out of range: ball “%s” has %lld hit, so the step "
                                "must be 0 (the start) to %lld",
                                "step %lld is out of range: ball “%s” has %lld hits, so the step "
                                "must be 0 (the start) to %lld",
                                (gulong)n_hits),
                   (long long)step, cache->ball->ball->id, (long long)n_hits, (long long)n_hits);
      return FALSE;
    }
  return TRUE;
}

typedef struct
{
  const CaromRenderCache *cache;
  CgAabb box;
  GArray *out;
} CullQuery;

static bool
cull_leaf (const CgBvhRef *leaf, void *data)
{
  CullQuery *q = data;
  const CgBvh *bvh = &q->cache->objects;
  for (guint32 k = 0; k < leaf->count; k++)
    {
      guint32 item = bvh->items[leaf->first + k];
      if (cg_aabb_overlaps (q->cache->polygons[item].cull_box, q->box))
        g_array_append_val (q->out, item);
    }
  return true;
}

void
carom_render_cache_query (const CaromRenderCache *cache, CgAabb box, GArray *out)
{
  CullQuery q = { cache, box, out };
  cg_bvh_query_box (&cache->objects, box, cull_leaf, &q);
}

double
carom_render_cache_front_length (const CaromRenderCache *cache)
{
  g_return_val_if_fail (cache != NULL, 0.0);
  if (cache->ball == NULL)
    return 0.0;
  const CmObject *beam = carom_ball_trace_beam (cache->ball);
  gboolean crowd = carom_trace_is_crowd (cache->trace);
  if (beam == NULL && !crowd)
    return 0.0;
  double longest = 0.0;
  for (guint b = 0; b < cache->trace->balls->len; b++)
    {
      const CaromBallTrace *bt = &g_array_index (cache->trace->balls, CaromBallTrace, b);
      if (carom_ball_trace_beam (bt) != beam)
        continue;
      double length = 0.0;
      for (size_t k = 0; k < bt->trace.n_hits; k++)
        length += bt->trace.hits[k].distance;
      longest = fmax (longest, length);
    }
  return longest;
}
