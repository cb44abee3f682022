/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-inspector.c: the sidebar: Scene, Properties, Hit, Display, Statistics and Lab
 * panels; this file holds what they share (formatting, building blocks, the
 * selection, refreshing) and the public API. One file per panel beside it.
 *
 * The document is the single source of truth: panels only show it and turn
 * user input into the document's undoable commands. The selection lives in
 * the canvas tools' editor when there is one.
 *
 * The document says "changed" on every pointer motion of a drag, and scenes
 * may hold 10^5 objects, so a refresh does as little as it can: the Scene
 * list compares each row's object pointer with the one it last showed and
 * redraws only rows whose name, role or flags changed (rows come and go only
 * when objects are added or removed); Properties updates its fields in place
 * while the selection and its vertex count stay the same, and never touches
 * a field the user is typing in; Hit and Statistics are rebuilt only when
 * they are on screen. */
#include "config.h"

#include "carom-inspector-private.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

G_DEFINE_FINAL_TYPE (CaromInspector, carom_inspector, GTK_TYPE_WIDGET)

guint carom_inspector_signals[N_SIGNALS];

/* ---- formatting ---- */

char *
carom_inspector_format_number (double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  if (fabs (v) < 1e-12)
    v = 0.0;
  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.6g", v));
}

char *
carom_inspector_format_point (CgVec2 p)
{
  g_autofree char *x = carom_inspector_format_number (p.x),
                  *y = carom_inspector_format_number (p.y);
  return g_strdup_printf ("(%s, %s)", x, y);
}

/* A coordinate in an editable field: precise enough to edit, rounding noise
 * (99.99999999999997) shown as the number it stands for. */
void
carom_inspector_format_coordinate (double v, char buf[G_ASCII_DTOSTR_BUF_SIZE])
{
  if (fabs (v) < 1e-12)
    v = 0.0;
  g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, "%.10g", v);
}

/* Reads a number as typed: surrounding spaces, a decimal comma, a minus sign. */
gboolean
carom_inspector_parse_number (const char *text, double *value)
{
  g_autofree char *s = g_strstrip (g_strdup (text != NULL ? text : ""));
  if (*s == '\0')
    return FALSE;
  if (strchr (s, '.') == NULL)
    g_strdelimit (s, ",", '.');
  if (g_str_has_prefix (s, "−"))
    {
      char *rest = s + strlen ("−");
      memmove (s + 1, rest, strlen (rest) + 1);
      s[0] = '-';
    }
  char *end = NULL;
  double v = g_ascii_strtod (s, &end);
  if (end == s || *end != '\0' || !isfinite (v))
    return FALSE;
  *value = v;
  return TRUE;
}

const char *
carom_inspector_role_label (const CmObject *o)
{
  if (o->kind == CM_OBJECT_BALL)
    return C_ ("role", "Ball");
  if (o->kind == CM_OBJECT_BEAM)
    return C_ ("role", "Beam");
  return o->role == CG_ROLE_WALL ? C_ ("role", "Wall") : C_ ("role", "Obstacle");
}

const char *
carom_inspector_role_icon (const CmObject *o)
{
  if (o->kind == CM_OBJECT_BALL)
    return "carom-ball-symbolic";
  if (o->kind == CM_OBJECT_BEAM)
    return "carom-tool-beam-symbolic";
  return o->role == CG_ROLE_WALL ? "carom-wall-symbolic" : "carom-obstacle-symbolic";
}

void
carom_inspector_message (CaromInspector *self, const char *text)
{
  g_signal_emit (self, carom_inspector_signals[MESSAGE], 0, text);
}

/* ---- building blocks ---- */

const CmScene *
carom_inspector_scene_of (CaromInspector *self)
{
  return self->document != NULL ? carom_document_get_scene (self->document) : NULL;
}

const CmObject *
carom_inspector_object_at (CaromInspector *self, guint index)
{
  const CmScene *scene = carom_inspector_scene_of (self);
  return scene != NULL && index < scene->objects->len ? g_ptr_array_index (scene->objects, index)
                                                      : NULL;
}

