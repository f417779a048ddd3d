// Opens each plots directory's report.html in headless Chromium (through
// playwright-core, with Debian's /usr/bin/chromium) and checks that it
// loads with no console error and no request for any other file or the
// network, that every chart of the directory (one inline <svg> per *.svg
// file) and every table is in the rendered DOM with a non-zero size, that
// each chart's pixels and the page's screenshot are not blank, and that on
// a phone-sized screen the page does not scroll sideways (tables scroll
// inside their box). It measures the first screen: at 1280 px the first
// answer in words within the first 900 px, the first chart within 2,500
// px and the page at most 25,000 px high; at 390 px the first answer
// within 900 px and every answer and every verdict of a question's table
// on the screen (each collapsed part opened first). Then it opens each animated replay in $REPLAYS
// (written by `queens animate`, the binary $QUEENS): an HTML replay loads
// with no console error and no outside request, draws an N×N board
// labelled 1..N, stepping forward changes the board and the address
// (#frame=N), playing moves on, on frames spread over the replay the
// attack lines drawn (data-pair) are the frame's attacking pairs computed
// here, an attacked test square's dashed lines reach exactly the queens
// attacking it, the A key and the attacks box hide and show them, the B, R and S
// keys jump to the first backtrack, restart and solution, a sampled
// replay says how many moments a frame skipped, the End key shows the
// counters `queens solve --json` prints for the same command, projector
// mode makes the board fill an 800 px window whole, opening a #frame=N
// link shows frame N, and the page does not scroll sideways on a phone; a
// race page (race-*.html, `queens animate --versus`) draws both boards,
// and stepping and jumping move the common clock, each side showing the
// frame the clock gives it with that frame's counters and attack lines,
// both sides moving, the page saying at the end which finished first; an
// SVG replay changes by itself. A replay of an instance (when
// $REPLAYS holds one) marks its blocked squares and given queens on every
// frame, with the legend explaining them. Run by .ci/check-report.sh; prints one line per check and exits
// 1 if any failed. With SCREENSHOTS=DIR it also writes each report's
// first screen into DIR (see firstScreens).
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { chromium } = require('playwright-core');
const { checkExplore } = require('./check_report_explore.js');

// Decodes an 8-bit, non-interlaced RGB or RGBA PNG (as Chromium writes
// screenshots) into { width, height, channels, pixels }.
function decodePng(buffer) {
  let offset = 8;
  let width = 0, height = 0, channels = 0;
  const idat = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('ascii', offset + 4, offset + 8);
    const data = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const depth = data[8], colour = data[9], interlace = data[12];
      if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6)) {
        throw new Error(`unsupported PNG: depth ${depth}, colour type ${colour}, interlace ${interlace}`);
      }
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') {
      idat.push(data);
    }
    offset += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[y * stride + x] = (line[x] + predictor) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

// The number of distinct colours and the share of pixels that are not
// (near) white in a PNG.
function ink(png) {
  const { width, height, channels, pixels } = decodePng(png);
  const colours = new Set();
  let dark = 0;
  for (let i = 0; i < width * height; i++) {
    const r = pixels[i * channels], g = pixels[i * channels + 1], b = pixels[i * channels + 2];
    if (colours.size < 1000) colours.add((r << 16) | (g << 8) | b);
    if (r < 240 || g < 240 || b < 240) dark++;
  }
  return { colours: colours.size, share: dark / (width * height) };
}

