/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-inspector.h: the sidebar: Scene, Properties, Hit, Display and Statistics panels.
 *
 * Signals:
 *  - "step-requested" (guint ball, guint step): the user picked a hit in the
 *    Hit panel; the window steps there.
 *  - "message" (const char *text): something to tell the user, such as why
 *    an edit made in a panel was refused (a name already taken, a vertex that
 *    would make its polygon cross itself). The window shows it as a toast.
 *  - "editing-done": Enter committed a Properties field, or Escape put its
 *    text back; the window gives the keyboard focus back to the canvas, so
 *    its keys ([ ], the arrows, the tool letters) work again (GNOME's way). */
#pragma once

#include <gtk/gtk.h>

#include "control/carom-document.h"
#include "control/carom-editor.h"

G_BEGIN_DECLS

#define CAROM_TYPE_INSPECTOR (carom_inspector_get_type ())
G_DECLARE_FINAL_TYPE (CaromInspector, carom_inspector, CAROM, INSPECTOR, GtkWidget)

/// Shows document's objects, properties and trace (NULL: nothing).
void carom_inspector_set_document (CaromInspector *self, CaromDocument *document);

/// The canvas tools' editor of the same document (NULL: none). The selection
/// lives in the editor: the Scene list and Properties show it and change it,
/// and the Transform group of Properties (move, rotate, scale the selection)
/// is there only with an editor. Without one the inspector keeps a selection
/// of its own.
void carom_inspector_set_editor (CaromInspector *self, CaromEditor *editor);

/// The Display panel's switches edit these settings.
void carom_inspector_set_settings (CaromInspector *self, GSettings *settings);

/// The stepper's position: ball (index into the trace's balls) at step.
void carom_inspector_set_step (CaromInspector *self, guint ball, guint step);

/// Shows a panel: "scene", "properties", "hit", "display" or "statistics".
void carom_inspector_show_page (CaromInspector *self, const char *name);

/// The selected object (index into the scene's objects) when exactly one is
/// selected, else -1.
int carom_inspector_get_selected (CaromInspector *self);

/// Selects object index alone (-1: nothing), through the editor when there
/// is one, and shows its properties.
void carom_inspector_select (CaromInspector *self, int index);

G_END_DECLS
