/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-layout.c: the window at any width and in any language, under Xvfb.
 *
 * Run twice by meson: in English, and in Simplified Chinese (LANGUAGE=zh_CN
 * with the build tree's translations, CAROM_LOCALEDIR). It folds the
 * inspector over the canvas below a width, keeps the stepper's "n / N" at
 * 360 pixels, and walks every page of the inspector, the Lab, the Export
 * and the Preferences windows at 1100 and 600 pixels, failing on any label
 * cut off with "…" where nothing gives its whole text, or wrapped into
 * scraps of a character or two a line.
 *
 * With CAROM_SCREENSHOT_DIR set it also writes the window at 360, 600 and
 * 1100 pixels, light and dark, there (how data/screenshots/ was made). */
#include "ui-harness.h"

#include <string.h>

/* A wrapped label with fewer characters a line than this on average has
 * been cut into scraps ("主" / "菜" / "单"), not wrapped as designed. */
#define MIN_CHARS_PER_LINE 4

static const char *
language (void)
{
  const char *l = g_getenv ("LANGUAGE");
  return l != NULL && g_str_has_prefix (l, "zh") ? "zh_CN" : "en";
}

/* Whether widget or one of its ancestors has a tooltip holding text. */
static gboolean
tooltip_covers (GtkWidget *widget, const char *text)
{
  for (; widget != NULL; widget = gtk_widget_get_parent (widget))
    {
      const char *tip = gtk_widget_get_tooltip_text (widget);
      if (tip != NULL && strstr (tip, text) != NULL)
        return TRUE;
    }
  return FALSE;
}

static void
check_label (GtkLabel *label, const char *where, GString *problems)
{
  const char *text = gtk_label_get_text (label);
  if (text == NULL || *text == '\0')
    return;
  PangoLayout *layout = gtk_label_get_layout (label);
  if (pango_layout_is_ellipsized (layout) && !tooltip_covers (GTK_WIDGET (label), text))
    g_string_append_printf (problems, "%s: “%s” is cut off, and no tooltip gives it whole\n", where,
                            text);
  int lines = pango_layout_get_line_count (layout);
  int paragraphs = 1;
  for (const char *c = text; *c; c++)
    paragraphs += *c == '\n';
  if (lines > paragraphs)
    {
      glong chars = g_utf8_strlen (text, -1);
      if (chars / lines < MIN_CHARS_PER_LINE)
        g_string_append_printf (problems, "%s: “%s” is wrapped into %d lines\n", where, text,
                                lines);
    }
}

/* A label running past the side of the scrolled bar it is in: cut by the
 * edge, with no "…" to say so ("B: Rec" in the Lab's row). */
static void
check_scrolled_out (GtkLabel *label, const char *where, GString *problems)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (label), GTK_TYPE_SCROLLED_WINDOW);
  if (scroller == NULL)
    return;
  graphene_rect_t bounds;
  if (!gtk_widget_compute_bounds (GTK_WIDGET (label), scroller, &bounds))
    return;
  double width = gtk_widget_get_width (scroller);
  if (bounds.origin.x < -0.5 || bounds.origin.x + bounds.size.width > width + 0.5)
    g_string_append_printf (problems, "%s: “%s” runs past the edge of its bar\n", where,
                            gtk_label_get_text (label));
}

/* Checks every label on screen under widget. */
static void
check_labels (GtkWidget *widget, const char *where, GString *problems)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget))
    {
      check_label (GTK_LABEL (widget), where, problems);
      check_scrolled_out (GTK_LABEL (widget), where, problems);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    check_labels (c, where, problems);
}

/* The same, for what stays once the layout has settled: on a loaded machine a
 * label may be measured mid-layout (a scroll bar coming and going), so a
 * problem counts only when it is still there after up to 3 s more. */
static void
check_labels_settled (GtkWidget *widget, const char *where, GString *problems)
{
  g_autoptr (GString) found = g_string_new (NULL);
  for (guint tries = 0; tries < 10; tries++)
    {
      if (tries > 0)
        spin (300);
      g_string_truncate (found, 0);
      check_labels (widget, where, found);
      if (found->len == 0)
        return;
    }
  g_string_append (problems, found->str);
}

static GtkWindow *
new_toplevel_besides (GPtrArray *known)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);
      if (!g_ptr_array_find (known, w, NULL) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return w;
    }
  return NULL;
}

static GPtrArray *
toplevels_now (void)
{
  GPtrArray *all = g_ptr_array_new ();
  GListModel *toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);
      g_ptr_array_add (all, w);
    }
  return all;
}

