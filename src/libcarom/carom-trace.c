/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-trace.c: CaromTrace, a scene's trace (the model's CmSceneTrace) with
 * the copy of the scene it was made from. */
#include "carom-private.h"

#include <glib/gi18n-lib.h>

#include "model/carom-explain.h"
#include "model/carom-trace-json.h"

/**
 * CaromTrace:
 *
 * Every ball of a scene traced: where each starts, its hits and how it ended.
 *
 * A trace is made by [method@Carom.Scene.trace]; each ray of a beam is a
 * ball (`BEAMID#k`). It holds a copy of the scene it was traced in: editing
 * the scene afterwards does not change it.
 *
 * Balls are numbered from 0 in the scene's order, a beam's rays in turn
 * ([method@Carom.Trace.find_ball]); a ball's hits from 1. Read the hits one
 * at a time with their maths ([method@Carom.Trace.get_hit]), all at once as
 * an array of numbers ([method@Carom.Trace.get_hit_array]), or as the JSON
 * of `carom trace --json` ([method@Carom.Trace.to_json]).
 */
struct _CaromTrace
{
  GObject parent_instance;
  CmScene *scene;
  CmSceneTrace *trace;
  guint *object_of; /* world polygon -> its index in the scene, made when first asked */
};

G_DEFINE_FINAL_TYPE (CaromTrace, carom_trace, G_TYPE_OBJECT)

static void
carom_trace_finalize (GObject *object)
{
  CaromTrace *self = CAROM_TRACE (object);
  g_clear_pointer (&self->trace, cm_scene_trace_free);
  g_clear_pointer (&self->scene, cm_scene_free);
  g_clear_pointer (&self->object_of, g_free);
  G_OBJECT_CLASS (carom_trace_parent_class)->finalize (object);
}

static void
carom_trace_class_init (CaromTraceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = carom_trace_finalize;
}

static void
carom_trace_init (CaromTrace *self)
{
  (void)self;
}

CaromTrace *
carom_trace_new_from_model (CmScene *scene, CmSceneTrace *trace)
{
  CaromTrace *self = g_object_new (CAROM_TYPE_TRACE, NULL);
  self->scene = scene;
  self->trace = trace;
  return self;
}

const CmSceneTrace *
carom_trace_get_model (CaromTrace *self)
{
  return self->trace;
}

static const CaromBallTrace *
ball_trace (CaromTrace *self, guint ball)
{
  if (ball >= self->trace->balls->len)
    return NULL;
  return &g_array_index (self->trace->balls, CaromBallTrace, ball);
}

#define CHECK_BALL(self, ball, value)                                                              \
  G_STMT_START                                                                                     \
  {                                                                                                \
    g_return_val_if_fail (CAROM_IS_TRACE (self), value);                                           \
    g_return_val_if_fail (ball < self->trace->balls->len, value);                                  \
  }                                                                                                \
  G_STMT_END

#define CHECK_BALL_VOID(self, ball)                                                                \
  G_STMT_START                                                                                     \
  {                                                                                                \
    g_return_if_fail (CAROM_IS_TRACE (self));                                                      \
    g_return_if_fail (ball < self->trace->balls->len);                                             \
  }                                                                                                \
  G_STMT_END

/**
 * carom_trace_to_json:
 * @trace: a trace
 *
 * The trace as the JSON `carom trace --json` prints for the scene (saved)
 * with the same max bounces and budget: the same bytes.
 *
 * Returns: (transfer full): the JSON text
 */
char *
carom_trace_to_json (CaromTrace *trace)
{
  g_return_val_if_fail (CAROM_IS_TRACE (trace), NULL);
  return carom_trace_json (trace->trace, NULL);
}

/**
 * carom_trace_get_n_balls:
 * @trace: a trace
 *
 * Counts the balls traced: the ball indices of the other methods go from 0
 * to this number less 1.
 *
 * Returns: the number of balls traced (a beam counts its rays)
 */
