/* carom-inspector.c: the sidebar: Scene, Properties, Hit, Display and Statistics panels.
 *
 * Panels are rebuilt from the document when it changes: the document is the
 * single source of truth, panels only show it and turn user input into
 * document edits. */
#include "config.h"

#include "carom-inspector.h"

#include <adwaita.h>
#include <glib/gi18n.h>

/* Vertices listed in Properties before "and N more": enough to check a shape
 * by eye, few enough that a 100,000-vertex polygon does not stall the panel. */
#define VERTEX_ROWS_MAX 200
/* Hits listed in the Hit panel, for the same reason. */
#define HIT_ROWS_MAX 500

struct _CaromInspector
{
  GtkWidget parent_instance;

  /* owned */
  CaromDocument *document;
  GSettings *settings;
  GtkStringList *object_ids;

  /* children */
  GtkStack *stack;
  GtkListView *scene_list;
  GtkSingleSelection *selection;
  GtkBox *properties_box;
  GtkBox *hit_box;
  GtkBox *display_box;
  GtkBox *statistics_box;

  guint ball;
  guint step;
  gboolean updating; /* set while panels are refilled, so their signals are not edits */
  guint refresh_source;
};

G_DEFINE_FINAL_TYPE (CaromInspector, carom_inspector, GTK_TYPE_WIDGET)

enum
{
  STEP_REQUESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- formatting ---- */

static char *
format_number (double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  if (fabs (v) < 1e-12)
    v = 0.0;
  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.6g", v));
}

static char *
format_point (CgVec2 p)
{
  g_autofree char *x = format_number (p.x), *y = format_number (p.y);
  return g_strdup_printf ("(%s, %s)", x, y);
}

static const char *
role_label (const CaromObject *o)
{
  if (o->kind == CAROM_OBJECT_BALL)
    return C_ ("role", "Ball");
  return o->role == CG_ROLE_WALL ? C_ ("role", "Wall") : C_ ("role", "Obstacle");
}

static const char *
role_icon (const CaromObject *o)
{
  if (o->kind == CAROM_OBJECT_BALL)
    return "carom-ball-symbolic";
  return o->role == CG_ROLE_WALL ? "carom-wall-symbolic" : "carom-obstacle-symbolic";
}

/* ---- building blocks ---- */

static void
clear_box (GtkBox *box)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
}

static GtkWidget *
group_new (GtkBox *box, const char *title, const char *description)
{
  GtkWidget *group = adw_preferences_group_new ();
  if (title)
    adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  if (description)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  gtk_box_append (box, group);
  return group;
}

/* A row showing a value on the right, selectable so it can be copied. */
static GtkWidget *
value_row (GtkWidget *group, const char *title, const char *value)
{
  GtkWidget *row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  GtkWidget *label = gtk_label_new (value);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_add_css_class (label, "dim-label");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  return row;
}

static GtkWidget *
status_page (GtkBox *box, const char *icon, const char *title, const char *description)
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

static const CaromBallTrace *
current_ball (CaromInspector *self)
{
  if (self->document == NULL)
    return NULL;
  const CaromSceneTrace *trace = carom_document_get_trace (self->document);
  if (trace == NULL || trace->balls->len == 0)
    return NULL;
  return &g_array_index (trace->balls, CaromBallTrace, MIN (self->ball, trace->balls->len - 1));
}

/* ---- Scene panel ---- */

static void
scene_row_setup (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  (void)factory;
  (void)data;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_box_append (GTK_BOX (box), gtk_image_new ());
  GtkWidget *name = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_box_append (GTK_BOX (box), name);
  GtkWidget *role = gtk_label_new (NULL);
  gtk_widget_add_css_class (role, "dim-label");
  gtk_box_append (GTK_BOX (box), role);
  gtk_list_item_set_child (item, box);
}

static void
scene_row_bind (GtkSignalListItemFactory *factory, GtkListItem *item, CaromInspector *self)
{
  (void)factory;
  guint position = gtk_list_item_get_position (item);
  const CaromScene *scene = carom_document_get_scene (self->document);
  if (position >= scene->objects->len)
    return;
  const CaromObject *o = g_ptr_array_index (scene->objects, position);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *icon = gtk_widget_get_first_child (box);
  GtkWidget *name = gtk_widget_get_next_sibling (icon);
  GtkWidget *role = gtk_widget_get_next_sibling (name);
  gtk_image_set_from_icon_name (GTK_IMAGE (icon), role_icon (o));
  gtk_label_set_label (GTK_LABEL (name), o->id);
  gtk_label_set_label (GTK_LABEL (role), role_label (o));
}

