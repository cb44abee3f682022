/* carom-editor.c: the canvas tools, as state machines without a widget. */
#include "config.h"

#include "carom-editor.h"

#include <glib/gi18n.h>
#include <math.h>

#include "geom/cg-polygon.h"
#include "model/carom-edit.h"

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
  DRAG_SHAPE, /* rectangle, regular polygon or ball being dragged out */
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
  GPtrArray *originals; /* CaromObject*: their versions when the drag began */
  CgAabb box0;          /* the selection's box when the drag began */
  char *merge_key;
  guint serial;
  char *refusal; /* why the vertex being dragged cannot go where it is */
  gboolean band_add;
  gboolean drag_applied; /* the drag under way changed the scene (one undo step) */
  guint64 drag_position; /* the history's position after the drag's last change */
  gboolean own_edit;     /* set while the document reports an edit the editor made */
};

G_DEFINE_FINAL_TYPE (CaromEditor, carom_editor, G_TYPE_OBJECT)

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

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* ---- helpers ---- */

static const CaromScene *
scene (CaromEditor *self)
{
  return self->document != NULL ? carom_document_get_scene (self->document) : NULL;
}

static const CaromObject *
object_at (CaromEditor *self, guint index)
{
  const CaromScene *s = scene (self);
  return s != NULL && index < s->objects->len ? g_ptr_array_index (s->objects, index) : NULL;
}

static double
px (CaromEditor *self, double pixels)
{
  return pixels / (self->scale > 0.0 ? self->scale : 1.0);
}

static void
changed (CaromEditor *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
message (CaromEditor *self, const char *text)
{
  g_signal_emit (self, signals[MESSAGE], 0, text);
}

static void
clear_preview (CaromEditor *self)
{
  g_array_set_size (self->state.preview, 0);
  self->state.preview_closed = FALSE;
  self->state.preview_valid = TRUE;
  self->state.ball_preview = FALSE;
  self->state.band = FALSE;
}

static void
end_drag (CaromEditor *self)
{
  self->drag = DRAG_NONE;
  self->handle = CAROM_HANDLE_NONE;
  g_array_set_size (self->indices, 0);
  g_ptr_array_set_size (self->originals, 0);
  g_clear_pointer (&self->merge_key, g_free);
  g_clear_pointer (&self->refusal, g_free);
  self->drag_applied = FALSE;
}

/* An edit that is not the drag's own (Delete, a nudge) ends the drag where
 * it is: its objects and indices may be others afterwards. */
static void
abandon_drag (CaromEditor *self)
{
  if (self->drag == DRAG_NONE)
    return;
  end_drag (self);
  if (self->tool != CAROM_TOOL_POLYGON)
    clear_preview (self);
}

static void
new_merge_key (CaromEditor *self)
{
  g_free (self->merge_key);
  self->merge_key = g_strdup_printf ("drag-%u", ++self->serial);
}

/* Runs after a command changed the scene. */
static void
edited (CaromEditor *self)
{
  self->own_edit = TRUE;
  carom_document_edited (self->document);
  self->own_edit = FALSE;
  if (self->drag == DRAG_MOVE || self->drag == DRAG_HANDLE || self->drag == DRAG_VERTEX)
    {
      self->drag_applied = TRUE;
      self->drag_position
          = carom_history_get_position (carom_document_get_history (self->document));
    }
}

static void
show_error (CaromEditor *self, GError *error)
{
  if (error != NULL)
    message (self, error->message);
}

/* ---- selection ---- */

static void
selection_changed (CaromEditor *self)
{
  g_clear_pointer (&self->selected, g_array_unref);
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
  changed (self);
}

GArray *
carom_editor_get_selection (CaromEditor *self)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), NULL);
  /* Asked for by every handle of every frame: found once per change. */
  if (self->selected != NULL)
    return g_array_copy (self->selected);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint));
  self->selected = out;
  const CaromScene *s = scene (self);
  if (s == NULL || self->selection->len == 0)
    return g_array_copy (out);
  g_autoptr (GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < self->selection->len; i++)
    g_hash_table_add (ids, g_ptr_array_index (self->selection, i));
  for (guint i = 0; i < s->objects->len; i++)
    {
      const CaromObject *o = g_ptr_array_index (s->objects, i);
      if (o->id != NULL && g_hash_table_contains (ids, o->id))
        g_array_append_val (out, i);
    }
  return g_array_copy (out);
}

static gboolean
id_selected (CaromEditor *self, const char *id)
{
  for (guint i = 0; id != NULL && i < self->selection->len; i++)
    if (g_str_equal (g_ptr_array_index (self->selection, i), id))
      return TRUE;
  return FALSE;
}

gboolean
carom_editor_is_selected (CaromEditor *self, guint index)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), FALSE);
  const CaromObject *o = object_at (self, index);
  return o != NULL && id_selected (self, o->id);
}

void
carom_editor_select (CaromEditor *self, const guint *indices, guint n, gboolean add)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  if (!add)
    g_ptr_array_set_size (self->selection, 0);
  g_clear_pointer (&self->selected, g_array_unref);
  /* A set of the names already selected: selecting every object of a big
   * scene must not take quadratic time. */
  g_autoptr (GHashTable) taken = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < self->selection->len; i++)
    g_hash_table_add (taken, g_ptr_array_index (self->selection, i));
  for (guint i = 0; i < n; i++)
    {
      const CaromObject *o = object_at (self, indices[i]);
      if (o != NULL && o->id != NULL && !g_hash_table_contains (taken, o->id))
        {
          char *id = g_strdup (o->id);
          g_ptr_array_add (self->selection, id);
          g_hash_table_add (taken, id);
        }
    }
  self->state.vertex_object = self->state.vertex = -1;
  selection_changed (self);
}

void
carom_editor_select_all (CaromEditor *self)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  const CaromScene *s = scene (self);
  g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; s != NULL && i < s->objects->len; i++)
    {
      const CaromObject *o = g_ptr_array_index (s->objects, i);
      if (!o->hidden && !o->locked)
        g_array_append_val (all, i);
    }
  carom_editor_select (self, (guint *)all->data, all->len, FALSE);
}

void
carom_editor_clear_selection (CaromEditor *self)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  if (self->selection->len == 0 && self->state.vertex < 0)
    return;
  carom_editor_select (self, NULL, 0, FALSE);
}

static void
toggle_selected (CaromEditor *self, guint index)
{
  const CaromObject *o = object_at (self, index);
  if (o == NULL || o->id == NULL)
    return;
  for (guint i = 0; i < self->selection->len; i++)
    if (g_str_equal (g_ptr_array_index (self->selection, i), o->id))
      {
        g_ptr_array_remove_index (self->selection, i);
        selection_changed (self);
        return;
      }
  g_ptr_array_add (self->selection, g_strdup (o->id));
  selection_changed (self);
}

static CgAabb
object_box (const CaromObject *o)
{
  if (o->kind == CAROM_OBJECT_BALL)
    return (CgAabb){ cg_sub (o->center, cg_v2 (o->radius, o->radius)),
                     cg_add (o->center, cg_v2 (o->radius, o->radius)) };
  return cg_polygon_bounds (o->points, o->n_points);
}

