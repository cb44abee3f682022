#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# The scene generator of Carom's benchmarks (docs/benchmarks.md): the reference
# scenes are `gen_scene.py N 1` for N = 100, 1000, 10000, 100000. Keep its
# output byte-identical for the same arguments, or figures measured before and
# after a change stop being comparable (and Box2D's side, tests/bench/box2d/,
# reads the same files).
"""Deterministic 2D scene generator for circle-cast benchmarks (standard library only).

usage: gen_scene.py N SEED [M] > scene.txt      (M = number of casts, default 100000)

Scene:
  * room: axis-aligned square wall [0,L]x[0,L], L = 1000*sqrt(N/100)
  * N convex obstacles: k = 3..8 vertices placed exactly ON a circle of radius R
    (R uniform in [2,8)) at angles  rot + step*(i + 0.6*(u_i - 0.5)),  step = 2*pi/k,
    i = 0..k-1, rot uniform in [0, 2*pi) (i.e. each vertex angle jittered by up to
    +-30% of the even spacing).  Points on a circle in increasing-angle order are
    always strictly convex and counter-clockwise (y-up).
  * centres uniform in [R+1, L-R-1]^2; a candidate is rejected (and redrawn) if its
    bounding circle (radius R) comes within 1 unit of another obstacle's bounding
    circle: |c_i - c_j| < R_i + R_j + 1.
  * M casts: start uniform in [r+1, L-r-1]^2, rejected unless every obstacle's
    bounding circle is at least r+1 away (|p - c_j| >= R_j + r + 1), which implies
    the start point is at least r+1 from every obstacle and from the walls;
    direction = (cos t, sin t), t uniform in [0, 2*pi); r = 1.5.

Output (plain text, one record per line, numbers printed with %.6f, exponent-free):
  room L
  poly x1 y1 x2 y2 ... xk yk        (N lines, CCW, y-up)
  casts M
  cast x y dx dy r                  (M lines)

Only random.Random(seed).random() is used, so the stream is stable across CPython 3.x.
"""
import math
import random
import sys


def main():
    if len(sys.argv) < 3:
        sys.stderr.write("usage: gen_scene.py N SEED [M]\n")
        sys.exit(2)
    n = int(sys.argv[1])
    seed = int(sys.argv[2])
    m = int(sys.argv[3]) if len(sys.argv) > 3 else 100000
    r = 1.5
    rmax = 8.0
    gap = 1.0

    rng = random.Random(seed)
    rnd = rng.random
    L = 1000.0 * math.sqrt(n / 100.0)

    # uniform grid for neighbour lookup; cell >= max interaction distance
    cell = 2.0 * rmax + gap + r + 1.0
    ncell = max(1, int(L / cell))
    cs = L / ncell
    grid = {}

    def cell_of(x, y):
        ix = min(ncell - 1, max(0, int(x / cs)))
        iy = min(ncell - 1, max(0, int(y / cs)))
        return ix, iy

    def near(x, y):
        ix, iy = cell_of(x, y)
        for jx in (ix - 1, ix, ix + 1):
            for jy in (iy - 1, iy, iy + 1):
                lst = grid.get((jx, jy))
                if lst:
                    for item in lst:
                        yield item

    polys = []
    tries = 0
    max_tries = 1000 * max(1, n)
    while len(polys) < n:
        tries += 1
        if tries > max_tries:
            sys.stderr.write("gen_scene: could not place obstacles\n")
            sys.exit(1)
        R = 2.0 + 6.0 * rnd()
        k = 3 + int(rnd() * 6.0)
        rot = 2.0 * math.pi * rnd()
        jit = [rnd() for _ in range(k)]
        lo = R + gap
        hi = L - R - gap
        cx = lo + (hi - lo) * rnd()
        cy = lo + (hi - lo) * rnd()
        ok = True
        for (ox, oy, oR) in near(cx, cy):
            if math.hypot(cx - ox, cy - oy) < R + oR + gap:
                ok = False
                break
        if not ok:
            continue
        step = 2.0 * math.pi / k
        verts = []
        for i in range(k):
            a = rot + step * (i + 0.6 * (jit[i] - 0.5))
            verts.append((cx + R * math.cos(a), cy + R * math.sin(a)))
        polys.append(verts)
        grid.setdefault(cell_of(cx, cy), []).append((cx, cy, R))

    casts = []
    lo = r + 1.0
    hi = L - r - 1.0
    while len(casts) < m:
        x = lo + (hi - lo) * rnd()
        y = lo + (hi - lo) * rnd()
        ok = True
        for (ox, oy, oR) in near(x, y):
            if math.hypot(x - ox, y - oy) < oR + r + 1.0:
                ok = False
                break
        if not ok:
            continue
        t = 2.0 * math.pi * rnd()
        casts.append((x, y, math.cos(t), math.sin(t)))

    out = sys.stdout
    w = out.write
    w("room %.6f\n" % L)
    for verts in polys:
        w("poly " + " ".join("%.6f %.6f" % v for v in verts) + "\n")
    w("casts %d\n" % m)
    for (x, y, dx, dy) in casts:
        w("cast %.6f %.6f %.6f %.6f %.6f\n" % (x, y, dx, dy, r))


if __name__ == "__main__":
    main()
