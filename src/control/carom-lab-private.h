/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-lab-private.h: what the Collision lab's files share (carom-lab.c and
 * carom-lab-draw.c). */
#pragma once

#include "control/carom-lab.h"

#include "geom/cg-lab.h"

G_BEGIN_DECLS

/* Pixels: how near a handle must be to pick it, and its size. */
#define HANDLE_PICK_PX 9.0
#define HANDLE_PX 7.0
#define POLYGON_MAX 64

typedef struct
{
  CaromProbeKind kind;
  CgVec2 p[POLYGON_MAX]; /* segment: 2 ends; rectangle: 2 corners; polygon: vertices */
  guint n;
  CgVec2 centre; /* circle */
  double radius;
  CgVec2 end; /* circle A of the sweep: where it moves to */
} Probe;

struct _CaromLab
{
  GObject parent_instance;

  CaromDocument *document; /* owned */
  guint ball, step;
  CaromLabTest test;
  Probe probes[2];
  CgVec2 centre;
  double size;

  /* a drag: which probe and handle (-1: the whole probe), from where */
  int drag_probe, drag_handle;
  CgVec2 drag_from;
  Probe drag_start;

  CgGrid grid; /* the broad phase test's grid, for grid_world */
  const CgWorld *grid_world;
  double grid_radius;
};

/* The pixel test: both probes filled into A8 masks at a coarse cell, the
 * cells set in both counted. The masks cover the probes' boxes. */
typedef struct
{
  CgAabb box;
  double cell;
  int w, h;
  guint8 *both; /* w × h: 1 where both masks are set */
  guint n_both, n_a, n_b;
} Pixels;

/* carom-lab.c */
CgAabb carom_lab_probe_box (const Probe *p);
guint carom_lab_probe_handles (const CaromLab *self, guint which, CgVec2 *out);
gboolean carom_lab_run_sat (const CaromLab *self, CgSat *sat, const char **why);
void carom_lab_probe_path (cairo_t *cr, const Probe *p);
double carom_lab_pixel_cell (const CaromLab *self);
gboolean carom_lab_pixels_run (const CaromLab *self, double cell, Pixels *out);
gboolean carom_lab_broad_cast (CaromLab *self, const CaromBallTrace **bt_out, CgVec2 *c, CgVec2 *d,
                               int64_t *exclude);

G_END_DECLS