CgAabb
carom_editor_get_selection_box (CaromEditor *self)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), cg_aabb_empty ());
  g_autoptr (GArray) sel = carom_editor_get_selection (self);
  CgAabb box = cg_aabb_empty ();
  for (guint i = 0; i < sel->len; i++)
    box = cg_aabb_union (box, object_box (object_at (self, g_array_index (sel, guint, i))));
  return box;
}

/* The one selected ball, or -1. */
static gint
single_ball (CaromEditor *self)
{
  g_autoptr (GArray) sel = carom_editor_get_selection (self);
  if (sel->len != 1)
    return -1;
  guint i = g_array_index (sel, guint, 0);
  return object_at (self, i)->kind == CAROM_OBJECT_BALL ? (gint)i : -1;
}

gboolean
carom_editor_get_handle (CaromEditor *self, CaromHandle handle, CgVec2 *where)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), FALSE);
  if (self->tool != CAROM_TOOL_SELECT)
    return FALSE;
  if (handle == CAROM_HANDLE_RADIUS || handle == CAROM_HANDLE_DIRECTION)
    {
      gint b = single_ball (self);
      if (b < 0)
        return FALSE;
      const CaromObject *o = object_at (self, (guint)b);
      if (handle == CAROM_HANDLE_RADIUS)
        *where = cg_add (o->center, cg_v2 (o->radius, 0.0));
      else
        *where = cg_mul_add (o->center, o->radius + px (self, DIRECTION_HANDLE_PX), o->direction);
      return TRUE;
    }
  CgAabb box = carom_editor_get_selection_box (self);
  if (cg_aabb_is_empty (box))
    return FALSE;
  switch (handle)
    {
    case CAROM_HANDLE_SCALE_NW:
      *where = box.lo;
      return TRUE;
    case CAROM_HANDLE_SCALE_NE:
      *where = cg_v2 (box.hi.x, box.lo.y);
      return TRUE;
    case CAROM_HANDLE_SCALE_SE:
      *where = box.hi;
      return TRUE;
    case CAROM_HANDLE_SCALE_SW:
      *where = cg_v2 (box.lo.x, box.hi.y);
      return TRUE;
    case CAROM_HANDLE_ROTATE:
      *where = cg_v2 (0.5 * (box.lo.x + box.hi.x), box.lo.y - px (self, ROTATE_HANDLE_PX));
      return TRUE;
    default:
      return FALSE;
    }
}

/* ---- picking and snapping ---- */

static double
distance_to_outline (const CaromObject *o, CgVec2 p)
{
  double best = INFINITY;
  for (size_t k = 0; k < o->n_points; k++)
    best = fmin (best,
                 cg_point_segment_distance (p, o->points[k], o->points[(k + 1) % o->n_points]));
  return best;
}

/* The topmost pickable object under p, or -1. Balls are on top, then
 * obstacles (inside or on an edge), then walls (on an edge: the inside of a
 * room is where everything else is). */
static gint
pick (CaromEditor *self, CgVec2 p)
{
  const CaromScene *s = scene (self);
  if (s == NULL)
    return -1;
  double tol = px (self, PICK_PX);
  for (int pass = 0; pass < 3; pass++)
    for (guint i = s->objects->len; i-- > 0;)
      {
        const CaromObject *o = g_ptr_array_index (s->objects, i);
        if (o->hidden || o->locked)
          continue;
        if (pass == 0 && o->kind == CAROM_OBJECT_BALL)
          {
            if (cg_distance (p, o->center) <= o->radius + tol)
              return (gint)i;
            continue;
          }
        if (o->kind != CAROM_OBJECT_POLYGON || pass == 0
            || (pass == 1) != (o->role == CG_ROLE_OBSTACLE))
          continue;
        CgAabb box = cg_polygon_bounds (o->points, o->n_points);
        if (p.x < box.lo.x - tol || p.x > box.hi.x + tol || p.y < box.lo.y - tol
            || p.y > box.hi.y + tol)
          continue;
        if ((pass == 1 && cg_polygon_contains (o->points, o->n_points, p))
            || distance_to_outline (o, p) <= tol)
          return (gint)i;
      }
  return -1;
}

/* Whether object i moves with the drag under way (it must not snap to
 * itself). The moved objects' indices are in order. */
static gboolean
moving (CaromEditor *self, guint i)
{
  if (self->drag != DRAG_MOVE && self->drag != DRAG_HANDLE)
    return FALSE;
  guint lo = 0, hi = self->indices->len;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2, m = g_array_index (self->indices, guint, mid);
      if (m == i)
        return TRUE;
      if (m < i)
        lo = mid + 1;
      else
        hi = mid;
    }
  return FALSE;
}

/* Snaps p: to a vertex or an edge of a visible object within reach (not
 * vertex skip_vertex of object skip_object, which is being dragged), or to
 * the vertices already placed of the polygon being drawn, else to the grid. */
static CgVec2
snap (CaromEditor *self, CgVec2 p, CaromModifiers mods, gint skip_object, gint skip_vertex,
      CaromSnap *kind)
{
  *kind = CAROM_SNAP_NONE;
  if (mods & CAROM_MOD_CTRL)
    return p;
  const CaromScene *s = scene (self);
  double tol = px (self, SNAP_PX);
  if (self->snap_objects && s != NULL)
    {
      double best_vertex = tol, best_edge = tol;
      CgVec2 vertex = p, edge = p;
      gboolean have_vertex = FALSE, have_edge = FALSE;
      /* The polygon being drawn: its own vertices snap too. */
      if (self->tool == CAROM_TOOL_POLYGON)
        for (guint k = 0; k < self->state.preview->len; k++)
          {
            CgVec2 v = g_array_index (self->state.preview, CgVec2, k);
            double d = cg_distance (p, v);
            if (d <= best_vertex)
              best_vertex = d, vertex = v, have_vertex = TRUE;
          }
      for (guint i = 0; i < s->objects->len; i++)
        {
          const CaromObject *o = g_ptr_array_index (s->objects, i);
          if (o->hidden || o->kind != CAROM_OBJECT_POLYGON || moving (self, i))
            continue;
          CgAabb box = cg_polygon_bounds (o->points, o->n_points);
          if (p.x < box.lo.x - tol || p.x > box.hi.x + tol || p.y < box.lo.y - tol
              || p.y > box.hi.y + tol)
            continue;
          for (size_t k = 0; k < o->n_points; k++)
            {
              gboolean moving = (gint)i == skip_object;
              size_t next = (k + 1) % o->n_points;
              if (!(moving && (gint)k == skip_vertex))
                {
                  double d = cg_distance (p, o->points[k]);
                  if (d <= best_vertex)
                    best_vertex = d, vertex = o->points[k], have_vertex = TRUE;
                }
              /* The edges next to a dragged vertex move with it. */
              if (moving && ((gint)k == skip_vertex || (gint)next == skip_vertex))
                continue;
              CgVec2 a = o->points[k], ab = cg_sub (o->points[next], a);
              double len2 = cg_length_sq (ab);
              if (!(len2 > 0.0))
                continue;
              double t = fmin (fmax (cg_dot (cg_sub (p, a), ab) / len2, 0.0), 1.0);
              CgVec2 q = cg_mul_add (a, t, ab);
              double d = cg_distance (p, q);
              if (d <= best_edge)
                best_edge = d, edge = q, have_edge = TRUE;
            }
        }
      if (have_vertex)
        {
          *kind = CAROM_SNAP_VERTEX;
          return vertex;
        }
      if (have_edge)
        {
          *kind = CAROM_SNAP_EDGE;
          return edge;
        }
    }
  if (self->snap_grid && self->grid_step > 0.0)
    {
      *kind = CAROM_SNAP_GRID;
      return cg_v2 (round (p.x / self->grid_step) * self->grid_step,
                    round (p.y / self->grid_step) * self->grid_step);
    }
  return p;
}

