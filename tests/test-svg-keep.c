/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-svg-keep.c: Carom never drops what it does not understand (issue 12). A file drawn
 * elsewhere, read and saved, is the same drawing with every node kept; an edited object keeps
 * its element; Carom's own scenes still round-trip byte for byte. */
#include <cairo.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <libxml/xmlreader.h>
#include <string.h>

#include "io/carom-svg.h"
#include "render/carom-underlay.h"
#include "model/carom-edit.h"
#include "model/carom-history.h"

/* ---- helpers -------------------------------------------------------------- */

static char *
source_path (const char *first, ...)
{
  va_list args;
  va_start (args, first);
  g_autoptr (GPtrArray) parts = g_ptr_array_new ();
  const char *root = g_getenv ("CAROM_SOURCE_ROOT");
  g_autofree char *fallback = NULL;
  if (root == NULL)
    root = fallback = g_test_build_filename (G_TEST_DIST, "..", NULL);
  g_ptr_array_add (parts, (gpointer)root);
  for (const char *part = first; part != NULL; part = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer)part);
  g_ptr_array_add (parts, NULL);
  va_end (args);
  return g_build_filenamev ((char **)parts->pdata);
}

static CmScene *
read_string (const char *svg, GPtrArray **summary)
{
  g_autoptr (GError) error = NULL;
  CmScene *scene = carom_svg_read_memory (svg, strlen (svg), NULL, summary, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scene);
  return scene;
}

static char *
write_string (const CmScene *scene)
{
  gsize length = 0;
  char *text = carom_svg_write_string (scene, &length);
  g_assert_cmpuint (strlen (text), ==, length);
  return text;
}

static CmScene *
read_test_file (const char *name)
{
  g_autofree char *path = source_path ("tests", "data", name, NULL);
  g_autoptr (GError) error = NULL;
  CmScene *scene = carom_svg_read_file (path, NULL, NULL, &error);
  g_assert_no_error (error);
  return scene;
}

static guint
find_index (const CmScene *scene, const char *id)
{
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *object = g_ptr_array_index (scene->objects, i);
      if (g_strcmp0 (object->id, id) == 0)
        return i;
    }
  g_error ("no object %s", id);
}

/* Every id attribute in a document, in order. */
static GPtrArray *
collect_ids (const char *svg)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (xmlFree);
  xmlTextReaderPtr reader = xmlReaderForMemory (svg, (int)strlen (svg), NULL, NULL,
                                                XML_PARSE_NONET | XML_PARSE_NOERROR);
  g_assert_nonnull (reader);
  while (xmlTextReaderRead (reader) == 1)
    if (xmlTextReaderNodeType (reader) == XML_READER_TYPE_ELEMENT)
      {
        xmlChar *id = xmlTextReaderGetAttribute (reader, BAD_CAST "id");
        if (id != NULL)
          g_ptr_array_add (ids, id);
      }
  xmlFreeTextReader (reader);
  return ids;
}

static gboolean
has_string (GPtrArray *strings, const char *s)
{
  for (guint i = 0; i < strings->len; i++)
    if (strcmp (g_ptr_array_index (strings, i), s) == 0)
      return TRUE;
  return FALSE;
}

/* rsvg-convert's rendering of path as a cairo image (NULL when it fails). */
static cairo_surface_t *
render (const char *path, const char *png)
{
  const char *argv[] = { "rsvg-convert", "-o", png, path, NULL };
  int status = 0;
  if (!g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, NULL, NULL, &status, NULL)
      || !g_spawn_check_wait_status (status, NULL))
    return NULL;
  cairo_surface_t *image = cairo_image_surface_create_from_png (png);
  if (cairo_surface_status (image) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (image);
      return NULL;
    }
  return image;
}

/* Pixels that differ between two renderings (G_MAXUINT when the sizes differ). */
static guint
count_different_pixels (cairo_surface_t *a, cairo_surface_t *b)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  if (w != cairo_image_surface_get_width (b) || h != cairo_image_surface_get_height (b))
    return G_MAXUINT;
  guint differ = 0;
  for (int y = 0; y < h; y++)
    {
      const guint32 *ra = (const guint32 *)(cairo_image_surface_get_data (a)
                                            + y * cairo_image_surface_get_stride (a));
      const guint32 *rb = (const guint32 *)(cairo_image_surface_get_data (b)
                                            + y * cairo_image_surface_get_stride (b));
      for (int x = 0; x < w; x++)
        differ += ra[x] != rb[x];
    }
  return differ;
}

/* The canonical XML of a file (xmllint --c14n), as lines. */
static char **
canonical_lines (const char *path)
{
  const char *argv[] = { "xmllint", "--c14n", path, NULL };
  g_autofree char *out = NULL;
  int status = 0;
  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out,
                               NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return g_strsplit (out, "\n", -1);
}

/* ---- saving without edits ---------------------------------------------------- */

