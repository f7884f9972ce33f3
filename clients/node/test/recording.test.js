// new Client({record}) writes the session as a conformance transcript that
// the replayer replays byte for byte and `omniscroll trace` draws as it ran,
// templates file included (issue 27 item 4).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, RpcError, calls, notification, replayTranscript } from '../index.js';
import { workerBin } from './helpers.js';

const TEMPLATES = { follow: { children: [{ id: 'a', kind: 'page' }, { id: 'b', kind: 'page' }], options: { feed: { preload: { ahead: 1 } } } } };

test('a recorded session replays byte for byte and traces as it ran', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'omniscroll-record-'));
  try {
    const templates = join(dir, 'templates.json');
    writeFileSync(templates, JSON.stringify(TEMPLATES));
    const record = join(dir, 'session.jsonl');
    const c = new Client({ bin: workerBin(), args: ['--templates', templates], record });
    try {
      const s = (await c.create({ viewport: [375, 800], template: 'follow' })).session;
      assert.equal((await c.scroll(s, 400)).currentChild, 'a');
      const out = await c.batch([calls.scroll(s, 800, 'idle'), calls.scroll('nope', 1), notification(calls.get(s))]);
      assert.ok(out[1] instanceof RpcError);
      await c.notify('session.scroll', { session: s, offset: 0 });
      assert.deepEqual((await Promise.all([100, 200, 300].map((y) => c.scroll(s, y)))).map((l) => l.offset), [100, 200, 300]);
    } finally {
      await c.close();
    }
    const recorded = readFileSync(record, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(recorded[0], { args: ['--templates', templates] });
    assert.deepEqual(recorded.slice(1).map((x) => { const m = JSON.parse(x.send); return Array.isArray(m) ? 'batch' : m.method; }),
      ['session.create', 'session.scroll', 'batch', 'session.scroll', 'session.scroll', 'session.scroll', 'session.scroll', 'shutdown', 'exit']);
    assert.equal(recorded.at(-1).expect, null);
    assert.deepEqual(await replayTranscript(record, { bin: workerBin() }), []);
    const traced = spawnSync(workerBin(), ['trace', record], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(traced.status, 0, traced.stderr);
    assert.ok(!traced.stdout.includes('the reply differs from the recorded one') && !traced.stdout.includes('ignored'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
