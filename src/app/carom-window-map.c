/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-window-map.c: the Boundary map pane under the canvas: shown and
 * hidden with the stepper bar's map button (Ctrl+M, remembered), it follows
 * the stepper and steps it, and draws its highlighted hit on the canvas.
 *
 * Why a pane under the canvas and not a page of the inspector: the map is
 * wide (ξ runs along every object) and short (sin φ from −1 to 1), as the
 * space under the canvas is; and hovering a point shows its hit on the
 * canvas, which must then be in sight, also in a narrow window, where the
 * inspector folds over the canvas. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "carom-map-view.h"
#include "carom-window-private.h"

/* The height (px) the pane opens with when there is room. */
#define MAP_HEIGHT 260

static void
map_step_requested (CaromWindow *self, guint ball, guint step)
{
  carom_stepper_set_ball (self->stepper, ball);
  carom_stepper_seek (self->stepper, step);
}

/* The pane opens at MAP_HEIGHT, or half the height when that is less. */
static void
map_shown (CaromWindow *self)
{
  GtkWidget *map = GTK_WIDGET (self->map_view);
  if (!gtk_widget_get_visible (map))
    return;
  int height = gtk_widget_get_height (GTK_WIDGET (self->map_paned));
  if (height > 0)
    gtk_paned_set_position (self->map_paned, MAX (height / 2, height - MAP_HEIGHT));
}

static void
export_response (GtkNativeDialog *chooser, int response, CaromWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr (GError) error = NULL;
      if (path != NULL && carom_map_view_write (self->map_view, path, &error))
        carom_window_export_done (GTK_WINDOW (self), file, NULL);
      else if (error != NULL)
        carom_window_toast (self, error->message);
    }
  g_object_unref (chooser);
}

/* Asks where to write the map, offering "SCENE-map.EXT". */
static void
export_map (CaromWindow *self, const char *title, const char *extension)
{
  g_autofree char *scene = carom_document_dup_suggested_name (self->document);
  char *dot = strrchr (scene, '.');
  if (dot != NULL)
    *dot = '\0';
  /* Translators: the file name offered for an exported boundary map: the scene's name, then
   * the extension (".png"). */
  g_autofree char *name = g_strdup_printf (_ ("%s-map%s"), scene, extension);
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (
      title, GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Export"), _ ("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect (chooser, "response", G_CALLBACK (export_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

void
carom_window_export_map_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  (void)a;
  (void)p;
  /* PNG, SVG or PDF by the name's extension, as `carom map`. */
  export_map (user_data, _ ("Export Boundary Map (PNG, SVG or PDF)"), ".png");
}

void
carom_window_export_map_csv_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  (void)a;
  (void)p;
  export_map (user_data, _ ("Export Boundary Map Points"), ".csv");
}

void
carom_window_map_init (CaromWindow *self)
{
  g_settings_bind (self->settings, "show-map", self->map_view, "visible", G_SETTINGS_BIND_GET);
  g_signal_connect_swapped (self->map_view, "notify::visible", G_CALLBACK (map_shown), self);
  g_signal_connect_swapped (self->map_view, "step-requested", G_CALLBACK (map_step_requested),
                            self);
  carom_map_view_set_canvas (self->map_view, self->canvas);
  carom_map_view_set_settings (self->map_view, self->settings);
}
