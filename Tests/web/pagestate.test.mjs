// Unit tests of Web/pagestate.js: the page's rules, event in, state and effects out.
import test from 'node:test';
import assert from 'node:assert/strict';
import { connectionBanner, initialState, update, waitingLabels } from '../../Web/pagestate.js';

const rating = {
  name: 'RatingControl', title: 'Rating Control',
  properties: [
    { name: 'starCount', label: 'Star Count', kind: 'integer', default: 5, constraints: { min: 1, max: 20, step: 1 } },
    { name: 'rating', label: 'Rating', kind: 'integer', default: 0, constraints: { min: 0, max: 20, step: 1, maxProperty: 'starCount' } },
  ],
  variants: [{ name: 'Three stars', values: { rating: 3 } }],
};
const badge = {
  name: 'HikeBadge', title: 'Hike Badge',
  properties: [{ name: 'name', label: 'Name', kind: 'string', default: 'Hike', constraints: {} }],
};
const url = (query = '') => `http://127.0.0.1:8080/${query}`;
const catalog = (components = [rating, badge]) => ({ type: 'catalog', components, devices: [] });
const message = (m, extra = {}) => ({ type: 'message', message: m, answered: false, url: url(), focused: null, ...extra });
const render = (revision, extra = {}) => ({
  type: 'render', component: 'RatingControl', revision, svg: `<svg>${revision}</svg>`,
  values: { starCount: 5, rating: 0 }, accessibility: [], ...extra,
});

/** Runs events in order from `state`: the final state and every effect, in order. */
function run(state, ...events) {
  const effects = [];
  for (const event of events) {
    const result = update(state, event);
    state = result.state;
    effects.push(...result.effects);
  }
  return { state, effects };
}

const ofType = (effects, type) => effects.filter((effect) => effect.type === type);
const sent = (effects, type) => ofType(effects, 'send').map((effect) => effect.message).filter((m) => m.type === type);

/** A page connected to a server whose catalog came, showing RatingControl (link `query`). */
function connected(query = '') {
  return run(initialState(),
    { type: 'connectionState', state: 'connected' }, { type: 'opened' },
    message(catalog(), { url: url(query) }));
}

/** Draws a render as main.js does: arrival, then the scheduler's draw, then its follow-up work. */
function drawn(state, r) {
  const arrived = update(state, message(r));
  const present = ofType(arrived.effects, 'present');
  if (!present.length) return { ...arrived, drawn: false };
  const after = run(arrived.state, { type: 'renderDrawn', render: r }, { type: 'renderFollowed', render: r });
  return { state: after.state, effects: [...arrived.effects, ...after.effects], drawn: true };
}

// Which render wins

test('a render older than, or as old as, one taken is dropped; a newer one is drawn', () => {
  let { state } = connected();
  let step = update(state, message(render(5)));
  assert.deepEqual(ofType(step.effects, 'present').map((e) => e.render.revision), [5]);
  state = step.state;
  for (const revision of [4, 5]) {
    step = update(state, message(render(revision)));
    assert.deepEqual(ofType(step.effects, 'present'), [], `revision ${revision} after 5 was drawn`);
    // The change queue still hears of it: its values may be settled by it.
    assert.deepEqual(ofType(step.effects, 'renderArrived').map((e) => e.revision), [revision]);
    state = step.state;
  }
  step = update(state, message(render(6)));
  assert.deepEqual(ofType(step.effects, 'present').map((e) => e.render.revision), [6]);
});

test('a render without a revision is always drawn', () => {
  let { state } = connected();
  state = update(state, message(render(9))).state;
  const step = update(state, message(render(undefined)));
  assert.equal(ofType(step.effects, 'present').length, 1);
});

test('a render of another component is not drawn, and settles the change queue all the same', () => {
  const { state } = connected();
  const step = update(state, message(render(3, { component: 'HikeBadge' })));
  assert.deepEqual(ofType(step.effects, 'present'), []);
  assert.deepEqual(ofType(step.effects, 'renderArrived'), [{ type: 'renderArrived', component: 'HikeBadge', revision: 3 }]);
  assert.deepEqual(ofType(step.effects, 'resolved'), [{ type: 'resolved', component: 'HikeBadge' }]);
});

