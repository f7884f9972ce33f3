// OmniScroll Node client: spawns the `omniscroll` worker and binds its
// JSON-RPC 2.0 session API over line-delimited stdio. No dependencies.
import { spawn } from 'node:child_process';
import { readFileSync, accessSync, constants as fsConstants } from 'node:fs';
import { basename, delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorCode, Method } from './generated.js';

export * from './generated.js';
export { ComponentManager } from './components.js';
export { PointerForwarder } from './pointer.js';

export const DEFAULTS = Object.freeze({
  timeout: 30_000, // ms per call
  maxInFlight: 4096, // requests awaiting a reply
  maxLineBytes: 64 * 1024 * 1024, // longest reply line accepted
  stderrTailBytes: 16 * 1024, // stderr kept for error reports
  closeTimeout: 5_000, // ms to wait for exit before kill
});

// ---------------------------------------------------------------- errors

export class OmniScrollError extends Error {
  constructor(message) {
    super(message);
    this.name = new.target.name;
  }
}

/** A JSON-RPC error reply. For -32602, `data` is `{param, reason}`. */
export class RpcError extends OmniScrollError {
  constructor(code, message, data) {
    super(`${message} (${code})${data === undefined || data === null ? '' : ': ' + JSON.stringify(data)}`);
    this.code = code;
    this.rpcMessage = message;
    this.data = data === undefined ? null : data;
  }
  static fromJSON(e) {
    if (e === null || typeof e !== 'object') return new RpcError(ErrorCode.INTERNAL_ERROR, 'malformed error object', e);
    return new RpcError(Number.isInteger(e.code) ? e.code : ErrorCode.INTERNAL_ERROR, String(e.message ?? ''), e.data);
  }
  get param() { return this.data && typeof this.data === 'object' ? this.data.param : undefined; }
  get reason() { return this.data && typeof this.data === 'object' ? this.data.reason : undefined; }
}
// The error codes as statics (RpcError.SESSION_NOT_FOUND), from the generated table.
Object.assign(RpcError, ErrorCode);

/** The worker exited or crashed; carries its exit status and stderr tail. */
export class WorkerDiedError extends OmniScrollError {
  constructor(exitCode, signal, stderrTail, detail = '') {
    let msg = `omniscroll worker is not running (exit code ${exitCode}${signal ? ', signal ' + signal : ''})` +
      (detail ? ': ' + detail : '');
    if (stderrTail) msg += '\n--- worker stderr (tail) ---\n' + stderrTail;
    super(msg);
    this.exitCode = exitCode;
    this.signal = signal;
    this.stderrTail = stderrTail;
  }
}

export class CallTimeoutError extends OmniScrollError {
  constructor(method, timeout) {
    super(`${method}: no reply within ${timeout} ms`);
    this.method = method;
    this.timeout = timeout;
  }
}

export class ProtocolError extends OmniScrollError {}
export class ClientClosedError extends OmniScrollError {}

// ---------------------------------------------------------------- binary

// Where the tarball built by scripts/package puts the worker (absent in the source tree).
const BUNDLED_BINARY = fileURLToPath(new URL('./bin/omniscroll', import.meta.url));

