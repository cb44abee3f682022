// SPDX-License-Identifier: GPL-3.0-or-later
// carom-core.js: carom-core.wasm (src/wasm/carom-wasm.h) for JavaScript, in a
// web page or in Node.js: the scene of the page's data block packed into the
// core's numbers, the trace read back as the object `carom trace --json`
// prints, a hit's explanation as the page's data block carries it
// (docs/web-core.md, docs/web-page.md). No network, no WASI: the module is
// instantiated with no imports. Defines CaromCore (window.CaromCore in a
// page, module.exports in Node.js).
(function (global) {
  'use strict';

  // The layouts of carom-wasm.h (CAROM_CORE_VERSION 1).
  var VERSION = 1;
  var BALL = { OBJECT: 0, RAY: 1, START: 2, DIRECTION: 4, RADIUS: 6, STATUS: 7, N_HITS: 8,
    FIRST_HIT: 9, END_DIRECTION: 10, STRIDE: 12 };
  var HIT = { INDEX: 0, POINT: 1, DISTANCE: 3, NORMAL: 4, OBJECT: 6, ROLE: 7, KIND: 8, PART: 9,
    ELEMENT: 10, REFLECTED: 11, IN: 12, OUT: 14, FROM: 16, PRIM: 18, NODES: 19, BOXES: 20,
    PRIMITIVES: 21, STRIDE: 22 };
  var EXPLAIN = { C: 0, D: 2, RADIUS: 4, EDGE_RADIUS: 5, EXCLUDE: 6, NODES: 7, BOXES: 8,
    PRIMITIVES: 9, N_PRIMITIVES: 10, N_TESTED: 11, N_REJECTED: 12, HEADER: 13 };
  var PRIM = { ID: 0, KIND: 1, PART: 2, OBJECT: 3, ELEMENT: 4, INSIDE: 5, FULL: 6, A: 7, B: 9,
    N: 11, Q: 13, RHO: 15, U_FROM: 16, U_TO: 18, SWEEP: 20, STRIDE: 21 };
  var REC = { REJECT: 0, TOL: 1, T: 2, POINT: 3, NORMAL: 5, D_DOT_N: 7, H: 8, S: 9, SIDE_A: 10,
    SIDE_B: 11, M: 12, B: 14, CC: 15, DISC: 16, T0: 17, T1: 18, LARGER_ROOT: 19, SWEEP_FROM: 20,
    SWEEP_TO: 21, PHI: 22, SWEEP: 23, STRIDE: 24 };
  var STATUS = ['running', 'stopped', 'max-bounces', 'escaped', 'start-overlap', 'invalid-input',
    'budget'];
  var PART_EDGE = 3;
  // Rejected candidates an explanation lists (CAROM_EXPLAIN_REJECTED_MAX).
  var REJECTED_MAX = 5;

  function bytesOf(base64) {
    var text = typeof atob === 'function' ? atob(base64.replace(/\s+/g, ''))
      : Buffer.from(base64, 'base64').toString('binary');
    var bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) {
      bytes[i] = text.charCodeAt(i);
    }
    return bytes;
  }

  // The page's scene (data.scene: objects in document order, hidden ones
  // left out) as the core's numbers.
  function packScene(scene) {
    var out = [VERSION, scene.length];
    scene.forEach(function (o) {
      if (o.role === 'wall' || o.role === 'obstacle') {
        var n = o.points.length;
        out.push(0, o.role === 'wall' ? 0 : 1, o.onHit === 'reflect' ? 1 : 0, n, o.edges ? 1 : 0);
        o.points.forEach(function (p) { out.push(p[0], p[1]); });
        if (o.edges) {
          o.edges.forEach(function (e) { out.push(e[0], e[1], e[2], e[3]); });
        }
      } else if (o.role === 'ball') {
        out.push(1, o.center[0], o.center[1], o.radius, o.direction[0], o.direction[1],
          o.maxBounces);
      } else {
        var end = o.end || [0, 0];
        out.push(2, o.shape === 'parallel' ? 1 : 0, o.center[0], o.center[1], o.radius,
          o.direction[0], o.direction[1], o.maxBounces, o.count, o.spread || 0, end[0], end[1]);
      }
    });
    return out;
  }

  function Core(instance) {
    this.x = instance.exports;
    if (this.x.carom_core_version() !== VERSION) {
      throw new Error('carom-core.wasm: layout version ' + this.x.carom_core_version() +
        ', this page reads ' + VERSION);
    }
    this.scene = null;
    this.packed = null;
  }

  // The doubles at byte offset ptr (a fresh view: memory may have grown).
  Core.prototype.f64 = function (ptr, n) {
    return new Float64Array(this.x.memory.buffer, ptr, n);
  };

  Core.prototype.write = function (numbers) {
    var ptr = this.x.carom_core_buffer(numbers.length);
    if (!ptr) {
      throw new Error('carom-core.wasm: out of memory');
    }
    this.f64(ptr, numbers.length).set(numbers);
  };

  // Loads scene (data.scene); a scene of the same polygons as the one loaded
  // takes only its balls and beams anew (carom_core_update()).
  Core.prototype.load = function (scene) {
    var packed = packScene(scene);
    this.write(packed);
    var n = -7;
    if (this.packed && this.packed.length === packed.length) {
      n = this.x.carom_core_update(packed.length);
    }
    if (n === -7) {
      n = this.x.carom_core_load(packed.length);
    }
    if (n < 0) {
      var bad = this.x.carom_core_error_object();
      this.packed = null;
      throw new Error('carom-core.wasm: cannot load the scene (error ' + n +
        (bad >= 0 ? ', object ' + (scene[bad] ? scene[bad].id : bad) : '') + ')');
    }
    this.scene = scene;
    this.packed = packed;
  };

  function vec(a, i) {
    return [a[i], a[i + 1]];
  }

  // Traces the loaded scene: the object `carom trace --json` prints.
  Core.prototype.trace = function (maxBounces, budget) {
    var n = this.x.carom_core_trace(maxBounces === undefined ? -1 : maxBounces, budget || 0);
    if (n < 0) {
      throw new Error('carom-core.wasm: cannot trace (error ' + n + ')');
    }
    var balls = this.f64(this.x.carom_core_balls(), n * BALL.STRIDE);
    var hits = this.f64(this.x.carom_core_hits(), this.x.carom_core_hit_count() * HIT.STRIDE);
    var scene = this.scene;
    var out = { balls: [] };
    for (var b = 0; b < n; b++) {
      var r = b * BALL.STRIDE;
      var source = scene[balls[r + BALL.OBJECT]];
      var ball = {
        id: source.role === 'beam' ? source.id + '#' + balls[r + BALL.RAY] : source.id,
        start: vec(balls, r + BALL.START),
        direction: vec(balls, r + BALL.DIRECTION),
        radius: balls[r + BALL.RADIUS],
        hits: [],
        status: STATUS[balls[r + BALL.STATUS]]
      };
      var first = balls[r + BALL.FIRST_HIT];
      for (var k = 0; k < balls[r + BALL.N_HITS]; k++) {
        var h = (first + k) * HIT.STRIDE;
        var object = scene[hits[h + HIT.OBJECT]];
        var hit = {
          index: hits[h + HIT.INDEX],
          point: vec(hits, h + HIT.POINT),
          distance: hits[h + HIT.DISTANCE],
          normal: vec(hits, h + HIT.NORMAL),
          object: object.id,
          role: hits[h + HIT.ROLE] === 0 ? 'wall' : 'obstacle',
          primitive: hits[h + HIT.KIND] === 0 ? 'segment' : 'arc'
        };
        if (hits[h + HIT.KIND] === 0 || hits[h + HIT.PART] === PART_EDGE) {
          hit.edge = hits[h + HIT.ELEMENT];
        } else {
          hit.vertex = hits[h + HIT.ELEMENT];
        }
        hit.action = hits[h + HIT.REFLECTED] ? 'reflect' : 'stop';
        hit['in'] = vec(hits, h + HIT.IN);
        hit.out = vec(hits, h + HIT.OUT);
        ball.hits.push(hit);
      }
      out.balls.push(ball);
    }
    return out;
  };

  function primitiveOf(scene, p, i) {
    var out = {
      kind: p[i + PRIM.KIND] === 0 ? 'segment' : 'arc',
      part: p[i + PRIM.PART] === PART_EDGE ? 'edge' : 'vertex',
      object: scene[p[i + PRIM.OBJECT]].id,
      element: p[i + PRIM.ELEMENT]
    };
    if (out.kind === 'segment') {
      out.a = vec(p, i + PRIM.A);
      out.b = vec(p, i + PRIM.B);
      out.n = vec(p, i + PRIM.N);
    } else {
      out.q = vec(p, i + PRIM.Q);
      out.rho = p[i + PRIM.RHO];
      out.inside = p[i + PRIM.INSIDE];
      out.full = p[i + PRIM.FULL];
      out.uFrom = vec(p, i + PRIM.U_FROM);
      out.sweep = p[i + PRIM.SWEEP];
    }
    return out;
  }

  // A cast record as the page's data block has it: zeros left out.
  function recordOf(p, i) {
    var out = { reject: p[i + REC.REJECT], t: p[i + REC.T], point: vec(p, i + REC.POINT),
      normal: vec(p, i + REC.NORMAL) };
    var numbers = [['dn', REC.D_DOT_N], ['s', REC.S], ['b', REC.B], ['cc', REC.CC],
      ['disc', REC.DISC], ['t0', REC.T0], ['t1', REC.T1], ['phi', REC.PHI], ['sweep', REC.SWEEP],
      ['larger', REC.LARGER_ROOT]];
    numbers.forEach(function (pair) {
      if (p[i + pair[1]] !== 0) {
        out[pair[0]] = p[i + pair[1]];
      }
    });
    if (p[i + REC.M] !== 0 || p[i + REC.M + 1] !== 0) {
      out.m = vec(p, i + REC.M);
    }
    return out;
  }

  // Hit `hit` (1 for the first) of traced ball `ball` explained, as an entry
  // of the page's data block `explanations`; null when there is no such hit.
  // all: every rejected candidate, not the first REJECTED_MAX.
  Core.prototype.explain = function (ball, hit, all) {
    var n = this.x.carom_core_explain(ball, hit);
    if (n < 0) {
      return null;
    }
    var entry = PRIM.STRIDE + REC.STRIDE;
    var e = this.f64(this.x.carom_core_explanation(), EXPLAIN.HEADER + (n + 1) * entry);
    var scene = this.scene;
    var shown = all ? n : Math.min(n, REJECTED_MAX);
    var out = {
      c: vec(e, EXPLAIN.C),
      d: vec(e, EXPLAIN.D),
      r: e[EXPLAIN.RADIUS],
      radius: e[EXPLAIN.RADIUS],
      R: e[EXPLAIN.EDGE_RADIUS],
      prim: primitiveOf(scene, e, EXPLAIN.HEADER),
      rec: recordOf(e, EXPLAIN.HEADER + PRIM.STRIDE),
      stats: [e[EXPLAIN.BOXES], e[EXPLAIN.NODES], e[EXPLAIN.PRIMITIVES], e[EXPLAIN.N_PRIMITIVES]],
      rejected: [],
      more: n - shown
    };
    for (var i = 0; i < shown; i++) {
      var at = EXPLAIN.HEADER + (i + 1) * entry;
      out.rejected.push({ prim: primitiveOf(scene, e, at), rec: recordOf(e, at + PRIM.STRIDE) });
    }
    return out;
  };

  // (dx, dy) as a unit vector, as the scene reader makes carom:direction one.
  Core.prototype.unitDirection = function (dx, dy) {
    return Array.prototype.slice.call(this.f64(this.x.carom_core_unit_direction(dx, dy), 2));
  };

  // The core from the module's bytes.
  function instantiate(bytes) {
    return WebAssembly.instantiate(bytes, {}).then(function (result) {
      return new Core(result.instance);
    });
  }

  // What the page's program takes (data/web/carom-page.js): the core from
  // the base64 text of its data block, as an object whose trace(scene)
  // loads scene (data.scene, balls moved) and returns the trace, and whose
  // explain(ballIndex, hitIndex) explains a hit of the last trace.
  function load(base64, data) {
    return instantiate(bytesOf(base64)).then(function (core) {
      core.load(data.scene);
      return {
        live: true,
        core: core,
        trace: function (scene) {
          core.load(scene);
          return core.trace();
        },
        explain: function (ballIndex, hitIndex) {
          return core.explain(ballIndex, hitIndex);
        },
        unitDirection: function (dx, dy) {
          return core.unitDirection(dx, dy);
        }
      };
    });
  }

  var CaromCore = { instantiate: instantiate, load: load, packScene: packScene,
    bytesOf: bytesOf };
  if (typeof module === 'object' && module.exports) {
    module.exports = CaromCore;
  } else {
    global.CaromCore = CaromCore;
  }
})(typeof window !== 'undefined' ? window : this);
