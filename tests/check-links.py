#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The links of README.md and docs/*.md resolve in the repository.

usage: check-links.py SRC [FILE.md ...]

For each Markdown file (by default README.md and every docs/*.md of SRC),
every link and image must be one of:

- an http(s) or mailto link: allowed, never fetched;
- a relative path to a file or folder of the repository, not ignored by git;
  with a #fragment, the target is a Markdown file with a heading of that
  GitHub slug (or an HTML id/name), or any file with a line anchor (#L12);
- a #fragment alone: a heading of the same file.

A path that leaves the repository (../shared/...), an absolute path
(/work/...) or another scheme (file:) fails. Links in fenced code blocks and
in code spans are not links. The output is TAP: first a self-test on a
made-up tree (the checker must find every kind of broken link), then one
line per file.
"""

import os
import re
import subprocess
import sys
import tempfile
import unicodedata

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:[ \t]*(<[^>]*>|\S+)")
HTML_ATTR = re.compile(r"<(?:a|img|source)\b[^>]*?\b(?:href|src)\s*=\s*[\"']([^\"']*)[\"']", re.I)
HTML_ID = re.compile(r"<[a-z][^>]*?\b(?:id|name)\s*=\s*[\"']([^\"']*)[\"']", re.I)
LINE_ANCHOR = re.compile(r"^L\d+(?:C\d+)?(?:-L\d+(?:C\d+)?)?$")
SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")


def strip_code_spans(line):
    """The line with its code spans blanked out (their backticks kept)."""
    out, i = [], 0
    while i < len(line):
        if line[i] == "`":
            n = len(line) - len(line[i:].lstrip("`"))
            ticks = line[i : i + n]
            end = line.find(ticks, i + n)
            while end != -1 and end + n < len(line) and line[end + n] == "`":
                end = line.find(ticks, end + n + 1)
            if end == -1:
                out.append(ticks)
                i += n
                continue
            out.append(ticks + " " * (end - i - n) + ticks)
            i = end + n
        else:
            out.append(line[i])
            i += 1
    return "".join(out)


def prose_lines(text):
    """(line number, line) outside fenced code blocks."""
    fence = None
    for number, line in enumerate(text.splitlines(), 1):
        m = FENCE.match(line)
        if fence is None and m:
            fence = m.group(1)
            continue
        if fence is not None:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            continue
        yield number, line


def destination(text, start):
    """The link destination that starts at text[start] (just after '](')."""
    while start < len(text) and text[start] in " \t":
        start += 1
    if start < len(text) and text[start] == "<":
        end = text.find(">", start)
        return text[start + 1 : end] if end != -1 else None
    depth, i = 0, start
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            if depth == 0:
                break
            depth -= 1
        elif c in " \t":
            break
        i += 1
    return text[start:i]


def links(text):
    """(line number, destination) of every link and image of a Markdown text."""
    for number, line in prose_lines(text):
        line = strip_code_spans(line)
        for m in re.finditer(r"\]\(", line):
            target = destination(line, m.end())
            if target is not None:
                yield number, target
        m = REFERENCE.match(line)
        if m:
            yield number, m.group(1).strip("<>")
        for m in HTML_ATTR.finditer(line):
            yield number, m.group(1)


def plain_heading(text):
    """A heading's text as GitHub renders it: no markup, links as their text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    return text.replace("`", "").replace("*", "").replace("\\", "")


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation other than '-'
    and '_' dropped, spaces made hyphens."""
    kept = []
    for c in plain_heading(heading).strip().lower():
        category = unicodedata.category(c)
        if c in " -" or category[0] in "LMN" or category == "Pc":
            kept.append("-" if c == " " else c)
    return "".join(kept)


def anchors(text):
    """Every anchor a Markdown text defines: headings' slugs (repeats get -1,
    -2, … as on GitHub) and HTML ids and names."""
    found, seen = set(), {}
    previous = None
    for _, line in prose_lines(text):
        heading = None
        m = ATX.match(line)
        if m:
            heading = m.group(2)
        elif previous is not None and previous.strip() and SETEXT.match(line):
            if not FENCE.match(previous) and not previous.lstrip().startswith(("-", "*", ">")):
                heading = previous.strip()
        if heading is not None:
            s = slug(heading)
            n = seen.get(s, 0)
            seen[s] = n + 1
            found.add(s if n == 0 else f"{s}-{n}")
        for m in HTML_ID.finditer(line):
            found.add(m.group(1))
        previous = line
    return found


class Checker:
    def __init__(self, root):
        self.root = os.path.realpath(root)
        self.anchor_cache = {}
        self.git = os.path.isdir(os.path.join(self.root, ".git")) or os.path.isfile(
            os.path.join(self.root, ".git")
        )

    def ignored(self, path):
        """True when git ignores path (a build folder, bench-data/ …)."""
        if not self.git:
            return False
        rel = os.path.relpath(path, self.root)
        r = subprocess.run(
            ["git", "-C", self.root, "check-ignore", "-q", "--", rel],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        return r.returncode == 0

    def anchors_of(self, path):
        if path not in self.anchor_cache:
            with open(path, encoding="utf-8") as f:
                self.anchor_cache[path] = anchors(f.read())
        return self.anchor_cache[path]

    def problem(self, source, target):
        """What is wrong with the link target in the file source, or None."""
        if not target:
            return "an empty link"
        m = SCHEME.match(target)
        if m:
            scheme = m.group(1).lower()
            if scheme in ("http", "https", "mailto"):
                return None
            return f"“{target}”: a {scheme}: link (only relative paths and http(s) links)"
        if target.startswith("//"):
            return f"“{target}”: a link without a scheme (write https://)"
        path, _, fragment = target.partition("#")
        path = re.sub(r"%([0-9A-Fa-f]{2})", lambda x: chr(int(x.group(1), 16)), path)
        if path.startswith("/"):
            return f"“{target}”: an absolute path (links are relative to the file)"
        if path:
            resolved = os.path.realpath(os.path.join(os.path.dirname(source), path))
        else:
            resolved = source
        if resolved != self.root and not resolved.startswith(self.root + os.sep):
            return f"“{target}”: leaves the repository"
        if not os.path.exists(resolved):
            return f"“{target}”: no such file in the repository"
        if path and self.ignored(resolved):
            return f"“{target}”: a file git ignores (not in the repository)"
        if not fragment:
            return None
        if resolved.endswith(".md") and os.path.isfile(resolved):
            if fragment not in self.anchors_of(resolved):
                name = os.path.relpath(resolved, self.root)
                return f"“{target}”: {name} has no heading “#{fragment}”"
            return None
        if LINE_ANCHOR.match(fragment) and os.path.isfile(resolved):
            return None
        return f"“{target}”: an anchor into a file that is not Markdown (only #L12 line anchors)"

    def check_file(self, path):
        """The problems of one Markdown file, as 'line N: …' strings."""
        path = os.path.realpath(path)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        problems = []
        for number, target in links(text):
            p = self.problem(path, target)
            if p is not None:
                problems.append(f"line {number}: {p}")
        return problems


def self_test():
    """The checker on a made-up tree: every broken link is found, and the
    good ones pass. Returns the list of failures."""
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, "repo")
        os.makedirs(os.path.join(root, "docs"))
        os.makedirs(os.path.join(tmp, "shared"))
        with open(os.path.join(tmp, "shared", "outside.md"), "w") as f:
            f.write("# Outside\n")
        with open(os.path.join(root, "docs", "guide.md"), "w", encoding="utf-8") as f:
            f.write(
                "# The guide\n\n## Tolerances: 4 eps, never `1e-6`\n\n## Tolerances: 4 eps, never `1e-6`\n\n"
                "Scene files\n-----------\n\n## 命令行 (carom trace)\n"
            )
        with open(os.path.join(root, "pic.png"), "wb") as f:
            f.write(b"\x89PNG")
        good = [
            "[guide](docs/guide.md)",
            "[t](docs/guide.md#tolerances-4-eps-never-1e-6)",
            "[t2](docs/guide.md#tolerances-4-eps-never-1e-6-1)",
            "[s](docs/guide.md#scene-files)",
            "[zh](docs/guide.md#命令行-carom-trace)",
            "![pic](pic.png)",
            "[![pic](pic.png)](docs/guide.md)",
            "[web](https://example.org/x_(y))",
            "[here](#top)",
            "[folder](docs/)",
            "[line](pic.png#L3)",
            '<img src="pic.png" alt="">',
            "[ref]: docs/guide.md",
            "`[code](nowhere.md)`",
            "```\n[fenced](nowhere.md)\n```",
        ]
        bad = {
            "[gone](docs/missing.md)": "no such file",
            "![gone](missing.png)": "no such file",
            "[up](../shared/outside.md)": "leaves the repository",
            "[abs](/etc/passwd)": "an absolute path",
            "[anchor](docs/guide.md#no-such-heading)": "has no heading",
            "[self](#nowhere)": "has no heading",
            "[file](file:///etc/passwd)": "a file: link",
            '<img src="missing.png">': "no such file",
            "[ref2]: ../shared/outside.md": "leaves the repository",
        }
        readme = os.path.join(root, "README.md")
        checker = Checker(root)
        for snippet in good:
            with open(readme, "w", encoding="utf-8") as f:
                f.write("# Top\n\n" + snippet + "\n")
            problems = checker.check_file(readme)
            checker.anchor_cache.clear()
            if problems:
                failures.append(f"a good link is refused: {snippet!r}: {problems}")
        for snippet, why in bad.items():
            with open(readme, "w", encoding="utf-8") as f:
                f.write("# Top\n\n" + snippet + "\n")
            problems = checker.check_file(readme)
            checker.anchor_cache.clear()
            if len(problems) != 1 or why not in problems[0]:
                failures.append(f"a broken link is not found: {snippet!r}: {problems}")
    return failures


def main(argv):
    if len(argv) < 2:
        print("usage: check-links.py SRC [FILE.md ...]", file=sys.stderr)
        return 2
    root = argv[1]
    if len(argv) > 2:
        files = argv[2:]
    else:
        docs = os.path.join(root, "docs")
        files = [os.path.join(root, "README.md")] + sorted(
            os.path.join(docs, n) for n in os.listdir(docs) if n.endswith(".md")
        )
    print(f"1..{len(files) + 1}")
    status = 0
    failures = self_test()
    if failures:
        status = 1
        print("not ok 1 the checker finds every kind of broken link in a made-up tree")
        for f in failures:
            print(f"# {f}")
            print(f"check-links.py self-test: {f}", file=sys.stderr)
    else:
        print("ok 1 the checker finds every kind of broken link in a made-up tree")
    checker = Checker(root)
    for n, path in enumerate(files, 2):
        name = os.path.relpath(os.path.realpath(path), checker.root)
        problems = checker.check_file(path)
        if problems:
            status = 1
            print(f"not ok {n} {name}: {len(problems)} broken link(s)")
            for p in problems:
                print(f"# {name}, {p}")
                print(f"{name}, {p}", file=sys.stderr)
        else:
            print(f"ok {n} {name}: every link resolves in the repository")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
