/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-figure-options.h: how a figure is drawn: the options of `carom export`. */
#pragma once

#if !defined(CAROM_INSIDE) && !defined(CAROM_COMPILATION)
#error "Only <carom.h> can be included directly."
#endif

#include <glib-object.h>

#include "carom-version.h"

G_BEGIN_DECLS

#define CAROM_TYPE_FIGURE_OPTIONS (carom_figure_options_get_type ())
CAROM_API
G_DECLARE_FINAL_TYPE (CaromFigureOptions, carom_figure_options, CAROM, FIGURE_OPTIONS, GObject)

CAROM_API
CaromFigureOptions *carom_figure_options_new (void);

G_END_DECLS
