// One editor per property kind: the form controls inside an inspector row.
//
// createEditor(property, context) returns
//   { root, inputs, setValue(value, values), flush(), revert() }
// context: { id, labelId, values(), emit(value), invalid(message | null), readOnly, preview }.
// A preview's `taps` (its tap history, replayed so its @State lasts) is shown, not typed:
// only taps on the canvas add to it, and the row's reset clears it.
//
// A value is applied only when it is one the person chose: typed text is
// checked against the schema as it is typed and sent when it is a valid,
// complete value and the person commits it (Enter, leaving the field), pauses
// typing for PAUSE_MS, or uses a stepper, slider, picker, switch or segment.
// Text that is not valid is never sent; `invalid(message)` shows why, and
// Escape puts the current value back. A control that has focus is never
// overwritten by setValue: the person is editing it.

import {
  checkValue, isIncomplete, lowerBound, normalizeColor, numberText, parseColor, parseNumber, snap, stepOf,
  tapSummary, upperBound, validDate,
} from './values.js';

/** How long typing must pause before a valid value is sent on its own. */
export const PAUSE_MS = 800;

export function createEditor(property, context) {
  const make = context.preview && property.name === 'taps' ? tapsEditor : EDITORS[property.kind] ?? stringEditor;
  const editor = make(property, context);
  if (context.readOnly) {
    for (const node of editor.root.querySelectorAll('input, select, button, textarea')) {
      if (node.matches('input[type="text"], input:not([type]), textarea')) node.readOnly = true;
      else node.disabled = true;
    }
  }
  return editor;
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

export function element(tag, attributes = {}, children = []) {
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

/** Sets a control's text unless the person is editing it. */
function assign(input, text) {
  if (isEditing(input)) return;
  if (input.value !== text) input.value = text;
}

/**
 * Typing discipline shared by every text field: check on each keystroke, send
 * a valid value after a pause or on commit, never send what is not valid.
 * `read()` returns {value} for a valid complete value, {error} for text that
 * cannot be one, or {incomplete: true} for text that may still become one.
 */
function typing({ read, emit, invalid, inputs, commitOnChange = true }) {
  let timer = 0;
  let dirty = false;
  const commit = ({ quiet = false } = {}) => {
    clearTimeout(timer);
    if (!dirty) return;
    const result = read();
    if ('value' in result) {
      dirty = false;
      invalid(null);
      emit(result.value);
    } else if (!quiet || !result.incomplete) {
      invalid(result.error);
    }
  };
  const edited = () => {
    dirty = true;
    clearTimeout(timer);
    const result = read();
    if (result.error && !result.incomplete) {
      invalid(result.error);
      return;
    }
    if ('value' in result) invalid(null);
    timer = setTimeout(() => commit(), PAUSE_MS);
  };
  for (const input of inputs) {
    input.addEventListener('input', edited);
    if (commitOnChange) input.addEventListener('change', () => commit());
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') { event.preventDefault(); commit(); }
    });
  }
  return {
    commit,
    /** Forgets typed text (after Escape or a value set from outside). */
    settle() { clearTimeout(timer); dirty = false; },
    /** Counts the text as typed again, so Enter sends it (after another window changed the value). */
    touch() { dirty = true; },
    get dirty() { return dirty; },
  };
}

/** The factor arrow keys and the stepper apply: Shift nudges ten steps. */
function nudgeFactor(event) {
  return event.shiftKey ? 10 : 1;
}

function numberInput({ id, label, integer, suffix }) {
  const input = element('input', {
    id, class: 'field num', type: 'text', inputmode: integer ? 'numeric' : 'decimal',
    'aria-label': label, autocomplete: 'off', spellcheck: 'false', size: 6,
  });
  const root = suffix
    ? element('span', { class: 'with-suffix' }, [input, element('span', { class: 'suffix', 'aria-hidden': 'true', text: suffix })])
    : input;
  return { input, root };
}

// Editors

