/* SPDX-License-Identifier: GPL-3.0-or-later */
/* b2bench.c: the circle-cast workloads of docs/benchmarks.md (W1 cast, W2 bounce, and
 * the fan-beam workload of Carom's bench-beam) run through Box2D v3, so that
 * Carom's tests/bench/bench-trace and bench-beam can be compared with it on
 * the very same gen_scene.py scenes.
 *
 * usage: b2bench SCENE.txt [--repeat R] [--w2-steps N] [--pad P] [--reach F]
 *                          [--dump K] [--beam] [--rays N] [--bounces K]
 *
 *   --repeat R    runs of each timed workload, the best is kept (default 3)
 *   --w2-steps N  W2 bounces (default 100000)
 *   --pad P       add P to the cast circle's radius (default 0). Box2D's
 *                 shape cast stops when the core distance is within
 *                 [r - slop, r - 0.75 slop] (B2_LINEAR_SLOP = 0.005), i.e. the
 *                 ball sinks 0.00375..0.005 into what it hits; --pad 0.005
 *                 makes it stop at r .. r + 0.00125 instead (for the accuracy
 *                 comparison only; timings use the plain radius).
 *   --reach F     cast translation = F * L * sqrt(2) (default 2; the longest
 *                 free path in the room is under L * sqrt(2))
 *   --dump K      print the first K W1 casts (index, hit, distance, centre at
 *                 contact, normal, what was hit) and skip the timings
 *   --beam        also run the beam: N rays (default 10000) fanned 360° around
 *                 the first cast exactly as Carom's carom_beam_ray() does,
 *                 each traced for K bounces (default 29), every shape
 *                 reflecting: N*K casts, single-threaded.
 *
 * World: one static body at the origin; the room [0,L]^2 as 4 two-sided
 * segment shapes; each obstacle a polygon shape (b2ComputeHull + b2MakePolygon,
 * radius 0, world coordinates); then b2World_RebuildStaticTree().
 * A cast is b2World_CastShape() with a one-point proxy of radius r from the
 * cast's start along direction * 2*L*sqrt(2), keeping the closest hit.
 * Distance of a hit = fraction * |translation|; the ball's centre at contact
 * is start + fraction * translation (Box2D's `point` is the contact point on
 * the shape's surface, not the centre).
 * W2/beam: after a hit the shape just hit is filtered out of the next cast
 * (as Carom excludes the primitive just hit); a cast that starts overlapping
 * another shape (Box2D then reports fraction 0 and a zero normal) counts as a
 * hit at distance 0 if the ball moves towards it (normal from
 * b2Shape_GetClosestPoint), and is ignored if it moves away. Both are counted
 * and printed.
 *
 * Everything runs on the calling thread (Box2D's queries never use its
 * workers; the world is made with workerCount = 1 and no task system).
 *
 * Build: against a Box2D v3 checkout, see docs/benchmarks.md ("The Box2D
 * driver"); scripts/bench --box2d PATH runs it beside Carom. */
#define _GNU_SOURCE
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "box2d/box2d.h"
#include "box2d/collision.h"
#include "box2d/math_functions.h"

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---------------------------------------------------------------- scene */

typedef struct
{
  double L;
  int n_polys;
  int *counts;   /* vertices of each polygon */
  double *verts; /* x y pairs, all polygons */
  int n_casts;
  double *casts; /* x y dx dy r */
} Scene;

static void
die (const char *msg)
{
  fprintf (stderr, "b2bench: %s\n", msg);
  exit (2);
}

