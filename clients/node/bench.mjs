#!/usr/bin/env node
// Round trips per second through the Node client: session.scroll on a
// two-child session, one at a time and pipelined (N in flight).
//   OMNISCROLL_BIN=.build/release/omniscroll node clients/node/bench.mjs [n] [window]
import { Client, calls } from './index.js';

const n = Number(process.argv[2] ?? 20000);
const window = Number(process.argv[3] ?? 256);
const c = new Client();
const { session: s } = await c.create({
  viewport: [375, 800], insets: [0, 100],
  children: [{ id: 'top', kind: 'scroll', contentHeight: 2000 }, { id: 'bottom', kind: 'scroll', contentHeight: 3000 }],
});
const ys = Array.from({ length: n }, (_, i) => (i * 37) % 4300);
for (const y of ys.slice(0, 500)) await c.scroll(s, y); // warm-up

let t = performance.now();
for (const y of ys) await c.scroll(s, y);
const one = n / ((performance.now() - t) / 1000);

t = performance.now();
const inflight = new Set();
for (const y of ys) {
  const p = c.scroll(s, y).then(() => inflight.delete(p));
  inflight.add(p);
  if (inflight.size >= window) await Promise.race(inflight);
}
await Promise.all(inflight);
const piped = n / ((performance.now() - t) / 1000);

t = performance.now();
for (let k = 0; k < n; k += window) await c.batch(ys.slice(k, k + window).map((y) => calls.scroll(s, y)));
const batched = n / ((performance.now() - t) / 1000);

console.log(`node Client one-at-a-time ${one.toFixed(0).padStart(8)}/s   pipelined(${window}) ${piped.toFixed(0).padStart(8)}/s   batches of ${window} ${batched.toFixed(0).padStart(8)}/s`);
await c.close();
