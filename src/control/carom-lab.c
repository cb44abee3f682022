/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-lab.c: the Collision lab (carom-lab.h): its probes, their dragging and
 * the tests' numbers; carom-lab-draw.c draws it. */
#include "config.h"

#include "control/carom-lab-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "model/carom-explain.h"

G_DEFINE_FINAL_TYPE (CaromLab, carom_lab, G_TYPE_OBJECT)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
changed (CaromLab *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

const char *
carom_lab_test_name (CaromLabTest test)
{
  switch (test)
    {
    case CAROM_LAB_SEGMENTS:
      return _ ("Segment–Segment");
    case CAROM_LAB_BOXES:
      return _ ("Bounding Boxes (AABB)");
    case CAROM_LAB_CIRCLES:
      return _ ("Circle–Circle");
    case CAROM_LAB_SAT:
      return _ ("Separating Axes (SAT)");
    case CAROM_LAB_SWEEP:
      return _ ("Swept Circle vs Rectangle");
    case CAROM_LAB_PIXELS:
      return _ ("Pixel Test");
    case CAROM_LAB_BROAD:
      return _ ("Broad Phase on the Scene");
    default:
      return "";
    }
}

const char *
carom_lab_probe_name (CaromProbeKind kind)
{
  switch (kind)
    {
    case CAROM_PROBE_SEGMENT:
      return _ ("Segment");
    case CAROM_PROBE_CIRCLE:
      return _ ("Circle");
    case CAROM_PROBE_RECTANGLE:
      return _ ("Rectangle");
    default:
      return _ ("Convex Polygon");
    }
}

/* ---- probes ---- */

/* A probe of a kind, around c, about s across. */
static Probe
make_probe (CaromProbeKind kind, CgVec2 c, double s, double turn)
{
  Probe p = { .kind = kind };
  switch (kind)
    {
    case CAROM_PROBE_SEGMENT:
      p.n = 2;
      p.p[0] = cg_v2 (c.x - 0.5 * s * cos (turn), c.y - 0.5 * s * sin (turn));
      p.p[1] = cg_v2 (c.x + 0.5 * s * cos (turn), c.y + 0.5 * s * sin (turn));
      break;
    case CAROM_PROBE_CIRCLE:
      p.centre = c;
      p.radius = 0.3 * s;
      p.end = cg_v2 (c.x + 1.4 * s, c.y + 0.25 * s);
      break;
    case CAROM_PROBE_RECTANGLE:
      p.n = 2;
      p.p[0] = cg_v2 (c.x - 0.4 * s, c.y - 0.3 * s);
      p.p[1] = cg_v2 (c.x + 0.4 * s, c.y + 0.3 * s);
      break;
    default:
      p.n = 5;
      for (guint i = 0; i < 5; i++)
        {
          double a = turn + 2 * G_PI * i / 5 - G_PI / 2;
          p.p[i] = cg_v2 (c.x + 0.45 * s * cos (a), c.y + 0.45 * s * sin (a));
        }
      break;
    }
  return p;
}

/* The probe's outline as a polygon (rectangles' four corners; a circle has none). */
static guint
probe_polygon (const Probe *p, CgVec2 *out)
{
  if (p->kind == CAROM_PROBE_RECTANGLE)
    {
      CgVec2 lo = { fmin (p->p[0].x, p->p[1].x), fmin (p->p[0].y, p->p[1].y) };
      CgVec2 hi = { fmax (p->p[0].x, p->p[1].x), fmax (p->p[0].y, p->p[1].y) };
      out[0] = lo;
      out[1] = cg_v2 (hi.x, lo.y);
      out[2] = hi;
      out[3] = cg_v2 (lo.x, hi.y);
      return 4;
    }
  for (guint i = 0; i < p->n; i++)
    out[i] = p->p[i];
  return p->kind == CAROM_PROBE_CIRCLE ? 0 : p->n;
}

CgAabb
carom_lab_probe_box (const Probe *p)
{
  if (p->kind == CAROM_PROBE_CIRCLE)
    return (CgAabb){ cg_sub (p->centre, cg_v2 (p->radius, p->radius)),
                     cg_add (p->centre, cg_v2 (p->radius, p->radius)) };
  CgVec2 v[POLYGON_MAX];
  guint n = probe_polygon (p, v);
  return cg_polygon_bounds (v, n);
}

static void
reset_probes (CaromLab *self)
{
  CgVec2 c = self->centre;
  double s = self->size;
  CgVec2 a = cg_v2 (c.x - 0.3 * s, c.y), b = cg_v2 (c.x + 0.15 * s, c.y + 0.05 * s);
  CaromProbeKind ka, kb;
  switch (self->test)
    {
    case CAROM_LAB_SEGMENTS:
      ka = kb = CAROM_PROBE_SEGMENT;
      break;
    case CAROM_LAB_BOXES:
      ka = CAROM_PROBE_RECTANGLE;
      kb = CAROM_PROBE_POLYGON;
      break;
    case CAROM_LAB_CIRCLES:
      ka = kb = CAROM_PROBE_CIRCLE;
      break;
    case CAROM_LAB_SWEEP:
      ka = CAROM_PROBE_CIRCLE;
      kb = CAROM_PROBE_RECTANGLE;
      a = cg_v2 (c.x - 0.45 * s, c.y - 0.2 * s);
      b = cg_v2 (c.x + 0.25 * s, c.y);
      break;
    case CAROM_LAB_PIXELS:
      ka = CAROM_PROBE_CIRCLE;
      kb = CAROM_PROBE_POLYGON;
      break;
    default:
      ka = CAROM_PROBE_POLYGON;
      kb = CAROM_PROBE_RECTANGLE;
      break;
    }
  self->probes[0] = make_probe (ka, a, 0.5 * s, 0.35);
  self->probes[1] = make_probe (kb, b, 0.5 * s, -0.6);
}

void
carom_lab_place (CaromLab *self, CgVec2 centre, double size)
{
  g_return_if_fail (CAROM_IS_LAB (self));
  if (!(size > 0.0) || !cg_is_valid_vec2 (centre))
    return;
  self->centre = centre;
  self->size = size;
  reset_probes (self);
  changed (self);
}

void
carom_lab_set_test (CaromLab *self, CaromLabTest test)
{
  g_return_if_fail (CAROM_IS_LAB (self));
  g_return_if_fail (test < CAROM_LAB_N_TESTS);
  if (self->test == test)
    return;
  self->test = test;
  reset_probes (self);
  changed (self);
}

CaromLabTest
carom_lab_get_test (CaromLab *self)
{
  g_return_val_if_fail (CAROM_IS_LAB (self), CAROM_LAB_SEGMENTS);
  return self->test;
}

void
carom_lab_set_probe_kind (CaromLab *self, guint probe, CaromProbeKind kind)
{
  g_return_if_fail (CAROM_IS_LAB (self) && probe < 2 && kind < CAROM_PROBE_N_KINDS);
  Probe *p = &self->probes[probe];
  if (p->kind == kind)
    return;
  CgAabb box = carom_lab_probe_box (p);
  double s = fmax (box.hi.x - box.lo.x, box.hi.y - box.lo.y);
  *p = make_probe (kind, cg_aabb_center (box), s > 0 ? s : self->size * 0.5, probe ? -0.6 : 0.35);
  changed (self);
}

gboolean
carom_lab_use_object (CaromLab *self, guint probe, const CmObject *object, GError **error)
{
  g_return_val_if_fail (CAROM_IS_LAB (self) && probe < 2 && object != NULL, FALSE);
  Probe *p = &self->probes[probe];
  if (object->kind == CM_OBJECT_BALL)
    {
      *p = make_probe (CAROM_PROBE_CIRCLE, object->center, 1.0, 0.0);
      p->radius = object->radius;
      p->end = cg_mul_add (object->center, 4.0 * object->radius, object->direction);
    }
  else
    {
      if (object->n_points > POLYGON_MAX)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       _ ("“%s” has %zu vertices; the lab takes shapes of at most %d"), object->id,
                       object->n_points, POLYGON_MAX);
          return FALSE;
        }
      *p = (Probe){ .kind = CAROM_PROBE_POLYGON, .n = (guint)object->n_points };
      memcpy (p->p, object->points, object->n_points * sizeof *object->points);
    }
  changed (self);
  return TRUE;
}

