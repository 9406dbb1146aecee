// The sidebar: the registered components with a filter box; the current one
// is highlighted (aria-current). Items are `button[data-component=NAME]`.
// Previews of plain views follow the components under a heading per group
// (their file for a #Preview, their provider type otherwise), as Xcode groups
// them; a heading hides when the filter leaves none of its previews.
//
// Events: "select" (detail: {name}).

import { element } from './controls.js';

export class Catalog extends EventTarget {
  #list;
  #filter;
  #empty;
  #components = [];
  #current = null;
  /** One per component, in list order: its <li>, its button and what the filter matches. */
  #rows = [];
  /** Each row's button by component name, for marking the current one. */
  #buttons = new Map();
  /** Whether each row is hidden now (the filter's last answer), so a keystroke touches only the rows it changes. */
  #hidden = [];
  #headings = [];

  constructor({ list, filter, empty }) {
    super();
    this.#list = list;
    this.#filter = filter;
    this.#empty = empty;
    filter.addEventListener('input', () => this.#render());
    filter.addEventListener('keydown', (event) => {
      // Enter picks the first match; Escape clears the filter.
      if (event.key === 'Enter') {
        const first = this.#rows.find((row, index) => !this.#hidden[index]);
        if (first) this.#select(first.name);
      } else if (event.key === 'Escape') {
        filter.value = '';
        this.#render();
      }
    });
    list.addEventListener('click', (event) => {
      const button = event.target.closest('button[data-component]');
      if (button) this.#select(button.dataset.component);
    });
    list.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      const buttons = this.#rows.filter((row, index) => !this.#hidden[index]).map((row) => row.button);
      const index = buttons.indexOf(document.activeElement);
      if (index < 0) return;
      event.preventDefault();
      buttons[(index + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length].focus();
    });
  }

  /**
   * Builds the list's DOM, once per catalog: filtering later only toggles `hidden` on the rows
   * whose match changed (with 500 entries, rebuilding or looking every row up again per
   * keystroke took 100-300 ms a keystroke).
   */
  setComponents(components) {
    this.#components = components;
    const items = [];
    this.#rows = [];
    this.#headings = [];
    this.#buttons = new Map();
    let group = null;
    for (const component of components) {
      const preview = component.preview;
      if (preview && preview.group !== group) {
        group = preview.group;
        const heading = element('li', { class: 'catalog-group', 'data-group': group }, [
          element('span', { class: 'catalog-group-kind', text: 'Previews' }),
          element('span', { class: 'catalog-group-name', text: group }),
        ]);
        this.#headings.push({ item: heading, group });
        items.push(heading);
      }
      const summary = preview ? previewPlace(preview) : component.summary;
      const button = element('button', { type: 'button', class: 'component', 'data-component': component.name }, [
        element('span', { class: 'component-title', text: component.title || component.name }),
        summary ? element('span', { class: 'component-summary', text: summary }) : null,
      ]);
      const item = element('li', preview ? { 'data-in-group': preview.group } : {}, [button]);
      this.#rows.push({ name: component.name, item, button, text: searchText(component), group: preview ? preview.group : null });
      this.#buttons.set(component.name, button);
      items.push(item);
    }
    this.#hidden = this.#rows.map(() => false);
    this.#list.replaceChildren(...items);
    const current = this.#current;
    this.#current = null;
    this.setCurrent(current);
    this.#render();
  }

  setCurrent(name) {
    if (this.#current !== null) this.#buttons.get(this.#current)?.removeAttribute('aria-current');
    this.#current = name;
    if (name !== null) this.#buttons.get(name)?.setAttribute('aria-current', 'page');
  }

  #render() {
    const next = hiddenRows(this.#rows.map((row) => row.text), this.#filter.value);
    for (const index of changedRows(this.#hidden, next)) this.#rows[index].item.hidden = next[index];
    this.#hidden = next;
    const groupsShown = new Set(this.#rows.filter((row, index) => !next[index] && row.group !== null).map((row) => row.group));
    for (const heading of this.#headings) {
      const hidden = !groupsShown.has(heading.group);
      if (heading.item.hidden !== hidden) heading.item.hidden = hidden;
    }
    this.#empty.hidden = next.some((hidden) => !hidden) || this.#components.length === 0;
  }

  #select(name) {
    this.dispatchEvent(new CustomEvent('select', { detail: { name } }));
  }
}

/** The filter's words: lower case, split on white space. */
export function filterWords(query) {
  return String(query ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean);
}

/** For each row's search text, whether the filter `query` hides it: every word must be in it. */
export function hiddenRows(texts, query) {
  const words = filterWords(query);
  return texts.map((text) => !words.every((word) => text.includes(word)));
}

/** The rows whose hidden flag differs between `before` and `after`: the only ones a keystroke touches. */
export function changedRows(before, after) {
  const changed = [];
  for (let index = 0; index < after.length; index += 1) if (before[index] !== after[index]) changed.push(index);
  return changed;
}

/** "line 12 · size that fits": where a preview is declared and how it asks to be laid out. */
export function previewPlace(preview) {
  const parts = [];
  if (preview.line !== undefined) parts.push(`line ${preview.line}`);
  const traits = preview.traits ?? {};
  if (traits.layout === 'sizeThatFits') parts.push('size that fits');
  else if (traits.layout === 'fixed') parts.push(`${traits.width} × ${traits.height}`);
  if (traits.orientation && traits.orientation !== 'portrait') parts.push(traits.orientation.replace(/([A-Z])/g, ' $1').toLowerCase());
  return parts.join(' · ');
}

/** What the filter matches an entry against: names, summary, and a preview's group and file. */
export function searchText(component) {
  const preview = component.preview;
  const extra = preview ? ` ${preview.group} ${preview.file ?? ''} preview` : '';
  return `${component.name} ${component.title ?? ''} ${component.summary ?? ''}${extra}`.toLowerCase();
}
