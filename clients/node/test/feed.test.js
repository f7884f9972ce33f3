import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Client, ComponentManager, RpcError } from '../index.js';
import { REPO, workerBin } from './helpers.js';

/** A player and an analytics component, each appending [name, what, child] to `log`. */
function feedManager(log) {
  return new ComponentManager()
    .register('player', {
      childDidBecomeCurrent: (e) => log.push(['player', 'play', e.child]),
      childDidResignCurrent: (e) => log.push(['player', 'pause', e.child]),
    })
    .register('analytics', {
      childDidShow: (e) => log.push(['analytics', 'show', e.child]),
      childDidBecomeCurrent: (e) => log.push(['analytics', 'current', e.child]),
    });
}

test('the feed template plays the item at rest and reports in registration order', async () => {
  const c = new Client({ bin: workerBin(), timeout: 20_000 });
  try {
    const log = [];
    c.components = feedManager(log);
    const created = await c.create({ viewport: [375, 800], template: 'feed', id: 'f' });
    assert.equal(created.currentChild, 'item0');
    assert.deepEqual(log, [['analytics', 'show', 'item0'], ['player', 'play', 'item0'], ['analytics', 'current', 'item0']]);
    log.length = 0;
    await c.beginDragging('f');
    const dragged = await c.scroll('f', 500);
    assert.equal(dragged.currentChild, 'item0', 'a swipe in progress never switches the playing item');
    assert.deepEqual(log, [['analytics', 'show', 'item1']]);
    log.length = 0;
    const rested = await c.endDragging('f');
    assert.equal(rested.currentChild, 'item1');
    assert.deepEqual(log, [['player', 'pause', 'item0'], ['player', 'play', 'item1'], ['analytics', 'current', 'item1']]);
  } finally {
    await c.close();
  }
});

test('a paging flick turns one item and plays it when the motion ends', async () => {
  const c = new Client({ bin: workerBin(), timeout: 20_000 });
  try {
    const log = [];
    c.components = feedManager(log);
    await c.create({ viewport: [375, 800], template: 'feed', id: 'f' });
    log.length = 0;
    await c.beginDragging('f');
    await c.drag('f', -120);
    assert.deepEqual(log, [['analytics', 'show', 'item1']]);
    log.length = 0;
    let time = 0;
    let layout = await c.endDragging('f', { velocity: 2000, time });
    assert.equal(layout.motion?.target, 800, 'a flick turns one item');
    while (layout.phase !== 'idle') {
      assert.deepEqual(log, [], 'nothing plays while the motion runs');
      assert.equal(layout.currentChild, 'item0');
      time += 1 / 60;
      layout = await c.tick('f', time);
    }
    assert.deepEqual([layout.offset, layout.currentChild], [800, 'item1']);
    assert.deepEqual(log, [['player', 'pause', 'item0'], ['player', 'play', 'item1'], ['analytics', 'current', 'item1']]);
  } finally {
    await c.close();
  }
});

test('a defined template is listed and used; a bad one names its path', async () => {
  const c = new Client({ bin: workerBin(), timeout: 20_000 });
  try {
    const listed = await c.defineTemplate('follow', { children: [{ id: 'a', kind: 'page' }], options: { feed: { preload: { ahead: 1 } } } });
    assert.deepEqual(listed.map((t) => t.name), ['shortContainer', 'stickyTabs', 'feed', 'profileTabs', 'collapsingNav', 'follow']);
    assert.deepEqual((await c.templates()).at(-1), { name: 'follow', builtIn: false });
    assert.equal((await c.create({ viewport: [375, 800], template: 'follow' })).currentChild, 'a');
    await assert.rejects(c.defineTemplate('x', { children: [{ id: 'a', kind: 'page', height: 1 }] }),
      (e) => e instanceof RpcError && e.data.param === 'params.template.children[0].height');
  } finally {
    await c.close();
  }
});

test('the templates file defines its containers', async () => {
  const c = new Client({ bin: workerBin(), args: ['--templates', join(REPO, 'protocol', 'examples', 'templates.json')], timeout: 20_000 });
  try {
    assert.deepEqual((await c.templates()).filter((t) => !t.builtIn).map((t) => t.name), ['recommend', 'follow']);
    assert.equal((await c.create({ viewport: [375, 800], template: 'recommend' })).currentChild, 'rec0');
  } finally {
    await c.close();
  }
});
