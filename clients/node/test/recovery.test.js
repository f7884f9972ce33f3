// Recovery (clients/README.md, "Recovery"): SIGKILL the worker at seeded
// random points of a long mixed session (clients/testdata/recovery-session.json,
// written by scripts/recovery-workload) and compare every reply line with an
// uninterrupted worker's, byte for byte; a worker that dies twice on one call
// rejects with WorkerDiedError carrying a transcript of the crash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, RawWorker, RpcError, WorkerDiedError } from '../index.js';
import { REPO, workerBin } from './helpers.js';

const WORKLOAD = JSON.parse(readFileSync(join(REPO, 'clients', 'testdata', 'recovery-session.json'), 'utf8'));
const SEED = Number(process.env.OMNISCROLL_SEED ?? 30);
const EVERY = 16; // small, so the run crosses several snapshots

// mulberry32: a seeded generator, so a failing seed replays.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const line = (id, w) => JSON.stringify(w.params === undefined
  ? { jsonrpc: '2.0', id, method: w.method } : { jsonrpc: '2.0', id, method: w.method, params: w.params }) + '\n';

async function uninterrupted() {
  const w = new RawWorker({ bin: workerBin() });
  const out = new Map();
  for (let i = 0; i < WORKLOAD.length; i++) {
    w.send(Buffer.from(line(i + 1, WORKLOAD[i])));
    out.set(i + 1, (await w.readReply(20_000)).toString('utf8'));
  }
  w.closeInput();
  return out;
}

test('every reply after SIGKILLs at seeded points is the uninterrupted worker\'s, byte for byte', async () => {
  const expected = await uninterrupted();
  const random = rng(SEED);
  const restarts = [];
  const got = new Map();
  const c = new Client({ bin: workerBin(), timeout: 20_000, snapshotEvery: EVERY, onWorkerDidRestart: (r) => restarts.push(r) });
  const seen = c._recovery.received.bind(c._recovery);
  c._recovery.received = (text, msg) => {
    if (msg && typeof msg.id === 'number') got.set(msg.id, text);
    seen(text, msg);
  };
  const killed = new Set();
  const runs = []; // the workload cut into pipelined runs of 1 to 24 calls
  for (let i = 0; i < WORKLOAD.length;) {
    const n = 1 + Math.floor(random() * 24);
    runs.push(WORKLOAD.slice(i, i + n));
    i += n;
  }
  // The 6 runs during which the worker is killed, every other run at most: the
  // worker a kill leaves answers a run before the next kill, which is then
  // not a second death on one call.
  const killing = new Set();
  while (killing.size < 6) killing.add(2 * Math.floor(random() * Math.floor(runs.length / 2)));
  try {
    for (let k = 0; k < runs.length; k++) {
      const replies = runs[k].map((w) => c.request(w.method, w.params)
        .catch((e) => { if (!(e instanceof RpcError)) throw e; }));
      if (killing.has(k)) { // while the run's replies are on their way
        killed.add(c.workerPid);
        process.kill(c.workerPid, 'SIGKILL');
      }
      await Promise.all(replies);
      const longest = Math.max(...[...c._recovery.sessions.values()].map((s) => s.calls.length));
      assert.ok(longest <= EVERY + 25, `seed ${SEED}: a journal of ${longest} calls`);
    }
    await c.request('session.list'); // answered by a new worker
    assert.ok(!killed.has(c.workerPid));
  } finally {
    await c.close();
  }
  assert.equal(killed.size, 6, `seed ${SEED}: killed ${killed.size} workers`);
  assert.deepEqual(restarts.map((r) => r.previousPid).sort(), [...killed].sort());
  for (const [id, text] of expected) assert.equal(got.get(id), text, `seed ${SEED}: reply ${id} differs after recovery`);
});

// Records a session of pipelined scrolls to `path`, a snapshot every 2 calls
// (the recovery's own requests go out between the caller's); with `killing`,
// the worker is SIGKILLed while each run's requests are on their way.
async function recordedRun(path, killing) {
  const c = new Client({ bin: workerBin(), timeout: 20_000, record: path, snapshotEvery: 2 });
  const offsets = [];
  try {
    const s = (await c.create({ viewport: [375, 800], children: [{ id: 'web', kind: 'scroll', contentHeight: 4000 }] })).session;
    for (let k = 0; k < 4; k++) {
      const run = [0, 10, 20, 30, 40].map((y) => c.scroll(s, 100 * k + y));
      if (killing) process.kill(c.workerPid, 'SIGKILL');
      for (const lay of await Promise.all(run)) offsets.push(lay.offset);
    }
  } finally {
    await c.close();
  }
  return offsets;
}

