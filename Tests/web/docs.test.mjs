// Unit tests of Web/docs.js's pure parts: the property table's text and the usage snippet.
// That the snippet compiles is checked by Tests/e2e/page/test_swift_code.py against the built modules.
import test from 'node:test';
import assert from 'node:assert/strict';
import { propertyRows, usageSnippet } from '../../Web/docs.js';

const RATING = {
  name: 'RatingControl', title: 'Rating Control', summary: 'A row of stars.',
  properties: [
    { name: 'starCount', label: 'Star Count', kind: 'integer', default: 5, constraints: { min: 1, max: 20, step: 1 }, help: 'How many stars.' },
    { name: 'starSize', label: 'Star Size', kind: 'size', default: { width: 44, height: 44 }, constraints: { min: 8, max: 200 } },
    { name: 'rating', label: 'Rating', kind: 'integer', default: 0, constraints: { min: 0, max: 20, step: 1, maxProperty: 'starCount' } },
  ],
  variants: [
    { name: 'No rating', values: {} },
    { name: 'Three stars', values: { rating: 3 } },
    { name: 'Large', values: { starSize: { width: 64, height: 64 }, rating: 4 } },
  ],
};

test('one row per property, with every column', () => {
  const rows = propertyRows(RATING);
  assert.deepEqual(rows.map((r) => r.name), ['starCount', 'starSize', 'rating']);
  assert.deepEqual(rows[0], {
    name: 'starCount', label: 'Star Count', kind: 'Int', default: '5', allowed: '1 to 20', bound: '', step: '1', help: 'How many stars.',
  });
  assert.equal(rows[1].default, '44 × 44');
  assert.equal(rows[1].allowed, 'each 8 to 200');
  assert.equal(rows[1].step, '');
});

test('a dependent bound names the other property by its label', () => {
  const rating = propertyRows(RATING)[2];
  assert.equal(rating.bound, 'at most Star Count');
  assert.equal(rating.allowed, '0 to 20; at most Star Count');
  const below = propertyRows({ name: 'P', properties: [
    { name: 'pages', label: 'Pages', kind: 'integer', default: 3 },
    { name: 'page', kind: 'integer', default: 0, constraints: { belowProperty: 'pages' } },
  ] })[1];
  assert.equal(below.bound, 'below Pages');
  assert.equal(below.label, 'page');
});

test('choices, strings, angles, colours and Booleans say what they take', () => {
  const rows = propertyRows({ name: 'X', properties: [
    { name: 'season', kind: 'choice', default: 'winter', constraints: { options: [{ value: 'winter', label: 'Winter' }, { value: 'summer', label: 'Summer' }] } },
    { name: 'title', kind: 'string', default: 'Hi', constraints: { maxLength: 40 } },
    { name: 'turn', kind: 'angle', default: 90, constraints: { min: 0, max: 360, step: 15 } },
    { name: 'tint', kind: 'color', default: '#ff8800' },
    { name: 'on', kind: 'bool', default: true },
  ] });
  assert.equal(rows[0].kind, 'choice of 2');
  assert.equal(rows[0].allowed, 'Winter (winter), Summer (summer)');
  assert.equal(rows[0].default, 'Winter');
  assert.equal(rows[1].allowed, 'up to 40 characters');
  assert.equal(rows[1].default, '“Hi”');
  assert.deepEqual([rows[2].default, rows[2].allowed, rows[2].step], ['90°', '0° to 360°', '15°']);
  assert.equal(rows[3].default, '#FF8800');
  assert.deepEqual([rows[4].default, rows[4].allowed], ['On', 'on or off']);
});

test('the snippet shows the defaults, then each variant that differs, spelled as Copy as Swift', () => {
  const snippet = usageSnippet(RATING);
  assert.equal(snippet, [
    'import StarboardInspector',
    'import StarboardUI',
    '',
    '/// Rating Control at its defaults and as each of its variants.',
    'struct RatingControlUsage: View {',
    '    var body: some View {',
    '        VStack(spacing: 16) {',
    '            RatingControl()',
    '            // No rating (the defaults)',
    '            // Three stars',
    '            RatingControl { $0.rating = 3 }',
    '            // Large',
    '            RatingControl { $0.starSize = Size(width: 64, height: 64); $0.rating = 4 }',
    '        }',
    '    }',
    '}',
    '',
  ].join('\n'));
});

test('variant names cannot break out of their comment', () => {
  const snippet = usageSnippet({ name: 'A', properties: [], variants: [{ name: 'two\nlines */ x', values: {} }] });
  assert.ok(snippet.includes('// two lines * / x (the defaults)'));
  assert.equal(snippet.split('\n').length, 13);  // the two imports, then as before
});
