/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-harness.h: what the UI tests (test-ui*.c) share: a main loop to spin, windows on a scene,
 * widgets found by name, and real X input through xdotool (XTEST) under Xvfb. Header-only: each
 * test program includes it once. */
#pragma once

#include "config.h"

#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>

#include "app/carom-application.h"
#include "app/carom-canvas.h"
#include "app/carom-inspector.h"
#include "app/carom-window.h"
#include "control/carom-editor.h"

static CaromApplication *app;

G_GNUC_UNUSED static char *
source_path (const char *relative)
{
  return g_build_filename (g_getenv ("CAROM_SOURCE_ROOT"), relative, NULL);
}

/* Spins the main loop until check(data) holds or timeout_ms passes. */
G_GNUC_UNUSED static gboolean
wait_for (gboolean (*check) (gpointer), gpointer data, guint timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64)timeout_ms * 1000;
  while (!check (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}

G_GNUC_UNUSED static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64)ms * 1000;
  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

G_GNUC_UNUSED static gboolean
document_has_file (gpointer data)
{
  return carom_document_get_file (carom_window_get_document (data)) != NULL;
}

G_GNUC_UNUSED static gboolean
canvas_drawn (gpointer data)
{
  double wx, wy;
  return carom_canvas_scene_to_widget (CAROM_CANVAS (carom_window_get_canvas (data)), 0, 0, &wx,
                                       &wy);
}

/* A window of width × height on the scene at path (NULL: an empty page). */
G_GNUC_UNUSED static CaromWindow *
open_window_sized (const char *path, int width, int height)
{
  CaromWindow *window = carom_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  if (path != NULL)
    {
      g_autoptr (GFile) file = g_file_new_for_path (path);
      carom_window_open_file (window, file);
      g_assert_true (wait_for (document_has_file, window, 10000));
    }
  g_assert_true (wait_for (canvas_drawn, window, 10000));
  spin (200);
  return window;
}

G_GNUC_UNUSED static void
destroy_window (CaromWindow *window)
{
  carom_document_discard_autosave (carom_window_get_document (window));
  gtk_window_destroy (GTK_WINDOW (window));
  spin (50);
}

G_GNUC_UNUSED static GtkWidget *
find_named (GtkWidget *widget, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_named (c, name);
      if (found)
        return found;
    }
  return NULL;
}

/* The message dialog shown on parent, or NULL. */
G_GNUC_UNUSED static AdwMessageDialog *
dialog_for (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);
      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (w) == parent
          && gtk_widget_get_visible (GTK_WIDGET (w)))
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

G_GNUC_UNUSED static gboolean
has_dialog (gpointer data)
{
  return dialog_for (data) != NULL;
}

G_GNUC_UNUSED static gboolean
has_no_dialog (gpointer data)
{
  return dialog_for (data) == NULL;
}

/* Answers the dialog on parent as a click on one of its buttons does: emit
 * the response, then close. */
G_GNUC_UNUSED static void
respond (GtkWindow *parent, const char *response)
{
  AdwMessageDialog *dialog = dialog_for (parent);
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Whether real X input can be sent: an X11 display and xdotool. Skips the
 * test when not. */
G_GNUC_UNUSED static gboolean
can_send_input (void)
{
  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    {
      g_test_skip ("needs an X11 display (Xvfb)");
      return FALSE;
    }
  g_autofree char *found = g_find_program_in_path ("xdotool");
  if (found == NULL)
    {
      g_test_skip ("xdotool is not installed (scripts/debian-packages-test lists it)");
      return FALSE;
    }
  return TRUE;
}

/* Runs xdotool with args (a NULL-terminated list after the program name),
 * then lets the window take the events. */
G_GNUC_UNUSED static void
xdotool (const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, (gpointer) "xdotool");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)args[i]);
  g_ptr_array_add (argv, NULL);
  g_autoptr (GError) error = NULL;
  int status = 0;
  g_assert_true (g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  /* xdotool has exited, so the server has its events: a round trip brings
   * them to this client before the main loop takes them. */
  gdk_display_sync (gdk_display_get_default ());
  spin (120);
}

/* Presses one key (an X keysym name such as "Right" or "bracketright"). */
G_GNUC_UNUSED static void
press_key (const char *keysym)
{
  const char *args[] = { "key", keysym, NULL };
  xdotool (args);
}

