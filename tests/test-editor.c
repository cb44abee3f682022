/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-editor.c: the canvas tools (control/carom-editor.h) driven through their
 * API as the canvas drives them, in scene coordinates, without a display.
 *
 * The view is 1 pixel per scene unit with a grid of 10, so pick and snap
 * distances in pixels are distances in scene units. No main loop runs, so
 * the documents' autosave timers never fire. */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "control/carom-editor.h"
#include "model/carom-edit.h"
#include "scene-compare.h"

#define OBJ(scene, i) ((CmObject *)g_ptr_array_index ((scene)->objects, (i)))

typedef struct
{
  CaromDocument *doc;
  CaromEditor *ed;
  GPtrArray *messages; /* char*: what the editor told the user */
} Fx;

static void
on_message (CaromEditor *ed, const char *text, gpointer data)
{
  Fx *fx = data;
  (void)ed;
  g_test_message ("message: %s", text);
  g_ptr_array_add (fx->messages, g_strdup (text));
}

/* An empty document and its editor, snapping off. */
static void
fx_init (Fx *fx)
{
  fx->doc = carom_document_new ();
  fx->ed = carom_editor_new (fx->doc);
  fx->messages = g_ptr_array_new_with_free_func (g_free);
  carom_editor_set_view (fx->ed, 1.0, 10.0);
  carom_editor_set_snapping (fx->ed, FALSE, FALSE);
  g_signal_connect (fx->ed, "message", G_CALLBACK (on_message), fx);
}

static void
fx_clear (Fx *fx)
{
  g_clear_object (&fx->ed);
  g_clear_object (&fx->doc);
  g_clear_pointer (&fx->messages, g_ptr_array_unref);
}

static const CmScene *
scene (Fx *fx)
{
  return carom_document_get_scene (fx->doc);
}

static void
add_polygon (Fx *fx, const char *id, CgRole role, const CgVec2 *v, guint n)
{
  g_autoptr (GError) error = NULL;
  gint i = carom_edit_add (carom_document_get_history (fx->doc),
                           carom_document_get_edit_scene (fx->doc),
                           cm_object_new_polygon (id, role, v, n), "Setup", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (i, >=, 0);
  carom_document_edited (fx->doc);
}

static void
add_box (Fx *fx, const char *id, CgRole role, double x0, double y0, double x1, double y1)
{
  CgVec2 v[] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 } };
  add_polygon (fx, id, role, v, 4);
}

static void
add_ball (Fx *fx, const char *id, CgVec2 c, double r)
{
  g_autoptr (GError) error = NULL;
  gint i = carom_edit_add (carom_document_get_history (fx->doc),
                           carom_document_get_edit_scene (fx->doc),
                           cm_object_new_ball (id, c, r, cg_v2 (1, 0), 29), "Setup", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (i, >=, 0);
  carom_document_edited (fx->doc);
}

/* A room (0,0)-(400,400), an obstacle "post" (100,100)-(200,140) and a ball
 * of radius 20 at (300,300). */
static void
standard_scene (Fx *fx)
{
  add_box (fx, "room", CG_ROLE_WALL, 0, 0, 400, 400);
  add_box (fx, "post", CG_ROLE_OBSTACLE, 100, 100, 200, 140);
  add_ball (fx, "ball", cg_v2 (300, 300), 20);
  carom_history_seal (carom_document_get_history (fx->doc));
}

static void
click (Fx *fx, double x, double y, CaromModifiers mods)
{
  CgVec2 p = cg_v2 (x, y);
  carom_editor_motion (fx->ed, p, mods);
  g_assert_true (carom_editor_press (fx->ed, p, 1, mods));
  carom_editor_release (fx->ed, p, mods);
}

/* Press at a, move to b in `steps` events, release at b. */
static void
drag (Fx *fx, CgVec2 a, CgVec2 b, int steps, CaromModifiers mods)
{
  carom_editor_motion (fx->ed, a, mods);
  g_assert_true (carom_editor_press (fx->ed, a, 1, mods));
  for (int k = 1; k <= steps; k++)
    carom_editor_motion (fx->ed, cg_lerp (a, b, (double)k / steps), mods);
  carom_editor_release (fx->ed, b, mods);
}

static GArray *
selection (Fx *fx)
{
  return carom_editor_get_selection (fx->ed);
}

static void
assert_selection (Fx *fx, const guint *expected, guint n)
{
  g_autoptr (GArray) sel = selection (fx);
  g_assert_cmpuint (sel->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (g_array_index (sel, guint, i), ==, expected[i]);
}

static void
assert_vec_eq (CgVec2 a, CgVec2 b)
{
  g_assert_cmpfloat (a.x, ==, b.x);
  g_assert_cmpfloat (a.y, ==, b.y);
}

static void
assert_vec_near (CgVec2 a, CgVec2 b, double tol)
{
  g_assert_cmpfloat_with_epsilon (a.x, b.x, tol);
  g_assert_cmpfloat_with_epsilon (a.y, b.y, tol);
}

/* The polygon has exactly these vertices, in some rotation and direction. */
static gboolean
same_cycle (const CmObject *o, const CgVec2 *v, guint n)
{
  if (o->kind != CM_OBJECT_POLYGON || o->n_points != n)
    return FALSE;
  for (guint start = 0; start < n; start++)
    for (int dir = -1; dir <= 1; dir += 2)
      {
        gboolean ok = TRUE;
        for (guint k = 0; k < n && ok; k++)
          {
            CgVec2 p = o->points[(start + n + dir * (int)k) % n];
            ok = p.x == v[k].x && p.y == v[k].y;
          }
        if (ok)
          return TRUE;
      }
  return FALSE;
}

static CgAabb
object_bounds (const CmObject *o)
{
  return cg_polygon_bounds (o->points, o->n_points);
}

static void
assert_near (double a, double b, double tol)
{
  if (!(fabs (a - b) <= tol))
    g_error ("%.17g != %.17g (tolerance %g)", a, b, tol);
}

static void
assert_box (CgAabb box, double x0, double y0, double x1, double y1, double tol)
{
  assert_near (box.lo.x, x0, tol);
  assert_near (box.lo.y, y0, tol);
  assert_near (box.hi.x, x1, tol);
  assert_near (box.hi.y, y1, tol);
}

static gboolean
messages_contain (Fx *fx, const char *needle)
{
  for (guint i = 0; i < fx->messages->len; i++)
    if (strstr (g_ptr_array_index (fx->messages, i), needle) != NULL)
      return TRUE;
  return FALSE;
}

/* ---- polygon tool ---- */

/* Four clicks and a click on the first vertex: the first shape of a new
 * scene is a wall (stored counter-clockwise, with a word about it), and the
 * next one will be an obstacle. */
static void
test_polygon_close_on_first_vertex (void)
{
  Fx fx;
  fx_init (&fx);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_POLYGON);
  g_assert_cmpint (carom_editor_get_role (fx.ed), ==, CG_ROLE_WALL);
  static const CgVec2 v[] = { { 0, 0 }, { 200, 0 }, { 200, 200 }, { 0, 200 } };
  for (guint k = 0; k < 4; k++)
    click (&fx, v[k].x, v[k].y, 0);
  const CaromEditorState *st = carom_editor_get_state (fx.ed);
  g_assert_cmpuint (st->preview->len, ==, 4);
  g_assert_false (st->preview_closed);
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 0);

  /* 3.6 px from the first vertex: closes. */
  click (&fx, 3, -2, 0);
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 1);
  const CmObject *o = OBJ (scene (&fx), 0);
  g_assert_cmpint (o->role, ==, CG_ROLE_WALL);
  g_assert_cmpstr (o->id, ==, "wall-1");
  g_assert_true (same_cycle (o, v, 4));
  g_assert_cmpfloat (cg_polygon_signed_area (o->points, 4), <, 0.0);
  g_assert_cmpuint (carom_editor_get_state (fx.ed)->preview->len, ==, 0);
  g_assert_cmpint (carom_editor_get_role (fx.ed), ==, CG_ROLE_OBSTACLE);
  static const guint first[] = { 0 };
  assert_selection (&fx, first, 1);
  g_assert_cmpuint (fx.messages->len, ==, 1); /* the vertex order was reversed */
  g_assert_true (carom_document_get_modified (fx.doc));

  /* The next shape is an obstacle; Enter closes it. */
  click (&fx, 50, 50, 0);
  click (&fx, 100, 50, 0);
  click (&fx, 100, 100, 0);
  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_ENTER, 0));
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 2);
  g_assert_cmpint (OBJ (scene (&fx), 1)->role, ==, CG_ROLE_OBSTACLE);
  g_assert_cmpstr (OBJ (scene (&fx), 1)->id, ==, "obstacle-1");
  g_assert_cmpfloat (cg_polygon_signed_area (OBJ (scene (&fx), 1)->points, 3), >, 0.0);

  /* Each shape is one undo step. */
  g_assert_cmpstr (carom_document_get_undo_label (fx.doc), ==, "Draw Obstacle");
  g_assert_true (carom_document_undo (fx.doc));
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 1);
  g_assert_cmpstr (carom_document_get_undo_label (fx.doc), ==, "Draw Wall");
  fx_clear (&fx);
}

