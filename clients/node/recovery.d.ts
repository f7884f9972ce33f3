/** Calls journaled per session before a fresh snapshot is asked for (clients/README.md, "Recovery"). */
export declare const DEFAULT_SNAPSHOT_EVERY: 1024;
/** The most `snapshotEvery` may be (at least 1). */
export declare const MAX_SNAPSHOT_EVERY: 4096;

/** What `onWorkerDidRestart` is called with after a worker was replaced. */
export interface WorkerDidRestart {
  /** the new worker's process id */
  pid: number | undefined;
  previousPid: number | undefined;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** the sessions restored */
  sessions: number;
  /** the request lines re-sent (the calls that had no reply) */
  resent: number;
}
