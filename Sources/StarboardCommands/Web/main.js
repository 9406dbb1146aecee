// Wiring: connects the modules to the connection and to each other, and holds
// the little state the page needs (catalog, current component, newest render).
// Each module owns its part of the DOM; this file only routes events.

import { Connection } from './connection.js';
import { ChangeQueue } from './changes.js';
import { Catalog } from './catalog.js';
import { Inspector } from './inspector.js';
import { Canvas } from './canvas.js';
import { Variants } from './variants.js';
import { AccessibilityPanel } from './accessibility.js';
import { Matrix } from './matrix.js';
import {
  AXES, MATRICES, STANDARD, axisLabel, describe, environmentFromURL, environmentName, knownDevices, matrixCells, normalized,
  parseCanvas, problemWith, setDevices,
  valueLabel, wireEnvironment,
} from './environment.js';
import { componentFromURL, pushComponent, replaceValues, valuesFromURL } from './urlstate.js';
import { swiftExpression, swiftImports } from './swiftcode.js';
import { downloadPNG, downloadSVG } from './download.js';
import { formatValue, isDefault, labelOf, readableServerMessage, sameValue } from './values.js';
import { Problems } from './problems.js';
import { Sidebar } from './sidebar.js';
import { History, changedElsewhere, windowName } from './history.js';
import { wirePreferences } from './preferences.js';
import { Palette } from './palette.js';
import { DocsView } from './docs.js';
import { ViewTabs } from './tabs.js';
import { SelectionPanel } from './selection.js';
import { SaveVariant } from './savevariant.js';
import { affectingProperties } from './affects.js';
import { RenderScheduler } from './renderscheduler.js';

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
  current: () => (state.current ? { component: state.current.name, revision: state.newest } : null),
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

const renders = new RenderScheduler({ afterNextPaint, draw: (message) => drawRender(message), now: () => performance.now() });

const state = {
  components: new Map(),
  current: null,           // catalog entry on screen
  subscriptions: new Map(), // "component\nenvironment name" → environment, subscribed on this socket
  environment: { ...STANDARD }, // this window's environment (a view setting, like zoom)
  matrix: null,            // key of MATRICES shown, or null
  latest: new Map(),       // environment name → newest render of the current component there
  values: null,            // values of the last applied render
  svg: null,
  newest: -Infinity,       // newest revision seen for the current component
  renderedVariants: null,  // last `variants` array received (renders may omit it)
  urlValues: null,         // values from the URL still to be sent after the first render
  firstCatalog: true,
  focusAfterRender: null,  // property search chose before the component's first render
  tokenRefused: false,     // the server is up but refuses the page's access token
};

// Connection

connection.addEventListener('state', (event) => showStatus(event.detail));
connection.addEventListener('open', () => {
  // The server answers a new socket with its catalog; resync happens there.
  state.subscriptions.clear();
  state.newest = -Infinity;
  renders.forget();
  state.tokenRefused = false;
  changes.forgetRevisions();
});
connection.addEventListener('retry', async () => {
  showStatus(connection.state);
  state.tokenRefused = await pageRefusesToken();
  showConnectionBanner(connection.state);
});
connection.addEventListener('message', (event) => {
  const { message, answered } = event.detail;
  switch (message.type) {
    case 'catalog': onCatalog(message); break;
    case 'render': problems.resolved(message.component); onRender(message); break;
    case 'problem': problems.report(message.component, message.message); break;
    case 'build': problems.showBuild(message); break;
    case 'saving': problems.showSaving(message); break;
    case 'error': if (!answered) toast(readableServerMessage(state.current, message.message ?? 'The server reported an error.'), 'error'); break;
    case 'welcome': shared.window = message.window; break;
    case 'presence': if (message.component === state.current?.name) shared.setPresence(message.windows); break;
    case 'action': onAction(message); break;
    case 'source': if (!answered) saveVariant.sourceArrived(message); break;
    default: break;
  }
});

