/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-viewport.c: the canvas's pan and zoom (control/carom-viewport.h), pure
 * maths without a display. */
#include <glib.h>
#include <math.h>

#include "control/carom-viewport.h"

/* A scene 200 wide and 100 high, off the origin. */
static const CgAabb scene_box = { { -50, 20 }, { 150, 120 } };

static void
assert_close (double a, double b, double rel)
{
  double tol = rel * fmax (1.0, fmax (fabs (a), fabs (b)));
  if (!(fabs (a - b) <= tol))
    g_error ("%.17g != %.17g (tolerance %.3g)", a, b, tol);
}

static void
assert_vec_close (CgVec2 a, CgVec2 b, double rel)
{
  assert_close (a.x, b.x, rel);
  assert_close (a.y, b.y, rel);
}

/* A viewport fitted to scene_box in a 800 × 600 widget. */
static void
fitted (CaromViewport *vp)
{
  carom_viewport_init (vp);
  g_assert_true (carom_viewport_update (vp, 800, 600, scene_box));
}

/* The scene's box fits the widget less the margin, centred: the limiting
 * side (here the width: 752/200 < 552/100) touches the margin. */
static void
test_viewport_fit_first_update (void)
{
  CaromViewport vp;
  fitted (&vp);
  double scale = (800 - 2 * CAROM_VIEWPORT_FIT_MARGIN) / 200.0;
  assert_close (vp.view.scale, scale, 1e-12);
  g_assert_cmpfloat (vp.fit_scale, ==, vp.view.scale);
  g_assert_false (vp.navigated);
  g_assert_false (vp.fit_pending);
  assert_vec_close (carom_viewport_to_widget (&vp, cg_aabb_center (scene_box)), cg_v2 (400, 300),
                    1e-12);
  CgVec2 lo = carom_viewport_to_widget (&vp, scene_box.lo);
  CgVec2 hi = carom_viewport_to_widget (&vp, scene_box.hi);
  assert_close (lo.x, CAROM_VIEWPORT_FIT_MARGIN, 1e-12);
  assert_close (hi.x, 800 - CAROM_VIEWPORT_FIT_MARGIN, 1e-12);
  /* The other side has room to spare, equally above and below. */
  g_assert_cmpfloat (lo.y, >, CAROM_VIEWPORT_FIT_MARGIN);
  assert_close (lo.y, 600 - hi.y, 1e-12);

  /* Later updates (the scene edited) leave the view alone. */
  CaromView before = vp.view;
  CgAabb bigger = { { -1000, -1000 }, { 1000, 1000 } };
  g_assert_false (carom_viewport_update (&vp, 800, 600, bigger));
  g_assert_cmpfloat (vp.view.scale, ==, before.scale);
  g_assert_cmpfloat (vp.view.x0, ==, before.x0);
  g_assert_cmpfloat (vp.view.y0, ==, before.y0);
}

/* Before the widget has a size nothing is fitted; an empty scene fits a
 * default box around the origin. */
static void
test_viewport_fit_empty (void)
{
  CaromViewport vp;
  carom_viewport_init (&vp);
  g_assert_false (carom_viewport_update (&vp, 0, 0, scene_box));
  g_assert_true (vp.fit_pending);
  carom_viewport_update (&vp, 400, 400, cg_aabb_empty ());
  g_assert_false (vp.fit_pending);
  g_assert_true (isfinite (vp.view.scale) && vp.view.scale > 0);
  assert_vec_close (carom_viewport_to_widget (&vp, cg_v2 (0, 0)), cg_v2 (200, 200), 1e-12);
}

/* Zooming keeps the scene point under the pointer where it is. */
static void
test_viewport_zoom_at_keeps_point (void)
{
  CaromViewport vp;
  static const double factors[] = { 1.1, 2.0, 0.5, 1.0 / 1.1, 7.3, 0.06, 1e5 };
  static const CgVec2 pointers[] = { { 123.4, 456.7 }, { 0, 0 }, { 800, 600 }, { 799.5, 3.25 } };
  for (guint i = 0; i < G_N_ELEMENTS (factors); i++)
    for (guint j = 0; j < G_N_ELEMENTS (pointers); j++)
      {
        fitted (&vp);
        /* From a view already zoomed elsewhere. */
        carom_viewport_zoom_at (&vp, 500, 100, 1.5);
        CgVec2 w = pointers[j];
        CgVec2 s = carom_viewport_to_scene (&vp, w.x, w.y);
        double scale = vp.view.scale;
        carom_viewport_zoom_at (&vp, w.x, w.y, factors[i]);
        assert_close (vp.view.scale, scale * factors[i], 1e-12);
        assert_vec_close (carom_viewport_to_widget (&vp, s), w, 1e-9);
        assert_vec_close (carom_viewport_to_scene (&vp, w.x, w.y), s, 1e-9);
      }
  g_assert_true (vp.navigated);
}

