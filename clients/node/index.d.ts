// Types for the OmniScroll Node client (index.js).

import type {
  ChildKind, ChildSpecOffsetPolicy, ErrorCodeTable, EventType, MethodName, PhysicsFlingPreset, PhysicsFlingSnapMode, RecenterMode, ScrollDirection,
  ScrollPhase, ScrollPosition,
} from './generated.js';

/** The method table, enums and error codes, generated from protocol/openrpc.json. */
export * from './generated.js';

export type JSONValue = null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue };

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

/** The worker exited or crashed; carries its exit status and stderr tail. */
export declare class WorkerDiedError extends OmniScrollError {
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderrTail: string;
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

export interface Rect { x: number; y: number; width: number; height: number; [extra: string]: JSONValue }
export interface Point { x: number; y: number; [extra: string]: JSONValue }
export interface ContentView { top: number; height: number; [extra: string]: JSONValue }
/** `offset` is null while the target is pending on an unknown size. */
export interface Target { offset: number | null; pending: boolean; [extra: string]: JSONValue }

export declare class Event {
  readonly type: EventType | (string & {});
  readonly child?: string;
  /** Every other member of the event (direction, offset, …). */
  readonly data: { [key: string]: JSONValue };
}

export declare class ChildLayout {
  readonly id: string;
  readonly frame: Rect;
  readonly contentOffset: Point;
  readonly visibleHeight: number;
  /** A pager's selected page id. */
  readonly selected?: string;
  /** A pager's horizontal offset in pages. */
  readonly pageProgress?: number;
  /** A pager's pages in view (one at rest, two mid-swipe), each at its own inner offset. */
  readonly pages?: { id: string; frame: Rect; contentOffset: Point; visibleHeight: number }[];
  /** Collapsing children only: 0 expanded to 1 collapsed. */
  readonly collapse?: number;
  /** Unknown members are kept as they arrived. */
  readonly [extra: string]: unknown;
}

/** A reply's phase: one the document names, or a newer worker's. */
export type Phase = ScrollPhase | (string & {});

/** The motion the engine runs (a release with a velocity, a spring back, an animated scroll with physics). */
export interface Motion { target: number; duration: number }

/** `session.endDragging`'s release: with `velocity` (points/s, the offset growing positive) the engine
 * runs the motion; `time` is the release on the client's clock (default: the first tick's). */
export interface Release { decelerate?: boolean; velocity?: number; time?: number }

export declare class Layout {
  static fromJSON(o: unknown): Layout;
  readonly session: string;
  readonly revision: number;
  readonly offset: number;
  readonly contentHeight: number;
  readonly minOffset: number;
  readonly maxOffset: number;
  readonly direction: ScrollDirection | (string & {});
  readonly phase: Phase;
  readonly activeChild: string | null;
  /** Only in feed sessions (`options.feed`): the committed current child. */
  readonly currentChild?: string;
  readonly contentView: ContentView;
  readonly children: ChildLayout[];
  readonly events: Event[];
  /** In the reply of the call that started a motion: where it rests and when, in seconds after its start. */
  readonly motion?: Motion;
  readonly anchorShift?: number;
  /** How far the engine clamped the offset back into [minOffset, maxOffset]; present only when non-zero. */
  readonly clampShift?: number;
  readonly target?: Target;
  /**
   * Sessions with `options.tracks` only: track values by id, in declaration
   * order (a delta session: only the values this call changed).
   */
  readonly tracks?: Record<string, number>;
  /** Unknown members are kept as they arrived. */
  readonly [extra: string]: unknown;
  child(id: string): ChildLayout;
  eventTypes(): string[];
}

/** A tile's logical place (exact up to ±2^53 in JavaScript). */
export interface TileCoordinate { col: number; row: number }
/** A tile in view; its frame is in the scroll view's content coordinates. */
export interface GridTile { col: number; row: number; frame: Rect }

/**
 * A grid session's reply. `tiles`: the tiles in view plus overscan (a delta
 * session: only the tiles added); `added`/`removed`: since the previous reply;
 * `recentered`: what a recenter added to the offset and to every kept frame.
 */
export declare class GridLayout {
  readonly session: string;
  readonly revision: number;
  readonly offset: { x: number; y: number };
  readonly viewport: { width: number; height: number };
  readonly phase: ScrollPhase | (string & {});
  readonly tiles: GridTile[];
  readonly added: TileCoordinate[];
  readonly removed: TileCoordinate[];
  readonly recentered?: { dx: number; dy: number };
  /** Unknown members are kept as they arrived. */
  readonly [extra: string]: unknown;
  static fromJSON(o: JSONValue): GridLayout;
}

export interface GridCreateParams {
  viewport: Size;
  tile: Size;
  /** Tiles beyond each edge of the viewport; default 1. */
  overscan?: number;
  /** Default 100000 × 100000 (seed 001). */
  contentSize?: Size;
  recenter?: RecenterMode;
  /** `threshold` mode only; default a quarter of each axis's content. */
  threshold?: number;
  id?: string;
  /** Replies list only the tiles added. */
  delta?: boolean;
}

export interface GridUpdateParams { viewport?: Size; x?: number; y?: number; phase?: ScrollPhase }

export type ChildSpec =
  | { id: string; kind: 'scroll'; contentHeight?: number | null; [extra: string]: JSONValue | undefined }
  | { id: string; kind: 'fixed'; height: number; [extra: string]: JSONValue | undefined }
  | { id: string; kind: 'sticky'; height: number; pinOffset?: number; [extra: string]: JSONValue | undefined }
  /** A full-screen feed item: exactly one viewport tall, it takes no size. */
  | { id: string; kind: 'page'; [extra: string]: JSONValue | undefined }
  | {
      id: string; kind: 'pager'; pages: { id: string; contentHeight?: number | null }[]; selected?: string;
      offsetPolicy?: ChildSpecOffsetPolicy; fillViewport?: boolean; pageSnap?: { threshold?: number; minFlingVelocity?: number };
      [extra: string]: JSONValue | undefined;
    }
  | { id: string; kind: 'collapsing'; maxHeight: number; minHeight?: number; mode?: 'pinned' | 'scroll' | 'floating'; snap?: boolean; [extra: string]: JSONValue | undefined }
  | { id: string; kind: ChildKind | (string & {}); [extra: string]: JSONValue | undefined };

export type Size = { width: number; height: number } | [number, number];
export type Insets = { top?: number; bottom?: number } | [number, number];

export interface SessionOptions {
  anchoring?: boolean;
  delta?: boolean;
  seedEvents?: boolean;
  refresh?: null | { threshold: number; height: number };
  loadMore?: null | { distance: number };
  /** The current child (committed at rest) and the preload window around it; ahead/behind 0-16. */
  feed?: null | { preload: { ahead?: number; behind?: number } };
  [extra: string]: JSONValue | undefined;
}

export interface CreateParams {
  viewport?: Size;
  children?: ChildSpec[];
  insets?: Insets;
  offset?: number;
  id?: string;
  /** A built-in (`shortContainer`, `stickyTabs`, `feed`) or a defined template's name. */
  template?: string;
  options?: SessionOptions;
  /** Registered components, e.g. `ComponentManager.param()`. */
  components?: ComponentParam[];
}

/** One component of session.create's `components`. */
export interface ComponentParam { name: string; events: (EventType | (string & {}))[] }

/** A component: an object with a method per event type it handles, named after the type. */
export type Component = { [T in EventType]?: (event: Event) => unknown };

/**
 * Components registered in order (seed 003's ControllerKit). `dispatch`
 * calls, for each event of a Layout in order, the handler named after the
 * event's type of each component it reaches, in registration order.
 */
export declare class ComponentManager {
  register(name: string, component: Component | object): this;
  readonly names: string[];
  get(name: string): object | undefined;
  /** session.create's `components`, built from the handlers each component has. */
  param(): ComponentParam[];
  dispatch(layout: Layout): void;
  dispatchEvent(event: Event): void;
}

export interface UpdateParams {
  /** Numbers only: a size once known stays known (the worker rejects null). */
  sizes?: { [childId: string]: number };
  viewport?: Size;
  insets?: Insets;
  offset?: number;
  phase?: ScrollPhase;
}

/** `engine`: what the session lays out (`"container"`, the stack of children; `"grid"`, a tile grid). */
/** A template `session.create` takes: `children` (required), `options`, `insets`, `components`. */
export interface TemplateSpec {
  children: ChildSpec[];
  options?: SessionOptions;
  insets?: Insets;
  components?: ComponentParam[];
}
/** One entry of `session.templates`. */
export interface TemplateInfo { name: string; builtIn: boolean; [extra: string]: JSONValue }
export interface SessionInfo { id: string; engine: 'container' | 'grid'; children: JSONValue; revision: number; [extra: string]: JSONValue }

export interface InitializeResult {
  serverInfo: { name: string; version: string };
  protocolVersion: JSONValue;
  capabilities: { [key: string]: JSONValue };
  [extra: string]: JSONValue;
}

/** `physics.fling`'s snap: `points` (ascending) or `interval`, exactly one; `distance` with proximity, `minFlingVelocity` with paging. */
export interface FlingSnap {
  points?: number[];
  interval?: number;
  mode?: PhysicsFlingSnapMode;
  distance?: number;
  minFlingVelocity?: number;
}

/** `physics.fling`'s params; `bounds` as `[min, max]` or `{min, max}`; `sampleInterval` or `times`, not both. */
export interface FlingParams {
  preset?: PhysicsFlingPreset;
  position: number;
  velocity: number;
  bounds?: [number, number] | { min: number; max: number };
  viewport?: number;
  snap?: FlingSnap;
  dragStart?: number;
  sampleInterval?: number;
  times?: number[];
}

export interface MotionSample {
  time: number;
  position: number;
  velocity: number;
  [extra: string]: JSONValue;
}

/** `physics.fling`'s answer; `samples` only when asked for. */
export interface FlingResult {
  target: number;
  duration: number;
  samples?: MotionSample[];
  [extra: string]: JSONValue | MotionSample[] | undefined;
}

/** A request builder's product: pass to `client.call` or `client.batch`. */
export interface Call<R = unknown> {
  method: string;
  params?: { [key: string]: JSONValue | undefined };
  decode: (result: unknown) => R;
  notify?: boolean;
}

export declare const calls: {
  raw(method: MethodName | (string & {}), params?: { [key: string]: JSONValue }): Call<JSONValue>;
  initialize(args?: { clientInfo?: JSONValue; capabilities?: JSONValue }): Call<InitializeResult>;
  shutdown(): Call<null>;
  exit(): Call<null>;
  discover(): Call<{ [key: string]: JSONValue }>;
  create(params: CreateParams): Call<Layout>;
  scroll(session: string, offset: number, phase?: ScrollPhase): Call<Layout>;
  setContentHeight(session: string, child: string, contentHeight: number): Call<Layout>;
  update(session: string, changes?: UpdateParams): Call<Layout>;
  setViewport(session: string, width: number, height: number): Call<Layout>;
  setInsets(session: string, insets?: { top?: number; bottom?: number }): Call<Layout>;
  insertChildren(session: string, children: ChildSpec[], index?: number): Call<Layout>;
  removeChildren(session: string, children: string[]): Call<Layout>;
  scrollToChild(session: string, child: string, options?: { position?: ScrollPosition; animated?: boolean }): Call<Layout>;
  /** A tab tap: selects `page` of pager `child` at once (its offset policy places it). */
  selectPage(session: string, child: string, page: string): Call<Layout>;
  /** A horizontal swipe: pager `child` at horizontal `offset` (page k rests at k × width). */
  scrollPager(session: string, child: string, offset: number): Call<Layout>;
  beginDragging(session: string): Call<Layout>;
  /** The finger's travel since beginDragging (UIKit's pan translation: negative moves the offset up). */
  drag(session: string, translation: number): Call<Layout>;
  /** A pager swipe released at `velocity` (points/s, toward later pages positive); it snaps on `tick` from `time` (default: the first tick). */
  endPagerDragging(session: string, child: string, velocity: number, time?: number): Call<Layout>;
  endDragging(session: string, release?: boolean | Release): Call<Layout>;
  /** The client's frame clock (seconds): the running motion's position then. */
  tick(session: string, time: number): Call<Layout>;
  /** One sample of one finger (viewport points, seconds): the engine applies the slop, locks the axis, drags, swipes, flings and taps (docs/pointer.md). */
  pointer(session: string, phase: 'down' | 'move' | 'up' | 'cancel', x: number, y: number, time: number): Call<Layout>;
  endScrolling(session: string): Call<Layout>;
  endRefreshing(session: string): Call<Layout>;
  /** `page`: the pager page whose load ended; omitted: the list at the end now. */
  endLoadingMore(session: string, page?: string): Call<Layout>;
  get(session: string): Call<Layout | GridLayout>;
  list(): Call<SessionInfo[]>;
  destroy(session: string): Call<string>;
  snapshot(session: string): Call<JSONValue>;
  restore(snapshot: JSONValue, id?: string): Call<Layout | GridLayout>;
  defineTemplate(name: string, template: TemplateSpec): Call<TemplateInfo[]>;
  templates(): Call<TemplateInfo[]>;
  gridCreate(params: GridCreateParams): Call<GridLayout>;
  gridScroll(session: string, x: number, y: number, phase?: ScrollPhase): Call<GridLayout>;
  gridUpdate(session: string, params?: GridUpdateParams): Call<GridLayout>;
  fling(params: FlingParams): Call<FlingResult>;
};

export declare function notification<R>(c: Call<R>): Call<null>;

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
}