/* Enter closes; with fewer than 3 vertices it says why and draws nothing. */
static void
test_polygon_enter (void)
{
  Fx fx;
  fx_init (&fx);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_POLYGON);
  carom_editor_set_role (fx.ed, CG_ROLE_OBSTACLE);
  click (&fx, 10, 10, 0);
  click (&fx, 60, 10, 0);
  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_ENTER, 0));
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 0);
  g_assert_cmpuint (fx.messages->len, ==, 1);
  g_assert_cmpuint (carom_editor_get_state (fx.ed)->preview->len, ==, 2);

  click (&fx, 60, 60, 0);
  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_ENTER, 0));
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 1);
  static const CgVec2 tri[] = { { 10, 10 }, { 60, 10 }, { 60, 60 } };
  g_assert_true (same_cycle (OBJ (scene (&fx), 0), tri, 3));
  g_assert_cmpuint (carom_editor_get_state (fx.ed)->preview->len, ==, 0);
  fx_clear (&fx);
}

/* A double click closes: its first click placed the last vertex, once. */
static void
test_polygon_double_click (void)
{
  Fx fx;
  fx_init (&fx);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_POLYGON);
  carom_editor_set_role (fx.ed, CG_ROLE_OBSTACLE);
  click (&fx, 10, 10, 0);
  click (&fx, 60, 10, 0);
  click (&fx, 60, 60, 0);
  /* A second single click on the last vertex adds no zero-length edge. */
  click (&fx, 60, 60, 0);
  g_assert_cmpuint (carom_editor_get_state (fx.ed)->preview->len, ==, 3);
  g_assert_true (carom_editor_get_state (fx.ed)->preview_valid);
  g_assert_true (carom_editor_press (fx.ed, cg_v2 (60, 60), 2, 0));
  carom_editor_release (fx.ed, cg_v2 (60, 60), 0);
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 1);
  static const CgVec2 tri[] = { { 10, 10 }, { 60, 10 }, { 60, 60 } };
  g_assert_true (same_cycle (OBJ (scene (&fx), 0), tri, 3));
  g_assert_cmpuint (fx.messages->len, ==, 0);
  fx_clear (&fx);
}

/* Double-clicking the first vertex closes the polygon once and quietly:
 * the first click of the double click closes it, the second must not
 * complain about an empty polygon. */
static void
test_polygon_double_click_first_vertex (void)
{
  Fx fx;
  fx_init (&fx);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_POLYGON);
  carom_editor_set_role (fx.ed, CG_ROLE_OBSTACLE);
  click (&fx, 10, 10, 0);
  click (&fx, 60, 10, 0);
  click (&fx, 60, 60, 0);
  click (&fx, 10, 10, 0);
  g_assert_true (carom_editor_press (fx.ed, cg_v2 (10, 10), 2, 0));
  carom_editor_release (fx.ed, cg_v2 (10, 10), 0);
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 1);
  /* The first click closed it; the second says nothing. */
  g_assert_cmpuint (fx.messages->len, ==, 0);
  fx_clear (&fx);
}

/* Backspace takes back the last vertex. */
static void
test_polygon_backspace (void)
{
  Fx fx;
  fx_init (&fx);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_POLYGON);
  carom_editor_set_role (fx.ed, CG_ROLE_OBSTACLE);
  click (&fx, 10, 10, 0);
  click (&fx, 60, 10, 0);
  click (&fx, 90, 90, 0);
  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_BACKSPACE, 0));
  const CaromEditorState *st = carom_editor_get_state (fx.ed);
  g_assert_cmpuint (st->preview->len, ==, 2);
  assert_vec_eq (g_array_index (st->preview, CgVec2, 1), cg_v2 (60, 10));
  click (&fx, 60, 60, 0);
  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_ENTER, 0));
  static const CgVec2 tri[] = { { 10, 10 }, { 60, 10 }, { 60, 60 } };
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 1);
  g_assert_true (same_cycle (OBJ (scene (&fx), 0), tri, 3));
  fx_clear (&fx);
}

/* Escape drops the polygon being drawn; the scene is untouched. */
static void
test_polygon_escape (void)
{
  Fx fx;
  fx_init (&fx);
  standard_scene (&fx);
  g_autoptr (CmScene) before = scene_copy (scene (&fx));
  const char *label = carom_document_get_undo_label (fx.doc);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_POLYGON);
  click (&fx, 10, 10, 0);
  click (&fx, 60, 10, 0);
  click (&fx, 60, 60, 0);
  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_ESCAPE, 0));
  g_assert_cmpuint (carom_editor_get_state (fx.ed)->preview->len, ==, 0);
  g_assert_false (carom_editor_key (fx.ed, CAROM_KEY_ENTER, 0));
  g_assert_true (scenes_equal (scene (&fx), before));
  g_assert_cmpstr (carom_document_get_undo_label (fx.doc), ==, label);
  g_assert_cmpuint (fx.messages->len, ==, 0);
  fx_clear (&fx);
}

