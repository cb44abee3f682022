/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-map.c: the Boundary map pane under Xvfb, with real X input
 * (xdotool): Ctrl+M shows it, hovering a point highlights its hit on the
 * canvas and names it, a click steps there (again: the next hit at the same
 * place), and the keys move between points and step. */
#include "ui-harness.h"

#include <glib/gstdio.h>
#include <string.h>

#include "app/carom-map-view.h"

/* The seed's ball runs round a period-4 orbit: hits 1, 5, 9, … at one place,
 * 2, 6, 10, … at the next. Hit 2 (0-based 1) touches the room's right side
 * at (300, 60). */
#define HIT2_CONTACT_X 300.0
#define HIT2_CONTACT_Y 60.0

static CaromMapView *
map_view_of (CaromWindow *window)
{
  GtkWidget *plot = find_named (GTK_WIDGET (window), "map-plot");
  g_assert_nonnull (plot);
  return CAROM_MAP_VIEW (gtk_widget_get_parent (plot));
}

static gboolean
map_drawn (gpointer data)
{
  double x, y;
  return gtk_widget_get_mapped (GTK_WIDGET (data))
         && carom_map_view_hit_position (data, 0, 0, &x, &y);
}

/* Moves the X pointer to (x, y) of widget. */
static void
pointer_to_widget (GtkWidget *widget, double x, double y)
{
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t in_native;
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native),
                                           &GRAPHENE_POINT_INIT ((float)x, (float)y), &in_native));
  double sx, sy;
  gtk_native_get_surface_transform (native, &sx, &sy);
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (native));
  g_autofree char *win = g_strdup_printf ("%lu", (unsigned long)xid);
  g_autofree char *px = g_strdup_printf ("%d", (int)lround (in_native.x + sx));
  g_autofree char *py = g_strdup_printf ("%d", (int)lround (in_native.y + sy));
  const char *move[] = { "mousemove", "--window", win, px, py, NULL };
  xdotool (move);
}

/* Points the pointer at hit `hit` (0-based) of ball 0 on the map. */
static void
pointer_to_hit (CaromMapView *map, guint hit)
{
  double x, y;
  g_assert_true (carom_map_view_hit_position (map, 0, hit, &x, &y));
  pointer_to_widget (carom_map_view_get_plot (map), x, y);
}

static void
click (void)
{
  const char *args[] = { "click", "1", NULL };
  xdotool (args);
}

/* How orange the window's pixel at the canvas point (x, y) + (dx, dy) px is:
 * the highlight's colour is the hit piece's (Okabe–Ito orange, 230 159 0). */
static gboolean
orange_near (CaromWindow *window, double x, double y)
{
  GtkWidget *canvas = carom_window_get_canvas (window);
  double wx, wy;
  g_assert_true (carom_canvas_scene_to_widget (CAROM_CANVAS (canvas), x, y, &wx, &wy));
  graphene_point_t p;
  g_assert_true (gtk_widget_compute_point (canvas, GTK_WIDGET (window),
                                           &GRAPHENE_POINT_INIT ((float)wx, (float)wy), &p));
  g_autoptr (GdkTexture) texture = window_texture (GTK_WINDOW (window));
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guint8 *pixels = g_malloc ((size_t)w * h * 4);
  gdk_texture_download (texture, pixels, (size_t)w * 4);
  /* The ring around the contact is 6 pt (8 px) across: look at a square
   * of 24 px around it for its colour. */
  for (int dy = -12; dy <= 12; dy++)
    for (int dx = -12; dx <= 12; dx++)
      {
        int px = (int)p.x + dx, py = (int)p.y + dy;
        if (px < 0 || py < 0 || px >= w || py >= h)
          continue;
        const guint8 *c = pixels + ((size_t)py * w + px) * 4; /* B G R A */
        if (c[2] > 200 && c[1] > 120 && c[1] < 190 && c[0] < 60)
          return TRUE;
      }
  return FALSE;
}

