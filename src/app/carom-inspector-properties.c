/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-inspector-properties.c: the Properties panel: role, name, vertices, a ball's
 * numbers, and the Transform group; fields are updated in place and never
 * under the user's typing. */
#include "config.h"

#include "carom-accessible.h"
#include "carom-inspector-private.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

/* ---- Properties panel: its fields ---- */

/* A field is "typing" while the user has changed its text without
 * committing it and it still has the keyboard focus: refreshes leave it
 * alone, and Properties is not rebuilt under it. */
static void
field_changed (GtkEditable *editable, CaromInspector *self)
{
  if (self->updating)
    return;
  g_object_set_data (G_OBJECT (editable), "dirty", GINT_TO_POINTER (TRUE));
  self->typing = GTK_WIDGET (editable);
}

static gboolean
field_is_typing (GtkWidget *field)
{
  return field != NULL && g_object_get_data (G_OBJECT (field), "dirty") != NULL
         && (gtk_widget_get_state_flags (field) & GTK_STATE_FLAG_FOCUS_WITHIN) != 0;
}

static gboolean
page_is_typing (CaromInspector *self)
{
  return field_is_typing (self->typing);
}

/* The field's text was committed (or given up): refreshes may touch it again. */
static void
field_done (CaromInspector *self, GtkWidget *field)
{
  g_object_set_data (G_OBJECT (field), "dirty", NULL);
  if (self->typing == field)
    self->typing = NULL;
  if (self->props_pending)
    carom_inspector_schedule_refresh (self);
}

static void commit_entry (CaromInspector *self, GtkEntry *entry);

/* Leaving a coordinate field commits what was typed, as a spin button does. */
static void
field_focus_left (GtkEventControllerFocus *focus, CaromInspector *self)
{
  if (self->updating || self->disposed)
    return;
  GtkWidget *field = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus));
  if (GTK_IS_ENTRY (field) && g_object_get_data (G_OBJECT (field), "dirty") != NULL)
    commit_entry (self, GTK_ENTRY (field));
  else if (self->props_pending)
    carom_inspector_schedule_refresh (self);
}

static void watch_keys (CaromInspector *self, GtkWidget *field);

static void
track_field (CaromInspector *self, GtkWidget *field)
{
  g_signal_connect (field, "changed", G_CALLBACK (field_changed), self);
  GtkEventController *focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "leave", G_CALLBACK (field_focus_left), self);
  gtk_widget_add_controller (field, focus);
  watch_keys (self, field);
}

/* Shows v in a coordinate field, unless the user is typing in it. */
static void
set_entry_number (GtkWidget *entry, double v)
{
  if (field_is_typing (entry))
    return;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  carom_inspector_format_coordinate (v, buf);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (entry)), buf) != 0)
    gtk_editable_set_text (GTK_EDITABLE (entry), buf);
  g_object_set_data (G_OBJECT (entry), "dirty", NULL);
}

static void
set_spin_value (GtkWidget *spin, double v)
{
  if (field_is_typing (spin))
    return;
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), v);
  g_object_set_data (G_OBJECT (spin), "dirty", NULL);
}

/* Sets an entry row's text without it offering to apply it. */
static void
set_row_text (GtkWidget *row, const char *text)
{
  if (field_is_typing (row))
    return;
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), FALSE);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (row)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (row), text != NULL ? text : "");
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
  g_object_set_data (G_OBJECT (row), "dirty", NULL);
}

static void
set_label (GtkWidget *label, const char *text)
{
  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), text) != 0)
    gtk_label_set_label (GTK_LABEL (label), text);
}

static GtkWidget *
spin_new (CaromInspector *self, const char *field, double lo, double hi, double step, guint digits)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (lo, hi, step);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), digits);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 7);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_widget_set_name (spin, field);
  g_object_set_data (G_OBJECT (spin), "field", (gpointer)field);
  track_field (self, spin);
  return spin;
}

static GtkWidget *
action_row_new (GtkWidget *group, const char *title, const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  return row;
}

/* A row of one spin button; returns the spin button. */
static GtkWidget *
spin_row (GtkWidget *group, const char *title, const char *subtitle, GtkWidget *spin)
{
  GtkWidget *row = action_row_new (group, title, subtitle);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  return spin;
}

