// The Attributes inspector: one row per property of the chosen component,
// generated from the catalog schema.
//
// Each row is `.prop[data-property=NAME]` with `data-default="true|false"`,
// a label, a reset button, the kind's editor (controls.js), help text and an
// error line. Server errors stay on their row, with the user's input kept,
// until a later change of that property is acked or the property is reset.
//
// Events: "change" (detail: {property, value}), "reset" (detail: {property}).

import { createEditor, element } from './controls.js';
import { isDefault } from './values.js';

export class Inspector extends EventTarget {
  #form;
  #rows = new Map();   // name → {row, editor, property, error, errorBaseline}
  #values = {};

  constructor(form) {
    super();
    this.#form = form;
    // A control that had focus was not updated meanwhile: catch it up on blur.
    form.addEventListener('focusout', (event) => {
      const row = event.target.closest?.('.prop');
      if (!row) return;
      requestAnimationFrame(() => {
        if (!row.contains(document.activeElement)) this.#apply(row.dataset.property);
      });
    });
    form.addEventListener('submit', (event) => event.preventDefault());
  }

  /** Builds the rows for `component` (a catalog entry), or clears them. */
  build(component) {
    this.#form.replaceChildren();
    this.#rows.clear();
    this.#values = {};
    if (!component) return;
    // Until the first render, bounds that follow another property use defaults.
    this.#values = Object.fromEntries(component.properties.map((p) => [p.name, p.default]));
    for (const property of component.properties) {
      const id = `prop-${property.name}`;
      const labelId = `${id}-label`;
      const editor = createEditor(property, {
        id, labelId,
        emit: (value) => this.dispatchEvent(new CustomEvent('change', { detail: { property: property.name, value } })),
        values: () => this.#values,
      });
      const label = element('label', { id: labelId, for: id, class: 'prop-label', text: property.label ?? property.name });
      if (property.kind === 'choice' && (property.constraints?.options?.length ?? 0) <= 4) label.removeAttribute('for');
      const reset = element('button', {
        type: 'button', class: 'reset', 'aria-label': `Reset ${property.label ?? property.name} to default`,
        title: 'Reset to default',
      });
      reset.innerHTML = '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M3.5 8a4.5 4.5 0 1 0 1.4-3.3" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round"/><path d="M4.2 1.8v3.2h3.2" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"/></svg>';
      reset.addEventListener('click', () => this.dispatchEvent(new CustomEvent('reset', { detail: { property: property.name } })));
      const marker = element('span', { class: 'default-marker', text: 'default' });
      const helpId = `${id}-help`;
      const errorId = `${id}-error`;
      const help = property.help ? element('p', { id: helpId, class: 'help', text: property.help }) : null;
      const error = element('p', { id: errorId, class: 'error', role: 'alert', hidden: true });
      const row = element('div', {
        class: 'prop', 'data-property': property.name, 'data-kind': property.kind, 'data-default': 'true',
      }, [
        element('div', { class: 'prop-head' }, [label, marker, reset]),
        editor.root,
        help,
        error,
      ]);
      for (const input of editor.inputs) {
        input.setAttribute('aria-describedby', [help ? helpId : null, errorId].filter(Boolean).join(' '));
      }
      this.#form.append(row);
      this.#rows.set(property.name, { row, editor, property, error, message: null, errorBaseline: undefined });
    }
  }

  /** Shows the server's current values; skips controls being edited. */
  update(values) {
    this.#values = values;
    for (const name of this.#rows.keys()) this.#apply(name);
  }

  /** Marks a property's field invalid with the server's message. */
  setError(name, message) {
    const entry = this.#rows.get(name);
    if (!entry) return false;
    entry.message = message;
    entry.errorBaseline = this.#values[name];
    entry.error.textContent = message;
    entry.error.hidden = false;
    entry.row.classList.add('has-error');
    for (const input of entry.editor.inputs) input.setAttribute('aria-invalid', 'true');
    return true;
  }

  clearError(name) {
    const entry = this.#rows.get(name);
    if (!entry || entry.message === null) return;
    entry.message = null;
    entry.error.hidden = true;
    entry.error.textContent = '';
    entry.row.classList.remove('has-error');
    for (const input of entry.editor.inputs) input.removeAttribute('aria-invalid');
    this.#apply(name);
  }

  clearErrors() {
    for (const name of this.#rows.keys()) this.clearError(name);
  }

  hasError(name) {
    return this.#rows.get(name)?.message != null;
  }

  #apply(name) {
    const entry = this.#rows.get(name);
    if (!entry || !(name in this.#values)) return;
    const value = this.#values[name];
    const atDefault = isDefault(entry.property, value);
    entry.row.dataset.default = String(atDefault);
    entry.row.querySelector('.reset').disabled = atDefault && entry.message === null;
    if (entry.message !== null) {
      // Keep the rejected input on screen until the value moves on elsewhere.
      if (JSON.stringify(value) === JSON.stringify(entry.errorBaseline)) {
        entry.editor.setBounds(this.#values);
        return;
      }
      this.clearError(name);
      return;
    }
    entry.editor.setValue(value, this.#values);
  }
}
