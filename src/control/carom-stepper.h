/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-stepper.h: which bounce is shown, as a state machine without a widget.
 *
 * The stepper follows one ball (an index into the trace's balls) and a step:
 * 0 is the start, k is hit k. It plays (a step every 1/speed seconds,
 * stopping at the last hit), and it keeps a valid position when the scene
 * changes under it: an edit that shortens the path moves the step back to
 * the last hit, one that removes the ball goes to the first ball. The window
 * shows its state and drives it; the tests drive it without a display.
 *
 * A beam's front: when the ball followed is a ray of a beam, the stepper
 * also keeps a path length s, from 0 to the longest of the beam's rays (to
 * its last hit): every ray is drawn up to s. The step is then the followed
 * ray's hits at s; next and previous go to that ray's next or previous hit
 * (past its last, to the end of the longest ray), and playing moves s
 * smoothly, the whole front in 10 s at 1 step a second. */
#pragma once

#include "control/carom-document.h"

G_BEGIN_DECLS

/// Speeds offered, in steps a second.
#define CAROM_STEPPER_SPEED_MIN 0.25
#define CAROM_STEPPER_SPEED_MAX 16.0

#define CAROM_TYPE_STEPPER (carom_stepper_get_type ())
G_DECLARE_FINAL_TYPE (CaromStepper, carom_stepper, CAROM, STEPPER, GObject)

/// A stepper over document's trace (NULL: none yet). Properties "ball",
/// "step", "hits" (of the ball), "playing" and "speed" notify when they change.
CaromStepper *carom_stepper_new (CaromDocument *document);

void carom_stepper_set_document (CaromStepper *self, CaromDocument *document);

guint carom_stepper_get_ball (CaromStepper *self);
guint carom_stepper_get_step (CaromStepper *self);

/// The number of hits of the ball followed (0 without balls).
guint carom_stepper_get_hits (CaromStepper *self);

/// Follows ball (clamped to the balls there are), from its start; another
/// ray of the same beam keeps the front where it is.
void carom_stepper_set_ball (CaromStepper *self, guint ball);

/// No front: the ball followed is no beam's ray.
#define CAROM_STEPPER_NO_FRONT (-1.0)

/// The front's path length s ("front", notified), or CAROM_STEPPER_NO_FRONT.
double carom_stepper_get_front (CaromStepper *self);

/// The longest path of the followed ray's beam, to its last hit: what s
/// spans (0 without a front).
double carom_stepper_get_front_length (CaromStepper *self);

/// Moves the front to s (clamped to 0 .. the front length); the step
/// follows. Nothing without a front.
void carom_stepper_seek_front (CaromStepper *self, double s);

/// The path length from the followed ball's start to its hit k (0: the start).
double carom_stepper_hit_length (CaromStepper *self, guint k);

/// Goes to step (clamped to 0 .. hits).
void carom_stepper_seek (CaromStepper *self, guint step);
void carom_stepper_first (CaromStepper *self);
void carom_stepper_previous (CaromStepper *self);
void carom_stepper_next (CaromStepper *self);
void carom_stepper_last (CaromStepper *self);

/// Plays: a step every 1/speed seconds until the last hit (from the start
/// when it is there already). Pauses at the last hit.
void carom_stepper_play (CaromStepper *self);
void carom_stepper_pause (CaromStepper *self);
void carom_stepper_toggle_play (CaromStepper *self);
gboolean carom_stepper_get_playing (CaromStepper *self);

/// Steps a second while playing (clamped to the limits above).
void carom_stepper_set_speed (CaromStepper *self, double speed);
double carom_stepper_get_speed (CaromStepper *self);

/// One tick of playing: the next step, pausing at the last (what the timer
/// calls; the tests call it directly).
void carom_stepper_tick (CaromStepper *self);

/// While the document traces a heavy scene off the main loop ("tracing"):
/// "progress" (0 to 1) and "progress-text" ("Tracing: 1,200,000 of
/// 6,000,000 hits, about 4 seconds left"), looked at ten times a second.
gboolean carom_stepper_get_tracing (CaromStepper *self);

/// Stops that trace and keeps what was traced (carom_document_cancel_trace()).
void carom_stepper_cancel_trace (CaromStepper *self);

G_END_DECLS