async function checkReport(browser, dir) {
  const failures = [];
  const fail = (what) => failures.push(what);
  const file = path.resolve(dir, 'report.html');
  const url = 'file://' + file;
  const charts = fs.readdirSync(dir).filter((f) => f.endsWith('.svg')).length;

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.setOffline(true);
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') fail(`console error: ${m.text()}`); });
  page.on('pageerror', (e) => fail(`page error: ${e.message}`));
  await page.route('**/*', (route) => {
    const requested = route.request().url();
    if (requested === url) return route.continue();
    fail(`requests another file or the network: ${requested}`);
    return route.abort();
  });
  const response = await page.goto(url, { waitUntil: 'load' });
  if (!response || !response.ok()) fail(`${file} did not load`);

  // The first screen answers: the first answer in words within 900 px,
  // the first chart within 2,500 px, the page at most 25,000 px high.
  const layout = (width) => page.evaluate(() => {
    const top = (e) => (e ? Math.round(e.getBoundingClientRect().top + window.scrollY) : null);
    return {
      answer: top(document.querySelector('p.answer')),
      chart: top(document.querySelector('figure svg')),
      height: document.documentElement.scrollHeight,
    };
  });
  const desk = await layout();
  if (desk.answer === null) fail('no answer in words (p.answer)');
  else if (desk.answer > 900) fail(`at 1280 px the first answer starts at ${desk.answer} px, below the first 900`);
  if (charts > 0 && (desk.chart === null || desk.chart > 2500)) fail(`at 1280 px the first chart starts at ${desk.chart} px, below 2,500`);
  if (desk.height > 25000) fail(`at 1280 px the page is ${desk.height} px high, over 25,000`);

  // Collapsed parts (a question's table, the untestable pairs) opened, so
  // that every table is measured.
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
  const dom = await page.evaluate(() => {
    const size = (e) => { const r = e.getBoundingClientRect(); return [r.width, r.height]; };
    return {
      lang: document.documentElement.lang,
      svgs: [...document.querySelectorAll('svg')].map((s) => ({
        size: size(s), role: s.getAttribute('role'), label: s.getAttribute('aria-label') || '',
        title: s.querySelector('title') ? s.querySelector('title').textContent : '',
        shapes: s.querySelectorAll('path,polyline,line,rect,circle,polygon,text').length,
      })),
      tables: [...document.querySelectorAll('table')].map((t) => ({
        id: t.id || t.caption?.textContent || '(table)', size: size(t),
        rows: t.querySelectorAll('tbody tr').length, headers: t.querySelectorAll('th[scope]').length,
      })),
      headings: [...document.querySelectorAll('h1,h2,h3,h4')].map((h) => Number(h.tagName[1])),
    };
  });
  if (dom.lang !== 'en') fail('no lang attribute on <html>');
  if (dom.svgs.length !== charts) fail(`${dom.svgs.length} charts rendered, ${charts} SVG files in ${dir}`);
  dom.svgs.forEach((s, i) => {
    if (!(s.size[0] > 0 && s.size[1] > 0)) fail(`chart ${i + 1} has size ${s.size.join('x')}`);
    if (s.role !== 'img' || s.label.length < 10 || s.title !== s.label) fail(`chart ${i + 1} has no alternative text`);
    if (s.shapes < 10) fail(`chart ${i + 1} draws only ${s.shapes} shapes`);
  });
  if (!dom.tables.some((t) => t.id === 'summary-table')) fail('no #summary-table');
  if (!dom.tables.some((t) => t.id === 'compare-table' || t.id === 'untestable-table')) fail('no #compare-table or #untestable-table');
  for (const t of dom.tables) {
    if (!(t.size[0] > 0 && t.size[1] > 0)) fail(`table ${t.id} has size ${t.size.join('x')}`);
    if (t.rows < 1 || t.headers < 1) fail(`table ${t.id} has ${t.rows} rows and ${t.headers} scoped headers`);
  }
  dom.headings.forEach((level, i) => {
    if (i === 0 ? level !== 1 : level > dom.headings[i - 1] + 1) fail(`heading order skips a level at heading ${i + 1}`);
  });

  const svgHandles = await page.$$('svg');
  for (const [i, handle] of svgHandles.entries()) {
    const { colours, share } = ink(await handle.screenshot());
    if (colours < 3 || share < 0.01) fail(`chart ${i + 1} looks blank: ${colours} colours, ${(share * 100).toFixed(2)}% ink`);
  }
  const shot = ink(await page.screenshot({ fullPage: true }));
  if (shot.colours < 3 || shot.share < 0.01) fail(`the page looks blank: ${shot.colours} colours, ${(shot.share * 100).toFixed(2)}% ink`);
  for (const f of await checkExplore(page, dir, file)) fail(f);

  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) fail(`on a 390 px wide screen the page scrolls sideways by ${overflow} px`);
  // On the phone every answer in words and every verdict of a question's
  // table (a card per row there) is read without scrolling sideways.
  const readable = await page.evaluate(() => {
    const out = (e) => e.getBoundingClientRect().right > window.innerWidth + 1;
    return {
      answers: [...document.querySelectorAll('p.answer')].filter(out).length,
      verdicts: [...document.querySelectorAll('table.cards [data-label="Verdict"]')].length,
      hidden: [...document.querySelectorAll('table.cards [data-label="Verdict"]')].filter(out).length,
    };
  });
  if (readable.answers > 0) fail(`on a 390 px wide screen ${readable.answers} answers in words run past the screen`);
  if (readable.hidden > 0) fail(`on a 390 px wide screen ${readable.hidden} of ${readable.verdicts} verdicts lie past the screen`);
  await page.evaluate(() => window.scrollTo(0, 0));
  const phoneAnswer = await page.evaluate(() => {
    const e = document.querySelector('p.answer');
    return e ? Math.round(e.getBoundingClientRect().top + window.scrollY) : null;
  });
  if (phoneAnswer !== null && phoneAnswer > 900) fail(`at 390 px the first answer starts at ${phoneAnswer} px, below the first 900`);
  // On the phone a chart keeps legible text (it scrolls inside its figure
  // instead of shrinking) and a table keeps its first column in view.
  const phone = await page.evaluate(() => {
    const smallest = [...document.querySelectorAll('figure svg')].map((s) => {
      const scale = s.getBoundingClientRect().width / s.viewBox.baseVal.width;
      const sizes = [...s.querySelectorAll('text')].map((t) => parseFloat(t.getAttribute('font-size')) * scale);
      return Math.min(...sizes);
    });
    const sticky = [...document.querySelectorAll('.scroll table:not(.cards)')].map((t) => {
      const cell = t.querySelector('tbody td, tbody th');
      return cell ? getComputedStyle(cell).position : 'sticky';
    });
    return { smallest, sticky };
  });
  phone.smallest.forEach((px, i) => {
    if (px < 10) fail(`on a 390 px wide screen chart ${i + 1}'s text is ${px.toFixed(1)} px`);
  });
  if (phone.sticky.some((p) => p !== 'sticky')) fail('a table\'s first column scrolls out of view on a phone');
  await context.close();

  const summary = `${dom.svgs.length} charts, ${dom.tables.length} tables, screenshot ${shot.colours >= 1000 ? '1000+' : shot.colours} colours, ${(shot.share * 100).toFixed(1)}% ink; at 1280 px the first answer at ${desk.answer} px, the first chart at ${desk.chart} px, page ${desk.height} px; at 390 px the first answer at ${phoneAnswer} px, ${readable.verdicts} verdicts on screen`;
  if (failures.length === 0) {
    console.log(`ok: ${file}: ${summary}`);
    return true;
  }
  for (const f of failures) console.log(`FAIL: ${file}: ${f}`);
  return false;
}

