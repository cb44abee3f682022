/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-render.h: draws a scene and its overlays on any cairo surface.
 *
 * The canvas and every exported diagram call carom_render() with their own
 * cairo_t, view and style, so what users see is what they publish. Derived
 * data that does not change from frame to frame (true outlines, boxes, the
 * object hierarchy used for culling) lives in a CaromRenderCache, built once
 * from the scene and its trace and thrown away when the scene changes. */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "carom-style.h"
#include "carom-view.h"
#include "model/carom-tracing.h"

G_BEGIN_DECLS

#define CAROM_RENDER_ERROR (carom_render_error_quark ())
GQuark carom_render_error_quark (void);

/// Why a drawing could not be made.
typedef enum
{
  CAROM_RENDER_ERROR_OVERLAY, ///< an unknown overlay name
  CAROM_RENDER_ERROR_STEP,    ///< a step outside the selected ball's hits
  CAROM_RENDER_ERROR_FORMAT,  ///< an output format Carom cannot write
  CAROM_RENDER_ERROR_WRITE,   ///< the output file cannot be written
  CAROM_RENDER_ERROR_CAIRO,   ///< cairo failed (out of memory, a surface too large)
} CaromRenderError;

/// What is drawn beyond the scene's objects (the `--show` list).
typedef enum
{
  CAROM_OVERLAY_PATH = 1 << 0,       ///< each ball's path: arrows, numbered hit markers
  CAROM_OVERLAY_OUTLINES = 1 << 1,   ///< true offset outlines for the selected ball (dashed)
  CAROM_OVERLAY_NORMALS = 1 << 2,    ///< edge normal ticks on the front side
  CAROM_OVERLAY_AABB = 1 << 3,       ///< the outlines' bounding boxes
  CAROM_OVERLAY_BVH = 1 << 4,        ///< the tracer's BVH boxes, coloured by depth
  CAROM_OVERLAY_LABELS = 1 << 5,     ///< object ids and hit numbers
  CAROM_OVERLAY_LEGEND = 1 << 6,     ///< what each line means
  CAROM_OVERLAY_GRID = 1 << 7,       ///< a grid at tidy scene units
  CAROM_OVERLAY_CANDIDATES = 1 << 8, ///< at a step: what the cast tested, rejected and culled,
                                     ///< and its ray extended past the hit
  CAROM_OVERLAY_GHOSTS = 1 << 9,     ///< at a step: faint outlines of the ball at earlier hits
} CaromOverlays;

/// Every overlay.
#define CAROM_OVERLAY_ALL ((CaromOverlays)0x3ff)

/// What `carom export` shows without --show.
#define CAROM_OVERLAY_DEFAULT                                                                      \
  ((CaromOverlays)(CAROM_OVERLAY_PATH | CAROM_OVERLAY_OUTLINES | CAROM_OVERLAY_LABELS              \
                   | CAROM_OVERLAY_LEGEND))

/// Parses a comma-separated list of overlay names (path, outlines, normals,
/// aabb, bvh, labels, legend, grid, candidates, ghosts; also "all" and "none"; spaces around names
/// are ignored). Unknown names give CAROM_RENDER_ERROR_OVERLAY naming every one.
gboolean carom_overlays_parse (const char *list, CaromOverlays *overlays, GError **error);

/// The names of the overlays set, comma-separated (newly allocated).
char *carom_overlays_to_string (CaromOverlays overlays);

/// No step chosen: the whole path is drawn alike.
#define CAROM_STEP_NONE (-1)

/// A label or legend line handed to a text sink instead of being drawn.
typedef struct
{
  const char *markup; ///< Pango markup, as the renderer would have drawn it
  double size_pt;     ///< its font size
  CgAabb box;         ///< where the renderer placed its logical box, in cr's device space
  gboolean legend;    ///< a legend row (set flush left in box) rather than a label (centred)
  CaromColor color;
  CaromColor halo;   ///< alpha 0: none
  double halo_width; ///< device units
  /// What a label names (carom:for: an object's id, "d", "n", "hit-K"), or NULL
  const char *for_id;
  /// A leader line drawn from leader[0] (beside what the label names) to
  /// leader[1] (beside the label), in cr's device space
  gboolean has_leader;
  CgVec2 leader[2];
} CaromTextItem;

