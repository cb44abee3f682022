/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-export.c: `carom export` as a user runs it (the binary in $CAROM_EXE):
 * the three formats show the same picture, an exported SVG opens again as the
 * same scene, --step puts the ball at the hit, and errors say what is wrong.
 *
 * "The same picture" is measured against Carom's own PNG at the same width:
 * the SVG rendered by librsvg (rsvg-convert) and the PDF by poppler
 * (pdftoppm). Three renderers never agree on every antialiased edge pixel, so
 * a pixel counts as different only when a channel is off by more than
 * PIXEL_THRESHOLD levels (a quarter of the range: a line that is missing,
 * moved by a pixel or drawn in another colour, not a softer edge), and the
 * pictures match when at most MAX_DIFFERENT_SHARE of the pixels differ. */
#include <cairo.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "test-util.h"

/* Channel difference (0..255) beyond which two pixels differ. */
#define PIXEL_THRESHOLD 96
/* The share of different pixels two renderings of one figure may have, of
 * all pixels and of the pixels the drawing covers (a figure is mostly
 * background: a missing path may be under 1% of all pixels, but it is a
 * fifth of the ink). */
#define MAX_DIFFERENT_SHARE 0.0025
#define MAX_DIFFERENT_INK_SHARE 0.02
/* How far (pixels) a pixel may look for its match in the other rendering. */
#define MATCH_RADIUS 2
/* The width the comparisons render at, in pixels. */
#define COMPARE_WIDTH 1200

/* ---- running programs -------------------------------------------------- */

/* Runs carom and expects success. */
static void
carom_ok (const char *const *args)
{
  g_autofree char *out = NULL, *err = NULL;
  int status = test_run_carom (args, &out, &err);
  if (status != 0)
    g_test_message ("carom said: %s", err);
  g_assert_cmpint (status, ==, 0);
}

static char *
example (const char *name)
{
  g_autofree char *file = g_strconcat (name, ".svg", NULL);
  return test_example_path (file);
}

/* A temporary directory removed (with its files) when the test ends. */
static char *
temp_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("carom-export-XXXXXX", &error);
  g_assert_no_error (error);
  return dir;
}

static void
remove_dir (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_remove (path);
    }
  if (d != NULL)
    g_dir_close (d);
  g_rmdir (dir);
}

/* ---- images ------------------------------------------------------------ */

static cairo_surface_t *
load_png (const char *path)
{
  cairo_surface_t *s = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  return s;
}

/* Pixel (x, y) as RGB over white (PNGs from the three tools are opaque here,
 * but an alpha channel must not make a pixel look black). */
static void
rgb_at (cairo_surface_t *s, int x, int y, int rgb[3])
{
  const guint8 *row = cairo_image_surface_get_data (s) + y * cairo_image_surface_get_stride (s);
  guint32 p = ((const guint32 *)row)[x];
  int a = cairo_image_surface_get_format (s) == CAIRO_FORMAT_RGB24 ? 255 : (p >> 24) & 0xff;
  /* Premultiplied: colour + (1 - alpha) × white. */
  rgb[0] = ((p >> 16) & 0xff) + 255 - a;
  rgb[1] = ((p >> 8) & 0xff) + 255 - a;
  rgb[2] = (p & 0xff) + 255 - a;
}

/* Whether pixel (x, y) of a has a match in b within one pixel: renderers
 * place antialiased edges and hint glyphs differently, and poppler widens
 * lines thinner than a pixel; none of that moves anything by more than a
 * pixel, while a missing or misplaced line, mark or label finds no match. */
static gboolean
has_match (cairo_surface_t *a, cairo_surface_t *b, int x, int y, int w, int h)
{
  int p[3];
  rgb_at (a, x, y, p);
  for (int dy = -MATCH_RADIUS; dy <= MATCH_RADIUS; dy++)
    for (int dx = -MATCH_RADIUS; dx <= MATCH_RADIUS; dx++)
      {
        int qx = x + dx, qy = y + dy;
        if (qx < 0 || qy < 0 || qx >= w || qy >= h)
          continue;
        int q[3];
        rgb_at (b, qx, qy, q);
        if (MAX (abs (p[0] - q[0]), MAX (abs (p[1] - q[1]), abs (p[2] - q[2]))) <= PIXEL_THRESHOLD)
          return TRUE;
      }
  return FALSE;
}

/// How two renderings of a figure compare.
typedef struct
{
  double share;     ///< pixels of either image without a match in the other, of all pixels
  double ink_share; ///< the same, of the pixels a's drawing covers (not its background)
  double mean_diff; ///< mean channel difference, pixel for pixel
} Comparison;

