#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Keeps translations honest: po/POTFILES.in is sorted and lists every file
# with translatable strings, and po/zh_CN.po translates every message of the
# current sources, with nothing fuzzy or untranslated. usage: SRC
set -euo pipefail
cd "$1"
echo "1..3"

listed=$(grep -v '^#' po/POTFILES.in | sed '/^$/d')
if [ "$listed" != "$(printf '%s\n' "$listed" | LC_ALL=C sort)" ]; then
  echo "not ok 1 po/POTFILES.in is not sorted"; exit 1
fi
marked=$( (grep -l -E '\b(N?_|C_|g_dngettext) \(' src/*/*.c; grep -l 'translatable="yes"' ui/*.ui ui/*/*.ui) | LC_ALL=C sort -u)
missing=$(comm -23 <(printf '%s\n' "$marked") <(printf '%s\n' "$listed" | LC_ALL=C sort))
if [ -n "$missing" ]; then
  echo "not ok 1 files with translatable strings missing from po/POTFILES.in: $missing"; exit 1
fi
echo "ok 1 POTFILES.in sorted and complete"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
xgettext --files-from=<(printf '%s\n' "$listed") --from-code=UTF-8 --keyword=_ --keyword=N_ \
  --keyword=C_:1c,2 --keyword=NC_:1c,2 --keyword=g_dngettext:2,3 --add-comments=Translators \
  --output="$work/carom.pot" 2>/dev/null
msgmerge --quiet --no-fuzzy-matching "po/zh_CN.po" "$work/carom.pot" -o "$work/zh_CN.po"
stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$work/zh_CN.po" 2>&1)
if echo "$stats" | grep -q -E 'untranslated|fuzzy'; then
  echo "not ok 2 po/zh_CN.po is incomplete for the current sources: $stats"; exit 1
fi
echo "ok 2 zh_CN complete: $stats"
LC_ALL=C msgfmt --check -o /dev/null po/zh_CN.po && echo "ok 3 zh_CN.po is valid"
