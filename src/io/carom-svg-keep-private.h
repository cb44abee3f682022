/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-keep-private.h: the source document's parts that recording it
 * while reading (carom-svg-keep.c) and writing it back
 * (carom-svg-keep-write.c) share. */
#pragma once
#include "io/carom-svg-keep.h"

G_BEGIN_DECLS

/* Marks for native elements in the text: bytes XML 1.0 cannot hold, even as
 * character references, so that no kept text has them (see append_text()). */
#define MARK_STYLED '\x01' ///< with Carom's presentation
#define MARK_BARE '\x02'   ///< with no presentation at all

/* In native_elements: the element has Carom's presentation. */
#define NATIVE_STYLED 0x80000000u

/* The origin of a native element's object: this bit and its ordinal (from 1). */
#define ORIGIN_NATIVE 0x80000000u

/// What becomes of a slot on writing (besides 0: written anew).
enum
{
  SLOT_SAME = 1,       ///< its objects are as they were read: the element as it was
  SLOT_RELABELLED = 2, ///< only where their names are placed changed
};

enum
{
  SLOT_EMPTY = 1 << 0,          ///< written as <name .../>
  SLOT_OWN_VISIBILITY = 1 << 1, ///< a visibility attribute that is not Carom's
};

/* A modelled element: ranges of the text, [start, name_end) its qualified
 * name, then all its attributes as they were (up to managed_end), maybe
 * all but carom:label-offset, [kept_start, attrs_end) those that are not
 * Carom's to rewrite, and [attrs_end, end) its children. */
typedef struct
{
  guint32 start, name_end, managed_end, kept_start, attrs_end, end;
  /// [label_start, label_end): all its attributes but carom:label-offset
  /// (the same range as all of them when it has none), for an element
  /// whose objects changed only where their names are placed.
  guint32 label_start, label_end;
  guint32 n_objects;
  guint32 element;  ///< its start tag's place among the document's (0: the root)
  guint32 n_points; ///< its first object's vertices, as read
  guint32 ctm;      ///< index into ctms (0: the identity)
  guint8 shape;
  guint8 flags;
} Slot;

struct _CmSceneSource
{
  GString *text;
  GArray *slots;     ///< of Slot, in document order
  GArray *hashes;    ///< of guint64: each slot's objects as read
  GArray *shapes;    ///< of guint64: the same but where their names are placed
  GArray *ctms;      ///< of CaromAffine
  GPtrArray *losses; ///< translated sentences: what Save cannot write back
  char *native_stroke;
  guint32 n_native;
  gboolean foreign; ///< more than Carom's own writer makes
  gboolean root_seen;
  guint32 root_tag_end;  ///< where the root's attributes end (before its '>')
  guint32 root_ns_end;   ///< where its namespace declarations end
  guint32 root_close;    ///< where the root's end tag begins
  gboolean carom_bound;  ///< the root binds the prefix carom to Carom's namespace
  gboolean carom_taken;  ///< the root binds it to another namespace
  gboolean svg_prefixed; ///< the root element has a prefix (svg:svg)
  gboolean standalone_known;
  /* Where the text came from, for writing back what did not change byte
   * for byte (carom-svg-raw.h): the elements met so far, the one being
   * read, those dropped and the native ones (their start tags' places). */
  guint32 n_elements;
  guint32 current;
  GArray *dropped;         ///< of guint32
  GArray *native_elements; ///< of guint32, by native ordinal - 1 (| NATIVE_STYLED)
  GArray *native_hashes;   ///< of guint64: each native object as read
  char *origin_path;       ///< the file read (NULL: a buffer, kept in origin_copy)
  GBytes *origin_copy;
  guint64 origin_size, origin_hash;
};

/// FNV-1a's offset basis: where a slot's hash of its objects starts.
#define HASH_SEED 0xcbf29ce484222325u

/// h carried on over an object's state: what the user can change, and
/// where its name is placed unless without_label.
guint64 carom_svg_keep_hash_object (guint64 h, const CmObject *o, gboolean without_label);

/* ---- writing (carom-svg-keep-write.c, carom-svg-keep-raw.c) ---- */

typedef struct
{
  const CmSceneSource *source;
  const CmScene *scene;
  GString *out;
  guint32 *slot_first;  ///< per slot: its first object in the scene, or G_MAXUINT32
  guint32 *next;        ///< per object: the next object of its slot, or G_MAXUINT32
  guint32 *native;      ///< per native ordinal: its object, or G_MAXUINT32
  guint8 *unchanged;    ///< per slot: SLOT_SAME, SLOT_RELABELLED or 0 (changed)
  const char *stroke;   ///< stroke width of Carom's own elements
  const char *ns_decls; ///< declarations an element written anew needs
} Writer;

/// An object as Carom's own writer writes it (styled: with its presentation).
void carom_svg_keep_write_native (Writer *w, const CmObject *object, gboolean styled);
/// m's inverse.
CaromAffine carom_svg_keep_affine_inverse (CaromAffine m);
/// "x,y" in the fewest digits that read back exactly.
void carom_svg_keep_append_point (GString *out, CgVec2 p);
/// The attributes Carom manages of slot's element, from its objects (the
/// first, then w->next), into attrs; returns the element's local name.
const char *carom_svg_keep_write_managed (Writer *w, const Slot *slot, guint32 first,
                                          GString *attrs);
/// Slot `index` as the kept text has it, its objects written in.
void carom_svg_keep_write_slot (Writer *w, guint index);
/// The scene written over raw, the bytes read (carom_svg_source_write_over());
/// NULL when raw is not the document read.
char *carom_svg_keep_write_raw (Writer *w, const char *raw, gsize raw_length, const guint8 *fresh,
                                gboolean carom_needed, const char *generated, gsize *length);

G_END_DECLS
