#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Takes the help's figures (help/C/figures/*.png and the Chinese ones in
# help/zh_CN/figures/) from Carom's window under Xvfb, with xdotool and
# ImageMagick's import. Look at every PNG afterwards: a figure must show what
# its page says.   usage: help/figures.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

# Inside Xvfb: help/figures.sh --shot BUILD OUT.png window|dialog [STEP…]
# A STEP is an xdotool key name, click:X,Y or sleep:SECONDS.
if [ "${1:-}" = "--shot" ]; then
  build=$2 out=$3 what=$4
  shift 4
  export GSETTINGS_SCHEMA_DIR="$build/data" GSETTINGS_BACKEND=memory
  export CAROM_LOCALEDIR="$build/po" CAROM_ICONDIR="$root/data/icons"
  export GSK_RENDERER=cairo NO_AT_BRIDGE=1 GTK_A11Y=none
  export XDG_STATE_HOME
  XDG_STATE_HOME=$(mktemp -d)
  "$build/src/carom" "$root/data/examples/seed.svg" &
  pid=$!
  trap 'kill $pid 2> /dev/null || true; rm -rf "$XDG_STATE_HOME"' EXIT
  window=$(xdotool search --sync --onlyvisible --class carom | head -1)
  sleep 2
  for step in "$@"; do
    case "$step" in
      sleep:*) sleep "${step#sleep:}" ;;
      click:*)
        xy=${step#click:}
        xdotool mousemove "${xy%,*}" "${xy#*,}" click 1
        ;;
      *) xdotool key "$step" ;;
    esac
    sleep 0.5
  done
  sleep 1
  # Park the pointer where it draws no hover highlight.
  xdotool mousemove 1099 719
  sleep 0.5
  if [ "$what" = dialog ]; then
    # The newest visible top-level window: a dialog opened by the steps.
    window=$(xdotool search --onlyvisible --class carom | tail -1)
  fi
  import -window "$window" "$out"
  exit 0
fi

build=$(realpath "${1:-build}")
[ -x "$build/src/carom" ] || { echo "help/figures.sh: no $build/src/carom; build first" >&2; exit 2; }
for program in xvfb-run dbus-run-session xdotool import; do
  command -v "$program" > /dev/null || { echo "help/figures.sh: $program is missing" >&2; exit 2; }
done
ninja -C "$build" data/gschemas.compiled carom-gmo > /dev/null

shot() {
  local language=$1
  shift
  LANGUAGE=$language LC_ALL=C.UTF-8 xvfb-run -a -s '-screen 0 1100x720x24' \
    dbus-run-session -- "$root/help/figures.sh" --shot "$build" "$@" > /dev/null 2>&1
}

for language in C zh_CN; do
  dir=$root/help/$language/figures
  mkdir -p "$dir"
  # The window at the first hit of the example.
  shot "$language" "$dir/window.png" window Right
  # The Hit page of the inspector (the third of its five tabs) at the first hit.
  shot "$language" "$dir/hit.png" window Right click:935,74
  # The Collision lab with its first test.
  shot "$language" "$dir/lab.png" window l sleep:1
  # The Export Diagram window.
  shot "$language" "$dir/export.png" dialog Right ctrl+e sleep:1
done
echo "help/figures.sh: wrote help/C/figures and help/zh_CN/figures; look at them"
