/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-export-anim.c: the animated exports show the stepping as timed.
 *
 * GIF: the file is decoded with giflib's DGifSlurp, the frames composed as a
 * viewer does, and for every hit k of the example the ball is found (the
 * pixels of its fill's tint) where constant speed puts it in
 * the frame the timing names for hit k, and in the frame before; the ball
 * there has reached hit k and before it had not; the hit's marker appears in
 * that frame and not before. The timing itself is checked against path
 * lengths computed here from the trace.
 *
 * SVG: the file is well-formed (xmllint), opens again as the same scene
 * (`carom trace --json` prints the same), and the ball's <animate> values
 * are the trace's points, exactly, at keyTimes proportional to path length. */
#include <cairo.h>
#include <gif_lib.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "io/carom-svg.h"
#include "render/carom-export-anim.h"
#include "render/carom-export.h"
#include "test-util.h"

/* How far (pixels) the ball's measured centre may be from where the timing
 * puts it: antialiasing at the disk's edge, the palette, and lines or a
 * label across the disk move the best-fitting disk by a pixel or two. */
#define CENTRE_TOLERANCE_PX 4.0
#define GIF_WIDTH 600

typedef struct
{
  CmScene *scene;
  CmSceneTrace *trace;
  CaromRenderCache *cache;
  CgAabb box;
  char *path;
} Figure;

static void
figure_load (Figure *f, const char *name)
{
  f->path = test_example_path (name);
  g_autoptr (GError) error = NULL;
  f->scene = carom_svg_read_file (f->path, NULL, NULL, &error);
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
  g_free (f->path);
}

/* ---- GIF --------------------------------------------------------------- */

typedef struct
{
  guint8 rgb[3];
} Px;

/* Composes every frame of gif (no disposal, as Carom writes them; a frame's
 * transparent pixels show the frame before). */
static Px **
compose_frames (GifFileType *gif)
{
  int w = gif->SWidth, h = gif->SHeight;
  Px **frames = g_new0 (Px *, (gsize)gif->ImageCount);
  g_autofree Px *canvas = g_new0 (Px, (gsize)w * (gsize)h);
  for (int i = 0; i < gif->ImageCount; i++)
    {
      const SavedImage *im = &gif->SavedImages[i];
      GraphicsControlBlock gcb = { .TransparentColor = NO_TRANSPARENT_COLOR };
      DGifSavedExtensionToGCB (gif, i, &gcb);
      const ColorMapObject *map
          = im->ImageDesc.ColorMap != NULL ? im->ImageDesc.ColorMap : gif->SColorMap;
      g_assert_nonnull (map);
      for (int y = 0; y < im->ImageDesc.Height; y++)
        for (int x = 0; x < im->ImageDesc.Width; x++)
          {
            int c = im->RasterBits[y * im->ImageDesc.Width + x];
            g_assert_cmpint (c, <, map->ColorCount);
            if (c == gcb.TransparentColor)
              continue;
            Px *p = &canvas[(gsize)(y + im->ImageDesc.Top) * (gsize)w
                            + (gsize)(x + im->ImageDesc.Left)];
            p->rgb[0] = map->Colors[c].Red, p->rgb[1] = map->Colors[c].Green,
            p->rgb[2] = map->Colors[c].Blue;
          }
      frames[i] = g_memdup2 (canvas, sizeof (Px) * (gsize)w * (gsize)h);
    }
  return frames;
}

static gboolean
near_rgb (const Px *p, const int c[3], int tolerance)
{
  for (int i = 0; i < 3; i++)
    if (abs (p->rgb[i] - c[i]) > tolerance)
      return FALSE;
  return TRUE;
}

static int
channel (double v)
{
  return (int)lround (CLAMP (v, 0.0, 1.0) * 255.0);
}

/* Where the disk of radius r (pixels) filled with tint is: the centroid of
 * the pixels of that tint as a first guess, then the centre, within 10
 * pixels of it, of the disk of radius r that covers the most of them. Lines
 * crossing the ball (the path into its centre, outlines, walls, a label, its
 * faint ring at the start) take pixels from it and would pull a centroid, but
 * hardly move that best disk. FALSE when there is no such tint. */
static gboolean
tint_centre (const Px *frame, int w, int h, const int tint[3], double r, CgVec2 *at)
{
  double sx = 0.0, sy = 0.0;
  guint n = 0;
  g_autofree guint8 *is_tint = g_new0 (guint8, (gsize)w * (gsize)h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (near_rgb (&frame[(gsize)y * (gsize)w + (gsize)x], tint, 5))
        {
          is_tint[(gsize)y * (gsize)w + (gsize)x] = 1;
          sx += x + 0.5, sy += y + 0.5, n++;
        }
  if (n < 20)
    return FALSE;
  CgVec2 guess = cg_v2 (sx / n, sy / n);
  double best_x = 0.0, best_y = 0.0;
  guint best = 0, ties = 0;
  for (int dy = -10; dy <= 10; dy++)
    for (int dx = -10; dx <= 10; dx++)
      {
        CgVec2 c = cg_v2 (floor (guess.x) + dx, floor (guess.y) + dy);
        guint count = 0;
        for (int y = MAX ((int)(c.y - r), 0); y <= MIN ((int)(c.y + r), h - 1); y++)
          for (int x = MAX ((int)(c.x - r), 0); x <= MIN ((int)(c.x + r), w - 1); x++)
            if (is_tint[(gsize)y * (gsize)w + (gsize)x]
                && cg_distance (c, cg_v2 (x + 0.5, y + 0.5)) <= r)
              count++;
        if (count > best)
          best = count, best_x = c.x, best_y = c.y, ties = 1;
        else if (count == best)
          best_x += c.x, best_y += c.y, ties++;
      }
  *at = cg_v2 (best_x / ties, best_y / ties);
  return TRUE;
}

/* The share of the pixels on a ring of radius r around c that have colour. */
static double
ring_share (const Px *frame, int w, int h, CgVec2 c, double r, const int colour[3])
{
  guint n = 0, hits = 0;
  for (int k = 0; k < 32; k++)
    {
      double a = 2.0 * G_PI * k / 32.0;
      int x = (int)floor (c.x + r * cos (a)), y = (int)floor (c.y + r * sin (a));
      if (x < 0 || y < 0 || x >= w || y >= h)
        continue;
      n++;
      hits += near_rgb (&frame[(gsize)y * (gsize)w + (gsize)x], colour, 90);
    }
  return n > 0 ? (double)hits / n : 0.0;
}

static void
test_gif (void)
{
  Figure fig;
  figure_load (&fig, "seed.svg");
  CaromStyle style = carom_style_article ();
  CaromRenderOptions options;
  carom_render_options_init (&options);
  g_autoptr (GError) error = NULL;
  CaromAnimTiming timing;
  g_assert_true (carom_anim_timing (fig.cache, fig.box, 25.0, 2.0, &timing, &error));
  g_assert_no_error (error);
  const CaromBallTrace *bt = carom_render_cache_get_ball (fig.cache);
  guint n_hits = (guint)bt->trace.n_hits;
  g_assert_cmpuint (timing.n_hits, ==, n_hits);
  g_assert_cmpfloat (timing.frame_time, ==, 0.04);

  /* Path lengths and the timing, worked out here from the trace. */
  g_autofree double *s = g_new (double, n_hits + 1);
  s[0] = 0.0;
  CgVec2 prev = bt->ball->center;
  for (guint k = 1; k <= n_hits; k++)
    {
      s[k] = s[k - 1] + cg_distance (prev, bt->trace.hits[k - 1].point);
      prev = bt->trace.hits[k - 1].point;
    }
  /* The last hit at N / (hits per second) seconds. */
  g_assert_cmpfloat_with_epsilon (s[n_hits] / timing.speed, n_hits / 2.0, 1e-9);

  g_autofree char *dir = g_dir_make_tmp ("carom-anim-XXXXXX", &error);
  g_autofree char *gif_path = g_build_filename (dir, "anim.gif", NULL);
  g_assert_true (carom_export_gif (fig.cache, fig.box, &style, &options, &timing, GIF_WIDTH,
                                   gif_path, &error));
  g_assert_no_error (error);

  int code = 0;
  GifFileType *gif = DGifOpenFileName (gif_path, &code);
  g_assert_nonnull (gif);
  g_assert_cmpint (DGifSlurp (gif), ==, GIF_OK);
  /* The drawing is GIF_WIDTH wide; a legend outside adds to it. */
  g_assert_cmpint (gif->SWidth, >=, GIF_WIDTH);
  g_assert_cmpint (gif->SHeight, >=, carom_export_png_height (fig.box, GIF_WIDTH));
  g_assert_cmpint (gif->ImageCount, ==, (int)timing.n_frames);
  for (int i = 0; i < gif->ImageCount; i++)
    {
      GraphicsControlBlock gcb;
      g_assert_cmpint (DGifSavedExtensionToGCB (gif, i, &gcb), ==, GIF_OK);
      int want = 4 + (i + 1 == gif->ImageCount ? (int)(CAROM_ANIM_HOLD_SECONDS * 100) : 0);
      g_assert_cmpint (gcb.DelayTime, ==, want);
    }
  int w = gif->SWidth, h = gif->SHeight;
  Px **frames = compose_frames (gif);

  /* Where the animation draws the scene: its panel of the figure. */
  CaromView view;
  int layout_w, layout_h;
  g_assert_true (carom_anim_gif_layout (fig.cache, fig.box, &style, &options, GIF_WIDTH, &layout_w,
                                        &layout_h, &view, NULL));
  g_assert_cmpint (layout_w, ==, w);
  g_assert_cmpint (layout_h, ==, h);
  const int tint[3] = {
    channel (1.0 - style.ball_fill.alpha + style.ball_fill.alpha * style.ball_fill.red),
    channel (1.0 - style.ball_fill.alpha + style.ball_fill.alpha * style.ball_fill.green),
    channel (1.0 - style.ball_fill.alpha + style.ball_fill.alpha * style.ball_fill.blue),
  };
  const int path_colour[3]
      = { channel (style.path.red), channel (style.path.green), channel (style.path.blue) };
  double marker_px = style.marker_radius * view.pt;
  double step_px = timing.speed * timing.frame_time * view.scale;
  g_test_message ("%u frames, the ball %.1f px a frame", timing.n_frames, step_px);
  g_assert_cmpfloat (step_px, >, 3.0 * CENTRE_TOLERANCE_PX);

  guint checked = 0, markers = 0;
  for (guint k = 1; k <= n_hits; k++)
    {
      /* The first frame whose time reaches s_k / speed. */
      guint f = carom_anim_hit_frame (&timing, fig.cache, k);
      g_assert_cmpfloat (f * timing.frame_time * timing.speed, >=, s[k] - 1e-9 * s[k]);
      g_assert_true (f == 0 || (f - 1) * timing.frame_time * timing.speed < s[k]);
      g_assert_cmpuint (f, <, timing.n_frames);
      if (f == 0 || (k > 1 && s[k] - s[k - 1] < 4.0 * timing.speed * timing.frame_time))
        continue; /* hits a frame apart: the frame before belongs to the hit before */
      CgVec2 p_k = carom_view_to_device (&view, bt->trace.hits[k - 1].point);
      for (guint g = f - 1; g <= f; g++)
        {
          CgVec2 want
              = carom_view_to_device (&view, carom_anim_ball_at (&timing, fig.cache, fig.box, g));
          CgVec2 seen = { 0.0, 0.0 };
          g_assert_true (tint_centre (frames[g], w, h, tint, bt->ball->radius * view.scale, &seen));
          double off = cg_distance (want, seen);
          if (off > CENTRE_TOLERANCE_PX)
            g_test_message ("hit %u, frame %u: ball at (%.1f, %.1f), expected (%.1f, %.1f)", k, g,
                            seen.x, seen.y, want.x, want.y);
          g_assert_cmpfloat (off, <=, CENTRE_TOLERANCE_PX);
          /* In frame f the ball has just reached hit k: within a frame's
           * travel past it. */
          if (g == f)
            g_assert_cmpfloat (cg_distance (want, p_k), <=, step_px + 1e-6);
        }
      /* The hit's marker: its ring drawn in frame f, not in the frame before
       * (unless an earlier hit left one there: the example's path repeats). */
      gboolean revisited = FALSE;
      for (guint j = 1; j < k; j++)
        revisited = revisited
                    || cg_distance (carom_view_to_device (&view, bt->trace.hits[j - 1].point), p_k)
                           < 4.0 * marker_px;
      double before = ring_share (frames[f - 1], w, h, p_k, marker_px, path_colour);
      double after = ring_share (frames[f], w, h, p_k, marker_px, path_colour);
      g_assert_cmpfloat (after, >=, 0.6);
      if (!revisited)
        {
          g_assert_cmpfloat (before, <=, 0.4);
          markers++;
        }
      checked++;
    }
  g_test_message ("%u of %u hits checked frame by frame, %u markers seen appear", checked, n_hits,
                  markers);
  g_assert_cmpuint (checked, >=, n_hits / 2);
  g_assert_cmpuint (markers, >=, 3);

  if (g_getenv ("CAROM_KEEP_ANIM") != NULL)
    {
      /* Frames to look at: the frames of hits 1 to 3 as PNG. */
      for (guint k = 1; k <= MIN (n_hits, 3u); k++)
        {
          guint f = carom_anim_hit_frame (&timing, fig.cache, k);
          cairo_surface_t *png = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
          guint8 *data = cairo_image_surface_get_data (png);
          int stride = cairo_image_surface_get_stride (png);
          for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
              {
                const Px *p = &frames[f][(gsize)y * (gsize)w + (gsize)x];
                ((guint32 *)(data + y * stride))[x]
                    = (guint32)p->rgb[0] << 16 | (guint32)p->rgb[1] << 8 | p->rgb[2];
              }
          cairo_surface_mark_dirty (png);
          g_autofree char *name = g_strdup_printf ("%s/hit%u-frame%u.png", dir, k, f);
          cairo_surface_write_to_png (png, name);
          cairo_surface_destroy (png);
        }
      g_test_message ("kept %s", dir);
    }
  else
    {
      g_remove (gif_path);
      g_rmdir (dir);
    }
  for (int i = 0; i < gif->ImageCount; i++)
    g_free (frames[i]);
  g_free (frames);
  DGifCloseFile (gif, &code);
  figure_clear (&fig);
}

/* Options out of range are refused with a message naming them. */
static void
test_timing_errors (void)
{
  Figure fig;
  figure_load (&fig, "seed.svg");
  CaromAnimTiming timing;
  g_autoptr (GError) error = NULL;
  g_assert_false (carom_anim_timing (fig.cache, fig.box, 0.0, 2.0, &timing, &error));
  g_assert_nonnull (strstr (error->message, "--fps"));
  g_clear_error (&error);
  g_assert_false (carom_anim_timing (fig.cache, fig.box, 25.0, -1.0, &timing, &error));
  g_assert_nonnull (strstr (error->message, "--hits-per-second"));
  g_clear_error (&error);
  /* 29 hits at 0.01 a second would be thousands of frames. */
  g_assert_false (carom_anim_timing (fig.cache, fig.box, 50.0, 0.01, &timing, &error));
  g_assert_nonnull (strstr (error->message, "frames"));
  figure_clear (&fig);
}

/* ---- SVG --------------------------------------------------------------- */

static int
run (const char *const *argv, char **out)
{
  int wait_status = 0;
  g_autoptr (GError) error = NULL;
  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL,
                               G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, out,
                               NULL, &wait_status, &error));
  g_assert_no_error (error);
  return WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
}