test('after choosing another component, its next render is drawn whatever its revision', () => {
  let { state } = connected();
  state = update(state, message(render(50))).state;
  state = update(state, { type: 'select', name: 'HikeBadge' }).state;
  const step = update(state, message(render(2, { component: 'HikeBadge', values: { name: 'Hike' } })));
  assert.equal(ofType(step.effects, 'present').length, 1);
});

test('after the environment changes, or the socket opens again, the next render is drawn whatever its revision', () => {
  const start = update(connected().state, message(render(50))).state;
  const dark = update(start, { type: 'environment', environment: { ...start.environment, scheme: 'dark' } }).state;
  assert.equal(ofType(update(dark, message(render(2, { environment: 'dark' }))).effects, 'present').length, 1);
  const again = run(start, { type: 'connectionState', state: 'reconnecting' }, { type: 'connectionState', state: 'connected' }, { type: 'opened' }).state;
  assert.equal(ofType(update(again, message(render(1))).effects, 'present').length, 1);
});

test('a render in another environment goes to its matrix cell, not the preview', () => {
  let { state } = connected();
  state = update(state, { type: 'environment', environment: state.environment, matrix: 'scheme' }).state;
  const step = update(state, message(render(4, { environment: 'dark' })));
  assert.deepEqual(ofType(step.effects, 'present'), []);
  const [follow] = ofType(step.effects, 'follow');
  assert.equal(follow.key, 'cell\ndark');
  assert.deepEqual(follow.effects.map((e) => [e.type, e.name, e.render.revision]), [['drawCell', 'dark', 4]]);
  // A cell not on screen gets nothing.
  assert.deepEqual(ofType(update(state, message(render(4, { environment: 'rtl' }))).effects, 'follow'), []);
});

test('variants a stale render carries are kept', () => {
  let { state } = connected();
  state = update(state, message(render(5))).state;
  const variants = [{ name: 'Three stars', svg: '<svg/>' }];
  const step = update(state, message(render(3, { variants })));
  assert.deepEqual(ofType(step.effects, 'present'), []);
  assert.deepEqual(step.state.renderedVariants, variants);
  assert.ok(ofType(step.effects, 'follow').some((e) => e.key === 'variants'));
});

test('the newest render per environment is kept for the matrix and selection; an older one does not replace it', () => {
  let { state } = connected();
  state = update(state, message(render(5))).state;
  state = update(state, message(render(3))).state;
  assert.equal(state.latest.standard.revision, 5);
});

test('a drawn render sets the values, the SVG and the newest revision, and only then the follow-up work', () => {
  let { state } = connected();
  const r = render(7, { values: { starCount: 8, rating: 2 } });
  const step = update(update(state, message(r)).state, { type: 'renderDrawn', render: r });
  assert.deepEqual(step.state.values, { starCount: 8, rating: 2 });
  assert.equal(step.state.svg, '<svg>7</svg>');
  assert.equal(step.state.newest, 7);
  assert.deepEqual(step.effects.map((e) => e.type), ['showPreview', 'follow']);
  assert.equal(step.effects[1].event.type, 'renderFollowed');
  // A draw for a component no longer on screen changes nothing.
  state = update(step.state, { type: 'select', name: 'HikeBadge' }).state;
  const late = update(state, { type: 'renderDrawn', render: r });
  assert.deepEqual(late.effects, []);
  assert.equal(late.state.values, null);
});

// When link values apply

test('link values are sent once, after the first render, where that render differs; absent means default', () => {
  let { state, effects } = connected('?c=RatingControl&starCount=7');
  assert.deepEqual(ofType(effects, 'submit'), [], 'values were sent before a render showed what the server has');
  assert.deepEqual(ofType(effects, 'url'), [], 'a link was rewritten before its values applied');
  // The server's values: starCount at its default, rating 3 (another window's): the link wants 7 and 0.
  const first = drawn(state, render(1, { values: { starCount: 5, rating: 3 } }));
  assert.deepEqual(ofType(first.effects, 'submit'), [{ type: 'submit', component: 'RatingControl', values: { starCount: 7, rating: 0 } }]);
  assert.deepEqual(ofType(first.effects, 'url'), [], 'the URL lost the link’s values before their render came');
  const second = drawn(first.state, render(2, { values: { starCount: 7, rating: 0 } }));
  assert.deepEqual(ofType(second.effects, 'submit'), []);
  assert.deepEqual(ofType(second.effects, 'url').map((e) => e.query), ['?c=RatingControl&starCount=7']);
  // Once applied, the link is done: another window's change is shown, not undone.
  const third = drawn(second.state, render(3, { values: { starCount: 5, rating: 2 } }));
  assert.deepEqual(ofType(third.effects, 'submit'), []);
  assert.deepEqual(ofType(third.effects, 'url').map((e) => e.query), ['?c=RatingControl&rating=2']);
});

