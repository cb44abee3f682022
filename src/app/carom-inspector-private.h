/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-inspector-private.h: what the inspector's panels share (carom-inspector.c and
 * one carom-inspector-PANEL.c per panel). */
#pragma once

#include "carom-inspector.h"

#include <adwaita.h>

#include "model/carom-edit.h"
#include "model/carom-explain.h"

G_BEGIN_DECLS

/* Vertices listed in Properties before "and N more": enough to check a shape
 * by eye, few enough that a 100,000-vertex polygon does not stall the panel. */
#define VERTEX_ROWS_MAX 200
/* Rejected candidates listed under a hit: the nearest tell the story. */
#define CANDIDATE_ROWS_MAX 8
/* Hits listed in the Hit panel, for the same reason. */
#define HIT_ROWS_MAX 500

/* The Scene list's model (carom-inspector-scene.c). */
#define CAROM_TYPE_INSPECTOR_ROWS (carom_inspector_rows_get_type ())
G_DECLARE_FINAL_TYPE (CaromInspectorRows, carom_inspector_rows, CAROM, INSPECTOR_ROWS, GObject)

struct _CaromInspectorRows
{
  GObject parent_instance;
  const CmScene *scene; /* the scene last synced (compared only; any other value: none) */
  GArray *rows;         /* RowInfo, one per object */
};

/* How the rows changed in a sync. */
typedef struct
{
  gboolean structure;             /* rows were inserted or removed: positions moved */
  guint position, removed, added; /* where (for items-changed) */
  gboolean ids;                   /* a row's object has another name */
  gboolean display;               /* some row shows something else */
} RowChanges;

/* ---- the inspector ---- */

/* What Properties shows: rebuilt when this changes, updated in place while
 * it stays the same. */
typedef enum
{
  PROPS_UNBUILT, /* nothing built yet */
  PROPS_NONE,
  PROPS_POLYGON,
  PROPS_BALL,
  PROPS_SEVERAL,
  PROPS_BEAM, /* carom-inspector-beam.c */
} PropsKind;

typedef struct
{
  PropsKind kind;
  guint index;        /* the object (PROPS_POLYGON, PROPS_BALL) */
  size_t vertex_rows; /* PROPS_POLYGON */
  gboolean transform; /* the Transform group is there */

  /* the widgets updated in place (owned by properties_box) */
  AdwPreferencesGroup *group;
  GtkWidget *role, *name;
  GtkWidget *label_row, *label_reset; /* where the name label goes: automatic, or by hand */
  GtkWidget *n_vertices, *area;
  AdwPreferencesGroup *vertices;
  GPtrArray *vertex_fields; /* GtkEntry*: x and y of each listed vertex */
  GtkWidget *center_x, *center_y, *radius, *angle, *dx, *dy, *max_bounces;
  GtkWidget *move_x, *move_y, *rotate, *scale; /* Transform */
  /* carom-inspector-curve.c: on-hit and the chosen edge's arc */
  GtkWidget *on_hit;
  GtkWidget *several_on_hit; /* PROPS_SEVERAL: on-hit of all the selected obstacles */
  AdwPreferencesGroup *curve;
  GtkWidget *edge_shape, *edge_radius, *edge_center, *edge_sweep, *edge_bulge, *edge_straighten;
  gint shown_edge;
} Props;

struct _CaromInspector
{
  GtkWidget parent_instance;

  /* owned */
  CaromDocument *document;
  CaromEditor *editor;
  GSettings *settings;
  CaromInspectorRows *rows;
  GtkMultiSelection *selection;
  GPtrArray *bound; /* GtkListItem*: the Scene list's rows on screen */
  GArray *selected; /* guint: the selection, in document order */

  /* children */
  GtkStack *stack;
  GtkListView *scene_list;
  GtkStack *scene_stack; /* the list, or the empty scene's status page */
  char *page_before_lab; /* the panel shown when the Lab tool was chosen */
  GtkBox *properties_box;
  GtkBox *hit_box;
  GtkBox *display_box;
  GtkBox *statistics_box;
  GtkBox *lab_box;

  Props props;
  GtkWidget *typing;       /* the Properties field last typed in, or NULL */
  gboolean props_pending;  /* a rebuild waits for the user to finish typing */
  double move_dx, move_dy; /* the Transform fields, kept across rebuilds */
  double rotate_degrees, scale_percent;

