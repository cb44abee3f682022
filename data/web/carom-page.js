// SPDX-License-Identifier: GPL-3.0-or-later
// carom-page.js: the program of a Carom figure on a web page (docs/web-page.md).
//
// It runs once per figure: the <script> element is the last child of the
// figure's root element, and everything it touches is inside that root. It
// reads the figure's data (a JSON script element), starts the geometry core
// (Carom's own, compiled to WebAssembly, when the page carries it), shows the
// stepper, the maths of the hit shown and the handles of the balls, and puts
// the figure's API on the root element (and on window.carom for the first
// figure of the page). It makes no network request and writes no markup
// from strings: every text of the scene goes into the page as text.
(function () {
  'use strict';

  var SVGNS = 'http://www.w3.org/2000/svg';
  var script = document.currentScript;
  var root = script ? script.parentNode : null;
  if (!root || root.carom || !root.classList || !root.classList.contains('carom-figure')) {
    return;
  }

  var dataElement = root.querySelector('script.carom-data');
  var data = JSON.parse(dataElement.textContent);
  var S = data.strings;

  // ---- numbers, as Carom's C code writes them ----------------------------

  // The exact decimal value of a finite a > 0: digits (no trailing zeros)
  // and e, with a = 0.digits × 10^e. Doubles are dyadic, so this is exact.
  function exactDecimal(a) {
    var view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, a);
    var hi = view.getUint32(0);
    var lo = view.getUint32(4);
    var biased = (hi >>> 20) & 0x7ff;
    var mantissa = (BigInt(hi & 0xfffff) << BigInt(32)) | BigInt(lo);
    var e2;
    if (biased === 0) {
      e2 = -1074;
    } else {
      mantissa = mantissa | (BigInt(1) << BigInt(52));
      e2 = biased - 1075;
    }
    var digits;
    var point;
    if (e2 >= 0) {
      digits = (mantissa << BigInt(e2)).toString();
      point = 0;
    } else {
      digits = (mantissa * BigInt(5) ** BigInt(-e2)).toString();
      point = -e2;
    }
    var e = digits.length - point;
    digits = digits.replace(/0+$/, '');
    return { d: digits, e: e };
  }

  // Rounded to p significant digits, ties to even (as glibc's printf).
  function roundDigits(x, p) {
    var d = x.d;
    var e = x.e;
    if (d.length <= p) {
      return { d: d + '0'.repeat(p - d.length), e: e };
    }
    var head = d.slice(0, p);
    var rest = d.slice(p);
    var up;
    if (rest[0] > '5') {
      up = true;
    } else if (rest[0] < '5') {
      up = false;
    } else {
      up = /[1-9]/.test(rest.slice(1)) || Number(head[p - 1]) % 2 === 1;
    }
    if (up) {
      var chars = head.split('');
      var i = p - 1;
      while (i >= 0 && chars[i] === '9') {
        chars[i] = '0';
        i--;
      }
      if (i >= 0) {
        chars[i] = String(Number(chars[i]) + 1);
        head = chars.join('');
      } else {
        head = '1' + chars.join('').slice(0, p - 1);
        e += 1;
      }
    }
    return { d: head, e: e };
  }

  // printf ("%.pg", v) in the C locale.
  function formatG(v, p) {
    if (p === 0) {
      p = 1;
    }
    if (v === 0) {
      return 1 / v < 0 ? '-0' : '0';
    }
    var r = roundDigits(exactDecimal(Math.abs(v)), p);
    var x = r.e - 1;
    var s;
    if (x < p && x >= -4) {
      var whole;
      var fraction;
      if (x >= 0) {
        whole = r.d.slice(0, x + 1);
        fraction = r.d.slice(x + 1);
      } else {
        whole = '0';
        fraction = '0'.repeat(-x - 1) + r.d;
      }
      fraction = fraction.replace(/0+$/, '');
      s = fraction ? whole + '.' + fraction : whole;
    } else {
      var rest = r.d.slice(1).replace(/0+$/, '');
      var ax = Math.abs(x);
      s = r.d[0] + (rest ? '.' + rest : '') + 'e' + (x < 0 ? '-' : '+') + (ax < 10 ? '0' : '') + ax;
    }
    return (v < 0 ? '-' : '') + s;
  }

  // carom_explain_number(): the shortest of %.15g, %.16g, %.17g that reads back.
  function numberShort(v) {
    if (v === 0) {
      return '0';
    }
    if (!isFinite(v)) {
      return isNaN(v) ? 'NaN' : v > 0 ? '∞' : '−∞';
    }
    var s = '';
    for (var digits = 15; digits <= 17; digits++) {
      s = formatG(v, digits);
      if (parseFloat(s) === v) {
        break;
      }
    }
    return s;
  }

  // carom_explain_number_digits().
  function numberDigits(v, digits) {
    if (digits <= 0 || digits >= 17 || v === 0 || !isFinite(v)) {
      return numberShort(v);
    }
    var s = formatG(v, digits);
    return s === '-0' ? '0' : s;
  }

  // A message with its printf conversions filled: in order, or by position
  // (%2$s) where a translation reorders them.
  function fill(template, args) {
    var i = 0;
    return template.replace(/%(?:([1-9])\$)?(%|ll[du]|z[du]|[dus])/g, function (m, position, c) {
      if (c === '%') {
        return '%';
      }
      return String(position ? args[Number(position) - 1] : args[i++]);
    });
  }

  // ---- the maths of a hit (carom-explain.c, line by line) -----------------

  function Writer(latex, digits) {
    this.latex = latex;
    this.digits = digits;
    this.out = '';
  }
  Writer.prototype.num = function (v) {
    return numberDigits(v || 0, this.digits);
  };
  Writer.prototype.vec = function (v) {
    return '(' + this.num(v[0]) + ', ' + this.num(v[1]) + ')';
  };
  Writer.prototype.lvec = function (v) {
    return '\\left(' + this.num(v[0]) + ',\\ ' + this.num(v[1]) + '\\right)';
  };
  Writer.prototype.words = function (line) {
    if (!this.latex) {
      this.out += line + '\n';
      return;
    }
    var escaped = '';
    for (var i = 0; i < line.length; i++) {
      var ch = line[i];
      if ('#$%&_{}'.indexOf(ch) >= 0) {
        escaped += '\\';
      }
      if (ch === '\\') {
        escaped += '\\textbackslash{}';
      } else if (ch === '~' || ch === '^') {
        escaped += '\\' + ch + '{}';
      } else {
        escaped += ch;
      }
    }
    this.out += '  &\\text{' + escaped + '} \\\\\n';
  };
  Writer.prototype.maths = function (plain, latex) {
    this.out += this.latex ? '  ' + latex + ' \\\\\n' : '  ' + plain + '\n';
  };

  function placeName(kind, part, element) {
    if (part !== 'edge') {
      return fill(S.vertex, [element]);
    }
    return fill(kind === 'segment' ? S.edge : S.arcEdge, [element]);
  }

  function hitPlace(hit) {
    var part = 'vertex' in hit ? 'vertex' : 'edge';
    return {
      kind: hit.primitive,
      part: part,
      element: part === 'vertex' ? hit.vertex : hit.edge
    };
  }

  function recordValue(rec, key) {
    return rec[key] || 0;
  }

  function primitiveCast(w, p, rec, R, radius) {
    var num = w.num.bind(w);
    var vec = w.vec.bind(w);
    var lvec = w.lvec.bind(w);
    if (p.kind === 'segment') {
      w.maths('a = ' + vec(p.a) + ', b = ' + vec(p.b) + ', n = ' + vec(p.n),
        '&a = ' + lvec(p.a) + ',\\ b = ' + lvec(p.b) + ',\\ n = ' + lvec(p.n));
      var dn = num(recordValue(rec, 'dn'));
      w.maths('d·n = ' + dn + ' < 0', '&d\\cdot n = ' + dn + ' < 0');
      w.maths('t = ((a − c)·n) / (d·n) = ' + num(rec.t),
        '&t = \\frac{(a - c)\\cdot n}{d\\cdot n} = ' + num(rec.t));
      w.maths('p = c + t d = ' + vec(rec.point), '&p = c + t\\,d = ' + lvec(rec.point));
      var s = num(recordValue(rec, 's'));
      w.maths('s = ((p − a)·(b − a)) / |b − a|² = ' + s + ', in [0, 1]',
        '&s = \\frac{(p - a)\\cdot(b - a)}{\\lvert b - a\\rvert^2} = ' + s + ' \\in [0, 1]');
      w.maths('normal = n = ' + vec(rec.normal), '&\\hat n = n = ' + lvec(rec.normal));
      return;
    }
    var q1;
    var q2;
    if (p.part !== 'edge') {
      w.words(S.vertexCap);
      q1 = 'q = ' + vec(p.q) + ', ρ = r = ' + num(p.rho);
      q2 = '&q = ' + lvec(p.q) + ',\\ \\rho = r = ' + num(p.rho);
    } else if (!p.inside) {
      w.words(S.convexArc);
      q1 = 'q = ' + vec(p.q) + ', ρ = R + r = ' + num(R) + ' + ' + num(radius) + ' = ' + num(p.rho);
      q2 = '&q = ' + lvec(p.q) + ',\\ \\rho = R + r = ' + num(R) + ' + ' + num(radius) + ' = ' +
        num(p.rho);
    } else {
      w.words(S.concaveArc);
      q1 = 'q = ' + vec(p.q) + ', ρ = R − r = ' + num(R) + ' − ' + num(radius) + ' = ' + num(p.rho);
      q2 = '&q = ' + lvec(p.q) + ',\\ \\rho = R - r = ' + num(R) + ' - ' + num(radius) + ' = ' +
        num(p.rho);
    }
    w.maths(q1, q2);
    var m = rec.m || [0, 0];
    w.maths('m = c − q = ' + vec(m), '&m = c - q = ' + lvec(m));
    var b = num(recordValue(rec, 'b'));
    w.maths('b = m·d = ' + b, '&b = m\\cdot d = ' + b);
    var cc = num(recordValue(rec, 'cc'));
    w.maths('cc = m·m − ρ² = ' + cc, '&c_c = m\\cdot m - \\rho^2 = ' + cc);
    var disc = num(recordValue(rec, 'disc'));
    w.maths('b² − cc = ρ² − |m − b d|² = ' + disc + ' ≥ 0',
      '&b^2 - c_c = \\rho^2 - \\lvert m - b\\,d\\rvert^2 = ' + disc + ' \\ge 0');
    var t0 = num(recordValue(rec, 't0'));
    var t1 = num(recordValue(rec, 't1'));
    w.maths('t₀ = −b − √(b² − cc) = ' + t0 + ', t₁ = −b + √(b² − cc) = ' + t1,
      '&t_0 = -b - \\sqrt{b^2 - c_c} = ' + t0 + ',\\ t_1 = -b + \\sqrt{b^2 - c_c} = ' + t1);
    if (rec.larger) {
      w.words(S.largerRoot);
      w.maths('t = t₁ = ' + num(rec.t), '&t = t_1 = ' + num(rec.t));
    } else {
      w.words(S.smallerRoot);
      w.maths('t = t₀ = ' + num(rec.t), '&t = t_0 = ' + num(rec.t));
    }
    w.maths('p = c + t d = ' + vec(rec.point), '&p = c + t\\,d = ' + lvec(rec.point));
    if (p.full) {
      w.words(S.wholeCircle);
    } else {
      var deg = 180 / Math.PI;
      var phi = num(recordValue(rec, 'phi') * deg);
      var sweep = num(p.sweep * deg);
      w.maths('sweep: u = (p − q)/ρ, φ = ∠(u₀, u) = ' + phi + '°, 0 ≤ φ ≤ ' + sweep + '° (u₀ = ' +
        vec(p.uFrom) + ')',
      '&u = \\frac{p - q}{\\rho},\\ \\varphi = \\angle(u_0, u) = ' + phi +
        '^\\circ,\\ 0 \\le \\varphi \\le ' + sweep + '^\\circ,\\ u_0 = ' + lvec(p.uFrom));
    }
    if (p.inside) {
      w.maths('normal = (q − p)/ρ = ' + vec(rec.normal),
        '&\\hat n = \\frac{q - p}{\\rho} = ' + lvec(rec.normal));
    } else {
      w.maths('normal = (p − q)/ρ = ' + vec(rec.normal),
        '&\\hat n = \\frac{p - q}{\\rho} = ' + lvec(rec.normal));
    }
  }

  // carom_explain_reason_digits().
  function reason(w, rec, tHit) {
    var num = w.num.bind(w);
    switch (rec.reject) {
      case 1:
        return fill(S.backFacing, [num(recordValue(rec, 'dn'))]);
      case 2:
        return fill(S.behind, [num(rec.t)]);
      case 3:
        return fill(S.outsideSegment, [num(recordValue(rec, 's'))]);
      case 4:
        return fill(S.missesCircle, [num(recordValue(rec, 'disc'))]);
      case 5:
        return fill(S.leaving, [num(recordValue(rec, 't0'))]);
      case 6:
        return fill(S.outsideSweep, [num(recordValue(rec, 'phi') * 180 / Math.PI),
          num(recordValue(rec, 'sweep') * 180 / Math.PI)]);
      case 7:
        return S.excluded;
      case 8:
        return fill(S.farther, [num(rec.t), num(tHit)]);
      default:
        return S.theHit;
    }
  }

  // The explanation of hit `hit` (an object of trace().balls[i].hits) of the
  // ball `ball` (trace().balls[i]) from its record `e` (docs/web-page.md):
  // plain text, or LaTeX (an align* environment).
  function explain(ball, hit, e, latex, digits) {
    var w = new Writer(latex, digits);
    if (latex) {
      w.out += '\\begin{align*}\n';
    }
    var place = hitPlace(hit);
    var role = hit.role === 'wall' ? S.wall : S.obstacle;
    var kind = place.kind === 'segment' ? S.offsetSegment : place.part === 'edge' ? S.offsetArc : S.arc;
    w.words(fill(S.hitOfBall, [hit.index, ball.id, role, hit.object,
      placeName(place.kind, place.part, place.element), kind]));
    w.maths('c = ' + w.vec(e.c) + ', d = ' + w.vec(e.d) + ', r = ' + w.num(e.r),
      '&c = ' + w.lvec(e.c) + ',\\ d = ' + w.lvec(e.d) + ',\\ r = ' + w.num(e.r));
    primitiveCast(w, e.prim, e.rec, e.R, e.radius);
    if (hit.action === 'reflect') {
      var dn = hit.in[0] * hit.normal[0] + hit.in[1] * hit.normal[1];
      w.maths('d′ = d − 2(d·n)n = ' + w.vec(hit.out) + ', d·n = ' + w.num(dn),
        '&d\' = d - 2\\,(d\\cdot \\hat n)\\,\\hat n = ' + w.lvec(hit.out) + ',\\ d\\cdot\\hat n = ' +
        w.num(dn));
      if (hit.role === 'obstacle') {
        w.words(S.reflectingObstacle);
      }
    } else {
      w.words(S.stops);
    }
    w.words(fill(S.broadPhase, e.stats));
    if (e.rejected.length > 0) {
      w.words(S.rejectedTitle);
    }
    for (var i = 0; i < e.rejected.length; i++) {
      var c = e.rejected[i];
      var name = placeName(c.prim.kind, c.prim.part, c.prim.element);
      var why = reason(w, c.rec, e.rec.t);
      if (latex) {
        w.words(c.prim.object + ', ' + name + ': ' + why);
      } else {
        w.out += '  ' + c.prim.object + ', ' + name + ': ' + why + '\n';
      }
    }
    if (e.more > 0) {
      w.words(fill(e.more === 1 ? S.more1 : S.moreN, [e.more]));
    }
    if (latex) {
      w.out += '\\end{align*}\n';
    }
    return w.out;
  }

  // The start of a ball, as the page writes it at step 0.
  function explainStart(ball, latex, digits) {
    var w = new Writer(latex, digits);
    if (latex) {
      w.out += '\\begin{align*}\n';
    }
    w.words(fill(S.startOf, [ball.id]));
    w.maths('c = ' + w.vec(ball.start) + ', d = ' + w.vec(ball.direction) + ', r = ' + w.num(ball.radius),
      '&c = ' + w.lvec(ball.start) + ',\\ d = ' + w.lvec(ball.direction) + ',\\ r = ' +
      w.num(ball.radius));
    if (latex) {
      w.out += '\\end{align*}\n';
    }
    return w.out;
  }

  // ---- the geometry core --------------------------------------------------

  // The scene as the page has it now: data.scene, with balls moved.
  var scene = JSON.parse(JSON.stringify(data.scene));
  var moved = false;

  // Without the WebAssembly core: the trace and the explanations the page
  // carries, for the scene as exported.
  function tableCore() {
    var explained = {};
    (data.explanations || []).forEach(function (pair) {
      explained[pair[0]] = pair[1];
    });
    return {
      live: false,
      trace: function () {
        return data.trace;
      },
      explain: function (ballIndex, hitIndex) {
        var list = explained[ballIndex];
        return list ? list[hitIndex - 1] || null : null;
      }
    };
  }

  // With it: window.CaromCore (src/wasm/carom-core.js, which comes before
  // this program in the same script element) loads carom-core.wasm from the
  // page's base64 and gives the same three calls: trace(scene), explain(ball,
  // hit) and unitDirection(dx, dy), computed by Carom's own core.
  var core = null;
  var trace = null;
  var explainCache = {};

  function retrace() {
    trace = core.trace(scene);
    explainCache = {};
  }

  function explanationOf(ballIndex, hitIndex) {
    var key = ballIndex + ':' + hitIndex;
    if (!(key in explainCache)) {
      explainCache[key] = core.explain(ballIndex, hitIndex);
    }
    return explainCache[key];
  }

  // ---- ids: unique on the page -----------------------------------------

  // A second copy of the same figure on one page has the same ids: give it
  // its own, and move every reference with them.
  (function uniqueIds() {
    var prefix = root.id;
    if (!prefix || document.getElementById(prefix) === root) {
      return;
    }
    var n = 2;
    while (document.getElementById(prefix + '-' + n)) {
      n++;
    }
    var fresh = prefix + '-' + n;
    var attributes = ['id', 'clip-path', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'for'];
    var all = [root].concat(Array.prototype.slice.call(root.querySelectorAll('*')));
    all.forEach(function (node) {
      attributes.forEach(function (name) {
        var value = node.getAttribute(name);
        if (value !== null && value.indexOf(prefix) >= 0) {
          node.setAttribute(name, value.split(prefix).join(fresh));
        }
      });
    });
  })();
  var prefix = root.id;

  // ---- the drawing ------------------------------------------------------

  var svg = root.querySelector('svg.carom-svg');
  var style = data.style;
  var k = data.scale; // scene units a point
  var origin = data.origin;
  var layer = function (name) {
    return svg.querySelector('[id="' + prefix + '-layer-' + name + '"]');
  };
  var anyLayer = svg.querySelector('g[transform]');
  var layerTransform = anyLayer ? anyLayer.getAttribute('transform') : null;
  var clipUrl = 'url(#' + prefix + '-clip)';

  function el(name, attributes, parent) {
    var node = document.createElementNS(SVGNS, name);
    for (var key in attributes) {
      if (Object.prototype.hasOwnProperty.call(attributes, key) && attributes[key] !== null) {
        node.setAttribute(key, String(attributes[key]));
      }
    }
    if (parent) {
      parent.appendChild(node);
    }
    return node;
  }

  function group(className, before) {
    var g = el('g', { 'class': className, transform: layerTransform, 'clip-path': clipUrl });
    if (before) {
      svg.insertBefore(g, before);
    } else {
      svg.appendChild(g);
    }
    return g;
  }

  var labelsLayer = layer('labels');
  var legendLayer = layer('legend');
  var live = group('carom-live', labelsLayer || legendLayer);
  var liveLabels = group('carom-live-labels', legendLayer);
  var overlay = group('carom-overlay', null);
  overlay.removeAttribute('clip-path');

  // Scene units to the figure's points (in doubles, then written rounded).
  function pt(p) {
    return [(p[0] - origin[0]) / k, (p[1] - origin[1]) / k];
  }
  function r3(v) {
    return Math.round(v * 1000) / 1000;
  }
  function dpath(points, close) {
    var d = '';
    for (var i = 0; i < points.length; i++) {
      d += (i === 0 ? 'M' : ' L') + r3(points[i][0]) + ' ' + r3(points[i][1]);
    }
    return close ? d + ' Z' : d;
  }
  function paint(node, fillColor, strokeColor, width, extra) {
    node.style.fill = fillColor || 'none';
    if (strokeColor) {
      node.style.stroke = strokeColor;
      node.style.strokeWidth = width;
    }
    if (extra) {
      for (var key in extra) {
        if (Object.prototype.hasOwnProperty.call(extra, key)) {
          node.style[key] = extra[key];
        }
      }
    }
    return node;
  }
  function color(name) {
    return 'var(--carom-c-' + name + ')';
  }

  function setColors() {
    var dark = data.darkStyle && window.matchMedia &&
      window.matchMedia('(prefers-color-scheme: dark)').matches;
    var s = dark ? data.darkStyle : data.style;
    for (var key in s) {
      if (Object.prototype.hasOwnProperty.call(s, key) && typeof s[key] === 'string' &&
          s[key].indexOf('rgba(') === 0) {
        root.style.setProperty('--carom-c-' + key, s[key]);
      }
    }
    root.style.setProperty('--carom-bg', s.background);
    root.style.setProperty('--carom-fg', s.text);
    root.style.setProperty('--carom-line', s.legendStroke);
    root.style.setProperty('--carom-accent', s.path);
  }

  function arrowhead(tip, u, head, parent, fillColor) {
    var p = [-u[1], u[0]];
    var pts = [tip,
      [tip[0] - head * u[0] + 0.35 * head * p[0], tip[1] - head * u[1] + 0.35 * head * p[1]],
      [tip[0] - 0.8 * head * u[0], tip[1] - 0.8 * head * u[1]],
      [tip[0] - head * u[0] - 0.35 * head * p[0], tip[1] - head * u[1] - 0.35 * head * p[1]]];
    return paint(el('path', { d: dpath(pts, true) }, parent), fillColor);
  }

  function unit(v) {
    var n = Math.hypot(v[0], v[1]);
    return n > 0 ? [v[0] / n, v[1] / n] : [1, 0];
  }

  // A vector drawn from `from` (points) along u, length long, as C's
  // carom_vector_arrow(); returns its tip.
  function vectorArrow(from, u, length, col, width, dash, parent) {
    var head = style.arrowLength;
    var tip = [from[0] + length * u[0], from[1] + length * u[1]];
    var end = [tip[0] - 0.7 * head * u[0], tip[1] - 0.7 * head * u[1]];
    paint(el('path', { d: dpath([from, end]) }, parent), null, col, width,
      dash && dash[0] > 0 && dash[1] > 0 ? { strokeDasharray: dash[0] + ' ' + dash[1] } : null);
    arrowhead(tip, u, head, parent, col);
    return tip;
  }

  function circle(c, radius, parent) {
    return el('circle', { cx: r3(c[0]), cy: r3(c[1]), r: r3(radius) }, parent);
  }

  function label(text, at, size, col, parent, options) {
    options = options || {};
    var t = el('text', {
      x: r3(at[0]),
      y: r3(at[1] + 0.35 * size),
      'text-anchor': 'middle',
      'font-size': r3(size),
      'font-family': style.font + ', DejaVu Sans, Noto Sans CJK SC, sans-serif'
    }, parent);
    t.style.fill = col;
    t.style.stroke = color('halo');
    t.style.strokeWidth = style.haloWidth;
    t.style.strokeLinejoin = 'round';
    t.style.paintOrder = 'stroke';
    if (options.italic) {
      t.style.fontStyle = 'italic';
    }
    if (options.bold) {
      t.style.fontWeight = 'bold';
    }
    t.textContent = text;
    return t;
  }

  // ---- which balls: the trace's entries and the scene's objects -----------

  // For each entry of trace.balls: the scene object (index in scene) and
  // its ray (beams), in the order the trace lists them.
  function entries() {
    var list = [];
    var i = 0;
    scene.forEach(function (o, index) {
      if (o.role !== 'ball' && o.role !== 'beam') {
        return;
      }
      var count = o.role === 'beam' ? o.count : 1;
      for (var ray = 0; ray < count && i < trace.balls.length; ray++) {
        var id = o.role === 'beam' ? o.id + '#' + ray : o.id;
        if (trace.balls[i].id !== id) {
          return;
        }
        list.push({ object: index, ray: ray, beam: o.role === 'beam', index: i });
        i++;
      }
    });
    return list;
  }

  var followed = data.ball >= 0 ? data.ball : 0;
  var step = data.step;
  var pointed = -1; // a hit pointed at, or -1

  function followedBall() {
    return trace && trace.balls[followed] ? trace.balls[followed] : null;
  }
  function hitCount() {
    var b = followedBall();
    return b ? b.hits.length : 0;
  }

  // ---- drawing the trace ------------------------------------------------

  function ballColor(entryIndex, list) {
    var e = list[entryIndex];
    var object = e ? e.object : 0;
    var order = 0;
    for (var i = 0; i < object; i++) {
      if (scene[i].role === 'ball') {
        order++;
      }
    }
    return order === 0 ? color('path') : color('ball' + (((order - 1) % 4) + 1));
  }

  // The points of a ball's path, and where it escapes to.
  function pathPoints(ball) {
    var points = [ball.start];
    ball.hits.forEach(function (h) {
      points.push(h.point);
    });
    if (ball.status === 'escaped') {
      var last = points[points.length - 1];
      var dir = ball.hits.length ? ball.hits[ball.hits.length - 1].out : ball.direction;
      var reach = Math.max(data.size[0], data.size[1]) * k * 4;
      points.push([last[0] + reach * dir[0], last[1] + reach * dir[1]]);
    }
    return points;
  }

  function polyline(points, col, width, parent, extra) {
    var pts = points.map(pt);
    var node = paint(el('path', { d: dpath(pts) }, parent), null, col, width,
      Object.assign({ strokeLinecap: 'round', strokeLinejoin: 'round' }, extra || {}));
    return node;
  }

  function pathArrows(points, from, to, col, parent) {
    var head = style.arrowLength;
    for (var i = from; i < to && i + 1 < points.length; i++) {
      var a = pt(points[i]);
      var b = pt(points[i + 1]);
      var len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (len < 3 * head) {
        continue;
      }
      var u = unit([b[0] - a[0], b[1] - a[1]]);
      var mid = [(a[0] + b[0]) / 2 + 0.5 * head * u[0], (a[1] + b[1]) / 2 + 0.5 * head * u[1]];
      arrowhead(mid, u, head, parent, col);
    }
  }

  function ballDisk(center, radius, ghost, stroke, fillColor, parent) {
    var c = pt(center);
    var r = radius / k;
    if (ghost) {
      paint(circle(c, r, parent), null, stroke, style.ballWidth,
        { strokeDasharray: style.outlineDash[0] + ' ' + style.outlineDash[1], strokeOpacity: 0.3 });
    } else {
      paint(circle(c, r, parent), fillColor, stroke, style.ballWidth);
    }
    paint(circle(c, 0.9 * style.markerRadius, parent), stroke, null, 0,
      ghost ? { fillOpacity: 0.3 } : null);
  }

  // The piece of outline hit: the offset segment, offset arc or cap.
  function primitivePath(p) {
    if (p.kind === 'segment') {
      return dpath([pt(p.a), pt(p.b)]);
    }
    var q = pt(p.q);
    var rho = p.rho / k;
    var a0 = Math.atan2(p.uFrom[1], p.uFrom[0]);
    var sweep = p.full ? 2 * Math.PI : p.sweep;
    var parts = sweep > Math.PI ? 2 : 1;
    var d = '';
    for (var i = 0; i <= parts; i++) {
      var a = a0 + (sweep * i) / parts;
      var x = r3(q[0] + rho * Math.cos(a));
      var y = r3(q[1] + rho * Math.sin(a));
      d += i === 0 ? 'M' + x + ' ' + y : ' A' + r3(rho) + ' ' + r3(rho) + ' 0 0 1 ' + x + ' ' + y;
    }
    return d;
  }

  function angleMark(c, u, w, radius, parent) {
    var a0 = Math.atan2(u[1], u[0]);
    var a1 = Math.atan2(w[1], w[0]);
    if (u[0] * w[1] - u[1] * w[0] < 0) {
      var tmp = a0;
      a0 = a1;
      a1 = tmp;
    }
    if (a1 < a0) {
      a1 += 2 * Math.PI;
    }
    var d = 'M' + r3(c[0] + radius * Math.cos(a0)) + ' ' + r3(c[1] + radius * Math.sin(a0)) +
      ' A' + r3(radius) + ' ' + r3(radius) + ' 0 ' + (a1 - a0 > Math.PI ? 1 : 0) + ' 1 ' +
      r3(c[0] + radius * Math.cos(a1)) + ' ' + r3(c[1] + radius * Math.sin(a1));
    paint(el('path', { d: d }, parent), null, color('normal'), style.normalWidth);
  }

  // Where a ball is after the path length s along its path (C's
  // carom_render_trace_point_at()): the point, and the index of the last
  // path point before it.
  function pointAt(ball, s) {
    var points = [ball.start];
    ball.hits.forEach(function (h) {
      points.push(h.point);
    });
    var walked = 0;
    for (var i = 1; i <= ball.hits.length; i++) {
      var len = ball.hits[i - 1].distance;
      if (s <= walked + len && len > 0) {
        var a = points[i - 1];
        var b = points[i];
        var f = (s - walked) / len;
        return { point: [a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1])], index: i - 1 };
      }
      walked += len;
    }
    var last = points[points.length - 1];
    if (ball.status === 'escaped') {
      var dir = ball.hits.length ? ball.hits[ball.hits.length - 1].out : ball.direction;
      var go = Math.max(s - walked, 0);
      return { point: [last[0] + go * dir[0], last[1] + go * dir[1]], index: points.length - 1 };
    }
    return { point: last, index: points.length - 1 };
  }

  // The path length to hit n.
  function lengthTo(ball, n) {
    var s = 0;
    for (var i = 0; i < n && i < ball.hits.length; i++) {
      s += ball.hits[i].distance;
    }
    return s;
  }

  function ramp(t) {
    var stops = [[0x3b, 0x5b, 0xdb], [0x10, 0x98, 0xad], [0x37, 0xb2, 0x4d], [0xf5, 0x9f, 0x00],
      [0xe0, 0x31, 0x31]];
    t = Math.min(Math.max(t, 0), 1);
    var x = t * (stops.length - 1);
    var i = Math.min(Math.floor(x), stops.length - 2);
    var u = x - i;
    var c = [0, 1, 2].map(function (j) {
      return Math.round(stops[i][j] + u * (stops[i + 1][j] - stops[i][j]));
    });
    return 'rgb(' + c.join(',') + ')';
  }

  function clear(node) {
    while (node.firstChild) {
      node.removeChild(node.firstChild);
    }
  }

  var showLabels = data.overlays.indexOf('labels') >= 0;
  var showPath = data.overlays.indexOf('path') >= 0 || data.overlays.indexOf('all') >= 0;

  // The followed ball at step n: what C's draw_step() draws.
  function drawStep(ball, n, col, parent, labels) {
    var r = ball.radius / k;
    var vec = Math.max(style.vectorLength, r + 10);
    var vectorWidth = 1.3 * style.pathWidth;
    if (n === 0) {
      var c0 = pt(ball.start);
      var tip0 = vectorArrow(c0, ball.direction, vec, color('incoming'), vectorWidth,
        style.incomingDash, parent);
      if (showLabels) {
        var side0 = [-ball.direction[1], ball.direction[0]];
        label('d', [tip0[0] + 8 * side0[0], tip0[1] + 8 * side0[1]], style.labelSize * 1.15,
          color('incoming'), labels, { italic: true });
      }
      return;
    }
    var h = ball.hits[n - 1];
    var prev = n >= 2 ? ball.hits[n - 2].point : ball.start;
    if (showPath) {
      var a = pt(prev);
      var b = pt(h.point);
      paint(el('path', { d: dpath([a, b]) }, parent), null, color('incoming'), 1.6 * style.pathWidth,
        style.incomingDash[0] > 0 ? { strokeDasharray: style.incomingDash.join(' ') } : null);
      pathArrows([prev, h.point], 0, 1, color('incoming'), parent);
    }
    var e = explanationOf(followed, n);
    if (e && e.prim) {
      paint(el('path', { d: primitivePath(e.prim) }, parent), null, color('hitPrimitive'),
        3.5 * style.outlineWidth, { strokeLinecap: 'round' });
    }
    ballDisk(h.point, ball.radius, false, color('ballStroke'), color('ballFill'), parent);
    var c = pt(h.point);
    var touch = [c[0] - r * h.normal[0], c[1] - r * h.normal[1]];
    var stops = h.action !== 'reflect';
    if (!stops) {
      var radius = Math.min(0.45 * style.vectorLength, 0.6 * vec);
      angleMark(c, [-h.in[0], -h.in[1]], h.normal, radius, parent);
      angleMark(c, h.normal, h.out, radius * 1.15, parent);
    }
    var nTip = vectorArrow(touch, h.normal, r + vec, color('normal'), 2 * style.normalWidth,
      style.normalDash, parent);
    var outTip = c;
    if (!stops) {
      outTip = vectorArrow(c, h.out, vec, color('outgoing'), vectorWidth, style.outgoingDash, parent);
    }
    paint(circle(touch, 1.1 * style.markerRadius, parent), color('text'));
    if (!showLabels) {
      return;
    }
    var side = [-h.normal[1], h.normal[0]];
    if (side[0] * h.out[0] + side[1] * h.out[1] > 0) {
      side = [-side[0], -side[1]];
    }
    var size = style.labelSize * 1.15;
    label('n', [nTip[0] + 8 * side[0], nTip[1] + 8 * side[1]], size, color('normal'), labels,
      { italic: true, bold: true });
    if (!stops) {
      label('d′', [outTip[0] - 8 * side[0], outTip[1] - 8 * side[1]], size, color('outgoing'), labels,
        { italic: true });
    } else {
      label(S.stopped, [c[0] + (r + 12) * h.in[0], c[1] + (r + 12) * h.in[1]], size, color('text'),
        labels, { italic: true });
    }
    if (showPath) {
      var from = pt(prev);
      var dside = [-h.in[1], h.in[0]];
      if (dside[0] * h.normal[0] + dside[1] * h.normal[1] < 0) {
        dside = [-dside[0], -dside[1]];
      }
      var mid = [(from[0] + c[0]) / 2 + 9 * dside[0], (from[1] + c[1]) / 2 + 9 * dside[1]];
      label('d', mid, size, color('incoming'), labels, { italic: true });
    }
  }

  // Everything that depends on the trace and the step, drawn by the page.
  function drawLive() {
    clear(live);
    clear(liveLabels);
    var list = entries();
    var fb = followedBall();
    var fe = list[followed];
    var beamFront = fe && fe.beam;
    var front = beamFront && fb ? lengthTo(fb, step) : 0;
    var beamGroup = el('g', { 'class': 'carom-rays' }, live);
    list.forEach(function (entry, i) {
      var ball = trace.balls[i];
      var points = pathPoints(ball);
      if (entry.beam) {
        var count = scene[entry.object].count;
        var col = ramp(count > 1 ? entry.ray / (count - 1) : 0);
        var sameBeam = fe && fe.beam && fe.object === entry.object;
        if (sameBeam) {
          var at = pointAt(ball, front);
          var drawn = points.slice(0, at.index + 1).concat([at.point]);
          polyline(drawn, col, 0.6 * style.pathWidth, beamGroup, { strokeOpacity: 0.55 });
          if (i !== followed) {
            ballDisk(at.point, ball.radius, false, col, 'none', beamGroup);
          }
        } else {
          polyline(points, col, 0.6 * style.pathWidth, beamGroup, { strokeOpacity: 0.35 });
        }
        if (i !== followed) {
          return;
        }
      }
      if (!showPath && i !== followed) {
        return;
      }
      var colour = entry.beam ? color('path') : ballColor(i, list);
      var n = Math.min(step, ball.hits.length);
      var isFollowed = i === followed;
      // A beam's front: its followed ray, as the others, up to the step.
      var upto = data.path !== 'all' || entry.beam;
      var shown = upto ? points.slice(0, n + 1) : points;
      if (showPath) {
        if (!upto && n + 1 < points.length) {
          polyline(points.slice(0, n + 1), colour, style.pathWidth, live);
          polyline(points.slice(n), colour, style.pathWidth, live, { strokeOpacity: 0.3 });
        } else {
          polyline(shown, colour, style.pathWidth, live);
        }
        pathArrows(points, 0, n, colour, live);
        if (!upto) {
          var faint = el('g', { 'class': 'carom-faint' }, live);
          faint.style.opacity = 0.3;
          pathArrows(points, n, points.length - 1, colour, faint);
        }
        // Hit markers: faint beyond the step.
        var last = upto ? n : ball.hits.length;
        for (var j = 0; j < last; j++) {
          var m = paint(circle(pt(ball.hits[j].point), style.markerRadius, live), color('background'),
            colour, 0.75 * style.pathWidth, j >= n ? { strokeOpacity: 0.3 } : null);
          m.setAttribute('data-hit', j + 1);
          if (isFollowed && showLabels && j < n) {
            var hp = pt(ball.hits[j].point);
            var nn = ball.hits[j].normal;
            label(String(j + 1), [hp[0] + 7 * nn[0], hp[1] + 7 * nn[1]], style.labelSize,
              color('text'), liveLabels);
          }
        }
      }
      // The ball at its start (a ghost once the followed one has moved on).
      var ghost = isFollowed && step >= 1;
      var stroke = entry.beam ? color('ballStroke') : isFollowed ? color('ballStroke') : colour;
      ballDisk(ball.start, ball.radius, ghost, stroke,
        isFollowed ? color('ballFill') : 'none', live);
      if (showLabels && !entry.beam) {
        var sp = pt(ball.start);
        var rr = ball.radius / k;
        label(ball.id, [sp[0] + rr + 8, sp[1] - rr - 4], style.labelSize, color('text'), liveLabels);
      }
      if (isFollowed) {
        drawStep(ball, step, colour, live, liveLabels);
      }
    });
  }

  // What Carom's own drawing shows of the trace and the step: hidden while
  // the page draws them itself (after a step or a move).
  var nativeLayers = ['paths', 'rays', 'balls', 'step-vectors', 'cast'].map(layer).filter(Boolean);
  var dynamicIds = {};
  scene.forEach(function (o) {
    if (o.role === 'ball' || o.role === 'beam') {
      dynamicIds[o.id] = true;
    }
  });
  ['d', 'n', 'd-prime'].forEach(function (id) {
    dynamicIds[id] = true;
  });
  var nativeLabels = [];
  if (labelsLayer) {
    Array.prototype.forEach.call(labelsLayer.children, function (node) {
      var id = node.getAttribute('carom:for') || node.getAttribute('carom:leader-for') || '';
      if (dynamicIds[id] || /(^|:)hit-[0-9]+$/.test(id)) {
        nativeLabels.push(node);
      }
    });
  }
  // The legend's title ("Hit 3 of 29: wall “room”"), kept up to date.
  var legendTitle = null;
  if (legendLayer) {
    var firstText = legendLayer.querySelector('text');
    if (firstText && firstText.firstElementChild &&
        firstText.firstElementChild.getAttribute('font-weight') === 'bold') {
      legendTitle = firstText;
    }
  }
  var legendOriginal = legendTitle ? Array.prototype.slice.call(legendTitle.childNodes) : null;

  function setLegendTitle(native) {
    if (!legendTitle) {
      return;
    }
    clear(legendTitle);
    if (native) {
      legendOriginal.forEach(function (node) {
        legendTitle.appendChild(node);
      });
      return;
    }
    var ball = followedBall();
    var markup;
    if (step === 0 || !ball) {
      markup = fill(S.legendStart, [ball ? ball.id : '']);
    } else {
      var h = ball.hits[step - 1];
      markup = fill(S.legendHit, [step, ball.hits.length, h.role === 'wall' ? S.wall : S.obstacle,
        h.object]);
    }
    // The template's bold part (the only markup in it) as a bold tspan; the
    // rest, and every name in it, as text.
    var open = markup.indexOf('<b>');
    var close = markup.indexOf('<' + '/b>');
    if (open >= 0 && close > open) {
      legendTitle.appendChild(document.createTextNode(markup.slice(0, open)));
      var bold = el('tspan', { 'font-weight': 'bold' }, legendTitle);
      bold.textContent = markup.slice(open + 3, close);
      legendTitle.appendChild(document.createTextNode(markup.slice(close + 4)));
    } else {
      legendTitle.textContent = markup;
    }
  }

  var nativeShown = true;
  function isNative() {
    return !moved && step === data.step && followed === data.ball;
  }

  function draw() {
    var native = isNative();
    nativeLayers.forEach(function (g) {
      g.style.display = native ? '' : 'none';
    });
    nativeLabels.forEach(function (node) {
      node.style.display = native ? '' : 'none';
    });
    if (native !== nativeShown || !native) {
      setLegendTitle(native);
    }
    nativeShown = native;
    if (native) {
      clear(live);
      clear(liveLabels);
    } else {
      drawLive();
    }
    drawOverlay();
    updateControls();
    showMaths();
  }

  // ---- markers and handles ---------------------------------------------

  var markerTitle = function (ball, n) {
    var h = ball.hits[n - 1];
    return fill(S.marker, [n, ball.id, h.role === 'wall' ? S.wall : S.obstacle, h.object]);
  };

  function drawOverlay() {
    clear(overlay);
    var ball = followedBall();
    if (ball) {
      var last = data.path === 'all' ? ball.hits.length : Math.min(step, ball.hits.length);
      if (showPath) {
        // One marker where several hits fall on one spot: the earliest's.
        var taken = {};
        for (var n = 1; n <= last; n++) {
          var at = pt(ball.hits[n - 1].point);
          var spot = Math.round(at[0]) + ',' + Math.round(at[1]);
          if (taken[spot]) {
            continue;
          }
          taken[spot] = true;
          var m = circle(pt(ball.hits[n - 1].point), Math.max(4, 2 * style.markerRadius), overlay);
          m.setAttribute('class', 'carom-marker');
          m.setAttribute('data-hit', n);
          m.setAttribute('role', 'button');
          m.setAttribute('tabindex', ball.hits.length <= 60 ? '0' : '-1');
          m.setAttribute('aria-label', markerTitle(ball, n));
          m.style.fill = 'transparent';
          el('title', {}, m).textContent = markerTitle(ball, n);
        }
      }
    }
    if (!core || !core.live) {
      return;
    }
    scene.forEach(function (o) {
      if (o.role !== 'ball' && o.role !== 'beam') {
        return;
      }
      var c = pt(o.center);
      var r = Math.max(o.role === 'ball' ? o.radius / k : 0, 6);
      var start = circle(c, r, overlay);
      start.setAttribute('class', 'carom-handle');
      start.setAttribute('data-ball', o.id);
      start.setAttribute('data-handle', 'start');
      start.setAttribute('role', 'button');
      start.setAttribute('tabindex', '0');
      start.setAttribute('aria-label', fill(S.startHandle, [o.id]));
      start.style.fill = 'transparent';
      el('title', {}, start).textContent = fill(S.startHandle, [o.id]);
      var reach = (o.role === 'ball' ? o.radius / k : 0) + Math.max(style.vectorLength, 10) + 8;
      var aim = [c[0] + reach * o.direction[0], c[1] + reach * o.direction[1]];
      paint(el('path', { d: dpath([c, aim]) }, overlay), null, color('path'), 0.6,
        { strokeDasharray: '2 2', strokeOpacity: 0.6, pointerEvents: 'none' });
      var handle = circle(aim, 4, overlay);
      handle.setAttribute('class', 'carom-handle');
      handle.setAttribute('data-ball', o.id);
      handle.setAttribute('data-handle', 'aim');
      handle.setAttribute('role', 'button');
      handle.setAttribute('tabindex', '0');
      handle.setAttribute('aria-label', fill(S.aimHandle, [o.id]));
      paint(handle, color('background'), color('path'), 1.2);
      el('title', {}, handle).textContent = fill(S.aimHandle, [o.id]);
    });
  }

  // The scene point under a pointer event.
  function scenePoint(event) {
    var m = overlay.getScreenCTM();
    if (!m) {
      return null;
    }
    var p = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
    return [origin[0] + p.x * k, origin[1] + p.y * k];
  }

  function objectById(id) {
    for (var i = 0; i < scene.length; i++) {
      if (scene[i].id === id && (scene[i].role === 'ball' || scene[i].role === 'beam')) {
        return scene[i];
      }
    }
    return null;
  }

  var drag = null;
  var pendingMove = null;
  function applyMove() {
    var m = pendingMove;
    pendingMove = null;
    if (!m) {
      return;
    }
    if (m.kind === 'start') {
      api.moveBall(m.id, m.x, m.y);
    } else {
      api.aimBall(m.id, m.x, m.y);
    }
  }
  overlay.addEventListener('pointerdown', function (event) {
    var target = event.target;
    if (target.classList.contains('carom-handle')) {
      event.preventDefault();
      target.setPointerCapture(event.pointerId);
      drag = { id: target.getAttribute('data-ball'), kind: target.getAttribute('data-handle'),
        pointer: event.pointerId, node: target };
      target.focus({ preventScroll: true });
    }
  });
  overlay.addEventListener('pointermove', function (event) {
    if (!drag || event.pointerId !== drag.pointer) {
      return;
    }
    var p = scenePoint(event);
    var o = objectById(drag.id);
    if (!p || !o) {
      return;
    }
    var scheduled = pendingMove !== null;
    pendingMove = drag.kind === 'start'
      ? { id: drag.id, kind: 'start', x: p[0], y: p[1] }
      : { id: drag.id, kind: 'aim', x: p[0] - o.center[0], y: p[1] - o.center[1] };
    if (!scheduled) {
      window.requestAnimationFrame(applyMove);
    }
  });
  function endDrag(event) {
    if (drag && event.pointerId === drag.pointer) {
      drag = null;
      applyMove();
    }
  }
  overlay.addEventListener('pointerup', endDrag);
  overlay.addEventListener('pointercancel', endDrag);

  function handleKey(event, target) {
    var o = objectById(target.getAttribute('data-ball'));
    if (!o) {
      return false;
    }
    var big = event.shiftKey ? 10 : 1;
    var dx = 0;
    var dy = 0;
    switch (event.key) {
      case 'ArrowLeft': dx = -1; break;
      case 'ArrowRight': dx = 1; break;
      case 'ArrowUp': dy = -1; break;
      case 'ArrowDown': dy = 1; break;
      default: return false;
    }
    if (target.getAttribute('data-handle') === 'start') {
      var stepSize = 2 * k * big;
      api.moveBall(o.id, o.center[0] + dx * stepSize, o.center[1] + dy * stepSize);
    } else {
      var turn = (dx + dy) * big * Math.PI / 180;
      var c = Math.cos(turn);
      var s = Math.sin(turn);
      api.aimBall(o.id, c * o.direction[0] - s * o.direction[1], s * o.direction[0] + c * o.direction[1]);
    }
    var again = overlay.querySelector('[data-ball="' + CSS.escape(o.id) + '"][data-handle="' +
      target.getAttribute('data-handle') + '"]');
    if (again) {
      again.focus({ preventScroll: true });
    }
    return true;
  }

  // Pointing at a marker shows the maths of the hit nearest the pointer
  // (markers of nearby hits overlap); a click (or Enter) steps there.
  function nearestHit(event) {
    var m = overlay.getScreenCTM();
    var ball = followedBall();
    if (!m || !ball) {
      return -1;
    }
    var p = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
    var best = -1;
    var bestDistance = Infinity;
    overlay.querySelectorAll('.carom-marker').forEach(function (marker) {
      var n = Number(marker.getAttribute('data-hit'));
      var at = pt(ball.hits[n - 1].point);
      var distance = Math.hypot(at[0] - p.x, at[1] - p.y);
      if (distance < bestDistance) {
        best = n;
        bestDistance = distance;
      }
    });
    // Every hit at that spot: the nearest, the earliest first.
    if (best > 0) {
      var spot = pt(ball.hits[best - 1].point);
      for (var n = 1; n < best; n++) {
        var q = pt(ball.hits[n - 1].point);
        if (Math.hypot(q[0] - spot[0], q[1] - spot[1]) < 0.5) {
          return n;
        }
      }
    }
    return best;
  }
  overlay.addEventListener('pointermove', function (event) {
    if (drag || !event.target.classList.contains('carom-marker')) {
      return;
    }
    var n = nearestHit(event);
    if (n > 0 && n !== pointed) {
      pointed = n;
      showMaths();
    }
  });
  overlay.addEventListener('pointerout', function (event) {
    if (event.target.getAttribute('data-hit') && pointed > 0) {
      pointed = -1;
      showMaths();
    }
  });
  overlay.addEventListener('focusin', function (event) {
    var n = Number(event.target.getAttribute('data-hit'));
    if (n > 0) {
      pointed = n;
      showMaths();
    }
  });
  overlay.addEventListener('focusout', function () {
    if (pointed > 0) {
      pointed = -1;
      showMaths();
    }
  });
  overlay.addEventListener('click', function (event) {
    if (event.target.getAttribute('data-hit')) {
      var n = event.detail > 0 ? nearestHit(event) : Number(event.target.getAttribute('data-hit'));
      pointed = -1;
      api.step(n);
    }
  });

  // ---- the stepper and the maths ---------------------------------------

  var controls = root.querySelector('.carom-controls');
  var scrub = root.querySelector('.carom-scrub');
  var status = root.querySelector('.carom-status');
  var note = root.querySelector('.carom-note');
  var mathsTitle = root.querySelector('.carom-maths-title');
  var mathsText = root.querySelector('.carom-maths-text');
  var copyRow = root.querySelector('.carom-copy-row');
  var copyButton = root.querySelector('.carom-copy');
  var copyNote = root.querySelector('.carom-copy-note');
  var latexArea = root.querySelector('.carom-latex');
  var buttons = {
    first: root.querySelector('.carom-first'),
    prev: root.querySelector('.carom-prev'),
    next: root.querySelector('.carom-next'),
    last: root.querySelector('.carom-last')
  };
  var ballSelect = null;

  function statusText() {
    return step === 0 ? S.start : fill(S.hitOf, [step, hitCount()]);
  }

  function updateControls() {
    var n = hitCount();
    scrub.max = String(n);
    scrub.value = String(step);
    var text = statusText();
    scrub.setAttribute('aria-valuetext', text);
    if (status.textContent !== text) {
      status.textContent = text;
    }
    buttons.first.disabled = buttons.prev.disabled = step <= 0;
    buttons.last.disabled = buttons.next.disabled = step >= n;
  }

  // The hit whose maths is shown: the one pointed at, else the step's.
  function shownHit() {
    return pointed > 0 ? pointed : step;
  }

  function mathsOf(n, latex) {
    var ball = followedBall();
    if (!ball) {
      return '';
    }
    if (n === 0) {
      return explainStart(ball, latex, latex ? 0 : data.digits);
    }
    var e = explanationOf(followed, n);
    if (!e) {
      return S.noMaths + '\n';
    }
    return explain(ball, ball.hits[n - 1], e, latex, latex ? 0 : data.digits);
  }

  function showMaths() {
    var n = shownHit();
    var text = mathsOf(n, false);
    if (mathsText.textContent !== text) {
      mathsText.textContent = text;
    }
    mathsTitle.textContent = pointed > 0 ? fill(S.pointedAt, [pointed]) : S.maths;
    mathsTitle.classList.toggle('carom-pointed', pointed > 0);
    latexArea.hidden = true;
    copyNote.textContent = '';
  }

  function copyLatex() {
    var latex = mathsOf(shownHit(), true);
    var fallback = function () {
      latexArea.value = latex;
      latexArea.hidden = false;
      latexArea.focus();
      latexArea.select();
      copyNote.textContent = S.copyDenied;
    };
    if (!navigator.clipboard || !window.isSecureContext) {
      fallback();
      return;
    }
    navigator.clipboard.writeText(latex).then(function () {
      latexArea.hidden = true;
      copyNote.textContent = S.copied;
    }, fallback);
  }

  function setStep(n) {
    var count = hitCount();
    n = Math.max(0, Math.min(Math.round(Number(n)) || 0, count));
    step = n;
    pointed = -1;
    draw();
    return step;
  }

  function follow(index) {
    if (!trace.balls[index]) {
      return;
    }
    followed = index;
    step = Math.min(step, hitCount());
    draw();
  }

  function buildBallChoice() {
    var list = entries();
    var objects = [];
    list.forEach(function (e) {
      if (objects.indexOf(e.object) < 0) {
        objects.push(e.object);
      }
    });
    if (objects.length < 2) {
      return;
    }
    ballSelect = document.createElement('select');
    ballSelect.className = 'carom-ball';
    ballSelect.setAttribute('aria-label', S.ball);
    objects.forEach(function (index) {
      var option = document.createElement('option');
      option.value = String(index);
      option.textContent = scene[index].id;
      ballSelect.appendChild(option);
    });
    var current = list[followed];
    if (current) {
      ballSelect.value = String(current.object);
    }
    ballSelect.addEventListener('change', function () {
      var all = entries();
      for (var i = 0; i < all.length; i++) {
        if (String(all[i].object) === ballSelect.value) {
          follow(i);
          return;
        }
      }
    });
    status.parentNode.appendChild(ballSelect);
  }

  function onKey(event) {
    var target = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    if (target.classList && target.classList.contains('carom-handle')) {
      if (handleKey(event, target)) {
        event.preventDefault();
      }
      return;
    }
    if (target === scrub || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' ||
        target.tagName === 'INPUT') {
      return;
    }
    if (target.classList && target.classList.contains('carom-marker') &&
        (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      api.step(Number(target.getAttribute('data-hit')));
      return;
    }
    var n = null;
    switch (event.key) {
      case 'ArrowRight': case 'PageDown': case ']': n = step + 1; break;
      case 'ArrowLeft': case 'PageUp': case '[': n = step - 1; break;
      case 'Home': n = 0; break;
      case 'End': n = hitCount(); break;
      default: return;
    }
    event.preventDefault();
    api.step(n);
  }

  // ---- the API ----------------------------------------------------------

  var resolveReady;
  var rejectReady;
  var api = {
    ready: new Promise(function (resolve, reject) {
      resolveReady = resolve;
      rejectReady = reject;
    }),
    readyAt: null,
    trace: function () {
      return trace ? JSON.parse(JSON.stringify(trace)) : null;
    },
    step: function (n) {
      if (!trace) {
        throw new Error('carom: not ready');
      }
      return setStep(n);
    },
    moveBall: function (id, x, y) {
      return change(id, function (o) {
        x = Number(x);
        y = Number(y);
        if (!isFinite(x) || !isFinite(y)) {
          throw new Error('carom: not a finite point');
        }
        // A parallel beam moves whole: its P2 by as much as its P1.
        if (o.shape === 'parallel') {
          o.end = [o.end[0] + (x - o.center[0]), o.end[1] + (y - o.center[1])];
        }
        o.center = [x, y];
      });
    },
    aimBall: function (id, dx, dy) {
      return change(id, function (o) {
        // Made a unit vector as the scene reader makes carom:direction one.
        var u = core.unitDirection(Number(dx), Number(dy));
        if (u[0] === 0 && u[1] === 0) {
          throw new Error('carom: not a direction');
        }
        o.direction = u;
      });
    },
    maths: function (n, latex) {
      return mathsOf(n === undefined ? shownHit() : n, !!latex);
    },
    formatNumber: function (value, digits) {
      return numberDigits(Number(value), digits === undefined ? data.digits : Number(digits));
    }
  };
  Object.defineProperty(api, 'isCaromFigure', { value: true });

  function change(id, edit) {
    if (!core || !core.live) {
      throw new Error('carom: this page cannot trace again (no geometry core)');
    }
    var o = objectById(String(id));
    if (!o) {
      throw new Error('carom: the scene has no ball or beam “' + id + '”');
    }
    var keep = followedBall() ? followedBall().id : null;
    var before = JSON.parse(JSON.stringify(o));
    try {
      edit(o);
      retrace();
    } catch (error) {
      // Refused (not a number, a scene the core will not take): as it was.
      Object.keys(before).forEach(function (key) {
        o[key] = before[key];
      });
      retrace();
      throw error;
    }
    moved = true;
    // Still the same ball (or ray) followed, at the same step or its last hit.
    for (var i = 0; i < trace.balls.length; i++) {
      if (trace.balls[i].id === keep) {
        followed = i;
      }
    }
    step = Math.min(step, hitCount());
    draw();
    return api.trace();
  }

  root.carom = api;
  if (!window.carom || !window.carom.isCaromFigure) {
    window.carom = api;
  }

  // ---- start ------------------------------------------------------------

  function start(theCore, message) {
    core = theCore;
    retrace();
    if (message) {
      note.textContent = message;
    }
    if (core.live) {
      svg.setAttribute('role', 'group');
      svg.setAttribute('aria-label', fill(S.drawing, [data.title]));
    }
    controls.hidden = false;
    copyRow.hidden = false;
    buildBallChoice();
    buttons.first.addEventListener('click', function () { api.step(0); });
    buttons.prev.addEventListener('click', function () { api.step(step - 1); });
    buttons.next.addEventListener('click', function () { api.step(step + 1); });
    buttons.last.addEventListener('click', function () { api.step(hitCount()); });
    scrub.addEventListener('input', function () { api.step(Number(scrub.value)); });
    copyButton.addEventListener('click', copyLatex);
    root.addEventListener('keydown', onKey);
    svg.setAttribute('tabindex', '0');
    setColors();
    if (data.darkStyle && window.matchMedia) {
      window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', setColors);
    }
    draw();
    window.requestAnimationFrame(function () {
      api.readyAt = performance.now();
      resolveReady(api);
    });
  }

  var coreElement = root.querySelector('script.carom-core');
  if (coreElement && typeof WebAssembly === 'object' && window.CaromCore) {
    window.CaromCore.load(coreElement.textContent, data).then(function (wasm) {
      start(wasm, null);
    }).catch(function (error) {
      if (window.console) {
        console.warn(error);
      }
      if (data.trace) {
        start(tableCore(), S.coreFailed);
      } else {
        note.textContent = S.coreFailed;
        controls.hidden = false;
        root.querySelector('.carom-stepper').hidden = true;
        rejectReady(error);
      }
    });
  } else {
    try {
      start(tableCore(), coreElement ? S.coreFailed : S.noCore);
    } catch (error) {
      rejectReady(error);
    }
  }
})();