static void
collect_type (GtkWidget *widget, GType type, GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (found, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_type (c, type, found);
}

/* Opens the dialog of action (on window, or the application's), checks
 * each of its pages, and closes it. */
static void
check_dialog (CaromWindow *window, const char *action, const char *name, GString *problems)
{
  g_autoptr (GPtrArray) before = toplevels_now ();
  if (g_str_has_prefix (action, "app."))
    g_action_group_activate_action (G_ACTION_GROUP (app), action + 4, NULL);
  else
    g_action_group_activate_action (G_ACTION_GROUP (window), action + 4, NULL);
  spin (400);
  GtkWindow *dialog = new_toplevel_besides (before);
  g_assert_nonnull (dialog);
  g_autoptr (GPtrArray) pages = g_ptr_array_new ();
  collect_type (GTK_WIDGET (dialog), ADW_TYPE_PREFERENCES_PAGE, pages);
  if (pages->len == 0 || !ADW_IS_PREFERENCES_WINDOW (dialog))
    check_labels_settled (GTK_WIDGET (dialog), name, problems);
  else
    for (guint i = 0; i < pages->len; i++)
      {
        /* The window's own pages (not those of a search or a subpage). */
        if (!ADW_IS_VIEW_STACK (gtk_widget_get_parent (pages->pdata[i])))
          continue;
        adw_preferences_window_set_visible_page (ADW_PREFERENCES_WINDOW (dialog), pages->pdata[i]);
        spin (300);
        g_autofree char *where
            = g_strdup_printf ("%s, %s", name, adw_preferences_page_get_title (pages->pdata[i]));
        check_labels_settled (GTK_WIDGET (dialog), where, problems);
      }
  gtk_window_destroy (dialog);
  spin (50);
}

/* 1: at 1100 and 600 pixels, every inspector page, the Lab's tool bar and
 * panel, Export and Preferences show their labels whole (or ellipsized with
 * the whole text in a tooltip), in this run's language. */
static void
test_nothing_cut_off (void)
{
  g_autofree char *path = source_path ("data/examples/seed.svg");
  g_autoptr (GString) problems = g_string_new (NULL);
  static const int widths[] = { 1100, 600 };
  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      CaromWindow *window = open_window_sized (path, widths[w], 720);
      CaromInspector *inspector = CAROM_INSPECTOR (carom_window_get_inspector (window));
      CaromEditor *editor = carom_window_get_editor (window);
      g_action_group_change_action_state (G_ACTION_GROUP (window), "show-sidebar",
                                          g_variant_new_boolean (TRUE));
      g_action_group_activate_action (G_ACTION_GROUP (window), "step-next", NULL);
      carom_editor_set_tool (editor, CAROM_TOOL_SELECT);
      static const char *const pages[] = { "scene", "properties", "hit", "display", "statistics" };
      for (guint p = 0; p < G_N_ELEMENTS (pages); p++)
        {
          if (g_str_equal (pages[p], "properties"))
            carom_inspector_select (inspector, 2); /* the ball: the most fields */
          carom_inspector_show_page (inspector, pages[p]);
          spin (300);
          g_autofree char *where = g_strdup_printf ("%d px, %s", widths[w], pages[p]);
          check_labels_settled (GTK_WIDGET (window), where, problems);
        }
      /* The Lab: its tool bar and its panel, for each test. */
      carom_editor_set_tool (editor, CAROM_TOOL_LAB);
      CaromLab *lab = carom_editor_get_lab (editor);
      for (int t = 0; t < CAROM_LAB_N_TESTS; t++)
        {
          carom_lab_set_test (lab, (CaromLabTest)t);
          spin (250);
          g_autofree char *where
              = g_strdup_printf ("%d px, Lab, %s", widths[w], carom_lab_test_name (t));
          check_labels_settled (GTK_WIDGET (window), where, problems);
        }
      carom_editor_set_tool (editor, CAROM_TOOL_SELECT);
      g_autofree char *export_where = g_strdup_printf ("%d px, Export", widths[w]);
      check_dialog (window, "win.export", export_where, problems);
      g_autofree char *prefs_where = g_strdup_printf ("%d px, Preferences", widths[w]);
      check_dialog (window, "app.preferences", prefs_where, problems);
      destroy_window (window);
    }
  if (problems->len > 0)
    g_test_message ("in %s:\n%s", language (), problems->str);
  g_assert_cmpstr (problems->str, ==, "");
}

static gboolean
flap_folded (CaromWindow *window)
{
  AdwFlap *flap
      = ADW_FLAP (gtk_widget_get_ancestor (carom_window_get_inspector (window), ADW_TYPE_FLAP));
  return adw_flap_get_folded (flap);
}

static gboolean
inspector_shown (CaromWindow *window)
{
  GVariant *state = g_action_group_get_action_state (G_ACTION_GROUP (window), "show-sidebar");
  gboolean shown = g_variant_get_boolean (state);
  g_variant_unref (state);
  return shown;
}

static GtkLabel *
step_label (CaromWindow *window)
{
  /* The label right of the scrubber. */
  GtkWidget *scrubber = NULL;
  g_autoptr (GPtrArray) scales = g_ptr_array_new ();
  collect_type (GTK_WIDGET (window), GTK_TYPE_SCALE, scales);
  for (guint i = 0; i < scales->len && scrubber == NULL; i++)
    if (gtk_widget_get_hexpand (scales->pdata[i]))
      scrubber = scales->pdata[i];
  g_assert_nonnull (scrubber);
  return GTK_LABEL (gtk_widget_get_next_sibling (scrubber));
}

/* 2: below a width the inspector folds over the canvas: hidden at first,
 * shown over the canvas (not beside it) by the sidebar action (F9, the
 * header button); at 360 × 640 the stepper shows "n / N" whole. */
