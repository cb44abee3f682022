/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-svg-keep-write.c: a scene written back into the document it was read
 * from (carom-svg-keep.c says how the document is kept): the kept text
 * copied, each slot filled from the objects that came from it, new objects
 * at the end of the root. */
#include "io/carom-svg-keep-private.h"

#include <math.h>
#include <string.h>

/* ---- writing ------------------------------------------------------------------- */

void
carom_svg_keep_write_native (Writer *w, const CmObject *object, gboolean styled)
{
  GString *out = w->out;
  gsize at = out->len;
  carom_svg_append_native_object (out, object, styled ? w->stroke : NULL);
  if (w->ns_decls[0] != '\0')
    {
      /* after "<polygon" or "<circle" */
      const char *space = strchr (out->str + at, ' ');
      g_string_insert (out, space - out->str, w->ns_decls);
    }
}

/* Copies text[from, to): kept text, where no marks are. */
static void
copy_range (Writer *w, guint32 from, guint32 to)
{
  g_string_append_len (w->out, w->source->text->str + from, to - from);
}

CaromAffine
carom_svg_keep_affine_inverse (CaromAffine m)
{
  double det = m.a * m.d - m.b * m.c;
  CaromAffine inv = { m.d / det, -m.b / det, -m.c / det, m.a / det, 0.0, 0.0 };
  inv.e = -(inv.a * m.e + inv.c * m.f);
  inv.f = -(inv.b * m.e + inv.d * m.f);
  return inv;
}

void
carom_svg_keep_append_point (GString *out, CgVec2 p)
{
  carom_svg_append_number (out, p.x);
  g_string_append_c (out, ',');
  carom_svg_append_number (out, p.y);
}

/* An axis-aligned rectangle: 4 vertices, each edge horizontal or vertical. */
static gboolean
axis_rectangle (const CgVec2 *v, size_t n, double box[4])
{
  if (n != 4)
    return FALSE;
  for (size_t i = 0; i < 4; i++)
    {
      CgVec2 a = v[i], b = v[(i + 1) % 4];
      if ((a.x == b.x) == (a.y == b.y))
        return FALSE;
    }
  box[0] = fmin (fmin (v[0].x, v[1].x), v[2].x);
  box[1] = fmin (fmin (v[0].y, v[1].y), v[2].y);
  box[2] = fmax (fmax (v[0].x, v[1].x), v[2].x) - box[0];
  box[3] = fmax (fmax (v[0].y, v[1].y), v[2].y) - box[1];
  return box[2] > 0.0 && box[3] > 0.0;
}

/* The managed attributes of a slot's element, written anew from its objects
 * (in scene order), in the element's user units; returns the element's new
 * local name. */
