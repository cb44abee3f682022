/* carom-inspector.c: the sidebar: Scene, Properties, Hit, Display and Statistics panels.
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

#include "carom-inspector.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "model/carom-edit.h"
#include "model/carom-explain.h"

/* Vertices listed in Properties before "and N more": enough to check a shape
 * by eye, few enough that a 100,000-vertex polygon does not stall the panel. */
#define VERTEX_ROWS_MAX 200
/* Rejected candidates listed under a hit: the nearest tell the story. */
#define CANDIDATE_ROWS_MAX 8
/* Hits listed in the Hit panel, for the same reason. */
#define HIT_ROWS_MAX 500

/* ---- the Scene list's model ---- */

/* What a row of the Scene list shows of its object, to tell cheaply whether
 * a change of the scene needs the row redrawn. Edits replace objects (they
 * never change one in place), so an unchanged pointer is an unchanged row;
 * object is only ever compared, never read: it may have been freed since. */
typedef struct
{
  const CaromObject *object;
  char *id;
  guint8 kind, role, hidden, locked;
} RowInfo;

static void
row_info_clear (gpointer data)
{
  RowInfo *r = data;
  g_clear_pointer (&r->id, g_free);
}

static guint8
object_role (const CaromObject *o)
{
  return o->kind == CAROM_OBJECT_POLYGON ? (guint8)o->role : 0;
}

static void
row_info_fill (RowInfo *r, const CaromObject *o)
{
  r->object = o;
  g_free (r->id);
  r->id = g_strdup (o->id);
  r->kind = (guint8)o->kind;
  r->role = object_role (o);
  r->hidden = o->hidden != 0;
  r->locked = o->locked != 0;
}

/* Whether row shows o as it is. */
static gboolean
row_info_shows (const RowInfo *r, const CaromObject *o)
{
  return r->kind == (guint8)o->kind && r->role == object_role (o) && r->hidden == (o->hidden != 0)
         && r->locked == (o->locked != 0) && g_strcmp0 (r->id, o->id) == 0;
}

/* How the rows changed in a sync. */
typedef struct
{
  gboolean structure;             /* rows were inserted or removed: positions moved */
  guint position, removed, added; /* where (for items-changed) */
  gboolean ids;                   /* a row's object has another name */
  gboolean display;               /* some row shows something else */
} RowChanges;

/* A list model of one item per scene object: items carry nothing (a row's
 * widgets read the object at their position), so the model costs one
 * RowInfo per object and rows are created only for what is on screen. */
#define CAROM_TYPE_INSPECTOR_ROWS (carom_inspector_rows_get_type ())
G_DECLARE_FINAL_TYPE (CaromInspectorRows, carom_inspector_rows, CAROM, INSPECTOR_ROWS, GObject)

struct _CaromInspectorRows
{
  GObject parent_instance;
  const CaromScene *scene; /* the scene last synced (compared only; any other value: none) */
  GArray *rows;            /* RowInfo, one per object */
};

static GType
rows_get_item_type (GListModel *model)
{
  (void)model;
  return G_TYPE_OBJECT;
}

static guint
rows_get_n_items (GListModel *model)
{
  return CAROM_INSPECTOR_ROWS (model)->rows->len;
}

static gpointer
rows_get_item (GListModel *model, guint position)
{
  if (position >= CAROM_INSPECTOR_ROWS (model)->rows->len)
    return NULL;
  return g_object_new (G_TYPE_OBJECT, NULL);
}

static void
rows_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = rows_get_item_type;
  iface->get_n_items = rows_get_n_items;
  iface->get_item = rows_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (CaromInspectorRows, carom_inspector_rows, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, rows_list_model_init))

static void
carom_inspector_rows_finalize (GObject *object)
{
  g_array_unref (CAROM_INSPECTOR_ROWS (object)->rows);
  G_OBJECT_CLASS (carom_inspector_rows_parent_class)->finalize (object);
}

static void
carom_inspector_rows_class_init (CaromInspectorRowsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = carom_inspector_rows_finalize;
}

static void
carom_inspector_rows_init (CaromInspectorRows *self)
{
  self->rows = g_array_new (FALSE, TRUE, sizeof (RowInfo));
  g_array_set_clear_func (self->rows, row_info_clear);
}

/* Brings the rows up to date with scene (may be NULL) without emitting
 * items-changed: the caller does, with what this returns. With the same
 * number of objects it only compares pointers, then, for the few objects
 * replaced, what their rows show: a drag costs one pass over an array. */