static void
refresh_scene_list (CaromInspector *self)
{
  g_autoptr (GPtrArray) ids = g_ptr_array_new ();
  if (self->document != NULL)
    {
      const CaromScene *scene = carom_document_get_scene (self->document);
      for (guint i = 0; i < scene->objects->len; i++)
        g_ptr_array_add (ids, ((CaromObject *)g_ptr_array_index (scene->objects, i))->id);
    }
  g_ptr_array_add (ids, NULL);
  /* Replacing the items drops the selection: keep it on the same object. */
  guint selected = gtk_single_selection_get_selected (self->selection);
  guint old = g_list_model_get_n_items (G_LIST_MODEL (self->object_ids));
  gtk_string_list_splice (self->object_ids, 0, old, (const char *const *)ids->pdata);
  if (selected != GTK_INVALID_LIST_POSITION && selected < ids->len - 1)
    gtk_single_selection_set_selected (self->selection, selected);
}

/* ---- Properties panel ---- */

static void refresh_properties (CaromInspector *self);

static void
ball_spin_changed (GtkSpinButton *spin, CaromInspector *self)
{
  if (self->updating)
    return;
  int selected = carom_inspector_get_selected (self);
  if (selected < 0)
    return;
  const CaromScene *scene = carom_document_get_scene (self->document);
  const CaromObject *ball = g_ptr_array_index (scene->objects, selected);
  double radius = ball->radius;
  double angle = atan2 (ball->direction.y, ball->direction.x);
  guint max_bounces = ball->max_bounces;
  const char *what = g_object_get_data (G_OBJECT (spin), "field");
  if (g_strcmp0 (what, "radius") == 0)
    radius = gtk_spin_button_get_value (spin);
  else if (g_strcmp0 (what, "angle") == 0)
    angle = gtk_spin_button_get_value (spin) * G_PI / 180.0;
  else
    max_bounces = (guint)gtk_spin_button_get_value_as_int (spin);
  CgVec2 direction = cg_v2 (cos (angle), sin (angle));
  if (g_strcmp0 (what, "angle") != 0)
    direction = ball->direction; /* keep it exact unless the angle was edited */
  carom_document_edit_ball (self->document, (guint)selected, radius, direction, max_bounces);
}

static GtkWidget *
spin_row (GtkWidget *group, const char *title, const char *subtitle, const char *field,
          double value, double lo, double hi, double step, guint digits, CaromInspector *self)
{
  GtkWidget *row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  GtkWidget *spin = gtk_spin_button_new_with_range (lo, hi, step);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), digits);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (spin), "field", (gpointer)field);
  gtk_widget_set_name (spin, field);
  g_signal_connect (spin, "value-changed", G_CALLBACK (ball_spin_changed), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  return row;
}

static void
refresh_properties (CaromInspector *self)
{
  self->updating = TRUE;
  clear_box (self->properties_box);
  int selected = carom_inspector_get_selected (self);
  if (self->document == NULL || selected < 0)
    {
      status_page (self->properties_box, "document-properties-symbolic", _ ("No Object Selected"),
                   _ ("Select an object in the Scene panel to see its properties."));
      self->updating = FALSE;
      return;
    }
  const CaromScene *scene = carom_document_get_scene (self->document);
  const CaromObject *o = g_ptr_array_index (scene->objects, selected);

  GtkWidget *group = group_new (self->properties_box, o->id, role_label (o));
  if (o->kind == CAROM_OBJECT_BALL)
    {
      g_autofree char *centre = format_point (o->center);
      value_row (group, _ ("Centre"), centre);
      spin_row (group, _ ("Radius"), NULL, "radius", o->radius, 0.001, 1e6, 1, 3, self);
      spin_row (group, _ ("Direction"), _ ("Degrees, clockwise from +x (y points down)"), "angle",
                atan2 (o->direction.y, o->direction.x) * 180.0 / G_PI, -180, 180, 1, 3, self);
      g_autofree char *vector = format_point (o->direction);
      value_row (group, _ ("Direction Vector"), vector);
      spin_row (group, _ ("Maximum Bounces"), NULL, "max-bounces", o->max_bounces, 0, 1000000, 1, 0,
                self);
    }
  else
    {
      g_autofree char *count = g_strdup_printf ("%zu", o->n_points);
      value_row (group, _ ("Vertices"), count);
      g_autofree char *area
          = format_number (fabs (cg_polygon_signed_area (o->points, o->n_points)));
      value_row (group, _ ("Area"), area);
      if (o->reversed)
        adw_preferences_group_set_description (
            ADW_PREFERENCES_GROUP (group), o->role == CG_ROLE_WALL
                                               ? _ ("Wall — its vertices were reversed to run "
                                                    "counter-clockwise on screen, as walls need.")
                                               : _ ("Obstacle — its vertices were reversed to run "
                                                    "clockwise on screen, as obstacles need."));

      GtkWidget *vertices = group_new (self->properties_box, _ ("Vertex List"), NULL);
      for (size_t i = 0; i < o->n_points && i < VERTEX_ROWS_MAX; i++)
        {
          g_autofree char *name = g_strdup_printf ("v%zu", i);
          g_autofree char *point = format_point (o->points[i]);
          value_row (vertices, name, point);
        }
      if (o->n_points > VERTEX_ROWS_MAX)
        {
          g_autofree char *more
              = g_strdup_printf (_ ("and %zu more"), o->n_points - VERTEX_ROWS_MAX);
          adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (vertices), more);
        }
    }
  self->updating = FALSE;
}

