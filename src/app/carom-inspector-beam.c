/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-inspector-beam.c: a beam's section of Properties: its shape, rays,
 * spread, where it starts, radius, direction and bounces, and which of its
 * rays is followed (drawn on top with its hits; the Hit panel and the
 * stepper show that ray). Each edit is one undo step, held-down spin
 * buttons merging. */
#include "config.h"

#include "carom-inspector-private.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

/* The section's widgets, kept on its group. */
typedef struct
{
  GtkWidget *shape, *count, *spread, *x1, *y1, *x2, *y2, *radius, *angle, *max_bounces, *ray;
  GtkWidget *spread_row, *end_x_row, *end_y_row, *start_x_row, *start_y_row;
} BeamFields;

static BeamFields *
fields_of (CaromInspector *self)
{
  return self->props.group != NULL ? g_object_get_data (G_OBJECT (self->props.group), "beam")
                                   : NULL;
}

static const CmObject *
shown_beam (CaromInspector *self)
{
  const CmObject *o = carom_inspector_object_at (self, self->props.index);
  return self->props.kind == PROPS_BEAM && o != NULL && o->kind == CM_OBJECT_BEAM ? o : NULL;
}

static void
apply (CaromInspector *self, const CmObject *values, const char *label, const char *key)
{
  g_autofree char *merge_key = g_strdup_printf ("beam-%u-%s", self->props.index, key);
  g_autoptr (GError) error = NULL;
  if (!carom_edit_set_beam (carom_document_get_history (self->document),
                            carom_document_get_edit_scene (self->document), self->props.index,
                            values, label, merge_key, &error))
    {
      carom_inspector_message (self, error->message);
      carom_inspector_props_revert (self);
      return;
    }
  carom_document_edited (self->document);
}

/* The rays of this beam in the trace: [*first, *first + *n). */
static gboolean
beam_rays (CaromInspector *self, guint *first, guint *n)
{
  const CmSceneTrace *trace
      = self->document != NULL ? carom_document_get_trace (self->document) : NULL;
  return trace != NULL && cm_scene_trace_object_balls (trace, self->props.index, first, n);
}

static void
spin_changed (GtkSpinButton *spin, CaromInspector *self)
{
  if (self->updating)
    return;
  carom_inspector_props_field_done (self, GTK_WIDGET (spin));
  const CmObject *o = shown_beam (self);
  if (o == NULL)
    return;
  const char *field = g_object_get_data (G_OBJECT (spin), "field");
  double value = gtk_spin_button_get_value (spin);
  if (g_str_equal (field, "ray"))
    {
      /* Follows ray k: the stepper, the Hit panel and the canvas go there. */
      guint first, n;
      if (beam_rays (self, &first, &n) && n > 0)
        g_signal_emit (self, carom_inspector_signals[STEP_REQUESTED], 0,
                       first + MIN ((guint)gtk_spin_button_get_value_as_int (spin), n - 1), 0u);
      return;
    }
  g_autoptr (CmObject) v = cm_object_copy (o);
  const char *label;
  if (g_str_equal (field, "count"))
    {
      v->count = (guint)gtk_spin_button_get_value_as_int (spin);
      label = _ ("Change Rays");
    }
  else if (g_str_equal (field, "spread"))
    {
      v->spread = value;
      label = _ ("Change Spread");
    }
  else if (g_str_equal (field, "radius"))
    {
      v->radius = value;
      label = _ ("Change Radius");
    }
  else if (g_str_equal (field, "angle"))
    {
      v->direction = cg_v2 (cos (value * G_PI / 180.0), sin (value * G_PI / 180.0));
      label = _ ("Change Direction");
    }
  else if (g_str_equal (field, "max-bounces"))
    {
      v->max_bounces = (guint)gtk_spin_button_get_value_as_int (spin);
      label = _ ("Change Maximum Bounces");
    }
  else
    {
      /* the start (a fan's centre, a parallel beam's first end) or the end */
      gboolean end = g_str_has_prefix (field, "end-");
      CgVec2 *p = end ? &v->beam_end : &v->center;
      if (g_str_has_suffix (field, "-x"))
        p->x = value;
      else
        p->y = value;
      label = _ ("Move");
    }
  if (cm_object_equal (v, o))
    return;
  apply (self, v, label, field);
}

