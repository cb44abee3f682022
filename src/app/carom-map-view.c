/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-map-view.c: the Boundary map pane: a header line naming the point
 * under the pointer, and the plot.
 *
 * The plot is a CaromMapPlot (carom-map-plot.h: the image and its dots,
 * without GTK); each frame only paints its image and the marks on top. A
 * map of up to SYNC_DOTS dots is drawn at once, and while a drag changes
 * the trace it is drawn again at most a fifth of the time (live, at a lower
 * rate than the canvas). A larger map is drawn a slice of SLICE_US at a
 * time between frames into a plot of its own, the last map shown until it
 * is done, and while a drag changes the trace it is drawn again once the
 * trace has settled, so the canvas keeps its pace. Hovering picks the
 * nearest dot, and the keys move along a ray (← →) and across rays (↑ ↓). */
#include "config.h"

#include "carom-map-view.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "model/carom-boundary-map.h"
#include "render/carom-map-plot.h"
#include "render/carom-style.h"

/* How near (px) the pointer must be to a dot to pick it. */
#define PICK_PX 8.0
/* Maps of up to this many dots (10^3 rays × 29 bounces and more) are drawn
 * at once; larger ones SLICE_US at a time between frames, and again only
 * once the trace has not changed for SETTLE_MS. */
#define SYNC_DOTS 60000
#define SLICE_US 6000
#define SETTLE_MS 120
/* While the trace changes, small maps are drawn again at most a
 * 1 / REBUILD_SHARE of the time, and at most every MIN_GAP_US. */
#define REBUILD_SHARE 5
#define MIN_GAP_US 40000

struct _CaromMapView
{
  GtkWidget parent_instance;

  /* children */
  GtkWidget *header;
  GtkLabel *title;
  GtkLabel *info;
  GtkWidget *plot;

  /* owned */
  CaromDocument *document;
  GSettings *settings; /* paths-colour: the dots are coloured as the paths */
  CaromMapPlot *shown; /* the plot on screen: its image and dots (never NULL) */
  char *text;

  /* borrowed (weak) */
  CaromCanvas *canvas;

  guint ball, step; /* the stepper's */
  gboolean dirty;
  gint64 build_cost;    /* µs of work the last rebuild took */
  gint64 built_at;      /* when it was installed */
  guint built_dots;     /* its dots */
  guint rebuild_source; /* waits for the trace to settle */
  CaromMapPlot *build;  /* a rebuild under way, or NULL */
  guint build_source;
  int hover;            /* the dot under the pointer, or -1 */
  int focus;            /* the dot chosen with the keys, or -1 */
  gboolean focus_shown; /* focus is shown (the keys moved it since the plot got the focus) */
};

G_DEFINE_FINAL_TYPE (CaromMapView, carom_map_view, GTK_TYPE_WIDGET)

enum
{
  STEP_REQUESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- what is mapped ---- */

static const CmSceneTrace *
current_trace (CaromMapView *self)
{
  return self->document != NULL ? carom_document_get_trace (self->document) : NULL;
}

/* The dot of hit `hit` of ball on screen, or -1. */
static int
dot_of (CaromMapView *self, guint ball, guint hit)
{
  return carom_map_plot_dot_of (self->shown, ball, hit);
}

static const CaromMapDot *
dot_at (CaromMapView *self, int d)
{
  return carom_map_plot_get_dot (self->shown, d);
}

/* The hit a dot stands for, when the trace still has it (a rebuild may be
 * waiting). */
static const CgHit *
dot_hit (CaromMapView *self, const CaromMapDot *dot, const CaromBallTrace **ball)
{
  const CmSceneTrace *trace = current_trace (self);
  if (dot == NULL || trace == NULL || dot->ball >= trace->balls->len)
    return NULL;
  const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, dot->ball);
  if (dot->hit >= bt->trace.n_hits)
    return NULL;
  if (ball != NULL)
    *ball = bt;
  return &bt->trace.hits[dot->hit];
}

