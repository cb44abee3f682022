/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-libm.c: hypot, sin, cos and atan2 for carom-core.wasm, in place of
 * wasi-libc's, so that the page traces with the numbers `carom trace` gets
 * from glibc (docs/web-core.md, "Bit for bit").
 *
 * wasi-libc's libm (musl's) rounds differently from glibc in the last bit:
 * on random inputs hypot differs in 14 % of calls, atan2 in 18 %, sin and
 * cos in 3 %. The tracer normalises directions and edge normals with hypot
 * (cg_normalize()), a fan's rays are made with atan2, cos and sin, and a
 * bounce amplifies a last-bit difference: in a chaotic table (sinai.svg) the
 * paths part after a few dozen bounces. So:
 *  - hypot is the corrected square root of C. F. Borges, "An Improved
 *    Algorithm for hypot(a, b)" (ACM TOMS 47(1), 2021), without a fused
 *    multiply-add: the algorithm glibc 2.35 and later use, which gives
 *    glibc's results bit for bit (tests/test-wasm-core.c compares them);
 *  - sin, cos and atan2 are correctly rounded, evaluated in double-double
 *    arithmetic (about 104 bits) from the series, and rounded once. glibc's
 *    are within 0.52 ulp, so the two agree but where the exact value lies
 *    within a few hundredths of an ulp of a halfway point between doubles
 *    (about 1 call in 1,000 on random inputs; the test measures it).
 * Only +, −, ×, ÷ and sqrt are used, which IEEE 754 rounds the same on
 * every machine.
 *
 * Built natively too (CAROM_LIBM_NATIVE), under other names, for the test. */
#include <math.h>
#include <stdint.h>

#if defined(CAROM_LIBM_NATIVE)
#define LIBM(name) carom_libm_##name
#else
#define LIBM(name) name
#endif

double LIBM (hypot) (double a, double b);
double LIBM (sin) (double x);
double LIBM (cos) (double x);
double LIBM (atan2) (double y, double x);

/* ---- hypot ---- */

/* sqrt(x² + y²) for x >= y > 0 (neither near overflow or underflow), with
 * Borges' correction of the square root: h − (h² − x² − y²) / 2h, the
 * difference computed exactly from h − y or h − x without a fused
 * multiply-add. */
static double
hypot_kernel (double x, double y)
{
  double h = sqrt (x * x + y * y);
  double t1, t2;
  if (h <= 2.0 * y)
    {
      double d = h - y;
      t1 = x * (2.0 * d - x);
      t2 = (d - 2.0 * (x - y)) * d;
    }
  else
    {
      double d = h - x;
      t1 = 2.0 * d * (x - 2.0 * y);
      t2 = (4.0 * d - y) * y + d * d;
    }
  return h - (t1 + t2) / (2.0 * h);
}

double
LIBM (hypot) (double a, double b)
{
  double x = fabs (a), y = fabs (b);
  if (isinf (x) || isinf (y))
    return INFINITY;
  if (isnan (x) || isnan (y))
    return x + y;
  if (x < y)
    {
      double t = x;
      x = y;
      y = t;
    }
  if (y == 0.0)
    return x;
  if (y <= x * 0x1p-54) /* y is below half an ulp of x */
    return x + y;
  /* Scaled by powers of two (exact) where the squares would overflow or
   * lose bits to underflow. */
  if (x > 0x1p500)
    return hypot_kernel (x * 0x1p-600, y * 0x1p-600) * 0x1p600;
  if (y < 0x1p-450)
    return hypot_kernel (x * 0x1p600, y * 0x1p600) * 0x1p-600;
  return hypot_kernel (x, y);
}

/* ---- double-double arithmetic ---- */

/* hi + lo, |lo| <= half an ulp of hi. */
typedef struct
{
  double hi, lo;
} DD;

static DD
fast_two_sum (double a, double b) /* |a| >= |b| */
{
  double s = a + b;
  return (DD){ s, b - (s - a) };
}

static DD
two_sum (double a, double b)
{
  double s = a + b, bb = s - a;
  return (DD){ s, (a - (s - bb)) + (b - bb) };
}

