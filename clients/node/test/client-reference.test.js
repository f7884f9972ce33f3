// clients/README.md's call reference (scripts/generate-client-reference, from
// protocol/openrpc.json) names a Node call for every method: each must be a
// method of Client.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '../index.js';
import { REPO } from './helpers.js';

const ROW = /^\| \[`([\w.]+)`\]\(#\w+\) \| `(\w+)` \| `(\w+)` \|$/gm;

test('every Node call the reference names is a method of Client', () => {
  const rows = [...readFileSync(join(REPO, 'clients', 'README.md'), 'utf8').matchAll(ROW)];
  const contract = JSON.parse(readFileSync(join(REPO, 'protocol', 'openrpc.json'), 'utf8'));
  assert.deepEqual(rows.map((r) => r[1]), contract.methods.map((m) => m.name), 'a row per method, in order');
  const missing = rows.map((r) => r[3]).filter((name) => typeof Client.prototype[name] !== 'function');
  assert.deepEqual(missing, [], 'the reference names calls the client lacks');
});