/* A compact number field (a pair of them fits a row: x and y). */
static GtkWidget *
number_entry_new (const char *name, const char *placeholder, const char *label)
{
  GtkWidget *entry = gtk_entry_new ();
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 6);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), 8);
  gtk_editable_set_alignment (GTK_EDITABLE (entry), 1.0f);
  gtk_entry_set_input_purpose (GTK_ENTRY (entry), GTK_INPUT_PURPOSE_NUMBER);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  gtk_widget_set_valign (entry, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (entry, "numeric");
  gtk_widget_set_name (entry, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  return entry;
}

static GtkWidget *
apply_button_new (const char *name, const char *tooltip, GCallback clicked, CaromInspector *self)
{
  GtkWidget *button = gtk_button_new_from_icon_name ("object-select-symbolic");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_name (button, name);
  gtk_widget_set_tooltip_text (button, tooltip);
  carom_accessible_set_label (button, tooltip);
  g_signal_connect_swapped (button, "clicked", clicked, self);
  return button;
}

/* ---- Properties panel: edits ---- */

/* The object Properties shows, when it shows one of that kind. */
static const CmObject *
shown_object (CaromInspector *self, CmObjectKind kind)
{
  PropsKind want = kind == CM_OBJECT_BALL   ? PROPS_BALL
                   : kind == CM_OBJECT_BEAM ? PROPS_BEAM
                                            : PROPS_POLYGON;
  if (self->props.kind != want)
    return NULL;
  const CmObject *o = carom_inspector_object_at (self, self->props.index);
  return o != NULL && o->kind == kind ? o : NULL;
}

static void update_properties (CaromInspector *self);

/* Puts every field back to the stored values (after a refused edit). */
static void
revert_fields (CaromInspector *self)
{
  self->updating = TRUE;
  update_properties (self);
  self->updating = FALSE;
}

/* Enter and Escape in a field (GNOME's way): Enter commits the text (the
 * field's own handler, which runs first), Escape puts back the stored value;
 * both then give the keyboard back to the canvas, whose keys ([ ], the
 * arrows, the tool letters) would otherwise go into the field. */
static void
field_activated (GtkText *text, CaromInspector *self)
{
  (void)text;
  if (!self->disposed)
    g_signal_emit (self, carom_inspector_signals[EDITING_DONE], 0);
}

static gboolean
field_key_pressed (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
                   CaromInspector *self)
{
  (void)keycode;
  if (keyval != GDK_KEY_Escape || (state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK | GDK_ALT_MASK)) != 0
      || self->disposed)
    return FALSE;
  GtkWidget *field = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (keys));
  g_object_set_data (G_OBJECT (field), "dirty", NULL);
  if (self->typing == field)
    self->typing = NULL;
  self->updating = TRUE;
  update_properties (self);
  /* A spin button's value changes only when its text is committed: showing
   * its value again puts the text back (the Transform group's, an arc's
   * radius). */
  if (GTK_IS_SPIN_BUTTON (field))
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (field),
                               gtk_spin_button_get_value (GTK_SPIN_BUTTON (field)));
  else if (field == self->props.move_x || field == self->props.move_y)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      carom_inspector_format_coordinate (
          field == self->props.move_x ? self->move_dx : self->move_dy, buf);
      gtk_editable_set_text (GTK_EDITABLE (field), buf);
    }
  self->updating = FALSE;
  if (self->props_pending)
    carom_inspector_schedule_refresh (self);
  g_signal_emit (self, carom_inspector_signals[EDITING_DONE], 0);
  return TRUE;
}

static void
watch_keys (CaromInspector *self, GtkWidget *field)
{
  GtkEditable *text = gtk_editable_get_delegate (GTK_EDITABLE (field));
  g_return_if_fail (GTK_IS_TEXT (text));
  g_signal_connect_after (text, "activate", G_CALLBACK (field_activated), self);
  GtkEventController *keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (field_key_pressed), self);
  gtk_widget_add_controller (field, keys);
}

static void
name_applied (AdwEntryRow *row, CaromInspector *self)
{
  field_done (self, GTK_WIDGET (row));
  guint index = self->props.index;
  const CmObject *o = carom_inspector_object_at (self, index);
  if (o == NULL
      || (self->props.kind != PROPS_POLYGON && self->props.kind != PROPS_BALL
          && self->props.kind != PROPS_BEAM))
    return;
  g_autofree char *name = g_strdup (gtk_editable_get_text (GTK_EDITABLE (row)));
  if (g_strcmp0 (name, o->id) == 0)
    return;
  g_autoptr (GError) error = NULL;
  if (!carom_edit_rename (carom_document_get_history (self->document),
                          carom_document_get_edit_scene (self->document), index, name, &error))
    {
      carom_inspector_message (self, error->message);
      revert_fields (self);
      return;
    }
  carom_document_edited (self->document);
  /* The editor knows selected objects by name: keep the renamed one selected. */
  if (self->editor != NULL)
    carom_editor_select (self->editor, &index, 1, FALSE);
}

static void
reset_label_clicked (GtkButton *button, CaromInspector *self)
{
  (void)button;
  if (self->editor != NULL)
    carom_editor_reset_label (self->editor, self->props.index);
}

