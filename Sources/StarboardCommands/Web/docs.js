// The docs page of a component, generated from its catalog schema and nothing
// written per component: the summary, a usage snippet in Swift, a table of its
// properties, every variant rendered, and the accessibility elements of its
// defaults. The live page shows it in the Docs tab beside the canvas; the
// static export shows the same from its data.
//
// `propertyRows` and `usageSnippet` are pure (Tests/web/docs.test.mjs); the
// snippet is type-checked against the built modules by
// Tests/e2e/page/test_swift_code.py. `DocsView` draws a model into a container:
// `#docs-properties tr[data-property=NAME]` with a cell per column
// (`td[data-column=label|name|kind|default|allowed|step|help]`), variant figures
// `#docs-variants figure[data-variant=NAME]`, accessibility rows
// `#docs-accessibility tr[data-element=ID]`, the snippet `#docs-usage code`.

import { element } from './controls.js';
import { parseSVG, inert } from './canvas.js';
import { formatValue, labelOf, numberText } from './values.js';
import { swiftExpression, swiftImports } from './swiftcode.js';

const KIND_NAMES = {
  integer: 'Int', double: 'Double', bool: 'Bool', string: 'String', size: 'Size', point: 'Point',
  color: 'Color', angle: 'Angle', choice: 'choice', date: 'CalendarDate',
};

/** One row of the property table per property, in declaration order, as text. */
export function propertyRows(component) {
  const byName = new Map((component.properties ?? []).map((p) => [p.name, p]));
  return (component.properties ?? []).map((property) => {
    const c = property.constraints ?? {};
    const unit = property.kind === 'angle' ? '°' : '';
    const allowed = [];
    const hasMin = typeof c.min === 'number';
    const hasMax = typeof c.max === 'number';
    const each = property.kind === 'size' || property.kind === 'point' ? 'each ' : '';
    if (hasMin && hasMax) allowed.push(`${each}${numberText(c.min)}${unit} to ${numberText(c.max)}${unit}`);
    else if (hasMin) allowed.push(`${each}at least ${numberText(c.min)}${unit}`);
    else if (hasMax) allowed.push(`${each}at most ${numberText(c.max)}${unit}`);
    if (typeof c.maxLength === 'number') allowed.push(`up to ${c.maxLength} characters`);
    if (Array.isArray(c.options)) allowed.push(c.options.map((o) => o.label && o.label !== o.value ? `${o.label} (${o.value})` : o.value).join(', '));
    let bound = '';
    if (c.maxProperty) bound = `at most ${labelOf(byName.get(c.maxProperty) ?? { name: c.maxProperty })}`;
    if (c.belowProperty) bound = `below ${labelOf(byName.get(c.belowProperty) ?? { name: c.belowProperty })}`;
    if (bound) allowed.push(bound);
    const kind = property.kind === 'choice' && Array.isArray(c.options) ? `choice of ${c.options.length}` : KIND_NAMES[property.kind] ?? property.kind;
    return {
      name: property.name,
      label: labelOf(property),
      kind,
      default: formatValue(property, property.default),
      allowed: allowed.join('; ') || (property.kind === 'bool' ? 'on or off' : 'any'),
      bound,
      step: typeof c.step === 'number' ? `${numberText(c.step)}${unit}` : '',
      help: property.help ?? '',
    };
  });
}