/* Its point on the map (ξ, sin φ, the contact), computed again for one ray. */
static gboolean
dot_point (CaromMapView *self, const CaromMapDot *dot, CaromMapPoint *out)
{
  const CmSceneTrace *trace = current_trace (self);
  if (dot_hit (self, dot, NULL) == NULL)
    return FALSE;
  g_autoptr (GArray) points = carom_boundary_map_points (trace, dot->ball, NULL);
  if (dot->hit >= points->len)
    return FALSE;
  *out = g_array_index (points, CaromMapPoint, dot->hit);
  return TRUE;
}

/* ---- the cache ---- */

static void
cancel_build (CaromMapView *self)
{
  g_clear_handle_id (&self->build_source, g_source_remove);
  g_clear_pointer (&self->build, carom_map_plot_free);
}

/* Starts a rebuild for the plot's size and the current trace: the frame now,
 * the dots by carom_map_plot_build(). */
static CaromMapPlot *
build_new (CaromMapView *self)
{
  GtkWidget *plot = self->plot;
  CaromPathColouring colouring = CAROM_PATHS_BY_RAY;
  if (self->settings != NULL)
    {
      g_autofree char *by = g_settings_get_string (self->settings, "paths-colour");
      carom_path_colouring_parse (by, &colouring, NULL);
    }
  /* The rays to map; the map on screen keeps its own until this one is done. */
  return carom_map_plot_new (current_trace (self), self->ball, gtk_widget_get_width (plot),
                             gtk_widget_get_height (plot), gtk_widget_get_scale_factor (plot),
                             adw_style_manager_get_dark (adw_style_manager_get_default ()),
                             colouring);
}

/* A finished build becomes what the plot shows. */
static void
install_build (CaromMapView *self)
{
  g_clear_handle_id (&self->build_source, g_source_remove);
  g_clear_pointer (&self->shown, carom_map_plot_free);
  self->shown = g_steal_pointer (&self->build);
  self->build_cost = carom_map_plot_get_work (self->shown);
  self->built_at = g_get_monotonic_time ();
  self->built_dots = carom_map_plot_get_n_dots (self->shown);
  g_debug ("boundary map: %u dots drawn in %" G_GINT64_FORMAT " µs of work", self->built_dots,
           self->build_cost);
  /* The hovered and chosen dots were the last map's. */
  if ((guint)MAX (self->hover, 0) >= self->built_dots)
    self->hover = -1;
  if ((guint)MAX (self->focus, 0) >= self->built_dots)
    self->focus = -1;
  gtk_widget_queue_draw (self->plot);
}

static gboolean
build_idle (gpointer data)
{
  CaromMapView *self = data;
  if (!carom_map_plot_build (self->build, SLICE_US))
    return G_SOURCE_CONTINUE;
  self->build_source = 0;
  install_build (self);
  return G_SOURCE_REMOVE;
}

/* Rebuilds the cache: a map of up to SYNC_DOTS dots at once (the frame
 * drawn shows it), a larger one from idle callbacks between frames. */
static void
rebuild (CaromMapView *self)
{
  cancel_build (self);
  self->dirty = FALSE;
  self->build = build_new (self);
  gboolean at_once = carom_map_plot_get_n_hits (self->build) <= SYNC_DOTS;
  if (carom_map_plot_build (self->build, at_once ? G_MAXINT64 / 2 : SLICE_US))
    install_build (self);
  else
    self->build_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, build_idle, self, NULL);
}

static gboolean
rebuild_due (gpointer data)
{
  CaromMapView *self = data;
  self->rebuild_source = 0;
  gtk_widget_queue_draw (self->plot);
  return G_SOURCE_REMOVE;
}

/* The header's title names what is mapped. Set here, not while the plot is
 * drawn: a label changed in the middle of a frame shows the change a frame
 * late. */