/// Receives the text of a drawing (the TikZ export typesets it in LaTeX).
typedef void (*CaromTextSink) (const CaromTextItem *item, gpointer data);

/// Where a figure's legend goes (`carom export --legend`).
typedef enum
{
  CAROM_LEGEND_AUTO,  ///< in a corner of the frame that nothing drawn comes near, else outside
  CAROM_LEGEND_RIGHT, ///< outside, right of the drawing (the figure grows)
  CAROM_LEGEND_BELOW, ///< outside, below the drawing (the figure grows)
  CAROM_LEGEND_NONE,  ///< no legend, whatever the overlays say
} CaromLegendPlacement;

/// Parses "auto", "right", "below" or "none"; otherwise CAROM_RENDER_ERROR_OVERLAY naming them.
gboolean carom_legend_placement_parse (const char *name, CaromLegendPlacement *placement,
                                       GError **error);

/// An object's name label as a drawing placed it (CaromRenderOptions.placed).
typedef struct
{
  const CmObject *object; ///< what it names: a wall, an obstacle, a ball or a beam (borrowed)
  CgAabb box;             ///< its box, in the view's device units
  gboolean by_author;     ///< where the author put it (carom:label-offset)
} CaromPlacedLabel;

/// How many paths are coloured when they are drawn blended (beams, crowds of balls).
typedef enum
{
  CAROM_PATHS_BY_RAY,     ///< each ray its colour along a ramp, the first ray to the last
  CAROM_PATHS_BY_BOUNCES, ///< each segment by the bounces made before it, 0 to the most
  CAROM_PATHS_SINGLE,     ///< all in the path colour
} CaromPathColouring;

/// Parses "ray", "bounces" or "single"; otherwise CAROM_RENDER_ERROR_OVERLAY naming them.
gboolean carom_path_colouring_parse (const char *name, CaromPathColouring *colouring,
                                     GError **error);

/// "ray", "bounces" or "single".
const char *carom_path_colouring_name (CaromPathColouring colouring);

/// How much of the selected ball's path a figure at a step shows (`--path`).
typedef enum
{
  CAROM_PATH_ALL,  ///< the whole path, the part after the step faint
  CAROM_PATH_UPTO, ///< the path from the start up to the step, d′ leaving it
} CaromPathExtent;

/// Parses "all" or "upto"; otherwise CAROM_RENDER_ERROR_OVERLAY naming them.
gboolean carom_path_extent_parse (const char *name, CaromPathExtent *extent, GError **error);

/// "all" or "upto".
const char *carom_path_extent_name (CaromPathExtent extent);

/// The extent a style draws by default: upto for the article style (a
/// figure tells the story up to its step), all on screen.
CaromPathExtent carom_path_extent_for_style (const CaromStyle *style);

/// Paths are drawn blended, so that density shows, for the rays of a beam,
/// and for every ball when a scene has more balls than this (its beams'
/// rays not counted: a ball next to a beam is drawn as a ball).
#define CAROM_MANY_BALLS 16

/// No front: paths drawn whole.
#define CAROM_FRONT_NONE (-1.0)

/// Significant digits of the numbers a drawing shows when none are asked for.
#define CAROM_DIGITS_DEFAULT 6

