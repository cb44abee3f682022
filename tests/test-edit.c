/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-edit.c: the edit commands (model/carom-edit.h) check what they are
 * given, keep polygons valid and in their role's orientation, and are each
 * one undo step that gives back the scene exactly. */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "model/carom-edit.h"
#include "model/carom-tracing.h"

#include "scene-compare.h"

#define OBJ(scene, i) ((CmObject *)g_ptr_array_index ((scene)->objects, (i)))

/* A room (wall), a post (obstacle) and a ball, all in their role's
 * orientation, as the reader would give them. */
static CmScene *
seed_scene (void)
{
  static const CgVec2 room[] = { { -300, -300 }, { -300, 300 }, { 300, 300 }, { 300, -300 } };
  static const CgVec2 post[] = { { 20, -100 }, { 20, 50 }, { -20, 50 }, { -20, -100 } };
  CmScene *scene = cm_scene_new ();
  cm_scene_add_polygon (scene, "room", CG_ROLE_WALL, room, 4);
  cm_scene_add_polygon (scene, "post", CG_ROLE_OBSTACLE, post, 4);
  cm_scene_add_ball (scene, "ball", cg_v2 (-200, 0), 40, cg_v2 (1, 0), 29);
  return scene;
}

/* Fails naming the first object that differs. */
static void
assert_scenes_equal (const CmScene *a, const CmScene *b)
{
  g_assert_cmpuint (a->objects->len, ==, b->objects->len);
  for (guint i = 0; i < a->objects->len; i++)
    if (!cm_object_equal (OBJ (a, i), OBJ (b, i)))
      g_error ("object %u differs: %s / %s", i, OBJ (a, i)->id, OBJ (b, i)->id);
}

/* The command just applied changed the scene from before in one undo step:
 * undo gives back before exactly, redo gives back the changed scene. */
static void
assert_one_step (CaromHistory *history, CmScene *scene, const CmScene *before)
{
  g_assert_false (scenes_equal (scene, before));
  g_assert_false (carom_history_can_redo (history));
  g_autoptr (CmScene) after = scene_copy (scene);
  g_assert_true (carom_history_undo (history));
  assert_scenes_equal (scene, before);
  g_assert_true (carom_history_redo (history));
  assert_scenes_equal (scene, after);
  g_assert_false (carom_history_can_redo (history));
}

static CgRole
role_of_area (double area)
{
  return area < 0.0 ? CG_ROLE_WALL : CG_ROLE_OBSTACLE;
}

/* Polygons are valid, non-degenerate and stored in their role's orientation
 * (geometry.md: walls A < 0, obstacles A > 0); ids are set and unique. */
static void
assert_scene_sound (const CmScene *scene)
{
  g_autoptr (GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *o = OBJ (scene, i);
      g_assert_nonnull (o->id);
      g_assert_false (g_hash_table_contains (ids, o->id));
      g_hash_table_add (ids, o->id);
      if (o->kind == CM_OBJECT_POLYGON)
        {
          g_assert_cmpint (cg_polygon_validate (o->points, o->n_points).status, ==, CG_POLYGON_OK);
          double a = cg_polygon_signed_area (o->points, o->n_points);
          g_assert_cmpfloat (a, !=, 0.0);
          g_assert_cmpint (role_of_area (a), ==, o->role);
        }
      else
        {
          g_assert_cmpfloat (o->radius, >, 0.0);
          g_assert_cmpfloat_with_epsilon (cg_length (o->direction), 1.0, 1e-12);
        }
    }
}

static void
assert_vec_eq (CgVec2 a, CgVec2 b)
{
  g_assert_cmpfloat (a.x, ==, b.x);
  g_assert_cmpfloat (a.y, ==, b.y);
}

/* ---- add ---- */

/* A wall drawn clockwise on screen (A > 0) is stored reversed and says so;
 * an obstacle drawn the right way round is stored as drawn. */
static void
test_edit_add_orientation (void)
{
  static const CgVec2 drawn[] = { { 0, 0 }, { 100, 0 }, { 100, 80 }, { 0, 80 } };
  g_assert_cmpfloat (cg_polygon_signed_area (drawn, 4), >, 0.0);
  g_autoptr (CmScene) scene = cm_scene_new ();
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  g_autoptr (CmScene) empty = scene_copy (scene);

  gboolean reversed = FALSE;
  g_autoptr (GError) error = NULL;
  gint index = carom_edit_add (history, scene, cm_object_new_polygon (NULL, CG_ROLE_WALL, drawn, 4),
                               "Draw Wall", &reversed, &error);
  g_assert_no_error (error);
  g_assert_cmpint (index, ==, 0);
  g_assert_true (reversed);
  const CmObject *wall = OBJ (scene, 0);
  g_assert_cmpint (wall->role, ==, CG_ROLE_WALL);
  g_assert_cmpuint (wall->n_points, ==, 4);
  g_assert_cmpfloat (cg_polygon_signed_area (wall->points, 4), <, 0.0);
  for (guint k = 0; k < 4; k++)
    assert_vec_eq (wall->points[k], drawn[3 - k]);
  g_assert_cmpstr (carom_history_undo_label (history), ==, "Draw Wall");
  assert_one_step (history, scene, empty);

  g_autoptr (CmScene) before = scene_copy (scene);
  static const CgVec2 box[] = { { 10, 10 }, { 30, 10 }, { 30, 30 }, { 10, 30 } };
  reversed = TRUE;
  index = carom_edit_add (history, scene, cm_object_new_polygon (NULL, CG_ROLE_OBSTACLE, box, 4),
                          "Draw Obstacle", &reversed, &error);
  g_assert_no_error (error);
  g_assert_cmpint (index, ==, 1);
  g_assert_false (reversed);
  for (guint k = 0; k < 4; k++)
    assert_vec_eq (OBJ (scene, 1)->points[k], box[k]);
  assert_one_step (history, scene, before);
  assert_scene_sound (scene);
}

/* A self-crossing polygon, too few vertices or a ball that cannot be are
 * refused, and the scene and its history stay as they were. */
static void
test_edit_add_invalid (void)
{
  static const CgVec2 bow_tie[] = { { 0, 0 }, { 100, 0 }, { 0, 100 }, { 100, 100 } };
  static const CgVec2 line[] = { { 0, 0 }, { 100, 0 }, { 0, 0 } };
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CmScene) original = scene_copy (scene);
  g_autoptr (CaromHistory) history = carom_history_new (scene);

  g_autoptr (GError) error = NULL;
  gboolean reversed = TRUE;
  gint index
      = carom_edit_add (history, scene, cm_object_new_polygon ("x", CG_ROLE_OBSTACLE, bow_tie, 4),
                        "Draw", &reversed, &error);
  g_assert_cmpint (index, ==, -1);
  g_assert_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON);
  g_assert_false (reversed);
  g_clear_error (&error);

  index = carom_edit_add (history, scene, cm_object_new_polygon (NULL, CG_ROLE_WALL, line, 3),
                          "Draw", NULL, &error);
  g_assert_cmpint (index, ==, -1);
  g_assert_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON);
  g_clear_error (&error);

  index = carom_edit_add (history, scene,
                          cm_object_new_ball (NULL, cg_v2 (0, 0), 0.0, cg_v2 (1, 0), 29),
                          "Place Ball", NULL, &error);
  g_assert_cmpint (index, ==, -1);
  g_assert_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE);
  g_clear_error (&error);

  assert_scenes_equal (scene, original);
  g_assert_false (carom_history_can_undo (history));
}

