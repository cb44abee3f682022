#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Validates the desktop file, the AppStream metainfo and the GSettings schema
# the way distributions and software centres will. usage: SRC BUILD
set -euo pipefail
src=$1 build=$2
echo "1..3"
desktop-file-validate "$build/data/io.carom.Carom.desktop" && echo "ok 1 desktop file"
appstream-util validate-relax --nonet "$build/data/io.carom.Carom.metainfo.xml" >/dev/null \
  && echo "ok 2 metainfo"
glib-compile-schemas --strict --dry-run "$src/data" && echo "ok 3 gsettings schema"
