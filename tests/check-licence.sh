#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Every source file says its licence in its first lines (an SPDX-License-Identifier),
# and COPYING holds the licence's text. usage: SRC
set -euo pipefail
cd "$1"
echo "1..2"
grep -q "GNU GENERAL PUBLIC LICENSE" COPYING && grep -q "Version 3" COPYING &&
  echo "ok 1 COPYING holds the GPL version 3" || { echo "not ok 1 COPYING is missing"; exit 1; }
missing=()
while IFS= read -r f; do
  case "$f" in
    *.c | *.h | */meson.build | meson.build | meson_options.txt | *.sh | *.py | scripts/* | .ci/run) ;;
    *) continue ;;
  esac
  head -n 3 "$f" | grep -q "SPDX-License-Identifier: GPL-3.0-or-later" || missing+=("$f")
done < <(git ls-files 2>/dev/null || find . -type f -not -path './.git/*' -not -path './build*' | sed 's#^\./##')
if ((${#missing[@]})); then
  echo "not ok 2 no SPDX-License-Identifier line in: ${missing[*]}"
  exit 1
fi
echo "ok 2 every source file names its licence"
