/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-window-layout.c: the window at any width, down to GNOME's smallest
 * (360 × 640).
 *
 * Two thresholds, on the window's width:
 *  - below FOLD_WIDTH the inspector folds: it slides over the canvas when
 *    shown (F9 or the header's sidebar button) instead of taking width from
 *    it, and hides again on a click outside it;
 *  - below COMPACT_WIDTH the pointer's coordinates and the scene's summary
 *    give their room to the trace's summary, the tool bar drops the tool's
 *    hint and narrows its tools a little, so that the nine tools and Type a
 *    Point fill one row whole, First and Last go to the stepper's menu, and
 *    the header bar keeps Open as an icon and Save in the menu only.
 * Two more on the canvas's width (the window's, less the inspector beside
 * it) keep the scrubber at least 40 % of the stepper bar (see
 * update_stepper), and the tool's options go to a row of their own under the
 * tools when the tool bar has no room for them (see update_tool_bar).
 * The thresholds are on the window's own width rather than on AdwFlap's
 * measure of its children (fold-threshold-policy), so they are the same in
 * every language and do not move with the canvas's contents. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "carom-accessible.h"
#include "carom-window-private.h"

/* ---- the window's least width ----
 *
 * What the window asks of the window manager as its least width must not
 * depend on the layout it has at the time: a window laid out for 600
 * pixels asked for that layout's minimum (413 pixels, 423 in Chinese) and
 * could not be made narrower in one go, although at that width it would
 * have taken the narrow layout. So the window's content sits in a bin that
 * asks for no width of its own (the window's width-request, 360, is the
 * least) and gives its child at least the child's minimum, cut at the
 * window's edge, until the layout of the new width (apply_width, right
 * after this allocation) fits: AdwBreakpointBin of libadwaita 1.4 does the
 * same. */

#define CAROM_TYPE_LAYOUT_BIN (carom_layout_bin_get_type ())
G_DECLARE_FINAL_TYPE (CaromLayoutBin, carom_layout_bin, CAROM, LAYOUT_BIN, GtkWidget)

struct _CaromLayoutBin
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (CaromLayoutBin, carom_layout_bin, GTK_TYPE_WIDGET)

static int
child_min_width (GtkWidget *child)
{
  int min = 0;
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  return min;
}

static void
carom_layout_bin_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *min,
                          int *nat, int *min_baseline, int *nat_baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);
  *min = *nat = 0;
  *min_baseline = *nat_baseline = -1;
  if (child == NULL || !gtk_widget_should_layout (child))
    return;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      gtk_widget_measure (child, orientation, for_size, NULL, nat, NULL, NULL);
      *min = 0;
      return;
    }
  /* Heights for the width the child will be given. */
  if (for_size >= 0)
    for_size = MAX (for_size, child_min_width (child));
  gtk_widget_measure (child, orientation, for_size, min, nat, NULL, NULL);
}

static void
carom_layout_bin_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  (void)baseline;
  GtkWidget *child = gtk_widget_get_first_child (widget);
  if (child != NULL && gtk_widget_should_layout (child))
    gtk_widget_allocate (child, MAX (width, child_min_width (child)), height, -1, NULL);
}

static void
carom_layout_bin_dispose (GObject *object)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (carom_layout_bin_parent_class)->dispose (object);
}

static void
carom_layout_bin_class_init (CaromLayoutBinClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = carom_layout_bin_dispose;
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  widget_class->measure = carom_layout_bin_measure;
  widget_class->size_allocate = carom_layout_bin_size_allocate;
}

static void
carom_layout_bin_init (CaromLayoutBin *self)
{
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
}

/* Puts the window's content into a bin. */
static void
wrap_content (CaromWindow *self)
{
  AdwApplicationWindow *window = ADW_APPLICATION_WINDOW (self);
  g_autoptr (GtkWidget) content = g_object_ref (adw_application_window_get_content (window));
  adw_application_window_set_content (window, NULL);
  GtkWidget *bin = g_object_new (CAROM_TYPE_LAYOUT_BIN, NULL);
  gtk_widget_set_parent (content, bin);
  adw_application_window_set_content (window, bin);
}

/* ---- the layout of each width ---- */

/* The canvas keeps at least this much beside the 320-pixel inspector. */
#define FOLD_WIDTH 860
/* Below this the stepper and status line drop what a phone-sized window
 * cannot hold. */
