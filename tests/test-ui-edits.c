/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-edits.c: the window's loose ends (issue 26), under Xvfb with real
 * X input (xdotool): Enter and Escape in a Properties field give the
 * keyboard back to the canvas; on-hit for several obstacles at once; a new
 * beam's radius; the other balls drawn while a beam is followed; a
 * truncated file's message. */
#include "ui-harness.h"

#include <glib/gstdio.h>
#include <string.h>

static const CmObject *
object (CaromWindow *window, guint i)
{
  return g_ptr_array_index (carom_document_get_scene (carom_window_get_document (window))->objects,
                            i);
}

static CaromInspector *
inspector_of (CaromWindow *window)
{
  return CAROM_INSPECTOR (carom_window_get_inspector (window));
}

/* Moves the X pointer to the middle of widget. */
static void
pointer_to_widget (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t in_native;
  g_assert_true (
      gtk_widget_compute_point (widget, GTK_WIDGET (native),
                                &GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.0f,
                                                      gtk_widget_get_height (widget) / 2.0f),
                                &in_native));
  double sx, sy;
  gtk_native_get_surface_transform (native, &sx, &sy);
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (native));
  g_autofree char *win = g_strdup_printf ("%lu", (unsigned long)xid);
  g_autofree char *px = g_strdup_printf ("%d", (int)lround (in_native.x + sx));
  g_autofree char *py = g_strdup_printf ("%d", (int)lround (in_native.y + sy));
  const char *move[] = { "mousemove", "--window", win, px, py, NULL };
  xdotool (move);
}

/* Clicks into a text field and selects all its text, as a user does before
 * typing a new value. */
static void
click_field (GtkWidget *field)
{
  pointer_to_widget (field);
  const char *click[] = { "click", "1", NULL };
  xdotool (click);
  press_key ("ctrl+a");
}

static void
type_text (const char *text)
{
  const char *args[] = { "type", "--delay", "15", "--", text, NULL };
  xdotool (args);
}

/* The field of Properties named name, on screen. */
static GtkWidget *
properties_field (CaromWindow *window, const char *name)
{
  spin (300);
  GtkWidget *field = find_named (carom_window_get_inspector (window), name);
  g_assert_nonnull (field);
  g_assert_true (gtk_widget_get_mapped (field));
  return field;
}

/* 1: Enter in a Properties field commits the value and gives the keyboard
 * back to the canvas: ] then steps (it used to go into the field,
 * "30.000]]]"). Escape in a field puts its text back and returns to the
 * canvas too. The same for a vertex's x (a plain entry) and a name (an
 * entry row). */
static void
test_enter_returns_to_canvas (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window_sized (path, 1100, 760);
  CaromDocument *doc = carom_window_get_document (window);
  GtkWidget *canvas = carom_window_get_canvas (window);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-sidebar",
                                      g_variant_new_boolean (TRUE));
  carom_inspector_select (inspector_of (window), 2);
  carom_inspector_show_page (inspector_of (window), "properties");

  /* a spin button: the ball's radius */
  GtkWidget *radius = properties_field (window, "radius");
  click_field (radius);
  g_assert_false (gtk_widget_has_focus (canvas));
  type_text ("30");
  press_key ("Return");
  g_assert_cmpfloat (object (window, 2)->radius, ==, 30.0);
  g_assert_true (gtk_widget_has_focus (canvas));
  g_assert_cmpuint (carom_window_get_step (window), ==, 0);
  press_key ("bracketright");
  g_assert_cmpuint (carom_window_get_step (window), ==, 1);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (radius)), ==, "30.000");

  /* Escape: the typed text goes, the radius stays, the canvas has the keys */
  click_field (radius);
  type_text ("55");
  press_key ("Escape");
  g_assert_true (gtk_widget_has_focus (canvas));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (radius)), ==, "30.000");
  spin (200);
  g_assert_cmpfloat (object (window, 2)->radius, ==, 30.0);
  press_key ("bracketright");
  g_assert_cmpuint (carom_window_get_step (window), ==, 2);
  g_assert_cmpfloat (object (window, 2)->radius, ==, 30.0);

  /* a plain entry: the post's first vertex x */
  carom_inspector_select (inspector_of (window), 1);
  GtkWidget *x = properties_field (window, "v0-x");
  double x0 = object (window, 1)->points[0].x;
  click_field (x);
  type_text ("25");
  press_key ("Return");
  g_assert_true (gtk_widget_has_focus (canvas));
  g_assert_cmpfloat (object (window, 1)->points[0].x, ==, 25.0);
  click_field (x);
  type_text ("99");
  press_key ("Escape");
  g_assert_true (gtk_widget_has_focus (canvas));
  spin (200);
  g_assert_cmpfloat (object (window, 1)->points[0].x, ==, 25.0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (x)), ==, "25");
  g_assert_cmpfloat (x0, !=, 25.0);

  /* an entry row: the post's name */
  GtkWidget *name = properties_field (window, "name");
  click_field (name);
  type_text ("pillar");
  press_key ("Return");
  g_assert_cmpstr (object (window, 1)->id, ==, "pillar");
  g_assert_true (gtk_widget_has_focus (canvas));
  guint step = carom_window_get_step (window);
  press_key ("bracketleft");
  g_assert_cmpuint (carom_window_get_step (window), ==, step - 1);
  g_assert_true (carom_document_get_modified (doc));
  destroy_window (window);
}

