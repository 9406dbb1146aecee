// Unit tests of Web/catalog.js's pure helpers: what the sidebar says of a preview and what its
// filter matches.
import test from 'node:test';
import assert from 'node:assert/strict';
import { previewPlace, searchText } from '../../Web/catalog.js';

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