static void
collect_svg (const char *directory, GPtrArray *files)
{
  g_autoptr (GDir) dir = g_dir_open (directory, 0, NULL);
  if (dir == NULL)
    return;
  for (const char *name; (name = g_dir_read_name (dir)) != NULL;)
    {
      g_autofree char *path = g_build_filename (directory, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect_svg (path, files);
      else if (g_str_has_suffix (name, ".svg"))
        g_ptr_array_add (files, g_steal_pointer (&path));
    }
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

/* 1: every file of the corpus (resvg's shapes and structure tests) and the Inkscape files in
 * tests/data, saved with no edits, renders in rsvg-convert exactly as the original, pixel for
 * pixel, and keeps every id. A file the reader refuses is named with its reason (it cannot be
 * opened, so it cannot be saved either). */
static void
test_save_renders_the_same (void)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  const char *corpus = g_getenv ("CAROM_SVG_CORPUS");
  g_assert_nonnull (corpus);
  collect_svg (corpus, files);
  g_assert_cmpuint (files->len, >, 100);
  g_ptr_array_sort (files, compare_strings);
  const char *ours[] = { "foreign.svg", "inkscape-room.svg", "inkscape-layers.svg",
                         "inkscape-carom.svg", "inkscape-style.svg" };
  for (gsize i = 0; i < G_N_ELEMENTS (ours); i++)
    g_ptr_array_add (files, source_path ("tests", "data", ours[i], NULL));
  g_autofree char *rsvg = g_find_program_in_path ("rsvg-convert");
  if (rsvg == NULL)
    {
      g_test_skip ("no rsvg-convert");
      return;
    }

  g_autofree char *dir = g_dir_make_tmp ("carom-keep-XXXXXX", NULL);
  g_autofree char *saved = g_build_filename (dir, "saved.svg", NULL);
  g_autofree char *png_a = g_build_filename (dir, "a.png", NULL);
  g_autofree char *png_b = g_build_filename (dir, "b.png", NULL);
  guint compared = 0, refused = 0, unrendered = 0, same_bytes = 0;
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr (GError) error = NULL;
      g_autoptr (CmScene) scene = carom_svg_read_file (path, NULL, NULL, &error);
      if (scene == NULL)
        {
          g_test_message ("not read (so not saved): %s: %s", path, error->message);
          refused++;
          continue;
        }
      g_assert_null (carom_svg_get_losses (scene));
      g_assert_true (carom_svg_write_file (scene, saved, &error));
      g_assert_no_error (error);

      g_autofree char *original = NULL, *written = NULL;
      gsize original_length = 0, written_length = 0;
      g_assert_true (g_file_get_contents (path, &original, &original_length, NULL));
      g_assert_true (g_file_get_contents (saved, &written, &written_length, NULL));
      /* With no edit, the same bytes. */
      if (written_length != original_length || memcmp (original, written, original_length) != 0)
        g_error ("%s: saved with no edit, the bytes changed", path);
      same_bytes++;
      g_autoptr (GPtrArray) ids_before = collect_ids (original);
      g_autoptr (GPtrArray) ids_after = collect_ids (written);
      for (guint k = 0; k < ids_before->len; k++)
        if (!has_string (ids_after, g_ptr_array_index (ids_before, k)))
          g_error ("%s: id “%s” lost on save", path, (char *)g_ptr_array_index (ids_before, k));

      cairo_surface_t *a = render (path, png_a);
      cairo_surface_t *b = render (saved, png_b);
      if (a == NULL)
        {
          /* rsvg-convert draws nothing for it (a broken file by design): nor may the copy. */
          g_test_message ("rsvg-convert cannot render %s", path);
          g_assert_null (b);
          unrendered++;
          continue;
        }
      g_assert_nonnull (b);
      guint differ = count_different_pixels (a, b);
      if (differ != 0)
        g_error ("%s: %u pixels differ after saving", path, differ);
      compared++;
      cairo_surface_destroy (a);
      cairo_surface_destroy (b);
    }
  g_test_message ("%u files saved with no edit give the same bytes; %u render the same; %u not "
                  "read; %u not rendered by rsvg-convert",
                  same_bytes, compared, refused, unrendered);
  g_assert_cmpuint (same_bytes, ==, files->len - refused);
  g_assert_cmpuint (compared, >=, G_N_ELEMENTS (ours));
  g_remove (saved);
  g_remove (png_a);
  g_remove (png_b);
  g_rmdir (dir);
}

/* 2: a foreign file keeps, in place, what Carom does not model: comments, the title, an open
 * path, text, defs, foreign namespaces, processing instructions, the DOCTYPE, CDATA. */
static void
test_foreign_nodes_kept (void)
{
  const char *svg
      = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
        "\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n"
        "<!-- drawn elsewhere -->\n"
        "<?xml-stylesheet href=\"s.css\" type=\"text/css\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:ink=\"urn:ink\" viewBox=\"0 0 100 "
        "100\" ink:version=\"1\">\n"
        "  <title>A &amp; B</title>\n"
        "  <defs><linearGradient id=\"g\"><stop offset=\"0\" stop-color=\"red\"/>"
        "</linearGradient></defs>\n"
        "  <ink:thing a=\"1\"><ink:child/></ink:thing>\n"
        "  <rect id=\"frame\" x=\"0\" y=\"0\" width=\"100\" height=\"100\" fill=\"none\" "
        "stroke=\"#3584e4\"/>\n"
        "  <path id=\"curve\" d=\"M 10 10 C 20 0 30 20 40 10\" fill=\"none\" stroke=\"red\"/>\n"
        "  <text x=\"5\" y=\"5\"><![CDATA[a < b]]></text>\n"
        "</svg>\n"
        "<!-- after -->\n";
  g_autoptr (CmScene) scene = read_string (svg, NULL);
  g_assert_cmpuint (scene->objects->len, ==, 1);
  g_autofree char *written = write_string (scene);
  /* The XML declaration is written anew (UTF-8, the only encoding Carom writes): the rest is
   * the same text. */
  g_assert_cmpstr (written, ==, svg);
}

/* 3: open → move one object → save: every other node is unchanged (the canonical XML of both,
 * as xmllint --c14n writes it, differs only in the moved rect's x and y, and the declaration of
 * Carom's namespace on the root). A rect moved stays a rect. */
static void
test_move_one_object (void)
{
  g_autofree char *path = source_path ("tests", "data", "foreign.svg", NULL);
  g_autoptr (CmScene) scene = read_test_file ("foreign.svg");
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  guint index = find_index (scene, "room");
  CaromMatrix move = carom_matrix_translate (cg_v2 (3.0, -2.0));
  g_assert_true (carom_edit_transform (history, scene, &index, 1, NULL, &move, "Move", NULL, NULL));

  g_autofree char *dir = g_dir_make_tmp ("carom-keep-XXXXXX", NULL);
  g_autofree char *saved = g_build_filename (dir, "moved.svg", NULL);
  g_assert_true (carom_svg_write_file (scene, saved, NULL));
  g_auto (GStrv) before = canonical_lines (path);
  g_auto (GStrv) after = canonical_lines (saved);
  g_assert_cmpuint (g_strv_length (before), ==, g_strv_length (after));
  guint changed = 0;
  for (guint i = 0; before[i] != NULL; i++)
    {
      if (strcmp (before[i], after[i]) == 0)
        continue;
      changed++;
      if (g_str_has_prefix (before[i], "<svg "))
        {
          /* Carom's namespace, declared where its attributes are used. */
          g_autofree char *expected = g_strdup (before[i]);
          g_assert_nonnull (strstr (after[i], " xmlns:carom=\"urn:carom:scene:1\""));
          g_autoptr (GString) without = g_string_new (after[i]);
          g_string_replace (without, " xmlns:carom=\"urn:carom:scene:1\"", "", 1);
          g_assert_cmpstr (without->str, ==, expected);
          continue;
        }
      g_assert_nonnull (strstr (before[i], "id=\"room\""));
      g_assert_true (g_str_has_prefix (after[i], "    <rect "));
      g_assert_nonnull (strstr (after[i], " x=\"13\" y=\"8\""));
      g_assert_nonnull (strstr (after[i], " carom:role=\"wall\""));
      /* c14n sorts the attributes: apart from x, y and carom:role (and Carom's
       * namespace, declared on the element), the same line. */
      g_autoptr (GRegex) moved
          = g_regex_new (" (x|y|carom:role|xmlns:carom)=\"[^\"]*\"", 0, 0, NULL);
      g_autofree char *a = g_regex_replace_literal (moved, before[i], -1, 0, "", 0, NULL);
      g_autofree char *b = g_regex_replace_literal (moved, after[i], -1, 0, "", 0, NULL);
      g_assert_cmpstr (a, ==, b);
    }
  /* The room's line alone: the root stays as it was. */
  g_assert_cmpuint (changed, ==, 1);

  /* It reads back as the moved scene. */
  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) again = carom_svg_read_file (saved, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (again->objects->len, ==, scene->objects->len);
  for (guint i = 0; i < scene->objects->len; i++)
    g_assert_true (cm_object_equal (g_ptr_array_index (scene->objects, i),
                                    g_ptr_array_index (again->objects, i)));
  g_remove (saved);
  g_rmdir (dir);
}

