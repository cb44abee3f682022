/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-explain.c: the maths of each hit (carom-explain.h). */
#include "carom-explain.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

char *
carom_explain_number_digits (double value, int digits)
{
  if (digits <= 0 || digits >= 17 || value == 0.0 || !isfinite (value))
    return carom_explain_number (value);
  char buf[G_ASCII_DTOSTR_BUF_SIZE], format[8];
  g_snprintf (format, sizeof format, "%%.%dg", digits);
  g_ascii_formatd (buf, sizeof buf, format, value);
  /* Rounding may leave "-0" of a tiny negative number. */
  return g_strdup (strcmp (buf, "-0") == 0 ? "0" : buf);
}

char *
carom_explain_number (double value)
{
  if (value == 0.0)
    return g_strdup ("0");
  if (!isfinite (value))
    return g_strdup (isnan (value) ? "NaN" : value > 0 ? "∞" : "−∞");
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  for (int digits = 15; digits <= 17; digits++)
    {
      char format[8];
      g_snprintf (format, sizeof format, "%%.%dg", digits);
      g_ascii_formatd (buf, sizeof buf, format, value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }
  return g_strdup (buf);
}

gboolean
carom_explain_cast (const CmSceneTrace *trace, guint ball, guint hit, CaromCastExplanation *out)
{
  g_return_val_if_fail (trace != NULL && out != NULL, FALSE);
  memset (out, 0, sizeof *out);
  if (ball >= trace->balls->len)
    return FALSE;
  const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, ball);
  if (hit < 1 || hit > bt->trace.n_hits)
    return FALSE;
  gboolean found = carom_explain_hit (trace, bt, &bt->trace.hits[hit - 1],
                                      hit > 1 ? &bt->trace.hits[hit - 2] : NULL, out);
  out->ball = ball;
  return found;
}

gboolean
carom_explain_hit (const CmSceneTrace *trace, const CaromBallTrace *bt, const CgHit *h,
                   const CgHit *prev, CaromCastExplanation *out)
{
  g_return_val_if_fail (trace != NULL && bt != NULL && h != NULL && out != NULL, FALSE);
  memset (out, 0, sizeof *out);
  out->trace = trace;
  out->bt = bt;
  out->h = *h;
  out->hit = h->index;
  out->c = h->from;
  out->d = h->in;
  out->radius = bt->radius;
  /* The tracer's `after`: the primitive just reflected off. */
  out->exclude = prev != NULL ? (int64_t)prev->prim : -1;
  out->n_primitives = cg_world_primitive_total (bt->world, bt->radius);
  if (!cg_world_explain_cast (bt->world, out->c, out->d, bt->radius, out->exclude, &out->result,
                              &out->tested, &out->n_tested))
    return FALSE;
  if (out->result.hit)
    cg_world_primitive (bt->world, out->result.prim, bt->radius, &out->prim);
  return out->result.hit;
}

void
carom_cast_explanation_clear (CaromCastExplanation *e)
{
  free (e->tested);
  memset (e, 0, sizeof *e);
}

/* "edge 1", "arc edge 2" or "vertex 3". */
static char *
place_name (CgPrimKind kind, CgPart part, uint32_t element)
{
  if (part != CG_PART_EDGE)
    return g_strdup_printf (_ ("vertex %u"), element);
  return kind == CG_PRIM_SEGMENT ? g_strdup_printf (_ ("edge %u"), element)
                                 : g_strdup_printf (_ ("arc edge %u"), element);
}

char *
carom_explain_hit_name (const CmSceneTrace *trace, const CgHit *hit, const CmObject **object)
{
  if (object != NULL)
    *object = cm_scene_trace_polygon (trace, hit->object);
  return place_name ((CgPrimKind)hit->kind, (CgPart)hit->part, hit->element);
}

char *
carom_explain_primitive_name (const CmSceneTrace *trace, const CgPrimitive *p,
                              const CmObject **object)
{
  if (object != NULL)
    *object = cm_scene_trace_polygon (trace, p->object);
  return place_name ((CgPrimKind)p->kind, (CgPart)p->part, p->element);
}

