/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-cli-map.c: `carom map SCENE.svg -o OUT.png|OUT.svg|OUT.pdf|OUT.csv [--ball ID]
 * [--max-bounces M]`: the boundary map (Birkhoff coordinates) of the balls. */
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "carom-cli.h"
#include "io/carom-svg.h"
#include "model/carom-boundary-map.h"
#include "render/carom-map-render.h"

int
carom_cli_map (int argc, char **argv)
{
  g_autofree char *output = NULL, *ball_id = NULL;
  gint64 max_bounces = G_MININT64; /* not given */
  g_auto (GStrv) files = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_ ("Write the map to OUT: a plot (.png, .svg, .pdf) or the points (.csv)"), "OUT" },
    { "ball", 0, 0, G_OPTION_ARG_STRING, &ball_id,
      N_ ("Map only the ball with this id (a beam’s id: all its rays; BEAMID#k: ray k)"), "ID" },
    { "max-bounces", 0, 0, G_OPTION_ARG_INT64, &max_bounces,
      N_ ("Stop each ball after M wall hits (default: the ball’s own setting)"), "M" },
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

  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CaromScene) scene = carom_svg_read_file (files[0], NULL, &summary, &error);
  if (scene == NULL)
    {
      g_printerr ("carom map: %s\n", error->message);
      return 1;
    }
  for (guint i = 0; summary != NULL && i < summary->len; i++)
    g_printerr ("%s\n", (const char *)g_ptr_array_index (summary, i));

  g_autoptr (CaromSceneTrace) trace
      = carom_scene_trace (scene, max_bounces == G_MININT64 ? -1 : max_bounces, FALSE);
  if (trace == NULL)
    {
      g_printerr ("carom map: %s\n", _ ("out of memory"));
      return 1;
    }
  g_autoptr (GArray) balls = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < trace->balls->len; i++)
    {
      const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, i);
      /* A beam's id maps all its rays, BEAMID#k one of them. */
      if (ball_id == NULL || g_strcmp0 (bt->ball->id, ball_id) == 0
          || (bt->source != bt->ball && g_strcmp0 (bt->source->id, ball_id) == 0))
        g_array_append_val (balls, i);
    }
  if (ball_id != NULL && balls->len == 0)
    {
      g_printerr ("carom map: ");
      g_printerr (_ ("no ball “%s” is traced in the scene"), ball_id);
      g_printerr ("\n");
      return 2;
    }

  if (csv)
    {
      g_autofree char *text = carom_map_csv (trace, (const guint *)balls->data, balls->len);
      if (!g_file_set_contents (output, text, -1, &error))
        {
          g_printerr ("carom map: %s\n", error->message);
          return 1;
        }
      return 0;
    }
  if (!carom_map_write (output, trace, (const guint *)balls->data, balls->len, &error))
    {
      g_printerr ("carom map: %s\n", error->message);
      return 1;
    }
  return 0;
}
