/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-window-lab.c: the Collision lab's tool bar (the test, the probes'
 * shapes, Selected → A/B) and Export Lab View. */
#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>

#include "render/carom-render.h"

#include "carom-window-private.h"

/* ---- the Collision lab ---- */

/* Shows or hides a control of the lab's row, a GtkFlowBox: its wrapper
 * child too, or the row keeps an empty place for it. */
static void
show_control (GtkWidget *control, gboolean visible)
{
  gtk_widget_set_visible (control, visible);
  GtkWidget *wrapper = gtk_widget_get_parent (control);
  if (GTK_IS_FLOW_BOX_CHILD (wrapper))
    gtk_widget_set_visible (wrapper, visible);
}

/* The lab's menus follow it (a test brings its own shapes). */
static void
lab_changed (CaromWindow *self)
{
  if (self->editor == NULL)
    return;
  CaromLab *lab = carom_editor_get_lab (self->editor);
  self->updating_lab = TRUE;
  gtk_drop_down_set_selected (self->lab_test, carom_lab_get_test (lab));
  gtk_drop_down_set_selected (self->lab_probe_a, carom_lab_get_probe_kind (lab, 0));
  gtk_drop_down_set_selected (self->lab_probe_b, carom_lab_get_probe_kind (lab, 1));
  CaromLabTest test = carom_lab_get_test (lab);
  /* Shapes are chosen where the test takes more than one kind. */
  gboolean any = test == CAROM_LAB_BOXES || test == CAROM_LAB_SAT || test == CAROM_LAB_PIXELS;
  show_control (GTK_WIDGET (self->lab_probe_a), any);
  show_control (GTK_WIDGET (self->lab_probe_b), any);
  show_control (self->lab_use_a, any);
  show_control (self->lab_use_b, any);
  self->updating_lab = FALSE;
}

static void
lab_menu_chosen (CaromWindow *self)
{
  if (self->updating_lab)
    return;
  CaromLab *lab = carom_editor_get_lab (self->editor);
  carom_lab_set_test (lab, (CaromLabTest)gtk_drop_down_get_selected (self->lab_test));
  carom_lab_set_probe_kind (lab, 0, (CaromProbeKind)gtk_drop_down_get_selected (self->lab_probe_a));
  carom_lab_set_probe_kind (lab, 1, (CaromProbeKind)gtk_drop_down_get_selected (self->lab_probe_b));
}

/* A probe becomes a copy of the one object selected. */
static void
use_selected (CaromWindow *self, guint probe)
{
  g_autoptr (GArray) sel = carom_editor_get_selection (self->editor);
  if (sel->len != 1)
    {
      carom_window_toast (self, _ ("Select one object in the Scene list first"));
      return;
    }
  const CmScene *scene = carom_document_get_scene (self->document);
  const CmObject *o = g_ptr_array_index (scene->objects, g_array_index (sel, guint, 0));
  g_autoptr (GError) error = NULL;
  if (!carom_lab_use_object (carom_editor_get_lab (self->editor), probe, o, &error))
    carom_window_toast (self, error->message);
}

static void
use_selected_a (CaromWindow *self)
{
  use_selected (self, 0);
}

static void
use_selected_b (CaromWindow *self)
{
  use_selected (self, 1);
}

static void
setup_lab_menus (CaromWindow *self)
{
  /* The lab's row wraps its controls (a GtkFlowBox) rather than scroll them
   * out of sight; its wrappers are not stops of their own for Tab. */
  for (GtkWidget *c = gtk_widget_get_first_child (self->lab_box); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_FLOW_BOX_CHILD (c))
      gtk_widget_set_focusable (c, FALSE);
  g_autoptr (GtkStringList) tests = gtk_string_list_new (NULL);
  for (CaromLabTest t = 0; t < CAROM_LAB_N_TESTS; t++)
    gtk_string_list_append (tests, carom_lab_test_name (t));
  gtk_drop_down_set_model (self->lab_test, G_LIST_MODEL (tests));
  GtkDropDown *probes[2] = { self->lab_probe_a, self->lab_probe_b };
  for (int i = 0; i < 2; i++)
    {
      g_autoptr (GtkStringList) kinds = gtk_string_list_new (NULL);
      for (CaromProbeKind k = 0; k < CAROM_PROBE_N_KINDS; k++)
        {
          g_autofree char *name
              = g_strdup_printf ("%s: %s", i == 0 ? "A" : "B", carom_lab_probe_name (k));
          gtk_string_list_append (kinds, name);
        }
      gtk_drop_down_set_model (probes[i], G_LIST_MODEL (kinds));
    }
  lab_changed (self);
  g_signal_connect_swapped (carom_editor_get_lab (self->editor), "changed",
                            G_CALLBACK (lab_changed), self);
  g_signal_connect_swapped (self->lab_test, "notify::selected", G_CALLBACK (lab_menu_chosen), self);
  g_signal_connect_swapped (self->lab_probe_a, "notify::selected", G_CALLBACK (lab_menu_chosen),
                            self);
  g_signal_connect_swapped (self->lab_probe_b, "notify::selected", G_CALLBACK (lab_menu_chosen),
                            self);
  g_signal_connect_swapped (self->lab_use_a, "clicked", G_CALLBACK (use_selected_a), self);
  g_signal_connect_swapped (self->lab_use_b, "clicked", G_CALLBACK (use_selected_b), self);
}

