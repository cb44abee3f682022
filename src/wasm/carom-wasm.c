/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-wasm.c: the geometry core as the web page calls it (carom-wasm.h,
 * docs/web-core.md). Plain C on src/geom: built for wasm32-wasi into
 * carom-core.wasm, and natively for the tests. */
#include "carom-wasm.h"

#include <stdlib.h>
#include <string.h>

#include "geom/cg-curve.h"
#include "geom/cg-polygon.h"
#include "geom/cg-scene.h"

#if defined(__wasm__)
#define EXPORT(name) __attribute__ ((export_name (#name)))
#else
#define EXPORT(name)
#endif

/* The most rays one beam may have: the scene reader's limit. */
#define MAX_BEAM_RAYS 1000000

/* One object of the loaded scene. */
typedef struct
{
  uint32_t at;   /* where its record starts in scene */
  uint32_t kind; /* CAROM_CORE_POLYGON, _BALL or _BEAM */
} Object;

/* The core's state: one scene, its world, its last trace. */
static struct
{
  double *buffer; /* where the page writes the scene */
  uint32_t buffer_room;

  double *scene; /* the loaded scene (a copy of the buffer), moved balls and all */
  uint32_t scene_n;
  Object *objects;
  uint32_t n_objects;
  int32_t error_object;

  CgWorld *world;
  uint32_t *polygons; /* world boundary -> object index */
  size_t n_polygons;

  double *balls; /* CAROM_CORE_BALL_STRIDE a ball */
  uint32_t n_balls, balls_room;
  double *hits; /* CAROM_CORE_HIT_STRIDE a hit */
  uint32_t n_hits;
  size_t hits_room;
  int32_t cut;

  double *explanation;
  size_t explanation_room;
} core = { .error_object = -1 };

EXPORT (carom_core_version)
int32_t
carom_core_version (void)
{
  return CAROM_CORE_VERSION;
}

/* Makes room for n doubles in *array (holding *room); false when memory
 * runs out (the array is then as it was). */
static bool
reserve (double **array, size_t *room, size_t n)
{
  if (n <= *room && *array != NULL)
    return true;
  double *grown = realloc (*array, (n > 0 ? n : 1) * sizeof (double));
  if (grown == NULL)
    return false;
  *array = grown;
  *room = n;
  return true;
}

EXPORT (carom_core_buffer)
double *
carom_core_buffer (uint32_t n)
{
  size_t room = core.buffer_room;
  if (!reserve (&core.buffer, &room, n))
    return NULL;
  core.buffer_room = (uint32_t)room;
  return core.buffer;
}

/* ---- loading ---- */

/* A number that is an integer in [lo, hi]. */
static bool
is_count (double v, double lo, double hi)
{
  return v >= lo && v <= hi && v == (double)(int64_t)v;
}

static bool
in_range (double v)
{
  return isfinite (v) && cg_in_range (v);
}

static CgVec2
vec_at (const double *s, uint32_t at)
{
  return (CgVec2){ s[at], s[at + 1] };
}

/* The numbers a polygon's record takes from at, or 0 when it does not fit
 * in n. */
static uint32_t
polygon_size (const double *s, uint32_t at, uint32_t n)
{
  if (n - at < 5 || !is_count (s[at + 3], 1, (double)(UINT32_MAX / 8)))
    return 0;
  uint64_t points = (uint64_t)s[at + 3];
  uint64_t size = 5 + 2 * points + (s[at + 4] != 0.0 ? 4 * points : 0);
  return size <= n - at ? (uint32_t)size : 0;
}

/* The source of ball or beam object i. */
static CgSource
source_of (uint32_t i)
{
  const double *r = core.scene + core.objects[i].at;
  CgSource s = { 0 };
  if (core.objects[i].kind == CAROM_CORE_BALL)
    {
      s.shape = CG_SOURCE_BALL;
      s.count = 1;
      s.center = vec_at (r, 1);
      s.radius = r[3];
      s.direction = vec_at (r, 4);
      s.max_bounces = (uint32_t)r[6];
      return s;
    }
  s.shape = r[1] == CAROM_CORE_PARALLEL ? CG_SOURCE_PARALLEL : CG_SOURCE_FAN;
  s.center = vec_at (r, 2);
  s.radius = r[4];
  s.direction = vec_at (r, 5);
  s.max_bounces = (uint32_t)r[7];
  s.count = (uint32_t)r[8];
  s.spread = r[9];
  s.end = vec_at (r, 10);
  return s;
}