static xmlNode *
find_element (xmlNode *n, const char *name, const char *attr, const char *value)
{
  for (; n != NULL; n = n->next)
    {
      if (n->type == XML_ELEMENT_NODE && strcmp ((const char *)n->name, name) == 0)
        {
          xmlChar *v = attr != NULL ? xmlGetProp (n, (const xmlChar *)attr) : NULL;
          gboolean match = attr == NULL || (v != NULL && strcmp ((const char *)v, value) == 0);
          xmlFree (v);
          if (match)
            return n;
        }
      xmlNode *inner = find_element (n->children, name, attr, value);
      if (inner != NULL)
        return inner;
    }
  return NULL;
}

static char **
split_attr (xmlNode *n, const char *attr)
{
  xmlChar *v = xmlGetProp (n, (const xmlChar *)attr);
  g_assert_nonnull (v);
  char **parts = g_strsplit ((const char *)v, ";", -1);
  xmlFree (v);
  return parts;
}

static void
test_svg (void)
{
  Figure fig;
  figure_load (&fig, "seed.svg");
  CaromStyle style = carom_style_article ();
  CaromRenderOptions options;
  carom_render_options_init (&options);
  g_autoptr (GError) error = NULL;
  CaromAnimTiming timing;
  g_assert_true (carom_anim_timing (fig.cache, fig.box, 25.0, 3.0, &timing, &error));
  g_autofree char *drawing
      = carom_export_animated_svg_fragment (fig.cache, fig.box, &style, &options, &timing, &error);
  g_assert_no_error (error);
  g_autofree char *dir = g_dir_make_tmp ("carom-anim-XXXXXX", &error);
  g_autofree char *svg = g_build_filename (dir, "anim.svg", NULL);
  g_assert_true (carom_svg_write_file_with_generated (fig.scene, drawing, svg, &error));
  g_assert_no_error (error);

  /* Well-formed. */
  const char *lint[] = { "xmllint", "--noout", "--nonet", svg, NULL };
  g_assert_cmpint (run (lint, NULL), ==, 0);

  /* The same scene: the same trace. */
  const char *exe = g_getenv ("CAROM_EXE");
  if (exe != NULL && g_file_test (exe, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_autofree char *before = NULL, *after = NULL;
      const char *a[] = { exe, "trace", "--json", fig.path, NULL };
      const char *b[] = { exe, "trace", "--json", svg, NULL };
      g_assert_cmpint (run (a, &before), ==, 0);
      g_assert_cmpint (run (b, &after), ==, 0);
      g_assert_cmpstr (before, ==, after);
    }
  g_autoptr (CmScene) again = carom_svg_read_file (svg, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (again->objects->len, ==, fig.scene->objects->len);

  /* The ball's animation: the trace's points at keyTimes ∝ path length. */
  xmlDoc *doc = xmlReadFile (svg, NULL, XML_PARSE_NONET);
  g_assert_nonnull (doc);
  xmlNode *ball = find_element (xmlDocGetRootElement (doc), "g", "class", "carom-ball");
  g_assert_nonnull (ball);
  xmlNode *cx = find_element (ball->children, "animate", "attributeName", "cx");
  xmlNode *cy = find_element (ball->children, "animate", "attributeName", "cy");
  g_assert_nonnull (cx);
  g_assert_nonnull (cy);
  g_auto (GStrv) xs = split_attr (cx, "values");
  g_auto (GStrv) ys = split_attr (cy, "values");
  g_auto (GStrv) times = split_attr (cx, "keyTimes");
  g_auto (GStrv) times_y = split_attr (cy, "keyTimes");
  const CaromBallTrace *bt = carom_render_cache_get_ball (fig.cache);
  guint n = (guint)bt->trace.n_hits;
  /* start, the hits, the end held until the loop restarts */
  g_assert_cmpuint (g_strv_length (xs), ==, n + 2);
  g_assert_cmpuint (g_strv_length (ys), ==, n + 2);
  g_assert_cmpuint (g_strv_length (times), ==, n + 2);
  g_assert_true (g_strv_equal ((const char *const *)times, (const char *const *)times_y));
  xmlChar *dur = xmlGetProp (cx, (const xmlChar *)"dur");
  double total = g_ascii_strtod ((const char *)dur, NULL);
  xmlFree (dur);
  g_assert_cmpfloat_with_epsilon (total, timing.duration + CAROM_ANIM_HOLD_SECONDS, 1e-9);
  double s = 0.0;
  CgVec2 prev = bt->ball->center;
  for (guint i = 0; i <= n; i++)
    {
      CgVec2 p = i == 0 ? bt->ball->center : bt->trace.hits[i - 1].point;
      s += cg_distance (prev, p);
      prev = p;
      g_assert_cmpfloat (g_ascii_strtod (xs[i], NULL), ==, p.x);
      g_assert_cmpfloat (g_ascii_strtod (ys[i], NULL), ==, p.y);
      double t = g_ascii_strtod (times[i], NULL);
      g_assert_cmpfloat_with_epsilon (t * total * timing.speed, s, 1e-9 * MAX (s, 1.0));
      g_assert_true (i == 0 || t >= g_ascii_strtod (times[i - 1], NULL));
    }
  g_assert_cmpstr (times[n + 1], ==, "1");
  /* Each hit's marker appears at its keyTime. */
  xmlNode *marker
      = find_element (xmlDocGetRootElement (doc), "animate", "attributeName", "opacity");
  g_assert_nonnull (marker);
  g_auto (GStrv) marker_times = split_attr (marker, "keyTimes");
  g_assert_cmpstr (marker_times[1], ==, times[1]);
  xmlFreeDoc (doc);

  g_remove (svg);
  g_rmdir (dir);
  figure_clear (&fig);
}

/* ---- the command line -------------------------------------------------- */

/* `carom export` writes .tex, .gif and animated .svg, and refuses options
 * that do not go together with exit status 2 and a message naming them. */
static void
test_cli (void)
{
  const char *exe = g_getenv ("CAROM_EXE");
  if (exe == NULL || !g_file_test (exe, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("needs CAROM_EXE");
      return;
    }
  g_autofree char *scene = test_example_path ("seed.svg");
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("carom-anim-XXXXXX", &error);
  g_autofree char *gif = g_build_filename (dir, "a.gif", NULL);
  g_autofree char *svg = g_build_filename (dir, "a.svg", NULL);
  g_autofree char *tex = g_build_filename (dir, "a.tex", NULL);

  const char *to_gif[] = { exe, "export",  scene, "-o", gif, "--fps", "10", "--hits-per-second",
                           "8", "--width", "300", NULL };
  g_assert_cmpint (run (to_gif, NULL), ==, 0);
  int code = 0;
  GifFileType *decoded = DGifOpenFileName (gif, &code);
  g_assert_nonnull (decoded);
  g_assert_cmpint (DGifSlurp (decoded), ==, GIF_OK);
  g_assert_cmpint (decoded->SWidth, >=, 300);
  GraphicsControlBlock gcb;
  g_assert_cmpint (DGifSavedExtensionToGCB (decoded, 0, &gcb), ==, GIF_OK);
  g_assert_cmpint (gcb.DelayTime, ==, 10);
  /* 29 hits at 8 a second: 3.625 s of motion, a frame every 0.1 s. */
  g_assert_cmpint (decoded->ImageCount, >=, 37);
  g_assert_cmpint (decoded->ImageCount, <=, 40);
  DGifCloseFile (decoded, &code);

  const char *to_svg[] = { exe, "export", scene, "-o", svg, "--animate", NULL };
  g_assert_cmpint (run (to_svg, NULL), ==, 0);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (svg, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "<animate attributeName=\"cx\""));

  const char *to_tex[]
      = { exe, "export", scene, "-o", tex, "--tikz-fragment", "--step", "1", NULL };
  g_assert_cmpint (run (to_tex, NULL), ==, 0);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (tex, &text, NULL, NULL));
  g_assert_true (g_str_has_prefix (text, "%"));
  g_assert_nonnull (strstr (text, "\\begin{tikzpicture}"));
  g_assert_null (strstr (text, "\\documentclass"));

  static const struct
  {
    const char *out, *option, *value, *message;
  } refused[] = {
    { "refused.png", "--animate", NULL, "--animate" },
    { "refused.tex", "--animate", NULL, "--animate" },
    { "refused.svg", "--fps", "10", "--fps" },
    { "refused.png", "--hits-per-second", "3", "--hits-per-second" },
    { "refused.pdf", "--tikz-fragment", NULL, "--tikz-fragment" },
    { "refused.gif", "--fps", "0", "--fps" },
    { "refused.gif", "--hits-per-second", "-2", "--hits-per-second" },
    { "refused.jpg", "--step", "1", ".tex or .gif" },
    { "refused.gif", "--step", "3", "--step" },
    { "refused.gif", "--steps", "1-3", "--steps" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autofree char *out = g_build_filename (dir, refused[i].out, NULL);
      const char *argv[]
          = { exe, "export", scene, "-o", out, refused[i].option, refused[i].value, NULL };
      g_autofree char *err = NULL;
      int wait_status = 0;
      g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL,
                                   NULL, NULL, &err, &wait_status, NULL));
      g_assert_true (WIFEXITED (wait_status));
      g_assert_cmpint (WEXITSTATUS (wait_status), ==, 2);
      g_assert_nonnull (strstr (err, refused[i].message));
      g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
    }

  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  for (const char *name; d != NULL && (name = g_dir_read_name (d)) != NULL;)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_remove (path);
    }
  g_rmdir (dir);
}

