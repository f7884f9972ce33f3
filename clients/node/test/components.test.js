import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, ComponentManager, Layout } from '../index.js';
import { REPO, workerBin } from './helpers.js';

const FEED = Array.from({ length: 20 }, (_, i) => ({ id: `item${i}`, kind: 'fixed', height: 800 }));

/** The feed's components, each appending [name, type, child] to `log`; `idle` handles nothing. */
function feedManager(log) {
  const record = (name) => (e) => log.push([name, e.type, e.child]);
  return new ComponentManager()
    .register('player', { childDidBecomeActive: record('player'), childDidResignActive: record('player') })
    .register('preloader', { childDidShow: record('preloader') })
    .register('analytics', { childDidShow: record('analytics'), childDidHide: record('analytics') })
    .register('idle', { unrelated: record('idle') });
}

const layout = (events) => new Layout({
  session: 's', revision: 1, offset: 0, contentHeight: 0, minOffset: 0, maxOffset: 0, direction: 'none',
  phase: 'idle', activeChild: null, contentView: { top: 0, height: 0 }, children: [], events,
});

test('the param lists what each component handles, in registration order', () => {
  assert.deepEqual(feedManager([]).param(), [
    { name: 'player', events: ['childDidBecomeActive', 'childDidResignActive'] },
    { name: 'preloader', events: ['childDidShow'] },
    { name: 'analytics', events: ['childDidShow', 'childDidHide'] },
    { name: 'idle', events: [] },
  ]);
});

test('without a components member every handler is called in registration order', () => {
  const log = [];
  feedManager(log).dispatch(layout([
    { type: 'childDidShow', child: 'a' }, { type: 'phaseDidChange', phase: 'idle' }, { type: 'childDidHide', child: 'b' },
  ]));
  assert.deepEqual(log, [['preloader', 'childDidShow', 'a'], ['analytics', 'childDidShow', 'a'], ['analytics', 'childDidHide', 'b']]);
});

test("the worker's names decide who is called", () => {
  const log = [];
  feedManager(log).dispatch(layout([{ type: 'childDidShow', child: 'a', components: ['analytics'] }]));
  assert.deepEqual(log, [['analytics', 'childDidShow', 'a']]);
});

test('a duplicate name is refused', () => {
  assert.throws(() => new ComponentManager().register('a', {}).register('a', {}));
});

test('the feed example registers the components the manager would', () => {
  const first = JSON.parse(readFileSync(join(REPO, 'protocol', 'examples', 'feed-components.jsonl'), 'utf8').split('\n')[0]);
  assert.deepEqual(first.params.components, feedManager([]).param().slice(0, 3));
});

test("a real worker's replies reach the handlers in order", async () => {
  const c = new Client({ bin: workerBin(), timeout: 20_000 });
  try {
    const log = [];
    const manager = feedManager(log);
    c.components = manager;
    const s = await c.create({ viewport: [375, 800], children: FEED, components: manager.param() });
    assert.deepEqual(log, [['preloader', 'childDidShow', 'item0'], ['analytics', 'childDidShow', 'item0'],
      ['player', 'childDidBecomeActive', 'item0']]);
    log.length = 0;
    await c.scroll(s.session, 800);
    assert.deepEqual(log, [['preloader', 'childDidShow', 'item1'], ['analytics', 'childDidShow', 'item1'],
      ['player', 'childDidResignActive', 'item0'], ['player', 'childDidBecomeActive', 'item1'],
      ['analytics', 'childDidHide', 'item0']]);
  } finally {
    await c.close();
  }
});