static gint
add_box (CaromHistory *history, CmScene *scene, const char *id, CgRole role, double x, double y,
         double size)
{
  CgVec2 v[] = { { x, y }, { x + size, y }, { x + size, y + size }, { x, y + size } };
  g_autoptr (GError) error = NULL;
  gint index = carom_edit_add (history, scene, cm_object_new_polygon (id, role, v, 4), "Add", NULL,
                               &error);
  g_assert_no_error (error);
  return index;
}

/* New objects are named after their role; a taken id becomes the next free
 * "id-N" (a copy of "post" is "post-2"), skipping every name in use. */
static void
test_edit_add_ids (void)
{
  g_autoptr (CmScene) scene = cm_scene_new ();
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  g_autoptr (GError) error = NULL;

  add_box (history, scene, NULL, CG_ROLE_WALL, -500, -500, 1000);
  g_assert_cmpstr (OBJ (scene, 0)->id, ==, "wall-1");
  add_box (history, scene, NULL, CG_ROLE_OBSTACLE, 0, 0, 10);
  g_assert_cmpstr (OBJ (scene, 1)->id, ==, "obstacle-1");
  gint b = carom_edit_add (history, scene,
                           cm_object_new_ball (NULL, cg_v2 (-100, 0), 5, cg_v2 (0, 3), 29),
                           "Place Ball", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (b, ==, 2);
  g_assert_cmpstr (OBJ (scene, 2)->id, ==, "ball-1");
  /* The direction is stored normalised. */
  assert_vec_eq (OBJ (scene, 2)->direction, cg_v2 (0, 1));
  add_box (history, scene, NULL, CG_ROLE_OBSTACLE, 20, 0, 10);
  g_assert_cmpstr (OBJ (scene, 3)->id, ==, "obstacle-2");
  add_box (history, scene, "post", CG_ROLE_OBSTACLE, 40, 0, 10);
  g_assert_cmpstr (OBJ (scene, 4)->id, ==, "post");
  /* A ball that took the name the next obstacle would get. */
  carom_edit_add (history, scene,
                  cm_object_new_ball ("obstacle-3", cg_v2 (-100, 50), 5, cg_v2 (1, 0), 29),
                  "Place Ball", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (OBJ (scene, 5)->id, ==, "obstacle-3");

  g_autoptr (CmScene) before = scene_copy (scene);
  add_box (history, scene, "post", CG_ROLE_OBSTACLE, 60, 0, 10);
  g_assert_cmpstr (OBJ (scene, 6)->id, ==, "post-2");
  g_assert_cmpstr (OBJ (scene, 4)->id, ==, "post");
  assert_one_step (history, scene, before);
  /* A copy of the copy counts on. */
  add_box (history, scene, "post-2", CG_ROLE_OBSTACLE, 80, 0, 10);
  g_assert_cmpstr (OBJ (scene, 7)->id, ==, "post-3");

  g_autofree char *next = cm_scene_unique_id (scene, "obstacle");
  g_assert_cmpstr (next, ==, "obstacle-4");
  assert_scene_sound (scene);
}

static GPtrArray *
object_array (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify)cm_object_free);
}

/* Paste: all the objects in one step, clashing ids renamed (also against
 * each other), wrong orientations counted. */
static void
test_edit_add_all (void)
{
  static const CgVec2 clockwise_wall[] = { { -50, -50 }, { 50, -50 }, { 50, 50 }, { -50, 50 } };
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CmScene) original = scene_copy (scene);
  g_autoptr (CaromHistory) history = carom_history_new (scene);

  g_autoptr (GPtrArray) objects = object_array ();
  g_ptr_array_add (objects, cm_object_copy (OBJ (scene, 1))); /* "post" */
  g_ptr_array_add (objects, cm_object_copy (OBJ (scene, 2))); /* "ball" */
  g_ptr_array_add (objects, cm_object_new_polygon ("x", CG_ROLE_WALL, clockwise_wall, 4));
  g_ptr_array_add (objects, cm_object_new_polygon ("x", CG_ROLE_OBSTACLE, clockwise_wall, 4));
  g_ptr_array_add (objects, cm_object_new_ball (NULL, cg_v2 (0, 200), 10, cg_v2 (0, -1), 3));
  guint n_reversed = 99;
  g_autoptr (GError) error = NULL;
  g_assert_true (carom_edit_add_all (history, scene, objects, "Paste", &n_reversed, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (objects->len, ==, 0);
  g_assert_cmpuint (n_reversed, ==, 1);
  g_assert_cmpuint (scene->objects->len, ==, 8);
  g_assert_cmpstr (OBJ (scene, 3)->id, ==, "post-2");
  g_assert_cmpstr (OBJ (scene, 4)->id, ==, "ball-2");
  g_assert_cmpstr (OBJ (scene, 5)->id, ==, "x");
  g_assert_cmpstr (OBJ (scene, 6)->id, ==, "x-2");
  g_assert_cmpstr (OBJ (scene, 7)->id, ==, "ball-1");
  /* The copies are the same geometry under new names. */
  for (size_t k = 0; k < 4; k++)
    assert_vec_eq (OBJ (scene, 3)->points[k], OBJ (scene, 1)->points[k]);
  g_assert_cmpfloat (cg_polygon_signed_area (OBJ (scene, 5)->points, 4), <, 0.0);
  assert_scene_sound (scene);
  g_assert_cmpstr (carom_history_undo_label (history), ==, "Paste");
  assert_one_step (history, scene, original);
  g_assert_true (carom_history_undo (history));
  g_assert_false (carom_history_can_undo (history));
  assert_scenes_equal (scene, original);
}

/* One invalid object refuses them all. */
static void
test_edit_add_all_refused (void)
{
  static const CgVec2 bow_tie[] = { { 0, 0 }, { 100, 0 }, { 0, 100 }, { 100, 100 } };
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CmScene) original = scene_copy (scene);
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  g_autoptr (GPtrArray) objects = object_array ();
  g_ptr_array_add (objects, cm_object_copy (OBJ (scene, 1)));
  g_ptr_array_add (objects, cm_object_new_polygon (NULL, CG_ROLE_OBSTACLE, bow_tie, 4));
  g_ptr_array_add (objects, cm_object_copy (OBJ (scene, 2)));
  g_autoptr (GError) error = NULL;
  g_assert_false (carom_edit_add_all (history, scene, objects, "Paste", NULL, &error));
  g_assert_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON);
  assert_scenes_equal (scene, original);
  g_assert_false (carom_history_can_undo (history));
}

/* ---- delete ---- */

/* Several objects go in one step, given in any order; undo puts each back
 * at its place. */
static void
test_edit_delete (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  add_box (history, scene, "a", CG_ROLE_OBSTACLE, 100, 100, 20);
  add_box (history, scene, "b", CG_ROLE_OBSTACLE, 150, 100, 20);
  add_box (history, scene, "c", CG_ROLE_OBSTACLE, 200, 100, 20);
  g_autoptr (CmScene) before = scene_copy (scene);

  static const guint indices[] = { 4, 0, 2, 5 };
  carom_edit_delete (history, scene, indices, G_N_ELEMENTS (indices), "Delete");
  g_assert_cmpuint (scene->objects->len, ==, 2);
  g_assert_cmpstr (OBJ (scene, 0)->id, ==, "post");
  g_assert_cmpstr (OBJ (scene, 1)->id, ==, "a");
  assert_one_step (history, scene, before);
  g_assert_true (carom_history_undo (history));
  assert_scenes_equal (scene, before);
}

/* ---- transform ---- */

static gboolean
transform (CaromHistory *history, CmScene *scene, const guint *indices, guint n, CaromMatrix m,
           GError **error)
{
  return carom_edit_transform (history, scene, indices, n, NULL, &m, "Transform", NULL, error);
}

