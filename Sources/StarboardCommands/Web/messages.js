// What the server may send, and what the page reads of it.
//
// protocol.schema.json (beside this file) is generated from the server's Swift types
// (ServerMessage.swift, ProtocolSchema.swift); every incoming message is checked against it
// before any module reads it, and READS lists the members the page reads of each kind, which
// Tests/web/messages.test.mjs holds to the same file. A member renamed on the server then fails
// that test, instead of leaving a panel silently empty.

import schema from './protocol.schema.json' with { type: 'json' };

/**
 * The members the page reads, by message kind, as paths (`action.changes.property` is the
 * `property` of each change of the `action`). Add a path here when a module reads a new one.
 */
export const READS = {
  catalog: [
    'components', 'components.name', 'components.swiftType', 'components.swiftModule', 'components.title', 'components.summary',
    'components.properties', 'components.properties.name', 'components.properties.label', 'components.properties.kind',
    'components.properties.default', 'components.properties.constraints', 'components.properties.constraints.min',
    'components.properties.constraints.max', 'components.properties.constraints.step', 'components.properties.constraints.maxLength',
    'components.properties.constraints.options', 'components.properties.constraints.maxProperty',
    'components.properties.constraints.belowProperty', 'components.properties.help',
    'components.variants', 'components.variants.name', 'components.variants.values',
    'components.preview', 'components.preview.group', 'components.preview.file', 'components.preview.line',
    'components.preview.displayName', 'components.preview.traits',
    'devices', 'devices.name', 'devices.idiom', 'devices.width', 'devices.height', 'devices.insets', 'devices.landscapeInsets',
    'devices.cornerRadius',
  ],
  welcome: ['window'],
  render: [
    'component', 'environment', 'revision', 'values', 'svg', 'size', 'reads', 'renderMicros', 'variants', 'variants.name', 'variants.values',
    'variants.svg', 'accessibility', 'accessibility.id', 'accessibility.label', 'accessibility.value', 'accessibility.hint',
    'accessibility.frame', 'accessibility.tappable', 'accessibility.traits',
  ],
  preview: ['id', 'svg'],
  ack: ['id', 'revision', 'notes'],
  error: ['id', 'message', 'component', 'property'],
  problem: ['component', 'message'],
  saving: ['state', 'message'],
  build: [
    'state', 'phase', 'detail', 'phases', 'phases.name', 'phases.seconds', 'buildSeconds', 'reloadSeconds', 'how', 'reason',
    'diagnostics', 'diagnostics.file', 'diagnostics.line', 'diagnostics.column', 'diagnostics.message', 'output',
  ],
  presence: ['component', 'windows'],
  action: [
    'component', 'action', 'action.revision', 'action.time', 'action.windows', 'action.kind', 'action.target', 'action.notes',
    'action.changes', 'action.changes.property', 'action.changes.from', 'action.changes.to', 'canUndo', 'canRedo',
  ],
  history: ['id', 'component', 'entries', 'limit', 'canUndo', 'canRedo'],
  audit: ['id', 'findings', 'findings.kind', 'findings.subject', 'findings.message', 'findings.frame'],
  source: ['id', 'component', 'file', 'digest', 'rebuilds', 'unavailable'],
  variantSaved: ['id', 'component', 'name', 'file', 'entry', 'digest', 'rebuilds'],
};

/** The schema of `definition` (a `$ref` followed to what it names). */
export function resolve(root, definition) {
  let node = definition;
  while (node && typeof node.$ref === 'string' && node.$ref.startsWith('#/$defs/')) {
    node = root.$defs?.[node.$ref.slice('#/$defs/'.length)];
  }
  return node ?? {};
}

/** The definition of one kind of message (`direction` is `serverMessage` or `request`). */
export function kindSchema(root, direction, type) {
  const branches = root.$defs?.[direction]?.oneOf ?? [];
  return branches.map((branch) => resolve(root, branch)).find((branch) => branch.properties?.type?.const === type) ?? null;
}

/**
 * The schema of a member path inside a kind (`action.changes.property`), through references,
 * arrays and alternatives; null when the schema has no such member.
 */
export function memberSchema(root, kind, path) {
  let nodes = [kind];
  for (const name of path.split('.')) {
    nodes = nodes.flatMap((node) => containers(root, node)).map((node) => node.properties?.[name]).filter(Boolean);
    if (!nodes.length) return null;
  }
  return resolve(root, nodes[0]);
}

/** The object schemas a value of `node` may be: through `$ref`, `items` and `anyOf`. */
function containers(root, node) {
  const resolved = resolve(root, node);
  if (resolved.type === 'array') return containers(root, resolved.items ?? {});
  if (Array.isArray(resolved.anyOf)) return resolved.anyOf.flatMap((branch) => containers(root, branch));
  return [resolved];
}

const TYPES = {
  string: (v) => typeof v === 'string',
  integer: (v) => Number.isInteger(v),
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
  null: (v) => v === null,
  object: (v) => v !== null && typeof v === 'object' && !Array.isArray(v),
  array: (v) => Array.isArray(v),
};

function typeName(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * What is wrong with `value` by `node` of the schema `root`, one line per problem with the path
 * to it; empty when it is valid. The part of JSON Schema the file uses: type, const, enum,
 * properties, required, additionalProperties, items, anyOf, oneOf, $ref.
 */
export function validate(root, node, value, path = value?.type ?? 'message') {
  const found = [];
  check(root, node, value, path, found);
  return found;
}

function check(root, node, value, path, found) {
  const schema = resolve(root, node);
  if (Array.isArray(schema.oneOf)) {
    const branches = schema.oneOf.map((branch) => resolve(root, branch));
    // Messages are told apart by their type: say what is wrong with that kind, not with all.
    const kind = TYPES.object(value) ? branches.find((branch) => branch.properties?.type?.const === value.type) : undefined;
    if (kind) check(root, kind, value, path, found);
    else {
      const matching = branches.filter((branch) => validate(root, branch, value, path).length === 0).length;
      if (matching !== 1) found.push(`${path}: matches ${matching} of the alternatives, not one`);
    }
  }
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((branch) => validate(root, branch, value, path).length === 0)) {
    found.push(`${path}: matches none of ${schema.anyOf.map((branch) => resolve(root, branch).type ?? '…').join(', ')}`);
  }
  if ('const' in schema && value !== schema.const) found.push(`${path}: expected ${JSON.stringify(schema.const)}, got ${JSON.stringify(value)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
    found.push(`${path}: expected one of ${schema.enum.join(', ')}, got ${JSON.stringify(value)}`);
  }
  if (schema.type && !TYPES[schema.type]?.(value)) {
    found.push(`${path}: expected ${schema.type}, got ${typeName(value)}`);
    return;
  }
  if (TYPES.object(value)) {
    for (const name of schema.required ?? []) {
      if (!(name in value)) found.push(`${path}: missing member "${name}"`);
    }
    for (const [name, member] of Object.entries(value)) {
      const property = schema.properties?.[name];
      if (property) check(root, property, member, `${path}.${name}`, found);
      else if (schema.additionalProperties === false) found.push(`${path}: member "${name}" is not in the schema`);
      else if (TYPES.object(schema.additionalProperties)) check(root, schema.additionalProperties, member, `${path}.${name}`, found);
    }
  }
  if (Array.isArray(value) && schema.items) value.forEach((item, index) => check(root, schema.items, item, `${path}[${index}]`, found));
}

/** What is wrong with a message from the server; empty when the protocol describes it. */
export function messageProblems(message, root = schema) {
  return validate(root, root.$defs.serverMessage, message);
}
