/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-document.c: one open scene: its file, its state on disk, its trace. */
#include "control/carom-document.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "control/carom-trace-job.h"
#include "io/carom-svg.h"
#include "model/carom-edit.h"

/* Seconds after the last edit before unsaved changes are copied to the
 * autosave folder: long enough not to write on every keystroke, short enough
 * that a crash loses little. */
#define AUTOSAVE_DELAY_SECONDS 3

struct _CaromDocument
{
  GObject parent_instance;

  /* owned */
  CmScene *scene;
  CaromHistory *history;  /* every edit of scene, for undo and redo */
  guint64 saved_position; /* the history's position when the file was last read or written */
  CmSceneTrace *trace;    /* NULL until asked for after a change */
  GArray *updated;        /* guint: world polygons the last change updated in place, or NULL */
  gboolean in_place;      /* the last change only replaced objects (no index moved) */
  gboolean adopted;       /* the scene was replaced whole since the last change */
  GFile *file;
  char *etag; /* of the file as last read or written */
  /* While the scene came from a file Save cannot write back whole: that file
   * and what would be lost (translated phrases); NULL otherwise. */
  GFile *imported_from;
  GPtrArray *losses;
  char *autosave_id;
  char *autosave_path;

  guint autosave_source;
  gboolean modified;

  /* Tracing off the main loop (carom-trace-job.h). */
  guint64 budget;       /* the work budget of every trace */
  guint64 generation;   /* counts the scene's changes */
  CaromTraceJob *job;   /* tracing the scene as it now is, or NULL */
  gboolean trace_stale; /* trace is the last finished one, of an older scene */
  guint64 held;         /* the user cancelled the trace of this generation: keep */
  guint notify_tracing; /* idle: "tracing" changed where notifying was not safe */
};

G_DEFINE_FINAL_TYPE (CaromDocument, carom_document, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_FILE,
  PROP_MODIFIED,
  PROP_TITLE,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_TRACING,
  N_PROPS
};

enum
{
  CHANGED,
  TRACE_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
carom_document_dispose (GObject *object)
{
  CaromDocument *self = CAROM_DOCUMENT (object);
  g_clear_handle_id (&self->autosave_source, g_source_remove);
  g_clear_handle_id (&self->notify_tracing, g_source_remove);
  /* A trace still running is abandoned: it frees itself when it stops. */
  if (self->job != NULL)
    carom_trace_job_cancel (g_steal_pointer (&self->job), FALSE);
  G_OBJECT_CLASS (carom_document_parent_class)->dispose (object);
}

static void
carom_document_finalize (GObject *object)
{
  CaromDocument *self = CAROM_DOCUMENT (object);
  g_clear_pointer (&self->trace, cm_scene_trace_free);
  g_clear_pointer (&self->updated, g_array_unref);
  g_clear_pointer (&self->history, carom_history_free);
  g_clear_pointer (&self->scene, cm_scene_free);
  g_clear_object (&self->file);
  g_clear_object (&self->imported_from);
  g_clear_pointer (&self->losses, g_ptr_array_unref);
  g_clear_pointer (&self->etag, g_free);
  g_clear_pointer (&self->autosave_id, g_free);
  g_clear_pointer (&self->autosave_path, g_free);
  G_OBJECT_CLASS (carom_document_parent_class)->finalize (object);
}

static void
carom_document_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  CaromDocument *self = CAROM_DOCUMENT (object);
  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_TITLE:
      g_value_take_string (value, carom_document_dup_title (self));
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, carom_history_can_undo (self->history));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, carom_history_can_redo (self->history));
      break;
    case PROP_TRACING:
      g_value_set_boolean (value, self->job != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
carom_document_class_init (CaromDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->dispose = carom_document_dispose;
  object_class->finalize = carom_document_finalize;
  object_class->get_property = carom_document_get_property;

  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE]
      = g_param_spec_string ("title", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /// Whether the scene is being traced off the main loop
  /// (carom_document_get_trace_progress()).
  properties[PROP_TRACING] = g_param_spec_boolean ("tracing", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /// Emitted when a trace made off the main loop replaces the one shown (or
  /// none): what is drawn from the trace is stale.
  signals[TRACE_CHANGED] = g_signal_new ("trace-changed", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /// Emitted after the scene changed (an edit, a load): derived data is stale.
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);
}

static void
carom_document_init (CaromDocument *self)
{
  self->scene = cm_scene_new ();
  self->history = carom_history_new (self->scene);
  self->budget = CAROM_BUDGET_WINDOW_DEFAULT;
  self->held = G_MAXUINT64;
}

/* Takes scene as the document's, with a fresh history. */
static void
adopt_scene (CaromDocument *self, CmScene *scene)
{
  g_clear_pointer (&self->trace, cm_scene_trace_free);
  self->trace_stale = FALSE;
  g_clear_pointer (&self->updated, g_array_unref);
  self->adopted = TRUE;
  carom_history_free (self->history);
  cm_scene_free (self->scene);
  self->scene = scene;
  self->history = carom_history_new (scene);
  self->saved_position = 0;
  g_clear_object (&self->imported_from);
  g_clear_pointer (&self->losses, g_ptr_array_unref);
}

CaromDocument *
carom_document_new (void)
{
  return g_object_new (CAROM_TYPE_DOCUMENT, NULL);
}

GFile *
carom_document_get_file (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), NULL);
  return self->file;
}