/* Clicks the canvas at scene point (x, y) holding Shift: adds to the
 * selection. */
static void
shift_click_scene (CaromWindow *window, double x, double y)
{
  pointer_to_scene (window, x, y);
  const char *click[] = { "keydown", "shift", "click", "1", "keyup", "shift", NULL };
  xdotool (click);
}

/* The label showing text in an open popover under widget, or NULL. */
static GtkWidget *
popover_label (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0
      && gtk_widget_get_mapped (widget) && gtk_widget_get_ancestor (widget, GTK_TYPE_POPOVER))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = popover_label (c, text);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Opens a combo row with a click and clicks its item text, as a user does. */
static void
choose (GtkWidget *combo_row, const char *text)
{
  pointer_to_widget (combo_row);
  const char *click[] = { "click", "1", NULL };
  xdotool (click);
  spin (300);
  GtkWidget *item = popover_label (combo_row, text);
  g_assert_nonnull (item);
  pointer_to_widget (item);
  xdotool (click);
  spin (300);
}

static CgOnHit
on_hit_of (CaromWindow *window, guint i)
{
  return object (window, i)->on_hit == CG_ON_HIT_REFLECT ? CG_ON_HIT_REFLECT : CG_ON_HIT_STOP;
}

/* 2: with several obstacles selected, Properties shows "When the Ball
 * Touches It": mixed (nothing chosen, "Mixed" under the title) while they
 * differ; choosing Reflect makes all of them reflect in one undo step. The
 * role too: with a wall among them, the role is mixed and the on-hit row
 * goes; choosing Wall makes them all walls, one step. */
