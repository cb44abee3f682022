/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom_format_g17() against snprintf ("%.17g") on millions of doubles: the
 * JSON of `carom trace --json` must not change by a byte. */
#include <glib.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/carom-number.h"

static guint64 failures;

static void
check (double v)
{
  char want[64], got[CAROM_G17_BUF_SIZE];
  snprintf (want, sizeof want, "%.17g", v);
  size_t n = carom_format_g17 (v, got);
  if (n != strlen (want) || strcmp (want, got) != 0)
    {
      if (failures++ < 10)
        g_test_message ("%a: printf gives %s, carom_format_g17 %s", v, want, got);
    }
}

static double
from_bits (guint64 bits)
{
  double v;
  memcpy (&v, &bits, sizeof v);
  return v;
}

/* Any bit pattern: every exponent, so every path (and the fallback). */
static void
test_random_bits (void)
{
  GRand *rand = g_rand_new_with_seed (15);
  failures = 0;
  for (int i = 0; i < 1000000; i++)
    check (from_bits ((guint64)g_rand_int (rand) << 32 | g_rand_int (rand)));
  g_rand_free (rand);
  g_assert_cmpuint (failures, ==, 0);
}

/* What scenes hold: coordinates, distances and unit directions, of either
 * sign, at every scale from 1e-6 to 1e17 (fixed and exponent notation). */
static void
test_scene_numbers (void)
{
  GRand *rand = g_rand_new_with_seed (16);
  failures = 0;
  for (int i = 0; i < 2000000; i++)
    {
      double mag = pow (10.0, g_rand_double_range (rand, -7.0, 18.0));
      double v = g_rand_double (rand) * mag;
      check (g_rand_boolean (rand) ? -v : v);
    }
  for (int i = 0; i < 1000000; i++)
    {
      double angle = g_rand_double_range (rand, -G_PI, G_PI);
      check (cos (angle));
      check (sin (angle));
    }
  g_rand_free (rand);
  g_assert_cmpuint (failures, ==, 0);
}

/* Exact ties at the 17th digit (round half to even), powers of ten and
 * their neighbours, where a digit count or the notation changes, and short
 * decimals (trailing zeros dropped). */
static void
test_edges (void)
{
  GRand *rand = g_rand_new_with_seed (17);
  failures = 0;
  /* 1e15 .. 1e16 in steps of 1/8: 18- and 19-digit exact values, many ties. */
  for (int i = 0; i < 1000000; i++)
    check (1e15 + (double)g_rand_int_range (rand, 0, 1 << 30) * 8e6 / 8.0
           + g_rand_int_range (rand, 0, 8) / 8.0);
  for (int i = 0; i < 1000000; i++)
    check (ldexp ((double)g_rand_int (rand), g_rand_int_range (rand, -60, 30)));
  for (int k = -330; k <= 310; k++)
    {
      double p = pow (10.0, k);
      check (p);
      check (-p);
      check (nextafter (p, 0.0));
      check (nextafter (p, INFINITY));
      check (p * 9.99999999999999999);
      check (p * 0.5);
    }
  for (int i = -100000; i <= 100000; i++)
    {
      check (i / 1000.0);
      check (i / 8.0);
      check (i * 0.1);
    }
  double special[] = { 0.0,
                       -0.0,
                       INFINITY,
                       -INFINITY,
                       NAN,
                       5e-324,
                       2.2250738585072014e-308,
                       1.7976931348623157e308,
                       9007199254740992.0,
                       9007199254740993.0,
                       1e17,
                       99999999999999999.0,
                       0.0001,
                       0.00009999999999999999,
                       1e16,
                       9999999999999998.0,
                       0.30000000000000004 };
  for (size_t i = 0; i < G_N_ELEMENTS (special); i++)
    check (special[i]);
  g_rand_free (rand);
  g_assert_cmpuint (failures, ==, 0);
}

/* `carom` runs in the user's locale (setlocale (LC_ALL, "")): numbers the
 * fast path leaves to printf must still be JSON, a point and not a comma. */
static void
test_comma_locale (void)
{
  const char *names[] = { "de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8" };
  const char *set = NULL;
  for (size_t i = 0; i < G_N_ELEMENTS (names) && set == NULL; i++)
    set = setlocale (LC_NUMERIC, names[i]);
  if (set == NULL)
    {
      g_test_skip ("no locale with a decimal comma installed");
      return;
    }
  double values[] = { 1.2246467991473532e-16, 1e-5, 2.5e20, -3.75e-7, 0.5, 123.25 };
  for (size_t i = 0; i < G_N_ELEMENTS (values); i++)
    {
      char want[G_ASCII_DTOSTR_BUF_SIZE], got[CAROM_G17_BUF_SIZE];
      g_ascii_formatd (want, sizeof want, "%.17g", values[i]);
      carom_format_g17 (values[i], got);
      g_assert_cmpstr (got, ==, want);
    }
  setlocale (LC_NUMERIC, "C");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/number/random-bits", test_random_bits);
  g_test_add_func ("/number/scene-numbers", test_scene_numbers);
  g_test_add_func ("/number/edges", test_edges);
  g_test_add_func ("/number/comma-locale", test_comma_locale);
  return g_test_run ();
}
