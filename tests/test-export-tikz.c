/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-export-tikz.c: the TikZ export compiles with pdflatex and shows the
 * same figure as Carom's own PDF.
 *
 * Both PDFs are rasterised by pdftoppm at RASTER_DPI. The lines must match
 * as test-export.c's formats do: a pixel differs when a channel is off by
 * more than PIXEL_THRESHOLD levels and no pixel within MATCH_RADIUS of it in
 * the other picture is that close; at most MAX_DIFFERENT_INK_SHARE of the
 * ink may differ. The labels are set in LaTeX's font, not Pango's, so their
 * glyphs differ by design: the pixels inside the boxes the renderer placed
 * the text in are left out of that comparison, and instead each box must hold
 * ink in the TikZ raster (the label is there, where the PDF has it). */
#include <cairo.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "io/carom-svg.h"
#include "render/carom-export-tikz.h"
#include "render/carom-export.h"
#include "render/carom-figure.h"
#include "test-util.h"

#define RASTER_DPI 144
#define PIXEL_THRESHOLD 96
#define MATCH_RADIUS 2
#define MAX_DIFFERENT_INK_SHARE 0.01

static gboolean
have_program (const char *name)
{
  g_autofree char *path = g_find_program_in_path (name);
  return path != NULL;
}

static int
run_in (const char *dir, const char *const *argv, char **out)
{
  int wait_status = 0;
  g_autoptr (GError) error = NULL;
  g_assert_true (g_spawn_sync (dir, (char **)argv, NULL,
                               G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, out,
                               NULL, &wait_status, &error));
  g_assert_no_error (error);
  return WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
}

static void
remove_dir (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  for (const char *name; d != NULL && (name = g_dir_read_name (d)) != NULL;)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_remove (path);
    }
  g_rmdir (dir);
}

typedef struct
{
  CmScene *scene;
  CmSceneTrace *trace;
  CaromRenderCache *cache;
  CgAabb box;
} Figure;

static void
figure_load (Figure *f, const char *name)
{
  g_autofree char *path = test_example_path (name);
  g_autoptr (GError) error = NULL;
  f->scene = carom_svg_read_file (path, NULL, NULL, &error);
  g_assert_no_error (error);
  f->trace = cm_scene_trace (f->scene, -1, FALSE);
  f->cache = carom_render_cache_new (f->scene, f->trace, -1);
  f->box = carom_export_box (f->scene);
}

static void
figure_clear (Figure *f)
{
  carom_render_cache_free (f->cache);
  cm_scene_trace_free (f->trace);
  cm_scene_free (f->scene);
}

static void
collect_box (const CaromTextItem *item, gpointer data)
{
  g_array_append_val ((GArray *)data, item->box);
}

/* The boxes (points of the figure) the renderer puts text in. */
static GArray *
text_boxes (const Figure *fig, const CaromStyle *style, const CaromRenderOptions *options)
{
  GArray *boxes = g_array_new (FALSE, FALSE, sizeof (CgAabb));
  CaromFigure figure;
  carom_figure_init (&figure, fig->cache, fig->box, style, options);
  figure.options.text_sink = collect_box;
  figure.options.text_sink_data = boxes;
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 4, 4);
  cairo_t *cr = cairo_create (s);
  carom_figure_draw (&figure, cr, 1.0);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
  return boxes;
}

static cairo_surface_t *
rasterise (const char *dir, const char *pdf)
{
  g_autofree char *dpi = g_strdup_printf ("%d", RASTER_DPI);
  g_autofree char *prefix = g_strconcat (pdf, "-raster", NULL);
  const char *argv[] = { "pdftoppm", "-png", "-r", dpi, "-singlefile", pdf, prefix, NULL };
  g_assert_cmpint (run_in (dir, argv, NULL), ==, 0);
  g_autofree char *png = g_strconcat (dir, "/", prefix, ".png", NULL);
  cairo_surface_t *s = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  return s;
}