/* Compares a and b over the rows both have (renderers may round the height
 * differently by a pixel). a's background is the colour of its corner. */
static Comparison
compare (cairo_surface_t *a, cairo_surface_t *b)
{
  int w = cairo_image_surface_get_width (a);
  g_assert_cmpint (cairo_image_surface_get_width (b), ==, w);
  int ha = cairo_image_surface_get_height (a), hb = cairo_image_surface_get_height (b);
  g_assert_cmpint (abs (ha - hb), <=, 1);
  int h = MIN (ha, hb);
  int bg[3];
  rgb_at (a, 0, 0, bg);
  guint64 different = 0, ink = 0, total_diff = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        int p[3], q[3];
        rgb_at (a, x, y, p);
        rgb_at (b, x, y, q);
        total_diff += MAX (abs (p[0] - q[0]), MAX (abs (p[1] - q[1]), abs (p[2] - q[2])));
        ink += p[0] != bg[0] || p[1] != bg[1] || p[2] != bg[2];
        different += !has_match (a, b, x, y, w, h) || !has_match (b, a, x, y, w, h);
      }
  return (Comparison){
    .share = (double)different / ((double)w * h),
    .ink_share = (double)different / (double)MAX (ink, 1),
    .mean_diff = (double)total_diff / ((double)w * h),
  };
}

/* The top-left w × h of a (the drawing, when a legend lies outside it). */
static cairo_surface_t *
crop (cairo_surface_t *a, int w, int h)
{
  w = MIN (w, cairo_image_surface_get_width (a));
  h = MIN (h, cairo_image_surface_get_height (a));
  cairo_surface_t *out = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (out);
  cairo_set_source_surface (cr, a, 0, 0);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_paint (cr);
  cairo_destroy (cr);
  return out;
}

static gboolean
same_picture (Comparison c)
{
  return c.share <= MAX_DIFFERENT_SHARE && c.ink_share <= MAX_DIFFERENT_INK_SHARE;
}

static gboolean
have_program (const char *name)
{
  g_autofree char *path = g_find_program_in_path (name);
  return path != NULL;
}

/* ---- the three formats ------------------------------------------------- */

typedef struct
{
  const char *scene;
  const char *show; /* NULL: the default list */
  const char *step; /* NULL: none */
  const char *style;
} Case;

static void
export_case (const char *dir, const Case *c, const char *ext, char **path_out)
{
  g_autofree char *scene = example (c->scene);
  char *path = g_strdup_printf ("%s/%s-%s-%s-%s.%s", dir, c->scene, c->show ? c->show : "default",
                                c->step ? c->step : "none", c->style, ext);
  g_autofree char *width = g_strdup_printf ("%d", COMPARE_WIDTH);
  const char *args[16] = { "export", scene, "-o", path, "--width", width, "--style", c->style };
  int n = 8;
  if (c->show != NULL)
    {
      args[n++] = "--show";
      args[n++] = c->show;
    }
  if (c->step != NULL)
    {
      args[n++] = "--step";
      args[n++] = c->step;
    }
  args[n] = NULL;
  carom_ok (args);
  *path_out = path;
}

/* 1: for each example scene and several overlay lists, steps and styles, the
 * SVG (through librsvg) and the PDF (through poppler) match Carom's PNG. */