/* A bow tie shows as invalid while drawn and is refused with a message. */
static void
test_polygon_bow_tie (void)
{
  Fx fx;
  fx_init (&fx);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_POLYGON);
  click (&fx, 0, 0, 0);
  click (&fx, 100, 0, 0);
  click (&fx, 0, 100, 0);
  g_assert_true (carom_editor_get_state (fx.ed)->preview_valid);
  click (&fx, 100, 100, 0);
  g_assert_false (carom_editor_get_state (fx.ed)->preview_valid);
  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_ENTER, 0));
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 0);
  g_assert_false (carom_document_get_modified (fx.doc));
  g_assert_null (carom_document_get_undo_label (fx.doc));
  g_assert_cmpuint (fx.messages->len, ==, 1);
  g_assert_true (messages_contain (&fx, "cross"));
  /* Clicking the first vertex is refused the same way. */
  click (&fx, 0, 0, 0);
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 0);
  g_assert_cmpuint (fx.messages->len, ==, 2);
  fx_clear (&fx);
}

/* Shift: the new edge's direction is a multiple of 15°. */
static void
test_polygon_shift_constrains (void)
{
  Fx fx;
  fx_init (&fx);
  carom_editor_set_snapping (fx.ed, TRUE, TRUE);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_POLYGON);
  click (&fx, 0, 0, 0);
  carom_editor_motion (fx.ed, cg_v2 (100, 20), CAROM_MOD_SHIFT);
  const CaromEditorState *st = carom_editor_get_state (fx.ed);
  g_assert_cmpfloat_with_epsilon (atan2 (st->pointer.y, st->pointer.x) * 180 / G_PI, 15.0, 1e-9);
  g_assert_cmpint (st->snap, ==, CAROM_SNAP_NONE);
  click (&fx, 100, 20, CAROM_MOD_SHIFT);
  CgVec2 p = g_array_index (st->preview, CgVec2, 1);
  g_assert_cmpfloat_with_epsilon (atan2 (p.y, p.x) * 180 / G_PI, 15.0, 1e-9);
  /* The pointer's distance along that direction. */
  double along = 100 * cos (G_PI / 12) + 20 * sin (G_PI / 12);
  g_assert_cmpfloat_with_epsilon (cg_length (p), along, 1e-9);

  click (&fx, p.x - 30, p.y + 100, CAROM_MOD_SHIFT); /* 106.7° from p: 105° */
  CgVec2 q = g_array_index (st->preview, CgVec2, 2);
  g_assert_cmpfloat_with_epsilon (atan2 (q.y - p.y, q.x - p.x) * 180 / G_PI, 105.0, 1e-9);
  fx_clear (&fx);
}

/* Grid snapping rounds to the grid; Ctrl turns it off. */
static void
test_polygon_grid_snap (void)
{
  Fx fx;
  fx_init (&fx);
  carom_editor_set_snapping (fx.ed, TRUE, FALSE);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_POLYGON);
  const CaromEditorState *st = carom_editor_get_state (fx.ed);
  carom_editor_motion (fx.ed, cg_v2 (13, 27), 0);
  assert_vec_eq (st->pointer, cg_v2 (10, 30));
  g_assert_cmpint (st->snap, ==, CAROM_SNAP_GRID);
  click (&fx, 13, 27, 0);
  click (&fx, 104.9, -3.2, 0);
  click (&fx, 43.3, 58.9, CAROM_MOD_CTRL);
  g_assert_cmpint (st->snap, ==, CAROM_SNAP_NONE);
  g_assert_cmpuint (st->preview->len, ==, 3);
  assert_vec_eq (g_array_index (st->preview, CgVec2, 0), cg_v2 (10, 30));
  assert_vec_eq (g_array_index (st->preview, CgVec2, 1), cg_v2 (100, 0));
  assert_vec_eq (g_array_index (st->preview, CgVec2, 2), cg_v2 (43.3, 58.9));

  /* A coarser grid. */
  carom_editor_set_view (fx.ed, 1.0, 50.0);
  carom_editor_motion (fx.ed, cg_v2 (-74, 126), 0);
  assert_vec_eq (st->pointer, cg_v2 (-50, 150));
  fx_clear (&fx);
}

/* Object snapping: within 8 px of an object's vertex the pointer takes it
 * (before the grid); near an edge, the nearest point of the edge. */
static void
test_polygon_vertex_snap (void)
{
  Fx fx;
  fx_init (&fx);
  add_box (&fx, "post", CG_ROLE_OBSTACLE, 100, 100, 200, 200);
  carom_editor_set_snapping (fx.ed, TRUE, TRUE);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_POLYGON);
  const CaromEditorState *st = carom_editor_get_state (fx.ed);

  carom_editor_motion (fx.ed, cg_v2 (105, 104), 0);
  assert_vec_eq (st->pointer, cg_v2 (100, 100));
  g_assert_cmpint (st->snap, ==, CAROM_SNAP_VERTEX);
  carom_editor_motion (fx.ed, cg_v2 (94.5, 95), 0); /* 7.4 px away */
  g_assert_cmpint (st->snap, ==, CAROM_SNAP_VERTEX);
  assert_vec_eq (st->pointer, cg_v2 (100, 100));
  carom_editor_motion (fx.ed, cg_v2 (92.5, 96), 0); /* 8.5 px away: the grid */
  g_assert_cmpint (st->snap, ==, CAROM_SNAP_GRID);
  assert_vec_eq (st->pointer, cg_v2 (90, 100));
  carom_editor_motion (fx.ed, cg_v2 (152, 104), 0);
  g_assert_cmpint (st->snap, ==, CAROM_SNAP_EDGE);
  assert_vec_eq (st->pointer, cg_v2 (152, 100));

  click (&fx, 195, 206, 0);
  g_assert_cmpuint (st->preview->len, ==, 1);
  assert_vec_eq (g_array_index (st->preview, CgVec2, 0), cg_v2 (200, 200));

  /* The reach is in pixels: at 2 px per unit, 4.5 units is 9 px. */
  carom_editor_set_view (fx.ed, 2.0, 10.0);
  carom_editor_motion (fx.ed, cg_v2 (104.5, 100), 0);
  g_assert_cmpint (st->snap, !=, CAROM_SNAP_VERTEX);
  carom_editor_motion (fx.ed, cg_v2 (102, 102), 0);
  g_assert_cmpint (st->snap, ==, CAROM_SNAP_VERTEX);
  fx_clear (&fx);
}

/* ---- rectangle, regular polygon, ball ---- */