/* Where the object's name label goes in figures: placed automatically, or
 * where the author dragged it on the canvas (Reset gives it back). */
static void
label_row_new (CaromInspector *self, GtkWidget *group)
{
  Props *p = &self->props;
  p->label_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (p->label_row), _ ("Name Label"));
  p->label_reset = gtk_button_new_with_label (_ ("Reset"));
  gtk_widget_set_name (p->label_reset, "reset-label");
  gtk_widget_set_valign (p->label_reset, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (p->label_reset,
                               _ ("Let Carom place the name label again, beside the object"));
  g_signal_connect (p->label_reset, "clicked", G_CALLBACK (reset_label_clicked), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (p->label_row), p->label_reset);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), p->label_row);
}

static void
update_label_row (CaromInspector *self, const CmObject *o)
{
  Props *p = &self->props;
  if (p->label_row == NULL)
    return;
  adw_action_row_set_subtitle (ADW_ACTION_ROW (p->label_row),
                               o->label_placed
                                   ? _ ("Where you put it; drag it on the canvas to move it")
                                   : _ ("Placed beside the object; drag it on the canvas to "
                                        "put it elsewhere"));
  gtk_widget_set_sensitive (p->label_reset, o->label_placed);
}

static GtkWidget *
name_row_new (CaromInspector *self, GtkWidget *group)
{
  GtkWidget *row = adw_entry_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ ("Name"));
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
  gtk_widget_set_name (row, "name");
  track_field (self, row);
  g_signal_connect (row, "apply", G_CALLBACK (name_applied), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  label_row_new (self, group);
  return row;
}

static void several_role_selected (CaromInspector *self, guint selected);

static void
role_selected (AdwComboRow *row, GParamSpec *pspec, CaromInspector *self)
{
  (void)pspec;
  if (self->updating)
    return;
  if (self->props.kind == PROPS_SEVERAL)
    {
      several_role_selected (self, adw_combo_row_get_selected (row));
      return;
    }
  const CmObject *o = shown_object (self, CM_OBJECT_POLYGON);
  if (o == NULL)
    return;
  CgRole role = adw_combo_row_get_selected (row) == 0 ? CG_ROLE_WALL : CG_ROLE_OBSTACLE;
  if (role == o->role)
    return;
  carom_edit_set_role (carom_document_get_history (self->document),
                       carom_document_get_edit_scene (self->document), self->props.index, role);
  carom_document_edited (self->document);
}

static GtkWidget *
role_row_new (CaromInspector *self)
{
  GtkWidget *row = adw_combo_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ ("Role"));
  GtkStringList *roles = gtk_string_list_new (NULL);
  gtk_string_list_append (roles, C_ ("role", "Wall"));
  gtk_string_list_append (roles, C_ ("role", "Obstacle"));
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (roles));
  g_object_unref (roles);
  gtk_widget_set_name (row, "role");
  g_signal_connect (row, "notify::selected", G_CALLBACK (role_selected), self);
  return row;
}

/* ---- several objects selected: what they share ---- */

static const guint *
selected_indices (CaromInspector *self)
{
  return (const guint *)self->selected->data;
}

/* The role chosen for several polygons: all of them take it, one undo step. */
static void
several_role_selected (CaromInspector *self, guint selected)
{
  CgRole role = selected == 0 ? CG_ROLE_WALL : CG_ROLE_OBSTACLE, shared;
  const CmScene *scene = carom_inspector_scene_of (self);
  if (selected == GTK_INVALID_LIST_POSITION || scene == NULL
      || (carom_edit_shared_role (scene, selected_indices (self), self->selected->len, &shared)
              == CAROM_SHARED_SAME
          && shared == role))
    return;
  carom_edit_set_role_all (carom_document_get_history (self->document),
                           carom_document_get_edit_scene (self->document), selected_indices (self),
                           self->selected->len, role);
  carom_document_edited (self->document);
}

/* What the ball does on touching several obstacles: all of them, one undo
 * step. */
static void
several_on_hit_selected (AdwComboRow *row, GParamSpec *pspec, CaromInspector *self)
{
  (void)pspec;
  guint selected = adw_combo_row_get_selected (row);
  if (self->updating || self->props.kind != PROPS_SEVERAL || selected == GTK_INVALID_LIST_POSITION)
    return;
  CgOnHit on_hit = selected == 1 ? CG_ON_HIT_REFLECT : CG_ON_HIT_STOP, shared;
  const CmScene *scene = carom_inspector_scene_of (self);
  if (scene == NULL
      || (carom_edit_shared_on_hit (scene, selected_indices (self), self->selected->len, &shared)
              == CAROM_SHARED_SAME
          && shared == on_hit))
    return;
  carom_edit_set_on_hit_all (carom_document_get_history (self->document),
                             carom_document_get_edit_scene (self->document),
                             selected_indices (self), self->selected->len, on_hit);
  carom_document_edited (self->document);
}

