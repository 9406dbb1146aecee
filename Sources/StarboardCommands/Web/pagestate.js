// The page's rules as pure functions: `update(state, event)` returns the next
// state and the effects to carry out, as plain data. main.js turns DOM events,
// connection events and server messages into events, and carries out the
// effects (draw, send, replace the URL, schedule follow-up work); this module
// touches no DOM, no socket, no timer and no global of its own.
//
// The rules it holds:
// - which render wins: renders of another component are ignored; in this
//   window's environment a render older than (or as old as) one already taken
//   is dropped, unless the component, the environment or the socket changed
//   since, after which the next render is taken whatever its revision;
//   variants a render carries are kept even when the render itself is stale;
// - when link values apply: a link naming a known component with values
//   describes the whole state (absent = default); they are sent once, after
//   the component's first render, only where that render differs, and the URL
//   keeps the link's values until their render arrives;
// - what a reconnect restores: the same component (or the first one when it
//   is gone), its subscriptions in every environment on screen, and the
//   changes queued while offline;
// - selection, subscriptions (one per environment on screen, the actions log
//   asked for when the first is taken), environment changes, undo/redo
//   availability, the audit and "affected by" answers (a newer ask wins),
//   problems, presence and notes of other windows' changes.
//
// Effects are `{type, …}` objects; see `run` in main.js for what each does.
// `follow` effects name an event to dispatch once a frame is painted with no
// new render (renderscheduler.js), `timer` ones an event to dispatch later;
// `request` and `change` ones an event to dispatch with the reply (`reply`)
// or the failure (`error`).

import { STANDARD, describe, environmentFromURL, environmentName, matrixCells, normalized, wireEnvironment } from './environment.js';
import { componentFromURL, queryFor, valuesFromURL } from './urlstate.js';
import { changedElsewhere, windowName } from './history.js';
import { formatValue, isDefault, labelOf, readableServerMessage, sameValue } from './values.js';

/** The state of a page that has just loaded: nothing known, not connected. */
export function initialState() {
  return {
    components: [],          // catalog entries, in catalog order
    current: null,           // catalog entry on screen
    connection: 'connecting', // as connection.js names its state
    open: false,             // a socket is open (requests can be sent)
    subscriptions: {},       // "component\nenvironment name" → environment, subscribed on this socket
    environment: { ...STANDARD }, // this window's environment (a view setting, like zoom)
    matrix: null,            // key of MATRICES shown, or null
    cells: [],               // the matrix's cells on screen: [{environment, name, row, column}]
    latest: {},              // environment name → newest render of the current component there
    accepted: {},            // environment name → newest revision taken for drawing
    values: null,            // values of the last drawn render
    svg: null,
    newest: -Infinity,       // revision of the last drawn render of the current component
    renderedVariants: null,  // last `variants` array received (renders may omit it)
    urlValues: null,         // values from the URL still to be sent after the first render
    firstCatalog: true,
    focusAfterRender: null,  // property search chose before the component's first render
    tokenRefused: false,     // the server is up but refuses the page's access token
    window: null,            // this window's number, from `welcome`
    canUndo: false,
    canRedo: false,
    resetAllDisabled: true,  // as "Reset all" was last drawn (after a render's follow-up work)
    auditAsked: 0,           // generation of the newest audit scheduled
    reads: null,             // the newest drawn render's `reads`: inspectable properties each view read
    docsOpen: false,         // the Docs tab is shown
    // The docs' render of the defaults: for which component entry and environment, asked how often.
    docs: { component: null, environment: null, asked: 0, defaults: null, error: null },
  };
}

/**
 * The next state and the effects for one event. `state` is left as it was.
 * Events: see the `switch` below; each case says what it stands for.
 */