test('link values the server already shows are not sent; the URL is kept', () => {
  const { state } = connected('?c=RatingControl&starCount=7');
  const first = drawn(state, render(1, { values: { starCount: 7, rating: 0 } }));
  assert.deepEqual(ofType(first.effects, 'submit'), []);
  assert.deepEqual(ofType(first.effects, 'url').map((e) => e.query), ['?c=RatingControl&starCount=7']);
});

test('a bare ?c=Name picks the component and leaves the values alone', () => {
  const { state, effects } = connected('?c=HikeBadge');
  assert.equal(state.current.name, 'HikeBadge');
  assert.equal(state.urlValues, null);
  assert.deepEqual(ofType(effects, 'url'), [], 'history: none for a linked component');
});

test('a bad link value is left out and named; the rest apply', () => {
  const { state, effects } = connected('?c=RatingControl&starCount=50&rating=2');
  assert.deepEqual(state.urlValues, { rating: 2 });
  const [toast] = ofType(effects, 'toast');
  assert.match(toast.text, /^Left out of the link \(the rest was applied\): Star Count must be/);
});

test('a link naming no known component says so and shows the first one, replacing the URL', () => {
  const { state, effects } = connected('?c=Nope&starCount=7');
  assert.equal(state.current.name, 'RatingControl');
  assert.equal(state.urlValues, null);
  assert.deepEqual(ofType(effects, 'toast').map((e) => e.text), ['There is no component named “Nope”.']);
  assert.deepEqual(ofType(effects, 'url').map((e) => [e.mode, e.query]), [['replace', '?c=RatingControl']]);
});

test('the link’s environment and matrix apply with the first catalog; a bad one is named', () => {
  const { state, effects } = connected('?c=RatingControl&scheme=dark&matrix=direction&textSize=huge');
  assert.equal(state.environment.scheme, 'dark');
  assert.equal(state.environment.textSize, 'large');
  assert.equal(state.matrix, 'direction');
  assert.match(ofType(effects, 'toast')[0].text, /^Left out of the link: Text size must be one of/);
  // Subscribed in the preview's environment and in each cell's.
  assert.deepEqual(sent(effects, 'subscribe').map((m) => m.environment), [{ scheme: 'dark' }, { scheme: 'dark', direction: 'rtl' }]);
});

test('a later catalog (a rebuild, a reconnect) never applies the link again', () => {
  const { state } = connected('?c=HikeBadge&name=Trail');
  const later = update(update(state, { type: 'select', name: 'RatingControl' }).state, message(catalog(), { url: url('?c=HikeBadge&name=Trail') }));
  assert.equal(later.state.current.name, 'RatingControl');
});

// What a reconnect restores

test('a reconnect subscribes again to the component on screen in its environment, and sends what was queued', () => {
  let { state } = connected();
  state = update(state, { type: 'environment', environment: { ...state.environment, scheme: 'dark' } }).state;
  assert.deepEqual(Object.keys(state.subscriptions), ['RatingControl\ndark']);
  const down = update(state, { type: 'connectionState', state: 'reconnecting' });
  assert.deepEqual(down.state.subscriptions, {}, 'subscriptions of a closed socket were kept');
  assert.ok(down.effects.some((e) => e.type === 'flushInspector'), 'typed values were not queued when the socket went');
  // Nothing is subscribed while the socket is down.
  assert.deepEqual(sent(update(down.state, { type: 'select', name: 'HikeBadge' }).effects, 'subscribe'), []);
  const back = run(down.state, { type: 'connectionState', state: 'connected' }, { type: 'opened' }, message(catalog()));
  assert.equal(back.state.current.name, 'RatingControl');
  assert.deepEqual(sent(back.effects, 'subscribe'), [{ type: 'subscribe', component: 'RatingControl', environment: { scheme: 'dark' } }]);
  assert.deepEqual(ofType(back.effects, 'url'), [], 'a reconnect rewrote the URL');
  assert.ok(back.effects.some((e) => e.type === 'resume'), 'what was queued offline was not sent');
  assert.ok(back.effects.some((e) => e.type === 'forgetRevisions' && e.component === null), 'revisions of a restarted server were kept');
  // The actions log is asked for again.
  assert.deepEqual(ofType(back.effects, 'request').map((e) => e.message), [{ type: 'history', component: 'RatingControl' }]);
});

