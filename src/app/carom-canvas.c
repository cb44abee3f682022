/* carom-canvas.c: the scene drawn by the shared renderer, with pan and zoom.
 *
 * The canvas draws in snapshot() through carom_render(), the code that also
 * writes exported diagrams. The render cache (true outlines, boxes, culling
 * hierarchy) is derived data: dropped when the document changes or another
 * ball is selected, rebuilt on the next frame. */
#include "config.h"

#include "carom-canvas.h"

#include <adwaita.h>
#include <math.h>

#include "render/carom-render.h"

/* Empty space kept around the scene when it is fitted into the widget (px). */
#define FIT_MARGIN 24.0
/* Zoom factor of one wheel notch (Ctrl+scroll). */
#define WHEEL_ZOOM 1.2
/* Zoom limits relative to fitting the scene: far enough to inspect a contact. */
#define ZOOM_MIN_FACTOR 0.05
#define ZOOM_MAX_FACTOR 1e6

struct _CaromCanvas
{
  GtkWidget parent_instance;

  /* owned */
  CaromDocument *document;
  GSettings *settings;
  CaromRenderCache *cache;

  CaromView view;
  double fit_scale; /* the scale that fits the scene: the reference for zoom limits */
  gboolean fit_pending;
  gboolean navigated; /* the user panned or zoomed: stop refitting on resize */
  guint ball;
  guint step;
  double drag_x0, drag_y0; /* the view origin when a pan drag began */
  double pinch_scale0;     /* the scale when a pinch began */
  guint zoom_notify_source;
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
    { "show-grid", CAROM_OVERLAY_GRID },
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

static void
fit_view (CaromCanvas *self, int width, int height)
{
  CgAabb bounds = self->cache ? carom_render_cache_get_bounds (self->cache) : cg_aabb_empty ();
  if (cg_aabb_is_empty (bounds))
    bounds = (CgAabb){ { -100, -100 }, { 100, 100 } };
  self->view = carom_view_fit (bounds, width, height, FIT_MARGIN, CAROM_VIEW_SCREEN_PT);
  self->fit_scale = self->view.scale;
  self->fit_pending = FALSE;
}

static gboolean
notify_zoom_idle (gpointer data)
{
  CaromCanvas *self = data;
  self->zoom_notify_source = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
  return G_SOURCE_REMOVE;
}

static void
carom_canvas_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  CaromCanvas *self = CAROM_CANVAS (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  if (width <= 0 || height <= 0)
    return;

  ensure_cache (self);
  if (self->fit_pending)
    {
      fit_view (self, width, height);
      /* Listeners update labels when the zoom changes; a resize queued in the
       * middle of a snapshot would leave those widgets undrawn this frame. */
      if (self->zoom_notify_source == 0)
        self->zoom_notify_source = g_idle_add (notify_zoom_idle, self);
    }
  self->view.width = width;
  self->view.height = height;

  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  CaromStyle style = carom_style_screen (dark);
  CaromRenderOptions options;
  carom_render_options_init (&options);
  options.overlays = overlays_from_settings (self);
  options.step = self->step;

  cairo_t *cr = gtk_snapshot_append_cairo (snapshot,
                                           &GRAPHENE_RECT_INIT (0, 0, (float)width, (float)height));
  if (self->cache != NULL)
    carom_render (cr, self->cache, &self->view, &style, &options, NULL);
  cairo_destroy (cr);
}

static void
carom_canvas_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  CaromCanvas *self = CAROM_CANVAS (widget);
  (void)baseline;
  /* Until the user pans or zooms, the scene stays fitted to the widget;
   * after that it stays centred where it was when the widget changes size. */
  if (!self->navigated)
    self->fit_pending = TRUE;
  else if (!self->fit_pending && self->view.width > 0)
    {
      self->view.x0 += (width - self->view.width) / 2.0;
      self->view.y0 += (height - self->view.height) / 2.0;
    }
  self->view.width = width;
  self->view.height = height;
}

/* ---- navigation ---- */

static void
zoom_at (CaromCanvas *self, double x, double y, double factor)
{
  double target = self->view.scale * factor;
  double lo = self->fit_scale * ZOOM_MIN_FACTOR, hi = self->fit_scale * ZOOM_MAX_FACTOR;
  if (target < lo)
    factor = lo / self->view.scale;
  else if (target > hi)
    factor = hi / self->view.scale;
  carom_view_zoom_at (&self->view, cg_v2 (x, y), factor);
  self->navigated = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
scrolled (GtkEventControllerScroll *controller, double dx, double dy, CaromCanvas *self)
{
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (controller));
  GdkModifierType mods
      = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  double x = self->view.width / 2, y = self->view.height / 2;
  if (event != NULL)
    gdk_event_get_position (event, &x, &y);
  /* The event's position is in surface coordinates; the canvas fills most of
   * the window, so translate it into the widget. */
  graphene_point_t in;
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self));
  if (native != NULL)
    {
      double nx, ny;
      gtk_native_get_surface_transform (native, &nx, &ny);
      if (gtk_widget_compute_point (GTK_WIDGET (native), GTK_WIDGET (self),
                                    &GRAPHENE_POINT_INIT ((float)(x - nx), (float)(y - ny)), &in))
        {
          x = in.x;
          y = in.y;
        }
    }

  gboolean smooth = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_SURFACE;
  if (mods & GDK_CONTROL_MASK)
    {
      double factor = smooth ? exp (-dy * 0.01) : pow (WHEEL_ZOOM, -dy);
      zoom_at (self, x, y, factor);
    }
  else
    {
      /* A wheel notch pans by a fixed step; a touchpad pans by its distance. */
      double step = smooth ? 1.0 : 40.0;
      carom_view_pan (&self->view, -dx * step, -dy * step);
      self->navigated = TRUE;
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
  self->drag_x0 = self->view.x0;
  self->drag_y0 = self->view.y0;
}

