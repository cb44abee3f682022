/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-render-text.c: labels and the legend.
 *
 * Text goes through Pango so that ids in any script (Chinese included) find a
 * font. Hinting and rounded glyph positions are turned off: text must have
 * the same shape and width on a PNG, in a PDF and in an SVG, or the formats
 * would not show the same picture. Where labels go is chosen in
 * carom-render-labels.c; this file lays them out and draws them. */
#include "carom-render-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* ---- halos ------------------------------------------------------------ */

/* Stroking a label's outline for its halo costs a quarter of a millisecond
 * (cairo 1.16 strokes the glyphs' many short curves slowly), ten times the
 * glyphs themselves; a frame of a drag draws the same labels in the same
 * places as the frame before. On an image the stroke is therefore made once
 * into a mask of its coverage, kept in the render cache under everything
 * that shapes it (the text, font, size, width and the origin's fraction of
 * a pixel), and the halo colour painted through the mask: the pixels
 * a stroke would give (test-render-halo compares them). */

/// Halos kept beyond which those the last frame did not draw are dropped.
#define HALO_CACHE_MAX 256

typedef struct
{
  cairo_surface_t *mask; ///< A8: the stroke's coverage
  int x, y;              ///< its top-left pixel, from the origin's pixel
  guint frame;           ///< the last frame that drew it
} Halo;

static void
halo_free (gpointer data)
{
  Halo *h = data;
  cairo_surface_destroy (h->mask);
  g_free (h);
}

/* The layout's halo stroked into a mask, the origin at (fx, fy) of its
 * pixel (0,0), scale pixels a user unit (width is in user units); NULL when
 * the surface cannot be made. */
static Halo *
halo_new (CaromFrame *f, double fx, double fy, double width, double scale)
{
  PangoRectangle ink;
  pango_layout_get_extents (f->layout, &ink, NULL);
  /* A bevelled stroke stays within width / 2 of the outline; a pixel more
   * for antialiasing, and one for rounding. */
  double pad = ceil (width * scale / 2.0) + 2.0;
  int x0 = (int)(floor (fx + scale * ink.x / PANGO_SCALE) - pad);
  int y0 = (int)(floor (fy + scale * ink.y / PANGO_SCALE) - pad);
  int x1 = (int)(ceil (fx + scale * (ink.x + ink.width) / PANGO_SCALE) + pad);
  int y1 = (int)(ceil (fy + scale * (ink.y + ink.height) / PANGO_SCALE) + pad);
  cairo_surface_t *mask = cairo_image_surface_create (CAIRO_FORMAT_A8, x1 - x0, y1 - y0);
  if (cairo_surface_status (mask) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (mask);
      return NULL;
    }
  cairo_t *cr = cairo_create (mask);
  cairo_translate (cr, fx - x0, fy - y0);
  cairo_scale (cr, scale, scale);
  cairo_move_to (cr, 0.0, 0.0);
  pango_cairo_layout_path (cr, f->layout);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_BEVEL);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
  cairo_destroy (cr);
  cairo_surface_flush (mask);
  Halo *h = g_new0 (Halo, 1);
  h->mask = mask;
  h->x = x0;
  h->y = y0;
  return h;
}

/* Paints the halo of the layout at origin through a kept mask, when cr
 * draws on an image a whole number of pixels a user unit, unrotated (1 for
 * a PNG, the display's scale for the canvas); FALSE (nothing drawn)
 * otherwise. */