static void
test_edit_transform_translate (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CmScene) before = scene_copy (scene);
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  static const guint indices[] = { 1, 2 };
  g_autoptr (GError) error = NULL;
  g_assert_true (
      transform (history, scene, indices, 2, carom_matrix_translate (cg_v2 (10.5, -3)), &error));
  g_assert_no_error (error);
  for (size_t k = 0; k < 4; k++)
    assert_vec_eq (OBJ (scene, 1)->points[k],
                   cg_add (OBJ (before, 1)->points[k], cg_v2 (10.5, -3)));
  assert_vec_eq (OBJ (scene, 2)->center, cg_v2 (-189.5, -3));
  g_assert_cmpfloat (OBJ (scene, 2)->radius, ==, 40);
  g_assert_true (cm_object_equal (OBJ (scene, 0), OBJ (before, 0)));
  assert_one_step (history, scene, before);
}

/* A quarter turn about a pivot: (x, y) -> (px + py - y, py - px + x),
 * exactly (clockwise on screen, y down). */
static void
test_edit_transform_rotate_quarter (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CmScene) before = scene_copy (scene);
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  static const guint indices[] = { 1, 2 };
  g_autoptr (GError) error = NULL;
  g_assert_true (transform (history, scene, indices, 2,
                            carom_matrix_rotate (cg_v2 (10, 20), G_PI / 2), &error));
  g_assert_no_error (error);
  /* post: (20,-100) (20,50) (-20,50) (-20,-100) -> (30 - y, 10 + x) */
  static const CgVec2 expected[] = { { 130, 30 }, { -20, 30 }, { -20, -10 }, { 130, -10 } };
  for (size_t k = 0; k < 4; k++)
    assert_vec_eq (OBJ (scene, 1)->points[k], expected[k]);
  const CmObject *ball = OBJ (scene, 2);
  assert_vec_eq (ball->center, cg_v2 (30, -190));
  assert_vec_eq (ball->direction, cg_v2 (0, 1));
  g_assert_cmpfloat (ball->radius, ==, 40);
  assert_one_step (history, scene, before);
}

/* "Balls keep their radius under rotation": at any angle, not just the
 * quarter turns whose matrix is exact. */
static void
test_edit_transform_rotate_keeps_radius (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  static const guint ball[] = { 2 };
  int changed = 0, first = 0;
  for (int degrees = 1; degrees < 360; degrees++)
    {
      g_autoptr (GError) error = NULL;
      CaromMatrix m = carom_matrix_rotate (cg_v2 (0, 0), degrees * G_PI / 180.0);
      g_assert_true (
          carom_edit_transform (history, scene, ball, 1, NULL, &m, "Rotate", NULL, &error));
      if (OBJ (scene, 2)->radius != 40.0 && changed++ == 0)
        first = degrees;
      g_assert_true (carom_history_undo (history));
      g_assert_cmpfloat (OBJ (scene, 2)->radius, ==, 40.0);
    }
  /* cos² + sin² rounds to 1 - 2^-53 at many angles: the radius must not
   * creep by that ulp. */
  if (changed > 0)
    g_test_message ("rotating changed the radius at %d angles (first: %d degrees)", changed, first);
  g_assert_cmpint (changed, ==, 0);
}

/* A uniform scale of 2 doubles a ball's radius, about the given pivot. */
static void
test_edit_transform_scale (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CmScene) before = scene_copy (scene);
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  static const guint indices[] = { 1, 2 };
  g_autoptr (GError) error = NULL;
  g_assert_true (
      transform (history, scene, indices, 2, carom_matrix_scale (cg_v2 (-200, 0), 2, 2), &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (OBJ (scene, 2)->radius, ==, 80);
  assert_vec_eq (OBJ (scene, 2)->center, cg_v2 (-200, 0));
  assert_vec_eq (OBJ (scene, 2)->direction, cg_v2 (1, 0));
  /* (20, -100) -> (-200 + 2·220, 2·-100) */
  assert_vec_eq (OBJ (scene, 1)->points[0], cg_v2 (240, -200));
  assert_one_step (history, scene, before);
}

/* A mirror flips the plane: polygons stay in their role's orientation
 * (walls A < 0, obstacles A > 0) with the mirrored vertices, and a ball's
 * direction is mirrored. */
static void
test_edit_transform_mirror (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CmScene) before = scene_copy (scene);
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  /* Off-centre, so the mirror image differs from the original. */
  static const CgVec2 l[]
      = { { 100, 100 }, { 100, 200 }, { 150, 200 }, { 150, 150 }, { 200, 150 }, { 200, 100 } };
  add_box (history, scene, "box", CG_ROLE_OBSTACLE, 0, 0, 10);
  g_autoptr (GError) error = NULL;
  g_assert_true (carom_edit_set_points (history, scene, 3, l, 6, "Set", NULL, NULL, &error));
  carom_history_seal (history);
  g_clear_pointer (&before, cm_scene_free);
  before = scene_copy (scene);

  static const guint all[] = { 0, 1, 2, 3 };
  g_assert_true (
      transform (history, scene, all, 4, carom_matrix_scale (cg_v2 (0, 0), -1, 1), &error));
  g_assert_no_error (error);
  assert_scene_sound (scene);
  g_assert_cmpfloat (cg_polygon_signed_area (OBJ (scene, 0)->points, 4), <, 0.0);
  g_assert_cmpfloat (cg_polygon_signed_area (OBJ (scene, 1)->points, 4), >, 0.0);
  g_assert_cmpfloat (cg_polygon_signed_area (OBJ (scene, 3)->points, 6), >, 0.0);
  for (guint i = 0; i < 4; i++)
    {
      const CmObject *o = OBJ (scene, i), *was = OBJ (before, i);
      if (o->kind != CM_OBJECT_POLYGON)
        continue;
      /* Reversed to keep the orientation: new v[k] = mirrored old v[n-1-k]. */
      for (size_t k = 0; k < o->n_points; k++)
        {
          CgVec2 w = was->points[o->n_points - 1 - k];
          assert_vec_eq (o->points[k], cg_v2 (-w.x, w.y));
        }
    }
  assert_vec_eq (OBJ (scene, 2)->center, cg_v2 (200, 0));
  assert_vec_eq (OBJ (scene, 2)->direction, cg_v2 (-1, 0));
  g_assert_cmpfloat (OBJ (scene, 2)->radius, ==, 40);
  assert_one_step (history, scene, before);
}

/* A map that collapses the plane (or is not a number) is refused. */
static void
test_edit_transform_singular (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CmScene) before = scene_copy (scene);
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  static const guint all[] = { 0, 1, 2 };
  CaromMatrix bad[] = {
    carom_matrix_scale (cg_v2 (5, 5), 0, 1),
    carom_matrix_scale (cg_v2 (5, 5), 1e-9, 1e-9),
    { 1, 2, 2, 4, 0, 0 },
    carom_matrix_translate (cg_v2 (NAN, 0)),
    { INFINITY, 0, 0, 1, 0, 0 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_false (transform (history, scene, all, 3, bad[i], &error));
      g_assert_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE);
      assert_scenes_equal (scene, before);
      g_assert_false (carom_history_can_undo (history));
    }
}

/* A drag: every event maps the versions from when the drag began, with one
 * merge key; the drag is one undo step that gives back those versions. */