#define COMPACT_WIDTH 560

/* The width of the canvas's column: the window's, less the inspector's
 * when it stands beside the canvas. */
static int
content_room (CaromWindow *self)
{
  int room = self->layout_width;
  if (!adw_flap_get_folded (self->flap) && adw_flap_get_reveal_flap (self->flap))
    {
      int inspector = gtk_widget_get_width (GTK_WIDGET (self->inspector));
      if (inspector <= 0)
        gtk_widget_measure (GTK_WIDGET (self->inspector), GTK_ORIENTATION_HORIZONTAL, -1,
                            &inspector, NULL, NULL, NULL);
      room -= inspector + 1;
    }
  return room;
}

/* ---- the stepper ----
 *
 * The scrubber keeps at least 40 % of the stepper bar. Where the canvas's
 * column is narrower than STEPPER_ALL_ROOM the playing speed and the
 * Boundary Map button give it their room: they are in the bar's menu (⋮);
 * narrower than STEPPER_WORDS_ROOM the step shows "n / N" (the words in its
 * tooltip); in a compact window First and Last go to the menu too (Home and
 * End still step there). The widths are those Chinese needs, the wider of
 * the two languages ("第 28 次碰撞，共 29 次", "2 次碰撞/秒"). */
#define STEPPER_ALL_ROOM 940
#define STEPPER_WORDS_ROOM 720

static void
append_section (GMenu *menu, const char *label, GMenu *section)
{
  g_menu_append_section (menu, label, G_MENU_MODEL (section));
  g_object_unref (section);
}

static GMenuItem *
menu_item (const char *label, const char *action, const char *accel)
{
  GMenuItem *item = g_menu_item_new (label, action);
  if (accel != NULL)
    g_menu_item_set_attribute (item, "accel", "s", accel);
  return item;
}

/* The stepper's menu: First and Last (when transport), the playing speeds,
 * the Boundary Map. */
static GMenuModel *
stepper_menu (CaromWindow *self, gboolean transport)
{
  GMenu *menu = g_menu_new ();
  if (transport)
    {
      GMenu *steps = g_menu_new ();
      g_autoptr (GMenuItem) first = menu_item (_ ("First Step"), "win.step-first", "Home");
      g_autoptr (GMenuItem) last = menu_item (_ ("Last Hit"), "win.step-last", "End");
      g_menu_append_item (steps, first);
      g_menu_append_item (steps, last);
      append_section (menu, NULL, steps);
    }
  /* The speed menu's own names, as a choice of the speed action. */
  GMenu *speeds = g_menu_new ();
  GListModel *names = gtk_drop_down_get_model (self->speed_dropdown);
  for (guint i = 0; i < g_list_model_get_n_items (names); i++)
    {
      g_autoptr (GMenuItem) item
          = g_menu_item_new (gtk_string_list_get_string (GTK_STRING_LIST (names), i), NULL);
      g_menu_item_set_action_and_target_value (item, "win.play-speed", g_variant_new_uint32 (i));
      g_menu_append_item (speeds, item);
    }
  append_section (menu, _ ("Playing Speed"), speeds);
  GMenu *view = g_menu_new ();
  g_autoptr (GMenuItem) map = menu_item (_ ("_Boundary Map"), "win.show-map", "<Control>m");
  g_menu_append_item (view, map);
  append_section (menu, NULL, view);
  return G_MENU_MODEL (menu);
}

static void
update_stepper (CaromWindow *self)
{
  if (self->stepper_more == NULL)
    return;
  int room = content_room (self);
  /* 0: all in the bar; 1: speed and map in the menu; 2: "n / N" too;
   * 3: First and Last in the menu too */
  int tier = self->narrow ? 3 : room < STEPPER_WORDS_ROOM ? 2 : room < STEPPER_ALL_ROOM ? 1 : 0;
  if (tier == self->stepper_tier)
    return;
  self->stepper_tier = tier;
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->speed_dropdown)), tier == 0);
  gtk_widget_set_visible (self->map_button, tier == 0);
  gtk_widget_set_visible (GTK_WIDGET (self->stepper_more), tier > 0);
  g_autoptr (GMenuModel) menu = stepper_menu (self, tier == 3);
  gtk_menu_button_set_menu_model (self->stepper_more, menu);
  /* A phone's bar: 6 pixels between its parts (its style's), not 12. */
  gtk_box_set_spacing (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->scrubber))),
                       tier == 3 ? 0 : 6);
  self->compact = tier >= 2;
  if (self->stepper != NULL) /* not yet while the window is being made */
    carom_window_update_step (self);
}

