#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""libcarom from Python through introspection (issue 28), as TAP.

A scene built in code traces as `carom trace --json` traces it once saved,
byte for byte; so does every example read from its file; figures are the
CLI's; bad input raises GLib.Error naming the element or option and leaves
the scene as it was; the hits' maths, the hit array and the boundary map
agree with the JSON and the CLI's CSV; async traces, cancelling and the
budget work.
Environment: CAROM_EXE, CAROM_SOURCE_ROOT, GI_TYPELIB_PATH, LD_LIBRARY_PATH.
"""
import array
import csv
import glob
import json
import math
import os
import shutil
import struct
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
    print(("ok" if ok else "not ok"), n, "-", what, flush=True)
    if not ok:
        failed += 1


def cli(*args):
    return subprocess.run([CAROM, *args], capture_output=True, check=True).stdout


def read(path):
    with open(path, "rb") as f:
        return f.read()


def png_size(data):
    """A PNG's width and height from its IHDR chunk, or None if it is no PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", data[16:24])


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
check(scene.get_object(2).get_kind() == Carom.ObjectKind.POLYGON
      and scene.get_object(2).get_arc_sweeps() not in (None, [])
      and scene.find_object("disk").get_on_hit() == Carom.OnHit.REFLECT,
      "add_circle() makes an exact circle (a polygon of arcs) that reflects when told")

# Every example read from its file.
for example in sorted(glob.glob(os.path.join(ROOT, "data", "examples", "*.svg"))):
    s = Carom.Scene.new_from_file(example)
    t = s.trace_full(-1, 20000000, None)
    check(t.to_json().encode() == cli("trace", "--json", example),
          f"{os.path.basename(example)}: to_json() = carom trace --json")

# Figures: PNG and PDF, and the CLI's bytes.
seed = os.path.join(ROOT, "data", "examples", "seed.svg")
s = Carom.Scene.new_from_file(seed)
png, cli_png = os.path.join(TMP, "f.png"), os.path.join(TMP, "cli.png")
s.export(png, Carom.FigureOptions(width=300, show="all"), None)
cli("export", seed, "-o", cli_png, "--width", "300", "--show", "all")
data = read(png)
size = png_size(data)
check(size is not None and size[0] == 300 and size[1] > 0,
      f"a PNG export is a PNG 300 pixels wide ({size})")
check(data == read(cli_png), "FigureOptions(width=300, show='all') = carom export --width 300 "
      "--show all, byte for byte")
# The font options (carom export --font kept the family the style borrows: a use after free).
s.export(png, Carom.FigureOptions(width=300, show="all", font="DejaVu Serif", font_size=9), None)
cli("export", seed, "-o", cli_png, "--width", "300", "--show", "all", "--font", "DejaVu Serif",
    "--font-size", "9")
check(read(png) == read(cli_png), "the same with --font and --font-size")
pdf = os.path.join(TMP, "f.pdf")
s.export(pdf, None, None)
check(read(pdf)[:5] == b"%PDF-", "a PDF export is a PDF")
heads = {"svg": b"<svg ", "tex": b"\\begin{tikzpicture}", "html": b"<html", "gif": b"GIF89a"}
for ext, head in heads.items():
    out = os.path.join(TMP, "f." + ext)
    s.export(out, Carom.FigureOptions(step=2) if ext != "gif" else None, None)
    data = read(out) if os.path.exists(out) else b""
    check(len(data) > 100 and head in data[:4096], f"a .{ext} export is written ({len(data)} B)")

