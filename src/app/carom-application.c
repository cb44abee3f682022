/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-application.c: the Carom application: windows, app-wide actions. */
#include "config.h"

#include "carom-application.h"

#include <glib/gi18n.h>
#include <string.h>

#include "carom-preferences.h"
#include "carom-window.h"
#include "control/carom-document.h"

struct _CaromApplication
{
  AdwApplication parent_instance;

  /* owned */
  GSettings *settings;

  gboolean recovery_offered;

  /* where help URIs go: carom_application_launch_uri unless a test replaced it */
  CaromUriLauncher uri_launcher;
  gpointer uri_launcher_data;
};

G_DEFINE_FINAL_TYPE (CaromApplication, carom_application, ADW_TYPE_APPLICATION)

GSettings *
carom_application_get_settings (CaromApplication *self)
{
  g_return_val_if_fail (CAROM_IS_APPLICATION (self), NULL);
  return self->settings;
}

/* Autosave copies left behind by a session that did not close cleanly: offer
 * each one in a window of its own, once per run. */
static void
offer_recovery (CaromApplication *self)
{
  if (self->recovery_offered)
    return;
  self->recovery_offered = TRUE;

  g_autofree char *dir_path = carom_document_autosave_dir ();
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  if (dir == NULL)
    return;
  const char *name;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      if (!g_str_has_suffix (name, ".svg"))
        continue;
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_autofree char *stem = g_strndup (name, strlen (name) - strlen (".svg"));
      g_autofree char *info_name = g_strconcat (stem, ".ini", NULL);
      g_autofree char *info_path = g_build_filename (dir_path, info_name, NULL);
      g_autoptr (GKeyFile) info = g_key_file_new ();
      g_autoptr (GFile) file = NULL;
      if (g_key_file_load_from_file (info, info_path, G_KEY_FILE_NONE, NULL))
        {
          g_autofree char *uri = g_key_file_get_string (info, "autosave", "file", NULL);
          if (uri != NULL)
            file = g_file_new_for_uri (uri);
        }
      CaromWindow *window = carom_window_new (self);
      gtk_window_present (GTK_WINDOW (window));
      carom_window_offer_recovery (window, path, file);
    }
}

static void
carom_application_activate (GApplication *app)
{
  CaromApplication *self = CAROM_APPLICATION (app);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    {
      window = GTK_WINDOW (carom_window_new (self));
      gtk_window_present (window);
      offer_recovery (self);
      return;
    }
  gtk_window_present (window);
}

static void
carom_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  CaromApplication *self = CAROM_APPLICATION (app);
  (void)hint;
  for (int i = 0; i < n_files; i++)
    {
      CaromWindow *window = carom_window_new (self);
      gtk_window_present (GTK_WINDOW (window));
      carom_window_open_file (window, files[i]);
    }
  offer_recovery (self);
}

static void
new_window_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  (void)action;
  (void)parameter;
  CaromWindow *window = carom_window_new (CAROM_APPLICATION (user_data));
  gtk_window_present (GTK_WINDOW (window));
}

static void
preferences_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  CaromApplication *self = user_data;
  (void)action;
  (void)parameter;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  GtkWindow *preferences = carom_preferences_new (self->settings);
  gtk_window_set_transient_for (preferences, parent);
  gtk_window_present (preferences);
}

static void
about_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  CaromApplication *self = user_data;
  (void)action;
  (void)parameter;
  static const char *developers[] = { "Carom Developers", NULL };
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  GtkWidget *about = g_object_new (
      ADW_TYPE_ABOUT_WINDOW, "transient-for", parent, "application-name", _ ("Carom"),
      "application-icon", CAROM_APPLICATION_ID, "developer-name", _ ("The Carom Developers"),
      "version", PACKAGE_VERSION, "comments",
      _ ("A workbench for 2D collision and reflection geometry: cast a ball, step through its "
         "bounces and see the maths of every hit."),
      "developers", developers,
      /* Translators: put your names here, one per line. */
      "translator-credits", _ ("translator-credits"), "license-type", GTK_LICENSE_GPL_3_0,
      "copyright", "© 2026 The Carom Developers", NULL);
  gtk_window_present (GTK_WINDOW (about));
}

/* ---- help ---- */

char *
carom_application_help_uri (const char *page)
{
  return page != NULL ? g_strconcat ("help:carom/", page, NULL) : g_strdup ("help:carom");
}

/* A launch under way: the window to report to, and what it opens. */
typedef struct
{
  GtkWindow *parent; /* owned */
  char *uri;
} UriLaunch;

