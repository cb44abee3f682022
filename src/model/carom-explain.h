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

G_BEGIN_DECLS

/// How explanations are written.
typedef enum
{
  CAROM_EXPLAIN_TEXT,  ///< plain text (UTF-8), one quantity a line
  CAROM_EXPLAIN_LATEX, ///< an align* environment for an article
} CmExplainFormat;

/// Significant digits of numbers for people: panels, figures and
/// `carom trace --explain` (Copy, LaTeX and --json keep every digit).
#define CAROM_EXPLAIN_DIGITS_DEFAULT 6

/// Rejected candidates listed by default, nearest first.
#define CAROM_EXPLAIN_REJECTED_MAX 5

/// One cast explained: hit `hit` of ball `ball` of a scene trace, cast again
/// in the scene's world (cg_world_explain_cast()), straight and curved
/// primitives alike.
typedef struct
{
  const CmSceneTrace *trace; ///< borrowed
  const CaromBallTrace *bt;  ///< the ball (borrowed)
  CgHit h;                   ///< the hit explained
  guint ball, hit;
  CgVec2 c, d;       ///< the cast: start and unit direction
  double radius;     ///< the ball's radius
  int64_t exclude;   ///< the primitive just reflected off (counts only at t > 0), or -1
  CgWorldHit result; ///< the hit found again, with its statistics and full record
  CgPrimitive prim;  ///< the primitive hit
  CgTested *tested;  ///< what the BVH search tested, in order, with their records (owned)
  size_t n_tested;
  size_t n_primitives; ///< what brute force would test
} CaromCastExplanation;

/// Casts hit `hit` of ball `ball` again and records what was tested. FALSE
/// when there is no such hit or memory runs out.
gboolean carom_explain_cast (const CmSceneTrace *trace, guint ball, guint hit,
                             CaromCastExplanation *out);

/// carom_explain_cast() for a hit of ball bt, which need not be kept in
/// the trace (a streamed trace): prev is the ball's hit before (NULL for the
/// first).
gboolean carom_explain_hit (const CmSceneTrace *trace, const CaromBallTrace *bt, const CgHit *hit,
                            const CgHit *prev, CaromCastExplanation *out);

void carom_cast_explanation_clear (CaromCastExplanation *e);

/// A hit's place in its object: "edge 1", "arc edge 2" or "vertex 3"
/// (newly allocated), and the object (borrowed).
char *carom_explain_hit_name (const CmSceneTrace *trace, const CgHit *hit, const CmObject **object);

/// The same for a primitive of the scene's world.
char *carom_explain_primitive_name (const CmSceneTrace *trace, const CgPrimitive *p,
                                    const CmObject **object);

/// The cast of a primitive written out, one formula a line (plain text) or a
/// row (LaTeX, without the align*): for a segment its ends and normal, d·n,
/// t, p and s; for an arc the centre q and its radius ρ (r for a vertex
/// cap, R + r for a convex arc edge, R − r for a concave one, with the
/// edge's radius edge_radius), m, b, cc, the discriminant, both roots and
/// which one is used and why (the entry t₀ when the front is outside the
/// circle, the exit t₁ when it is inside), p, the sweep test; then the
/// normal. Numbers to `digits` significant digits (0: every digit). For the
/// Hit panel and carom_explain_format(). Newly allocated.
char *carom_explain_primitive_cast (const CgPrimitive *p, const CgCastRecord *rec,
                                    double edge_radius, double ball_radius, CmExplainFormat format,
                                    int digits);

/// The indices of e->tested that lost, nearest to the start first: those the
/// ray crosses in order of t, then the rest by their distance from c.
GArray *carom_explain_rejected (const CaromCastExplanation *e);

/// The explanation written out: the cast, the hit's formulas with their
/// numbers, the reflection, the broad phase's counts and up to max_rejected
/// rejected candidates with their reasons (newly allocated).
char *carom_explain_format (const CaromCastExplanation *e, CmExplainFormat format,
                            guint max_rejected);

/// The same with numbers to `digits` significant digits (what people read:
/// panels, figures, `carom trace --explain`); 0 or 17 and more: every digit
/// needed to read each number back, as carom_explain_format() (what Copy,
/// LaTeX and --json keep).
char *carom_explain_format_digits (const CaromCastExplanation *e, CmExplainFormat format,
                                   guint max_rejected, int digits);

/// Candidate i of e->tested by name, "edge 1", "arc edge 2" or "vertex 3",
/// straight or curved (newly allocated), and its object (borrowed).
char *carom_explain_tested_name (const CaromCastExplanation *e, size_t i, const CmObject **object);

/// Why candidate i of e->tested lost, with its numbers, in one line (an
/// arc's sweep test by the angle φ). Numbers to `digits` significant digits
/// (0: every digit). Newly allocated.
char *carom_explain_tested_reason (const CaromCastExplanation *e, size_t i, int digits);

/// Why a candidate lost, with its numbers, in one line (newly allocated).
char *carom_explain_reason (const CgCastRecord *rec, double t_hit);

/// The same, numbers to `digits` significant digits (0: every digit).
char *carom_explain_reason_digits (const CgCastRecord *rec, double t_hit, int digits);

/// Every hit of every ball, as carom_explain_format() writes them, each
/// after a heading line (what `carom trace --explain` prints). NULL when
/// memory runs out.
char *carom_explain_trace (const CmSceneTrace *trace, CmExplainFormat format);

/// The same, numbers to `digits` significant digits (0: every digit).
char *carom_explain_trace_digits (const CmSceneTrace *trace, CmExplainFormat format, int digits);

/// A number written as the shortest text that reads back to the same double
/// ("0" for -0): what explanations and the command line print.
char *carom_explain_number (double value);

/// A number to `digits` significant digits for people ("367.696"), trailing
/// zeros left out, "0" for -0 and for what rounds to it; digits 0 or 17 and
/// more: carom_explain_number().
char *carom_explain_number_digits (double value, int digits);

G_END_DECLS
