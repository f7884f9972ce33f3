import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  InvalidArgumentError, Client, Layout, RpcError, CallTimeoutError, WorkerDiedError, ClientClosedError, calls, notification, resolveBinary,
} from '../index.js';
import { workerBin } from './helpers.js';

const SEED = [
  { id: 'web', kind: 'scroll', contentHeight: 2000 },
  { id: 'list', kind: 'scroll', contentHeight: 3000 },
];

async function withClient(fn, opts = {}) {
  const c = new Client({ bin: workerBin(), timeout: 20_000, ...opts });
  try {
    return await fn(c);
  } finally {
    await c.close();
  }
}

const seed = (c) => c.create({ viewport: [375, 800], children: SEED, insets: { top: 0, bottom: 100 } });

test('create returns a typed Layout', () => withClient(async (c) => {
  const lay = await seed(c);
  assert.ok(lay instanceof Layout);
  assert.equal(lay.contentHeight, 5000);
  assert.equal(lay.minOffset, 0);
  assert.equal(lay.maxOffset, 4300);
  assert.deepEqual(lay.children.map((x) => x.id), ['web', 'list']);
  const web = lay.child('web');
  assert.deepEqual([web.frame.x, web.frame.width, web.frame.height], [0, 375, 800]);
  assert.equal(web.visibleHeight, 800);
  assert.equal(lay.activeChild, 'web');
}));

test('collapsingNav: seed 004\'s title and button tracks, the bar collapsing and pinning', () => withClient(async (c) => {
  let lay = await c.create({ viewport: [375, 667], template: 'collapsingNav', id: 'nav' });
  assert.deepEqual(lay.tracks, { titleSize: 36, buttonSize: 20 });
  assert.equal(lay.child('navBar').collapse, 0);
  await c.setContentHeight('nav', 'list', 2400);
  lay = await c.scroll('nav', -113.5);
  assert.deepEqual([lay.tracks.titleSize, lay.tracks.buttonSize], [28, 16]);
  lay = await c.scroll('nav', 22);
  assert.deepEqual([lay.child('navBar').collapse, lay.child('navBar').frame.height, lay.child('list').frame.y,
    lay.child('list').frame.height], [0.5, 66, 88, 601]);
  assert.equal(lay.child('list').collapse, undefined);
  lay = await c.scroll('nav', 300);
  assert.deepEqual([lay.child('navBar').collapse, lay.child('navBar').frame.y, lay.child('list').frame.y], [1, 300, 344]);
  assert.deepEqual(lay.tracks, { titleSize: 20, buttonSize: 16 });
  assert.equal((await seed(c)).tracks, undefined);
}));

test('seed golden vectors', () => withClient(async (c) => {
  const s = (await seed(c)).session;
  for (const [y, top, web, list] of [[600, 600, 600, 0], [1500, 1200, 1200, 0], [3000, 2200, 1200, 1000], [4300, 3400, 1200, 2200]]) {
    const lay = await c.scroll(s, y);
    assert.equal(lay.offset, y);
    assert.equal(lay.contentView.top, top, `contentView.top at ${y}`);
    assert.equal(lay.child('web').contentOffset.y, web, `web offset at ${y}`);
    assert.equal(lay.child('list').contentOffset.y, list, `list offset at ${y}`);
  }
}));

test('every session method is bound (rpc.discover)', () => withClient(async (c) => {
  const init = await c.initialize({ name: 'node-test' });
  assert.ok(init.serverInfo.name);
  const doc = await c.discover();
  const names = doc.methods.map((m) => m.name).filter((n) => n.startsWith('session.'));
  // Each generated builder names its method in the fault of a call with no params.
  const bound = new Set(Object.values(calls).map((f) => {
    try { return f().method; } catch (e) { return e.method; }
  }));
  const missing = names.filter((n) => !bound.has(n));
  assert.deepEqual(missing, []);
}));