static void
rgb_at (cairo_surface_t *s, int x, int y, int rgb[3])
{
  const guint8 *row = cairo_image_surface_get_data (s) + y * cairo_image_surface_get_stride (s);
  guint32 p = ((const guint32 *)row)[x];
  rgb[0] = (p >> 16) & 0xff, rgb[1] = (p >> 8) & 0xff, rgb[2] = p & 0xff;
}

static gboolean
close_rgb (const int a[3], const int b[3])
{
  return abs (a[0] - b[0]) <= PIXEL_THRESHOLD && abs (a[1] - b[1]) <= PIXEL_THRESHOLD
         && abs (a[2] - b[2]) <= PIXEL_THRESHOLD;
}

static gboolean
has_match (cairo_surface_t *a, cairo_surface_t *b, int x, int y)
{
  int w = cairo_image_surface_get_width (b), h = cairo_image_surface_get_height (b);
  int pa[3], pb[3];
  rgb_at (a, x, y, pa);
  for (int dy = -MATCH_RADIUS; dy <= MATCH_RADIUS; dy++)
    for (int dx = -MATCH_RADIUS; dx <= MATCH_RADIUS; dx++)
      {
        int u = x + dx, v = y + dy;
        if (u < 0 || v < 0 || u >= w || v >= h)
          continue;
        rgb_at (b, u, v, pb);
        if (close_rgb (pa, pb))
          return TRUE;
      }
  return FALSE;
}

/* Inside a text box (points), grown by a point for the glyphs' overhang. */
static gboolean
in_text (const GArray *boxes, int x, int y)
{
  double px = (x + 0.5) * 72.0 / RASTER_DPI, py = (y + 0.5) * 72.0 / RASTER_DPI;
  for (guint i = 0; i < boxes->len; i++)
    {
      CgAabb b = g_array_index (boxes, CgAabb, i);
      if (px >= b.lo.x - 1.5 && px <= b.hi.x + 1.5 && py >= b.lo.y - 1.5 && py <= b.hi.y + 1.5)
        return TRUE;
    }
  return FALSE;
}

/* Compiles the figure both ways and compares; returns the share of the ink
 * outside text that has no match, and checks every text box has ink. */