static void
test_any_width (void)
{
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *wide = open_window_sized (path, 1100, 720);
  g_action_group_change_action_state (G_ACTION_GROUP (wide), "show-sidebar",
                                      g_variant_new_boolean (TRUE));
  spin (200);
  g_assert_false (flap_folded (wide));
  g_assert_true (inspector_shown (wide));
  GtkWidget *canvas = carom_window_get_canvas (wide);
  g_assert_cmpint (gtk_widget_get_width (canvas), <, 1100 - 300);
  destroy_window (wide);

  CaromWindow *narrow = open_window_sized (path, 600, 720);
  spin (200);
  g_assert_true (flap_folded (narrow));
  g_assert_false (inspector_shown (narrow));
  canvas = carom_window_get_canvas (narrow);
  g_assert_cmpint (gtk_widget_get_width (canvas), >=, 590);
  g_action_group_activate_action (G_ACTION_GROUP (narrow), "show-sidebar", NULL);
  spin (400);
  g_assert_true (inspector_shown (narrow));
  /* Over the canvas: the canvas keeps its width. */
  g_assert_cmpint (gtk_widget_get_width (canvas), >=, 590);
  g_assert_true (gtk_widget_get_mapped (carom_window_get_inspector (narrow)));
  destroy_window (narrow);

  CaromWindow *phone = open_window_sized (path, 360, 640);
  spin (200);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (phone)), <=, 370);
  g_action_group_activate_action (G_ACTION_GROUP (phone), "step-next", NULL);
  spin (100);
  GtkLabel *label = step_label (phone);
  g_assert_cmpstr (gtk_label_get_text (label), ==, "1 / 29");
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (GTK_WIDGET (label)), "29"));
  g_autoptr (GString) problems = g_string_new (NULL);
  check_labels_settled (GTK_WIDGET (phone), "360 px", problems);
  g_assert_cmpstr (problems->str, ==, "");
  destroy_window (phone);
}

static GtkStack *
inspector_stack (CaromWindow *window)
{
  g_autoptr (GPtrArray) stacks = g_ptr_array_new ();
  collect_type (carom_window_get_inspector (window), GTK_TYPE_STACK, stacks);
  g_assert_cmpuint (stacks->len, >, 0);
  return stacks->pdata[0]; /* the outermost: the panels */
}

/* 3: an empty scene's list says how to start; the Lab panel is there only
 * while the Lab tool is, and leaving the tool goes back to the panel shown
 * before. */
static void
test_panels_follow (void)
{
  CaromWindow *window = open_window_sized (NULL, 1100, 720);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-sidebar",
                                      g_variant_new_boolean (TRUE));
  CaromInspector *inspector = CAROM_INSPECTOR (carom_window_get_inspector (window));
  carom_inspector_show_page (inspector, "scene");
  spin (300);
  GtkWidget *empty = find_named (GTK_WIDGET (inspector), "scene-empty");
  g_assert_nonnull (empty);
  g_assert_true (gtk_widget_get_mapped (empty));
  destroy_window (window);

  g_autofree char *path = source_path ("data/examples/seed.svg");
  window = open_window_sized (path, 1100, 720);
  inspector = CAROM_INSPECTOR (carom_window_get_inspector (window));
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-sidebar",
                                      g_variant_new_boolean (TRUE));
  spin (300);
  g_assert_false (gtk_widget_get_mapped (find_named (GTK_WIDGET (inspector), "scene-empty")));
  GtkStack *stack = inspector_stack (window);
  GtkStackPage *lab = gtk_stack_get_page (stack, gtk_stack_get_child_by_name (stack, "lab"));
  carom_inspector_show_page (inspector, "statistics");
  g_assert_false (gtk_stack_page_get_visible (lab));
  CaromEditor *editor = carom_window_get_editor (window);
  carom_editor_set_tool (editor, CAROM_TOOL_LAB);
  spin (100);
  g_assert_true (gtk_stack_page_get_visible (lab));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "lab");
  carom_editor_set_tool (editor, CAROM_TOOL_SELECT);
  spin (100);
  g_assert_false (gtk_stack_page_get_visible (lab));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "statistics");
  destroy_window (window);
}

static void
save_shot (CaromWindow *window, const char *dir, const char *name)
{
  g_autoptr (GdkTexture) shot = window_texture (GTK_WINDOW (window));
  g_autofree char *file = g_strdup_printf ("%s-%s.png", name, language ());
  g_autofree char *out = g_build_filename (dir, file, NULL);
  g_assert_true (gdk_texture_save_to_png (shot, out));
  g_test_message ("wrote %s", out);
}