static void
read_scene (const char *path, Scene *s)
{
  FILE *f = fopen (path, "r");
  if (!f)
    die ("cannot open the scene");
  memset (s, 0, sizeof *s);
  size_t cap_p = 1024, cap_v = 8192, cap_c = 1024, nv = 0;
  s->counts = malloc (cap_p * sizeof *s->counts);
  s->verts = malloc (cap_v * sizeof *s->verts);
  s->casts = malloc (cap_c * 5 * sizeof *s->casts);
  size_t cap_line = 1 << 16;
  char *line = malloc (cap_line);
  ssize_t len;
  while ((len = getline (&line, &cap_line, f)) > 0)
    {
      char *p = line, *end;
      if (strncmp (p, "room ", 5) == 0)
        s->L = strtod (p + 5, NULL);
      else if (strncmp (p, "poly ", 5) == 0)
        {
          p += 5;
          int k = 0;
          for (;;)
            {
              double x = strtod (p, &end);
              if (end == p)
                break;
              p = end;
              double y = strtod (p, &end);
              if (end == p)
                die ("odd coordinate count in a poly line");
              p = end;
              if (nv + 2 > cap_v)
                s->verts = realloc (s->verts, (cap_v *= 2) * sizeof *s->verts);
              s->verts[nv++] = x;
              s->verts[nv++] = y;
              k++;
            }
          if ((size_t)s->n_polys == cap_p)
            s->counts = realloc (s->counts, (cap_p *= 2) * sizeof *s->counts);
          s->counts[s->n_polys++] = k;
        }
      else if (strncmp (p, "cast ", 5) == 0)
        {
          p += 5;
          double c[5];
          for (int i = 0; i < 5; i++)
            {
              c[i] = strtod (p, &end);
              if (end == p)
                die ("short cast line");
              p = end;
            }
          double l = hypot (c[2], c[3]); /* as Carom's reader: a unit vector */
          c[2] /= l;
          c[3] /= l;
          if ((size_t)s->n_casts == cap_c)
            s->casts = realloc (s->casts, (cap_c *= 2) * 5 * sizeof *s->casts);
          memcpy (s->casts + 5 * s->n_casts++, c, sizeof c);
        }
    }
  free (line);
  fclose (f);
  if (s->L <= 0 || s->n_casts == 0)
    die ("no room or no casts in the scene");
}

/* ---------------------------------------------------------------- world */

typedef struct
{
  b2WorldId world;
  int n_shapes;     /* 4 walls + obstacles */
  int hull_changed; /* obstacles whose hull lost vertices */
  double build_s;   /* shapes created */
  double rebuild_s; /* b2World_RebuildStaticTree */
} World;

static void
build_world (const Scene *s, World *w)
{
  double t0 = now ();
  b2WorldDef wd = b2DefaultWorldDef ();
  wd.gravity = (b2Vec2){ 0.0f, 0.0f };
  wd.workerCount = 1;
  w->world = b2CreateWorld (&wd);
  b2BodyDef bd = b2DefaultBodyDef (); /* static, at the origin */
  b2BodyId body = b2CreateBody (w->world, &bd);
  b2ShapeDef sd = b2DefaultShapeDef ();
  float L = (float)s->L;
  b2Vec2 c[4] = { { 0, 0 }, { L, 0 }, { L, L }, { 0, L } };
  w->n_shapes = 0;
  w->hull_changed = 0;
  for (int i = 0; i < 4; i++)
    {
      b2Segment seg = { c[i], c[(i + 1) % 4] };
      b2CreateSegmentShape (body, &sd, &seg);
      w->n_shapes++;
    }
  const double *v = s->verts;
  for (int i = 0; i < s->n_polys; i++)
    {
      int k = s->counts[i];
      if (k > B2_MAX_POLYGON_VERTICES)
        die ("an obstacle has more than B2_MAX_POLYGON_VERTICES vertices");
      b2Vec2 pts[B2_MAX_POLYGON_VERTICES];
      for (int j = 0; j < k; j++)
        pts[j] = (b2Vec2){ (float)v[2 * j], (float)v[2 * j + 1] };
      b2Hull hull = b2ComputeHull (pts, k);
      if (hull.count == 0)
        die ("b2ComputeHull failed on an obstacle");
      if (hull.count != k)
        w->hull_changed++;
      b2Polygon poly = b2MakePolygon (&hull, 0.0f);
      b2CreatePolygonShape (body, &sd, &poly);
      w->n_shapes++;
      v += 2 * k;
    }
  double t1 = now ();
  b2World_RebuildStaticTree (w->world);
  double t2 = now ();
  w->build_s = t1 - t0;
  w->rebuild_s = t2 - t1;
}

/* ---------------------------------------------------------------- casts */

