/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-stepper.c: which bounce is shown (carom-stepper.h). */
#include "config.h"

#include "control/carom-stepper.h"

#include <glib/gi18n.h>
#include <math.h>

struct _CaromStepper
{
  GObject parent_instance;

  CaromDocument *document; /* owned */
  guint ball;
  guint step;
  guint hits;
  gboolean playing;
  double speed;
  guint timer;
  double front;        /* s, or CAROM_STEPPER_NO_FRONT */
  double front_length; /* the longest ray of the followed ray's beam */
  /* While the document traces off the main loop: how far it is. */
  guint progress_timer;
  double progress;
  char *progress_text;
};

/* How often the progress is looked at while tracing (ms). */
#define PROGRESS_TICK_MS 100

/* A front plays in ticks this long (ms), moving this part of its length a
 * tick at 1 step a second: 10 s for the whole front. */
#define FRONT_TICK_MS 40
#define FRONT_PART_PER_TICK (FRONT_TICK_MS / 10000.0)

G_DEFINE_FINAL_TYPE (CaromStepper, carom_stepper, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_BALL,
  PROP_STEP,
  PROP_HITS,
  PROP_PLAYING,
  PROP_SPEED,
  PROP_FRONT,
  PROP_TRACING,
  PROP_PROGRESS,
  PROP_PROGRESS_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The balls and the followed ball's hits, as the trace has them now. */
static void
trace_counts (CaromStepper *self, guint *balls, guint *hits)
{
  *balls = *hits = 0;
  if (self->document == NULL)
    return;
  const CmSceneTrace *trace = carom_document_get_trace (self->document);
  if (trace == NULL)
    return;
  *balls = trace->balls->len;
  if (self->ball < *balls)
    *hits = (guint)g_array_index (trace->balls, CaromBallTrace, self->ball).trace.n_hits;
}

static const CaromBallTrace *
followed (CaromStepper *self)
{
  const CmSceneTrace *trace
      = self->document != NULL ? carom_document_get_trace (self->document) : NULL;
  if (trace == NULL || self->ball >= trace->balls->len)
    return NULL;
  return &g_array_index (trace->balls, CaromBallTrace, self->ball);
}

/* The path length of a trace from its start to hit k. */
static double
trace_length (const CgTrace *t, size_t k)
{
  double s = 0.0;
  CgVec2 prev = t->start;
  for (size_t i = 0; i < k && i < t->n_hits; i++)
    {
      s += cg_distance (prev, t->hits[i].point);
      prev = t->hits[i].point;
    }
  return s;
}

double
carom_stepper_hit_length (CaromStepper *self, guint k)
{
  g_return_val_if_fail (CAROM_IS_STEPPER (self), 0.0);
  const CaromBallTrace *bt = followed (self);
  return bt != NULL ? trace_length (&bt->trace, k) : 0.0;
}

/* The followed ray's beam's longest path, or a negative number when the
 * ball followed is no beam's ray. */
static double
beam_length (CaromStepper *self)
{
  const CaromBallTrace *bt = followed (self);
  if (bt == NULL || bt->source == NULL || bt->source->kind != CM_OBJECT_BEAM)
    return -1.0;
  const CmSceneTrace *trace = carom_document_get_trace (self->document);
  guint first, n;
  if (!cm_scene_trace_object_balls (trace, bt->index, &first, &n))
    return -1.0;
  double longest = 0.0;
  for (guint i = first; i < first + n && i < trace->balls->len; i++)
    {
      const CgTrace *t = &g_array_index (trace->balls, CaromBallTrace, i).trace;
      longest = fmax (longest, trace_length (t, t->n_hits));
    }
  return longest;
}

/* The followed ray's hits reached at s (a little tolerance: a front put on
 * a hit is at it). */
static guint
step_at (CaromStepper *self, double s)
{
  const CaromBallTrace *bt = followed (self);
  if (bt == NULL)
    return 0;
  const CgTrace *t = &bt->trace;
  double eps = 1e-9 * fmax (self->front_length, 1.0), len = 0.0;
  CgVec2 prev = t->start;
  guint k = 0;
  for (size_t i = 0; i < t->n_hits; i++)
    {
      len += cg_distance (prev, t->hits[i].point);
      prev = t->hits[i].point;
      if (len > s + eps)
        break;
      k = (guint)i + 1;
    }
  return k;
}

static void
set_front (CaromStepper *self, double front)
{
  if (self->front != front)
    {
      self->front = front;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRONT]);
    }
}

