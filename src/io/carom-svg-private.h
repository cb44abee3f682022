/* carom-svg-private.h: what the SVG reader and writer share: the limits,
 * the namespaces, affine transforms, the attribute micro-syntaxes (numbers,
 * lengths, transform lists, style declarations) and the shape builders. */
#pragma once

#include "io/carom-svg.h"

G_BEGIN_DECLS

/* The reader's limits, all in one place. Each refusal is a
 * CAROM_SVG_ERROR_LIMIT naming the limit. */

/// Bytes in one file: far beyond any hand-made or Inkscape scene, small enough to hold in memory.
#define CAROM_SVG_MAX_FILE_SIZE (256 * 1024 * 1024)
/// Elements in one file: bounds the work per file; real drawings have thousands.
#define CAROM_SVG_MAX_ELEMENTS 2000000
/// Element nesting: equals libxml2's own limit without XML_PARSE_HUGE (which we never set).
#define CAROM_SVG_MAX_DEPTH 256
/// Bytes in one attribute value: a `points` list of ~400 000 vertices, under libxml2's 10 MB cap.
#define CAROM_SVG_MAX_ATTRIBUTE_LENGTH (8 * 1024 * 1024)
/// Vertices in one polygon, flattened curves included: keeps a hostile circle or path finite.
#define CAROM_SVG_MAX_POLYGON_VERTICES 1000000
/// Vertices in one scene (16 bytes each): 160 MB, far past what the tracer and canvas use.
#define CAROM_SVG_MAX_SCENE_VERTICES 10000000
/// A ball's carom:max-bounces: a longer trace cannot be drawn or read, only wait for.
#define CAROM_SVG_MAX_BOUNCES 1000000

/// Flattening tolerance (scene units) when the options leave it at 0.
#define CAROM_SVG_DEFAULT_FLATTEN_TOLERANCE 0.25
/// Fewest segments for a full circle or ellipse, however small.
#define CAROM_SVG_MIN_CIRCLE_SEGMENTS 16

#define CAROM_SVG_NAMESPACE "http://www.w3.org/2000/svg"
#define CAROM_SCENE_NAMESPACE "urn:carom:scene:1"

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

/// Reads a length in user units: a number, optionally followed by "px".
gboolean carom_svg_parse_length (const char *text, double *value, GError **error);

/// Reads a transform list (matrix, translate, scale, rotate, skewX, skewY,
/// separated by whitespace and/or commas) into its product. Empty or "none"
/// is the identity.
gboolean carom_svg_parse_transform (const char *text, CaromAffine *transform, GError **error);

/// The value of the last declaration of property in a style attribute
/// ("fill:none; display:none"), trimmed and without "!important", or NULL.
char *carom_svg_style_dup_property (const char *style, const char *property);

/* Shapes in user units (carom-svg-shapes.c), before any transform. */

/// One contour of a shape: a closed ring of vertices or an open run.
typedef struct
{
  GArray *points; ///< of CgVec2
  gboolean closed;
} CaromSvgContour;

void carom_svg_contour_free (CaromSvgContour *contour);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaromSvgContour, carom_svg_contour_free)

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
} CaromSvgElement;

/// The value of the attribute name (in Carom's namespace when carom is
/// TRUE, else in none), or NULL when the element has none.
const char *carom_svg_element_get (const CaromSvgElement *element, const char *name,
                                   gboolean carom);

/// True for the element names carom_svg_shape_contours() understands.
gboolean carom_svg_is_shape (const char *name);

/// The contours of a shape element (polygon, polyline, rect, circle, ellipse,
/// line, path) in its own user units, appended to contours (of
/// CaromSvgContour*). Curves (circles, ellipses, rounded corners) are
/// flattened so that no chord is further than tolerance from the curve.
gboolean carom_svg_shape_contours (const CaromSvgElement *element, double tolerance,
                                   GPtrArray *contours, GError **error);

/// Parses path data (M/L/H/V/Z, absolute and relative) into contours.
gboolean carom_svg_parse_path (const char *data, GPtrArray *contours, GError **error);

G_END_DECLS