/** A Swift identifier from a variant's name, for the snippet's comments: nothing to escape there. */
function commentText(text) {
  return String(text).replace(/[\r\n]+/g, ' ').replace(/\*\//g, '* /');
}

/**
 * A SwiftUI view that shows the component at its defaults and as each
 * declared variant, spelled as Copy as Swift spells values. It compiles in the
 * module that declares the component (its memberwise initializer is internal).
 */
export function usageSnippet(component) {
  const defaults = Object.fromEntries((component.properties ?? []).map((p) => [p.name, p.default]));
  const lines = [
    ...swiftImports(component),
    '',
    `/// ${commentText(component.title || component.name)} at its defaults and as each of its variants.`,
    `struct ${component.swiftType ?? component.name}Usage: View {`,
    '    var body: some View {',
    '        VStack(spacing: 16) {',
    `            ${swiftExpression(component, defaults)}`,
  ];
  const seen = new Set([swiftExpression(component, defaults)]);
  for (const variant of component.variants ?? []) {
    const expression = swiftExpression(component, { ...defaults, ...(variant.values ?? {}) });
    lines.push(`            // ${commentText(variant.name)}${seen.has(expression) ? ' (the defaults)' : ''}`);
    if (!seen.has(expression)) lines.push(`            ${expression}`);
    seen.add(expression);
  }
  lines.push('        }', '    }', '}');
  return `${lines.join('\n')}\n`;
}

/**
 * Draws a component's docs into `root`. `renders`: {defaults: {svg,
 * accessibility} or null while it is on its way, variants: [{name, svg}] or
 * null, error: text when the defaults could not be rendered}.
 */
export class DocsView extends EventTarget {
  #root;
  #key = null;
  #rendersKey = null;

  constructor(root) {
    super();
    this.#root = root;
    root.addEventListener('click', (event) => {
      const button = event.target.closest('[data-copy-snippet]');
      if (!button) return;
      const code = root.querySelector('#docs-usage code')?.textContent ?? '';
      this.dispatchEvent(new CustomEvent('copy', { detail: { code } }));
    });
  }

  /**
   * Shows `component`'s docs. The page is built again only for another
   * component (or schema); new renders replace only the variants and the
   * accessibility table, so reading, scrolling or focus elsewhere is kept.
   */
  show(component, renders = {}) {
    if (!component) {
      this.#root.replaceChildren();
      this.#key = null;
      this.#rendersKey = null;
      return;
    }
    const key = JSON.stringify(component);
    if (key !== this.#key) {
      this.#key = key;
      this.#rendersKey = null;
      this.#build(component);
    }
    const rendersKey = JSON.stringify(renders);
    if (rendersKey === this.#rendersKey) return;
    this.#rendersKey = rendersKey;
    this.#root.querySelector('#docs-variants-body').replaceChildren(this.#variants(component, renders));
    this.#root.querySelector('#docs-accessibility-body').replaceChildren(this.#accessibility(renders));
  }

  #build(component) {
    const title = component.title || component.name;
    const section = (id, heading, children) => element('section', { id, class: 'docs-section', 'aria-labelledby': `${id}-heading` }, [
      element('h3', { id: `${id}-heading`, text: heading }), ...children,
    ]);
    this.#root.replaceChildren(
      element('header', { class: 'docs-header' }, [
        element('h2', { id: 'docs-title', text: title }),
        element('code', { class: 'docs-name', text: component.name }),
        element('p', { class: 'docs-summary', text: component.summary || 'No summary.' }),
      ]),
      section('docs-usage', 'Usage', [
        element('p', { class: 'docs-note', text: `In the module that declares ${component.name}: its defaults, then each variant.` }),
        // Focusable, so a keyboard can scroll a snippet wider than the page.
        element('pre', { class: 'docs-code', tabindex: '0', 'aria-label': 'Usage snippet' }, [element('code', { text: usageSnippet(component) })]),
        element('button', { type: 'button', class: 'button small', 'data-copy-snippet': '', text: 'Copy snippet' }),
      ]),
      section('docs-properties', 'Properties', [this.#propertyTable(component)]),
      section('docs-variants', 'Variants', [element('div', { id: 'docs-variants-body' })]),
      section('docs-accessibility', 'Accessibility', [element('div', { id: 'docs-accessibility-body' })]),
    );
  }

  #propertyTable(component) {
    const rows = propertyRows(component);
    if (!rows.length) return element('p', { class: 'empty-note', text: 'No inspectable properties.' });
    const columns = [['label', 'Property'], ['name', 'Swift name'], ['kind', 'Kind'], ['default', 'Default'],
      ['allowed', 'Allowed'], ['step', 'Step'], ['help', 'Help']];
    return element('table', { class: 'docs-table' }, [
      element('thead', {}, [element('tr', {}, columns.map(([, heading]) => element('th', { scope: 'col', text: heading })))]),
      element('tbody', {}, rows.map((row) => element('tr', { 'data-property': row.name },
        columns.map(([column], index) => {
          const text = row[column];
          const cell = element(index === 0 ? 'th' : 'td', { 'data-column': column, scope: index === 0 ? 'row' : null });
          if (column === 'name') cell.append(element('code', { text }));
          else cell.textContent = text;
          if (column === 'allowed' && row.bound) cell.dataset.bound = row.bound;
          return cell;
        })))),
    ]);
  }

  #variants(component, renders) {
    const declared = component.variants ?? [];
    const svgs = new Map((renders.variants ?? []).map((v) => [v.name, v.svg]));
    const figures = [['Defaults', renders.defaults?.svg, null], ...declared.map((v) => [v.name, svgs.get(v.name), v.name])];
    return element('div', { class: 'docs-variants' }, figures.map(([name, svg, variant]) => {
      const picture = element('div', { class: 'docs-render' });
      const parsed = typeof svg === 'string' ? parseSVG(svg) : null;
      if (parsed) picture.append(inert(parsed));
      else picture.append(element('span', { class: 'empty-note', text: renders.error && !variant ? renders.error : 'Rendering…' }));
      const values = variant ? declared.find((v) => v.name === variant)?.values ?? {} : {};
      const detail = Object.entries(values).map(([name, value]) => {
        const property = component.properties.find((p) => p.name === name);
        return property ? `${labelOf(property)} ${formatValue(property, value)}` : name;
      }).join(', ');
      return element('figure', { class: 'docs-figure', 'data-variant': variant ?? null, 'data-defaults': variant ? null : '', 'data-rendered': String(Boolean(parsed)) }, [
        picture,
        element('figcaption', {}, [element('strong', { text: name }), detail ? element('span', { text: detail }) : null]),
      ]);
    }));
  }

  #accessibility(renders) {
    if (!renders.defaults) return element('p', { class: 'empty-note', text: renders.error || 'Rendering…' });
    const items = renders.defaults.accessibility ?? [];
    if (!items.length) return element('p', { class: 'empty-note', text: 'No accessibility elements at the defaults.' });
    const columns = [['label', 'Label'], ['value', 'Value'], ['hint', 'Hint'], ['traits', 'Traits'], ['id', 'Identifier']];
    return element('table', { class: 'docs-table' }, [
      element('caption', { text: 'At the defaults, in reading order.' }),
      element('thead', {}, [element('tr', {}, columns.map(([, heading]) => element('th', { scope: 'col', text: heading })))]),
      element('tbody', {}, items.map((item) => element('tr', { 'data-element': item.id }, columns.map(([column]) => {
        let text = item[column];
        if (column === 'traits') text = [...(item.traits ?? []), ...(item.tappable ? ['tappable'] : [])].join(', ');
        const cell = element('td', { 'data-column': column });
        if (column === 'id') cell.append(element('code', { text: text ?? '' }));
        else cell.textContent = text || '–';
        return cell;
      })))),
    ]);
  }
}