static void
test_rectangle (void)
{
  Fx fx;
  fx_init (&fx);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_RECTANGLE);
  /* A click without a drag draws nothing. */
  click (&fx, 300, 300, 0);
  drag (&fx, cg_v2 (300, 300), cg_v2 (301, 302), 2, 0);
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 0);

  drag (&fx, cg_v2 (-10, -20), cg_v2 (500, 400), 4, 0);
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 1);
  const CmObject *room = OBJ (scene (&fx), 0);
  g_assert_cmpint (room->role, ==, CG_ROLE_WALL);
  g_assert_cmpuint (room->n_points, ==, 4);
  assert_box (object_bounds (room), -10, -20, 500, 400, 0);

  drag (&fx, cg_v2 (110, 70), cg_v2 (10, 20), 3, 0); /* dragged up and left */
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 2);
  const CmObject *post = OBJ (scene (&fx), 1);
  g_assert_cmpint (post->role, ==, CG_ROLE_OBSTACLE);
  static const CgVec2 corners[] = { { 10, 20 }, { 110, 20 }, { 110, 70 }, { 10, 70 } };
  g_assert_true (same_cycle (post, corners, 4));
  g_assert_cmpfloat (cg_polygon_signed_area (post->points, 4), >, 0.0);
  g_assert_cmpuint (carom_editor_get_state (fx.ed)->preview->len, ==, 0);
  fx_clear (&fx);
}

static void
test_regular_polygon (void)
{
  Fx fx;
  fx_init (&fx);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_REGULAR);
  carom_editor_set_role (fx.ed, CG_ROLE_OBSTACLE);
  carom_editor_set_sides (fx.ed, 5);
  drag (&fx, cg_v2 (100, 100), cg_v2 (100, 50), 5, 0);
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 1);
  const CmObject *o = OBJ (scene (&fx), 0);
  g_assert_cmpuint (o->n_points, ==, 5);
  gboolean has_first = FALSE;
  for (size_t k = 0; k < 5; k++)
    {
      g_assert_cmpfloat_with_epsilon (cg_distance (o->points[k], cg_v2 (100, 100)), 50.0, 1e-9);
      /* Sides of equal length: 2 r sin(36°). */
      g_assert_cmpfloat_with_epsilon (cg_distance (o->points[k], o->points[(k + 1) % 5]),
                                      100 * sin (G_PI / 5), 1e-9);
      has_first = has_first || cg_distance (o->points[k], cg_v2 (100, 50)) < 1e-9;
    }
  g_assert_true (has_first);
  g_assert_cmpfloat (cg_polygon_signed_area (o->points, 5), >, 0.0);
  /* Sides are clamped to 3 .. 64. */
  carom_editor_set_sides (fx.ed, 1);
  g_assert_cmpuint (carom_editor_get_sides (fx.ed), ==, 3);
  fx_clear (&fx);
}

static void
test_ball_tool (void)
{
  Fx fx;
  fx_init (&fx);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_BALL);
  click (&fx, 50, 60, 0);
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 1);
  const CmObject *b = OBJ (scene (&fx), 0);
  g_assert_cmpint (b->kind, ==, CM_OBJECT_BALL);
  g_assert_cmpstr (b->id, ==, "ball-1");
  assert_vec_eq (b->center, cg_v2 (50, 60));
  g_assert_cmpfloat (b->radius, ==, 20.0);
  g_assert_cmpuint (b->max_bounces, ==, CAROM_DEFAULT_MAX_BOUNCES);
  static const guint first[] = { 0 };
  assert_selection (&fx, first, 1);

  /* Dragging sets the direction; the new-ball defaults apply. */
  carom_editor_set_ball_defaults (fx.ed, 7.5, 3);
  carom_editor_motion (fx.ed, cg_v2 (200, 60), 0);
  g_assert_true (carom_editor_press (fx.ed, cg_v2 (200, 60), 1, 0));
  g_assert_true (carom_editor_get_state (fx.ed)->ball_preview);
  carom_editor_motion (fx.ed, cg_v2 (230, 60), 0);
  carom_editor_motion (fx.ed, cg_v2 (260, 60), 0);
  assert_vec_near (carom_editor_get_state (fx.ed)->ball_direction, cg_v2 (1, 0), 1e-15);
  carom_editor_release (fx.ed, cg_v2 (200, 160), 0);
  g_assert_false (carom_editor_get_state (fx.ed)->ball_preview);
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 2);
  b = OBJ (scene (&fx), 1);
  g_assert_cmpstr (b->id, ==, "ball-2");
  assert_vec_eq (b->center, cg_v2 (200, 60));
  assert_vec_near (b->direction, cg_v2 (0, 1), 1e-15);
  g_assert_cmpfloat (b->radius, ==, 7.5);
  g_assert_cmpuint (b->max_bounces, ==, 3);
  fx_clear (&fx);
}

/* ---- select tool ---- */

/* Obstacles are picked inside, walls only near an edge; empty space clears;
 * Shift adds (and takes away again). */
static void
test_select_pick (void)
{
  Fx fx;
  fx_init (&fx);
  standard_scene (&fx);
  static const guint room[] = { 0 }, post[] = { 1 }, ball[] = { 2 }, post_ball[] = { 1, 2 };
  click (&fx, 150, 120, 0);
  assert_selection (&fx, post, 1);
  click (&fx, 250, 200, 0); /* inside the room, far from its edges */
  assert_selection (&fx, NULL, 0);
  click (&fx, 250, 4, 0); /* 4 px from the room's edge */
  assert_selection (&fx, room, 1);
  click (&fx, 250, 12, 0);
  assert_selection (&fx, NULL, 0);
  click (&fx, 310, 312, 0);
  assert_selection (&fx, ball, 1);
  click (&fx, 150, 120, 0);
  click (&fx, 300, 300, CAROM_MOD_SHIFT);
  assert_selection (&fx, post_ball, 2);
  click (&fx, 150, 120, CAROM_MOD_SHIFT);
  assert_selection (&fx, ball, 1);
  /* Shift on empty space keeps the selection. */
  click (&fx, 250, 200, CAROM_MOD_SHIFT);
  assert_selection (&fx, ball, 1);
  fx_clear (&fx);
}

/* A click inside an obstacle picks the obstacle, also when the obstacle
 * lies along the room's edge (obstacles are above walls). */
static void
test_select_obstacle_above_wall (void)
{
  Fx fx;
  fx_init (&fx);
  standard_scene (&fx);
  add_box (&fx, "ledge", CG_ROLE_OBSTACLE, 2, 200, 40, 260);
  click (&fx, 5, 230, 0); /* inside the ledge, 5 px from the room's edge */
  g_autoptr (GArray) sel = selection (&fx);
  g_assert_cmpuint (sel->len, ==, 1);
  guint picked = g_array_index (sel, guint, 0);
  /* Obstacles come before walls, whatever the distance to the room's edge. */
  g_assert_cmpuint (picked, ==, 3);
  fx_clear (&fx);
}