# Bad input: a GLib.Error (Carom.Error.INVALID and the like) naming the element or the
# option and the problem; the scene unchanged, call after call.
bad = [
    ("a polygon whose edges cross", lambda: scene.add_polygon(
        Carom.Role.OBSTACLE, "bow", [0, 0, 10, 10, 10, 0, 0, 10]), ["“bow”", "cross"]),
    ("NaN", lambda: scene.add_ball("nan", float("nan"), 0, 1, 1, 0, 3), ["“nan”", "finite"]),
    ("infinity", lambda: scene.add_polygon(Carom.Role.OBSTACLE, "far",
                                           [0, 0, math.inf, 0, 1, 1]), ["“far”", "finite"]),
    ("a radius of 0", lambda: scene.add_ball("flat", 5, 5, 0, 1, 0, 3), ["“flat”", "radius"]),
    ("a circle of radius 0", lambda: scene.add_circle(Carom.Role.OBSTACLE, "dot", 5, 5, 0),
     ["“dot”", "radius"]),
    ("a direction of (0, 0)", lambda: scene.add_ball("still", 5, 5, 1, 0, 0, 3),
     ["“still”", "direction"]),
    ("an id taken", lambda: scene.add_circle(Carom.Role.OBSTACLE, "post", 1, 1, 1),
     ["“post”", "already"]),
    ("two vertices", lambda: scene.add_polygon(Carom.Role.WALL, "two", [0, 0, 1, 1]),
     ["“two”", "3 vertices"]),
    ("an odd number of coordinates",
     lambda: scene.add_polygon(Carom.Role.WALL, "odd", [0, 0, 1, 1, 2]), ["“odd”", "x, y"]),
    ("a beam of 0 rays", lambda: scene.add_fan_beam("none", 1, 1, 1, 1, 0, 10, 0, 3),
     ["“none”", "ray"]),
    ("a fan of 400°", lambda: scene.add_fan_beam("wide", 1, 1, 1, 1, 0, 400, 3, 3),
     ["“wide”", "360"]),
    ("no such object", lambda: scene.remove_object("nobody"), ["“nobody”"]),
    ("a wall told to reflect", lambda: scene.set_on_hit("room", Carom.OnHit.REFLECT),
     ["“room”", "obstacle"]),
    ("NaN in an object without an id", lambda: scene.add_ball(None, math.nan, 0, 1, 1, 0, 3),
     ["“ball-1”", "finite"]),
    ("a crossing polygon without an id", lambda: scene.add_polygon(
        Carom.Role.OBSTACLE, None, [0, 0, 10, 10, 10, 0, 0, 10]), ["“obstacle-", "cross"]),
    ("width -5", lambda: scene.export(os.path.join(TMP, "n.png"),
                                      Carom.FigureOptions(width=-5), None), ["--width", "not -5"]),
    ("step -2", lambda: scene.export(os.path.join(TMP, "m.png"),
                                     Carom.FigureOptions(step=-2), None), ["--step"]),
    ("width 0", lambda: scene.export(os.path.join(TMP, "w.png"),
                                     Carom.FigureOptions(width=0), None), ["--width", "not 0"]),
    ("an unknown overlay", lambda: scene.export(os.path.join(TMP, "o.png"),
                                                Carom.FigureOptions(show="paths"), None),
     ["overlay", "“paths”"]),
    ("an unknown style", lambda: scene.export(os.path.join(TMP, "y.png"),
                                              Carom.FigureOptions(style="neon"), None),
     ["style", "“neon”"]),
    ("a step past the hits", lambda: scene.export(os.path.join(TMP, "s.png"),
                                                  Carom.FigureOptions(step=999), None), ["999"]),
    ("an unknown format", lambda: scene.export(os.path.join(TMP, "x.bmp"), None, None),
     ["x.bmp"]),
    ("a missing file", lambda: Carom.Scene.new_from_file(os.path.join(TMP, "none.svg")),
     ["none.svg"]),
]
before = scene.to_data()
for what, call, named in bad:
    try:
        call()
        check(False, f"{what} is refused")
    except GLib.Error as e:
        check(all(word in e.message for word in named)
              and scene.get_n_objects() == 6 and scene.to_data() == before,
              f"{what} is refused, the scene unchanged: {e.message}")
check(not any(os.path.exists(os.path.join(TMP, f)) for f in ("w.png", "o.png", "y.png", "s.png",
                                                                "x.bmp", "n.png", "m.png")),
      "a refused export writes no file")
try:
    scene.add_ball("r0", 5, 5, 0, 1, 0, 3)
    check(False, "Carom.Error.INVALID for bad numbers")
except GLib.Error as e:
    check(e.matches(Carom.error_quark(), Carom.Error.INVALID), "Carom.Error.INVALID for bad numbers")
try:
    scene.remove_object("nobody")
    check(False, "Carom.Error.NOT_FOUND for an unknown id")
except GLib.Error as e:
    check(e.matches(Carom.error_quark(), Carom.Error.NOT_FOUND),
          "Carom.Error.NOT_FOUND for an unknown id")
