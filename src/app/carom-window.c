/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-window.c: a Carom window: one document, its canvas and inspector. */
#include "config.h"

#include "carom-window-private.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "control/carom-editor.h"
#include "control/carom-stepper.h"
#include "model/carom-edit.h"
#include "model/carom-explain.h"
#include "render/carom-render.h"

#include "carom-accessible.h"
#include "carom-canvas.h"
#include "carom-clipboard.h"
#include "carom-export-dialog.h"
#include "carom-inspector.h"

G_DEFINE_FINAL_TYPE (CaromWindow, carom_window, ADW_TYPE_APPLICATION_WINDOW)

/* ---- small helpers ---- */

void
carom_window_toast (CaromWindow *self, const char *message)
{
  /* A toast's title is markup: a message naming "<polygon>" would show
   * nothing. Plain text, always. */
  g_autofree char *markup = g_markup_escape_text (message, -1);
  AdwToast *t = adw_toast_new (markup);
  adw_toast_set_timeout (t, 5);
  adw_toast_overlay_add_toast (self->toast_overlay, t);
  carom_window_layout_toast_shown (self);
}

static const CaromBallTrace *
selected_ball (CaromWindow *self)
{
  const CmSceneTrace *trace = carom_document_get_trace (self->document);
  if (trace == NULL || trace->balls->len == 0)
    return NULL;
  guint ball = carom_stepper_get_ball (self->stepper);
  return &g_array_index (trace->balls, CaromBallTrace, MIN (ball, trace->balls->len - 1));
}

static const char *
status_text (CgTraceStatus status)
{
  switch (status)
    {
    case CG_TRACE_STOPPED:
      return _ ("stopped at an obstacle");
    case CG_TRACE_MAX_BOUNCES:
      return _ ("reached its maximum bounces");
    case CG_TRACE_ESCAPED:
      return _ ("escaped");
    case CG_TRACE_START_OVERLAP:
      return _ ("starts overlapping");
    case CG_TRACE_BUDGET:
      return _ ("stopped when the work budget ran out");
    case CG_TRACE_RUNNING:
    case CG_TRACE_INVALID_INPUT:
      break;
    }
  return _ ("cannot be traced");
}

/* ---- what the window shows ---- */

static void
update_title (CaromWindow *self)
{
  g_autofree char *name = carom_document_dup_title (self->document);
  gboolean modified = carom_document_get_modified (self->document);
  /* Translators: the window title of a scene with unsaved changes. */
  g_autofree char *title = modified ? g_strdup_printf (_ ("• %s"), name) : g_strdup (name);
  adw_window_title_set_title (self->window_title, title);

  GFile *file = carom_document_get_file (self->document);
  g_autofree char *folder = NULL;
  if (file != NULL)
    {
      g_autoptr (GFile) parent = g_file_get_parent (file);
      folder = parent ? g_file_get_parse_name (parent) : NULL;
    }
  adw_window_title_set_subtitle (self->window_title, folder ? folder : "");
  gtk_window_set_title (GTK_WINDOW (self), title);
  /* A narrow window ellipsizes both: the tooltip gives them whole. */
  g_autofree char *whole = folder != NULL ? g_strdup_printf ("%s\n%s", title, folder) : NULL;
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->window_title), whole != NULL ? whole : title);
}

/* What a screen reader says of the canvas: the scene, the trace of the
 * ball followed, and the hit at the stepper's step, with the numbers the
 * Hit panel shows. Follows the stepper and every edit. */
static void
update_description (CaromWindow *self)
{
  if (self->stepper == NULL)
    return;
  g_autoptr (GString) text = g_string_new (gtk_label_get_label (self->objects_label));
  const CaromBallTrace *bt = selected_ball (self);
  if (bt != NULL)
    {
      g_string_append_printf (text, ". %s.", gtk_label_get_label (self->trace_label));
      guint step = carom_stepper_get_step (self->stepper);
      if (step == 0 || step > bt->trace.n_hits)
        /* Translators: the canvas's description for screen readers, before the first hit. */
        g_string_append_printf (text, _ (" At the start: the ball at (%g, %g)."),
                                bt->ball->center.x, bt->ball->center.y);
      else
        {
          const CgHit *h = &bt->trace.hits[step - 1];
          const CmObject *object = NULL;
          g_autofree char *where
              = carom_explain_hit_name (carom_document_get_trace (self->document), h, &object);
          /* Translators: the canvas's description for screen readers at a hit: its number, the
           * object hit (name, and a part such as "edge 2"), where the ball's centre touches, and
           * the normal there. */
          g_string_append_printf (text, _ (" Hit %u of %zu: %s, %s, at (%g, %g), normal (%g, %g)."),
                                  step, bt->trace.n_hits, object != NULL ? object->id : "?", where,
                                  h->point.x, h->point.y, h->normal.x, h->normal.y);
        }
    }
  carom_canvas_set_description (self->canvas, text->str);
}

