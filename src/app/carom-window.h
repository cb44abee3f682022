/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-window.h: a Carom window: one document, its canvas and inspector. */
#pragma once

#include <adwaita.h>

#include "carom-application.h"
#include "control/carom-document.h"
#include "control/carom-editor.h"
#include "control/carom-stepper.h"

G_BEGIN_DECLS

#define CAROM_TYPE_WINDOW (carom_window_get_type ())
G_DECLARE_FINAL_TYPE (CaromWindow, carom_window, CAROM, WINDOW, AdwApplicationWindow)

/// A new window with an empty, untitled scene.
CaromWindow *carom_window_new (CaromApplication *application);

/// Opens file in this window (asking first about unsaved changes). A file
/// that cannot be read leaves the current scene as it was and says why.
void carom_window_open_file (CaromWindow *self, GFile *file);

/// Offers to recover unsaved changes kept at autosave_path (file: the file
/// they belong to, or NULL for a scene never saved).
void carom_window_offer_recovery (CaromWindow *self, const char *autosave_path, GFile *file);

/// The window's document (borrowed).
CaromDocument *carom_window_get_document (CaromWindow *self);

/// The step shown: 0 is the start, k is hit k of the selected ball.
guint carom_window_get_step (CaromWindow *self);

/// The beam front's path length s (carom-stepper.h), or
/// CAROM_STEPPER_NO_FRONT when the ball followed is no beam's ray.
double carom_window_get_front (CaromWindow *self);

/// The canvas (borrowed).
GtkWidget *carom_window_get_canvas (CaromWindow *self);

/// The inspector sidebar (borrowed).
GtkWidget *carom_window_get_inspector (CaromWindow *self);

/// The canvas tools and the selection (borrowed).
CaromEditor *carom_window_get_editor (CaromWindow *self);

/// Gives the window's menu keys (Ctrl+S, F9 …) to application, where menus
/// show them (carom-window-actions.c).
void carom_window_actions_set_accels (GtkApplication *application);

G_END_DECLS
