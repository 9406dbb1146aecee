// The shared history of the current component, as the server keeps it for
// every window: undo and redo (buttons and Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z,
// Ctrl+Y), the actions log (when, which window, what changed from what to
// what, at which revision; a filter, Clear, and Restore on each entry), and
// how many windows watch the component.
//
// The pure helpers (actionSummary, actionMatches, windowName, presenceText)
// are tested under Node; the History class owns the panel's DOM.
//
// Events: "undo", "redo", "restore" (detail: {revision}).

import { formatValue, labelOf, tapSummary } from './values.js';

/** "This window" for our own number, "Window 3" for another's. */
export function windowName(number, self) {
  return number === self ? 'This window' : `Window ${number}`;
}

/** Who made an entry: one window, or several for a batch of changes from more than one. */
export function windowsText(windows, self) {
  if (!Array.isArray(windows) || windows.length === 0) return 'The server';
  if (windows.length === 1) return windowName(windows[0], self);
  return windows.map((number) => (number === self ? 'this window' : `window ${number}`)).join(', ');
}

/** The properties an entry changed, as "Star Count 5 → 7" with the schema's labels and formats. */
export function changeTexts(component, action) {
  const properties = component?.properties ?? [];
  return (action.changes ?? []).map((change) => {
    const property = properties.find((p) => p.name === change.property);
    if (!property) return `${change.property} ${JSON.stringify(change.from)} → ${JSON.stringify(change.to)}`;
    const from = change.from === null ? property.default : change.from;
    const to = change.to === null ? property.default : change.to;
    // A preview's tap history is told as taps, not as the string the server keeps.
    if (component.preview && property.name === 'taps') {
      return `${labelOf(property)}: ${tapSummary(from)} → ${tapSummary(to)}`;
    }
    return `${labelOf(property)} ${formatValue(property, from)} → ${formatValue(property, to)}`;
  });
}

const VERBS = {
  set: 'Changed', reset: 'Reset', tap: 'Tapped', undo: 'Undid', redo: 'Redid', restore: 'Restored', changes: 'Changed',
};

/**
 * How a revision is shown: its count within the server's run. A restarted server counts from
 * the next multiple of 2^32 (so a revision never goes backwards), which is no number to read:
 * `r4294967298` is the second change since the restart, shown `r2`. Comparisons use the
 * revision itself.
 */
export function revisionText(revision) {
  return `r${revisionInRun(revision)}`;
}

/** A revision's count within the server's run (see ``revisionText``). */
export function revisionInRun(revision) {
  return Number.isSafeInteger(revision) && revision >= 0 ? revision % 4294967296 : revision;
}

/**
 * One line for an entry: what happened and what it changed. A tap that changed nothing says why
 * when the server noted it ("Stepper \"Locked\" is bound to a constant: nothing changed").
 */
export function actionSummary(component, action) {
  const changed = changeTexts(component, action);
  const notes = (Array.isArray(action.notes) ? action.notes : []).filter((note) => typeof note === 'string' && note);
  const what = [...changed, ...notes].join(', ') || 'nothing changed';
  switch (action.kind) {
    case 'tap': return `Tapped ${action.target ?? 'the preview'}: ${what}`;
    case 'restore': return action.to != null ? `Restored revision ${revisionInRun(action.to)}: ${what}` : `Restored: ${what}`;
    default: return `${VERBS[action.kind] ?? 'Changed'}: ${what}`;
  }
}