// Opens a page on `file` offline, failing on console errors and on any
// request other than the file itself.
async function openOffline(browser, file, fail, viewport) {
  const context = await browser.newContext({ viewport });
  await context.setOffline(true);
  const page = await openIn(context, file, fail, '');
  return { context, page };
}

// Opens a page of `context` on `file` with the address fragment `hash`,
// failing on console errors and on any request other than the file.
async function openIn(context, file, fail, hash) {
  const url = 'file://' + file;
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') fail(`console error: ${m.text()}`); });
  page.on('pageerror', (e) => fail(`page error: ${e.message}`));
  await page.route('**/*', (route) => {
    const requested = route.request().url().split('#')[0];
    if (requested === url) return route.continue();
    fail(`requests another file or the network: ${requested}`);
    return route.abort();
  });
  const response = await page.goto(url + hash, { waitUntil: 'load' });
  if (!response || !response.ok()) fail(`${file} did not load`);
  return page;
}

// Prints the result of one file's checks; true when all passed.
function verdict(file, failures, summary) {
  if (failures.length === 0) {
    console.log(`ok: ${file}: ${summary}`);
    return true;
  }
  for (const f of failures) console.log(`FAIL: ${file}: ${f}`);
  return false;
}

// The counters `queens solve --json` prints for a replay's command
// (`queens solve -a … -n … --seed …`, or `queens solve --command "…" …`
// for an external program, written in the page in shell quoting).
function solveJson(command) {
  const args = command.replace(/^queens /, '');
  let out;
  try {
    out = execFileSync('sh', ['-c', `"$QUEENS" ${args} --json`], { encoding: 'utf8' });
  } catch (e) {
    out = e.stdout; // exit 1: no solution, the JSON is still printed
  }
  return JSON.parse(out).metrics;
}