static RowChanges
rows_sync (CaromInspectorRows *self, const CaromScene *scene)
{
  RowChanges c = { 0 };
  guint n_old = self->rows->len;
  guint n_new = scene != NULL ? scene->objects->len : 0;
  CaromObject *const *objects = scene != NULL ? (CaromObject *const *)scene->objects->pdata : NULL;
  RowInfo *rows = (RowInfo *)(void *)self->rows->data;

  if (scene == self->scene && n_new == n_old)
    {
      for (guint i = 0; i < n_new; i++)
        {
          if (rows[i].object == objects[i])
            continue;
          if (row_info_shows (&rows[i], objects[i]))
            {
              rows[i].object = objects[i];
              continue;
            }
          if (g_strcmp0 (rows[i].id, objects[i]->id) != 0)
            c.ids = TRUE;
          row_info_fill (&rows[i], objects[i]);
          c.display = TRUE;
        }
      return c;
    }

  guint prefix = 0, suffix = 0;
  if (scene == self->scene)
    {
      guint n_min = MIN (n_old, n_new);
      while (prefix < n_min && rows[prefix].object == objects[prefix])
        prefix++;
      while (suffix < n_min - prefix
             && rows[n_old - 1 - suffix].object == objects[n_new - 1 - suffix])
        suffix++;
    }
  self->scene = scene;
  c.structure = c.ids = c.display = TRUE;
  c.position = prefix;
  c.removed = n_old - prefix - suffix;
  c.added = n_new - prefix - suffix;
  g_array_remove_range (self->rows, prefix, c.removed);
  RowInfo *fresh = g_new0 (RowInfo, MAX (c.added, 1));
  for (guint i = 0; i < c.added; i++)
    row_info_fill (&fresh[i], objects[prefix + i]);
  g_array_insert_vals (self->rows, prefix, fresh, c.added);
  g_free (fresh);
  return c;
}

/* ---- the inspector ---- */

/* What Properties shows: rebuilt when this changes, updated in place while
 * it stays the same. */
typedef enum
{
  PROPS_UNBUILT, /* nothing built yet */
  PROPS_NONE,
  PROPS_POLYGON,
  PROPS_BALL,
  PROPS_SEVERAL,
} PropsKind;

typedef struct
{
  PropsKind kind;
  guint index;        /* the object (PROPS_POLYGON, PROPS_BALL) */
  size_t vertex_rows; /* PROPS_POLYGON */
  gboolean transform; /* the Transform group is there */

  /* the widgets updated in place (owned by properties_box) */
  AdwPreferencesGroup *group;
  GtkWidget *role, *name;
  GtkWidget *n_vertices, *area;
  AdwPreferencesGroup *vertices;
  GPtrArray *vertex_fields; /* GtkEntry*: x and y of each listed vertex */
  GtkWidget *center_x, *center_y, *radius, *angle, *dx, *dy, *max_bounces;
  GtkWidget *move_x, *move_y, *rotate, *scale; /* Transform */
} Props;

struct _CaromInspector
{
  GtkWidget parent_instance;

  /* owned */
  CaromDocument *document;
  CaromEditor *editor;
  GSettings *settings;
  CaromInspectorRows *rows;
  GtkMultiSelection *selection;
  GPtrArray *bound; /* GtkListItem*: the Scene list's rows on screen */
  GArray *selected; /* guint: the selection, in document order */

  /* children */
  GtkStack *stack;
  GtkListView *scene_list;
  GtkBox *properties_box;
  GtkBox *hit_box;
  GtkBox *display_box;
  GtkBox *statistics_box;
  GtkBox *lab_box;

  Props props;
  GtkWidget *typing;       /* the Properties field last typed in, or NULL */
  gboolean props_pending;  /* a rebuild waits for the user to finish typing */
  double move_dx, move_dy; /* the Transform fields, kept across rebuilds */
  double rotate_degrees, scale_percent;

  guint ball;
  guint step;
  gboolean updating;        /* set while panels are refilled, so their signals are not edits */
  gboolean syncing;         /* set while the list's selection follows the editor's */
  gboolean selection_dirty; /* the selection changed since the last refresh */
  gboolean document_dirty;  /* the document changed since the last refresh */
  gboolean hit_dirty, statistics_dirty; /* rebuild when shown */
  gboolean disposed;
  guint refresh_source;
};

G_DEFINE_FINAL_TYPE (CaromInspector, carom_inspector, GTK_TYPE_WIDGET)

enum
{
  STEP_REQUESTED,
  MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void schedule_refresh (CaromInspector *self);

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

/* A coordinate in an editable field: precise enough to edit, rounding noise
 * (99.99999999999997) shown as the number it stands for. */
static void
format_coordinate (double v, char buf[G_ASCII_DTOSTR_BUF_SIZE])
{
  if (fabs (v) < 1e-12)
    v = 0.0;
  g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, "%.10g", v);
}

/* Reads a number as typed: surrounding spaces, a decimal comma, a minus sign. */
static gboolean
parse_number (const char *text, double *value)
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

static void
message (CaromInspector *self, const char *text)
{
  g_signal_emit (self, signals[MESSAGE], 0, text);
}

/* ---- building blocks ---- */

