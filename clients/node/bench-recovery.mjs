#!/usr/bin/env node
// What recovery's journal costs the Node client (clients/README.md,
// "Recovery"): pipelined session.scroll with recovery off and on, the
// client's own CPU time per call (process.cpuUsage; the worker's time is not
// counted). In each run two clients, one of each mode, take turns window by
// window, so both run under the same load; the upkeep is the median over the
// runs of each run's on/off difference (a run the machine's other processes
// disturbed moves a median little). The journal's own work is
// also timed alone: Recovery.sent per window written and .received per
// reply, with its snapshots every N calls, in a loop without a worker, less
// what the loop costs with a journal that does nothing.
// Issue 30's bound: the upkeep is at most 10 % of a pipelined scroll's
// client-side time.
//   OMNISCROLL_BIN=.build/release/omniscroll node clients/node/bench-recovery.mjs [n] [runs]
import { Client, calls } from './index.js';
import { Recovery } from './recovery.js';

const n = Number(process.argv[2] ?? 10000);
const runs = Number(process.argv[3] ?? 5);
const window = 256;
const ys = Array.from({ length: n }, (_, i) => (i * 37) % 4300);
const children = [{ id: 'top', kind: 'scroll', contentHeight: 2000 }, { id: 'bottom', kind: 'scroll', contentHeight: 3000 }];

// Client CPU µs per pipelined scroll, recovery off and on: two clients side
// by side, their windows alternating, so both modes run under the same load.
async function run() {
  const pairs = [];
  for (const recover of [false, true]) {
    const c = new Client({ recover });
    const { session: s } = await c.create({ viewport: [375, 800], insets: [0, 100], children });
    for (const y of ys.slice(0, 500)) await c.scroll(s, y); // warm-up
    pairs.push([recover, c, s]);
  }
  const used = { false: 0, true: 0 };
  for (let k = 0; k < n; k += window) {
    for (const [recover, c, s] of (k / window) % 2 ? pairs : [...pairs].reverse()) {
      const start = process.cpuUsage();
      await Promise.all(ys.slice(k, k + window).map((y) => c.scroll(s, y)));
      const t = process.cpuUsage(start);
      used[recover] += t.user + t.system;
    }
  }
  for (const [, c] of pairs) await c.close();
  return { false: used.false / n, true: used.true / n };
}

const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];

// The loop of upkeepAlone without the journal's work: what the loop itself
// costs, taken off its figure.
const noJournal = { _queued: [], sent() { return ''; }, received() {} };

// The journal's work alone, µs per call: the median of 9 loops (the first
// ones also warm the JIT), less the median of 9 with noJournal.
function upkeepAlone() {
  const snapshot = '{"format":2,"engine":"container","session":"s1","offset":0}';
  const requests = ys.map((y) => calls.scroll('s1', y));
  const ids = ys.map((_, i) => i + 2);
  const lines = ids.map((id) => `{"jsonrpc":"2.0","id":${id},"method":"session.scroll","params":{"session":"s1"}}\n`);
  const replies = ids.map((id) => ({ jsonrpc: '2.0', id, result: { session: 's1' } }));
  const loop = (rec) => {
    const start = process.cpuUsage();
    for (let k = 0; k < n; k += window) { // as the client does: one sent() per window written
      rec.sent(lines.slice(k, k + window), ids.slice(k, k + window), requests.slice(k, k + window), false);
      for (let i = k; i < Math.min(n, k + window); i++) rec.received(lines[i], replies[i]);
      if (rec._queued.length) {
        rec.sent([], [], [], false);
        rec.internal(`{"jsonrpc":"2.0","id":"~r${rec._ids}","result":${snapshot}}`);
      }
    }
    const used = process.cpuUsage(start);
    return (used.user + used.system) / n;
  };
  const journal = () => {
    const rec = new Recovery([]);
    rec.sent(['create\n'], [1], [calls.create({ viewport: [375, 800], children })], false);
    rec.received('', { jsonrpc: '2.0', id: 1, result: { session: 's1' } });
    return rec;
  };
  const times = (make) => Array.from({ length: 9 }, () => loop(make()));
  return median(times(journal)) - median(times(() => noJournal));
}

const results = [];
for (let i = 0; i < runs; i++) results.push(await run());
const off = median(results.map((r) => r.false));
const on = median(results.map((r) => r.true));
const upkeeps = results.map((r) => (r.true - r.false) / r.false * 100);
const alone = upkeepAlone();
console.log(`node Client pipelined scroll (windows of ${window}), client CPU per call, median of ${runs} runs: recover off ${off.toFixed(2)} us, `
  + `on ${on.toFixed(2)} us: upkeep ${median(upkeeps).toFixed(1)} % (runs: ${upkeeps.map((u) => u.toFixed(1)).join(' ')}); `
  + `the journal's work alone ${alone.toFixed(2)} us = ${(alone / off * 100).toFixed(1)} % of off (target <= 10 %)`);
