/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-export-html.h: a figure as one self-contained web page.
 *
 * The page holds the figure as inline, structured SVG (the drawing of the
 * SVG export, carom_export_svg_fragment(), at its step), a stepper, the
 * maths of the hit shown, and a small program (data/web/carom-page.js) that
 * steps through the hits, shows the maths of any hit, and traces the scene
 * again when the reader drags a ball: with Carom's geometry core compiled to
 * WebAssembly when the build has it (meson option, docs/web-core.md), else
 * from the trace the page carries. docs/web-page.md describes the page and
 * its JavaScript API.
 *
 * Everything the page shows or runs is in the one file: no network, nothing
 * beside it. The figure is one element (a <figure> with its own <style> and
 * <script>) that an author can paste into an article; the page around it
 * sets a Content-Security-Policy allowing only its own script and style
 * (by their hashes) and WebAssembly. Every string of the scene is escaped
 * for where it lands; the drawing is Carom's own, never the file's. */
#pragma once

#include "carom-render.h"

G_BEGIN_DECLS

/// How a page is written, beyond the figure's style and options.
typedef struct
{
  /// The page's title and the figure's name for screen readers: the
  /// scene's file name, say (borrowed; NULL: "Carom figure").
  const char *title;
  /// The page follows the reader's light or dark preference
  /// (prefers-color-scheme): in dark mode its colours are those of
  /// carom_export_html_dark_style().
  gboolean follow_dark;
  /// Write only the figure element, to paste into an article (no
  /// <html>, <head> or Content-Security-Policy).
  gboolean fragment;
} CaromHtmlOptions;

/// The dark twin of style, drawn when a page follows the reader's dark
/// preference: the sizes of style, the colours of the dark screen style
/// (greys, as style, when style is mono).
CaromStyle carom_export_html_dark_style (const CaromStyle *style);

/// Whether this build carries the WebAssembly core (pages trace again
/// when a ball is dragged).
gboolean carom_export_html_has_core (void);

/// The page (or, with html->fragment, the figure element) for the figure of
/// box of the scene of cache (its trace, its selected ball), in style, with
/// options (options->steps is ignored: a page steps through the hits
/// itself; no step: the start, step 0). Newly allocated UTF-8.
char *carom_export_html_page (const CmScene *scene, const CaromRenderCache *cache, CgAabb box,
                              const CaromStyle *style, const CaromRenderOptions *options,
                              const CaromHtmlOptions *html, GError **error);

/// carom_export_html_page() written to path (through a temporary file and
/// a rename).
gboolean carom_export_html (const CmScene *scene, const CaromRenderCache *cache, CgAabb box,
                            const CaromStyle *style, const CaromRenderOptions *options,
                            const CaromHtmlOptions *html, const char *path, GError **error);

G_END_DECLS