function numericEditor(property, { id, emit, values, invalid }, { integer, angle = false }) {
  const c = property.constraints ?? {};
  const root = element('div', { class: 'editor numeric' });
  let current = property.default;
  const field = numberInput({ id, label: property.label, integer, suffix: angle ? '°' : null });
  const input = field.input;

  const read = () => {
    const text = input.value;
    const number = parseNumber(text, integer);
    if (number === null) {
      const error = checkValue(property, text.trim(), values());
      return isIncomplete(text) ? { incomplete: true, error } : { error };
    }
    const error = checkValue(property, number, values(), null);
    return error ? { error } : { value: number };
  };
  let lastSent = null;
  const send = (value) => {
    if (lastSent === value) return;
    lastSent = value;
    emit(value);
  };
  const typed = typing({ read, emit: (value) => { range?.set(value); send(value); }, invalid, inputs: [input] });

  const nudge = (steps) => {
    const typedNumber = parseNumber(input.value, integer);
    const base = typedNumber ?? current ?? 0;
    const next = snap(property, base + steps * stepOf(property), values());
    input.value = numberText(next);
    typed.settle();
    invalid(null);
    range?.set(next);
    send(next);
  };
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') { revert(); return; }
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    nudge((event.key === 'ArrowUp' ? 1 : -1) * nudgeFactor(event));
  });

  let range = null;
  const min = lowerBound(property);
  const max = upperBound(property, values());
  const sliderMin = angle ? (min ?? 0) : min;
  const sliderMax = angle ? (max ?? 360) : max;
  if (sliderMin !== null && sliderMax !== null) {
    range = slider({
      id: `${id}-slider`, label: `${property.label} slider`, min: sliderMin, max: sliderMax,
      // The declared step, so the slider and a typed value agree on which values exist.
      step: c.step ?? stepOf(property),
      onValue: (value) => {
        const next = snap(property, value, values());
        input.value = numberText(next);
        typed.settle();
        invalid(null);
        send(next);
      },
    });
    root.append(range.input);
  }
  if (integer) {
    const minus = element('button', { type: 'button', class: 'step', 'aria-label': `Decrease ${property.label}`, text: '−' });
    const plus = element('button', { type: 'button', class: 'step', 'aria-label': `Increase ${property.label}`, text: '+' });
    minus.addEventListener('click', (event) => nudge(-nudgeFactor(event)));
    plus.addEventListener('click', (event) => nudge(nudgeFactor(event)));
    root.append(element('span', { class: 'stepper' }, [minus, field.root, plus]));
  } else {
    root.append(field.root);
  }
  const revert = () => {
    typed.settle();
    invalid(null);
    input.value = current == null ? '' : numberText(current);
    range?.set(current);
  };
  return {
    root, inputs: range ? [input, range.input] : [input],
    setValue(value, all) {
      current = value;
      lastSent = null;
      if (range) {
        const hi = upperBound(property, all);
        range.setMax(angle ? (hi ?? 360) : hi);
        range.set(value);
      }
      if (!isEditing(input) && !typed.dirty) assign(input, value == null ? '' : numberText(value));
    },
    flush: () => typed.commit({ quiet: true }),
    retype: () => typed.touch(),
    revert,
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
    const next = Math.min(Math.max(Number(input.value) + direction * 10 * Number(input.step || 1), Number(input.min)), Number(input.max));
    input.value = String(next);
    onValue(next);
  });
  return {
    input,
    set(number) { if (typeof number === 'number') assign(input, String(number)); },
    setMax(hi) { if (hi !== null && input.max !== String(hi)) input.max = String(hi); },
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
    flush() {},
    revert() {},
  };
}

function stringEditor(property, { id, emit, values, invalid }) {
  const maxLength = property.constraints?.maxLength;
  const input = element('input', { id, type: 'text', class: 'field text', maxlength: maxLength ?? null, spellcheck: 'false' });
  const counter = maxLength ? element('span', { class: 'counter', 'aria-hidden': 'true' }) : null;
  const count = () => { if (counter) counter.textContent = `${[...input.value].length}/${maxLength}`; };
  let current = property.default;
  const read = () => {
    const error = checkValue(property, input.value, values());
    return error ? { error } : { value: input.value };
  };
  const typed = typing({ read, emit: (value) => { if (value !== current) emit(value); }, invalid, inputs: [input] });
  input.addEventListener('input', count);
  const revert = () => { typed.settle(); invalid(null); input.value = current ?? ''; count(); };
  input.addEventListener('keydown', (event) => { if (event.key === 'Escape') revert(); });
  const root = element('div', { class: 'editor string' }, [input, counter]);
  return {
    root, inputs: [input],
    setValue(value) {
      current = value;
      if (!isEditing(input) && !typed.dirty) assign(input, value ?? '');
      count();
    },
    flush: () => typed.commit({ quiet: true }),
    retype: () => typed.touch(),
    revert,
  };
}

