/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-private.h: what the SVG reader and writer share: the limits,
 * the namespaces, affine transforms, the attribute micro-syntaxes (numbers,
 * lengths, transform lists, style declarations) and the shape builders. */
#pragma once

#include "io/carom-svg.h"

#include "geom/cg-curve.h"

G_BEGIN_DECLS

/* The reader's limits, all in one place. Each refusal is a
 * CAROM_SVG_ERROR_LIMIT naming the limit. */

/// Bytes in one file: far beyond any hand-made or Inkscape scene (the
/// 400 000-polygon benchmark is 37 MB); checked by stat before opening and
/// again while streaming, so a growing file is capped too.
#define CAROM_SVG_MAX_FILE_SIZE (256 * 1024 * 1024)
/// Elements in one file: bounds the work per file; real drawings have thousands.
#define CAROM_SVG_MAX_ELEMENTS 2000000
/// Element nesting: equals libxml2's own limit without XML_PARSE_HUGE (which we never set).
#define CAROM_SVG_MAX_DEPTH 256
/// Bytes in one attribute value: a `points` list of the most vertices a polygon may have, at the
/// longest number form, under libxml2's own 10 MB cap.
#define CAROM_SVG_MAX_ATTRIBUTE_LENGTH (8 * 1024 * 1024)
/// Bytes of path data in one `d`: a hand-drawn room is a few kB, a detailed
/// Inkscape outline some 100 kB; 1 MiB (about 100 000 commands) bounds the
/// flattening work per element well below the attribute limit.
#define CAROM_SVG_MAX_PATH_DATA_LENGTH (1024 * 1024)
/// Vertices in one polygon, flattened curves included: keeps a hostile circle or path finite,
/// and any polygon writable: at the longest number form (some 50 bytes a vertex) 100 000
/// vertices fill 5 MB of `points`, under the attribute limit. A circle of radius 10^6 flattened
/// to 0.25 has 4 500.
#define CAROM_SVG_MAX_POLYGON_VERTICES 100000
/// Vertices in one scene (16 bytes each in memory): 64 MB, far past what the tracer and canvas
/// use, and at 50 bytes a vertex a written scene stays under the file size limit.
#define CAROM_SVG_MAX_SCENE_VERTICES 4000000
/// A ball's carom:max-bounces: a longer trace cannot be drawn or read, only wait for.
#define CAROM_SVG_MAX_BOUNCES 1000000
/// A beam's carom:count: a million rays already take seconds to trace and
/// draw; more is a typo, not a scene.
#define CAROM_SVG_MAX_BEAM_RAYS 1000000

/// Flattening tolerance (scene units) when the options leave it at 0.
#define CAROM_SVG_DEFAULT_FLATTEN_TOLERANCE 0.25
/// Fewest segments for a full circle or ellipse, however small.
#define CAROM_SVG_MIN_CIRCLE_SEGMENTS 16
/// Deepest subdivision of one Bézier segment (at most 2^20 chords): every
/// finite curve is flat to any sane tolerance long before.
#define CAROM_SVG_MAX_CURVE_DEPTH 20

/* Absolute units in user units (CSS: 1in = 96px = 2.54cm = 72pt = 6pc). */
#define CAROM_SVG_PX_PER_IN 96.0

#define CAROM_SVG_NAMESPACE "http://www.w3.org/2000/svg"
#define CAROM_SCENE_NAMESPACE "urn:carom:scene:1"
#define CAROM_INKSCAPE_NAMESPACE "http://www.inkscape.org/namespaces/inkscape"

/// The attributes that make the generated drawing's group an Inkscape layer
/// ("Carom figure"), with its own layers inside (carom-svg-out.c).
#define CAROM_SVG_GENERATED_LAYER                                                                  \
  "inkscape:groupmode=\"layer\" inkscape:label=\"Carom figure\" "                                  \
  "xmlns:inkscape=\"" CAROM_INKSCAPE_NAMESPACE "\""

/* The bytes a read sees (carom-svg-input.c): a file streamed in blocks or a
 * buffer, scanned for entity declarations before libxml2 sees them, and cut
 * at CAROM_SVG_MAX_FILE_SIZE. */

