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

  constructor({ list, filter, empty }) {
    super();
    this.#list = list;
    this.#filter = filter;
    this.#empty = empty;
    filter.addEventListener('input', () => this.#render());
    filter.addEventListener('keydown', (event) => {
      // Enter picks the first match; Escape clears the filter.
      if (event.key === 'Enter') {
        // The first match: items that do not match are hidden <li>s, not hidden buttons.
        const first = this.#list.querySelector('li:not([hidden]) button[data-component]');
        if (first) this.#select(first.dataset.component);
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
      const buttons = [...list.querySelectorAll('button[data-component]')].filter((b) => !b.closest('li').hidden);
      const index = buttons.indexOf(document.activeElement);
      if (index < 0) return;
      event.preventDefault();
      buttons[(index + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length].focus();
    });
  }

  setComponents(components) {
    this.#components = components;
    const items = [];
    let group = null;
    for (const component of components) {
      const preview = component.preview;
      if (preview && preview.group !== group) {
        group = preview.group;
        items.push(element('li', { class: 'catalog-group', 'data-group': group }, [
          element('span', { class: 'catalog-group-kind', text: 'Previews' }),
          element('span', { class: 'catalog-group-name', text: group }),
        ]));
      }
      const summary = preview ? previewPlace(preview) : component.summary;
      const button = element('button', { type: 'button', class: 'component', 'data-component': component.name }, [
        element('span', { class: 'component-title', text: component.title || component.name }),
        summary ? element('span', { class: 'component-summary', text: summary }) : null,
      ]);
      items.push(element('li', preview ? { 'data-in-group': preview.group } : {}, [button]));
    }
    this.#list.replaceChildren(...items);
    this.setCurrent(this.#current);
    this.#render();
  }

  setCurrent(name) {
    this.#current = name;
    for (const button of this.#list.querySelectorAll('button[data-component]')) {
      if (button.dataset.component === name) button.setAttribute('aria-current', 'page');
      else button.removeAttribute('aria-current');
    }
  }

  #render() {
    const words = this.#filter.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    const groupsShown = new Set();
    for (const item of this.#list.children) {
      const button = item.querySelector('button');
      if (!button) continue;
      const component = this.#components.find((c) => c.name === button.dataset.component);
      item.hidden = !words.every((word) => searchText(component).includes(word));
      if (!item.hidden) {
        shown += 1;
        if (item.dataset.inGroup !== undefined) groupsShown.add(item.dataset.inGroup);
      }
    }
    for (const heading of this.#list.querySelectorAll('li.catalog-group')) {
      heading.hidden = !groupsShown.has(heading.dataset.group);
    }
    this.#empty.hidden = shown > 0 || this.#components.length === 0;
  }

  #select(name) {
    this.dispatchEvent(new CustomEvent('select', { detail: { name } }));
  }
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