const char *
carom_svg_keep_write_managed (Writer *w, const Slot *slot, guint32 first, GString *attrs)
{
  const CmObject *lead = g_ptr_array_index (w->scene->objects, first);
  CaromAffine inv
      = carom_svg_keep_affine_inverse (g_array_index (w->source->ctms, CaromAffine, slot->ctm));
  const char *name;
  if (lead->id != NULL)
    {
      g_string_append (attrs, " id=\"");
      carom_svg_append_attribute_text (attrs, lead->id);
      g_string_append_c (attrs, '"');
    }
  g_string_append_printf (attrs, " carom:role=\"%s\"", cm_object_role_name (lead));
  if (lead->hidden)
    g_string_append (attrs, " carom:hidden=\"true\"");
  if (lead->hidden && !(slot->flags & SLOT_OWN_VISIBILITY))
    g_string_append (attrs, " visibility=\"hidden\"");
  if (lead->locked)
    g_string_append (attrs, " carom:locked=\"true\"");
  if (lead->kind == CM_OBJECT_POLYGON && lead->role == CG_ROLE_OBSTACLE
      && lead->on_hit == CG_ON_HIT_REFLECT)
    g_string_append (attrs, " carom:on-hit=\"reflect\"");
  if (lead->label_placed)
    carom_svg_append_label_offset (attrs, carom_affine_apply_linear (inv, lead->label_offset));

  if (lead->kind == CM_OBJECT_BEAM)
    {
      /* A similarity (the reader checked): lengths scale by √|det|. */
      double scale = sqrt (fabs (inv.a * inv.d - inv.b * inv.c));
      CgVec2 p1 = carom_affine_apply (inv, lead->center);
      CgVec2 d = carom_affine_apply_linear (inv, lead->direction);
      gboolean fan = lead->beam_shape == CAROM_BEAM_FAN;
      if (fan)
        {
          carom_svg_append_number_attribute (attrs, "cx", p1.x);
          carom_svg_append_number_attribute (attrs, "cy", p1.y);
          carom_svg_append_number_attribute (attrs, "r", lead->radius * scale);
        }
      else
        {
          CgVec2 p2 = carom_affine_apply (inv, lead->beam_end);
          carom_svg_append_number_attribute (attrs, "x1", p1.x);
          carom_svg_append_number_attribute (attrs, "y1", p1.y);
          carom_svg_append_number_attribute (attrs, "x2", p2.x);
          carom_svg_append_number_attribute (attrs, "y2", p2.y);
        }
      carom_svg_append_beam_settings (attrs, lead, d, lead->radius * scale);
      return fan ? "circle" : "line";
    }
  if (lead->kind == CM_OBJECT_BALL)
    {
      /* The ctm is a similarity (the reader checked): its scale is √|det|. */
      double scale = sqrt (fabs (inv.a * inv.d - inv.b * inv.c));
      CgVec2 c = carom_affine_apply (inv, lead->center);
      CgVec2 d = carom_affine_apply_linear (inv, lead->direction);
      carom_svg_append_number_attribute (attrs, "cx", c.x);
      carom_svg_append_number_attribute (attrs, "cy", c.y);
      carom_svg_append_number_attribute (attrs, "r", lead->radius * scale);
      g_string_append (attrs, " carom:direction=\"");
      carom_svg_append_number (attrs, d.x);
      g_string_append_c (attrs, ' ');
      carom_svg_append_number (attrs, d.y);
      g_string_append_printf (attrs, "\" carom:max-bounces=\"%u\"", lead->max_bounces);
      return "circle";
    }

  gboolean several = w->next[first] != G_MAXUINT32;
  gboolean curved = FALSE;
  for (guint32 i = first; i != G_MAXUINT32; i = w->next[i])
    curved = curved || cm_object_is_curved (g_ptr_array_index (w->scene->objects, i));
  gboolean round_slot
      = slot->shape == CAROM_SVG_KEEP_CIRCLE || slot->shape == CAROM_SVG_KEEP_ELLIPSE;
  if (round_slot && !several && cm_object_is_curved (lead) && carom_svg_is_whole_circle (lead))
    {
      /* Still a circle: the same element, in its own user units. */
      double scale = sqrt (fabs (inv.a * inv.d - inv.b * inv.c));
      CgVec2 c = carom_affine_apply (inv, lead->edges[0].q);
      carom_svg_append_number_attribute (attrs, "cx", c.x);
      carom_svg_append_number_attribute (attrs, "cy", c.y);
      if (slot->shape == CAROM_SVG_KEEP_CIRCLE)
        {
          carom_svg_append_number_attribute (attrs, "r", lead->edges[0].R * scale);
          return "circle";
        }
      carom_svg_append_number_attribute (attrs, "rx", lead->edges[0].R * scale);
      carom_svg_append_number_attribute (attrs, "ry", lead->edges[0].R * scale);
      return "ellipse";
    }
  if (curved)
    {
      /* Arcs stay arcs: path data with A commands (the element's transform
       * is a similarity, or the reader would have flattened them). */
      g_string_append (attrs, " d=\"");
      for (guint32 i = first; i != G_MAXUINT32; i = w->next[i])
        {
          if (i != first)
            g_string_append_c (attrs, ' ');
          carom_svg_append_path_data_mapped (attrs, g_ptr_array_index (w->scene->objects, i), &inv);
        }
      g_string_append_c (attrs, '"');
      return "path";
    }
  if (slot->shape == CAROM_SVG_KEEP_RECT && !several)
    {
      CgVec2 v[4];
      for (size_t k = 0; k < lead->n_points && k < 4; k++)
        v[k] = carom_affine_apply (inv, lead->points[k]);
      double box[4];
      if (axis_rectangle (v, lead->n_points, box))
        {
          carom_svg_append_number_attribute (attrs, "x", box[0]);
          carom_svg_append_number_attribute (attrs, "y", box[1]);
          carom_svg_append_number_attribute (attrs, "width", box[2]);
          carom_svg_append_number_attribute (attrs, "height", box[3]);
          return "rect";
        }
    }
  gboolean path = slot->shape == CAROM_SVG_KEEP_PATH || several;
  g_string_append (attrs, path ? " d=\"" : " points=\"");
  name = path ? "path" : "polygon";
  for (guint32 i = first; i != G_MAXUINT32; i = w->next[i])
    {
      const CmObject *o = g_ptr_array_index (w->scene->objects, i);
      if (i != first)
        g_string_append_c (attrs, ' ');
      for (size_t k = 0; k < o->n_points; k++)
        {
          if (path)
            g_string_append (attrs, k == 0 ? "M " : " L ");
          else if (k > 0)
            g_string_append_c (attrs, ' ');
          carom_svg_keep_append_point (attrs, carom_affine_apply (inv, o->points[k]));
        }
      if (path)
        g_string_append (attrs, " Z");
    }
  g_string_append_c (attrs, '"');
  return name;
}

