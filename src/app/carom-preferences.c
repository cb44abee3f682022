/* SPDX-License-Identifier: GPL-3.0-or-later */
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

/* A row with a spin button bound to a numeric key (double or uint). */
static GtkWidget *
spin_row (GSettings *settings, const char *key, const char *title, const char *subtitle,
          double lower, double upper, double step, guint digits)
{
  GtkWidget *row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  GtkWidget *spin = gtk_spin_button_new_with_range (lower, upper, step);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), digits);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_widget_set_name (spin, key);
  g_settings_bind (settings, key, spin, "value", G_SETTINGS_BIND_DEFAULT);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
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

  GtkWidget *drawing = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (drawing), _ ("Drawing"));
  adw_preferences_group_set_description (
      ADW_PREFERENCES_GROUP (drawing),
      _ ("Hold Ctrl while drawing or dragging to turn snapping off."));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (drawing),
                             switch_row (settings, "snap-to-grid", _ ("Snap to Grid"),
                                         _ ("New vertices land on the grid the canvas shows")));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (drawing),
                             switch_row (settings, "snap-to-objects", _ ("Snap to Objects"),
                                         _ ("New vertices land on nearby vertices and edges")));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (drawing));

  GtkWidget *balls = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (balls), _ ("New Balls"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (balls),
                             spin_row (settings, "default-radius", _ ("Radius"),
                                       _ ("In scene units"), 0.001, 1000000, 1, 3));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (balls),
                             spin_row (settings, "default-max-bounces", _ ("Maximum Bounces"),
                                       _ ("Wall hits before the trace stops"), 0, 1000000, 1, 0));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (balls));

  GtkWidget *numbers = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (numbers), _ ("Numbers"));
  adw_preferences_group_add (
      ADW_PREFERENCES_GROUP (numbers),
      spin_row (settings, "digits", _ ("Significant Digits"),
                _ ("In the Hit and Lab panels and exported figures; the Hit panel’s Copy and LaTeX "
                   "keep every digit"),
                1, 17, 1, 0));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (numbers));

  GtkWidget *tracing = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (tracing), _ ("Tracing"));
  adw_preferences_group_set_description (
      ADW_PREFERENCES_GROUP (tracing),
      _ ("A scene that asks for more is traced breadth first up to the budget: every ray gets "
         "its next hit before any ray gets the one after."));
  adw_preferences_group_add (
      ADW_PREFERENCES_GROUP (tracing),
      spin_row (settings, "work-budget", _ ("Work Budget"),
                _ ("Rays and hits in all the balls and beams of a scene; each hit takes about 128 "
                   "bytes: 6,000,000 fit in about 1 GiB"),
                1000, 1e12, 1000000, 0));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (tracing));

  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (window), ADW_PREFERENCES_PAGE (page));
  return GTK_WINDOW (window);
}