static void
update_title (CaromMapView *self)
{
  const CmSceneTrace *trace = current_trace (self);
  guint first, n_rays;
  carom_map_plot_rays (trace, self->ball, &first, &n_rays);
  g_autofree char *title = NULL;
  if (n_rays > 0)
    {
      g_autofree guint *balls = g_new (guint, n_rays);
      for (guint i = 0; i < n_rays; i++)
        balls[i] = first + i;
      title = carom_map_title (trace, balls, n_rays);
    }
  const char *text = title != NULL ? title : _ ("Boundary Map");
  if (g_strcmp0 (gtk_label_get_label (self->title), text) != 0)
    {
      gtk_label_set_label (self->title, text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->title), text);
    }
}

/* The trace or the ball changed: rebuild on the next frame, or, when
 * rebuilding has been costly, once the pause after the last one is over. */
static void
invalidate (CaromMapView *self)
{
  self->dirty = TRUE;
  update_title (self);
  /* A rebuild under way reads a trace that has changed: start again. */
  cancel_build (self);
  /* A large map waits until the trace has stopped changing for a moment (a
   * drag pauses or ends), so that the canvas keeps its pace; the last one
   * stays on screen meanwhile. A small one follows, spaced out. */
  if (self->built_dots > SYNC_DOTS)
    {
      g_clear_handle_id (&self->rebuild_source, g_source_remove);
      self->rebuild_source = g_timeout_add (SETTLE_MS, rebuild_due, self);
      return;
    }
  if (self->rebuild_source != 0)
    return;
  gint64 wait = self->built_at + MAX (MIN_GAP_US, REBUILD_SHARE * self->build_cost)
                - g_get_monotonic_time ();
  if (wait > 0)
    self->rebuild_source = g_timeout_add ((guint)(wait / 1000) + 1, rebuild_due, self);
  else
    gtk_widget_queue_draw (self->plot);
}

/* ---- drawing ---- */

static void
ring (cairo_t *cr, double x, double y, double r, const CaromColor *c, double width)
{
  cairo_new_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
}

/* The dot highlighted: hovered, else the one the keys chose. */
static int
highlighted (CaromMapView *self)
{
  if (self->hover >= 0)
    return self->hover;
  return self->focus_shown && gtk_widget_has_focus (self->plot) ? self->focus : -1;
}

static void
draw_plot (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  CaromMapView *self = data;
  (void)area;
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  int shown_width, shown_height, shown_scale;
  gboolean shown_dark;
  carom_map_plot_get_size (self->shown, &shown_width, &shown_height, &shown_scale, &shown_dark);
  gboolean stale = self->dirty || shown_width != width || shown_height != height
                   || shown_scale != gtk_widget_get_scale_factor (self->plot) || shown_dark != dark;
  if (stale && self->rebuild_source == 0 && self->build == NULL)
    rebuild (self);
  cairo_surface_t *image = carom_map_plot_get_surface (self->shown);
  if (image != NULL)
    {
      cairo_set_source_surface (cr, image, 0, 0);
      cairo_paint (cr);
    }
  CaromStyle style = carom_style_screen (dark);
  if (carom_map_plot_get_n_rays (self->shown) == 0 && self->build == NULL)
    {
      PangoLayout *layout = gtk_widget_create_pango_layout (
          self->plot, _ ("No ball: place a ball or a beam to see where it hits the walls"));
      pango_layout_set_width (layout, (width - 24) * PANGO_SCALE);
      pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      int lw, lh;
      pango_layout_get_pixel_size (layout, &lw, &lh);
      cairo_set_source_rgba (cr, style.text.red, style.text.green, style.text.blue, 0.6);
      cairo_move_to (cr, 12, (height - lh) / 2.0);
      pango_cairo_show_layout (cr, layout);
      g_object_unref (layout);
      return;
    }
  /* The stepper's hit: a ring in the text's colour. */
  const CaromMapDot *at
      = self->step > 0 ? dot_at (self, dot_of (self, self->ball, self->step - 1)) : NULL;
  if (at != NULL)
    ring (cr, at->x, at->y, 5, &style.text, 1.5);
  /* The highlighted one: a bolder ring in the colour of the hit piece. */
  const CaromMapDot *h = dot_at (self, highlighted (self));
  if (h != NULL)
    {
      ring (cr, h->x, h->y, 7, &style.background, 4);
      ring (cr, h->x, h->y, 7, &style.hit_primitive, 2);
    }
}

