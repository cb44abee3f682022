/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-canvas.c: the scene drawn by the shared renderer, with pan, zoom and
 * the editing tools.
 *
 * The canvas draws in snapshot() through carom_render(), the code that also
 * writes exported diagrams, then the tools' marks on top. The render cache
 * (true outlines, boxes, culling hierarchy) is derived data: dropped when the
 * document changes or another ball is selected, rebuilt on the next frame,
 * so an edit is re-traced and redrawn in the same frame. Pointer and key
 * events go to the editor (carom-editor.h) in scene coordinates.
 *
 * The frame is drawn into an image of the canvas's own, handed to GTK as a
 * texture, rather than into the recording surface of a cairo node that GTK
 * replays onto an image of its own: on an image the renderer blends a
 * beam's rays straight into the pixels and keeps labels' halos as masks, and
 * nothing is drawn twice (bench-drag --recording: a drag with a fan of 10^3
 * rays at 1920 × 1080 redraws in about half the time). Two images take
 * turns, each reused once GTK has let go of the texture made of it. */
#include "config.h"

#include "carom-canvas.h"

#include "io/carom-svg.h"
#include "render/carom-underlay.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "carom-canvas-overlay.h"
#include "control/carom-viewport.h"
#include "render/carom-render.h"

/* Zoom factor of one wheel notch (Ctrl+scroll). */
#define WHEEL_ZOOM 1.2
/* How far apart (px) two presses may be to make a double click. */
#define DOUBLE_CLICK_PX 6.0

/* An image the canvas draws a frame into. It outlives the canvas while a
 * texture made of it does; in_use while one does. */
typedef struct
{
  gatomicrefcount ref;
  gint in_use;
  guint8 *data;
  gsize size;
} FrameImage;

static FrameImage *
frame_image_new (gsize size)
{
  guint8 *data = g_try_malloc (size);
  if (data == NULL)
    return NULL;
  FrameImage *image = g_new0 (FrameImage, 1);
  g_atomic_ref_count_init (&image->ref);
  image->data = data;
  image->size = size;
  return image;
}

static FrameImage *
frame_image_ref (FrameImage *image)
{
  g_atomic_ref_count_inc (&image->ref);
  return image;
}

static void
frame_image_unref (FrameImage *image)
{
  if (image != NULL && g_atomic_ref_count_dec (&image->ref))
    {
      g_free (image->data);
      g_free (image);
    }
}

/* The texture made of the image is gone: the image may be drawn again. */
static void
frame_image_released (gpointer data)
{
  FrameImage *image = data;
  g_atomic_int_set (&image->in_use, 0);
  frame_image_unref (image);
}

struct _CaromCanvas
{
  GtkWidget parent_instance;

  /* owned */
  CaromDocument *document;
  CaromEditor *editor;
  GSettings *settings;
  CaromRenderCache *cache;
  /* The file's own drawing behind the scene, for this scene (read once). */
  CaromUnderlay *underlay;
  const CmScene *underlay_scene;

  char *description;             /* for screen readers: the scene and the current hit */
  CaromCanvasDrawFunc draw_over; /* drawn on top (the boundary map's highlight) */
  gpointer draw_over_data;

  CaromViewport viewport;
  guint ball;
  guint step;
  double front;            /* CaromRenderOptions.front */
  double drag_x0, drag_y0; /* the view origin when a pan drag began */
  double pinch_scale0;     /* the scale when a pinch began */
  guint zoom_notify_source;
  gboolean space_held; /* Space+drag pans */
  gboolean space_used; /* a pan happened while Space was held (else a tap: play) */
  gboolean panning;    /* the primary drag pans (Space was held when it began) */
  gboolean tool_drag;  /* the primary drag goes to the editor */
  double press_x, press_y;
  gint64 last_press_time; /* to count double clicks */
  double last_press_x, last_press_y;
  int n_press;
  FrameImage *frames[2]; /* the images frames are drawn into, in turn */
  GArray *placed;        /* CaromPlacedLabel: the name labels of the last frame */
  GArray *editor_labels; /* CaromEditorLabel: the same, for the editor */
};

