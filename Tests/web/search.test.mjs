// Unit tests of Web/search.js: what the search palette finds and in which order.
import test from 'node:test';
import assert from 'node:assert/strict';
import { buildIndex, fold, search } from '../../Web/search.js';

const CATALOG = [
  {
    name: 'RatingControl', title: 'Rating Control', summary: 'A row of stars that sets a rating when tapped.',
    properties: [
      { name: 'starCount', label: 'Star Count', kind: 'integer', help: 'How many stars the control shows.' },
      { name: 'spacing', label: 'Spacing', kind: 'double', help: 'The space between two stars.' },
      { name: 'rating', label: 'Rating', kind: 'integer' },
    ],
    variants: [{ name: 'Three stars', values: { rating: 3 } }, { name: 'Large', values: {} }],
  },
  {
    name: 'ProfileSummary', title: 'Profile Summary', summary: 'A hiker’s profile: name, notifications, badges.',
    properties: [
      { name: 'seasonalPhoto', label: 'Seasonal Photo', kind: 'choice' },
      { name: 'prefersNotifications', label: 'Notifications', kind: 'bool' },
      { name: 'goalDate', label: 'Goal Date', kind: 'date' },
    ],
    variants: [{ name: 'Summer, no notifications', values: {} }],
  },
  { name: 'Café', title: 'Café Sign', summary: '', properties: [], variants: [] },
];

const index = buildIndex(CATALOG);
const keys = (results) => results.map((e) => `${e.kind}:${e.component}${e.variant ? `/${e.variant}` : ''}${e.property ? `.${e.property}` : ''}`);

test('the index holds every component, variant and property once', () => {
  assert.equal(index.filter((e) => e.kind === 'component').length, 3);
  assert.equal(index.filter((e) => e.kind === 'variant').length, 3);
  assert.equal(index.filter((e) => e.kind === 'property').length, 6);
});

test('a property label finds the property first', () => {
  assert.deepEqual(keys(search(index, 'goal date')).slice(0, 1), ['property:ProfileSummary.goalDate']);
  assert.deepEqual(keys(search(index, 'Star Count')).slice(0, 1), ['property:RatingControl.starCount']);
});

test('a Swift name finds its property, also by its words', () => {
  assert.deepEqual(keys(search(index, 'prefersNotifications')).slice(0, 1), ['property:ProfileSummary.prefersNotifications']);
  assert.ok(keys(search(index, 'prefers')).includes('property:ProfileSummary.prefersNotifications'));
});

test('an exact name or label comes first, then what starts with the query', () => {
  const found = keys(search(index, 'rating'));
  assert.deepEqual(found.slice(0, 2), ['property:RatingControl.rating', 'component:RatingControl']);
  const partial = keys(search(index, 'ratingcon'));
  assert.equal(partial[0], 'component:RatingControl');
  // The component's own entry outranks its properties, which only match through their owner.
  assert.ok(partial.indexOf('component:RatingControl') < partial.indexOf('property:RatingControl.starCount'));
});

test('variants are found by name, and words may come from the component', () => {
  assert.deepEqual(keys(search(index, 'three stars')).slice(0, 1), ['variant:RatingControl/Three stars']);
  assert.deepEqual(keys(search(index, 'profile summer')), ['variant:ProfileSummary/Summer, no notifications']);
});

test('summaries and help are searched, but weigh less', () => {
  assert.deepEqual(keys(search(index, 'hiker')), ['component:ProfileSummary']);
  const found = keys(search(index, 'space between'));
  assert.deepEqual(found, ['property:RatingControl.spacing']);
});

test('every word must match somewhere', () => {
  assert.deepEqual(search(index, 'star nothing-like-this'), []);
  assert.deepEqual(search(index, '   '), []);
});

test('case and accents are ignored', () => {
  assert.equal(fold('Café'), 'cafe');
  assert.deepEqual(keys(search(index, 'CAFE')), ['component:Café']);
});

test('results are capped', () => {
  assert.equal(search(index, 'a', 2).length, 2);
});

test('a preview entry is found by its file and says where it is, without its tap history', () => {
  const index = buildIndex([
    ...CATALOG,
    {
      name: 'Favorite', title: 'Favorite', summary: '#Preview in App/LandmarkRow.swift, line 40',
      properties: [{ name: 'taps', label: 'Taps', kind: 'string', help: 'The taps made on this preview' }],
      variants: [], preview: { group: 'LandmarkRow.swift', file: 'App/LandmarkRow.swift', line: 40, traits: { layout: 'device' } },
    },
  ]);
  const found = search(index, 'landmark row');
  assert.equal(found[0].component, 'Favorite');
  assert.equal(found[0].detail, 'Preview in LandmarkRow.swift');
  assert.equal(search(index, 'taps').length, 0);
});
