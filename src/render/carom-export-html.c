/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-export-html.c: a figure as one self-contained web page
 * (carom-export-html.h). */
#include "carom-export-html.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "carom-export.h"
#include "carom-figure.h"
#include "carom-render-private.h"
#include "carom-web-resources.h"
#include "model/carom-explain.h"
#ifdef CAROM_HAVE_CORE
#include "carom-core-resources.h"
#endif

/* The page's runtime, compiled into the binary (data/web/, a GResource),
 * and the geometry core when the build makes it (-Dwasm: carom-core.wasm
 * and its loader src/wasm/carom-core.js, data/web/carom-core.gresource.xml). */
#define RESOURCE_DIR "/io/carom/Carom/web/"
#define CORE_DIR "/io/carom/Carom/core/"

/* Hits whose maths a page without the WebAssembly core carries: beyond,
 * the page says the maths is not in it (the core explains any hit). */
#define MAX_EXPLAINED 4000

/* ---- escaping ------------------------------------------------------------ */

/* Text for HTML element content and quoted attribute values alike. */
static void
html_escape (GString *out, const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    switch (*p)
      {
      case '&':
        g_string_append (out, "&amp;");
        break;
      case '<':
        g_string_append (out, "&lt;");
        break;
      case '>':
        g_string_append (out, "&gt;");
        break;
      case '"':
        g_string_append (out, "&quot;");
        break;
      case '\'':
        g_string_append (out, "&#39;");
        break;
      default:
        g_string_append_c (out, *p);
        break;
      }
}

/* A JSON string that is safe inside <script type="application/json">:
 * besides JSON's own escapes, <, > and & as \u escapes (so no "</script>"
 * or "<!--" can end or change the script data), and U+2028 and U+2029. */
static void
json_string (GString *out, const char *s)
{
  g_string_append_c (out, '"');
  for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_printf (out, "\\%c", *p);
      else if (*p < 0x20 || *p == '<' || *p == '>' || *p == '&' || *p == 0x7f)
        g_string_append_printf (out, "\\u%04x", *p);
      else if (p[0] == 0xe2 && p[1] == 0x80 && (p[2] == 0xa8 || p[2] == 0xa9))
        {
          g_string_append (out, p[2] == 0xa8 ? "\\u2028" : "\\u2029");
          p += 2;
        }
      else
        g_string_append_c (out, (char)*p);
    }
  g_string_append_c (out, '"');
}

/* Every digit needed to read the number back (%.17g); JSON has no
 * infinities, so those and NaN are null. */
static void
json_number (GString *out, double v)
{
  if (!isfinite (v))
    {
      g_string_append (out, "null");
      return;
    }
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.17g", v == 0.0 ? 0.0 : v));
}

static void
json_vec (GString *out, CgVec2 v)
{
  g_string_append_c (out, '[');
  json_number (out, v.x);
  g_string_append_c (out, ',');
  json_number (out, v.y);
  g_string_append_c (out, ']');
}

static void
json_key (GString *out, const char *key)
{
  if (out->len > 0 && out->str[out->len - 1] != '{')
    g_string_append_c (out, ',');
  json_string (out, key);
  g_string_append_c (out, ':');
}

static void
json_key_string (GString *out, const char *key, const char *value)
{
  json_key (out, key);
  json_string (out, value);
}

static void
json_key_number (GString *out, const char *key, double value)
{
  json_key (out, key);
  json_number (out, value);
}

static void
json_key_vec (GString *out, const char *key, CgVec2 value)
{
  json_key (out, key);
  json_vec (out, value);
}

/* ---- the scene --------------------------------------------------------- */

/* The objects the core traces, in document order: walls and obstacles
 * with their edges, balls, beams (docs/web-page.md, "Scene"). */
static void
scene_json (GString *out, const CmScene *scene)
{
  g_string_append_c (out, '[');
  gboolean first = TRUE;
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *o = g_ptr_array_index (scene->objects, i);
      if (o->hidden)
        continue;
      if (!first)
        g_string_append_c (out, ',');
      first = FALSE;
      g_string_append_c (out, '{');
      json_key_string (out, "id", o->id != NULL ? o->id : "");
      json_key_string (out, "role", cm_object_role_name (o));
      if (o->kind == CM_OBJECT_POLYGON)
        {
          if (o->role == CG_ROLE_OBSTACLE)
            json_key_string (out, "onHit", o->on_hit == CG_ON_HIT_REFLECT ? "reflect" : "stop");
          json_key (out, "points");
          g_string_append_c (out, '[');
          for (size_t k = 0; k < o->n_points; k++)
            {
              if (k > 0)
                g_string_append_c (out, ',');
              json_vec (out, o->points[k]);
            }
          g_string_append_c (out, ']');
          if (o->edges != NULL)
            {
              /* Each edge [qx, qy, R, sweep]; a straight one all zero. */
              json_key (out, "edges");
              g_string_append_c (out, '[');
              for (size_t k = 0; k < o->n_points; k++)
                {
                  const CgCurveEdge *e = &o->edges[k];
                  g_string_append (out, k > 0 ? ",[" : "[");
                  json_number (out, e->q.x);
                  g_string_append_c (out, ',');
                  json_number (out, e->q.y);
                  g_string_append_c (out, ',');
                  json_number (out, e->R);
                  g_string_append_c (out, ',');
                  json_number (out, e->sweep);
                  g_string_append_c (out, ']');
                }
              g_string_append_c (out, ']');
            }
        }
      else
        {
          json_key_vec (out, "center", o->center);
          json_key_number (out, "radius", o->radius);
          json_key_vec (out, "direction", o->direction);
          json_key_number (out, "maxBounces", o->max_bounces);
          if (o->kind == CM_OBJECT_BEAM)
            {
              json_key_string (out, "shape", o->beam_shape == CAROM_BEAM_FAN ? "fan" : "parallel");
              json_key_number (out, "count", o->count);
              if (o->beam_shape == CAROM_BEAM_FAN)
                json_key_number (out, "spread", o->spread);
              else
                json_key_vec (out, "end", o->beam_end);
            }
        }
      g_string_append_c (out, '}');
    }
  g_string_append_c (out, ']');
}

/* ---- the trace, as `carom trace --json` writes it ---------------------- */

