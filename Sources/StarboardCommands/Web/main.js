// Wiring: turns DOM events, connection events and server messages into
// pagestate.js events, and carries out the effects its `update` returns.
// The page's rules (which render wins, when link values apply, what a
// reconnect restores…) live there, tested under node; each module here owns
// its part of the DOM; this file only routes.

import { Connection } from './connection.js';
import { ChangeQueue } from './changes.js';
import { Catalog } from './catalog.js';
import { Inspector } from './inspector.js';
import { Canvas } from './canvas.js';
import { Variants } from './variants.js';
import { AccessibilityPanel } from './accessibility.js';
import { Matrix } from './matrix.js';
import {
  AXES, MATRICES, axisLabel, describe, environmentName, knownDevices,
  parseCanvas, problemWith, setDevices, valueLabel,
} from './environment.js';
import { keepingToken } from './urlstate.js';
import { swiftExpression, swiftImports } from './swiftcode.js';
import { downloadPNG, downloadSVG } from './download.js';
import { readableServerMessage } from './values.js';
import { Problems } from './problems.js';
import { Sidebar } from './sidebar.js';
import { History } from './history.js';
import { wirePreferences } from './preferences.js';
import { Palette } from './palette.js';
import { DocsView } from './docs.js';
import { ViewTabs } from './tabs.js';
import { SelectionPanel } from './selection.js';
import { SaveVariant } from './savevariant.js';
import { affectingProperties } from './affects.js';
import { RenderScheduler } from './renderscheduler.js';
import { connectionBanner, environmentField, initialState, update, waitingLabels } from './pagestate.js';

const $ = (id) => document.getElementById(id);

const connection = new Connection(Connection.defaultURL());
const changes = new ChangeQueue(connection);
const catalog = new Catalog({ list: $('component-list'), filter: $('filter'), empty: $('component-empty') });
const inspector = new Inspector($('inspector'));
const canvas = new Canvas({
  stage: $('stage'), frame: $('preview-frame'), preview: $('preview'), overlay: $('overlay'),
  sizeLabel: $('canvas-size'), empty: $('stage-empty'),
});
const variants = new Variants(connection, {
  list: $('variant-list'), form: $('vary'), property: $('vary-property'), range: $('vary-range'),
  from: $('vary-from'), to: $('vary-to'), step: $('vary-step'), message: $('vary-message'), varyList: $('vary-list'),
  current: $('variant-current'),
});
const accessibility = new AccessibilityPanel({
  list: $('a11y-list'), summary: $('a11y-summary'), audit: $('audit-list'), auditSummary: $('audit-summary'),
});
const matrix = new Matrix($('matrix'));
const problems = new Problems({ banner: $('problem'), build: $('build'), saving: $('saving') });
const sidebar = new Sidebar({ toggle: $('sidebar-toggle'), panel: $('sidebar'), filter: $('filter') });
const shared = new History({
  list: $('history-list'), filter: $('history-filter'), clear: $('history-clear'), empty: $('history-empty'),
  undo: $('undo'), redo: $('redo'), presence: $('presence'),
});
const docs = new DocsView($('docs'));
const tabs = new ViewTabs({ pane: $('center'), canvasTab: $('tab-canvas'), docsTab: $('tab-docs'), docs: $('docs') });
const palette = new Palette({
  dialog: $('search-dialog'), input: $('search-input'), list: $('search-results'), empty: $('search-empty'), opener: $('search-open'),
});

const saveVariant = new SaveVariant({
  dialog: $('save-variant-dialog'), form: $('save-variant-form'), opener: $('save-variant'), name: $('save-variant-name'),
  file: $('save-variant-file'), entry: $('save-variant-entry'), error: $('save-variant-error'), submit: $('save-variant-submit'),
  cancel: $('save-variant-cancel'),
}, {
  connection,
  current: () => (page.current ? { component: page.current.name, revision: page.newest } : null),
  unsettled: (component) => Object.keys(changes.unsettled(component) ?? {}).length > 0,
  toast: (text, kind) => toast(text, kind),
});

