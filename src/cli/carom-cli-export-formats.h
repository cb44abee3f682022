/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-cli-export-formats.h: the options `carom export` takes for TikZ
 * (.tex), animations (.gif, or .svg with --animate) and web pages (.html),
 * kept apart from those of every figure in carom-cli-export.c. */
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
  GOptionEntry entries[7];
} CaromCliExportFormats;

/// Fills formats with no option given and returns its option entries, to add
/// to the command's main group (they live as long as formats).
const GOptionEntry *carom_cli_export_formats_entries (CaromCliExportFormats *formats);

G_END_DECLS
