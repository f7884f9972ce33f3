import { accessSync, constants } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const CONFORMANCE = join(REPO, 'protocol', 'conformance');

export function workerBin() {
  if (process.env.OMNISCROLL_BIN) return process.env.OMNISCROLL_BIN;
  for (const rel of ['.build/release/omniscroll', '.build/debug/omniscroll',
    '.build-clients/release/omniscroll', '.build-clients/debug/omniscroll']) {
    const p = join(REPO, rel);
    try { accessSync(p, constants.X_OK); return p; } catch { /* next */ }
  }
  throw new Error('no omniscroll worker: build it (swift build) or set OMNISCROLL_BIN');
}