static void
test_formats_match (void)
{
  if (!have_program ("rsvg-convert") || !have_program ("pdftoppm"))
    {
      g_test_skip ("rsvg-convert or pdftoppm is missing (librsvg2-bin, poppler-utils)");
      return;
    }
  static const Case cases[] = {
    { "seed", NULL, NULL, "article" },
    { "seed", "all", "1", "article" },
    { "seed", "path,outlines,normals,labels", "3", "screen" },
    { "corridor", NULL, NULL, "article" },
    { "corridor", "all", NULL, "screen-dark" },
    { "corridor", "path,outlines,aabb,legend", "1", "article" },
    { "pinball", NULL, "2", "article" },
    { "pinball", "all", NULL, "screen" },
    { "pinball", "bvh,grid,labels", "0", "article" },
  };
  g_autofree char *dir = temp_dir ();
  g_autofree char *width = g_strdup_printf ("%d", COMPARE_WIDTH);
  double worst = 0.0;
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const Case *c = &cases[i];
      g_autofree char *png = NULL, *svg = NULL, *pdf = NULL;
      export_case (dir, c, "png", &png);
      export_case (dir, c, "svg", &svg);
      export_case (dir, c, "pdf", &pdf);
      cairo_surface_t *own = load_png (png);
      /* --width is the drawing's: a legend outside adds to the PNG, the PDF
       * and the SVG alike (an SVG scene's frame grows to hold it). */
      int own_width = cairo_image_surface_get_width (own);
      g_assert_cmpint (own_width, >=, COMPARE_WIDTH);
      g_autofree char *own_width_text = g_strdup_printf ("%d", own_width);

      g_autofree char *svg_png = g_strconcat (svg, ".rsvg.png", NULL);
      const char *rsvg[] = { "rsvg-convert", "-w", own_width_text, "-o", svg_png, svg, NULL };
      g_assert_cmpint (test_run_argv (NULL, rsvg, NULL, NULL), ==, 0);
      g_autofree char *pdf_prefix = g_strconcat (pdf, ".poppler", NULL);
      const char *poppler[] = { "pdftoppm",    "-png", "-singlefile", "-scale-to-x", own_width_text,
                                "-scale-to-y", "-1",   pdf,           pdf_prefix,    NULL };
      g_assert_cmpint (test_run_argv (NULL, poppler, NULL, NULL), ==, 0);
      g_autofree char *pdf_png = g_strconcat (pdf_prefix, ".png", NULL);

      cairo_surface_t *by_rsvg = load_png (svg_png), *by_poppler = load_png (pdf_png);
      g_assert_cmpint (cairo_image_surface_get_width (by_rsvg), ==, own_width);
      cairo_surface_t *own_drawing
          = crop (own, own_width, cairo_image_surface_get_height (by_rsvg));
      Comparison svg_c = compare (own_drawing, by_rsvg), pdf_c = compare (own, by_poppler);
      cairo_surface_destroy (own_drawing);
      g_test_message ("%s --show %s --step %s --style %s: pixels without a match: SVG %.3f%% "
                      "(%.2f%% of the ink; mean difference %.2f levels), PDF %.3f%% (%.2f%%; "
                      "%.2f)",
                      c->scene, c->show ? c->show : "(default)", c->step ? c->step : "(none)",
                      c->style, 100 * svg_c.share, 100 * svg_c.ink_share, svg_c.mean_diff,
                      100 * pdf_c.share, 100 * pdf_c.ink_share, pdf_c.mean_diff);
      g_assert_true (same_picture (svg_c));
      g_assert_true (same_picture (pdf_c));
      worst = MAX (worst, MAX (svg_c.ink_share, pdf_c.ink_share));
      cairo_surface_destroy (own);
      cairo_surface_destroy (by_rsvg);
      cairo_surface_destroy (by_poppler);
    }
  g_test_message ("worst: %.2f%% of the ink without a match", 100 * worst);
  remove_dir (dir);
}

/* 2: the comparison sees what matters: Carom's PNGs of the same scene with
 * and without the path, or at two different steps, are not the same picture. */
static void
test_comparison_sensitive (void)
{
  g_autofree char *dir = temp_dir ();
  const Case with_path = { "seed", "path", NULL, "article" };
  const Case without = { "seed", "none", NULL, "article" };
  const Case step1 = { "corridor", NULL, "1", "article" };
  const Case step2 = { "corridor", NULL, "2", "article" };
  g_autofree char *a = NULL, *b = NULL, *c = NULL, *d = NULL;
  export_case (dir, &with_path, "png", &a);
  export_case (dir, &without, "png", &b);
  export_case (dir, &step1, "png", &c);
  export_case (dir, &step2, "png", &d);
  cairo_surface_t *ia = load_png (a), *ib = load_png (b), *ic = load_png (c), *id = load_png (d);
  Comparison path = compare (ia, ib), steps = compare (ic, id);
  g_test_message ("with and without the path: %.3f%% of pixels, %.2f%% of the ink",
                  100 * path.share, 100 * path.ink_share);
  g_test_message ("step 1 and step 2: %.3f%% of pixels, %.2f%% of the ink", 100 * steps.share,
                  100 * steps.ink_share);
  g_assert_false (same_picture (path));
  g_assert_false (same_picture (steps));
  cairo_surface_destroy (ia);
  cairo_surface_destroy (ib);
  cairo_surface_destroy (ic);
  cairo_surface_destroy (id);
  remove_dir (dir);
}

/* 3: the PDF is vector with its fonts embedded. */
static void
test_pdf_vector_fonts (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *scene = example ("corridor");
  g_autofree char *pdf = g_build_filename (dir, "figure.pdf", NULL);
  const char *args[] = { "export", scene, "-o", pdf, "--show", "all", NULL };
  carom_ok (args);
  g_autofree char *data = NULL;
  gsize length = 0;
  g_assert_true (g_file_get_contents (pdf, &data, &length, NULL));
  g_assert_true (g_str_has_prefix (data, "%PDF-"));
  /* memmem: a PDF holds binary streams, with NUL bytes. */
  g_assert_nonnull (memmem (data, length, "/FontFile", strlen ("/FontFile")));
  g_assert_null (memmem (data, length, "/Subtype /Image", strlen ("/Subtype /Image")));
  remove_dir (dir);
}