static void
test_edit_transform_drag_merges (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CmScene) before = scene_copy (scene);
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  static const guint indices[] = { 1, 2 };
  CmObject *originals[] = { cm_object_copy (OBJ (scene, 1)), cm_object_copy (OBJ (scene, 2)) };
  g_autoptr (GError) error = NULL;
  for (int step = 1; step <= 3; step++)
    {
      CaromMatrix m = carom_matrix_translate (cg_v2 (5 * step, -step));
      g_assert_true (carom_edit_transform (history, scene, indices, 2, originals, &m, "Move",
                                           "drag-1", &error));
      g_assert_no_error (error);
    }
  /* Mapped from the originals: +15, not +5+10+15. */
  assert_vec_eq (OBJ (scene, 1)->points[0], cg_v2 (35, -103));
  assert_vec_eq (OBJ (scene, 2)->center, cg_v2 (-185, -3));
  g_autoptr (CmScene) dragged = scene_copy (scene);
  g_assert_true (carom_history_undo (history));
  assert_scenes_equal (scene, before);
  g_assert_false (carom_history_can_undo (history));
  g_assert_true (carom_history_redo (history));
  assert_scenes_equal (scene, dragged);

  /* A new drag (another key) is a step of its own. */
  CaromMatrix m = carom_matrix_translate (cg_v2 (1, 1));
  g_assert_true (
      carom_edit_transform (history, scene, indices, 2, NULL, &m, "Move", "drag-2", &error));
  g_assert_true (carom_history_undo (history));
  assert_scenes_equal (scene, dragged);
  g_assert_true (carom_history_can_undo (history));
  for (guint i = 0; i < G_N_ELEMENTS (originals); i++)
    cm_object_free (originals[i]);
}

/* ---- vertices, role, name, ball, flags ---- */

static void
test_edit_set_points (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CmScene) before = scene_copy (scene);
  g_autoptr (CaromHistory) history = carom_history_new (scene);

  /* Edges 1 and 3 of this bow tie (edge k runs from vertex k) cross at (5, 5). */
  static const CgVec2 bow_tie[] = { { 0, 0 }, { 10, 0 }, { 0, 10 }, { 10, 10 } };
  g_autoptr (GError) error = NULL;
  g_assert_false (
      carom_edit_set_points (history, scene, 1, bow_tie, 4, "Edit", NULL, NULL, &error));
  g_assert_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Edges 1 and 3"));
  g_assert_nonnull (strstr (error->message, "(5, 5)"));
  g_clear_error (&error);
  assert_scenes_equal (scene, before);
  g_assert_false (carom_history_can_undo (history));

  /* A counter-clockwise triangle for an obstacle is reversed. */
  static const CgVec2 tri[] = { { 0, 0 }, { 0, 30 }, { 40, 0 } };
  g_assert_cmpfloat (cg_polygon_signed_area (tri, 3), <, 0.0);
  gboolean reversed = FALSE;
  g_assert_true (
      carom_edit_set_points (history, scene, 1, tri, 3, "Edit", NULL, &reversed, &error));
  g_assert_no_error (error);
  g_assert_true (reversed);
  g_assert_cmpuint (OBJ (scene, 1)->n_points, ==, 3);
  for (size_t k = 0; k < 3; k++)
    assert_vec_eq (OBJ (scene, 1)->points[k], tri[2 - k]);
  g_assert_cmpstr (OBJ (scene, 1)->id, ==, "post");
  assert_one_step (history, scene, before);
}

static void
test_edit_set_role (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CmScene) before = scene_copy (scene);
  g_autoptr (CaromHistory) history = carom_history_new (scene);

  carom_edit_set_role (history, scene, 1, CG_ROLE_OBSTACLE); /* already one: nothing */
  g_assert_false (carom_history_can_undo (history));

  carom_edit_set_role (history, scene, 1, CG_ROLE_WALL);
  const CmObject *o = OBJ (scene, 1);
  g_assert_cmpint (o->role, ==, CG_ROLE_WALL);
  for (size_t k = 0; k < 4; k++)
    assert_vec_eq (o->points[k], OBJ (before, 1)->points[3 - k]);
  g_assert_cmpfloat (cg_polygon_signed_area (o->points, 4), <, 0.0);
  g_assert_cmpstr (carom_history_undo_label (history), ==, "Make Wall");
  assert_one_step (history, scene, before);
}

/* Several obstacles at once: what they share, and on-hit and role given to
 * all of them in one undo step; walls and balls among them are left alone. */
static void
test_edit_several_on_hit_role (void)
{
  static const CgVec2 bar[] = { { 100, 100 }, { 100, 120 }, { 60, 120 }, { 60, 100 } };
  static const CgVec2 pin[] = { { -100, 100 }, { -100, 120 }, { -140, 120 }, { -140, 100 } };
  g_autoptr (CmScene) scene = seed_scene (); /* room, post, ball */
  cm_scene_add_polygon (scene, "bar", CG_ROLE_OBSTACLE, bar, 4);
  cm_scene_add_polygon (scene, "pin", CG_ROLE_OBSTACLE, pin, 4);
  OBJ (scene, 3)->on_hit = CG_ON_HIT_REFLECT;
  g_autoptr (CmScene) before = scene_copy (scene);
  g_autoptr (CaromHistory) history = carom_history_new (scene);

  static const guint obstacles[] = { 1, 3, 4 };
  static const guint with_wall[] = { 0, 1, 3 };
  static const guint everything[] = { 4, 2, 0, 1, 3 };
  CgOnHit on_hit = 99;
  g_assert_cmpint (carom_edit_shared_on_hit (scene, obstacles, 3, &on_hit), ==, CAROM_SHARED_MIXED);
  g_assert_cmpint (on_hit, ==, 99);
  g_assert_cmpint (carom_edit_shared_on_hit (scene, with_wall, 3, NULL), ==, CAROM_SHARED_NONE);
  g_assert_cmpint (carom_edit_shared_on_hit (scene, obstacles, 0, NULL), ==, CAROM_SHARED_NONE);
  g_assert_cmpint (carom_edit_shared_on_hit (scene, (guint[]){ 1, 4 }, 2, &on_hit), ==,
                   CAROM_SHARED_SAME);
  g_assert_cmpint (on_hit, ==, CG_ON_HIT_STOP);
  CgRole role = 99;
  g_assert_cmpint (carom_edit_shared_role (scene, obstacles, 3, &role), ==, CAROM_SHARED_SAME);
  g_assert_cmpint (role, ==, CG_ROLE_OBSTACLE);
  g_assert_cmpint (carom_edit_shared_role (scene, with_wall, 3, NULL), ==, CAROM_SHARED_MIXED);
  g_assert_cmpint (carom_edit_shared_role (scene, everything, 5, NULL), ==, CAROM_SHARED_NONE);

  /* on-hit: every obstacle reflects, in one step; the room and the ball are
   * as they were */
  carom_edit_set_on_hit_all (history, scene, everything, 5, CG_ON_HIT_REFLECT);
  for (guint i = 0; i < G_N_ELEMENTS (obstacles); i++)
    g_assert_cmpint (OBJ (scene, obstacles[i])->on_hit, ==, CG_ON_HIT_REFLECT);
  g_assert_true (cm_object_equal (OBJ (scene, 0), OBJ (before, 0)));
  g_assert_true (cm_object_equal (OBJ (scene, 2), OBJ (before, 2)));
  g_assert_cmpint (carom_edit_shared_on_hit (scene, obstacles, 3, &on_hit), ==, CAROM_SHARED_SAME);
  g_assert_cmpint (on_hit, ==, CG_ON_HIT_REFLECT);
  g_assert_cmpstr (carom_history_undo_label (history), ==, "Reflect on Hit");
  assert_one_step (history, scene, before);
  /* nothing to change: no step */
  g_autoptr (CmScene) reflecting = scene_copy (scene);
  carom_edit_set_on_hit_all (history, scene, obstacles, 3, CG_ON_HIT_REFLECT);
  g_assert_true (carom_history_undo (history));
  assert_scenes_equal (scene, before);
  g_assert_true (carom_history_redo (history));

  /* role: the obstacles become walls, each turned to run counter-clockwise,
   * in one step */
  carom_edit_set_role_all (history, scene, (guint[]){ 0, 1, 2, 3, 4 }, 5, CG_ROLE_WALL);
  for (guint i = 0; i < G_N_ELEMENTS (obstacles); i++)
    {
      const CmObject *o = OBJ (scene, obstacles[i]);
      g_assert_cmpint (o->role, ==, CG_ROLE_WALL);
      g_assert_cmpfloat (cg_polygon_signed_area (o->points, o->n_points), <, 0.0);
    }
  g_assert_true (cm_object_equal (OBJ (scene, 2), OBJ (before, 2)));
  g_assert_cmpint (carom_edit_shared_role (scene, with_wall, 3, &role), ==, CAROM_SHARED_SAME);
  g_assert_cmpint (role, ==, CG_ROLE_WALL);
  g_assert_cmpint (carom_edit_shared_on_hit (scene, obstacles, 3, NULL), ==, CAROM_SHARED_NONE);
  g_assert_cmpstr (carom_history_undo_label (history), ==, "Make Wall");
  assert_one_step (history, scene, reflecting);
}