// The attacking pairs of a frame, computed here from its queens (its
// `queens` list when it has one, else its board, and the `given` queens
// of an instance, which stand whatever the frame shows): every two queens
// on one row, column or diagonal, as "r1,c1,r2,c2" (0-based), sorted.
function framePairs(frame, given = []) {
  const queens = frame.queens ? frame.queens.map((q) => [q[0], q[1]])
    : frame.board.flatMap((c, r) => (c === null ? [] : [[r, c]]));
  for (const [r, c] of given) {
    if (!queens.some((q) => q[0] === r && q[1] === c)) queens.push([r, c]);
  }
  const pairs = [];
  for (let i = 0; i < queens.length; i++) {
    for (let j = i + 1; j < queens.length; j++) {
      const [a, b] = [queens[i], queens[j]];
      if (a[0] === b[0] || a[1] === b[1] || Math.abs(a[0] - b[0]) === Math.abs(a[1] - b[1])) {
        pairs.push(`${a[0]},${a[1]},${b[0]},${b[1]}`);
      }
    }
  }
  return pairs.sort();
}

// What side `s` of a replay page shows: its frame index, the attack lines
// drawn (their data-pair, sorted), whether they are visible, and its
// counters.
function sideState(page, s) {
  return page.evaluate((s) => {
    const root = document.querySelector(`[data-side="${s}"]`);
    const lines = root.querySelector('.lines');
    return {
      frame: Number(root.dataset.frame),
      pairs: [...lines.querySelectorAll('line[data-pair]')].map((l) => l.getAttribute('data-pair')).sort(),
      visible: lines.checkVisibility(),
      counters: Object.fromEntries([...root.querySelectorAll('.counters td[data-key]')]
        .map((td) => [td.dataset.key, td.textContent])),
    };
  }, s);
}

// Goes to clock position k (0-based) through the address (#frame=k+1).
async function goTo(page, k) {
  await page.evaluate((k) => { location.hash = `#frame=${k + 1}`; }, k);
  await page.waitForFunction((k) => document.body.dataset.frame === String(k), k, { timeout: 5000 });
}

// Whether the counters a side shows are its frame's (the two the outcome
// fills in are '–' before the end).
function countersMatch(shown, frame) {
  return Object.entries(shown).every(([key, text]) => {
    const pending = frame.view.kind !== 'end' && (key === 'final_conflicts' || key === 'solutions');
    return pending ? text === '–' : Number(text) === frame.metrics[key];
  });
}

// A few frame indices spread over 0..count-1, first and last included.
function spread(count, how) {
  const picked = new Set([0, count - 1]);
  for (let k = 1; k < how; k++) picked.add(Math.round((count - 1) * k / how));
  return [...picked].sort((a, b) => a - b);
}