function isExecutable(path) {
  try {
    accessSync(path, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The worker path: `bin`, else `$OMNISCROLL_BIN`, else `omniscroll` on PATH,
 * else the worker bundled in the package.
 */
export function resolveBinary(bin) {
  if (bin) return bin;
  if (process.env.OMNISCROLL_BIN) return process.env.OMNISCROLL_BIN;
  for (const dir of (process.env.PATH || '').split(delimiter)) {
    if (dir && isExecutable(join(dir, 'omniscroll'))) return join(dir, 'omniscroll');
  }
  if (isExecutable(BUNDLED_BINARY)) return BUNDLED_BINARY;
  throw new OmniScrollError('omniscroll worker not found: pass its path, set OMNISCROLL_BIN, put omniscroll on PATH, '
    + 'or install the package that bundles it');
}

class StderrTail {
  constructor(limit) { this.limit = Math.max(1, limit); this.chunks = []; this.size = 0; }
  feed(chunk) {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size - this.chunks[0].length >= this.limit) this.size -= this.chunks.shift().length;
  }
  text() {
    const b = Buffer.concat(this.chunks);
    return b.subarray(Math.max(0, b.length - this.limit)).toString('utf8');
  }
}

// ---------------------------------------------------------------- result types

function num(o, k, what) {
  const v = o[k];
  if (typeof v !== 'number') throw new ProtocolError(`${what}.${k}: expected a number, got ${JSON.stringify(v)}`);
  return v;
}
function obj(v, what) {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new ProtocolError(`${what}: expected an object`);
  return v;
}

export class Event {
  constructor(o) {
    obj(o, 'event');
    if (typeof o.type !== 'string') throw new ProtocolError('event.type: expected a string');
    const { type, child, ...data } = o;
    this.type = type;
    this.child = typeof child === 'string' ? child : undefined;
    /** every other member (direction, offset, …) */
    this.data = data;
  }
}

export class ChildLayout {
  constructor(o) {
    obj(o, 'child');
    Object.assign(this, o); // keeps unknown members
    if (typeof o.id !== 'string') throw new ProtocolError('child.id: expected a string');
    const f = obj(o.frame, 'child.frame');
    const c = obj(o.contentOffset, 'child.contentOffset');
    this.frame = { ...f, x: num(f, 'x', 'frame'), y: num(f, 'y', 'frame'), width: num(f, 'width', 'frame'), height: num(f, 'height', 'frame') };
    this.contentOffset = { ...c, x: num(c, 'x', 'contentOffset'), y: num(c, 'y', 'contentOffset') };
    this.visibleHeight = num(o, 'visibleHeight', 'child');
    if (o.collapse !== undefined) this.collapse = num(o, 'collapse', 'child');
  }
}

export class Layout {
  constructor(o) {
    obj(o, 'Layout');
    Object.assign(this, o); // keeps unknown members (protocol additions)
    if (typeof o.session !== 'string') throw new ProtocolError('Layout.session: expected a string');
    for (const k of ['revision', 'offset', 'contentHeight', 'minOffset', 'maxOffset']) num(o, k, 'Layout');
    const cv = obj(o.contentView, 'Layout.contentView');
    this.contentView = { ...cv, top: num(cv, 'top', 'contentView'), height: num(cv, 'height', 'contentView') };
    if (!Array.isArray(o.children) || !Array.isArray(o.events)) throw new ProtocolError('Layout.children/events: expected arrays');
    this.children = o.children.map((c) => new ChildLayout(c));
    this.events = o.events.map((e) => new Event(e));
    if (o.target !== undefined) {
      const t = obj(o.target, 'Layout.target');
      this.target = { ...t, offset: t.offset === null || t.offset === undefined ? null : num(t, 'offset', 'target'), pending: Boolean(t.pending) };
    }
    if (o.motion !== undefined) {
      const m = obj(o.motion, 'Layout.motion');
      this.motion = { ...m, target: num(m, 'target', 'motion'), duration: num(m, 'duration', 'motion') };
    }
    if (o.tracks !== undefined) {
      const tracks = obj(o.tracks, 'Layout.tracks');
      this.tracks = Object.fromEntries(Object.keys(tracks).map((id) => [id, num(tracks, id, 'tracks')]));
    }
  }
  /** The layout of one child (throws when the reply does not list it). */
  child(id) {
    const c = this.children.find((x) => x.id === id);
    if (!c) throw new Error(`no child ${JSON.stringify(id)} in this layout`);
    return c;
  }
  eventTypes() { return this.events.map((e) => e.type); }
  static fromJSON(o) { return new Layout(o); }
}

/**
 * A grid session's reply (grid.create, grid.scroll, grid.update; session.get
 * of a grid). `tiles`: the tiles in view plus overscan (a delta session: only
 * the tiles added); `added`/`removed`: since the previous reply; `recentered`
 * {dx, dy}: what a recenter added to the offset and to every kept frame.
 * col/row are exact up to ±2^53 (JavaScript numbers).
 */
export class GridLayout {
  constructor(o) {
    obj(o, 'GridLayout');
    Object.assign(this, o); // keeps unknown members (protocol additions)
    if (typeof o.session !== 'string') throw new ProtocolError('GridLayout.session: expected a string');
    num(o, 'revision', 'GridLayout');
    const offset = obj(o.offset, 'GridLayout.offset');
    this.offset = { ...offset, x: num(offset, 'x', 'offset'), y: num(offset, 'y', 'offset') };
    for (const k of ['tiles', 'added', 'removed']) {
      if (!Array.isArray(o[k])) throw new ProtocolError(`GridLayout.${k}: expected an array`);
    }
    this.tiles = o.tiles.map((t) => {
      obj(t, 'tile');
      const f = obj(t.frame, 'tile.frame');
      return { col: num(t, 'col', 'tile'), row: num(t, 'row', 'tile'),
        frame: { x: num(f, 'x', 'frame'), y: num(f, 'y', 'frame'), width: num(f, 'width', 'frame'), height: num(f, 'height', 'frame') } };
    });
    const coordinate = (t) => ({ col: num(obj(t, 'tile'), 'col', 'tile'), row: num(t, 'row', 'tile') });
    this.added = o.added.map(coordinate);
    this.removed = o.removed.map(coordinate);
    if (o.recentered !== undefined) {
      const r = obj(o.recentered, 'GridLayout.recentered');
      this.recentered = { dx: num(r, 'dx', 'recentered'), dy: num(r, 'dy', 'recentered') };
    }
  }
  static fromJSON(o) { return new GridLayout(o); }
}

const asLayout = (r) => new Layout(r);
const asGridLayout = (r) => new GridLayout(r);
/** session.get: a grid's GridLayout (it has `tiles`) or a container's Layout. */
const asAnyLayout = (r) => (r !== null && typeof r === 'object' && 'tiles' in r ? new GridLayout(r) : new Layout(r));
const asIs = (r) => r;
const asNull = () => null;
const asSessions = (r) => {
  obj(r, 'session.list result');
  if (!Array.isArray(r.sessions)) throw new ProtocolError('session.list: sessions must be an array');
  return r.sessions;
};
const asTemplates = (r) => {
  obj(r, 'TemplateList');
  if (!Array.isArray(r.templates)) throw new ProtocolError('TemplateList.templates must be an array');
  return r.templates;
};
const asDestroyed = (r) => {
  obj(r, 'session.destroy result');
  if (typeof r.session !== 'string') throw new ProtocolError('session.destroy: expected {session}');
  return r.session;
};

const asFling = (r) => {
  obj(r, 'FlingResult');
  const out = { ...r, target: num(r, 'target', 'FlingResult'), duration: num(r, 'duration', 'FlingResult') };
  if (r.samples !== undefined) {
    if (!Array.isArray(r.samples)) throw new ProtocolError('FlingResult.samples: expected an array');
    out.samples = r.samples.map((s) => {
      obj(s, 'FlingResult.samples[]');
      return { ...s, time: num(s, 'time', 'sample'), position: num(s, 'position', 'sample'), velocity: num(s, 'velocity', 'sample') };
    });
  }
  return out;
};

// ---------------------------------------------------------------- calls

function compact(o) {
  const out = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out;
}
function size(v, a, b) {
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v)) return { [a]: v[0], [b]: v[1] };
  return v;
}