/* p moved so that the direction from anchor is a multiple of 15°, keeping
 * its distance along that direction. */
static CgVec2
constrain (CgVec2 anchor, CgVec2 p)
{
  CgVec2 d = cg_sub (p, anchor);
  double step = CONSTRAIN_DEGREES * G_PI / 180.0;
  double angle = round (atan2 (d.y, d.x) / step) * step;
  CgVec2 u = cg_v2 (cos (angle), sin (angle));
  return cg_mul_add (anchor, fmax (cg_dot (d, u), 0.0), u);
}

/* The point a drawing tool uses for the pointer at p: constrained from
 * anchor with Shift, else snapped. */
static CgVec2
tool_point (CaromEditor *self, CgVec2 p, CaromModifiers mods, const CgVec2 *anchor)
{
  if ((mods & CAROM_MOD_SHIFT) && anchor != NULL)
    {
      self->state.snap = CAROM_SNAP_NONE;
      return constrain (*anchor, p);
    }
  return snap (self, p, mods, -1, -1, &self->state.snap);
}

/* ---- drawing new objects ---- */

static void
explain_reversal (CaromEditor *self, gboolean reversed, CgRole role)
{
  if (!reversed || self->reversal_explained)
    return;
  self->reversal_explained = TRUE;
  message (self, role == CG_ROLE_WALL
                     ? _ ("Walls are stored counter-clockwise, so Carom reversed the vertex order")
                     : _ ("Obstacles are stored clockwise, so Carom reversed the vertex order"));
}

/* Adds the polygon of the preview; TRUE when it was added. */
static gboolean
add_polygon (CaromEditor *self, const CgVec2 *points, guint n, const char *label)
{
  CaromScene *s = carom_document_get_edit_scene (self->document);
  CaromObject *object = carom_object_new_polygon (NULL, self->role, points, n);
  g_autoptr (GError) error = NULL;
  gboolean reversed = FALSE;
  gint index = carom_edit_add (carom_document_get_history (self->document), s, object, label,
                               &reversed, &error);
  if (index < 0)
    {
      show_error (self, error);
      return FALSE;
    }
  edited (self);
  guint i = (guint)index;
  carom_editor_select (self, &i, 1, FALSE);
  explain_reversal (self, reversed, self->role);
  /* A room is drawn first; what follows is usually inside it. */
  if (self->role == CG_ROLE_WALL)
    carom_editor_set_role (self, CG_ROLE_OBSTACLE);
  return TRUE;
}

static void
update_polygon_preview_validity (CaromEditor *self)
{
  GArray *v = self->state.preview;
  self->state.preview_valid
      = v->len < 3 || cg_polygon_validate ((CgVec2 *)v->data, v->len).status == CG_POLYGON_OK;
}

static void
polygon_close (CaromEditor *self)
{
  GArray *v = self->state.preview;
  if (v->len < 3)
    {
      message (self, _ ("A polygon needs at least 3 vertices"));
      return;
    }
  if (add_polygon (self, (CgVec2 *)v->data, v->len,
                   self->role == CG_ROLE_WALL ? _ ("Draw Wall") : _ ("Draw Obstacle")))
    clear_preview (self);
  changed (self);
}

static gboolean
polygon_press (CaromEditor *self, CgVec2 p, int n_press, CaromModifiers mods)
{
  GArray *v = self->state.preview;
  if (n_press >= 2)
    {
      /* The first click of the double click placed the last vertex, or
       * closed the polygon on its first vertex already. */
      if (v->len > 0)
        polygon_close (self);
      return TRUE;
    }
  const CgVec2 *last = v->len > 0 ? &g_array_index (v, CgVec2, v->len - 1) : NULL;
  CgVec2 q = tool_point (self, p, mods, last);
  if (v->len >= 3 && cg_distance (q, g_array_index (v, CgVec2, 0)) <= px (self, SNAP_PX))
    {
      polygon_close (self);
      return TRUE;
    }
  if (last != NULL && cg_distance (q, *last) <= px (self, 0.5))
    return TRUE;
  g_array_append_val (v, q);
  self->state.preview_role = self->role;
  self->state.pointer = q;
  self->state.has_pointer = TRUE;
  update_polygon_preview_validity (self);
  changed (self);
  return TRUE;
}

/* The vertices of a regular polygon with centre c and first vertex at q. */
static void
regular_points (guint sides, CgVec2 c, CgVec2 q, GArray *out)
{
  g_array_set_size (out, 0);
  CgVec2 r = cg_sub (q, c);
  for (guint k = 0; k < sides; k++)
    {
      double a = 2.0 * G_PI * k / sides, ca = cos (a), sa = sin (a);
      CgVec2 v = cg_v2 (c.x + ca * r.x - sa * r.y, c.y + sa * r.x + ca * r.y);
      g_array_append_val (out, v);
    }
}

static void
shape_update (CaromEditor *self, CgVec2 p, CaromModifiers mods)
{
  GArray *v = self->state.preview;
  CgVec2 a = self->press;
  switch (self->tool)
    {
    case CAROM_TOOL_RECTANGLE:
      {
        CgVec2 b = snap (self, p, mods, -1, -1, &self->state.snap);
        if (mods & CAROM_MOD_SHIFT)
          {
            double side = fmax (fabs (b.x - a.x), fabs (b.y - a.y));
            b = cg_v2 (a.x + copysign (side, b.x - a.x), a.y + copysign (side, b.y - a.y));
          }
        CgVec2 r[4] = { a, { b.x, a.y }, b, { a.x, b.y } };
        g_array_set_size (v, 0);
        g_array_append_vals (v, r, 4);
        break;
      }
    case CAROM_TOOL_REGULAR:
      {
        CgVec2 q = tool_point (self, p, mods, &a);
        regular_points (self->sides, a, q, v);
        break;
      }
    case CAROM_TOOL_BALL:
      {
        CgVec2 d = cg_sub (p, a);
        if (mods & CAROM_MOD_SHIFT)
          d = cg_sub (constrain (a, p), a);
        if (cg_length (d) > px (self, DRAG_PX))
          self->state.ball_direction = cg_normalize (d);
        return;
      }
    default:
      return;
    }
  self->state.preview_closed = TRUE;
  self->state.preview_role = self->role;
  update_polygon_preview_validity (self);
}

