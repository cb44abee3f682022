/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-keys.c: keys, selection and the keyboard under Xvfb, with real X
 * input (xdotool): what a click picks, which keys step and which nudge,
 * drags the Vertices tool accepts or puts back, and a whole scene built and
 * stepped from the keyboard alone. */
#include "ui-harness.h"

#include <string.h>

#include "app/carom-accessible.h"

#include "geom/cg-polygon.h"
#include "model/carom-edit.h"

static guint
selection_size (CaromWindow *window)
{
  g_autoptr (GArray) sel = carom_editor_get_selection (carom_window_get_editor (window));
  return sel->len;
}

static int
selected_one (CaromWindow *window)
{
  g_autoptr (GArray) sel = carom_editor_get_selection (carom_window_get_editor (window));
  return sel->len == 1 ? (int)g_array_index (sel, guint, 0) : -1;
}

static const CmObject *
object (CaromWindow *window, guint i)
{
  return g_ptr_array_index (carom_document_get_scene (carom_window_get_document (window))->objects,
                            i);
}

/* 1: a click on empty space inside the room selects nothing, and → then
 * steps to the next hit (it used to nudge the room). */
static void
test_click_inside_room_then_right_steps (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window_sized (path, 1000, 700);
  carom_editor_set_tool (carom_window_get_editor (window), CAROM_TOOL_SELECT);
  CgVec2 room0 = object (window, 0)->points[0];

  click_scene (window, 150, 200);
  g_assert_cmpuint (selection_size (window), ==, 0);
  g_assert_cmpuint (carom_window_get_step (window), ==, 0);
  press_key ("Right");
  g_assert_cmpuint (carom_window_get_step (window), ==, 1);
  press_key ("Right");
  g_assert_cmpuint (carom_window_get_step (window), ==, 2);
  press_key ("Left");
  g_assert_cmpuint (carom_window_get_step (window), ==, 1);
  /* Nothing moved. */
  g_assert_cmpfloat (object (window, 0)->points[0].x, ==, room0.x);
  g_assert_false (carom_document_get_modified (carom_window_get_document (window)));
  destroy_window (window);
}

/* 2: walls are picked by their outline, obstacles and balls by their area;
 * a click on nothing clears the selection. */
static void
test_pick_rule (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window_sized (path, 1000, 700);
  carom_editor_set_tool (carom_window_get_editor (window), CAROM_TOOL_SELECT);
  /* The room's left edge is x = -300: two pixels inside it picks the room. */
  double zoom = carom_canvas_get_zoom (CAROM_CANVAS (carom_window_get_canvas (window)));
  click_scene (window, -300 + 2 / zoom, 150);
  g_assert_cmpint (selected_one (window), ==, 0);
  /* Inside the post, away from its edges. */
  click_scene (window, 0, -60);
  g_assert_cmpint (selected_one (window), ==, 1);
  /* Inside the ball. */
  click_scene (window, -200 + 20, 10);
  g_assert_cmpint (selected_one (window), ==, 2);
  /* Empty space inside the room. */
  click_scene (window, 200, -200);
  g_assert_cmpuint (selection_size (window), ==, 0);
  destroy_window (window);
}

/* 3: with a selection the arrows nudge it, and [ ] and Page Up/Down still
 * step; Escape clears the selection and the arrows step again. */
static void
test_step_keys_with_selection (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window_sized (path, 1000, 700);
  carom_editor_set_tool (carom_window_get_editor (window), CAROM_TOOL_SELECT);
  click_scene (window, 0, -60);
  g_assert_cmpint (selected_one (window), ==, 1);
  double x0 = object (window, 1)->points[0].x;
  press_key ("Right");
  g_assert_cmpfloat (object (window, 1)->points[0].x, ==, x0 + 1);
  g_assert_cmpuint (carom_window_get_step (window), ==, 0);
  press_key ("bracketright");
  g_assert_cmpuint (carom_window_get_step (window), ==, 1);
  press_key ("Next");
  g_assert_cmpuint (carom_window_get_step (window), ==, 2);
  press_key ("Prior");
  g_assert_cmpuint (carom_window_get_step (window), ==, 1);
  press_key ("bracketleft");
  g_assert_cmpuint (carom_window_get_step (window), ==, 0);
  g_assert_cmpint (selected_one (window), ==, 1);
  press_key ("Escape");
  g_assert_cmpuint (selection_size (window), ==, 0);
  press_key ("Right");
  g_assert_cmpuint (carom_window_get_step (window), ==, 1);
  destroy_window (window);
}

static gboolean
has_point_near (const CmObject *o, CgVec2 p, double tol)
{
  for (size_t k = 0; k < o->n_points; k++)
    if (cg_distance (o->points[k], p) <= tol)
      return TRUE;
  return FALSE;
}

