/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-export-dialog.c: the Export dialog: format, size, style, legend,
 * greys, font, overlays and step, with a live preview of the figure.
 *
 * The figure is drawn by the same renderer as the canvas and `carom export`
 * (src/render/carom-figure.h, carom-export.h): the preview is that figure,
 * scaled to fit. The choices are kept in GSettings so the next export starts
 * from them. */
#include "config.h"

#include "carom-export-dialog.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "carom-canvas.h"
#include "carom-window.h"
#include "io/carom-svg.h"
#include "render/carom-export-anim.h"
#include "render/carom-export-html.h"
#include "render/carom-export-tikz.h"
#include "render/carom-underlay.h"
#include "render/carom-export.h"
#include "render/carom-figure.h"

typedef struct
{
  GtkWindow *window; /* the dialog */
  GtkWindow *parent;
  CaromDocument *document;
  GSettings *settings;
  guint ball;
  guint step;
  void (*on_done) (GtkWindow *parent, GFile *file, const char *note);

  CaromRenderCache *cache; /* for the preview; the document's scene and trace as opened */
  AdwComboRow *format_row;
  AdwComboRow *style_row;
  AdwComboRow *legend_row;
  AdwComboRow *path_row;
  AdwComboRow *font_row;
  GtkSpinButton *font_size_spin;
  GtkSwitch *mono_switch;
  GtkSwitch *drawing_switch; /* NULL when the file draws nothing besides the scene */
  CaromUnderlay *underlay;   /* the file's own drawing, or NULL */
  GtkSwitch *in_view_switch; /* NULL when the canvas shows nothing yet */
  CgAabb view_box;           /* what the canvas shows, scene units */
  GtkWidget *preview;
  CaromFigure figure; /* what the preview shows */
  gboolean figure_ready;
  GtkSpinButton *width_spin;
  GtkWidget *width_row;
  GtkSwitch *step_switch;
  GtkWidget *fps_row, *hps_row; /* an animation's frames a second and hits a second */
  GtkSpinButton *fps_spin, *hps_spin;
  GtkWidget *web_group;           /* a web page's choices */
  GtkSwitch *web_dark_switch;     /* follows the reader's dark mode */
  GtkSwitch *web_fragment_switch; /* only the figure element, to paste */
  GPtrArray *overlay_switches;    /* GtkSwitch*, named by overlay */
} ExportDialog;

static const char *const formats[] = { "svg", "png", "pdf", "tex", "gif", "svg-animated", "html" };
/* Each format's file name extension. */
static const char *const extensions[] = { "svg", "png", "pdf", "tex", "gif", "svg", "html" };
/* What the format's short name in the menu leaves out, under the row's
 * title while it is chosen (a name with it, "Animated SVG (plays in a
 * browser)", was cut off in the menu). */
static const char *const format_details[]
    = { N_ ("An editable scene"), NULL, NULL, NULL, NULL, N_ ("Plays in a browser"),
        N_ ("Interactive") };
G_STATIC_ASSERT (G_N_ELEMENTS (format_details) == G_N_ELEMENTS (formats));
enum
{
  FORMAT_SVG,
  FORMAT_PNG,
  FORMAT_PDF,
  FORMAT_TEX,
  FORMAT_GIF,
  FORMAT_SVG_ANIMATED,
  FORMAT_HTML,
};

/* Whether the chosen format is an SVG scene (its legend only goes inside). */
static gboolean
svg_chosen (ExportDialog *d)
{
  guint f = adw_combo_row_get_selected (d->format_row);
  return f == FORMAT_SVG || f == FORMAT_SVG_ANIMATED;
}

/* Whether the chosen format is an animation (it shows every hit in turn). */
static gboolean
animation_chosen (ExportDialog *d)
{
  guint f = adw_combo_row_get_selected (d->format_row);
  return f == FORMAT_GIF || f == FORMAT_SVG_ANIMATED;
}
static const char *const styles[] = { "article", "screen" };
static const char *const legends[] = { "auto", "right", "below", "none" };
static const char *const path_extents[] = { "upto", "all" };
static const char *const fonts[] = { "", "Serif", "Monospace" };
static const char *const overlay_names[]
    = { "path",   "outlines", "normals", "aabb",       "bvh",
        "labels", "legend",   "grid",    "candidates", "ghosts" };

