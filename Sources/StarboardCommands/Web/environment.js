// The environment a window previews in: color scheme, Dynamic Type size,
// layout direction and locale. It is a view setting of this window (like zoom),
// not shared state: every window sees the same values, each in its own
// environment. It lives in the URL beside the values:
//
//   ?c=HikeBadge&scheme=dark&textSize=accessibility3&direction=rtl&locale=de_DE
//
// Only what differs from the standard environment (light, large, left to right,
// en_US) is written. A component property with one of these names wins over
// the environment value in a link.
//
// The matrix shows the current values in every combination of one or two axes
// (light/dark × three text sizes, say), each cell its own live subscription.

export const STANDARD = Object.freeze({ scheme: 'light', textSize: 'large', direction: 'ltr', locale: 'en_US' });

/** The values each axis takes; a locale is any identifier the server knows, these are offered. */
export const AXES = Object.freeze({
  scheme: Object.freeze(['light', 'dark']),
  textSize: Object.freeze([
    'xSmall', 'small', 'medium', 'large', 'xLarge', 'xxLarge', 'xxxLarge',
    'accessibility1', 'accessibility2', 'accessibility3', 'accessibility4', 'accessibility5',
  ]),
  direction: Object.freeze(['ltr', 'rtl']),
  locale: Object.freeze(['en_US', 'en_GB', 'de_DE', 'fr_FR', 'ja_JP', 'ar_EG', 'he_IL']),
});

export const KEYS = Object.freeze(['scheme', 'textSize', 'direction', 'locale']);

/** What the matrix shows along each axis (all of an axis would be too many cells for text size). */
export const MATRIX_VALUES = Object.freeze({
  scheme: Object.freeze(['light', 'dark']),
  textSize: Object.freeze(['xSmall', 'large', 'accessibility3']),
  direction: Object.freeze(['ltr', 'rtl']),
  locale: Object.freeze(['en_US', 'de_DE', 'ja_JP', 'ar_EG']),
});

/** The matrices offered, by the URL's `matrix` value. */
export const MATRICES = Object.freeze({
  'scheme': ['scheme'],
  'textSize': ['textSize'],
  'direction': ['direction'],
  'locale': ['locale'],
  'scheme,textSize': ['scheme', 'textSize'],
  'scheme,direction': ['scheme', 'direction'],
  'textSize,direction': ['textSize', 'direction'],
});

const LOCALE = /^[a-z]{2,3}(?:[_-][A-Za-z]{4})?(?:[_-](?:[A-Z]{2}|\d{3}))?$/;

const LABELS = {
  scheme: { light: 'Light', dark: 'Dark' },
  textSize: {
    xSmall: 'xSmall', small: 'Small', medium: 'Medium', large: 'Large (default)', xLarge: 'xLarge',
    xxLarge: 'xxLarge', xxxLarge: 'xxxLarge', accessibility1: 'AX1', accessibility2: 'AX2',
    accessibility3: 'AX3', accessibility4: 'AX4', accessibility5: 'AX5',
  },
  direction: { ltr: 'Left to right', rtl: 'Right to left' },
};

/** A short label for one value of an axis, as the matrix headers show it. */
export function valueLabel(axis, value) {
  if (axis === 'textSize' && value === 'large') return 'Large';
  return LABELS[axis]?.[value] ?? value;
}

/** Why `text` is not a value of `axis`, naming the values there are; null when it is one. */
export function problemWith(axis, text) {
  if (axis === 'locale') {
    return LOCALE.test(text) ? null : `Locale must be an identifier such as en_US, de_DE or ar_EG; got “${text}”.`;
  }
  const allowed = AXES[axis];
  if (!allowed) return `There is no environment value “${axis}”; there are ${KEYS.join(', ')}.`;
  return allowed.includes(text) ? null : `${axisLabel(axis)} must be one of ${allowed.join(', ')}; got “${text}”.`;
}

export function axisLabel(axis) {
  return { scheme: 'Scheme', textSize: 'Text size', direction: 'Direction', locale: 'Locale' }[axis] ?? axis;
}

/** A full environment from a partial one (missing values standard); locale spelled with "_". */
export function normalized(environment = {}) {
  const result = { ...STANDARD };
  for (const key of KEYS) {
    if (typeof environment[key] === 'string') result[key] = environment[key];
  }
  result.locale = result.locale.replace(/-/g, '_');
  return result;
}

