/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-window-trace.c: the stepper bar while a heavy scene is traced off the
 * main loop (progress, time left, Cancel), the work budget from the
 * settings, and what the budget cut. The tracing itself lives in the
 * document and the stepper (GTK-free). */
#include "config.h"

#include <glib/gi18n.h>

#include "carom-window-private.h"

/* The stepper bar shows the progress instead of the scrubber and the step
 * while tracing. */
static void
tracing_changed (CaromWindow *self)
{
  gboolean tracing = carom_stepper_get_tracing (self->stepper);
  gtk_widget_set_visible (self->tracing_box, tracing);
  gtk_widget_set_visible (GTK_WIDGET (self->scrubber), !tracing);
  gtk_widget_set_visible (GTK_WIDGET (self->step_label), !tracing);
  /* Nothing to step through or play yet: their room goes to the progress
   * and Cancel, which must fit a narrow window too. */
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->play_button)), !tracing);
  gtk_widget_set_visible (GTK_WIDGET (self->speed_dropdown), !tracing);
  carom_window_document_changed (self);
}

static void
progress_changed (CaromWindow *self)
{
  double fraction;
  g_autofree char *text = NULL;
  g_object_get (self->stepper, "progress", &fraction, "progress-text", &text, NULL);
  gtk_progress_bar_set_fraction (self->tracing_bar, fraction);
  gtk_progress_bar_set_text (self->tracing_bar, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->tracing_bar), text);
}

void
carom_window_cancel_trace_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  (void)action;
  (void)parameter;
  carom_stepper_cancel_trace (CAROM_STEPPER (((CaromWindow *)user_data)->stepper));
}

static void
budget_from_settings (CaromWindow *self)
{
  if (self->document != NULL)
    carom_document_set_budget (self->document,
                               g_settings_get_uint64 (self->settings, "work-budget"));
}

char *
carom_window_trace_status (CaromWindow *self, char **tooltip)
{
  *tooltip = NULL;
  if (self->document == NULL)
    return NULL;
  const CmSceneTrace *trace = carom_document_get_trace (self->document);
  if (carom_document_get_tracing (self->document))
    return g_strdup (_ ("Tracing…"));
  if (trace == NULL)
    return NULL;
  if (trace->cancelled)
    {
      *tooltip = g_strdup (_ ("The trace was cancelled: the balls show the hits traced until "
                              "then. Any change to the scene traces it again."));
      return g_strdup (_ ("Partial trace: cancelled"));
    }
  if (trace->plan != NULL && trace->plan->cut)
    {
      g_autofree char *budget = carom_format_count ((double)trace->plan->budget);
      g_autofree char *how = g_strdup_printf (
          /* Translators: how to raise the window's work budget */
          _ ("The balls cut end with the status “budget”. Raise the work budget in "
             "Preferences (now %s) to trace more."),
          budget);
      *tooltip
          = carom_trace_plan_message (trace->plan, carom_document_get_scene (self->document), how);
      return g_strdup (_ ("Traced in part: the work budget ran out"));
    }
  return NULL;
}

/* A trace the budget cut is told once, in a toast that offers the way to
 * raise it. */
static void
trace_changed (CaromWindow *self)
{
  const CmSceneTrace *trace = carom_document_get_trace (self->document);
  carom_window_document_changed (self);
  if (trace == NULL || carom_document_get_tracing (self->document) || trace->plan == NULL
      || !trace->plan->cut || trace->cancelled || self->budget_told == trace)
    return;
  self->budget_told = trace;
  g_autofree char *asked = carom_format_count (trace->plan->asked);
  g_autofree char *budget = carom_format_count ((double)trace->plan->budget);
  g_autofree char *message = g_strdup_printf (
      /* Translators: a toast: the scene asked for more rays and hits than the budget allows */
      _ ("Traced in part: the scene asks for %s rays and hits, the work budget is %s"), asked,
      budget);
  g_autofree char *markup = g_markup_escape_text (message, -1);
  AdwToast *t = adw_toast_new (markup);
  adw_toast_set_timeout (t, 10);
  adw_toast_set_button_label (t, _ ("_Preferences"));
  adw_toast_set_action_name (t, "app.preferences");
  adw_toast_overlay_add_toast (self->toast_overlay, t);
}

void
carom_window_trace_set_document (CaromWindow *self, CaromDocument *document)
{
  self->budget_told = NULL;
  g_signal_connect_swapped (document, "trace-changed", G_CALLBACK (trace_changed), self);
  budget_from_settings (self);
}

void
carom_window_trace_init (CaromWindow *self)
{
  gtk_widget_set_name (self->tracing_box, "tracing-box");
  g_signal_connect_swapped (self->stepper, "notify::tracing", G_CALLBACK (tracing_changed), self);
  g_signal_connect_swapped (self->stepper, "notify::progress-text", G_CALLBACK (progress_changed),
                            self);
  g_signal_connect_swapped (self->settings, "changed::work-budget",
                            G_CALLBACK (budget_from_settings), self);
}
