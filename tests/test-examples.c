/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-examples.c: the curved examples of data/examples (issue 16) traced by
 * `carom trace --json`, each ball's first hits against the numbers worked
 * out by hand below (the arithmetic is in the comments; the code evaluates
 * the same closed forms). Read exactly, a circle is one arc edge: its hits
 * are "primitive": "arc" with "edge": 0, and a flattened circle would miss
 * these numbers by far more than the tolerance. */
#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOL 1e-9

/* One hit as `carom trace --json` prints it. */
typedef struct
{
  double px, py, distance, nx, ny, ox, oy;
  char object[64], primitive[16], action[16];
  int edge, vertex;
} Hit;

/* Runs `carom trace OPTIONS` on data/examples/NAME.svg. */
static char *
run_trace (const char *name, const char *options)
{
  g_autofree char *svg
      = g_strdup_printf ("%s/data/examples/%s.svg", g_getenv ("CAROM_SOURCE_ROOT"), name);
  g_autofree char *cmd
      = g_strdup_printf ("'%s' trace %s '%s'", g_getenv ("CAROM_EXE"), options, svg);
  char *out = NULL, *err = NULL;
  gint status;
  g_assert_true (g_spawn_command_line_sync (cmd, &out, &err, &status, NULL));
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s: %s", cmd, err);
  g_free (err);
  return out;
}

/* `carom trace --json` of an example; --brute-force prints the same bytes. */
static char *
trace_example (const char *name)
{
  char *json = run_trace (name, "--json");
  g_autofree char *brute = run_trace (name, "--json --brute-force");
  g_assert_cmpstr (json, ==, brute);
  return json;
}

/* Hit k (1 ..) of the first ball of a trace's JSON. */
static Hit
json_hit (const char *json, int k)
{
  Hit h = { 0 };
  h.edge = h.vertex = -1;
  g_autofree char *key = g_strdup_printf ("{\"index\": %d, ", k);
  const char *s = strstr (json, key);
  if (s == NULL)
    g_error ("no hit %d in\n%s", k, json);
  s += strlen (key);
  g_assert_cmpint (sscanf (s, "\"point\": [%lf, %lf], \"distance\": %lf, \"normal\": [%lf, %lf]",
                           &h.px, &h.py, &h.distance, &h.nx, &h.ny),
                   ==, 5);
  const char *o = strstr (s, "\"object\": \"");
  g_assert_cmpint (sscanf (o, "\"object\": \"%63[^\"]\"", h.object), ==, 1);
  const char *p = strstr (s, "\"primitive\": \"");
  g_assert_cmpint (sscanf (p, "\"primitive\": \"%15[^\"]\"", h.primitive), ==, 1);
  const char *e = strstr (p, "\"edge\": ");
  const char *v = strstr (p, "\"vertex\": ");
  const char *a = strstr (p, "\"action\": \"");
  if (e != NULL && e < a)
    h.edge = atoi (e + 8);
  if (v != NULL && v < a)
    h.vertex = atoi (v + 10);
  g_assert_cmpint (sscanf (a, "\"action\": \"%15[^\"]\"", h.action), ==, 1);
  const char *out = strstr (a, "\"out\": [");
  g_assert_cmpint (sscanf (out, "\"out\": [%lf, %lf]", &h.ox, &h.oy), ==, 2);
  return h;
}

static void
assert_hit (const Hit *h, const char *object, const char *primitive, double px, double py,
            double distance, double ox, double oy)
{
  g_assert_cmpstr (h->object, ==, object);
  g_assert_cmpstr (h->primitive, ==, primitive);
  g_assert_cmpstr (h->action, ==, "reflect");
  g_assert_cmpfloat_with_epsilon (h->px, px, TOL * 1000);
  g_assert_cmpfloat_with_epsilon (h->py, py, TOL * 1000);
  g_assert_cmpfloat_with_epsilon (h->distance, distance, TOL * 1000);
  g_assert_cmpfloat_with_epsilon (h->ox, ox, TOL);
  g_assert_cmpfloat_with_epsilon (h->oy, oy, TOL);
}

/* sinai.svg: room [−300, 300]², disk q = (0, 0), R = 100 (reflecting),
 * ball c = (−250, 60), r = 20, d = (1, 0).
 * Hit 1, the disk grown to ρ = R + r = 120 (convex: the entry root):
 *   m = c − q = (−250, 60), b = m·d = −250, cc = 62500 + 3600 − 14400 = 51700,
 *   b² − cc = 62500 − 51700 = 10800 = (60√3)², t₀ = 250 − 60√3 ≈ 146.077,
 *   p = (−60√3, 60) ≈ (−103.923, 60), |p| = √(10800 + 3600) = 120,
 *   n = p/120 = (−√3/2, 1/2), d·n = −√3/2,
 *   d′ = d − 2(d·n)n = (1 − 3/2, √3/2) = (−1/2, √3/2).
 * Hit 2, the room's side y = 300 grown to y = 280 (n = (0, −1)): from p along
 *   d′, y = 280 after t = 220/(√3/2) = 440/√3 ≈ 254.03 (x = −280 would take
 *   (280 − 60√3)·2 ≈ 352.2), p = (−60√3 − 220/√3, 280) = (−400/√3, 280),
 *   d″ = (−1/2, −√3/2).
 * Hit 3, the side x = −300 grown to x = −280: t = (280 − 400/√3)·2
 *   = 560 − 800/√3 ≈ 98.12, y = 280 − (√3/2) t = 680 − 280√3 ≈ 195.03,
 *   d‴ = (1/2, −√3/2). */
