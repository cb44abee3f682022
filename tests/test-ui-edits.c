/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-edits.c: the window's loose ends (issue 26), under Xvfb with real
 * X input (xdotool): Enter and Escape in a Properties field give the
 * keyboard back to the canvas; on-hit for several obstacles at once; a new
 * beam's radius; the other balls drawn while a beam is followed; a
 * truncated file's message. */
#include "ui-harness.h"

#include <string.h>

static const CaromObject *
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

int
main (int argc, char **argv)
{
  ui_harness_init (&argc, &argv);
  g_test_add_func ("/ui-edits/enter-returns-to-canvas", test_enter_returns_to_canvas);
  return ui_harness_run ();
}
