/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-cli-lab.c: `carom lab TEST A B [--to X,Y]` and `carom lab grid SCENE.svg`:
 * one of the Collision lab's tests (geom/cg-lab.h) on two shapes given on the
 * command line, printed as JSON with every quantity the test computed. */
#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "carom-cli.h"
#include "geom/cg-lab.h"
#include "io/carom-svg.h"
#include "model/carom-tracing.h"

/* A shape as the command line gives it. */
typedef struct
{
  enum
  {
    SHAPE_SEGMENT,
    SHAPE_CIRCLE,
    SHAPE_RECT,
    SHAPE_POLYGON,
  } kind;
  GArray *points; /* CgVec2: the segment's ends, the rectangle's or polygon's vertices */
  CgVec2 centre;
  double radius;
} Shape;

static void
shape_clear (Shape *s)
{
  g_clear_pointer (&s->points, g_array_unref);
}

/* Numbers separated by commas, all finite. */
static gboolean
parse_numbers (const char *text, GArray *out)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  for (char **p = parts; *p != NULL; p++)
    {
      char *end;
      double v = g_ascii_strtod (g_strstrip (*p), &end);
      if (end == *p || *end != '\0' || !isfinite (v))
        return FALSE;
      g_array_append_val (out, v);
    }
  return TRUE;
}

static gboolean
parse_shape (const char *text, Shape *shape, GError **error)
{
  memset (shape, 0, sizeof *shape);
  shape->points = g_array_new (FALSE, FALSE, sizeof (CgVec2));
  const char *colon = strchr (text, ':');
  g_autoptr (GArray) v = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *kind = NULL;
  if (colon == NULL || !parse_numbers (colon + 1, v))
    goto bad;
  kind = g_strndup (text, (gsize)(colon - text));
  double *n = (double *)v->data;
  if (strcmp (kind, "segment") == 0 && v->len == 4)
    {
      shape->kind = SHAPE_SEGMENT;
      g_array_append_vals (shape->points, n, 2);
    }
  else if (strcmp (kind, "circle") == 0 && v->len == 3 && n[2] > 0)
    {
      shape->kind = SHAPE_CIRCLE;
      shape->centre = cg_v2 (n[0], n[1]);
      shape->radius = n[2];
    }
  else if (strcmp (kind, "rect") == 0 && v->len == 4 && n[0] != n[2] && n[1] != n[3])
    {
      shape->kind = SHAPE_RECT;
      double x0 = fmin (n[0], n[2]), x1 = fmax (n[0], n[2]);
      double y0 = fmin (n[1], n[3]), y1 = fmax (n[1], n[3]);
      CgVec2 r[4] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 } };
      g_array_append_vals (shape->points, r, 4);
    }
  else if (strcmp (kind, "polygon") == 0 && v->len >= 6 && v->len % 2 == 0)
    {
      shape->kind = SHAPE_POLYGON;
      g_array_append_vals (shape->points, n, v->len / 2);
      if (cg_polygon_validate ((CgVec2 *)shape->points->data, shape->points->len).status
          != CG_POLYGON_OK)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _ ("“%s” is not a valid polygon (too few points, or crossing itself)"),
                       text);
          return FALSE;
        }
    }
  else
    goto bad;
  return TRUE;

bad:
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _ ("“%s” is not a shape: write segment:X1,Y1,X2,Y2, circle:X,Y,R, "
                  "rect:X0,Y0,X1,Y1 or polygon:X1,Y1,X2,Y2,X3,Y3,…"),
               text);
  return FALSE;
}

static CgAabb
shape_box (const Shape *s)
{
  if (s->kind == SHAPE_CIRCLE)
    return (CgAabb){ cg_sub (s->centre, cg_v2 (s->radius, s->radius)),
                     cg_add (s->centre, cg_v2 (s->radius, s->radius)) };
  return cg_polygon_bounds ((CgVec2 *)s->points->data, s->points->len);
}

