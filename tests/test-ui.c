/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui.c: the Carom window under Xvfb (run through xvfb-run and
 * dbus-run-session, with GSETTINGS_BACKEND=memory, as GTK's own CI does).
 *
 * Windows are driven through their actions and widgets, as a user would:
 * open a scene, edit a ball in Properties, save, reopen; close with unsaved
 * changes and cancel; compare a screenshot with a stored reference. */
#include "ui-harness.h"

#include <glib/gstdio.h>

#include "app/carom-window-private.h"
#include "io/carom-svg.h"

/* A screenshot may differ from its reference by font hinting and
 * antialiasing; this share of clearly different pixels is still "the same". */
#define SCREENSHOT_TOLERANCE 0.02
#define PIXEL_THRESHOLD 64

static gboolean
document_saved (gpointer data)
{
  return !carom_document_get_modified (carom_window_get_document (data));
}

static CaromWindow *
open_window (const char *path)
{
  return open_window_sized (path, 1000, 650);
}

static gboolean
pointer_cleared (gpointer data)
{
  return *(gpointer *)data == NULL;
}

/* Sets the selected ball's max bounces through the Properties panel. */
static void
edit_max_bounces (CaromWindow *window, int ball_index, int value)
{
  CaromInspector *inspector = CAROM_INSPECTOR (carom_window_get_inspector (window));
  carom_inspector_select (inspector, ball_index);
  spin (50);
  GtkWidget *spin_button = find_named (GTK_WIDGET (inspector), "max-bounces");
  g_assert_nonnull (spin_button);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin_button), value);
}

static char *
copy_to_temp (const char *example, char **dir)
{
  *dir = g_dir_make_tmp ("carom-ui-XXXXXX", NULL);
  g_autofree char *src = source_path (example);
  g_autofree char *text = NULL;
  gsize len;
  g_assert_true (g_file_get_contents (src, &text, &len, NULL));
  char *path = g_build_filename (*dir, "scene.svg", NULL);
  g_assert_true (g_file_set_contents (path, text, (gssize)len, NULL));
  return path;
}

/* 1: the window opens the example scene: title, objects, trace, stepping. */
static void
test_ui_opens_example (void)
{
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window (path);
  CaromDocument *doc = carom_window_get_document (window);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "seed.svg");
  g_assert_cmpuint (carom_document_get_scene (doc)->objects->len, ==, 3);
  g_assert_false (carom_document_get_modified (doc));
  const CmSceneTrace *trace = carom_document_get_trace (doc);
  g_assert_cmpuint (g_array_index (trace->balls, CaromBallTrace, 0).trace.n_hits, ==, 29);

  g_assert_cmpuint (carom_window_get_step (window), ==, 0);
  g_action_group_activate_action (G_ACTION_GROUP (window), "step-next", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (window), "step-next", NULL);
  g_assert_cmpuint (carom_window_get_step (window), ==, 2);
  g_action_group_activate_action (G_ACTION_GROUP (window), "step-last", NULL);
  g_assert_cmpuint (carom_window_get_step (window), ==, 29);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "step-next"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "step-first", NULL);
  g_assert_cmpuint (carom_window_get_step (window), ==, 0);

  /* Keyboard zoom: in by a step, 100 %, and back to fitting the scene. */
  CaromCanvas *canvas = CAROM_CANVAS (carom_window_get_canvas (window));
  spin (300);
  double fitted = carom_canvas_get_zoom (canvas);
  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-in", NULL);
  g_assert_cmpfloat_with_epsilon (carom_canvas_get_zoom (canvas), fitted * 1.189207115002721,
                                  1e-9 * fitted);
  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-actual-size", NULL);
  g_assert_cmpfloat_with_epsilon (carom_canvas_get_zoom (canvas), 1.0, 1e-12);
  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-fit", NULL);
  spin (300);
  g_assert_cmpfloat_with_epsilon (carom_canvas_get_zoom (canvas), fitted, 1e-9 * fitted);
  destroy_window (window);
}