G_DEFINE_FINAL_TYPE (CaromCanvas, carom_canvas, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_ZOOM,
  N_PROPS
};

enum
{
  POINTER_MOVED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
invalidate (CaromCanvas *self)
{
  g_clear_pointer (&self->cache, carom_render_cache_free);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static CaromOverlays
overlays_from_settings (CaromCanvas *self)
{
  static const struct
  {
    const char *key;
    CaromOverlays overlay;
  } keys[] = {
    { "show-path", CAROM_OVERLAY_PATH },       { "show-outlines", CAROM_OVERLAY_OUTLINES },
    { "show-normals", CAROM_OVERLAY_NORMALS }, { "show-aabb", CAROM_OVERLAY_AABB },
    { "show-bvh", CAROM_OVERLAY_BVH },         { "show-labels", CAROM_OVERLAY_LABELS },
    { "show-grid", CAROM_OVERLAY_GRID },       { "show-candidates", CAROM_OVERLAY_CANDIDATES },
    { "show-ghosts", CAROM_OVERLAY_GHOSTS },
  };
  CaromOverlays overlays = 0;
  for (guint i = 0; self->settings && i < G_N_ELEMENTS (keys); i++)
    if (g_settings_get_boolean (self->settings, keys[i].key))
      overlays |= keys[i].overlay;
  if (self->settings == NULL)
    overlays = CAROM_OVERLAY_PATH | CAROM_OVERLAY_OUTLINES | CAROM_OVERLAY_LABELS;
  return overlays;
}

static void
ensure_cache (CaromCanvas *self)
{
  if (self->cache != NULL || self->document == NULL)
    return;
  self->cache = carom_render_cache_new (carom_document_get_scene (self->document),
                                        carom_document_get_trace (self->document), (int)self->ball);
}

static gboolean
notify_zoom_idle (gpointer data)
{
  CaromCanvas *self = data;
  self->zoom_notify_source = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
  return G_SOURCE_REMOVE;
}

/* The grid the renderer draws, and so the one the tools snap to. */
static double
grid_step (CaromCanvas *self)
{
  CaromStyle style = carom_style_screen (FALSE);
  return carom_view_grid_step (&self->viewport.view, style.grid_step);
}

/* Tells the editor the scale and grid of what the user sees. */
static void
sync_editor_view (CaromCanvas *self)
{
  if (self->editor != NULL)
    carom_editor_set_view (self->editor, self->viewport.view.scale, grid_step (self));
}

/* cairo's ARGB32 is GDK_MEMORY_DEFAULT: premultiplied, native-endian. */
#define CAROM_FRAME_FORMAT CAIRO_FORMAT_ARGB32

/* An image of size bytes no texture holds, or NULL. */
static FrameImage *
take_frame_image (CaromCanvas *self, gsize size)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->frames); i++)
    {
      FrameImage *image = self->frames[i];
      if (image == NULL || g_atomic_int_get (&image->in_use))
        continue;
      if (image->size == size)
        return image;
      g_clear_pointer (&self->frames[i], frame_image_unref); /* the canvas was resized */
    }
  for (guint i = 0; i < G_N_ELEMENTS (self->frames); i++)
    if (self->frames[i] == NULL)
      return self->frames[i] = frame_image_new (size);
  return NULL;
}

/* The name labels the frame drew, in scene units, for the editor's select
 * tool: by object index. */
static void
tell_editor_labels (CaromCanvas *self)
{
  if (self->editor == NULL || self->document == NULL)
    return;
  if (self->editor_labels == NULL)
    self->editor_labels = g_array_new (FALSE, FALSE, sizeof (CaromEditorLabel));
  g_array_set_size (self->editor_labels, 0);
  const CmScene *scene = carom_document_get_scene (self->document);
  for (guint i = 0; i < self->placed->len; i++)
    {
      const CaromPlacedLabel *l = &g_array_index (self->placed, CaromPlacedLabel, i);
      guint index;
      if (!g_ptr_array_find (scene->objects, l->object, &index))
        continue;
      CaromEditorLabel e = { index,
                             { carom_view_to_scene (&self->viewport.view, l->box.lo),
                               carom_view_to_scene (&self->viewport.view, l->box.hi) } };
      g_array_append_val (self->editor_labels, e);
    }
  carom_editor_set_labels (self->editor, (const CaromEditorLabel *)self->editor_labels->data,
                           self->editor_labels->len);
}