/* ---- Hit panel ---- */

static const char *
primitive_text (const CgHit *hit, char **owned)
{
  *owned = hit->kind == CG_PRIM_SEGMENT
               ? g_strdup_printf (_ ("Offset segment of edge %u"), hit->element)
               : g_strdup_printf (_ ("Corner arc at vertex %u"), hit->element);
  return *owned;
}

static void
hit_row_activated (AdwActionRow *row, CaromInspector *self)
{
  guint step = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "step"));
  g_signal_emit (self, signals[STEP_REQUESTED], 0, self->ball, step);
}

static void
refresh_hit (CaromInspector *self)
{
  clear_box (self->hit_box);
  const CaromBallTrace *bt = current_ball (self);
  if (bt == NULL)
    {
      status_page (self->hit_box, "mark-location-symbolic", _ ("No Ball"),
                   _ ("Add a ball to the scene to trace its bounces."));
      return;
    }
  const CgTrace *t = &bt->trace;
  guint step = MIN (self->step, (guint)t->n_hits);
  if (step == 0)
    {
      GtkWidget *group = group_new (self->hit_box, _ ("Start"), bt->ball->id);
      g_autofree char *start = format_point (t->start);
      g_autofree char *dir = format_point (t->direction);
      g_autofree char *radius = format_number (t->radius);
      value_row (group, _ ("Centre"), start);
      value_row (group, _ ("Direction"), dir);
      value_row (group, _ ("Radius"), radius);
    }
  else
    {
      const CgHit *hit = &t->hits[step - 1];
      const CaromSceneTrace *trace = carom_document_get_trace (self->document);
      const CaromObject *object = carom_scene_trace_polygon (trace, hit->object);
      g_autofree char *title = g_strdup_printf (_ ("Hit %u"), hit->index);
      GtkWidget *group = group_new (self->hit_box, title, bt->ball->id);
      g_autofree char *prim = NULL;
      g_autofree char *what = g_strdup_printf ("%s (%s)", object->id, role_label (object));
      g_autofree char *point = format_point (hit->point);
      g_autofree char *normal = format_point (hit->normal);
      g_autofree char *distance = format_number (hit->distance);
      g_autofree char *in = format_point (hit->in);
      g_autofree char *out = format_point (hit->out);
      value_row (group, _ ("Object"), what);
      value_row (group, _ ("Primitive"), primitive_text (hit, &prim));
      value_row (group, _ ("Contact Point"), point);
      value_row (group, _ ("Normal n"), normal);
      value_row (group, _ ("Distance t"), distance);
      value_row (group, _ ("Direction In d"), in);
      value_row (group, _ ("Direction Out d′ = d − 2(d·n)n"), out);
    }

  GtkWidget *list = group_new (self->hit_box, _ ("All Hits"), NULL);
  for (size_t k = 0; k < t->n_hits && k < HIT_ROWS_MAX; k++)
    {
      const CgHit *hit = &t->hits[k];
      g_autofree char *title = g_strdup_printf (_ ("Hit %u"), hit->index);
      g_autofree char *point = format_point (hit->point);
      GtkWidget *row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), point);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      if (k + 1 == step)
        adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                   gtk_image_new_from_icon_name ("object-select-symbolic"));
      g_object_set_data (G_OBJECT (row), "step", GUINT_TO_POINTER ((guint)(k + 1)));
      g_signal_connect (row, "activated", G_CALLBACK (hit_row_activated), self);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (list), row);
    }
  g_autofree char *ending
      = g_strdup_printf (_ ("The trace ended: %s."), cg_trace_status_name (t->status));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (list), ending);
}

/* ---- Display panel ---- */