/* ---- the tool bar ----
 *
 * The tool's options (role, sides, a beam's shape and numbers) stand after
 * the tools and Type a Point when the row has room for them and for some of
 * the hint, and in a row of their own under the tools when not: always in a
 * compact window, in a wider one when the inspector beside the canvas or the
 * language leaves too little. Nothing in the tool bar is ever past its side,
 * to be scrolled to. */

/* The room kept for the tool's hint before the options go under the tools. */
#define HINT_ROOM 120

/* The width widget takes in one row (a box standing on end counted as if
 * its parts were side by side). */
static int
width_in_a_row (GtkWidget *widget)
{
  int nat = 0;
  if (GTK_IS_BOX (widget)
      && gtk_orientable_get_orientation (GTK_ORIENTABLE (widget)) == GTK_ORIENTATION_VERTICAL)
    {
      int parts = 0;
      for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
           c = gtk_widget_get_next_sibling (c))
        if (gtk_widget_get_visible (c))
          {
            int w = 0;
            gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
            nat += w;
            parts++;
          }
      return nat + MAX (parts - 1, 0) * gtk_box_get_spacing (GTK_BOX (widget));
    }
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
  return nat;
}

static void
update_tool_bar (CaromWindow *self)
{
  if (self->tool_options == NULL || self->placing_options)
    return;
  self->placing_options = TRUE;
  GtkWidget *options[] = { self->role_box, self->sides_box, self->beam_box };
  int spacing = gtk_box_get_spacing (GTK_BOX (self->tool_bar));
  int need = 12 /* the bar's padding */
             + width_in_a_row (gtk_widget_get_first_child (self->tool_bar));
  if (self->point_button != NULL) /* not yet while the window is being made */
    need += spacing + width_in_a_row (GTK_WIDGET (self->point_button));
  gboolean any = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (gtk_widget_get_visible (options[i]))
      {
        need += spacing + width_in_a_row (options[i]);
        any = TRUE;
      }
  if (gtk_widget_get_visible (GTK_WIDGET (self->tool_hint)))
    need += spacing + HINT_ROOM;
  gboolean below = any && (self->narrow || need > content_room (self));
  if (below != self->options_below)
    {
      self->options_below = below;
      for (guint i = 0; i < G_N_ELEMENTS (options); i++)
        {
          g_autoptr (GtkWidget) w = g_object_ref (options[i]);
          gtk_widget_unparent (w);
          if (below)
            gtk_widget_insert_before (w, self->tool_options, NULL);
          else
            gtk_widget_insert_before (w, self->tool_bar, GTK_WIDGET (self->tool_hint));
        }
    }
  gtk_widget_set_visible (self->tool_options, below);
  self->placing_options = FALSE;
}

/* A compact window's tool bar: the nine tools a little narrower, a beam's
 * shape over its numbers. */
static void
compact_tool_bar (CaromWindow *self, gboolean compact)
{
  gtk_box_set_spacing (GTK_BOX (self->tool_bar), compact ? 6 : 12);
  if (compact)
    gtk_widget_add_css_class (self->tool_bar, "compact");
  else
    gtk_widget_remove_css_class (self->tool_bar, "compact");
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->beam_box),
                                  compact ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_set_halign (self->beam_box, compact ? GTK_ALIGN_START : GTK_ALIGN_FILL);
}

