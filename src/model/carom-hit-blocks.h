/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-hit-blocks.h: where a scene trace keeps its balls' hits. */
#pragma once

#include <glib.h>

#include "geom/cg-trace.h"

G_BEGIN_DECLS

/// The hits of a scene trace, in blocks of 1 MiB that outlive it.
///
/// A fan of 10^4 rays × 29 bounces makes 39 MB of hits. In memory of their
/// own, fresh for every trace, the kernel had to find and clear those pages
/// again for each trace, a quarter of the time a trace took on two threads
/// (bench-beam). Blocks are filled one after the other by each thread, taken
/// again by the same scene trace when it traces anew (an update in place,
/// which retraces every ball), and, when the scene trace is freed, kept for
/// the next one, up to CAROM_HIT_BLOCKS_KEPT blocks in the whole process.
typedef struct CaromHitBlocks CaromHitBlocks;

/// The most hits one room can hold: a block's.
#define CAROM_HIT_BLOCK_HITS ((gsize)(((gsize)1 << 20) / sizeof (CgHit)))

/// The most blocks kept, in the whole process, for scene traces to come
/// (64 MiB).
#define CAROM_HIT_BLOCKS_KEPT 64

/// One thread's place in the blocks: the block it fills and how far. Zeroed
/// to start; one per thread.
typedef struct
{
  CgHit *block;
  gsize used;
} CaromHitCursor;

CaromHitBlocks *carom_hit_blocks_new (void);

/// Room for n hits (1 ≤ n ≤ CAROM_HIT_BLOCK_HITS) after the cursor's last
/// hits, in a new block when they do not fit. NULL when memory runs out.
/// Threads may ask at the same time, each with its own cursor.
CgHit *carom_hit_blocks_room (CaromHitBlocks *b, CaromHitCursor *cursor, gsize n);

/// Keeps the first n hits of the room the cursor last gave; the rest of it
/// is given again.
void carom_hit_blocks_keep (CaromHitCursor *cursor, gsize n);

/// Forgets every hit: the blocks are given again, from the first.
void carom_hit_blocks_reset (CaromHitBlocks *b);

/// Frees b; its blocks are kept for the next scene trace, up to
/// CAROM_HIT_BLOCKS_KEPT in all, the others freed.
void carom_hit_blocks_free (CaromHitBlocks *b);

/// Frees the blocks kept for scene traces to come (tests call it, to count
/// what a trace leaves; at most 64 MiB stay otherwise until the process
/// ends).
void carom_hit_blocks_release_kept (void);

/// How many blocks are kept for scene traces to come.
guint carom_hit_blocks_kept (void);

G_END_DECLS
