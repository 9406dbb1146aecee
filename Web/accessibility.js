// The accessibility panel: every element of the render's `accessibility`
// array with its label, value, hint and frame, plus warnings (tap targets under
// 44×44 pt, missing labels). Hovering or focusing a row asks the canvas to
// outline that element.
//
// Rows are `li[data-element=ID]`; warnings are `.a11y-warning`.
// Events: "hover" (detail: {id} or {id: null}).

import { element } from './controls.js';
import { warningsFor } from './canvas.js';

export class AccessibilityPanel extends EventTarget {
  #list;
  #summary;
  #key = null;

  constructor({ list, summary }) {
    super();
    this.#list = list;
    this.#summary = summary;
    const hover = (id) => this.dispatchEvent(new CustomEvent('hover', { detail: { id } }));
    list.addEventListener('pointerover', (event) => hover(event.target.closest('[data-element]')?.dataset.element ?? null));
    list.addEventListener('pointerleave', () => hover(null));
    list.addEventListener('focusin', (event) => hover(event.target.closest('[data-element]')?.dataset.element ?? null));
    list.addEventListener('focusout', () => hover(null));
  }

  show(elements) {
    const items = Array.isArray(elements) ? elements : [];
    const key = JSON.stringify(items);
    if (key === this.#key) return;
    this.#key = key;
    const focused = document.activeElement?.closest?.('[data-element]')?.dataset.element;
    let warningCount = 0;
    const rows = items.map((item) => {
      const warnings = warningsFor(item);
      warningCount += warnings.length;
      const f = item.frame;
      const details = element('dl', { class: 'a11y-details' }, [
        ...pair('Value', item.value),
        ...pair('Hint', item.hint),
        ...pair('Frame', f ? `${n(f.width)}×${n(f.height)} at ${n(f.x)}, ${n(f.y)}` : null),
      ]);
      const row = element('li', {
        class: `a11y-row${warnings.length ? ' has-warning' : ''}`,
        'data-element': item.id, tabindex: '0',
        'aria-label': `${item.label || 'Unlabelled'}${item.tappable ? ', tappable' : ''}${warnings.length ? `, ${warnings.length} warning${warnings.length > 1 ? 's' : ''}` : ''}`,
      }, [
        element('div', { class: 'a11y-head' }, [
          element('span', { class: `a11y-label${item.label ? '' : ' missing'}`, text: item.label || 'No label' }),
          item.tappable ? element('span', { class: 'badge', text: 'Tappable' }) : null,
          element('code', { class: 'a11y-id', text: item.id }),
        ]),
        details,
        ...warnings.map((text) => element('p', { class: 'a11y-warning', text })),
      ]);
      return row;
    });
    this.#list.replaceChildren(...rows);
    if (!items.length) this.#list.append(element('li', { class: 'empty-note', text: 'No accessibility elements.' }));
    const count = `${items.length} element${items.length === 1 ? '' : 's'}`;
    this.#summary.textContent = warningCount ? `${count} · ${warningCount} warning${warningCount === 1 ? '' : 's'}` : count;
    this.#summary.classList.toggle('warn', warningCount > 0);
    if (focused) this.#list.querySelector(`[data-element="${CSS.escape(focused)}"]`)?.focus();
  }
}

function pair(term, value) {
  if (value == null || value === '') return [];
  return [element('dt', { text: term }), element('dd', { text: String(value) })];
}

function n(number) {
  return Number.isInteger(number) ? String(number) : number.toFixed(1);
}
