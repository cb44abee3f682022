#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs every example of examples/ into a folder of its own and checks that it
# ends well and writes its files. Usage: run-examples.sh PYTHON GJS SOURCE_ROOT
set -uo pipefail
python=$1 gjs=$2 root=$3
n=0 failed=0
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run() { # name, expected file, command...
  local name=$1 file=$2
  shift 2
  n=$((n + 1))
  mkdir -p "$out/$name"
  if "$@" "$out/$name" > "$out/$name.log" 2>&1 && [ -s "$out/$name/$file" ]; then
    echo "ok $n - $name wrote $file"
  else
    echo "not ok $n - $name"
    sed 's/^/# /' "$out/$name.log"
    failed=1
  fi
}
run seed-from-code seed.pdf "$python" "$root/examples/seed-from-code.py"
run launch-angles angle-42.5.png "$python" "$root/examples/launch-angles.py"
run many-tables map.png "$python" "$root/examples/many-tables.py"
if [ -x "$gjs" ]; then
  run trace.js room.svg "$gjs" "$root/examples/trace.js"
else
  n=$((n + 1))
  echo "not ok $n - trace.js: gjs is missing (scripts/debian-packages-test installs it)"
  failed=1
fi
echo "1..$n"
exit $failed