static void
carom_canvas_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  CaromCanvas *self = CAROM_CANVAS (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  if (width <= 0 || height <= 0)
    return;

  ensure_cache (self);
  CgAabb bounds = self->cache ? carom_render_cache_get_bounds (self->cache) : cg_aabb_empty ();
  if (self->viewport.fit_pending)
    {
      carom_viewport_update (&self->viewport, width, height, bounds);
      /* Listeners update labels when the zoom changes; a resize queued in the
       * middle of a snapshot would leave those widgets undrawn this frame. */
      if (self->zoom_notify_source == 0)
        self->zoom_notify_source = g_idle_add (notify_zoom_idle, self);
    }
  else
    carom_viewport_update (&self->viewport, width, height, bounds);
  sync_editor_view (self);

  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  CaromStyle style = carom_style_screen (dark);
  CaromRenderOptions options;
  carom_render_options_init (&options);
  options.overlays = overlays_from_settings (self);
  options.step = self->step;
  options.front = self->front >= 0.0 ? self->front : CAROM_FRONT_NONE;
  if (self->settings != NULL)
    {
      options.bvh_level_hi = g_settings_get_uint (self->settings, "bvh-depth");
      g_autofree char *by = g_settings_get_string (self->settings, "paths-colour");
      /* the schema's choices are the renderer's names */
      carom_path_colouring_parse (by, &options.paths_by, NULL);
      g_autofree char *extent = g_settings_get_string (self->settings, "path-extent");
      carom_path_extent_parse (extent, &options.path, NULL);
    }
  /* Where the name labels go: the select tool lets the author drag them. */
  if (self->placed == NULL)
    self->placed = g_array_new (FALSE, FALSE, sizeof (CaromPlacedLabel));
  g_array_set_size (self->placed, 0);
  options.placed = self->placed;

  /* Into an image of the canvas's own at the display's scale, else (no
   * memory, or GTK still holds both) into a cairo node. */
  int scale = gtk_widget_get_scale_factor (widget);
  int pw = width * scale, ph = height * scale;
  int stride = cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, pw);
  FrameImage *image = stride > 0 ? take_frame_image (self, (gsize)stride * (gsize)ph) : NULL;
  cairo_surface_t *surface = NULL;
  cairo_t *cr;
  if (image != NULL)
    {
      surface
          = cairo_image_surface_create_for_data (image->data, CAROM_FRAME_FORMAT, pw, ph, stride);
      cr = cairo_create (surface);
      cairo_scale (cr, scale, scale);
      /* The renderer paints an opaque background over the whole view; the
       * image holds an older frame until then. */
      if (self->cache == NULL || style.background.alpha < 1.0)
        {
          cairo_save (cr);
          cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
          cairo_paint (cr);
          cairo_restore (cr);
        }
    }
  else
    cr = gtk_snapshot_append_cairo (snapshot,
                                    &GRAPHENE_RECT_INIT (0, 0, (float)width, (float)height));
  if (self->document != NULL
      && (self->settings == NULL || g_settings_get_boolean (self->settings, "show-file-drawing")))
    {
      const CmScene *scene = carom_document_get_scene (self->document);
      if (scene != self->underlay_scene)
        {
          g_clear_pointer (&self->underlay, carom_underlay_free);
          g_autoptr (GBytes) drawing = carom_svg_scene_underlay (scene);
          self->underlay = drawing != NULL ? carom_underlay_new (drawing) : NULL;
          self->underlay_scene = scene;
        }
      options.underlay = self->underlay;
    }
  if (self->cache != NULL)
    carom_render (cr, self->cache, &self->viewport.view, &style, &options, NULL);
  tell_editor_labels (self);
  if (self->editor != NULL && carom_editor_get_tool (self->editor) == CAROM_TOOL_LAB)
    carom_lab_draw (carom_editor_get_lab (self->editor), cr, &self->viewport.view, dark);
  else if (self->editor != NULL && self->document != NULL)
    carom_canvas_overlay_draw (cr, self->editor, carom_document_get_scene (self->document),
                               &self->viewport.view, dark);
  if (self->draw_over != NULL)
    self->draw_over (cr, &self->viewport.view, dark, self->draw_over_data);
  cairo_destroy (cr);
  if (image == NULL)
    return;
  cairo_surface_flush (surface);
  cairo_surface_destroy (surface);
  g_atomic_int_set (&image->in_use, 1);
  g_autoptr (GBytes) bytes = g_bytes_new_with_free_func (
      image->data, image->size, frame_image_released, frame_image_ref (image));
  g_autoptr (GdkTexture) texture
      = gdk_memory_texture_new (pw, ph, GDK_MEMORY_DEFAULT, bytes, (gsize)stride);
  gtk_snapshot_append_texture (snapshot, texture,
                               &GRAPHENE_RECT_INIT (0, 0, (float)width, (float)height));
}