export function update(state, event) {
  const s = {
    ...state,
    subscriptions: { ...state.subscriptions },
    latest: { ...state.latest },
    accepted: { ...state.accepted },
  };
  const fx = [];
  switch (event.type) {
    // Connection
    case 'connectionState': // {state}: connection.js changed state
    case 'retry':           // {state}: a reconnection was scheduled
      connectionChanged(s, fx, event.state);
      if (event.type === 'retry') fx.push({ type: 'checkToken' });
      break;
    case 'tokenChecked':    // {refused}: whether the server refuses the page's token
      s.tokenRefused = Boolean(event.refused);
      fx.push({ type: 'banner' });
      break;
    case 'opened':          // a socket opened; the server sends its catalog next
      // The server may have restarted: revisions start again, nothing is subscribed.
      s.open = true;
      s.subscriptions = {};
      s.newest = -Infinity;
      s.accepted = {};
      s.tokenRefused = false;
      fx.push({ type: 'forgetRenders' }, { type: 'forgetRevisions', component: null });
      break;
    case 'notSubscribed':   // {key}: a subscribe could not be sent after all
      delete s.subscriptions[event.key];
      break;
    case 'message':         // {message, answered, url, focused}: a message from the server
      receive(s, fx, event);
      break;

    // Renders, once main.js has them paced (renderscheduler.js)
    case 'renderDrawn':     // {render}: the preview is to show this render now
      renderDrawn(s, fx, event.render);
      break;
    case 'renderFollowed':  // {render}: a frame was painted: the rest of what the render changes
      renderFollowed(s, fx, event.render);
      break;
    case 'variantsFollowed':
      fx.push({ type: 'showVariants', variants: s.renderedVariants });
      showDocs(s, fx);
      break;

    // Choices of the user
    case 'select':          // {name, history}: the user chose a component ('push'), or the page did
      if (event.name !== s.current?.name) select(s, fx, event.name, { history: event.history ?? 'push' });
      break;
    case 'popstate': {      // {url}: back or forward
      const named = componentFromURL(event.url);
      const chosen = entryNamed(s, named) ?? s.current;
      const linked = environmentFromURL(event.url, chosen?.properties.map((p) => p.name) ?? []);
      setEnvironment(s, fx, linked.environment, linked.matrix, { url: false });
      if (named && named !== s.current?.name && entryNamed(s, named)) select(s, fx, named, { history: 'none' });
      break;
    }
    case 'environment':     // {environment, matrix?}: the environment bar changed
      setEnvironment(s, fx, event.environment, 'matrix' in event ? event.matrix : s.matrix);
      break;
    case 'change':          // {property, value}: a field took a value
      if (!s.current) break;
      fx.push({ type: 'submit', component: s.current.name, values: { [event.property]: event.value } });
      // Now, not as follow-up work: clearing the field's error puts the rendered value back in
      // its slider, and only the unsettled value keeps the thumb where it was dragged.
      showUnsettled(s, fx);
      break;
    case 'reset':           // {property}
      if (!s.current) break;
      fx.push({
        type: 'change', component: s.current.name, discard: [event.property],
        message: { type: 'reset', component: s.current.name, properties: [event.property] },
        then: { type: 'resetDone', property: event.property },
      });
      break;
    case 'resetAll':
      if (!s.current || s.resetAllDisabled) break;
      fx.push({
        type: 'change', component: s.current.name, discard: 'all',
        message: { type: 'reset', component: s.current.name }, then: { type: 'resetDone', property: null },
      });
      break;
    case 'resetDone':       // {property, reply | error}
      if (event.error) fx.push({ type: 'reportError', error: event.error, values: {} });
      else fx.push(event.property ? { type: 'wasReset', property: event.property } : { type: 'inspectorResetAll' }, notes(event.reply));
      break;
    case 'undo':            // {direction: 'undo' | 'redo'}: a button (drawn enabled only when it can)
      moveInHistory(s, fx, event.direction);
      break;
    case 'undoKey':         // {direction}: the keyboard shortcut
      if (event.direction === 'redo' ? s.canRedo : s.canUndo) moveInHistory(s, fx, event.direction);
      break;
    case 'restore':         // {revision}: an entry of the actions log
      if (!s.current) break;
      fx.push({
        type: 'change', component: s.current.name, discard: 'all',
        message: { type: 'restore', component: s.current.name, revision: event.revision }, then: { type: 'changeDone' },
      });
      break;
    case 'tap':             // {target, location, environment?}: a tap in the preview or a matrix cell
      if (!s.current || !s.open) break;
      fx.push({
        type: 'change', component: s.current.name, discard: null,
        message: {
          type: 'tap', component: s.current.name, target: event.target,
          ...environmentField(event.environment ?? s.environment), ...(event.location ? { location: event.location } : {}),
        },
        then: { type: 'changeDone' },
      });
      break;
    case 'changeDone':      // {reply | error}
      fx.push(event.error ? { type: 'reportError', error: event.error, values: {} } : notes(event.reply));
      break;
    case 'applyVariant':    // {variant?, values}: a declared variant or a vary card
      applyVariant(s, fx, event);
      break;
    case 'variantReset':    // {component, values, reply | error}
      if (event.error) fx.push({ type: 'reportError', error: event.error, values: {} });
      else {
        fx.push({ type: 'inspectorResetAll' });
        if (Object.keys(event.values).length) fx.push({ type: 'submit', component: event.component, values: event.values });
      }
      break;
    case 'choose': {        // {entry}: the search palette's choice
      const { entry } = event;
      if (entry.component !== s.current?.name) select(s, fx, entry.component, { history: 'push' });
      if (entry.kind === 'variant') {
        const variant = s.current?.variants?.find((v) => v.name === entry.variant);
        if (variant) applyVariant(s, fx, { variant: variant.name, values: variant.values ?? {} });
      } else if (entry.kind === 'property') {
        // A focused field is not updated by renders: focus it once it shows the current values.
        if (s.values) fx.push({ type: 'focus', property: entry.property });
        else s.focusAfterRender = entry.property;
      }
      break;
    }

    // The change queue (changes.js)
    case 'changeAcked':     // {component, values, ack}
      if (event.component !== s.current?.name) break;
      for (const [name, value] of Object.entries(event.values)) fx.push({ type: 'accepted', property: name, value });
      fx.push(notes(event.ack));
      break;
    case 'changeFailed':    // {component, values, error}
      if (event.component !== s.current?.name) break;
      fx.push({ type: 'reportError', error: event.error, values: event.values });
      showUnsettled(s, fx);
      break;

    // Answers to requests this module made
    case 'historyLoaded':   // {component, reply | error}
      if (event.error) {
        if (event.error.name !== 'DisconnectedError') {
          fx.push({ type: 'toast', kind: 'error', text: `The history of ${event.component} could not be loaded: ${event.error.message}` });
        }
      } else if (event.reply.component === s.current?.name) {
        fx.push({ type: 'historyLoad', reply: event.reply });
        setAbility(s, fx, event.reply);
      }
      break;
    case 'auditDue':        // {generation}: the audit's timer ran
      if (event.generation !== s.auditAsked || !s.current || !s.open) break;
      fx.push({
        type: 'request', message: { type: 'audit', component: s.current.name, ...environmentField(s.environment) },
        then: { type: 'audited', generation: event.generation, where: describe(s.environment) },
      });
      break;
    case 'audited':         // {generation, where, reply | error}
      if (event.generation !== s.auditAsked) break; // a newer render asks again
      fx.push({
        type: 'showAudit',
        audit: event.error
          ? { state: 'failed', where: event.where, error: event.error.message }
          : { findings: Array.isArray(event.reply.findings) ? event.reply.findings : [], where: event.where },
      });
      break;
    case 'viewSelected': {  // {view, path}: select mode picked a view (or none)
      fx.push({
        type: 'showSelection', view: event.view, path: event.path,
        accessibility: s.latest[environmentName(s.environment)]?.accessibility ?? [],
      });
      if (!event.view || !s.current || !s.svg) break;
      // Which properties affect it: from what the worker recorded for the drawn render, no round trip.
      fx.push({ type: 'showAffecting', properties: s.current.properties, reads: s.reads, index: event.view.index });
      break;
    }
    case 'docsTab':         // {open}: the Docs tab was shown or left
      s.docsOpen = Boolean(event.open);
      showDocs(s, fx);
      break;
    case 'docsDefaults':    // {asked, reply | error}: the render of the defaults the docs asked for
      if (event.asked !== s.docs.asked) break; // another component or environment asked since
      s.docs = event.error
        ? { ...s.docs, error: `The defaults could not be rendered: ${event.error.message ?? event.error}` }
        : { ...s.docs, defaults: { svg: event.reply.svg, accessibility: Array.isArray(event.reply.accessibility) ? event.reply.accessibility : [] } };
      showDocs(s, fx);
      break;
    default:
      throw new Error(`pagestate: no rule for an event of type “${event.type}”.`);
  }
  return { state: s, effects: fx.filter(Boolean) };
}

