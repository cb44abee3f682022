/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-svg-corpus.c: the SVG reader on files Carom did not write: the shapes and structure tests
 * of resvg's suite (tests/data/svg-corpus/resvg, found through CAROM_SVG_CORPUS, which
 * tests/meson.build sets), each with resvg's rendering as a PNG.
 *
 * 1: every file imports (by the foreign heuristic) or is refused with a message, in bounded
 *    time, without a crash.
 * 2: no silent wrong shape: for every file whose drawing is only filled shapes (besides the
 *    stroked frame every file has), the imported obstacles, filled with cairo through the root's
 *    viewBox → pixel mapping, cover the same pixels as the reference rendering. A mismatch
 *    passes only when the import's summary reported what it skipped or cut short. */
#include <cairo.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "io/carom-svg-private.h"
#include "io/carom-svg.h"

/* The longest one import may take: the biggest file here is a few kB. */
#define MAX_SECONDS_PER_FILE 2.0

/* Pixels whose alpha is at least this count as covered, in both images. */
#define COVERED_ALPHA 128

/* A file matches its reference when the covered pixels agree this well (intersection over
 * union; anti-aliased edges and flattened curves differ by a pixel here and there)... */
#define MIN_IOU 0.95
/* ...or when they differ in no more than this share of all pixels (small shapes). */
#define MAX_DIFFERING_SHARE 0.004

/* Pixels this close to the image's border belong to the frame every file draws. */
#define FRAME_BAND 4

/* Files left out of the comparison, with the reason. Import must still succeed or fail
 * cleanly. */
static const struct
{
  const char *name, *reason;
} excluded[] = {
  { "shapes/rect/q-values.svg", "resvg draws nothing for Q units; Carom reads them as CSS "
                                "defines them (1Q = 0.25 mm), as browsers do" },
};

typedef struct
{
  guint files, imported, refused, compared, matched, explained, excluded;
  GString *failures;
} Tally;

static char *
corpus_root (void)
{
  const char *env = g_getenv ("CAROM_SVG_CORPUS");
  if (env == NULL)
    return NULL;
  char *root = g_build_filename (env, "resvg", NULL);
  if (!g_file_test (root, G_FILE_TEST_IS_DIR))
    {
      g_free (root);
      return NULL;
    }
  return root;
}

static void
collect (const char *directory, GPtrArray *files)
{
  g_autoptr (GDir) dir = g_dir_open (directory, 0, NULL);
  if (dir == NULL)
    return;
  for (const char *name; (name = g_dir_read_name (dir)) != NULL;)
    {
      g_autofree char *path = g_build_filename (directory, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect (path, files);
      else if (g_str_has_suffix (name, ".svg"))
        g_ptr_array_add (files, g_steal_pointer (&path));
    }
}

static const char *
exclusion (const char *path)
{
  for (gsize i = 0; i < G_N_ELEMENTS (excluded); i++)
    if (excluded[i].name != NULL && g_str_has_suffix (path, excluded[i].name))
      return excluded[i].reason;
  return NULL;
}

/* The value of attribute name in the root <svg> start tag of text, or NULL. */
static char *
root_attribute (const char *text, const char *name)
{
  const char *start = strstr (text, "<svg");
  const char *end = start != NULL ? strchr (start, '>') : NULL;
  if (end == NULL)
    return NULL;
  g_autofree char *tag = g_strndup (start, (gsize)(end - start));
  g_autofree char *needle = g_strdup_printf (" %s=\"", name);
  const char *at = strstr (tag, needle);
  if (at == NULL)
    return NULL;
  at += strlen (needle);
  const char *close = strchr (at, '"');
  return close != NULL ? g_strndup (at, (gsize)(close - at)) : NULL;
}

/* Whether the drawing is only filled shapes: no stroke but the frame's, no text, images or
 * references to paint servers; every imported polygon but the frame an obstacle; no ball. */
static gboolean
only_filled_shapes (const char *text, const CmScene *scene)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      if (strstr (line, "id=\"frame\"") != NULL)
        continue;
      if (strstr (line, "stroke") != NULL || strstr (line, "<text") != NULL
          || strstr (line, "<image") != NULL || strstr (line, "url(") != NULL
          || strstr (line, "<use") != NULL || strstr (line, "opacity") != NULL)
        return FALSE;
    }
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *object = g_ptr_array_index (scene->objects, i);
      if (object->kind == CM_OBJECT_BALL)
        return FALSE;
      if (object->role == CG_ROLE_WALL && g_strcmp0 (object->id, "frame") != 0)
        return FALSE;
    }
  return TRUE;
}