/* ---- JSON ---- */

static void
num (GString *out, const char *key, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  if (isfinite (v))
    g_string_append_printf (out, "\"%s\": %s", key, carom_cli_format_number (v, buf));
  else
    g_string_append_printf (out, "\"%s\": null", key);
}

static void
vec (GString *out, const char *key, CgVec2 v)
{
  char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE];
  g_string_append_printf (out, "\"%s\": [%s, %s]", key, carom_cli_format_number (v.x, x),
                          carom_cli_format_number (v.y, y));
}

static void
boolean (GString *out, const char *key, gboolean v)
{
  g_string_append_printf (out, "\"%s\": %s", key, v ? "true" : "false");
}

/* The sweep's steps, after the keys of its answer: the slabs' entry and
 * exit distances per axis and overall (null for ±∞, a ray along a slab),
 * and the corner's quadratic when a corner decided. */
static void
sweep_steps_json (GString *out, const CgSweep *s)
{
  if (s->inside || s->miss == CG_SWEEP_MISS_STILL)
    return;
  static const char *const keys[2][2]
      = { { "t_enter_x", "t_exit_x" }, { "t_enter_y", "t_exit_y" } };
  for (int k = 0; k < 2; k++)
    {
      g_string_append (out, ", ");
      num (out, keys[k][0], s->enter[k]);
      g_string_append (out, ", ");
      num (out, keys[k][1], s->exit[k]);
    }
  g_string_append (out, ", ");
  num (out, "t_enter", s->t_enter);
  g_string_append (out, ", ");
  num (out, "t_exit", s->t_exit);
  if (isfinite (s->disc))
    {
      g_string_append (out, ", ");
      vec (out, "corner_point", s->corner_point);
      g_string_append (out, ", ");
      num (out, "b", s->b);
      g_string_append (out, ", ");
      num (out, "cc", s->cc);
      g_string_append (out, ", ");
      num (out, "discriminant", s->disc);
    }
}

static const char *
segments_kind (CgSegmentsKind k)
{
  switch (k)
    {
    case CG_SEGMENTS_CROSS:
      return "cross";
    case CG_SEGMENTS_APART:
      return "apart";
    case CG_SEGMENTS_PARALLEL:
      return "parallel";
    case CG_SEGMENTS_COLLINEAR:
      return "collinear";
    default:
      return "collinear-apart";
    }
}

static void
sat_json (GString *out, const CgSat *sat)
{
  g_string_append (out, "{\"test\": \"sat\", ");
  boolean (out, "overlap", sat->overlap);
  g_string_append_printf (out, ", \"separating_axis\": %d, \"minimum_axis\": %d, ", sat->separating,
                          sat->minimum);
  vec (out, "mtv", sat->overlap ? sat->mtv : cg_v2 (0, 0));
  g_string_append (out, ", ");
  num (out, "depth", sat->overlap ? sat->depth : 0.0);
  g_string_append (out, ",\n \"axes\": [");
  size_t n = MIN (sat->n_axes, (size_t)CG_SAT_MAX_AXES);
  static const char *const from[] = { "a", "b", "circle" };
  for (size_t i = 0; i < n; i++)
    {
      const CgSatAxis *a = &sat->axes[i];
      g_string_append_printf (out, "%s\n  {\"from\": \"%s\", \"edge\": %u, ", i ? "," : "",
                              from[a->from], a->edge);
      vec (out, "axis", a->axis);
      g_string_append (out, ", \"a\": [");
      char lo[G_ASCII_DTOSTR_BUF_SIZE], hi[G_ASCII_DTOSTR_BUF_SIZE];
      g_string_append_printf (out, "%s, %s], \"b\": [", carom_cli_format_number (a->min_a, lo),
                              carom_cli_format_number (a->max_a, hi));
      g_string_append_printf (out, "%s, %s], ", carom_cli_format_number (a->min_b, lo),
                              carom_cli_format_number (a->max_b, hi));
      num (out, "overlap", a->overlap);
      g_string_append (out, ", ");
      num (out, "push", a->push);
      g_string_append (out, "}");
    }
  g_string_append (out, "]}\n");
}

