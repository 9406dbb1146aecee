// The selected view, under the canvas in select mode: its breadcrumb (the view
// types from the root down, as the renderer named them; a crumb selects that
// ancestor), its frame in points, its types with their modifiers, and the
// accessibility element it belongs to (label, value, hint, traits).
//
// "Affected by" lists the inspectable properties the view and the views inside
// it read while they were built, then those the views around it read (which can
// move or resize it): the render carries them (affects.js).
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
      ['Affected by', '…'],
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
   * Fills in "Affected by": `own`, the labels of the properties the view (or a
   * view inside it) read, and `around`, those only its containers read; null
   * when the render says nothing of it.
   */
  showAffecting(affecting) {
    const fact = this.#details.querySelector('[data-fact="affected by"]');
    if (!fact) return;
    if (affecting === null) {
      fact.textContent = 'not recorded for this render';
    } else {
      const { own, around } = affecting;
      fact.textContent = (own.length ? own.join(', ') : 'none of the inspectable properties')
        + (around.length ? ` (its containers read ${around.join(', ')})` : '');
    }
    fact.title = 'The properties this view and the views inside it read while they were built; '
      + 'in brackets those only the views containing it read, which can move or resize it.';
  }
}

function n(number) {
  return Number.isInteger(number) ? String(number) : number.toFixed(1);
}