test('a reconnect to a server without the component shows the first one, replacing the URL', () => {
  let { state } = connected('?c=HikeBadge');
  state = run(state, { type: 'connectionState', state: 'reconnecting' }, { type: 'connectionState', state: 'connected' }, { type: 'opened' }).state;
  const back = update(state, message(catalog([rating])));
  assert.equal(back.state.current.name, 'RatingControl');
  assert.deepEqual(ofType(back.effects, 'url').map((e) => e.mode), ['replace']);
});

test('a rebuilt catalog with a changed schema rebuilds the inspector with the values at hand', () => {
  let { state } = drawn(connected().state, render(1));
  const changed = { ...rating, properties: [...rating.properties, { name: 'spacing', label: 'Spacing', kind: 'double', default: 8, constraints: {} }] };
  const same = update(state, message(catalog([rating, badge])));
  assert.deepEqual(ofType(same.effects, 'buildInspector'), []);
  const rebuilt = update(state, message(catalog([changed, badge])));
  const [build] = ofType(rebuilt.effects, 'buildInspector');
  assert.equal(build.component, changed);
  assert.deepEqual(build.values, { starCount: 5, rating: 0 });
});

// Subscriptions

test('choosing a component subscribes to it, unsubscribes the other, pushes the URL and asks for its log', () => {
  const { state } = connected();
  const step = update(state, { type: 'select', name: 'HikeBadge' });
  assert.deepEqual(sent(step.effects, 'unsubscribe'), [{ type: 'unsubscribe', component: 'RatingControl' }]);
  assert.deepEqual(sent(step.effects, 'subscribe'), [{ type: 'subscribe', component: 'HikeBadge' }]);
  assert.deepEqual(ofType(step.effects, 'url').map((e) => [e.mode, e.query]), [['push', '?c=HikeBadge']]);
  assert.deepEqual(ofType(step.effects, 'request').map((e) => e.message), [{ type: 'history', component: 'HikeBadge' }]);
  // Choosing the one on screen again does nothing.
  assert.deepEqual(update(step.state, { type: 'select', name: 'HikeBadge' }).effects, []);
});

test('turning the matrix on subscribes each cell; the log is not asked for again; off unsubscribes them', () => {
  let { state } = connected();
  const on = update(state, { type: 'environment', environment: state.environment, matrix: 'scheme' });
  assert.deepEqual(sent(on.effects, 'subscribe'), [{ type: 'subscribe', component: 'RatingControl', environment: { scheme: 'dark' } }]);
  assert.deepEqual(ofType(on.effects, 'request'), []);
  assert.deepEqual(ofType(on.effects, 'url').map((e) => e.query), ['?c=RatingControl&matrix=scheme']);
  const off = update(on.state, { type: 'environment', environment: on.state.environment, matrix: null });
  assert.deepEqual(sent(off.effects, 'unsubscribe'), [{ type: 'unsubscribe', component: 'RatingControl', environment: { scheme: 'dark' } }]);
  assert.deepEqual(Object.keys(off.state.subscriptions), ['RatingControl\nstandard']);
});

test('a subscribe that could not be sent is not counted as made', () => {
  const { state } = connected();
  const after = update(state, { type: 'notSubscribed', key: 'RatingControl\nstandard' });
  assert.deepEqual(after.state.subscriptions, {});
});

// Environment