/* The obstacles filled at the reference's size, through the root's viewBox → pixel mapping
 * (preserveAspectRatio as the file says, xMidYMid meet by default). */
static cairo_surface_t *
rasterise (const char *text, const CmScene *scene, int width, int height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  g_autofree char *view_box_text = root_attribute (text, "viewBox");
  g_autofree char *aspect_text = root_attribute (text, "preserveAspectRatio");
  double box[4] = { 0, 0, width, height };
  CaromSvgAspect aspect;
  if (view_box_text != NULL)
    g_assert_true (carom_svg_parse_view_box (view_box_text, box, NULL));
  g_assert_true (carom_svg_parse_aspect (aspect_text, &aspect, NULL));
  CaromAffine m = carom_svg_view_box_transform (box, 0, 0, width, height, &aspect);
  cairo_matrix_t matrix = { m.a, m.b, m.c, m.d, m.e, m.f };
  cairo_set_matrix (cr, &matrix);

  cairo_set_source_rgb (cr, 0, 0, 0);
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *object = g_ptr_array_index (scene->objects, i);
      if (object->kind != CM_OBJECT_POLYGON || object->role != CG_ROLE_OBSTACLE)
        continue;
      cairo_new_path (cr);
      for (size_t k = 0; k < object->n_points; k++)
        {
          CgVec2 p = object->points[k];
          cairo_line_to (cr, p.x, p.y);
          const CgCurveEdge *e = object->edges != NULL ? &object->edges[k] : NULL;
          if (e != NULL && e->sweep != 0.0) /* an exact arc to the next vertex */
            {
              double start = atan2 (p.y - e->q.y, p.x - e->q.x);
              if (e->sweep > 0.0)
                cairo_arc (cr, e->q.x, e->q.y, e->R, start, start + e->sweep);
              else
                cairo_arc_negative (cr, e->q.x, e->q.y, e->R, start, start + e->sweep);
            }
        }
      cairo_close_path (cr);
      cairo_fill (cr);
    }
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static gboolean
covered (cairo_surface_t *surface, int x, int y)
{
  const unsigned char *row
      = cairo_image_surface_get_data (surface) + y * cairo_image_surface_get_stride (surface);
  guint32 pixel;
  memcpy (&pixel, row + 4 * x, sizeof pixel);
  return (pixel >> 24) >= COVERED_ALPHA;
}

/* Compares the covered pixels away from the frame; returns TRUE when they agree. */
static gboolean
compare (cairo_surface_t *ours, cairo_surface_t *reference, double *iou, double *share)
{
  int width = cairo_image_surface_get_width (reference);
  int height = cairo_image_surface_get_height (reference);
  guint64 both = 0, either = 0, total = 0;
  for (int y = FRAME_BAND; y < height - FRAME_BAND; y++)
    for (int x = FRAME_BAND; x < width - FRAME_BAND; x++)
      {
        gboolean a = covered (ours, x, y), b = covered (reference, x, y);
        both += a && b;
        either += a || b;
        total++;
      }
  *iou = either > 0 ? (double)both / either : 1.0;
  *share = total > 0 ? (double)(either - both) / total : 0.0;
  return *iou >= MIN_IOU || *share <= MAX_DIFFERING_SHARE;
}

