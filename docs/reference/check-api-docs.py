#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""libcarom's API reference builds with gi-docgen without a warning.

usage: check-api-docs.py GI_DOCGEN CONFIG CONTENT_DIR GIR_DIR GIR

GI_DOCGEN is gi-docgen's path ('' when meson did not find it: the test fails,
scripts/debian-packages-test installs it). The output is TAP:

1. `gi-docgen check` finds every symbol of the GIR documented: every type,
   function, parameter, return value, property, enum member and constant.
2. `gi-docgen generate`, into a temporary folder as meson's docs target
   runs it, exits 0 and prints nothing with --quiet: no warning (a broken
   [class@Carom.Foo] link, a bad annotation, a missing content file).
3. The reference has its pages: the namespace index, the overview, a page
   for each class, each FigureOptions property, the devhelp book and the
   search index.
4. Every link between its pages (href, src) leads to a file of the output.
"""

import html.parser
import os
import re
import subprocess
import sys
import tempfile
import urllib.parse


ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Tap:
    def __init__(self):
        self.n = 0
        self.failed = False

    def result(self, ok, name, details=()):
        self.n += 1
        print(f"{'ok' if ok else 'not ok'} {self.n} - {name}")
        for line in details:
            print(f"# {line}")
        self.failed |= not ok


def run(argv):
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          check=False)
    # gi-docgen colours its WARNING even into a pipe.
    return proc.returncode, ANSI.sub("", proc.stdout).splitlines()


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                self.links.append(value)


def local_target(link):
    """The file a link of a page leads to, or None for a link elsewhere."""
    parts = urllib.parse.urlsplit(link)
    if parts.scheme or parts.netloc or link.startswith("javascript:"):
        return None
    # A #fragment alone stays on its page; the namespace page's Website and
    # Source rows link to website_url and browse_url, which carom.toml leaves
    # empty.
    if parts.path == "":
        return None
    return urllib.parse.unquote(parts.path)


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    gi_docgen, config, content_dir, gir_dir, gir = sys.argv[1:]
    tap = Tap()
    if not gi_docgen:
        print("1..1")
        tap.result(False, "gi-docgen is missing: install Debian's gi-docgen "
                   "(scripts/debian-packages-test lists it) and reconfigure")
        return 1

    code, out = run([gi_docgen, "check", "--quiet", "--config", config,
                     "--add-include-path", gir_dir, gir])
    tap.result(code == 0 and not out,
               f"gi-docgen check: every symbol of {os.path.basename(gir)} is documented",
               out + ([f"exit status {code}"] if code != 0 else []))

    with tempfile.TemporaryDirectory(prefix="carom-api-docs-") as tmp:
        outdir = os.path.join(tmp, "carom-1")
        code, out = run([gi_docgen, "generate", "--quiet", "--no-namespace-dir",
                         "--config", config, "--content-dir", content_dir,
                         "--add-include-path", gir_dir, "--output-dir", outdir, gir])
        tap.result(code == 0 and not out, "gi-docgen generate: no warning",
                   out + ([f"exit status {code}"] if code != 0 else []))

        with open(gir, encoding="utf-8") as f:
            text = f.read()
        classes = re.findall(r'<class name="(\w+)"', text)
        options = re.search(r'<class name="FigureOptions".*?</class>', text, re.S).group(0)
        properties = re.findall(r'<property name="([\w-]+)"', options)
        expected = (["index.html", "overview.html", "carom-1.devhelp2", "index.json",
                     "struct.Hit.html", "error.Error.html"]
                    + [f"class.{c}.html" for c in classes]
                    + [f"property.FigureOptions.{p}.html" for p in properties])
        missing = [p for p in expected if not os.path.isfile(os.path.join(outdir, p))]
        tap.result(not missing and len(classes) >= 4 and len(properties) >= 20,
                   f"the pages are there ({len(classes)} classes, "
                   f"{len(properties)} FigureOptions properties)",
                   [f"missing: {p}" for p in missing])

        broken = []
        pages = sorted(p for p in os.listdir(outdir) if p.endswith(".html"))
        for page in pages:
            parser = Links()
            with open(os.path.join(outdir, page), encoding="utf-8") as f:
                parser.feed(f.read())
            for link in parser.links:
                target = local_target(link)
                if target is not None and not os.path.exists(
                        os.path.normpath(os.path.join(outdir, target))):
                    broken.append(f"{page}: {link}")
        tap.result(not broken, f"the links between the {len(pages)} pages resolve", broken)

    print(f"1..{tap.n}")
    return 1 if tap.failed else 0


if __name__ == "__main__":
    sys.exit(main())
