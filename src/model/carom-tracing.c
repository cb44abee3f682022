/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-tracing.c: traces every ball of a scene. */
#include "carom-tracing.h"

#include <string.h>

void
cm_scene_trace_free (CmSceneTrace *trace)
{
  if (trace == NULL)
    return;
  for (guint i = 0; trace->balls != NULL && i < trace->balls->len; i++)
    cg_trace_clear (&g_array_index (trace->balls, CaromBallTrace, i).trace);
  g_clear_pointer (&trace->balls, g_array_unref);
  g_clear_pointer (&trace->slots, g_array_unref);
  g_clear_pointer (&trace->world, cg_world_free);
  g_clear_pointer (&trace->rays, g_ptr_array_unref);
  g_clear_pointer (&trace->polygons, g_ptr_array_unref);
  g_clear_pointer (&trace->hit_blocks, carom_hit_blocks_free);
  g_clear_pointer (&trace->plan, carom_trace_plan_free);
  g_free (trace->options);
  g_free (trace);
}

/* What a sink reports as it goes: hits to the progress counter, and
 * whether the trace was cancelled. */
typedef struct
{
  gint *cancel;
  gsize *progress;
  gsize unreported; /* hits not yet added to progress */
  gboolean cancelled;
} Watch;

/* Hits between two looks at the cancel flag and two progress reports. */
#define REPORT_EVERY 4096

/* Counts a hit; FALSE when the trace is to stop (cancelled). */
static gboolean
watch_hit (Watch *w)
{
  if (++w->unreported < REPORT_EVERY)
    return TRUE;
  if (w->progress != NULL)
    g_atomic_pointer_add (w->progress, w->unreported);
  w->unreported = 0;
  if (w->cancel != NULL && g_atomic_int_get (w->cancel))
    w->cancelled = TRUE;
  return !w->cancelled;
}

/* Reports the hits not reported yet (a ball's end). */
static void
watch_flush (Watch *w)
{
  if (w->progress != NULL && w->unreported != 0)
    g_atomic_pointer_add (w->progress, w->unreported);
  w->unreported = 0;
}

/* The sink of a ball's trace: hits into the block's room, or into memory of
 * the trace's own (growing up to `limit`, the budget's allowance, which
 * cg_scene_trace_ball() keeps to) when the ball may make more than a block
 * holds; none once the trace is cancelled. */
typedef struct
{
  CgTrace *out;
  gsize capacity; /* 0: the room is the block's, big enough */
  guint32 limit;
  Watch watch;
  gboolean failed;
} BallSink;

static bool
ball_sink (const CgHit *hit, void *data)
{
  BallSink *s = data;
  CgTrace *out = s->out;
  if (s->capacity != 0 && out->n_hits == s->capacity)
    {
      gsize grown = MIN (2 * s->capacity, (gsize)s->limit);
      CgHit *hits = g_try_renew (CgHit, out->hits, grown);
      if (hits == NULL)
        {
          s->failed = TRUE;
          return false;
        }
      out->hits = hits;
      s->capacity = grown;
    }
  out->hits[out->n_hits++] = *hit;
  return watch_hit (&s->watch);
}

/* Traces one ball into bt->trace within its allowance: its hits in the
 * trace's blocks at cursor, or, for a ball of more hits than a block holds,
 * in memory of their own. Returns FALSE when memory runs out; *cancelled
 * says the trace was cut because it was cancelled. */