static void
pan_update (GtkGestureDrag *gesture, double dx, double dy, CaromCanvas *self)
{
  (void)gesture;
  self->navigated = TRUE;
  self->view.x0 = self->drag_x0 + dx;
  self->view.y0 = self->drag_y0 + dy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
pinch_begin (GtkGesture *gesture, GdkEventSequence *sequence, CaromCanvas *self)
{
  (void)gesture;
  (void)sequence;
  self->pinch_scale0 = self->view.scale;
}

static void
pinch_changed (GtkGestureZoom *gesture, double scale, CaromCanvas *self)
{
  double cx, cy;
  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &cx, &cy))
    return;
  zoom_at (self, cx, cy, self->pinch_scale0 * scale / self->view.scale);
}

static void
motion (GtkEventControllerMotion *controller, double x, double y, CaromCanvas *self)
{
  (void)controller;
  CgVec2 p = carom_view_to_scene (&self->view, cg_v2 (x, y));
  g_signal_emit (self, signals[POINTER_MOVED], 0, p.x, p.y, TRUE);
}

static void
leave (GtkEventControllerMotion *controller, CaromCanvas *self)
{
  (void)controller;
  g_signal_emit (self, signals[POINTER_MOVED], 0, 0.0, 0.0, FALSE);
}

/* ---- public ---- */

static void
document_changed (CaromCanvas *self)
{
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
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_swapped (document, "changed", G_CALLBACK (document_changed), self);
  self->fit_pending = TRUE;
}

static void
settings_changed (CaromCanvas *self, const char *key)
{
  if (g_str_has_prefix (key, "show-"))
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
carom_canvas_zoom_to_fit (CaromCanvas *self)
{
  g_return_if_fail (CAROM_IS_CANVAS (self));
  self->fit_pending = TRUE;
  self->navigated = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
carom_canvas_zoom_by (CaromCanvas *self, double factor)
{
  g_return_if_fail (CAROM_IS_CANVAS (self));
  g_return_if_fail (factor > 0.0);
  zoom_at (self, self->view.width / 2.0, self->view.height / 2.0, factor);
}

void
carom_canvas_zoom_actual_size (CaromCanvas *self)
{
  g_return_if_fail (CAROM_IS_CANVAS (self));
  if (self->view.scale > 0.0)
    carom_canvas_zoom_by (self, 1.0 / self->view.scale);
}

double
carom_canvas_get_zoom (CaromCanvas *self)
{
  g_return_val_if_fail (CAROM_IS_CANVAS (self), 1.0);
  return self->view.scale > 0 ? self->view.scale : 1.0;
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
  g_clear_pointer (&self->cache, carom_render_cache_free);
  g_clear_object (&self->document);
  g_clear_object (&self->settings);
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

  properties[PROP_ZOOM] = g_param_spec_double ("zoom", NULL, NULL, 0, G_MAXDOUBLE, 1,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /// Emitted when the pointer moves over the canvas (scene coordinates), or
  /// leaves it (inside FALSE).
  signals[POINTER_MOVED]
      = g_signal_new ("pointer-moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 3, G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_BOOLEAN);
  gtk_widget_class_set_css_name (widget_class, "canvas");
}

static void
carom_canvas_init (CaromCanvas *self)
{
  self->fit_pending = TRUE;
  self->fit_scale = 1.0;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);

  GtkEventController *scroll
      = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (scroll, "scroll", G_CALLBACK (scrolled), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);

  GtkGesture *pan = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (pan), GDK_BUTTON_MIDDLE);
  g_signal_connect (pan, "drag-begin", G_CALLBACK (pan_begin), self);
  g_signal_connect (pan, "drag-update", G_CALLBACK (pan_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (pan));

  GtkGesture *pinch = gtk_gesture_zoom_new ();
  g_signal_connect (pinch, "begin", G_CALLBACK (pinch_begin), self);
  g_signal_connect (pinch, "scale-changed", G_CALLBACK (pinch_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (pinch));

  GtkEventController *pointer = gtk_event_controller_motion_new ();
  g_signal_connect (pointer, "motion", G_CALLBACK (motion), self);
  g_signal_connect (pointer, "leave", G_CALLBACK (leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), pointer);

  g_signal_connect_swapped (adw_style_manager_get_default (), "notify::dark",
                            G_CALLBACK (style_changed), self);
}