static void
carom_canvas_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  CaromCanvas *self = CAROM_CANVAS (widget);
  (void)baseline;
  carom_viewport_resize (&self->viewport, width, height);
}

/* ---- navigation ---- */

static void
zoom_at (CaromCanvas *self, double x, double y, double factor)
{
  carom_viewport_zoom_at (&self->viewport, x, y, factor);
  sync_editor_view (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The event's position in the widget (events come in surface coordinates). */
static void
widget_point (CaromCanvas *self, GdkEvent *event, double *x, double *y)
{
  *x = self->viewport.view.width / 2;
  *y = self->viewport.view.height / 2;
  if (event == NULL)
    return;
  gdk_event_get_position (event, x, y);
  graphene_point_t in;
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self));
  if (native != NULL)
    {
      double nx, ny;
      gtk_native_get_surface_transform (native, &nx, &ny);
      if (gtk_widget_compute_point (GTK_WIDGET (native), GTK_WIDGET (self),
                                    &GRAPHENE_POINT_INIT ((float)(*x - nx), (float)(*y - ny)), &in))
        {
          *x = in.x;
          *y = in.y;
        }
    }
}

static gboolean
scrolled (GtkEventControllerScroll *controller, double dx, double dy, CaromCanvas *self)
{
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (controller));
  GdkModifierType mods
      = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  double x, y;
  widget_point (self, event, &x, &y);

  gboolean smooth = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_SURFACE;
  if (mods & GDK_CONTROL_MASK)
    {
      double factor = smooth ? exp (-dy * 0.01) : pow (WHEEL_ZOOM, -dy);
      zoom_at (self, x, y, factor);
    }
  else
    {
      /* A wheel notch pans by a fixed step; a touchpad pans by its distance.
       * Shift turns a wheel's vertical notches into horizontal ones. */
      double step = smooth ? 1.0 : 40.0;
      if (!smooth && (mods & GDK_SHIFT_MASK) && dx == 0.0)
        dx = dy, dy = 0.0;
      carom_viewport_pan (&self->viewport, -dx * step, -dy * step);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  return TRUE;
}

static void
pan_begin (GtkGestureDrag *gesture, double x, double y, CaromCanvas *self)
{
  (void)gesture;
  (void)x;
  (void)y;
  self->drag_x0 = self->viewport.view.x0;
  self->drag_y0 = self->viewport.view.y0;
}

static void
pan_update (GtkGestureDrag *gesture, double dx, double dy, CaromCanvas *self)
{
  (void)gesture;
  carom_viewport_pan (&self->viewport, self->drag_x0 + dx - self->viewport.view.x0,
                      self->drag_y0 + dy - self->viewport.view.y0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
pinch_begin (GtkGesture *gesture, GdkEventSequence *sequence, CaromCanvas *self)
{
  (void)gesture;
  (void)sequence;
  self->pinch_scale0 = self->viewport.view.scale;
}

static void
pinch_changed (GtkGestureZoom *gesture, double scale, CaromCanvas *self)
{
  double cx, cy;
  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &cx, &cy))
    return;
  zoom_at (self, cx, cy, self->pinch_scale0 * scale / self->viewport.view.scale);
}