static const CaromScene *
scene_of (CaromInspector *self)
{
  return self->document != NULL ? carom_document_get_scene (self->document) : NULL;
}

static const CaromObject *
object_at (CaromInspector *self, guint index)
{
  const CaromScene *scene = scene_of (self);
  return scene != NULL && index < scene->objects->len ? g_ptr_array_index (scene->objects, index)
                                                      : NULL;
}

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

/* A row showing a value on the right, selectable so it can be copied.
 * Returns the value's label. */
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
  return label;
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

/* ---- selection ---- */

/* The list's selection model, as a GtkSelectionModel. */
static GtkSelectionModel *
list_selection (CaromInspector *self)
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
      g_autoptr (GtkBitset) set = gtk_selection_model_get_selection (list_selection (self));
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
  gtk_selection_model_set_selection (list_selection (self), set, mask);
  self->syncing = FALSE;
}

/* The user changed the list's selection: the editor follows (the canvas
 * shows it), or, without an editor, Properties. */
static void
list_selection_changed (CaromInspector *self)
{
  if (self->syncing || self->disposed)
    return;
  if (self->editor != NULL)
    {
      g_autoptr (GtkBitset) set = gtk_selection_model_get_selection (list_selection (self));
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
      schedule_refresh (self);
    }
}

static void
editor_selection_changed (CaromInspector *self)
{
  self->selection_dirty = TRUE;
  schedule_refresh (self);
}

/* ---- Scene panel ---- */

enum
{
  ROW_ICON,
  ROW_NAME,
  ROW_VISIBILITY,
  ROW_LOCK,
  ROW_N_PARTS
};

static GtkWidget *
row_part (GtkWidget *box, guint part)
{
  GtkWidget *w = gtk_widget_get_first_child (box);
  for (guint i = 0; i < part && w != NULL; i++)
    w = gtk_widget_get_next_sibling (w);
  return w;
}

static void
set_dimmed (GtkWidget *widget, gboolean dimmed)
{
  if (dimmed)
    gtk_widget_add_css_class (widget, "dim-label");
  else
    gtk_widget_remove_css_class (widget, "dim-label");
}

static void
set_flag_button (GtkWidget *button, const char *icon, const char *tooltip, gboolean on)
{
  gtk_button_set_icon_name (GTK_BUTTON (button), icon);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip,
                                  -1);
  /* The usual state (shown, unlocked) stays quiet; the unusual one stands out. */
  set_dimmed (button, !on);
}

/* Shows the object at the row's position. */
static void
fill_row (CaromInspector *self, GtkListItem *item)
{
  const CaromObject *o = object_at (self, gtk_list_item_get_position (item));
  GtkWidget *box = gtk_list_item_get_child (item);
  if (o == NULL || box == NULL)
    return;
  GtkWidget *icon = row_part (box, ROW_ICON), *name = row_part (box, ROW_NAME);
  gtk_image_set_from_icon_name (GTK_IMAGE (icon), role_icon (o));
  gtk_widget_set_tooltip_text (icon, role_label (o));
  gtk_label_set_label (GTK_LABEL (name), o->id);
  set_dimmed (icon, o->hidden);
  set_dimmed (name, o->hidden);
  if (o->hidden)
    set_flag_button (row_part (box, ROW_VISIBILITY), "view-conceal-symbolic", _ ("Show"), TRUE);
  else
    set_flag_button (row_part (box, ROW_VISIBILITY), "view-reveal-symbolic", _ ("Hide"), FALSE);
  if (o->locked)
    set_flag_button (row_part (box, ROW_LOCK), "changes-prevent-symbolic", _ ("Unlock"), TRUE);
  else
    set_flag_button (row_part (box, ROW_LOCK), "changes-allow-symbolic", _ ("Lock"), FALSE);
}

/* Refills the rows on screen (a few dozen), after rows changed what they show. */
static void
refill_rows (CaromInspector *self)
{
  for (guint i = 0; i < self->bound->len; i++)
    fill_row (self, g_ptr_array_index (self->bound, i));
}

/* The eye or the lock of a row: hides or shows, locks or unlocks its object. */
static void
row_flag_clicked (GtkButton *button, CaromInspector *self)
{
  GtkListItem *item = g_object_get_data (G_OBJECT (button), "item");
  gboolean lock = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "lock"));
  guint position = gtk_list_item_get_position (item);
  const CaromObject *o = object_at (self, position);
  if (o == NULL)
    return;
  gboolean hidden = o->hidden, locked = o->locked;
  if (lock)
    locked = !locked;
  else
    hidden = !hidden;
  carom_edit_set_flags (carom_document_get_history (self->document),
                        carom_document_get_edit_scene (self->document), position, hidden, locked);
  carom_document_edited (self->document);
}

