/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-raw.h: where each element of an XML text is, byte by byte.
 *
 * libxml2's reader cannot say where a node's bytes are (its counters run
 * ahead by a buffer), so Save finds them again with this scanner, on the
 * original bytes, to write back what the user did not change exactly as it
 * was: the XML declaration, a BOM, line ends, the whitespace and line breaks
 * inside and between tags, attribute order and quoting, references and
 * comments. Elements come in document order, as the reader met them. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/// One element's bytes.
typedef struct
{
  guint32 lt;       ///< its start tag's '<'
  guint32 name_end; ///< after its qualified name
  guint32 close;    ///< the start tag's "/>" or ">"
  guint32 after;    ///< after the start tag
  guint32 end_lt;   ///< its end tag's '<' (after, for an empty element)
  guint32 end;      ///< after its end tag (after, for an empty element)
  guint32 depth;    ///< elements around it (0: the root)
  gboolean empty;   ///< written <name … />
} CaromRawElement;

/// One attribute of a start tag.
typedef struct
{
  guint32 start; ///< the whitespace before it
  guint32 name;  ///< its qualified name
  guint32 name_end;
  guint32 end; ///< after its closing quote
} CaromRawAttribute;

/// Every element of data[0, length) in document order (CaromRawElement), or
/// NULL when the text is not one this scanner reads: not in an encoding
/// where markup is ASCII (UTF-16, say), longer than 4 GiB, or not well
/// formed (tags that do not nest).
GArray *carom_svg_raw_scan (const char *data, gsize length);

/// The attributes of e's start tag (CaromRawAttribute), in order.
GArray *carom_svg_raw_attributes (const char *data, const CaromRawElement *e);

G_END_DECLS
