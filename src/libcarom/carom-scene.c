/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-scene.c: CaromScene, the model's CmScene behind a GObject. */
#include "carom-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "geom/cg-curve.h"
#include "io/carom-svg-private.h"
#include "io/carom-svg.h"
#include "model/carom-edit.h"
#include "model/carom-history.h"

/**
 * CaromScene:
 *
 * A scene: walls, obstacles, balls and beams in document order.
 *
 * A scene is read from a Carom scene file (an SVG file,
 * [ctor@Carom.Scene.new_from_file]) or built in code
 * ([method@Carom.Scene.add_polygon], [method@Carom.Scene.add_ball]...),
 * traced ([method@Carom.Scene.trace]), drawn as a figure
 * ([method@Carom.Scene.export]) and saved ([method@Carom.Scene.save]).
 *
 * A scene read from a file is saved as the window saves it: what Carom does
 * not model in the file (text, guides, styles) is kept.
 *
 * A scene is not thread-safe: use it from one thread at a time.
 * [method@Carom.Scene.trace_async] traces a copy, so the scene may change
 * while the trace runs.
 */
struct _CaromScene
{
  GObject parent_instance;
  CmScene *scene;
  CaromHistory *history; /* carom_edit_*() record their steps here */
};

G_DEFINE_FINAL_TYPE (CaromScene, carom_scene, G_TYPE_OBJECT)

/**
 * carom_error_quark:
 *
 * The error domain of [error@Carom.Error], libcarom's own errors
 * (`CAROM_ERROR` in C).
 *
 * Returns: the error domain's quark
 */
GQuark
carom_error_quark (void)
{
  /* Written out: clang-format spaces G_DEFINE_QUARK's name apart. */
  return g_quark_from_static_string ("carom-error-quark");
}

/* Gives a scene file's error (the SVG reader's or writer's own domain) as
 * CAROM_ERROR_FILE, its message kept. */
static void
file_error (GError **error, GError *cause)
{
  g_set_error_literal (error, CAROM_ERROR, CAROM_ERROR_FILE, cause->message);
  g_error_free (cause);
}

static void
carom_scene_finalize (GObject *object)
{
  CaromScene *self = CAROM_SCENE (object);
  g_clear_pointer (&self->history, carom_history_free);
  g_clear_pointer (&self->scene, cm_scene_free);
  G_OBJECT_CLASS (carom_scene_parent_class)->finalize (object);
}

static void
carom_scene_class_init (CaromSceneClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = carom_scene_finalize;
}

static void
carom_scene_init (CaromScene *self)
{
  (void)self;
}

static CaromScene *
scene_new_taking (CmScene *scene)
{
  CaromScene *self = g_object_new (CAROM_TYPE_SCENE, NULL);
  self->scene = scene;
  self->history = carom_history_new (scene);
  return self;
}

/**
 * carom_scene_new:
 *
 * An empty scene.
 *
 * Returns: (transfer full): a new scene
 */
CaromScene *
carom_scene_new (void)
{
  return scene_new_taking (cm_scene_new ());
}

/**
 * carom_scene_new_from_file:
 * @path: (type filename): a Carom scene file, or any SVG file
 *
 * Reads a scene as the window opens it: the elements Carom models become
 * objects, the rest is kept for [method@Carom.Scene.save].
 *
 * Fails with %CAROM_ERROR_FILE naming the file, the element and the problem.
 *
 * Returns: (transfer full): the scene
 */
CaromScene *
carom_scene_new_from_file (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  GError *cause = NULL;
  CmScene *scene = carom_svg_read_file (path, NULL, NULL, &cause);
  if (scene == NULL)
    file_error (error, cause);
  return scene != NULL ? scene_new_taking (scene) : NULL;
}

/**
 * carom_scene_new_from_data:
 * @data: the text of a scene file
 * @length: its length in bytes, or -1 when @data ends with a NUL byte
 *
 * Reads a scene from the text of a scene file, as
 * [ctor@Carom.Scene.new_from_file].
 *
 * Fails with %CAROM_ERROR_FILE naming the element and the problem.
 *
 * Returns: (transfer full): the scene
 */
CaromScene *
carom_scene_new_from_data (const char *data, gssize length, GError **error)
{
  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  gsize n = length < 0 ? strlen (data) : (gsize)length;
  GError *cause = NULL;
  CmScene *scene = carom_svg_read_memory (data, n, NULL, NULL, &cause);
  if (scene == NULL)
    file_error (error, cause);
  return scene != NULL ? scene_new_taking (scene) : NULL;
}

