#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""How long Python takes to read a trace's 10^6 hits (issue 28).

A ball makes 10^6 bounces in a square room; the trace is made once (its
time printed apart), then its hits are read as a numpy array through
Trace.get_hit_array() (a GBytes of packed doubles) several times, and for
comparison 10^4 of them one at a time through Trace.get_hit() (each with
its maths, the cast made again). Prints minimum, median and maximum.
Run: meson devenv -C build /usr/bin/python3 tests/bench/bench-hit-array.py
"""
import statistics
import time

import gi
import numpy as np

gi.require_version("Carom", "1")
from gi.repository import Carom  # noqa: E402

HITS = 1_000_000
RUNS = 7


def timed(func, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        value = func()
        times.append((time.perf_counter() - start) * 1000)
    return value, min(times), statistics.median(times), max(times)


scene = Carom.Scene.new()
scene.add_polygon(Carom.Role.WALL, "room", [0, 0, 1000, 0, 1000, 1000, 0, 1000])
scene.add_ball("ball", 100, 200, 1, 1, 0.313, HITS)
trace, lo, med, hi = timed(lambda: scene.trace_full(-1, HITS + 1000, None), 1)
n = trace.get_total_hits()
print(f"trace of {n:,} hits: {med:.0f} ms (made once)")


def read_array():
    a = np.frombuffer(trace.get_hit_array().get_data(), dtype=np.float64)
    return a.reshape(-1, Carom.HIT_N_COLUMNS)


rows, lo, med, hi = timed(read_array, RUNS)
assert rows.shape == (n, Carom.HIT_N_COLUMNS)
print(f"get_hit_array() -> numpy, {n:,} hits x {Carom.HIT_N_COLUMNS} numbers: "
      f"median {med:.0f} ms (min {lo:.0f}, max {hi:.0f}) over {RUNS} runs; "
      f"{n / (med / 1000) / 1e6:.1f} million hits/s")

ONE_BY_ONE = 10_000
_, lo, med, hi = timed(lambda: [trace.get_hit(0, k) for k in range(1, ONE_BY_ONE + 1)], 3)
print(f"get_hit() one at a time (with its maths), {ONE_BY_ONE:,} hits: median {med:.0f} ms "
      f"(min {lo:.0f}, max {hi:.0f}); 10^6 would take about {med * HITS / ONE_BY_ONE / 1000:.0f} s")