/* A combo row showing a value shared by several objects: the value, or
 * none chosen and "mixed" said under the title; hidden when not all of
 * them have it. */
static void
set_shared_row (GtkWidget *row, CaromShared shared, guint value, const char *subtitle,
                const char *mixed)
{
  gtk_widget_set_visible (row, shared != CAROM_SHARED_NONE);
  guint selected = shared == CAROM_SHARED_SAME ? value : GTK_INVALID_LIST_POSITION;
  if (adw_combo_row_get_selected (ADW_COMBO_ROW (row)) != selected)
    adw_combo_row_set_selected (ADW_COMBO_ROW (row), selected);
  const char *text = shared == CAROM_SHARED_MIXED ? mixed : subtitle;
  if (g_strcmp0 (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), text) != 0)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), text);
}

/* A vertex's x or y was typed: the polygon with that vertex moved, if it
 * stays a valid polygon. */
static void
commit_vertex (CaromInspector *self, GtkEntry *entry)
{
  const CmObject *o = shown_object (self, CM_OBJECT_POLYGON);
  guint vertex = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (entry), "vertex"));
  gboolean is_y = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (entry), "is-y"));
  if (o == NULL || vertex >= o->n_points)
    return;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  double value, old = is_y ? o->points[vertex].y : o->points[vertex].x;
  if (!carom_inspector_parse_number (text, &value))
    {
      g_autofree char *why = g_strdup_printf (_ ("“%s” is not a number"), text);
      carom_inspector_message (self, why);
      revert_fields (self);
      return;
    }
  if (value == old)
    {
      revert_fields (self); /* shows it as stored ("100" for "100.0") */
      return;
    }
  g_autofree CgVec2 *points = g_memdup2 (o->points, o->n_points * sizeof (CgVec2));
  if (is_y)
    points[vertex].y = value;
  else
    points[vertex].x = value;
  CgRole role = o->role;
  gboolean reversed = FALSE;
  g_autoptr (GError) error = NULL;
  if (!carom_edit_set_points (carom_document_get_history (self->document),
                              carom_document_get_edit_scene (self->document), self->props.index,
                              points, o->n_points, _ ("Move Vertex"), NULL, &reversed, &error))
    {
      carom_inspector_message (self, error->message);
      revert_fields (self);
      return;
    }
  carom_document_edited (self->document);
  if (reversed)
    carom_inspector_message (
        self, role == CG_ROLE_WALL
                  ? _ ("Walls are stored counter-clockwise, so Carom reversed the vertex order")
                  : _ ("Obstacles are stored clockwise, so Carom reversed the vertex order"));
}

static void
commit_entry (CaromInspector *self, GtkEntry *entry)
{
  field_done (self, GTK_WIDGET (entry));
  commit_vertex (self, entry);
}

/* A ball's spin button changed: one undo step per field edited in a row
 * (a spin button held down). */
static void
ball_spin_changed (GtkSpinButton *spin, CaromInspector *self)
{
  if (self->updating)
    return;
  field_done (self, GTK_WIDGET (spin));
  const CmObject *o = shown_object (self, CM_OBJECT_BALL);
  if (o == NULL)
    return;
  const char *field = g_object_get_data (G_OBJECT (spin), "field");
  double value = gtk_spin_button_get_value (spin);
  CgVec2 center = o->center, direction = o->direction;
  double radius = o->radius;
  guint max_bounces = o->max_bounces;
  const char *label, *key = field;
  if (g_str_equal (field, "center-x") || g_str_equal (field, "center-y"))
    {
      if (g_str_equal (field, "center-x"))
        center.x = value;
      else
        center.y = value;
      label = _ ("Move");
      key = "center";
    }
  else if (g_str_equal (field, "radius"))
    {
      radius = value;
      label = _ ("Change Radius");
    }
  else if (g_str_equal (field, "max-bounces"))
    {
      max_bounces = (guint)gtk_spin_button_get_value_as_int (spin);
      label = _ ("Change Maximum Bounces");
    }
  else
    {
      if (g_str_equal (field, "angle"))
        direction = cg_v2 (cos (value * G_PI / 180.0), sin (value * G_PI / 180.0));
      else if (g_str_equal (field, "dx"))
        direction.x = value;
      else
        direction.y = value;
      label = _ ("Change Direction");
      key = "direction";
    }
  if (center.x == o->center.x && center.y == o->center.y && radius == o->radius
      && direction.x == o->direction.x && direction.y == o->direction.y
      && max_bounces == o->max_bounces)
    return;
  g_autofree char *merge_key = g_strdup_printf ("ball-%u-%s", self->props.index, key);
  g_autoptr (GError) error = NULL;
  if (!carom_edit_set_ball (carom_document_get_history (self->document),
                            carom_document_get_edit_scene (self->document), self->props.index,
                            center, radius, direction, max_bounces, label, merge_key, &error))
    {
      carom_inspector_message (self, error != NULL ? error->message
                                                   : _ ("A ball cannot have that value"));
      revert_fields (self);
      return;
    }
  carom_document_edited (self->document);
}