/* Whether a polygon's record is one the scene reader could have made:
 * finite numbers in range, a valid boundary in its role's orientation. */
static bool
polygon_ok (const double *r)
{
  if (!(r[1] == CAROM_CORE_WALL || r[1] == CAROM_CORE_OBSTACLE))
    return false;
  size_t n = (size_t)r[3];
  bool curved = r[4] != 0.0;
  const CgVec2 *v = (const CgVec2 *)(r + 5);
  const CgCurveEdge *e = curved ? (const CgCurveEdge *)(r + 5 + 2 * n) : NULL;
  double area;
  if (curved)
    {
      CgCurveCheck check = cg_curve_validate (v, e, n, cg_curve_tolerance (v, e, n));
      if (check.status != CG_CURVE_OK)
        return false;
      area = cg_curve_signed_area (v, e, n);
    }
  else
    {
      CgPolygonCheck check = cg_polygon_validate (v, n);
      if (check.status != CG_POLYGON_OK)
        return false;
      area = cg_polygon_signed_area (v, n);
    }
  return r[1] == CAROM_CORE_WALL ? area < 0.0 : area > 0.0;
}

static bool
ball_ok (CgVec2 c, double radius, CgVec2 d, double max_bounces)
{
  return in_range (c.x) && in_range (c.y) && in_range (radius) && radius > 0.0 && isfinite (d.x)
         && isfinite (d.y) && (d.x != 0.0 || d.y != 0.0)
         && is_count (max_bounces, 0, (double)UINT32_MAX);
}

static bool
object_ok (const double *r, uint32_t kind)
{
  if (kind == CAROM_CORE_POLYGON)
    return polygon_ok (r);
  if (kind == CAROM_CORE_BALL)
    return ball_ok (vec_at (r, 1), r[3], vec_at (r, 4), r[6]);
  return (r[1] == CAROM_CORE_FAN || r[1] == CAROM_CORE_PARALLEL)
         && ball_ok (vec_at (r, 2), r[4], vec_at (r, 5), r[7]) && is_count (r[8], 1, MAX_BEAM_RAYS)
         && isfinite (r[9]) && in_range (r[10]) && in_range (r[11]);
}

/* Forgets the scene and its trace. */
static void
unload (void)
{
  cg_world_free (core.world);
  core.world = NULL;
  free (core.scene);
  free (core.objects);
  free (core.polygons);
  core.scene = NULL;
  core.objects = NULL;
  core.polygons = NULL;
  core.scene_n = core.n_objects = 0;
  core.n_polygons = 0;
  core.n_balls = core.n_hits = 0;
  core.cut = 0;
}

/* The largest radius of the scene's balls and beams (-1: none). */
static double
largest_radius (void)
{
  double largest = -1.0;
  for (uint32_t i = 0; i < core.n_objects; i++)
    if (core.objects[i].kind != CAROM_CORE_POLYGON)
      {
        CgSource s = source_of (i);
        largest = s.radius > largest ? s.radius : largest;
      }
  return largest;
}