/* ---- the tests ---- */

static int
usage_error (const char *message)
{
  g_printerr ("carom lab: %s\n", message);
  return 2;
}

/* `carom lab grid SCENE.svg`: the broad phases compared on every cast of the
 * selected ball: brute force, a uniform grid and the BVH. */
static int
lab_grid (const char *path, const char *ball_id, double cell)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) scene = carom_svg_read_file (path, NULL, NULL, &error);
  if (scene == NULL)
    {
      g_printerr ("carom lab: %s\n", error->message);
      return 1;
    }
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  if (trace != NULL)
    carom_cli_report_budget ("carom lab", trace->plan, scene);
  const CaromBallTrace *bt = NULL;
  for (guint i = 0; trace != NULL && i < trace->balls->len; i++)
    {
      const CaromBallTrace *b = &g_array_index (trace->balls, CaromBallTrace, i);
      if (ball_id == NULL || g_strcmp0 (b->ball->id, ball_id) == 0)
        {
          bt = b;
          break;
        }
    }
  if (bt == NULL)
    {
      g_printerr ("carom lab: %s\n",
                  ball_id ? _ ("no ball of that name in the scene") : _ ("the scene has no ball"));
      return 1;
    }
  CgGrid grid;
  if (!cg_grid_build (&grid, bt->world, bt->radius, cell))
    {
      g_printerr ("carom lab: %s\n", _ ("out of memory"));
      return 1;
    }
  size_t n_prims = cg_world_primitive_total (bt->world, bt->radius);
  GString *out = g_string_new ("{\"test\": \"grid\", ");
  g_string_append_printf (out, "\"ball\": \"%s\", \"primitives\": %zu, ", bt->ball->id, n_prims);
  num (out, "cell", grid.cell);
  g_string_append_printf (out, ", \"columns\": %u, \"rows\": %u,\n \"casts\": [", grid.cols,
                          grid.rows);
  for (size_t k = 0; k < bt->trace.n_hits; k++)
    {
      const CgHit *h = &bt->trace.hits[k];
      int64_t exclude = k > 0 ? (int64_t)bt->trace.hits[k - 1].prim : -1;
      CgGridCast g = cg_grid_cast (&grid, h->from, h->in, exclude);
      g_string_append_printf (out,
                              "%s\n  {\"hit\": %zu, \"brute_force\": {\"primitives_tested\": %zu}, "
                              "\"grid\": {\"cells_visited\": %u, \"primitives_tested\": %u, "
                              "\"same_hit\": %s}, \"bvh\": {\"nodes_visited\": %u, "
                              "\"boxes_tested\": %u, \"primitives_tested\": %u}}",
                              k ? "," : "", k + 1, n_prims, g.cells_visited, g.primitives_tested,
                              g.hit && g.prim == h->prim ? "true" : "false", h->stats.nodes_visited,
                              h->stats.boxes_tested, h->stats.primitives_tested);
    }
  g_string_append (out, "]}\n");
  fputs (out->str, stdout);
  g_string_free (out, TRUE);
  cg_grid_clear (&grid);
  return 0;
}