test('another environment: shown, the audit pending, the variants forgotten, the URL replaced', () => {
  let { state } = drawn(connected().state, render(1, { variants: [{ name: 'Three stars' }] }));
  assert.ok(state.renderedVariants);
  const step = update(state, { type: 'environment', environment: { ...state.environment, direction: 'rtl' } });
  assert.equal(step.state.renderedVariants, null);
  assert.equal(step.state.newest, -Infinity);
  assert.deepEqual(ofType(step.effects, 'showAudit').map((e) => e.audit), [{ state: 'pending', where: 'right to left' }]);
  assert.deepEqual(ofType(step.effects, 'url').map((e) => e.query), ['?c=RatingControl&direction=rtl']);
  assert.deepEqual(ofType(step.effects, 'environmentShown').map((e) => e.wire), [{ direction: 'rtl' }]);
});

test('a matrix turned on draws the newest render at hand in each cell already watched', () => {
  let { state } = connected();
  state = update(state, message(render(3))).state;
  const step = update(state, { type: 'environment', environment: state.environment, matrix: 'direction' });
  const [show] = ofType(step.effects, 'showMatrix');
  assert.deepEqual(show.cells.map((c) => c.name), ['standard', 'rtl']);
  assert.deepEqual(show.draw.map(([name, r]) => [name, r.revision]), [['standard', 3]]);
});

test('back and forward take the environment and the component from the URL', () => {
  const { state } = connected();
  const step = update(state, { type: 'popstate', url: url('?c=HikeBadge&scheme=dark') });
  assert.equal(step.state.current.name, 'HikeBadge');
  assert.equal(step.state.environment.scheme, 'dark');
  assert.deepEqual(ofType(step.effects, 'url'), [], 'back/forward wrote a URL of its own');
});

// Undo and redo, the actions log

test('the undo shortcut works only when the server says there is something to undo', () => {
  let { state } = connected();
  assert.deepEqual(update(state, { type: 'undoKey', direction: 'undo' }).effects, []);
  const action = {
    type: 'action', component: 'RatingControl', canUndo: true, canRedo: false,
    action: { revision: 2, kind: 'set', windows: [1], changes: [{ property: 'rating', from: 0, to: 2 }] },
  };
  let step = update(state, message(action));
  assert.deepEqual(ofType(step.effects, 'historyAbility'), [{ type: 'historyAbility', canUndo: true, canRedo: false }]);
  state = step.state;
  const [undo] = ofType(update(state, { type: 'undoKey', direction: 'undo' }).effects, 'change');
  assert.deepEqual(undo.message, { type: 'undo', component: 'RatingControl' });
  assert.equal(undo.discard, 'all', 'what was not sent yet survives an undo');
  assert.deepEqual(update(state, { type: 'undoKey', direction: 'redo' }).effects, []);
  // Another component has its own log: nothing to undo until it says so.
  step = update(state, { type: 'select', name: 'HikeBadge' });
  assert.deepEqual(ofType(step.effects, 'historyAbility'), [{ type: 'historyAbility', canUndo: false, canRedo: false }]);
  assert.deepEqual(update(step.state, { type: 'undoKey', direction: 'undo' }).effects, []);
  const loaded = update(step.state, { type: 'historyLoaded', component: 'HikeBadge', reply: { component: 'HikeBadge', entries: [], canUndo: false, canRedo: true } });
  assert.equal(loaded.state.canRedo, true);
  // The log of a component no longer on screen is not shown.
  assert.deepEqual(update(step.state, { type: 'historyLoaded', component: 'RatingControl', reply: { component: 'RatingControl', canUndo: true } }).effects, []);
});

test('undo needs an open socket; a log lost with the socket is not reported', () => {
  let { state } = connected();
  state = update(state, { type: 'connectionState', state: 'reconnecting' }).state;
  assert.deepEqual(update(state, { type: 'undo', direction: 'undo' }).effects, []);
  const lost = update(state, { type: 'historyLoaded', component: 'RatingControl', error: { name: 'DisconnectedError', message: 'gone' } });
  assert.deepEqual(lost.effects, []);
  const failed = update(state, { type: 'historyLoaded', component: 'RatingControl', error: { name: 'ServerError', message: 'no log' } });
  assert.deepEqual(ofType(failed.effects, 'toast').map((e) => e.text), ['The history of RatingControl could not be loaded: no log']);
});