static GtkWidget *
flag_button_new (GtkListItem *item, gboolean lock, CaromInspector *self)
{
  GtkWidget *button = gtk_button_new ();
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_focus_on_click (button, FALSE);
  gtk_widget_set_name (button, lock ? "lock" : "visibility");
  g_object_set_data (G_OBJECT (button), "item", item);
  g_object_set_data (G_OBJECT (button), "lock", GINT_TO_POINTER (lock));
  g_signal_connect (button, "clicked", G_CALLBACK (row_flag_clicked), self);
  return button;
}

static void
scene_row_setup (GtkSignalListItemFactory *factory, GtkListItem *item, CaromInspector *self)
{
  (void)factory;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 0);
  gtk_widget_set_margin_top (box, 2);
  gtk_widget_set_margin_bottom (box, 2);
  GtkWidget *icon = gtk_image_new ();
  gtk_widget_set_margin_end (icon, 6);
  gtk_box_append (GTK_BOX (box), icon);
  GtkWidget *name = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), flag_button_new (item, FALSE, self));
  gtk_box_append (GTK_BOX (box), flag_button_new (item, TRUE, self));
  gtk_list_item_set_child (item, box);
}

static void
scene_row_bind (GtkSignalListItemFactory *factory, GtkListItem *item, CaromInspector *self)
{
  (void)factory;
  g_ptr_array_add (self->bound, item);
  fill_row (self, item);
}

static void
scene_row_unbind (GtkSignalListItemFactory *factory, GtkListItem *item, CaromInspector *self)
{
  (void)factory;
  g_ptr_array_remove_fast (self->bound, item);
}

/* Double click or Enter on a row: its properties. */
static void
scene_row_activated (GtkListView *list, guint position, CaromInspector *self)
{
  (void)list;
  (void)position;
  gtk_stack_set_visible_child_name (self->stack, "properties");
}

/* Brings the list up to date with the scene. Rows are inserted and removed
 * only where objects were; the rows' selection moves with them. */
static RowChanges
refresh_scene_list (CaromInspector *self)
{
  GtkSelectionModel *model = list_selection (self);
  RowChanges c = rows_sync (self->rows, scene_of (self));
  if (c.structure)
    {
      /* Clearing the selection first spares GtkMultiSelection looking for
       * selected items among the new ones (it would create each of them). */
      g_autoptr (GtkBitset) before = gtk_selection_model_get_selection (model);
      g_autoptr (GtkBitset) after = gtk_bitset_copy (before);
      gtk_bitset_splice (after, c.position, c.removed, c.added);
      self->syncing = TRUE;
      if (!gtk_bitset_is_empty (before))
        gtk_selection_model_unselect_all (model);
      g_list_model_items_changed (G_LIST_MODEL (self->rows), c.position, c.removed, c.added);
      if (!gtk_bitset_is_empty (after))
        gtk_selection_model_set_selection (model, after, after);
      self->syncing = FALSE;
    }
  if (c.display)
    refill_rows (self);
  return c;
}

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
    schedule_refresh (self);
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
    schedule_refresh (self);
}

static void
track_field (CaromInspector *self, GtkWidget *field)
{
  g_signal_connect (field, "changed", G_CALLBACK (field_changed), self);
  GtkEventController *focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "leave", G_CALLBACK (field_focus_left), self);
  gtk_widget_add_controller (field, focus);
}

/* Shows v in a coordinate field, unless the user is typing in it. */
static void
set_entry_number (GtkWidget *entry, double v)
{
  if (field_is_typing (entry))
    return;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  format_coordinate (v, buf);
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
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip,
                                  -1);
  g_signal_connect_swapped (button, "clicked", clicked, self);
  return button;
}

/* ---- Properties panel: edits ---- */