int
carom_cli_lab (int argc, char **argv)
{
  g_autofree char *to = NULL, *ball = NULL;
  double cell = 0.0;
  g_auto (GStrv) rest = NULL;
  GOptionEntry entries[] = {
    { "to", 0, 0, G_OPTION_ARG_STRING, &to, N_ ("sweep: where the circle moves to"), "X,Y" },
    { "ball", 0, 0, G_OPTION_ARG_STRING, &ball, N_ ("grid: the ball whose casts are compared"),
      "ID" },
    { "cell", 0, 0, G_OPTION_ARG_DOUBLE, &cell, N_ ("grid: the cell size (default: chosen)"),
      "SIZE" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &rest, NULL, NULL },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("TEST A B"));
  g_option_context_set_summary (
      context, _ ("Run one collision test on two shapes and print every number it computed as "
                  "JSON.\n\nTests: segments, boxes, circles, sat, sweep (A a circle, B a "
                  "rectangle, --to X,Y), grid SCENE.svg.\nShapes: segment:X1,Y1,X2,Y2, "
                  "circle:X,Y,R, rect:X0,Y0,X1,Y1, polygon:X1,Y1,X2,Y2,X3,Y3,…"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_autoptr (GError) error = NULL;
  g_set_prgname ("carom lab");
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (error->message);
  guint n = rest ? g_strv_length (rest) : 0;
  if (n == 2 && strcmp (rest[0], "grid") == 0)
    return lab_grid (rest[1], ball, cell);
  if (n != 3)
    return usage_error (_ ("give a test and two shapes (carom lab --help)"));
  const char *test = rest[0];
  Shape a, b;
  if (!parse_shape (rest[1], &a, &error))
    return usage_error (error->message);
  if (!parse_shape (rest[2], &b, &error))
    {
      shape_clear (&a);
      return usage_error (error->message);
    }
  GString *out = g_string_new (NULL);
  int status = 0;
  const CgVec2 *pa = a.points->len ? (const CgVec2 *)a.points->data : NULL;
  const CgVec2 *pb = b.points->len ? (const CgVec2 *)b.points->data : NULL;
  if (strcmp (test, "segments") == 0)
    {
      if (a.kind != SHAPE_SEGMENT || b.kind != SHAPE_SEGMENT)
        status = usage_error (_ ("segments needs two segments"));
      else
        {
          CgSegments s = cg_lab_segments (pa[0], pa[1], pb[0], pb[1]);
          g_string_append_printf (out, "{\"test\": \"segments\", \"kind\": \"%s\", ",
                                  segments_kind (s.kind));
          num (out, "denom", s.denom);
          g_string_append (out, ", ");
          num (out, "num_a", s.num_a);
          g_string_append (out, ", ");
          num (out, "num_b", s.num_b);
          if (s.kind == CG_SEGMENTS_CROSS || s.kind == CG_SEGMENTS_APART)
            {
              g_string_append (out, ", ");
              num (out, "ua", s.ua);
              g_string_append (out, ", ");
              num (out, "ub", s.ub);
              g_string_append (out, ", ");
              vec (out, "point", s.point);
            }
          if (s.kind == CG_SEGMENTS_COLLINEAR)
            {
              g_string_append (out, ", ");
              vec (out, "overlap_from", s.overlap_from);
              g_string_append (out, ", ");
              vec (out, "overlap_to", s.overlap_to);
            }
          g_string_append (out, "}\n");
        }
    }
  else if (strcmp (test, "boxes") == 0)
    {
      CgAabb ba = shape_box (&a), bb = shape_box (&b);
      CgBoxes r = cg_lab_boxes (ba, bb);
      g_string_append (out, "{\"test\": \"boxes\", ");
      vec (out, "a_min", ba.lo);
      g_string_append (out, ", ");
      vec (out, "a_max", ba.hi);
      g_string_append (out, ", ");
      vec (out, "b_min", bb.lo);
      g_string_append (out, ", ");
      vec (out, "b_max", bb.hi);
      g_string_append (out, ", ");
      boolean (out, "overlap", r.overlap);
      g_string_append (out, ", ");
      boolean (out, "overlap_x", r.overlap_x);
      g_string_append (out, ", ");
      boolean (out, "overlap_y", r.overlap_y);
      g_string_append (out, ", ");
      num (out, "depth_x", r.depth_x);
      g_string_append (out, ", ");
      num (out, "depth_y", r.depth_y);
      g_string_append (out, "}\n");
    }
  else if (strcmp (test, "circles") == 0)
    {
      if (a.kind != SHAPE_CIRCLE || b.kind != SHAPE_CIRCLE)
        status = usage_error (_ ("circles needs two circles"));
      else
        {
          CgCircles r = cg_lab_circles (a.centre, a.radius, b.centre, b.radius);
          g_string_append (out, "{\"test\": \"circles\", ");
          boolean (out, "overlap", r.overlap);
          g_string_append (out, ", ");
          num (out, "distance_sq", r.distance_sq);
          g_string_append (out, ", ");
          num (out, "radii_sq", r.radii_sq);
          g_string_append (out, ", ");
          num (out, "distance", r.distance);
          g_string_append (out, ", ");
          num (out, "depth", r.depth);
          g_string_append (out, ", ");
          vec (out, "normal", r.normal);
          g_string_append (out, "}\n");
        }
    }
  else if (strcmp (test, "sat") == 0)
    {
      CgSat sat;
      gboolean ok;
      if (a.kind == SHAPE_CIRCLE && b.kind == SHAPE_CIRCLE)
        ok = (status = usage_error (_ ("sat needs a polygon: two circles are the circles test")))
             == 0;
      else if (a.kind == SHAPE_SEGMENT || b.kind == SHAPE_SEGMENT)
        ok = (status = usage_error (_ ("sat takes polygons, rectangles and circles"))) == 0;
      else if (b.kind == SHAPE_CIRCLE)
        ok = cg_lab_sat_circle (pa, a.points->len, b.centre, b.radius, &sat);
      else if (a.kind == SHAPE_CIRCLE)
        {
          /* The circle first: test it second and turn the push around. */
          ok = cg_lab_sat_circle (pb, b.points->len, a.centre, a.radius, &sat);
          sat.mtv = cg_neg (sat.mtv);
        }
      else
        ok = cg_lab_sat_polygons (pa, a.points->len, pb, b.points->len, &sat);
      if (status == 0 && !ok)
        {
          g_printerr ("carom lab: %s\n",
                      _ ("SAT works on convex shapes only: a polygon here is not convex"));
          status = 1;
        }
      else if (status == 0)
        sat_json (out, &sat);
    }
  else if (strcmp (test, "sweep") == 0)
    {
      GArray *end = g_array_new (FALSE, FALSE, sizeof (double));
      if (a.kind != SHAPE_CIRCLE || b.kind != SHAPE_RECT)
        status = usage_error (_ ("sweep needs a circle, then a rectangle"));
      else if (to == NULL || !parse_numbers (to, end) || end->len != 2)
        status = usage_error (_ ("sweep needs --to X,Y: where the circle moves to"));
      else
        {
          CgVec2 e = { g_array_index (end, double, 0), g_array_index (end, double, 1) };
          CgSweep s = cg_lab_sweep_circle_box (a.centre, e, a.radius, shape_box (&b));
          g_string_append (out, "{\"test\": \"sweep\", ");
          boolean (out, "hit", s.hit);
          g_string_append (out, ", ");
          boolean (out, "inside", s.inside);
          g_string_append (out, ", ");
          boolean (out, "corner", s.corner);
          if (s.hit)
            {
              g_string_append (out, ", ");
              num (out, "time", s.s);
              g_string_append (out, ", ");
              num (out, "distance", s.t);
              g_string_append (out, ", ");
              vec (out, "centre", s.centre);
              g_string_append (out, ", ");
              vec (out, "normal", s.normal);
              g_string_append (out, ", ");
              vec (out, "contact", s.contact);
            }
          sweep_steps_json (out, &s);
          g_string_append (out, "}\n");
        }
      g_array_unref (end);
    }
  else
    status = usage_error (_ ("unknown test: use segments, boxes, circles, sat, sweep or grid"));
  if (status == 0)
    fputs (out->str, stdout);
  g_string_free (out, TRUE);
  shape_clear (&a);
  shape_clear (&b);
  return status;
}