static void
test_edit_rename (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  cm_object_set_id (OBJ (scene, 1), "obstacle-1");
  g_autoptr (CmScene) before = scene_copy (scene);

  static const char *const refused[] = { "", "1abc", "a b", "room", "ball", "a:b", "-x" };
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_false (carom_edit_rename (history, scene, 1, refused[i], &error));
      g_assert_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_NAME);
      assert_scenes_equal (scene, before);
    }
  g_assert_false (carom_history_can_undo (history));

  g_autoptr (GError) error = NULL;
  g_assert_true (carom_edit_rename (history, scene, 1, "post", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (OBJ (scene, 1)->id, ==, "post");
  g_assert_nonnull (cm_scene_find (scene, "post"));
  g_assert_null (cm_scene_find (scene, "obstacle-1"));
  assert_one_step (history, scene, before);
  /* Its own name again: nothing to do. */
  g_assert_true (carom_edit_rename (history, scene, 1, "post", &error));
  g_assert_true (carom_history_undo (history));
  assert_scenes_equal (scene, before);
}

static void
test_edit_set_ball (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CmScene) before = scene_copy (scene);
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  struct
  {
    CgVec2 center;
    double radius;
    CgVec2 direction;
  } refused[] = {
    { { 0, 0 }, 0.0, { 1, 0 } },      { { 0, 0 }, -3.0, { 1, 0 } }, { { 0, 0 }, NAN, { 1, 0 } },
    { { 0, 0 }, INFINITY, { 1, 0 } }, { { 0, 0 }, 10.0, { 0, 0 } }, { { 0, 0 }, 10.0, { NAN, 1 } },
    { { NAN, 0 }, 10.0, { 1, 0 } },
  };
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_false (carom_edit_set_ball (history, scene, 2, refused[i].center, refused[i].radius,
                                           refused[i].direction, 29, "Ball", NULL, &error));
      g_assert_error (error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_VALUE);
      assert_scenes_equal (scene, before);
    }
  g_assert_false (carom_history_can_undo (history));

  g_autoptr (GError) error = NULL;
  g_assert_true (carom_edit_set_ball (history, scene, 2, cg_v2 (-100, 10), 15, cg_v2 (3, 4), 7,
                                      "Ball", NULL, &error));
  g_assert_no_error (error);
  const CmObject *ball = OBJ (scene, 2);
  assert_vec_eq (ball->center, cg_v2 (-100, 10));
  g_assert_cmpfloat (ball->radius, ==, 15);
  g_assert_cmpfloat_with_epsilon (ball->direction.x, 0.6, 1e-15);
  g_assert_cmpfloat_with_epsilon (ball->direction.y, 0.8, 1e-15);
  g_assert_cmpuint (ball->max_bounces, ==, 7);
  assert_one_step (history, scene, before);
}

/* The first hit of the seed ball's trace, as the id of the object hit. */
static const char *
first_hit (const CmScene *scene, char **owned)
{
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  g_assert_nonnull (trace);
  g_assert_cmpuint (trace->balls->len, ==, 1);
  const CgTrace *t = &g_array_index (trace->balls, CaromBallTrace, 0).trace;
  g_assert_cmpuint (t->n_hits, >, 0);
  *owned = g_strdup (cm_scene_trace_polygon (trace, t->hits[0].object)->id);
  return *owned;
}

/* A hidden object is left out of the trace: hiding the obstacle in the
 * ball's path lets the ball reach the next one. */
static void
test_edit_set_flags (void)
{
  g_autoptr (CmScene) scene = seed_scene (); /* ball at (-200, 0) heading +x */
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  add_box (history, scene, "far", CG_ROLE_OBSTACLE, 150, -20, 40);
  carom_history_seal (history);
  g_autoptr (CmScene) before = scene_copy (scene);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *c = NULL;
  g_assert_cmpstr (first_hit (scene, &a), ==, "post");

  carom_edit_set_flags (history, scene, 1, TRUE, FALSE);
  g_assert_true (OBJ (scene, 1)->hidden);
  g_assert_cmpstr (first_hit (scene, &b), ==, "far");
  g_assert_cmpstr (carom_history_undo_label (history), ==, "Hide");
  assert_one_step (history, scene, before);
  g_assert_true (carom_history_undo (history));
  g_assert_cmpstr (first_hit (scene, &c), ==, "post");

  /* Setting the flags it has is no step; locking is one. */
  carom_edit_set_flags (history, scene, 1, FALSE, FALSE);
  g_assert_cmpstr (carom_history_undo_label (history), ==, "Add");
  carom_edit_set_flags (history, scene, 1, FALSE, TRUE);
  g_assert_true (OBJ (scene, 1)->locked);
  g_assert_cmpstr (carom_history_undo_label (history), ==, "Lock");
  assert_one_step (history, scene, before);
}

/* ---- random commands ---- */

typedef struct
{
  GRand *rand;
  CaromHistory *history;
  CmScene *scene;
  /* A drag under way: its indices, the versions it began with, its key. */
  GArray *drag_indices;
  GPtrArray *drag_originals;
  char *drag_key;
  guint drags;
  guint ok, refused;
} Session;

static double
rnd (Session *s, double lo, double hi)
{
  return g_rand_double_range (s->rand, lo, hi);
}

static guint
pick (Session *s, guint n)
{
  return (guint)g_rand_int_range (s->rand, 0, (gint32)n);
}

static gint
pick_kind (Session *s, CmObjectKind kind)
{
  guint n = s->scene->objects->len;
  if (n == 0)
    return -1;
  guint start = pick (s, n);
  for (guint k = 0; k < n; k++)
    {
      guint i = (start + k) % n;
      if (OBJ (s->scene, i)->kind == kind)
        return (gint)i;
    }
  return -1;
}

static const char *
random_name (Session *s)
{
  static const char *const names[] = { NULL, "a",      "b",          "post",   "room", "ball", "1x",
                                       "",   "wall-1", "obstacle-2", "ball-1", "x y",  "é" };
  return names[pick (s, G_N_ELEMENTS (names))];
}

