import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  AXES, STANDARD, cellLabel, describe, environmentFromURL, environmentName, matrixCells,
  normalized, parseCanvas, problemWith, setDevices, wireEnvironment, withEnvironment,
} from '../../Web/environment.js';
import { queryFor, valuesFromURL } from '../../Web/urlstate.js';

const badge = {
  name: 'HikeBadge', title: 'Hike Badge',
  properties: [{ name: 'name', label: 'Name', kind: 'string', default: 'First Hike', constraints: {} }],
};

test('names match the server and CLI spelling', () => {
  assert.equal(environmentName({}), 'standard');
  assert.equal(environmentName({ scheme: 'dark' }), 'dark');
  assert.equal(environmentName({ scheme: 'dark', textSize: 'accessibility3', direction: 'rtl', locale: 'de-DE' }), 'dark-accessibility3-rtl-de_DE');
  assert.equal(environmentName({ scheme: 'light', textSize: 'large', direction: 'ltr', locale: 'en_US' }), 'standard');
});

test('requests carry only what differs from the standard environment', () => {
  assert.deepEqual(wireEnvironment(STANDARD), {});
  assert.deepEqual(wireEnvironment({ scheme: 'dark', direction: 'rtl' }), { scheme: 'dark', direction: 'rtl' });
});

test('a link sets the environment and names each bad value with the values there are', () => {
  const { environment, matrix, ignored } = environmentFromURL(
    'http://x/?c=HikeBadge&scheme=purple&textSize=accessibility3&direction=rtl&locale=de-DE&matrix=scheme,textSize');
  assert.deepEqual(environment, { scheme: 'light', textSize: 'accessibility3', direction: 'rtl', locale: 'de_DE', canvas: 'auto' });
  assert.equal(matrix, 'scheme,textSize');
  assert.equal(ignored.length, 1);
  assert.equal(ignored[0].reason, 'Scheme must be one of light, dark; got “purple”.');
  const huge = environmentFromURL('http://x/?textSize=huge&matrix=everything&locale=!!');
  assert.deepEqual(huge.ignored.map((i) => i.name), ['textSize', 'locale', 'matrix']);
  assert.match(huge.ignored[0].reason, /xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1, .*accessibility5; got “huge”/);
  assert.equal(huge.environment.textSize, 'large');
});

test('a property named like an environment value wins in a link', () => {
  assert.equal(environmentFromURL('http://x/?scheme=dark', ['scheme']).environment.scheme, 'light');
  assert.equal(environmentFromURL('http://x/?scheme=dark', ['name']).environment.scheme, 'dark');
});

test('environment values in a link are not reported as unknown properties', () => {
  const { values, ignored } = valuesFromURL(badge, 'http://x/?c=HikeBadge&scheme=dark&matrix=scheme&name=Earth');
  assert.deepEqual(values, { name: 'Earth' });
  assert.deepEqual(ignored, []);
});

test('the query keeps values and adds only non-standard environment values', () => {
  const query = queryFor(badge, { name: 'Earth' }, { environment: { ...STANDARD, scheme: 'dark', locale: 'de_DE' }, matrix: 'textSize' });
  assert.equal(query, '?c=HikeBadge&name=Earth&scheme=dark&locale=de_DE&matrix=textSize');
  assert.equal(queryFor(badge, {}, { environment: STANDARD, matrix: null }), '?c=HikeBadge');
  assert.equal(withEnvironment('?c=X&scheme=dark', { scheme: 'light' }), '?c=X');
  // A key the environment leaves out is left alone.
  assert.equal(withEnvironment('?c=X&scheme=value', {}), '?c=X&scheme=value');
});

test('a two-axis matrix has a cell for each pair, rows along the first axis', () => {
  const cells = matrixCells('scheme,textSize', { direction: 'rtl' });
  assert.equal(cells.length, 6);
  assert.deepEqual(cells.map((c) => [c.row, c.column]), [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]]);
  assert.deepEqual(cells.map((c) => c.name), [
    'xSmall-rtl', 'rtl', 'accessibility3-rtl', 'dark-xSmall-rtl', 'dark-rtl', 'dark-accessibility3-rtl',
  ]);
  assert.equal(cellLabel('scheme,textSize', cells[5].environment), 'Dark · AX3');
  assert.deepEqual(matrixCells('nope', {}), []);
  assert.equal(matrixCells('direction', {}).length, 2);
});