static void
build_display (CaromInspector *self)
{
  clear_box (self->display_box);
  if (self->settings == NULL)
    return;
  static const struct
  {
    const char *key;
    const char *title;
    const char *subtitle;
  } toggles[] = {
    { "show-path", N_ ("Path"), N_ ("Each ball’s path with numbered hits") },
    { "show-outlines", N_ ("Offset Outlines"), N_ ("Where the ball’s centre touches, dashed") },
    { "show-normals", N_ ("Edge Normals"), N_ ("Ticks on each edge’s front side") },
    { "show-aabb", N_ ("Bounding Boxes"), N_ ("The boxes of the offset outlines") },
    { "show-bvh", N_ ("Bounding Volume Hierarchy"), N_ ("The tracer’s boxes, coloured by depth") },
    { "show-labels", N_ ("Labels"), N_ ("Object names and hit numbers") },
    { "show-grid", N_ ("Grid"), NULL },
  };
  GtkWidget *group = group_new (self->display_box, _ ("Overlays"), NULL);
  for (guint i = 0; i < G_N_ELEMENTS (toggles); i++)
    {
      GtkWidget *row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ (toggles[i].title));
      if (toggles[i].subtitle)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _ (toggles[i].subtitle));
      GtkWidget *sw = gtk_switch_new ();
      gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
      gtk_widget_set_name (sw, toggles[i].key);
      g_settings_bind (self->settings, toggles[i].key, sw, "active", G_SETTINGS_BIND_DEFAULT);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }
}

/* ---- Statistics panel ---- */

static void
refresh_statistics (CaromInspector *self)
{
  clear_box (self->statistics_box);
  if (self->document == NULL)
    return;
  const CaromScene *scene = carom_document_get_scene (self->document);
  guint walls = 0, obstacles = 0, balls = 0;
  gsize vertices = 0;
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CaromObject *o = g_ptr_array_index (scene->objects, i);
      if (o->kind == CAROM_OBJECT_BALL)
        balls++;
      else
        {
          vertices += o->n_points;
          if (o->role == CG_ROLE_WALL)
            walls++;
          else
            obstacles++;
        }
    }
  GtkWidget *group = group_new (self->statistics_box, _ ("Scene"), NULL);
  g_autofree char *w = g_strdup_printf ("%u", walls), *ob = g_strdup_printf ("%u", obstacles),
                  *b = g_strdup_printf ("%u", balls), *v = g_strdup_printf ("%zu", vertices);
  value_row (group, _ ("Walls"), w);
  value_row (group, _ ("Obstacles"), ob);
  value_row (group, _ ("Balls"), b);
  value_row (group, _ ("Vertices"), v);

  const CaromBallTrace *bt = current_ball (self);
  if (bt == NULL)
    return;
  size_t n_prims;
  cg_world_primitives (bt->world, &n_prims);
  const CgBvh *bvh = cg_world_bvh (bt->world);
  g_autofree char *title = g_strdup_printf (_ ("Tracer for %s"), bt->ball->id);
  GtkWidget *tracer = group_new (self->statistics_box, title, NULL);
  g_autofree char *p = g_strdup_printf ("%zu", n_prims),
                  *nodes = g_strdup_printf ("%u", bvh->n_nodes),
                  *depth = g_strdup_printf ("%u", bvh->depth);
  value_row (tracer, _ ("Outline Primitives"), p);
  value_row (tracer, _ ("BVH Nodes"), nodes);
  value_row (tracer, _ ("BVH Depth"), depth);

  guint step = MIN (self->step, (guint)bt->trace.n_hits);
  if (step > 0)
    {
      const CgCastStats *s = &bt->trace.hits[step - 1].stats;
      g_autofree char *cast_title = g_strdup_printf (_ ("Cast of Hit %u"), step);
      GtkWidget *cast
          = group_new (self->statistics_box, cast_title,
                       _ ("What the BVH tested for this cast, against testing every primitive."));
      g_autofree char *visited = g_strdup_printf ("%u", s->nodes_visited),
                      *boxes = g_strdup_printf ("%u", s->boxes_tested);
      /* Translators: primitives tested with the BVH, and by brute force, e.g. "3 of 1070". */
      g_autofree char *tested = g_strdup_printf (_ ("%u of %zu"), s->primitives_tested, n_prims);
      value_row (cast, _ ("Nodes Visited"), visited);
      value_row (cast, _ ("Boxes Tested"), boxes);
      value_row (cast, _ ("Primitives Tested"), tested);
    }
}

/* ---- updates ---- */