async function checkHtmlReplay(browser, file) {
  const failures = [];
  const fail = (what) => failures.push(what);
  const { context, page } = await openOffline(browser, file, fail, { width: 1280, height: 900 });
  const data = await page.evaluate(() => JSON.parse(document.getElementById('replay-data').textContent));
  const board = () => page.evaluate(() => document.querySelector('[data-side="0"] .board').innerHTML);
  const frame = () => page.evaluate(() => Number(document.body.dataset.frame));
  const cells = await page.evaluate(() => document.querySelectorAll('[data-side="0"] .board .cell').length);
  if (cells !== data.n * data.n) fail(`the board has ${cells} squares, not ${data.n}×${data.n}`);
  // The instance's given queens (none on the plain problem).
  const given = data.instance ? data.instance.given : [];
  const labels = await page.evaluate(() => [...document.querySelectorAll('[data-side="0"] .rows span')].map((e) => e.textContent));
  if (labels[0] !== '1' || labels[labels.length - 1] !== String(data.n)) fail(`the rows are labelled ${labels[0]}..${labels[labels.length - 1]}, not 1..${data.n}`);

  const before = await board();
  await page.click('#forward');
  if ((await frame()) !== 1) fail(`step forward went to frame ${await frame()}, not 1`);
  if ((await board()) === before) fail('stepping forward did not change the board');
  await page.waitForTimeout(150);
  const followed = await page.evaluate(() => location.hash);
  if (followed !== '#frame=2') fail(`the address ends in ${followed || '(nothing)'} on the second frame, not #frame=2`);
  await page.click('#back');
  if ((await board()) !== before) fail('stepping back did not restore the first board');

  await page.keyboard.press('Space');
  await page.waitForTimeout(600);
  await page.keyboard.press('Space');
  const played = await frame();
  if (!(played > 0)) fail('playing for 0.6 s did not move on');
  await page.waitForTimeout(300);
  if ((await frame()) !== played) fail('pause did not stop the replay');

  // The lines drawn on a frame are its attacking pairs, computed here from
  // the frame's board, on frames spread over the replay.
  let lines = 0;
  const checked = spread(data.frames.length, 10);
  for (const k of checked) {
    await goTo(page, k);
    const shown = await sideState(page, 0);
    const expected = framePairs(data.frames[k], given);
    if (shown.pairs.join(' ') !== expected.join(' ')) fail(`frame ${k + 1} draws lines ${shown.pairs.join(' ') || '(none)'}, its attacking pairs are ${expected.join(' ') || '(none)'}`);
    lines += shown.pairs.length;
  }
  // An attacked test square is joined by dashed lines to its attackers.
  let attackers = 0;
  const attacked = data.frames.map((f, k) => (f.view.kind === 'test' && !f.view.safe ? k : -1)).filter((k) => k >= 0);
  for (const k of spread(attacked.length, 4).map((i) => attacked[i]).filter((k) => k !== undefined)) {
    await goTo(page, k);
    const v = data.frames[k].view;
    const expected = data.frames[k].board.flatMap((c, r) => (c === null ? [] : [[r, c]]))
      .filter(([r, c]) => r === v.row || c === v.column || Math.abs(r - v.row) === Math.abs(c - v.column))
      .map(([r, c]) => `${r},${c}`).sort();
    const drawn = await page.evaluate(() => [...document.querySelectorAll('[data-side="0"] .lines line[data-attacker]')].map((l) => l.getAttribute('data-attacker')).sort());
    if (drawn.join(' ') !== expected.join(' ')) fail(`frame ${k + 1} (row ${v.row + 1}, column ${v.column + 1} attacked) draws attackers ${drawn.join(' ') || '(none)'}, not ${expected.join(' ')}`);
    if (expected.length === 0) fail(`frame ${k + 1}: an attacked square with no attacker on the board`);
    attackers += drawn.length;
  }
  // Forward checking's test frames shade exactly the squares it pruned.
  let shaded = 0;
  const inferring = data.frames.map((f, k) => (f.view.kind === 'test' && f.view.pruned ? k : -1)).filter((k) => k >= 0);
  for (const k of spread(inferring.length, 4).map((i) => inferring[i]).filter((k) => k !== undefined)) {
    await goTo(page, k);
    const expected = data.frames[k].view.pruned.map(([r, c]) => `${r},${c}`).sort();
    const drawn = await page.evaluate((n) => [...document.querySelectorAll('[data-side="0"] .cell.pruned')]
      .map((d) => { const i = [...d.parentNode.querySelectorAll('.cell')].indexOf(d); return `${Math.floor(i / n)},${i % n}`; }).sort(), data.n);
    if (drawn.join(' ') !== expected.join(' ')) fail(`frame ${k + 1} shades ${drawn.length} pruned squares, not the ${expected.length} its inference ruled out`);
    shaded += drawn.length;
  }
  if (inferring.length > 0 && shaded === 0) fail('forward checking shaded no pruned square');
  // A replay of an instance (`--instance`, skipped on the plain problem)
  // draws its blocked squares and its given queens on every frame, apart
  // from the rest by a mark besides colour: a ✕ on each blocked square,
  // an outlined ♕ for a given queen; the legend explains both.
  let instanceNote = '';
  if (data.instance) {
    const squares = (list) => list.map(([r, c]) => `${r},${c}`).sort();
    const expected = { blocked: squares(data.instance.blocked), given: squares(data.instance.given) };
    const frames = spread(data.frames.length, 4);
    for (const k of frames) {
      await goTo(page, k);
      const shown = await page.evaluate((n) => {
        const cells = [...document.querySelectorAll('[data-side="0"] .board .cell')];
        const at = (sel) => cells.map((d, i) => (d.matches(sel) ? `${Math.floor(i / n)},${i % n}` : null)).filter((x) => x !== null).sort();
        const glyphs = cells.filter((d) => d.matches('.given')).map((d) => d.textContent);
        const crosses = cells.filter((d) => d.matches('.blocked')).map((d) => getComputedStyle(d, '::after').content);
        return { blocked: at('.blocked'), given: at('.given'), glyphs, crosses };
      }, data.n);
      for (const what of ['blocked', 'given']) {
        if (shown[what].join(' ') !== expected[what].join(' ')) fail(`frame ${k + 1} marks ${what} squares ${shown[what].join(' ') || '(none)'}, the instance's are ${expected[what].join(' ') || '(none)'}`);
      }
      if (shown.crosses.some((c) => !c.includes('✕'))) fail(`frame ${k + 1}: a blocked square shows no ✕`);
      if (shown.glyphs.some((g) => !g.includes('♕'))) fail(`frame ${k + 1}: a given queen is not drawn as the outlined ♕`);
    }
    const legend = await page.evaluate(() => (document.querySelector('.instance-legend') || {}).textContent || '');
    if (!legend.includes('blocked') || !legend.includes('given')) fail(`the legend does not explain the instance's marks: "${legend}"`);
    instanceNote = `; instance ${data.instance.origin}: ${expected.blocked.length} blocked squares and ${expected.given.length} given queens marked on ${frames.length} frames`;
  }
  // Toggling the attacks hides the lines and shows them again.
  const withLines = checked.find((k) => framePairs(data.frames[k], given).length > 0);
  if (withLines !== undefined) {
    await goTo(page, withLines);
    await page.keyboard.press('a');
    if ((await sideState(page, 0)).visible) fail('the A key did not hide the attack lines');
    await page.click('#attacks');
    if (!(await sideState(page, 0)).visible) fail('the attacks box did not show the attack lines again');
  }

  // The jumps land on a frame of their kind.
  const kinds = { backtrack: (v) => v.kind === 'backtrack', restart: (v) => v.kind === 'restart',
    solution: (v) => (v.kind === 'test' && v.solution) || (v.kind === 'end' && v.stop_reason === 'solved') };
  const jumped = [];
  for (const [kind, is] of Object.entries(kinds)) {
    const first = data.frames.findIndex((f) => is(f.view));
    if (first <= 0) continue;
    await page.keyboard.press('Home');
    await page.keyboard.press(kind[0]);
    const at = await frame();
    if (at !== first) fail(`the ${kind[0].toUpperCase()} key went to frame ${at + 1}, the first ${kind} is frame ${first + 1}`);
    jumped.push(kind);
  }

  // A sampled replay says how many moments a frame after a gap skipped.
  if (data.sampled) {
    const gap = data.positions.findIndex((p, i) => i > 0 && p - data.positions[i - 1] > 1);
    await goTo(page, gap);
    const note = await page.evaluate(() => { const e = document.querySelector('[data-side="0"] .skip'); return e.hidden ? '' : e.textContent; });
    const skipped = (data.positions[gap] - data.positions[gap - 1] - 1).toLocaleString('en');
    if (!note.includes(`${skipped} moments skipped`)) fail(`frame ${gap + 1} skips ${skipped} moments but says "${note}"`);
  }

  await page.keyboard.press('End');
  const last = data.frames.length - 1;
  if ((await frame()) !== last) fail(`End went to frame ${await frame()}, not ${last}`);
  const shown = Object.fromEntries(Object.entries((await sideState(page, 0)).counters).map(([k, v]) => [k, Number(v)]));
  const solved = solveJson(data.command);
  for (const [key, value] of Object.entries(shown)) {
    if (solved[key] !== value) fail(`last frame shows ${key} = ${value}, queens solve --json ${solved[key]} (${data.command})`);
  }
  if (Object.keys(shown).length < 8) fail(`only ${Object.keys(shown).length} counters shown`);
  await page.keyboard.press('Home');
  if ((await frame()) !== 0) fail('Home did not go back to the first frame');

  // Projector mode: the board fills the window's height (or width), whole.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press('p');
  const projected = await page.evaluate(() => {
    const r = document.querySelector('[data-side="0"] .board').getBoundingClientRect();
    return { side: r.height, bottom: r.bottom + window.scrollY, right: r.right, pressed: document.getElementById('projector').getAttribute('aria-pressed') };
  });
  if (projected.side < 0.75 * 800 || projected.bottom > 800 + 1 || projected.right > 1280 + 1) fail(`in projector mode the board is ${projected.side.toFixed(0)} px high and ends at ${projected.bottom.toFixed(0)} px of an 800 px window`);
  if (projected.pressed !== 'true') fail('the projector button is not marked pressed');
  await page.keyboard.press('p');

  // A link to a frame opens on it.
  const target = Math.min(data.frames.length - 1, 4);
  const linked = await openIn(context, file, fail, `#frame=${target + 1}`);
  await linked.waitForTimeout(100);
  const opened = await linked.evaluate(() => Number(document.body.dataset.frame));
  if (opened !== target) fail(`opening #frame=${target + 1} showed frame ${opened + 1}`);
  await linked.close();

  const shot = ink(await page.screenshot({ fullPage: true }));
  if (shot.colours < 3 || shot.share < 0.01) fail(`the page looks blank: ${shot.colours} colours`);
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) fail(`on a 390 px wide screen the page scrolls sideways by ${overflow} px`);
  await context.close();
  const counters = ['steps', 'checks', 'tests', 'backtracks', 'restarts'].map((k) => `${k} ${shown[k]}`).join(', ');
  return verdict(file, failures, `${data.algorithm} N=${data.n}, ${data.frames.length} frames, ends at ${counters} as queens solve --json; ${lines} attack lines on ${checked.length} frames match their attacking pairs${attackers ? `, ${attackers} dashed lines to the attackers of ${Math.min(attacked.length, 5)} attacked squares` : ''}${shaded ? `; ${shaded} pruned squares shaded as inferred on ${Math.min(inferring.length, 5)} frames` : ''}${instanceNote}${jumped.length ? '; jumps to ' + jumped.join(', ') : ''}; projector board ${projected.side.toFixed(0)} px; #frame link opens its frame`);
}