static void
update_status (CaromWindow *self)
{
  const CmScene *scene = carom_document_get_scene (self->document);
  guint walls = 0, obstacles = 0, balls = 0, beams = 0;
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *o = g_ptr_array_index (scene->objects, i);
      if (o->kind == CM_OBJECT_BALL)
        balls++;
      else if (o->kind == CM_OBJECT_BEAM)
        beams++;
      else if (o->role == CG_ROLE_WALL)
        walls++;
      else
        obstacles++;
    }
  g_autofree char *w
      = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u wall", "%u walls", walls), walls);
  g_autofree char *o = g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE, "%u obstacle", "%u obstacles", obstacles), obstacles);
  g_autofree char *b
      = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u ball", "%u balls", balls), balls);
  /* Translators: walls, obstacles and balls in the status line, e.g. "1 wall, 2 obstacles, 1 ball".
   */
  g_autofree char *objects = g_strdup_printf (_ ("%s, %s, %s"), w, o, b);
  if (beams > 0)
    {
      g_autofree char *with = g_strdup_printf (
          /* Translators: the status line's objects with the beams, e.g. "1 wall, 2 obstacles,
           * 1 ball, 2 beams". */
          g_dngettext (GETTEXT_PACKAGE, "%s, %u beam", "%s, %u beams", beams), objects, beams);
      g_free (objects);
      objects = g_steal_pointer (&with);
    }
  gtk_label_set_label (self->objects_label, objects);
  /* The status line ellipsizes in a narrow window: tooltips give it whole. */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->objects_label), objects);

  const CaromBallTrace *bt = selected_ball (self);
  g_autofree char *tip = NULL;
  g_autofree char *partial = carom_window_trace_status (self, &tip);
  if (partial != NULL && (bt == NULL || carom_document_get_tracing (self->document)))
    {
      gtk_label_set_label (self->trace_label, partial);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->trace_label), tip);
    }
  else if (bt == NULL)
    {
      gtk_label_set_label (self->trace_label, _ ("No ball to trace"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->trace_label), NULL);
    }
  else if (partial != NULL)
    {
      g_autofree char *text = g_strdup_printf (
          /* Translators: the status line: a ball's summary, then that the trace is partial */
          _ ("%s: %zu hits · %s"), bt->ball->id, bt->trace.n_hits, partial);
      gtk_label_set_label (self->trace_label, text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->trace_label), tip);
    }
  else
    {
      g_autofree char *text = g_strdup_printf (
          /* Translators: the status line's trace summary: ball name, number of hits, how it ended.
           */
          g_dngettext (GETTEXT_PACKAGE, "%s: %zu hit, %s", "%s: %zu hits, %s", bt->trace.n_hits),
          bt->ball->id, bt->trace.n_hits, status_text (bt->trace.status));
      gtk_label_set_label (self->trace_label, text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->trace_label), text);
    }

  double zoom = carom_canvas_get_zoom (self->canvas);
  g_autofree char *zoom_text = g_strdup_printf (_ ("%.0f %%"), zoom * 100.0);
  gtk_label_set_label (self->zoom_label, zoom_text);
  update_description (self);
}

/* A path length as the step label shows it: 4 significant digits, enough
 * to see the front move, few enough to read; whole units from 1000 on
 * (never "1.571e+04"). */
static char *
carom_window_format_length (double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_ascii_formatd (buf, sizeof buf, fabs (v) < 1000.0 ? "%.4g" : "%.0f", v);
  return g_strdup (buf);
}

/* Speeds of the stepper's menu, in steps a second. */
static const double speeds[] = { 0.5, 1.0, 2.0, 4.0, 8.0 };

