/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-lab-draw.c: the Collision lab drawn on the canvas: the probes, their
 * handles and what the chosen test found. */
#include "config.h"

#include "control/carom-lab-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "model/carom-explain.h"

/* ---- drawing ---- */

typedef struct
{
  double r, g, b;
} Rgb;

static void
set (cairo_t *cr, Rgb c, double a)
{
  cairo_set_source_rgba (cr, c.r, c.g, c.b, a);
}

static CgVec2
dev (const CaromView *v, CgVec2 p)
{
  return carom_view_to_device (v, p);
}

static void
device_probe_path (cairo_t *cr, const CaromView *view, const Probe *p)
{
  cairo_save (cr);
  cairo_translate (cr, view->x0, view->y0);
  cairo_scale (cr, view->scale, view->scale);
  carom_lab_probe_path (cr, p);
  cairo_restore (cr);
}

static void
arrow (cairo_t *cr, CgVec2 from, CgVec2 to, Rgb c)
{
  CgVec2 d = cg_sub (to, from);
  double len = cg_length (d);
  if (!(len > 1.0))
    return;
  CgVec2 u = cg_scale (d, 1.0 / len), n = cg_v2 (-u.y, u.x);
  cairo_move_to (cr, from.x, from.y);
  cairo_line_to (cr, to.x - 6 * u.x, to.y - 6 * u.y);
  set (cr, c, 1);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);
  cairo_move_to (cr, to.x, to.y);
  cairo_line_to (cr, to.x - 10 * u.x + 4 * n.x, to.y - 10 * u.y + 4 * n.y);
  cairo_line_to (cr, to.x - 10 * u.x - 4 * n.x, to.y - 10 * u.y - 4 * n.y);
  cairo_close_path (cr);
  cairo_fill (cr);
}

static void
dot (cairo_t *cr, CgVec2 p, double r, Rgb c)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, p.x, p.y, r, 0, 2 * G_PI);
  set (cr, c, 1);
  cairo_fill (cr);
}

static void
label (cairo_t *cr, CgVec2 at, const char *text, Rgb c)
{
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, 13);
  cairo_move_to (cr, at.x, at.y);
  set (cr, c, 1);
  cairo_show_text (cr, text);
}