// A race page (`queens animate --versus`): both boards drawn, stepping
// moves the common clock and each side shows the frame the clock gives
// it, with that frame's counters and attack lines; at the end both show
// their outcome and the page says which finished first.
async function checkRace(browser, file) {
  const failures = [];
  const fail = (what) => failures.push(what);
  const { context, page } = await openOffline(browser, file, fail, { width: 1280, height: 900 });
  const data = await page.evaluate(() => JSON.parse(document.getElementById('replay-data').textContent));
  if (!Array.isArray(data.sides) || data.sides.length !== 2) {
    fail('the page holds no two sides');
    await context.close();
    return verdict(file, failures, '');
  }
  const cells = await page.evaluate(() => [0, 1].map((s) => document.querySelectorAll(`[data-side="${s}"] .board .cell`).length));
  if (cells.some((c) => c !== data.n * data.n)) fail(`the boards have ${cells.join(' and ')} squares, not ${data.n}×${data.n}`);
  const clock = () => page.evaluate(() => Number(document.body.dataset.frame));
  // Each side shows the frame the clock gives it, its counters and lines.
  const agree = async (k, how) => {
    for (const s of [0, 1]) {
      const shown = await sideState(page, s);
      const want = data.ticks[k][s + 1];
      const frame = data.sides[s].frames[want];
      if (shown.frame !== want) fail(`${how}: side ${s + 1} shows frame ${shown.frame + 1}, the clock gives it ${want + 1}`);
      else {
        if (!countersMatch(shown.counters, frame)) fail(`${how}: side ${s + 1}'s counters ${JSON.stringify(shown.counters)} are not its frame's`);
        const pairs = framePairs(frame, data.instance ? data.instance.given : []);
        if (shown.pairs.join(' ') !== pairs.join(' ')) fail(`${how}: side ${s + 1} draws lines ${shown.pairs.join(' ')}, its attacking pairs are ${pairs.join(' ')}`);
      }
    }
  };
  await agree(0, 'the first step');
  const moved = [false, false];
  let steps = 0;
  for (let k = 1; k < Math.min(data.ticks.length, 25); k++) {
    const before = await Promise.all([0, 1].map((s) => sideState(page, s)));
    await page.keyboard.press('ArrowRight');
    steps++;
    if ((await clock()) !== k) fail(`→ went to step ${(await clock()) + 1}, not ${k + 1}`);
    await agree(k, `step ${k + 1}`);
    const after = await Promise.all([0, 1].map((s) => sideState(page, s)));
    for (const s of [0, 1]) if (after[s].frame !== before[s].frame) moved[s] = true;
  }
  if (!moved[0] || !moved[1]) fail(`in ${steps} steps side ${moved[0] ? 2 : 1} never moved`);
  for (const k of spread(data.ticks.length, 6)) {
    await goTo(page, k);
    await agree(k, `#frame=${k + 1}`);
  }
  await page.keyboard.press('End');
  const end = data.ticks.length - 1;
  await agree(end, 'the last step');
  for (const s of [0, 1]) {
    const shown = await sideState(page, s);
    const frames = data.sides[s].frames;
    if (shown.frame !== frames.length - 1) fail(`at the end side ${s + 1} shows frame ${shown.frame + 1} of ${frames.length}`);
  }
  const status = await page.evaluate(() => document.getElementById('race-status').textContent);
  if (!/finished first|Both finished/.test(status)) fail(`at the end the page does not say which finished first: "${status}"`);
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) fail(`on a 390 px wide screen the page scrolls sideways by ${overflow} px`);
  await context.close();
  const names = data.sides.map((r) => `${r.algorithm} (${r.params})`).join(' vs ');
  return verdict(file, failures, `${names}: ${data.ticks.length} steps; stepping ${steps} times and jumping moved both boards to the clock's frames with their counters and attack lines; ${status}`);
}

