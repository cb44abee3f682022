/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-trace.c: the window on issue 24's file (a 1 KB scene that asks for
 * 10^12 hits), under Xvfb with real X input: it opens, traces within the
 * work budget off the main loop, answers a key press within 200 ms while it
 * traces, shows the progress in the stepper bar, and Cancel stops the trace
 * and keeps what was traced, marked partial, the scene untouched. */
#include "ui-harness.h"

#include <glib/gstdio.h>
#include <string.h>

static char *
huge_file (char **dir)
{
  g_autofree char *path = source_path ("data/examples/sinai-fan.svg");
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_autoptr (GString) s = g_string_new (text);
  g_assert_cmpuint (g_string_replace (s, "carom:count=\"24\"", "carom:count=\"1000000\"", 1), ==,
                    1);
  g_assert_cmpuint (
      g_string_replace (s, "carom:max-bounces=\"120\"", "carom:max-bounces=\"1000000\"", 1), ==, 1);
  *dir = g_dir_make_tmp ("carom-ui-trace-XXXXXX", NULL);
  char *out = g_build_filename (*dir, "huge.svg", NULL);
  g_assert_true (g_file_set_contents (out, s->str, -1, NULL));
  return out;
}

static gboolean
tracing (gpointer data)
{
  return carom_document_get_tracing (carom_window_get_document (data));
}

static gboolean
mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

/* Whether a click at the point would reach the widget (no toast over it). */
typedef struct
{
  GtkWidget *window, *target;
  double x, y;
} Pick;

static gboolean
reachable (gpointer data)
{
  Pick *p = data;
  /* Its middle, where it is now. */
  graphene_point_t centre;
  if (gtk_widget_get_width (p->target) <= 0
      || !gtk_widget_compute_point (p->target, p->window,
                                    &GRAPHENE_POINT_INIT (gtk_widget_get_width (p->target) / 2.0f,
                                                          gtk_widget_get_height (p->target) / 2.0f),
                                    &centre))
    return FALSE;
  p->x = centre.x;
  p->y = centre.y;
  GtkWidget *hit = gtk_widget_pick (p->window, p->x, p->y, GTK_PICK_DEFAULT);
  return hit != NULL && (hit == p->target || gtk_widget_is_ancestor (hit, p->target));
}

static gboolean
some_hits (gpointer data)
{
  guint64 hits = 0;
  carom_document_get_trace_progress (carom_window_get_document (data), &hits, NULL, NULL);
  return hits > 0;
}

static gboolean
not_tracing (gpointer data)
{
  return !tracing (data);
}

/* The main loop's longest gap while tracing: a timeout every 5 ms. */
typedef struct
{
  CaromDocument *document;
  gint64 last, longest;
} Gaps;

static gboolean
gap_tick (gpointer data)
{
  Gaps *g = data;
  gint64 now = g_get_monotonic_time ();
  /* While it traces (drawing the trace once it is there is another matter). */
  if (g->last != 0 && carom_document_get_tracing (g->document))
    g->longest = MAX (g->longest, now - g->last);
  g->last = now;
  return G_SOURCE_CONTINUE;
}

typedef struct
{
  CaromWindow *window;
  double zoom;
} Zoom;

static gboolean
zoom_changed (gpointer data)
{
  Zoom *z = data;
  return carom_canvas_get_zoom (CAROM_CANVAS (carom_window_get_canvas (z->window))) != z->zoom;
}