/* The object Properties shows, when it shows one of that kind. */
static const CaromObject *
shown_object (CaromInspector *self, CaromObjectKind kind)
{
  PropsKind want = kind == CAROM_OBJECT_BALL ? PROPS_BALL : PROPS_POLYGON;
  if (self->props.kind != want)
    return NULL;
  const CaromObject *o = object_at (self, self->props.index);
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

static void
name_applied (AdwEntryRow *row, CaromInspector *self)
{
  field_done (self, GTK_WIDGET (row));
  guint index = self->props.index;
  const CaromObject *o = object_at (self, index);
  if (o == NULL || (self->props.kind != PROPS_POLYGON && self->props.kind != PROPS_BALL))
    return;
  g_autofree char *name = g_strdup (gtk_editable_get_text (GTK_EDITABLE (row)));
  if (g_strcmp0 (name, o->id) == 0)
    return;
  g_autoptr (GError) error = NULL;
  if (!carom_edit_rename (carom_document_get_history (self->document),
                          carom_document_get_edit_scene (self->document), index, name, &error))
    {
      message (self, error->message);
      revert_fields (self);
      return;
    }
  carom_document_edited (self->document);
  /* The editor knows selected objects by name: keep the renamed one selected. */
  if (self->editor != NULL)
    carom_editor_select (self->editor, &index, 1, FALSE);
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
  return row;
}

static void
role_selected (AdwComboRow *row, GParamSpec *pspec, CaromInspector *self)
{
  (void)pspec;
  if (self->updating)
    return;
  const CaromObject *o = shown_object (self, CAROM_OBJECT_POLYGON);
  if (o == NULL)
    return;
  CgRole role = adw_combo_row_get_selected (row) == 0 ? CG_ROLE_WALL : CG_ROLE_OBSTACLE;
  if (role == o->role)
    return;
  carom_edit_set_role (carom_document_get_history (self->document),
                       carom_document_get_edit_scene (self->document), self->props.index, role);
  carom_document_edited (self->document);
}

/* A vertex's x or y was typed: the polygon with that vertex moved, if it
 * stays a valid polygon. */
static void
commit_vertex (CaromInspector *self, GtkEntry *entry)
{
  const CaromObject *o = shown_object (self, CAROM_OBJECT_POLYGON);
  guint vertex = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (entry), "vertex"));
  gboolean is_y = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (entry), "is-y"));
  if (o == NULL || vertex >= o->n_points)
    return;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  double value, old = is_y ? o->points[vertex].y : o->points[vertex].x;
  if (!parse_number (text, &value))
    {
      g_autofree char *why = g_strdup_printf (_ ("“%s” is not a number"), text);
      message (self, why);
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
      message (self, error->message);
      revert_fields (self);
      return;
    }
  carom_document_edited (self->document);
  if (reversed)
    message (self,
             role == CG_ROLE_WALL
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
  const CaromObject *o = shown_object (self, CAROM_OBJECT_BALL);
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
      message (self, error != NULL ? error->message : _ ("A ball cannot have that value"));
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
  if (parse_number (text, value))
    return TRUE;
  g_autofree char *why = g_strdup_printf (_ ("“%s” is not a number"), text);
  message (self, why);
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
  GtkWidget *group = group_new (self->properties_box, _ ("Transform"),
                                _ ("Rotate and scale about the selection’s centre."));

  GtkWidget *row = action_row_new (group, _ ("Move"), _ ("Scene units"));
  p->move_x = number_entry_new ("move-dx", "dx", _ ("Move by dx"));
  p->move_y = number_entry_new ("move-dy", "dy", _ ("Move by dy"));
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  format_coordinate (self->move_dx, buf);
  gtk_editable_set_text (GTK_EDITABLE (p->move_x), buf);
  format_coordinate (self->move_dy, buf);
  gtk_editable_set_text (GTK_EDITABLE (p->move_y), buf);
  g_signal_connect_swapped (p->move_x, "activate", G_CALLBACK (move_clicked), self);
  g_signal_connect_swapped (p->move_y, "activate", G_CALLBACK (move_clicked), self);
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
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), p->scale);
  adw_action_row_add_suffix (
      ADW_ACTION_ROW (row),
      apply_button_new ("scale-apply", _ ("Scale"), G_CALLBACK (scale_clicked), self));
}

/* ---- Properties panel: building and updating ---- */

static const char *
polygon_description (const CaromObject *o)
{
  if (!o->reversed)
    return role_label (o);
  return o->role == CG_ROLE_WALL ? _ ("Wall — its vertices were reversed to run "
                                      "counter-clockwise on screen, as walls need.")
                                 : _ ("Obstacle — its vertices were reversed to run "
                                      "clockwise on screen, as obstacles need.");
}

static void
build_polygon (CaromInspector *self, const CaromObject *o)
{
  Props *p = &self->props;
  p->group = ADW_PREFERENCES_GROUP (group_new (self->properties_box, o->id, NULL));
  GtkWidget *group = GTK_WIDGET (p->group);

  p->role = adw_combo_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (p->role), _ ("Role"));
  GtkStringList *roles = gtk_string_list_new (NULL);
  gtk_string_list_append (roles, C_ ("role", "Wall"));
  gtk_string_list_append (roles, C_ ("role", "Obstacle"));
  adw_combo_row_set_model (ADW_COMBO_ROW (p->role), G_LIST_MODEL (roles));
  g_object_unref (roles);
  gtk_widget_set_name (p->role, "role");
  g_signal_connect (p->role, "notify::selected", G_CALLBACK (role_selected), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), p->role);

  p->name = name_row_new (self, group);
  p->n_vertices = value_row (group, _ ("Vertices"), "");
  p->area = value_row (group, _ ("Area"), "");

  p->vertices = ADW_PREFERENCES_GROUP (group_new (self->properties_box, _ ("Vertex List"), NULL));
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
}

static void
update_polygon (CaromInspector *self, const CaromObject *o)
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
  g_autofree char *area = format_number (fabs (cg_polygon_signed_area (o->points, o->n_points)));
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
}

