/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-export-anim.h: the stepping as an animation, GIF or SMIL in SVG.
 *
 * Every ball moves along its traced path at one constant speed, chosen so
 * that the selected ball makes hits_per_second hits a second on average: its
 * last hit, at path length s_N, comes at N / hits_per_second seconds, and hit
 * k at s_k / speed. The path is drawn behind the ball as it goes, and each
 * hit's marker appears when the ball reaches it. After the last hit (or where
 * an escaping ball leaves the figure) the picture holds for
 * CAROM_ANIM_HOLD_SECONDS, then the animation starts again.
 *
 * What does not move (walls, obstacles, outlines, normals, labels, the
 * legend) is the figure (carom-figure.h) of the same options, laid out with
 * the whole path so the legend never covers where the ball goes, and drawn
 * without it, at no step. */
#pragma once

#include "carom-render.h"

G_BEGIN_DECLS

/// How long the end of the animation stays before it loops.
#define CAROM_ANIM_HOLD_SECONDS 1.5

/// The most frames a GIF may have (a figure is not a film).
#define CAROM_ANIM_MAX_FRAMES 3000

/// Defaults of `carom export --animate`.
#define CAROM_ANIM_DEFAULT_FPS 25.0
#define CAROM_ANIM_DEFAULT_HITS_PER_SECOND 2.0
/// A GIF's width in pixels when none is asked for.
#define CAROM_ANIM_DEFAULT_WIDTH 720

/// When things happen in an animation.
typedef struct
{
  double speed;      ///< scene units a second, every ball
  double frame_time; ///< seconds from one frame to the next (a GIF's delays are in 1/100 s)
  double duration;   ///< seconds until the longest path is done
  guint n_frames;    ///< frames at t = 0, frame_time, ... the first at or past duration
  guint n_hits;      ///< the selected ball's hits
} CaromAnimTiming;

/// Works out the timing for the scene of cache: fps frames a second (1 to
/// 50; a GIF's delay is rounded to whole hundredths of a second, at least
/// 2/100), hits_per_second (> 0). FALSE with CAROM_RENDER_ERROR_FORMAT for
/// values out of range or a GIF longer than CAROM_ANIM_MAX_FRAMES frames.
gboolean carom_anim_timing (const CaromRenderCache *cache, CgAabb box, double fps,
                            double hits_per_second, CaromAnimTiming *timing, GError **error);

/// The path length from the selected ball's start to its hit k (1 ≤ k ≤ N).
double carom_anim_hit_length (const CaromRenderCache *cache, guint k);

/// The first frame that shows hit k: the first whose time reaches s_k / speed.
guint carom_anim_hit_frame (const CaromAnimTiming *timing, const CaromRenderCache *cache, guint k);

/// Where the selected ball's centre is (scene units) at frame f of the
/// animation of box.
CgVec2 carom_anim_ball_at (const CaromAnimTiming *timing, const CaromRenderCache *cache, CgAabb box,
                           guint frame);

/// The largest side of a GIF, in pixels (the format's limit).
#define CAROM_ANIM_MAX_SIDE 65535

/// The size of the GIF whose drawing is width_px wide (a legend placed
/// outside adds to it, as in a PNG), and the view through which its moving
/// part is drawn. FALSE with CAROM_RENDER_ERROR_CAIRO when it is too large.
gboolean carom_anim_gif_layout (const CaromRenderCache *cache, CgAabb box, const CaromStyle *style,
                                const CaromRenderOptions *options, int width_px, int *gif_width,
                                int *gif_height, CaromView *view, GError **error);

/// Writes the animation as a looping GIF whose drawing is width_px wide (through giflib,
/// a temporary file and a rename). options give the overlays; the step is
/// ignored (the animation is the stepping).
gboolean carom_export_gif (const CaromRenderCache *cache, CgAabb box, const CaromStyle *style,
                           const CaromRenderOptions *options, const CaromAnimTiming *timing,
                           int width_px, const char *path, GError **error);

/// The drawing for an animated SVG scene: the still figure (as
/// carom_export_svg_fragment()) and over it, in scene units, each ball's path,
/// markers and disk animated by SMIL (<animate> of cx and cy whose values are
/// the trace's points and whose keyTimes are proportional to path length).
/// Goes into the scene file's generated group, so the file opens again as
/// the same scene.
char *carom_export_animated_svg_fragment (const CaromRenderCache *cache, CgAabb box,
                                          const CaromStyle *style,
                                          const CaromRenderOptions *options,
                                          const CaromAnimTiming *timing, GError **error);

G_END_DECLS
