/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg-world-private.h: what a CgWorld holds, shared by the files that
 * implement it: cg-world.c (building, updating, the cast) and
 * cg-world-near.c (what is near a point: start overlap, nearest edge, and
 * the checks of the BVH). */
#pragma once

#include "cg-world.h"

/* Items a leaf may hold before SAH must split it (at most
 * RUN_MAX_PRIMITIVES). */
#define LEAF_MAX_PRIMITIVES 4
/* An object leaf is one run of at most this many consecutive primitives of
 * one polygon's outline: a whole obstacle of up to 8 vertices, while a long
 * wall outline is cut into runs that each get their own box. */
#define RUN_MAX_PRIMITIVES 16

/* What the cast reads of one primitive: p[0] is a segment's normal n or an
 * arc's centre q, p[1] and p[2] the primitive's a and b (the ball radius is
 * the world's). */
typedef struct
{
  CgVec2 p[3];
} CastRecord;

struct CgWorld
{
  double r;
  double eps;
  CgBvhLeaves leaves;

  size_t n_polys;
  CgRole *roles;
  size_t *vertex_first; /* polygon i's vertices: verts[vertex_first[i] .. vertex_first[i+1]) */
  CgVec2 *verts;

  CgPrimitive *prims;
  size_t n_prims;
  uint32_t *prim_first; /* polygon i's primitives: prims[prim_first[i] .. prim_first[i+1]) */

  /* The BVH; its leaves' user[] say what their casts read (test_leaf()). */
  CgBvh bvh;
  /* Primitive leaves only: compact cast records in leaf order (per leaf, arcs
   * then segments), each record's primitive, and each primitive's record. */
  CastRecord *records;
  uint32_t *record_prim;
  uint32_t *prim_record;
};
