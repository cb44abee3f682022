/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-cli-export-formats.h: `carom export` to TikZ (.tex), animations
 * (.gif, or .svg with --animate) and web pages (.html): the options and the
 * writing, kept apart from the PNG, PDF and SVG figures of
 * carom-cli-export.c. */
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
  gboolean follow_dark;   ///< --follow-dark
  gboolean html_fragment; ///< --html-fragment
  /// a web page's title: the scene file's name (set by the caller, borrowed)
  const char *title;
  GOptionEntry entries[7];
} CaromCliExportFormats;

/// Fills formats with no option given and returns its option entries, to add
/// to the command's main group (they live as long as formats).
const GOptionEntry *carom_cli_export_formats_entries (CaromCliExportFormats *formats);

/// Whether output is written here (a .tex, a .gif, an .svg with --animate,
/// or an .html), in *applies. FALSE with a message for options that do not
/// go together (--animate with .png, .pdf, .tex or .html; --tikz-fragment
/// without a .tex; --fps without an animation; --follow-dark or
/// --html-fragment without an .html) or an output of no known format.
gboolean carom_cli_export_formats_check (const CaromCliExportFormats *formats, const char *output,
                                         gboolean *applies, GError **error);

/// Writes output (one carom_cli_export_formats_check() said applies): the
/// figure of box of the scene of cache, as TikZ, an animated GIF width_px
/// wide (-1: the default), an animated SVG scene, or a web page.
gboolean carom_cli_export_formats_write (const CaromCliExportFormats *formats, const CmScene *scene,
                                         const CaromRenderCache *cache, CgAabb box,
                                         const CaromStyle *style, const CaromRenderOptions *options,
                                         int width_px, const char *output, GError **error);

G_END_DECLS
