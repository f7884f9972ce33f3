// A tile grid session through the Node client: typed GridLayout replies, idle
// recentering that keeps every tile on screen, delta replies, session.get of a
// grid, and a grid method on a container naming params.session.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, GridLayout, RpcError } from '../index.js';
import { workerBin } from './helpers.js';

const onScreen = (l) => new Map(l.tiles.map((t) => [`${t.col},${t.row}`, [t.frame.x - l.offset.x, t.frame.y - l.offset.y]]));

test('a drag then idle recenters and every tile keeps its screen position', async () => {
  const c = new Client({ bin: workerBin(), timeout: 20_000 });
  try {
    const first = await c.gridCreate({ viewport: [375, 800], tile: [100, 100], id: 'g' });
    assert.ok(first instanceof GridLayout);
    assert.equal(first.added.length, first.tiles.length);
    const dragged = await c.gridScroll('g', first.offset.x + 250, first.offset.y - 130, 'dragging');
    assert.equal(dragged.recentered, undefined);
    const rest = await c.gridScroll('g', dragged.offset.x, dragged.offset.y, 'idle');
    assert.deepEqual(rest.recentered, { dx: -250, dy: 130 });
    assert.deepEqual(rest.offset, first.offset);
    assert.deepEqual(onScreen(rest), onScreen(dragged));
    const got = await c.get('g');
    assert.ok(got instanceof GridLayout);
    assert.deepEqual(got.tiles, rest.tiles);
    assert.deepEqual((await c.list()).map((s) => s.engine), ['grid']);
  } finally {
    await c.close();
  }
});

test('delta replies carry only the added tiles; a grid method on a container names params.session', async () => {
  const c = new Client({ bin: workerBin(), timeout: 20_000 });
  try {
    await c.gridCreate({ viewport: [200, 200], tile: [100, 100], overscan: 0, contentSize: [1000, 1000], id: 'd', options: { delta: true } });
    const moved = await c.gridScroll('d', 460, 400);
    assert.deepEqual(moved.tiles.map((t) => [t.col, t.row]), [[2, -1], [2, 0], [2, 1]]);
    assert.deepEqual(moved.added, [{ col: 2, row: -1 }, { col: 2, row: 0 }, { col: 2, row: 1 }]);
    assert.deepEqual(moved.removed, [{ col: -1, row: -1 }, { col: -1, row: 0 }, { col: -1, row: 1 }]);
    await c.create({ viewport: [375, 800], children: [], id: 'c' });
    await assert.rejects(c.gridScroll('c', 0, 0), (e) => e instanceof RpcError && e.code === -32602 && e.data.param === 'params.session');
  } finally {
    await c.close();
  }
});
