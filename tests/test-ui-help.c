/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-help.c: F1 and Help in the primary menu open the user help
 * (help:carom), under Xvfb like test-ui.c.
 *
 * The application's URI launcher is replaced by one that records the URI, so
 * the tests need no help browser; a URI nothing can open shows a dialog. */
#include "ui-harness.h"

/* What the recording launcher received. */
typedef struct
{
  GtkWindow *parent;
  char *uri;
  guint calls;
} Launched;

static void
record_uri (GtkWindow *parent, const char *uri, gpointer user_data)
{
  Launched *launched = user_data;
  launched->parent = parent;
  g_free (launched->uri);
  launched->uri = g_strdup (uri);
  launched->calls++;
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

static gboolean
launched_once (gpointer data)
{
  return ((Launched *)data)->calls > 0;
}

static CaromWindow *
new_window (void)
{
  CaromWindow *window = carom_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 650);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (wait_for (is_mapped, window, 10000));
  spin (200);
  return window;
}

static void
close_window (CaromWindow *window)
{
  carom_document_discard_autosave (carom_window_get_document (window));
  gtk_window_destroy (GTK_WINDOW (window));
  spin (50);
}

/* The label of the item of menu (or of its sections) that activates action,
 * or NULL. */
static char *
menu_label_for (GMenuModel *menu, const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *item_action = NULL;
      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &item_action)
          && g_str_equal (item_action, action))
        {
          char *label = NULL;
          g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label);
          return label;
        }
      g_autoptr (GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);
      char *label = section ? menu_label_for (section, action) : NULL;
      if (label)
        return label;
    }
  return NULL;
}

/* The label of the item for action in the menu of a GtkMenuButton under
 * widget (the primary menu's button for app.help), or NULL. */
static char *
find_menu_item (GtkWidget *widget, const char *action)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)))
    {
      char *label
          = menu_label_for (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)), action);
      if (label)
        return label;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      char *label = find_menu_item (c, action);
      if (label)
        return label;
    }
  return NULL;
}

/* 1: F1, pressed as a user presses it (a real X key event), opens help:carom
 * for the window that has the focus. */
static void
test_help_f1 (void)
{
  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    {
      g_test_skip ("needs an X11 display (Xvfb)");
      return;
    }
  g_autofree char *found = g_find_program_in_path ("xdotool");
  if (found == NULL)
    {
      g_test_skip ("xdotool is not installed (scripts/debian-packages-test lists it)");
      return;
    }
  Launched launched = { 0 };
  carom_application_set_uri_launcher (app, record_uri, &launched);
  CaromWindow *window = new_window ();

  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (window));
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (native));
  g_autofree char *win = g_strdup_printf ("%lu", (unsigned long)xid);
  const char *focus[] = { "windowfocus", "--sync", win, NULL };
  xdotool (focus);
  spin (100);
  const char *f1[] = { "key", "F1", NULL };
  xdotool (f1);
  g_assert_true (wait_for (launched_once, &launched, 5000));
  g_assert_cmpuint (launched.calls, ==, 1);
  g_assert_cmpstr (launched.uri, ==, "help:carom");
  g_assert_true (launched.parent == GTK_WINDOW (window));

  carom_application_set_uri_launcher (app, NULL, NULL);
  g_free (launched.uri);
  close_window (window);
}

/* 2: the primary menu has a "_Help" item whose action opens the help, and
 * the accelerator it shows is F1. */
static void
test_help_menu_item (void)
{
  Launched launched = { 0 };
  carom_application_set_uri_launcher (app, record_uri, &launched);
  CaromWindow *window = new_window ();

  g_autofree char *label = find_menu_item (GTK_WIDGET (window), "app.help");
  g_assert_cmpstr (label, ==, "_Help");
  g_auto (GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.help");
  g_assert_cmpuint (g_strv_length (accels), ==, 1);
  g_assert_cmpstr (accels[0], ==, "F1");

  /* What a click on the item does: activate its action from the window. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.help", NULL));
  g_assert_cmpuint (launched.calls, ==, 1);
  g_assert_cmpstr (launched.uri, ==, "help:carom");
  g_assert_true (launched.parent == GTK_WINDOW (window));

  carom_application_set_uri_launcher (app, NULL, NULL);
  g_free (launched.uri);
  close_window (window);
}

/* 3: the shortcuts window lists F1 beside the help. */
static void
test_help_in_shortcuts_window (void)
{
  g_autoptr (GtkBuilder) builder
      = gtk_builder_new_from_resource ("/io/carom/Carom/gtk/help-overlay.ui");
  g_autoptr (GSList) objects = gtk_builder_get_objects (builder);
  guint help_rows = 0;
  for (GSList *l = objects; l != NULL; l = l->next)
    {
      if (!GTK_IS_SHORTCUTS_SHORTCUT (l->data))
        continue;
      g_autofree char *action = NULL;
      g_object_get (l->data, "action-name", &action, NULL);
      if (g_strcmp0 (action, "app.help") == 0)
        help_rows++;
    }
  g_assert_cmpuint (help_rows, ==, 1);
  GtkWidget *overlay = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));
  gtk_window_destroy (GTK_WINDOW (overlay));
}

/* 4: page URIs name the page after the document. */
static void
test_help_page_uri (void)
{
  g_autofree char *index = carom_application_help_uri (NULL);
  g_autofree char *lab = carom_application_help_uri ("collision-lab");
  g_assert_cmpstr (index, ==, "help:carom");
  g_assert_cmpstr (lab, ==, "help:carom/collision-lab");
}

/* 5: a URI that nothing can open is not lost in a log: a dialog on the
 * window says the help could not be opened, and why. */
static void
test_help_launch_failure (void)
{
  CaromWindow *window = new_window ();
  g_test_expect_message (G_LOG_DOMAIN, G_LOG_LEVEL_MESSAGE, "Could not open carom-test-*");
  carom_application_launch_uri (GTK_WINDOW (window), "carom-test-no-such-scheme:nothing");
  g_assert_true (wait_for (has_dialog, window, 20000));
  g_test_assert_expected_messages ();
  AdwMessageDialog *dialog = dialog_for (GTK_WINDOW (window));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Could Not Open the Help");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "yelp"));
  gtk_window_destroy (GTK_WINDOW (dialog));
  close_window (window);
}

int
main (int argc, char **argv)
{
  ui_harness_init (&argc, &argv);

  g_test_add_func ("/ui/help/f1-opens-help", test_help_f1);
  g_test_add_func ("/ui/help/menu-item", test_help_menu_item);
  g_test_add_func ("/ui/help/in-shortcuts-window", test_help_in_shortcuts_window);
  g_test_add_func ("/ui/help/page-uri", test_help_page_uri);
  g_test_add_func ("/ui/help/launch-failure", test_help_launch_failure);
  return ui_harness_run ();
}
