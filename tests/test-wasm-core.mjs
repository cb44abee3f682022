// SPDX-License-Identifier: GPL-3.0-or-later
// test-wasm-core.mjs: carom-core.wasm against the native core (run by
// tests/test-wasm-core.c, which writes the cases).
//   node test-wasm-core.mjs CAROM-CORE.WASM CAROM-CORE.JS CAROM-EXE CASES.TXT
// Each case (a JSON file) names a scene file, the scene as a page's data
// block has it, the CLI's options, the native explanations of its first
// hits, and balls to move or aim. The core loads the scene and traces it
// through src/wasm/carom-core.js, as a page does; `carom trace --json` traces
// the file. They must give the same balls (ids, statuses), the same hits
// (index, object, role, primitive, edge or vertex, action) and every number
// within 1e-12 relative (of the vector's size for points and directions);
// numbers that differ in any bit are counted and printed. The explanations
// must be the native ones, number for number. Exit status 0 when all agree.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const [wasmPath, bindingPath, carom, listPath] = process.argv.slice(2);
const CaromCore = createRequire(import.meta.url)(bindingPath);
const core = await CaromCore.instantiate(readFileSync(wasmPath));

const TOLERANCE = 1e-12;
let failures = 0;
let numbers = 0;
let bitsDiffer = 0;
let hitsCompared = 0;
let explained = 0;
const notes = [];

function fail(where, what) {
  failures++;
  if (failures <= 20) {
    console.log(`not ok: ${where}: ${what}`);
  }
}

// A number of the core against the CLI's: within the tolerance of scale.
function sameNumber(where, a, b, scale) {
  numbers++;
  if (Object.is(a, b) || (a === 0 && b === 0)) {
    return;
  }
  bitsDiffer++;
  if (notes.length < 10) {
    notes.push(`${where}: ${a} (core) against ${b}`);
  }
  if (!(Math.abs(a - b) <= TOLERANCE * Math.max(scale, Number.MIN_VALUE))) {
    fail(where, `${a} against ${b}: beyond ${TOLERANCE} relative`);
  }
}

function sameVec(where, a, b) {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== 2 || b.length !== 2) {
    fail(where, `${JSON.stringify(a)} against ${JSON.stringify(b)}`);
    return;
  }
  const scale = Math.max(Math.abs(b[0]), Math.abs(b[1]));
  sameNumber(where + '.x', a[0], b[0], scale);
  sameNumber(where + '.y', a[1], b[1], scale);
}

function sameExactly(where, a, b) {
  if (a !== b) {
    fail(where, `${JSON.stringify(a)} against ${JSON.stringify(b)}`);
  }
}

// The core's trace against `carom trace --json`'s.
function compareTraces(where, got, want) {
  if (got.balls.length !== want.balls.length) {
    fail(where, `${got.balls.length} balls against ${want.balls.length}`);
    return;
  }
  want.balls.forEach((w, b) => {
    const g = got.balls[b];
    const at = `${where} ball ${w.id}`;
    sameExactly(at + ' id', g.id, w.id);
    sameExactly(at + ' status', g.status, w.status);
    sameVec(at + ' start', g.start, w.start);
    sameVec(at + ' direction', g.direction, w.direction);
    sameNumber(at + ' radius', g.radius, w.radius, Math.abs(w.radius));
    if (g.hits.length !== w.hits.length) {
      fail(at, `${g.hits.length} hits against ${w.hits.length}`);
      return;
    }
    w.hits.forEach((wh, k) => {
      const gh = g.hits[k];
      const hat = `${at} hit ${wh.index}`;
      hitsCompared++;
      for (const key of ['index', 'object', 'role', 'primitive', 'edge', 'vertex', 'action']) {
        sameExactly(`${hat} ${key}`, gh[key], wh[key]);
      }
      sameVec(hat + ' point', gh.point, wh.point);
      sameNumber(hat + ' distance', gh.distance, wh.distance, Math.abs(wh.distance));
      sameVec(hat + ' normal', gh.normal, wh.normal);
      sameVec(hat + ' in', gh.in, wh.in);
      sameVec(hat + ' out', gh.out, wh.out);
    });
  });
}