typedef struct
{
  /* in */
  b2ShapeId exclude;
  bool has_exclude;
  b2Vec2 centre, dir;
  /* out */
  bool hit;
  b2ShapeId shape;
  b2Vec2 point, normal;
  float fraction;
  /* counters */
  long overlaps_taken, overlaps_skipped;
} Cast;

static float
closest_fcn (b2ShapeId id, b2Pos point, b2Vec2 normal, float fraction, void *context)
{
  Cast *c = context;
  if (c->has_exclude && B2_ID_EQUALS (id, c->exclude))
    return -1.0f; /* filter the shape just hit */
  if (fraction == 0.0f)
    {
      /* initial overlap: Box2D gives no normal; make one */
      b2Pos q = b2Shape_GetClosestPoint (id, c->centre);
      b2Vec2 n = b2Sub (c->centre, q);
      if (b2Dot (n, c->dir) >= 0.0f)
        {
          c->overlaps_skipped++;
          return -1.0f; /* moving away from it: cannot hit it */
        }
      c->overlaps_taken++;
      normal = b2Normalize (n);
      point = q;
    }
  c->hit = true;
  c->shape = id;
  c->point = point;
  c->normal = normal;
  c->fraction = fraction;
  return fraction;
}

static inline void
cast (b2WorldId world, const b2ShapeProxy *proxy, b2QueryFilter filter, Cast *c, float reach)
{
  c->hit = false;
  b2Vec2 tr = b2MulSV (reach, c->dir);
  b2World_CastShape (world, c->centre, proxy, tr, filter, closest_fcn, c);
}

typedef struct
{
  double seconds, checksum;
  int hits;
  long overlaps_taken, overlaps_skipped;
} W1Result;

static W1Result
run_w1 (const World *w, const Scene *s, float r, float reach)
{
  W1Result res = { 0 };
  b2Vec2 zero = { 0, 0 };
  b2ShapeProxy proxy = b2MakeProxy (&zero, 1, r);
  b2QueryFilter filter = b2DefaultQueryFilter ();
  Cast c = { 0 };
  double t0 = now ();
  for (int i = 0; i < s->n_casts; i++)
    {
      const double *k = s->casts + 5 * i;
      c.centre = (b2Vec2){ (float)k[0], (float)k[1] };
      c.dir = (b2Vec2){ (float)k[2], (float)k[3] };
      cast (w->world, &proxy, filter, &c, reach);
      if (c.hit)
        {
          res.checksum += (double)c.fraction * (double)reach;
          res.hits++;
        }
    }
  res.seconds = now () - t0;
  res.overlaps_taken = c.overlaps_taken;
  res.overlaps_skipped = c.overlaps_skipped;
  return res;
}

typedef struct
{
  double seconds;
  double x, y;
  int steps_done;
  long overlaps_taken, overlaps_skipped;
} W2Result;

/* One ball: `steps` casts, each followed by the move to contact and the
 * reflection about the hit's normal (every shape reflects). */
static W2Result
run_bounces (const World *w, b2Vec2 pos, b2Vec2 dir, int steps, float r, float reach)
{
  W2Result res = { 0 };
  b2Vec2 zero = { 0, 0 };
  b2ShapeProxy proxy = b2MakeProxy (&zero, 1, r);
  b2QueryFilter filter = b2DefaultQueryFilter ();
  Cast c = { 0 };
  c.centre = pos;
  c.dir = b2Normalize (dir);
  int i;
  for (i = 0; i < steps; i++)
    {
      cast (w->world, &proxy, filter, &c, reach);
      if (!c.hit)
        {
          fprintf (stderr, "b2bench: the ball escaped at step %d (%g, %g)\n", i, c.centre.x,
                   c.centre.y);
          break;
        }
      c.centre = b2MulAdd (c.centre, c.fraction * reach, c.dir);
      float dn = b2Dot (c.dir, c.normal);
      c.dir = b2Normalize (b2MulSub (c.dir, 2.0f * dn, c.normal));
      c.exclude = c.shape;
      c.has_exclude = true;
    }
  res.steps_done = i;
  res.x = c.centre.x;
  res.y = c.centre.y;
  res.overlaps_taken = c.overlaps_taken;
  res.overlaps_skipped = c.overlaps_skipped;
  return res;
}

