'use strict';
// Draws the frames of #replay-data: the board, the algorithm's view, the
// counters; play / pause / step / speed, scrubber and keys.
(() => {
  const data = JSON.parse(document.getElementById('replay-data').textContent);
  const frames = data.frames;
  const n = data.n;
  const $ = (id) => document.getElementById(id);
  const board = $('board');
  board.style.setProperty('--n', n);
  const cells = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const d = document.createElement('div');
      d.dataset.base = 'cell ' + ((r + c) % 2 ? 'dark' : 'light');
      d.className = d.dataset.base;
      board.appendChild(d);
      cells.push(d);
    }
  }
  const cell = (r, c) => cells[r * n + c];
  const mark = (r, c, cls) => { if (r >= 0 && r < n && c >= 0 && c < n) cell(r, c).classList.add(cls); };
  const names = ['steps', 'checks', 'tests', 'backtracks', 'restarts', 'evaluations', 'final_conflicts', 'solutions'];
  let at = 0;
  let timer = null;

  // Attacking pairs among the queens of a board (null rows skipped).
  function pairs(b) {
    let count = 0;
    for (let i = 0; i < b.length; i++) {
      if (b[i] === null) continue;
      for (let j = i + 1; j < b.length; j++) {
        if (b[j] === null) continue;
        if (b[i] === b[j] || Math.abs(b[i] - b[j]) === j - i) count++;
      }
    }
    return count;
  }

  function strip(label, bits, here) {
    const boxes = [...bits].map((b, i) => `<span class="${b === '1' ? 'on' : ''}${i === here ? ' here' : ''}"></span>`).join('');
    return `<p>${label}</p><div class="strip" role="img" aria-label="${label}: ${bits}">${boxes}</div>`;
  }

  function occupancy(o, row, column) {
    if (!o) return '';
    return strip('columns', o.columns, column) +
      strip('diagonals (row − column + N)', o.diagonals, row + n - column) +
      strip('anti-diagonals (row + column)', o.anti_diagonals, row + column);
  }

  function describe(f) {
    const v = f.view;
    const m = f.metrics;
    switch (v.kind) {
      case 'test':
        return `<p>Row ${v.row}, column ${v.column}: ${v.safe ? (v.solution ? '<b>safe: the last queen, a solution</b>' : 'safe, queen placed; on to the next row') : 'attacked: try the next square'}.</p>` +
          `<p>Test ${m.tests}, backtrack ${m.backtracks} so far.</p>` + occupancy(v.occupancy, v.row, v.column);
      case 'backtrack':
        return `<p>Row ${v.row} has no safe square left: <b>backtrack</b>, lift the queen of row ${v.row - 1} from column ${v.column}.</p>` +
          `<p>Test ${m.tests}, backtrack ${m.backtracks} so far.</p>` + occupancy(v.occupancy, v.row - 1, v.column);
      case 'repair':
        return `<p>Repair of row ${v.row}: its queen moves from column ${v.from} to column ${v.to}${v.from === v.to ? ' (stays)' : ''}.</p>` +
          `<p>The small numbers on row ${v.row}: how many queens of the other rows attack each square (${v.conflicts.join(' ')}).</p>` +
          `<p>Attacking pairs on the board: ${pairs(f.board)}.</p>`;
      case 'anneal':
        return `<p>Proposed: queens to ${v.squares.map((s) => `(${s[0]}, ${s[1]})`).join(' and ')}, energy change ${v.delta > 0 ? '+' : ''}${v.delta}: <b>${v.accepted ? 'accepted' : 'rejected'}</b>.</p>` +
          `<p>Temperature ${v.temperature === null ? '–' : Number(v.temperature).toPrecision(4)}; energy (attacking pairs) ${v.energy}.</p>`;
      case 'generation': {
        const scale = Math.max(1, v.worst);
        const bar = (x) => `<span class="bar" style="width:${(8 * x / scale).toFixed(2)}rem"></span>`;
        return `<p>Generation ${m.steps} (${v.population} individuals); the board is its best.</p>` +
          `<p>attacking pairs: best ${v.best}${bar(v.best)}</p><p>median ${v.median}${bar(v.median)}</p><p>worst ${v.worst}${bar(v.worst)}</p>`;
      }
      case 'start':
        return `<p>The first board: ${pairs(f.board)} attacking pairs.</p>`;
      case 'restart':
        return `<p><b>Restart</b> (${m.restarts}): a fresh board, ${pairs(f.board)} attacking pairs.</p>`;
      case 'end':
        return `<p><b>${v.stop_reason === 'solved' ? 'Solved' : 'Stopped: ' + v.stop_reason}</b>. These are the counters <code>queens solve</code> reports for this seed.</p>` +
          `<p>Attacking pairs on the board: ${pairs(f.board)}.</p>`;
      default:
        return `<p>Attacking pairs on the board: ${pairs(f.board)}.</p>`;
    }
  }

  function draw() {
    const f = frames[at];
    const v = f.view;
    for (const d of cells) {
      d.className = d.dataset.base;
      d.textContent = '';
    }
    f.board.forEach((c, r) => {
      if (c !== null) {
        cell(r, c).textContent = '♛';
        cell(r, c).classList.add('queen');
      }
    });
    if (v.kind === 'test') mark(v.row, v.column, v.safe ? 'ok' : 'bad');
    if (v.kind === 'backtrack') {
      for (let c = 0; c < n; c++) mark(v.row, c, 'left');
      mark(v.row - 1, v.column, 'lifted');
    }
    if (v.kind === 'repair') {
      v.conflicts.forEach((k, c) => {
        const d = cell(v.row, c);
        d.classList.add('scan');
        if (f.board[v.row] !== c) d.innerHTML = `<small>${k}</small>`;
      });
      mark(v.row, v.from, 'from');
      mark(v.row, v.to, 'to');
    }
    if (v.kind === 'anneal') v.squares.forEach((s) => mark(s[0], s[1], v.accepted ? 'to' : 'bad'));
    board.classList.toggle('solved', v.kind === 'end' && v.stop_reason === 'solved');
    $('view').innerHTML = describe(f);
    // The outcome's own counters are known only at the end.
    const atEnd = v.kind === 'end';
    for (const k of names) {
      const pending = !atEnd && (k === 'final_conflicts' || k === 'solutions');
      $('m-' + k).textContent = pending ? '–' : String(f.metrics[k]);
    }
    $('scrub').value = String(at);
    $('position').textContent = `frame ${at + 1} of ${frames.length}` +
      (data.sampled ? ` (moment ${data.positions[at] + 1} of ${data.frames_seen + 1})` : '');
    document.body.dataset.frame = String(at);
  }

  function go(i) {
    at = Math.max(0, Math.min(frames.length - 1, i));
    draw();
    if (at === frames.length - 1) pause();
  }
  function pause() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    $('play').textContent = 'Play';
  }
  function play() {
    if (at === frames.length - 1) go(0);
    pause();
    timer = setInterval(() => go(at + 1), 1000 / Number($('speed').value));
    $('play').textContent = 'Pause';
  }
  const toggle = () => (timer === null ? play() : pause());

  $('play').addEventListener('click', toggle);
  $('back').addEventListener('click', () => { pause(); go(at - 1); });
  $('forward').addEventListener('click', () => { pause(); go(at + 1); });
  $('first').addEventListener('click', () => { pause(); go(0); });
  $('last').addEventListener('click', () => { pause(); go(frames.length - 1); });
  $('scrub').addEventListener('input', () => { pause(); go(Number($('scrub').value)); });
  $('speed').addEventListener('change', () => { if (timer !== null) play(); });
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) {
      if (e.key !== ' ') return;
    }
    const actions = {
      ' ': toggle,
      ArrowRight: () => { pause(); go(at + 1); },
      ArrowLeft: () => { pause(); go(at - 1); },
      Home: () => { pause(); go(0); },
      End: () => { pause(); go(frames.length - 1); },
    };
    const action = actions[e.key];
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
})();