static gboolean
apply_width (gpointer data)
{
  CaromWindow *self = data;
  self->layout_idle = 0;
  int width = self->layout_width;
  gboolean fold = width < FOLD_WIDTH, narrow = width < COMPACT_WIDTH;
  /* The Beam tool's options keep their numbers; the words go to the
   * tooltips. */
  gtk_widget_set_visible (self->beam_count_label, !fold);
  gtk_widget_set_visible (self->beam_spread_label, !fold);
  if (fold != (adw_flap_get_fold_policy (self->flap) == ADW_FLAP_FOLD_POLICY_ALWAYS))
    adw_flap_set_fold_policy (self->flap,
                              fold ? ADW_FLAP_FOLD_POLICY_ALWAYS : ADW_FLAP_FOLD_POLICY_NEVER);
  if (narrow != self->narrow)
    {
      self->narrow = narrow;
      gtk_widget_set_visible (GTK_WIDGET (self->pointer_label), !narrow);
      gtk_widget_set_visible (GTK_WIDGET (self->objects_label), !narrow);
      /* Nine tools leave the hint no room: each tool's tooltip says what it
       * does. */
      gtk_widget_set_visible (GTK_WIDGET (self->tool_hint), !narrow);
      /* The header bar: Open as an icon, Save (Ctrl+S, and in the menu)
       * gives its place to the title. */
      if (narrow)
        adw_split_button_set_icon_name (self->open_button, "document-open-symbolic");
      else
        adw_split_button_set_label (self->open_button, _ ("_Open"));
      gtk_widget_set_visible (self->save_button, !narrow);
      compact_tool_bar (self, narrow);
    }
  update_stepper (self);
  update_tool_bar (self);
  return G_SOURCE_REMOVE;
}

void
carom_window_layout_allocated (CaromWindow *self, int width)
{
  if (width <= 0 || width == self->layout_width)
    return;
  self->layout_width = width;
  /* Widgets are shown and hidden after this allocation, not during it. */
  if (self->layout_idle == 0)
    self->layout_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, apply_width, self, NULL);
}

/* The size asked for before the window is shown decides its first layout:
 * a window asked for at 360 pixels must not first be given the wide
 * layout's minimum, which is wider. */
static void
default_width_changed (CaromWindow *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  int width = 0, height = 0;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width <= 0)
    return;
  self->layout_width = width;
  g_clear_handle_id (&self->layout_idle, g_source_remove);
  apply_width (self);
}

/* The inspector's visibility is remembered only while it is beside the
 * canvas: folding hides it, and that is not the user's choice. */
static void
reveal_changed (CaromWindow *self)
{
  if (!adw_flap_get_folded (self->flap))
    g_settings_set_boolean (self->settings, "show-sidebar", adw_flap_get_reveal_flap (self->flap));
}

/* ---- toasts over tooltips ----
 *
 * A toast stands at the bottom of the window, over the stepper bar. The
 * tooltips of the status line and of the stepper bar open upwards when the
 * window reaches the bottom of the screen (a maximized one does): over the
 * toast's message. So while a toast is shown, a tooltip that would cover it
 * is closed, at every frame (as the toast slides in, when the pointer comes
 * to another widget); tooltips elsewhere still show. GTK has no call to
 * place or close a tooltip: its popup, a GtkTooltipWindow (GTK's own type)
 * among the window's children, is found by its type's name, and hidden as
 * GTK itself hides it. */

/* A toast that has not yet been laid out is looked for this long. */
#define TOAST_WAIT_US (G_USEC_PER_SEC / 2)

static GtkWidget *
child_of_type_named (GtkWidget *parent, const char *name)
{
  for (GtkWidget *c = gtk_widget_get_first_child (parent); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (g_str_equal (G_OBJECT_TYPE_NAME (c), name))
      return c;
  return NULL;
}

/* Where the toasts on screen are, in the window's surface. */
static gboolean
toasts_area (CaromWindow *self, GdkRectangle *area)
{
  gboolean any = FALSE;
  double sx, sy;
  gtk_native_get_surface_transform (GTK_NATIVE (self), &sx, &sy);
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->toast_overlay)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      graphene_rect_t b;
      if (!g_str_equal (G_OBJECT_TYPE_NAME (c), "AdwToastWidget") || !gtk_widget_get_mapped (c)
          || !gtk_widget_compute_bounds (c, GTK_WIDGET (self), &b))
        continue;
      GdkRectangle r = { (int)floor (b.origin.x + sx), (int)floor (b.origin.y + sy),
                         (int)ceil (b.size.width), (int)ceil (b.size.height) };
      if (any)
        gdk_rectangle_union (area, &r, area);
      else
        *area = r;
      any = TRUE;
    }
  return any;
}

