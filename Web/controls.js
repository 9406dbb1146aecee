// One editor per property kind: the form controls inside an inspector row.
//
// createEditor(property, context) returns
//   { root, inputs, setValue(value, values), setBounds(values) }
// and calls context.emit(value) whenever the user changes the value. A control
// that has focus is never overwritten by setValue: the user is editing it.
// Text a control cannot turn into a value (say "abc" in a number field) is
// emitted as typed when committed, so the server's error message shows at the
// field instead of the input vanishing.

import { HEX_COLOR, lowerBound, normalizeColor, stepOf, tidy, upperBound } from './values.js';

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function createEditor(property, context) {
  const make = EDITORS[property.kind] ?? stringEditor;
  return make(property, context);
}

const EDITORS = {
  integer: (p, c) => numericEditor(p, c, { integer: true }),
  double: (p, c) => numericEditor(p, c, { integer: false }),
  angle: (p, c) => numericEditor(p, c, { integer: false, angle: true }),
  bool: boolEditor,
  string: stringEditor,
  size: (p, c) => pairEditor(p, c, ['width', 'height'], ['W', 'H']),
  point: (p, c) => pairEditor(p, c, ['x', 'y'], ['X', 'Y']),
  color: colorEditor,
  choice: choiceEditor,
  date: dateEditor,
};

// Helpers

function element(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'class') node.className = value;
    else if (name === 'text') node.textContent = value;
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function isEditing(node) {
  return document.activeElement === node || node.contains?.(document.activeElement);
}

/** Sets a control's text unless the user is editing it. */
function assign(input, text) {
  if (isEditing(input)) return;
  if (input.value !== text) input.value = text;
}

function parseNumber(text, integer) {
  const trimmed = text.trim();
  if (!(integer ? INTEGER : DECIMAL).test(trimmed)) return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : null;
}

function clamp(number, min, max) {
  if (min !== null && number < min) return min;
  if (max !== null && number > max) return max;
  return number;
}

/** The factor arrow keys and the stepper apply: Shift nudges ten steps. */
function nudgeFactor(event) {
  return event.shiftKey ? 10 : 1;
}

/**
 * A text field for a number: sends while typing when the text is a number,
 * sends the raw text on commit otherwise; arrow keys nudge by `step()`.
 */
function numberField({ id, label, integer, step, bounds, current, onValue, suffix }) {
  const input = element('input', {
    id, class: 'field num', type: 'text', inputmode: integer ? 'numeric' : 'decimal',
    'aria-label': label, autocomplete: 'off', spellcheck: 'false', size: 6,
  });
  let lastSent = null;
  const send = (value) => {
    const key = String(value);
    if (key === lastSent) return;
    lastSent = key;
    onValue(value);
  };
  input.addEventListener('input', () => {
    const number = parseNumber(input.value, integer);
    if (number !== null) send(number);
  });
  const commit = () => {
    const number = parseNumber(input.value, integer);
    send(number !== null ? number : input.value);
  };
  input.addEventListener('change', commit);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') { event.preventDefault(); commit(); return; }
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const direction = event.key === 'ArrowUp' ? 1 : -1;
    nudge(direction * nudgeFactor(event));
  });
  const nudge = (steps) => {
    const base = parseNumber(input.value, integer) ?? current() ?? 0;
    const { min, max } = bounds();
    const next = tidy(clamp(base + steps * step(), min, max));
    input.value = String(next);
    send(next);
  };
  const wrap = suffix ? element('span', { class: 'with-suffix' }, [input, element('span', { class: 'suffix', 'aria-hidden': 'true', text: suffix })]) : input;
  return {
    root: wrap,
    input,
    nudge,
    set(number) {
      if (isEditing(input)) return;
      lastSent = null;
      assign(input, number == null ? '' : String(number));
    },
  };
}