/* A rubber band selects what lies wholly inside it. */
static void
test_select_band (void)
{
  Fx fx;
  fx_init (&fx);
  standard_scene (&fx);
  static const guint post[] = { 1 }, ball[] = { 2 }, post_ball[] = { 1, 2 };
  carom_editor_motion (fx.ed, cg_v2 (90, 90), 0);
  g_assert_true (carom_editor_press (fx.ed, cg_v2 (90, 90), 1, 0));
  carom_editor_motion (fx.ed, cg_v2 (150, 150), 0);
  const CaromEditorState *st = carom_editor_get_state (fx.ed);
  g_assert_true (st->band);
  assert_box (st->band_box, 90, 90, 150, 150, 0);
  carom_editor_motion (fx.ed, cg_v2 (210, 150), 0);
  carom_editor_release (fx.ed, cg_v2 (210, 150), 0);
  g_assert_false (st->band);
  assert_selection (&fx, post, 1);

  /* Not wholly inside: the ball is cut. */
  drag (&fx, cg_v2 (90, 90), cg_v2 (310, 310), 3, 0);
  assert_selection (&fx, post, 1);
  /* The post sticks out on the left: only the ball. */
  drag (&fx, cg_v2 (120, 90), cg_v2 (330, 330), 3, 0);
  assert_selection (&fx, ball, 1);
  /* Drawn from the other corner. */
  drag (&fx, cg_v2 (330, 330), cg_v2 (90, 90), 3, 0);
  assert_selection (&fx, post_ball, 2);
  /* Shift adds to the selection. */
  click (&fx, 150, 120, 0);
  drag (&fx, cg_v2 (270, 270), cg_v2 (330, 330), 3, CAROM_MOD_SHIFT);
  assert_selection (&fx, post_ball, 2);
  fx_clear (&fx);
}

/* Dragging a selected object moves it by the snapped pointer's travel, as
 * one undo step. */
static void
test_select_drag_move (void)
{
  Fx fx;
  fx_init (&fx);
  standard_scene (&fx);
  carom_editor_set_snapping (fx.ed, TRUE, FALSE);
  g_autoptr (CmScene) before = scene_copy (scene (&fx));
  const char *label = carom_document_get_undo_label (fx.doc);

  /* A click on it selects and moves nothing. */
  click (&fx, 151, 119, 0);
  g_assert_true (scenes_equal (scene (&fx), before));
  g_assert_cmpstr (carom_document_get_undo_label (fx.doc), ==, label);

  /* Pressed at (151, 119), snapped (150, 120); released at (193, 151), snapped (190, 150). */
  carom_editor_press (fx.ed, cg_v2 (151, 119), 1, 0);
  carom_editor_motion (fx.ed, cg_v2 (152, 120), 0); /* under 3 px: not yet a drag */
  g_assert_true (scenes_equal (scene (&fx), before));
  for (int k = 1; k <= 10; k++)
    carom_editor_motion (fx.ed, cg_lerp (cg_v2 (151, 119), cg_v2 (193, 151), k / 10.0), 0);
  carom_editor_release (fx.ed, cg_v2 (193, 151), 0);
  const CmObject *post = OBJ (scene (&fx), 1);
  for (size_t k = 0; k < 4; k++)
    assert_vec_eq (post->points[k], cg_add (OBJ (before, 1)->points[k], cg_v2 (40, 30)));
  g_assert_true (cm_object_equal (OBJ (scene (&fx), 0), OBJ (before, 0)));
  g_assert_true (cm_object_equal (OBJ (scene (&fx), 2), OBJ (before, 2)));

  g_assert_cmpstr (carom_document_get_undo_label (fx.doc), ==, "Move");
  g_assert_true (carom_document_undo (fx.doc));
  g_assert_true (scenes_equal (scene (&fx), before));
  g_assert_cmpstr (carom_document_get_undo_label (fx.doc), ==, label);

  /* Two selected objects move together. */
  g_assert_true (carom_document_redo (fx.doc));
  g_autoptr (CmScene) moved = scene_copy (scene (&fx));
  click (&fx, 300, 300, CAROM_MOD_SHIFT);
  drag (&fx, cg_v2 (300, 300), cg_v2 (280, 310), 4, 0);
  assert_vec_eq (OBJ (scene (&fx), 2)->center, cg_v2 (280, 310));
  assert_vec_eq (OBJ (scene (&fx), 1)->points[0],
                 cg_add (OBJ (moved, 1)->points[0], cg_v2 (-20, 10)));
  g_assert_true (carom_document_undo (fx.doc));
  g_assert_true (scenes_equal (scene (&fx), moved));
  fx_clear (&fx);
}

/* With object snapping on, a dragged object must not snap to itself: where
 * it ends up depends on where the pointer is released, not on how many
 * motion events the drag had. */
static void
test_select_drag_no_self_snap (void)
{
  Fx fx;
  fx_init (&fx);
  standard_scene (&fx);
  carom_editor_set_snapping (fx.ed, FALSE, TRUE);
  g_autoptr (CmScene) before = scene_copy (scene (&fx));

  /* Pressed 4 px inside the post's left edge (snapped to that edge),
   * released 40 px further right, far from anything else. */
  click (&fx, 150, 120, 0);
  drag (&fx, cg_v2 (104, 120), cg_v2 (144, 120), 1, 0);
  double one_event = OBJ (scene (&fx), 1)->points[0].x - OBJ (before, 1)->points[0].x;
  g_assert_true (carom_document_undo (fx.doc));
  g_assert_true (scenes_equal (scene (&fx), before));

  drag (&fx, cg_v2 (104, 120), cg_v2 (144, 120), 40, 0);
  double many_events = OBJ (scene (&fx), 1)->points[0].x - OBJ (before, 1)->points[0].x;
  g_test_message ("moved by %g in one event, %g in 40", one_event, many_events);
  g_assert_cmpfloat (one_event, ==, 44.0);
  /* The moved object never snaps to its own outline. */
  g_assert_cmpfloat (many_events, ==, one_event);
  fx_clear (&fx);
}

/* Arrow keys nudge the selection by 1 (Shift: 10); a run of nudges is one
 * undo step. */
static void
test_select_nudge (void)
{
  Fx fx;
  fx_init (&fx);
  standard_scene (&fx);
  g_autoptr (CmScene) before = scene_copy (scene (&fx));
  g_assert_false (carom_editor_key (fx.ed, CAROM_KEY_RIGHT, 0)); /* nothing selected */
  click (&fx, 150, 120, 0);
  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_RIGHT, 0));
  assert_vec_eq (OBJ (scene (&fx), 1)->points[0], cg_v2 (101, 100));
  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_RIGHT, CAROM_MOD_SHIFT));
  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_DOWN, 0));
  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_UP, CAROM_MOD_SHIFT));
  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_LEFT, 0));
  assert_vec_eq (OBJ (scene (&fx), 1)->points[0], cg_v2 (110, 91));
  g_autoptr (CmScene) nudged = scene_copy (scene (&fx));
  /* A click ends the run: the next nudges are a step of their own. */
  click (&fx, 160, 120, 0);
  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_LEFT, 0));
  g_assert_true (carom_document_undo (fx.doc));
  g_assert_true (scenes_equal (scene (&fx), nudged));
  g_assert_true (carom_document_undo (fx.doc));
  g_assert_true (scenes_equal (scene (&fx), before));
  fx_clear (&fx);
}