/**
 * carom_scene_save:
 * @scene: a scene
 * @path: (type filename): where to write it
 *
 * Writes the scene file, as the window's Save: a scene read from a file
 * keeps what Carom does not model, and the parts of the file no edit
 * touched keep their bytes.
 *
 * Fails with %CAROM_ERROR_FILE when the file cannot be written.
 *
 * Returns: %TRUE when written
 */
gboolean
carom_scene_save (CaromScene *scene, const char *path, GError **error)
{
  g_return_val_if_fail (CAROM_IS_SCENE (scene), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  GError *cause = NULL;
  if (carom_svg_write_file (scene->scene, path, &cause))
    return TRUE;
  file_error (error, cause);
  return FALSE;
}

/**
 * carom_scene_to_data:
 * @scene: a scene
 *
 * The text [method@Carom.Scene.save] writes.
 *
 * Returns: (transfer full): the scene file's text
 */
char *
carom_scene_to_data (CaromScene *scene)
{
  g_return_val_if_fail (CAROM_IS_SCENE (scene), NULL);
  return carom_svg_write_string (scene->scene, NULL);
}

/**
 * carom_scene_get_n_objects:
 * @scene: a scene
 *
 * Counts the scene's objects: polygons, balls and beams.
 *
 * Returns: the number of objects in the scene
 */
guint
carom_scene_get_n_objects (CaromScene *scene)
{
  g_return_val_if_fail (CAROM_IS_SCENE (scene), 0);
  return scene->scene->objects->len;
}

/**
 * carom_scene_get_object:
 * @scene: a scene
 * @index: an index, below [method@Carom.Scene.get_n_objects]
 *
 * Reads an object of the scene by its place in document order.
 *
 * Returns: (transfer full) (nullable): a copy of the object at @index in
 *   document order, or %NULL when @index is out of range
 */
CaromObject *
carom_scene_get_object (CaromScene *scene, guint index)
{
  g_return_val_if_fail (CAROM_IS_SCENE (scene), NULL);
  if (index >= scene->scene->objects->len)
    return NULL;
  return carom_object_new_from_model (g_ptr_array_index (scene->scene->objects, index));
}

/**
 * carom_scene_find_object:
 * @scene: a scene
 * @id: an object's id
 *
 * Reads an object of the scene by its id.
 *
 * Returns: (transfer full) (nullable): a copy of the object called @id, or
 *   %NULL when there is none
 */
CaromObject *
carom_scene_find_object (CaromScene *scene, const char *id)
{
  g_return_val_if_fail (CAROM_IS_SCENE (scene), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  const CmObject *object = cm_scene_find (scene->scene, id);
  return object != NULL ? carom_object_new_from_model (object) : NULL;
}

static gint
index_of (CaromScene *self, const char *id, GError **error)
{
  for (guint i = 0; i < self->scene->objects->len; i++)
    if (g_strcmp0 (((const CmObject *)g_ptr_array_index (self->scene->objects, i))->id, id) == 0)
      return (gint)i;
  g_set_error (error, CAROM_ERROR, CAROM_ERROR_NOT_FOUND, _ ("The scene has no object “%s”"), id);
  return -1;
}

/**
 * carom_scene_remove_object:
 * @scene: a scene
 * @id: an object's id
 *
 * Removes the object called @id.
 *
 * Fails with %CAROM_ERROR_NOT_FOUND when the scene has no object called @id.
 *
 * Returns: %TRUE when removed
 */
gboolean
carom_scene_remove_object (CaromScene *scene, const char *id, GError **error)
{
  g_return_val_if_fail (CAROM_IS_SCENE (scene), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);
  gint index = index_of (scene, id, error);
  if (index < 0)
    return FALSE;
  guint i = (guint)index;
  carom_edit_delete (scene->history, scene->scene, &i, 1, _ ("Delete"));
  return TRUE;
}

static gboolean
invalid (GError **error, const char *id, const char *problem)
{
  if (id != NULL)
    g_set_error (error, CAROM_ERROR, CAROM_ERROR_INVALID, "“%s”: %s", id, problem);
  else
    g_set_error_literal (error, CAROM_ERROR, CAROM_ERROR_INVALID, problem);
  return FALSE;
}

static gboolean
check_finite (GError **error, const char *id, const double *v, gsize n)
{
  for (gsize i = 0; i < n; i++)
    if (!isfinite (v[i]))
      return invalid (error, id, _ ("every number must be finite (not NaN or infinite)"));
  return TRUE;
}

static gboolean
check_id (CaromScene *self, const char *id, GError **error)
{
  if (id == NULL)
    return TRUE;
  if (*id == '\0' || !g_utf8_validate (id, -1, NULL))
    return invalid (error, NULL, _ ("An id must be UTF-8 text, not empty"));
  if (cm_scene_find (self->scene, id) != NULL)
    return invalid (error, id, _ ("the scene already has an object with this id"));
  return TRUE;
}

static gboolean
check_ball (GError **error, const char *id, double radius, double dx, double dy, guint max_bounces)
{
  if (!(radius > 0.0))
    return invalid (error, id, _ ("a ball’s radius must be above 0"));
  if (dx == 0.0 && dy == 0.0)
    return invalid (error, id, _ ("a ball’s direction must not be (0, 0)"));
  if (!isfinite (hypot (dx, dy)))
    return invalid (error, id, _ ("a ball’s direction is too long to normalise"));
  if (max_bounces > CAROM_SVG_MAX_BOUNCES)
    {
      g_autofree char *problem
          = g_strdup_printf (_ ("max bounces must be at most %u"), (guint)CAROM_SVG_MAX_BOUNCES);
      return invalid (error, id, problem);
    }
  return TRUE;
}

/* Adds object (taken): checked, oriented for its role, named. */
static const char *
add (CaromScene *self, CmObject *object, GError **error)
{
  g_autoptr (GError) edit_error = NULL;
  const char *id = object->id;
  g_autofree char *name = g_strdup (id);
  gint index = carom_edit_add (self->history, self->scene, object, _ ("Add"), NULL, &edit_error);
  if (index < 0)
    {
      invalid (error, name, edit_error->message);
      return NULL;
    }
  return ((const CmObject *)g_ptr_array_index (self->scene->objects, index))->id;
}

/**
 * carom_scene_add_polygon:
 * @scene: a scene
 * @role: a wall or an obstacle
 * @id: (nullable): the new object's id (%NULL: Carom names it, `wall-1`...)
 * @points: (array length=n_coords): the vertices as x0, y0, x1, y1, ...
 * @n_coords: the number of coordinates: twice the number of vertices, at least 6
 *
 * Adds a polygon of straight edges. Its vertices may go either way round:
 * they are put in the role's orientation (walls counter-clockwise, obstacles
 * clockwise, y down: [method@Carom.Object.get_points]).
 *
 * Fails with %CAROM_ERROR_INVALID naming the polygon and the problem (edges
 * that cross, vertices that repeat, a number that is not finite, an id
 * taken).
 *
 * Returns: (transfer none): the new object's id
 */
const char *
carom_scene_add_polygon (CaromScene *scene, CaromRole role, const char *id, const double *points,
                         gsize n_coords, GError **error)
{
  g_return_val_if_fail (CAROM_IS_SCENE (scene), NULL);
  /* Without an id, the one Carom gives it, which errors name too. */
  g_autofree char *named
      = id == NULL
            ? cm_scene_unique_id (scene->scene, role == CAROM_ROLE_OBSTACLE ? "obstacle" : "wall")
            : NULL;
  if (id == NULL)
    id = named;
  g_return_val_if_fail (points != NULL || n_coords == 0, NULL);
  if (!check_id (scene, id, error) || !check_finite (error, id, points, n_coords))
    return NULL;
  if (n_coords % 2 != 0)
    return invalid (error, id, _ ("the points must come as x, y pairs")), NULL;
  if (n_coords < 6)
    return invalid (error, id, _ ("a polygon needs at least 3 vertices")), NULL;
  gsize n = n_coords / 2;
  g_autofree CgVec2 *v = g_new (CgVec2, n);
  for (gsize i = 0; i < n; i++)
    v[i] = (CgVec2){ points[2 * i], points[2 * i + 1] };
  CgRole r = role == CAROM_ROLE_OBSTACLE ? CG_ROLE_OBSTACLE : CG_ROLE_WALL;
  return add (scene, cm_object_new_polygon (id, r, v, n), error);
}

/**
 * carom_scene_add_circle:
 * @scene: a scene
 * @role: a wall (the ball inside) or an obstacle (the ball outside)
 * @id: (nullable): the new object's id (%NULL: Carom names it)
 * @x: the centre's x
 * @y: the centre's y
 * @radius: the radius, above 0
 *
 * Adds an exact circle: one vertex and one arc edge turning a whole turn.
 *
 * Fails with %CAROM_ERROR_INVALID naming the circle and the problem.
 *
 * Returns: (transfer none): the new object's id
 */
const char *
carom_scene_add_circle (CaromScene *scene, CaromRole role, const char *id, double x, double y,
                        double radius, GError **error)
{
  g_return_val_if_fail (CAROM_IS_SCENE (scene), NULL);
  /* Without an id, the one Carom gives it, which errors name too. */
  g_autofree char *named
      = id == NULL
            ? cm_scene_unique_id (scene->scene, role == CAROM_ROLE_OBSTACLE ? "obstacle" : "wall")
            : NULL;
  if (id == NULL)
    id = named;
  const double v[] = { x, y, radius };
  if (!check_id (scene, id, error) || !check_finite (error, id, v, G_N_ELEMENTS (v)))
    return NULL;
  if (!(radius > 0.0))
    return invalid (error, id, _ ("a circle’s radius must be above 0")), NULL;
  CgRole r = role == CAROM_ROLE_OBSTACLE ? CG_ROLE_OBSTACLE : CG_ROLE_WALL;
  CgVec2 v0;
  CgCurveEdge e;
  cg_curve_circle ((CgVec2){ x, y }, radius, r, &v0, &e);
  CmObject *object = cm_object_new_polygon (id, r, &v0, 1);
  cm_object_set_edges (object, &e);
  return add (scene, object, error);
}

/**
 * carom_scene_add_ball:
 * @scene: a scene
 * @id: (nullable): the new ball's id (%NULL: Carom names it, `ball-1`...)
 * @x: where its centre starts, x
 * @y: where its centre starts, y
 * @radius: its radius, above 0
 * @dx: the direction it starts in, x (need not be a unit vector)
 * @dy: the direction it starts in, y
 * @max_bounces: the most reflections it makes (29 is Carom's default)
 *
 * Adds a ball.
 *
 * Fails with %CAROM_ERROR_INVALID naming the ball and the problem.
 *
 * Returns: (transfer none): the new ball's id
 */
const char *
carom_scene_add_ball (CaromScene *scene, const char *id, double x, double y, double radius,
                      double dx, double dy, guint max_bounces, GError **error)
{
  g_return_val_if_fail (CAROM_IS_SCENE (scene), NULL);
  /* Without an id, the one Carom gives it, which errors name too. */
  g_autofree char *named = id == NULL ? cm_scene_unique_id (scene->scene, "ball") : NULL;
  if (id == NULL)
    id = named;
  const double v[] = { x, y, radius, dx, dy };
  if (!check_id (scene, id, error) || !check_finite (error, id, v, G_N_ELEMENTS (v))
      || !check_ball (error, id, radius, dx, dy, max_bounces))
    return NULL;
  return add (scene,
              cm_object_new_ball (id, (CgVec2){ x, y }, radius, (CgVec2){ dx, dy }, max_bounces),
              error);
}

static gboolean
check_count (GError **error, const char *id, guint count)
{
  if (count >= 1 && count <= CAROM_SVG_MAX_BEAM_RAYS)
    return TRUE;
  g_autofree char *problem
      = g_strdup_printf (_ ("a beam has from 1 to %u rays"), (guint)CAROM_SVG_MAX_BEAM_RAYS);
  return invalid (error, id, problem);
}

/**
 * carom_scene_add_fan_beam:
 * @scene: a scene
 * @id: (nullable): the new beam's id (%NULL: Carom names it, `beam-1`...)
 * @x: where every ray starts, x
 * @y: where every ray starts, y
 * @radius: the radius of each ray's ball, above 0
 * @dx: the middle ray's direction, x
 * @dy: the middle ray's direction, y
 * @spread: the angle from the first ray to the last, in degrees (0 to 360)
 * @count: the number of rays
 * @max_bounces: the most reflections each ray makes
 *
 * Adds a fan beam: @count balls from one point, spread evenly.
 *
 * Fails with %CAROM_ERROR_INVALID naming the beam and the problem.
 *
 * Returns: (transfer none): the new beam's id
 */
const char *
carom_scene_add_fan_beam (CaromScene *scene, const char *id, double x, double y, double radius,
                          double dx, double dy, double spread, guint count, guint max_bounces,
                          GError **error)
{
  g_return_val_if_fail (CAROM_IS_SCENE (scene), NULL);
  /* Without an id, the one Carom gives it, which errors name too. */
  g_autofree char *named = id == NULL ? cm_scene_unique_id (scene->scene, "beam") : NULL;
  if (id == NULL)
    id = named;
  const double v[] = { x, y, radius, dx, dy, spread };
  if (!check_id (scene, id, error) || !check_finite (error, id, v, G_N_ELEMENTS (v))
      || !check_ball (error, id, radius, dx, dy, max_bounces) || !check_count (error, id, count))
    return NULL;
  if (!(spread >= 0.0 && spread <= 360.0))
    return invalid (error, id, _ ("a fan’s spread is from 0 to 360 degrees")), NULL;
  return add (scene,
              cm_object_new_fan_beam (id, (CgVec2){ x, y }, radius, (CgVec2){ dx, dy }, spread,
                                      count, max_bounces),
              error);
}

/**
 * carom_scene_add_parallel_beam:
 * @scene: a scene
 * @id: (nullable): the new beam's id (%NULL: Carom names it)
 * @x1: the first ray's start, x
 * @y1: the first ray's start, y
 * @x2: the last ray's start, x
 * @y2: the last ray's start, y
 * @radius: the radius of each ray's ball, above 0
 * @dx: the direction of every ray, x
 * @dy: the direction of every ray, y
 * @count: the number of rays, spread evenly from the first start to the last
 * @max_bounces: the most reflections each ray makes
 *
 * Adds a parallel beam: @count balls in one direction, their starts spread
 * evenly along a segment.
 *
 * Fails with %CAROM_ERROR_INVALID naming the beam and the problem.
 *
 * Returns: (transfer none): the new beam's id
 */
const char *
carom_scene_add_parallel_beam (CaromScene *scene, const char *id, double x1, double y1, double x2,
                               double y2, double radius, double dx, double dy, guint count,
                               guint max_bounces, GError **error)
{
  g_return_val_if_fail (CAROM_IS_SCENE (scene), NULL);
  /* Without an id, the one Carom gives it, which errors name too. */
  g_autofree char *named = id == NULL ? cm_scene_unique_id (scene->scene, "beam") : NULL;
  if (id == NULL)
    id = named;
  const double v[] = { x1, y1, x2, y2, radius, dx, dy };
  if (!check_id (scene, id, error) || !check_finite (error, id, v, G_N_ELEMENTS (v))
      || !check_ball (error, id, radius, dx, dy, max_bounces) || !check_count (error, id, count))
    return NULL;
  return add (scene,
              cm_object_new_parallel_beam (id, (CgVec2){ x1, y1 }, (CgVec2){ x2, y2 }, radius,
                                           (CgVec2){ dx, dy }, count, max_bounces),
              error);
}

/**
 * carom_scene_set_on_hit:
 * @scene: a scene
 * @id: an obstacle's id
 * @on_hit: whether the ball stops on it or reflects off it
 *
 * Sets what the obstacle does to the ball that touches it (a wall always
 * reflects).
 *
 * Fails with %CAROM_ERROR_NOT_FOUND when the scene has no object called @id,
 * or %CAROM_ERROR_INVALID when it is not an obstacle.
 *
 * Returns: %TRUE when set
 */
gboolean
carom_scene_set_on_hit (CaromScene *scene, const char *id, CaromOnHit on_hit, GError **error)
{
  g_return_val_if_fail (CAROM_IS_SCENE (scene), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);
  gint index = index_of (scene, id, error);
  if (index < 0)
    return FALSE;
  const CmObject *o = g_ptr_array_index (scene->scene->objects, index);
  if (o->kind != CM_OBJECT_POLYGON || o->role != CG_ROLE_OBSTACLE)
    return invalid (error, id, _ ("only an obstacle can stop or reflect the ball"));
  carom_edit_set_on_hit (scene->history, scene->scene, (guint)index,
                         on_hit == CAROM_ON_HIT_REFLECT ? CG_ON_HIT_REFLECT : CG_ON_HIT_STOP);
  return TRUE;
}

/**
 * carom_scene_set_points:
 * @scene: a scene
 * @id: a polygon's id
 * @points: (array length=n_coords): its new vertices as x0, y0, x1, y1, ...
 * @n_coords: the number of coordinates: twice the number of vertices, at least 6
 *
 * Moves a polygon's vertices, as dragging them in the window does: checked,
 * then put in the role's orientation. With as many vertices as before, its
 * arc edges follow their ends; with another number every edge is straight.
 *
 * Fails with %CAROM_ERROR_NOT_FOUND, or %CAROM_ERROR_INVALID naming the
 * polygon and the problem (the scene unchanged).
 *
 * Returns: %TRUE when moved
 */
gboolean
carom_scene_set_points (CaromScene *scene, const char *id, const double *points, gsize n_coords,
                        GError **error)
{
  g_return_val_if_fail (CAROM_IS_SCENE (scene), FALSE);
  g_return_val_if_fail (id != NULL && (points != NULL || n_coords == 0), FALSE);
  gint index = index_of (scene, id, error);
  if (index < 0 || !check_finite (error, id, points, n_coords))
    return FALSE;
  const CmObject *o = g_ptr_array_index (scene->scene->objects, index);
  if (o->kind != CM_OBJECT_POLYGON)
    return invalid (error, id, _ ("only a wall or an obstacle has vertices"));
  if (n_coords % 2 != 0)
    return invalid (error, id, _ ("the points must come as x, y pairs"));
  if (n_coords < 6)
    return invalid (error, id, _ ("a polygon needs at least 3 vertices"));
  gsize n = n_coords / 2;
  g_autofree CgVec2 *v = g_new (CgVec2, n);
  for (gsize i = 0; i < n; i++)
    v[i] = (CgVec2){ points[2 * i], points[2 * i + 1] };
  g_autoptr (GError) edit_error = NULL;
  if (!carom_edit_set_points (scene->history, scene->scene, (guint)index, v, n, _ ("Move"), NULL,
                              NULL, &edit_error))
    return invalid (error, id, edit_error->message);
  return TRUE;
}

/**
 * carom_scene_set_ball:
 * @scene: a scene
 * @id: a ball's id
 * @x: where its centre starts, x
 * @y: where its centre starts, y
 * @radius: its radius, above 0
 * @dx: the direction it starts in, x (need not be a unit vector)
 * @dy: the direction it starts in, y
 * @max_bounces: the most reflections it makes
 *
 * Changes a ball, as its Properties page in the window does: a sweep of
 * launch angles turns one ball rather than building a scene for each.
 *
 * Fails with %CAROM_ERROR_NOT_FOUND, or %CAROM_ERROR_INVALID naming the
 * ball and the problem (the scene unchanged).
 *
 * Returns: %TRUE when changed
 */
gboolean
carom_scene_set_ball (CaromScene *scene, const char *id, double x, double y, double radius,
                      double dx, double dy, guint max_bounces, GError **error)
{
  g_return_val_if_fail (CAROM_IS_SCENE (scene), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);
  gint index = index_of (scene, id, error);
  const double v[] = { x, y, radius, dx, dy };
  if (index < 0 || !check_finite (error, id, v, G_N_ELEMENTS (v))
      || !check_ball (error, id, radius, dx, dy, max_bounces))
    return FALSE;
  const CmObject *o = g_ptr_array_index (scene->scene->objects, index);
  if (o->kind != CM_OBJECT_BALL)
    return invalid (error, id, _ ("only a ball can be changed this way"));
  g_autoptr (GError) edit_error = NULL;
  if (!carom_edit_set_ball (scene->history, scene->scene, (guint)index, (CgVec2){ x, y }, radius,
                            (CgVec2){ dx, dy }, max_bounces, _ ("Change Ball"), NULL, &edit_error))
    return invalid (error, id, edit_error->message);
  return TRUE;
}

/**
 * carom_scene_rename:
 * @scene: a scene
 * @id: an object's id
 * @new_id: its new id: a valid SVG id no other object has
 *
 * Renames an object.
 *
 * Fails with %CAROM_ERROR_NOT_FOUND, or %CAROM_ERROR_INVALID when @new_id
 * cannot be used.
 *
 * Returns: %TRUE when renamed
 */
gboolean
carom_scene_rename (CaromScene *scene, const char *id, const char *new_id, GError **error)
{
  g_return_val_if_fail (CAROM_IS_SCENE (scene), FALSE);
  g_return_val_if_fail (id != NULL && new_id != NULL, FALSE);
  gint index = index_of (scene, id, error);
  if (index < 0)
    return FALSE;
  g_autoptr (GError) edit_error = NULL;
  if (!carom_edit_rename (scene->history, scene->scene, (guint)index, new_id, &edit_error))
    return invalid (error, id, edit_error->message);
  return TRUE;
}

/* What a trace keeps of the scene: a copy of its objects, so that the scene
 * may change (or be freed) while the trace lives or runs. */
static CmScene *
copy_objects (const CmScene *scene)
{
  CmScene *copy = cm_scene_new ();
  for (guint i = 0; i < scene->objects->len; i++)
    g_ptr_array_add (copy->objects, cm_object_copy (g_ptr_array_index (scene->objects, i)));
  return copy;
}

typedef struct
{
  CmScene *scene;
  gint64 max_bounces;
  guint64 budget;
  gint cancel;
} TraceData;

static void
trace_data_free (TraceData *data)
{
  g_clear_pointer (&data->scene, cm_scene_free);
  g_free (data);
}

static void
on_cancelled (GCancellable *cancellable, gpointer data)
{
  (void)cancellable;
  g_atomic_int_set ((gint *)data, 1);
}

/* Traces data->scene (taken); NULL with an error when cancelled. */
static CaromTrace *
trace_now (TraceData *data, GCancellable *cancellable, GError **error)
{
  if (!(data->budget == 0
        || (data->budget >= CAROM_BUDGET_MIN && data->budget <= CAROM_BUDGET_MAX)))
    {
      g_autofree char *least = carom_format_count ((double)CAROM_BUDGET_MIN);
      g_autofree char *most = carom_format_count ((double)CAROM_BUDGET_MAX);
      g_set_error (error, CAROM_ERROR, CAROM_ERROR_INVALID,
                   _ ("The work budget must be from %s to %s rays and hits"), least, most);
      return NULL;
    }
  CaromTraceOptions options = CAROM_TRACE_OPTIONS_INIT;
  options.max_bounces_override = data->max_bounces;
  options.budget = data->budget > 0 ? data->budget : CAROM_BUDGET_DEFAULT;
  options.cancel = &data->cancel;
  gulong handler = 0;
  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), &data->cancel, NULL);
  CmSceneTrace *trace = cm_scene_trace_full (data->scene, &options);
  if (cancellable != NULL)
    g_cancellable_disconnect (cancellable, handler);
  if (trace == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("out of memory"));
      return NULL;
    }
  if (trace->cancelled || g_cancellable_is_cancelled (cancellable))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _ ("The trace was cancelled"));
      cm_scene_trace_free (trace);
      return NULL;
    }
  return carom_trace_new_from_model (g_steal_pointer (&data->scene), trace);
}

