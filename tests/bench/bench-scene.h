/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-scene.h: reads the scenes of tests/bench/gen_scene.py:
 *
 *   room L
 *   poly x1 y1 x2 y2 ...     (one obstacle a line, counter-clockwise y-up)
 *   casts M
 *   cast x y dx dy r         (dx dy made a unit vector on reading)
 *
 * Header-only so that each benchmark program can take it alone. */
#pragma once

#include <glib.h>
#include <string.h>

#include "geom/cg-math.h"

/// A gen_scene.py scene: the room's side, the obstacles' vertices and the casts.
typedef struct
{
  double room;
  GArray *verts;  ///< CgVec2, all polygons' vertices
  GArray *counts; ///< size_t per polygon
  GArray *casts;  ///< double[5]: x y dx dy r
} BenchScene;

static inline void
bench_scene_clear (BenchScene *s)
{
  g_clear_pointer (&s->verts, g_array_unref);
  g_clear_pointer (&s->counts, g_array_unref);
  g_clear_pointer (&s->casts, g_array_unref);
}

/// Reads path into s (bench_scene_clear() frees it).
static inline gboolean
bench_scene_read (const char *path, BenchScene *s, GError **error)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents (path, &text, NULL, error))
    return FALSE;
  s->room = 0.0;
  s->verts = g_array_new (FALSE, FALSE, sizeof (CgVec2));
  s->counts = g_array_new (FALSE, FALSE, sizeof (size_t));
  s->casts = g_array_new (FALSE, FALSE, sizeof (double) * 5);
  char *line = text;
  while (line != NULL && *line)
    {
      char *next = strchr (line, '\n');
      if (next)
        *next++ = '\0';
      char *p = line, *end;
      if (g_str_has_prefix (p, "room "))
        s->room = g_ascii_strtod (p + 5, NULL);
      else if (g_str_has_prefix (p, "poly "))
        {
          p += 5;
          size_t n = 0;
          for (;;)
            {
              double x = g_ascii_strtod (p, &end);
              if (end == p)
                break;
              p = end;
              double y = g_ascii_strtod (p, &end);
              p = end;
              CgVec2 v = { x, y };
              g_array_append_val (s->verts, v);
              n++;
            }
          g_array_append_val (s->counts, n);
        }
      else if (g_str_has_prefix (p, "cast "))
        {
          double c[5];
          p += 5;
          for (int i = 0; i < 5; i++)
            {
              c[i] = g_ascii_strtod (p, &end);
              p = end;
            }
          /* The file's six-decimal directions are off unit by up to 10^-6:
           * made unit here, as every entry point of Carom does. */
          CgVec2 d = cg_unit_direction (cg_v2 (c[2], c[3]));
          c[2] = d.x;
          c[3] = d.y;
          g_array_append_vals (s->casts, c, 1);
        }
      line = next;
    }
  if (s->room <= 0 || s->casts->len == 0)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: not a gen_scene.py file", path);
      return FALSE;
    }
  return TRUE;
}
