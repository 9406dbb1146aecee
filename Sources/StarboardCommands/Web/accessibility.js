// The accessibility panel: every element of the render's `accessibility`
// array with its label, value, hint and frame, plus warnings (tap targets under
// 44×44 pt, missing labels). Hovering or focusing a row asks the canvas to
// outline that element.
//
// Below them, the audit of the render in this window's environment, computed by
// the server: text contrast (WCAG 2), clipped or truncated text, small or
// unlabelled tap targets, offsets that do not mirror right to left.
//
// Rows are `li[data-element=ID]`; warnings are `.a11y-warning`; audit findings
// are `li.audit-row[data-kind=KIND]`.
// Events: "hover" (detail: {id, frame}: an element's id, or a finding's frame, or both null).

import { element } from './controls.js';
import { warningsFor } from './canvas.js';

export class AccessibilityPanel extends EventTarget {
  #list;
  #summary;
  #key = null;
  #audit;
  #auditSummary;
  #auditKey = null;

  constructor({ list, summary, audit = null, auditSummary = null }) {
    super();
    this.#list = list;
    this.#summary = summary;
    this.#audit = audit;
    this.#auditSummary = auditSummary;
    const hover = (id, frame = null) => this.dispatchEvent(new CustomEvent('hover', { detail: { id, frame } }));
    if (audit) {
      const frameOf = (target) => {
        const row = target.closest?.('[data-frame]');
        return row ? JSON.parse(row.dataset.frame) : null;
      };
      audit.addEventListener('pointerover', (event) => hover(null, frameOf(event.target)));
      audit.addEventListener('pointerleave', () => hover(null));
      audit.addEventListener('focusin', (event) => hover(null, frameOf(event.target)));
      audit.addEventListener('focusout', () => hover(null));
    }
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

  /**
   * Shows the audit of the newest render: `findings` from the server, in the
   * environment `where` describes ("Dark, AX3"); `state` is "pending" while it
   * is computed (the last findings stay until the new ones come), "failed"
   * (with `error`) when it could not be.
   */
  showAudit({ findings = [], where = 'Standard', state = 'done', error = '' } = {}) {
    if (!this.#audit) return;
    const key = JSON.stringify([findings, where, state, error]);
    if (key === this.#auditKey) return;
    this.#auditKey = key;
    const summary = this.#auditSummary;
    summary.classList.toggle('warn', state !== 'failed' && findings.length > 0);
    if (state === 'pending') {
      summary.textContent = `Checking in ${where}…`;
      return;
    }
    if (state === 'failed') {
      summary.textContent = `Could not check in ${where}: ${error}`;
      this.#audit.replaceChildren();
      return;
    }
    summary.textContent = findings.length
      ? `${findings.length} finding${findings.length === 1 ? '' : 's'} in ${where}`
      : `No findings in ${where}`;
    const focused = document.activeElement?.closest?.('.audit-row') ? [...this.#audit.children].indexOf(document.activeElement.closest('.audit-row')) : -1;
    this.#audit.replaceChildren(...findings.map((finding) => element('li', {
      class: 'audit-row', tabindex: '0', 'data-kind': finding.kind,
      'data-frame': finding.frame ? JSON.stringify(finding.frame) : null,
    }, [
      element('span', { class: 'badge warn', text: KIND_LABELS[finding.kind] ?? finding.kind }),
      element('span', { class: 'audit-message', text: sentence(finding.message) }),
    ])));
    if (focused >= 0) (this.#audit.children[focused] ?? this.#audit.lastElementChild)?.focus();
  }
}

const KIND_LABELS = {
  contrast: 'Contrast',
  truncatedText: 'Truncated',
  clippedText: 'Clipped',
  smallTapTarget: 'Small target',
  unlabeledControl: 'No label',
  unmirroredOffset: 'Not mirrored',
  missingGlyphs: 'Missing glyphs',
};

function sentence(text) {
  const value = String(text ?? '');
  return value ? `${value[0].toUpperCase()}${value.slice(1)}${/[.!?]$/.test(value) ? '' : '.'}` : '';
}

function pair(term, value) {
  if (value == null || value === '') return [];
  return [element('dt', { text: term }), element('dd', { text: String(value) })];
}

function n(number) {
  return Number.isInteger(number) ? String(number) : number.toFixed(1);
}