static GtkWidget *
ball_spin (CaromInspector *self, GtkWidget *group, const char *title, const char *subtitle,
           const char *field, double lo, double hi, double step, guint digits)
{
  GtkWidget *spin = spin_new (self, field, lo, hi, step, digits);
  g_signal_connect (spin, "value-changed", G_CALLBACK (ball_spin_changed), self);
  return spin_row (group, title, subtitle, spin);
}

/* ---- Properties panel: Transform ---- */

static gboolean
read_number_field (CaromInspector *self, GtkWidget *entry, double *value)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  if (carom_inspector_parse_number (text, value))
    return TRUE;
  g_autofree char *why = g_strdup_printf (_ ("“%s” is not a number"), text);
  carom_inspector_message (self, why);
  return FALSE;
}

static void
move_clicked (CaromInspector *self)
{
  double dx, dy;
  if (self->props.move_x == NULL || !read_number_field (self, self->props.move_x, &dx)
      || !read_number_field (self, self->props.move_y, &dy))
    return;
  self->move_dx = dx;
  self->move_dy = dy;
  /* Refusals come as the editor's own messages. */
  if (self->editor != NULL && (dx != 0.0 || dy != 0.0))
    carom_editor_move_selection (self->editor, cg_v2 (dx, dy), NULL);
}

static void
rotate_clicked (CaromInspector *self)
{
  if (self->props.rotate == NULL)
    return;
  gtk_spin_button_update (GTK_SPIN_BUTTON (self->props.rotate));
  self->rotate_degrees = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->props.rotate));
  if (self->editor != NULL && self->rotate_degrees != 0.0)
    carom_editor_rotate_selection (self->editor, self->rotate_degrees);
}

static void
scale_clicked (CaromInspector *self)
{
  if (self->props.scale == NULL)
    return;
  gtk_spin_button_update (GTK_SPIN_BUTTON (self->props.scale));
  self->scale_percent = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->props.scale));
  if (self->editor != NULL && self->scale_percent > 0.0 && self->scale_percent != 100.0)
    carom_editor_scale_selection (self->editor, self->scale_percent / 100.0);
}

static void
build_transform (CaromInspector *self)
{
  Props *p = &self->props;
  GtkWidget *group = carom_inspector_group_new (
      self->properties_box, _ ("Transform"), _ ("Rotate and scale about the selection’s centre."));

  GtkWidget *row = action_row_new (group, _ ("Move"), _ ("Scene units"));
  p->move_x = number_entry_new ("move-dx", "dx", _ ("Move by dx"));
  p->move_y = number_entry_new ("move-dy", "dy", _ ("Move by dy"));
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  carom_inspector_format_coordinate (self->move_dx, buf);
  gtk_editable_set_text (GTK_EDITABLE (p->move_x), buf);
  carom_inspector_format_coordinate (self->move_dy, buf);
  gtk_editable_set_text (GTK_EDITABLE (p->move_y), buf);
  g_signal_connect_swapped (p->move_x, "activate", G_CALLBACK (move_clicked), self);
  g_signal_connect_swapped (p->move_y, "activate", G_CALLBACK (move_clicked), self);
  watch_keys (self, p->move_x);
  watch_keys (self, p->move_y);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), p->move_x);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), p->move_y);
  adw_action_row_add_suffix (
      ADW_ACTION_ROW (row),
      apply_button_new ("move-apply", _ ("Move"), G_CALLBACK (move_clicked), self));

  row = action_row_new (group, _ ("Rotate"), _ ("Degrees, clockwise"));
  p->rotate = gtk_spin_button_new_with_range (-360, 360, 15);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (p->rotate), 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (p->rotate), self->rotate_degrees);
  gtk_editable_set_width_chars (GTK_EDITABLE (p->rotate), 5);
  gtk_widget_set_valign (p->rotate, GTK_ALIGN_CENTER);
  gtk_widget_set_name (p->rotate, "rotate-degrees");
  /* Enter rotates, as Enter in Move's fields moves. */
  g_signal_connect_swapped (gtk_editable_get_delegate (GTK_EDITABLE (p->rotate)), "activate",
                            G_CALLBACK (rotate_clicked), self);
  watch_keys (self, p->rotate);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), p->rotate);
  adw_action_row_add_suffix (
      ADW_ACTION_ROW (row),
      apply_button_new ("rotate-apply", _ ("Rotate"), G_CALLBACK (rotate_clicked), self));

  row = action_row_new (group, _ ("Scale"), _ ("Percent"));
  p->scale = gtk_spin_button_new_with_range (1, 10000, 10);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (p->scale), 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (p->scale), self->scale_percent);
  gtk_editable_set_width_chars (GTK_EDITABLE (p->scale), 5);
  gtk_widget_set_valign (p->scale, GTK_ALIGN_CENTER);
  gtk_widget_set_name (p->scale, "scale-percent");
  g_signal_connect_swapped (gtk_editable_get_delegate (GTK_EDITABLE (p->scale)), "activate",
                            G_CALLBACK (scale_clicked), self);
  watch_keys (self, p->scale);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), p->scale);
  adw_action_row_add_suffix (
      ADW_ACTION_ROW (row),
      apply_button_new ("scale-apply", _ ("Scale"), G_CALLBACK (scale_clicked), self));
}