/**
 * Request builders: `{method, params, decode}`. Pass them to
 * `client.call(...)` or, several at once, to `client.batch([...])`.
 * `notification(c)` turns one into a notification.
 */
export const calls = {
  raw: (method, params) => ({ method, params, decode: asIs }),
  initialize: ({ clientInfo, capabilities } = {}) =>
    ({ method: Method.INITIALIZE, params: compact({ clientInfo, capabilities }), decode: asIs }),
  shutdown: () => ({ method: Method.SHUTDOWN, params: undefined, decode: asNull }),
  exit: () => ({ method: Method.EXIT, params: undefined, decode: asNull, notify: true }),
  discover: () => ({ method: Method.RPC_DISCOVER, params: undefined, decode: asIs }),
  create: ({ viewport, children, insets, offset, id, template, options, components } = {}) => ({
    method: Method.SESSION_CREATE,
    params: compact({ viewport: size(viewport, 'width', 'height'), children, insets: size(insets, 'top', 'bottom'), offset, id, template, options, components }),
    decode: asLayout,
  }),
  scroll: (session, offset, phase) => ({ method: Method.SESSION_SCROLL, params: compact({ session, offset, phase }), decode: asLayout }),
  setContentHeight: (session, child, contentHeight) =>
    ({ method: Method.SESSION_SET_CONTENT_HEIGHT, params: { session, child, contentHeight }, decode: asLayout }),
  update: (session, { sizes, viewport, insets, offset, phase } = {}) => ({
    method: Method.SESSION_UPDATE,
    params: compact({ session, sizes, viewport: size(viewport, 'width', 'height'), insets: size(insets, 'top', 'bottom'), offset, phase }),
    decode: asLayout,
  }),
  setViewport: (session, width, height) => ({ method: Method.SESSION_SET_VIEWPORT, params: { session, width, height }, decode: asLayout }),
  setInsets: (session, { top, bottom } = {}) => ({ method: Method.SESSION_SET_INSETS, params: compact({ session, top, bottom }), decode: asLayout }),
  insertChildren: (session, children, index) =>
    ({ method: Method.SESSION_INSERT_CHILDREN, params: compact({ session, children, index }), decode: asLayout }),
  removeChildren: (session, children) => ({ method: Method.SESSION_REMOVE_CHILDREN, params: { session, children }, decode: asLayout }),
  scrollToChild: (session, child, { position, animated } = {}) =>
    ({ method: Method.SESSION_SCROLL_TO_CHILD, params: compact({ session, child, position, animated }), decode: asLayout }),
  selectPage: (session, child, page) => ({ method: Method.SESSION_SELECT_PAGE, params: { session, child, page }, decode: asLayout }),
  scrollPager: (session, child, offset) =>
    ({ method: Method.SESSION_SCROLL_PAGER, params: { session, child, offset }, decode: asLayout }),
  beginDragging: (session) => ({ method: Method.SESSION_BEGIN_DRAGGING, params: { session }, decode: asLayout }),
  drag: (session, translation) => ({ method: Method.SESSION_DRAG, params: { session, translation }, decode: asLayout }),
  // `release`: `decelerate` as a boolean, or `{decelerate?, velocity?, time?}` (a velocity: the engine runs the motion).
  endPagerDragging: (session, child, velocity, time) =>
    ({ method: Method.SESSION_END_PAGER_DRAGGING, params: time === undefined ? { session, child, velocity } : { session, child, velocity, time }, decode: asLayout }),
  endDragging: (session, release) => {
    const { decelerate, velocity, time } = typeof release === 'object' && release !== null ? release : { decelerate: release };
    return { method: Method.SESSION_END_DRAGGING, params: compact({ session, decelerate, velocity, time }), decode: asLayout };
  },
  tick: (session, time) => ({ method: Method.SESSION_TICK, params: { session, time }, decode: asLayout }),
  pointer: (session, phase, x, y, time) => ({ method: Method.SESSION_POINTER, params: { session, phase, x, y, time }, decode: asLayout }),
  endScrolling: (session) => ({ method: Method.SESSION_END_SCROLLING, params: { session }, decode: asLayout }),
  endRefreshing: (session) => ({ method: Method.SESSION_END_REFRESHING, params: { session }, decode: asLayout }),
  endLoadingMore: (session, page) =>
    ({ method: Method.SESSION_END_LOADING_MORE, params: compact({ session, page }), decode: asLayout }),
  get: (session) => ({ method: Method.SESSION_GET, params: { session }, decode: asAnyLayout }),
  list: () => ({ method: Method.SESSION_LIST, params: undefined, decode: asSessions }),
  destroy: (session) => ({ method: Method.SESSION_DESTROY, params: { session }, decode: asDestroyed }),
  snapshot: (session) => ({ method: Method.SESSION_SNAPSHOT, params: { session }, decode: asIs }),
  restore: (snapshot, id) => ({ method: Method.SESSION_RESTORE, params: compact({ snapshot, id }), decode: asLayout }),
  defineTemplate: (name, template) => ({ method: Method.SESSION_DEFINE_TEMPLATE, params: { name, template }, decode: asTemplates }),
  templates: () => ({ method: Method.SESSION_TEMPLATES, params: undefined, decode: asTemplates }),
  gridCreate: ({ viewport, tile, overscan, contentSize, recenter, threshold, id, delta } = {}) => ({
    method: Method.GRID_CREATE,
    params: compact({ viewport: size(viewport, 'width', 'height'), tile: size(tile, 'width', 'height'), overscan,
      contentSize: size(contentSize, 'width', 'height'), recenter, threshold, id,
      options: delta === undefined ? undefined : { delta } }),
    decode: asGridLayout,
  }),
  gridScroll: (session, x, y, phase) => ({ method: Method.GRID_SCROLL, params: compact({ session, x, y, phase }), decode: asGridLayout }),
  gridUpdate: (session, { viewport, x, y, phase } = {}) => ({
    method: Method.GRID_UPDATE, params: compact({ session, viewport: size(viewport, 'width', 'height'), x, y, phase }), decode: asGridLayout,
  }),
  fling: ({ preset, position, velocity, bounds, viewport, snap, dragStart, sampleInterval, times } = {}) => ({
    method: Method.PHYSICS_FLING,
    params: compact({ preset, position, velocity, bounds: size(bounds, 'min', 'max'), viewport, snap, dragStart, sampleInterval, times }),
    decode: asFling,
  }),
};