CaromProbeKind
carom_lab_get_probe_kind (CaromLab *self, guint probe)
{
  g_return_val_if_fail (CAROM_IS_LAB (self) && probe < 2, CAROM_PROBE_SEGMENT);
  return self->probes[probe].kind;
}

/* The handles of a probe: ends, corners, vertices; a circle's centre, its
 * radius handle and (the sweep's circle) where it moves to. */
guint
carom_lab_probe_handles (const CaromLab *self, guint which, CgVec2 *out)
{
  const Probe *p = &self->probes[which];
  if (p->kind != CAROM_PROBE_CIRCLE)
    {
      for (guint i = 0; i < p->n; i++)
        out[i] = p->p[i];
      return p->n;
    }
  out[0] = p->centre;
  out[1] = cg_v2 (p->centre.x + p->radius, p->centre.y);
  if (self->test == CAROM_LAB_SWEEP && which == 0)
    {
      out[2] = p->end;
      return 3;
    }
  return 2;
}

static gboolean
probe_contains (const Probe *p, CgVec2 q, double tol)
{
  switch (p->kind)
    {
    case CAROM_PROBE_CIRCLE:
      return cg_distance (q, p->centre) <= p->radius + tol;
    case CAROM_PROBE_SEGMENT:
      return cg_point_segment_distance (q, p->p[0], p->p[1]) <= tol;
    default:
      {
        CgVec2 v[POLYGON_MAX];
        guint n = probe_polygon (p, v);
        return cg_polygon_contains (v, n, q);
      }
    }
}

gboolean
carom_lab_press (CaromLab *self, CgVec2 p, double px)
{
  g_return_val_if_fail (CAROM_IS_LAB (self), FALSE);
  if (self->test == CAROM_LAB_BROAD || !(px > 0.0))
    return FALSE;
  double tol = HANDLE_PICK_PX / px;
  for (int which = 1; which >= 0; which--)
    {
      CgVec2 h[POLYGON_MAX + 1];
      guint n = carom_lab_probe_handles (self, (guint)which, h);
      for (guint i = 0; i < n; i++)
        if (cg_distance (p, h[i]) <= tol)
          {
            self->drag_probe = which;
            self->drag_handle = (int)i;
            self->drag_from = p;
            self->drag_start = self->probes[which];
            return TRUE;
          }
    }
  for (int which = 1; which >= 0; which--)
    if (probe_contains (&self->probes[which], p, tol))
      {
        self->drag_probe = which;
        self->drag_handle = -1;
        self->drag_from = p;
        self->drag_start = self->probes[which];
        return TRUE;
      }
  return FALSE;
}

