/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-enums.h: the enumerations of libcarom's API. */
#pragma once

#if !defined(CAROM_INSIDE) && !defined(CAROM_COMPILATION)
#error "Only <carom.h> can be included directly."
#endif

#include <glib.h>

#include "carom-version.h"

G_BEGIN_DECLS

/**
 * CaromRole:
 * @CAROM_ROLE_WALL: a wall: the ball reflects off it
 * @CAROM_ROLE_OBSTACLE: an obstacle: the ball stops on it, or reflects when
 *   its on-hit is %CAROM_ON_HIT_REFLECT
 *
 * What a polygon or a circle is to the ball (`carom:role` in the scene file).
 */
typedef enum
{
  CAROM_ROLE_WALL,
  CAROM_ROLE_OBSTACLE,
} CaromRole;

/**
 * CaromOnHit:
 * @CAROM_ON_HIT_STOP: the ball stops when it touches the obstacle
 * @CAROM_ON_HIT_REFLECT: the ball reflects off the obstacle
 *
 * What an obstacle does to the ball that touches it (`carom:on-hit`).
 * Walls always reflect.
 */
typedef enum
{
  CAROM_ON_HIT_STOP,
  CAROM_ON_HIT_REFLECT,
} CaromOnHit;

/**
 * CaromObjectKind:
 * @CAROM_OBJECT_KIND_POLYGON: a wall or an obstacle: a polygon, its edges
 *   straight or arcs (a circle is one vertex and one whole arc)
 * @CAROM_OBJECT_KIND_BALL: a ball
 * @CAROM_OBJECT_KIND_BEAM: a beam: many balls at once, a fan or parallel rays
 *
 * What a scene object is.
 */
typedef enum
{
  CAROM_OBJECT_KIND_POLYGON,
  CAROM_OBJECT_KIND_BALL,
  CAROM_OBJECT_KIND_BEAM,
} CaromObjectKind;

/**
 * CaromBallStatus:
 * @CAROM_BALL_STATUS_STOPPED: it touched an obstacle that stops it
 * @CAROM_BALL_STATUS_MAX_BOUNCES: it made its maximum number of reflections
 * @CAROM_BALL_STATUS_ESCAPED: its last cast hit nothing
 * @CAROM_BALL_STATUS_START_OVERLAP: it starts overlapping a wall or an obstacle
 * @CAROM_BALL_STATUS_INVALID_INPUT: its start or direction is not usable
 * @CAROM_BALL_STATUS_BUDGET: the work budget ran out (or the trace was
 *   cancelled) before it ended
 *
 * How a ball's trace ended (the `status` of `carom trace --json`).
 */
typedef enum
{
  CAROM_BALL_STATUS_STOPPED = 1,
  CAROM_BALL_STATUS_MAX_BOUNCES,
  CAROM_BALL_STATUS_ESCAPED,
  CAROM_BALL_STATUS_START_OVERLAP,
  CAROM_BALL_STATUS_INVALID_INPUT,
  CAROM_BALL_STATUS_BUDGET,
} CaromBallStatus;

/**
 * CaromPrimitive:
 * @CAROM_PRIMITIVE_SEGMENT: the offset of a straight edge: a segment
 * @CAROM_PRIMITIVE_ARC: an arc: a corner's arc around a vertex, or the
 *   offset of an arc edge
 *
 * What the ball's centre touched: the outline at the ball's radius around a
 * polygon is made of segments and arcs (docs/geometry.md in Carom's
 * sources).
 */
typedef enum
{
  CAROM_PRIMITIVE_SEGMENT,
  CAROM_PRIMITIVE_ARC,
} CaromPrimitive;

/**
 * CaromExplainFormat:
 * @CAROM_EXPLAIN_FORMAT_TEXT: plain text, as `carom trace --explain`
 * @CAROM_EXPLAIN_FORMAT_LATEX: a LaTeX `align*` environment, as
 *   `carom trace --explain --latex`
 *
 * How [method@Carom.Trace.explain_hit] writes a hit's maths.
 */
