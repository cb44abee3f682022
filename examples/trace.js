#!/usr/bin/env gjs
// SPDX-License-Identifier: GPL-3.0-or-later
// libcarom from GJS: a room with a post, a ball, its hits, a figure.
// Run: meson devenv -C build gjs examples/trace.js OUTDIR
imports.gi.versions.Carom = '1';
const {Carom, GLib} = imports.gi;

const out = ARGV.length > 0 ? ARGV[0] : GLib.dir_make_tmp('carom-XXXXXX');
GLib.mkdir_with_parents(out, 0o755);

const scene = Carom.Scene.new();
scene.add_polygon(Carom.Role.WALL, 'room', [0, 0, 300, 0, 300, 200, 0, 200]);
scene.add_polygon(Carom.Role.OBSTACLE, 'post', [140, 80, 160, 80, 160, 120, 140, 120]);
scene.add_ball('ball', 30, 40, 6, 1, 0.6, 8);

const trace = scene.trace(null);
for (let k = 1; k <= trace.get_n_hits(0); k++) {
    const hit = trace.get_hit(0, k);
    print(`hit ${k}: ${hit.object} at (${hit.x.toFixed(3)}, ${hit.y.toFixed(3)})` +
          `${hit.reflected ? '' : ', stops'}`);
}
const path = GLib.build_filenamev([out, 'room.svg']);
scene.export(path, new Carom.FigureOptions({show: 'all'}), null);
print(`wrote ${path}`);