/* An object mapped by m (a ball's radius by m's scale, its direction by its
 * linear part). */
static CmObject *
object_mapped (const CmObject *object, CaromAffine m)
{
  CmObject *copy = cm_object_copy (object);
  double det = m.a * m.d - m.b * m.c;
  if (copy->kind != CM_OBJECT_POLYGON)
    {
      copy->center = carom_affine_apply (m, copy->center);
      copy->beam_end = carom_affine_apply (m, copy->beam_end);
      copy->radius *= sqrt (fabs (det));
      copy->direction = cg_normalize (carom_affine_apply_linear (m, copy->direction));
      return copy;
    }
  for (size_t k = 0; k < copy->n_points; k++)
    copy->points[k] = carom_affine_apply (m, copy->points[k]);
  /* Arcs (only under a similarity, which keeps them arcs): the centre moves,
   * the radius scales, a reflection turns the other way. */
  for (size_t k = 0; copy->edges != NULL && k < copy->n_points; k++)
    if (copy->edges[k].sweep != 0.0)
      {
        copy->edges[k].q = carom_affine_apply (m, copy->edges[k].q);
        copy->edges[k].R *= sqrt (fabs (det));
        if (det < 0.0)
          copy->edges[k].sweep = -copy->edges[k].sweep;
      }
  return copy;
}

/* An edited clone becomes a copy: the <use> turns into a <g> with its own
 * attributes (class, style, transform) and children, holding its objects as
 * Carom writes them, in its user units. */
