/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-render-step.c: the balls, and the chosen step: the ball touching the
 * outline at hit k with its incoming direction, the contact normal and the
 * reflected direction, and what the cast of that hit tested. */
#include "carom-render-private.h"

#include <glib/gi18n-lib.h>

/* ---- balls and the chosen step ----------------------------------------- */

static void
ball_disk (CaromFrame *f, const CaromBallLook *look, CgVec2 center, double radius, gboolean ghost)
{
  cairo_t *cr = f->cr;
  const CaromStyle *s = f->style;
  CgVec2 c = carom_frame_dev (f, center);
  double r = radius * f->view->scale;
  if (!carom_is_safe (c) || r > CAROM_SAFE_COORD)
    return;
  cairo_set_line_width (cr, carom_frame_pt (f, s->ball_width));
  if (ghost)
    {
      /* Where the ball was: an outline only, dashed like a construction line. */
      CaromDasher d;
      carom_dasher_init (&d, f, s->outline_dash);
      carom_dasher_arc (&d, c, r, -0.5 * G_PI, 1.5 * G_PI);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      carom_set_color (cr, look->path_faint);
      carom_stroke (f);
    }
  else
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, c.x, c.y, r, 0.0, 2.0 * G_PI);
      carom_set_color (cr, look->ball_fill);
      carom_fill_preserve (f);
      carom_set_color (cr, look->ball_stroke);
      carom_stroke (f);
    }
  /* The centre: what the path follows. */
  double dot = carom_frame_pt (f, 0.9 * s->marker_radius);
  cairo_new_sub_path (cr);
  cairo_arc (cr, c.x, c.y, dot, 0.0, 2.0 * G_PI);
  carom_set_color (cr, ghost ? look->path_faint : look->ball_stroke);
  carom_fill (f);
}

CgVec2
carom_vector_arrow (CaromFrame *f, CgVec2 from, CgVec2 u, double length, CaromColor color,
                    double width_pt, const double dash[2])
{
  cairo_t *cr = f->cr;
  double head = carom_frame_pt (f, f->style->arrow_length);
  CgVec2 tip = cg_mul_add (from, length, u);
  CgVec2 end = cg_mul_add (tip, -0.7 * head, u);
  carom_set_color (cr, color);
  if (dash != NULL && dash[0] > 0.0 && dash[1] > 0.0)
    {
      CaromDasher d;
      carom_dasher_init (&d, f, dash);
      carom_dasher_line (&d, from, end);
    }
  else
    {
      CaromPen pen = carom_pen_new (f);
      carom_pen_move (&pen, from);
      carom_pen_line (&pen, end);
    }
  cairo_set_line_width (cr, carom_frame_pt (f, width_pt));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  carom_stroke (f);
  if (carom_is_safe (tip))
    carom_draw_arrowhead (f, tip, u, head);
  return tip;
}

/* The angle between two unit directions at c (device), as a thin arc of
 * radius `radius`, the shorter way round. */
static void
angle_mark (CaromFrame *f, CgVec2 c, CgVec2 u, CgVec2 w, double radius)
{
  double a0 = atan2 (u.y, u.x), a1 = atan2 (w.y, w.x);
  if (cg_cross (u, w) < 0.0)
    {
      double tmp = a0;
      a0 = a1;
      a1 = tmp;
    }
  if (a1 < a0)
    a1 += 2.0 * G_PI;
  cairo_new_sub_path (f->cr);
  cairo_arc (f->cr, c.x, c.y, radius, a0, a1);
}

/* A step label to place beside the segment a → b (device), the places
 * near b first, on the side of prefer first. */
static void
step_label (CaromFrame *f, const char *markup, const char *for_id, guint order, CgVec2 a, CgVec2 b,
            double covered, CgVec2 prefer)
{
  CaromLabelSpec s = { .markup = markup,
                       .size_pt = f->style->label_size * 1.15,
                       .for_id = for_id,
                       .rank = CAROM_LABEL_STEP,
                       .order = order,
                       .kind = CAROM_ANCHOR_SEGMENT,
                       .a = a,
                       .b = b,
                       .r = covered,
                       .prefer = prefer };
  carom_label_add (f, &s);
}

/* The segment that arrives at the chosen hit (or leaves the start): the
 * incoming d, heavier, in its own colour (and dash), with its own arrowhead. */