void
carom_lab_motion (CaromLab *self, CgVec2 q)
{
  g_return_if_fail (CAROM_IS_LAB (self));
  if (self->drag_probe < 0 || !cg_is_valid_vec2 (q))
    return;
  Probe *p = &self->probes[self->drag_probe];
  const Probe *s = &self->drag_start;
  CgVec2 delta = cg_sub (q, self->drag_from);
  *p = *s;
  if (self->drag_handle < 0)
    {
      for (guint i = 0; i < p->n; i++)
        p->p[i] = cg_add (s->p[i], delta);
      p->centre = cg_add (s->centre, delta);
      p->end = cg_add (s->end, delta);
    }
  else if (p->kind == CAROM_PROBE_CIRCLE)
    {
      if (self->drag_handle == 0)
        p->centre = cg_add (s->centre, delta);
      else if (self->drag_handle == 1)
        p->radius = fmax (cg_distance (q, s->centre), self->size * 1e-3);
      else
        p->end = cg_add (s->end, delta);
    }
  else
    p->p[self->drag_handle] = cg_add (s->p[self->drag_handle], delta);
  changed (self);
}

void
carom_lab_release (CaromLab *self)
{
  g_return_if_fail (CAROM_IS_LAB (self));
  self->drag_probe = -1;
}

/* ---- the tests ---- */

/* Adds a row (title, value). */
static void
row (GPtrArray *rows, const char *title, char *value)
{
  g_ptr_array_add (rows, g_strdup (title));
  g_ptr_array_add (rows, value);
}

/* Numbers for people: to `digits` significant digits, the Preferences'
 * setting (0: every digit, what reads back to the same double). */
static char *
n2s (double v, int digits)
{
  return carom_explain_number_digits (v, digits);
}

/* A number as the right operand of − or ·: a negative one in brackets. */
static char *
operand (double v, int digits)
{
  char *s = n2s (v, digits);
  if (s[0] != '-')
    return s;
  char *bracketed = g_strdup_printf ("(%s)", s);
  g_free (s);
  return bracketed;
}

static char *
v2s (CgVec2 v, int digits)
{
  g_autofree char *x = n2s (v.x, digits), *y = n2s (v.y, digits);
  return g_strdup_printf ("(%s, %s)", x, y);
}

/* SAT on the two probes (circles and convex polygons); FALSE when it cannot
 * run, with the reason. */
gboolean
carom_lab_run_sat (const CaromLab *self, CgSat *sat, const char **why)
{
  const Probe *a = &self->probes[0], *b = &self->probes[1];
  CgVec2 va[POLYGON_MAX], vb[POLYGON_MAX];
  guint na = probe_polygon (a, va), nb = probe_polygon (b, vb);
  if (a->kind == CAROM_PROBE_SEGMENT || b->kind == CAROM_PROBE_SEGMENT)
    {
      *why = _ ("SAT takes polygons, rectangles and circles");
      return FALSE;
    }
  if (a->kind == CAROM_PROBE_CIRCLE && b->kind == CAROM_PROBE_CIRCLE)
    {
      *why = _ ("Two circles need no axes: that is the circle–circle test");
      return FALSE;
    }
  gboolean ok;
  if (b->kind == CAROM_PROBE_CIRCLE)
    ok = cg_lab_sat_circle (va, na, b->centre, b->radius, sat);
  else if (a->kind == CAROM_PROBE_CIRCLE)
    {
      ok = cg_lab_sat_circle (vb, nb, a->centre, a->radius, sat);
      sat->mtv = cg_neg (sat->mtv);
    }
  else
    ok = cg_lab_sat_polygons (va, na, vb, nb, sat);
  if (!ok)
    *why = _ ("A polygon is not convex: SAT does not apply (drag its vertices back)");
  return ok;
}

/* Do the probes overlap, exactly? (what the pixel test is compared with) */
static gboolean
exact_overlap (const CaromLab *self)
{
  const Probe *a = &self->probes[0], *b = &self->probes[1];
  if (a->kind == CAROM_PROBE_CIRCLE && b->kind == CAROM_PROBE_CIRCLE)
    return cg_lab_circles (a->centre, a->radius, b->centre, b->radius).overlap;
  if (a->kind == CAROM_PROBE_SEGMENT || b->kind == CAROM_PROBE_SEGMENT)
    {
      const Probe *seg = a->kind == CAROM_PROBE_SEGMENT ? a : b;
      const Probe *other = seg == a ? b : a;
      if (other->kind == CAROM_PROBE_CIRCLE)
        return cg_point_segment_distance (other->centre, seg->p[0], seg->p[1]) < other->radius;
      CgVec2 v[POLYGON_MAX];
      guint n = probe_polygon (other, v);
      for (guint i = 0; i < n; i++)
        if (cg_lab_segments (seg->p[0], seg->p[1], v[i], v[(i + 1) % n]).kind == CG_SEGMENTS_CROSS)
          return TRUE;
      return n > 0 && cg_polygon_contains (v, n, seg->p[0]);
    }
  CgSat sat;
  const char *why;
  return carom_lab_run_sat (self, &sat, &why) && sat.overlap;
}

void
carom_lab_probe_path (cairo_t *cr, const Probe *p)
{
  if (p->kind == CAROM_PROBE_CIRCLE)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, p->centre.x, p->centre.y, p->radius, 0, 2 * G_PI);
      return;
    }
  CgVec2 v[POLYGON_MAX];
  guint n = probe_polygon (p, v);
  for (guint i = 0; i < n; i++)
    {
      if (i == 0)
        cairo_move_to (cr, v[i].x, v[i].y);
      else
        cairo_line_to (cr, v[i].x, v[i].y);
    }
  if (p->kind != CAROM_PROBE_SEGMENT)
    cairo_close_path (cr);
}

