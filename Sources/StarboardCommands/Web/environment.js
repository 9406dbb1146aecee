// The environment a window previews in: color scheme, Dynamic Type size,
// layout direction, locale and canvas (a device's screen, the size that fits,
// or a size in points; "auto" lets the preview choose). It is a view setting of this window (like zoom),
// not shared state: every window sees the same values, each in its own
// environment. It lives in the URL beside the values:
//
//   ?c=HikeBadge&scheme=dark&textSize=accessibility3&direction=rtl&locale=de_DE&canvas=iPhone+16+Pro
//
// Only what differs from the standard environment (light, large, left to right,
// en_US, auto) is written. A component property with one of these names wins over
// the environment value in a link.
//
// The matrix shows the current values in every combination of one or two axes
// (light/dark × three text sizes, say), each cell its own live subscription.

export const STANDARD = Object.freeze({ scheme: 'light', textSize: 'large', direction: 'ltr', locale: 'en_US', canvas: 'auto' });

// The devices the server knows (its catalog's `devices`): [{name, width, height, insets, …}].
let devices = [];

/** Takes the catalog's device list; canvas names are checked against it. */
export function setDevices(list) {
  devices = Array.isArray(list) ? list.filter((d) => d && typeof d.name === 'string') : [];
}

/** The devices the server knows, upright, as its catalog lists them. */
export function knownDevices() {
  return devices;
}

const SIZE = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$/;

/**
 * What a canvas value shows: {kind: 'auto'|'fit'|'size'|'device', device, landscape,
 * width, height}; null when it is none of them.
 */
export function parseCanvas(text) {
  if (text === 'auto' || text === 'fit') return { kind: text };
  const size = SIZE.exec(text);
  if (size) {
    const width = Number(size[1]), height = Number(size[2]);
    return width > 0 && height > 0 && width <= 10000 && height <= 10000 ? { kind: 'size', width, height } : null;
  }
  const landscape = text.endsWith(' landscape');
  const device = devices.find((d) => d.name === (landscape ? text.slice(0, -' landscape'.length) : text));
  return device ? { kind: 'device', device, landscape } : null;
}

/** The canvas as a file name part, as the server names it ("iphone-16-pro-landscape"). */
function canvasName(canvas) {
  return canvas.toLowerCase().replace(/[^a-z0-9.]+/g, '-').replace(/^-+|-+$/g, '');
}

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

export const KEYS = Object.freeze(['scheme', 'textSize', 'direction', 'locale', 'canvas']);

/** What the matrix shows along each axis (all of an axis would be too many cells for text size). */
export const MATRIX_VALUES = Object.freeze({
  scheme: Object.freeze(['light', 'dark']),
  textSize: Object.freeze(['xSmall', 'large', 'accessibility3']),
  direction: Object.freeze(['ltr', 'rtl']),
  locale: Object.freeze(['en_US', 'de_DE', 'ja_JP', 'ar_EG']),
});

/** The matrix's devices: the size that fits and the known phones and tablets that span them. */
function matrixDevices() {
  const wanted = ['iPhone 16 Pro', 'iPhone SE (3rd generation)', 'iPad mini (A17 Pro)'];
  const found = wanted.filter((name) => devices.some((d) => d.name === name));
  return ['fit', ...(found.length ? found : devices.slice(0, 3).map((d) => d.name))];
}

/** The matrices offered, by the URL's `matrix` value. */
export const MATRICES = Object.freeze({
  'scheme': ['scheme'],
  'textSize': ['textSize'],
  'direction': ['direction'],
  'locale': ['locale'],
  'scheme,textSize': ['scheme', 'textSize'],
  'scheme,direction': ['scheme', 'direction'],
  'textSize,direction': ['textSize', 'direction'],
  'canvas': ['canvas'],
  'canvas,scheme': ['canvas', 'scheme'],
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
  if (axis === 'canvas') {
    if (value === 'auto') return 'Automatic';
    if (value === 'fit') return 'Size that fits';
    return value.replace(/ landscape$/, ' (landscape)').replace(/^(\d+(?:\.\d+)?)x/, '$1 × ');
  }
  return LABELS[axis]?.[value] ?? value;
}

/** Why `text` is not a value of `axis`, naming the values there are; null when it is one. */
export function problemWith(axis, text) {
  if (axis === 'locale') {
    return LOCALE.test(text) ? null : `Locale must be an identifier such as en_US, de_DE or ar_EG; got “${text}”.`;
  }
  if (axis === 'canvas') {
    if (parseCanvas(text)) return null;
    const names = devices.map((d) => d.name).join(', ');
    return `Canvas must be auto, fit, WIDTHxHEIGHT in points or a device${names ? ` (${names}, each optionally followed by “ landscape”)` : ''}; got “${text}”.`;
  }
  const allowed = AXES[axis];
  if (!allowed) return `There is no environment value “${axis}”; there are ${KEYS.join(', ')}.`;
  return allowed.includes(text) ? null : `${axisLabel(axis)} must be one of ${allowed.join(', ')}; got “${text}”.`;
}

export function axisLabel(axis) {
  return { scheme: 'Scheme', textSize: 'Text size', direction: 'Direction', locale: 'Locale', canvas: 'Device' }[axis] ?? axis;
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
  if (env.canvas !== STANDARD.canvas) parts.push(canvasName(env.canvas));
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
  const values = (axis) => (axis === 'canvas' ? matrixDevices() : MATRIX_VALUES[axis]);
  const rows = values(rowAxis);
  const columns = columnAxis ? values(columnAxis) : [null];
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
  if (env.canvas !== STANDARD.canvas) parts.push(valueLabel('canvas', env.canvas));
  return parts.length ? parts.join(', ') : 'Standard';
}