export function notification(c) {
  return { ...c, decode: asNull, notify: true };
}

function requestObject(c, id) {
  const m = { jsonrpc: '2.0' };
  if (id !== undefined) m.id = id;
  m.method = c.method;
  if (c.params !== undefined) m.params = c.params;
  return m;
}

function encode(v) {
  return JSON.stringify(v, (k, x) => {
    if (typeof x === 'number' && !Number.isFinite(x)) throw new RangeError(`${k || 'value'}: ${x} cannot be sent as JSON`);
    return x;
  }) + '\n';
}

// ---------------------------------------------------------------- client

export class Client {
  /**
   * @param {object} [opts] bin, args, timeout (ms), maxInFlight, maxLineBytes,
   *   stderrTailBytes, closeTimeout (ms), env
   */
  constructor(opts = {}) {
    const o = { ...DEFAULTS, ...compact(opts) };
    this.timeout = o.timeout;
    this.closeTimeout = o.closeTimeout;
    /** opt-in: a ComponentManager every Layout `call` resolves with is dispatched to first */
    this.components = null;
    this.maxInFlight = Math.max(1, o.maxInFlight);
    this.maxLineBytes = Math.max(1024, o.maxLineBytes);
    this.bin = resolveBinary(o.bin);
    this._tail = new StderrTail(o.stderrTailBytes);
    this._nextId = 1;
    this._nextLine = 1;
    this._pending = new Map(); // id -> {resolve, reject, call, line, timer}
    this._lineIds = new Map(); // line -> Set(id), in send order
    this._slotWaiters = [];
    this._reserved = 0;
    this._dead = null;
    this._closed = false;
    this._buf = [];
    this._bufLen = 0;
    /** error replies with id null that matched no request (bounded) */
    this.unmatchedErrors = [];
    this._child = spawn(this.bin, o.args || [], { stdio: ['pipe', 'pipe', 'pipe'], env: o.env || process.env });
    this._exited = new Promise((resolve) => {
      this._child.on('close', (code, signal) => resolve({ code, signal }));
    });
    this._child.on('error', (err) => { this._spawnError = err; this._die(`spawn failed: ${err.message}`); });
    this._child.stdin.on('error', () => { /* EPIPE: reported through 'close' */ });
    this._child.stderr.on('data', (c) => this._tail.feed(c));
    this._child.stdout.on('data', (c) => this._onData(c));
    this._child.on('close', (code, signal) => {
      this.exitCode = code;
      this.signalCode = signal;
      if (!this._dead) this._dead = new WorkerDiedError(code, signal, this._tail.text(), 'the worker exited');
      this._failAll(this._dead);
    });
  }

