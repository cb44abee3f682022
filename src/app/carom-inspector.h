/* carom-inspector.h: the sidebar: Scene, Properties, Hit, Display and Statistics panels. */
#pragma once

#include <gtk/gtk.h>

#include "carom-document.h"

G_BEGIN_DECLS

#define CAROM_TYPE_INSPECTOR (carom_inspector_get_type ())
G_DECLARE_FINAL_TYPE (CaromInspector, carom_inspector, CAROM, INSPECTOR, GtkWidget)

/// Shows document's objects, properties and trace (NULL: nothing).
void carom_inspector_set_document (CaromInspector *self, CaromDocument *document);

/// The Display panel's switches edit these settings.
void carom_inspector_set_settings (CaromInspector *self, GSettings *settings);

/// The stepper's position: ball (index into the trace's balls) at step.
void carom_inspector_set_step (CaromInspector *self, guint ball, guint step);

/// The selected object (index into the scene's objects), or -1.
int carom_inspector_get_selected (CaromInspector *self);

/// Selects object index (-1: none) and shows its properties.
void carom_inspector_select (CaromInspector *self, int index);

G_END_DECLS
