// The canvas: the live preview (inline SVG from the server), centred on a
// chosen background, zoomed to fit or to 1×/2×/4×, with element frames from the
// accessibility list drawn in an overlay, and taps on `[data-tap]` elements
// routed out as events.
//
// Events: "tap" (detail: {target, location}); `location` is where the tap
// landed in the render's points, null for a tap from the keyboard (the server
// then taps the target's centre).

const SVG_NS = 'http://www.w3.org/2000/svg';
const STAGE_PADDING = 48;

let instances = 0;

/**
 * Parses server SVG text into an element for this document, or null. Its ids
 * (gradients, filters, clips) get a prefix of their own: the page shows many
 * renders at once (preview, variants, matrix), and an id is looked up in the
 * whole document, so the first render's gradient would otherwise paint (or,
 * hidden, blank) every other one.
 */
export function parseSVG(text) {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (!root || root.localName !== 'svg' || doc.querySelector('parsererror')) return null;
  instances += 1;
  uniquifyIds(root, `r${instances}-`);
  return document.importNode(root, true);
}

/** Prefixes every id in `svg` and every reference to one (`url(#id)`, `href="#id"`). */
export function uniquifyIds(svg, prefix) {
  const ids = new Set();
  for (const node of svg.querySelectorAll('[id]')) {
    ids.add(node.id);
    node.id = prefix + node.id;
  }
  if (!ids.size) return svg;
  const reference = /url\(#([^)]+)\)/g;
  for (const node of svg.querySelectorAll('*')) {
    for (const attribute of [...node.attributes]) {
      const { name, value } = attribute;
      if ((name === 'href' || name === 'xlink:href') && value.startsWith('#') && ids.has(value.slice(1))) {
        node.setAttribute(name, `#${prefix}${value.slice(1)}`);
      } else if (value.includes('url(#')) {
        node.setAttribute(name, value.replace(reference, (whole, id) => (ids.has(id) ? `url(#${prefix}${id})` : whole)));
      }
    }
  }
  return svg;
}

/** The SVG's size in points from its width/height attributes (viewBox as fallback). */
export function sizeOf(svg) {
  let width = parseFloat(svg.getAttribute('width'));
  let height = parseFloat(svg.getAttribute('height'));
  if (!(width > 0 && height > 0)) {
    const box = (svg.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number);
    width = box[2] || 100;
    height = box[3] || 100;
  }
  return { width, height };
}

export class Canvas extends EventTarget {
  #stage; #frame; #preview; #overlay; #sizeLabel; #empty;
  #svgText = null;
  #size = null;
  #elements = [];
  #zoom = 'fit';
  #outlines = false;
  #highlight = null;
  #highlightFrame = null;
  #interactive = true;

  /** `interactive: false` (the static export) shows tap targets as parts of a picture, not buttons. */
  constructor({ stage, frame, preview, overlay, sizeLabel, empty, interactive = true }) {
    super();
    this.#interactive = interactive;
    this.#stage = stage;
    this.#frame = frame;
    this.#preview = preview;
    this.#overlay = overlay;
    this.#sizeLabel = sizeLabel;
    this.#empty = empty;
    preview.addEventListener('click', (event) => {
      const target = event.target.closest?.('[data-tap]');
      if (target && preview.contains(target)) this.#tap(target, tapLocation(event, preview.querySelector('svg')));
    });
    preview.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      const target = event.target.closest?.('[data-tap]');
      if (!target) return;
      event.preventDefault();
      this.#tap(target, null);
    });
    new ResizeObserver(() => this.#layout()).observe(stage);
  }

  get svgText() { return this.#svgText; }
  get size() { return this.#size; }

  /** Shows a render; the DOM is only replaced when the SVG changed. */
  show(svgText, elements = []) {
    this.#elements = Array.isArray(elements) ? elements : [];
    if (svgText !== this.#svgText) {
      const svg = parseSVG(svgText);
      if (svg) {
        const focused = document.activeElement?.closest?.('#preview [data-tap]')?.getAttribute('data-tap');
        if (this.#interactive) makeInteractive(svg);
        else inert(svg);
        svg.setAttribute('focusable', 'false');
        this.#preview.replaceChildren(svg);
        this.#svgText = svgText;
        this.#size = sizeOf(svg);
        this.#overlay.setAttribute('viewBox', svg.getAttribute('viewBox') ?? `0 0 ${this.#size.width} ${this.#size.height}`);
        if (focused) this.#preview.querySelector(`[data-tap="${CSS.escape(focused)}"]`)?.focus();
      } else {
        console.warn('Starboard: the server sent SVG that does not parse; keeping the last render.');
      }
    }
    this.#frame.hidden = this.#svgText === null;
    this.#empty.hidden = this.#svgText !== null;
    this.#sizeLabel.textContent = this.#size ? `${fmt(this.#size.width)} × ${fmt(this.#size.height)} pt` : '';
    this.#layout();
    this.#drawOverlay();
  }

  clear(message = '') {
    this.#svgText = null;
    this.#size = null;
    this.#elements = [];
    this.#preview.replaceChildren();
    this.#overlay.replaceChildren();
    this.#frame.hidden = true;
    this.#empty.hidden = false;
    this.#empty.textContent = message;
    this.#sizeLabel.textContent = '';
  }

  setZoom(zoom) { this.#zoom = zoom; this.#layout(); }
  setBackground(name) { this.#stage.dataset.background = name; }
  setOutlines(on) { this.#outlines = on; this.#drawOverlay(); }
  /** Outlines the element `id`, or `frame` (an audit finding's, in points). */
  highlight(id, frame = null) { this.#highlight = id; this.#highlightFrame = frame; this.#drawOverlay(); }

  /** The scale the preview is drawn at. */
  get scale() {
    if (!this.#size) return 1;
    if (this.#zoom !== 'fit') return Number(this.#zoom);
    const width = Math.max(this.#stage.clientWidth - STAGE_PADDING * 2, 40);
    const height = Math.max(this.#stage.clientHeight - STAGE_PADDING * 2, 40);
    return Math.max(0.1, Math.min(width / this.#size.width, height / this.#size.height, 4));
  }

  #layout() {
    const svg = this.#preview.firstElementChild;
    if (!svg || !this.#size) return;
    const scale = this.scale;
    const width = `${this.#size.width * scale}px`;
    const height = `${this.#size.height * scale}px`;
    for (const node of [svg, this.#overlay]) {
      node.style.width = width;
      node.style.height = height;
    }
    this.#stage.dataset.scale = String(Math.round(scale * 100) / 100);
  }

  #drawOverlay() {
    const rects = [];
    for (const item of this.#elements) {
      const f = item.frame;
      if (!f) continue;
      const highlighted = item.id === this.#highlight;
      if (!this.#outlines && !highlighted) continue;
      const rect = document.createElementNS(SVG_NS, 'rect');
      rect.setAttribute('x', f.x);
      rect.setAttribute('y', f.y);
      rect.setAttribute('width', f.width);
      rect.setAttribute('height', f.height);
      rect.setAttribute('data-frame', item.id);
      const classes = ['frame'];
      if (item.tappable) classes.push('tappable');
      if (warningsFor(item).length) classes.push('warning');
      if (highlighted) classes.push('highlight');
      rect.setAttribute('class', classes.join(' '));
      rects.push(rect);
    }
    const f = this.#highlightFrame;
    if (f) {
      const rect = document.createElementNS(SVG_NS, 'rect');
      for (const [name, value] of [['x', f.x], ['y', f.y], ['width', f.width], ['height', f.height]]) rect.setAttribute(name, value);
      rect.setAttribute('class', 'frame warning highlight');
      rect.setAttribute('data-finding', '');
      rects.push(rect);
    }
    // Draw the highlighted frame last so it sits on top.
    rects.sort((a, b) => a.classList.contains('highlight') - b.classList.contains('highlight'));
    this.#overlay.replaceChildren(...rects);
  }

  #tap(target, location) {
    this.dispatchEvent(new CustomEvent('tap', { detail: { target: target.getAttribute('data-tap'), location } }));
  }
}

/**
 * Where a pointer event landed in an SVG's own points (its viewBox), whatever
 * it is zoomed to; null when that cannot be told (no SVG, a keyboard click).
 */
export function tapLocation(event, svg) {
  if (!svg || event.detail === 0) return null;
  const box = svg.getBoundingClientRect();
  const { width, height } = sizeOf(svg);
  if (!(box.width > 0 && box.height > 0)) return null;
  const round = (value) => Math.round(value * 100) / 100;
  return {
    x: round(((event.clientX - box.left) / box.width) * width),
    y: round(((event.clientY - box.top) / box.height) * height),
  };
}

/**
 * Makes a render's tap targets focusable buttons. A picture (`role="img"`)
 * cannot hold controls (its children are presentational to assistive
 * technology), so an image that contains tap targets becomes a labelled group.
 */
export function makeInteractive(svg) {
  const tappables = [...svg.querySelectorAll('[data-tap]')];
  for (const tappable of tappables) {
    tappable.setAttribute('tabindex', '0');
    if (!tappable.hasAttribute('role') || tappable.getAttribute('role') === 'img') tappable.setAttribute('role', 'button');
  }
  for (const picture of [svg, ...svg.querySelectorAll('[role="img"]')]) {
    if (picture.getAttribute('role') === 'img' && tappables.some((t) => t !== picture && picture.contains(t))) {
      picture.setAttribute('role', 'group');
    }
  }
  return svg;
}

/** Nothing in a static page can be tapped: drop the tap targets, keep the accessibility. */
export function inert(svg) {
  for (const node of svg.querySelectorAll('[data-tap]')) node.removeAttribute('data-tap');
  for (const node of svg.querySelectorAll('[tabindex]')) node.removeAttribute('tabindex');
  svg.setAttribute('focusable', 'false');
  return svg;
}

/** Accessibility problems of one element, as short sentences. */
export function warningsFor(item) {
  const warnings = [];
  if (item.tappable) {
    const f = item.frame;
    if (f && (f.width < 44 || f.height < 44)) {
      warnings.push(`Tap target is ${fmt(f.width)}×${fmt(f.height)} pt; make it at least 44×44.`);
    }
  }
  if (!item.label || !String(item.label).trim()) {
    warnings.push(item.tappable ? 'Tappable but has no label.' : 'Has no label.');
  }
  return warnings;
}

function fmt(number) {
  return Number.isInteger(number) ? String(number) : number.toFixed(1).replace(/\.0$/, '');
}
