/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-render-private.h: what the renderer's files share. */
#pragma once

#include <pango/pangocairo.h>

#include "carom-render.h"
#include "carom-svg-out.h"
#include "geom/cg-boundary.h"
#include "geom/cg-bvh-query.h"
#include "geom/cg-curve-boundary.h"

G_BEGIN_DECLS

/// One polygon of the scene as the renderer needs it.
typedef struct
{
  const CmObject *object;         ///< borrowed from the scene
  CgAabb box;                     ///< the vertices' box
  CgAabb outline_box;             ///< the seed outline's box (arcs' axis points included); empty
                                  ///< without a ball
  CgAabb cull_box;                ///< box ∪ outline_box: what must meet the view to be drawn
  CgBoundary boundary;            ///< the true offset boundary for the selected ball's radius,
                                  ///< built the first time it is drawn (see boundary_ready)
  CgCurveBoundary curve_boundary; ///< the same for a polygon with arc edges
  gboolean boundary_ready;
} CaromRenderPolygon;

/// The blended paths' rasters and image (carom-render-raster.c).
typedef struct CaromInk CaromInk;

struct CaromRenderCache
{
  /* borrowed */
  const CmScene *scene;
  const CmSceneTrace *trace;
  const CaromBallTrace *ball; ///< the selected ball, NULL without balls
  const CgWorld *world;       ///< the scene's world, NULL without balls
  const CgBvh *bvh;           ///< the world's BVH (boxes less bvh_origin), NULL without balls
  CgVec2 bvh_origin;          ///< what the BVH's boxes are measured from

  /* owned */
  CaromRenderPolygon *polygons; ///< in world polygon order (trace->polygons)
  guint n_polygons;
  CgBvh objects; ///< over the polygons' cull boxes, for culling
  CgAabb bounds;
  double radius; ///< the selected ball's, 0 without balls
  guint n_walls, n_obstacles;
  GPtrArray *beams; ///< CmObject* (borrowed): the beams drawn, in scene order
  /// Every ball's path points (start, then the centre at each hit) packed
  /// together: blended paths read them many times a frame, and the hits
  /// they come from are hundreds of bytes apart.
  CgVec2 *ray_points;
  gsize *ray_first;              ///< per ball in trace->balls: where its points start in ray_points
  gsize ray_capacity, ray_balls; ///< the points and balls ray_points and ray_first have room for
  /// Scratch of the blended paths' raster (carom-render-raster.c), kept
  /// between frames; NULL until blended paths are drawn.
  CaromInk *ink;
  /// Labels' halos stroked before, as masks (carom-render-text.c), kept
  /// between frames; NULL until a halo is drawn on an image.
  GHashTable *halos;
  guint halo_frame; ///< counts frames, to drop the halos a frame did not draw
};

/// Frees the blended paths' scratch (carom-render-raster.c).
void carom_render_ink_free (CaromInk *ink);

/// The true boundary of polygon i, built on first use: most polygons of a
/// large scene are never drawn in detail, and an edit rebuilds the cache.
/// NULL without a ball or when memory runs out.
const CgBoundary *carom_render_cache_boundary (const CaromRenderCache *cache, guint i);

/// The true boundary of a polygon with arc edges, built on first use; NULL
/// without a ball, for a straight polygon, or when memory runs out.
const CgCurveBoundary *carom_render_cache_curve_boundary (const CaromRenderCache *cache, guint i);

/// Appends to out (guint32) the polygons whose cull box meets box.
void carom_render_cache_query (const CaromRenderCache *cache, CgAabb box, GArray *out);

/// The ink labels keep off: everything drawn before them, rasterised into
/// alpha masks at about 1.5 pixels a point (carom-render-out.c), one for
/// what stands out from the background and one for what is faint (the path
/// after the step, a ball's tint), one for what only the chosen step draws,
/// and one for the path after the step when it is not drawn (labels keep
/// their places from step to step where they can: carom-render-labels.c).
typedef enum
{
  CAROM_INK_STRONG,
  CAROM_INK_FAINT,
  CAROM_INK_STEP,   ///< what only the chosen step draws: the ball there, d, n, d′
  CAROM_INK_FUTURE, ///< the path after the step, not drawn (CAROM_PATH_UPTO)
  CAROM_INK_KINDS
} CaromInkKind;

