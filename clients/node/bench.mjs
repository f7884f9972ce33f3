#!/usr/bin/env node
// Round trips per second through the Node client: session.scroll on a
// two-child session, one at a time and pipelined (N in flight), beside a raw
// pipe from Node to the same worker in the same run (pre-encoded request lines
// written, reply lines split and JSON.parse'd, as any client must): the floor.
//   OMNISCROLL_BIN=.build/release/omniscroll node clients/node/bench.mjs [n] [window]
import { spawn } from 'node:child_process';
import { Client, calls, resolveBinary } from './index.js';

const n = Number(process.argv[2] ?? 20000);
const window = Number(process.argv[3] ?? 256);
const children = [{ id: 'top', kind: 'scroll', contentHeight: 2000 }, { id: 'bottom', kind: 'scroll', contentHeight: 3000 }];
const ys = Array.from({ length: n }, (_, i) => (i * 37) % 4300);

// The raw pipe: a line reader over the worker's stdout resolving one waiter per reply.
async function raw() {
  const p = spawn(resolveBinary(), [], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiters = [];
  let rest = '';
  p.stdout.setEncoding('utf8');
  p.stdout.on('data', (chunk) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop();
    for (const line of parts) waiters.shift()(JSON.parse(line));
  });
  const send = (text) => new Promise((resolve) => { waiters.push(resolve); p.stdin.write(text); });
  const created = await send(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'session.create',
    params: { viewport: { width: 375, height: 800 }, insets: { top: 0, bottom: 100 }, children } }) + '\n');
  const s = created.result.session;
  const lines = ys.map((y, i) => `{"jsonrpc":"2.0","id":${i + 1},"method":"session.scroll","params":{"session":"${s}","offset":${y}}}\n`);
  let t = performance.now();
  for (const line of lines) await send(line);
  const one = n / ((performance.now() - t) / 1000);
  t = performance.now();
  const inflight = new Set();
  for (const line of lines) {
    const q = send(line).then(() => inflight.delete(q));
    inflight.add(q);
    if (inflight.size >= window) await Promise.race(inflight);
  }
  await Promise.all(inflight);
  const piped = n / ((performance.now() - t) / 1000);
  p.stdin.end();
  await new Promise((r) => p.on('close', r));
  console.log(`node raw pipe   one-at-a-time ${one.toFixed(0).padStart(8)}/s   pipelined(${window}) ${piped.toFixed(0).padStart(8)}/s`);
}
await raw();

const c = new Client();
const { session: s } = await c.create({
  viewport: [375, 800], insets: [0, 100], children,
});
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