typedef struct _CaromSvgInput CaromSvgInput;

/// A hash of bytes that come in pieces: the same bytes give the same hash
/// however they are split. Zeroed to start.
typedef struct
{
  guint64 hash, size;
  guint8 buf[8];
  guint n;
} CaromSvgHasher;
void carom_svg_hasher_add (CaromSvgHasher *h, const char *data, gsize n);
guint64 carom_svg_hasher_end (const CaromSvgHasher *h);

/// The identity of the file at path now (its place, size and last change
/// to the nanosecond), and its size; 0 when it cannot be seen.
guint64 carom_svg_file_identity (const char *path, guint64 *size);

/// Opens a regular file of at most CAROM_SVG_MAX_FILE_SIZE bytes (by stat);
/// UNREADABLE or LIMIT errors name it.
CaromSvgInput *carom_svg_input_new_for_file (const char *path, GError **error);
/// A buffer, borrowed until the input is freed; checked whole at once.
CaromSvgInput *carom_svg_input_new_for_memory (const char *data, gsize length, GError **error);
void carom_svg_input_free (CaromSvgInput *input);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaromSvgInput, carom_svg_input_free)
/// libxml2's read callback (xmlInputReadCallback) on an input: -1 when the
/// input stopped the read (see carom_svg_input_failed()).
int carom_svg_input_read (void *input, char *buffer, int length);
/// True, with the reason in error, when the input stopped the read.
gboolean carom_svg_input_failed (CaromSvgInput *input, GError **error);
/// The file's name without its folder, for messages (NULL for a buffer).
const char *carom_svg_input_display_basename (CaromSvgInput *input);
/// True when every byte has been handed out, with *last_line and
/// *last_column (in characters, from 1) where the last byte other than white
/// space is: where the document really ends (line 0 when there is none).
gboolean carom_svg_input_ended (CaromSvgInput *input, int *last_line, int *last_column);
/// What was read: the file's path (NULL for a buffer) or the buffer, and
/// its size and, for a file, its identity when opened (carom_svg_file_identity()).
void carom_svg_input_origin (CaromSvgInput *input, const char **path, const char **data,
                             guint64 *size, guint64 *hash);

/* Affine transforms, as SVG's matrix(a b c d e f):
 *   x' = a x + c y + e
 *   y' = b x + d y + f */

/// An SVG transform matrix.
typedef struct
{
  double a, b, c, d, e, f;
} CaromAffine;

/// The identity transform.
static inline CaromAffine
carom_affine_identity (void)
{
  return (CaromAffine){ 1.0, 0.0, 0.0, 1.0, 0.0, 0.0 };
}

/// m · n: apply n first, then m (a transform list "m n" means m · n).
static inline CaromAffine
carom_affine_multiply (CaromAffine m, CaromAffine n)
{
  return (CaromAffine){
    m.a * n.a + m.c * n.b, m.b * n.a + m.d * n.b,       m.a * n.c + m.c * n.d,
    m.b * n.c + m.d * n.d, m.a * n.e + m.c * n.f + m.e, m.b * n.e + m.d * n.f + m.f,
  };
}

/// m applied to the point p.
static inline CgVec2
carom_affine_apply (CaromAffine m, CgVec2 p)
{
  return cg_v2 (m.a * p.x + m.c * p.y + m.e, m.b * p.x + m.d * p.y + m.f);
}

/// m's linear part applied to the vector v (no translation).
static inline CgVec2
carom_affine_apply_linear (CaromAffine m, CgVec2 v)
{
  return cg_v2 (m.a * v.x + m.c * v.y, m.b * v.x + m.d * v.y);
}

/// The largest factor by which m stretches a length (its largest singular value).
static inline double
carom_affine_max_scale (CaromAffine m)
{
  /* σ² are the eigenvalues of MᵀM: (s ± √(s² - 4 det²)) / 2, s = a² + b² + c² + d² */
  double s = m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d;
  double det = m.a * m.d - m.b * m.c;
  return sqrt (0.5 * (s + sqrt (fmax (0.0, s * s - 4.0 * det * det))));
}

