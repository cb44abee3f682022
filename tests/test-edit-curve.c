/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-edit-curve.c: the edit commands on curved boundaries (issue 16):
 * transforms carry arcs along (a mirror flips the sweep, a uniform scale
 * scales R, a non-uniform scale is refused), vertex moves keep each arc's
 * sweep, inserting splits an arc on its circle, deleting merges, bad
 * boundaries are refused naming the edges, every command is one undo step,
 * and paste keeps the arcs. Then the Circle tool and bending an edge in the
 * Vertex tool, driven through the editor's API without a display. */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "control/carom-clipboard-data.h"
#include "control/carom-editor.h"
#include "model/carom-edit.h"
#include "scene-compare.h"

#define OBJ(scene, i) ((CmObject *)g_ptr_array_index ((scene)->objects, (i)))

static void
assert_one_step (CaromHistory *history, CmScene *scene, const CmScene *before)
{
  g_assert_false (scenes_equal (scene, before));
  g_autoptr (CmScene) after = scene_copy (scene);
  g_assert_true (carom_history_undo (history));
  g_assert_true (scenes_equal (scene, before));
  g_assert_true (carom_history_redo (history));
  g_assert_true (scenes_equal (scene, after));
}

/* Every arc of o has its ends on its circle (to 1e-9 of the size) and o is
 * valid and in its role's orientation. */
static void
assert_curve_sound (const CmObject *o)
{
  g_assert_nonnull (o->edges);
  g_autoptr (GError) error = NULL;
  g_assert_true (carom_edit_check_curve (o->points, o->edges, o->n_points, &error));
  g_assert_no_error (error);
  double area = cg_curve_signed_area (o->points, o->edges, o->n_points);
  g_assert_true (o->role == CG_ROLE_OBSTACLE ? area > 0.0 : area < 0.0);
  for (size_t i = 0; i < o->n_points; i++)
    if (o->edges[i].sweep != 0.0)
      {
        const CgCurveEdge *e = &o->edges[i];
        g_assert_cmpfloat (fabs (cg_distance (o->points[i], e->q) - e->R), <, 1e-9 * (1 + e->R));
        g_assert_cmpfloat (fabs (cg_distance (o->points[(i + 1) % o->n_points], e->q) - e->R), <,
                           1e-9 * (1 + e->R));
      }
}

/* A "D": the square (0,0)-(100,100) whose right edge (edge 1) bulges out
 * to x = 150 in a half circle of radius 50 about (100, 50). */
static CmObject *
d_shape (const char *id)
{
  static const CgVec2 v[] = { { 0, 0 }, { 100, 0 }, { 100, 100 }, { 0, 100 } };
  CmObject *o = cm_object_new_polygon (id, CG_ROLE_OBSTACLE, v, 4);
  CgCurveEdge e[4] = { cg_curve_edge_straight (), cg_curve_edge_straight (),
                       cg_curve_edge_straight (), cg_curve_edge_straight () };
  e[1] = carom_curve_edge_through (v[1], v[2], cg_v2 (150, 50), 1e-9);
  cm_object_set_edges (o, e);
  return o;
}

typedef struct
{
  CmScene *scene;
  CaromHistory *history;
} Fx;

static void
fx_init (Fx *fx)
{
  fx->scene = cm_scene_new ();
  fx->history = carom_history_new (fx->scene);
}

static void
fx_clear (Fx *fx)
{
  g_clear_pointer (&fx->history, carom_history_free);
  g_clear_pointer (&fx->scene, cm_scene_free);
}