/* 2: open → edit in Properties → Save → reopen: the edit is in the file. */
static void
test_ui_edit_save_reopen (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = copy_to_temp ("data/examples/seed.svg", &dir);
  CaromWindow *window = open_window (path);
  CaromDocument *doc = carom_window_get_document (window);

  edit_max_bounces (window, 2, 7);
  g_assert_true (carom_document_get_modified (doc));
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• "));
  const CmSceneTrace *trace = carom_document_get_trace (doc);
  g_assert_cmpuint (g_array_index (trace->balls, CaromBallTrace, 0).trace.n_hits, ==, 7);

  g_action_group_activate_action (G_ACTION_GROUP (window), "save", NULL);
  g_assert_true (wait_for (document_saved, window, 10000));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "scene.svg");
  destroy_window (window);

  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) scene = carom_svg_read_file (path, NULL, NULL, &error);
  g_assert_no_error (error);
  CmObject *ball = cm_scene_find (scene, "ball");
  g_assert_nonnull (ball);
  g_assert_cmpuint (ball->max_bounces, ==, 7);

  CaromWindow *again = open_window (path);
  trace = carom_document_get_trace (carom_window_get_document (again));
  g_assert_cmpuint (g_array_index (trace->balls, CaromBallTrace, 0).trace.n_hits, ==, 7);
  destroy_window (again);
  g_unlink (path);
  g_rmdir (dir);
}

/* 3: Undo takes an edit back (the scene is as saved again), Redo repeats it. */
static void
test_ui_undo_redo (void)
{
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window (path);
  CaromDocument *doc = carom_window_get_document (window);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));

  edit_max_bounces (window, 2, 4);
  edit_max_bounces (window, 2, 3); /* the same field again: one undo step */
  g_assert_true (carom_document_get_modified (doc));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));

  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_false (carom_document_get_modified (doc));
  CmObject *ball = cm_scene_find (carom_document_get_scene (doc), "ball");
  g_assert_cmpuint (ball->max_bounces, ==, 29);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "seed.svg");
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "redo"));

  g_action_group_activate_action (G_ACTION_GROUP (window), "redo", NULL);
  g_assert_true (carom_document_get_modified (doc));
  ball = cm_scene_find (carom_document_get_scene (doc), "ball");
  g_assert_cmpuint (ball->max_bounces, ==, 3);
  const CmSceneTrace *trace = carom_document_get_trace (doc);
  g_assert_cmpuint (g_array_index (trace->balls, CaromBallTrace, 0).trace.n_hits, ==, 3);

  /* Undo back to the saved scene: closing asks nothing. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *)&window);
  gtk_window_close (GTK_WINDOW (window));
  g_assert_true (wait_for (pointer_cleared, &window, 5000));
}

static gboolean
has_four_objects (gpointer data)
{
  return carom_document_get_scene (carom_window_get_document (data))->objects->len == 4;
}

/* Copy and paste go through the system clipboard as SVG: the copy of "post"
 * lands beside it as "post-2", selected, in one undo step; text that is not
 * a scene pastes nothing and leaves the scene alone. */
static void
test_ui_copy_paste (void)
{
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window (path);
  CaromDocument *doc = carom_window_get_document (window);
  CaromEditor *editor = carom_window_get_editor (window);
  const CmScene *scene = carom_document_get_scene (doc);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "copy"));
  guint post = 1;
  carom_editor_select (editor, &post, 1, FALSE);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "copy"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "copy", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (window), "paste", NULL);
  g_assert_true (wait_for (has_four_objects, window, 5000));
  const CmObject *original = g_ptr_array_index (scene->objects, 1);
  const CmObject *copy = g_ptr_array_index (scene->objects, 3);
  g_assert_cmpstr (copy->id, ==, "post-2");
  g_assert_cmpint (copy->role, ==, CG_ROLE_OBSTACLE);
  g_assert_cmpuint (copy->n_points, ==, original->n_points);
  /* Beside the original, by the same step in x and y. */
  double dx = copy->points[0].x - original->points[0].x;
  g_assert_cmpfloat (dx, >, 0);
  g_assert_cmpfloat (copy->points[0].y - original->points[0].y, ==, dx);
  g_autoptr (GArray) sel = carom_editor_get_selection (editor);
  g_assert_cmpuint (sel->len, ==, 1);
  g_assert_cmpuint (g_array_index (sel, guint, 0), ==, 3);

  /* Duplicate is the same without the clipboard; Delete removes it. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "duplicate", NULL);
  g_assert_cmpuint (scene->objects->len, ==, 5);
  g_assert_cmpstr (((CmObject *)g_ptr_array_index (scene->objects, 4))->id, ==, "post-3");
  g_action_group_activate_action (G_ACTION_GROUP (window), "delete", NULL);
  g_assert_cmpuint (scene->objects->len, ==, 4);
  g_assert_true (carom_document_undo (doc)); /* the delete */
  g_assert_true (carom_document_undo (doc)); /* the duplicate */
  g_assert_true (carom_document_undo (doc)); /* the paste */
  g_assert_cmpuint (scene->objects->len, ==, 3);

  /* Plain text is read like a file: refused with a message, nothing pasted. */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), "not a scene");
  g_action_group_activate_action (G_ACTION_GROUP (window), "paste", NULL);
  spin (300);
  g_assert_cmpuint (scene->objects->len, ==, 3);

  g_assert_false (carom_document_get_modified (doc));
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *)&window);
  gtk_window_close (GTK_WINDOW (window));
  g_assert_true (wait_for (pointer_cleared, &window, 5000));
}

