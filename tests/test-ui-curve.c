/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-curve.c: circles, arcs and reflecting obstacles in the real window
 * under Xvfb, with real X input (xdotool), as a user makes them: C and a drag
 * draw an exact circle obstacle, Properties' "When the Ball Touches It" sets
 * it to Reflect, the Vertices tool bends a wall edge by its midpoint handle,
 * and Ctrl+Z takes each back, checked in the model.
 *
 * With CAROM_UI_SHOTS set to a folder, the window is saved there as PNG at
 * each stage (for looking at, not compared). */
#include "ui-harness.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/carom-edit.h"

static const CmScene *
scene_of (CaromWindow *window)
{
  return carom_document_get_scene (carom_window_get_document (window));
}

static const CmObject *
object (CaromWindow *window, guint i)
{
  return g_ptr_array_index (scene_of (window)->objects, i);
}

static void
shot (CaromWindow *window, const char *name)
{
  const char *dir = g_getenv ("CAROM_UI_SHOTS");
  if (dir == NULL)
    return;
  spin (1000);
  (void)window;
  /* What the X server shows (imagemagick's import), as a user sees it. */
  g_autofree char *path = g_build_filename (dir, name, NULL);
  const char *argv[] = { "import", "-window", "root", path, NULL };
  g_autoptr (GError) error = NULL;
  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL,
                               NULL, NULL, &error));
  g_assert_no_error (error);
}

static void
test_circle_reflect_bend_undo (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *path = source_path ("data/examples/seed.svg");
  /* CAROM_UI_WIDTH: a narrower window, to look at (the checks hold at any
   * width where the inspector shows beside the canvas). */
  const char *width = g_getenv ("CAROM_UI_WIDTH");
  CaromWindow *window = open_window_sized (path, width != NULL ? atoi (width) : 1200, 800);
  const char *dark = g_getenv ("CAROM_UI_DARK");
  if (dark != NULL)
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                        ADW_COLOR_SCHEME_FORCE_DARK);
  CaromEditor *editor = carom_window_get_editor (window);
  guint n0 = scene_of (window)->objects->len;
  double zoom = carom_canvas_get_zoom (CAROM_CANVAS (carom_window_get_canvas (window)));

  /* C, then a drag from the centre out to the radius: an exact circle
   * obstacle (the scene has its room, so the role is obstacle). */
  click_scene (window, 150, 200); /* the canvas takes the focus */
  press_key ("c");
  g_assert_cmpint (carom_editor_get_tool (editor), ==, CAROM_TOOL_CIRCLE);
  g_assert_cmpint (carom_editor_get_role (editor), ==, CG_ROLE_OBSTACLE);
  drag_scene (window, cg_v2 (200, -200), cg_v2 (250, -200), TRUE);
  g_assert_cmpuint (scene_of (window)->objects->len, ==, n0 + 1);
  const CmObject *disk = object (window, n0);
  g_assert_cmpint (disk->kind, ==, CM_OBJECT_POLYGON);
  g_assert_cmpint (disk->role, ==, CG_ROLE_OBSTACLE);
  g_assert_cmpuint (disk->n_points, ==, 1);
  g_assert_nonnull (disk->edges);
  g_assert_cmpfloat (disk->edges[0].sweep, ==, 2 * G_PI);
  g_assert_cmpfloat (fabs (disk->edges[0].q.x - 200), <=, 1.0 / zoom);
  g_assert_cmpfloat (fabs (disk->edges[0].R - 50), <=, 2.0 / zoom);
  g_assert_cmpint (disk->on_hit, ==, CG_ON_HIT_STOP);
  shot (window, "1-circle.png");

  /* Properties: When the Ball Touches It → Reflect, one undo step. */
  GtkWidget *inspector = GTK_WIDGET (carom_window_get_inspector (window));
  carom_inspector_show_page (CAROM_INSPECTOR (inspector), "properties");
  spin (200);
  GtkWidget *on_hit = find_named (inspector, "on-hit");
  g_assert_nonnull (on_hit);
  g_assert_true (gtk_widget_get_visible (on_hit));
  adw_combo_row_set_selected (ADW_COMBO_ROW (on_hit), 1);
  spin (200);
  g_assert_cmpint (object (window, n0)->on_hit, ==, CG_ON_HIT_REFLECT);
  CaromHistory *history = carom_document_get_history (carom_window_get_document (window));
  g_assert_cmpstr (carom_history_undo_label (history), ==, _ ("Reflect on Hit"));
  shot (window, "2-reflect.png");

  /* The room's left edge: select the room by its outline, N, then drag the
   * edge's midpoint handle 60 units into the room. */
  press_key ("v");
  CgVec2 left = { -300, 150 };
  click_scene (window, left.x + 2 / zoom, left.y);
  g_assert_true (carom_editor_is_selected (editor, 0));
  press_key ("n");
  g_assert_cmpint (carom_editor_get_tool (editor), ==, CAROM_TOOL_VERTEX);
  const CmObject *room = object (window, 0);
  gint edge = -1;
  for (size_t k = 0; k < room->n_points; k++)
    {
      CgVec2 m = carom_editor_edge_midpoint (room, k);
      if (fabs (m.x + 300) < 1e-9)
        edge = (gint)k;
    }
  g_assert_cmpint (edge, >=, 0);
  CgVec2 mid = carom_editor_edge_midpoint (room, (size_t)edge);
  CgVec2 to = { mid.x + 60, mid.y };
  drag_scene (window, mid, to, TRUE);
  room = object (window, 0);
  g_assert_true (cm_object_is_curved (room));
  const CgCurveEdge *arc = &room->edges[edge];
  g_assert_cmpfloat (arc->sweep, !=, 0.0);
  /* The arc passes through where the handle was let go (to a pixel). */
  g_assert_cmpfloat (fabs (cg_distance (to, arc->q) - arc->R), <=, 2.0 / zoom);
  g_assert_cmpstr (carom_history_undo_label (history), ==, _ ("Bend Edge"));
  /* Properties shows the chosen edge's radius. */
  spin (200);
  GtkWidget *radius = find_named (inspector, "edge-radius");
  g_assert_nonnull (radius);
  g_assert_cmpfloat_with_epsilon (gtk_spin_button_get_value (GTK_SPIN_BUTTON (radius)), arc->R,
                                  1e-3 * arc->R);
  shot (window, "3-bent.png");

  /* The radius typed in Properties: the same ends, the new radius; then
   * Straighten; each one undo step, undone here. */
  double R = arc->R;
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (radius), 2 * R);
  spin (200);
  room = object (window, 0);
  g_assert_cmpfloat_with_epsilon (room->edges[edge].R, 2 * R, 1e-9 * R);
  g_assert_cmpstr (carom_history_undo_label (history), ==, _ ("Change Radius"));
  GtkWidget *straighten = find_named (inspector, "straighten");
  g_assert_nonnull (straighten);
  g_assert_true (gtk_widget_get_visible (straighten));
  g_signal_emit_by_name (straighten, "clicked");
  spin (200);
  g_assert_false (cm_object_is_curved (object (window, 0)));
  press_key ("ctrl+z");
  press_key ("ctrl+z");
  g_assert_cmpfloat_with_epsilon (object (window, 0)->edges[edge].R, R, 1e-9 * R);

  /* Ctrl+Z three times: straight again, Stop again, no circle. */
  press_key ("ctrl+z");
  g_assert_false (cm_object_is_curved (object (window, 0)));
  press_key ("ctrl+z");
  g_assert_cmpint (object (window, n0)->on_hit, ==, CG_ON_HIT_STOP);
  press_key ("ctrl+z");
  g_assert_cmpuint (scene_of (window)->objects->len, ==, n0);
  destroy_window (window);
}

