// Charts a reader can explore (the report's one script; plain ES2017, no
// network). The plot module tags each chart's elements with the legend
// index of their label (data-series, data-legend on the legend entry) and
// adds an invisible hit target per point holding its tooltip (data-tip).
// Clicking a legend entry (or Enter/Space on it) hides that label's series
// in its chart and dims the entry; a second click shows them again.
// Hovering, focusing or tapping a point shows its text in one tooltip.
// Without JavaScript the charts stay as drawn, static and complete.
'use strict';
(function () {
  var SVG = 'http://www.w3.org/2000/svg';

  // One toggle per legend entry of `svg`: a transparent rectangle over the
  // entry's box, a button for the mouse and the keyboard.
  function legendButtons(svg) {
    var entries = {};
    svg.querySelectorAll('[data-legend]').forEach(function (e) {
      var i = e.getAttribute('data-legend');
      (entries[i] = entries[i] || []).push(e);
    });
    Object.keys(entries).forEach(function (i) {
      var parts = entries[i];
      var box = null;
      parts.forEach(function (e) {
        var b = e.getBBox();
        box = box ? {
          x0: Math.min(box.x0, b.x), y0: Math.min(box.y0, b.y),
          x1: Math.max(box.x1, b.x + b.width), y1: Math.max(box.y1, b.y + b.height),
        } : { x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height };
      });
      var label = parts.filter(function (e) { return e.tagName === 'text'; })
        .map(function (e) { return e.textContent.trim(); }).join(' ');
      var button = document.createElementNS(SVG, 'rect');
      button.setAttribute('x', box.x0 - 3);
      button.setAttribute('y', box.y0 - 3);
      button.setAttribute('width', box.x1 - box.x0 + 6);
      button.setAttribute('height', box.y1 - box.y0 + 6);
      button.setAttribute('class', 'legend-toggle');
      button.setAttribute('data-toggle', i);
      button.setAttribute('tabindex', '0');
      button.setAttribute('role', 'button');
      button.setAttribute('aria-pressed', 'true');
      button.setAttribute('aria-label', 'Show ' + label + ' in this chart');
      svg.appendChild(button);
    });
  }

  // Hides or shows series `i` of `svg`, as its toggle `button` says.
  function toggle(svg, button) {
    var i = button.getAttribute('data-toggle');
    var shown = button.getAttribute('aria-pressed') !== 'true';
    button.setAttribute('aria-pressed', String(shown));
    svg.querySelectorAll('[data-series="' + i + '"]').forEach(function (e) {
      if (e.hasAttribute('data-legend')) {
        e.classList.toggle('series-off', !shown);
      } else {
        e.classList.toggle('series-hidden', !shown);
      }
    });
    hideTip();
  }

  var tip = null;
  var shownFor = null;

  function showTip(target) {
    if (!tip) {
      tip = document.createElement('div');
      tip.id = 'chart-tip';
      tip.setAttribute('role', 'tooltip');
      document.body.appendChild(tip);
    }
    tip.textContent = target.getAttribute('data-tip');
    tip.hidden = false;
    shownFor = target;
    var r = target.getBoundingClientRect();
    var width = tip.offsetWidth, height = tip.offsetHeight;
    var left = Math.min(Math.max(4, r.left + r.width / 2 - width / 2),
      document.documentElement.clientWidth - width - 4);
    var top = r.top - height - 6;
    if (top < 4) top = r.bottom + 6;
    tip.style.left = (left + window.scrollX) + 'px';
    tip.style.top = (top + window.scrollY) + 'px';
  }

  function hideTip() {
    if (tip) tip.hidden = true;
    shownFor = null;
  }

  // A point whose series is shown, or null.
  function point(e) {
    var t = e.target;
    if (!(t instanceof Element) || !t.hasAttribute('data-tip')) return null;
    return t.classList.contains('series-hidden') ? null : t;
  }

  function start() {
    var charts = document.querySelectorAll('.chart svg');
    charts.forEach(function (svg) {
      if (svg.querySelector('[data-legend]')) legendButtons(svg);
    });
    document.addEventListener('click', function (e) {
      var t = e.target;
      if (t instanceof Element && t.hasAttribute('data-toggle')) {
        toggle(t.ownerSVGElement, t);
        return;
      }
      var p = point(e);
      if (p) showTip(p); else if (shownFor) hideTip();
    });
    document.addEventListener('keydown', function (e) {
      var t = e.target;
      if ((e.key === 'Enter' || e.key === ' ') && t instanceof Element && t.hasAttribute('data-toggle')) {
        e.preventDefault();
        toggle(t.ownerSVGElement, t);
      } else if (e.key === 'Escape') {
        hideTip();
      }
    });
    ['mouseover', 'focusin'].forEach(function (type) {
      document.addEventListener(type, function (e) {
        var p = point(e);
        if (p) showTip(p);
      });
    });
    ['mouseout', 'focusout'].forEach(function (type) {
      document.addEventListener(type, function (e) {
        if (shownFor && e.target === shownFor) hideTip();
      });
    });
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
}());
