// The Attributes inspector: one row per property of the chosen component,
// generated from the catalog schema.
//
// Each row is `.prop[data-property=NAME]` with `data-default="true|false"`
// (shown by a "default" marker, not by fainter text), `data-pending` while a
// change this window made has not come back in a render, a label, a reset
// button, the kind's editor (controls.js), help text and an error line.
//
// Errors belong to what the person last chose for that property: a check of
// typed text as it is typed, or the server's answer to the value sent. They
// stay, with the typed text, until the person types a valid value, presses
// Escape, resets the property, or the server accepts that same value. A
// render, however late, never clears them and never overwrites a focused field.
//
// Events: "change" (detail: {property, value}), "reset" (detail: {property}).

import { createEditor, element } from './controls.js';
import { isDefault, labelOf, readableServerMessage, sameValue } from './values.js';

const TYPED_INVALID = Symbol('typed text that is not a value');

export class Inspector extends EventTarget {
  #form;
  #component = null;
  #rows = new Map();   // name → {row, editor, property, error, message, latest}
  #values = {};
  #readOnly = false;
  #pendingText = 'sending…';

  constructor(form, { readOnly = false } = {}) {
    super();
    this.#form = form;
    this.#readOnly = readOnly;
    // A control that had focus was not updated meanwhile: catch it up on blur.
    form.addEventListener('focusout', (event) => {
      const row = event.target.closest?.('.prop');
      if (!row) return;
      requestAnimationFrame(() => {
        if (row.contains(document.activeElement)) return;
        this.#noteConflict(this.#rows.get(row.dataset.property), null);
        this.#apply(row.dataset.property);
      });
    });
    form.addEventListener('submit', (event) => event.preventDefault());
  }