static void
shape_finish (CaromEditor *self)
{
  if (self->tool == CAROM_TOOL_BALL)
    {
      CaromScene *s = carom_document_get_edit_scene (self->document);
      CaromObject *ball
          = carom_object_new_ball (NULL, self->state.ball_center, self->state.ball_radius,
                                   self->state.ball_direction, self->ball_max_bounces);
      g_autoptr (GError) error = NULL;
      gint index = carom_edit_add (carom_document_get_history (self->document), s, ball,
                                   _ ("Place Ball"), NULL, &error);
      if (index < 0)
        show_error (self, error);
      else
        {
          edited (self);
          guint i = (guint)index;
          carom_editor_select (self, &i, 1, FALSE);
        }
      return;
    }
  GArray *v = self->state.preview;
  CgAabb box = cg_polygon_bounds ((CgVec2 *)v->data, v->len);
  /* A click without a drag draws nothing. */
  if (v->len < 3 || fmax (box.hi.x - box.lo.x, box.hi.y - box.lo.y) < px (self, DRAG_PX))
    return;
  add_polygon (self, (CgVec2 *)v->data, v->len,
               self->tool == CAROM_TOOL_RECTANGLE ? _ ("Draw Rectangle")
                                                  : _ ("Draw Regular Polygon"));
}

/* ---- select tool ---- */

static void
begin_transform (CaromEditor *self, DragKind kind)
{
  g_autoptr (GArray) sel = carom_editor_get_selection (self);
  g_array_set_size (self->indices, 0);
  g_ptr_array_set_size (self->originals, 0);
  for (guint i = 0; i < sel->len; i++)
    {
      guint index = g_array_index (sel, guint, i);
      g_array_append_val (self->indices, index);
      g_ptr_array_add (self->originals, carom_object_copy (object_at (self, index)));
    }
  self->box0 = carom_editor_get_selection_box (self);
  self->drag = kind;
  new_merge_key (self);
}

static void
apply_transform (CaromEditor *self, const CaromMatrix *m, const char *label)
{
  if (self->indices->len == 0)
    return;
  g_autoptr (GError) error = NULL;
  if (carom_edit_transform (carom_document_get_history (self->document),
                            carom_document_get_edit_scene (self->document),
                            (guint *)self->indices->data, self->indices->len,
                            (CaromObject *const *)self->originals->pdata, m, label, self->merge_key,
                            &error))
    edited (self);
}

static CaromHandle
handle_at (CaromEditor *self, CgVec2 p)
{
  for (CaromHandle h = CAROM_HANDLE_SCALE_NW; h < CAROM_N_HANDLES; h++)
    {
      CgVec2 where;
      if (carom_editor_get_handle (self, h, &where)
          && cg_distance (p, where) <= px (self, HANDLE_PX))
        return h;
    }
  return CAROM_HANDLE_NONE;
}

static gboolean
select_press (CaromEditor *self, CgVec2 p, CaromModifiers mods)
{
  self->press_raw = p;
  self->press = snap (self, p, mods, -1, -1, &self->state.snap);
  CaromHandle h = handle_at (self, p);
  if (h != CAROM_HANDLE_NONE)
    {
      begin_transform (self, DRAG_HANDLE);
      self->handle = h;
      return TRUE;
    }
  gint hit = pick (self, p);
  if (hit < 0)
    {
      self->drag = DRAG_BAND;
      self->band_add = (mods & CAROM_MOD_SHIFT) != 0;
      if (!self->band_add)
        carom_editor_clear_selection (self);
      return TRUE;
    }
  if (mods & CAROM_MOD_SHIFT)
    {
      toggle_selected (self, (guint)hit);
      return TRUE;
    }
  if (!carom_editor_is_selected (self, (guint)hit))
    {
      guint i = (guint)hit;
      carom_editor_select (self, &i, 1, FALSE);
    }
  self->drag = DRAG_PENDING;
  return TRUE;
}

static void
handle_update (CaromEditor *self, CgVec2 p, CaromModifiers mods)
{
  CgVec2 c = cg_aabb_center (self->box0);
  switch (self->handle)
    {
    case CAROM_HANDLE_ROTATE:
      {
        CgVec2 a = cg_sub (self->press_raw, c), b = cg_sub (p, c);
        double angle = atan2 (b.y, b.x) - atan2 (a.y, a.x);
        if (mods & CAROM_MOD_SHIFT)
          {
            double step = CONSTRAIN_DEGREES * G_PI / 180.0;
            angle = round (angle / step) * step;
          }
        CaromMatrix m = carom_matrix_rotate (c, angle);
        apply_transform (self, &m, _ ("Rotate"));
        break;
      }
    case CAROM_HANDLE_RADIUS:
    case CAROM_HANDLE_DIRECTION:
      {
        const CaromObject *o = g_ptr_array_index (self->originals, 0);
        double radius = o->radius;
        CgVec2 direction = o->direction;
        if (self->handle == CAROM_HANDLE_RADIUS)
          {
            CgVec2 q = snap (self, p, mods, -1, -1, &self->state.snap);
            radius = fmax (cg_distance (q, o->center), px (self, 1.0));
          }
        else
          {
            CgVec2 q = (mods & CAROM_MOD_SHIFT) ? constrain (o->center, p) : p;
            if (cg_distance (q, o->center) > 0.0)
              direction = cg_sub (q, o->center);
          }
        g_autoptr (GError) error = NULL;
        if (carom_edit_set_ball (carom_document_get_history (self->document),
                                 carom_document_get_edit_scene (self->document),
                                 g_array_index (self->indices, guint, 0), o->center, radius,
                                 direction, o->max_bounces,
                                 self->handle == CAROM_HANDLE_RADIUS ? _ ("Change Radius")
                                                                     : _ ("Change Direction"),
                                 self->merge_key, &error))
          edited (self);
        break;
      }
    default:
      {
        /* Corners scale uniformly about the centre, by the ratio of the
         * pointer's distance from it. */
        double d0 = cg_distance (self->press_raw, c), d1 = cg_distance (p, c);
        if (!(d0 > 0.0) || !(d1 > px (self, 1.0)))
          return;
        double f = d1 / d0;
        if (mods & CAROM_MOD_SHIFT)
          f = fmax (round (f * 10.0) / 10.0, 0.1);
        CaromMatrix m = carom_matrix_scale (c, f, f);
        apply_transform (self, &m, _ ("Scale"));
        break;
      }
    }
}

static void
band_finish (CaromEditor *self)
{
  const CaromScene *s = scene (self);
  CgAabb band = self->state.band_box;
  g_autoptr (GArray) inside = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; s != NULL && i < s->objects->len; i++)
    {
      const CaromObject *o = g_ptr_array_index (s->objects, i);
      CgAabb box = object_box (o);
      if (!o->hidden && !o->locked && box.lo.x >= band.lo.x && box.lo.y >= band.lo.y
          && box.hi.x <= band.hi.x && box.hi.y <= band.hi.y)
        g_array_append_val (inside, i);
    }
  carom_editor_select (self, (guint *)inside->data, inside->len, self->band_add);
}

/* ---- vertex tool ---- */

