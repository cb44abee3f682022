#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The boundary maps of many tables: stadiums of growing straight parts.

Each table is a stadium (two half circles joined by straight walls; a circle
when they have no length), as a polygon of many short edges. One ball makes
2,000 bounces in each. The boundary map has a point per hit: ξ, where along
the boundary it hit (the arc length along the table's outline), and sin φ,
φ the angle from the normal to the direction the ball leaves in. Its points
are read into numpy, and how much of the map the ball covers is printed: a
circle keeps the ball on a few lines, a stadium's chaos spreads it over the
map. The last map is written as PNG.
Run: meson devenv -C build /usr/bin/python3 examples/boundary-maps.py OUTDIR
"""
import math
import os
import sys
import tempfile

import gi
import numpy as np

gi.require_version("Carom", "1")
from gi.repository import Carom  # noqa: E402

out = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="carom-")
os.makedirs(out, exist_ok=True)


def stadium(half_length, radius=100.0, sides=48):
    """A stadium's outline as a polygon: two half circles of `sides` edges."""
    pts = []
    for cx, start in ((half_length, -90.0), (-half_length, 90.0)):
        # A circle (no straight part) would repeat the points where its halves meet.
        for i in range(sides + 1 if half_length > 0 else sides):
            t = math.radians(start + 180.0 * i / sides)
            pts += [cx + radius * math.cos(t), radius * math.sin(t)]
    return pts


print(" straight part  points  cover  mean |sin φ|")
for k in range(24):
    half = 10.0 * k  # 0: a circle (regular), more: chaotic
    scene = Carom.Scene.new()
    scene.add_polygon(Carom.Role.WALL, "table", stadium(half))
    # A small ball near the centre, off every axis of symmetry.
    scene.add_ball("ball", 0.3, 0.1, 1.0, 1.0, 0.37, 2000)
    trace = scene.trace()
    bmap = trace.get_boundary_map(None)  # None: every ball of the trace
    # get_points(): a GBytes of doubles, Carom.MAP_N_COLUMNS a point (ball,
    # hit, ξ, sin φ, object); numpy reads it without a copy.
    points = np.frombuffer(bmap.get_points().get_data(), dtype=np.float64)
    points = points.reshape(-1, Carom.MAP_N_COLUMNS)
    xi = points[:, Carom.MapColumn.XI] / bmap.get_length()  # 0 to 1 around the table
    sin_phi = points[:, Carom.MapColumn.SIN_PHI]
    # Cover: the share of a 40 x 40 grid over the map that the points reach.
    grid, _, _ = np.histogram2d(xi, sin_phi, bins=40, range=[[0, 1], [-1, 1]])
    print(f"{2 * half:14.0f}  {len(points):6d}  {np.count_nonzero(grid) / grid.size:5.1%}"
          f"  {np.abs(sin_phi).mean():.3f}")

# The last (most chaotic) table's map, as `carom map -o map.png` draws it.
path = os.path.join(out, "map.png")
bmap.write(path)
print("wrote", path)