/* A polygon of 3 to 7 vertices scattered in a box: often self-crossing. */
static CmObject *
random_polygon (Session *s)
{
  guint n = 3 + pick (s, 5);
  CgVec2 c = cg_v2 (rnd (s, -250, 250), rnd (s, -250, 250));
  g_autofree CgVec2 *v = g_new (CgVec2, n);
  gboolean star = g_rand_boolean (s->rand);
  for (guint k = 0; k < n; k++)
    {
      /* Star-shaped around c (always simple) or scattered (often not). */
      double a = 2 * G_PI * k / n, r = rnd (s, 5, 40);
      v[k] = star ? cg_v2 (c.x + r * cos (a), c.y + r * sin (a))
                  : cg_v2 (c.x + rnd (s, -40, 40), c.y + rnd (s, -40, 40));
    }
  if (g_rand_boolean (s->rand))
    for (guint k = 0; k < n / 2; k++)
      {
        CgVec2 t = v[k];
        v[k] = v[n - 1 - k];
        v[n - 1 - k] = t;
      }
  return cm_object_new_polygon (random_name (s), pick (s, 4) == 0 ? CG_ROLE_WALL : CG_ROLE_OBSTACLE,
                                v, n);
}

static CmObject *
random_ball (Session *s)
{
  double radius = pick (s, 10) == 0 ? 0.0 : rnd (s, 1, 30);
  CgVec2 d = pick (s, 10) == 0 ? cg_v2 (0, 0) : cg_v2 (rnd (s, -1, 1), rnd (s, -1, 1));
  return cm_object_new_ball (random_name (s), cg_v2 (rnd (s, -250, 250), rnd (s, -250, 250)),
                             radius, d, pick (s, 40));
}

/* 1 to 3 distinct indices. */
static GArray *
random_indices (Session *s)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n = s->scene->objects->len, want = MIN (n, 1 + pick (s, 3));
  while (out->len < want)
    {
      guint i = pick (s, n);
      gboolean dup = FALSE;
      for (guint k = 0; k < out->len; k++)
        dup = dup || g_array_index (out, guint, k) == i;
      if (!dup)
        g_array_append_val (out, i);
    }
  return out;
}

static CaromMatrix
random_matrix (Session *s)
{
  CgVec2 pivot = cg_v2 (rnd (s, -100, 100), rnd (s, -100, 100));
  switch (pick (s, 6))
    {
    case 0:
      return carom_matrix_translate (cg_v2 (rnd (s, -20, 20), rnd (s, -20, 20)));
    case 1:
      return carom_matrix_rotate (pivot, rnd (s, -G_PI, G_PI));
    case 2:
      return carom_matrix_rotate (pivot, G_PI / 2 * (1 + pick (s, 3)));
    case 3:
      {
        double f = rnd (s, 0.5, 2);
        return carom_matrix_scale (pivot, f, f);
      }
    case 4:
      return pick (s, 2) ? carom_matrix_scale (pivot, -1, 1) : carom_matrix_scale (pivot, 1, -1);
    default:
      return carom_matrix_scale (pivot, 0, 1); /* refused */
    }
}

static void
end_drag (Session *s)
{
  g_array_set_size (s->drag_indices, 0);
  g_ptr_array_set_size (s->drag_originals, 0);
  g_clear_pointer (&s->drag_key, g_free);
}

static gboolean
random_transform (Session *s, GError **error)
{
  /* Half the time, the next event of the drag under way. */
  if (s->drag_key == NULL || pick (s, 2) == 0)
    {
      end_drag (s);
      g_autoptr (GArray) indices = random_indices (s);
      g_array_append_vals (s->drag_indices, indices->data, indices->len);
      for (guint k = 0; k < indices->len; k++)
        g_ptr_array_add (s->drag_originals,
                         cm_object_copy (OBJ (s->scene, g_array_index (indices, guint, k))));
      s->drag_key = pick (s, 3) == 0 ? NULL : g_strdup_printf ("drag-%u", ++s->drags);
    }
  CaromMatrix m = random_matrix (s);
  gboolean use_originals = s->drag_key != NULL;
  return carom_edit_transform (s->history, s->scene, (guint *)s->drag_indices->data,
                               s->drag_indices->len,
                               use_originals ? (CmObject *const *)s->drag_originals->pdata : NULL,
                               &m, "Transform", s->drag_key, error);
}

static gboolean
random_set_points (Session *s, GError **error)
{
  gint i = pick_kind (s, CM_OBJECT_POLYGON);
  if (i < 0)
    return FALSE;
  const CmObject *o = OBJ (s->scene, i);
  g_autoptr (GArray) v = g_array_new (FALSE, FALSE, sizeof (CgVec2));
  g_array_append_vals (v, o->points, o->n_points);
  guint k = pick (s, v->len);
  CgVec2 p = g_array_index (v, CgVec2, k);
  p = cg_add (p, cg_v2 (rnd (s, -30, 30), rnd (s, -30, 30)));
  switch (pick (s, 3))
    {
    case 0:
      g_array_insert_val (v, k, p);
      break;
    case 1:
      if (v->len > 3)
        g_array_remove_index (v, k);
      break;
    default:
      g_array_index (v, CgVec2, k) = p;
      break;
    }
  return carom_edit_set_points (s->history, s->scene, (guint)i, (CgVec2 *)v->data, v->len,
                                "Edit Vertices", pick (s, 2) ? "vertex" : NULL, NULL, error);
}

static gboolean
random_set_ball (Session *s, GError **error)
{
  gint i = pick_kind (s, CM_OBJECT_BALL);
  if (i < 0)
    return FALSE;
  const CmObject *o = OBJ (s->scene, i);
  double radius = pick (s, 8) == 0 ? (pick (s, 2) ? NAN : 0.0) : rnd (s, 1, 30);
  CgVec2 d = pick (s, 8) == 0 ? cg_v2 (0, 0) : cg_v2 (rnd (s, -1, 1), rnd (s, -1, 1));
  return carom_edit_set_ball (s->history, s->scene, (guint)i,
                              cg_add (o->center, cg_v2 (rnd (s, -5, 5), rnd (s, -5, 5))), radius, d,
                              pick (s, 40), "Ball", pick (s, 2) ? "ball" : NULL, error);
}

/* Runs one random command; TRUE when it was carried out. */
static gboolean
random_command (Session *s, int what)
{
  g_autoptr (GError) error = NULL;
  guint n = s->scene->objects->len;
  if (what != 4)
    end_drag (s);
  if (n == 0 && what > 2)
    what = 0;
  switch (what)
    {
    case 0:
      return carom_edit_add (s->history, s->scene, random_polygon (s), "Add", NULL, &error) >= 0;
    case 1:
      return carom_edit_add (s->history, s->scene, random_ball (s), "Add", NULL, &error) >= 0;
    case 2:
      {
        g_autoptr (GPtrArray) objects = object_array ();
        for (guint k = 0, m = 1 + pick (s, 3); n > 0 && k < m; k++)
          g_ptr_array_add (objects, cm_object_copy (OBJ (s->scene, pick (s, n))));
        if (pick (s, 2))
          g_ptr_array_add (objects, pick (s, 2) ? random_polygon (s) : random_ball (s));
        return carom_edit_add_all (s->history, s->scene, objects, "Paste", NULL, &error);
      }
    case 3:
      {
        if (n < 4) /* keep something to edit */
          return FALSE;
        g_autoptr (GArray) indices = random_indices (s);
        carom_edit_delete (s->history, s->scene, (guint *)indices->data, indices->len, "Delete");
        return TRUE;
      }
    case 4:
      return random_transform (s, &error);
    case 5:
      return random_set_points (s, &error);
    case 6:
      {
        gint i = pick_kind (s, CM_OBJECT_POLYGON);
        if (i < 0)
          return FALSE;
        carom_edit_set_role (s->history, s->scene, (guint)i,
                             pick (s, 2) ? CG_ROLE_WALL : CG_ROLE_OBSTACLE);
        return TRUE;
      }
    case 7:
      return carom_edit_rename (s->history, s->scene, pick (s, n), random_name (s), &error);
    case 8:
      return random_set_ball (s, &error);
    default:
      carom_edit_set_flags (s->history, s->scene, pick (s, n), pick (s, 4) == 0, pick (s, 4) == 0);
      return TRUE;
    }
}