/**
 * Runs `callback` in a task just after the next frame is painted; the timeout
 * covers hidden windows, where frames do not run, so a second window still follows.
 */
const paintedChannel = new MessageChannel();
const afterPaint = [];
paintedChannel.port1.onmessage = () => afterPaint.shift()?.();
function afterNextPaint(callback) {
  let done = false;
  const run = () => { if (!done) { done = true; callback(); } };
  requestAnimationFrame(() => { afterPaint.push(run); paintedChannel.port2.postMessage(null); });
  setTimeout(run, 100);
}

const renders = new RenderScheduler({
  afterNextPaint, draw: (render) => dispatch({ type: 'renderDrawn', render }), now: () => performance.now(),
});

// The page's state: replaced, never changed in place, by each event.

let page = initialState();

/** Hands one event to pagestate.js and carries out what it says, in order. */
function dispatch(event) {
  const { state, effects } = update(page, event);
  page = state;
  for (const effect of effects) run(effect);
}

const timers = new Map();

/** Carries out one effect of pagestate.js: the only place its data meets the DOM and the socket. */
function run(effect) {
  switch (effect.type) {
    // Socket and change queue
    case 'send':
      if (!connection.send(effect.message) && effect.key) dispatch({ type: 'notSubscribed', key: effect.key });
      break;
    case 'request':
      connection.request(effect.message).then(
        (reply) => dispatch({ ...effect.then, reply }), (error) => dispatch({ ...effect.then, error }));
      break;
    case 'change':
      if (effect.discard) changes.discard(effect.component, effect.discard === 'all' ? null : effect.discard);
      changes.send(effect.message).then(
        (reply) => dispatch({ ...effect.then, reply }), (error) => dispatch({ ...effect.then, error }));
      break;
    case 'submit': changes.submit(effect.component, effect.values); break;
    case 'resume': changes.resume(); break;
    case 'forgetRevisions': changes.forgetRevisions(effect.component); break;
    case 'renderArrived': changes.renderArrived(effect.component, effect.revision); break;
    case 'checkToken': pageRefusesToken().then((refused) => dispatch({ type: 'tokenChecked', refused })); break;

    // Timing
    case 'present': renders.arrive(effect.render); break;
    case 'forgetRenders': renders.forget(); break;
    case 'follow':
      renders.follow(effect.key, effect.event ? () => dispatch(effect.event) : () => effect.effects.forEach(run));
      break;
    case 'timer':
      clearTimeout(timers.get(effect.key));
      timers.set(effect.key, setTimeout(() => dispatch(effect.event), effect.ms));
      break;

    // Connection
    case 'status': showStatus(effect.state); break;
    case 'flushInspector':
      if (!document.querySelector('.live-controls:disabled')) inspector.flush();
      break;
    case 'liveControls': showLive(effect.live); break;
    case 'banner': showConnectionBanner(); break;

    // Catalog and component
    case 'catalog':
      showCanvasChoices();
      catalog.setComponents(effect.components);
      palette.setComponents(effect.components);
      break;
    case 'clearCanvas': canvas.clear(effect.text); break;
    case 'componentShown': showComponent(effect.component, effect.where); break;
    case 'buildInspector':
      inspector.build(effect.component);
      variants.setComponent(effect.component);
      if (effect.values) {
        inspector.update(effect.values);
        variants.showDeclared(effect.variants);
      }
      break;
    case 'current':
      catalog.setCurrent(effect.component.name);
      problems.setCurrent(effect.component.name);
      shared.setComponent(effect.component);
      break;
    case 'componentTools': {
      saveVariant.setComponent(effect.component.name);
      // A preview of a plain view has no initializer to write and no variants to save: its values
      // are its tap history.
      const isPreview = Boolean(effect.component.preview);
      $('copy-swift').hidden = isPreview;
      $('save-variant').hidden = isPreview;
      break;
    }
    case 'url': {
      const query = keepingToken(effect.query);
      if (query === location.search) break;
      if (effect.mode === 'push') history.pushState({ component: effect.component }, '', query);
      else history.replaceState({ component: effect.component }, '', query);
      break;
    }
    case 'showDocs':
      if (effect.component) docs.show(effect.component, { defaults: effect.defaults, variants: effect.variants, error: effect.error });
      else docs.show(null);
      break;
    case 'environmentShown':
      showEnvironment(effect.environment, effect.matrix);
      preferences.setScheme(effect.environment.scheme);
      variants.setEnvironment(effect.wire);
      document.documentElement.dataset.matrix = String(Boolean(effect.matrix));
      break;
    case 'showMatrix':
      matrix.show(effect.matrix, effect.cells);
      for (const [name, render] of effect.draw) matrix.draw(name, render);
      break;
    case 'drawCell': matrix.draw(effect.name, effect.render); break;

    // Render
    case 'showPreview': canvas.show(effect.svg, effect.accessibility); break;
    case 'inspectorValues': inspector.update(effect.values, changes.unsettled(effect.component)); break;
    case 'focus': inspector.focus(effect.property, { reveal: true }); break;
    case 'accessibility': accessibility.show(effect.elements); break;
    case 'showAudit': accessibility.showAudit(effect.audit); break;
    case 'showVariants': variants.showDeclared(effect.variants); break;
    case 'variantValues': variants.valuesChanged(effect.values); break;
    case 'resetAllAbility': $('reset-all').setAttribute('aria-disabled', String(effect.disabled)); break;
    case 'latency':
      if (effect.renderMicros !== null) $('latency').dataset.render = `${effect.renderMicros} µs`;
      showLatency();
      break;

    // Changes
    case 'accepted': inspector.accepted(effect.property, effect.value); break;
    case 'wasReset': inspector.wasReset(effect.property); break;
    case 'inspectorResetAll': inspector.resetAll(); break;
    case 'notes': showNotes(effect.notes); break;
    case 'reportError': reportError(effect.error, effect.values); break;
    case 'otherChanged': inspector.otherChanged(effect.property, effect.who, effect.value); break;

    // Problems, shared history, presence
    case 'problem': problems.report(effect.component, effect.message); break;
    case 'resolved': problems.resolved(effect.component); break;
    case 'build': problems.showBuild(effect.build); break;
    case 'saving': problems.showSaving(effect.saving); break;
    case 'welcome': shared.window = effect.window; break;
    case 'presence': shared.setPresence(effect.windows); break;
    case 'source': saveVariant.sourceArrived(effect.source); break;
    case 'historyLoad': shared.load(effect.reply); break;
    case 'historyAdd': shared.add(effect.message, { draw: false }); break;
    case 'historyRedraw': shared.redraw(); break;
    case 'historyAbility': shared.setAbility(effect); break;

    // Select mode
    case 'showSelection': selection.show(effect.view, effect.path, effect.accessibility); break;
    case 'showAffecting':
      // The worker noted which properties each view read (the render's `reads`).
      selection.showAffecting(affectingProperties(effect.properties, canvas.views, effect.reads, effect.index));
      break;

    case 'toast': toast(effect.text, effect.kind); break;
    default: throw new Error(`main.js: no way to carry out an effect of type “${effect.type}”.`);
  }
}

