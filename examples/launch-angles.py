#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A sweep of launch angles: one figure per angle, for a set of exercises.

A ball leaves the same corner of a room with a round pillar at 12 angles;
each angle gets its own PNG, and its hits and how the ball ended are printed.
Run: meson devenv -C build /usr/bin/python3 examples/launch-angles.py OUTDIR
"""
import math
import os
import sys
import tempfile

import gi

gi.require_version("Carom", "1")
from gi.repository import Carom  # noqa: E402

out = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="carom-")
os.makedirs(out, exist_ok=True)

options = Carom.FigureOptions(show="path,outlines,labels", width=480, style="article")
for k in range(12):
    angle = 5 + k * 7.5  # degrees above the floor
    scene = Carom.Scene.new()
    scene.add_polygon(Carom.Role.WALL, "room", [0, 0, 400, 0, 400, 250, 0, 250])
    pillar = scene.add_circle(Carom.Role.OBSTACLE, "pillar", 260, 120, 35)
    scene.set_on_hit(pillar, Carom.OnHit.REFLECT)  # a bumper: the ball bounces off
    a = math.radians(angle)
    scene.add_ball("ball", 20, 230, 8, math.cos(a), -math.sin(a), 6)
    trace = scene.trace()
    path = os.path.join(out, f"angle-{angle:04.1f}.png")
    scene.export(path, options, None)
    status = trace.get_ball_status(0).value_nick
    print(f"{angle:5.1f}°  {trace.get_n_hits(0)} hits  {status:12s} {path}")
