/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-editor-beam.c: the Beam tool and what the Select tool and the
 * commands do to beams (control/carom-editor.h, model/carom-edit.h), driven
 * through the API as the canvas drives it, without a display.
 *
 * The view is 1 pixel per scene unit, snapping off, so positions are exact. */
#include <glib.h>
#include <math.h>

#include "control/carom-clipboard-data.h"
#include "control/carom-editor.h"
#include "io/carom-svg.h"
#include "model/carom-edit.h"

#define OBJ(scene, i) ((CmObject *)g_ptr_array_index ((scene)->objects, (i)))

typedef struct
{
  CaromDocument *doc;
  CaromEditor *ed;
} Fx;

static void
fx_init (Fx *fx)
{
  fx->doc = carom_document_new ();
  fx->ed = carom_editor_new (fx->doc);
  carom_editor_set_view (fx->ed, 1.0, 10.0);
  carom_editor_set_snapping (fx->ed, FALSE, FALSE);
  carom_editor_set_ball_defaults (fx->ed, 5.0, 12);
}

static void
fx_clear (Fx *fx)
{
  g_clear_object (&fx->ed);
  g_clear_object (&fx->doc);
}

static const CmScene *
scene (Fx *fx)
{
  return carom_document_get_scene (fx->doc);
}

static void
drag (Fx *fx, CgVec2 a, CgVec2 b, CaromModifiers mods)
{
  g_assert_true (carom_editor_press (fx->ed, a, 1, mods));
  /* in steps, as a pointer moves */
  for (int i = 1; i <= 4; i++)
    carom_editor_motion (fx->ed, cg_v2 (a.x + (b.x - a.x) * i / 4, a.y + (b.y - a.y) * i / 4),
                         mods);
  carom_editor_release (fx->ed, b, mods);
}

/* A fan dragged from (100, 100) to (200, 100): the tool's count and spread,
 * the new-ball radius and bounces, aimed along the drag; one undo step that
 * takes the fan away; redo brings it back the same. */
static void
test_fan (void)
{
  Fx fx;
  fx_init (&fx);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_BEAM);
  carom_editor_set_beam_defaults (fx.ed, CAROM_BEAM_FAN, 9, 40.0);
  CaromHistory *history = carom_document_get_history (fx.doc);
  g_assert_false (carom_history_can_undo (history));
  drag (&fx, cg_v2 (100, 100), cg_v2 (200, 100), 0);
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 1);
  const CmObject *b = OBJ (scene (&fx), 0);
  g_assert_cmpint (b->kind, ==, CM_OBJECT_BEAM);
  g_assert_cmpint (b->beam_shape, ==, CAROM_BEAM_FAN);
  g_assert_cmpuint (b->count, ==, 9);
  g_assert_cmpfloat (b->spread, ==, 40.0);
  g_assert_cmpfloat (b->radius, ==, 5.0);
  g_assert_cmpuint (b->max_bounces, ==, 12);
  g_assert_cmpfloat (b->center.x, ==, 100.0);
  g_assert_cmpfloat (b->center.y, ==, 100.0);
  g_assert_cmpfloat_with_epsilon (b->direction.x, 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (b->direction.y, 0.0, 1e-12);
  g_assert_cmpstr (b->id, ==, "beam-1");
  /* the new beam is selected */
  g_assert_true (carom_editor_is_selected (fx.ed, 0));
  /* the first and last rays are ±20° from the drag */
  CgVec2 start, d;
  carom_beam_ray (b, 0, &start, &d);
  g_assert_cmpfloat_with_epsilon (atan2 (d.y, d.x) * 180.0 / G_PI, -20.0, 1e-9);
  g_autoptr (CmObject) drawn = cm_object_copy (b);

  /* one step */
  g_assert_cmpstr (carom_history_undo_label (history), ==, "Draw Beam");
  g_assert_true (carom_document_undo (fx.doc));
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 0);
  g_assert_false (carom_history_can_undo (history));
  g_assert_true (carom_document_redo (fx.doc));
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 1);
  g_assert_true (cm_object_equal (OBJ (scene (&fx), 0), drawn));
  fx_clear (&fx);
}

/* While the pointer moves the beam is in the scene already, following it
 * (so its rays are traced live); Escape takes it away and leaves nothing to
 * undo. */