GArray *
carom_explain_rejected (const CaromCastExplanation *e)
{
  g_return_val_if_fail (e != NULL, NULL);
  GArray *out = g_array_sized_new (FALSE, FALSE, sizeof (guint), (guint)e->n_tested);
  if (e->n_tested == 0)
    return out;
  /* The order the web page's core gives too (cg-scene.h). */
  g_array_set_size (out, (guint)e->n_tested);
  G_STATIC_ASSERT (sizeof (guint) == sizeof (uint32_t));
  g_array_set_size (out, (guint)cg_scene_rank_rejected (e->tested, e->n_tested, e->c,
                                                        (uint32_t *)(void *)out->data));
  return out;
}

/* ---- writing ---- */

/* Numbers and vectors as the explanation writes them. */
typedef struct
{
  GPtrArray *owned;
  int digits; /* significant digits; 0: every digit needed to read the number back */
} Pen;

static const char *
num (Pen *pen, double v)
{
  char *s = carom_explain_number_digits (v, pen->digits);
  g_ptr_array_add (pen->owned, s);
  return s;
}

static const char *
vec (Pen *pen, CgVec2 v)
{
  g_autofree char *x = carom_explain_number_digits (v.x, pen->digits),
                  *y = carom_explain_number_digits (v.y, pen->digits);
  char *s = g_strdup_printf ("(%s, %s)", x, y);
  g_ptr_array_add (pen->owned, s);
  return s;
}

char *
carom_explain_reason (const CgCastRecord *rec, double t_hit)
{
  return carom_explain_reason_digits (rec, t_hit, 0);
}

char *
carom_explain_reason_digits (const CgCastRecord *rec, double t_hit, int digits)
{
  Pen pen = { g_ptr_array_new_with_free_func (g_free), digits };
  char *text;
  switch (rec->reject)
    {
    case CG_REJECT_BACK_FACING:
      text = g_strdup_printf (_ ("back-facing: d·n = %s ≥ 0"), num (&pen, rec->d_dot_n));
      break;
    case CG_REJECT_BEHIND:
      text = g_strdup_printf (_ ("behind the start: t = %s < 0"), num (&pen, rec->t));
      break;
    case CG_REJECT_OUTSIDE_SEGMENT:
      text = g_strdup_printf (_ ("outside the segment: s = %s is not in [0, 1]"),
                              num (&pen, rec->s));
      break;
    case CG_REJECT_MISSES_CIRCLE:
      text = g_strdup_printf (_ ("misses the circle: b² − cc = ρ² − |m − b d|² = %s < 0"),
                              num (&pen, rec->disc));
      break;
    case CG_REJECT_LEAVING:
      text = g_strdup_printf (_ ("starts inside the circle and leaves it: t₀ = %s < 0"),
                              num (&pen, rec->t0));
      break;
    case CG_REJECT_OUTSIDE_SWEEP:
      text = g_strdup_printf (_ ("outside the sweep: φ = %s° is not in [0°, %s°]"),
                              num (&pen, rec->phi * 180.0 / G_PI),
                              num (&pen, rec->sweep * 180.0 / G_PI));
      break;
    case CG_REJECT_EXCLUDED:
      text = g_strdup (_ ("skipped: the ball just reflected off it, and meets it again at t = 0"));
      break;
    case CG_REJECT_FARTHER:
      text = g_strdup_printf (_ ("farther: t = %s > %s"), num (&pen, rec->t), num (&pen, t_hit));
      break;
    default:
      text = g_strdup (_ ("the hit"));
      break;
    }
  g_ptr_array_unref (pen.owned);
  return text;
}

char *
carom_explain_tested_name (const CaromCastExplanation *e, size_t i, const CmObject **object)
{
  g_return_val_if_fail (e != NULL && i < e->n_tested, g_strdup (""));
  return carom_explain_primitive_name (e->trace, &e->tested[i].p, object);
}

