// Property values as the catalog describes them: comparing, bounds, checking,
// and the text a person reads. Shared by the inspector, URL state, Copy as
// Swift, the vary row and the static export, so they agree on what "default",
// "valid" and "7.5" mean. Pure: no DOM, so `node --test` runs it.

/** True when two values of `property`'s kind are the same value. */
export function sameValue(property, a, b) {
  if (a === b) return true;
  if (a == null || b == null) return false;
  switch (property.kind) {
    case 'size': return a.width === b.width && a.height === b.height;
    case 'point': return a.x === b.x && a.y === b.y;
    case 'color': return normalizeColor(a) === normalizeColor(b);
    default: return false;
  }
}

export function isDefault(property, value) {
  return sameValue(property, property.default, value);
}

/** "#ff8800" → "#FF8800"; an alpha of FF is the same colour as none. */
export function normalizeColor(text) {
  if (typeof text !== 'string') return text;
  let hex = text.trim().toUpperCase();
  if (!hex.startsWith('#')) hex = `#${hex}`;
  if (hex.length === 9 && hex.endsWith('FF')) hex = hex.slice(0, 7);
  return hex;
}

export const HEX_COLOR = /^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Smallest allowed value of a numeric property, or null. */
export function lowerBound(property) {
  const min = property.constraints?.min;
  return typeof min === 'number' ? min : null;
}

/**
 * Largest allowed value of a numeric property given the other current values,
 * honouring `maxProperty` (inclusive) and `belowProperty` (exclusive).
 */
export function upperBound(property, values = {}) {
  const c = property.constraints ?? {};
  let max = typeof c.max === 'number' ? c.max : null;
  const linked = c.maxProperty ?? c.belowProperty;
  if (linked && typeof values?.[linked] === 'number') {
    const bound = c.maxProperty ? values[linked] : values[linked] - 1;
    max = max === null ? bound : Math.min(max, bound);
  }
  const min = lowerBound(property);
  if (max !== null && min !== null && max < min) max = min;
  return max;
}

export function stepOf(property) {
  const step = property.constraints?.step;
  if (typeof step === 'number' && step > 0) return step;
  return property.kind === 'integer' || property.kind === 'angle' ? 1 : 0.01;
}

/** Rounds away float noise from stepping: 0.1 + 0.2 → 0.3. */
export function tidy(number) {
  return Math.round(number * 1e6) / 1e6;
}