/* 4: with the Vertices tool, the post's corner dragged past its far side
 * makes a simple dart of the other winding: accepted. Then a drag that
 * would make the post cross itself is refused, and the post is back where
 * that drag began. */
static void
test_vertex_drags (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window_sized (path, 1000, 700);
  CaromDocument *doc = carom_window_get_document (window);
  carom_editor_set_tool (carom_window_get_editor (window), CAROM_TOOL_VERTEX);
  click_scene (window, 0, -60);
  g_assert_cmpint (selected_one (window), ==, 1);

  drag_scene (window, cg_v2 (20, 50), cg_v2 (-36, -175), TRUE);
  const CmObject *post = object (window, 1);
  g_assert_cmpuint (post->n_points, ==, 4);
  g_assert_false (has_point_near (post, cg_v2 (20, 50), 1));
  g_assert_true (has_point_near (post, cg_v2 (-36, -175), 2));
  g_assert_true (carom_edit_check_polygon (post->points, post->n_points, NULL));
  g_assert_true (carom_document_get_modified (doc));
  g_assert_true (carom_document_undo (doc));
  post = object (window, 1);
  g_assert_true (has_point_near (post, cg_v2 (20, 50), 0));

  /* Across the opposite edge: refused whole. */
  drag_scene (window, cg_v2 (20, 50), cg_v2 (-60, -40), TRUE);
  post = object (window, 1);
  static const CgVec2 corners[] = { { 20, -100 }, { 20, 50 }, { -20, 50 }, { -20, -100 } };
  for (guint i = 0; i < G_N_ELEMENTS (corners); i++)
    g_assert_true (has_point_near (post, corners[i], 0));
  g_assert_false (carom_document_get_modified (doc));
  destroy_window (window);
}

/* Types text into whatever has the keyboard focus, then presses Return. */
static void
type_line (const char *text)
{
  if (*text != '\0')
    {
      const char *args[] = { "type", "--delay", "15", "--", text, NULL };
      xdotool (args);
    }
  press_key ("Return");
}

/* 5: the tutorial scene (data/examples/seed.svg: room, post, ball) built and
 * stepped from the keyboard alone: Ctrl+L opens the point field, typed
 * corners make the room and the post (an empty Enter closes each), B and a
 * typed centre place the ball, ] steps. */
static void
test_keyboard_only_scene (void)
{
  if (!can_send_input ())
    return;
  CaromWindow *window = open_window_sized (NULL, 1000, 700);
  CaromDocument *doc = carom_window_get_document (window);
  const CmScene *scene = carom_document_get_scene (doc);
  g_assert_cmpint (carom_editor_get_tool (carom_window_get_editor (window)), ==,
                   CAROM_TOOL_POLYGON);

  press_key ("ctrl+l");
  static const char *const room[] = { "-300, -300", "-300, 300", "300, 300", "300, -300", "" };
  for (guint i = 0; i < G_N_ELEMENTS (room); i++)
    type_line (room[i]);
  g_assert_cmpuint (scene->objects->len, ==, 1);
  const CmObject *wall = g_ptr_array_index (scene->objects, 0);
  g_assert_cmpint (wall->role, ==, CG_ROLE_WALL);
  g_assert_cmpuint (wall->n_points, ==, 4);
  g_assert_true (has_point_near (wall, cg_v2 (-300, 300), 0));

  /* The post: closed on its first vertex typed again. */
  static const char *const post[] = { "20, -100", "20, 50", "-20, 50", "-20, -100", "20, -100" };
  for (guint i = 0; i < G_N_ELEMENTS (post); i++)
    type_line (post[i]);
  g_assert_cmpuint (scene->objects->len, ==, 2);
  const CmObject *obstacle = g_ptr_array_index (scene->objects, 1);
  g_assert_cmpint (obstacle->role, ==, CG_ROLE_OBSTACLE);
  g_assert_cmpuint (obstacle->n_points, ==, 4);
  g_assert_true (has_point_near (obstacle, cg_v2 (-20, 50), 0));

  /* A typo is refused with a hint, and nothing is added. */
  type_line ("12 east");
  g_assert_cmpuint (scene->objects->len, ==, 2);
  press_key ("ctrl+a");
  press_key ("BackSpace");

  press_key ("Escape");
  press_key ("b");
  g_assert_cmpint (carom_editor_get_tool (carom_window_get_editor (window)), ==, CAROM_TOOL_BALL);
  press_key ("ctrl+l");
  type_line ("-200, 0");
  press_key ("Escape");
  g_assert_cmpuint (scene->objects->len, ==, 3);
  const CmObject *ball = g_ptr_array_index (scene->objects, 2);
  g_assert_cmpint (ball->kind, ==, CM_OBJECT_BALL);
  g_assert_cmpfloat (ball->center.x, ==, -200);
  g_assert_cmpfloat (ball->center.y, ==, 0);
  const CmSceneTrace *trace = carom_document_get_trace (doc);
  g_assert_cmpuint (g_array_index (trace->balls, CaromBallTrace, 0).trace.n_hits, >, 1);

  /* Stepped from the keyboard; the canvas tells a screen reader the hit. */
  g_assert_cmpuint (carom_window_get_step (window), ==, 0);
  press_key ("bracketright");
  g_assert_cmpuint (carom_window_get_step (window), ==, 1);
  press_key ("Page_Down");
  g_assert_cmpuint (carom_window_get_step (window), ==, 2);
  const char *description
      = carom_canvas_get_description (CAROM_CANVAS (carom_window_get_canvas (window)));
  g_assert_nonnull (description);
  g_assert_nonnull (strstr (description, "Hit 2 of"));
  g_assert_nonnull (strstr (description, "1 wall, 1 obstacle, 1 ball"));
  destroy_window (window);
}

