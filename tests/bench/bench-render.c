/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-render.c: how long carom_render() takes on a big scene.
 *
 * usage: bench-render SCENE.txt [--frames N] [--hits N] [--show LIST] [--no-lod]
 *        bench-render SCENE.txt --fan N [--frames N] [--by ray|bounces|single]
 *
 * SCENE.txt comes from tests/bench/gen_scene.py (scripts/bench makes
 * them). The scene becomes a CmScene (the room as a wall, the obstacles)
 * with one ball at the first cast. Its path is W2's (docs/benchmarks.md):
 * cast, move to the contact, reflect, obstacles reflecting too, for --hits
 * bounces (default 500); a Carom trace would stop at the first obstacle.
 * Every overlay is on (path, outlines, normals, boxes, BVH, labels, legend,
 * grid; --show chooses others) in the light screen style, drawn into a 1920 × 1080 image surface:
 * at full view, and zoomed on a 50 × 50-unit area around the ball's start.
 * Prints the render cache's build time once, then the median time of N
 * frames (after one warm-up frame), wall-clock and CPU, and what each frame
 * drew. --no-lod turns
 * the level of detail off (every polygon drawn in full, every BVH box).
 *
 * --fan N: issue 15's beam workload instead. The ball becomes a fan beam of
 * N rays (90° wide, around the first cast's direction, 29 bounces), the
 * obstacles reflect (carom:on-hit="reflect") so that every ray makes its
 * bounces, and the scene is traced by cm_scene_trace() (its time printed).
 * Frames draw every ray blended (the path overlay only, coloured by --by) at
 * full view into 1920 × 1080: the figure to hold under 100 ms. */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench-scene.h"
#include "render/carom-render.h"

#define WIDTH 1920
#define HEIGHT 1080

static double
now (void)
{
  return g_get_monotonic_time () / 1e3; /* ms */
}

/* This thread's CPU time in ms: what a frame costs, less what other
 * programs on a busy machine take from it. */
static double
cpu_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The room and the obstacles as a scene; the ball at the first cast. */
static CmScene *
build_scene (const BenchScene *s, guint fan)
{
  CmScene *scene = cm_scene_new ();
  CgVec2 room[4] = { { 0, 0 }, { s->room, 0 }, { s->room, s->room }, { 0, s->room } };
  CmObject *wall = cm_scene_add_polygon (scene, "room", CG_ROLE_WALL, room, 4);
  cg_polygon_orient (wall->points, wall->n_points, CG_ROLE_WALL);
  const CgVec2 *v = (const CgVec2 *)s->verts->data;
  for (guint i = 0; i < s->counts->len; i++)
    {
      size_t n = g_array_index (s->counts, size_t, i);
      CmObject *o = cm_scene_add_polygon (scene, NULL, CG_ROLE_OBSTACLE, v, n);
      cg_polygon_orient (o->points, o->n_points, CG_ROLE_OBSTACLE);
      if (fan > 0)
        o->on_hit = CG_ON_HIT_REFLECT;
      v += n;
    }
  const double *c = &g_array_index (s->casts, double, 0);
  if (fan > 0)
    g_ptr_array_add (scene->objects,
                     cm_object_new_fan_beam ("fan", cg_v2 (c[0], c[1]), c[4], cg_v2 (c[2], c[3]),
                                             90.0, fan, CAROM_DEFAULT_MAX_BOUNCES));
  else
    cm_scene_add_ball (scene, "ball", cg_v2 (c[0], c[1]), c[4], cg_v2 (c[2], c[3]), 0);
  cm_scene_assign_ids (scene);
  return scene;
}

/* Replaces the ball's trace by W2's path of n_hits bounces (every hit
 * reflects; the primitive just reflected off counts only at t > 0). */
static void
w2_path (CaromBallTrace *bt, guint n_hits)
{
  const CgWorld *w = bt->world;
  double r = bt->radius;
  CgTrace *t = &bt->trace;
  cg_trace_clear (t);
  t->hits = malloc (n_hits * sizeof *t->hits);
  g_assert (t->hits != NULL);
  CgVec2 pos = t->start, dir = t->direction;
  int64_t after = -1;
  for (guint i = 0; i < n_hits; i++)
    {
      CgWorldContact h = cg_world_cast_contact (w, pos, dir, r, after, FALSE);
      if (!h.hit)
        break;
      CgVec2 out = cg_normalize (cg_reflect (dir, h.normal));
      t->hits[t->n_hits++] = (CgHit){
        .index = i + 1,
        .prim = h.prim,
        .kind = (uint8_t)h.kind,
        .part = (uint8_t)h.part,
        .reflected = 1,
        .object = h.object,
        .element = h.element,
        .role = cg_world_boundary (w, h.object).role,
        .from = pos,
        .point = h.point,
        .normal = h.normal,
        .in = dir,
        .out = out,
        .distance = h.t,
        .stats = h.stats,
      };
      pos = h.point;
      dir = out;
      after = h.prim;
    }
  t->status = CG_TRACE_MAX_BOUNCES;
  t->end_direction = dir;
}

/* Median milliseconds of `frames` frames of view (after one warm-up), in
 * wall-clock time and in CPU time. */
static void
time_frames (cairo_t *cr, const CaromRenderCache *cache, const CaromView *view,
             const CaromStyle *style, const CaromRenderOptions *options, int frames,
             CaromRenderStats *stats, double *wall_ms, double *cpu_ms)
{
  carom_render (cr, cache, view, style, options, stats);
  double *wall = g_new (double, frames), *cpu = g_new (double, frames);
  for (int i = 0; i < frames; i++)
    {
      double t0 = now (), c0 = cpu_now ();
      carom_render (cr, cache, view, style, options, stats);
      cairo_surface_flush (cairo_get_target (cr));
      wall[i] = now () - t0;
      cpu[i] = cpu_now () - c0;
    }
  qsort (wall, frames, sizeof *wall, compare_doubles);
  qsort (cpu, frames, sizeof *cpu, compare_doubles);
  *wall_ms = wall[frames / 2];
  *cpu_ms = cpu[frames / 2];
  g_free (wall);
  g_free (cpu);
}

static void
print_rays (const char *what, double wall_ms, double cpu_ms, const CaromRenderStats *s)
{
  printf ("%-24s %7.2f ms/frame (CPU %7.2f ms)   rays %u, segments %u, beams %u\n", what, wall_ms,
          cpu_ms, s->rays_drawn, s->ray_segments_drawn, s->beams_drawn);
}

/* The --fan workload: a beam of fan rays traced, and drawn blended. */
static int
bench_fan (const BenchScene *bs, const char *name, guint fan, int frames, const char *by)
{
  g_autoptr (GError) error = NULL;
  CaromRenderOptions options;
  carom_render_options_init (&options);
  options.overlays = CAROM_OVERLAY_PATH;
  if (by != NULL && !carom_path_colouring_parse (by, &options.paths_by, &error))
    {
      g_printerr ("bench-render: %s\n", error->message);
      return 2;
    }
  g_autoptr (CmScene) scene = build_scene (bs, fan);
  double t0 = now ();
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  double trace_ms = now () - t0;
  size_t hits = 0;
  for (guint b = 0; b < trace->balls->len; b++)
    hits += g_array_index (trace->balls, CaromBallTrace, b).trace.n_hits;
  t0 = now ();
  g_autoptr (CaromRenderCache) cache = carom_render_cache_new (scene, trace, 0);
  double cache_ms = now () - t0;
  printf ("%s: %u obstacles (reflecting), a fan of %u rays, %zu hits in all; traced in %.1f ms "
          "(%u threads), render cache built in %.1f ms\n",
          name, bs->counts->len, trace->balls->len, hits, trace_ms,
          trace->n_threads > 0 ? trace->n_threads : g_get_num_processors (), cache_ms);

  CaromStyle style = carom_style_screen (FALSE);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  CaromRenderStats stats;
  CaromView full = carom_view_fit (carom_render_cache_get_bounds (cache), WIDTH, HEIGHT, 8.0,
                                   CAROM_VIEW_SCREEN_PT);
  double wall_ms, cpu_ms;
  g_autofree char *what
      = g_strdup_printf ("every ray, by %s", carom_path_colouring_name (options.paths_by));
  /* The process's CPU time too: the raster is inked by several threads. */
  struct timespec p0, p1;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &p0);
  time_frames (cr, cache, &full, &style, &options, frames, &stats, &wall_ms, &cpu_ms);
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &p1);
  double process_ms
      = ((p1.tv_sec - p0.tv_sec) * 1e3 + (p1.tv_nsec - p0.tv_nsec) / 1e6) / (frames + 1);
  print_rays (what, wall_ms, cpu_ms, &stats);
  printf ("%-24s %7.2f ms/frame of CPU in all threads (mean); %u cores\n", "", process_ms,
          g_get_num_processors ());
  if (g_getenv ("BENCH_RENDER_PNG") != NULL)
    {
      carom_render (cr, cache, &full, &style, &options, NULL);
      cairo_surface_write_to_png (surface, g_getenv ("BENCH_RENDER_PNG"));
    }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return 0;
}

