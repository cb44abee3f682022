/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-window-layout.c: the window at any width, down to GNOME's smallest
 * (360 × 640).
 *
 * Two thresholds, on the window's width:
 *  - below FOLD_WIDTH the inspector folds: it slides over the canvas when
 *    shown (F9 or the header's sidebar button) instead of taking width from
 *    it, and hides again on a click outside it;
 *  - below COMPACT_WIDTH the stepper shows "n / N" instead of "Hit n of N"
 *    (the long text in its tooltip), the speed menu and the pointer's
 *    coordinates give their room to the scrubber and the trace's summary,
 *    the tool bar drops the tool's hint,
 *    and the header bar keeps Open as an icon and Save in the menu only.
 * The thresholds are on the window's own width rather than on AdwFlap's
 * measure of its children (fold-threshold-policy), so they are the same in
 * every language and do not move with the canvas's contents. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "carom-accessible.h"
#include "carom-window-private.h"

/* The canvas keeps at least this much beside the 320-pixel inspector. */
#define FOLD_WIDTH 860
/* Below this the stepper and status line drop what a phone-sized window
 * cannot hold. */
#define COMPACT_WIDTH 560

static gboolean
apply_width (gpointer data)
{
  CaromWindow *self = data;
  self->layout_idle = 0;
  int width = self->layout_width;
  gboolean fold = width < FOLD_WIDTH, compact = width < COMPACT_WIDTH;
  /* The Beam tool's options keep their numbers; the words go to the
   * tooltips. */
  gtk_widget_set_visible (self->beam_count_label, !fold);
  gtk_widget_set_visible (self->beam_spread_label, !fold);
  if (fold != (adw_flap_get_fold_policy (self->flap) == ADW_FLAP_FOLD_POLICY_ALWAYS))
    adw_flap_set_fold_policy (self->flap,
                              fold ? ADW_FLAP_FOLD_POLICY_ALWAYS : ADW_FLAP_FOLD_POLICY_NEVER);
  if (compact != self->compact)
    {
      self->compact = compact;
      gtk_widget_set_visible (GTK_WIDGET (self->speed_dropdown), !compact);
      gtk_widget_set_visible (GTK_WIDGET (self->pointer_label), !compact);
      gtk_widget_set_visible (GTK_WIDGET (self->objects_label), !compact);
      /* Nine tools leave the hint no room: each tool's tooltip says what it
       * does. */
      gtk_widget_set_visible (GTK_WIDGET (self->tool_hint), !compact);
      /* The header bar: Open as an icon, Save (Ctrl+S, and in the menu)
       * gives its place to the title. */
      if (compact)
        adw_split_button_set_icon_name (self->open_button, "document-open-symbolic");
      else
        adw_split_button_set_label (self->open_button, _ ("_Open"));
      gtk_widget_set_visible (self->save_button, !compact);
      if (self->stepper != NULL) /* not yet while the window is being made */
        carom_window_update_step (self);
    }
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

void
carom_window_layout_init (CaromWindow *self)
{
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
}