static void
hit_json (GString *out, const CmSceneTrace *st, const CgHit *hit)
{
  const CmObject *object = cm_scene_trace_polygon (st, hit->object);
  g_string_append_c (out, '{');
  json_key_number (out, "index", hit->index);
  json_key_vec (out, "point", hit->point);
  json_key_number (out, "distance", hit->distance);
  json_key_vec (out, "normal", hit->normal);
  json_key_string (out, "object", object->id);
  json_key_string (out, "role", cm_object_role_name (object));
  json_key_string (out, "primitive", hit->kind == CG_PRIM_SEGMENT ? "segment" : "arc");
  json_key_number (out,
                   hit->kind == CG_PRIM_SEGMENT || hit->part == CG_PART_EDGE ? "edge" : "vertex",
                   hit->element);
  json_key_string (out, "action", hit->reflected ? "reflect" : "stop");
  json_key_vec (out, "in", hit->in);
  json_key_vec (out, "out", hit->out);
  g_string_append_c (out, '}');
}

static void
trace_json (GString *out, const CmSceneTrace *st)
{
  g_string_append (out, "{\"balls\":[");
  for (guint b = 0; b < st->balls->len; b++)
    {
      const CaromBallTrace *bt = &g_array_index (st->balls, CaromBallTrace, b);
      const CgTrace *t = &bt->trace;
      if (b > 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, '{');
      json_key_string (out, "id", bt->ball->id);
      json_key_vec (out, "start", t->start);
      json_key_vec (out, "direction", t->direction);
      json_key_number (out, "radius", t->radius);
      json_key (out, "hits");
      g_string_append_c (out, '[');
      for (size_t k = 0; k < t->n_hits; k++)
        {
          if (k > 0)
            g_string_append_c (out, ',');
          hit_json (out, st, &t->hits[k]);
        }
      g_string_append_c (out, ']');
      json_key_string (out, "status", cg_trace_status_name (t->status));
      g_string_append_c (out, '}');
    }
  g_string_append (out, "]}");
}

/* ---- the maths of a hit, as numbers ------------------------------------ */

/* A primitive: [kind, part, object id, element] then its geometry. */
static void
primitive_json (GString *out, const CmSceneTrace *st, const CgPrimitive *p)
{
  const CmObject *o = cm_scene_trace_polygon (st, p->object);
  g_string_append_c (out, '{');
  json_key_string (out, "kind", p->kind == CG_PRIM_SEGMENT ? "segment" : "arc");
  json_key_string (out, "part", p->part == CG_PART_EDGE ? "edge" : "vertex");
  json_key_string (out, "object", o != NULL ? o->id : "");
  json_key_number (out, "element", p->element);
  if (p->kind == CG_PRIM_SEGMENT)
    {
      json_key_vec (out, "a", p->a);
      json_key_vec (out, "b", p->b);
      json_key_vec (out, "n", p->n);
    }
  else
    {
      json_key_vec (out, "q", p->q);
      json_key_number (out, "rho", p->rho);
      json_key_number (out, "inside", p->inside);
      json_key_number (out, "full", p->full);
      json_key_vec (out, "uFrom", p->u_from);
      json_key_number (out, "sweep", p->sweep);
    }
  g_string_append_c (out, '}');
}

/* The quantities of a cast record the explanation writes (those that are
 * zero left out: the page reads them as 0). */
static void
record_json (GString *out, const CgCastRecord *r)
{
  g_string_append_c (out, '{');
  json_key_number (out, "reject", r->reject);
  json_key_number (out, "t", r->t);
  json_key_vec (out, "point", r->point);
  json_key_vec (out, "normal", r->normal);
  const struct
  {
    const char *key;
    double value;
  } numbers[] = {
    { "dn", r->d_dot_n },  { "s", r->s },
    { "b", r->b },         { "cc", r->cc },
    { "disc", r->disc },   { "t0", r->t0 },
    { "t1", r->t1 },       { "phi", r->phi },
    { "sweep", r->sweep }, { "larger", r->larger_root },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (numbers); i++)
    if (numbers[i].value != 0.0)
      json_key_number (out, numbers[i].key, numbers[i].value);
  if (r->m.x != 0.0 || r->m.y != 0.0)
    json_key_vec (out, "m", r->m);
  g_string_append_c (out, '}');
}

/* One hit explained (docs/web-page.md, "Explanations"): the cast, the
 * primitive hit with its record, the broad phase's counts, and the
 * rejected candidates nearest first (at most CAROM_EXPLAIN_REJECTED_MAX,
 * and how many more). */
static gboolean
explanation_json (GString *out, const CmSceneTrace *st, const CaromBallTrace *bt, const CgHit *hit,
                  const CgHit *prev)
{
  CaromCastExplanation e;
  if (!carom_explain_hit (st, bt, hit, prev, &e))
    {
      carom_cast_explanation_clear (&e);
      return FALSE;
    }
  const CmObject *object = cm_scene_trace_polygon (st, hit->object);
  double R = 0.0;
  if (e.prim.kind == CG_PRIM_ARC && e.prim.part == CG_PART_EDGE && object->edges != NULL
      && e.prim.element < object->n_points)
    R = object->edges[e.prim.element].R;
  g_string_append_c (out, '{');
  json_key_vec (out, "c", e.c);
  json_key_vec (out, "d", e.d);
  json_key_number (out, "r", bt->ball->radius);
  json_key_number (out, "radius", e.radius);
  json_key_number (out, "R", R);
  json_key (out, "prim");
  primitive_json (out, st, &e.prim);
  json_key (out, "rec");
  record_json (out, &e.result.rec);
  json_key (out, "stats");
  g_string_append_printf (out, "[%u,%u,%u,%zu]", e.result.stats.boxes_tested,
                          e.result.stats.nodes_visited, e.result.stats.primitives_tested,
                          e.n_primitives);
  g_autoptr (GArray) rejected = carom_explain_rejected (&e);
  guint shown = MIN (rejected->len, CAROM_EXPLAIN_REJECTED_MAX);
  json_key (out, "rejected");
  g_string_append_c (out, '[');
  for (guint i = 0; i < shown; i++)
    {
      const CgTested *t = &e.tested[g_array_index (rejected, guint, i)];
      g_string_append (out, i > 0 ? ",{" : "{");
      json_key (out, "prim");
      primitive_json (out, st, &t->p);
      json_key (out, "rec");
      record_json (out, &t->rec);
      g_string_append_c (out, '}');
    }
  g_string_append_c (out, ']');
  json_key_number (out, "more", rejected->len - shown);
  g_string_append_c (out, '}');
  carom_cast_explanation_clear (&e);
  return TRUE;
}

