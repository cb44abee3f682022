/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-inspector-display.c: the Display panel: a switch per overlay, bound to
 * the settings. */
#include "config.h"

#include "carom-accessible.h"
#include "carom-inspector-private.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

/* ---- Display panel ---- */

/* The choices of "Colour Paths By", in the order of the row, with the
 * settings' names. */
static const struct
{
  const char *name;
  const char *label;
} paths_colours[] = {
  { "single", NC_ ("colour paths by", "One Colour") },
  { "ray", NC_ ("colour paths by", "Ray") },
  { "bounces", NC_ ("colour paths by", "Bounce Count") },
};

static gboolean
colour_to_row (GValue *value, GVariant *variant, gpointer data)
{
  (void)data;
  const char *name = g_variant_get_string (variant, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (paths_colours); i++)
    if (g_str_equal (name, paths_colours[i].name))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
row_to_colour (const GValue *value, const GVariantType *type, gpointer data)
{
  (void)type;
  (void)data;
  guint i = g_value_get_uint (value);
  return i < G_N_ELEMENTS (paths_colours) ? g_variant_new_string (paths_colours[i].name) : NULL;
}

/* The choices of "Path at the Step", with the settings' names. */
static const struct
{
  const char *name;
  const char *label;
} path_extents[] = {
  { "all", N_ ("Whole Path") },
  { "upto", N_ ("Up to the Step") },
};

static gboolean
extent_to_row (GValue *value, GVariant *variant, gpointer data)
{
  (void)data;
  const char *name = g_variant_get_string (variant, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (path_extents); i++)
    if (g_str_equal (name, path_extents[i].name))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
row_to_extent (const GValue *value, const GVariantType *type, gpointer data)
{
  (void)type;
  (void)data;
  guint i = g_value_get_uint (value);
  return i < G_N_ELEMENTS (path_extents) ? g_variant_new_string (path_extents[i].name) : NULL;
}

/* "Path at the Step": the whole path, or only up to the step. */
static GtkWidget *
path_extent_row (CaromInspector *self)
{
  GtkWidget *row = adw_combo_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ ("Path at the Step"));
  GtkStringList *choices = gtk_string_list_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (path_extents); i++)
    gtk_string_list_append (choices, _ (path_extents[i].label));
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (choices));
  g_object_unref (choices);
  gtk_widget_set_name (row, "path-extent");
  gtk_widget_set_tooltip_text (row, _ ("How much of the followed ball’s path is drawn at a step"));
  g_settings_bind_with_mapping (self->settings, "path-extent", row, "selected",
                                G_SETTINGS_BIND_DEFAULT, extent_to_row, row_to_extent, NULL, NULL);
  g_settings_bind (self->settings, "show-path", row, "sensitive", G_SETTINGS_BIND_GET);
  return row;
}

void
carom_inspector_build_display (CaromInspector *self)
{
  carom_inspector_clear_box (self->display_box);
  if (self->settings == NULL)
    return;
  static const struct
  {
    const char *key;
    const char *title;
    const char *subtitle;
  } toggles[] = {
    { "show-path", N_ ("Path"), N_ ("Each ball’s path with numbered hits") },
    { "show-outlines", N_ ("Offset Outlines"), N_ ("Where the ball’s centre touches, dashed") },
    { "show-normals", N_ ("Edge Normals"), N_ ("Ticks on each edge’s front side") },
    { "show-aabb", N_ ("Bounding Boxes"), N_ ("The boxes of the offset outlines") },
    { "show-bvh", N_ ("Bounding Volume Hierarchy"), N_ ("The tracer’s boxes, coloured by depth") },
    { "show-labels", N_ ("Labels"), N_ ("Object names and hit numbers") },
    { "show-grid", N_ ("Grid"), NULL },
    { "show-candidates", N_ ("Candidates at the Step"),
      N_ ("What the cast tested, rejected and left out, and its ray past the hit") },
    { "show-ghosts", N_ ("Earlier Positions"), N_ ("Faint outlines of the ball at earlier hits") },
    { "show-file-drawing", N_ ("The File’s Own Drawing"),
      N_ ("What the file draws besides walls, obstacles and balls: text, guides, images") },
  };
  GtkWidget *group = carom_inspector_group_new (self->display_box, _ ("Overlays"),
                                                _ ("Alt+1 to Alt+9 switch them in this order."));
  for (guint i = 0; i < G_N_ELEMENTS (toggles); i++)
    {
      GtkWidget *row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ (toggles[i].title));
      if (toggles[i].subtitle)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _ (toggles[i].subtitle));
      GtkWidget *sw = gtk_switch_new ();
      gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
      gtk_widget_set_name (sw, toggles[i].key);
      g_settings_bind (self->settings, toggles[i].key, sw, "active", G_SETTINGS_BIND_DEFAULT);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
      if (g_str_equal (toggles[i].key, "show-path"))
        adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), path_extent_row (self));
      if (g_str_equal (toggles[i].key, "show-bvh"))
        {
          /* The BVH's depth: levels 0 (the root) to the slider's value. */
          GtkWidget *depth = adw_action_row_new ();
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (depth), _ ("Deepest Level"));
          adw_action_row_set_subtitle (ADW_ACTION_ROW (depth),
                                       _ ("Each level of boxes has its own colour"));
          GtkWidget *scale = gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, 0, 12, 1);
          gtk_scale_set_digits (GTK_SCALE (scale), 0);
          gtk_scale_set_draw_value (GTK_SCALE (scale), TRUE);
          gtk_scale_set_value_pos (GTK_SCALE (scale), GTK_POS_LEFT);
          gtk_widget_set_size_request (scale, 140, -1);
          gtk_widget_set_valign (scale, GTK_ALIGN_CENTER);
          gtk_widget_set_name (scale, "bvh-depth");
          GtkAdjustment *adj = gtk_range_get_adjustment (GTK_RANGE (scale));
          g_settings_bind (self->settings, "bvh-depth", adj, "value", G_SETTINGS_BIND_DEFAULT);
          g_settings_bind (self->settings, "show-bvh", depth, "sensitive", G_SETTINGS_BIND_GET);
          adw_action_row_add_suffix (ADW_ACTION_ROW (depth), scale);
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), depth);
        }
    }
  /* How the rays of a beam (and crowds of balls) are coloured. */
  GtkWidget *paths = carom_inspector_group_new (
      self->display_box, C_ ("display", "Beams"),
      _ ("The rays of a beam are drawn blended, so that where many pass shows darker."));
  GtkWidget *colour = adw_combo_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (colour), _ ("Colour Paths By"));
  GtkStringList *choices = gtk_string_list_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (paths_colours); i++)
    gtk_string_list_append (choices,
                            g_dpgettext2 (NULL, "colour paths by", paths_colours[i].label));
  adw_combo_row_set_model (ADW_COMBO_ROW (colour), G_LIST_MODEL (choices));
  g_object_unref (choices);
  gtk_widget_set_name (colour, "paths-colour");
  g_settings_bind_with_mapping (self->settings, "paths-colour", colour, "selected",
                                G_SETTINGS_BIND_DEFAULT, colour_to_row, row_to_colour, NULL, NULL);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (paths), colour);

  /* Tooltips whole in any script (carom-accessible.h). */
  carom_tooltips_keep_whole (GTK_WIDGET (self->display_box));
}