static double
compare_figure (const char *example, const char *show, gint64 step, const char *style_name,
                const char *legend, const char *steps_list)
{
  Figure fig;
  figure_load (&fig, example);
  CaromStyle style;
  g_assert_true (carom_style_from_name (style_name, &style));
  CaromRenderOptions options;
  carom_render_options_init (&options);
  g_assert_true (carom_overlays_parse (show, &options.overlays, NULL));
  options.step = step;
  g_assert_true (carom_legend_placement_parse (legend, &options.legend, NULL));
  g_autoptr (GArray) steps
      = steps_list != NULL ? carom_figure_parse_steps (steps_list, NULL) : NULL;
  if (steps != NULL)
    {
      options.steps = (const gint64 *)steps->data;
      options.n_steps = steps->len;
    }

  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("carom-tikz-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *pdf = g_build_filename (dir, "carom.pdf", NULL);
  g_autofree char *tex = g_build_filename (dir, "fig.tex", NULL);
  g_assert_true (carom_export_pdf (fig.cache, fig.box, &style, &options, pdf, &error));
  g_assert_true (
      carom_export_tikz (fig.cache, fig.box, &style, &options, CAROM_TIKZ_DOCUMENT, tex, &error));
  g_assert_no_error (error);
  const char *latex[]
      = { "pdflatex", "-interaction=nonstopmode", "-no-shell-escape", "-halt-on-error", "fig.tex",
          NULL };
  g_autofree char *log = NULL;
  int status = run_in (dir, latex, &log);
  if (status != 0)
    g_test_message ("%s", log);
  g_assert_cmpint (status, ==, 0);

  cairo_surface_t *own = rasterise (dir, "carom.pdf");
  cairo_surface_t *tikz = rasterise (dir, "fig.pdf");
  int w = cairo_image_surface_get_width (own), h = cairo_image_surface_get_height (own);
  /* Same page size, to a pixel. */
  g_assert_cmpint (abs (cairo_image_surface_get_width (tikz) - w), <=, 1);
  g_assert_cmpint (abs (cairo_image_surface_get_height (tikz) - h), <=, 1);
  w = MIN (w, cairo_image_surface_get_width (tikz));
  h = MIN (h, cairo_image_surface_get_height (tikz));

  g_autoptr (GArray) boxes = text_boxes (&fig, &style, &options);
  int bg[3];
  rgb_at (own, 0, 0, bg);
  guint64 ink = 0, different = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        if (in_text (boxes, x, y))
          continue;
        int p[3], q[3];
        rgb_at (own, x, y, p);
        rgb_at (tikz, x, y, q);
        gboolean ink_here = !close_rgb (p, bg) || !close_rgb (q, bg);
        ink += ink_here;
        if (ink_here && (!has_match (own, tikz, x, y) || !has_match (tikz, own, x, y)))
          different++;
      }
  /* Every label is there: ink in the middle of its box. */
  for (guint i = 0; i < boxes->len; i++)
    {
      CgAabb b = g_array_index (boxes, CgAabb, i);
      int x0 = (int)(b.lo.x * RASTER_DPI / 72.0), x1 = (int)(b.hi.x * RASTER_DPI / 72.0);
      int y0 = (int)(b.lo.y * RASTER_DPI / 72.0), y1 = (int)(b.hi.y * RASTER_DPI / 72.0);
      guint dark = 0;
      for (int y = MAX (y0, 0); y <= MIN (y1, h - 1); y++)
        for (int x = MAX (x0, 0); x <= MIN (x1, w - 1); x++)
          {
            int q[3];
            rgb_at (tikz, x, y, q);
            dark += abs (q[0] - bg[0]) + abs (q[1] - bg[1]) + abs (q[2] - bg[2]) > 200;
          }
      g_assert_cmpuint (dark, >, 0);
    }
  double share = (double)different / (double)MAX (ink, 1);
  g_test_message ("%s --show %s --step %" G_GINT64_FORMAT " --steps %s --style %s --legend %s: "
                  "%u labels, %.3f%% of the ink outside them without a match",
                  example, show, step, steps_list != NULL ? steps_list : "-", style_name, legend,
                  boxes->len, 100.0 * share);
  cairo_surface_destroy (own);
  cairo_surface_destroy (tikz);
  if (g_getenv ("CAROM_KEEP_TIKZ") == NULL)
    remove_dir (dir);
  else
    g_test_message ("kept %s", dir);
  figure_clear (&fig);
  return share;
}