void
carom_inspector_clear_box (GtkBox *box)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
}

GtkWidget *
carom_inspector_group_new (GtkBox *box, const char *title, const char *description)
{
  GtkWidget *group = adw_preferences_group_new ();
  if (title)
    adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  if (description)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  gtk_box_append (box, group);
  return group;
}

#define VALUE_TOOLTIP_KEY "carom-value-tooltip"

/* A value's label keeps room for what it shows, up to 10 characters (wide
 * ones counting twice), whatever it is set to later: a long subtitle must
 * not squeeze a short value to "4…" (a circle's Sweep, set after the row
 * was made empty, showed "…" alone). Longer values (coordinates) may still
 * give way in a narrow window, ellipsized in the middle: their tooltip then
 * holds them whole, unless the panel gave the label a tooltip of its own. */
static void
value_label_changed (GtkLabel *label)
{
  const char *text = gtk_label_get_text (label);
  int width = 0;
  for (const char *c = text; *c != '\0'; c = g_utf8_next_char (c))
    width += g_unichar_iswide (g_utf8_get_char (c)) ? 2 : 1;
  gtk_label_set_width_chars (label, MIN (width, 10));
  const char *tip = gtk_widget_get_tooltip_text (GTK_WIDGET (label));
  const char *ours = g_object_get_data (G_OBJECT (label), VALUE_TOOLTIP_KEY);
  if (tip != NULL && g_strcmp0 (tip, ours) != 0)
    return;
  const char *whole = width > 10 ? text : NULL;
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), whole);
  g_object_set_data_full (G_OBJECT (label), VALUE_TOOLTIP_KEY, g_strdup (whole), g_free);
}

/* A row showing a value on the right, selectable so it can be copied, and
 * what the value counts under its title (subtitle may be NULL). Returns the
 * value's label. */
GtkWidget *
carom_inspector_value_row_explained (GtkWidget *group, const char *title, const char *subtitle,
                                     const char *value)
{
  GtkWidget *row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  GtkWidget *label = gtk_label_new (value);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  value_label_changed (GTK_LABEL (label));
  g_signal_connect (label, "notify::label", G_CALLBACK (value_label_changed), NULL);
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_add_css_class (label, "dim-label");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  return label;
}

GtkWidget *
carom_inspector_value_row (GtkWidget *group, const char *title, const char *value)
{
  return carom_inspector_value_row_explained (group, title, NULL, value);
}

GtkWidget *
carom_inspector_status_page (GtkBox *box, const char *icon, const char *title,
                             const char *description)
{
  GtkWidget *page = adw_status_page_new ();
  adw_status_page_set_icon_name (ADW_STATUS_PAGE (page), icon);
  adw_status_page_set_title (ADW_STATUS_PAGE (page), title);
  adw_status_page_set_description (ADW_STATUS_PAGE (page), description);
  gtk_widget_add_css_class (page, "compact");
  gtk_widget_set_vexpand (page, TRUE);
  gtk_box_append (box, page);
  return page;
}

const CaromBallTrace *
carom_inspector_current_ball (CaromInspector *self)
{
  if (self->document == NULL)
    return NULL;
  const CmSceneTrace *trace = carom_document_get_trace (self->document);
  if (trace == NULL || trace->balls->len == 0)
    return NULL;
  return &g_array_index (trace->balls, CaromBallTrace, MIN (self->ball, trace->balls->len - 1));
}

/* ---- selection ---- */

/* The list's selection model, as a GtkSelectionModel. */
GtkSelectionModel *
carom_inspector_list_selection (CaromInspector *self)
{
  return GTK_SELECTION_MODEL (self->selection);
}

/* Reads the selection from the editor (or, without one, from the list)
 * into self->selected; TRUE when it changed. */
