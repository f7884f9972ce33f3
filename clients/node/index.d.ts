// Types for the OmniScroll Node client (index.js).

import type { ErrorCodeTable, EventType, MethodName } from './generated.js';
import type { Call, CallOptions, ClientMethods, Event, JSONValue, Layout, calls as generatedCalls } from './surface.js';
import type { WorkerDidRestart } from './recovery.js';

export { DEFAULT_SNAPSHOT_EVERY, MAX_SNAPSHOT_EVERY, WorkerDidRestart } from './recovery.js';

/** The method table, enums and error codes, generated from protocol/openrpc.json. */
export * from './generated.js';
/** The result types, the params and the call builders (`calls`), generated from protocol/openrpc.json. */
export * from './surface.js';

/** A param the contract does not take, found before sending: `param` is its JSON path
 * (`params.viewport.width`), `reason` what was expected and what was given. */
export declare class InvalidArgumentError extends RangeError {
  readonly method: string;
  readonly param: string;
  readonly reason: string;
}
/** What a value is, in the words every client's argument checks use ("an array of 3 items"). */
export declare function describe(value: unknown): string;
/** The base of every result type: the reply's members as received. */
export declare class Result {}

export declare const DEFAULTS: Readonly<{
  timeout: number;
  maxInFlight: number;
  maxLineBytes: number;
  stderrTailBytes: number;
  closeTimeout: number;
}>;

export declare class OmniScrollError extends Error {}

/** OmniScrollError with the error codes as statics (index.js assigns them from `ErrorCode`). */
declare const RpcErrorBase: typeof OmniScrollError & ErrorCodeTable;

/** A JSON-RPC error reply. For -32602, `data` is `{param, reason}`. The
 * error codes are statics: `RpcError.SESSION_NOT_FOUND`. */
export declare class RpcError extends RpcErrorBase {
  constructor(code: number, message: string, data?: JSONValue);
  static fromJSON(e: unknown): RpcError;
  readonly code: number;
  /** The error's `message` member (Error#message also includes code and data). */
  readonly rpcMessage: string;
  readonly data: JSONValue | { param: string; reason: string; [k: string]: JSONValue };
  /** The JSON path of the rejected value, e.g. `params.offset`. */
  readonly param: string | undefined;
  readonly reason: string | undefined;
}

/**
 * The worker exited or crashed; carries its exit status and stderr tail.
 * `transcript`: when recovery gave up (a second death on the same call), the
 * path of a conformance transcript that reproduces the crash from a fresh worker.
 */
export declare class WorkerDiedError extends OmniScrollError {
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderrTail: string;
  readonly transcript: string | null;
}

export declare class CallTimeoutError extends OmniScrollError {
  readonly method: string;
  /** milliseconds */
  readonly timeout: number;
}

export declare class ProtocolError extends OmniScrollError {}
export declare class ClientClosedError extends OmniScrollError {}

/** The worker path: `bin`, else `$OMNISCROLL_BIN`, else `omniscroll` on PATH, else the worker bundled in the package. */
export declare function resolveBinary(bin?: string): string;


export declare function notification<R>(c: Call<R>): Call<null>;
/** The generated request builders, and `raw(method, params)`: an untyped one (nothing checked). */
export declare const calls: typeof generatedCalls & {
  raw(method: MethodName | (string & {}), params?: { [key: string]: JSONValue }): Call<JSONValue>;
};

export interface ClientOptions {
  /** Worker path; default `$OMNISCROLL_BIN`, else `omniscroll` on PATH. */
  bin?: string;
  args?: string[];
  /** Per-call timeout in ms (default 30000). */
  timeout?: number;
  /** Requests awaiting a reply at once (default 4096); further calls wait. */
  maxInFlight?: number;
  maxLineBytes?: number;
  stderrTailBytes?: number;
  /** ms to wait for the worker to exit in close() before killing it. */
  closeTimeout?: number;
  env?: NodeJS.ProcessEnv;
  /** A path: every request and its reply are written there as a conformance transcript
   * (`omniscroll trace` draws it; every client's replayer replays it byte for byte). */
  record?: string;
  /** Recover every session when the worker dies (default true; clients/README.md, "Recovery"). */
  recover?: boolean;
  /** Calls journaled per session before a fresh snapshot (1 to MAX_SNAPSHOT_EVERY, default 1024). */
  snapshotEvery?: number;
  /** Called after a dead worker was replaced and every session restored. */
  onWorkerDidRestart?: (info: WorkerDidRestart) => void;
}

type BatchResult<T extends readonly Call<any>[]> = {
  [K in keyof T]: T[K] extends Call<infer R> ? R | RpcError | undefined : never;
};

export declare class Client extends ClientMethods {
  constructor(options?: ClientOptions);
  readonly bin: string;
  readonly pid: number | undefined;
  /** The current worker's process id (a new one after each recovery). */
  readonly workerPid: number | undefined;
  onWorkerDidRestart: ((info: WorkerDidRestart) => void) | null;
  readonly stderrTail: string;
  readonly unmatchedErrors: RpcError[];
  exitCode?: number | null;
  timeout: number;
  /** Opt-in: every Layout a call resolves with is dispatched to it first. */
  components: ComponentManager | null;

  call<R>(c: Call<R>, opts?: CallOptions): Promise<R>;
  request(method: MethodName | (string & {}), params?: { [key: string]: JSONValue }, opts?: CallOptions): Promise<JSONValue>;
  notify(method: MethodName | (string & {}), params?: { [key: string]: JSONValue }): Promise<void>;
  /** Per entry: the decoded result, the RpcError (not thrown), or undefined for notifications. */
  batch<T extends readonly Call<any>[]>(calls: T, opts?: CallOptions): Promise<BatchResult<T>>;
  /** `shutdown` + `exit`, bounded wait, then kill. Resolves with the exit code. */
  close(): Promise<number | null>;
  kill(signal?: NodeJS.Signals): void;
}

export declare function encodeRaw(s: string): Buffer;

export declare class RawWorker {
  constructor(options?: { bin?: string; args?: string[]; maxBuffer?: number; stderrTailBytes?: number });
  readonly stderrTail: string;
  send(bytes: Uint8Array): boolean;
  closeInput(): void;
  readReply(timeoutMs: number, lsp?: boolean): Promise<Buffer>;
  readRest(timeoutMs: number): Promise<Buffer>;
  close(timeoutMs?: number): Promise<number | null>;
}

export interface Exchange { line: number; send: string; expect: string | null }
export interface Mismatch { file: string; line: number; send?: string; expected: string | null; got: string | null; detail: string }

export declare function loadTranscript(path: string): { args: string[]; exchanges: Exchange[] };
export declare function replayTranscript(path: string, options?: { bin?: string; timeout?: number }): Promise<Mismatch[]>;

/** A DOM PointerEvent, or anything shaped like one (`timeStamp` in milliseconds). */
export interface PointerEventLike { type: string; clientX: number; clientY: number; timeStamp: number; pointerId?: number }

/** One finger on one session: turns DOM pointer events into `session.pointer` calls (docs/pointer.md),
 * or `grid.pointer` calls for a grid session (`engine: 'grid'`), dropping hover moves, a second finger
 * and an up with no finger down. */
export declare class PointerForwarder {
  constructor(session: string, origin?: { x: number; y: number }, engine?: 'container' | 'grid');
  call(event: PointerEventLike): Call<Layout | GridLayout> | null;
}
