/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-version.h: libcarom's version and export macro. */
#pragma once

#if !defined(CAROM_INSIDE) && !defined(CAROM_COMPILATION)
#error "Only <carom.h> can be included directly."
#endif

/**
 * CAROM_API:
 *
 * Marks a function of libcarom's API: exported from the shared library.
 */
#define CAROM_API __attribute__ ((visibility ("default"))) extern

/**
 * CAROM_MAJOR_VERSION:
 *
 * The major version of libcarom: the 1 of `Carom-1` and of `libcarom-1.so.1`.
 */
#define CAROM_MAJOR_VERSION 1
