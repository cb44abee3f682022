/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-render-labels.c: where object names and hit numbers go. Each label
 * tries places in order of preference and takes the first whose box is free
 * in the frame's occupancy grid (carom-render-text.c). */
#include "carom-render-private.h"

/// The most hit numbers one frame labels.
#define MAX_HIT_LABELS 100

/* ---- labels ------------------------------------------------------------ */

/* Tries the directions in turn; returns whether one was free. */
gboolean
carom_label_somewhere (CaromFrame *f, const char *markup, CgVec2 anchor, const CgVec2 *directions,
                       int n, double gap)
{
  for (int k = 0; k < n; k++)
    if (carom_text_draw_beside (f, markup, f->style->label_size, anchor, directions[k], gap, FALSE))
      {
        f->stats->labels_drawn++;
        return TRUE;
      }
  return FALSE;
}

/* A hit's number goes where the path is not: between the incoming and the
 * outgoing segment (along the normal) when they open wide, else to a side;
 * never across the two segments that meet there. */
static gboolean
hit_label (CaromFrame *f, const CaromPathInfo *p, size_t i, const char *text, double gap)
{
  const CgTrace *t = &p->bt->trace;
  const CgHit *h = &t->hits[i - 1];
  CgVec2 c = carom_frame_dev (f, h->point);
  f->n_avoid = 0;
  f->avoid[f->n_avoid][0] = carom_frame_dev (f, carom_path_point (p, i - 1));
  f->avoid[f->n_avoid++][1] = c;
  if (i < t->n_hits)
    {
      f->avoid[f->n_avoid][0] = c;
      f->avoid[f->n_avoid++][1] = carom_frame_dev (f, carom_path_point (p, i + 1));
    }
  else if (p->has_ray)
    {
      f->avoid[f->n_avoid][0] = carom_frame_dev (f, p->ray_from);
      f->avoid[f->n_avoid++][1] = carom_frame_dev (f, p->ray_to);
    }
  /* Twelve directions round the hit, the ones farthest from both segments
   * first; then the same a little farther out. */
  enum
  {
    N_DIRS = 12
  };
  CgVec2 dirs[N_DIRS];
  double score[N_DIRS];
  CgVec2 n = h->normal, s = { -h->normal.y, h->normal.x };
  for (int k = 0; k < N_DIRS; k++)
    {
      double a = 2.0 * G_PI * k / N_DIRS;
      CgVec2 u = cg_add (cg_scale (n, cos (a)), cg_scale (s, sin (a)));
      double score_u = fmin (acos (fmin (cg_dot (u, cg_neg (h->in)), 1.0)),
                             acos (fmin (cg_dot (u, h->out), 1.0)));
      int at = k;
      while (at > 0 && score[at - 1] < score_u)
        {
          dirs[at] = dirs[at - 1];
          score[at] = score[at - 1];
          at--;
        }
      dirs[at] = u;
      score[at] = score_u;
    }
  gboolean drawn = carom_label_somewhere (f, text, c, dirs, N_DIRS, gap)
                   || carom_label_somewhere (f, text, c, dirs, N_DIRS, 2.5 * gap);
  f->n_avoid = 0;
  return drawn;
}

/// Hits that land on the same spot share a label: "1, 5, …".
typedef struct
{
  size_t first; ///< the first hit there
  GString *text;
  guint count;
} HitGroup;

static void
hit_group_free (HitGroup *g)
{
  g_string_free (g->text, TRUE);
  g_free (g);
}

