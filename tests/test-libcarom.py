#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""libcarom from Python through introspection (issue 28), as TAP.

A scene built in code traces as `carom trace --json` traces it once saved,
byte for byte; so does every example read from its file; figures are the
CLI's; bad input raises GLib.Error naming the element and leaves the scene
as it was; the hits' maths, the hit array and the boundary map agree with
the JSON and the CLI's CSV; async traces, cancelling and the budget work.
Environment: CAROM_EXE, CAROM_SOURCE_ROOT, GI_TYPELIB_PATH, LD_LIBRARY_PATH.
"""
import csv
import glob
import json
import math
import os
import subprocess
import sys
import tempfile

import gi

gi.require_version("Carom", "1")
from gi.repository import Carom, Gio, GLib  # noqa: E402

CAROM = os.environ["CAROM_EXE"]
ROOT = os.environ["CAROM_SOURCE_ROOT"]
TMP = tempfile.mkdtemp(prefix="carom-libcarom-")
n = 0
failed = 0


def check(ok, what):
    global n, failed
    n += 1
    print(("ok" if ok else "not ok"), n, "-", what)
    if not ok:
        failed += 1


def cli(*args):
    return subprocess.run([CAROM, *args], capture_output=True, check=True).stdout


def built_scene():
    s = Carom.Scene.new()
    s.add_polygon(Carom.Role.WALL, "room", [0, 0, 600, 0, 600, 400, 0, 400])
    s.add_polygon(Carom.Role.OBSTACLE, "post", [280, 150, 320, 150, 320, 250, 280, 250])
    s.add_circle(Carom.Role.OBSTACLE, "disk", 450, 100, 30)
    s.set_on_hit("disk", Carom.OnHit.REFLECT)
    s.add_ball("ball", 60, 60, 8, 1, 0.55, 40)
    s.add_fan_beam("fan", 100, 330, 3, 1, -0.2, 40, 7, 12)
    s.add_parallel_beam("wave", 500, 300, 560, 360, 2, -1, -0.3, 5, 9)
    return s


# A scene built in code: its trace is the CLI's of the saved file, byte for byte.
scene = built_scene()
check(scene.get_n_objects() == 6, "the built scene holds its 6 objects")
path = os.path.join(TMP, "built.svg")
scene.save(path)
trace = scene.trace()
check(trace.to_json().encode() == cli("trace", "--json", path),
      "to_json() of a scene built in code = carom trace --json of the saved file")
check(trace.get_n_balls() == 1 + 7 + 5, "a ball and the rays of two beams are traced")
check(trace.get_ball_id(1) == "fan#0" and trace.get_ball_source(1) == "fan",
      "a beam's rays are BEAMID#k of their beam")

# Every example read from its file.
for example in sorted(glob.glob(os.path.join(ROOT, "data", "examples", "*.svg"))):
    s = Carom.Scene.new_from_file(example)
    t = s.trace_full(-1, 20000000, None)
    check(t.to_json().encode() == cli("trace", "--json", example),
          f"{os.path.basename(example)}: to_json() = carom trace --json")

# Figures: PNG and PDF, and the CLI's bytes.
seed = os.path.join(ROOT, "data", "examples", "seed.svg")
s = Carom.Scene.new_from_file(seed)
png, pdf = os.path.join(TMP, "f.png"), os.path.join(TMP, "f.pdf")
s.export(png, Carom.FigureOptions(width=300, show="all", font="DejaVu Serif", font_size=9), None)
cli_png = os.path.join(TMP, "cli.png")
cli("export", seed, "-o", cli_png, "--width", "300", "--show", "all", "--font", "DejaVu Serif",
    "--font-size", "9")
with open(png, "rb") as a, open(cli_png, "rb") as b:
    data = a.read()
    check(data[:8] == b"\x89PNG\r\n\x1a\n" and data == b.read(),
          "a PNG export is carom export's, byte for byte")
s.export(pdf, None, None)
with open(pdf, "rb") as f:
    check(f.read(5) == b"%PDF-", "a PDF export is a PDF")
for ext in ("svg", "tex", "gif", "html"):
    out = os.path.join(TMP, "f." + ext)
    s.export(out, Carom.FigureOptions(step=2) if ext in ("svg", "tex", "html") else None, None)
    check(os.path.getsize(out) > 0, f"a .{ext} export is written")

# Bad input: a GLib.Error naming the element and the problem; the scene unchanged.
bad = [
    ("a polygon whose edges cross", lambda: scene.add_polygon(
        Carom.Role.OBSTACLE, "bow", [0, 0, 10, 10, 10, 0, 0, 10]), "“bow”"),
    ("NaN", lambda: scene.add_ball("nan", float("nan"), 0, 1, 1, 0, 3), "finite"),
    ("a radius of 0", lambda: scene.add_ball("flat", 5, 5, 0, 1, 0, 3), "radius"),
    ("a direction of (0, 0)", lambda: scene.add_ball("still", 5, 5, 1, 0, 0, 3), "direction"),
    ("an id taken", lambda: scene.add_circle(Carom.Role.OBSTACLE, "post", 1, 1, 1), "“post”"),
    ("two vertices", lambda: scene.add_polygon(Carom.Role.WALL, None, [0, 0, 1, 1]), "3 vertices"),
    ("an odd number of coordinates",
     lambda: scene.add_polygon(Carom.Role.WALL, None, [0, 0, 1, 1, 2]), "x, y"),
    ("a beam of 0 rays", lambda: scene.add_fan_beam(None, 1, 1, 1, 1, 0, 10, 0, 3), "rays"),
    ("no such object", lambda: scene.remove_object("nobody"), "nobody"),
    ("width 0", lambda: scene.export(os.path.join(TMP, "w.png"),
                                     Carom.FigureOptions(width=0), None), "--width"),
    ("an unknown overlay", lambda: scene.export(os.path.join(TMP, "o.png"),
                                                Carom.FigureOptions(show="paths"), None), "paths"),
    ("a step past the hits", lambda: scene.export(os.path.join(TMP, "s.png"),
                                                  Carom.FigureOptions(step=999), None), "999"),
    ("an unknown format", lambda: scene.export(os.path.join(TMP, "x.bmp"), None, None), "x.bmp"),
    ("a missing file", lambda: Carom.Scene.new_from_file(os.path.join(TMP, "none.svg")), "none.svg"),
]
before = scene.to_data()
for what, call, named in bad:
    try:
        call()
        check(False, f"{what} is refused")
    except GLib.Error as e:
        check(named in e.message, f"{what} is refused: {e.message}")
check(scene.to_data() == before and scene.get_n_objects() == 6,
      "refused input leaves the scene as it was")

# The hits' maths and the hit array against the JSON.
doc = json.loads(trace.to_json())
rows = trace.get_hit_array().get_data()
import array  # noqa: E402

flat = array.array("d")
flat.frombytes(rows)
NC = Carom.HIT_N_COLUMNS
ok_hits = ok_rows = True
r = 0
names = [scene.get_object(i).get_id() for i in range(scene.get_n_objects())]
for b, ball in enumerate(doc["balls"]):
    for h in ball["hits"]:
        hit = trace.get_hit(b, h["index"])
        ok_hits &= ([hit.x, hit.y] == h["point"] and hit.distance == h["distance"]
                    and [hit.normal_x, hit.normal_y] == h["normal"]
                    and [hit.in_x, hit.in_y] == h["in"] and [hit.out_x, hit.out_y] == h["out"]
                    and hit.object == h["object"] and hit.reflected == (h["action"] == "reflect"))
        row = flat[r * NC:(r + 1) * NC]
        ok_rows &= (row[Carom.HitColumn.BALL] == b and row[Carom.HitColumn.INDEX] == h["index"]
                    and [row[Carom.HitColumn.X], row[Carom.HitColumn.Y]] == h["point"]
                    and row[Carom.HitColumn.DISTANCE] == h["distance"]
                    and [row[Carom.HitColumn.OUT_X], row[Carom.HitColumn.OUT_Y]] == h["out"]
                    and names[int(row[Carom.HitColumn.OBJECT])] == h["object"])
        r += 1
check(ok_hits and r > 50, f"get_hit() of all {r} hits = the JSON's numbers")
check(ok_rows and len(flat) == r * NC, "get_hit_array() rows = the JSON's hits, in order")
h1 = trace.get_hit(0, 1)
check(h1.n_tested >= 1 and h1.n_primitives >= h1.n_tested and h1.radius == 8
      and math.isclose(math.hypot(h1.x - h1.cast_x, h1.y - h1.cast_y), h1.distance),
      "a hit's maths: the cast's start, radius and the BVH's tests")
check("Hit 1" in trace.explain_hit(0, 1, Carom.ExplainFormat.TEXT, 0)
      and "align*" in trace.explain_hit(0, 1, Carom.ExplainFormat.LATEX, 0),
      "explain_hit() in text and LaTeX")

# The boundary map: the CLI's CSV.
sinai = os.path.join(ROOT, "data", "examples", "sinai-fan.svg")
t = Carom.Scene.new_from_file(sinai).trace()
bmap = t.get_boundary_map(None)
pts = array.array("d")
pts.frombytes(bmap.get_points().get_data())
csv_path = os.path.join(TMP, "m.csv")
cli("map", sinai, "-o", csv_path)
with open(csv_path) as f:
    rows_csv = list(csv.DictReader(f))
MC = Carom.MAP_N_COLUMNS
check(len(rows_csv) == bmap.get_n_points() == len(pts) // MC
      and all(float(c["xi"]) == pts[i * MC + Carom.MapColumn.XI]
              and float(c["sin_phi"]) == pts[i * MC + Carom.MapColumn.SIN_PHI]
              for i, c in enumerate(rows_csv)),
      f"boundary map points = carom map's CSV ({len(rows_csv)} points)")
check(bmap.to_csv().encode() == open(csv_path, "rb").read(), "to_csv() = carom map -o .csv")

# Async, cancelling, the budget.
big = Carom.Scene.new()
big.add_polygon(Carom.Role.WALL, "room", [0, 0, 100, 0, 100, 100, 0, 100])
big.add_ball("ball", 10, 20, 1, 1, 0.313, 1000000)
loop = GLib.MainLoop()
result = {}


def done(source, res):
    try:
        result["trace"] = source.trace_finish(res)
    except GLib.Error as e:
        result["error"] = e
    loop.quit()


scene.trace_async(-1, 0, None, done)
loop.run()
check("trace" in result and result["trace"].to_json() == trace.to_json(),
      "trace_async() gives the same trace")
result.clear()
cancellable = Gio.Cancellable()
big.trace_async(-1, 0, cancellable, done)
GLib.timeout_add(5, lambda: cancellable.cancel() or False)
loop.run()
check("error" in result and result["error"].matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED),
      "cancelling a trace of 10^6 hits raises G_IO_ERROR_CANCELLED")
cut = big.trace_full(-1, 1000, None)
check(cut.get_ball_status(0) == Carom.BallStatus.BUDGET and cut.get_n_hits(0) < 1000
      and "budget" in (cut.get_budget_message() or ""),
      "a budget of 1,000 cuts the ball, and says so")
check(trace.get_budget_message() is None, "no budget message when nothing was cut")

print(f"1..{n}")
sys.exit(1 if failed else 0)