function tapsEditor(property, { id }) {
  const output = element('output', { id, class: 'taps-summary', 'aria-live': 'polite', text: tapSummary(property.default) });
  const root = element('div', { class: 'editor taps' }, [output]);
  return {
    root, inputs: [],
    setValue(value) { output.textContent = tapSummary(value); },
    flush() {},
    retype() {},
    revert() {},
  };
}

function pairEditor(property, { id, emit, values, invalid }, keys, shortNames) {
  const root = element('div', { class: 'editor pair' });
  let current = { ...(property.default ?? {}) };
  const fields = keys.map((key, index) => {
    const field = numberInput({ id: index === 0 ? id : `${id}-${key}`, label: `${property.label} ${key}`, integer: false });
    root.append(element('span', { class: 'pair-part' }, [
      element('span', { class: 'pair-name', 'aria-hidden': 'true', text: shortNames[index] }), field.root,
    ]));
    return { key, input: field.input };
  });
  const read = () => {
    const pair = {};
    let incomplete = false;
    for (const { key, input } of fields) {
      const number = parseNumber(input.value, false);
      if (number === null) {
        incomplete ||= isIncomplete(input.value);
        pair[key] = input.value.trim();
      } else {
        pair[key] = number;
      }
    }
    const error = checkValue(property, pair, values());
    if (error) return incomplete ? { incomplete: true, error } : { error };
    return { value: pair };
  };
  const same = (a, b) => keys.every((key) => a?.[key] === b?.[key]);
  let lastSent = null;
  const send = (pair) => {
    if (same(pair, lastSent)) return;
    lastSent = pair;
    emit(pair);
  };
  const typed = typing({ read, emit: send, invalid, inputs: fields.map((f) => f.input) });
  const show = (value, force = false) => {
    for (const { key, input } of fields) {
      if (force) input.value = numberText(value[key]);
      else assign(input, numberText(value[key]));
    }
  };
  const revert = () => { typed.settle(); invalid(null); show(current, true); };
  for (const { key, input } of fields) {
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') { revert(); return; }
      if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
      event.preventDefault();
      const typedNumber = parseNumber(input.value, false);
      const part = { ...property, kind: 'double' };
      const next = snap(part, (typedNumber ?? current[key] ?? 0) + (event.key === 'ArrowUp' ? 1 : -1) * nudgeFactor(event) * stepOf(part));
      input.value = numberText(next);
      const result = read();
      if ('value' in result) { typed.settle(); invalid(null); send(result.value); } else invalid(result.error);
    });
  }
  return {
    root, inputs: fields.map((f) => f.input),
    setValue(value) {
      if (!value) return;
      current = { ...value };
      lastSent = null;
      if (!fields.some(({ input }) => isEditing(input)) && !typed.dirty) show(value);
    },
    flush: () => typed.commit({ quiet: true }),
    retype: () => typed.touch(),
    revert,
  };
}

/**
 * A colour: the system picker for red, green and blue, the hex text for all
 * four channels, and an opacity field, so keeping or changing the alpha is
 * visible instead of something the picker does silently.
 */
