/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-curve-explain.h: what a cast in a curved world tested, for the hit
 * inspector, `carom trace --explain` and the candidates overlay: the curved
 * counterpart of cg_world_explain_cast() (cg-world.h). */
#pragma once

#include "cg-curve-world.h"

/// One primitive a curved cast looked at, and the full record of its cast.
typedef struct
{
  uint32_t prim;
  CgCurveCastRecord rec; ///< rec.reject says why it was not the hit (NONE for the hit)
} CgCurveTested;

/// Explains cg_curve_world_cast (w, c, d, after, false): the same hit (same
/// primitive, the same t bit for bit) and statistics in *hit, and in *tested
/// (free() it) the primitives the BVH search tested, in the order it tested
/// them, each with the full record of its cast: the winner's with
/// CG_REJECT_NONE, hits beaten by a nearer one with CG_REJECT_FARTHER, the
/// rest with their reason. The primitive `after` (>= 0), when it does not
/// count (it is not hit at t > eps), comes first with CG_REJECT_EXCLUDED and
/// is not listed again; when it counts it is listed where the search tested
/// it, like any other. Every other primitive was culled by a box. Built on
/// the public API only (the world's primitives and BVH, cg_curve_cast()),
/// with the nearest-first traversal of cg_curve_world_cast(). Returns false
/// when memory runs out.
bool cg_curve_world_explain_cast (const CgCurveWorld *w, CgVec2 c, CgVec2 d, int64_t after,
                                  CgCurveHit *hit, CgCurveTested **tested, size_t *n_tested);
