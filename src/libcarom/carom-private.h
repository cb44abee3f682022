/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-private.h: what libcarom's public types share inside the library. */
#pragma once

#include "carom.h"

#include "carom-figure-job.h"
#include "model/carom-scene.h"
#include "model/carom-tracing.h"

G_BEGIN_DECLS

/// A CaromObject holding a copy of object.
CaromObject *carom_object_new_from_model (const CmObject *object);
const CmObject *carom_object_get_model (const CaromObject *object);

/// A trace of scene (taken), made with options.
CaromTrace *carom_trace_new_from_model (CmScene *scene, CmSceneTrace *trace);
const CmSceneTrace *carom_trace_get_model (CaromTrace *trace);
/// For each world polygon of the trace (hit->object), its index in the scene.
const guint *carom_trace_get_object_indices (CaromTrace *trace);

/// The boundary map of the balls (indices into the trace's balls, taken) of trace.
CaromBoundaryMap *carom_boundary_map_new_for (CaromTrace *trace, GArray *balls);

const CaromFigureSettings *carom_figure_options_get_settings (CaromFigureOptions *options);

G_END_DECLS