static void
print_stats (const char *what, double wall_ms, double cpu_ms, const CaromRenderStats *s)
{
  printf ("%-24s %7.2f ms/frame (CPU %7.2f ms)   polygons %u (%u as boxes), outlines %u, "
          "BVH boxes %u, labels %u, hit markers %u\n",
          what, wall_ms, cpu_ms, s->polygons_visible, s->polygons_simplified, s->outlines_drawn,
          s->bvh_boxes_drawn, s->labels_drawn, s->hits_drawn);
}

int
main (int argc, char **argv)
{
  int frames = 15;
  int hits = 500;
  gboolean no_lod = FALSE;
  int fan = 0;
  g_autofree char *show = NULL, *by = NULL;
  GOptionEntry entries[] = {
    { "show", 0, 0, G_OPTION_ARG_STRING, &show, "Overlays (default: all)", "LIST" },
    { "frames", 0, 0, G_OPTION_ARG_INT, &frames, "Frames timed per view (median)", "N" },
    { "hits", 0, 0, G_OPTION_ARG_INT, &hits, "Bounces of the ball's path", "N" },
    { "no-lod", 0, 0, G_OPTION_ARG_NONE, &no_lod, "Draw every polygon and BVH box in full", NULL },
    { "fan", 0, 0, G_OPTION_ARG_INT, &fan, "A fan beam of N rays in place of the ball", "N" },
    { "by", 0, 0, G_OPTION_ARG_STRING, &by, "With --fan: colour paths by ray, bounces or single",
      "HOW" },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("SCENE.txt");
  g_option_context_add_main_entries (context, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2 || frames < 1 || hits < 1
      || fan < 0)
    {
      g_printerr ("usage: bench-render SCENE.txt [--frames N] [--hits N] [--show LIST] "
                  "[--no-lod]\n"
                  "       bench-render SCENE.txt --fan N [--frames N] [--by ray|bounces|single]\n");
      return 2;
    }
  BenchScene bs = { 0 };
  if (!bench_scene_read (argv[1], &bs, &error))
    {
      g_printerr ("bench-render: %s\n", error->message);
      return 1;
    }

  if (fan > 0)
    {
      int status = bench_fan (&bs, argv[1], (guint)fan, frames, by);
      bench_scene_clear (&bs);
      return status;
    }

  g_autoptr (CmScene) scene = build_scene (&bs, 0);
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, 0);
  w2_path (bt, (guint)hits);

  double t0 = now ();
  g_autoptr (CaromRenderCache) cache = carom_render_cache_new (scene, trace, 0);
  double cache_ms = now () - t0;
  printf ("%s: %u obstacles, a path of %zu hits; render cache built in %.1f ms%s\n", argv[1],
          bs.counts->len, bt->trace.n_hits, cache_ms, no_lod ? "; level of detail off" : "");

  CaromStyle style = carom_style_screen (FALSE);
  CaromRenderOptions options;
  carom_render_options_init (&options);
  options.overlays = CAROM_OVERLAY_ALL;
  if (show != NULL && !carom_overlays_parse (show, &options.overlays, &error))
    {
      g_printerr ("bench-render: %s\n", error->message);
      return 2;
    }
  if (no_lod)
    {
      options.detail_pt = 0.0;
      options.bvh_min_pt = 0.0;
    }
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  CaromRenderStats stats;

  CaromView full = carom_view_fit (carom_render_cache_get_bounds (cache), WIDTH, HEIGHT, 8.0,
                                   CAROM_VIEW_SCREEN_PT);
  double wall_ms, cpu_ms;
  time_frames (cr, cache, &full, &style, &options, frames, &stats, &wall_ms, &cpu_ms);
  print_stats ("full view", wall_ms, cpu_ms, &stats);

  CgVec2 c = bt->trace.start;
  CgAabb area = { cg_sub (c, cg_v2 (25, 25)), cg_add (c, cg_v2 (25, 25)) };
  CaromView zoom = carom_view_fit (area, WIDTH, HEIGHT, 0.0, CAROM_VIEW_SCREEN_PT);
  time_frames (cr, cache, &zoom, &style, &options, frames * 4, &stats, &wall_ms, &cpu_ms);
  print_stats ("zoomed on 50 x 50 units", wall_ms, cpu_ms, &stats);

  if (g_getenv ("BENCH_RENDER_PNG") != NULL)
    {
      /* For looking at what was timed. */
      carom_render (cr, cache, &full, &style, &options, NULL);
      cairo_surface_write_to_png (surface, g_getenv ("BENCH_RENDER_PNG"));
    }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  bench_scene_clear (&bs);
  return 0;
}
