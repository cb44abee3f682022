/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-number.c: "%.17g" by exact integer arithmetic.
 *
 * A finite double is m * 2^e with m < 2^53. For its 17 significant digits
 * it is scaled by 10^s so that 10^16 <= |v| * 10^s < 10^17: with e <= 0 and
 * 0 <= s <= 22, m * 10^s < 2^53 * 2^73.1 fits an unsigned 128-bit integer,
 * and dividing it by 2^-e (a shift, -e < 128) gives the digits and the exact
 * remainder, so rounding (half to even, glibc's) is exact. That covers
 * 1e-6 <= |v| < 2^53; %g then prints fixed notation when the rounded
 * decimal exponent X is in -4 .. 16, exponent notation otherwise, and the
 * latter (and whatever else falls outside) is left to g_ascii_formatd. */
#include "carom-number.h"

#include <glib.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef unsigned __int128 U128;

/* g_ascii_formatd, not snprintf: `carom` runs in the user's locale, whose
 * decimal comma would break the JSON. */
static size_t
fallback (double value, char buffer[CAROM_G17_BUF_SIZE])
{
  return strlen (g_ascii_formatd (buffer, CAROM_G17_BUF_SIZE, "%.17g", value));
}

size_t
carom_format_g17 (double value, char buffer[CAROM_G17_BUF_SIZE])
{
  uint64_t bits;
  memcpy (&bits, &value, sizeof bits);
  bool negative = bits >> 63;
  int biased = (int)((bits >> 52) & 0x7ff);
  uint64_t m = bits & ((UINT64_C (1) << 52) - 1);
  if (biased == 0 || biased == 0x7ff)
    return fallback (value, buffer); /* zero, subnormal, inf, NaN */
  m |= UINT64_C (1) << 52;
  int e = biased - 1075; /* value = m * 2^e */
  if (e > 0 || e <= -128)
    return fallback (value, buffer);
  int shift = -e;

  /* floor (log10 |v|), maybe one off; corrected below. */
  double a = fabs (value);
  int x10 = (int)floor (log10 (a));
  int s = 16 - x10;

  static const U128 one = 1;
  static const U128 pow10[23] = {
    1u,
    10u,
    100u,
    1000u,
    10000u,
    100000u,
    1000000u,
    10000000u,
    100000000u,
    1000000000u,
    10000000000u,
    100000000000u,
    1000000000000u,
    10000000000000u,
    100000000000000u,
    1000000000000000u,
    10000000000000000u,
    100000000000000000u,
    1000000000000000000u,
    10000000000000000000u,
    (U128)10000000000000000000u * 10u,
    (U128)10000000000000000000u * 100u,
    (U128)10000000000000000000u * 1000u,
  };
  const U128 lo17 = pow10[16], hi17 = pow10[17];

  U128 q, rem;
  for (int tries = 0;; tries++)
    {
      if (s < 0 || s > 22 || tries > 2)
        return fallback (value, buffer);
      U128 scaled = (U128)m * pow10[s];
      q = scaled >> shift;
      rem = scaled & ((one << shift) - 1);
      if (q < lo17)
        s++;
      else if (q >= hi17)
        s--;
      else
        break;
    }
  /* Round half to even on the exact remainder. */
  U128 half = shift > 0 ? one << (shift - 1) : 0;
  if (shift > 0 && (rem > half || (rem == half && (q & 1))))
    q++;
  int x = 16 - s; /* the decimal exponent of the rounded value */
  if (q == hi17)
    {
      q = lo17;
      x++;
    }
  if (x < -4 || x >= 17)
    return fallback (value, buffer);

  char digits[17];
  uint64_t d = (uint64_t)q;
  for (int i = 16; i >= 0; i--)
    {
      digits[i] = (char)('0' + d % 10);
      d /= 10;
    }
  int n_digits = 17;
  while (n_digits > 1 && digits[n_digits - 1] == '0')
    n_digits--;

  char *p = buffer;
  if (negative)
    *p++ = '-';
  if (x >= 0)
    {
      /* x + 1 digits before the point (padded with zeros), the rest after. */
      int before = x + 1;
      for (int i = 0; i < before; i++)
        *p++ = i < n_digits ? digits[i] : '0';
      if (n_digits > before)
        {
          *p++ = '.';
          for (int i = before; i < n_digits; i++)
            *p++ = digits[i];
        }
    }
  else
    {
      *p++ = '0';
      *p++ = '.';
      for (int i = 0; i < -x - 1; i++)
        *p++ = '0';
      for (int i = 0; i < n_digits; i++)
        *p++ = digits[i];
    }
  *p = '\0';
  return (size_t)(p - buffer);
}