/* The explanations of the hits of every ball (a beam: of the ray
 * followed only), up to MAX_EXPLAINED hits: [ball index, [hits]], … */
static void
explanations_json (GString *out, const CmSceneTrace *st, const CaromBallTrace *selected)
{
  g_string_append_c (out, '[');
  guint explained = 0;
  gboolean first = TRUE;
  for (guint b = 0; b < st->balls->len; b++)
    {
      const CaromBallTrace *bt = &g_array_index (st->balls, CaromBallTrace, b);
      if (bt->source != bt->ball && bt != selected && bt->ray != 0)
        continue;
      if (explained + bt->trace.n_hits > MAX_EXPLAINED)
        continue;
      g_string_append (out, first ? "[" : ",[");
      first = FALSE;
      g_string_append_printf (out, "%u,[", b);
      for (size_t k = 0; k < bt->trace.n_hits; k++)
        {
          if (k > 0)
            g_string_append_c (out, ',');
          if (!explanation_json (out, st, bt, &bt->trace.hits[k],
                                 k > 0 ? &bt->trace.hits[k - 1] : NULL))
            g_string_append (out, "null");
        }
      g_string_append (out, "]]");
      explained += bt->trace.n_hits;
    }
  g_string_append_c (out, ']');
}

/* ---- the words of the page, in the export's language ------------------- */

static void
strings_json (GString *out)
{
  /* The messages the explanation is written with (carom-explain.c, the
   * same msgids, so the same translations), and the page's own. */
  const struct
  {
    const char *key, *text;
  } strings[] = {
    /* carom-explain.c */
    { "hitOfBall", _ ("Hit %u of ball “%s”: %s “%s”, %s (%s)") },
    { "wall", _ ("wall") },
    { "obstacle", _ ("obstacle") },
    { "offsetSegment", _ ("offset segment") },
    { "offsetArc", _ ("offset arc") },
    { "arc", _ ("arc") },
    { "edge", _ ("edge %u") },
    { "arcEdge", _ ("arc edge %u") },
    { "vertex", _ ("vertex %u") },
    { "vertexCap", _ ("A vertex cap: the ball touches the vertex q, so ρ = r.") },
    { "convexArc", _ ("A convex arc edge: its front is outside its circle, the centre stays at "
                      "R + r from q.") },
    { "concaveArc", _ ("A concave arc edge: its front is inside its circle, the centre stays at "
                       "R − r from q.") },
    { "largerRoot", _ ("The front is inside the circle: the ball meets it where the ray leaves "
                       "the circle, the larger root.") },
    { "smallerRoot", _ ("The front is outside the circle: the ball meets it where the ray enters "
                        "the circle, the smaller root.") },
    { "wholeCircle", _ ("A whole circle: no sweep test.") },
    { "reflectingObstacle", _ ("An obstacle that reflects: the ball bounces off it.") },
    { "stops", _ ("An obstacle: the ball stops here.") },
    { "broadPhase", _ ("Broad phase: %u boxes tested, %u BVH nodes visited, %u primitives tested "
                       "(brute force tests %zu)") },
    { "rejectedTitle", _ ("Rejected candidates, nearest first:") },
    { "more1", g_dngettext (GETTEXT_PACKAGE, "and %u more", "and %u more", 1) },
    { "moreN", g_dngettext (GETTEXT_PACKAGE, "and %u more", "and %u more", 2) },
    { "backFacing", _ ("back-facing: d·n = %s ≥ 0") },
    { "behind", _ ("behind the start: t = %s < 0") },
    { "outsideSegment", _ ("outside the segment: s = %s is not in [0, 1]") },
    { "missesCircle", _ ("misses the circle: b² − cc = ρ² − |m − b d|² = %s < 0") },
    { "leaving", _ ("starts inside the circle and leaves it: t₀ = %s < 0") },
    { "outsideSweep", _ ("outside the sweep: φ = %s° is not in [0°, %s°]") },
    { "excluded", _ ("skipped: the ball just reflected off it, and meets it again at t = 0") },
    { "farther", _ ("farther: t = %s > %s") },
    { "theHit", _ ("the hit") },
    /* carom-render-text.c: the legend's title at a step */
    { "legendHit", _ ("<b>Hit %lld of %zu</b>: %s “%s”") },
    { "legendStart", _ ("<b>Start</b>: ball “%s”") },
    /* carom-render-step.c */
    { "stopped", _ ("stopped") },
    /* the page's own */
    { "hitOf", _ ("Hit %u of %u") },
    { "start", _ ("Start") },
    { "startOf", _ ("Start of ball “%s”: no hit yet") },
    { "first", _ ("First hit (Home)") },
    { "previous", _ ("Previous hit (←)") },
    { "next", _ ("Next hit (→)") },
    { "last", _ ("Last hit (End)") },
    { "scrubber", _ ("Step") },
    { "ball", _ ("Ball") },
    { "copy", _ ("Copy LaTeX") },
    { "copied", _ ("LaTeX copied") },
    { "copyDenied", _ ("The browser does not let this page copy: the LaTeX is selected below, "
                       "press Ctrl+C to copy it.") },
    { "maths", _ ("The maths of the hit") },
    { "pointedAt", _ ("Hit %u, pointed at (click to step there)") },
    { "marker", _ ("Hit %u of “%s”: %s “%s”") },
    { "startHandle", _ ("Start of “%s”: drag it, or move it with the arrow keys") },
    { "aimHandle", _ ("Aim of “%s”: drag it, or turn it with the arrow keys") },
    { "noMaths", _ ("The maths of this hit is not in the page.") },
    { "noCore", _ ("This page carries no geometry core: it steps through the hits as exported, "
                   "but cannot trace a ball moved.") },
    { "coreFailed", _ ("The geometry core could not start: the page shows the hits as exported.") },
    { "drawing", _ ("Figure of “%s”: the scene and the path of its balls. Drag a ball or its aim "
                    "handle to trace again.") },
    { "drawingStill", _ ("Figure of “%s”: the scene and the path of its balls.") },
    { "noHits", _ ("no hits") },
  };
  g_string_append_c (out, '{');
  for (gsize i = 0; i < G_N_ELEMENTS (strings); i++)
    json_key_string (out, strings[i].key, strings[i].text);
  g_string_append_c (out, '}');
}

/* ---- the look ---------------------------------------------------------- */