typedef struct
{
  cairo_surface_t *surface[CAROM_INK_KINDS]; ///< A8
  cairo_t *cr[CAROM_INK_KINDS];              ///< device units scaled by m
  cairo_matrix_t frame;                      ///< the frame's user space on the caller's cr
  double m;                                  ///< mask pixels per device unit
  int width, height;
  gboolean done; ///< the drawing is done: the masks may be read
} CaromLabelInk;

/// The labels of a frame, gathered while it is drawn and placed at its end
/// (carom-render-labels.c).
typedef struct CaromLabels CaromLabels;

/// Everything one carom_render() call works with.
typedef struct
{
  cairo_t *cr;
  const CaromRenderCache *cache;
  const CaromView *view;
  const CaromStyle *style;
  const CaromRenderOptions *options;
  CaromRenderStats *stats;

  CgAabb visible;     ///< the scene box of the device area, padded for marks and labels
  CgAabb device;      ///< the device area padded: segments are clipped to it
  GArray *detailed;   ///< guint32: visible polygons drawn in full
  GArray *simplified; ///< guint32: visible polygons drawn as their box
  /* Where the drawing goes (carom-render-out.c): cr, or a structured SVG,
   * and the ink that labels are placed on. */
  CaromSvgOut *svg;     ///< a structured SVG: each element goes there, not to cr
  CaromLabelInk *ink;   ///< NULL: no labels to place
  gboolean ink_off;     ///< what is drawn now is no ink for labels (blended paths)
  gboolean ink_step;    ///< what is drawn now is the chosen step's (CAROM_INK_STEP)
  gboolean ink_future;  ///< what is drawn now is the path after the step (CAROM_INK_FUTURE)
  CaromLayer layer;     ///< what is drawn now
  const char *item;     ///< the id it is drawn for (borrowed), or NULL
  char item_buffer[32]; ///< "hit-K" and the like
  CaromLabels *labels;  ///< gathered while drawing, placed last
  gboolean leader;      ///< the next label shown has a leader line, from leader_a to leader_b
  CgVec2 leader_a, leader_b;

  PangoLayout *layout;        ///< shared by every label
  PangoFontDescription *font; ///< the style's family, at font_size
  double font_size;           ///< pt: what font is set to
  char *layout_markup;        ///< what the layout holds (a label tried in several places is laid
                              ///< out once)
  CgAabb layout_box;          ///< its logical box
} CaromFrame;

/// Device units for a size in points.
static inline double
carom_frame_pt (const CaromFrame *f, double points)
{
  return points * f->view->pt;
}

/// A scene point on the device.
static inline CgVec2
carom_frame_dev (const CaromFrame *f, CgVec2 p)
{
  return (CgVec2){ p.x * f->view->scale + f->view->x0, p.y * f->view->scale + f->view->y0 };
}

/// Cuts [a, b] to the part inside box (Liang–Barsky); FALSE when none is.
static inline gboolean
carom_clip_segment (CgVec2 *a, CgVec2 *b, CgAabb box)
{
  CgVec2 d = cg_sub (*b, *a);
  double t0 = 0.0, t1 = 1.0;
  const double p[4] = { -d.x, d.x, -d.y, d.y };
  const double q[4] = { a->x - box.lo.x, box.hi.x - a->x, a->y - box.lo.y, box.hi.y - a->y };
  for (int i = 0; i < 4; i++)
    {
      if (p[i] == 0.0)
        {
          if (q[i] < 0.0)
            return FALSE;
          continue;
        }
      double r = q[i] / p[i];
      if (p[i] < 0.0)
        t0 = fmax (t0, r);
      else
        t1 = fmin (t1, r);
      if (t0 > t1)
        return FALSE;
    }
  CgVec2 a0 = *a;
  *a = cg_mul_add (a0, t0, d);
  *b = cg_mul_add (a0, t1, d);
  return TRUE;
}

