// Unit tests of Web/urlstate.js: links carry values that decode and check one by one.
import test from 'node:test';
import assert from 'node:assert/strict';
import { decode, encode, keepingToken, queryFor, tokenFromURL, valuesFromURL } from '../../Web/urlstate.js';

const component = {
  name: 'RatingControl', title: 'Rating Control',
  properties: [
    { name: 'starCount', label: 'Star Count', kind: 'integer', default: 5, constraints: { min: 1, max: 20, step: 1 } },
    { name: 'starSize', label: 'Star Size', kind: 'size', default: { width: 44, height: 44 }, constraints: { min: 8, max: 200, step: 1 } },
    { name: 'spacing', label: 'Spacing', kind: 'double', default: 8, constraints: { min: 0, max: 40, step: 1 } },
    { name: 'rating', label: 'Rating', kind: 'integer', default: 0, constraints: { min: 0, max: 20, step: 1, maxProperty: 'starCount' } },
  ],
};
const url = (query) => `http://127.0.0.1:8080/${query}`;

test('a link with good values gives them all', () => {
  const { values, ignored } = valuesFromURL(component, url('?c=RatingControl&starCount=7&starSize=30x30&rating=3'));
  assert.deepEqual(values, { starCount: 7, starSize: { width: 30, height: 30 }, rating: 3 });
  assert.deepEqual(ignored, []);
});

test('one bad value costs only itself, with a reason that names the label', () => {
  const { values, ignored } = valuesFromURL(component, url('?c=RatingControl&starCount=50&spacing=4&rating=2&bogus=1'));
  assert.deepEqual(values, { spacing: 4, rating: 2 });
  assert.deepEqual(ignored.map((item) => item.name).sort(), ['bogus', 'starCount']);
  assert.match(ignored.find((item) => item.name === 'starCount').reason, /^Star Count must be a whole number from 1 to 20; got 50\.$/);
});

test('a dependent bound is checked against the link’s own values', () => {
  assert.deepEqual(valuesFromURL(component, url('?c=RatingControl&starCount=8&rating=7')).values, { starCount: 8, rating: 7 });
  const { values, ignored } = valuesFromURL(component, url('?c=RatingControl&rating=9'));
  assert.deepEqual(values, {});
  assert.match(ignored[0].reason, /Rating must be at most Star Count \(5\); got 9\./);
});

test('values round-trip through the query', () => {
  const values = { starCount: 7, starSize: { width: 30, height: 30 }, spacing: 8, rating: 3 };
  const query = queryFor(component, values);
  assert.equal(query, '?c=RatingControl&starCount=7&starSize=30x30&rating=3');
  assert.deepEqual(valuesFromURL(component, url(query)).values, { starCount: 7, starSize: { width: 30, height: 30 }, rating: 3 });
});

test('each kind decodes its own spelling', () => {
  assert.deepEqual(decode({ kind: 'point' }, '10,20'), { x: 10, y: 20 });
  assert.equal(decode({ kind: 'color' }, 'ff880080'), '#FF880080');
  assert.equal(decode({ kind: 'date' }, '2026-02-30'), undefined);
  assert.equal(decode({ kind: 'bool' }, 'yes'), undefined);
  assert.equal(encode({ kind: 'color' }, '#FF8800'), 'FF8800');
});

test('the access token is read from the URL, and is never a value', () => {
  const link = url('?c=RatingControl&rating=2&token=0123456789abcdef0123456789abcdef');
  assert.equal(tokenFromURL(link), '0123456789abcdef0123456789abcdef');
  assert.equal(tokenFromURL(url('?c=RatingControl')), null);
  const { values, ignored } = valuesFromURL(component, link);
  assert.deepEqual(values, { rating: 2 });
  assert.deepEqual(ignored, []);
});

test('rewriting the URL keeps its token at the end, and adds none where there was none', () => {
  const query = queryFor(component, { starCount: 7 });
  const opened = url('?token=abc-DEF_123.xyz~0123');
  assert.equal(keepingToken(query, opened), '?c=RatingControl&starCount=7&token=abc-DEF_123.xyz~0123');
  assert.equal(tokenFromURL(url(keepingToken(query, opened))), 'abc-DEF_123.xyz~0123');
  assert.equal(keepingToken(query, url('?c=RatingControl')), query);
  assert.equal(keepingToken('?', opened), '?token=abc-DEF_123.xyz~0123');
});

test('a property named token stays out of the URL, where the token lives', () => {
  const withToken = { ...component, properties: [...component.properties, { name: 'token', label: 'Token', kind: 'string', default: '' }] };
  assert.equal(queryFor(withToken, { token: 'secret', rating: 1 }), '?c=RatingControl&rating=1');
});