/* Fan to parallel: a line through the centre, across the direction, with
 * the rays leaving it where the fan aimed; parallel to fan: from the line's
 * midpoint, along the direction. */
static void
shape_selected (AdwComboRow *row, GParamSpec *pspec, CaromInspector *self)
{
  (void)pspec;
  if (self->updating)
    return;
  const CmObject *o = shown_beam (self);
  guint shape = adw_combo_row_get_selected (row) == 1 ? CAROM_BEAM_PARALLEL : CAROM_BEAM_FAN;
  if (o == NULL || shape == o->beam_shape)
    return;
  g_autoptr (CmObject) v = cm_object_copy (o);
  v->beam_shape = (guint8)shape;
  if (shape == CAROM_BEAM_PARALLEL)
    {
      /* rays leave P1→P2 to its right (y down): P2 − P1 is the direction
       * turned a quarter counter-clockwise on screen */
      double half = 5.0 * o->radius;
      CgVec2 m = cg_v2 (o->direction.y, -o->direction.x);
      v->center = cg_mul_add (o->center, -half, m);
      v->beam_end = cg_mul_add (o->center, half, m);
    }
  else
    {
      v->center = cg_v2 (0.5 * (o->center.x + o->beam_end.x), 0.5 * (o->center.y + o->beam_end.y));
      v->beam_end = v->center;
      if (!(v->spread > 0.0))
        v->spread = 30.0;
    }
  apply (self, v, _ ("Change Beam Shape"), "shape");
}

void
carom_inspector_build_beam (CaromInspector *self, const CmObject *o)
{
  Props *p = &self->props;
  p->group = ADW_PREFERENCES_GROUP (
      carom_inspector_group_new (self->properties_box, o->id, carom_inspector_role_label (o)));
  GtkWidget *group = GTK_WIDGET (p->group);
  BeamFields *f = g_new0 (BeamFields, 1);
  g_object_set_data_full (G_OBJECT (group), "beam", f, g_free);
  GCallback changed = G_CALLBACK (spin_changed);

  p->name = carom_inspector_props_name_row (self, group);
  f->shape = adw_combo_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (f->shape), C_ ("beam", "Shape"));
  GtkStringList *shapes = gtk_string_list_new (NULL);
  gtk_string_list_append (shapes, C_ ("beam shape", "Fan"));
  gtk_string_list_append (shapes, C_ ("beam shape", "Parallel"));
  adw_combo_row_set_model (ADW_COMBO_ROW (f->shape), G_LIST_MODEL (shapes));
  g_object_unref (shapes);
  gtk_widget_set_name (f->shape, "beam-shape");
  g_signal_connect (f->shape, "notify::selected", G_CALLBACK (shape_selected), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), f->shape);

  f->count = carom_inspector_props_spin (self, group, C_ ("beam", "Rays"), NULL, "count", 1,
                                         CAROM_BEAM_MAX_COUNT, 1, 0, changed);
  f->spread = carom_inspector_props_spin (self, group, C_ ("beam", "Spread"),
                                          _ ("Degrees from the first ray to the last"), "spread", 0,
                                          360, 1, 3, changed);
  f->spread_row = gtk_widget_get_ancestor (f->spread, ADW_TYPE_ACTION_ROW);
  f->x1 = carom_inspector_props_spin (self, group, C_ ("beam", "Start x"), NULL, "start-x", -1e9,
                                      1e9, 1, 3, changed);
  f->start_x_row = gtk_widget_get_ancestor (f->x1, ADW_TYPE_ACTION_ROW);
  f->y1 = carom_inspector_props_spin (self, group, C_ ("beam", "Start y"), NULL, "start-y", -1e9,
                                      1e9, 1, 3, changed);
  f->start_y_row = gtk_widget_get_ancestor (f->y1, ADW_TYPE_ACTION_ROW);
  f->x2 = carom_inspector_props_spin (self, group, C_ ("beam", "Last End x"), NULL, "end-x", -1e9,
                                      1e9, 1, 3, changed);
  f->end_x_row = gtk_widget_get_ancestor (f->x2, ADW_TYPE_ACTION_ROW);
  f->y2 = carom_inspector_props_spin (self, group, C_ ("beam", "Last End y"), NULL, "end-y", -1e9,
                                      1e9, 1, 3, changed);
  f->end_y_row = gtk_widget_get_ancestor (f->y2, ADW_TYPE_ACTION_ROW);
  f->radius = carom_inspector_props_spin (self, group, _ ("Radius"), _ ("Of each ray’s ball"),
                                          "radius", 0.001, 1e6, 1, 3, changed);
  f->angle = carom_inspector_props_spin (self, group, _ ("Direction"),
                                         _ ("Degrees, clockwise from +x (y points down)"), "angle",
                                         -180, 180, 1, 3, changed);
  gtk_spin_button_set_wrap (GTK_SPIN_BUTTON (f->angle), TRUE);
  f->max_bounces = carom_inspector_props_spin (self, group, _ ("Maximum Bounces"), NULL,
                                               "max-bounces", 0, 1000000, 1, 0, changed);
  f->ray = carom_inspector_props_spin (
      self, group, C_ ("beam", "Ray"),
      _ ("The ray drawn on top with its hits, which the stepper and the Hit panel follow"), "ray",
      0, MAX (o->count, 1) - 1, 1, 0, changed);
}