static void
test_live_and_escape (void)
{
  Fx fx;
  fx_init (&fx);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_BEAM);
  carom_editor_press (fx.ed, cg_v2 (0, 0), 1, 0);
  carom_editor_motion (fx.ed, cg_v2 (0, 50), 0);
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (OBJ (scene (&fx), 0)->direction.y, 1.0, 1e-12);
  carom_editor_motion (fx.ed, cg_v2 (-50, 0), 0);
  g_assert_cmpfloat_with_epsilon (OBJ (scene (&fx), 0)->direction.x, -1.0, 1e-12);
  g_assert_true (carom_editor_key (fx.ed, CAROM_KEY_ESCAPE, 0));
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 0);
  g_assert_false (carom_history_can_undo (carom_document_get_history (fx.doc)));
  /* the next drag makes a beam of its own, one step */
  drag (&fx, cg_v2 (10, 10), cg_v2 (10, 60), CAROM_MOD_SHIFT);
  drag (&fx, cg_v2 (300, 10), cg_v2 (300, 60), 0);
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 2);
  g_assert_true (carom_document_undo (fx.doc));
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 1);
  g_assert_cmpfloat (OBJ (scene (&fx), 0)->center.x, ==, 10.0);
  fx_clear (&fx);
}

/* With snapping on, where a fan starts snaps to the grid but its aim does
 * not (a direction, as a ball's); a parallel beam's end snaps. */
static void
test_snapping (void)
{
  Fx fx;
  fx_init (&fx);
  carom_editor_set_snapping (fx.ed, TRUE, TRUE);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_BEAM);
  drag (&fx, cg_v2 (3, -2), cg_v2 (100, 37), 0);
  const CmObject *b = OBJ (scene (&fx), 0);
  g_assert_cmpfloat (b->center.x, ==, 0.0);
  g_assert_cmpfloat (b->center.y, ==, 0.0);
  g_assert_cmpfloat_with_epsilon (atan2 (b->direction.y, b->direction.x), atan2 (37.0, 100.0),
                                  1e-12);
  carom_editor_set_beam_defaults (fx.ed, CAROM_BEAM_PARALLEL, 5, 30.0);
  drag (&fx, cg_v2 (3, 102), cg_v2 (98, 104), 0);
  b = OBJ (scene (&fx), 1);
  g_assert_cmpfloat (b->beam_end.x, ==, 100.0);
  g_assert_cmpfloat (b->beam_end.y, ==, 100.0);
  fx_clear (&fx);
}

/* A parallel beam: P1 where the drag began, P2 where it ended, its rays
 * leaving to the right of the drag on screen (y down): dragged left to
 * right, they go down. A click without a drag draws none. */
static void
test_parallel (void)
{
  Fx fx;
  fx_init (&fx);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_BEAM);
  carom_editor_set_beam_defaults (fx.ed, CAROM_BEAM_PARALLEL, 5, 30.0);
  carom_editor_press (fx.ed, cg_v2 (50, 50), 1, 0);
  carom_editor_release (fx.ed, cg_v2 (50, 50), 0);
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 0);
  drag (&fx, cg_v2 (0, 20), cg_v2 (80, 20), 0);
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 1);
  const CmObject *b = OBJ (scene (&fx), 0);
  g_assert_cmpint (b->beam_shape, ==, CAROM_BEAM_PARALLEL);
  g_assert_cmpuint (b->count, ==, 5);
  g_assert_cmpfloat (b->center.x, ==, 0.0);
  g_assert_cmpfloat (b->beam_end.x, ==, 80.0);
  g_assert_cmpfloat_with_epsilon (b->direction.x, 0.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (b->direction.y, 1.0, 1e-12);
  CgVec2 start, d;
  carom_beam_ray (b, 1, &start, &d);
  g_assert_cmpfloat (start.x, ==, 20.0);
  fx_clear (&fx);
}

/* The Select tool moves, turns and scales a beam like a ball: a parallel
 * beam's other end goes with it; delete removes it. */