void
carom_window_update_step (CaromWindow *self)
{
  guint n = carom_stepper_get_hits (self->stepper);
  guint step = carom_stepper_get_step (self->stepper);
  guint ball = carom_stepper_get_ball (self->stepper);
  double front = carom_stepper_get_front (self->stepper);
  double length = carom_stepper_get_front_length (self->stepper);
  g_autofree char *text = NULL;
  if (selected_ball (self) == NULL)
    text = g_strdup (_ ("No ball"));
  else if (front >= 0.0)
    {
      g_autofree char *s = carom_window_format_length (front);
      g_autofree char *of = carom_window_format_length (length);
      /* Translators: a beam's front: the path length s every ray has gone,
       * of the longest ray's, e.g. "s = 120.5 of 830". */
      text = g_strdup_printf (_ ("s = %s of %s"), s, of);
    }
  else if (step == 0)
    /* Translators: the stepper's position before the first hit. */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Start, %u hit", "Start, %u hits", n), n);
  else
    /* Translators: the stepper's position, e.g. "Hit 3 of 29". */
    text = g_strdup_printf (_ ("Hit %u of %u"), step, n);
  /* A narrow window shows the numbers alone (a front's to the unit), the
   * words in the tooltip. */
  g_autofree char *numbers = NULL;
  if (self->compact && selected_ball (self) != NULL)
    numbers = front < 0.0 ? g_strdup_printf ("%u / %u", step, n)
                          : g_strdup_printf ("%.0f / %.0f", front, length);
  gtk_label_set_label (self->step_label, numbers != NULL ? numbers : text);
  /* A front's numbers are wider: in a narrow window First and Last give
   * them room (Home and End still go there); in a phone-sized one they are
   * in the stepper's menu (carom-window-layout.c). */
  gboolean room = !self->narrow && !(self->compact && front >= 0.0);
  gtk_widget_set_visible (self->step_first_button, room);
  gtk_widget_set_visible (self->step_last_button, room);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->step_label), text);
  update_description (self);

  static const struct
  {
    const char *action;
    gboolean forward;
  } moves[] = {
    { "step-first", FALSE },
    { "step-previous", FALSE },
    { "step-next", TRUE },
    { "step-last", TRUE },
  };
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      GAction *a = g_action_map_lookup_action (G_ACTION_MAP (self), moves[i].action);
      if (a == NULL)
        continue;
      if (front >= 0.0)
        g_simple_action_set_enabled (G_SIMPLE_ACTION (a),
                                     moves[i].forward ? front < length : front > 0.0);
      else
        g_simple_action_set_enabled (G_SIMPLE_ACTION (a), moves[i].forward ? step < n : step > 0);
    }
  GAction *play = g_action_map_lookup_action (G_ACTION_MAP (self), "play");
  if (play != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (play), front >= 0.0 ? length > 0.0 : n > 0);

  /* The scrubber: one notch a hit, or over the front's path length. */
  self->updating_scrubber = TRUE;
  GtkAdjustment *adj = gtk_range_get_adjustment (GTK_RANGE (self->scrubber));
  if (front >= 0.0)
    {
      gtk_range_set_round_digits (GTK_RANGE (self->scrubber), -1);
      gtk_adjustment_configure (adj, front, 0, fmax (length, 1e-9), length / 200.0, length / 20.0,
                                0);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->scrubber),
                                   _ ("Drag the beam’s front: how far every ray has gone"));
    }
  else
    {
      gtk_range_set_round_digits (GTK_RANGE (self->scrubber), 0);
      gtk_adjustment_configure (adj, step, 0, MAX (n, 1), 1, 1, 0);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->scrubber), _ ("Drag to any hit"));
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->scrubber), front >= 0.0 ? length > 0.0 : n > 0);
  self->updating_scrubber = FALSE;

  carom_canvas_set_front (self->canvas, front);
  carom_canvas_set_step (self->canvas, ball, step);
  carom_inspector_set_step (self->inspector, ball, step);
  carom_map_view_set_step (self->map_view, ball, step);
  if (self->editor != NULL)
    carom_lab_set_step (carom_editor_get_lab (self->editor), ball, step);
}

static void
update_playing (CaromWindow *self)
{
  gboolean playing = carom_stepper_get_playing (self->stepper);
  gtk_button_set_icon_name (self->play_button, playing ? "media-playback-pause-symbolic"
                                                       : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->play_button),
                               playing ? _ ("Pause (Space)") : _ ("Play (Space)"));
}

static void
scrubber_moved (CaromWindow *self)
{
  if (self->updating_scrubber)
    return;
  if (carom_stepper_get_front (self->stepper) >= 0.0)
    {
      carom_stepper_seek_front (self->stepper, gtk_range_get_value (GTK_RANGE (self->scrubber)));
      return;
    }
  carom_stepper_seek (self->stepper,
                      (guint)lround (gtk_range_get_value (GTK_RANGE (self->scrubber))));
}

static void
speed_chosen (CaromWindow *self)
{
  guint i = gtk_drop_down_get_selected (self->speed_dropdown);
  if (i < G_N_ELEMENTS (speeds))
    carom_stepper_set_speed (self->stepper, speeds[i]);
}

/* The stepper follows the ball selected on the canvas or in the list. */
static void
follow_selected_ball (CaromWindow *self)
{
  g_autoptr (GArray) sel = carom_editor_get_selection (self->editor);
  const CmSceneTrace *trace = carom_document_get_trace (self->document);
  if (sel->len != 1 || trace == NULL)
    return;
  guint index = g_array_index (sel, guint, 0);
  gint slot = index < trace->slots->len ? g_array_index (trace->slots, gint, index) : -1;
  if (slot <= -2)
    carom_stepper_set_ball (self->stepper, (guint)(-2 - slot));
}

void
carom_window_document_changed (CaromWindow *self)
{
  update_status (self);
}