void
carom_draw_hit_labels (CaromFrame *f, const CaromPathInfo *p)
{
  const CgTrace *t = &p->bt->trace;
  CgAabb view = carom_view_visible_box (f->view);
  double gap = carom_frame_pt (f, f->style->marker_radius + 1.0);
  if (p->step >= 1)
    {
      /* The chosen hit's number first, on the far side of the normal from d′. */
      const CgHit *h = &t->hits[p->step - 1];
      char text[24];
      g_snprintf (text, sizeof text, "%" G_GINT64_FORMAT, p->step);
      CgVec2 side = { -h->normal.y, h->normal.x };
      if (cg_dot (side, h->out) > 0.0)
        side = cg_neg (side);
      /* Beside the ball drawn there, clear of its rim. */
      double r_dev = p->bt->ball->radius * f->view->scale;
      CgVec2 c = carom_frame_dev (f, h->point);
      CgVec2 sides[4] = { side, cg_neg (side), cg_neg (h->in), h->normal };
      gboolean placed = FALSE;
      for (int k = 0; k < 4 && !placed; k++)
        placed
            = carom_label_somewhere (f, text, cg_mul_add (c, r_dev, sides[k]), &sides[k], 1, gap);
      for (int k = 0; k < 8 && !placed; k++)
        placed = carom_label_somewhere (f, text, cg_mul_add (c, r_dev, carom_around[k]),
                                        &carom_around[k], 1, gap);
    }

  /* Group the hits by where they land on the device, to a point. */
  double q = carom_frame_pt (f, 1.0);
  g_autoptr (GHashTable) at = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr (GPtrArray) groups = g_ptr_array_new_with_free_func ((GDestroyNotify)hit_group_free);
  g_autoptr (GArray) keys = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_array_set_size (keys, t->n_hits);
  for (size_t i = 1; i <= t->n_hits; i++)
    {
      const CgHit *h = &t->hits[i - 1];
      if (!carom_segment_emphasised (p, i) || !cg_aabb_contains (view, h->point)
          || (gint64)i == p->step)
        continue;
      CgVec2 d = carom_frame_dev (f, h->point);
      gint64 *key = &g_array_index (keys, gint64, i - 1);
      *key = (gint64)floor (d.x / q) * 1000003 + (gint64)floor (d.y / q);
      HitGroup *g = g_hash_table_lookup (at, key);
      if (g == NULL)
        {
          g = g_new0 (HitGroup, 1);
          g->first = i;
          g->text = g_string_new (NULL);
          g_ptr_array_add (groups, g);
          g_hash_table_insert (at, key, g);
        }
      if (g->count < 2)
        g_string_append_printf (g->text, g->count == 0 ? "%zu" : ", %zu", i);
      else if (g->count == 2)
        g_string_append (g->text, ", …");
      g->count++;
    }
  /* Past a hundred numbers a picture is too crowded to follow them: the
   * first hundred in view are labelled (and a frame stays quick). */
  for (guint k = 0; k < MIN (groups->len, MAX_HIT_LABELS); k++)
    {
      const HitGroup *g = g_ptr_array_index (groups, k);
      if (hit_label (f, p, g->first, g->text->str, gap) || g->count == 1)
        continue;
      /* No room for the list: the first number alone. */
      char first[24];
      g_snprintf (first, sizeof first, "%zu", g->first);
      hit_label (f, p, g->first, first, gap);
    }
}

/* The eight directions around a box, diagonals first, the upper right first. */
const CgVec2 carom_around[8] = {
  { G_SQRT2 / 2, -G_SQRT2 / 2 },
  { -G_SQRT2 / 2, -G_SQRT2 / 2 },
  { G_SQRT2 / 2, G_SQRT2 / 2 },
  { -G_SQRT2 / 2, G_SQRT2 / 2 },
  { 1.0, 0.0 },
  { -1.0, 0.0 },
  { 0.0, -1.0 },
  { 0.0, 1.0 },
};

/* Beside an obstacle's outline box: at a corner for a diagonal, at a side's
 * middle for an axis. On the obstacle when it is large enough. */
