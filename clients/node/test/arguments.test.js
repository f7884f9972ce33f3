// Arguments are checked before sending, with the fault worded as every client
// words it: the cases of clients/argument-faults.json (the Python client's
// tests read the same file). No worker needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InvalidArgumentError, calls } from '../index.js';
import { REPO } from './helpers.js';

const { cases } = JSON.parse(readFileSync(join(REPO, 'clients', 'argument-faults.json'), 'utf8'));

function value(v) {
  if (Array.isArray(v)) return v.map(value);
  if (v !== null && typeof v === 'object') {
    if ('$number' in v) return Number(v.$number);
    if ('$bigint' in v) return BigInt(v.$bigint);
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, value(x)]));
  }
  return v;
}
const camel = (name) => name.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

for (const c of cases.filter((x) => (x.only ?? 'node') === 'node')) {
  test(`${c.call}: ${c.param} is refused`, () => {
    const args = value(c.args);
    if (c.named) args.push(value(c.named));
    assert.throws(() => calls[camel(c.call)](...args), (e) => {
      assert.ok(e instanceof InvalidArgumentError);
      assert.deepEqual([e.param, e.reason], [c.param, c.reason]);
      assert.ok(e.message.endsWith(`${c.param}: ${c.reason}`));
      return true;
    });
  });
}

test('params come in order or named, arrays standing for objects of numbers', () => {
  const positional = calls.create([375, 800], [{ id: 'a', kind: 'scroll', contentHeight: 100 }], [0, 100]);
  const named = calls.create({ viewport: { width: 375, height: 800 }, children: [{ id: 'a', kind: 'scroll', contentHeight: 100 }], insets: [0, 100] });
  assert.deepEqual(positional.params, named.params);
  assert.deepEqual(named.params.insets, { top: 0, bottom: 100 });
  assert.deepEqual(calls.setInsets('s', { top: 50, bottom: 60 }).params, { session: 's', top: 50, bottom: 60 });
  assert.deepEqual(calls.setInsets('s', 50, 60).params, calls.setInsets('s', { top: 50, bottom: 60 }).params);
  assert.deepEqual(calls.endDragging('s', { velocity: 500 }).params, { session: 's', velocity: 500 });
  assert.deepEqual(calls.scroll('s', 5, undefined).params, { session: 's', offset: 5 });
});

test('a typed method rejects its promise on a bad argument', async () => {
  const { ClientMethods } = await import('../surface.js');
  const fake = Object.assign(Object.create(ClientMethods.prototype), { call: () => assert.fail('nothing is sent') });
  await assert.rejects(fake.scroll('s', NaN), (e) => e instanceof InvalidArgumentError && e.param === 'params.offset');
});