static void
test_select_transforms (void)
{
  Fx fx;
  fx_init (&fx);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_BEAM);
  carom_editor_set_beam_defaults (fx.ed, CAROM_BEAM_PARALLEL, 3, 30.0);
  drag (&fx, cg_v2 (0, 0), cg_v2 (100, 0), 0);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_SELECT);
  /* picked on its line, away from the handles, dragged by (10, 20) */
  drag (&fx, cg_v2 (20, 2), cg_v2 (30, 22), 0);
  const CmObject *b = OBJ (scene (&fx), 0);
  g_assert_cmpfloat_with_epsilon (b->center.x, 10.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (b->center.y, 20.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (b->beam_end.x, 110.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (b->beam_end.y, 20.0, 1e-9);
  /* a quarter turn about the box's centre (60, 20) */
  g_assert_true (carom_editor_rotate_selection (fx.ed, 90.0));
  b = OBJ (scene (&fx), 0);
  g_assert_cmpfloat_with_epsilon (b->center.x, 60.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (b->center.y, -30.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (b->beam_end.y, 70.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (b->direction.x, -1.0, 1e-9);
  g_assert_true (carom_editor_scale_selection (fx.ed, 2.0));
  b = OBJ (scene (&fx), 0);
  g_assert_cmpfloat_with_epsilon (b->radius, 10.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (b->beam_end.y, 120.0, 1e-9);
  carom_editor_delete_selection (fx.ed);
  g_assert_cmpuint (scene (&fx)->objects->len, ==, 0);
  fx_clear (&fx);
}

/* A selected beam has a ball's handles: the direction handle aims it (a
 * parallel beam's from its midpoint, its line staying), the radius handle
 * sizes its rays' balls; each drag one step. */
static void
test_handles (void)
{
  Fx fx;
  fx_init (&fx);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_BEAM);
  carom_editor_set_beam_defaults (fx.ed, CAROM_BEAM_PARALLEL, 5, 30.0);
  drag (&fx, cg_v2 (0, 0), cg_v2 (100, 0), 0);
  carom_editor_set_tool (fx.ed, CAROM_TOOL_SELECT);
  CgVec2 at;
  g_assert_true (carom_editor_get_handle (fx.ed, CAROM_HANDLE_DIRECTION, &at));
  /* from the midpoint (50, 0), down: radius 5 + 48 px */
  g_assert_cmpfloat_with_epsilon (at.x, 50.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (at.y, 53.0, 1e-9);
  drag (&fx, at, cg_v2 (100, 50), 0);
  const CmObject *b = OBJ (scene (&fx), 0);
  g_assert_cmpfloat_with_epsilon (atan2 (b->direction.y, b->direction.x), G_PI / 4, 1e-9);
  g_assert_cmpfloat (b->beam_end.x, ==, 100.0);
  g_assert_true (carom_editor_get_handle (fx.ed, CAROM_HANDLE_RADIUS, &at));
  drag (&fx, at, cg_v2 (58, 0), 0);
  g_assert_cmpfloat_with_epsilon (OBJ (scene (&fx), 0)->radius, 8.0, 1e-9);
  g_assert_true (carom_document_undo (fx.doc));
  g_assert_cmpfloat (OBJ (scene (&fx), 0)->radius, ==, 5.0);
  g_assert_true (carom_document_undo (fx.doc));
  g_assert_cmpfloat_with_epsilon (OBJ (scene (&fx), 0)->direction.y, 1.0, 1e-12);
  fx_clear (&fx);
}

/* carom_edit_set_beam: one step, checked values, a bad one refused with a
 * message and nothing changed; held-down edits with one key merge. */
static void
test_set_beam (void)
{
  g_autoptr (CmScene) s = cm_scene_new ();
  g_autoptr (CaromHistory) h = carom_history_new (s);
  gint i = carom_edit_add (
      h, s, cm_object_new_fan_beam (NULL, cg_v2 (0, 0), 2.0, cg_v2 (0, 3), 30.0, 8, 29), "Add",
      NULL, NULL);
  g_assert_cmpint (i, ==, 0);
  g_autoptr (CmObject) v = cm_object_copy (OBJ (s, 0));
  v->count = 100;
  g_assert_true (carom_edit_set_beam (h, s, 0, v, "Rays", "k", NULL));
  v->count = 101;
  g_assert_true (carom_edit_set_beam (h, s, 0, v, "Rays", "k", NULL));
  g_assert_cmpuint (OBJ (s, 0)->count, ==, 101);
  g_assert_true (carom_history_undo (h));
  g_assert_cmpuint (OBJ (s, 0)->count, ==, 8);
  g_assert_true (carom_history_redo (h));
  g_autoptr (GError) error = NULL;
  v->count = 0;
  g_assert_false (carom_edit_set_beam (h, s, 0, v, "Rays", NULL, &error));
  g_assert_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE);
  g_clear_error (&error);
  v->count = 4;
  v->spread = 400.0;
  g_assert_false (carom_edit_set_beam (h, s, 0, v, "Spread", NULL, &error));
  g_assert_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE);
  g_assert_cmpuint (OBJ (s, 0)->count, ==, 101);
  g_assert_cmpfloat (OBJ (s, 0)->spread, ==, 30.0);
  /* a copy of an invalid beam is refused too */
  g_autoptr (GError) e2 = NULL;
  CmObject *bad = cm_object_new_fan_beam (NULL, cg_v2 (0, 0), 2.0, cg_v2 (1, 0), 30.0, 0, 29);
  g_assert_cmpint (carom_edit_add (h, s, bad, "Add", NULL, &e2), ==, -1);
  g_assert_error (e2, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE);
}

/* A beam as big as a file may hold (README: 1 to 1,000,000 rays) can be
 * edited and duplicated: changing its max bounces must not be refused for a
 * ray count the user did not touch. */
static void
test_file_sized_beam (void)
{
  static const char svg[]
      = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:carom=\"urn:carom:scene:1\">"
        "<circle carom:role=\"beam\" id=\"f\" cx=\"0\" cy=\"0\" r=\"1\" "
        "carom:direction=\"1 0\" carom:spread=\"10\" carom:count=\"1000000\" "
        "carom:max-bounces=\"0\"/></svg>";
  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) s = carom_svg_read_memory (svg, sizeof svg - 1, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (OBJ (s, 0)->count, ==, 1000000);
  g_autoptr (CaromHistory) h = carom_history_new (s);
  g_autoptr (CmObject) v = cm_object_copy (OBJ (s, 0));
  v->max_bounces = 1;
  g_assert_true (carom_edit_set_beam (h, s, 0, v, "Max bounces", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (OBJ (s, 0)->max_bounces, ==, 1);
  g_assert_cmpint (carom_edit_add (h, s, cm_object_copy (OBJ (s, 0)), "Duplicate", NULL, &error),
                   ==, 1);
  g_assert_no_error (error);
}

/* Adds a ball of radius r at (x, 0) as one edit; returns its index. */
static guint
add_ball (Fx *fx, double x, double r, gboolean hidden)
{
  CmObject *ball = cm_object_new_ball (NULL, cg_v2 (x, 0), r, cg_v2 (1, 0), 3);
  ball->hidden = hidden;
  gint i = carom_edit_add (carom_document_get_history (fx->doc),
                           carom_document_get_edit_scene (fx->doc), ball, "Draw Ball", NULL, NULL);
  g_assert_cmpint (i, >=, 0);
  carom_document_edited (fx->doc);
  return (guint)i;
}

/* A new beam's balls are the scene's size: the selected ball's radius,
 * else the radius most of the scene's balls and beams have (the last one's
 * on a tie; hidden ones do not count), else the new-ball default. */
static void
test_radius_from_scene (void)
{
  Fx fx;
  fx_init (&fx); /* new balls: radius 5 */
  carom_editor_set_tool (fx.ed, CAROM_TOOL_BEAM);
  g_assert_cmpfloat (carom_editor_get_beam_radius (fx.ed), ==, 5.0);
  guint small = add_ball (&fx, 0, 12, FALSE);
  g_assert_cmpfloat (carom_editor_get_beam_radius (fx.ed), ==, 12.0);
  add_ball (&fx, 100, 30, FALSE);
  g_assert_cmpfloat (carom_editor_get_beam_radius (fx.ed), ==, 30.0); /* a tie: the last */
  add_ball (&fx, 200, 12, FALSE);
  g_assert_cmpfloat (carom_editor_get_beam_radius (fx.ed), ==, 12.0); /* most of them */
  add_ball (&fx, 300, 30, TRUE);
  add_ball (&fx, 400, 30, TRUE);
  g_assert_cmpfloat (carom_editor_get_beam_radius (fx.ed), ==, 12.0); /* hidden: not counted */
  guint big = add_ball (&fx, 500, 30, FALSE);
  g_assert_cmpfloat (carom_editor_get_beam_radius (fx.ed), ==, 30.0);

  /* a fan drawn now has that radius; then the selected ball's */
  drag (&fx, cg_v2 (0, 200), cg_v2 (100, 200), 0);
  const CmObject *fan = OBJ (scene (&fx), scene (&fx)->objects->len - 1);
  g_assert_cmpint (fan->kind, ==, CM_OBJECT_BEAM);
  g_assert_cmpfloat (fan->radius, ==, 30.0);
  carom_editor_select (fx.ed, &small, 1, FALSE);
  g_assert_cmpfloat (carom_editor_get_beam_radius (fx.ed), ==, 12.0);
  carom_editor_set_beam_defaults (fx.ed, CAROM_BEAM_PARALLEL, 4, 30.0);
  drag (&fx, cg_v2 (0, 300), cg_v2 (100, 300), 0);
  const CmObject *line = OBJ (scene (&fx), scene (&fx)->objects->len - 1);
  g_assert_cmpint (line->beam_shape, ==, CAROM_BEAM_PARALLEL);
  g_assert_cmpfloat (line->radius, ==, 12.0);
  /* the new beam is selected: the next one is its size */
  g_assert_cmpfloat (carom_editor_get_beam_radius (fx.ed), ==, 12.0);
  carom_editor_select (fx.ed, &big, 1, FALSE);
  g_assert_cmpfloat (carom_editor_get_beam_radius (fx.ed), ==, 30.0);
  fx_clear (&fx);
}

/* Copy and paste: a fan and a parallel beam come back from the clipboard's
 * SVG as they were (the same shape, start, end, direction, spread, rays). */
static void
test_clipboard (void)
{
  g_autoptr (CmScene) s = cm_scene_new ();
  g_ptr_array_add (s->objects, cm_object_new_fan_beam ("fan", cg_v2 (10, 20), 3.0,
                                                       cg_v2 (0.6, -0.8), 45.0, 7, 11));
  g_ptr_array_add (s->objects, cm_object_new_parallel_beam ("line", cg_v2 (-5, 0), cg_v2 (5, 40),
                                                            2.0, cg_v2 (1, 0), 4, 29));
  guint all[] = { 0, 1 };
  gsize length = 0;
  g_autofree char *svg = carom_clipboard_serialize (s, all, 2, &length);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) back = carom_clipboard_parse (svg, length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const CmObject *a = g_ptr_array_index (s->objects, i), *b = g_ptr_array_index (back, i);
      g_assert_cmpint (b->kind, ==, CM_OBJECT_BEAM);
      g_assert_cmpint (b->beam_shape, ==, a->beam_shape);
      g_assert_cmpuint (b->count, ==, a->count);
      g_assert_cmpuint (b->max_bounces, ==, a->max_bounces);
      g_assert_cmpfloat_with_epsilon (b->radius, a->radius, 1e-9);
      g_assert_cmpfloat_with_epsilon (b->center.x, a->center.x, 1e-9);
      g_assert_cmpfloat_with_epsilon (b->center.y, a->center.y, 1e-9);
      g_assert_cmpfloat_with_epsilon (b->direction.x, a->direction.x, 1e-6);
      g_assert_cmpfloat_with_epsilon (b->direction.y, a->direction.y, 1e-6);
      if (a->beam_shape == CAROM_BEAM_FAN)
        g_assert_cmpfloat_with_epsilon (b->spread, a->spread, 1e-9);
      else
        {
          g_assert_cmpfloat_with_epsilon (b->beam_end.x, a->beam_end.x, 1e-9);
          g_assert_cmpfloat_with_epsilon (b->beam_end.y, a->beam_end.y, 1e-9);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/editor-beam/fan", test_fan);
  g_test_add_func ("/editor-beam/file-sized-beam", test_file_sized_beam);
  g_test_add_func ("/editor-beam/live-and-escape", test_live_and_escape);
  g_test_add_func ("/editor-beam/parallel", test_parallel);
  g_test_add_func ("/editor-beam/snapping", test_snapping);
  g_test_add_func ("/editor-beam/select-transforms", test_select_transforms);
  g_test_add_func ("/editor-beam/handles", test_handles);
  g_test_add_func ("/editor-beam/set-beam", test_set_beam);
  g_test_add_func ("/editor-beam/clipboard", test_clipboard);
  g_test_add_func ("/editor-beam/radius-from-scene", test_radius_from_scene);
  return g_test_run ();
}
