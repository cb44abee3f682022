/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-window-file.c: the window's scene files: New, Open (the chooser,
 * recent scenes, dropped files), Save and Save As, the questions about
 * unsaved changes and files changed on disk, and recovering autosaved work. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "carom-window-private.h"

/* How many recent scenes the Open button's menu lists. */
#define RECENT_LIMIT 10

/* ---- recent files ---- */

static void
rebuild_recent_menu (CaromWindow *self)
{
  g_menu_remove_all (self->recent_menu);
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  GList *items = gtk_recent_manager_get_items (manager);
  guint added = 0;
  for (GList *l = items; l != NULL && added < RECENT_LIMIT; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      const char *mime = gtk_recent_info_get_mime_type (info);
      if (!gtk_recent_info_has_application (info, g_get_application_name ())
          || (mime && strcmp (mime, "image/svg+xml") != 0) || !gtk_recent_info_exists (info))
        continue;
      g_autoptr (GMenuItem) item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target_value (item, "win.open-recent", g_variant_new_string (uri));
      g_menu_append_item (self->recent_menu, item);
      added++;
    }
  g_list_free_full (items, (GDestroyNotify)gtk_recent_info_unref);
  if (added == 0)
    {
      g_autoptr (GMenuItem) none = g_menu_item_new (_ ("No Recent Scenes"), "win.no-recent");
      g_menu_append_item (self->recent_menu, none);
    }
}

static void
remember_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentData data = {
    .display_name = NULL,
    .mime_type = (char *)"image/svg+xml",
    .app_name = (char *)g_get_application_name (),
    .app_exec = (char *)"carom %u",
  };
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

/* ---- unsaved changes ---- */

typedef void (*Continuation) (CaromWindow *self, gpointer data);

typedef struct
{
  CaromWindow *self;
  Continuation then;
  gpointer data;
  GDestroyNotify destroy;
} Pending;

static Pending *
pending_new (CaromWindow *self, Continuation then, gpointer data, GDestroyNotify destroy)
{
  Pending *p = g_new0 (Pending, 1);
  p->self = g_object_ref (self);
  p->then = then;
  p->data = data;
  p->destroy = destroy;
  return p;
}

static void
pending_free (Pending *p)
{
  if (p->destroy && p->data)
    p->destroy (p->data);
  g_object_unref (p->self);
  g_free (p);
}

static void
pending_run (Pending *p)
{
  p->then (p->self, p->data);
  pending_free (p);
}

static gboolean
pending_run_idle (gpointer data)
{
  pending_run (data);
  return G_SOURCE_REMOVE;
}

static void save_then (CaromWindow *self, GFile *file, gboolean overwrite, Pending *after);
static void save_as_then (CaromWindow *self, Pending *after);

static void
unsaved_response (AdwMessageDialog *dialog, const char *response, Pending *p)
{
  (void)dialog;
  if (g_strcmp0 (response, "discard") == 0)
    {
      carom_document_discard_autosave (p->self->document);
      /* Later, not now: the continuation may close the window, which must
       * not go while its dialog is still answering. */
      g_idle_add (pending_run_idle, p);
    }
  else if (g_strcmp0 (response, "save") == 0)
    {
      if (carom_document_get_file (p->self->document) == NULL
          || carom_document_get_imported (p->self->document))
        save_as_then (p->self, p);
      else
        save_then (p->self, NULL, FALSE, p);
    }
  else
    pending_free (p);
}

/* Runs then(self, data) now when nothing is unsaved; otherwise asks whether
 * to save, discard or cancel first (the GNOME HIG's "Save Changes?" dialog). */
static void
confirm_discard (CaromWindow *self, Continuation then, gpointer data, GDestroyNotify destroy)
{
  Pending *p = pending_new (self, then, data, destroy);
  if (!carom_document_get_modified (self->document))
    {
      pending_run (p);
      return;
    }
  g_autofree char *name = carom_document_dup_title (self->document);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _ ("Save Changes?"), NULL);
  adw_message_dialog_format_body (
      ADW_MESSAGE_DIALOG (dialog),
      _ ("“%s” has unsaved changes. Changes which are not saved will be permanently lost."), name);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"), "discard",
                                    _ ("_Discard"), "save", _ ("_Save"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (unsaved_response), p);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- saving ---- */

typedef struct
{
  GFile *file;
  Pending *after;
} SaveOp;

static void save_done (GObject *source, GAsyncResult *result, gpointer user_data);

static void
changed_on_disk_response (AdwMessageDialog *dialog, const char *response, SaveOp *op)
{
  (void)dialog;
  CaromWindow *self = op->after ? op->after->self : NULL;
  if (g_strcmp0 (response, "overwrite") == 0 && self != NULL)
    {
      carom_document_save_async (self->document, op->file, TRUE, NULL, save_done, op);
      return;
    }
  if (op->after)
    pending_free (op->after);
  g_clear_object (&op->file);
  g_free (op);
}