char *
carom_explain_tested_reason (const CaromCastExplanation *e, size_t i, int digits)
{
  g_return_val_if_fail (e != NULL && i < e->n_tested, g_strdup (""));
  return carom_explain_reason_digits (&e->tested[i].rec, e->result.rec.t, digits);
}

/* Lines of the explanation: plain text, or the rows of an align*. */
typedef struct
{
  GString *out;
  CmExplainFormat format;
  Pen pen;
} Writer;

/* A line of words (plain text; \text{} in LaTeX). */
static void G_GNUC_PRINTF (2, 3) words (Writer *w, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  g_autofree char *line = g_strdup_vprintf (format, args);
  va_end (args);
  if (w->format == CAROM_EXPLAIN_TEXT)
    g_string_append_printf (w->out, "%s\n", line);
  else
    {
      /* LaTeX's specials in names and words. */
      GString *escaped = g_string_new (NULL);
      for (const char *p = line; *p; p++)
        {
          if (strchr ("#$%&_{}", *p))
            g_string_append_c (escaped, '\\');
          if (*p == '\\')
            g_string_append (escaped, "\\textbackslash{}");
          else if (*p == '~' || *p == '^')
            g_string_append_printf (escaped, "\\%c{}", *p);
          else
            g_string_append_c (escaped, *p);
        }
      g_string_append_printf (w->out, "  &\\text{%s} \\\\\n", escaped->str);
      g_string_free (escaped, TRUE);
    }
}

/* A line of maths: the plain form and the LaTeX form of the same formula. */
static void
maths (Writer *w, const char *plain, const char *latex)
{
  if (w->format == CAROM_EXPLAIN_TEXT)
    g_string_append_printf (w->out, "  %s\n", plain);
  else
    g_string_append_printf (w->out, "  %s \\\\\n", latex);
}

/* A vector in LaTeX: (x, y) as \left(x,\ y\right). */
static const char *
lvec (Pen *pen, CgVec2 v)
{
  g_autofree char *x = carom_explain_number_digits (v.x, pen->digits),
                  *y = carom_explain_number_digits (v.y, pen->digits);
  char *s = g_strdup_printf ("\\left(%s,\\ %s\\right)", x, y);
  g_ptr_array_add (pen->owned, s);
  return s;
}

