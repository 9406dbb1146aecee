// Unit tests of Web/viewtree.js on outlines as `starboard render` writes them
// (Sources/StarboardUI/ViewOutline.swift; the Swift side is pinned by ViewOutlineTests).
import test from 'node:test';
import assert from 'node:assert/strict';
import { elementFor, measure, parseOutline, pathTo, viewAt, viewName } from '../../Web/viewtree.js';

// `starboard render RatingControl starCount=2`
const RATING_TABLE = 'RatingControl/HStack/.accessibility/StarButton/.frame/ZStack/Rectangle/Path';
const RATING_TEXT = '0 0 0 96 44 0.1;1 0 0 44 44 2.3.4.5;1 6;2 7;4 52 0 44 44 2.3.4.5;1 6;2 7';

test('entries become views with parents, depths, frames and types', () => {
  const views = parseOutline(RATING_TABLE, RATING_TEXT);
  assert.equal(views.length, 7);
  assert.deepEqual(views[0], { index: 0, parent: -1, depth: 0, frame: { x: 0, y: 0, width: 96, height: 44 }, types: ['RatingControl', 'HStack'] });
  assert.deepEqual(views[1].types, ['.accessibility', 'StarButton', '.frame', 'ZStack']);
  // A frame left out is the parent's.
  assert.deepEqual(views[2], { index: 2, parent: 1, depth: 2, frame: { x: 0, y: 0, width: 44, height: 44 }, types: ['Rectangle'] });
  assert.equal(views[3].parent, 1);
  assert.equal(views[4].parent, 0);
  assert.deepEqual(views[4].frame, { x: 52, y: 0, width: 44, height: 44 });
  assert.equal(views[6].parent, 4);
});

test('malformed outlines are refused, not guessed at', () => {
  assert.throws(() => parseOutline('A', '3 0 0 1 1 0'), /entry 0 is malformed/);
  assert.throws(() => parseOutline('A', '0 0 0 1 0'), /malformed/);
  assert.throws(() => parseOutline('A', '0 0'), /root .* needs a frame/);
  assert.deepEqual(parseOutline('', ''), []);
});

test('the view under a point is the deepest there, the last drawn among equals', () => {
  const views = parseOutline(RATING_TABLE, RATING_TEXT);
  assert.equal(viewAt(views, { x: 10, y: 10 }).index, 3); // the star's Path, drawn over its Rectangle
  assert.equal(viewAt(views, { x: 60, y: 10 }).index, 6);
  assert.equal(viewAt(views, { x: 48, y: 10 }).index, 0); // between the stars: the HStack
  assert.equal(viewAt(views, { x: 200, y: 10 }), null);
});

test('the breadcrumb runs from the root to the view, named by their first view type', () => {
  const views = parseOutline(RATING_TABLE, RATING_TEXT);
  const path = pathTo(views, 6);
  assert.deepEqual(path.map((v) => v.index), [0, 4, 6]);
  assert.deepEqual(path.map(viewName), ['RatingControl', 'StarButton', 'Path']);
  assert.equal(viewName({ types: ['.padding'] }), '.padding');
});

test('a view belongs to the smallest accessibility element around it', () => {
  const elements = [
    { id: 'all', frame: { x: 0, y: 0, width: 96, height: 44 } },
    { id: 'star-2', frame: { x: 52, y: 0, width: 44, height: 44 } },
  ];
  assert.equal(elementFor(elements, { x: 60, y: 5, width: 10, height: 10 }).id, 'star-2');
  assert.equal(elementFor(elements, { x: 40, y: 5, width: 20, height: 10 }).id, 'all');
  assert.equal(elementFor(elements, { x: 90, y: 5, width: 20, height: 10 }), null);
});

test('measure: the gap between views apart, the insets of a view inside another', () => {
  // Side by side: one horizontal line over the 8-point gap, at the middle of their overlap.
  assert.deepEqual(measure({ x: 0, y: 0, width: 44, height: 44 }, { x: 52, y: 0, width: 44, height: 44 }),
    [{ axis: 'x', from: { x: 44, y: 22 }, to: { x: 52, y: 22 }, length: 8 }]);
  // Diagonal: a horizontal and a vertical gap.
  const diagonal = measure({ x: 0, y: 0, width: 10, height: 10 }, { x: 30, y: 25, width: 10, height: 10 });
  assert.deepEqual(diagonal.map((l) => [l.axis, l.length]), [['x', 20], ['y', 15]]);
  // Inside: the distance from each edge, none where the edges meet.
  const inside = measure({ x: 16, y: 16, width: 340, height: 292.7 }, { x: 0, y: 0, width: 372, height: 324.7 });
  assert.deepEqual(inside.map((l) => [l.axis, l.length]), [['x', 16], ['x', 16], ['y', 16], ['y', 16]]);
  assert.deepEqual(measure({ x: 0, y: 0, width: 44, height: 44 }, { x: 0, y: 0, width: 44, height: 44 }), []);
});

test('origins are from the parent’s origin, added up to tenths of a point', () => {
  const views = parseOutline('A/B/C', '0 0 0 100 122 0;1 37.5 25 50 50 1;1 3.7 -1.5 35.4 35.4 2;3 -100 -100 300 300 1');
  assert.deepEqual(views[1].frame, { x: 37.5, y: 25, width: 50, height: 50 });
  assert.deepEqual(views[2].frame, { x: 41.2, y: 23.5, width: 35.4, height: 35.4 });
  assert.deepEqual(views[3].frame, { x: -100, y: -100, width: 300, height: 300 });
  assert.equal(views[3].parent, 0);
});

test('the arrow keys move through the view tree (issue 26)', async () => {
  const { step } = await import('../../Web/viewtree.js');
  // 0 ─┬─ 1 ─── 2
  //    └─ 3
  const views = [
    { index: 0, parent: -1 }, { index: 1, parent: 0 }, { index: 2, parent: 1 }, { index: 3, parent: 0 },
  ];
  assert.equal(step(views, null, 'ArrowDown'), 0);
  assert.equal(step(views, 0, 'ArrowDown'), 1);
  assert.equal(step(views, 1, 'ArrowDown'), 2);
  assert.equal(step(views, 2, 'ArrowDown'), 2);
  assert.equal(step(views, 2, 'ArrowUp'), 1);
  assert.equal(step(views, 0, 'ArrowUp'), 0);
  assert.equal(step(views, 1, 'ArrowRight'), 3);
  assert.equal(step(views, 3, 'ArrowRight'), 3);
  assert.equal(step(views, 3, 'ArrowLeft'), 1);
  assert.equal(step(views, 1, 'Tab'), null);
  assert.equal(step([], null, 'ArrowDown'), null);
});
