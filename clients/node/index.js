// OmniScroll Node client: spawns the `omniscroll` worker and binds its
// JSON-RPC 2.0 session API over line-delimited stdio. No dependencies.
import { spawn } from 'node:child_process';
import { readFileSync, accessSync, constants as fsConstants } from 'node:fs';
import { basename, delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorCode, Method } from './generated.js';
import { ClientMethods, calls as generatedCalls, Layout } from './surface.js';
import { Recorder } from './recording.js';
import { DEFAULT_SNAPSHOT_EVERY, Recovery } from './recovery.js';

export * from './generated.js';
export {
  Capabilities, ChildLayout, ContentView, Event, FlingResult, GridLayout, GridTile, InitializeResult, Layout, Limits,
  Motion, MotionSample, PageLayout, Point, Recentered, Rect, ServerInfo, SessionInfo, Target, TemplateInfo,
  TileCoordinate, Viewport, PARAMS, SCHEMAS,
} from './surface.js';
export { Result } from './result.js';
export { InvalidArgumentError, describe } from './check.js';
export { ComponentManager } from './components.js';
export { PointerForwarder } from './pointer.js';
export { DEFAULT_SNAPSHOT_EVERY, MAX_SNAPSHOT_EVERY } from './recovery.js';

// A reply to the recovery's own requests (recovery.js): its id is a "~r<n>" string.
const RECOVERY_REPLY = '{"jsonrpc":"2.0","id":"~r';

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

/**
 * The worker exited or crashed; carries its exit status and stderr tail. When
 * recovery gave up (the worker died a second time on the same call),
 * `transcript` is the path of a conformance transcript that reproduces the
 * crash from a fresh worker (clients/README.md, "Recovery").
 */