guint
carom_trace_get_n_balls (CaromTrace *trace)
{
  g_return_val_if_fail (CAROM_IS_TRACE (trace), 0);
  return trace->trace->balls->len;
}

/**
 * carom_trace_find_ball:
 * @trace: a trace
 * @id: a ball's id, or `BEAMID#k` for ray k of a beam
 *
 * Finds a ball by its id.
 *
 * Returns: the ball's index, or -1 when no ball traced has that id
 */
gint
carom_trace_find_ball (CaromTrace *trace, const char *id)
{
  g_return_val_if_fail (CAROM_IS_TRACE (trace), -1);
  g_return_val_if_fail (id != NULL, -1);
  return cm_scene_trace_find_ball (trace->trace, id);
}

/**
 * carom_trace_get_ball_id:
 * @trace: a trace
 * @ball: a ball's index
 *
 * The id of a ball, as `carom trace --json` writes it.
 *
 * Returns: (transfer none): the ball's id (`BEAMID#k` for ray k of a beam)
 */
const char *
carom_trace_get_ball_id (CaromTrace *trace, guint ball)
{
  CHECK_BALL (trace, ball, NULL);
  return ball_trace (trace, ball)->ball->id;
}

/**
 * carom_trace_get_ball_source:
 * @trace: a trace
 * @ball: a ball's index
 *
 * The scene object a ball comes from.
 *
 * Returns: (transfer none): the id of the scene object the ball is: the
 *   ball itself, or its beam
 */
const char *
carom_trace_get_ball_source (CaromTrace *trace, guint ball)
{
  CHECK_BALL (trace, ball, NULL);
  return ball_trace (trace, ball)->source->id;
}

/**
 * carom_trace_get_ball_status:
 * @trace: a trace
 * @ball: a ball's index
 *
 * How a ball's trace ended: it stopped on an obstacle, made its maximum
 * number of reflections, escaped, could not start, or the work budget cut
 * it.
 *
 * Returns: how the ball's trace ended
 */
CaromBallStatus
carom_trace_get_ball_status (CaromTrace *trace, guint ball)
{
  CHECK_BALL (trace, ball, CAROM_BALL_STATUS_INVALID_INPUT);
  switch (ball_trace (trace, ball)->trace.status)
    {
    case CG_TRACE_STOPPED:
      return CAROM_BALL_STATUS_STOPPED;
    case CG_TRACE_MAX_BOUNCES:
      return CAROM_BALL_STATUS_MAX_BOUNCES;
    case CG_TRACE_ESCAPED:
      return CAROM_BALL_STATUS_ESCAPED;
    case CG_TRACE_START_OVERLAP:
      return CAROM_BALL_STATUS_START_OVERLAP;
    case CG_TRACE_RUNNING:
    case CG_TRACE_BUDGET:
      return CAROM_BALL_STATUS_BUDGET;
    case CG_TRACE_INVALID_INPUT:
      break;
    }
  return CAROM_BALL_STATUS_INVALID_INPUT;
}

/**
 * carom_trace_get_ball_start:
 * @trace: a trace
 * @ball: a ball's index
 * @x: (out): where the ball's centre starts, x
 * @y: (out): y
 *
 * Where a ball's centre starts.
 */
void
carom_trace_get_ball_start (CaromTrace *trace, guint ball, double *x, double *y)
{
  CHECK_BALL_VOID (trace, ball);
  const CgTrace *t = &ball_trace (trace, ball)->trace;
  *x = t->start.x;
  *y = t->start.y;
}

/**
 * carom_trace_get_ball_direction:
 * @trace: a trace
 * @ball: a ball's index
 * @dx: (out): the unit direction the ball starts in, x
 * @dy: (out): y
 *
 * The direction a ball starts in, as a unit vector.
 */