static gboolean
guard_toasts (GtkWidget *overlay, GdkFrameClock *clock, gpointer data)
{
  (void)overlay;
  (void)clock;
  CaromWindow *self = data;
  GdkRectangle toasts;
  if (!toasts_area (self, &toasts))
    {
      if (g_get_monotonic_time () - self->toast_since < TOAST_WAIT_US)
        return G_SOURCE_CONTINUE;
      self->toast_tick = 0;
      return G_SOURCE_REMOVE;
    }
  GtkWidget *tip = child_of_type_named (GTK_WIDGET (self), "GtkTooltipWindow");
  if (tip == NULL || !gtk_widget_get_mapped (tip))
    return G_SOURCE_CONTINUE;
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (tip));
  if (surface == NULL || !GDK_IS_POPUP (surface))
    return G_SOURCE_CONTINUE;
  GdkRectangle r = { gdk_popup_get_position_x (GDK_POPUP (surface)),
                     gdk_popup_get_position_y (GDK_POPUP (surface)),
                     gdk_surface_get_width (surface), gdk_surface_get_height (surface) };
  if (gdk_rectangle_intersect (&r, &toasts, NULL))
    gtk_widget_set_visible (tip, FALSE);
  return G_SOURCE_CONTINUE;
}

void
carom_window_layout_toast_shown (CaromWindow *self)
{
  self->toast_since = g_get_monotonic_time ();
  if (self->toast_tick == 0)
    self->toast_tick
        = gtk_widget_add_tick_callback (GTK_WIDGET (self->toast_overlay), guard_toasts, self, NULL);
}

void
carom_window_layout_init (CaromWindow *self)
{
  wrap_content (self);
  /* The stepper's menu, at the end of its bar. */
  self->stepper_tier = -1;
  self->stepper_more = GTK_MENU_BUTTON (gtk_menu_button_new ());
  gtk_menu_button_set_icon_name (self->stepper_more, "view-more-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->stepper_more), _ ("Playing Speed and More"));
  carom_accessible_set_label (GTK_WIDGET (self->stepper_more), _ ("Playing Speed and More"));
  gtk_widget_set_visible (GTK_WIDGET (self->stepper_more), FALSE);
  GtkWidget *stepper_bar = gtk_widget_get_parent (GTK_WIDGET (self->scrubber));
  gtk_widget_insert_before (GTK_WIDGET (self->stepper_more), stepper_bar, NULL);
  for (GtkWidget *c = gtk_widget_get_first_child (stepper_bar); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_ACTIONABLE (c)
        && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (c)), "win.show-map") == 0)
      self->map_button = c;
  g_assert (self->map_button != NULL);
  /* The row of the tool's options in a compact window, under the tool bar. */
  self->tool_options = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_add_css_class (self->tool_options, "toolbar");
  gtk_widget_add_css_class (self->tool_options, "tool-options");
  gtk_widget_set_visible (self->tool_options, FALSE);
  GtkWidget *scroller = gtk_widget_get_ancestor (self->tool_bar, GTK_TYPE_SCROLLED_WINDOW);
  gtk_widget_insert_after (self->tool_options, gtk_widget_get_parent (scroller), scroller);
  GtkWidget *options[] = { self->role_box, self->sides_box, self->beam_box };
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    g_signal_connect_swapped (options[i], "notify::visible", G_CALLBACK (update_tool_bar), self);
  g_signal_connect_swapped (self->flap, "notify::folded", G_CALLBACK (update_tool_bar), self);
  g_signal_connect_swapped (self->flap, "notify::folded", G_CALLBACK (update_stepper), self);
  g_signal_connect_swapped (self->flap, "notify::reveal-flap", G_CALLBACK (update_stepper), self);
  g_signal_connect_swapped (self->tool_bar, "map", G_CALLBACK (update_tool_bar), self);
  g_signal_connect_swapped (self->flap, "notify::reveal-flap", G_CALLBACK (update_tool_bar), self);
  /* Named for screen readers when it shows only its icon. */
  carom_accessible_set_label (GTK_WIDGET (self->open_button), _ ("Open"));
  adw_flap_set_reveal_flap (self->flap, g_settings_get_boolean (self->settings, "show-sidebar"));
  g_signal_connect_swapped (self->flap, "notify::reveal-flap", G_CALLBACK (reveal_changed), self);
  g_signal_connect_swapped (self, "notify::default-width", G_CALLBACK (default_width_changed),
                            self);
}

void
carom_window_layout_dispose (CaromWindow *self)
{
  g_clear_handle_id (&self->layout_idle, g_source_remove);
  if (self->toast_tick != 0 && self->toast_overlay != NULL)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->toast_overlay), self->toast_tick);
  self->toast_tick = 0;
}