void
carom_inspector_update_beam (CaromInspector *self, const CmObject *o)
{
  BeamFields *f = fields_of (self);
  if (f == NULL)
    return;
  Props *p = &self->props;
  gboolean fan = o->beam_shape == CAROM_BEAM_FAN;
  adw_preferences_group_set_title (p->group, o->id);
  carom_inspector_props_set_name (p->name, o->id);
  if (adw_combo_row_get_selected (ADW_COMBO_ROW (f->shape)) != (fan ? 0u : 1u))
    adw_combo_row_set_selected (ADW_COMBO_ROW (f->shape), fan ? 0 : 1);
  carom_inspector_props_set_spin (f->count, o->count);
  carom_inspector_props_set_spin (f->spread, o->spread);
  gtk_widget_set_visible (f->spread_row, fan);
  gtk_widget_set_visible (f->end_x_row, !fan);
  gtk_widget_set_visible (f->end_y_row, !fan);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (f->start_x_row),
                                 fan ? C_ ("beam", "Start x") : C_ ("beam", "First End x"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (f->start_y_row),
                                 fan ? C_ ("beam", "Start y") : C_ ("beam", "First End y"));
  carom_inspector_props_set_spin (f->x1, o->center.x);
  carom_inspector_props_set_spin (f->y1, o->center.y);
  carom_inspector_props_set_spin (f->x2, o->beam_end.x);
  carom_inspector_props_set_spin (f->y2, o->beam_end.y);
  carom_inspector_props_set_spin (f->radius, o->radius);
  carom_inspector_props_set_spin (f->angle, atan2 (o->direction.y, o->direction.x) * 180.0 / G_PI);
  carom_inspector_props_set_spin (f->max_bounces, o->max_bounces);
  gtk_spin_button_set_range (GTK_SPIN_BUTTON (f->ray), 0, MAX (o->count, 1) - 1);
  guint first, n;
  if (beam_rays (self, &first, &n) && self->ball >= first && self->ball < first + n)
    carom_inspector_props_set_spin (f->ray, self->ball - first);
}