/* The highlighted hit on the canvas: its ray's path on top, the ball where
 * it touches and a ring at the contact. */
static void
draw_on_canvas (cairo_t *cr, const CaromView *view, gboolean dark, gpointer data)
{
  CaromMapView *self = data;
  const CaromMapDot *dot = dot_at (self, highlighted (self));
  const CaromBallTrace *bt = NULL;
  const CgHit *hit = dot_hit (self, dot, &bt);
  CaromMapPoint point;
  if (hit == NULL || !dot_point (self, dot, &point))
    return;
  CaromStyle style = carom_style_screen (dark);
  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  /* The ray up to the hit, faint, and the segment that arrives at the hit
   * bold, in the text's colour over a halo of the background's, so that it
   * stands out of a beam's many paths drawn in the path colours. */
  const CaromColor *halo = &style.background, *c = &style.text;
  CgVec2 p = carom_view_to_device (view, bt->trace.start);
  cairo_move_to (cr, p.x, p.y);
  for (size_t k = 0; k < dot->hit; k++)
    {
      p = carom_view_to_device (view, bt->trace.hits[k].point);
      cairo_line_to (cr, p.x, p.y);
    }
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, 0.45);
  cairo_set_line_width (cr, 1.0 * view->pt);
  cairo_stroke (cr);
  CgVec2 to = carom_view_to_device (view, hit->point);
  cairo_move_to (cr, p.x, p.y);
  cairo_line_to (cr, to.x, to.y);
  cairo_set_source_rgba (cr, halo->red, halo->green, halo->blue, 0.85);
  cairo_set_line_width (cr, 4.5 * view->pt);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, 1.0);
  cairo_set_line_width (cr, 2.0 * view->pt);
  cairo_stroke (cr);
  /* The ball at the hit. */
  CgVec2 centre = carom_view_to_device (view, hit->point);
  double r = bt->trace.radius * view->scale;
  ring (cr, centre.x, centre.y, r, &style.hit_primitive, 2.0 * view->pt);
  /* The contact, on the drawn object. */
  CgVec2 contact = carom_view_to_device (view, point.contact);
  ring (cr, contact.x, contact.y, 6 * view->pt, &style.background, 4 * view->pt);
  ring (cr, contact.x, contact.y, 6 * view->pt, &style.hit_primitive, 2.5 * view->pt);
  cairo_restore (cr);
}

/* ---- the header's text ---- */