/* 4: screenshots for the metainfo and for looking at, when asked for. */
static void
test_screenshots (void)
{
  const char *dir = g_getenv ("CAROM_SCREENSHOT_DIR");
  if (dir == NULL)
    {
      g_test_skip ("set CAROM_SCREENSHOT_DIR to write screenshots");
      return;
    }
  g_autofree char *path = source_path ("data/examples/seed.svg");
  AdwStyleManager *style = adw_style_manager_get_default ();
  static const struct
  {
    int width, height;
  } sizes[] = { { 1100, 720 }, { 600, 720 }, { 360, 640 } };
  for (int dark = 0; dark <= 1; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                      : ADW_COLOR_SCHEME_FORCE_LIGHT);
      for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
        {
          CaromWindow *window = open_window_sized (path, sizes[i].width, sizes[i].height);
          g_action_group_activate_action (G_ACTION_GROUP (window), "step-next", NULL);
          g_action_group_activate_action (G_ACTION_GROUP (window), "step-next", NULL);
          carom_inspector_show_page (CAROM_INSPECTOR (carom_window_get_inspector (window)), "hit");
          spin (600);
          g_autofree char *name
              = g_strdup_printf ("window-%d-%s", sizes[i].width, dark ? "dark" : "light");
          save_shot (window, dir, name);
          if (sizes[i].width < 1100)
            {
              /* The inspector folded over the canvas, opened. */
              g_action_group_activate_action (G_ACTION_GROUP (window), "show-sidebar", NULL);
              spin (600);
              g_autofree char *open = g_strconcat (name, "-inspector", NULL);
              save_shot (window, dir, open);
            }
          destroy_window (window);
        }
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

/* The window's width as the window manager sees it (its X window's). */
static int
surface_width (CaromWindow *window)
{
  return gdk_surface_get_width (gtk_native_get_surface (GTK_NATIVE (window)));
}

typedef struct
{
  CaromWindow *window;
  int width;
} Resize;

static gboolean
resized (gpointer data)
{
  Resize *r = data;
  return surface_width (r->window) == r->width;
}

/* Resizes window's X window to width × height as a window manager would
 * (xdotool), and lets the layout follow. */
static void
resize_window (CaromWindow *window, int width, int height)
{
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));
  g_autofree char *win = g_strdup_printf ("%lu", (unsigned long)xid);
  g_autofree char *w = g_strdup_printf ("%d", width);
  g_autofree char *h = g_strdup_printf ("%d", height);
  const char *args[] = { "windowsize", win, w, h, NULL };
  xdotool (args);
  Resize r = { window, width };
  wait_for (resized, &r, 3000);
  spin (400);
}

static int
min_width (GtkWidget *widget)
{
  int min = 0, nat = 0;
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  return min;
}

/* 5: from any width the window goes down to 360 pixels in one step, in
 * every language: the least width it asks of the window manager never
 * depends on the layout it has at the time. (It did: a window manager
 * asked for 360 while the window had its 600-pixel layout gave it the
 * minimum of that layout, 413 in English and 423 in Chinese, where "打开(O)"
 * in the header bar is wider than "Open".) */
static void
test_shrinks_to_phone (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *path = source_path ("data/examples/seed.svg");
  static const int widths[] = { 1100, 600 };
  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      CaromWindow *window = open_window_sized (path, widths[w], 720);
      g_action_group_change_action_state (G_ACTION_GROUP (window), "show-sidebar",
                                          g_variant_new_boolean (TRUE));
      /* As a user would: to another width of this layout first. */
      resize_window (window, widths[w] + 100, 700);
      int least = min_width (GTK_WIDGET (window));
      g_test_message ("%s at %d px asks for at least %d px", language (), widths[w] + 100, least);
      resize_window (window, 360, 640);
      g_assert_cmpint (surface_width (window), ==, 360);
      g_assert_cmpint (least, <=, 360);
      destroy_window (window);
    }
}

/* Whether widget is a control a user clicks or types in. */
static gboolean
is_control (GtkWidget *widget)
{
  return GTK_IS_BUTTON (widget) || GTK_IS_SPIN_BUTTON (widget) || GTK_IS_ENTRY (widget)
         || GTK_IS_TEXT (widget) || GTK_IS_SWITCH (widget) || GTK_IS_CHECK_BUTTON (widget)
         || GTK_IS_DROP_DOWN (widget) || GTK_IS_SCALE (widget);
}

/* A control cut off: not wholly inside the window, or past the side of a
 * bar that scrolls sideways (the part a user sees without scrolling). A
 * list scrolled up or down is not cut: only across. */
static void
check_control (GtkWidget *control, GtkWidget *window, const char *where, GString *problems)
{
  graphene_rect_t b;
  if (!gtk_widget_compute_bounds (control, window, &b))
    return;
  const char *name = GTK_IS_BUTTON (control) ? gtk_button_get_label (GTK_BUTTON (control)) : NULL;
  for (GtkWidget *w = control; name == NULL && w != NULL; w = gtk_widget_get_parent (w))
    name = gtk_widget_get_tooltip_text (w);
  gboolean in_list = gtk_widget_get_ancestor (control, GTK_TYPE_SCROLLED_WINDOW) != NULL;
  double w = gtk_widget_get_width (window), h = gtk_widget_get_height (window);
  if (b.origin.x < -0.5 || b.origin.x + b.size.width > w + 0.5
      || (!in_list && (b.origin.y < -0.5 || b.origin.y + b.size.height > h + 0.5)))
    {
      g_string_append_printf (problems, "%s: %s “%s” is cut by the window (%.0f to %.0f of %.0f)\n",
                              where, G_OBJECT_TYPE_NAME (control), name, b.origin.x,
                              b.origin.x + b.size.width, w);
      return;
    }
  for (GtkWidget *s = gtk_widget_get_ancestor (control, GTK_TYPE_SCROLLED_WINDOW); s != NULL;
       s = gtk_widget_get_ancestor (gtk_widget_get_parent (s), GTK_TYPE_SCROLLED_WINDOW))
    {
      GtkPolicyType across, down;
      gtk_scrolled_window_get_policy (GTK_SCROLLED_WINDOW (s), &across, &down);
      if (across == GTK_POLICY_NEVER || !gtk_widget_compute_bounds (control, s, &b))
        continue;
      if (b.origin.x < -0.5 || b.origin.x + b.size.width > gtk_widget_get_width (s) + 0.5)
        g_string_append_printf (problems, "%s: %s “%s” is past the side of its bar\n", where,
                                G_OBJECT_TYPE_NAME (control), name);
      if (gtk_widget_get_parent (s) == NULL)
        break;
    }
}