for what, call in (("a missing file", lambda: Carom.Scene.new_from_file(
                      os.path.join(TMP, "none.svg"))),
                  ("a file that is no SVG", lambda: Carom.Scene.new_from_data("<svg", -1))):
    try:
        call()
        check(False, f"Carom.Error.FILE for {what}")
    except GLib.Error as e:
        check(e.domain == "carom-error-quark" and e.matches(Carom.error_quark(), Carom.Error.FILE),
              f"Carom.Error.FILE (carom-error-quark) for {what}")

# The hits' maths and the hit array against the JSON, hit by hit, number by number.
doc = json.loads(trace.to_json())
flat = array.array("d")
flat.frombytes(trace.get_hit_array().get_data())
NC = Carom.HIT_N_COLUMNS
C = Carom.HitColumn
bad_hits, bad_rows, r = [], [], 0
names = [scene.get_object(i).get_id() for i in range(scene.get_n_objects())]
for b, ball in enumerate(doc["balls"]):
    for h in ball["hits"]:
        hit = trace.get_hit(b, h["index"])
        if not (hit.ball == b and hit.index == h["index"] and [hit.x, hit.y] == h["point"]
                and hit.distance == h["distance"] and [hit.normal_x, hit.normal_y] == h["normal"]
                and [hit.in_x, hit.in_y] == h["in"] and [hit.out_x, hit.out_y] == h["out"]
                and hit.object == h["object"] and names[hit.object_index] == h["object"]
                and hit.reflected == (h["action"] == "reflect")):
            bad_hits.append((b, h["index"]))
        row = flat[r * NC:(r + 1) * NC]
        if not (len(row) == NC and row[C.BALL] == b and row[C.INDEX] == h["index"]
                and [row[C.X], row[C.Y]] == h["point"] and row[C.DISTANCE] == h["distance"]
                and [row[C.NORMAL_X], row[C.NORMAL_Y]] == h["normal"]
                and [row[C.IN_X], row[C.IN_Y]] == h["in"]
                and [row[C.OUT_X], row[C.OUT_Y]] == h["out"]
                and names[int(row[C.OBJECT])] == h["object"]
                and row[C.REFLECTED] == (1.0 if h["action"] == "reflect" else 0.0)):
            bad_rows.append((b, h["index"]))
        r += 1
check(not bad_hits and r > 50 and r == trace.get_total_hits(),
      f"get_hit() of all {r} hits = the JSON's point, normal, in, out, distance, object "
      f"(wrong: {bad_hits[:5]})")
check(not bad_rows and len(flat) == r * NC,
      f"get_hit_array(): {len(flat) // NC} rows of {NC} = the JSON's hits, in order "
      f"(wrong: {bad_rows[:5]})")
check(trace.get_hit(0, 0) is None and trace.get_hit(0, trace.get_n_hits(0) + 1) is None,
      "no hit 0, none past the last")
h1 = trace.get_hit(0, 1)
check(h1.n_tested >= 1 and h1.n_primitives >= h1.n_tested and h1.radius == 8
      and math.isclose(math.hypot(h1.x - h1.cast_x, h1.y - h1.cast_y), h1.distance),
      "a hit's maths: the cast's start, radius and the BVH's tests")
check("Hit 1" in trace.explain_hit(0, 1, Carom.ExplainFormat.TEXT, 0)
      and "align*" in trace.explain_hit(0, 1, Carom.ExplainFormat.LATEX, 0),
      "explain_hit() in text and LaTeX")

# Editing: a ball turned, a polygon's vertices moved, an object renamed; the trace is the
# CLI's of the saved scene; refused edits leave the scene as it was.
edited = Carom.Scene.new_from_file(os.path.join(ROOT, "data", "examples", "seed.svg"))
first = edited.trace().to_json()
check(edited.set_ball("ball", -200, 0, 30, 1, 0.4, 12)
      and edited.set_points("post", [20, -100, 20, 50, -20, 50, -20, -100, 0, -150])
      and edited.rename("post", "pillar"), "set_ball, set_points and rename succeed")
b = edited.find_object("ball")
check(b.get_radius() == 30 and b.get_max_bounces() == 12
      and len(edited.find_object("pillar").get_points()) == 10
      and edited.find_object("post") is None, "the edits are in the scene")
