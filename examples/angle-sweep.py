#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A sweep of launch angles: one figure per angle, for a set of exercises.

A ball leaves the same corner of a room with a round bumper at 12 angles;
each angle gets its own PNG, and its number of hits and how the ball ended
(max-bounces, stopped, ...) are printed.
Run: meson devenv -C build /usr/bin/python3 examples/angle-sweep.py OUTDIR
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

# One set of options for every figure: the path, the outlines and the labels,
# in the article style (white, black lines), 480 pixels wide.
options = Carom.FigureOptions(show="path,outlines,labels", width=480, style="article")

# The table: a 400 x 250 room with a round bumper that reflects the ball and
# a square pocket that stops it (an obstacle stops the ball unless told otherwise).
scene = Carom.Scene.new()
scene.add_polygon(Carom.Role.WALL, "room", [0, 0, 400, 0, 400, 250, 0, 250])
bumper = scene.add_circle(Carom.Role.OBSTACLE, "bumper", 260, 120, 35)
scene.set_on_hit(bumper, Carom.OnHit.REFLECT)
scene.add_polygon(Carom.Role.OBSTACLE, "pocket", [340, 20, 380, 20, 380, 60, 340, 60])

for k in range(12):
    angle = 5 + k * 7.5  # degrees above the floor (y points down, so dy < 0)
    a = math.radians(angle)
    # One ball at a time: the last angle's ball makes way for this one.
    if scene.find_object("ball") is not None:
        scene.remove_object("ball")
    scene.add_ball("ball", 20, 230, 8, math.cos(a), -math.sin(a), 10)
    trace = scene.trace()
    path = os.path.join(out, f"angle-{angle:04.1f}.png")
    scene.export(path, options, None)
    status = trace.get_ball_status(0).value_nick
    print(f"{angle:5.1f}°  {trace.get_n_hits(0)} hits  {status:12s} {path}")