static gboolean
run_ball (const CmSceneTrace *trace, CaromBallTrace *bt, CaromHitCursor *cursor,
          gboolean *cancelled)
{
  const CmObject *ball = bt->ball;
  const CaromTraceOptions *o = trace->options;
  CgSource source = cm_object_source (ball);
  guint32 max_bounces = cg_source_max_bounces (&source, o->max_bounces_override);
  BallSink sink = { .out = &bt->trace,
                    .limit = bt->allowance,
                    .watch = { o->cancel, o->progress, 0, FALSE } };
  memset (&bt->trace, 0, sizeof bt->trace);
  if (o->cancel != NULL && g_atomic_int_get (o->cancel))
    {
      /* Not started: a ball with no hits, cut where it stands. */
      cg_scene_trace_untraced (&bt->trace, CG_TRACE_BUDGET, ball->center, ball->direction,
                               bt->radius);
      *cancelled = TRUE;
      return TRUE;
    }
  /* A trace makes at most max_bounces hits, and this one at most limit. */
  gsize most = MIN ((gsize)max_bounces, (gsize)bt->allowance);
  if (most + 1 >= CAROM_HIT_BLOCK_HITS)
    {
      sink.capacity = 1024;
      bt->trace.hits = g_try_new (CgHit, sink.capacity);
      if (bt->trace.hits == NULL)
        return FALSE;
    }
  else
    {
      bt->trace.hits = carom_hit_blocks_room (trace->hit_blocks, cursor, most + 1);
      if (bt->trace.hits == NULL)
        return FALSE;
      bt->trace.hits_borrowed = TRUE;
    }
  gboolean borrowed = bt->trace.hits_borrowed;
  cg_scene_trace_ball (bt->world, bt->radius, ball->center, ball->direction, max_bounces,
                       bt->allowance, o->brute_force, bt->start_overlaps, ball_sink, &sink,
                       &bt->trace);
  if (borrowed)
    carom_hit_blocks_keep (cursor, bt->trace.n_hits);
  watch_flush (&sink.watch);
  if (sink.failed)
    return FALSE;
  if (sink.watch.cancelled)
    *cancelled = TRUE;
  return TRUE;
}

/* The sink of a streamed ball: each hit to the caller, kept only until the
 * next (the one before is what an explanation needs). */
typedef struct
{
  const CaromTraceStream *funcs;
  gpointer data;
  const CmSceneTrace *trace;
  CaromBallTrace *bt;
  CgHit prev;
  Watch watch;
  gboolean failed;
} StreamSink;

static bool
stream_sink (const CgHit *hit, void *data)
{
  StreamSink *s = data;
  CgTrace *out = &s->bt->trace;
  if (!s->funcs->hit (s->trace, s->bt, hit, out->n_hits > 0 ? &s->prev : NULL, s->data))
    {
      s->failed = TRUE;
      return false;
    }
  s->prev = *hit;
  out->n_hits++;
  return watch_hit (&s->watch);
}

/* Streams one ball (ray k of source): begin, its hits, end. FALSE when the
 * caller stopped it. */
static gboolean
stream_ball (StreamSink *s, CaromBallTrace *bt, const CgSource *source)
{
  const CaromTraceOptions *o = s->trace->options;
  const CmObject *ball = bt->ball;
  guint32 max_bounces = cg_source_max_bounces (source, o->max_bounces_override);
  s->bt = bt;
  memset (&bt->trace, 0, sizeof bt->trace);
  cg_scene_trace_untraced (&bt->trace,
                           s->watch.cancelled || (bt->allowance == 0 && max_bounces > 0)
                               ? CG_TRACE_BUDGET
                               : CG_TRACE_RUNNING,
                           ball->center, ball->direction, bt->radius);
  if (bt->trace.status == CG_TRACE_RUNNING)
    {
      /* The start and direction as the tracer takes them, for begin. */
      CgTracer t;
      cg_tracer_start (&t, bt->world, bt->radius, ball->center, ball->direction, max_bounces,
                       o->brute_force, 0);
      bt->trace.direction = t.dir;
    }
  if (!s->funcs->begin (s->trace, bt, s->data))
    return FALSE;
  if (bt->trace.status == CG_TRACE_RUNNING)
    cg_scene_trace_ball (bt->world, bt->radius, ball->center, ball->direction, max_bounces,
                         bt->allowance, o->brute_force, bt->start_overlaps, stream_sink, s,
                         &bt->trace);
  watch_flush (&s->watch);
  if (s->failed)
    return FALSE;
  return s->funcs->end (s->trace, bt, s->data);
}