static void
pointer_moved (CaromWindow *self, double x, double y, gboolean inside)
{
  if (!inside)
    {
      gtk_label_set_label (self->pointer_label, "");
      return;
    }
  char bx[G_ASCII_DTOSTR_BUF_SIZE], by[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *text = g_strdup_printf ("x %s  y %s", g_ascii_formatd (bx, sizeof bx, "%.1f", x),
                                           g_ascii_formatd (by, sizeof by, "%.1f", y));
  gtk_label_set_label (self->pointer_label, text);
}

/* ---- the document ---- */

static void
document_notify (CaromWindow *self)
{
  update_title (self);
}

static void
update_undo (CaromWindow *self)
{
  GAction *undo = g_action_map_lookup_action (G_ACTION_MAP (self), "undo");
  GAction *redo = g_action_map_lookup_action (G_ACTION_MAP (self), "redo");
  gboolean can_undo, can_redo;
  g_object_get (self->document, "can-undo", &can_undo, "can-redo", &can_redo, NULL);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (undo), can_undo);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (redo), can_redo);
}

void
carom_window_set_document (CaromWindow *self, CaromDocument *document)
{
  if (self->document != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->document, self);
      carom_document_discard_autosave (self->document);
    }
  g_set_object (&self->document, document);
  g_signal_connect_swapped (document, "notify::modified", G_CALLBACK (document_notify), self);
  g_signal_connect_swapped (document, "notify::title", G_CALLBACK (document_notify), self);
  g_signal_connect_swapped (document, "notify::can-undo", G_CALLBACK (update_undo), self);
  g_signal_connect_swapped (document, "notify::can-redo", G_CALLBACK (update_undo), self);
  g_signal_connect_swapped (document, "changed", G_CALLBACK (carom_window_document_changed), self);
  carom_window_trace_set_document (self, document);
  carom_canvas_set_document (self->canvas, document);
  carom_inspector_set_document (self->inspector, document);
  carom_map_view_set_document (self->map_view, document);
  carom_editor_set_document (self->editor, document);
  /* An empty page is for drawing: start with the polygon tool (and, as the
   * editor chooses, the wall role for the room). */
  carom_editor_set_tool (self->editor, carom_document_get_scene (document)->objects->len == 0
                                           ? CAROM_TOOL_POLYGON
                                           : CAROM_TOOL_SELECT);
  carom_stepper_set_document (self->stepper, document);
  update_title (self);
  update_undo (self);
  carom_window_document_changed (self);
  carom_canvas_zoom_to_fit (self->canvas);
}

/* ---- actions ---- */
void
carom_window_export_done (GtkWindow *parent, GFile *file, const char *note)
{
  g_autofree char *base = g_file_get_basename (file);
  g_autofree char *name = g_filename_display_name (base);
  g_autofree char *message
      = note != NULL
            /* Translators: a toast: the file exported, then what it could not take. */
            ? g_strdup_printf (_ ("Exported “%s”; %s"), name, note)
            : g_strdup_printf (_ ("Exported “%s”"), name);
  carom_window_toast (CAROM_WINDOW (parent), message);
}

void
carom_window_export_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  CaromWindow *self = user_data;
  (void)action;
  (void)parameter;
  GtkWindow *dialog = carom_export_dialog_new (
      GTK_WINDOW (self), self->document, self->settings, carom_stepper_get_ball (self->stepper),
      carom_stepper_get_step (self->stepper), carom_window_export_done);
  gtk_window_present (dialog);
}

void
carom_window_close_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  (void)action;
  (void)parameter;
  gtk_window_close (GTK_WINDOW (user_data));
}

void
carom_window_step_first_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  (void)a;
  (void)p;
  carom_stepper_first (CAROM_WINDOW (user_data)->stepper);
}

void
carom_window_step_previous_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  (void)a;
  (void)p;
  carom_stepper_previous (CAROM_WINDOW (user_data)->stepper);
}

void
carom_window_step_next_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  (void)a;
  (void)p;
  carom_stepper_next (CAROM_WINDOW (user_data)->stepper);
}

void
carom_window_step_last_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  (void)a;
  (void)p;
  carom_stepper_last (CAROM_WINDOW (user_data)->stepper);
}

void
carom_window_play_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  (void)a;
  (void)p;
  carom_stepper_toggle_play (CAROM_WINDOW (user_data)->stepper);
}

void
carom_window_undo_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  (void)a;
  (void)p;
  carom_document_undo (CAROM_WINDOW (user_data)->document);
}

void
carom_window_redo_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  (void)a;
  (void)p;
  carom_document_redo (CAROM_WINDOW (user_data)->document);
}

/* ---- editing ---- */

static const char *const tool_names[CAROM_N_TOOLS]
    = { "select", "vertex", "polygon", "rectangle", "regular", "circle", "ball", "beam", "lab" };

void
carom_window_tool_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  CaromWindow *self = user_data;
  (void)action;
  const char *name = g_variant_get_string (parameter, NULL);
  for (guint i = 0; i < CAROM_N_TOOLS; i++)
    if (g_str_equal (name, tool_names[i]))
      carom_editor_set_tool (self->editor, (CaromTool)i);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

