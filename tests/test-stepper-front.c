/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-stepper-front.c: stepping a beam moves its front (control/carom-stepper.h):
 * a path length s over the beam's rays, the followed ray's hits as the
 * steps, without a display. */
#include <glib.h>
#include <math.h>

#include "control/carom-document.h"
#include "control/carom-stepper.h"
#include "model/carom-edit.h"

static void
add (CaromDocument *doc, CmObject *o)
{
  g_autoptr (GError) error = NULL;
  g_assert_cmpint (carom_edit_add (carom_document_get_history (doc),
                                   carom_document_get_edit_scene (doc), o, "Add", NULL, &error),
                   >=, 0);
  g_assert_no_error (error);
  carom_document_edited (doc);
}

/* A room from −300 to 300, a post under the first ray, and a parallel beam
 * of 3 rays (radius 10, 2 bounces) from (−100, −200) to (100, −200): they go
 * down (to the right of the line). Ray 0 (x = −100) stops on the post's top
 * at y = −10 (path 190); rays 1 and 2 bounce off the floor at y = 290 (490)
 * and the ceiling at y = −290 (490 + 580 = 1070). */
static CaromDocument *
beam_document (void)
{
  CaromDocument *doc = carom_document_new ();
  static const CgVec2 room[] = { { -300, -300 }, { -300, 300 }, { 300, 300 }, { 300, -300 } };
  static const CgVec2 post[] = { { -110, 0 }, { -90, 0 }, { -90, 50 }, { -110, 50 } };
  add (doc, cm_object_new_polygon ("room", CG_ROLE_WALL, room, 4));
  add (doc, cm_object_new_polygon ("post", CG_ROLE_OBSTACLE, post, 4));
  add (doc, cm_object_new_parallel_beam ("fan", cg_v2 (-100, -200), cg_v2 (100, -200), 10,
                                         cg_v2 (0, 1), 3, 2));
  return doc;
}

static void
test_front_steps (void)
{
  g_autoptr (CaromDocument) doc = beam_document ();
  g_autoptr (CaromStepper) st = carom_stepper_new (doc);
  const CmSceneTrace *trace = carom_document_get_trace (doc);
  g_assert_cmpuint (trace->balls->len, ==, 3);
  /* ray 0 is followed: a front, at the start */
  g_assert_cmpuint (carom_stepper_get_ball (st), ==, 0);
  g_assert_cmpfloat (carom_stepper_get_front (st), ==, 0.0);
  g_assert_cmpfloat_with_epsilon (carom_stepper_get_front_length (st), 1070.0, 1e-9);
  g_assert_cmpuint (carom_stepper_get_hits (st), ==, 1);

  /* next: ray 0's hit; then past its last hit, the end of the longest ray */
  carom_stepper_next (st);
  g_assert_cmpfloat_with_epsilon (carom_stepper_get_front (st), 190.0, 1e-9);
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 1);
  carom_stepper_next (st);
  g_assert_cmpfloat_with_epsilon (carom_stepper_get_front (st), 1070.0, 1e-9);
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 1);
  carom_stepper_previous (st);
  g_assert_cmpfloat_with_epsilon (carom_stepper_get_front (st), 190.0, 1e-9);
  carom_stepper_previous (st);
  g_assert_cmpfloat (carom_stepper_get_front (st), ==, 0.0);
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 0);

  /* another ray of the beam keeps the front; the steps are its hits */
  carom_stepper_seek_front (st, 600.0);
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 1);
  carom_stepper_set_ball (st, 1);
  g_assert_cmpfloat (carom_stepper_get_front (st), ==, 600.0);
  g_assert_cmpuint (carom_stepper_get_hits (st), ==, 2);
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 1);
  carom_stepper_next (st);
  g_assert_cmpfloat_with_epsilon (carom_stepper_get_front (st), 1070.0, 1e-9);
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 2);
  /* seek by step puts the front on that hit; s is clamped */
  carom_stepper_seek (st, 1);
  g_assert_cmpfloat_with_epsilon (carom_stepper_get_front (st), 490.0, 1e-9);
  carom_stepper_seek_front (st, 5000.0);
  g_assert_cmpfloat_with_epsilon (carom_stepper_get_front (st), 1070.0, 1e-9);
  carom_stepper_seek_front (st, -3.0);
  g_assert_cmpfloat (carom_stepper_get_front (st), ==, 0.0);
  carom_stepper_last (st);
  g_assert_cmpfloat_with_epsilon (carom_stepper_get_front (st), 1070.0, 1e-9);

  /* an edit that shortens the paths keeps the front within them */
  const CmObject *beam = g_ptr_array_index (carom_document_get_scene (doc)->objects, 2);
  g_autoptr (CmObject) v = cm_object_copy (beam);
  v->max_bounces = 1;
  g_assert_true (carom_edit_set_beam (carom_document_get_history (doc),
                                      carom_document_get_edit_scene (doc), 2, v, "Bounces", NULL,
                                      NULL));
  carom_document_edited (doc);
  g_assert_cmpfloat_with_epsilon (carom_stepper_get_front_length (st), 490.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (carom_stepper_get_front (st), 490.0, 1e-9);
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 1);
}

/* Playing moves the front smoothly and stops at its end; a ball that is no
 * beam's ray has no front and steps by hits. */
static void
test_front_plays (void)
{
  g_autoptr (CaromDocument) doc = beam_document ();
  add (doc, cm_object_new_ball ("ball", cg_v2 (0, 100), 10, cg_v2 (1, 0), 3));
  g_autoptr (CaromStepper) st = carom_stepper_new (doc);
  carom_stepper_set_speed (st, 1.0);
  carom_stepper_play (st);
  g_assert_true (carom_stepper_get_playing (st));
  carom_stepper_tick (st);
  double s1 = carom_stepper_get_front (st);
  g_assert_cmpfloat (s1, >, 0.0);
  g_assert_cmpfloat (s1, <, 190.0);
  for (int i = 0; i < 1000 && carom_stepper_get_playing (st); i++)
    carom_stepper_tick (st);
  g_assert_false (carom_stepper_get_playing (st));
  g_assert_cmpfloat_with_epsilon (carom_stepper_get_front (st), 1070.0, 1e-9);

  carom_stepper_set_ball (st, 3);
  g_assert_cmpfloat (carom_stepper_get_front (st), ==, CAROM_STEPPER_NO_FRONT);
  g_assert_cmpfloat (carom_stepper_get_front_length (st), ==, 0.0);
  carom_stepper_next (st);
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 1);
  carom_stepper_seek_front (st, 100.0); /* no front: nothing */
  g_assert_cmpuint (carom_stepper_get_step (st), ==, 1);
  /* back to a ray: a front again, from the start */
  carom_stepper_set_ball (st, 2);
  g_assert_cmpfloat (carom_stepper_get_front (st), ==, 0.0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/stepper-front/steps", test_front_steps);
  g_test_add_func ("/stepper-front/plays", test_front_plays);
  return g_test_run ();
}
