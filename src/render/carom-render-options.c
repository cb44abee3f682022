/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-render-options.c: overlay names and drawing options. */
#include "carom-render.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* Spelled out rather than G_DEFINE_QUARK (carom-render-error-quark, …):
 * clang-format reads the macro's first argument as a subtraction and spaces
 * it into "carom - render - error - quark", which the macro stringifies. */
GQuark
carom_render_error_quark (void)
{
  return g_quark_from_static_string ("carom-render-error-quark");
}

/* The names of the --show list, in bit order. */
static const char *const overlay_names[] = {
  "path", "outlines", "normals", "aabb", "bvh", "labels", "legend", "grid", "candidates", "ghosts",
};

G_STATIC_ASSERT (G_N_ELEMENTS (overlay_names) == 10);

gboolean
carom_overlays_parse (const char *list, CaromOverlays *overlays, GError **error)
{
  g_return_val_if_fail (list != NULL, FALSE);
  g_return_val_if_fail (overlays != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  CaromOverlays set = 0;
  g_auto (GStrv) names = g_strsplit (list, ",", -1);
  g_autoptr (GString) unknown = g_string_new (NULL);
  guint n_unknown = 0;
  for (char **p = names; *p != NULL; p++)
    {
      const char *name = g_strstrip (*p);
      if (*name == '\0')
        continue; /* "path,,labels" or a trailing comma: nothing asked for */
      if (strcmp (name, "all") == 0)
        {
          set |= CAROM_OVERLAY_ALL;
          continue;
        }
      if (strcmp (name, "none") == 0)
        continue;
      gboolean found = FALSE;
      for (guint i = 0; i < G_N_ELEMENTS (overlay_names); i++)
        if (strcmp (name, overlay_names[i]) == 0)
          {
            set |= (CaromOverlays)(1u << i);
            found = TRUE;
          }
      if (!found)
        {
          g_string_append_printf (unknown, "%s“%s”", n_unknown > 0 ? ", " : "", name);
          n_unknown++;
        }
    }
  if (n_unknown > 0)
    {
      g_autofree char *known = carom_overlays_to_string (CAROM_OVERLAY_ALL);
      g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_OVERLAY,
                   g_dngettext (GETTEXT_PACKAGE, "unknown overlay %s (known: %s,all,none)",
                                "unknown overlays %s (known: %s,all,none)", n_unknown),
                   unknown->str, known);
      return FALSE;
    }
  *overlays = set;
  return TRUE;
}

char *
carom_overlays_to_string (CaromOverlays overlays)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (overlay_names); i++)
    if (overlays & (1u << i))
      {
        if (out->len > 0)
          g_string_append_c (out, ',');
        g_string_append (out, overlay_names[i]);
      }
  return g_string_free (out, FALSE);
}

void
carom_render_options_init (CaromRenderOptions *options)
{
  g_return_if_fail (options != NULL);

  /* detail_pt: below 1.5 pt (two screen pixels, half a millimetre on paper)
   * a polygon's shape cannot be seen, only that something is there.
   * bvh_min_pt: a box smaller than 8 pt (under 3 mm) with its children inside
   * is a blot of lines, and each box costs a stroke. */
  *options = (CaromRenderOptions){
    .overlays = CAROM_OVERLAY_DEFAULT,
    .step = CAROM_STEP_NONE,
    .bvh_level_lo = 0,
    .bvh_level_hi = G_MAXUINT,
    .detail_pt = 1.5,
    .bvh_min_pt = 8.0,
    .legend = CAROM_LEGEND_AUTO,
    .digits = CAROM_DIGITS_DEFAULT,
    .paths_by = CAROM_PATHS_BY_RAY,
    .path = CAROM_PATH_ALL,
    .front = CAROM_FRONT_NONE,
  };
}

gboolean
carom_legend_placement_parse (const char *name, CaromLegendPlacement *placement, GError **error)
{
  g_return_val_if_fail (name != NULL && placement != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  static const char *const names[] = { "auto", "right", "below", "none" };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (strcmp (name, names[i]) == 0)
      {
        *placement = (CaromLegendPlacement)i;
        return TRUE;
      }
  g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_OVERLAY,
               _ ("unknown legend placement “%s” (known: auto, right, below, none)"), name);
  return FALSE;
}

static const char *const colouring_names[] = { "ray", "bounces", "single" };

gboolean
carom_path_colouring_parse (const char *name, CaromPathColouring *colouring, GError **error)
{
  g_return_val_if_fail (name != NULL && colouring != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (colouring_names); i++)
    if (strcmp (name, colouring_names[i]) == 0)
      {
        *colouring = (CaromPathColouring)i;
        return TRUE;
      }
  g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_OVERLAY,
               _ ("unknown path colouring “%s” (known: ray, bounces, single)"), name);
  return FALSE;
}

const char *
carom_path_colouring_name (CaromPathColouring colouring)
{
  g_return_val_if_fail ((guint)colouring < G_N_ELEMENTS (colouring_names), "ray");
  return colouring_names[colouring];
}

static const char *const extent_names[] = { "all", "upto" };

gboolean
carom_path_extent_parse (const char *name, CaromPathExtent *extent, GError **error)
{
  g_return_val_if_fail (name != NULL && extent != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (extent_names); i++)
    if (strcmp (name, extent_names[i]) == 0)
      {
        *extent = (CaromPathExtent)i;
        return TRUE;
      }
  g_set_error (error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_OVERLAY,
               _ ("unknown path extent “%s” (known: upto, all)"), name);
  return FALSE;
}

const char *
carom_path_extent_name (CaromPathExtent extent)
{
  g_return_val_if_fail ((guint)extent < G_N_ELEMENTS (extent_names), "all");
  return extent_names[extent];
}

CaromPathExtent
carom_path_extent_for_style (const CaromStyle *style)
{
  g_return_val_if_fail (style != NULL, CAROM_PATH_ALL);
  return g_str_has_prefix (style->name, "article") ? CAROM_PATH_UPTO : CAROM_PATH_ALL;
}
