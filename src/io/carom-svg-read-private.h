/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-read-private.h: what the SVG reader's parts share: the state of
 * one read (carom-svg-reader.c walks the document; carom-svg-objects.c turns
 * shape elements into scene objects). */
#pragma once

#include "io/carom-svg-css.h"
#include "io/carom-svg-keep.h"

#include <libxml/xmlreader.h>

G_BEGIN_DECLS
/* How many element names a summary line lists before "…". */
#define SUMMARY_NAMES 3

/* Frame.cut: what is drawn of a shape is cut by a clip path or a mask. */
#define CUT_CLIPPED 1
#define CUT_MASKED 2

/* What the reader knows from an element's ancestors. */
typedef struct
{
  CaromAffine ctm;           ///< user units to scene units
  CaromSvgViewport viewport; ///< the nearest viewport, in user units
  gboolean filled;           ///< the inherited fill is not "none"
  gboolean skipped;          ///< inside content that is not read
  gboolean dropped;          ///< inside content Save does not write back (carom:generated)
  gboolean invisible;        ///< the inherited visibility is hidden
  guint8 cut;                ///< CLIPPED | MASKED: drawn cut by it or an ancestor
  guint32 origin;            ///< the element became objects: their origin (0: it did not)
} Frame;

/* Elements that share an element name and a reason, for the summary. */
typedef struct
{
  char *element;
  char *reason;
  guint count;
  GPtrArray *names; ///< the first SUMMARY_NAMES ids or "line N"
} NoteGroup;

typedef struct
{
  xmlTextReaderPtr reader;
  double tolerance;
  CmScene *scene;
  GHashTable *ids; ///< ids of scene objects so far (borrowed from the scene)
  GArray *frames;  ///< of Frame, one per open element
  gboolean seen_root;
  gboolean root_has_namespace;
  guint n_elements;
  gsize n_vertices;

  GError *xml_error;    ///< the first error libxml2 reported
  CaromSvgInput *input; ///< the bytes read (borrowed): the file's name, where its data ends

  /* The current element's attributes, reused from element to element. */
  GArray *attributes;      ///< of CaromSvgAttribute
  GPtrArray *owned_values; ///< values libxml2 had to join for us (xmlFree'd)
  xmlNsPtr carom_ns;       ///< the last declaration of Carom's namespace seen (borrowed)
  xmlNsPtr svg_ns;         ///< the same for SVG's
  CaromSvgShape shape;     ///< the current shape's contours, reused likewise

  guint taken_walls, taken_obstacles;
  GPtrArray *skips;   ///< of NoteGroup*: elements not read, in order of first appearance
  GPtrArray *partial; ///< of NoteGroup*: shapes read up to an error in their data
  char *page_note;    ///< what a scene unit is on paper, or why the root's viewBox was ignored

  guint counters[4];      ///< walls, obstacles, balls and beams so far, for automatic names
  GByteArray *auto_named; ///< a bit per object: named automatically
  gboolean id_clash;      ///< an id in the file looks like an automatic name

  CmSceneSource *source; ///< what Save writes back, built as the document streams by

  /* Style sheets: the rules of every <style> so far (they apply to the
   * elements after them), and what selectors see of each open element. */
  CaromSvgSheet *sheet;
  GArray *css_path;    ///< of CaromCssElement (owned strings), one per open element
  GString *style_text; ///< the text of the <style> being read
  guint style_depth;   ///< frames->len inside that <style>, 0 when none is open

  /* <use> (carom-svg-use.c): elements kept as text to be read again where a
   * <use> draws them. */
  GHashTable *definitions;  ///< id → outer XML
  GPtrArray *captures;      ///< definitions being recorded
  gsize definition_bytes;   ///< kept so far
  GString *root_namespaces; ///< the root's namespace declarations
  guint use_depth;          ///< <use> being read, nested (0: the document itself)
  guint use_base;           ///< frames->len of the element a <use> draws
  const char *instance_id;  ///< the id the next shape a <use> draws takes (then NULL)
  GPtrArray *reinterpreted; ///< NoteGroup: shapes drawn otherwise than traced
} ReadState;

/* The attributes the reader looks at on every element, found while
 * gathering them (NULL when absent). */
typedef struct
{
  const char *id, *style, *display, *fill, *transform; ///< in no namespace
  const char *class_list, *visibility;                 ///< in no namespace
  const char *clip_path, *mask;                        ///< in no namespace
  const char *role, *generated, *hidden, *locked;      ///< in Carom's
  const char *label_offset;                            ///< in Carom's
} Known;

/* What an element is to the reader. */
typedef enum
{
  ELEMENT_GROUP,  ///< its children are read
  ELEMENT_SHAPE,  ///< a wall, obstacle or ball
  ELEMENT_SILENT, ///< not drawn content (defs, metadata, ...): skipped without a word
  ELEMENT_OTHER,  ///< drawn, but not a shape (text, image, ...): skipped and reported
} ElementKind;

/// Adds an element to the summary's groups (by element name and reason).
void carom_svg_reader_add_note (GPtrArray *groups, const char *element, const char *id, int line,
                                const char *reason);

/// A shape element: with carom:role an object that must be valid; without
/// one, a wall or obstacle by its fill, or a reason in the summary. Errors
/// come without the element's name; the caller adds it.
gboolean carom_svg_reader_read_shape (ReadState *state, const CaromSvgElement *element,
                                      const char *id, int line, const char *role_text,
                                      gboolean filled, CaromAffine ctm, GError **error);

/// One start tag at the reader's position: checks the limits, reads the
/// element, pushes the frame its children see (carom-svg-reader.c).
gboolean carom_svg_reader_start_element (ReadState *state, GError **error);
/// Pops the innermost open element's frame.
void carom_svg_reader_pop_frame (ReadState *state);
/// Pushes what selectors see of an element that has no node (strings copied).
void carom_svg_reader_push_css (ReadState *state, const char *name, const char *id,
                                const char *class_list);

/* <use> (carom-svg-use.c). */
void carom_svg_use_init (ReadState *state);
void carom_svg_use_clear (ReadState *state);
/// Every start tag (depth 0: the root), for the definitions being kept.
void carom_svg_use_start_element (ReadState *state, xmlNodePtr node, guint depth, gboolean empty,
                                  gboolean svg_element);
/// Every text, comment or PI node at the reader's position.
void carom_svg_use_node (ReadState *state);
/// Every end tag, of the element at depth.
void carom_svg_use_end_element (ReadState *state, guint depth);
/// A <use> (frame: its own, its transform applied): the shapes it draws, as
/// objects. Reasons it draws none go to the summary.
gboolean carom_svg_use_read (ReadState *state, const CaromSvgElement *element, const Frame *frame,
                             int line, const char *id, GError **error);

/// When the file used a name of the automatic form, the names given while
/// reading may clash with it: they are taken back and given again by the rule.
void carom_svg_reader_auto_name_fix (ReadState *state);

/* carom-svg-xml-errors.c: libxml2's errors in plain words; hostile documents. */
void carom_svg_reader_on_xml_error (void *data, xmlErrorPtr xml_error);
void carom_svg_reader_ignore_generic_error (void *data, const char *format, ...);
xmlParserInputPtr carom_svg_reader_deny_external_entity (const char *url, const char *id,
                                                         xmlParserCtxtPtr context);
/* FALSE, with an error, when the document type declares entities. */
gboolean carom_svg_reader_check_dtd (xmlDtdPtr dtd, GError **error);

G_END_DECLS