/**
 * carom_scene_trace:
 * @scene: a scene
 * @cancellable: (nullable): cancels the trace from another thread
 *
 * Traces every ball of the scene (every ray of its beams), each with its own
 * max bounces, within the work budget of the window
 * ([const@Carom.BUDGET_DEFAULT] rays and hits):
 * [method@Carom.Scene.trace_full] with -1 and 0.
 *
 * Fails with %G_IO_ERROR_CANCELLED when cancelled.
 *
 * Returns: (transfer full): the trace
 */
CaromTrace *
carom_scene_trace (CaromScene *scene, GCancellable *cancellable, GError **error)
{
  return carom_scene_trace_full (scene, -1, 0, cancellable, error);
}

/**
 * carom_scene_trace_full:
 * @scene: a scene
 * @max_bounces: the most reflections of every ball, as `--max-bounces`
 *   (-1: each ball's own)
 * @budget: the work budget in rays and hits, as `--max-hits`: balls that
 *   would take more end with %CAROM_BALL_STATUS_BUDGET
 *   ([method@Carom.Trace.get_budget_message]); 0: [const@Carom.BUDGET_DEFAULT]
 * @cancellable: (nullable): cancels the trace from another thread
 *
 * Traces every ball of the scene. With the same @max_bounces and @budget,
 * [method@Carom.Trace.to_json] is what `carom trace --json` prints for the
 * saved scene.
 *
 * Fails with %G_IO_ERROR_CANCELLED when cancelled, or %CAROM_ERROR_INVALID
 * for a budget out of range (it is 0, or from 1,000 to 10^12).
 *
 * Returns: (transfer full): the trace
 */
