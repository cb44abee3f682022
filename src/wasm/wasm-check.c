/* SPDX-License-Identifier: GPL-3.0-or-later */
/* wasm-check.c: meson's check that clang builds for wasm32-wasi (libm and
 * malloc from wasi-libc, clang's builtins). */
#include <math.h>
#include <stdlib.h>

__attribute__ ((export_name ("check"))) double
check (double x)
{
  double *p = malloc (sizeof *p);
  if (p == NULL)
    return 0.0;
  *p = atan2 (sin (x), cos (x)) + hypot (x, 1.0);
  double y = *p;
  free (p);
  return y;
}
