// Unit tests of Web/renderscheduler.js with frames driven by hand: `paint()` is
// one frame painted (what requestAnimationFrame and a task after it do in the page).
import test from 'node:test';
import assert from 'node:assert/strict';
import { RenderScheduler } from '../../Web/renderscheduler.js';

function make({ followWithinMs = 250 } = {}) {
  const log = [];          // what ran, in order: 'draw 3', 'job render', 'paint'
  let callbacks = [];      // waiting for the next paint
  let clock = 0;
  const scheduler = new RenderScheduler({
    afterNextPaint: (callback) => callbacks.push(callback),
    draw: (render) => log.push(`draw ${render.revision}`),
    now: () => clock,
    followWithinMs,
  });
  const paint = (ms = 16) => {
    clock += ms;
    log.push('paint');
    const due = callbacks;
    callbacks = [];
    for (const callback of due) callback();
  };
  return { scheduler, log, paint, waiting: () => callbacks.length };
}

const render = (revision) => ({ revision, svg: `<svg>${revision}</svg>` });

test('a render is drawn in the task it arrives in, with nothing queued before it', () => {
  const { scheduler, log } = make();
  scheduler.follow('render', () => log.push('job old'));
  assert.equal(scheduler.arrive(render(1)), 'drawn');
  assert.deepEqual(log, ['draw 1']);
});

test('at most one render is drawn per frame, and only the newest of those waiting', () => {
  const { scheduler, log, paint } = make();
  assert.equal(scheduler.arrive(render(1)), 'drawn');
  assert.equal(scheduler.arrive(render(2)), 'waiting');
  assert.equal(scheduler.arrive(render(3)), 'waiting');
  paint();
  assert.equal(scheduler.arrive(render(4)), 'waiting');
  paint();
  paint();
  assert.deepEqual(log, ['draw 1', 'paint', 'draw 3', 'paint', 'draw 4', 'paint']);
  // Between two paints there is never more than one draw.
  let draws = 0;
  for (const entry of log) {
    if (entry === 'paint') draws = 0;
    else assert.ok(++draws <= 1, `two draws in one frame: ${log.join(', ')}`);
  }
  assert.deepEqual(scheduler.counts, { drawn: 3, replaced: 1, jobs: 0 });
});

test('forgetting drops a render still waiting (another component or environment)', () => {
  const { scheduler, log, paint } = make();
  scheduler.arrive(render(1));
  scheduler.arrive(render(2));
  scheduler.forget();
  paint();
  paint();
  assert.deepEqual(log.filter((entry) => entry.startsWith('draw')), ['draw 1']);
});

test('follow-up work waits for a frame with no new render, and runs once for the newest', () => {
  const { scheduler, log, paint } = make();
  for (let revision = 1; revision <= 4; revision += 1) {
    scheduler.arrive(render(revision));
    scheduler.follow('render', () => log.push(`job ${revision}`));
    paint();
  }
  assert.ok(!log.some((entry) => entry.startsWith('job')), `follow-up ran during the drag: ${log.join(', ')}`);
  paint(); // the first frame with nothing new
  assert.deepEqual(log.filter((entry) => entry.startsWith('job')), ['job 4']);
  assert.equal(log.at(-1), 'job 4');
  assert.equal(scheduler.counts.jobs, 1);
});

test('jobs of different keys all run, in the order they were last queued', () => {
  const { scheduler, log, paint } = make();
  scheduler.follow('cell dark', () => log.push('job cell dark'));
  scheduler.follow('render', () => log.push('job render'));
  scheduler.follow('cell dark', () => log.push('job cell dark again'));
  scheduler.cancel('nothing');
  paint();
  assert.deepEqual(log.filter((entry) => entry.startsWith('job')), ['job render', 'job cell dark again']);
  assert.equal(scheduler.pending('render'), false);
});

test('a cancelled job does not run', () => {
  const { scheduler, log, paint } = make();
  scheduler.follow('audit', () => log.push('job audit'));
  assert.equal(scheduler.pending('audit'), true);
  scheduler.cancel('audit');
  paint();
  assert.deepEqual(log, ['paint']);
});

test('a drag that never pauses still gets its follow-up work within the limit', () => {
  const { scheduler, log, paint } = make({ followWithinMs: 100 });
  let revision = 0;
  for (let frame = 0; frame < 20; frame += 1) {
    scheduler.arrive(render(++revision));
    scheduler.follow('render', () => log.push(`job ${revision}`));
    paint(16);
  }
  const jobs = log.filter((entry) => entry.startsWith('job'));
  assert.ok(jobs.length >= 2 && jobs.length <= 4, `expected a job every ~100 ms of 320: ${jobs.join(', ')}`);
});

test('a failing job is reported and the others still run', () => {
  const { scheduler, log, paint } = make();
  const errors = [];
  const original = console.error;
  console.error = (...args) => errors.push(args);
  try {
    scheduler.follow('a', () => { throw new Error('broken panel'); });
    scheduler.follow('b', () => log.push('job b'));
    paint();
  } finally {
    console.error = original;
  }
  assert.equal(errors.length, 1);
  assert.deepEqual(log, ['paint', 'job b']);
});

test('nothing keeps asking for frames once all is drawn and run', () => {
  const { scheduler, paint, waiting } = make();
  scheduler.arrive(render(1));
  scheduler.follow('render', () => {});
  for (let i = 0; i < 4; i += 1) paint();
  assert.equal(waiting(), 0);
});