static void
save_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  SaveOp *op = user_data;
  CaromDocument *document = CAROM_DOCUMENT (source);
  CaromWindow *self = op->after->self;
  g_autoptr (GError) error = NULL;

  if (!carom_document_save_finish (document, result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG))
        {
          g_autofree char *name = carom_document_dup_title (document);
          GtkWidget *dialog
              = adw_message_dialog_new (GTK_WINDOW (self), _ ("File Changed on Disk"), NULL);
          adw_message_dialog_format_body (
              ADW_MESSAGE_DIALOG (dialog),
              _ ("“%s” was changed by another program since it was opened. Overwrite it with "
                 "this scene?"),
              name);
          adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"),
                                            "overwrite", _ ("_Overwrite"), NULL);
          adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "overwrite",
                                                      ADW_RESPONSE_DESTRUCTIVE);
          adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
          g_signal_connect (dialog, "response", G_CALLBACK (changed_on_disk_response), op);
          gtk_window_present (GTK_WINDOW (dialog));
          return;
        }
      g_autofree char *message = g_strdup_printf (_ ("Could not save: %s"), error->message);
      carom_window_toast (self, message);
      pending_free (op->after);
    }
  else
    {
      remember_recent (carom_document_get_file (document));
      pending_run (op->after);
    }
  g_clear_object (&op->file);
  g_free (op);
}

static void
save_then (CaromWindow *self, GFile *file, gboolean overwrite, Pending *after)
{
  SaveOp *op = g_new0 (SaveOp, 1);
  op->file = file ? g_object_ref (file) : NULL;
  op->after = after;
  carom_document_save_async (self->document, file, overwrite, NULL, save_done, op);
}

static void
nothing_more (CaromWindow *self, gpointer data)
{
  (void)self;
  (void)data;
}

static GtkFileFilter *
svg_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _ ("SVG Scenes"));
  gtk_file_filter_add_mime_type (filter, "image/svg+xml");
  gtk_file_filter_add_suffix (filter, "svg");
  return filter;
}

