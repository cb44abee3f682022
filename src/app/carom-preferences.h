/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-preferences.h: the Preferences window. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/// A new Preferences window editing settings (the io.carom.Carom schema).
GtkWindow *carom_preferences_new (GSettings *settings);

G_END_DECLS
