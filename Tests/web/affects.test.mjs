// Unit tests of Web/affects.js: which properties the page lists for a view, from the reads the
// render carries. That a real render carries the right reads is checked in Swift
// (Tests/StarboardServerTests/PropertyReadsTests.swift) and on the page in Tests/e2e/page/test_select.py.
import test from 'node:test';
import assert from 'node:assert/strict';
import { affectingProperties } from '../../Web/affects.js';

const properties = [
  { name: 'starCount', label: 'Star Count' }, { name: 'starSize', label: 'Star Size' },
  { name: 'spacing', label: 'Spacing' }, { name: 'rating', label: 'Rating' },
];
// RatingControl's outline: the stack (0), two stars (1, 3) each with a shape inside (2, 4).
const views = [{ index: 0, parent: -1 }, { index: 1, parent: 0 }, { index: 2, parent: 1 }, { index: 3, parent: 0 }, { index: 4, parent: 3 }];
const reads = { 0: ['spacing', 'starCount'], 1: ['rating', 'starSize'], 3: ['starSize', 'rating'] };

test('a view lists what it and the views inside it read, in declaration order', () => {
  assert.deepEqual(affectingProperties(properties, views, reads, 1), { own: ['Star Size', 'Rating'], around: ['Star Count', 'Spacing'] });
  assert.deepEqual(affectingProperties(properties, views, reads, 0), { own: ['Star Count', 'Star Size', 'Spacing', 'Rating'], around: [] });
});

test('a view that read nothing lists its containers’ reads, each once', () => {
  assert.deepEqual(affectingProperties(properties, views, reads, 4), { own: [], around: ['Star Count', 'Star Size', 'Spacing', 'Rating'] });
  // A sibling's reads are neither its own nor around it.
  assert.deepEqual(affectingProperties(properties, views, { 3: ['spacing'] }, 1), { own: [], around: [] });
});

test('no reads, an unknown view or a name the schema lacks list nothing', () => {
  assert.deepEqual(affectingProperties(properties, views, null, 1), { own: [], around: [] });
  assert.deepEqual(affectingProperties(properties, views, reads, 9), { own: [], around: [] });
  assert.deepEqual(affectingProperties(properties, views, { 1: ['gone'] }, 1), { own: [], around: [] });
  assert.deepEqual(affectingProperties([{ name: 'rating' }], views, { 1: ['rating'] }, 1), { own: ['rating'], around: [] });
});