/* Delete removes the selection as one undo step. */
static void
test_select_delete (void)
{
  Fx fx;
  fx_init (&fx);
  standard_scene (&fx);
  g_autoptr (CmScene) before = scene_copy (scene (&fx));
  click (&fx, 150, 120, 0);
  click (&fx, 300, 300, CAROM_MOD_SHIFT);
  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_DELETE, 0));
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 1);
  g_assert_cmpstr (OBJ (scene (&fx), 0)->id, ==, "room");
  assert_selection (&fx, NULL, 0);
  g_assert_false (carom_editor_key (fx.ed, CAROM_KEY_DELETE, 0));
  g_assert_true (carom_document_undo (fx.doc));
  g_assert_true (scenes_equal (scene (&fx), before));
  fx_clear (&fx);
}

/* The corner handle scales about the box's centre by the ratio of the
 * pointer's distances from it; one undo step. */
static void
test_select_scale_handle (void)
{
  Fx fx;
  fx_init (&fx);
  standard_scene (&fx);
  g_autoptr (CmScene) before = scene_copy (scene (&fx));
  click (&fx, 150, 120, 0);
  CgVec2 se;
  g_assert_true (carom_editor_get_handle (fx.ed, CAROM_HANDLE_SCALE_SE, &se));
  assert_vec_eq (se, cg_v2 (200, 140));
  /* From the centre (150, 120): (50, 20) -> (100, 40), twice as far. */
  drag (&fx, se, cg_v2 (250, 160), 5, 0);
  assert_box (object_bounds (OBJ (scene (&fx), 1)), 50, 80, 250, 160, 1e-9);
  g_assert_cmpstr (carom_document_get_undo_label (fx.doc), ==, "Scale");
  g_assert_true (carom_document_undo (fx.doc));
  g_assert_true (scenes_equal (scene (&fx), before));

  /* A ball scales with its radius. */
  click (&fx, 300, 300, 0);
  CgVec2 nw;
  g_assert_true (carom_editor_get_handle (fx.ed, CAROM_HANDLE_SCALE_NW, &nw));
  assert_vec_eq (nw, cg_v2 (280, 280));
  drag (&fx, nw, cg_v2 (270, 270), 2, 0);
  g_assert_cmpfloat_with_epsilon (OBJ (scene (&fx), 2)->radius, 30.0, 1e-9);
  assert_vec_near (OBJ (scene (&fx), 2)->center, cg_v2 (300, 300), 1e-9);
  fx_clear (&fx);
}

/* The rotation handle turns about the box's centre by the angle the pointer
 * sweeps: a quarter turn clockwise on screen here. */
static void
test_select_rotate_handle (void)
{
  Fx fx;
  fx_init (&fx);
  standard_scene (&fx);
  g_autoptr (CmScene) before = scene_copy (scene (&fx));
  click (&fx, 150, 120, 0);
  CgVec2 h;
  g_assert_true (carom_editor_get_handle (fx.ed, CAROM_HANDLE_ROTATE, &h));
  g_assert_cmpfloat (h.x, ==, 150);
  g_assert_cmpfloat (h.y, <, 100); /* above the box */
  drag (&fx, h, cg_v2 (210, 120), 6, 0);
  /* (x, y) -> (270 - y, x - 30) about (150, 120). */
  static const CgVec2 turned[] = { { 170, 70 }, { 170, 170 }, { 130, 170 }, { 130, 70 } };
  const CmObject *post = OBJ (scene (&fx), 1);
  g_assert_cmpuint (post->n_points, ==, 4);
  for (size_t k = 0; k < 4; k++)
    assert_vec_near (post->points[k], turned[k], 1e-9);
  g_assert_cmpstr (carom_document_get_undo_label (fx.doc), ==, "Rotate");
  g_assert_true (carom_document_undo (fx.doc));
  g_assert_true (scenes_equal (scene (&fx), before));
  fx_clear (&fx);
}

/* A selected ball's radius handle sets its radius, not its centre. */
static void
test_select_radius_handle (void)
{
  Fx fx;
  fx_init (&fx);
  standard_scene (&fx);
  g_autoptr (CmScene) before = scene_copy (scene (&fx));
  click (&fx, 300, 300, 0);
  CgVec2 h;
  g_assert_true (carom_editor_get_handle (fx.ed, CAROM_HANDLE_RADIUS, &h));
  assert_vec_eq (h, cg_v2 (320, 300));
  drag (&fx, h, cg_v2 (320, 315), 4, 0); /* 25 from the centre */
  const CmObject *ball = OBJ (scene (&fx), 2);
  g_assert_cmpfloat_with_epsilon (ball->radius, 25.0, 1e-12);
  assert_vec_eq (ball->center, cg_v2 (300, 300));
  assert_vec_eq (ball->direction, OBJ (before, 2)->direction);
  g_assert_cmpstr (carom_document_get_undo_label (fx.doc), ==, "Change Radius");
  g_assert_true (carom_document_undo (fx.doc));
  g_assert_true (scenes_equal (scene (&fx), before));
  /* No radius handle without exactly one ball selected. */
  click (&fx, 150, 120, CAROM_MOD_SHIFT);
  g_assert_false (carom_editor_get_handle (fx.ed, CAROM_HANDLE_RADIUS, &h));
  fx_clear (&fx);
}

/* ---- vertex tool ---- */

static void
select_post_for_vertices (Fx *fx)
{
  carom_editor_set_tool (fx->ed, CAROM_TOOL_VERTEX);
  click (fx, 150, 120, 0);
  static const guint post[] = { 1 };
  assert_selection (fx, post, 1);
}

/* A vertex follows the pointer while the polygon stays valid; where it
 * would cross, the scene keeps its last valid place and the preview says
 * invalid. Released there, the drag is refused whole: the polygon goes back
 * to where the drag began, the release says why, and nothing is left to
 * undo. */
static void
test_vertex_drag (void)
{
  Fx fx;
  fx_init (&fx);
  standard_scene (&fx);
  g_autoptr (CmScene) before = scene_copy (scene (&fx));
  select_post_for_vertices (&fx);
  const CaromEditorState *st = carom_editor_get_state (fx.ed);

  g_assert_true (carom_editor_press (fx.ed, cg_v2 (199, 141), 1, 0)); /* vertex (200, 140) */
  g_assert_cmpint (st->vertex_object, ==, 1);
  gint k = st->vertex;
  g_assert_cmpint (k, >=, 0);
  assert_vec_eq (OBJ (scene (&fx), 1)->points[k], cg_v2 (200, 140));
  carom_editor_motion (fx.ed, cg_v2 (205, 150), 0);
  assert_vec_eq (OBJ (scene (&fx), 1)->points[k], cg_v2 (205, 150));
  g_assert_true (st->preview_valid);
  carom_editor_motion (fx.ed, cg_v2 (215, 160), 0);
  assert_vec_eq (OBJ (scene (&fx), 1)->points[k], cg_v2 (215, 160));
  g_assert_true (st->preview_valid);

  /* Above the top edge: the polygon would cross itself. */
  carom_editor_motion (fx.ed, cg_v2 (150, 50), 0);
  g_assert_false (st->preview_valid);
  assert_vec_eq (g_array_index (st->preview, CgVec2, k), cg_v2 (150, 50));
  assert_vec_eq (OBJ (scene (&fx), 1)->points[k], cg_v2 (215, 160));
  g_assert_cmpuint (fx.messages->len, ==, 0);
  carom_editor_release (fx.ed, cg_v2 (150, 50), 0);
  g_assert_cmpuint (fx.messages->len, ==, 1);
  g_assert_true (strstr (g_ptr_array_index (fx.messages, 0), "cross") != NULL);
  assert_vec_eq (OBJ (scene (&fx), 1)->points[k], cg_v2 (200, 140));
  g_assert_true (scenes_equal (scene (&fx), before));
  g_assert_cmpint (st->vertex, ==, k);
  g_assert_true (st->preview_valid);
  g_assert_cmpstr (carom_document_get_undo_label (fx.doc), !=, "Move Vertex");

  /* A drag released where the polygon is valid is one undo step. */
  drag (&fx, cg_v2 (200, 140), cg_v2 (215, 160), 3, 0);
  assert_vec_eq (OBJ (scene (&fx), 1)->points[k], cg_v2 (215, 160));
  g_assert_cmpstr (carom_document_get_undo_label (fx.doc), ==, "Move Vertex");
  g_assert_true (carom_document_undo (fx.doc));
  g_assert_true (scenes_equal (scene (&fx), before));
  fx_clear (&fx);
}