edited_path = os.path.join(TMP, "edited.svg")
edited.save(edited_path)
after = edited.trace().to_json()
check(after != first and after.encode() == cli("trace", "--json", edited_path),
      "the edited scene traces as carom trace --json of its saved file")
before = edited.to_data()
for what, call, named in [
    ("a wall told to move as a ball", lambda: edited.set_ball("room", 0, 0, 1, 1, 0, 3),
     ["“room”", "ball"]),
    ("vertices that cross", lambda: edited.set_points("pillar", [0, 0, 10, 10, 10, 0, 0, 10]),
     ["“pillar”", "cross"]),
    ("a ball told to take vertices", lambda: edited.set_points("ball", [0, 0, 1, 0, 0, 1]),
     ["“ball”", "vertices"]),
    ("a name taken", lambda: edited.rename("pillar", "room"), ["“room”"]),
    ("a name that is no SVG id", lambda: edited.rename("ball", "bad id"), ["“bad id”"]),
    ("NaN in a ball's edit", lambda: edited.set_ball("ball", math.nan, 0, 1, 1, 0, 3),
     ["“ball”", "finite"]),
]:
    try:
        call()
        check(False, f"{what} is refused")
    except GLib.Error as e:
        check(all(w in e.message for w in named) and edited.to_data() == before,
              f"{what} is refused, the scene unchanged: {e.message}")

one_hit = Carom.Scene.new()
one_hit.add_polygon(Carom.Role.WALL, "room", [0, 0, 100, 0, 100, 100, 0, 100])
one_hit.add_ball("b", 50, 50, 1, 1, 0, 1)
try:
    one_hit.export(os.path.join(TMP, "one.png"), Carom.FigureOptions(step=5), None)
    check(False, "a step past a ball's one hit is refused")
except GLib.Error as e:
    check("has 1 hit," in e.message, f"one hit is said in the singular: {e.message}")

# The boundary map: the CLI's CSV, ξ and sin φ to the last bit.
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
check(len(rows_csv) > 100 and len(rows_csv) == bmap.get_n_points() == len(pts) // MC
      and all(float(c["xi"]) == pts[i * MC + Carom.MapColumn.XI]
              and float(c["sin_phi"]) == pts[i * MC + Carom.MapColumn.SIN_PHI]
              for i, c in enumerate(rows_csv)),
      f"boundary map points = carom map's CSV, ξ and sin φ ({len(rows_csv)} points)")
check(bmap.to_csv().encode() == read(csv_path), "to_csv() = carom map -o .csv")
map_png = os.path.join(TMP, "m.png")
bmap.write(map_png)
check(png_size(read(map_png)) is not None, "BoundaryMap.write() writes a PNG")

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
      "trace_async() in a main loop gives the same trace")
result.clear()
cancellable = Gio.Cancellable()
big.trace_async(-1, 0, cancellable, done)
GLib.timeout_add(10, lambda: cancellable.cancel() or False)
loop.run()
check("error" in result
      and result["error"].matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED),
      "cancelling a trace of 10^6 hits after 10 ms raises G_IO_ERROR_CANCELLED")
cancelled = Gio.Cancellable()
cancelled.cancel()
try:
    big.trace_full(-1, 0, cancelled)
    check(False, "a cancelled Gio.Cancellable cancels trace_full()")
except GLib.Error as e:
    check(e.matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED),
          "a cancelled Gio.Cancellable cancels trace_full()")
check(big.trace_full(5, 0, None).get_n_hits(0) == 5, "the scene traces again after a cancel")
for k in range(3):
    big.add_ball(None, 30 + 20 * k, 50, 1, 1, 0.7, 1000000)
cut = big.trace_full(-1, 1000, None)
statuses = {cut.get_ball_status(b) for b in range(cut.get_n_balls())}
check(statuses == {Carom.BallStatus.BUDGET} and cut.get_total_hits() <= 1000,
      f"a budget of 1,000 cuts the 4 balls: BUDGET ({cut.get_total_hits()} hits)")
msg = cut.get_budget_message()
check(msg is not None and "budget" in msg and "“ball-2”" in msg,
      "get_budget_message() says what asked for how much")
check(trace.get_budget_message() is None, "no budget message when nothing was cut")

if not failed:
    shutil.rmtree(TMP)
print(f"1..{n}")
sys.exit(1 if failed else 0)