/* What carom_parallel_for() shares between its threads. */
typedef struct
{
  guint n;
  guint chunk;  /* indices taken at a time */
  gint next;    /* the next index to take */
  gint workers; /* the threads that took part so far */
  void (*func) (guint i, guint worker, gpointer data);
  gpointer data;
} ParallelFor;

static gpointer
parallel_worker (gpointer data)
{
  ParallelFor *p = data;
  guint worker = (guint)g_atomic_int_add (&p->workers, 1);
  for (;;)
    {
      guint i = (guint)g_atomic_int_add (&p->next, (gint)p->chunk);
      if (i >= p->n)
        break;
      for (guint end = MIN (i + p->chunk, p->n); i < end; i++)
        p->func (i, worker, p->data);
    }
  return NULL;
}

/* The most threads carom_parallel_for() starts besides the caller's. */
#define MAX_THREADS 64

/* carom_parallel_for() telling func which of its threads calls it (worker
 * is in [0, MAX_THREADS], the same for every call made on one thread), each
 * thread taking chunk indices in a row at a time. */
static void
parallel_for_workers (guint n, guint n_threads, guint chunk,
                      void (*func) (guint i, guint worker, gpointer data), gpointer data)
{
  if (n_threads == 0)
    n_threads = g_get_num_processors ();
  n_threads = MIN (MAX (n_threads, 1), MAX (n, 1));
  ParallelFor p
      = { .n = n, .chunk = MAX (chunk, 1), .next = 0, .workers = 0, .func = func, .data = data };
  g_return_if_fail (n <= G_MAXINT - p.chunk);
  GThread *threads[MAX_THREADS];
  guint started = 0;
  for (guint t = 1; t < MIN (n_threads, MAX_THREADS + 1); t++)
    {
      /* A thread that cannot start leaves its share to the others. */
      threads[started] = g_thread_try_new ("carom-trace", parallel_worker, &p, NULL);
      if (threads[started] != NULL)
        started++;
    }
  parallel_worker (&p);
  for (guint t = 0; t < started; t++)
    g_thread_join (threads[t]);
}

/* carom_parallel_for()'s func and data, for parallel_for_workers(). */
typedef struct
{
  void (*func) (guint i, gpointer data);
  gpointer data;
} PlainFor;

static void
plain_for (guint i, guint worker, gpointer data)
{
  (void)worker;
  PlainFor *f = data;
  f->func (i, f->data);
}

void
carom_parallel_for (guint n, guint n_threads, void (*func) (guint i, gpointer data), gpointer data)
{
  PlainFor f = { func, data };
  parallel_for_workers (n, n_threads, 1, plain_for, &f);
}

/* What trace_one() needs: the trace, whether a ball ran out of memory, and
 * each thread's place in the hit blocks. */
typedef struct
{
  const CmSceneTrace *trace;
  gint failed;
  gint cancelled;
  CaromHitCursor cursors[MAX_THREADS + 1];
} TraceAll;

static void
trace_one (guint i, guint worker, gpointer data)
{
  TraceAll *all = data;
  CaromBallTrace *bt = &g_array_index (all->trace->balls, CaromBallTrace, i);
  gboolean cancelled = FALSE;
  if (!run_ball (all->trace, bt, &all->cursors[worker], &cancelled))
    g_atomic_int_set (&all->failed, 1);
  if (cancelled)
    g_atomic_int_set (&all->cancelled, 1);
}

/* The balls a thread takes at a time: neighbours in balls, whose traces
 * share cache lines, are then mostly written by the same thread. */
#define BALLS_AT_A_TIME 8

/* Traces every ball (each into its own slot), sharing them between the
 * trace's threads when there are enough. Every ball is traced: the hits of
 * the trace before, if any, are forgotten. */
