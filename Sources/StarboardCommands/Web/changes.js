// Sends value changes so that a dragged slider never floods the server.
//
// At most one `set` per component is unacknowledged. Values submitted meanwhile
// are merged (latest wins) and sent as soon as the previous change is acked:
// a drag does not wait for a render before sending its next value (the page
// draws at most one render a frame, newest first; see renderscheduler.js).
// Sent values stay "unsettled" until the render whose revision their ack named
// arrives. The same bookkeeping measures latency: the time from sending a
// change until that render arrives.

import { DisconnectedError } from './connection.js';

const RENDER_WAIT_MS = 1500;

/**
 * Events: "ack" (detail: {component, values, ack}), "error" (detail: {component,
 * values, error}), "latency" (detail: milliseconds).
 */
export class ChangeQueue extends EventTarget {
  #connection;
  #pending = new Map();   // component → values not yet sent
  #inFlight = new Map();  // component → values of the set awaiting its ack
  #awaiting = new Map();  // component → [{revision, values}] acked, their render not in yet
  #newest = new Map();    // component → newest render revision seen
  #waiters = [];          // {component, revision, resolve}

  constructor(connection) {
    super();
    this.#connection = connection;
  }

  /** Queues values for `component`; sends now unless a change is in flight. */
  submit(component, values) {
    this.#pending.set(component, { ...(this.#pending.get(component) ?? {}), ...values });
    if (!this.#inFlight.has(component)) this.#flush(component);
  }

  /**
   * Values of `component` this window chose that the server has not yet shown
   * in a render: queued (e.g. while offline) or sent and awaiting ack + render.
   * The inspector shows these instead of the older rendered values, so an edit
   * never flips back to the old value while it travels.
   */
  unsettled(component) {
    const acked = Object.assign({}, ...(this.#awaiting.get(component) ?? []).map((entry) => entry.values));
    return { ...acked, ...(this.#inFlight.get(component) ?? {}), ...(this.#pending.get(component) ?? {}) };
  }

  /** Values queued and not yet sent, per component (what waits for a connection). */
  queued() {
    return new Map([...this.#pending].map(([component, values]) => [component, { ...values }]));
  }

  /** Drops queued values for properties (e.g. before resetting them). */
  discard(component, properties = null) {
    if (!properties) { this.#pending.delete(component); return; }
    const values = this.#pending.get(component);
    if (!values) return;
    for (const name of properties) delete values[name];
    if (Object.keys(values).length === 0) this.#pending.delete(component);
  }

  /**
   * Sends a one-off change (reset, tap) and resolves with its ack once its
   * render is in, so callers and the latency readout see the finished change.
   */
  async send(message) {
    const started = performance.now();
    const ack = await this.#connection.request(message);
    await this.#awaitRender(message.component, ack.revision, started);
    return ack;
  }

  /** Tells the queue a render arrived (call on receipt, before any frame delay). */
  renderArrived(component, revision) {
    const newest = this.#newest.get(component);
    if (newest === undefined || revision > newest) this.#newest.set(component, revision);
    this.#settle(component, revision);
    this.#waiters = this.#waiters.filter((waiter) => {
      if (waiter.component !== component || revision < waiter.revision) return true;
      waiter.resolve(true);
      return false;
    });
  }

  /** Forgets revisions, e.g. after reconnecting to a server that may have restarted. */
  forgetRevisions(component = null) {
    if (component) this.#newest.delete(component);
    else this.#newest.clear();
  }

  /** Sends whatever was queued while the socket was down. */
  resume() {
    for (const component of [...this.#pending.keys()]) {
      if (!this.#inFlight.has(component)) this.#flush(component);
    }
  }

  async #flush(component) {
    const values = this.#pending.get(component);
    if (!values || !this.#connection.isOpen) return;
    this.#pending.delete(component);
    this.#inFlight.set(component, values);
    const started = performance.now();
    let ack;
    try {
      ack = await this.#connection.request({ type: 'set', component, values });
    } catch (error) {
      if (error instanceof DisconnectedError) {
        // Keep the values; anything queued since is newer and wins.
        this.#pending.set(component, { ...values, ...(this.#pending.get(component) ?? {}) });
      } else {
        this.dispatchEvent(new CustomEvent('error', { detail: { component, values, error } }));
      }
      this.#inFlight.delete(component);
      this.#flush(component);
      return;
    }
    this.#inFlight.delete(component);
    const entry = { revision: ack.revision, values };
    const newest = this.#newest.get(component) ?? -Infinity;
    if (typeof ack.revision === 'number' && ack.revision > newest) {
      this.#awaiting.set(component, [...(this.#awaiting.get(component) ?? []), entry]);
    }
    this.dispatchEvent(new CustomEvent('ack', { detail: { component, values, ack } }));
    this.#flush(component);
    await this.#awaitRender(component, ack.revision, started);
    this.#dropAwaiting(component, entry); // settled, or its render was lost
  }

  /** Values whose render (or a newer one) arrived are settled. */
  #settle(component, revision) {
    const entries = this.#awaiting.get(component);
    if (!entries) return;
    const left = entries.filter((entry) => entry.revision > revision);
    if (left.length) this.#awaiting.set(component, left);
    else this.#awaiting.delete(component);
  }

  #dropAwaiting(component, entry) {
    const entries = this.#awaiting.get(component)?.filter((other) => other !== entry);
    if (entries?.length) this.#awaiting.set(component, entries);
    else this.#awaiting.delete(component);
  }

  #awaitRender(component, revision, started) {
    const report = () => {
      const ms = performance.now() - started;
      this.dispatchEvent(new CustomEvent('latency', { detail: ms }));
    };
    if (typeof revision !== 'number' || (this.#newest.get(component) ?? -Infinity) >= revision) {
      report();
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const waiter = { component, revision, resolve: (arrived) => { if (arrived) report(); resolve(arrived); } };
      this.#waiters.push(waiter);
      // A render can be lost (unsubscribe, reconnect); never stall the queue on it.
      setTimeout(() => {
        const index = this.#waiters.indexOf(waiter);
        if (index >= 0) { this.#waiters.splice(index, 1); resolve(false); }
      }, RENDER_WAIT_MS);
    });
  }
}