void
carom_window_role_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  CaromWindow *self = user_data;
  (void)action;
  const char *name = g_variant_get_string (parameter, NULL);
  carom_editor_set_role (self->editor,
                         g_str_equal (name, "wall") ? CG_ROLE_WALL : CG_ROLE_OBSTACLE);
}

/* What to do with the tool, in one line under the header bar. */
static const char *
tool_hint (CaromTool tool)
{
  switch (tool)
    {
    case CAROM_TOOL_SELECT:
      return _ ("Click or drag a box to select · Shift adds · drag to move · arrow keys nudge");
    case CAROM_TOOL_VERTEX:
      return _ ("Drag a vertex, or an edge’s middle handle to bend it · double-click an edge to "
                "add a vertex · Delete removes the chosen one");
    case CAROM_TOOL_POLYGON:
      return _ ("Click to add vertices · click the first, press Enter or double-click to close · "
                "Backspace undoes a vertex · Shift keeps 15° angles");
    case CAROM_TOOL_RECTANGLE:
      return _ ("Drag from corner to corner · Shift draws a square");
    case CAROM_TOOL_REGULAR:
      return _ ("Drag from the centre to a vertex · Shift keeps 15° angles");
    case CAROM_TOOL_CIRCLE:
      return _ ("Drag from the centre out to the radius · Escape cancels");
    case CAROM_TOOL_BALL:
      return _ ("Click to place a ball · drag to aim it");
    case CAROM_TOOL_BEAM:
      return _ ("Fan: drag from where the rays start to aim it · Parallel: drag the line they "
                "start from, they leave to its right · Shift keeps 15° angles · Escape cancels");
    case CAROM_TOOL_LAB:
      return _ ("Drag the shapes and their handles · the Lab panel shows the numbers");
    default:
      return "";
    }
}

static void
editor_tool_changed (CaromWindow *self)
{
  CaromTool tool = carom_editor_get_tool (self->editor);
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "tool");
  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (tool_names[tool]));
  gboolean draws = tool == CAROM_TOOL_POLYGON || tool == CAROM_TOOL_RECTANGLE
                   || tool == CAROM_TOOL_REGULAR || tool == CAROM_TOOL_CIRCLE;
  gtk_widget_set_visible (self->role_box, draws);
  gtk_widget_set_visible (self->sides_box, tool == CAROM_TOOL_REGULAR);
  gtk_widget_set_visible (self->beam_box, tool == CAROM_TOOL_BEAM);
  gtk_widget_set_visible (self->lab_box, tool == CAROM_TOOL_LAB);
  g_simple_action_set_enabled (
      G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "export-lab")),
      tool == CAROM_TOOL_LAB);
  gtk_label_set_label (self->tool_hint, tool_hint (tool));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->tool_hint), tool_hint (tool));
}

static void
editor_role_changed (CaromWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "role");
  g_simple_action_set_state (
      G_SIMPLE_ACTION (action),
      g_variant_new_string (carom_editor_get_role (self->editor) == CG_ROLE_WALL ? "wall"
                                                                                 : "obstacle"));
}

static void
sides_changed (CaromWindow *self)
{
  carom_editor_set_sides (self->editor, (guint)gtk_spin_button_get_value_as_int (self->sides_spin));
}

/* The Beam tool's options bar tells the editor the next beam's shape, rays
 * and spread (the spread only matters to a fan). */
static void
beam_options_changed (CaromWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "beam-shape");
  g_autoptr (GVariant) state = g_action_get_state (action);
  CaromBeamShape shape = g_str_equal (g_variant_get_string (state, NULL), "parallel")
                             ? CAROM_BEAM_PARALLEL
                             : CAROM_BEAM_FAN;
  carom_editor_set_beam_defaults (self->editor, shape,
                                  (guint)gtk_spin_button_get_value_as_int (self->beam_count_spin),
                                  gtk_spin_button_get_value (self->beam_spread_spin));
  gtk_widget_set_sensitive (GTK_WIDGET (self->beam_spread_spin), shape == CAROM_BEAM_FAN);
  gtk_widget_set_sensitive (self->beam_spread_label, shape == CAROM_BEAM_FAN);
}

void
carom_window_beam_shape_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  g_simple_action_set_state (action, parameter);
  beam_options_changed (CAROM_WINDOW (user_data));
}

static void
update_edit_actions (CaromWindow *self)
{
  g_autoptr (GArray) sel = carom_editor_get_selection (self->editor);
  static const char *const needs_selection[] = { "cut", "copy", "duplicate", "delete" };
  for (guint i = 0; i < G_N_ELEMENTS (needs_selection); i++)
    g_simple_action_set_enabled (
        G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), needs_selection[i])),
        sel->len > 0);
}

