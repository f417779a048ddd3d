'use strict';
// Draws the frames of #replay-data: one replay, or a race of two replays
// (`sides`) in lockstep on the common clock `ticks` ([moment, frame of the
// first, frame of the second]). Each board shows its queens (from the
// frame's `queens` when the board is not one queen per row), the move just
// made with colour and a ✓ ✗ ↑ mark, a line for every attacking pair
// (data-pair="r1,c1,r2,c2", 0-based as in the frames) and on each attacked
// queen its number of attackers, a repair's heat strip, the view and the
// counters. Rows and columns count from 1 in everything a reader sees.
// An instance (data.instance, once for the page) marks its blocked squares
// (class blocked: dark and crossed) and its given queens (class given: an
// outlined ♕ in a dashed frame), which stand whatever the frame shows.
// Controls: play / pause / step / speed, scrubber, jumps to the next
// backtrack, restart or solution, attacks on or off, projector mode, keys,
// and the address's #frame=N (1-based), which follows the frame shown.
(() => {
  const data = JSON.parse(document.getElementById('replay-data').textContent);
  const race = Array.isArray(data.sides);
  const replays = race ? data.sides : [data];
  // The clock: [moment, frame of each side]; a single replay's is its frames.
  const ticks = race ? data.ticks : data.frames.map((_, i) => [data.positions[i], i]);
  const n = replays[0].n;
  // The instance, once for the page: blocked squares and given queens
  // ([row, column], 0-based), or null for the plain problem.
  const instance = data.instance || null;
  const key = (r, c) => r * n + c;
  const blockedSet = new Set(instance ? instance.blocked.map(([r, c]) => key(r, c)) : []);
  const givenSet = new Set(instance ? instance.given.map(([r, c]) => key(r, c)) : []);
  const $ = (id) => document.getElementById(id);
  const names = ['steps', 'checks', 'tests', 'backtracks', 'restarts', 'evaluations', 'final_conflicts', 'solutions'];
  const fmt = (x) => Number(x).toLocaleString('en');
  document.body.style.setProperty('--n', n);
  let at = 0;
  let timer = null;

  // Every queen of a frame as [row, column].
  const queensOf = (f) => (f.queens ? f.queens.map((q) => [q[0], q[1]])
    : f.board.flatMap((c, r) => (c === null ? [] : [[r, c]])));
  const attack = (a, b) => a[0] === b[0] || a[1] === b[1] || Math.abs(a[0] - b[0]) === Math.abs(a[1] - b[1]);
  function attackingPairs(qs) {
    const out = [];
    for (let i = 0; i < qs.length; i++) {
      for (let j = i + 1; j < qs.length; j++) if (attack(qs[i], qs[j])) out.push([qs[i], qs[j]]);
    }
    return out;
  }
  // Heat colour of value t in [0, 1]: light orange to dark brown, with an ink that reads on it.
  function heat(value, max) {
    const t = value / Math.max(1, max);
    const mix = (a, b) => Math.round(a + (b - a) * t);
    return { fill: `rgb(${mix(255, 127)},${mix(245, 39)},${mix(235, 4)})`, ink: t > 0.5 ? '#fff' : '#111' };
  }
  const isSolution = (v) => (v.kind === 'test' && v.solution) || (v.kind === 'end' && v.stop_reason === 'solved');

  // Builds one side's board: squares, labels and the layer of lines.
  const sides = replays.map((replay, s) => {
    const root = document.querySelector(`[data-side="${s}"]`);
    const q = (sel) => root.querySelector(sel);
    const board = q('.board');
    const cells = [];
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const d = document.createElement('div');
        d.dataset.base = 'cell ' + ((r + c) % 2 ? 'dark' : 'light') + (blockedSet.has(key(r, c)) ? ' blocked' : '');
        if (blockedSet.has(key(r, c))) d.title = `row ${r + 1}, column ${c + 1}: blocked`;
        d.className = d.dataset.base;
        board.appendChild(d);
        cells.push(d);
      }
    }
    // The layer of lines, parsed as HTML (the parser gives it the SVG
    // namespace, so the page names no address).
    board.insertAdjacentHTML('beforeend', `<svg class="lines" viewBox="0 0 ${n} ${n}" preserveAspectRatio="none" aria-hidden="true"></svg>`);
    const lines = board.lastElementChild;
    for (let i = 1; i <= n; i++) {
      for (const sel of ['.cols', '.rows']) {
        const span = document.createElement('span');
        span.textContent = String(i);
        q(sel).appendChild(span);
      }
    }
    const generations = replay.frames.map((f, i) => (f.view.kind === 'generation' ? i : -1)).filter((i) => i >= 0);
    return { replay, root, q, cells, lines, generations, label: board.getAttribute('aria-label'), shown: -1 };
  });

  function strip(label, bits, here) {
    const boxes = [...bits].map((b, i) => `<span class="${b === '1' ? 'on' : ''}${i === here ? ' here' : ''}"></span>`).join('');
    return `<p>${label}</p><div class="strip" role="img" aria-label="${label}: ${bits}">${boxes}</div>`;
  }
  function occupancy(o, row, column) {
    if (!o) return '';
    return strip('columns, one box each (1 to N)', o.columns, column) +
      strip('diagonals (row − column constant)', o.diagonals, row + n - column) +
      strip('anti-diagonals (row + column constant)', o.anti_diagonals, row + column);
  }
  // The heat strip of a repaired row, large enough to read.
  function heatStrip(label, values, to) {
    const max = Math.max(...values);
    const boxes = values.map((k, c) => {
      const h = heat(k, max);
      return `<span class="${c === to ? 'chosen' : ''}" style="background:${h.fill};color:${h.ink}">${k}</span>`;
    }).join('');
    return `<p>${label}</p><div class="heatstrip" role="img" aria-label="${label}: ${values.join(' ')}">${boxes}</div>`;
  }
  // A small chart of best, median and worst attacking pairs over the
  // generations up to frame i, and the histogram of the frame's population.
  function spreadChart(side, i) {
    const gens = side.generations.filter((g) => g <= i).map((g) => side.replay.frames[g]);
    if (gens.length === 0) return '';
    const top = Math.max(1, ...side.generations.map((g) => side.replay.frames[g].view.worst));
    const last = Math.max(1, gens.length - 1);
    const point = (f, k, key) => [(300 * k / last).toFixed(1), (100 - 100 * f.view[key] / top).toFixed(1)];
    const line = (key) => gens.map((f, k) => point(f, k, key).join(',')).join(' ');
    // The current generation's three values, as dots (a first generation is one point).
    const dots = ['worst', 'median', 'best'].map((key) => {
      const [x, y] = point(gens[gens.length - 1], gens.length - 1, key);
      return `<circle cx="${x}" cy="${y}" r="3" class="${key}"/>`;
    }).join('');
    const v = gens[gens.length - 1].view;
    let out = `<p>Attacking pairs per generation so far (0 at the bottom, ${top} at the top): worst dotted, median dashed, best solid.</p>` +
      `<svg class="chart" viewBox="-2 -4 304 108" role="img" aria-label="attacking pairs over ${gens.length} generations: now best ${v.best}, median ${v.median}, worst ${v.worst}">` +
      `<polyline points="${line('worst')}" class="worst"/><polyline points="${line('median')}" class="median"/><polyline points="${line('best')}" class="best"/>${dots}</svg>`;
    const hist = side.replay.frames[i].view.histogram;
    if (side.replay.frames[i].view.kind === 'generation' && Array.isArray(hist) && hist.length > 0) {
      const most = Math.max(...hist.map((b) => b[1]));
      const width = 300 / hist.length;
      const bars = hist.map(([pairs, count], k) => {
        const h = 80 * count / most;
        return `<rect x="${(k * width + 1).toFixed(1)}" y="${(84 - h).toFixed(1)}" width="${Math.max(1, width - 2).toFixed(1)}" height="${h.toFixed(1)}"><title>${pairs} attacking pairs: ${count}</title></rect>` +
          `<text x="${(k * width + width / 2).toFixed(1)}" y="98">${pairs}</text>`;
      }).join('');
      out += `<p>This generation's population by attacking pairs (bars: individuals).</p>` +
        `<svg class="chart hist" viewBox="0 0 300 102" role="img" aria-label="population by attacking pairs: ${hist.map(([p, k]) => `${k} with ${p}`).join(', ')}">${bars}</svg>`;
    }
    return out;
  }

  function describe(side, i) {
    const f = side.replay.frames[i];
    const v = f.view;
    const m = f.metrics;
    const pairs = attackingPairs(queensOf(f)).length;
    const onBoard = `<p>Attacking pairs on the board: ${pairs}${pairs > 0 ? ' (the lines)' : ''}.</p>`;
    switch (v.kind) {
      case 'test':
        return `<p>Row ${v.row + 1}, column ${v.column + 1}: ${v.safe ? (v.solution ? '<b>✓ safe: the last queen, a solution</b>' : '✓ safe, queen placed; on to the next row') : '✗ attacked (dashed lines: by whom): try the next square'}.</p>` +
          `<p>Test ${fmt(m.tests)}, backtrack ${fmt(m.backtracks)} so far.</p>` + occupancy(v.occupancy, v.row, v.column) +
          (v.pruned ? `<p>Its inference has ruled out ${fmt(v.pruned.length)} squares of the empty rows (grey, dotted): no value there can be tried.</p>` : '');
      case 'backtrack':
        return `<p>Row ${v.row + 1} has no safe square left: <b>backtrack</b>, lift the queen of row ${v.row} from column ${v.column + 1} (↑).</p>` +
          `<p>Test ${fmt(m.tests)}, backtrack ${fmt(m.backtracks)} so far.</p>` + occupancy(v.occupancy, v.row - 1, v.column);
      case 'repair':
        return `<p>Repair of row ${v.row + 1}: its queen moves from column ${v.from + 1} to column ${v.to + 1}${v.from === v.to ? ' (stays)' : ''}.</p>` +
          heatStrip(`How many queens of the other rows attack each square of row ${v.row + 1} (columns 1 to ${n})`, v.conflicts, v.to) + onBoard;
      case 'blog_repair':
        return `<p>The blog's repair of row ${v.row + 1}: its queen lifted from column ${v.from + 1} and put in column ${v.to + 1}${v.from === v.to ? ' (the same square)' : ''}.</p>` +
          heatStrip(`The blog's threat measure of each square of row ${v.row + 1} (columns 1 to ${n}): in how many of the 8 directions it sees a queen (0 to 8), not how many queens attack it`, v.threats, v.to) + onBoard;
      case 'anneal':
        return `<p>Proposed: queens to ${v.squares.map((s) => `row ${s[0] + 1}, column ${s[1] + 1}`).join(' and ')}, energy change ${v.delta > 0 ? '+' : ''}${v.delta}: <b>${v.accepted ? '✓ accepted' : '✗ rejected'}</b>.</p>` +
          `<p>Temperature ${v.temperature === null ? '–' : Number(v.temperature).toPrecision(4)}; energy (attacking pairs) ${v.energy}.</p>`;
      case 'generation':
        return `<p>Generation ${fmt(m.steps)} (${v.population} individuals); the board is its best: best ${v.best}, median ${v.median}, worst ${v.worst} attacking pairs.</p>` + spreadChart(side, i);
      case 'start':
        return `<p>The first board: ${pairs} attacking pairs${pairs > 0 ? ', one line each' : ''}.</p>`;
      case 'restart':
        return `<p><b>Restart ${m.restarts}</b>: a fresh board, ${pairs} attacking pairs.</p>`;
      case 'end':
        return `<p><b>${v.stop_reason === 'solved' ? 'Solved' : 'Stopped: ' + v.stop_reason}</b>. These are the counters <code>queens solve</code> reports for this seed.</p>` + onBoard;
      default:
        return onBoard;
    }
  }

  // Draws frame i of a side.
  function drawSide(side, i) {
    const replay = side.replay;
    const f = replay.frames[i];
    const v = f.view;
    const cell = (r, c) => (r >= 0 && r < n && c >= 0 && c < n ? side.cells[r * n + c] : null);
    const mark = (r, c, cls) => { const d = cell(r, c); if (d) d.classList.add(cls); };
    const badge = (r, c, cls, text) => { const d = cell(r, c); if (d) d.insertAdjacentHTML('beforeend', `<span class="${cls}">${text}</span>`); };
    for (const d of side.cells) {
      d.className = d.dataset.base;
      d.textContent = '';
      d.removeAttribute('style');
    }
    // A given queen stands whether or not the search's board shows it.
    const qs = queensOf(f);
    for (const [r, c] of instance ? instance.given : []) {
      if (!qs.some((q) => q[0] === r && q[1] === c)) qs.push([r, c]);
    }
    const pairs = attackingPairs(qs);
    let svg = pairs.map(([a, b]) => `<line data-pair="${a[0]},${a[1]},${b[0]},${b[1]}" x1="${a[1] + 0.5}" y1="${a[0] + 0.5}" x2="${b[1] + 0.5}" y2="${b[0] + 0.5}"/>`).join('');
    if (v.kind === 'test' && !v.safe) {
      svg += qs.filter((q) => !(q[0] === v.row && q[1] === v.column) && attack(q, [v.row, v.column]))
        .map((q) => `<line class="attacker" data-attacker="${q[0]},${q[1]}" x1="${v.column + 0.5}" y1="${v.row + 0.5}" x2="${q[1] + 0.5}" y2="${q[0] + 0.5}"/>`).join('');
    }
    side.lines.innerHTML = svg;
    const marks = instance ? `, ${instance.blocked.length} blocked squares, ${instance.given.length} given queens` : '';
    side.q('.board').setAttribute('aria-label', `${side.label}: ${qs.length} queens, ${pairs.length} attacking pairs${marks}`);
    const heated = v.kind === 'repair' ? v.conflicts : v.kind === 'blog_repair' ? v.threats : null;
    if (heated) {
      const max = Math.max(...heated);
      heated.forEach((k, c) => {
        const d = cell(v.row, c);
        if (!d) return;
        const h = heat(k, max);
        d.classList.add('heat');
        d.style.background = h.fill;
        d.style.color = h.ink;
        d.insertAdjacentHTML('beforeend', `<small class="h">${k}</small>`);
      });
      mark(v.row, v.from, 'from');
      mark(v.row, v.to, 'to');
    }
    qs.forEach(([r, c]) => {
      const d = cell(r, c);
      if (!d) return;
      d.classList.add('queen');
      const given = givenSet.has(key(r, c));
      if (given) d.classList.add('given');
      d.insertAdjacentHTML('beforeend', given ? '<span class="q">♕</span>' : '<span class="q">♛</span>');
    });
    qs.forEach((a) => {
      const k = qs.filter((b) => b !== a && attack(a, b)).length;
      if (k > 0) badge(a[0], a[1], 'k', String(k));
    });
    if (v.kind === 'test') {
      (v.pruned || []).forEach(([r, c]) => mark(r, c, 'pruned'));
      mark(v.row, v.column, v.safe ? 'ok' : 'bad');
      badge(v.row, v.column, 'g', v.safe ? '✓' : '✗');
    }
    if (v.kind === 'backtrack') {
      for (let c = 0; c < n; c++) mark(v.row, c, 'left');
      mark(v.row - 1, v.column, 'lifted');
      badge(v.row - 1, v.column, 'g', '↑');
    }
    if (v.kind === 'anneal') {
      v.squares.forEach((s) => { mark(s[0], s[1], v.accepted ? 'to' : 'bad'); badge(s[0], s[1], 'g', v.accepted ? '✓' : '✗'); });
    }
    side.q('.board').classList.toggle('solved', v.kind === 'end' && v.stop_reason === 'solved');
    const banner = side.q('.banner');
    const bannerText = v.kind === 'restart' ? `Restart ${fmt(f.metrics.restarts)}`
      : isSolution(v) ? 'Solution' : v.kind === 'end' ? `Stopped: ${v.stop_reason}` : '';
    banner.textContent = bannerText;
    banner.className = 'banner ' + (v.kind === 'restart' ? 'restart' : isSolution(v) ? 'solution' : 'stopped');
    side.q('.view').innerHTML = describe(side, i);
    // The outcome's own counters are known only at the end.
    const atEnd = v.kind === 'end';
    for (const k of names) {
      const pending = !atEnd && (k === 'final_conflicts' || k === 'solutions');
      side.q(`td[data-key="${k}"]`).textContent = pending ? '–' : String(f.metrics[k]);
    }
    // A sampled replay says where it skipped.
    const skip = side.q('.skip');
    const gap = i > 0 ? replay.positions[i] - replay.positions[i - 1] - 1 : 0;
    skip.hidden = gap <= 0;
    skip.textContent = gap > 0 ? `Sampled: ${fmt(gap)} moments skipped before this frame (moment ${fmt(replay.positions[i - 1] + 1)} → ${fmt(replay.positions[i] + 1)}).` : '';
    side.root.dataset.frame = String(i);
  }

  // The end of each side: the moment of its last frame (1-based).
  const ends = replays.map((r) => r.positions[r.positions.length - 1] + 1);

  function draw() {
    const tick = ticks[at];
    sides.forEach((side, s) => {
      const i = tick[s + 1];
      if (side.shown !== i) drawSide(side, i);
      side.shown = i;
      if (race) {
        const moment = tick[0] + 1;
        const state = side.q('.state');
        const last = side.replay.frames[side.replay.frames.length - 1].view;
        state.textContent = moment >= ends[s]
          ? `${last.stop_reason === 'solved' ? 'Solved' : 'Stopped (' + last.stop_reason + ')'}: finished at moment ${fmt(ends[s])}.`
          : `Frame ${i + 1} of ${side.replay.frames.length}, at moment ${fmt(side.replay.positions[i] + 1)}.`;
        side.root.classList.toggle('finished', moment >= ends[s]);
      }
    });
    if (race) {
      const moment = ticks[at][0] + 1;
      const label = (s) => (s === 0 ? 'the first' : 'the second');
      const first = ends[0] === ends[1] ? -1 : ends[0] < ends[1] ? 0 : 1;
      let text = `Moment ${fmt(moment)}.`;
      if (first === -1 && moment >= ends[0]) text += ` Both finished at moment ${fmt(ends[0])}.`;
      else if (first !== -1 && moment >= ends[first]) {
        text += ` ${label(first)[0].toUpperCase() + label(first).slice(1)} search finished first, at moment ${fmt(ends[first])}; ${label(1 - first)} ${moment >= ends[1 - first] ? 'at moment ' + fmt(ends[1 - first]) : 'is still searching'}.`;
      }
      $('race-status').textContent = text;
    }
    $('scrub').value = String(at);
    const tick0 = ticks[at];
    const r0 = replays[0];
    $('position').textContent = race
      ? `step ${at + 1} of ${ticks.length}, moment ${fmt(tick0[0] + 1)} of ${fmt(Math.max(...ends))}`
      : `frame ${at + 1} of ${r0.frames.length}` + (r0.sampled ? ` (moment ${fmt(r0.positions[at] + 1)} of ${fmt(r0.frames_seen + 1)})` : '');
    document.body.dataset.frame = String(at);
    for (const button of document.querySelectorAll('[data-jump]')) {
      button.disabled = next(button.dataset.jump, 1) === null;
    }
    followAddress();
  }

  // The ticks where a side comes to a frame of a kind: jump targets.
  const targets = {};
  for (const kind of ['backtrack', 'restart', 'solution']) {
    const is = kind === 'solution' ? isSolution : (v) => v.kind === kind;
    targets[kind] = ticks.map((t, k) => (replays.some((r, s) => (k === 0 || ticks[k - 1][s + 1] !== t[s + 1]) && is(r.frames[t[s + 1]].view)) ? k : -1)).filter((k) => k >= 0);
  }
  for (const button of document.querySelectorAll('[data-jump]')) button.hidden = targets[button.dataset.jump].length === 0;
  // The next (dir 1) or previous (dir -1) target of a kind, or null.
  function next(kind, dir) {
    const list = targets[kind];
    const found = dir > 0 ? list.find((k) => k > at) : [...list].reverse().find((k) => k < at);
    return found === undefined ? null : found;
  }
  function jump(kind, dir) {
    pause();
    const k = next(kind, dir);
    if (k !== null) go(k);
  }

  // The address follows the frame (#frame=N, 1-based), at most a few
  // times a second while playing.
  let addressTimer = null;
  function followAddress() {
    if (addressTimer !== null) return;
    addressTimer = setTimeout(() => {
      addressTimer = null;
      const hash = `#frame=${at + 1}`;
      if (location.hash === hash) return;
      try {
        history.replaceState(null, '', hash);
      } catch (e) {
        location.replace(hash);
      }
    }, timer === null ? 50 : 400);
  }
  function fromAddress(hash) {
    const m = /^#frame=(\d+)$/.exec(hash);
    if (m) go(Number(m[1]) - 1);
  }

  function go(i) {
    at = Math.max(0, Math.min(ticks.length - 1, i));
    draw();
    if (at === ticks.length - 1) pause();
  }
  function pause() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    $('play').textContent = 'Play';
  }
  function play() {
    if (at === ticks.length - 1) go(0);
    pause();
    timer = setInterval(() => go(at + 1), 1000 / Number($('speed').value));
    $('play').textContent = 'Pause';
  }
  const toggle = () => (timer === null ? play() : pause());
  function showAttacks(on) {
    $('attacks').checked = on;
    document.body.classList.toggle('hide-attacks', !on);
  }
  // Projector mode: larger text, and the boards as large as the window
  // lets them be below the controls (side by side in a race).
  const stage = document.querySelector('.stage');
  function fit() {
    stage.style.removeProperty('--board');
    labelDensity();
    if (!document.body.classList.contains('projector')) return;
    const board = sides[0].q('.board');
    const top = board.getBoundingClientRect().top + window.scrollY;
    const left = board.getBoundingClientRect().left;
    const labels = sides[0].q('.rows').getBoundingClientRect().width;
    const wide = race ? (stage.clientWidth - 24) / 2 - labels - 8 : window.innerWidth - left - 16;
    const size = Math.floor(Math.max(120, Math.min(window.innerHeight - top - 8, wide)));
    stage.style.setProperty('--board', `${size}px`);
    labelDensity();
  }
  // On squares too small for two digits, every other label is left out.
  function labelDensity() {
    for (const side of sides) {
      const cell = side.q('.board').clientWidth / n;
      side.q('.framed').classList.toggle('sparse', n >= 10 && cell < 15);
    }
  }
  function projector(on) {
    document.body.classList.toggle('projector', on);
    $('projector').setAttribute('aria-pressed', String(on));
    window.scrollTo(0, 0);
    fit();
  }
  window.addEventListener('resize', fit);

  $('play').addEventListener('click', toggle);
  $('back').addEventListener('click', () => { pause(); go(at - 1); });
  $('forward').addEventListener('click', () => { pause(); go(at + 1); });
  $('first').addEventListener('click', () => { pause(); go(0); });
  $('last').addEventListener('click', () => { pause(); go(ticks.length - 1); });
  $('scrub').addEventListener('input', () => { pause(); go(Number($('scrub').value)); });
  $('speed').addEventListener('change', () => { if (timer !== null) play(); });
  $('attacks').addEventListener('change', () => showAttacks($('attacks').checked));
  $('projector').addEventListener('click', () => projector(!document.body.classList.contains('projector')));
  for (const button of document.querySelectorAll('[data-jump]')) {
    button.addEventListener('click', () => jump(button.dataset.jump, 1));
  }
  // The event's own address: the page may have rewritten location since.
  window.addEventListener('hashchange', (e) => fromAddress(new URL(e.newURL).hash));
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    // A focused checkbox keeps space (it ticks it); the slider and the
    // speed box keep their arrows, Home and End.
    const t = e.target;
    if (t instanceof HTMLInputElement && t.type === 'checkbox') {
      if (e.key === ' ') return;
    } else if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement) {
      if (e.key !== ' ' && e.key.length !== 1) return;
    }
    const dir = e.shiftKey ? -1 : 1;
    const actions = {
      ' ': toggle,
      ArrowRight: () => { pause(); go(at + 1); },
      ArrowLeft: () => { pause(); go(at - 1); },
      Home: () => { pause(); go(0); },
      End: () => { pause(); go(ticks.length - 1); },
      b: () => jump('backtrack', dir),
      r: () => jump('restart', dir),
      s: () => jump('solution', dir),
      a: () => showAttacks(!$('attacks').checked),
      p: () => projector(!document.body.classList.contains('projector')),
    };
    const action = actions[e.key.length === 1 ? e.key.toLowerCase() : e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  });
  // Space on a focused button would also click it when released: the
  // keydown above has already acted.
  document.addEventListener('keyup', (e) => {
    if (e.key === ' ' && e.target instanceof HTMLButtonElement) e.preventDefault();
  });
  draw();
  fit();
  fromAddress(location.hash);
})();