test('another window’s change to the field being edited is noted there; this window’s own is not', () => {
  let { state } = connected();
  state = update(state, message({ type: 'welcome', window: 1 })).state;
  const action = (windows) => ({
    type: 'action', component: 'RatingControl',
    action: { revision: 3, kind: 'set', windows, changes: [{ property: 'rating', from: 0, to: 4 }] },
  });
  const other = update(state, message(action([2]), { focused: 'rating' }));
  assert.deepEqual(ofType(other.effects, 'otherChanged'), [{ type: 'otherChanged', property: 'rating', who: 'Window 2', value: '4' }]);
  assert.deepEqual(ofType(update(state, message(action([1]), { focused: 'rating' })).effects, 'otherChanged'), []);
  assert.deepEqual(ofType(update(state, message(action([2]), { focused: 'starCount' })).effects, 'otherChanged'), []);
  // The log is redrawn once a drag pauses, not with every action.
  assert.deepEqual(ofType(other.effects, 'follow').map((e) => e.key), ['history']);
});

// Problems, errors, presence

test('a problem is shown; a render of that component resolves it', () => {
  const { state } = connected();
  const problem = update(state, message({ type: 'problem', component: 'HikeBadge', message: 'It crashed.' }));
  assert.deepEqual(problem.effects, [{ type: 'problem', component: 'HikeBadge', message: 'It crashed.' }]);
  assert.deepEqual(update(state, message(render(1, { component: 'HikeBadge' }))).effects[0], { type: 'resolved', component: 'HikeBadge' });
});

test('a server error is toasted unless it answers a request (whose caller reports it)', () => {
  const { state } = connected();
  const error = { type: 'error', message: 'RatingControl.rating: must be 0...5; got 9' };
  assert.deepEqual(ofType(update(state, message(error)).effects, 'toast').map((e) => e.text), ['Rating: must be 0 to 5; got 9']);
  assert.deepEqual(update(state, message(error, { answered: true })).effects, []);
});

test('presence is shown only for the component on screen', () => {
  const { state } = connected();
  assert.deepEqual(update(state, message({ type: 'presence', component: 'RatingControl', windows: 2 })).effects, [{ type: 'presence', windows: 2 }]);
  assert.deepEqual(update(state, message({ type: 'presence', component: 'HikeBadge', windows: 2 })).effects, []);
});

test('acks and failed changes of a component no longer on screen are left alone', () => {
  let { state } = connected();
  const acked = update(state, { type: 'changeAcked', component: 'RatingControl', values: { rating: 2 }, ack: { notes: ['n'] } });
  assert.deepEqual(acked.effects, [{ type: 'accepted', property: 'rating', value: 2 }, { type: 'notes', notes: ['n'] }]);
  state = update(state, { type: 'select', name: 'HikeBadge' }).state;
  assert.deepEqual(update(state, { type: 'changeAcked', component: 'RatingControl', values: { rating: 2 }, ack: {} }).effects, []);
  assert.deepEqual(update(state, { type: 'changeFailed', component: 'RatingControl', values: { rating: 2 }, error: {} }).effects, []);
});

// Changes

test('a field’s change is submitted and its row marked unsettled once values are known', () => {
  let { state } = connected();
  assert.deepEqual(update(state, { type: 'change', property: 'rating', value: 2 }).effects,
    [{ type: 'submit', component: 'RatingControl', values: { rating: 2 } }]);
  state = drawn(state, render(1)).state;
  assert.deepEqual(update(state, { type: 'change', property: 'rating', value: 2 }).effects.map((e) => e.type), ['submit', 'inspectorValues']);
});

test('"Reset all" does nothing until a render with a value off its default was shown', () => {
  let { state } = drawn(connected().state, render(1));
  assert.equal(state.resetAllDisabled, true);
  assert.deepEqual(update(state, { type: 'resetAll' }).effects, []);
  state = drawn(state, render(2, { values: { starCount: 5, rating: 2 } })).state;
  const [reset] = update(state, { type: 'resetAll' }).effects;
  assert.deepEqual(reset.message, { type: 'reset', component: 'RatingControl' });
});

