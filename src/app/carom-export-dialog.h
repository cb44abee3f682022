/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-export-dialog.h: the Export dialog: format, size, overlays, step, style. */
#pragma once

#include <gtk/gtk.h>

#include "control/carom-document.h"

G_BEGIN_DECLS

/// A new Export dialog for document, transient for parent, starting from the
/// last choices kept in settings. ball and step are what the window shows now.
/// When a file is written the dialog emits nothing and closes; errors are
/// shown in the dialog. on_done (may be NULL) is called with the written file
/// and a note on what the file could not take (NULL: nothing).
GtkWindow *carom_export_dialog_new (GtkWindow *parent, CaromDocument *document, GSettings *settings,
                                    guint ball, guint step,
                                    void (*on_done) (GtkWindow *parent, GFile *file,
                                                     const char *note));

G_END_DECLS
