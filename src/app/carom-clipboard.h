/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-clipboard.h: scene objects on the system clipboard.
 *
 * Copied objects travel as an SVG fragment: a complete Carom scene file with
 * just those objects, offered as image/svg+xml and as text, so they paste
 * into another Carom window, into Inkscape, or into a text editor. Pasting
 * reads either, through the same reader as opening a file (with its limits),
 * so anything the clipboard holds is checked like a file would be. */
#pragma once

#include <gtk/gtk.h>

#include "control/carom-clipboard-data.h"
#include "model/carom-scene.h"

G_BEGIN_DECLS

/// Puts copies of the objects of scene at indices on clipboard.
void carom_clipboard_copy (GdkClipboard *clipboard, const CmScene *scene, const guint *indices,
                           guint n_indices);

/// Reads objects from the clipboard's SVG or text.
void carom_clipboard_paste_async (GdkClipboard *clipboard, GCancellable *cancellable,
                                  GAsyncReadyCallback callback, gpointer user_data);

/// The pasted objects (a GPtrArray of CmObject*, owned, freeing them), or
/// NULL with an error saying why nothing could be pasted.
GPtrArray *carom_clipboard_paste_finish (GdkClipboard *clipboard, GAsyncResult *result,
                                         GError **error);

G_END_DECLS
