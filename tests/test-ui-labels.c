/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-labels.c: an author drags an object's name label in the real
 * window (X pointer events through xdotool, under Xvfb), saves, and every
 * export finds the label where the author put it; Escape and Undo put it
 * back. */
#include "ui-harness.h"

#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <sys/wait.h>

#include "io/carom-svg.h"

static gboolean
document_saved (gpointer data)
{
  return !carom_document_get_modified (carom_window_get_document (data));
}

static char *
copy_to_temp (const char *example, char **dir)
{
  *dir = g_dir_make_tmp ("carom-ui-labels-XXXXXX", NULL);
  g_autofree char *src = source_path (example);
  g_autofree char *text = NULL;
  gsize len;
  g_assert_true (g_file_get_contents (src, &text, &len, NULL));
  char *path = g_build_filename (*dir, "scene.svg", NULL);
  g_assert_true (g_file_set_contents (path, text, (gssize)len, NULL));
  return path;
}

static guint
index_of (CaromWindow *window, const char *id)
{
  const CmScene *scene = carom_document_get_scene (carom_window_get_document (window));
  for (guint i = 0; i < scene->objects->len; i++)
    if (g_strcmp0 (((CmObject *)g_ptr_array_index (scene->objects, i))->id, id) == 0)
      return i;
  g_assert_not_reached ();
}

static const CmObject *
object (CaromWindow *window, const char *id)
{
  return cm_scene_find (carom_document_get_scene (carom_window_get_document (window)), id);
}

typedef struct
{
  CaromWindow *window;
  guint index;
} LabelWait;

static gboolean
label_drawn (gpointer data)
{
  LabelWait *w = data;
  CgAabb box;
  return carom_editor_get_label (carom_window_get_editor (w->window), w->index, &box);
}

/* Where the canvas drew the label of object id (scene units). */
static CgAabb
label_box (CaromWindow *window, const char *id)
{
  LabelWait w = { window, index_of (window, id) };
  g_assert_true (wait_for (label_drawn, &w, 5000));
  CgAabb box;
  g_assert_true (carom_editor_get_label (carom_window_get_editor (window), w.index, &box));
  return box;
}

/* The centre of the <text> carom:for="id" in an exported SVG scene, in
 * scene units (its x is the text's middle; its y its baseline). */
static CgVec2
exported_label (const char *svg, const char *id, double *size)
{
  xmlDocPtr doc = xmlReadFile (svg, NULL, XML_PARSE_NONET);
  g_assert_nonnull (doc);
  CgVec2 at = { NAN, NAN };
  *size = 0.0;
  xmlNodePtr root = xmlDocGetRootElement (doc);
  for (xmlNodePtr g = root->children; g != NULL; g = g->next)
    for (xmlNodePtr layer = g->children; layer != NULL; layer = layer->next)
      {
        if (layer->type != XML_ELEMENT_NODE)
          continue;
        xmlChar *lid = xmlGetProp (layer, (const xmlChar *)"id");
        gboolean labels = lid != NULL && strcmp ((char *)lid, "carom-generated-layer-labels") == 0;
        xmlFree (lid);
        if (!labels)
          continue;
        xmlChar *t = xmlGetProp (layer, (const xmlChar *)"transform");
        double m[6];
        g_assert_cmpint (sscanf ((char *)t, "matrix(%lf %lf %lf %lf %lf %lf)", &m[0], &m[1], &m[2],
                                 &m[3], &m[4], &m[5]),
                         ==, 6);
        xmlFree (t);
        for (xmlNodePtr text = layer->children; text != NULL; text = text->next)
          {
            xmlChar *for_id
                = xmlGetNsProp (text, (const xmlChar *)"for", (const xmlChar *)"urn:carom:scene:1");
            gboolean match = for_id != NULL && strcmp ((char *)for_id, id) == 0
                             && strcmp ((const char *)text->name, "text") == 0;
            xmlFree (for_id);
            if (!match)
              continue;
            xmlChar *x = xmlGetProp (text, (const xmlChar *)"x");
            xmlChar *y = xmlGetProp (text, (const xmlChar *)"y");
            xmlChar *fs = xmlGetProp (text, (const xmlChar *)"font-size");
            at = cg_v2 (m[0] * g_ascii_strtod ((char *)x, NULL) + m[4],
                        m[3] * g_ascii_strtod ((char *)y, NULL) + m[5]);
            *size = m[3] * g_ascii_strtod ((char *)fs, NULL);
            xmlFree (x);
            xmlFree (y);
            xmlFree (fs);
          }
      }
  xmlFreeDoc (doc);
  g_assert_true (isfinite (at.x));
  return at;
}