static void
uri_launch_free (UriLaunch *launch)
{
  g_object_unref (launch->parent);
  g_free (launch->uri);
  g_free (launch);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (UriLaunch, uri_launch_free)

static void
launch_uri_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (UriLaunch) launch = user_data;
  g_autoptr (GError) error = NULL;
  (void)source;
  if (g_app_info_launch_default_for_uri_finish (result, &error))
    return;
  g_message ("Could not open %s: %s", launch->uri, error->message);
  /* The window may have closed while the launch was under way. */
  if (!gtk_widget_get_visible (GTK_WIDGET (launch->parent)))
    return;
  GtkWidget *dialog = adw_message_dialog_new (launch->parent, _ ("Could Not Open the Help"), NULL);
  adw_message_dialog_format_body (
      ADW_MESSAGE_DIALOG (dialog),
      _ ("%s. Reading the help needs a help browser, such as GNOME’s Help (the yelp package)."),
      error->message);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _ ("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

void
carom_application_launch_uri (GtkWindow *parent, const char *uri)
{
  g_return_if_fail (GTK_IS_WINDOW (parent));
  g_return_if_fail (uri != NULL);
  /* Not gtk_show_uri: it only logs a failure, and the user should hear of it. */
  UriLaunch *launch = g_new0 (UriLaunch, 1);
  launch->parent = g_object_ref (parent);
  launch->uri = g_strdup (uri);
  g_autoptr (GdkAppLaunchContext) context
      = gdk_display_get_app_launch_context (gtk_widget_get_display (GTK_WIDGET (parent)));
  g_app_info_launch_default_for_uri_async (uri, G_APP_LAUNCH_CONTEXT (context), NULL,
                                           launch_uri_done, launch);
}

void
carom_application_set_uri_launcher (CaromApplication *self, CaromUriLauncher launcher,
                                    gpointer user_data)
{
  g_return_if_fail (CAROM_IS_APPLICATION (self));
  self->uri_launcher = launcher;
  self->uri_launcher_data = user_data;
}

void
carom_application_show_help (CaromApplication *self, GtkWindow *parent, const char *page)
{
  g_return_if_fail (CAROM_IS_APPLICATION (self));
  g_return_if_fail (GTK_IS_WINDOW (parent));
  g_autofree char *uri = carom_application_help_uri (page);
  if (self->uri_launcher != NULL)
    self->uri_launcher (parent, uri, self->uri_launcher_data);
  else
    carom_application_launch_uri (parent, uri);
}

static void
help_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  CaromApplication *self = user_data;
  (void)action;
  (void)parameter;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  if (parent != NULL)
    carom_application_show_help (self, parent, NULL);
}

static void
quit_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  (void)action;
  (void)parameter;
  /* Each window asks about its own unsaved changes; the application ends
   * when the last window has closed. */
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (user_data));
  g_autoptr (GList) copy = g_list_copy (windows);
  for (GList *l = copy; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
}

static const GActionEntry app_actions[] = {
  { "new-window", new_window_activated, NULL, NULL, NULL, { 0 } },
  { "preferences", preferences_activated, NULL, NULL, NULL, { 0 } },
  { "about", about_activated, NULL, NULL, NULL, { 0 } },
  { "help", help_activated, NULL, NULL, NULL, { 0 } },
  { "quit", quit_activated, NULL, NULL, NULL, { 0 } },
};

static void
carom_application_startup (GApplication *app)
{
  CaromApplication *self = CAROM_APPLICATION (app);
  G_APPLICATION_CLASS (carom_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions),
                                   self);

  /* Run from a build tree, the application icon is not installed yet:
   * CAROM_ICONDIR names the folder that holds it (main() sets it). */
  const char *icon_dir = g_getenv ("CAROM_ICONDIR");
  if (icon_dir != NULL)
    gtk_icon_theme_add_search_path (gtk_icon_theme_get_for_display (gdk_display_get_default ()),
                                    icon_dir);
  static const struct
  {
    const char *action;
    const char *accels[2];
  } shortcuts[] = {
    { "app.new-window", { "<Control><Shift>n", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "app.help", { "F1", NULL } },
  };
  for (guint i = 0; i < G_N_ELEMENTS (shortcuts); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), shortcuts[i].action,
                                           shortcuts[i].accels);
  /* and the window's (carom-window-actions.c) */
  carom_window_actions_set_accels (GTK_APPLICATION (self));
}

static void
carom_application_dispose (GObject *object)
{
  CaromApplication *self = CAROM_APPLICATION (object);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (carom_application_parent_class)->dispose (object);
}

static void
carom_application_class_init (CaromApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
  object_class->dispose = carom_application_dispose;
  app_class->activate = carom_application_activate;
  app_class->open = carom_application_open;
  app_class->startup = carom_application_startup;
}

static void
carom_application_init (CaromApplication *self)
{
  self->settings = g_settings_new (CAROM_APPLICATION_ID);
}

CaromApplication *
carom_application_new (void)
{
  return g_object_new (CAROM_TYPE_APPLICATION, "application-id", CAROM_APPLICATION_ID, "flags",
                       G_APPLICATION_HANDLES_OPEN, "resource-base-path", "/io/carom/Carom", NULL);
}