/** Whether `number` lies on the declared step grid, counted from the minimum (or 0). */
export function onStep(property, number) {
  const step = property.constraints?.step;
  if (typeof step !== 'number' || !(step > 0)) return true;
  const base = lowerBound(property) ?? 0;
  const steps = (number - base) / step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

/** The nearest value on the step grid, inside the bounds. */
export function snap(property, number, values = {}) {
  const step = property.constraints?.step;
  const min = lowerBound(property);
  const max = upperBound(property, values);
  let result = number;
  if (typeof step === 'number' && step > 0) {
    const base = min ?? 0;
    result = tidy(base + Math.round((number - base) / step) * step);
  }
  if (min !== null && result < min) result = min;
  if (max !== null && result > max) result = max;
  return tidy(result);
}

/** A number as every field, label and message of the page writes it: 7, 0.5, -12.25. */
export function numberText(number) {
  if (typeof number !== 'number' || !Number.isFinite(number)) return String(number);
  return String(tidy(number));
}

/** The property's label, or its name when the schema has none. */
export function labelOf(property) {
  return property.label || property.name;
}

/** Short, human text for a value, e.g. in a variant label or an error. */
export function formatValue(property, value) {
  if (value == null) return '–';
  switch (property.kind) {
    case 'size': return `${numberText(value.width)} × ${numberText(value.height)}`;
    case 'point': return `${numberText(value.x)}, ${numberText(value.y)}`;
    case 'angle': return `${numberText(value)}°`;
    case 'integer': case 'double': return numberText(value);
    case 'bool': return value ? 'On' : 'Off';
    case 'color': return normalizeColor(value);
    case 'choice': {
      const option = property.constraints?.options?.find((o) => o.value === value);
      return option?.label ?? String(value);
    }
    case 'string': return `“${value}”`;
    default: return String(value);
  }
}

/** What a property accepts, as the end of "Star Count must be …". */
export function expectation(property, values = {}, components = null) {
  const c = property.constraints ?? {};
  const min = lowerBound(property);
  const declaredMax = typeof c.max === 'number' ? c.max : null;
  const unit = property.kind === 'angle' ? '°' : '';
  const range = () => {
    if (min !== null && declaredMax !== null) return ` from ${numberText(min)}${unit} to ${numberText(declaredMax)}${unit}`;
    if (min !== null) return ` of at least ${numberText(min)}${unit}`;
    if (declaredMax !== null) return ` of at most ${numberText(declaredMax)}${unit}`;
    return '';
  };
  const steps = () => {
    const step = c.step;
    if (typeof step !== 'number' || !(step > 0)) return '';
    if (property.kind === 'integer' && step === 1) return '';
    if (property.kind === 'angle' && step === 1) return ' in whole degrees';
    return ` in steps of ${numberText(step)}${unit}`;
  };
  switch (property.kind) {
    case 'integer': return `a whole number${range()}${steps()}`;
    case 'double': return `a number${range()}${steps()}`;
    case 'angle': return `an angle${range()}${steps()}`;
    case 'size': return `a width and height, each${range() || ' a number'}${steps()}`;
    case 'point': return `an x and y, each${range() || ' a number'}${steps()}`;
    case 'string': return typeof c.maxLength === 'number' ? `at most ${c.maxLength} characters` : 'text';
    case 'color': return 'a hex colour like #FF8800 (or #FF880080 with opacity)';
    case 'choice': return `one of ${(c.options ?? []).map((o) => o.label ?? o.value).join(', ')}`;
    case 'date': return 'a date like 2026-05-01';
    case 'bool': return 'on or off';
    default: return 'a value';
  }
}

/**
 * Checks a value against the property's schema and the other current values.
 * Returns null when it is fine, else a sentence naming the property by its
 * label, what it accepts and what came: "Star Count must be a whole number
 * from 1 to 20; got 25." `component` (optional) names linked properties.
 */
export function checkValue(property, value, values = {}, component = null) {
  const label = labelOf(property);
  const must = (got) => `${label} must be ${expectation(property)}; got ${got}.`;
  const c = property.constraints ?? {};
  const numberProblem = (number, shown) => {
    if (typeof number !== 'number' || !Number.isFinite(number)) return must(shown);
    if (property.kind === 'integer' && !Number.isInteger(number)) return must(shown);
    const min = lowerBound(property);
    const max = typeof c.max === 'number' ? c.max : null;
    if ((min !== null && number < min) || (max !== null && number > max)) return must(shown);
    if (!onStep(property, number)) return must(shown);
    return null;
  };
  switch (property.kind) {
    case 'integer': case 'double': case 'angle': {
      const shown = typeof value === 'number' ? formatValue(property, value) : `“${value}”`;
      const problem = numberProblem(value, shown);
      if (problem) return problem;
      const linked = c.maxProperty ?? c.belowProperty;
      if (linked && typeof values?.[linked] === 'number') {
        const limit = upperBound(property, values);
        if (limit !== null && value > limit) {
          const other = component?.properties?.find((p) => p.name === linked);
          const otherLabel = other ? labelOf(other) : linked;
          const relation = c.maxProperty ? 'at most' : 'less than';
          return `${label} must be ${relation} ${otherLabel} (${numberText(values[linked])}); got ${shown}.`;
        }
      }
      return null;
    }
    case 'size': case 'point': {
      const keys = property.kind === 'size' ? ['width', 'height'] : ['x', 'y'];
      if (!value || typeof value !== 'object') return must(`“${value}”`);
      const shown = keys.map((k) => (typeof value[k] === 'number' ? numberText(value[k]) : `“${value[k]}”`)).join(property.kind === 'size' ? ' × ' : ', ');
      for (const key of keys) if (numberProblem(value[key], shown)) return must(shown);
      return null;
    }
    case 'string':
      if (typeof value !== 'string') return must(String(value));
      if (typeof c.maxLength === 'number' && [...value].length > c.maxLength) return `${label} must be ${expectation(property)}; got ${[...value].length}.`;
      return null;
    case 'color':
      return typeof value === 'string' && /^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(value) ? null : must(`“${value}”`);
    case 'choice':
      return (c.options ?? []).some((o) => o.value === value) ? null : must(`“${value}”`);
    case 'date':
      return validDate(value) ? null : must(`“${value}”`);
    case 'bool':
      return typeof value === 'boolean' ? null : must(String(value));
    default:
      return null;
  }
}

/** True for `YYYY-MM-DD` naming a day that exists. */
export function validDate(text) {
  const match = typeof text === 'string' ? DATE.exec(text) : null;
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

/**
 * Reads a number a person typed: a number, or null when the text is not one.
 * "Incomplete" text ("", "-", "1e") is null too; `isIncomplete` tells it apart.
 */
export function parseNumber(text, integer = false) {
  const trimmed = String(text).trim();
  if (!(integer ? INTEGER : DECIMAL).test(trimmed)) return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : null;
}

/** Text that may still become a number as the person goes on typing. */
export function isIncomplete(text) {
  return /^\s*[+-]?\.?\s*$/.test(text) || /^\s*[+-]?(\d+\.?\d*|\.\d+)[eE][+-]?\s*$/.test(text);
}

/** The value of a colour field's text ("ff8800", "#FF880080"), or null. */
export function parseColor(text) {
  const trimmed = String(text).trim();
  return HEX_COLOR.test(trimmed) ? normalizeColor(trimmed) : null;
}

/**
 * An error message from the server, as a person should read it at a field:
 * the "Component.property:" prefix becomes the label and JSON after "got"
 * becomes the value's text ("got {"width":"wide","height":45}" → "got wide × 45").
 */
export function readableServerMessage(component, message) {
  if (typeof message !== 'string') return message;
  let text = message;
  const prefix = /^([A-Za-z_][\w]*)\.([A-Za-z_][\w]*): /.exec(text);
  let property = null;
  if (prefix && (!component || prefix[1] === component.name)) {
    property = component?.properties?.find((p) => p.name === prefix[2]) ?? null;
    text = `${property ? labelOf(property) : prefix[2]}: ${text.slice(prefix[0].length)}`;
  }
  text = text.replace(/(got )(\{.*\}|".*"|\[.*\])$/, (whole, got, json) => {
    try {
      return got + jsonText(JSON.parse(json));
    } catch {
      return whole;
    }
  });
  // Other properties a message names, by label: "(at most Star Count, which is 3)", and the
  // notes of a clamp, "Rating lowered from 5 to 3 because Star Count is now 3".
  const label = (name) => {
    const named = component?.properties?.find((p) => p.name === name);
    return named ? labelOf(named) : name;
  };
  text = text
    .replace(/\((at most|below) ([A-Za-z_]\w*), which is /g, (whole, relation, name) => `(${relation} ${label(name)}, which is `)
    .replace(/^([A-Za-z_]\w*) lowered from (.*) because ([A-Za-z_]\w*) is now /, (whole, name, middle, other) => `${label(name)} lowered from ${middle} because ${label(other)} is now `);
  // Swift's range spelling reads as code; say it as words.
  return text.replace(/(-?\d+(?:\.\d+)?)\.\.\.(-?\d+(?:\.\d+)?)/g, '$1 to $2');
}

function jsonText(value) {
  if (typeof value === 'string') return `“${value}”`;
  if (Array.isArray(value)) return value.map(jsonText).join(', ');
  if (value && typeof value === 'object') {
    if ('width' in value && 'height' in value) return `${plain(value.width)} × ${plain(value.height)}`;
    if ('x' in value && 'y' in value) return `${plain(value.x)}, ${plain(value.y)}`;
    return Object.entries(value).map(([k, v]) => `${k} ${plain(v)}`).join(', ');
  }
  return String(value);
}

function plain(value) {
  return typeof value === 'number' ? numberText(value) : String(value);
}

/**
 * A preview's tap history (`star-2@12.5,40;favorite`, as the server keeps it) in words: how many
 * taps, and the targets of the last three, newest last. The coordinates are the server's business.
 */
export function tapSummary(history) {
  const taps = typeof history === 'string' && history !== '' ? history.split(';') : [];
  if (taps.length === 0) return 'No taps yet';
  const targets = taps.slice(-3).map((tap) => tap.split('@')[0]);
  const shown = (taps.length > 3 ? '…, ' : '') + targets.join(', ');
  return `${taps.length} ${taps.length === 1 ? 'tap' : 'taps'}: ${shown}`;
}
