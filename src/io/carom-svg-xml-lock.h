/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-xml-lock.h: one lock for libxml2's process-wide state.
 *
 * libxml2's external entity loader is one pointer for the whole process
 * (xmlSetExternalEntityLoader; libxml2 2.9 keeps the error handlers per
 * thread). The scene reader sets the loader and the handlers for each read
 * and puts back what it found, so two reads at once would restore each
 * other's loader: a read might go on without the one that refuses external
 * entities, and the process be left with the reader's. Whoever sets such
 * state takes this lock around it and around the libxml2 calls that rely on
 * it; the reader does (carom_svg_read_file(), carom_svg_read_memory()), so
 * callers on any thread (the document's workers, the CLI, scripts through
 * libcarom) need no lock of their own. Code that only parses with a reader's
 * or a context's own handlers and leaves the process-wide hooks alone (the
 * writer's fragment check, the TikZ export reading cairo's SVG) needs none.
 * The lock is not recursive: nothing called inside it may take it again. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/// Takes the lock for libxml2's process-wide state (blocks until free).
void carom_svg_xml_lock (void);
/// Gives it back.
void carom_svg_xml_unlock (void);

G_END_DECLS
