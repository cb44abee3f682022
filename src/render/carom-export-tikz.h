/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-export-tikz.h: figures as TikZ/PGF for LaTeX documents.
 *
 * The figure is drawn by carom_render() like every other format, onto
 * cairo's SVG surface, with the text handed to a sink instead of drawn.
 * The paths cairo wrote (only M, L, C and Z) become TikZ \draw and \fill
 * commands in the figure's points, the style's colours become named
 * \definecolor colours, and every label and legend row becomes a \node whose
 * text is LaTeX ($d'$, $\mathbf{n}$) set in the document's own font at the
 * place the renderer chose for it. So the .tex file shows the same layers,
 * overlays and step as the PDF, and a person can still read and edit it. */
#pragma once

#include "carom-render.h"

G_BEGIN_DECLS

/// What goes into the .tex file.
typedef enum
{
  CAROM_TIKZ_DOCUMENT, ///< a `standalone` LaTeX document that compiles with pdflatex
  CAROM_TIKZ_FRAGMENT, ///< a bare tikzpicture for \input (needs \usepackage{tikz})
} CaromTikzKind;

/// The figure of box (the box carom_export_pdf() draws) as TikZ source.
/// NULL with CAROM_RENDER_ERROR_CAIRO when drawing fails.
char *carom_export_tikz_string (const CaromRenderCache *cache, CgAabb box, const CaromStyle *style,
                                const CaromRenderOptions *options, CaromTikzKind kind,
                                GError **error);

/// Writes carom_export_tikz_string() to path (a temporary file and a rename).
gboolean carom_export_tikz (const CaromRenderCache *cache, CgAabb box, const CaromStyle *style,
                            const CaromRenderOptions *options, CaromTikzKind kind, const char *path,
                            GError **error);

/// Pango markup (as the renderer writes labels: <b>, <i>, entities) as LaTeX
/// text: italic letters become math ($d$), bold italic ones \mathbf, a prime
/// after them $d'$, − and · their math symbols, and LaTeX's special
/// characters are escaped. Newly allocated.
char *carom_tikz_from_markup (const char *markup);

G_END_DECLS