static gboolean
run_all_balls (CmSceneTrace *trace)
{
  guint n = trace->balls->len;
  guint threads = trace->n_threads != 0 ? trace->n_threads : g_get_num_processors ();
  threads = MIN (threads, MAX (n / CAROM_TRACE_BALLS_PER_THREAD, 1));
  carom_hit_blocks_reset (trace->hit_blocks);
  TraceAll all = { .trace = trace, .failed = 0 };
  parallel_for_workers (n, threads, BALLS_AT_A_TIME, trace_one, &all);
  trace->cancelled = g_atomic_int_get (&all.cancelled);
  trace->n_hits = 0;
  for (guint b = 0; b < n; b++)
    trace->n_hits += g_array_index (trace->balls, CaromBallTrace, b).trace.n_hits;
  return !g_atomic_int_get (&all.failed);
}

/* Gives every ball its allowance from the plan, rays in trace order. */
static void
assign_allowances (CmSceneTrace *trace)
{
  guint64 cut = 0;
  for (guint b = 0; b < trace->balls->len; b++)
    {
      CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, b);
      const CaromBudgetObject *o = carom_trace_plan_object (trace->plan, bt->index);
      bt->allowance = o != NULL ? carom_trace_plan_ray_allowance (trace->plan, o, &cut) : 0;
    }
}

CmSceneTrace *
cm_scene_trace (const CmScene *scene, gint64 max_bounces_override, gboolean brute_force)
{
  return cm_scene_trace_with_threads (scene, max_bounces_override, brute_force, 0);
}

CmSceneTrace *
cm_scene_trace_with_threads (const CmScene *scene, gint64 max_bounces_override,
                             gboolean brute_force, guint n_threads)
{
  CaromTraceOptions options = CAROM_TRACE_OPTIONS_INIT;
  options.max_bounces_override = max_bounces_override;
  options.brute_force = brute_force;
  options.n_threads = n_threads;
  return cm_scene_trace_full (scene, &options);
}

/* A beam's ray k as a ball the trace owns (cg_source_ray()): the ball
 * `BEAMID#k` written into the scene would be made the same way. */
static CmObject *
new_ray (const CmObject *beam, guint k)
{
  CgSource source = cm_object_source (beam);
  CgVec2 start, direction;
  cg_source_ray (&source, k, &start, &direction);
  g_autofree char *id = g_strdup_printf ("%s#%u", beam->id != NULL ? beam->id : "", k);
  CmObject *ray = cm_object_new_ball (id, start, beam->radius, direction, beam->max_bounces);
  ray->direction = direction; /* already a unit vector: not normalised again */
  return ray;
}

/* Makes the ball of every beam ray whose slot has none (data: the trace). */
static gpointer
make_rays (gpointer data)
{
  CmSceneTrace *trace = data;
  for (guint b = 0; b < trace->balls->len; b++)
    {
      CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, b);
      if (bt->ball == NULL)
        bt->ball = trace->rays->pdata[b] = new_ray (bt->source, bt->ray);
    }
  return NULL;
}

/* The fewest beam rays worth a thread that makes them while the worlds are
 * built (10^4 rays take about 7 ms, a world of 10^4 obstacles 10 ms). */
#define RAYS_PER_THREAD 256

/* Builds the world and points every ball trace at it; casts of balls up to
 * the largest radius may walk its grid. */
static gboolean
build_world (CmSceneTrace *trace, GArray *refs)
{
  double largest = -1.0; /* no ball: the world is not prepared */
  for (guint b = 0; b < trace->balls->len; b++)
    {
      CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, b);
      /* The source's: a beam's rays may not be made yet (make_rays()). */
      bt->radius = bt->source->radius;
      largest = MAX (largest, bt->radius);
    }
  trace->world = cg_scene_world_new ((const CgBoundaryRef *)refs->data, refs->len, largest);
  if (trace->world == NULL)
    return FALSE;
  for (guint b = 0; b < trace->balls->len; b++)
    g_array_index (trace->balls, CaromBallTrace, b).world = trace->world;
  return TRUE;
}