/* ---- tools ---- */

static CaromModifiers
modifiers (GdkModifierType state)
{
  CaromModifiers mods = 0;
  if (state & GDK_SHIFT_MASK)
    mods |= CAROM_MOD_SHIFT;
  if (state & GDK_CONTROL_MASK)
    mods |= CAROM_MOD_CTRL;
  return mods;
}

static CaromModifiers
gesture_modifiers (GtkGesture *gesture)
{
  return modifiers (gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture)));
}

static void
update_cursor (CaromCanvas *self)
{
  const char *name = "default";
  if (self->panning || self->space_held)
    name = self->panning ? "grabbing" : "grab";
  else if (self->editor != NULL)
    switch (carom_editor_get_tool (self->editor))
      {
      case CAROM_TOOL_SELECT:
        {
          /* An object's name label can be dragged. */
          const CaromEditorState *st = carom_editor_get_state (self->editor);
          name = st->label_drag ? "grabbing" : st->label_object >= 0 ? "grab" : "default";
          break;
        }
      case CAROM_TOOL_VERTEX:
        name = "default";
        break;
      default:
        name = "crosshair";
        break;
      }
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), name);
}

static void
primary_begin (GtkGestureDrag *gesture, double x, double y, CaromCanvas *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->press_x = x;
  self->press_y = y;
  if (self->space_held || self->editor == NULL)
    {
      self->space_used = self->space_held;
      self->panning = TRUE;
      pan_begin (gesture, x, y, self);
      update_cursor (self);
      return;
    }
  /* Count clicks as GTK does: within the double-click time and distance. */
  GtkSettings *settings = gtk_widget_get_settings (GTK_WIDGET (self));
  int double_click_ms = 400;
  g_object_get (settings, "gtk-double-click-time", &double_click_ms, NULL);
  gint64 now = g_get_monotonic_time ();
  if (now - self->last_press_time <= (gint64)double_click_ms * 1000
      && hypot (x - self->last_press_x, y - self->last_press_y) <= DOUBLE_CLICK_PX)
    self->n_press++;
  else
    self->n_press = 1;
  self->last_press_time = now;
  self->last_press_x = x;
  self->last_press_y = y;

  sync_editor_view (self);
  CgVec2 p = carom_viewport_to_scene (&self->viewport, x, y);
  self->tool_drag = carom_editor_press (self->editor, p, self->n_press,
                                        gesture_modifiers (GTK_GESTURE (gesture)));
  if (!self->tool_drag)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
  else
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
primary_update (GtkGestureDrag *gesture, double dx, double dy, CaromCanvas *self)
{
  if (self->panning)
    {
      pan_update (gesture, dx, dy, self);
      return;
    }
  if (!self->tool_drag)
    return;
  CgVec2 p = carom_viewport_to_scene (&self->viewport, self->press_x + dx, self->press_y + dy);
  carom_editor_motion (self->editor, p, gesture_modifiers (GTK_GESTURE (gesture)));
}

static void
primary_end (GtkGestureDrag *gesture, double dx, double dy, CaromCanvas *self)
{
  if (self->panning)
    {
      self->panning = FALSE;
      update_cursor (self);
      return;
    }
  if (!self->tool_drag)
    return;
  self->tool_drag = FALSE;
  CgVec2 p = carom_viewport_to_scene (&self->viewport, self->press_x + dx, self->press_y + dy);
  carom_editor_release (self->editor, p, gesture_modifiers (GTK_GESTURE (gesture)));
}

static void
primary_cancel (GtkGesture *gesture, GdkEventSequence *sequence, CaromCanvas *self)
{
  (void)gesture;
  (void)sequence;
  self->panning = FALSE;
  if (self->tool_drag && self->editor != NULL)
    carom_editor_cancel (self->editor);
  self->tool_drag = FALSE;
  update_cursor (self);
}

static void
motion (GtkEventControllerMotion *controller, double x, double y, CaromCanvas *self)
{
  CgVec2 p = carom_viewport_to_scene (&self->viewport, x, y);
  g_signal_emit (self, signals[POINTER_MOVED], 0, p.x, p.y, TRUE);
  /* During a drag the gesture reports motion, with the modifiers of its events. */
  if (self->editor != NULL && !self->tool_drag && !self->panning)
    {
      sync_editor_view (self);
      carom_editor_motion (self->editor, p,
                           modifiers (gtk_event_controller_get_current_event_state (
                               GTK_EVENT_CONTROLLER (controller))));
    }
}

static void
leave (GtkEventControllerMotion *controller, CaromCanvas *self)
{
  (void)controller;
  g_signal_emit (self, signals[POINTER_MOVED], 0, 0.0, 0.0, FALSE);
  if (self->editor != NULL)
    carom_editor_leave (self->editor);
}

static gboolean
key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
             CaromCanvas *self)
{
  (void)controller;
  (void)keycode;
  if (keyval == GDK_KEY_space)
    {
      if (!self->space_held)
        {
          self->space_held = TRUE;
          self->space_used = FALSE;
          update_cursor (self);
        }
      return TRUE;
    }
  if (self->editor == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)))
    return FALSE;
  CaromKey key;
  switch (keyval)
    {
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      key = CAROM_KEY_ENTER;
      break;
    case GDK_KEY_Escape:
      key = CAROM_KEY_ESCAPE;
      break;
    case GDK_KEY_BackSpace:
      key = CAROM_KEY_BACKSPACE;
      break;
    case GDK_KEY_Delete:
    case GDK_KEY_KP_Delete:
      key = CAROM_KEY_DELETE;
      break;
    case GDK_KEY_Left:
      key = CAROM_KEY_LEFT;
      break;
    case GDK_KEY_Right:
      key = CAROM_KEY_RIGHT;
      break;
    case GDK_KEY_Up:
      key = CAROM_KEY_UP;
      break;
    case GDK_KEY_Down:
      key = CAROM_KEY_DOWN;
      break;
    default:
      return FALSE;
    }
  return carom_editor_key (self->editor, key, modifiers (state));
}