/* "a, b and c": what would be lost, for a sentence. */
static char *
join_losses (const GPtrArray *losses)
{
  g_autoptr (GString) text = g_string_new (NULL);
  for (guint i = 0; losses != NULL && i < losses->len; i++)
    {
      if (i > 0)
        g_string_append (text, i + 1 == losses->len ? _ (" and ") : _ (", "));
      g_string_append (text, g_ptr_array_index (losses, i));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
lose_response (AdwMessageDialog *dialog, const char *response, SaveOp *op)
{
  (void)dialog;
  if (g_strcmp0 (response, "overwrite") == 0)
    save_then (op->after->self, op->file, TRUE, op->after);
  else
    pending_free (op->after);
  g_clear_object (&op->file);
  g_free (op);
}

/* Saving over the imported file loses what Carom could not keep: only when
 * the user says so, knowing what. */
static void
confirm_loss_then_save (CaromWindow *self, GFile *file, Pending *after)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *name = g_filename_display_name (basename);
  g_autofree char *lost = join_losses (carom_document_get_losses (self->document));
  GtkWidget *dialog
      = adw_message_dialog_new (GTK_WINDOW (self), _ ("Overwrite the Original?"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _ ("Carom cannot write back everything “%s” holds: saving over "
                                     "it loses %s. Save under a new name to keep the original "
                                     "whole."),
                                  name, lost);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"),
                                    "overwrite", _ ("_Overwrite"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "overwrite",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  SaveOp *op = g_new0 (SaveOp, 1);
  op->file = g_object_ref (file);
  op->after = after;
  g_signal_connect (dialog, "response", G_CALLBACK (lose_response), op);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The chooser already asked before replacing an existing file; the imported
 * original is only replaced knowing what goes. */
static void
save_as_chosen (CaromWindow *self, GFile *file, Pending *after)
{
  if (carom_document_is_imported_from (self->document, file))
    confirm_loss_then_save (self, file, after);
  else
    save_then (self, file, TRUE, after);
}

void
carom_window_save_as_file (CaromWindow *self, GFile *file)
{
  g_return_if_fail (CAROM_IS_WINDOW (self) && G_IS_FILE (file));
  save_as_chosen (self, file, pending_new (self, nothing_more, NULL, NULL));
}

static void
save_as_response (GtkNativeDialog *chooser, int response, Pending *after)
{
  CaromWindow *self = after->self;
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      save_as_chosen (self, file, after);
    }
  else
    pending_free (after);
  g_object_unref (chooser);
}

static void
save_as_then (CaromWindow *self, Pending *after)
{
  GtkFileChooserNative *chooser
      = gtk_file_chooser_native_new (_ ("Save Scene"), GTK_WINDOW (self),
                                     GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Save"), _ ("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_autoptr (GtkFileFilter) filter = svg_filter ();
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  GFile *file = carom_document_get_file (self->document);
  if (file != NULL && !carom_document_get_imported (self->document))
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), file, NULL);
  else
    {
      /* A new scene, or an imported file: a new name, beside the original. */
      g_autoptr (GFile) folder = file != NULL ? g_file_get_parent (file) : NULL;
      if (folder != NULL)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
      g_autofree char *name = carom_document_dup_suggested_name (self->document);
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  g_signal_connect (chooser, "response", G_CALLBACK (save_as_response), after);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* ---- opening ---- */

static void
summary_details (AdwToast *t, gpointer user_data)
{
  CaromWindow *self = user_data;
  GPtrArray *lines = g_object_get_data (G_OBJECT (t), "summary");
  g_autoptr (GString) body = g_string_new (NULL);
  for (guint i = 0; lines && i < lines->len; i++)
    {
      if (i > 0)
        g_string_append_c (body, '\n');
      g_string_append (body, g_ptr_array_index (lines, i));
    }
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _ ("Import Summary"), body->str);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _ ("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
load_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (CaromWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) summary = NULL;

  if (!carom_document_load_finish (CAROM_DOCUMENT (source), result, &summary, &error))
    {
      /* The document is untouched: say why, keep the scene on screen. */
      g_autofree char *message = g_strdup_printf (_ ("Could not open: %s"), error->message);
      carom_window_toast (self, message);
      return;
    }
  remember_recent (carom_document_get_file (self->document));
  carom_editor_reset (self->editor);
  carom_editor_set_tool (self->editor, CAROM_TOOL_SELECT);
  carom_stepper_first (self->stepper);
  carom_canvas_zoom_to_fit (self->canvas);
  carom_window_document_changed (self);
  const GPtrArray *losses = carom_document_get_losses (self->document);
  if (losses != NULL)
    {
      /* Why the file opened as imported comes first, and in the details. */
      g_autofree char *lost = join_losses (losses);
      g_autofree char *why
          = g_strdup_printf (_ ("Opened as imported: Carom cannot write back %s"), lost);
      if (summary == NULL)
        summary = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_insert (summary, 0,
                          g_strdup (_ ("Save will ask for a new name, so that the original "
                                       "stays whole.")));
      g_ptr_array_insert (summary, 0, g_steal_pointer (&why));
    }
  if (summary != NULL && summary->len > 0)
    {
      g_autofree char *first
          = g_markup_escape_text (g_ptr_array_index (summary, 0), -1); /* it names <elements> */
      AdwToast *t = adw_toast_new (first);
      adw_toast_set_timeout (t, 8);
      if (summary->len > 1)
        {
          adw_toast_set_button_label (t, _ ("_Details"));
          g_object_set_data_full (G_OBJECT (t), "summary", g_ptr_array_ref (summary),
                                  (GDestroyNotify)g_ptr_array_unref);
          g_signal_connect (t, "button-clicked", G_CALLBACK (summary_details), self);
        }
      adw_toast_overlay_add_toast (self->toast_overlay, t);
    }
}

static void
open_now (CaromWindow *self, gpointer data)
{
  GFile *file = data;
  carom_document_load_async (self->document, file, NULL, load_done, g_object_ref (self));
}

void
carom_window_open_file (CaromWindow *self, GFile *file)
{
  g_return_if_fail (CAROM_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));
  confirm_discard (self, open_now, g_object_ref (file), g_object_unref);
}

static void
open_response (GtkNativeDialog *chooser, int response, CaromWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      carom_window_open_file (self, file);
    }
  g_object_unref (chooser);
}

void
carom_window_open_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  CaromWindow *self = user_data;
  (void)action;
  (void)parameter;
  GtkFileChooserNative *chooser
      = gtk_file_chooser_native_new (_ ("Open Scene"), GTK_WINDOW (self),
                                     GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Open"), _ ("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_autoptr (GtkFileFilter) filter = svg_filter ();
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_signal_connect (chooser, "response", G_CALLBACK (open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

void
carom_window_open_recent_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  (void)action;
  g_autoptr (GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));
  carom_window_open_file (CAROM_WINDOW (user_data), file);
}

static gboolean
drop_files (GtkDropTarget *target, const GValue *value, double x, double y, CaromWindow *self)
{
  (void)target;
  (void)x;
  (void)y;
  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  GSList *files = g_value_get_boxed (value);
  if (files == NULL)
    return FALSE;
  /* The first file replaces this window's scene, the others get windows of their own. */
  carom_window_open_file (self, files->data);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  for (GSList *l = files->next; l != NULL; l = l->next)
    {
      CaromWindow *window = carom_window_new (CAROM_APPLICATION (app));
      gtk_window_present (GTK_WINDOW (window));
      carom_window_open_file (window, l->data);
    }
  return TRUE;
}

/* ---- actions ---- */

static void
new_now (CaromWindow *self, gpointer data)
{
  (void)data;
  CaromDocument *fresh = carom_document_new ();
  carom_window_set_document (self, fresh);
  g_object_unref (fresh);
}

void
carom_window_new_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  (void)action;
  (void)parameter;
  confirm_discard (CAROM_WINDOW (user_data), new_now, NULL, NULL);
}

void
carom_window_save_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  CaromWindow *self = user_data;
  (void)action;
  (void)parameter;
  Pending *after = pending_new (self, nothing_more, NULL, NULL);
  if (carom_document_get_file (self->document) == NULL
      || carom_document_get_imported (self->document))
    save_as_then (self, after);
  else
    save_then (self, NULL, FALSE, after);
}

void
carom_window_save_as_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  CaromWindow *self = user_data;
  (void)action;
  (void)parameter;
  save_as_then (self, pending_new (self, nothing_more, NULL, NULL));
}

