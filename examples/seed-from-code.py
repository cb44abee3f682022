#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The seed article's figure built from code: a square room, a post, a ball.

Builds the scene of data/examples/seed.svg with libcarom, traces it, checks
that its trace is the file's, and writes the figure as PNG, SVG and PDF.
Run: meson devenv -C build /usr/bin/python3 examples/seed-from-code.py OUTDIR
"""
import os
import sys
import tempfile

import gi

gi.require_version("Carom", "1")
from gi.repository import Carom  # noqa: E402

out = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="carom-")
os.makedirs(out, exist_ok=True)
here = os.path.dirname(os.path.abspath(__file__))

scene = Carom.Scene.new()
# Points are a flat list x0, y0, x1, y1, ...; either way round.
scene.add_polygon(Carom.Role.WALL, "room", [-300, -300, -300, 300, 300, 300, 300, -300])
scene.add_polygon(Carom.Role.OBSTACLE, "post", [20, -100, 20, 50, -20, 50, -20, -100])
# id, start x and y, radius, direction (any length), max bounces
scene.add_ball("ball", -200, 0, 40, 1, 1, 29)

trace = scene.trace()
n = trace.get_n_hits(0)
print(f"ball: {n} hits, {trace.get_ball_status(0).value_nick}")
first = trace.get_hit(0, 1)
print(f"hit 1: {first.object} at ({first.x:.6g}, {first.y:.6g}) after {first.distance:.6g}")

# The same scene read from the article's file traces the same, bit for bit.
from_file = Carom.Scene.new_from_file(os.path.join(here, "..", "data", "examples", "seed.svg"))
same = from_file.trace().to_json() == trace.to_json()
print("same trace as data/examples/seed.svg:", same)

# The figure at hit 3, as `carom export --step 3 --show path,outlines,normals,labels,legend`.
options = Carom.FigureOptions(step=3, show="path,outlines,normals,labels,legend", width=800)
for ext in ("png", "svg", "pdf"):
    path = os.path.join(out, f"seed.{ext}")
    scene.export(path, options, None)
    print("wrote", path)
sys.exit(0 if same else 1)