/* Names every icon-only button on screen under widget lacks. */
static void
unnamed_icon_buttons (GtkWidget *widget, GString *missing)
{
  /* GTK names its own: a spin button's + and −, the window's controls. */
  if (!gtk_widget_get_mapped (widget) || GTK_IS_SPIN_BUTTON (widget)
      || GTK_IS_WINDOW_CONTROLS (widget))
    return;
  if (carom_accessible_is_icon_only (widget) && carom_accessible_get_label (widget) == NULL)
    g_string_append_printf (missing, "%s (%s); ", G_OBJECT_TYPE_NAME (widget),
                            gtk_widget_get_tooltip_text (widget));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    unnamed_icon_buttons (c, missing);
}

/* 6: every icon-only button, in the header, the tool bar, the stepper and
 * each inspector page, has an accessible name, and the canvas's
 * description follows the stepper. */
static void
test_accessible_names (void)
{
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window_sized (path, 1100, 720);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-sidebar",
                                      g_variant_new_boolean (TRUE));
  CaromInspector *inspector = CAROM_INSPECTOR (carom_window_get_inspector (window));
  g_autoptr (GString) missing = g_string_new (NULL);
  static const char *const pages[] = { "scene", "properties", "hit", "display", "statistics" };
  carom_inspector_select (inspector, 2);
  g_action_group_activate_action (G_ACTION_GROUP (window), "step-next", NULL);
  for (guint p = 0; p < G_N_ELEMENTS (pages); p++)
    {
      carom_inspector_show_page (inspector, pages[p]);
      spin (250);
      unnamed_icon_buttons (GTK_WIDGET (window), missing);
    }
  g_assert_cmpstr (missing->str, ==, "");

  CaromCanvas *canvas = CAROM_CANVAS (carom_window_get_canvas (window));
  g_autofree char *at1 = g_strdup (carom_canvas_get_description (canvas));
  g_assert_nonnull (strstr (at1, "Hit 1 of 29"));
  g_assert_nonnull (strstr (at1, "room"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "step-next", NULL);
  g_assert_nonnull (strstr (carom_canvas_get_description (canvas), "Hit 2 of 29"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "step-first", NULL);
  g_assert_nonnull (strstr (carom_canvas_get_description (canvas), "At the start"));
  destroy_window (window);
}

static gboolean
in_stepper (GtkWidget *widget)
{
  for (; widget != NULL; widget = gtk_widget_get_parent (widget))
    if (gtk_widget_has_css_class (widget, "stepper"))
      return TRUE;
  return FALSE;
}

/* 7: the focus goes where the eye does: Tab from the canvas reaches the
 * stepper's buttons under it, Shift+Tab comes back to the canvas. */
static void
test_focus_order (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window_sized (path, 1000, 700);
  GtkWidget *canvas = carom_window_get_canvas (window);
  click_scene (window, 150, 200); /* the canvas takes the focus */
  g_assert_true (gtk_widget_has_focus (canvas));
  press_key ("Tab");
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (in_stepper (focus));
  press_key ("shift+Tab");
  g_assert_true (gtk_widget_has_focus (canvas));
  destroy_window (window);
}

int
main (int argc, char **argv)
{
  ui_harness_init (&argc, &argv);
  g_test_add_func ("/ui-keys/click-inside-room-then-right-steps",
                   test_click_inside_room_then_right_steps);
  g_test_add_func ("/ui-keys/pick-rule", test_pick_rule);
  g_test_add_func ("/ui-keys/step-keys-with-selection", test_step_keys_with_selection);
  g_test_add_func ("/ui-keys/vertex-drags", test_vertex_drags);
  g_test_add_func ("/ui-keys/keyboard-only-scene", test_keyboard_only_scene);
  g_test_add_func ("/ui-keys/accessible-names", test_accessible_names);
  g_test_add_func ("/ui-keys/focus-order", test_focus_order);
  return ui_harness_run ();
}