static void
test_several_on_hit (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *path = source_path ("data/examples/pinball.svg");
  CaromWindow *window = open_window_sized (path, 1100, 900);
  CaromDocument *doc = carom_window_get_document (window);
  CaromHistory *history = carom_document_get_history (doc);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-sidebar",
                                      g_variant_new_boolean (TRUE));
  carom_inspector_show_page (inspector_of (window), "properties");
  /* pinball.svg: 1 bumper-left (reflect), 5 and 6 the flippers (stop) */
  enum
  {
    TABLE = 0,
    BUMPER = 1,
    FLIPPER_LEFT = 5,
    FLIPPER_RIGHT = 6
  };
  g_assert_cmpstr (object (window, FLIPPER_LEFT)->id, ==, "flipper-left");
  g_assert_cmpint (on_hit_of (window, BUMPER), ==, CG_ON_HIT_REFLECT);
  g_assert_cmpint (on_hit_of (window, FLIPPER_LEFT), ==, CG_ON_HIT_STOP);
  click_scene (window, 145, 670);
  shift_click_scene (window, 255, 670);
  shift_click_scene (window, 120, 200);
  g_autoptr (GArray) sel = carom_editor_get_selection (carom_window_get_editor (window));
  g_assert_cmpuint (sel->len, ==, 3);

  GtkWidget *on_hit = properties_field (window, "on-hit");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (on_hit)), ==,
                    GTK_INVALID_LIST_POSITION);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (on_hit)), "Mixed"));
  GtkWidget *role = properties_field (window, "role");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (role)), ==, 1); /* Obstacle */

  gboolean could_undo = carom_history_can_undo (history);
  choose (on_hit, "Reflect");
  g_assert_cmpint (on_hit_of (window, BUMPER), ==, CG_ON_HIT_REFLECT);
  g_assert_cmpint (on_hit_of (window, FLIPPER_LEFT), ==, CG_ON_HIT_REFLECT);
  g_assert_cmpint (on_hit_of (window, FLIPPER_RIGHT), ==, CG_ON_HIT_REFLECT);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (on_hit)), ==, 1);
  g_assert_null (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (on_hit)), "Mixed"));
  g_assert_cmpstr (carom_history_undo_label (history), ==, "Reflect on Hit");
  /* one step */
  g_assert_true (carom_document_undo (doc));
  g_assert_cmpint (on_hit_of (window, BUMPER), ==, CG_ON_HIT_REFLECT);
  g_assert_cmpint (on_hit_of (window, FLIPPER_LEFT), ==, CG_ON_HIT_STOP);
  g_assert_cmpint (on_hit_of (window, FLIPPER_RIGHT), ==, CG_ON_HIT_STOP);
  g_assert_cmpint (carom_history_can_undo (history), ==, could_undo);
  spin (300);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (on_hit)), ==,
                    GTK_INVALID_LIST_POSITION);

  /* a wall among them: the role is mixed, on-hit is not theirs to have */
  click_scene (window, 330, 560); /* nothing there: the selection goes */
  click_scene (window, 145, 670);
  /* the table's left side, x = 0, picked by its outline */
  double zoom = carom_canvas_get_zoom (CAROM_CANVAS (carom_window_get_canvas (window)));
  shift_click_scene (window, 0 + 1 / zoom, 350);
  g_autoptr (GArray) two = carom_editor_get_selection (carom_window_get_editor (window));
  g_assert_cmpuint (two->len, ==, 2);
  role = properties_field (window, "role");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (role)), ==,
                    GTK_INVALID_LIST_POSITION);
  g_assert_false (
      gtk_widget_get_visible (find_named (carom_window_get_inspector (window), "on-hit")));
  choose (role, "Wall");
  g_assert_cmpint (object (window, FLIPPER_LEFT)->role, ==, CG_ROLE_WALL);
  g_assert_cmpint (object (window, TABLE)->role, ==, CG_ROLE_WALL);
  g_assert_cmpstr (carom_history_undo_label (history), ==, "Make Wall");
  g_assert_true (carom_document_undo (doc));
  g_assert_cmpint (object (window, FLIPPER_LEFT)->role, ==, CG_ROLE_OBSTACLE);
  destroy_window (window);
}

/* The text (as shown, markup parsed) of the toast's title on screen under
 * widget, or NULL. */
static gboolean
in_toast (GtkWidget *widget)
{
  for (; widget != NULL; widget = gtk_widget_get_parent (widget))
    if (g_str_equal (G_OBJECT_TYPE_NAME (widget), "AdwToastWidget"))
      return TRUE;
  return FALSE;
}

static const char *
toast_text (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget) && in_toast (widget)
      && *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    return gtk_label_get_text (GTK_LABEL (widget));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      const char *found = toast_text (c);
      if (found != NULL)
        return found;
    }
  return NULL;
}

typedef struct
{
  GtkWidget *window;
  const char *before;
} ToastWait;

static gboolean
has_new_toast (gpointer data)
{
  ToastWait *w = data;
  const char *text = toast_text (w->window);
  return text != NULL && g_strcmp0 (text, w->before) != 0;
}

/* 3: a beam drawn in the window is the size of the scene's ball (the
 * seed's is 40), not the new-ball default (20): its Radius field says so. */
