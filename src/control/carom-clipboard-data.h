/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-clipboard-data.h: scene objects as the clipboard's SVG text (no
 * GTK): what the app's carom-clipboard.c offers and reads, and what the
 * editor's tests copy and paste with no display. */
#pragma once

#include <gio/gio.h>

#include "model/carom-scene.h"

G_BEGIN_DECLS

/// The SVG text carom_clipboard_copy() offers: a complete Carom scene file
/// with copies of the objects of scene at indices (newly allocated).
char *carom_clipboard_serialize (const CmScene *scene, const guint *indices, guint n_indices,
                                 gsize *length);

/// The objects of an SVG text (what paste does with the clipboard's bytes),
/// read as a file is, with its limits; G_IO_ERROR_INVALID_DATA when it holds
/// no object.
GPtrArray *carom_clipboard_parse (const char *data, gsize length, GError **error);

G_END_DECLS
