#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# After the quick start, F1 opens the help in a help browser, in English and in
# Chinese: stages the help as scripts/setup does, runs the window from the
# build tree (as scripts/run does), presses F1 and waits for yelp's window.
# yelp must find Carom's pages in its data folders in the window's language.
# Run under xvfb-run and dbus-run-session (tests/meson.build), TAP output.
#   test-help-f1.sh CAROM BUILD_ROOT SOURCE_ROOT
set -uo pipefail
carom=$1
build_root=$2
source_root=$3

echo "1..3"
if ! command -v yelp >/dev/null || ! command -v xdotool >/dev/null; then
  echo "not ok 1 - yelp and xdotool are installed (scripts/debian-packages, -test)"
  echo "not ok 2 - F1 in English # not run"
  echo "not ok 3 - F1 in Chinese # not run"
  exit 1
fi
rm -rf "$build_root/help-stage"
if meson install -C "$build_root" --tags doc --no-rebuild --quiet --destdir help-stage >/dev/null; then
  echo "ok 1 - the help is staged in the build tree"
else
  echo "not ok 1 - meson install --tags doc --destdir help-stage"
fi

n=1
for lang in C zh_CN; do
  n=$((n + 1))
  case $lang in C) title=Help ;; zh_CN) title=帮助 ;; esac
  pkill -x yelp 2>/dev/null
  LANGUAGE=$lang "$carom" "$source_root/data/examples/seed.svg" >/dev/null 2>&1 &
  app=$!
  problem=
  if ! timeout 20 xdotool search --sync --name 'seed' >/dev/null 2>&1; then
    problem="the window did not appear"
  else
    sleep 1
    xdotool key F1
    yelp_window=
    for _ in $(seq 40); do
      yelp_window=$(xdotool search --class yelp 2>/dev/null | head -1)
      [ -n "$yelp_window" ] && break
      sleep 0.5
    done
    if [ -z "$yelp_window" ]; then
      problem="no yelp window appeared after F1"
    else
      # yelp names its window once the page is loaded: wait for it (a busy
      # machine may take seconds).
      name=
      for _ in $(seq 60); do
        name=$(xdotool getwindowname "$yelp_window" 2>/dev/null)
        [ -n "$name" ] && [ "$name" != "yelp" ] && break
        sleep 0.5
      done
      pid=$(pgrep -x yelp | head -1)
      dirs=$(tr '\0' '\n' <"/proc/$pid/environ" | sed -n 's/^XDG_DATA_DIRS=//p')
      found=
      IFS=: read -ra dir_list <<<"$dirs"
      for d in "${dir_list[@]}"; do
        if [ -f "$d/help/$lang/carom/index.page" ]; then
          found=$d
          break
        fi
      done
      if [ "$name" != "$title" ]; then
        problem="yelp's window is named “$name”, not “$title”"
      elif [ -z "$found" ]; then
        problem="yelp's data folders ($dirs) hold no help/$lang/carom/index.page"
      fi
    fi
  fi
  pkill -x yelp 2>/dev/null
  kill "$app" 2>/dev/null
  wait "$app" 2>/dev/null
  if [ -z "$problem" ]; then
    echo "ok $n - F1 in $lang opens yelp on Carom's help"
  else
    echo "not ok $n - F1 in $lang: $problem"
  fi
done