/* a = hi + lo, each of at most 26 bits (Veltkamp). */
static void
split (double a, double *hi, double *lo)
{
  double c = 134217729.0 * a; /* 2^27 + 1 */
  *hi = c - (c - a);
  *lo = a - *hi;
}

/* a × b exactly (Dekker). */
static DD
two_prod (double a, double b)
{
  double p = a * b, ah, al, bh, bl;
  split (a, &ah, &al);
  split (b, &bh, &bl);
  return (DD){ p, ((ah * bh - p) + ah * bl + al * bh) + al * bl };
}

static DD
dd_add (DD a, DD b)
{
  DD s = two_sum (a.hi, b.hi);
  DD t = two_sum (a.lo, b.lo);
  s.lo += t.hi;
  s = fast_two_sum (s.hi, s.lo);
  s.lo += t.lo;
  return fast_two_sum (s.hi, s.lo);
}

static DD
dd_neg (DD a)
{
  return (DD){ -a.hi, -a.lo };
}

static DD
dd_mul (DD a, DD b)
{
  DD p = two_prod (a.hi, b.hi);
  p.lo += a.hi * b.lo + a.lo * b.hi;
  return fast_two_sum (p.hi, p.lo);
}

static DD
dd_div (DD a, DD b)
{
  double q1 = a.hi / b.hi;
  DD r = dd_add (a, dd_neg (dd_mul ((DD){ q1, 0.0 }, b)));
  double q2 = r.hi / b.hi;
  r = dd_add (r, dd_neg (dd_mul ((DD){ q2, 0.0 }, b)));
  double q3 = r.hi / b.hi;
  DD q = fast_two_sum (q1, q2);
  return dd_add (q, (DD){ q3, 0.0 });
}

/* a / n for a small integer n. */
static DD
dd_div_int (DD a, double n)
{
  return dd_div (a, (DD){ n, 0.0 });
}

static DD
dd_sqrt (DD a)
{
  if (a.hi <= 0.0)
    return (DD){ 0.0, 0.0 };
  double s = sqrt (a.hi);
  DD s2 = two_prod (s, s);
  double e = ((a.hi - s2.hi) - s2.lo + a.lo) / (2.0 * s);
  return fast_two_sum (s, e);
}

/* The double nearest to a. */
static double
dd_round (DD a)
{
  return a.hi + a.lo;
}

/* π and π/2 in double-double. */
static const DD DD_PI = { 0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53 };
static const DD DD_PI_2 = { 0x1.921fb54442d18p+0, 0x1.1a62633145c07p-54 };

/* ---- sin and cos ---- */

/* sin r and cos r for |r| <= π/4 (a little more is fine), by their series
 * summed in double-double until the terms no longer count. */
static void
dd_sin_cos (DD r, DD *s, DD *c)
{
  DD r2 = dd_mul (r, r);
  DD term = r, sum = r; /* r^n / n!, n odd */
  for (int n = 1; n < 60; n += 2)
    {
      term = dd_neg (dd_div_int (dd_mul (term, r2), (double)((n + 1) * (n + 2))));
      if (fabs (term.hi) <= fabs (sum.hi) * 0x1p-110)
        break;
      sum = dd_add (sum, term);
    }
  *s = sum;
  term = (DD){ 1.0, 0.0 };
  sum = term; /* r^n / n!, n even */
  for (int n = 0; n < 60; n += 2)
    {
      term = dd_neg (dd_div_int (dd_mul (term, r2), (double)((n + 1) * (n + 2))));
      if (fabs (term.hi) <= 0x1p-110)
        break;
      sum = dd_add (sum, term);
    }
  *c = sum;
}

/* π/2 as a sum of parts: the first three of 33 bits, so that k times
 * each is exact for |k| < 2^20. */
#define PIO2_1 0x1.921fb544p+0
#define PIO2_2 0x1.0b4611a6p-34
#define PIO2_3 0x1.3198a2ep-69
#define PIO2_4 0x1.b839a252049c1p-104

/* x − k π/2 in double-double, k the integer nearest to 2x/π; returns k mod 4.
 * Exact enough (π/2 to 152 bits) for |x| < 2^20; beyond, its last bits
 * may be wrong. */