static void
obstacle_label (CaromFrame *f, const CaromRenderPolygon *p, const char *markup)
{
  CgVec2 lo = carom_frame_dev (f, p->box.lo), hi = carom_frame_dev (f, p->box.hi);
  if (fmin (hi.x - lo.x, hi.y - lo.y) > carom_frame_pt (f, 6.0 * f->style->label_size)
      && carom_text_draw (f, markup, f->style->label_size, cg_lerp (lo, hi, 0.5), FALSE))
    {
      f->stats->labels_drawn++;
      return;
    }
  lo = carom_frame_dev (f, p->cull_box.lo);
  hi = carom_frame_dev (f, p->cull_box.hi);
  CgVec2 c = cg_lerp (lo, hi, 0.5), half = cg_scale (cg_sub (hi, lo), 0.5);
  double gap = carom_frame_pt (f, 1.5);
  /* Above, right, below, left, then the corners. */
  static const int order[8] = { 6, 4, 7, 5, 0, 1, 2, 3 };
  for (int j = 0; j < 8; j++)
    {
      CgVec2 u = carom_around[order[j]];
      CgVec2 corner = { c.x
                            + (u.x > 0   ? half.x
                               : u.x < 0 ? -half.x
                                         : 0.0),
                        c.y
                            + (u.y > 0   ? half.y
                               : u.y < 0 ? -half.y
                                         : 0.0) };
      /* From a corner, only the part of the gap along the diagonal is needed. */
      CgVec2 anchor
          = cg_mul_add (corner, -0.3 * (fabs (u.x) * fabs (u.y) > 0 ? 1.0 : 0.0) * gap, u);
      if (carom_text_draw_beside (f, markup, f->style->label_size, anchor, u, gap, FALSE))
        {
          f->stats->labels_drawn++;
          return;
        }
    }
}

/* Beside one of the longest edges in view: outside the room where there is
 * space, else inside beyond the offset outline. */
static void
wall_label (CaromFrame *f, const CaromObject *o, const char *markup)
{
  enum
  {
    EDGES_TRIED = 4
  };
  CgAabb view = carom_view_visible_box (f->view);
  size_t best[EDGES_TRIED];
  double best_len[EDGES_TRIED];
  int n_best = 0;
  for (size_t k = 0; k < o->n_points; k++)
    {
      CgVec2 mid, normal;
      double len;
      carom_object_edge_middle (o, k, &mid, &normal, &len);
      if (!cg_aabb_contains (view, mid) || !(len > 0.0))
        continue;
      /* Insertion into the short list of the longest edges. */
      int at;
      if (n_best < EDGES_TRIED)
        at = n_best++;
      else if (len > best_len[EDGES_TRIED - 1])
        at = EDGES_TRIED - 1;
      else
        continue;
      for (; at > 0 && best_len[at - 1] < len; at--)
        {
          best[at] = best[at - 1];
          best_len[at] = best_len[at - 1];
        }
      best[at] = k;
      best_len[at] = len;
    }
  double gap = carom_frame_pt (f, 3.0);
  double inside = f->cache->radius * f->view->scale + gap;
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < n_best; i++)
      {
        CgVec2 mid, n;
        double len;
        carom_object_edge_middle (o, best[i], &mid, &n, &len);
        CgVec2 m = carom_frame_dev (f, mid);
        if (carom_text_draw_beside (f, markup, f->style->label_size, m, pass == 0 ? cg_neg (n) : n,
                                    pass == 0 ? gap : inside, FALSE))
          {
            f->stats->labels_drawn++;
            return;
          }
      }
}

void
carom_draw_ball_labels (CaromFrame *f, GArray *paths)
{
  CgAabb view = carom_view_visible_box (f->view);
  double gap = carom_frame_pt (f, 2.0);
  for (guint k = 0; k < paths->len; k++)
    {
      const CaromObject *b = g_array_index (paths, CaromPathInfo, k).bt->ball;
      if (!cg_aabb_contains (view, b->center))
        continue;
      g_autofree char *markup = g_markup_escape_text (b->id, -1);
      CgVec2 c = carom_frame_dev (f, b->center);
      double r = b->radius * f->view->scale;
      /* Behind the ball, away from where it goes, else anywhere around it. */
      CgVec2 back = cg_neg (b->direction);
      if (carom_label_somewhere (f, markup, cg_mul_add (c, r, back), &back, 1, gap))
        continue;
      for (int d = 0; d < 8; d++)
        if (carom_label_somewhere (f, markup, cg_mul_add (c, r, carom_around[d]), &carom_around[d],
                                   1, gap))
          break;
    }
}