CaromTrace *
carom_scene_trace_full (CaromScene *scene, gint64 max_bounces, guint64 budget,
                        GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (CAROM_IS_SCENE (scene), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  TraceData *data = g_new0 (TraceData, 1);
  data->scene = copy_objects (scene->scene);
  data->max_bounces = max_bounces < 0 ? -1 : max_bounces;
  data->budget = budget;
  CaromTrace *trace = trace_now (data, cancellable, error);
  trace_data_free (data);
  return trace;
}

static void
trace_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  (void)source;
  GError *error = NULL;
  CaromTrace *trace = trace_now (task_data, cancellable, &error);
  if (trace == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, trace, g_object_unref);
}

/**
 * carom_scene_trace_async:
 * @scene: a scene
 * @max_bounces: as for [method@Carom.Scene.trace_full]
 * @budget: as for [method@Carom.Scene.trace_full]
 * @cancellable: (nullable): cancels the trace
 * @callback: (scope async): called in the thread-default main context when
 *   the trace is made
 * @user_data: (closure): data for @callback
 *
 * Traces a copy of the scene in a worker thread, as the window does: the
 * scene may change meanwhile. Finish with [method@Carom.Scene.trace_finish].
 */
void
carom_scene_trace_async (CaromScene *scene, gint64 max_bounces, guint64 budget,
                         GCancellable *cancellable, GAsyncReadyCallback callback,
                         gpointer user_data)
{
  g_return_if_fail (CAROM_IS_SCENE (scene));
  TraceData *data = g_new0 (TraceData, 1);
  data->scene = copy_objects (scene->scene);
  data->max_bounces = max_bounces < 0 ? -1 : max_bounces;
  data->budget = budget;
  g_autoptr (GTask) task = g_task_new (scene, cancellable, callback, user_data);
  g_task_set_source_tag (task, carom_scene_trace_async);
  g_task_set_task_data (task, data, (GDestroyNotify)trace_data_free);
  g_task_run_in_thread (task, trace_thread);
}

