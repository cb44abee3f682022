/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-cli-trace.c: `carom trace SCENE.svg [--json | --explain [--latex]] [--max-bounces N]
 * [--brute-force] [--threads N]`. */
#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "carom-cli.h"
#include "model/carom-number.h"
#include "io/carom-svg.h"
#include "model/carom-explain.h"
#include "model/carom-trace-json.h"
#include "model/carom-tracing.h"

const char *
carom_cli_format_number (double value, char buffer[G_ASCII_DTOSTR_BUF_SIZE])
{
  if (value == 0.0)
    value = 0.0; /* -0 prints as 0 */
  /* What g_ascii_formatd (…, "%.17g", value) gives, without printf's cost:
   * the JSON of a big trace is mostly numbers. */
  G_STATIC_ASSERT (G_ASCII_DTOSTR_BUF_SIZE >= CAROM_G17_BUF_SIZE);
  carom_format_g17 (value, buffer);
  return buffer;
}

/* Short readable numbers for the text form. */
static const char *
short_number (double value, char buffer[G_ASCII_DTOSTR_BUF_SIZE])
{
  if (fabs (value) < 1e-12)
    value = 0.0;
  return g_ascii_formatd (buffer, G_ASCII_DTOSTR_BUF_SIZE, "%.8g", value);
}

static const char *
status_sentence (CgTraceStatus status)
{
  switch (status)
    {
    case CG_TRACE_STOPPED:
      return _ ("stopped: touched an obstacle");
    case CG_TRACE_MAX_BOUNCES:
      return _ ("max-bounces: made its maximum number of reflections");
    case CG_TRACE_ESCAPED:
      return _ ("escaped: the last cast hit nothing");
    case CG_TRACE_START_OVERLAP:
      return _ ("start-overlap: the ball starts overlapping a wall or an obstacle");
    case CG_TRACE_BUDGET:
      return _ ("budget: the scene's work budget ran out before the ball ended");
    case CG_TRACE_RUNNING:
    case CG_TRACE_INVALID_INPUT:
      break;
    }
  return _ ("invalid-input: the ball’s start or direction is not usable");
}

/* Where the streamed output goes: a buffer written out to stdout whenever
 * it holds more than a few pages, so memory stays bounded. */
typedef struct
{
  GString *out;
  FILE *file;
  gboolean failed;
  CmExplainFormat format;
  int digits;
  guint balls; /* balls begun so far */
} Writer;

#define FLUSH_AT (64 * 1024)

static gboolean
flush (Writer *w, gboolean always)
{
  if (w->out->len == 0 || (!always && w->out->len < FLUSH_AT))
    return !w->failed;
  if (fwrite (w->out->str, 1, w->out->len, w->file) != w->out->len)
    w->failed = TRUE;
  g_string_truncate (w->out, 0);
  return !w->failed;
}

/* --json: the document as it always was, but each ball's status after its
 * hits, so that the ball can be written as it is traced. */
static gboolean
json_begin (const CmSceneTrace *st, const CaromBallTrace *bt, gpointer data)
{
  (void)st;
  Writer *w = data;
  carom_trace_json_ball_begin (w->out, bt, w->balls++);
  return flush (w, FALSE);
}

static gboolean
json_hit_out (const CmSceneTrace *st, const CaromBallTrace *bt, const CgHit *hit, const CgHit *prev,
              gpointer data)
{
  (void)bt;
  Writer *w = data;
  carom_trace_json_hit (w->out, st, hit, prev == NULL);
  return flush (w, FALSE);
}

static gboolean
json_end (const CmSceneTrace *st, const CaromBallTrace *bt, gpointer data)
{
  (void)st;
  Writer *w = data;
  carom_trace_json_ball_end (w->out, bt, bt->trace.n_hits);
  return flush (w, FALSE);
}

/* The text form. */
static gboolean
text_begin (const CmSceneTrace *st, const CaromBallTrace *bt, gpointer data)
{
  (void)st;
  Writer *w = data;
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE], c[G_ASCII_DTOSTR_BUF_SIZE];
  const CgTrace *t = &bt->trace;
  if (w->balls++ > 0)
    g_string_append_c (w->out, '\n');
  g_string_append_printf (w->out, _ ("Ball %s at (%s, %s), radius %s\n"), bt->ball->id,
                          short_number (t->start.x, a), short_number (t->start.y, b),
                          short_number (t->radius, c));
  return flush (w, FALSE);
}