// Connection

connection.addEventListener('state', (event) => dispatch({ type: 'connectionState', state: event.detail }));
connection.addEventListener('open', () => dispatch({ type: 'opened' }));
connection.addEventListener('retry', () => dispatch({ type: 'retry', state: connection.state }));
connection.addEventListener('message', (event) => receive(event.detail));

/**
 * The entry point of every message from the server (`answered`: it is the
 * reply to a request of this page). The rest of what the page knows comes
 * with it: the URL (links apply with the first catalog) and the field being
 * edited (another window's change to it is noted there).
 */
function receive({ message, answered }) {
  // Canvas names in links and the matrix's devices are checked against the catalog's devices.
  if (message.type === 'catalog') setDevices(message.devices);
  dispatch({
    type: 'message', message, answered, url: location.href,
    focused: message.type === 'action' ? inspector.focusedProperty() : null,
  });
}

function showStatus(connectionState) {
  const status = $('status');
  status.dataset.state = connectionState;
  $('status-text').textContent = {
    connecting: 'Connecting…', connected: 'Connected', reconnecting: 'Reconnecting…', offline: 'Offline',
  }[connectionState] ?? connectionState;
  document.documentElement.dataset.connection = connectionState;
}

function showLive(live) {
  inspector.setPendingText(live ? 'sending…' : 'waiting to send');
  for (const fieldset of document.querySelectorAll('.live-controls')) fieldset.disabled = !live;
}