/** Whether an entry matches the log's filter (words, in any order, in its text, window or revision). */
export function actionMatches(component, action, query, self) {
  const words = String(query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = [
    actionSummary(component, action), windowsText(action.windows, self), revisionText(action.revision), `revision ${revisionInRun(action.revision)}`,
    ...(action.changes ?? []).map((c) => c.property),
  ].join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** What the presence label says for `count` windows watching. */
export function presenceText(count) {
  if (!(count > 1)) return 'Only this window';
  return `${count} windows watching`;
}

/** Whether `action`, made elsewhere, changed `property`. */
export function changedElsewhere(action, property, self) {
  if (!property || (action.windows ?? []).includes(self)) return false;
  return (action.changes ?? []).some((change) => change.property === property);
}

const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

export class History extends EventTarget {
  #list;
  #filter;
  #empty;
  #undo;
  #redo;
  #presence;
  #component = null;
  #entries = [];
  #clearedThrough = -Infinity;  // revisions up to this one are hidden by Clear
  #self = null;

  constructor({ list, filter, clear, empty, undo, redo, presence }) {
    super();
    this.#list = list;
    this.#filter = filter;
    this.#empty = empty;
    this.#undo = undo;
    this.#redo = redo;
    this.#presence = presence;
    filter.addEventListener('input', () => this.#draw());
    clear.addEventListener('click', () => {
      this.#clearedThrough = this.#entries.at(-1)?.revision ?? this.#clearedThrough;
      this.#draw();
    });
    undo.addEventListener('click', () => this.#fire(undo, 'undo'));
    redo.addEventListener('click', () => this.#fire(redo, 'redo'));
    list.addEventListener('click', (event) => {
      const button = event.target.closest('button[data-revision]');
      if (button) this.dispatchEvent(new CustomEvent('restore', { detail: { revision: Number(button.dataset.revision) } }));
    });
    this.setAbility({ canUndo: false, canRedo: false });
  }

  /** This window's number, from the server's `welcome`. */
  set window(number) { this.#self = number; this.#draw(); }
  get window() { return this.#self; }

  /** Shows another component's history (empty until `load`). */
  setComponent(component) {
    const same = this.#component?.name === component?.name;
    this.#component = component;
    if (same) return;
    this.#entries = [];
    this.#clearedThrough = -Infinity;
    this.#filter.value = '';
    this.setPresence(1);
    this.#draw();
  }

  /** The answer to a `history` request: the whole log. */
  load(message) {
    if (message.component !== this.#component?.name) return;
    this.#entries = Array.isArray(message.entries) ? message.entries.slice() : [];
    this.#draw();
  }

  /** One new entry (an `action` message); `draw: false` leaves the list for a later `redraw()`. */
  add(message, { draw = true } = {}) {
    if (message.component !== this.#component?.name || !message.action) return;
    const action = message.action;
    if (!this.#entries.some((entry) => entry.revision === action.revision)) {
      this.#entries.push(action);
      this.#entries.sort((a, b) => a.revision - b.revision);
      if (this.#entries.length > (message.limit ?? 200)) this.#entries.shift();
    }
    if (draw) this.#draw();
  }

  /** Draws the list again (after `add(…, {draw: false})`). */
  redraw() { this.#draw(); }

  /** Draws Undo and Redo enabled or not (pagestate.js decides from the server's `canUndo`/`canRedo`). */
  setAbility({ canUndo, canRedo }) {
    this.#undo.setAttribute('aria-disabled', String(!canUndo));
    this.#redo.setAttribute('aria-disabled', String(!canRedo));
  }

  setPresence(count) {
    this.#presence.textContent = presenceText(count);
    this.#presence.dataset.shared = String(count > 1);
  }

  #fire(button, type) {
    if (button.getAttribute('aria-disabled') === 'true') return;
    this.dispatchEvent(new Event(type));
  }

  #draw() {
    const component = this.#component;
    const query = this.#filter.value;
    const shown = this.#entries
      .filter((action) => action.revision > this.#clearedThrough && actionMatches(component, action, query, this.#self))
      .reverse();
    const items = shown.map((action) => {
      const item = document.createElement('li');
      item.className = 'action';
      item.dataset.kind = action.kind;
      item.dataset.revision = String(action.revision);
      const head = document.createElement('div');
      head.className = 'action-head';
      const time = document.createElement('time');
      const when = new Date(action.time);
      time.dateTime = when.toISOString();
      time.textContent = TIME.format(when);
      const who = document.createElement('span');
      who.className = 'action-window';
      who.textContent = windowsText(action.windows, this.#self);
      const revision = document.createElement('span');
      revision.className = 'action-revision';
      revision.textContent = revisionText(action.revision);
      head.append(time, who, revision);
      const text = document.createElement('p');
      text.className = 'action-text';
      text.textContent = actionSummary(component, action);
      const restore = document.createElement('button');
      restore.type = 'button';
      restore.className = 'button small';
      restore.dataset.revision = String(action.revision);
      restore.textContent = 'Restore';
      restore.setAttribute('aria-label', `Restore the values after revision ${action.revision}`);
      item.append(head, text, restore);
      return item;
    });
    this.#list.replaceChildren(...items);
    const hidden = this.#entries.length - shown.length;
    this.#empty.hidden = items.length > 0;
    this.#empty.textContent = this.#entries.length === 0 ? 'No changes yet: every change from any window is listed here.'
      : hidden && query ? 'No change matches the filter.' : 'Cleared: new changes appear here.';
  }
}