void
carom_trace_get_ball_direction (CaromTrace *trace, guint ball, double *dx, double *dy)
{
  CHECK_BALL_VOID (trace, ball);
  const CgTrace *t = &ball_trace (trace, ball)->trace;
  *dx = t->direction.x;
  *dy = t->direction.y;
}

/**
 * carom_trace_get_ball_radius:
 * @trace: a trace
 * @ball: a ball's index
 *
 * The radius of a ball: the offset of the outlines its centre was traced
 * against.
 *
 * Returns: the ball's radius
 */
double
carom_trace_get_ball_radius (CaromTrace *trace, guint ball)
{
  CHECK_BALL (trace, ball, 0.0);
  return ball_trace (trace, ball)->trace.radius;
}

/**
 * carom_trace_get_n_hits:
 * @trace: a trace
 * @ball: a ball's index
 *
 * Counts a ball's hits, the one it stopped on included.
 *
 * Returns: the number of the ball's hits
 */
guint
carom_trace_get_n_hits (CaromTrace *trace, guint ball)
{
  CHECK_BALL (trace, ball, 0);
  return (guint)ball_trace (trace, ball)->trace.n_hits;
}

/**
 * carom_trace_get_total_hits:
 * @trace: a trace
 *
 * Counts the hits of every ball: the rows of
 * [method@Carom.Trace.get_hit_array].
 *
 * Returns: the number of hits of all the balls
 */
guint64
carom_trace_get_total_hits (CaromTrace *trace)
{
  g_return_val_if_fail (CAROM_IS_TRACE (trace), 0);
  return trace->trace->n_hits;
}

const guint *
carom_trace_get_object_indices (CaromTrace *self)
{
  if (self->object_of != NULL)
    return self->object_of;
  const CmSceneTrace *st = self->trace;
  g_autoptr (GHashTable) index_of = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < self->scene->objects->len; i++)
    g_hash_table_insert (index_of, g_ptr_array_index (self->scene->objects, i),
                         GUINT_TO_POINTER (i));
  self->object_of = g_new (guint, st->polygons->len + 1);
  for (guint p = 0; p < st->polygons->len; p++)
    self->object_of[p]
        = GPOINTER_TO_UINT (g_hash_table_lookup (index_of, g_ptr_array_index (st->polygons, p)));
  return self->object_of;
}

/**
 * carom_trace_get_hit:
 * @trace: a trace
 * @ball: a ball's index
 * @index: the hit's number along the ball's path, from 1 to
 *   [method@Carom.Trace.get_n_hits]
 *
 * The hit with every number of its maths: the cast is made again, bit for
 * bit, as the window's Hit panel makes it.
 *
 * Returns: (transfer full) (nullable): the hit, or %NULL when the ball has
 *   no hit @index
 */