char *
carom_document_dup_title (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), NULL);
  if (self->file == NULL)
    return g_strdup (_ ("Untitled Scene"));
  g_autofree char *basename = g_file_get_basename (self->file);
  g_autofree char *name = g_filename_display_name (basename);
  if (self->imported_from != NULL)
    /* TRANSLATORS: the title of a file Save cannot write back whole */
    return g_strdup_printf (_ ("%s (imported)"), name);
  return g_steal_pointer (&name);
}

gboolean
carom_document_get_imported (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), FALSE);
  return self->imported_from != NULL;
}

const GPtrArray *
carom_document_get_losses (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), NULL);
  return self->losses;
}

gboolean
carom_document_is_imported_from (CaromDocument *self, GFile *file)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), FALSE);
  return self->imported_from != NULL && file != NULL && g_file_equal (self->imported_from, file);
}

char *
carom_document_dup_suggested_name (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), NULL);
  if (self->file == NULL)
    /* Translators: the file name offered for a new scene; keep the .svg ending. */
    return g_strdup (_ ("Untitled Scene.svg"));
  g_autofree char *basename = g_file_get_basename (self->file);
  g_autofree char *name = g_filename_display_name (basename);
  if (self->imported_from == NULL)
    return g_steal_pointer (&name);
  char *dot = strrchr (name, '.');
  if (dot != NULL && dot != name)
    *dot = '\0';
  /* TRANSLATORS: the file name Save As offers for an imported file; keep the .svg ending */
  return g_strdup_printf (_ ("%s (edited).svg"), name);
}

gboolean
carom_document_get_modified (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), FALSE);
  return self->modified;
}

const CmScene *
carom_document_get_scene (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), NULL);
  return self->scene;
}

/* The work a trace of the scene takes: what it asks for, within the
 * budget. */
static guint64
trace_work (CaromDocument *self, guint64 *hits)
{
  g_autoptr (CaromTracePlan) plan = carom_trace_plan_new (self->scene, -1, self->budget);
  guint64 work = plan->asked < (double)self->budget ? (guint64)plan->asked : self->budget;
  if (hits != NULL)
    {
      /* Of which hits (what the progress counts): the rest is the rays'. */
      guint64 rays = CAROM_BUDGET_RAY_UNITS * plan->rays;
      *hits = work > rays ? work - rays : 0;
    }
  return work;
}

static void
trace_done (CmSceneTrace *trace, gboolean cancelled, gpointer data)
{
  CaromDocument *self = data;
  self->job = NULL;
  /* Made on a copy of the scene as it is now (any change since abandoned
   * the job): point it at the scene's own objects. */
  if (trace != NULL && !cm_scene_trace_rebind (trace, self->scene))
    g_clear_pointer (&trace, cm_scene_trace_free);
  CmSceneTrace *old = self->trace;
  self->trace = trace;
  self->trace_stale = FALSE;
  g_clear_pointer (&self->updated, g_array_unref);
  if (cancelled)
    self->held = self->generation; /* not traced again until the next change */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TRACING]);
  g_signal_emit (self, signals[TRACE_CHANGED], 0);
  /* Freed once nothing draws from it any more. */
  cm_scene_trace_free (old);
}