static void
css_color (GString *out, CaromColor c)
{
  g_string_append_printf (out, "\"rgba(%d,%d,%d,", (int)lround (CLAMP (c.red, 0.0, 1.0) * 255.0),
                          (int)lround (CLAMP (c.green, 0.0, 1.0) * 255.0),
                          (int)lround (CLAMP (c.blue, 0.0, 1.0) * 255.0));
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.3g", CLAMP (c.alpha, 0.0, 1.0)));
  g_string_append (out, ")\"");
}

/* What the page's program draws with: colours (CSS) and sizes (points). */
static void
style_json (GString *out, const CaromStyle *s)
{
  const struct
  {
    const char *key;
    CaromColor color;
  } colors[] = {
    { "background", s->background },
    { "wall", s->wall },
    { "outline", s->outline },
    { "normal", s->normal },
    { "incoming", s->incoming },
    { "outgoing", s->outgoing },
    { "hitPrimitive", s->hit_primitive },
    { "path", s->path },
    { "pathFaint", s->path_faint },
    { "ballFill", s->ball_fill },
    { "ballStroke", s->ball_stroke },
    { "text", s->text },
    { "halo", s->halo },
    { "legendFill", s->legend_fill },
    { "legendStroke", s->legend_stroke },
    { "ball1", s->ball_colors[0] },
    { "ball2", s->ball_colors[1] },
    { "ball3", s->ball_colors[2] },
    { "ball4", s->ball_colors[3] },
  };
  g_string_append_c (out, '{');
  for (gsize i = 0; i < G_N_ELEMENTS (colors); i++)
    {
      json_key (out, colors[i].key);
      css_color (out, colors[i].color);
    }
  json_key_number (out, "pathWidth", s->path_width);
  json_key_number (out, "arrowLength", s->arrow_length);
  json_key_number (out, "markerRadius", s->marker_radius);
  json_key_number (out, "vectorLength", s->vector_length);
  json_key_number (out, "ballWidth", s->ball_width);
  json_key_number (out, "normalWidth", s->normal_width);
  json_key_number (out, "outlineWidth", s->outline_width);
  json_key_number (out, "labelSize", s->label_size);
  json_key_number (out, "haloWidth", s->halo_width);
  json_key_vec (out, "incomingDash", cg_v2 (s->incoming_dash[0], s->incoming_dash[1]));
  json_key_vec (out, "outgoingDash", cg_v2 (s->outgoing_dash[0], s->outgoing_dash[1]));
  json_key_vec (out, "normalDash", cg_v2 (s->normal_dash[0], s->normal_dash[1]));
  json_key_vec (out, "outlineDash", cg_v2 (s->outline_dash[0], s->outline_dash[1]));
  json_key_string (out, "font", s->font_family != NULL ? s->font_family : "Sans");
  json_key_number (out, "mono", g_str_has_suffix (s->name, "-mono"));
  g_string_append_c (out, '}');
}

CaromStyle
carom_export_html_dark_style (const CaromStyle *style)
{
  CaromStyle dark = *style;
  CaromStyle colors = carom_style_screen (TRUE);
  gboolean mono = g_str_has_suffix (style->name, "-mono");
  dark.name = colors.name;
  dark.background = colors.background;
  dark.grid = colors.grid;
  dark.wall = colors.wall;
  dark.obstacle_fill = colors.obstacle_fill;
  dark.obstacle_stroke = colors.obstacle_stroke;
  dark.outline = colors.outline;
  dark.aabb = colors.aabb;
  memcpy (dark.bvh, colors.bvh, sizeof dark.bvh);
  dark.normal = colors.normal;
  dark.incoming = colors.incoming;
  dark.outgoing = colors.outgoing;
  dark.hit_primitive = colors.hit_primitive;
  dark.path = colors.path;
  dark.path_faint = colors.path_faint;
  dark.ball_fill = colors.ball_fill;
  dark.ball_stroke = colors.ball_stroke;
  memcpy (dark.ball_colors, colors.ball_colors, sizeof dark.ball_colors);
  dark.rejected = colors.rejected;
  dark.culled = colors.culled;
  dark.text = colors.text;
  dark.halo = colors.halo;
  dark.legend_fill = colors.legend_fill;
  dark.legend_stroke = colors.legend_stroke;
  if (mono)
    {
      /* The dashes of the mono style stay; only the greys turn over. */
      double incoming[2] = { style->incoming_dash[0], style->incoming_dash[1] };
      double outgoing[2] = { style->outgoing_dash[0], style->outgoing_dash[1] };
      carom_style_make_mono (&dark);
      memcpy (dark.incoming_dash, incoming, sizeof incoming);
      memcpy (dark.outgoing_dash, outgoing, sizeof outgoing);
    }
  return dark;
}

/* ---- the drawing ------------------------------------------------------- */

/* One tag of an SVG fragment, and the colours Carom's SVG writer gives it. */
typedef struct
{
  gsize start, end;                    /* the tag's bytes in the fragment: [start, end) */
  gsize insert;                        /* where a class attribute goes (before "/>" or ">") */
  char *skeleton;                      /* the tag without its colours, and the text before it */
  char *fill, *stroke;                 /* "#rrggbb" or "none", or NULL */
  char *fill_opacity, *stroke_opacity; /* the attributes' values, or NULL (1) */
} Tag;

static void
tag_clear (gpointer data)
{
  Tag *t = data;
  g_free (t->skeleton);
  g_free (t->fill);
  g_free (t->stroke);
  g_free (t->fill_opacity);
  g_free (t->stroke_opacity);
}

/* The value of attribute name="…" at p (p at the name), or NULL. */
static gboolean
take_attribute (const char *p, const char *name, char **value, gsize *length)
{
  gsize n = strlen (name);
  if (strncmp (p, name, n) != 0 || p[n] != '=' || p[n + 1] != '"')
    return FALSE;
  const char *end = strchr (p + n + 2, '"');
  if (end == NULL)
    return FALSE;
  *value = g_strndup (p + n + 2, end - (p + n + 2));
  *length = end + 1 - p;
  return TRUE;
}

/* The tags of an SVG fragment Carom wrote (carom-svg-out.c: attributes in
 * double quotes, no '>' inside them, text between tags). */