/* Every control on screen under widget, whole (see check_control). */
static void
check_controls (GtkWidget *widget, GtkWidget *window, const char *where, GString *problems)
{
  if (!gtk_widget_get_mapped (widget) || gtk_widget_get_width (widget) <= 0)
    return;
  if (is_control (widget))
    {
      check_control (widget, window, where, problems);
      return; /* its parts are its own */
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    check_controls (c, window, where, problems);
}

/* Labels and controls, once the layout has settled (see
 * check_labels_settled). */
static void
check_all_settled (GtkWidget *window, const char *where, GString *problems)
{
  g_autoptr (GString) found = g_string_new (NULL);
  for (guint tries = 0; tries < 10; tries++)
    {
      if (tries > 0)
        spin (300);
      g_string_truncate (found, 0);
      check_labels (window, where, found);
      check_controls (window, window, where, found);
      /* The window's content at its width, not wider and cut by its edge. */
      GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
      GtkWidget *inner = gtk_widget_get_first_child (content);
      if (inner != NULL && gtk_widget_get_width (inner) > gtk_widget_get_width (content))
        g_string_append_printf (found, "%s: the window’s content needs %d px of %d\n", where,
                                gtk_widget_get_width (inner), gtk_widget_get_width (content));
      if (found->len == 0)
        return;
    }
  g_string_append (problems, found->str);
}

/* The label on screen under widget whose text ends with suffix. */
static GtkLabel *
label_ending (GtkWidget *widget, const char *suffix)
{
  if (!gtk_widget_get_mapped (widget))
    return NULL;
  if (GTK_IS_LABEL (widget) && g_str_has_suffix (gtk_label_get_text (GTK_LABEL (widget)), suffix))
    return GTK_LABEL (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkLabel *found = label_ending (c, suffix);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static const char *const tool_names[]
    = { "Select", "Vertices", "Polygon", "Rectangle", "Regular", "Circle", "Ball", "Beam", "Lab" };

/* 6: at 360 × 640, GNOME's smallest, and at 600 and 1100 pixels, in
 * English and Chinese: with every tool, and with the inspector on each of
 * its pages, every control is whole inside the window (not past the side of
 * a bar that scrolls), the window's content is no wider than the window,
 * and no label is cut off with "…" unless a tooltip gives its whole text.
 * At 1100 pixels the tools are checked with the inspector beside the
 * canvas, which leaves the tool bar the least room. */
static void
test_every_control_whole (void)
{
  g_autoptr (GString) problems = g_string_new (NULL);
  /* the ball's, a polygon's and a circle's Properties (its Sweep), a beam's */
  static const char *const files[] = { "seed.svg", "circle.svg", "sinai-fan.svg" };
  static const struct
  {
    int width, height;
  } sizes[] = { { 360, 640 }, { 600, 720 }, { 1100, 720 } };
  for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
    for (guint f = 0; f < G_N_ELEMENTS (files); f++)
      {
        int width = sizes[z].width;
        g_autofree char *relative = g_build_filename ("data/examples", files[f], NULL);
        g_autofree char *path = source_path (relative);
        CaromWindow *window = open_window_sized (path, width, sizes[z].height);
        CaromEditor *editor = carom_window_get_editor (window);
        g_action_group_change_action_state (G_ACTION_GROUP (window), "show-sidebar",
                                            g_variant_new_boolean (width >= 1100));
        g_action_group_activate_action (G_ACTION_GROUP (window), "step-next", NULL);
        if (f == 0)
          for (int t = 0; t <= CAROM_TOOL_LAB; t++)
            {
              carom_editor_set_tool (editor, (CaromTool)t);
              spin (250);
              g_autofree char *where = g_strdup_printf ("%d px, %s tool", width, tool_names[t]);
              check_all_settled (GTK_WIDGET (window), where, problems);
            }
        carom_editor_set_tool (editor, CAROM_TOOL_SELECT);
        g_action_group_change_action_state (G_ACTION_GROUP (window), "show-sidebar",
                                            g_variant_new_boolean (TRUE));
        spin (400);
        CaromInspector *inspector = CAROM_INSPECTOR (carom_window_get_inspector (window));
        static const char *const pages[]
            = { "scene", "properties", "hit", "display", "statistics" };
        for (guint p = 0; p < G_N_ELEMENTS (pages); p++)
          for (int sel = 0; sel < (g_str_equal (pages[p], "properties") ? 3 : 1); sel++)
            {
              carom_inspector_select (inspector, sel);
              carom_inspector_show_page (inspector, pages[p]);
              spin (300);
              g_autofree char *where
                  = g_strdup_printf ("%d px, %s, %s, object %d", width, files[f], pages[p], sel);
              check_all_settled (GTK_WIDGET (window), where, problems);
              /* A circle's Sweep, short, reads whole: never "…". */
              GtkLabel *sweep = label_ending (GTK_WIDGET (inspector), "°");
              if (sweep != NULL && pango_layout_is_ellipsized (gtk_label_get_layout (sweep)))
                g_string_append_printf (problems, "%s: the sweep “%s” is cut off\n", where,
                                        gtk_label_get_text (sweep));
            }
        destroy_window (window);
      }
  if (problems->len > 0)
    g_test_message ("in %s:\n%s", language (), problems->str);
  g_assert_cmpstr (problems->str, ==, "");
}

static GtkWidget *
scrubber_of (CaromWindow *window)
{
  return gtk_widget_get_prev_sibling (GTK_WIDGET (step_label (window)));
}

/* Whether model (or a section or submenu of it) has an item for action
 * (with target, when not NULL). */
static gboolean
menu_has (GMenuModel *model, const char *action, GVariant *target)
{
  for (int i = 0; model != NULL && i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *a = NULL;
      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &a)
          && g_str_equal (a, action))
        {
          g_autoptr (GVariant) t
              = g_menu_model_get_item_attribute_value (model, i, G_MENU_ATTRIBUTE_TARGET, NULL);
          if (target == NULL || (t != NULL && g_variant_equal (t, target)))
            return TRUE;
        }
      g_autoptr (GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      g_autoptr (GMenuModel) sub = g_menu_model_get_item_link (model, i, G_MENU_LINK_SUBMENU);
      if (menu_has (section, action, target) || menu_has (sub, action, target))
        return TRUE;
    }
  return FALSE;
}

/* Whether the stepper bar offers action (with target): a button on screen,
 * or an item of a menu button on screen. */
static gboolean
stepper_offers (GtkWidget *bar, const char *action, GVariant *target)
{
  g_autoptr (GVariant) sunk = target != NULL ? g_variant_ref_sink (target) : NULL;
  g_autoptr (GPtrArray) all = g_ptr_array_new ();
  collect_type (bar, GTK_TYPE_WIDGET, all);
  for (guint i = 0; i < all->len; i++)
    {
      GtkWidget *w = all->pdata[i];
      if (!gtk_widget_get_mapped (w))
        continue;
      if (GTK_IS_MENU_BUTTON (w)
          && menu_has (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (w)), action, target))
        return TRUE;
      if (GTK_IS_ACTIONABLE (w)
          && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (w)), action) == 0)
        return TRUE;
      if (g_str_equal (action, "win.play-speed") && GTK_IS_DROP_DOWN (w))
        return TRUE;
    }
  return FALSE;
}