static cairo_surface_t *
rasterise (const Probe *p, const Pixels *px)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_A8, px->w, px->h);
  cairo_t *cr = cairo_create (s);
  cairo_scale (cr, 1.0 / px->cell, 1.0 / px->cell);
  cairo_translate (cr, -px->box.lo.x, -px->box.lo.y);
  carom_lab_probe_path (cr, p);
  if (p->kind == CAROM_PROBE_SEGMENT)
    {
      /* A segment is a line one cell wide. */
      cairo_set_line_width (cr, px->cell);
      cairo_stroke (cr);
    }
  else
    cairo_fill (cr);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  return s;
}

/* The pixel test's cell: coarse on purpose (a sixtieth of the lab's size),
 * so where a pixel test goes wrong can be seen. */
double
carom_lab_pixel_cell (const CaromLab *self)
{
  return self->size > 0.0 ? self->size / 60.0 : 1.0;
}

/* The broad-phase grid's cell, from the scene's density: the square cell
 * that gives one primitive per cell on average over the primitives' box,
 * sqrt (w h / n). (A cell from the primitives' mean size is as long as a
 * room's walls: a single cell for a bare room.) */
static double
grid_cell (const CgWorld *w, double r)
{
  size_t n = cg_world_primitive_total (w, r);
  if (n == 0)
    return 0.0; /* cg_grid_build chooses */
  CgAabb box = cg_aabb_empty ();
  for (size_t i = 0; i < cg_world_count (w); i++)
    box = cg_aabb_union (box, cg_world_outline_bounds (w, i, r));
  double width = box.hi.x - box.lo.x, height = box.hi.y - box.lo.y;
  double cell = sqrt (width * height / (double)n);
  /* A thin scene (all its primitives on a line) has no area: its length. */
  if (!(cell > 0.0))
    cell = fmax (width, height) / (double)n;
  return cell > 0.0 ? cell : 0.0;
}

gboolean
carom_lab_pixels_run (const CaromLab *self, double cell, Pixels *out)
{
  memset (out, 0, sizeof *out);
  out->box = cg_aabb_union (carom_lab_probe_box (&self->probes[0]),
                            carom_lab_probe_box (&self->probes[1]));
  out->cell = cell;
  out->box = cg_aabb_pad (out->box, cell);
  out->w = (int)ceil ((out->box.hi.x - out->box.lo.x) / cell);
  out->h = (int)ceil ((out->box.hi.y - out->box.lo.y) / cell);
  if (out->w <= 0 || out->h <= 0 || (gint64)out->w * out->h > 4000000)
    return FALSE;
  cairo_surface_t *a = rasterise (&self->probes[0], out);
  cairo_surface_t *b = rasterise (&self->probes[1], out);
  out->both = g_malloc0 ((gsize)out->w * out->h);
  const guint8 *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
  int stride = cairo_image_surface_get_stride (a);
  for (int y = 0; y < out->h; y++)
    for (int x = 0; x < out->w; x++)
      {
        /* A cell is set when the shape covers at least half of it. */
        gboolean in_a = da[y * stride + x] >= 128, in_b = db[y * stride + x] >= 128;
        out->n_a += in_a;
        out->n_b += in_b;
        if (in_a && in_b)
          {
            out->both[y * out->w + x] = 1;
            out->n_both++;
          }
      }
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  return TRUE;
}

/* The cast the broad phase test compares: from the position at the step,
 * the next hit's cast (at the last hit, that hit's own). */
gboolean
carom_lab_broad_cast (CaromLab *self, const CaromBallTrace **bt_out, CgVec2 *c, CgVec2 *d,
                      int64_t *exclude)
{
  if (self->document == NULL)
    return FALSE;
  const CmSceneTrace *trace = carom_document_get_trace (self->document);
  if (trace == NULL || self->ball >= trace->balls->len)
    return FALSE;
  const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, self->ball);
  if (bt->trace.n_hits == 0)
    return FALSE;
  guint k = MIN (self->step, (guint)bt->trace.n_hits - 1); /* the hit k + 1 */
  const CgHit *h = &bt->trace.hits[k];
  *c = h->from;
  *d = h->in;
  *exclude = k > 0 ? (int64_t)bt->trace.hits[k - 1].prim : -1;
  *bt_out = bt;
  if (self->grid_world != bt->world || self->grid_radius != bt->radius)
    {
      cg_grid_clear (&self->grid);
      self->grid_radius = bt->radius;
      self->grid_world
          = cg_grid_build (&self->grid, bt->world, bt->radius, grid_cell (bt->world, bt->radius))
                ? bt->world
                : NULL;
    }
  return self->grid_world != NULL;
}

/* The sweep's slab on one axis (0: x, 1: y): where the ray c + t d enters
 * and leaves the grown rectangle's slab, the formulas with the numbers in. */