EXPORT (carom_core_load)
int32_t
carom_core_load (uint32_t n)
{
  unload ();
  core.error_object = -1;
  const double *s = core.buffer;
  if (s == NULL || n < 2 || n > core.buffer_room || s[0] != CAROM_CORE_VERSION
      || !is_count (s[1], 0, (double)INT32_MAX))
    return CAROM_CORE_ERROR_FORMAT;
  uint32_t count = (uint32_t)s[1];
  core.scene = malloc ((size_t)n * sizeof (double));
  core.objects = malloc ((count > 0 ? count : 1) * sizeof (Object));
  core.polygons = malloc ((count > 0 ? count : 1) * sizeof (uint32_t));
  if (core.scene == NULL || core.objects == NULL || core.polygons == NULL)
    {
      unload ();
      return CAROM_CORE_ERROR_MEMORY;
    }
  memcpy (core.scene, s, (size_t)n * sizeof (double));
  core.scene_n = n;

  /* The objects: where each starts, each checked. */
  uint32_t at = 2;
  for (uint32_t i = 0; i < count; i++)
    {
      double kind = at < n ? s[at] : -1.0;
      uint32_t size = kind == CAROM_CORE_POLYGON ? polygon_size (s, at, n)
                      : kind == CAROM_CORE_BALL  ? CAROM_CORE_BALL_NUMBERS
                      : kind == CAROM_CORE_BEAM  ? CAROM_CORE_BEAM_NUMBERS
                                                 : 0;
      if (size == 0 || size > n - at)
        {
          unload ();
          core.error_object = (int32_t)i;
          return CAROM_CORE_ERROR_FORMAT;
        }
      core.objects[i] = (Object){ at, (uint32_t)kind };
      if (!object_ok (core.scene + at, (uint32_t)kind))
        {
          unload ();
          core.error_object = (int32_t)i;
          return CAROM_CORE_ERROR_INVALID;
        }
      at += size;
    }
  core.n_objects = count;

  /* The world: every polygon (the page leaves hidden ones out). */
  CgBoundaryRef *refs = malloc ((count > 0 ? count : 1) * sizeof *refs);
  if (refs == NULL)
    {
      unload ();
      return CAROM_CORE_ERROR_MEMORY;
    }
  for (uint32_t i = 0; i < count; i++)
    {
      if (core.objects[i].kind != CAROM_CORE_POLYGON)
        continue;
      const double *r = core.scene + core.objects[i].at;
      size_t points = (size_t)r[3];
      const CgVec2 *v = (const CgVec2 *)(r + 5);
      const CgCurveEdge *e = r[4] != 0.0 ? (const CgCurveEdge *)(r + 5 + 2 * points) : NULL;
      refs[core.n_polygons] = cg_scene_boundary (
          v, e, points, r[1] == CAROM_CORE_WALL ? CG_ROLE_WALL : CG_ROLE_OBSTACLE,
          r[2] == CAROM_CORE_REFLECT ? CG_ON_HIT_REFLECT : CG_ON_HIT_STOP);
      core.polygons[core.n_polygons++] = i;
    }
  core.world = cg_scene_world_new (refs, core.n_polygons, largest_radius ());
  free (refs);
  if (core.world == NULL)
    {
      unload ();
      return CAROM_CORE_ERROR_MEMORY;
    }
  return (int32_t)count;
}

EXPORT (carom_core_update)
int32_t
carom_core_update (uint32_t n)
{
  if (core.world == NULL)
    return CAROM_CORE_ERROR_NO_SCENE;
  core.error_object = -1;
  const double *s = core.buffer;
  if (s == NULL || n > core.buffer_room)
    return CAROM_CORE_ERROR_FORMAT;
  if (n != core.scene_n || s[0] != CAROM_CORE_VERSION || s[1] != core.n_objects)
    return CAROM_CORE_ERROR_CHANGED;
  /* The same layout: every object of the same kind and size at the same
   * place, the polygons the same to the bit. */
  for (uint32_t i = 0; i < core.n_objects; i++)
    {
      const Object *o = &core.objects[i];
      uint32_t end = i + 1 < core.n_objects ? core.objects[i + 1].at : core.scene_n;
      if (s[o->at] != o->kind
          || (o->kind == CAROM_CORE_POLYGON
              && memcmp (s + o->at, core.scene + o->at, (end - o->at) * sizeof (double)) != 0))
        return CAROM_CORE_ERROR_CHANGED;
    }
  for (uint32_t i = 0; i < core.n_objects; i++)
    if (core.objects[i].kind != CAROM_CORE_POLYGON
        && !object_ok (s + core.objects[i].at, core.objects[i].kind))
      {
        core.error_object = (int32_t)i;
        return CAROM_CORE_ERROR_INVALID;
      }
  memcpy (core.scene, s, (size_t)n * sizeof (double));
  core.n_balls = core.n_hits = 0;
  core.cut = 0;
  /* Casts of balls larger than the world was prepared for use its BVH: the
   * same hits (cg_world_prepare()). */
  return (int32_t)core.n_objects;
}