/* 7: the scrubber keeps a useful width at every width, in English and
 * Chinese: at least 40 % of the stepper bar (the canvas's width: the
 * window's, less the inspector when it is beside the canvas) from 560
 * pixels up, 30 % at 360 (next to Previous, Play, Next, "n / N" and the
 * menu), with "Hit n of N" as long as the scene has; the
 * controls that give it their room (the playing speed, the boundary map,
 * First and Last at 360) are still offered, in a menu of the bar. */
static void
test_scrubber_room (void)
{
  g_autofree char *path = source_path ("data/examples/seed.svg");
  static const struct
  {
    int width;
    gboolean inspector;
  } cases[] = { { 1100, TRUE }, { 1100, FALSE }, { 900, FALSE }, { 860, FALSE }, { 800, FALSE },
                { 700, FALSE }, { 600, FALSE },  { 560, FALSE }, { 360, FALSE } };
  g_autoptr (GString) problems = g_string_new (NULL);
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      int width = cases[c].width;
      CaromWindow *window = open_window_sized (path, width, 720);
      g_action_group_change_action_state (G_ACTION_GROUP (window), "show-sidebar",
                                          g_variant_new_boolean (cases[c].inspector));
      g_action_group_activate_action (G_ACTION_GROUP (window), "step-last", NULL);
      g_action_group_activate_action (G_ACTION_GROUP (window), "step-previous", NULL);
      spin (500);
      GtkWidget *scrubber = scrubber_of (window);
      GtkWidget *bar = gtk_widget_get_parent (scrubber);
      int room = gtk_widget_get_width (bar), w = gtk_widget_get_width (scrubber);
      double share = width >= 560 ? 0.4 : 0.3;
      g_test_message ("%s, %d px%s: the scrubber has %d px of %d (%s)", language (), width,
                      cases[c].inspector ? " with the inspector" : "", w, room,
                      gtk_label_get_text (step_label (window)));
      if (w < share * room)
        g_string_append_printf (problems, "%d px%s: the scrubber has %d px of %d\n", width,
                                cases[c].inspector ? " with the inspector" : "", w, room);
      for (guint32 s = 0; s < 5; s++)
        if (!stepper_offers (bar, "win.play-speed", g_variant_new_uint32 (s)))
          g_string_append_printf (problems, "%d px: no playing speed %u\n", width, s);
      /* The menu's speed is the speed menu's. */
      g_autoptr (GPtrArray) menus = g_ptr_array_new ();
      collect_type (bar, GTK_TYPE_DROP_DOWN, menus);
      g_assert_cmpuint (menus->len, ==, 1);
      guint32 speed = c % 5;
      g_action_group_activate_action (G_ACTION_GROUP (window), "play-speed",
                                      g_variant_new_uint32 (speed));
      g_assert_cmpuint (gtk_drop_down_get_selected (menus->pdata[0]), ==, speed);
      static const char *const actions[]
          = { "win.step-first", "win.step-previous", "win.play",
              "win.step-next",  "win.step-last",     "win.show-map" };
      for (guint a = 0; a < G_N_ELEMENTS (actions); a++)
        if (!stepper_offers (bar, actions[a], NULL))
          g_string_append_printf (problems, "%d px: no %s\n", width, actions[a]);
      destroy_window (window);
    }
  if (problems->len > 0)
    g_test_message ("in %s:\n%s", language (), problems->str);
  g_assert_cmpstr (problems->str, ==, "");
}