static GArray *
split_tags (const char *svg)
{
  GArray *tags = g_array_new (FALSE, TRUE, sizeof (Tag));
  g_array_set_clear_func (tags, tag_clear);
  gsize text_from = 0;
  for (const char *p = svg; (p = strchr (p, '<')) != NULL;)
    {
      const char *end = strchr (p, '>');
      if (end == NULL)
        break;
      Tag t = { .start = p - svg, .end = end + 1 - svg };
      t.insert = end > p && end[-1] == '/' ? (gsize)(end - 1 - svg) : (gsize)(end - svg);
      GString *skeleton = g_string_new_len (svg + text_from, t.start - text_from);
      for (const char *q = p; q < end;)
        {
          char *value = NULL;
          gsize length = 0;
          if (q > p && q[-1] == ' '
              && (take_attribute (q, "fill", &value, &length)
                  || take_attribute (q, "stroke", &value, &length)
                  || take_attribute (q, "fill-opacity", &value, &length)
                  || take_attribute (q, "stroke-opacity", &value, &length)))
            {
              char **slot = q[0] == 'f' ? (q[4] == '=' ? &t.fill : &t.fill_opacity)
                                        : (q[6] == '=' ? &t.stroke : &t.stroke_opacity);
              g_free (*slot);
              *slot = value;
              q += length;
              continue;
            }
          g_string_append_c (skeleton, *q++);
        }
      t.skeleton = g_string_free (skeleton, FALSE);
      g_array_append_val (tags, t);
      text_from = t.end;
      p = end + 1;
    }
  return tags;
}

/* The class that turns a colour over in dark mode: carom-df-RRGGBB-A
 * (fill) or carom-ds-… (stroke), named after the dark colour, so that the
 * rules of several figures on one page never disagree; the rule goes into
 * rules once. */
static void
dark_class (GString *classes, GHashTable *rules, const char *what, const char *color,
            const char *opacity)
{
  const char *o = opacity != NULL ? opacity : "1";
  g_autofree char *name
      = g_strdup_printf ("carom-d%c-%s-%s", what[0], color[0] == '#' ? color + 1 : color, o);
  g_strdelimit (name, ".", '_');
  if (classes->len > 0)
    g_string_append_c (classes, ' ');
  g_string_append (classes, name);
  if (!g_hash_table_contains (rules, name))
    g_hash_table_insert (
        rules, g_strdup (name),
        g_strdup_printf (".carom-auto .%s{%s:%s;%s-opacity:%s}", name, what, color, what, o));
}

static int
compare_names (const void *a, const void *b)
{
  return strcmp (*(char *const *)a, *(char *const *)b);
}

static gboolean
same (const char *a, const char *b)
{
  return g_strcmp0 (a, b) == 0;
}

/* The light drawing with a class on each element whose colours differ in
 * the dark drawing (the same elements, in the same order, in the dark
 * style's colours), and the CSS rules of those classes in *css. When the
 * two do not match element for element, each colour of the light style
 * turns into the dark style's colour of the same part. */
static char *
dark_classes (const char *light, const char *dark, const CaromStyle *ls, const CaromStyle *ds,
              GString *css)
{
  g_autoptr (GArray) lt = split_tags (light);
  g_autoptr (GArray) dt = split_tags (dark);
  gboolean matched = lt->len == dt->len;
  for (guint i = 0; matched && i < lt->len; i++)
    matched
        = strcmp (g_array_index (lt, Tag, i).skeleton, g_array_index (dt, Tag, i).skeleton) == 0;
  /* The fallback: light colour -> dark colour by the style's parts. */
  g_autoptr (GHashTable) by_color = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (!matched)
    {
      const CaromColor *lc[]
          = { &ls->background,      &ls->grid,     &ls->wall,          &ls->obstacle_fill,
              &ls->obstacle_stroke, &ls->outline,  &ls->aabb,          &ls->normal,
              &ls->incoming,        &ls->outgoing, &ls->hit_primitive, &ls->path,
              &ls->ball_stroke,     &ls->text,     &ls->legend_stroke, &ls->rejected };
      const CaromColor *dc[]
          = { &ds->background,      &ds->grid,     &ds->wall,          &ds->obstacle_fill,
              &ds->obstacle_stroke, &ds->outline,  &ds->aabb,          &ds->normal,
              &ds->incoming,        &ds->outgoing, &ds->hit_primitive, &ds->path,
              &ds->ball_stroke,     &ds->text,     &ds->legend_stroke, &ds->rejected };
      for (gsize i = 0; i < G_N_ELEMENTS (lc); i++)
        {
          char *l = g_strdup_printf ("#%02x%02x%02x", (int)lround (lc[i]->red * 255.0),
                                     (int)lround (lc[i]->green * 255.0),
                                     (int)lround (lc[i]->blue * 255.0));
          char *d = g_strdup_printf ("#%02x%02x%02x", (int)lround (dc[i]->red * 255.0),
                                     (int)lround (dc[i]->green * 255.0),
                                     (int)lround (dc[i]->blue * 255.0));
          if (!g_hash_table_contains (by_color, l))
            g_hash_table_insert (by_color, l, d);
          else
            {
              g_free (l);
              g_free (d);
            }
        }
    }
  g_autoptr (GHashTable) rules = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GString *out = g_string_new (NULL);
  gsize copied = 0;
  for (guint i = 0; i < lt->len; i++)
    {
      const Tag *l = &g_array_index (lt, Tag, i);
      g_autoptr (GString) classes = g_string_new (NULL);
      if (matched)
        {
          const Tag *d = &g_array_index (dt, Tag, i);
          if (d->fill != NULL
              && (!same (l->fill, d->fill) || !same (l->fill_opacity, d->fill_opacity)))
            dark_class (classes, rules, "fill", d->fill, d->fill_opacity);
          if (d->stroke != NULL
              && (!same (l->stroke, d->stroke) || !same (l->stroke_opacity, d->stroke_opacity)))
            dark_class (classes, rules, "stroke", d->stroke, d->stroke_opacity);
        }
      else
        {
          const char *f = l->fill != NULL ? g_hash_table_lookup (by_color, l->fill) : NULL;
          const char *s = l->stroke != NULL ? g_hash_table_lookup (by_color, l->stroke) : NULL;
          if (f != NULL)
            dark_class (classes, rules, "fill", f, l->fill_opacity);
          if (s != NULL)
            dark_class (classes, rules, "stroke", s, l->stroke_opacity);
        }
      if (classes->len == 0)
        continue;
      g_string_append_len (out, light + copied, l->insert - copied);
      g_string_append_printf (out, " class=\"%s\"", classes->str);
      copied = l->insert;
    }
  g_string_append (out, light + copied);

  /* The rules in a stable order, so that the same figure gives the same bytes. */
  g_autofree gpointer *names = g_hash_table_get_keys_as_array (rules, NULL);
  guint n = g_hash_table_size (rules);
  qsort (names, n, sizeof (gpointer), compare_names);
  if (n > 0)
    {
      g_string_append (css, "@media (prefers-color-scheme:dark){");
      for (guint i = 0; i < n; i++)
        g_string_append (css, g_hash_table_lookup (rules, names[i]));
      g_string_append (css, "}\n");
    }
  return g_string_free (out, FALSE);
}