/**
 * Says plainly when the page is not connected: editing is paused, what the
 * preview shows, and what becomes of changes made before the connection went.
 */
function showConnectionBanner() {
  const banner = $('connection-banner');
  const waiting = waitingLabels(page, changes.queued());
  const said = connectionBanner(page, { waiting, seconds: Math.max(1, Math.round(connection.retryInMs / 1000)) });
  if (said.hidden) {
    banner.hidden = true;
    return;
  }
  $('connection-title').textContent = said.title;
  $('connection-detail').textContent = said.detail;
  banner.dataset.state = page.connection;
  banner.hidden = false;
}

$('connection-retry').addEventListener('click', () => connection.retryNow());

/**
 * Whether the server is up but refuses this page's access token (or its
 * lack of one). A server listening beyond loopback makes a new token at each
 * start, so after a restart the page's is stale; a refused websocket cannot
 * say why, but the page's own address, asked for again, answers 403 with
 * the reason.
 */
async function pageRefusesToken() {
  try {
    const response = await fetch(location.href, { cache: 'no-store' });
    return response.status === 403 && (await response.text()).includes('access token');
  } catch {
    return false;  // the server is not answering at all: the ordinary banner says so
  }
}

/** Another component on screen: its title, and empty panels until its first render. */
function showComponent(component, where) {
  canvas.clear('Rendering…');
  accessibility.show([]);
  accessibility.showAudit({ state: 'pending', where });
  $('notes').replaceChildren();
  $('component-title').textContent = component.title || component.name;
  $('component-summary').textContent = component.summary ?? '';
  document.title = `${component.title || component.name} · Starboard`;
}

// Shared history: undo, redo, the actions log, presence

shared.addEventListener('undo', () => dispatch({ type: 'undo', direction: 'undo' }));
shared.addEventListener('redo', () => dispatch({ type: 'undo', direction: 'redo' }));
shared.addEventListener('restore', (event) => dispatch({ type: 'restore', revision: event.detail.revision }));

document.addEventListener('keydown', (event) => {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
  const key = event.key.toLowerCase();
  const redo = (key === 'z' && event.shiftKey) || (key === 'y' && !event.shiftKey);
  if (!redo && !(key === 'z' && !event.shiftKey)) return;
  // Text fields keep their own undo for what is being typed.
  if (event.target.closest?.('input, textarea, select, [contenteditable="true"]')) return;
  event.preventDefault();
  dispatch({ type: 'undoKey', direction: redo ? 'redo' : 'undo' });
});

// Environment

const environmentControls = {
  scheme: $('env-scheme'), textSize: $('env-text-size'), direction: $('env-direction'),
  locale: $('env-locale'), matrix: $('env-matrix'), canvas: $('env-canvas'),
};

function option(value, text) {
  const node = document.createElement('option');
  node.value = value;
  node.textContent = text;
  return node;
}

environmentControls.textSize.replaceChildren(...AXES.textSize.map((size) => option(size, valueLabel('textSize', size))));
environmentControls.matrix.replaceChildren(option('', 'Off'), ...Object.entries(MATRICES).map(([key, axes]) => option(key, axes.map(axisLabel).join(' × '))));

