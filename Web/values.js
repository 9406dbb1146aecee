// Property values as the catalog describes them: comparing, bounds, short text.
// Shared by the inspector, URL state, Copy as Swift and the vary row so they
// agree on what "default" and "changed" mean.

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
  if (linked && typeof values[linked] === 'number') {
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

/** Short, human text for a value, e.g. in a variant label. */
export function formatValue(property, value) {
  if (value == null) return '–';
  switch (property.kind) {
    case 'size': return `${value.width}×${value.height}`;
    case 'point': return `(${value.x}, ${value.y})`;
    case 'angle': return `${value}°`;
    case 'bool': return value ? 'On' : 'Off';
    case 'choice': {
      const option = property.constraints?.options?.find((o) => o.value === value);
      return option?.label ?? String(value);
    }
    case 'string': return `“${value}”`;
    default: return String(value);
  }
}