EXPORT (carom_core_error_object)
int32_t
carom_core_error_object (void)
{
  return core.error_object;
}

EXPORT (carom_core_object)
const double *
carom_core_object (uint32_t index)
{
  return index < core.n_objects ? core.scene + core.objects[index].at : NULL;
}

/* ---- tracing ---- */

/* Writes a hit's record. */
static void
pack_hit (double *h, const CgHit *hit)
{
  h[CAROM_CORE_HIT_INDEX] = hit->index;
  h[CAROM_CORE_HIT_POINT] = hit->point.x;
  h[CAROM_CORE_HIT_POINT + 1] = hit->point.y;
  h[CAROM_CORE_HIT_DISTANCE] = hit->distance;
  h[CAROM_CORE_HIT_NORMAL] = hit->normal.x;
  h[CAROM_CORE_HIT_NORMAL + 1] = hit->normal.y;
  h[CAROM_CORE_HIT_OBJECT] = core.polygons[hit->object];
  h[CAROM_CORE_HIT_ROLE] = hit->role == CG_ROLE_WALL ? CAROM_CORE_WALL : CAROM_CORE_OBSTACLE;
  h[CAROM_CORE_HIT_KIND] = hit->kind == CG_PRIM_SEGMENT ? CAROM_CORE_SEGMENT : CAROM_CORE_ARC;
  h[CAROM_CORE_HIT_PART] = hit->part;
  h[CAROM_CORE_HIT_ELEMENT] = hit->element;
  h[CAROM_CORE_HIT_REFLECTED] = hit->reflected ? 1.0 : 0.0;
  h[CAROM_CORE_HIT_IN] = hit->in.x;
  h[CAROM_CORE_HIT_IN + 1] = hit->in.y;
  h[CAROM_CORE_HIT_OUT] = hit->out.x;
  h[CAROM_CORE_HIT_OUT + 1] = hit->out.y;
  h[CAROM_CORE_HIT_FROM] = hit->from.x;
  h[CAROM_CORE_HIT_FROM + 1] = hit->from.y;
  h[CAROM_CORE_HIT_PRIM] = hit->prim;
  h[CAROM_CORE_HIT_NODES] = hit->stats.nodes_visited;
  h[CAROM_CORE_HIT_BOXES] = hit->stats.boxes_tested;
  h[CAROM_CORE_HIT_PRIMITIVES] = hit->stats.primitives_tested;
}

/* The sink of a ball's trace: each hit packed after the last (the room was
 * made for every hit the budget allows). */
static bool
hit_sink (const CgHit *hit, void *data)
{
  (void)data;
  pack_hit (core.hits + (size_t)core.n_hits * CAROM_CORE_HIT_STRIDE, hit);
  core.n_hits++;
  return true;
}