static gboolean
halo_from_cache (CaromFrame *f, CgVec2 origin)
{
  cairo_t *cr = f->cr;
  cairo_surface_t *target = cairo_get_group_target (cr);
  /* (A subsurface says it is an image, but has no format: it strokes.) */
  if (cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE
      || cairo_image_surface_get_format (target) == CAIRO_FORMAT_INVALID
      || f->layout_markup == NULL)
    return FALSE;
  double sx, sy, ox, oy;
  cairo_surface_get_device_scale (target, &sx, &sy);
  cairo_surface_get_device_offset (target, &ox, &oy);
  cairo_matrix_t m;
  cairo_get_matrix (cr, &m);
  double scale = m.xx;
  CgVec2 dev = { origin.x * scale + m.x0, origin.y * scale + m.y0 };
  if (sx != 1.0 || sy != 1.0 || ox != round (ox) || oy != round (oy) || m.yy != scale || m.xy != 0.0
      || m.yx != 0.0 || !(scale >= 1.0 && scale <= 8.0) || scale != round (scale)
      || !(fabs (dev.x) < CAROM_SAFE_COORD) || !(fabs (dev.y) < CAROM_SAFE_COORD))
    return FALSE;
  double ix = floor (dev.x), iy = floor (dev.y), fx = dev.x - ix, fy = dev.y - iy;
  double width = carom_frame_pt (f, f->style->halo_width);
  double size = carom_frame_pt (f, f->font_size);
  CaromRenderCache *cache = (CaromRenderCache *)f->cache;
  if (cache->halos == NULL)
    cache->halos = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, halo_free);
  char *key = g_strdup_printf ("%a %a %a %a %a %s\x1f%s", fx, fy, scale, size, width,
                               f->style->font_family, f->layout_markup);
  Halo *h = g_hash_table_lookup (cache->halos, key);
  if (h == NULL)
    {
      h = halo_new (f, fx, fy, width, scale);
      if (h == NULL)
        {
          g_free (key);
          return FALSE;
        }
      g_hash_table_insert (cache->halos, key, h);
    }
  else
    g_free (key);
  h->frame = cache->halo_frame;
  cairo_save (cr);
  cairo_identity_matrix (cr);
  carom_set_color (cr, f->style->halo);
  cairo_mask_surface (cr, h->mask, ix + h->x, iy + h->y);
  cairo_restore (cr);
  return TRUE;
}

static gboolean
halo_stale (gpointer key, gpointer value, gpointer data)
{
  (void)key;
  return ((const Halo *)value)->frame != *(const guint *)data;
}

/* ---- text -------------------------------------------------------------- */

void
carom_text_begin (CaromFrame *f)
{
  f->layout = pango_cairo_create_layout (f->cr);
  PangoContext *context = pango_layout_get_context (f->layout);
  cairo_font_options_t *options = cairo_font_options_create ();
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  /* Grey antialiasing: subpixel colour fringes would not survive a PDF or
   * an SVG, and look wrong in print. */
  cairo_font_options_set_antialias (options, CAIRO_ANTIALIAS_GRAY);
  pango_cairo_context_set_font_options (context, options);
  cairo_font_options_destroy (options);
  pango_context_set_round_glyph_positions (context, FALSE);
  pango_layout_context_changed (f->layout);
  f->font = pango_font_description_from_string (f->style->font_family);
  f->font_size = 0.0;
  if (f->cache != NULL)
    ((CaromRenderCache *)f->cache)->halo_frame++;
}

void
carom_text_end (CaromFrame *f)
{
  CaromRenderCache *cache = (CaromRenderCache *)f->cache;
  if (cache != NULL && cache->halos != NULL && g_hash_table_size (cache->halos) > HALO_CACHE_MAX)
    g_hash_table_foreach_remove (cache->halos, halo_stale, &cache->halo_frame);
  g_clear_object (&f->layout);
  g_clear_pointer (&f->font, pango_font_description_free);
  g_clear_pointer (&f->layout_markup, g_free);
}

CgAabb
carom_text_measure (CaromFrame *f, const char *markup, double size_pt)
{
  if (f->font_size == size_pt && f->layout_markup != NULL && strcmp (f->layout_markup, markup) == 0)
    return f->layout_box;
  if (f->font_size != size_pt)
    {
      pango_font_description_set_absolute_size (f->font, carom_frame_pt (f, size_pt) * PANGO_SCALE);
      pango_layout_set_font_description (f->layout, f->font);
      f->font_size = size_pt;
    }
  pango_layout_set_markup (f->layout, markup, -1);
  g_free (f->layout_markup);
  f->layout_markup = g_strdup (markup);
  PangoRectangle logical;
  pango_layout_get_extents (f->layout, NULL, &logical);
  f->layout_box = (CgAabb){ { (double)logical.x / PANGO_SCALE, (double)logical.y / PANGO_SCALE },
                            { (double)(logical.x + logical.width) / PANGO_SCALE,
                              (double)(logical.y + logical.height) / PANGO_SCALE } };
  return f->layout_box;
}