/* The rays of a fan start at one point: whether a ball there starts
 * overlapping is found once (cg_source_start_overlaps()) and given to every
 * ray (start_overlaps, -1 elsewhere: found by each ball's trace). */
static void
check_shared_starts (CmSceneTrace *trace)
{
  for (guint b = 0; b < trace->balls->len; b++)
    {
      CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, b);
      if (bt->ray > 0)
        bt->start_overlaps = (bt - bt->ray)->start_overlaps;
      else if (bt->world == NULL || bt->source->kind != CM_OBJECT_BEAM)
        bt->start_overlaps = -1;
      else
        {
          CgSource source = cm_object_source (bt->source);
          bt->start_overlaps = cg_source_start_overlaps (bt->world, &source, trace->brute_force);
        }
    }
}

/* A scene trace with its options, plan and slots, no balls yet. */
static CmSceneTrace *
trace_new (const CmScene *scene, const CaromTraceOptions *options)
{
  CmSceneTrace *trace = g_new0 (CmSceneTrace, 1);
  trace->polygons = g_ptr_array_new ();
  trace->balls = g_array_new (FALSE, TRUE, sizeof (CaromBallTrace));
  trace->rays = g_ptr_array_new_with_free_func ((GDestroyNotify)cm_object_free);
  trace->slots = g_array_sized_new (FALSE, FALSE, sizeof (gint), scene->objects->len);
  g_array_set_size (trace->slots, scene->objects->len);
  trace->max_bounces_override = options->max_bounces_override;
  trace->brute_force = options->brute_force;
  trace->n_threads = options->n_threads;
  trace->hit_blocks = carom_hit_blocks_new ();
  trace->options = g_memdup2 (options, sizeof *options);
  if (trace->options->budget == 0)
    trace->options->budget = CAROM_BUDGET_WINDOW_DEFAULT;
  trace->plan = carom_trace_plan_new (scene, options->max_bounces_override, trace->options->budget);
  return trace;
}

/* Gives every traced polygon its world index (in slots and polygons) and
 * returns their boundaries for the world. */
static GArray *
collect_polygons (CmSceneTrace *trace, const CmScene *scene)
{
  GArray *refs = g_array_new (FALSE, FALSE, sizeof (CgBoundaryRef));
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *object = g_ptr_array_index (scene->objects, i);
      g_array_index (trace->slots, gint, i) = -1;
      if (object->kind != CM_OBJECT_POLYGON || object->hidden)
        continue;
      g_array_index (trace->slots, gint, i) = (gint)trace->polygons->len;
      CgBoundaryRef ref = cg_scene_boundary (object->points, object->edges, object->n_points,
                                             object->role, object->on_hit);
      g_array_append_val (refs, ref);
      g_ptr_array_add (trace->polygons, (gpointer)object);
    }
  return refs;
}