export class WorkerDiedError extends OmniScrollError {
  constructor(exitCode, signal, stderrTail, detail = '', transcript = null) {
    let msg = `omniscroll worker is not running (exit code ${exitCode}${signal ? ', signal ' + signal : ''})` +
      (detail ? ': ' + detail : '');
    if (stderrTail) msg += '\n--- worker stderr (tail) ---\n' + stderrTail;
    super(msg);
    this.exitCode = exitCode;
    this.signal = signal;
    this.stderrTail = stderrTail;
    this.transcript = transcript;
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

// ---------------------------------------------------------------- calls

function compact(o) {
  const out = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out;
}

/**
 * Request builders (generated, surface.js): `calls.scroll(session, offset)`
 * is `{method, params, decode}`, params checked. `calls.raw(method, params)`
 * is an untyped one. `notification(c)` turns one into a notification.
 */
export const calls = { ...generatedCalls, raw: (method, params) => ({ method, params, decode: (r) => r }) };

export function notification(c) {
  return { ...c, decode: () => null, notify: true };
}

function requestObject(c, id) {
  const m = { jsonrpc: '2.0' };
  if (id !== undefined) m.id = id;
  m.method = c.method;
  if (c.params !== undefined) m.params = c.params;
  return m;
}

// Each method's '"method":"…"', encoded once.
const METHOD_JSON = new Map();

// One request line, as encode(requestObject(c, id), c.checked) writes it,
// without making the request object first.
function encodeRequest(c, id) {
  let method = METHOD_JSON.get(c.method);
  if (method === undefined) METHOD_JSON.set(c.method, method = JSON.stringify(c.method));
  const head = id === undefined ? `{"jsonrpc":"2.0","method":${method}` : `{"jsonrpc":"2.0","id":${id},"method":${method}`;
  return c.params === undefined ? head + '}\n' : `${head},"params":${encode(c.params, c.checked).slice(0, -1)}}\n`;
}

// Checked params (the generated builders') are JSON already; an untyped
// call's are refused rather than sent with NaN turned into null.
function encode(v, checked) {
  if (checked) return JSON.stringify(v) + '\n';
  return JSON.stringify(v, (k, x) => {
    if (typeof x === 'number' && !Number.isFinite(x)) throw new RangeError(`${k || 'value'}: ${x} cannot be sent as JSON`);
    if (typeof x === 'bigint') throw new RangeError(`${k || 'value'}: a BigInt cannot be sent as JSON`);
    return x;
  }) + '\n';
}

// ---------------------------------------------------------------- client

export class Client extends ClientMethods {
  /**
   * @param {object} [opts] bin, args, timeout (ms), maxInFlight, maxLineBytes,
   *   stderrTailBytes, closeTimeout (ms), env, record (a path: every request
   *   and its reply written there as a conformance transcript); recover
   *   (default true), snapshotEvery, onWorkerDidRestart (clients/README.md, "Recovery")
   */
  constructor(opts = {}) {
    super();
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
    this._pending = new Map(); // id -> {resolve, reject, call, line, deadline, timeout}
    this._timer = null; // one timer, at the earliest deadline
    this._timerAt = Infinity;
    this._outbox = []; // request lines not written yet (written together at the end of the tick)
    this._answered = [];
    this._journal = []; // with recovery on, per run of messages in the outbox: [lines, ids, requests, asBatch]
    this._recorder = o.record ? new Recorder(o.record, o.args || []) : null;
    this._lineIds = new Map(); // line -> its ids still waiting (an array), in send order
    this._slotWaiters = [];
    this._reserved = 0;
    this._dead = null;
    this._closed = false;
    this._buf = [];
    this._bufLen = 0;
    /** error replies with id null that matched no request (bounded) */
    this.unmatchedErrors = [];
    /** called with {pid, previousPid, exitCode, signal, sessions, resent} after each recovery */
    this.onWorkerDidRestart = o.onWorkerDidRestart ?? null;
    this._recovery = o.recover === false ? null : new Recovery(o.args || [], o.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY);
    this._spawn(o.args || [], o.env || process.env);
  }

  _spawn(args, env) {
    const child = spawn(this.bin, args, { stdio: ['pipe', 'pipe', 'pipe'], env });
    this._child = child;
    this._exited = new Promise((resolve) => {
      child.on('close', (code, signal) => resolve({ code, signal }));
    });
    child.on('error', (err) => { this._spawnError = err; this._die(`spawn failed: ${err.message}`); });
    child.stdin.on('error', () => { /* EPIPE: reported through 'close' */ });
    child.stderr.on('data', (c) => this._tail.feed(c));
    child.stdout.on('data', (c) => this._onData(c));
    child.on('close', (code, signal) => {
      this.exitCode = code;
      this.signalCode = signal;
      if (this._restarted(code, signal, () => this._spawn(args, env))) return;
      if (!this._dead) this._dead = new WorkerDiedError(code, signal, this._tail.text(), 'the worker exited');
      this._failAll(this._dead);
      clearTimeout(this._timer);
      if (this._recorder) this._recorder.close();
    });
  }

  /**
   * When the worker's process has closed: starts a new worker and writes it
   * the recovery's replay (clients/README.md, "Recovery"). False when
   * recovery is off or the client is stopping; a second death on the same
   * call records the error and is false too.
   */
  _restarted(code, signal, respawn) {
    const rec = this._recovery;
    if (rec === null || rec.stopping || this._closed || this._dead || this._spawnError) return false;
    let plan;
    try {
      plan = rec.restart((detail, path) => new WorkerDiedError(code, signal, this._tail.text(), detail, path));
    } catch (e) {
      this._dead = e;
      return false;
    }
    const previousPid = this._child.pid;
    this._buf = [];
    this._bufLen = 0;
    respawn();
    this._child.stdin.write(plan);
    if (this.onWorkerDidRestart) {
      this.onWorkerDidRestart({ pid: this._child.pid, previousPid, exitCode: code, signal,
        sessions: rec.sessions.size, resent: rec.resent });
    }
    return true;
  }

  get pid() { return this._child.pid; }
  /** The current worker's process id (a new one after each recovery). */
  get workerPid() { return this._child.pid; }
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
    const ids = this._lineIds.get(p.line);
    if (ids) {
      if (ids.length === 1) this._lineIds.delete(p.line);
      else ids.splice(ids.indexOf(id), 1);
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

  // Arms the one timer for `deadline` unless it fires sooner already.
  _arm(deadline) {
    if (deadline >= this._timerAt) return;
    clearTimeout(this._timer);
    this._timerAt = deadline;
    this._timer = setTimeout(() => this._expire(), Math.max(0, deadline - Date.now()));
  }

  // Times out every request past its deadline; re-arms for the earliest left.
  _expire() {
    this._timer = null;
    this._timerAt = Infinity;
    const now = Date.now();
    let next = Infinity;
    for (const [id, p] of this._pending) {
      if (p.deadline <= now) {
        this._forget(id);
        p.reject(new CallTimeoutError(p.call.method, p.timeout));
      } else if (p.deadline < next) next = p.deadline;
    }
    if (next < Infinity) this._arm(next);
  }

  /**
   * The one place request bytes are written: whole lines, `answered` per line;
   * `journal`, the same messages for the recovery, which may add its own
   * snapshot requests after them (the recorder sees only the caller's).
   */
  _write(text, answered, journal) {
    if (this._recorder) this._recorder.sent(text, answered);
    if (journal) {
      let snapshots = '';
      for (const [lines, ids, requests, asBatch] of journal) snapshots += this._recovery.sent(lines, ids, requests, asBatch);
      if (snapshots) text += snapshots;
    }
    this._child.stdin.write(text);
  }

  _flush() {
    const text = this._outbox.join('');
    const answered = this._answered;
    const journal = this._recovery !== null ? this._journal : null;
    this._outbox = [];
    this._answered = [];
    if (journal) this._journal = [];
    if (text) this._write(text, answered, journal);
  }

  /** The one place a reply line is handled (a Buffer without its `\n`). */
  _onLine(line) {
    let msg;
    const text = line.toString('utf8');
    if (this._recovery !== null && text.startsWith(RECOVERY_REPLY)) {
      this._recovery.internal(text); // no caller's: kept as text, never parsed
      return;
    }
    // The recovery's own replies (snapshots, replay) are no caller's: not recorded.
    if (this._recorder && !text.startsWith(RECOVERY_REPLY)) this._recorder.received(text);
    try {
      msg = JSON.parse(text);
    } catch {
      this._protocolError(`worker wrote a non-JSON line: ${line.subarray(0, 200).toString()}`);
      return;
    }
    if (this._recovery !== null) this._recovery.received(text, msg);
    if (!Array.isArray(msg) && msg !== null && typeof msg.id === 'number') {
      this._settle(msg.id, msg); // the hot path: one reply a line
      return;
    }
    for (const item of Array.isArray(msg) ? msg : [msg]) {
      if (item === null || typeof item !== 'object') continue;
      let targets = [];
      if (typeof item.id === 'number') {
        targets = [item.id];
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
      for (const id of targets) this._settle(id, item);
    }
  }

  /** Resolves (or rejects) the request `id` with its reply `item`, if it still waits. */
  _settle(id, item) {
    const p = this._forget(id);
    if (p === undefined) return;
    if ('error' in item) {
      p.reject(RpcError.fromJSON(item.error));
      return;
    }
    try {
      p.resolve(p.call.decode(item.result));
    } catch (e) {
      p.reject(e instanceof ProtocolError ? e : new ProtocolError(`${p.call.method}: unexpected result: ${e.message}`));
    }
  }

  _usable() {
    if (this._closed) throw new ClientClosedError('client is closed');
    if (this._dead) throw this._dead;
  }

  /**
   * Queues `batch` (one line, or one line per call); returns, per call, the
   * promise of its reply (undefined for a notification), or a promise of
   * that list when the in-flight bound makes it wait for slots first.
   * Throws at once on a call that cannot be sent.
   */
  _send(batch, asBatch, timeout) {
    this._usable();
    const t = timeout ?? this.timeout;
    let n = 0;
    for (const c of batch) if (!c.notify) n++;
    if (n > this.maxInFlight) throw new RangeError(`batch of ${n} requests exceeds maxInFlight=${this.maxInFlight}`);
    if (this._pending.size + this._reserved + n > this.maxInFlight || this._slotWaiters.length) {
      return new Promise((resolve, reject) => this._slotWaiters.push({ n, resolve, reject })).then(() => {
        this._reserved -= n;
        this._usable();
        return this._enqueue(batch, asBatch, t);
      });
    }
    return this._enqueue(batch, asBatch, t);
  }

  _enqueue(batch, asBatch, t) {
    const line = this._nextLine++;
    const promises = [];
    const ids = [];
    const deadline = Date.now() + t;
    for (const c of batch) {
      if (c.notify) {
        ids.push(undefined);
        promises.push(undefined);
        continue;
      }
      const id = this._nextId++;
      ids.push(id);
      promises.push(new Promise((resolve, reject) => {
        this._pending.set(id, { resolve, reject, call: c, line, deadline, timeout: t });
      }));
    }
    const waiting = ids.filter((id) => id !== undefined);
    if (waiting.length) {
      this._lineIds.set(line, waiting);
      this._arm(deadline);
    }
    let data;
    try {
      data = asBatch ? encode(batch.map((c, i) => requestObject(c, ids[i])), batch.every((c) => c.checked))
        : encodeRequest(batch[0], ids[0]);
    } catch (e) {
      for (const id of waiting) this._forget(id);
      throw e;
    }
    if (!this._outbox.length) queueMicrotask(() => this._flush());
    this._outbox.push(data);
    this._answered.push(waiting.length > 0);
    if (this._recovery !== null) {
      const last = this._journal[this._journal.length - 1];
      if (!asBatch && last !== undefined && !last[3]) { // separate messages in a row: one Recovery.sent for all
        last[0].push(data);
        last[1].push(ids[0]);
        last[2].push(batch[0]);
      } else {
        this._journal.push([[data], ids, batch, asBatch]);
      }
    }
    return promises;
  }

  /** Send one call (from `calls.*`) and resolve with its decoded result. */
  call(c, opts) {
    let sent;
    try {
      sent = this._send([c], false, opts?.timeout);
    } catch (e) {
      return Promise.reject(e);
    }
    const reply = Array.isArray(sent) ? sent[0] : sent.then((ps) => ps[0] ?? null);
    if (reply === undefined) return Promise.resolve(null); // a notification
    if (!this.components) return reply;
    return reply.then((result) => {
      if (this.components && result instanceof Layout) this.components.dispatch(result);
      return result;
    });
  }

  /** An untyped request: resolves with the raw JSON result. */
  request(method, params, opts) { return this.call(calls.raw(method, params), opts); }

  /** Send a notification (no reply). */
  async notify(method, params) { await this._send([notification(calls.raw(method, params))], false); }

  /** The typed methods (surface.js) return `this.call(...)`; `exit` is a notification. */

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
      this._flush();
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
