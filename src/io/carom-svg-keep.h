/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-keep.h: the source document a scene keeps of the file it was
 * read from, so that Save writes back everything Carom does not model
 * (carom-svg-keep.c). The model only holds it as an opaque pointer.
 *
 * While reading, the reader tells it every node in document order; it
 * serialises what Carom does not model as text and leaves a slot where an
 * element became scene objects. Writing walks that text and fills each slot
 * from the objects that came from it (object->origin). */
#pragma once

#include "io/carom-svg-private.h"

#include <libxml/xmlreader.h>

G_BEGIN_DECLS

/// What a modelled element was, for writing its geometry back.
typedef enum
{
  CAROM_SVG_KEEP_POLYGON,
  CAROM_SVG_KEEP_POLYLINE,
  CAROM_SVG_KEEP_RECT,
  CAROM_SVG_KEEP_CIRCLE,
  CAROM_SVG_KEEP_ELLIPSE,
  CAROM_SVG_KEEP_LINE,
  CAROM_SVG_KEEP_PATH,
  CAROM_SVG_KEEP_USE, ///< a <use>: its objects are the clone's shapes
} CaromSvgKeepShape;

/// A new, empty source document.
CmSceneSource *carom_svg_source_new (void);
void carom_svg_source_free (CmSceneSource *source);

/* ---- while reading ---- */

/// The document type declaration (only its names are kept; an internal
/// subset is a loss).
void carom_svg_source_add_doctype (CmSceneSource *source, xmlDtdPtr dtd);

/// The reader met another element's start tag (of the document's, in order):
/// what follows is about it.
void carom_svg_source_next_element (CmSceneSource *source);

/// The element met last is dropped with everything in it.
void carom_svg_source_drop_element (CmSceneSource *source);

/// Where the document came from: the file at path, or (path NULL) the
/// bytes data, which are copied; size and hash (carom_svg_hash_bytes()) of
/// what was read, to know the bytes again on writing.
void carom_svg_source_set_origin (CmSceneSource *source, const char *path, const char *data,
                                  guint64 size, guint64 hash);

/// A text, CDATA, whitespace, comment or processing instruction node at the
/// reader's position.
void carom_svg_source_add_node (CmSceneSource *source, xmlTextReaderPtr reader);

/// A start tag kept as it is (node at the reader's position). depth: how
/// many elements are open around it (0 for the root).
void carom_svg_source_start_element (CmSceneSource *source, xmlNodePtr node, guint depth,
                                     gboolean empty);

/// An end tag kept as it is.
void carom_svg_source_end_element (CmSceneSource *source, xmlTextReaderPtr reader, guint depth);

/// Takes back the whitespace kept last (before an element that is dropped).
void carom_svg_source_trim_whitespace (CmSceneSource *source);

/// An element dropped with everything in it (Carom's own generated
/// drawing): reason says what is lost.
void carom_svg_source_note_loss (CmSceneSource *source, const char *reason);

/// An element that became the scene objects first .. first + n_objects - 1,
/// whose element draws in ctm (user units to scene units). Returns the
/// origin to give those objects. When the element is exactly what Carom's
/// own writer makes (native), only a mark is kept and it is written again by
/// that writer; else its attributes and children are kept. Call
/// carom_svg_source_end_slot() at its end tag (or at once when empty).
guint32 carom_svg_source_begin_slot (CmSceneSource *source, xmlNodePtr node, guint depth,
                                     gboolean empty, CaromSvgKeepShape shape, CaromAffine ctm,
                                     const CmScene *scene, guint first, guint n_objects);
void carom_svg_source_end_slot (CmSceneSource *source, guint32 origin);

/// After the last node: notes each slot's objects as read (to tell edited
/// ones from untouched ones). Returns FALSE when the document holds nothing
/// but what Carom's own writer makes, and the scene is better written anew
/// (the source is then of no use; the objects' origins are cleared).
gboolean carom_svg_source_finish (CmSceneSource *source, CmScene *scene);

/* ---- serialising what the reader streams (also for <use> definitions) ---- */

