// The page against the protocol's schema (Web/protocol.schema.json, generated from the server's
// Swift types): every member the page reads exists for its kind, and one message of every kind
// as the Swift encoder writes it (fixtures/server-messages.json, written and checked by
// ProtocolSchemaTests) passes the page's own check. A member renamed on the server fails here.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { READS, kindSchema, memberSchema, messageProblems, validate } from '../../Web/messages.js';

const schema = JSON.parse(readFileSync(new URL('../../Web/protocol.schema.json', import.meta.url), 'utf8'));
const samples = JSON.parse(readFileSync(new URL('./fixtures/server-messages.json', import.meta.url), 'utf8'));
const regenerate = 'UPDATE_PROTOCOL_SCHEMA=1 swift test --filter ProtocolSchemaTests';

test('every kind the page reads is a kind the server sends, with every member the page reads', () => {
  for (const [type, paths] of Object.entries(READS)) {
    const kind = kindSchema(schema, 'serverMessage', type);
    assert.ok(kind, `the page reads "${type}" messages, which protocol.schema.json does not list`);
    for (const path of paths) {
      assert.ok(memberSchema(schema, kind, path), `the page reads ${type}.${path}, which protocol.schema.json does not have (renamed on the server?)`);
    }
  }
});

test('the page handles every kind the server sends', () => {
  const sent = schema.$defs.serverMessage.oneOf.map((branch) => kindSchema(schema, 'serverMessage', branch.$ref.split('.').pop()));
  assert.ok(sent.every(Boolean));
  const types = sent.map((kind) => kind.properties.type.const).sort();
  assert.deepEqual(Object.keys(READS).sort(), types);
});

test('a message of every kind as the server writes it passes the page\'s check', () => {
  const kinds = new Set(samples.map((message) => message.type));
  assert.deepEqual([...kinds].sort(), Object.keys(READS).sort(), `fixtures/server-messages.json lacks a kind; ${regenerate}`);
  for (const message of samples) {
    assert.deepEqual(messageProblems(message, schema), [], `${message.type}: ${JSON.stringify(message).slice(0, 200)}`);
  }
});

test('the page\'s check and the file it imports are the same schema', () => {
  // messages.js imports protocol.schema.json itself; the default argument is that copy.
  for (const message of samples) assert.deepEqual(messageProblems(message), messageProblems(message, schema));
});

test('a renamed, missing, mistyped or unknown member is refused with its path', () => {
  const render = samples.find((message) => message.type === 'render');
  const { revision, ...rest } = render;
  assert.deepEqual(messageProblems({ ...rest, revison: revision }, schema),
    ['render: missing member "revision"', 'render: member "revison" is not in the schema']);
  assert.deepEqual(messageProblems({ ...render, revision: '3' }, schema), ['render.revision: expected integer, got string']);
  const presence = samples.find((message) => message.type === 'presence');
  assert.deepEqual(messageProblems({ ...presence, windows: 1.5 }, schema), ['presence.windows: expected integer, got number']);
  const action = samples.find((message) => message.type === 'action');
  const renamed = { ...action, action: { ...action.action, changes: [{ name: 'rating', from: 0, to: 3 }] } };
  assert.deepEqual(messageProblems(renamed, schema), [
    'action.action.changes[0]: missing member "property"', 'action.action.changes[0]: member "name" is not in the schema',
  ]);
  assert.deepEqual(messageProblems({ type: 'renders' }, schema), ['renders: matches 0 of the alternatives, not one']);
  assert.deepEqual(messageProblems({ type: 'saving', state: 'maybe' }, schema), ['saving.state: expected one of ok, failed, got "maybe"']);
});

test('requests as the page sends them pass the schema', () => {
  const request = schema.$defs.request;
  const sent = [
    { type: 'subscribe', component: 'RatingControl', environment: { scheme: 'dark', canvas: 'iPhone 16 Pro landscape' } },
    { type: 'set', component: 'RatingControl', values: { starCount: 7 }, id: 3 },
    { type: 'tap', component: 'PageControl', target: 'page-control', location: { x: 70, y: 20 } },
    { type: 'saveVariant', component: 'RatingControl', name: 'Evening', revision: 14, digest: 'df01', dryRun: true, id: 'a' },
  ];
  for (const message of sent) assert.deepEqual(validate(schema, request, message), [], message.type);
  assert.deepEqual(validate(schema, request, { type: 'set', component: 'RatingControl' }), ['set: missing member "values"']);
  assert.deepEqual(validate(schema, request, { type: 'subscribe', component: 'RatingControl', environment: { theme: 'dark' } }),
    ['subscribe.environment: matches none of object, null']);
});