/** The device picker: automatic, the size that fits, each device upright and turned, and a size a link named. */
function showCanvasChoices() {
  const group = (label, options) => {
    const node = document.createElement('optgroup');
    node.label = label;
    node.replaceChildren(...options);
    return node;
  };
  const devices = knownDevices();
  const current = page.environment.canvas;
  const sized = parseCanvas(current)?.kind === 'size' ? [option(current, valueLabel('canvas', current))] : [];
  environmentControls.canvas.replaceChildren(
    option('auto', 'Automatic'), option('fit', 'Size that fits'), ...sized, option('custom', 'Custom size…'),
    group('Portrait', devices.map((d) => option(d.name, d.name))),
    group('Landscape', devices.map((d) => option(`${d.name} landscape`, d.name))),
  );
  environmentControls.canvas.value = current;
}

/** Draws or takes away the bezel around a device's screen (a window setting, kept by the browser). */
function showDeviceFrame() {
  const canvas = parseCanvas(page.environment.canvas);
  const on = $('device-frame').checked && canvas?.kind === 'device';
  const frame = $('preview-frame');
  frame.classList.toggle('device-frame', on);
  if (!on) {
    frame.style.removeProperty('--device-radius');
    return;
  }
  // As fractions of the screen's sides, so the corners scale with the zoom.
  const { width, height, cornerRadius = 0 } = canvas.device;
  const [across, down] = canvas.landscape ? [height, width] : [width, height];
  frame.style.setProperty('--device-radius', `${(100 * cornerRadius) / across}% / ${(100 * cornerRadius) / down}%`);
}

function savedDeviceFrame() {
  try { return localStorage.getItem('starboard.deviceFrame') === '1'; } catch { return false; }
}

/** Shows the environment in the bar (the locale list gains a locale a link named). */
function showEnvironment(env = page.environment, matrixKey = page.matrix) {
  for (const [group, value] of [[environmentControls.scheme, env.scheme], [environmentControls.direction, env.direction]]) {
    for (const button of group.querySelectorAll('[data-value]')) button.setAttribute('aria-pressed', String(button.dataset.value === value));
  }
  environmentControls.textSize.value = env.textSize;
  const locales = AXES.locale.includes(env.locale) ? AXES.locale : [...AXES.locale, env.locale];
  environmentControls.locale.replaceChildren(...locales.map((locale) => option(locale, locale)));
  environmentControls.locale.value = env.locale;
  environmentControls.matrix.value = matrixKey ?? '';
  if (![...environmentControls.canvas.options].some((o) => o.value === env.canvas)) showCanvasChoices();
  environmentControls.canvas.value = env.canvas;
  showDeviceFrame();
  $('environment-bar').dataset.changed = String(environmentName(env) !== 'standard');
  $('environment-label').textContent = 'Environment';
  $('environment-label').title = describe(env);
}

/** This window's environment with `changes` (a view setting: nothing changes for other windows). */
function setEnvironment(changes) {
  dispatch({ type: 'environment', environment: { ...page.environment, ...changes } });
}