/* ---- Properties panel: building and updating ---- */

static const char *
polygon_description (const CmObject *o)
{
  if (!o->reversed)
    return carom_inspector_role_label (o);
  return o->role == CG_ROLE_WALL ? _ ("Wall — its vertices were reversed to run "
                                      "counter-clockwise on screen, as walls need.")
                                 : _ ("Obstacle — its vertices were reversed to run "
                                      "clockwise on screen, as obstacles need.");
}

static void
build_polygon (CaromInspector *self, const CmObject *o)
{
  Props *p = &self->props;
  p->group = ADW_PREFERENCES_GROUP (carom_inspector_group_new (self->properties_box, o->id, NULL));
  GtkWidget *group = GTK_WIDGET (p->group);

  p->role = role_row_new (self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), p->role);

  p->name = name_row_new (self, group);
  p->n_vertices = carom_inspector_value_row (group, _ ("Vertices"), "");
  p->area = carom_inspector_value_row (group, _ ("Area"), "");

  p->vertices = ADW_PREFERENCES_GROUP (
      carom_inspector_group_new (self->properties_box, _ ("Vertex List"), NULL));
  for (size_t i = 0; i < p->vertex_rows; i++)
    {
      g_autofree char *title = g_strdup_printf ("v%zu", i);
      GtkWidget *row = action_row_new (GTK_WIDGET (p->vertices), title, NULL);
      for (int is_y = 0; is_y < 2; is_y++)
        {
          g_autofree char *name = g_strdup_printf ("v%zu-%s", i, is_y ? "y" : "x");
          g_autofree char *label = g_strdup_printf ("%s %s", title, is_y ? "y" : "x");
          GtkWidget *entry = number_entry_new (name, is_y ? "y" : "x", label);
          g_object_set_data (G_OBJECT (entry), "vertex", GUINT_TO_POINTER ((guint)i));
          g_object_set_data (G_OBJECT (entry), "is-y", GINT_TO_POINTER (is_y));
          track_field (self, entry);
          g_signal_connect_swapped (entry, "activate", G_CALLBACK (commit_entry), self);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), entry);
          g_ptr_array_add (p->vertex_fields, entry);
        }
    }
  carom_inspector_build_curve (self, o);
}

static void
update_polygon (CaromInspector *self, const CmObject *o)
{
  Props *p = &self->props;
  adw_preferences_group_set_title (p->group, o->id);
  adw_preferences_group_set_description (p->group, polygon_description (o));
  guint role = o->role == CG_ROLE_WALL ? 0 : 1;
  if (adw_combo_row_get_selected (ADW_COMBO_ROW (p->role)) != role)
    adw_combo_row_set_selected (ADW_COMBO_ROW (p->role), role);
  set_row_text (p->name, o->id);
  g_autofree char *count = g_strdup_printf ("%zu", o->n_points);
  set_label (p->n_vertices, count);
  g_autofree char *area = carom_inspector_format_number (
      fabs (o->edges != NULL ? cg_curve_signed_area (o->points, o->edges, o->n_points)
                             : cg_polygon_signed_area (o->points, o->n_points)));
  set_label (p->area, area);
  for (size_t i = 0; i < p->vertex_rows && i < o->n_points; i++)
    {
      set_entry_number (g_ptr_array_index (p->vertex_fields, 2 * i), o->points[i].x);
      set_entry_number (g_ptr_array_index (p->vertex_fields, 2 * i + 1), o->points[i].y);
    }
  g_autofree char *more = o->n_points > VERTEX_ROWS_MAX
                              ? g_strdup_printf (_ ("and %zu more"), o->n_points - VERTEX_ROWS_MAX)
                              : NULL;
  adw_preferences_group_set_description (p->vertices, more);
  carom_inspector_update_curve (self, o);
}