test('every axis value is accepted and anything else refused', () => {
  for (const [axis, values] of Object.entries(AXES)) {
    for (const value of values) assert.equal(problemWith(axis, value), null, `${axis}=${value}`);
  }
  assert.match(problemWith('direction', 'up'), /Direction must be one of ltr, rtl; got “up”/);
  assert.match(problemWith('color', 'x'), /no environment value “color”/);
  assert.equal(problemWith('locale', 'zh_Hant_TW'), null);
});

test('descriptions read as a person says them', () => {
  assert.equal(describe({}), 'Standard');
  assert.equal(describe({ scheme: 'dark', textSize: 'accessibility3', direction: 'rtl' }), 'Dark, AX3, right to left');
  assert.deepEqual(normalized({ locale: 'de-DE' }).locale, 'de_DE');
});

// The devices as the server's catalog lists them (a part of the list).
const DEVICES = [
  { name: 'iPhone 16 Pro', idiom: 'phone', width: 402, height: 874, cornerRadius: 62 },
  { name: 'iPhone SE (3rd generation)', idiom: 'phone', width: 375, height: 667, cornerRadius: 0 },
  { name: 'iPad mini (A17 Pro)', idiom: 'pad', width: 744, height: 1133, cornerRadius: 18 },
];

test('the canvas is named, sent and linked as the server names it', () => {
  setDevices(DEVICES);
  assert.equal(environmentName({ canvas: 'iPhone 16 Pro' }), 'iphone-16-pro');
  assert.equal(environmentName({ canvas: 'iPhone 16 Pro landscape', scheme: 'dark' }), 'dark-iphone-16-pro-landscape');
  assert.equal(environmentName({ canvas: 'iPad mini (A17 Pro)' }), 'ipad-mini-a17-pro');
  assert.equal(environmentName({ canvas: '390.5x844' }), '390.5x844');
  assert.equal(environmentName({ canvas: 'fit' }), 'fit');
  assert.equal(environmentName({ canvas: 'auto' }), 'standard');
  assert.deepEqual(wireEnvironment({ canvas: 'iPhone 16 Pro' }), { canvas: 'iPhone 16 Pro' });
  assert.deepEqual(wireEnvironment({ canvas: 'auto' }), {});
  assert.equal(withEnvironment('?c=X', { ...STANDARD, canvas: 'iPhone SE (3rd generation)' }), '?c=X&canvas=iPhone+SE+%283rd+generation%29');
  const { environment } = environmentFromURL('http://x/?canvas=iPhone+16+Pro+landscape');
  assert.equal(environment.canvas, 'iPhone 16 Pro landscape');
});

test('a canvas a link names must be fit, a size or a known device', () => {
  setDevices(DEVICES);
  assert.deepEqual(parseCanvas('320x100'), { kind: 'size', width: 320, height: 100 });
  assert.equal(parseCanvas('iPhone 16 Pro landscape').landscape, true);
  assert.equal(parseCanvas('0x10'), null);
  assert.equal(parseCanvas('Nokia 3310'), null);
  const { environment, ignored } = environmentFromURL('http://x/?canvas=Nokia+3310');
  assert.equal(environment.canvas, 'auto');
  assert.match(ignored[0].reason, /Canvas must be auto, fit, WIDTHxHEIGHT in points or a device \(iPhone 16 Pro, iPhone SE \(3rd generation\), iPad mini \(A17 Pro\), .*got “Nokia 3310”/);
});

test('the device matrix spans the size that fits, a large and a small phone and a tablet', () => {
  setDevices(DEVICES);
  const cells = matrixCells('canvas', STANDARD);
  assert.deepEqual(cells.map((c) => c.environment.canvas), ['fit', 'iPhone 16 Pro', 'iPhone SE (3rd generation)', 'iPad mini (A17 Pro)']);
  assert.deepEqual(cells.map((c) => c.name), ['fit', 'iphone-16-pro', 'iphone-se-3rd-generation', 'ipad-mini-a17-pro']);
  assert.equal(cellLabel('canvas', cells[0].environment), 'Size that fits');
  assert.equal(describe({ canvas: 'iPhone 16 Pro landscape' }), 'iPhone 16 Pro (landscape)');
});