/* 4: an edited object inside transformed groups is written in its own user units: the
 * transforms stay, its style and children stay, and it reads back where it was moved to. A
 * ball under a rotation and scale too. */
static void
test_edit_under_transforms (void)
{
  const char *svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:carom=\"urn:carom:scene:1\" "
                    "viewBox=\"0 0 100 100\">\n"
                    "  <g transform=\"translate(10 20) scale(2)\">\n"
                    "    <polygon id=\"post\" class=\"a\" transform=\"rotate(30)\" "
                    "points=\"0,0 10,0 10,5 0,5\" fill=\"#123456\"><title>post</title></polygon>\n"
                    "    <circle carom:role=\"ball\" id=\"b\" cx=\"1\" cy=\"2\" r=\"3\" "
                    "carom:direction=\"1 0\" transform=\"rotate(90)\" stroke=\"red\"/>\n"
                    "  </g>\n"
                    "</svg>\n";
  g_autoptr (CmScene) scene = read_string (svg, NULL);
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  guint indices[2] = { find_index (scene, "post"), find_index (scene, "b") };
  CaromMatrix move = carom_matrix_translate (cg_v2 (5.0, 7.0));
  g_assert_true (
      carom_edit_transform (history, scene, indices, 2, NULL, &move, "Move", NULL, NULL));
  g_autofree char *written = write_string (scene);
  g_assert_nonnull (strstr (written, "<g transform=\"translate(10 20) scale(2)\">"));
  /* Its attributes where they were, the new role after the first of them. */
  g_assert_nonnull (strstr (written, "<polygon id=\"post\" carom:role=\"obstacle\" class=\"a\" "
                                     "transform=\"rotate(30)\" points=\""));
  g_assert_nonnull (strstr (written, "\" fill=\"#123456\"><title>post</title></polygon>"));
  g_assert_nonnull (strstr (written, "transform=\"rotate(90)\" stroke=\"red\"/>"));

  g_autoptr (CmScene) again = read_string (written, NULL);
  g_assert_cmpuint (again->objects->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const CmObject *a = g_ptr_array_index (scene->objects, i);
      const CmObject *b = g_ptr_array_index (again->objects, i);
      g_assert_cmpstr (a->id, ==, b->id);
      if (a->kind == CM_OBJECT_BALL)
        {
          g_assert_cmpfloat_with_epsilon (a->center.x, b->center.x, 1e-9);
          g_assert_cmpfloat_with_epsilon (a->center.y, b->center.y, 1e-9);
          g_assert_cmpfloat_with_epsilon (a->radius, b->radius, 1e-9);
          g_assert_cmpfloat_with_epsilon (a->direction.x, b->direction.x, 1e-9);
          g_assert_cmpfloat_with_epsilon (a->direction.y, b->direction.y, 1e-9);
        }
      else
        {
          g_assert_cmpuint (a->n_points, ==, b->n_points);
          for (size_t k = 0; k < a->n_points; k++)
            {
              g_assert_cmpfloat_with_epsilon (a->points[k].x, b->points[k].x, 1e-9);
              g_assert_cmpfloat_with_epsilon (a->points[k].y, b->points[k].y, 1e-9);
            }
        }
    }
}

/* 4b: a name placed by hand changes only carom:label-offset: a rotated <rect> stays the
 * same <rect>, its attributes in their order, the offset in its own user units; placed
 * again, the attribute is replaced; set back to automatic, it goes and the element is what
 * it was. */