/* ---- the SVG opens again ----------------------------------------------- */

static char *
trace_json (const char *scene)
{
  char *out = NULL;
  g_autofree char *err = NULL;
  const char *args[] = { "trace", "--json", scene, NULL };
  g_assert_cmpint (test_run_carom (args, &out, &err), ==, 0);
  return out;
}

/* 4: an exported SVG reads back as the same scene: the same trace, number
 * for number; exporting it again gives the same file. */
static void
test_svg_reimport (void)
{
  g_autofree char *dir = temp_dir ();
  const char *names[] = { "seed", "corridor", "pinball" };
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *scene = example (names[i]);
      g_autofree char *a = g_strdup_printf ("%s/%s-a.svg", dir, names[i]);
      g_autofree char *b = g_strdup_printf ("%s/%s-b.svg", dir, names[i]);
      const char *export_a[] = { "export", scene, "-o", a, "--show", "all", "--step", "1", NULL };
      carom_ok (export_a);
      g_autofree char *original = trace_json (scene), *again = trace_json (a);
      g_assert_cmpstr (original, ==, again);

      const char *export_b[] = { "export", a, "-o", b, "--show", "all", "--step", "1", NULL };
      carom_ok (export_b);
      g_autofree char *text_a = NULL, *text_b = NULL;
      g_assert_true (g_file_get_contents (a, &text_a, NULL, NULL));
      g_assert_true (g_file_get_contents (b, &text_b, NULL, NULL));
      g_assert_nonnull (strstr (text_a, "carom:generated=\"true\""));
      g_assert_cmpstr (text_a, ==, text_b);
    }
  remove_dir (dir);
}

/* ---- --step ------------------------------------------------------------ */

/* The numbers of the JSON array after `key`, searching from `from`. */
static const char *
json_vec_after (const char *from, const char *key, double *x, double *y)
{
  const char *p = strstr (from, key);
  g_assert_nonnull (p);
  p = strchr (p, '[');
  char *end;
  *x = g_ascii_strtod (p + 1, &end);
  *y = g_ascii_strtod (end + 1, &end);
  return end;
}

/* 5: --step N draws the ball's disk centred on hit N's point (step 0: the
 * start), found in the PNG by its fill and mapped back through the viewBox
 * of the exported SVG. */
static void
test_step_draws_ball_at_hit (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *scene = example ("seed");
  g_autofree char *svg = g_build_filename (dir, "seed.svg", NULL);
  const char *export_svg[] = { "export", scene, "-o", svg, NULL };
  carom_ok (export_svg);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (svg, &text, NULL, NULL));
  double vb[4];
  const char *p = strstr (text, "viewBox=\"");
  g_assert_nonnull (p);
  p += strlen ("viewBox=\"");
  for (int k = 0; k < 4; k++)
    {
      char *end;
      vb[k] = g_ascii_strtod (p, &end);
      p = end;
    }
  g_autofree char *json = trace_json (scene);

  for (int step = 0; step <= 3; step++)
    {
      double hx, hy;
      if (step == 0)
        json_vec_after (json, "\"start\"", &hx, &hy);
      else
        {
          g_autofree char *key = g_strdup_printf ("{\"index\": %d,", step);
          const char *hit = strstr (json, key);
          g_assert_nonnull (hit);
          json_vec_after (hit, "\"point\"", &hx, &hy);
        }
      g_autofree char *png = g_strdup_printf ("%s/step-%d.png", dir, step);
      g_autofree char *step_arg = g_strdup_printf ("%d", step);
      const char *args[] = { "export", scene,     "-o",     png,       "--step", step_arg, "--show",
                             "none",   "--style", "screen", "--width", "640",    NULL };
      carom_ok (args);
      cairo_surface_t *img = load_png (png);
      /* The screen style's ball fill, vermillion at 20% over white: (247, 223, 204).
       * Antialiased edges of red lines pass through that colour too, one
       * pixel wide: a pixel counts when its eight neighbours match as well. */
      int w = cairo_image_surface_get_width (img), h = cairo_image_surface_get_height (img);
      double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
      for (int y = 1; y + 1 < h; y++)
        for (int x = 1; x + 1 < w; x++)
          {
            gboolean fill = TRUE;
            for (int k = 0; k < 9 && fill; k++)
              {
                int rgb[3];
                rgb_at (img, x + k % 3 - 1, y + k / 3 - 1, rgb);
                fill
                    = abs (rgb[0] - 247) <= 5 && abs (rgb[1] - 223) <= 6 && abs (rgb[2] - 204) <= 6;
              }
            if (fill)
              {
                x0 = MIN (x0, x - 1);
                y0 = MIN (y0, y - 1);
                x1 = MAX (x1, x + 2);
                y1 = MAX (y1, y + 2);
              }
          }
      g_assert_true (isfinite (x0));
      double scale = w / vb[2];
      double cx = vb[0] + 0.5 * (x0 + x1) / scale, cy = vb[1] + 0.5 * (y0 + y1) / scale;
      g_test_message ("step %d: disk at (%g, %g), hit at (%g, %g)", step, cx, cy, hx, hy);
      g_assert_cmpfloat (hypot (cx - hx, cy - hy), <, 2.0 / scale);
      cairo_surface_destroy (img);
    }
  remove_dir (dir);
}

