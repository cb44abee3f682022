/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-map.c: the Boundary map pane on a fan of N rays × 29 bounces in a
 * room (default N = 10,000: 290,000 dots): how long after the trace changes
 * the new map is on screen, and the longest the main loop is held meanwhile
 * (the canvas's frames wait that long at most). Needs a display:
 *   xvfb-run -a build/tests/bench/bench-map [N]
 * G_MESSAGES_DEBUG=all also prints each rebuild's work. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "app/carom-map-view.h"
#include "control/carom-document.h"

static gboolean loaded;

static void
load_done (GObject *source, GAsyncResult *result, gpointer data)
{
  (void)data;
  g_autoptr (GError) error = NULL;
  if (!carom_document_load_finish (CAROM_DOCUMENT (source), result, NULL, &error))
    g_error ("%s", error->message);
  loaded = TRUE;
}

int
main (int argc, char **argv)
{
  guint n = argc > 1 ? (guint)g_ascii_strtoull (argv[1], NULL, 10) : 10000;
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  gtk_init ();
  adw_init ();
  g_autofree char *dir = g_dir_make_tmp ("bench-map-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "fan.svg", NULL);
  g_autofree char *scene = g_strdup_printf (
      "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:carom=\"urn:carom:scene:1\" "
      "viewBox=\"-420 -320 840 640\">\n"
      "  <polygon carom:role=\"wall\" id=\"room\" points=\"-400,-300 -400,300 400,300 "
      "400,-300\"/>\n"
      "  <circle carom:role=\"beam\" id=\"fan\" cx=\"-300\" cy=\"0\" r=\"6\" "
      "carom:direction=\"1 0.3\" carom:spread=\"60\" carom:count=\"%u\" "
      "carom:max-bounces=\"29\"/>\n</svg>\n",
      n);
  g_assert_true (g_file_set_contents (path, scene, -1, NULL));
  g_autoptr (CaromDocument) document = carom_document_new ();
  g_autoptr (GFile) file = g_file_new_for_path (path);
  carom_document_load_async (document, file, NULL, load_done, NULL);
  while (!loaded)
    g_main_context_iteration (NULL, TRUE);

  GtkWidget *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 260);
  CaromMapView *map = g_object_new (CAROM_TYPE_MAP_VIEW, NULL);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (map));
  carom_map_view_set_document (map, document);
  carom_map_view_set_step (map, 0, 0);
  gtk_window_present (GTK_WINDOW (window));
  double x, y;
  while (!carom_map_view_hit_position (map, n - 1, 0, &x, &y))
    g_main_context_iteration (NULL, TRUE);

  g_print ("bench-map: a fan of %u rays × 29 bounces (%u dots)\n", n, n * 29);
  for (int i = 0; i < 5; i++)
    {
      /* What a drag's step does: the trace changed. */
      g_signal_emit_by_name (document, "changed");
      gint64 t0 = g_get_monotonic_time (), worst = 0;
      while (!carom_map_view_hit_position (map, n - 1, 0, &x, &y))
        {
          gint64 a = g_get_monotonic_time ();
          g_main_context_iteration (NULL, FALSE);
          worst = MAX (worst, g_get_monotonic_time () - a);
        }
      g_print ("  change %d: the new map on screen after %.1f ms; the main loop held at most "
               "%.1f ms at a time\n",
               i + 1, (g_get_monotonic_time () - t0) / 1000.0, worst / 1000.0);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
  return 0;
}