static void
export_dialog_free (ExportDialog *d)
{
  g_clear_pointer (&d->cache, carom_render_cache_free);
  g_clear_pointer (&d->underlay, carom_underlay_free);
  g_clear_object (&d->document);
  g_clear_object (&d->settings);
  g_clear_pointer (&d->overlay_switches, g_ptr_array_unref);
  g_free (d);
}

static guint
index_of (const char *const *names, guint n, const char *name)
{
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (names[i], name) == 0)
      return i;
  return 0;
}

static void
format_changed (ExportDialog *d)
{
  /* Only PNG and GIF have a size in pixels; SVG, PDF and TikZ are vector figures. */
  guint f = adw_combo_row_get_selected (d->format_row);
  gtk_widget_set_sensitive (d->width_row, f == FORMAT_PNG || f == FORMAT_GIF);
  gtk_widget_set_sensitive (d->fps_row, f == FORMAT_GIF);
  gtk_widget_set_sensitive (d->hps_row, animation_chosen (d));
  gtk_widget_set_sensitive (
      gtk_widget_get_ancestor (GTK_WIDGET (d->step_switch), ADW_TYPE_ACTION_ROW),
      !animation_chosen (d));
  gtk_widget_set_sensitive (GTK_WIDGET (d->path_row), !animation_chosen (d));
  /* The file's own drawing goes into a PNG or a PDF; an SVG is the file itself, its drawing
   * included, and TikZ and the animations cannot hold it. */
  if (d->drawing_switch != NULL)
    gtk_widget_set_sensitive (
        gtk_widget_get_ancestor (GTK_WIDGET (d->drawing_switch), ADW_TYPE_ACTION_ROW),
        f == FORMAT_PNG || f == FORMAT_PDF);
  gtk_widget_set_visible (d->web_group, f == FORMAT_HTML);
  const char *detail = f < G_N_ELEMENTS (format_details) ? format_details[f] : NULL;
  adw_action_row_set_subtitle (ADW_ACTION_ROW (d->format_row), detail != NULL ? _ (detail) : "");
}