for (const key of ['scheme', 'direction']) {
  environmentControls[key].addEventListener('click', (event) => {
    const button = event.target.closest('[data-value]');
    if (button) setEnvironment({ [key]: button.dataset.value });
  });
}
// "Custom size…" shows a WIDTHxHEIGHT field; Enter or leaving it applies a size that parses.
const canvasSizeField = $('env-canvas-size-field'), canvasSize = $('env-canvas-size'), canvasSizeProblem = $('env-canvas-size-problem');
environmentControls.canvas.addEventListener('change', () => {
  if (environmentControls.canvas.value !== 'custom') {
    canvasSizeField.hidden = true;
    canvasSizeProblem.hidden = true;
    return;
  }
  canvasSizeField.hidden = false;
  canvasSize.value = parseCanvas(page.environment.canvas)?.kind === 'size' ? page.environment.canvas : '';
  canvasSize.focus();
}, { capture: true });
function applyCanvasSize() {
  const text = canvasSize.value.trim().replace('×', 'x').replace(/\s+/g, '');
  const problem = problemWith('canvas', text);
  if (!text || problem || parseCanvas(text)?.kind !== 'size') {
    canvasSizeProblem.textContent = text ? `Size must be WIDTHxHEIGHT in points, each from 1 to 10000; got “${text}”.` : '';
    canvasSizeProblem.hidden = !text;
    return;
  }
  canvasSizeProblem.hidden = true;
  canvasSizeField.hidden = true;
  setEnvironment({ canvas: text });
}
canvasSize.addEventListener('keydown', (event) => {
  if (event.key === 'Enter') applyCanvasSize();
  if (event.key === 'Escape') { canvasSizeField.hidden = true; showEnvironment(); }
});
canvasSize.addEventListener('change', applyCanvasSize);

for (const key of ['textSize', 'locale']) {
  environmentControls[key].addEventListener('change', () => setEnvironment({ [key]: environmentControls[key].value }));
}
environmentControls.canvas.addEventListener('change', () => {
  if (environmentControls.canvas.value !== 'custom') setEnvironment({ canvas: environmentControls.canvas.value });
});
environmentControls.matrix.addEventListener('change', () => {
  dispatch({ type: 'environment', environment: page.environment, matrix: environmentControls.matrix.value || null });
});
$('device-frame').checked = savedDeviceFrame();
$('device-frame').addEventListener('change', () => {
  try { localStorage.setItem('starboard.deviceFrame', $('device-frame').checked ? '1' : '0'); } catch { /* private mode */ }
  showDeviceFrame();
});

// Changes

inspector.addEventListener('change', (event) => dispatch({ type: 'change', property: event.detail.property, value: event.detail.value }));
inspector.addEventListener('reset', (event) => dispatch({ type: 'reset', property: event.detail.property }));
$('reset-all').addEventListener('click', () => dispatch({ type: 'resetAll' }));

changes.addEventListener('ack', (event) => dispatch({ type: 'changeAcked', ...event.detail }));
changes.addEventListener('error', (event) => dispatch({ type: 'changeFailed', ...event.detail }));

let lastLatency = null;
changes.addEventListener('latency', (event) => {
  lastLatency = event.detail;
  showLatency();
});

function showLatency() {
  const parts = [];
  if (lastLatency !== null) parts.push(`last change ${Math.round(lastLatency)} ms`);
  const render = $('latency').dataset.render;
  if (render) parts.push(`render ${render}`);
  $('latency').textContent = parts.join(' · ');
}

/** Puts a server error at its field when it names one, else in a toast. */
function reportError(error, values = {}) {
  const names = Object.keys(values);
  const property = error.property ?? (names.length === 1 ? names[0] : null);
  if (property && inspector.setServerError(property, error.message, values[property])) return;
  toast(readableServerMessage(page.current, error.message ?? String(error)), 'error');
}

function showNotes(notes) {
  const list = $('notes');
  // An ack comes with every change of a drag: leave an empty list alone.
  if (!(Array.isArray(notes) && notes.length) && !list.firstChild) return;
  list.replaceChildren(...(Array.isArray(notes) ? notes : []).map((text) => {
    const item = document.createElement('li');
    // The server writes Swift names ("rating lowered … because starCount …"); the page says labels.
    item.textContent = readableServerMessage(page.current, text);
    return item;
  }));
}

// Canvas

canvas.addEventListener('tap', (event) => dispatch({ type: 'tap', target: event.detail.target, location: event.detail.location }));
matrix.addEventListener('tap', (event) => dispatch({ type: 'tap', ...event.detail }));

// Select mode: a click selects the view under it (and never taps); S switches.