/* The ids of a fragment Carom wrote ("carom-generated-…") moved under the
 * figure's prefix, so that several figures on one page do not share them. */
static char *
prefix_ids (const char *svg, const char *prefix)
{
  g_autofree char *id_to = g_strdup_printf ("id=\"%s-", prefix);
  g_autofree char *url_to = g_strdup_printf ("clip-path=\"url(#%s-", prefix);
  GString *out = g_string_new (svg);
  g_string_replace (out, "id=\"carom-generated-", id_to, 0);
  g_string_replace (out, "clip-path=\"url(#carom-generated-", url_to, 0);
  return g_string_free (out, FALSE);
}

/* ---- the page's runtime ------------------------------------------------- */

static GBytes *
resource (const char *name, GError **error)
{
  g_autofree char *path = g_strconcat (RESOURCE_DIR, name, NULL);
  return g_resource_lookup_data (carom_web_get_resource (), path, G_RESOURCE_LOOKUP_FLAGS_NONE,
                                 error);
}

/* A file of the core (NULL with an error when the build has none). */
static GBytes *
core_resource (const char *name, GError **error)
{
#ifdef CAROM_HAVE_CORE
  g_autofree char *path = g_strconcat (CORE_DIR, name, NULL);
  return g_resource_lookup_data (carom_core_web_get_resource (), path, G_RESOURCE_LOOKUP_FLAGS_NONE,
                                 error);
#else
  g_set_error (error, G_RESOURCE_ERROR, G_RESOURCE_ERROR_NOT_FOUND,
               "this build of Carom has no WebAssembly core (%s)", name);
  return NULL;
#endif
}

gboolean
carom_export_html_has_core (void)
{
#ifdef CAROM_HAVE_CORE
  return TRUE;
#else
  return FALSE;
#endif
}

/* 'sha256-…' of text, for the Content-Security-Policy. */
static char *
csp_hash (const char *text)
{
  guint8 digest[32];
  gsize length = sizeof digest;
  GChecksum *sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (sum, (const guchar *)text, strlen (text));
  g_checksum_get_digest (sum, digest, &length);
  g_checksum_free (sum);
  g_autofree char *b64 = g_base64_encode (digest, length);
  return g_strdup_printf ("'sha256-%s'", b64);
}

/* ---- the page ---------------------------------------------------------- */

/* The selected ball's index in the trace, or -1. */
static gint
selected_index (const CaromRenderCache *cache)
{
  const CmSceneTrace *st = cache->trace;
  for (guint i = 0; st != NULL && i < st->balls->len; i++)
    if (&g_array_index (st->balls, CaromBallTrace, i) == cache->ball)
      return (gint)i;
  return -1;
}

/* The maths shown at step (what the page shows before its program runs,
 * and where a site strips scripts): the explanation of hit step as the Hit
 * panel writes it, or the ball's start. */
static char *
step_text (const CaromRenderCache *cache, gint64 step, int digits)
{
  const CaromBallTrace *bt = cache->ball;
  if (bt == NULL)
    return g_strdup ("");
  if (step <= 0 || (guint64)step > bt->trace.n_hits)
    {
      g_autofree char *c = carom_explain_number_digits (bt->trace.start.x, digits);
      g_autofree char *c2 = carom_explain_number_digits (bt->trace.start.y, digits);
      g_autofree char *d = carom_explain_number_digits (bt->trace.direction.x, digits);
      g_autofree char *d2 = carom_explain_number_digits (bt->trace.direction.y, digits);
      g_autofree char *r = carom_explain_number_digits (bt->ball->radius, digits);
      g_autofree char *title = g_strdup_printf (_ ("Start of ball “%s”: no hit yet"), bt->ball->id);
      return g_strdup_printf ("%s\n  c = (%s, %s), d = (%s, %s), r = %s\n", title, c, c2, d, d2, r);
    }
  CaromCastExplanation e;
  char *text = NULL;
  if (carom_explain_hit (cache->trace, bt, &bt->trace.hits[step - 1],
                         step >= 2 ? &bt->trace.hits[step - 2] : NULL, &e))
    text = carom_explain_format_digits (&e, CAROM_EXPLAIN_TEXT, CAROM_EXPLAIN_REJECTED_MAX, digits);
  carom_cast_explanation_clear (&e);
  return text != NULL ? text : g_strdup ("");
}

/* An icon of the stepper: a path in a 16 × 16 box. */
static void
icon_button (GString *out, const char *action, const char *label, const char *path)
{
  g_string_append_printf (out, "<button type=\"button\" class=\"carom-%s\" aria-label=\"", action);
  html_escape (out, label);
  g_string_append (out, "\" title=\"");
  html_escape (out, label);
  g_string_append_printf (out,
                          "\"><svg viewBox=\"0 0 16 16\" width=\"16\" height=\"16\" "
                          "aria-hidden=\"true\" focusable=\"false\"><path d=\"%s\"/></svg>"
                          "</button>\n",
                          path);
}