static void
test_label_moved_only (void)
{
  const char *svg
      = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:carom=\"urn:carom:scene:1\" "
        "viewBox=\"0 0 100 100\">\n"
        "  <rect carom:role=\"obstacle\" id=\"post\" x=\"-32.5\" y=\"-96.650635\" "
        "width=\"40\" height=\"150\" style=\"fill:#9a9996\" transform=\"rotate(90)\"/>\n"
        "</svg>\n";
  const char *rect = "<rect carom:role=\"obstacle\" id=\"post\" x=\"-32.5\" y=\"-96.650635\" "
                     "width=\"40\" height=\"150\" style=\"fill:#9a9996\" transform=\"rotate(90)\"";
  g_autoptr (CmScene) scene = read_string (svg, NULL);
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  guint index = find_index (scene, "post");
  carom_edit_set_label_offset (history, scene, index, TRUE, cg_v2 (-16.5, 72.0), NULL);
  g_autofree char *written = write_string (scene);
  /* rotate(90) takes (x, y) in its units to (-y, x): the scene's (-16.5, 72) is (72, 16.5). */
  g_autofree char *expected = g_strconcat (rect, " carom:label-offset=\"72 16.5\"/>", NULL);
  g_assert_nonnull (strstr (written, expected));
  g_autoptr (CmScene) again = read_string (written, NULL);
  const CmObject *o = g_ptr_array_index (again->objects, find_index (again, "post"));
  g_assert_true (o->label_placed);
  g_assert_cmpfloat_with_epsilon (o->label_offset.x, -16.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (o->label_offset.y, 72.0, 1e-12);

  /* Placed again in the file read back: one attribute, the new offset. */
  g_autoptr (CaromHistory) history2 = carom_history_new (again);
  index = find_index (again, "post");
  carom_edit_set_label_offset (history2, again, index, TRUE, cg_v2 (0.0, -10.0), NULL);
  g_autofree char *rewritten = write_string (again);
  g_autofree char *expected2 = g_strconcat (rect, " carom:label-offset=\"-10 0\"/>", NULL);
  g_assert_nonnull (strstr (rewritten, expected2));
  g_assert_null (strstr (rewritten, "72 16.5"));

  /* Automatic again: the element as it first was. */
  carom_edit_set_label_offset (history2, again, index, FALSE, cg_v2 (0.0, 0.0), NULL);
  g_autofree char *reset = write_string (again);
  g_autofree char *expected3 = g_strconcat (rect, "/>", NULL);
  g_assert_nonnull (strstr (reset, expected3));
  g_assert_null (strstr (reset, "label-offset"));
}

/* 5: deleting an object removes its element (and only it); a new object goes at the end of
 * the root; deleting one subpath of a path keeps the others in its d. */
static void
test_delete_and_add (void)
{
  const char *svg
      = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\">\n"
        "  <!-- keep me -->\n"
        "  <g id=\"layer\">\n"
        "    <rect id=\"gone\" x=\"1\" y=\"1\" width=\"5\" height=\"5\"><desc>d</desc></rect>\n"
        "    <path id=\"p\" d=\"M 10 10 h 5 v 5 h -5 z M 30 30 h 5 v 5 h -5 z\"/>\n"
        "  </g>\n"
        "</svg>\n";
  g_autoptr (CmScene) scene = read_string (svg, NULL);
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  guint indices[2] = { find_index (scene, "gone"), find_index (scene, "p") };
  carom_edit_delete (history, scene, indices, 2, "Delete");
  CgVec2 square[4] = { { 50, 50 }, { 60, 50 }, { 60, 60 }, { 50, 60 } };
  g_assert_cmpint (carom_edit_add (history, scene,
                                   cm_object_new_polygon (NULL, CG_ROLE_OBSTACLE, square, 4), "Add",
                                   NULL, NULL),
                   >=, 0);
  g_autofree char *written = write_string (scene);
  g_assert_null (strstr (written, "gone"));
  g_assert_null (strstr (written, "<desc>"));
  g_assert_nonnull (strstr (written, "<!-- keep me -->"));
  /* Carom's namespace on what is written anew (the root stays as it was). */
  g_assert_nonnull (strstr (written, "<path id=\"p-2\" xmlns:carom=\"urn:carom:scene:1\" "
                                     "carom:role=\"obstacle\" d=\"M 30,30 L "));
  g_autofree char *tail = g_strdup (strstr (written, "  </g>\n"));
  g_assert_true (g_str_has_prefix (
      tail, "  </g>\n  <polygon xmlns:carom=\"urn:carom:scene:1\" carom:role=\"obstacle\""));
  g_assert_true (g_str_has_suffix (tail, "/>\n</svg>\n"));

  g_autoptr (CmScene) again = read_string (written, NULL);
  g_assert_cmpuint (again->objects->len, ==, 2);
  /* Undo brings the elements back as they were. */
  g_assert_true (carom_history_undo (history));
  g_assert_true (carom_history_undo (history));
  g_autofree char *undone = write_string (scene);
  g_assert_cmpstr (undone, ==, svg);
}

/* 6: Carom's own scenes still round-trip byte for byte, and so does one with a comment in it
 * (then kept as a foreign file: the comment stays, the objects are as Carom writes them). */
static void
test_native_round_trip (void)
{
  const char *native
      = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:carom=\"urn:carom:scene:1\" "
        "viewBox=\"0 0 10 10\">\n"
        "  <polygon carom:role=\"wall\" id=\"room\" points=\"0,0 0,10 10,10 10,0\"/>\n"
        "  <circle carom:role=\"ball\" id=\"ball\" cx=\"5\" cy=\"5\" r=\"1\" "
        "carom:direction=\"1 0\"/>\n"
        "</svg>\n";
  g_autoptr (CmScene) first = read_string (native, NULL);
  g_autofree char *written = write_string (first);
  /* Unchanged: its bytes, not rewritten in Carom's form. */
  g_assert_cmpstr (written, ==, native);
  g_autoptr (CmScene) second = read_string (written, NULL);
  g_autofree char *again = write_string (second);
  g_assert_cmpstr (written, ==, again);

  g_autofree char *commented = g_strdup (again);
  g_autoptr (GString) with_comment = g_string_new (again);
  g_string_replace (with_comment, "  <polygon", "  <!-- the room -->\n  <polygon", 1);
  g_autoptr (CmScene) third = read_string (with_comment->str, NULL);
  g_autofree char *kept = write_string (third);
  g_assert_cmpstr (kept, ==, with_comment->str);
  g_autoptr (CmScene) fourth = read_string (kept, NULL);
  g_autofree char *kept_again = write_string (fourth);
  g_assert_cmpstr (kept, ==, kept_again);
}

/* 7: what cannot be kept is named: Carom's own drawing for the diagram (it is drawn again by
 * Export) and declarations inside the DOCTYPE. Anything else keeps nothing back. */
static void
test_losses_named (void)
{
  g_autoptr (CmScene) plain = read_test_file ("foreign.svg");
  g_assert_null (carom_svg_get_losses (plain));

  const char *generated
      = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:carom=\"urn:carom:scene:1\">"
        "<rect x=\"0\" y=\"0\" width=\"9\" height=\"9\" fill=\"none\"/>"
        "<g carom:generated=\"true\"><path d=\"M 0 0 L 1 1\"/></g></svg>";
  g_autoptr (CmScene) scene = read_string (generated, NULL);
  const GPtrArray *losses = carom_svg_get_losses (scene);
  g_assert_nonnull (losses);
  g_assert_cmpuint (losses->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (losses, 0), "carom:generated"));

  const char *doctype = "<!DOCTYPE svg [ <!ATTLIST svg a CDATA #IMPLIED> ]>\n"
                        "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>t</title></svg>";
  g_autoptr (CmScene) declared = read_string (doctype, NULL);
  losses = carom_svg_get_losses (declared);
  g_assert_nonnull (losses);
  g_assert_nonnull (strstr (g_ptr_array_index (losses, 0), "DOCTYPE"));
}

/* 8: a root with a prefix (svg:svg) and a carom prefix bound to something else: new objects
 * still land in SVG's namespace with Carom's attributes in Carom's, and read back. */
static void
test_prefixes (void)
{
  const char *svg = "<svg:svg xmlns:svg=\"http://www.w3.org/2000/svg\" xmlns:carom=\"urn:other\" "
                    "viewBox=\"0 0 10 10\"><svg:title>t</svg:title></svg:svg>";
  g_autoptr (CmScene) scene = read_string (svg, NULL);
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  CgVec2 square[4] = { { 1, 1 }, { 2, 1 }, { 2, 2 }, { 1, 2 } };
  g_assert_cmpint (carom_edit_add (history, scene,
                                   cm_object_new_polygon ("sq", CG_ROLE_WALL, square, 4), "Add",
                                   NULL, NULL),
                   ==, 0);
  g_autofree char *written = write_string (scene);
  g_assert_nonnull (strstr (written, "<svg:title>t</svg:title>"));
  g_autoptr (CmScene) again = read_string (written, NULL);
  g_assert_cmpuint (again->objects->len, ==, 1);
  g_assert_true (cm_object_equal (g_ptr_array_index (scene->objects, 0),
                                  g_ptr_array_index (again->objects, 0)));
}