static void
test_sinai (void)
{
  g_autofree char *json = trace_example ("sinai");
  double r3 = sqrt (3.0);
  Hit h1 = json_hit (json, 1), h2 = json_hit (json, 2), h3 = json_hit (json, 3);
  assert_hit (&h1, "disk", "arc", -60 * r3, 60, 250 - 60 * r3, -0.5, r3 / 2);
  g_assert_cmpint (h1.edge, ==, 0);
  g_assert_cmpfloat_with_epsilon (h1.nx, -r3 / 2, TOL);
  g_assert_cmpfloat_with_epsilon (h1.ny, 0.5, TOL);
  assert_hit (&h2, "room", "segment", -400 / r3, 280, 440 / r3, -0.5, -r3 / 2);
  assert_hit (&h3, "room", "segment", -280, 680 - 280 * r3, 560 - 800 / r3, 0.5, -r3 / 2);

  /* --explain writes the disk's circle cast with these numbers. */
  g_autofree char *text = run_trace ("sinai", "--explain --max-bounces 1");
  g_assert_nonnull (strstr (text, "ρ = R + r = 100 + 20 = 120"));
  g_assert_nonnull (strstr (text, "b² − cc = ρ² − |m − b d|² = 10800 ≥ 0"));
  g_assert_nonnull (strstr (text, "t = t₀ = 146.077"));
  g_assert_nonnull (strstr (text, "d′ = d − 2(d·n)n = (-0.5, 0.866025)"));
}

/* stadium.svg: sides y = ±100 for −200 ≤ x ≤ 200, half circles R = 100
 * around (±200, 0); ball c = (0, 0), r = 10, d = (2, 1)/√5.
 * Hit 1, the side y = 100 grown to y = 90: t = 90/(1/√5) = 90√5 ≈ 201.246,
 *   p = (180, 90), inside the side's −200 ≤ x ≤ 200; d′ = (2, −1)/√5.
 * Hit 2, the right half circle, concave, shrunk to ρ = R − r = 90 (the exit
 *   root): m = p − q = (−20, 90), b = m·d′ = (−40 − 90)/√5 = −130/√5,
 *   cc = 400 + 8100 − 8100 = 400, b² − cc = 16900/5 − 400 = 2980,
 *   t₁ = 130/√5 + √2980 ≈ 58.138 + 54.589 = 112.727,
 *   p₂ = (180 + 2t₁/√5, 90 − t₁/√5) ≈ (280.826, 39.587), right of x = 200 (in
 *   the sweep), n = (q − p₂)/90, d″ = d′ − 2(d′·n)n. */
static void
test_stadium (void)
{
  g_autofree char *json = trace_example ("stadium");
  double r5 = sqrt (5.0);
  Hit h1 = json_hit (json, 1), h2 = json_hit (json, 2);
  assert_hit (&h1, "stadium", "segment", 180, 90, 90 * r5, 2 / r5, -1 / r5);
  double t = 130 / r5 + sqrt (2980.0);
  double px = 180 + 2 * t / r5, py = 90 - t / r5;
  double nx = (200 - px) / 90, ny = (0 - py) / 90;
  double dn = 2 / r5 * nx - 1 / r5 * ny;
  assert_hit (&h2, "stadium", "arc", px, py, t, 2 / r5 - 2 * dn * nx, -1 / r5 - 2 * dn * ny);
  g_assert_cmpint (h2.edge, >=, 0);
}

/* circle.svg: a round room R = 200 around (0, 0); ball c = (0, 60), r = 20,
 * d = (1, 0).
 * Hit 1, the circle shrunk to ρ = R − r = 180 (concave: the exit root):
 *   m = (0, 60), b = 0, cc = 3600 − 32400 = −28800, b² − cc = 28800,
 *   t₁ = √28800 = 120√2 ≈ 169.706, p = (120√2, 60),
 *   n = (q − p)/180 = (−2√2/3, −1/3), d·n = −2√2/3,
 *   d′ = (1 − 2·8/9, −2·(2√2/3)(1/3)) = (−7/9, −4√2/9).
 * Hit 2: a chord of a circle reflects into a chord as long: the line y = 60
 *   cuts ρ = 180 in a chord of 2·120√2 = 240√2, so t = 240√2 and
 *   p₂ = p + t d′ = (120√2 − 240√2·7/9, 60 − 240√2·4√2/9)
 *      = (−600√2/9, 60 − 1920/9) ≈ (−94.281, −153.333), |p₂| = 180.
 * Hit 3: another chord of 240√2; by the same reflection, d″ turns d′ by the
 *   same angle as d′ turned d: d″ = R(d′) with cos = −7/9, sin = −4√2/9. */
