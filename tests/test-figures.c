/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-figures.c: figures an author never retouches, checked from the
 * exported files alone, as a reader of the figure would check them.
 *
 * Labels a reader can trust:
 *
 * Every example and a set of random scenes is exported by `carom export` as
 * an SVG scene at steps 1, 3 and the last. The file is read with libxml2
 * and its parts rendered by librsvg (the library GNOME draws SVG with):
 *   - every label is a <text> carrying carom:for, and no glyph is drawn as
 *     an outline;
 *   - a label's ink is within two label heights of the ink of what it names
 *     (the elements with the same carom:for), six with a leader line;
 *   - no two labels' ink overlaps;
 *   - no label's ink lies on the drawing's ink (what is at least half opaque:
 *     a ball's tint and the blend of a beam's rays are no ink), unless the
 *     drawing leaves no free place of the label's size within reach of
 *     what it names (a hundred crossing bounces): the test looks for one.
 * The same checks run with placement turned off (CAROM_LABELS_UNPLACED)
 * must fail: they see what they claim to see.
 *
 * The path up to the step draws a fraction of the whole path's ink, and
 * Inkscape opens the structured SVG, its layers named, and draws what
 * librsvg draws. */
#include <cairo.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <librsvg/rsvg.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <string.h>
#include <sys/wait.h>

#include "io/carom-svg.h"
#include "model/carom-tracing.h"
#include "test-util.h"

#define CAROM_NS "urn:carom:scene:1"
/// Pixels of the rendering across the root's viewBox.
#define RENDER_WIDTH 900
/// A pixel at least this opaque (of 255) is ink.
#define INK_ALPHA 128
/// What names a label is within this many label heights of it; with a leader line, six.
#define NEAR_HEIGHTS 2.0
#define LEADER_HEIGHTS 6.0
/// Pixels of a label's ink that may touch the drawing's ink (antialiasing at a glyph's edge).
#define TOUCH_PIXELS 2

/* ---- running carom ------------------------------------------------------ */

/* Runs carom with args, with its labels placed or, where unplaced, drawn where
 * they are asked for (CAROM_LABELS_UNPLACED); returns the exit status. */
static int
run_carom (const char *const *args, gboolean unplaced, char **err)
{
  g_auto (GStrv) env = g_get_environ ();
  env = unplaced ? g_environ_setenv (env, "CAROM_LABELS_UNPLACED", "1", TRUE)
                 : g_environ_unsetenv (env, "CAROM_LABELS_UNPLACED");
  return test_run_carom_env (env, args, NULL, err);
}

/* ---- the file ----------------------------------------------------------- */

/// What a drawn element is, for the checks.
typedef enum
{
  PART_DRAWING, ///< drawn for something (or nothing), not a label
  PART_LABEL,   ///< a <text> of the labels layer
  PART_LEADER,  ///< a leader line
  PART_OTHER,   ///< background, legend, the scene's own elements: never ink here
} Part;

typedef struct
{
  xmlNodePtr node;
  Part part;
  char *for_id;   ///< carom:for or carom:leader-for, or NULL
  gboolean faint; ///< the blend of a beam's rays: no ink
  gboolean path;  ///< a ball's path (drawn for the ball, but not where its label goes)
  gboolean step;  ///< drawn only at the chosen step (the step vectors layer)
} Element;

typedef struct
{
  xmlDocPtr doc;
  GArray *elements; ///< Element
  double vb[4];     ///< the root's viewBox
  int width, height;
  double px_per_pt; ///< of the figure's points, in rendered pixels
  GString *problems;
} Figure;

static void
element_clear (gpointer data)
{
  xmlFree (((Element *)data)->for_id);
}

static char *
get_attr (xmlNodePtr node, const char *name, const char *ns)
{
  xmlChar *v = ns != NULL ? xmlGetNsProp (node, (const xmlChar *)name, (const xmlChar *)ns)
                          : xmlGetProp (node, (const xmlChar *)name);
  return (char *)v;
}

static gboolean
is_element (xmlNodePtr n, const char *name)
{
  return n->type == XML_ELEMENT_NODE && strcmp ((const char *)n->name, name) == 0;
}

/* Collects the drawn elements of a generated layer (and its groups). */
static void
collect (Figure *fig, xmlNodePtr parent, const char *layer)
{
  for (xmlNodePtr n = parent->children; n != NULL; n = n->next)
    {
      if (n->type != XML_ELEMENT_NODE)
        continue;
      if (is_element (n, "g"))
        {
          collect (fig, n, layer);
          continue;
        }
      g_assert_false (is_element (n, "use") || is_element (n, "symbol"));
      Element e = { .node = n, .part = PART_DRAWING };
      e.for_id = get_attr (n, "for", CAROM_NS);
      char *leader = get_attr (n, "leader-for", CAROM_NS);
      if (leader != NULL)
        {
          xmlFree (e.for_id);
          e.for_id = leader;
          e.part = PART_LEADER;
        }
      if (strcmp (layer, "labels") == 0 && is_element (n, "text"))
        e.part = PART_LABEL;
      else if (strcmp (layer, "legend") == 0 || strcmp (layer, "background") == 0)
        e.part = PART_OTHER;
      if (is_element (n, "text") && e.part != PART_LABEL && e.part != PART_OTHER)
        g_string_append_printf (fig->problems, "a <text> outside the labels and legend layers\n");
      /* The blend of a beam's rays is no ink: labels may lie on it. */
      e.faint = strcmp (layer, "rays") == 0;
      e.path = strcmp (layer, "paths") == 0;
      e.step = strcmp (layer, "step-vectors") == 0;
      g_array_append_val (fig->elements, e);
    }
}

