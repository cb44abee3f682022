/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-style.c: the screen styles (light and dark) and the article style. */
#include "carom-style.h"

#include <math.h>
#include <string.h>

/* 0xRRGGBB with an alpha. */
static CaromColor
rgba (guint32 rgb, double alpha)
{
  return (CaromColor){ ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                       (rgb & 0xff) / 255.0, alpha };
}

static CaromColor
rgb (guint32 rgb)
{
  return rgba (rgb, 1.0);
}

/* The sizes both screen styles share; a screen point is 4/3 CSS pixels, so
 * these are a little heavier than print. */
static void
screen_sizes (CaromStyle *s)
{
  s->grid_width = 0.5;
  s->grid_step = 36.0;
  s->wall_width = 1.5;
  s->obstacle_width = 0.75;
  s->outline_width = 0.9;
  s->outline_dash[0] = 4.0;
  s->outline_dash[1] = 2.5;
  s->aabb_width = 0.6;
  s->aabb_dash[0] = 1.0;
  s->aabb_dash[1] = 1.5;
  s->bvh_width = 1.0;
  s->normal_width = 0.75;
  /* Edge normals at least 12 px long: 9 pt at 96 px an inch. */
  s->tick_length = 9.0;
  s->path_width = 1.3;
  s->arrow_length = 5.5;
  s->marker_radius = 2.0;
  s->vector_length = 28.0;
  s->ball_width = 1.0;
  s->font_family = "Sans";
  s->label_size = 8.0;
  s->halo_width = 2.5;
  s->legend_size = 8.0;
}

CaromStyle
carom_style_screen (gboolean dark)
{
  /* The GNOME palette (the HIG's), as libadwaita's light and dark views use it. */
  CaromStyle s = { .name = dark ? "screen-dark" : "screen-light" };
  screen_sizes (&s);
  if (!dark)
    {
      s.background = rgb (0xffffff);
      s.grid = rgb (0xebebeb);
      s.wall = rgb (0x241f31);
      s.obstacle_fill = rgb (0xc0bfbc);
      s.obstacle_stroke = rgb (0x5e5c64);
      s.outline = rgb (0x1c71d8);
      s.aabb = rgb (0x9141ac);
      const guint32 bvh[CAROM_STYLE_BVH_COLORS]
          = { 0x1a5fb4, 0x26a269, 0xe5a50a, 0xc64600, 0xa51d2d, 0x613583 };
      for (int i = 0; i < CAROM_STYLE_BVH_COLORS; i++)
        s.bvh[i] = rgba (bvh[i], 1.0);
      /* Okabe–Ito: vermillion path, blue d, bluish green d′, reddish
       * purple n, orange for the piece hit. */
      s.normal = rgb (0xcc79a7);
      s.incoming = rgb (0x0072b2);
      s.outgoing = rgb (0x009e73);
      s.hit_primitive = rgb (0xe69f00);
      s.path = rgb (0xd55e00);
      s.path_faint = rgba (0xd55e00, 0.3);
      s.ball_fill = rgba (0xd55e00, 0.2);
      s.ball_stroke = rgb (0xd55e00);
      const guint32 balls[CAROM_STYLE_BALL_COLORS] = { 0x813d9c, 0x1a5fb4, 0xc64600, 0x865e3c };
      for (int i = 0; i < CAROM_STYLE_BALL_COLORS; i++)
        s.ball_colors[i] = rgb (balls[i]);
      s.rejected = rgb (0x5e5c64);
      s.culled = rgba (0x9a9996, 0.6);
      s.text = rgb (0x241f31);
      s.halo = rgba (0xffffff, 0.85);
      s.legend_fill = rgba (0xffffff, 0.92);
      s.legend_stroke = rgb (0xc0bfbc);
    }
  else
    {
      s.background = rgb (0x1e1e1e);
      s.grid = rgb (0x2e2e2e);
      s.wall = rgb (0xdeddda);
      s.obstacle_fill = rgb (0x5e5c64);
      s.obstacle_stroke = rgb (0x9a9996);
      s.outline = rgb (0x62a0ea);
      s.aabb = rgb (0xc061cb);
      const guint32 bvh[CAROM_STYLE_BVH_COLORS]
          = { 0x99c1f1, 0x8ff0a4, 0xf9f06b, 0xffbe6f, 0xf66151, 0xdc8add };
      for (int i = 0; i < CAROM_STYLE_BVH_COLORS; i++)
        s.bvh[i] = rgba (bvh[i], 0.75);
      /* The same hues, lighter where Okabe–Ito's are too dark on grey. */
      s.normal = rgb (0xe39cc8);
      s.incoming = rgb (0x56b4e9);
      s.outgoing = rgb (0x2fd09c);
      s.hit_primitive = rgb (0xe69f00);
      s.path = rgb (0xff7b63);
      s.path_faint = rgba (0xff7b63, 0.3);
      s.ball_fill = rgba (0xff7b63, 0.25);
      s.ball_stroke = rgb (0xff7b63);
      const guint32 balls[CAROM_STYLE_BALL_COLORS] = { 0xdc8add, 0x99c1f1, 0xffa348, 0xcdab8f };
      for (int i = 0; i < CAROM_STYLE_BALL_COLORS; i++)
        s.ball_colors[i] = rgb (balls[i]);
      s.rejected = rgb (0xc0bfbc);
      s.culled = rgba (0x77767b, 0.7);
      s.text = rgb (0xffffff);
      s.halo = rgba (0x1e1e1e, 0.85);
      s.legend_fill = rgba (0x2a2a2a, 0.92);
      s.legend_stroke = rgb (0x5e5c64);
    }
  return s;
}