static void
write_use_as_group (Writer *w, const Slot *slot, guint32 first, gsize prefix_length)
{
  const char *text = w->source->text->str;
  GString *out = w->out;
  CaromAffine inv
      = carom_svg_keep_affine_inverse (g_array_index (w->source->ctms, CaromAffine, slot->ctm));
  g_autoptr (GString) name = g_string_new_len (text + slot->start, (gssize)prefix_length);
  g_string_append_c (name, 'g');
  g_string_append_printf (out, "<%s%s", name->str, w->ns_decls);
  g_string_append_len (out, text + slot->kept_start, slot->attrs_end - slot->kept_start);
  g_string_append_c (out, '>');
  for (guint32 i = first; i != G_MAXUINT32; i = w->next[i])
    {
      g_autoptr (CmObject) mapped = object_mapped (g_ptr_array_index (w->scene->objects, i), inv);
      carom_svg_keep_write_native (w, mapped, TRUE);
    }
  if (!(slot->flags & SLOT_EMPTY))
    copy_range (w, slot->attrs_end, slot->end);
  g_string_append_printf (out, "</%s>", name->str);
}

void
carom_svg_keep_write_slot (Writer *w, guint index)
{
  const CmSceneSource *source = w->source;
  const Slot *slot = &g_array_index (source->slots, Slot, index);
  guint32 first = w->slot_first[index];
  if (first == G_MAXUINT32)
    return; /* every object of it was deleted: so is the element */
  const char *text = source->text->str;
  GString *out = w->out;

  gboolean unchanged = w->unchanged[index] == SLOT_SAME;

  /* The qualified name: the same prefix, maybe a new local name. */
  const char *qname = text + slot->start;
  gsize qname_length = slot->name_end - slot->start;
  const char *colon = memchr (qname, ':', qname_length);
  gsize prefix_length = colon != NULL ? (gsize)(colon - qname) + 1 : 0;
  g_autoptr (GString) name = g_string_new_len (qname, (gssize)qname_length);

  if (!unchanged && slot->shape == CAROM_SVG_KEEP_USE)
    {
      write_use_as_group (w, slot, first, prefix_length);
      return;
    }
  g_string_append_c (out, '<');
  if (unchanged)
    g_string_append_len (out, qname, slot->managed_end - slot->start);
  else if (w->unchanged[index] == SLOT_RELABELLED)
    {
      /* Only a name moved: the element as it was, its carom:label-offset
       * written anew (in its own user units). */
      g_string_append_len (out, qname, qname_length);
      g_string_append_len (out, text + slot->label_start, slot->label_end - slot->label_start);
      const CmObject *lead = g_ptr_array_index (w->scene->objects, first);
      if (lead->label_placed)
        {
          if (source->carom_taken)
            g_string_append (out, " xmlns:carom=\"" CAROM_SCENE_NAMESPACE "\"");
          CaromAffine inv = carom_svg_keep_affine_inverse (
              g_array_index (source->ctms, CaromAffine, slot->ctm));
          carom_svg_append_label_offset (out, carom_affine_apply_linear (inv, lead->label_offset));
        }
    }
  else
    {
      g_autoptr (GString) attrs = g_string_new (NULL);
      const char *local = carom_svg_keep_write_managed (w, slot, first, attrs);
      g_string_truncate (name, prefix_length);
      g_string_append (name, local);
      g_string_append_len (out, name->str, (gssize)name->len);
      g_string_append (out, w->ns_decls);
      g_string_append_len (out, attrs->str, (gssize)attrs->len);
      g_string_append_len (out, text + slot->kept_start, slot->attrs_end - slot->kept_start);
    }
  if (slot->flags & SLOT_EMPTY)
    {
      g_string_append (out, "/>");
      return;
    }
  g_string_append_c (out, '>');
  copy_range (w, slot->attrs_end, slot->end);
  g_string_append_printf (out, "</%s>", name->str);
}

gboolean
carom_svg_source_is_foreign (const CmSceneSource *source)
{
  return source->foreign;
}

const char *
carom_svg_source_text (const CmSceneSource *source, gsize *length)
{
  *length = source->text->len;
  return source->text->str;
}

char *
carom_svg_source_write (const CmSceneSource *source, const CmScene *scene, const char *generated,
                        gsize *length)
{
  return carom_svg_source_write_over (source, scene, generated, NULL, 0, length);
}