static void
build_ball (CaromInspector *self, const CaromObject *o)
{
  Props *p = &self->props;
  p->group = ADW_PREFERENCES_GROUP (group_new (self->properties_box, o->id, role_label (o)));
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
update_ball (CaromInspector *self, const CaromObject *o)
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

static void
update_several (CaromInspector *self)
{
  guint n = self->selected->len;
  g_autofree char *title = g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE, "%u object selected", "%u objects selected", n), n);
  adw_preferences_group_set_title (self->props.group, title);
}

/* Fills the fields from the document (self->updating is set). */
static void
update_properties (CaromInspector *self)
{
  const CaromObject *o;
  switch (self->props.kind)
    {
    case PROPS_POLYGON:
      if ((o = shown_object (self, CAROM_OBJECT_POLYGON)) != NULL)
        update_polygon (self, o);
      break;
    case PROPS_BALL:
      if ((o = shown_object (self, CAROM_OBJECT_BALL)) != NULL)
        update_ball (self, o);
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
  clear_box (self->properties_box);
  GPtrArray *vertex_fields = p->vertex_fields;
  g_ptr_array_set_size (vertex_fields, 0);
  *p = (Props){ .kind = kind,
                .index = index,
                .vertex_rows = vertex_rows,
                .transform = transform,
                .vertex_fields = vertex_fields };
  self->typing = NULL;
  const CaromObject *o = object_at (self, index);
  switch (kind)
    {
    case PROPS_POLYGON:
      build_polygon (self, o);
      break;
    case PROPS_BALL:
      build_ball (self, o);
      break;
    case PROPS_SEVERAL:
      p->group = ADW_PREFERENCES_GROUP (group_new (self->properties_box, NULL, NULL));
      if (transform)
        adw_preferences_group_set_description (p->group,
                                               _ ("Move, rotate or scale them together."));
      break;
    case PROPS_UNBUILT:
    case PROPS_NONE:
      status_page (self->properties_box, "document-properties-symbolic", _ ("No Object Selected"),
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
static void
refresh_properties (CaromInspector *self)
{
  Props *p = &self->props;
  PropsKind kind = PROPS_NONE;
  guint index = 0;
  size_t vertex_rows = 0;
  if (self->selected->len == 1)
    {
      index = g_array_index (self->selected, guint, 0);
      const CaromObject *o = object_at (self, index);
      if (o != NULL && o->kind == CAROM_OBJECT_BALL)
        kind = PROPS_BALL;
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
    build_properties (self, kind, index, vertex_rows, transform);
  update_properties (self);
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

/* A row that selects its object on the canvas when activated (a candidate,
 * or the object hit). */
static void
primitive_row_activated (AdwActionRow *row, CaromInspector *self)
{
  const CaromObject *object = g_object_get_data (G_OBJECT (row), "object");
  const CaromScene *scene = carom_document_get_scene (self->document);
  for (guint i = 0; i < scene->objects->len; i++)
    if (g_ptr_array_index (scene->objects, i) == object)
      {
        if (self->editor != NULL)
          carom_editor_select (self->editor, &i, 1, FALSE);
        else
          carom_inspector_select (self, (int)i);
        return;
      }
}

static void
primitive_row (CaromInspector *self, GtkWidget *group, const char *title, const char *subtitle,
               const char *icon, const CaromObject *object)
{
  GtkWidget *row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  if (icon != NULL)
    adw_action_row_add_prefix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name (icon));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                             gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_set_tooltip_text (row, _ ("Select this object"));
  g_object_set_data (G_OBJECT (row), "object", (gpointer)object);
  g_signal_connect (row, "activated", G_CALLBACK (primitive_row_activated), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
}

static void
copy_text (GtkButton *button, CaromInspector *self)
{
  (void)self;
  const char *text = g_object_get_data (G_OBJECT (button), "text");
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (button)), text);
  g_signal_emit (self, signals[MESSAGE], 0,
                 g_object_get_data (G_OBJECT (button), "latex") ? _ ("Copied as LaTeX")
                                                                : _ ("Copied as text"));
}

static GtkWidget *
copy_button (CaromInspector *self, const char *label, const char *tooltip, char *text,
             gboolean latex)
{
  GtkWidget *button = gtk_button_new_with_label (label);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_add_css_class (button, "flat");
  g_object_set_data_full (G_OBJECT (button), "text", text, g_free);
  if (latex)
    g_object_set_data (G_OBJECT (button), "latex", GINT_TO_POINTER (1));
  g_signal_connect (button, "clicked", G_CALLBACK (copy_text), self);
  return button;
}

/* The maths of the hit at step: the formulas with the numbers the cast used
 * (carom-explain.h, the same text as `carom trace --explain`), the broad
 * phase's counts, and the candidates that lost, each one click from its
 * object. */
static void
explain_hit (CaromInspector *self, const CaromSceneTrace *trace, guint step)
{
  CaromCastExplanation e;
  if (!carom_explain_cast (trace, self->ball, step, &e))
    return;
  char *text = carom_explain_format (&e, CAROM_EXPLAIN_TEXT, CAROM_EXPLAIN_REJECTED_MAX);
  char *latex = carom_explain_format (&e, CAROM_EXPLAIN_LATEX, CAROM_EXPLAIN_REJECTED_MAX);

  GtkWidget *maths = group_new (self->hit_box, _ ("The Maths"), NULL);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_box_append (GTK_BOX (buttons),
                  copy_button (self, _ ("Copy"), _ ("Copy the maths as plain text"), text, FALSE));
  gtk_box_append (GTK_BOX (buttons),
                  copy_button (self, _ ("LaTeX"), _ ("Copy the maths as LaTeX"), latex, TRUE));
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (maths), buttons);
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_add_css_class (label, "monospace");
  gtk_widget_add_css_class (label, "maths");
  GtkWidget *frame = gtk_frame_new (NULL);
  gtk_widget_add_css_class (frame, "card");
  gtk_frame_set_child (GTK_FRAME (frame), label);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (maths), frame);

  /* What the BVH saved: these counts against brute force's. */
  const CgCastStats *st = &e.result.stats;
  g_autofree char *saving
      = g_strdup_printf (_ ("Brute force would test all %zu primitives"), e.n_primitives);
  GtkWidget *broad = group_new (self->hit_box, _ ("Broad Phase"), saving);
  g_autofree char *boxes = g_strdup_printf ("%u", st->boxes_tested);
  g_autofree char *nodes = g_strdup_printf ("%u", st->nodes_visited);
  g_autofree char *prims = g_strdup_printf (_ ("%u of %zu"), st->primitives_tested, e.n_primitives);
  value_row (broad, _ ("Boxes Tested"), boxes);
  value_row (broad, _ ("BVH Nodes Visited"), nodes);
  value_row (broad, _ ("Primitives Tested"), prims);

  g_autoptr (GArray) rejected = carom_explain_rejected (&e);
  if (rejected->len > 0)
    {
      GtkWidget *list = group_new (self->hit_box, _ ("Rejected Candidates"),
                                   _ ("Nearest first; click one to select its object"));
      const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, self->ball);
      for (guint i = 0; i < rejected->len && i < CANDIDATE_ROWS_MAX; i++)
        {
          const CgTested *t = &e.tested[g_array_index (rejected, guint, i)];
          const CaromObject *object;
          g_autofree char *where
              = carom_explain_primitive_name (trace, bt->world, t->prim, &object);
          g_autofree char *name = g_strdup_printf ("%s, %s", object->id, where);
          g_autofree char *reason = carom_explain_reason (&t->rec, e.result.rec.t);
          primitive_row (self, list, name, reason, NULL, object);
        }
    }
  carom_cast_explanation_clear (&e);
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
      primitive_row (self, group, _ ("Object"), what, NULL, object);
      value_row (group, _ ("Primitive"), primitive_text (hit, &prim));
      value_row (group, _ ("Contact Point"), point);
      value_row (group, _ ("Normal n"), normal);
      value_row (group, _ ("Distance t"), distance);
      value_row (group, _ ("Direction In d"), in);
      value_row (group, _ ("Direction Out d′ = d − 2(d·n)n"), out);
      explain_hit (self, trace, step);
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
    { "show-candidates", N_ ("Candidates at the Step"),
      N_ ("What the cast tested, rejected and left out, and its ray past the hit") },
    { "show-ghosts", N_ ("Earlier Positions"), N_ ("Faint outlines of the ball at earlier hits") },
  };
  GtkWidget *group = group_new (self->display_box, _ ("Overlays"),
                                _ ("Alt+1 to Alt+9 switch them in this order."));
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
      if (g_str_equal (toggles[i].key, "show-bvh"))
        {
          /* The BVH's depth: levels 0 (the root) to the slider's value. */
          GtkWidget *depth = adw_action_row_new ();
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (depth), _ ("Deepest Level"));
          adw_action_row_set_subtitle (ADW_ACTION_ROW (depth),
                                       _ ("Each level of boxes has its own colour"));
          GtkWidget *scale = gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, 0, 12, 1);
          gtk_scale_set_digits (GTK_SCALE (scale), 0);
          gtk_scale_set_draw_value (GTK_SCALE (scale), TRUE);
          gtk_scale_set_value_pos (GTK_SCALE (scale), GTK_POS_LEFT);
          gtk_widget_set_size_request (scale, 140, -1);
          gtk_widget_set_valign (scale, GTK_ALIGN_CENTER);
          gtk_widget_set_name (scale, "bvh-depth");
          GtkAdjustment *adj = gtk_range_get_adjustment (GTK_RANGE (scale));
          g_settings_bind (self->settings, "bvh-depth", adj, "value", G_SETTINGS_BIND_DEFAULT);
          g_settings_bind (self->settings, "show-bvh", depth, "sensitive", G_SETTINGS_BIND_GET);
          adw_action_row_add_suffix (ADW_ACTION_ROW (depth), scale);
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), depth);
        }
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
    refresh_hit (self);
  self->statistics_dirty = !page_shown (self, "statistics");
  if (!self->statistics_dirty)
    refresh_statistics (self);
}