EXPORT (carom_core_trace)
int32_t
carom_core_trace (double max_bounces, double budget)
{
  core.n_balls = core.n_hits = 0;
  core.cut = 0;
  if (core.world == NULL)
    return CAROM_CORE_ERROR_NO_SCENE;
  if (!(budget >= 0.0) || !(max_bounces >= -1e300))
    return CAROM_CORE_ERROR_VALUE;
  int64_t override = max_bounces < 0.0                   ? -1
                     : max_bounces >= (double)UINT32_MAX ? (int64_t)UINT32_MAX
                                                         : (int64_t)max_bounces;
  uint64_t units = budget == 0.0    ? (uint64_t)CAROM_CORE_BUDGET_DEFAULT
                   : budget >= 1e18 ? (uint64_t)1e18
                                    : (uint64_t)budget;

  /* The plan: the balls and beams in document order. */
  uint32_t n_sources = 0;
  for (uint32_t i = 0; i < core.n_objects; i++)
    n_sources += core.objects[i].kind != CAROM_CORE_POLYGON;
  CgPlanEntry *entries = malloc ((n_sources > 0 ? n_sources : 1) * sizeof *entries);
  uint32_t *which = malloc ((n_sources > 0 ? n_sources : 1) * sizeof *which);
  if (entries == NULL || which == NULL)
    {
      free (entries);
      free (which);
      return CAROM_CORE_ERROR_MEMORY;
    }
  for (uint32_t i = 0, j = 0; i < core.n_objects; i++)
    if (core.objects[i].kind != CAROM_CORE_POLYGON)
      {
        CgSource s = source_of (i);
        entries[j] = (CgPlanEntry){ .rays = cg_source_rays (&s),
                                    .max_bounces = cg_source_max_bounces (&s, override) };
        which[j++] = i;
      }
  CgPlan plan;
  cg_plan_make (&plan, entries, n_sources, units);
  core.cut = plan.cut;

  /* Room for every ray traced and every hit the plan allows. */
  uint64_t rays = 0, most = 0, cut_so_far = 0;
  for (uint32_t j = 0; j < n_sources; j++)
    if (entries[j].traced)
      {
        rays += entries[j].rays;
        for (uint32_t k = 0; k < entries[j].rays; k++)
          {
            uint32_t allowed = cg_plan_ray_allowance (&plan, &entries[j], &cut_so_far);
            most += allowed < entries[j].max_bounces ? allowed : entries[j].max_bounces;
          }
      }
  size_t balls_room = core.balls_room;
  bool room = rays <= INT32_MAX && most <= UINT32_MAX
              && reserve (&core.balls, &balls_room, (size_t)rays * CAROM_CORE_BALL_STRIDE)
              && reserve (&core.hits, &core.hits_room, (size_t)most * CAROM_CORE_HIT_STRIDE);
  core.balls_room = (uint32_t)balls_room;
  if (!room)
    {
      free (entries);
      free (which);
      return CAROM_CORE_ERROR_MEMORY;
    }

  /* Each ball, each ray, in order, as `carom trace` streams them. */
  cut_so_far = 0;
  for (uint32_t j = 0; j < n_sources; j++)
    {
      if (!entries[j].traced)
        continue;
      CgSource s = source_of (which[j]);
      int overlaps = cg_source_start_overlaps (core.world, &s, false);
      for (uint32_t k = 0; k < entries[j].rays; k++)
        {
          uint32_t allowance = cg_plan_ray_allowance (&plan, &entries[j], &cut_so_far);
          CgVec2 start, direction;
          cg_source_ray (&s, k, &start, &direction);
          uint32_t first = core.n_hits;
          CgTrace t = { 0 };
          cg_scene_trace_ball (core.world, s.radius, start, direction, entries[j].max_bounces,
                               allowance, false, overlaps, hit_sink, NULL, &t);
          double *b = core.balls + (size_t)core.n_balls++ * CAROM_CORE_BALL_STRIDE;
          b[CAROM_CORE_BALL_OBJECT] = which[j];
          b[CAROM_CORE_BALL_RAY] = k;
          b[CAROM_CORE_BALL_START] = t.start.x;
          b[CAROM_CORE_BALL_START + 1] = t.start.y;
          b[CAROM_CORE_BALL_DIRECTION] = t.direction.x;
          b[CAROM_CORE_BALL_DIRECTION + 1] = t.direction.y;
          b[CAROM_CORE_BALL_RADIUS] = t.radius;
          b[CAROM_CORE_BALL_STATUS] = t.status;
          b[CAROM_CORE_BALL_N_HITS] = core.n_hits - first;
          b[CAROM_CORE_BALL_FIRST_HIT] = first;
          b[CAROM_CORE_BALL_END_DIRECTION] = t.end_direction.x;
          b[CAROM_CORE_BALL_END_DIRECTION + 1] = t.end_direction.y;
        }
    }
  free (entries);
  free (which);
  return (int32_t)core.n_balls;
}