/* Zoom stays between fit_scale × ZOOM_MIN and fit_scale × ZOOM_MAX, and a
 * clamped zoom still keeps the point under the pointer still. */
static void
test_viewport_zoom_limits (void)
{
  CaromViewport vp;
  fitted (&vp);
  double fit = vp.fit_scale;
  CgVec2 w = cg_v2 (300, 200);
  CgVec2 s = carom_viewport_to_scene (&vp, w.x, w.y);

  carom_viewport_zoom_at (&vp, w.x, w.y, 1e12);
  assert_close (vp.view.scale, fit * CAROM_VIEWPORT_ZOOM_MAX, 1e-12);
  assert_vec_close (carom_viewport_to_widget (&vp, s), w, 1e-9);
  carom_viewport_zoom_at (&vp, w.x, w.y, 2.0);
  assert_close (vp.view.scale, fit * CAROM_VIEWPORT_ZOOM_MAX, 1e-12);
  carom_viewport_zoom_to (&vp, fit * CAROM_VIEWPORT_ZOOM_MAX * 10);
  assert_close (vp.view.scale, fit * CAROM_VIEWPORT_ZOOM_MAX, 1e-12);

  carom_viewport_zoom_at (&vp, w.x, w.y, 1e-12);
  assert_close (vp.view.scale, fit * CAROM_VIEWPORT_ZOOM_MIN, 1e-12);
  assert_vec_close (carom_viewport_to_widget (&vp, s), w, 1e-9);
  carom_viewport_zoom_at (&vp, w.x, w.y, 0.5);
  assert_close (vp.view.scale, fit * CAROM_VIEWPORT_ZOOM_MIN, 1e-12);
  carom_viewport_zoom_to (&vp, fit * CAROM_VIEWPORT_ZOOM_MIN / 10);
  assert_close (vp.view.scale, fit * CAROM_VIEWPORT_ZOOM_MIN, 1e-12);

  /* Factors that are not zooms change nothing. */
  CaromView before = vp.view;
  carom_viewport_zoom_at (&vp, w.x, w.y, 0.0);
  carom_viewport_zoom_at (&vp, w.x, w.y, -2.0);
  carom_viewport_zoom_at (&vp, w.x, w.y, NAN);
  carom_viewport_zoom_at (&vp, w.x, w.y, INFINITY);
  g_assert_cmpfloat (vp.view.scale, ==, before.scale);
  g_assert_cmpfloat (vp.view.x0, ==, before.x0);
  g_assert_cmpfloat (vp.view.y0, ==, before.y0);

  /* zoom_to reaches a scale within the limits exactly, about the middle. */
  CgVec2 middle = carom_viewport_to_scene (&vp, 400, 300);
  carom_viewport_zoom_to (&vp, fit * 3);
  assert_close (vp.view.scale, fit * 3, 1e-12);
  assert_vec_close (carom_viewport_to_scene (&vp, 400, 300), middle, 1e-9);
}

static void
test_viewport_pan (void)
{
  CaromViewport vp;
  fitted (&vp);
  CgVec2 p = cg_v2 (12.5, 80);
  CgVec2 w = carom_viewport_to_widget (&vp, p);
  double scale = vp.view.scale;
  carom_viewport_pan (&vp, 30, -45.5);
  g_assert_true (vp.navigated);
  g_assert_cmpfloat (vp.view.scale, ==, scale);
  assert_vec_close (carom_viewport_to_widget (&vp, p), cg_add (w, cg_v2 (30, -45.5)), 1e-12);

  /* A pan is navigation: a resize now keeps the middle instead of refitting. */
  CgVec2 middle = carom_viewport_to_scene (&vp, 400, 300);
  carom_viewport_resize (&vp, 600, 600);
  carom_viewport_update (&vp, 600, 600, scene_box);
  g_assert_cmpfloat (vp.view.scale, ==, scale);
  assert_vec_close (carom_viewport_to_scene (&vp, 300, 300), middle, 1e-12);
}

/* to_scene and to_widget undo each other, at any zoom and pan. */
static void
test_viewport_inverse (void)
{
  CaromViewport vp;
  fitted (&vp);
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  for (int i = 0; i < 1000; i++)
    {
      if (i % 100 == 0)
        {
          carom_viewport_zoom_at (&vp, g_rand_double_range (rand, 0, 800),
                                  g_rand_double_range (rand, 0, 600),
                                  g_rand_double_range (rand, 0.2, 5));
          carom_viewport_pan (&vp, g_rand_double_range (rand, -300, 300),
                              g_rand_double_range (rand, -300, 300));
        }
      CgVec2 w
          = cg_v2 (g_rand_double_range (rand, -100, 900), g_rand_double_range (rand, -100, 700));
      CgVec2 s = carom_viewport_to_scene (&vp, w.x, w.y);
      assert_vec_close (carom_viewport_to_widget (&vp, s), w, 1e-9);
      CgVec2 q
          = cg_v2 (g_rand_double_range (rand, -1e4, 1e4), g_rand_double_range (rand, -1e4, 1e4));
      CgVec2 qw = carom_viewport_to_widget (&vp, q);
      assert_vec_close (carom_viewport_to_scene (&vp, qw.x, qw.y), q, 1e-9);
    }
}