test('issue 15: the profile page keeps each tab\'s offset, the header never jumping', () => withClient(async (c) => {
  const s = (await c.create({ viewport: [375, 800], template: 'profileTabs' })).session;
  await c.update(s, { sizes: { header: 300, posts: 5000, likes: 3000 } });
  assert.equal((await c.scroll(s, 2300)).child('tabs').contentOffset.y, 2000);
  const likes = await c.selectPage(s, 'tabs', 'likes');
  assert.equal(likes.offset, 300);
  assert.equal(likes.child('tabs').selected, 'likes');
  assert.ok(likes.events.some((e) => e.type === 'pageDidSelect' && e.page === 'likes'));
  const swipe = (await c.scrollPager(s, 'tabs', 187.5)).child('tabs');
  assert.equal(swipe.pageProgress, 0.5);
  assert.deepEqual(swipe.pages.map((p) => [p.id, p.contentOffset.y]), [['posts', 2000], ['likes', 0]]);
  const back = await c.selectPage(s, 'tabs', 'posts');
  assert.equal(back.offset, 2300);
  assert.equal(back.child('tabs').contentOffset.y, 2000);
  assert.equal(back.child('header').visibleHeight, 0);
}));

test('a released pager swipe snaps on ticks and lands its page', () => withClient(async (c) => {
  const s = (await c.create({ viewport: [375, 800], template: 'profileTabs' })).session;
  await c.update(s, { sizes: { header: 300, posts: 5000, likes: 3000 } });
  await c.scroll(s, 2300);
  await c.scrollPager(s, 'tabs', 120);
  const released = (await c.endPagerDragging(s, 'tabs', 600, 0)).child('tabs');
  assert.deepEqual([released.selected, released.pageProgress], ['posts', 0.32]);
  const mid = (await c.tick(s, 0.25)).child('tabs');
  assert.ok(mid.pageProgress > 0.32 && mid.pageProgress < 1);
  const landed = await c.tick(s, 1);
  assert.deepEqual([landed.child('tabs').selected, landed.child('tabs').pageProgress, landed.offset], ['likes', 1, 300]);
  assert.ok(landed.events.some((e) => e.type === 'pageDidSelect' && e.page === 'likes'));
  await assert.rejects(c.endPagerDragging(s, 'header', 100), (e) => e.code === -32602 && e.param === 'params.child');
}));

test('mutations, phases, targets, snapshots', () => withClient(async (c) => {
  const s = (await seed(c)).session;
  let lay = await c.setContentHeight(s, 'list', 1000);
  assert.equal(lay.contentHeight, 3000);
  lay = await c.update(s, { sizes: { web: 500, list: 300 } });
  assert.equal(lay.contentHeight, 800);
  lay = await c.update(s, { sizes: { web: 2000, list: 3000 } });
  lay = await c.setViewport(s, 320, 600);
  assert.equal(lay.child('web').frame.width, 320);
  lay = await c.setInsets(s, { top: 50, bottom: 0 });
  assert.equal(lay.minOffset, -50);
  lay = await c.insertChildren(s, [{ id: 'header', kind: 'fixed', height: 200 }], 0);
  assert.deepEqual((await c.get(s)).children.map((x) => x.id), ['header', 'web', 'list']);
  lay = await c.removeChildren(s, ['header']);
  assert.deepEqual((await c.get(s)).children.map((x) => x.id), ['web', 'list']);
  lay = await c.scrollToChild(s, 'list');
  assert.equal(lay.target.offset, 2000);
  assert.equal(lay.target.pending, false);
  assert.equal((await c.beginDragging(s)).phase, 'dragging');
  assert.equal((await c.endDragging(s, true)).phase, 'decelerating');
  assert.equal((await c.endScrolling(s)).phase, 'idle');
  assert.ok((await c.endRefreshing(s)) instanceof Layout);
  assert.ok((await c.endLoadingMore(s)) instanceof Layout);
  await c.scroll(s, 1234);
  const snap = await c.snapshot(s);
  assert.equal(await c.destroy(s), s);
  assert.deepEqual(await c.list(), []);
  const back = await c.restore(snap, 'again');
  assert.equal(back.session, 'again');
  assert.equal(back.offset, 1234);
  assert.deepEqual((await c.list()).map((x) => [x.id, x.engine]), [['again', 'container']]);
  assert.equal(snap.engine, 'container');
}));