void
carom_lab_draw (CaromLab *self, cairo_t *cr, const CaromView *view, gboolean dark)
{
  g_return_if_fail (CAROM_IS_LAB (self));
  const Rgb colour[2] = { dark ? (Rgb){ 0.47, 0.68, 0.93 } : (Rgb){ 0.11, 0.44, 0.85 },
                          dark ? (Rgb){ 1.0, 0.64, 0.28 } : (Rgb){ 0.90, 0.38, 0.0 } };
  const Rgb good = dark ? (Rgb){ 0.34, 0.89, 0.54 } : (Rgb){ 0.15, 0.64, 0.41 };
  const Rgb bad = dark ? (Rgb){ 1.0, 0.48, 0.39 } : (Rgb){ 0.88, 0.11, 0.14 };
  const Rgb ink = dark ? (Rgb){ 1, 1, 1 } : (Rgb){ 0.14, 0.12, 0.19 };
  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  const Probe *a = &self->probes[0], *b = &self->probes[1];

  if (self->test == CAROM_LAB_BROAD)
    {
      const CaromBallTrace *bt;
      CgVec2 c, d;
      int64_t exclude;
      if (carom_lab_broad_cast (self, &bt, &c, &d, &exclude))
        {
          /* The grid's lines, and the cells the cast walked through, shaded. */
          CgGridCast g = cg_grid_cast (&self->grid, c, d, exclude);
          double t_end = g.hit ? g.t : 1e300;
          CgAabb visible = carom_view_visible_box (view);
          double cell = self->grid.cell;
          if (cell * view->scale >= 4.0)
            {
              for (guint i = 0; i <= self->grid.cols; i++)
                {
                  double x = self->grid.box.lo.x + i * cell;
                  if (x < visible.lo.x || x > visible.hi.x)
                    continue;
                  CgVec2 p0 = dev (view, cg_v2 (x, self->grid.box.lo.y)),
                         p1 = dev (view, cg_v2 (x, self->grid.box.hi.y));
                  cairo_move_to (cr, p0.x, p0.y);
                  cairo_line_to (cr, p1.x, p1.y);
                }
              for (guint j = 0; j <= self->grid.rows; j++)
                {
                  double y = self->grid.box.lo.y + j * cell;
                  if (y < visible.lo.y || y > visible.hi.y)
                    continue;
                  CgVec2 p0 = dev (view, cg_v2 (self->grid.box.lo.x, y)),
                         p1 = dev (view, cg_v2 (self->grid.box.hi.x, y));
                  cairo_move_to (cr, p0.x, p0.y);
                  cairo_line_to (cr, p1.x, p1.y);
                }
              set (cr, colour[0], 0.45);
              cairo_set_line_width (cr, 1);
              cairo_stroke (cr);
            }
          /* Sample the ray: the cells it passes through until the hit. */
          double step = cell / 4;
          double t_stop = fmin (t_end, 4.0 * (self->grid.cols + self->grid.rows) * cell);
          int last_c = -1, last_r = -1;
          for (double t = 0; t <= t_stop; t += step)
            {
              CgVec2 p = cg_mul_add (c, t, d);
              int col = (int)floor ((p.x - self->grid.box.lo.x) / cell);
              int rw = (int)floor ((p.y - self->grid.box.lo.y) / cell);
              if (col == last_c && rw == last_r)
                continue;
              last_c = col;
              last_r = rw;
              CgVec2 lo = dev (
                  view, cg_v2 (self->grid.box.lo.x + col * cell, self->grid.box.lo.y + rw * cell));
              cairo_rectangle (cr, lo.x, lo.y, cell * view->scale, cell * view->scale);
            }
          set (cr, colour[1], 0.18);
          cairo_fill (cr);
          CgVec2 from = dev (view, c), to = dev (view, cg_mul_add (c, g.hit ? g.t : 1e4, d));
          arrow (cr, from, to, colour[1]);
        }
      cairo_restore (cr);
      return;
    }

  /* The probes. */
  for (int i = 0; i < 2; i++)
    {
      const Probe *p = &self->probes[i];
      device_probe_path (cr, view, p);
      if (p->kind != CAROM_PROBE_SEGMENT)
        {
          set (cr, colour[i], 0.18);
          cairo_fill_preserve (cr);
        }
      set (cr, colour[i], 1);
      cairo_set_line_width (cr, p->kind == CAROM_PROBE_SEGMENT ? 3 : 2);
      cairo_stroke (cr);
      CgAabb box = carom_lab_probe_box (p);
      CgVec2 at = dev (view, box.lo);
      label (cr, cg_v2 (at.x - 14, at.y - 4), i == 0 ? "A" : "B", colour[i]);
    }

  switch (self->test)
    {
    case CAROM_LAB_SEGMENTS:
      {
        CgSegments s = cg_lab_segments (a->p[0], a->p[1], b->p[0], b->p[1]);
        if (s.kind == CG_SEGMENTS_CROSS || s.kind == CG_SEGMENTS_APART)
          {
            CgVec2 p = dev (view, s.point);
            /* The lines carried on to where they meet, dashed. */
            static const double dash[2] = { 4, 4 };
            cairo_set_dash (cr, dash, 2, 0);
            for (int i = 0; i < 2; i++)
              {
                const Probe *q = &self->probes[i];
                CgVec2 e
                    = dev (view, cg_distance (q->p[0], s.point) < cg_distance (q->p[1], s.point)
                                     ? q->p[0]
                                     : q->p[1]);
                cairo_move_to (cr, e.x, e.y);
                cairo_line_to (cr, p.x, p.y);
                set (cr, colour[i], 0.7);
                cairo_set_line_width (cr, 1.2);
                cairo_stroke (cr);
              }
            cairo_set_dash (cr, NULL, 0, 0);
            dot (cr, p, 5, s.kind == CG_SEGMENTS_CROSS ? good : bad);
            g_autofree char *ua = carom_explain_number (round (s.ua * 1000) / 1000);
            g_autofree char *ub = carom_explain_number (round (s.ub * 1000) / 1000);
            g_autofree char *text = g_strdup_printf ("uA = %s, uB = %s", ua, ub);
            label (cr, cg_v2 (p.x + 8, p.y - 8), text, ink);
          }
        else if (s.kind == CG_SEGMENTS_COLLINEAR)
          {
            CgVec2 f = dev (view, s.overlap_from), t = dev (view, s.overlap_to);
            cairo_move_to (cr, f.x, f.y);
            cairo_line_to (cr, t.x, t.y);
            set (cr, good, 1);
            cairo_set_line_width (cr, 6);
            cairo_stroke (cr);
          }
        break;
      }
    case CAROM_LAB_BOXES:
      {
        CgAabb ba = carom_lab_probe_box (a), bb = carom_lab_probe_box (b);
        CgBoxes r = cg_lab_boxes (ba, bb);
        static const double dash[2] = { 5, 3 };
        cairo_set_dash (cr, dash, 2, 0);
        for (int i = 0; i < 2; i++)
          {
            CgAabb box = i == 0 ? ba : bb;
            CgVec2 lo = dev (view, box.lo), hi = dev (view, box.hi);
            cairo_rectangle (cr, lo.x, lo.y, hi.x - lo.x, hi.y - lo.y);
            set (cr, r.overlap ? good : bad, 1);
            cairo_set_line_width (cr, 1.5);
            cairo_stroke (cr);
          }
        cairo_set_dash (cr, NULL, 0, 0);
        if (r.overlap)
          {
            CgVec2 lo = dev (view, cg_v2 (fmax (ba.lo.x, bb.lo.x), fmax (ba.lo.y, bb.lo.y)));
            CgVec2 hi = dev (view, cg_v2 (fmin (ba.hi.x, bb.hi.x), fmin (ba.hi.y, bb.hi.y)));
            cairo_rectangle (cr, lo.x, lo.y, hi.x - lo.x, hi.y - lo.y);
            set (cr, good, 0.3);
            cairo_fill (cr);
          }
        break;
      }
    case CAROM_LAB_CIRCLES:
      {
        CgCircles r = cg_lab_circles (a->centre, a->radius, b->centre, b->radius);
        CgVec2 c1 = dev (view, a->centre), c2 = dev (view, b->centre);
        cairo_move_to (cr, c1.x, c1.y);
        cairo_line_to (cr, c2.x, c2.y);
        set (cr, r.overlap ? good : bad, 1);
        cairo_set_line_width (cr, 2);
        cairo_stroke (cr);
        dot (cr, c1, 3, colour[0]);
        dot (cr, c2, 3, colour[1]);
        break;
      }
    case CAROM_LAB_SAT:
      {
        CgSat sat;
        const char *why;
        if (!carom_lab_run_sat (self, &sat, &why))
          break;
        int k = sat.overlap ? sat.minimum : sat.separating;
        if (k < 0)
          break;
        const CgSatAxis *x = &sat.axes[k];
        /* The axis as a line beside the shapes, with both projections on it. */
        CgAabb all = cg_aabb_union (carom_lab_probe_box (a), carom_lab_probe_box (b));
        CgVec2 mid = cg_aabb_center (all);
        double reach = 0.5 * cg_distance (all.lo, all.hi) + 0.12 * self->size;
        CgVec2 side = cg_v2 (-x->axis.y, x->axis.x);
        /* Origin of the axis line: the point of the line through mid along
         * side at projection 0, pushed out beside the shapes. */
        CgVec2 base = cg_mul_add (cg_mul_add (mid, -cg_dot (mid, x->axis), x->axis), reach, side);
        CgVec2 l0 = dev (
            view, cg_mul_add (base, cg_min (x->min_a, x->min_b) - 0.1 * self->size, x->axis));
        CgVec2 l1 = dev (
            view, cg_mul_add (base, cg_max (x->max_a, x->max_b) + 0.1 * self->size, x->axis));
        cairo_move_to (cr, l0.x, l0.y);
        cairo_line_to (cr, l1.x, l1.y);
        set (cr, ink, 0.6);
        cairo_set_line_width (cr, 1);
        cairo_stroke (cr);
        for (int i = 0; i < 2; i++)
          {
            double lo = i == 0 ? x->min_a : x->min_b, hi = i == 0 ? x->max_a : x->max_b;
            CgVec2 off = cg_scale (side, (i == 0 ? -3 : 3) / view->scale);
            CgVec2 p0 = dev (view, cg_add (cg_mul_add (base, lo, x->axis), off));
            CgVec2 p1 = dev (view, cg_add (cg_mul_add (base, hi, x->axis), off));
            cairo_move_to (cr, p0.x, p0.y);
            cairo_line_to (cr, p1.x, p1.y);
            set (cr, colour[i], 1);
            cairo_set_line_width (cr, 5);
            cairo_stroke (cr);
          }
        label (cr, cg_add (l1, cg_v2 (6, 4)),
               sat.overlap ? _ ("least overlap") : _ ("separating axis"), sat.overlap ? bad : good);
        if (sat.overlap)
          {
            CgAabb bb = carom_lab_probe_box (b);
            CgVec2 from = dev (view, cg_aabb_center (bb));
            CgVec2 to = dev (view, cg_add (cg_aabb_center (bb), sat.mtv));
            arrow (cr, from, to, bad);
            label (cr, cg_add (to, cg_v2 (6, -6)), "MTV", bad);
          }
        break;
      }
    case CAROM_LAB_SWEEP:
      {
        CgSweep s = cg_lab_sweep_circle_box (a->centre, a->end, a->radius, carom_lab_probe_box (b));
        CgVec2 c0 = dev (view, a->centre), c1 = dev (view, a->end);
        double r = a->radius * view->scale;
        static const double dash[2] = { 5, 4 };
        cairo_set_dash (cr, dash, 2, 0);
        /* The rectangle grown by r, whose slabs the ray enters and leaves
         * (the Lab panel's t_enter and t_exit), the corner's circle when a
         * corner decides, and q where the ray enters the grown box. */
        gboolean entered = s.miss == CG_SWEEP_MISS_NONE || s.miss == CG_SWEEP_MISS_CORNER
                           || s.miss == CG_SWEEP_MISS_CORNER_RANGE;
        if (!s.inside && s.miss != CG_SWEEP_MISS_STILL)
          {
            CgVec2 g0 = dev (view, s.grown.lo), g1 = dev (view, s.grown.hi);
            cairo_rectangle (cr, fmin (g0.x, g1.x), fmin (g0.y, g1.y), fabs (g1.x - g0.x),
                             fabs (g1.y - g0.y));
            if (isfinite (s.disc))
              {
                CgVec2 k = dev (view, s.corner_point);
                cairo_new_sub_path (cr);
                cairo_arc (cr, k.x, k.y, r, 0, 2 * G_PI);
              }
            set (cr, colour[1], 0.6);
            cairo_set_line_width (cr, 1);
            cairo_stroke (cr);
          }
        /* The swept band, and the circle where it would end. */
        CgVec2 u = cg_normalize (cg_sub (c1, c0)), n = cg_v2 (-u.y * r, u.x * r);
        cairo_move_to (cr, c0.x + n.x, c0.y + n.y);
        cairo_line_to (cr, c1.x + n.x, c1.y + n.y);
        cairo_move_to (cr, c0.x - n.x, c0.y - n.y);
        cairo_line_to (cr, c1.x - n.x, c1.y - n.y);
        cairo_new_sub_path (cr);
        cairo_arc (cr, c1.x, c1.y, r, 0, 2 * G_PI);
        set (cr, colour[0], 0.6);
        cairo_set_line_width (cr, 1);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
        arrow (cr, c0, c1, colour[0]);
        if (s.hit)
          {
            CgVec2 c = dev (view, s.centre), k = dev (view, s.contact);
            cairo_new_sub_path (cr);
            cairo_arc (cr, c.x, c.y, r, 0, 2 * G_PI);
            set (cr, bad, 1);
            cairo_set_line_width (cr, 2);
            cairo_stroke (cr);
            arrow (cr, k, cg_mul_add (k, 40, s.normal), good);
            dot (cr, k, 4, ink);
          }
        if (entered && !s.inside)
          {
            CgVec2 q = dev (view, s.entry);
            cairo_new_sub_path (cr);
            cairo_arc (cr, q.x, q.y, 3.5, 0, 2 * G_PI);
            set (cr, colour[0], 1);
            cairo_set_line_width (cr, 1.5);
            cairo_stroke (cr);
            label (cr, cg_v2 (q.x - 14, q.y - 6), "q", colour[0]);
          }
        break;
      }
    case CAROM_LAB_PIXELS:
      {
        Pixels px;
        if (!carom_lab_pixels_run (self, carom_lab_pixel_cell (self), &px))
          break;
        for (int y = 0; y < px.h; y++)
          for (int x = 0; x < px.w; x++)
            if (px.both[y * px.w + x])
              {
                CgVec2 lo
                    = dev (view, cg_v2 (px.box.lo.x + x * px.cell, px.box.lo.y + y * px.cell));
                cairo_rectangle (cr, lo.x, lo.y, px.cell * view->scale, px.cell * view->scale);
              }
        set (cr, bad, 0.75);
        cairo_fill (cr);
        g_free (px.both);
        break;
      }
    default:
      break;
    }

  /* Handles last, on top. */
  for (guint i = 0; i < 2; i++)
    {
      CgVec2 h[POLYGON_MAX + 1];
      guint n = carom_lab_probe_handles (self, i, h);
      for (guint k = 0; k < n; k++)
        {
          CgVec2 d = dev (view, h[k]);
          cairo_rectangle (cr, round (d.x - HANDLE_PX / 2) + 0.5, round (d.y - HANDLE_PX / 2) + 0.5,
                           HANDLE_PX, HANDLE_PX);
          set (cr, dark ? (Rgb){ 0.14, 0.14, 0.14 } : (Rgb){ 1, 1, 1 }, 1);
          cairo_fill_preserve (cr);
          set (cr, colour[i], 1);
          cairo_set_line_width (cr, 1);
          cairo_stroke (cr);
        }
    }
  cairo_restore (cr);
}
