// The worker bundled in the package: found when neither OMNISCROLL_BIN nor
// PATH names one. The client is copied beside a `bin/omniscroll` the way
// scripts/package lays out the tarball, and run in a child with a bare env.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workerBin } from './helpers.js';

const CLIENT = dirname(dirname(fileURLToPath(import.meta.url)));
// What the tarball carries besides the worker: package.json and its "files".
const PACKAGE_FILES = ['package.json', ...JSON.parse(readFileSync(join(CLIENT, 'package.json'), 'utf8')).files];

function withPackage(fn, { bundled }) {
  const root = mkdtempSync(join(tmpdir(), 'omniscroll-bundled-'));
  try {
    for (const f of PACKAGE_FILES) copyFileSync(join(CLIENT, f), join(root, f));
    if (bundled) {
      mkdirSync(join(root, 'bin'));
      copyFileSync(workerBin(), join(root, 'bin', 'omniscroll'));
    }
    return fn(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

// Runs `script` (an ES module importing the client as './index.js') in `root` with no worker on PATH.
function runInPackage(root, script) {
  return spawnSync(process.execPath, ['--input-type=module', '-e', script],
    { cwd: root, env: { PATH: join(root, 'empty') }, encoding: 'utf8', timeout: 30_000 });
}

test('the bundled worker is found when neither OMNISCROLL_BIN nor PATH names one', () => withPackage((root) => {
  const run = runInPackage(root, `
    import { Client, resolveBinary } from './index.js';
    const c = new Client();
    console.log(resolveBinary(), JSON.stringify(await c.list()));
    await c.close();`);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, `${join(root, 'bin', 'omniscroll')} []\n`);
}, { bundled: true }));

test('no worker anywhere is an error that names the package', () => withPackage((root) => {
  const run = runInPackage(root, "import { resolveBinary } from './index.js'; resolveBinary();");
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /install the package that bundles it/);
}, { bundled: false }));