static void
key_released (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
              CaromCanvas *self)
{
  (void)controller;
  (void)keycode;
  (void)state;
  if (keyval == GDK_KEY_space && self->space_held)
    {
      self->space_held = FALSE;
      update_cursor (self);
      /* Space tapped without a drag: play or pause the bounces. */
      if (!self->space_used)
        gtk_widget_activate_action (GTK_WIDGET (self), "win.play", NULL);
    }
}

/* Space released elsewhere (focus moved away while it was held): no longer
 * panning. */
static void
focus_left (GtkEventControllerFocus *controller, CaromCanvas *self)
{
  (void)controller;
  if (self->space_held)
    {
      self->space_held = FALSE;
      update_cursor (self);
    }
}

/* ---- public ---- */

static void
document_changed (CaromCanvas *self)
{
  /* A drag updates the trace in place: the cache follows, for a frame that
   * costs a fraction of a new cache. */
  const GArray *updated = carom_document_get_updated_polygons (self->document);
  if (updated != NULL && self->cache != NULL)
    {
      carom_render_cache_update (self->cache, (const guint *)updated->data, updated->len);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  else
    invalidate (self);
}

void
carom_canvas_set_document (CaromCanvas *self, CaromDocument *document)
{
  g_return_if_fail (CAROM_IS_CANVAS (self));
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  /* The cache borrows the old scene: drop it before the scene can go. */
  invalidate (self);
  g_clear_pointer (&self->underlay, carom_underlay_free);
  self->underlay_scene = NULL;
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      g_signal_connect_swapped (document, "changed", G_CALLBACK (document_changed), self);
      /* A trace made off the main loop: draw from it. */
      g_signal_connect_swapped (document, "trace-changed", G_CALLBACK (invalidate), self);
    }
  carom_viewport_request_fit (&self->viewport);
}

static void
editor_changed (CaromCanvas *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
  update_cursor (self);
}

/* The lab's probes start in the middle of what the user sees, sized to it. */
static void
tool_changed (CaromCanvas *self)
{
  update_cursor (self);
  if (carom_editor_get_tool (self->editor) != CAROM_TOOL_LAB || self->viewport.view.width <= 0)
    return;
  CgAabb visible = carom_view_visible_box (&self->viewport.view);
  double size = fmin (visible.hi.x - visible.lo.x, visible.hi.y - visible.lo.y);
  carom_lab_place (carom_editor_get_lab (self->editor), cg_aabb_center (visible), 0.6 * size);
}

