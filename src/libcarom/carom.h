/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom.h: libcarom, Carom's geometry, scenes, traces and figures as a
 * library (docs/library.md). Include this header only. */
#pragma once

#define CAROM_INSIDE
#include "carom-version.h"
#include "carom-enums.h"
#include "carom-enum-types.h"
#include "carom-object.h"
#include "carom-hit.h"
#include "carom-boundary-map.h"
#include "carom-trace.h"
#include "carom-figure-options.h"
#include "carom-scene.h"
#undef CAROM_INSIDE
