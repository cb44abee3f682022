/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-cli-map.c: `carom map SCENE.svg -o OUT.png|OUT.svg|OUT.pdf|OUT.csv [--ball ID]
 * [--max-bounces M]`: the boundary map (Birkhoff coordinates) of the balls. */
#include <glib/gi18n.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "carom-cli.h"
#include "io/carom-svg.h"
#include "model/carom-boundary-map.h"
#include "render/carom-map-render.h"

/* The CSV, streamed: each selected ball's hits written as they are traced. */
typedef struct
{
  const char *ball_id;
  FILE *file;
  GString *out;
  double *offsets;
  guint balls; /* balls mapped */
  gboolean selected, failed;
} CsvStream;

static gboolean
csv_flush (CsvStream *c, gsize at)
{
  if (c->out->len >= at && c->out->len > 0)
    {
      if (fwrite (c->out->str, 1, c->out->len, c->file) != c->out->len)
        c->failed = TRUE;
      g_string_truncate (c->out, 0);
    }
  return !c->failed;
}

static gboolean
csv_begin (const CmSceneTrace *st, const CaromBallTrace *bt, gpointer data)
{
  CsvStream *c = data;
  if (c->offsets == NULL)
    c->offsets = carom_boundary_map_offsets (st);
  /* A beam's id maps all its rays, BEAMID#k one of them. */
  c->selected = c->ball_id == NULL || g_strcmp0 (bt->ball->id, c->ball_id) == 0
                || (bt->source != bt->ball && g_strcmp0 (bt->source->id, c->ball_id) == 0);
  c->balls += c->selected;
  return TRUE;
}

static gboolean
csv_hit (const CmSceneTrace *st, const CaromBallTrace *bt, const CgHit *hit, const CgHit *prev,
         gpointer data)
{
  (void)prev;
  CsvStream *c = data;
  if (!c->selected)
    return TRUE;
  carom_map_csv_row (c->out, st, bt, hit, c->offsets);
  return csv_flush (c, 64 * 1024);
}

static gboolean
csv_end (const CmSceneTrace *st, const CaromBallTrace *bt, gpointer data)
{
  (void)st;
  (void)bt;
  return csv_flush (data, 64 * 1024);
}

/* Writes the map's CSV to output as the balls are traced (bounded memory),
 * through a file beside it renamed at the end. Returns the exit status. */
static int
map_csv_streamed (const CmScene *scene, const CaromTraceOptions *options, const char *ball_id,
                  const char *output)
{
  g_autofree char *part = g_strconcat (output, ".part", NULL);
  CsvStream c = { .ball_id = ball_id, .out = g_string_new (CAROM_MAP_CSV_HEADER) };
  c.file = g_fopen (part, "wb");
  if (c.file == NULL)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (output);
      g_printerr ("carom map: ");
      g_printerr (_ ("cannot write “%s”: %s"), display, g_strerror (saved));
      g_printerr ("\n");
      g_string_free (c.out, TRUE);
      return 1;
    }
  static const CaromTraceStream funcs = { csv_begin, csv_hit, csv_end };
  g_autoptr (CaromTracePlan) plan = NULL;
  gboolean ok = cm_scene_trace_stream (scene, options, &funcs, &c, &plan);
  csv_flush (&c, 0);
  if (fclose (c.file) != 0)
    c.failed = TRUE;
  g_string_free (c.out, TRUE);
  g_free (c.offsets);
  int status = 0;
  if (c.failed)
    {
      g_autofree char *display = g_filename_display_name (output);
      g_printerr ("carom map: ");
      g_printerr (_ ("cannot write “%s”: %s"), display, g_strerror (ENOSPC));
      g_printerr ("\n");
      status = 1;
    }
  else if (!ok)
    {
      g_printerr ("carom map: %s\n", _ ("out of memory"));
      status = 1;
    }
  else if (ball_id != NULL && c.balls == 0)
    {
      g_printerr ("carom map: ");
      g_printerr (_ ("no ball “%s” is traced in the scene"), ball_id);
      g_printerr ("\n");
      status = 2;
    }
  else if (g_rename (part, output) != 0)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (output);
      g_printerr ("carom map: ");
      g_printerr (_ ("cannot write “%s”: %s"), display, g_strerror (saved));
      g_printerr ("\n");
      status = 1;
    }
  if (status != 0)
    g_unlink (part);
  else
    carom_cli_report_budget ("carom map", plan, scene);
  return status;
}