/* Draws the layout with its origin at `origin`: a halo, then the glyphs. */
static void
text_show (CaromFrame *f, CgVec2 origin)
{
  cairo_t *cr = f->cr;
  const CaromStyle *s = f->style;
  cairo_save (cr);
  cairo_set_dash (cr, NULL, 0, 0.0);
  if (s->halo.alpha > 0.0 && s->halo_width > 0.0 && !halo_from_cache (f, origin))
    {
      cairo_move_to (cr, origin.x, origin.y);
      pango_cairo_layout_path (cr, f->layout);
      /* Bevel joins: no spikes at sharp glyph corners, and a fraction of the
       * cost of round ones on outlines made of many short curves. */
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_BEVEL);
      cairo_set_line_width (cr, carom_frame_pt (f, s->halo_width));
      carom_set_color (cr, s->halo);
      cairo_stroke (cr);
    }
  cairo_move_to (cr, origin.x, origin.y);
  carom_set_color (cr, s->text);
  pango_cairo_show_layout (cr, f->layout);
  cairo_new_path (cr); /* show_layout leaves a current point behind */
  cairo_restore (cr);
}

/* A box of cr's user space in its device space (the figure's points, for a
 * structured SVG). */
static CgAabb
device_box (CaromFrame *f, CgAabb box)
{
  double x0 = box.lo.x, y0 = box.lo.y, x1 = box.hi.x, y1 = box.hi.y;
  cairo_user_to_device (f->cr, &x0, &y0);
  cairo_user_to_device (f->cr, &x1, &y1);
  return (CgAabb){ { fmin (x0, x1), fmin (y0, y1) }, { fmax (x0, x1), fmax (y0, y1) } };
}

/* Hands a text to the options' sink, its box in cr's device space (the
 * caller's transform applied: a figure translates each panel). */
static void
text_sink_emit (CaromFrame *f, CaromTextItem *item)
{
  item->box = device_box (f, item->box);
  f->options->text_sink (item, f->options->text_sink_data);
}

void
carom_text_show_in (CaromFrame *f, CgAabb box)
{
  const CaromStyle *s = f->style;
  CgAabb logical = f->layout_box;
  if (f->options->text_sink != NULL)
    {
      CaromTextItem item = { .markup = f->layout_markup,
                             .size_pt = f->font_size,
                             .box = box,
                             .color = s->text,
                             .halo = s->halo_width > 0.0 ? s->halo : (CaromColor){ 0 },
                             .halo_width = carom_frame_pt (f, s->halo_width),
                             .for_id = f->item,
                             .has_leader = f->leader };
      if (f->leader)
        for (int k = 0; k < 2; k++)
          {
            double x = (k == 0 ? f->leader_a : f->leader_b).x;
            double y = (k == 0 ? f->leader_a : f->leader_b).y;
            cairo_user_to_device (f->cr, &x, &y);
            item.leader[k] = cg_v2 (x, y);
          }
      text_sink_emit (f, &item);
      return;
    }
  if (f->svg != NULL)
    {
      double baseline = (double)pango_layout_get_baseline (f->layout) / PANGO_SCALE - logical.lo.y;
      gboolean halo = s->halo.alpha > 0.0 && s->halo_width > 0.0;
      carom_svg_out_text (f->svg, f->layout_markup, carom_frame_pt (f, f->font_size),
                          device_box (f, box), baseline, TRUE, s->text, s->halo,
                          halo ? carom_frame_pt (f, s->halo_width) : 0.0);
      return;
    }
  text_show (f, cg_sub (box.lo, logical.lo));
}

void
carom_text_draw (CaromFrame *f, const char *markup, double size_pt, CgVec2 center)
{
  CgAabb logical = carom_text_measure (f, markup, size_pt);
  CgVec2 half = cg_scale (cg_sub (logical.hi, logical.lo), 0.5);
  carom_text_show_in (f, (CgAabb){ cg_sub (center, half), cg_add (center, half) });
}

/* ---- legend ------------------------------------------------------------ */

/// What the sample left of a legend row shows.
typedef enum
{
  SAMPLE_NONE,
  SAMPLE_WALL,
  SAMPLE_OBSTACLE,
  SAMPLE_BALL,
  SAMPLE_PATH,
  SAMPLE_HIT,
  SAMPLE_OUTLINE,
  SAMPLE_AABB,
  SAMPLE_NORMALS,
  SAMPLE_BVH,
  SAMPLE_CONTACT_NORMAL,
  SAMPLE_DIRECTION,
  SAMPLE_INCOMING,
  SAMPLE_HIT_PRIMITIVE,
  SAMPLE_REJECTED,
  SAMPLE_CULLED,
  SAMPLE_BEAM,
  SAMPLE_RAMP,
} Sample;

