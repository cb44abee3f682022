/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-svg-curve.c: exact circles and arcs in scene files (issue 16, geometry.md "Curved
 * edges", "From SVG"): <circle>, <ellipse> with rx = ry, path A commands with equal radii
 * and rounded <rect>s with rx = ry are read exactly under similarities (a mirror flips the
 * sweep) and flattened otherwise; Carom writes them as <circle> or <path> with A commands
 * that read back to the same doubles and the same bytes; in a foreign file an edited curve
 * keeps its arcs, in its own user units; hostile curves get messages. */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "io/carom-svg-private.h"

#define SVG_OPEN "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:carom=\"urn:carom:scene:1\">\n"
#define SVG_CLOSE "</svg>\n"

static CmScene *
read_ok (const char *svg)
{
  g_autoptr (GError) error = NULL;
  CmScene *scene = carom_svg_read_memory (svg, strlen (svg), NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scene);
  return scene;
}

static CmScene *
read_body (const char *body)
{
  g_autofree char *svg = g_strconcat (SVG_OPEN, body, SVG_CLOSE, NULL);
  return read_ok (svg);
}

static char *
write_ok (const CmScene *scene)
{
  gsize length = 0;
  char *text = carom_svg_write_string (scene, &length);
  g_assert_nonnull (text);
  g_assert_cmpuint (strlen (text), ==, length);
  return text;
}

/* The scene in Carom's own form, whatever file it came from. */
static char *
write_native (CmScene *scene)
{
  GDestroyNotify free_source = NULL;
  CmSceneSource *source = cm_scene_steal_source (scene, &free_source);
  if (source != NULL)
    free_source (source);
  for (guint i = 0; i < scene->objects->len; i++)
    ((CmObject *)g_ptr_array_index (scene->objects, i))->origin = 0;
  return write_ok (scene);
}

static void
assert_close (double a, double b, double tol)
{
  if (!(fabs (a - b) <= tol))
    g_error ("%.17g is not %.17g (±%g)", a, b, tol);
}

/* Every object the same to the bit, but for the note that the reader reversed a polygon
 * (Carom writes them oriented, so the second read has nothing to reverse). */
static void
assert_same_objects (const CmScene *a, const CmScene *b)
{
  g_assert_cmpuint (a->objects->len, ==, b->objects->len);
  for (guint i = 0; i < a->objects->len; i++)
    {
      const CmObject *x = g_ptr_array_index (a->objects, i);
      g_autoptr (CmObject) y = cm_object_copy (g_ptr_array_index (b->objects, i));
      if (y->kind == CM_OBJECT_POLYGON)
        y->reversed = x->reversed;
      if (!cm_object_equal (x, y))
        {
          for (size_t k = 0; x->kind == CM_OBJECT_POLYGON && k < x->n_points; k++)
            g_test_message ("%zu: (%.17g, %.17g) %.17g | (%.17g, %.17g) %.17g", k, x->points[k].x,
                            x->points[k].y, x->edges ? x->edges[k].sweep : 0.0, y->points[k].x,
                            y->points[k].y, y->edges ? y->edges[k].sweep : 0.0);
          g_error ("object %u (%s) differs", i, x->id);
        }
    }
}

/* Read, written in Carom's form, read again: the same doubles; written again: the same
 * bytes. Returns the first native text. */
static char *
assert_round_trip (const char *body)
{
  g_autoptr (CmScene) first = read_body (body);
  g_autoptr (CmScene) copy = read_body (body);
  char *text = write_native (copy);
  g_autoptr (CmScene) second = read_ok (text);
  assert_same_objects (first, second);
  g_autofree char *again = write_ok (second);
  g_assert_cmpstr (text, ==, again);
  return text;
}

static guint
count_arcs (const CmObject *o)
{
  guint n = 0;
  for (size_t i = 0; o->edges != NULL && i < o->n_points; i++)
    n += o->edges[i].sweep != 0.0;
  return n;
}

/* <circle> and <ellipse rx = ry>: one vertex q + (R, 0), one edge of sweep 2π for an
 * obstacle, -2π for a wall; written back as <circle>. An ellipse with rx ≠ ry is flattened. */
static void
test_circle (void)
{
  g_autoptr (CmScene) scene
      = read_body ("<circle carom:role='obstacle' id='disk' cx='10' cy='20' r='5'/>"
                   "<ellipse carom:role='wall' id='round' cx='0' cy='0' rx='100' ry='100'/>"
                   "<ellipse carom:role='obstacle' id='oval' cx='50' cy='0' rx='10' ry='5'/>"
                   "<circle id='plain' cx='-50' cy='0' r='3'/>");
  const CmObject *disk = cm_scene_find (scene, "disk");
  g_assert_cmpuint (disk->n_points, ==, 1);
  g_assert_nonnull (disk->edges);
  g_assert_cmpfloat (disk->edges[0].q.x, ==, 10.0);
  g_assert_cmpfloat (disk->edges[0].q.y, ==, 20.0);
  g_assert_cmpfloat (disk->edges[0].R, ==, 5.0);
  g_assert_cmpfloat (disk->edges[0].sweep, ==, 2.0 * G_PI);
  g_assert_cmpfloat (disk->points[0].x, ==, 15.0);
  const CmObject *round = cm_scene_find (scene, "round");
  g_assert_cmpuint (round->n_points, ==, 1);
  g_assert_cmpfloat (round->edges[0].sweep, ==, -2.0 * G_PI);
  const CmObject *oval = cm_scene_find (scene, "oval");
  g_assert_null (oval->edges);
  g_assert_cmpuint (oval->n_points, >=, 16);
  /* a shape without carom:role (filled: an obstacle) is exact too */
  const CmObject *plain = cm_scene_find (scene, "plain");
  g_assert_cmpuint (plain->n_points, ==, 1);
  g_assert_true (cm_object_is_curved (plain));

  /* The scene's box holds the whole circle, not just its vertex. */
  CgAabb box = cm_scene_get_bounds (scene);
  g_assert_cmpfloat (box.lo.x, ==, -100.0);
  g_assert_cmpfloat (box.hi.y, ==, 100.0);

  g_autofree char *text
      = assert_round_trip ("<circle carom:role='obstacle' id='disk' cx='10' cy='20' r='5'/>"
                           "<ellipse carom:role='wall' id='round' rx='100' ry='100'/>");
  g_assert_nonnull (
      strstr (text, "<circle carom:role=\"obstacle\" id=\"disk\" cx=\"10\" cy=\"20\" r=\"5\""));
  g_assert_nonnull (
      strstr (text, "<circle carom:role=\"wall\" id=\"round\" cx=\"0\" cy=\"0\" r=\"100\""));
}

/* carom_svg_arc_edge: the four flag choices give the two centres and the two sweeps of
 * SVG's F.6.5; the same arc read the other way gives the same centre and radius to the bit
 * and the opposite sweep; a radius too small grows to half the chord. */
static void
test_arc_edge (void)
{
  CgVec2 a = { 0.0, 0.0 }, b = { 10.0, 0.0 };
  double h = sqrt (100.0 - 25.0);
  const struct
  {
    gboolean large, sweep;
    double qy, sweep_sign;
    gboolean big;
  } cases[] = {
    { FALSE, TRUE, h, 1.0, FALSE },
    { FALSE, FALSE, -h, -1.0, FALSE },
    { TRUE, TRUE, -h, 1.0, TRUE },
    { TRUE, FALSE, h, -1.0, TRUE },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CgCurveEdge e, back;
      g_assert_true (carom_svg_arc_edge (a, b, 10.0, cases[i].large, cases[i].sweep, &e));
      assert_close (e.q.x, 5.0, 1e-12);
      assert_close (e.q.y, cases[i].qy, 1e-12);
      g_assert_cmpfloat (e.R, ==, 10.0);
      g_assert_cmpfloat (e.sweep * cases[i].sweep_sign, >, 0.0);
      g_assert_cmpint (fabs (e.sweep) > G_PI, ==, cases[i].big);
      assert_close (fabs (e.sweep), cases[i].big ? 2.0 * G_PI - G_PI / 3.0 : G_PI / 3.0, 1e-12);
      g_assert_true (carom_svg_arc_edge (b, a, 10.0, cases[i].large, !cases[i].sweep, &back));
      g_assert_true (memcmp (&back.q, &e.q, sizeof e.q) == 0);
      g_assert_cmpfloat (back.R, ==, e.R);
      g_assert_cmpfloat (back.sweep, ==, -e.sweep);
      /* ends on the circle */
      assert_close (cg_length (cg_sub (a, e.q)), 10.0, 1e-12);
    }
  CgCurveEdge half;
  g_assert_true (carom_svg_arc_edge (a, b, 2.0, FALSE, TRUE, &half));
  g_assert_cmpfloat (half.q.x, ==, 5.0);
  g_assert_cmpfloat (half.q.y, ==, 0.0);
  g_assert_cmpfloat (half.R, ==, 5.0);
  g_assert_cmpfloat (half.sweep, ==, G_PI);
  g_assert_true (carom_svg_arc_edge (a, b, 5.0, TRUE, FALSE, &half));
  g_assert_cmpfloat (half.sweep, ==, -G_PI);
  g_assert_false (carom_svg_arc_edge (a, a, 5.0, TRUE, FALSE, &half));
  g_assert_false (carom_svg_arc_edge (a, b, NAN, TRUE, FALSE, &half));
}

/* Path A commands with equal radii: exact arcs mixed with segments, the flags chosen as
 * SVG does; unequal radii flattened. */
static void
test_path_arcs (void)
{
  g_autoptr (CmScene) scene = read_body (
      /* a half disk above the chord (y down: sweep 1 from the right end goes up) */
      "<path carom:role='obstacle' id='half' d='M 0,0 L 20,0 A 10 10 0 0 0 0,0 Z'/>"
      /* a pill: two half turns and two sides, relative commands */
      "<path carom:role='obstacle' id='pill' d='m 100,0 h 40 a 10,10 0 0 1 0,20 h -40 "
      "a 10 10 0 0 1 0,-20 z'/>"
      /* large arc: most of a circle */
      "<path carom:role='obstacle' id='bite' d='M 0,100 L 10,100 A 10 10 0 1 1 0,100 Z'/>"
      "<path carom:role='obstacle' id='egg' d='M 0,200 A 10 5 0 0 1 20,200 Z'/>");
  const CmObject *half = cm_scene_find (scene, "half");
  g_assert_cmpuint (half->n_points, ==, 2);
  g_assert_cmpuint (count_arcs (half), ==, 1);
  for (size_t i = 0; i < 2; i++)
    if (half->edges[i].sweep != 0.0)
      {
        g_assert_cmpfloat (half->edges[i].q.x, ==, 10.0);
        g_assert_cmpfloat (half->edges[i].q.y, ==, 0.0);
        g_assert_cmpfloat (fabs (half->edges[i].sweep), ==, G_PI);
      }
  /* the half disk bulges to y < 0: its box says so */
  CgAabb box = cg_curve_bounds (half->points, half->edges, half->n_points);
  assert_close (box.lo.y, -10.0, 1e-12);
  assert_close (box.hi.y, 0.0, 1e-12);

  const CmObject *pill = cm_scene_find (scene, "pill");
  g_assert_cmpuint (pill->n_points, ==, 4);
  g_assert_cmpuint (count_arcs (pill), ==, 2);
  /* an obstacle: both round ends convex (sweep > 0 in cg-curve.h's convention) */
  for (size_t i = 0; i < 4; i++)
    if (pill->edges[i].sweep != 0.0)
      {
        g_assert_cmpfloat (pill->edges[i].sweep, >, 0.0);
        g_assert_cmpfloat (pill->edges[i].R, ==, 10.0);
      }
  g_assert_cmpfloat (cg_curve_signed_area (pill->points, pill->edges, 4), >, 0.0);
  assert_close (cg_curve_signed_area (pill->points, pill->edges, 4), 800.0 + G_PI * 100.0, 1e-9);

  const CmObject *bite = cm_scene_find (scene, "bite");
  g_assert_cmpuint (count_arcs (bite), ==, 1);
  for (size_t i = 0; i < bite->n_points; i++)
    if (bite->edges[i].sweep != 0.0)
      g_assert_cmpfloat (fabs (bite->edges[i].sweep), >, G_PI);

  const CmObject *egg = cm_scene_find (scene, "egg");
  g_assert_null (egg->edges);
  g_assert_cmpuint (egg->n_points, >, 4);

  g_autofree char *text = assert_round_trip (
      "<path carom:role='obstacle' id='half' d='M 0,0 L 20,0 A 10 10 0 0 0 0,0 Z'/>"
      "<path carom:role='wall' id='pill' d='m 100,0 h 40 a 10,10 0 0 1 0,20 h -40 "
      "a 10 10 0 0 1 0,-20 z'/>"
      "<path carom:role='obstacle' id='bite' d='M 0,100 L 10,100 A 10 10 0 1 1 0,100 Z'/>"
      "<path carom:role='obstacle' id='tilt' d='M 0.1,0.3 L 7.7,1.9 A 3.3 3.3 0 0 1 0.1,0.3 Z'/>");
  g_assert_nonnull (strstr (text, "<path carom:role=\"obstacle\" id=\"half\" d=\"M "));
  g_assert_nonnull (strstr (text, " A 10,10 0 "));
}

/* Rounded rects with rx = ry: four exact quarter turns; with the corners meeting, a circle
 * of four quarters; rx ≠ ry flattened. */
static void
test_rounded_rect (void)
{
  g_autoptr (CmScene) scene
      = read_body ("<rect carom:role='wall' id='room' width='100' height='60' rx='10'/>"
                   "<rect carom:role='obstacle' id='ball' x='200' width='20' height='20' rx='10'/>"
                   "<rect carom:role='obstacle' id='squash' x='300' width='20' height='20' "
                   "rx='10' ry='4'/>");
  const CmObject *room = cm_scene_find (scene, "room");
  g_assert_cmpuint (room->n_points, ==, 8);
  g_assert_cmpuint (count_arcs (room), ==, 4);
  for (size_t i = 0; i < 8; i++)
    if (room->edges[i].sweep != 0.0)
      {
        g_assert_cmpfloat (room->edges[i].R, ==, 10.0);
        /* a wall's rounded corners are concave seen from inside */
        g_assert_cmpfloat (room->edges[i].sweep, <, 0.0);
        assert_close (fabs (room->edges[i].sweep), G_PI / 2.0, 1e-12);
      }
  assert_close (cg_curve_signed_area (room->points, room->edges, 8),
                -(100.0 * 60.0 - (4.0 - G_PI) * 100.0), 1e-9);
  const CmObject *ball = cm_scene_find (scene, "ball");
  g_assert_cmpuint (ball->n_points, ==, 4);
  g_assert_cmpuint (count_arcs (ball), ==, 4);
  const CmObject *squash = cm_scene_find (scene, "squash");
  g_assert_null (squash->edges);

  g_autofree char *text
      = assert_round_trip ("<rect carom:role='wall' id='room' width='100' height='60' rx='10'/>"
                           "<rect carom:role='obstacle' id='ball' x='200' width='20' "
                           "height='20' rx='10'/>");
  g_assert_nonnull (strstr (text, "<path carom:role=\"wall\" id=\"room\""));
}

/* Under rotation, uniform scale and mirror the arcs stay exact: the mirrored path is the
 * path with mirrored coordinates and the other sweep flag. A skew flattens. */
static void
test_transforms (void)
{
  g_autoptr (CmScene) scene
      = read_body ("<g transform='translate(5 7) rotate(30) scale(3)'>"
                   "<circle carom:role='obstacle' id='c' cx='2' cy='0' r='1'/></g>"
                   "<g transform='scale(-2 2)'>"
                   "<path carom:role='obstacle' id='m' d='M 0,0 L 20,0 A 10 10 0 0 1 0,0 Z'/></g>"
                   "<path carom:role='obstacle' id='direct' d='M 0,0 L -40,0 A 20 20 0 0 0 0,0 Z'/>"
                   "<g transform='skewX(20)'><circle carom:role='obstacle' id='skew' r='5'/></g>"
                   "<g transform='scale(2 1)'><circle carom:role='obstacle' id='wide' r='5'/></g>");
  const CmObject *c = cm_scene_find (scene, "c");
  g_assert_cmpuint (c->n_points, ==, 1);
  assert_close (c->edges[0].q.x, 5.0 + 6.0 * cos (G_PI / 6.0), 1e-12);
  assert_close (c->edges[0].q.y, 7.0 + 6.0 * sin (G_PI / 6.0), 1e-12);
  assert_close (c->edges[0].R, 3.0, 1e-12);

  const CmObject *m = cm_scene_find (scene, "m"), *d = cm_scene_find (scene, "direct");
  g_assert_cmpuint (m->n_points, ==, d->n_points);
  for (size_t i = 0; i < m->n_points; i++)
    {
      assert_close (m->points[i].x, d->points[i].x, 1e-12);
      assert_close (m->points[i].y, d->points[i].y, 1e-12);
      assert_close (m->edges[i].sweep, d->edges[i].sweep, 1e-12);
      assert_close (m->edges[i].R, d->edges[i].R, 1e-12);
      assert_close (m->edges[i].q.y, d->edges[i].q.y, 1e-12);
    }
  g_assert_null (cm_scene_find (scene, "skew")->edges);
  g_assert_null (cm_scene_find (scene, "wide")->edges);

  g_autofree char *text = assert_round_trip (
      "<g transform='translate(5 7) rotate(30) scale(3)'>"
      "<circle carom:role='obstacle' id='c' cx='2' cy='0' r='1'/>"
      "<rect carom:role='obstacle' id='r' x='3' width='2' height='1' rx='0.25'/></g>"
      "<g transform='scale(-2 2)'>"
      "<path carom:role='obstacle' id='m' d='M 0,0 L 20,0 A 10 10 0 0 1 0,0 Z'/></g>");
  g_assert_null (strstr (text, "transform"));
}

/* In a foreign file: untouched curves stay as written; an edited one is written with A
 * commands (no flattening) in its own user units, and a circle stays a <circle>. */
static void
test_foreign (void)
{
  const char *svg
      = SVG_OPEN "<title>t</title><g transform='translate(100 0) scale(2)'>"
                 "<rect class='k' carom:role='obstacle' id='r' width='20' height='10' rx='2'/>"
                 "<circle carom:role='obstacle' id='c' cx='50' cy='0' r='4'/>"
                 "<ellipse carom:role='obstacle' id='e' cx='80' cy='0' rx='3' ry='3'/></g>"
                 "<rect carom:role='wall' id='w' x='-500' y='-500' width='1000' height='1000' "
                 "rx='30'/>" SVG_CLOSE;
  g_autoptr (CmScene) scene = read_ok (svg);
  g_autofree char *untouched = write_ok (scene);
  /* Untouched: the file's own bytes. */
  g_assert_cmpstr (untouched, ==, svg);

  CmObject *r = cm_scene_find (scene, "r");
  for (size_t i = 0; i < r->n_points; i++)
    {
      r->points[i].x += 10.0;
      if (r->edges[i].sweep != 0.0)
        r->edges[i].q.x += 10.0;
    }
  CmObject *c = cm_scene_find (scene, "c");
  c->edges[0].R = 12.0;
  c->points[0].x = c->edges[0].q.x + 12.0;
  CmObject *e = cm_scene_find (scene, "e");
  e->edges[0].q.y = 20.0;
  e->points[0].y = 20.0;
  g_autofree char *edited = write_ok (scene);
  g_assert_nonnull (strstr (edited, "<g transform='translate(100 0) scale(2)'>"));
  /* The rounded rect became a path: renamed in place, its class first as it was. */
  g_assert_nonnull (strstr (edited, "<path class='k' carom:role='obstacle' d='M "));
  g_assert_nonnull (strstr (edited, " Z' id='r'/>"));
  g_assert_nonnull (strstr (edited, " A 2,2 0 0,1 "));
  g_assert_nonnull (strstr (edited, "<circle carom:role='obstacle' id='c' cx='50' cy='0' r='6'"));
  g_assert_nonnull (strstr (edited, "<ellipse carom:role='obstacle' id='e' cx='80' "
                                    "cy='10' rx='3' ry='3'"));
  g_autoptr (CmScene) back = read_ok (edited);
  const CmObject *r2 = cm_scene_find (back, "r");
  g_assert_cmpuint (r2->n_points, ==, r->n_points);
  g_assert_cmpuint (count_arcs (r2), ==, 4);
  for (size_t i = 0; i < r->n_points; i++)
    {
      assert_close (r2->points[i].x, r->points[i].x, 1e-9);
      assert_close (r2->edges[i].sweep, r->edges[i].sweep, 1e-12);
      assert_close (r2->edges[i].q.x, r->edges[i].q.x, 1e-9);
    }
  g_assert_cmpfloat (cm_scene_find (back, "c")->edges[0].R, ==, 12.0);
}

/* Random boundaries mixing segments and arcs (random flags, radii, a random similarity
 * above them, mirrored or not): each that reads reads back from Carom's output to the same
 * doubles, and writes the same bytes twice. */
static void
test_random_round_trips (void)
{
  guint read = 0;
  for (int trial = 0; trial < 200; trial++)
    {
      int n = g_test_rand_int_range (2, 12);
      double angles[12];
      for (int i = 0; i < n; i++)
        angles[i] = g_test_rand_double_range (0.0, 2.0 * G_PI);
      for (int i = 1; i < n; i++) /* sorted: a convex polygon of chords */
        for (int k = i; k > 0 && angles[k - 1] > angles[k]; k--)
          {
            double t = angles[k];
            angles[k] = angles[k - 1];
            angles[k - 1] = t;
          }
      g_autoptr (GString) d = g_string_new (NULL);
      char x[CAROM_SVG_NUMBER_BUF], y[CAROM_SVG_NUMBER_BUF], r[CAROM_SVG_NUMBER_BUF];
      for (int i = 0; i <= n; i++)
        {
          double t = angles[i % n];
          CgVec2 p = { 100.0 * cos (t) + 0.125, 100.0 * sin (t) - 3.0 };
          carom_svg_format_number (x, p.x);
          carom_svg_format_number (y, p.y);
          if (i == 0)
            g_string_append_printf (d, "M %s,%s", x, y);
          else if (g_test_rand_bit () || n == 2)
            {
              /* an arc bulging out (or, less, in) of the chord, small or large */
              double chord = 2.0 * 100.0 * sin (0.5 * fabs (t - angles[i - 1]));
              double radius = 0.5 * chord * g_test_rand_double_range (1.0001, 4.0);
              gboolean out = g_test_rand_int_range (0, 4) != 0;
              carom_svg_format_number (r, radius);
              g_string_append_printf (d, " A %s %s 0 %d %d %s,%s", r, r,
                                      out && g_test_rand_int_range (0, 3) == 0, !out, x, y);
            }
          else
            g_string_append_printf (d, " L %s,%s", x, y);
        }
      g_string_append (d, " Z");
      double turn = g_test_rand_double_range (-180.0, 180.0);
      double scale = g_test_rand_double_range (0.01, 100.0);
      g_autofree char *body = g_strdup_printf (
          "<g transform='translate(%g %g) rotate(%.17g) scale(%s%.17g %.17g)'>"
          "<path carom:role='%s' id='p' d='%s'/></g>",
          g_test_rand_double_range (-1e3, 1e3), g_test_rand_double_range (-1e3, 1e3), turn,
          g_test_rand_bit () ? "-" : "", scale, scale, g_test_rand_bit () ? "wall" : "obstacle",
          d->str);
      g_autofree char *svg = g_strconcat (SVG_OPEN, body, SVG_CLOSE, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (CmScene) first = carom_svg_read_memory (svg, strlen (svg), NULL, NULL, &error);
      if (first == NULL)
        {
          /* an inward arc may cross another edge: refused with a message, not read */
          g_test_message ("refused: %s", error->message);
          g_assert_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_INVALID_OBJECT);
          continue;
        }
      read++;
      g_free (assert_round_trip (body));
    }
  g_test_message ("%u of 200 read", read);
  g_assert_cmpuint (read, >=, 100);
}

typedef struct
{
  const char *body;
  CaromSvgError code;
  const char *needles[3];
} BadCase;

/* Hostile and broken curves: a message naming the element and the problem. */
static void
test_errors (void)
{
  static const BadCase cases[] = {
    { "<circle carom:role='obstacle' id='nan' r='NaN'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“nan”", "“r”" } },
    { "<circle carom:role='obstacle' id='zero' r='0'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“zero”", "“r”", "greater than 0" } },
    { "<circle carom:role='obstacle' id='huge' cx='1e308' r='1e308'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“huge”", "not a finite number" } },
    { "<g transform='scale(1e150)'><circle carom:role='obstacle' id='blown' cx='1e200' "
      "r='1'/></g>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“blown”", "not a finite number" } },
    { "<path carom:role='obstacle' id='far' d='M 0,0 L 1,0 A 1e300 1e300 0 0 1 0,0 Z'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“far”", "arc edge", "out of range" } },
    { "<g transform='scale(1e150)'><path carom:role='obstacle' id='inf' "
      "d='M 0,0 L 1e200,0 A 1e200 1e200 0 0 1 0,0 Z'/></g>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“inf”", "not a finite number", "edge 1" } },
    { "<path carom:role='obstacle' id='cross' d='M 0,0 L 20,0 A 10 10 0 0 1 0,0 L 10,-20 "
      "L 10,20 Z'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“cross”", "edges", "cross or touch" } },
    { "<path carom:role='wall' id='open' d='M 0,0 L 20,0 A 10 10 0 0 1 5,5'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“open”", "closed" } },
    { "<rect carom:role='wall' id='speck' width='1e-300' height='1e-300' rx='1e-300'/>",
      CAROM_SVG_ERROR_INVALID_OBJECT,
      { "“speck”" } },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *svg = g_strconcat (SVG_OPEN, cases[i].body, SVG_CLOSE, NULL);
      g_test_message ("case %" G_GSIZE_FORMAT ": %s", i, cases[i].body);
      g_autoptr (GError) error = NULL;
      g_autoptr (CmScene) scene = carom_svg_read_memory (svg, strlen (svg), NULL, NULL, &error);
      g_assert_null (scene);
      g_assert_error (error, CAROM_SVG_ERROR, (gint)cases[i].code);
      for (gsize k = 0; k < G_N_ELEMENTS (cases[i].needles) && cases[i].needles[k] != NULL; k++)
        if (strstr (error->message, cases[i].needles[k]) == NULL)
          g_error ("“%s” not in “%s”", cases[i].needles[k], error->message);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/svg-curve/circle", test_circle);
  g_test_add_func ("/svg-curve/arc-edge", test_arc_edge);
  g_test_add_func ("/svg-curve/path-arcs", test_path_arcs);
  g_test_add_func ("/svg-curve/rounded-rect", test_rounded_rect);
  g_test_add_func ("/svg-curve/transforms", test_transforms);
  g_test_add_func ("/svg-curve/foreign", test_foreign);
  g_test_add_func ("/svg-curve/random-round-trips", test_random_round_trips);
  g_test_add_func ("/svg-curve/errors", test_errors);
  return g_test_run ();
}