/**
 * Whether "Reset all" has nothing to do: no component, or every value the
 * last render showed at its default.
 */
export function nothingToReset(state) {
  const component = state.current;
  const values = state.values ?? {};
  return !component || component.properties.every((p) => !(p.name in values) || isDefault(p, values[p.name]));
}

/**
 * What the connection banner says: {hidden, title, detail}. `waiting` is the
 * labels of the values queued to send, `seconds` the time to the next try.
 */
export function connectionBanner(state, { waiting = [], seconds = 1 } = {}) {
  if (state.connection === 'connected' || (state.connection === 'connecting' && state.firstCatalog)) {
    return { hidden: true, title: '', detail: '' };
  }
  const title = state.tokenRefused
    ? 'The Starboard server does not accept this page’s access token.'
    : state.connection === 'offline'
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
  return { hidden: false, title, detail: parts.join(' ') };
}

/** Labels of the queued values (`queued`: component → values), as the banner names them. */
export function waitingLabels(state, queued) {
  const waiting = [];
  for (const [component, values] of queued) {
    const entry = entryNamed(state, component);
    for (const name of Object.keys(values)) {
      const property = entry?.properties.find((p) => p.name === name);
      waiting.push(property ? labelOf(property) : name);
    }
  }
  return waiting;
}