static void
visible_page_changed (CaromInspector *self)
{
  if (self->hit_dirty && page_shown (self, "hit"))
    {
      self->hit_dirty = FALSE;
      refresh_hit (self);
    }
  if (self->statistics_dirty && page_shown (self, "statistics"))
    {
      self->statistics_dirty = FALSE;
      refresh_statistics (self);
    }
}

static void
refresh_all (CaromInspector *self)
{
  if (self->disposed)
    return;
  gboolean document_dirty = self->document_dirty;
  self->document_dirty = FALSE;
  RowChanges c = refresh_scene_list (self);
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
  refresh_properties (self);
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
static void
schedule_refresh (CaromInspector *self)
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
  schedule_refresh (self);
}

void
carom_inspector_set_document (CaromInspector *self, CaromDocument *document)
{
  g_return_if_fail (CAROM_IS_INSPECTOR (self));
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  if (self->document != document)
    /* Another document's objects are all new rows, whatever their addresses. */
    self->rows->scene = (const CaromScene *)self->rows;
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_swapped (document, "changed", G_CALLBACK (document_changed), self);
  self->document_dirty = TRUE;
  self->selection_dirty = TRUE;
  flush_refresh (self);
}

/* ---- Lab panel ---- */

static void
copy_lab (GtkButton *button, CaromInspector *self)
{
  if (self->editor == NULL)
    return;
  g_autofree char *text = carom_lab_text (carom_editor_get_lab (self->editor));
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (button)), text);
  g_signal_emit (self, signals[MESSAGE], 0, _ ("Copied as text"));
}