  guint ball;
  guint step;
  gboolean updating;        /* set while panels are refilled, so their signals are not edits */
  gboolean syncing;         /* set while the list's selection follows the editor's */
  gboolean selection_dirty; /* the selection changed since the last refresh */
  gboolean document_dirty;  /* the document changed since the last refresh */
  gboolean hit_dirty, statistics_dirty; /* rebuild when shown */
  gboolean disposed;
  guint refresh_source;
};

enum
{
  STEP_REQUESTED,
  MESSAGE,
  EDITING_DONE,
  N_SIGNALS
};

extern guint carom_inspector_signals[N_SIGNALS];

/* carom-inspector.c */
char *carom_inspector_format_number (double v);
char *carom_inspector_format_point (CgVec2 p);
void carom_inspector_format_coordinate (double v, char buf[G_ASCII_DTOSTR_BUF_SIZE]);
gboolean carom_inspector_parse_number (const char *text, double *value);
const char *carom_inspector_role_label (const CmObject *o);
const char *carom_inspector_role_icon (const CmObject *o);
void carom_inspector_message (CaromInspector *self, const char *text);
const CmScene *carom_inspector_scene_of (CaromInspector *self);
const CmObject *carom_inspector_object_at (CaromInspector *self, guint index);
void carom_inspector_clear_box (GtkBox *box);
GtkWidget *carom_inspector_group_new (GtkBox *box, const char *title, const char *description);
GtkWidget *carom_inspector_value_row (GtkWidget *group, const char *title, const char *value);
GtkWidget *carom_inspector_value_row_explained (GtkWidget *group, const char *title,
                                                const char *subtitle, const char *value);
GtkWidget *carom_inspector_status_page (GtkBox *box, const char *icon, const char *title,
                                        const char *description);
const CaromBallTrace *carom_inspector_current_ball (CaromInspector *self);

/* carom-inspector-properties.c: the building blocks of Properties, for the
 * sections in files of their own */
GtkWidget *carom_inspector_props_name_row (CaromInspector *self, GtkWidget *group);
GtkWidget *carom_inspector_props_spin (CaromInspector *self, GtkWidget *group, const char *title,
                                       const char *subtitle, const char *field, double lo,
                                       double hi, double step, guint digits, GCallback changed);
void carom_inspector_props_set_spin (GtkWidget *spin, double v);
void carom_inspector_props_set_name (GtkWidget *row, const char *text);
void carom_inspector_props_field_done (CaromInspector *self, GtkWidget *field);
void carom_inspector_props_revert (CaromInspector *self);
void carom_inspector_props_watch_keys (CaromInspector *self, GtkWidget *field);

/* carom-inspector-beam.c: a beam's section of Properties */
void carom_inspector_build_beam (CaromInspector *self, const CmObject *o);
void carom_inspector_update_beam (CaromInspector *self, const CmObject *o);
GtkSelectionModel *carom_inspector_list_selection (CaromInspector *self);
void carom_inspector_list_selection_changed (CaromInspector *self);
void carom_inspector_schedule_refresh (CaromInspector *self);

/* carom-inspector-scene.c */
void carom_inspector_scene_init (CaromInspector *self, GtkBox *scene_box);
RowChanges carom_inspector_refresh_scene_list (CaromInspector *self);

/* carom-inspector-properties.c */
void carom_inspector_refresh_properties (CaromInspector *self);

/* carom-inspector-curve.c: a polygon's on-hit and arcs in Properties */
void carom_inspector_build_curve (CaromInspector *self, const CmObject *o);
GtkWidget *carom_inspector_on_hit_row_new (CaromInspector *self, GCallback selected);
void carom_inspector_update_curve (CaromInspector *self, const CmObject *o);
void carom_inspector_curve_editor_changed (CaromInspector *self);

/* carom-inspector-hit.c */
void carom_inspector_refresh_hit (CaromInspector *self);

/* carom-inspector-display.c */
void carom_inspector_build_display (CaromInspector *self);

/* carom-inspector-statistics.c */
void carom_inspector_refresh_statistics (CaromInspector *self);

/* carom-inspector-lab.c */
void carom_inspector_lab_follow_tool (CaromInspector *self);
void carom_inspector_refresh_lab (CaromInspector *self);

G_END_DECLS