static void
build_ball (CaromInspector *self, const CmObject *o)
{
  Props *p = &self->props;
  p->group = ADW_PREFERENCES_GROUP (
      carom_inspector_group_new (self->properties_box, o->id, carom_inspector_role_label (o)));
  GtkWidget *group = GTK_WIDGET (p->group);
  p->name = name_row_new (self, group);
  p->center_x = ball_spin (self, group, _ ("Centre x"), NULL, "center-x", -1e9, 1e9, 1, 3);
  p->center_y = ball_spin (self, group, _ ("Centre y"), NULL, "center-y", -1e9, 1e9, 1, 3);
  p->radius = ball_spin (self, group, _ ("Radius"), NULL, "radius", 0.001, 1e6, 1, 3);
  p->angle = ball_spin (self, group, _ ("Direction"),
                        _ ("Degrees, clockwise from +x (y points down)"), "angle", -180, 180, 1, 3);
  gtk_spin_button_set_wrap (GTK_SPIN_BUTTON (p->angle), TRUE);
  p->dx = ball_spin (self, group, _ ("Direction dx"), NULL, "dx", -1e6, 1e6, 0.1, 4);
  p->dy = ball_spin (self, group, _ ("Direction dy"), NULL, "dy", -1e6, 1e6, 0.1, 4);
  p->max_bounces
      = ball_spin (self, group, _ ("Maximum Bounces"), NULL, "max-bounces", 0, 1000000, 1, 0);
}

static void
update_ball (CaromInspector *self, const CmObject *o)
{
  Props *p = &self->props;
  adw_preferences_group_set_title (p->group, o->id);
  set_row_text (p->name, o->id);
  set_spin_value (p->center_x, o->center.x);
  set_spin_value (p->center_y, o->center.y);
  set_spin_value (p->radius, o->radius);
  set_spin_value (p->angle, atan2 (o->direction.y, o->direction.x) * 180.0 / G_PI);
  set_spin_value (p->dx, o->direction.x);
  set_spin_value (p->dy, o->direction.y);
  set_spin_value (p->max_bounces, o->max_bounces);
}

/* Several objects: the properties they can share (the role of polygons,
 * what the ball does on touching obstacles), each set for all at once. */
static void
build_several (CaromInspector *self)
{
  Props *p = &self->props;
  p->group = ADW_PREFERENCES_GROUP (carom_inspector_group_new (self->properties_box, NULL, NULL));
  p->role = role_row_new (self);
  adw_preferences_group_add (p->group, p->role);
  p->several_on_hit = carom_inspector_on_hit_row_new (self, G_CALLBACK (several_on_hit_selected));
  adw_preferences_group_add (p->group, p->several_on_hit);
}

static void
update_several (CaromInspector *self)
{
  Props *p = &self->props;
  guint n = self->selected->len;
  g_autofree char *title = g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE, "%u object selected", "%u objects selected", n), n);
  adw_preferences_group_set_title (p->group, title);
  const CmScene *scene = carom_inspector_scene_of (self);
  CgRole role = CG_ROLE_WALL;
  CgOnHit on_hit = CG_ON_HIT_STOP;
  CaromShared roles = carom_edit_shared_role (scene, selected_indices (self), n, &role);
  CaromShared on_hits = carom_edit_shared_on_hit (scene, selected_indices (self), n, &on_hit);
  set_shared_row (p->role, roles, role == CG_ROLE_WALL ? 0 : 1, NULL,
                  _ ("Mixed: some are walls, some obstacles"));
  set_shared_row (p->several_on_hit, on_hits, on_hit == CG_ON_HIT_REFLECT ? 1 : 0,
                  _ ("Stop there, or bounce off it as off a wall"),
                  _ ("Mixed: the ball stops at some, bounces off others"));
}

/* Fills the fields from the document (self->updating is set). */
static void
update_properties (CaromInspector *self)
{
  const CmObject *o = self->props.kind == PROPS_POLYGON || self->props.kind == PROPS_BALL
                              || self->props.kind == PROPS_BEAM
                          ? carom_inspector_object_at (self, self->props.index)
                          : NULL;
  if (o != NULL)
    update_label_row (self, o);
  switch (self->props.kind)
    {
    case PROPS_POLYGON:
      if ((o = shown_object (self, CM_OBJECT_POLYGON)) != NULL)
        update_polygon (self, o);
      break;
    case PROPS_BALL:
      if ((o = shown_object (self, CM_OBJECT_BALL)) != NULL)
        update_ball (self, o);
      break;
    case PROPS_BEAM:
      if ((o = shown_object (self, CM_OBJECT_BEAM)) != NULL)
        carom_inspector_update_beam (self, o);
      break;
    case PROPS_SEVERAL:
      update_several (self);
      break;
    case PROPS_UNBUILT:
    case PROPS_NONE:
      break;
    }
}