CaromHit *
carom_trace_get_hit (CaromTrace *trace, guint ball, guint index)
{
  CHECK_BALL (trace, ball, NULL);
  const CaromBallTrace *bt = ball_trace (trace, ball);
  if (index < 1 || index > bt->trace.n_hits)
    return NULL;
  const CgHit *h = &bt->trace.hits[index - 1];
  const CgHit *prev = index > 1 ? &bt->trace.hits[index - 2] : NULL;
  CaromCastExplanation e;
  if (!carom_explain_hit (trace->trace, bt, h, prev, &e))
    {
      carom_cast_explanation_clear (&e);
      return NULL;
    }
  const CmObject *object = cm_scene_trace_polygon (trace->trace, h->object);
  CaromHit *hit = g_new0 (CaromHit, 1);
  *hit = (CaromHit){
    .ball = ball,
    .index = h->index,
    .object = g_strdup (object->id),
    .object_index = carom_trace_get_object_indices (trace)[h->object],
    .role = object->role == CG_ROLE_OBSTACLE ? CAROM_ROLE_OBSTACLE : CAROM_ROLE_WALL,
    .primitive = h->kind == CG_PRIM_SEGMENT ? CAROM_PRIMITIVE_SEGMENT : CAROM_PRIMITIVE_ARC,
    .element = h->element,
    .at_vertex = h->kind != CG_PRIM_SEGMENT && h->part != CG_PART_EDGE,
    .reflected = h->reflected != 0,
    .x = h->point.x,
    .y = h->point.y,
    .distance = h->distance,
    .normal_x = h->normal.x,
    .normal_y = h->normal.y,
    .in_x = h->in.x,
    .in_y = h->in.y,
    .out_x = h->out.x,
    .out_y = h->out.y,
    .cast_x = e.c.x,
    .cast_y = e.c.y,
    .radius = e.radius,
    .tolerance = e.result.rec.tol,
    .a_x = e.prim.a.x,
    .a_y = e.prim.a.y,
    .b_x = e.prim.b.x,
    .b_y = e.prim.b.y,
    .n_tested = e.n_tested,
    .n_primitives = e.n_primitives,
  };
  const CgCastRecord *rec = &e.result.rec;
  if (h->kind == CG_PRIM_SEGMENT)
    {
      hit->d_dot_n = rec->d_dot_n;
      hit->height = rec->h;
      hit->along = rec->s;
    }
  else
    {
      hit->center_x = e.prim.q.x;
      hit->center_y = e.prim.q.y;
      hit->arc_radius = e.prim.rho;
      hit->m_dot_d = rec->b;
      hit->m_dot_m = rec->cc;
      hit->discriminant = rec->disc;
      hit->t0 = rec->t0;
      hit->t1 = rec->t1;
    }
  carom_cast_explanation_clear (&e);
  return hit;
}

/**
 * carom_trace_explain_hit:
 * @trace: a trace
 * @ball: a ball's index
 * @index: the hit's number, from 1
 * @format: plain text or LaTeX
 * @digits: significant digits of the numbers, 1 to 17 (0: 6 for text,
 *   every digit for LaTeX)
 *
 * The maths of the hit as `carom trace --explain` writes it: the formulas
 * with their numbers, and the nearest candidates rejected.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL when the ball has
 *   no hit @index
 */
char *
carom_trace_explain_hit (CaromTrace *trace, guint ball, guint index, CaromExplainFormat format,
                         guint digits)
{
  CHECK_BALL (trace, ball, NULL);
  g_return_val_if_fail (digits <= 17, NULL);
  const CaromBallTrace *bt = ball_trace (trace, ball);
  if (index < 1 || index > bt->trace.n_hits)
    return NULL;
  CaromCastExplanation e;
  if (!carom_explain_hit (trace->trace, bt, &bt->trace.hits[index - 1],
                          index > 1 ? &bt->trace.hits[index - 2] : NULL, &e))
    {
      carom_cast_explanation_clear (&e);
      return NULL;
    }
  gboolean latex = format == CAROM_EXPLAIN_FORMAT_LATEX;
  int d = digits != 0 ? (int)digits : latex ? 0 : CAROM_EXPLAIN_DIGITS_DEFAULT;
  char *text = carom_explain_format_digits (&e, latex ? CAROM_EXPLAIN_LATEX : CAROM_EXPLAIN_TEXT,
                                            CAROM_EXPLAIN_REJECTED_MAX, d);
  carom_cast_explanation_clear (&e);
  return text;
}

/**
 * carom_trace_get_hit_array:
 * @trace: a trace
 *
 * Every hit of every ball, ball after ball in order, as rows of
 * [const@Carom.HIT_N_COLUMNS] doubles ([enum@Carom.HitColumn] says which
 * number is where), in the machine's byte order. In Python:
 *
 * ```python
 * hits = numpy.frombuffer(trace.get_hit_array().get_data(), dtype=numpy.float64)
 * hits = hits.reshape(-1, Carom.HIT_N_COLUMNS)
 * ```
 *
 * Returns: (transfer full): the numbers
 */