static gboolean
notify_tracing_idle (gpointer data)
{
  CaromDocument *self = data;
  self->notify_tracing = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TRACING]);
  return G_SOURCE_REMOVE;
}

const CmSceneTrace *
carom_document_get_trace (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), NULL);
  if ((self->trace != NULL && !self->trace_stale) || self->job != NULL
      || self->held == self->generation)
    return self->trace; /* current, or the last finished while a new one is made */
  guint64 hits;
  guint64 work = trace_work (self, &hits);
  CaromTraceOptions options = CAROM_TRACE_OPTIONS_INIT;
  options.budget = self->budget;
  if (work <= CAROM_DOCUMENT_SYNC_WORK && self->trace == NULL)
    {
      /* Quicker than a frame: at once. */
      self->trace = cm_scene_trace_full (self->scene, &options);
      return self->trace;
    }
  /* Off the main loop, a core is left to the window. */
  options.n_threads = MAX (g_get_num_processors (), 2) - 1;
  self->job = carom_trace_job_start (self->scene, &options, hits, trace_done, self);
  if (self->trace == NULL)
    {
      /* Meanwhile the scene and its balls, with no path. */
      options.untraced = TRUE;
      self->trace = cm_scene_trace_full (self->scene, &options);
      self->trace_stale = TRUE;
    }
  /* Asked while drawing, maybe: the widgets hear of it from the main loop. */
  if (self->notify_tracing == 0)
    self->notify_tracing = g_idle_add (notify_tracing_idle, self);
  return self->trace;
}

gboolean
carom_document_get_tracing (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), FALSE);
  return self->job != NULL;
}

gboolean
carom_document_get_trace_progress (CaromDocument *self, guint64 *hits, guint64 *expected,
                                   double *seconds_left)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), FALSE);
  if (self->job == NULL)
    return FALSE;
  carom_trace_job_progress (self->job, hits, expected, seconds_left);
  return TRUE;
}

void
carom_document_cancel_trace (CaromDocument *self)
{
  g_return_if_fail (CAROM_IS_DOCUMENT (self));
  if (self->job != NULL)
    carom_trace_job_cancel (self->job, TRUE);
}

void
carom_document_set_budget (CaromDocument *self, guint64 budget)
{
  g_return_if_fail (CAROM_IS_DOCUMENT (self));
  budget = CLAMP (budget, CAROM_BUDGET_MIN, CAROM_BUDGET_MAX);
  if (budget == self->budget)
    return;
  self->budget = budget;
  /* Trace again within the new budget: the scene did not change, so what
   * is shown stays until the new trace is ready. */
  if (self->job != NULL)
    {
      carom_trace_job_cancel (g_steal_pointer (&self->job), FALSE);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TRACING]);
    }
  self->held = G_MAXUINT64;
  if (self->trace != NULL)
    self->trace_stale = TRUE;
  g_signal_emit (self, signals[TRACE_CHANGED], 0);
}

guint64
carom_document_get_budget (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), 0);
  return self->budget;
}

const char *
carom_document_get_autosave_path (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), NULL);
  return self->autosave_path;
}

char *
carom_document_autosave_dir (void)
{
  return g_build_filename (g_get_user_state_dir (), "carom", "autosave", NULL);
}

