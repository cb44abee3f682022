/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-application.h: the Carom application: windows, app-wide actions. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CAROM_APPLICATION_ID "io.carom.Carom"

#define CAROM_TYPE_APPLICATION (carom_application_get_type ())
G_DECLARE_FINAL_TYPE (CaromApplication, carom_application, CAROM, APPLICATION, AdwApplication)

CaromApplication *carom_application_new (void);

/// The application's settings (borrowed).
GSettings *carom_application_get_settings (CaromApplication *self);

/// The URI of the help, or of one of its pages (page NULL: the index).
char *carom_application_help_uri (const char *page);

/// Shows the help (app.help, F1) for parent: carom_application_help_uri (page)
/// goes to the URI launcher.
void carom_application_show_help (CaromApplication *self, GtkWindow *parent, const char *page);

/// Opens uri with the desktop's handler for its scheme (the help browser for
/// help:); when none can, a dialog on parent says why.
void carom_application_launch_uri (GtkWindow *parent, const char *uri);

/// Receives the URIs the application would open, instead of opening them.
typedef void (*CaromUriLauncher) (GtkWindow *parent, const char *uri, gpointer user_data);

/// Replaces carom_application_launch_uri, so a test can check which URI F1
/// and the menu open without a help browser (NULL puts it back).
void carom_application_set_uri_launcher (CaromApplication *self, CaromUriLauncher launcher,
                                         gpointer user_data);

G_END_DECLS