export interface CallOptions { timeout?: number }

type BatchResult<T extends readonly Call<any>[]> = {
  [K in keyof T]: T[K] extends Call<infer R> ? R | RpcError | undefined : never;
};

export declare class Client {
  constructor(options?: ClientOptions);
  readonly bin: string;
  readonly pid: number | undefined;
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

  initialize(clientInfo?: JSONValue, capabilities?: JSONValue, opts?: CallOptions): Promise<InitializeResult>;
  shutdown(opts?: CallOptions): Promise<null>;
  exit(): Promise<void>;
  discover(opts?: CallOptions): Promise<{ [key: string]: JSONValue }>;
  create(params: CreateParams, opts?: CallOptions): Promise<Layout>;
  scroll(session: string, offset: number, phase?: ScrollPhase, opts?: CallOptions): Promise<Layout>;
  setContentHeight(session: string, child: string, contentHeight: number, opts?: CallOptions): Promise<Layout>;
  update(session: string, changes: UpdateParams, opts?: CallOptions): Promise<Layout>;
  setViewport(session: string, width: number, height: number, opts?: CallOptions): Promise<Layout>;
  setInsets(session: string, insets: { top?: number; bottom?: number }, opts?: CallOptions): Promise<Layout>;
  insertChildren(session: string, children: ChildSpec[], index?: number, opts?: CallOptions): Promise<Layout>;
  removeChildren(session: string, children: string[], opts?: CallOptions): Promise<Layout>;
  scrollToChild(session: string, child: string, options?: { position?: ScrollPosition; animated?: boolean }, opts?: CallOptions): Promise<Layout>;
  selectPage(session: string, child: string, page: string, opts?: CallOptions): Promise<Layout>;
  scrollPager(session: string, child: string, offset: number, opts?: CallOptions): Promise<Layout>;
  beginDragging(session: string, opts?: CallOptions): Promise<Layout>;
  drag(session: string, translation: number, opts?: CallOptions): Promise<Layout>;
  endPagerDragging(session: string, child: string, velocity: number, time?: number, opts?: CallOptions): Promise<Layout>;
  endDragging(session: string, release?: boolean | Release, opts?: CallOptions): Promise<Layout>;
  tick(session: string, time: number, opts?: CallOptions): Promise<Layout>;
  pointer(session: string, phase: 'down' | 'move' | 'up' | 'cancel', x: number, y: number, time: number, opts?: CallOptions): Promise<Layout>;
  endScrolling(session: string, opts?: CallOptions): Promise<Layout>;
  endRefreshing(session: string, opts?: CallOptions): Promise<Layout>;
  endLoadingMore(session: string, page?: string, opts?: CallOptions): Promise<Layout>;
  get(session: string, opts?: CallOptions): Promise<Layout | GridLayout>;
  list(opts?: CallOptions): Promise<SessionInfo[]>;
  destroy(session: string, opts?: CallOptions): Promise<string>;
  snapshot(session: string, opts?: CallOptions): Promise<JSONValue>;
  restore(snapshot: JSONValue, id?: string, opts?: CallOptions): Promise<Layout | GridLayout>;
  defineTemplate(name: string, template: TemplateSpec, opts?: CallOptions): Promise<TemplateInfo[]>;
  templates(opts?: CallOptions): Promise<TemplateInfo[]>;
  gridCreate(params: GridCreateParams, opts?: CallOptions): Promise<GridLayout>;
  gridScroll(session: string, x: number, y: number, phase?: ScrollPhase, opts?: CallOptions): Promise<GridLayout>;
  gridUpdate(session: string, params?: GridUpdateParams, opts?: CallOptions): Promise<GridLayout>;
  fling(params: FlingParams, opts?: CallOptions): Promise<FlingResult>;
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
 * dropping hover moves, a second finger and an up with no finger down. */
export declare class PointerForwarder {
  constructor(session: string, origin?: { x: number; y: number });
  call(event: PointerEventLike): Call<Layout> | null;
}