CaromStyle
carom_style_article (void)
{
  /* A textbook figure: black walls, light grey solids, dashed grey
   * construction lines, and one dark accent for what moves. Every layer
   * differs from its neighbours in lightness or line pattern, not only in hue,
   * so a greyscale print keeps them apart. Widths follow print habits: 0.4 pt
   * is the thinnest line that survives a printer, 1 pt reads as bold. */
  CaromStyle s = { .name = "article" };
  s.background = rgb (0xffffff);
  s.grid = rgb (0xe4e4e4);
  s.grid_width = 0.3;
  s.grid_step = 28.0;
  s.wall = rgb (0x000000);
  s.wall_width = 0.9;
  s.obstacle_fill = rgb (0xd6d6d6);
  s.obstacle_stroke = rgb (0x000000);
  s.obstacle_width = 0.5;
  s.outline = rgb (0x555555);
  s.outline_width = 0.45;
  s.outline_dash[0] = 2.4;
  s.outline_dash[1] = 1.6;
  s.aabb = rgb (0x8a8a8a);
  s.aabb_width = 0.4;
  s.aabb_dash[0] = 0.6;
  s.aabb_dash[1] = 1.2;
  const guint32 bvh[CAROM_STYLE_BVH_COLORS]
      = { 0x303030, 0x5a5a5a, 0x7a7a7a, 0x969696, 0xaeaeae, 0xc2c2c2 };
  for (int i = 0; i < CAROM_STYLE_BVH_COLORS; i++)
    s.bvh[i] = rgb (bvh[i]);
  s.bvh_width = 0.7;
  s.normal = rgb (0xcc79a7);
  s.normal_width = 0.45;
  /* Edge normals 3 mm long. */
  s.tick_length = 3.0 * 72.0 / 25.4;
  /* The step in Okabe and Ito's colours, which colour-blind readers tell
   * apart: vermillion path, blue d, bluish green d′, reddish purple n, orange
   * for the piece hit. --mono turns them into greys and dashes. */
  s.incoming = rgb (0x0072b2);
  s.outgoing = rgb (0x009e73);
  s.hit_primitive = rgb (0xe69f00);
  s.path = rgb (0xd55e00);
  s.path_faint = rgba (0xd55e00, 0.3);
  s.path_width = 0.8;
  s.arrow_length = 4.2;
  s.marker_radius = 1.5;
  s.vector_length = 22.0;
  s.ball_fill = rgba (0xd55e00, 0.12);
  s.ball_stroke = rgb (0xd55e00);
  s.ball_width = 0.6;
  /* One accent: other balls are told apart by their labels, in greys. */
  const guint32 balls[CAROM_STYLE_BALL_COLORS] = { 0x404040, 0x707070, 0x404040, 0x707070 };
  for (int i = 0; i < CAROM_STYLE_BALL_COLORS; i++)
    s.ball_colors[i] = rgb (balls[i]);
  s.rejected = rgb (0x5a5a5a);
  s.culled = rgb (0xc8c8c8);
  s.font_family = "Sans";
  s.text = rgb (0x000000);
  s.halo = rgb (0xffffff);
  s.label_size = 7.0;
  s.halo_width = 1.8;
  s.legend_size = 7.0;
  s.legend_fill = rgb (0xffffff);
  s.legend_stroke = rgb (0x808080);
  return s;
}