/* A rectangle's corner dragged past the far side makes a simple polygon of
 * the other winding (a dart): it is accepted, stored in its role's
 * orientation (reversed), the dragged vertex stays the chosen one, and the
 * reversal is explained once. */
static void
test_vertex_drag_turns_over (void)
{
  Fx fx;
  fx_init (&fx);
  standard_scene (&fx);
  select_post_for_vertices (&fx);
  const CaromEditorState *st = carom_editor_get_state (fx.ed);
  double area0 = cg_polygon_signed_area (OBJ (scene (&fx), 1)->points, 4);

  g_assert_true (carom_editor_press (fx.ed, cg_v2 (200, 140), 1, 0));
  for (int i = 1; i <= 10; i++)
    carom_editor_motion (fx.ed, cg_lerp (cg_v2 (200, 140), cg_v2 (60, 80), i / 10.0), 0);
  g_assert_true (st->preview_valid);
  const CmObject *post = OBJ (scene (&fx), 1);
  g_assert_cmpuint (post->n_points, ==, 4);
  assert_vec_eq (post->points[st->vertex], cg_v2 (60, 80));
  /* Still an obstacle's orientation, though the shape turned over. */
  g_assert_true ((cg_polygon_signed_area (post->points, 4) > 0) == (area0 > 0));
  static const CgVec2 dart[] = { { 100, 100 }, { 200, 100 }, { 60, 80 }, { 100, 140 } };
  g_assert_true (same_cycle (post, dart, 4));
  /* Back and forth across the turning point: the same vertex follows. */
  carom_editor_motion (fx.ed, cg_v2 (210, 150), 0);
  assert_vec_eq (OBJ (scene (&fx), 1)->points[st->vertex], cg_v2 (210, 150));
  carom_editor_motion (fx.ed, cg_v2 (60, 80), 0);
  carom_editor_release (fx.ed, cg_v2 (60, 80), 0);
  assert_vec_eq (OBJ (scene (&fx), 1)->points[st->vertex], cg_v2 (60, 80));
  guint reversal_messages = 0;
  for (guint i = 0; i < fx.messages->len; i++)
    reversal_messages += strstr (g_ptr_array_index (fx.messages, i), "reversed") != NULL;
  g_assert_cmpuint (reversal_messages, ==, 1);
  g_assert_cmpstr (carom_document_get_undo_label (fx.doc), ==, "Move Vertex");
  fx_clear (&fx);
}

/* Double-clicking an edge inserts a vertex there; Delete removes the chosen
 * vertex; each is one undo step. */
static void
test_vertex_insert_delete (void)
{
  Fx fx;
  fx_init (&fx);
  standard_scene (&fx);
  g_autoptr (CmScene) before = scene_copy (scene (&fx));
  select_post_for_vertices (&fx);
  const CaromEditorState *st = carom_editor_get_state (fx.ed);

  /* The two presses of a double click on the top edge, 2 px off it. */
  click (&fx, 140, 98, 0);
  g_assert_true (carom_editor_press (fx.ed, cg_v2 (140, 98), 2, 0));
  carom_editor_release (fx.ed, cg_v2 (140, 98), 0);
  const CmObject *post = OBJ (scene (&fx), 1);
  g_assert_cmpuint (post->n_points, ==, 5);
  g_assert_cmpint (st->vertex_object, ==, 1);
  g_assert_cmpint (st->vertex, >=, 0);
  assert_vec_eq (post->points[st->vertex], cg_v2 (140, 100));
  static const CgVec2 five[]
      = { { 100, 100 }, { 140, 100 }, { 200, 100 }, { 200, 140 }, { 100, 140 } };
  g_assert_true (same_cycle (post, five, 5));
  g_autoptr (CmScene) inserted = scene_copy (scene (&fx));

  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_DELETE, 0));
  g_assert_cmpuint (OBJ (scene (&fx), 1)->n_points, ==, 4);
  g_assert_true (scenes_equal (scene (&fx), before));
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 3);
  g_assert_true (carom_document_undo (fx.doc));
  g_assert_true (scenes_equal (scene (&fx), inserted));
  g_assert_true (carom_document_undo (fx.doc));
  g_assert_true (scenes_equal (scene (&fx), before));
  fx_clear (&fx);
}

/* A triangle keeps its three vertices. */
static void
test_vertex_triangle_delete (void)
{
  Fx fx;
  fx_init (&fx);
  standard_scene (&fx);
  static const CgVec2 tri[] = { { 250, 50 }, { 350, 50 }, { 300, 120 } };
  add_polygon (&fx, "tri", CG_ROLE_OBSTACLE, tri, 3);
  g_autoptr (CmScene) before = scene_copy (scene (&fx));
  carom_editor_set_tool (fx.ed, CAROM_TOOL_VERTEX);
  click (&fx, 300, 70, 0);
  static const guint sel[] = { 3 };
  assert_selection (&fx, sel, 1);
  click (&fx, 349, 51, 0);
  g_assert_cmpint (carom_editor_get_state (fx.ed)->vertex, >=, 0);
  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_DELETE, 0));
  g_assert_cmpuint (fx.messages->len, ==, 1);
  g_assert_true (messages_contain (&fx, "3"));
  g_assert_true (scenes_equal (scene (&fx), before));
  fx_clear (&fx);
}

/* ---- a session ---- */

/* A room, a post and a ball drawn on an empty page, then undone one by one
 * back to the empty page. */