static void
editor_message (CaromWindow *self, const char *text)
{
  carom_window_toast (self, text);
}

void
carom_window_copy_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  CaromWindow *self = user_data;
  (void)a;
  (void)p;
  g_autoptr (GArray) sel = carom_editor_get_selection (self->editor);
  if (sel->len == 0)
    return;
  carom_clipboard_copy (gtk_widget_get_clipboard (GTK_WIDGET (self)),
                        carom_document_get_scene (self->document), (guint *)sel->data, sel->len);
}

void
carom_window_cut_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  CaromWindow *self = user_data;
  carom_window_copy_activated (a, p, user_data);
  carom_editor_delete_selection (self->editor);
}

void
carom_window_delete_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  (void)a;
  (void)p;
  carom_editor_delete_selection (CAROM_WINDOW (user_data)->editor);
}

void
carom_window_select_all_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  (void)a;
  (void)p;
  carom_editor_select_all (CAROM_WINDOW (user_data)->editor);
}

/* Adds objects (taken) as one step and selects them. Objects that would land
 * exactly on the ones they were copied from are moved by a grid step, so the
 * copy is seen. */
static void
add_objects (CaromWindow *self, GPtrArray *objects, const char *label)
{
  const CmScene *scene = carom_document_get_scene (self->document);
  gboolean on_top = TRUE;
  for (guint i = 0; i < objects->len && on_top; i++)
    {
      const CmObject *o = g_ptr_array_index (objects, i);
      const CmObject *same = o->id != NULL ? cm_scene_find (scene, o->id) : NULL;
      on_top = same != NULL && cm_object_equal (same, o);
    }
  if (on_top)
    {
      /* A visible step at any zoom: about 16 pixels. */
      double step = 16.0 / carom_canvas_get_zoom (self->canvas);
      CaromMatrix m = carom_matrix_translate (cg_v2 (step, step));
      for (guint i = 0; i < objects->len; i++)
        {
          CmObject *o = g_ptr_array_index (objects, i);
          if (o->kind == CM_OBJECT_BALL)
            o->center = carom_matrix_apply (&m, o->center);
          else
            for (size_t k = 0; k < o->n_points; k++)
              o->points[k] = carom_matrix_apply (&m, o->points[k]);
        }
    }
  guint first = scene->objects->len, n = objects->len;
  g_autoptr (GError) error = NULL;
  guint n_reversed = 0;
  if (!carom_edit_add_all (carom_document_get_history (self->document),
                           carom_document_get_edit_scene (self->document), objects, label,
                           &n_reversed, &error))
    {
      g_autofree char *message = g_strdup_printf (_ ("Nothing pasted: %s"), error->message);
      carom_window_toast (self, message);
      return;
    }
  carom_document_edited (self->document);
  g_autoptr (GArray) added = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = first; i < first + n; i++)
    g_array_append_val (added, i);
  carom_editor_select (self->editor, (guint *)added->data, added->len, FALSE);
}

static void
paste_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (CaromWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) objects
      = carom_clipboard_paste_finish (GDK_CLIPBOARD (source), result, &error);
  if (self->document == NULL) /* the window closed meanwhile */
    return;
  if (objects == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autofree char *message = g_strdup_printf (_ ("Nothing pasted: %s"), error->message);
          carom_window_toast (self, message);
        }
      return;
    }
  add_objects (self, objects, _ ("Paste"));
}

void
carom_window_paste_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  CaromWindow *self = user_data;
  (void)a;
  (void)p;
  carom_clipboard_paste_async (gtk_widget_get_clipboard (GTK_WIDGET (self)), NULL, paste_done,
                               g_object_ref (self));
}

void
carom_window_duplicate_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  CaromWindow *self = user_data;
  (void)a;
  (void)p;
  g_autoptr (GArray) sel = carom_editor_get_selection (self->editor);
  if (sel->len == 0)
    return;
  const CmScene *scene = carom_document_get_scene (self->document);
  g_autoptr (GPtrArray) objects = g_ptr_array_new_with_free_func ((GDestroyNotify)cm_object_free);
  for (guint i = 0; i < sel->len; i++)
    g_ptr_array_add (objects, cm_object_copy (g_ptr_array_index (scene->objects,
                                                                 g_array_index (sel, guint, i))));
  add_objects (self, objects, _ ("Duplicate"));
}

static void
settings_to_editor (CaromWindow *self)
{
  carom_editor_set_snapping (self->editor, g_settings_get_boolean (self->settings, "snap-to-grid"),
                             g_settings_get_boolean (self->settings, "snap-to-objects"));
  carom_editor_set_ball_defaults (self->editor,
                                  g_settings_get_double (self->settings, "default-radius"),
                                  g_settings_get_uint (self->settings, "default-max-bounces"));
}

/* One keyboard zoom step: four steps double the size. */
#define ZOOM_STEP 1.189207115002721

