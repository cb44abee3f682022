/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-inspector-scene.c: the Scene panel, a list view of the scene's objects over a
 * list model that redraws only the rows whose object changed. */
#include "config.h"

#include "carom-accessible.h"
#include "carom-inspector-private.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

/* ---- the Scene list's model ---- */

/* What a row of the Scene list shows of its object, to tell cheaply whether
 * a change of the scene needs the row redrawn. Edits replace objects (they
 * never change one in place), so an unchanged pointer is an unchanged row;
 * object is only ever compared, never read: it may have been freed since. */
typedef struct
{
  const CmObject *object;
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
object_role (const CmObject *o)
{
  return o->kind == CM_OBJECT_POLYGON ? (guint8)o->role : 0;
}

static void
row_info_fill (RowInfo *r, const CmObject *o)
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
row_info_shows (const RowInfo *r, const CmObject *o)
{
  return r->kind == (guint8)o->kind && r->role == object_role (o) && r->hidden == (o->hidden != 0)
         && r->locked == (o->locked != 0) && g_strcmp0 (r->id, o->id) == 0;
}

/* A list model of one item per scene object: items carry nothing (a row's
 * widgets read the object at their position), so the model costs one
 * RowInfo per object and rows are created only for what is on screen. */

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
rows_sync (CaromInspectorRows *self, const CmScene *scene)
{
  RowChanges c = { 0 };
  guint n_old = self->rows->len;
  guint n_new = scene != NULL ? scene->objects->len : 0;
  CmObject *const *objects = scene != NULL ? (CmObject *const *)scene->objects->pdata : NULL;
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
  carom_accessible_set_label (button, tooltip);
  carom_tooltip_keep_whole (button);
  /* The usual state (shown, unlocked) stays quiet; the unusual one stands out. */
  set_dimmed (button, !on);
}

/* Shows the object at the row's position. */
static void
fill_row (CaromInspector *self, GtkListItem *item)
{
  const CmObject *o = carom_inspector_object_at (self, gtk_list_item_get_position (item));
  GtkWidget *box = gtk_list_item_get_child (item);
  if (o == NULL || box == NULL)
    return;
  GtkWidget *icon = row_part (box, ROW_ICON), *name = row_part (box, ROW_NAME);
  gtk_image_set_from_icon_name (GTK_IMAGE (icon), carom_inspector_role_icon (o));
  gtk_widget_set_tooltip_text (icon, carom_inspector_role_label (o));
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
  const CmObject *o = carom_inspector_object_at (self, position);
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
RowChanges
carom_inspector_refresh_scene_list (CaromInspector *self)
{
  GtkSelectionModel *model = carom_inspector_list_selection (self);
  RowChanges c = rows_sync (self->rows, carom_inspector_scene_of (self));
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
  gtk_stack_set_visible_child_name (self->scene_stack,
                                    self->rows->rows->len > 0 ? "list" : "empty");
  return c;
}

/* Scene: a list view over a model of the scene, so scenes of 10^5 objects
 * stay responsive. */
void
carom_inspector_scene_init (CaromInspector *self, GtkBox *scene_box)
{
  self->rows = g_object_new (CAROM_TYPE_INSPECTOR_ROWS, NULL);
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (g_object_ref (self->rows)));
  g_signal_connect_swapped (self->selection, "selection-changed",
                            G_CALLBACK (carom_inspector_list_selection_changed), self);
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

  /* An empty scene says how to start rather than showing an empty list. */
  GtkWidget *empty = adw_status_page_new ();
  adw_status_page_set_icon_name (ADW_STATUS_PAGE (empty), "carom-wall-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (empty), _ ("An Empty Scene"));
  adw_status_page_set_description (
      ADW_STATUS_PAGE (empty),
      _ ("Draw a room with the Polygon tool (P): click its corners, then its first corner again. "
         "Then an obstacle inside it, and a ball (B). Or open a scene with Ctrl+O."));
  gtk_widget_add_css_class (empty, "compact");
  gtk_widget_set_name (empty, "scene-empty");
  self->scene_stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->scene_stack), TRUE);
  gtk_stack_add_named (self->scene_stack, scroller, "list");
  gtk_stack_add_named (self->scene_stack, empty, "empty");
  gtk_box_append (scene_box, GTK_WIDGET (self->scene_stack));
}
