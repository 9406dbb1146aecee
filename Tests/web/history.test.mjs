import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  actionMatches, actionSummary, changeTexts, revisionText, changedElsewhere, presenceText, windowName, windowsText,
} from '../../Web/history.js';

const rating = {
  name: 'RatingControl',
  properties: [
    { name: 'starCount', label: 'Star Count', kind: 'integer', default: 5, constraints: {} },
    { name: 'starSize', label: 'Star Size', kind: 'size', default: { width: 44, height: 44 }, constraints: {} },
    { name: 'rating', label: 'Rating', kind: 'integer', default: 0, constraints: {} },
  ],
};

const set = {
  revision: 4, time: 0, windows: [2], kind: 'set',
  changes: [
    { property: 'starCount', from: 5, to: 7 },
    { property: 'starSize', from: { width: 44, height: 44 }, to: { width: 64, height: 60 } },
  ],
};

test('an entry reads with labels and formatted values, old to new', () => {
  assert.deepEqual(changeTexts(rating, set), ['Star Count 5 → 7', 'Star Size 44 × 44 → 64 × 60']);
  assert.equal(actionSummary(rating, set), 'Changed: Star Count 5 → 7, Star Size 44 × 44 → 64 × 60');
});

test('a property missing on one side reads as its default, an unknown one as JSON', () => {
  const reset = { revision: 5, kind: 'reset', windows: [1], changes: [{ property: 'rating', from: 3, to: null }] };
  assert.equal(actionSummary(rating, reset), 'Reset: Rating 3 → 0');
  const gone = { revision: 6, kind: 'set', windows: [1], changes: [{ property: 'removed', from: 1, to: 2 }] };
  assert.equal(actionSummary(rating, gone), 'Changed: removed 1 → 2');
});

test('taps, undo, redo and restore say what they were', () => {
  const tap = { revision: 7, kind: 'tap', target: 'star-3', windows: [1], changes: [{ property: 'rating', from: 0, to: 3 }] };
  assert.equal(actionSummary(rating, tap), 'Tapped star-3: Rating 0 → 3');
  assert.equal(actionSummary(rating, { ...set, kind: 'undo' }).startsWith('Undid: Star Count'), true);
  assert.equal(actionSummary(rating, { ...set, kind: 'redo' }).startsWith('Redid: '), true);
  assert.equal(actionSummary(rating, { ...set, kind: 'restore', to: 2 }).startsWith('Restored revision 2: '), true);
  assert.equal(actionSummary(rating, { ...tap, changes: [] }), 'Tapped star-3: nothing changed');
});

test('a tap the server noted says why it changed nothing', () => {
  const note = 'Stepper "Locked" is bound to a constant: nothing changed';
  const tap = { revision: 8, kind: 'tap', target: 'stepper-2-increment', windows: [1], changes: [], notes: [note] };
  assert.equal(actionSummary(rating, tap), `Tapped stepper-2-increment: ${note}`);
  assert.equal(actionMatches(rating, tap, 'constant', 1), true);
  // Notes that are not strings are not shown; without notes the tap says nothing changed.
  assert.equal(actionSummary(rating, { ...tap, notes: [3, null] }), 'Tapped stepper-2-increment: nothing changed');
});

test('windows are named from this window’s point of view', () => {
  assert.equal(windowName(2, 2), 'This window');
  assert.equal(windowName(3, 2), 'Window 3');
  assert.equal(windowsText([2, 5], 2), 'this window, window 5');
  assert.equal(windowsText([], 2), 'The server');
});

test('the filter matches words of the text, the window and the revision, in any order', () => {
  assert.equal(actionMatches(rating, set, '', 1), true);
  assert.equal(actionMatches(rating, set, 'star count', 1), true);
  assert.equal(actionMatches(rating, set, 'COUNT star', 1), true);
  assert.equal(actionMatches(rating, set, 'window 2', 1), true);
  assert.equal(actionMatches(rating, set, 'r4', 1), true);
  assert.equal(actionMatches(rating, set, 'rating', 1), false);
  assert.equal(actionMatches(rating, set, 'this window', 1), false);
  assert.equal(actionMatches(rating, set, 'this window', 2), true);
});

test('presence and edits from elsewhere', () => {
  assert.equal(presenceText(1), 'Only this window');
  assert.equal(presenceText(3), '3 windows watching');
  assert.equal(changedElsewhere(set, 'starCount', 1), true);
  assert.equal(changedElsewhere(set, 'starCount', 2), false, 'our own change is no conflict');
  assert.equal(changedElsewhere(set, 'rating', 1), false);
  assert.equal(changedElsewhere(set, null, 1), false);
});

test('a revision after a restart is shown as its count within the run, not as the epoch', () => {
  // A restarted server counts from 2^32 (then 2^33 …): the second change after it is r2.
  assert.equal(revisionText(4294967298), 'r2');
  assert.equal(revisionText((3 * 4294967296) + 17), 'r17');
  assert.equal(revisionText(7), 'r7');
  const restored = { kind: 'restore', to: 4294967297, revision: 4294967299, changes: [] };
  assert.equal(actionSummary({ properties: [] }, restored).startsWith('Restored revision 1: '), true);
  assert.equal(actionMatches({ properties: [] }, restored, 'r3', 1), true);
});

test('a preview\'s tap history is told as taps, not as the string the server keeps', () => {
  const taps = { name: 'taps', label: 'Taps', kind: 'string', default: '' };
  const preview = { name: 'FavoriteButton.swift:20', preview: { group: 'FavoriteButton.swift' }, properties: [taps] };
  const tapped = { kind: 'tap', changes: [{ property: 'taps', from: null, to: 'tap-1@201.01,450.92' }] };
  assert.deepEqual(changeTexts(preview, tapped), ['Taps: No taps yet → 1 tap: tap-1']);
  // A component's own string property named taps is a string like any other.
  const component = { name: 'Counter', properties: [taps] };
  assert.deepEqual(changeTexts(component, tapped), ['Taps “” → “tap-1@201.01,450.92”']);
});