/* 8: the Export dialog's formats read whole, each of them chosen, and in
 * the open list of formats, in English and Chinese (it showed "Animated SVG
 * (plays i…"). */
static void
test_export_formats (void)
{
  g_autofree char *path = source_path ("data/examples/seed.svg");
  g_autoptr (GString) problems = g_string_new (NULL);
  static const int widths[] = { 1100, 360 };
  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      CaromWindow *window = open_window_sized (path, widths[w], 640);
      g_autoptr (GPtrArray) before = toplevels_now ();
      g_action_group_activate_action (G_ACTION_GROUP (window), "export", NULL);
      spin (400);
      GtkWindow *dialog = new_toplevel_besides (before);
      g_assert_nonnull (dialog);
      g_autoptr (GPtrArray) rows = g_ptr_array_new ();
      collect_type (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW, rows);
      AdwComboRow *format = NULL;
      for (guint i = 0; i < rows->len && format == NULL; i++)
        if (g_str_equal (adw_preferences_row_get_title (rows->pdata[i]), _ ("Format")))
          format = rows->pdata[i];
      g_assert_nonnull (format);
      guint n = g_list_model_get_n_items (adw_combo_row_get_model (format));
      for (guint f = 0; f < n; f++)
        {
          adw_combo_row_set_selected (format, f);
          spin (200);
          g_autofree char *where = g_strdup_printf ("%d px, Export, format %u", widths[w], f);
          check_labels_settled (GTK_WIDGET (format), where, problems);
        }
      /* The list of formats, open. */
      gtk_widget_activate (GTK_WIDGET (format));
      spin (400);
      g_autoptr (GPtrArray) popovers = g_ptr_array_new ();
      collect_type (GTK_WIDGET (format), GTK_TYPE_POPOVER, popovers);
      g_assert_cmpuint (popovers->len, >, 0);
      g_assert_true (gtk_widget_get_mapped (popovers->pdata[0]));
      g_autofree char *where = g_strdup_printf ("%d px, Export, the list of formats", widths[w]);
      check_labels_settled (popovers->pdata[0], where, problems);
      gtk_popover_popdown (popovers->pdata[0]);
      gtk_window_destroy (dialog);
      spin (50);
      destroy_window (window);
    }
  if (problems->len > 0)
    g_test_message ("in %s:\n%s", language (), problems->str);
  g_assert_cmpstr (problems->str, ==, "");
}

/* The first widget under root (root included) whose type is named name:
 * for libadwaita's and GTK's private types (AdwToastWidget,
 * GtkTooltipWindow). */
static GtkWidget *
find_type_named (GtkWidget *root, const char *name)
{
  if (g_str_equal (G_OBJECT_TYPE_NAME (root), name))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_type_named (c, name);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The tooltip on screen (a popup of window's surface), and where, in the
 * window's surface. */
static gboolean
tooltip_shown (CaromWindow *window, GdkRectangle *where)
{
  GtkWidget *tip = find_type_named (GTK_WIDGET (window), "GtkTooltipWindow");
  if (tip == NULL || !gtk_widget_get_mapped (tip))
    return FALSE;
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (tip));
  if (surface == NULL || !GDK_IS_POPUP (surface) || !gdk_surface_get_mapped (surface))
    return FALSE;
  *where = (GdkRectangle){ gdk_popup_get_position_x (GDK_POPUP (surface)),
                           gdk_popup_get_position_y (GDK_POPUP (surface)),
                           gdk_surface_get_width (surface), gdk_surface_get_height (surface) };
  return TRUE;
}

static gboolean
some_tooltip_shown (gpointer window)
{
  GdkRectangle r;
  return tooltip_shown (window, &r);
}

/* The toast on screen, where it is in the window's surface. */
static gboolean
toast_shown (CaromWindow *window, GdkRectangle *where)
{
  GtkWidget *toast = find_type_named (GTK_WIDGET (window), "AdwToastWidget");
  graphene_rect_t b;
  if (toast == NULL || !gtk_widget_get_mapped (toast)
      || !gtk_widget_compute_bounds (toast, GTK_WIDGET (window), &b))
    return FALSE;
  double sx, sy;
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  *where = (GdkRectangle){ (int)(b.origin.x + sx), (int)(b.origin.y + sy), (int)b.size.width,
                           (int)b.size.height };
  return TRUE;
}

static gboolean
some_toast_shown (gpointer window)
{
  GdkRectangle r;
  return toast_shown (window, &r);
}

/* Moves the X pointer onto widget (at fx, fy of its width and height),
 * a little at a time as a hand would. */
static void
pointer_onto (CaromWindow *window, GtkWidget *widget, double fx, double fy)
{
  graphene_point_t p;
  g_assert_true (
      gtk_widget_compute_point (widget, GTK_WIDGET (window),
                                &GRAPHENE_POINT_INIT ((float)(gtk_widget_get_width (widget) * fx),
                                                      (float)(gtk_widget_get_height (widget) * fy)),
                                &p));
  double sx, sy;
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));
  g_autofree char *win = g_strdup_printf ("%lu", (unsigned long)xid);
  for (int i = 3; i >= 0; i--)
    {
      g_autofree char *px = g_strdup_printf ("%d", (int)lround (p.x + sx) - i);
      g_autofree char *py = g_strdup_printf ("%d", (int)lround (p.y + sy));
      const char *move[] = { "mousemove", "--window", win, px, py, NULL };
      xdotool (move);
    }
}