/* 4: closing with unsaved changes asks; Cancel keeps the window and the
 * changes, Discard closes it and leaves the file alone. */
static void
test_ui_unsaved_changes (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = copy_to_temp ("data/examples/seed.svg", &dir);
  g_autofree char *before = NULL;
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  CaromWindow *window = open_window (path);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *)&window);
  edit_max_bounces (window, 2, 5);

  gtk_window_close (GTK_WINDOW (window));
  g_assert_true (wait_for (has_dialog, window, 5000));
  respond (GTK_WINDOW (window), "cancel");
  g_assert_true (wait_for (has_no_dialog, window, 5000));
  g_assert_nonnull (window);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_true (carom_document_get_modified (carom_window_get_document (window)));

  gtk_window_close (GTK_WINDOW (window));
  g_assert_true (wait_for (has_dialog, window, 5000));
  respond (GTK_WINDOW (window), "discard");
  g_assert_true (wait_for (pointer_cleared, &window, 5000));
  g_autofree char *after = NULL;
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);
  g_unlink (path);
  g_rmdir (dir);
}

/* 5: saving over a file another program changed since it was opened asks
 * first; Cancel leaves the other program's file alone, Overwrite saves. */
static void
test_ui_changed_on_disk (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = copy_to_temp ("data/examples/seed.svg", &dir);
  CaromWindow *window = open_window (path);
  /* Another program rewrites the file (a later modification time and new
   * contents change its etag). */
  g_usleep (1100 * 1000);
  const char *theirs = "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n";
  g_assert_true (g_file_set_contents (path, theirs, -1, NULL));

  edit_max_bounces (window, 2, 9);
  g_action_group_activate_action (G_ACTION_GROUP (window), "save", NULL);
  g_assert_true (wait_for (has_dialog, window, 5000));
  respond (GTK_WINDOW (window), "cancel");
  spin (200);
  g_autofree char *now = NULL;
  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, ==, theirs);
  g_assert_true (carom_document_get_modified (carom_window_get_document (window)));

  g_action_group_activate_action (G_ACTION_GROUP (window), "save", NULL);
  g_assert_true (wait_for (has_dialog, window, 5000));
  respond (GTK_WINDOW (window), "overwrite");
  g_assert_true (wait_for (document_saved, window, 10000));
  g_autoptr (CmScene) scene = carom_svg_read_file (path, NULL, NULL, NULL);
  g_assert_nonnull (scene);
  g_assert_cmpuint (cm_scene_find (scene, "ball")->max_bounces, ==, 9);
  destroy_window (window);
  g_unlink (path);
  g_rmdir (dir);
}

/* 6: a file that cannot be read leaves the open scene as it was. */
static void
test_ui_failed_open_keeps_scene (void)
{
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window (path);
  CaromDocument *doc = carom_window_get_document (window);
  const CmScene *scene = carom_document_get_scene (doc);
  g_autoptr (GFile) bad = g_file_new_for_path ("/nonexistent/missing.svg");
  carom_window_open_file (window, bad);
  spin (500);
  g_assert_true (carom_document_get_scene (doc) == scene);
  g_assert_cmpuint (scene->objects->len, ==, 3);
  g_autofree char *name = g_file_get_basename (carom_document_get_file (doc));
  g_assert_cmpstr (name, ==, "seed.svg");
  destroy_window (window);
}

