/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-cli-export-formats.h: `carom export` to TikZ (.tex) and animations
 * (.gif, or .svg with --animate): the options and the writing, kept apart
 * from the PNG, PDF and SVG figures of carom-cli-export.c. */
#pragma once

#include <glib.h>

#include "render/carom-render.h"

G_BEGIN_DECLS

/// The options these formats add to `carom export`.
typedef struct
{
  gboolean animate;       ///< --animate
  gboolean tikz_fragment; ///< --tikz-fragment
  double fps;             ///< --fps (-G_MAXDOUBLE: not given)
  double hits_per_second; ///< --hits-per-second (-G_MAXDOUBLE: not given)
  GOptionEntry entries[5];
} CaromCliExportFormats;

/// Fills formats with no option given and returns its option entries, to add
/// to the command's main group (they live as long as formats).
const GOptionEntry *carom_cli_export_formats_entries (CaromCliExportFormats *formats);

/// Whether output is written here (a .tex, a .gif, or an .svg with
/// --animate), in *applies. FALSE with a message for options that do not go
/// together (--animate with .png, .pdf or .tex; --tikz-fragment without a
/// .tex; --fps without an animation) or an output of no known format.
gboolean carom_cli_export_formats_check (const CaromCliExportFormats *formats, const char *output,
                                         gboolean *applies, GError **error);

/// Writes output (one carom_cli_export_formats_check() said applies): the
/// figure of box of the scene of cache, as TikZ, an animated GIF width_px
/// wide (-1: the default), or an animated SVG scene.
gboolean carom_cli_export_formats_write (const CaromCliExportFormats *formats,
                                         const CaromScene *scene, const CaromRenderCache *cache,
                                         CgAabb box, const CaromStyle *style,
                                         const CaromRenderOptions *options, int width_px,
                                         const char *output, GError **error);

G_END_DECLS
