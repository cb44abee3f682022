/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-history.h: undoable edits of a scene.
 *
 * Every change to a scene goes through a history: an edit replaces, inserts
 * or removes whole objects, and the history keeps a copy of what each change
 * replaced, so undo and redo give back the scene exactly, bit for bit.
 * Consecutive edits with the same merge key (a drag, a spin button held down)
 * make one undo step. */
#pragma once

#include "carom-scene.h"

G_BEGIN_DECLS

typedef struct CaromHistory CaromHistory;

/// A new, empty history for scene (borrowed: it must outlive the history).
CaromHistory *carom_history_new (CmScene *scene);

void carom_history_free (CaromHistory *history);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaromHistory, carom_history_free)

/// Opens a step: the replacements, insertions and removals until
/// carom_history_commit() are applied at once but undone and redone together,
/// as one step named label. With a merge_key (may be NULL), a committed step
/// that replaces the same objects as the step before (or only the object the
/// step before inserted alone: a shape dragged out live), with the same key
/// and nothing undone or sealed since, joins it (each event of a drag).
void carom_history_begin (CaromHistory *history, const char *label, const char *merge_key);

/// Closes the step carom_history_begin() opened (an empty step is dropped).
void carom_history_commit (CaromHistory *history);

/// Replaces object index with replacement (taken). label names the step
/// ("Change Radius"); merge_key (may be NULL) joins this edit to the step
/// before when that step has the same key and nothing was undone since.
void carom_history_replace (CaromHistory *history, guint index, CmObject *replacement,
                            const char *label, const char *merge_key);

/// Inserts object (taken) at index (as a step of its own outside begin/commit).
void carom_history_insert (CaromHistory *history, guint index, CmObject *object, const char *label);

/// Removes object index (as a step of its own outside begin/commit).
void carom_history_remove (CaromHistory *history, guint index, const char *label);

/// Ends merging: the next edit starts a new step even with the same key.
void carom_history_seal (CaromHistory *history);

/// Undoes the last step and forgets it (no redo brings it back): what
/// cancelling an edit under way does. FALSE when there is none.
gboolean carom_history_revert (CaromHistory *history);

/// Undoes the last step; FALSE when there is none.
gboolean carom_history_undo (CaromHistory *history);

/// Redoes the last undone step; FALSE when there is none.
gboolean carom_history_redo (CaromHistory *history);

gboolean carom_history_can_undo (const CaromHistory *history);
gboolean carom_history_can_redo (const CaromHistory *history);

/// The label of the step undo would undo (or redo would redo), or NULL.
const char *carom_history_undo_label (const CaromHistory *history);
const char *carom_history_redo_label (const CaromHistory *history);

/// A number that names the scene's current state in the history: equal
/// numbers mean the same scene (used to know whether it is as last saved).
guint64 carom_history_get_position (const CaromHistory *history);

/// What changed in the scene since the last call (edits, undo and redo):
/// FALSE when objects were inserted or removed, so any index may now name
/// another object; TRUE when objects were only replaced in place, with their
/// indices appended to replaced (may be NULL; an index may repeat). Derived
/// data (traces, drawings) uses it to update only what changed.
gboolean carom_history_take_changes (CaromHistory *history, GArray *replaced);

G_END_DECLS
