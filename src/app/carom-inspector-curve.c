/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-inspector-curve.c: the parts of a wall's or an obstacle's Properties
 * that are about curves and hits: what the ball does when it touches an
 * obstacle (carom:on-hit), and the chosen edge's arc (its radius, centre,
 * sweep and bulge, editable radius, a Straighten button), or a whole
 * circle's radius. The edge is the one chosen in the Vertices tool. */
#include "config.h"

#include "carom-inspector-private.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

/* The edge of o whose arc Properties shows: a whole circle's one edge, else
 * the edge chosen in the Vertices tool, or -1. */
static gint
chosen_edge (CaromInspector *self, const CmObject *o)
{
  if (o->n_points == 1 && o->edges != NULL)
    return 0;
  if (self->editor == NULL || carom_editor_get_tool (self->editor) != CAROM_TOOL_VERTEX)
    return -1;
  const CaromEditorState *st = carom_editor_get_state (self->editor);
  if (st->vertex_object != (gint)self->props.index || st->edge < 0
      || (size_t)st->edge >= o->n_points)
    return -1;
  return st->edge;
}

static const CmObject *
shown_polygon (CaromInspector *self)
{
  if (self->props.kind != PROPS_POLYGON)
    return NULL;
  const CmObject *o = carom_inspector_object_at (self, self->props.index);
  return o != NULL && o->kind == CM_OBJECT_POLYGON ? o : NULL;
}

static void
on_hit_selected (AdwComboRow *row, GParamSpec *pspec, CaromInspector *self)
{
  (void)pspec;
  if (self->updating)
    return;
  const CmObject *o = shown_polygon (self);
  if (o == NULL || o->role != CG_ROLE_OBSTACLE)
    return;
  CgOnHit on_hit = adw_combo_row_get_selected (row) == 1 ? CG_ON_HIT_REFLECT : CG_ON_HIT_STOP;
  if (on_hit == o->on_hit)
    return;
  carom_edit_set_on_hit (carom_document_get_history (self->document),
                         carom_document_get_edit_scene (self->document), self->props.index, on_hit);
  carom_document_edited (self->document);
}

static void
radius_changed (GtkSpinButton *spin, CaromInspector *self)
{
  if (self->updating)
    return;
  const CmObject *o = shown_polygon (self);
  gint edge = o != NULL ? chosen_edge (self, o) : -1;
  if (edge < 0 || o->edges == NULL || o->edges[edge].sweep == 0.0)
    return;
  double radius = gtk_spin_button_get_value (spin);
  if (fabs (radius - o->edges[edge].R) <= 1e-9 * fmax (1.0, radius))
    return;
  g_autofree char *merge_key = g_strdup_printf ("edge-radius-%u-%d", self->props.index, edge);
  g_autoptr (GError) error = NULL;
  if (!carom_edit_set_edge_radius (carom_document_get_history (self->document),
                                   carom_document_get_edit_scene (self->document),
                                   self->props.index, (guint)edge, radius, _ ("Change Radius"),
                                   merge_key, &error))
    {
      carom_inspector_message (self, error->message);
      self->updating = TRUE;
      gtk_spin_button_set_value (spin, o->edges[edge].R);
      self->updating = FALSE;
      return;
    }
  carom_document_edited (self->document);
}

static void
straighten_clicked (CaromInspector *self)
{
  const CmObject *o = shown_polygon (self);
  gint edge = o != NULL ? chosen_edge (self, o) : -1;
  if (edge < 0 || o->edges == NULL || o->edges[edge].sweep == 0.0 || o->n_points < 2)
    return;
  g_autoptr (GError) error = NULL;
  if (!carom_edit_set_edge (carom_document_get_history (self->document),
                            carom_document_get_edit_scene (self->document), self->props.index,
                            (guint)edge, cg_curve_edge_straight (), _ ("Straighten Edge"), NULL,
                            &error))
    {
      carom_inspector_message (self, error->message);
      return;
    }
  carom_document_edited (self->document);
}

GtkWidget *
carom_inspector_on_hit_row_new (CaromInspector *self, GCallback selected)
{
  GtkWidget *row = adw_combo_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ ("When the Ball Touches It"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               _ ("Stop there, or bounce off it as off a wall"));
  GtkStringList *actions = gtk_string_list_new (NULL);
  gtk_string_list_append (actions, C_ ("on hit", "Stop"));
  gtk_string_list_append (actions, C_ ("on hit", "Reflect"));
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (actions));
  g_object_unref (actions);
  gtk_widget_set_name (row, "on-hit");
  g_signal_connect (row, "notify::selected", selected, self);
  return row;
}

