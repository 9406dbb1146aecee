// Unit tests of Web/swiftcode.js. That the text compiles is checked by Tests/e2e/test_swift_code.py,
// which type-checks it against the built modules; these pin the spelling of each kind.
import test from 'node:test';
import assert from 'node:assert/strict';
import { swiftExpression, swiftImports, swiftLiteral, swiftString } from '../../Web/swiftcode.js';

test('only values that differ from the defaults, in declaration order', () => {
  const component = {
    name: 'RatingControl',
    properties: [
      { name: 'starCount', kind: 'integer', default: 5 },
      { name: 'spacing', kind: 'double', default: 8 },
      { name: 'rating', kind: 'integer', default: 0 },
    ],
  };
  assert.equal(swiftExpression(component, { rating: 3, starCount: 7, spacing: 8 }), 'RatingControl { $0.starCount = 7; $0.rating = 3 }');
  assert.equal(swiftExpression(component, { starCount: 5 }), 'RatingControl()');
});

test('a choice is spelled by its case name when the schema gives one', () => {
  const property = { kind: 'choice', constraints: { options: [{ value: 'sm', label: 'Small', case: 'small' }, { value: 'lg', label: 'Large' }] } };
  assert.equal(swiftLiteral(property, 'sm'), '.small');
  assert.equal(swiftLiteral(property, 'lg'), '.lg');
  assert.equal(swiftLiteral({ kind: 'choice' }, 'south-east'), '.init(rawValue: "south-east")!');
});

test('the Swift type, not the registered name, makes the instance', () => {
  const component = { name: 'Stars', swiftType: 'RatingControl', properties: [{ name: 'rating', kind: 'integer', default: 0 }] };
  assert.equal(swiftExpression(component, { rating: 2 }), 'RatingControl { $0.rating = 2 }');
});

test('colours and dates use initializers that cannot fail', () => {
  assert.equal(swiftLiteral({ kind: 'color' }, '#FF8800'), 'Color(red8: 255, green8: 136, blue8: 0)');
  assert.equal(swiftLiteral({ kind: 'color' }, '#ff880080'), 'Color(red8: 255, green8: 136, blue8: 0, alpha8: 128)');
  assert.equal(swiftLiteral({ kind: 'color' }, '#FF8800FF'), 'Color(red8: 255, green8: 136, blue8: 0)');
  assert.equal(swiftLiteral({ kind: 'date' }, '2026-05-01'), 'CalendarDate(year: 2026, month: 5, day: 1)');
});

test('every other kind', () => {
  assert.equal(swiftLiteral({ kind: 'double' }, 0.5), '0.5');
  assert.equal(swiftLiteral({ kind: 'bool' }, false), 'false');
  assert.equal(swiftLiteral({ kind: 'size' }, { width: 30, height: 30.5 }), 'Size(width: 30, height: 30.5)');
  assert.equal(swiftLiteral({ kind: 'point' }, { x: -10, y: 20 }), 'Point(x: -10, y: 20)');
  assert.equal(swiftLiteral({ kind: 'angle' }, 90), '.degrees(90)');
  assert.equal(swiftLiteral({ kind: 'choice' }, 'winter'), '.winter');
  assert.equal(swiftLiteral({ kind: 'choice' }, 'default'), '.`default`');
  assert.equal(swiftLiteral({ kind: 'choice' }, 'north-east'), '.init(rawValue: "north-east")!');
  assert.throws(() => swiftLiteral({ kind: 'integer' }, 2.5), /not a whole number/);
  assert.throws(() => swiftLiteral({ kind: 'mystery', name: 'x' }, 1), /does not know the kind/);
});

test('strings are escaped for Swift', () => {
  assert.equal(swiftString('say "hi"\\\n\t\u0001'), '"say \\"hi\\"\\\\\\n\\t\\u{1}"');
  assert.equal(swiftString('☃️ Earth Day'), '"☃️ Earth Day"');
});

test('the configuring initializer, not a memberwise one, which no other module sees (issue 26)', () => {
  const component = { name: 'TagChip', swiftModule: 'TagKit', properties: [
    { name: 'text', kind: 'string', default: 'Swift' }, { name: 'default', kind: 'bool', default: false }] };
  assert.equal(swiftExpression(component, { text: 'Hi', default: true }), 'TagChip { $0.text = "Hi"; $0.`default` = true }');
  assert.deepEqual(swiftImports(component), ['import StarboardInspector', 'import StarboardUI', 'import TagKit']);
  assert.deepEqual(swiftImports({ name: 'X' }), ['import StarboardInspector', 'import StarboardUI']);
});