static void
test_huge_file (void)
{
  if (!can_send_input ())
    return;
  /* Over three times the default budget: some seconds of tracing to press
   * keys in, even on a fast machine. */
  g_autoptr (GSettings) settings = g_settings_new ("io.carom.Carom");
  g_settings_set_uint64 (settings, "work-budget", 20000000);
  g_autofree char *dir = NULL;
  g_autofree char *path = huge_file (&dir);
  gint64 t0 = g_get_monotonic_time ();
  CaromWindow *window = carom_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);
  gtk_window_present (GTK_WINDOW (window));
  g_autoptr (GFile) file = g_file_new_for_path (path);
  carom_window_open_file (window, file);
  g_assert_true (wait_for (document_has_file, window, 10000));
  g_assert_true (wait_for (tracing, window, 10000));
  CaromDocument *document = carom_window_get_document (window);
  guint objects = carom_document_get_scene (document)->objects->len;

  /* The main loop keeps turning while the scene is traced. */
  Gaps gaps = { carom_window_get_document (window), 0, 0 };
  guint tick = g_timeout_add (5, gap_tick, &gaps);
  spin (50);
  g_assert_true (tracing (window));

  /* The progress is in the stepper bar, with Cancel. */
  GtkWidget *box = find_named (GTK_WIDGET (window), "tracing-box");
  g_assert_nonnull (box);
  g_assert_true (wait_for (mapped, box, 2000));
  GtkWidget *bar = gtk_widget_get_first_child (box);
  g_assert_true (GTK_IS_PROGRESS_BAR (bar));
  const char *text = gtk_progress_bar_get_text (GTK_PROGRESS_BAR (bar));
  g_assert_nonnull (text);
  g_assert_true (g_str_has_prefix (text, "Tracing: "));
  g_assert_nonnull (strstr (text, " hits"));

  /* A key press (Ctrl++ zooms in) is answered within 200 ms while it traces.
   * The time includes starting xdotool, which a machine busy with other work
   * can delay: the best of three presses counts. */
  const char *argv[] = { "xdotool", "key", "ctrl+plus", NULL };
  gint64 best = G_MAXINT64;
  for (int attempt = 0; attempt < 3 && best >= 200000; attempt++)
    {
      Zoom z = { window, carom_canvas_get_zoom (CAROM_CANVAS (carom_window_get_canvas (window))) };
      gint64 k0 = g_get_monotonic_time ();
      g_assert_true (
          g_spawn_async (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL));
      g_assert_true (wait_for (zoom_changed, &z, 5000));
      gint64 k1 = g_get_monotonic_time ();
      g_assert_true (tracing (window));
      g_test_message ("key press answered in %.0f ms while tracing", (k1 - k0) / 1e3);
      best = MIN (best, k1 - k0);
    }
  g_assert_cmpint (best, <, 200000);

  /* Cancel, clicked: the trace stops, what was traced stays, marked partial. */
  GtkWidget *cancel = gtk_widget_get_last_child (box);
  g_assert_true (GTK_IS_BUTTON (cancel));
  g_assert_true (wait_for (some_hits, window, 20000));
  /* Laid out, and no toast over it. */
  Pick pick = { GTK_WIDGET (window), cancel, 0, 0 };
  if (!wait_for (reachable, &pick, 10000))
    {
      GtkWidget *hit = gtk_widget_pick (pick.window, pick.x, pick.y, GTK_PICK_DEFAULT);
      g_error ("Cancel at (%.0f, %.0f) is under %s", pick.x, pick.y,
               hit != NULL ? G_OBJECT_TYPE_NAME (hit) : "nothing");
    }
  double sx, sy;
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));
  g_autofree char *win = g_strdup_printf ("%lu", (unsigned long)xid);
  g_autofree char *px = g_strdup_printf ("%d", (int)lround (pick.x + sx));
  g_autofree char *py = g_strdup_printf ("%d", (int)lround (pick.y + sy));
  const char *click[] = { "mousemove", "--window", win, px, py, "click", "1", NULL };
  g_assert_true (tracing (window));
  xdotool (click);
  g_assert_true (wait_for (not_tracing, window, 30000));
  g_source_remove (tick);
  g_test_message ("the main loop's longest gap while tracing: %.0f ms", gaps.longest / 1e3);
  /* (AddressSanitizer slows the main loop's own work several times over.) */
#if !defined(__SANITIZE_ADDRESS__)
  g_assert_cmpint (gaps.longest, <, 200000);
#endif

  const CmSceneTrace *trace = carom_document_get_trace (document);
  g_assert_nonnull (trace);
  g_test_message ("after Cancel: %" G_GUINT64_FORMAT " hits of %u balls", trace->n_hits,
                  trace->balls->len);
  g_assert_true (trace->cancelled);
  g_assert_cmpuint (trace->balls->len, ==, 1000000);
  g_assert_cmpuint (trace->n_hits, >, 0);
  g_assert_cmpuint (trace->n_hits, <, 18000000);
  /* The scene is untouched, and stays traced in part until it changes. */
  g_assert_cmpuint (carom_document_get_scene (document)->objects->len, ==, objects);
  g_assert_false (carom_document_get_modified (document));
  spin (300);
  g_assert_false (tracing (window));
  g_assert_true (carom_document_get_trace (document) == trace);
  g_assert_false (gtk_widget_get_mapped (box));
  g_test_message ("opened, traced in part and cancelled in %.1f s",
                  (g_get_monotonic_time () - t0) / 1e6);

  destroy_window (window);
  g_settings_reset (settings, "work-budget");
  g_unlink (path);
  g_rmdir (dir);
}

/* Closing the window while it traces lets the trace go cleanly. */
static void
test_close_while_tracing (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = huge_file (&dir);
  CaromWindow *window = carom_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  g_autoptr (GFile) file = g_file_new_for_path (path);
  carom_window_open_file (window, file);
  g_assert_true (wait_for (document_has_file, window, 10000));
  g_assert_true (wait_for (tracing, window, 10000));
  destroy_window (window);
  spin (500); /* the abandoned trace stops and frees itself */
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  ui_harness_init (&argc, &argv);
  g_test_add_func ("/ui-trace/huge-file", test_huge_file);
  g_test_add_func ("/ui-trace/close-while-tracing", test_close_while_tracing);
  return ui_harness_run ();
}