static void
draw_incoming (CaromFrame *f, const CaromPathInfo *p)
{
  const CaromStyle *s = f->style;
  cairo_t *cr = f->cr;
  CgVec2 a = carom_frame_dev (f, carom_path_point (p, (size_t)p->step - 1));
  CgVec2 b = carom_frame_dev (f, carom_path_point (p, (size_t)p->step));
  carom_item (f, CAROM_LAYER_STEP, "d");
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  if (s->incoming_dash[0] > 0.0 && s->incoming_dash[1] > 0.0)
    {
      CaromDasher d;
      carom_dasher_init (&d, f, s->incoming_dash);
      carom_dasher_line (&d, a, b);
    }
  else
    {
      CaromPen pen = carom_pen_new (f);
      carom_pen_move (&pen, a);
      carom_pen_line (&pen, b);
    }
  carom_set_color (cr, s->incoming);
  cairo_set_line_width (cr, carom_frame_pt (f, 1.6 * s->path_width));
  carom_stroke (f);
  carom_segment_arrow (f, carom_path_point (p, (size_t)p->step - 1),
                       carom_path_point (p, (size_t)p->step));
  carom_fill (f);
}

/* The ball at the chosen step: at hit k, the piece of outline hit, the ball
 * touching it with the contact normal n from the touching point, the
 * incoming d and the reflected d′ with the equal angles marked, or "stopped"
 * where the ball stops; at step 0, the start direction d. Each in its own
 * colour (and dash, in mono); their labels are placed with the others. */
static void
draw_step (CaromFrame *f, const CaromPathInfo *p)
{
  const CaromStyle *s = f->style;
  const CgTrace *t = &p->bt->trace;
  double r_dev = p->bt->ball->radius * f->view->scale;
  double vec = fmax (carom_frame_pt (f, s->vector_length), r_dev + carom_frame_pt (f, 10.0));
  double vector_w = CAROM_VECTOR_WEIGHT * s->path_width;
  cairo_t *cr = f->cr;

  if (p->step == 0)
    {
      CgVec2 c = carom_frame_dev (f, t->start);
      if (!carom_is_safe (c))
        return;
      carom_item (f, CAROM_LAYER_STEP, "d");
      CgVec2 tip
          = carom_vector_arrow (f, c, t->direction, vec, s->incoming, vector_w, s->incoming_dash);
      step_label (f, "<i>d</i>", "d", 0, c, tip, 0.0, cg_v2 (-t->direction.y, t->direction.x));
      return;
    }

  const CgHit *h = &t->hits[p->step - 1];
  gboolean stops = carom_step_stops (p->bt, p->step);
  const CmObject *hit_object = cm_scene_trace_polygon (f->cache->trace, h->object);
  if (f->options->overlays & CAROM_OVERLAY_PATH)
    draw_incoming (f, p);

  /* The piece of outline hit, heavy, under the ball. */
  carom_item (f, CAROM_LAYER_STEP, hit_object != NULL ? hit_object->id : NULL);
  /* The offset segment, the offset arc of an arc edge (R + r or R − r) or
   * the vertex cap, exact. */
  CgPrimitive prim;
  if (p->bt->world != NULL && cg_world_primitive (p->bt->world, h->prim, p->bt->radius, &prim))
    {
      cairo_set_dash (cr, NULL, 0, 0.0);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      carom_curve_prim_path (f, &prim);
      carom_set_color (cr, s->hit_primitive);
      cairo_set_line_width (cr, carom_frame_pt (f, CAROM_HIT_PRIMITIVE_WEIGHT * s->outline_width));
      carom_stroke (f);
    }

  /* The ball at the hit, and the touching point: what hit k's number names. */
  char hit_id[256];
  carom_path_hit_id (f, p, (size_t)p->step, hit_id, sizeof hit_id);
  carom_item (f, CAROM_LAYER_STEP, hit_id);
  ball_disk (f, &p->look, h->point, p->bt->ball->radius, FALSE);
  CgVec2 c = carom_frame_dev (f, h->point);
  if (!carom_is_safe (c))
    return;
  CgVec2 touch = cg_mul_add (c, -r_dev, h->normal);

  /* Equal angles of incidence and reflection, either side of the normal. */
  if (!stops)
    {
      carom_item (f, CAROM_LAYER_STEP, NULL);
      double radius = fmin (carom_frame_pt (f, 0.45 * s->vector_length), 0.6 * vec);
      angle_mark (f, c, cg_neg (h->in), h->normal, radius);
      angle_mark (f, c, h->normal, h->out, radius * 1.15);
      carom_set_color (cr, s->normal);
      cairo_set_line_width (cr, carom_frame_pt (f, s->normal_width));
      carom_stroke (f);
    }

  carom_item (f, CAROM_LAYER_STEP, "n");
  CgVec2 n_tip = carom_vector_arrow (f, touch, h->normal, r_dev + vec, s->normal,
                                     CAROM_NORMAL_WEIGHT * s->normal_width, s->normal_dash);
  CgVec2 out_tip = c;
  if (!stops)
    {
      carom_item (f, CAROM_LAYER_STEP, "d-prime");
      out_tip = carom_vector_arrow (f, c, h->out, vec, s->outgoing, vector_w, s->outgoing_dash);
    }

  /* The touching point on the polygon. */
  carom_item (f, CAROM_LAYER_STEP, hit_id);
  cairo_new_sub_path (cr);
  cairo_arc (cr, touch.x, touch.y, carom_frame_pt (f, 1.1 * s->marker_radius), 0.0, 2.0 * G_PI);
  carom_set_color (cr, s->text);
  carom_fill (f);

  /* Each label beside its own arrow, away from the other arrows: n on the
   * side of d, d′ on its own far side, d beside the incoming segment away
   * from the normal. */
  CgVec2 side_n = { -h->normal.y, h->normal.x };
  if (cg_dot (side_n, h->out) > 0.0)
    side_n = cg_neg (side_n);
  step_label (f, "<b><i>n</i></b>", "n", 1, touch, n_tip, 0.0, side_n);
  if (!stops)
    step_label (f, "<i>d</i>′", "d-prime", 2, c, out_tip, 0.0, cg_neg (side_n));
  else
    {
      /* Where d′ would be: ahead of the ball. */
      g_autofree char *markup = g_strdup_printf ("<i>%s</i>", _ ("stopped"));
      CaromLabelSpec st = { .markup = markup,
                            .size_pt = s->label_size * 1.15,
                            .for_id = hit_id,
                            .rank = CAROM_LABEL_STEP,
                            .order = 2,
                            .kind = CAROM_ANCHOR_DISK,
                            .a = c,
                            .r = r_dev,
                            .prefer = h->in };
      carom_label_add (f, &st);
    }
  if (f->options->overlays & CAROM_OVERLAY_PATH)
    {
      CgVec2 from = carom_frame_dev (f, carom_path_point (p, (size_t)p->step - 1));
      CgVec2 side = { -h->in.y, h->in.x };
      if (cg_dot (side, h->normal) < 0.0)
        side = cg_neg (side);
      /* Beside the segment, past the ball that covers its end. */
      step_label (f, "<i>d</i>", "d", 3, from, c, r_dev, side);
    }
}