/* The selected polygon's vertex under p: its object and index. */
static gboolean
vertex_at (CaromEditor *self, CgVec2 p, gint *object, gint *vertex)
{
  g_autoptr (GArray) sel = carom_editor_get_selection (self);
  double best = px (self, HANDLE_PX);
  gboolean found = FALSE;
  for (guint i = 0; i < sel->len; i++)
    {
      guint index = g_array_index (sel, guint, i);
      const CaromObject *o = object_at (self, index);
      if (o->kind != CAROM_OBJECT_POLYGON)
        continue;
      for (size_t k = 0; k < o->n_points; k++)
        {
          double d = cg_distance (p, o->points[k]);
          if (d <= best)
            best = d, *object = (gint)index, *vertex = (gint)k, found = TRUE;
        }
    }
  return found;
}

/* The selected polygon's edge under p: its object, index and the nearest
 * point on it. */
static gboolean
edge_at (CaromEditor *self, CgVec2 p, gint *object, gint *edge, CgVec2 *point)
{
  g_autoptr (GArray) sel = carom_editor_get_selection (self);
  double best = px (self, PICK_PX);
  gboolean found = FALSE;
  for (guint i = 0; i < sel->len; i++)
    {
      guint index = g_array_index (sel, guint, i);
      const CaromObject *o = object_at (self, index);
      if (o->kind != CAROM_OBJECT_POLYGON)
        continue;
      for (size_t k = 0; k < o->n_points; k++)
        {
          CgVec2 a = o->points[k], ab = cg_sub (o->points[(k + 1) % o->n_points], a);
          double t = fmin (fmax (cg_dot (cg_sub (p, a), ab) / cg_length_sq (ab), 0.0), 1.0);
          CgVec2 q = cg_mul_add (a, t, ab);
          double d = cg_distance (p, q);
          if (d <= best)
            best = d, *object = (gint)index, *edge = (gint)k, *point = q, found = TRUE;
        }
    }
  return found;
}

/* Sets a polygon's vertices as a vertex edit; refusals go to the preview. */
static gboolean
try_points (CaromEditor *self, guint index, const CgVec2 *v, guint n, const char *label,
            const char *merge_key, gboolean show)
{
  const CaromObject *o = object_at (self, index);
  g_autoptr (GError) error = NULL;
  gboolean ok = carom_edit_check_polygon (v, n, &error);
  /* A vertex edit never turns a polygon inside out: its indices would change
   * under the user's hands. */
  if (ok
      && (cg_polygon_signed_area (v, n) > 0.0)
             != (cg_polygon_signed_area (o->points, o->n_points) > 0.0))
    {
      ok = FALSE;
      g_set_error_literal (&error, CAROM_EDIT_ERROR, CAROM_EDIT_ERROR_INVALID_POLYGON,
                           _ ("The polygon would turn inside out"));
    }
  if (ok)
    ok = carom_edit_set_points (carom_document_get_history (self->document),
                                carom_document_get_edit_scene (self->document), index, v, n, label,
                                merge_key, NULL, &error);
  if (ok)
    {
      edited (self);
      return TRUE;
    }
  if (show)
    show_error (self, error);
  else
    {
      g_free (self->refusal);
      self->refusal = g_strdup (error->message);
    }
  return FALSE;
}

static void
vertex_drag_update (CaromEditor *self, CgVec2 p, CaromModifiers mods)
{
  const CaromObject *o0 = g_ptr_array_index (self->originals, 0);
  guint index = g_array_index (self->indices, guint, 0);
  gint k = self->state.vertex;
  CgVec2 anchor = o0->points[(k + o0->n_points - 1) % o0->n_points];
  CgVec2 q = (mods & CAROM_MOD_SHIFT) ? constrain (anchor, p)
                                      : snap (self, p, mods, (gint)index, k, &self->state.snap);
  GArray *v = self->state.preview;
  g_array_set_size (v, 0);
  g_array_append_vals (v, o0->points, o0->n_points);
  g_array_index (v, CgVec2, k) = q;
  self->state.preview_closed = TRUE;
  self->state.preview_role = o0->role;
  self->state.pointer = q;
  g_clear_pointer (&self->refusal, g_free);
  self->state.preview_valid = try_points (self, index, (CgVec2 *)v->data, v->len, _ ("Move Vertex"),
                                          self->merge_key, FALSE);
}

static gboolean
vertex_press (CaromEditor *self, CgVec2 p, int n_press, CaromModifiers mods)
{
  gint object = -1, vertex = -1, edge = -1;
  CgVec2 on_edge;
  if (vertex_at (self, p, &object, &vertex))
    {
      self->state.vertex_object = object;
      self->state.vertex = vertex;
      g_array_set_size (self->indices, 0);
      guint index = (guint)object;
      g_array_append_val (self->indices, index);
      g_ptr_array_set_size (self->originals, 0);
      g_ptr_array_add (self->originals, carom_object_copy (object_at (self, index)));
      self->drag = DRAG_PENDING;
      self->press_raw = p;
      new_merge_key (self);
      changed (self);
      return TRUE;
    }
  if (n_press >= 2 && edge_at (self, p, &object, &edge, &on_edge))
    {
      const CaromObject *o = object_at (self, (guint)object);
      g_autoptr (GArray) v = g_array_sized_new (FALSE, FALSE, sizeof (CgVec2), o->n_points + 1);
      g_array_append_vals (v, o->points, o->n_points);
      g_array_insert_val (v, (guint)edge + 1, on_edge);
      if (try_points (self, (guint)object, (CgVec2 *)v->data, v->len, _ ("Add Vertex"), NULL, TRUE))
        {
          self->state.vertex_object = object;
          self->state.vertex = edge + 1;
          changed (self);
        }
      return TRUE;
    }
  (void)mods;
  gint hit = pick (self, p);
  if (hit >= 0)
    {
      guint i = (guint)hit;
      if (!carom_editor_is_selected (self, i))
        carom_editor_select (self, &i, 1, (mods & CAROM_MOD_SHIFT) != 0);
      else if (n_press == 1)
        {
          self->state.vertex_object = self->state.vertex = -1;
          changed (self);
        }
    }
  else
    carom_editor_clear_selection (self);
  return TRUE;
}

static gboolean
delete_vertex (CaromEditor *self)
{
  abandon_drag (self);
  const CaromObject *o = object_at (self, (guint)MAX (self->state.vertex_object, 0));
  if (self->state.vertex < 0 || o == NULL || o->kind != CAROM_OBJECT_POLYGON
      || (size_t)self->state.vertex >= o->n_points)
    return FALSE;
  if (o->n_points <= 3)
    {
      message (self, _ ("A polygon needs at least 3 vertices"));
      return TRUE;
    }
  g_autoptr (GArray) v = g_array_new (FALSE, FALSE, sizeof (CgVec2));
  g_array_append_vals (v, o->points, o->n_points);
  g_array_remove_index (v, (guint)self->state.vertex);
  if (try_points (self, (guint)self->state.vertex_object, (CgVec2 *)v->data, v->len,
                  _ ("Delete Vertex"), NULL, TRUE))
    {
      self->state.vertex = -1;
      changed (self);
    }
  return TRUE;
}

/* ---- events ---- */

