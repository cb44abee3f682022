/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-lab.h: the Collision lab: two probe shapes the user drags, and the
 * collision tests of the source articles run on them (geom/cg-lab.h), as a
 * state machine without a widget. The canvas draws carom_lab_draw() and
 * hands it pointer events while the Lab tool is chosen; the inspector's Lab
 * panel lists carom_lab_rows(). */
#pragma once

#include <cairo.h>

#include "control/carom-document.h"
#include "render/carom-view.h"

G_BEGIN_DECLS

/// The tests of the lab.
typedef enum
{
  CAROM_LAB_SEGMENTS, ///< segment–segment: uA, uB and the point
  CAROM_LAB_BOXES,    ///< AABB overlap
  CAROM_LAB_CIRCLES,  ///< circle–circle
  CAROM_LAB_SAT,      ///< separating axes and the minimum translation vector
  CAROM_LAB_SWEEP,    ///< a circle swept against a rectangle
  CAROM_LAB_PIXELS,   ///< both shapes rasterised, overlapping pixels counted
  CAROM_LAB_BROAD,    ///< brute force, a uniform grid and the BVH on the current cast
  CAROM_LAB_N_TESTS
} CaromLabTest;

/// What a probe is.
typedef enum
{
  CAROM_PROBE_SEGMENT,
  CAROM_PROBE_CIRCLE,
  CAROM_PROBE_RECTANGLE,
  CAROM_PROBE_POLYGON, ///< convex, as drawn: a vertex dragged in makes it concave
  CAROM_PROBE_N_KINDS
} CaromProbeKind;

#define CAROM_TYPE_LAB (carom_lab_get_type ())
G_DECLARE_FINAL_TYPE (CaromLab, carom_lab, CAROM, LAB, GObject)

CaromLab *carom_lab_new (void);

/// The scene the broad phase test uses (its selected ball's current cast).
void carom_lab_set_document (CaromLab *self, CaromDocument *document);

/// The ball and step whose cast the broad phase test compares.
void carom_lab_set_step (CaromLab *self, guint ball, guint step);

/// Chooses a test; the probes become shapes it takes (two segments for
/// segment–segment, a circle and a rectangle for the sweep...).
void carom_lab_set_test (CaromLab *self, CaromLabTest test);
CaromLabTest carom_lab_get_test (CaromLab *self);

/// Makes probe 0 (A) or 1 (B) another kind of shape, where the test allows.
void carom_lab_set_probe_kind (CaromLab *self, guint probe, CaromProbeKind kind);
CaromProbeKind carom_lab_get_probe_kind (CaromLab *self, guint probe);

/// Makes probe 0 (A) or 1 (B) a copy of a scene object: a polygon (of at
/// most 64 vertices; one that is not convex is refused by SAT with a
/// message) or a ball's circle. The copy is dragged, never the scene.
gboolean carom_lab_use_object (CaromLab *self, guint probe, const CmObject *object, GError **error);

/// Places the probes around centre, sized for size scene units (the view's
/// middle and a fraction of its width): called when the lab opens.
void carom_lab_place (CaromLab *self, CgVec2 centre, double size);

/// Pointer events in scene coordinates; px is pixels per scene unit (handles
/// are picked within a few pixels). press returns FALSE when nothing is there.
gboolean carom_lab_press (CaromLab *self, CgVec2 p, double px);
void carom_lab_motion (CaromLab *self, CgVec2 p);
void carom_lab_release (CaromLab *self);

/// Draws the probes and the chosen test's construction through view.
void carom_lab_draw (CaromLab *self, cairo_t *cr, const CaromView *view, gboolean dark);

/// The chosen test's numbers: a GPtrArray of char* pairs (title, value),
/// and a one-line verdict in *verdict (newly allocated). Numbers are written
/// to `digits` significant digits (Preferences' setting; 0: every digit).
GPtrArray *carom_lab_rows (CaromLab *self, int digits, char **verdict);

/// The chosen test's result as one paragraph of plain text (to copy), its
/// numbers as carom_lab_rows() writes them.
char *carom_lab_text (CaromLab *self, int digits);

/// A name for a test or a probe kind, for menus (translated).
const char *carom_lab_test_name (CaromLabTest test);
const char *carom_lab_probe_name (CaromProbeKind kind);

G_END_DECLS
