#!/usr/bin/env node
// Round trips per second through the Node client beside a raw pipe from Node
// to the same worker, in the same run: session.scroll on a two-child session,
// one at a time and pipelined (a window of requests in flight).
//
// What each mode measures (a round trip per scroll, every reply read):
//   raw one / raw piped  a minimal correct client, the target's yardstick: each
//                        request JSON.stringify'd, written (a window in one
//                        write when piped), reply lines split and JSON.parse'd.
//   client one           await c.scroll, one at a time.
//   client piped         windows of calls made at once, awaited with Promise.all.
//   client sliding       `window` callers, each calling again when its reply comes.
//   client batch         c.batch of a window (one JSON-RPC batch).
// The modes run interleaved, round after round, and each figure is the median
// of its rounds, so a machine whose load changes during the run weighs on
// every mode alike. Beside each rate is this process's CPU time per round trip
// (process.cpuUsage; the worker is another process), which load disturbs least.
//   OMNISCROLL_BIN=.build/release/omniscroll node clients/node/bench.mjs [n] [window] [rounds]
import { spawn } from 'node:child_process';
import { Client, calls, resolveBinary } from './index.js';

const n = Number(process.argv[2] ?? 5000);
const window = Number(process.argv[3] ?? 256);
const rounds = Number(process.argv[4] ?? 5);
const children = [{ id: 'top', kind: 'scroll', contentHeight: 2000 }, { id: 'bottom', kind: 'scroll', contentHeight: 3000 }];
const ys = Array.from({ length: n }, (_, i) => (i * 37) % 4300);

async function rawPipe() {
  const p = spawn(resolveBinary(), [], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiters = [];
  let rest = '';
  p.stdout.setEncoding('utf8');
  p.stdout.on('data', (chunk) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop();
    for (const line of parts) waiters.shift()(JSON.parse(line));
  });
  const expect = () => new Promise((resolve) => waiters.push(resolve));
  const first = expect();
  p.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'session.create',
    params: { viewport: { width: 375, height: 800 }, insets: { top: 0, bottom: 100 }, children } }) + '\n');
  const s = (await first).result.session;
  const line = (i) => `${JSON.stringify({ jsonrpc: '2.0', id: i + 1, method: 'session.scroll', params: { session: s, offset: ys[i] } })}\n`;
  return {
    async one() {
      for (let i = 0; i < n; i++) {
        const r = expect();
        p.stdin.write(line(i));
        await r;
      }
    },
    async piped() { // a window written at once; one promise per window, as tight as a pipe gets
      for (let k = 0; k < n; k += window) {
        const chunk = [];
        for (let i = k; i < Math.min(n, k + window); i++) chunk.push(line(i));
        let left = chunk.length;
        const done = new Promise((resolve) => { for (const _ of chunk) waiters.push(() => { if (--left === 0) resolve(); }); });
        p.stdin.write(chunk.join(''));
        await done;
      }
    },
    async close() {
      p.stdin.end();
      await new Promise((r) => p.on('close', r));
    },
  };
}

function clientModes(c, s) {
  return {
    async one() { for (const y of ys) await c.scroll(s, y); },
    async piped() { // a window of calls made at once and awaited together, as the raw pipe's
      for (let k = 0; k < n; k += window) await Promise.all(ys.slice(k, k + window).map((y) => c.scroll(s, y)));
    },
    async sliding() { // a sliding window: `window` callers, each making its next call when its reply comes
      let next = 0;
      const caller = async () => { while (next < n) await c.scroll(s, ys[next++]); };
      await Promise.all(Array.from({ length: window }, caller));
    },
    async batch() { for (let k = 0; k < n; k += window) await c.batch(ys.slice(k, k + window).map((y) => calls.scroll(s, y))); },
  };
}

const raw = await rawPipe();
const c = new Client();
const { session } = await c.create({ viewport: [375, 800], insets: [0, 100], children });
for (const y of ys.slice(0, 500)) await c.scroll(session, y); // warm-up
const modes = { 'raw one': raw.one, 'raw piped': raw.piped };
for (const [k, run] of Object.entries(clientModes(c, session))) modes[`client ${k}`] = run;
const results = {};
const cpu = {};
for (let r = 0; r < rounds; r++) {
  for (const [name, run] of Object.entries(modes)) {
    const t = performance.now();
    const c0 = process.cpuUsage();
    await run();
    const used = process.cpuUsage(c0);
    (cpu[name] ??= []).push((used.user + used.system) / n);
    (results[name] ??= []).push(n / ((performance.now() - t) / 1000));
  }
}
await raw.close();
await c.close();
const median = (v) => { const s = [...v].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const med = Object.fromEntries(Object.entries(results).map(([k, v]) => [k, median(v)]));
console.log(`node, ${n} round trips per mode and round, ${rounds} rounds, window ${window}, medians:`);
console.log(`  ${'mode'.padEnd(22)} ${'trips/s'.padStart(9)} ${'CPU us'.padStart(9)}`);
for (const [k, v] of Object.entries(med)) console.log(`  ${k.padEnd(22)} ${v.toFixed(0).padStart(9)} ${median(cpu[k]).toFixed(1).padStart(9)}`);
console.log(`  client one: time per round trip ${(med['raw one'] / med['client one']).toFixed(2)}x raw one's`);
for (const k of ['client piped', 'client sliding', 'client batch']) {
  console.log(`  ${k.padEnd(22)} ${(100 * med[k] / med['raw piped']).toFixed(1)} % of raw piped`);
}
console.log(`  targets (issue 27): client piped >= 50 % of raw piped: ${100 * med['client piped'] / med['raw piped'] >= 50 ? 'met' : 'NOT met'}`);
