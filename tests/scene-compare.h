/* SPDX-License-Identifier: GPL-3.0-or-later */
/* scene-compare.h: deep copies of scenes and bit-for-bit comparison, shared
 * by the tests of the history, the edit commands and the tools. */
#pragma once

#include "model/carom-scene.h"

/// A deep copy of every object of scene, in order.
static inline CmScene *
scene_copy (const CmScene *scene)
{
  CmScene *copy = cm_scene_new ();
  for (guint i = 0; i < scene->objects->len; i++)
    g_ptr_array_add (copy->objects, cm_object_copy (g_ptr_array_index (scene->objects, i)));
  return copy;
}

/// True when a and b hold the same objects, in order, to the bit.
static inline gboolean
scenes_equal (const CmScene *a, const CmScene *b)
{
  if (a->objects->len != b->objects->len)
    return FALSE;
  for (guint i = 0; i < a->objects->len; i++)
    if (!cm_object_equal (g_ptr_array_index (a->objects, i), g_ptr_array_index (b->objects, i)))
      return FALSE;
  return TRUE;
}