static gboolean
read_selection (CaromInspector *self)
{
  guint n = self->rows->rows->len;
  g_autoptr (GArray) now = g_array_new (FALSE, FALSE, sizeof (guint));
  if (self->editor != NULL)
    {
      g_autoptr (GArray) sel = carom_editor_get_selection (self->editor);
      for (guint i = 0; i < sel->len; i++)
        if (g_array_index (sel, guint, i) < n)
          g_array_append_val (now, g_array_index (sel, guint, i));
    }
  else
    {
      g_autoptr (GtkBitset) set
          = gtk_selection_model_get_selection (carom_inspector_list_selection (self));
      GtkBitsetIter iter;
      guint value;
      for (gboolean ok = gtk_bitset_iter_init_first (&iter, set, &value); ok;
           ok = gtk_bitset_iter_next (&iter, &value))
        if (value < n)
          g_array_append_val (now, value);
    }
  gboolean same = now->len == self->selected->len
                  && (now->len == 0
                      || memcmp (now->data, self->selected->data, now->len * sizeof (guint)) == 0);
  if (!same)
    {
      g_array_set_size (self->selected, 0);
      g_array_append_vals (self->selected, now->data, now->len);
    }
  return !same;
}

/* Makes the list show self->selected (the editor's selection). */
static void
show_selection_in_list (CaromInspector *self)
{
  g_autoptr (GtkBitset) set = gtk_bitset_new_empty ();
  for (guint i = 0; i < self->selected->len; i++)
    gtk_bitset_add (set, g_array_index (self->selected, guint, i));
  g_autoptr (GtkBitset) mask = gtk_bitset_new_range (0, self->rows->rows->len);
  self->syncing = TRUE;
  gtk_selection_model_set_selection (carom_inspector_list_selection (self), set, mask);
  self->syncing = FALSE;
}

/* The user changed the list's selection: the editor follows (the canvas
 * shows it), or, without an editor, Properties. */
void
carom_inspector_list_selection_changed (CaromInspector *self)
{
  if (self->syncing || self->disposed)
    return;
  if (self->editor != NULL)
    {
      g_autoptr (GtkBitset) set
          = gtk_selection_model_get_selection (carom_inspector_list_selection (self));
      g_autoptr (GArray) indices = g_array_new (FALSE, FALSE, sizeof (guint));
      GtkBitsetIter iter;
      guint value;
      for (gboolean ok = gtk_bitset_iter_init_first (&iter, set, &value); ok;
           ok = gtk_bitset_iter_next (&iter, &value))
        g_array_append_val (indices, value);
      /* The editor answers with "selection-changed", which schedules the refresh. */
      carom_editor_select (self->editor, (const guint *)(void *)indices->data, indices->len, FALSE);
    }
  else
    {
      self->selection_dirty = TRUE;
      carom_inspector_schedule_refresh (self);
    }
}

static void
editor_selection_changed (CaromInspector *self)
{
  self->selection_dirty = TRUE;
  carom_inspector_schedule_refresh (self);
}

/* ---- updates ---- */

static gboolean
page_shown (CaromInspector *self, const char *name)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), name) == 0;
}

/* Hit and Statistics follow the trace; off screen they wait to be shown. */
static void
refresh_trace_pages (CaromInspector *self)
{
  self->hit_dirty = !page_shown (self, "hit");
  if (!self->hit_dirty)
    carom_inspector_refresh_hit (self);
  self->statistics_dirty = !page_shown (self, "statistics");
  if (!self->statistics_dirty)
    carom_inspector_refresh_statistics (self);
}

static void
visible_page_changed (CaromInspector *self)
{
  if (self->hit_dirty && page_shown (self, "hit"))
    {
      self->hit_dirty = FALSE;
      carom_inspector_refresh_hit (self);
    }
  if (self->statistics_dirty && page_shown (self, "statistics"))
    {
      self->statistics_dirty = FALSE;
      carom_inspector_refresh_statistics (self);
    }
}

