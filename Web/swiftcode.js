// "Copy as Swift": the component's initializer call with every non-default
// value, in declaration order, e.g. `RatingControl(starCount: 7, rating: 3)`.
//
// Spelling per kind, matching Starboard's own types: numbers and bools as
// literals; strings quoted and escaped; size `Size(width: 30, height: 30)`;
// point `Point(x: 10, y: 20)`; angle `.degrees(90)`; color
// `Color(hex: "#FF8800")`; choice `.winter`; date `Date("2026-05-01")`.

import { isDefault, normalizeColor } from './values.js';

export function swiftExpression(component, values) {
  const args = [];
  for (const property of component.properties) {
    if (!(property.name in values) || isDefault(property, values[property.name])) continue;
    args.push(`${property.name}: ${swiftLiteral(property, values[property.name])}`);
  }
  return `${component.name}(${args.join(', ')})`;
}

export function swiftLiteral(property, value) {
  switch (property.kind) {
    case 'integer':
    case 'double': return number(value);
    case 'bool': return value ? 'true' : 'false';
    case 'string': return swiftString(value);
    case 'size': return `Size(width: ${number(value.width)}, height: ${number(value.height)})`;
    case 'point': return `Point(x: ${number(value.x)}, y: ${number(value.y)})`;
    case 'angle': return `.degrees(${number(value)})`;
    case 'color': return `Color(hex: ${swiftString(normalizeColor(value))})`;
    case 'choice': return `.${swiftIdentifier(String(value))}`;
    case 'date': return `Date(${swiftString(value)})`;
    default: return swiftString(typeof value === 'string' ? value : JSON.stringify(value));
  }
}

/** A Swift string literal: backslash, quote and control characters escaped. */
export function swiftString(text) {
  let out = '"';
  for (const ch of String(text)) {
    const code = ch.codePointAt(0);
    if (ch === '\\') out += '\\\\';
    else if (ch === '"') out += '\\"';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\u{${code.toString(16).toUpperCase()}}`;
    else out += ch;
  }
  return `${out}"`;
}

function number(value) {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : String(Number(value));
}

const KEYWORDS = new Set(['default', 'class', 'struct', 'enum', 'func', 'var', 'let', 'in', 'is', 'as', 'self', 'Self', 'init', 'case', 'switch', 'if', 'else', 'for', 'while', 'return', 'true', 'false', 'nil', 'import', 'protocol', 'extension', 'static', 'public', 'private', 'internal', 'where', 'repeat', 'do', 'try', 'throw', 'throws', 'catch', 'break', 'continue', 'guard', 'defer', 'fallthrough', 'operator', 'subscript', 'typealias', 'associatedtype', 'inout', 'deinit', 'any', 'some', 'super', 'rethrows', 'fileprivate', 'open']);

function swiftIdentifier(name) {
  return KEYWORDS.has(name) || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `\`${name}\`` : name;
}