/** `{environment}` for a request in `environment`, nothing for the standard one. */
export function environmentField(environment) {
  const wire = wireEnvironment(environment);
  return Object.keys(wire).length ? { environment: wire } : {};
}

/** The subscription key of `component` in the environment named `name`. */
export function subscriptionKey(component, name) {
  return `${component}\n${name}`;
}

function entryNamed(s, name) {
  return s.components.find((component) => component.name === name);
}

function notes(reply) {
  return { type: 'notes', notes: reply?.notes };
}

function connectionChanged(s, fx, connection) {
  s.connection = connection;
  s.open = connection === 'connected';
  fx.push({ type: 'status', state: connection });
  if (!s.open) {
    s.subscriptions = {};
    // What was typed and is valid goes into the queue now, so it is kept and sent on return.
    fx.push({ type: 'flushInspector' });
  }
  fx.push({ type: 'liveControls', live: s.open }, { type: 'banner' });
}

/** One message from the server (`answered`: it is the reply to a request). */
function receive(s, fx, { message, answered = false, url = '', focused = null }) {
  switch (message.type) {
    case 'catalog': onCatalog(s, fx, message, url); break;
    case 'render': onRender(s, fx, message); break;
    case 'problem': fx.push({ type: 'problem', component: message.component, message: message.message }); break;
    case 'build': fx.push({ type: 'build', build: message }); break;
    case 'saving': fx.push({ type: 'saving', saving: message }); break;
    case 'error':
      if (!answered) fx.push({ type: 'toast', kind: 'error', text: readableServerMessage(s.current, message.message ?? 'The server reported an error.') });
      break;
    case 'welcome':
      s.window = message.window;
      fx.push({ type: 'welcome', window: message.window });
      break;
    case 'presence':
      if (message.component === s.current?.name) fx.push({ type: 'presence', windows: message.windows });
      break;
    case 'action': onAction(s, fx, message, focused); break;
    case 'source': if (!answered) fx.push({ type: 'source', source: message }); break;
    default: break;
  }
}

