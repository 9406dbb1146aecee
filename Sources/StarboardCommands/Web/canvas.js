// The canvas: the live preview (inline SVG from the server), centred on a
// chosen background, zoomed to fit or to 1×/2×/4×, with element frames from the
// accessibility list drawn in an overlay, and taps on `[data-tap]` elements
// routed out as events.
//
// In select mode (`setMode('select')`) a click selects the view under it
// instead of tapping (the view tree comes with the SVG, viewtree.js): the
// overlay draws the selected view's frame, and hovering another view shows its
// size and its distances to the selected one in points. "Frames" outlines every
// view's frame as well as the accessibility elements.
//
// Events: "tap" (detail: {target, location}); `location` is where the tap
// landed in the render's points, null for a tap from the keyboard (the server
// then taps the target's centre). "select" (detail: {view, path} or
// {view: null}) when the selected view changes.

import { measure, outlineOf, pathTo, step, viewAt } from './viewtree.js';

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
  #stageSize = null; // the stage's client size, as the last ResizeObserver saw it
  #elements = [];
  #zoom = 'fit';
  #outlines = false;
  #highlight = null;
  #highlightFrame = null;
  #interactive = true;
  #mode = 'interact';
  #views = [];
  #selected = null; // index into #views
  #hovered = null;
  /** Whether the hovered view was reached with the keyboard (drawn as a focus ring). */
  #keyboardPlace = false;

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
      if (this.#mode === 'select') {
        const point = pointIn(event, preview.querySelector('svg'));
        const view = point ? viewAt(this.#views, point) : null;
        this.select(view ? view.index : null);
        return;
      }
      const target = event.target.closest?.('[data-tap]');
      if (target && preview.contains(target)) this.#tap(target, tapLocation(event, preview.querySelector('svg')));
    });
    preview.addEventListener('pointermove', (event) => {
      if (this.#mode !== 'select') return;
      const point = pointIn(event, preview.querySelector('svg'));
      const view = point ? viewAt(this.#views, point) : null;
      const index = view ? view.index : null;
      if (index === this.#hovered) return;
      this.#hovered = index;
      this.#drawOverlay();
    });
    preview.addEventListener('pointerleave', () => {
      if (this.#hovered === null) return;
      this.#hovered = null;
      this.#drawOverlay();
    });
    preview.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      if (this.#mode === 'select') return; // selecting never taps
      const target = event.target.closest?.('[data-tap]');
      if (!target) return;
      event.preventDefault();
      this.#tap(target, null);
    });
    // Selecting from the keyboard, in select mode with the stage focused: the arrow keys move
    // through the view tree (down into the first child, up to the parent, left and right
    // between siblings), shown as the hovered view is; Enter selects it; Escape clears.
    stage.addEventListener('keydown', (event) => {
      if (this.#mode !== 'select' || event.metaKey || event.ctrlKey || event.altKey) return;
      if (event.target.closest?.('input, textarea, select, button, [contenteditable], dialog')) return;
      if (event.key === 'Enter' || event.key === ' ') {
        if (this.#hovered === null) return;
        event.preventDefault();
        this.select(this.#hovered);
      } else if (event.key === 'Escape') {
        if (this.#selected === null && this.#hovered === null) return;
        event.preventDefault();
        this.#hovered = null;
        this.select(null);
      } else {
        const next = step(this.#views, this.#hovered ?? this.#selected, event.key);
        if (next === null) return;
        event.preventDefault();
        this.#hovered = next;
        this.#keyboardPlace = true;
        this.#drawOverlay();
      }
    });
    stage.addEventListener('pointermove', () => { this.#keyboardPlace = false; });
    // The stage's size is read here, when it changes, and never while a render is
    // drawn: reading clientWidth after replacing the SVG would lay out the whole
    // page on the spot, which cost a drag most of its frame.
    // (A ResizeObserver runs just after layout, so reading it there costs nothing.)
    new ResizeObserver(() => {
      this.#stageSize = { width: stage.clientWidth, height: stage.clientHeight };
      this.#layout();
    }).observe(stage);
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
        this.#keepSelection(outlineOf(svg));
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
    this.#keepSelection([]);
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

  /** The views of the render on screen (viewtree.js), in drawing order. */
  get views() { return this.#views; }
  get mode() { return this.#mode; }
  get selected() { return this.#selected === null ? null : this.#views[this.#selected] ?? null; }

  /** 'interact' (clicks tap) or 'select' (clicks select a view, nothing is tapped). */
  setMode(mode) {
    this.#mode = mode === 'select' ? 'select' : 'interact';
    this.#stage.dataset.mode = this.#mode;
    this.#hovered = null;
    this.#drawOverlay();
  }

  /** Selects the view at `index` (or none) and says so. */
  select(index) {
    const view = index === null || index === undefined ? null : this.#views[index] ?? null;
    this.#selected = view ? view.index : null;
    this.#drawOverlay();
    this.dispatchEvent(new CustomEvent('select', { detail: { view, path: view ? pathTo(this.#views, view.index) : [] } }));
  }

  /**
   * A new render: the selection stays on the view at the same place in the tree
   * (same index and types), else it is dropped.
   */
  #keepSelection(views) {
    const before = this.selected;
    this.#views = views;
    this.#hovered = null;
    if (this.#selected === null) return;
    const after = views[this.#selected];
    const same = after && before && after.types.join('/') === before.types.join('/') && after.depth === before.depth;
    if (same) {
      this.dispatchEvent(new CustomEvent('select', { detail: { view: after, path: pathTo(views, after.index) } }));
    } else {
      this.#selected = null;
      this.dispatchEvent(new CustomEvent('select', { detail: { view: null, path: [] } }));
    }
  }

  setZoom(zoom) { this.#zoom = zoom; this.#layout(); this.#drawOverlay(); }
  setBackground(name) { this.#stage.dataset.background = name; }
  setOutlines(on) { this.#outlines = on; this.#drawOverlay(); }
  /** Outlines the element `id`, or `frame` (an audit finding's, in points). */
  highlight(id, frame = null) { this.#highlight = id; this.#highlightFrame = frame; this.#drawOverlay(); }

  /** The scale the preview is drawn at. */
  get scale() {
    if (!this.#size) return 1;
    if (this.#zoom !== 'fit') return Number(this.#zoom);
    this.#stageSize ??= { width: this.#stage.clientWidth, height: this.#stage.clientHeight };
    const width = Math.max(this.#stageSize.width - STAGE_PADDING * 2, 40);
    const height = Math.max(this.#stageSize.height - STAGE_PADDING * 2, 40);
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
    this.#overlay.replaceChildren(...this.#viewOutlines(), ...rects, ...this.#selection());
  }

  /** Every view's frame, when frames are outlined. */
  #viewOutlines() {
    if (!this.#outlines) return [];
    return this.#views.map((view) => svgRect(view.frame, 'view-frame', { 'data-view': view.index }));
  }

  /** The selected view, the hovered one with its size, and the distances between them. */
  #selection() {
    const nodes = [];
    const selected = this.selected;
    const hovered = this.#hovered === null ? null : this.#views[this.#hovered];
    const px = 1 / this.scale; // one screen pixel in points
    if (selected) nodes.push(svgRect(selected.frame, 'view-selected', { 'data-selected': selected.index }));
    if (hovered && hovered !== selected) {
      nodes.push(svgRect(hovered.frame, this.#keyboardPlace ? 'view-hover view-focus' : 'view-hover', { 'data-hovered': hovered.index }));
      const f = hovered.frame;
      nodes.push(svgLabel(`${fmt(round1(f.width))} × ${fmt(round1(f.height))}`, f.x, f.y + f.height + 3 * px, px, 'size-label', 'hanging'));
      if (selected) {
        for (const line of measure(hovered.frame, selected.frame)) {
          const path = document.createElementNS(SVG_NS, 'line');
          for (const [name, value] of [['x1', line.from.x], ['y1', line.from.y], ['x2', line.to.x], ['y2', line.to.y]]) path.setAttribute(name, value);
          path.setAttribute('class', 'measure-line');
          path.setAttribute('data-length', line.length);
          nodes.push(path);
          const x = (line.from.x + line.to.x) / 2 + (line.axis === 'y' ? 3 * px : 0);
          const y = (line.from.y + line.to.y) / 2 - (line.axis === 'x' ? 3 * px : 0);
          nodes.push(svgLabel(fmt(line.length), x, y, px, 'measure-label', line.axis === 'x' ? 'auto' : 'middle', line.axis === 'x' ? 'middle' : 'start'));
        }
      }
    }
    return nodes;
  }

  #tap(target, location) {
    this.dispatchEvent(new CustomEvent('tap', { detail: { target: target.getAttribute('data-tap'), location } }));
  }
}

function svgRect(f, className, attributes = {}) {
  const rect = document.createElementNS(SVG_NS, 'rect');
  for (const [name, value] of [['x', f.x], ['y', f.y], ['width', f.width], ['height', f.height]]) rect.setAttribute(name, value);
  rect.setAttribute('class', className);
  for (const [name, value] of Object.entries(attributes)) rect.setAttribute(name, value);
  return rect;
}

/** A label in the overlay, sized in screen pixels whatever the zoom (`px` is one pixel in points). */
function svgLabel(text, x, y, px, className, baseline = 'auto', anchor = 'start') {
  const label = document.createElementNS(SVG_NS, 'text');
  label.setAttribute('x', x);
  label.setAttribute('y', y);
  label.setAttribute('font-size', 11 * px);
  label.setAttribute('dominant-baseline', baseline);
  label.setAttribute('text-anchor', anchor);
  label.setAttribute('class', className);
  label.setAttribute('stroke-width', 3 * px);
  label.textContent = text;
  return label;
}

function round1(n) { return Math.round(n * 10) / 10; }

/** Where a pointer is over an SVG, in its own points; null without an SVG. */
export function pointIn(event, svg) {
  if (!svg) return null;
  const box = svg.getBoundingClientRect();
  const { width, height } = sizeOf(svg);
  if (!(box.width > 0 && box.height > 0)) return null;
  return { x: ((event.clientX - box.left) / box.width) * width, y: ((event.clientY - box.top) / box.height) * height };
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