static gboolean
figure_load (Figure *fig, const char *path)
{
  *fig = (Figure){ 0 };
  fig->problems = g_string_new (NULL);
  fig->elements = g_array_new (FALSE, FALSE, sizeof (Element));
  g_array_set_clear_func (fig->elements, element_clear);
  fig->doc = xmlReadFile (path, NULL, XML_PARSE_NONET);
  g_assert_nonnull (fig->doc);
  xmlNodePtr root = xmlDocGetRootElement (fig->doc);
  g_autofree char *vb = get_attr (root, "viewBox", NULL);
  g_assert_nonnull (vb);
  g_assert_cmpint (
      sscanf (vb, "%lf %lf %lf %lf", &fig->vb[0], &fig->vb[1], &fig->vb[2], &fig->vb[3]), ==, 4);
  fig->width = RENDER_WIDTH;
  fig->height = (int)ceil (RENDER_WIDTH * fig->vb[3] / fig->vb[2]);
  gboolean found = FALSE;
  for (xmlNodePtr n = root->children; n != NULL; n = n->next)
    {
      g_autofree char *generated
          = n->type == XML_ELEMENT_NODE ? get_attr (n, "generated", CAROM_NS) : NULL;
      if (generated == NULL)
        continue;
      found = TRUE;
      for (xmlNodePtr layer = n->children; layer != NULL; layer = layer->next)
        {
          if (!is_element (layer, "g"))
            continue;
          g_autofree char *id = get_attr (layer, "id", NULL);
          g_autofree char *mode
              = get_attr (layer, "groupmode", "http://www.inkscape.org/namespaces/inkscape");
          g_assert_nonnull (id);
          g_assert_cmpstr (mode, ==, "layer");
          g_assert_true (g_str_has_prefix (id, "carom-generated-layer-"));
          const char *name = id + strlen ("carom-generated-layer-");
          /* The layer's points onto scene units. */
          g_autofree char *transform = get_attr (layer, "transform", NULL);
          double sx, dummy;
          g_assert_nonnull (transform);
          g_assert_cmpint (sscanf (transform, "matrix(%lf %lf", &sx, &dummy), ==, 2);
          fig->px_per_pt = sx * RENDER_WIDTH / fig->vb[2];
          collect (fig, layer, name);
        }
    }
  return found;
}

static void
figure_clear (Figure *fig)
{
  g_array_unref (fig->elements);
  xmlFreeDoc (fig->doc);
  g_string_free (fig->problems, TRUE);
}

/* Renders the generated elements for which keep() says TRUE, everything
 * else (the scene's own elements too) hidden; labels without their halo.
 * Returns an A8-like mask: the alpha of each pixel. */
typedef gboolean (*Keep) (const Element *e, gconstpointer data);

static guint8 *
render (Figure *fig, Keep keep, gconstpointer which)
{
  xmlNodePtr root = xmlDocGetRootElement (fig->doc);
  g_autoptr (GPtrArray) hidden = g_ptr_array_new ();
  for (xmlNodePtr n = root->children; n != NULL; n = n->next)
    if (n->type == XML_ELEMENT_NODE
        && xmlHasNsProp (n, (const xmlChar *)"generated", (const xmlChar *)CAROM_NS) == NULL)
      g_ptr_array_add (hidden, n);
  for (guint i = 0; i < fig->elements->len; i++)
    {
      const Element *e = &g_array_index (fig->elements, Element, i);
      if (!keep (e, which))
        g_ptr_array_add (hidden, e->node);
    }
  /* Hide, and take the halos off the labels. */
  g_autoptr (GPtrArray) saved = g_ptr_array_new_with_free_func (xmlFree);
  for (guint i = 0; i < hidden->len; i++)
    xmlSetProp (hidden->pdata[i], (const xmlChar *)"display", (const xmlChar *)"none");
  for (guint i = 0; i < fig->elements->len; i++)
    {
      const Element *e = &g_array_index (fig->elements, Element, i);
      if (e->part == PART_LABEL)
        {
          g_ptr_array_add (saved, xmlGetProp (e->node, (const xmlChar *)"stroke"));
          xmlSetProp (e->node, (const xmlChar *)"stroke", (const xmlChar *)"none");
        }
    }
  xmlChar *text = NULL;
  int length = 0;
  xmlDocDumpMemory (fig->doc, &text, &length);
  for (guint i = 0; i < hidden->len; i++)
    xmlUnsetProp (hidden->pdata[i], (const xmlChar *)"display");
  guint k = 0;
  for (guint i = 0; i < fig->elements->len; i++)
    {
      const Element *e = &g_array_index (fig->elements, Element, i);
      if (e->part == PART_LABEL)
        {
          xmlChar *stroke = saved->pdata[k++];
          if (stroke != NULL)
            xmlSetProp (e->node, (const xmlChar *)"stroke", stroke);
          else
            xmlUnsetProp (e->node, (const xmlChar *)"stroke");
        }
    }

  g_autoptr (GError) error = NULL;
  RsvgHandle *handle = rsvg_handle_new_from_data (text, (gsize)length, &error);
  xmlFree (text);
  g_assert_no_error (error);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_A8, fig->width, fig->height);
  cairo_t *cr = cairo_create (surface);
  RsvgRectangle viewport = { 0.0, 0.0, fig->width, fig->height };
  g_assert_true (rsvg_handle_render_document (handle, cr, &viewport, &error));
  cairo_destroy (cr);
  g_object_unref (handle);
  cairo_surface_flush (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint8 *mask = g_new (guint8, (gsize)fig->width * fig->height);
  const guint8 *pixels = cairo_image_surface_get_data (surface);
  for (int y = 0; y < fig->height; y++)
    memcpy (mask + (gsize)y * fig->width, pixels + (gsize)y * stride, fig->width);
  cairo_surface_destroy (surface);
  return mask;
}

