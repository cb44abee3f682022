/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-window-private.h: what the parts of the window share (carom-window.c,
 * carom-window-actions.c for the actions and their keys, carom-window-file.c
 * for opening and saving, carom-window-lab.c for the Collision lab's
 * controls, and the others named below). */
#pragma once

#include "carom-canvas.h"
#include "carom-inspector.h"
#include "carom-map-view.h"
#include "carom-window.h"
#include "control/carom-stepper.h"

G_BEGIN_DECLS

struct _CaromWindow
{
  AdwApplicationWindow parent_instance;

  /* template widgets */
  AdwToastOverlay *toast_overlay;
  AdwWindowTitle *window_title;
  AdwSplitButton *open_button;
  AdwFlap *flap;
  GtkLabel *step_label;
  GtkLabel *pointer_label;
  GtkLabel *zoom_label;
  GtkLabel *objects_label;
  GtkLabel *trace_label;
  GtkWidget *role_box;
  GtkWidget *sides_box;
  GtkSpinButton *sides_spin;
  GtkWidget *beam_box;
  GtkSpinButton *beam_count_spin;
  GtkWidget *beam_count_label;
  GtkWidget *beam_spread_label;
  GtkSpinButton *beam_spread_spin;
  GtkLabel *tool_hint;
  GtkWidget *lab_box;
  GtkDropDown *lab_test;
  GtkDropDown *lab_probe_a;
  GtkDropDown *lab_probe_b;
  GtkWidget *lab_use_a;
  GtkWidget *lab_use_b;
  gboolean updating_lab;

  /* owned */
  CaromDocument *document;
  GSettings *settings;
  GMenu *recent_menu;

  CaromCanvas *canvas;
  CaromInspector *inspector;
  CaromEditor *editor;
  CaromStepper *stepper;
  GtkScale *scrubber;
  GtkButton *play_button;
  GtkWidget *step_first_button, *step_last_button; ///< hidden with a front in a narrow window
  GtkDropDown *speed_dropdown;
  GtkPaned *map_paned;
  CaromMapView *map_view;
  gboolean updating_scrubber;

  gboolean closing_confirmed;

  /* carom-window-layout.c */
  int layout_width;            /* the width last allocated */
  guint layout_idle;           /* applies it */
  gboolean compact;            /* the stepper shows "n / N" (carom-window-layout.c decides) */
  gboolean narrow;             /* a phone-sized window: First and Last in the stepper's menu */
  GtkMenuButton *stepper_more; /* the stepper's menu: what gives the scrubber room */
  GtkWidget *map_button;
  int stepper_tier;
  GtkWidget *save_button;
  GtkWidget *tool_options; /* a row for the tool's options, under the tools */
  gboolean options_below;  /* they are there */
  gboolean placing_options;
  guint toast_tick;   /* keeps tooltips off the toasts while there are some */
  gint64 toast_since; /* the last toast's arrival */

  /* carom-window-keyboard.c */
  GtkWidget *tool_bar;
  GtkMenuButton *point_button;
  GtkEntry *point_entry;
  GtkLabel *point_hint;
  gboolean point_pending; /* a typed point began a rectangle or regular polygon */
  /* carom-window-trace.c */
  GtkWidget *tracing_box;
  GtkProgressBar *tracing_bar;
  const void *budget_told; /* the trace whose cut was last told in a toast */
};

/* carom-window.c */
void carom_window_toast (CaromWindow *self, const char *message);
void carom_window_set_document (CaromWindow *self, CaromDocument *document);
void carom_window_document_changed (CaromWindow *self);
void carom_window_export_done (GtkWindow *parent, GFile *file, const char *note);

/* carom-window-file.c: open, save, recent scenes, unsaved changes, recovery. */
void carom_window_file_init (CaromWindow *self);
/// True when closing must wait: the user is asked about unsaved changes first.
gboolean carom_window_file_hold_close (CaromWindow *self);
/// What Save As does once file is chosen (asks first when it is the
/// imported original, naming what would be lost).
void carom_window_save_as_file (CaromWindow *self, GFile *file);