/* Whether playing has reached the end. */
static gboolean
at_end (CaromStepper *self)
{
  return self->front >= 0.0 ? self->front >= self->front_length : self->step >= self->hits;
}

/* Sets the position, notifying what changed. */
static void
set_position (CaromStepper *self, guint ball, guint step, guint hits)
{
  g_object_freeze_notify (G_OBJECT (self));
  if (self->ball != ball)
    {
      self->ball = ball;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BALL]);
    }
  if (self->hits != hits)
    {
      self->hits = hits;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HITS]);
    }
  step = MIN (step, hits);
  if (self->step != step)
    {
      self->step = step;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

/* Re-reads the trace: the path may have grown, shrunk or gone. */
static void
refresh (CaromStepper *self)
{
  guint balls, hits;
  trace_counts (self, &balls, &hits);
  if (self->ball >= balls && balls > 0)
    {
      /* The ball followed is gone: follow the first. */
      self->ball = 0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BALL]);
      trace_counts (self, &balls, &hits);
    }
  double length = beam_length (self);
  g_object_freeze_notify (G_OBJECT (self));
  if (length < 0.0)
    {
      self->front_length = 0.0;
      set_front (self, CAROM_STEPPER_NO_FRONT);
      set_position (self, self->ball, self->step, hits);
    }
  else
    {
      /* The paths may have grown or shrunk: the front stays where it was,
       * within the new length. */
      self->front_length = length;
      double s = CLAMP (self->front < 0.0 ? 0.0 : self->front, 0.0, length);
      set_front (self, s);
      set_position (self, self->ball, step_at (self, s), hits);
    }
  g_object_thaw_notify (G_OBJECT (self));
  if (self->playing && at_end (self))
    carom_stepper_pause (self);
}

double
carom_stepper_get_front (CaromStepper *self)
{
  g_return_val_if_fail (CAROM_IS_STEPPER (self), CAROM_STEPPER_NO_FRONT);
  return self->front;
}

double
carom_stepper_get_front_length (CaromStepper *self)
{
  g_return_val_if_fail (CAROM_IS_STEPPER (self), 0.0);
  return self->front < 0.0 ? 0.0 : self->front_length;
}

void
carom_stepper_seek_front (CaromStepper *self, double s)
{
  g_return_if_fail (CAROM_IS_STEPPER (self));
  if (self->front < 0.0 || !isfinite (s))
    return;
  s = CLAMP (s, 0.0, self->front_length);
  g_object_freeze_notify (G_OBJECT (self));
  set_front (self, s);
  set_position (self, self->ball, step_at (self, s), self->hits);
  g_object_thaw_notify (G_OBJECT (self));
}

guint
carom_stepper_get_ball (CaromStepper *self)
{
  g_return_val_if_fail (CAROM_IS_STEPPER (self), 0);
  return self->ball;
}

guint
carom_stepper_get_step (CaromStepper *self)
{
  g_return_val_if_fail (CAROM_IS_STEPPER (self), 0);
  return self->step;
}

guint
carom_stepper_get_hits (CaromStepper *self)
{
  g_return_val_if_fail (CAROM_IS_STEPPER (self), 0);
  return self->hits;
}