/// True when the segment [a, b] meets box.
static inline gboolean
carom_segment_meets_box (CgVec2 a, CgVec2 b, CgAabb box)
{
  return carom_clip_segment (&a, &b, box);
}

/// Sets cr's source to a style colour.
static inline void
carom_set_color (cairo_t *cr, CaromColor c)
{
  cairo_set_source_rgba (cr, c.red, c.green, c.blue, c.alpha);
}

/// Sets up the frame's layout (font options that keep text the same on every
/// surface).
void carom_text_begin (CaromFrame *f);

/// Frees what carom_text_begin() made.
void carom_text_end (CaromFrame *f);

/// Lays out markup at size_pt; returns its logical box (device units,
/// relative to where the layout is drawn from).
CgAabb carom_text_measure (CaromFrame *f, const char *markup, double size_pt);

/// Draws the text last measured with its logical box moved to box (device
/// units), with its halo: on cr, into the structured SVG (carom:for the
/// frame's item), or handed to the options' text sink.
void carom_text_show_in (CaromFrame *f, CgAabb box);

/// Draws text (Pango markup) with its logical box centred on the device point `center`.
void carom_text_draw (CaromFrame *f, const char *markup, double size_pt, CgVec2 center);

/// The legend's size in device units (0 × 0: no rows).
void carom_legend_measure (CaromFrame *f, double *width, double *height);

/// Draws the legend in rect (of carom_legend_measure()'s size).
void carom_legend_draw (CaromFrame *f, CgAabb rect);

/// Dashed lines drawn as separate short pieces, so that every format (and
/// every renderer of an SVG or a PDF) puts the dashes in the same places:
/// renderers measure the length of curves differently, and their dashes drift.
typedef struct
{
  cairo_t *cr;
  CgAabb clip;    ///< device box beyond which nothing is drawn
  double on, off; ///< device units
  double phase;   ///< how far into the pattern the next point is
} CaromDasher;

/// Starts a dashed line with the pattern dash_pt (points).
void carom_dasher_init (CaromDasher *d, const CaromFrame *f, const double dash_pt[2]);

/// Adds the dashes of the device segment [a, b], continuing the pattern.
void carom_dasher_line (CaromDasher *d, CgVec2 a, CgVec2 b);

/// Adds the dashes of the device arc of centre c and radius r from angle a0
/// to a1 > a0 (cairo_arc's direction), continuing the pattern.
void carom_dasher_arc (CaromDasher *d, CgVec2 c, double r, double a0, double a1);

/// Draws an arrowhead with its tip at tip, pointing along the unit vector u,
/// in the current source.
void carom_draw_arrowhead (CaromFrame *f, CgVec2 tip, CgVec2 u, double length);

/// Adds that arrowhead to the current path, to be filled with others.
void carom_arrowhead_path (CaromFrame *f, CgVec2 tip, CgVec2 u, double length);

/// Coordinates beyond this (device units) are clipped before cairo sees them.
#define CAROM_SAFE_COORD 1.0e6

static inline gboolean
carom_is_safe (CgVec2 d)
{
  return fabs (d.x) < CAROM_SAFE_COORD && fabs (d.y) < CAROM_SAFE_COORD;
}

/// Builds open polylines in device units, clipping what is not safe.
typedef struct
{
  cairo_t *cr;
  CgAabb clip;
  CgVec2 cur;      ///< where the polyline is (maybe far outside)
  gboolean at_cur; ///< cairo's current point is cur
} CaromPen;

CaromPen carom_pen_new (const CaromFrame *f);
void carom_pen_move (CaromPen *pen, CgVec2 d);
void carom_pen_line (CaromPen *pen, CgVec2 d);

/// A ball's colours: the first ball's are the style's, the others' come from
/// its ball palette, so each ball is told apart.
typedef struct
{
  CaromColor path, path_faint, ball_fill, ball_stroke;
} CaromBallLook;