static void
refresh_all (CaromInspector *self)
{
  refresh_scene_list (self);
  refresh_properties (self);
  refresh_hit (self);
  refresh_statistics (self);
}

static gboolean
refresh_idle (gpointer data)
{
  CaromInspector *self = data;
  self->refresh_source = 0;
  refresh_all (self);
  return G_SOURCE_REMOVE;
}

/* The document changed. Panels are rebuilt from an idle callback: the change
 * may come from one of their own widgets (a spin button in Properties),
 * which must not be destroyed while it is still emitting its signal. */
static void
document_changed (CaromInspector *self)
{
  if (self->refresh_source == 0)
    self->refresh_source = g_idle_add (refresh_idle, self);
}

static void
selection_changed (CaromInspector *self)
{
  refresh_properties (self);
}

void
carom_inspector_set_document (CaromInspector *self, CaromDocument *document)
{
  g_return_if_fail (CAROM_IS_INSPECTOR (self));
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_swapped (document, "changed", G_CALLBACK (document_changed), self);
  refresh_all (self);
}

void
carom_inspector_set_settings (CaromInspector *self, GSettings *settings)
{
  g_return_if_fail (CAROM_IS_INSPECTOR (self));
  g_set_object (&self->settings, settings);
  build_display (self);
}

void
carom_inspector_set_step (CaromInspector *self, guint ball, guint step)
{
  g_return_if_fail (CAROM_IS_INSPECTOR (self));
  self->ball = ball;
  self->step = step;
  refresh_hit (self);
  refresh_statistics (self);
}

int
carom_inspector_get_selected (CaromInspector *self)
{
  g_return_val_if_fail (CAROM_IS_INSPECTOR (self), -1);
  guint position = gtk_single_selection_get_selected (self->selection);
  if (position == GTK_INVALID_LIST_POSITION || self->document == NULL
      || position >= carom_document_get_scene (self->document)->objects->len)
    return -1;
  return (int)position;
}

void
carom_inspector_select (CaromInspector *self, int index)
{
  g_return_if_fail (CAROM_IS_INSPECTOR (self));
  /* The list must show the current scene before a row of it can be selected. */
  if (self->refresh_source != 0)
    {
      g_clear_handle_id (&self->refresh_source, g_source_remove);
      refresh_all (self);
    }
  if (index < 0)
    gtk_selection_model_unselect_all (GTK_SELECTION_MODEL (self->selection));
  else
    gtk_single_selection_set_selected (self->selection, (guint)index);
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
  g_clear_handle_id (&self->refresh_source, g_source_remove);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  g_clear_object (&self->settings);
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->object_ids);
  G_OBJECT_CLASS (carom_inspector_parent_class)->dispose (object);
}

static void
carom_inspector_class_init (CaromInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = carom_inspector_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "inspector");

  /// Emitted when the user picks a hit to step to.
  signals[STEP_REQUESTED]
      = g_signal_new ("step-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
}

static void
carom_inspector_init (CaromInspector *self)
{
  GtkBoxLayout *layout = GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self)));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_widget_add_css_class (GTK_WIDGET (self), "background");

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

  /* Scene: a list view, so scenes of 10^5 objects stay responsive. */
  GtkBox *scene_box = add_page (self, "scene", _ ("Scene"), "view-list-symbolic", FALSE);
  self->object_ids = gtk_string_list_new (NULL);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->object_ids)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect_swapped (self->selection, "selection-changed", G_CALLBACK (selection_changed),
                            self);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (scene_row_setup), self);
  g_signal_connect (factory, "bind", G_CALLBACK (scene_row_bind), self);
  self->scene_list
      = GTK_LIST_VIEW (gtk_list_view_new (GTK_SELECTION_MODEL (self->selection), factory));
  gtk_widget_add_css_class (GTK_WIDGET (self->scene_list), "navigation-sidebar");
  GtkWidget *scroller = gtk_scrolled_window_new ();
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->scene_list));
  gtk_widget_set_margin_start (GTK_WIDGET (scene_box), 0);
  gtk_widget_set_margin_end (GTK_WIDGET (scene_box), 0);
  gtk_box_append (scene_box, scroller);

  self->properties_box
      = add_page (self, "properties", _ ("Properties"), "document-properties-symbolic", TRUE);
  self->hit_box = add_page (self, "hit", _ ("Hit"), "mark-location-symbolic", TRUE);
  self->display_box = add_page (self, "display", _ ("Display"), "view-reveal-symbolic", TRUE);
  self->statistics_box
      = add_page (self, "statistics", _ ("Statistics"), "power-profile-performance-symbolic", TRUE);
  refresh_all (self);
}
