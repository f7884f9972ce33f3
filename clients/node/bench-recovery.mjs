#!/usr/bin/env node
// What recovery's journal costs the Node client (clients/README.md,
// "Recovery"): pipelined session.scroll with recovery off and on, the
// client's own CPU time per call (process.cpuUsage; the worker's time is not
// counted), alternating off/on runs and taking each mode's least (the run the
// other processes on the machine disturbed least). On a loaded machine the
// off/on difference is within the noise, so the journal's own work is also
// timed alone: Recovery.sent per window written and .received per reply,
// with its share of the snapshots, in a loop without a worker. Issue 30's
// bound: the upkeep is at most 10 % of a pipelined scroll's client-side time.
//   OMNISCROLL_BIN=.build/release/omniscroll node clients/node/bench-recovery.mjs [n] [runs]
import { Client, calls } from './index.js';
import { Recovery } from './recovery.js';

const n = Number(process.argv[2] ?? 20000);
const runs = Number(process.argv[3] ?? 5);
const window = 256;
const ys = Array.from({ length: n }, (_, i) => (i * 37) % 4300);
const children = [{ id: 'top', kind: 'scroll', contentHeight: 2000 }, { id: 'bottom', kind: 'scroll', contentHeight: 3000 }];

async function run(recover) {
  const c = new Client({ recover });
  const { session: s } = await c.create({ viewport: [375, 800], insets: [0, 100], children });
  for (const y of ys.slice(0, 500)) await c.scroll(s, y); // warm-up
  const start = process.cpuUsage();
  for (let k = 0; k < n; k += window) await Promise.all(ys.slice(k, k + window).map((y) => c.scroll(s, y)));
  const used = process.cpuUsage(start);
  await c.close();
  return (used.user + used.system) / n; // µs per call
}

// The journal's work alone, µs per call: the least of 5 loops.
function upkeepAlone() {
  const snapshot = { format: 2, engine: 'container', session: 's1', offset: 0 };
  let best = Infinity;
  for (let r = 0; r < 5; r++) {
    const rec = new Recovery([]);
    rec.sent(['create\n'], [1], [calls.create({ viewport: [375, 800], children })], false);
    rec.received('', { jsonrpc: '2.0', id: 1, result: { session: 's1' } });
    const requests = ys.map((y) => calls.scroll('s1', y));
    const ids = ys.map((_, i) => i + 2);
    const lines = ids.map((id) => `{"jsonrpc":"2.0","id":${id},"method":"session.scroll","params":{"session":"s1"}}\n`);
    const replies = ids.map((id) => ({ jsonrpc: '2.0', id, result: { session: 's1' } }));
    const start = process.cpuUsage();
    for (let k = 0; k < n; k += window) { // as the client does: one sent() per window written
      rec.sent(lines.slice(k, k + window), ids.slice(k, k + window), requests.slice(k, k + window), false);
      for (let i = k; i < Math.min(n, k + window); i++) rec.received(lines[i], replies[i]);
      if (rec._queued.length) {
        rec.sent([], [], [], false);
        rec.received('', { jsonrpc: '2.0', id: `~r${rec._ids}`, result: snapshot });
      }
    }
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / n);
  }
  return best;
}

const times = { false: [], true: [] };
for (let i = 0; i < runs; i++) {
  for (const recover of [false, true]) times[recover].push(await run(recover));
}
const least = (a) => Math.min(...a);
const off = least(times.false);
const on = least(times.true);
const alone = upkeepAlone();
console.log(`node Client pipelined scroll (windows of ${window}), client CPU per call: recover off ${off.toFixed(2)} us, `
  + `on ${on.toFixed(2)} us: upkeep ${((on - off) / off * 100).toFixed(1)} %; the journal's work alone `
  + `${alone.toFixed(2)} us = ${(alone / off * 100).toFixed(1)} % of off (target <= 10 %)`);
