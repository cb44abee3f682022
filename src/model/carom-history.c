/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-history.c: undoable edits of a scene.
 *
 * A change swaps: the scene holds one version of an object, the change holds
 * the other (the one before for an applied change, the one after for an
 * undone one), so undo and redo exchange them and no object is ever copied. */
#include "carom-history.h"

typedef enum
{
  CHANGE_REPLACE,
  CHANGE_INSERT,
  CHANGE_REMOVE,
} ChangeKind;

typedef struct
{
  ChangeKind kind;
  guint index;
  CmObject *other; /* owned: the version not in the scene (NULL when none) */
} Change;

/* One undo step: changes applied in order, undone in reverse order. */
typedef struct
{
  guint64 id;
  char *label;
  char *merge_key;
  GArray *changes; /* Change */
} Step;

struct CaromHistory
{
  CmScene *scene;   /* borrowed */
  GPtrArray *steps; /* Step*, owned: steps[0 .. applied) are applied */
  guint applied;
  guint64 serial;
  gboolean sealed;
  Step *open; /* the step between carom_history_begin() and carom_history_commit() */

  /* What changed since carom_history_take_changes(): objects replaced in
   * place (guint indices), or something inserted or removed. */
  GArray *replaced;
  gboolean structural;
};

static void
step_free (Step *step)
{
  for (guint i = 0; i < step->changes->len; i++)
    cm_object_free (g_array_index (step->changes, Change, i).other);
  g_array_unref (step->changes);
  g_free (step->label);
  g_free (step->merge_key);
  g_free (step);
}

CaromHistory *
carom_history_new (CmScene *scene)
{
  g_return_val_if_fail (scene != NULL, NULL);
  CaromHistory *history = g_new0 (CaromHistory, 1);
  history->scene = scene;
  history->steps = g_ptr_array_new_with_free_func ((GDestroyNotify)step_free);
  history->replaced = g_array_new (FALSE, FALSE, sizeof (guint));
  return history;
}

void
carom_history_free (CaromHistory *history)
{
  if (history == NULL)
    return;
  if (history->open != NULL)
    step_free (history->open);
  g_ptr_array_unref (history->steps);
  g_array_unref (history->replaced);
  g_free (history);
}

/* Exchanges the scene's version with the change's: applies a change that
 * is undone, undoes one that is applied. */
static void
swap (CaromHistory *history, Change *change, gboolean applying)
{
  CmScene *scene = history->scene;
  if (change->kind == CHANGE_REPLACE)
    g_array_append_val (history->replaced, change->index);
  else
    history->structural = TRUE;
  GPtrArray *objects = scene->objects;
  gboolean adds = (change->kind == CHANGE_INSERT) == applying;
  switch (change->kind)
    {
    case CHANGE_REPLACE:
      {
        CmObject *in_scene = g_ptr_array_index (objects, change->index);
        objects->pdata[change->index] = change->other;
        change->other = in_scene;
        break;
      }
    case CHANGE_INSERT:
    case CHANGE_REMOVE:
      if (adds)
        {
          g_ptr_array_insert (objects, (gint)change->index, change->other);
          change->other = NULL;
        }
      else
        change->other = g_ptr_array_steal_index (objects, change->index);
      break;
    }
}

/* Drops the undone steps: a new edit makes them unreachable. */
static void
truncate_redo (CaromHistory *history)
{
  if (history->steps->len > history->applied)
    g_ptr_array_remove_range (history->steps, history->applied,
                              history->steps->len - history->applied);
}

void
carom_history_begin (CaromHistory *history, const char *label, const char *merge_key)
{
  g_return_if_fail (history != NULL);
  g_return_if_fail (history->open == NULL);
  Step *step = g_new0 (Step, 1);
  step->label = g_strdup (label);
  step->merge_key = g_strdup (merge_key);
  step->changes = g_array_new (FALSE, FALSE, sizeof (Change));
  history->open = step;
}

/* A step with only replacements of the same objects, in the same order, as
 * the step before: what the next event of a drag makes. */
static gboolean
same_objects (const Step *a, const Step *b)
{
  if (a->changes->len != b->changes->len)
    return FALSE;
  for (guint i = 0; i < a->changes->len; i++)
    {
      const Change *x = &g_array_index (a->changes, Change, i);
      const Change *y = &g_array_index (b->changes, Change, i);
      if (x->kind != CHANGE_REPLACE || y->kind != CHANGE_REPLACE || x->index != y->index)
        return FALSE;
    }
  return TRUE;
}

/* A step that only replaces the object the step before inserted, alone:
 * what the next event of a drag that drew a new object makes (a beam
 * dragged out live). */
static gboolean
replaces_inserted (const Step *last, const Step *step)
{
  if (last->changes->len != 1 || step->changes->len != 1)
    return FALSE;
  const Change *x = &g_array_index (last->changes, Change, 0);
  const Change *y = &g_array_index (step->changes, Change, 0);
  return x->kind == CHANGE_INSERT && y->kind == CHANGE_REPLACE && x->index == y->index;
}