char *
carom_explain_primitive_cast (const CgPrimitive *p, const CgCastRecord *rec, double edge_radius,
                              double ball_radius, CmExplainFormat format, int digits)
{
  g_return_val_if_fail (p != NULL && rec != NULL, NULL);
  Writer w = { g_string_new (NULL), format, { g_ptr_array_new_with_free_func (g_free), digits } };
  Pen *pen = &w.pen;
  if (p->kind == CG_PRIM_SEGMENT)
    {
      g_autofree char *a1 = g_strdup_printf ("a = %s, b = %s, n = %s", vec (pen, p->a),
                                             vec (pen, p->b), vec (pen, p->n));
      g_autofree char *a2 = g_strdup_printf ("&a = %s,\\ b = %s,\\ n = %s", lvec (pen, p->a),
                                             lvec (pen, p->b), lvec (pen, p->n));
      maths (&w, a1, a2);
      g_autofree char *f1 = g_strdup_printf ("d·n = %s < 0", num (pen, rec->d_dot_n));
      g_autofree char *f2 = g_strdup_printf ("&d\\cdot n = %s < 0", num (pen, rec->d_dot_n));
      maths (&w, f1, f2);
      g_autofree char *t1 = g_strdup_printf ("t = ((a − c)·n) / (d·n) = %s", num (pen, rec->t));
      g_autofree char *t2
          = g_strdup_printf ("&t = \\frac{(a - c)\\cdot n}{d\\cdot n} = %s", num (pen, rec->t));
      maths (&w, t1, t2);
      g_autofree char *p1 = g_strdup_printf ("p = c + t d = %s", vec (pen, rec->point));
      g_autofree char *p2 = g_strdup_printf ("&p = c + t\\,d = %s", lvec (pen, rec->point));
      maths (&w, p1, p2);
      g_autofree char *s1
          = g_strdup_printf ("s = ((p − a)·(b − a)) / |b − a|² = %s, in [0, 1]", num (pen, rec->s));
      g_autofree char *s2 = g_strdup_printf (
          "&s = \\frac{(p - a)\\cdot(b - a)}{\\lvert b - a\\rvert^2} = %s \\in [0, 1]",
          num (pen, rec->s));
      maths (&w, s1, s2);
      g_autofree char *n1 = g_strdup_printf ("normal = n = %s", vec (pen, rec->normal));
      g_autofree char *n2 = g_strdup_printf ("&\\hat n = n = %s", lvec (pen, rec->normal));
      maths (&w, n1, n2);
      g_ptr_array_unref (w.pen.owned);
      return g_string_free (w.out, FALSE);
    }

  /* The circle |p − q| = ρ the centre meets. */
  g_autofree char *q1 = NULL, *q2 = NULL;
  if (p->part != CG_PART_EDGE)
    {
      words (&w, _ ("A vertex cap: the ball touches the vertex q, so ρ = r."));
      q1 = g_strdup_printf ("q = %s, ρ = r = %s", vec (pen, p->q), num (pen, p->rho));
      q2 = g_strdup_printf ("&q = %s,\\ \\rho = r = %s", lvec (pen, p->q), num (pen, p->rho));
    }
  else if (!p->inside)
    {
      words (&w, _ ("A convex arc edge: its front is outside its circle, the centre stays at "
                    "R + r from q."));
      q1 = g_strdup_printf ("q = %s, ρ = R + r = %s + %s = %s", vec (pen, p->q),
                            num (pen, edge_radius), num (pen, ball_radius), num (pen, p->rho));
      q2 = g_strdup_printf ("&q = %s,\\ \\rho = R + r = %s + %s = %s", lvec (pen, p->q),
                            num (pen, edge_radius), num (pen, ball_radius), num (pen, p->rho));
    }
  else
    {
      words (&w, _ ("A concave arc edge: its front is inside its circle, the centre stays at "
                    "R − r from q."));
      q1 = g_strdup_printf ("q = %s, ρ = R − r = %s − %s = %s", vec (pen, p->q),
                            num (pen, edge_radius), num (pen, ball_radius), num (pen, p->rho));
      q2 = g_strdup_printf ("&q = %s,\\ \\rho = R - r = %s - %s = %s", lvec (pen, p->q),
                            num (pen, edge_radius), num (pen, ball_radius), num (pen, p->rho));
    }
  maths (&w, q1, q2);
  g_autofree char *m1 = g_strdup_printf ("m = c − q = %s", vec (pen, rec->m));
  g_autofree char *m2 = g_strdup_printf ("&m = c - q = %s", lvec (pen, rec->m));
  maths (&w, m1, m2);
  g_autofree char *b1 = g_strdup_printf ("b = m·d = %s", num (pen, rec->b));
  g_autofree char *b2 = g_strdup_printf ("&b = m\\cdot d = %s", num (pen, rec->b));
  maths (&w, b1, b2);
  g_autofree char *c1 = g_strdup_printf ("cc = m·m − ρ² = %s", num (pen, rec->cc));
  g_autofree char *c2 = g_strdup_printf ("&c_c = m\\cdot m - \\rho^2 = %s", num (pen, rec->cc));
  maths (&w, c1, c2);
  g_autofree char *d1
      = g_strdup_printf ("b² − cc = ρ² − |m − b d|² = %s ≥ 0", num (pen, rec->disc));
  g_autofree char *d2 = g_strdup_printf (
      "&b^2 - c_c = \\rho^2 - \\lvert m - b\\,d\\rvert^2 = %s \\ge 0", num (pen, rec->disc));
  maths (&w, d1, d2);
  g_autofree char *r1 = g_strdup_printf ("t₀ = −b − √(b² − cc) = %s, t₁ = −b + √(b² − cc) = %s",
                                         num (pen, rec->t0), num (pen, rec->t1));
  g_autofree char *r2
      = g_strdup_printf ("&t_0 = -b - \\sqrt{b^2 - c_c} = %s,\\ t_1 = -b + \\sqrt{b^2 - c_c} = %s",
                         num (pen, rec->t0), num (pen, rec->t1));
  maths (&w, r1, r2);
  if (rec->larger_root)
    {
      words (&w, _ ("The front is inside the circle: the ball meets it where the ray leaves the "
                    "circle, the larger root."));
      g_autofree char *t1 = g_strdup_printf ("t = t₁ = %s", num (pen, rec->t));
      g_autofree char *t2 = g_strdup_printf ("&t = t_1 = %s", num (pen, rec->t));
      maths (&w, t1, t2);
    }
  else
    {
      words (&w, _ ("The front is outside the circle: the ball meets it where the ray enters the "
                    "circle, the smaller root."));
      g_autofree char *t1 = g_strdup_printf ("t = t₀ = %s", num (pen, rec->t));
      g_autofree char *t2 = g_strdup_printf ("&t = t_0 = %s", num (pen, rec->t));
      maths (&w, t1, t2);
    }
  g_autofree char *p1 = g_strdup_printf ("p = c + t d = %s", vec (pen, rec->point));
  g_autofree char *p2 = g_strdup_printf ("&p = c + t\\,d = %s", lvec (pen, rec->point));
  maths (&w, p1, p2);
  if (p->full)
    words (&w, _ ("A whole circle: no sweep test."));
  else
    {
      double deg = 180.0 / G_PI;
      g_autofree char *s1 = g_strdup_printf (
          "sweep: u = (p − q)/ρ, φ = ∠(u₀, u) = %s°, 0 ≤ φ ≤ %s° (u₀ = %s)",
          num (pen, rec->phi * deg), num (pen, p->sweep * deg), vec (pen, p->u_from));
      g_autofree char *s2 = g_strdup_printf (
          "&u = \\frac{p - q}{\\rho},\\ \\varphi = \\angle(u_0, u) = %s^\\circ,\\ 0 \\le "
          "\\varphi \\le %s^\\circ,\\ u_0 = %s",
          num (pen, rec->phi * deg), num (pen, p->sweep * deg), lvec (pen, p->u_from));
      maths (&w, s1, s2);
    }
  g_autofree char *n1 = g_strdup_printf (
      p->inside ? "normal = (q − p)/ρ = %s" : "normal = (p − q)/ρ = %s", vec (pen, rec->normal));
  g_autofree char *n2 = g_strdup_printf (p->inside ? "&\\hat n = \\frac{q - p}{\\rho} = %s"
                                                   : "&\\hat n = \\frac{p - q}{\\rho} = %s",
                                         lvec (pen, rec->normal));
  maths (&w, n1, n2);
  g_ptr_array_unref (w.pen.owned);
  return g_string_free (w.out, FALSE);
}

