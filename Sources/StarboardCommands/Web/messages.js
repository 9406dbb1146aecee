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
      // Own members only: a member called "constructor" or "__proto__" is not in the schema.
      const property = ownMember(schema.properties, name);
      if (property) check(root, property, member, `${path}.${name}`, found);
      else if (schema.additionalProperties === false) found.push(`${path}: member "${name}" is not in the schema`);
      else if (TYPES.object(schema.additionalProperties)) check(root, schema.additionalProperties, member, `${path}.${name}`, found);
    }
  }
  if (Array.isArray(value) && schema.items) value.forEach((item, index) => check(root, schema.items, item, `${path}[${index}]`, found));
}

function ownMember(properties, name) {
  return properties && Object.hasOwn(properties, name) ? properties[name] : undefined;
}

// The same rules compiled, once per schema, into one function per definition that answers only
// whether a value is valid. A render carries a whole SVG and, for a long list, hundreds of
// accessibility elements: `validate` resolves references, lists members and spells a path for
// every one of them on each message, where these functions do none of that. They accept exactly
// what `validate` accepts (Tests/web/messages.test.mjs holds them to it, mutation by mutation);
// `validate` still says what is wrong when one of them refuses.

const compiledSchemas = new WeakMap();

/** A function telling whether a value is valid by `node` of the schema `root` (what `validate` finds nothing wrong with). */
export function checker(root, node) {
  let compiled = compiledSchemas.get(root);
  if (!compiled) compiledSchemas.set(root, (compiled = new Map()));
  return compile(root, node, compiled);
}

function compile(root, node, compiled) {
  const schema = resolve(root, node);
  const known = compiled.get(schema);
  if (known) return known;
  // A definition that refers to itself calls the finished function through this one.
  let built = null;
  compiled.set(schema, (value) => built(value));
  built = build(root, schema, compiled);
  compiled.set(schema, built);
  return built;
}

const ANYTHING = () => true;

function build(root, schema, compiled) {
  const tests = [];
  if (Array.isArray(schema.oneOf)) {
    const branches = schema.oneOf.map((branch) => resolve(root, branch));
    const checks = branches.map((branch) => compile(root, branch, compiled));
    // As `check` does: the first branch whose type is the value's decides alone.
    const byType = new Map();
    branches.forEach((branch, index) => {
      const type = branch.properties?.type?.const;
      if (!byType.has(type)) byType.set(type, checks[index]);
    });
    tests.push((value) => {
      const kind = TYPES.object(value) ? byType.get(value.type) : undefined;
      if (kind) return kind(value);
      let matching = 0;
      for (const branchCheck of checks) if (branchCheck(value)) matching += 1;
      return matching === 1;
    });
  }
  if (Array.isArray(schema.anyOf)) {
    const checks = schema.anyOf.map((branch) => compile(root, branch, compiled));
    if (checks.length === 2) {
      const [first, second] = checks;
      tests.push((value) => first(value) || second(value));
    } else tests.push((value) => checks.some((branchCheck) => branchCheck(value)));
  }
  if ('const' in schema) {
    const constant = schema.const;
    tests.push((value) => value === constant);
  }
  if (Array.isArray(schema.enum)) {
    const options = schema.enum;
    tests.push((value) => options.includes(value));
  }
  if (schema.type) tests.push(TYPES[schema.type] ?? (() => false));
  const required = schema.required ?? [];
  const properties = new Map(Object.entries(schema.properties ?? {}).map(([name, member]) => [name, compile(root, member, compiled)]));
  const closed = schema.additionalProperties === false;
  const others = TYPES.object(schema.additionalProperties) ? compile(root, schema.additionalProperties, compiled) : null;
  if (required.length || properties.size || closed || (others && others !== ANYTHING)) {
    tests.push((value) => {
      if (!TYPES.object(value)) return true;
      for (const name of required) if (!(name in value)) return false;
      for (const name of Object.keys(value)) {
        const member = properties.get(name);
        if (member) {
          if (!member(value[name])) return false;
        } else if (closed || (others && !others(value[name]))) return false;
      }
      return true;
    });
  }
  if (schema.items) {
    const item = compile(root, schema.items, compiled);
    if (item !== ANYTHING) {
      tests.push((value) => {
        if (!Array.isArray(value)) return true;
        for (let index = 0; index < value.length; index += 1) if (!item(value[index])) return false;
        return true;
      });
    }
  }
  if (tests.length === 0) return ANYTHING;
  if (tests.length === 1) return tests[0];
  return (value) => {
    for (const test of tests) if (!test(value)) return false;
    return true;
  };
}

/**
 * What is wrong with a message from the server; empty when the protocol describes it. The
 * compiled check answers for a valid message; only one it refuses is walked again for the words.
 */
export function messageProblems(message, root = schema) {
  const definition = root.$defs.serverMessage;
  if (checker(root, definition)(message)) return [];
  const found = validate(root, definition, message);
  // Never let a refused message through for want of words.
  return found.length ? found : [`${message?.type ?? 'message'}: does not match protocol.schema.json`];
}