static void
test_circle (void)
{
  g_autofree char *json = trace_example ("circle");
  double r2 = sqrt (2.0);
  Hit h1 = json_hit (json, 1), h2 = json_hit (json, 2), h3 = json_hit (json, 3);
  assert_hit (&h1, "room", "arc", 120 * r2, 60, 120 * r2, -7.0 / 9, -4 * r2 / 9);
  g_assert_cmpint (h1.edge, ==, 0);
  double c = -7.0 / 9, s = -4 * r2 / 9;
  assert_hit (&h2, "room", "arc", -600 * r2 / 9, 60 - 1920.0 / 9, 240 * r2, c * c - s * s,
              2 * s * c);
  g_assert_cmpfloat_with_epsilon (h3.distance, 240 * r2, TOL * 1000);
  g_assert_cmpfloat_with_epsilon (hypot (h3.px, h3.py), 180, TOL * 1000);
}

/* pinball.svg: ball c = (360, 650), r = 10, d = (−0.2, −1)/√1.04.
 * Hit 1, bumper-right q = (280, 200), R = 30, grown to ρ = 40 (entry root):
 *   m = c − q = (80, 450), b = m·d = (−16 − 450)/√1.04 = −466/√1.04,
 *   cc = 6400 + 202500 − 1600 = 207300, b² − cc = 217156/1.04 − 207300
 *   = 1503.846…, t₀ = −b − √(b² − cc) ≈ 456.951 − 38.779 = 418.171,
 *   p = c + t₀ d ≈ (277.990, 239.949), n = (p − q)/40, d′ = d − 2(d·n)n
 *   ≈ (−0.29355, 0.95594).
 * Hit 2, the bar's top side y = 450 (170 + 8 ≤ x ≤ 230 − 8 between its round
 *   ends) grown to y = 440: t = (440 − p.y)/d′ᵧ ≈ 209.27, x ≈ 216.56, on the
 *   straight part; the bar reflects: d″ = (d′ₓ, −d′ᵧ).
 * Hit 3, bumper-middle q = (200, 320), ρ = 40, the entry root again. */
static void
test_pinball (void)
{
  g_autofree char *json = trace_example ("pinball");
  double L = sqrt (1.04), dx = -0.2 / L, dy = -1 / L;
  double b = -466 / L, cc = 207300;
  double t0 = -b - sqrt (b * b - cc);
  double px = 360 + t0 * dx, py = 650 + t0 * dy;
  double nx = (px - 280) / 40, ny = (py - 200) / 40;
  double dn = dx * nx + dy * ny;
  double ox = dx - 2 * dn * nx, oy = dy - 2 * dn * ny;
  Hit h1 = json_hit (json, 1), h2 = json_hit (json, 2), h3 = json_hit (json, 3);
  assert_hit (&h1, "bumper-right", "arc", px, py, t0, ox, oy);
  g_assert_cmpint (h1.edge, ==, 0);
  double t2 = (440 - py) / oy;
  double qx = px + t2 * ox;
  assert_hit (&h2, "bar", "segment", qx, 440, t2, ox, -oy);
  /* Hit 3: m = p₂ − q, b = m·d″, cc = |m|² − 40², t₀ = −b − √(b² − cc). */
  double mx = qx - 200, my = 440 - 320;
  double b3 = mx * ox + my * -oy, cc3 = mx * mx + my * my - 1600;
  double t3 = -b3 - sqrt (b3 * b3 - cc3);
  g_assert_cmpstr (h3.object, ==, "bumper-middle");
  g_assert_cmpstr (h3.primitive, ==, "arc");
  g_assert_cmpfloat_with_epsilon (h3.distance, t3, TOL * 1000);
  g_assert_cmpfloat_with_epsilon (h3.px, qx + t3 * ox, TOL * 1000);
  g_assert_cmpfloat_with_epsilon (h3.py, 440 - t3 * oy, TOL * 1000);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("CAROM_EXE") == NULL || g_getenv ("CAROM_SOURCE_ROOT") == NULL)
    {
      g_printerr ("test-examples: CAROM_EXE and CAROM_SOURCE_ROOT must be set\n");
      return 1;
    }
  g_test_add_func ("/examples/sinai", test_sinai);
  g_test_add_func ("/examples/stadium", test_stadium);
  g_test_add_func ("/examples/circle", test_circle);
  g_test_add_func ("/examples/pinball", test_pinball);
  return g_test_run ();
}