static void
update_text (CaromMapView *self)
{
  const CaromMapDot *dot = dot_at (self, highlighted (self));
  const CaromBallTrace *bt = NULL;
  const CgHit *hit = dot_hit (self, dot, &bt);
  CaromMapPoint point;
  g_free (self->text);
  if (hit != NULL && dot_point (self, dot, &point))
    {
      const CmObject *o = cm_scene_trace_polygon (current_trace (self), point.polygon);
      g_autofree char *xi = NULL, *sin_phi = NULL;
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      xi = g_strdup (g_ascii_formatd (buf, sizeof buf, "%.6g", point.xi));
      sin_phi = g_strdup (g_ascii_formatd (buf, sizeof buf, "%.4f", point.sin_phi));
      if (point.sin_phi < 0)
        {
          /* A minus sign, not a hyphen. */
          g_autofree char *digits = g_strdup (sin_phi + 1);
          g_free (sin_phi);
          sin_phi = g_strconcat ("−", digits, NULL);
        }
      const char *role = o->role == CG_ROLE_WALL ? _ ("wall") : _ ("obstacle");
      /* Translators: the boundary map's point under the pointer: the hit's number, the ball (or
       * a beam's ray, "fan#3"), the object hit and its role ("wall"), its coordinates ξ and
       * sin φ. */
      self->text = g_strdup_printf (_ ("Hit %u of “%s”, %s “%s”: ξ = %s, sin φ = %s"), dot->hit + 1,
                                    bt->ball->id, role, o->id, xi, sin_phi);
    }
  else
    self->text = g_strdup (_ ("Point at a hit to see it on the canvas · click to step to it"));
  gtk_label_set_label (self->info, self->text);
  /* A screen reader says which hit the keys chose. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->plot), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  self->text, -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->info), self->text);
  gtk_widget_set_tooltip_text (self->plot, dot != NULL ? self->text : NULL);
}

static void
highlight_changed (CaromMapView *self)
{
  update_text (self);
  gtk_widget_queue_draw (self->plot);
  if (self->canvas != NULL)
    gtk_widget_queue_draw (GTK_WIDGET (self->canvas));
}

/* ---- pointer and keys ---- */

/* The dot nearest (x, y) within PICK_PX, or -1: with `next`, of dots in
 * one place the first after the stepper's hit (see carom_map_plot_pick()). */
static int
pick (CaromMapView *self, double x, double y, gboolean next)
{
  return carom_map_plot_pick (self->shown, x, y, PICK_PX, self->ball, self->step, next);
}

static void
motion (GtkEventControllerMotion *controller, double x, double y, CaromMapView *self)
{
  (void)controller;
  int d = pick (self, x, y, FALSE);
  if (d != self->hover)
    {
      self->hover = d;
      highlight_changed (self);
    }
}

static void
leave (GtkEventControllerMotion *controller, CaromMapView *self)
{
  (void)controller;
  if (self->hover >= 0)
    {
      self->hover = -1;
      highlight_changed (self);
    }
}

static void
step_to (CaromMapView *self, int d)
{
  const CaromMapDot *dot = dot_at (self, d);
  if (dot != NULL)
    g_signal_emit (self, signals[STEP_REQUESTED], 0, dot->ball, dot->hit + 1);
}

static void
pressed (GtkGestureClick *gesture, int n_press, double x, double y, CaromMapView *self)
{
  (void)n_press;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_grab_focus (self->plot);
  int d = pick (self, x, y, TRUE);
  if (d < 0)
    return;
  self->focus = d;
  step_to (self, d);
  self->hover = d;
  highlight_changed (self);
}

static gboolean
key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
             CaromMapView *self)
{
  (void)controller;
  (void)keycode;
  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0
      || carom_map_plot_get_n_dots (self->shown) == 0)
    return FALSE;
  if (dot_at (self, self->focus) == NULL)
    {
      /* Start from the stepper's hit (or the first). */
      self->focus = self->step > 0 ? dot_of (self, self->ball, self->step - 1) : -1;
      if (self->focus < 0)
        self->focus = 0;
    }
  CaromMapMove move;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      move = CAROM_MAP_MOVE_PREVIOUS;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      move = CAROM_MAP_MOVE_NEXT;
      break;
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      move = CAROM_MAP_MOVE_FIRST;
      break;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      move = CAROM_MAP_MOVE_LAST;
      break;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      move = CAROM_MAP_MOVE_UP;
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      move = CAROM_MAP_MOVE_DOWN;
      break;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      step_to (self, self->focus);
      self->focus_shown = TRUE;
      highlight_changed (self);
      return TRUE;
    default:
      return FALSE;
    }
  self->focus = carom_map_plot_move (self->shown, self->focus, move);
  self->focus_shown = TRUE;
  self->hover = -1;
  highlight_changed (self);
  return TRUE;
}

static void
focus_changed (CaromMapView *self)
{
  if (!gtk_widget_has_focus (self->plot))
    self->focus_shown = FALSE;
  highlight_changed (self);
}

/* ---- API ---- */

static void
document_changed (CaromMapView *self)
{
  invalidate (self);
  highlight_changed (self);
}

void
carom_map_view_set_document (CaromMapView *self, CaromDocument *document)
{
  g_return_if_fail (CAROM_IS_MAP_VIEW (self));
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      g_signal_connect_swapped (document, "changed", G_CALLBACK (document_changed), self);
      g_signal_connect_swapped (document, "trace-changed", G_CALLBACK (document_changed), self);
    }
  self->hover = self->focus = -1;
  document_changed (self);
}