// Session s1 of protocol/conformance/sessions.jsonl (the seed pair at 3000,
// dragging up) as a worker writing format 1 snapshots recorded it.
const FORMAT_1_SNAPSHOT = {
  format: 1, session: 's1', delta: false, viewport: { width: 375, height: 800 }, insets: { top: 0, bottom: 100 },
  options: { anchoring: true, seedEvents: true, refresh: null, loadMore: null },
  children: [{ id: 'top', kind: 'scroll', contentHeight: 2000 }, { id: 'bottom', kind: 'scroll', contentHeight: 3000 }],
  offset: 3000, phase: 'dragging', direction: 'up', revision: 2,
  state: {
    visible: ['bottom'], active: 'bottom', leaving: 'bottom', pinned: [], refresh: 'idle',
    loadMoreTriggeredAt: null, loadingMore: false, pendingTarget: null,
  },
};

test('snapshots are format 2, each behavior\'s part under its name', () => withClient(async (c) => {
  const s = (await seed(c)).session;
  await c.scroll(s, 1234);
  const snap = await c.snapshot(s);
  assert.equal(snap.format, 2);
  assert.deepEqual(snap.state, { motion: { running: null, dragStart: null }, refresh: 'idle', target: { pending: null }, pagers: [], headerScroll: [], loadMore: { triggeredAt: null, loading: false, pages: [] }, feed: { current: null }, pointer: null });
}));

test('a format 1 snapshot restores and answers as the live session', () => withClient(async (c) => {
  const children = [{ id: 'top', kind: 'scroll', contentHeight: 2000 }, { id: 'bottom', kind: 'scroll', contentHeight: 3000 }];
  const live = (await c.create({ viewport: [375, 800], children, insets: { top: 0, bottom: 100 } })).session;
  await c.scroll(live, 3000, 'dragging');
  assert.equal((await c.restore(FORMAT_1_SNAPSHOT, 'old')).offset, 3000);
  for (const offset of [1500, 4300, -20]) {
    const a = await c.request('session.scroll', { session: live, offset });
    const b = await c.request('session.scroll', { session: 'old', offset });
    assert.deepEqual({ ...b, session: live }, a);
  }
  assert.deepEqual((await c.snapshot('old')).state, (await c.snapshot(live)).state);
}));

test('a pending scroll target (offset null) resolves when sizes arrive', () => withClient(async (c) => {
  const { session: s } = await c.create({ viewport: [375, 800], template: 'shortContainer' });
  let lay = await c.scrollToChild(s, 'list');
  assert.deepEqual([lay.target.pending, lay.target.offset], [true, null]);
  lay = await c.update(s, { sizes: { web: 2000, list: 3000 } });
  assert.ok(lay.eventTypes().includes('scrollTargetDidResolve'));
  assert.equal(lay.offset, 2000);
}));

