/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-stepper.c: the stepper's state machine (control/carom-stepper.h) without
 * a display: moving through the hits, playing, and keeping a valid position
 * while the scene is edited under it. */
#include <glib.h>

#include "control/carom-document.h"
#include "control/carom-stepper.h"
#include "model/carom-edit.h"

/* The worked example (29 hits) plus a second ball. */
static CaromDocument *
example_document (void)
{
  CaromDocument *doc = carom_document_new ();
  CmScene *scene = carom_document_get_edit_scene (doc);
  CaromHistory *history = carom_document_get_history (doc);
  static const CgVec2 room[] = { { -300, -300 }, { -300, 300 }, { 300, 300 }, { 300, -300 } };
  static const CgVec2 post[] = { { 20, -100 }, { 20, 50 }, { -20, 50 }, { -20, -100 } };
  g_assert_cmpint (carom_edit_add (history, scene,
                                   cm_object_new_polygon ("room", CG_ROLE_WALL, room, 4), "Add",
                                   NULL, NULL),
                   ==, 0);
  g_assert_cmpint (carom_edit_add (history, scene,
                                   cm_object_new_polygon ("post", CG_ROLE_OBSTACLE, post, 4), "Add",
                                   NULL, NULL),
                   ==, 1);
  g_assert_cmpint (
      carom_edit_add (history, scene,
                      cm_object_new_ball ("ball", cg_v2 (-200, 0), 40, cg_v2 (1, 1), 29), "Add",
                      NULL, NULL),
      ==, 2);
  /* Straight at the post: one hit, and it stops. */
  g_assert_cmpint (
      carom_edit_add (history, scene,
                      cm_object_new_ball ("b2", cg_v2 (-200, -30), 10, cg_v2 (1, 0), 29), "Add",
                      NULL, NULL),
      ==, 3);
  carom_document_edited (doc);
  return doc;
}

static void
test_stepper_moves (void)
{
  g_autoptr (CaromDocument) doc = example_document ();
  g_autoptr (CaromStepper) st = carom_stepper_new (doc);
  g_assert_cmpuint (carom_stepper_get_ball (st), ==, 0);
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 0);
  g_assert_cmpuint (carom_stepper_get_hits (st), ==, 29);

  carom_stepper_previous (st); /* already at the start */
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 0);
  carom_stepper_next (st);
  carom_stepper_next (st);
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 2);
  carom_stepper_last (st);
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 29);
  carom_stepper_next (st); /* already at the end */
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 29);
  carom_stepper_seek (st, 1000);
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 29);
  carom_stepper_first (st);
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 0);

  /* Another ball: its own hits, from its start; a ball that is not there is ignored. */
  carom_stepper_seek (st, 5);
  carom_stepper_set_ball (st, 1);
  g_assert_cmpuint (carom_stepper_get_ball (st), ==, 1);
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 0);
  g_assert_cmpuint (carom_stepper_get_hits (st), ==, 1);
  carom_stepper_set_ball (st, 7);
  g_assert_cmpuint (carom_stepper_get_ball (st), ==, 1);
}

static void
test_stepper_play (void)
{
  g_autoptr (CaromDocument) doc = example_document ();
  g_autoptr (CaromStepper) st = carom_stepper_new (doc);
  carom_stepper_set_speed (st, 1000); /* clamped */
  g_assert_cmpfloat (carom_stepper_get_speed (st), ==, CAROM_STEPPER_SPEED_MAX);
  carom_stepper_set_speed (st, 4);
  g_assert_cmpfloat (carom_stepper_get_speed (st), ==, 4);

  carom_stepper_seek (st, 27);
  carom_stepper_play (st);
  g_assert_true (carom_stepper_get_playing (st));
  carom_stepper_tick (st);
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 28);
  g_assert_true (carom_stepper_get_playing (st));
  carom_stepper_tick (st);
  /* At the last hit it pauses. */
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 29);
  g_assert_false (carom_stepper_get_playing (st));
  /* Playing again starts over. */
  carom_stepper_toggle_play (st);
  g_assert_true (carom_stepper_get_playing (st));
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 0);
  carom_stepper_toggle_play (st);
  g_assert_false (carom_stepper_get_playing (st));

  /* The timer steps on its own: at 16 steps a second, a few in 300 ms. */
  carom_stepper_set_speed (st, 16);
  carom_stepper_play (st);
  gint64 end = g_get_monotonic_time () + 300 * 1000;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (carom_stepper_get_step (st), >=, 2);
  g_assert_cmpuint (carom_stepper_get_step (st), <, 29);
  carom_stepper_pause (st);
}

/* Edits while stepping keep a valid step: a path that gets shorter moves the
 * step back to its last hit; a ball removed moves the stepper to the first. */
