import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { RawWorker, replayTranscript, encodeRaw } from '../index.js';
import { CONFORMANCE, workerBin } from './helpers.js';

const files = (() => {
  try { return readdirSync(CONFORMANCE).filter((f) => f.endsWith('.jsonl')).sort(); } catch { return []; }
})();

test('conformance transcripts exist', () => {
  assert.ok(files.length > 0, 'protocol/conformance/*.jsonl is empty: nothing to replay');
});

for (const f of files) {
  test(`conformance ${f}`, async () => {
    const mismatches = await replayTranscript(join(CONFORMANCE, f), { bin: workerBin() });
    assert.equal(mismatches.length, 0, mismatches.map((m) => `${m.file}:${m.line}: ${m.detail}`).join('\n'));
  });
}

const SENDS = [
  '{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"viewport":{"width":375,"height":800},'
    + '"children":[{"id":"a","kind":"scroll","contentHeight":2000},{"id":"b","kind":"scroll","contentHeight":3000}]}}',
  '{"jsonrpc":"2.0","method":"session.scroll","params":{"session":"s1","offset":100}}',
  '{"jsonrpc":"2.0","id":"x","method":"session.scroll","params":{"session":"s1","offset":600}}',
  '{"jsonrpc":"2.0","id":3,"method":"no.such.method"}',
  '{"jsonrpc":"2.0","id":4,"method":',
];

async function record(dir) {
  const w = new RawWorker({ bin: workerBin() });
  const lines = [];
  try {
    for (const s of SENDS) {
      w.send(Buffer.from(s + '\n'));
      const expect = s.includes('"id"') ? (await w.readReply(10_000)).toString() : null;
      lines.push(JSON.stringify({ send: s, expect }));
    }
  } finally {
    await w.close();
  }
  const path = join(dir, 'recorded.jsonl');
  writeFileSync(path, lines.join('\n') + '\n');
  return { path, lines };
}

test('own transcript: deterministic, and a wrong reply is detected', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'omniscroll-node-'));
  try {
    const { path, lines } = await record(dir);
    const ex = lines.map((l) => JSON.parse(l));
    assert.equal(JSON.parse(ex[2].expect).id, 'x');
    assert.equal(JSON.parse(ex[3].expect).error.code, -32601);
    assert.equal(JSON.parse(ex[4].expect).error.code, -32700);
    assert.equal(JSON.parse(ex[4].expect).id, null);
    assert.deepEqual(await replayTranscript(path, { bin: workerBin() }), []);
    ex[2].expect = ex[2].expect.replace('"id":"x"', '"id":"y"');
    writeFileSync(path, ex.map((e) => JSON.stringify(e)).join('\n') + '\n');
    const m = await replayTranscript(path, { bin: workerBin() });
    assert.equal(m.length, 1);
    assert.equal(m[0].line, 3);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('own transcript: an answer to a null expect is detected', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'omniscroll-node-'));
  try {
    const path = join(dir, 't.jsonl');
    writeFileSync(path, JSON.stringify({ send: '{"jsonrpc":"2.0","id":9,"method":"session.list"}', expect: null }) + '\n');
    const m = await replayTranscript(path, { bin: workerBin() });
    assert.equal(m.length, 1);
    assert.match(m[0].detail, /unexpected output/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('encodeRaw maps escaped surrogates to raw bytes', () => {
  assert.deepEqual([...encodeRaw('a\udcff\u00e9')], [0x61, 0xff, 0xc3, 0xa9]);
  assert.deepEqual([...encodeRaw('\ud83d\ude00')], [0xf0, 0x9f, 0x98, 0x80]);
});