async function checkSvgReplay(browser, file) {
  const failures = [];
  const fail = (what) => failures.push(what);
  const { context, page } = await openOffline(browser, file, fail, { width: 600, height: 620 });
  const first = await page.screenshot();
  await page.waitForTimeout(900);
  const second = await page.screenshot();
  if (first.equals(second)) fail('the SVG did not change in 0.9 s: it does not play');
  const shot = ink(second);
  if (shot.colours < 3 || shot.share < 0.05) fail(`the SVG looks blank: ${shot.colours} colours`);
  await context.close();
  return verdict(file, failures, 'plays by itself');
}

// With SCREENSHOTS=DIR, writes the first screen of each report as a
// reader sees it, at 1280 x 900 (EXPERIMENT-first-screen.png) and 390 x 844
// (EXPERIMENT-first-screen-phone.png), into DIR: the book shows
// blog-repair's (docs/src/reference/).
async function firstScreens(browser, dir, out) {
  const name = path.basename(path.resolve(dir));
  for (const [file, viewport] of [[`${name}-first-screen.png`, { width: 1280, height: 900 }],
    [`${name}-first-screen-phone.png`, { width: 390, height: 844 }]]) {
    const context = await browser.newContext({ viewport });
    await context.setOffline(true);
    const page = await context.newPage();
    await page.goto('file://' + path.resolve(dir, 'report.html'), { waitUntil: 'load' });
    await page.screenshot({ path: path.resolve(out, file) });
    await context.close();
    console.log(`wrote ${path.join(out, file)}`);
  }
}

(async () => {
  const dirs = process.argv.slice(2);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  let ok = true;
  for (const dir of dirs) {
    try {
      ok = (await checkReport(browser, dir)) && ok;
      if (process.env.SCREENSHOTS) await firstScreens(browser, dir, process.env.SCREENSHOTS);
    } catch (e) {
      console.log(`FAIL: ${dir}: ${e.message}`);
      ok = false;
    }
  }
  const replays = process.env.REPLAYS ? fs.readdirSync(process.env.REPLAYS).sort() : [];
  for (const name of replays) {
    const file = path.resolve(process.env.REPLAYS, name);
    try {
      if (name.startsWith('race-') && name.endsWith('.html')) ok = (await checkRace(browser, file)) && ok;
      else if (name.endsWith('.html')) ok = (await checkHtmlReplay(browser, file)) && ok;
      if (name.endsWith('.svg')) ok = (await checkSvgReplay(browser, file)) && ok;
    } catch (e) {
      console.log(`FAIL: ${file}: ${e.message}`);
      ok = false;
    }
  }
  await browser.close();
  process.exit(ok ? 0 : 1);
})();