char *
carom_explain_format (const CaromCastExplanation *e, CmExplainFormat format, guint max_rejected)
{
  return carom_explain_format_digits (e, format, max_rejected, 0);
}

char *
carom_explain_format_digits (const CaromCastExplanation *e, CmExplainFormat format,
                             guint max_rejected, int digits)
{
  g_return_val_if_fail (e != NULL && e->trace != NULL && e->bt != NULL, NULL);
  const CaromBallTrace *bt = e->bt;
  const CgHit *h = &e->h;
  Writer w = { g_string_new (NULL), format, { g_ptr_array_new_with_free_func (g_free), digits } };
  Pen *pen = &w.pen;

  if (format == CAROM_EXPLAIN_LATEX)
    g_string_append (w.out, "\\begin{align*}\n");

  const CmObject *object;
  g_autofree char *where = carom_explain_hit_name (e->trace, h, &object);
  const char *role = h->role == CG_ROLE_WALL ? _ ("wall") : _ ("obstacle");
  words (&w, _ ("Hit %u of ball “%s”: %s “%s”, %s (%s)"), e->hit, bt->ball->id, role, object->id,
         where,
         h->kind == CG_PRIM_SEGMENT ? _ ("offset segment")
         : h->part == CG_PART_EDGE  ? _ ("offset arc")
                                    : _ ("arc"));
  g_autofree char *c1 = g_strdup_printf ("c = %s, d = %s, r = %s", vec (pen, e->c), vec (pen, e->d),
                                         num (pen, bt->ball->radius));
  g_autofree char *c2 = g_strdup_printf ("&c = %s,\\ d = %s,\\ r = %s", lvec (pen, e->c),
                                         lvec (pen, e->d), num (pen, bt->ball->radius));
  maths (&w, c1, c2);

  double R = 0.0;
  if (e->prim.kind == CG_PRIM_ARC && e->prim.part == CG_PART_EDGE && object->edges != NULL
      && e->prim.element < object->n_points)
    R = object->edges[e->prim.element].R;
  g_autofree char *lines
      = carom_explain_primitive_cast (&e->prim, &e->result.rec, R, e->radius, format, digits);
  g_string_append (w.out, lines);

  if (h->reflected)
    {
      double dn = cg_dot (h->in, h->normal);
      g_autofree char *r1
          = g_strdup_printf ("d′ = d − 2(d·n)n = %s, d·n = %s", vec (pen, h->out), num (pen, dn));
      g_autofree char *r2 = g_strdup_printf (
          "&d' = d - 2\\,(d\\cdot \\hat n)\\,\\hat n = %s,\\ d\\cdot\\hat n = %s",
          lvec (pen, h->out), num (pen, dn));
      maths (&w, r1, r2);
      if (h->role == CG_ROLE_OBSTACLE)
        words (&w, _ ("An obstacle that reflects: the ball bounces off it."));
    }
  else
    words (&w, _ ("An obstacle: the ball stops here."));

  const CgCastStats *stats = &e->result.stats;
  words (&w,
         _ ("Broad phase: %u boxes tested, %u BVH nodes visited, %u primitives tested "
            "(brute force tests %zu)"),
         stats->boxes_tested, stats->nodes_visited, stats->primitives_tested, e->n_primitives);

  g_autoptr (GArray) rejected = carom_explain_rejected (e);
  guint shown = MIN (rejected->len, max_rejected);
  if (shown > 0)
    words (&w, _ ("Rejected candidates, nearest first:"));
  for (guint i = 0; i < shown; i++)
    {
      guint k = g_array_index (rejected, guint, i);
      const CmObject *o;
      g_autofree char *name = carom_explain_tested_name (e, k, &o);
      g_autofree char *reason = carom_explain_tested_reason (e, k, digits);
      if (format == CAROM_EXPLAIN_TEXT)
        g_string_append_printf (w.out, "  %s, %s: %s\n", o->id, name, reason);
      else
        words (&w, "%s, %s: %s", o->id, name, reason);
    }
  if (rejected->len > shown)
    words (&w, g_dngettext (GETTEXT_PACKAGE, "and %u more", "and %u more", rejected->len - shown),
           rejected->len - shown);

  if (format == CAROM_EXPLAIN_LATEX)
    g_string_append (w.out, "\\end{align*}\n");
  g_ptr_array_unref (w.pen.owned);
  return g_string_free (w.out, FALSE);
}

char *
carom_explain_trace (const CmSceneTrace *trace, CmExplainFormat format)
{
  return carom_explain_trace_digits (trace, format, 0);
}

char *
carom_explain_trace_digits (const CmSceneTrace *trace, CmExplainFormat format, int digits)
{
  g_return_val_if_fail (trace != NULL, NULL);
  GString *out = g_string_new (NULL);
  for (guint b = 0; b < trace->balls->len; b++)
    {
      const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, b);
      for (guint k = 1; k <= bt->trace.n_hits; k++)
        {
          CaromCastExplanation e;
          if (!carom_explain_cast (trace, b, k, &e))
            {
              g_string_free (out, TRUE);
              return NULL;
            }
          g_autofree char *text
              = carom_explain_format_digits (&e, format, CAROM_EXPLAIN_REJECTED_MAX, digits);
          carom_cast_explanation_clear (&e);
          if (out->len > 0)
            g_string_append_c (out, '\n');
          g_string_append (out, text);
        }
    }
  return g_string_free (out, FALSE);
}