gboolean
carom_editor_press (CaromEditor *self, CgVec2 p, int n_press, CaromModifiers mods)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), FALSE);
  if (self->document == NULL || !cg_is_valid_vec2 (p))
    return FALSE;
  self->state.has_pointer = TRUE;
  switch (self->tool)
    {
    case CAROM_TOOL_LAB:
      return carom_lab_press (self->lab, p, self->scale);
    case CAROM_TOOL_SELECT:
      if (n_press >= 2)
        {
          /* Double-clicking a polygon edits its vertices. */
          gint hit = pick (self, p);
          const CaromObject *o = hit >= 0 ? object_at (self, (guint)hit) : NULL;
          if (o != NULL && o->kind == CAROM_OBJECT_POLYGON)
            {
              end_drag (self);
              carom_editor_set_tool (self, CAROM_TOOL_VERTEX);
              return TRUE;
            }
        }
      return select_press (self, p, mods);
    case CAROM_TOOL_VERTEX:
      return vertex_press (self, p, n_press, mods);
    case CAROM_TOOL_POLYGON:
      return polygon_press (self, p, n_press, mods);
    case CAROM_TOOL_RECTANGLE:
    case CAROM_TOOL_REGULAR:
      if (n_press >= 2)
        return TRUE;
      self->press = snap (self, p, mods, -1, -1, &self->state.snap);
      self->drag = DRAG_SHAPE;
      g_array_set_size (self->state.preview, 0);
      return TRUE;
    case CAROM_TOOL_BALL:
      if (n_press >= 2)
        return TRUE;
      self->press = snap (self, p, mods, -1, -1, &self->state.snap);
      self->drag = DRAG_SHAPE;
      self->state.ball_preview = TRUE;
      self->state.ball_center = self->press;
      self->state.ball_radius = self->ball_radius;
      self->state.ball_direction = cg_normalize (cg_v2 (1.0, -1.0));
      changed (self);
      return TRUE;
    default:
      return FALSE;
    }
}

void
carom_editor_motion (CaromEditor *self, CgVec2 p, CaromModifiers mods)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  if (self->document == NULL || !cg_is_valid_vec2 (p))
    return;
  self->state.has_pointer = TRUE;
  if (self->tool == CAROM_TOOL_LAB)
    {
      carom_lab_motion (self->lab, p);
      return;
    }
  switch (self->drag)
    {
    case DRAG_NONE:
      if (self->tool == CAROM_TOOL_POLYGON)
        {
          GArray *v = self->state.preview;
          const CgVec2 *last = v->len > 0 ? &g_array_index (v, CgVec2, v->len - 1) : NULL;
          self->state.pointer = tool_point (self, p, mods, last);
        }
      else if (self->tool != CAROM_TOOL_SELECT && self->tool != CAROM_TOOL_VERTEX)
        self->state.pointer = snap (self, p, mods, -1, -1, &self->state.snap);
      else
        {
          self->state.pointer = p;
          self->state.snap = CAROM_SNAP_NONE;
        }
      break;
    case DRAG_PENDING:
      if (cg_distance (p, self->press_raw) < px (self, DRAG_PX))
        return;
      if (self->tool == CAROM_TOOL_VERTEX)
        {
          self->drag = DRAG_VERTEX;
          vertex_drag_update (self, p, mods);
        }
      else
        {
          begin_transform (self, DRAG_MOVE);
          carom_editor_motion (self, p, mods);
          return;
        }
      break;
    case DRAG_MOVE:
      {
        CgVec2 q = snap (self, p, mods, -1, -1, &self->state.snap);
        CgVec2 delta = cg_sub (q, self->press);
        if (mods & CAROM_MOD_SHIFT) /* along an axis */
          delta = fabs (delta.x) >= fabs (delta.y) ? cg_v2 (delta.x, 0) : cg_v2 (0, delta.y);
        self->state.pointer = q;
        CaromMatrix m = carom_matrix_translate (delta);
        apply_transform (self, &m, _ ("Move"));
        break;
      }
    case DRAG_BAND:
      self->state.band = TRUE;
      self->state.band_box = cg_aabb_add_point ((CgAabb){ self->press_raw, self->press_raw }, p);
      break;
    case DRAG_HANDLE:
      handle_update (self, p, mods);
      break;
    case DRAG_VERTEX:
      vertex_drag_update (self, p, mods);
      break;
    case DRAG_SHAPE:
      shape_update (self, p, mods);
      break;
    }
  changed (self);
}

void
carom_editor_release (CaromEditor *self, CgVec2 p, CaromModifiers mods)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  if (self->document == NULL)
    return;
  if (self->tool == CAROM_TOOL_LAB)
    {
      carom_lab_motion (self->lab, p);
      carom_lab_release (self->lab);
      return;
    }
  if (cg_is_valid_vec2 (p) && self->drag != DRAG_NONE && self->drag != DRAG_PENDING)
    carom_editor_motion (self, p, mods);
  switch (self->drag)
    {
    case DRAG_BAND:
      if (self->state.band)
        band_finish (self);
      break;
    case DRAG_VERTEX:
      /* Where the vertex could not go, it stays where it last could. */
      if (self->refusal != NULL)
        message (self, self->refusal);
      break;
    case DRAG_SHAPE:
      shape_finish (self);
      break;
    default:
      break;
    }
  DragKind was = self->drag;
  end_drag (self);
  if (was != DRAG_NONE && self->tool != CAROM_TOOL_POLYGON)
    clear_preview (self);
  if (self->document != NULL)
    carom_history_seal (carom_document_get_history (self->document));
  changed (self);
}

void
carom_editor_leave (CaromEditor *self)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  self->state.has_pointer = FALSE;
  self->state.snap = CAROM_SNAP_NONE;
  changed (self);
}

gboolean
carom_editor_move_selection (CaromEditor *self, CgVec2 delta, const char *merge_key)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), FALSE);
  abandon_drag (self);
  g_autoptr (GArray) sel = carom_editor_get_selection (self);
  if (sel->len == 0 || self->document == NULL)
    return FALSE;
  CaromMatrix m = carom_matrix_translate (delta);
  g_autoptr (GError) error = NULL;
  if (!carom_edit_transform (carom_document_get_history (self->document),
                             carom_document_get_edit_scene (self->document), (guint *)sel->data,
                             sel->len, NULL, &m, _ ("Move"), merge_key, &error))
    {
      show_error (self, error);
      return FALSE;
    }
  edited (self);
  return TRUE;
}

static gboolean
transform_selection (CaromEditor *self, const CaromMatrix *m, const char *label)
{
  abandon_drag (self);
  g_autoptr (GArray) sel = carom_editor_get_selection (self);
  if (sel->len == 0 || self->document == NULL)
    return FALSE;
  g_autoptr (GError) error = NULL;
  if (!carom_edit_transform (carom_document_get_history (self->document),
                             carom_document_get_edit_scene (self->document), (guint *)sel->data,
                             sel->len, NULL, m, label, NULL, &error))
    {
      show_error (self, error);
      return FALSE;
    }
  edited (self);
  return TRUE;
}

gboolean
carom_editor_rotate_selection (CaromEditor *self, double degrees)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), FALSE);
  CaromMatrix m = carom_matrix_rotate (cg_aabb_center (carom_editor_get_selection_box (self)),
                                       degrees * G_PI / 180.0);
  return isfinite (degrees) && transform_selection (self, &m, _ ("Rotate"));
}