/* The scene at each history position seen: a position names one scene
 * (carom_history_get_position()), so meeting it again, by undo, redo or
 * a command that changed nothing, must give back that scene bit for bit. */
static void
check_position (GHashTable *states, CaromHistory *history, const CmScene *scene)
{
  guint64 position = carom_history_get_position (history);
  const CmScene *seen = g_hash_table_lookup (states, &position);
  if (seen != NULL)
    assert_scenes_equal (scene, seen);
  else
    g_hash_table_insert (states, g_memdup2 (&position, sizeof position), scene_copy (scene));
}

/* From a random room with obstacles and a ball, 1,000 random commands
 * (some refused, with now and then a few undos and redos), then undo to
 * the start gives back the scene bit for bit, through every state the
 * session passed, and redo to the end gives back the edited one. A refused
 * command changes nothing, and the scene always stays sound. */
static void
test_edit_random (void)
{
  g_autoptr (CmScene) scene = cm_scene_new ();
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  Session s = { .rand = g_rand_new_with_seed (20240601),
                .history = history,
                .scene = scene,
                .drag_indices = g_array_new (FALSE, FALSE, sizeof (guint)),
                .drag_originals = object_array () };
  g_autoptr (GHashTable) states
      = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify)cm_scene_free);

  /* The starting scene, made without the history. */
  static const CgVec2 room[] = { { -300, -300 }, { -300, 300 }, { 300, 300 }, { 300, -300 } };
  cm_scene_add_polygon (scene, "room", CG_ROLE_WALL, room, 4);
  while (scene->objects->len < 8)
    {
      CmObject *o = random_polygon (&s);
      if (cg_polygon_validate (o->points, o->n_points).status != CG_POLYGON_OK)
        {
          cm_object_free (o);
          continue;
        }
      o->role = CG_ROLE_OBSTACLE;
      cg_polygon_orient (o->points, o->n_points, o->role);
      cm_object_set_id (o, NULL);
      g_ptr_array_add (scene->objects, o);
    }
  cm_scene_add_ball (scene, NULL, cg_v2 (-200, 10), 12, cg_v2 (1, 0.3), 29);
  cm_scene_assign_ids (scene);
  assert_scene_sound (scene);
  g_autoptr (CmScene) original = scene_copy (scene);
  check_position (states, history, scene);

  for (int i = 0; i < 1000; i++)
    {
      g_autoptr (CmScene) before = scene_copy (scene);
      int what = g_rand_int_range (s.rand, 0, 10);
      if (random_command (&s, what))
        s.ok++;
      else
        {
          s.refused++;
          assert_scenes_equal (scene, before);
        }
      assert_scene_sound (scene);
      check_position (states, history, scene);
      /* Now and then: the end of a gesture, or a few undos and redos. */
      if (pick (&s, 10) == 0)
        carom_history_seal (history);
      if (pick (&s, 25) == 0)
        {
          end_drag (&s);
          guint undos = 1 + pick (&s, 4), redos = pick (&s, undos + 1);
          for (guint k = 0; k < undos; k++)
            {
              carom_history_undo (history);
              check_position (states, history, scene);
            }
          for (guint k = 0; k < redos; k++)
            {
              carom_history_redo (history);
              check_position (states, history, scene);
            }
          assert_scene_sound (scene);
        }
    }
  /* The session ends with everything redone. */
  while (carom_history_redo (history))
    check_position (states, history, scene);
  g_test_message ("%u commands carried out, %u refused; %u objects, %u states", s.ok, s.refused,
                  scene->objects->len, g_hash_table_size (states));
  g_assert_cmpuint (s.ok, >, 500);
  g_assert_cmpuint (s.refused, >, 50);

  g_autoptr (CmScene) edited = scene_copy (scene);
  g_assert_false (scenes_equal (edited, original));
  guint undos = 0;
  while (carom_history_can_undo (history))
    {
      g_assert_true (carom_history_undo (history));
      guint64 position = carom_history_get_position (history);
      g_assert_true (g_hash_table_contains (states, &position));
      check_position (states, history, scene);
      undos++;
    }
  g_test_message ("%u undo steps", undos);
  g_assert_cmpuint (carom_history_get_position (history), ==, 0);
  assert_scenes_equal (scene, original);
  guint redos = 0;
  while (carom_history_redo (history))
    {
      check_position (states, history, scene);
      redos++;
    }
  g_assert_cmpuint (redos, ==, undos);
  assert_scenes_equal (scene, edited);

  end_drag (&s);
  g_array_unref (s.drag_indices);
  g_ptr_array_unref (s.drag_originals);
  g_rand_free (s.rand);
}

/* Two traces are the same to the bit: every ball's status, hits, points,
 * normals, primitives and directions. */
static void
assert_traces_equal (const CmSceneTrace *a, const CmSceneTrace *b)
{
  g_assert_cmpuint (a->balls->len, ==, b->balls->len);
  for (guint i = 0; i < a->balls->len; i++)
    {
      const CgTrace *x = &g_array_index (a->balls, CaromBallTrace, i).trace;
      const CgTrace *y = &g_array_index (b->balls, CaromBallTrace, i).trace;
      g_assert_cmpint (x->status, ==, y->status);
      g_assert_cmpuint (x->n_hits, ==, y->n_hits);
      for (size_t k = 0; k < x->n_hits; k++)
        {
          g_assert_cmpuint (x->hits[k].prim, ==, y->hits[k].prim);
          g_assert_cmpmem (&x->hits[k].point, sizeof (CgVec2), &y->hits[k].point, sizeof (CgVec2));
          g_assert_cmpmem (&x->hits[k].normal, sizeof (CgVec2), &y->hits[k].normal,
                           sizeof (CgVec2));
          g_assert_cmpmem (&x->hits[k].out, sizeof (CgVec2), &y->hits[k].out, sizeof (CgVec2));
        }
    }
}

/* A drag updates the trace in place (outline replaced, BVH refitted): after
 * every step it must equal a trace built from scratch, bit for bit, and the
 * ball must actually bounce differently as the post moves. */