static W2Result
run_w2 (const World *w, const Scene *s, int steps, float r, float reach)
{
  const double *k = s->casts;
  double t0 = now ();
  W2Result res = run_bounces (w, (b2Vec2){ (float)k[0], (float)k[1] },
                              (b2Vec2){ (float)k[2], (float)k[3] }, steps, r, reach);
  res.seconds = now () - t0;
  return res;
}

typedef struct
{
  double seconds;
  long casts, overlaps_taken, overlaps_skipped;
  double sx, sy; /* sum of the rays' final centres */
} BeamResult;

/* The fan of Carom's carom_beam_ray(): ray k of n at the first cast's angle
 * + (-spread/2 + k*spread/(n-1)) degrees; an odd fan's middle ray keeps the
 * given direction exactly. */
static BeamResult
run_beam (const World *w, const Scene *s, int rays, int bounces, float r, float reach)
{
  BeamResult res = { 0 };
  const double *k0 = s->casts;
  double theta0 = atan2 (k0[3], k0[2]), spread = 360.0;
  double t0 = now ();
  for (int k = 0; k < rays; k++)
    {
      double theta = theta0;
      if (rays > 1)
        theta += (-spread / 2.0 + (double)k * spread / (double)(rays - 1)) * (M_PI / 180.0);
      double dx = cos (theta), dy = sin (theta);
      if (rays == 1 || (rays % 2 == 1 && k == rays / 2))
        dx = k0[2], dy = k0[3];
      W2Result b = run_bounces (w, (b2Vec2){ (float)k0[0], (float)k0[1] },
                                (b2Vec2){ (float)dx, (float)dy }, bounces, r, reach);
      res.casts += b.steps_done;
      res.overlaps_taken += b.overlaps_taken;
      res.overlaps_skipped += b.overlaps_skipped;
      res.sx += b.x;
      res.sy += b.y;
    }
  res.seconds = now () - t0;
  return res;
}

/* ---------------------------------------------------------------- main */