const selection = new SelectionPanel({ root: $('selection'), crumbs: $('breadcrumb'), details: $('selection-details') });
selection.addEventListener('pick', (event) => canvas.select(event.detail.index));
canvas.addEventListener('select', (event) => dispatch({ type: 'viewSelected', view: event.detail.view, path: event.detail.path }));

function setCanvasMode(mode) {
  canvas.setMode(mode);
  for (const button of $('canvas-mode').querySelectorAll('[data-mode]')) button.setAttribute('aria-pressed', String(button.dataset.mode === canvas.mode));
  $('selection').hidden = canvas.mode !== 'select';
  if (canvas.mode === 'select' && !canvas.selected) selection.show(null);
}

$('canvas-mode').addEventListener('click', (event) => {
  const button = event.target.closest('[data-mode]');
  if (button) setCanvasMode(button.dataset.mode);
});
document.addEventListener('keydown', (event) => {
  if (event.key.toLowerCase() !== 's' || event.metaKey || event.ctrlKey || event.altKey) return;
  if (event.target.closest?.('input, textarea, select, [contenteditable], dialog')) return;
  event.preventDefault();
  setCanvasMode(canvas.mode === 'select' ? 'interact' : 'select');
});

accessibility.addEventListener('hover', (event) => canvas.highlight(event.detail.id, event.detail.frame ?? null));

const preferences = wirePreferences({
  zoom: $('zoom'), background: $('background'), outlines: $('outlines'), trueScale: $('true-scale'), canvas, variants,
});

// Variants

variants.addEventListener('apply', (event) => dispatch({ type: 'applyVariant', variant: event.detail.variant, values: event.detail.values }));

// Docs

tabs.addEventListener('change', () => dispatch({ type: 'docsTab', open: tabs.view === 'docs' }));

docs.addEventListener('copy', async (event) => {
  const { code } = event.detail;
  $('docs').dataset.copied = code;
  try {
    await navigator.clipboard.writeText(code);
  } catch {
    copyWithSelection(code);
  }
  toast('Copied the usage snippet');
});

// Search: open what was chosen; a variant is applied, a property's field focused.

palette.addEventListener('choose', (event) => dispatch({ type: 'choose', entry: event.detail }));

// Sidebar and history

catalog.addEventListener('select', (event) => {
  sidebar.chosen();
  dispatch({ type: 'select', name: event.detail.name, history: 'push' });
});

window.addEventListener('popstate', () => dispatch({ type: 'popstate', url: location.href }));

// Export

$('copy-swift').addEventListener('click', async () => {
  if (!page.current || !page.values) return;
  const component = page.current;
  let code;
  try {
    code = swiftExpression(component, page.values);
  } catch (error) {
    toast(error.message, 'error');
    return;
  }
  $('copy-swift').dataset.copied = code;
  try {
    await navigator.clipboard.writeText(code);
  } catch {
    copyWithSelection(code);
  }
  // The expression needs Starboard's imports and the component's module: say which.
  const imports = swiftImports(component).map((line) => line.slice('import '.length)).join(', ');
  toast(`Copied ${code} (it needs import ${imports})`);
});

function copyWithSelection(text) {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'visually-hidden';
  document.body.append(area);
  area.select();
  try { document.execCommand('copy'); } catch { /* nothing more to try */ }
  area.remove();
}

$('download-svg').addEventListener('click', () => {
  if (page.svg && page.current) downloadSVG(page.current.name, page.svg);
});
$('download-png').addEventListener('click', async () => {
  if (!page.svg || !page.current) return;
  try {
    await downloadPNG(page.current.name, page.svg, 2);
  } catch (error) {
    toast(error.message, 'error');
  }
});

// Toast

let toastTimer = 0;
function toast(text, kind = 'info') {
  const node = $('toast');
  node.textContent = text;
  node.dataset.kind = kind;
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { node.hidden = true; }, kind === 'error' ? 6000 : 2500);
}

showEnvironment();
dispatch({ type: 'docsTab', open: tabs.view === 'docs' });
dispatch({ type: 'connectionState', state: connection.state });
connection.start();
