/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-trace-job.h: a scene traced on a thread of its own, off the main
 * loop, with its progress and a way to cancel it (GTK-free). */
#pragma once

#include "model/carom-tracing.h"

G_BEGIN_DECLS

typedef struct CaromTraceJob CaromTraceJob;

/// Called on the main context when the job ends: trace (owned by the
/// callee; NULL when memory ran out) was made on a copy of the scene and
/// still points at that copy's objects until cm_scene_trace_rebind()
/// points it at the scene; cancelled is TRUE when carom_trace_job_cancel()
/// asked to keep what was traced (trace->cancelled says whether it was cut).
typedef void (*CaromTraceJobDone) (CmSceneTrace *trace, gboolean cancelled, gpointer data);

/// Starts tracing a copy of scene (made here, so the scene may change at
/// once) with options (their cancel and progress are the job's own).
/// expected: the rays and hits the trace is expected to make, for the time
/// left. done is called once, unless the job is abandoned.
CaromTraceJob *carom_trace_job_start (const CmScene *scene, const CaromTraceOptions *options,
                                      guint64 expected, CaromTraceJobDone done, gpointer data);

/// Stops the job soon. keep: done is called with what was traced (a partial
/// trace: the user's Cancel); otherwise the job is abandoned: done is never
/// called and the job frees itself when its thread ends (the scene changed,
/// the document went away). After an abandon the caller must forget job.
void carom_trace_job_cancel (CaromTraceJob *job, gboolean keep);

/// Hits traced so far, the hits expected, and the seconds left at the speed
/// so far (negative while too early to tell).
void carom_trace_job_progress (CaromTraceJob *job, guint64 *hits, guint64 *expected,
                               double *seconds_left);

G_END_DECLS
