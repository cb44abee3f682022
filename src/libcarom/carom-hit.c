/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-hit.c: CaromHit, one hit with the numbers of its maths. */
#include "carom-private.h"

G_DEFINE_BOXED_TYPE (CaromHit, carom_hit, carom_hit_copy, carom_hit_free)

/**
 * carom_hit_copy:
 * @hit: a hit
 *
 * Copies a hit.
 *
 * Returns: (transfer full): a copy of @hit
 */
CaromHit *
carom_hit_copy (const CaromHit *hit)
{
  g_return_val_if_fail (hit != NULL, NULL);
  CaromHit *copy = g_memdup2 (hit, sizeof *hit);
  copy->object = g_strdup (hit->object);
  return copy;
}

/**
 * carom_hit_free:
 * @hit: (transfer full): a hit
 *
 * Frees @hit.
 */
void
carom_hit_free (CaromHit *hit)
{
  if (hit == NULL)
    return;
  g_free (hit->object);
  g_free (hit);
}