/// One ball's path as drawn: points 0 (the start) to n_hits, and an escaping
/// ray's end at the view's edge.
typedef struct
{
  const CaromBallTrace *bt;
  gint64 step;   ///< CAROM_STEP_NONE unless this is the selected ball
  gboolean upto; ///< only the path up to the step is drawn (CAROM_PATH_UPTO)
  gboolean has_ray;
  CgVec2 ray_from, ray_to; ///< scene units, clipped to the view
  CaromBallLook look;
} CaromPathInfo;

/// Point i of a path: 0 is the start, i the centre at hit i.
static inline CgVec2
carom_path_point (const CaromPathInfo *p, size_t i)
{
  return i == 0 ? p->bt->trace.start : p->bt->trace.hits[i - 1].point;
}

/// Whether segment i (from point i - 1 to point i; the ray is n + 1) is drawn
/// emphasised: all of it without a step, up to the step with one.
static inline gboolean
carom_segment_emphasised (const CaromPathInfo *p, size_t i)
{
  return p->step == CAROM_STEP_NONE || (gint64)i <= p->step;
}

/// Whether segment i is drawn at all: emphasised, or faint after the step
/// unless only the path up to the step is drawn.
static inline gboolean
carom_segment_drawn (const CaromPathInfo *p, size_t i)
{
  return !p->upto || carom_segment_emphasised (p, i);
}

/// "hit-K" for hit k of the selected ball, "BALL:hit-K" for another's: what
/// its marker and its number are drawn for.
void carom_path_hit_id (const CaromFrame *f, const CaromPathInfo *p, size_t k, char *buffer,
                        gsize size);

/// Adds a small arrowhead halfway along the path segment a → b (scene
/// units) to the current path, when the segment has room for it.
void carom_segment_arrow (CaromFrame *f, CgVec2 a, CgVec2 b);

/* carom-render-step.c */

/// Line weights of the step's vectors and the piece hit, times the style's
/// path, normal and outline widths.
#define CAROM_VECTOR_WEIGHT 1.3
#define CAROM_NORMAL_WEIGHT 2.0
#define CAROM_HIT_PRIMITIVE_WEIGHT 3.5

/// Whether the ball stops at hit k (1 ..): its last hit, on an obstacle that stops it.
static inline gboolean
carom_step_stops (const CaromBallTrace *bt, gint64 k)
{
  return k == (gint64)bt->trace.n_hits && bt->trace.status == CG_TRACE_STOPPED;
}

/// A vector arrow from `from` (device) along the unit u, length device units
/// long to its tip, in color, width_pt wide, dashed by dash (pt; 0, 0: solid).
/// Returns the tip.
CgVec2 carom_vector_arrow (CaromFrame *f, CgVec2 from, CgVec2 u, double length, CaromColor color,
                           double width_pt, const double dash[2]);

/// The balls where they start, the ghosts and the chosen step (paths: CaromPathInfo).
void carom_draw_balls (CaromFrame *f, GArray *paths);

/// At the chosen step: what the cast of that hit tested, rejected and culled.
void carom_draw_candidates (CaromFrame *f, GArray *paths);

/// A closed polygon of device points, clipped to the device box when it is
/// not all safe.
void carom_polygon_device_path (CaromFrame *f, const CgVec2 *points, size_t n);

/* carom-render-curve.c */

/// An object's box: its vertices', or with arc edges their axis points too.
CgAabb cm_object_bounds (const CmObject *o);

/// Adds an object with arc edges to the path as a closed device path, arcs
/// drawn exactly; FALSE (nothing added) for a straight polygon.
gboolean carom_curve_path (CaromFrame *f, const CmObject *o);

/// Adds the dashes of a curved true boundary, pieces exact.
void carom_curve_boundary_dashes (CaromFrame *f, CaromDasher *d, const CgCurveBoundary *b);

/// Adds an offset primitive (a segment, or an arc) to the path.
void carom_curve_prim_path (CaromFrame *f, const CgPrimitive *p);

/// Adds the front-side ticks of an object with arc edges (at each edge's
/// midpoint, along its front normal) to pen.
void carom_curve_normal_ticks (CaromFrame *f, CaromPen *pen, const CmObject *o, double tick);