test('errors carry code, message, data', () => withClient(async (c) => {
  const s = (await seed(c)).session;
  await assert.rejects(c.request('session.scroll', { session: s, offset: 'far' }), (e) => {
    assert.ok(e instanceof RpcError);
    assert.equal(e.code, -32602);
    assert.equal(e.param, 'params.offset');
    assert.equal(typeof e.reason, 'string');
    return true;
  });
  await assert.rejects(c.setContentHeight(s, 'list', -5), (e) => e.code === -32602 && e.data.param === 'params.contentHeight');
  // A size once known stays known: null is not a size (refused before sending, named as the worker names it).
  await assert.rejects(c.setContentHeight(s, 'list', null), (e) => e instanceof InvalidArgumentError && e.param === 'params.contentHeight');
  await assert.rejects(c.update(s, { sizes: { list: null } }),
    (e) => e instanceof InvalidArgumentError && e.param === 'params.sizes.list' && e.reason === 'expected a number, got null');
  await assert.rejects(c.request('session.noSuchMethod', {}), (e) => e.code === RpcError.METHOD_NOT_FOUND);
  await assert.rejects(c.scroll('no-such-session', 1),
    (e) => e instanceof RpcError && e.code === RpcError.SESSION_NOT_FOUND && e.param === 'params.session');
  await assert.rejects(c.setContentHeight(s, 'no-such-child', 1),
    (e) => e.code === RpcError.CHILD_NOT_FOUND && e.rpcMessage.length > 0);
  await assert.rejects(c.scroll(s, NaN), RangeError); // refused before sending: JSON has no NaN
  assert.equal((await c.scroll(s, 10)).offset, 10);
}));

test('pipelining: replies matched by id', () => withClient(async (c) => {
  const s = (await seed(c)).session;
  const offsets = Array.from({ length: 500 }, (_, i) => (i * 37) % 4300);
  const layouts = await Promise.all(offsets.map((y) => c.scroll(s, y)));
  assert.deepEqual(layouts.map((l) => l.offset), offsets);
  const revs = layouts.map((l) => l.revision);
  assert.ok(revs.every((r, i) => i === 0 || r > revs[i - 1]));
}));

test('batch: per-entry results or errors', () => withClient(async (c) => {
  const s = (await seed(c)).session;
  const out = await c.batch([calls.scroll(s, 600), calls.scroll('nope', 1), notification(calls.scroll(s, 700)),
    calls.get(s), calls.raw('session.bogus')]);
  assert.ok(out[0] instanceof Layout);
  assert.equal(out[0].offset, 600);
  assert.ok(out[1] instanceof RpcError);
  assert.equal(out[2], undefined);
  assert.equal(out[3].offset, 700);
  assert.equal(out[4].code, -32601);
}));

test('in-flight bound', () => withClient(async (c) => {
  await assert.rejects(c.batch(Array(5).fill(calls.list())), RangeError);
  const all = await Promise.all(Array.from({ length: 50 }, () => c.list()));
  assert.equal(all.length, 50);
  assert.ok(all.every((x) => Array.isArray(x) && x.length === 0));
}, { maxInFlight: 4 }));

test('timeout, then the late reply is dropped', () => withClient(async (c) => {
  const s = (await seed(c)).session;
  process.kill(c.pid, 'SIGSTOP');
  try {
    await assert.rejects(c.scroll(s, 100, undefined, { timeout: 200 }), CallTimeoutError);
  } finally {
    process.kill(c.pid, 'SIGCONT');
  }
  assert.equal((await c.scroll(s, 200)).offset, 200);
}));

test('a killed worker fails pending calls', async () => {
  const c = new Client({ bin: workerBin(), recover: false }); // the death itself is under test
  await seed(c);
  process.kill(c.pid, 'SIGSTOP');
  const p = c.list({ timeout: 60_000 });
  c.kill();
  await assert.rejects(p, (e) => e instanceof WorkerDiedError && e.signal === 'SIGKILL');
  await assert.rejects(c.list(), WorkerDiedError);
  await c.close();
});

test('a worker that exits at start reports its stderr', async () => {
  const c = new Client({ bin: workerBin(), args: ['--no-such-flag-xyz'] });
  await assert.rejects(c.list(), (e) => {
    assert.ok(e instanceof WorkerDiedError);
    assert.notEqual(e.exitCode, 0);
    assert.ok(e.stderrTail.trim().length > 0, 'expected a usage error on stderr');
    assert.match(e.message, /worker stderr/);
    return true;
  });
  await c.close();
});

