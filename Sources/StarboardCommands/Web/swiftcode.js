// "Copy as Swift": the component made with every non-default value, in
// declaration order, as a variant changes them:
// `RatingControl { $0.starCount = 7; $0.rating = 3 }` (`RatingControl()` at the
// defaults). That is StarboardInspector's `Component.init(_ configure:)`, so the
// text compiles wherever the component's `init()` and properties are visible:
// in its own module, and in an app importing a package whose component is
// `public` with `public init() {}` and `public var` properties (a memberwise
// initializer is never visible outside its module). It needs
// `import StarboardInspector` (`swiftImports` lists the imports).
//
// Each kind is spelled with an initializer that cannot fail, as component code
// writes it: numbers and bools as literals; strings quoted and escaped; size
// `Size(width: 30, height: 30)`; point `Point(x: 10, y: 20)`; angle
// `.degrees(90)`; color `Color(red8: 255, green8: 136, blue8: 0)` (with
// `alpha8:` when not opaque); choice `.winter` (or `.init(rawValue: "…")!` when
// the raw value is no identifier); date `CalendarDate(year: 2026, month: 5, day: 1)`.
// Tests/e2e/test_swift_code.py type-checks this output against the built modules.

import { isDefault, normalizeColor } from './values.js';

export function swiftExpression(component, values) {
  const changes = [];
  for (const property of component.properties) {
    if (!(property.name in values) || isDefault(property, values[property.name])) continue;
    changes.push(`$0.${swiftIdentifier(property.name)} = ${swiftLiteral(property, values[property.name])}`);
  }
  // The Swift type, which a component registered under another `name` does not share.
  const type = component.swiftType ?? component.name;
  return changes.length ? `${type} { ${changes.join('; ')} }` : `${type}()`;
}

/** The imports code using the component needs: Starboard's two modules and the component's own. */
export function swiftImports(component) {
  const modules = ['StarboardInspector', 'StarboardUI'];
  const own = component.swiftModule;
  if (own && /^[A-Za-z_][A-Za-z0-9_]*$/.test(own) && !modules.includes(own)) modules.push(own);
  return modules.map((module) => `import ${module}`);
}

export function swiftLiteral(property, value) {
  switch (property.kind) {
    case 'integer': return integer(value);
    case 'double': return number(value);
    case 'bool': return value ? 'true' : 'false';
    case 'string': return swiftString(value);
    case 'size': return `Size(width: ${number(value.width)}, height: ${number(value.height)})`;
    case 'point': return `Point(x: ${number(value.x)}, y: ${number(value.y)})`;
    case 'angle': return `.degrees(${number(value)})`;
    case 'color': return swiftColor(value);
    case 'choice': return swiftCase(String(value), property.constraints?.options);
    case 'date': return swiftDate(value);
    default: throw new Error(`Copy as Swift does not know the kind “${property.kind}” of ${property.name}.`);
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
    else if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029) out += `\\u{${code.toString(16).toUpperCase()}}`;
    else out += ch;
  }
  return `${out}"`;
}

/** `#FF880080` → `Color(red8: 255, green8: 136, blue8: 0, alpha8: 128)`. */
export function swiftColor(value) {
  const hex = normalizeColor(value);
  if (typeof hex !== 'string' || !/^#([0-9A-F]{6}|[0-9A-F]{8})$/.test(hex)) {
    throw new Error(`Copy as Swift: “${value}” is not a colour.`);
  }
  const byte = (i) => parseInt(hex.slice(i, i + 2), 16);
  const alpha = hex.length === 9 ? `, alpha8: ${byte(7)}` : '';
  return `Color(red8: ${byte(1)}, green8: ${byte(3)}, blue8: ${byte(5)}${alpha})`;
}

/** `2026-05-01` → `CalendarDate(year: 2026, month: 5, day: 1)`. */
export function swiftDate(value) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value));
  if (!match) throw new Error(`Copy as Swift: “${value}” is not a date.`);
  const [year, month, day] = match.slice(1).map(Number);
  return `CalendarDate(year: ${year}, month: ${month}, day: ${day})`;
}

/** A choice's case: `.winter`, or by raw value where that is no identifier. */
/** `.small`, by the case name the schema gives (`"case"`, where it is not the raw value). */
function swiftCase(rawValue, options = []) {
  const name = options?.find((option) => option.value === rawValue)?.case ?? rawValue;
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !['init', 'self', 'Self', 'Type', 'Protocol'].includes(name)) return `.${swiftIdentifier(name)}`;
  return `.init(rawValue: ${swiftString(rawValue)})!`;
}

function integer(value) {
  if (!Number.isInteger(value)) throw new Error(`Copy as Swift: ${value} is not a whole number.`);
  return String(value);
}

/** A Swift float literal: `0.5`, `-3`, `1e+21` (Swift allows a signed exponent), never NaN. */
function number(value) {
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`Copy as Swift: ${value} is not a finite number.`);
  return String(n);
}

const KEYWORDS = new Set(['default', 'class', 'struct', 'enum', 'func', 'var', 'let', 'in', 'is', 'as', 'self', 'Self', 'init', 'case', 'switch', 'if', 'else', 'for', 'while', 'return', 'true', 'false', 'nil', 'import', 'protocol', 'extension', 'static', 'public', 'private', 'internal', 'where', 'repeat', 'do', 'try', 'throw', 'throws', 'catch', 'break', 'continue', 'guard', 'defer', 'fallthrough', 'operator', 'subscript', 'typealias', 'associatedtype', 'inout', 'deinit', 'any', 'some', 'super', 'rethrows', 'fileprivate', 'open', 'Type']);

function swiftIdentifier(name) {
  return KEYWORDS.has(name) || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `\`${name}\`` : name;
}
