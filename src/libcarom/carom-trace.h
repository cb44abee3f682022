/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-trace.h: every ball of a scene traced. */
#pragma once

#if !defined(CAROM_INSIDE) && !defined(CAROM_COMPILATION)
#error "Only <carom.h> can be included directly."
#endif

#include <gio/gio.h>

#include "carom-boundary-map.h"
#include "carom-enums.h"
#include "carom-hit.h"

G_BEGIN_DECLS

#define CAROM_TYPE_TRACE (carom_trace_get_type ())
CAROM_API
G_DECLARE_FINAL_TYPE (CaromTrace, carom_trace, CAROM, TRACE, GObject)

CAROM_API
char *carom_trace_to_json (CaromTrace *trace);

CAROM_API
guint carom_trace_get_n_balls (CaromTrace *trace);
CAROM_API
gint carom_trace_find_ball (CaromTrace *trace, const char *id);
CAROM_API
const char *carom_trace_get_ball_id (CaromTrace *trace, guint ball);
CAROM_API
const char *carom_trace_get_ball_source (CaromTrace *trace, guint ball);
CAROM_API
CaromBallStatus carom_trace_get_ball_status (CaromTrace *trace, guint ball);
CAROM_API
void carom_trace_get_ball_start (CaromTrace *trace, guint ball, double *x, double *y);
CAROM_API
void carom_trace_get_ball_direction (CaromTrace *trace, guint ball, double *dx, double *dy);
CAROM_API
double carom_trace_get_ball_radius (CaromTrace *trace, guint ball);
CAROM_API
guint carom_trace_get_n_hits (CaromTrace *trace, guint ball);
CAROM_API
guint64 carom_trace_get_total_hits (CaromTrace *trace);

CAROM_API
CaromHit *carom_trace_get_hit (CaromTrace *trace, guint ball, guint index);
CAROM_API
char *carom_trace_explain_hit (CaromTrace *trace, guint ball, guint index,
                               CaromExplainFormat format, guint digits);
CAROM_API
GBytes *carom_trace_get_hit_array (CaromTrace *trace);

CAROM_API
char *carom_trace_get_budget_message (CaromTrace *trace);

CAROM_API
CaromBoundaryMap *carom_trace_get_boundary_map (CaromTrace *trace, const char *ball,
                                                GError **error);

G_END_DECLS