static int
reduce (double x, DD *r)
{
  double k = nearbyint (x * 0x1.45f306dc9c883p-1);
  if (fabs (k) < 1.0)
    {
      *r = (DD){ x, 0.0 };
      return 0;
    }
  /* x − k·PIO2_1 is exact (Sterbenz), and so are the products. */
  DD t = { x - k * PIO2_1, 0.0 };
  t = dd_add (t, (DD){ -k * PIO2_2, 0.0 });
  t = dd_add (t, (DD){ -k * PIO2_3, 0.0 });
  t = dd_add (t, dd_neg (two_prod (k, PIO2_4)));
  *r = t;
  double q = fmod (k, 4.0);
  return (int)(q < 0.0 ? q + 4.0 : q);
}

double
LIBM (sin) (double x)
{
  if (!isfinite (x))
    return x - x; /* NaN */
  if (fabs (x) < 0x1p-26)
    return x; /* |x³/6| is below half an ulp of x */
  DD r, s, c;
  int q = reduce (x, &r);
  dd_sin_cos (r, &s, &c);
  switch (q)
    {
    case 0:
      return dd_round (s);
    case 1:
      return dd_round (c);
    case 2:
      return -dd_round (s);
    default:
      return -dd_round (c);
    }
}

double
LIBM (cos) (double x)
{
  if (!isfinite (x))
    return x - x;
  if (fabs (x) < 0x1p-27)
    return 1.0; /* x²/2 is below half an ulp of 1 */
  DD r, s, c;
  int q = reduce (x, &r);
  dd_sin_cos (r, &s, &c);
  switch (q)
    {
    case 0:
      return dd_round (c);
    case 1:
      return -dd_round (s);
    case 2:
      return -dd_round (c);
    default:
      return dd_round (s);
    }
}

/* ---- atan2 ---- */

/* atan z for 0 <= z <= 1: halved four times (atan z = 2 atan(z / (1 +
 * √(1 + z²)))) to below 0.05, then the series. */
static DD
dd_atan (DD z)
{
  const DD one = { 1.0, 0.0 };
  for (int i = 0; i < 4; i++)
    z = dd_div (z, dd_add (one, dd_sqrt (dd_add (one, dd_mul (z, z)))));
  DD z2 = dd_mul (z, z);
  DD power = z, sum = z;
  for (int n = 3; n < 200; n += 2)
    {
      power = dd_neg (dd_mul (power, z2));
      DD term = dd_div_int (power, (double)n);
      if (fabs (term.hi) <= fabs (sum.hi) * 0x1p-110)
        break;
      sum = dd_add (sum, term);
    }
  return (DD){ 16.0 * sum.hi, 16.0 * sum.lo };
}

double
LIBM (atan2) (double y, double x)
{
  if (isnan (x) || isnan (y))
    return x + y;
  double sign = signbit (y) ? -1.0 : 1.0;
  if (y == 0.0)
    return signbit (x) ? sign * DD_PI.hi : y; /* ±0 or ±π */
  if (x == 0.0)
    return sign * DD_PI_2.hi;
  if (isinf (x) || isinf (y))
    {
      double a = isinf (y) ? (isinf (x) ? DD_PI_2.hi / 2.0 : DD_PI_2.hi) : 0.0;
      if (signbit (x))
        a = isinf (y) ? (isinf (x) ? 3.0 * DD_PI_2.hi / 2.0 : DD_PI_2.hi) : DD_PI.hi;
      return sign * a;
    }
  double a = fabs (y), b = fabs (x);
  DD t;
  /* Far apart: the quotient needs no more than its double. */
  if (a <= b * 0x1p-60)
    t = dd_div ((DD){ a, 0.0 }, (DD){ b, 0.0 });
  else if (a <= b)
    t = dd_atan (dd_div ((DD){ a, 0.0 }, (DD){ b, 0.0 }));
  else
    t = dd_add (DD_PI_2, dd_neg (dd_atan (dd_div ((DD){ b, 0.0 }, (DD){ a, 0.0 }))));
  if (signbit (x))
    t = dd_add (DD_PI, dd_neg (t));
  return sign * dd_round (t);
}