/// The middle of edge k (an arc's middle for an arc edge), its front
/// normal there, and the edge's length.
void cm_object_edge_middle (const CmObject *o, size_t k, CgVec2 *middle, CgVec2 *normal,
                            double *length);

/// The point a fraction t along edge k (along its arc for an arc edge) and
/// the edge's front normal there.
void cm_object_edge_point (const CmObject *o, size_t k, double t, CgVec2 *point, CgVec2 *normal);

/* carom-render-paths.c */

/// A path drawn blended with others: a ray of a beam, or a ball of a crowd.
typedef struct
{
  const CaromBallTrace *bt;
  const CgVec2 *points; ///< its path's points 0 .. n_hits (the cache's ray_points)
  guint k, n;           ///< its index among the rays of its beam (or the balls), and how many
  gboolean front;       ///< drawn up to options->front, its ball at the front
} CaromRayInfo;

/// The beam a traced ball is a ray of, or NULL for a ball of the scene.
static inline const CmObject *
carom_ball_trace_beam (const CaromBallTrace *bt)
{
  return bt->source != NULL && bt->source->kind == CM_OBJECT_BEAM ? bt->source : NULL;
}

/// Whether the scene's own balls (beams' rays are not counted: they are
/// blended anyway) are a crowd, more than CAROM_MANY_BALLS, drawn blended.
static inline gboolean
carom_trace_is_crowd (const CmSceneTrace *trace)
{
  guint loose = 0;
  for (guint b = 0; b < trace->balls->len; b++)
    if (carom_ball_trace_beam (&g_array_index (trace->balls, CaromBallTrace, b)) == NULL
        && ++loose > CAROM_MANY_BALLS)
      return TRUE;
  return FALSE;
}

/// Point i of a traced ball's path: its start, then its centre at each hit.
static inline CgVec2
carom_ball_trace_point (const CaromBallTrace *bt, size_t i)
{
  return i == 0 ? bt->trace.start : bt->trace.hits[i - 1].point;
}

/// The ramp of blended paths in the frame's style: carom_render_ramp(), or
/// greys from strong to light in a mono style.
CaromColor carom_frame_ramp (const CaromFrame *f, double t);

/// Called with each device segment a → b of a path, i its index (1 ..
/// n_hits + 1: segment i starts after i − 1 bounces).
typedef void (*CaromSegmentFunc) (CgVec2 a, CgVec2 b, size_t i, gpointer data);

/// Calls emit for the device segments of ray r, cut at the front when r is
/// in it (an escaping path up to where it leaves the padded view).
void carom_ray_segments (const CaromFrame *f, const CaromRayInfo *r, CaromSegmentFunc emit,
                         gpointer data);

/// The blended paths (CaromRayInfo).
void carom_draw_rays (CaromFrame *f, GArray *rays);

/* carom-render-raster.c */

/// The blended paths as a raster of their ink, painted once: at the
/// surface's own resolution when image, else two pixels a point. most_hits:
/// the most hits of a path (the ramp's end when by bounces); a1: the
/// opacity one path gives.
void carom_draw_rays_raster (CaromFrame *f, GArray *rays, gboolean image, guint most_hits,
                             double a1);

/* carom-render-beams.c */

/// The front at options->front: the selected path (may be NULL) up to it,
/// and the balls of the rays in it.
void carom_draw_front (CaromFrame *f, GArray *rays, const CaromPathInfo *selected);

/// The beams as objects: their starting balls and direction arrows.
void carom_draw_beams (CaromFrame *f);

/* carom-render-out.c */

/// What the following drawing is for: its layer, and the id of the object,
/// ball, beam, step vector ("d", "d-prime", "n") or hit ("hit-K") it draws
/// (borrowed until the next call; NULL: none).
void carom_item (CaromFrame *f, CaromLayer layer, const char *for_id);

/// carom_item() for hit k of the frame's selected ball: "hit-K".
void carom_item_hit (CaromFrame *f, CaromLayer layer, size_t k);

/// Whether each object, hit and vector must be drawn as elements of its own
/// (a structured SVG), rather than gathered into one path for speed.
static inline gboolean
carom_frame_split (const CaromFrame *f)
{
  return f->svg != NULL;
}