static gboolean
keep_drawing (const Element *e, gconstpointer data)
{
  (void)data;
  return e->part == PART_DRAWING && !e->faint;
}

static gboolean
keep_one (const Element *e, gconstpointer data)
{
  return e == data;
}

static gboolean
keep_named (const Element *e, gconstpointer data)
{
  return e->part == PART_DRAWING && e->for_id != NULL && strcmp (e->for_id, data) == 0;
}

/* What names a label, but a ball's path: where its label may go. */
static gboolean
keep_anchor (const Element *e, gconstpointer data)
{
  return keep_named (e, data) && !e->path;
}

/* The pixels of mask at least INK_ALPHA opaque, as indices. */
static GArray *
ink_pixels (const Figure *fig, const guint8 *mask, guint8 alpha)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint32 i = 0; i < (guint32)(fig->width * fig->height); i++)
    if (mask[i] >= alpha)
      g_array_append_val (out, i);
  return out;
}

/* The least distance in pixels between two sets of pixels. */
static double
least_distance (const Figure *fig, GArray *a, GArray *b)
{
  double best = G_MAXDOUBLE;
  for (guint i = 0; i < a->len; i++)
    {
      guint32 p = g_array_index (a, guint32, i);
      int px = (int)(p % fig->width), py = (int)(p / fig->width);
      for (guint j = 0; j < b->len; j++)
        {
          guint32 q = g_array_index (b, guint32, j);
          double d = hypot (px - (int)(q % fig->width), py - (int)(q / fig->width));
          if (d < best)
            best = d;
        }
    }
  return best;
}

/* A summed-area table of the pixels taken (the drawing's ink, the labels'). */
static guint32 *
taken_table (const Figure *fig, const guint8 *drawing, const guint8 *labels)
{
  gsize tw = (gsize)fig->width + 1;
  guint32 *sat = g_new0 (guint32, tw * ((gsize)fig->height + 1));
  for (int y = 0; y < fig->height; y++)
    {
      guint32 row = 0;
      for (int x = 0; x < fig->width; x++)
        {
          gsize i = (gsize)y * fig->width + x;
          row += drawing[i] >= INK_ALPHA || labels[i] != 0;
          sat[(y + 1) * tw + x + 1] = sat[y * tw + x + 1] + row;
        }
    }
  return sat;
}

static guint32
taken_in (const Figure *fig, const guint32 *sat, int x0, int y0, int x1, int y1)
{
  gsize tw = (gsize)fig->width + 1;
  return sat[y1 * tw + x1] - sat[y0 * tw + x1] - sat[y1 * tw + x0] + sat[y0 * tw + x0];
}

/* Whether a box of the label's size (its ink's box with a quarter of a
 * label height around it, about its logical box with its halo) is free of
 * the drawing and the labels somewhere within limit pixels of named. */
static gboolean
free_place_near (const Figure *fig, const guint32 *sat, GArray *ink, GArray *named, double height,
                 double limit, int *at_x, int *at_y)
{
  int ix0 = G_MAXINT, iy0 = G_MAXINT, ix1 = 0, iy1 = 0;
  for (guint k = 0; k < ink->len; k++)
    {
      guint32 p = g_array_index (ink, guint32, k);
      ix0 = MIN (ix0, (int)(p % fig->width)), ix1 = MAX (ix1, (int)(p % fig->width) + 1);
      iy0 = MIN (iy0, (int)(p / fig->width)), iy1 = MAX (iy1, (int)(p / fig->width) + 1);
    }
  int pad = (int)ceil (0.25 * height);
  int bw = ix1 - ix0 + 2 * pad, bh = iy1 - iy0 + 2 * pad;
  int nx0 = G_MAXINT, ny0 = G_MAXINT, nx1 = 0, ny1 = 0;
  for (guint k = 0; k < named->len; k++)
    {
      guint32 p = g_array_index (named, guint32, k);
      nx0 = MIN (nx0, (int)(p % fig->width)), nx1 = MAX (nx1, (int)(p % fig->width) + 1);
      ny0 = MIN (ny0, (int)(p / fig->width)), ny1 = MAX (ny1, (int)(p / fig->width) + 1);
    }
  int reach = (int)ceil (limit);
  for (int y = MAX (ny0 - reach - bh, 0); y + bh <= MIN (ny1 + reach + bh, fig->height); y += 2)
    for (int x = MAX (nx0 - reach - bw, 0); x + bw <= MIN (nx1 + reach + bw, fig->width); x += 2)
      {
        if (taken_in (fig, sat, x, y, x + bw, y + bh) != 0)
          continue;
        /* Within reach of what it names: the box's nearest named pixel. */
        for (guint k = 0; k < named->len; k++)
          {
            guint32 p = g_array_index (named, guint32, k);
            double px = p % fig->width + 0.5, py = p / fig->width + 0.5;
            double dx = fmax (fmax (x + pad - px, px - (x + bw - pad)), 0.0);
            double dy = fmax (fmax (y + pad - py, py - (y + bh - pad)), 0.0);
            if (hypot (dx, dy) <= limit)
              {
                *at_x = x;
                *at_y = y;
                return TRUE;
              }
          }
      }
  return FALSE;
}