static void
build_properties (CaromInspector *self, PropsKind kind, guint index, size_t vertex_rows,
                  gboolean transform)
{
  Props *p = &self->props;
  carom_inspector_clear_box (self->properties_box);
  GPtrArray *vertex_fields = p->vertex_fields;
  g_ptr_array_set_size (vertex_fields, 0);
  *p = (Props){ .kind = kind,
                .index = index,
                .vertex_rows = vertex_rows,
                .transform = transform,
                .vertex_fields = vertex_fields };
  self->typing = NULL;
  const CmObject *o = carom_inspector_object_at (self, index);
  switch (kind)
    {
    case PROPS_POLYGON:
      build_polygon (self, o);
      break;
    case PROPS_BALL:
      build_ball (self, o);
      break;
    case PROPS_BEAM:
      carom_inspector_build_beam (self, o);
      break;
    case PROPS_SEVERAL:
      build_several (self);
      if (transform)
        adw_preferences_group_set_description (p->group,
                                               _ ("Move, rotate or scale them together."));
      break;
    case PROPS_UNBUILT:
    case PROPS_NONE:
      carom_inspector_status_page (
          self->properties_box, "document-properties-symbolic", _ ("No Object Selected"),
          _ ("Select an object on the canvas or in the Scene panel to see its "
             "properties."));
      break;
    }
  if (transform)
    build_transform (self);
}

/* Shows the selection: rebuilt when it is another object (or kind, or
 * number of listed vertices), else updated in place, field by field, leaving
 * alone the field the user is typing in. While they type, a rebuild waits. */
void
carom_inspector_refresh_properties (CaromInspector *self)
{
  Props *p = &self->props;
  PropsKind kind = PROPS_NONE;
  guint index = 0;
  size_t vertex_rows = 0;
  if (self->selected->len == 1)
    {
      index = g_array_index (self->selected, guint, 0);
      const CmObject *o = carom_inspector_object_at (self, index);
      if (o != NULL && o->kind == CM_OBJECT_BALL)
        kind = PROPS_BALL;
      else if (o != NULL && o->kind == CM_OBJECT_BEAM)
        kind = PROPS_BEAM;
      else if (o != NULL)
        {
          kind = PROPS_POLYGON;
          vertex_rows = MIN (o->n_points, (size_t)VERTEX_ROWS_MAX);
        }
      else
        index = 0;
    }
  else if (self->selected->len > 1 && self->document != NULL)
    kind = PROPS_SEVERAL;
  gboolean transform = self->editor != NULL && kind != PROPS_NONE;
  gboolean same_object = kind == p->kind && index == p->index;
  gboolean same = same_object && vertex_rows == p->vertex_rows && transform == p->transform;
  if (!same && same_object && page_is_typing (self))
    {
      self->props_pending = TRUE;
      return;
    }
  self->props_pending = FALSE;
  self->updating = TRUE;
  if (!same)
    {
      build_properties (self, kind, index, vertex_rows, transform);
      carom_tooltips_keep_whole (GTK_WIDGET (self->properties_box));
    }
  update_properties (self);
  self->updating = FALSE;
}

/* ---- building blocks for the sections in files of their own ---- */

GtkWidget *
carom_inspector_props_name_row (CaromInspector *self, GtkWidget *group)
{
  return name_row_new (self, group);
}

GtkWidget *
carom_inspector_props_spin (CaromInspector *self, GtkWidget *group, const char *title,
                            const char *subtitle, const char *field, double lo, double hi,
                            double step, guint digits, GCallback changed)
{
  GtkWidget *spin = spin_new (self, field, lo, hi, step, digits);
  g_signal_connect (spin, "value-changed", changed, self);
  return spin_row (group, title, subtitle, spin);
}

void
carom_inspector_props_set_spin (GtkWidget *spin, double v)
{
  set_spin_value (spin, v);
}

void
carom_inspector_props_set_name (GtkWidget *row, const char *text)
{
  set_row_text (row, text);
}

void
carom_inspector_props_field_done (CaromInspector *self, GtkWidget *field)
{
  field_done (self, field);
}

void
carom_inspector_props_revert (CaromInspector *self)
{
  revert_fields (self);
}

void
carom_inspector_props_watch_keys (CaromInspector *self, GtkWidget *field)
{
  watch_keys (self, field);
}
