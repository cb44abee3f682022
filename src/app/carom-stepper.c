/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-stepper.c: which bounce is shown (carom-stepper.h). */
#include "config.h"

#include "carom-stepper.h"

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
};

G_DEFINE_FINAL_TYPE (CaromStepper, carom_stepper, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_BALL,
  PROP_STEP,
  PROP_HITS,
  PROP_PLAYING,
  PROP_SPEED,
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
  const CaromSceneTrace *trace = carom_document_get_trace (self->document);
  if (trace == NULL)
    return;
  *balls = trace->balls->len;
  if (self->ball < *balls)
    *hits = (guint)g_array_index (trace->balls, CaromBallTrace, self->ball).trace.n_hits;
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
  set_position (self, self->ball, self->step, hits);
  if (self->playing && self->step >= self->hits)
    carom_stepper_pause (self);
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
  self->ball = old;
  set_position (self, ball, 0, hits);
}

void
carom_stepper_seek (CaromStepper *self, guint step)
{
  g_return_if_fail (CAROM_IS_STEPPER (self));
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
  carom_stepper_seek (self, self->step > 0 ? self->step - 1 : 0);
}

void
carom_stepper_next (CaromStepper *self)
{
  g_return_if_fail (CAROM_IS_STEPPER (self));
  carom_stepper_seek (self, self->step + 1);
}

void
carom_stepper_last (CaromStepper *self)
{
  g_return_if_fail (CAROM_IS_STEPPER (self));
  carom_stepper_seek (self, self->hits);
}

void
carom_stepper_tick (CaromStepper *self)
{
  g_return_if_fail (CAROM_IS_STEPPER (self));
  carom_stepper_next (self);
  if (self->step >= self->hits)
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
    self->timer = g_timeout_add ((guint)lround (1000.0 / self->speed), timer_fired, self);
}

void
carom_stepper_play (CaromStepper *self)
{
  g_return_if_fail (CAROM_IS_STEPPER (self));
  if (self->playing || self->hits == 0)
    return;
  if (self->step >= self->hits)
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

void
carom_stepper_set_document (CaromStepper *self, CaromDocument *document)
{
  g_return_if_fail (CAROM_IS_STEPPER (self));
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_swapped (document, "changed", G_CALLBACK (refresh), self);
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
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
carom_stepper_init (CaromStepper *self)
{
  self->speed = 2.0;
}

CaromStepper *
carom_stepper_new (CaromDocument *document)
{
  CaromStepper *self = g_object_new (CAROM_TYPE_STEPPER, NULL);
  carom_stepper_set_document (self, document);
  return self;
}