/* 1: Ctrl+M shows the map of the seed's ball; hovering hit 2's point names
 * it and rings its contact on the canvas; leaving clears it. */
static void
test_hover_highlights (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window_sized (path, 1000, 760);
  CaromMapView *map = map_view_of (window);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (map)));
  press_key ("ctrl+m");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (map)));
  g_assert_true (wait_for (map_drawn, map, 10000));
  g_assert_false (orange_near (window, HIT2_CONTACT_X, HIT2_CONTACT_Y));

  pointer_to_hit (map, 1);
  guint ball = 99, hit = 99;
  g_assert_true (carom_map_view_get_highlight (map, &ball, &hit));
  g_assert_cmpuint (ball, ==, 0);
  g_assert_cmpuint (hit % 4, ==, 1);
  g_autofree char *expected = g_strdup_printf ("Hit %u of “ball”, wall “room”: ξ = 1440", hit + 1);
  if (!g_str_has_prefix (carom_map_view_get_text (map), expected))
    g_error ("hover says “%s”, expected it to begin “%s”", carom_map_view_get_text (map), expected);
  spin (100);
  g_assert_true (orange_near (window, HIT2_CONTACT_X, HIT2_CONTACT_Y));

  /* Off the map: nothing highlighted. */
  pointer_to_scene (window, -200, 0);
  g_assert_false (carom_map_view_get_highlight (map, &ball, &hit));
  spin (100);
  g_assert_false (orange_near (window, HIT2_CONTACT_X, HIT2_CONTACT_Y));
  g_assert_cmpuint (carom_window_get_step (window), ==, 0);
  press_key ("ctrl+m");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (map)));
  destroy_window (window);
}

/* 2: a click on a point steps to its hit; a second click on the same place
 * goes on to the next hit there (the orbit's period is 4); the map exports
 * as CSV and PNG. */
static void
test_click_steps (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window_sized (path, 1000, 760);
  CaromMapView *map = map_view_of (window);
  press_key ("ctrl+m");
  g_assert_true (wait_for (map_drawn, map, 10000));
  g_assert_cmpuint (carom_window_get_step (window), ==, 0);

  pointer_to_hit (map, 2);
  click ();
  g_assert_cmpuint (carom_window_get_step (window), ==, 3);
  click ();
  g_assert_cmpuint (carom_window_get_step (window), ==, 7);
  /* The hover follows the step it went to. */
  guint ball, hit;
  g_assert_true (carom_map_view_get_highlight (map, &ball, &hit));
  g_assert_cmpuint (hit, ==, 6);

  pointer_to_hit (map, 0);
  click ();
  g_assert_cmpuint (carom_window_get_step (window), ==, 9);

  /* Export, as the pane's menu does once a file is chosen: the points as
   * CSV (a header and the 29 hits), the plot as a PNG of `carom map`'s size. */
  g_autofree char *dir = g_dir_make_tmp ("carom-ui-map-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename (dir, "map.csv", NULL);
  g_autofree char *png = g_build_filename (dir, "map.png", NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (carom_map_view_write (map, csv, &error));
  g_assert_no_error (error);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 29 + 1);
  g_assert_cmpstr (lines[0], ==, "ball,hit,xi,sin_phi,object,primitive,edge,vertex");
  g_assert_true (g_str_has_prefix (lines[2], "ball,2,1440,"));
  g_assert_true (carom_map_view_write (map, png, &error));
  cairo_surface_t *image = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 1440);
  cairo_surface_destroy (image);
  g_unlink (csv);
  g_unlink (png);
  g_rmdir (dir);
  press_key ("ctrl+m");
  destroy_window (window);
}

/* 3: the keys: the plot takes the focus with a click; → moves to the next
 * hit, ↑ ↓ stay on the only ray, Home and End go to the ends, Enter steps. */