void
carom_window_zoom_in_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  (void)a;
  (void)p;
  carom_canvas_zoom_by (CAROM_WINDOW (user_data)->canvas, ZOOM_STEP);
}

void
carom_window_zoom_out_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  (void)a;
  (void)p;
  carom_canvas_zoom_by (CAROM_WINDOW (user_data)->canvas, 1.0 / ZOOM_STEP);
}

void
carom_window_zoom_fit_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  (void)a;
  (void)p;
  carom_canvas_zoom_to_fit (CAROM_WINDOW (user_data)->canvas);
}

void
carom_window_zoom_actual_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  (void)a;
  (void)p;
  carom_canvas_zoom_actual_size (CAROM_WINDOW (user_data)->canvas);
}

/* ---- closing ---- */

static gboolean
carom_window_close_request (GtkWindow *window)
{
  CaromWindow *self = CAROM_WINDOW (window);
  if (carom_window_file_hold_close (self))
    return TRUE; /* keep the window until the user decides */

  int width, height;
  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  carom_document_discard_autosave (self->document);
  return GTK_WINDOW_CLASS (carom_window_parent_class)->close_request (window);
}

/* ---- life cycle ---- */

static void
carom_window_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  GTK_WIDGET_CLASS (carom_window_parent_class)->size_allocate (widget, width, height, baseline);
  carom_window_layout_allocated (CAROM_WINDOW (widget), width);
}

static void
carom_window_dispose (GObject *object)
{
  CaromWindow *self = CAROM_WINDOW (object);
  /* The children outlive this point briefly: stop listening to them first. */
  if (self->canvas != NULL)
    g_signal_handlers_disconnect_by_data (self->canvas, self);
  if (self->inspector != NULL)
    g_signal_handlers_disconnect_by_data (self->inspector, self);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  if (self->editor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->editor, self);
      g_signal_handlers_disconnect_by_data (carom_editor_get_lab (self->editor), self);
    }
  if (self->stepper != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->stepper, self);
      carom_stepper_set_document (self->stepper, NULL);
    }
  g_clear_object (&self->stepper);
  carom_window_layout_dispose (self);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->editor);
  g_signal_handlers_disconnect_by_data (gtk_recent_manager_get_default (), self);
  g_clear_object (&self->document);
  g_clear_object (&self->recent_menu);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), CAROM_TYPE_WINDOW);
  G_OBJECT_CLASS (carom_window_parent_class)->dispose (object);
}

static void
carom_window_class_init (CaromWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = carom_window_dispose;
  window_class->close_request = carom_window_close_request;
  widget_class->size_allocate = carom_window_size_allocate;

  g_type_ensure (CAROM_TYPE_CANVAS);
  g_type_ensure (CAROM_TYPE_INSPECTOR);
  g_type_ensure (CAROM_TYPE_MAP_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/carom/Carom/carom-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, open_button);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, save_button);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, tool_bar);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, step_label);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, tracing_box);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, tracing_bar);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, pointer_label);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, zoom_label);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, objects_label);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, trace_label);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, canvas);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, inspector);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, role_box);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, sides_box);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, sides_spin);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, beam_box);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, beam_count_spin);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, beam_count_label);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, beam_spread_label);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, beam_spread_spin);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, tool_hint);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, lab_box);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, lab_test);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, lab_probe_a);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, lab_probe_b);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, lab_use_a);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, lab_use_b);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, scrubber);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, play_button);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, step_first_button);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, step_last_button);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, speed_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, map_paned);
  gtk_widget_class_bind_template_child (widget_class, CaromWindow, map_view);
}

static void
canvas_zoom_changed (CaromWindow *self)
{
  update_status (self);
}