static void
test_matches_pdf (void)
{
  if (!have_program ("pdflatex") || !have_program ("pdftoppm"))
    {
      g_test_skip ("needs pdflatex and pdftoppm (scripts/debian-packages-test)");
      return;
    }
  static const struct
  {
    const char *example, *show;
    gint64 step;
    const char *style, *legend, *steps;
  } cases[] = {
    { "seed.svg", "path,outlines,labels,legend", CAROM_STEP_NONE, "article", "auto", NULL },
    { "seed.svg", "all", 3, "article", "auto", NULL },
    { "seed.svg", "path,outlines,normals,labels,legend", 1, "screen", "right", NULL },
    { "pinball.svg", "path,outlines,normals,aabb,bvh,labels,legend,grid", 2, "screen-dark", "below",
      NULL },
    { "corridor.svg", "all", 0, "article", "auto", NULL },
    /* small multiples: three panels with captions */
    { "seed.svg", "path,outlines,normals,labels,legend", CAROM_STEP_NONE, "article", "auto",
      "1-3" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double share = compare_figure (cases[i].example, cases[i].show, cases[i].step, cases[i].style,
                                     cases[i].legend, cases[i].steps);
      g_assert_cmpfloat (share, <=, MAX_DIFFERENT_INK_SHARE);
    }
}

/* The labels are LaTeX, in the document's font. */
static void
test_markup (void)
{
  static const char *const cases[][2] = {
    { "<i>d</i>′", "$d'$" },
    { "<b><i>n</i></b>", "$\\mathbf{n}$" },
    { "Reflected direction <i>d</i>′ = <i>d</i> − 2(<i>d</i>·<b><i>n</i></b>)<b><i>n</i></b>",
      "Reflected direction $d'$ = $d$ $-$ 2($d\\cdot \\mathbf{n}$)$\\mathbf{n}$" },
    { "<b>Hit 3 of 29</b>: wall “room”", "\\textbf{Hit 3 of 29}: wall ``room''" },
    { "a_b &amp; 50% {#1} $x^2~\\", "a\\_b \\& 50\\% \\{\\#1\\} \\$x\\^{}2\\textasciitilde{}"
                                    "\\textbackslash{}" },
    { "Offset outline, <i>r</i> = 1.5", "Offset outline, $r$ = 1.5" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *tex = carom_tikz_from_markup (cases[i][0]);
      g_assert_cmpstr (tex, ==, cases[i][1]);
    }
}

/* A fragment is a bare tikzpicture; the document wraps the same picture. */
static void
test_fragment (void)
{
  Figure fig;
  figure_load (&fig, "seed.svg");
  CaromStyle style = carom_style_article ();
  CaromRenderOptions options;
  carom_render_options_init (&options);
  options.overlays = CAROM_OVERLAY_ALL;
  options.step = 1;
  g_autoptr (GError) error = NULL;
  g_autofree char *fragment = carom_export_tikz_string (fig.cache, fig.box, &style, &options,
                                                        CAROM_TIKZ_FRAGMENT, &error);
  g_autofree char *document = carom_export_tikz_string (fig.cache, fig.box, &style, &options,
                                                        CAROM_TIKZ_DOCUMENT, &error);
  g_assert_no_error (error);
  g_assert_null (strstr (fragment, "\\documentclass"));
  g_assert_nonnull (strstr (fragment, "\\begin{tikzpicture}"));
  g_assert_nonnull (strstr (document, "\\documentclass[tikz,border=0pt]{standalone}"));
  const char *pic = strstr (fragment, "\\begin{tikzpicture}");
  g_assert_nonnull (strstr (document, pic));
  /* The step's labels, as LaTeX, and colours named after the style. */
  g_assert_nonnull (strstr (fragment, "$\\mathbf{n}$"));
  g_assert_nonnull (strstr (fragment, "$d'$"));
  g_assert_nonnull (strstr (fragment, "\\definecolor{caromWall}"));
  figure_clear (&fig);
}

/* Labels in Chinese: the document loads ctex for xelatex (pdflatex cannot set
 * them), leaves out contour (pdfTeX only), and keeps the label's text. */
static void
test_chinese_labels (void)
{
  static const char svg[]
      = "<svg xmlns=\"http://www.w3.org/2000/svg\" "
        "xmlns:carom=\"urn:carom:scene:1\" viewBox=\"-110 -110 220 220\">"
        "<polygon id=\"房间\" carom:role=\"wall\" points=\"-100,-100 100,-100 100,100 "
        "-100,100\"/>"
        "<circle id=\"小球\" carom:role=\"ball\" cx=\"0\" cy=\"0\" r=\"10\" "
        "carom:direction=\"1 0.5\"/></svg>";
  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) scene = carom_svg_read_memory (svg, sizeof svg - 1, NULL, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  g_autoptr (CaromRenderCache) cache = carom_render_cache_new (scene, trace, -1);
  CaromStyle style = carom_style_article ();
  CaromRenderOptions options;
  carom_render_options_init (&options);
  g_autofree char *tex = carom_export_tikz_string (cache, carom_export_box (scene), &style,
                                                   &options, CAROM_TIKZ_DOCUMENT, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (tex, "\\usepackage{ctex}"));
  g_assert_nonnull (strstr (tex, "xelatex"));
  g_assert_null (strstr (tex, "inputenc"));
  g_assert_null (strstr (tex, "{contour}"));
  g_assert_nonnull (strstr (tex, "房间"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/export-tikz/markup", test_markup);
  g_test_add_func ("/export-tikz/fragment", test_fragment);
  g_test_add_func ("/export-tikz/chinese-labels", test_chinese_labels);
  g_test_add_func ("/export-tikz/matches-pdf", test_matches_pdf);
  int status = g_test_run ();
  carom_render_shutdown ();
  return status;
}
