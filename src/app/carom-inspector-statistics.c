/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-inspector-statistics.c: the Statistics panel: counts of the scene, of the
 * tracer's BVH and of the cast at the current step. */
#include "config.h"

#include "carom-accessible.h"
#include "carom-inspector-private.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>

/* ---- Statistics panel ---- */

void
carom_inspector_refresh_statistics (CaromInspector *self)
{
  carom_inspector_clear_box (self->statistics_box);
  if (self->document == NULL)
    return;
  const CmScene *scene = carom_document_get_scene (self->document);
  guint walls = 0, obstacles = 0, balls = 0;
  gsize vertices = 0;
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *o = g_ptr_array_index (scene->objects, i);
      if (o->kind == CM_OBJECT_BALL)
        balls++;
      else
        {
          vertices += o->n_points;
          if (o->role == CG_ROLE_WALL)
            walls++;
          else
            obstacles++;
        }
    }
  GtkWidget *group = carom_inspector_group_new (self->statistics_box, _ ("Scene"), NULL);
  g_autofree char *w = g_strdup_printf ("%u", walls), *ob = g_strdup_printf ("%u", obstacles),
                  *b = g_strdup_printf ("%u", balls), *v = g_strdup_printf ("%zu", vertices);
  carom_inspector_value_row (group, _ ("Walls"), w);
  carom_inspector_value_row (group, _ ("Obstacles"), ob);
  carom_inspector_value_row (group, _ ("Balls"), b);
  carom_inspector_value_row (group, _ ("Vertices"), v);

  const CaromBallTrace *bt = carom_inspector_current_ball (self);
  if (bt == NULL)
    return;
  size_t n_prims = cg_world_primitive_total (bt->world, bt->radius);
  const CgBvh *bvh = cg_world_bvh (bt->world);
  g_autofree char *title = g_strdup_printf (_ ("Tracer for %s"), bt->ball->id);
  GtkWidget *tracer = carom_inspector_group_new (self->statistics_box, title, NULL);
  /* Leaves are not nodes in Carom's 4-wide BVH (geom/cg-bvh.h): count them
   * apart, so "1 node, 2 levels" reads as the root and its leaves. */
  guint leaves = bvh->root.count > 0 ? 1 : 0;
  for (guint i = 0; i < bvh->n_nodes; i++)
    for (int k = 0; k < CG_BVH_WIDTH; k++)
      leaves += bvh->nodes[i].child[k].count > 0;
  g_autofree char *p = g_strdup_printf ("%zu", n_prims),
                  *nodes = g_strdup_printf ("%u", bvh->n_nodes),
                  *leaf_count = g_strdup_printf ("%u", leaves),
                  *depth = g_strdup_printf ("%u", bvh->depth);
  carom_inspector_value_row_explained (
      tracer, _ ("Outline Primitives"),
      _ ("Offset segments and corner arcs the ball is cast against"), p);
  carom_inspector_value_row_explained (tracer, _ ("BVH Nodes"),
                                       _ ("Inner boxes, each with up to four children"), nodes);
  carom_inspector_value_row_explained (tracer, _ ("BVH Leaves"),
                                       _ ("Boxes that hold runs of edges"), leaf_count);
  carom_inspector_value_row_explained (tracer, _ ("BVH Levels"),
                                       _ ("From the root down to the leaves, both counted"), depth);

  guint step = MIN (self->step, (guint)bt->trace.n_hits);
  if (step > 0)
    {
      CgCastStats stats = bt->trace.hits[step - 1].stats;
      const CgCastStats *s = &stats;
      if (cg_world_grid (bt->world, bt->radius, NULL, NULL, NULL))
        {
          /* The cast walked the world's grid (cg-world.h): what the BVH
           * tests for the same cast, which finds the same hit. */
          const CgHit *h = &bt->trace.hits[step - 1];
          int64_t exclude = step > 1 ? (int64_t)bt->trace.hits[step - 2].prim : -1;
          CgWorldHit again;
          CgTested *tested = NULL;
          size_t n_tested;
          if (cg_world_explain_cast (bt->world, h->from, h->in, bt->radius, exclude, &again,
                                     &tested, &n_tested))
            stats = again.stats;
          free (tested);
        }
      g_autofree char *cast_title = g_strdup_printf (_ ("Cast of Hit %u"), step);
      GtkWidget *cast = carom_inspector_group_new (
          self->statistics_box, cast_title,
          _ ("What the BVH tested for this cast, against testing every primitive."));
      g_autofree char *visited = g_strdup_printf ("%u", s->nodes_visited),
                      *boxes = g_strdup_printf ("%u", s->boxes_tested);
      /* Translators: primitives tested with the BVH, and by brute force, e.g. "3 of 1070". */
      g_autofree char *tested = g_strdup_printf (_ ("%u of %zu"), s->primitives_tested, n_prims);
      carom_inspector_value_row_explained (
          cast, _ ("Nodes and Leaves Opened"),
          _ ("BVH nodes opened, and leaves whose primitives were tested"), visited);
      carom_inspector_value_row_explained (
          cast, _ ("Boxes Tested"), _ ("Ray–box tests: the root’s box, then four per node opened"),
          boxes);
      carom_inspector_value_row_explained (cast, _ ("Primitives Tested"),
                                           _ ("Exact casts against offset segments and arcs"),
                                           tested);
    }
  /* Tooltips whole in any script (carom-accessible.h). */
  carom_tooltips_keep_whole (GTK_WIDGET (self->statistics_box));
}
