// The sidebar: the registered components with a filter box; the current one
// is highlighted (aria-current). Items are `button[data-component=NAME]`.
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
    this.#list.replaceChildren(...components.map((component) => {
      const button = element('button', { type: 'button', class: 'component', 'data-component': component.name }, [
        element('span', { class: 'component-title', text: component.title || component.name }),
        component.summary ? element('span', { class: 'component-summary', text: component.summary }) : null,
      ]);
      return element('li', {}, [button]);
    }));
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
    for (const item of this.#list.children) {
      const button = item.querySelector('button');
      const component = this.#components.find((c) => c.name === button.dataset.component);
      const haystack = `${component.name} ${component.title ?? ''} ${component.summary ?? ''}`.toLowerCase();
      item.hidden = !words.every((word) => haystack.includes(word));
      if (!item.hidden) shown += 1;
    }
    this.#empty.hidden = shown > 0 || this.#components.length === 0;
  }

  #select(name) {
    this.dispatchEvent(new CustomEvent('select', { detail: { name } }));
  }
}
