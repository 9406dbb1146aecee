// Unit tests of Web/values.js: the checks and texts the inspector, links, vary row and export share.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  checkValue, formatValue, isIncomplete, numberText, onStep, parseColor, parseNumber, readableServerMessage, sameValue,
  snap, upperBound, validDate,
} from '../../Web/values.js';

const starCount = { name: 'starCount', label: 'Star Count', kind: 'integer', default: 5, constraints: { min: 1, max: 20, step: 1 } };
const rating = { name: 'rating', label: 'Rating', kind: 'integer', default: 0, constraints: { min: 0, max: 20, step: 1, maxProperty: 'starCount' } };
const spacing = { name: 'spacing', label: 'Spacing', kind: 'double', default: 8, constraints: { min: 0, max: 40, step: 1 } };
const grayscale = { name: 'grayscale', label: 'Grayscale', kind: 'double', default: 0, constraints: { min: 0, max: 1, step: 0.05 } };
const hue = { name: 'hueRotation', label: 'Hue Rotation', kind: 'angle', default: 0, constraints: { min: 0, max: 360, step: 1 } };
const starSize = { name: 'starSize', label: 'Star Size', kind: 'size', default: { width: 44, height: 44 }, constraints: { min: 8, max: 200, step: 1 } };
const page = { name: 'currentPage', label: 'Current Page', kind: 'integer', default: 0, constraints: { min: 0, max: 19, step: 1, belowProperty: 'numberOfPages' } };
const component = { name: 'RatingControl', properties: [starCount, starSize, spacing, rating] };

test('a value in range and on its step passes', () => {
  assert.equal(checkValue(starCount, 20), null);
  assert.equal(checkValue(grayscale, 0.35), null);
  assert.equal(checkValue(hue, 360), null);
  assert.equal(checkValue(starSize, { width: 8, height: 200 }), null);
});

test('out of range names the label, what is expected and what came', () => {
  assert.equal(checkValue(starCount, 25), 'Star Count must be a whole number from 1 to 20; got 25.');
  assert.equal(checkValue(hue, 400), 'Hue Rotation must be an angle from 0° to 360° in whole degrees; got 400°.');
  assert.equal(checkValue(spacing, 41), 'Spacing must be a number from 0 to 40 in steps of 1; got 41.');
  assert.match(checkValue(starSize, { width: 8, height: 300 }), /^Star Size must .* from 8 to 200.*; got 8 × 300\.$/);
});

test('the declared step is enforced', () => {
  assert.match(checkValue(spacing, 7.5), /in steps of 1; got 7\.5\./);
  assert.match(checkValue(grayscale, 0.33), /in steps of 0\.05; got 0\.33\./);
  assert.ok(onStep(grayscale, 0.15), 'float noise must not fail 0.15 against 0.05');
  assert.equal(snap(grayscale, 0.33), 0.35);
  assert.equal(snap(spacing, 41), 40);
});

test('a bound that follows another property uses its current value', () => {
  assert.equal(upperBound(rating, { starCount: 3 }), 3);
  assert.equal(upperBound(page, { numberOfPages: 4 }), 3);
  assert.equal(checkValue(rating, 3, { starCount: 3 }, component), null);
  assert.equal(checkValue(rating, 4, { starCount: 3 }, component), 'Rating must be at most Star Count (3); got 4.');
  assert.match(checkValue(page, 4, { numberOfPages: 4 }), /less than numberOfPages \(4\); got 4\./);
});

test('text that is not a number is quoted, never dumped as JSON', () => {
  assert.equal(checkValue(starCount, 'abc'), 'Star Count must be a whole number from 1 to 20; got “abc”.');
  assert.equal(parseNumber('2.5', true), null);
  assert.equal(parseNumber(' 2.5 ', false), 2.5);
  assert.ok(isIncomplete('-') && isIncomplete('') && isIncomplete('1e'));
  assert.ok(!isIncomplete('abc') && !isIncomplete('25'));
});

test('server messages read as the page speaks', () => {
  assert.equal(
    readableServerMessage(component, 'RatingControl.starSize: expected a size {"width": …, "height": …}, got {"width":"wide","height":45}'),
    'Star Size: expected a size {"width": …, "height": …}, got wide × 45',
  );
  assert.equal(readableServerMessage(component, 'RatingControl.starCount: expected an integer in 1...20, got -3'),
    'Star Count: expected an integer in 1 to 20, got -3');
});

test('colours, dates and formats', () => {
  assert.equal(parseColor('ff8800'), '#FF8800');
  assert.equal(parseColor('#FF8800FF'), '#FF8800');
  assert.equal(parseColor('#FF88'), null);
  assert.ok(sameValue({ kind: 'color' }, '#ff8800', '#FF8800FF'));
  assert.ok(validDate('2024-02-29') && !validDate('2026-02-29') && !validDate('2026-13-01'));
  assert.equal(numberText(0.1 + 0.2), '0.3');
  assert.equal(formatValue(starSize, { width: 30, height: 30.5 }), '30 × 30.5');
  assert.equal(formatValue(hue, 90), '90°');
  assert.equal(formatValue(grayscale, 0.30000000000000004), '0.3');
});

test('messages name other properties by label, as the page does (issue 26)', () => {
  const component = { name: 'RatingControl', properties: [
    { name: 'starCount', label: 'Star Count', kind: 'integer' }, { name: 'rating', label: 'Rating', kind: 'integer' }] };
  assert.equal(readableServerMessage(component, 'rating lowered from 5 to 3 because starCount is now 3'),
    'Rating lowered from 5 to 3 because Star Count is now 3');
  assert.equal(readableServerMessage(component, 'RatingControl.rating: expected an integer in 0...3 (at most starCount, which is 3), got 5'),
    'Rating: expected an integer in 0 to 3 (at most Star Count, which is 3), got 5');
});

test('a tap history reads as a count and its last targets, without coordinates', async () => {
  const { tapSummary } = await import('../../Web/values.js');
  assert.equal(tapSummary(''), 'No taps yet');
  assert.equal(tapSummary(undefined), 'No taps yet');
  assert.equal(tapSummary('tap-1@201.01,450.92'), '1 tap: tap-1');
  assert.equal(tapSummary('a;b@1,2;c'), '3 taps: a, b, c');
  assert.equal(tapSummary('a;b;c;d@3,4'), '4 taps: …, b, c, d');
});