/* The role each object got, as "id:role id:role". */
static char *
roles_of (const CmScene *scene)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *o = g_ptr_array_index (scene->objects, i);
      g_string_append_printf (out, "%s%s:%s", i > 0 ? " " : "", o->id, cm_object_role_name (o));
    }
  return g_string_free (out, FALSE);
}

/* 9: a file styled only by classes, as vector editors export it: the unfilled frame is a wall,
 * the filled shapes obstacles; and the file is written back as it was. */
static void
test_styled_by_classes (void)
{
  const char *svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\">\n"
                    "  <defs><style type=\"text/css\">\n"
                    "    .st0{fill:none;stroke:#000000;stroke-miterlimit:10;}\n"
                    "    .st1{fill:#1D71B8;}\n"
                    "  </style></defs>\n"
                    "  <rect id=\"frame\" class=\"st0\" x=\"1\" y=\"1\" width=\"98\" "
                    "height=\"98\"/>\n"
                    "  <polygon id=\"tri\" class=\"st1\" points=\"20,20 40,20 30,40\"/>\n"
                    "  <circle id=\"dot\" cx=\"70\" cy=\"70\" r=\"5\"/>\n"
                    "</svg>\n";
  g_autoptr (CmScene) scene = read_string (svg, NULL);
  g_autofree char *roles = roles_of (scene);
  g_assert_cmpstr (roles, ==, "frame:wall tri:obstacle dot:obstacle");
  g_autofree char *written = write_string (scene);
  g_assert_nonnull (strstr (written, ".st0{fill:none;stroke:#000000;stroke-miterlimit:10;}"));
}

/* 10: the cascade as browsers apply it: presentation attributes below sheets below the style
 * attribute; !important; id over class over type; later over earlier; descendant and universal
 * selectors and comma lists; a rule with a selector Carom cannot read is dropped whole (as a
 * browser drops it); visibility:hidden skips a shape without carom:role. */
static void
test_cascade (void)
{
  const char *svg
      = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\">\n"
        "  <style>\n"
        "    /* a comment */ @import url(x.css);\n"
        "    rect { fill: none }\n"
        "    .solid, #forced { fill: red }\n"
        "    g.room rect { fill: none }\n"
        "    #keep { fill: blue !important }\n"
        "    * .ghost { visibility: hidden }\n"
        "    rect > .child, rect { fill: green }\n"
        "    @media print { rect { fill: red } }\n"
        "  </style>\n"
        "  <rect id=\"a\" x=\"0\" y=\"0\" width=\"5\" height=\"5\" fill=\"red\"/>\n"
        "  <rect id=\"b\" class=\"solid\" x=\"10\" y=\"0\" width=\"5\" height=\"5\"/>\n"
        "  <rect id=\"c\" class=\"solid\" style=\"fill:none\" x=\"20\" y=\"0\" width=\"5\" "
        "height=\"5\"/>\n"
        "  <g class=\"room\"><rect id=\"d\" class=\"solid\" x=\"30\" y=\"0\" width=\"5\" "
        "height=\"5\"/></g>\n"
        "  <rect id=\"keep\" style=\"fill:none\" x=\"40\" y=\"0\" width=\"5\" height=\"5\"/>\n"
        "  <polygon id=\"forced\" fill=\"none\" points=\"50,0 55,0 55,5\"/>\n"
        "  <g><rect id=\"ghost\" class=\"ghost\" x=\"60\" y=\"0\" width=\"5\" height=\"5\"/></g>\n"
        "  <g class=\"ghost\"><rect id=\"shown\" style=\"visibility:visible\" x=\"70\" y=\"0\" "
        "width=\"5\" height=\"5\"/></g>\n"
        "</svg>\n";
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CmScene) scene = read_string (svg, &summary);
  g_autofree char *roles = roles_of (scene);
  /* a: the sheet's "rect {fill:none}" beats the attribute; b: .solid beats rect; c: style beats
   * the sheet; d: "g.room rect" (1 class, 2 types) beats ".solid" (1 class); keep: !important
   * beats style; forced: the id's rule beats the attribute. */
  g_assert_cmpstr (roles, ==,
                   "a:wall b:obstacle c:wall d:wall keep:obstacle forced:obstacle shown:wall");
  gboolean noted = FALSE;
  for (guint i = 0; i < summary->len; i++)
    noted = noted || strstr (g_ptr_array_index (summary, i), "visibility:hidden") != NULL;
  g_assert_true (noted);
}

/* 11: a <use> of a polygon imports as an obstacle where it is drawn (x, y and its transform),
 * filled as the <use> says; of a group, each shape; of a symbol too; the <use> is written back
 * as the same <use>; editing its object turns it into a <g> holding the object, keeping the
 * <use>'s class and transform, and the file reads back the same. */