static guint
add (Fx *fx, CmObject *o)
{
  g_autoptr (GError) error = NULL;
  gint i = carom_edit_add (fx->history, fx->scene, o, "Add", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (i, >=, 0);
  return (guint)i;
}

/* The arc through three points: through them, and straight near the chord. */
static void
test_edge_through (void)
{
  CgVec2 a = { 100, 0 }, b = { 100, 100 };
  CgCurveEdge e = carom_curve_edge_through (a, b, cg_v2 (150, 50), 1e-9);
  g_assert_cmpfloat_with_epsilon (e.R, 50.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (e.q.x, 100.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (e.q.y, 50.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (fabs (e.sweep), G_PI, 1e-12);
  CgVec2 v[2] = { a, b };
  CgCurveEdge two[2] = { e, cg_curve_edge_straight () };
  CgVec2 mid = cg_curve_edge_point (v, two, 2, 0, 0.5);
  g_assert_cmpfloat_with_epsilon (mid.x, 150.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (mid.y, 50.0, 1e-9);
  /* The other side, a shallow bulge: the point is on the arc. */
  e = carom_curve_edge_through (a, b, cg_v2 (90, 30), 1e-9);
  g_assert_cmpfloat_with_epsilon (cg_distance (cg_v2 (90, 30), e.q), e.R, 1e-9);
  g_assert_cmpfloat (fabs (e.sweep), <, G_PI);
  /* Within the tolerance of the chord: straight. */
  e = carom_curve_edge_through (a, b, cg_v2 (100.5, 50), 1.0);
  g_assert_cmpfloat (e.sweep, ==, 0.0);
}

/* A circle obstacle and a circle wall are stored oriented (2π, -2π). */
static void
test_add_circle (void)
{
  Fx fx;
  fx_init (&fx);
  CgVec2 v0;
  CgCurveEdge e;
  cg_curve_circle (cg_v2 (10, 20), 30, CG_ROLE_WALL, &v0, &e);
  /* Given the wrong way round: the command turns it. */
  CmObject *o = cm_object_new_polygon (NULL, CG_ROLE_OBSTACLE, &v0, 1);
  cm_object_set_edges (o, &e);
  gboolean reversed = FALSE;
  g_autoptr (GError) error = NULL;
  gint i = carom_edit_add (fx.history, fx.scene, o, "Draw Circle", &reversed, &error);
  g_assert_no_error (error);
  g_assert_true (reversed);
  g_assert_cmpfloat (OBJ (fx.scene, i)->edges[0].sweep, ==, 2 * G_PI);
  g_assert_cmpstr (OBJ (fx.scene, i)->id, ==, "obstacle-1");
  assert_curve_sound (OBJ (fx.scene, i));
  /* A circle of radius 0 is refused. */
  cg_curve_circle (cg_v2 (10, 20), 0, CG_ROLE_WALL, &v0, &e);
  o = cm_object_new_polygon (NULL, CG_ROLE_WALL, &v0, 1);
  cm_object_set_edges (o, &e);
  g_assert_cmpint (carom_edit_add (fx.history, fx.scene, o, "Draw Circle", NULL, &error), ==, -1);
  g_assert_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON);
  g_assert_cmpuint (fx.scene->objects->len, ==, 1);
  fx_clear (&fx);
}

/* Move, turn, scale uniformly, mirror: arcs follow; a non-uniform scale is
 * refused and changes nothing. */
static void
test_transform (void)
{
  Fx fx;
  fx_init (&fx);
  guint d = add (&fx, d_shape ("d"));
  CgVec2 v0;
  CgCurveEdge ce;
  cg_curve_circle (cg_v2 (300, 0), 40, CG_ROLE_OBSTACLE, &v0, &ce);
  CmObject *c = cm_object_new_polygon ("disk", CG_ROLE_OBSTACLE, &v0, 1);
  cm_object_set_edges (c, &ce);
  guint disk = add (&fx, c);
  guint both[] = { d, disk };
  g_autoptr (GError) error = NULL;

  g_autoptr (CmScene) before = scene_copy (fx.scene);
  CaromMatrix m = carom_matrix_translate (cg_v2 (5, -7));
  g_assert_true (
      carom_edit_transform (fx.history, fx.scene, both, 2, NULL, &m, "Move", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (OBJ (fx.scene, d)->edges[1].q.x, ==, 105);
  g_assert_cmpfloat (OBJ (fx.scene, d)->edges[1].q.y, ==, 43);
  g_assert_cmpfloat (OBJ (fx.scene, disk)->edges[0].q.x, ==, 305);
  assert_one_step (fx.history, fx.scene, before);

  g_clear_pointer (&before, cm_scene_free);
  before = scene_copy (fx.scene);
  m = carom_matrix_scale (cg_v2 (0, 0), 2, 2);
  g_assert_true (
      carom_edit_transform (fx.history, fx.scene, both, 2, NULL, &m, "Scale", NULL, &error));
  g_assert_cmpfloat_with_epsilon (OBJ (fx.scene, d)->edges[1].R, 100.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (OBJ (fx.scene, disk)->edges[0].R, 80.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (OBJ (fx.scene, disk)->edges[0].q.x, 610.0, 1e-12);
  assert_curve_sound (OBJ (fx.scene, d));
  assert_curve_sound (OBJ (fx.scene, disk));
  assert_one_step (fx.history, fx.scene, before);

  /* A turn keeps R. */
  m = carom_matrix_rotate (cg_v2 (0, 0), 0.3);
  g_assert_true (
      carom_edit_transform (fx.history, fx.scene, both, 2, NULL, &m, "Rotate", NULL, &error));
  g_assert_cmpfloat (OBJ (fx.scene, disk)->edges[0].R, ==, 80.0);
  assert_curve_sound (OBJ (fx.scene, d));

  /* A mirror: still a half circle bulging away from the square, stored
   * the obstacle's way round (the bulge's sweep sign flips twice: by the
   * mirror, then by the reversal to fit the role). */
  m = carom_matrix_scale (cg_v2 (0, 0), -1, 1);
  CgAabb box0 = cg_curve_bounds (OBJ (fx.scene, d)->points, OBJ (fx.scene, d)->edges, 4);
  g_assert_true (
      carom_edit_transform (fx.history, fx.scene, &d, 1, NULL, &m, "Flip", NULL, &error));
  const CmObject *o = OBJ (fx.scene, d);
  assert_curve_sound (o);
  CgAabb box1 = cg_curve_bounds (o->points, o->edges, 4);
  g_assert_cmpfloat_with_epsilon (box1.lo.x, -box0.hi.x, 1e-9);
  g_assert_cmpfloat_with_epsilon (box1.hi.x, -box0.lo.x, 1e-9);
  g_assert_cmpfloat_with_epsilon (cg_curve_signed_area (o->points, o->edges, 4),
                                  4e4 + 0.5 * G_PI * 1e4, 1e-6);

  /* Non-uniform: refused with a message naming the object. */
  g_clear_pointer (&before, cm_scene_free);
  before = scene_copy (fx.scene);
  m = carom_matrix_scale (cg_v2 (0, 0), 2, 1);
  g_assert_false (
      carom_edit_transform (fx.history, fx.scene, both, 2, NULL, &m, "Scale", NULL, &error));
  g_assert_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "d has arcs"));
  g_assert_true (scenes_equal (fx.scene, before));
  fx_clear (&fx);
}

/* A vertex move keeps each adjacent arc's sweep; a nudge through
 * carom_edit_set_points keeps the arcs; a move that makes the bulge cross
 * another edge is refused naming both edges. */
static void
test_vertex_move (void)
{
  Fx fx;
  fx_init (&fx);
  guint d = add (&fx, d_shape ("d"));
  double sweep = OBJ (fx.scene, d)->edges[1].sweep;
  g_autoptr (CmScene) before = scene_copy (fx.scene);
  CgVec2 v[4];
  memcpy (v, OBJ (fx.scene, d)->points, sizeof v);
  v[2] = cg_v2 (100, 160); /* the arc's end: chord 160, radius 80 */
  g_autoptr (GError) error = NULL;
  g_assert_true (
      carom_edit_set_points (fx.history, fx.scene, d, v, 4, "Move Vertex", NULL, NULL, &error));
  g_assert_no_error (error);
  const CmObject *o = OBJ (fx.scene, d);
  g_assert_cmpfloat (o->edges[1].sweep, ==, sweep);
  g_assert_cmpfloat_with_epsilon (o->edges[1].R, 80.0, 1e-9);
  g_assert_cmpfloat (o->edges[0].sweep, ==, 0.0);
  assert_curve_sound (o);
  assert_one_step (fx.history, fx.scene, before);

  /* Pull the bottom-left vertex over to the right, past the bulge. */
  g_clear_pointer (&before, cm_scene_free);
  before = scene_copy (fx.scene);
  memcpy (v, OBJ (fx.scene, d)->points, sizeof v);
  v[3] = cg_v2 (220, 80);
  g_assert_false (
      carom_edit_set_points (fx.history, fx.scene, d, v, 4, "Move Vertex", NULL, NULL, &error));
  g_assert_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "would cross"));
  g_assert_true (scenes_equal (fx.scene, before));

  /* A whole circle's vertex: the centre stays, R follows. */
  CgVec2 v0;
  CgCurveEdge ce;
  cg_curve_circle (cg_v2 (300, 0), 40, CG_ROLE_OBSTACLE, &v0, &ce);
  CmObject *c = cm_object_new_polygon ("disk", CG_ROLE_OBSTACLE, &v0, 1);
  cm_object_set_edges (c, &ce);
  guint disk = add (&fx, c);
  CgVec2 p = { 300, 50 };
  g_clear_error (&error);
  g_assert_true (
      carom_edit_set_points (fx.history, fx.scene, disk, &p, 1, "Move Vertex", NULL, NULL, &error));
  g_assert_cmpfloat (OBJ (fx.scene, disk)->edges[0].R, ==, 50.0);
  g_assert_cmpfloat (OBJ (fx.scene, disk)->edges[0].q.x, ==, 300.0);
  assert_curve_sound (OBJ (fx.scene, disk));
  fx_clear (&fx);
}

/* Insert splits an arc into two on the same circle; deleting that vertex
 * gives the arc back; deleting a vertex between an arc and a segment keeps
 * the arc's turn. */
static void
test_insert_delete (void)
{
  Fx fx;
  fx_init (&fx);
  guint d = add (&fx, d_shape ("d"));
  const CmObject *o = OBJ (fx.scene, d);
  CgCurveEdge arc = o->edges[1];
  CgVec2 v[5];
  CgCurveEdge e[5];
  carom_curve_insert_vertex (o->points, o->edges, 4, 1, 0.25, v, e);
  g_autoptr (GError) error = NULL;
  g_assert_true (
      carom_edit_set_curve (fx.history, fx.scene, d, v, e, 5, "Add Vertex", NULL, NULL, &error));
  g_assert_no_error (error);
  o = OBJ (fx.scene, d);
  g_assert_cmpuint (o->n_points, ==, 5);
  for (guint k = 1; k <= 2; k++)
    {
      g_assert_cmpfloat_with_epsilon (o->edges[k].q.x, arc.q.x, 1e-9);
      g_assert_cmpfloat_with_epsilon (o->edges[k].q.y, arc.q.y, 1e-9);
      g_assert_cmpfloat_with_epsilon (o->edges[k].R, arc.R, 1e-9);
    }
  g_assert_cmpfloat_with_epsilon (o->edges[1].sweep, 0.25 * arc.sweep, 1e-12);
  g_assert_cmpfloat_with_epsilon (o->edges[2].sweep, 0.75 * arc.sweep, 1e-12);
  /* A quarter of the half circle from (100, 0): 45° round towards x = 150. */
  g_assert_cmpfloat_with_epsilon (o->points[2].x, 100 + 50 * sin (G_PI / 4), 1e-9);
  assert_curve_sound (o);

  CgVec2 w[4];
  CgCurveEdge f[4];
  carom_curve_delete_vertex (o->points, o->edges, 5, 2, w, f);
  g_assert_true (
      carom_edit_set_curve (fx.history, fx.scene, d, w, f, 4, "Delete Vertex", NULL, NULL, &error));
  o = OBJ (fx.scene, d);
  g_assert_cmpfloat_with_epsilon (o->edges[1].sweep, arc.sweep, 1e-12);
  g_assert_cmpfloat_with_epsilon (o->edges[1].R, arc.R, 1e-9);
  g_assert_cmpfloat_with_epsilon (o->edges[1].q.x, arc.q.x, 1e-9);

  /* Delete vertex 1 (between the bottom segment and the arc): the new edge
   * from (0,0) to (100,100) turns by the arc's sweep. */
  carom_curve_delete_vertex (o->points, o->edges, 4, 1, w, f);
  g_assert_cmpfloat (f[0].sweep, ==, arc.sweep);
  g_assert_cmpfloat_with_epsilon (f[0].R, cg_distance (w[0], w[1]) / 2, 1e-9);
  /* Inserting on a circle splits it into two arcs. */
  CgVec2 v0;
  CgCurveEdge ce;
  cg_curve_circle (cg_v2 (0, 0), 10, CG_ROLE_OBSTACLE, &v0, &ce);
  CgVec2 cv[2];
  CgCurveEdge cf[2];
  carom_curve_insert_vertex (&v0, &ce, 1, 0, 0.5, cv, cf);
  g_assert_cmpfloat_with_epsilon (cv[1].x, -10, 1e-12);
  g_assert_cmpfloat (cf[0].sweep, ==, G_PI);
  g_assert_cmpfloat (cf[1].sweep, ==, G_PI);
  g_assert_true (carom_edit_check_curve (cv, cf, 2, &error));
  fx_clear (&fx);
}

/* Bend, set the radius, straighten, on-hit, role: each one undo step. */
static void
test_edge_commands (void)
{
  Fx fx;
  fx_init (&fx);
  static const CgVec2 sq[] = { { 0, 0 }, { 100, 0 }, { 100, 100 }, { 0, 100 } };
  guint i = add (&fx, cm_object_new_polygon ("sq", CG_ROLE_OBSTACLE, sq, 4));
  g_autoptr (CmScene) before = scene_copy (fx.scene);
  g_autoptr (GError) error = NULL;
  CgCurveEdge bulge = carom_curve_edge_through (sq[1], sq[2], cg_v2 (120, 50), 1e-9);
  g_assert_true (
      carom_edit_set_edge (fx.history, fx.scene, i, 1, bulge, "Bend Edge", NULL, &error));
  g_assert_true (cm_object_is_curved (OBJ (fx.scene, i)));
  assert_curve_sound (OBJ (fx.scene, i));
  assert_one_step (fx.history, fx.scene, before);

  double R = OBJ (fx.scene, i)->edges[1].R;
  g_assert_true (
      carom_edit_set_edge_radius (fx.history, fx.scene, i, 1, 2 * R, "Radius", NULL, &error));
  const CmObject *o = OBJ (fx.scene, i);
  g_assert_cmpfloat_with_epsilon (o->edges[1].R, 2 * R, 1e-9);
  g_assert_cmpfloat (o->edges[1].sweep, >, 0.0); /* still bulging out */
  assert_curve_sound (o);
  g_assert_false (
      carom_edit_set_edge_radius (fx.history, fx.scene, i, 1, 49, "Radius", NULL, &error));
  g_assert_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE);
  g_clear_error (&error);
  g_assert_false (
      carom_edit_set_edge_radius (fx.history, fx.scene, i, 0, 80, "Radius", NULL, &error));
  g_clear_error (&error);

  /* Straighten: back to a plain polygon, edges NULL (as read from a file). */
  g_assert_true (carom_edit_set_edge (fx.history, fx.scene, i, 1, cg_curve_edge_straight (),
                                      "Straighten", NULL, &error));
  g_assert_null (OBJ (fx.scene, i)->edges);
  g_assert_true (cm_object_equal (OBJ (fx.scene, i), OBJ (before, i)));

  /* A bulge into the square far enough to cross the opposite edge. */
  CgCurveEdge deep = carom_curve_edge_through (sq[1], sq[2], cg_v2 (-20, 50), 1e-9);
  g_assert_false (
      carom_edit_set_edge (fx.history, fx.scene, i, 1, deep, "Bend Edge", NULL, &error));
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Edges 0 and 1 would cross"));
  g_clear_error (&error);

  g_clear_pointer (&before, cm_scene_free);
  before = scene_copy (fx.scene);
  carom_edit_set_on_hit (fx.history, fx.scene, i, CG_ON_HIT_REFLECT);
  g_assert_cmpint (OBJ (fx.scene, i)->on_hit, ==, CG_ON_HIT_REFLECT);
  g_assert_cmpstr (carom_history_undo_label (fx.history), ==, "Reflect on Hit");
  assert_one_step (fx.history, fx.scene, before);

  /* Role change of a curved boundary: reversed with its arcs. */
  g_assert_true (
      carom_edit_set_edge (fx.history, fx.scene, i, 1, bulge, "Bend Edge", NULL, &error));
  carom_edit_set_role (fx.history, fx.scene, i, CG_ROLE_WALL);
  o = OBJ (fx.scene, i);
  assert_curve_sound (o);
  CgCurveEdge bent[4]
      = { cg_curve_edge_straight (), bulge, cg_curve_edge_straight (), cg_curve_edge_straight () };
  g_assert_cmpfloat_with_epsilon (cg_curve_signed_area (o->points, o->edges, 4),
                                  -cg_curve_signed_area (sq, bent, 4), 1e-6);
  fx_clear (&fx);
}

/* Paste (carom_edit_add_all) keeps arcs and on-hit. */
static void
test_paste (void)
{
  Fx fx;
  fx_init (&fx);
  CmObject *d = d_shape ("d");
  d->on_hit = CG_ON_HIT_REFLECT;
  guint i = add (&fx, d);
  g_autoptr (GPtrArray) objects = g_ptr_array_new ();
  g_ptr_array_add (objects, cm_object_copy (OBJ (fx.scene, i)));
  g_autoptr (GError) error = NULL;
  g_assert_true (carom_edit_add_all (fx.history, fx.scene, objects, "Paste", NULL, &error));
  const CmObject *copy = OBJ (fx.scene, 1);
  g_assert_cmpstr (copy->id, ==, "d-2");
  g_assert_cmpint (copy->on_hit, ==, CG_ON_HIT_REFLECT);
  g_assert_nonnull (copy->edges);
  g_assert_true (memcmp (copy->edges, OBJ (fx.scene, 0)->edges, 4 * sizeof *copy->edges) == 0);
  fx_clear (&fx);
}

/* Copy and paste through the clipboard's SVG (the same text Carom puts on
 * the system clipboard): a D-shape with its arc and a reflecting circle come
 * back with the same arcs and on-hit, then paste as one undo step. */
static void
test_clipboard (void)
{
  Fx fx;
  fx_init (&fx);
  guint d = add (&fx, d_shape ("d"));
  CgVec2 v0;
  CgCurveEdge ce;
  cg_curve_circle (cg_v2 (300, 0), 40, CG_ROLE_OBSTACLE, &v0, &ce);
  CmObject *c = cm_object_new_polygon ("disk", CG_ROLE_OBSTACLE, &v0, 1);
  cm_object_set_edges (c, &ce);
  c->on_hit = CG_ON_HIT_REFLECT;
  guint disk = add (&fx, c);
  guint both[] = { d, disk };
  gsize length = 0;
  g_autofree char *svg = carom_clipboard_serialize (fx.scene, both, 2, &length);
  g_test_message ("%s", svg);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) pasted = carom_clipboard_parse (svg, length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pasted->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const CmObject *a = OBJ (fx.scene, both[i]), *b = g_ptr_array_index (pasted, i);
      g_assert_cmpuint (b->n_points, ==, a->n_points);
      g_assert_cmpint (b->on_hit, ==, a->on_hit);
      g_assert_nonnull (b->edges);
      /* The same boundary: its box and area, and each arc's circle. */
      g_assert_cmpfloat_with_epsilon (cg_curve_signed_area (b->points, b->edges, b->n_points),
                                      cg_curve_signed_area (a->points, a->edges, a->n_points),
                                      1e-6);
      for (size_t k = 0; k < a->n_points; k++)
        {
          g_assert_cmpfloat (b->edges[k].sweep, ==, a->edges[k].sweep);
          if (a->edges[k].sweep != 0.0)
            {
              g_assert_cmpfloat_with_epsilon (b->edges[k].R, a->edges[k].R, 1e-9);
              g_assert_cmpfloat_with_epsilon (b->edges[k].q.x, a->edges[k].q.x, 1e-9);
              g_assert_cmpfloat_with_epsilon (b->edges[k].q.y, a->edges[k].q.y, 1e-9);
            }
        }
    }
  guint n = fx.scene->objects->len;
  g_assert_true (carom_edit_add_all (fx.history, fx.scene, pasted, "Paste", NULL, &error));
  g_assert_cmpuint (fx.scene->objects->len, ==, n + 2);
  g_assert_true (cm_object_is_curved (OBJ (fx.scene, n)));
  g_assert_true (carom_history_undo (fx.history));
  g_assert_cmpuint (fx.scene->objects->len, ==, n);
  fx_clear (&fx);
}

/* ---- the tools, through the editor's API (1 px per unit, grid 10) ---- */

typedef struct
{
  CaromDocument *doc;
  CaromEditor *ed;
  GPtrArray *messages;
} Ed;

static void
on_message (CaromEditor *ed, const char *text, gpointer data)
{
  (void)ed;
  g_test_message ("message: %s", text);
  g_ptr_array_add (((Ed *)data)->messages, g_strdup (text));
}

static void
ed_init (Ed *fx)
{
  fx->doc = carom_document_new ();
  fx->ed = carom_editor_new (fx->doc);
  fx->messages = g_ptr_array_new_with_free_func (g_free);
  carom_editor_set_view (fx->ed, 1.0, 10.0);
  carom_editor_set_snapping (fx->ed, FALSE, FALSE);
  g_signal_connect (fx->ed, "message", G_CALLBACK (on_message), fx);
}

static void
ed_clear (Ed *fx)
{
  g_clear_object (&fx->ed);
  g_clear_object (&fx->doc);
  g_clear_pointer (&fx->messages, g_ptr_array_unref);
}

static const CmScene *
ed_scene (Ed *fx)
{
  return carom_document_get_scene (fx->doc);
}

/* The Circle tool: press at the centre, drag the radius; a live preview
 * while dragging; one undo step; the role as chosen; Escape cancels; a
 * click without a drag draws nothing; snapping to the grid. */
static void
test_circle_tool (void)
{
  Ed fx;
  ed_init (&fx);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_CIRCLE);
  g_assert_cmpint (carom_editor_get_role (fx.ed), ==, CG_ROLE_WALL);
  carom_editor_press (fx.ed, cg_v2 (0, 0), 1, 0);
  carom_editor_motion (fx.ed, cg_v2 (150, 0), 0);
  const CaromEditorState *st = carom_editor_get_state (fx.ed);
  g_assert_cmpuint (st->preview->len, >=, 32);
  g_assert_true (st->preview_closed && st->preview_valid);
  g_assert_cmpfloat_with_epsilon (cg_length (g_array_index (st->preview, CgVec2, 7)), 150, 1e-9);
  carom_editor_motion (fx.ed, cg_v2 (0, 200), 0);
  carom_editor_release (fx.ed, cg_v2 (0, 200), 0);
  g_assert_cmpuint (ed_scene (&fx)->objects->len, ==, 1);
  const CmObject *room = OBJ (ed_scene (&fx), 0);
  g_assert_cmpint (room->role, ==, CG_ROLE_WALL);
  g_assert_cmpuint (room->n_points, ==, 1);
  g_assert_cmpfloat (room->edges[0].R, ==, 200);
  g_assert_cmpfloat (room->edges[0].sweep, ==, -2 * G_PI);
  g_assert_true (carom_editor_is_selected (fx.ed, 0));
  /* The room drawn, the next is an obstacle; snapped to the grid. */
  g_assert_cmpint (carom_editor_get_role (fx.ed), ==, CG_ROLE_OBSTACLE);
  carom_editor_set_snapping (fx.ed, TRUE, FALSE);
  carom_editor_press (fx.ed, cg_v2 (51, 49), 1, 0);
  carom_editor_motion (fx.ed, cg_v2 (71, 52), 0);
  carom_editor_release (fx.ed, cg_v2 (71, 52), 0);
  g_assert_cmpuint (ed_scene (&fx)->objects->len, ==, 2);
  const CmObject *disk = OBJ (ed_scene (&fx), 1);
  g_assert_cmpint (disk->role, ==, CG_ROLE_OBSTACLE);
  g_assert_cmpfloat (disk->edges[0].q.x, ==, 50);
  g_assert_cmpfloat (disk->edges[0].q.y, ==, 50);
  g_assert_cmpfloat (disk->edges[0].R, ==, 20);
  g_assert_cmpfloat (disk->edges[0].sweep, ==, 2 * G_PI);
  CaromHistory *history = carom_document_get_history (fx.doc);
  g_assert_cmpstr (carom_history_undo_label (history), ==, "Draw Circle");
  carom_document_undo (fx.doc);
  g_assert_cmpuint (ed_scene (&fx)->objects->len, ==, 1);
  carom_document_redo (fx.doc);
  g_assert_cmpuint (ed_scene (&fx)->objects->len, ==, 2);
  /* Escape in the middle of the drag: nothing drawn, no preview left. */
  carom_editor_press (fx.ed, cg_v2 (-50, -50), 1, 0);
  carom_editor_motion (fx.ed, cg_v2 (-20, -50), 0);
  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_ESCAPE, 0));
  carom_editor_release (fx.ed, cg_v2 (-20, -50), 0);
  g_assert_cmpuint (ed_scene (&fx)->objects->len, ==, 2);
  g_assert_cmpuint (carom_editor_get_state (fx.ed)->preview->len, ==, 0);
  /* A click draws nothing. */
  carom_editor_press (fx.ed, cg_v2 (-50, -50), 1, 0);
  carom_editor_release (fx.ed, cg_v2 (-50, -50), 0);
  g_assert_cmpuint (ed_scene (&fx)->objects->len, ==, 2);
  /* The disk is picked by a click inside it (its box is the circle's). */
  carom_editor_set_tool (fx.ed, CAROM_TOOL_SELECT);
  carom_editor_press (fx.ed, cg_v2 (60, 40), 1, 0);
  carom_editor_release (fx.ed, cg_v2 (60, 40), 0);
  g_assert_true (carom_editor_is_selected (fx.ed, 1));
  CgAabb box = carom_editor_get_selection_box (fx.ed);
  g_assert_cmpfloat (box.lo.x, ==, 30);
  g_assert_cmpfloat (box.hi.y, ==, 70);
  ed_clear (&fx);
}

