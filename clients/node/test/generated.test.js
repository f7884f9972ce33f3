// The generated table against protocol/openrpc.json, a typed call for every
// method of it, and index.d.ts's use of generated.d.ts (no worker needed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { METHODS, ENUMS, ErrorCode, RpcError, calls, Client, PARAMS, SCHEMAS } from '../index.js';
import { REPO } from './helpers.js';

const DOCUMENT = JSON.parse(readFileSync(join(REPO, 'protocol', 'openrpc.json'), 'utf8'));
const HERE = join(REPO, 'clients', 'node');

// A value a check accepts, made from a pruned param schema (PARAMS, SCHEMAS).
function sample(schema) {
  if (schema.$ref !== undefined) return sample(SCHEMAS[schema.$ref]);
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.oneOf) return sample(schema.oneOf[0]);
  const types = [schema.type ?? 'null'].flat().filter((t) => t !== 'null');
  switch (types[0] ?? 'null') {
    case 'object': return Object.fromEntries((schema.required ?? []).map((k) => [k, sample(schema.properties[k])]));
    case 'array': return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}));
    case 'number': case 'integer': return 1;
    case 'string': return 's';
    case 'boolean': return true;
    default: return null;
  }
}

/** Every string enum anywhere in a schema, and every string const as a list
 * of one (a oneOf's variants tell themselves apart by consts). */
function* stringEnums(schema) {
  if (Array.isArray(schema)) {
    for (const s of schema) yield* stringEnums(s);
  } else if (schema !== null && typeof schema === 'object') {
    const values = schema.enum;
    if (Array.isArray(values) && values.length && values.every((v) => typeof v === 'string')) yield values;
    if (typeof schema.const === 'string') yield [schema.const];
    for (const s of Object.values(schema)) yield* stringEnums(s);
  }
}

test('the method table matches the document', () => {
  assert.deepEqual(Object.keys(METHODS), DOCUMENT.methods.map((m) => m.name));
  for (const m of DOCUMENT.methods) {
    assert.deepEqual(METHODS[m.name].params.map((p) => [p.name, p.required]),
      m.params.map((p) => [p.name, p.required ?? false]), m.name);
    assert.equal(METHODS[m.name].result === null, m.result === undefined, m.name);
  }
});

test('the error codes match the document and are RpcError statics', () => {
  const documented = Object.values(DOCUMENT.components.errors).map((e) => e.code).sort();
  assert.deepEqual(Object.values(ErrorCode).sort(), documented);
  for (const [name, code] of Object.entries(ErrorCode)) assert.equal(RpcError[name], code, name);
  assert.equal(RpcError.SESSION_NOT_FOUND, DOCUMENT.components.errors.SessionNotFound.code);
});

test('the enums match the document', () => {
  const found = [...stringEnums(DOCUMENT.components),
    ...DOCUMENT.methods.flatMap((m) => [...stringEnums([m.params, m.result ?? null])])];
  const generated = new Set(Object.values(ENUMS).map((v) => JSON.stringify(v)));
  for (const values of found.filter((v) => v.length > 1)) assert.ok(generated.has(JSON.stringify(values)), values.join());
  const documentedValues = new Set(found.flat());
  for (const value of Object.values(ENUMS).flat()) assert.ok(documentedValues.has(value), value);
});

test('every method has a typed call sending every param, in order or named', () => {
  const builders = new Map(Object.values(calls).map((f) => {
    try { return [f().method, f]; } catch (e) { return [e.method, f]; }
  }));
  for (const [name, spec] of Object.entries(METHODS)) {
    const build = builders.get(name);
    assert.ok(build, `a builder of ${name}`);
    assert.equal(typeof Client.prototype[build.name], 'function', `Client#${build.name}`);
    const order = [...spec.params.filter((p) => p.required), ...spec.params.filter((p) => !p.required)];
    const values = order.map((p) => sample(PARAMS[name].properties[p.name]));
    const named = build(Object.fromEntries(order.map((p, i) => [p.name, values[i]])));
    const positional = build(...values);
    assert.equal(named.method, name);
    assert.deepEqual(Object.keys(named.params ?? {}).sort(), spec.params.map((p) => p.name).sort(), name);
    assert.deepEqual(positional.params, named.params, name);
    assert.equal(Boolean(named.notify), spec.result === null, name);
  }
});

test('index.d.ts uses only what generated.d.ts declares, which declares every enum and method', () => {
  const dts = readFileSync(join(HERE, 'index.d.ts'), 'utf8');
  const generated = readFileSync(join(HERE, 'generated.d.ts'), 'utf8');
  const imported = /import type \{([^}]*)\} from '\.\/generated\.js'/.exec(dts);
  assert.ok(imported, 'index.d.ts imports types from ./generated.js');
  const declared = new Set([...generated.matchAll(/^export (?:type|interface|declare const) (\w+)/gm)].map((m) => m[1]));
  for (const name of imported[1].split(',').map((s) => s.trim()).filter(Boolean)) {
    assert.ok(declared.has(name), `generated.d.ts declares ${name}`);
  }
  for (const name of Object.keys(ENUMS)) assert.ok(declared.has(name), `generated.d.ts declares the type ${name}`);
  const methodName = /^export type MethodName = (.*);$/m.exec(generated)[1];
  assert.deepEqual(methodName.split(' | '), Object.keys(METHODS).map((m) => `'${m}'`));
});