static void
test_undo_to_empty_page (void)
{
  Fx fx;
  fx_init (&fx);
  carom_editor_set_snapping (fx.ed, TRUE, TRUE);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_POLYGON);
  click (&fx, 0, 0, 0);
  click (&fx, 0, 400, 0);
  click (&fx, 500, 400, 0);
  click (&fx, 500, 0, 0);
  click (&fx, 2, 1, 0);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_RECTANGLE);
  drag (&fx, cg_v2 (200, 150), cg_v2 (240, 250), 5, 0);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_BALL);
  drag (&fx, cg_v2 (80, 200), cg_v2 (180, 100), 3, 0);
  const CmScene *s = scene (&fx);
  g_assert_cmpuint (s->objects->len, ==, 3);
  g_assert_cmpint (OBJ (s, 0)->role, ==, CG_ROLE_WALL);
  g_assert_cmpint (OBJ (s, 1)->role, ==, CG_ROLE_OBSTACLE);
  g_assert_cmpint (OBJ (s, 2)->kind, ==, CM_OBJECT_BALL);
  g_assert_true (carom_document_get_modified (fx.doc));
  /* The ball is traced in its room, and stops at the post. */
  const CmSceneTrace *trace = carom_document_get_trace (fx.doc);
  g_assert_cmpuint (trace->balls->len, ==, 1);
  g_assert_cmpint (g_array_index (trace->balls, CaromBallTrace, 0).trace.status, ==,
                   CG_TRACE_STOPPED);

  guint undos = 0;
  while (carom_document_undo (fx.doc))
    undos++;
  g_assert_cmpuint (undos, ==, 3);
  g_assert_cmpuint (s->objects->len, ==, 0);
  g_assert_false (carom_document_get_modified (fx.doc));
  assert_selection (&fx, NULL, 0);
  while (carom_document_redo (fx.doc))
    ;
  g_assert_cmpuint (s->objects->len, ==, 3);
  fx_clear (&fx);
}

/* Escape during a drag takes the drag back and leaves nothing to redo; a
 * change of the scene by someone else during a drag ends it there, and a
 * later Escape does not undo that other change. */
static void
test_drag_cancel_and_interruptions (void)
{
  Fx fx;
  fx_init (&fx);
  standard_scene (&fx);
  g_autoptr (CmScene) before = scene_copy (scene (&fx));

  /* Escape mid-drag: back where it was, no redo of the cancelled move. */
  carom_editor_set_tool (fx.ed, CAROM_TOOL_SELECT);
  carom_editor_motion (fx.ed, cg_v2 (150, 120), 0);
  g_assert_true (carom_editor_press (fx.ed, cg_v2 (150, 120), 1, 0));
  carom_editor_motion (fx.ed, cg_v2 (170, 130), 0);
  carom_editor_motion (fx.ed, cg_v2 (190, 150), 0);
  g_assert_false (scenes_equal (scene (&fx), before));
  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_ESCAPE, 0));
  g_assert_true (scenes_equal (scene (&fx), before));
  g_assert_false (carom_history_can_redo (carom_document_get_history (fx.doc)));
  carom_editor_release (fx.ed, cg_v2 (190, 150), 0);
  g_assert_true (scenes_equal (scene (&fx), before));

  /* Undo mid-drag (the window's Ctrl+Z): the drag ends there; Escape then
   * must not undo the step before it. */
  carom_editor_motion (fx.ed, cg_v2 (150, 120), 0);
  g_assert_true (carom_editor_press (fx.ed, cg_v2 (150, 120), 1, 0));
  carom_editor_motion (fx.ed, cg_v2 (160, 120), 0);
  carom_editor_motion (fx.ed, cg_v2 (170, 120), 0);
  g_assert_true (carom_document_undo (fx.doc)); /* the move */
  g_assert_true (scenes_equal (scene (&fx), before));
  carom_editor_key (fx.ed, CAROM_KEY_ESCAPE, 0);
  g_assert_true (scenes_equal (scene (&fx), before));
  /* The rest of the gesture changes nothing. */
  carom_editor_motion (fx.ed, cg_v2 (180, 120), 0);
  carom_editor_release (fx.ed, cg_v2 (180, 120), 0);
  g_assert_true (scenes_equal (scene (&fx), before));

  /* Delete mid-drag: the post goes, nothing else is touched. */
  carom_editor_motion (fx.ed, cg_v2 (150, 120), 0);
  g_assert_true (carom_editor_press (fx.ed, cg_v2 (150, 120), 1, 0));
  carom_editor_motion (fx.ed, cg_v2 (160, 120), 0);
  carom_editor_delete_selection (fx.ed);
  carom_editor_motion (fx.ed, cg_v2 (170, 120), 0);
  carom_editor_release (fx.ed, cg_v2 (170, 120), 0);
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 2);
  g_assert_true (cm_object_equal (g_ptr_array_index (scene (&fx)->objects, 0),
                                  g_ptr_array_index (before->objects, 0)));
  g_assert_true (cm_object_equal (g_ptr_array_index (scene (&fx)->objects, 1),
                                  g_ptr_array_index (before->objects, 2)));
  fx_clear (&fx);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/editor/polygon/close-on-first-vertex", test_polygon_close_on_first_vertex);
  g_test_add_func ("/editor/polygon/enter", test_polygon_enter);
  g_test_add_func ("/editor/polygon/double-click", test_polygon_double_click);
  g_test_add_func ("/editor/polygon/double-click-first-vertex",
                   test_polygon_double_click_first_vertex);
  g_test_add_func ("/editor/polygon/backspace", test_polygon_backspace);
  g_test_add_func ("/editor/polygon/escape", test_polygon_escape);
  g_test_add_func ("/editor/polygon/bow-tie", test_polygon_bow_tie);
  g_test_add_func ("/editor/polygon/shift-constrains", test_polygon_shift_constrains);
  g_test_add_func ("/editor/polygon/grid-snap", test_polygon_grid_snap);
  g_test_add_func ("/editor/polygon/vertex-snap", test_polygon_vertex_snap);
  g_test_add_func ("/editor/rectangle", test_rectangle);
  g_test_add_func ("/editor/regular-polygon", test_regular_polygon);
  g_test_add_func ("/editor/ball", test_ball_tool);
  g_test_add_func ("/editor/select/pick", test_select_pick);
  g_test_add_func ("/editor/select/obstacle-above-wall", test_select_obstacle_above_wall);
  g_test_add_func ("/editor/select/band", test_select_band);
  g_test_add_func ("/editor/select/drag-move", test_select_drag_move);
  g_test_add_func ("/editor/select/drag-no-self-snap", test_select_drag_no_self_snap);
  g_test_add_func ("/editor/select/nudge", test_select_nudge);
  g_test_add_func ("/editor/select/delete", test_select_delete);
  g_test_add_func ("/editor/select/scale-handle", test_select_scale_handle);
  g_test_add_func ("/editor/select/rotate-handle", test_select_rotate_handle);
  g_test_add_func ("/editor/select/radius-handle", test_select_radius_handle);
  g_test_add_func ("/editor/vertex/drag", test_vertex_drag);
  g_test_add_func ("/editor/vertex/drag-turns-over", test_vertex_drag_turns_over);
  g_test_add_func ("/editor/vertex/insert-delete", test_vertex_insert_delete);
  g_test_add_func ("/editor/vertex/triangle", test_vertex_triangle_delete);
  g_test_add_func ("/editor/undo-to-empty-page", test_undo_to_empty_page);
  g_test_add_func ("/editor/select/drag-cancel-and-interruptions",
                   test_drag_cancel_and_interruptions);
  return g_test_run ();
}
