/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-stepper.c: the stepper's state machine (app/carom-stepper.h) without
 * a display: moving through the hits, playing, and keeping a valid position
 * while the scene is edited under it. */
#include <glib.h>

#include "app/carom-document.h"
#include "app/carom-stepper.h"
#include "model/carom-edit.h"

/* The worked example (29 hits) plus a second ball. */
static CaromDocument *
example_document (void)
{
  CaromDocument *doc = carom_document_new ();
  CaromScene *scene = carom_document_get_edit_scene (doc);
  CaromHistory *history = carom_document_get_history (doc);
  static const CgVec2 room[] = { { -300, -300 }, { -300, 300 }, { 300, 300 }, { 300, -300 } };
  static const CgVec2 post[] = { { 20, -100 }, { 20, 50 }, { -20, 50 }, { -20, -100 } };
  g_assert_cmpint (carom_edit_add (history, scene,
                                   carom_object_new_polygon ("room", CG_ROLE_WALL, room, 4), "Add",
                                   NULL, NULL),
                   ==, 0);
  g_assert_cmpint (carom_edit_add (history, scene,
                                   carom_object_new_polygon ("post", CG_ROLE_OBSTACLE, post, 4),
                                   "Add", NULL, NULL),
                   ==, 1);
  g_assert_cmpint (
      carom_edit_add (history, scene,
                      carom_object_new_ball ("ball", cg_v2 (-200, 0), 40, cg_v2 (1, 1), 29), "Add",
                      NULL, NULL),
      ==, 2);
  /* Straight at the post: one hit, and it stops. */
  g_assert_cmpint (
      carom_edit_add (history, scene,
                      carom_object_new_ball ("b2", cg_v2 (-200, -30), 10, cg_v2 (1, 0), 29), "Add",
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
  CaromScene *scene = carom_document_get_edit_scene (doc);
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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/stepper/moves", test_stepper_moves);
  g_test_add_func ("/stepper/play", test_stepper_play);
  g_test_add_func ("/stepper/edits", test_stepper_edits);
  return g_test_run ();
}
