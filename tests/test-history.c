/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-history.c: undo and redo give back scenes exactly. */
#include <glib.h>

#include "model/carom-history.h"

#include "scene-compare.h"

static CmScene *
seed_scene (void)
{
  static const CgVec2 room[] = { { -300, -300 }, { -300, 300 }, { 300, 300 }, { 300, -300 } };
  static const CgVec2 post[] = { { 20, -100 }, { 20, 50 }, { -20, 50 }, { -20, -100 } };
  CmScene *scene = cm_scene_new ();
  cm_scene_add_polygon (scene, "room", CG_ROLE_WALL, room, 4);
  cm_scene_add_polygon (scene, "post", CG_ROLE_OBSTACLE, post, 4);
  cm_scene_add_ball (scene, "ball", cg_v2 (-200, 0), 40, cg_v2 (1, 1), 29);
  return scene;
}

static CmObject *
with_radius (const CmScene *scene, guint index, double radius)
{
  CmObject *copy = cm_object_copy (g_ptr_array_index (scene->objects, index));
  copy->radius = radius;
  return copy;
}

/* 1: a replaced object comes back exactly on undo and goes again on redo. */
static void
test_history_replace (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CmScene) original = scene_copy (scene);
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  g_assert_false (carom_history_can_undo (history));

  carom_history_replace (history, 2, with_radius (scene, 2, 10), "Change Radius", NULL);
  g_assert_cmpfloat (((CmObject *)g_ptr_array_index (scene->objects, 2))->radius, ==, 10);
  g_assert_cmpstr (carom_history_undo_label (history), ==, "Change Radius");
  g_autoptr (CmScene) edited = scene_copy (scene);

  g_assert_true (carom_history_undo (history));
  g_assert_true (scenes_equal (scene, original));
  g_assert_true (carom_history_can_redo (history));
  g_assert_true (carom_history_redo (history));
  g_assert_true (scenes_equal (scene, edited));
  g_assert_false (carom_history_redo (history));
}

/* 2: inserts and removes undo and redo at their places. */
static void
test_history_insert_remove (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CmScene) original = scene_copy (scene);
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  CmObject *extra = cm_object_copy (g_ptr_array_index (scene->objects, 1));
  cm_object_set_id (extra, "post-2");
  carom_history_insert (history, 1, extra, "Duplicate");
  carom_history_remove (history, 0, "Delete");
  g_assert_cmpuint (scene->objects->len, ==, 3);
  g_assert_cmpstr (((CmObject *)g_ptr_array_index (scene->objects, 0))->id, ==, "post-2");
  g_assert_true (carom_history_undo (history));
  g_assert_true (carom_history_undo (history));
  g_assert_true (scenes_equal (scene, original));
  g_assert_true (carom_history_redo (history));
  g_assert_cmpstr (((CmObject *)g_ptr_array_index (scene->objects, 1))->id, ==, "post-2");
}

/* 3: edits with the same merge key are one step (a drag); sealing or
 * another key starts a new one. */
static void
test_history_merge (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CmScene) original = scene_copy (scene);
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  for (int r = 41; r <= 50; r++)
    carom_history_replace (history, 2, with_radius (scene, 2, r), "Change Radius", "radius");
  g_assert_true (carom_history_undo (history));
  g_assert_true (scenes_equal (scene, original));
  g_assert_false (carom_history_can_undo (history));

  g_assert_true (carom_history_redo (history));
  carom_history_seal (history);
  carom_history_replace (history, 2, with_radius (scene, 2, 60), "Change Radius", "radius");
  g_assert_true (carom_history_undo (history));
  g_assert_cmpfloat (((CmObject *)g_ptr_array_index (scene->objects, 2))->radius, ==, 50);
}

/* 4: a new edit after an undo drops the redo steps. */
static void
test_history_new_edit_drops_redo (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  carom_history_replace (history, 2, with_radius (scene, 2, 10), "a", NULL);
  carom_history_undo (history);
  carom_history_replace (history, 2, with_radius (scene, 2, 20), "b", NULL);
  g_assert_false (carom_history_can_redo (history));
  g_assert_cmpstr (carom_history_undo_label (history), ==, "b");
}