static void
show_error (ExportDialog *d, const char *message)
{
  GtkWidget *dialog = adw_message_dialog_new (d->window, _ ("Could Not Export"), message);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _ ("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Remembers the choices for the next export. */
static void
save_choices (ExportDialog *d)
{
  g_settings_set_string (d->settings, "export-format",
                         formats[adw_combo_row_get_selected (d->format_row)]);
  g_settings_set_string (d->settings, "export-style",
                         styles[adw_combo_row_get_selected (d->style_row)]);
  g_settings_set_uint (d->settings, "export-width",
                       (guint)gtk_spin_button_get_value_as_int (d->width_spin));
  g_settings_set_boolean (d->settings, "export-current-step",
                          gtk_switch_get_active (d->step_switch));
  g_settings_set_double (d->settings, "export-fps", gtk_spin_button_get_value (d->fps_spin));
  g_settings_set_double (d->settings, "export-hits-per-second",
                         gtk_spin_button_get_value (d->hps_spin));
  g_settings_set_string (d->settings, "export-legend",
                         legends[adw_combo_row_get_selected (d->legend_row)]);
  g_settings_set_string (d->settings, "export-path",
                         path_extents[MIN (adw_combo_row_get_selected (d->path_row), 1u)]);
  g_settings_set_boolean (d->settings, "export-mono", gtk_switch_get_active (d->mono_switch));
  if (d->drawing_switch != NULL)
    g_settings_set_boolean (d->settings, "export-file-drawing",
                            gtk_switch_get_active (d->drawing_switch));
  if (d->in_view_switch != NULL)
    g_settings_set_boolean (d->settings, "export-in-view",
                            gtk_switch_get_active (d->in_view_switch));
  g_settings_set_string (d->settings, "export-font",
                         fonts[MIN (adw_combo_row_get_selected (d->font_row), 2u)]);
  g_settings_set_double (d->settings, "export-font-size",
                         gtk_spin_button_get_value (d->font_size_spin));
  g_settings_set_boolean (d->settings, "export-web-follow-dark",
                          gtk_switch_get_active (d->web_dark_switch));
  g_settings_set_boolean (d->settings, "export-web-fragment",
                          gtk_switch_get_active (d->web_fragment_switch));
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  for (guint i = 0; i < d->overlay_switches->len; i++)
    if (gtk_switch_get_active (g_ptr_array_index (d->overlay_switches, i)))
      g_strv_builder_add (names, overlay_names[i]);
  g_auto (GStrv) list = g_strv_builder_end (names);
  g_settings_set_strv (d->settings, "export-overlays", (const char *const *)list);
}

/* The style and options the dialog's choices make. */
static void
figure_choices (ExportDialog *d, CaromStyle *style, CaromRenderOptions *options)
{
  if (adw_combo_row_get_selected (d->style_row) == 0)
    *style = carom_style_article ();
  else
    *style = carom_style_screen (adw_style_manager_get_dark (adw_style_manager_get_default ()));
  guint font = adw_combo_row_get_selected (d->font_row);
  carom_style_set_font (style, font < G_N_ELEMENTS (fonts) ? fonts[font] : NULL,
                        gtk_spin_button_get_value (d->font_size_spin));
  if (gtk_switch_get_active (d->mono_switch))
    carom_style_make_mono (style);

  carom_render_options_init (options);
  options->overlays = 0;
  for (guint i = 0; i < d->overlay_switches->len; i++)
    if (gtk_switch_get_active (g_ptr_array_index (d->overlay_switches, i)))
      options->overlays |= (CaromOverlays)(1u << i);
  guint legend = adw_combo_row_get_selected (d->legend_row);
  options->legend
      = legend < G_N_ELEMENTS (legends) ? (CaromLegendPlacement)legend : CAROM_LEGEND_AUTO;
  if (options->legend == CAROM_LEGEND_NONE)
    options->overlays &= ~CAROM_OVERLAY_LEGEND;
  else
    options->overlays |= CAROM_OVERLAY_LEGEND;
  /* A file whose frame cannot grow: its legend only goes inside. */
  if (svg_chosen (d) && options->legend != CAROM_LEGEND_NONE
      && !carom_svg_frame_can_grow (carom_document_get_scene (d->document)))
    options->legend = CAROM_LEGEND_AUTO;
  options->path = adw_combo_row_get_selected (d->path_row) == 1 ? CAROM_PATH_ALL : CAROM_PATH_UPTO;
  options->digits = (int)g_settings_get_uint (d->settings, "digits");
  /* Beams' paths coloured as on the canvas (Display's Colour Paths By). */
  g_autofree char *paths_by = g_settings_get_string (d->settings, "paths-colour");
  carom_path_colouring_parse (paths_by, &options->paths_by, NULL);
  if (gtk_switch_get_active (d->step_switch) && !animation_chosen (d))
    options->step = d->step;
  guint f = adw_combo_row_get_selected (d->format_row);
  /* An SVG is the file itself, its drawing included: its preview shows it. */
  if (d->drawing_switch != NULL
      && (f == FORMAT_SVG
          || (gtk_switch_get_active (d->drawing_switch) && (f == FORMAT_PNG || f == FORMAT_PDF))))
    options->underlay = d->underlay;
}

/* The scene box the figure shows: the whole scene, or what the canvas shows. */
static CgAabb
figure_box (ExportDialog *d)
{
  if (d->in_view_switch != NULL && gtk_switch_get_active (d->in_view_switch))
    return d->view_box;
  return carom_export_box (carom_document_get_scene (d->document));
}

/* Writes the figure to path; *note (newly allocated, may stay NULL) says
 * what the file could not take. */
static gboolean
write_figure (ExportDialog *d, const char *path, char **note, GError **error)
{
  const CmScene *scene = carom_document_get_scene (d->document);
  const CmSceneTrace *trace = carom_document_get_trace (d->document);
  g_autoptr (CaromRenderCache) cache = carom_render_cache_new (scene, trace, (int)d->ball);
  if (cache == NULL)
    {
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_CAIRO, "%s", _ ("Out of memory"));
      return FALSE;
    }

  CaromStyle style;
  CaromRenderOptions options;
  figure_choices (d, &style, &options);

  CgAabb box = figure_box (d);
  switch (adw_combo_row_get_selected (d->format_row))
    {
    case 1:
      return carom_export_png (cache, box, &style, &options,
                               gtk_spin_button_get_value_as_int (d->width_spin), path, error);
    case 2:
      return carom_export_pdf (cache, box, &style, &options, path, error);
    case FORMAT_TEX:
      return carom_export_tikz (cache, box, &style, &options, CAROM_TIKZ_DOCUMENT, path, error);
    case FORMAT_HTML:
      {
        /* The page's title: the scene's name. */
        g_autofree char *title = carom_document_dup_title (d->document);
        if (g_str_has_suffix (title, ".svg"))
          title[strlen (title) - 4] = '\0';
        CaromHtmlOptions html = { .title = title,
                                  .follow_dark = gtk_switch_get_active (d->web_dark_switch),
                                  .fragment = gtk_switch_get_active (d->web_fragment_switch) };
        /* A page steps through the hits itself, from the step chosen. */
        if (options.step == CAROM_STEP_NONE)
          options.step = 0;
        options.underlay = NULL;
        return carom_export_html (scene, cache, box, &style, &options, &html, path, error);
      }
    case FORMAT_GIF:
    case FORMAT_SVG_ANIMATED:
      {
        CaromAnimTiming timing;
        if (!carom_anim_timing (cache, box, gtk_spin_button_get_value (d->fps_spin),
                                gtk_spin_button_get_value (d->hps_spin), &timing, error))
          return FALSE;
        if (adw_combo_row_get_selected (d->format_row) == FORMAT_GIF)
          return carom_export_gif (cache, box, &style, &options, &timing,
                                   gtk_spin_button_get_value_as_int (d->width_spin), path, error);
        g_autofree char *drawing
            = carom_export_animated_svg_fragment (cache, box, &style, &options, &timing, error);
        return drawing != NULL && carom_svg_write_file_with_generated (scene, drawing, path, error);
      }
    default:
      {
        /* The file's frame grows for a legend beside the drawing, where
         * its root allows (carom_svg_frame_can_grow()). */
        gboolean grow = carom_svg_frame_can_grow (scene);
        CaromFigure figure;
        carom_figure_init (&figure, cache, box, &style, &options);
        if (!grow && !cg_aabb_is_empty (figure.legend) && !figure.legend_inside)
          *note = g_strdup (_ ("the legend is left out: no corner of the file’s frame is free, "
                               "and the frame cannot grow (its root has no viewBox, or its size "
                               "is in %); a PNG or PDF puts it outside"));
        CgAabb cover;
        g_autofree char *fragment
            = carom_export_svg_fragment (cache, box, &style, &options, grow, &cover, error);
        return fragment != NULL
               && carom_svg_write_file_with_figure (scene, fragment, cover, path, error);
      }
    }
}

static void
chooser_response (GtkNativeDialog *chooser, int response, ExportDialog *d)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr (GError) error = NULL;
      g_autofree char *note = NULL;
      if (path == NULL)
        show_error (d, _ ("Diagrams can only be exported to a local folder."));
      else if (!write_figure (d, path, &note, &error))
        show_error (d, error->message);
      else
        {
          save_choices (d);
          if (d->on_done)
            d->on_done (d->parent, file, note);
          gtk_window_destroy (d->window);
        }
    }
  g_object_unref (chooser);
}