/* The lab's chosen test: every number it computed and its verdict. Cheap
 * (a handful of rows), so rebuilt on every change of the probes. */
static void
refresh_lab (CaromInspector *self)
{
  clear_box (self->lab_box);
  if (self->editor == NULL)
    return;
  CaromLab *lab = carom_editor_get_lab (self->editor);
  g_autofree char *verdict = NULL;
  g_autoptr (GPtrArray) rows = carom_lab_rows (lab, &verdict);
  GtkWidget *group
      = group_new (self->lab_box, carom_lab_test_name (carom_lab_get_test (lab)), verdict);
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
    status_page (self->lab_box, "carom-tool-lab-symbolic",
                 carom_lab_test_name (carom_lab_get_test (lab)), verdict);
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
      g_signal_connect_swapped (carom_editor_get_lab (editor), "changed", G_CALLBACK (refresh_lab),
                                self);
    }
  refresh_lab (self);
  self->selection_dirty = TRUE;
  flush_refresh (self);
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
  refresh_trace_pages (self);
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
  const CaromScene *scene = scene_of (self);
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
      g_autoptr (GtkBitset) set = gtk_selection_model_get_selection (list_selection (self));
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
    gtk_selection_model_unselect_all (list_selection (self));
  else
    gtk_selection_model_select_item (list_selection (self), (guint)index, TRUE);
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
  signals[STEP_REQUESTED]
      = g_signal_new ("step-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /// Something to tell the user: why an edit made in a panel was refused.
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
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

  /* Scene: a list view over a model of the scene, so scenes of 10^5
   * objects stay responsive. */
  GtkBox *scene_box = add_page (self, "scene", _ ("Scene"), "view-list-symbolic", FALSE);
  self->rows = g_object_new (CAROM_TYPE_INSPECTOR_ROWS, NULL);
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (g_object_ref (self->rows)));
  g_signal_connect_swapped (self->selection, "selection-changed",
                            G_CALLBACK (list_selection_changed), self);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (scene_row_setup), self);
  g_signal_connect (factory, "bind", G_CALLBACK (scene_row_bind), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (scene_row_unbind), self);
  self->scene_list = GTK_LIST_VIEW (
      gtk_list_view_new (GTK_SELECTION_MODEL (g_object_ref (self->selection)), factory));
  gtk_widget_add_css_class (GTK_WIDGET (self->scene_list), "navigation-sidebar");
  g_signal_connect (self->scene_list, "activate", G_CALLBACK (scene_row_activated), self);
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
  self->lab_box = add_page (self, "lab", _ ("Lab"), "carom-tool-lab-symbolic", TRUE);
  g_signal_connect_swapped (self->stack, "notify::visible-child", G_CALLBACK (visible_page_changed),
                            self);
  self->document_dirty = TRUE;
  refresh_all (self);
}
