// When a render from the server is drawn, and when the work that follows it runs.
//
// A render is drawn as soon as it arrives, in the same task, unless one was
// already drawn for the coming frame: then it waits, and only the newest one
// waiting is drawn, right after that frame is painted. So at most one render is
// drawn per animation frame, and nothing is queued between a render's arrival
// and its draw. Which renders are drawn at all (stale revisions dropped) is
// pagestate.js's rule: this only paces the ones it takes. Everything else a render brings (the inspector's fields, the
// accessibility panel, variants, matrix cells, the audit, the URL) is
// "follow-up" work: keyed, so a newer job replaces an older one of the same key,
// and run after a frame is painted with no new render drawn for it, so a drag
// is never slowed by it. A stream of renders that never pauses still gets its
// follow-up work once `followWithinMs` has passed.
//
// Pure: time and frames come from the hooks given, so tests drive it by hand.

/**
 * @typedef {object} SchedulerHooks
 * @property {(callback: () => void) => void} afterNextPaint runs `callback` in a
 *   task after the next frame is painted (a hidden window, where frames do not
 *   run, needs a timeout too).
 * @property {(render: object) => void} draw draws a render (the main preview only).
 * @property {() => number} [now] milliseconds, for `followWithinMs`.
 * @property {number} [followWithinMs] the longest follow-up work waits behind a stream of renders.
 */
export class RenderScheduler {
  #hooks;
  #waiting = null;       // newest render not yet drawn
  #drawnForFrame = false; // a render was drawn for the coming frame
  #frameAsked = false;
  #jobs = new Map();     // follow-up key → job
  #jobsSince = null;     // when the oldest queued job was queued
  #counts = { drawn: 0, replaced: 0, jobs: 0 };

  constructor(hooks) {
    this.#hooks = { now: () => 0, followWithinMs: 250, ...hooks };
  }

  /**
   * A render to draw (pagestate.js took it). Returns 'drawn' (drawn now) or
   * 'waiting' (drawn after the next paint, unless a newer one comes first).
   */
  arrive(render) {
    if (!this.#drawnForFrame) {
      this.#draw(render);
      return 'drawn';
    }
    if (this.#waiting) this.#counts.replaced += 1;
    this.#waiting = render;
    this.#askFrame();
    return 'waiting';
  }

  /** Drops a render still waiting (it is of another component, environment or socket). */
  forget() {
    this.#waiting = null;
  }

  /** Queues follow-up work; a job of the same key not yet run is replaced (its work is stale). */
  follow(key, job) {
    if (this.#jobs.size === 0) this.#jobsSince = this.#hooks.now();
    this.#jobs.delete(key); // keep insertion order of the newest
    this.#jobs.set(key, job);
    this.#askFrame();
  }

  /** Drops a follow-up job not yet run. */
  cancel(key) { this.#jobs.delete(key); }

  /** Whether a follow-up job of `key` waits. */
  pending(key) { return this.#jobs.has(key); }

  /** How many renders were drawn, replaced while waiting; follow-up jobs run. */
  get counts() { return { ...this.#counts }; }

  #draw(render) {
    this.#drawnForFrame = true;
    this.#counts.drawn += 1;
    this.#hooks.draw(render);
    this.#askFrame();
  }

  #askFrame() {
    if (this.#frameAsked) return;
    this.#frameAsked = true;
    this.#hooks.afterNextPaint(() => this.#painted());
  }

  /** A frame was painted: its slot is free. */
  #painted() {
    this.#frameAsked = false;
    const drewForIt = this.#drawnForFrame;
    this.#drawnForFrame = false;
    if (this.#waiting) {
      const render = this.#waiting;
      this.#waiting = null;
      this.#draw(render);
      if (!this.#overdue()) return;
    } else if (drewForIt && !this.#overdue()) {
      // The frame just painted showed a new render: more may follow; wait one more frame.
      this.#askFrame();
      return;
    }
    this.#runJobs();
  }

  #overdue() {
    return this.#jobs.size > 0 && this.#hooks.now() - this.#jobsSince >= this.#hooks.followWithinMs;
  }

  #runJobs() {
    const jobs = [...this.#jobs.values()];
    this.#jobs.clear();
    this.#jobsSince = null;
    for (const job of jobs) {
      this.#counts.jobs += 1;
      try {
        job();
      } catch (error) {
        console.error('Starboard: follow-up work failed', error);
      }
    }
  }
}