/// What to draw, beyond the style.
typedef struct
{
  CaromOverlays overlays;
  gint64 step;        ///< CAROM_STEP_NONE, 0 (the start) or k (hit k of the selected ball)
  guint bvh_level_lo; ///< the shallowest BVH level drawn (0: the root)
  guint bvh_level_hi; ///< the deepest BVH level drawn (G_MAXUINT: all)
  double detail_pt;   ///< polygons smaller than this (points) are drawn as their box
  double bvh_min_pt;  ///< BVH boxes smaller than this (points) are neither drawn nor opened
  CaromLegendPlacement legend; ///< where a figure puts the legend (CAROM_OVERLAY_LEGEND);
                               ///< carom_render() itself only ever puts it inside, where free
  const gint64 *steps;         ///< a figure of small multiples: one panel per step (borrowed;
                               ///< NULL: one panel at `step`)
  guint n_steps;
  int digits; ///< significant digits of numbers drawn (the legend's radius)
  /// How much of the selected ball's path is drawn at a step.
  CaromPathExtent path;

  /// How blended paths (the rays of beams, crowds of balls) are coloured.
  CaromPathColouring paths_by;
  /// CAROM_FRONT_NONE, or a path length s >= 0: every ray of the selected
  /// ball's beam (every blended path when it is no beam's) is drawn up to s
  /// along its path, with its ball where it is at s: the beam's front.
  double front;

  /// When set, text is placed as usual but handed to text_sink, not drawn.
  CaromTextSink text_sink;
  gpointer text_sink_data;

  /// When set, the drawing goes into this structured SVG (carom-svg-out.h),
  /// element by element, instead of onto cr (carom_export_svg_fragment()).
  struct CaromSvgOut *svg_out;

  /// When set, the objects' name labels drawn are appended to it
  /// (CaromPlacedLabel): where the canvas lets the author drag them.
  GArray *placed;

  /// When set, the file's own drawing (what it draws besides the objects
  /// Carom models: carom-underlay.h), drawn behind the scene (not into a
  /// structured SVG: svg_out).
  const struct CaromUnderlay *underlay;
} CaromRenderOptions;

/// Fills options with the defaults: CAROM_OVERLAY_DEFAULT, no step, every BVH
/// level, detail down to 1.5 pt, BVH boxes down to 8 pt. The thresholds are in
/// points so that every format of a figure leaves out the same things.
void carom_render_options_init (CaromRenderOptions *options);

/// What one carom_render() call drew (to test culling and for benchmarks).
typedef struct
{
  guint polygons_visible;    ///< polygons whose box meets the view (after BVH culling)
  guint polygons_simplified; ///< of those, drawn as their box (smaller than detail_pt)
  guint outlines_drawn;      ///< true outlines stroked
  guint bvh_boxes_drawn;
  guint labels_drawn;
  guint hits_drawn;         ///< hit markers
  guint rays_drawn;         ///< paths drawn blended (beam rays, crowds of balls)
  guint ray_segments_drawn; ///< their segments that reached the drawing
  guint beams_drawn;        ///< beam objects (fan origins, parallel segments)
} CaromRenderStats;

/// Derived data for drawing one scene with one selected ball.
typedef struct CaromRenderCache CaromRenderCache;

/// Builds the cache for scene and its trace (both borrowed: they must outlive
/// the cache and stay unchanged). ball is the selected ball, an index into
/// trace->balls (-1 or out of range: the first ball, if any); outlines, their
/// boxes and the BVH are those of its radius. Returns NULL when memory runs out.
CaromRenderCache *carom_render_cache_new (const CmScene *scene, const CmSceneTrace *trace,
                                          int ball);

/// Brings the cache up to date after its trace was updated in place
/// (cm_scene_trace_update()) for the world polygons polygons[0 .. n):
/// their boxes and outlines are recomputed and the culling hierarchy
/// refitted, in a fraction of a new cache's time. n may be 0 (a ball moved).
void carom_render_cache_update (CaromRenderCache *cache, const guint *polygons, guint n);

void carom_render_cache_free (CaromRenderCache *cache);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaromRenderCache, carom_render_cache_free)

/// The selected ball's trace, or NULL when the scene has no ball.
const CaromBallTrace *carom_render_cache_get_ball (const CaromRenderCache *cache);

/// The box around every object, outline and finite path point: what a view
/// shows to see everything.
CgAabb carom_render_cache_get_bounds (const CaromRenderCache *cache);