static void
test_beam_radius (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window_sized (path, 1100, 760);
  const CmScene *scene = carom_document_get_scene (carom_window_get_document (window));
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-sidebar",
                                      g_variant_new_boolean (TRUE));
  carom_inspector_show_page (inspector_of (window), "properties");
  g_assert_cmpfloat (object (window, 2)->radius, ==, 40.0);
  click_scene (window, 150, 200); /* nothing there: the canvas has the keys */
  press_key ("e");
  g_assert_cmpint (carom_editor_get_tool (carom_window_get_editor (window)), ==, CAROM_TOOL_BEAM);
  drag_scene (window, cg_v2 (-100, 200), cg_v2 (0, 150), FALSE);
  g_assert_cmpuint (scene->objects->len, ==, 4);
  const CmObject *beam = object (window, 3);
  g_assert_cmpint (beam->kind, ==, CM_OBJECT_BEAM);
  g_assert_cmpfloat (beam->radius, ==, 40.0);
  GtkWidget *radius = properties_field (window, "radius");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (radius)), ==, "40.000");
  destroy_window (window);
}

/* Luminance (0-255) of the window's pixel where the canvas shows scene
 * point (x, y), from pixels (B G R A, w × h) of the window. */
static int
scene_luminance (CaromWindow *window, const guint8 *pixels, int w, int h, double x, double y)
{
  GtkWidget *canvas = carom_window_get_canvas (window);
  double wx, wy;
  g_assert_true (carom_canvas_scene_to_widget (CAROM_CANVAS (canvas), x, y, &wx, &wy));
  graphene_point_t p;
  g_assert_true (gtk_widget_compute_point (canvas, GTK_WIDGET (window),
                                           &GRAPHENE_POINT_INIT ((float)wx, (float)wy), &p));
  int px = (int)p.x, py = (int)p.y;
  g_assert_true (px >= 0 && py >= 0 && px < w && py < h);
  const guint8 *c = pixels + ((size_t)py * w + px) * 4;
  return (299 * c[2] + 587 * c[1] + 114 * c[0]) / 1000;
}

/* How many of 12 points around the seed ball's centre (at half its radius)
 * show its fill: darker than the empty room beside it. */
static int
ball_fill_points (CaromWindow *window)
{
  spin (300);
  g_autoptr (GdkTexture) texture = window_texture (GTK_WINDOW (window));
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guint8 *pixels = g_malloc ((size_t)w * h * 4);
  gdk_texture_download (texture, pixels, (size_t)w * 4);
  int room = scene_luminance (window, pixels, w, h, 150, -250);
  int filled = 0;
  for (int k = 0; k < 12; k++)
    {
      double a = k * G_PI / 6.0 + 0.1;
      filled
          += scene_luminance (window, pixels, w, h, -200 + 20 * cos (a), 20 * sin (a)) < room - 8;
    }
  return filled;
}

/* 4: while a beam is followed (its front stepped), the seed's ball stays
 * drawn, as while the ball itself is followed (its body used to go: a ball
 * and a beam of 64 rays counted as a crowd of 65 balls, drawn blended). */
static void
test_beam_followed_keeps_balls (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window_sized (path, 1100, 760);
  g_assert_cmpint (ball_fill_points (window), >=, 10);
  click_scene (window, 150, 200);
  press_key ("e");
  drag_scene (window, cg_v2 (-100, 200), cg_v2 (0, 150), FALSE);
  g_assert_cmpuint (carom_document_get_scene (carom_window_get_document (window))->objects->len, ==,
                    4);
  /* the new fan is selected, the stepper follows its first ray, a front at
   * s = 0, then at its first hit */
  g_assert_cmpfloat (carom_window_get_front (window), ==, 0.0);
  g_assert_cmpint (ball_fill_points (window), >=, 10);
  press_key ("bracketright");
  g_assert_cmpfloat (carom_window_get_front (window), >, 0.0);
  g_assert_cmpint (ball_fill_points (window), >=, 10);
  destroy_window (window);
}