EXPORT (carom_core_balls)
const double *
carom_core_balls (void)
{
  return core.balls;
}

EXPORT (carom_core_hits)
const double *
carom_core_hits (void)
{
  return core.hits;
}

EXPORT (carom_core_hit_count)
uint32_t
carom_core_hit_count (void)
{
  return core.n_hits;
}

EXPORT (carom_core_trace_cut)
int32_t
carom_core_trace_cut (void)
{
  return core.cut;
}

/* ---- moving balls ---- */

/* The record of ball or beam `object`, or NULL. */
static double *
source_record (uint32_t object)
{
  if (object >= core.n_objects || core.objects[object].kind == CAROM_CORE_POLYGON)
    return NULL;
  return core.scene + core.objects[object].at;
}

EXPORT (carom_core_set_start)
int32_t
carom_core_set_start (uint32_t object, double x, double y)
{
  double *r = source_record (object);
  if (r == NULL)
    return core.world == NULL ? CAROM_CORE_ERROR_NO_SCENE : CAROM_CORE_ERROR_OBJECT;
  if (!in_range (x) || !in_range (y))
    return CAROM_CORE_ERROR_VALUE;
  uint32_t at = core.objects[object].kind == CAROM_CORE_BALL ? 1 : 2;
  r[at] = x;
  r[at + 1] = y;
  return 0;
}

EXPORT (carom_core_set_end)
int32_t
carom_core_set_end (uint32_t object, double x, double y)
{
  double *r = source_record (object);
  if (r == NULL || core.objects[object].kind != CAROM_CORE_BEAM || r[1] != CAROM_CORE_PARALLEL)
    return core.world == NULL ? CAROM_CORE_ERROR_NO_SCENE : CAROM_CORE_ERROR_OBJECT;
  if (!in_range (x) || !in_range (y))
    return CAROM_CORE_ERROR_VALUE;
  r[10] = x;
  r[11] = y;
  return 0;
}

static double unit[2];

EXPORT (carom_core_unit_direction)
const double *
carom_core_unit_direction (double dx, double dy)
{
  CgVec2 d = { dx, dy };
  d = cg_is_valid_vec2 (d) ? cg_unit_direction (d) : (CgVec2){ 0.0, 0.0 };
  if (!cg_is_valid_vec2 (d))
    d = (CgVec2){ 0.0, 0.0 };
  unit[0] = d.x;
  unit[1] = d.y;
  return unit;
}

EXPORT (carom_core_set_direction)
int32_t
carom_core_set_direction (uint32_t object, double dx, double dy)
{
  double *r = source_record (object);
  if (r == NULL)
    return core.world == NULL ? CAROM_CORE_ERROR_NO_SCENE : CAROM_CORE_ERROR_OBJECT;
  CgVec2 d = { dx, dy };
  if (!cg_is_valid_vec2 (d) || (dx == 0.0 && dy == 0.0))
    return CAROM_CORE_ERROR_VALUE;
  /* As the scene reader takes carom:direction: a unit vector as given,
   * anything else normalised (cg_unit_direction()'s rule). */
  d = cg_unit_direction (d);
  if (!cg_is_valid_vec2 (d) || (d.x == 0.0 && d.y == 0.0))
    return CAROM_CORE_ERROR_VALUE;
  uint32_t at = core.objects[object].kind == CAROM_CORE_BALL ? 4 : 5;
  r[at] = d.x;
  r[at + 1] = d.y;
  return 0;
}

/* ---- explanations ---- */