gboolean
cm_scene_trace_stream (const CmScene *scene, const CaromTraceOptions *options,
                       const CaromTraceStream *funcs, gpointer data, CaromTracePlan **plan)
{
  g_return_val_if_fail (scene != NULL && options != NULL && funcs != NULL, FALSE);
  g_autoptr (CmSceneTrace) trace = trace_new (scene, options);
  g_autoptr (GArray) refs = collect_polygons (trace, scene);
  double largest = -1.0; /* no ball: the world is not prepared */
  for (guint i = 0; i < trace->plan->objects->len; i++)
    {
      const CaromBudgetObject *o = &g_array_index (trace->plan->objects, CaromBudgetObject, i);
      const CmObject *object = g_ptr_array_index (scene->objects, o->index);
      if (o->traced)
        largest = MAX (largest, object->radius);
    }
  trace->world = cg_scene_world_new ((const CgBoundaryRef *)refs->data, refs->len, largest);
  if (trace->world == NULL)
    return FALSE;

  /* Each ball, each ray, one after the other: the hits go to the caller
   * as they are found and are not kept. */
  StreamSink sink = { .funcs = funcs,
                      .data = data,
                      .trace = trace,
                      .watch = { options->cancel, options->progress, 0, FALSE } };
  guint64 cut = 0;
  gboolean ok = TRUE;
  for (guint i = 0; ok && i < trace->plan->objects->len; i++)
    {
      const CaromBudgetObject *o = &g_array_index (trace->plan->objects, CaromBudgetObject, i);
      if (!o->traced)
        continue;
      const CmObject *object = g_ptr_array_index (scene->objects, o->index);
      CgSource source = cm_object_source (object);
      int overlaps = cg_source_start_overlaps (trace->world, &source, options->brute_force);
      for (guint k = 0; ok && k < o->rays; k++)
        {
          g_autoptr (CmObject) ray = object->kind == CM_OBJECT_BEAM ? new_ray (object, k) : NULL;
          CaromBallTrace bt = {
            .ball = ray != NULL ? ray : object,
            .source = object,
            .ray = k,
            .index = o->index,
            .world = trace->world,
            .radius = object->radius,
            .start_overlaps = overlaps,
            .allowance = carom_trace_plan_ray_allowance (trace->plan, o, &cut),
          };
          ok = stream_ball (&sink, &bt, &source);
          trace->n_hits += bt.trace.n_hits;
        }
    }
  if (sink.watch.cancelled)
    trace->cancelled = TRUE;
  if (plan != NULL)
    *plan = g_steal_pointer (&trace->plan);
  return ok;
}

CmSceneTrace *
cm_scene_trace_full (const CmScene *scene, const CaromTraceOptions *options)
{
  g_return_val_if_fail (scene != NULL && options != NULL, NULL);
  guint n_threads = options->n_threads;

  g_autoptr (CmSceneTrace) trace = trace_new (scene, options);

  g_autoptr (GArray) refs = collect_polygons (trace, scene);
  /* The balls' slots; a beam's rays get theirs (ball NULL) and their balls
   * below. */
  guint n_balls = 0, n_rays = 0;
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *object = g_ptr_array_index (scene->objects, i);
      const CaromBudgetObject *planned = carom_trace_plan_object (trace->plan, i);
      if (planned == NULL || !planned->traced
          || (options->untraced && object->kind == CM_OBJECT_BEAM))
        continue; /* hidden, a beam of no ray (never read or made), or over the budget */
      g_array_index (trace->slots, gint, i) = -2 - (gint)n_balls;
      guint n = object->kind == CM_OBJECT_BEAM ? object->count : 1;
      n_balls += n;
      n_rays += object->kind == CM_OBJECT_BEAM ? n : 0;
    }
  g_array_set_size (trace->balls, n_balls);
  g_ptr_array_set_size (trace->rays, n_balls);
  for (guint i = 0, b = 0; i < scene->objects->len; i++)
    {
      gint slot = g_array_index (trace->slots, gint, i);
      if (slot > -2)
        continue;
      const CmObject *object = g_ptr_array_index (scene->objects, i);
      guint n = object->kind == CM_OBJECT_BEAM ? object->count : 1;
      for (guint k = 0; k < n; k++, b++)
        g_array_index (trace->balls, CaromBallTrace, b) = (CaromBallTrace){
          .ball = object->kind == CM_OBJECT_BEAM ? NULL : object,
          .source = object,
          .ray = k,
          .index = i,
        };
    }
  /* Many rays are made on a thread of their own while the worlds are built
   * (each side writes other fields of the slots). */
  guint threads = n_threads != 0 ? n_threads : g_get_num_processors ();
  GThread *maker = threads > 1 && n_rays >= RAYS_PER_THREAD
                       ? g_thread_try_new ("carom-rays", make_rays, trace, NULL)
                       : NULL;
  if (maker == NULL)
    make_rays (trace);
  gboolean attached = build_world (trace, refs);
  if (maker != NULL)
    g_thread_join (maker);
  if (!attached)
    return NULL;
  check_shared_starts (trace);
  assign_allowances (trace);
  if (options->untraced)
    {
      for (guint b = 0; b < trace->balls->len; b++)
        {
          CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, b);
          cg_scene_trace_untraced (&bt->trace, CG_TRACE_RUNNING, bt->ball->center,
                                   bt->ball->direction, bt->radius);
        }
    }
  /* The worlds are complete: from here on they are only read. */
  else if (!run_all_balls (trace))
    return NULL;
  /* The cancel flag and the progress counter are the caller's, for this
   * trace only. */
  trace->options->cancel = NULL;
  trace->options->progress = NULL;
  return g_steal_pointer (&trace);
}

