/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-render-dash.c: dashes as separate pieces (carom-render-private.h). */
#include "carom-render-private.h"

/// Coordinates beyond this (device units) are clipped before cairo sees them
/// (as in carom-render.c: cairo's fixed point ends near 8e6).
#define SAFE_COORD 1.0e6
/// Segments an arc too far or too large for cairo_arc is split into.
#define FAR_ARC_STEPS 64

void
carom_dasher_init (CaromDasher *d, const CaromFrame *f, const double dash_pt[2])
{
  *d = (CaromDasher){
    .cr = f->cr,
    .clip = f->device,
    .on = carom_frame_pt (f, dash_pt[0]),
    .off = carom_frame_pt (f, dash_pt[1]),
  };
}

/* Walks length units of pattern from the current phase, returning in
 * (*s0, *s1) the next "on" run, or FALSE when the length is used up. */
static gboolean
next_dash (CaromDasher *d, double length, double *pos, double *s0, double *s1)
{
  double period = d->on + d->off;
  while (*pos < length)
    {
      /* The phase moves by whole runs, not by differences of positions, so a
       * run too short to move pos still moves the pattern on. */
      double ph = fmod (d->phase, period);
      double run = ph < d->on ? d->on - ph : period - ph;
      double end = fmin (length, *pos + run);
      d->phase = ph + (end < length ? run : end - *pos);
      double start = *pos;
      *pos = end;
      if (ph < d->on && end > start)
        {
          *s0 = start;
          *s1 = end;
          return TRUE;
        }
    }
  return FALSE;
}

void
carom_dasher_line (CaromDasher *d, CgVec2 a, CgVec2 b)
{
  double full = cg_distance (a, b);
  CgVec2 ca = a, cb = b;
  if (!(d->on > 0.0) || !carom_clip_segment (&ca, &cb, d->clip))
    {
      d->phase += full;
      return;
    }
  /* The pattern runs on over the part clipped away, so dashes stay put when
   * the view moves. */
  d->phase += cg_distance (a, ca);
  double length = cg_distance (ca, cb), pos = 0.0, s0, s1;
  if (length > 0.0)
    {
      CgVec2 u = cg_scale (cg_sub (cb, ca), 1.0 / length);
      while (next_dash (d, length, &pos, &s0, &s1))
        {
          CgVec2 p = cg_mul_add (ca, s0, u), q = cg_mul_add (ca, s1, u);
          cairo_move_to (d->cr, p.x, p.y);
          cairo_line_to (d->cr, q.x, q.y);
        }
    }
  d->phase += cg_distance (cb, b);
}

void
carom_dasher_arc (CaromDasher *d, CgVec2 c, double r, double a0, double a1)
{
  if (!(fabs (c.x) < SAFE_COORD && fabs (c.y) < SAFE_COORD && r < SAFE_COORD))
    {
      CgVec2 prev = { c.x + r * cos (a0), c.y + r * sin (a0) };
      for (int k = 1; k <= FAR_ARC_STEPS; k++)
        {
          double a = a0 + (a1 - a0) * k / FAR_ARC_STEPS;
          CgVec2 p = { c.x + r * cos (a), c.y + r * sin (a) };
          carom_dasher_line (d, prev, p);
          prev = p;
        }
      return;
    }
  double length = r * (a1 - a0), pos = 0.0, s0, s1;
  if (!(d->on > 0.0) || !(length > 0.0))
    return;
  while (next_dash (d, length, &pos, &s0, &s1))
    {
      cairo_new_sub_path (d->cr);
      cairo_arc (d->cr, c.x, c.y, r, a0 + s0 / r, a0 + s1 / r);
    }
}
