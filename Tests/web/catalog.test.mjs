// Unit tests of Web/catalog.js's pure helpers: what the sidebar says of a preview and what its
// filter matches.
import test from 'node:test';
import assert from 'node:assert/strict';
import { changedRows, hiddenRows, previewPlace, searchText } from '../../Web/catalog.js';
import { buildIndex, search } from '../../Web/search.js';

test('a preview is described by its line and the layout it asks for', () => {
  assert.equal(previewPlace({ group: 'Row.swift', line: 12, traits: { layout: 'device', orientation: 'portrait' } }), 'line 12');
  assert.equal(previewPlace({ group: 'Row.swift', line: 3, traits: { layout: 'sizeThatFits', orientation: 'landscapeLeft' } }),
    'line 3 · size that fits · landscape left');
  assert.equal(previewPlace({ group: 'Row_Previews', traits: { layout: 'fixed', width: 320, height: 80, orientation: 'portrait' } }), '320 × 80');
});

test('the filter finds a preview by its group and file, a component by its names only', () => {
  const preview = { name: 'Wide', title: 'Wide', summary: '', preview: { group: 'LandmarkRow.swift', file: 'App/LandmarkRow.swift' } };
  assert.ok(searchText(preview).includes('landmarkrow.swift'));
  assert.ok(searchText(preview).includes('app/landmarkrow.swift'));
  assert.ok(!searchText({ name: 'Badge', title: 'Badge', summary: 'A badge' }).includes('preview'));
});

test('the filter hides the rows missing a word, and a keystroke touches only the rows whose match changed', () => {
  const shapes = ['red circle', 'blue circle', 'red square', 'green square'];
  const texts = Array.from({ length: 500 }, (_, index) => shapes[index % 4]);
  const none = hiddenRows(texts, '');
  assert.equal(none.filter(Boolean).length, 0);
  const red = hiddenRows(texts, 'red');
  assert.equal(red.filter((hidden) => !hidden).length, 250);
  const redSquare = hiddenRows(texts, '  SQUARE red ');
  assert.equal(redSquare.filter((hidden) => !hidden).length, 125);
  assert.ok(redSquare.every((hidden, index) => hidden === (texts[index] !== 'red square')));
  // From "red" to "red square" only the 125 red circles change; typing a word every row has, none.
  assert.deepEqual(changedRows(red, redSquare), texts.flatMap((text, index) => (text === 'red circle' ? [index] : [])));
  assert.deepEqual(changedRows(none, hiddenRows(texts, 'e')), []);
  assert.equal(changedRows(redSquare, none).length, 375);
});

test('the search index is folded once, and searching it finds what folding at each query found', () => {
  const components = [{ name: 'Café', title: 'Café', properties: [{ name: 'starCount', label: 'Étoiles' }], variants: [{ name: 'Crème' }] }];
  const index = buildIndex(components);
  assert.ok(index.every((entry) => entry.folded.length === entry.fields.length));
  assert.equal(index[0].folded[0].text, 'cafe');
  const unfolded = index.map(({ folded, ...entry }) => entry);
  for (const query of ['cafe', 'etoiles', 'creme', 'star count']) {
    assert.deepEqual(search(index, query).map((e) => e.title), search(unfolded, query).map((e) => e.title), query);
  }
});