static void
set_modified (CaromDocument *self, gboolean modified)
{
  if (self->modified == modified)
    return;
  self->modified = modified;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

static void
set_file (CaromDocument *self, GFile *file)
{
  if (file == self->file || (file && self->file && g_file_equal (file, self->file)))
    return;
  g_set_object (&self->file, file);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}

/* Edits of more objects than this rebuild the trace: each update in place
 * costs a refit of every world. */
#define UPDATE_IN_PLACE_MAX 8

/* Brings the trace up to date with the changes the history reports: in
 * place for a few objects replaced (a drag), else dropped, to be rebuilt when
 * asked for. */
static void
update_trace (CaromDocument *self)
{
  g_clear_pointer (&self->updated, g_array_unref);
  /* A trace of the scene as it was is of no use: let it go. */
  self->generation++;
  if (self->job != NULL)
    {
      carom_trace_job_cancel (g_steal_pointer (&self->job), FALSE);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TRACING]);
    }
  g_autoptr (GArray) replaced = g_array_new (FALSE, FALSE, sizeof (guint));
  /* A scene adopted whole (opened, recovered) is no edit of the one before. */
  self->in_place = carom_history_take_changes (self->history, replaced) && !self->adopted;
  self->adopted = FALSE;
  if (self->trace == NULL || (self->in_place && replaced->len == 0))
    return;
  /* Each object once. */
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autoptr (GArray) unique = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < replaced->len; i++)
    {
      guint index = g_array_index (replaced, guint, i);
      if (g_hash_table_add (seen, GUINT_TO_POINTER (index + 1)))
        g_array_append_val (unique, index);
    }
  g_autoptr (GArray) updated = g_array_new (FALSE, FALSE, sizeof (guint));
  /* A heavy trace is made again off the main loop; meanwhile the last one
   * stays on show, pointed at the objects as they now are. */
  guint64 work = trace_work (self, NULL);
  if (self->in_place && !self->trace_stale && work > CAROM_DOCUMENT_SYNC_WORK)
    {
      /* The budget counts both traces: the one on show and the one made. */
      guint64 shown
          = self->trace->n_hits + CAROM_BUDGET_RAY_UNITS * (guint64)self->trace->balls->len;
      if (shown + work <= self->budget && cm_scene_trace_rebind (self->trace, self->scene))
        self->trace_stale = TRUE;
      else
        g_clear_pointer (&self->trace, cm_scene_trace_free);
      return;
    }
  if (self->in_place && !self->trace_stale && unique->len <= UPDATE_IN_PLACE_MAX
      && cm_scene_trace_update (self->trace, self->scene, (const guint *)unique->data, unique->len,
                                updated))
    self->updated = g_steal_pointer (&updated);
  else if (self->in_place && self->trace_stale && cm_scene_trace_rebind (self->trace, self->scene))
    return;
  else
    {
      g_clear_pointer (&self->trace, cm_scene_trace_free);
      self->trace_stale = FALSE;
    }
}

/* The scene changed: bring derived data up to date and tell everyone. */
static void
scene_changed (CaromDocument *self)
{
  update_trace (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  /* A heavy scene starts tracing now, off the main loop, rather than when
   * first drawn. */
  if ((self->trace == NULL || self->trace_stale)
      && trace_work (self, NULL) > CAROM_DOCUMENT_SYNC_WORK)
    carom_document_get_trace (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

/* Modified means: not the scene the file holds, as the history tells. */
static void
update_modified (CaromDocument *self)
{
  set_modified (self, carom_history_get_position (self->history) != self->saved_position);
}

/* ---- autosave ---- */

static gboolean
autosave_now (gpointer user_data)
{
  CaromDocument *self = user_data;
  self->autosave_source = 0;
  if (!self->modified)
    return G_SOURCE_REMOVE;

  g_autofree char *dir = carom_document_autosave_dir ();
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      g_warning ("Cannot create the autosave folder %s: %s", dir, g_strerror (errno));
      return G_SOURCE_REMOVE;
    }
  if (self->autosave_id == NULL)
    {
      self->autosave_id = g_uuid_string_random ();
      g_autofree char *name = g_strconcat (self->autosave_id, ".svg", NULL);
      self->autosave_path = g_build_filename (dir, name, NULL);
    }

  /* A key file beside the copy remembers which file the changes belong to. */
  g_autoptr (GKeyFile) info = g_key_file_new ();
  if (self->file != NULL)
    {
      g_autofree char *uri = g_file_get_uri (self->file);
      g_key_file_set_string (info, "autosave", "file", uri);
    }
  g_key_file_set_int64 (info, "autosave", "time", g_get_real_time () / G_USEC_PER_SEC);
  g_autofree char *info_name = g_strconcat (self->autosave_id, ".ini", NULL);
  g_autofree char *info_path = g_build_filename (dir, info_name, NULL);

  g_autoptr (GError) error = NULL;
  if (!carom_svg_write_file (self->scene, self->autosave_path, &error)
      || !g_key_file_save_to_file (info, info_path, &error))
    g_warning ("Autosave failed: %s", error->message);
  return G_SOURCE_REMOVE;
}

static void
schedule_autosave (CaromDocument *self)
{
  g_clear_handle_id (&self->autosave_source, g_source_remove);
  self->autosave_source = g_timeout_add_seconds (AUTOSAVE_DELAY_SECONDS, autosave_now, self);
}

void
carom_document_discard_autosave (CaromDocument *self)
{
  g_return_if_fail (CAROM_IS_DOCUMENT (self));
  g_clear_handle_id (&self->autosave_source, g_source_remove);
  if (self->autosave_path == NULL)
    return;
  g_autofree char *dir = g_path_get_dirname (self->autosave_path);
  g_autofree char *info_name = g_strconcat (self->autosave_id, ".ini", NULL);
  g_autofree char *info_path = g_build_filename (dir, info_name, NULL);
  g_remove (self->autosave_path);
  g_remove (info_path);
  g_clear_pointer (&self->autosave_path, g_free);
  g_clear_pointer (&self->autosave_id, g_free);
}

gboolean
carom_document_recover (CaromDocument *self, const char *autosave_path, GFile *file, GError **error)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), FALSE);
  CmScene *scene = carom_svg_read_file (autosave_path, NULL, NULL, error);
  if (scene == NULL)
    return FALSE;
  adopt_scene (self, scene);
  /* Recovered changes are unsaved: no history position matches them. */
  self->saved_position = G_MAXUINT64;
  set_file (self, file);
  g_clear_pointer (&self->etag, g_free);
  g_free (self->autosave_path);
  self->autosave_path = g_strdup (autosave_path);
  g_autofree char *base = g_path_get_basename (autosave_path);
  g_free (self->autosave_id);
  self->autosave_id = g_strndup (base, strlen (base) - strlen (".svg"));
  set_modified (self, TRUE);
  scene_changed (self);
  return TRUE;
}