/* ---- closing ---- */

static void
close_now (CaromWindow *self, gpointer data)
{
  (void)data;
  self->closing_confirmed = TRUE;
  carom_document_discard_autosave (self->document);
  gtk_window_close (GTK_WINDOW (self));
}

gboolean
carom_window_file_hold_close (CaromWindow *self)
{
  if (!self->closing_confirmed && carom_document_get_modified (self->document))
    {
      confirm_discard (self, close_now, NULL, NULL);
      return TRUE;
    }
  return FALSE;
}

/* ---- recovery ---- */

typedef struct
{
  char *path;
  GFile *file;
} Recovery;

static void
recovery_free (Recovery *r)
{
  g_free (r->path);
  g_clear_object (&r->file);
  g_free (r);
}

static void
recovery_response (AdwMessageDialog *dialog, const char *response, gpointer user_data)
{
  CaromWindow *self = CAROM_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
  Recovery *r = user_data;
  if (g_strcmp0 (response, "recover") == 0)
    {
      g_autoptr (GError) error = NULL;
      if (carom_document_recover (self->document, r->path, r->file, &error))
        {
          carom_editor_reset (self->editor);
          carom_canvas_zoom_to_fit (self->canvas);
          carom_window_toast (self, _ ("Unsaved changes recovered"));
        }
      else
        {
          g_autofree char *message = g_strdup_printf (_ ("Could not recover: %s"), error->message);
          carom_window_toast (self, message);
        }
    }
  else if (g_strcmp0 (response, "discard") == 0)
    {
      g_autofree char *stem = g_strndup (r->path, strlen (r->path) - strlen (".svg"));
      g_autofree char *info = g_strconcat (stem, ".ini", NULL);
      g_remove (r->path);
      g_remove (info);
    }
}

void
carom_window_offer_recovery (CaromWindow *self, const char *autosave_path, GFile *file)
{
  g_return_if_fail (CAROM_IS_WINDOW (self));
  Recovery *r = g_new0 (Recovery, 1);
  r->path = g_strdup (autosave_path);
  r->file = file ? g_object_ref (file) : NULL;
  g_autofree char *name = NULL;
  if (file != NULL)
    {
      g_autofree char *base = g_file_get_basename (file);
      name = g_filename_display_name (base);
    }
  GtkWidget *dialog
      = adw_message_dialog_new (GTK_WINDOW (self), _ ("Recover Unsaved Changes?"), NULL);
  if (name != NULL)
    adw_message_dialog_format_body (
        ADW_MESSAGE_DIALOG (dialog),
        _ ("Carom did not close properly while “%s” had unsaved changes. They were kept."), name);
  else
    adw_message_dialog_set_body (
        ADW_MESSAGE_DIALOG (dialog),
        _ ("Carom did not close properly while an unsaved scene was open. It was kept."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "later", _ ("_Later"), "discard",
                                    _ ("_Discard"), "recover", _ ("_Recover"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "recover",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "recover");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "later");
  g_signal_connect_data (dialog, "response", G_CALLBACK (recovery_response), r,
                         (GClosureNotify)(void (*) (void))recovery_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
carom_window_file_init (CaromWindow *self)
{
  self->recent_menu = g_menu_new ();
  adw_split_button_set_menu_model (self->open_button, G_MENU_MODEL (self->recent_menu));
  rebuild_recent_menu (self);
  g_signal_connect_swapped (gtk_recent_manager_get_default (), "changed",
                            G_CALLBACK (rebuild_recent_menu), self);

  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (drop_files), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}
