/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-trace-json.h: the JSON `carom trace --json` prints, written ball by
 * ball and hit by hit (the CLI streams it; libcarom's CaromTrace writes a
 * whole trace with it): one writer, so both give the same bytes. */
#pragma once

#include <glib.h>

#include "carom-tracing.h"

G_BEGIN_DECLS

/// Appends the document's opening.
void carom_trace_json_open (GString *out);

/// Appends ball bt's opening (id, start, direction, radius, the hits' array
/// opened); n_before: the balls written before it.
void carom_trace_json_ball_begin (GString *out, const CaromBallTrace *bt, guint n_before);

/// Appends one hit of a ball; first: it is the ball's first hit.
void carom_trace_json_hit (GString *out, const CmSceneTrace *st, const CgHit *hit, gboolean first);

/// Appends the ball's closing (its status); n_hits: the hits written.
void carom_trace_json_ball_end (GString *out, const CaromBallTrace *bt, gsize n_hits);

/// Appends the document's closing; n_balls: the balls written.
void carom_trace_json_close (GString *out, guint n_balls);

/// The whole document of a trace made by cm_scene_trace_full(): what
/// `carom trace --json` prints for its scene with the same options.
char *carom_trace_json (const CmSceneTrace *trace, gsize *length);

G_END_DECLS