/// When m keeps circles circles (a similarity: translation, rotation,
/// uniform scale, reflection; orthogonal columns of equal length, to a
/// relative 1e-9), sets *scale to the factor it scales lengths by and
/// returns TRUE.
static inline gboolean
carom_affine_similarity_scale (CaromAffine m, double *scale)
{
  double col1 = m.a * m.a + m.b * m.b, col2 = m.c * m.c + m.d * m.d;
  double slack = 1e-9 * (col1 + col2);
  if (fabs (m.a * m.c + m.b * m.d) > slack || fabs (col1 - col2) > slack)
    return FALSE; /* not a number passes: the caller's checks of the result say what is wrong */
  *scale = sqrt (0.5 * (col1 + col2));
  return TRUE;
}

/* Attribute micro-syntaxes (carom-svg-syntax.c). Each parser sets a
 * CAROM_SVG_ERROR_INVALID_OBJECT (or _LIMIT) error saying what is wrong with
 * the text; the caller prefixes the element and attribute. */

/// Room for any number carom_svg_format_number() writes.
#define CAROM_SVG_NUMBER_BUF G_ASCII_DTOSTR_BUF_SIZE

/// Writes v in the fewest significant digits (15, 16 or 17) that read back
/// as exactly v, in the C locale; -0 is written as 0. Returns buf.
char *carom_svg_format_number (char buf[CAROM_SVG_NUMBER_BUF], double v);

/// True for the SVG separators: space, tab, CR, LF.
static inline gboolean
carom_svg_is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/// Skips whitespace, at most one comma, and whitespace again; returns TRUE when it skipped a comma.
gboolean carom_svg_skip_comma_space (const char **cursor);

/// Reads one SVG number at *cursor (no leading space), locale-independently.
/// On success advances *cursor. Fails, leaving *cursor alone, when there is
/// no number there or it is out of range (1e999).
gboolean carom_svg_scan_number (const char **cursor, double *value, GError **error);

/// Reads a whole attribute of numbers separated by whitespace and/or single
/// commas into numbers (of double), refusing more than max_count.
gboolean carom_svg_parse_number_list (const char *text, GArray *numbers, gsize max_count,
                                      GError **error);

/// The reference sizes a length may be relative to: the nearest viewport's
/// width and height in user units (0 when unknown), for percentages.
typedef struct
{
  double width, height;
} CaromSvgViewport;

/// Which viewport dimension a percentage refers to (SVG 1.1 §7.10).
typedef enum
{
  CAROM_SVG_LENGTH_X,     ///< x, cx, width, rx: the viewport's width
  CAROM_SVG_LENGTH_Y,     ///< y, cy, height, ry: its height
  CAROM_SVG_LENGTH_OTHER, ///< r: the diagonal over √2
} CaromSvgLengthAxis;

/// Reads a length into user units: a number, optionally followed by px, mm,
/// cm, in, pt, pc, Q (absolute units at CSS's 96 user units per inch, as
/// every SVG renderer converts them whatever the root's viewBox) or % (of
/// viewport along axis; viewport may be NULL, and then % is refused).
gboolean carom_svg_parse_length (const char *text, const CaromSvgViewport *viewport,
                                 CaromSvgLengthAxis axis, double *value, GError **error);

/// Reads a viewBox: four numbers min-x, min-y, width, height; width and
/// height must be > 0.
gboolean carom_svg_parse_view_box (const char *text, double box[4], GError **error);

/// How a viewBox fits its viewport (preserveAspectRatio).
typedef struct
{
  gboolean none;  ///< stretch to fill, ignoring the aspect ratio
  double align_x; ///< 0 (xMin), 0.5 (xMid) or 1 (xMax)
  double align_y; ///< the same for y
  gboolean slice; ///< cover the viewport rather than fit inside it
} CaromSvgAspect;

/// Reads preserveAspectRatio; NULL gives the default, xMidYMid meet.
gboolean carom_svg_parse_aspect (const char *text, CaromSvgAspect *aspect, GError **error);

/// The transform that maps the viewBox box onto the viewport rectangle
/// (x, y, width, height) (SVG 1.1 §7.8).
CaromAffine carom_svg_view_box_transform (const double box[4], double x, double y, double width,
                                          double height, const CaromSvgAspect *aspect);