  /** Builds the rows for `component` (a catalog entry), or clears them. */
  build(component) {
    this.#form.replaceChildren();
    this.#rows.clear();
    this.#component = component;
    this.#values = {};
    if (!component) return;
    // Until the first render, bounds that follow another property use defaults.
    this.#values = Object.fromEntries(component.properties.map((p) => [p.name, p.default]));
    for (const property of component.properties) {
      const id = `prop-${property.name}`;
      const labelId = `${id}-label`;
      const entry = { property, message: null, latest: undefined, pending: {} };
      entry.editor = createEditor(property, {
        id, labelId, readOnly: this.#readOnly, preview: Boolean(component.preview),
        values: () => this.#values,
        emit: (value) => {
          entry.latest = value;
          if (entry.message !== null) this.#showError(entry, null);
          this.dispatchEvent(new CustomEvent('change', { detail: { property: property.name, value } }));
        },
        invalid: (message) => {
          if (message) entry.latest = TYPED_INVALID;
          this.#showError(entry, message);
        },
      });
      const label = element('label', { id: labelId, for: id, class: 'prop-label', text: labelOf(property) });
      if (property.kind === 'choice' && (property.constraints?.options?.length ?? 0) <= 4) label.removeAttribute('for');
      const marker = element('span', { class: 'default-marker', text: 'default' });
      const pending = element('span', { class: 'pending-marker', text: this.#pendingText });
      const head = element('div', { class: 'prop-head' }, [label, marker, pending]);
      if (!this.#readOnly) {
        // aria-disabled, not disabled: a disabled button drops focus to <body> when a reset lands.
        const reset = element('button', {
          type: 'button', class: 'reset', 'aria-label': `Reset ${labelOf(property)} to default`,
          title: 'Reset to default', 'aria-disabled': 'true',
        });
        reset.innerHTML = '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M3.5 8a4.5 4.5 0 1 0 1.4-3.3" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round"/><path d="M4.2 1.8v3.2h3.2" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"/></svg>';
        reset.addEventListener('click', () => {
          if (reset.getAttribute('aria-disabled') === 'true') return;
          entry.editor.revert();
          entry.latest = property.default;
          this.dispatchEvent(new CustomEvent('reset', { detail: { property: property.name } }));
        });
        head.append(reset);
        entry.reset = reset;
      }
      const helpId = `${id}-help`;
      const errorId = `${id}-error`;
      const help = property.help ? element('p', { id: helpId, class: 'help', text: property.help }) : null;
      entry.error = element('p', { id: errorId, class: 'error', role: 'alert', hidden: true });
      entry.row = element('div', {
        class: 'prop', 'data-property': property.name, 'data-kind': property.kind, 'data-default': 'true',
      }, [head, entry.editor.root, help, entry.error]);
      for (const input of entry.editor.inputs) {
        input.setAttribute('aria-describedby', [help ? helpId : null, errorId].filter(Boolean).join(' '));
      }
      this.#form.append(entry.row);
      this.#rows.set(property.name, entry);
    }
  }

  /**
   * Shows the server's current values, with `pending` (values this window
   * chose that have not come back yet) in their place; skips controls being edited.
   */
  update(values, pending = {}) {
    this.#values = { ...values, ...pending };
    for (const [name, entry] of this.#rows) {
      entry.pending = name in pending;
      this.#apply(name);
    }
  }

  /**
   * The server refused `value` for `name`. Shown at the field when that value
   * is still the person's latest choice there; an answer to an older value is
   * dropped, since the field has moved on. Returns false when there is no such row.
   */
  setServerError(name, message, value = undefined) {
    const entry = this.#rows.get(name);
    if (!entry) return false;
    if (value !== undefined && !sameValue(entry.property, entry.latest, value)) return true;
    entry.latest = TYPED_INVALID;
    this.#showError(entry, readableServerMessage(this.#component, message));
    return true;
  }

  /** The server accepted `value` for `name`: an error about that very choice is over. */
  accepted(name, value) {
    const entry = this.#rows.get(name);
    if (entry && sameValue(entry.property, entry.latest, value)) this.#noteConflict(entry, null);
    if (!entry || entry.message === null) return;
    if (sameValue(entry.property, entry.latest, value)) this.#showError(entry, null);
  }

  /** The property went back to its default on the server (a reset): drop its error and typed text. */
  wasReset(name) {
    const entry = this.#rows.get(name);
    if (!entry) return;
    entry.editor.revert();
    entry.latest = undefined;
    this.#showError(entry, null);
    this.#apply(name);
  }

  resetAll() {
    for (const name of this.#rows.keys()) this.wasReset(name);
  }

  /** What rows with a change not yet rendered say: "sending…", or "waiting to send" while offline. */
  setPendingText(text) {
    this.#pendingText = text;
    for (const marker of this.#form.querySelectorAll('.pending-marker')) marker.textContent = text;
  }

  hasError(name) {
    return this.#rows.get(name)?.message != null;
  }

  /** Sends what was typed and is valid but still waiting for its pause (e.g. before going offline). */
  flush() {
    for (const entry of this.#rows.values()) entry.editor.flush();
  }

  /** The property whose control has focus, if any. */
  focusedProperty() {
    return document.activeElement?.closest?.('.prop')?.dataset.property ?? null;
  }

  /**
   * Another window changed `name` while this one edits it: says so at the
   * field (the typed text stays; Enter applies it, Escape takes theirs).
   */
  otherChanged(name, who, valueText) {
    const entry = this.#rows.get(name);
    if (!entry) return;
    entry.editor.retype?.();
    this.#noteConflict(entry, `${who} changed ${labelOf(entry.property)} to ${valueText} while you were editing it. `
      + 'Your text is kept: Enter applies it, Escape shows theirs.');
  }

  #noteConflict(entry, message) {
    if (!entry) return;
    if (!message) {
      entry.conflict?.remove();
      entry.conflict = null;
      return;
    }
    if (!entry.conflict) {
      entry.conflict = element('p', { class: 'conflict', role: 'status' });
      entry.row.append(entry.conflict);
    }
    entry.conflict.textContent = message;
  }

  /**
   * Focuses a property's first control; `{reveal: true}` also scrolls its row
   * into view and marks it (`data-found`) for a moment, as search does.
   * False when there is no such property.
   */
  focus(name, { reveal = false } = {}) {
    const entry = this.#rows.get(name);
    if (!entry) return false;
    entry.editor.inputs[0]?.focus({ preventScroll: reveal });
    if (reveal) {
      entry.row.scrollIntoView({ block: 'center' });
      entry.row.dataset.found = 'true';
      clearTimeout(entry.foundTimer);
      entry.foundTimer = setTimeout(() => delete entry.row.dataset.found, 2000);
    }
    return true;
  }

  #showError(entry, message) {
    entry.message = message || null;
    entry.error.hidden = !message;
    entry.error.textContent = message || '';
    entry.row.classList.toggle('has-error', Boolean(message));
    for (const input of entry.editor.inputs) {
      if (message) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    }
    this.#apply(entry.property.name);
  }

  #apply(name) {
    const entry = this.#rows.get(name);
    if (!entry || !(name in this.#values)) return;
    const value = this.#values[name];
    const atDefault = isDefault(entry.property, value);
    entry.row.dataset.default = String(atDefault);
    if (entry.pending) entry.row.dataset.pending = 'true';
    else delete entry.row.dataset.pending;
    entry.reset?.setAttribute('aria-disabled', String(atDefault && entry.message === null));
    // Keep the person's text while it has an error: it is what the message is about.
    if (entry.message !== null) return;
    entry.editor.setValue(value, this.#values);
  }
}