static void
test_use (void)
{
  const char *svg
      = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
        "viewBox=\"0 0 200 200\">\n"
        "  <defs>\n"
        "    <polygon id=\"tri\" points=\"0,0 10,0 0,10\"/>\n"
        "    <g id=\"pair\"><rect x=\"0\" y=\"0\" width=\"4\" height=\"4\"/>"
        "<rect x=\"10\" y=\"0\" width=\"4\" height=\"4\" fill=\"none\"/></g>\n"
        "    <symbol id=\"sym\"><circle cx=\"0\" cy=\"0\" r=\"3\"/></symbol>\n"
        "  </defs>\n"
        "  <use id=\"u1\" class=\"k\" xlink:href=\"#tri\" x=\"100\" y=\"50\" "
        "transform=\"scale(2)\"/>\n"
        "  <use href=\"#pair\" x=\"20\" y=\"20\" fill=\"none\"/>\n"
        "  <use id=\"s\" href=\"#sym\" x=\"150\" y=\"150\"/>\n"
        "  <use href=\"#nowhere\"/>\n"
        "</svg>\n";
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CmScene) scene = read_string (svg, &summary);
  g_autofree char *roles = roles_of (scene);
  /* The pair is filled none by the <use>: both rects are walls. */
  g_assert_cmpstr (roles, ==, "u1:obstacle wall-1:wall wall-2:wall s:obstacle");
  const CmObject *tri = g_ptr_array_index (scene->objects, 0);
  g_assert_cmpuint (tri->n_points, ==, 3);
  CgAabb box = cg_aabb_empty ();
  for (size_t k = 0; k < tri->n_points; k++)
    box = cg_aabb_add_point (box, tri->points[k]);
  /* scale(2) · translate(100, 50): (200, 100) to (220, 120). */
  g_assert_cmpfloat (box.lo.x, ==, 200);
  g_assert_cmpfloat (box.lo.y, ==, 100);
  g_assert_cmpfloat (box.hi.x, ==, 220);
  g_assert_cmpfloat (box.hi.y, ==, 120);
  gboolean noted = FALSE;
  for (guint i = 0; i < summary->len; i++)
    noted = noted || strstr (g_ptr_array_index (summary, i), "<use>") != NULL;
  g_assert_true (noted);

  g_autofree char *written = write_string (scene);
  g_assert_cmpstr (written, ==, svg);

  /* Edit the clone: it becomes a copy in a <g>, where it was. */
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  guint index = 0;
  CaromMatrix move = carom_matrix_translate (cg_v2 (-20.0, 0.0));
  g_assert_true (carom_edit_transform (history, scene, &index, 1, NULL, &move, "Move", NULL, NULL));
  g_autofree char *edited = write_string (scene);
  g_assert_nonnull (strstr (edited,
                            "<g xmlns:carom=\"urn:carom:scene:1\" class=\"k\" "
                            "transform=\"scale(2)\"><polygon xmlns:carom=\"urn:carom:scene:1\" "
                            "carom:role=\"obstacle\" id=\"u1\" points=\""));
  g_assert_null (strstr (edited, "#tri\" x=\"100\""));
  g_assert_nonnull (strstr (edited, "<use href=\"#pair\""));
  g_autoptr (CmScene) again = read_string (edited, NULL);
  g_assert_cmpuint (again->objects->len, ==, scene->objects->len);
  const CmObject *moved = g_ptr_array_index (again->objects, 0);
  g_assert_cmpstr (moved->id, ==, "u1");
  for (size_t k = 0; k < moved->n_points; k++)
    {
      g_assert_cmpfloat_with_epsilon (
          moved->points[k].x,
          ((const CmObject *)g_ptr_array_index (scene->objects, 0))->points[k].x, 1e-9);
      g_assert_cmpfloat_with_epsilon (
          moved->points[k].y,
          ((const CmObject *)g_ptr_array_index (scene->objects, 0))->points[k].y, 1e-9);
    }
}

/* 12: clones of clones are bounded: a <use> bomb (each level drawing the one below ten times)
 * stops at the element limit with a message, and a <use> cannot draw itself or what it is in. */
static void
test_use_bounded (void)
{
  GString *svg = g_string_new ("<svg xmlns=\"http://www.w3.org/2000/svg\"><defs>"
                               "<polygon id=\"l0\" points=\"0,0 1,0 0,1\"/>");
  for (int level = 1; level <= 8; level++)
    {
      g_string_append_printf (svg, "<g id=\"l%d\">", level);
      for (int k = 0; k < 10; k++)
        g_string_append_printf (svg, "<use href=\"#l%d\"/>", level - 1);
      g_string_append (svg, "</g>");
    }
  g_string_append (svg, "</defs><use href=\"#l8\"/>"
                        "<g id=\"self\"><use href=\"#self\"/></g></svg>");
  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) scene = carom_svg_read_memory (svg->str, svg->len, NULL, NULL, &error);
  g_assert_null (scene);
  g_assert_error (error, CAROM_SVG_ERROR, CAROM_SVG_ERROR_LIMIT);
  g_string_free (svg, TRUE);

  const char *self = "<svg xmlns=\"http://www.w3.org/2000/svg\">"
                     "<g id=\"self\"><rect width=\"5\" height=\"5\"/><use href=\"#self\"/></g>"
                     "</svg>";
  g_autoptr (CmScene) one = read_string (self, NULL);
  g_assert_cmpuint (one->objects->len, ==, 1);
}

/* Lines of text (split at "\n"). */
static char **
lines_of (const char *text)
{
  return g_strsplit (text, "\n", -1);
}

/* 14: an Inkscape file (one attribute a line, blank lines between elements,
 * standalone="no", a reference in its text) with one object moved: only the
 * lines of that element change, and Carom's namespace is declared on it,
 * not on the root. */
static void
test_edit_changes_its_lines (void)
{
  g_autofree char *path = source_path ("tests", "data", "inkscape-style.svg", NULL);
  g_autofree char *original = NULL;
  g_assert_true (g_file_get_contents (path, &original, NULL, NULL));
  g_autoptr (CmScene) scene = read_test_file ("inkscape-style.svg");
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  guint index = find_index (scene, "post");
  CaromMatrix move = carom_matrix_translate (cg_v2 (10.0, 0.0));
  g_assert_true (carom_edit_transform (history, scene, &index, 1, NULL, &move, "Move", NULL, NULL));
  g_autofree char *dir = g_dir_make_tmp ("carom-keep-XXXXXX", NULL);
  g_autofree char *saved = g_build_filename (dir, "moved.svg", NULL);
  g_assert_true (carom_svg_write_file (scene, saved, NULL));
  g_autofree char *written = NULL;
  g_assert_true (g_file_get_contents (saved, &written, NULL, NULL));

  /* The lines before and after the post's element are the same. */
  g_auto (GStrv) before = lines_of (original);
  g_auto (GStrv) after = lines_of (written);
  guint nb = g_strv_length (before), na = g_strv_length (after);
  guint head = 0, tail = 0;
  while (head < nb && head < na && strcmp (before[head], after[head]) == 0)
    head++;
  while (tail < nb - head && tail < na - head
         && strcmp (before[nb - 1 - tail], after[na - 1 - tail]) == 0)
    tail++;
  /* In the original: lines head .. nb - tail - 1 changed; they lie within
   * the post's <rect …/>, nothing else. */
  guint id_line = 0;
  while (id_line < nb && strstr (before[id_line], "id=\"post\"") == NULL)
    id_line++;
  guint open = id_line, close = id_line;
  while (open > 0 && strstr (before[open], "<rect") == NULL)
    open--;
  while (close < nb && strstr (before[close], "/>") == NULL)
    close++;
  g_assert_cmpuint (head, >=, open);
  g_assert_cmpuint (nb - tail - 1, <=, close);
  g_assert_cmpuint (na - tail - head, <=, nb - tail - head + 2); /* its namespace, its role */
  /* The written element: the post, moved, with Carom's namespace on it. */
  g_autoptr (GString) changed = g_string_new (NULL);
  for (guint i = head; i < na - tail; i++)
    g_string_append (changed, after[i]);
  g_assert_nonnull (strstr (changed->str, "x=\"109\""));
  g_assert_nonnull (strstr (changed->str, "xmlns:carom="));
  g_assert_null (strstr (written, "<svg xmlns:carom"));
  g_test_message ("one object moved: %u lines of %u replaced by %u", nb - tail - head, nb,
                  na - tail - head);
  g_remove (saved);
  g_rmdir (dir);
}

