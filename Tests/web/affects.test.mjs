// Unit tests of Web/affects.js: which values are tried, and how renders are compared. That the
// page lists the right properties for a real view is checked in Tests/e2e/page/test_select.py.
import test from 'node:test';
import assert from 'node:assert/strict';
import { changedWithin, diffMask, probeValues } from '../../Web/affects.js';

const starCount = { name: 'starCount', kind: 'integer', default: 5, constraints: { min: 1, max: 20 } };
const rating = { name: 'rating', kind: 'integer', default: 0, constraints: { min: 0, max: 20, maxProperty: 'starCount' } };

test('numbers are tried at their lowest and highest, within the bound another property sets', () => {
  assert.deepEqual(probeValues(starCount, { starCount: 5 }), [1, 20]);
  assert.deepEqual(probeValues(rating, { starCount: 5, rating: 2 }), [0, 5]);
  // The current value is not tried again.
  assert.deepEqual(probeValues(rating, { starCount: 5, rating: 0 }), [5]);
  const unbounded = { name: 'spacing', kind: 'double', default: 8, constraints: {} };
  assert.deepEqual(probeValues(unbounded, { spacing: 8 }), [-2, 18]);
});

test('every other kind gets values that differ from the current one', () => {
  assert.deepEqual(probeValues({ name: 'on', kind: 'bool', default: true }, {}), [false]);
  const season = { name: 'season', kind: 'choice', default: 'spring', constraints: { options: ['spring', 'summer', 'autumn', 'winter'].map((value) => ({ value })) } };
  assert.deepEqual(probeValues(season, { season: 'spring' }), ['summer', 'winter', 'autumn']);
  assert.deepEqual(probeValues({ name: 'title', kind: 'string', default: 'Hi', constraints: { maxLength: 4 } }, { title: 'Hi' }), ['', 'HiWi']);
  assert.deepEqual(probeValues({ name: 'tint', kind: 'color', default: '#000000' }, { tint: '#000000' }), ['#FFFFFF', '#FF00FF']);
  const size = { name: 'starSize', kind: 'size', default: { width: 44, height: 44 }, constraints: { min: 8, max: 200 } };
  assert.deepEqual(probeValues(size, { starSize: { width: 44, height: 44 } }), [{ width: 8, height: 8 }, { width: 200, height: 200 }]);
  assert.deepEqual(probeValues({ name: 'day', kind: 'date', default: '2026-12-31' }, {}), ['2027-12-28', '2026-01-28']);
});

test('a change counts inside the frame, not on its edge or outside it', () => {
  const image = (width, height, paint = () => [0, 0, 0, 0]) => {
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) data.set(paint(x, y), (y * width + x) * 4);
    return { width, height, data };
  };
  const base = image(20, 10);
  // A dot at (15, 5): inside the right half only.
  const dotted = image(20, 10, (x, y) => (x === 15 && y === 5 ? [255, 0, 0, 255] : [0, 0, 0, 0]));
  const mask = diffMask(base, dotted);
  assert.equal(changedWithin(mask, 20, 10, { x: 10, y: 0, width: 10, height: 10 }), true);
  assert.equal(changedWithin(mask, 20, 10, { x: 0, y: 0, width: 10, height: 10 }), false);
  // On the frame's outermost pixel: a neighbour's anti-aliasing, not a change of this view.
  assert.equal(changedWithin(mask, 20, 10, { x: 0, y: 0, width: 16, height: 10 }), false);
  // A smaller render leaves what it does not reach changed.
  const narrow = diffMask(base, image(12, 10));
  assert.equal(changedWithin(narrow, 20, 10, { x: 12, y: 0, width: 8, height: 10 }), true);
  assert.equal(changedWithin(narrow, 20, 10, { x: 0, y: 0, width: 12, height: 10 }), false);
});