gboolean
carom_editor_scale_selection (CaromEditor *self, double factor)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), FALSE);
  if (!(factor > 0.0) || !isfinite (factor))
    return FALSE;
  CgVec2 c = cg_aabb_center (carom_editor_get_selection_box (self));
  CaromMatrix m = carom_matrix_scale (c, factor, factor);
  return transform_selection (self, &m, _ ("Scale"));
}

void
carom_editor_delete_selection (CaromEditor *self)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  abandon_drag (self);
  g_autoptr (GArray) sel = carom_editor_get_selection (self);
  if (sel->len == 0 || self->document == NULL)
    return;
  carom_edit_delete (carom_document_get_history (self->document),
                     carom_document_get_edit_scene (self->document), (guint *)sel->data, sel->len,
                     _ ("Delete"));
  g_ptr_array_set_size (self->selection, 0);
  g_clear_pointer (&self->selected, g_array_unref);
  edited (self);
  selection_changed (self);
}

gboolean
carom_editor_key (CaromEditor *self, CaromKey key, CaromModifiers mods)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), FALSE);
  if (self->document == NULL)
    return FALSE;
  if (self->tool == CAROM_TOOL_POLYGON && self->state.preview->len > 0)
    switch (key)
      {
      case CAROM_KEY_ENTER:
        polygon_close (self);
        return TRUE;
      case CAROM_KEY_ESCAPE:
        clear_preview (self);
        changed (self);
        return TRUE;
      case CAROM_KEY_BACKSPACE:
        g_array_set_size (self->state.preview, self->state.preview->len - 1);
        update_polygon_preview_validity (self);
        changed (self);
        return TRUE;
      default:
        break;
      }
  if (self->drag != DRAG_NONE)
    {
      /* Escape cancels the drag; other keys wait until it ends. */
      if (key == CAROM_KEY_ESCAPE)
        carom_editor_cancel (self);
      return TRUE;
    }

  double step = (mods & CAROM_MOD_SHIFT) ? 10.0 : 1.0;
  CgVec2 delta = { 0, 0 };
  gboolean arrow = TRUE;
  switch (key)
    {
    case CAROM_KEY_LEFT:
      delta.x = -step;
      break;
    case CAROM_KEY_RIGHT:
      delta.x = step;
      break;
    case CAROM_KEY_UP:
      delta.y = -step;
      break;
    case CAROM_KEY_DOWN:
      delta.y = step;
      break;
    default:
      arrow = FALSE;
      break;
    }

  if (self->tool == CAROM_TOOL_VERTEX && self->state.vertex >= 0)
    {
      const CaromObject *o = object_at (self, (guint)self->state.vertex_object);
      if (o == NULL || o->kind != CAROM_OBJECT_POLYGON || (size_t)self->state.vertex >= o->n_points)
        {
          self->state.vertex = self->state.vertex_object = -1;
          return FALSE;
        }
      if (key == CAROM_KEY_DELETE || key == CAROM_KEY_BACKSPACE)
        return delete_vertex (self);
      if (key == CAROM_KEY_ESCAPE)
        {
          self->state.vertex = self->state.vertex_object = -1;
          changed (self);
          return TRUE;
        }
      if (arrow)
        {
          g_autoptr (GArray) v = g_array_new (FALSE, FALSE, sizeof (CgVec2));
          g_array_append_vals (v, o->points, o->n_points);
          CgVec2 *q = &g_array_index (v, CgVec2, self->state.vertex);
          *q = cg_add (*q, delta);
          try_points (self, (guint)self->state.vertex_object, (CgVec2 *)v->data, v->len,
                      _ ("Move Vertex"), "nudge-vertex", TRUE);
          return TRUE;
        }
    }

  if (self->tool != CAROM_TOOL_SELECT && self->tool != CAROM_TOOL_VERTEX)
    return FALSE;
  if (self->selection->len == 0)
    return FALSE;
  if (key == CAROM_KEY_DELETE || (key == CAROM_KEY_BACKSPACE && self->tool == CAROM_TOOL_SELECT))
    {
      carom_editor_delete_selection (self);
      return TRUE;
    }
  if (key == CAROM_KEY_ESCAPE)
    {
      carom_editor_clear_selection (self);
      return TRUE;
    }
  if (arrow)
    return carom_editor_move_selection (self, delta, "nudge");
  return FALSE;
}

void
carom_editor_cancel (CaromEditor *self)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  /* A drag cancelled (Escape) puts everything back where it was, if its step
   * is still the last one. */
  gboolean revert = self->drag_applied && self->document != NULL
                    && carom_history_get_position (carom_document_get_history (self->document))
                           == self->drag_position;
  end_drag (self);
  if (revert)
    carom_document_revert (self->document);
  clear_preview (self);
  if (self->document != NULL)
    carom_history_seal (carom_document_get_history (self->document));
  changed (self);
}

/* ---- settings ---- */

const CaromEditorState *
carom_editor_get_state (CaromEditor *self)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), NULL);
  self->state.tool = self->tool;
  return &self->state;
}

double
carom_editor_get_preview_radius (CaromEditor *self)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), 0.0);
  gint b = single_ball (self);
  if (b >= 0)
    return object_at (self, (guint)b)->radius;
  const CaromScene *s = scene (self);
  for (guint i = 0; s != NULL && i < s->objects->len; i++)
    {
      const CaromObject *o = g_ptr_array_index (s->objects, i);
      if (o->kind == CAROM_OBJECT_BALL && !o->hidden)
        return o->radius;
    }
  return self->ball_radius;
}

void
carom_editor_set_tool (CaromEditor *self, CaromTool tool)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  g_return_if_fail (tool < CAROM_N_TOOLS);
  if (self->tool == tool)
    return;
  carom_editor_cancel (self);
  self->tool = tool;
  self->state.vertex = self->state.vertex_object = -1;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
  changed (self);
}

CaromLab *
carom_editor_get_lab (CaromEditor *self)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), NULL);
  return self->lab;
}

CaromTool
carom_editor_get_tool (CaromEditor *self)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), CAROM_TOOL_SELECT);
  return self->tool;
}

void
carom_editor_set_role (CaromEditor *self, CgRole role)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  if (self->role == role)
    return;
  self->role = role;
  self->state.preview_role = role;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROLE]);
  changed (self);
}

CgRole
carom_editor_get_role (CaromEditor *self)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), CG_ROLE_WALL);
  return self->role;
}

void
carom_editor_set_sides (CaromEditor *self, guint sides)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  sides = CLAMP (sides, 3, 64);
  if (self->sides == sides)
    return;
  self->sides = sides;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIDES]);
}

guint
carom_editor_get_sides (CaromEditor *self)
{
  g_return_val_if_fail (CAROM_IS_EDITOR (self), 6);
  return self->sides;
}

void
carom_editor_set_view (CaromEditor *self, double scale, double grid_step)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  self->scale = scale;
  self->grid_step = grid_step;
}

void
carom_editor_set_snapping (CaromEditor *self, gboolean to_grid, gboolean to_objects)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  self->snap_grid = to_grid;
  self->snap_objects = to_objects;
}