/* 15: what a file has and Carom's writer does not make, kept byte for byte
 * with no edit and around an edit: a BOM, CRLF line ends, a declared
 * encoding other than UTF-8 (with a Latin-1 byte in a comment), single
 * quotes, character and entity references, attributes over several lines. */
static void
test_bytes_kept (void)
{
  static const char *const files[] = {
    "\xef\xbb\xbf<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n"
    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\">\r\n"
    "  <rect id='room' x='0' y='0' width='100' height='100' fill='none'/>\r\n"
    "  <rect\r\n     id=\"post\"\r\n     x=\"40\" y=\"40\" width=\"10\" height=\"10\" />\r\n"
    "</svg>\r\n",
    "<?xml version='1.0' encoding='ISO-8859-1' standalone='no'?>\n"
    "<!-- caf\xe9 -->\n"
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'>\n\n"
    "  <title>A &amp; B &#x263A;</title>\n\n"
    "  <rect id='room' x='0' y='0' width='100' height='100' fill='none'/>\n"
    "  <polygon id='post' points='40,40 50,40 50,50'/>\n"
    "</svg>",
  };
  g_autofree char *dir = g_dir_make_tmp ("carom-keep-XXXXXX", NULL);
  g_autofree char *in = g_build_filename (dir, "in.svg", NULL);
  g_autofree char *out = g_build_filename (dir, "out.svg", NULL);
  for (gsize f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_assert_true (g_file_set_contents (in, files[f], -1, NULL));
      g_autoptr (GError) error = NULL;
      g_autoptr (CmScene) scene = carom_svg_read_file (in, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (carom_svg_write_file (scene, out, &error));
      g_autofree char *same = NULL;
      g_assert_true (g_file_get_contents (out, &same, NULL, NULL));
      g_assert_cmpstr (same, ==, files[f]);

      /* Moved: the rest stays as it was. */
      g_autoptr (CaromHistory) history = carom_history_new (scene);
      guint index = find_index (scene, "post");
      CaromMatrix move = carom_matrix_translate (cg_v2 (5.0, 0.0));
      g_assert_true (
          carom_edit_transform (history, scene, &index, 1, NULL, &move, "Move", NULL, NULL));
      g_assert_true (carom_svg_write_file (scene, out, &error));
      g_autofree char *moved = NULL;
      g_assert_true (g_file_get_contents (out, &moved, NULL, NULL));
      const char *post = strstr (files[f], "<rect\r\n") != NULL ? strstr (files[f], "<rect\r\n")
                                                                : strstr (files[f], "<polygon");
      gsize prefix = (gsize)(post - files[f]);
      g_assert_cmpint (strncmp (moved, files[f], prefix), ==, 0);
      const char *rest = strstr (post, "/>") + 2;
      g_assert_true (g_str_has_suffix (moved, rest));
      g_autoptr (CmScene) back = carom_svg_read_file (out, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (back->objects->len, ==, scene->objects->len);
    }
  g_remove (in);
  g_remove (out);
  g_rmdir (dir);
}

/* 16: a shape drawn otherwise than Carom traces it is named in the summary
 * with what Carom does: clipped (by itself or a group) and masked. */
static void
test_reinterpretation_named (void)
{
  const char *svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\">"
                    "<defs><clipPath id=\"c\"><circle cx=\"50\" cy=\"50\" r=\"20\"/></clipPath>"
                    "</defs><rect x=\"0\" y=\"0\" width=\"100\" height=\"100\" fill=\"none\"/>"
                    "<rect id=\"sq\" x=\"30\" y=\"30\" width=\"40\" height=\"40\" "
                    "clip-path=\"url(#c)\"/>"
                    "<g style=\"mask: url(#m)\"><rect id=\"m1\" x=\"5\" y=\"5\" width=\"5\" "
                    "height=\"5\"/></g>"
                    "<rect id=\"free\" x=\"80\" y=\"80\" width=\"5\" height=\"5\"/>"
                    "<g transform=\"scale(2 1)\"><circle id=\"squashed\" cx=\"20\" cy=\"20\" "
                    "r=\"3\"/></g><circle id=\"round\" cx=\"60\" cy=\"20\" r=\"3\"/></svg>";
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (CmScene) scene = read_string (svg, &summary);
  g_assert_cmpuint (scene->objects->len, ==, 6);
  gboolean clipped = FALSE, masked = FALSE, squashed = FALSE;
  for (guint i = 0; i < summary->len; i++)
    {
      const char *line = g_ptr_array_index (summary, i);
      clipped = clipped
                || (strstr (line, "(sq)") && strstr (line, "clip-path")
                    && strstr (line, "traced whole"));
      masked = masked
               || (strstr (line, "(m1)") && strstr (line, "mask") && strstr (line, "traced whole"));
      squashed = squashed || (strstr (line, "(squashed)") && strstr (line, "straight edges"));
      g_assert_null (strstr (line, "free"));
      g_assert_null (strstr (line, "(round)"));
    }
  g_assert_true (squashed);
  g_assert_true (clipped);
  g_assert_true (masked);
}

/* 17: saved over itself twice, with an edit before each: the second save
 * still writes back byte for byte what did not change (the bytes read are
 * kept from the first save on, since it wrote over them). */
static void
test_saved_twice (void)
{
  g_autofree char *source = source_path ("tests", "data", "inkscape-style.svg", NULL);
  g_autofree char *original = NULL;
  g_assert_true (g_file_get_contents (source, &original, NULL, NULL));
  g_autofree char *dir = g_dir_make_tmp ("carom-keep-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "table.svg", NULL);
  g_assert_true (g_file_set_contents (path, original, -1, NULL));
  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) scene = carom_svg_read_file (path, NULL, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  const char *ids[] = { "post", "room" };
  for (guint round = 0; round < 2; round++)
    {
      guint index = find_index (scene, ids[round]);
      CaromMatrix move = carom_matrix_translate (cg_v2 (1.0, 0.0));
      g_assert_true (
          carom_edit_transform (history, scene, &index, 1, NULL, &move, "Move", NULL, NULL));
      g_assert_true (carom_svg_write_file (scene, path, &error));
      g_assert_no_error (error);
    }
  g_autofree char *written = NULL;
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
  /* Both moved; the caption, the path and the header as they were. */
  g_assert_nonnull (strstr (written, "x=\"100\""));
  g_assert_nonnull (strstr (written, "x=\"11\""));
  g_assert_nonnull (strstr (written, "id=\"caption\">Sinai &amp; friends &#x2014; a table</text>"));
  g_assert_true (g_str_has_prefix (written, "<?xml version=\"1.0\" encoding=\"UTF-8\" "
                                            "standalone=\"no\"?>\n<!-- Created with Inkscape"));
  g_assert_nonnull (strstr (written, "d=\"m 40,30 l 20,0 l 0,15 z\""));
  /* Undone, both: the file's own bytes again. */
  g_assert_true (carom_history_undo (history));
  g_assert_true (carom_history_undo (history));
  g_assert_true (carom_svg_write_file (scene, path, &error));
  g_autofree char *undone = NULL;
  g_assert_true (g_file_get_contents (path, &undone, NULL, NULL));
  g_assert_cmpstr (undone, ==, original);
  g_remove (path);
  g_rmdir (dir);
}

/* 18: an edited <path> in its own idiom: relative data stays relative and
 * Inkscape's node types stay with as many nodes; a vertex more, and they go
 * rather than stay wrong. */
static void
test_path_idiom (void)
{
  g_autoptr (CmScene) scene = read_test_file ("inkscape-style.svg");
  g_autoptr (CaromHistory) history = carom_history_new (scene);
  guint index = find_index (scene, "wedge");
  CaromMatrix move = carom_matrix_translate (cg_v2 (0.0, 5.0));
  g_assert_true (carom_edit_transform (history, scene, &index, 1, NULL, &move, "Move", NULL, NULL));
  g_autofree char *moved = write_string (scene);
  g_assert_nonnull (strstr (moved, "d=\"m 40,35 l 20,0 l 0,15 z\""));
  g_assert_nonnull (strstr (moved, "sodipodi:nodetypes=\"cccc\""));
  g_autoptr (CmScene) back = read_string (moved, NULL);
  const CmObject *a = g_ptr_array_index (scene->objects, index);
  const CmObject *b = g_ptr_array_index (back->objects, find_index (back, "wedge"));
  g_assert_cmpuint (a->n_points, ==, b->n_points);
  g_assert_cmpmem (a->points, a->n_points * sizeof (CgVec2), b->points,
                   b->n_points * sizeof (CgVec2));

  CgVec2 four[4] = { { 40, 35 }, { 60, 35 }, { 60, 50 }, { 45, 48 } };
  g_assert_true (carom_edit_set_points (history, scene, index, four, 4, "Edit", NULL, NULL, NULL));
  g_autofree char *more = write_string (scene);
  g_assert_null (strstr (more, "nodetypes"));
  g_assert_nonnull (strstr (more, "d=\"m "));
}

/* 19: the file's own drawing: the file less every element Carom models —
 * its text and open guide path stay, its walls and obstacles go — drawn by
 * librsvg in scene units: the guide's ink lands where the path is. */
static void
test_file_drawing (void)
{
  g_autofree char *path = source_path ("tests", "data", "inkscape-style.svg", NULL);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_autoptr (GString) with_guide = g_string_new (text);
  g_string_replace (with_guide, "  </g>\n</svg>",
                    "    <path id=\"guide\" d=\"M 20,120 L 180,120\" "
                    "style=\"fill:none;stroke:#0000ff;stroke-width:2\"/>\n  </g>\n</svg>",
                    1);
  g_autoptr (CmScene) scene = read_string (with_guide->str, NULL);
  g_autoptr (GBytes) drawing = carom_svg_scene_underlay (scene);
  g_assert_nonnull (drawing);
  gsize n = 0;
  const char *data = g_bytes_get_data (drawing, &n);
  g_autofree char *svg = g_strndup (data, n);
  g_assert_nonnull (strstr (svg, "id=\"caption\""));
  g_assert_nonnull (strstr (svg, "id=\"guide\""));
  g_assert_nonnull (strstr (svg, "sodipodi:namedview"));
  g_assert_null (strstr (svg, "id=\"post\""));
  g_assert_null (strstr (svg, "id=\"room\""));
  g_assert_null (strstr (svg, "id=\"wedge\""));

  /* Drawn at 2 px a unit: the guide at y = 120 is blue at x = 100, and the
   * post (x 99 to 111, y 54 to 94), not drawn here, leaves white. */
  g_autoptr (CaromUnderlay) underlay = carom_underlay_new (drawing);
  g_assert_nonnull (underlay);
  CaromView view = { .scale = 2.0, .x0 = 0.0, .y0 = 0.0, .width = 440, .height = 320, .pt = 1.0 };
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 440, 320);
  cairo_t *cr = cairo_create (image);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  carom_underlay_draw (underlay, cr, &view, FALSE);
  cairo_destroy (cr);
  cairo_surface_flush (image);
  const guint32 *px = (const guint32 *)cairo_image_surface_get_data (image);
  int stride = cairo_image_surface_get_stride (image) / 4;
  guint32 guide = px[240 * stride + 200], post = px[148 * stride + 210];
  g_assert_cmphex (guide & 0xff, >, 0xc0);         /* blue */
  g_assert_cmphex ((guide >> 16) & 0xff, <, 0x40); /* not red */
  g_assert_cmphex (post & 0xffffff, ==, 0xffffff);
  cairo_surface_destroy (image);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/svg-keep/save-renders-the-same", test_save_renders_the_same);
  g_test_add_func ("/svg-keep/foreign-nodes-kept", test_foreign_nodes_kept);
  g_test_add_func ("/svg-keep/move-one-object", test_move_one_object);
  g_test_add_func ("/svg-keep/edit-under-transforms", test_edit_under_transforms);
  g_test_add_func ("/svg-keep/label-moved-only", test_label_moved_only);
  g_test_add_func ("/svg-keep/delete-and-add", test_delete_and_add);
  g_test_add_func ("/svg-keep/native-round-trip", test_native_round_trip);
  g_test_add_func ("/svg-keep/losses-named", test_losses_named);
  g_test_add_func ("/svg-keep/prefixes", test_prefixes);
  g_test_add_func ("/svg-keep/styled-by-classes", test_styled_by_classes);
  g_test_add_func ("/svg-keep/cascade", test_cascade);
  g_test_add_func ("/svg-keep/use", test_use);
  g_test_add_func ("/svg-keep/use-bounded", test_use_bounded);
  g_test_add_func ("/svg-keep/edit-changes-its-lines", test_edit_changes_its_lines);
  g_test_add_func ("/svg-keep/bytes-kept", test_bytes_kept);
  g_test_add_func ("/svg-keep/reinterpretation-named", test_reinterpretation_named);
  g_test_add_func ("/svg-keep/saved-twice", test_saved_twice);
  g_test_add_func ("/svg-keep/path-idiom", test_path_idiom);
  g_test_add_func ("/svg-keep/file-drawing", test_file_drawing);
  return g_test_run ();
}