test('a declared variant resets first, then sends its values; a vary card only sends', () => {
  const { state } = connected();
  const [reset] = update(state, { type: 'applyVariant', variant: 'Three stars', values: { rating: 3 } }).effects;
  assert.deepEqual([reset.type, reset.message, reset.then.type], ['change', { type: 'reset', component: 'RatingControl' }, 'variantReset']);
  const done = update(state, { ...reset.then, reply: {} });
  assert.deepEqual(done.effects, [{ type: 'inspectorResetAll' }, { type: 'submit', component: 'RatingControl', values: { rating: 3 } }]);
  assert.deepEqual(update(state, { type: 'applyVariant', values: { rating: 1 } }).effects,
    [{ type: 'submit', component: 'RatingControl', values: { rating: 1 } }]);
});

test('a tap needs an open socket and carries the environment it was made in', () => {
  let { state } = connected();
  state = update(state, { type: 'environment', environment: { ...state.environment, scheme: 'dark' } }).state;
  const [tap] = update(state, { type: 'tap', target: 'star-2', location: null }).effects;
  assert.deepEqual(tap.message, { type: 'tap', component: 'RatingControl', target: 'star-2', environment: { scheme: 'dark' } });
  const cell = update(state, { type: 'tap', target: 'star-2', location: { x: 1, y: 2 }, environment: { scheme: 'light', direction: 'rtl' } }).effects[0];
  assert.deepEqual(cell.message.environment, { direction: 'rtl' });
  assert.deepEqual(cell.message.location, { x: 1, y: 2 });
  state = update(state, { type: 'connectionState', state: 'offline' }).state;
  assert.deepEqual(update(state, { type: 'tap', target: 'star-2' }).effects, []);
});

test('a property chosen in search before the first render is focused once that render is followed', () => {
  const { state } = connected();
  const chose = update(state, { type: 'choose', entry: { kind: 'property', component: 'RatingControl', property: 'rating' } });
  assert.deepEqual(ofType(chose.effects, 'focus'), []);
  const first = drawn(chose.state, render(1));
  assert.deepEqual(ofType(first.effects, 'focus'), [{ type: 'focus', property: 'rating' }]);
  assert.deepEqual(ofType(drawn(first.state, render(2)).effects, 'focus'), []);
});

// Follow-up answers: a newer ask wins

test('an audit answers only for the newest render', () => {
  let { state } = connected();
  const first = drawn(state, render(1));
  const [timer] = ofType(first.effects, 'timer');
  assert.deepEqual([timer.key, timer.ms, timer.event.type], ['audit', 200, 'auditDue']);
  const second = drawn(first.state, render(2));
  assert.deepEqual(update(second.state, timer.event).effects, [], 'an audit was asked for an older render');
  const [due] = ofType(second.effects, 'timer');
  const [ask] = update(second.state, due.event).effects;
  assert.deepEqual(ask.message, { type: 'audit', component: 'RatingControl' });
  assert.deepEqual(update(second.state, { ...ask.then, reply: { findings: [] } }).effects,
    [{ type: 'showAudit', audit: { findings: [], where: 'Standard' } }]);
  const third = drawn(second.state, render(3));
  assert.deepEqual(update(third.state, { ...ask.then, reply: { findings: [] } }).effects, []);
});

test('which properties affect a selected view come from the drawn render’s reads, with no request', () => {
  const reads = { 0: ['starCount', 'spacing'], 3: ['rating'] };
  const { state } = drawn(connected().state, { ...render(1), reads });
  const view = { index: 3, frame: { x: 0, y: 0, width: 10, height: 10 } };
  const { effects } = update(state, { type: 'viewSelected', view, path: [] });
  const [shown] = ofType(effects, 'showAffecting');
  assert.deepEqual(shown.reads, reads);
  assert.equal(shown.index, 3);
  assert.deepEqual(shown.properties, state.current.properties);
  assert.deepEqual(ofType(effects, 'send'), []);
  // A newer render's reads replace the older ones; one without any read nothing.
  const newer = drawn(state, render(2));
  assert.equal(ofType(update(newer.state, { type: 'viewSelected', view, path: [] }).effects, 'showAffecting')[0].reads, null);
  // Nothing selected: nothing to show.
  assert.deepEqual(ofType(update(state, { type: 'viewSelected', view: null, path: [] }).effects, 'showAffecting'), []);
});

// Docs