test('a recovered call\'s reply is the one recorded: the transcript of a killed run is the uninterrupted one', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'omniscroll-recrec-'));
  const killed = join(dir, 'killed.jsonl');
  const plain = join(dir, 'plain.jsonl');
  assert.deepEqual(await recordedRun(killed, true), await recordedRun(plain, false));
  const text = readFileSync(killed, 'utf8');
  assert.equal(text, readFileSync(plain, 'utf8'));
  assert.ok(!text.includes('~r'));
});

test('session.list after recovery lists the same sessions', async () => {
  const c = new Client({ bin: workerBin(), timeout: 20_000 });
  try {
    for (const w of WORKLOAD.slice(0, 8)) await c.request(w.method, w.params);
    const before = await c.request('session.list');
    process.kill(c.workerPid, 'SIGKILL');
    assert.deepEqual(await c.request('session.list'), before);
    assert.deepEqual(before.sessions.map((s) => s.id), ['phys', 's1', 'feed', 'comp', 'g', 's2', 'tmp']);
  } finally {
    await c.close();
  }
});

// A worker that SIGKILLs itself when a request line holds "crashme", once
// every line before it is answered: a deterministic crash on one call.
function crashingWorker() {
  const path = join(mkdtempSync(join(tmpdir(), 'omniscroll-test-')), 'crashing-worker.cjs');
  writeFileSync(path, `#!${process.execPath}
const { spawn } = require('node:child_process');
const w = spawn(${JSON.stringify(workerBin())}, process.argv.slice(2), { stdio: ['pipe', 'inherit', 'inherit'] });
let rest = '';
let crashing = false;
process.stdin.on('data', (chunk) => {
  if (crashing) return;
  const lines = (rest + chunk).split('\\n');
  rest = lines.pop();
  for (const l of lines) {
    if (l.includes('crashme')) {
      crashing = true;
      w.on('close', () => process.kill(process.pid, 'SIGKILL'));
      w.stdin.end();
      return;
    }
    w.stdin.write(l + '\\n');
  }
});
`);
  chmodSync(path, 0o755);
  return path;
}

test('a second death on the same call rejects with WorkerDiedError and a transcript', async () => {
  const restarts = [];
  const c = new Client({ bin: crashingWorker(), timeout: 20_000, onWorkerDidRestart: (r) => restarts.push(r) });
  let err;
  try {
    await c.request(WORKLOAD[1].method, WORKLOAD[1].params);
    await c.request('session.scroll', { session: 'phys', offset: 300 });
    await c.request('session.create', { id: 'crashme', viewport: { width: 1, height: 1 }, children: [] })
      .catch((e) => { err = e; });
  } finally {
    await c.close();
  }
  assert.ok(err instanceof WorkerDiedError, String(err));
  assert.equal(restarts.length, 1);
  assert.ok(err.transcript && err.message.includes(err.transcript));
  const lines = readFileSync(err.transcript, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(lines[0], { args: [] });
  const sends = lines.slice(1).map((l) => JSON.parse(l.send));
  assert.deepEqual(sends.map((s) => s.method), ['session.create', 'session.scroll', 'session.create']);
  assert.equal(sends[2].params.id, 'crashme');
  assert.equal(lines.at(-1).expect, null);
  const w = new RawWorker({ bin: workerBin() });
  for (const l of lines.slice(1, -1)) {
    w.send(Buffer.from(l.send + '\n'));
    assert.equal((await w.readReply(20_000)).toString('utf8'), l.expect);
  }
  w.closeInput();
});

test('recover: false reports the death', async () => {
  const c = new Client({ bin: workerBin(), timeout: 20_000, recover: false });
  try {
    await c.request(WORKLOAD[1].method, WORKLOAD[1].params);
    process.kill(c.workerPid, 'SIGKILL');
    await assert.rejects(c.request('session.get', { session: 'phys' }), WorkerDiedError);
  } finally {
    await c.close();
  }
});

test('snapshotEvery is bounded', () => {
  for (const bad of [0, 4097, 1.5]) assert.throws(() => new Client({ bin: workerBin(), snapshotEvery: bad }), RangeError);
});