  get pid() { return this._child.pid; }
  get stderrTail() { return this._tail.text(); }

  _die(detail) {
    if (!this._dead) this._dead = new WorkerDiedError(null, null, this._tail.text(), detail);
    this._failAll(this._dead);
  }

  _failAll(err) {
    for (const [id, p] of this._pending) {
      this._forget(id);
      p.reject(err);
    }
    for (const w of this._slotWaiters.splice(0)) w.reject(err);
  }

  _forget(id) {
    const p = this._pending.get(id);
    if (!p) return undefined;
    this._pending.delete(id);
    clearTimeout(p.timer);
    const ids = this._lineIds.get(p.line);
    if (ids) {
      ids.delete(id);
      if (ids.size === 0) this._lineIds.delete(p.line);
    }
    while (this._slotWaiters.length && this._pending.size + this._reserved + this._slotWaiters[0].n <= this.maxInFlight) {
      const w = this._slotWaiters.shift();
      this._reserved += w.n; // held until the woken sender registers its ids
      w.resolve();
    }
    return p;
  }

  _onData(chunk) {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      if (nl < 0) break;
      const piece = chunk.subarray(start, nl);
      let line;
      if (this._bufLen) {
        this._buf.push(piece);
        line = Buffer.concat(this._buf, this._bufLen + piece.length);
        this._buf = [];
        this._bufLen = 0;
      } else {
        line = piece;
      }
      start = nl + 1;
      this._onLine(line);
      if (this._dead) return;
    }
    if (start < chunk.length) {
      this._buf.push(chunk.subarray(start));
      this._bufLen += chunk.length - start;
      if (this._bufLen > this.maxLineBytes) {
        this._protocolError(`reply line longer than maxLineBytes=${this.maxLineBytes}`);
      }
    }
  }

  _protocolError(msg) {
    this._dead = new ProtocolError(msg);
    this._failAll(this._dead);
    this._child.kill('SIGKILL');
  }

  _onLine(line) {
    let msg;
    try {
      msg = JSON.parse(line.toString('utf8'));
    } catch {
      this._protocolError(`worker wrote a non-JSON line: ${line.subarray(0, 200).toString()}`);
      return;
    }
    for (const item of Array.isArray(msg) ? msg : [msg]) {
      if (item === null || typeof item !== 'object') continue;
      let targets = [];
      if (typeof item.id === 'number') {
        if (this._pending.has(item.id)) targets = [item.id];
      } else if (item.id === null && 'error' in item) {
        // Replies come in request order: an id-less error answers the oldest
        // line still waiting (e.g. a rejected batch).
        const first = this._lineIds.values().next();
        if (!first.done) targets = [...first.value];
        else {
          this.unmatchedErrors.push(RpcError.fromJSON(item.error));
          if (this.unmatchedErrors.length > 16) this.unmatchedErrors.shift();
        }
      }
      for (const id of targets) {
        const p = this._forget(id);
        if ('error' in item) { p.reject(RpcError.fromJSON(item.error)); continue; }
        try {
          p.resolve(p.call.decode(item.result));
        } catch (e) {
          p.reject(e instanceof ProtocolError ? e : new ProtocolError(`${p.call.method}: unexpected result: ${e.message}`));
        }
      }
    }
  }

  _usable() {
    if (this._closed) throw new ClientClosedError('client is closed');
    if (this._dead) throw this._dead;
  }

  async _send(batch, asBatch, timeout) {
    this._usable();
    const t = timeout ?? this.timeout;
    const n = batch.filter((c) => !c.notify).length;
    if (n > this.maxInFlight) throw new RangeError(`batch of ${n} requests exceeds maxInFlight=${this.maxInFlight}`);
    if (this._pending.size + this._reserved + n > this.maxInFlight || this._slotWaiters.length) {
      await new Promise((resolve, reject) => this._slotWaiters.push({ n, resolve, reject }));
      this._reserved -= n;
      this._usable();
    }
    const line = this._nextLine++;
    const objs = [];
    const promises = [];
    const ids = new Set();
    for (const c of batch) {
      if (c.notify) {
        objs.push(requestObject(c, undefined));
        promises.push(undefined);
        continue;
      }
      const id = this._nextId++;
      ids.add(id);
      objs.push(requestObject(c, id));
      promises.push(new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          if (this._forget(id)) reject(new CallTimeoutError(c.method, t));
        }, t);
        this._pending.set(id, { resolve, reject, call: c, line, timer });
      }));
    }
    if (ids.size) this._lineIds.set(line, ids);
    let data;
    try {
      data = encode(asBatch ? objs : objs[0]);
    } catch (e) {
      for (const id of ids) this._forget(id);
      throw e;
    }
    this._child.stdin.write(data);
    return promises;
  }

  /** Send one call (from `calls.*`) and resolve with its decoded result. */
  async call(c, { timeout } = {}) {
    const [p] = await this._send([c], false, timeout);
    const result = p === undefined ? null : await p;
    if (this.components && result instanceof Layout) this.components.dispatch(result);
    return result;
  }

  /** An untyped request: resolves with the raw JSON result. */
  request(method, params, opts) { return this.call(calls.raw(method, params), opts); }

  /** Send a notification (no reply). */
  async notify(method, params) { await this._send([notification(calls.raw(method, params))], false); }

  /**
   * Send calls as one JSON-RPC batch. Resolves, per entry in order, with the
   * decoded result or the RpcError instance (not thrown); notifications give
   * undefined. Timeouts and a dead worker reject.
   */
  async batch(list, { timeout } = {}) {
    if (!list.length) throw new RangeError('a batch needs at least one call');
    const promises = await this._send(list, true, timeout);
    return Promise.all(promises.map((p) => (p === undefined ? undefined
      : p.catch((e) => { if (e instanceof RpcError) return e; throw e; }))));
  }

  /** `shutdown` + `exit`, then wait (bounded), then kill. Resolves with the exit code. */
  async close() {
    if (!this._closed) {
      if (!this._dead) {
        try {
          await this.call(calls.shutdown(), { timeout: this.closeTimeout });
          await this._send([calls.exit()], false);
        } catch { /* dying anyway */ }
      }
      this._closed = true;
      this._child.stdin.end();
      let timer;
      const timedOut = await Promise.race([
        this._exited.then(() => false),
        new Promise((r) => { timer = setTimeout(() => r(true), this.closeTimeout); }),
      ]);
      clearTimeout(timer);
      if (timedOut) {
        this._child.kill('SIGKILL');
        await this._exited;
      }
      this._failAll(new ClientClosedError('client closed'));
    }
    const { code } = await this._exited;
    return code;
  }

  /** Kill the worker at once. */
  kill(signal = 'SIGKILL') { this._child.kill(signal); }

  // typed API ---------------------------------------------------------------
  initialize(clientInfo, capabilities, opts) { return this.call(calls.initialize({ clientInfo, capabilities }), opts); }
  shutdown(opts) { return this.call(calls.shutdown(), opts); }
  exit() { return this.notify(Method.EXIT); }
  discover(opts) { return this.call(calls.discover(), opts); }
  create(params, opts) { return this.call(calls.create(params), opts); }
  scroll(session, offset, phase, opts) { return this.call(calls.scroll(session, offset, phase), opts); }
  setContentHeight(session, child, contentHeight, opts) { return this.call(calls.setContentHeight(session, child, contentHeight), opts); }
  update(session, changes, opts) { return this.call(calls.update(session, changes), opts); }
  setViewport(session, width, height, opts) { return this.call(calls.setViewport(session, width, height), opts); }
  setInsets(session, insets, opts) { return this.call(calls.setInsets(session, insets), opts); }
  insertChildren(session, children, index, opts) { return this.call(calls.insertChildren(session, children, index), opts); }
  removeChildren(session, children, opts) { return this.call(calls.removeChildren(session, children), opts); }
  scrollToChild(session, child, options, opts) { return this.call(calls.scrollToChild(session, child, options), opts); }
  selectPage(session, child, page, opts) { return this.call(calls.selectPage(session, child, page), opts); }
  scrollPager(session, child, offset, opts) { return this.call(calls.scrollPager(session, child, offset), opts); }
  beginDragging(session, opts) { return this.call(calls.beginDragging(session), opts); }
  drag(session, translation, opts) { return this.call(calls.drag(session, translation), opts); }
  endPagerDragging(session, child, velocity, time, opts) { return this.call(calls.endPagerDragging(session, child, velocity, time), opts); }
  endDragging(session, release, opts) { return this.call(calls.endDragging(session, release), opts); }
  tick(session, time, opts) { return this.call(calls.tick(session, time), opts); }
  pointer(session, phase, x, y, time, opts) { return this.call(calls.pointer(session, phase, x, y, time), opts); }
  endScrolling(session, opts) { return this.call(calls.endScrolling(session), opts); }
  endRefreshing(session, opts) { return this.call(calls.endRefreshing(session), opts); }
  endLoadingMore(session, page, opts) { return this.call(calls.endLoadingMore(session, page), opts); }
  get(session, opts) { return this.call(calls.get(session), opts); }
  list(opts) { return this.call(calls.list(), opts); }
  destroy(session, opts) { return this.call(calls.destroy(session), opts); }
  snapshot(session, opts) { return this.call(calls.snapshot(session), opts); }
  restore(snapshot, id, opts) { return this.call(calls.restore(snapshot, id), opts); }
  /** `session.defineTemplate`: names `{children, options?, insets?, components?}` for `create({template: name})`. */
  defineTemplate(name, template, opts) { return this.call(calls.defineTemplate(name, template), opts); }
  /** `session.templates`: the built-in templates, then the defined ones. */
  templates(opts) { return this.call(calls.templates(), opts); }
  gridCreate(params, opts) { return this.call(calls.gridCreate(params), opts); }
  gridScroll(session, x, y, phase, opts) { return this.call(calls.gridScroll(session, x, y, phase), opts); }
  gridUpdate(session, params, opts) { return this.call(calls.gridUpdate(session, params), opts); }
  /** `physics.fling` (stateless): `{position, velocity, preset?, bounds?, viewport?, snap?, dragStart?, sampleInterval? | times?}`. */
  fling(params, opts) { return this.call(calls.fling(params), opts); }
}

