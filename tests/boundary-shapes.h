/* SPDX-License-Identifier: GPL-3.0-or-later */
/* boundary-shapes.h: the polygons the true-boundary tests share (test-boundary,
 * test-boundary-geos). Shapes come unoriented; poly_orient() puts them in a
 * role's orientation. */
#pragma once

#include <glib.h>

#include "geom/cg-polygon.h"

/// A polygon owning its vertices.
typedef struct
{
  CgVec2 *v;
  size_t n;
} Poly;

static inline Poly
poly_new (size_t n)
{
  return (Poly){ g_new (CgVec2, n), n };
}

static inline void
poly_free (Poly *p)
{
  g_clear_pointer (&p->v, g_free);
  p->n = 0;
}

/// A polygon from n (x, y) pairs.
static inline Poly
poly_from (const double *xy, size_t n)
{
  Poly p = poly_new (n);
  for (size_t i = 0; i < n; i++)
    p.v[i] = cg_v2 (xy[2 * i], xy[2 * i + 1]);
  return p;
}

/// Puts the polygon in its role's orientation: obstacle A > 0, wall A < 0.
static inline void
poly_orient (Poly *p, CgRole role)
{
  cg_polygon_orient (p->v, p->n, role);
}

/// A star around the origin, vertices alternating between radii r_even and r_odd.
static inline Poly
star_new (size_t n, double r_even, double r_odd)
{
  Poly p = poly_new (n);
  for (size_t k = 0; k < n; k++)
    {
      double a = 2.0 * G_PI * (double)k / (double)n, rad = k % 2 == 0 ? r_even : r_odd;
      p.v[k] = cg_v2 (rad * cos (a), rad * sin (a));
    }
  return p;
}

/// A random star-shaped polygon around the origin: jittered angles, random radii.
static inline Poly
random_star_new (GRand *rand, size_t n, double r_min, double r_max)
{
  Poly p = poly_new (n);
  for (size_t k = 0; k < n; k++)
    {
      double a = 2.0 * G_PI * ((double)k + g_rand_double_range (rand, 0.0, 0.9)) / (double)n;
      double rad = g_rand_double_range (rand, r_min, r_max);
      p.v[k] = cg_v2 (rad * cos (a), rad * sin (a));
    }
  return p;
}

/// A spiral strip: the outer edge follows ρ = 20 + 30 θ / 2π for θ in [0, 8π], the inner
/// edge runs back `width` closer to the centre (turns 30 apart, so 30 - width between them).
static inline Poly
spiral_new (double width, double step)
{
  size_t m = (size_t)(8.0 * G_PI / step) + 1;
  Poly p = poly_new (2 * m);
  for (size_t i = 0; i < m; i++)
    {
      double th = (double)i * step, rho = 20.0 + 30.0 * th / (2.0 * G_PI);
      p.v[i] = cg_v2 (rho * cos (th), rho * sin (th));
      p.v[2 * m - 1 - i] = cg_v2 ((rho - width) * cos (th), (rho - width) * sin (th));
    }
  return p;
}
