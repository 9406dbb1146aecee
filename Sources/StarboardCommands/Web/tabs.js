// The Canvas / Docs tabs above the center pane. The pane's `data-view` says
// which is shown (style.css hides the other's parts); arrow keys move between
// the tabs as in any tab list.
//
// Events: "change" (detail: {view: 'canvas' | 'docs'}).

export class ViewTabs extends EventTarget {
  #pane;
  #tabs;
  #docs;

  constructor({ pane, canvasTab, docsTab, docs }) {
    super();
    this.#pane = pane;
    this.#tabs = [canvasTab, docsTab];
    this.#docs = docs;
    canvasTab.dataset.view = 'canvas';
    docsTab.dataset.view = 'docs';
    for (const tab of this.#tabs) {
      tab.addEventListener('click', () => this.show(tab.dataset.view, { focus: true }));
      tab.addEventListener('keydown', (event) => {
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
        event.preventDefault();
        const other = this.#tabs.find((t) => t !== tab);
        this.show(other.dataset.view, { focus: true });
      });
    }
  }

  get view() { return this.#pane.dataset.view; }

  show(view, { focus = false } = {}) {
    const changed = view !== this.view;
    this.#pane.dataset.view = view;
    this.#docs.hidden = view !== 'docs';
    for (const tab of this.#tabs) {
      const selected = tab.dataset.view === view;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      if (selected && focus) tab.focus();
    }
    if (changed) this.dispatchEvent(new CustomEvent('change', { detail: { view } }));
  }
}
