import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, PointerForwarder } from '../index.js';
import { workerBin } from './helpers.js';

const children = [{ id: 'header', kind: 'fixed', height: 300 }, { id: 'list', kind: 'scroll', contentHeight: 5000 }];
const ev = (type, clientX, clientY, timeStamp, pointerId = 1) => ({ type, clientX, clientY, timeStamp, pointerId });

test('DOM pointer events become a drag and a fling, the viewport origin subtracted', async () => {
  const c = new Client({ bin: workerBin(), timeout: 20_000 });
  try {
    await c.create({ viewport: [375, 800], children, id: 'f' });
    const finger = new PointerForwarder('f', { x: 20, y: 100 });
    const events = [ev('pointermove', 220, 800, 990), ev('pointerdown', 220, 800, 1000), ev('pointermove', 220, 796, 1008),
      ev('pointermove', 221, 780, 1016), ev('pointerdown', 10, 10, 1017, 2), ev('pointermove', 221, 700, 1024),
      ev('pointermove', 220, 600, 1032), ev('pointerup', 220, 600, 1040)];
    const sent = events.map((e) => finger.call(e)).filter((call) => call !== null);
    assert.equal(sent.length, 6, 'the hover move and the second finger are dropped');
    assert.deepEqual(sent[0].params, { session: 'f', phase: 'down', x: 200, y: 700, time: 1 });
    const replies = [];
    for (const call of sent) replies.push(await c.call(call));
    assert.equal(replies[3].offset, 80);
    const released = replies.at(-1);
    assert.equal(released.phase, 'decelerating');
    assert.ok(released.motion.target > 180);
  } finally {
    await c.close();
  }
});

test('a touch within the slop is a tap on the child under it', async () => {
  const c = new Client({ bin: workerBin(), timeout: 20_000 });
  try {
    await c.create({ viewport: [375, 800], children, id: 't' });
    const finger = new PointerForwarder('t');
    await c.call(finger.call(ev('pointerdown', 50, 400, 1000)));
    const up = await c.call(finger.call(ev('pointerup', 52, 403, 1050)));
    assert.deepEqual(up.events.filter((e) => e.type === 'tap').map((e) => [e.child, e.x, e.y]), [['list', 52, 103]]);
    assert.equal(finger.call(ev('pointerup', 1, 1, 1100)), null, 'no finger down');
  } finally {
    await c.close();
  }
});

test('on a grid session the forwarder sends grid.pointer: a flick pans, flings and recenters at rest', async () => {
  const c = new Client({ bin: workerBin(), timeout: 20_000 });
  try {
    const created = await c.gridCreate({ viewport: [300, 400], tile: [100, 100], id: 'g', options: { physics: { preset: 'android' } } });
    const finger = new PointerForwarder('g', { x: 0, y: 0 }, 'grid');
    const events = [ev('pointerdown', 200, 300, 1000), ev('pointermove', 190, 290, 1008), ev('pointermove', 170, 260, 1016),
      ev('pointermove', 140, 220, 1024), ev('pointermove', 110, 180, 1032), ev('pointerup', 110, 180, 1036)];
    const sent = events.map((e) => finger.call(e));
    assert.ok(sent.every((call) => call.method === 'grid.pointer'));
    const replies = [];
    for (const call of sent) replies.push(await c.call(call));
    assert.deepEqual(replies[3].offset, { x: created.offset.x + 50, y: created.offset.y + 70 }, 'both axes, no lock');
    let reply = replies.at(-1);
    assert.equal(reply.phase, 'decelerating');
    let time = 1.036;
    while (reply.phase !== 'idle') {
      time += 0.25;
      reply = await c.gridTick('g', time);
    }
    assert.ok(reply.recentered);
    assert.deepEqual(reply.offset, created.offset);
    assert.throws(() => new PointerForwarder('g', undefined, 'table'), /engine/);
  } finally {
    await c.close();
  }
});