static void
test_edit_trace_update_in_place (void)
{
  g_autoptr (CmScene) scene = cm_scene_new ();
  static const CgVec2 room[] = { { -300, -300 }, { -300, 300 }, { 300, 300 }, { 300, -300 } };
  CmObject *wall = cm_scene_add_polygon (scene, "room", CG_ROLE_WALL, room, 4);
  cg_polygon_orient (wall->points, 4, CG_ROLE_WALL);
  /* Posts in a grid, so the BVH has levels to refit. */
  for (int i = 0; i < 64; i++)
    {
      double x = -250 + (i % 8) * 64, y = -250 + (i / 8) * 64;
      CgVec2 post[] = { { x, y }, { x + 20, y }, { x + 20, y + 30 }, { x, y + 30 } };
      CmObject *o = cm_scene_add_polygon (scene, NULL, CG_ROLE_OBSTACLE, post, 4);
      cg_polygon_orient (o->points, 4, CG_ROLE_OBSTACLE);
    }
  cm_scene_add_ball (scene, "ball", cg_v2 (-280, -280), 6, cg_v2 (1, 0.83), 200);
  cm_scene_add_ball (scene, "ball-2", cg_v2 (280, 270), 6, cg_v2 (-1, -0.31), 200);
  cm_scene_assign_ids (scene);
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  carom_history_take_changes (history, NULL);

  GRand *rand = g_rand_new_with_seed (7);
  guint in_place = 0, differs = 0;
  CgVec2 last_point[2] = { { 0, 0 }, { 0, 0 } };
  for (int step = 0; step < 300; step++)
    {
      guint index = 1 + (guint)g_rand_int_range (rand, 0, 64);
      /* Every other step moves the post a ball stops at, if any. */
      const CgTrace *t0 = &g_array_index (trace->balls, CaromBallTrace, step % 2).trace;
      if (step % 4 < 2 && t0->n_hits > 0 && t0->hits[t0->n_hits - 1].object > 0)
        index = t0->hits[t0->n_hits - 1].object; /* world polygon k is scene object k here */
      const CmObject *o = OBJ (scene, index);
      CgVec2 v[4];
      memcpy (v, o->points, sizeof v);
      guint k = (guint)g_rand_int_range (rand, 0, 4);
      v[k].x += g_rand_double_range (rand, -15, 15);
      v[k].y += g_rand_double_range (rand, -15, 15);
      if (!carom_edit_set_points (history, scene, index, v, 4, "Move Vertex", "drag", NULL, NULL))
        continue;
      g_autoptr (GArray) replaced = g_array_new (FALSE, FALSE, sizeof (guint));
      g_assert_true (carom_history_take_changes (history, replaced));
      g_assert_cmpuint (replaced->len, ==, 1);
      g_assert_cmpuint (g_array_index (replaced, guint, 0), ==, index);
      g_autoptr (GArray) updated = g_array_new (FALSE, FALSE, sizeof (guint));
      if (cm_scene_trace_update (trace, scene, &index, 1, updated))
        {
          in_place++;
          g_assert_cmpuint (updated->len, ==, 1);
          g_assert_cmpuint (g_array_index (updated, guint, 0), ==,
                            index); /* the room is polygon 0 */
        }
      else
        {
          cm_scene_trace_free (trace);
          trace = cm_scene_trace (scene, -1, FALSE);
        }
      g_autoptr (CmSceneTrace) fresh = cm_scene_trace (scene, -1, FALSE);
      assert_traces_equal (trace, fresh);
      g_autoptr (CmSceneTrace) brute = cm_scene_trace (scene, -1, TRUE);
      assert_traces_equal (trace, brute);
      /* Does the edit change where the balls go? */
      for (guint b = 0; b < trace->balls->len; b++)
        {
          const CgTrace *t = &g_array_index (trace->balls, CaromBallTrace, b).trace;
          CgVec2 last = t->n_hits > 0 ? t->hits[t->n_hits - 1].point : t->start;
          differs += memcmp (&last, &last_point[b], sizeof last) != 0;
          last_point[b] = last;
        }
    }
  g_rand_free (rand);
  /* Most steps keep the outline's arcs and are done in place. */
  g_test_message ("%u of 300 steps updated in place", in_place);
  g_assert_cmpuint (in_place, >, 150);
  /* ... and the paths did change as the posts moved. */
  g_test_message ("the balls' last points changed %u times", differs);
  g_assert_cmpuint (differs, >, 30);

  /* A ball moved in place is traced again from its new start. */
  CmObject *ball = cm_object_copy (OBJ (scene, 65));
  ball->center = cg_v2 (-270, -285);
  carom_history_replace (history, 65, ball, "Move", NULL);
  carom_history_take_changes (history, NULL);
  guint moved = 65;
  g_autoptr (GArray) updated = g_array_new (FALSE, FALSE, sizeof (guint));
  g_assert_true (cm_scene_trace_update (trace, scene, &moved, 1, updated));
  g_assert_cmpuint (updated->len, ==, 0);
  g_autoptr (CmSceneTrace) fresh = cm_scene_trace (scene, -1, FALSE);
  assert_traces_equal (trace, fresh);

  /* A drag of a post and both balls together, over two merged events (the
   * versions in between are freed): one update of all three. */
  static const guint together[] = { 5, 65, 66 };
  for (int event = 1; event <= 2; event++)
    {
      CaromMatrix m = carom_matrix_translate (cg_v2 (0.5 * event, 0.25 * event));
      g_assert_true (carom_edit_transform (history, scene, together, 3, NULL, &m, "Move",
                                           "drag-together", NULL));
      g_autoptr (GArray) replaced = g_array_new (FALSE, FALSE, sizeof (guint));
      g_assert_true (carom_history_take_changes (history, replaced));
      g_assert_cmpuint (replaced->len, ==, 3);
      g_assert_true (
          cm_scene_trace_update (trace, scene, (const guint *)replaced->data, replaced->len, NULL));
      g_autoptr (CmSceneTrace) again = cm_scene_trace (scene, -1, FALSE);
      assert_traces_equal (trace, again);
      for (guint b = 0; b < 2; b++)
        g_assert_true (g_array_index (trace->balls, CaromBallTrace, b).ball == OBJ (scene, 65 + b));
    }

  /* Another radius needs another world: not in place. */
  CmObject *bigger = cm_object_copy (OBJ (scene, 65));
  bigger->radius = 9;
  carom_history_replace (history, 65, bigger, "Change Radius", NULL);
  g_assert_false (cm_scene_trace_update (trace, scene, &moved, 1, NULL));
}

/* The error domain's name is the one its quark function says, as GLib
 * names them (clang-format once turned it into "carom - edit - error - quark"). */
static void
test_error_quark (void)
{
  g_assert_cmpstr (g_quark_to_string (CAROM_EDIT_ERROR), ==, "carom-edit-error-quark");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/edit/error-quark", test_error_quark);
  g_test_add_func ("/edit/add/orientation", test_edit_add_orientation);
  g_test_add_func ("/edit/add/invalid", test_edit_add_invalid);
  g_test_add_func ("/edit/add/ids", test_edit_add_ids);
  g_test_add_func ("/edit/add-all/one-step", test_edit_add_all);
  g_test_add_func ("/edit/add-all/refused", test_edit_add_all_refused);
  g_test_add_func ("/edit/delete", test_edit_delete);
  g_test_add_func ("/edit/transform/translate", test_edit_transform_translate);
  g_test_add_func ("/edit/transform/rotate-quarter", test_edit_transform_rotate_quarter);
  g_test_add_func ("/edit/transform/rotate-keeps-radius", test_edit_transform_rotate_keeps_radius);
  g_test_add_func ("/edit/transform/scale", test_edit_transform_scale);
  g_test_add_func ("/edit/transform/mirror", test_edit_transform_mirror);
  g_test_add_func ("/edit/transform/singular", test_edit_transform_singular);
  g_test_add_func ("/edit/transform/drag-merges", test_edit_transform_drag_merges);
  g_test_add_func ("/edit/set-points", test_edit_set_points);
  g_test_add_func ("/edit/set-role", test_edit_set_role);
  g_test_add_func ("/edit/several-on-hit-role", test_edit_several_on_hit_role);
  g_test_add_func ("/edit/rename", test_edit_rename);
  g_test_add_func ("/edit/set-ball", test_edit_set_ball);
  g_test_add_func ("/edit/set-flags", test_edit_set_flags);
  g_test_add_func ("/edit/random", test_edit_random);
  g_test_add_func ("/edit/trace/update-in-place", test_edit_trace_update_in_place);
  return g_test_run ();
}