/// Whether the drawing goes to a vector format (PDF, SVG, a structured SVG):
/// blended paths are strokes there, and halos are not cached as masks.
gboolean carom_frame_vector (const CaromFrame *f);

/// cairo_stroke(), cairo_fill() and their _preserve() forms for the
/// renderer: the path goes to cr or to the structured SVG, and into the
/// ink labels are placed on (unless f->ink_off).
void carom_stroke (CaromFrame *f);
void carom_stroke_preserve (CaromFrame *f);
void carom_fill (CaromFrame *f);
void carom_fill_preserve (CaromFrame *f);

/// Adds the current path to the ink of what later steps will draw
/// (CAROM_INK_FUTURE) without drawing it, and clears it.
void carom_ink_future (CaromFrame *f, gboolean stroke);

/// Makes the ink mask for a frame of the view's size (labels to place).
void carom_label_ink_begin (CaromFrame *f);

/// The drawing is done: the ink may be read.
void carom_label_ink_sum (CaromFrame *f);

/// Inked mask pixels of kind under the device box (after carom_label_ink_sum()).
guint32 carom_label_ink_count (const CaromFrame *f, CaromInkKind kind, CgAabb box);

/// Whether any mask pixel of kind under the device box is inked (quicker).
gboolean carom_label_ink_any (const CaromFrame *f, CaromInkKind kind, CgAabb box);

void carom_label_ink_end (CaromFrame *f);

/* carom-render-labels.c */

/// How a label relates to what it names.
typedef enum
{
  CAROM_ANCHOR_DISK,    ///< a disk: centre a, radius r (a ball, a hit marker, a beam's origin)
  CAROM_ANCHOR_SEGMENT, ///< the segment a → b, the places near b first (a vector)
  CAROM_ANCHOR_OBJECT,  ///< the boundary of a wall or an obstacle
} CaromAnchorKind;

/// Who goes first, and who may be left out.
typedef enum
{
  CAROM_LABEL_AUTHOR,   ///< placed by the author (carom:label-offset): drawn where asked
  CAROM_LABEL_STEP,     ///< d, d′, n, "stopped": always drawn
  CAROM_LABEL_HIT_NEAR, ///< the chosen hit's number and its neighbours': always drawn
  CAROM_LABEL_BALL,     ///< balls and beams: always drawn
  CAROM_LABEL_OBJECT,   ///< walls and obstacles: always drawn
  CAROM_LABEL_HIT,      ///< other hit numbers: drawn where a place near is free, else thinned
} CaromLabelRank;

/// A label to place.
typedef struct
{
  const char *markup; ///< copied
  double size_pt;
  const char *for_id; ///< what it names (copied): an object id, "d", "n", "hit-K"
  CaromLabelRank rank;
  guint order; ///< within a rank, lower first (hits: their distance from the step)
  CaromAnchorKind kind;
  CgVec2 a, b; ///< device units
  /// A disk's radius; an object's clearance (its outline); a segment's
  /// length at b that something else covers (no place beyond b then)
  double r;
  const CmObject *object; ///< CAROM_ANCHOR_OBJECT
  const CmObject *names;  ///< a name label: the object it names (NULL for others)
  CgVec2 prefer;          ///< the side to try first (unit), or (0, 0)
  CgVec2 author;          ///< CAROM_LABEL_AUTHOR: the label's centre (device)
} CaromLabelSpec;

/// Starts gathering the frame's labels.
void carom_labels_begin (CaromFrame *f);

/// Adds a label to place at the end of the frame.
void carom_label_add (CaromFrame *f, const CaromLabelSpec *spec);

/// Places every label gathered, by rank, on the ink drawn so far, and draws
/// them (leader lines too); frees what carom_labels_begin() made.
void carom_labels_place (CaromFrame *f);

/// Gathers the labels of balls, beams, objects and hit numbers.
void carom_gather_ball_labels (CaromFrame *f, GArray *paths);
void carom_gather_hit_labels (CaromFrame *f, const CaromPathInfo *p);
void carom_gather_object_labels (CaromFrame *f);

G_END_DECLS