char *
carom_export_html_page (const CmScene *scene, const CaromRenderCache *cache, CgAabb box,
                        const CaromStyle *style, const CaromRenderOptions *options,
                        const CaromHtmlOptions *html, GError **error)
{
  g_return_val_if_fail (scene != NULL && cache != NULL && style != NULL, NULL);
  g_return_val_if_fail (options != NULL && html != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* One drawing at one step (the start without one), as the SVG export
   * draws it; its frame grows for a legend beside it. */
  CaromRenderOptions single = *options;
  single.steps = NULL;
  single.n_steps = 0;
  single.underlay = NULL;
  if (single.step == CAROM_STEP_NONE && cache->ball != NULL)
    single.step = 0;
  /* Stepping a beam moves its front, as in the window: every ray drawn up
   * to the path length of the followed ray at the step. */
  if (cache->ball != NULL && cache->ball->source != cache->ball->ball
      && single.front == CAROM_FRONT_NONE)
    {
      double s = 0.0;
      for (gint64 k = 0; k < single.step && (guint64)k < cache->ball->trace.n_hits; k++)
        s += cache->ball->trace.hits[k].distance;
      single.front = s;
    }
  CaromFigure figure;
  carom_figure_init (&figure, cache, box, style, &single);
  CgAabb cover = carom_export_figure_cover (&figure);
  g_autofree char *light = carom_export_svg_figure_fragment (&figure, error);
  if (light == NULL)
    return NULL;

  g_autoptr (GString) dark_css = g_string_new (NULL);
  g_autofree char *drawing = NULL;
  if (html->follow_dark)
    {
      CaromStyle dark_style = carom_export_html_dark_style (style);
      CaromFigure dark_figure;
      carom_figure_init (&dark_figure, cache, box, &dark_style, &single);
      g_autofree char *dark = carom_export_svg_figure_fragment (&dark_figure, error);
      if (dark == NULL)
        return NULL;
      drawing = dark_classes (light, dark, style, &dark_style, dark_css);
    }
  else
    drawing = g_steal_pointer (&light);

  /* The data the page's program reads. */
  gint selected = selected_index (cache);
  g_autoptr (GString) data = g_string_new ("{");
  json_key_number (data, "version", 1);
  json_key_string (data, "title", html->title != NULL ? html->title : _ ("Carom figure"));
  json_key_vec (data, "origin", figure.box.lo);
  json_key_number (data, "scale", (box.hi.x - box.lo.x) / figure.drawing_width);
  json_key_vec (data, "size", cg_v2 (figure.width, figure.height));
  json_key_vec (data, "drawing", cg_v2 (figure.drawing_width, figure.drawing_height));
  json_key_number (data, "ball", selected);
  json_key_number (data, "step", single.step == CAROM_STEP_NONE ? 0 : (double)single.step);
  json_key_string (data, "path", carom_path_extent_name (single.path));
  json_key_number (data, "digits",
                   single.digits > 0 ? single.digits : CAROM_EXPLAIN_DIGITS_DEFAULT);
  g_autofree char *overlays = carom_overlays_to_string (single.overlays);
  json_key_string (data, "overlays", overlays);
  json_key_number (data, "maxBouncesOverride",
                   cache->trace != NULL ? (double)cache->trace->max_bounces_override : -1.0);
  json_key (data, "scene");
  scene_json (data, scene);
  /* With the core, the page traces and explains the scene itself; without
   * it, it carries the trace and the numbers of the explanations. */
  gboolean with_core = carom_export_html_has_core ();
  if (!with_core)
    {
      json_key (data, "trace");
      if (cache->trace != NULL)
        trace_json (data, cache->trace);
      else
        g_string_append (data, "{\"balls\":[]}");
      json_key (data, "explanations");
      if (cache->trace != NULL)
        explanations_json (data, cache->trace, cache->ball);
      else
        g_string_append (data, "[]");
    }
  json_key (data, "strings");
  strings_json (data);
  json_key (data, "style");
  style_json (data, style);
  if (html->follow_dark)
    {
      CaromStyle dark_style = carom_export_html_dark_style (style);
      json_key (data, "darkStyle");
      style_json (data, &dark_style);
    }
  g_string_append_c (data, '}');

  /* The runtime, and the core when the build has it: its loader goes
   * first in the page's one script. */
  g_autoptr (GBytes) js = resource ("carom-page.js", error);
  g_autoptr (GBytes) css = js != NULL ? resource ("carom-page.css", error) : NULL;
  if (css == NULL)
    return NULL;
  g_autoptr (GBytes) wasm = NULL, loader = NULL;
  if (with_core
      && ((wasm = core_resource ("carom-core.wasm", error)) == NULL
          || (loader = core_resource ("carom-core.js", error)) == NULL))
    return NULL;
  g_autofree char *wasm64 = NULL;
  if (wasm != NULL)
    {
      gsize n;
      const guchar *bytes = g_bytes_get_data (wasm, &n);
      wasm64 = g_base64_encode (bytes, n);
    }

  /* The figure's id: from what it shows, so the same figure gives the same
   * bytes; the program renames a second copy on one page. */
  g_autofree char *digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, data->str, -1);
  g_autofree char *prefix = g_strdup_printf ("carom-%.10s", digest);
  g_autofree char *svg = prefix_ids (drawing, prefix);

  /* The style element: the page's CSS, then the dark rules of this drawing. */
  g_autoptr (GString) style_text
      = g_string_new_len (g_bytes_get_data (css, NULL), (gssize)g_bytes_get_size (css));
  g_string_append (style_text, dark_css->str);
  g_autoptr (GString) script_text = g_string_new (NULL);
  if (loader != NULL)
    {
      g_string_append_len (script_text, g_bytes_get_data (loader, NULL),
                           (gssize)g_bytes_get_size (loader));
      g_string_append_c (script_text, '\n');
    }
  g_string_append_len (script_text, g_bytes_get_data (js, NULL), (gssize)g_bytes_get_size (js));
  /* Nothing in either can end its element early. */
  if (strstr (script_text->str, "</") != NULL || strstr (style_text->str, "</") != NULL)
    {
      g_set_error_literal (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_WRITE,
                           "the page's script or style holds “</”");
      return NULL;
    }

  const char *lang = C_ ("BCP 47 language tag of this translation", "en");
  const char *title = html->title != NULL ? html->title : _ ("Carom figure");
  const CaromBallTrace *bt = cache->ball;
  gint64 step = single.step == CAROM_STEP_NONE ? 0 : single.step;
  guint n_hits = bt != NULL ? (guint)bt->trace.n_hits : 0;
  gboolean dark_only = style->background.red < 0.5 && style->background.alpha > 0.0;

  GString *out = g_string_new (NULL);
  if (!html->fragment)
    {
      g_autofree char *script_hash = csp_hash (script_text->str);
      g_autofree char *style_hash = csp_hash (style_text->str);
      g_string_append (out, "<!DOCTYPE html>\n<html lang=\"");
      html_escape (out, lang);
      g_string_append_printf (out, "\" class=\"carom-page%s\">\n<head>\n<meta charset=\"utf-8\">\n",
                              html->follow_dark ? " carom-auto"
                              : dark_only       ? " carom-dark"
                                                : "");
      g_string_append (out, "<meta name=\"viewport\" content=\"width=device-width, "
                            "initial-scale=1\">\n");
      /* Only its own script and style, WebAssembly, and the images the
       * drawing holds as data (blended rays). */
      g_string_append_printf (out,
                              "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
                              "'none'; script-src %s 'wasm-unsafe-eval'; style-src %s; img-src "
                              "data:; base-uri 'none'; form-action 'none'\">\n",
                              script_hash, style_hash);
      g_string_append (out, "<meta name=\"referrer\" content=\"no-referrer\">\n");
      g_string_append (out, "<meta name=\"generator\" content=\"Carom\">\n");
      g_string_append (out, "<title>");
      html_escape (out, title);
      g_string_append (out, "</title>\n</head>\n<body>\n");
    }
  g_string_append (out, "<!-- Carom figure: paste from here to the matching end comment. -->\n");
  g_string_append_printf (out, "<figure class=\"carom-figure%s\" id=\"%s\" lang=\"",
                          html->follow_dark ? " carom-auto"
                          : dark_only       ? " carom-dark"
                                            : "",
                          prefix);
  html_escape (out, lang);
  g_string_append (out, "\" aria-label=\"");
  g_autofree char *still = g_strdup_printf (_ ("Figure of “%s”: the scene and the path of its "
                                               "balls."),
                                            title);
  html_escape (out, still);
  g_string_append (out, "\">\n<style>");
  g_string_append (out, style_text->str);
  g_string_append (out, "</style>\n");

  /* The drawing: Carom's own SVG, at its step. */
  char buf[4][G_ASCII_DTOSTR_BUF_SIZE];
  g_string_append_printf (
      out,
      "<div class=\"carom-drawing\"><svg xmlns=\"http://www.w3.org/2000/svg\" "
      "class=\"carom-svg\" viewBox=\"%s %s %s %s\" ",
      g_ascii_formatd (buf[0], sizeof buf[0], "%.17g", cover.lo.x),
      g_ascii_formatd (buf[1], sizeof buf[1], "%.17g", cover.lo.y),
      g_ascii_formatd (buf[2], sizeof buf[2], "%.17g", cover.hi.x - cover.lo.x),
      g_ascii_formatd (buf[3], sizeof buf[3], "%.17g", cover.hi.y - cover.lo.y));
  /* 4/3 CSS pixels a point: the figure at its size in print. */
  g_string_append_printf (out, "width=\"%ld\" height=\"%ld\" role=\"img\" aria-label=\"",
                          lround (figure.width * 4.0 / 3.0), lround (figure.height * 4.0 / 3.0));
  html_escape (out, still);
  g_string_append (out, "\">\n");
  g_string_append (out, svg);
  g_string_append (out, "</svg></div>\n");

  /* The stepper, shown by the program. */
  g_autofree char *status = step == 0 ? g_strdup (_ ("Start"))
                                      : g_strdup_printf (_ ("Hit %u of %u"), (guint)step, n_hits);
  g_string_append_printf (out, "<div class=\"carom-controls\" id=\"%s-controls\" hidden>\n",
                          prefix);
  g_string_append (out, "<div class=\"carom-stepper\" role=\"toolbar\" aria-label=\"");
  html_escape (out, _ ("Stepper"));
  g_string_append (out, "\">\n");
  icon_button (out, "first", _ ("First hit (Home)"), "M3 2h2v12H3zM14 2v12L6 8z");
  icon_button (out, "prev", _ ("Previous hit (←)"), "M12 2v12L4 8z");
  g_string_append_printf (out,
                          "<input type=\"range\" class=\"carom-scrub\" min=\"0\" max=\"%u\" "
                          "value=\"%" G_GINT64_FORMAT "\" step=\"1\" aria-label=\"",
                          n_hits, step);
  html_escape (out, _ ("Step"));
  g_string_append (out, "\">\n");
  icon_button (out, "next", _ ("Next hit (→)"), "M4 2v12l8-6z");
  icon_button (out, "last", _ ("Last hit (End)"), "M11 2h2v12h-2zM2 2v12l8-6z");
  g_string_append (out, "<output class=\"carom-status\" aria-live=\"polite\">");
  html_escape (out, status);
  g_string_append (out, "</output>\n</div>\n");
  g_string_append (out, "<p class=\"carom-note\" role=\"status\"></p>\n</div>\n");

  /* The maths of the hit shown: written here, and again by the program. */
  g_autofree char *maths = step_text (cache, step, single.digits > 0 ? single.digits : 6);
  g_string_append_printf (
      out, "<section class=\"carom-maths\" aria-labelledby=\"%s-maths-title\">\n", prefix);
  g_string_append_printf (out, "<p class=\"carom-maths-title\" id=\"%s-maths-title\">", prefix);
  html_escape (out, _ ("The maths of the hit"));
  g_string_append (out, "</p>\n<pre class=\"carom-maths-text\" tabindex=\"0\">");
  html_escape (out, maths);
  g_string_append (out, "</pre>\n<div class=\"carom-copy-row\" hidden><button type=\"button\" "
                        "class=\"carom-copy\">");
  html_escape (out, _ ("Copy LaTeX"));
  g_string_append (
      out, "</button> <span class=\"carom-copy-note\" role=\"status\"></span></div>\n"
           "<textarea class=\"carom-latex\" readonly hidden rows=\"8\" aria-label=\"LaTeX\">"
           "</textarea>\n</section>\n");

  /* The data, the core and the program. */
  g_string_append (out, "<script type=\"application/json\" class=\"carom-data\">");
  g_string_append (out, data->str);
  g_string_append (out, "</script>\n");
  if (wasm64 != NULL)
    {
      g_string_append (out, "<script type=\"application/octet-stream\" class=\"carom-core\">");
      g_string_append (out, wasm64);
      g_string_append (out, "</script>\n");
    }
  g_string_append (out, "<script>");
  g_string_append (out, script_text->str);
  g_string_append (out, "</script>\n</figure>\n");
  g_string_append (out, "<!-- Carom figure ends. -->\n");
  if (!html->fragment)
    g_string_append (out, "</body>\n</html>\n");
  return g_string_free (out, FALSE);
}

gboolean
carom_export_html (const CmScene *scene, const CaromRenderCache *cache, CgAabb box,
                   const CaromStyle *style, const CaromRenderOptions *options,
                   const CaromHtmlOptions *html, const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, FALSE);
  g_autofree char *page = carom_export_html_page (scene, cache, box, style, options, html, error);
  if (page == NULL)
    return FALSE;
  g_autoptr (GError) local = NULL;
  if (g_file_set_contents_full (path, page, (gssize)strlen (page), G_FILE_SET_CONTENTS_CONSISTENT,
                                0666, &local))
    return TRUE;
  g_autofree char *display = g_filename_display_name (path);
  g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_WRITE, _ ("Cannot write “%s”: %s"),
               display, local->message);
  return FALSE;
}