/* Enter or Escape in a field of Properties: the canvas's keys work again. */
static void
inspector_editing_done (CaromWindow *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

static void
inspector_step_requested (CaromWindow *self, guint ball, guint step)
{
  carom_stepper_set_ball (self->stepper, ball);
  carom_stepper_seek (self->stepper, step);
}

static void
carom_window_init (CaromWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (CAROM_APPLICATION_ID);

  carom_window_actions_init (self);
  carom_window_layout_init (self);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  carom_window_file_init (self);

  carom_canvas_set_settings (self->canvas, self->settings);
  carom_inspector_set_settings (self->inspector, self->settings);
  g_signal_connect_swapped (self->canvas, "pointer-moved", G_CALLBACK (pointer_moved), self);
  g_signal_connect_swapped (self->canvas, "notify::zoom", G_CALLBACK (canvas_zoom_changed), self);
  g_signal_connect_swapped (self->inspector, "step-requested",
                            G_CALLBACK (inspector_step_requested), self);
  g_signal_connect_swapped (self->inspector, "editing-done", G_CALLBACK (inspector_editing_done),
                            self);

  self->stepper = carom_stepper_new (NULL);
  g_signal_connect_swapped (self->stepper, "notify::step", G_CALLBACK (carom_window_update_step),
                            self);
  g_signal_connect_swapped (self->stepper, "notify::ball", G_CALLBACK (carom_window_update_step),
                            self);
  g_signal_connect_swapped (self->stepper, "notify::hits", G_CALLBACK (carom_window_update_step),
                            self);
  g_signal_connect_swapped (self->stepper, "notify::front", G_CALLBACK (carom_window_update_step),
                            self);
  g_signal_connect_swapped (self->stepper, "notify::playing", G_CALLBACK (update_playing), self);
  g_signal_connect_swapped (self->scrubber, "value-changed", G_CALLBACK (scrubber_moved), self);
  g_signal_connect_swapped (self->speed_dropdown, "notify::selected", G_CALLBACK (speed_chosen),
                            self);
  gtk_drop_down_set_selected (self->speed_dropdown, 2);
  update_playing (self);
  carom_window_trace_init (self);

  self->editor = carom_editor_new (NULL);
  carom_canvas_set_editor (self->canvas, self->editor);
  carom_inspector_set_editor (self->inspector, self->editor);
  g_signal_connect_swapped (self->inspector, "message", G_CALLBACK (editor_message), self);
  settings_to_editor (self);
  g_signal_connect_swapped (self->settings, "changed::snap-to-grid",
                            G_CALLBACK (settings_to_editor), self);
  g_signal_connect_swapped (self->settings, "changed::snap-to-objects",
                            G_CALLBACK (settings_to_editor), self);
  g_signal_connect_swapped (self->settings, "changed::default-radius",
                            G_CALLBACK (settings_to_editor), self);
  g_signal_connect_swapped (self->settings, "changed::default-max-bounces",
                            G_CALLBACK (settings_to_editor), self);
  g_signal_connect_swapped (self->editor, "notify::tool", G_CALLBACK (editor_tool_changed), self);
  g_signal_connect_swapped (self->editor, "notify::role", G_CALLBACK (editor_role_changed), self);
  g_signal_connect_swapped (self->editor, "message", G_CALLBACK (editor_message), self);
  g_signal_connect_swapped (self->editor, "selection-changed", G_CALLBACK (update_edit_actions),
                            self);
  g_signal_connect_swapped (self->editor, "selection-changed", G_CALLBACK (follow_selected_ball),
                            self);
  g_signal_connect_swapped (self->sides_spin, "value-changed", G_CALLBACK (sides_changed), self);
  g_signal_connect_swapped (self->beam_count_spin, "value-changed",
                            G_CALLBACK (beam_options_changed), self);
  g_signal_connect_swapped (self->beam_spread_spin, "value-changed",
                            G_CALLBACK (beam_options_changed), self);
  carom_window_lab_init (self);
  carom_window_keyboard_init (self);
  carom_window_map_init (self);
  /* Every icon-only button gets a name for screen readers. */
  carom_accessible_label_icon_buttons (GTK_WIDGET (self));
  carom_tooltips_keep_whole (GTK_WIDGET (self));
  /* and those whose tooltips are set later, with what they show */
  GtkWidget *later[] = { GTK_WIDGET (self->tool_hint), GTK_WIDGET (self->step_label),
                         GTK_WIDGET (self->objects_label), GTK_WIDGET (self->trace_label),
                         GTK_WIDGET (self->window_title) };
  for (guint i = 0; i < G_N_ELEMENTS (later); i++)
    carom_tooltip_keep_whole (later[i]);
  editor_tool_changed (self);
  editor_role_changed (self);

  g_autoptr (CaromDocument) document = carom_document_new ();
  carom_window_set_document (self, document);
  update_edit_actions (self);
}

CaromEditor *
carom_window_get_editor (CaromWindow *self)
{
  g_return_val_if_fail (CAROM_IS_WINDOW (self), NULL);
  return self->editor;
}

CaromWindow *
carom_window_new (CaromApplication *application)
{
  return g_object_new (CAROM_TYPE_WINDOW, "application", application, NULL);
}

CaromDocument *
carom_window_get_document (CaromWindow *self)
{
  g_return_val_if_fail (CAROM_IS_WINDOW (self), NULL);
  return self->document;
}

guint
carom_window_get_step (CaromWindow *self)
{
  g_return_val_if_fail (CAROM_IS_WINDOW (self), 0);
  return carom_stepper_get_step (self->stepper);
}

double
carom_window_get_front (CaromWindow *self)
{
  g_return_val_if_fail (CAROM_IS_WINDOW (self), CAROM_STEPPER_NO_FRONT);
  return carom_stepper_get_front (self->stepper);
}

GtkWidget *
carom_window_get_inspector (CaromWindow *self)
{
  g_return_val_if_fail (CAROM_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->inspector);
}

GtkWidget *
carom_window_get_canvas (CaromWindow *self)
{
  g_return_val_if_fail (CAROM_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->canvas);
}
