#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# libcarom links no GTK and no libadwaita; in a -Dgui=false build, neither
# does carom, whose headless commands (trace, export, map, save) then run.
# Usage: check-no-gtk.sh CAROM LIBCAROM GUI(true|false) SOURCE_ROOT
set -uo pipefail
carom=$1 lib=$2 gui=$3 root=$4
n=0 failed=0
check() { # description, command...
  local what=$1
  shift
  n=$((n + 1))
  if "$@"; then
    echo "ok $n - $what"
  else
    echo "not ok $n - $what"
    failed=1
  fi
}
links_no_gtk() { # binary
  local found
  found=$(ldd "$1" | grep -Ei 'libgtk|libadwaita' || true)
  [ -z "$found" ] || { echo "# $1 links: $found"; return 1; }
}
check "libcarom-1 links no GTK or libadwaita ($(basename "$lib"))" links_no_gtk "$lib"
check "carom links libcarom-1" bash -c "ldd '$carom' | grep -q libcarom-1"
if [ "$gui" = "false" ]; then
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
  scene=$root/data/examples/seed.svg
  check "carom (-Dgui=false) links no GTK or libadwaita" links_no_gtk "$carom"
  check "carom trace --json" bash -c "'$carom' trace --json '$scene' > '$out/t.json' && grep -q '\"hits\"' '$out/t.json'"
  check "carom export -o .png" bash -c "'$carom' export '$scene' -o '$out/f.png' && head -c 8 '$out/f.png' | od -An -c | grep -q 'P   N   G'"
  check "carom export -o .pdf" bash -c "'$carom' export '$scene' -o '$out/f.pdf' && head -c 4 '$out/f.pdf' | grep -q '%PDF'"
  check "carom export -o .svg" bash -c "'$carom' export '$scene' -o '$out/f.svg' && grep -q '<svg' '$out/f.svg'"
  check "carom map -o .csv" bash -c "'$carom' map '$scene' -o '$out/m.csv' && head -1 '$out/m.csv' | grep -q '^ball,hit,xi,sin_phi'"
  check "carom map -o .png" bash -c "'$carom' map '$scene' -o '$out/m.png' && [ -s '$out/m.png' ]"
  check "carom save" bash -c "'$carom' save '$scene' -o '$out/s.svg' && cmp -s '$scene' '$out/s.svg'"
  check "carom without a command says it has no window" bash -c "! '$carom' 2> '$out/err' && grep -q 'no window' '$out/err'"
fi
echo "1..$n"
exit $failed