function colorEditor(property, { id, emit, invalid }) {
  const picker = element('input', { id: `${id}-picker`, type: 'color', class: 'color-well', 'aria-label': `${property.label} picker` });
  const hex = element('input', {
    id, type: 'text', class: 'field hex', 'aria-label': `${property.label} hex`, maxlength: 9, spellcheck: 'false', size: 9,
  });
  const opacity = element('input', {
    id: `${id}-opacity`, type: 'text', class: 'field num opacity', inputmode: 'numeric', size: 3,
    'aria-label': `${property.label} opacity in percent`, spellcheck: 'false', autocomplete: 'off',
  });
  let current = normalizeColor(property.default ?? '#000000');
  let lastSent = null;
  const send = (value) => {
    const normal = normalizeColor(value);
    if (normal === lastSent || normal === current) return;
    lastSent = normal;
    emit(normal);
  };
  const alphaOf = (value) => (value.length === 9 ? parseInt(value.slice(7), 16) : 255);
  const percentOf = (alpha) => String(Math.round((alpha * 100) / 255));
  const withAlpha = (rgb, alpha) => normalizeColor(alpha >= 255 ? rgb : `${rgb}${alpha.toString(16).toUpperCase().padStart(2, '0')}`);
  const showValue = (value, force = false) => {
    const put = (input, text) => { if (force) input.value = text; else assign(input, text); };
    put(hex, value);
    put(opacity, percentOf(alphaOf(value)));
    if (force || !isEditing(picker)) picker.value = value.slice(0, 7).toLowerCase();
  };
  const colorMessage = (text) => `${property.label} must be a hex colour like #FF8800 (or #FF880080 with opacity); got “${text}”.`;
  const readHex = () => {
    const text = hex.value.trim();
    const value = parseColor(text);
    if (value) return { value };
    const digits = text.replace(/^#/, '');
    return /^[0-9a-fA-F]{0,7}$/.test(digits) ? { incomplete: true, error: colorMessage(text) } : { error: colorMessage(text) };
  };
  const typedHex = typing({
    read: readHex, invalid, inputs: [hex],
    emit: (value) => { showValue(value, true); send(value); },
  });
  const readOpacity = () => {
    const number = parseNumber(opacity.value, true);
    const message = `${property.label} opacity must be a whole percentage from 0 to 100; got “${opacity.value.trim()}”.`;
    if (number === null) return isIncomplete(opacity.value) ? { incomplete: true, error: message } : { error: message };
    if (number < 0 || number > 100) return { error: message };
    const base = parseColor(hex.value) ?? current;
    return { value: withAlpha(base.slice(0, 7), Math.round((number * 255) / 100)) };
  };
  const typedOpacity = typing({
    read: readOpacity, invalid, inputs: [opacity],
    emit: (value) => { assign(hex, value); send(value); },
  });
  picker.addEventListener('input', () => {
    const base = parseColor(hex.value) ?? current;
    const value = withAlpha(picker.value.toUpperCase(), alphaOf(base));
    showValue(value, true);
    typedHex.settle();
    invalid(null);
    send(value);
  });
  const revert = () => { typedHex.settle(); typedOpacity.settle(); invalid(null); showValue(current, true); };
  for (const input of [hex, opacity]) input.addEventListener('keydown', (event) => { if (event.key === 'Escape') revert(); });
  const wrapped = element('span', { class: 'with-suffix' }, [opacity, element('span', { class: 'suffix', 'aria-hidden': 'true', text: '%' })]);
  const root = element('div', { class: 'editor color' }, [
    element('span', { class: 'color-swatch' }, [picker]), hex,
    element('span', { class: 'opacity-part' }, [element('span', { class: 'pair-name', 'aria-hidden': 'true', text: 'Opacity' }), wrapped]),
  ]);
  return {
    root, inputs: [hex, picker, opacity],
    setValue(value) {
      if (typeof value !== 'string' || !parseColor(value)) return;
      current = parseColor(value);
      lastSent = null;
      const upper = value.length === 9 ? value.toUpperCase() : current;
      if (!typedHex.dirty && !typedOpacity.dirty) showValue(upper);
      root.style.setProperty('--swatch-alpha', String(alphaOf(current) / 255));
    },
    flush: () => { typedHex.commit({ quiet: true }); typedOpacity.commit({ quiet: true }); },
    retype: () => { typedHex.touch(); typedOpacity.touch(); },
    revert,
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
      flush() {},
      revert() {},
    };
  }
  const select = element('select', { id, class: 'field select' });
  for (const option of options) select.append(element('option', { value: option.value, text: option.label ?? option.value }));
  select.addEventListener('change', () => emit(select.value));
  return {
    root: element('div', { class: 'editor choice' }, [select]), inputs: [select],
    setValue(value) { assign(select, value); },
    flush() {},
    revert() {},
  };
}

function dateEditor(property, { id, emit, values, invalid }) {
  const input = element('input', { id, type: 'date', class: 'field date', min: property.constraints?.min ?? null, max: property.constraints?.max ?? null });
  let current = property.default;
  // A date field reports every year digit as a whole date (0002, 0020, 0202, 2026): wait for a pause.
  const read = () => {
    const text = input.value;
    if (!text) return { incomplete: true, error: checkValue(property, '', values()) };
    return validDate(text) ? { value: text } : { error: checkValue(property, text, values()) };
  };
  const typed = typing({ read, emit: (value) => { if (value !== current) emit(value); }, invalid, inputs: [input], commitOnChange: false });
  input.addEventListener('blur', () => typed.commit());
  const revert = () => { typed.settle(); invalid(null); input.value = current ?? ''; };
  input.addEventListener('keydown', (event) => { if (event.key === 'Escape') revert(); });
  return {
    root: element('div', { class: 'editor date' }, [input]), inputs: [input],
    setValue(value) {
      current = value;
      if (!isEditing(input) && !typed.dirty) assign(input, value ?? '');
    },
    flush: () => typed.commit({ quiet: true }),
    retype: () => typed.touch(),
    revert,
  };
}