static gboolean
text_hit (const CmSceneTrace *st, const CaromBallTrace *bt, const CgHit *hit, const CgHit *prev,
          gpointer data)
{
  (void)bt;
  (void)prev;
  Writer *w = data;
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE], c[G_ASCII_DTOSTR_BUF_SIZE];
  const CmObject *object = cm_scene_trace_polygon (st, hit->object);
  gboolean wall = object->role == CG_ROLE_WALL;
  g_autofree char *where = NULL;
  if (hit->kind == CG_PRIM_SEGMENT)
    where = wall ? g_strdup_printf (_ ("wall %s, edge %u"), object->id, hit->element)
                 : g_strdup_printf (_ ("obstacle %s, edge %u"), object->id, hit->element);
  else if (hit->part == CG_PART_EDGE)
    where = wall ? g_strdup_printf (_ ("wall %s, arc edge %u"), object->id, hit->element)
                 : g_strdup_printf (_ ("obstacle %s, arc edge %u"), object->id, hit->element);
  else
    where = wall
                ? g_strdup_printf (_ ("wall %s, corner arc at vertex %u"), object->id, hit->element)
                : g_strdup_printf (_ ("obstacle %s, corner arc at vertex %u"), object->id,
                                   hit->element);
  g_string_append_printf (w->out, _ ("  %3u  (%s, %s)  after %s  %s: %s\n"), hit->index,
                          short_number (hit->point.x, a), short_number (hit->point.y, b),
                          short_number (hit->distance, c), where,
                          hit->reflected ? _ ("reflects") : _ ("stops"));
  return flush (w, FALSE);
}

static gboolean
text_end (const CmSceneTrace *st, const CaromBallTrace *bt, gpointer data)
{
  (void)st;
  Writer *w = data;
  g_string_append_printf (w->out, _ ("  %s\n"), status_sentence (bt->trace.status));
  return flush (w, FALSE);
}

/* --explain: each hit's maths, hits apart by a blank line. */
static gboolean
explain_begin (const CmSceneTrace *st, const CaromBallTrace *bt, gpointer data)
{
  (void)st;
  (void)bt;
  (void)data;
  return TRUE;
}

static gboolean
explain_hit (const CmSceneTrace *st, const CaromBallTrace *bt, const CgHit *hit, const CgHit *prev,
             gpointer data)
{
  Writer *w = data;
  CaromCastExplanation e;
  if (!carom_explain_hit (st, bt, hit, prev, &e))
    {
      carom_cast_explanation_clear (&e);
      return FALSE;
    }
  g_autofree char *text
      = carom_explain_format_digits (&e, w->format, CAROM_EXPLAIN_REJECTED_MAX, w->digits);
  carom_cast_explanation_clear (&e);
  if (w->balls++ > 0)
    g_string_append_c (w->out, '\n');
  g_string_append (w->out, text);
  return flush (w, FALSE);
}

static gboolean
explain_end (const CmSceneTrace *st, const CaromBallTrace *bt, gpointer data)
{
  (void)st;
  (void)bt;
  (void)data;
  return TRUE;
}

