/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-drag.c: what one step of a vertex drag costs on a big scene.
 *
 * usage: bench-drag SCENE.txt [--drag FILE] [--width W] [--height H] [--full-view] [--fan N]
 *                            [--recording]
 *
 * SCENE.txt comes from tests/bench/gen_scene.py (scripts/bench makes
 * them): the room as a wall, the obstacles, and a ball at the first cast.
 * The program opens it in a document, selects the obstacle the ball hits
 * first, and replays a recorded drag of one of its vertices through the
 * vertex tool (carom-editor.h), the same calls the canvas makes for pointer
 * events. Each step is timed in three parts, as the canvas does them in one
 * frame:
 *   edit     the editor's motion: snap, check the polygon, the undo command,
 *            and the document bringing the trace up to date (in place: the
 *            outline replaced, the BVH refitted, every ball traced again)
 *   trace    building the trace anew, when the edit could not update it in
 *            place (the outline gained or lost an arc, say)
 *   redraw   the render cache updated (or rebuilt) and the frame drawn, with
 *            the tools' marks, into a W × H image (default 1280 × 800, the
 *            canvas of a 1600 × 900 window with the inspector open)
 * The view is zoomed on the dragged obstacle (it and four of its sizes around
 * it fill the canvas), as a user fixing a vertex would; --full-view draws the
 * whole scene instead (the drag still moves by pixels of the zoomed view).
 *
 * The drag (--drag FILE, default tests/bench/vertex-drag.txt) is a list of
 * pointer offsets from the vertex in pixels, one "dx dy" a line: 120 events
 * of a two-second drag at 60 Hz.
 *
 * --recording draws each frame as GTK 4.8 draws a widget's cairo node: into
 * a recording surface, replayed onto a new image (what the window did before
 * the canvas drew into an image of its own).
 *
 * --fan N adds a fan beam of N rays (360° around the ball's direction, the
 * ball's radius and 29 bounces) at the ball's start: every step then traces
 * and draws the N rays too (issue 15: 10^3 rays at 1920 × 1080 in 16 ms).
 *
 * Prints the median, 95th percentile and worst step of each part and of
 * their total, against the 16 ms of a 60 Hz frame; then the CPU time of the
 * edit and of the redraw (all the process's threads), which a busy machine
 * disturbs less than the wall clock. */
#include <cairo.h>
#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "app/carom-canvas-overlay.h"
#include "control/carom-document.h"
#include "control/carom-editor.h"
#include "bench-scene.h"
#include "model/carom-edit.h"
#include "render/carom-render.h"

static double
now (void)
{
  return g_get_monotonic_time () / 1e3; /* ms */
}

/* The CPU time of every thread of the process, in ms. */
static double
cpu_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The room, the obstacles and the ball, added through the edit commands as a
 * user's scene would be (then the history is forgotten by a fresh document). */
static void
fill_document (CaromDocument *doc, const BenchScene *s, guint fan)
{
  CmScene *scene = carom_document_get_edit_scene (doc);
  CgVec2 room[4] = { { 0, 0 }, { s->room, 0 }, { s->room, s->room }, { 0, s->room } };
  CmObject *wall = cm_scene_add_polygon (scene, "room", CG_ROLE_WALL, room, 4);
  cg_polygon_orient (wall->points, wall->n_points, CG_ROLE_WALL);
  const CgVec2 *v = (const CgVec2 *)s->verts->data;
  for (guint i = 0; i < s->counts->len; i++)
    {
      size_t n = g_array_index (s->counts, size_t, i);
      CmObject *o = cm_scene_add_polygon (scene, NULL, CG_ROLE_OBSTACLE, v, n);
      cg_polygon_orient (o->points, o->n_points, CG_ROLE_OBSTACLE);
      v += n;
    }
  const double *c = &g_array_index (s->casts, double, 0);
  cm_scene_add_ball (scene, "ball", cg_v2 (c[0], c[1]), c[4], cg_v2 (c[2], c[3]),
                     CAROM_DEFAULT_MAX_BOUNCES);
  if (fan > 0)
    g_ptr_array_add (scene->objects,
                     cm_object_new_fan_beam ("fan", cg_v2 (c[0], c[1]), c[4], cg_v2 (c[2], c[3]),
                                             360.0, fan, CAROM_DEFAULT_MAX_BOUNCES));
  cm_scene_assign_ids (scene);
  carom_document_edited (doc);
}

static GArray *
read_drag (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  if (!g_file_get_contents (path, &text, NULL, &error))
    {
      fprintf (stderr, "bench-drag: %s\n", error->message);
      exit (2);
    }
  GArray *offsets = g_array_new (FALSE, FALSE, sizeof (CgVec2));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *end;
      CgVec2 d;
      d.x = g_ascii_strtod (lines[i], &end);
      if (end == lines[i] || lines[i][0] == '#')
        continue;
      d.y = g_ascii_strtod (end, NULL);
      g_array_append_val (offsets, d);
    }
  return offsets;
}

typedef struct
{
  const char *name;
  double *ms;
} Part;

static void
report (const char *name, double *ms, guint n)
{
  qsort (ms, n, sizeof *ms, compare_doubles);
  printf ("  %-8s median %7.2f ms   p95 %7.2f ms   worst %7.2f ms\n", name, ms[n / 2],
          ms[MIN (n - 1, (guint)ceil (0.95 * n) - 1)], ms[n - 1]);
}

int
main (int argc, char **argv)
{
  const char *drag_path = NULL;
  int width = 1280, height = 800;
  gboolean full_view = FALSE, recording = FALSE;
  gint fan = 0;
  GOptionEntry entries[] = {
    { "fan", 0, 0, G_OPTION_ARG_INT, &fan, "Add a fan beam of N rays at the ball", "N" },
    { "drag", 0, 0, G_OPTION_ARG_FILENAME, &drag_path, "Pointer offsets of the drag", "FILE" },
    { "width", 0, 0, G_OPTION_ARG_INT, &width, "Canvas width (px)", "W" },
    { "height", 0, 0, G_OPTION_ARG_INT, &height, "Canvas height (px)", "H" },
    { "full-view", 0, 0, G_OPTION_ARG_NONE, &full_view, "Draw the whole scene", NULL },
    { "recording", 0, 0, G_OPTION_ARG_NONE, &recording,
      "Draw through a recording surface, replayed", NULL },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("SCENE.txt");
  g_option_context_add_main_entries (context, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2 || fan < 0)
    {
      fprintf (stderr, "usage: bench-drag SCENE.txt [--drag FILE] [--full-view] [--fan N]\n");
      return 2;
    }
  if (drag_path == NULL)
    drag_path = SOURCE_DIR "/vertex-drag.txt";

  BenchScene s = { 0 };
  if (!bench_scene_read (argv[1], &s, &error))
    {
      fprintf (stderr, "bench-drag: %s\n", error->message);
      return 2;
    }
  g_autoptr (GArray) drag = read_drag (drag_path);
  g_autoptr (CaromDocument) doc = carom_document_new ();
  fill_document (doc, &s, (guint)fan);
  const CmScene *scene = carom_document_get_scene (doc);

  /* The obstacle the ball hits first (else the first obstacle). */
  const CmSceneTrace *trace = carom_document_get_trace (doc);
  const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, 0);
  guint target = 1;
  if (bt->trace.n_hits > 0)
    {
      const CmObject *hit = cm_scene_trace_polygon (trace, bt->trace.hits[0].object);
      for (guint i = 0; i < scene->objects->len; i++)
        if (g_ptr_array_index (scene->objects, i) == hit)
          target = i;
    }
  const CmObject *o = g_ptr_array_index (scene->objects, target);
  CgAabb box = cg_polygon_bounds (o->points, o->n_points);
  double size = fmax (box.hi.x - box.lo.x, box.hi.y - box.lo.y);

  /* A user fixing a vertex zooms in: the obstacle and four of its sizes
   * around it fill the canvas. The drag's pixels are pixels of this view. */
  CgAabb around = { cg_sub (box.lo, cg_v2 (size * 4, size * 4)),
                    cg_add (box.hi, cg_v2 (size * 4, size * 4)) };
  CaromView zoomed = carom_view_fit (around, width, height, 24.0, CAROM_VIEW_SCREEN_PT);
  CaromView view = full_view ? carom_view_fit (cm_scene_get_bounds (scene), width, height, 24.0,
                                               CAROM_VIEW_SCREEN_PT)
                             : zoomed;

  g_autoptr (CaromEditor) editor = carom_editor_new (doc);
  carom_editor_set_view (editor, zoomed.scale, carom_view_grid_step (&zoomed, 36.0));
  carom_editor_set_snapping (editor, TRUE, TRUE);
  carom_editor_set_tool (editor, CAROM_TOOL_VERTEX);
  carom_editor_select (editor, &target, 1, FALSE);
  CgVec2 vertex = o->points[0];
  carom_editor_press (editor, vertex, 1, 0);

  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  CaromStyle style = carom_style_screen (FALSE);
  CaromRenderOptions options;
  carom_render_options_init (&options);
  options.overlays = CAROM_OVERLAY_PATH | CAROM_OVERLAY_OUTLINES | CAROM_OVERLAY_LABELS;

  guint n = drag->len;
  double *update = g_new (double, n), *retrace = g_new (double, n), *redraw = g_new (double, n),
         *total = g_new (double, n), *update_cpu = g_new (double, n),
         *redraw_cpu = g_new (double, n);
  guint refused = 0;
  CaromRenderCache *cache = carom_render_cache_new (scene, trace, 0);
  for (guint i = 0; i < n; i++)
    {
      CgVec2 d = g_array_index (drag, CgVec2, i);
      CgVec2 p = cg_v2 (vertex.x + d.x / zoomed.scale, vertex.y + d.y / zoomed.scale);
      double c0 = cpu_now (), t0 = now ();
      carom_editor_motion (editor, p, 0);
      double t1 = now (), c1 = cpu_now ();
      trace = carom_document_get_trace (doc);
      double c2 = cpu_now (), t2 = now ();
      /* What the canvas does: update its cache when the trace was updated
       * in place, else build a new one. */
      const GArray *updated = carom_document_get_updated_polygons (doc);
      if (updated != NULL && cache != NULL)
        carom_render_cache_update (cache, (const guint *)updated->data, updated->len);
      else
        {
          carom_render_cache_free (cache);
          cache = carom_render_cache_new (scene, trace, 0);
        }
      if (recording)
        {
          cairo_surface_t *rec = cairo_recording_surface_create (
              CAIRO_CONTENT_COLOR_ALPHA, &(cairo_rectangle_t){ 0, 0, width, height });
          cairo_t *rcr = cairo_create (rec);
          carom_render (rcr, cache, &view, &style, &options, NULL);
          carom_canvas_overlay_draw (rcr, editor, scene, &view, FALSE);
          cairo_destroy (rcr);
          cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
          cairo_t *icr = cairo_create (img);
          cairo_set_source_surface (icr, rec, 0, 0);
          cairo_paint (icr);
          cairo_destroy (icr);
          cairo_surface_flush (img);
          cairo_surface_destroy (img);
          cairo_surface_destroy (rec);
        }
      else
        {
          cairo_set_source_rgb (cr, 1, 1, 1);
          cairo_paint (cr);
          carom_render (cr, cache, &view, &style, &options, NULL);
          carom_canvas_overlay_draw (cr, editor, scene, &view, FALSE);
          cairo_surface_flush (surface);
        }
      double t3 = now (), c3 = cpu_now ();
      update_cpu[i] = c1 - c0;
      redraw_cpu[i] = c3 - c2;
      refused += !carom_editor_get_state (editor)->preview_valid;
      update[i] = t1 - t0;
      retrace[i] = t2 - t1;
      redraw[i] = t3 - t2;
      total[i] = t3 - t0;
    }
  carom_editor_release (editor, cg_v2 (NAN, NAN), 0);
  carom_render_cache_free (cache);
  gboolean one_step = carom_document_undo (doc) && !carom_document_undo (doc);

  printf ("%s: %u obstacles; vertex 0 of %s dragged over %u pointer events (%u refused), "
          "%s view %d x %d at %.3g px/unit",
          argv[1], s.counts->len, o->id, n, refused, full_view ? "full" : "zoomed", width, height,
          view.scale);
  if (fan > 0)
    printf ("; a fan of %d rays live", fan);
  if (recording)
    printf ("; drawn through a recording surface");
  printf ("\n");
  report ("edit", update, n);
  report ("trace", retrace, n);
  report ("redraw", redraw, n);
  report ("total", total, n);
  printf ("  CPU time:\n");
  report ("edit", update_cpu, n);
  report ("redraw", redraw_cpu, n);
  printf ("  the drag is %s undo step\n", one_step ? "one" : "NOT one");

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  g_free (update);
  g_free (retrace);
  g_free (redraw);
  g_free (total);
  g_free (update_cpu);
  g_free (redraw_cpu);
  bench_scene_clear (&s);
  carom_render_shutdown ();
  return one_step ? 0 : 1;
}
