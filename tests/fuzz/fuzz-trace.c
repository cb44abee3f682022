/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-trace.c: libFuzzer target for the tracer.
 *
 * A scene that reads is traced within a small work budget; the trace must
 * stay within it, every hit must be finite and in order, every hit must be
 * explained (its cast found again: the same primitive at the same t), the
 * streamed trace must be the kept one, and every hit must have a point on
 * the boundary map (ξ finite, sin φ in [−1, 1]). Never a crash, a hang or a
 * leak. */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/carom-svg.h"
#include "model/carom-boundary-map.h"
#include "model/carom-explain.h"
#include "model/carom-tracing.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* The budget: small, so that an input costs milliseconds under the
 * sanitizers, and big enough for a few balls' bounces. */
#define BUDGET 4000

static void G_GNUC_PRINTF (1, 2) G_GNUC_NORETURN finding (const char *format, ...)
{
  va_list args;
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
  abort ();
}

/* The streamed trace against the kept one. */
typedef struct
{
  const CmSceneTrace *kept;
  guint ball, hit;
} Follow;

static gboolean
follow_begin (const CmSceneTrace *st, const CaromBallTrace *bt, gpointer data)
{
  (void)st;
  Follow *f = data;
  if (f->ball >= f->kept->balls->len
      || g_strcmp0 (bt->ball->id, g_array_index (f->kept->balls, CaromBallTrace, f->ball).ball->id)
             != 0)
    finding ("the streamed trace has a ball the kept one has not");
  f->hit = 0;
  return TRUE;
}

static gboolean
follow_hit (const CmSceneTrace *st, const CaromBallTrace *bt, const CgHit *hit, const CgHit *prev,
            gpointer data)
{
  (void)st;
  (void)bt;
  (void)prev;
  Follow *f = data;
  const CaromBallTrace *k = &g_array_index (f->kept->balls, CaromBallTrace, f->ball);
  if (f->hit >= k->trace.n_hits || memcmp (hit, &k->trace.hits[f->hit], sizeof *hit) != 0)
    finding ("ball %u: streamed hit %u differs from the kept one", f->ball, f->hit + 1);
  f->hit++;
  return TRUE;
}

static gboolean
follow_end (const CmSceneTrace *st, const CaromBallTrace *bt, gpointer data)
{
  (void)st;
  Follow *f = data;
  const CaromBallTrace *k = &g_array_index (f->kept->balls, CaromBallTrace, f->ball);
  if (bt->trace.status != k->trace.status || f->hit != k->trace.n_hits)
    finding ("ball %u: streamed status %s after %u hits, kept %s after %zu", f->ball,
             cg_trace_status_name (bt->trace.status), f->hit,
             cg_trace_status_name (k->trace.status), k->trace.n_hits);
  f->ball++;
  return TRUE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) scene = carom_svg_read_memory ((const char *)data, size, NULL, NULL, &error);
  if (scene == NULL)
    return 0;

  CaromTraceOptions options = CAROM_TRACE_OPTIONS_INIT;
  options.budget = BUDGET;
  options.n_threads = 1;
  gsize progress = 0;
  options.progress = &progress;
  g_autoptr (CmSceneTrace) trace = cm_scene_trace_full (scene, &options);
  if (trace == NULL)
    finding ("the trace failed (out of memory?)");
  if (trace->n_hits + (guint64)CAROM_BUDGET_RAY_UNITS * trace->balls->len > BUDGET)
    finding ("%" G_GUINT64_FORMAT " hits and %u rays: over the budget of %d", trace->n_hits,
             trace->balls->len, BUDGET);
  if (progress != trace->n_hits)
    finding ("progress says %zu hits, the trace has %" G_GUINT64_FORMAT, progress, trace->n_hits);

  g_autofree double *offsets = carom_boundary_map_offsets (trace);
  for (guint b = 0; b < trace->balls->len; b++)
    {
      const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, b);
      if (bt->trace.n_hits > bt->allowance)
        finding ("ball %u: %zu hits, given %u", b, bt->trace.n_hits, bt->allowance);
      for (guint k = 0; k < bt->trace.n_hits; k++)
        {
          const CgHit *h = &bt->trace.hits[k];
          if (h->index != k + 1 || !(h->distance >= 0.0) || !isfinite (h->distance)
              || !cg_is_valid_vec2 (h->point) || !cg_is_valid_vec2 (h->out))
            finding ("ball %u hit %u: index %u, t %g", b, k + 1, h->index, h->distance);
          CaromCastExplanation e;
          if (!carom_explain_cast (trace, b, k + 1, &e))
            finding ("ball %u hit %u cannot be explained", b, k + 1);
          if (e.result.prim != h->prim || e.result.rec.t != h->distance)
            finding ("ball %u hit %u explained as another cast", b, k + 1);
          g_autofree char *text
              = carom_explain_format (&e, CAROM_EXPLAIN_TEXT, CAROM_EXPLAIN_REJECTED_MAX);
          carom_cast_explanation_clear (&e);
          if (text == NULL || text[0] == '\0')
            finding ("ball %u hit %u: an empty explanation", b, k + 1);
          CaromMapPoint p = carom_boundary_map_point (trace, bt->radius, h, k, offsets);
          if (!isfinite (p.xi) || !(p.sin_phi >= -1.0 && p.sin_phi <= 1.0))
            finding ("ball %u hit %u: map point (%g, %g)", b, k + 1, p.xi, p.sin_phi);
        }
    }

  Follow follow = { .kept = trace };
  static const CaromTraceStream funcs = { follow_begin, follow_hit, follow_end };
  options.progress = NULL;
  if (!cm_scene_trace_stream (scene, &options, &funcs, &follow, NULL))
    finding ("the streamed trace failed");
  if (follow.ball != trace->balls->len)
    finding ("the streamed trace has %u balls, the kept one %u", follow.ball, trace->balls->len);
  return 0;
}