void
carom_stepper_set_ball (CaromStepper *self, guint ball)
{
  g_return_if_fail (CAROM_IS_STEPPER (self));
  if (ball == self->ball)
    return;
  guint balls, hits;
  guint old = self->ball;
  self->ball = ball;
  trace_counts (self, &balls, &hits);
  if (ball >= balls)
    {
      self->ball = old;
      return;
    }
  const CaromBallTrace *was = followed (self);
  self->ball = ball;
  const CaromBallTrace *now = followed (self);
  gboolean same_beam = was != NULL && now != NULL && was->source == now->source
                       && now->source != NULL && now->source->kind == CM_OBJECT_BEAM;
  self->ball = old;
  g_object_freeze_notify (G_OBJECT (self));
  set_position (self, ball, 0, hits);
  if (!same_beam)
    set_front (self, CAROM_STEPPER_NO_FRONT);
  refresh (self);
  g_object_thaw_notify (G_OBJECT (self));
}

void
carom_stepper_seek (CaromStepper *self, guint step)
{
  g_return_if_fail (CAROM_IS_STEPPER (self));
  if (self->front >= 0.0)
    {
      /* the front goes to the followed ray's hit */
      carom_stepper_seek_front (self, carom_stepper_hit_length (self, MIN (step, self->hits)));
      return;
    }
  set_position (self, self->ball, step, self->hits);
}

void
carom_stepper_first (CaromStepper *self)
{
  carom_stepper_seek (self, 0);
}

void
carom_stepper_previous (CaromStepper *self)
{
  g_return_if_fail (CAROM_IS_STEPPER (self));
  if (self->front >= 0.0)
    {
      /* the followed ray's hit before the front, or the start */
      double eps = 1e-9 * fmax (self->front_length, 1.0);
      guint k = self->step;
      while (k > 0 && carom_stepper_hit_length (self, k) >= self->front - eps)
        k--;
      carom_stepper_seek_front (self, carom_stepper_hit_length (self, k));
      return;
    }
  carom_stepper_seek (self, self->step > 0 ? self->step - 1 : 0);
}

void
carom_stepper_next (CaromStepper *self)
{
  g_return_if_fail (CAROM_IS_STEPPER (self));
  if (self->front >= 0.0)
    {
      /* the followed ray's next hit, or past its last the end of the
       * longest ray */
      double eps = 1e-9 * fmax (self->front_length, 1.0);
      for (guint k = self->step + 1; k <= self->hits; k++)
        {
          double len = carom_stepper_hit_length (self, k);
          if (len > self->front + eps)
            {
              carom_stepper_seek_front (self, len);
              return;
            }
        }
      carom_stepper_seek_front (self, self->front_length);
      return;
    }
  carom_stepper_seek (self, self->step + 1);
}

void
carom_stepper_last (CaromStepper *self)
{
  g_return_if_fail (CAROM_IS_STEPPER (self));
  if (self->front >= 0.0)
    {
      carom_stepper_seek_front (self, self->front_length);
      return;
    }
  carom_stepper_seek (self, self->hits);
}

void
carom_stepper_tick (CaromStepper *self)
{
  g_return_if_fail (CAROM_IS_STEPPER (self));
  if (self->front >= 0.0)
    carom_stepper_seek_front (self,
                              self->front + self->speed * FRONT_PART_PER_TICK * self->front_length);
  else
    carom_stepper_next (self);
  if (at_end (self))
    carom_stepper_pause (self);
}