/// Reads a transform list (matrix, translate, scale, rotate, skewX, skewY,
/// separated by whitespace and/or commas) into its product. Empty or "none"
/// is the identity.
gboolean carom_svg_parse_transform (const char *text, CaromAffine *transform, GError **error);

/// The value of the last declaration of property in a style attribute
/// ("fill:none; display:none"), trimmed and without "!important", or NULL.
char *carom_svg_style_dup_property (const char *style, const char *property);

/* Shapes in user units (carom-svg-shapes.c, carom-svg-path.c), before any
 * transform. */

/// One contour of a shape: a closed ring of vertices or an open run, stored
/// in its shape's points.
typedef struct
{
  guint start;  ///< index of its first vertex in the shape's points
  guint length; ///< how many vertices
  gboolean closed;
  gboolean reversed; ///< the reader reversed it to fit its role
  gboolean curved;   ///< it has exact arcs (the shape's arcs, later its edges)
} CaromSvgContour;

/// An exact circular arc of a shape, kept as SVG's A command gives it (in
/// the element's user units): it arrives at the vertex `point` from the one
/// before. full: the contour is one whole circle, and `point` its centre.
typedef struct
{
  guint point;
  double r;
  guint8 large, sweep; ///< SVG's large-arc and sweep flags
  guint8 full;
} CaromSvgArc;

/// The contours of one shape element. The reader keeps one and reuses it
/// from element to element, so reading a shape allocates nothing once the
/// arrays have grown.
typedef struct
{
  GArray *points;   ///< of CgVec2, every contour's vertices in turn
  GArray *contours; ///< of CaromSvgContour
  gsize max_points; ///< the most vertices the shape may have in all (the scene's budget)
  gboolean open;    ///< a contour is being drawn (the last one in contours)
  guint room;       ///< points->data has room for this many (points->len <= room)
  /// Circles and circular arcs may stay exact (the element's transform keeps
  /// circles circles): set by the caller before reading the element.
  gboolean exact;
  GArray *arcs;  ///< of CaromSvgArc, by point, when exact
  GArray *edges; ///< of CgCurveEdge: curved contours' edges once built, by point
} CaromSvgShape;

void carom_svg_shape_init (CaromSvgShape *shape);
void carom_svg_shape_clear (CaromSvgShape *shape);
/// Empties the shape, keeping its memory; max_points is the vertex budget.
void carom_svg_shape_reset (CaromSvgShape *shape, gsize max_points);
/// Starts a new contour.
void carom_svg_shape_begin (CaromSvgShape *shape);
/// Appends a vertex to the contour being drawn, checking the limits.
gboolean carom_svg_shape_add (CaromSvgShape *shape, CgVec2 p, GError **error);
/// Appends a vertex reached by an exact circular arc of radius r > 0 from
/// the vertex before (SVG's flags), when the shape is exact.
gboolean carom_svg_shape_add_arc (CaromSvgShape *shape, CgVec2 p, double r, gboolean large,
                                  gboolean sweep, GError **error);
/// A closed contour that is the whole circle of centre c and radius r > 0
/// (its one vertex is c until the reader builds the circle).
gboolean carom_svg_shape_add_circle (CaromSvgShape *shape, CgVec2 c, double r, GError **error);
/// The arc from a to b on a circle of radius r with SVG's flags (F.6.5, with
/// F.6.6's growth of a radius too small to span the ends), as an edge
/// (cg-curve.h's conventions): the centre is computed from the ends taken in
/// a fixed order, so the same arc read either way, or read, written and read
/// again, gives the same doubles. A radius within 1e-14 (relative, in r²)
/// of half the chord is a half turn about the chord's midpoint. FALSE when
/// the ends coincide or a number is not finite.
gboolean carom_svg_arc_edge (CgVec2 a, CgVec2 b, double r, gboolean large, gboolean sweep,
                             CgCurveEdge *edge);