static double
share_of_different_pixels (GdkTexture *a, GdkTexture *b)
{
  int w = gdk_texture_get_width (a), h = gdk_texture_get_height (a);
  if (w != gdk_texture_get_width (b) || h != gdk_texture_get_height (b))
    return 1.0;
  g_autofree guchar *pa = g_malloc ((gsize)w * h * 4), *pb = g_malloc ((gsize)w * h * 4);
  gdk_texture_download (a, pa, (gsize)w * 4);
  gdk_texture_download (b, pb, (gsize)w * 4);
  gsize differ = 0;
  for (gsize i = 0; i < (gsize)w * h; i++)
    for (int c = 0; c < 3; c++)
      if (abs (pa[4 * i + c] - pb[4 * i + c]) > PIXEL_THRESHOLD)
        {
          differ++;
          break;
        }
  return (double)differ / ((double)w * h);
}

/* 7: the window showing the example scene looks like the stored reference. */
/* Compares the window with tests/data/ui/NAME.png (CAROM_UPDATE_REFERENCE=1
 * rewrites the reference instead); the shot is kept in the build folder. */
static void
compare_screenshot (CaromWindow *window, const char *name)
{
  g_autoptr (GdkTexture) shot = window_texture (GTK_WINDOW (window));
  g_autofree char *file = g_strconcat ("ui-", name, ".png", NULL);
  g_autofree char *out = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), file, NULL);
  gdk_texture_save_to_png (shot, out);
  g_autofree char *relative = g_strconcat ("tests/data/ui/", name, ".png", NULL);
  g_autofree char *reference = source_path (relative);
  if (g_getenv ("CAROM_UPDATE_REFERENCE") != NULL)
    {
      gdk_texture_save_to_png (shot, reference);
      g_test_skip ("reference updated");
      return;
    }
  g_autoptr (GError) error = NULL;
  g_autoptr (GdkTexture) expected = gdk_texture_new_from_filename (reference, &error);
  g_assert_no_error (error);
  double share = share_of_different_pixels (shot, expected);
  g_test_message ("screenshot %s differs from %s in %.3f%% of pixels", out, reference, 100 * share);
  g_assert_cmpfloat (share, <, SCREENSHOT_TOLERANCE);
}

/* The example at step 1, with the Hit panel: the ball touching the room's
 * offset segment, the candidates the cast tested, the normal and d′, and the
 * maths with the numbers of geometry.md's worked example. */
static void
test_ui_screenshot_step1 (void)
{
  g_autofree char *src = source_path ("data/examples/seed.svg");
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (src, &text, NULL, NULL));
  g_autofree char *dir = g_build_filename (g_get_tmp_dir (), "carom-ui-test", NULL);
  g_mkdir_with_parents (dir, 0700);
  g_autofree char *path = g_build_filename (dir, "seed.svg", NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  CaromWindow *window = open_window (path);
  g_action_group_activate_action (G_ACTION_GROUP (window), "step-next", NULL);
  g_assert_cmpuint (carom_window_get_step (window), ==, 1);
  carom_inspector_show_page (CAROM_INSPECTOR (carom_window_get_inspector (window)), "hit");
  spin (2000);
  compare_screenshot (window, "seed-step1");
  destroy_window (window);
}

static void
test_ui_screenshot (void)
{
  /* A fixed location: the header bar shows the scene's folder. */
  g_autofree char *src = source_path ("data/examples/seed.svg");
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (src, &text, NULL, NULL));
  g_autofree char *dir = g_build_filename (g_get_tmp_dir (), "carom-ui-test", NULL);
  g_mkdir_with_parents (dir, 0700);
  g_autofree char *path = g_build_filename (dir, "seed.svg", NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  CaromWindow *window = open_window (path);
  spin (2000);
  compare_screenshot (window, "seed-window");
  destroy_window (window);
}

/* A new user's first minute: on an empty page the polygon tool is ready;
 * four clicks and a click on the first vertex draw the room, Enter closes
 * the post, a click places the ball, and undo goes back to an empty page. */