typedef enum
{
  CAROM_EXPLAIN_FORMAT_TEXT,
  CAROM_EXPLAIN_FORMAT_LATEX,
} CaromExplainFormat;

/**
 * CaromHitColumn:
 * @CAROM_HIT_COLUMN_BALL: the ball's index in the trace
 * @CAROM_HIT_COLUMN_INDEX: the hit's number along its ball's path, 1 for the first
 * @CAROM_HIT_COLUMN_X: the contact point's x: where the ball's centre is
 * @CAROM_HIT_COLUMN_Y: the contact point's y
 * @CAROM_HIT_COLUMN_DISTANCE: the distance the centre travelled from the
 *   previous point (the start, or the previous hit)
 * @CAROM_HIT_COLUMN_NORMAL_X: the contact normal's x
 * @CAROM_HIT_COLUMN_NORMAL_Y: the contact normal's y
 * @CAROM_HIT_COLUMN_IN_X: the direction before the hit, x
 * @CAROM_HIT_COLUMN_IN_Y: the direction before the hit, y
 * @CAROM_HIT_COLUMN_OUT_X: the direction after the hit, x (the same as before
 *   when the ball stops)
 * @CAROM_HIT_COLUMN_OUT_Y: the direction after the hit, y
 * @CAROM_HIT_COLUMN_OBJECT: the index in the scene of the object hit
 * @CAROM_HIT_COLUMN_REFLECTED: 1 when the ball reflected, 0 when it stopped
 *
 * The columns of [method@Carom.Trace.get_hit_array]: each hit is a row of
 * [const@Carom.HIT_N_COLUMNS] doubles in this order.
 */
typedef enum
{
  CAROM_HIT_COLUMN_BALL,
  CAROM_HIT_COLUMN_INDEX,
  CAROM_HIT_COLUMN_X,
  CAROM_HIT_COLUMN_Y,
  CAROM_HIT_COLUMN_DISTANCE,
  CAROM_HIT_COLUMN_NORMAL_X,
  CAROM_HIT_COLUMN_NORMAL_Y,
  CAROM_HIT_COLUMN_IN_X,
  CAROM_HIT_COLUMN_IN_Y,
  CAROM_HIT_COLUMN_OUT_X,
  CAROM_HIT_COLUMN_OUT_Y,
  CAROM_HIT_COLUMN_OBJECT,
  CAROM_HIT_COLUMN_REFLECTED,
} CaromHitColumn;

/**
 * CAROM_HIT_N_COLUMNS:
 *
 * The number of doubles in a row of [method@Carom.Trace.get_hit_array].
 */
#define CAROM_HIT_N_COLUMNS 13

/**
 * CAROM_ERROR:
 *
 * The error domain of libcarom's own errors (#CaromError). Reading a scene
 * file fails with the SVG reader's own domain, and a cancelled call with
 * %G_IO_ERROR_CANCELLED.
 */
#define CAROM_ERROR (carom_error_quark ())

/**
 * CaromError:
 * @CAROM_ERROR_INVALID: an argument cannot be used (a polygon that crosses
 *   itself, a radius of 0, a number that is not finite, an id taken), or
 *   figure options that do not go together; the message names the element
 *   and the problem
 * @CAROM_ERROR_NOT_FOUND: no object or ball has that id
 * @CAROM_ERROR_FILE: a scene file cannot be read or written: it is missing,
 *   not an SVG file, holds an element Carom cannot use, or the folder
 *   cannot be written to; the message names the file, the element and the
 *   problem
 *
 * What went wrong in a call of libcarom.
 *
 * These are the codes of libcarom's error domain ([func@Carom.Error.quark],
 * `CAROM_ERROR` in C). A cancelled call fails with %G_IO_ERROR_CANCELLED, and
 * writing a figure may fail with the error of the file system.
 */
typedef enum
{
  CAROM_ERROR_INVALID,
  CAROM_ERROR_NOT_FOUND,
  CAROM_ERROR_FILE,
} CaromError;

CAROM_API
GQuark carom_error_quark (void);

G_END_DECLS