/* ---- the legend -------------------------------------------------------- */

/* A random scene as a file: a room, a few convex obstacles and one or two
 * balls, in a frame of random shape. */
static char *
random_scene (const char *dir, GRand *rand, int index)
{
  double w = g_rand_double_range (rand, 200, 900), h = g_rand_double_range (rand, 200, 900);
  GString *svg = g_string_new (NULL);
  g_string_append_printf (
      svg,
      "<svg xmlns=\"http://www.w3.org/2000/svg\" "
      "xmlns:carom=\"urn:carom:scene:1\">\n"
      "<polygon carom:role=\"wall\" id=\"room\" points=\"0,0 %g,0 %g,%g 0,%g\"/>\n",
      w, w, h, h);
  int n = g_rand_int_range (rand, 0, 6);
  for (int i = 0; i < n; i++)
    {
      double cx = g_rand_double_range (rand, 0.2 * w, 0.8 * w);
      double cy = g_rand_double_range (rand, 0.2 * h, 0.8 * h);
      double r = g_rand_double_range (rand, 8, 0.12 * MIN (w, h));
      int k = g_rand_int_range (rand, 3, 9);
      g_string_append_printf (svg, "<polygon carom:role=\"obstacle\" id=\"o%d\" points=\"", i);
      for (int j = 0; j < k; j++)
        g_string_append_printf (svg, "%s%.3f,%.3f", j ? " " : "", cx + r * cos (2 * G_PI * j / k),
                                cy + r * sin (2 * G_PI * j / k));
      g_string_append (svg, "\"/>\n");
    }
  int balls = g_rand_int_range (rand, 1, 3);
  for (int b = 0; b < balls; b++)
    {
      double a = g_rand_double_range (rand, 0, 2 * G_PI);
      g_string_append_printf (
          svg,
          "<circle carom:role=\"ball\" id=\"b%d\" cx=\"%.3f\" cy=\"%.3f\" "
          "r=\"%.3f\" carom:direction=\"%.6f %.6f\" carom:max-bounces=\"%d\"/>\n",
          b, g_rand_double_range (rand, 0.1 * w, 0.2 * w) + 0.6 * w * b,
          g_rand_double_range (rand, 0.1 * h, 0.2 * h),
          g_rand_double_range (rand, 3, 0.04 * MIN (w, h)), cos (a), sin (a),
          g_rand_int_range (rand, 1, 12));
    }
  g_string_append (svg, "</svg>\n");
  char *path = g_strdup_printf ("%s/random-%d.svg", dir, index);
  g_assert_true (g_file_set_contents (path, svg->str, -1, NULL));
  g_string_free (svg, TRUE);
  return path;
}

/* Levels an antialiased pixel may differ by when the same drawing is
 * rasterised on a larger surface (cairo splits paths at the surface's edges);
 * a legend over a line, even the article's faintest grid, changes it by 25 or
 * more. */
#define RASTER_NOISE 2

/* Whether the legend left every pixel of the drawing as it was: wherever the
 * figure without a legend has ink, the figure with one has the same pixel
 * (within RASTER_NOISE).
 * Returns how many pixels the legend changed (it must have drawn something). */