void
carom_inspector_build_curve (CaromInspector *self, const CmObject *o)
{
  (void)o;
  Props *p = &self->props;
  p->on_hit = carom_inspector_on_hit_row_new (self, G_CALLBACK (on_hit_selected));
  adw_preferences_group_add (p->group, p->on_hit);

  p->curve
      = ADW_PREFERENCES_GROUP (carom_inspector_group_new (self->properties_box, _ ("Edge"), NULL));
  GtkWidget *group = GTK_WIDGET (p->curve);
  p->edge_shape = carom_inspector_value_row (group, C_ ("edge", "Shape"), "");
  p->edge_radius = gtk_spin_button_new_with_range (0.001, 1e9, 1);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (p->edge_radius), 3);
  gtk_editable_set_width_chars (GTK_EDITABLE (p->edge_radius), 7);
  gtk_widget_set_valign (p->edge_radius, GTK_ALIGN_CENTER);
  gtk_widget_set_name (p->edge_radius, "edge-radius");
  carom_inspector_props_watch_keys (self, p->edge_radius);
  g_signal_connect (p->edge_radius, "value-changed", G_CALLBACK (radius_changed), self);
  GtkWidget *radius_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (radius_row), _ ("Radius"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (radius_row), p->edge_radius);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (radius_row), p->edge_radius);
  adw_preferences_group_add (p->curve, radius_row);
  p->edge_center = carom_inspector_value_row (group, _ ("Centre"), "");
  p->edge_sweep = carom_inspector_value_row_explained (
      group, _ ("Sweep"), _ ("The angle the arc turns through, in degrees"), "");
  p->edge_bulge = carom_inspector_value_row_explained (
      group, _ ("Bulge"), _ ("tan(sweep / 4), as CAD formats give arcs"), "");
  GtkWidget *button = gtk_button_new_with_mnemonic (_ ("_Straighten"));
  gtk_widget_set_name (button, "straighten");
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_widget_set_margin_top (button, 6);
  gtk_widget_set_tooltip_text (button, _ ("Make the chosen edge a straight segment again"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (straighten_clicked), self);
  adw_preferences_group_set_header_suffix (p->curve, button);
  p->edge_straighten = button;
}

/* A value row's row (carom_inspector_value_row returns its label). */
static void
set_row_visible (GtkWidget *label, gboolean visible)
{
  GtkWidget *row = gtk_widget_get_ancestor (label, ADW_TYPE_ACTION_ROW);
  gtk_widget_set_visible (row != NULL ? row : label, visible);
}

static void
set_label (GtkWidget *label, const char *text)
{
  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), text) != 0)
    gtk_label_set_label (GTK_LABEL (label), text);
}

void
carom_inspector_update_curve (CaromInspector *self, const CmObject *o)
{
  Props *p = &self->props;
  if (p->on_hit == NULL)
    return;
  gtk_widget_set_visible (p->on_hit, o->role == CG_ROLE_OBSTACLE);
  guint on_hit = o->on_hit == CG_ON_HIT_REFLECT ? 1 : 0;
  if (adw_combo_row_get_selected (ADW_COMBO_ROW (p->on_hit)) != on_hit)
    adw_combo_row_set_selected (ADW_COMBO_ROW (p->on_hit), on_hit);

  gint edge = chosen_edge (self, o);
  p->shown_edge = edge;
  const CgCurveEdge *e = edge >= 0 && o->edges != NULL ? &o->edges[edge] : NULL;
  gboolean arc = e != NULL && e->sweep != 0.0;
  gboolean circle = o->n_points == 1 && arc;
  if (circle)
    adw_preferences_group_set_title (p->curve, _ ("Circle"));
  else if (edge >= 0)
    {
      /* Edge k runs from vertex vk to the next, as in the Vertex List. */
      g_autofree char *title = g_strdup_printf (_ ("Edge %d"), edge);
      adw_preferences_group_set_title (p->curve, title);
    }
  else
    adw_preferences_group_set_title (p->curve, _ ("Edge"));
  adw_preferences_group_set_description (
      p->curve, edge < 0 ? _ ("Choose an edge with the Vertices tool (N) to see its arc; drag "
                              "its midpoint handle to bend it.")
                : !arc   ? _ ("Straight. Drag its midpoint handle in the Vertices tool to bend it.")
                         : NULL);
  set_row_visible (p->edge_shape, edge >= 0);
  set_label (p->edge_shape, circle ? _ ("Whole circle") : arc ? _ ("Arc") : _ ("Straight"));
  set_row_visible (p->edge_radius, arc);
  set_row_visible (p->edge_center, arc);
  set_row_visible (p->edge_sweep, arc);
  set_row_visible (p->edge_bulge, arc && !circle);
  gtk_widget_set_visible (p->edge_straighten, arc && !circle);
  if (!arc)
    return;
  /* Not under the user's typing. */
  if ((gtk_widget_get_state_flags (p->edge_radius) & GTK_STATE_FLAG_FOCUS_WITHIN) == 0
      && gtk_spin_button_get_value (GTK_SPIN_BUTTON (p->edge_radius)) != e->R)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (p->edge_radius), e->R);
  g_autofree char *center = carom_inspector_format_point (e->q);
  set_label (p->edge_center, center);
  g_autofree char *sweep = carom_inspector_format_number (e->sweep * 180.0 / G_PI);
  g_autofree char *sweep_deg = g_strdup_printf ("%s°", sweep);
  set_label (p->edge_sweep, sweep_deg);
  g_autofree char *bulge = carom_inspector_format_number (tan (e->sweep / 4.0));
  set_label (p->edge_bulge, bulge);
}

void
carom_inspector_curve_editor_changed (CaromInspector *self)
{
  /* The editor changes at every pointer motion: only a new chosen edge
   * refreshes Properties. */
  const CmObject *o = shown_polygon (self);
  if (o != NULL && self->props.on_hit != NULL && chosen_edge (self, o) != self->props.shown_edge)
    carom_inspector_schedule_refresh (self);
}
