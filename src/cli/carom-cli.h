/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carom-cli.h: the headless commands (scene-format.md, "The command line"). */
#pragma once

#include <glib.h>

#include "model/carom-trace-budget.h"

G_BEGIN_DECLS

/// `carom trace`: argv[0] is "trace". Returns the process exit status.
int carom_cli_trace (int argc, char **argv);

/// `carom map`: argv[0] is "map". Returns the process exit status.
int carom_cli_map (int argc, char **argv);

/// `carom export`: argv[0] is "export". Returns the process exit status.
int carom_cli_export (int argc, char **argv);

/// `carom save`: argv[0] is "save". Returns the process exit status.
int carom_cli_save (int argc, char **argv);

/// `carom lab`: argv[0] is "lab". Returns the process exit status.
int carom_cli_lab (int argc, char **argv);

/// Formats a double so it reads back exactly (%.17g, C locale), with -0 as 0.
const char *carom_cli_format_number (double value, char buffer[G_ASCII_DTOSTR_BUF_SIZE]);

/// --max-hits N: the work budget a command traces within (0: not given).
/// FALSE (and a message naming the command) when n is out of range.
gboolean carom_cli_check_budget (const char *command, gint64 n);

/// Prints to stderr what the budget cut, when it cut something: which
/// objects asked for how much and how to raise it.
void carom_cli_report_budget (const char *command, const CaromTracePlan *plan,
                              const CmScene *scene);

G_END_DECLS
