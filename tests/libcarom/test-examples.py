#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs every script of examples/ and checks what it wrote, as TAP.

Each example runs twice from an empty working folder: with an output folder
given, then with none (TMPDIR pointing into the test's folder, where it must
make its own temporary folder). Each must end with status 0, write its files
(PNGs checked to be PNGs) into that folder only, print what it should, and
leave examples/ as it was. The Python examples run with this Python (the
one with PyGObject); sweep.js with GJS, given as the first argument: a
missing GJS fails the test (scripts/debian-packages-test installs it).
Usage: test-examples.py GJS. Environment: CAROM_SOURCE_ROOT, GI_TYPELIB_PATH,
LD_LIBRARY_PATH.
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.environ["CAROM_SOURCE_ROOT"]
EXAMPLES = os.path.join(ROOT, "examples")
GJS = sys.argv[1] if len(sys.argv) > 1 else ""
TMP = tempfile.mkdtemp(prefix="carom-examples-")
n = 0
failed = 0


def check(ok, what, log=""):
    global n, failed
    n += 1
    print(("ok" if ok else "not ok"), n, "-", what, flush=True)
    if not ok:
        failed += 1
        for line in log.splitlines():
            print("#", line)


def listing(folder):
    return sorted(os.path.relpath(p, folder)
                  for p in glob.glob(os.path.join(folder, "**"), recursive=True))


# name, interpreter, the files it writes, text its output holds
angles = [f"angle-{5 + k * 7.5:04.1f}.png" for k in range(12)]
examples = [
    ("seed-figure.py", sys.executable, ["seed.png", "seed.svg", "seed.pdf"],
     ["same trace as data/examples/seed.svg: True", "hit 3: room"]),
    ("angle-sweep.py", sys.executable, angles, ["87.5°"]),
    ("boundary-maps.py", sys.executable, ["map.png"], ["460    2000"]),
    ("sweep.js", GJS, ["sweep.svg", "sweep.png"], ["ball hit 1: post", "fan#4:"]),
]
check(sorted(e[0] for e in examples)
      == sorted(os.path.basename(p) for p in glob.glob(os.path.join(EXAMPLES, "*.[pj][ys]"))),
      "every script of examples/ is run here")
before = listing(EXAMPLES)

for name, interpreter, files, says in examples:
    if not interpreter or not os.access(interpreter, os.X_OK):
        check(False, f"{name}: no interpreter (gjs missing? scripts/debian-packages-test "
              "installs it)")
        continue
    for given in (True, False):
        work = tempfile.mkdtemp(dir=TMP)  # the working folder: stays empty
        out = os.path.join(TMP, name + ("-out" if given else "-default"))
        os.makedirs(out)
        env = dict(os.environ, TMPDIR=out)
        args = [interpreter, os.path.join(EXAMPLES, name)] + ([out] if given else [])
        run = subprocess.run(args, cwd=work, env=env, capture_output=True, text=True,
                             timeout=240)
        log = run.stdout + run.stderr
        how = "into the folder given" if given else "into a temporary folder of its own"
        if not given:
            made = glob.glob(os.path.join(out, "carom-*"))
            out = made[0] if len(made) == 1 else os.path.join(out, "(none)")
        missing = [f for f in files if not os.path.isfile(os.path.join(out, f))
                   or os.path.getsize(os.path.join(out, f)) == 0]
        not_png = []
        for f in files:
            if f.endswith(".png") and f not in missing:
                with open(os.path.join(out, f), "rb") as png:
                    if png.read(8) != b"\x89PNG\r\n\x1a\n":
                        not_png.append(f)
        check(run.returncode == 0, f"{name} {how}: exits 0 (got {run.returncode})", log)
        check(not missing and not not_png and os.listdir(work) == [],
              f"{name} {how}: writes {len(files)} files there, none elsewhere "
              f"(missing {missing}, not PNG {not_png}, in the working folder "
              f"{os.listdir(work)})", log)
        check(all(s in run.stdout for s in says), f"{name} {how}: prints {says}", log)

check(listing(EXAMPLES) == before, "examples/ is left as it was")
if not failed:
    shutil.rmtree(TMP)
print(f"1..{n}")
sys.exit(1 if failed else 0)
