// Unit tests of Web/changes.js against a connection that behaves like Web/connection.js:
// requests get an ack with the next revision, renders arrive after it, a closed socket rejects
// with DisconnectedError and keeps nothing.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChangeQueue } from '../../Web/changes.js';
import { DisconnectedError, ServerError } from '../../Web/connection.js';

class LoopbackConnection {
  isOpen = true;
  sent = [];
  revision = 0;
  queue = null;
  reject = null; // (message) => error reply or null
  busy = 0;      // requests whose ack or render has not come yet
  async request(message) {
    if (!this.isOpen) throw new DisconnectedError();
    this.sent.push(message);
    this.busy += 1;
    await new Promise((resolve) => setTimeout(resolve, 1));
    const refusal = this.reject?.(message);
    if (refusal) {
      this.busy -= 1;
      throw new ServerError(refusal);
    }
    const revision = ++this.revision;
    // The server sends the ack, then the render.
    setTimeout(() => {
      this.busy -= 1;
      this.queue.renderArrived(message.component, revision);
    }, 1);
    return { type: 'ack', component: message.component, revision };
  }
}

let current = null;

/**
 * Waits until the loopback has answered everything, and a little longer for the queue to send
 * what follows; polls instead of sleeping a fixed time, so a loaded machine cannot fail it.
 */
async function settle() {
  const pause = () => new Promise((resolve) => setTimeout(resolve, 10));
  const deadline = Date.now() + 5000;
  let quiet = 0;
  while (quiet < 3 && Date.now() < deadline) {
    await pause();
    quiet = current && current.busy > 0 ? 0 : quiet + 1;
  }
}

function make() {
  const connection = new LoopbackConnection();
  const queue = new ChangeQueue(connection);
  connection.queue = queue;
  current = connection;
  return { connection, queue };
}

test('a burst sends one set at a time and the newest values win', async () => {
  const { connection, queue } = make();
  for (let spacing = 0; spacing <= 40; spacing += 1) queue.submit('RatingControl', { spacing });
  assert.equal(connection.sent.length, 1);
  await settle();
  assert.deepEqual(connection.sent.map((m) => m.values.spacing), [0, 40]);
  assert.deepEqual(queue.unsettled('RatingControl'), {});
});

test('values stay unsettled until the render of their ack arrives', async () => {
  const { queue } = make();
  queue.submit('RatingControl', { starCount: 7 });
  assert.deepEqual(queue.unsettled('RatingControl'), { starCount: 7 });
  await settle();
  assert.deepEqual(queue.unsettled('RatingControl'), {});
});

test('values made while disconnected are kept, listed, and sent on resume', async () => {
  const { connection, queue } = make();
  connection.isOpen = false;
  queue.submit('RatingControl', { starCount: 7 });
  queue.submit('RatingControl', { rating: 2 });
  assert.equal(connection.sent.length, 0);
  assert.deepEqual([...queue.queued()], [['RatingControl', { starCount: 7, rating: 2 }]]);
  assert.deepEqual(queue.unsettled('RatingControl'), { starCount: 7, rating: 2 });
  connection.isOpen = true;
  queue.resume();
  await settle();
  assert.deepEqual(connection.sent.map((m) => m.values), [{ starCount: 7, rating: 2 }]);
  assert.deepEqual([...queue.queued()], []);
});

test('a refused set is reported with its values and not retried', async () => {
  const { connection, queue } = make();
  connection.reject = () => ({ type: 'error', message: 'RatingControl.starCount: expected an integer in 1...20, got 25', property: 'starCount' });
  const errors = [];
  queue.addEventListener('error', (event) => errors.push(event.detail));
  queue.submit('RatingControl', { starCount: 25 });
  await settle();
  assert.equal(errors.length, 1);
  assert.deepEqual(errors[0].values, { starCount: 25 });
  assert.equal(errors[0].error.property, 'starCount');
  assert.equal(connection.sent.length, 1);
  assert.deepEqual(queue.unsettled('RatingControl'), {});
});

test('discard drops queued values before a reset', () => {
  const { connection, queue } = make();
  connection.isOpen = false;
  queue.submit('RatingControl', { starCount: 7, rating: 2 });
  queue.discard('RatingControl', ['starCount']);
  assert.deepEqual(queue.unsettled('RatingControl'), { rating: 2 });
  queue.discard('RatingControl');
  assert.deepEqual([...queue.queued()], []);
});

test('the next set goes out on the ack, without waiting for a render; values stay unsettled until theirs', async () => {
  // Acks at once; renders only when the test delivers them.
  const connection = {
    isOpen: true, sent: [], revision: 0,
    async request(message) { this.sent.push(message); return { type: 'ack', component: message.component, revision: ++this.revision }; },
  };
  const queue = new ChangeQueue(connection);
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  queue.submit('RatingControl', { starCount: 1 });
  await tick();
  queue.submit('RatingControl', { starCount: 2 });
  await tick();
  assert.deepEqual(connection.sent.map((m) => m.values.starCount), [1, 2]);
  assert.deepEqual(queue.unsettled('RatingControl'), { starCount: 2 });
  queue.renderArrived('RatingControl', 1);
  assert.deepEqual(queue.unsettled('RatingControl'), { starCount: 2 });
  queue.renderArrived('RatingControl', 2);
  assert.deepEqual(queue.unsettled('RatingControl'), {});
});