static void
refresh_all (CaromInspector *self)
{
  if (self->disposed)
    return;
  gboolean document_dirty = self->document_dirty;
  self->document_dirty = FALSE;
  RowChanges c = carom_inspector_refresh_scene_list (self);
  /* Indices moved, or a selected object lost its name: the editor's selection
   * (kept by name) maps to other rows. */
  if (c.structure || c.ids)
    self->selection_dirty = TRUE;
  if (self->selection_dirty)
    {
      self->selection_dirty = FALSE;
      gboolean changed = read_selection (self);
      if (self->editor != NULL)
        show_selection_in_list (self);
      if (changed && self->selected->len == 1)
        gtk_widget_activate_action (GTK_WIDGET (self->scene_list), "list.scroll-to-item", "u",
                                    g_array_index (self->selected, guint, 0));
    }
  carom_inspector_refresh_properties (self);
  if (document_dirty)
    refresh_trace_pages (self);
}

static gboolean
refresh_idle (gpointer data)
{
  CaromInspector *self = data;
  self->refresh_source = 0;
  refresh_all (self);
  return G_SOURCE_REMOVE;
}

/* Panels are refreshed from an idle callback: a change may come from one of
 * their own widgets (a spin button in Properties), which must not be
 * destroyed while it is still emitting its signal; and the many changes of a
 * drag between two frames make one refresh. It runs before the next frame
 * is drawn. */
void
carom_inspector_schedule_refresh (CaromInspector *self)
{
  if (self->refresh_source == 0 && !self->disposed)
    self->refresh_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE + 10, refresh_idle, self, NULL);
}

/* Refreshes now (from the API, never from a panel's own widget). */
static void
flush_refresh (CaromInspector *self)
{
  g_clear_handle_id (&self->refresh_source, g_source_remove);
  refresh_all (self);
}

static void
document_changed (CaromInspector *self)
{
  self->document_dirty = TRUE;
  carom_inspector_schedule_refresh (self);
}

void
carom_inspector_set_document (CaromInspector *self, CaromDocument *document)
{
  g_return_if_fail (CAROM_IS_INSPECTOR (self));
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  if (self->document != document)
    /* Another document's objects are all new rows, whatever their addresses. */
    self->rows->scene = (const CmScene *)self->rows;
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      g_signal_connect_swapped (document, "changed", G_CALLBACK (document_changed), self);
      g_signal_connect_swapped (document, "trace-changed", G_CALLBACK (document_changed), self);
    }
  self->document_dirty = TRUE;
  self->selection_dirty = TRUE;
  flush_refresh (self);
}

void
carom_inspector_set_editor (CaromInspector *self, CaromEditor *editor)
{
  g_return_if_fail (CAROM_IS_INSPECTOR (self));
  g_return_if_fail (editor == NULL || CAROM_IS_EDITOR (editor));
  if (self->editor == editor)
    return;
  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_data (self->editor, self);
  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_data (carom_editor_get_lab (self->editor), self);
  g_set_object (&self->editor, editor);
  if (editor != NULL)
    {
      g_signal_connect_swapped (editor, "selection-changed", G_CALLBACK (editor_selection_changed),
                                self);
      g_signal_connect_swapped (carom_editor_get_lab (editor), "changed",
                                G_CALLBACK (carom_inspector_refresh_lab), self);
      g_signal_connect_swapped (editor, "notify::tool",
                                G_CALLBACK (carom_inspector_lab_follow_tool), self);
      g_signal_connect_swapped (editor, "changed",
                                G_CALLBACK (carom_inspector_curve_editor_changed), self);
    }
  carom_inspector_refresh_lab (self);
  carom_inspector_lab_follow_tool (self);
  self->selection_dirty = TRUE;
  flush_refresh (self);
}

