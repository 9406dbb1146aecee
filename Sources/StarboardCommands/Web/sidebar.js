// The component list as a drawer on narrow windows. Above the wide breakpoint
// the sidebar is a column and the toggle is hidden (style.css); below it the
// toggle opens the list over the page, and choosing a component, Escape or a
// click outside closes it again, giving focus back to the toggle.

const NARROW = '(max-width: 1100px)';

export class Sidebar {
  #toggle;
  #panel;
  #filter;
  #narrow;

  constructor({ toggle, panel, filter }) {
    this.#toggle = toggle;
    this.#panel = panel;
    this.#filter = filter;
    this.#narrow = window.matchMedia(NARROW);
    toggle.addEventListener('click', () => (this.isOpen ? this.close() : this.open({ focus: true })));
    panel.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.isOpen && this.#narrow.matches && event.target !== filter) this.close({ focus: true });
    });
    document.addEventListener('pointerdown', (event) => {
      if (this.isOpen && this.#narrow.matches && !panel.contains(event.target) && !toggle.contains(event.target)) this.close();
    });
    this.#narrow.addEventListener('change', () => this.close());
    // "/" jumps to the component filter, opening the drawer on a narrow window.
    document.addEventListener('keydown', (event) => {
      if (event.key !== '/' || event.metaKey || event.ctrlKey || event.altKey) return;
      if (event.target.closest?.('input, textarea, select, [contenteditable]')) return;
      event.preventDefault();
      this.open();
      filter.focus();
    });
  }

  get isOpen() { return this.#panel.dataset.open === 'true'; }

  open({ focus = false } = {}) {
    if (!this.#narrow.matches) return;
    this.#panel.dataset.open = 'true';
    this.#toggle.setAttribute('aria-expanded', 'true');
    if (focus) this.#filter.focus();
  }

  close({ focus = false } = {}) {
    const wasOpen = this.isOpen;
    delete this.#panel.dataset.open;
    this.#toggle.setAttribute('aria-expanded', 'false');
    if (wasOpen && focus) this.#toggle.focus();
  }

  /** A component was chosen from the list: on a narrow window the drawer has done its job. */
  chosen() {
    if (this.#narrow.matches && this.isOpen) this.close({ focus: true });
  }
}