// `await using client = new Client()` where explicit resource management exists.
if (typeof Symbol.asyncDispose === 'symbol') {
  Client.prototype[Symbol.asyncDispose] = async function dispose() { await this.close(); };
}

// ---------------------------------------------------------------- raw bytes, transcripts

/**
 * Bytes of a transcript string: lone surrogates U+DC80..U+DCFF stand for raw
 * bytes 0x80..0xFF (as Python's surrogateescape), so transcripts can carry
 * invalid UTF-8.
 */
export function encodeRaw(s) {
  if (!/[\uD800-\uDFFF]/.test(s)) return Buffer.from(s, 'utf8');
  const parts = [];
  let run = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { run += s[i] + s[i + 1]; i++; continue; }
    }
    if (c >= 0xdc80 && c <= 0xdcff) {
      parts.push(Buffer.from(run, 'utf8'), Buffer.from([c - 0xdc00]));
      run = '';
      continue;
    }
    run += s[i];
  }
  parts.push(Buffer.from(run, 'utf8'));
  return Buffer.concat(parts);
}

/** A worker spoken to in raw bytes, with bounded buffering and timed reads. */
export class RawWorker {
  constructor({ bin, args = [], maxBuffer = 64 * 1024 * 1024, stderrTailBytes = DEFAULTS.stderrTailBytes } = {}) {
    this._tail = new StderrTail(stderrTailBytes);
    this._buf = Buffer.alloc(0);
    this._eof = false;
    this._maxBuffer = maxBuffer;
    this._waiter = null;
    this._child = spawn(resolveBinary(bin), args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this._exited = new Promise((resolve) => this._child.on('close', (code, signal) => resolve({ code, signal })));
    this._child.on('error', (e) => { this._spawnError = e; this._eof = true; this._wake(); });
    this._child.stdin.on('error', () => {});
    this._child.stderr.on('data', (c) => this._tail.feed(c));
    this._child.stdout.on('data', (c) => {
      this._buf = Buffer.concat([this._buf, c]);
      if (this._buf.length > this._maxBuffer) this._child.stdout.pause();
      this._wake();
    });
    this._child.stdout.on('end', () => { this._eof = true; this._wake(); });
  }

  get stderrTail() { return this._tail.text(); }

  _wake() { const w = this._waiter; this._waiter = null; if (w) w(); }

  _take(n) {
    const out = this._buf.subarray(0, n);
    this._buf = this._buf.subarray(n);
    if (this._buf.length <= this._maxBuffer) this._child.stdout.resume();
    return Buffer.from(out);
  }

  send(bytes) {
    if (this._child.stdin.destroyed || this._child.stdin.writableEnded) return false;
    this._child.stdin.write(bytes);
    return true;
  }

  closeInput() { if (!this._child.stdin.writableEnded) this._child.stdin.end(); }

  async _died(detail) {
    const { code, signal } = await Promise.race([this._exited, new Promise((r) => setTimeout(() => r({}), 1000))]);
    return new WorkerDiedError(code ?? null, signal ?? null, this._tail.text(), detail);
  }

  _frame(lsp) {
    if (lsp) {
      const end = this._buf.indexOf('\r\n\r\n');
      if (end < 0) return null;
      const m = /content-length:\s*(\d+)/i.exec(this._buf.subarray(0, end).toString('latin1'));
      if (!m) return null;
      const total = end + 4 + Number(m[1]);
      return this._buf.length >= total ? this._take(total) : null;
    }
    const nl = this._buf.indexOf(10);
    return nl < 0 ? null : this._take(nl + 1).subarray(0, nl);
  }

  /** The next reply line (without `\n`) or, with `lsp`, one whole frame. */
  async readReply(timeout, lsp = false) {
    const deadline = Date.now() + timeout;
    for (;;) {
      const f = this._frame(lsp);
      if (f) return f;
      if (this._eof) throw await this._died(`end of output before a reply (buffered: ${JSON.stringify(this._buf.subarray(0, 200).toString())})`);
      const left = deadline - Date.now();
      if (left <= 0) throw new CallTimeoutError('read reply', timeout);
      let timer;
      await new Promise((r) => { this._waiter = r; timer = setTimeout(r, left); });
      clearTimeout(timer);
    }
  }

  /** Everything still written until the worker closes stdout. */
  async readRest(timeout) {
    const deadline = Date.now() + timeout;
    while (!this._eof) {
      const left = deadline - Date.now();
      if (left <= 0) throw new CallTimeoutError('read to end of output', timeout);
      let timer;
      await new Promise((r) => { this._waiter = r; timer = setTimeout(r, left); });
      clearTimeout(timer);
    }
    return this._take(this._buf.length);
  }

  async close(timeout = DEFAULTS.closeTimeout) {
    this.closeInput();
    let timer;
    const r = await Promise.race([this._exited, new Promise((res) => { timer = setTimeout(() => res(null), timeout); })]);
    clearTimeout(timer);
    if (!r) { this._child.kill('SIGKILL'); return (await this._exited).code; }
    return r.code;
  }
}

/**
 * Parse a transcript file: `{args, exchanges}` where an optional first line
 * `{"args": [...]}` gives the worker's flags and every other line is an
 * exchange `{line, send, expect}`.
 */
export function loadTranscript(path) {
  const out = [];
  let args = [];
  readFileSync(path, 'utf8').split('\n').forEach((text, i) => {
    if (!text.trim()) return;
    const o = JSON.parse(text);
    if (out.length === 0 && o && typeof o === 'object' && 'args' in o && !('send' in o)) {
      if (!Array.isArray(o.args) || !o.args.every((a) => typeof a === 'string')) {
        throw new Error(`${path}:${i + 1}: args must be an array of strings`);
      }
      args = o.args;
      return;
    }
    if (typeof o.send !== 'string' || !(o.expect === null || typeof o.expect === 'string')) {
      throw new Error(`${path}:${i + 1}: not a transcript exchange`);
    }
    out.push({ line: i + 1, send: o.send, expect: o.expect });
  });
  return { args, exchanges: out };
}

/**
 * Replay one conformance transcript against a fresh worker (flags from its
 * optional `{"args": [...]}` first line).
 * Resolves with the mismatches (empty when the worker conforms); stops at the
 * first one. A null `expect` is checked by ordering and, at the end, by
 * closing stdin and requiring no further output.
 */
export async function replayTranscript(path, { bin, timeout = 10_000 } = {}) {
  const name = basename(path);
  const { args, exchanges } = loadTranscript(path);
  const w = new RawWorker({ bin, args });
  const mismatch = (ex, got, detail) => {
    const expected = ex?.expect ?? null;
    let where = '';
    if (expected !== null && got !== null) {
      let i = 0;
      while (i < expected.length && i < got.length && expected[i] === got[i]) i++;
      const lo = Math.max(0, i - 80);
      where = ` (first difference at character ${i}: expected ${JSON.stringify(expected.slice(lo, i + 80))}, got ${JSON.stringify(got.slice(lo, i + 80))})`;
    }
    return [{ file: name, line: ex?.line ?? 0, send: ex?.send, expected, got, detail: detail + where }];
  };
  try {
    for (const ex of exchanges) {
      const sent = w.send(Buffer.concat([encodeRaw(ex.send), Buffer.from('\n')]));
      if (ex.expect === null) continue;
      if (!sent) return mismatch(ex, null, 'worker stdin closed');
      const expected = encodeRaw(ex.expect);
      let got;
      try {
        got = await w.readReply(timeout, expected.subarray(0, 15).toString() === 'Content-Length:');
      } catch (e) {
        return mismatch(ex, null, e.message);
      }
      if (!got.equals(expected)) return mismatch(ex, got.toString('utf8'), 'reply differs (a null expect before this line may have been answered)');
    }
    w.closeInput();
    let rest;
    try {
      rest = await w.readRest(timeout);
    } catch (e) {
      return mismatch(exchanges.at(-1), null, e.message);
    }
    if (rest.length) return mismatch(exchanges.at(-1), rest.toString('utf8'), 'unexpected output after the last exchange');
    return [];
  } finally {
    await w.close();
  }
}