static gboolean
timer_fired (gpointer data)
{
  CaromStepper *self = data;
  carom_stepper_tick (self);
  return self->playing ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static void
restart_timer (CaromStepper *self)
{
  if (self->timer != 0)
    {
      g_source_remove (self->timer);
      self->timer = 0;
    }
  if (self->playing)
    self->timer
        = g_timeout_add (self->front >= 0.0 ? FRONT_TICK_MS : (guint)lround (1000.0 / self->speed),
                         timer_fired, self);
}

void
carom_stepper_play (CaromStepper *self)
{
  g_return_if_fail (CAROM_IS_STEPPER (self));
  if (self->playing || (self->front >= 0.0 ? !(self->front_length > 0.0) : self->hits == 0))
    return;
  if (at_end (self))
    carom_stepper_first (self);
  self->playing = TRUE;
  restart_timer (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
}

void
carom_stepper_pause (CaromStepper *self)
{
  g_return_if_fail (CAROM_IS_STEPPER (self));
  if (!self->playing)
    return;
  self->playing = FALSE;
  /* Called from the timer too: it ends itself by returning REMOVE. */
  if (self->timer != 0 && g_main_current_source () != NULL
      && g_source_get_id (g_main_current_source ()) == self->timer)
    self->timer = 0;
  restart_timer (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
}

void
carom_stepper_toggle_play (CaromStepper *self)
{
  g_return_if_fail (CAROM_IS_STEPPER (self));
  if (self->playing)
    carom_stepper_pause (self);
  else
    carom_stepper_play (self);
}

gboolean
carom_stepper_get_playing (CaromStepper *self)
{
  g_return_val_if_fail (CAROM_IS_STEPPER (self), FALSE);
  return self->playing;
}

void
carom_stepper_set_speed (CaromStepper *self, double speed)
{
  g_return_if_fail (CAROM_IS_STEPPER (self));
  if (!isfinite (speed))
    return;
  speed = CLAMP (speed, CAROM_STEPPER_SPEED_MIN, CAROM_STEPPER_SPEED_MAX);
  if (speed == self->speed)
    return;
  self->speed = speed;
  restart_timer (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
}

double
carom_stepper_get_speed (CaromStepper *self)
{
  g_return_val_if_fail (CAROM_IS_STEPPER (self), 1.0);
  return self->speed;
}

/* The document's progress into progress and progress_text. */
static gboolean
update_progress (gpointer data)
{
  CaromStepper *self = data;
  guint64 hits = 0, expected = 0;
  double left = -1.0;
  if (self->document == NULL
      || !carom_document_get_trace_progress (self->document, &hits, &expected, &left))
    {
      self->progress_timer = 0;
      return G_SOURCE_REMOVE;
    }
  self->progress = expected > 0 ? MIN ((double)hits / (double)expected, 1.0) : 0.0;
  g_autofree char *done = carom_format_count ((double)hits);
  g_autofree char *all = carom_format_count ((double)expected);
  g_free (self->progress_text);
  if (left < 0.0)
    /* Translators: the stepper while a heavy scene is traced, e.g.
     * "Tracing: 120,000 of 6,000,000 hits". */
    self->progress_text = g_strdup_printf (_ ("Tracing: %s of %s hits"), done, all);
  else
    {
      guint seconds = (guint)ceil (left);
      g_autofree char *time
          = seconds < 60 ? g_strdup_printf (
                g_dngettext (GETTEXT_PACKAGE, "%u second", "%u seconds", seconds), seconds)
                         : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u minute", "%u minutes",
                                                         (seconds + 59) / 60),
                                            (seconds + 59) / 60);
      /* Translators: e.g. "Tracing: 1,200,000 of 6,000,000 hits, about 4 seconds left". */
      self->progress_text
          = g_strdup_printf (_ ("Tracing: %s of %s hits, about %s left"), done, all, time);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS_TEXT]);
  return G_SOURCE_CONTINUE;
}

static void
tracing_changed (CaromStepper *self)
{
  gboolean tracing = self->document != NULL && carom_document_get_tracing (self->document);
  if (tracing && self->progress_timer == 0)
    {
      self->progress_timer = g_timeout_add (PROGRESS_TICK_MS, update_progress, self);
      update_progress (self);
    }
  else if (!tracing)
    g_clear_handle_id (&self->progress_timer, g_source_remove);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TRACING]);
}

gboolean
carom_stepper_get_tracing (CaromStepper *self)
{
  g_return_val_if_fail (CAROM_IS_STEPPER (self), FALSE);
  return self->progress_timer != 0;
}

void
carom_stepper_cancel_trace (CaromStepper *self)
{
  g_return_if_fail (CAROM_IS_STEPPER (self));
  if (self->document != NULL)
    carom_document_cancel_trace (self->document);
}