static void
sweep_slab_rows (GPtrArray *rows, const CgSweep *s, CgVec2 c, int k, int digits)
{
  const char *axis = k == 0 ? "x" : "y";
  double lo = k == 0 ? s->grown.lo.x : s->grown.lo.y, hi = k == 0 ? s->grown.hi.x : s->grown.hi.y;
  double o = k == 0 ? c.x : c.y, d = k == 0 ? s->direction.x : s->direction.y;
  g_autofree char *slo = n2s (lo, digits), *shi = n2s (hi, digits), *so = n2s (o, digits);
  if (d == 0.0)
    {
      g_autofree char *title = g_strdup_printf ("d%s = 0", axis);
      g_autofree char *where = g_strdup_printf ("c%s", axis);
      row (rows, title,
           isinf (s->enter[k]) && s->enter[k] < 0
               /* Translators: the ray runs along a slab of the grown rectangle: e.g.
                  "cy = 5 is within [-2, 12]: inside the slab for every t". */
               ? g_strdup_printf (_ ("%s = %s is within [%s, %s]: inside the slab for every t"),
                                  where, so, slo, shi)
               /* Translators: e.g. "cy = 20 is outside [-2, 12]: never inside the slab". */
               : g_strdup_printf (_ ("%s = %s is outside [%s, %s]: never inside the slab"), where,
                                  so, slo, shi));
      return;
    }
  /* Moving up the axis, the ray enters at the low face; down it, at the high one. */
  const char *face_in = d > 0 ? "0 − r" : "1 + r", *face_out = d > 0 ? "1 + r" : "0 − r";
  g_autofree char *sd = operand (d, digits), *sc = operand (o, digits);
  g_autofree char *enter = n2s (s->enter[k], digits), *exit = n2s (s->exit[k], digits);
  g_autofree char *title_in
      = g_strdup_printf ("%s: t_enter = (%s%s − c%s) / d%s", axis, axis, face_in, axis, axis);
  g_autofree char *title_out
      = g_strdup_printf ("%s: t_exit = (%s%s − c%s) / d%s", axis, axis, face_out, axis, axis);
  row (rows, title_in, g_strdup_printf ("(%s − %s) / %s = %s", d > 0 ? slo : shi, sc, sd, enter));
  row (rows, title_out, g_strdup_printf ("(%s − %s) / %s = %s", d > 0 ? shi : slo, sc, sd, exit));
}

/* The swept circle's steps to the time of impact (cg_lab_sweep_circle_box):
 * the ray c + t d (t the distance along the unit d) against the rectangle
 * grown by r, slab by slab; a side, or a corner's circle and its quadratic;
 * the impact. Returns the verdict. */