/* Writes a primitive's record. */
static void
pack_primitive (double *p, uint32_t id, const CgPrimitive *prim)
{
  memset (p, 0, CAROM_CORE_PRIM_STRIDE * sizeof *p);
  p[CAROM_CORE_PRIM_ID] = id;
  p[CAROM_CORE_PRIM_KIND] = prim->kind == CG_PRIM_SEGMENT ? CAROM_CORE_SEGMENT : CAROM_CORE_ARC;
  p[CAROM_CORE_PRIM_PART] = prim->part;
  p[CAROM_CORE_PRIM_OBJECT] = core.polygons[prim->object];
  p[CAROM_CORE_PRIM_ELEMENT] = prim->element;
  p[CAROM_CORE_PRIM_INSIDE] = prim->inside;
  p[CAROM_CORE_PRIM_FULL] = prim->full;
  p[CAROM_CORE_PRIM_A] = prim->a.x;
  p[CAROM_CORE_PRIM_A + 1] = prim->a.y;
  p[CAROM_CORE_PRIM_B] = prim->b.x;
  p[CAROM_CORE_PRIM_B + 1] = prim->b.y;
  p[CAROM_CORE_PRIM_N] = prim->n.x;
  p[CAROM_CORE_PRIM_N + 1] = prim->n.y;
  p[CAROM_CORE_PRIM_Q] = prim->q.x;
  p[CAROM_CORE_PRIM_Q + 1] = prim->q.y;
  p[CAROM_CORE_PRIM_RHO] = prim->rho;
  p[CAROM_CORE_PRIM_U_FROM] = prim->u_from.x;
  p[CAROM_CORE_PRIM_U_FROM + 1] = prim->u_from.y;
  p[CAROM_CORE_PRIM_U_TO] = prim->u_to.x;
  p[CAROM_CORE_PRIM_U_TO + 1] = prim->u_to.y;
  p[CAROM_CORE_PRIM_SWEEP] = prim->sweep;
}

/* Writes a cast record. */
static void
pack_record (double *p, const CgCastRecord *rec)
{
  p[CAROM_CORE_REC_REJECT] = rec->reject;
  p[CAROM_CORE_REC_TOL] = rec->tol;
  p[CAROM_CORE_REC_T] = rec->t;
  p[CAROM_CORE_REC_POINT] = rec->point.x;
  p[CAROM_CORE_REC_POINT + 1] = rec->point.y;
  p[CAROM_CORE_REC_NORMAL] = rec->normal.x;
  p[CAROM_CORE_REC_NORMAL + 1] = rec->normal.y;
  p[CAROM_CORE_REC_D_DOT_N] = rec->d_dot_n;
  p[CAROM_CORE_REC_H] = rec->h;
  p[CAROM_CORE_REC_S] = rec->s;
  p[CAROM_CORE_REC_SIDE_A] = rec->side_a;
  p[CAROM_CORE_REC_SIDE_B] = rec->side_b;
  p[CAROM_CORE_REC_M] = rec->m.x;
  p[CAROM_CORE_REC_M + 1] = rec->m.y;
  p[CAROM_CORE_REC_B] = rec->b;
  p[CAROM_CORE_REC_CC] = rec->cc;
  p[CAROM_CORE_REC_DISC] = rec->disc;
  p[CAROM_CORE_REC_T0] = rec->t0;
  p[CAROM_CORE_REC_T1] = rec->t1;
  p[CAROM_CORE_REC_LARGER_ROOT] = rec->larger_root ? 1.0 : 0.0;
  p[CAROM_CORE_REC_SWEEP_FROM] = rec->sweep_from;
  p[CAROM_CORE_REC_SWEEP_TO] = rec->sweep_to;
  p[CAROM_CORE_REC_PHI] = rec->phi;
  p[CAROM_CORE_REC_SWEEP] = rec->sweep;
}

/* The radius R of the arc edge a primitive is the offset of, else 0. */
static double
edge_radius (const CgPrimitive *p)
{
  if (p->kind != CG_PRIM_ARC || p->part != CG_PART_EDGE)
    return 0.0;
  const double *r = core.scene + core.objects[core.polygons[p->object]].at;
  size_t n = (size_t)r[3];
  if (r[4] == 0.0 || p->element >= n)
    return 0.0;
  return r[5 + 2 * n + 4 * (size_t)p->element + 2];
}

#define EXPLAIN_ENTRY (CAROM_CORE_PRIM_STRIDE + CAROM_CORE_REC_STRIDE)

