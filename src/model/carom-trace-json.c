/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-trace-json.c: the JSON of a trace (docs/cli.md, "carom trace"). */
#include "carom-trace-json.h"

#include "carom-number.h"

static void
json_string (GString *out, const char *s)
{
  g_string_append_c (out, '"');
  for (const unsigned char *p = (const unsigned char *)s; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_printf (out, "\\%c", *p);
      else if (*p < 0x20)
        g_string_append_printf (out, "\\u%04x", *p);
      else
        g_string_append_c (out, (char)*p);
    }
  g_string_append_c (out, '"');
}

static void
json_number (GString *out, double value)
{
  char buf[CAROM_G17_BUF_SIZE];
  if (value == 0.0)
    value = 0.0; /* -0 prints as 0 */
  g_string_append_len (out, buf, (gssize)carom_format_g17 (value, buf));
}

static void
json_vec (GString *out, CgVec2 v)
{
  g_string_append_c (out, '[');
  json_number (out, v.x);
  g_string_append (out, ", ");
  json_number (out, v.y);
  g_string_append_c (out, ']');
}

void
carom_trace_json_open (GString *out)
{
  g_string_append (out, "{\n  \"balls\": [");
}

void
carom_trace_json_ball_begin (GString *out, const CaromBallTrace *bt, guint n_before)
{
  const CgTrace *t = &bt->trace;
  g_string_append (out, n_before == 0 ? "\n    {\n      \"id\": " : ",\n    {\n      \"id\": ");
  json_string (out, bt->ball->id);
  g_string_append (out, ", \"start\": ");
  json_vec (out, t->start);
  g_string_append (out, ", \"direction\": ");
  json_vec (out, t->direction);
  g_string_append (out, ", \"radius\": ");
  json_number (out, t->radius);
  g_string_append (out, ",\n      \"hits\": [");
}

void
carom_trace_json_hit (GString *out, const CmSceneTrace *st, const CgHit *hit, gboolean first)
{
  const CmObject *object = cm_scene_trace_polygon (st, hit->object);
  g_string_append (out, first ? "\n" : ",\n");
  g_string_append_printf (out, "        {\"index\": %u, \"point\": ", hit->index);
  json_vec (out, hit->point);
  g_string_append (out, ", \"distance\": ");
  json_number (out, hit->distance);
  g_string_append (out, ", \"normal\": ");
  json_vec (out, hit->normal);
  g_string_append (out, ",\n         \"object\": ");
  json_string (out, object->id);
  g_string_append_printf (out, ", \"role\": \"%s\", ", cm_object_role_name (object));
  if (hit->kind == CG_PRIM_SEGMENT)
    g_string_append_printf (out, "\"primitive\": \"segment\", \"edge\": %u,\n", hit->element);
  else if (hit->part == CG_PART_EDGE)
    g_string_append_printf (out, "\"primitive\": \"arc\", \"edge\": %u,\n", hit->element);
  else
    g_string_append_printf (out, "\"primitive\": \"arc\", \"vertex\": %u,\n", hit->element);
  g_string_append_printf (
      out, "         \"action\": \"%s\", \"in\": ", hit->reflected ? "reflect" : "stop");
  json_vec (out, hit->in);
  g_string_append (out, ", \"out\": ");
  json_vec (out, hit->out);
  g_string_append_c (out, '}');
}

void
carom_trace_json_ball_end (GString *out, const CaromBallTrace *bt, gsize n_hits)
{
  g_string_append (out, n_hits > 0 ? "\n      ],\n" : "],\n");
  g_string_append_printf (out, "      \"status\": \"%s\"\n    }",
                          cg_trace_status_name (bt->trace.status));
}

void
carom_trace_json_close (GString *out, guint n_balls)
{
  g_string_append (out, n_balls > 0 ? "\n  ]\n}\n" : "]\n}\n");
}

char *
carom_trace_json (const CmSceneTrace *trace, gsize *length)
{
  g_return_val_if_fail (trace != NULL, NULL);
  GString *out = g_string_sized_new (4096 + trace->n_hits * 300);
  carom_trace_json_open (out);
  for (guint i = 0; i < trace->balls->len; i++)
    {
      const CaromBallTrace *bt = &g_array_index (trace->balls, CaromBallTrace, i);
      carom_trace_json_ball_begin (out, bt, i);
      for (gsize k = 0; k < bt->trace.n_hits; k++)
        carom_trace_json_hit (out, trace, &bt->trace.hits[k], k == 0);
      carom_trace_json_ball_end (out, bt, bt->trace.n_hits);
    }
  carom_trace_json_close (out, trace->balls->len);
  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}