/// Checks that step is CAROM_STEP_NONE or within 0 .. the selected ball's
/// number of hits; otherwise sets CAROM_RENDER_ERROR_STEP naming the range.
gboolean carom_render_cache_check_step (const CaromRenderCache *cache, gint64 step, GError **error);

/// Draws the scene and the overlays of options onto cr through view, in style.
/// Draws in cr's current user space (so a caller's transform and clip apply)
/// and leaves cr's state as it found it. stats may be NULL. With
/// CAROM_OVERLAY_LEGEND the legend goes in a corner of the view that nothing
/// drawn comes near (carom_render_legend_spot()), or nowhere.
void carom_render (cairo_t *cr, const CaromRenderCache *cache, const CaromView *view,
                   const CaromStyle *style, const CaromRenderOptions *options,
                   CaromRenderStats *stats);

/// The legend's size in points for options (0 × 0: nothing to explain).
void carom_render_legend_size (const CaromRenderCache *cache, const CaromStyle *style,
                               const CaromRenderOptions *options, double *width_pt,
                               double *height_pt);

/// Finds a place in view where a legend width × height (device units) fits
/// with room to spare from everything carom_render() draws there — measured by
/// drawing the frame (without the legend) into an alpha mask, not estimated.
/// Tries the corners first (top right, top left, bottom right, bottom left),
/// then places ever farther from them. FALSE when none is free.
gboolean carom_render_legend_spot (const CaromRenderCache *cache, const CaromView *view,
                                   const CaromStyle *style, const CaromRenderOptions *options,
                                   double width, double height, CgAabb *rect);

/// Draws the legend of options with its top-left corner at origin (device
/// units, pt of them a point), in cr's user space.
void carom_render_legend (cairo_t *cr, const CaromRenderCache *cache, const CaromStyle *style,
                          const CaromRenderOptions *options, double pt, CgVec2 origin);

/// Draws a text item a sink received (a label placed by carom_render()),
/// with its halo and its leader line, in cr's user space (device units, pt
/// of them a point, as when it was placed): what an animation draws over
/// its moving part, frame by frame.
void carom_render_text_item (cairo_t *cr, const CaromRenderCache *cache, const CaromStyle *style,
                             const CaromRenderOptions *options, double pt,
                             const CaromTextItem *item);

/// Draws markup (a caption) in the legend's font, centred on center (device
/// units, pt of them a point).
void carom_render_caption (cairo_t *cr, const CaromRenderCache *cache, const CaromStyle *style,
                           const CaromRenderOptions *options, double pt, const char *markup,
                           CgVec2 center);

/// The title of a step as markup: "Hit 2 of 29: wall “room”", or "Start" for
/// step 0 (newly allocated; NULL for CAROM_STEP_NONE or a step out of range).
char *carom_render_step_title (const CaromRenderCache *cache, gint64 step);

/// The colour ramp of blended paths (CaromPathColouring), t in [0, 1]:
/// the first ray (or no bounce) at 0, the last ray (or the most bounces) at 1.
CaromColor carom_render_ramp (double t);

/// Where a ball is after the path length s along its path: *point, and the
/// segment it is on (1 .. n_hits, or n_hits + 1 beyond the last hit, where
/// an escaping ball goes on along its last direction and any other stays).
/// FALSE when the trace has no valid start.
gboolean carom_render_trace_point_at (const CaromBallTrace *bt, double s, CgVec2 *point,
                                      size_t *segment);

/// The longest path, to its last hit, of the rays a front moves
/// (CaromRenderOptions.front): the selected ball's beam, or every ball of a
/// crowd; 0 when there is no such ray. What a scrubber over s spans.
double carom_render_cache_front_length (const CaromRenderCache *cache);

/// Frees the font caches Pango and fontconfig keep for the life of the
/// process, so that a leak checker sees only real leaks. Call once, after the
/// last drawing, just before the program ends (nothing may draw text after).
void carom_render_shutdown (void);

G_END_DECLS