/* Whether a tooltip on screen covers part of the toast on screen. */
static gboolean
tooltip_over_toast (CaromWindow *window, GString *problems, const char *when)
{
  GdkRectangle tip, toast, both;
  if (!tooltip_shown (window, &tip) || !toast_shown (window, &toast))
    return FALSE;
  if (!gdk_rectangle_intersect (&tip, &toast, &both))
    return FALSE;
  g_string_append_printf (
      problems, "%s: a tooltip at (%d, %d) %d × %d covers the toast at (%d, %d) %d × %d\n", when,
      tip.x, tip.y, tip.width, tip.height, toast.x, toast.y, toast.width, toast.height);
  return TRUE;
}

static gboolean
clipboard_holds_text (gpointer data)
{
  return gdk_content_formats_contain_gtype (gdk_clipboard_get_formats (data), G_TYPE_STRING);
}

/* 9: a toast's message is never under a tooltip, in English and Chinese.
 * The window stands at the bottom of the screen (as a maximized one does),
 * so the tooltips of the status line and the stepper bar open upwards, over
 * the toast's place. A tooltip already open when a toast comes (here a
 * paste of text that is not a scene, from the Paste action, as a toast
 * comes from a trace or an export finishing: no key is pressed, which
 * would close the tooltip) and one opened while the toast is there (the
 * pointer moved onto the trace's summary) must leave the toast's message
 * readable; a tooltip away from the toast still shows. */
static void
test_toast_over_tooltip (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window_sized (path, 1100, 700);
  GdkRectangle screen;
  GdkDisplay *display = gdk_display_get_default ();
  GdkMonitor *monitor = g_list_model_get_item (gdk_display_get_monitors (display), 0);
  gdk_monitor_get_geometry (monitor, &screen);
  g_object_unref (monitor);
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));
  g_autofree char *win = g_strdup_printf ("%lu", (unsigned long)xid);
  int height = gdk_surface_get_height (gtk_native_get_surface (GTK_NATIVE (window)));
  g_autofree char *y = g_strdup_printf ("%d", screen.height - height);
  const char *move[] = { "windowmove", win, "0", y, NULL };
  xdotool (move);
  spin (500);
  g_autoptr (GString) problems = g_string_new (NULL);

  /* A tooltip open, then a toast. */
  GtkWidget *summary = find_named (GTK_WIDGET (window), "trace-summary");
  g_assert_nonnull (summary);
  pointer_onto (window, summary, 0.5, 0.5);
  g_assert_true (wait_for (some_tooltip_shown, window, 5000));
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (window));
  gdk_clipboard_set_text (clipboard, "not a scene");
  g_assert_true (wait_for (clipboard_holds_text, clipboard, 2000));
  g_action_group_activate_action (G_ACTION_GROUP (window), "paste", NULL);
  g_assert_true (wait_for (some_toast_shown, window, 5000));
  for (int i = 0; i < 10; i++) /* as the toast slides in, and after */
    {
      spin (100);
      if (tooltip_over_toast (window, problems, "a toast under an open tooltip"))
        break;
    }

  /* A toast there, then the pointer onto the trace's summary. */
  pointer_onto (window, summary, 0.3, 0.5);
  pointer_onto (window, summary, 0.6, 0.5);
  for (int i = 0; i < 15; i++)
    {
      spin (100);
      if (tooltip_over_toast (window, problems, "a tooltip opened over a toast"))
        break;
    }
  g_assert_true (some_toast_shown (window));

  /* Away from the toast, tooltips still show. */
  GtkWidget *tools = gtk_widget_get_first_child (
      gtk_widget_get_first_child (find_named (GTK_WIDGET (window), "tool-bar")));
  pointer_onto (window, tools, 0.1, 0.5);
  if (!wait_for (some_tooltip_shown, window, 5000))
    g_string_append (problems, "no tooltip on the tools while a toast is shown\n");
  destroy_window (window);
  if (problems->len > 0)
    g_test_message ("in %s:\n%s", language (), problems->str);
  g_assert_cmpstr (problems->str, ==, "");
}

int
main (int argc, char **argv)
{
  ui_harness_init (&argc, &argv);
  g_test_add_func ("/ui-layout/any-width", test_any_width);
  g_test_add_func ("/ui-layout/nothing-cut-off", test_nothing_cut_off);
  g_test_add_func ("/ui-layout/panels-follow", test_panels_follow);
  g_test_add_func ("/ui-layout/shrinks-to-phone", test_shrinks_to_phone);
  g_test_add_func ("/ui-layout/every-control-whole", test_every_control_whole);
  g_test_add_func ("/ui-layout/scrubber-room", test_scrubber_room);
  g_test_add_func ("/ui-layout/export-formats", test_export_formats);
  g_test_add_func ("/ui-layout/toast-over-tooltip", test_toast_over_tooltip);
  g_test_add_func ("/ui-layout/screenshots", test_screenshots);
  return ui_harness_run ();
}
