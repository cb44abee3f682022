/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-window-actions.c: every action of the window ("win.…") and every key
 * that activates one, in one place (GNOME Text Editor's way).
 *
 * The actions are GActions of the window's action map, so menus, buttons,
 * tests and screen readers see their state and whether they are enabled; the
 * handlers live with what they do (carom-window.c, -file, -lab, -map, -trace,
 * -keyboard). Keys come in two kinds:
 * - menu keys (Ctrl+S, Ctrl+Z, F9 …) are the application's accelerators:
 *   they work wherever the focus is and the menus show them;
 * - canvas keys (stepping, tool letters, editing, Alt+1 … Alt+9 for the
 *   overlays, Ctrl+L) act in the bubble phase, after the focused widget, so
 *   a field of the inspector keeps its own arrows, letters and Ctrl+V. */
#include "config.h"

#include <adwaita.h>

#include "carom-window-private.h"

/* ---- the actions ---- */

static const GActionEntry window_actions[] = {
  /* files (carom-window-file.c) */
  { "new", carom_window_new_activated, NULL, NULL, NULL, { 0 } },
  { "open", carom_window_open_activated, NULL, NULL, NULL, { 0 } },
  { "open-recent", carom_window_open_recent_activated, "s", NULL, NULL, { 0 } },
  { "save", carom_window_save_activated, NULL, NULL, NULL, { 0 } },
  { "save-as", carom_window_save_as_activated, NULL, NULL, NULL, { 0 } },
  { "export", carom_window_export_activated, NULL, NULL, NULL, { 0 } },
  { "close", carom_window_close_activated, NULL, NULL, NULL, { 0 } },
  /* the view */
  { "zoom-in", carom_window_zoom_in_activated, NULL, NULL, NULL, { 0 } },
  { "zoom-out", carom_window_zoom_out_activated, NULL, NULL, NULL, { 0 } },
  { "zoom-fit", carom_window_zoom_fit_activated, NULL, NULL, NULL, { 0 } },
  { "zoom-actual-size", carom_window_zoom_actual_activated, NULL, NULL, NULL, { 0 } },
  /* stepping */
  { "step-first", carom_window_step_first_activated, NULL, NULL, NULL, { 0 } },
  { "step-previous", carom_window_step_previous_activated, NULL, NULL, NULL, { 0 } },
  { "step-next", carom_window_step_next_activated, NULL, NULL, NULL, { 0 } },
  { "step-last", carom_window_step_last_activated, NULL, NULL, NULL, { 0 } },
  { "play", carom_window_play_activated, NULL, NULL, NULL, { 0 } },
  { "cancel-trace", carom_window_cancel_trace_activated, NULL, NULL, NULL, { 0 } },
  /* editing */
  { "undo", carom_window_undo_activated, NULL, NULL, NULL, { 0 } },
  { "redo", carom_window_redo_activated, NULL, NULL, NULL, { 0 } },
  { "tool", carom_window_tool_activated, "s", "'select'", NULL, { 0 } },
  { "role", carom_window_role_activated, "s", "'wall'", NULL, { 0 } },
  { "beam-shape", carom_window_beam_shape_activated, "s", "'fan'", NULL, { 0 } },
  { "type-point", carom_window_type_point_activated, NULL, NULL, NULL, { 0 } },
  { "cut", carom_window_cut_activated, NULL, NULL, NULL, { 0 } },
  { "copy", carom_window_copy_activated, NULL, NULL, NULL, { 0 } },
  { "paste", carom_window_paste_activated, NULL, NULL, NULL, { 0 } },
  { "duplicate", carom_window_duplicate_activated, NULL, NULL, NULL, { 0 } },
  { "delete", carom_window_delete_activated, NULL, NULL, NULL, { 0 } },
  { "select-all", carom_window_select_all_activated, NULL, NULL, NULL, { 0 } },
  /* the Collision lab and the boundary map */
  { "export-lab", carom_window_export_lab_activated, NULL, NULL, NULL, { 0 } },
  { "export-map", carom_window_export_map_activated, NULL, NULL, NULL, { 0 } },
  { "export-map-csv", carom_window_export_map_csv_activated, NULL, NULL, NULL, { 0 } },
};

/* Settings shown as toggles: the overlays (in the Display panel's order,
 * Alt+1 … Alt+9) and the boundary map's pane. */
static const char *const overlay_settings[]
    = { "show-path",   "show-outlines", "show-normals",    "show-aabb",  "show-bvh",
        "show-labels", "show-grid",     "show-candidates", "show-ghosts" };

/* ---- menu keys ---- */

static const struct
{
  const char *action;
  const char *accels[3];
} menu_keys[] = {
  { "win.new", { "<Control>n", NULL } },
  { "win.open", { "<Control>o", NULL } },
  { "win.save", { "<Control>s", NULL } },
  { "win.save-as", { "<Control><Shift>s", NULL } },
  { "win.export", { "<Control>e", NULL } },
  { "win.close", { "<Control>w", NULL } },
  { "win.undo", { "<Control>z", NULL } },
  { "win.redo", { "<Control><Shift>z", NULL } },
  { "win.zoom-in", { "<Control>plus", "<Control>equal", NULL } },
  { "win.zoom-out", { "<Control>minus", NULL } },
  { "win.zoom-fit", { "<Control>0", NULL } },
  { "win.zoom-actual-size", { "<Control>1", NULL } },
  { "win.show-sidebar", { "F9", NULL } },
  { "win.show-map", { "<Control>m", NULL } },
  { "win.show-help-overlay", { "<Control>question", NULL } },
};

void
carom_window_actions_set_accels (GtkApplication *application)
{
  for (guint i = 0; i < G_N_ELEMENTS (menu_keys); i++)
    gtk_application_set_accels_for_action (application, menu_keys[i].action, menu_keys[i].accels);
}

/* ---- canvas keys ---- */

static const struct
{
  guint key;
  GdkModifierType mods;
  const char *action;
  const char *tool; /* the target of win.tool, or NULL */
} canvas_keys[] = {
  /* stepping; [ ] and Page Up/Down step whatever is selected (the arrows
   * nudge a selection) */
  { GDK_KEY_Home, 0, "win.step-first", NULL },
  { GDK_KEY_Left, 0, "win.step-previous", NULL },
  { GDK_KEY_Right, 0, "win.step-next", NULL },
  { GDK_KEY_End, 0, "win.step-last", NULL },
  { GDK_KEY_bracketleft, 0, "win.step-previous", NULL },
  { GDK_KEY_bracketright, 0, "win.step-next", NULL },
  { GDK_KEY_Page_Up, 0, "win.step-previous", NULL },
  { GDK_KEY_Page_Down, 0, "win.step-next", NULL },
  { GDK_KEY_space, 0, "win.play", NULL },
  /* the tools */
  { GDK_KEY_v, 0, "win.tool", "select" },
  { GDK_KEY_n, 0, "win.tool", "vertex" },
  { GDK_KEY_p, 0, "win.tool", "polygon" },
  { GDK_KEY_r, 0, "win.tool", "rectangle" },
  { GDK_KEY_g, 0, "win.tool", "regular" },
  { GDK_KEY_c, 0, "win.tool", "circle" },
  { GDK_KEY_b, 0, "win.tool", "ball" },
  { GDK_KEY_e, 0, "win.tool", "beam" },
  { GDK_KEY_l, 0, "win.tool", "lab" },
  { GDK_KEY_l, GDK_CONTROL_MASK, "win.type-point", NULL },
  /* editing the selection */
  { GDK_KEY_x, GDK_CONTROL_MASK, "win.cut", NULL },
  { GDK_KEY_c, GDK_CONTROL_MASK, "win.copy", NULL },
  { GDK_KEY_v, GDK_CONTROL_MASK, "win.paste", NULL },
  { GDK_KEY_d, GDK_CONTROL_MASK, "win.duplicate", NULL },
  { GDK_KEY_a, GDK_CONTROL_MASK, "win.select-all", NULL },
  { GDK_KEY_Delete, 0, "win.delete", NULL },
};

/* The canvas keys are a controller of each window, not class bindings:
 * GtkWindow's own class bindings (arrows move the focus, Space activates it)
 * would come before a subclass's and take the stepping keys. */
static void
add_canvas_keys (CaromWindow *self)
{
  GtkEventController *keys = gtk_shortcut_controller_new ();
  gtk_event_controller_set_static_name (keys, "carom-canvas-keys");
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_BUBBLE);
  for (guint i = 0; i < G_N_ELEMENTS (canvas_keys); i++)
    {
      GtkShortcut *shortcut
          = gtk_shortcut_new (gtk_keyval_trigger_new (canvas_keys[i].key, canvas_keys[i].mods),
                              gtk_named_action_new (canvas_keys[i].action));
      if (canvas_keys[i].tool != NULL)
        gtk_shortcut_set_arguments (shortcut, g_variant_new_string (canvas_keys[i].tool));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys), shortcut);
    }
  for (guint i = 0; i < G_N_ELEMENTS (overlay_settings); i++)
    {
      g_autofree char *action = g_strconcat ("win.", overlay_settings[i], NULL);
      gtk_shortcut_controller_add_shortcut (
          GTK_SHORTCUT_CONTROLLER (keys),
          gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_1 + i, GDK_ALT_MASK),
                            gtk_named_action_new (action)));
    }
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

void
carom_window_actions_init (CaromWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), window_actions,
                                   G_N_ELEMENTS (window_actions), self);
  g_autoptr (GPropertyAction) sidebar
      = g_property_action_new ("show-sidebar", self->flap, "reveal-flap");
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (sidebar));
  /* The playing speed, as the stepper's menu chooses it in a narrow window:
   * the speed menu's choice (carom-window-layout.c). */
  g_autoptr (GPropertyAction) speed
      = g_property_action_new ("play-speed", self->speed_dropdown, "selected");
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (speed));
  for (guint i = 0; i < G_N_ELEMENTS (overlay_settings); i++)
    {
      g_autoptr (GAction) action = g_settings_create_action (self->settings, overlay_settings[i]);
      g_action_map_add_action (G_ACTION_MAP (self), action);
    }
  g_autoptr (GAction) map = g_settings_create_action (self->settings, "show-map");
  g_action_map_add_action (G_ACTION_MAP (self), map);
  add_canvas_keys (self);
}