gboolean
carom_style_from_name (const char *name, CaromStyle *style)
{
  g_return_val_if_fail (name != NULL && style != NULL, FALSE);

  if (strcmp (name, "article") == 0)
    *style = carom_style_article ();
  else if (strcmp (name, "screen") == 0 || strcmp (name, "screen-light") == 0)
    *style = carom_style_screen (FALSE);
  else if (strcmp (name, "screen-dark") == 0)
    *style = carom_style_screen (TRUE);
  else
    return FALSE;
  return TRUE;
}

/* Relative luminance (sRGB, linearised), back to an sRGB grey. */
static CaromColor
grey (CaromColor c)
{
  double lin[3] = { c.red, c.green, c.blue };
  for (int i = 0; i < 3; i++)
    lin[i] = lin[i] <= 0.04045 ? lin[i] / 12.92 : pow ((lin[i] + 0.055) / 1.055, 2.4);
  double y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
  double v = y <= 0.0031308 ? 12.92 * y : 1.055 * pow (y, 1.0 / 2.4) - 0.055;
  return (CaromColor){ v, v, v, c.alpha };
}

void
carom_style_make_mono (CaromStyle *s)
{
  g_return_if_fail (s != NULL);

  CaromColor *colors[] = {
    &s->background, &s->grid, &s->wall,      &s->obstacle_fill, &s->obstacle_stroke,
    &s->outline,    &s->aabb, &s->ball_fill, &s->ball_stroke,   &s->rejected,
    &s->culled,     &s->text, &s->halo,      &s->legend_fill,   &s->legend_stroke,
  };
  for (gsize i = 0; i < G_N_ELEMENTS (colors); i++)
    *colors[i] = grey (*colors[i]);
  for (int i = 0; i < CAROM_STYLE_BVH_COLORS; i++)
    s->bvh[i] = grey (s->bvh[i]);
  for (int i = 0; i < CAROM_STYLE_BALL_COLORS; i++)
    s->ball_colors[i] = grey (s->ball_colors[i]);
  /* What the step shows, apart by pattern: the path solid black, d dashed,
   * d′ dotted, n solid grey, the piece hit heavy black. */
  gboolean dark = s->background.red < 0.5;
  CaromColor ink = dark ? rgb (0xffffff) : rgb (0x000000);
  s->path = ink;
  s->path_faint = ink;
  s->path_faint.alpha = 0.3;
  s->ball_stroke = ink;
  s->ball_fill = ink;
  s->ball_fill.alpha = 0.12;
  s->incoming = ink;
  s->incoming_dash[0] = 3.0;
  s->incoming_dash[1] = 1.5;
  s->outgoing = ink;
  s->outgoing_dash[0] = 0.8;
  s->outgoing_dash[1] = 1.0;
  s->normal = dark ? rgb (0xb0b0b0) : rgb (0x606060);
  s->hit_primitive = ink;
  s->name = g_str_has_prefix (s->name, "screen-dark") ? "screen-dark-mono"
            : g_str_has_prefix (s->name, "screen")    ? "screen-light-mono"
                                                      : "article-mono";
}

void
carom_style_set_font (CaromStyle *s, const char *family, double size_pt)
{
  g_return_if_fail (s != NULL);
  if (family != NULL && *family != '\0')
    s->font_family = family;
  if (size_pt > 0.0)
    s->label_size = s->legend_size = size_pt;
}