static void
export_clicked (ExportDialog *d)
{
  const char *ext = extensions[adw_combo_row_get_selected (d->format_row)];
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (
      _ ("Export Diagram"), d->window, GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Export"), _ ("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_autofree char *title = carom_document_dup_title (d->document);
  GFile *file = carom_document_get_file (d->document);
  g_autofree char *stem = NULL;
  if (file != NULL)
    {
      g_autofree char *base = g_file_get_basename (file);
      char *dot = strrchr (base, '.');
      if (dot)
        *dot = '\0';
      stem = g_strdup (base);
      g_autoptr (GFile) folder = g_file_get_parent (file);
      if (folder)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
    }
  else
    stem = g_strdup (title);
  /* Translators: the file name offered for an exported diagram: %s is the scene's name,
     the second %s its extension (svg, png or pdf). */
  g_autofree char *name = g_strdup_printf (_ ("%s diagram.%s"), stem, ext);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response), d);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* The preview: the figure as it will be exported, scaled to fit. */
static void
update_preview (ExportDialog *d)
{
  if (d->cache == NULL || d->preview == NULL)
    return;
  CaromStyle style;
  CaromRenderOptions options;
  figure_choices (d, &style, &options);
  carom_figure_init (&d->figure, d->cache, figure_box (d), &style, &options);
  if (svg_chosen (d) && !carom_svg_frame_can_grow (carom_document_get_scene (d->document)))
    {
      /* As carom_export_svg_fragment() draws a file whose frame cannot grow. */
      if (!d->figure.legend_inside)
        d->figure.legend = cg_aabb_empty ();
      d->figure.width = d->figure.drawing_width;
      d->figure.height = d->figure.drawing_height;
    }
  d->figure_ready = TRUE;
  gtk_widget_queue_draw (d->preview);
}

