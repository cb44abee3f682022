/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-render-beams.c: the front of a beam at a path length s (the
 * selected ray up to it, every ray's ball there), and beams drawn as
 * objects (their starting balls and direction arrows). */
#include "carom-render-private.h"

/* ---- the front ---------------------------------------------------------- */

void
carom_draw_front (CaromFrame *f, GArray *rays, const CaromPathInfo *selected)
{
  double s = f->options->front;
  if (!(s >= 0.0))
    return;
  cairo_t *cr = f->cr;
  const CaromStyle *st = f->style;
  const CaromBallTrace *any = selected != NULL ? selected->bt
                              : rays->len > 0  ? g_array_index (rays, CaromRayInfo, 0).bt
                                               : NULL;
  carom_item (f, CAROM_LAYER_BALLS, any != NULL && any->source != NULL ? any->source->id : NULL);
  cairo_save (cr);
  cairo_set_dash (cr, NULL, 0, 0.0);

  /* The selected ray up to s, over the others, on a casing of background. */
  if (selected != NULL)
    {
      CaromRayInfo r = { .bt = selected->bt, .front = TRUE };
      CaromPen pen = carom_pen_new (f);
      gboolean open = FALSE;
      const CgTrace *t = &r.bt->trace;
      CgVec2 at;
      size_t seg;
      if (carom_render_trace_point_at (r.bt, s, &at, &seg))
        {
          carom_pen_move (&pen, carom_frame_dev (f, t->start));
          for (size_t i = 1; i < seg && i <= t->n_hits; i++)
            carom_pen_line (&pen, carom_frame_dev (f, carom_ball_trace_point (r.bt, i)));
          carom_pen_line (&pen, carom_frame_dev (f, at));
          open = TRUE;
        }
      if (open)
        {
          cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
          if (st->background.alpha > 0.0)
            {
              carom_set_color (cr, st->background);
              cairo_set_line_width (cr, carom_frame_pt (f, 2.0 * st->path_width + 1.5));
              carom_stroke_preserve (f);
            }
          carom_set_color (cr, selected->look.path);
          cairo_set_line_width (cr, carom_frame_pt (f, st->path_width));
          carom_stroke (f);
        }
    }

  /* Every ray's ball where it is at s: one path, filled and stroked once.
   * Balls on the same spot (to a quarter pixel: a fan's at its start, a
   * million of them in a big beam) are one circle: cairo would fill every
   * one, overlapping all the others. */
  double thinnest = carom_frame_pt (f, 0.6 * st->marker_radius);
  guint n = 0;
  g_autoptr (GHashTable) spots
      = rays->len > 64 ? g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL) : NULL;
  for (guint k = 0; k < rays->len; k++)
    {
      const CaromRayInfo *r = &g_array_index (rays, CaromRayInfo, k);
      CgVec2 at;
      size_t seg;
      if (!r->front || !carom_render_trace_point_at (r->bt, s, &at, &seg))
        continue;
      CgVec2 c = carom_frame_dev (f, at);
      double rad = fmax (r->bt->trace.radius * f->view->scale, thinnest);
      if (!carom_is_safe (c) || c.x + rad < f->device.lo.x || c.x - rad > f->device.hi.x
          || c.y + rad < f->device.lo.y || c.y - rad > f->device.hi.y)
        continue;
      if (spots != NULL)
        {
          /* Within the frame (checked above): a quarter pixel fits in 31 bits. */
          gint64 key = ((gint64)lround (4.0 * c.x) << 32) ^ (gint64)(guint32)lround (4.0 * c.y)
                       ^ ((gint64)lround (4.0 * rad) << 52);
          if (g_hash_table_contains (spots, &key))
            continue;
          g_hash_table_add (spots, g_memdup2 (&key, sizeof key));
        }
      cairo_new_sub_path (cr);
      cairo_arc (cr, c.x, c.y, rad, 0.0, 2.0 * G_PI);
      n++;
    }
  if (n > 0)
    {
      carom_set_color (cr, st->ball_fill);
      carom_fill_preserve (f);
      carom_set_color (cr, st->ball_stroke);
      cairo_set_line_width (cr, carom_frame_pt (f, 0.5 * st->ball_width));
      carom_stroke (f);
    }

  /* The selected ray's ball over the others, as a ball is drawn. */
  CgVec2 at;
  size_t seg;
  if (selected != NULL && carom_render_trace_point_at (selected->bt, s, &at, &seg))
    {
      CgVec2 c = carom_frame_dev (f, at);
      double rad = fmax (selected->bt->trace.radius * f->view->scale, thinnest);
      if (carom_is_safe (c) && rad < CAROM_SAFE_COORD)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, c.x, c.y, rad, 0.0, 2.0 * G_PI);
          carom_set_color (cr, selected->look.ball_fill);
          carom_fill_preserve (f);
          carom_set_color (cr, selected->look.ball_stroke);
          cairo_set_line_width (cr, carom_frame_pt (f, st->ball_width));
          carom_stroke (f);
          cairo_new_sub_path (cr);
          cairo_arc (cr, c.x, c.y, carom_frame_pt (f, 0.9 * st->marker_radius), 0.0, 2.0 * G_PI);
          carom_fill (f);
        }
    }
  cairo_restore (cr);
}

/* ---- beams as objects --------------------------------------------------- */

