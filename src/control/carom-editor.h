/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-editor.h: the canvas tools, as state machines without a widget.
 *
 * The canvas turns pointer and key events into calls of this API (scene
 * coordinates, modifiers) and draws what carom_editor_get_state() describes;
 * the tests drive the same calls without a display. Every change goes
 * through the document's commands (model/carom-edit.h), so every edit is
 * undoable and a drag is one undo step. */
#pragma once

#include "control/carom-document.h"
#include "control/carom-lab.h"

G_BEGIN_DECLS

/// The tools, in the order of the tool bar.
typedef enum
{
  CAROM_TOOL_SELECT,    ///< pick, move, rotate and scale objects (V)
  CAROM_TOOL_VERTEX,    ///< drag, insert and delete vertices (N)
  CAROM_TOOL_POLYGON,   ///< click vertices of a wall or an obstacle (P)
  CAROM_TOOL_RECTANGLE, ///< drag a rectangle (R)
  CAROM_TOOL_REGULAR,   ///< drag a regular polygon from its centre (G)
  CAROM_TOOL_CIRCLE,    ///< drag an exact circle from its centre (C)
  CAROM_TOOL_BALL,      ///< click to place a ball, drag for its direction (B)
  CAROM_TOOL_BEAM,      ///< drag out a fan or a parallel beam of balls (E)
  CAROM_TOOL_LAB,       ///< the Collision lab's probes (L): see carom_editor_get_lab()
  CAROM_N_TOOLS
} CaromTool;

/// Modifier keys held during an event.
typedef enum
{
  CAROM_MOD_SHIFT = 1 << 0, ///< add to the selection; constrain angles to 15° steps
  CAROM_MOD_CTRL = 1 << 1,  ///< no snapping while held
} CaromModifiers;

/// The keys tools answer.
typedef enum
{
  CAROM_KEY_ENTER,
  CAROM_KEY_ESCAPE,
  CAROM_KEY_BACKSPACE,
  CAROM_KEY_DELETE,
  CAROM_KEY_LEFT,
  CAROM_KEY_RIGHT,
  CAROM_KEY_UP,
  CAROM_KEY_DOWN,
} CaromKey;

/// What a point snapped to.
typedef enum
{
  CAROM_SNAP_NONE,
  CAROM_SNAP_GRID,
  CAROM_SNAP_VERTEX,
  CAROM_SNAP_EDGE,
} CaromSnap;

/// The handles of the selection (select tool).
typedef enum
{
  CAROM_HANDLE_NONE,
  CAROM_HANDLE_SCALE_NW, ///< corner handles scale uniformly about the box's centre
  CAROM_HANDLE_SCALE_NE,
  CAROM_HANDLE_SCALE_SE,
  CAROM_HANDLE_SCALE_SW,
  CAROM_HANDLE_ROTATE,    ///< above the box: turns about its centre
  CAROM_HANDLE_RADIUS,    ///< a single selected ball's radius
  CAROM_HANDLE_DIRECTION, ///< a single selected ball's direction
  CAROM_N_HANDLES
} CaromHandle;

/// What the canvas draws for the tools (borrowed from the editor).
typedef struct
{
  CaromTool tool;
  gboolean has_pointer;
  CgVec2 pointer; ///< snapped
  CaromSnap snap; ///< what pointer snapped to

  /// A shape being drawn, or a polygon whose vertex is dragged (CgVec2).
  GArray *preview;
  gboolean preview_closed; ///< a whole polygon (FALSE: a polyline still being drawn)
  gboolean preview_valid;  ///< FALSE: drawn in the error colour, refused on release
  CgRole preview_role;

  gboolean band; ///< a rubber band selection is being dragged
  CgAabb band_box;

  gboolean ball_preview; ///< a ball being placed
  CgVec2 ball_center, ball_direction;
  double ball_radius;

  gint vertex_object; ///< vertex tool: the object of the chosen vertex, or -1
  gint vertex;        ///< its vertex, or -1
  /// vertex tool: the chosen edge of vertex_object (from its vertex edge to
  /// the next), or -1; meaningful only while vertex_object >= 0
  gint edge;

  /// select tool: the object whose name label is under the pointer or being
  /// dragged, or -1
  gint label_object;
  CgAabb label_box;    ///< that label's box on the canvas (scene units)
  gboolean label_drag; ///< the label is being dragged
} CaromEditorState;

/// An object's name label as the canvas last drew it (carom_editor_set_labels()).
typedef struct
{
  guint index; ///< the object it names
  CgAabb box;  ///< its box, scene units
} CaromEditorLabel;

#define CAROM_TYPE_EDITOR (carom_editor_get_type ())
G_DECLARE_FINAL_TYPE (CaromEditor, carom_editor, CAROM, EDITOR, GObject)

/// An editor of document (NULL: none yet).
CaromEditor *carom_editor_new (CaromDocument *document);

void carom_editor_set_document (CaromEditor *self, CaromDocument *document);

/// Forgets the selection and any gesture: the document holds another scene
/// (opened or recovered). The role goes back to wall when it has no wall.
void carom_editor_reset (CaromEditor *self);

void carom_editor_set_tool (CaromEditor *self, CaromTool tool);

