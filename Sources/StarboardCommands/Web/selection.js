// The selected view, under the canvas in select mode: its breadcrumb (the view
// types from the root down, as the renderer named them; a crumb selects that
// ancestor), its frame in points, its types with their modifiers, and the
// accessibility element it belongs to (label, value, hint, traits).
//
// "Affected by" lists the inspectable properties whose other values change
// what the view's frame shows (worked out by affects.js from previews: each
// property at its lowest and highest value, or its other choices); it fills in
// when those renders have come.
//
// Crumbs are `#breadcrumb button[data-view=INDEX]`, the last with aria-current.
// Events: "pick" (detail: {index}).

import { element } from './controls.js';
import { elementFor, viewName } from './viewtree.js';

export class SelectionPanel extends EventTarget {
  #root; #crumbs; #details;

  constructor({ root, crumbs, details }) {
    super();
    this.#root = root;
    this.#crumbs = crumbs;
    this.#details = details;
    crumbs.addEventListener('click', (event) => {
      const button = event.target.closest('button[data-view]');
      if (button) this.dispatchEvent(new CustomEvent('pick', { detail: { index: Number(button.dataset.view) } }));
    });
  }

  /** Shows `view` (with its `path` from the root) and its accessibility element among `elements`. */
  show(view, path, elements) {
    if (!view) {
      this.#crumbs.replaceChildren(element('li', { class: 'empty-note', text: 'Click a view in the preview to select it.' }));
      this.#details.replaceChildren();
      this.#root.dataset.selected = 'false';
      return;
    }
    this.#root.dataset.selected = 'true';
    this.#crumbs.replaceChildren(...path.map((step) => element('li', {}, [
      element('button', {
        type: 'button', class: 'crumb', 'data-view': step.index, title: step.types.join(' › '),
        'aria-current': step === view ? 'true' : null,
      }, [element('span', { text: viewName(step) })]),
    ])));
    const f = view.frame;
    const facts = [
      ['Frame', `${n(f.width)} × ${n(f.height)} pt at ${n(f.x)}, ${n(f.y)}`],
      ['Views', view.types.join(' › ')],
      ['Affected by', 'working it out…'],
    ];
    const owner = elementFor(elements, f);
    if (owner) {
      facts.push(['Element', owner.id]);
      facts.push(['Label', owner.label || 'none']);
      if (owner.value) facts.push(['Value', owner.value]);
      if (owner.hint) facts.push(['Hint', owner.hint]);
      const traits = [...(owner.traits ?? []), ...(owner.tappable ? ['tappable'] : [])];
      if (traits.length) facts.push(['Traits', traits.join(', ')]);
    } else {
      facts.push(['Accessibility', 'not part of an accessibility element']);
    }
    this.#details.replaceChildren(...facts.flatMap(([term, text]) => [
      element('dt', { text: term }), element('dd', { text, 'data-fact': term.toLowerCase() }),
    ]));
  }

  /**
   * Fills in "Affected by": the labels of the properties that change the view,
   * or null when they could not be worked out.
   */
  showAffecting(labels) {
    const fact = this.#details.querySelector('[data-fact="affected by"]');
    if (!fact) return;
    fact.textContent = labels === null ? 'could not be worked out'
      : labels.length ? labels.join(', ') : 'none of the inspectable properties, at the values tried';
    fact.title = 'Each property was previewed at its lowest and highest value (or its other choices); '
      + 'listed are those whose renders draw differently inside this view’s frame.';
  }
}

function n(number) {
  return Number.isInteger(number) ? String(number) : number.toFixed(1);
}