/**
 * carom_scene_trace_finish:
 * @scene: the scene
 * @result: the result given to the callback
 *
 * Finishes [method@Carom.Scene.trace_async]: the trace, made in the worker
 * thread.
 *
 * Fails with %G_IO_ERROR_CANCELLED when cancelled, or %CAROM_ERROR_INVALID
 * for a budget out of range.
 *
 * Returns: (transfer full): the trace
 */
CaromTrace *
carom_scene_trace_finish (CaromScene *scene, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (CAROM_IS_SCENE (scene), NULL);
  g_return_val_if_fail (g_task_is_valid (result, scene), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * carom_scene_export:
 * @scene: a scene
 * @path: (type filename): the figure's file: its extension says the format
 *   (`.svg`, `.png`, `.pdf`, `.tex`, `.gif` or `.html`)
 * @options: (nullable): how to draw it (%NULL: what `carom export` draws
 *   with no option)
 * @cancellable: (nullable): cancels the trace the figure is drawn from
 *
 * Traces the scene and writes its figure, as `carom export SCENE -o PATH`
 * with the options of @options: the same file, byte for byte.
 *
 * Fails with %CAROM_ERROR_INVALID and `carom export`'s message for options
 * that do not go together or do not fit the scene, %G_IO_ERROR_CANCELLED
 * when cancelled, or an error when the file cannot be written.
 *
 * Returns: %TRUE when written
 */
gboolean
carom_scene_export (CaromScene *scene, const char *path, CaromFigureOptions *options,
                    GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (CAROM_IS_SCENE (scene), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (options == NULL || CAROM_IS_FIGURE_OPTIONS (options), FALSE);
  CaromFigureSettings defaults;
  carom_figure_settings_init (&defaults);
  const CaromFigureSettings *settings
      = options != NULL ? carom_figure_options_get_settings (options) : &defaults;
  g_auto (CaromFigureJob) job = { 0 };
  GError *job_error = NULL;
  if (!carom_figure_job_init (&job, settings, path, &job_error))
    {
      g_set_error_literal (error, CAROM_ERROR, CAROM_ERROR_INVALID, job_error->message);
      g_error_free (job_error);
      return FALSE;
    }
  gint cancel = 0;
  gulong handler = 0;
  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), &cancel, NULL);
  gboolean ok = carom_figure_job_write (&job, scene->scene, NULL, NULL, &cancel, &job_error);
  if (cancellable != NULL)
    g_cancellable_disconnect (cancellable, handler);
  if (!ok)
    {
      if (job_error->domain == CAROM_FIGURE_ERROR
          || g_error_matches (job_error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_FORMAT)
          || g_error_matches (job_error, CAROM_RENDER_ERROR, CAROM_RENDER_ERROR_STEP))
        {
          g_set_error_literal (error, CAROM_ERROR, CAROM_ERROR_INVALID, job_error->message);
          g_error_free (job_error);
        }
      else
        g_propagate_error (error, job_error);
    }
  return ok;
}