int
carom_cli_trace (int argc, char **argv)
{
  gboolean json = FALSE, explain = FALSE, latex = FALSE, brute_force = FALSE;
  gint64 max_bounces = G_MININT64; /* not given */
  int digits = 0;                  /* not given */
  gint threads = 0;                /* not given: every core */
  gint64 max_hits = 0;             /* not given: CAROM_BUDGET_STREAM_DEFAULT */
  g_auto (GStrv) files = NULL;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_ ("Print the trace as JSON"), NULL },
    { "explain", 0, 0, G_OPTION_ARG_NONE, &explain,
      N_ ("Print the maths of every hit: the formulas with their numbers, and the rejected "
          "candidates"),
      NULL },
    { "latex", 0, 0, G_OPTION_ARG_NONE, &latex,
      N_ ("With --explain, write each hit as a LaTeX align* environment"), NULL },
    { "digits", 0, 0, G_OPTION_ARG_INT, &digits,
      N_ ("With --explain, numbers to N significant digits (default 6; with --latex every "
          "digit; 17: every digit needed to read a number back)"),
      "N" },
    { "max-bounces", 0, 0, G_OPTION_ARG_INT64, &max_bounces,
      N_ ("Stop each ball after N hits (default: the ball’s own setting)"), "N" },
    { "brute-force", 0, 0, G_OPTION_ARG_NONE, &brute_force,
      N_ ("Test every primitive instead of using the BVH"), NULL },
    { "max-hits", 0, 0, G_OPTION_ARG_INT64, &max_hits,
      N_ ("Trace within a work budget of N rays and hits in all (default 20,000,000)"), "N" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads,
      N_ ("Accepted for earlier scripts; the trace streams its hits in order on one thread"), "N" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("SCENE.svg"));
  g_option_context_set_summary (context, _ ("Trace every ball of a scene and print its hits."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);

  g_autoptr (GError) error = NULL;
  g_set_prgname ("carom trace"); /* the usage line names the command */
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("carom trace: %s\n", error->message);
      return 2;
    }
  if (files == NULL || files[0] == NULL || files[1] != NULL)
    {
      g_printerr ("carom trace: %s\n", _ ("give exactly one scene file"));
      return 2;
    }
  if (json && explain)
    {
      g_printerr ("carom trace: %s\n", _ ("--json and --explain cannot be used together"));
      return 2;
    }
  if (digits != 0 && !explain)
    {
      g_printerr ("carom trace: %s\n", _ ("--digits goes with --explain"));
      return 2;
    }
  if (digits < 0 || digits > 17)
    {
      g_printerr ("carom trace: %s\n", _ ("--digits needs a number from 1 to 17"));
      return 2;
    }
  if (latex && !explain)
    {
      g_printerr ("carom trace: %s\n", _ ("--latex goes with --explain"));
      return 2;
    }
  if (max_bounces != G_MININT64 && max_bounces < 0)
    {
      g_printerr ("carom trace: %s\n", _ ("--max-bounces needs a number of 0 or more"));
      return 2;
    }
  if (!carom_cli_check_budget ("carom trace", max_hits))
    return 2;
  if (threads < 0 || threads > 1024)
    {
      g_printerr ("carom trace: %s\n", _ ("--threads needs a number from 1 to 1024"));
      return 2;
    }

  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CmScene) scene = carom_svg_read_file (files[0], NULL, &summary, &error);
  if (scene == NULL)
    {
      g_printerr ("carom trace: %s\n", error->message);
      return 1;
    }
  for (guint i = 0; summary != NULL && i < summary->len; i++)
    g_printerr ("%s\n", (const char *)g_ptr_array_index (summary, i));

  /* Traced and written as it goes: the hits are not kept (bounded memory
   * whatever their number); the budget bounds the time. --threads and
   * --brute-force give the same bytes. */
  (void)threads;
  CaromTraceOptions options = CAROM_TRACE_OPTIONS_INIT;
  options.max_bounces_override = max_bounces == G_MININT64 ? -1 : max_bounces;
  options.brute_force = brute_force;
  options.budget = max_hits > 0 ? (guint64)max_hits : CAROM_BUDGET_STREAM_DEFAULT;
  static const CaromTraceStream json_funcs = { json_begin, json_hit_out, json_end };
  static const CaromTraceStream text_funcs = { text_begin, text_hit, text_end };
  static const CaromTraceStream explain_funcs = { explain_begin, explain_hit, explain_end };
  Writer w = { .out = g_string_sized_new (FLUSH_AT + 4096),
               .file = stdout,
               .format = latex ? CAROM_EXPLAIN_LATEX : CAROM_EXPLAIN_TEXT,
               .digits = digits != 0 ? digits
                         : latex     ? 0
                                     : CAROM_EXPLAIN_DIGITS_DEFAULT };
  if (json)
    carom_trace_json_open (w.out);
  g_autoptr (CaromTracePlan) plan = NULL;
  gboolean ok = cm_scene_trace_stream (scene, &options,
                                       json      ? &json_funcs
                                       : explain ? &explain_funcs
                                                 : &text_funcs,
                                       &w, &plan);
  if (ok && json)
    carom_trace_json_close (w.out, w.balls);
  if (ok && !json && !explain && plan != NULL && plan->objects->len == 0)
    g_string_append (w.out, _ ("The scene has no ball to trace.\n"));
  flush (&w, TRUE);
  g_string_free (w.out, TRUE);
  if (fflush (stdout) != 0)
    w.failed = TRUE;
  if (w.failed)
    {
      g_printerr ("carom trace: %s\n", _ ("cannot write the output"));
      return 1;
    }
  if (!ok)
    {
      g_printerr ("carom trace: %s\n", _ ("out of memory"));
      return 1;
    }
  if (plan != NULL)
    carom_cli_report_budget ("carom trace", plan, scene);
  return 0;
}