/* Moves the X pointer to the scene point (x, y) of window's canvas. */
G_GNUC_UNUSED static void
pointer_to_scene (CaromWindow *window, double x, double y)
{
  GtkWidget *canvas = carom_window_get_canvas (window);
  double wx, wy;
  g_assert_true (carom_canvas_scene_to_widget (CAROM_CANVAS (canvas), x, y, &wx, &wy));
  GtkNative *native = gtk_widget_get_native (canvas);
  graphene_point_t in_native;
  g_assert_true (gtk_widget_compute_point (
      canvas, GTK_WIDGET (native), &GRAPHENE_POINT_INIT ((float)wx, (float)wy), &in_native));
  double sx, sy;
  gtk_native_get_surface_transform (native, &sx, &sy);
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (native));
  g_autofree char *win = g_strdup_printf ("%lu", (unsigned long)xid);
  g_autofree char *px = g_strdup_printf ("%d", (int)lround (in_native.x + sx));
  g_autofree char *py = g_strdup_printf ("%d", (int)lround (in_native.y + sy));
  const char *move[] = { "mousemove", "--window", win, px, py, NULL };
  xdotool (move);
}

/* Clicks the canvas where the scene point (x, y) is, with real X pointer
 * events, as a user's mouse would. */
G_GNUC_UNUSED static void
click_scene (CaromWindow *window, double x, double y)
{
  pointer_to_scene (window, x, y);
  const char *click[] = { "click", "1", NULL };
  xdotool (click);
}

/* Drags with the left button from scene point a to b in a few steps,
 * holding Ctrl (snapping off) after the press when exact is set. */
G_GNUC_UNUSED static void
drag_scene (CaromWindow *window, CgVec2 a, CgVec2 b, gboolean exact)
{
  pointer_to_scene (window, a.x, a.y);
  const char *down[] = { "mousedown", "1", NULL };
  xdotool (down);
  const char *ctrl_down[] = { "keydown", "ctrl", NULL };
  if (exact)
    xdotool (ctrl_down);
  for (int i = 1; i <= 4; i++)
    pointer_to_scene (window, a.x + (b.x - a.x) * i / 4.0, a.y + (b.y - a.y) * i / 4.0);
  const char *up[] = { "mouseup", "1", NULL };
  xdotool (up);
  const char *ctrl_up[] = { "keyup", "ctrl", NULL };
  if (exact)
    xdotool (ctrl_up);
}

/* The window as drawn, as a texture of its size. */
G_GNUC_UNUSED static GdkTexture *
window_texture (GtkWindow *window)
{
  /* On a loaded machine the window may not have drawn its latest frame yet:
   * its paintable has no render node until it has. Wait for one. */
  int w = 0, h = 0;
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  g_autoptr (GskRenderNode) node = NULL;
  for (guint tries = 0; node == NULL && tries < 200; tries++)
    {
      if (tries > 0)
        spin (50);
      w = gtk_widget_get_width (GTK_WIDGET (window));
      h = gtk_widget_get_height (GTK_WIDGET (window));
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, w, h);
      node = gtk_snapshot_free_to_node (snapshot);
    }
  g_assert_nonnull (node);
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  return gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
}

/* Sets up GTK, libadwaita and a non-unique application for the windows. */
G_GNUC_UNUSED static void
ui_harness_init (int *argc, char ***argv)
{
  g_test_init (argc, argv, NULL);
  /* A home of the tests' own (tests/meson.build): Recent Scenes, settings
   * and caches never reach the user's. */
  const char *build = g_getenv ("G_TEST_BUILDDIR");
  if (build != NULL && !g_str_has_prefix (g_get_user_data_dir (), build))
    g_error ("the UI tests would write into %s, not a folder of their own", g_get_user_data_dir ());
  /* Translations from the build tree (po/), for the runs in zh_CN. */
  const char *localedir = g_getenv ("CAROM_LOCALEDIR");
  if (localedir != NULL)
    {
      bindtextdomain (GETTEXT_PACKAGE, localedir);
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
    }
  textdomain (GETTEXT_PACKAGE); /* as carom-main.c: _() and the .ui files use it */
  gtk_init ();
  adw_init ();
  app = carom_application_new ();
  g_autoptr (GError) error = NULL;
  g_application_set_flags (G_APPLICATION (app), g_application_get_flags (G_APPLICATION (app))
                                                    | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_application_hold (G_APPLICATION (app));
}

G_GNUC_UNUSED static int
ui_harness_run (void)
{
  int status = g_test_run ();
  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  return status;
}
