/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-editor-private.h: what the parts of the editor share (carom-editor.c and
 * carom-editor-TOOL.c). */
#pragma once

#include "control/carom-editor.h"

#include "model/carom-edit.h"

G_BEGIN_DECLS

/* Distances in pixels: how near the pointer must be to pick an edge or a
 * handle, to snap, to close a polygon on its first vertex; how far a press
 * must move to count as a drag. */
#define PICK_PX 6.0
#define HANDLE_PX 8.0
#define SNAP_PX 8.0
#define DRAG_PX 3.0
/* Where the rotation handle and a ball's direction handle sit (pixels). */
#define ROTATE_HANDLE_PX 28.0
#define DIRECTION_HANDLE_PX 48.0
/* Shift constrains angles to multiples of this (degrees). */
#define CONSTRAIN_DEGREES 15.0

typedef enum
{
  DRAG_NONE,
  DRAG_PENDING, /* pressed on an object: a move once the pointer travels */
  DRAG_MOVE,
  DRAG_BAND,
  DRAG_HANDLE,
  DRAG_VERTEX,
  DRAG_BEND,  /* an edge's midpoint handle, bending it (vertex tool) */
  DRAG_SHAPE, /* rectangle, regular polygon or ball being dragged out */
  DRAG_BEAM,  /* a beam being dragged out, live in the scene (indices[0] once added) */
  DRAG_LABEL, /* an object's name label (state.label_object), once the pointer travels */
} DragKind;

struct _CaromEditor
{
  GObject parent_instance;

  CaromDocument *document; /* owned */
  CaromTool tool;
  CgRole role;
  guint sides;
  double scale, grid_step;
  gboolean snap_grid, snap_objects;
  double ball_radius;
  guint ball_max_bounces;
  CaromBeamShape beam_shape; /* the Beam tool's defaults */
  guint beam_count;
  double beam_spread;
  double beam_radius; /* the beam being drawn's (carom_editor_get_beam_radius() at the press) */
  gboolean reversal_explained;

  CaromLab *lab;        /* owned: the Lab tool's probes */
  GPtrArray *selection; /* char* ids */
  GArray *selected;     /* guint: the selection's indices, or NULL until asked for again */
  CaromEditorState state;

  /* the gesture under way */
  DragKind drag;
  CgVec2 press;         /* where it began (snapped) */
  CgVec2 press_raw;     /* where it began */
  CaromHandle handle;   /* DRAG_HANDLE */
  GArray *indices;      /* guint: the objects being moved */
  GPtrArray *originals; /* CmObject*: their versions when the drag began */
  CgAabb box0;          /* the selection's box when the drag began */
  char *merge_key;
  guint serial;
  char *refusal;    /* why the vertex being dragged cannot go where it is */
  gint drag_vertex; /* DRAG_VERTEX: the vertex's index in originals[0] */
  gint drag_edge;   /* DRAG_BEND (and a press on a midpoint handle): the edge, or -1 */
  gboolean band_add;
  gboolean drag_applied; /* the drag under way changed the scene (one undo step) */
  guint64 drag_position; /* the history's position after the drag's last change */
  gboolean own_edit;     /* set while the document reports an edit the editor made */
  GArray *labels;        /* CaromEditorLabel: the name labels the canvas drew last */
  CgVec2 label_center0;  /* DRAG_LABEL: the label's centre when the drag began */
  gboolean label_moved;  /* DRAG_LABEL: the pointer travelled */
};

enum
{
  PROP_0,
  PROP_TOOL,
  PROP_ROLE,
  PROP_SIDES,
  N_PROPS
};

enum
{
  CHANGED,
  SELECTION_CHANGED,
  MESSAGE,
  N_SIGNALS
};

extern guint carom_editor_signals[N_SIGNALS];