typedef struct
{
  Sample sample;
  char *markup;
} Row;

static void
row_clear (Row *row)
{
  g_free (row->markup);
}

static void
add_row (GArray *rows, Sample sample, char *markup)
{
  Row row = { sample, markup };
  g_array_append_val (rows, row);
}

/* The deepest BVH level drawn. */
static guint
bvh_level_hi (const CaromFrame *f)
{
  const CgBvh *bvh = f->cache->bvh;
  return bvh != NULL ? MIN (bvh->depth, f->options->bvh_level_hi) : 0;
}

static char *
format_number (const CaromFrame *f, double value)
{
  /* A legend number for people: as many digits as asked for, in their locale. */
  int digits = f->options->digits > 0 ? MIN (f->options->digits, 17) : CAROM_DIGITS_DEFAULT;
  return g_strdup_printf ("%.*g", digits, value);
}

static GArray *
legend_rows (const CaromFrame *f)
{
  GArray *rows = g_array_new (FALSE, FALSE, sizeof (Row));
  g_array_set_clear_func (rows, (GDestroyNotify)row_clear);
  const CaromRenderCache *c = f->cache;
  CaromOverlays show = f->options->overlays;
  gboolean balls = c->trace->balls->len > 0;
  /* The steps drawn: one, or the panels of small multiples (each with its
   * own caption, so the legend has no title then). */
  const CaromRenderOptions *o = f->options;
  const gint64 *steps = o->n_steps > 0 ? o->steps : &o->step;
  guint n_steps = o->n_steps > 0 ? o->n_steps : 1;
  gboolean start = FALSE, hit = FALSE, reflected = FALSE, stopped = FALSE;
  for (guint i = 0; i < n_steps && c->ball != NULL; i++)
    {
      gint64 k = steps[i];
      if (k < 0 || k > (gint64)c->ball->trace.n_hits)
        continue;
      start |= k == 0;
      hit |= k >= 1;
      if (k >= 1 && carom_step_stops (c->ball, k))
        stopped = TRUE;
      else if (k >= 1)
        reflected = TRUE;
    }
  if (o->n_steps == 0 && hit)
    add_row (rows, SAMPLE_NONE, carom_render_step_title (c, o->step));
  if (c->n_walls > 0)
    add_row (rows, SAMPLE_WALL, g_strdup (_ ("Wall")));
  if (c->n_obstacles > 0)
    add_row (rows, SAMPLE_OBSTACLE, g_strdup (_ ("Obstacle")));
  gboolean loose = FALSE, blended = carom_trace_is_crowd (c->trace);
  for (guint b = 0; b < c->trace->balls->len; b++)
    {
      gboolean ray
          = carom_ball_trace_beam (&g_array_index (c->trace->balls, CaromBallTrace, b)) != NULL;
      loose |= !ray;
      blended |= ray;
    }
  if (loose)
    add_row (rows, SAMPLE_BALL, g_strdup (_ ("Ball")));
  if (c->beams != NULL && c->beams->len > 0)
    add_row (rows, SAMPLE_BEAM, g_strdup (_ ("Beam: where its rays start")));
  if ((show & CAROM_OVERLAY_PATH) && blended && o->front >= 0.0)
    {
      g_autofree char *at = format_number (f, o->front);
      /* Translators: the front of a beam: every ray drawn up to path length s. */
      add_row (rows, SAMPLE_BALL,
               g_strdup_printf (_ ("Front: each ray’s ball at path length <i>s</i> = %s"), at));
    }
  if ((show & CAROM_OVERLAY_PATH) && blended && o->paths_by != CAROM_PATHS_SINGLE)
    add_row (rows, SAMPLE_RAMP,
             g_strdup (o->paths_by == CAROM_PATHS_BY_RAY
                           ? _ ("Paths blended, coloured by ray, first to last")
                           : _ ("Paths blended, coloured by bounces, none to the most")));
  if ((show & CAROM_OVERLAY_PATH) && balls)
    {
      add_row (rows, SAMPLE_PATH, g_strdup (_ ("Path of the ball’s centre")));
      /* A front draws the rays of a beam without their hits. */
      if (loose || !(o->front >= 0.0))
        add_row (rows, SAMPLE_HIT,
                 g_strdup ((show & CAROM_OVERLAY_LABELS) ? _ ("Hit, numbered") : _ ("Hit")));
    }
  if (show & CAROM_OVERLAY_OUTLINES)
    {
      if (c->radius > 0.0)
        {
          g_autofree char *r = format_number (f, c->radius);
          /* Translators: the outline grown by the ball's radius r. */
          add_row (rows, SAMPLE_OUTLINE, g_strdup_printf (_ ("Offset outline, <i>r</i> = %s"), r));
        }
      else
        add_row (rows, SAMPLE_NONE, g_strdup (_ ("No ball: no offset outline")));
    }
  if (show & CAROM_OVERLAY_AABB)
    add_row (rows, SAMPLE_AABB,
             g_strdup (c->radius > 0.0 ? _ ("Bounding box of an outline") : _ ("Bounding box")));
  if (show & CAROM_OVERLAY_NORMALS)
    add_row (rows, SAMPLE_NORMALS, g_strdup (_ ("Edge normal (front side)")));
  if (show & CAROM_OVERLAY_BVH)
    {
      if (c->bvh == NULL)
        add_row (rows, SAMPLE_NONE, g_strdup (_ ("No ball: no BVH")));
      else if (f->options->bvh_level_lo <= bvh_level_hi (f))
        add_row (rows, SAMPLE_BVH,
                 g_strdup_printf (_ ("BVH boxes, levels %u–%u"), f->options->bvh_level_lo,
                                  bvh_level_hi (f)));
    }
  if (start)
    add_row (rows, SAMPLE_INCOMING, g_strdup (_ ("Start direction <i>d</i>")));
  if (hit)
    {
      add_row (rows, SAMPLE_HIT_PRIMITIVE, g_strdup (_ ("Outline piece hit")));
      add_row (rows, SAMPLE_INCOMING, g_strdup (_ ("Incoming direction <i>d</i>")));
      add_row (rows, SAMPLE_CONTACT_NORMAL, g_strdup (_ ("Contact normal <b><i>n</i></b>")));
      if (reflected)
        add_row (rows, SAMPLE_DIRECTION,
                 g_strdup (_ ("Reflected direction <i>d</i>′ = <i>d</i> − 2(<i>d</i>·"
                              "<b><i>n</i></b>)<b><i>n</i></b>")));
      if (stopped)
        add_row (rows, SAMPLE_NONE, g_strdup (_ ("“stopped”: the ball stops at that hit")));
      if (show & CAROM_OVERLAY_CANDIDATES)
        {
          add_row (rows, SAMPLE_REJECTED, g_strdup (_ ("Tested by the cast and rejected")));
          add_row (rows, SAMPLE_CULLED, g_strdup (_ ("Left out by the BVH’s boxes")));
        }
    }
  return rows;
}