// An explanation of the core against the native one: every key, every number.
function compareExplained(where, got, want) {
  if (typeof want === 'number') {
    sameNumber(where, got, want, Math.abs(want));
  } else if (Array.isArray(want)) {
    if (!Array.isArray(got) || got.length !== want.length) {
      fail(where, `${JSON.stringify(got)} against ${JSON.stringify(want)}`);
      return;
    }
    want.forEach((w, i) => compareExplained(`${where}[${i}]`, got[i], w));
  } else if (want !== null && typeof want === 'object') {
    if (got === null || typeof got !== 'object') {
      fail(where, `${JSON.stringify(got)} against an object`);
      return;
    }
    const keys = new Set([...Object.keys(want), ...Object.keys(got)]);
    for (const key of keys) {
      compareExplained(`${where}.${key}`, got[key], want[key]);
    }
  } else {
    sameExactly(where, got, want);
  }
}

function cliTrace(svg, args) {
  const out = execFileSync(carom, ['trace', '--json', ...args, svg],
    { maxBuffer: 1 << 30, env: { ...process.env, LANGUAGE: 'C' }, stdio: ['ignore', 'pipe', 'ignore'] });
  return JSON.parse(out.toString());
}

// The scene file with carom:direction="dx dy" on the element of this id.
function aimedFile(svg, id, d, out) {
  const text = readFileSync(svg, 'utf8');
  const tag = new RegExp(`<[a-z]+\\b[^>]*\\bid="${id}"[^>]*>`);
  const found = text.match(tag);
  if (!found || !/carom:direction="[^"]*"/.test(found[0])) {
    throw new Error(`${svg}: no element with id="${id}" and carom:direction`);
  }
  const aimed = found[0].replace(/carom:direction="[^"]*"/, `carom:direction="${d[0]} ${d[1]}"`);
  writeFileSync(out, text.replace(found[0], aimed));
  return out;
}

const cases = readFileSync(listPath, 'utf8').split('\n').filter((line) => line !== '');
let ms = 0;
for (const file of cases) {
  const c = JSON.parse(readFileSync(file, 'utf8'));
  const started = performance.now();
  core.load(c.scene);
  const got = core.trace(c.maxBounces, c.budget);
  ms += performance.now() - started;
  compareTraces(c.name, got, cliTrace(c.svg, c.cli));
  for (const [ball, hit, want] of c.explanations) {
    explained++;
    compareExplained(`${c.name} ball ${ball} hit ${hit} explained`, core.explain(ball, hit, true),
      want);
  }
  for (const move of c.moves) {
    // The page's way: a scene of the same polygons takes the balls anew.
    const scene = JSON.parse(JSON.stringify(c.scene));
    const object = scene[move.object];
    if (move.start) {
      const shift = [move.start[0] - object.center[0], move.start[1] - object.center[1]];
      object.center = move.start;
      if (object.end) {
        object.end = [object.end[0] + shift[0], object.end[1] + shift[1]];
      }
      core.load(scene);
      compareTraces(`${c.name} moved`, core.trace(c.maxBounces, c.budget),
        cliTrace(move.svg, c.cli));
    } else {
      object.direction = core.unitDirection(move.aim[0], move.aim[1]);
      core.load(scene);
      const aimed = core.trace(c.maxBounces, c.budget);
      compareTraces(`${c.name} aimed`, aimed,
        cliTrace(aimedFile(c.svg, move.id, move.aim, file + '.aimed.svg'), c.cli));
      // And through the C API's own move: the same.
      core.load(c.scene);
      const err = core.x.carom_core_set_direction(move.object, move.aim[0], move.aim[1]);
      sameExactly(`${c.name} set_direction`, err, 0);
      compareTraces(`${c.name} aimed (set_direction)`, core.trace(c.maxBounces, c.budget),
        aimed);
    }
  }
}
console.log(`${cases.length} scenes, ${hitsCompared} hits and ${explained} explanations ` +
  `compared; ${bitsDiffer} of ${numbers} numbers differ in some bit; core load + trace ` +
  `${ms.toFixed(1)} ms in all`);
for (const note of notes) {
  console.log('  ' + note);
}
if (failures > 0) {
  console.log(`${failures} differences beyond what is allowed`);
  process.exit(1);
}
