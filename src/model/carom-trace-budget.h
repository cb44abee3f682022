/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-trace-budget.h: how much work a scene's trace may take, and how it
 * is shared between the balls and beams that ask for it. */
#pragma once

#include "carom-scene.h"

G_BEGIN_DECLS

/// The work budget of a trace, in units: every hit counts one, and every
/// ray traced (a ball, or one ray of a beam) CAROM_BUDGET_RAY_UNITS. A scene
/// asks for Σ count × (2 + max bounces) over its balls and beams (a ball's
/// count is 1): a hit takes 128 bytes in the window and about half a
/// microsecond to find, a ray's record about twice a hit's memory.
///
/// The window keeps every hit in memory: its default is what fits in about
/// 1 GiB (Preferences ▸ Work Budget). A command that streams its output
/// keeps none, and its default is what `carom trace --json` writes in about a
/// minute here (`--max-hits N`).
#define CAROM_BUDGET_WINDOW_DEFAULT ((guint64)6000000)
/// What a ray costs, in hits.
#define CAROM_BUDGET_RAY_UNITS CG_PLAN_RAY_UNITS
#define CAROM_BUDGET_STREAM_DEFAULT ((guint64)20000000)
/// The smallest and largest budgets a user can set.
#define CAROM_BUDGET_MIN ((guint64)1000)
#define CAROM_BUDGET_MAX ((guint64)1000000000000)

/// What one ball or beam asked for and what it was given.
typedef struct
{
  guint index;         ///< the object's index in the scene
  guint rays;          ///< its rays (1 for a ball)
  guint32 max_bounces; ///< the hits each ray may make at most (its max bounces)
  gboolean traced;     ///< FALSE: the budget's rays ran out before this object
  /// the most hits each of its rays is given (max_bounces when not cut)
  guint32 allowance;
} CaromBudgetObject;

/// How a budget is shared, breadth first: every ray may make its k-th hit
/// before any ray makes its k+1-th. The rays themselves take at most half the
/// budget, objects in document order (a ball or beam whose rays do not fit
/// in what is left of that half is not traced); the rest is shared as hits: each ray
/// gets min(max bounces, level) hits, and the first `extra` rays (in trace
/// order) that are cut get one more. The plan depends only on the scene and
/// the budget, so the window and every command cut a scene the same way.
typedef struct
{
  guint64 budget;
  double asked;    ///< units the scene asks for (a double: it may pass 2^64)
  guint64 rays;    ///< rays traced
  guint32 level;   ///< the most hits a ray is given; G_MAXUINT32 when none is cut
  guint64 extra;   ///< cut rays given level + 1
  gboolean cut;    ///< some ray was given fewer hits than it asked, or not traced
  GArray *objects; ///< CaromBudgetObject, for each traced-or-cut ball and beam
} CaromTracePlan;

/// Plans the trace of scene's balls and beams (those not hidden) within
/// budget units; max_bounces_override ≥ 0 stands for every ball's own.
CaromTracePlan *carom_trace_plan_new (const CmScene *scene, gint64 max_bounces_override,
                                      guint64 budget);
void carom_trace_plan_free (CaromTracePlan *plan);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaromTracePlan, carom_trace_plan_free)

/// The plan's entry for scene object index, or NULL.
const CaromBudgetObject *carom_trace_plan_object (const CaromTracePlan *plan, guint index);

/// The most hits ray number `nth_cut_ray` of an object is given, where
/// nth_cut_ray counts the rays cut so far in trace order (the first `extra`
/// get one more than the level).
guint32 carom_trace_plan_ray_allowance (const CaromTracePlan *plan, const CaromBudgetObject *o,
                                        guint64 *cut_rays_so_far);

/// What the user reads when the plan cut the scene (NULL when it did not):
/// which objects asked for how much (count × max bounces), what they were
/// given, and how to raise the budget — `how` is the sentence that says so
/// for the place ("Raise it with --max-hits N." or the window's).
char *carom_trace_plan_message (const CaromTracePlan *plan, const CmScene *scene, const char *how);

/// A count as people read it: "7,000,000" (digits grouped by the locale).
char *carom_format_count (double n);

G_END_DECLS
