/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg.h: reading and writing Carom scenes as SVG (scene-format.md). */
#pragma once

#include <gio/gio.h>

#include "model/carom-scene.h"

G_BEGIN_DECLS

#define CAROM_SVG_ERROR (carom_svg_error_quark ())
GQuark carom_svg_error_quark (void);

/// Why a file could not be read or written.
typedef enum
{
  CAROM_SVG_ERROR_UNREADABLE,     ///< the file cannot be opened or read
  CAROM_SVG_ERROR_NOT_XML,        ///< not well-formed XML
  CAROM_SVG_ERROR_NOT_SVG,        ///< the root is not an SVG element
  CAROM_SVG_ERROR_HOSTILE,        ///< external entities, entity declarations, network references
  CAROM_SVG_ERROR_LIMIT,          ///< a named size limit was exceeded
  CAROM_SVG_ERROR_INVALID_OBJECT, ///< an object's geometry or attributes are invalid
  CAROM_SVG_ERROR_WRITE,          ///< the file cannot be written
} CaromSvgError;

/// Reader options; zero-initialised means defaults.
typedef struct
{
  double flatten_tolerance; ///< curve flattening tolerance in scene units (0: 0.25)
} CaromSvgReadOptions;

/// Reads a scene from a file, streaming it (memory follows the scene, not the
/// file). Scene units are the root <svg>'s user units (its viewBox
/// coordinates); a length with an absolute unit inside the drawing ("10mm")
/// converts at 96 user units per inch, as SVG renderers convert it. Curves
/// are flattened to options->flatten_tolerance scene units. Entities, DTDs,
/// XInclude and anything the document names are never read; the limits in
/// carom-svg-private.h bound size, depth and work.
///
/// On success returns the scene (polygons validated and in their role's
/// orientation, ids assigned) and, when summary is not NULL, a new array of
/// translated lines saying what was taken and what was skipped and why. On
/// failure returns NULL and sets error with a message naming the element (id
/// or line) or the limit, and the problem.
///
/// Any thread may read: reads take turns with libxml2's process-wide hooks
/// (carom-svg-xml-lock.h) and leave them as they found them.
CmScene *carom_svg_read_file (const char *path, const CaromSvgReadOptions *options,
                              GPtrArray **summary, GError **error);

/// The same from memory.
CmScene *carom_svg_read_memory (const char *data, gsize length, const CaromSvgReadOptions *options,
                                GPtrArray **summary, GError **error);

/// What Save cannot write back of the file the scene was read from: an array
/// of translated phrases ("Carom's drawing for the diagram"), or NULL when
/// it keeps everything. Carom never drops what it does not understand: a
/// scene read from a file that holds more than Carom models is written back
/// as that file, with only its objects' geometry changed (see carom-svg-keep.c).
const GPtrArray *carom_svg_get_losses (const CmScene *scene);

/// Writes the scene as SVG text: a scene read from a file that held more
/// than Carom models is that file again (every node kept, objects' geometry
/// updated, new objects at the end of the root); any other in Carom's own
/// form. Numbers round-trip.
char *carom_svg_write_string (const CmScene *scene, gsize *length);

/// Writes the scene to path through a temporary file and an atomic rename.
/// A scene the reader could not take back (a polygon over its vertex limit,
/// a file over its size limit) is a CAROM_SVG_ERROR_LIMIT, and path is left alone.
gboolean carom_svg_write_file (const CmScene *scene, const char *path, GError **error);

/// Writes the scene as carom_svg_write_string() does, followed by
/// generated_svg (the renderer's drawing for the diagram: paths, outlines,
/// labels) inside a <g carom:generated="true"> group, which the reader
/// skips. generated_svg is SVG content as it may stand inside an element of
/// the document: elements in the SVG namespace (the default one), carom:
/// bound, no entities. Returns NULL when it is not well-formed.
char *carom_svg_write_string_with_generated (const CmScene *scene, const char *generated_svg,
                                             gsize *length);

/// The same to path, through a temporary file and an atomic rename; a
/// generated_svg that is not well-formed is a CAROM_SVG_ERROR_WRITE.
gboolean carom_svg_write_file_with_generated (const CmScene *scene, const char *generated_svg,
                                              const char *path, GError **error);

/// Whether a figure written with the scene may grow the file's frame (the
/// root's viewBox, with its width and height) to hold what lies beyond the
/// objects' box, such as a legend: Carom's own form may, and so may a file
/// drawn elsewhere whose root has a viewBox and a width and height (if any)
/// in absolute units (carom-svg-frame.c).
gboolean carom_svg_frame_can_grow (const CmScene *scene);

/// carom_svg_write_file_with_generated() with the root's viewBox grown to
/// hold cover (scene units) when carom_svg_frame_can_grow(); an empty cover
/// grows nothing.
gboolean carom_svg_write_file_with_figure (const CmScene *scene, const char *generated_svg,
                                           CgAabb cover, const char *path, GError **error);

/// What the file a scene was read from draws besides the objects Carom
/// models (text, open paths, images, gradients, …): the file less those
/// elements, as SVG (carom_svg_source_underlay()); NULL when there is none.
GBytes *carom_svg_scene_underlay (const CmScene *scene);

G_END_DECLS