static void
draw_preview (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  ExportDialog *d = data;
  (void)area;
  if (!d->figure_ready || !(d->figure.width > 0.0 && d->figure.height > 0.0))
    return;
  double margin = 12.0;
  double scale
      = fmin ((width - 2 * margin) / d->figure.width, (height - 2 * margin) / d->figure.height);
  if (!(scale > 0.0))
    return;
  cairo_translate (cr, round (0.5 * (width - scale * d->figure.width)),
                   round (0.5 * (height - scale * d->figure.height)));
  /* The page's edge, so a white figure shows on a white window. */
  cairo_rectangle (cr, -0.5, -0.5, scale * d->figure.width + 1.0, scale * d->figure.height + 1.0);
  cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 0.5);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  carom_figure_draw (&d->figure, cr, scale);
}

static GtkWidget *
combo_row (const char *title, const char *const *labels)
{
  GtkWidget *row = adw_combo_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  g_autoptr (GtkStringList) model = gtk_string_list_new (labels);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  return row;
}

static GtkSwitch *
switch_row (GtkWidget *group, const char *title, const char *subtitle, gboolean active)
{
  GtkWidget *row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  GtkWidget *sw = gtk_switch_new ();
  gtk_switch_set_active (GTK_SWITCH (sw), active);
  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  return GTK_SWITCH (sw);
}

