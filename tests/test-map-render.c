/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-map-render.c: what the Boundary map pane and `carom map` share in
 * carom-map-render: the title, which balls are one beam's rays, the dots'
 * colours as the paths are coloured, the CSV of the points, and the frame
 * drawn without dots. */
#include <string.h>

#include "model/carom-boundary-map.h"
#include "render/carom-map-render.h"

/* The seed's room and post, a ball, and a fan of 5 rays. */
static CmScene *
scene_with_fan (void)
{
  CmScene *scene = cm_scene_new ();
  CgVec2 room[] = { { -300, -300 }, { -300, 300 }, { 300, 300 }, { 300, -300 } };
  CgVec2 post[] = { { 20, -100 }, { 20, 50 }, { -20, 50 }, { -20, -100 } };
  cm_scene_add_polygon (scene, "room", CG_ROLE_WALL, room, 4);
  cm_scene_add_polygon (scene, "post", CG_ROLE_OBSTACLE, post, 4);
  cm_scene_add_ball (scene, "ball", cg_v2 (-200, 0), 40, cg_v2 (1, 1), 29);
  CmObject *fan = cm_object_new_fan_beam ("fan", cg_v2 (-200, 200), 10, cg_v2 (1, -0.2), 40, 5, 7);
  g_ptr_array_add (scene->objects, fan);
  return scene;
}

static void
assert_colour (const double rgb[3], CaromColor c)
{
  g_assert_cmpfloat_with_epsilon (rgb[0], c.red, 1e-9);
  g_assert_cmpfloat_with_epsilon (rgb[1], c.green, 1e-9);
  g_assert_cmpfloat_with_epsilon (rgb[2], c.blue, 1e-9);
}

/* 1: the title names a ball, a beam (its rays, its hits) or a count of
 * balls; the rays of one beam are told from balls. */
static void
test_title_and_beam (void)
{
  g_autoptr (CmScene) scene = scene_with_fan ();
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  g_assert_cmpuint (trace->balls->len, ==, 6);
  guint ball = 0, rays[5] = { 1, 2, 3, 4, 5 }, mixed[2] = { 0, 1 };
  g_autofree char *t1 = carom_map_title (trace, &ball, 1);
  g_assert_cmpstr (t1, ==, "Boundary map of ball “ball”: 29 hits");
  size_t hits = 0;
  for (guint i = 0; i < 5; i++)
    hits += g_array_index (trace->balls, CaromBallTrace, rays[i]).trace.n_hits;
  g_autofree char *expected
      = g_strdup_printf ("Boundary map of beam “fan”: 5 rays, %zu hits", hits);
  g_autofree char *t2 = carom_map_title (trace, rays, 5);
  g_assert_cmpstr (t2, ==, expected);
  g_autofree char *t3 = carom_map_title (trace, mixed, 2);
  g_assert_cmpstr (t3, ==, "Boundary map of 2 balls");
  g_assert_true (carom_map_one_beam (trace, rays, 5));
  g_assert_false (carom_map_one_beam (trace, mixed, 2));
  g_assert_false (carom_map_one_beam (trace, &ball, 1));
}

/* 2: the dots are coloured as the canvas colours the paths: by ray, a
 * beam's first and last rays the ramp's ends; by bounces, the ramp from
 * none to the most; single, the path colour; balls that are no beam's
 * Okabe–Ito's blue first. */
static void
test_dot_colours (void)
{
  double rgb[3];
  carom_map_dot_colour (TRUE, 0, 5, 3, 29, CAROM_PATHS_BY_RAY, FALSE, rgb);
  assert_colour (rgb, carom_render_ramp (0.0));
  carom_map_dot_colour (TRUE, 4, 5, 3, 29, CAROM_PATHS_BY_RAY, FALSE, rgb);
  assert_colour (rgb, carom_render_ramp (1.0));
  carom_map_dot_colour (TRUE, 2, 5, 0, 28, CAROM_PATHS_BY_BOUNCES, FALSE, rgb);
  assert_colour (rgb, carom_render_ramp (0.0));
  carom_map_dot_colour (TRUE, 2, 5, 14, 28, CAROM_PATHS_BY_BOUNCES, FALSE, rgb);
  assert_colour (rgb, carom_render_ramp (0.5));
  carom_map_dot_colour (TRUE, 2, 5, 14, 28, CAROM_PATHS_SINGLE, TRUE, rgb);
  assert_colour (rgb, carom_style_screen (TRUE).path);
  carom_map_dot_colour (FALSE, 0, 2, 0, 0, CAROM_PATHS_BY_RAY, FALSE, rgb);
  g_assert_true (rgb[0] < 0.1 && rgb[2] > 0.6); /* Okabe–Ito blue (0, 114, 178) */
}

