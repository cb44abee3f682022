/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-beam.c: the Beam tool in the real window under Xvfb, with real X
 * input (xdotool): E chooses it, a drag draws a fan whose rays are traced,
 * Escape in the middle of a drag draws nothing, Properties change its rays
 * (one undo step), and the stepping keys move its front and the picture. */
#include "ui-harness.h"

#include <string.h>

#include "model/carom-edit.h"

static const CmScene *
scene (CaromWindow *window)
{
  return carom_document_get_scene (carom_window_get_document (window));
}

static const CmObject *
object (CaromWindow *window, guint i)
{
  return g_ptr_array_index (scene (window)->objects, i);
}

/* The rays of the scene object at index in the trace: how many have at
 * least one hit (*n_hit), and how many there are. */
static guint
traced_rays (CaromWindow *window, guint index, guint *n_hit)
{
  const CmSceneTrace *trace = carom_document_get_trace (carom_window_get_document (window));
  guint first = 0, n = 0;
  *n_hit = 0;
  if (trace == NULL || !cm_scene_trace_object_balls (trace, index, &first, &n))
    return 0;
  for (guint i = first; i < first + n; i++)
    {
      const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, i);
      g_autofree char *id = g_strdup_printf ("%s#%u", object (window, index)->id, i - first);
      g_assert_cmpstr (bt->ball->id, ==, id);
      *n_hit += bt->trace.n_hits > 0;
    }
  return n;
}

/* The window's pixels, to see that something changed. */
static GBytes *
pixels (CaromWindow *window)
{
  spin (300);
  g_autoptr (GdkTexture) texture = window_texture (GTK_WINDOW (window));
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  guchar *data = g_malloc ((gsize)w * h * 4);
  gdk_texture_download (texture, data, (gsize)w * 4);
  return g_bytes_new_take (data, (gsize)w * h * 4);
}

static void
test_draw_fan_and_step_front (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window_sized (path, 1100, 760);
  CaromEditor *editor = carom_window_get_editor (window);
  guint n0 = scene (window)->objects->len;

  /* E chooses the Beam tool (the canvas has the focus after a click). */
  click_scene (window, 200, -200);
  press_key ("e");
  g_assert_cmpint (carom_editor_get_tool (editor), ==, CAROM_TOOL_BEAM);

  /* Escape in the middle of a drag: no beam. */
  pointer_to_scene (window, -100, 200);
  const char *down[] = { "mousedown", "1", NULL }, *up[] = { "mouseup", "1", NULL };
  xdotool (down);
  pointer_to_scene (window, -80, 180);
  pointer_to_scene (window, -40, 160);
  g_assert_cmpuint (scene (window)->objects->len, ==, n0 + 1); /* live while dragging */
  press_key ("Escape");
  xdotool (up);
  spin (100);
  g_assert_cmpuint (scene (window)->objects->len, ==, n0);

  /* A drag from (−200, 100) (on the grid: the press snaps) toward
   * (−100, 60) draws a fan of the tool's 64 rays, aimed along the drag,
   * selected, its rays traced. */
  drag_scene (window, cg_v2 (-200, 100), cg_v2 (-100, 60), TRUE);
  spin (200);
  g_assert_cmpuint (scene (window)->objects->len, ==, n0 + 1);
  const CmObject *beam = object (window, n0);
  g_assert_cmpint (beam->kind, ==, CM_OBJECT_BEAM);
  g_assert_cmpint (beam->beam_shape, ==, CAROM_BEAM_FAN);
  g_assert_cmpuint (beam->count, ==, 64);
  g_assert_cmpfloat_with_epsilon (beam->spread, 30.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (beam->center.x, -200.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (beam->center.y, 100.0, 1e-9);
  /* the release is exact to a pixel */
  g_assert_cmpfloat_with_epsilon (atan2 (beam->direction.y, beam->direction.x),
                                  atan2 (-40.0, 100.0), 0.02);
  g_autoptr (GArray) sel = carom_editor_get_selection (editor);
  g_assert_cmpuint (sel->len, ==, 1);
  g_assert_cmpuint (g_array_index (sel, guint, 0), ==, n0);
  guint hit;
  g_assert_cmpuint (traced_rays (window, n0, &hit), ==, 64);
  g_assert_cmpuint (hit, ==, 64); /* every ray meets the post or the room */
  /* one undo step, named for the tool */
  CaromHistory *history = carom_document_get_history (carom_window_get_document (window));
  g_assert_cmpstr (carom_history_undo_label (history), ==, "Draw Beam");

  /* Properties: 16 rays, then Ctrl+Z gives the 64 back. */
  GtkWidget *inspector = carom_window_get_inspector (window);
  spin (300);
  GtkWidget *rays = find_named (inspector, "count");
  g_assert_nonnull (rays);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (rays)), ==, 64.0);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (rays), 16);
  spin (200);
  g_assert_cmpuint (object (window, n0)->count, ==, 16);
  g_assert_cmpuint (traced_rays (window, n0, &hit), ==, 16);
  g_assert_cmpstr (carom_history_undo_label (history), ==, "Change Rays");
  /* the canvas takes the focus back (a click would draw another fan) */
  gtk_widget_grab_focus (carom_window_get_canvas (window));
  press_key ("ctrl+z");
  g_assert_cmpuint (object (window, n0)->count, ==, 64);
  g_assert_cmpuint (traced_rays (window, n0, &hit), ==, 64);

  /* The fan's balls are the seed ball's size (40); at 20 its first ray
   * bounces off the room before it stops, so there is a hit to step on to. */
  GtkWidget *radius = find_named (inspector, "radius");
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (radius)), ==, 40.0);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (radius), 20);
  spin (200);
  g_assert_cmpfloat (object (window, n0)->radius, ==, 20.0);

  /* The stepper follows the fan's first ray: a front at s = 0. ] moves it
   * to that ray's first hit, and the picture with it. */
  guint index = n0;
  carom_editor_select (editor, &index, 1, FALSE);
  spin (100);
  g_assert_cmpfloat (carom_window_get_front (window), ==, 0.0);
  g_autoptr (GBytes) before = pixels (window);
  press_key ("bracketright");
  double s1 = carom_window_get_front (window);
  g_assert_cmpfloat (s1, >, 0.0);
  g_assert_cmpuint (carom_window_get_step (window), ==, 1);
  g_autoptr (GBytes) after = pixels (window);
  g_assert_false (g_bytes_equal (before, after));
  press_key ("Next");
  g_assert_cmpfloat (carom_window_get_front (window), >, s1);
  press_key ("bracketleft");
  g_assert_cmpfloat_with_epsilon (carom_window_get_front (window), s1, 1e-9);
  press_key ("Home");
  g_assert_cmpfloat (carom_window_get_front (window), ==, 0.0);

  destroy_window (window);
}

int
main (int argc, char **argv)
{
  ui_harness_init (&argc, &argv);
  g_test_add_func ("/ui-beam/draw-fan-and-step-front", test_draw_fan_and_step_front);
  return ui_harness_run ();
}
