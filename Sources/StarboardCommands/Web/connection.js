// The websocket link to the Starboard server.
//
// Keeps one socket open, reconnecting with exponential backoff (250 ms doubling
// to 5 s) after it drops, and matches replies to requests through the "id" the
// server echoes. Every incoming message is also dispatched as a "message" event
// so pushes (catalog, render) and replies share one path; a message the protocol's
// schema does not describe is reported and goes no further (see messages.js).

import { tokenFromURL } from './urlstate.js';
import { messageProblems } from './messages.js';

const SUBPROTOCOL = 'starboard.v1';
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 5000;
const REQUEST_TIMEOUT_MS = 10000;

/** Raised for a request the server refused; carries the server's words. */
export class ServerError extends Error {
  constructor(reply) {
    super(reply.message ?? 'The server refused the request.');
    this.name = 'ServerError';
    this.property = reply.property ?? null;
    this.component = reply.component ?? null;
  }
}

/** Raised for a request whose answer was lost with the socket. */
export class DisconnectedError extends Error {
  constructor() {
    super('The connection closed before the server answered.');
    this.name = 'DisconnectedError';
  }
}

/**
 * Events: "state" (detail: "connecting" | "connected" | "reconnecting" | "offline"),
 * "open" (a socket is ready; the server is about to send its catalog),
 * "retry" (a reconnection attempt was scheduled; see `retryInMs`),
 * "message" (detail: the parsed message).
 */
export class Connection extends EventTarget {
  #url;
  #socket = null;
  #nextId = 1;
  #pending = new Map();
  #delay = FIRST_DELAY_MS;
  #timer = 0;
  #state = 'connecting';
  #failures = 0;
  #nextTryAt = 0;

  constructor(url) {
    super();
    this.#url = url;
  }

  /**
   * The websocket URL for the page's own server, with the access token the
   * page was opened with (a server listening beyond loopback requires it on
   * every connection, reconnections included).
   */
  static defaultURL() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const token = tokenFromURL(location.href);
    return `${scheme}//${location.host}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  }

  get state() { return this.#state; }
  get isOpen() { return this.#socket?.readyState === WebSocket.OPEN; }
  /** Milliseconds until the next reconnection attempt (0 when connected or trying now). */
  get retryInMs() { return Math.max(0, this.#nextTryAt - performance.now()); }

  start() {
    window.addEventListener('online', () => this.retryNow());
    window.addEventListener('offline', () => { if (!this.isOpen) this.#setState('offline'); });
    // A page being left (reloaded, navigated away, closed) says goodbye at once: a browser may
    // keep it in its back/forward cache with the socket open, and the server would go on
    // counting it as a window watching. Coming back from that cache connects again.
    window.addEventListener('pagehide', () => this.#leave());
    window.addEventListener('pageshow', (event) => { if (event.persisted) this.retryNow(); });
    this.#open();
  }

  /** Closes the socket for good (until ``retryNow()``), as the page is left. */
  #leave() {
    clearTimeout(this.#timer);
    const socket = this.#socket;
    this.#socket = null;
    this.#failPending();
    socket?.close(1001, 'page left');
  }

  /** Sends a message that needs no answer. Returns false when there is no socket. */
  send(message) {
    if (!this.isOpen) return false;
    this.#socket.send(JSON.stringify(message));
    return true;
  }

  /**
   * Sends a message with a fresh id and resolves with the reply carrying that id
   * (ack, preview…); rejects with ServerError for an "error" reply and with
   * DisconnectedError when the socket is gone.
   */
  request(message) {
    if (!this.isOpen) return Promise.reject(new DisconnectedError());
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timeout = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error(`No answer to ${message.type} within ${REQUEST_TIMEOUT_MS / 1000} s.`));
      }, REQUEST_TIMEOUT_MS);
      this.#pending.set(id, { resolve, reject, timeout });
      this.#socket.send(JSON.stringify({ ...message, id }));
    });
  }

  #open() {
    clearTimeout(this.#timer);
    let socket;
    try {
      socket = new WebSocket(this.#url, SUBPROTOCOL);
    } catch {
      this.#scheduleReconnect();
      return;
    }
    this.#socket = socket;
    socket.addEventListener('open', () => {
      if (this.#socket !== socket) return;
      this.#delay = FIRST_DELAY_MS;
      this.#failures = 0;
      this.#setState('connected');
      this.dispatchEvent(new Event('open'));
    });
    socket.addEventListener('message', (event) => {
      if (this.#socket === socket) this.#receive(event.data);
    });
    socket.addEventListener('close', () => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      this.#failPending();
      this.#scheduleReconnect();
    });
    // An "error" event is always followed by "close"; nothing to do here.
  }

  #receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      console.warn('Starboard: ignoring a frame that is not JSON', text);
      return;
    }
    if (message === null || typeof message !== 'object') return;
    // Nothing reads a message the protocol does not describe: it would fail further in, quietly.
    const problems = messageProblems(message);
    const waiter = message.id != null ? this.#pending.get(message.id) : undefined;
    if (problems.length) {
      const why = `the server sent a message that protocol.schema.json does not describe: ${problems.slice(0, 3).join('; ')}`;
      console.error(`Starboard: ${why}`);
      if (waiter) {
        this.#pending.delete(message.id);
        clearTimeout(waiter.timeout);
        waiter.reject(new Error(why));
      }
      return;
    }
    if (waiter) {
      this.#pending.delete(message.id);
      clearTimeout(waiter.timeout);
      if (message.type === 'error') waiter.reject(new ServerError(message));
      else waiter.resolve(message);
    }
    // Replies are dispatched too, so a render-less reply such as an ack can
    // still be observed, but listeners can tell them apart by `answered`.
    this.dispatchEvent(new CustomEvent('message', { detail: { message, answered: Boolean(waiter) } }));
  }

  #failPending() {
    const error = new DisconnectedError();
    for (const { reject, timeout } of this.#pending.values()) {
      clearTimeout(timeout);
      reject(error);
    }
    this.#pending.clear();
  }

  #scheduleReconnect() {
    clearTimeout(this.#timer);
    this.#failures += 1;
    // After a few failed tries at the longest delay the server is likely gone
    // for a while; say so, but keep trying.
    const gone = navigator.onLine === false || (this.#delay >= MAX_DELAY_MS && this.#failures > 6);
    this.#nextTryAt = performance.now() + this.#delay;
    this.#setState(gone ? 'offline' : 'reconnecting');
    this.#timer = setTimeout(() => this.#open(), this.#delay);
    this.#delay = Math.min(this.#delay * 2, MAX_DELAY_MS);
    this.dispatchEvent(new Event('retry'));
  }

  /** Tries to connect now instead of waiting for the next attempt. */
  retryNow() {
    if (this.#socket) return;
    this.#delay = FIRST_DELAY_MS;
    this.#nextTryAt = 0;
    this.#open();
  }

  #setState(state) {
    if (state === this.#state) return;
    this.#state = state;
    this.dispatchEvent(new CustomEvent('state', { detail: state }));
  }
}
