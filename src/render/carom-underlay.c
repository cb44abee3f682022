/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-underlay.c: the file's own drawing, drawn by librsvg (a Debian
 * package made for exactly this: rendering SVG with cairo). */
#include "render/carom-underlay.h"

#include <librsvg/rsvg.h>

struct CaromUnderlay
{
  RsvgHandle *handle;
  RsvgRectangle viewport; ///< the root's viewBox, in its user units (scene units)
};

CaromUnderlay *
carom_underlay_new (GBytes *svg)
{
  g_return_val_if_fail (svg != NULL, NULL);
  gsize n = 0;
  const guint8 *data = g_bytes_get_data (svg, &n);
  g_autoptr (GError) error = NULL;
  RsvgHandle *handle = rsvg_handle_new_from_data (data, n, &error);
  if (handle == NULL)
    return NULL;
  CaromUnderlay *u = g_new0 (CaromUnderlay, 1);
  u->handle = handle;
  gboolean has_width, has_height, has_viewbox;
  RsvgLength width, height;
  RsvgRectangle viewbox;
  rsvg_handle_get_intrinsic_dimensions (handle, &has_width, &width, &has_height, &height,
                                        &has_viewbox, &viewbox);
  if (has_viewbox && viewbox.width > 0.0 && viewbox.height > 0.0)
    u->viewport = viewbox;
  else
    {
      /* No viewBox: user units are the root's CSS pixels. */
      double w = 0.0, h = 0.0;
      if (!rsvg_handle_get_intrinsic_size_in_pixels (handle, &w, &h))
        w = h = 1000.0;
      u->viewport = (RsvgRectangle){ 0.0, 0.0, w, h };
    }
  return u;
}

void
carom_underlay_free (CaromUnderlay *underlay)
{
  if (underlay == NULL)
    return;
  g_clear_object (&underlay->handle);
  g_free (underlay);
}

void
carom_underlay_draw (const CaromUnderlay *underlay, cairo_t *cr, const CaromView *view,
                     gboolean on_dark)
{
  g_return_if_fail (underlay != NULL && cr != NULL && view != NULL);
  cairo_save (cr);
  if (on_dark)
    cairo_push_group (cr);
  /* Scene (user) units to device units; the viewBox drawn onto itself. */
  cairo_save (cr);
  cairo_translate (cr, view->x0, view->y0);
  cairo_scale (cr, view->scale, view->scale);
  rsvg_handle_render_document (underlay->handle, cr, &underlay->viewport, NULL);
  cairo_restore (cr);
  if (on_dark)
    {
      /* White less the drawing, where it is drawn: black text turns white. */
      cairo_pattern_t *drawing = cairo_pop_group (cr);
      cairo_push_group (cr);
      cairo_set_source (cr, drawing);
      cairo_paint (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_DIFFERENCE);
      cairo_set_source_rgb (cr, 1.0, 1.0, 1.0);
      cairo_mask (cr, drawing);
      cairo_pop_group_to_source (cr);
      cairo_paint (cr);
      cairo_pattern_destroy (drawing);
    }
  cairo_restore (cr);
}