static void ray_beyond (CaromFrame *f, const CaromPathInfo *p, const CgHit *h);

/* What a candidate primitive of world polygon `polygon` is drawn for. */
static void
candidate_item (CaromFrame *f, guint32 polygon)
{
  const CmObject *o = cm_scene_trace_polygon (f->cache->trace, polygon);
  carom_item (f, CAROM_LAYER_CAST, o != NULL ? o->id : NULL);
}

/* Strokes the candidates gathered, weight times the outline's width. */
static void
paint_candidate (CaromFrame *f, CaromColor color, double weight)
{
  carom_set_color (f->cr, color);
  cairo_set_line_width (f->cr, carom_frame_pt (f, weight * f->style->outline_width));
  carom_stroke (f);
}

/* At the chosen step, what the cast of that hit looked at: the seed outline
 * of the polygons on screen, thin where a box culled it, in the rejected
 * colour where the cast tested and rejected it, and the hit primitive heavy;
 * then the incoming ray carried on past the hit, dashed: where the ball
 * would have gone. */
void
carom_draw_candidates (CaromFrame *f, GArray *paths)
{
  const CaromRenderCache *cache = f->cache;
  const CaromPathInfo *p = NULL;
  for (guint k = 0; k < paths->len; k++)
    if (g_array_index (paths, CaromPathInfo, k).step >= 1)
      p = &g_array_index (paths, CaromPathInfo, k);
  if (p == NULL)
    return;
  const CgTrace *t = &p->bt->trace;
  const CgHit *h = &t->hits[p->step - 1];
  int64_t exclude = p->step >= 2 ? (int64_t)t->hits[p->step - 2].prim : -1;
  if (cache->world == NULL || p->bt->world != cache->world)
    return;
  double r = p->bt->radius;
  CgWorldHit hit;
  CgTested *tested = NULL;
  size_t n_tested = 0;
  if (!cg_world_explain_cast (cache->world, h->from, h->in, r, exclude, &hit, &tested, &n_tested))
    return;
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  for (size_t i = 0; i < n_tested; i++)
    g_hash_table_add (seen, GUINT_TO_POINTER (tested[i].prim + 1));

  const CaromStyle *s = f->style;
  gboolean split = carom_frame_split (f);
  cairo_set_dash (f->cr, NULL, 0, 0.0);
  cairo_set_line_cap (f->cr, CAIRO_LINE_CAP_ROUND);
  /* Culled: every primitive of the polygons drawn in detail that was not tested. */
  carom_item (f, CAROM_LAYER_CAST, NULL);
  for (guint i = 0; i < f->detailed->len; i++)
    {
      guint32 polygon = g_array_index (f->detailed, guint32, i);
      CgOutline o = cg_world_outline (cache->world, polygon);
      if (split)
        candidate_item (f, polygon);
      for (size_t k = 0; k < o.n; k++)
        for (int part = 0; part < CG_PARTS; part++)
          {
            CgPrimitive prim;
            uint32_t id = cg_prim_id (o.first_edge, (uint32_t)k, (CgPart)part);
            if (!g_hash_table_contains (seen, GUINT_TO_POINTER (id + 1))
                && cg_outline_part (&o, k, (CgPart)part, r, &prim))
              carom_curve_prim_path (f, &prim);
          }
      if (split)
        paint_candidate (f, s->culled, 0.6);
    }
  paint_candidate (f, s->culled, 0.6);
  /* Tested and rejected. */
  carom_item (f, CAROM_LAYER_CAST, NULL);
  for (size_t i = 0; i < n_tested; i++)
    if (tested[i].rec.reject != CG_REJECT_NONE)
      {
        if (split)
          candidate_item (f, tested[i].p.object);
        carom_curve_prim_path (f, &tested[i].p);
        if (split)
          paint_candidate (f, s->rejected, 1.6);
      }
  paint_candidate (f, s->rejected, 1.6);
  /* The hit itself is drawn with the step (draw_step()). */
  free (tested);
  ray_beyond (f, p, h);
}