/* Checks a figure; returns how many problems it found (and says which). */
static guint
check_figure (const char *path, const char *what, gboolean expect_labels)
{
  Figure fig;
  g_assert_true (figure_load (&fig, path));
  guint problems = 0;
  if (fig.problems->len > 0)
    {
      g_test_message ("%s: %s", what, fig.problems->str);
      problems++;
    }
  g_autofree guint8 *drawing = render (&fig, keep_drawing, NULL);
  /* Each label's ink first, then the checks. */
  g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
  g_autoptr (GPtrArray) label_elements = g_ptr_array_new ();
  g_autofree guint8 *owner = g_new0 (guint8, (gsize)fig.width * fig.height);
  for (guint i = 0; i < fig.elements->len; i++)
    {
      const Element *e = &g_array_index (fig.elements, Element, i);
      if (e->part != PART_LABEL)
        continue;
      g_autofree char *text = (char *)xmlNodeGetContent (e->node);
      if (e->for_id == NULL)
        {
          g_test_message ("%s: label “%s” names nothing (no carom:for)", what, text);
          problems++;
          continue;
        }
      g_autofree guint8 *mask = render (&fig, keep_one, e);
      GArray *ink = ink_pixels (&fig, mask, INK_ALPHA);
      if (ink->len == 0)
        {
          g_test_message ("%s: label “%s” draws nothing in the frame", what, text);
          problems++;
          g_array_unref (ink);
          continue;
        }
      guint on_label = 0;
      for (guint k = 0; k < ink->len; k++)
        {
          guint32 p = g_array_index (ink, guint32, k);
          on_label += owner[p] != 0;
          owner[p] = 1;
        }
      if (on_label > 0)
        {
          g_test_message ("%s: label “%s” (for %s) covers another label: %u pixels", what, text,
                          e->for_id, on_label);
          problems++;
        }
      g_ptr_array_add (labels, ink);
      g_ptr_array_add (label_elements, (gpointer)e);
    }
  g_autofree guint32 *taken = taken_table (&fig, drawing, owner);
  for (guint i = 0; i < labels->len; i++)
    {
      GArray *ink = labels->pdata[i];
      const Element *e = label_elements->pdata[i];
      g_autofree char *text = (char *)xmlNodeGetContent (e->node);
      g_autofree guint8 *named_mask = render (&fig, keep_named, e->for_id);
      g_autoptr (GArray) named = ink_pixels (&fig, named_mask, 64);
      g_autofree char *size_text = get_attr (e->node, "font-size", NULL);
      double height = 1.2 * g_ascii_strtod (size_text, NULL) * fig.px_per_pt;
      gboolean leader = FALSE;
      for (guint k = 0; k < fig.elements->len; k++)
        {
          const Element *x = &g_array_index (fig.elements, Element, k);
          leader = leader || (x->part == PART_LEADER && strcmp (x->for_id, e->for_id) == 0);
        }
      if (named->len == 0)
        {
          g_test_message ("%s: label “%s” names %s, which draws nothing", what, text, e->for_id);
          problems++;
          continue;
        }
      /* Beside what it names. */
      double limit = (leader ? LEADER_HEIGHTS : NEAR_HEIGHTS) * height;
      double d = least_distance (&fig, ink, named);
      if (d > limit)
        {
          g_test_message ("%s: label “%s” is %.1f label heights from %s%s", what, text, d / height,
                          e->for_id, leader ? " (with a leader)" : "");
          problems++;
        }
      /* Off the drawing, or with no free place within reach. */
      guint on_drawing = 0;
      for (guint k = 0; k < ink->len; k++)
        on_drawing += drawing[g_array_index (ink, guint32, k)] >= INK_ALPHA;
      if (on_drawing <= TOUCH_PIXELS)
        continue;
      int x, y;
      g_autofree guint8 *anchor_mask = render (&fig, keep_anchor, e->for_id);
      g_autoptr (GArray) anchor = ink_pixels (&fig, anchor_mask, 64);
      if (anchor->len > 0
          && free_place_near (&fig, taken, ink, anchor, height, LEADER_HEIGHTS * height - height,
                              &x, &y))
        {
          g_test_message ("%s: label “%s” (for %s) lies on the drawing (%u pixels), though (%d, "
                          "%d) is free",
                          what, text, e->for_id, on_drawing, x, y);
          problems++;
        }
      else
        g_test_message ("%s: label “%s” (for %s) lies on the drawing (%u pixels): no place of its "
                        "size is free within reach",
                        what, text, e->for_id, on_drawing);
    }
  if (expect_labels && labels->len == 0)
    {
      g_test_message ("%s: no labels", what);
      problems++;
    }
  figure_clear (&fig);
  return problems;
}

/* ---- scenes ------------------------------------------------------------- */

/* A random scene as a file: a room, a few obstacles of several shapes and
 * sizes (polygons and circles, some close together) and one or two balls. */
