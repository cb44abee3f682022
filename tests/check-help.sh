#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The user help (help/): the Mallard pages validate in English and in every
# language of help/LINGUAS, their links and figures resolve, every page and
# figure is installed by help/meson.build, and each translation translates
# every message of the current pages with nothing fuzzy.  usage: SRC
set -euo pipefail
cd "$1/help"
for program in yelp-check itstool msgfmt msgmerge; do
  command -v "$program" > /dev/null ||
    { echo "1..0 # SKIP $program is missing (scripts/debian-packages lists it)"; exit 0; }
done
languages=$(sed -e 's/#.*//' -e '/^\s*$/d' LINGUAS)
echo "1..$((3 + 3 * $(echo "$languages" | wc -w)))"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
n=0
fail=0
check() { # DESCRIPTION, then a command that prints nothing and succeeds when all is well
  local description=$1 out
  shift
  n=$((n + 1))
  if out=$("$@" 2>&1) && [ -z "$out" ]; then
    echo "ok $n $description"
  else
    echo "not ok $n $description"
    printf '%s\n' "$out" | sed 's/^/# /'
    fail=1
  fi
}

pages=(C/*.page)
# A page that does not validate makes yelp-check print why; quiet otherwise.
validate() { yelp-check validate "$@" | grep -v '^$' || true; }
# Pages and figures the install must carry: each file must be named in meson.build.
installed() {
  for f in C/*.page C/legal.xml C/figures/*; do
    grep -q "'${f#C/}'" meson.build || echo "$f is not listed in help/meson.build"
  done
}
check "the English pages are valid Mallard" validate "${pages[@]}"
check "every link and figure of the English pages resolves" \
  bash -c 'yelp-check links C; yelp-check media C'
check "help/meson.build installs every page and figure" installed

itstool -o "$work/carom.pot" "${pages[@]}" C/legal.xml
for lang in $languages; do
  # Complete: the translation merged with the current pages has no message
  # untranslated or fuzzy.
  complete() {
    msgmerge --quiet --no-fuzzy-matching "$lang/$lang.po" "$work/carom.pot" -o "$work/$lang.po"
    stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$work/$lang.po" 2>&1)
    if echo "$stats" | grep -q -E 'untranslated|fuzzy'; then echo "$stats"; fi
  }
  check "$lang: every message of the pages is translated" complete
  # Merged as meson's gnome.yelp merges them; itstool falls back to English,
  # with a warning, for a translation whose markup does not match.
  mkdir -p "$work/$lang/figures"
  merge() {
    msgfmt -o "$work/$lang.mo" "$lang/$lang.po"
    itstool -m "$work/$lang.mo" --lang "$lang" -o "$work/$lang" "${pages[@]}" C/legal.xml 2>&1
  }
  check "$lang: every translation merges into its page" merge
  cp C/figures/* "$work/$lang/figures/"
  if [ -d "$lang/figures" ]; then cp "$lang"/figures/* "$work/$lang/figures/"; fi
  check "$lang: the translated pages are valid Mallard, their links and figures resolve" \
    bash -c "yelp-check validate $work/$lang/*.page | grep -v '^\$' || true;
             yelp-check links $work/$lang; yelp-check media $work/$lang"
done
exit $fail
