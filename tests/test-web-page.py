#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""test-web-page.py: `carom export SCENE -o fig.html` opened in headless
Chromium (Debian's chromium, chromium-driver and python3-selenium), as a
reader opens it. For each example of data/examples: carom.trace() is the
object `carom trace --json` prints (the same hits, objects and primitives,
points within 1e-12 relative); the maths of every hit of the ball followed is
the text `carom trace --explain` prints and the LaTeX of `--explain --latex`;
after carom.moveBall() and carom.aimBall() the trace is that of the scene
with the ball moved (written as SVG and traced by the CLI); → steps and the
page says so; Copy falls back to the selected LaTeX when the clipboard is
denied; the page makes no network request and breaks none of its own
Content-Security-Policy. A hostile scene (ids with </script>, "><img
onerror=…>, javascript:, a <script> and external references in the file)
runs no script of its own and carries none of it. Several figures on one
page keep to themselves; with scripts off the figure still shows its step.
Screenshots in light, dark and Chinese go to CAROM_WEB_SHOTS (default: the
test's build folder). The seed page's size and its ready time (navigation
start to carom.ready resolved and the figure drawn) are checked against the
issue's 300 KB and 300 ms.

TAP output for meson. Environment: CAROM_EXE, CAROM_SOURCE_ROOT,
CAROM_BUILD_ROOT (for the translations), G_TEST_BUILDDIR.
"""
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import traceback

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

EXE = os.environ.get('CAROM_EXE', 'carom')
SRC = os.environ.get('CAROM_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..'))
BUILD = os.environ.get('CAROM_BUILD_ROOT', '')
SHOTS = os.environ.get('CAROM_WEB_SHOTS', os.environ.get('G_TEST_BUILDDIR', tempfile.gettempdir()))
EXAMPLES = sorted(f for f in os.listdir(os.path.join(SRC, 'data', 'examples')) if f.endswith('.svg'))
# The example step each page is exported at, and the offset balls are moved by
# (a quarter-unit grid: the same doubles in JavaScript and in the SVG's text).
STEP = 1
MOVE = (3.25, 1.75)
AIM = (1.0, 2.0)

results = []


def check(name, condition, detail=''):
    results.append((bool(condition), name, detail))
    if not condition:
        print('# FAILED: %s %s' % (name, detail), flush=True)
    return bool(condition)


def carom(*args, lang='C'):
    env = dict(os.environ, LANGUAGE=lang, LC_ALL='C.UTF-8')
    if lang != 'C' and BUILD:
        env['CAROM_LOCALEDIR'] = os.path.join(BUILD, 'po')
    r = subprocess.run([EXE] + list(args), env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError('carom %s: %s' % (' '.join(args), r.stderr))
    return r.stdout


def browser(javascript=True):
    o = Options()
    o.binary_location = shutil.which('chromium') or '/usr/bin/chromium'
    for a in ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
              '--window-size=1000,1400', '--no-first-run', '--disable-extensions',
              '--disable-background-networking', '--disable-component-update',
              '--disable-sync', '--disable-default-apps', '--hide-scrollbars',
              '--font-render-hinting=none', '--lang=en-US']:
        o.add_argument(a)
    if not javascript:
        o.add_experimental_option('prefs', {'profile.managed_default_content_settings.javascript': 2})
    o.set_capability('goog:loggingPrefs', {'browser': 'ALL', 'performance': 'ALL'})
    driver_path = shutil.which('chromedriver') or '/usr/bin/chromedriver'
    d = webdriver.Chrome(service=Service(driver_path), options=o)
    d.set_script_timeout(30)
    d.set_page_load_timeout(30)
    return d


def wait_ready(d):
    return d.execute_async_script(
        'var done = arguments[0];'
        'if (!window.carom || !window.carom.ready) { done({ok: false, error: "no carom"}); return; }'
        'window.carom.ready.then(function () { done({ok: true, at: carom.readyAt}); },'
        '  function (e) { done({ok: false, error: String(e)}); });')


def close(a, b, rel=1e-12):
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(close(x, y, rel) for x, y in zip(a, b))
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b or abs(a - b) <= rel * max(abs(a), abs(b))
    return a == b


def compare_traces(page, cli, name):
    """Where the page's trace differs from the CLI's: a list of sentences."""
    diffs = []
    pb, cb = page['balls'], cli['balls']
    if len(pb) != len(cb):
        return ['%s: %d balls, the CLI %d' % (name, len(pb), len(cb))]
    for p, c in zip(pb, cb):
        for key in ('id', 'status'):
            if p.get(key) != c.get(key):
                diffs.append('%s %s: %s %r, the CLI %r' % (name, c['id'], key, p.get(key), c.get(key)))
        for key in ('start', 'direction', 'radius'):
            if not close(p.get(key), c.get(key)):
                diffs.append('%s %s: %s %r, the CLI %r' % (name, c['id'], key, p.get(key), c.get(key)))
        if len(p['hits']) != len(c['hits']):
            diffs.append('%s %s: %d hits, the CLI %d' % (name, c['id'], len(p['hits']), len(c['hits'])))
            continue
        for hp, hc in zip(p['hits'], c['hits']):
            if set(hp) != set(hc):
                diffs.append('%s %s hit %d: keys %s, the CLI %s' % (name, c['id'], hc['index'],
                                                                   sorted(hp), sorted(hc)))
                continue
            for key in hc:
                exact = key in ('index', 'object', 'role', 'primitive', 'edge', 'vertex', 'action')
                if (hp[key] != hc[key]) if exact else not close(hp[key], hc[key]):
                    diffs.append('%s %s hit %d: %s %r, the CLI %r' % (name, c['id'], hc['index'], key,
                                                                     hp[key], hc[key]))
    return diffs


def explain_blocks(text):
    """The CLI's --explain output as {ball id: [hit text, ...]}."""
    blocks = {}
    for block in text.split('\n\n'):
        block = block.strip('\n') + '\n'
        first = block.split('\n', 1)[0]
        m = re.search(r'[“"](.*?)[”"]', first)
        if block.startswith('\\begin'):
            first = block.split('\n')[1]
            m = re.search(r'[“"](.*?)[”"]', first)
        if m:
            # LaTeX escapes #, $, %, &, _, { and } in the ids of its \text{}.
            key = re.sub(r'\\([#$%&_{}])', r'\1', m.group(1))
            blocks.setdefault(key, []).append(block)
    return blocks


def moved_scene(svg_text, ball_id, center=None, direction=None):
    """The scene's SVG with the circle of ball_id moved or aimed (its cx, cy or carom:direction
    attribute rewritten in the file's text)."""
    pattern = re.compile(r'<circle\b[^>]*\bid="%s"[^>]*>' % re.escape(ball_id), re.S)
    m = pattern.search(svg_text)
    if not m:
        raise RuntimeError('no circle %s' % ball_id)
    tag = m.group(0)

    def attribute(tag, name, value):
        return re.sub(r'(\s%s=")[^"]*(")' % re.escape(name), lambda mm: mm.group(1) + value + mm.group(2), tag)
    if center is not None:
        tag = attribute(tag, 'cx', repr(center[0]))
        tag = attribute(tag, 'cy', repr(center[1]))
    if direction is not None:
        tag = attribute(tag, 'carom:direction', '%r %r' % direction)
    return svg_text[:m.start()] + tag + svg_text[m.end():]


def ball_circles(svg_text):
    """(id, cx, cy) of each ball and fan beam circle of the file."""
    out = []
    for m in re.finditer(r'<circle\b[^>]*>', svg_text, re.S):
        tag = m.group(0)
        if re.search(r'carom:role="(ball|beam)"', tag):
            get = lambda name: re.search(r'\s%s="([^"]*)"' % name, tag).group(1)
            out.append((get('id'), float(get('cx')), float(get('cy'))))
    return out


def network_requests(d, page_url):
    """The requests the page made besides its own file (CDP's Network log and the
    Resource Timing entries)."""
    made = []
    for entry in d.get_log('performance'):
        message = json.loads(entry['message'])['message']
        if message.get('method') == 'Network.requestWillBeSent':
            url = message['params']['request']['url']
            if url != page_url and not url.startswith('data:'):
                made.append(url)
    made += d.execute_script(
        'return performance.getEntriesByType("resource").map(function (e) { return e.name; })'
        '.filter(function (u) { return u.indexOf("data:") !== 0; });')
    return made


def severe_logs(d):
    return [l['message'] for l in d.get_log('browser') if l['level'] == 'SEVERE']


def test_examples(d, work):
    for example in EXAMPLES:
        name = example[:-4]
        source = os.path.join(SRC, 'data', 'examples', example)
        page = os.path.join(work, name + '.html')
        carom('export', source, '-o', page, '--step', str(STEP), '--style', 'screen')
        cli = json.loads(carom('trace', '--json', source))
        url = 'file://' + page
        d.get('about:blank')
        d.get_log('performance')
        d.get(url)
        ready = wait_ready(d)
        if not check('%s: carom.ready resolves' % name, ready.get('ok'), str(ready)):
            continue
        got = d.execute_script('return carom.trace();')
        diffs = compare_traces(got, cli, name)
        check('%s: carom.trace() equals carom trace --json' % name, not diffs, '; '.join(diffs[:5]))

        # The maths of each hit of the ball followed: the CLI's text and LaTeX.
        text = explain_blocks(carom('trace', '--explain', source))
        latex = explain_blocks(carom('trace', '--explain', '--latex', source))
        followed = d.execute_script(
            'var s = carom.trace(); var f = document.querySelector(".carom-status");'
            'return s.balls.map(function (b) { return b.id; });')
        first = cli['balls'][0]['id'] if cli['balls'] else None
        want_text = text.get(first, [])
        want_latex = latex.get(first, [])
        got_text = d.execute_script(
            'var out = []; for (var n = 1; n <= arguments[0]; n++) out.push(carom.maths(n, false));'
            'return out;', len(want_text))
        got_latex = d.execute_script(
            'var out = []; for (var n = 1; n <= arguments[0]; n++) out.push(carom.maths(n, true));'
            'return out;', len(want_latex))
        bad = [i + 1 for i, (a, b) in enumerate(zip(got_text, want_text)) if a != b]
        check('%s: the maths of every hit of %s is carom trace --explain’s (%d hits)'
              % (name, first, len(want_text)), not bad and want_text,
              'hits %s; page:\n%s\nCLI:\n%s' % (bad[:5], got_text[bad[0] - 1] if bad else '',
                                               want_text[bad[0] - 1] if bad else ''))
        bad = [i + 1 for i, (a, b) in enumerate(zip(got_latex, want_latex)) if a != b]
        check('%s: the LaTeX of every hit is carom trace --explain --latex’s' % name,
              not bad and want_latex,
              'hits %s; page:\n%s\nCLI:\n%s' % (bad[:5], got_latex[bad[0] - 1] if bad else '',
                                               want_latex[bad[0] - 1] if bad else ''))

        # Another ball followed (the stepper's ball menu): its maths.
        others = [b['id'] for b in cli['balls'][1:] if '#' not in b['id']]
        if others:
            menu = Select(d.find_element(By.CSS_SELECTOR, 'select.carom-ball'))
            menu.select_by_visible_text(others[0])
            got_text = d.execute_script(
                'var out = []; for (var n = 1; n <= arguments[0]; n++) out.push(carom.maths(n, false));'
                'return out;', len(text.get(others[0], [])))
            status = d.find_element(By.CSS_SELECTOR, '.carom-status').text
            check('%s: the ball menu follows %s (%d hits, the maths of each)'
                  % (name, others[0], len(got_text)),
                  got_text == text.get(others[0]) and status.endswith(
                      'of %d' % len(text.get(others[0], []))), status)
            menu.select_by_visible_text(first)
            d.execute_script('carom.step(arguments[0]);', STEP)

        # Pointing at a hit marker shows its maths.
        marker = d.find_elements(By.CSS_SELECTOR, '.carom-marker[data-hit="1"]')
        if marker and want_text:
            ActionChains(d).move_to_element(marker[0]).perform()
            shown = d.find_element(By.CSS_SELECTOR, '.carom-maths-text').text.strip()
            check('%s: pointing at hit 1’s marker shows its maths' % name,
                  shown == want_text[0].strip(), shown[:120])
            ActionChains(d).move_to_element(d.find_element(By.CSS_SELECTOR, '.carom-status')).perform()

        # → steps, and the page says so.
        svg = d.find_element(By.CSS_SELECTOR, 'svg.carom-svg')
        svg.send_keys(Keys.ARROW_RIGHT)
        status = d.find_element(By.CSS_SELECTOR, '.carom-status').text
        n = len(cli['balls'][0]['hits']) if cli['balls'] else 0
        want = 'Hit %d of %d' % (min(STEP + 1, n), n)
        check('%s: → steps to the next hit and the status says “%s”' % (name, want), status == want,
              repr(status))
        shown = d.find_element(By.CSS_SELECTOR, '.carom-maths-text').text.strip()
        check('%s: the maths shown follows the step' % name,
              n > STEP and shown == want_text[STEP].strip(), shown[:200])
        svg.send_keys(Keys.ARROW_LEFT)
        status = d.find_element(By.CSS_SELECTOR, '.carom-status').text
        check('%s: ← steps back' % name, status == 'Hit %d of %d' % (STEP, n), repr(status))

        # A ball moved and one aimed: the CLI's trace of the scene edited alike.
        svg_text = open(source, encoding='utf-8').read()
        for ball_id, cx, cy in ball_circles(svg_text)[:2]:
            x, y = cx + MOVE[0], cy + MOVE[1]
            try:
                got = d.execute_script('carom.moveBall(arguments[0], arguments[1], arguments[2]);'
                                       'return carom.trace();', ball_id, x, y)
            except Exception as e:
                check('%s: moveBall(%s) retraces' % (name, ball_id), False, str(e).split('\n')[0])
                break
            edited = os.path.join(work, name + '-moved.svg')
            svg_text = moved_scene(svg_text, ball_id, center=(x, y))
            open(edited, 'w', encoding='utf-8').write(svg_text)
            diffs = compare_traces(got, json.loads(carom('trace', '--json', edited)), name)
            check('%s: after moveBall(%s) carom.trace() equals the CLI’s trace of the moved scene'
                  % (name, ball_id), not diffs, '; '.join(diffs[:5]))
            got = d.execute_script('carom.aimBall(arguments[0], arguments[1], arguments[2]);'
                                   'return carom.trace();', ball_id, AIM[0], AIM[1])
            svg_text = moved_scene(svg_text, ball_id, direction=AIM)
            open(edited, 'w', encoding='utf-8').write(svg_text)
            diffs = compare_traces(got, json.loads(carom('trace', '--json', edited)), name)
            check('%s: after aimBall(%s) carom.trace() equals the CLI’s trace of the aimed scene'
                  % (name, ball_id), not diffs, '; '.join(diffs[:5]))

        # A drag traces again "at once": under a frame (16.7 ms) for the examples, the
        # trace and the drawing both (the median of 11 moves of the first ball).
        times = d.execute_script(
            'var s = carom.trace().balls[0]; var id = s.id.split("#")[0]; var times = [];'
            'for (var i = 0; i < 11; i++) { var t0 = performance.now();'
            '  carom.moveBall(id, s.start[0] + (i % 4) * 0.5, s.start[1] + (i % 3) * 0.25);'
            '  times.push(performance.now() - t0); }'
            'return times.sort(function (a, b) { return a - b; });') if cli['balls'] else [0] * 11
        print('# %s: moveBall, traced and drawn again: median %.2f ms, slowest %.2f ms'
              % (name, times[5], times[10]), flush=True)
        check('%s: a move is traced and drawn in under a frame (median %.2f ms)' % (name, times[5]),
              times[5] < 1000 / 60, repr(times))

        requests = network_requests(d, url)
        check('%s: no network request' % name, not requests, repr(requests[:5]))
        logs = severe_logs(d)
        check('%s: no error and no Content-Security-Policy violation in the console' % name,
              not logs, repr(logs[:3]))


def c_number(value, digits):
    """carom_explain_number_digits() (glibc's printf; Python formats as it does)."""
    if digits <= 0 or digits >= 17 or value == 0 or not math.isfinite(value):
        if value == 0:
            return '0'
        if math.isnan(value):
            return 'NaN'
        if math.isinf(value):
            return '∞' if value > 0 else '−∞'
        for n in (15, 16, 17):
            text = '%.*g' % (n, value)
            if float(text) == value:
                return text
        return text
    text = '%.*g' % (digits, value)
    return '0' if text == '-0' else text


def test_numbers(d, work):
    """The page's numbers are C's: ties to even on the exact value, %g's exponents."""
    page = os.path.join(work, 'seed.html')
    d.get('file://' + page)
    wait_ready(d)
    values = [0.5, 1.5, 2.5, -2.5, 0.125, 1234565.0, 123456.5, 1234.5625, 0.0001234565, 1e-5,
              1.5e-7, -0.0, 5e-324, 1.7976931348623157e308, 100000.5, 999999.5, 9.9999995,
              0.30000000000000004, 60.00000000000003, 1 / 3, 2 / 3, 1e21, 1e22, 123456789012,
              -0.7071067811865476, 452.5483399593904, 2.675, 1.0000005, float('inf'),
              float('-inf'), float('nan'), 4.35, 0.045, 1e100, 6.02214076e23]
    bad = []
    for digits in (1, 2, 3, 6, 7, 15, 0, 17):
        got = d.execute_script(
            'return arguments[0].map(function (v) { return carom.formatNumber(v, arguments[1]); });'
            .replace('arguments[1]', str(digits)), [v if math.isfinite(v) else
                                   {'inf': 'Infinity', '-inf': '-Infinity'}.get(str(v), 'NaN')
                                   for v in values])
        for v, g in zip(values, got):
            if g != c_number(v, digits):
                bad.append('%r to %d digits: %s, C %s' % (v, digits, g, c_number(v, digits)))
    check('numbers: formatNumber writes what C’s printf writes (%d values × 8 precisions)'
          % len(values), not bad, '; '.join(bad[:6]))


def test_copy_fallback(d, work):
    """Where the clipboard refuses, Copy shows the LaTeX selected."""
    page = os.path.join(work, 'seed.html')
    d.get('file://' + page)
    wait_ready(d)
    d.execute_script('navigator.clipboard.writeText = function () {'
                     '  return Promise.reject(new DOMException("denied", "NotAllowedError")); };')
    d.find_element(By.CSS_SELECTOR, '.carom-copy').click()
    area = d.find_element(By.CSS_SELECTOR, '.carom-latex')
    want = explain_blocks(carom('trace', '--explain', '--latex',
                                os.path.join(SRC, 'data', 'examples', 'seed.svg')))['ball'][STEP - 1]
    value = area.get_attribute('value')
    selected = d.execute_script(
        'var a = document.querySelector(".carom-latex");'
        'return [document.activeElement === a, a.selectionStart, a.selectionEnd, a.value.length];')
    check('copy: denied, the LaTeX is shown', area.is_displayed() and value == want, value[:120])
    check('copy: and selected for Ctrl+C', selected[0] and selected[1] == 0 and selected[2] == selected[3],
          repr(selected))


def hostile_scene(path):
    payloads = [
        '</script><script>window.__pwned = 1</script>',
        '"><img src=x onerror="window.__pwned = 2">',
        "javascript:window.__pwned = 3",
        '</style><style>body{background:url(http://127.0.0.1:9/css)}</style>',
        '<!--<script>window.__pwned = 4</script>-->',
        '\u2028\u2029</title><svg onload="window.__pwned=5">',
    ]
    def esc(s):
        return (s.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')
                .replace('"', '&quot;'))
    svg = '''<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
     xmlns:carom="urn:carom:scene:1" viewBox="-320 -320 640 640">
  <title>{t}</title>
  <script>window.__pwned = 6</script>
  <style>@import url(http://127.0.0.1:9/style.css);</style>
  <image href="http://127.0.0.1:9/img.png" x="0" y="0" width="10" height="10"/>
  <a xlink:href="javascript:window.__pwned=7"><text x="0" y="0" onclick="window.__pwned=8">{t}</text></a>
  <polygon carom:role="wall" id="{a}" points="-300,-300 -300,300 300,300 300,-300"/>
  <polygon carom:role="obstacle" id="{b}" points="20,-100 20,50 -20,50 -20,-100"/>
  <polygon carom:role="obstacle" id="{e}" points="100,-100 140,-100 140,-60 100,-60" carom:on-hit="reflect"/>
  <circle carom:role="ball" id="{c}" cx="-200" cy="0" r="40" carom:direction="1 1" carom:max-bounces="9"/>
  <circle carom:role="ball" id="{d}" cx="200" cy="200" r="10" carom:direction="-1 0.2" carom:max-bounces="5"/>
</svg>
'''.format(t=esc(payloads[5]), a=esc(payloads[0]), b=esc(payloads[1]), c=esc(payloads[2]),
           d=esc(payloads[3]), e=esc(payloads[4]))
    open(path, 'w', encoding='utf-8').write(svg)
    return payloads


def test_hostile(d, work):
    """The hostile scene as a whole page (its CSP would block an injected inline
    script anyway) and as a figure pasted into a page without any CSP (where
    only the escaping stands between the scene and the reader)."""
    source = os.path.join(work, 'hostile.svg')
    payloads = hostile_scene(source)
    page = os.path.join(work, 'hostile.html')
    carom('export', source, '-o', page, '--step', '1', '--show', 'all')
    fragment = os.path.join(work, 'hostile-fragment.html')
    carom('export', source, '-o', fragment, '--step', '1', '--show', 'all', '--html-fragment')
    article = os.path.join(work, 'hostile-article.html')
    open(article, 'w', encoding='utf-8').write(
        '<!DOCTYPE html><html><head><meta charset="utf-8"><title>No CSP</title></head><body>'
        + open(fragment, encoding='utf-8').read() + '</body></html>')
    for path, what in ((article, 'hostile, pasted without a CSP'), (page, 'hostile')):
        try:
            hostile_page(d, path, payloads, what)
        except Exception as e:
            check(what + ': the page can be driven', False, str(e).split('\n')[0])


def hostile_page(d, page, payloads, what):
    html = open(page, encoding='utf-8').read()
    url = 'file://' + page
    d.get('about:blank')
    d.get_log('performance')
    d.get(url)
    ready = wait_ready(d)
    check(what + ': the page still works', ready.get('ok'), str(ready))
    pwned = d.execute_script('return typeof window.__pwned;')
    check(what + ': no script of the scene ran', pwned == 'undefined', pwned)
    try:
        alert = d.switch_to.alert
        check(what + ': no alert', False, alert.text)
    except NoAlertPresentException:
        check(what + ': no alert', True)
    d.execute_script('carom.step(2);')
    pwned = d.execute_script('return typeof window.__pwned;')
    check(what + ': stepping runs none either', pwned == 'undefined', pwned)
    found = d.execute_script(
        'var bad = [];'
        'document.querySelectorAll("*").forEach(function (e) {'
        '  for (var i = 0; i < e.attributes.length; i++) {'
        '    var a = e.attributes[i];'
        '    if (/^on/i.test(a.name)) bad.push(e.tagName + " " + a.name);'
        '    if (/^(href|xlink:href|src)$/i.test(a.name) && !/^(data:|#)/.test(a.value))'
        '      bad.push(e.tagName + " " + a.name + "=" + a.value);'
        '  }'
        '  if (/^(img|iframe|object|embed|a|image)$/i.test(e.tagName) && e.closest("svg") === null)'
        '    bad.push(e.tagName);'
        '});'
        'var scripts = document.querySelectorAll("script").length;'
        'var styles = document.querySelectorAll("style").length;'
        'return {bad: bad, scripts: scripts, styles: styles,'
        '        status: document.querySelector(".carom-maths-text").textContent};')
    check(what + ': no handler, no external reference, no element of the file', not found['bad'],
          repr(found['bad'][:5]))
    check(what + ': only the figure’s own scripts (data, program) and style',
          found['scripts'] == 2 + ('class="carom-core"' in html) and found['styles'] == 1,
          repr(found))
    check(what + ': the ids show as text', payloads[0] in found['status'] or payloads[2] in found['status'],
          found['status'][:200])
    check(what + ': nothing of the file’s own <script>, <style>, <image> or <title> is carried',
          '__pwned = 6' not in html and 'style.css' not in html and 'img.png' not in html
          and '__pwned=7' not in html and '__pwned=8' not in html, '')
    # (javascript:… is harmless as text; no href holds it, checked above.)
    for p in payloads[:2] + payloads[3:]:
        raw = p.replace('\u2028', '').replace('\u2029', '')
        check(what + ': %r never appears unescaped' % p[:30], raw not in html, '')
    check(what + ': no U+2028 or U+2029 raw in the page', '\u2028' not in html and '\u2029' not in html)
    requests = network_requests(d, url)
    check(what + ': no network request', not requests, repr(requests[:5]))
    logs = [l for l in severe_logs(d) if 'Refused' in l or 'Content Security Policy' in l]
    check(what + ': no CSP violation (nothing tried)', not logs, repr(logs[:3]))
    d.execute_script('carom.moveBall(arguments[0], -190, 10);', payloads[2]) if \
        d.execute_script('return !!document.querySelector(".carom-handle");') else None
    pwned = d.execute_script('return typeof window.__pwned;')
    check(what + ': moving a ball runs none either', pwned == 'undefined', pwned)


def test_several(d, work):
    """Two figures (and a second copy of one) on one page."""
    seed = os.path.join(work, 'frag-seed.html')
    circle = os.path.join(work, 'frag-circle.html')
    carom('export', os.path.join(SRC, 'data', 'examples', 'seed.svg'), '-o', seed, '--html-fragment')
    carom('export', os.path.join(SRC, 'data', 'examples', 'circle.svg'), '-o', circle,
          '--html-fragment', '--style', 'screen')
    a = open(seed, encoding='utf-8').read()
    b = open(circle, encoding='utf-8').read()
    check('fragment: no <html>, <head> or CSP', '<html' not in a and '<head' not in a
          and 'Content-Security-Policy' not in a)
    page = os.path.join(work, 'article.html')
    open(page, 'w', encoding='utf-8').write(
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Article</title></head>'
        '<body><h1>An article</h1><p>Text.</p>' + a + '<p>More text.</p>' + b + a + '</body></html>')
    d.get('file://' + page)
    info = d.execute_async_script(
        'var done = arguments[0];'
        'var roots = Array.prototype.slice.call(document.querySelectorAll(".carom-figure"));'
        'Promise.all(roots.map(function (r) { return r.carom.ready; })).then(function () {'
        '  var ids = Array.prototype.map.call(document.querySelectorAll("[id]"), function (e) { return e.id; });'
        '  roots[0].carom.step(3);'
        '  var st = roots.map(function (r) { return r.querySelector(".carom-status").textContent; });'
        '  var broken = Array.prototype.filter.call(document.querySelectorAll("[clip-path]"), function (e) {'
        '    var id = e.getAttribute("clip-path").slice(5, -1); var c = document.getElementById(id);'
        '    return !c || !e.closest(".carom-figure").contains(c); }).length;'
        '  done({n: roots.length, first: window.carom === roots[0].carom,'
        '        own: roots.every(function (r) { return !!r.carom; }),'
        '        distinct: roots[0].carom !== roots[2].carom,'
        '        ids: ids.length, unique: new Set(ids).size, status: st, broken: broken,'
        '        balls: roots.map(function (r) { return r.carom.trace().balls[0].id; })});'
        '}, function (e) { done({error: String(e)}); });')
    check('several: three figures, each with its API', info.get('n') == 3 and info.get('own'), repr(info))
    check('several: window.carom is the first figure’s', info.get('first') and info.get('distinct'),
          repr(info))
    check('several: every id on the page is unique', info.get('ids') == info.get('unique'), repr(info))
    check('several: every clip path found in its own figure', info.get('broken') == 0, repr(info))
    st = info.get('status', [])
    check('several: stepping one figure leaves the others', len(st) == 3 and st[0] == 'Hit 3 of 29'
          and st[2] == 'Start', repr(st))


def test_without_scripts(work):
    d = browser(javascript=False)
    try:
        page = os.path.join(work, 'seed.html')
        d.get('file://' + page)
        shown = d.execute_script('return 1') if False else None
        svg = d.find_elements(By.CSS_SELECTOR, 'svg.carom-svg')
        paths = d.find_elements(By.CSS_SELECTOR, 'svg.carom-svg path')
        maths = d.find_element(By.CSS_SELECTOR, '.carom-maths-text').text.strip()
        want = explain_blocks(carom('trace', '--explain',
                                    os.path.join(SRC, 'data', 'examples', 'seed.svg')))['ball'][STEP - 1]
        controls = d.find_element(By.CSS_SELECTOR, '.carom-controls').is_displayed()
        check('no scripts: the drawing shows', svg and svg[0].is_displayed() and len(paths) > 10,
              '%d paths' % len(paths))
        check('no scripts: the maths of the step shows', maths == want.strip(), maths[:200])
        check('no scripts: no dead stepper', not controls)
        d.save_screenshot(os.path.join(SHOTS, 'web-noscript.png'))
    finally:
        d.quit()


def test_looks(d, work):
    """Screenshots: light, dark (the page follows the reader), Chinese."""
    source = os.path.join(SRC, 'data', 'examples', 'seed.svg')
    page = os.path.join(work, 'seed-auto.html')
    carom('export', source, '-o', page, '--step', '3', '--style', 'screen', '--follow-dark',
          '--show', 'path,outlines,normals,labels,legend')
    for scheme in ('light', 'dark'):
        d.execute_cdp_cmd('Emulation.setEmulatedMedia',
                          {'features': [{'name': 'prefers-color-scheme', 'value': scheme}]})
        d.get('file://' + page)
        wait_ready(d)
        if scheme == 'dark':
            d.execute_script('carom.step(4);')
        bg = d.execute_script(
            'var r = document.querySelector(".carom-figure");'
            'var bgPath = document.querySelector("[id$=-layer-background] path");'
            'return [getComputedStyle(r).backgroundColor, getComputedStyle(bgPath).fill];')
        want = ['rgb(255, 255, 255)'] * 2 if scheme == 'light' else ['rgb(30, 30, 30)'] * 2
        check('looks: %s: the page and the drawing’s background follow the reader' % scheme,
              bg == want, repr(bg))
        d.save_screenshot(os.path.join(SHOTS, 'web-%s.png' % scheme))
    d.execute_cdp_cmd('Emulation.setEmulatedMedia',
                      {'features': [{'name': 'prefers-color-scheme', 'value': 'light'}]})
    page = os.path.join(work, 'seed-zh.html')
    carom('export', source, '-o', page, '--step', '3', '--style', 'screen', lang='zh_CN')
    d.get('file://' + page)
    wait_ready(d)
    info = d.execute_script('return [document.documentElement.lang, '
                            'document.querySelector(".carom-status").textContent,'
                            'carom.maths(3, false),'
                            'document.querySelector(".carom-next").getAttribute("aria-label")];')
    want = explain_blocks(carom('trace', '--explain', source, lang='zh_CN'))
    want = next(iter(want.values()))[2] if want else ''
    check('zh_CN: the page is in Chinese', info[0] == 'zh-CN' and info[1] != 'Hit 3 of 29'
          and info[3] != 'Next hit (→)', repr(info[:2] + info[3:]))
    check('zh_CN: the maths is carom trace --explain’s in Chinese', info[2] == want, info[2][:200])
    d.save_screenshot(os.path.join(SHOTS, 'web-zh.png'))


def test_size_and_speed(d, work):
    source = os.path.join(SRC, 'data', 'examples', 'seed.svg')
    page = os.path.join(work, 'seed-size.html')
    carom('export', source, '-o', page)
    size = os.path.getsize(page)
    core = 'class="carom-core"' in open(page, encoding='utf-8').read()
    check('size: the seed page is under 300 KB (%d bytes, core inside: %s)' % (size, core),
          size < 300 * 1024 and core, '%d bytes' % size)
    times = []
    for _ in range(5):
        d.get('about:blank')
        d.get('file://' + page)
        r = wait_ready(d)
        times.append(r.get('at') or 1e9)
    times.sort()
    print('# ready (navigation start to carom.ready resolved, figure drawn): %s ms'
          % ', '.join('%.1f' % t for t in times), flush=True)
    check('speed: ready in under 300 ms (median %.1f ms)' % times[2], times[2] < 300, repr(times))


def main():
    work = tempfile.mkdtemp(prefix='carom-web-')
    d = None
    tests = [test_examples, test_numbers, test_copy_fallback, test_hostile, test_several, test_looks,
             test_size_and_speed]
    try:
        d = browser()
        for t in tests:
            try:
                t(d, work)
            except Exception:
                check(t.__name__ + ' ran', False, traceback.format_exc().replace('\n', '\n# '))
        try:
            test_without_scripts(work)
        except Exception:
            check('test_without_scripts ran', False, traceback.format_exc().replace('\n', '\n# '))
    finally:
        if d is not None:
            d.quit()
        shutil.rmtree(work, ignore_errors=True)
    print('1..%d' % len(results))
    for i, (ok, name, detail) in enumerate(results, 1):
        print('%s %d %s' % ('ok' if ok else 'not ok', i, name))
        if not ok and detail:
            for line in str(detail).split('\n')[:12]:
                print('# ' + line)
    return 0 if all(ok for ok, _, _ in results) else 1


if __name__ == '__main__':
    sys.exit(main())