static char *
random_scene (const char *dir, GRand *rand, int index)
{
  double w = g_rand_double_range (rand, 300, 900), h = g_rand_double_range (rand, 300, 900);
  GString *svg = g_string_new (NULL);
  g_string_append_printf (
      svg,
      "<svg xmlns=\"http://www.w3.org/2000/svg\" "
      "xmlns:carom=\"urn:carom:scene:1\" viewBox=\"%g %g %g %g\">\n"
      "<polygon carom:role=\"wall\" id=\"room\" points=\"0,0 %g,0 %g,%g 0,%g\"/>\n",
      -0.05 * MAX (w, h), -0.05 * MAX (w, h), w + 0.1 * MAX (w, h), h + 0.1 * MAX (w, h), w, w, h,
      h);
  int n = g_rand_int_range (rand, 1, 7);
  for (int i = 0; i < n; i++)
    {
      double cx = g_rand_double_range (rand, 0.2 * w, 0.8 * w);
      double cy = g_rand_double_range (rand, 0.2 * h, 0.8 * h);
      double r = g_rand_double_range (rand, 0.03, 0.12) * MIN (w, h);
      if (g_rand_boolean (rand))
        {
          g_string_append_printf (svg,
                                  "<circle carom:role=\"obstacle\" id=\"disk-%d\" cx=\"%.3f\" "
                                  "cy=\"%.3f\" r=\"%.3f\"/>\n",
                                  i, cx, cy, r);
          continue;
        }
      int k = g_rand_int_range (rand, 3, 9);
      g_string_append_printf (svg, "<polygon carom:role=\"obstacle\" id=\"post-%d\" points=\"", i);
      for (int j = 0; j < k; j++)
        g_string_append_printf (svg, "%s%.3f,%.3f", j ? " " : "", cx + r * cos (2 * G_PI * j / k),
                                cy + r * sin (2 * G_PI * j / k));
      g_string_append (svg, "\"/>\n");
    }
  int balls = g_rand_int_range (rand, 1, 3);
  for (int b = 0; b < balls; b++)
    {
      double a = g_rand_double_range (rand, 0, 2 * G_PI);
      g_string_append_printf (
          svg,
          "<circle carom:role=\"ball\" id=\"ball-%d\" cx=\"%.3f\" cy=\"%.3f\" "
          "r=\"%.3f\" carom:direction=\"%.6f %.6f\" carom:max-bounces=\"%d\"/>\n",
          b, g_rand_double_range (rand, 0.05 * w, 0.15 * w) + 0.75 * w * b,
          g_rand_double_range (rand, 0.05 * h, 0.15 * h),
          g_rand_double_range (rand, 0.01, 0.03) * MIN (w, h), cos (a), sin (a),
          g_rand_int_range (rand, 3, 20));
    }
  g_string_append (svg, "</svg>\n");
  char *path = g_strdup_printf ("%s/random-%d.svg", dir, index);
  g_assert_true (g_file_set_contents (path, svg->str, -1, NULL));
  g_string_free (svg, TRUE);
  return path;
}

/* The selected (first traced) ball's hits: what the last step is. */
static guint
hits_of (const char *scene_path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CmScene) scene = carom_svg_read_file (scene_path, NULL, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (CmSceneTrace) trace = cm_scene_trace (scene, -1, FALSE);
  if (trace->balls->len == 0)
    return 0;
  return (guint)g_array_index (trace->balls, CaromBallTrace, 0).trace.n_hits;
}

static GPtrArray *
scenes (const char *dir)
{
  GPtrArray *list = g_ptr_array_new_with_free_func (g_free);
  static const char *const examples[]
      = { "seed", "corridor", "pinball", "sinai", "sinai-fan", "stadium", "circle" };
  for (gsize i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autofree char *file = g_strconcat (examples[i], ".svg", NULL);
      g_ptr_array_add (list, test_example_path (file));
    }
  g_autoptr (GRand) rand = g_rand_new_with_seed (22);
  for (int i = 0; i < 10; i++)
    g_ptr_array_add (list, random_scene (dir, rand, i));
  return list;
}

/* Exports scene at step with show, and checks the file; returns the problems. */
static guint
export_and_check (const char *dir, const char *scene, guint step, const char *show,
                  gboolean unplaced)
{
  g_autofree char *out = g_build_filename (dir, "figure.svg", NULL);
  g_autofree char *step_text = g_strdup_printf ("%u", step);
  const char *args[] = { "export", scene, "-o", out, "--step", step_text, "--show", show, NULL };
  g_autofree char *err = NULL;
  int status = run_carom (args, unplaced, &err);
  if (status != 0)
    g_error ("carom export %s --step %u failed: %s", scene, step, err);
  g_autofree char *base = g_path_get_basename (scene);
  g_autofree char *what = g_strdup_printf ("%s --step %u --show %s%s", base, step, show,
                                           unplaced ? " (unplaced)" : "");
  return check_figure (out, what, TRUE);
}

/* 1: every example and random scenes, at steps 1, 3 and the last: every
 * label beside what it names, off the drawing and off the other labels. */
static void
test_labels_beside (void)
{
  g_autofree char *dir = g_dir_make_tmp ("carom-labels-XXXXXX", NULL);
  g_autoptr (GPtrArray) list = scenes (dir);
  static const char *const shows[]
      = { "path,outlines,labels,legend", "path,outlines,normals,labels" };
  guint figures = 0, problems = 0;
  for (guint i = 0; i < list->len; i++)
    {
      const char *scene = list->pdata[i];
      guint last = hits_of (scene);
      guint steps[3] = { 1, 3, last };
      for (int k = 0; k < 3; k++)
        {
          if (steps[k] > last || (k > 0 && steps[k] <= steps[k - 1]))
            continue;
          problems += export_and_check (dir, scene, steps[k], shows[(i + k) % 2], FALSE);
          figures++;
        }
    }
  g_test_message ("%u figures checked, %u problems", figures, problems);
  g_assert_cmpuint (figures, >=, 30);
  g_assert_cmpuint (problems, ==, 0);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (cmd), ==, 0);
}

/* 2: the checks see what they claim: with placement turned off (every
 * label at the first place it would try), they find problems. */
