#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a gen_scene.py scene as a Carom SVG scene, for timing `carom trace`.

usage: bench-scene-svg.py SCENE.txt BALLS [MAX_BOUNCES] > scene.svg

The room becomes a wall `room`, every `poly` line an obstacle `o1`, `o2`, ...
and the first BALLS `cast` lines balls `b1`, `b2`, ... with the cast's
radius and direction (its six-decimal text as it is) and MAX_BOUNCES
(default 29). Coordinates are copied as text, so the SVG holds the very
numbers of the file. Standard library only.
"""
import sys


def main():
    if len(sys.argv) not in (3, 4):
        sys.stderr.write("usage: bench-scene-svg.py SCENE.txt BALLS [MAX_BOUNCES]\n")
        sys.exit(2)
    path, balls = sys.argv[1], int(sys.argv[2])
    max_bounces = int(sys.argv[3]) if len(sys.argv) == 4 else 29
    room = None
    polys = []
    casts = []
    with open(path) as f:
        for line in f:
            words = line.split()
            if not words:
                continue
            if words[0] == "room":
                room = words[1]
            elif words[0] == "poly":
                xy = words[1:]
                polys.append(" ".join("%s,%s" % (xy[i], xy[i + 1]) for i in range(0, len(xy), 2)))
            elif words[0] == "cast" and len(casts) < balls:
                casts.append(words[1:6])
    if room is None or len(casts) < balls:
        sys.stderr.write("bench-scene-svg.py: %s is not a gen_scene.py file with %d casts\n"
                         % (path, balls))
        sys.exit(1)
    L = float(room)
    out = sys.stdout
    w = out.write
    w('<svg xmlns="http://www.w3.org/2000/svg" xmlns:carom="urn:carom:scene:1" '
      'viewBox="%g %g %g %g">\n' % (-0.05 * L, -0.05 * L, 1.1 * L, 1.1 * L))
    w('<polygon carom:role="wall" id="room" points="0,0 %s,0 %s,%s 0,%s"/>\n'
      % (room, room, room, room))
    for i, points in enumerate(polys):
        w('<polygon carom:role="obstacle" id="o%d" points="%s"/>\n' % (i + 1, points))
    for i, (x, y, dx, dy, r) in enumerate(casts):
        w('<circle carom:role="ball" id="b%d" cx="%s" cy="%s" r="%s" carom:direction="%s %s" '
          'carom:max-bounces="%d"/>\n' % (i + 1, x, y, r, dx, dy, max_bounces))
    w("</svg>\n")


if __name__ == "__main__":
    main()
