// SPDX-License-Identifier: GPL-3.0-or-later
// time-core.mjs: carom-core.wasm timed in Node.js on the scene of a page
// that `carom export -o PAGE.html` wrote (docs/web-core.md, "Size and speed").
//   node time-core.mjs CAROM-CORE.WASM CAROM-CORE.JS PAGE.html [REPEAT] [SCENE.bin]
// Prints the median of REPEAT runs (default 21) of load (the scene packed
// and the world built), of the core's trace, and of reading it back as
// carom trace --json's object (as the page reads it), in milliseconds; with
// SCENE.bin, writes the packed scene for time-core (the same code compiled
// natively).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const [wasm, binding, page, repeatText, packedOut] = process.argv.slice(2);
const CaromCore = createRequire(import.meta.url)(resolve(binding));
const html = readFileSync(page, 'utf8');
const block = html.match(/<script type="application\/json" class="carom-data">([\s\S]*?)<\/script>/);
const scene = JSON.parse(block[1]).scene;
const repeat = Math.max(1, Number(repeatText || 21));
const started = performance.now();
const core = await CaromCore.instantiate(readFileSync(wasm));
const instantiated = performance.now() - started;
const load = [];
const trace = [];
const read = [];
let result;
for (let i = 0; i < repeat; i++) {
  core.packed = null; // a fresh load each time, the world built
  const t0 = performance.now();
  core.load(scene);
  const t1 = performance.now();
  core.x.carom_core_trace(-1, 0);
  const t2 = performance.now();
  result = core.trace();
  const t3 = performance.now();
  load.push(t1 - t0);
  trace.push(t2 - t1);
  read.push(t3 - t2 - (t2 - t1)); // core.trace() traces again, then reads
}
const median = (list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)];
const hits = result.balls.reduce((n, ball) => n + ball.hits.length, 0);
console.log(`node: instantiate ${instantiated.toFixed(3)} ms, load ${median(load).toFixed(3)} ms, ` +
  `trace ${median(trace).toFixed(3)} ms, read back ${median(read).toFixed(3)} ms ` +
  `(medians of ${repeat}), ${result.balls.length} balls, ` +
  `${hits} hits`);
if (packedOut) {
  writeFileSync(packedOut, new Float64Array(CaromCore.packScene(scene)));
}