/**
 * The environment's name as the server and the CLI spell it: what differs from
 * the standard one joined by "-" ("dark-accessibility3-rtl"), "standard" when
 * nothing does. Renders carry it, so a window routes each to its cell.
 */
export function environmentName(environment) {
  const env = normalized(environment);
  const parts = [];
  if (env.scheme !== STANDARD.scheme) parts.push(env.scheme);
  if (env.textSize !== STANDARD.textSize) parts.push(env.textSize);
  if (env.direction === 'rtl') parts.push('rtl');
  if (env.locale !== STANDARD.locale) parts.push(env.locale);
  return parts.length ? parts.join('-') : 'standard';
}

/** As requests carry it: only what differs from the standard environment. */
export function wireEnvironment(environment) {
  const env = normalized(environment);
  const wire = {};
  for (const key of KEYS) if (env[key] !== STANDARD[key]) wire[key] = env[key];
  return wire;
}

/**
 * The environment and matrix named in a URL: {environment, matrix, ignored}.
 * A bad value costs only itself and is named with the values there are.
 * `propertyNames` are the current component's properties, which win.
 */
export function environmentFromURL(url, propertyNames = []) {
  const params = new URL(url).searchParams;
  const environment = { ...STANDARD };
  const ignored = [];
  for (const key of KEYS) {
    if (propertyNames.includes(key) || !params.has(key)) continue;
    const text = params.get(key);
    const problem = problemWith(key, text);
    if (problem) ignored.push({ name: key, text, reason: problem });
    else environment[key] = key === 'locale' ? text.replace(/-/g, '_') : text;
  }
  let matrix = null;
  if (params.has('matrix')) {
    const text = params.get('matrix');
    if (Object.hasOwn(MATRICES, text)) matrix = text;
    else ignored.push({ name: 'matrix', text, reason: `Matrix must be one of ${Object.keys(MATRICES).join('; ')}; got “${text}”.` });
  }
  return { environment, matrix, ignored };
}

/**
 * Sets (or removes, when standard) the environment and matrix parameters of a
 * query string. Only the keys `environment` has are touched, so a property
 * that shares a name with one is left alone by leaving that key out.
 */
export function withEnvironment(query, environment, matrix = null) {
  const params = new URLSearchParams(query);
  for (const key of KEYS) {
    if (!(key in environment)) continue;
    const value = key === 'locale' ? environment[key].replace(/-/g, '_') : environment[key];
    if (value === STANDARD[key]) params.delete(key);
    else params.set(key, value);
  }
  if (matrix) params.set('matrix', matrix);
  else params.delete('matrix');
  const text = params.toString().replace(/%2C/g, ',');
  return text ? `?${text}` : '';
}

/**
 * The cells of a matrix over `axes` (one or two of KEYS), each the base
 * environment with those axes set: [{environment, name, row, column}], rows
 * along the first axis and columns along the second.
 */
export function matrixCells(matrix, base) {
  const axes = MATRICES[matrix];
  if (!axes) return [];
  const [rowAxis, columnAxis] = axes;
  const rows = MATRIX_VALUES[rowAxis];
  const columns = columnAxis ? MATRIX_VALUES[columnAxis] : [null];
  const cells = [];
  rows.forEach((rowValue, row) => {
    columns.forEach((columnValue, column) => {
      const environment = { ...normalized(base), [rowAxis]: rowValue };
      if (columnAxis) environment[columnAxis] = columnValue;
      cells.push({ environment, name: environmentName(environment), row, column });
    });
  });
  return cells;
}

/** "Dark · AX3": the values of the matrix's axes in one cell. */
export function cellLabel(matrix, environment) {
  return (MATRICES[matrix] ?? []).map((axis) => valueLabel(axis, environment[axis])).join(' · ');
}

/** "Dark, AX3, right to left, de_DE", or "Standard": what a window previews in. */
export function describe(environment) {
  const env = normalized(environment);
  const parts = [];
  if (env.scheme !== STANDARD.scheme) parts.push(valueLabel('scheme', env.scheme));
  if (env.textSize !== STANDARD.textSize) parts.push(valueLabel('textSize', env.textSize));
  if (env.direction !== STANDARD.direction) parts.push('right to left');
  if (env.locale !== STANDARD.locale) parts.push(env.locale);
  return parts.length ? parts.join(', ') : 'Standard';
}
