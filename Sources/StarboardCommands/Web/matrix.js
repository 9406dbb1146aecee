// The environment matrix: the current values drawn in every combination of
// one or two environment axes (light/dark × three text sizes, say), like
// Xcode's variant modes. Each cell is its own subscription, so each follows
// every change live; a dark cell is drawn on a dark backdrop whatever the
// canvas background is, since that is what it is for.
//
// Cells are `.matrix-cell[data-environment=NAME]`. Taps work in cells as in the
// preview, in that cell's environment.
// Events: "tap" (detail: {target, location, environment}).

import { element } from './controls.js';
import { makeInteractive, parseSVG, sizeOf, tapLocation } from './canvas.js';
import { MATRICES, axisLabel, cellLabel } from './environment.js';

export class Matrix extends EventTarget {
  #root;
  #matrix = null;
  #cells = [];
  #newest = new Map();   // environment name → newest revision drawn
  #svg = new Map();      // environment name → SVG text drawn

  constructor(root) {
    super();
    this.#root = root;
    const tap = (event, target) => {
      const cell = target.closest('[data-environment]');
      const entry = this.#cells.find((c) => c.name === cell?.dataset.environment);
      if (!entry) return;
      const svg = target.closest('svg');
      this.dispatchEvent(new CustomEvent('tap', {
        detail: { target: target.getAttribute('data-tap'), location: event.type === 'click' ? tapLocation(event, svg) : null, environment: entry.environment },
      }));
    };
    root.addEventListener('click', (event) => {
      const target = event.target.closest?.('[data-tap]');
      if (target && root.contains(target)) tap(event, target);
    });
    root.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      const target = event.target.closest?.('[data-tap]');
      if (!target) return;
      event.preventDefault();
      tap(event, target);
    });
  }

  get active() { return this.#matrix !== null; }
  /** The cells on screen: [{environment, name, row, column}]. */
  get cells() { return this.#cells; }

  /** Shows the grid for `matrix` (a key of MATRICES) with empty cells; null hides it. */
  show(matrix, cells) {
    this.#matrix = matrix;
    this.#cells = cells;
    this.#newest.clear();
    this.#svg.clear();
    this.#root.hidden = !matrix;
    if (!matrix) {
      this.#root.replaceChildren();
      return;
    }
    const [rowAxis, columnAxis] = MATRICES[matrix];
    // Devices side by side: a column each, so a phone's screen is not drawn a stage wide.
    const columns = columnAxis ? Math.max(...cells.map((c) => c.column)) + 1 : rowAxis === 'canvas' ? cells.length : 1;
    this.#root.style.setProperty('--matrix-columns', String(columns));
    const heading = element('p', {
      class: 'matrix-heading',
      text: columnAxis ? `${axisLabel(rowAxis)} × ${axisLabel(columnAxis)}` : axisLabel(rowAxis),
    });
    const grid = element('div', { class: 'matrix-grid', role: 'list' }, cells.map((cell) => element('figure', {
      class: 'matrix-cell', role: 'listitem', 'data-environment': cell.name, 'data-scheme': cell.environment.scheme,
    }, [
      // Always left to right, whatever the cell's or the page's direction: the SVG is already
      // mirrored, and an inherited `rtl` would mirror its text again (and clip it).
      element('div', { class: 'matrix-thumb', dir: 'ltr', 'data-direction': cell.environment.direction === 'rtl' ? 'rtl' : 'ltr' }, [
        element('span', { class: 'matrix-waiting', text: 'Rendering…' }),
      ]),
      element('figcaption', { class: 'matrix-label', text: cellLabel(matrix, cell.environment) }),
    ])));
    this.#root.replaceChildren(heading, grid);
  }

  /** Whether the matrix has a cell for the environment named `name`. */
  has(name) { return this.#cells.some((cell) => cell.name === name); }

  /** Draws a render in its cell; an older revision than the cell shows is dropped. */
  draw(name, message) {
    const cell = this.#root.querySelector(`[data-environment="${CSS.escape(name)}"]`);
    if (!cell) return;
    const revision = typeof message.revision === 'number' ? message.revision : Infinity;
    if (revision < (this.#newest.get(name) ?? -Infinity)) return;
    this.#newest.set(name, revision);
    if (this.#svg.get(name) === message.svg) return;
    const svg = parseSVG(message.svg ?? '');
    if (!svg) return;
    makeInteractive(svg);
    svg.setAttribute('focusable', 'false');
    svg.setAttribute('dir', 'ltr');
    const { width, height } = sizeOf(svg);
    svg.style.width = `${width}px`;
    svg.style.maxWidth = '100%';
    svg.style.height = 'auto';
    svg.style.aspectRatio = `${width} / ${height}`;
    const focused = document.activeElement?.closest?.('[data-tap]');
    const focusedTarget = cell.contains(focused) ? focused.getAttribute('data-tap') : null;
    cell.querySelector('.matrix-thumb').replaceChildren(svg);
    if (focusedTarget) cell.querySelector(`[data-tap="${CSS.escape(focusedTarget)}"]`)?.focus();
    this.#svg.set(name, message.svg);
    cell.dataset.drawn = 'true';
  }

  /** A cell whose render failed says why, in place. */
  fail(name, text) {
    const cell = this.#root.querySelector(`[data-environment="${CSS.escape(name)}"]`);
    if (!cell) return;
    cell.querySelector('.matrix-thumb').replaceChildren(element('span', { class: 'variant-missing', text }));
    this.#svg.delete(name);
  }
}
