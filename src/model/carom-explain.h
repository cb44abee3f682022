/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-explain.h: the maths of each hit, as the hit inspector shows it and
 * `carom trace --explain` prints it.
 *
 * A hit is explained by casting again, the way the tracer did, with the
 * BVH search recording every primitive it tested (cg_world_explain_cast()):
 * the winner's record gives the numbers that were actually used (geometry.md,
 * "The cast"), the others say why they lost. */
#pragma once

#include "carom-tracing.h"
#include "geom/cg-curve-explain.h"

G_BEGIN_DECLS

/// How explanations are written.
typedef enum
{
  CAROM_EXPLAIN_TEXT,  ///< plain text (UTF-8), one quantity a line
  CAROM_EXPLAIN_LATEX, ///< an align* environment for an article
} CaromExplainFormat;

/// Significant digits of numbers for people: panels, figures and
/// `carom trace --explain` (Copy, LaTeX and --json keep every digit).
#define CAROM_EXPLAIN_DIGITS_DEFAULT 6

/// Rejected candidates listed by default, nearest first.
#define CAROM_EXPLAIN_REJECTED_MAX 5

/// One cast explained: hit `hit` (1 ..) of ball `ball` of a scene trace.
///
/// In a curved scene (the ball's curve_world set) the hit is cast again in
/// the CgCurveWorld: `curved` is TRUE, `curve_result` holds the hit with the
/// full circle-cast record (cg-curve-world.h), `result` holds its common
/// fields (CgHit's record, sweep_from and sweep_to 0), and the candidates
/// come from cg_curve_world_explain_cast(): curve_tested holds their full
/// circle-cast records and tested the same candidates' common fields, in the
/// same order (use carom_explain_tested_name() and
/// carom_explain_tested_reason(), which read the right one).
typedef struct
{
  const CaromSceneTrace *trace; ///< borrowed
  guint ball, hit;
  CgVec2 c, d;       ///< the cast: start and unit direction
  int64_t exclude;   ///< the primitive skipped (just reflected off), or -1
  CgWorldHit result; ///< the hit found again, with its statistics
  CgTested *tested;  ///< what the BVH search tested, in order (owned)
  size_t n_tested;
  size_t n_primitives;         ///< what brute force would test
  gboolean curved;             ///< cast in the ball's CgCurveWorld
  CgCurveHit curve_result;     ///< curved: the hit found again, its full record
  CgCurveTested *curve_tested; ///< curved: what was tested, full records (owned)
} CaromCastExplanation;

/// Casts hit `hit` of ball `ball` again and records what was tested. FALSE
/// when there is no such hit or memory runs out.
gboolean carom_explain_cast (const CaromSceneTrace *trace, guint ball, guint hit,
                             CaromCastExplanation *out);

void carom_cast_explanation_clear (CaromCastExplanation *e);

/// The scene object and the primitive's place in it: "edge 1" or "vertex 3"
/// (newly allocated), and the object (borrowed). world is the ball's
/// straight world; in curved scenes (world NULL) use carom_explain_hit_name().
char *carom_explain_primitive_name (const CaromSceneTrace *trace, const CgWorld *world, guint prim,
                                    const CaromObject **object);

/// The same for a hit of any trace, straight or curved: "edge 1", "arc edge
/// 2" or "vertex 3" (newly allocated), and the object (borrowed).
char *carom_explain_hit_name (const CaromSceneTrace *trace, const CgHit *hit,
                              const CaromObject **object);

/// The circle cast (or segment cast) of a curved primitive written out, one
/// formula a line (plain text) or a row (LaTeX, without the align*): the
/// centre q, the edge's radius R and the ball's r with ρ = R + r (convex arc
/// edge), R − r (concave) or r (vertex cap), m, b, cc, the discriminant, both
/// roots and which one is used and why (the entry t₀ when the front is
/// outside the circle, the exit t₁ when it is inside), p, the sweep test and
/// the normal. edge_radius is R (0 for a cap or a segment). Numbers to
/// `digits` significant digits (0: every digit). For the Hit panel and
/// carom_explain_format(). Newly allocated.
char *carom_explain_curve_cast (const CgCurvePrim *p, const CgCurveCastRecord *rec,
                                double edge_radius, double ball_radius, CaromExplainFormat format,
                                int digits);

/// The indices of e->tested that lost, nearest to the start first: those the
/// ray crosses in order of t, then the rest by their distance from c.
GArray *carom_explain_rejected (const CaromCastExplanation *e);

/// The explanation written out: the cast, the hit's formulas with their
/// numbers, the reflection, the broad phase's counts and up to max_rejected
/// rejected candidates with their reasons (newly allocated).
char *carom_explain_format (const CaromCastExplanation *e, CaromExplainFormat format,
                            guint max_rejected);

/// The same with numbers to `digits` significant digits (what people read:
/// panels, figures, `carom trace --explain`); 0 or 17 and more: every digit
/// needed to read each number back, as carom_explain_format() (what Copy,
/// LaTeX and --json keep).
char *carom_explain_format_digits (const CaromCastExplanation *e, CaromExplainFormat format,
                                   guint max_rejected, int digits);

/// Candidate i of e->tested by name, "edge 1", "arc edge 2" or "vertex 3",
/// straight or curved (newly allocated), and its object (borrowed).
char *carom_explain_tested_name (const CaromCastExplanation *e, size_t i,
                                 const CaromObject **object);

/// Why candidate i of e->tested lost, with its numbers, in one line; in a
/// curved scene from its circle-cast record (the sweep test by the angle φ).
/// Numbers to `digits` significant digits (0: every digit). Newly allocated.
char *carom_explain_tested_reason (const CaromCastExplanation *e, size_t i, int digits);

/// Why a candidate lost, with its numbers, in one line (newly allocated).
char *carom_explain_reason (const CgCastRecord *rec, double t_hit);

/// The same, numbers to `digits` significant digits (0: every digit).
char *carom_explain_reason_digits (const CgCastRecord *rec, double t_hit, int digits);

/// Every hit of every ball, as carom_explain_format() writes them, each
/// after a heading line (what `carom trace --explain` prints). NULL when
/// memory runs out.
char *carom_explain_trace (const CaromSceneTrace *trace, CaromExplainFormat format);

/// The same, numbers to `digits` significant digits (0: every digit).
char *carom_explain_trace_digits (const CaromSceneTrace *trace, CaromExplainFormat format,
                                  int digits);

/// A number written as the shortest text that reads back to the same double
/// ("0" for -0): what explanations and the command line print.
char *carom_explain_number (double value);

/// A number to `digits` significant digits for people ("367.696"), trailing
/// zeros left out, "0" for -0 and for what rounds to it; digits 0 or 17 and
/// more: carom_explain_number().
char *carom_explain_number_digits (double value, int digits);

G_END_DECLS