/* 1: drag "post"'s name label 60 units right and 40 down (Ctrl: no
 * snapping), save; the file says where, and `carom export` draws it there. */
static void
test_drag_save_export (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *dir = NULL;
  g_autofree char *path = copy_to_temp ("data/examples/seed.svg", &dir);
  CaromWindow *window = open_window_sized (path, 1100, 800);
  CgAabb before = label_box (window, "post");
  CgVec2 from = cg_aabb_center (before), delta = { 60.0, 40.0 };
  drag_scene (window, from, cg_add (from, delta), TRUE);
  const CmObject *post = object (window, "post");
  g_assert_true (post->label_placed);
  CgVec2 anchor = cm_object_label_anchor (post);
  CgVec2 wanted = cg_add (from, delta);
  CgVec2 placed = cg_add (anchor, post->label_offset);
  double pixel = 1.0 / carom_canvas_get_zoom (CAROM_CANVAS (carom_window_get_canvas (window)));
  g_test_message ("label of post: from (%g, %g) to (%g, %g), wanted (%g, %g)", from.x, from.y,
                  placed.x, placed.y, wanted.x, wanted.y);
  g_assert_cmpfloat (cg_distance (placed, wanted), <=, 2.0 * pixel);
  /* The canvas draws it there. */
  spin (200);
  CgAabb after = label_box (window, "post");
  g_assert_cmpfloat (cg_distance (cg_aabb_center (after), placed), <=, 2.0 * pixel);

  g_action_group_activate_action (G_ACTION_GROUP (window), "save", NULL);
  g_assert_true (wait_for (document_saved, window, 10000));
  carom_document_discard_autosave (carom_window_get_document (window));
  gtk_window_destroy (GTK_WINDOW (window));
  spin (50);

  /* The file holds it, in Carom's attribute. */
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "carom:label-offset=\""));

  /* And `carom export` draws it where the author put it. */
  g_autofree char *svg = g_build_filename (dir, "figure.svg", NULL);
  g_autofree char *carom
      = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "src", "carom", NULL);
  const char *argv[] = { carom, "export", path, "-o", svg, "--step", "2", NULL };
  int status = 0;
  g_autoptr (GError) error = NULL;
  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               NULL, NULL, &status, &error));
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  double size = 0.0;
  CgVec2 drawn = exported_label (svg, "post", &size);
  g_test_message ("exported: x %g, baseline %g (wanted centre %g, %g)", drawn.x, drawn.y, placed.x,
                  placed.y);
  g_assert_cmpfloat (fabs (drawn.x - placed.x), <, 0.01 * size);
  /* The baseline lies under the box's middle, within a label height. */
  g_assert_cmpfloat (drawn.y, >, placed.y);
  g_assert_cmpfloat (drawn.y - placed.y, <, size);
  g_unlink (svg);
  g_unlink (path);
  g_rmdir (dir);
}

/* 2: Escape in the middle of a drag puts the label back; Undo takes a
 * finished drag back, Redo does it again. */
static void
test_escape_and_undo (void)
{
  if (!can_send_input ())
    return;
  g_autofree char *path = source_path ("data/examples/seed.svg");
  CaromWindow *window = open_window_sized (path, 1100, 800);
  CgVec2 from = cg_aabb_center (label_box (window, "room"));

  pointer_to_scene (window, from.x, from.y);
  const char *down[] = { "mousedown", "1", NULL };
  xdotool (down);
  pointer_to_scene (window, from.x + 30.0, from.y + 30.0);
  pointer_to_scene (window, from.x + 60.0, from.y + 60.0);
  g_assert_true (object (window, "room")->label_placed);
  press_key ("Escape");
  const char *up[] = { "mouseup", "1", NULL };
  xdotool (up);
  g_assert_false (object (window, "room")->label_placed);
  g_assert_false (carom_document_get_modified (carom_window_get_document (window)));

  drag_scene (window, from, cg_v2 (from.x - 40.0, from.y + 80.0), TRUE);
  g_assert_true (object (window, "room")->label_placed);
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  spin (100);
  g_assert_false (object (window, "room")->label_placed);
  g_action_group_activate_action (G_ACTION_GROUP (window), "redo", NULL);
  spin (100);
  g_assert_true (object (window, "room")->label_placed);
  destroy_window (window);
}

int
main (int argc, char **argv)
{
  ui_harness_init (&argc, &argv);
  g_test_add_func ("/ui-labels/drag-save-export", test_drag_save_export);
  g_test_add_func ("/ui-labels/escape-and-undo", test_escape_and_undo);
  return ui_harness_run ();
}