/* The ray beyond the hit, to the edge of the view. */
static void
ray_beyond (CaromFrame *f, const CaromPathInfo *p, const CgHit *h)
{
  cairo_t *cr = f->cr;
  const CaromStyle *s = f->style;
  CgVec2 inv = { 1.0 / h->in.x, 1.0 / h->in.y };
  double t0, t1;
  carom_item (f, CAROM_LAYER_CAST, p->bt->ball->id);
  if (cg_aabb_ray (carom_view_visible_box (f->view), h->point, inv, &t0, &t1) && t1 > 0.0)
    {
      CaromDasher d;
      carom_dasher_init (&d, f, s->outline_dash);
      carom_dasher_line (&d, carom_frame_dev (f, h->point),
                         carom_frame_dev (f, cg_mul_add (h->point, t1, h->in)));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      carom_set_color (cr, p->look.path_faint);
      cairo_set_line_width (cr, carom_frame_pt (f, s->path_width));
      carom_stroke (f);
    }
}

void
carom_draw_balls (CaromFrame *f, GArray *paths)
{
  cairo_set_dash (f->cr, NULL, 0, 0.0);
  for (guint k = 0; k < paths->len; k++)
    {
      const CaromPathInfo *p = &g_array_index (paths, CaromPathInfo, k);
      /* A ray of a beam is drawn for its beam. */
      carom_item (f, CAROM_LAYER_BALLS,
                  p->bt->source != NULL ? p->bt->source->id : p->bt->ball->id);
      ball_disk (f, &p->look, p->bt->trace.start, p->bt->ball->radius, p->step >= 1);
      /* Faint ghosts where the ball was at the hits before the step. */
      if (p->step >= 2 && (f->options->overlays & CAROM_OVERLAY_GHOSTS))
        for (gint64 k = 1; k < p->step; k++)
          ball_disk (f, &p->look, p->bt->trace.hits[k - 1].point, p->bt->ball->radius, TRUE);
    }
  for (guint k = 0; k < paths->len; k++)
    {
      const CaromPathInfo *p = &g_array_index (paths, CaromPathInfo, k);
      if (p->step >= 0)
        {
          /* What only this step draws: labels of other things keep their
           * places where it leaves them free (CAROM_INK_STEP). */
          f->ink_step = TRUE;
          draw_step (f, p);
          f->ink_step = FALSE;
        }
    }
}