static void
test_ui_draw_scene (void)
{
  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    {
      g_test_skip ("needs an X11 display (Xvfb)");
      return;
    }
  g_autofree char *found = g_find_program_in_path ("xdotool");
  if (found == NULL)
    {
      g_test_skip ("xdotool is not installed (scripts/debian-packages-test lists it)");
      return;
    }
  CaromWindow *window = carom_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 650);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (wait_for (canvas_drawn, window, 10000));
  spin (200);
  CaromEditor *editor = carom_window_get_editor (window);
  CaromDocument *doc = carom_window_get_document (window);
  const CmScene *scene = carom_document_get_scene (doc);
  g_assert_cmpint (carom_editor_get_tool (editor), ==, CAROM_TOOL_POLYGON);
  g_assert_cmpint (carom_editor_get_role (editor), ==, CG_ROLE_WALL);

  /* At 5 pixels a unit the grid the canvas draws, and snaps to, is 10 units. */
  GtkWidget *canvas = carom_window_get_canvas (window);
  carom_canvas_zoom_by (CAROM_CANVAS (canvas), 5.0 / carom_canvas_get_zoom (CAROM_CANVAS (canvas)));
  spin (100);

  /* The room: clockwise on screen, closed on its first vertex. */
  static const CgVec2 room[] = { { -60, -40 }, { 60, -40 }, { 60, 40 }, { -60, 40 } };
  for (guint i = 0; i < G_N_ELEMENTS (room); i++)
    click_scene (window, room[i].x, room[i].y);
  click_scene (window, room[0].x, room[0].y);
  g_assert_cmpuint (scene->objects->len, ==, 1);
  const CmObject *wall = g_ptr_array_index (scene->objects, 0);
  g_assert_cmpint (wall->role, ==, CG_ROLE_WALL);
  g_assert_cmpuint (wall->n_points, ==, 4);
  /* Snapped to the grid, and stored counter-clockwise as walls are. */
  for (size_t k = 0; k < 4; k++)
    {
      g_assert_cmpfloat (fabs (wall->points[k].x), ==, 60);
      g_assert_cmpfloat (fabs (wall->points[k].y), ==, 40);
    }
  g_assert_cmpfloat (cg_polygon_signed_area (wall->points, 4), <, 0);
  g_assert_cmpint (carom_editor_get_role (editor), ==, CG_ROLE_OBSTACLE);

  /* The post, closed with Enter. */
  static const CgVec2 post[] = { { 10, -20 }, { 30, -20 }, { 30, 20 }, { 10, 20 } };
  for (guint i = 0; i < G_N_ELEMENTS (post); i++)
    click_scene (window, post[i].x, post[i].y);
  const char *enter[] = { "key", "Return", NULL };
  xdotool (enter);
  g_assert_cmpuint (scene->objects->len, ==, 2);
  const CmObject *obstacle = g_ptr_array_index (scene->objects, 1);
  g_assert_cmpint (obstacle->role, ==, CG_ROLE_OBSTACLE);
  g_assert_cmpstr (obstacle->id, ==, "obstacle-1");

  /* The ball, from the tool's key. */
  const char *b[] = { "key", "b", NULL };
  xdotool (b);
  g_assert_cmpint (carom_editor_get_tool (editor), ==, CAROM_TOOL_BALL);
  click_scene (window, -30, 10);
  g_assert_cmpuint (scene->objects->len, ==, 3);
  const CmObject *ball = g_ptr_array_index (scene->objects, 2);
  g_assert_cmpint (ball->kind, ==, CM_OBJECT_BALL);
  g_assert_cmpfloat (ball->center.x, ==, -30);
  g_assert_cmpfloat (ball->center.y, ==, 10);
  /* It is traced at once. */
  const CmSceneTrace *trace = carom_document_get_trace (doc);
  g_assert_cmpuint (trace->balls->len, ==, 1);
  g_assert_cmpuint (g_array_index (trace->balls, CaromBallTrace, 0).trace.n_hits, >, 0);

  /* Undo, step by step, back to an empty page. */
  guint undos = 0;
  while (carom_document_undo (doc))
    undos++;
  g_assert_cmpuint (undos, ==, 3);
  g_assert_cmpuint (scene->objects->len, ==, 0);
  g_assert_false (carom_document_get_modified (doc));

  carom_document_discard_autosave (doc);
  gtk_window_destroy (GTK_WINDOW (window));
  spin (50);
}