void
carom_inspector_set_settings (CaromInspector *self, GSettings *settings)
{
  g_return_if_fail (CAROM_IS_INSPECTOR (self));
  g_set_object (&self->settings, settings);
  carom_inspector_build_display (self);
  /* The Hit and Lab panels show numbers to the digits of Preferences. */
  if (settings != NULL)
    {
      g_signal_connect_object (settings, "changed::digits",
                               G_CALLBACK (carom_inspector_refresh_hit), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (settings, "changed::digits",
                               G_CALLBACK (carom_inspector_refresh_lab), self, G_CONNECT_SWAPPED);
    }
  carom_inspector_refresh_lab (self);
}

void
carom_inspector_set_step (CaromInspector *self, guint ball, guint step)
{
  g_return_if_fail (CAROM_IS_INSPECTOR (self));
  self->ball = ball;
  self->step = step;
  refresh_trace_pages (self);
  /* a beam's Properties show which of its rays is followed */
  const CmObject *o = carom_inspector_object_at (self, self->props.index);
  if (self->props.kind == PROPS_BEAM && o != NULL && o->kind == CM_OBJECT_BEAM)
    {
      gboolean was = self->updating;
      self->updating = TRUE;
      carom_inspector_update_beam (self, o);
      self->updating = was;
    }
}

void
carom_inspector_show_page (CaromInspector *self, const char *name)
{
  g_return_if_fail (CAROM_IS_INSPECTOR (self));
  if (gtk_stack_get_child_by_name (self->stack, name) != NULL)
    gtk_stack_set_visible_child_name (self->stack, name);
}

int
carom_inspector_get_selected (CaromInspector *self)
{
  g_return_val_if_fail (CAROM_IS_INSPECTOR (self), -1);
  const CmScene *scene = carom_inspector_scene_of (self);
  if (scene == NULL)
    return -1;
  guint index;
  if (self->editor != NULL)
    {
      g_autoptr (GArray) sel = carom_editor_get_selection (self->editor);
      if (sel->len != 1)
        return -1;
      index = g_array_index (sel, guint, 0);
    }
  else
    {
      g_autoptr (GtkBitset) set
          = gtk_selection_model_get_selection (carom_inspector_list_selection (self));
      if (gtk_bitset_get_size (set) != 1)
        return -1;
      index = gtk_bitset_get_minimum (set);
    }
  return index < scene->objects->len ? (int)index : -1;
}

void
carom_inspector_select (CaromInspector *self, int index)
{
  g_return_if_fail (CAROM_IS_INSPECTOR (self));
  /* The list must show the current scene before a row of it can be selected. */
  flush_refresh (self);
  guint n = self->rows->rows->len;
  if (self->editor != NULL)
    {
      if (index < 0 || (guint)index >= n)
        carom_editor_clear_selection (self->editor);
      else
        {
          guint i = (guint)index;
          carom_editor_select (self->editor, &i, 1, FALSE);
        }
    }
  else if (index < 0 || (guint)index >= n)
    gtk_selection_model_unselect_all (carom_inspector_list_selection (self));
  else
    gtk_selection_model_select_item (carom_inspector_list_selection (self), (guint)index, TRUE);
  self->selection_dirty = TRUE;
  flush_refresh (self);
  gtk_stack_set_visible_child_name (self->stack, "properties");
}

/* ---- life cycle ---- */

static GtkBox *
add_page (CaromInspector *self, const char *name, const char *title, const char *icon,
          gboolean scrolled)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 12);
  GtkWidget *page = box;
  if (scrolled)
    {
      page = gtk_scrolled_window_new ();
      gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (page), GTK_POLICY_NEVER,
                                      GTK_POLICY_AUTOMATIC);
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (page), box);
    }
  GtkStackPage *p = gtk_stack_add_titled (self->stack, page, name, title);
  gtk_stack_page_set_icon_name (p, icon);
  return GTK_BOX (box);
}