/* The close button of the toast on screen under widget, or NULL. */
static GtkWidget *
toast_close_button (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget) && in_toast (widget)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "toast.close") == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = toast_close_button (c);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Opens path in window as the Open dialog does, and returns the toast it
 * shows (NULL: none). The toast on screen before is closed first, as its
 * close button does (toasts wait their turn). */
static char *
open_and_toast (CaromWindow *window, const char *path)
{
  GtkWidget *close = toast_close_button (GTK_WIDGET (window));
  if (close != NULL)
    gtk_widget_activate (close);
  spin (500);
  g_autofree char *before = g_strdup (toast_text (GTK_WIDGET (window)));
  g_autoptr (GFile) file = g_file_new_for_path (path);
  carom_window_open_file (window, file);
  ToastWait w = { GTK_WIDGET (window), before };
  if (!wait_for (has_new_toast, &w, 5000))
    return NULL;
  return g_strdup (toast_text (GTK_WIDGET (window)));
}

/* 5: a truncated file opened over a scene: the toast names the file, says
 * it is not complete and where it ends, in plain words; the scene on screen
 * stays as it was. A message naming an element ("<polygon> on line 2")
 * shows as plain text, not as markup (which would show nothing). */
static void
test_truncated_file_toast (void)
{
  g_autofree char *seed_path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window_sized (seed_path, 1000, 700);
  CaromDocument *doc = carom_window_get_document (window);
  g_autoptr (GError) error = NULL;
  g_autofree char *directory = g_dir_make_tmp ("carom-ui-edits-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *seed = NULL;
  g_assert_true (g_file_get_contents (seed_path, &seed, NULL, NULL));
  g_autofree char *table = g_build_filename (directory, "table.svg", NULL);
  g_assert_true (g_file_set_contents (table, seed, strstr (seed, "20,50") - seed, NULL));

  const CmScene *before = carom_document_get_scene (doc);
  guint64 position = carom_history_get_position (carom_document_get_history (doc));
  g_autofree char *text = open_and_toast (window, table);
  g_assert_cmpstr (text, ==,
                   "Could not open: “table.svg” is not a complete SVG file: it ends at line 4 "
                   "before its elements are closed");
  /* the scene is untouched: the same file, objects, history */
  g_autofree char *shown = g_file_get_path (carom_document_get_file (doc));
  g_assert_cmpstr (shown, ==, seed_path);
  g_assert_true (carom_document_get_scene (doc) == before);
  g_assert_cmpuint (before->objects->len, ==, 3);
  g_assert_cmpuint (carom_history_get_position (carom_document_get_history (doc)), ==, position);
  g_assert_false (carom_document_get_modified (doc));

  /* plain text: <polygon> shows */
  g_autofree char *bad = g_build_filename (directory, "bad.svg", NULL);
  g_assert_true (g_file_set_contents (
      bad,
      "<svg xmlns='http://www.w3.org/2000/svg' xmlns:carom='urn:carom:scene:1'>\n"
      "<polygon carom:role='wall' points='0,0 10,10 0,0 10,10'/>\n</svg>\n",
      -1, NULL));
  g_autofree char *text2 = open_and_toast (window, bad);
  g_assert_nonnull (text2);
  g_assert_nonnull (strstr (text2, "<polygon> on line 2"));
  g_assert_cmpuint (carom_document_get_scene (doc)->objects->len, ==, 3);

  g_assert_cmpint (g_remove (table), ==, 0);
  g_assert_cmpint (g_remove (bad), ==, 0);
  g_assert_cmpint (g_rmdir (directory), ==, 0);
  destroy_window (window);
}

int
main (int argc, char **argv)
{
  ui_harness_init (&argc, &argv);
  g_test_add_func ("/ui-edits/enter-returns-to-canvas", test_enter_returns_to_canvas);
  g_test_add_func ("/ui-edits/several-on-hit", test_several_on_hit);
  g_test_add_func ("/ui-edits/beam-radius", test_beam_radius);
  g_test_add_func ("/ui-edits/beam-followed-keeps-balls", test_beam_followed_keeps_balls);
  g_test_add_func ("/ui-edits/truncated-file-toast", test_truncated_file_toast);
  return ui_harness_run ();
}