static void
test_keys_move_and_step (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window_sized (path, 1000, 760);
  CaromMapView *map = map_view_of (window);
  press_key ("ctrl+m");
  g_assert_true (wait_for (map_drawn, map, 10000));
  pointer_to_hit (map, 0);
  click ();
  g_assert_cmpuint (carom_window_get_step (window), ==, 1);
  g_assert_true (gtk_widget_has_focus (carom_map_view_get_plot (map)));
  /* Move the pointer away, so the keys' choice shows. */
  pointer_to_scene (window, -200, 0);
  guint ball, hit;
  press_key ("Right");
  g_assert_true (carom_map_view_get_highlight (map, &ball, &hit));
  g_assert_cmpuint (hit, ==, 1);
  /* The step stays until Enter. */
  g_assert_cmpuint (carom_window_get_step (window), ==, 1);
  press_key ("Right");
  press_key ("Down");
  g_assert_true (carom_map_view_get_highlight (map, &ball, &hit));
  g_assert_cmpuint (hit, ==, 2);
  press_key ("Return");
  g_assert_cmpuint (carom_window_get_step (window), ==, 3);
  press_key ("End");
  g_assert_true (carom_map_view_get_highlight (map, &ball, &hit));
  g_assert_cmpuint (hit, ==, 28);
  press_key ("Left");
  press_key ("Return");
  g_assert_cmpuint (carom_window_get_step (window), ==, 28);
  press_key ("Home");
  press_key ("Return");
  g_assert_cmpuint (carom_window_get_step (window), ==, 1);
  press_key ("ctrl+m");
  destroy_window (window);
}

static gboolean
last_ray_drawn (gpointer data)
{
  double x, y;
  return carom_map_view_hit_position (data, 3999, 0, &x, &y);
}

/* 4: a beam's map has every ray's hits, also when there are too many to draw
 * in one go (4,000 rays are drawn a slice at a time between frames); the
 * title names the beam, and pointing at a dot of ray k names ray k. */
static void
test_beam_map (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *dir = g_dir_make_tmp ("carom-ui-map-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "fan.svg", NULL);
  const char *scene
      = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:carom=\"urn:carom:scene:1\" "
        "viewBox=\"-320 -320 640 640\">\n"
        "  <polygon carom:role=\"wall\" id=\"room\" points=\"-300,-300 -300,300 300,300 "
        "300,-300\"/>\n"
        "  <circle carom:role=\"beam\" id=\"fan\" cx=\"-200\" cy=\"0\" r=\"4\" "
        "carom:direction=\"1 0.3\" carom:spread=\"40\" carom:count=\"4000\" "
        "carom:max-bounces=\"29\"/>\n"
        "</svg>\n";
  g_assert_true (g_file_set_contents (path, scene, -1, NULL));
  CaromWindow *window = open_window_sized (path, 1000, 760);
  CaromMapView *map = map_view_of (window);
  press_key ("ctrl+m");
  g_assert_true (wait_for (last_ray_drawn, map, 30000));
  GtkWidget *title = gtk_widget_get_first_child (
      gtk_widget_get_first_child (GTK_WIDGET (map))); /* the header's first label */
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (title)), ==,
                   "Boundary map of beam “fan”: 4000 rays, 116000 hits");
  double x, y;
  g_assert_true (carom_map_view_hit_position (map, 1234, 5, &x, &y));
  pointer_to_widget (carom_map_view_get_plot (map), x, y);
  guint ball, hit;
  g_assert_true (carom_map_view_get_highlight (map, &ball, &hit));
  /* Dots crowd: the one picked is at that place, of whichever ray. */
  g_autofree char *ray = g_strdup_printf ("“fan#%u”", ball);
  g_assert_nonnull (strstr (carom_map_view_get_text (map), ray));
  press_key ("ctrl+m");
  destroy_window (window);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  ui_harness_init (&argc, &argv);
  g_test_add_func ("/ui-map/hover-highlights", test_hover_highlights);
  g_test_add_func ("/ui-map/click-steps", test_click_steps);
  g_test_add_func ("/ui-map/keys-move-and-step", test_keys_move_and_step);
  g_test_add_func ("/ui-map/beam-map", test_beam_map);
  return ui_harness_run ();
}
