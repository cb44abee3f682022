/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-trace-job.c: a scene traced on a thread of its own. */
#include "control/carom-trace-job.h"

struct CaromTraceJob
{
  CmScene *copy;
  CaromTraceOptions options;
  gint cancel;    /* read by the tracer */
  gsize progress; /* hits, written by the tracer */
  guint64 expected;
  gint64 started; /* monotonic µs */
  gboolean keep;  /* cancelled by the user: deliver the partial trace */
  gboolean abandoned;
  CmSceneTrace *trace;
  CaromTraceJobDone done;
  gpointer data;
  GMainContext *context;
};

/* The job ends on the main context (job_finished()): the thread is done
 * with it by then, and the main side forgot it (abandoned) or is told. */
static void
job_free (CaromTraceJob *job)
{
  g_clear_pointer (&job->trace, cm_scene_trace_free);
  g_clear_pointer (&job->copy, cm_scene_free);
  g_main_context_unref (job->context);
  g_free (job);
}

/* On the main context, once the thread is done. */
static gboolean
job_finished (gpointer data)
{
  CaromTraceJob *job = data;
  if (!job->abandoned)
    {
      CmSceneTrace *trace = g_steal_pointer (&job->trace);
      /* The trace points at the copy's objects until rebound: the copy
       * lives on with the job until the callee has done so. */
      job->done (trace, job->keep, job->data);
    }
  job_free (job);
  return G_SOURCE_REMOVE;
}

static gpointer
job_thread (gpointer data)
{
  CaromTraceJob *job = data;
  job->trace = cm_scene_trace_full (job->copy, &job->options);
  /* Always through a source on the main context: g_main_context_invoke()
   * would call job_finished() here, on this thread, whenever no thread
   * happens to own that context at the moment. */
  GSource *source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, job_finished, job, NULL);
  g_source_attach (source, job->context);
  g_source_unref (source);
  return NULL;
}

CaromTraceJob *
carom_trace_job_start (const CmScene *scene, const CaromTraceOptions *options, guint64 expected,
                       CaromTraceJobDone done, gpointer data)
{
  g_return_val_if_fail (scene != NULL && options != NULL && done != NULL, NULL);
  CaromTraceJob *job = g_new0 (CaromTraceJob, 1);
  job->copy = cm_scene_new ();
  for (guint i = 0; i < scene->objects->len; i++)
    g_ptr_array_add (job->copy->objects, cm_object_copy (g_ptr_array_index (scene->objects, i)));
  job->options = *options;
  job->options.cancel = &job->cancel;
  job->options.progress = &job->progress;
  job->expected = expected;
  job->started = g_get_monotonic_time ();
  job->done = done;
  job->data = data;
  job->context = g_main_context_ref_thread_default ();
  GThread *thread = g_thread_new ("carom-trace-job", job_thread, job);
  g_thread_unref (thread);
  return job;
}

void
carom_trace_job_cancel (CaromTraceJob *job, gboolean keep)
{
  g_return_if_fail (job != NULL);
  job->keep = keep;
  job->abandoned = !keep;
  g_atomic_int_set (&job->cancel, 1);
}

void
carom_trace_job_progress (CaromTraceJob *job, guint64 *hits, guint64 *expected,
                          double *seconds_left)
{
  g_return_if_fail (job != NULL);
  guint64 done = (guint64)(gsize)g_atomic_pointer_get (&job->progress);
  double elapsed = (g_get_monotonic_time () - job->started) / 1e6;
  if (hits != NULL)
    *hits = done;
  if (expected != NULL)
    *expected = MAX (job->expected, done);
  if (seconds_left != NULL)
    *seconds_left = done > 0 && elapsed > 0.3
                        ? elapsed * (double)(MAX (job->expected, done) - done) / (double)done
                        : -1.0;
}
