/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-out.h: a figure written as structured SVG, element by element.
 *
 * cairo's SVG surface writes a drawing as anonymous paths and its text as
 * glyph outlines: nothing an author can select by meaning, edit or search.
 * When a figure is drawn for an SVG scene, the renderer's drawing calls
 * (carom_stroke() and friends, carom-render-out.c) come here instead: each
 * stroke or fill becomes one <path> in the layer of what it draws, carrying
 * carom:for="ID" of the object, ball, beam, step vector or hit it is drawn
 * for; each label becomes a real <text> (in the style's font with fallbacks
 * for Chinese) carrying the carom:for of what it names; a leader line
 * carries carom:leader-for. Layers are Inkscape layers, in drawing order. */
#pragma once

#include <cairo.h>

#include "carom-style.h"
#include "geom/cg-math.h"

G_BEGIN_DECLS

/// The kinds of things a drawing is made of, in drawing order: the layers
/// of a structured SVG.
typedef enum
{
  CAROM_LAYER_BACKGROUND,
  CAROM_LAYER_GRID,
  CAROM_LAYER_BVH,
  CAROM_LAYER_OBJECTS,
  CAROM_LAYER_BOXES,
  CAROM_LAYER_OUTLINES,
  CAROM_LAYER_NORMALS,
  CAROM_LAYER_CAST,
  CAROM_LAYER_RAYS, ///< the blend of many paths: a beam's rays, a crowd of balls
  CAROM_LAYER_PATHS,
  CAROM_LAYER_BALLS,
  CAROM_LAYER_STEP,
  CAROM_LAYER_LABELS,
  CAROM_LAYER_LEGEND,
  CAROM_N_LAYERS
} CaromLayer;

/// The id suffix of a layer ("objects", "step-vectors", …): the layer's
/// element is id="carom-generated-layer-SUFFIX".
const char *carom_layer_id (CaromLayer layer);

/// A structured SVG being written.
typedef struct CaromSvgOut CaromSvgOut;

/// A new writer for a figure width × height points; font_family is the
/// labels' family (copied).
CaromSvgOut *carom_svg_out_new (double width_pt, double height_pt, const char *font_family);

void carom_svg_out_free (CaromSvgOut *out);

/// What the following elements draw: their layer, and the id they are for
/// (NULL: none; copied). leader: the element is a leader line to the label
/// of for_id (carom:leader-for instead of carom:for).
void carom_svg_out_item (CaromSvgOut *out, CaromLayer layer, const char *for_id, gboolean leader);

/// cr's current path (its device space is the figure's points) filled or
/// stroked with cr's current source, line width, dash, cap, join and fill
/// rule, as one element. A fill whose source is an image (a raster of
/// blended paths) becomes an <image> cut to the path's extents. Leaves cr's
/// path as it was.
void carom_svg_out_draw (CaromSvgOut *out, cairo_t *cr, gboolean stroke);

/// A line of text (Pango markup: <b>, <i>, <sub>, <sup>, entities) whose
/// logical box, laid out by Pango at size_pt, is box (points), baseline
/// points below the box's top. centred: anchored at the box's middle (a
/// label), else at its left (a legend row). halo_width 0: no halo.
void carom_svg_out_text (CaromSvgOut *out, const char *markup, double size_pt, CgAabb box,
                         double baseline, gboolean centred, CaromColor color, CaromColor halo,
                         double halo_width);

/// The figure as SVG content in scene units: a clip path, then one Inkscape
/// layer (a <g> over box, its points mapped onto the scene box) per layer
/// drawn on. Frees out.
char *carom_svg_out_finish (CaromSvgOut *out, CgAabb box);

G_END_DECLS