/// Ends the contour being drawn: closed, or open (then it counts as closed
/// when it ends where it began). A contour of fewer than 2 vertices that was
/// not closed draws nothing and goes.
void carom_svg_shape_end (CaromSvgShape *shape, gboolean closed);
/// The vertices of a contour of the shape (NULL while the shape has none).
static inline CgVec2 *
carom_svg_shape_points (const CaromSvgShape *shape, const CaromSvgContour *contour)
{
  if (shape->points->data == NULL)
    return NULL;
  return (CgVec2 *)shape->points->data + contour->start;
}

/// One attribute of an element being read.
typedef struct
{
  const char *name;  ///< local name
  gboolean carom;    ///< in Carom's namespace (else in no namespace)
  const char *value; ///< borrowed
} CaromSvgAttribute;

/// An SVG element being read: its name and the attributes the reader looks
/// at (those in no namespace and in Carom's), gathered once; all borrowed.
typedef struct
{
  const char *name; ///< local name, e.g. "polygon"
  const CaromSvgAttribute *attributes;
  guint n_attributes;
  CaromSvgViewport viewport; ///< what percentages in its lengths refer to
  /// Read as SVG renderers do: numbers up to the first error in a points
  /// list or path data, and an odd last coordinate dropped (SVG 1.1 F.2).
  /// The reader sets it for shapes without carom:role; objects are strict.
  gboolean lenient;
} CaromSvgElement;

/// The value of the attribute name (in Carom's namespace when carom is
/// TRUE, else in none), or NULL when the element has none.
const char *carom_svg_element_get (const CaromSvgElement *element, const char *name,
                                   gboolean carom);

/// True for the element names carom_svg_shape_contours() understands.
gboolean carom_svg_is_shape (const char *name);

/// The contours of a shape element (polygon, polyline, rect, circle, ellipse,
/// line, path) in its own user units, added to shape. Curves (circles,
/// ellipses, rounded corners, Béziers and arcs) are flattened so that no
/// chord is further than tolerance from the curve. When the element is
/// lenient and its data has an error past which it is not read, *warning
/// gets (a new string) what the error was, and the function succeeds.
gboolean carom_svg_shape_contours (const CaromSvgElement *element, double tolerance,
                                   CaromSvgShape *shape, char **warning, GError **error);

/// Parses path data (SVG 1.1 §8.3 and its implementation notes: M L H V C S
/// Q T A Z, absolute and relative) into contours, flattening curves to
/// tolerance. lenient: stop at the first error and succeed, with *warning
/// saying what it was, as renderers draw a path up to its first error.
gboolean carom_svg_parse_path (const char *data, double tolerance, gboolean lenient,
                               CaromSvgShape *shape, char **warning, GError **error);

/* Curve flattening (carom-svg-path.c), in the caller's units. The start
 * point is the contour's last vertex and is not added again. */

/// A cubic Bézier p0 p1 p2 p3, by adaptive subdivision.
gboolean carom_svg_flatten_cubic (CaromSvgShape *shape, CgVec2 p0, CgVec2 p1, CgVec2 p2, CgVec2 p3,
                                  double tolerance, GError **error);

/// An elliptical arc from p0 to p1 as path data's A gives it (SVG 1.1 F.6):
/// radii rx, ry, x-axis rotation in degrees, flags. Out-of-range radii are
/// scaled up; a zero radius makes it a straight line.
gboolean carom_svg_flatten_arc (CaromSvgShape *shape, CgVec2 p0, double rx, double ry,
                                double rotation, gboolean large_arc, gboolean sweep, CgVec2 p1,
                                double tolerance, GError **error);

/// Segments for an arc of the given sweep (radians) on a circle of radius r
/// so that no chord strays more than tolerance from it (a double, so that a
/// caller can compare it with a limit first).
double carom_svg_arc_segments (double r, double sweep, double tolerance);

/* carom-svg-frame.c */

/// Whether the root of the document text has a frame that can grow: a
/// viewBox, and a width and height (if any) in absolute units.
gboolean carom_svg_frame_growable (const char *text, gsize length);

/// The document text with its root's viewBox grown to hold cover (scene
/// units), and its width and height by the same factors; NULL when the frame
/// cannot grow or already holds cover.
char *carom_svg_frame_grow (const char *text, gsize length, CgAabb cover, gsize *grown_length);

G_END_DECLS