/* ---- edits ---- */

gboolean
carom_document_get_last_change_in_place (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), FALSE);
  return self->in_place;
}

const GArray *
carom_document_get_updated_polygons (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), NULL);
  return self->updated;
}

CmScene *
carom_document_get_edit_scene (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), NULL);
  return self->scene;
}

CaromHistory *
carom_document_get_history (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), NULL);
  return self->history;
}

void
carom_document_edited (CaromDocument *self)
{
  g_return_if_fail (CAROM_IS_DOCUMENT (self));
  update_modified (self);
  schedule_autosave (self);
  scene_changed (self);
}

/* ---- loading ---- */

typedef struct
{
  GFile *file;
  CmScene *scene;
  GPtrArray *summary;
  char *etag;
} LoadData;

static void
load_data_free (LoadData *data)
{
  g_clear_object (&data->file);
  g_clear_pointer (&data->scene, cm_scene_free);
  g_clear_pointer (&data->summary, g_ptr_array_unref);
  g_clear_pointer (&data->etag, g_free);
  g_free (data);
}

static void
load_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  LoadData *data = task_data;
  GError *error = NULL;
  (void)source_object;

  g_autoptr (GFileInfo) info = g_file_query_info (data->file, G_FILE_ATTRIBUTE_ETAG_VALUE,
                                                  G_FILE_QUERY_INFO_NONE, cancellable, NULL);
  if (info != NULL)
    data->etag = g_strdup (g_file_info_get_etag (info));

  g_autofree char *path = g_file_get_path (data->file);
  if (path != NULL)
    data->scene = carom_svg_read_file (path, NULL, &data->summary, &error);
  else
    {
      /* Not a local file (a GVfs location): read it all, then parse. */
      g_autofree char *contents = NULL;
      gsize length = 0;
      if (g_file_load_contents (data->file, cancellable, &contents, &length, NULL, &error))
        data->scene = carom_svg_read_memory (contents, length, NULL, &data->summary, &error);
    }

  if (data->scene == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

void
carom_document_load_async (CaromDocument *self, GFile *file, GCancellable *cancellable,
                           GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (CAROM_IS_DOCUMENT (self));
  g_return_if_fail (G_IS_FILE (file));
  LoadData *data = g_new0 (LoadData, 1);
  data->file = g_object_ref (file);
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, carom_document_load_async);
  g_task_set_task_data (task, data, (GDestroyNotify)load_data_free);
  g_task_run_in_thread (task, load_thread);
}