/// The Collision lab, whose probes the Lab tool drags (borrowed).
CaromLab *carom_editor_get_lab (CaromEditor *self);
CaromTool carom_editor_get_tool (CaromEditor *self);

/// The role of the next wall or obstacle drawn (property "role"). Drawing a
/// wall switches it to obstacle: a room is usually drawn first.
void carom_editor_set_role (CaromEditor *self, CgRole role);
CgRole carom_editor_get_role (CaromEditor *self);

/// The number of sides of the next regular polygon, 3 to 64 ("sides").
void carom_editor_set_sides (CaromEditor *self, guint sides);
guint carom_editor_get_sides (CaromEditor *self);

/// The scale of the view (pixels per scene unit) and the grid's spacing
/// (scene units): pick and snap distances are in pixels.
void carom_editor_set_view (CaromEditor *self, double scale, double grid_step);

/// Snapping to the grid and to objects' vertices and edges.
void carom_editor_set_snapping (CaromEditor *self, gboolean to_grid, gboolean to_objects);

/// The radius and max bounces of new balls.
void carom_editor_set_ball_defaults (CaromEditor *self, double radius, guint max_bounces);

/// The shape, number of rays (1 to CAROM_BEAM_MAX_COUNT) and spread (fans,
/// 0 to 360°) of the next beam drawn with the Beam tool.
void carom_editor_set_beam_defaults (CaromEditor *self, CaromBeamShape shape, guint count,
                                     double spread);
void carom_editor_get_beam_defaults (CaromEditor *self, CaromBeamShape *shape, guint *count,
                                     double *spread);

/// Pointer events in scene coordinates. n_press counts clicks (2: double).
/// press returns FALSE when the tool does not use the press (a pan may).
gboolean carom_editor_press (CaromEditor *self, CgVec2 p, int n_press, CaromModifiers mods);
void carom_editor_motion (CaromEditor *self, CgVec2 p, CaromModifiers mods);
void carom_editor_release (CaromEditor *self, CgVec2 p, CaromModifiers mods);
void carom_editor_leave (CaromEditor *self);

/// A key; returns TRUE when the tool used it.
gboolean carom_editor_key (CaromEditor *self, CaromKey key, CaromModifiers mods);

/// Ends whatever is being drawn or dragged (Escape, a tool change, a new
/// scene); what a drag had changed is undone.
void carom_editor_cancel (CaromEditor *self);

const CaromEditorState *carom_editor_get_state (CaromEditor *self);

/// The radius the offset outline preview uses: the selected ball's, else
/// the first ball's, else the new-ball radius.
double carom_editor_get_preview_radius (CaromEditor *self);

/// The radius of the balls of a beam drawn now: the selected ball's or
/// beam's, else the radius most of the scene's shown balls and beams have
/// (the last one's on a tie), else the new-ball radius.
double carom_editor_get_beam_radius (CaromEditor *self);

/// The selection, as object indices in document order (newly allocated).
GArray *carom_editor_get_selection (CaromEditor *self);
gboolean carom_editor_is_selected (CaromEditor *self, guint index);

/// Selects the objects at indices (replacing the selection, or adding).
void carom_editor_select (CaromEditor *self, const guint *indices, guint n, gboolean add);
void carom_editor_select_all (CaromEditor *self);
void carom_editor_clear_selection (CaromEditor *self);

/// The selection's box (empty without a selection), and where each handle is.
CgAabb carom_editor_get_selection_box (CaromEditor *self);
gboolean carom_editor_get_handle (CaromEditor *self, CaromHandle handle, CgVec2 *where);

/// Where the Vertices tool shows edge k's midpoint handle, which bends the
/// edge: the middle of the arc or of the segment.
CgVec2 carom_editor_edge_midpoint (const CmObject *o, size_t k);

/// The objects' name labels the canvas drew last: what the select tool lets
/// the author drag (copied). A drag moves the label where the author wants
/// it (carom_edit_set_label_offset(), one undo step; Escape puts it back);
/// it snaps to the grid and lines up with the object's middle (Ctrl: no
/// snapping; Shift: along an axis); a click on a label selects its object.
void carom_editor_set_labels (CaromEditor *self, const CaromEditorLabel *labels, guint n);

/// Where the canvas last drew the name label of object index (scene units);
/// FALSE when it drew none.
gboolean carom_editor_get_label (CaromEditor *self, guint index, CgAabb *box);

/// Gives the object's name label back to the automatic placement (one undo
/// step); FALSE when it was not placed by hand.
gboolean carom_editor_reset_label (CaromEditor *self, guint index);

/// Removes the selection (one undo step).
void carom_editor_delete_selection (CaromEditor *self);

/// Moves the selection by delta (one undo step; repeated nudges merge).
gboolean carom_editor_move_selection (CaromEditor *self, CgVec2 delta, const char *merge_key);

/// Turns the selection by degrees about its box's centre, or scales it by
/// factor (uniform) about that centre: the exact values of Properties.
gboolean carom_editor_rotate_selection (CaromEditor *self, double degrees);
gboolean carom_editor_scale_selection (CaromEditor *self, double factor);

G_END_DECLS
