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

/// Reads a scene from a file. On success returns the scene (polygons
/// validated and in their role's orientation, ids assigned) and, when
/// summary is not NULL, a new array of translated lines saying what was
/// taken and what was skipped and why. On failure returns NULL and sets error
/// with a message naming the element (id or line) and the problem.
CaromScene *carom_svg_read_file (const char *path, const CaromSvgReadOptions *options,
                                 GPtrArray **summary, GError **error);

/// The same from memory.
CaromScene *carom_svg_read_memory (const char *data, gsize length,
                                   const CaromSvgReadOptions *options, GPtrArray **summary,
                                   GError **error);

/// Writes the scene as SVG text (the native format); numbers round-trip.
char *carom_svg_write_string (const CaromScene *scene, gsize *length);

/// Writes the scene to path through a temporary file and an atomic rename.
gboolean carom_svg_write_file (const CaromScene *scene, const char *path, GError **error);

G_END_DECLS