gboolean
cm_scene_trace_object_balls (const CmSceneTrace *trace, guint index, guint *first, guint *n)
{
  g_return_val_if_fail (trace != NULL, FALSE);
  if (index >= trace->slots->len)
    return FALSE;
  gint slot = g_array_index (trace->slots, gint, index);
  if (slot > -2)
    return FALSE;
  guint b = (guint)(-2 - slot);
  const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, b);
  *first = b;
  *n = bt->source->kind == CM_OBJECT_BEAM ? bt->source->count : 1;
  return TRUE;
}

gint
cm_scene_trace_find_ball (const CmSceneTrace *trace, const char *id)
{
  g_return_val_if_fail (trace != NULL && id != NULL, -1);
  for (guint b = 0; b < trace->balls->len; b++)
    {
      const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, b);
      if (g_strcmp0 (bt->ball->id, id) == 0)
        return (gint)b;
    }
  return -1;
}

GArray *
cm_scene_trace_balls_named (const CmSceneTrace *trace, const char *id)
{
  g_return_val_if_fail (trace != NULL, NULL);
  GArray *balls = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < trace->balls->len; i++)
    {
      const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, i);
      if (id == NULL || g_strcmp0 (bt->ball->id, id) == 0
          || (bt->source != bt->ball && g_strcmp0 (bt->source->id, id) == 0))
        g_array_append_val (balls, i);
    }
  return balls;
}

const CmObject *
cm_scene_trace_polygon (const CmSceneTrace *trace, guint index)
{
  g_return_val_if_fail (index < trace->polygons->len, NULL);
  return g_ptr_array_index (trace->polygons, index);
}

