// The search palette (Ctrl+K or ⌘K, or the Search button): one field over
// everything in the catalog (components, summaries, variants, property names,
// labels and help; matching and ranking in search.js). Arrow keys move through
// the results, Enter opens the highlighted one (the first unless moved),
// Escape closes. With nothing typed it lists the components.
//
// The field is a combobox over `#search-results`, whose options are
// `li[role=option][data-kind][data-component]` (plus `data-variant` or
// `data-property`).
// Events: "choose" (detail: an entry of search.js: {kind, component, variant?, property?}).

import { element } from './controls.js';
import { buildIndex, search } from './search.js';

const KIND_LABELS = { component: 'Component', variant: 'Variant', property: 'Property' };

export class Palette extends EventTarget {
  #dialog; #input; #list; #empty; #opener;
  #index = [];
  #results = [];
  #active = 0;
  #returnFocus = null;

  constructor({ dialog, input, list, empty, opener = null }) {
    super();
    this.#dialog = dialog;
    this.#input = input;
    this.#list = list;
    this.#empty = empty;
    this.#opener = opener;
    opener?.addEventListener('click', () => this.open());
    if (/Mac|iPhone|iPad/.test(navigator.platform ?? '')) {
      const key = opener?.querySelector('kbd');
      if (key) key.textContent = '⌘K';
    }
    document.addEventListener('keydown', (event) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        if (this.isOpen) this.close();
        else this.open();
      }
    });
    input.addEventListener('input', () => { this.#active = 0; this.#render(); });
    input.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        if (!this.#results.length) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        this.#active = (this.#active + step + this.#results.length) % this.#results.length;
        this.#markActive();
      } else if (event.key === 'Home' && event.ctrlKey) {
        this.#active = 0;
        this.#markActive();
      } else if (event.key === 'Enter') {
        event.preventDefault();
        this.#choose(this.#active);
      }
    });
    list.addEventListener('pointerdown', (event) => event.preventDefault()); // keep focus in the field
    list.addEventListener('click', (event) => {
      const option = event.target.closest('[role="option"]');
      if (option) this.#choose(Number(option.dataset.index));
    });
    dialog.addEventListener('close', () => {
      this.#input.setAttribute('aria-expanded', 'false'); // Escape closes without close()
      const back = this.#returnFocus;
      this.#returnFocus = null;
      if (back?.isConnected && !this.#chosen) back.focus();
      this.#chosen = false;
    });
    dialog.addEventListener('click', (event) => { if (event.target === dialog) this.close(); });
  }

  #chosen = false;

  get isOpen() { return this.#dialog.open; }

  /** The catalog to search (components with their properties and variants). */
  setComponents(components) {
    this.#index = buildIndex(components);
    this.#allOptions = null;
    if (this.isOpen) this.#render();
  }

  open() {
    if (this.isOpen) return;
    this.#returnFocus = document.activeElement;
    this.#chosen = false;
    this.#dialog.showModal();
    this.#input.select();
    this.#active = 0;
    this.#render();
    this.#input.setAttribute('aria-expanded', 'true');
  }

  close() {
    if (!this.isOpen) return;
    this.#input.setAttribute('aria-expanded', 'false');
    this.#dialog.close();
  }

  #render() {
    const query = this.#input.value;
    this.#marked?.setAttribute('aria-selected', 'false');
    this.#marked = null;
    if (query.trim()) {
      this.#results = search(this.#index, query);
      this.#list.replaceChildren(...this.#results.map((entry, index) => option(entry, index)));
    } else {
      // The components, as listed with nothing typed: made once per catalog (500 of them took
      // ~100 ms to make again at each opening and each emptied field).
      this.#results = this.#index.filter((e) => e.kind === 'component');
      this.#allOptions ??= this.#results.map((entry, index) => option(entry, index));
      this.#list.replaceChildren(...this.#allOptions);
    }
    this.#empty.hidden = this.#results.length > 0;
    this.#empty.textContent = `Nothing matches “${query.trim()}”.`;
    this.#markActive();
  }

  /** The option last marked selected, so moving marks two options rather than every one. */
  #marked = null;
  #allOptions = null;

  #markActive() {
    this.#marked?.setAttribute('aria-selected', 'false');
    const active = this.#list.children[this.#active];
    this.#marked = active ?? null;
    if (active) {
      active.setAttribute('aria-selected', 'true');
      this.#input.setAttribute('aria-activedescendant', active.id);
      active.scrollIntoView({ block: 'nearest' });
    } else {
      this.#input.removeAttribute('aria-activedescendant');
    }
  }

  #choose(index) {
    const entry = this.#results[index];
    if (!entry) return;
    this.#chosen = true;
    this.close();
    this.dispatchEvent(new CustomEvent('choose', { detail: entry }));
  }
}

/** One result as an option of the list. */
function option(entry, index) {
  return element('li', {
    id: `search-option-${index}`, role: 'option', class: 'search-option', 'data-index': index,
    'data-kind': entry.kind, 'data-component': entry.component,
    'data-variant': entry.variant ?? null, 'data-property': entry.property ?? null,
    'aria-selected': 'false',
  }, [
    element('span', { class: `search-kind kind-${entry.kind}`, text: KIND_LABELS[entry.kind] }),
    element('span', { class: 'search-title', text: entry.title }),
    entry.detail ? element('span', { class: 'search-detail', text: entry.detail }) : null,
  ]);
}