/* A label somewhere under widget whose text is text. */
static gboolean
has_label (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    if (has_label (c, text))
      return TRUE;
  return FALSE;
}

static GtkStack *
outer_stack (GtkWidget *widget)
{
  if (GTK_IS_STACK (widget))
    return GTK_STACK (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkStack *found = outer_stack (c);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Sinai's table stepped to its first hit, on the disk that reflects: the Hit
 * panel shows the circle cast (ρ = R + r, the entry root, no sweep test for a
 * whole circle) and the action. */
static void
test_hit_panel_circle_cast (void)
{
  if (!can_send_input ())
    return;
  /* Sinai's table, written here so the numbers below stay the test's own. */
  static const char svg[]
      = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:carom=\"urn:carom:scene:1\" "
        "viewBox=\"-320 -320 640 640\">\n"
        "<polygon carom:role=\"wall\" id=\"room\" "
        "points=\"-300,-300 -300,300 300,300 300,-300\"/>\n"
        "<circle carom:role=\"obstacle\" id=\"disk\" cx=\"0\" cy=\"0\" r=\"100\" "
        "carom:on-hit=\"reflect\"/>\n"
        "<circle carom:role=\"ball\" id=\"ball\" cx=\"-250\" cy=\"60\" r=\"20\" "
        "carom:direction=\"1 0\" carom:max-bounces=\"100\"/>\n</svg>\n";
  g_autofree char *dir = g_dir_make_tmp ("carom-ui-curve-XXXXXX", NULL);
  g_assert_nonnull (dir);
  g_autofree char *path = g_build_filename (dir, "sinai.svg", NULL);
  g_assert_true (g_file_set_contents (path, svg, -1, NULL));
  CaromWindow *window = open_window_sized (path, 1200, 860);
  if (g_getenv ("CAROM_UI_DARK") != NULL)
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                        ADW_COLOR_SCHEME_FORCE_DARK);
  carom_editor_set_tool (carom_window_get_editor (window), CAROM_TOOL_SELECT);
  click_scene (window, -200, -250); /* nothing there: the canvas takes the focus */
  press_key ("Right");
  g_assert_cmpuint (carom_window_get_step (window), ==, 1);
  GtkWidget *inspector = GTK_WIDGET (carom_window_get_inspector (window));
  GtkStack *stack = outer_stack (inspector);
  g_assert_nonnull (stack);
  carom_inspector_show_page (CAROM_INSPECTOR (inspector), "hit");
  spin (300);
  GtkWidget *hit = gtk_stack_get_child_by_name (stack, "hit");
  shot (window, "4-hit-panel.png");
  g_assert_true (has_label (hit, _ ("Circle Cast")));
  g_autofree char *convex = g_strdup_printf (
      _ ("A convex arc, its front outside its circle: ρ = %s"), "R + r = 100 + 20");
  g_assert_true (has_label (hit, convex));
  g_assert_true (has_label (hit, "120"));
  g_assert_true (has_label (hit, _ ("Root Used: t₀, the Entry")));
  g_assert_true (has_label (hit, C_ ("on hit", "Reflect")));
  g_autofree char *prim = g_strdup_printf (_ ("Offset arc of arc edge %u"), 0u);
  g_assert_true (has_label (hit, prim));
  destroy_window (window);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  ui_harness_init (&argc, &argv);
  g_test_add_func ("/ui-curve/circle-reflect-bend-undo", test_circle_reflect_bend_undo);
  g_test_add_func ("/ui-curve/hit-panel-circle-cast", test_hit_panel_circle_cast);
  return ui_harness_run ();
}
