// The check of the charts a reader can explore in a report (issue 44,
// item 6), run by check_report.js on each report's page at desktop size.
// When the report's charts are tagged (data-legend, data-tip): in the
// first chart with a legend, clicking its first legend entry hides that
// label's series (every element of the series has no box or is not
// visible) and dims the entry, and a second click shows them again;
// hovering the first point (not covered by another) shows #chart-tip, visible, its text the
// point's data-tip and holding the label. Prints one line per check
// passed and returns the failures, for the caller to report.
'use strict';

// The state of series `i` in `stem`'s chart: how many of its elements
// (legend entry left out) are drawn with a box, and the legend's opacity.
async function seriesState(page, stem, i) {
  return page.evaluate(([stem, i]) => {
    const svg = document.getElementById(`chart-${stem}`).querySelector('svg');
    const parts = [...svg.querySelectorAll(`[data-series="${i}"]:not([data-legend])`)];
    const drawn = parts.filter((e) => {
      const r = e.getBoundingClientRect();
      const style = getComputedStyle(e);
      return style.display !== 'none' && style.visibility !== 'hidden' && (r.width > 0 || r.height > 0);
    }).length;
    const entry = svg.querySelector(`[data-legend="${i}"]`);
    return { parts: parts.length, drawn, legend: Number(getComputedStyle(entry).opacity) };
  }, [stem, i]);
}

async function checkExplore(page, dir, report) {
  const failures = [];
  const fail = (what) => failures.push(`explore: ${what}`);
  const charts = await page.evaluate(() => [...document.querySelectorAll('figure[id^="chart-"]')].map((f) => ({
    stem: f.id.slice('chart-'.length),
    legend: f.querySelector('[data-legend]') ? f.querySelector('[data-legend]').getAttribute('data-legend') : null,
    tips: f.querySelectorAll('[data-tip]').length,
  })));
  const legend = charts.find((c) => c.legend !== null);
  const tips = charts.find((c) => c.tips > 0);
  if (!legend && !tips) {
    console.log(`ok: ${report}: explore: no chart is tagged (${dir} drawn before the tags), nothing to check`);
    return failures;
  }
  if (legend) {
    const i = legend.legend;
    const toggle = page.locator(`[id="chart-${legend.stem}"] [data-toggle="${i}"]`);
    const before = await seriesState(page, legend.stem, i);
    if (!(before.drawn > 0)) fail(`${legend.stem}: series ${i} draws nothing before a click`);
    if ((await toggle.count()) !== 1) {
      fail(`${legend.stem}: legend entry ${i} has no toggle`);
    } else {
      await toggle.click();
      const hidden = await seriesState(page, legend.stem, i);
      const pressed = await toggle.getAttribute('aria-pressed');
      if (hidden.drawn !== 0) fail(`${legend.stem}: after a click ${hidden.drawn} of series ${i}'s ${hidden.parts} elements still show`);
      if (!(hidden.legend < 1)) fail(`${legend.stem}: the legend entry of series ${i} is not dimmed when hidden`);
      if (pressed !== 'false') fail(`${legend.stem}: the hidden entry's toggle says aria-pressed=${pressed}`);
      await toggle.click();
      const shown = await seriesState(page, legend.stem, i);
      if (shown.drawn !== before.drawn) fail(`${legend.stem}: after a second click ${shown.drawn} of ${before.drawn} elements show`);
      if (shown.legend !== 1) fail(`${legend.stem}: the legend entry stays dimmed after a second click`);
      await toggle.focus();
      await page.keyboard.press('Enter');
      const keyed = await seriesState(page, legend.stem, i);
      if (keyed.drawn !== 0) fail(`${legend.stem}: Enter on the legend entry did not hide series ${i}`);
      await page.keyboard.press('Enter');
      if (failures.length === 0) {
        console.log(`ok: ${report}: explore: clicking ${legend.stem}'s legend entry ${i} hides its ${before.parts} elements and a second click shows them`);
      }
    }
  }
  if (tips) {
    // The first point not covered by another (points of two series may
    // coincide), scrolled into view.
    const index = await page.evaluate((stem) => {
      const points = [...document.getElementById(`chart-${stem}`).querySelectorAll('[data-tip]')];
      return points.findIndex((p) => {
        p.scrollIntoView({ block: 'center', inline: 'center' });
        const r = p.getBoundingClientRect();
        return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === p;
      });
    }, tips.stem);
    const target = page.locator(`[id="chart-${tips.stem}"] [data-tip]`).nth(Math.max(index, 0));
    const text = await target.getAttribute('data-tip');
    const series = await target.getAttribute('data-series');
    const label = await page.evaluate(([stem, i]) => {
      const svg = document.getElementById(`chart-${stem}`).querySelector('svg');
      return [...svg.querySelectorAll(`text[data-legend="${i}"]`)].map((t) => t.textContent.trim()).join(' ');
    }, [tips.stem, series]);
    await target.hover();
    const tip = await page.evaluate(() => {
      const t = document.getElementById('chart-tip');
      if (!t) return null;
      const r = t.getBoundingClientRect();
      return { text: t.textContent, role: t.getAttribute('role'), visible: !t.hidden && r.width > 0 && r.height > 0 };
    });
    const failed = failures.length;
    if (!tip) fail(`${tips.stem}: hovering a point shows no #chart-tip`);
    else {
      if (!tip.visible) fail(`${tips.stem}: #chart-tip is not visible on hovering a point`);
      if (tip.role !== 'tooltip') fail(`${tips.stem}: #chart-tip has role ${tip.role}`);
      if (tip.text !== text) fail(`${tips.stem}: #chart-tip reads "${tip.text}", the point "${text}"`);
      if (!label || !tip.text.startsWith(`${label} · `)) fail(`${tips.stem}: the tooltip "${tip.text}" does not name the label "${label}"`);
    }
    await page.mouse.move(0, 0);
    const gone = await page.evaluate(() => document.getElementById('chart-tip').hidden);
    if (!gone) fail(`${tips.stem}: #chart-tip stays after the pointer leaves`);
    if (failures.length === failed) console.log(`ok: ${report}: explore: hovering a point of ${tips.stem} shows "${text}"`);
  }
  return failures;
}

module.exports = { checkExplore };
