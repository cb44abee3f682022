#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""How long Python takes to read a trace's 10^6 hits (issue 28).

A ball makes 10^6 bounces in a square room; the trace is made once (its
time printed apart), then its hits are read as a numpy array through
Trace.get_hit_array() (a GBytes of packed doubles) several times, and for
comparison 10^4 of them one at a time through Trace.get_hit() (each a
CaromHit with its maths, the cast made again), extrapolated to 10^6.
Prints minimum, median and maximum milliseconds and hits per second.
Run: meson devenv -C build /usr/bin/python3 tests/bench/bench-hit-array.py
(or meson test -C build --benchmark hit-array -v).
"""
import platform
import statistics
import time

import gi
import numpy as np

gi.require_version("Carom", "1")
from gi.repository import Carom  # noqa: E402

HITS = 1_000_000
RUNS = 7
ONE_BY_ONE = 10_000


def timed(func, runs):
    """func's value and its times in ms: minimum, median, maximum."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        value = func()
        times.append((time.perf_counter() - start) * 1000)
    return value, min(times), statistics.median(times), max(times)


def cpu():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


print(f"{cpu()}; Python {platform.python_version()}, numpy {np.__version__}")
scene = Carom.Scene.new()
scene.add_polygon(Carom.Role.WALL, "room", [0, 0, 1000, 0, 1000, 1000, 0, 1000])
scene.add_ball("ball", 100, 200, 1, 1, 0.313, HITS)
# A budget above the hits, or the window's 6,000,000 would not matter anyway.
trace, _, ms, _ = timed(lambda: scene.trace_full(-1, HITS + 1000, None), 1)
n = trace.get_total_hits()
assert n == HITS, n
print(f"trace of {n:,} hits: {ms:.0f} ms (made once, not part of the figures below)")


def read_array():
    a = np.frombuffer(trace.get_hit_array().get_data(), dtype=np.float64)
    return a.reshape(-1, Carom.HIT_N_COLUMNS)


rows, lo, med, hi = timed(read_array, RUNS)
assert rows.shape == (n, Carom.HIT_N_COLUMNS)
assert rows[-1, Carom.HitColumn.INDEX] == n
print(f"get_hit_array() -> numpy, {n:,} hits x {Carom.HIT_N_COLUMNS} doubles "
      f"({rows.nbytes / 1e6:.0f} MB): median {med:.0f} ms (min {lo:.0f}, max {hi:.0f}) "
      f"over {RUNS} runs; {n / (med / 1000) / 1e6:.1f} million hits/s")

# Where the time goes: libcarom packs the GBytes, PyGObject copies it into a bytes.
gbytes, lo, med, hi = timed(trace.get_hit_array, RUNS)
print(f"  of which get_hit_array() (libcarom packs the rows): median {med:.0f} ms "
      f"(min {lo:.0f}, max {hi:.0f})")
_, lo, med, hi = timed(gbytes.get_data, RUNS)
print(f"  and GBytes.get_data() (PyGObject copies them into a bytes): median {med:.0f} ms "
      f"(min {lo:.0f}, max {hi:.0f})")
_, lo, med, hi = timed(lambda: np.hypot(rows[:, Carom.HitColumn.X], rows[:, Carom.HitColumn.Y])
                       .mean(), RUNS)
print(f"then numpy on the rows (mean distance from the corner): median {med:.0f} ms")

hits, lo, med, hi = timed(lambda: [trace.get_hit(0, k) for k in range(1, ONE_BY_ONE + 1)], 3)
assert hits[-1].index == ONE_BY_ONE
print(f"get_hit() one at a time (each with its maths), {ONE_BY_ONE:,} hits: median {med:.0f} ms "
      f"(min {lo:.0f}, max {hi:.0f}); {ONE_BY_ONE / (med / 1000) / 1e3:.0f} thousand hits/s; "
      f"10^6 would take about {med * HITS / ONE_BY_ONE / 1000:.1f} s")