static void
test_stepper_edits (void)
{
  g_autoptr (CaromDocument) doc = example_document ();
  g_autoptr (CaromStepper) st = carom_stepper_new (doc);
  carom_stepper_seek (st, 20);
  carom_stepper_play (st);
  CmScene *scene = carom_document_get_edit_scene (doc);
  CaromHistory *history = carom_document_get_history (doc);
  /* Fewer bounces: 5. */
  g_assert_true (carom_edit_set_ball (history, scene, 2, cg_v2 (-200, 0), 40, cg_v2 (1, 1), 5,
                                      "Change", NULL, NULL));
  carom_document_edited (doc);
  g_assert_cmpuint (carom_stepper_get_hits (st), ==, 5);
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 5);
  g_assert_false (carom_stepper_get_playing (st));
  /* Undo: the path is long again, the step stays where it is. */
  g_assert_true (carom_document_undo (doc));
  g_assert_cmpuint (carom_stepper_get_hits (st), ==, 29);
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 5);

  /* Follow the second ball, then delete it: back to the first. */
  carom_stepper_set_ball (st, 1);
  carom_stepper_seek (st, 1);
  guint b2 = 3;
  carom_edit_delete (history, scene, &b2, 1, "Delete");
  carom_document_edited (doc);
  g_assert_cmpuint (carom_stepper_get_ball (st), ==, 0);
  g_assert_cmpuint (carom_stepper_get_hits (st), ==, 29);
  g_assert_cmpuint (carom_stepper_get_step (st), <=, 29);

  /* No balls at all: nothing to step through. */
  guint b1 = 2;
  carom_edit_delete (history, scene, &b1, 1, "Delete");
  carom_document_edited (doc);
  g_assert_cmpuint (carom_stepper_get_hits (st), ==, 0);
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 0);
  carom_stepper_play (st);
  g_assert_false (carom_stepper_get_playing (st));
  carom_stepper_next (st);
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 0);
}

/* A heavy scene: a fan of 20,000 rays x 120 bounces in a room around a
 * post (2.4·10^6 hits), traced off the main loop. */
static gboolean
spin_until_traced (CaromDocument *d, guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64)ms * 1000;
  while (carom_document_get_tracing (d))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}

static void
test_stepper_heavy (void)
{
  g_autoptr (CaromDocument) d = carom_document_new ();
  CmScene *scene = carom_document_get_edit_scene (d);
  CaromHistory *history = carom_document_get_history (d);
  static const CgVec2 room[] = { { -300, -300 }, { -300, 300 }, { 300, 300 }, { 300, -300 } };
  static const CgVec2 post[] = { { 20, -100 }, { 20, 50 }, { -20, 50 }, { -20, -100 } };
  carom_edit_add (history, scene, cm_object_new_polygon ("room", CG_ROLE_WALL, room, 4), "Add",
                  NULL, NULL);
  carom_edit_add (history, scene, cm_object_new_polygon ("post", CG_ROLE_OBSTACLE, post, 4), "Add",
                  NULL, NULL);
  carom_edit_set_on_hit (history, scene, 1, CG_ON_HIT_REFLECT);
  carom_edit_add (
      history, scene,
      cm_object_new_fan_beam ("fan", cg_v2 (-200, 150), 4, cg_v2 (1, -0.3), 40, 20000, 120), "Add",
      NULL, NULL);
  g_autoptr (CaromStepper) st = carom_stepper_new (d);
  carom_document_edited (d);
  /* Tracing off the main loop: meanwhile the scene with no path. */
  g_assert_true (carom_document_get_tracing (d));
  const CmSceneTrace *placeholder = carom_document_get_trace (d);
  g_assert_nonnull (placeholder);
  g_assert_cmpuint (placeholder->n_hits, ==, 0);
  g_assert_true (spin_until_traced (d, 60000));
  g_assert_false (carom_stepper_get_tracing (st));
  const CmSceneTrace *done = carom_document_get_trace (d);
  g_assert_cmpuint (done->balls->len, ==, 20000);
  g_assert_cmpuint (done->n_hits, ==, 20000u * 120u);
  g_assert_false (done->cancelled);
  guint64 hits = done->n_hits;
  CgVec2 first = g_array_index (done->balls, CaromBallTrace, 0).trace.hits[0].point;

  /* A drag of the post: the last trace stays on show, pointed at the post
   * as it now is, until the new one is ready; then they swap. */
  static const CgVec2 moved[] = { { 60, -100 }, { 60, 50 }, { 20, 50 }, { 20, -100 } };
  g_assert_true (carom_edit_set_points (history, scene, 1, moved, 4, "Move", "drag", NULL, NULL));
  carom_document_edited (d);
  g_assert_true (carom_document_get_tracing (d));
  const CmSceneTrace *shown = carom_document_get_trace (d);
  g_assert_true (shown == done);
  g_assert_cmpuint (shown->n_hits, ==, hits);
  g_assert_true (cm_scene_trace_polygon (shown, 1)
                 == g_ptr_array_index (carom_document_get_scene (d)->objects, 1));
  g_assert_true (spin_until_traced (d, 60000));
  const CmSceneTrace *after = carom_document_get_trace (d);
  CgVec2 now = g_array_index (after->balls, CaromBallTrace, 0).trace.hits[0].point;
  g_assert_false (now.x == first.x && now.y == first.y);

  /* A budget smaller than the scene asks: traced to it, breadth first. */
  carom_document_set_budget (d, 1000000);
  g_assert_true (spin_until_traced (d, 60000));
  carom_document_get_trace (d);
  g_assert_true (spin_until_traced (d, 60000));
  const CmSceneTrace *cut = carom_document_get_trace (d);
  g_assert_true (cut->plan->cut);
  g_assert_cmpuint (cut->n_hits + 2 * cut->balls->len, <=, 1000000);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/stepper/moves", test_stepper_moves);
  g_test_add_func ("/stepper/play", test_stepper_play);
  g_test_add_func ("/stepper/edits", test_stepper_edits);
  g_test_add_func ("/stepper/heavy", test_stepper_heavy);
  return g_test_run ();
}