static void
settings_changed (CaromMapView *self, const char *key)
{
  if (g_strcmp0 (key, "paths-colour") == 0)
    invalidate (self);
}

void
carom_map_view_set_settings (CaromMapView *self, GSettings *settings)
{
  g_return_if_fail (CAROM_IS_MAP_VIEW (self));
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_set_object (&self->settings, settings);
  if (settings != NULL)
    g_signal_connect_swapped (settings, "changed", G_CALLBACK (settings_changed), self);
  invalidate (self);
}

void
carom_map_view_set_canvas (CaromMapView *self, CaromCanvas *canvas)
{
  g_return_if_fail (CAROM_IS_MAP_VIEW (self));
  if (self->canvas != NULL)
    {
      carom_canvas_set_draw_over (self->canvas, NULL, NULL);
      g_object_remove_weak_pointer (G_OBJECT (self->canvas), (gpointer *)&self->canvas);
    }
  self->canvas = canvas;
  if (canvas != NULL)
    {
      g_object_add_weak_pointer (G_OBJECT (canvas), (gpointer *)&self->canvas);
      carom_canvas_set_draw_over (canvas, draw_on_canvas, self);
    }
}

void
carom_map_view_set_step (CaromMapView *self, guint ball, guint step)
{
  g_return_if_fail (CAROM_IS_MAP_VIEW (self));
  guint first = carom_map_plot_get_first (self->shown);
  gboolean same_rays = ball >= first && ball - first < carom_map_plot_get_n_rays (self->shown);
  self->step = step;
  if (self->ball != ball)
    {
      self->ball = ball;
      if (!same_rays)
        {
          self->hover = self->focus = -1;
          invalidate (self);
        }
      else
        update_title (self);
    }
  /* The keys go on from the step. */
  if (!self->focus_shown)
    self->focus = step > 0 ? dot_of (self, ball, step - 1) : -1;
  highlight_changed (self);
}

GtkWidget *
carom_map_view_get_plot (CaromMapView *self)
{
  g_return_val_if_fail (CAROM_IS_MAP_VIEW (self), NULL);
  return self->plot;
}

gboolean
carom_map_view_hit_position (CaromMapView *self, guint ball, guint hit, double *x, double *y)
{
  g_return_val_if_fail (CAROM_IS_MAP_VIEW (self), FALSE);
  gboolean pending = self->dirty || self->build != NULL;
  const CaromMapDot *d = pending ? NULL : dot_at (self, dot_of (self, ball, hit));
  if (d == NULL)
    return FALSE;
  *x = d->x;
  *y = d->y;
  return TRUE;
}

gboolean
carom_map_view_get_highlight (CaromMapView *self, guint *ball, guint *hit)
{
  g_return_val_if_fail (CAROM_IS_MAP_VIEW (self), FALSE);
  const CaromMapDot *d = dot_at (self, highlighted (self));
  if (d == NULL)
    return FALSE;
  *ball = d->ball;
  *hit = d->hit;
  return TRUE;
}

const char *
carom_map_view_get_text (CaromMapView *self)
{
  g_return_val_if_fail (CAROM_IS_MAP_VIEW (self), NULL);
  return self->text;
}

gboolean
carom_map_view_write (CaromMapView *self, const char *path, GError **error)
{
  g_return_val_if_fail (CAROM_IS_MAP_VIEW (self), FALSE);
  const CmSceneTrace *trace = current_trace (self);
  guint first, n_rays;
  carom_map_plot_rays (trace, self->ball, &first, &n_rays);
  if (n_rays == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s",
                   _ ("There is no ball to map: place a ball or a beam first"));
      return FALSE;
    }
  g_autofree guint *balls = g_new (guint, n_rays);
  for (guint i = 0; i < n_rays; i++)
    balls[i] = first + i;
  if (g_str_has_suffix (path, ".csv") || g_str_has_suffix (path, ".CSV"))
    {
      g_autofree char *csv = carom_map_csv (trace, balls, n_rays);
      return g_file_set_contents (path, csv, -1, error);
    }
  return carom_map_write (path, trace, balls, n_rays, error);
}