static void
carom_inspector_dispose (GObject *object)
{
  CaromInspector *self = CAROM_INSPECTOR (object);
  /* Widgets going away lose the focus: that commits nothing now. */
  self->disposed = TRUE;
  self->updating = TRUE;
  g_clear_handle_id (&self->refresh_source, g_source_remove);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  if (self->editor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->editor, self);
      g_signal_handlers_disconnect_by_data (carom_editor_get_lab (self->editor), self);
    }
  g_clear_object (&self->editor);
  g_clear_object (&self->settings);
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  self->typing = NULL;
  GPtrArray *vertex_fields = self->props.vertex_fields;
  g_ptr_array_set_size (vertex_fields, 0);
  self->props = (Props){ .kind = PROPS_UNBUILT, .vertex_fields = vertex_fields };
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_object (&self->selection);
  g_clear_object (&self->rows);
  G_OBJECT_CLASS (carom_inspector_parent_class)->dispose (object);
}

static void
carom_inspector_finalize (GObject *object)
{
  CaromInspector *self = CAROM_INSPECTOR (object);
  g_ptr_array_unref (self->bound);
  g_array_unref (self->selected);
  g_ptr_array_unref (self->props.vertex_fields);
  g_free (self->page_before_lab);
  G_OBJECT_CLASS (carom_inspector_parent_class)->finalize (object);
}

static void
carom_inspector_class_init (CaromInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = carom_inspector_dispose;
  object_class->finalize = carom_inspector_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "inspector");

  /// Emitted when the user picks a hit to step to.
  carom_inspector_signals[STEP_REQUESTED]
      = g_signal_new ("step-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /// Something to tell the user: why an edit made in a panel was refused.
  carom_inspector_signals[MESSAGE]
      = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                      G_TYPE_NONE, 1, G_TYPE_STRING);
  /// The user is done with a field of Properties: Enter committed its text,
  /// or Escape put it back. The window gives the keyboard to the canvas.
  carom_inspector_signals[EDITING_DONE]
      = g_signal_new ("editing-done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 0);
}

static void
carom_inspector_init (CaromInspector *self)
{
  GtkBoxLayout *layout = GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self)));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_widget_add_css_class (GTK_WIDGET (self), "background");

  self->bound = g_ptr_array_new ();
  self->selected = g_array_new (FALSE, FALSE, sizeof (guint));
  self->props.kind = PROPS_UNBUILT;
  self->props.vertex_fields = g_ptr_array_new ();
  self->rotate_degrees = 90.0;
  self->scale_percent = 100.0;

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_transition_type (self->stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  GtkWidget *switcher = gtk_stack_switcher_new ();
  gtk_stack_switcher_set_stack (GTK_STACK_SWITCHER (switcher), self->stack);
  gtk_widget_set_halign (switcher, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (switcher, 6);
  gtk_widget_set_margin_bottom (switcher, 6);
  gtk_widget_set_parent (switcher, GTK_WIDGET (self));
  gtk_widget_set_parent (GTK_WIDGET (self->stack), GTK_WIDGET (self));

  carom_inspector_scene_init (self,
                              add_page (self, "scene", _ ("Scene"), "view-list-symbolic", FALSE));

  self->properties_box
      = add_page (self, "properties", _ ("Properties"), "document-properties-symbolic", TRUE);
  self->hit_box = add_page (self, "hit", _ ("Hit"), "mark-location-symbolic", TRUE);
  self->display_box = add_page (self, "display", _ ("Display"), "view-reveal-symbolic", TRUE);
  self->statistics_box
      = add_page (self, "statistics", _ ("Statistics"), "power-profile-performance-symbolic", TRUE);
  self->lab_box = add_page (self, "lab", _ ("Lab"), "carom-tool-lab-symbolic", TRUE);
  /* Shown while the Lab tool is chosen (carom_inspector_lab_follow_tool). */
  gtk_stack_page_set_visible (
      gtk_stack_get_page (self->stack, gtk_stack_get_child_by_name (self->stack, "lab")), FALSE);
  g_signal_connect_swapped (self->stack, "notify::visible-child", G_CALLBACK (visible_page_changed),
                            self);
  self->document_dirty = TRUE;
  refresh_all (self);
}
