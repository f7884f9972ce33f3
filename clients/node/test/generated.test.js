// The generated table against protocol/openrpc.json, a typed call for every
// method of it, and index.d.ts's use of generated.d.ts (no worker needed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { METHODS, ENUMS, ErrorCode, RpcError, calls } from '../index.js';
import { REPO } from './helpers.js';

const DOCUMENT = JSON.parse(readFileSync(join(REPO, 'protocol', 'openrpc.json'), 'utf8'));
const HERE = join(REPO, 'clients', 'node');

// Each method's typed call with every param it can send given.
const TYPED_CALLS = {
  'initialize': () => calls.initialize({ clientInfo: { name: 't' }, capabilities: {} }),
  'shutdown': () => calls.shutdown(),
  'exit': () => calls.exit(),
  'rpc.discover': () => calls.discover(),
  'session.create': () => calls.create({
    viewport: [375, 800], children: [{ id: 'a', kind: 'scroll' }], insets: [0, 100], offset: 0, id: 's',
    template: 'shortContainer', options: {}, components: [{ name: 'player', events: ['childDidShow'] }],
  }),
  'session.scroll': () => calls.scroll('s', 1, 'dragging'),
  'session.setContentHeight': () => calls.setContentHeight('s', 'a', 1),
  'session.update': () => calls.update('s', { sizes: { a: 1 }, viewport: [375, 800], insets: [0, 0], offset: 1, phase: 'idle' }),
  'session.setViewport': () => calls.setViewport('s', 375, 800),
  'session.setInsets': () => calls.setInsets('s', { top: 0, bottom: 100 }),
  'session.insertChildren': () => calls.insertChildren('s', [{ id: 'b', kind: 'fixed', height: 10 }], 0),
  'session.removeChildren': () => calls.removeChildren('s', ['a']),
  'session.scrollToChild': () => calls.scrollToChild('s', 'a', { position: 'center', animated: true }),
  'session.selectPage': () => calls.selectPage('s', 'tabs', 'likes'),
  'session.scrollPager': () => calls.scrollPager('s', 'tabs', 187.5),
  'session.endPagerDragging': () => calls.endPagerDragging('s', 'tabs', 600, 0),
  'session.beginDragging': () => calls.beginDragging('s'),
  'session.drag': () => calls.drag('s', -10),
  'session.tick': () => calls.tick('s', 0.5),
  'session.pointer': () => calls.pointer('s', 'down', 10, 20, 0.5),
  'session.endDragging': () => calls.endDragging('s', { decelerate: true, velocity: 1000, time: 0.5 }),
  'session.endScrolling': () => calls.endScrolling('s'),
  'session.endRefreshing': () => calls.endRefreshing('s'),
  'session.endLoadingMore': () => calls.endLoadingMore('s', 'posts'),
  'session.get': () => calls.get('s'),
  'session.list': () => calls.list(),
  'session.destroy': () => calls.destroy('s'),
  'session.snapshot': () => calls.snapshot('s'),
  'session.restore': () => calls.restore({ format: 1 }, 's2'),
  'session.defineTemplate': () => calls.defineTemplate('follow', { children: [{ id: 'a', kind: 'page' }] }),
  'session.templates': () => calls.templates(),
  'grid.create': () => calls.gridCreate({
    viewport: [375, 800], tile: [100, 100], overscan: 1, contentSize: [10000, 10000], recenter: 'threshold', threshold: 100,
    id: 'g', delta: true,
  }),
  'grid.scroll': () => calls.gridScroll('g', 1, 2, 'dragging'),
  'grid.update': () => calls.gridUpdate('g', { viewport: [800, 375], x: 1, y: 2, phase: 'idle' }),
  'physics.fling': () => calls.fling({
    preset: 'ios', position: 0, velocity: 1000, bounds: [0, 300], viewport: 800, snap: { interval: 100 }, dragStart: 0,
    sampleInterval: 0.1, times: [0],
  }),
};

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

test('every method has a typed call sending every param', () => {
  assert.deepEqual(Object.keys(TYPED_CALLS).sort(), Object.keys(METHODS).sort());
  for (const [name, make] of Object.entries(TYPED_CALLS)) {
    const c = make();
    assert.equal(c.method, name);
    assert.deepEqual(Object.keys(c.params ?? {}).sort(), METHODS[name].params.map((p) => p.name).sort(), name);
    assert.equal(Boolean(c.notify), METHODS[name].result === null, name);
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
