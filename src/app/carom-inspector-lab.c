/* carom-inspector-lab.c: the Lab panel: every number of the Collision lab's test. */
#include "config.h"

#include "carom-inspector-private.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

/* ---- Lab panel ---- */

static void
copy_lab (GtkButton *button, CaromInspector *self)
{
  if (self->editor == NULL)
    return;
  g_autofree char *text = carom_lab_text (carom_editor_get_lab (self->editor));
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
  g_autoptr (GPtrArray) rows = carom_lab_rows (lab, &verdict);
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
}