int
main (int argc, char **argv)
{
  const char *path = NULL;
  int repeat = 3, w2_steps = 100000, dump = 0, beam = 0, rays = 10000, bounces = 29;
  double pad = 0.0, reach_f = 2.0;
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--repeat") == 0 && i + 1 < argc)
        repeat = atoi (argv[++i]);
      else if (strcmp (argv[i], "--w2-steps") == 0 && i + 1 < argc)
        w2_steps = atoi (argv[++i]);
      else if (strcmp (argv[i], "--pad") == 0 && i + 1 < argc)
        pad = atof (argv[++i]);
      else if (strcmp (argv[i], "--reach") == 0 && i + 1 < argc)
        reach_f = atof (argv[++i]);
      else if (strcmp (argv[i], "--dump") == 0 && i + 1 < argc)
        dump = atoi (argv[++i]);
      else if (strcmp (argv[i], "--beam") == 0)
        beam = 1;
      else if (strcmp (argv[i], "--rays") == 0 && i + 1 < argc)
        rays = atoi (argv[++i]);
      else if (strcmp (argv[i], "--bounces") == 0 && i + 1 < argc)
        bounces = atoi (argv[++i]);
      else if (argv[i][0] != '-' && !path)
        path = argv[i];
      else
        {
          fprintf (stderr, "usage: b2bench SCENE.txt [--repeat R] [--w2-steps N] [--pad P] "
                           "[--reach F] [--dump K] [--beam] [--rays N] [--bounces K]\n");
          return 2;
        }
    }
  if (!path || repeat < 1)
    die ("usage: b2bench SCENE.txt [--repeat R] [--w2-steps N] [--pad P] [--dump K] [--beam]");

  Scene s;
  read_scene (path, &s);
  float r = (float)(s.casts[4] + pad);
  float reach = (float)(reach_f * s.L * sqrt (2.0));

  World w;
  build_world (&s, &w);

  if (dump > 0)
    {
      b2Vec2 zero = { 0, 0 };
      b2ShapeProxy proxy = b2MakeProxy (&zero, 1, r);
      b2QueryFilter filter = b2DefaultQueryFilter ();
      Cast c = { 0 };
      printf ("# i hit distance cx cy nx ny shape_index(0-3 walls, 4+ obstacles)\n");
      for (int i = 0; i < dump && i < s.n_casts; i++)
        {
          const double *k = s.casts + 5 * i;
          c.centre = (b2Vec2){ (float)k[0], (float)k[1] };
          c.dir = (b2Vec2){ (float)k[2], (float)k[3] };
          b2Vec2 start = c.centre;
          cast (w.world, &proxy, filter, &c, reach);
          b2Vec2 ctr = b2MulAdd (start, c.fraction * reach, c.dir);
          printf ("%d %d %.9f %.6f %.6f %.6f %.6f %d\n", i, c.hit ? 1 : 0,
                  c.hit ? (double)c.fraction * reach : -1.0, ctr.x, ctr.y, c.normal.x, c.normal.y,
                  c.hit ? c.shape.index1 - 1 : -1);
        }
      b2DestroyWorld (w.world);
      return 0;
    }

  b2Version ver = b2GetVersion ();
  printf ("box2d %d.%d.%d (%s precision), scene %s: %d obstacles, %d casts, r = %g%s\n", ver.major,
          ver.minor, ver.revision, b2IsDoublePrecision () ? "double" : "single", path, s.n_polys,
          s.n_casts, (double)r, pad != 0.0 ? " (padded)" : "");
  printf ("world: %d shapes, created in %.1f ms, static tree rebuilt in %.1f ms; %d hulls "
          "lost vertices\n",
          w.n_shapes, w.build_s * 1e3, w.rebuild_s * 1e3, w.hull_changed);

  W1Result w1 = run_w1 (&w, &s, r, reach);
  for (int i = 1; i < repeat; i++)
    {
      W1Result again = run_w1 (&w, &s, r, reach);
      if (again.seconds < w1.seconds)
        w1.seconds = again.seconds;
    }
  printf ("  W1 box2d:  %10.0f casts/s  (%d casts, %d hits, checksum %.6f; best of %d, %.1f ms; "
          "initial overlaps %ld)\n",
          s.n_casts / w1.seconds, s.n_casts, w1.hits, w1.checksum, repeat, w1.seconds * 1e3,
          w1.overlaps_taken + w1.overlaps_skipped);

  W2Result w2 = run_w2 (&w, &s, w2_steps, r, reach);
  for (int i = 1; i < repeat; i++)
    {
      W2Result again = run_w2 (&w, &s, w2_steps, r, reach);
      if (again.seconds < w2.seconds)
        w2.seconds = again.seconds;
    }
  printf ("  W2 box2d:  %10.0f bounces/s (%d bounces, final position (%.6f, %.6f); best of %d, "
          "%.1f ms; overlap starts taken %ld, skipped %ld)\n",
          w2.steps_done / w2.seconds, w2.steps_done, w2.x, w2.y, repeat, w2.seconds * 1e3,
          w2.overlaps_taken, w2.overlaps_skipped);

  if (beam)
    {
      BeamResult b = run_beam (&w, &s, rays, bounces, r, reach);
      for (int i = 1; i < repeat; i++)
        {
          BeamResult again = run_beam (&w, &s, rays, bounces, r, reach);
          if (again.seconds < b.seconds)
            b.seconds = again.seconds;
        }
      /* the world made anew, as Carom's bench-beam times it (world + rays + trace) */
      double tb = now ();
      World w2b;
      build_world (&s, &w2b);
      double build_ms = (now () - tb) * 1e3;
      b2DestroyWorld (w2b.world);
      printf ("  beam box2d: %d rays x %d bounces, 1 thread: casts %.1f ms (best of %d), "
              "world build %.1f ms, total %.1f ms; %ld casts, %.3g casts/s; overlap starts taken "
              "%ld, skipped %ld\n",
              rays, bounces, b.seconds * 1e3, repeat, build_ms, b.seconds * 1e3 + build_ms, b.casts,
              b.casts / b.seconds, b.overlaps_taken, b.overlaps_skipped);
    }
  b2DestroyWorld (w.world);
  return 0;
}
