/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-accessible.c: names for screen readers (see carom-accessible.h). */
#include "config.h"

#include "carom-accessible.h"

#include <adwaita.h>

#define LABEL_KEY "carom-accessible-label"

void
carom_accessible_set_label (GtkWidget *widget, const char *label)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  g_object_set_data_full (G_OBJECT (widget), LABEL_KEY, g_strdup (label), g_free);
}

const char *
carom_accessible_get_label (GtkWidget *widget)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  return g_object_get_data (G_OBJECT (widget), LABEL_KEY);
}

gboolean
carom_accessible_is_icon_only (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget))
    return gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)) != NULL
           && gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)) == NULL;
  if (ADW_IS_SPLIT_BUTTON (widget))
    return adw_split_button_get_icon_name (ADW_SPLIT_BUTTON (widget)) != NULL
           && adw_split_button_get_label (ADW_SPLIT_BUTTON (widget)) == NULL;
  if (!GTK_IS_BUTTON (widget))
    return FALSE;
  GtkWidget *child = gtk_button_get_child (GTK_BUTTON (widget));
  return GTK_IS_IMAGE (child);
}

/* "Save (Ctrl+S)" → "Save". */
static char *
name_from_tooltip (const char *tooltip)
{
  char *name = g_strdup (tooltip);
  char *open = strrchr (name, '(');
  if (open != NULL && open > name && g_str_has_suffix (name, ")"))
    *open = '\0';
  return g_strstrip (name);
}

void
carom_accessible_label_icon_buttons (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));
  if (carom_accessible_is_icon_only (root) && carom_accessible_get_label (root) == NULL)
    {
      const char *tooltip = gtk_widget_get_tooltip_text (root);
      if (tooltip != NULL)
        {
          g_autofree char *name = name_from_tooltip (tooltip);
          carom_accessible_set_label (root, name);
        }
    }
  /* A split button's parts are its own. */
  if (ADW_IS_SPLIT_BUTTON (root))
    return;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    carom_accessible_label_icon_buttons (c);
}

/* Up to this many characters a tooltip is one line; longer ones wrap. */
#define TOOLTIP_LINE_CHARS 50

static gboolean
query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip)
{
  (void)x;
  (void)y;
  (void)keyboard;
  const char *text = gtk_widget_get_tooltip_text (widget);
  if (text == NULL || *text == '\0')
    return FALSE;
  GtkWidget *label = gtk_label_new (text);
  glong chars = g_utf8_strlen (text, -1);
  if (chars > TOOLTIP_LINE_CHARS)
    {
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      /* A width, not only a maximum: otherwise the label may be given its
       * minimum, the widest single character. */
      gtk_label_set_width_chars (GTK_LABEL (label), TOOLTIP_LINE_CHARS);
      gtk_label_set_max_width_chars (GTK_LABEL (label), TOOLTIP_LINE_CHARS);
    }
  gtk_tooltip_set_custom (tooltip, label);
  return TRUE;
}

#define TOOLTIP_KEY "carom-tooltip-whole"

void
carom_tooltip_keep_whole (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  if (g_object_get_data (G_OBJECT (widget), TOOLTIP_KEY) != NULL)
    return;
  g_object_set_data (G_OBJECT (widget), TOOLTIP_KEY, GINT_TO_POINTER (1));
  g_signal_connect (widget, "query-tooltip", G_CALLBACK (query_tooltip), NULL);
}

void
carom_tooltips_keep_whole (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));
  if (gtk_widget_get_has_tooltip (root))
    carom_tooltip_keep_whole (root);
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    carom_tooltips_keep_whole (c);
}
