/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-trace-budget.c: how a scene's work budget is shared. */
#include "carom-trace-budget.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>

void
carom_trace_plan_free (CaromTracePlan *plan)
{
  if (plan == NULL)
    return;
  g_clear_pointer (&plan->objects, g_array_unref);
  g_free (plan);
}

CaromTracePlan *
carom_trace_plan_new (const CmScene *scene, gint64 max_bounces_override, guint64 budget)
{
  g_return_val_if_fail (scene != NULL, NULL);
  CaromTracePlan *plan = g_new0 (CaromTracePlan, 1);
  plan->objects = g_array_new (FALSE, FALSE, sizeof (CaromBudgetObject));
  /* The balls and beams that ask, in document order; cg_plan_make() shares
   * the budget between them (the web page's core does the same). */
  g_autoptr (GArray) entries = g_array_new (FALSE, FALSE, sizeof (CgPlanEntry));
  for (guint i = 0; i < scene->objects->len; i++)
    {
      const CmObject *object = g_ptr_array_index (scene->objects, i);
      if ((object->kind != CM_OBJECT_BALL && object->kind != CM_OBJECT_BEAM) || object->hidden
          || (object->kind == CM_OBJECT_BEAM && object->count == 0))
        continue;
      CgSource source = cm_object_source (object);
      CgPlanEntry e = { .rays = cg_source_rays (&source),
                        .max_bounces = cg_source_max_bounces (&source, max_bounces_override) };
      g_array_append_val (entries, e);
      CaromBudgetObject o = { .index = i, .rays = e.rays, .max_bounces = e.max_bounces };
      g_array_append_val (plan->objects, o);
    }
  CgPlan shared;
  cg_plan_make (&shared, (CgPlanEntry *)entries->data, entries->len, budget);
  plan->budget = shared.budget;
  plan->asked = shared.asked;
  plan->rays = shared.rays;
  plan->level = shared.level;
  plan->extra = shared.extra;
  plan->cut = shared.cut;
  for (guint i = 0; i < plan->objects->len; i++)
    {
      CaromBudgetObject *o = &g_array_index (plan->objects, CaromBudgetObject, i);
      const CgPlanEntry *e = &g_array_index (entries, CgPlanEntry, i);
      o->traced = e->traced;
      o->allowance = e->allowance;
    }
  return plan;
}

const CaromBudgetObject *
carom_trace_plan_object (const CaromTracePlan *plan, guint index)
{
  g_return_val_if_fail (plan != NULL, NULL);
  /* Objects are in document order: halve. */
  guint lo = 0, hi = plan->objects->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const CaromBudgetObject *o = &g_array_index (plan->objects, CaromBudgetObject, mid);
      if (o->index == index)
        return o;
      if (o->index < index)
        lo = mid + 1;
      else
        hi = mid;
    }
  return NULL;
}

guint32
carom_trace_plan_ray_allowance (const CaromTracePlan *plan, const CaromBudgetObject *o,
                                guint64 *cut_rays_so_far)
{
  CgPlan shared = { .level = plan->level, .extra = plan->extra };
  CgPlanEntry e = {
    .rays = o->rays, .max_bounces = o->max_bounces, .traced = o->traced, .allowance = o->allowance
  };
  return cg_plan_ray_allowance (&shared, &e, cut_rays_so_far);
}

char *
carom_format_count (double n)
{
  /* %'.0f groups the digits as the locale does; C's locale does not, so
   * English gets its commas here. */
  char buf[64];
  if (!isfinite (n) || n >= 1e18)
    {
      g_ascii_formatd (buf, sizeof buf, "%.3g", n);
      return g_strdup (buf);
    }
  g_snprintf (buf, sizeof buf, "%.0f", n);
  const struct lconv *lc = localeconv ();
  const char *sep
      = lc->thousands_sep != NULL && lc->thousands_sep[0] != '\0' ? lc->thousands_sep : ",";
  GString *out = g_string_new (NULL);
  size_t len = strlen (buf);
  for (size_t i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append (out, sep);
      g_string_append_c (out, buf[i]);
    }
  return g_string_free (out, FALSE);
}

char *
carom_trace_plan_message (const CaromTracePlan *plan, const CmScene *scene, const char *how)
{
  g_return_val_if_fail (plan != NULL && scene != NULL, NULL);
  if (!plan->cut)
    return NULL;
  g_autofree char *asked = carom_format_count (plan->asked);
  g_autofree char *budget = carom_format_count ((double)plan->budget);
  GString *out = g_string_new (NULL);
  g_string_append_printf (
      out,
      /* TRANSLATORS: the first line of the message when a scene asks for more
       * work than the budget: "The scene asks for 1,000,000,000,000 rays and hits;
       * the work budget is 7,000,000." */
      _ ("The scene asks for %s rays and hits; the work budget is %s, so it is traced in part."),
      asked, budget);
  guint listed = 0;
  guint64 cut_so_far = 0; /* cut rays before this object, in trace order */
  for (guint i = 0; i < plan->objects->len; i++)
    {
      const CaromBudgetObject *o = &g_array_index (plan->objects, CaromBudgetObject, i);
      if (o->traced && o->allowance >= o->max_bounces)
        continue;
      /* Of its rays, how many get one hit more than the level. */
      guint64 plus
          = o->traced && cut_so_far < plan->extra ? MIN (plan->extra - cut_so_far, o->rays) : 0;
      if (o->traced)
        cut_so_far += o->rays;
      if (listed++ == 8)
        {
          g_string_append (out, "\n");
          g_string_append (out, _ ("  … and more."));
          break;
        }
      const CmObject *object = g_ptr_array_index (scene->objects, o->index);
      const char *id = object->id != NULL ? object->id : "";
      g_autofree char *rays = carom_format_count (o->rays);
      g_autofree char *bounces = carom_format_count (o->max_bounces);
      g_autofree char *given = carom_format_count (o->allowance);
      g_autofree char *more = carom_format_count ((double)o->allowance + 1.0);
      gboolean beam = object->kind == CM_OBJECT_BEAM;
      g_string_append_c (out, '\n');
      if (!o->traced)
        g_string_append_printf (
            out,
            beam ? _ ("  beam “%s” (%s rays × %s bounces): not traced, the budget’s rays ran out")
                 : _ ("  ball “%s” (%s × %s bounces): not traced, the budget’s rays ran out"),
            id, rays, bounces);
      else if (beam && plus > 0 && plus < o->rays)
        /* TRANSLATORS: "beam “fan” (1,000,000 rays × 1,000,000 bounces): 6 or 7 hits a ray" */
        g_string_append_printf (out, _ ("  beam “%s” (%s rays × %s bounces): %s or %s hits a ray"),
                                id, rays, bounces, given, more);
      else if (beam)
        g_string_append_printf (out, _ ("  beam “%s” (%s rays × %s bounces): %s hits a ray"), id,
                                rays, bounces, plus > 0 ? more : given);
      else
        /* TRANSLATORS: "ball “b” (1 × 10,000,000 bounces): its first 6,999,999 hits" */
        g_string_append_printf (out, _ ("  ball “%s” (%s × %s bounces): its first %s hits"), id,
                                rays, bounces, plus > 0 ? more : given);
    }
  if (how != NULL)
    {
      g_string_append_c (out, '\n');
      g_string_append (out, how);
    }
  return g_string_free (out, FALSE);
}