/* Until the user navigates, a resize fits the scene to the new size. */
static void
test_viewport_resize_refits (void)
{
  CaromViewport vp;
  fitted (&vp);
  carom_viewport_resize (&vp, 400, 500);
  carom_viewport_update (&vp, 400, 500, scene_box);
  assert_close (vp.view.scale, (400 - 2 * CAROM_VIEWPORT_FIT_MARGIN) / 200.0, 1e-12);
  g_assert_cmpfloat (vp.fit_scale, ==, vp.view.scale);
  assert_vec_close (carom_viewport_to_widget (&vp, cg_aabb_center (scene_box)), cg_v2 (200, 250),
                    1e-12);
  g_assert_false (vp.navigated);
}

/* After a pan or zoom, a resize keeps the scene point in the middle of the
 * widget there, at the same scale. */
static void
test_viewport_resize_keeps_middle (void)
{
  CaromViewport vp;
  fitted (&vp);
  carom_viewport_zoom_at (&vp, 100, 100, 3.0);
  carom_viewport_pan (&vp, -20, 35);
  double scale = vp.view.scale;
  CgVec2 middle = carom_viewport_to_scene (&vp, 400, 300);
  carom_viewport_resize (&vp, 1000, 700);
  carom_viewport_update (&vp, 1000, 700, scene_box);
  g_assert_cmpfloat (vp.view.scale, ==, scale);
  assert_vec_close (carom_viewport_to_scene (&vp, 500, 350), middle, 1e-12);
  carom_viewport_resize (&vp, 333, 251);
  carom_viewport_update (&vp, 333, 251, scene_box);
  g_assert_cmpfloat (vp.view.scale, ==, scale);
  assert_vec_close (carom_viewport_to_scene (&vp, 333 / 2.0, 251 / 2.0), middle, 1e-12);
}

/* Fit refits at the next update, whatever the navigation, and resizes
 * refit again afterwards. */
static void
test_viewport_request_fit (void)
{
  CaromViewport vp;
  fitted (&vp);
  CaromView fit = vp.view;
  carom_viewport_zoom_at (&vp, 10, 10, 9.0);
  carom_viewport_pan (&vp, 100, 100);
  carom_viewport_request_fit (&vp);
  g_assert_true (carom_viewport_update (&vp, 800, 600, scene_box));
  assert_close (vp.view.scale, fit.scale, 1e-12);
  assert_close (vp.view.x0, fit.x0, 1e-12);
  assert_close (vp.view.y0, fit.y0, 1e-12);
  g_assert_false (vp.navigated);

  /* The scene changed since: the fit is of the new bounds. */
  CgAabb other = { { 0, 0 }, { 10, 10 } };
  carom_viewport_request_fit (&vp);
  carom_viewport_update (&vp, 800, 600, other);
  assert_close (vp.view.scale, (600 - 2 * CAROM_VIEWPORT_FIT_MARGIN) / 10.0, 1e-12);
  assert_vec_close (carom_viewport_to_widget (&vp, cg_v2 (5, 5)), cg_v2 (400, 300), 1e-12);
  double fit_scale = vp.fit_scale;
  g_assert_cmpfloat (fit_scale, ==, vp.view.scale);

  carom_viewport_resize (&vp, 1200, 600);
  carom_viewport_update (&vp, 1200, 600, other);
  assert_vec_close (carom_viewport_to_widget (&vp, cg_v2 (5, 5)), cg_v2 (600, 300), 1e-12);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/viewport/fit-first-update", test_viewport_fit_first_update);
  g_test_add_func ("/viewport/fit-empty", test_viewport_fit_empty);
  g_test_add_func ("/viewport/zoom-at-keeps-point", test_viewport_zoom_at_keeps_point);
  g_test_add_func ("/viewport/zoom-limits", test_viewport_zoom_limits);
  g_test_add_func ("/viewport/pan", test_viewport_pan);
  g_test_add_func ("/viewport/inverse", test_viewport_inverse);
  g_test_add_func ("/viewport/resize-refits", test_viewport_resize_refits);
  g_test_add_func ("/viewport/resize-keeps-middle", test_viewport_resize_keeps_middle);
  g_test_add_func ("/viewport/request-fit", test_viewport_request_fit);
  return g_test_run ();
}
