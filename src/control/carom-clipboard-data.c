/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-clipboard-data.c: scene objects as the clipboard's SVG text. */
#include "config.h"

#include "carom-clipboard-data.h"

#include <glib/gi18n.h>

#include "io/carom-svg.h"

char *
carom_clipboard_serialize (const CmScene *scene, const guint *indices, guint n_indices,
                           gsize *length)
{
  g_return_val_if_fail (scene != NULL, NULL);
  g_autoptr (CmScene) part = cm_scene_new ();
  for (guint i = 0; i < n_indices; i++)
    if (indices[i] < scene->objects->len)
      g_ptr_array_add (part->objects,
                       cm_object_copy (g_ptr_array_index (scene->objects, indices[i])));
  return carom_svg_write_string (part, length);
}

GPtrArray *
carom_clipboard_parse (const char *data, gsize length, GError **error)
{
  g_autoptr (CmScene) scene = carom_svg_read_memory (data, length, NULL, NULL, error);
  if (scene == NULL)
    return NULL;
  if (scene->objects->len == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _ ("The clipboard holds no walls, obstacles, balls or beams"));
      return NULL;
    }
  GPtrArray *objects = g_ptr_array_new_with_free_func ((GDestroyNotify)cm_object_free);
  for (guint i = 0; i < scene->objects->len; i++)
    g_ptr_array_add (objects, g_steal_pointer (&scene->objects->pdata[i]));
  return objects;
}
