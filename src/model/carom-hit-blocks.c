/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-hit-blocks.c: where a scene trace keeps its balls' hits. */
#include "carom-hit-blocks.h"

struct CaromHitBlocks
{
  GMutex lock;
  GPtrArray *blocks; /* CgHit[CAROM_HIT_BLOCK_HITS] each, owned */
  guint taken;       /* blocks[0 .. taken) are being filled or full */
};

/* The blocks freed scene traces left for the next ones. */
static GMutex kept_lock;
static CgHit *kept[CAROM_HIT_BLOCKS_KEPT];
static guint n_kept;

CaromHitBlocks *
carom_hit_blocks_new (void)
{
  CaromHitBlocks *b = g_new0 (CaromHitBlocks, 1);
  g_mutex_init (&b->lock);
  b->blocks = g_ptr_array_new ();
  return b;
}

/* A block for b: its own next one, else one kept, else a new one. */
static CgHit *
take_block (CaromHitBlocks *b)
{
  g_mutex_lock (&b->lock);
  CgHit *block = NULL;
  if (b->taken < b->blocks->len)
    block = g_ptr_array_index (b->blocks, b->taken);
  else
    {
      g_mutex_lock (&kept_lock);
      if (n_kept > 0)
        block = kept[--n_kept];
      g_mutex_unlock (&kept_lock);
      if (block == NULL)
        block = g_try_new (CgHit, CAROM_HIT_BLOCK_HITS);
      if (block != NULL)
        g_ptr_array_add (b->blocks, block);
    }
  if (block != NULL)
    b->taken++;
  g_mutex_unlock (&b->lock);
  return block;
}

CgHit *
carom_hit_blocks_room (CaromHitBlocks *b, CaromHitCursor *cursor, gsize n)
{
  g_return_val_if_fail (n >= 1 && n <= CAROM_HIT_BLOCK_HITS, NULL);
  if (cursor->block == NULL || n > CAROM_HIT_BLOCK_HITS - cursor->used)
    {
      CgHit *block = take_block (b);
      if (block == NULL)
        return NULL;
      cursor->block = block;
      cursor->used = 0;
    }
  return cursor->block + cursor->used;
}

void
carom_hit_blocks_keep (CaromHitCursor *cursor, gsize n)
{
  g_return_if_fail (cursor->block != NULL && n <= CAROM_HIT_BLOCK_HITS - cursor->used);
  cursor->used += n;
}

void
carom_hit_blocks_reset (CaromHitBlocks *b)
{
  g_mutex_lock (&b->lock);
  b->taken = 0;
  g_mutex_unlock (&b->lock);
}

void
carom_hit_blocks_free (CaromHitBlocks *b)
{
  if (b == NULL)
    return;
  g_mutex_lock (&kept_lock);
  for (guint i = 0; i < b->blocks->len; i++)
    {
      CgHit *block = g_ptr_array_index (b->blocks, i);
      if (n_kept < CAROM_HIT_BLOCKS_KEPT)
        kept[n_kept++] = block;
      else
        g_free (block);
    }
  g_mutex_unlock (&kept_lock);
  g_ptr_array_unref (b->blocks);
  g_mutex_clear (&b->lock);
  g_free (b);
}

void
carom_hit_blocks_release_kept (void)
{
  g_mutex_lock (&kept_lock);
  while (n_kept > 0)
    g_free (kept[--n_kept]);
  g_mutex_unlock (&kept_lock);
}

guint
carom_hit_blocks_kept (void)
{
  g_mutex_lock (&kept_lock);
  guint n = n_kept;
  g_mutex_unlock (&kept_lock);
  return n;
}