static char *
sweep_steps (GPtrArray *rows, const CgSweep *s, CgVec2 c, CgVec2 to, double r, CgAabb box,
             int digits)
{
  if (s->inside)
    {
      /* The rectangle's point nearest c is nearer than r. */
      g_autofree char *gap = n2s (cg_distance (c, s->contact), digits), *sr = n2s (r, digits);
      row (rows, _ ("Nearest point q of the rectangle to c"), v2s (s->contact, digits));
      row (rows, "|c − q| < r", g_strdup_printf ("%s < %s", gap, sr));
      row (rows, _ ("Normal"), v2s (s->normal, digits));
      row (rows, _ ("Contact point"), v2s (s->contact, digits));
      return g_strdup (_ ("Overlapping at the start: impact at time 0"));
    }
  g_autofree char *sc = v2s (c, digits), *move = v2s (cg_sub (to, c), digits),
                  *length = n2s (s->length, digits), *dir = v2s (s->direction, digits);
  row (rows, _ ("Ray c + t d, d = (to − c) / |to − c|"),
       g_strdup_printf ("%s + t %s / %s = %s + t %s", sc, move, length, sc, dir));
  if (s->miss == CG_SWEEP_MISS_STILL)
    return g_strdup (_ ("The circle does not move: to = c"));

  g_autofree char *x0 = n2s (s->grown.lo.x, digits), *x1 = n2s (s->grown.hi.x, digits),
                  *y0 = n2s (s->grown.lo.y, digits), *y1 = n2s (s->grown.hi.y, digits);
  row (rows, _ ("Rectangle grown by r: [x0 − r, x1 + r] × [y0 − r, y1 + r]"),
       g_strdup_printf ("[%s, %s] × [%s, %s]", x0, x1, y0, y1));
  for (int k = 0; k < 2; k++)
    sweep_slab_rows (rows, s, c, k, digits);
  g_autofree char *ex = n2s (s->enter[0], digits), *ey = n2s (s->enter[1], digits),
                  *xx = n2s (s->exit[0], digits), *xy = n2s (s->exit[1], digits),
                  *t_enter = n2s (s->t_enter, digits), *t_exit = n2s (s->t_exit, digits);
  row (rows, "t_enter = max(x, y)", g_strdup_printf ("max(%s, %s) = %s", ex, ey, t_enter));
  row (rows, "t_exit = min(x, y)", g_strdup_printf ("min(%s, %s) = %s", xx, xy, t_exit));
  switch (s->miss)
    {
    case CG_SWEEP_MISS_SLABS_APART:
      return g_strdup_printf (_ ("It passes the rectangle: t_enter > t_exit (%s > %s), never "
                                 "inside both slabs at once"),
                              t_enter, t_exit);
    case CG_SWEEP_MISS_BEHIND:
      return g_strdup_printf (_ ("It moves away: t_exit = %s < 0, the grown rectangle is behind c"),
                              t_exit);
    case CG_SWEEP_MISS_SHORT:
      return g_strdup_printf (_ ("It stops short: t_enter = %s > |to − c| = %s"), t_enter, length);
    default:
      break;
    }

  row (rows, "q = c + max(t_enter, 0) d", v2s (s->entry, digits));
  if (!s->corner && s->hit)
    {
      /* A side: q is on a face of the grown box, within the rectangle across it. */
      int k = s->enter_axis;
      gboolean up = (k == 0 ? s->direction.x : s->direction.y) > 0;
      double face
          = k == 0 ? (up ? s->grown.lo.x : s->grown.hi.x) : (up ? s->grown.lo.y : s->grown.hi.y);
      double q = k == 0 ? s->entry.y : s->entry.x;
      double lo = k == 0 ? box.lo.y : box.lo.x, hi = k == 0 ? box.hi.y : box.hi.x;
      g_autofree char *sface = n2s (face, digits), *sq = n2s (q, digits), *slo = n2s (lo, digits),
                      *shi = n2s (hi, digits);
      row (rows, _ ("Side or corner"),
           /* Translators: where the ray enters the rectangle grown by r, e.g. "A side,
              x = -2: q.y = -1 is within the rectangle’s [0, 10]". */
           g_strdup_printf (_ ("A side, %s = %s: q.%s = %s is within the rectangle’s [%s, %s]"),
                            k == 0 ? "x" : "y", sface, k == 0 ? "y" : "x", sq, slo, shi));
      row (rows, "t = t_enter", g_strdup (t_enter));
    }
  else
    {
      /* A corner: the circle of radius r about the corner k, |m + t d|² = r². */
      CgVec2 m = cg_sub (c, s->corner_point);
      g_autofree char *k = v2s (s->corner_point, digits), *sm = v2s (m, digits),
                      *mx = n2s (m.x, digits), *my = operand (m.y, digits),
                      *dx = operand (s->direction.x, digits),
                      *dy = operand (s->direction.y, digits), *b = n2s (s->b, digits),
                      *m2 = n2s (cg_length_sq (m), digits), *r2 = operand (r * r, digits),
                      *cc = n2s (s->cc, digits), *b2 = n2s (s->b * s->b, digits),
                      *scc = operand (s->cc, digits), *disc = n2s (s->disc, digits);
      row (rows, _ ("Side or corner"),
           /* Translators: %s is the corner, e.g. "(0, 0)". */
           g_strdup_printf (_ ("A corner, k = %s: q is beyond the rectangle on both axes"), k));
      row (rows, "m = c − k", g_strdup_printf ("%s − %s = %s", sc, k, sm));
      row (rows, "b = m·d", g_strdup_printf ("%s·%s + %s·%s = %s", mx, dx, my, dy, b));
      row (rows, "cc = |m|² − r²", g_strdup_printf ("%s − %s = %s", m2, r2, cc));
      row (rows, _ ("Discriminant b² − cc"), g_strdup_printf ("%s − %s = %s", b2, scc, disc));
      if (s->miss == CG_SWEEP_MISS_CORNER)
        return g_strdup (
            _ ("It passes the corner: b² − cc < 0, the ray misses the corner’s circle"));
      double root = -s->b - sqrt (s->disc);
      g_autofree char *minus_b = n2s (-s->b, digits), *sqrt_disc = operand (sqrt (s->disc), digits),
                      *t = n2s (root, digits);
      row (rows, "t = −b − √(b² − cc)", g_strdup_printf ("%s − %s = %s", minus_b, sqrt_disc, t));
      if (s->miss == CG_SWEEP_MISS_CORNER_RANGE)
        return g_strdup_printf (_ ("It misses the corner within the move: t = %s is not in "
                                   "[0, |to − c|] = [0, %s]"),
                                t, length);
    }

  g_autofree char *t = n2s (s->t, digits), *time = n2s (s->s, digits);
  row (rows, _ ("Time of impact s = t / |to − c|"),
       g_strdup_printf ("%s / %s = %s", t, length, time));
  g_autofree char *p = v2s (s->centre, digits), *n = v2s (s->normal, digits);
  row (rows, _ ("Centre at impact p = c + t d"), g_strdup (p));
  if (s->corner)
    {
      g_autofree char *k = v2s (s->corner_point, digits), *sr = n2s (r, digits);
      row (rows, _ ("Normal n = (p − k) / r"),
           g_strdup_printf ("(%s − %s) / %s = %s", p, k, sr, n));
    }
  else
    row (rows, _ ("Normal n, out of the side entered"), g_strdup (n));
  row (rows, _ ("Contact point p − r n"), v2s (s->contact, digits));
  return g_strdup (s->corner ? _ ("It hits a corner: the corner’s circle of radius r")
                             : _ ("It hits a side: a slab of the box grown by r"));
}

/* The swept circle: its steps, and Carom's own cast of the same circle as
 * a cross-check. Returns the verdict. */
static char *
sweep_rows (const CaromLab *self, GPtrArray *rows, int digits)
{
  const Probe *a = &self->probes[0], *b = &self->probes[1];
  CgAabb rect = carom_lab_probe_box (b);
  CgSweep s = cg_lab_sweep_circle_box (a->centre, a->end, a->radius, rect);
  char *verdict = sweep_steps (rows, &s, a->centre, a->end, a->radius, rect, digits);
  /* The rectangle as Carom's obstacle (B's box, whatever B was made from). */
  CgVec2 box[4] = { rect.lo, { rect.hi.x, rect.lo.y }, rect.hi, { rect.lo.x, rect.hi.y } };
  cg_polygon_orient (box, 4, CG_ROLE_OBSTACLE);
  CgBoundaryRef ref = { box, NULL, 4, CG_ROLE_OBSTACLE, CG_ON_HIT_STOP };
  CgWorld *w = cg_world_new (&ref, 1);
  double len = cg_distance (a->centre, a->end);
  if (w != NULL && len > 0.0 && !s.inside)
    {
      CgWorldHit h = cg_world_cast (w, a->centre, cg_scale (cg_sub (a->end, a->centre), 1 / len),
                                    a->radius, -1, FALSE);
      row (rows, _ ("Carom’s cast, t / |to − c|"),
           h.hit && h.rec.t <= len ? n2s (h.rec.t / len, digits) : g_strdup (_ ("no hit")));
    }
  cg_world_free (w);
  return verdict;
}

