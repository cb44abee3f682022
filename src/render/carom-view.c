/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-view.c: scene ↔ device maps (carom-view.h). */
#include "carom-view.h"

#include <math.h>

CaromView
carom_view_fit (CgAabb box, double width, double height, double margin, double pt)
{
  CaromView view = { .scale = 1.0, .width = width, .height = height, .pt = pt };
  g_return_val_if_fail (width > 0.0 && height > 0.0 && pt > 0.0, view);

  if (cg_aabb_is_empty (box))
    box = (CgAabb){ { 0.0, 0.0 }, { 1.0, 1.0 } };
  double bw = box.hi.x - box.lo.x, bh = box.hi.y - box.lo.y;
  double aw = fmax (width - 2.0 * margin, 1.0), ah = fmax (height - 2.0 * margin, 1.0);
  /* A degenerate box (one point, a horizontal line) still gets a finite scale. */
  double sx = bw > 0.0 ? aw / bw : INFINITY, sy = bh > 0.0 ? ah / bh : INFINITY;
  view.scale = fmin (sx, sy);
  if (!isfinite (view.scale))
    view.scale = 1.0;
  CgVec2 c = cg_aabb_center (box);
  view.x0 = 0.5 * width - view.scale * c.x;
  view.y0 = 0.5 * height - view.scale * c.y;
  return view;
}

CgVec2
carom_view_to_device (const CaromView *view, CgVec2 p)
{
  g_return_val_if_fail (view != NULL, p);
  return (CgVec2){ p.x * view->scale + view->x0, p.y * view->scale + view->y0 };
}

CgVec2
carom_view_to_scene (const CaromView *view, CgVec2 d)
{
  g_return_val_if_fail (view != NULL, d);
  return (CgVec2){ (d.x - view->x0) / view->scale, (d.y - view->y0) / view->scale };
}

CgAabb
carom_view_visible_box (const CaromView *view)
{
  g_return_val_if_fail (view != NULL, cg_aabb_empty ());
  return (CgAabb){ carom_view_to_scene (view, cg_v2 (0.0, 0.0)),
                   carom_view_to_scene (view, cg_v2 (view->width, view->height)) };
}

void
carom_view_zoom_at (CaromView *view, CgVec2 device, double factor)
{
  g_return_if_fail (view != NULL);
  g_return_if_fail (factor > 0.0 && isfinite (factor));

  /* The scene point under `device` must stay there:
   * device = p × s + x0 = p × s f + x0'  ⇒  x0' = device - (device - x0) f. */
  view->scale *= factor;
  view->x0 = device.x - (device.x - view->x0) * factor;
  view->y0 = device.y - (device.y - view->y0) * factor;
}

void
carom_view_pan (CaromView *view, double dx, double dy)
{
  g_return_if_fail (view != NULL);
  view->x0 += dx;
  view->y0 += dy;
}

double
carom_view_grid_step (const CaromView *view, double step_pt)
{
  g_return_val_if_fail (view != NULL && view->scale > 0.0, 1.0);
  double x = step_pt * view->pt / view->scale;
  double power = pow (10.0, floor (log10 (x)));
  double m = x / power;
  return power * (m <= 1.0 ? 1.0 : m <= 2.0 ? 2.0 : m <= 5.0 ? 5.0 : 10.0);
}