/* ---- life cycle ---- */

static void
carom_map_view_dispose (GObject *object)
{
  CaromMapView *self = CAROM_MAP_VIEW (object);
  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  cancel_build (self);
  carom_map_view_set_canvas (self, NULL);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (carom_map_view_parent_class)->dispose (object);
}

static void
carom_map_view_finalize (GObject *object)
{
  CaromMapView *self = CAROM_MAP_VIEW (object);
  g_clear_pointer (&self->shown, carom_map_plot_free);
  g_free (self->text);
  G_OBJECT_CLASS (carom_map_view_parent_class)->finalize (object);
}

static void
carom_map_view_class_init (CaromMapViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = carom_map_view_dispose;
  object_class->finalize = carom_map_view_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "boundarymap");

  /// Emitted when the user picks a point to step to.
  signals[STEP_REQUESTED]
      = g_signal_new ("step-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
}

static void
carom_map_view_init (CaromMapView *self)
{
  GtkBoxLayout *layout = GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self)));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (layout, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self), "view");
  /* An empty plot until the first frame asks for one of its size. */
  self->shown = carom_map_plot_new (NULL, 0, 0, 0, 0, FALSE, CAROM_PATHS_BY_RAY);
  carom_map_plot_build (self->shown, 0);
  self->hover = self->focus = -1;

  self->header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_margin_start (self->header, 12);
  gtk_widget_set_margin_end (self->header, 6);
  gtk_widget_set_margin_top (self->header, 3);
  gtk_widget_set_margin_bottom (self->header, 3);
  gtk_widget_set_parent (self->header, GTK_WIDGET (self));
  self->title = GTK_LABEL (gtk_label_new (_ ("Boundary Map")));
  gtk_label_set_xalign (self->title, 0);
  gtk_label_set_ellipsize (self->title, PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (GTK_WIDGET (self->title), "heading");
  gtk_box_append (GTK_BOX (self->header), GTK_WIDGET (self->title));
  self->info = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->info, 0);
  gtk_label_set_ellipsize (self->info, PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (GTK_WIDGET (self->info), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->info), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (self->info), "numeric");
  gtk_box_append (GTK_BOX (self->header), GTK_WIDGET (self->info));
  g_autoptr (GMenu) menu = g_menu_new ();
  g_menu_append (menu, _ ("Export Map as _Image…"), "win.export-map");
  g_menu_append (menu, _ ("Export Points as _CSV…"), "win.export-map-csv");
  GtkWidget *export = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (export), "document-save-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (export), G_MENU_MODEL (menu));
  gtk_widget_set_tooltip_text (export, _ ("Export the Boundary Map"));
  gtk_widget_add_css_class (export, "flat");
  gtk_widget_set_valign (export, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (self->header), export);

  self->plot = gtk_drawing_area_new ();
  gtk_widget_set_vexpand (self->plot, TRUE);
  gtk_widget_set_hexpand (self->plot, TRUE);
  gtk_widget_set_size_request (self->plot, 200, 120);
  gtk_widget_set_focusable (self->plot, TRUE);
  gtk_widget_set_name (self->plot, "map-plot");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->plot), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Boundary Map"), -1);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->plot), draw_plot, self, NULL);
  gtk_widget_set_parent (self->plot, GTK_WIDGET (self));

  GtkEventController *m = gtk_event_controller_motion_new ();
  g_signal_connect (m, "motion", G_CALLBACK (motion), self);
  g_signal_connect (m, "leave", G_CALLBACK (leave), self);
  gtk_widget_add_controller (self->plot, m);
  GtkGesture *click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed), self);
  gtk_widget_add_controller (self->plot, GTK_EVENT_CONTROLLER (click));
  GtkEventController *keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (self->plot, keys);
  GtkEventController *focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (focus_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (focus_changed), self);
  gtk_widget_add_controller (self->plot, focus);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self->plot, G_CONNECT_SWAPPED);
  update_text (self);
}