GtkWindow *
carom_export_dialog_new (GtkWindow *parent, CaromDocument *document, GSettings *settings,
                         guint ball, guint step,
                         void (*on_done) (GtkWindow *parent, GFile *file, const char *note))
{
  g_return_val_if_fail (CAROM_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  ExportDialog *d = g_new0 (ExportDialog, 1);
  d->parent = parent;
  d->document = g_object_ref (document);
  d->settings = g_object_ref (settings);
  d->ball = ball;
  d->step = step;
  d->on_done = on_done;
  d->overlay_switches = g_ptr_array_new ();

  d->window = GTK_WINDOW (adw_window_new ());
  gtk_window_set_title (d->window, _ ("Export Diagram"));
  gtk_window_set_transient_for (d->window, parent);
  gtk_window_set_modal (d->window, TRUE);
  gtk_window_set_default_size (d->window, 520, 760);
  g_object_set_data_full (G_OBJECT (d->window), "export-dialog", d,
                          (GDestroyNotify)export_dialog_free);

  GtkWidget *header = adw_header_bar_new ();
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_ ("_Cancel"));
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_destroy), d->window);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  GtkWidget *export = gtk_button_new_with_mnemonic (_ ("_Export…"));
  gtk_widget_add_css_class (export, "suggested-action");
  g_signal_connect_swapped (export, "clicked", G_CALLBACK (export_clicked), d);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), export);
  gtk_window_set_default_widget (d->window, export);

  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *preview_group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (preview_group), _ ("Preview"));
  d->preview = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (d->preview), 260);
  gtk_widget_set_hexpand (d->preview, TRUE);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (d->preview), draw_preview, d, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (d->preview), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("The figure as it will be exported"), -1);
  GtkWidget *preview_frame = gtk_frame_new (NULL);
  gtk_widget_add_css_class (preview_frame, "card");
  gtk_frame_set_child (GTK_FRAME (preview_frame), d->preview);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (preview_group), preview_frame);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (preview_group));

  GtkWidget *figure = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (figure), _ ("Figure"));
  /* Short names: the menu cuts off longer ones (format_details). */
  static const char *format_labels[]
      = { N_ ("SVG"),          N_ ("PNG image"),    N_ ("PDF document"), N_ ("TikZ for LaTeX"),
          N_ ("Animated GIF"), N_ ("Animated SVG"), N_ ("Web page"),     NULL };
  G_STATIC_ASSERT (G_N_ELEMENTS (format_labels) == G_N_ELEMENTS (formats) + 1);
  const char *translated_formats[G_N_ELEMENTS (format_labels)];
  for (gsize i = 0; i < G_N_ELEMENTS (format_labels); i++)
    translated_formats[i] = format_labels[i] ? _ (format_labels[i]) : NULL;
  d->format_row = ADW_COMBO_ROW (combo_row (_ ("Format"), translated_formats));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (figure), GTK_WIDGET (d->format_row));

  d->width_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (d->width_row), _ ("Width"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (d->width_row), _ ("In pixels"));
  d->width_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (16, CAROM_EXPORT_MAX_WIDTH, 10));
  gtk_widget_set_valign (GTK_WIDGET (d->width_spin), GTK_ALIGN_CENTER);
  gtk_spin_button_set_value (d->width_spin, g_settings_get_uint (settings, "export-width"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (d->width_row), GTK_WIDGET (d->width_spin));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (figure), d->width_row);

  static const char *style_labels[] = { N_ ("Article (for print)"), N_ ("Screen"), NULL };
  const char *translated_styles[3] = { _ (style_labels[0]), _ (style_labels[1]), NULL };
  d->style_row = ADW_COMBO_ROW (combo_row (_ ("Style"), translated_styles));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (figure), GTK_WIDGET (d->style_row));

  static const char *legend_labels[]
      = { N_ ("Automatic"), N_ ("Right"), N_ ("Below"), N_ ("None"), NULL };
  const char *translated_legends[5];
  for (int i = 0; i < 5; i++)
    translated_legends[i] = legend_labels[i] ? _ (legend_labels[i]) : NULL;
  d->legend_row = ADW_COMBO_ROW (combo_row (_ ("Legend"), translated_legends));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (d->legend_row),
                               _ ("Never over the drawing: automatic puts it inside where "
                                  "nothing is drawn, else outside"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (figure), GTK_WIDGET (d->legend_row));

  static const char *path_labels[] = { N_ ("Up to the Step"), N_ ("Whole Path"), NULL };
  const char *translated_paths[3] = { _ (path_labels[0]), _ (path_labels[1]), NULL };
  d->path_row = ADW_COMBO_ROW (combo_row (_ ("Path"), translated_paths));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (d->path_row),
                               _ ("How much of the ball’s path a figure at a step draws"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (figure), GTK_WIDGET (d->path_row));

  /* The region the canvas shows, when there is one (carom export --view). */
  d->view_box = CAROM_IS_WINDOW (parent) ? carom_canvas_get_visible_box (
                    CAROM_CANVAS (carom_window_get_canvas (CAROM_WINDOW (parent))))
                                         : cg_aabb_empty ();
  if (!cg_aabb_is_empty (d->view_box))
    d->in_view_switch = switch_row (figure, _ ("Only the Region in View"),
                                    _ ("What the canvas shows now, instead of the whole scene"),
                                    g_settings_get_boolean (settings, "export-in-view"));
  d->mono_switch = switch_row (figure, _ ("Greys Only"),
                               _ ("For black-and-white print: directions told apart by dashes"),
                               g_settings_get_boolean (settings, "export-mono"));
  {
    g_autoptr (GBytes) drawing = carom_svg_scene_underlay (carom_document_get_scene (document));
    d->underlay = drawing != NULL ? carom_underlay_new (drawing) : NULL;
  }
  if (d->underlay != NULL)
    d->drawing_switch = switch_row (
        figure, _ ("The File’s Own Drawing"),
        _ ("Its text, guides and images behind the scene, in a PNG or a PDF (an SVG is the file "
           "itself, its drawing included)"),
        g_settings_get_boolean (settings, "export-file-drawing"));

  static const char *font_labels[]
      = { N_ ("Sans (the style’s)"), N_ ("Serif"), N_ ("Monospace"), NULL };
  const char *translated_fonts[4];
  for (int i = 0; i < 4; i++)
    translated_fonts[i] = font_labels[i] ? _ (font_labels[i]) : NULL;
  d->font_row = ADW_COMBO_ROW (combo_row (_ ("Font"), translated_fonts));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (figure), GTK_WIDGET (d->font_row));
  GtkWidget *size_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (size_row), _ ("Font Size"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (size_row), _ ("In points"));
  d->font_size_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (4, 24, 0.5));
  gtk_spin_button_set_digits (d->font_size_spin, 1);
  gtk_widget_set_valign (GTK_WIDGET (d->font_size_spin), GTK_ALIGN_CENTER);
  double font_size = g_settings_get_double (settings, "export-font-size");
  if (!(font_size >= 4.0))
    font_size = carom_style_article ().label_size;
  gtk_spin_button_set_value (d->font_size_spin, font_size);
  adw_action_row_add_suffix (ADW_ACTION_ROW (size_row), GTK_WIDGET (d->font_size_spin));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (figure), size_row);

  g_autofree char *step_text
      = step == 0
            ? g_strdup (_ ("The ball at its start"))
            : g_strdup_printf (_ ("The ball at hit %u, with its normal and reflection"), step);
  d->step_switch = switch_row (figure, _ ("Current Step"), step_text,
                               g_settings_get_boolean (settings, "export-current-step"));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (figure));

  /* Animations: the ball moves along its path at one speed. */
  GtkWidget *animation = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (animation), _ ("Animation"));
  adw_preferences_group_set_description (
      ADW_PREFERENCES_GROUP (animation),
      _ ("The ball moves along its path at a constant speed; each hit appears as it is reached"));
  d->hps_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (d->hps_row), _ ("Hits a Second"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (d->hps_row),
                               _ ("On average, for the selected ball"));
  d->hps_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0.1, 100.0, 0.5));
  gtk_spin_button_set_digits (d->hps_spin, 1);
  gtk_widget_set_valign (GTK_WIDGET (d->hps_spin), GTK_ALIGN_CENTER);
  gtk_spin_button_set_value (d->hps_spin,
                             g_settings_get_double (settings, "export-hits-per-second"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (d->hps_row), GTK_WIDGET (d->hps_spin));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (animation), d->hps_row);
  d->fps_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (d->fps_row), _ ("Frames a Second"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (d->fps_row), _ ("Of a GIF"));
  d->fps_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1.0, 50.0, 1.0));
  gtk_widget_set_valign (GTK_WIDGET (d->fps_spin), GTK_ALIGN_CENTER);
  gtk_spin_button_set_value (d->fps_spin, g_settings_get_double (settings, "export-fps"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (d->fps_row), GTK_WIDGET (d->fps_spin));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (animation), d->fps_row);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (animation));

  /* A web page: one file the reader steps through and plays with. */
  d->web_group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (d->web_group), _ ("Web Page"));
  adw_preferences_group_set_description (
      ADW_PREFERENCES_GROUP (d->web_group),
      carom_export_html_has_core ()
          ? _ ("One file with no network access: the reader steps through the hits, reads the "
               "maths of each and drags a ball to trace it again")
          : _ ("One file with no network access: the reader steps through the hits and reads "
               "the maths of each (this build of Carom has no WebAssembly core to trace a "
               "dragged ball)"));
  d->web_dark_switch = switch_row (d->web_group, _ ("Follow the Reader’s Dark Mode"),
                                   _ ("The page turns dark where the reader’s browser prefers it"),
                                   g_settings_get_boolean (settings, "export-web-follow-dark"));
  d->web_fragment_switch
      = switch_row (d->web_group, _ ("Only the Figure"),
                    _ ("One element to paste into an article’s HTML, without a page around it"),
                    g_settings_get_boolean (settings, "export-web-fragment"));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (d->web_group));

  GtkWidget *overlays = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (overlays), _ ("Overlays"));
  static const char *overlay_titles[] = {
    N_ ("Path"),
    N_ ("Offset Outlines"),
    N_ ("Edge Normals"),
    N_ ("Bounding Boxes"),
    N_ ("Bounding Volume Hierarchy"),
    N_ ("Labels"),
    N_ ("Legend"),
    N_ ("Grid"),
    N_ ("Candidates at the Step"),
    N_ ("Earlier Positions"),
  };
  G_STATIC_ASSERT (G_N_ELEMENTS (overlay_titles) == G_N_ELEMENTS (overlay_names));
  g_auto (GStrv) chosen = g_settings_get_strv (settings, "export-overlays");
  for (guint i = 0; i < G_N_ELEMENTS (overlay_names); i++)
    {
      GtkSwitch *sw = switch_row (overlays, _ (overlay_titles[i]), NULL,
                                  g_strv_contains ((const char *const *)chosen, overlay_names[i]));
      g_ptr_array_add (d->overlay_switches, sw);
      /* The Legend row above says whether there is one, and where. */
      if ((1u << i) == CAROM_OVERLAY_LEGEND)
        gtk_widget_set_visible (gtk_widget_get_ancestor (GTK_WIDGET (sw), ADW_TYPE_ACTION_ROW),
                                FALSE);
      g_signal_connect_swapped (sw, "notify::active", G_CALLBACK (update_preview), d);
    }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (overlays));

  g_autofree char *format = g_settings_get_string (settings, "export-format");
  g_autofree char *style_name = g_settings_get_string (settings, "export-style");
  adw_combo_row_set_selected (d->format_row, index_of (formats, G_N_ELEMENTS (formats), format));
  adw_combo_row_set_selected (d->style_row, index_of (styles, 2, style_name));
  g_autofree char *legend = g_settings_get_string (settings, "export-legend");
  adw_combo_row_set_selected (d->legend_row, index_of (legends, 4, legend));
  g_autofree char *path_extent = g_settings_get_string (settings, "export-path");
  adw_combo_row_set_selected (d->path_row, index_of (path_extents, 2, path_extent));
  g_autofree char *font = g_settings_get_string (settings, "export-font");
  adw_combo_row_set_selected (d->font_row, index_of (fonts, 3, font));
  g_signal_connect_swapped (d->format_row, "notify::selected", G_CALLBACK (format_changed), d);
  format_changed (d);

  /* Every choice redraws the preview. */
  d->cache = carom_render_cache_new (carom_document_get_scene (document),
                                     carom_document_get_trace (document), (int)ball);
  GObject *choices[] = { G_OBJECT (d->format_row), G_OBJECT (d->style_row),
                         G_OBJECT (d->legend_row), G_OBJECT (d->path_row), G_OBJECT (d->font_row) };
  for (gsize i = 0; i < G_N_ELEMENTS (choices); i++)
    g_signal_connect_swapped (choices[i], "notify::selected", G_CALLBACK (update_preview), d);
  g_signal_connect_swapped (d->font_size_spin, "value-changed", G_CALLBACK (update_preview), d);
  g_signal_connect_swapped (d->mono_switch, "notify::active", G_CALLBACK (update_preview), d);
  if (d->drawing_switch != NULL)
    g_signal_connect_swapped (d->drawing_switch, "notify::active", G_CALLBACK (update_preview), d);
  if (d->in_view_switch != NULL)
    g_signal_connect_swapped (d->in_view_switch, "notify::active", G_CALLBACK (update_preview), d);
  g_signal_connect_swapped (d->step_switch, "notify::active", G_CALLBACK (update_preview), d);
  update_preview (d);

  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), header);
  gtk_widget_set_vexpand (page, TRUE);
  gtk_box_append (GTK_BOX (box), page);
  adw_window_set_content (ADW_WINDOW (d->window), box);
  return d->window;
}