function onCatalog(s, fx, message, url) {
  const components = Array.isArray(message.components) ? message.components : [];
  s.components = components;
  fx.push({ type: 'catalog', components });
  if (s.firstCatalog) {
    s.firstCatalog = false;
    const named = componentFromURL(url);
    const chosen = entryNamed(s, named) ?? components[0];
    const view = environmentFromURL(url, chosen?.properties.map((p) => p.name) ?? []);
    if (view.ignored.length) {
      fx.push({ type: 'toast', kind: 'error', text: `Left out of the link: ${view.ignored.map((item) => item.reason).join(' ')}` });
    }
    setEnvironment(s, fx, view.environment, view.matrix, { subscribe: false, url: false });
    const linked = entryNamed(s, named);
    if (named && linked) {
      const { values, ignored } = valuesFromURL(linked, url);
      // A link with values describes the whole state: absent means default.
      // A bare ?c=Name only picks the component and leaves values alone.
      // Each value is checked on its own: a bad one is left out and named, the rest apply.
      s.urlValues = Object.keys(values).length || ignored.length ? values : null;
      if (ignored.length) {
        fx.push({ type: 'toast', kind: 'error', text: `Left out of the link (the rest was applied): ${ignored.map((item) => item.reason).join(' ')}` });
      }
      select(s, fx, named, { history: 'none' });
      return;
    }
    if (named) fx.push({ type: 'toast', kind: 'error', text: `There is no component named “${named}”.` });
    if (components.length) select(s, fx, components[0].name, { history: 'replace' });
    else fx.push({ type: 'clearCanvas', text: 'The server has no components.' });
    return;
  }
  // Reconnected (or rebuilt): keep the component if it still exists, subscribe again.
  const name = s.current?.name;
  if (name && entryNamed(s, name)) select(s, fx, name, { history: 'none' });
  else if (components.length) select(s, fx, components[0].name, { history: 'replace' });
  fx.push({ type: 'resume' });
}

/** Shows a component: its inspector, its subscriptions, its URL. */
function select(s, fx, name, { history = 'push' } = {}) {
  const component = entryNamed(s, name);
  if (!component) return;
  const same = s.current?.name === name;
  const schemaChanged = !same || JSON.stringify(component) !== JSON.stringify(s.current);
  s.current = component;
  s.newest = -Infinity;
  s.accepted = {};
  fx.push({ type: 'forgetRenders' }, { type: 'forgetRevisions', component: name });
  if (!same) {
    s.focusAfterRender = null;
    s.latest = {};
    s.values = null;
    s.svg = null;
    s.renderedVariants = null;
    s.canUndo = false;
    s.canRedo = false;
    fx.push({ type: 'componentShown', component, where: describe(s.environment) });
  }
  if (schemaChanged) fx.push({ type: 'buildInspector', component, values: s.values, variants: s.renderedVariants });
  fx.push({ type: 'current', component });
  if (!same) fx.push({ type: 'historyAbility', canUndo: false, canRedo: false });
  if (!same && s.matrix) showMatrix(s, fx);
  syncSubscriptions(s, fx);
  // Every time, not only for another component: a catalog after a rebuild means the file changed.
  fx.push({ type: 'componentTools', component });
  showDocs(s, fx);
  if (history === 'push' || history === 'replace') {
    fx.push({ type: 'url', mode: history, component: name, query: urlQuery(s, same && s.values ? s.values : {}) });
  }
}

function urlQuery(s, values) {
  return queryFor(s.current, values, { environment: s.environment, matrix: s.matrix });
}

/** Shows the matrix's cells (none when it is off); `draw` picks the renders at hand to draw in them. */
function showMatrix(s, fx, draw = () => []) {
  s.cells = s.matrix ? matrixCells(s.matrix, s.environment) : [];
  fx.push({ type: 'showMatrix', matrix: s.matrix, cells: s.cells, draw: draw(s.cells) });
}

function matrixHas(s, name) {
  return Boolean(s.matrix) && s.cells.some((cell) => cell.name === name);
}

/**
 * Subscribes to the current component in each environment on screen (the
 * preview's, and each matrix cell's) and unsubscribes from everything else.
 */
function syncSubscriptions(s, fx) {
  const component = s.current?.name;
  const wanted = new Map();
  if (component) {
    wanted.set(subscriptionKey(component, environmentName(s.environment)), s.environment);
    if (s.matrix) for (const cell of s.cells) wanted.set(subscriptionKey(component, cell.name), cell.environment);
  }
  for (const [key, environment] of Object.entries(s.subscriptions)) {
    if (wanted.has(key)) continue;
    fx.push({ type: 'send', message: { type: 'unsubscribe', component: key.split('\n')[0], ...environmentField(environment) } });
    delete s.subscriptions[key];
  }
  // The log is the component's, whatever the environments: asked for when the first one is watched.
  const watchedBefore = Object.keys(s.subscriptions).some((key) => key.startsWith(`${component}\n`));
  for (const [key, environment] of wanted) {
    if (key in s.subscriptions || !s.open) continue;
    fx.push({ type: 'send', key, message: { type: 'subscribe', component, ...environmentField(environment) } });
    s.subscriptions[key] = environment;
  }
  if (component && !watchedBefore && Object.keys(s.subscriptions).length) {
    fx.push({ type: 'request', message: { type: 'history', component }, then: { type: 'historyLoaded', component } });
  }
}