gboolean
cm_scene_trace_update (CmSceneTrace *trace, const CmScene *scene, const guint *indices, guint n,
                       GArray *updated)
{
  g_return_val_if_fail (trace != NULL && scene != NULL, FALSE);
  if (trace->slots->len != scene->objects->len)
    return FALSE;
  for (guint j = 0; j < n; j++)
    {
      guint index = indices[j];
      if (index >= scene->objects->len)
        return FALSE;
      const CmObject *object = g_ptr_array_index (scene->objects, index);
      gint slot = g_array_index (trace->slots, gint, index);
      if (slot == -1 || object->hidden)
        return FALSE;
      if (slot >= 0)
        {
          guint k = (guint)slot;
          CgBoundaryRef was = cg_world_boundary (trace->world, k);
          CgOnHit on_hit = object->on_hit == CG_ON_HIT_REFLECT ? CG_ON_HIT_REFLECT : CG_ON_HIT_STOP;
          if (object->kind != CM_OBJECT_POLYGON || was.role != object->role
              || (object->role == CG_ROLE_OBSTACLE && was.on_hit != on_hit)
              || !cg_world_update (trace->world, k, object->points, object->edges,
                                   object->n_points))
            return FALSE;
          trace->polygons->pdata[k] = (gpointer)object;
          if (updated != NULL)
            g_array_append_val (updated, k);
        }
      else
        {
          /* The ball's world says which radius it had: the version the trace
           * saw may be gone (a drag frees the versions in between). */
          guint first = (guint)(-2 - slot);
          const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, first);
          /* A beam keeps its slot's rays only with as many of them. */
          guint rays = 1;
          for (guint b = first + 1;
               b < trace->balls->len
               && g_array_index (trace->balls, CaromBallTrace, b).index == bt->index;
               b++)
            rays++;
          gboolean beam = g_ptr_array_index (trace->rays, first) != NULL;
          double radius = bt->radius;
          if (object->kind != (beam ? CM_OBJECT_BEAM : CM_OBJECT_BALL) || object->radius != radius
              || (beam && object->count != rays))
            return FALSE;
          for (guint k = 0; beam && k < rays; k++)
            {
              CmObject *ray = new_ray (object, k);
              g_ptr_array_index (trace->rays, first + k) = ray; /* the old one is freed below */
              cm_object_free ((CmObject *)bt[k].ball);
              ((CaromBallTrace *)bt)[k].ball = ray;
            }
        }
    }
  /* Every ball from its current version (any of them may have been replaced),
   * traced once. */
  for (guint b = 0; b < trace->balls->len; b++)
    {
      CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, b);
      bt->source = g_ptr_array_index (scene->objects, bt->index);
      if (g_ptr_array_index (trace->rays, b) == NULL)
        bt->ball = bt->source;
      cg_trace_clear (&bt->trace);
    }
  /* The budget may be shared otherwise now (a ball's max bounces changed),
   * but the same objects must be traced. */
  g_autoptr (CaromTracePlan) plan
      = carom_trace_plan_new (scene, trace->options->max_bounces_override, trace->options->budget);
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CaromBudgetObject *o = carom_trace_plan_object (plan, i);
      gboolean traced = o != NULL && o->traced;
      if (traced != (g_array_index (trace->slots, gint, i) <= -2))
        return FALSE;
    }
  carom_trace_plan_free (trace->plan);
  trace->plan = g_steal_pointer (&plan);
  check_shared_starts (trace);
  assign_allowances (trace);
  return run_all_balls (trace);
}

gboolean
cm_scene_trace_rebind (CmSceneTrace *trace, const CmScene *scene)
{
  g_return_val_if_fail (trace != NULL && scene != NULL, FALSE);
  if (trace->slots->len != scene->objects->len)
    return FALSE;
  /* First check everything, then point: a refusal leaves trace as it was. */
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *object = g_ptr_array_index (scene->objects, i);
      gint slot = g_array_index (trace->slots, gint, i);
      if (slot >= 0)
        {
          const CmObject *was = g_ptr_array_index (trace->polygons, slot);
          if (object->kind != CM_OBJECT_POLYGON || object->hidden
              || object->n_points != was->n_points
              || (object->edges == NULL) != (was->edges == NULL))
            return FALSE;
        }
      else if (slot <= -2)
        {
          guint first = (guint)(-2 - slot);
          const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, first);
          guint rays = 1;
          while (first + rays < trace->balls->len
                 && g_array_index (trace->balls, CaromBallTrace, first + rays).index == i)
            rays++;
          if (object->kind != bt->source->kind || object->hidden
              || (object->kind == CM_OBJECT_BEAM && object->count != rays))
            return FALSE;
        }
      else if (!object->hidden && object->kind == CM_OBJECT_POLYGON)
        return FALSE;
    }
  for (guint i = 0; i < scene->objects->len; i++)
    {
      gint slot = g_array_index (trace->slots, gint, i);
      if (slot >= 0)
        trace->polygons->pdata[slot] = g_ptr_array_index (scene->objects, i);
    }
  for (guint b = 0; b < trace->balls->len; b++)
    {
      CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, b);
      bt->source = g_ptr_array_index (scene->objects, bt->index);
      if (g_ptr_array_index (trace->rays, b) == NULL)
        bt->ball = bt->source;
    }
  return TRUE;
}