int
carom_cli_map (int argc, char **argv)
{
  g_autofree char *output = NULL, *ball_id = NULL;
  gint64 max_bounces = G_MININT64; /* not given */
  gint64 max_hits = 0;             /* not given */
  g_auto (GStrv) files = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_ ("Write the map to OUT: a plot (.png, .svg, .pdf) or the points (.csv)"), "OUT" },
    { "ball", 0, 0, G_OPTION_ARG_STRING, &ball_id,
      N_ ("Map only the ball with this id (a beam’s id: all its rays; BEAMID#k: ray k)"), "ID" },
    { "max-bounces", 0, 0, G_OPTION_ARG_INT64, &max_bounces,
      N_ ("Stop each ball after M hits (default: the ball’s own setting)"), "M" },
    { "max-hits", 0, 0, G_OPTION_ARG_INT64, &max_hits,
      N_ ("Trace within a work budget of N rays and hits in all (default 20,000,000 for .csv, "
          "6,000,000 for a plot)"),
      "N" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("SCENE.svg"));
  g_option_context_set_summary (
      context, _ ("Draw the boundary map of the balls: every hit as a point (ξ, sin φ), ξ the arc "
                  "length along the objects laid end to end in scene order, φ the angle from "
                  "the contact normal to the direction the ball leaves along."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);

  g_autoptr (GError) error = NULL;
  g_set_prgname ("carom map");
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("carom map: %s\n", error->message);
      return 2;
    }
  if (files == NULL || files[0] == NULL || files[1] != NULL)
    {
      g_printerr ("carom map: %s\n", _ ("give exactly one scene file"));
      return 2;
    }
  if (output == NULL)
    {
      g_printerr ("carom map: %s\n", _ ("give the output file with -o OUT"));
      return 2;
    }
  const char *dot = strrchr (output, '.');
  gboolean csv = dot != NULL && g_ascii_strcasecmp (dot, ".csv") == 0;
  if (!csv
      && !(dot != NULL
           && (g_ascii_strcasecmp (dot, ".png") == 0 || g_ascii_strcasecmp (dot, ".svg") == 0
               || g_ascii_strcasecmp (dot, ".pdf") == 0)))
    {
      g_autofree char *display = g_filename_display_name (output);
      g_printerr ("carom map: ");
      g_printerr (_ ("cannot tell the format of “%s”: the output must end in .png, .svg, .pdf "
                     "or .csv"),
                  display);
      g_printerr ("\n");
      return 2;
    }
  if (max_bounces != G_MININT64 && max_bounces < 0)
    {
      g_printerr ("carom map: %s\n", _ ("--max-bounces needs a number of 0 or more"));
      return 2;
    }
  if (!carom_cli_check_budget ("carom map", max_hits))
    return 2;

  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CmScene) scene = carom_svg_read_file (files[0], NULL, &summary, &error);
  if (scene == NULL)
    {
      g_printerr ("carom map: %s\n", error->message);
      return 1;
    }
  for (guint i = 0; summary != NULL && i < summary->len; i++)
    g_printerr ("%s\n", (const char *)g_ptr_array_index (summary, i));

  CaromTraceOptions options = CAROM_TRACE_OPTIONS_INIT;
  options.max_bounces_override = max_bounces == G_MININT64 ? -1 : max_bounces;
  /* The CSV streams; a plot holds every point, as the window does. */
  options.budget = max_hits > 0 ? (guint64)max_hits
                   : csv        ? CAROM_BUDGET_STREAM_DEFAULT
                                : CAROM_BUDGET_WINDOW_DEFAULT;
  if (csv)
    return map_csv_streamed (scene, &options, ball_id, output);
  g_autoptr (CmSceneTrace) trace = cm_scene_trace_full (scene, &options);
  if (trace == NULL)
    {
      g_printerr ("carom map: %s\n", _ ("out of memory"));
      return 1;
    }
  /* A beam's id maps all its rays, BEAMID#k one of them. */
  g_autoptr (GArray) balls = cm_scene_trace_balls_named (trace, ball_id);
  if (ball_id != NULL && balls->len == 0)
    {
      g_printerr ("carom map: ");
      g_printerr (_ ("no ball “%s” is traced in the scene"), ball_id);
      g_printerr ("\n");
      return 2;
    }

  if (!carom_map_write (output, trace, (const guint *)balls->data, balls->len, &error))
    {
      g_printerr ("carom map: %s\n", error->message);
      return 1;
    }
  carom_cli_report_budget ("carom map", trace->plan, scene);
  return 0;
}
