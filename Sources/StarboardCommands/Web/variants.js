// Variants under the preview: the component's declared variants, rendered by
// the server and labelled, and the "vary" row, which previews one property
// across a range (e.g. starCount 1…8, hueRotation 0…315 by 45) with `preview`
// requests. Previews are applied on top of the current values, so the row is
// refreshed when the values change.
//
// Declared cards are `#variant-list .variant[data-variant=NAME]`; vary cards
// are `#vary-list .variant[data-vary-value=JSON]`.
// Events: "apply" (detail: {variant: name, values} or {values} for a vary card).

import { element } from './controls.js';
import { parseSVG, sizeOf } from './canvas.js';
import { formatValue, labelOf, lowerBound, numberText, sameValue, stepOf, tidy, upperBound } from './values.js';

const THUMB_WIDTH = 180;
const THUMB_HEIGHT = 76;
const MAX_VARY_CELLS = 24;
const VARIABLE_KINDS = new Set(['integer', 'double', 'angle', 'bool', 'choice']);

export class Variants extends EventTarget {
  #connection;
  #ui;
  #component = null;
  #values = {};
  #declared = [];
  #declaredKey = null;
  #generation = 0;
  #timer = 0;
  #trueScale = false;

  constructor(connection, ui) {
    super();
    this.#connection = connection;
    this.#ui = ui;
    ui.list.addEventListener('click', (event) => {
      const card = event.target.closest('[data-variant]');
      if (!card) return;
      const variant = this.#component?.variants?.find((v) => v.name === card.dataset.variant);
      if (variant) this.dispatchEvent(new CustomEvent('apply', { detail: { variant: variant.name, values: variant.values ?? {} } }));
    });
    ui.varyList.addEventListener('click', (event) => {
      const card = event.target.closest('[data-vary-value]');
      if (!card || card.classList.contains('failed')) return;
      this.dispatchEvent(new CustomEvent('apply', { detail: { values: { [card.dataset.varyProperty]: JSON.parse(card.dataset.varyValue) } } }));
    });
    ui.property.addEventListener('change', () => { this.#fillRange(); this.#vary(); });
    for (const input of [ui.from, ui.to, ui.step]) {
      input.addEventListener('input', () => this.#scheduleVary(250));
      input.addEventListener('keydown', (event) => {
        if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
        event.preventDefault();
        const base = Number(input.value) || 0;
        const delta = (event.key === 'ArrowUp' ? 1 : -1) * (event.shiftKey ? 10 : 1);
        input.value = String(tidy(base + delta * (input === ui.step ? 1 : this.#stepHint())));
        this.#scheduleVary(150);
      });
    }
    ui.form.addEventListener('submit', (event) => { event.preventDefault(); this.#vary(); });
  }

  /** Switches to a catalog component (or none). */
  setComponent(component) {
    this.#component = component;
    this.#rendered = null;
    this.#values = {};
    this.#declared = [];
    this.#declaredKey = null;
    this.#generation += 1;
    this.#ui.list.replaceChildren();
    this.#ui.varyList.replaceChildren();
    this.#ui.varyList.hidden = true;
    this.#ui.message.textContent = '';
    const options = [element('option', { value: '', text: 'Choose…' })];
    for (const property of component?.properties ?? []) {
      if (VARIABLE_KINDS.has(property.kind)) options.push(element('option', { value: property.name, text: property.label ?? property.name }));
    }
    this.#ui.property.replaceChildren(...options);
    this.#ui.property.disabled = options.length === 1;
    this.#fillRange();
  }

  /** The server's renders of the declared variants (kept when a render omits them). */
  showDeclared(rendered) {
    if (rendered) this.#rendered = rendered;
    const declared = this.#component?.variants ?? [];
    const svgs = new Map((rendered ?? []).map((v) => [v.name, v.svg]));
    const key = JSON.stringify([this.#trueScale, ...svgs]);
    if (key === this.#declaredKey) return;
    this.#declaredKey = key;
    this.#ui.list.replaceChildren(...declared.map((variant) => card({
      label: variant.name,
      detail: describe(this.#component, variant.values),
      svg: svgs.get(variant.name),
      trueScale: this.#trueScale,
      attributes: { 'data-variant': variant.name, 'aria-label': `Apply variant ${variant.name}` },
    })));
    this.#markCurrent();
  }

  /** Current values changed: previews in the vary row are out of date. */
  valuesChanged(values) {
    this.#values = values;
    this.#markCurrent();
    if (this.#ui.property.value) this.#scheduleVary(120);
    else this.#fillRange(true);
  }

  /**
   * The environment previews are drawn in (as requests carry it); the declared
   * cards come with the subscription, which carries it too.
   */
  setEnvironment(wire) {
    const key = JSON.stringify(wire ?? {});
    if (key === JSON.stringify(this.#environment)) return;
    this.#environment = wire ?? {};
    if (this.#component && this.#ui.property.value) this.#scheduleVary(0);
  }

  #environment = {};

  /** Draws cards at 1 pt = 1 px (true) or each fitted into the card (false). */
  setTrueScale(on) {
    if (this.#trueScale === on) return;
    this.#trueScale = on;
    this.#declaredKey = null;
    this.#ui.list.dataset.trueScale = String(on);
    this.#ui.varyList.dataset.trueScale = String(on);
    if (this.#component) {
      this.showDeclared(this.#rendered);
      if (this.#ui.property.value) this.#vary();
    }
  }

  #rendered = null;

  #environmentField() {
    return Object.keys(this.#environment).length ? { environment: this.#environment } : {};
  }

  /**
   * Marks the declared variant whose values are exactly the current values
   * (`aria-current`), and says which one that is, or that none is.
   */
  #markCurrent() {
    const component = this.#component;
    if (!component) return;
    const values = this.#values;
    const matches = (variant) => component.properties.every((property) => {
      const wanted = property.name in (variant.values ?? {}) ? variant.values[property.name] : property.default;
      return !(property.name in values) || sameValue(property, values[property.name], wanted);
    });
    const current = Object.keys(values).length ? (component.variants ?? []).find(matches) : undefined;
    for (const node of this.#ui.list.querySelectorAll('[data-variant]')) {
      if (current && node.dataset.variant === current.name) node.setAttribute('aria-current', 'true');
      else node.removeAttribute('aria-current');
    }
    const atDefaults = component.properties.every((p) => !(p.name in values) || sameValue(p, values[p.name], p.default));
    let text = '';
    if (Object.keys(values).length) {
      if (current) text = `Showing: ${current.name}`;
      else if (atDefaults) text = 'Showing: the defaults';
      else text = 'Showing: your own values';
    }
    if (this.#ui.current && this.#ui.current.textContent !== text) this.#ui.current.textContent = text;
  }

  #property() {
    return this.#component?.properties.find((p) => p.name === this.#ui.property.value) ?? null;
  }

  #stepHint() {
    const property = this.#property();
    return property ? stepOf(property) : 1;
  }

  /** Suggests a range for the chosen property. */
  #fillRange(onlyIfEmpty = false) {
    const property = this.#property();
    const numeric = property && ['integer', 'double', 'angle'].includes(property.kind);
    this.#ui.range.hidden = !numeric;
    if (!numeric || (onlyIfEmpty && this.#ui.from.value)) return;
    const min = lowerBound(property);
    const max = upperBound(property, this.#values);
    let from = min ?? 0;
    let to;
    let step;
    if (property.kind === 'angle') {
      step = property.constraints?.step && property.constraints.step >= 15 ? property.constraints.step : 45;
      to = (max ?? 360) >= 360 ? 360 - step : max;
    } else if (property.kind === 'integer') {
      step = stepOf(property);
      to = Math.min(max ?? from + 7 * step, from + 7 * step);
    } else {
      to = max ?? from + 1;
      step = tidy((to - from) / 4) || 1;
    }
    this.#ui.from.value = String(from);
    this.#ui.to.value = String(to);
    this.#ui.step.value = String(step);
  }

  #samples(property) {
    if (property.kind === 'bool') return [false, true];
    if (property.kind === 'choice') return (property.constraints?.options ?? []).map((o) => o.value);
    const from = Number(this.#ui.from.value);
    const to = Number(this.#ui.to.value);
    const step = Math.abs(Number(this.#ui.step.value));
    if (![from, to, step].every(Number.isFinite) || this.#ui.from.value === '' || this.#ui.to.value === '') {
      throw new Error('Enter numbers for from, to and by.');
    }
    if (step === 0) throw new Error('The step must not be zero.');
    // Only values the property can take: inside its bounds (a linked bound at its current value).
    const min = lowerBound(property);
    const max = upperBound(property, this.#values);
    const clamp = (n) => Math.min(Math.max(n, min ?? -Infinity), max ?? Infinity);
    const low = clamp(Math.min(from, to));
    const high = clamp(Math.max(from, to));
    const samples = [];
    const direction = to >= from ? 1 : -1;
    for (let i = 0; samples.length <= MAX_VARY_CELLS; i += 1) {
      const value = tidy(from + direction * i * step);
      if (direction > 0 ? value > to + 1e-9 : value < to - 1e-9) break;
      if (value < low - 1e-9 || value > high + 1e-9) continue;
      samples.push(property.kind === 'integer' ? Math.round(value) : value);
    }
    if (samples.length > MAX_VARY_CELLS) throw new Error(`That is more than ${MAX_VARY_CELLS} previews; use a larger step.`);
    const unit = property.kind === 'angle' ? '°' : '';
    const bounds = `${numberText(min ?? -Infinity)}${unit} to ${numberText(max ?? Infinity)}${unit}`;
    if (!samples.length) throw new Error(`${labelOf(property)} goes from ${bounds}; nothing in that range.`);
    this.#note = low !== Math.min(from, to) || high !== Math.max(from, to)
      ? `${labelOf(property)} goes from ${bounds}; showing only those values.`
      : '';
    return samples;
  }

  #note = '';

  #scheduleVary(delay) {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#vary(), delay);
  }

  async #vary() {
    clearTimeout(this.#timer);
    const generation = ++this.#generation;
    const property = this.#property();
    const ui = this.#ui;
    if (!property || !this.#component) {
      ui.varyList.replaceChildren();
      ui.varyList.hidden = true;
      ui.message.textContent = '';
      return;
    }
    let samples;
    this.#note = '';
    try {
      samples = this.#samples(property);
    } catch (error) {
      ui.message.textContent = error.message;
      ui.message.dataset.kind = 'error';
      return;
    }
    ui.message.textContent = this.#note;
    ui.message.dataset.kind = this.#note ? 'note' : '';
    ui.varyList.hidden = false;
    ui.varyList.setAttribute('aria-busy', 'true');
    const component = this.#component.name;
    const results = await Promise.all(samples.map((value) => this.#connection
      .request({ type: 'preview', component, values: { [property.name]: value }, ...this.#environmentField() })
      .then((reply) => ({ value, svg: reply.svg }), (error) => ({ value, error }))));
    if (generation !== this.#generation) return;
    ui.varyList.removeAttribute('aria-busy');
    ui.varyList.replaceChildren(...results.map(({ value, svg, error }) => card({
      label: `${property.label ?? property.name} ${formatValue(property, value)}`,
      svg,
      trueScale: this.#trueScale,
      error: error?.message,
      attributes: {
        'data-vary-property': property.name,
        'data-vary-value': JSON.stringify(value),
        'aria-label': `Set ${property.label ?? property.name} to ${formatValue(property, value)}`,
        class: error ? 'failed' : null,
      },
    })));
  }
}

/**
 * A clickable, labelled thumbnail. Fitted, each render is scaled into the card
 * on its own; at true scale every card is drawn at 1 pt = 1 px, so a larger
 * value that draws a larger component shows larger.
 */
export function card({ label, detail, svg, error, attributes, trueScale = false, tag = 'button' }) {
  const thumb = element('span', { class: 'variant-thumb', 'aria-hidden': 'true' });
  const parsed = svg ? parseSVG(svg) : null;
  if (parsed) {
    const { width, height } = sizeOf(parsed);
    const scale = trueScale ? 1 : Math.min(THUMB_WIDTH / width, THUMB_HEIGHT / height, 2);
    parsed.style.width = `${width * scale}px`;
    parsed.style.height = `${height * scale}px`;
    // Thumbnails are pictures, not controls: the card is the button.
    for (const node of parsed.querySelectorAll('[data-tap],[role],[aria-label],[tabindex]')) {
      node.removeAttribute('data-tap');
      node.removeAttribute('tabindex');
    }
    thumb.append(parsed);
  } else {
    thumb.append(element('span', { class: 'variant-missing', text: error ?? 'Not rendered' }));
  }
  const { class: extra, ...rest } = attributes;
  return element(tag, { type: 'button', class: `variant${extra ? ` ${extra}` : ''}`, ...rest, title: error ?? detail ?? label }, [
    thumb,
    element('span', { class: 'variant-label', text: label }),
  ]);
}

export function describe(component, values) {
  if (!component || !values) return '';
  return Object.entries(values).map(([name, value]) => {
    const property = component.properties.find((p) => p.name === name);
    return property ? `${property.label ?? name}: ${formatValue(property, value)}` : `${name}: ${JSON.stringify(value)}`;
  }).join(', ');
}
