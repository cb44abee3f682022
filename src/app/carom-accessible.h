/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-accessible.h: names for screen readers.
 *
 * An icon-only button is announced by its accessible label; GTK 4.8 reads
 * none from a tooltip and has no getter for what was set, so Carom names
 * them through these functions, which also keep the name on the widget for
 * the UI tests to check. Tooltips are shown whole in any script. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/// Sets widget's accessible label.
void carom_accessible_set_label (GtkWidget *widget, const char *label);

/// The label set by carom_accessible_set_label, or NULL.
const char *carom_accessible_get_label (GtkWidget *widget);

/// Whether widget is a button showing an icon and no text.
gboolean carom_accessible_is_icon_only (GtkWidget *widget);

/// Names every icon-only button under root that has no name yet after its
/// tooltip, less a trailing key in parentheses ("Save (Ctrl+S)" → "Save").
void carom_accessible_label_icon_buttons (GtkWidget *root);

/// Shows widget's tooltip text in a label of Carom's own: GTK 4.8's own
/// tooltip label wraps CJK text at its narrowest, one character a line
/// ("主" / "菜" / "单"). Short texts stay on one line; long ones wrap at about
/// 50 characters. Idempotent.
void carom_tooltip_keep_whole (GtkWidget *widget);

/// carom_tooltip_keep_whole on every widget under root with a tooltip.
void carom_tooltips_keep_whole (GtkWidget *root);

G_END_DECLS
