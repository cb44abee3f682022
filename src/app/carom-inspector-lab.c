/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-inspector-lab.c: the Lab panel: every number of the Collision lab's test. */
#include "config.h"

#include "carom-accessible.h"
#include "carom-inspector-private.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

/* ---- Lab panel ---- */

/* The significant digits of Preferences, as the Hit panel shows them. */
static int
lab_digits (CaromInspector *self)
{
  return self->settings != NULL ? (int)g_settings_get_uint (self->settings, "digits")
                                : CAROM_EXPLAIN_DIGITS_DEFAULT;
}

/* The numbers as the panel shows them, to the same digits. */
static void
copy_lab (GtkButton *button, CaromInspector *self)
{
  if (self->editor == NULL)
    return;
  g_autofree char *text = carom_lab_text (carom_editor_get_lab (self->editor), lab_digits (self));
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (button)), text);
  g_signal_emit (self, carom_inspector_signals[MESSAGE], 0, _ ("Copied as text"));
}

/* The lab's chosen test: every number it computed and its verdict. Cheap
 * (a handful of rows), so rebuilt on every change of the probes. */
void
carom_inspector_refresh_lab (CaromInspector *self)
{
  carom_inspector_clear_box (self->lab_box);
  if (self->editor == NULL)
    return;
  CaromLab *lab = carom_editor_get_lab (self->editor);
  g_autofree char *verdict = NULL;
  g_autoptr (GPtrArray) rows = carom_lab_rows (lab, lab_digits (self), &verdict);
  GtkWidget *group = carom_inspector_group_new (
      self->lab_box, carom_lab_test_name (carom_lab_get_test (lab)), verdict);
  GtkWidget *copy = gtk_button_new_with_label (_ ("Copy"));
  gtk_widget_add_css_class (copy, "flat");
  gtk_widget_set_tooltip_text (copy, _ ("Copy the numbers as plain text"));
  g_signal_connect (copy, "clicked", G_CALLBACK (copy_lab), self);
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group), copy);
  for (guint i = 0; i + 1 < rows->len; i += 2)
    {
      GtkWidget *row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), rows->pdata[i]);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), rows->pdata[i + 1]);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }
  if (rows->len == 0)
    carom_inspector_status_page (self->lab_box, "carom-tool-lab-symbolic",
                                 carom_lab_test_name (carom_lab_get_test (lab)), verdict);
  /* Tooltips whole in any script (carom-accessible.h). */
  carom_tooltips_keep_whole (GTK_WIDGET (self->lab_box));
}

/* The Lab panel is there only while the Lab tool is: choosing the tool
 * shows it, leaving the tool goes back to the panel shown before. */
void
carom_inspector_lab_follow_tool (CaromInspector *self)
{
  gboolean lab = self->editor != NULL && carom_editor_get_tool (self->editor) == CAROM_TOOL_LAB;
  GtkWidget *child = gtk_stack_get_child_by_name (self->stack, "lab");
  GtkStackPage *page = gtk_stack_get_page (self->stack, child);
  if (lab == gtk_stack_page_get_visible (page))
    return;
  if (lab)
    {
      g_free (self->page_before_lab);
      self->page_before_lab = g_strdup (gtk_stack_get_visible_child_name (self->stack));
      gtk_stack_page_set_visible (page, TRUE);
      gtk_stack_set_visible_child (self->stack, child);
      return;
    }
  gboolean shown = gtk_stack_get_visible_child (self->stack) == child;
  gtk_stack_page_set_visible (page, FALSE);
  if (shown && self->page_before_lab != NULL)
    gtk_stack_set_visible_child_name (self->stack, self->page_before_lab);
  g_clear_pointer (&self->page_before_lab, g_free);
}