/* Legend geometry, in points. */
#define LEGEND_PAD 5.0
#define LEGEND_SAMPLE 16.0
#define LEGEND_GAP 5.0
#define LEGEND_LINE 1.45 /* row height, in font sizes */

void
carom_legend_measure (CaromFrame *f, double *width, double *height)
{
  *width = *height = 0.0;
  g_autoptr (GArray) rows = legend_rows (f);
  if (rows->len == 0)
    return;
  double w_max = 0.0;
  for (guint i = 0; i < rows->len; i++)
    {
      const Row *row = &g_array_index (rows, Row, i);
      CgAabb logical = carom_text_measure (f, row->markup, f->style->legend_size);
      double w = logical.hi.x - logical.lo.x;
      if (row->sample != SAMPLE_NONE)
        w += carom_frame_pt (f, LEGEND_SAMPLE + LEGEND_GAP);
      w_max = fmax (w_max, w);
    }
  *width = w_max + 2.0 * carom_frame_pt (f, LEGEND_PAD);
  *height = rows->len * carom_frame_pt (f, LEGEND_LINE * f->style->legend_size)
            + 2.0 * carom_frame_pt (f, LEGEND_PAD);
}

static void
draw_sample (CaromFrame *f, Sample sample, CgAabb box)
{
  cairo_t *cr = f->cr;
  const CaromStyle *s = f->style;
  CgVec2 mid = cg_aabb_center (box);
  double w = box.hi.x - box.lo.x, h = box.hi.y - box.lo.y;
  cairo_save (cr);
  cairo_new_path (cr);
  cairo_set_dash (cr, NULL, 0, 0.0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  switch (sample)
    {
    case SAMPLE_NONE:
      break;
    case SAMPLE_WALL:
      cairo_move_to (cr, box.lo.x, mid.y);
      cairo_line_to (cr, box.hi.x, mid.y);
      carom_set_color (cr, s->wall);
      cairo_set_line_width (cr, carom_frame_pt (f, s->wall_width));
      carom_stroke (f);
      break;
    case SAMPLE_OBSTACLE:
      cairo_rectangle (cr, box.lo.x + 0.15 * w, box.lo.y + 0.2 * h, 0.7 * w, 0.6 * h);
      carom_set_color (cr, s->obstacle_fill);
      carom_fill_preserve (f);
      carom_set_color (cr, s->obstacle_stroke);
      cairo_set_line_width (cr, carom_frame_pt (f, s->obstacle_width));
      carom_stroke (f);
      break;
    case SAMPLE_BALL:
      cairo_arc (cr, mid.x, mid.y, 0.36 * h, 0.0, 2.0 * G_PI);
      carom_set_color (cr, s->ball_fill);
      carom_fill_preserve (f);
      carom_set_color (cr, s->ball_stroke);
      cairo_set_line_width (cr, carom_frame_pt (f, s->ball_width));
      carom_stroke (f);
      cairo_arc (cr, mid.x, mid.y, carom_frame_pt (f, 0.9 * s->marker_radius), 0.0, 2.0 * G_PI);
      carom_fill (f);
      break;
    case SAMPLE_PATH:
      cairo_move_to (cr, box.lo.x, mid.y);
      cairo_line_to (cr, box.hi.x - carom_frame_pt (f, s->arrow_length), mid.y);
      carom_set_color (cr, s->path);
      cairo_set_line_width (cr, carom_frame_pt (f, s->path_width));
      carom_stroke (f);
      carom_draw_arrowhead (f, cg_v2 (box.hi.x, mid.y), cg_v2 (1.0, 0.0),
                            carom_frame_pt (f, s->arrow_length));
      break;
    case SAMPLE_HIT:
      cairo_arc (cr, mid.x, mid.y, carom_frame_pt (f, s->marker_radius), 0.0, 2.0 * G_PI);
      carom_set_color (cr, s->legend_fill);
      carom_fill_preserve (f);
      carom_set_color (cr, s->path);
      cairo_set_line_width (cr, carom_frame_pt (f, 0.75 * s->path_width));
      carom_stroke (f);
      break;
    case SAMPLE_OUTLINE:
      {
        CaromDasher d;
        carom_dasher_init (&d, f, s->outline_dash);
        carom_dasher_line (&d, cg_v2 (box.lo.x, mid.y), cg_v2 (box.hi.x, mid.y));
      }
      carom_set_color (cr, s->outline);
      cairo_set_line_width (cr, carom_frame_pt (f, s->outline_width));
      carom_stroke (f);
      break;
    case SAMPLE_AABB:
      {
        CaromDasher d;
        carom_dasher_init (&d, f, s->aabb_dash);
        CgVec2 lo = { box.lo.x + 0.1 * w, box.lo.y + 0.2 * h };
        CgVec2 hi = { box.hi.x - 0.1 * w, box.hi.y - 0.2 * h };
        carom_dasher_line (&d, lo, cg_v2 (hi.x, lo.y));
        carom_dasher_line (&d, cg_v2 (hi.x, lo.y), hi);
        carom_dasher_line (&d, hi, cg_v2 (lo.x, hi.y));
        carom_dasher_line (&d, cg_v2 (lo.x, hi.y), lo);
        carom_set_color (cr, s->aabb);
        cairo_set_line_width (cr, carom_frame_pt (f, s->aabb_width));
        carom_stroke (f);
        break;
      }
    case SAMPLE_REJECTED:
    case SAMPLE_CULLED:
      cairo_move_to (cr, box.lo.x, mid.y);
      cairo_line_to (cr, box.hi.x, mid.y);
      carom_set_color (cr, sample == SAMPLE_REJECTED ? s->rejected : s->culled);
      cairo_set_line_width (
          cr, carom_frame_pt (f, (sample == SAMPLE_REJECTED ? 1.6 : 0.6) * s->outline_width));
      carom_stroke (f);
      break;
    case SAMPLE_NORMALS:
      {
        double y = box.hi.y - 0.2 * h;
        cairo_move_to (cr, box.lo.x, y);
        cairo_line_to (cr, box.hi.x, y);
        carom_set_color (cr, s->obstacle_stroke);
        cairo_set_line_width (cr, carom_frame_pt (f, s->obstacle_width));
        carom_stroke (f);
        cairo_move_to (cr, mid.x, y);
        cairo_line_to (cr, mid.x, y - carom_frame_pt (f, s->tick_length));
        carom_set_color (cr, s->normal);
        cairo_set_line_width (cr, carom_frame_pt (f, s->normal_width));
        carom_stroke (f);
        break;
      }
    case SAMPLE_BVH:
      {
        /* Nested boxes in the colours of the first levels drawn. */
        guint lo = f->options->bvh_level_lo, hi = bvh_level_hi (f);
        guint n = MIN (hi - lo + 1, 3u);
        for (guint k = 0; k < n; k++)
          {
            double inset = k * 0.16 * h;
            cairo_rectangle (cr, box.lo.x + 0.1 * w + inset, box.lo.y + 0.12 * h + inset,
                             0.8 * w - 2.0 * inset, 0.76 * h - 2.0 * inset);
            carom_set_color (cr, s->bvh[MIN (lo + k, CAROM_STYLE_BVH_COLORS - 1)]);
            cairo_set_line_width (cr, carom_frame_pt (f, s->bvh_width * 0.8));
            carom_stroke (f);
          }
        break;
      }
    case SAMPLE_CONTACT_NORMAL:
    case SAMPLE_DIRECTION:
    case SAMPLE_INCOMING:
      {
        CaromColor color = sample == SAMPLE_DIRECTION  ? s->outgoing
                           : sample == SAMPLE_INCOMING ? s->incoming
                                                       : s->normal;
        const double *dash = sample == SAMPLE_DIRECTION  ? s->outgoing_dash
                             : sample == SAMPLE_INCOMING ? s->incoming_dash
                                                         : s->normal_dash;
        double width = sample == SAMPLE_CONTACT_NORMAL ? CAROM_NORMAL_WEIGHT * s->normal_width
                                                       : CAROM_VECTOR_WEIGHT * s->path_width;
        carom_vector_arrow (f, cg_v2 (box.lo.x, mid.y), cg_v2 (1.0, 0.0), w, color, width, dash);
        break;
      }
    case SAMPLE_RAMP:
      {
        /* The ramp as thin bars, left to right. */
        const int n = 12;
        for (int k = 0; k < n; k++)
          {
            carom_set_color (cr, carom_frame_ramp (f, (k + 0.5) / n));
            cairo_rectangle (cr, box.lo.x + k * w / n, box.lo.y + 0.3 * h, w / n + 0.05, 0.4 * h);
            carom_fill (f);
          }
        break;
      }
    case SAMPLE_BEAM:
      {
        /* A ball and three short rays fanning out of it. */
        double r = 0.22 * h;
        CgVec2 c = { box.lo.x + r + 1.0, mid.y };
        cairo_arc (cr, c.x, c.y, r, 0.0, 2.0 * G_PI);
        carom_set_color (cr, s->ball_fill);
        carom_fill_preserve (f);
        carom_set_color (cr, s->ball_stroke);
        cairo_set_line_width (cr, carom_frame_pt (f, s->ball_width));
        carom_stroke (f);
        double len = box.hi.x - c.x - r;
        for (int k = -1; k <= 1; k++)
          {
            double a = k * 0.35;
            CgVec2 u = { cos (a), sin (a) };
            CgVec2 from = cg_mul_add (c, r, u);
            double l = len / cos (a) * 0.92;
            carom_vector_arrow (f, from, u, l, s->path, s->path_width, NULL);
          }
        break;
      }
    case SAMPLE_HIT_PRIMITIVE:
      cairo_move_to (cr, box.lo.x, mid.y);
      cairo_line_to (cr, box.hi.x, mid.y);
      carom_set_color (cr, s->hit_primitive);
      cairo_set_line_width (cr, carom_frame_pt (f, CAROM_HIT_PRIMITIVE_WEIGHT * s->outline_width));
      carom_stroke (f);
      break;
    }
  cairo_restore (cr);
}

void
carom_legend_draw (CaromFrame *f, CgAabb rect)
{
  if (cg_aabb_is_empty (rect))
    return;
  cairo_t *cr = f->cr;
  const CaromStyle *s = f->style;
  g_autoptr (GArray) rows = legend_rows (f);

  carom_item (f, CAROM_LAYER_LEGEND, NULL);
  cairo_save (cr);
  cairo_set_dash (cr, NULL, 0, 0.0);
  cairo_rectangle (cr, rect.lo.x, rect.lo.y, rect.hi.x - rect.lo.x, rect.hi.y - rect.lo.y);
  carom_set_color (cr, s->legend_fill);
  carom_fill_preserve (f);
  carom_set_color (cr, s->legend_stroke);
  cairo_set_line_width (cr, carom_frame_pt (f, 0.4));
  carom_stroke (f);
  cairo_restore (cr);

  double pad = carom_frame_pt (f, LEGEND_PAD);
  double line = carom_frame_pt (f, LEGEND_LINE * s->legend_size);
  double sample_w = carom_frame_pt (f, LEGEND_SAMPLE);
  double x = rect.lo.x + pad;
  for (guint i = 0; i < rows->len; i++)
    {
      const Row *row = &g_array_index (rows, Row, i);
      double y = rect.lo.y + pad + i * line;
      double text_x = x;
      if (row->sample != SAMPLE_NONE)
        {
          double sample_h = 0.8 * line;
          draw_sample (f, row->sample,
                       (CgAabb){ { x, y + 0.5 * (line - sample_h) },
                                 { x + sample_w, y + 0.5 * (line + sample_h) } });
          text_x += sample_w + carom_frame_pt (f, LEGEND_GAP);
        }
      CgAabb logical = carom_text_measure (f, row->markup, s->legend_size);
      double h = logical.hi.y - logical.lo.y;
      CgVec2 origin = { text_x - logical.lo.x, y + 0.5 * (line - h) - logical.lo.y };
      if (f->options->text_sink != NULL)
        {
          CaromTextItem item
              = { .markup = row->markup,
                  .size_pt = s->legend_size,
                  .box = { cg_add (origin, logical.lo), cg_add (origin, logical.hi) },
                  .legend = TRUE,
                  .color = s->text };
          text_sink_emit (f, &item);
          continue;
        }
      if (f->svg != NULL)
        {
          double baseline
              = (double)pango_layout_get_baseline (f->layout) / PANGO_SCALE - logical.lo.y;
          carom_svg_out_text (
              f->svg, row->markup, carom_frame_pt (f, s->legend_size),
              device_box (f, (CgAabb){ cg_add (origin, logical.lo), cg_add (origin, logical.hi) }),
              baseline, FALSE, s->text, s->halo, 0.0);
          continue;
        }
      cairo_save (cr);
      cairo_move_to (cr, origin.x, origin.y);
      carom_set_color (cr, s->text);
      pango_cairo_show_layout (cr, f->layout);
      cairo_new_path (cr);
      cairo_restore (cr);
    }
}

void
carom_render_shutdown (void)
{
  /* The default font map holds every font loaded; dropping it releases them.
   * fontconfig's own caches stay: FcFini() could free them, but Pango loads
   * fontconfig's configuration on a thread of its own, and FcFini() while that
   * thread runs aborts. tests/lsan.supp tells the leak checker about them. */
  pango_cairo_font_map_set_default (NULL);
}

char *
carom_render_step_title (const CaromRenderCache *cache, gint64 step)
{
  g_return_val_if_fail (cache != NULL, NULL);
  const CaromBallTrace *bt = cache->ball;
  if (bt == NULL || step < 0 || step > (gint64)bt->trace.n_hits)
    return NULL;
  g_autofree char *ball = g_markup_escape_text (bt->ball->id, -1);
  if (step == 0)
    /* Translators: a panel's caption at the start of the ball's path. */
    return g_strdup_printf (_ ("<b>Start</b>: ball “%s”"), ball);
  const CgHit *h = &bt->trace.hits[step - 1];
  const CmObject *o = cm_scene_trace_polygon (cache->trace, h->object);
  g_autofree char *id = g_markup_escape_text (o->id, -1);
  /* Translators: a legend's title: "Hit 3 of 29: wall “room”". */
  return g_strdup_printf (_ ("<b>Hit %lld of %zu</b>: %s “%s”"), (long long)step, bt->trace.n_hits,
                          o->role == CG_ROLE_WALL ? _ ("wall") : _ ("obstacle"), id);
}
