/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-document.h: one open scene: its file, its state on disk, its trace. */
#pragma once

#include <gio/gio.h>

#include "model/carom-scene.h"
#include "model/carom-history.h"
#include "model/carom-tracing.h"

G_BEGIN_DECLS

#define CAROM_TYPE_DOCUMENT (carom_document_get_type ())
G_DECLARE_FINAL_TYPE (CaromDocument, carom_document, CAROM, DOCUMENT, GObject)

/// A new, empty, untitled document.
CaromDocument *carom_document_new (void);

/// The file, or NULL for a scene never saved.
GFile *carom_document_get_file (CaromDocument *self);

/// The file's display name ("NAME (imported)" while imported), or "Untitled Scene".
char *carom_document_dup_title (CaromDocument *self);

/// True when the scene came from a file Save cannot write back whole (the
/// title then says "(imported)"): Save goes to Save As, and the original is
/// only overwritten after the user confirms what would be lost.
gboolean carom_document_get_imported (CaromDocument *self);

/// What Save cannot write back of the imported file (translated phrases,
/// borrowed), or NULL when the document is not imported.
const GPtrArray *carom_document_get_losses (CaromDocument *self);

/// True when file is the imported file (overwriting it loses the losses).
gboolean carom_document_is_imported_from (CaromDocument *self, GFile *file);

/// The name Save As offers: the file's own, "NAME (edited).svg" for an
/// imported one, "Untitled Scene.svg" for a new scene.
char *carom_document_dup_suggested_name (CaromDocument *self);

/// True when the scene has changes not yet saved.
gboolean carom_document_get_modified (CaromDocument *self);

/// The scene (borrowed; changes emit ::changed).
const CmScene *carom_document_get_scene (CaromDocument *self);

/// The traces of the scene's balls (borrowed), within the work budget.
/// A trace quicker than CAROM_DOCUMENT_SYNC_WORK rays and hits is made at
/// once; a heavier one on a thread of its own ("tracing" is then TRUE):
/// meanwhile this returns NULL, or, after an edit that replaced objects in
/// place (a drag), the last finished trace pointed at the objects as they
/// now are; ::trace-changed says when the new one is ready. A trace the
/// user cancelled (carom_document_cancel_trace()) is partial
/// (trace->cancelled) and stays until the next change.
const CmSceneTrace *carom_document_get_trace (CaromDocument *self);

/// The most work traced on the main loop, in rays and hits (about a frame's
/// worth on two cores).
#define CAROM_DOCUMENT_SYNC_WORK ((guint64)60000)

/// Whether a trace is being made off the main loop.
gboolean carom_document_get_tracing (CaromDocument *self);

/// While tracing: hits so far, the hits expected and the seconds left
/// (negative: too early to tell). FALSE when not tracing.
gboolean carom_document_get_trace_progress (CaromDocument *self, guint64 *hits, guint64 *expected,
                                            double *seconds_left);

/// Stops the trace being made and keeps what was traced (marked partial);
/// the scene is untouched.
void carom_document_cancel_trace (CaromDocument *self);

/// The work budget of the document's traces (CaromTraceOptions.budget);
/// a new budget traces the scene again.
void carom_document_set_budget (CaromDocument *self, guint64 budget);
guint64 carom_document_get_budget (CaromDocument *self);

/// During ::changed: TRUE when the last change only replaced objects in
/// place (an edit of some objects, its undo or redo), so every index still
/// names the same object; FALSE after objects were added or removed, or
/// another scene was loaded.
gboolean carom_document_get_last_change_in_place (CaromDocument *self);

/// During ::changed: when the last change was brought into the trace in
/// place (a drag of a few objects), the world polygon indices it updated
/// (guint; empty when only a ball moved), so drawings can update just those;
/// NULL when the trace was dropped, to be rebuilt.
const GArray *carom_document_get_updated_polygons (CaromDocument *self);

/// Reads file; on success replaces the scene, remembers the file's etag and
/// clears the modified flag. On failure the document is left exactly as it was.
void carom_document_load_async (CaromDocument *self, GFile *file, GCancellable *cancellable,
                                GAsyncReadyCallback callback, gpointer user_data);

/// Finishes a load; *summary (may be NULL) receives the import summary lines.
gboolean carom_document_load_finish (CaromDocument *self, GAsyncResult *result, GPtrArray **summary,
                                     GError **error);

/// Writes the scene to file (NULL: the document's own file) atomically. Unless
/// overwrite_changed is TRUE it refuses, with G_IO_ERROR_WRONG_ETAG, to replace
/// a file that changed on disk since it was opened or last saved.
void carom_document_save_async (CaromDocument *self, GFile *file, gboolean overwrite_changed,
                                GCancellable *cancellable, GAsyncReadyCallback callback,
                                gpointer user_data);

gboolean carom_document_save_finish (CaromDocument *self, GAsyncResult *result, GError **error);

/// The scene, to change through the carom_edit_*() commands (model/carom-edit.h)
/// with the history; after each command that changed the scene, call
/// carom_document_edited().
CmScene *carom_document_get_edit_scene (CaromDocument *self);
CaromHistory *carom_document_get_history (CaromDocument *self);

/// Tells the document its scene was edited: the modified flag, autosave and
/// the trace follow, and ::changed is emitted.
void carom_document_edited (CaromDocument *self);

/// Undoes the last edit (the "can-undo" property says whether there is
/// one); the modified flag follows: undoing back to the saved scene clears it.
gboolean carom_document_undo (CaromDocument *self);

/// Undoes the last edit and forgets it, so no redo brings it back: a drag
/// cancelled with Escape.
gboolean carom_document_revert (CaromDocument *self);

/// Redoes the last undone edit ("can-redo").
gboolean carom_document_redo (CaromDocument *self);

/// What undo or redo would do ("Change Radius"), or NULL.
const char *carom_document_get_undo_label (CaromDocument *self);
const char *carom_document_get_redo_label (CaromDocument *self);

/// Where unsaved changes of this document are kept until it is saved or
/// closed (in the user's state folder), or NULL before the first edit.
const char *carom_document_get_autosave_path (CaromDocument *self);

/// Deletes the autosave copy (after a save, or when the user discards changes).
void carom_document_discard_autosave (CaromDocument *self);

/// Adopts a recovered autosave copy: the scene is read from autosave_path and
/// marked modified, the file (may be NULL) is the one it belonged to.
gboolean carom_document_recover (CaromDocument *self, const char *autosave_path, GFile *file,
                                 GError **error);

/// The folder autosave copies live in.
char *carom_document_autosave_dir (void);

G_END_DECLS