static guint64
legend_changes (cairo_surface_t *without, cairo_surface_t *with, const char *what)
{
  int w0 = cairo_image_surface_get_width (without), h0 = cairo_image_surface_get_height (without);
  int w1 = cairo_image_surface_get_width (with), h1 = cairo_image_surface_get_height (with);
  g_assert_cmpint (w1, >=, w0);
  g_assert_cmpint (h1, >=, h0);
  int bg[3];
  rgb_at (without, 0, 0, bg);
  guint64 changed = 0;
  for (int y = 0; y < h1; y++)
    for (int x = 0; x < w1; x++)
      {
        int q[3];
        rgb_at (with, x, y, q);
        gboolean q_bg = q[0] == bg[0] && q[1] == bg[1] && q[2] == bg[2];
        if (x >= w0 || y >= h0)
          {
            changed += !q_bg;
            continue;
          }
        int p[3];
        rgb_at (without, x, y, p);
        gboolean p_bg = p[0] == bg[0] && p[1] == bg[1] && p[2] == bg[2];
        if (!p_bg
            && MAX (abs (p[0] - q[0]), MAX (abs (p[1] - q[1]), abs (p[2] - q[2]))) > RASTER_NOISE)
          g_error ("%s: the legend changed the drawing at (%d, %d): (%d, %d, %d) became (%d, %d, "
                   "%d)",
                   what, x, y, p[0], p[1], p[2], q[0], q[1], q[2]);
        changed += p_bg && !q_bg;
      }
  return changed;
}

/* The legend never covers the drawing: every example and random scenes,
 * with --show all and with the article's usual overlays, at a step and
 * without, at several widths, the legend placed by auto, right and below,
 * against the same figure without a legend. */
static void
test_legend_never_covers (void)
{
  g_autofree char *dir = temp_dir ();
  g_autoptr (GPtrArray) scenes = g_ptr_array_new_with_free_func (g_free);
  static const char *const examples[] = { "seed", "corridor", "pinball" };
  for (gsize i = 0; i < G_N_ELEMENTS (examples); i++)
    g_ptr_array_add (scenes, example (examples[i]));
  g_autoptr (GRand) rand = g_rand_new_with_seed (13);
  for (int i = 0; i < 5; i++)
    g_ptr_array_add (scenes, random_scene (dir, rand, i));

  static const char *const shows[] = { "all", "path,outlines,normals,labels,legend" };
  static const char *const widths[] = { "320", "700", "1500" };
  static const char *const places[] = { "auto", "right", "below" };
  guint inside = 0, outside = 0;
  for (guint i = 0; i < scenes->len; i++)
    for (gsize s = 0; s < G_N_ELEMENTS (shows); s++)
      for (gsize k = 0; k < G_N_ELEMENTS (widths); k++)
        {
          const char *scene = g_ptr_array_index (scenes, i);
          const char *step = (i + k) % 2 ? "1" : "0";
          g_autofree char *none = g_strdup_printf ("%s/none.png", dir);
          const char *base[]
              = { "export",  scene,    "-o", none,       "--show", shows[s], "--width",
                  widths[k], "--step", step, "--legend", "none",   NULL };
          carom_ok (base);
          cairo_surface_t *without = load_png (none);
          for (gsize p = 0; p < G_N_ELEMENTS (places); p++)
            {
              g_autofree char *png = g_strdup_printf ("%s/%s.png", dir, places[p]);
              const char *args[]
                  = { "export",  scene,    "-o", png,        "--show",  shows[s], "--width",
                      widths[k], "--step", step, "--legend", places[p], NULL };
              carom_ok (args);
              cairo_surface_t *with = load_png (png);
              g_autofree char *what
                  = g_strdup_printf ("%s --show %s --width %s --step %s --legend %s", scene,
                                     shows[s], widths[k], step, places[p]);
              g_assert_cmpuint (legend_changes (without, with, what), >, 0);
              gboolean same_size
                  = cairo_image_surface_get_width (with) == cairo_image_surface_get_width (without)
                    && cairo_image_surface_get_height (with)
                           == cairo_image_surface_get_height (without);
              if (p == 0)
                {
                  inside += same_size;
                  outside += !same_size;
                }
              else
                g_assert_false (same_size);
              cairo_surface_destroy (with);
            }
          cairo_surface_destroy (without);
        }
  g_test_message ("auto put the legend inside %u times, outside %u times", inside, outside);
  /* Both happen: the test sees the corner search at work. */
  g_assert_cmpuint (inside, >, 0);
  g_assert_cmpuint (outside, >, 0);
  remove_dir (dir);
}

/* Small multiples: --steps 1-3 lays three panels side by side at one scale,
 * each the same drawing as that step alone would be. */
