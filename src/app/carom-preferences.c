/* carom-preferences.c: the Preferences window.
 *
 * Every row is bound to a GSettings key, so changes apply at once (the HIG's
 * instant-apply preferences) and every window follows them. */
#include "config.h"

#include "carom-preferences.h"

#include <adwaita.h>
#include <glib/gi18n.h>

static GtkWidget *
switch_row (GSettings *settings, const char *key, const char *title, const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  GtkWidget *sw = gtk_switch_new ();
  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  g_settings_bind (settings, key, sw, "active", G_SETTINGS_BIND_DEFAULT);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
  return row;
}

GtkWindow *
carom_preferences_new (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  GtkWidget *window = adw_preferences_window_new ();
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  adw_preferences_window_set_search_enabled (ADW_PREFERENCES_WINDOW (window), FALSE);

  GtkWidget *page = adw_preferences_page_new ();
  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (page), _ ("General"));
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (page), "preferences-system-symbolic");

  GtkWidget *canvas = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (canvas), _ ("Canvas"));
  adw_preferences_group_set_description (
      ADW_PREFERENCES_GROUP (canvas),
      _ ("What every window draws; the Display panel changes them too."));
  static const struct
  {
    const char *key;
    const char *title;
    const char *subtitle;
  } overlays[] = {
    { "show-grid", N_ ("Grid"), NULL },
    { "show-path", N_ ("Path"), N_ ("Each ball’s path with numbered hits") },
    { "show-outlines", N_ ("Offset Outlines"), N_ ("Where the ball’s centre touches, dashed") },
    { "show-normals", N_ ("Edge Normals"), N_ ("Ticks on each edge’s front side") },
    { "show-labels", N_ ("Labels"), N_ ("Object names and hit numbers") },
  };
  for (guint i = 0; i < G_N_ELEMENTS (overlays); i++)
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (canvas),
                               switch_row (settings, overlays[i].key, _ (overlays[i].title),
                                           overlays[i].subtitle ? _ (overlays[i].subtitle) : NULL));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (canvas));

  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (window), ADW_PREFERENCES_PAGE (page));
  return GTK_WINDOW (window);
}