GPtrArray *
carom_lab_rows (CaromLab *self, int digits, char **verdict)
{
  g_return_val_if_fail (CAROM_IS_LAB (self), NULL);
  GPtrArray *rows = g_ptr_array_new_with_free_func (g_free);
  const Probe *a = &self->probes[0], *b = &self->probes[1];
  char *v = NULL;
  switch (self->test)
    {
    case CAROM_LAB_SEGMENTS:
      {
        CgSegments s = cg_lab_segments (a->p[0], a->p[1], b->p[0], b->p[1]);
        row (rows, "denom = (y4 − y3)(x2 − x1) − (x4 − x3)(y2 − y1)", n2s (s.denom, digits));
        row (rows, "uA = ((x4 − x3)(y1 − y3) − (y4 − y3)(x1 − x3)) / denom",
             s.kind == CG_SEGMENTS_CROSS || s.kind == CG_SEGMENTS_APART ? n2s (s.ua, digits)
                                                                        : g_strdup ("—"));
        row (rows, "uB = ((x2 − x1)(y1 − y3) − (y2 − y1)(x1 − x3)) / denom",
             s.kind == CG_SEGMENTS_CROSS || s.kind == CG_SEGMENTS_APART ? n2s (s.ub, digits)
                                                                        : g_strdup ("—"));
        if (s.kind == CG_SEGMENTS_CROSS || s.kind == CG_SEGMENTS_APART)
          row (rows, "P = P1 + uA (P2 − P1)", v2s (s.point, digits));
        switch (s.kind)
          {
          case CG_SEGMENTS_CROSS:
            v = g_strdup (_ ("They cross: uA and uB are both in [0, 1]"));
            break;
          case CG_SEGMENTS_APART:
            v = g_strdup (
                _ ("Apart: their lines cross outside a segment (uA or uB not in [0, 1])"));
            break;
          case CG_SEGMENTS_PARALLEL:
            v = g_strdup (_ ("Parallel: denom = 0, the lines never meet"));
            break;
          case CG_SEGMENTS_COLLINEAR:
            v = g_strdup (_ ("Collinear and overlapping: denom and both numerators are 0"));
            break;
          default:
            v = g_strdup (_ ("Collinear but apart: on one line, not sharing any stretch"));
            break;
          }
        break;
      }
    case CAROM_LAB_BOXES:
      {
        CgAabb ba = carom_lab_probe_box (a), bb = carom_lab_probe_box (b);
        CgBoxes r = cg_lab_boxes (ba, bb);
        g_autofree char *a0 = v2s (ba.lo, digits), *a1 = v2s (ba.hi, digits),
                        *b0 = v2s (bb.lo, digits), *b1 = v2s (bb.hi, digits);
        row (rows, _ ("A: min, max"), g_strdup_printf ("%s, %s", a0, a1));
        row (rows, _ ("B: min, max"), g_strdup_printf ("%s, %s", b0, b1));
        row (rows, "min(A.max.x, B.max.x) − max(A.min.x, B.min.x)", n2s (r.depth_x, digits));
        row (rows, "min(A.max.y, B.max.y) − max(A.min.y, B.min.y)", n2s (r.depth_y, digits));
        v = g_strdup (r.overlap ? _ ("The boxes overlap: they overlap on both axes")
                      : r.overlap_x || r.overlap_y ? _ ("Apart: the boxes overlap on one axis only")
                                                   : _ ("Apart on both axes"));
        break;
      }
    case CAROM_LAB_CIRCLES:
      {
        CgCircles r = cg_lab_circles (a->centre, a->radius, b->centre, b->radius);
        row (rows, "|c2 − c1|²", n2s (r.distance_sq, digits));
        row (rows, "(r1 + r2)²", n2s (r.radii_sq, digits));
        row (rows, "|c2 − c1|", n2s (r.distance, digits));
        row (rows, _ ("Overlap (r1 + r2) − |c2 − c1|"), n2s (r.depth, digits));
        v = g_strdup (r.overlap ? _ ("They overlap: |c2 − c1|² < (r1 + r2)²")
                                : _ ("Apart: |c2 − c1|² ≥ (r1 + r2)²"));
        break;
      }
    case CAROM_LAB_SAT:
      {
        CgSat sat;
        const char *why = NULL;
        if (!carom_lab_run_sat (self, &sat, &why))
          {
            v = g_strdup (why);
            break;
          }
        size_t n = MIN (sat.n_axes, (size_t)CG_SAT_MAX_AXES);
        for (size_t i = 0; i < n; i++)
          {
            const CgSatAxis *x = &sat.axes[i];
            const char *from = x->from == 0 ? "A" : x->from == 1 ? "B" : _ ("circle");
            g_autofree char *axis = v2s (x->axis, digits);
            g_autofree char *title
                = g_strdup_printf (_ ("Axis %zu (%s, %u) %s"), i + 1, from, x->edge, axis);
            g_autofree char *ia0 = n2s (x->min_a, digits), *ia1 = n2s (x->max_a, digits),
                            *ib0 = n2s (x->min_b, digits), *ib1 = n2s (x->max_b, digits),
                            *ov = n2s (x->overlap, digits);
            row (rows, title,
                 g_strdup_printf ("A [%s, %s], B [%s, %s], %s %s", ia0, ia1, ib0, ib1,
                                  _ ("overlap"), ov));
          }
        if (sat.overlap)
          {
            row (rows, _ ("Minimum translation vector"), v2s (sat.mtv, digits));
            v = g_strdup_printf (_ ("They overlap on every axis; moving B by the MTV (axis %d) "
                                    "separates them"),
                                 sat.minimum + 1);
          }
        else
          v = g_strdup_printf (_ ("Apart: axis %d separates them (its intervals do not overlap)"),
                               sat.separating + 1);
        break;
      }
    case CAROM_LAB_SWEEP:
      v = sweep_rows (self, rows, digits);
      break;
    case CAROM_LAB_PIXELS:
      {
        Pixels px;
        double cell = carom_lab_pixel_cell (self);
        if (!carom_lab_pixels_run (self, cell, &px))
          {
            v = g_strdup (_ ("The shapes are too far apart for the pixel test"));
            break;
          }
        gboolean exact = exact_overlap (self);
        row (rows, _ ("Cell size"), n2s (cell, digits));
        row (rows, _ ("Cells of A, of B"), g_strdup_printf ("%u, %u", px.n_a, px.n_b));
        row (rows, _ ("Cells in both"), g_strdup_printf ("%u", px.n_both));
        row (rows, _ ("Exact test"), g_strdup (exact ? _ ("overlap") : _ ("apart")));
        gboolean pixel = px.n_both > 0;
        v = g_strdup (pixel == exact ? _ ("The pixel test agrees with the exact test")
                      : pixel        ? _ ("Wrong: the pixels overlap, the shapes do not")
                                     : _ ("Wrong: the shapes overlap, no pixel shows it"));
        g_free (px.both);
        break;
      }
    case CAROM_LAB_BROAD:
      {
        const CaromBallTrace *bt;
        CgVec2 c, d;
        int64_t exclude;
        if (!carom_lab_broad_cast (self, &bt, &c, &d, &exclude))
          {
            v = g_strdup (_ ("Needs a scene with a ball that hits something"));
            break;
          }
        size_t n = cg_world_primitive_total (bt->world, bt->radius);
        CgWorldHit h = cg_world_cast (bt->world, c, d, bt->radius, exclude, FALSE);
        CgGridCast g = cg_grid_cast (&self->grid, c, d, exclude);
        row (rows, _ ("Brute force: primitives tested"), g_strdup_printf ("%zu", n));
        row (rows, _ ("Grid: cells visited"), g_strdup_printf ("%u", g.cells_visited));
        row (rows, _ ("Grid: primitives tested"), g_strdup_printf ("%u", g.primitives_tested));
        row (rows, _ ("Grid: cell size"), n2s (self->grid.cell, digits));
        row (rows, _ ("BVH: nodes visited"), g_strdup_printf ("%u", h.stats.nodes_visited));
        row (rows, _ ("BVH: primitives tested"), g_strdup_printf ("%u", h.stats.primitives_tested));
        v = g_strdup (g.hit == h.hit && (!h.hit || g.prim == h.prim)
                          ? _ ("All three find the same hit")
                          : _ ("The grid found another hit"));
        break;
      }
    default:
      break;
    }
  if (verdict != NULL)
    *verdict = v;
  else
    g_free (v);
  return rows;
}

