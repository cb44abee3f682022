#!/usr/bin/env gjs
// SPDX-License-Identifier: GPL-3.0-or-later
// libcarom from GJS: a room with a post, a ball and a fan of rays sweeping
// 40 degrees; the ball's hits and each ray's end are printed, and the figure
// written as SVG and PNG.
// Run: meson devenv -C build gjs examples/sweep.js OUTDIR
imports.gi.versions.Carom = '1';
const {Carom, GLib} = imports.gi;

// Everything goes into the folder given, or a new temporary one.
const out = ARGV.length > 0 ? ARGV[0] : GLib.dir_make_tmp('carom-XXXXXX');
GLib.mkdir_with_parents(out, 0o755);

const scene = Carom.Scene.new();
// Points are a flat array x0, y0, x1, y1, ... (y down, as in SVG).
scene.add_polygon(Carom.Role.WALL, 'room', [0, 0, 300, 0, 300, 200, 0, 200]);
scene.add_polygon(Carom.Role.OBSTACLE, 'post', [140, 80, 160, 80, 160, 120, 140, 120]);
// An obstacle stops the ball; this one reflects it.
scene.set_on_hit('post', Carom.OnHit.REFLECT);
// id, start x and y, radius, direction, max bounces
scene.add_ball('ball', 30, 40, 6, 1, 0.6, 8);
// id, apex x and y, radius, central direction, spread (degrees), rays, max bounces
scene.add_fan_beam('fan', 40, 170, 2, 1, -0.3, 40, 5, 4);

const trace = scene.trace(null);
// Hits count from 1; a hit says what it hit, where, and whether the ball went on.
for (let k = 1; k <= trace.get_n_hits(0); k++) {
    const hit = trace.get_hit(0, k);
    print(`ball hit ${k}: ${hit.object} at (${hit.x.toFixed(3)}, ${hit.y.toFixed(3)})` +
          `${hit.reflected ? '' : ', stops'}`);
}
// A beam's rays are traced as balls of their own, FAN#0, FAN#1, ...
for (let b = 0; b < trace.get_n_balls(); b++) {
    if (trace.get_ball_source(b) !== 'fan')
        continue;
    // An enum is a number in GJS; its name is the key of Carom.BallStatus that holds it.
    const status = Object.keys(Carom.BallStatus)
        .find(k => Carom.BallStatus[k] === trace.get_ball_status(b)).toLowerCase();
    print(`${trace.get_ball_id(b)}: ${trace.get_n_hits(b)} hits, ends ${status}`);
}

const options = new Carom.FigureOptions({show: 'path,outlines,labels', width: 600});
for (const ext of ['svg', 'png']) {
    const path = GLib.build_filenamev([out, `sweep.${ext}`]);
    scene.export(path, options, null);
    print(`wrote ${path}`);
}