static void
test_checks_fail_unplaced (void)
{
  g_autofree char *dir = g_dir_make_tmp ("carom-labels-XXXXXX", NULL);
  g_autoptr (GPtrArray) list = scenes (dir);
  guint problems = 0;
  for (guint i = 0; i < 5; i++)
    problems += export_and_check (dir, list->pdata[i], 1, "path,outlines,normals,labels", TRUE);
  g_test_message ("with placement off: %u problems", problems);
  g_assert_cmpuint (problems, >, 0);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (cmd), ==, 0);
}

/* Renders an SVG file whole with librsvg into width × height pixels (its
 * frame stretched to them), over a transparent background. */
static cairo_surface_t *
render_file (const char *path, int width, int height)
{
  g_autoptr (GError) error = NULL;
  RsvgHandle *handle = rsvg_handle_new_from_file (path, &error);
  g_assert_no_error (error);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (s);
  RsvgRectangle viewport = { 0.0, 0.0, width, height };
  g_assert_true (rsvg_handle_render_document (handle, cr, &viewport, &error));
  cairo_destroy (cr);
  g_object_unref (handle);
  cairo_surface_flush (s);
  return s;
}

static gboolean
keep_path (const Element *e, gconstpointer data)
{
  (void)data;
  return e->path;
}

/* 3: at hit 1 of Sinai's table, the path up to the step draws under a
 * third of the ink of the whole path, faint ink counted (the paths layer of
 * the SVG, every pixel with any ink). */
static void
test_path_upto (void)
{
  g_autofree char *dir = g_dir_make_tmp ("carom-figures-XXXXXX", NULL);
  g_autofree char *scene = test_example_path ("sinai.svg");
  guint64 ink[2];
  static const char *const extents[] = { "upto", "all" };
  for (int k = 0; k < 2; k++)
    {
      g_autofree char *svg = g_strdup_printf ("%s/%s.svg", dir, extents[k]);
      const char *args[] = { "export", scene,  "-o",     svg,        "--step", "1",
                             "--show", "path", "--path", extents[k], NULL };
      g_autofree char *err = NULL;
      g_assert_cmpint (run_carom (args, FALSE, &err), ==, 0);
      Figure fig;
      g_assert_true (figure_load (&fig, svg));
      g_autofree guint8 *mask = render (&fig, keep_path, NULL);
      g_autoptr (GArray) pixels = ink_pixels (&fig, mask, 1);
      ink[k] = pixels->len;
      figure_clear (&fig);
    }
  g_test_message ("hit 1 of Sinai's table, --show path: the path inks %" G_GUINT64_FORMAT
                  " pixels up to the step, %" G_GUINT64_FORMAT " all of it",
                  ink[0], ink[1]);
  g_assert_cmpuint (ink[0], >, 0);
  g_assert_cmpuint (3 * ink[0], <, ink[1]);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (cmd), ==, 0);
}

/* 4: Inkscape opens the structured SVG and exports it as librsvg draws it;
 * its layers are named (inkscape:label) and known by their ids. */
static void
test_inkscape (void)
{
  g_autofree char *inkscape = g_find_program_in_path ("inkscape");
  g_assert_nonnull (inkscape); /* scripts/debian-packages-test lists it */
  g_autofree char *dir = g_dir_make_tmp ("carom-figures-XXXXXX", NULL);
  g_autofree char *scene = test_example_path ("pinball.svg");
  g_autofree char *svg = g_strdup_printf ("%s/figure.svg", dir);
  const char *args[] = { "export", scene, "-o", svg, "--step", "4", "--show", "all", NULL };
  g_autofree char *err = NULL;
  g_assert_cmpint (run_carom (args, FALSE, &err), ==, 0);

  /* The layers, by id and by name. */
  Figure fig;
  g_assert_true (figure_load (&fig, svg));
  static const char *const expected[]
      = { "objects", "outlines", "paths", "balls", "step-vectors", "labels", "legend" };
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (svg, &text, NULL, NULL));
  for (gsize i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *id = g_strdup_printf ("id=\"carom-generated-layer-%s\" "
                                             "inkscape:groupmode=\"layer\" inkscape:label=\"",
                                             expected[i]);
      g_assert_nonnull (strstr (text, id));
    }
  figure_clear (&fig);

  /* Inkscape's PNG against librsvg's, on white, pixel by pixel. */
  g_autofree char *ink_png = g_strdup_printf ("%s/inkscape.png", dir);
  g_autofree char *out = g_strdup_printf ("--export-filename=%s", ink_png);
  const char *argv[] = { inkscape,
                         "--export-type=png",
                         out,
                         "--export-width=800",
                         "--export-background=#ffffff",
                         "--export-background-opacity=1",
                         svg,
                         NULL };
  g_auto (GStrv) env = g_get_environ ();
  g_autofree char *home = g_build_filename (dir, "home", NULL);
  env = g_environ_setenv (env, "HOME", home, TRUE); /* Inkscape's preferences: not the user's */
  int status = 0;
  g_autoptr (GError) error = NULL;
  g_assert_true (g_spawn_sync (NULL, (char **)argv, env,
                               G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               NULL, NULL, &status, &error));
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  cairo_surface_t *by_inkscape = cairo_image_surface_create_from_png (ink_png);
  g_assert_cmpint (cairo_surface_status (by_inkscape), ==, CAIRO_STATUS_SUCCESS);
  int w = cairo_image_surface_get_width (by_inkscape),
      h = cairo_image_surface_get_height (by_inkscape);
  g_assert_cmpint (w, ==, 800);
  cairo_surface_t *by_rsvg = render_file (svg, w, h);
  /* A pixel matches when one within a pixel of it in the other image is
   * within 64 levels (antialiasing and text rasterised a little apart). */
  guint64 ink = 0, unmatched = 0;
  for (int y = 1; y + 1 < h; y++)
    for (int x = 1; x + 1 < w; x++)
      {
        int a[3], b[3];
        const guint8 *pa = cairo_image_surface_get_data (by_inkscape)
                           + (gsize)y * cairo_image_surface_get_stride (by_inkscape) + 4 * x;
        guint32 q = *(const guint32 *)pa;
        a[0] = (q >> 16) & 0xff, a[1] = (q >> 8) & 0xff, a[2] = q & 0xff;
        if (a[0] > 247 && a[1] > 247 && a[2] > 247)
          continue;
        ink++;
        gboolean matched = FALSE;
        for (int k = 0; k < 9 && !matched; k++)
          {
            const guint8 *pb = cairo_image_surface_get_data (by_rsvg)
                               + (gsize)(y + k / 3 - 1) * cairo_image_surface_get_stride (by_rsvg)
                               + 4 * (x + k % 3 - 1);
            guint32 r = *(const guint32 *)pb;
            int alpha = (int)(r >> 24);
            /* librsvg's pixels over white. */
            b[0] = 255 - alpha + (int)((r >> 16) & 0xff);
            b[1] = 255 - alpha + (int)((r >> 8) & 0xff);
            b[2] = 255 - alpha + (int)(r & 0xff);
            matched = abs (a[0] - b[0]) <= 64 && abs (a[1] - b[1]) <= 64 && abs (a[2] - b[2]) <= 64;
          }
        unmatched += !matched;
      }
  g_test_message ("Inkscape against librsvg: %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT
                  " inked pixels without a match",
                  unmatched, ink);
  g_assert_cmpuint (ink, >, 10000);
  g_assert_cmpuint (unmatched * 100, <, ink); /* under 1 % */
  cairo_surface_destroy (by_inkscape);
  cairo_surface_destroy (by_rsvg);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (cmd), ==, 0);
}