/* A file drawn elsewhere: a title, a comment, a curved open path and a coloured frame. */
static const char foreign_svg[]
    = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-100 -100 200 200\">\n"
      "  <title>Bouncing room</title>\n"
      "  <!-- drawn by hand -->\n"
      "  <rect id=\"frame\" x=\"-90\" y=\"-90\" width=\"180\" height=\"180\" fill=\"none\" "
      "stroke=\"#1c71d8\" stroke-width=\"3\"/>\n"
      "  <path id=\"swirl\" d=\"M -80 60 C -40 20 40 100 80 60\" fill=\"none\" "
      "stroke=\"#e5a50a\"/>\n"
      "  <circle id=\"post\" cx=\"40\" cy=\"-40\" r=\"15\" fill=\"#2ec27e\"/>\n"
      "</svg>\n";

static gboolean
has_objects (gpointer data)
{
  return carom_document_get_scene (carom_window_get_document (data))->objects->len >= 3;
}

/* 11: a new user opens a file drawn elsewhere, adds a ball with the Ball tool and presses
 * Ctrl+S (real key and pointer events): the title, the comment, the open path and every colour
 * are still in the file, with the ball. */
static void
test_ui_foreign_file_kept (void)
{
  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    {
      g_test_skip ("needs an X11 display (Xvfb)");
      return;
    }
  g_autofree char *found = g_find_program_in_path ("xdotool");
  if (found == NULL)
    {
      g_test_skip ("xdotool is not installed (scripts/debian-packages-test lists it)");
      return;
    }
  g_autofree char *dir = g_dir_make_tmp ("carom-ui-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "room.svg", NULL);
  g_assert_true (g_file_set_contents (path, foreign_svg, -1, NULL));
  CaromWindow *window = open_window (path);
  CaromDocument *doc = carom_window_get_document (window);
  g_assert_true (wait_for (canvas_drawn, window, 10000));
  spin (300);
  g_assert_false (carom_document_get_imported (doc));
  g_assert_cmpuint (carom_document_get_scene (doc)->objects->len, ==, 2);

  /* Xvfb has no window manager: give the window the keyboard as one would. */
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));
  g_autofree char *win = g_strdup_printf ("%lu", (unsigned long)xid);
  const char *focus[] = { "windowfocus", "--sync", win, NULL };
  xdotool (focus);
  const char *b[] = { "key", "b", NULL };
  xdotool (b);
  g_assert_cmpint (carom_editor_get_tool (carom_window_get_editor (window)), ==, CAROM_TOOL_BALL);
  click_scene (window, -40, 20);
  g_assert_true (wait_for (has_objects, window, 5000));
  const char *save[] = { "key", "ctrl+s", NULL };
  xdotool (save);
  g_assert_true (wait_for (document_saved, window, 10000));
  destroy_window (window);

  g_autofree char *written = NULL;
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
  g_assert_nonnull (strstr (written, "<title>Bouncing room</title>"));
  g_assert_nonnull (strstr (written, "<!-- drawn by hand -->"));
  g_assert_nonnull (strstr (written, "<path id=\"swirl\" d=\"M -80 60 C -40 20 40 100 80 60\""));
  g_assert_nonnull (strstr (written, "stroke=\"#1c71d8\" stroke-width=\"3\""));
  g_assert_nonnull (strstr (written, "stroke=\"#e5a50a\""));
  g_assert_nonnull (strstr (written, "fill=\"#2ec27e\""));
  /* The new ball, with Carom's namespace on it (the root stays as it was). */
  g_assert_nonnull (
      strstr (written, "<circle xmlns:carom=\"urn:carom:scene:1\" carom:role=\"ball\""));
  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) scene = carom_svg_read_file (path, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (scene->objects->len, ==, 3);
  g_unlink (path);
  g_rmdir (dir);
}

static GtkFileChooser *
file_chooser (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);
      if (GTK_IS_FILE_CHOOSER (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_FILE_CHOOSER (w);
    }
  return NULL;
}

/* GTK's chooser may complain under Xvfb that it cannot list a folder (no GVfs daemons): its
 * modal message would keep input from the next tests. */
static void
close_chooser_errors (void)
{
  spin (100);
  GListModel *toplevels = gtk_window_get_toplevels ();
  for (guint i = g_list_model_get_n_items (toplevels); i-- > 0;)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);
      if (GTK_IS_MESSAGE_DIALOG (w))
        gtk_window_destroy (w);
    }
}