gboolean
carom_document_load_finish (CaromDocument *self, GAsyncResult *result, GPtrArray **summary,
                            GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  GTask *task = G_TASK (result);
  if (!g_task_propagate_boolean (task, error))
    return FALSE;

  LoadData *data = g_task_get_task_data (task);
  adopt_scene (self, g_steal_pointer (&data->scene));
  /* A file Save cannot write back whole opens as imported: Save asks for a
   * new name, and never overwrites it with less without asking. */
  const GPtrArray *losses = carom_svg_get_losses (self->scene);
  if (losses != NULL)
    {
      self->imported_from = g_object_ref (data->file);
      self->losses = g_ptr_array_new_full (losses->len, g_free);
      for (guint i = 0; i < losses->len; i++)
        g_ptr_array_add (self->losses, g_strdup (g_ptr_array_index (losses, i)));
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
  g_free (self->etag);
  self->etag = g_steal_pointer (&data->etag);
  if (summary != NULL)
    *summary = g_steal_pointer (&data->summary);
  carom_document_discard_autosave (self);
  set_file (self, data->file);
  set_modified (self, FALSE);
  scene_changed (self);
  return TRUE;
}

/* ---- saving ---- */

static void
save_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  CaromDocument *self = g_task_get_source_object (task);
  GFile *file = G_FILE (source);
  g_autofree char *new_etag = NULL;
  GError *error = NULL;

  if (!g_file_replace_contents_finish (file, result, &new_etag, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_free (self->etag);
  self->etag = g_steal_pointer (&new_etag);
  set_file (self, file);
  /* The file written holds everything the scene has: no longer imported. */
  if (self->imported_from != NULL)
    {
      g_clear_object (&self->imported_from);
      g_clear_pointer (&self->losses, g_ptr_array_unref);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
    }
  /* Edits after a save start a new undo step, so the position stays honest. */
  carom_history_seal (self->history);
  self->saved_position = carom_history_get_position (self->history);
  set_modified (self, FALSE);
  carom_document_discard_autosave (self);
  g_task_return_boolean (task, TRUE);
}

void
carom_document_save_async (CaromDocument *self, GFile *file, gboolean overwrite_changed,
                           GCancellable *cancellable, GAsyncReadyCallback callback,
                           gpointer user_data)
{
  g_return_if_fail (CAROM_IS_DOCUMENT (self));
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, carom_document_save_async);
  if (file == NULL)
    file = self->file;
  if (file == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME, "%s",
                               _ ("The scene has no file yet"));
      return;
    }

  gsize length = 0;
  char *contents = carom_svg_write_string (self->scene, &length);
  g_autoptr (GBytes) bytes = g_bytes_new_take (contents, length);

  /* The etag guards against overwriting a file another program changed since
   * we read it; it only applies to the file we read. */
  const char *etag = NULL;
  if (!overwrite_changed && self->file != NULL && g_file_equal (file, self->file))
    etag = self->etag;

  g_file_replace_contents_bytes_async (file, bytes, etag, FALSE, G_FILE_CREATE_NONE, cancellable,
                                       save_done, g_steal_pointer (&task));
}

gboolean
carom_document_save_finish (CaromDocument *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Moves through the history (undo or redo) and re-derives what follows. */
static gboolean
step_history (CaromDocument *self, gboolean (*move) (CaromHistory *))
{
  if (!move (self->history))
    return FALSE;
  update_modified (self);
  if (self->modified)
    schedule_autosave (self);
  scene_changed (self);
  return TRUE;
}

gboolean
carom_document_revert (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), FALSE);
  return step_history (self, carom_history_revert);
}

gboolean
carom_document_undo (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), FALSE);
  return step_history (self, carom_history_undo);
}

gboolean
carom_document_redo (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), FALSE);
  return step_history (self, carom_history_redo);
}

const char *
carom_document_get_undo_label (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), NULL);
  return carom_history_undo_label (self->history);
}

const char *
carom_document_get_redo_label (CaromDocument *self)
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (self), NULL);
  return carom_history_redo_label (self->history);
}