/* The names (labels for objects, balls and beams, not the step's own nor
 * hits') of a figure: carom:for → the element. */
static GHashTable *
names_of (const Figure *fig)
{
  GHashTable *names = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < fig->elements->len; i++)
    {
      const Element *e = &g_array_index (fig->elements, Element, i);
      if (e->part != PART_LABEL || e->for_id == NULL || strstr (e->for_id, "hit-") != NULL
          || strcmp (e->for_id, "d") == 0 || strcmp (e->for_id, "n") == 0
          || strcmp (e->for_id, "d-prime") == 0)
        continue;
      g_hash_table_insert (names, e->for_id, (gpointer)e);
    }
  return names;
}

/* What a step draws that the steps before did not: its own vectors, and
 * the path grown to it. */
static gboolean
keep_step_layer (const Element *e, gconstpointer data)
{
  (void)data;
  return e->step || e->path;
}

/* Whether the drawing of figure `now` that is its step's own (the step
 * vectors, and the path, grown to the step) covers where label `e` of
 * figure `then` is: its ink's box grown to its line's height with its halo. */
static gboolean
step_covers (Figure *now, const guint8 *step_ink, Figure *then, const Element *e)
{
  g_autofree guint8 *mask = render (then, keep_one, e);
  g_autoptr (GArray) ink = ink_pixels (then, mask, INK_ALPHA);
  int bx0 = G_MAXINT, by0 = G_MAXINT, bx1 = -1, by1 = -1;
  for (guint j = 0; j < ink->len; j++)
    {
      guint32 q = g_array_index (ink, guint32, j);
      bx0 = MIN (bx0, (int)(q % then->width));
      bx1 = MAX (bx1, (int)(q % then->width));
      by0 = MIN (by0, (int)(q / then->width));
      by1 = MAX (by1, (int)(q / then->width));
    }
  g_autofree char *fs = get_attr (e->node, "font-size", NULL);
  int pad = (int)ceil ((0.35 * g_ascii_strtod (fs, NULL) + 1.0) * then->px_per_pt);
  for (int y = MAX (by0 - pad, 0); y <= MIN (by1 + pad, now->height - 1); y++)
    for (int x = MAX (bx0 - pad, 0); x <= MIN (bx1 + pad, now->width - 1); x++)
      if (step_ink[(gsize)y * now->width + x] > 0)
        return TRUE;
  return FALSE;
}

/* 5: stepping moves a name only for what a step draws (the ball at the
 * hit, the piece hit, d, n, d′, the path grown to the step): from step
 * k − 1 to k at steps 1 to 8 of the examples, a name that moves had its
 * place covered by step k's drawing, or has its new place where step
 * k − 1's drawing had pushed it from. */