void
carom_draw_polygon_labels (CaromFrame *f)
{
  const CaromRenderPolygon *polys = f->cache->polygons;
  for (guint i = 0; i < f->detailed->len; i++)
    {
      const CaromRenderPolygon *p = &polys[g_array_index (f->detailed, guint32, i)];
      g_autofree char *markup = g_markup_escape_text (p->object->id, -1);
      if (p->object->role == CG_ROLE_WALL)
        wall_label (f, p->object, markup);
      else
        obstacle_label (f, p, markup);
    }
}

/* Labels keep off what they would hide: the path, walls, obstacles with
 * their outlines, and the balls. */
void
carom_reserve_drawing (CaromFrame *f, GArray *paths)
{
  CaromOccupancy *o = &f->taken;
  const CaromRenderPolygon *polys = f->cache->polygons;
  for (guint i = 0; i < f->detailed->len; i++)
    {
      const CaromRenderPolygon *p = &polys[g_array_index (f->detailed, guint32, i)];
      const CaromObject *ob = p->object;
      if (ob->role == CG_ROLE_OBSTACLE)
        {
          carom_occupancy_take (o, (CgAabb){ carom_frame_dev (f, p->cull_box.lo),
                                             carom_frame_dev (f, p->cull_box.hi) });
          continue;
        }
      if (ob->edges != NULL)
        {
          carom_curve_take (f, ob);
          continue;
        }
      for (size_t k = 0; k < ob->n_points; k++)
        carom_occupancy_take_segment (o, carom_frame_dev (f, ob->points[k]),
                                      carom_frame_dev (f, ob->points[(k + 1) % ob->n_points]));
    }
  if (f->options->overlays & CAROM_OVERLAY_NORMALS)
    {
      /* The edge normals' ticks, as draw_normals() draws them. */
      double tick = carom_frame_pt (f, f->style->tick_length);
      for (guint i = 0; i < f->detailed->len; i++)
        {
          const CaromObject *ob = polys[g_array_index (f->detailed, guint32, i)].object;
          for (size_t k = 0; k < ob->n_points; k++)
            {
              CgVec2 mid, normal;
              double len;
              carom_object_edge_middle (ob, k, &mid, &normal, &len);
              if (len * f->view->scale < 1.5 * tick)
                continue;
              CgVec2 m = carom_frame_dev (f, mid);
              carom_occupancy_take_segment (o, m, cg_mul_add (m, tick, normal));
            }
        }
    }
  for (guint k = 0; k < paths->len; k++)
    {
      const CaromPathInfo *p = &g_array_index (paths, CaromPathInfo, k);
      const CgTrace *t = &p->bt->trace;
      if (f->options->overlays & CAROM_OVERLAY_PATH)
        {
          /* Not the ends, where the hit numbers go. */
          double keep_off = carom_frame_pt (f, 3.0 * f->style->label_size);
          for (size_t i = 1; i <= t->n_hits; i++)
            {
              CgVec2 a = carom_frame_dev (f, carom_path_point (p, i - 1));
              CgVec2 b = carom_frame_dev (f, carom_path_point (p, i));
              double len = cg_distance (a, b), cut = fmin (keep_off, 0.4 * len) / len;
              if (len > 0.0)
                carom_occupancy_take_segment (o, cg_lerp (a, b, cut), cg_lerp (a, b, 1.0 - cut));
            }
          if (p->has_ray)
            carom_occupancy_take_segment (o, carom_frame_dev (f, p->ray_from),
                                          carom_frame_dev (f, p->ray_to));
        }
      /* The square inside each drawn disk: a label may touch the rim. */
      double half = p->bt->ball->radius * f->view->scale * G_SQRT2 / 2;
      CgVec2 centres[2] = { p->bt->ball->center, t->start };
      int n = 1;
      if (p->step >= 1)
        centres[n++] = t->hits[p->step - 1].point;
      for (int j = 0; j < n; j++)
        {
          CgVec2 c = carom_frame_dev (f, centres[j]);
          carom_occupancy_take (
              o, (CgAabb){ cg_sub (c, cg_v2 (half, half)), cg_add (c, cg_v2 (half, half)) });
        }
    }
}