char *
carom_svg_source_write_over (const CmSceneSource *source, const CmScene *scene,
                             const char *generated, const char *raw, gsize raw_length,
                             gsize *length)
{
  GPtrArray *objects = scene->objects;
  guint n_slots = source->slots->len;
  g_autofree guint32 *slot_first = g_new (guint32, MAX (n_slots, 1));
  g_autofree guint32 *slot_last = g_new (guint32, MAX (n_slots, 1));
  g_autofree guint32 *slot_count = g_new0 (guint32, MAX (n_slots, 1));
  g_autofree guint32 *next = g_new (guint32, MAX (objects->len, 1));
  g_autofree guint32 *native = g_new (guint32, source->n_native + 1);
  g_autofree guint8 *fresh = g_new0 (guint8, MAX (objects->len, 1));
  memset (slot_first, 0xff, MAX (n_slots, 1) * sizeof *slot_first);
  memset (native, 0xff, (source->n_native + 1) * sizeof *native);

  /* Each object back to its element; a second claim (a copy made outside
   * the edit commands) and anything without an origin is new. */
  for (guint i = 0; i < objects->len; i++)
    {
      const CmObject *object = g_ptr_array_index (objects, i);
      guint32 origin = object->origin;
      next[i] = G_MAXUINT32;
      if (origin & ORIGIN_NATIVE)
        {
          guint32 ordinal = origin & ~ORIGIN_NATIVE;
          if (ordinal >= 1 && ordinal <= source->n_native && native[ordinal] == G_MAXUINT32)
            native[ordinal] = i;
          else
            fresh[i] = TRUE;
        }
      else if (origin >= 1 && origin <= n_slots
               && slot_count[origin - 1]
                      < g_array_index (source->slots, Slot, origin - 1).n_objects)
        {
          guint k = origin - 1;
          if (slot_count[k]++ == 0)
            slot_first[k] = i;
          else
            next[slot_last[k]] = i;
          slot_last[k] = i;
        }
      else
        fresh[i] = TRUE;
    }

  /* Which elements change; Carom's namespace is declared on the root when
   * anything written anew needs it. */
  g_autofree guint8 *unchanged = g_new0 (guint8, MAX (n_slots, 1));
  gboolean carom_needed = source->n_native > 0;
  for (guint k = 0; k < n_slots; k++)
    {
      guint64 h = HASH_SEED, shape = HASH_SEED;
      guint count = 0;
      for (guint32 i = slot_first[k]; i != G_MAXUINT32; i = next[i], count++)
        {
          h = carom_svg_keep_hash_object (h, g_ptr_array_index (objects, i), FALSE);
          shape = carom_svg_keep_hash_object (shape, g_ptr_array_index (objects, i), TRUE);
        }
      const Slot *slot = &g_array_index (source->slots, Slot, k);
      gboolean all = count == slot->n_objects;
      if (count == 0 || (all && h == g_array_index (source->hashes, guint64, k)))
        unchanged[k] = SLOT_SAME;
      else if (all && shape == g_array_index (source->shapes, guint64, k)
               && slot->shape != CAROM_SVG_KEEP_USE)
        unchanged[k] = SLOT_RELABELLED;
      carom_needed = carom_needed || unchanged[k] != SLOT_SAME;
    }
  for (guint i = 0; i < objects->len && !carom_needed; i++)
    carom_needed = fresh[i];

  char stroke[CAROM_SVG_NUMBER_BUF];
  if (source->native_stroke != NULL)
    g_strlcpy (stroke, source->native_stroke, sizeof stroke);
  else
    carom_svg_native_stroke_width (scene, stroke);
  GString *decls = g_string_new (NULL);
  if (source->svg_prefixed)
    g_string_append (decls, " xmlns=\"" CAROM_SVG_NAMESPACE "\"");
  if (source->carom_taken)
    g_string_append (decls, " xmlns:carom=\"" CAROM_SCENE_NAMESPACE "\"");
  Writer w = {
    .source = source,
    .scene = scene,
    .out = g_string_sized_new (source->text->len + source->n_native * 64 + 256),
    .slot_first = slot_first,
    .next = next,
    .native = native,
    .unchanged = unchanged,
    .stroke = stroke,
    .ns_decls = decls->str,
  };
  if (raw != NULL)
    {
      char *written
          = carom_svg_keep_write_raw (&w, raw, raw_length, fresh, carom_needed, generated, length);
      if (written != NULL || !source->foreign)
        {
          /* A document of Carom's own whose bytes are not at hand is
           * written anew by the caller. */
          g_string_free (w.out, TRUE);
          g_string_free (decls, TRUE);
          return written;
        }
    }
  GString *out = w.out;
  const char *text = source->text->str;

  g_string_append (out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  copy_range (&w, 0, source->root_ns_end);
  if (carom_needed && !source->carom_bound && !source->carom_taken)
    g_string_append (out, " xmlns:carom=\"" CAROM_SCENE_NAMESPACE "\"");
  copy_range (&w, source->root_ns_end, source->root_tag_end);

  /* New content goes before the whitespace that ends the root, so that the
   * root ends as it did (and a generated drawing dropped on reading, with
   * the whitespace before it, leaves the text as it was). */
  guint32 tail = source->root_close;
  guint32 last_end = n_slots > 0 ? g_array_index (source->slots, Slot, n_slots - 1).end : 0;
  while (tail > source->root_tag_end + 1 && tail > last_end && carom_svg_is_space (text[tail - 1]))
    tail--;

  /* Walk the text: slots and native marks in document order. */
  guint32 k = source->root_tag_end, ordinal = 0;
  guint slot_index = 0;
  while (k < tail)
    {
      guint32 stop
          = slot_index < n_slots ? g_array_index (source->slots, Slot, slot_index).start : tail;
      guint32 run = k;
      while (run < stop && text[run] != MARK_STYLED && text[run] != MARK_BARE)
        run++;
      g_string_append_len (out, text + k, run - k);
      if (run < stop)
        {
          guint32 i = native[++ordinal];
          if (i != G_MAXUINT32)
            carom_svg_keep_write_native (&w, g_ptr_array_index (objects, i),
                                         text[run] == MARK_STYLED);
          k = run + 1;
          continue;
        }
      k = stop;
      if (slot_index < n_slots)
        {
          carom_svg_keep_write_slot (&w, slot_index);
          k = g_array_index (source->slots, Slot, slot_index).end;
          slot_index++;
        }
    }

  /* New objects at the end of the root, then the generated drawing. */
  for (guint i = 0; i < objects->len; i++)
    if (fresh[i])
      {
        g_string_append (out, "\n  ");
        carom_svg_keep_write_native (&w, g_ptr_array_index (objects, i), TRUE);
      }
  if (generated != NULL)
    {
      /* Declared on the group itself, so that dropping it on reading
       * leaves the root as it was. */
      g_string_append (out, "\n  <g carom:generated=\"true\" " CAROM_SVG_GENERATED_LAYER);
      g_string_append (out, w.ns_decls);
      if (!source->carom_bound && !source->carom_taken)
        g_string_append (out, " xmlns:carom=\"" CAROM_SCENE_NAMESPACE "\"");
      g_string_append (out, ">\n");
      g_string_append (out, generated);
      if (out->len > 0 && out->str[out->len - 1] != '\n')
        g_string_append_c (out, '\n');
      g_string_append (out, "  </g>");
    }
  copy_range (&w, tail, (guint32)source->text->len);
  g_string_free (decls, TRUE);
  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

const GPtrArray *
carom_svg_get_losses (const CmScene *scene)
{
  g_return_val_if_fail (scene != NULL, NULL);
  if (scene->source == NULL || scene->source->losses->len == 0)
    return NULL;
  return scene->source->losses;
}
