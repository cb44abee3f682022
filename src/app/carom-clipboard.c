/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-clipboard.c: scene objects on the system clipboard. */
#include "config.h"

#include "carom-clipboard.h"

#include <glib/gi18n.h>

#include "io/carom-svg.h"

#define SVG_MIME "image/svg+xml"
/* The clipboard may hold anything: read no more than a scene file may be. */
#define PASTE_MAX_BYTES (256 * 1024 * 1024)

void
carom_clipboard_copy (GdkClipboard *clipboard, const CmScene *scene, const guint *indices,
                      guint n_indices)
{
  g_return_if_fail (GDK_IS_CLIPBOARD (clipboard));
  gsize length = 0;
  char *svg = carom_clipboard_serialize (scene, indices, n_indices, &length);
  g_autoptr (GBytes) bytes = g_bytes_new_take (svg, length);
  GdkContentProvider *providers[2] = {
    gdk_content_provider_new_for_bytes (SVG_MIME, bytes),
    gdk_content_provider_new_for_bytes ("text/plain;charset=utf-8", bytes),
  };
  g_autoptr (GdkContentProvider) union_provider = gdk_content_provider_new_union (providers, 2);
  gdk_clipboard_set_content (clipboard, union_provider);
}

static void
splice_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  GError *error = NULL;
  if (g_output_stream_splice_finish (G_OUTPUT_STREAM (source), result, &error) < 0)
    {
      g_task_return_error (task, error);
      return;
    }
  g_autoptr (GBytes) bytes
      = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (source));
  if (g_bytes_get_size (bytes) > PASTE_MAX_BYTES)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NO_SPACE, "%s",
                               _ ("The clipboard holds more than a scene file may"));
      return;
    }
  gsize length = 0;
  const char *data = g_bytes_get_data (bytes, &length);
  GPtrArray *objects = carom_clipboard_parse (data != NULL ? data : "", length, &error);
  if (objects == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, objects, (GDestroyNotify)g_ptr_array_unref);
}

static void
read_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  GError *error = NULL;
  g_autoptr (GInputStream) stream
      = gdk_clipboard_read_finish (GDK_CLIPBOARD (source), result, NULL, &error);
  if (stream == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  GOutputStream *memory = g_memory_output_stream_new_resizable ();
  g_output_stream_splice_async (
      memory, stream, G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET,
      G_PRIORITY_DEFAULT, g_task_get_cancellable (task), splice_done, g_object_ref (task));
  g_object_unref (memory);
}

void
carom_clipboard_paste_async (GdkClipboard *clipboard, GCancellable *cancellable,
                             GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (GDK_IS_CLIPBOARD (clipboard));
  GTask *task = g_task_new (clipboard, cancellable, callback, user_data);
  g_task_set_source_tag (task, carom_clipboard_paste_async);
  static const char *mime_types[] = { SVG_MIME, "text/plain;charset=utf-8", "text/plain", NULL };
  gdk_clipboard_read_async (clipboard, mime_types, G_PRIORITY_DEFAULT, cancellable, read_done,
                            task);
}

GPtrArray *
carom_clipboard_paste_finish (GdkClipboard *clipboard, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, clipboard), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
