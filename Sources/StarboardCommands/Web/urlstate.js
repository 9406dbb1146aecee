// The page's URL holds the component and every value that differs from its
// default, so reloading or sharing the link shows the same preview:
//
//   ?c=RatingControl&starCount=7&rating=3&starSize=30x30
//
// Encoding per kind: integer/double/angle as plain numbers (angles in degrees);
// bool as true/false; string as is; size as WIDTHxHEIGHT ("30x30"); point as
// X,Y ("10,20"); color as hex without the "#" ("FF8800" or "FF880080");
// choice as its value ("winter"); date as YYYY-MM-DD. "c" is reserved for the
// component name; "scheme", "textSize", "direction", "locale" and "matrix" are
// the window's environment (environment.js) unless the component has a
// property of that name. "token" is the server's access token (needed when it
// listens beyond loopback): it is never a value, and every rewrite of the URL
// keeps it, so a reload still reaches the page.
//
// History: choosing a component pushes an entry (back/forward move through
// component choices); value changes replace the current entry.

import { HEX_COLOR, checkValue, expectation, isDefault, labelOf, normalizeColor, validDate } from './values.js';
import { KEYS as ENVIRONMENT_KEYS, withEnvironment } from './environment.js';

const COMPONENT_KEY = 'c';
const TOKEN_KEY = 'token';
const VIEW_KEYS = [...ENVIRONMENT_KEYS, 'matrix'];
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The server's access token in the URL, or null (a loopback server needs none). */
export function tokenFromURL(url = location.href) {
  return new URL(url).searchParams.get(TOKEN_KEY);
}

/**
 * `query` (from queryFor, which never writes a token) with the access token
 * of `url` at its end, when `url` has one.
 */
export function keepingToken(query, url = location.href) {
  const token = tokenFromURL(url);
  if (token === null) return query;
  // Tokens use only characters a URL carries as they are; encodeURIComponent leaves them so.
  const kept = `${TOKEN_KEY}=${encodeURIComponent(token)}`;
  return query.length > 1 ? `${query}&${kept}` : `?${kept}`;
}

/** The component named in the URL, or null. */
export function componentFromURL(url = location.href) {
  return new URL(url).searchParams.get(COMPONENT_KEY);
}

/**
 * Values named in the URL for `component`: {values, ignored}. Each value is
 * checked on its own against the schema (dependent bounds against the link's
 * other values, absent ones at their defaults), so one bad value costs only
 * itself. `ignored` lists {name, text, reason} for the ones left out.
 */
export function valuesFromURL(component, url = location.href) {
  const params = new URL(url).searchParams;
  const decoded = {};
  const ignored = [];
  for (const [name, text] of params) {
    if (name === COMPONENT_KEY || name === TOKEN_KEY) continue;
    const property = component.properties.find((p) => p.name === name);
    if (!property && VIEW_KEYS.includes(name)) continue;
    if (!property) {
      ignored.push({ name, text, reason: `${component.title || component.name} has no property “${name}”.` });
      continue;
    }
    const value = decode(property, text);
    if (value === undefined) {
      ignored.push({ name, text, reason: `${labelOf(property)} must be ${expectation(property)}; got “${text}”.` });
    } else {
      decoded[name] = value;
    }
  }
  // Independent properties first, so a bound (starCount) is known before what it bounds (rating).
  const context = Object.fromEntries(component.properties.map((p) => [p.name, p.default]));
  const values = {};
  const linked = (p) => Boolean(p.constraints?.maxProperty ?? p.constraints?.belowProperty);
  const ordered = [...component.properties.filter((p) => !linked(p)), ...component.properties.filter(linked)];
  for (const property of ordered) {
    if (!(property.name in decoded)) continue;
    const value = decoded[property.name];
    const problem = checkValue(property, value, context, component);
    if (problem) {
      ignored.push({ name: property.name, text: params.get(property.name), reason: problem });
    } else {
      values[property.name] = value;
      context[property.name] = value;
    }
  }
  return { values, ignored };
}

/**
 * The query string for a component and its current values, and the window's
 * environment and matrix when `view` ({environment, matrix}) is given.
 */
export function queryFor(component, values, view = null) {
  const params = new URLSearchParams();
  params.set(COMPONENT_KEY, component.name);
  for (const property of component.properties) {
    if (property.name === TOKEN_KEY) continue;
    if (!(property.name in values) || isDefault(property, values[property.name])) continue;
    params.set(property.name, encode(property, values[property.name]));
  }
  // Keep sizes and points readable ("30x30", "10,20").
  const query = `?${params.toString().replace(/%2C/g, ',')}`;
  if (!view) return query;
  // A property named like an environment value keeps its name; the environment gives way.
  const names = component.properties.map((p) => p.name);
  const environment = Object.fromEntries(Object.entries(view.environment ?? {}).filter(([key]) => !names.includes(key)));
  return withEnvironment(query, environment, names.includes('matrix') ? null : view.matrix);
}

export function pushComponent(component, values = {}, view = null) {
  const query = keepingToken(queryFor(component, values, view));
  if (query !== location.search) history.pushState({ component: component.name }, '', query);
}

export function replaceValues(component, values, view = null) {
  const query = keepingToken(queryFor(component, values, view));
  if (query !== location.search) history.replaceState({ component: component.name }, '', query);
}

export function encode(property, value) {
  switch (property.kind) {
    case 'size': return `${value.width}x${value.height}`;
    case 'point': return `${value.x},${value.y}`;
    case 'color': return normalizeColor(value).slice(1);
    case 'bool': return value ? 'true' : 'false';
    default: return String(value);
  }
}

/** The value for URL text, or undefined when it does not fit the kind. */
export function decode(property, text) {
  const number = (s) => (NUMBER.test(s.trim()) ? Number(s) : undefined);
  switch (property.kind) {
    case 'integer': {
      const n = number(text);
      return Number.isInteger(n) ? n : undefined;
    }
    case 'double':
    case 'angle':
      return number(text);
    case 'bool':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    case 'size': {
      const [w, h, extra] = text.split(/[x×]/i);
      const width = number(w ?? '');
      const height = number(h ?? '');
      return extra === undefined && width !== undefined && height !== undefined ? { width, height } : undefined;
    }
    case 'point': {
      const [a, b, extra] = text.split(',');
      const x = number(a ?? '');
      const y = number(b ?? '');
      return extra === undefined && x !== undefined && y !== undefined ? { x, y } : undefined;
    }
    case 'color':
      return HEX_COLOR.test(text) ? normalizeColor(text) : undefined;
    case 'choice':
      return text;
    case 'date':
      return validDate(text) ? text : undefined;
    default:
      return text;
  }
}