static gboolean
summary_reports_loss (const GPtrArray *summary)
{
  for (guint i = 0; i < summary->len; i++)
    {
      const char *line = g_ptr_array_index (summary, i);
      if (g_str_has_prefix (line, "Skipped") || g_str_has_prefix (line, "Read "))
        return TRUE;
    }
  return FALSE;
}

static void
check_file (const char *path, Tally *tally)
{
  tally->files++;
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));

  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) summary = NULL;
  g_autoptr (GTimer) timer = g_timer_new ();
  g_autoptr (CmScene) scene = carom_svg_read_file (path, NULL, &summary, &error);
  double seconds = g_timer_elapsed (timer, NULL);
  if (seconds > MAX_SECONDS_PER_FILE)
    g_string_append_printf (tally->failures, "%s: took %.2f s\n", path, seconds);

  if (scene == NULL)
    {
      g_assert_nonnull (error);
      g_assert_true (error->domain == CAROM_SVG_ERROR);
      g_assert_cmpstr (error->message, !=, "");
      g_test_message ("%s: refused: %s", path, error->message);
      tally->refused++;
      return;
    }
  tally->imported++;

  const char *reason = exclusion (path);
  if (reason != NULL)
    {
      g_test_message ("%s: not compared: %s", path, reason);
      tally->excluded++;
      return;
    }
  if (!only_filled_shapes (text, scene))
    return;

  g_autofree char *png = g_strndup (path, strlen (path) - 4);
  g_autofree char *png_path = g_strconcat (png, ".png", NULL);
  cairo_surface_t *reference = cairo_image_surface_create_from_png (png_path);
  if (cairo_surface_status (reference) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (reference);
      return;
    }
  tally->compared++;
  cairo_surface_t *ours = rasterise (text, scene, cairo_image_surface_get_width (reference),
                                     cairo_image_surface_get_height (reference));
  double iou, share;
  gboolean same = compare (ours, reference, &iou, &share);
  cairo_surface_destroy (ours);
  cairo_surface_destroy (reference);

  g_autoptr (GString) said = g_string_new (NULL);
  for (guint i = 0; i < summary->len; i++)
    g_string_append_printf (said, " | %s", (const char *)g_ptr_array_index (summary, i));
  if (same)
    tally->matched++;
  else if (summary_reports_loss (summary))
    {
      tally->explained++;
      g_test_message ("%s: differs (IoU %.3f, %.2f%% of pixels), as the summary says:%s", path, iou,
                      100 * share, said->str);
    }
  else
    g_string_append_printf (tally->failures,
                            "%s: a silent wrong shape: IoU %.3f, %.2f%% of pixels differ%s\n", path,
                            iou, 100 * share, said->str);
}

/* 1, 2: every file of the corpus. */
static void
test_corpus (void)
{
  g_autofree char *root = corpus_root ();
  if (root == NULL)
    {
      g_test_fail_printf ("no SVG corpus at CAROM_SVG_CORPUS/resvg (tests/data/svg-corpus)");
      return;
    }
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  collect (root, files);
  g_ptr_array_sort (files, (GCompareFunc)g_strcmp0);
  g_assert_cmpuint (files->len, >, 100);

  Tally tally = { .failures = g_string_new (NULL) };
  for (guint i = 0; i < files->len; i++)
    check_file (g_ptr_array_index (files, i), &tally);
  g_test_message ("%u files: %u imported, %u refused with a message; %u compared with their "
                  "reference: %u match, %u differ where the summary said why; %u left out",
                  tally.files, tally.imported, tally.refused, tally.compared, tally.matched,
                  tally.explained, tally.excluded);
  if (tally.failures->len > 0)
    g_error ("%s", tally.failures->str);
  g_assert_cmpuint (tally.compared, >, 50);
  g_string_free (tally.failures, TRUE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/svg-corpus/resvg", test_corpus);
  return g_test_run ();
}
