#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The seed article's figure built from code: a square room, a post, a ball.

Builds the scene of data/examples/seed.svg with libcarom instead of reading
it, traces it, checks that its trace is the file's to the last digit, and
writes the figure at hit 3 as PNG and SVG (and PDF, for print).
Run: meson devenv -C build /usr/bin/python3 examples/seed-figure.py OUTDIR
"""
import os
import sys
import tempfile

import gi

gi.require_version("Carom", "1")
from gi.repository import Carom  # noqa: E402

# Everything goes into the folder given, or a new temporary one.
out = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="carom-")
os.makedirs(out, exist_ok=True)
here = os.path.dirname(os.path.abspath(__file__))

# The scene of seed.svg, element by element. Points are a flat list
# x0, y0, x1, y1, ... in scene units (y down, as in SVG), either way round.
scene = Carom.Scene.new()
scene.add_polygon(Carom.Role.WALL, "room", [-300, -300, -300, 300, 300, 300, 300, -300])
scene.add_polygon(Carom.Role.OBSTACLE, "post", [20, -100, 20, 50, -20, 50, -20, -100])
# id, start x and y, radius, direction (any length), max bounces
scene.add_ball("ball", -200, 0, 40, 1, 1, 29)

trace = scene.trace()
n = trace.get_n_hits(0)
print(f"ball: {n} hits, {trace.get_ball_status(0).value_nick}")
for k in range(1, 4):  # hits count from 1, as in the window and the CLI
    hit = trace.get_hit(0, k)
    print(f"hit {k}: {hit.object} at ({hit.x:.6g}, {hit.y:.6g}), "
          f"normal ({hit.normal_x:.3g}, {hit.normal_y:.3g}), {hit.distance:.6g} from the last")

# The article's own file traces the same, bit for bit: the JSON of both
# traces (what `carom trace --json` prints) is the same text.
from_file = Carom.Scene.new_from_file(os.path.join(here, "..", "data", "examples", "seed.svg"))
same = from_file.trace().to_json() == trace.to_json()
print("same trace as data/examples/seed.svg:", same)

# The figure at hit 3, as `carom export --step 3 --show path,outlines,normals,labels,legend
# --width 800` draws it; the file's extension chooses the format.
options = Carom.FigureOptions(step=3, show="path,outlines,normals,labels,legend", width=800)
for ext in ("png", "svg", "pdf"):
    path = os.path.join(out, f"seed.{ext}")
    scene.export(path, options, None)
    print("wrote", path)
sys.exit(0 if same else 1)
