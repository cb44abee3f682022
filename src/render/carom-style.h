/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-style.h: how a drawing looks: colours, line widths, marks and fonts.
 *
 * Sizes are in points (1/72 in); the view says how many device units a point
 * is, so lines and labels keep their size when the view zooms. The drawing
 * code reads every colour and size from here and nowhere else. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/// An RGBA colour, components in [0, 1].
typedef struct
{
  double red, green, blue, alpha;
} CaromColor;

/// How many BVH levels get their own colour (deeper levels reuse the last).
#define CAROM_STYLE_BVH_COLORS 6

/// Balls after the first get these colours in turn (the first has path).
#define CAROM_STYLE_BALL_COLORS 4

/// Everything the renderer needs to know about looks.
typedef struct
{
  const char *name; ///< "screen-light", "screen-dark" or "article"

  CaromColor background; ///< alpha 0 leaves the surface as it is
  CaromColor grid;
  double grid_width; ///< pt
  double grid_step;  ///< pt: the least distance between grid lines

  CaromColor wall;
  double wall_width; ///< pt
  CaromColor obstacle_fill, obstacle_stroke;
  double obstacle_width; ///< pt

  CaromColor outline;
  double outline_width;   ///< pt
  double outline_dash[2]; ///< pt: on, off
  CaromColor aabb;
  double aabb_width;                      ///< pt
  double aabb_dash[2];                    ///< pt: on, off
  CaromColor bvh[CAROM_STYLE_BVH_COLORS]; ///< by depth, root first
  double bvh_width;                       ///< pt at the root; deeper levels get thinner
  CaromColor normal;                      ///< edge normal ticks and the contact normal n
  double normal_width;                    ///< pt
  double normal_dash[2];                  ///< pt: on, off (0, 0: solid); the contact normal
  double tick_length;                     ///< pt: edge normal ticks

  /* The chosen step: colours told apart by colour-blind readers (Okabe and
   * Ito's set), and in mono by their dashes. */
  CaromColor incoming;      ///< the incoming direction d and the segment that arrives
  double incoming_dash[2];  ///< pt: on, off (0, 0: solid)
  CaromColor outgoing;      ///< the reflected direction d′
  double outgoing_dash[2];  ///< pt: on, off (0, 0: solid)
  CaromColor hit_primitive; ///< the outline piece hit, drawn heavy

  CaromColor path;       ///< the accent: path, arrows, markers, the ball at the step
  CaromColor path_faint; ///< the path beyond the chosen step
  double path_width;     ///< pt
  double arrow_length;   ///< pt: arrowheads on the path and on vectors
  double marker_radius;  ///< pt: hit markers
  double vector_length;  ///< pt: the normal and the reflected direction at a step
  CaromColor ball_fill, ball_stroke;
  double ball_width;                               ///< pt
  CaromColor ball_colors[CAROM_STYLE_BALL_COLORS]; ///< the second ball's on (each its own)
  CaromColor rejected; ///< candidates a cast tested and rejected, at the chosen step
  CaromColor culled;   ///< outline primitives a box kept the cast from testing

  const char *font_family; ///< a fontconfig family; "Sans" is the system's sans font
  CaromColor text, halo;   ///< labels, and the outline drawn behind them
  double label_size;       ///< pt
  double halo_width;       ///< pt
  double legend_size;      ///< pt
  CaromColor legend_fill, legend_stroke;
} CaromStyle;

/// The on-screen look, following the desktop's light or dark mode (GNOME palette).
CaromStyle carom_style_screen (gboolean dark);

/// The look for print: thin black and grey lines, one accent colour, readable
/// in greyscale, the system sans font.
CaromStyle carom_style_article (void);

/// Turns style into greys for print in black and white: every colour its
/// own lightness, and the step's directions told apart by dash patterns
/// (`--mono`). The style's name gets "-mono" (a static string).
void carom_style_make_mono (CaromStyle *style);

/// Sets the font of labels and the legend: family (borrowed; NULL keeps it)
/// and size in points (labels and legend alike; <= 0 keeps them).
void carom_style_set_font (CaromStyle *style, const char *family, double size_pt);

/// The style called name ("article", "screen", "screen-light", "screen-dark");
/// FALSE for an unknown name.
gboolean carom_style_from_name (const char *name, CaromStyle *style);

G_END_DECLS