function showStatus(connectionState) {
  const status = $('status');
  status.dataset.state = connectionState;
  $('status-text').textContent = {
    connecting: 'Connecting…', connected: 'Connected', reconnecting: 'Reconnecting…', offline: 'Offline',
  }[connectionState] ?? connectionState;
  const live = connectionState === 'connected';
  if (!live) {
    state.subscriptions.clear();
    // What was typed and is valid goes into the queue now, so it is kept and sent on return.
    if (!document.querySelector('.live-controls:disabled')) inspector.flush();
  }
  document.documentElement.dataset.connection = connectionState;
  inspector.setPendingText(live ? 'sending…' : 'waiting to send');
  for (const fieldset of document.querySelectorAll('.live-controls')) fieldset.disabled = !live;
  showConnectionBanner(connectionState);
}

/**
 * Says plainly when the page is not connected: editing is paused, what the
 * preview shows, and what becomes of changes made before the connection went.
 */
function showConnectionBanner(connectionState) {
  const banner = $('connection-banner');
  if (connectionState === 'connected' || (connectionState === 'connecting' && state.firstCatalog)) {
    banner.hidden = true;
    return;
  }
  const waiting = [];
  for (const [component, values] of changes.queued()) {
    const entry = state.components.get(component);
    for (const name of Object.keys(values)) {
      const property = entry?.properties.find((p) => p.name === name);
      waiting.push(property ? labelOf(property) : name);
    }
  }
  const seconds = Math.max(1, Math.round(connection.retryInMs / 1000));
  $('connection-title').textContent = state.tokenRefused
    ? 'The Starboard server does not accept this page’s access token.'
    : connectionState === 'offline'
      ? 'Offline: the Starboard server is not answering.'
      : 'Connection lost: reconnecting to the Starboard server…';
  const parts = [
    state.tokenRefused
      ? 'It makes a new token each time it starts (unless STARBOARD_TOKEN sets one): open the URL it printed when it started, which ends in ?token=…. Editing is paused; the preview and the values show what the server last confirmed.'
      : `Editing is paused until it answers (next try in about ${seconds} s); the preview and the values show what the server last confirmed.`,
    waiting.length
      ? `Not sent yet, and sent when the connection returns: ${waiting.join(', ')}.`
      : 'No change of yours is waiting to be sent.',
  ];
  $('connection-detail').textContent = parts.join(' ');
  banner.dataset.state = connectionState;
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

function onCatalog(message) {
  const components = Array.isArray(message.components) ? message.components : [];
  setDevices(message.devices);
  showCanvasChoices();
  state.components = new Map(components.map((component) => [component.name, component]));
  catalog.setComponents(components);
  palette.setComponents(components);
  if (state.firstCatalog) {
    state.firstCatalog = false;
    const named = componentFromURL();
    const chosen = state.components.get(named) ?? components[0];
    const view = environmentFromURL(location.href, chosen?.properties.map((p) => p.name) ?? []);
    if (view.ignored.length) {
      toast(`Left out of the link: ${view.ignored.map((item) => item.reason).join(' ')}`, 'error');
    }
    setEnvironment(view.environment, view.matrix, { subscribe: false, url: false });
    if (named && state.components.has(named)) {
      const { values, ignored } = valuesFromURL(state.components.get(named));
      // A link with values describes the whole state: absent means default.
      // A bare ?c=Name only picks the component and leaves values alone.
      // Each value is checked on its own: a bad one is left out and named, the rest apply.
      state.urlValues = Object.keys(values).length || ignored.length ? values : null;
      if (ignored.length) {
        toast(`Left out of the link (the rest was applied): ${ignored.map((item) => item.reason).join(' ')}`, 'error');
      }
      select(named, { history: 'none' });
      return;
    }
    if (named) toast(`There is no component named “${named}”.`, 'error');
    if (components.length) select(components[0].name, { history: 'replace' });
    else canvas.clear('The server has no components.');
    return;
  }
  // Reconnected: keep the component if it still exists, subscribe again.
  const name = state.current?.name;
  if (name && state.components.has(name)) select(name, { history: 'none' });
  else if (components.length) select(components[0].name, { history: 'replace' });
  changes.resume();
}

/** Shows a component: builds its inspector and subscribes to its renders. */
function select(name, { history = 'push' } = {}) {
  const component = state.components.get(name);
  if (!component) return;
  const same = state.current?.name === name;
  const schemaChanged = !same || JSON.stringify(component) !== JSON.stringify(state.current);
  state.current = component;
  state.newest = -Infinity;
  renders.forget();
  changes.forgetRevisions(name);
  if (!same) {
    state.focusAfterRender = null;
    state.latest.clear();
    state.values = null;
    state.svg = null;
    state.renderedVariants = null;
    canvas.clear('Rendering…');
    accessibility.show([]);
    accessibility.showAudit({ state: 'pending', where: describe(state.environment) });
    $('notes').replaceChildren();
    $('component-title').textContent = component.title || component.name;
    $('component-summary').textContent = component.summary ?? '';
    document.title = `${component.title || component.name} · Starboard`;
  }
  if (schemaChanged) {
    inspector.build(component);
    variants.setComponent(component);
    if (state.values) {
      inspector.update(state.values);
      variants.showDeclared(state.renderedVariants);
    }
  }
  catalog.setCurrent(name);
  problems.setCurrent(name);
  shared.setComponent(component);
  if (!same && state.matrix) matrix.show(state.matrix, matrixCells(state.matrix, state.environment));
  syncSubscriptions();
  // Every time, not only for another component: a catalog after a rebuild means the file changed.
  saveVariant.setComponent(name);
  // A preview of a plain view has no initializer to write and no variants to save: its values
  // are its tap history.
  const isPreview = Boolean(component.preview);
  $('copy-swift').hidden = isPreview;
  $('save-variant').hidden = isPreview;
  showDocs();
  if (history === 'push') pushComponent(component, same && state.values ? state.values : {}, view());
  else if (history === 'replace') replaceValues(component, same && state.values ? state.values : {}, view());
}

/** This window's view settings, as the URL carries them. */
function view() {
  return { environment: state.environment, matrix: state.matrix };
}

/** `{environment}` for a request in `environment`, nothing for the standard one. */
function environmentField(environment) {
  const wire = wireEnvironment(environment);
  return Object.keys(wire).length ? { environment: wire } : {};
}

/**
 * Subscribes to the current component in each environment on screen (the
 * preview's, and each matrix cell's) and unsubscribes from everything else.
 */
function syncSubscriptions() {
  const component = state.current?.name;
  const wanted = new Map();
  if (component) {
    wanted.set(`${component}\n${environmentName(state.environment)}`, state.environment);
    if (state.matrix) for (const cell of matrix.cells) wanted.set(`${component}\n${cell.name}`, cell.environment);
  }
  for (const [key, environment] of state.subscriptions) {
    if (wanted.has(key)) continue;
    connection.send({ type: 'unsubscribe', component: key.split('\n')[0], ...environmentField(environment) });
    state.subscriptions.delete(key);
  }
  // The log is the component's, whatever the environments: asked for when the first one is watched.
  const watchedBefore = [...state.subscriptions.keys()].some((key) => key.startsWith(`${component}\n`));
  for (const [key, environment] of wanted) {
    if (state.subscriptions.has(key)) continue;
    if (connection.send({ type: 'subscribe', component, ...environmentField(environment) })) state.subscriptions.set(key, environment);
  }
  if (component && !watchedBefore && state.subscriptions.size) loadHistory(component);
}

// Shared history: undo, redo, the actions log, presence

/** Asks for the component's actions log; new entries then come as `action` messages. */
async function loadHistory(component) {
  try {
    shared.load(await connection.request({ type: 'history', component }));
  } catch (error) {
    if (error.name !== 'DisconnectedError') toast(`The history of ${component} could not be loaded: ${error.message}`, 'error');
  }
}

function onAction(message) {
  if (message.component !== state.current?.name) return;
  // The list is redrawn once a drag pauses: an action comes with every render.
  shared.add(message, { draw: false });
  renders.follow('history', () => shared.redraw());
  const focused = inspector.focusedProperty();
  if (!changedElsewhere(message.action, focused, shared.window)) return;
  const change = message.action.changes.find((c) => c.property === focused);
  const property = state.current.properties.find((p) => p.name === focused);
  const value = change.to === null ? property.default : change.to;
  inspector.otherChanged(focused, windowName(message.action.windows[0], shared.window), formatValue(property, value));
}

/** Undo or redo over the shared history; what this window has not sent yet is dropped first. */
async function moveInHistory(type) {
  const component = state.current?.name;
  if (!component || !connection.isOpen) return;
  changes.discard(component);
  try {
    const ack = await changes.send({ type, component });
    showNotes(ack.notes);
  } catch (error) {
    reportError(error);
  }
}

shared.addEventListener('undo', () => moveInHistory('undo'));
shared.addEventListener('redo', () => moveInHistory('redo'));
shared.addEventListener('restore', async (event) => {
  const component = state.current?.name;
  if (!component) return;
  changes.discard(component);
  try {
    const ack = await changes.send({ type: 'restore', component, revision: event.detail.revision });
    showNotes(ack.notes);
  } catch (error) {
    reportError(error);
  }
});

document.addEventListener('keydown', (event) => {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
  const key = event.key.toLowerCase();
  const redo = (key === 'z' && event.shiftKey) || (key === 'y' && !event.shiftKey);
  if (!redo && !(key === 'z' && !event.shiftKey)) return;
  // Text fields keep their own undo for what is being typed.
  if (event.target.closest?.('input, textarea, select, [contenteditable="true"]')) return;
  event.preventDefault();
  if (redo ? shared.canRedo : shared.canUndo) moveInHistory(redo ? 'redo' : 'undo');
});

function onRender(message) {
  changes.renderArrived(message.component, message.revision);
  if (message.component !== state.current?.name) return;
  const name = message.environment ?? 'standard';
  const known = state.latest.get(name);
  if (!known || !(message.revision < known.revision)) state.latest.set(name, message);
  // Matrix cells and variants follow the preview: drawn after it is painted, newest only.
  if (state.matrix && matrix.has(name)) renders.follow(`cell\n${name}`, () => matrix.draw(name, message));
  if (name !== environmentName(state.environment)) return;
  // Variants come once, with the subscription; keep them even from a render that is stale.
  if (Array.isArray(message.variants)) {
    state.renderedVariants = message.variants;
    renders.follow('variants', () => { variants.showDeclared(state.renderedVariants); showDocs(); });
  }
  renders.arrive(name, message);
}

/**
 * The critical path of a render: its SVG into the preview, nothing else, so it
 * is painted in the next frame; the rest follows once the page has a frame to spare.
 */
function drawRender(message) {
  const component = state.current;
  if (!message || message.component !== component?.name) return;
  if (typeof message.revision === 'number') state.newest = message.revision;
  state.values = message.values ?? {};
  state.svg = message.svg;
  state.reads = message.reads ?? null;
  canvas.show(message.svg, message.accessibility);
  renders.follow('render', () => followRender(message));
}

/** Everything a render changes besides the preview: fields, panels, variants, the URL, the audit. */
function followRender(message) {
  const component = state.current;
  if (message.component !== component?.name) return;
  const values = message.values ?? {};
  inspector.update(values, changes.unsettled(component.name));
  if (state.focusAfterRender) {
    inspector.focus(state.focusAfterRender, { reveal: true });
    state.focusAfterRender = null;
  }
  accessibility.show(message.accessibility);
  scheduleAudit();
  variants.showDeclared(state.renderedVariants);
  variants.valuesChanged(values);
  showDocs();
  showResetAll();
  if (typeof message.renderMicros === 'number') $('latency').dataset.render = `${message.renderMicros} µs`;
  showLatency();

  if (state.urlValues) {
    const wanted = state.urlValues;
    state.urlValues = null;
    const differing = {};
    for (const property of component.properties) {
      const target = property.name in wanted ? wanted[property.name] : property.default;
      if (property.name in values && !sameValue(property, values[property.name], target)) differing[property.name] = target;
    }
    if (Object.keys(differing).length) {
      changes.submit(component.name, differing);
      return; // the URL keeps the shared values until their render arrives
    }
  }
  replaceValues(component, values, view());
}

// Audit: the server checks the newest render in this window's environment.

let auditTimer = 0;
let auditGeneration = 0;

function scheduleAudit() {
  clearTimeout(auditTimer);
  const generation = ++auditGeneration;
  accessibility.showAudit({ state: 'pending', where: describe(state.environment) });
  auditTimer = setTimeout(async () => {
    const component = state.current?.name;
    if (!component || !connection.isOpen) return;
    const where = describe(state.environment);
    try {
      const reply = await connection.request({ type: 'audit', component, ...environmentField(state.environment) });
      if (generation !== auditGeneration) return;
      accessibility.showAudit({ findings: Array.isArray(reply.findings) ? reply.findings : [], where });
    } catch (error) {
      if (generation !== auditGeneration) return;
      accessibility.showAudit({ state: 'failed', where, error: error.message });
    }
  }, 200);
}

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
  const current = state.environment.canvas;
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
  const canvas = parseCanvas(state.environment.canvas);
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
function showEnvironment() {
  const env = state.environment;
  for (const [group, value] of [[environmentControls.scheme, env.scheme], [environmentControls.direction, env.direction]]) {
    for (const button of group.querySelectorAll('[data-value]')) button.setAttribute('aria-pressed', String(button.dataset.value === value));
  }
  environmentControls.textSize.value = env.textSize;
  const locales = AXES.locale.includes(env.locale) ? AXES.locale : [...AXES.locale, env.locale];
  environmentControls.locale.replaceChildren(...locales.map((locale) => option(locale, locale)));
  environmentControls.locale.value = env.locale;
  environmentControls.matrix.value = state.matrix ?? '';
  if (![...environmentControls.canvas.options].some((o) => o.value === env.canvas)) showCanvasChoices();
  environmentControls.canvas.value = env.canvas;
  showDeviceFrame();
  $('environment-bar').dataset.changed = String(environmentName(env) !== 'standard');
  $('environment-label').textContent = 'Environment';
  $('environment-label').title = describe(env);
}

/**
 * Changes this window's environment and matrix: the preview, the variants and
 * every matrix cell are rendered in it; nothing changes for other windows.
 */
function setEnvironment(environment, matrixKey = state.matrix, { subscribe = true, url = true } = {}) {
  const before = environmentName(state.environment);
  state.environment = normalized(environment);
  const changed = environmentName(state.environment) !== before;
  const matrixChanged = matrixKey !== state.matrix;
  state.matrix = matrixKey;
  showEnvironment();
  preferences.setScheme(state.environment.scheme);
  variants.setEnvironment(wireEnvironment(state.environment));
  document.documentElement.dataset.matrix = String(Boolean(state.matrix));
  if (changed || matrixChanged) {
    matrix.show(state.matrix, state.matrix ? matrixCells(state.matrix, state.environment) : []);
    // Cells whose environment this window already watches get no new render until a change:
    // draw the newest one at hand.
    for (const [name, message] of state.latest) if (matrix.has(name)) matrix.draw(name, message);
  }
  if (changed) {
    // The next render in the new environment is drawn whatever its revision.
    state.newest = -Infinity;
    renders.forget();
    state.renderedVariants = null;
    accessibility.showAudit({ state: 'pending', where: describe(state.environment) });
  }
  if (subscribe) syncSubscriptions();
  if (url && state.current) replaceValues(state.current, state.values ?? {}, view());
}

for (const key of ['scheme', 'direction']) {
  environmentControls[key].addEventListener('click', (event) => {
    const button = event.target.closest('[data-value]');
    if (button) setEnvironment({ ...state.environment, [key]: button.dataset.value });
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
  canvasSize.value = parseCanvas(state.environment.canvas)?.kind === 'size' ? state.environment.canvas : '';
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
  setEnvironment({ ...state.environment, canvas: text });
}
canvasSize.addEventListener('keydown', (event) => {
  if (event.key === 'Enter') applyCanvasSize();
  if (event.key === 'Escape') { canvasSizeField.hidden = true; showEnvironment(); }
});
canvasSize.addEventListener('change', applyCanvasSize);

for (const key of ['textSize', 'locale']) {
  environmentControls[key].addEventListener('change', () => setEnvironment({ ...state.environment, [key]: environmentControls[key].value }));
}
environmentControls.canvas.addEventListener('change', () => {
  if (environmentControls.canvas.value !== 'custom') setEnvironment({ ...state.environment, canvas: environmentControls.canvas.value });
});
environmentControls.matrix.addEventListener('change', () => setEnvironment(state.environment, environmentControls.matrix.value || null));
$('device-frame').checked = savedDeviceFrame();
$('device-frame').addEventListener('change', () => {
  try { localStorage.setItem('starboard.deviceFrame', $('device-frame').checked ? '1' : '0'); } catch { /* private mode */ }
  showDeviceFrame();
});

// Changes

inspector.addEventListener('change', (event) => {
  if (!state.current) return;
  const { property, value } = event.detail;
  changes.submit(state.current.name, { [property]: value });
  // Now, not as follow-up work: clearing the field's error puts the rendered value back in
  // its slider, and only the unsettled value keeps the thumb where it was dragged.
  showUnsettled();
});

/** Marks rows whose change is on its way (or waiting for the connection). */
function showUnsettled() {
  if (state.current && state.values) inspector.update(state.values, changes.unsettled(state.current.name));
}

/** "Reset all" stays focusable when there is nothing to reset (aria-disabled), so focus never falls to <body>. */
function showResetAll() {
  const component = state.current;
  const values = state.values ?? {};
  const nothing = !component || component.properties.every((p) => !(p.name in values) || isDefault(p, values[p.name]));
  $('reset-all').setAttribute('aria-disabled', String(nothing));
}

inspector.addEventListener('reset', async (event) => {
  const component = state.current?.name;
  if (!component) return;
  const { property } = event.detail;
  changes.discard(component, [property]);
  try {
    const ack = await changes.send({ type: 'reset', component, properties: [property] });
    inspector.wasReset(property);
    showNotes(ack.notes);
  } catch (error) {
    reportError(error);
  }
});

$('reset-all').addEventListener('click', () => {
  if ($('reset-all').getAttribute('aria-disabled') !== 'true') resetAll();
});

async function resetAll() {
  const component = state.current?.name;
  if (!component) return;
  changes.discard(component);
  try {
    const ack = await changes.send({ type: 'reset', component });
    inspector.resetAll();
    showNotes(ack.notes);
  } catch (error) {
    reportError(error);
  }
}

changes.addEventListener('ack', (event) => {
  const { component, values, ack } = event.detail;
  if (component !== state.current?.name) return;
  for (const [name, value] of Object.entries(values)) inspector.accepted(name, value);
  showNotes(ack.notes);
});

changes.addEventListener('error', (event) => {
  const { component, values, error } = event.detail;
  if (component !== state.current?.name) return;
  reportError(error, values);
  showUnsettled();
});

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
  toast(readableServerMessage(state.current, error.message ?? String(error)), 'error');
}

function showNotes(notes) {
  const list = $('notes');
  // An ack comes with every change of a drag: leave an empty list alone.
  if (!(Array.isArray(notes) && notes.length) && !list.firstChild) return;
  list.replaceChildren(...(Array.isArray(notes) ? notes : []).map((text) => {
    const item = document.createElement('li');
    // The server writes Swift names ("rating lowered … because starCount …"); the page says labels.
    item.textContent = readableServerMessage(state.current, text);
    return item;
  }));
}

// Canvas

/** A tap in the preview or a matrix cell, in that one's environment, where it landed. */
async function tap({ target, location }, environment) {
  const component = state.current?.name;
  if (!component || !connection.isOpen) return;
  try {
    const message = { type: 'tap', component, target, ...environmentField(environment) };
    if (location) message.location = location;
    const ack = await changes.send(message);
    showNotes(ack.notes);
  } catch (error) {
    reportError(error);
  }
}

canvas.addEventListener('tap', (event) => tap(event.detail, state.environment));

// Select mode: a click selects the view under it (and never taps); S switches.

const selection = new SelectionPanel({ root: $('selection'), crumbs: $('breadcrumb'), details: $('selection-details') });
selection.addEventListener('pick', (event) => canvas.select(event.detail.index));
canvas.addEventListener('select', (event) => {
  const { view, path } = event.detail;
  selection.show(view, path, state.latest.get(environmentName(state.environment))?.accessibility ?? []);
  if (!view || !state.current || !state.svg) return;
  // The worker noted which properties each view read; an older one sent nothing.
  selection.showAffecting(state.reads === undefined ? null : affectingProperties(state.current.properties, canvas.views, state.reads, view.index));
});

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

matrix.addEventListener('tap', (event) => tap(event.detail, event.detail.environment));

accessibility.addEventListener('hover', (event) => canvas.highlight(event.detail.id, event.detail.frame ?? null));

const preferences = wirePreferences({
  zoom: $('zoom'), background: $('background'), outlines: $('outlines'), trueScale: $('true-scale'), canvas, variants,
});

// Variants

variants.addEventListener('apply', (event) => applyVariant(event.detail));

/** Applies a declared variant (every other value back to its default) or a vary card's values. */
async function applyVariant({ variant, values }) {
  const component = state.current?.name;
  if (!component) return;
  try {
    if (variant !== undefined) {
      changes.discard(component);
      await changes.send({ type: 'reset', component });
      inspector.resetAll();
    }
    if (Object.keys(values).length) changes.submit(component, values);
  } catch (error) {
    reportError(error);
  }
}

// Docs: drawn from the catalog entry, the declared variants' renders, and a
// render of the defaults (a `preview`, for their accessibility elements).

const docsRenders = { component: null, defaults: null, error: null, environment: null };

tabs.addEventListener('change', () => showDocs());

async function showDocs() {
  if (tabs.view !== 'docs') return;
  const component = state.current;
  if (!component) return docs.show(null);
  const where = environmentName(state.environment);
  if (docsRenders.component !== component || docsRenders.environment !== where) {
    Object.assign(docsRenders, { component, defaults: null, error: null, environment: where });
    requestDocsDefaults(component, where);
  }
  docs.show(component, { defaults: docsRenders.defaults, variants: state.renderedVariants, error: docsRenders.error });
}

async function requestDocsDefaults(component, where) {
  const values = Object.fromEntries(component.properties.map((p) => [p.name, p.default]));
  try {
    const reply = await connection.request({ type: 'preview', component: component.name, values, ...environmentField(state.environment) });
    if (docsRenders.component !== component || docsRenders.environment !== where) return;
    docsRenders.defaults = { svg: reply.svg, accessibility: Array.isArray(reply.accessibility) ? reply.accessibility : [] };
  } catch (error) {
    if (docsRenders.component !== component || docsRenders.environment !== where) return;
    docsRenders.error = `The defaults could not be rendered: ${error.message ?? error}`;
  }
  showDocs();
}

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

palette.addEventListener('choose', (event) => {
  const entry = event.detail;
  if (entry.component !== state.current?.name) select(entry.component, { history: 'push' });
  if (entry.kind === 'variant') {
    const variant = state.current?.variants?.find((v) => v.name === entry.variant);
    if (variant) applyVariant({ variant: variant.name, values: variant.values ?? {} });
  } else if (entry.kind === 'property') {
    // A focused field is not updated by renders: focus it once it shows the current values.
    if (state.values) inspector.focus(entry.property, { reveal: true });
    else state.focusAfterRender = entry.property;
  }
});

// Sidebar and history

catalog.addEventListener('select', (event) => {
  sidebar.chosen();
  if (event.detail.name !== state.current?.name) select(event.detail.name, { history: 'push' });
});


window.addEventListener('popstate', () => {
  const named = componentFromURL();
  const chosen = state.components.get(named) ?? state.current;
  const linked = environmentFromURL(location.href, chosen?.properties.map((p) => p.name) ?? []);
  setEnvironment(linked.environment, linked.matrix, { url: false });
  if (named && named !== state.current?.name && state.components.has(named)) select(named, { history: 'none' });
});

// Export

$('copy-swift').addEventListener('click', async () => {
  if (!state.current || !state.values) return;
  let code;
  try {
    code = swiftExpression(state.current, state.values);
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
  const imports = swiftImports(state.current).map((line) => line.slice('import '.length)).join(', ');
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
  if (state.svg && state.current) downloadSVG(state.current.name, state.svg);
});
$('download-png').addEventListener('click', async () => {
  if (!state.svg || !state.current) return;
  try {
    await downloadPNG(state.current.name, state.svg, 2);
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
showStatus(connection.state);
connection.start();