GBytes *
carom_trace_get_hit_array (CaromTrace *trace)
{
  g_return_val_if_fail (CAROM_IS_TRACE (trace), NULL);
  const CmSceneTrace *st = trace->trace;
  const guint *object_of = carom_trace_get_object_indices (trace);
  gsize n = (gsize)st->n_hits * CAROM_HIT_N_COLUMNS;
  double *rows = g_try_new (double, n > 0 ? n : 1);
  if (rows == NULL)
    return NULL;
  double *r = rows;
  for (guint b = 0; b < st->balls->len; b++)
    {
      const CgTrace *t = &g_array_index (st->balls, CaromBallTrace, b).trace;
      for (gsize k = 0; k < t->n_hits; k++, r += CAROM_HIT_N_COLUMNS)
        {
          const CgHit *h = &t->hits[k];
          r[CAROM_HIT_COLUMN_BALL] = b;
          r[CAROM_HIT_COLUMN_INDEX] = h->index;
          r[CAROM_HIT_COLUMN_X] = h->point.x;
          r[CAROM_HIT_COLUMN_Y] = h->point.y;
          r[CAROM_HIT_COLUMN_DISTANCE] = h->distance;
          r[CAROM_HIT_COLUMN_NORMAL_X] = h->normal.x;
          r[CAROM_HIT_COLUMN_NORMAL_Y] = h->normal.y;
          r[CAROM_HIT_COLUMN_IN_X] = h->in.x;
          r[CAROM_HIT_COLUMN_IN_Y] = h->in.y;
          r[CAROM_HIT_COLUMN_OUT_X] = h->out.x;
          r[CAROM_HIT_COLUMN_OUT_Y] = h->out.y;
          r[CAROM_HIT_COLUMN_OBJECT] = object_of[h->object];
          r[CAROM_HIT_COLUMN_REFLECTED] = h->reflected ? 1.0 : 0.0;
        }
    }
  return g_bytes_new_take (rows, (gsize)(r - rows) * sizeof (double));
}

/**
 * carom_trace_get_budget_message:
 * @trace: a trace
 *
 * What the work budget cut, when it cut something: which objects asked for
 * how much, and that the balls cut end with the status "budget"
 * (%CAROM_BALL_STATUS_BUDGET).
 *
 * Returns: (transfer full) (nullable): the message, or %NULL when every ball
 *   was traced to its end
 */
char *
carom_trace_get_budget_message (CaromTrace *trace)
{
  g_return_val_if_fail (CAROM_IS_TRACE (trace), NULL);
  const CaromTracePlan *plan = trace->trace->plan;
  if (plan == NULL || !plan->cut)
    return NULL;
  return carom_trace_plan_message (
      plan, trace->scene,
      _ ("The balls cut end with the status “budget”. To trace more, raise the budget."));
}

/**
 * carom_trace_get_boundary_map:
 * @trace: a trace
 * @ball: (nullable): a ball's id, a beam's (all its rays), `BEAMID#k` (one
 *   ray), or %NULL for every ball
 *
 * The boundary map of the balls, as `carom map` draws it.
 *
 * Fails with %CAROM_ERROR_NOT_FOUND when no ball traced has the id @ball.
 *
 * Returns: (transfer full): the map
 */
CaromBoundaryMap *
carom_trace_get_boundary_map (CaromTrace *trace, const char *ball, GError **error)
{
  g_return_val_if_fail (CAROM_IS_TRACE (trace), NULL);
  GArray *balls = cm_scene_trace_balls_named (trace->trace, ball);
  if (ball != NULL && balls->len == 0)
    {
      g_array_unref (balls);
      g_set_error (error, CAROM_ERROR, CAROM_ERROR_NOT_FOUND,
                   _ ("no ball “%s” is traced in the scene"), ball);
      return NULL;
    }
  return carom_boundary_map_new_for (trace, balls);
}