static void
test_small_multiples (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *scene = example ("seed");
  g_autofree char *multi = g_strdup_printf ("%s/multi.png", dir);
  const char *args[] = { "export",  scene, "-o",       multi,  "--steps", "1-3",
                         "--width", "900", "--legend", "none", NULL };
  carom_ok (args);
  cairo_surface_t *img = load_png (multi);
  /* Three square panels in a row, 900 px with two gaps: taller than a third
   * of the width by the captions. */
  int w = cairo_image_surface_get_width (img), h = cairo_image_surface_get_height (img);
  g_assert_cmpint (w, ==, 900);
  g_assert_cmpint (h, >, w / 3);
  g_assert_cmpint (h, <, w / 2);
  /* Each panel differs from the others (a different step). */
  int panel = (int)floor (w * 180.0 / (3 * 180.0 + 2 * 12.0));
  guint64 differ = 0;
  for (int y = 0; y < panel; y++)
    for (int x = 0; x < panel; x++)
      {
        int a[3], b[3];
        rgb_at (img, x, y, a);
        rgb_at (img, x + (w - panel) / 2, y, b);
        differ += a[0] != b[0] || a[1] != b[1] || a[2] != b[2];
      }
  g_assert_cmpuint (differ, >, 100);
  cairo_surface_destroy (img);
  remove_dir (dir);
}

/* Figure controls: --view crops to the region asked for (the PNG takes its
 * shape), --mono leaves no colour, and --font-size changes the text. */
static void
test_figure_controls (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *scene = example ("seed");
  g_autofree char *view = g_strdup_printf ("%s/view.png", dir);
  const char *crop[] = { "export",  scene, "-o",       view,   "--view", "-300,-300,600,150",
                         "--width", "800", "--legend", "none", NULL };
  carom_ok (crop);
  cairo_surface_t *img = load_png (view);
  g_assert_cmpint (cairo_image_surface_get_width (img), ==, 800);
  g_assert_cmpint (cairo_image_surface_get_height (img), ==, 200);
  cairo_surface_destroy (img);

  g_autofree char *mono = g_strdup_printf ("%s/mono.png", dir);
  const char *grey[] = { "export", scene, "-o",     mono,      "--step", "3",
                         "--show", "all", "--mono", "--width", "500",    NULL };
  carom_ok (grey);
  img = load_png (mono);
  int w = cairo_image_surface_get_width (img), h = cairo_image_surface_get_height (img);
  int coloured = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        int p[3];
        rgb_at (img, x, y, p);
        coloured += MAX (abs (p[0] - p[1]), MAX (abs (p[1] - p[2]), abs (p[0] - p[2]))) > 2;
      }
  g_assert_cmpint (coloured, ==, 0);
  cairo_surface_destroy (img);
  /* Without --mono the same figure has colour. */
  const char *colour[]
      = { "export", scene, "-o", mono, "--step", "3", "--show", "all", "--width", "500", NULL };
  carom_ok (colour);
  img = load_png (mono);
  coloured = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        int p[3];
        rgb_at (img, x, y, p);
        coloured += MAX (abs (p[0] - p[1]), MAX (abs (p[1] - p[2]), abs (p[0] - p[2]))) > 2;
      }
  g_assert_cmpint (coloured, >, 1000);
  cairo_surface_destroy (img);

  /* A larger font makes a larger legend: the figure with the legend below
   * grows taller. */
  g_autofree char *small = g_strdup_printf ("%s/small.png", dir);
  g_autofree char *large = g_strdup_printf ("%s/large.png", dir);
  const char *a[] = { "export", scene,    "-o",    small,         "--legend", "below", "--width",
                      "400",    "--font", "Serif", "--font-size", "6",        NULL };
  const char *b[] = { "export", scene,    "-o",    large,         "--legend", "below", "--width",
                      "400",    "--font", "Serif", "--font-size", "12",       NULL };
  carom_ok (a);
  carom_ok (b);
  cairo_surface_t *ia = load_png (small), *ib = load_png (large);
  g_assert_cmpint (cairo_image_surface_get_height (ib), >,
                   cairo_image_surface_get_height (ia) + 40);
  cairo_surface_destroy (ia);
  cairo_surface_destroy (ib);
  remove_dir (dir);
}

/* ---- errors ------------------------------------------------------------ */

static void
expect_failure (const char *const *args, int status, const char *in_message)
{
  g_autofree char *out = NULL, *err = NULL;
  g_assert_cmpint (test_run_carom (args, &out, &err), ==, status);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, in_message));
}

