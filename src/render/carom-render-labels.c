/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-render-labels.c: where labels go.
 *
 * Every label (an object's name, d, d′, n, a hit's number, a beam's name)
 * is gathered while the frame is drawn and placed once everything else is,
 * on the ink the frame drew (carom-render-out.c). Each label names
 * something (its anchor: a disk, a segment or an object's boundary) and
 * tries candidate places around it: beside the anchor in a ring of
 * directions, close first and then a little farther. A place is free when
 * the label's box, with its halo, lies in the view, covers no ink and no
 * label placed before, and crosses no leader line; among the free places
 * the label takes the one of least cost (the nearest, on the side it
 * prefers: behind a ball, beyond a vector's tip, above an obstacle). When
 * no place near is free, it takes the nearest free place up to four label
 * heights farther out, with a short leader line back to what it names; when
 * even that fails, a label that must be drawn takes the near place with the
 * least ink (its halo keeps it readable), and a hit number is left out.
 *
 * Labels go in order of rank: the author's (drawn where the author put them,
 * exempt from these rules), balls and beams, walls and obstacles, the
 * step's (d, d′, n), the chosen hit's number and its neighbours', and last
 * the other hit numbers, nearest the chosen hit first (without a step: the
 * first hits first). That is how crowded hit numbers are thinned: a number
 * is drawn only where one of its near places is still free, so the chosen
 * hit and its neighbours keep theirs and a hundred crossing bounces show the
 * numbers that fit.
 *
 * Stable: places are tried in a fixed order relative to the anchor, so a
 * small edit moves a label with what it names. A label of anything but the
 * step takes the place it would take without the step's own drawing (the
 * ball at the hit, d, n, d′), as long as that drawing leaves it free; and
 * with only the path up to the step drawn, places where the rest of the
 * path will go cost more (undrawn). So stepping through the hits moves a
 * name only when the step's own drawing, or the path grown to the step,
 * covers its place. */
#include "carom-render-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/// The most hit numbers one frame labels.
#define MAX_HIT_LABELS 200
/// Directions tried around a disk.
#define DISK_DIRECTIONS 16
/// Labels beyond this many in a frame look for no leader (a crowd of tiny
/// objects must not cost a frame its pace).
#define MAX_LEADER_SEARCHES 64
/// Points of its boundary an object's label tries places at, at most.
#define MAX_OBJECT_SAMPLES 48

typedef struct
{
  CaromLabelSpec spec; ///< markup and for_id owned
  guint index;         ///< the order labels were added in: ties keep it
} Label;

struct CaromLabels
{
  GArray *labels;  ///< Label
  GArray *placed;  ///< CgAabb: labels drawn, padded
  GArray *leaders; ///< CgVec2 pairs: leader lines drawn
  guint leader_searches;
};

/// A place to try: the label's box, where its leader would start, and its cost.
typedef struct
{
  CgAabb box;
  CgVec2 from; ///< the point of the anchor it sits beside
  double cost;
} Place;

static void
label_clear (gpointer data)
{
  Label *l = data;
  g_free ((char *)l->spec.markup);
  g_free ((char *)l->spec.for_id);
}

void
carom_labels_begin (CaromFrame *f)
{
  CaromLabels *ls = g_new0 (CaromLabels, 1);
  ls->labels = g_array_new (FALSE, FALSE, sizeof (Label));
  g_array_set_clear_func (ls->labels, label_clear);
  ls->placed = g_array_new (FALSE, FALSE, sizeof (CgAabb));
  ls->leaders = g_array_new (FALSE, FALSE, sizeof (CgVec2));
  f->labels = ls;
  carom_label_ink_begin (f);
}

void
carom_label_add (CaromFrame *f, const CaromLabelSpec *spec)
{
  if (f->labels == NULL)
    return;
  Label l = { .spec = *spec, .index = f->labels->labels->len };
  l.spec.markup = g_strdup (spec->markup);
  l.spec.for_id = g_strdup (spec->for_id);
  g_array_append_val (f->labels->labels, l);
}

static int
label_compare (gconstpointer a, gconstpointer b)
{
  const Label *x = a, *y = b;
  if (x->spec.rank != y->spec.rank)
    return x->spec.rank < y->spec.rank ? -1 : 1;
  if (x->spec.order != y->spec.order)
    return x->spec.order < y->spec.order ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

/* ---- places ------------------------------------------------------------- */

/* The box of size w × h beside point p, out along the unit u, gap away:
 * its centre moves out until the box clears p + u gap. */
static CgAabb
box_beside (CgVec2 p, CgVec2 u, double gap, double w, double h)
{
  double reach = 0.5 * (fabs (u.x) * w + fabs (u.y) * h);
  CgVec2 c = cg_mul_add (p, gap + reach, u);
  CgVec2 half = { 0.5 * w, 0.5 * h };
  return (CgAabb){ cg_sub (c, half), cg_add (c, half) };
}

static void
add_place (GArray *places, CgAabb box, CgVec2 from, double cost)
{
  Place p = { box, from, cost };
  g_array_append_val (places, p);
}

/* u turned by angle (radians, y down: clockwise on screen). */
static CgVec2
turned (CgVec2 u, double angle)
{
  double c = cos (angle), s = sin (angle);
  return (CgVec2){ c * u.x - s * u.y, s * u.x + c * u.y };
}

/* Around a disk: DISK_DIRECTIONS directions, the preferred one first and
 * then alternately either side of it; without a preference, up and to the
 * right first. */
static void
disk_places (const CaromLabelSpec *s, double w, double h, double gap, double ring, GArray *out)
{
  CgVec2 first = cg_length_sq (s->prefer) > 0.0 ? cg_normalize (s->prefer)
                                                : cg_v2 (G_SQRT2 / 2, -G_SQRT2 / 2);
  for (int r = 0; r < 2; r++)
    for (int k = 0; k < DISK_DIRECTIONS; k++)
      {
        int step = (k + 1) / 2 * (k % 2 == 1 ? 1 : -1);
        CgVec2 u = turned (first, 2.0 * G_PI * step / DISK_DIRECTIONS);
        CgVec2 from = cg_mul_add (s->a, s->r, u);
        add_place (out, box_beside (from, u, gap + r * ring, w, h), from, r * 10.0 + abs (step));
      }
}

/* Beside the segment a → b: beyond b, then at points farther and farther
 * back from b, on the preferred side first. */
static void
segment_places (const CaromLabelSpec *s, double w, double h, double gap, double ring, GArray *out)
{
  CgVec2 ab = cg_sub (s->b, s->a);
  double len = cg_length (ab);
  if (!(len > 0.0))
    {
      CaromLabelSpec disk = *s;
      disk.r = 0.0;
      disk_places (&disk, w, h, gap, ring, out);
      return;
    }
  CgVec2 u = cg_scale (ab, 1.0 / len), n = { -u.y, u.x };
  if (cg_dot (n, s->prefer) < 0.0)
    n = cg_neg (n);
  static const double back[] = { 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0 };
  for (int r = 0; r < 2; r++)
    {
      double g = gap + r * ring;
      double base = r * 10.0;
      /* Beyond the tip, straight on and a little to either side; not when
       * the end is covered by something else (the ball at a hit). */
      if (s->r <= 0.0)
        {
          add_place (out, box_beside (s->b, u, g, w, h), s->b, base);
          add_place (out, box_beside (s->b, cg_normalize (cg_add (u, n)), g, w, h), s->b,
                     base + 0.5);
          add_place (out, box_beside (s->b, cg_normalize (cg_sub (u, n)), g, w, h), s->b,
                     base + 1.0);
        }
      /* Along the half near b (nearer a, the label would name what starts
       * there), past the length r that covers b. */
      double reach = fmax (0.6 * len, fmin (s->r + 0.5 * h, len));
      for (gsize k = 0; k < G_N_ELEMENTS (back); k++)
        {
          double t = fmin (s->r + back[k] * h, reach);
          CgVec2 p = cg_mul_add (s->b, -t, u);
          add_place (out, box_beside (p, n, g, w, h), p, base + 1.0 + back[k]);
          add_place (out, box_beside (p, cg_neg (n), g, w, h), p, base + 1.5 + back[k]);
          if (t == reach)
            break;
        }
    }
}

/* Around an object's boundary: the middles (and quarters) of its longest
 * edges in view, outward; a wall's outside first, then its inside. Above
 * and to the right are preferred, as a reader looks for a name. */
static void
object_places (CaromFrame *f, const CaromLabelSpec *s, double w, double h, double gap, double ring,
               GArray *out)
{
  const CmObject *o = s->object;
  CgAabb view = { { 0.0, 0.0 }, { f->view->width, f->view->height } };
  typedef struct
  {
    CgVec2 p, n; ///< device point, front normal
    double len;  ///< its edge's device length
  } Sample;
  g_autoptr (GArray) samples = g_array_new (FALSE, FALSE, sizeof (Sample));
  for (size_t k = 0; k < o->n_points; k++)
    {
      CgVec2 mid, normal;
      double len;
      cm_object_edge_middle (o, k, &mid, &normal, &len);
      double dev_len = len * f->view->scale;
      /* A place every two label heights or so along the edge; a whole
       * circle (one edge) all round. */
      gboolean whole = o->n_points == 1;
      int parts = CLAMP ((int)(dev_len / (2.0 * h)), whole ? 12 : 1, whole ? 24 : 8);
      for (int i = 0; i < parts; i++)
        {
          double t = whole ? (double)i / parts : (i + 0.5) / parts;
          CgVec2 p, n;
          cm_object_edge_point (o, k, t, &p, &n);
          Sample sm = { carom_frame_dev (f, p), n, dev_len / parts };
          if (cg_aabb_contains (view, sm.p) && sm.len > 0.0)
            g_array_append_val (samples, sm);
        }
    }
  /* The longest pieces first, at most MAX_OBJECT_SAMPLES of them. */
  for (guint i = 1; i < samples->len; i++)
    {
      Sample x = g_array_index (samples, Sample, i);
      guint j = i;
      for (; j > 0 && g_array_index (samples, Sample, j - 1).len < x.len; j--)
        g_array_index (samples, Sample, j) = g_array_index (samples, Sample, j - 1);
      g_array_index (samples, Sample, j) = x;
    }
  guint n_samples = MIN (samples->len, MAX_OBJECT_SAMPLES);
  gboolean wall = o->role == CG_ROLE_WALL;
  double longest = n_samples > 0 ? g_array_index (samples, Sample, 0).len : 1.0;
  CgVec2 centre = carom_frame_dev (f, cm_object_label_anchor (o));
  /* The axis directions, which a label may take from a point whose normal
   * is near them: its box then lines up with the edge's end. */
  static const CgVec2 axes[4] = { { 0.0, -1.0 }, { 1.0, 0.0 }, { 0.0, 1.0 }, { -1.0, 0.0 } };
  for (int r = 0; r < 2; r++)
    for (guint i = 0; i < n_samples; i++)
      {
        const Sample *sm = &g_array_index (samples, Sample, i);
        /* An obstacle's front faces out; a wall's faces into the room. */
        CgVec2 outward = wall ? cg_neg (sm->n) : sm->n;
        double g = gap + r * (s->r + ring);
        if (wall)
          {
            /* Beside a long edge, outside the room, else inside beyond the outline. */
            double prefer = (1.0 + outward.y) + 0.3 * (1.0 - outward.x);
            double cost = r * 10.0 + prefer + 2.0 * (1.0 - sm->len / longest);
            add_place (out, box_beside (sm->p, outward, g, w, h), sm->p, cost);
            add_place (out, box_beside (sm->p, sm->n, gap + s->r + r * ring, w, h), sm->p,
                       20.0 + cost);
            continue;
          }
        /* Out along the normal, or along an axis near it; as near the
         * obstacle's middle as can be (a label off to one side of it reads
         * as a neighbour's), above and to the right a little sooner. */
        for (int k = -1; k < 4; k++)
          {
            CgVec2 u = k < 0 ? outward : axes[k];
            if (k >= 0 && cg_dot (u, outward) < 0.5)
              continue;
            double prefer = (1.0 + u.y) + 0.3 * (1.0 - u.x);
            CgAabb box = box_beside (sm->p, u, g, w, h);
            add_place (out, box, sm->p,
                       cg_distance (cg_aabb_center (box), centre) / h + 0.3 * prefer);
          }
      }
}

/* ---- choosing ----------------------------------------------------------- */

static gboolean
boxes_overlap (CgAabb a, CgAabb b)
{
  return a.lo.x < b.hi.x && b.lo.x < a.hi.x && a.lo.y < b.hi.y && b.lo.y < a.hi.y;
}

/* Whether box is clear of labels and leaders drawn, and inside the view. */
static gboolean
clear_of_labels (const CaromFrame *f, CgAabb box)
{
  if (box.lo.x < 0.0 || box.lo.y < 0.0 || box.hi.x > f->view->width || box.hi.y > f->view->height)
    return FALSE;
  const CaromLabels *ls = f->labels;
  for (guint i = 0; i < ls->placed->len; i++)
    if (boxes_overlap (box, g_array_index (ls->placed, CgAabb, i)))
      return FALSE;
  for (guint i = 0; i + 1 < ls->leaders->len; i += 2)
    if (carom_segment_meets_box (g_array_index (ls->leaders, CgVec2, i),
                                 g_array_index (ls->leaders, CgVec2, i + 1), box))
      return FALSE;
  return TRUE;
}

/* The ink of kind under box with its halo. */
static guint32
ink_under (const CaromFrame *f, CaromInkKind kind, CgAabb box)
{
  return carom_label_ink_count (f, kind,
                                cg_aabb_pad (box, carom_frame_pt (f, 0.5 * f->style->halo_width)));
}

/* Whether there is ink of kind under box with its halo. */
static gboolean
inked (const CaromFrame *f, CaromInkKind kind, CgAabb box)
{
  return carom_label_ink_any (f, kind,
                              cg_aabb_pad (box, carom_frame_pt (f, 0.5 * f->style->halo_width)));
}

/* The distance from a device point to the box (0 inside). */
static double
box_distance (CgAabb box, CgVec2 p)
{
  double dx = fmax (fmax (box.lo.x - p.x, p.x - box.hi.x), 0.0);
  double dy = fmax (fmax (box.lo.y - p.y, p.y - box.hi.y), 0.0);
  return hypot (dx, dy);
}

/* The distance from the device segment [a, b] to the box (0 when they meet). */
static double
segment_box_distance (CgAabb box, CgVec2 a, CgVec2 b)
{
  if (carom_segment_meets_box (a, b, box))
    return 0.0;
  double d = fmin (box_distance (box, a), box_distance (box, b));
  CgVec2 corners[4] = { box.lo, { box.hi.x, box.lo.y }, box.hi, { box.lo.x, box.hi.y } };
  CgVec2 ab = cg_sub (b, a);
  double len_sq = cg_length_sq (ab);
  for (int k = 0; k < 4 && len_sq > 0.0; k++)
    {
      double t = CLAMP (cg_dot (cg_sub (corners[k], a), ab) / len_sq, 0.0, 1.0);
      d = fmin (d, cg_distance (corners[k], cg_mul_add (a, t, ab)));
    }
  return d;
}

/* The distance from the box to an object's boundary (device units), its arcs
 * taken as chords of an eighth of a turn at most. */
static double
object_box_distance (const CaromFrame *f, const CmObject *o, CgAabb box)
{
  double d = G_MAXDOUBLE;
  for (size_t k = 0; k < o->n_points && d > 0.0; k++)
    {
      int pieces = o->edges != NULL && o->edges[k].sweep != 0.0
                       ? CLAMP ((int)ceil (fabs (o->edges[k].sweep) / (G_PI / 4)), 1, 8)
                       : 1;
      CgVec2 prev = carom_frame_dev (f, o->points[k]), p, n;
      for (int i = 1; i <= pieces; i++)
        {
          cm_object_edge_point (o, k, (double)i / pieces, &p, &n);
          CgVec2 next = carom_frame_dev (f, p);
          d = fmin (d, segment_box_distance (box, prev, next));
          prev = next;
        }
    }
  return d;
}

/* Whether a place of a label that names an object or a ball is not clearly
 * nearer what it names than any other object (by half again): a reader
 * could take it for the other one's. */
static gboolean
nearer_another (const CaromFrame *f, const CaromLabelSpec *s, const Place *p)
{
  if (s->rank != CAROM_LABEL_OBJECT && s->rank != CAROM_LABEL_BALL)
    return FALSE;
  double own = s->kind == CAROM_ANCHOR_OBJECT ? object_box_distance (f, s->object, p->box)
                                              : fmax (box_distance (p->box, s->a) - s->r, 0.0);
  /* Other objects whose box comes that near. */
  double margin = 1.5 * own + carom_frame_pt (f, 1.0);
  CgAabb near = cg_aabb_pad (p->box, margin);
  CgAabb scene = { carom_view_to_scene (f->view, near.lo), carom_view_to_scene (f->view, near.hi) };
  g_autoptr (GArray) found = g_array_new (FALSE, FALSE, sizeof (guint32));
  carom_render_cache_query (f->cache, scene, found);
  for (guint i = 0; i < found->len; i++)
    {
      const CmObject *o = f->cache->polygons[g_array_index (found, guint32, i)].object;
      /* A wall runs round everything: being near it says nothing. */
      if (o != s->object && o->role == CG_ROLE_OBSTACLE
          && object_box_distance (f, o, p->box) < margin)
        return TRUE;
    }
  return FALSE;
}

/* Whether a place is free for a label: in view, off the labels and leaders
 * drawn, without ink (faint ink allowed with faint; the chosen step's ink
 * looked at unless steady), and nearer what it names than anything else
 * (unless a leader line will say what it names). */
static gboolean
place_free_as (const CaromFrame *f, const CaromLabelSpec *s, const Place *p, gboolean faint,
               gboolean leader, gboolean steady)
{
  return clear_of_labels (f, p->box) && !inked (f, CAROM_INK_STRONG, p->box)
         && (steady || !inked (f, CAROM_INK_STEP, p->box))
         && (faint || !inked (f, CAROM_INK_FAINT, p->box)) && (leader || !nearer_another (f, s, p));
}

static gboolean
place_free (const CaromFrame *f, const CaromLabelSpec *s, const Place *p, gboolean faint,
            gboolean leader)
{
  return place_free_as (f, s, p, faint, leader, FALSE);
}

/* A place on faint ink, or where the path will go after the step, costs as
 * much as this much farther (a label near over the faint path after the step
 * reads better than one far away). */
#define FAINT_COST 4.0

/* The free place of least cost, a place on faint ink costing FAINT_COST
 * more; -1 when none is. steady: the chosen step's ink left out. */
static int
best_free (const CaromFrame *f, const CaromLabelSpec *s, GArray *places, gboolean steady)
{
  int best = -1;
  double best_cost = G_MAXDOUBLE;
  for (guint i = 0; i < places->len; i++)
    {
      const Place *p = &g_array_index (places, Place, i);
      if (p->cost >= best_cost || !place_free_as (f, s, p, TRUE, FALSE, steady))
        continue;
      /* Faint ink, and where the path will go after the step, cost more. */
      double cost = p->cost + (inked (f, CAROM_INK_FAINT, p->box) ? FAINT_COST : 0.0)
                    + (inked (f, CAROM_INK_FUTURE, p->box) ? FAINT_COST : 0.0);
      if (cost < best_cost)
        {
          best = (int)i;
          best_cost = cost;
        }
    }
  return best;
}

/// How far a label may go from what it names, with a leader line.
#define LEADER_REACH 5.0

typedef struct
{
  CgAabb box;
  CgVec2 from;
  double distance;
} Far;

static int
far_compare (gconstpointer a, gconstpointer b)
{
  const Far *x = a, *y = b;
  return x->distance < y->distance ? -1 : x->distance > y->distance;
}

/* The nearest free place beyond the near ones, up to LEADER_REACH label
 * heights from what the label names, with a leader back to the point of it
 * the near places started from: box centres on a grid a third of a label
 * high around those points, nearest first. */
static gboolean
leader_place (const CaromFrame *f, const CaromLabelSpec *s, GArray *places, double w, double h,
              gboolean faint, Place *found)
{
  if (places->len == 0)
    return FALSE;
  /* The points the near places start from, and their box. */
  g_autoptr (GArray) from = g_array_new (FALSE, FALSE, sizeof (CgVec2));
  CgAabb around = cg_aabb_empty ();
  for (guint i = 0; i < places->len; i++)
    {
      CgVec2 p = g_array_index (places, Place, i).from;
      gboolean seen = FALSE;
      for (guint k = 0; k < from->len && !seen; k++)
        seen = g_array_index (from, CgVec2, k).x == p.x && g_array_index (from, CgVec2, k).y == p.y;
      if (!seen)
        {
          g_array_append_val (from, p);
          around = cg_aabb_add_point (around, p);
        }
    }
  double reach = LEADER_REACH * h, step = h / 3.0;
  CgAabb grid = cg_aabb_pad (around, reach + 0.5 * fmax (w, h));
  g_autoptr (GArray) fars = g_array_new (FALSE, FALSE, sizeof (Far));
  CgVec2 half = { 0.5 * w, 0.5 * h };
  for (double y = grid.lo.y; y <= grid.hi.y; y += step)
    for (double x = grid.lo.x; x <= grid.hi.x; x += step)
      {
        CgVec2 c = { x, y };
        Far far = { { cg_sub (c, half), cg_add (c, half) }, { 0.0, 0.0 }, G_MAXDOUBLE };
        for (guint k = 0; k < from->len; k++)
          {
            CgVec2 p = g_array_index (from, CgVec2, k);
            double d = box_distance (far.box, p);
            if (d < far.distance)
              {
                far.distance = d;
                far.from = p;
              }
          }
        if (far.distance <= reach && far.distance > 0.0)
          g_array_append_val (fars, far);
      }
  g_array_sort (fars, far_compare);
  for (guint i = 0; i < fars->len; i++)
    {
      const Far *far = &g_array_index (fars, Far, i);
      Place p = { far->box, far->from, 0.0 };
      if (place_free (f, s, &p, faint, TRUE))
        {
          *found = p;
          return TRUE;
        }
    }
  return FALSE;
}

/* The near place with the least ink (a label that must be drawn, when no
 * place is free), a place nearer another object than what it names only
 * when there is no other; -1 when every one is off the view or on a label. */
static int
least_ink (const CaromFrame *f, const CaromLabelSpec *s, GArray *places)
{
  int best = -1;
  guint64 best_ink = G_MAXUINT64;
  for (guint i = 0; i < places->len; i++)
    {
      const Place *p = &g_array_index (places, Place, i);
      if (!clear_of_labels (f, p->box))
        continue;
      /* Strong ink counts four times faint ink; a place that reads as a
       * neighbour's label, more than any ink. */
      guint64 ink = 4 * (guint64)ink_under (f, CAROM_INK_STRONG, p->box)
                    + 4 * (guint64)ink_under (f, CAROM_INK_STEP, p->box)
                    + ink_under (f, CAROM_INK_FAINT, p->box)
                    + (nearer_another (f, s, p) ? (guint64)1 << 40 : 0);
      if (ink < best_ink
          || (ink == best_ink && best >= 0 && p->cost < g_array_index (places, Place, best).cost))
        {
          best = (int)i;
          best_ink = ink;
        }
    }
  return best;
}

/* The point of box nearest p. */
static CgVec2
box_nearest (CgAabb box, CgVec2 p)
{
  return cg_v2 (CLAMP (p.x, box.lo.x, box.hi.x), CLAMP (p.y, box.lo.y, box.hi.y));
}

static void
draw_leader (CaromFrame *f, const Label *l, CgVec2 from, CgAabb box)
{
  CgVec2 to = box_nearest (box, from);
  /* Stop short of the anchor and of the text. */
  double len = cg_distance (from, to);
  double trim = carom_frame_pt (f, 1.0);
  if (!(len > 2.0 * trim))
    return;
  CgVec2 u = cg_scale (cg_sub (to, from), 1.0 / len);
  CgVec2 a = cg_mul_add (from, trim, u), b = cg_mul_add (to, -trim, u);
  cairo_t *cr = f->cr;
  carom_item (f, CAROM_LAYER_LABELS, NULL);
  if (f->svg != NULL)
    carom_svg_out_item (f->svg, CAROM_LAYER_LABELS, l->spec.for_id, TRUE);
  cairo_save (cr);
  cairo_new_path (cr);
  cairo_move_to (cr, a.x, a.y);
  cairo_line_to (cr, b.x, b.y);
  carom_set_color (cr, f->style->text);
  cairo_set_line_width (cr, carom_frame_pt (f, 0.5));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_dash (cr, NULL, 0, 0.0);
  carom_stroke (f);
  cairo_restore (cr);
  g_array_append_val (f->labels->leaders, a);
  g_array_append_val (f->labels->leaders, b);
  f->leader = TRUE;
  f->leader_a = a;
  f->leader_b = b;
}

/* Whether placement is turned off ($CAROM_LABELS_UNPLACED), for the tests
 * that check it. */
static gboolean
unplaced (void)
{
  static gsize once = 0;
  static gboolean off;
  if (g_once_init_enter (&once))
    {
      off = g_getenv ("CAROM_LABELS_UNPLACED") != NULL;
      g_once_init_leave (&once, 1);
    }
  return off;
}

/// How place_one() goes about a label.
typedef enum
{
  PLACE_STEADY_ONLY, ///< only where it would go without the step (a name's first turn)
  PLACE_ANY,         ///< anywhere the rules allow, the steady place first when free
  PLACE_NOT_STEADY,  ///< anywhere but its steady place was refused (a name's second turn)
} PlaceTurn;

/* Places and draws one label; FALSE when it was left for a later turn
 * (PLACE_STEADY_ONLY) or left out. */
static gboolean
place_one (CaromFrame *f, const Label *l, GArray *places, PlaceTurn turn)
{
  const CaromLabelSpec *s = &l->spec;
  CgAabb logical = carom_text_measure (f, s->markup, s->size_pt);
  double w = logical.hi.x - logical.lo.x, h = logical.hi.y - logical.lo.y;
  double gap = carom_frame_pt (f, 1.0 + 0.5 * f->style->halo_width);
  double ring = 0.6 * h;
  CgAabb box = cg_aabb_empty ();
  CgVec2 leader_from = { 0.0, 0.0 };
  gboolean leader = FALSE;

  if (s->rank == CAROM_LABEL_AUTHOR)
    {
      CgVec2 half = { 0.5 * w, 0.5 * h };
      box = (CgAabb){ cg_sub (s->author, half), cg_add (s->author, half) };
      if (box.hi.x < 0.0 || box.hi.y < 0.0 || box.lo.x > f->view->width
          || box.lo.y > f->view->height)
        return FALSE;
    }
  else
    {
      g_array_set_size (places, 0);
      switch (s->kind)
        {
        case CAROM_ANCHOR_DISK:
          disk_places (s, w, h, gap, ring, places);
          break;
        case CAROM_ANCHOR_SEGMENT:
          segment_places (s, w, h, gap, ring, places);
          break;
        case CAROM_ANCHOR_OBJECT:
          object_places (f, s, w, h, gap, ring, places);
          break;
        }
      /* Near and free (faint ink costs more); farther with a leader, free,
       * then on faint ink; near with the least ink. (CAROM_LABELS_UNPLACED
       * takes the first place tried, whatever is there: what the tests of
       * placement must catch.) */
      if (unplaced () && places->len > 0)
        {
          box = g_array_index (places, Place, 0).box;
          goto draw;
        }
      /* A label of something other than the step goes where it would go
       * without the step, when the step leaves that place free: stepping
       * through the hits moves no name. */
      int best = -1;
      if (s->rank != CAROM_LABEL_STEP && turn != PLACE_NOT_STEADY)
        {
          best = best_free (f, s, places, TRUE);
          if (best >= 0 && inked (f, CAROM_INK_STEP, g_array_index (places, Place, best).box))
            best = -1;
        }
      if (best < 0 && turn == PLACE_STEADY_ONLY)
        return FALSE; /* a later turn */
      if (best < 0)
        best = best_free (f, s, places, FALSE);
      Place far;
      if (best >= 0)
        box = g_array_index (places, Place, best).box;
      else if (s->rank == CAROM_LABEL_HIT)
        return FALSE; /* thinned */
      else if (f->labels->leader_searches++ < MAX_LEADER_SEARCHES
               && (leader_place (f, s, places, w, h, FALSE, &far)
                   || leader_place (f, s, places, w, h, TRUE, &far)))
        {
          box = far.box;
          leader_from = far.from;
          leader = TRUE;
        }
      else if ((best = least_ink (f, s, places)) >= 0)
        box = g_array_index (places, Place, best).box;
      else
        return FALSE;
    }

draw:
  if (leader)
    draw_leader (f, l, leader_from, box);
  carom_item (f, CAROM_LAYER_LABELS, s->for_id);
  /* Measured again: the leader may have used the layout. */
  carom_text_measure (f, s->markup, s->size_pt);
  carom_text_show_in (f, box);
  f->leader = FALSE;
  f->stats->labels_drawn++;
  if (s->names != NULL && f->options->placed != NULL)
    {
      CaromPlacedLabel placed = { s->names, box, s->rank == CAROM_LABEL_AUTHOR };
      g_array_append_val (f->options->placed, placed);
    }
  CgAabb padded = cg_aabb_pad (box, carom_frame_pt (f, 1.0));
  g_array_append_val (f->labels->placed, padded);
  return TRUE;
}

void
carom_labels_place (CaromFrame *f)
{
  CaromLabels *ls = f->labels;
  if (ls == NULL)
    return;
  carom_label_ink_sum (f);
  g_array_sort (ls->labels, label_compare);
  g_autoptr (GArray) places = g_array_new (FALSE, FALSE, sizeof (Place));
  /* Labels are no ink for each other: they keep apart by their boxes. */
  f->ink_off = TRUE;
  /* Names first where they go without the step's own drawing; then, in a
   * second turn, those that drawing covers: a name the step moves never
   * moves another. Then the step's labels and the hit numbers. */
  g_autoptr (GArray) later = g_array_new (FALSE, FALSE, sizeof (guint));
  guint i = 0;
  for (; i < ls->labels->len; i++)
    {
      const Label *l = &g_array_index (ls->labels, Label, i);
      if (l->spec.rank > CAROM_LABEL_OBJECT)
        break;
      if (!place_one (f, l, places, PLACE_STEADY_ONLY) && l->spec.rank != CAROM_LABEL_AUTHOR)
        g_array_append_val (later, i);
    }
  for (guint k = 0; k < later->len; k++)
    place_one (f, &g_array_index (ls->labels, Label, g_array_index (later, guint, k)), places,
               PLACE_NOT_STEADY);
  for (; i < ls->labels->len; i++)
    place_one (f, &g_array_index (ls->labels, Label, i), places, PLACE_ANY);
  f->ink_off = FALSE;
  carom_label_ink_end (f);
  g_array_unref (ls->labels);
  g_array_unref (ls->placed);
  g_array_unref (ls->leaders);
  g_free (ls);
  f->labels = NULL;
}

/* ---- what gets a label -------------------------------------------------- */

/* An author's placement of an object's label, as a device point; FALSE
 * when the object has none. */
static gboolean
author_center (const CaromFrame *f, const CmObject *o, CgVec2 *center)
{
  if (!o->label_placed)
    return FALSE;
  *center = carom_frame_dev (f, cg_add (cm_object_label_anchor (o), o->label_offset));
  return carom_is_safe (*center);
}

void
carom_gather_ball_labels (CaromFrame *f, GArray *paths)
{
  CgAabb view = carom_view_visible_box (f->view);
  for (guint k = 0; k < paths->len; k++)
    {
      const CmObject *b = g_array_index (paths, CaromPathInfo, k).bt->ball;
      /* A ray of a beam is named by its beam. */
      if (b->kind != CM_OBJECT_BALL || g_array_index (paths, CaromPathInfo, k).bt->source != b)
        continue;
      g_autofree char *markup = g_markup_escape_text (b->id, -1);
      CaromLabelSpec s = { .markup = markup,
                           .size_pt = f->style->label_size,
                           .for_id = b->id,
                           .rank = CAROM_LABEL_BALL,
                           .order = k,
                           .kind = CAROM_ANCHOR_DISK,
                           .a = carom_frame_dev (f, b->center),
                           .r = b->radius * f->view->scale,
                           .names = b,
                           /* Behind the ball, away from where it goes. */
                           .prefer = cg_neg (b->direction) };
      if (author_center (f, b, &s.author))
        s.rank = CAROM_LABEL_AUTHOR;
      else if (!cg_aabb_contains (view, b->center))
        continue;
      carom_label_add (f, &s);
    }
  const GPtrArray *beams = f->cache->beams;
  for (guint i = 0; beams != NULL && i < beams->len; i++)
    {
      const CmObject *b = g_ptr_array_index (beams, i);
      g_autofree char *markup = g_markup_escape_text (b->id, -1);
      CaromLabelSpec s
          = { .markup = markup,
              .size_pt = f->style->label_size,
              .for_id = b->id,
              .rank = CAROM_LABEL_BALL,
              .order = paths->len + i,
              .kind = CAROM_ANCHOR_DISK,
              .a = carom_frame_dev (f, b->center),
              .r = fmax (b->radius * f->view->scale, carom_frame_pt (f, f->style->marker_radius)),
              .names = b,
              .prefer = cg_neg (b->direction) };
      if (b->beam_shape == CAROM_BEAM_PARALLEL)
        {
          s.kind = CAROM_ANCHOR_SEGMENT;
          s.b = carom_frame_dev (f, b->beam_end);
          s.prefer = cg_neg (b->direction);
        }
      if (author_center (f, b, &s.author))
        s.rank = CAROM_LABEL_AUTHOR;
      else if (!cg_aabb_contains (view, b->center))
        continue;
      carom_label_add (f, &s);
    }
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

/* The distance in hits from the chosen step (without one, from the start). */
static guint
hit_order (const CaromPathInfo *p, size_t i)
{
  gint64 k = p->step >= 1 ? p->step : 0;
  gint64 d = (gint64)i - k;
  return (guint)MIN (d < 0 ? -d : d, (gint64)G_MAXUINT);
}

void
carom_gather_hit_labels (CaromFrame *f, const CaromPathInfo *p)
{
  const CgTrace *t = &p->bt->trace;
  CgAabb view = carom_view_visible_box (f->view);
  double marker = carom_frame_pt (f, f->style->marker_radius + 0.5 * f->style->path_width);

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

  char id[256];
  if (p->step >= 1)
    {
      /* The chosen hit's number beside the ball drawn there, on the far
       * side of the normal from d′. */
      const CgHit *h = &t->hits[p->step - 1];
      char text[24];
      g_snprintf (text, sizeof text, "%" G_GINT64_FORMAT, p->step);
      carom_path_hit_id (f, p, (size_t)p->step, id, sizeof id);
      CgVec2 side = { -h->normal.y, h->normal.x };
      if (cg_dot (side, h->out) > 0.0)
        side = cg_neg (side);
      CaromLabelSpec s = { .markup = text,
                           .size_pt = f->style->label_size,
                           .for_id = id,
                           .rank = CAROM_LABEL_HIT_NEAR,
                           .kind = CAROM_ANCHOR_DISK,
                           .a = carom_frame_dev (f, h->point),
                           .r = p->bt->ball->radius * f->view->scale,
                           .prefer = side };
      carom_label_add (f, &s);
    }
  /* The other numbers, nearest the chosen hit first. */
  guint labelled = 0;
  for (guint k = 0; k < groups->len && labelled < MAX_HIT_LABELS; k++, labelled++)
    {
      const HitGroup *g = g_ptr_array_index (groups, k);
      const CgHit *h = &t->hits[g->first - 1];
      carom_path_hit_id (f, p, g->first, id, sizeof id);
      guint distance = hit_order (p, g->first);
      CaromLabelSpec s
          = { .markup = g->text->str,
              .size_pt = f->style->label_size,
              .for_id = id,
              .rank = p->step >= 1 && distance <= 1 ? CAROM_LABEL_HIT_NEAR : CAROM_LABEL_HIT,
              .order = distance,
              .kind = CAROM_ANCHOR_DISK,
              .a = carom_frame_dev (f, h->point),
              .r = marker,
              /* Between the segments that meet there, when they open wide. */
              .prefer = h->normal };
      carom_label_add (f, &s);
    }
}

void
carom_gather_object_labels (CaromFrame *f)
{
  const CaromRenderPolygon *polys = f->cache->polygons;
  double clearance = f->cache->radius * f->view->scale;
  for (guint i = 0; i < f->detailed->len; i++)
    {
      const CaromRenderPolygon *p = &polys[g_array_index (f->detailed, guint32, i)];
      const CmObject *o = p->object;
      g_autofree char *markup = g_markup_escape_text (o->id, -1);
      CaromLabelSpec s = { .markup = markup,
                           .size_pt = f->style->label_size,
                           .for_id = o->id,
                           .rank = CAROM_LABEL_OBJECT,
                           .order = i,
                           .kind = CAROM_ANCHOR_OBJECT,
                           .object = o,
                           .names = o,
                           .r = clearance };
      if (author_center (f, o, &s.author))
        s.rank = CAROM_LABEL_AUTHOR;
      carom_label_add (f, &s);
    }
}