/// The GIF of the seed scene at the default options before its hits were
/// numbered (830,164 bytes): what the numbered GIF may not outgrow.
#define SEED_GIF_BYTES_BEFORE 830164

static gboolean
dark (const Px *p)
{
  return p->rgb[0] + p->rgb[1] + p->rgb[2] < 300;
}

/* A pixel of a label's text: dark with labels, much lighter without. */
static gboolean
text_pixel (const Px *with, const Px *without)
{
  int a = with->rgb[0] + with->rgb[1] + with->rgb[2];
  int b = without->rgb[0] + without->rgb[1] + without->rgb[2];
  return a < 300 && b - a > 200;
}

/* The GIF at the default options numbers the hits as its legend promises
 * ("Hit, numbered"): each spot the ball hits gets its number (spots hit
 * more than once share "1, 5, …"), once the ball has reached it; labels are
 * drawn over the path and the ball, never under them; the file is no larger
 * than it was before the numbers. */
static void
test_gif_labels (void)
{
  const char *exe = g_getenv ("CAROM_EXE");
  g_assert_nonnull (exe);
  g_autofree char *scene = test_example_path ("seed.svg");
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("carom-anim-XXXXXX", &error);
  g_autofree char *with = g_build_filename (dir, "with.gif", NULL);
  g_autofree char *without = g_build_filename (dir, "without.gif", NULL);
  const char *args_with[] = { exe, "export", scene, "-o", with, NULL };
  const char *args_without[]
      = { exe, "export", scene, "-o", without, "--show", "path,outlines,legend", NULL };
  g_assert_cmpint (run (args_with, NULL), ==, 0);
  g_assert_cmpint (run (args_without, NULL), ==, 0);
  GStatBuf st;
  g_assert_cmpint (g_stat (with, &st), ==, 0);
  g_test_message ("the seed scene's GIF at the default options: %" G_GINT64_FORMAT
                  " bytes (%d before its hits were numbered)",
                  (gint64)st.st_size, SEED_GIF_BYTES_BEFORE);
  g_assert_cmpint (st.st_size, <=, SEED_GIF_BYTES_BEFORE);

  int code = 0;
  GifFileType *a = DGifOpenFileName (with, &code), *b = DGifOpenFileName (without, &code);
  g_assert_cmpint (DGifSlurp (a), ==, GIF_OK);
  g_assert_cmpint (DGifSlurp (b), ==, GIF_OK);
  g_assert_cmpint (a->SWidth, ==, b->SWidth);
  g_assert_cmpint (a->ImageCount, ==, b->ImageCount);
  int w = a->SWidth, h = a->SHeight, n = a->ImageCount;
  Px **fa = compose_frames (a), **fb = compose_frames (b);

  /* The labels' text: dark in the last frame with labels, not without. */
  gsize n_px = (gsize)w * (gsize)h;
  g_autofree guint8 *text = g_new0 (guint8, n_px);
  for (gsize i = 0; i < n_px; i++)
    text[i] = text_pixel (&fa[n - 1][i], &fb[n - 1][i]);

  /* Each spot the ball hits has text near it (within two label heights)
   * from the frame its first hit is reached. */
  Figure fig;
  figure_load (&fig, "seed.svg");
  CaromStyle style = carom_style_article ();
  CaromRenderOptions options;
  carom_render_options_init (&options);
  CaromAnimTiming timing;
  g_assert_true (carom_anim_timing (fig.cache, fig.box, CAROM_ANIM_DEFAULT_FPS,
                                    CAROM_ANIM_DEFAULT_HITS_PER_SECOND, &timing, NULL));
  CaromView view;
  g_assert_true (carom_anim_gif_layout (fig.cache, fig.box, &style, &options,
                                        CAROM_ANIM_DEFAULT_WIDTH, NULL, NULL, &view, NULL));
  const CaromBallTrace *bt = carom_render_cache_get_ball (fig.cache);
  double reach = 2.0 * 1.2 * style.label_size * view.pt;
  guint spots = 0, numbered = 0;
  for (guint k = 1; k <= bt->trace.n_hits; k++)
    {
      CgVec2 p = carom_view_to_device (&view, bt->trace.hits[k - 1].point);
      gboolean seen_before = FALSE;
      for (guint j = 1; j < k; j++)
        seen_before
            = seen_before
              || cg_distance (carom_view_to_device (&view, bt->trace.hits[j - 1].point), p) < 2.0;
      if (seen_before)
        continue;
      spots++;
      guint f = carom_anim_hit_frame (&timing, fig.cache, k);
      /* Text near the spot in the last frame that was not there before the
       * hit: its number (a name nearby shows from the first frame). */
      guint appeared = 0;
      for (int y = MAX ((int)(p.y - reach), 0); y < MIN ((int)(p.y + reach), h); y++)
        for (int x = MAX ((int)(p.x - reach), 0); x < MIN ((int)(p.x + reach), w); x++)
          {
            gsize i = (gsize)y * (gsize)w + (gsize)x;
            appeared += text[i] && f > 0 && !text_pixel (&fa[f - 1][i], &fb[f - 1][i]);
          }
      g_test_message ("hit %u (frame %u): %u pixels of text appeared near it", k, f, appeared);
      numbered += appeared >= 5;
    }
  g_test_message ("%u of %u spots hit numbered", numbered, spots);
  g_assert_cmpuint (numbered, >=, spots - 1); /* one may be thinned by a name beside it */
  g_assert_cmpuint (numbered, >=, 3);

  /* Over the path and the ball: text, once drawn, stays dark in every frame. */
  guint covered = 0;
  for (gsize i = 0; i < n_px; i++)
    {
      if (!text[i])
        continue;
      gboolean shown = FALSE;
      for (int f = 0; f < n; f++)
        {
          gboolean d = text_pixel (&fa[f][i], &fb[f][i]);
          if (shown && !dark (&fa[f][i]))
            covered++;
          shown = shown || d;
        }
    }
  g_test_message ("text pixels a later frame drew over: %u", covered);
  g_assert_cmpuint (covered, ==, 0);

  for (int i = 0; i < n; i++)
    {
      g_free (fa[i]);
      g_free (fb[i]);
    }
  g_free (fa);
  g_free (fb);
  DGifCloseFile (a, &code);
  DGifCloseFile (b, &code);
  figure_clear (&fig);
  g_remove (with);
  g_remove (without);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/export-anim/timing-errors", test_timing_errors);
  g_test_add_func ("/export-anim/gif", test_gif);
  g_test_add_func ("/export-anim/svg", test_svg);
  g_test_add_func ("/export-anim/cli", test_cli);
  g_test_add_func ("/export-anim/gif-labels", test_gif_labels);
  int status = g_test_run ();
  carom_render_shutdown ();
  return status;
}