/* carom-window-lab.c: the Collision lab's tool bar and Export Lab View. */
void carom_window_lab_init (CaromWindow *self);

/* carom-window.c */
void carom_window_update_step (CaromWindow *self);

/* carom-window-layout.c: the window at any width. */
void carom_window_layout_init (CaromWindow *self);
/// Called with each width the window is allocated.
void carom_window_layout_allocated (CaromWindow *self, int width);
void carom_window_layout_dispose (CaromWindow *self);
/// Called with each toast shown: no tooltip covers it.
void carom_window_layout_toast_shown (CaromWindow *self);

/* carom-window-map.c: the Boundary map pane under the canvas. */
void carom_window_map_init (CaromWindow *self);

/* carom-window-keyboard.c: points typed in (Ctrl+L), for drawing without a pointer. */
void carom_window_keyboard_init (CaromWindow *self);

/* carom-window-trace.c: a heavy trace's progress and Cancel in the stepper
 * bar, the work budget from the settings, what the budget cut. */
void carom_window_trace_init (CaromWindow *self);
void carom_window_trace_set_document (CaromWindow *self, CaromDocument *document);
/// The status line's words for a trace that is partial or still being made
/// (NULL otherwise), and its tooltip.
char *carom_window_trace_status (CaromWindow *self, char **tooltip);

/* carom-window-actions.c: the window's actions and their keys. */
void carom_window_actions_init (CaromWindow *self);
/* What the actions do, where each belongs (carom-window.c, -file, -keyboard,
 * -lab, -map, -trace); activated with the window as user_data. */
void carom_window_open_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void carom_window_open_recent_activated (GSimpleAction *action, GVariant *parameter,
                                         gpointer user_data);
void carom_window_new_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void carom_window_save_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void carom_window_save_as_activated (GSimpleAction *action, GVariant *parameter,
                                     gpointer user_data);
void carom_window_type_point_activated (GSimpleAction *action, GVariant *parameter,
                                        gpointer user_data);
void carom_window_export_lab_activated (GSimpleAction *action, GVariant *parameter,
                                        gpointer user_data);
void carom_window_export_map_activated (GSimpleAction *action, GVariant *parameter,
                                        gpointer user_data);
void carom_window_export_map_csv_activated (GSimpleAction *action, GVariant *parameter,
                                            gpointer user_data);
void carom_window_cancel_trace_activated (GSimpleAction *action, GVariant *parameter,
                                          gpointer user_data);
void carom_window_export_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void carom_window_close_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void carom_window_step_first_activated (GSimpleAction *action, GVariant *parameter,
                                        gpointer user_data);
void carom_window_step_previous_activated (GSimpleAction *action, GVariant *parameter,
                                           gpointer user_data);
void carom_window_step_next_activated (GSimpleAction *action, GVariant *parameter,
                                       gpointer user_data);
void carom_window_step_last_activated (GSimpleAction *action, GVariant *parameter,
                                       gpointer user_data);
void carom_window_play_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void carom_window_undo_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void carom_window_redo_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void carom_window_tool_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void carom_window_role_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void carom_window_beam_shape_activated (GSimpleAction *action, GVariant *parameter,
                                        gpointer user_data);
void carom_window_copy_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void carom_window_cut_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void carom_window_delete_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void carom_window_select_all_activated (GSimpleAction *action, GVariant *parameter,
                                        gpointer user_data);
void carom_window_paste_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void carom_window_duplicate_activated (GSimpleAction *action, GVariant *parameter,
                                       gpointer user_data);
void carom_window_zoom_in_activated (GSimpleAction *action, GVariant *parameter,
                                     gpointer user_data);
void carom_window_zoom_out_activated (GSimpleAction *action, GVariant *parameter,
                                      gpointer user_data);
void carom_window_zoom_fit_activated (GSimpleAction *action, GVariant *parameter,
                                      gpointer user_data);
void carom_window_zoom_actual_activated (GSimpleAction *action, GVariant *parameter,
                                         gpointer user_data);

G_END_DECLS