test('a missing binary is reported, not hung on', async () => {
  const c = new Client({ bin: '/nonexistent/omniscroll' });
  await assert.rejects(c.list(), (e) => e instanceof WorkerDiedError && /spawn failed|ENOENT/.test(e.message));
  await c.close();
});

test('close: shutdown + exit gives exit code 0, then calls fail', async () => {
  const c = new Client({ bin: workerBin() });
  await seed(c);
  assert.equal(await c.close(), 0);
  assert.equal(await c.close(), 0);
  await assert.rejects(c.list(), ClientClosedError);
});

test('after shutdown, requests are invalid', () => withClient(async (c) => {
  await c.shutdown();
  await assert.rejects(c.list(), (e) => e.code === -32600);
}));

test('binary from OMNISCROLL_BIN', async () => {
  const saved = process.env.OMNISCROLL_BIN;
  process.env.OMNISCROLL_BIN = workerBin();
  try {
    assert.equal(resolveBinary(), workerBin());
    const c = new Client();
    assert.deepEqual(await c.list(), []);
    await c.close();
  } finally {
    if (saved === undefined) delete process.env.OMNISCROLL_BIN; else process.env.OMNISCROLL_BIN = saved;
  }
});

test('physics.fling: golden numbers, a bounded overshoot sampled at 60 Hz, snapping and a -32602', () => withClient(async (c) => {
  const ios = await c.fling({ position: 0, velocity: 1000 });
  assert.equal(ios.target.toFixed(2), '499.50');
  assert.equal(ios.duration.toFixed(2), '3.45');
  assert.equal(ios.samples, undefined);
  const android = await c.fling({ preset: 'android', position: 0, velocity: 8000 });
  assert.equal(android.target.toFixed(2), '7186.36');
  const bounded = await c.fling({ position: 0, velocity: 1000, bounds: [0, 300], viewport: 800, sampleInterval: 1 / 60 });
  assert.equal(bounded.target, 300);
  assert.ok(Math.max(...bounded.samples.map((s) => s.position)) > 300, 'overshoots, then springs back');
  assert.deepEqual(bounded.samples.at(-1), { time: bounded.duration, position: 300, velocity: 0 });
  assert.equal((await c.fling({ position: 0, velocity: 1000, snap: { points: [0, 120, 480, 900] } })).target, 480);
  await assert.rejects(c.fling({ position: 0, velocity: 1000, sampleInterval: 0.1, times: [0] }), (e) =>
    e instanceof RpcError && e.code === RpcError.INVALID_PARAMS && e.data.param === 'params.times');
}));

test('session motions: drags, a release velocity and 60 Hz ticks follow physics.fling, ending on the snap point', () => withClient(async (c) => {
  await c.create({ id: 'm', viewport: { width: 375, height: 800 }, insets: { bottom: 100 },
    children: [{ id: 'a', kind: 'scroll', contentHeight: 2000 }, { id: 'b', kind: 'scroll', contentHeight: 3000 }],
    options: { physics: { preset: 'ios' }, snap: { interval: 400 } } });
  await c.beginDragging('m');
  assert.equal((await c.drag('m', -100)).offset, 100);
  const released = await c.endDragging('m', { velocity: 1000, time: 0 });
  assert.equal(released.phase, 'decelerating');
  assert.equal(released.motion.target, 400);
  const fling = await c.fling({ position: 100, velocity: 1000, bounds: [0, 4300], viewport: 800, snap: { interval: 400 }, sampleInterval: 1 / 60 });
  const replies = [];
  for (const s of fling.samples.slice(1)) replies.push(await c.tick('m', s.time));
  assert.deepEqual(replies.map((r) => r.offset), fling.samples.slice(1).map((s) => s.position));
  assert.equal(replies.at(-1).offset, 400);
  assert.equal(replies.at(-1).phase, 'idle');
  assert.equal(replies.at(-1).motion, undefined);
  await assert.rejects(c.tick('m', 10), (e) => e instanceof RpcError && e.data.param === 'params.time');
}));
