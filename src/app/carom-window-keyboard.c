/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-window-keyboard.c: drawing without a pointer.
 *
 * Ctrl+L (or the keyboard button after the tools) opens a field where a
 * point is typed in scene units, "x, y"; Enter puts it down where a click of
 * the current tool would: a vertex of the polygon (the first vertex again,
 * or Enter on an empty field, closes it), a rectangle's corners and a
 * regular polygon's centre and vertex, a beam's start and aim or ends (two
 * points: the press and the release of a drag), a ball's centre, what the Select tool picks. Typed
 * points are exact: they do not snap. The label above the field says what
 * the next point is. With Tab into the canvas, the tool keys and the
 * stepping keys, a whole scene can be built and stepped from the keyboard. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "carom-accessible.h"
#include "carom-window-private.h"

static const char *
next_point_hint (CaromWindow *self)
{
  const CaromEditorState *st = carom_editor_get_state (self->editor);
  switch (carom_editor_get_tool (self->editor))
    {
    case CAROM_TOOL_POLYGON:
      if (st->preview->len == 0)
        return _ ("The polygon’s first vertex");
      if (st->preview->len < 3)
        return _ ("Its next vertex");
      return _ ("Its next vertex; Enter on an empty field, or the first vertex again, closes it");
    case CAROM_TOOL_RECTANGLE:
      return self->point_pending ? _ ("The rectangle’s opposite corner")
                                 : _ ("The rectangle’s first corner");
    case CAROM_TOOL_REGULAR:
      return self->point_pending ? _ ("A vertex: it sets the size and the turn")
                                 : _ ("The regular polygon’s centre");
    case CAROM_TOOL_CIRCLE:
      return self->point_pending ? _ ("A point on the circle: it sets the radius")
                                 : _ ("The circle’s centre");
    case CAROM_TOOL_BALL:
      return _ ("The new ball’s centre");
    case CAROM_TOOL_BEAM:
      return self->point_pending ? _ ("Where the beam aims (a fan), or its line’s other end")
                                 : _ ("Where the fan’s rays start, or the first end of its line");
    case CAROM_TOOL_SELECT:
      return _ ("Selects what is there");
    case CAROM_TOOL_VERTEX:
    case CAROM_TOOL_LAB:
    default:
      return _ ("Clicks there");
    }
}

static void
update_hint (CaromWindow *self)
{
  gtk_label_set_label (self->point_hint, next_point_hint (self));
}

/* Reads "x, y" (or "x y", "x; y"): two finite numbers. */
static gboolean
parse_point (const char *text, CgVec2 *p)
{
  g_autofree char *s = g_strdup (text);
  g_strdelimit (s, ",;", ' ');
  g_auto (GStrv) parts = g_strsplit_set (g_strstrip (s), " \t", -1);
  double v[2];
  guint n = 0;
  for (guint i = 0; parts[i] != NULL; i++)
    {
      if (*parts[i] == '\0')
        continue;
      char *end = NULL;
      double x = g_ascii_strtod (parts[i], &end);
      if (n == 2 || end == parts[i] || *end != '\0' || !isfinite (x))
        return FALSE;
      v[n++] = x;
    }
  if (n != 2)
    return FALSE;
  *p = cg_v2 (v[0], v[1]);
  return TRUE;
}

static void
point_activated (CaromWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->point_entry));
  CaromTool tool = carom_editor_get_tool (self->editor);
  gtk_widget_remove_css_class (GTK_WIDGET (self->point_entry), "error");
  g_autofree char *trimmed = g_strstrip (g_strdup (text));
  if (*trimmed == '\0')
    {
      /* An empty Enter ends the polygon, as Enter on the canvas does. */
      if (tool == CAROM_TOOL_POLYGON)
        carom_editor_key (self->editor, CAROM_KEY_ENTER, 0);
      update_hint (self);
      return;
    }
  CgVec2 p;
  if (!parse_point (text, &p))
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->point_entry), "error");
      gtk_label_set_label (self->point_hint, _ ("Type two numbers, such as 120, -40"));
      return;
    }
  CaromModifiers exact = CAROM_MOD_CTRL;
  carom_editor_motion (self->editor, p, exact);
  if (tool == CAROM_TOOL_RECTANGLE || tool == CAROM_TOOL_REGULAR || tool == CAROM_TOOL_CIRCLE
      || tool == CAROM_TOOL_BEAM)
    {
      /* Two typed points make the drag: the press, then the release. */
      if (!self->point_pending)
        self->point_pending = carom_editor_press (self->editor, p, 1, exact);
      else
        {
          carom_editor_release (self->editor, p, exact);
          self->point_pending = FALSE;
        }
    }
  else
    {
      carom_editor_press (self->editor, p, 1, exact);
      carom_editor_release (self->editor, p, exact);
    }
  gtk_editable_set_text (GTK_EDITABLE (self->point_entry), "");
  update_hint (self);
}

/* A drag begun by a typed point ends with the tool, or when the field is
 * closed before its second point. */
static void
abandon_pending (CaromWindow *self)
{
  if (!self->point_pending)
    return;
  self->point_pending = FALSE;
  carom_editor_cancel (self->editor);
}

static void
tool_changed (CaromWindow *self)
{
  abandon_pending (self);
  update_hint (self);
}

static void
popover_closed (CaromWindow *self)
{
  abandon_pending (self);
}

void
carom_window_type_point_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  (void)action;
  (void)parameter;
  CaromWindow *self = data;
  update_hint (self);
  gtk_menu_button_popup (self->point_button);
  gtk_widget_grab_focus (GTK_WIDGET (self->point_entry));
}

void
carom_window_keyboard_init (CaromWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  GtkWidget *title = gtk_label_new (_ ("Type a Point"));
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_box_append (GTK_BOX (box), title);
  self->point_hint = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->point_hint, TRUE);
  gtk_label_set_max_width_chars (self->point_hint, 30);
  gtk_label_set_width_chars (self->point_hint, 30);
  gtk_label_set_xalign (self->point_hint, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->point_hint), "dim-label");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->point_hint));
  self->point_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_widget_set_name (GTK_WIDGET (self->point_entry), "point-entry");
  /* Translators: the placeholder of the field where a point is typed. */
  gtk_entry_set_placeholder_text (self->point_entry, _ ("x, y"));
  gtk_entry_set_input_purpose (self->point_entry, GTK_INPUT_PURPOSE_NUMBER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->point_entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Point, as x and y"), -1);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->point_entry),
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, self->point_hint, NULL, -1);
  g_signal_connect_swapped (self->point_entry, "activate", G_CALLBACK (point_activated), self);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->point_entry));
  GtkWidget *popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_popover_set_default_widget (GTK_POPOVER (popover), GTK_WIDGET (self->point_entry));
  g_signal_connect_swapped (popover, "closed", G_CALLBACK (popover_closed), self);

  self->point_button = GTK_MENU_BUTTON (gtk_menu_button_new ());
  gtk_menu_button_set_icon_name (self->point_button, "input-keyboard-symbolic");
  gtk_menu_button_set_popover (self->point_button, popover);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->point_button), _ ("Type a Point (Ctrl+L)"));
  carom_accessible_set_label (GTK_WIDGET (self->point_button), _ ("Type a Point"));
  gtk_widget_insert_after (GTK_WIDGET (self->point_button), self->tool_bar,
                           gtk_widget_get_first_child (self->tool_bar));

  g_signal_connect_swapped (self->editor, "notify::tool", G_CALLBACK (tool_changed), self);
  g_signal_connect_swapped (self->editor, "changed", G_CALLBACK (update_hint), self);
  update_hint (self);
}
