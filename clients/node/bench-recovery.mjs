#!/usr/bin/env node
// What recovery's journal costs the Node client (clients/README.md,
// "Recovery"): pipelined session.scroll with recovery off and on, the
// client's own CPU time per call (process.cpuUsage; the worker's time is not
// counted), alternating off/on runs and taking each mode's least (the run the
// other processes on the machine disturbed least). Issue 30's
// bound: the upkeep is at most 10 % of a pipelined scroll's client-side time.
//   OMNISCROLL_BIN=.build/release/omniscroll node clients/node/bench-recovery.mjs [n] [runs]
import { Client } from './index.js';

const n = Number(process.argv[2] ?? 20000);
const runs = Number(process.argv[3] ?? 5);
const window = 256;
const ys = Array.from({ length: n }, (_, i) => (i * 37) % 4300);

async function run(recover) {
  const c = new Client({ recover });
  const { session: s } = await c.create({
    viewport: [375, 800], insets: [0, 100],
    children: [{ id: 'top', kind: 'scroll', contentHeight: 2000 }, { id: 'bottom', kind: 'scroll', contentHeight: 3000 }],
  });
  for (const y of ys.slice(0, 500)) await c.scroll(s, y); // warm-up
  const start = process.cpuUsage();
  for (let k = 0; k < n; k += window) await Promise.all(ys.slice(k, k + window).map((y) => c.scroll(s, y)));
  const used = process.cpuUsage(start);
  await c.close();
  return (used.user + used.system) / n; // µs per call
}

const times = { false: [], true: [] };
for (let i = 0; i < runs; i++) {
  for (const recover of [false, true]) times[recover].push(await run(recover));
}
const least = (a) => Math.min(...a);
const off = least(times.false);
const on = least(times.true);
console.log(`node Client pipelined scroll (windows of ${window}), client CPU per call: recover off ${off.toFixed(2)} us, `
  + `on ${on.toFixed(2)} us: upkeep ${((on - off) / off * 100).toFixed(1)} %`);