/* The Vertices tool bends an edge by its midpoint handle: the arc through
 * its ends and the pointer, live, one undo step; back on the chord it is
 * straight again; a double click on the arc adds a vertex on its circle,
 * Delete takes it away again; a bend that would cross is refused whole. */
static void
test_bend_tool (void)
{
  Ed fx;
  ed_init (&fx);
  static const CgVec2 sq[] = { { 0, 0 }, { 100, 0 }, { 100, 100 }, { 0, 100 } };
  g_autoptr (GError) error = NULL;
  carom_edit_add (carom_document_get_history (fx.doc), carom_document_get_edit_scene (fx.doc),
                  cm_object_new_polygon ("sq", CG_ROLE_OBSTACLE, sq, 4), "Setup", NULL, &error);
  carom_document_edited (fx.doc);
  guint zero = 0;
  carom_editor_select (fx.ed, &zero, 1, FALSE);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_VERTEX);
  g_autoptr (CmScene) before = scene_copy (ed_scene (&fx));
  CgVec2 mid = carom_editor_edge_midpoint (OBJ (ed_scene (&fx), 0), 1);
  g_assert_cmpfloat (mid.x, ==, 100);
  g_assert_cmpfloat (mid.y, ==, 50);
  carom_editor_press (fx.ed, cg_v2 (101, 51), 1, 0);
  g_assert_cmpint (carom_editor_get_state (fx.ed)->edge, ==, 1);
  carom_editor_motion (fx.ed, cg_v2 (120, 50), 0);
  g_assert_true (cm_object_is_curved (OBJ (ed_scene (&fx), 0))); /* live */
  carom_editor_motion (fx.ed, cg_v2 (130, 50), 0);
  carom_editor_release (fx.ed, cg_v2 (130, 50), 0);
  const CmObject *o = OBJ (ed_scene (&fx), 0);
  g_assert_cmpfloat_with_epsilon (cg_distance (cg_v2 (130, 50), o->edges[1].q), o->edges[1].R,
                                  1e-9);
  g_assert_cmpfloat (o->edges[1].sweep, >, 0.0);
  mid = carom_editor_edge_midpoint (o, 1);
  g_assert_cmpfloat_with_epsilon (mid.x, 130, 1e-9);
  g_assert_cmpint (carom_editor_get_state (fx.ed)->edge, ==, 1);
  CaromHistory *history = carom_document_get_history (fx.doc);
  g_assert_cmpstr (carom_history_undo_label (history), ==, "Bend Edge");
  carom_document_undo (fx.doc);
  g_assert_true (scenes_equal (ed_scene (&fx), before));
  carom_document_redo (fx.doc);
  g_autoptr (CmScene) bent = scene_copy (ed_scene (&fx));

  /* Back onto the chord, within 3 px: straight, no edges left. */
  carom_editor_press (fx.ed, cg_v2 (130, 50), 1, 0);
  carom_editor_motion (fx.ed, cg_v2 (115, 50), 0);
  carom_editor_motion (fx.ed, cg_v2 (102, 48), 0);
  carom_editor_release (fx.ed, cg_v2 (102, 48), 0);
  g_assert_null (OBJ (ed_scene (&fx), 0)->edges);
  g_assert_true (scenes_equal (ed_scene (&fx), before));
  carom_document_undo (fx.doc);
  g_assert_true (scenes_equal (ed_scene (&fx), bent));

  /* Double click on the arc: a vertex on its circle, two arcs. */
  o = OBJ (ed_scene (&fx), 0);
  CgCurveEdge arc = o->edges[1];
  CgVec2 on = cg_curve_edge_point (o->points, o->edges, 4, 1, 0.25);
  carom_editor_press (fx.ed, on, 1, 0);
  carom_editor_release (fx.ed, on, 0);
  carom_editor_press (fx.ed, on, 2, 0);
  carom_editor_release (fx.ed, on, 0);
  o = OBJ (ed_scene (&fx), 0);
  g_assert_cmpuint (o->n_points, ==, 5);
  g_assert_cmpfloat_with_epsilon (o->edges[1].R, arc.R, 1e-9);
  g_assert_cmpfloat_with_epsilon (o->edges[2].R, arc.R, 1e-9);
  g_assert_cmpfloat_with_epsilon (o->edges[1].sweep + o->edges[2].sweep, arc.sweep, 1e-12);
  g_assert_cmpint (carom_editor_get_state (fx.ed)->vertex, ==, 2);
  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_DELETE, 0));
  o = OBJ (ed_scene (&fx), 0);
  g_assert_cmpuint (o->n_points, ==, 4);
  g_assert_cmpfloat_with_epsilon (o->edges[1].sweep, arc.sweep, 1e-12);
  g_assert_cmpfloat_with_epsilon (o->edges[1].q.x, arc.q.x, 1e-9);

  /* Bending the bottom edge deep into the square crosses the arc: refused
   * on release, the square as it was, and the user told why. */
  g_autoptr (CmScene) kept = scene_copy (ed_scene (&fx));
  guint n_messages = fx.messages->len;
  carom_editor_press (fx.ed, cg_v2 (50, 0), 1, 0);
  carom_editor_motion (fx.ed, cg_v2 (50, 150), 0);
  g_assert_false (carom_editor_get_state (fx.ed)->preview_valid);
  carom_editor_release (fx.ed, cg_v2 (50, 150), 0);
  g_assert_true (scenes_equal (ed_scene (&fx), kept));
  g_assert_cmpuint (fx.messages->len, ==, n_messages + 1);
  g_assert_nonnull (strstr (g_ptr_array_index (fx.messages, n_messages), "would cross"));
  ed_clear (&fx);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/edit-curve/edge-through", test_edge_through);
  g_test_add_func ("/edit-curve/add-circle", test_add_circle);
  g_test_add_func ("/edit-curve/transform", test_transform);
  g_test_add_func ("/edit-curve/vertex-move", test_vertex_move);
  g_test_add_func ("/edit-curve/insert-delete", test_insert_delete);
  g_test_add_func ("/edit-curve/edge-commands", test_edge_commands);
  g_test_add_func ("/edit-curve/paste", test_paste);
  g_test_add_func ("/edit-curve/clipboard", test_clipboard);
  g_test_add_func ("/edit-curve/circle-tool", test_circle_tool);
  g_test_add_func ("/edit-curve/bend-tool", test_bend_tool);
  return g_test_run ();
}