void
carom_editor_set_ball_defaults (CaromEditor *self, double radius, guint max_bounces)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  if (radius > 0.0 && isfinite (radius))
    self->ball_radius = radius;
  self->ball_max_bounces = max_bounces;
}

static void
document_changed (CaromEditor *self)
{
  gboolean in_place = carom_document_get_last_change_in_place (self->document);
  /* Someone else changed the scene (undo, the inspector) in the middle of a
   * drag: the drag's objects and indices may be others now. Let it go, as it
   * is: the change stays. */
  if (!self->own_edit && self->drag != DRAG_NONE)
    {
      end_drag (self);
      if (self->tool != CAROM_TOOL_POLYGON)
        clear_preview (self);
      changed (self);
    }
  /* The chosen vertex is an index into an object found by index: after
   * objects come or go, it may name another. */
  const CaromObject *o
      = self->state.vertex_object >= 0 ? object_at (self, (guint)self->state.vertex_object) : NULL;
  if (!in_place || o == NULL || o->kind != CAROM_OBJECT_POLYGON || self->state.vertex < 0
      || (size_t)self->state.vertex >= o->n_points
      || !carom_editor_is_selected (self, (guint)self->state.vertex_object))
    self->state.vertex = self->state.vertex_object = -1;
  if (self->selection->len == 0)
    return;
  const CaromScene *s = scene (self);
  if (s != NULL && self->selected != NULL && in_place)
    {
      /* Objects were only replaced in place (a drag, a rename, their undo):
       * the same indices are selected, under their names of now. */
      g_ptr_array_set_size (self->selection, 0);
      for (guint i = 0; i < self->selected->len; i++)
        {
          const CaromObject *sel = object_at (self, g_array_index (self->selected, guint, i));
          if (sel != NULL && sel->id != NULL)
            g_ptr_array_add (self->selection, g_strdup (sel->id));
        }
      return;
    }
  /* Indices move when objects are added or removed; forget selected ids
   * that no longer exist. */
  g_clear_pointer (&self->selected, g_array_unref);
  g_autoptr (GArray) found = carom_editor_get_selection (self);
  if (found->len == self->selection->len)
    return;
  g_ptr_array_set_size (self->selection, 0);
  for (guint i = 0; i < found->len; i++)
    g_ptr_array_add (self->selection,
                     g_strdup (object_at (self, g_array_index (found, guint, i))->id));
  selection_changed (self);
}

void
carom_editor_set_document (CaromEditor *self, CaromDocument *document)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  if (self->document == document)
    return;
  carom_editor_cancel (self);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_swapped (document, "changed", G_CALLBACK (document_changed), self);
  carom_lab_set_document (self->lab, document);
  carom_editor_reset (self);
}

void
carom_editor_reset (CaromEditor *self)
{
  g_return_if_fail (CAROM_IS_EDITOR (self));
  carom_editor_cancel (self);
  g_ptr_array_set_size (self->selection, 0);
  g_clear_pointer (&self->selected, g_array_unref);
  self->state.vertex = self->state.vertex_object = -1;
  /* A new scene starts with its room, unless it has one. */
  gboolean has_wall = FALSE;
  const CaromScene *s = scene (self);
  for (guint i = 0; s != NULL && i < s->objects->len && !has_wall; i++)
    {
      const CaromObject *o = g_ptr_array_index (s->objects, i);
      has_wall = o->kind == CAROM_OBJECT_POLYGON && o->role == CG_ROLE_WALL;
    }
  carom_editor_set_role (self, has_wall ? CG_ROLE_OBSTACLE : CG_ROLE_WALL);
  selection_changed (self);
}

/* ---- life cycle ---- */

static void
carom_editor_dispose (GObject *object)
{
  CaromEditor *self = CAROM_EDITOR (object);
  if (self->lab != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->lab, self);
      carom_lab_set_document (self->lab, NULL);
    }
  g_clear_object (&self->lab);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (carom_editor_parent_class)->dispose (object);
}

static void
carom_editor_finalize (GObject *object)
{
  CaromEditor *self = CAROM_EDITOR (object);
  end_drag (self);
  g_ptr_array_unref (self->selection);
  g_clear_pointer (&self->selected, g_array_unref);
  g_array_unref (self->state.preview);
  g_array_unref (self->indices);
  g_ptr_array_unref (self->originals);
  G_OBJECT_CLASS (carom_editor_parent_class)->finalize (object);
}

static void
carom_editor_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  CaromEditor *self = CAROM_EDITOR (object);
  switch (prop_id)
    {
    case PROP_TOOL:
      g_value_set_uint (value, self->tool);
      break;
    case PROP_ROLE:
      g_value_set_uint (value, self->role);
      break;
    case PROP_SIDES:
      g_value_set_uint (value, self->sides);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
carom_editor_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  CaromEditor *self = CAROM_EDITOR (object);
  switch (prop_id)
    {
    case PROP_TOOL:
      carom_editor_set_tool (self, (CaromTool)g_value_get_uint (value));
      break;
    case PROP_ROLE:
      carom_editor_set_role (self, (CgRole)g_value_get_uint (value));
      break;
    case PROP_SIDES:
      carom_editor_set_sides (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
carom_editor_class_init (CaromEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->dispose = carom_editor_dispose;
  object_class->finalize = carom_editor_finalize;
  object_class->get_property = carom_editor_get_property;
  object_class->set_property = carom_editor_set_property;

  properties[PROP_TOOL]
      = g_param_spec_uint ("tool", NULL, NULL, 0, CAROM_N_TOOLS - 1, CAROM_TOOL_SELECT,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ROLE]
      = g_param_spec_uint ("role", NULL, NULL, CG_ROLE_WALL, CG_ROLE_OBSTACLE, CG_ROLE_WALL,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SIDES]
      = g_param_spec_uint ("sides", NULL, NULL, 3, 64, 6,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /// The tool's drawing changed: redraw.
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);
  /// The selection changed.
  signals[SELECTION_CHANGED]
      = g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 0);
  /// Something to tell the user: why an edit was refused, what Carom did.
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
carom_editor_init (CaromEditor *self)
{
  self->role = CG_ROLE_WALL;
  self->sides = 6;
  self->scale = 1.0;
  self->grid_step = 10.0;
  self->snap_grid = TRUE;
  self->snap_objects = TRUE;
  self->ball_radius = 20.0;
  self->ball_max_bounces = CAROM_DEFAULT_MAX_BOUNCES;
  self->selection = g_ptr_array_new_with_free_func (g_free);
  self->state.preview = g_array_new (FALSE, FALSE, sizeof (CgVec2));
  self->state.preview_valid = TRUE;
  self->state.vertex_object = self->state.vertex = -1;
  self->indices = g_array_new (FALSE, FALSE, sizeof (guint));
  self->originals = g_ptr_array_new_with_free_func ((GDestroyNotify)carom_object_free);
  self->lab = carom_lab_new ();
  g_signal_connect_swapped (self->lab, "changed", G_CALLBACK (changed), self);
}

CaromEditor *
carom_editor_new (CaromDocument *document)
{
  CaromEditor *self = g_object_new (CAROM_TYPE_EDITOR, NULL);
  carom_editor_set_document (self, document);
  return self;
}
