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
// with no console error and no outside request, draws an N×N board,
// stepping forward changes the board, playing moves on, the End key shows
// the counters `queens solve --json` prints for the same command, and the
// page does not scroll sideways on a phone; an SVG replay changes by
// itself. Run by .ci/check-report.sh; prints one line per check and exits
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
  const url = 'file://' + file;
  const context = await browser.newContext({ viewport });
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
  return { context, page };
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

async function checkHtmlReplay(browser, file) {
  const failures = [];
  const fail = (what) => failures.push(what);
  const { context, page } = await openOffline(browser, file, fail, { width: 1280, height: 900 });
  const data = await page.evaluate(() => JSON.parse(document.getElementById('replay-data').textContent));
  const board = () => page.evaluate(() => document.getElementById('board').innerHTML);
  const frame = () => page.evaluate(() => Number(document.body.dataset.frame));
  const cells = await page.evaluate(() => document.querySelectorAll('#board .cell').length);
  if (cells !== data.n * data.n) fail(`the board has ${cells} squares, not ${data.n}×${data.n}`);

  const before = await board();
  await page.click('#forward');
  if ((await frame()) !== 1) fail(`step forward went to frame ${await frame()}, not 1`);
  if ((await board()) === before) fail('stepping forward did not change the board');
  await page.click('#back');
  if ((await board()) !== before) fail('stepping back did not restore the first board');

  await page.keyboard.press('Space');
  await page.waitForTimeout(600);
  await page.keyboard.press('Space');
  const played = await frame();
  if (!(played > 0)) fail('playing for 0.6 s did not move on');
  await page.waitForTimeout(300);
  if ((await frame()) !== played) fail('pause did not stop the replay');

  await page.keyboard.press('End');
  const last = data.frames.length - 1;
  if ((await frame()) !== last) fail(`End went to frame ${await frame()}, not ${last}`);
  const shown = await page.evaluate(() => Object.fromEntries(
    [...document.querySelectorAll('#counters td')].map((td) => [td.id.slice(2), Number(td.textContent)])));
  const solved = solveJson(data.command);
  for (const [key, value] of Object.entries(shown)) {
    if (solved[key] !== value) fail(`last frame shows ${key} = ${value}, queens solve --json ${solved[key]} (${data.command})`);
  }
  if (Object.keys(shown).length < 8) fail(`only ${Object.keys(shown).length} counters shown`);
  await page.keyboard.press('Home');
  if ((await frame()) !== 0) fail('Home did not go back to the first frame');

  const shot = ink(await page.screenshot({ fullPage: true }));
  if (shot.colours < 3 || shot.share < 0.01) fail(`the page looks blank: ${shot.colours} colours`);
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) fail(`on a 390 px wide screen the page scrolls sideways by ${overflow} px`);
  await context.close();
  const counters = ['steps', 'checks', 'tests', 'backtracks', 'restarts'].map((k) => `${k} ${shown[k]}`).join(', ');
  return verdict(file, failures, `${data.algorithm} N=${data.n}, ${data.frames.length} frames, ends at ${counters} as queens solve --json`);
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
      if (name.endsWith('.html')) ok = (await checkHtmlReplay(browser, file)) && ok;
      if (name.endsWith('.svg')) ok = (await checkSvgReplay(browser, file)) && ok;
    } catch (e) {
      console.log(`FAIL: ${file}: ${e.message}`);
      ok = false;
    }
  }
  await browser.close();
  process.exit(ok ? 0 : 1);
})();
