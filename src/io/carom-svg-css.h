/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-css.h: the CSS cascade of <style> sheets for the properties
 * Carom reads (carom-svg-css.c). */
#pragma once

#include "io/carom-svg-private.h"

G_BEGIN_DECLS

/// The properties the cascade resolves.
typedef enum
{
  CAROM_CSS_FILL,
  CAROM_CSS_STROKE,
  CAROM_CSS_DISPLAY,
  CAROM_CSS_VISIBILITY,
  CAROM_CSS_N_PROPERTIES,
} CaromCssProperty;

/// What selectors see of an element (borrowed strings; NULL when absent).
typedef struct
{
  const char *name;       ///< local name
  const char *id;         ///< its id
  const char *class_list; ///< its class attribute
} CaromCssElement;

/// The rules of every <style> sheet read so far, in order.
typedef struct _CaromSvgSheet CaromSvgSheet;

CaromSvgSheet *carom_svg_sheet_new (void);
void carom_svg_sheet_free (CaromSvgSheet *sheet);

/// Adds the rules of a style sheet (after those already there).
void carom_svg_sheet_parse (CaromSvgSheet *sheet, const char *css);

/// True when the sheets hold no rule Carom can apply.
gboolean carom_svg_sheet_is_empty (const CaromSvgSheet *sheet);

/// The cascaded (specified) value of property for path[n - 1], whose
/// ancestors are path[0 .. n - 2] (the root first): the style attribute's
/// declaration, the sheets' rules that match, or the presentation attribute,
/// by CSS's order (importance, origin, specificity, order). A new trimmed
/// string, or NULL when nothing sets it (inheritance is the caller's).
char *carom_svg_cascade (const CaromSvgSheet *sheet, const CaromCssElement *path, guint n,
                         const char *style, const char *presentation, CaromCssProperty property);

G_END_DECLS
