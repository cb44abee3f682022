#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the benchmarks' tables in docs/benchmarks.md from what they printed.

usage: bench-tables.py DOC OUTDIR NAME...

For each NAME, reads OUTDIR/NAME.txt (the output of `scripts/bench NAME`,
each program's output under the "$ command" line scripts/bench prints before
running it), builds a markdown table of its figures, each row with the
command that printed it, this machine (processors available, CPU model, RAM,
and the load average as the benchmark started, from OUTDIR/NAME.load when
scripts/bench wrote it) and the date of the run (the output file's time), and
puts it in DOC between the lines <!-- bench:NAME --> and <!-- /bench:NAME -->,
replacing what was there. Nothing else in DOC changes. Fails, leaving DOC as
it was, when an output lacks a figure or DOC lacks the markers.
"""
import datetime
import os
import re
import sys


class Missing(Exception):
    pass


def machine():
    cores = len(os.sched_getaffinity(0))
    model = "unknown CPU"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = re.sub(r"\((R|TM)\)", "", line.split(":", 1)[1])
                model = " ".join(model.split())
                break
    ram = ""
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                ram = ", %.1f GiB RAM" % (int(line.split()[1]) / 1024 / 1024)
                break
    return "%d × %s%s" % (cores, model, ram)


def sections(text):
    """[(command, [lines])]: each "$ command" line and the lines under it."""
    out = [(None, [])]
    for line in text.splitlines():
        if line.startswith("$ "):
            out.append((line[2:].strip(), []))
        else:
            out[-1][1].append(line)
    return [s for s in out if s[0] is not None or any(l.strip() for l in s[1])]


def find(pattern, lines, what):
    for line in lines:
        m = re.search(pattern, line)
        if m:
            return m
    raise Missing("no %s (/%s/)" % (what, pattern))


def grouped(s):
    """A number as printed, its integer part in groups of three digits."""
    s = str(s)
    m = re.fullmatch(r"(-?)(\d+)(\.\d+)?", s)
    if not m:
        return s
    return m.group(1) + "{:,}".format(int(m.group(2))) + (m.group(3) or "")


def power(n):
    n = int(n)
    e = len(str(n)) - 1
    return "10^%d" % e if n == 10**e else grouped(n)


def code(command):
    return "`%s`" % command


# Each table_NAME(sections) gives (headers, rows), a row a list of cells, the
# last the command when the rows' commands differ (box2d's paragraph names
# its two); markdown() adds the machine and the date.


def table_trace(secs):
    rows = []
    for cmd, lines in secs:
        n = find(r": (\d+) obstacles", lines, "obstacle count").group(1)
        rows.append(
            [
                power(n),
                find(r"world build ([\d.]+) ms", lines, "world build").group(1) + " ms",
                grouped(find(r"W1 BVH:\s+(\d+) casts/s", lines, "W1").group(1)),
                grouped(find(r"W2 BVH:\s+(\d+) bounces/s", lines, "W2").group(1)),
                grouped(find(r"W1 speed-up of the BVH over brute force: (\d+)x", lines, "speed-up").group(1))
                + "×",
                find(r"peak resident memory: ([\d.]+) MiB", lines, "peak memory").group(1) + " MiB",
                find(r"checksum ([\d.]+),", lines, "W1 checksum").group(1),
                code(cmd),
            ]
        )
    return ["N obstacles", "world build", "W1 casts/s", "W2 bounces/s",
            "W1 speed-up over brute force", "peak memory", "W1 checksum", "command"], rows


def table_box2d(secs):
    lines = [l for _, ls in secs for l in ls]
    version = find(r"; (box2d [\d.]+ \([a-z]+ precision\))\):", lines, "Box2D version").group(1)
    rows = []
    n = None
    figures = {"world build": "ms", "peak memory": "MiB", "W1": "casts/s", "W2": "bounces/s"}
    for line in lines:
        m = re.match(r"N = (\d+) \(", line)
        if m:
            n = m.group(1)
            continue
        m = re.match(r"  (world build|peak memory|W1|W2) +([\d.]+) [a-zA-Z/]+ +([\d.]+) [a-zA-Z/]+ +([\d.]+)x", line)
        if m and n:
            what, c, b, r = m.groups()
            unit = figures[what]
            rows.append(["%s, %s obstacles" % (what, power(n)), "%s %s" % (grouped(c), unit),
                         "%s %s" % (grouped(b), unit), r + "×"])
    m = find(r"^  time +([\d.]+) ms +([\d.]+) ms +([\d.]+)x", lines, "fan beam time")
    rows.append(["fan beam time, 10^4 rays × 29 bounces, 10^4 obstacles",
                 m.group(1) + " ms", m.group(2) + " ms", m.group(3) + "×"])
    if len(rows) != 17:
        raise Missing("%d rows of figures, not 17" % len(rows))
    return ["figure", "Carom", version.replace("box2d", "Box2D"), "Carom / Box2D"], rows


def table_beam(secs):
    rows = []
    for cmd, lines in secs:
        head = find(r": (\d+) obstacles( \(as disks[^)]*\))?, a fan of (\d+) rays", lines, "fan")
        disks = head.group(2) is not None
        threads = None
        for line in lines:
            m = re.match(r"  (reflect|stop) +(\d+) threads +([\d.]+) ms +1 thread +([\d.]+) ms .*"
                         r"speed-up ([\d.]+)x +(\d+) hits", line)
            if m:
                case, threads, many, one, speedup, hits = m.groups()
                rows.append([grouped(head.group(3)), case + (", every obstacle a disk" if disks else ""),
                             many + " ms", one + " ms", speedup + "×", grouped(hits), code(cmd)])
        if threads is None:
            raise Missing("no reflect/stop rows under %s" % cmd)
    return ["rays", "obstacles", "all cores", "1 thread", "speed-up", "hits", "command"], rows


def table_threads(secs):
    (cmd, lines), = secs
    cores = find(r"(\d+) processors, (\d+) threads", lines, "threads")
    t = cores.group(2)
    w2 = find(r"W2 x (\d+) balls x (\d+) bounces: 1 thread ([\d.]+) ms .* (\d+) threads ([\d.]+) ms "
              r".*speed-up ([\d.]+)x; results (\w+)", lines, "W2")
    tr = find(r"cm_scene_trace, (\d+) balls .*: 1 thread ([\d.]+) ms, (\d+) threads ([\d.]+) ms: "
              r"speed-up ([\d.]+)x; traces (\w+)", lines, "cm_scene_trace")
    rows = [
        ["W2, %s balls × %s bounces" % (w2.group(1), grouped(w2.group(2))), w2.group(3) + " ms",
         w2.group(5) + " ms", w2.group(6) + "×", w2.group(7), code(cmd)],
        ["`cm_scene_trace`, %s balls, world build included" % tr.group(1), tr.group(2) + " ms",
         tr.group(4) + " ms", tr.group(5) + "×", tr.group(6), code(cmd)],
    ]
    return ["workload", "1 thread", "%s threads" % t, "speed-up", "results", "command"], rows


def table_curve(secs):
    (cmd, lines), = secs
    b = find(r"world build: polygons ([\d.]+) ms .*, disks ([\d.]+) ms", lines, "world build")
    rows = [["world build, polygons / disks", "%s ms / %s ms" % b.groups(), code(cmd)]]
    for w, unit in (("W1", "casts/s"), ("W2", "bounces/s")):
        p = find(r"%s polygons: +(\d+) " % w, lines, w + " polygons").group(1)
        d = find(r"%s disks: +(\d+) .*disks/polygons ([\d.]+)" % w, lines, w + " disks")
        rows.append(["%s %s, polygons / disks" % (w, unit),
                     "%s / %s (%s×)" % (grouped(p), grouped(d.group(1)), d.group(2)), code(cmd)])
    offsets = {}
    for line in lines:
        m = re.search(r"true offset boundary, (\d+) edges \((wall|obstacle)\), r = ([\d.]+): ([\d.]+) ms", line)
        if m:
            offsets.setdefault((m.group(1), m.group(2)), []).append((m.group(3), m.group(4)))
    if not offsets:
        raise Missing("no true offset boundary")
    for (edges, role), runs in offsets.items():
        rows.append(["true offset boundary of a wavy ring of %s edges as %s, r = %s"
                     % (power(edges), "a wall" if role == "wall" else "an obstacle",
                        " / ".join(r for r, _ in runs)),
                     " / ".join(t for _, t in runs) + " ms", code(cmd)])
    return ["figure", "value", "command"], rows


def table_boundary(secs):
    (cmd, lines), = secs
    rows = []
    geos = any("GEOS area" in l for l in lines)
    for line in lines:
        f = line.split()
        if len(f) >= 6 and f[0].isdigit():
            row = [grouped(f[0]), f[1], f[2], f[3] + " ms", grouped(f[4])]
            if geos:
                row += [f[7] + " ms", f[8]] if len(f) >= 9 else ["", ""]
            rows.append(row + [code(cmd)])
    if not rows:
        raise Missing("no rows")
    headers = ["vertices", "role", "offset", "median of 9 runs", "pieces"]
    if geos:
        headers += ["GEOS", "area: relative difference with GEOS"]
    return headers + ["command"], rows


def table_cli(secs):
    if len(secs) != 2:
        raise Missing("two runs, not %d" % len(secs))
    everything = [l for _, ls in secs for l in ls]
    speedup = find(r"whole process: ([\d.]+)x", everything, "speed-up").group(1)
    same = "the same bytes" if any(l.startswith("same bytes") for l in everything) else "DIFFERENT bytes"
    rows = []
    for (cmd, lines), what, against in (
        (secs[0], "BVH (the default)", ""),
        (secs[1], "`--brute-force`", "%s× the BVH's time, %s" % (speedup, same)),
    ):
        ms = find(r": (\d+) ms$", lines, "time").group(1)
        rows.append([what, grouped(ms) + " ms", against, code(cmd)])
    return ["tracer", "whole process", "against the BVH", "command"], rows


def table_stream(secs):
    (cmd, lines), = secs
    m = find(r"\((\d+\^\d+) hits\): (\d+) bytes in ([\d.]+) s, peak resident memory ([\d.]+) MiB", lines,
             "streamed output")
    return ["hits", "time", "peak memory", "output", "command"], [
        [m.group(1), m.group(3) + " s", m.group(4) + " MiB", grouped(m.group(2)) + " bytes", code(cmd)]]


def table_render(secs):
    rows = []
    for cmd, lines in secs:
        head = find(r": (\d+) obstacles", lines, "obstacles")
        fan = re.search(r"a fan of (\d+) rays, (\d+) hits in all; traced in ([\d.]+) ms \((\d+) threads\), "
                        r"render cache built in ([\d.]+) ms", "\n".join(lines))
        if fan:
            m = find(r"^every ray, by \w+ +([\d.]+) ms/frame", lines, "fan frame")
            rows.append([power(head.group(1)), "fan of %s rays (%s hits) drawn blended, full view"
                         % (power(fan.group(1)), grouped(fan.group(2))), m.group(1) + " ms",
                         fan.group(5) + " ms", code(cmd)])
            continue
        cache = find(r"render cache built in ([\d.]+) ms", lines, "render cache").group(1)
        for view in ("full view", "zoomed on 50 x 50 units"):
            m = find(r"^%s +([\d.]+) ms/frame" % view, lines, view)
            rows.append([power(head.group(1)), view.replace(" x ", " × ") + ", path of 500 hits",
                         m.group(1) + " ms", cache + " ms", code(cmd)])
    return ["obstacles", "frame", "time a frame", "render cache built", "command"], rows


def table_drag(secs):
    rows = []
    for cmd, lines in secs:
        head = find(r"(zoomed view|full view) (\d+) x (\d+)", lines, "view")
        fan = re.search(r"a fan of (\d+) rays live", "\n".join(lines))
        view = "%s, %s × %s" % (head.group(1).replace("zoomed view", "zoomed"), head.group(2), head.group(3))
        if fan:
            view += ", fan of %s rays live" % power(fan.group(1))
        step = r"^  %s +median +([\d.]+) ms +p95 +([\d.]+) ms"
        edit = find(step % "edit", lines, "edit")
        redraw = find(step % "redraw", lines, "redraw")
        total = find(step % "total", lines, "total")
        rows.append([view, edit.group(1) + " ms", redraw.group(1) + " ms", total.group(1) + " ms",
                     total.group(2) + " ms", code(cmd)])
    return ["view", "edit (median)", "redraw (median)", "step median", "step p95", "command"], rows


def table_import(secs):
    (cmd, lines), = secs
    head = find(r": ([\d.]+) MB, (\d+) objects", lines, "file")
    c = find(r"Carom import: +([\d.]+) s \(best of (\d+)\), peak resident memory ([\d.]+) MiB", lines, "Carom")
    x = find(r"xmllint --stream --noout: +([\d.]+) s .*ratio ([\d.]+)", lines, "xmllint")
    what = "%s MB, %s polygons" % (head.group(1), grouped(head.group(2)))
    return ["reader", "file", "time (best of %s)" % c.group(2), "peak memory", "command"], [
        ["Carom", what, c.group(1) + " s", c.group(3) + " MiB", code(cmd)],
        ["`xmllint --stream --noout`", what, "%s s (Carom: %s×)" % (x.group(1), x.group(2)), "",
         code(cmd)],
    ]


def table_map(secs):
    rows = []
    for cmd, lines in secs:
        head = find(r"a fan of (\d+) rays × (\d+) bounces \((\d+) dots\)", lines, "fan")
        shown, held = [], []
        for line in lines:
            m = re.search(r"on screen after ([\d.]+) ms; the main loop held at most ([\d.]+) ms", line)
            if m:
                shown.append(float(m.group(1)))
                held.append(float(m.group(2)))
        if not shown:
            raise Missing("no changes under %s" % cmd)
        rng = lambda v: "%.1f–%.1f ms" % (min(v), max(v)) if min(v) != max(v) else "%.1f ms" % v[0]
        rows.append(["%s rays × %s bounces (%s dots)" % (power(head.group(1)), head.group(2),
                                                          grouped(head.group(3))),
                     str(len(shown)), rng(shown), rng(held), code(cmd)])
    return ["fan", "changes", "new map on screen after", "main loop held at most", "command"], rows


def table_python(secs):
    (cmd, lines), = secs
    tr = find(r"trace of ([\d,]+) hits: ([\d.]+) ms", lines, "trace")
    arr = find(r"get_hit_array\(\) -> numpy, ([\d,]+) hits .*: median ([\d.]+) ms \(min ([\d.]+), max ([\d.]+)\) over (\d+) runs; ([\d.]+) million", lines, "array")
    one = find(r"get_hit\(\) one at a time .*, ([\d,]+) hits: median ([\d.]+) ms.* about ([\d.]+) s", lines, "one by one")
    return ["how", "hits", "time (median)", "command"], [
        ["`trace.get_hit_array()` into numpy (runs: %s; min %s, max %s ms)" % (arr.group(5), arr.group(3), arr.group(4)),
         arr.group(1), "%s ms (%s million hits/s)" % (arr.group(2), arr.group(6)), code(cmd)],
        ["`trace.get_hit()` one at a time, with its maths", one.group(1),
         "%s ms (10^6: about %s s)" % (one.group(2), one.group(3)), code(cmd)],
        ["the trace itself (`scene.trace_full()`, once)", tr.group(1), tr.group(2) + " ms", code(cmd)],
    ]


TABLES = {name[len("table_"):]: f for name, f in globals().items() if name.startswith("table_")}


def markdown(headers, rows, where, when):
    # A "|" in a cell (a pipe in a command) would end the cell.
    rows = [[(c if c is not None else "").replace("|", "\\|") for c in r] for r in rows]
    headers = headers + ["machine", "date"]
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    for r in rows:
        out.append("| " + " | ".join(r + [where, when]) + " |")
    return "\n".join(out)


def main():
    if len(sys.argv) < 4:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    doc, outdir, names = sys.argv[1], sys.argv[2], sys.argv[3:]
    with open(doc) as f:
        text = f.read()
    where = machine()
    failed = False
    for name in names:
        if name not in TABLES:
            sys.stderr.write("bench-tables: no table for %s\n" % name)
            return 2
        path = os.path.join(outdir, name + ".txt")
        when = datetime.date.fromtimestamp(os.path.getmtime(path)).isoformat()
        with open(path) as f:
            secs = sections(f.read())
        try:
            headers, rows = TABLES[name](secs)
        except (Missing, ValueError) as e:
            sys.stderr.write("bench-tables: %s: %s\n" % (path, e))
            failed = True
            continue
        begin, end = "<!-- bench:%s -->" % name, "<!-- /bench:%s -->" % name
        pattern = re.compile(r"(^%s\n)(.*?)(^%s$)" % (re.escape(begin), re.escape(end)), re.S | re.M)
        if len(pattern.findall(text)) != 1:
            sys.stderr.write("bench-tables: %s needs one pair of lines %s and %s\n" % (doc, begin, end))
            failed = True
            continue
        load = os.path.join(outdir, name + ".load")
        here = where
        if os.path.exists(load):
            with open(load) as f:
                here += ", load average %s at the start" % f.read().strip()
        table = markdown(headers, rows, here, when)
        text = pattern.sub(lambda m: m.group(1) + table + "\n" + m.group(3), text)
    if failed:
        sys.stderr.write("bench-tables: %s left as it was\n" % doc)
        return 1
    with open(doc, "w") as f:
        f.write(text)
    print("bench-tables: %s: the tables of %s written" % (doc, ", ".join(names)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