static void
test_names_stay (void)
{
  g_autofree char *dir = g_dir_make_tmp ("carom-figures-XXXXXX", NULL);
  static const char *const examples[] = { "seed", "corridor", "pinball", "sinai", "stadium" };
  guint followed = 0, moved = 0;
  for (gsize i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autofree char *file = g_strconcat (examples[i], ".svg", NULL);
      g_autofree char *scene = test_example_path (file);
      Figure figs[8];
      guint8 *step_ink[8];
      guint n = 0;
      for (guint k = 1; k <= 8; k++)
        {
          g_autofree char *svg = g_strdup_printf ("%s/%s-%u.svg", dir, examples[i], k);
          g_autofree char *step = g_strdup_printf ("%u", k);
          const char *args[] = { "export", scene, "-o",     svg,
                                 "--step", step,  "--show", "path,outlines,normals,labels",
                                 NULL };
          g_autofree char *err = NULL;
          if (run_carom (args, FALSE, &err) != 0)
            break; /* past the last hit */
          g_assert_true (figure_load (&figs[n], svg));
          step_ink[n] = render (&figs[n], keep_step_layer, NULL);
          n++;
        }
      for (guint k = 1; k < n; k++)
        {
          g_autoptr (GHashTable) before = names_of (&figs[k - 1]), now = names_of (&figs[k]);
          GHashTableIter it;
          gpointer key, value;
          g_hash_table_iter_init (&it, now);
          while (g_hash_table_iter_next (&it, &key, &value))
            {
              const Element *e = value, *was = g_hash_table_lookup (before, key);
              if (was == NULL)
                continue;
              followed++;
              g_autofree char *x0 = get_attr (was->node, "x", NULL);
              g_autofree char *y0 = get_attr (was->node, "y", NULL);
              g_autofree char *x1 = get_attr (e->node, "x", NULL);
              g_autofree char *y1 = get_attr (e->node, "y", NULL);
              if (g_strcmp0 (x0, x1) == 0 && g_strcmp0 (y0, y1) == 0)
                continue;
              moved++;
              gboolean pushed = step_covers (&figs[k], step_ink[k], &figs[k - 1], was);
              gboolean back = step_covers (&figs[k - 1], step_ink[k - 1], &figs[k], e);
              if (!pushed && !back)
                g_test_message ("%s, step %u: “%s” moved from (%s, %s) to (%s, %s) though "
                                "neither step drew there",
                                examples[i], k + 1, (const char *)key, x0, y0, x1, y1);
              g_assert_true (pushed || back);
            }
        }
      for (guint k = 0; k < n; k++)
        {
          figure_clear (&figs[k]);
          g_free (step_ink[k]);
        }
    }
  g_test_message ("%u names followed from one step to the next, %u moved (each for a step's "
                  "drawing)",
                  followed, moved);
  g_assert_cmpuint (followed, >, 100);
  g_assert_cmpuint (moved * 5, <, followed);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (cmd), ==, 0);
}

/* 6: a small edit moves a name with what it names: the ball's start one
 * unit to the right moves its name by one unit and no other name. */
static void
test_small_edit (void)
{
  g_autofree char *dir = g_dir_make_tmp ("carom-figures-XXXXXX", NULL);
  static const char *const scene_text
      = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:carom=\"urn:carom:scene:1\" "
        "viewBox=\"-330 -330 660 660\">\n"
        "<polygon carom:role=\"wall\" id=\"room\" points=\"-300,-300 -300,300 300,300 "
        "300,-300\"/>\n"
        "<polygon carom:role=\"obstacle\" id=\"post\" points=\"20,-100 20,50 -20,50 "
        "-20,-100\"/>\n"
        "<circle carom:role=\"ball\" id=\"ball\" cx=\"%s\" cy=\"0\" r=\"40\" "
        "carom:direction=\"1 1\"/>\n</svg>\n";
  static const char *const starts[] = { "-200", "-199" };
  Figure figs[2];
  for (int k = 0; k < 2; k++)
    {
      g_autofree char *scene = g_strdup_printf ("%s/scene%d.svg", dir, k);
      g_autofree char *text = g_strdup_printf (scene_text, starts[k]);
      g_assert_true (g_file_set_contents (scene, text, -1, NULL));
      g_autofree char *svg = g_strdup_printf ("%s/figure%d.svg", dir, k);
      const char *args[] = { "export", scene, "-o", svg, "--step", "3", NULL };
      g_autofree char *err = NULL;
      g_assert_cmpint (run_carom (args, FALSE, &err), ==, 0);
      g_assert_true (figure_load (&figs[k], svg));
    }
  g_autoptr (GHashTable) a = names_of (&figs[0]), b = names_of (&figs[1]);
  static const char *const ids[] = { "room", "post", "ball" };
  for (gsize i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const Element *x = g_hash_table_lookup (a, ids[i]), *y = g_hash_table_lookup (b, ids[i]);
      g_assert_nonnull (x);
      g_assert_nonnull (y);
      g_autofree char *xa = get_attr (x->node, "x", NULL), *ya = get_attr (x->node, "y", NULL);
      g_autofree char *xb = get_attr (y->node, "x", NULL), *yb = get_attr (y->node, "y", NULL);
      /* One scene unit is 360 / 660 points of the figure. */
      double dx = g_ascii_strtod (xb, NULL) - g_ascii_strtod (xa, NULL);
      double dy = g_ascii_strtod (yb, NULL) - g_ascii_strtod (ya, NULL);
      double want = strcmp (ids[i], "ball") == 0 ? 360.0 / 660.0 : 0.0;
      g_test_message ("%s moved by (%g, %g) points, %g wanted", ids[i], dx, dy, want);
      g_assert_cmpfloat (fabs (dx - want), <, 0.01);
      g_assert_cmpfloat (fabs (dy), <, 0.01);
    }
  figure_clear (&figs[0]);
  figure_clear (&figs[1]);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (cmd), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/figures/labels-beside", test_labels_beside);
  g_test_add_func ("/figures/labels-checks-fail-unplaced", test_checks_fail_unplaced);
  g_test_add_func ("/figures/path-upto", test_path_upto);
  g_test_add_func ("/figures/inkscape", test_inkscape);
  g_test_add_func ("/figures/names-stay", test_names_stay);
  g_test_add_func ("/figures/small-edit", test_small_edit);
  return g_test_run ();
}