static gboolean
document_not_imported (gpointer data)
{
  return !carom_document_get_imported (data);
}

static gboolean
has_no_file_chooser (gpointer data)
{
  (void)data;
  return file_chooser () == NULL;
}

static gboolean
has_file_chooser (gpointer data)
{
  (void)data;
  return file_chooser () != NULL;
}

/* 12: a file Carom cannot write back whole (here, Carom's own diagram drawing) opens as
 * "NAME (imported)"; Save goes to Save As with "NAME (edited).svg" beside it; choosing the
 * original asks first, naming what would be lost: Cancel keeps it, Overwrite writes it. */
static void
test_ui_imported_save_as (void)
{
  g_autofree char *dir = g_dir_make_tmp ("carom-ui-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "figure.svg", NULL);
  const char *figure = "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                       "xmlns:carom=\"urn:carom:scene:1\" viewBox=\"0 0 100 100\">\n"
                       "  <rect x=\"0\" y=\"0\" width=\"100\" height=\"100\" fill=\"none\"/>\n"
                       "  <g carom:generated=\"true\"><path d=\"M 0 0 L 9 9\"/></g>\n"
                       "</svg>\n";
  g_assert_true (g_file_set_contents (path, figure, -1, NULL));
  CaromWindow *window = open_window (path);
  CaromDocument *doc = carom_window_get_document (window);
  spin (100);
  g_assert_true (carom_document_get_imported (doc));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "figure.svg (imported)");

  g_autoptr (GFile) original = g_file_new_for_path (path);
  for (int attempt = 0; attempt < 2; attempt++)
    {
      g_action_group_activate_action (G_ACTION_GROUP (window), "save", NULL);
      g_assert_true (wait_for (has_file_chooser, NULL, 10000));
      GtkFileChooser *chooser = file_chooser ();
      g_autofree char *name = gtk_file_chooser_get_current_name (chooser);
      g_assert_cmpstr (name, ==, "figure (edited).svg");
      /* Cancel the chooser (GTK's own), then choose the original as Save As does. */
      gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
      g_assert_true (wait_for (has_no_file_chooser, NULL, 10000));
      close_chooser_errors ();
      carom_window_save_as_file (window, original);
      g_assert_true (wait_for (has_dialog, window, 10000));
      AdwMessageDialog *dialog = dialog_for (GTK_WINDOW (window));
      g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "carom:generated"));
      if (attempt == 0)
        {
          respond (GTK_WINDOW (window), "cancel");
          spin (100);
          g_autofree char *still = NULL;
          g_assert_true (g_file_get_contents (path, &still, NULL, NULL));
          g_assert_cmpstr (still, ==, figure);
          g_assert_true (carom_document_get_imported (doc));
        }
      else
        {
          respond (GTK_WINDOW (window), "overwrite");
          g_assert_true (wait_for (document_not_imported, doc, 10000));
        }
    }
  g_assert_false (carom_document_get_imported (doc));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "figure.svg");
  g_autofree char *written = NULL;
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
  g_assert_null (strstr (written, "generated"));
  destroy_window (window);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  ui_harness_init (&argc, &argv);

  g_test_add_func ("/ui/window/opens-example", test_ui_opens_example);
  g_test_add_func ("/ui/window/edit-save-reopen", test_ui_edit_save_reopen);
  g_test_add_func ("/ui/window/undo-redo", test_ui_undo_redo);
  g_test_add_func ("/ui/window/copy-paste", test_ui_copy_paste);
  g_test_add_func ("/ui/window/unsaved-changes", test_ui_unsaved_changes);
  g_test_add_func ("/ui/window/changed-on-disk", test_ui_changed_on_disk);
  g_test_add_func ("/ui/window/failed-open-keeps-scene", test_ui_failed_open_keeps_scene);
  g_test_add_func ("/ui/window/screenshot", test_ui_screenshot);
  g_test_add_func ("/ui/window/screenshot-step1", test_ui_screenshot_step1);
  g_test_add_func ("/ui/canvas/draw-scene", test_ui_draw_scene);
  g_test_add_func ("/ui/window/foreign-file-kept", test_ui_foreign_file_kept);
  g_test_add_func ("/ui/window/imported-save-as", test_ui_imported_save_as);
  return ui_harness_run ();
}