void
carom_stepper_set_document (CaromStepper *self, CaromDocument *document)
{
  g_return_if_fail (CAROM_IS_STEPPER (self));
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      g_signal_connect_swapped (document, "changed", G_CALLBACK (refresh), self);
      g_signal_connect_swapped (document, "trace-changed", G_CALLBACK (refresh), self);
      g_signal_connect_swapped (document, "notify::tracing", G_CALLBACK (tracing_changed), self);
    }
  tracing_changed (self);
  carom_stepper_pause (self);
  self->ball = 0;
  self->step = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BALL]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
  refresh (self);
}

static void
carom_stepper_dispose (GObject *object)
{
  CaromStepper *self = CAROM_STEPPER (object);
  g_clear_handle_id (&self->timer, g_source_remove);
  g_clear_handle_id (&self->progress_timer, g_source_remove);
  g_clear_pointer (&self->progress_text, g_free);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (carom_stepper_parent_class)->dispose (object);
}

static void
carom_stepper_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  CaromStepper *self = CAROM_STEPPER (object);
  switch (prop_id)
    {
    case PROP_BALL:
      g_value_set_uint (value, self->ball);
      break;
    case PROP_STEP:
      g_value_set_uint (value, self->step);
      break;
    case PROP_HITS:
      g_value_set_uint (value, self->hits);
      break;
    case PROP_PLAYING:
      g_value_set_boolean (value, self->playing);
      break;
    case PROP_SPEED:
      g_value_set_double (value, self->speed);
      break;
    case PROP_FRONT:
      g_value_set_double (value, self->front);
      break;
    case PROP_TRACING:
      g_value_set_boolean (value, self->progress_timer != 0);
      break;
    case PROP_PROGRESS:
      g_value_set_double (value, self->progress);
      break;
    case PROP_PROGRESS_TEXT:
      g_value_set_string (value, self->progress_text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
carom_stepper_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  CaromStepper *self = CAROM_STEPPER (object);
  switch (prop_id)
    {
    case PROP_STEP:
      carom_stepper_seek (self, g_value_get_uint (value));
      break;
    case PROP_SPEED:
      carom_stepper_set_speed (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
carom_stepper_class_init (CaromStepperClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->dispose = carom_stepper_dispose;
  object_class->get_property = carom_stepper_get_property;
  object_class->set_property = carom_stepper_set_property;
  properties[PROP_BALL] = g_param_spec_uint ("ball", NULL, NULL, 0, G_MAXUINT, 0,
                                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_STEP]
      = g_param_spec_uint ("step", NULL, NULL, 0, G_MAXUINT, 0,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HITS] = g_param_spec_uint ("hits", NULL, NULL, 0, G_MAXUINT, 0,
                                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLAYING] = g_param_spec_boolean ("playing", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SPEED] = g_param_spec_double (
      "speed", NULL, NULL, CAROM_STEPPER_SPEED_MIN, CAROM_STEPPER_SPEED_MAX, 2.0,
      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FRONT]
      = g_param_spec_double ("front", NULL, NULL, CAROM_STEPPER_NO_FRONT, G_MAXDOUBLE,
                             CAROM_STEPPER_NO_FRONT, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TRACING] = g_param_spec_boolean ("tracing", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROGRESS] = g_param_spec_double ("progress", NULL, NULL, 0.0, 1.0, 0.0,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROGRESS_TEXT] = g_param_spec_string ("progress-text", NULL, NULL, NULL,
                                                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
carom_stepper_init (CaromStepper *self)
{
  self->speed = 2.0;
  self->front = CAROM_STEPPER_NO_FRONT;
}

CaromStepper *
carom_stepper_new (CaromDocument *document)
{
  CaromStepper *self = g_object_new (CAROM_TYPE_STEPPER, NULL);
  carom_stepper_set_document (self, document);
  return self;
}
