#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a large native Carom scene for the import benchmark (standard library only).

usage: make-big-svg.py N SEED > big.svg     (N polygons; 400000 gives about 37 MB)

A square room wall holds N small convex obstacles (3 or 4 vertices on a circle) on
a jittered grid, and one ball. Coordinates have one decimal, as drawing tools write.
"""
import math
import random
import sys


def main():
    if len(sys.argv) < 3:
        sys.stderr.write("usage: make-big-svg.py N SEED\n")
        sys.exit(2)
    n = int(sys.argv[1])
    rng = random.Random(int(sys.argv[2]))
    side = math.ceil(math.sqrt(n))
    cell = 20.0
    size = side * cell
    w = sys.stdout.write
    w('<?xml version="1.0" encoding="UTF-8"?>\n')
    w('<svg xmlns="http://www.w3.org/2000/svg" xmlns:carom="urn:carom:scene:1" '
      'viewBox="-10 -10 %.1f %.1f">\n' % (size + 20, size + 20))
    w('<polygon carom:role="wall" id="room" points="0,0 0,%.1f %.1f,%.1f %.1f,0"/>\n'
      % (size, size, size, size))
    for i in range(n):
        cx = (i % side + 0.5) * cell + rng.uniform(-2, 2)
        cy = (i // side + 0.5) * cell + rng.uniform(-2, 2)
        k = rng.randint(3, 4)
        r = rng.uniform(3, 6)
        rot = rng.uniform(0, 2 * math.pi)
        pts = " ".join("%.1f,%.1f" % (cx + r * math.cos(rot + 2 * math.pi * j / k),
                                      cy + r * math.sin(rot + 2 * math.pi * j / k))
                       for j in range(k))
        w('<polygon carom:role="obstacle" points="%s"/>\n' % pts)
    w('<circle carom:role="ball" id="ball" cx="%.1f" cy="%.1f" r="2" carom:direction="1 0.3"/>\n'
      % (cell * 0.5 + 10, cell))
    w('</svg>\n')


if __name__ == "__main__":
    main()