/* 3: the CSV: a header and one line per hit in ray order, ids BEAMID#k,
 * numbers that read back to the map's points. */
static void
test_csv (void)
{
  g_autoptr (CmScene) scene = scene_with_fan ();
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  guint rays[2] = { 1, 2 };
  g_autofree char *csv = carom_map_csv (trace, rays, 2);
  g_auto (GStrv) lines = g_strsplit (csv, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "ball,hit,xi,sin_phi,object,primitive,edge,vertex");
  g_autoptr (GArray) points = carom_boundary_map_points (trace, 1, NULL);
  g_assert_cmpuint (points->len, >, 0);
  g_auto (GStrv) first = g_strsplit (lines[1], ",", -1);
  g_assert_cmpstr (first[0], ==, "fan#0");
  g_assert_cmpstr (first[1], ==, "1");
  const CaromMapPoint *p = &g_array_index (points, CaromMapPoint, 0);
  g_assert_cmpfloat (g_ascii_strtod (first[2], NULL), ==, p->xi);
  g_assert_cmpfloat (g_ascii_strtod (first[3], NULL), ==, p->sin_phi);
  size_t n = g_array_index (trace->balls, CaromBallTrace, 1).trace.n_hits
             + g_array_index (trace->balls, CaromBallTrace, 2).trace.n_hits;
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + n + 1);
  g_assert_true (g_str_has_prefix (lines[n], "fan#1,"));
}

/* 4: the frame without dots: where the seed ball's first hit is drawn stays
 * the background, while carom_map_draw() puts a dot there. */
static void
test_frame_has_no_dots (void)
{
  g_autoptr (CmScene) scene = scene_with_fan ();
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  g_autofree double *offsets = carom_boundary_map_offsets (trace);
  g_autoptr (GArray) points = carom_boundary_map_points (trace, 0, offsets);
  const CaromMapPoint *p = &g_array_index (points, CaromMapPoint, 0);
  CaromMapFrame frame = carom_map_frame (360, 240, offsets[trace->polygons->len]);
  double x, y;
  carom_map_frame_point (&frame, p->xi, p->sin_phi, &x, &y);
  for (int with_dots = 0; with_dots < 2; with_dots++)
    {
      cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 360, 240);
      cairo_t *cr = cairo_create (image);
      guint ball = 0;
      if (with_dots)
        carom_map_draw (cr, 360, 240, trace, &ball, 1, FALSE);
      else
        carom_map_draw_frame (cr, 360, 240, trace, offsets, NULL, FALSE);
      cairo_destroy (cr);
      cairo_surface_flush (image);
      const guint8 *data = cairo_image_surface_get_data (image);
      guint32 pixel
          = *(const guint32 *)(const void *)(data + (int)y * cairo_image_surface_get_stride (image)
                                             + 4 * (int)x);
      int r = (pixel >> 16) & 0xff, b = pixel & 0xff;
      if (with_dots)
        g_assert_true (r < 60 && b > 120);
      else
        g_assert_true (r > 200 && b > 200);
      cairo_surface_destroy (image);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/map-render/title-and-beam", test_title_and_beam);
  g_test_add_func ("/map-render/dot-colours", test_dot_colours);
  g_test_add_func ("/map-render/csv", test_csv);
  g_test_add_func ("/map-render/frame-has-no-dots", test_frame_has_no_dots);
  return g_test_run ();
}
