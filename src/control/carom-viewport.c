/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-viewport.c: the canvas's pan and zoom (carom-viewport.h). */
#include "control/carom-viewport.h"

#include <math.h>

void
carom_viewport_init (CaromViewport *vp)
{
  g_return_if_fail (vp != NULL);
  *vp = (CaromViewport){ .fit_scale = 1.0, .fit_pending = TRUE };
  vp->view.scale = 1.0;
  vp->view.pt = CAROM_VIEW_SCREEN_PT;
}

gboolean
carom_viewport_update (CaromViewport *vp, double width, double height, CgAabb bounds)
{
  g_return_val_if_fail (vp != NULL, FALSE);
  vp->view.width = width;
  vp->view.height = height;
  if (!vp->fit_pending || width <= 0.0 || height <= 0.0)
    return FALSE;
  if (cg_aabb_is_empty (bounds))
    bounds = (CgAabb){ { -100, -100 }, { 100, 100 } };
  double old = vp->view.scale;
  vp->view
      = carom_view_fit (bounds, width, height, CAROM_VIEWPORT_FIT_MARGIN, CAROM_VIEW_SCREEN_PT);
  vp->fit_scale = vp->view.scale;
  vp->fit_pending = FALSE;
  return old != vp->view.scale;
}

void
carom_viewport_resize (CaromViewport *vp, double width, double height)
{
  g_return_if_fail (vp != NULL);
  if (!vp->navigated)
    vp->fit_pending = TRUE;
  else if (!vp->fit_pending && vp->view.width > 0)
    {
      vp->view.x0 += (width - vp->view.width) / 2.0;
      vp->view.y0 += (height - vp->view.height) / 2.0;
    }
  vp->view.width = width;
  vp->view.height = height;
}

void
carom_viewport_request_fit (CaromViewport *vp)
{
  g_return_if_fail (vp != NULL);
  vp->fit_pending = TRUE;
  vp->navigated = FALSE;
}

void
carom_viewport_zoom_at (CaromViewport *vp, double x, double y, double factor)
{
  g_return_if_fail (vp != NULL);
  if (!(factor > 0.0) || !isfinite (factor))
    return;
  double target = vp->view.scale * factor;
  double lo = vp->fit_scale * CAROM_VIEWPORT_ZOOM_MIN, hi = vp->fit_scale * CAROM_VIEWPORT_ZOOM_MAX;
  if (target < lo)
    factor = lo / vp->view.scale;
  else if (target > hi)
    factor = hi / vp->view.scale;
  carom_view_zoom_at (&vp->view, cg_v2 (x, y), factor);
  vp->navigated = TRUE;
}

void
carom_viewport_zoom_to (CaromViewport *vp, double scale)
{
  g_return_if_fail (vp != NULL);
  if (scale > 0.0 && vp->view.scale > 0.0)
    carom_viewport_zoom_at (vp, vp->view.width / 2.0, vp->view.height / 2.0,
                            scale / vp->view.scale);
}

void
carom_viewport_pan (CaromViewport *vp, double dx, double dy)
{
  g_return_if_fail (vp != NULL);
  carom_view_pan (&vp->view, dx, dy);
  vp->navigated = TRUE;
}

CgVec2
carom_viewport_to_scene (const CaromViewport *vp, double x, double y)
{
  return carom_view_to_scene (&vp->view, cg_v2 (x, y));
}

CgVec2
carom_viewport_to_widget (const CaromViewport *vp, CgVec2 p)
{
  return carom_view_to_device (&vp->view, p);
}