/**
 * Changes this window's environment and matrix: the preview, the variants and
 * every matrix cell are rendered in it; nothing changes for other windows.
 */
function setEnvironment(s, fx, environment, matrixKey, { subscribe = true, url = true } = {}) {
  const before = environmentName(s.environment);
  s.environment = normalized(environment);
  const changed = environmentName(s.environment) !== before;
  const matrixChanged = matrixKey !== s.matrix;
  s.matrix = matrixKey;
  fx.push({ type: 'environmentShown', environment: s.environment, matrix: s.matrix, wire: wireEnvironment(s.environment) });
  if (changed || matrixChanged) {
    // Cells whose environment this window already watches get no new render until a change:
    // draw the newest one at hand.
    showMatrix(s, fx, (cells) => Object.entries(s.latest).filter(([name]) => cells.some((cell) => cell.name === name)));
  }
  if (changed) {
    // The next render in the new environment is drawn whatever its revision.
    s.newest = -Infinity;
    s.accepted = {};
    s.renderedVariants = null;
    fx.push({ type: 'forgetRenders' }, { type: 'showAudit', audit: { state: 'pending', where: describe(s.environment) } });
  }
  if (subscribe) syncSubscriptions(s, fx);
  if (url && s.current) fx.push({ type: 'url', mode: 'replace', component: s.current.name, query: urlQuery(s, s.values ?? {}) });
}

function onRender(s, fx, message) {
  fx.push({ type: 'resolved', component: message.component });
  fx.push({ type: 'renderArrived', component: message.component, revision: message.revision });
  if (message.component !== s.current?.name) return;
  const name = message.environment ?? 'standard';
  const known = s.latest[name];
  if (!known || !(message.revision < known.revision)) s.latest[name] = message;
  // Matrix cells and variants follow the preview: drawn after it is painted, newest only.
  if (matrixHas(s, name)) fx.push({ type: 'follow', key: `cell\n${name}`, effects: [{ type: 'drawCell', name, render: message }] });
  if (name !== environmentName(s.environment)) return;
  // Variants come once, with the subscription; keep them even from a render that is stale.
  if (Array.isArray(message.variants)) {
    s.renderedVariants = message.variants;
    fx.push({ type: 'follow', key: 'variants', event: { type: 'variantsFollowed' } });
  }
  // An older revision never follows a newer one; a render without a revision is always taken.
  if (typeof message.revision === 'number') {
    if (message.revision <= (s.accepted[name] ?? -Infinity)) return;
    s.accepted[name] = message.revision;
  }
  fx.push({ type: 'present', render: message });
}

/**
 * The critical path of a render: its SVG into the preview, nothing else, so it
 * is painted in the next frame; the rest follows once the page has a frame to spare.
 */
function renderDrawn(s, fx, render) {
  if (!render || render.component !== s.current?.name) return;
  if (typeof render.revision === 'number') s.newest = render.revision;
  s.values = render.values ?? {};
  s.svg = render.svg;
  s.reads = render.reads ?? null;
  fx.push({ type: 'showPreview', svg: render.svg, accessibility: render.accessibility });
  fx.push({ type: 'follow', key: 'render', event: { type: 'renderFollowed', render } });
}