function slider({ id, label, min, max, step, onValue }) {
  const input = element('input', { id, class: 'slider', type: 'range', min, max, step, 'aria-label': label });
  input.addEventListener('input', () => onValue(Number(input.value)));
  input.addEventListener('keydown', (event) => {
    // Native arrows move one step; Shift moves ten.
    if (!event.shiftKey || !['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].includes(event.key)) return;
    event.preventDefault();
    const direction = event.key === 'ArrowUp' || event.key === 'ArrowRight' ? 1 : -1;
    const next = clamp(tidy(Number(input.value) + direction * 10 * Number(input.step || 1)), Number(input.min), Number(input.max));
    input.value = String(next);
    onValue(next);
  });
  return {
    input,
    set(number) { if (typeof number === 'number') assign(input, String(number)); },
    setRange(lo, hi) {
      if (lo !== null) input.min = String(lo);
      if (hi !== null) input.max = String(hi);
    },
  };
}

// Editors

function numericEditor(property, { id, emit, values }, { integer, angle = false }) {
  const c = property.constraints ?? {};
  const bounds = () => ({ min: lowerBound(property) ?? (angle ? null : null), max: upperBound(property, values()) });
  const step = () => stepOf(property);
  const root = element('div', { class: 'editor numeric' });
  const inputs = [];
  let current = property.default;

  const field = numberField({
    id, label: property.label, integer, step, bounds, current: () => current,
    suffix: angle ? '°' : null,
    onValue: (value) => { if (typeof value === 'number') range?.set(value); emit(value); },
  });

  let range = null;
  const { min, max } = bounds();
  const sliderMin = angle ? (min ?? 0) : min;
  const sliderMax = angle ? (max ?? 360) : max;
  if (sliderMin !== null && sliderMax !== null) {
    range = slider({
      id: `${id}-slider`, label: `${property.label} slider`, min: sliderMin, max: sliderMax, step: c.step ?? (integer ? 1 : angle ? 1 : (sliderMax - sliderMin) / 100),
      onValue: (value) => { current = value; field.input.value = String(value); emit(value); },
    });
    root.append(range.input);
    inputs.push(range.input);
  }
  if (integer) {
    const minus = element('button', { type: 'button', class: 'step', 'aria-label': `Decrease ${property.label}`, text: '−' });
    const plus = element('button', { type: 'button', class: 'step', 'aria-label': `Increase ${property.label}`, text: '+' });
    minus.addEventListener('click', (event) => field.nudge(-nudgeFactor(event)));
    plus.addEventListener('click', (event) => field.nudge(nudgeFactor(event)));
    root.append(element('span', { class: 'stepper' }, [minus, field.root, plus]));
  } else {
    root.append(field.root);
  }
  inputs.unshift(field.input);
  return {
    root, inputs,
    setValue(value, all) {
      current = value;
      field.set(value);
      this.setBounds(all);
      range?.set(value);
    },
    setBounds(all) {
      if (!range) return;
      const { max: hi } = { max: upperBound(property, all) };
      range.setRange(null, angle ? (hi ?? 360) : hi);
    },
  };
}

function boolEditor(property, { id, emit }) {
  const input = element('input', { id, type: 'checkbox', role: 'switch', class: 'switch' });
  input.addEventListener('change', () => emit(input.checked));
  const state = element('span', { class: 'switch-state', 'aria-hidden': 'true' });
  const root = element('div', { class: 'editor bool' }, [input, state]);
  return {
    root, inputs: [input],
    setValue(value) {
      if (!isEditing(input)) input.checked = Boolean(value);
      state.textContent = input.checked ? 'On' : 'Off';
    },
    setBounds() {},
  };
}

function stringEditor(property, { id, emit }) {
  const maxLength = property.constraints?.maxLength;
  const input = element('input', { id, type: 'text', class: 'field text', maxlength: maxLength ?? null, spellcheck: 'false' });
  const counter = maxLength ? element('span', { class: 'counter', 'aria-hidden': 'true' }) : null;
  const count = () => { if (counter) counter.textContent = `${input.value.length}/${maxLength}`; };
  input.addEventListener('input', () => { count(); emit(input.value); });
  const root = element('div', { class: 'editor string' }, [input, counter]);
  return {
    root, inputs: [input],
    setValue(value) { assign(input, value ?? ''); count(); },
    setBounds() {},
  };
}

function pairEditor(property, { id, emit }, keys, shortNames) {
  const c = property.constraints ?? {};
  const root = element('div', { class: 'editor pair' });
  let current = { ...(property.default ?? {}) };
  const fields = keys.map((key, index) => {
    const lo = typeof c.min === 'number' ? c.min : (c.min?.[key] ?? null);
    const hi = typeof c.max === 'number' ? c.max : (c.max?.[key] ?? null);
    const field = numberField({
      id: index === 0 ? id : `${id}-${key}`,
      label: `${property.label} ${key}`,
      integer: false, step: () => (typeof c.step === 'number' ? c.step : 1),
      bounds: () => ({ min: lo, max: hi }),
      current: () => current[key],
      onValue: (value) => {
        current = { ...current, [key]: value };
        emit({ ...current });
      },
    });
    root.append(element('span', { class: 'pair-part' }, [
      element('span', { class: 'pair-name', 'aria-hidden': 'true', text: shortNames[index] }), field.root,
    ]));
    return { key, field };
  });
  return {
    root, inputs: fields.map(({ field }) => field.input),
    setValue(value) {
      if (!value) return;
      if (!fields.some(({ field }) => isEditing(field.input))) current = { ...value };
      for (const { key, field } of fields) field.set(value[key]);
    },
    setBounds() {},
  };
}

function colorEditor(property, { id, emit }) {
  const picker = element('input', { id: `${id}-picker`, type: 'color', class: 'color-well', 'aria-label': `${property.label} picker` });
  const hex = element('input', {
    id, type: 'text', class: 'field hex', 'aria-label': `${property.label} hex`, maxlength: 9, spellcheck: 'false', size: 9,
  });
  let alpha = '';
  let lastSent = null;
  const send = (value) => { if (value !== lastSent) { lastSent = value; emit(value); } };
  picker.addEventListener('input', () => {
    const value = `${picker.value.toUpperCase()}${alpha}`;
    hex.value = value;
    send(value);
  });
  const fromHex = (commit) => {
    const text = hex.value.trim();
    if (HEX_COLOR.test(text)) {
      const value = normalizeColor(text.startsWith('#') ? text : `#${text}`);
      picker.value = value.slice(0, 7).toLowerCase();
      alpha = value.slice(7);
      send(value);
    } else if (commit) {
      send(text);
    }
  };
  hex.addEventListener('input', () => fromHex(false));
  hex.addEventListener('change', () => fromHex(true));
  hex.addEventListener('keydown', (event) => { if (event.key === 'Enter') { event.preventDefault(); fromHex(true); } });
  const root = element('div', { class: 'editor color' }, [picker, hex]);
  return {
    root, inputs: [hex, picker],
    setValue(value) {
      if (typeof value !== 'string' || !HEX_COLOR.test(value)) return;
      const upper = value.toUpperCase();
      if (!isEditing(hex)) { lastSent = null; assign(hex, upper); }
      if (!isEditing(picker)) {
        picker.value = upper.slice(0, 7).toLowerCase();
        alpha = upper.slice(7);
      }
    },
    setBounds() {},
  };
}

function choiceEditor(property, { id, emit, labelId }) {
  const options = property.constraints?.options ?? [];
  if (options.length <= 4) {
    const group = element('div', { class: 'editor segmented choice', role: 'radiogroup', 'aria-labelledby': labelId });
    const radios = options.map((option, index) => {
      const radio = element('input', { type: 'radio', name: id, id: index === 0 ? id : `${id}-${index}`, value: option.value });
      radio.addEventListener('change', () => { if (radio.checked) emit(option.value); });
      group.append(element('label', { class: 'segment' }, [radio, element('span', { text: option.label ?? option.value })]));
      return radio;
    });
    return {
      root: group, inputs: radios,
      setValue(value) {
        if (isEditing(group)) return;
        for (const radio of radios) radio.checked = radio.value === value;
      },
      setBounds() {},
    };
  }
  const select = element('select', { id, class: 'field select' });
  for (const option of options) select.append(element('option', { value: option.value, text: option.label ?? option.value }));
  select.addEventListener('change', () => emit(select.value));
  return {
    root: element('div', { class: 'editor choice' }, [select]), inputs: [select],
    setValue(value) { assign(select, value); },
    setBounds() {},
  };
}

function dateEditor(property, { id, emit }) {
  const input = element('input', { id, type: 'date', class: 'field date', min: property.constraints?.min ?? null, max: property.constraints?.max ?? null });
  input.addEventListener('change', () => emit(input.value));
  return {
    root: element('div', { class: 'editor date' }, [input]), inputs: [input],
    setValue(value) { assign(input, value ?? ''); },
    setBounds() {},
  };
}

export { element };