void
carom_canvas_set_editor (CaromCanvas *self, CaromEditor *editor)
{
  g_return_if_fail (CAROM_IS_CANVAS (self));
  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_data (self->editor, self);
  g_set_object (&self->editor, editor);
  if (editor != NULL)
    {
      g_signal_connect_swapped (editor, "changed", G_CALLBACK (editor_changed), self);
      g_signal_connect_swapped (editor, "notify::tool", G_CALLBACK (tool_changed), self);
    }
  sync_editor_view (self);
  update_cursor (self);
}

static void
settings_changed (CaromCanvas *self, const char *key)
{
  if (g_str_has_prefix (key, "show-") || g_str_equal (key, "bvh-depth")
      || g_str_equal (key, "paths-colour") || g_str_equal (key, "path-extent"))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
carom_canvas_set_settings (CaromCanvas *self, GSettings *settings)
{
  g_return_if_fail (CAROM_IS_CANVAS (self));
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_set_object (&self->settings, settings);
  if (settings != NULL)
    g_signal_connect_swapped (settings, "changed", G_CALLBACK (settings_changed), self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
carom_canvas_set_step (CaromCanvas *self, guint ball, guint step)
{
  g_return_if_fail (CAROM_IS_CANVAS (self));
  if (ball != self->ball)
    {
      self->ball = ball;
      invalidate (self);
    }
  self->step = step;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
carom_canvas_set_draw_over (CaromCanvas *self, CaromCanvasDrawFunc func, gpointer data)
{
  g_return_if_fail (CAROM_IS_CANVAS (self));
  self->draw_over = func;
  self->draw_over_data = data;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
carom_canvas_set_front (CaromCanvas *self, double s)
{
  g_return_if_fail (CAROM_IS_CANVAS (self));
  if (s == self->front)
    return;
  self->front = s;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
carom_canvas_zoom_to_fit (CaromCanvas *self)
{
  g_return_if_fail (CAROM_IS_CANVAS (self));
  carom_viewport_request_fit (&self->viewport);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
carom_canvas_zoom_by (CaromCanvas *self, double factor)
{
  g_return_if_fail (CAROM_IS_CANVAS (self));
  g_return_if_fail (factor > 0.0);
  zoom_at (self, self->viewport.view.width / 2.0, self->viewport.view.height / 2.0, factor);
}

void
carom_canvas_zoom_actual_size (CaromCanvas *self)
{
  g_return_if_fail (CAROM_IS_CANVAS (self));
  if (self->viewport.view.scale > 0.0)
    carom_canvas_zoom_by (self, 1.0 / self->viewport.view.scale);
}

CgAabb
carom_canvas_get_visible_box (CaromCanvas *self)
{
  g_return_val_if_fail (CAROM_IS_CANVAS (self), cg_aabb_empty ());
  const CaromView *v = &self->viewport.view;
  if (!(v->width > 0.0 && v->height > 0.0 && v->scale > 0.0))
    return cg_aabb_empty ();
  return carom_view_visible_box (v);
}

double
carom_canvas_get_zoom (CaromCanvas *self)
{
  g_return_val_if_fail (CAROM_IS_CANVAS (self), 1.0);
  return self->viewport.view.scale > 0 ? self->viewport.view.scale : 1.0;
}

gboolean
carom_canvas_scene_to_widget (CaromCanvas *self, double x, double y, double *wx, double *wy)
{
  g_return_val_if_fail (CAROM_IS_CANVAS (self), FALSE);
  if (self->viewport.fit_pending)
    return FALSE;
  CgVec2 w = carom_viewport_to_widget (&self->viewport, cg_v2 (x, y));
  *wx = w.x;
  *wy = w.y;
  return TRUE;
}

/* ---- life cycle ---- */

static void
style_changed (CaromCanvas *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
carom_canvas_dispose (GObject *object)
{
  CaromCanvas *self = CAROM_CANVAS (object);
  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);
  g_clear_handle_id (&self->zoom_notify_source, g_source_remove);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_data (self->editor, self);
  g_clear_pointer (&self->cache, carom_render_cache_free);
  g_clear_pointer (&self->underlay, carom_underlay_free);
  self->underlay_scene = NULL;
  g_clear_object (&self->document);
  g_clear_object (&self->editor);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->description, g_free);
  for (guint i = 0; i < G_N_ELEMENTS (self->frames); i++)
    g_clear_pointer (&self->frames[i], frame_image_unref);
  g_clear_pointer (&self->placed, g_array_unref);
  g_clear_pointer (&self->editor_labels, g_array_unref);
  G_OBJECT_CLASS (carom_canvas_parent_class)->dispose (object);
}

static void
carom_canvas_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  CaromCanvas *self = CAROM_CANVAS (object);
  switch (prop_id)
    {
    case PROP_ZOOM:
      g_value_set_double (value, carom_canvas_get_zoom (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
carom_canvas_class_init (CaromCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = carom_canvas_dispose;
  object_class->get_property = carom_canvas_get_property;
  widget_class->snapshot = carom_canvas_snapshot;
  widget_class->size_allocate = carom_canvas_size_allocate;
  /* A picture of the scene: its label names it, its description says what
   * it shows (carom_canvas_set_description). */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);

  properties[PROP_ZOOM] = g_param_spec_double ("zoom", NULL, NULL, 0, G_MAXDOUBLE, 1,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /// Emitted when the pointer moves over the canvas (scene coordinates), or
  /// leaves it (inside FALSE).
  signals[POINTER_MOVED]
      = g_signal_new ("pointer-moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 3, G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_BOOLEAN);
  gtk_widget_class_set_css_name (widget_class, "canvas");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
carom_canvas_init (CaromCanvas *self)
{
  carom_viewport_init (&self->viewport);
  self->front = CAROM_FRONT_NONE;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _ ("Scene"),
                                  -1);

  GtkEventController *scroll
      = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (scroll, "scroll", G_CALLBACK (scrolled), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);

  GtkGesture *pan = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (pan), GDK_BUTTON_MIDDLE);
  g_signal_connect (pan, "drag-begin", G_CALLBACK (pan_begin), self);
  g_signal_connect (pan, "drag-update", G_CALLBACK (pan_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (pan));

  GtkGesture *primary = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (primary), GDK_BUTTON_PRIMARY);
  g_signal_connect (primary, "drag-begin", G_CALLBACK (primary_begin), self);
  g_signal_connect (primary, "drag-update", G_CALLBACK (primary_update), self);
  g_signal_connect (primary, "drag-end", G_CALLBACK (primary_end), self);
  g_signal_connect (primary, "cancel", G_CALLBACK (primary_cancel), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (primary));

  GtkGesture *pinch = gtk_gesture_zoom_new ();
  g_signal_connect (pinch, "begin", G_CALLBACK (pinch_begin), self);
  g_signal_connect (pinch, "scale-changed", G_CALLBACK (pinch_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (pinch));

  GtkEventController *pointer = gtk_event_controller_motion_new ();
  g_signal_connect (pointer, "motion", G_CALLBACK (motion), self);
  g_signal_connect (pointer, "leave", G_CALLBACK (leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), pointer);

  GtkEventController *keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), self);
  g_signal_connect (keys, "key-released", G_CALLBACK (key_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  GtkEventController *focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "leave", G_CALLBACK (focus_left), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  g_signal_connect_swapped (adw_style_manager_get_default (), "notify::dark",
                            G_CALLBACK (style_changed), self);
}

void
carom_canvas_set_description (CaromCanvas *self, const char *description)
{
  g_return_if_fail (CAROM_IS_CANVAS (self));
  if (g_strcmp0 (self->description, description) == 0)
    return;
  g_free (self->description);
  self->description = g_strdup (description);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description != NULL ? description : "", -1);
}

const char *
carom_canvas_get_description (CaromCanvas *self)
{
  g_return_val_if_fail (CAROM_IS_CANVAS (self), NULL);
  return self->description;
}