/* carom-editor.c */
const CmScene *carom_editor_scene (CaromEditor *self);
const CmObject *carom_editor_object_at (CaromEditor *self, guint index);
double carom_editor_px (CaromEditor *self, double pixels);
void carom_editor_changed (CaromEditor *self);
void carom_editor_message (CaromEditor *self, const char *text);
void carom_editor_clear_preview (CaromEditor *self);
void carom_editor_abandon_drag (CaromEditor *self);
void carom_editor_new_merge_key (CaromEditor *self);
void carom_editor_edited (CaromEditor *self);
void carom_editor_show_error (CaromEditor *self, GError *error);
void carom_editor_toggle_selected (CaromEditor *self, guint index);
CgAabb carom_editor_object_box (const CmObject *o);
/// Where a ball's or a beam's radius and direction handles start from: the
/// centre, a fan's start, a parallel beam's midpoint.
CgVec2 carom_editor_handle_origin (const CmObject *o);

/* carom-editor-pick.c */
gint carom_editor_pick (CaromEditor *self, CgVec2 p);
CgVec2 carom_editor_snap (CaromEditor *self, CgVec2 p, CaromModifiers mods, gint skip_object,
                          gint skip_vertex, CaromSnap *kind);
CgVec2 carom_editor_constrain (CgVec2 anchor, CgVec2 p);
CgVec2 carom_editor_tool_point (CaromEditor *self, CgVec2 p, CaromModifiers mods,
                                const CgVec2 *anchor);

/* carom-editor-draw.c */
/// Says once per editor that a polygon was reversed to fit its role.
void carom_editor_explain_reversal (CaromEditor *self, gboolean reversed, CgRole role);
void carom_editor_update_polygon_preview_validity (CaromEditor *self);
void carom_editor_polygon_close (CaromEditor *self);
gboolean carom_editor_polygon_press (CaromEditor *self, CgVec2 p, int n_press, CaromModifiers mods);
void carom_editor_shape_update (CaromEditor *self, CgVec2 p, CaromModifiers mods);
void carom_editor_shape_finish (CaromEditor *self);

/* carom-editor-beam.c */
gboolean carom_editor_beam_press (CaromEditor *self, CgVec2 p, int n_press, CaromModifiers mods);
void carom_editor_beam_update (CaromEditor *self, CgVec2 p, CaromModifiers mods);

/* carom-editor-select.c */
void carom_editor_begin_transform (CaromEditor *self, DragKind kind);
void carom_editor_apply_transform (CaromEditor *self, const CaromMatrix *m, const char *label);
gboolean carom_editor_select_press (CaromEditor *self, CgVec2 p, CaromModifiers mods);
void carom_editor_handle_update (CaromEditor *self, CgVec2 p, CaromModifiers mods);
void carom_editor_band_finish (CaromEditor *self);

/* carom-editor-label.c */
gint carom_editor_label_at (CaromEditor *self, CgVec2 p);
gboolean carom_editor_label_press (CaromEditor *self, CgVec2 p, CaromModifiers mods);
void carom_editor_label_drag_update (CaromEditor *self, CgVec2 p, CaromModifiers mods);
void carom_editor_label_release (CaromEditor *self);
void carom_editor_label_hover (CaromEditor *self, CgVec2 p);

/* carom-editor-vertex.c */
gboolean carom_editor_try_points (CaromEditor *self, guint index, const CgVec2 *v, guint n,
                                  const char *label, const char *merge_key, gboolean show,
                                  gint *vertex);
gboolean carom_editor_try_curve (CaromEditor *self, guint index, const CgVec2 *v,
                                 const CgCurveEdge *e, guint n, const char *label,
                                 const char *merge_key, gboolean show, gint *vertex);
void carom_editor_vertex_drag_update (CaromEditor *self, CgVec2 p, CaromModifiers mods);
gboolean carom_editor_vertex_press (CaromEditor *self, CgVec2 p, int n_press, CaromModifiers mods);
gboolean carom_editor_delete_vertex (CaromEditor *self);
void carom_editor_bend_drag_update (CaromEditor *self, CgVec2 p, CaromModifiers mods);

G_END_DECLS