/* 6: errors name the problem and exit 2 for usage, 1 for files. */
static void
test_errors (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *scene = example ("seed");
  g_autofree char *jpg = g_build_filename (dir, "figure.jpg", NULL);
  g_autofree char *png = g_build_filename (dir, "figure.png", NULL);

  const char *format[] = { "export", scene, "-o", jpg, NULL };
  expect_failure (format, 2, "figure.jpg");
  const char *show[] = { "export", scene, "-o", png, "--show", "path,bogus", NULL };
  expect_failure (show, 2, "bogus");
  const char *step[] = { "export", scene, "-o", png, "--step", "30", NULL };
  expect_failure (step, 2, "0 (the start) to 29");
  const char *negative[] = { "export", scene, "-o", png, "--step", "-1", NULL };
  expect_failure (negative, 2, "--step");
  const char *width[] = { "export", scene, "-o", png, "--width", "0", NULL };
  expect_failure (width, 2, "--width");
  const char *style[] = { "export", scene, "-o", png, "--style", "sepia", NULL };
  expect_failure (style, 2, "sepia");
  const char *ball[] = { "export", scene, "-o", png, "--ball", "cue", NULL };
  expect_failure (ball, 2, "cue");
  const char *no_output[] = { "export", scene, NULL };
  expect_failure (no_output, 2, "-o");
  const char *unwritable[] = { "export", scene, "-o", "/nonexistent/dir/figure.png", NULL };
  expect_failure (unwritable, 1, "/nonexistent/dir/figure.png");
  const char *unwritable_svg[] = { "export", scene, "-o", "/nonexistent/dir/figure.svg", NULL };
  expect_failure (unwritable_svg, 1, "/nonexistent/dir/figure.svg");
  const char *missing[] = { "export", "/nonexistent/scene.svg", "-o", png, NULL };
  expect_failure (missing, 1, "/nonexistent/scene.svg");
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));

  const char *legend[] = { "export", scene, "-o", png, "--legend", "left", NULL };
  expect_failure (legend, 2, "left");
  const char *steps[] = { "export", scene, "-o", png, "--steps", "1,x", NULL };
  expect_failure (steps, 2, "x");
  const char *range[] = { "export", scene, "-o", png, "--steps", "4-2", NULL };
  expect_failure (range, 2, "4-2");
  const char *far[] = { "export", scene, "-o", png, "--steps", "1,300", NULL };
  expect_failure (far, 2, "300");
  const char *both[] = { "export", scene, "-o", png, "--steps", "1", "--step", "2", NULL };
  expect_failure (both, 2, "--steps");
  g_autofree char *svg = g_strdup_printf ("%s/figure.svg", dir);
  const char *svg_steps[] = { "export", scene, "-o", svg, "--steps", "1,2", NULL };
  expect_failure (svg_steps, 2, "--steps");
  const char *path_extent[] = { "export", scene, "-o", svg, "--path", "most", NULL };
  expect_failure (path_extent, 2, "most");
  const char *view[] = { "export", scene, "-o", png, "--view", "0,0,-5,10", NULL };
  expect_failure (view, 2, "0,0,-5,10");
  const char *digits[] = { "export", scene, "-o", png, "--digits", "0", NULL };
  expect_failure (digits, 2, "--digits");
  const char *size[] = { "export", scene, "-o", png, "--font-size", "500", NULL };
  expect_failure (size, 2, "--font-size");
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));

  /* And the PNG's size follows --width and the scene's shape; a legend
   * outside adds to it. */
  g_autofree char *pinball = example ("pinball");
  const char *ok[] = { "export", pinball, "-o", png, "--width", "300", "--legend", "none", NULL };
  carom_ok (ok);
  cairo_surface_t *img = load_png (png);
  g_assert_cmpint (cairo_image_surface_get_width (img), ==, 300);
  g_assert_cmpint (cairo_image_surface_get_height (img), ==, 550); /* a 480 × 880 box */
  cairo_surface_destroy (img);
  const char *right[]
      = { "export", pinball, "-o", png, "--width", "300", "--legend", "right", NULL };
  carom_ok (right);
  img = load_png (png);
  g_assert_cmpint (cairo_image_surface_get_width (img), >, 300);
  g_assert_cmpint (cairo_image_surface_get_height (img), ==, 550);
  cairo_surface_destroy (img);
  remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/export/formats-match", test_formats_match);
  g_test_add_func ("/export/comparison-sensitive", test_comparison_sensitive);
  g_test_add_func ("/export/pdf-vector-fonts", test_pdf_vector_fonts);
  g_test_add_func ("/export/svg-reimport", test_svg_reimport);
  g_test_add_func ("/export/step-draws-ball-at-hit", test_step_draws_ball_at_hit);
  g_test_add_func ("/export/errors", test_errors);
  g_test_add_func ("/export/legend-never-covers", test_legend_never_covers);
  g_test_add_func ("/export/small-multiples", test_small_multiples);
  g_test_add_func ("/export/figure-controls", test_figure_controls);
  return g_test_run ();
}
