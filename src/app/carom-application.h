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

G_END_DECLS