/* Writes the lab view as the canvas shows it: the scene through the same
 * renderer as any figure, the probes and the test's construction on top. */
static gboolean
write_lab_view (CaromWindow *self, const char *path, GError **error)
{
  GtkWidget *canvas = GTK_WIDGET (self->canvas);
  int width = gtk_widget_get_width (canvas), height = gtk_widget_get_height (canvas);
  double wx, wy;
  if (width <= 0 || height <= 0 || !carom_canvas_scene_to_widget (self->canvas, 0, 0, &wx, &wy))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("The canvas is not shown"));
      return FALSE;
    }
  double zoom = carom_canvas_get_zoom (self->canvas);
  CaromView view = {
    .scale = zoom, .x0 = wx, .y0 = wy, .width = width, .height = height, .pt = CAROM_VIEW_SCREEN_PT
  };
  g_autofree char *lower = g_ascii_strdown (path, -1);
  cairo_surface_t *surface;
  if (g_str_has_suffix (lower, ".pdf"))
    surface = cairo_pdf_surface_create (path, width, height);
  else if (g_str_has_suffix (lower, ".svg"))
    surface = cairo_svg_surface_create (path, width, height);
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 2 * width, 2 * height);
  cairo_t *cr = cairo_create (surface);
  if (cairo_surface_get_type (surface) == CAIRO_SURFACE_TYPE_IMAGE)
    cairo_scale (cr, 2, 2);
  CaromStyle style = carom_style_screen (FALSE);
  cairo_set_source_rgba (cr, style.background.red, style.background.green, style.background.blue,
                         style.background.alpha);
  cairo_paint (cr);
  CaromRenderOptions options;
  carom_render_options_init (&options);
  options.overlays = CAROM_OVERLAY_OUTLINES | CAROM_OVERLAY_LABELS | CAROM_OVERLAY_GRID;
  g_autoptr (CaromRenderCache) cache = carom_render_cache_new (
      carom_document_get_scene (self->document), carom_document_get_trace (self->document), -1);
  if (cache != NULL)
    carom_render (cr, cache, &view, &style, &options, NULL);
  carom_lab_draw (carom_editor_get_lab (self->editor), cr, &view, FALSE);
  cairo_destroy (cr);
  cairo_status_t status;
  if (cairo_surface_get_type (surface) == CAIRO_SURFACE_TYPE_IMAGE)
    status = cairo_surface_write_to_png (surface, path);
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("Could not write “%s”: %s"), path,
                   cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

static void
export_lab_response (GtkNativeDialog *chooser, int response, CaromWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr (GError) error = NULL;
      if (path != NULL && write_lab_view (self, path, &error))
        carom_window_export_done (GTK_WINDOW (self), file, NULL);
      else if (error != NULL)
        carom_window_toast (self, error->message);
    }
  g_object_unref (chooser);
}

void
carom_window_export_lab_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  CaromWindow *self = user_data;
  (void)a;
  (void)p;
  GtkFileChooserNative *chooser
      = gtk_file_chooser_native_new (_ ("Export Lab View"), GTK_WINDOW (self),
                                     GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Export"), _ ("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _ ("collision-lab.png"));
  g_signal_connect (chooser, "response", G_CALLBACK (export_lab_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

void
carom_window_lab_init (CaromWindow *self)
{
  setup_lab_menus (self);
}
