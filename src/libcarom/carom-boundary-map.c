/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-boundary-map.c: CaromBoundaryMap, the boundary map of a trace's balls. */
#include "carom-private.h"

#include "model/carom-boundary-map.h"
#include "render/carom-map-render.h"

/**
 * CaromBoundaryMap:
 *
 * The boundary map (Birkhoff coordinates) of traced balls.
 *
 * Every hit is a point (ξ, sin φ), ξ the arc length along the traced
 * polygons (laid end to end in scene order) to where the ball touches, φ
 * the angle from the contact normal to the direction the ball leaves in
 * (docs/geometry.md, "The boundary map", in Carom's sources). Made by
 * [method@Carom.Trace.get_boundary_map]; the same points as `carom map`,
 * which this map writes as a plot or a CSV file
 * ([method@Carom.BoundaryMap.write]).
 */
struct _CaromBoundaryMap
{
  GObject parent_instance;
  CaromTrace *trace; /* owned: the map reads its balls */
  GArray *balls;     /* guint: indices into the trace's balls */
  double *offsets;   /* where each traced polygon starts along ξ, and the total */
};

G_DEFINE_FINAL_TYPE (CaromBoundaryMap, carom_boundary_map, G_TYPE_OBJECT)

static void
carom_boundary_map_finalize (GObject *object)
{
  CaromBoundaryMap *self = CAROM_BOUNDARY_MAP (object);
  g_clear_pointer (&self->balls, g_array_unref);
  g_clear_pointer (&self->offsets, g_free);
  g_clear_object (&self->trace);
  G_OBJECT_CLASS (carom_boundary_map_parent_class)->finalize (object);
}

static void
carom_boundary_map_class_init (CaromBoundaryMapClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = carom_boundary_map_finalize;
}

static void
carom_boundary_map_init (CaromBoundaryMap *self)
{
  (void)self;
}

CaromBoundaryMap *
carom_boundary_map_new_for (CaromTrace *trace, GArray *balls)
{
  CaromBoundaryMap *self = g_object_new (CAROM_TYPE_BOUNDARY_MAP, NULL);
  self->trace = g_object_ref (trace);
  self->balls = balls;
  self->offsets = carom_boundary_map_offsets (carom_trace_get_model (trace));
  return self;
}

/**
 * carom_boundary_map_get_n_points:
 * @map: a boundary map
 *
 * Counts the map's points: the rows of [method@Carom.BoundaryMap.get_points].
 *
 * Returns: the number of points: the hits of the map's balls
 */
guint
carom_boundary_map_get_n_points (CaromBoundaryMap *map)
{
  g_return_val_if_fail (CAROM_IS_BOUNDARY_MAP (map), 0);
  const CmSceneTrace *st = carom_trace_get_model (map->trace);
  guint n = 0;
  for (guint i = 0; i < map->balls->len; i++)
    n += (guint)g_array_index (st->balls, CaromBallTrace, g_array_index (map->balls, guint, i))
             .trace.n_hits;
  return n;
}

/**
 * carom_boundary_map_get_points:
 * @map: a boundary map
 *
 * Every point, ball after ball, each ball's in hit order, as rows of
 * [const@Carom.MAP_N_COLUMNS] doubles ([enum@Carom.MapColumn] says which
 * number is where) in the machine's byte order, as
 * [method@Carom.Trace.get_hit_array].
 *
 * Returns: (transfer full): the numbers
 */
GBytes *
carom_boundary_map_get_points (CaromBoundaryMap *map)
{
  g_return_val_if_fail (CAROM_IS_BOUNDARY_MAP (map), NULL);
  const CmSceneTrace *st = carom_trace_get_model (map->trace);
  const guint *object_of = carom_trace_get_object_indices (map->trace);
  GArray *rows = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint i = 0; i < map->balls->len; i++)
    {
      guint b = g_array_index (map->balls, guint, i);
      g_autoptr (GArray) points = carom_boundary_map_points (st, b, map->offsets);
      for (guint k = 0; k < points->len; k++)
        {
          const CaromMapPoint *p = &g_array_index (points, CaromMapPoint, k);
          double row[CAROM_MAP_N_COLUMNS] = {
            [CAROM_MAP_COLUMN_BALL] = b,
            [CAROM_MAP_COLUMN_HIT] = p->hit + 1,
            [CAROM_MAP_COLUMN_XI] = p->xi,
            [CAROM_MAP_COLUMN_SIN_PHI] = p->sin_phi,
            [CAROM_MAP_COLUMN_OBJECT] = object_of[p->polygon],
          };
          g_array_append_vals (rows, row, CAROM_MAP_N_COLUMNS);
        }
    }
  gsize size = rows->len * sizeof (double);
  return g_bytes_new_take (g_array_free (rows, FALSE), size);
}

/**
 * carom_boundary_map_get_length:
 * @map: a boundary map
 *
 * The length of the boundary the map's ξ runs along.
 *
 * Returns: the length of ξ's range: the traced polygons' perimeters added up
 */
double
carom_boundary_map_get_length (CaromBoundaryMap *map)
{
  g_return_val_if_fail (CAROM_IS_BOUNDARY_MAP (map), 0.0);
  return map->offsets[carom_trace_get_model (map->trace)->polygons->len];
}

/**
 * carom_boundary_map_to_csv:
 * @map: a boundary map
 *
 * The points as the CSV file `carom map -o OUT.csv` writes.
 *
 * Returns: (transfer full): the CSV text
 */
char *
carom_boundary_map_to_csv (CaromBoundaryMap *map)
{
  g_return_val_if_fail (CAROM_IS_BOUNDARY_MAP (map), NULL);
  return carom_map_csv (carom_trace_get_model (map->trace), (const guint *)map->balls->data,
                        map->balls->len);
}

/**
 * carom_boundary_map_write:
 * @map: a boundary map
 * @path: (type filename): the file: `.png`, `.svg` or `.pdf` for the plot,
 *   `.csv` for the points
 *
 * Writes the map as `carom map -o PATH` does.
 *
 * Fails for an unknown extension or a file that cannot be written.
 *
 * Returns: %TRUE when written
 */
gboolean
carom_boundary_map_write (CaromBoundaryMap *map, const char *path, GError **error)
{
  g_return_val_if_fail (CAROM_IS_BOUNDARY_MAP (map), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  const char *dot = strrchr (path, '.');
  if (dot != NULL && g_ascii_strcasecmp (dot, ".csv") == 0)
    {
      g_autofree char *csv = carom_boundary_map_to_csv (map);
      return g_file_set_contents (path, csv, -1, error);
    }
  return carom_map_write (path, carom_trace_get_model (map->trace), (const guint *)map->balls->data,
                          map->balls->len, error);
}