/// A text, CDATA, whitespace, comment or PI node as XML; TRUE unless it was
/// whitespace or something else Carom's own writer makes.
gboolean carom_svg_serialize_node (GString *out, xmlTextReaderPtr reader);
/// A start tag with its namespace declarations and attributes.
void carom_svg_serialize_start_tag (GString *out, xmlNodePtr node, gboolean empty);

/* ---- writing ---- */

/// True when the source holds more than Carom's own writer makes. A source
/// that does not is kept only for what reading it lost (a generated
/// drawing): the scene is then written in Carom's own form, as it would be
/// after a second read.
gboolean carom_svg_source_is_foreign (const CmSceneSource *source);

/// The document's text as kept (its root's start tag as the file had it).
const char *carom_svg_source_text (const CmSceneSource *source, gsize *length);

/// The document again: kept nodes as they were, each slot's element with its
/// objects' geometry (rewritten in its own user units if they changed, left
/// alone if not; removed when they are all gone), objects new to the file
/// at the end of the root, then generated (may be NULL) in a
/// carom:generated group.
char *carom_svg_source_write (const CmSceneSource *source, const CmScene *scene,
                              const char *generated, gsize *length);

/// carom_svg_source_write() with the document's original bytes at hand
/// (raw, from carom_svg_source_original()): what did not change is written
/// byte for byte as it was — declaration, BOM, line ends, whitespace in and
/// between tags, attribute order and quotes, references, comments — and only
/// the elements whose objects changed are written anew. raw NULL, or bytes
/// that are not the document read: as carom_svg_source_write(), or NULL
/// for a document of nothing but what Carom writes (written anew then).
char *carom_svg_source_write_over (const CmSceneSource *source, const CmScene *scene,
                                   const char *generated, const char *raw, gsize raw_length,
                                   gsize *length);

/// The file's own drawing: its bytes less every element Carom models (and
/// its own drawing for a diagram), for drawing behind the scene what Carom
/// does not model (text, open paths, images, gradients …); NULL when the
/// document holds nothing else, or its bytes are not at hand.
GBytes *carom_svg_source_underlay (const CmSceneSource *source);

/// The bytes the document was read from: read again from its file the
/// first time (when no program wrote it since it was opened: same place,
/// size and time of last change), and kept from then on, since a Save may
/// write over that file; a buffer's copy. NULL when the file changed or is
/// gone before the first write.
GBytes *carom_svg_source_original (const CmSceneSource *source);

/* ---- shared with the native writer (carom-svg-writer.c) ---- */

/// A number in the fewest digits that read back exactly.
void carom_svg_append_number (GString *out, double v);

/// Appends ` carom:label-offset="dx dy"`.
void carom_svg_append_label_offset (GString *out, CgVec2 offset);
/// text as a double-quoted attribute value.
void carom_svg_append_attribute_text (GString *out, const char *text);
/// The native element of an object (no indentation, no newline), with the
/// native presentation and stroke_width (NULL: no presentation at all).
void carom_svg_append_native_object (GString *out, const CmObject *object,
                                     const char *stroke_width);
/// ` name="v"` with v in the fewest digits that read back exactly.
void carom_svg_append_number_attribute (GString *out, const char *name, double v);
/// A beam's settings after its geometry: carom:radius (parallel, radius),
/// carom:direction (direction), carom:spread (fan), carom:count,
/// carom:max-bounces.
void carom_svg_append_beam_settings (GString *out, const CmObject *beam, CgVec2 direction,
                                     double radius);
/// True for a polygon that is one whole circle (one point, one arc edge).
gboolean carom_svg_is_whole_circle (const CmObject *object);
/// A polygon's outline as path data ("M x,y L x,y A R,R 0 large,sweep x,y …
/// Z"), mapped by m (NULL: as it is; else a similarity, so arcs stay arcs:
/// their radius scales and a reflection flips their sweep). A whole circle
/// is two half turns.
void carom_svg_append_path_data_mapped (GString *out, const CmObject *object, const CaromAffine *m);
/// The same, unmapped.
void carom_svg_append_path_data (GString *out, const CmObject *object);
/// The stroke width Carom gives a scene's objects, as text.
void carom_svg_native_stroke_width (const CmScene *scene, char buf[CAROM_SVG_NUMBER_BUF]);

G_END_DECLS