/** Everything a render changes besides the preview: fields, panels, variants, the URL, the audit. */
function renderFollowed(s, fx, render) {
  const component = s.current;
  if (render.component !== component?.name) return;
  const values = render.values ?? {};
  fx.push({ type: 'inspectorValues', component: component.name, values });
  if (s.focusAfterRender) {
    fx.push({ type: 'focus', property: s.focusAfterRender });
    s.focusAfterRender = null;
  }
  fx.push({ type: 'accessibility', elements: render.accessibility });
  // The audit checks the newest render: asked for once renders pause.
  s.auditAsked += 1;
  fx.push({ type: 'showAudit', audit: { state: 'pending', where: describe(s.environment) } });
  fx.push({ type: 'timer', key: 'audit', ms: 200, event: { type: 'auditDue', generation: s.auditAsked } });
  fx.push({ type: 'showVariants', variants: s.renderedVariants }, { type: 'variantValues', values });
  showDocs(s, fx);
  s.resetAllDisabled = nothingToReset(s);
  fx.push({ type: 'resetAllAbility', disabled: s.resetAllDisabled });
  fx.push({ type: 'latency', renderMicros: typeof render.renderMicros === 'number' ? render.renderMicros : null });

  if (s.urlValues) {
    const wanted = s.urlValues;
    s.urlValues = null;
    const differing = {};
    for (const property of component.properties) {
      const target = property.name in wanted ? wanted[property.name] : property.default;
      if (property.name in values && !sameValue(property, values[property.name], target)) differing[property.name] = target;
    }
    if (Object.keys(differing).length) {
      fx.push({ type: 'submit', component: component.name, values: differing });
      return; // the URL keeps the shared values until their render arrives
    }
  }
  fx.push({ type: 'url', mode: 'replace', component: component.name, query: urlQuery(s, values) });
}

/**
 * The Docs tab, when shown: drawn from the catalog entry, the declared variants'
 * renders and a render of the defaults (a `preview`, for their accessibility
 * elements), asked for again for another entry or environment.
 */
function showDocs(s, fx) {
  if (!s.docsOpen) return;
  const component = s.current;
  if (!component) {
    fx.push({ type: 'showDocs', component: null });
    return;
  }
  const where = environmentName(s.environment);
  if (s.docs.component !== component || s.docs.environment !== where) {
    const asked = s.docs.asked + 1;
    s.docs = { component, environment: where, asked, defaults: null, error: null };
    const values = Object.fromEntries(component.properties.map((p) => [p.name, p.default]));
    fx.push({
      type: 'request', message: { type: 'preview', component: component.name, values, ...environmentField(s.environment) },
      then: { type: 'docsDefaults', asked },
    });
  }
  fx.push({ type: 'showDocs', component, defaults: s.docs.defaults, variants: s.renderedVariants, error: s.docs.error });
}

/** Marks rows whose change is on its way (or waiting for the connection). */
function showUnsettled(s, fx) {
  if (s.current && s.values) fx.push({ type: 'inspectorValues', component: s.current.name, values: s.values });
}

function onAction(s, fx, message, focused) {
  if (message.component !== s.current?.name) return;
  // The list is redrawn once a drag pauses: an action comes with every render.
  fx.push({ type: 'historyAdd', message });
  if (message.action) setAbility(s, fx, message);
  fx.push({ type: 'follow', key: 'history', effects: [{ type: 'historyRedraw' }] });
  if (!message.action || !changedElsewhere(message.action, focused, s.window)) return;
  const change = message.action.changes.find((c) => c.property === focused);
  const property = s.current.properties.find((p) => p.name === focused);
  const value = change.to === null ? property.default : change.to;
  fx.push({
    type: 'otherChanged', property: focused,
    who: windowName(message.action.windows[0], s.window), value: formatValue(property, value),
  });
}

function setAbility(s, fx, { canUndo, canRedo }) {
  s.canUndo = Boolean(canUndo);
  s.canRedo = Boolean(canRedo);
  fx.push({ type: 'historyAbility', canUndo: s.canUndo, canRedo: s.canRedo });
}

/** Undo or redo over the shared history; what this window has not sent yet is dropped first. */
function moveInHistory(s, fx, direction) {
  if (!s.current || !s.open) return;
  fx.push({
    type: 'change', component: s.current.name, discard: 'all',
    message: { type: direction, component: s.current.name }, then: { type: 'changeDone' },
  });
}

/** Applies a declared variant (every other value back to its default) or a vary card's values. */
function applyVariant(s, fx, { variant, values }) {
  const component = s.current?.name;
  if (!component) return;
  if (variant !== undefined) {
    fx.push({
      type: 'change', component, discard: 'all', message: { type: 'reset', component },
      then: { type: 'variantReset', component, values },
    });
  } else if (Object.keys(values).length) {
    fx.push({ type: 'submit', component, values });
  }
}