test('the docs ask for a render of the defaults once per component and environment, only while shown', () => {
  let { state, effects } = connected();
  assert.deepEqual(ofType(effects, 'showDocs'), [], 'the docs were drawn while hidden');
  let step = update(state, { type: 'docsTab', open: true });
  const [ask] = ofType(step.effects, 'request');
  assert.deepEqual(ask.message, { type: 'preview', component: 'RatingControl', values: { starCount: 5, rating: 0 } });
  assert.deepEqual(ofType(step.effects, 'showDocs').map((e) => e.defaults), [null]);
  state = step.state;
  // A render redraws the docs without asking again.
  const again = drawn(state, render(1));
  assert.deepEqual(ofType(again.effects, 'request').filter((e) => e.message.type === 'preview'), []);
  assert.equal(ofType(again.effects, 'showDocs').length, 1);
  step = update(again.state, { ...ask.then, reply: { svg: '<svg>defaults</svg>', accessibility: [] } });
  assert.deepEqual(ofType(step.effects, 'showDocs').map((e) => e.defaults.svg), ['<svg>defaults</svg>']);
  // Another environment asks again (with its first render there), and the older answer is dropped.
  const changed = update(state, { type: 'environment', environment: { ...state.environment, scheme: 'dark' } }).state;
  const dark = drawn(changed, render(2, { environment: 'dark' }));
  const [darkAsk] = ofType(dark.effects, 'request').filter((e) => e.message.type === 'preview');
  assert.deepEqual(darkAsk.message.environment, { scheme: 'dark' });
  assert.deepEqual(update(dark.state, { ...ask.then, reply: { svg: '<svg>light</svg>' } }).effects, []);
  const failed = update(dark.state, { ...darkAsk.then, error: new Error('No answer to preview within 10 s.') });
  assert.deepEqual(ofType(failed.effects, 'showDocs').map((e) => e.error), ['The defaults could not be rendered: No answer to preview within 10 s.']);
});

// The connection banner

test('the banner is hidden while connected and before the first catalog; it names the queued values', () => {
  const state = initialState();
  assert.equal(connectionBanner(state).hidden, true);
  assert.equal(connectionBanner({ ...state, connection: 'connected', firstCatalog: false }).hidden, true);
  // Connecting again after a catalog came is said: the page was working and is not now.
  assert.equal(connectionBanner({ ...state, firstCatalog: false }).hidden, false);
  const down = { ...state, connection: 'reconnecting', firstCatalog: false };
  const waiting = waitingLabels({ ...down, components: [rating] }, new Map([['RatingControl', { rating: 2, bogus: 1 }]]));
  assert.deepEqual(waiting, ['Rating', 'bogus']);
  const said = connectionBanner(down, { waiting, seconds: 3 });
  assert.equal(said.hidden, false);
  assert.equal(said.title, 'Connection lost: reconnecting to the Starboard server…');
  assert.match(said.detail, /next try in about 3 s.*Not sent yet, and sent when the connection returns: Rating, bogus\.$/);
  assert.match(connectionBanner({ ...down, tokenRefused: true }).title, /does not accept this page’s access token/);
  assert.equal(connectionBanner({ ...down, connection: 'offline' }).title, 'Offline: the Starboard server is not answering.');
});

test('the server refusing the token is said until a socket opens', () => {
  let { state } = connected();
  state = run(state, { type: 'retry', state: 'reconnecting' }, { type: 'tokenChecked', refused: true }).state;
  assert.equal(state.tokenRefused, true);
  assert.equal(update(state, { type: 'opened' }).state.tokenRefused, false);
});

// Purity

test('update leaves the state it was given as it was', () => {
  const { state } = drawn(connected('?c=RatingControl&starCount=7').state, render(1));
  const before = JSON.stringify(state);
  for (const event of [
    message(render(2)), { type: 'select', name: 'HikeBadge' }, { type: 'connectionState', state: 'offline' },
    { type: 'environment', environment: { ...state.environment, scheme: 'dark' }, matrix: 'direction' },
    { type: 'notSubscribed', key: 'RatingControl\nstandard' },
  ]) update(state, event);
  assert.equal(JSON.stringify(state), before);
});

test('an event without a rule is an error that names it', () => {
  assert.throws(() => update(initialState(), { type: 'frobnicate' }), /no rule for an event of type “frobnicate”/);
});