EXPORT (carom_core_explain)
int32_t
carom_core_explain (uint32_t ball, uint32_t hit)
{
  if (core.world == NULL)
    return CAROM_CORE_ERROR_NO_SCENE;
  if (ball >= core.n_balls)
    return CAROM_CORE_ERROR_OBJECT;
  const double *b = core.balls + (size_t)ball * CAROM_CORE_BALL_STRIDE;
  if (hit < 1 || hit > (uint32_t)b[CAROM_CORE_BALL_N_HITS])
    return CAROM_CORE_ERROR_OBJECT;
  const double *h
      = core.hits + ((size_t)b[CAROM_CORE_BALL_FIRST_HIT] + hit - 1) * CAROM_CORE_HIT_STRIDE;
  /* The cast as the tracer made it (carom_explain_hit()): from the point
   * before, along the direction before, the primitive just reflected off
   * excluded. */
  CgVec2 c = vec_at (h, CAROM_CORE_HIT_FROM), d = vec_at (h, CAROM_CORE_HIT_IN);
  double radius = b[CAROM_CORE_BALL_RADIUS];
  int64_t exclude = hit > 1 ? (int64_t)h[CAROM_CORE_HIT_PRIM - CAROM_CORE_HIT_STRIDE] : -1;
  CgWorldHit result;
  CgTested *tested = NULL;
  size_t n_tested = 0;
  if (!cg_world_explain_cast (core.world, c, d, radius, exclude, &result, &tested, &n_tested))
    return CAROM_CORE_ERROR_MEMORY;
  CgPrimitive prim;
  if (!result.hit || !cg_world_primitive (core.world, result.prim, radius, &prim))
    {
      free (tested);
      return CAROM_CORE_ERROR_OBJECT;
    }
  uint32_t *order = malloc ((n_tested > 0 ? n_tested : 1) * sizeof *order);
  if (order == NULL
      || !reserve (&core.explanation, &core.explanation_room,
                   CAROM_CORE_EXPLAIN_HEADER + (n_tested + 1) * EXPLAIN_ENTRY))
    {
      free (order);
      free (tested);
      return CAROM_CORE_ERROR_MEMORY;
    }
  size_t n_rejected = cg_scene_rank_rejected (tested, n_tested, c, order);

  double *e = core.explanation;
  e[CAROM_CORE_EXPLAIN_C] = c.x;
  e[CAROM_CORE_EXPLAIN_C + 1] = c.y;
  e[CAROM_CORE_EXPLAIN_D] = d.x;
  e[CAROM_CORE_EXPLAIN_D + 1] = d.y;
  e[CAROM_CORE_EXPLAIN_RADIUS] = radius;
  e[CAROM_CORE_EXPLAIN_EDGE_RADIUS] = edge_radius (&prim);
  e[CAROM_CORE_EXPLAIN_EXCLUDE] = (double)exclude;
  e[CAROM_CORE_EXPLAIN_NODES] = result.stats.nodes_visited;
  e[CAROM_CORE_EXPLAIN_BOXES] = result.stats.boxes_tested;
  e[CAROM_CORE_EXPLAIN_PRIMITIVES] = result.stats.primitives_tested;
  e[CAROM_CORE_EXPLAIN_N_PRIMITIVES] = (double)cg_world_primitive_total (core.world, radius);
  e[CAROM_CORE_EXPLAIN_N_TESTED] = (double)n_tested;
  e[CAROM_CORE_EXPLAIN_N_REJECTED] = (double)n_rejected;
  double *p = e + CAROM_CORE_EXPLAIN_HEADER;
  pack_primitive (p, result.prim, &prim);
  pack_record (p + CAROM_CORE_PRIM_STRIDE, &result.rec);
  for (size_t i = 0; i < n_rejected; i++)
    {
      const CgTested *t = &tested[order[i]];
      p += EXPLAIN_ENTRY;
      pack_primitive (p, t->prim, &t->p);
      pack_record (p + CAROM_CORE_PRIM_STRIDE, &t->rec);
    }
  free (order);
  free (tested);
  return (int32_t)n_rejected;
}

EXPORT (carom_core_explanation)
const double *
carom_core_explanation (void)
{
  return core.explanation;
}