void
carom_history_commit (CaromHistory *history)
{
  g_return_if_fail (history != NULL);
  g_return_if_fail (history->open != NULL);
  Step *step = g_steal_pointer (&history->open);
  if (step->changes->len == 0)
    {
      step_free (step);
      return;
    }
  Step *last
      = history->applied > 0 ? g_ptr_array_index (history->steps, history->applied - 1) : NULL;
  if (step->merge_key != NULL && !history->sealed && last != NULL
      && history->applied == history->steps->len
      && g_strcmp0 (last->merge_key, step->merge_key) == 0
      && (same_objects (last, step) || replaces_inserted (last, step)))
    {
      /* Same key, same objects, nothing undone since: one step keeps the
       * versions from before the first edit, the scene has the newest, and
       * the versions in between go. A new id, because the scene is now
       * different from the step's old state. */
      step_free (step);
      last->id = ++history->serial;
      return;
    }
  truncate_redo (history);
  step->id = ++history->serial;
  g_ptr_array_add (history->steps, step);
  history->applied = history->steps->len;
  history->sealed = FALSE;
}

/* Applies a change now and records it in the open step (or in a step of its
 * own when none is open). */
static void
record (CaromHistory *history, ChangeKind kind, guint index, CmObject *object, const char *label,
        const char *merge_key)
{
  gboolean own_step = history->open == NULL;
  if (own_step)
    carom_history_begin (history, label, merge_key);
  /* The change holds the version to put in: applying swaps it in. */
  Change change = { kind, index, object };
  swap (history, &change, TRUE);
  g_array_append_val (history->open->changes, change);
  if (own_step)
    carom_history_commit (history);
}

void
carom_history_replace (CaromHistory *history, guint index, CmObject *replacement, const char *label,
                       const char *merge_key)
{
  g_return_if_fail (history != NULL && replacement != NULL);
  g_return_if_fail (index < history->scene->objects->len);
  record (history, CHANGE_REPLACE, index, replacement, label, merge_key);
}

void
carom_history_insert (CaromHistory *history, guint index, CmObject *object, const char *label)
{
  g_return_if_fail (history != NULL && object != NULL);
  g_return_if_fail (index <= history->scene->objects->len);
  record (history, CHANGE_INSERT, index, object, label, NULL);
}

void
carom_history_remove (CaromHistory *history, guint index, const char *label)
{
  g_return_if_fail (history != NULL);
  g_return_if_fail (index < history->scene->objects->len);
  record (history, CHANGE_REMOVE, index, NULL, label, NULL);
}

void
carom_history_seal (CaromHistory *history)
{
  g_return_if_fail (history != NULL);
  history->sealed = TRUE;
}

gboolean
carom_history_undo (CaromHistory *history)
{
  g_return_val_if_fail (history != NULL, FALSE);
  if (history->applied == 0)
    return FALSE;
  g_return_val_if_fail (history->open == NULL, FALSE);
  Step *step = g_ptr_array_index (history->steps, --history->applied);
  for (guint i = step->changes->len; i-- > 0;)
    swap (history, &g_array_index (step->changes, Change, i), FALSE);
  history->sealed = TRUE;
  return TRUE;
}

gboolean
carom_history_redo (CaromHistory *history)
{
  g_return_val_if_fail (history != NULL, FALSE);
  if (history->applied == history->steps->len)
    return FALSE;
  g_return_val_if_fail (history->open == NULL, FALSE);
  Step *step = g_ptr_array_index (history->steps, history->applied++);
  for (guint i = 0; i < step->changes->len; i++)
    swap (history, &g_array_index (step->changes, Change, i), TRUE);
  history->sealed = TRUE;
  return TRUE;
}

gboolean
carom_history_revert (CaromHistory *history)
{
  g_return_val_if_fail (history != NULL, FALSE);
  if (!carom_history_undo (history))
    return FALSE;
  truncate_redo (history);
  return TRUE;
}

gboolean
carom_history_can_undo (const CaromHistory *history)
{
  return history != NULL && history->applied > 0;
}

gboolean
carom_history_can_redo (const CaromHistory *history)
{
  return history != NULL && history->applied < history->steps->len;
}

const char *
carom_history_undo_label (const CaromHistory *history)
{
  if (!carom_history_can_undo (history))
    return NULL;
  return ((Step *)g_ptr_array_index (history->steps, history->applied - 1))->label;
}

const char *
carom_history_redo_label (const CaromHistory *history)
{
  if (!carom_history_can_redo (history))
    return NULL;
  return ((Step *)g_ptr_array_index (history->steps, history->applied))->label;
}

guint64
carom_history_get_position (const CaromHistory *history)
{
  g_return_val_if_fail (history != NULL, 0);
  if (history->applied == 0)
    return 0;
  return ((Step *)g_ptr_array_index (history->steps, history->applied - 1))->id;
}

gboolean
carom_history_take_changes (CaromHistory *history, GArray *replaced)
{
  g_return_val_if_fail (history != NULL, FALSE);
  gboolean in_place = !history->structural;
  if (in_place && replaced != NULL)
    g_array_append_vals (replaced, history->replaced->data, history->replaced->len);
  g_array_set_size (history->replaced, 0);
  history->structural = FALSE;
  return in_place;
}