/* 5: the position tells whether the scene is as saved, also after merging. */
static void
test_history_position (void)
{
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  carom_history_replace (history, 2, with_radius (scene, 2, 10), "a", "radius");
  guint64 saved = carom_history_get_position (history);
  carom_history_replace (history, 2, with_radius (scene, 2, 11), "a", "radius");
  g_assert_cmpuint (carom_history_get_position (history), !=, saved);
  carom_history_replace (history, 0, cm_object_copy (g_ptr_array_index (scene->objects, 0)), "b",
                         NULL);
  carom_history_undo (history);
  g_assert_cmpuint (carom_history_get_position (history), !=, saved);
  carom_history_undo (history);
  g_assert_cmpuint (carom_history_get_position (history), ==, 0);
}

/* 6: 1,000 random edits (vertex moves and insertions, ball changes,
 * duplicates, deletions, merged runs) undone completely give back the
 * original scene exactly, and redone give back the edited one. */
static void
test_history_random_edits (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (6);
  g_autoptr (CmScene) scene = seed_scene ();
  g_autoptr (CmScene) original = scene_copy (scene);
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  int steps = 0;
  for (int i = 0; i < 1000; i++)
    {
      guint n = scene->objects->len;
      int what = g_rand_int_range (rand, 0, 10);
      guint index = n > 0 ? (guint)g_rand_int_range (rand, 0, (gint32)n) : 0;
      if (n == 0 || what == 0)
        {
          CgVec2 tri[3] = { { g_rand_double (rand), 0 }, { 10, 0 }, { 10, 10 } };
          CmScene *tmp = cm_scene_new ();
          cm_scene_add_polygon (tmp, NULL, CG_ROLE_OBSTACLE, tri, 3);
          CmObject *o = g_ptr_array_steal_index (tmp->objects, 0);
          cm_scene_free (tmp);
          carom_history_insert (history, n > 0 ? index : 0, o, "Add");
        }
      else if (what == 1 && n > 1)
        carom_history_remove (history, index, "Delete");
      else if (what == 2)
        carom_history_insert (history, index,
                              cm_object_copy (g_ptr_array_index (scene->objects, index)),
                              "Duplicate");
      else
        {
          const CmObject *o = g_ptr_array_index (scene->objects, index);
          CmObject *copy = cm_object_copy (o);
          if (copy->kind == CM_OBJECT_BALL)
            copy->radius = g_rand_double_range (rand, 1, 50);
          else
            {
              GArray *pts = g_array_new (FALSE, FALSE, sizeof (CgVec2));
              g_array_append_vals (pts, copy->points, copy->n_points);
              guint k = (guint)g_rand_int_range (rand, 0, (gint32)pts->len);
              CgVec2 p = g_array_index (pts, CgVec2, k);
              p.x += g_rand_double_range (rand, -1, 1);
              if (what == 3)
                g_array_insert_val (pts, k, p); /* insert a vertex */
              else
                g_array_index (pts, CgVec2, k) = p; /* move one */
              cm_object_set_points (copy, (CgVec2 *)pts->data, pts->len);
              g_array_unref (pts);
            }
          /* Every third edit continues a drag of the same object. */
          carom_history_replace (history, index, copy, "Edit", what % 3 == 0 ? "drag" : NULL);
        }
      steps++;
      if (g_rand_int_range (rand, 0, 20) == 0)
        carom_history_seal (history);
    }
  g_autoptr (CmScene) edited = scene_copy (scene);
  while (carom_history_undo (history))
    ;
  g_assert_true (scenes_equal (scene, original));
  while (carom_history_redo (history))
    ;
  g_assert_true (scenes_equal (scene, edited));
  g_test_message ("%d edits", steps);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/history/replace", test_history_replace);
  g_test_add_func ("/history/insert-remove", test_history_insert_remove);
  g_test_add_func ("/history/merge", test_history_merge);
  g_test_add_func ("/history/new-edit-drops-redo", test_history_new_edit_drops_redo);
  g_test_add_func ("/history/position", test_history_position);
  g_test_add_func ("/history/random-edits", test_history_random_edits);
  return g_test_run ();
}
