/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-polygon-small.c: cg_polygon_validate()'s fast path for small polygons (every pair of
 * edges, and a quick accept for strictly convex triangles and quads) gives the same verdicts as
 * the Shamos–Hoey sweep, on random small polygons of every kind: valid, touching, crossing,
 * folding back, with repeated and collinear vertices. */
#include <glib.h>

#include "geom/cg-polygon.h"

/* Whether edges a and b of v really meet (a check on a reported pair). */
static gboolean
report_is_honest (const CgVec2 *v, size_t n, CgPolygonCheck c)
{
  if (c.index_a == c.index_b)
    {
      CgVec2 p = v[c.index_a], q = v[(c.index_a + 1) % n];
      return p.x == q.x && p.y == q.y;
    }
  double tol = 1e-9;
  return cg_point_segment_distance (c.where, v[c.index_a], v[(c.index_a + 1) % n]) <= tol
         && cg_point_segment_distance (c.where, v[c.index_b], v[(c.index_b + 1) % n]) <= tol;
}

/* n random vertices on a small grid (so that touching, collinear and repeated vertices are
 * common), or on a circle in angle order (mostly valid, often convex). */
static void
random_polygon (CgVec2 *v, size_t n, int grid, gboolean star)
{
  double start = g_test_rand_double_range (0, 2 * G_PI);
  for (size_t i = 0; i < n; i++)
    {
      if (star)
        {
          double a = start + 2 * G_PI * i / n + g_test_rand_double_range (-0.2, 0.2);
          double r = g_test_rand_double_range (1, 3);
          v[i] = cg_v2 (r * cos (a), r * sin (a));
        }
      else
        v[i] = cg_v2 (g_test_rand_int_range (0, grid), g_test_rand_int_range (0, grid));
    }
}

/* 1: fast path and sweep agree on status (and the fast path's report is honest) for 200 000
 * random polygons of 3 to 16 vertices. */
static void
test_same_verdicts (void)
{
  guint counts[CG_POLYGON_NO_MEMORY + 1] = { 0 };
  for (int round = 0; round < 200000; round++)
    {
      size_t n = (size_t)g_test_rand_int_range (3, 17);
      CgVec2 v[16];
      gboolean star = g_test_rand_int_range (0, 3) == 0;
      random_polygon (v, n, g_test_rand_int_range (2, 8), star);
      int odd = g_test_rand_int_range (0, 50);
      if (odd == 0) /* now and then a NaN */
        v[g_test_rand_int_range (0, (gint32)n)].y = NAN;
      else if (odd == 1) /* or a coordinate beyond 1e150 */
        v[g_test_rand_int_range (0, (gint32)n)].x = -1e200;
      CgPolygonCheck fast = cg_polygon_validate (v, n);
      CgPolygonCheck sweep = cg_polygon_validate_sweep (v, n);
      if (fast.status != sweep.status)
        {
          GString *text = g_string_new (NULL);
          for (size_t i = 0; i < n; i++)
            g_string_append_printf (text, " (%g, %g)", v[i].x, v[i].y);
          g_error ("verdicts differ (fast %d, sweep %d) on%s", fast.status, sweep.status,
                   text->str);
        }
      if (fast.status == CG_POLYGON_SELF_CROSSING)
        g_assert_true (report_is_honest (v, n, fast));
      if (fast.status == CG_POLYGON_NOT_FINITE || fast.status == CG_POLYGON_TOO_LARGE)
        g_assert_cmpuint (fast.index_a, ==, sweep.index_a);
      counts[fast.status]++;
    }
  g_test_message ("valid %u, not finite %u, too large %u, too few %u, self-crossing %u",
                  counts[CG_POLYGON_OK], counts[CG_POLYGON_NOT_FINITE],
                  counts[CG_POLYGON_TOO_LARGE], counts[CG_POLYGON_TOO_FEW_POINTS],
                  counts[CG_POLYGON_SELF_CROSSING]);
  /* Every verdict was exercised. */
  for (int s = CG_POLYGON_OK; s <= CG_POLYGON_SELF_CROSSING; s++)
    g_assert_cmpuint (counts[s], >, 100);
}

/* 2: the quick accept never takes a polygon the full check refuses: quads that turn one way at
 * every vertex but cross (impossible below five vertices), bow ties, and degenerate shapes. */
static void
test_quick_accept (void)
{
  const struct
  {
    CgVec2 v[4];
    size_t n;
    CgPolygonStatus status;
  } cases[] = {
    { { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } }, 4, CG_POLYGON_OK },
    { { { 0, 0 }, { 0, 10 }, { 10, 10 }, { 10, 0 } }, 4, CG_POLYGON_OK },
    { { { 0, 0 }, { 10, 10 }, { 10, 0 }, { 0, 10 } }, 4, CG_POLYGON_SELF_CROSSING },
    { { { 0, 0 }, { 10, 0 }, { 5, 0 } }, 3, CG_POLYGON_SELF_CROSSING },
    { { { 0, 0 }, { 10, 0 }, { 0, 0 } }, 3, CG_POLYGON_TOO_FEW_POINTS },
    { { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 10, 0 } }, 4, CG_POLYGON_SELF_CROSSING },
    { { { 0, 0 }, { 10, 0 }, { 20, 0 }, { 10, 10 } }, 4, CG_POLYGON_OK }, /* collinear run */
    { { { 0, 0 }, { 10, 0 }, { 3, 3 }, { 0, 10 } }, 4, CG_POLYGON_OK },   /* concave */
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_assert_cmpint (cg_polygon_validate (cases[i].v, cases[i].n).status, ==, cases[i].status);
      g_assert_cmpint (cg_polygon_validate_sweep (cases[i].v, cases[i].n).status, ==,
                       cases[i].status);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/polygon-small/same-verdicts", test_same_verdicts);
  g_test_add_func ("/polygon-small/quick-accept", test_quick_accept);
  return g_test_run ();
}