char *
carom_lab_text (CaromLab *self, int digits)
{
  g_return_val_if_fail (CAROM_IS_LAB (self), NULL);
  g_autofree char *verdict = NULL;
  g_autoptr (GPtrArray) rows = carom_lab_rows (self, digits, &verdict);
  GString *out = g_string_new (carom_lab_test_name (self->test));
  g_string_append_c (out, '\n');
  for (guint i = 0; i + 1 < rows->len; i += 2)
    g_string_append_printf (out, "  %s: %s\n", (char *)rows->pdata[i], (char *)rows->pdata[i + 1]);
  if (verdict != NULL)
    g_string_append_printf (out, "%s\n", verdict);
  return g_string_free (out, FALSE);
}

/* ---- life cycle ---- */

static void
document_changed (CaromLab *self)
{
  /* The grid belongs to the world it was built for. */
  cg_grid_clear (&self->grid);
  self->grid_world = NULL;
  changed (self);
}

void
carom_lab_set_document (CaromLab *self, CaromDocument *document)
{
  g_return_if_fail (CAROM_IS_LAB (self));
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      g_signal_connect_swapped (document, "changed", G_CALLBACK (document_changed), self);
      g_signal_connect_swapped (document, "trace-changed", G_CALLBACK (document_changed), self);
    }
  document_changed (self);
}

void
carom_lab_set_step (CaromLab *self, guint ball, guint step)
{
  g_return_if_fail (CAROM_IS_LAB (self));
  if (self->ball == ball && self->step == step)
    return;
  self->ball = ball;
  self->step = step;
  if (self->test == CAROM_LAB_BROAD)
    changed (self);
}

static void
carom_lab_dispose (GObject *object)
{
  CaromLab *self = CAROM_LAB (object);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  cg_grid_clear (&self->grid);
  G_OBJECT_CLASS (carom_lab_parent_class)->dispose (object);
}

static void
carom_lab_class_init (CaromLabClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = carom_lab_dispose;
  /// The probes or the test changed: redraw and show the numbers again.
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);
}

static void
carom_lab_init (CaromLab *self)
{
  self->drag_probe = -1;
  self->size = 200.0;
  self->test = CAROM_LAB_SEGMENTS;
  reset_probes (self);
}

CaromLab *
carom_lab_new (void)
{
  return g_object_new (CAROM_TYPE_LAB, NULL);
}