/* A short arrow from the device point a along the unit u, length long. */
static void
short_arrow (CaromFrame *f, CgVec2 a, CgVec2 u, double length, GArray *heads)
{
  double head = carom_frame_pt (f, f->style->arrow_length);
  CaromPen pen = carom_pen_new (f);
  carom_pen_move (&pen, a);
  carom_pen_line (&pen, cg_mul_add (a, length - 0.7 * head, u));
  CgVec2 tip[2] = { cg_mul_add (a, length, u), u };
  g_array_append_vals (heads, tip, 2);
}

void
carom_draw_beams (CaromFrame *f)
{
  const GPtrArray *beams = f->cache->beams;
  if (beams == NULL || beams->len == 0)
    return;
  cairo_t *cr = f->cr;
  const CaromStyle *s = f->style;
  double scale = f->view->scale;
  double length = carom_frame_pt (f, 3.0 * s->vector_length / 2.0);
  g_autoptr (GArray) heads = g_array_new (FALSE, FALSE, sizeof (CgVec2));
  cairo_save (cr);
  cairo_set_dash (cr, NULL, 0, 0.0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint i = 0; i < beams->len; i++)
    {
      const CmObject *b = g_ptr_array_index (beams, i);
      CgAabb box = cg_aabb_empty ();
      box = cg_aabb_add_point (box, b->center);
      if (b->beam_shape == CAROM_BEAM_PARALLEL)
        box = cg_aabb_add_point (box, b->beam_end);
      box = cg_aabb_pad (box, b->radius + length / scale);
      if (!cg_aabb_overlaps (box, f->visible))
        continue;
      f->stats->beams_drawn++;
      carom_item (f, CAROM_LAYER_BALLS, b->id);
      double r = fmax (b->radius * scale, carom_frame_pt (f, s->marker_radius));
      guint last = b->count > 0 ? b->count - 1 : 0;
      CgVec2 p0, d0, p1, d1;
      carom_beam_ray (b, 0, &p0, &d0);
      carom_beam_ray (b, last, &p1, &d1);
      CgVec2 c0 = carom_frame_dev (f, p0), c1 = carom_frame_dev (f, p1);
      if (!carom_is_safe (c0) || !carom_is_safe (c1))
        continue;
      /* The balls where the first and the last ray start (one for a fan). */
      cairo_new_sub_path (cr);
      cairo_arc (cr, c0.x, c0.y, r, 0.0, 2.0 * G_PI);
      if (b->beam_shape == CAROM_BEAM_PARALLEL && last > 0)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, c1.x, c1.y, r, 0.0, 2.0 * G_PI);
        }
      carom_set_color (cr, s->ball_fill);
      carom_fill_preserve (f);
      carom_set_color (cr, s->ball_stroke);
      cairo_set_line_width (cr, carom_frame_pt (f, s->ball_width));
      carom_stroke (f);

      /* Fan: its edge rays, and the spread between them as an arc.
       * Parallel: the segment P1–P2 and the direction at both ends and the
       * middle. */
      g_array_set_size (heads, 0);
      double off = b->radius * scale;
      if (b->beam_shape == CAROM_BEAM_FAN)
        {
          short_arrow (f, cg_mul_add (c0, off, d0), d0, length, heads);
          if (last > 0)
            {
              short_arrow (f, cg_mul_add (c1, off, d1), d1, length, heads);
              double a0 = atan2 (d0.y, d0.x), a1 = atan2 (d1.y, d1.x);
              /* The spread turns from the first ray to the last by +spread
               * degrees on the raw numbers, cairo's direction. */
              double sweep = b->spread * G_PI / 180.0;
              if (sweep > 0.0)
                {
                  cairo_new_sub_path (cr);
                  cairo_arc (cr, c0.x, c0.y, off + 0.6 * length, a0, a0 + sweep);
                }
              else if (sweep < 0.0)
                {
                  cairo_new_sub_path (cr);
                  cairo_arc_negative (cr, c0.x, c0.y, off + 0.6 * length, a0, a0 + sweep);
                }
              (void)a1;
            }
        }
      else
        {
          CaromPen pen = carom_pen_new (f);
          carom_pen_move (&pen, carom_frame_dev (f, b->center));
          carom_pen_line (&pen, carom_frame_dev (f, b->beam_end));
          CgVec2 pm, dm;
          carom_beam_ray (b, 0, &pm, &dm);
          CgVec2 mid = carom_frame_dev (f, cg_lerp (b->center, b->beam_end, 0.5));
          short_arrow (f, cg_mul_add (c0, off, d0), d0, length, heads);
          if (last > 0)
            {
              short_arrow (f, cg_mul_add (c1, off, d1), d1, length, heads);
              short_arrow (f, mid, dm, length, heads);
            }
        }
      carom_set_color (cr, s->path);
      cairo_set_line_width (cr, carom_frame_pt (f, CAROM_VECTOR_WEIGHT * s->path_width));
      carom_stroke (f);
      for (guint k = 0; k + 1 < heads->len; k += 2)
        carom_arrowhead_path (f, g_array_index (heads, CgVec2, k),
                              g_array_index (heads, CgVec2, k + 1),
                              carom_frame_pt (f, s->arrow_length));
      carom_fill (f);
    }
  cairo_restore (cr);
}
