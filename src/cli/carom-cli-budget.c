/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-cli-budget.c: --max-hits and what the budget cut, for every command
 * that traces. */
#include <glib/gi18n.h>
#include <math.h>

#include "carom-cli.h"

gboolean
carom_cli_check_budget (const char *command, gint64 n)
{
  if (n == 0 || (n >= (gint64)CAROM_BUDGET_MIN && n <= (gint64)CAROM_BUDGET_MAX))
    return TRUE;
  g_autofree char *lo = carom_format_count ((double)CAROM_BUDGET_MIN);
  g_autofree char *hi = carom_format_count ((double)CAROM_BUDGET_MAX);
  g_printerr ("%s: ", command);
  g_printerr (_ ("--max-hits needs a number from %s to %s"), lo, hi);
  g_printerr ("\n");
  return FALSE;
}

void
carom_cli_report_budget (const char *command, const CaromTracePlan *plan, const CmScene *scene)
{
  if (plan == NULL || !plan->cut)
    return;
  g_autofree char *more = carom_format_count (ceil (plan->asked));
  g_autofree char *most = carom_format_count ((double)CAROM_BUDGET_MAX);
  g_autofree char *how
      = plan->asked <= (double)CAROM_BUDGET_MAX
            ? g_strdup_printf (
                /* TRANSLATORS: %s is a number such as 1,000,000,000 */
                _ ("The balls cut end with the status “budget”. To trace more, raise the "
                   "budget: --max-hits %s traces everything the scene asks for."),
                more)
            : g_strdup_printf (
                /* TRANSLATORS: %s is the largest budget, 1,000,000,000,000 */
                _ ("The balls cut end with the status “budget”. To trace more, raise the "
                   "budget with --max-hits N (at most %s), or ask for fewer rays or "
                   "bounces."),
                most);
  g_autofree char *message = carom_trace_plan_message (plan, scene, how);
  g_printerr ("%s: %s\n", command, message);
}
