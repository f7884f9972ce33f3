// Runs the Node recipes of docs/concepts.md against the real worker, so the
// page cannot promise what the client does not do. A recipe is a ```python
// block and a ```js block followed by one ```text block; the js block runs as
// an ES module that imports 'omniscroll' (this client, as an installed
// package would be), and what it prints must be exactly that text, the same
// text clients/python/tests/test_concepts_recipes.py holds the Python
// recipe to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO, workerBin } from './helpers.js';

const PAGE = join(REPO, 'docs', 'concepts.md');
const FENCE = /^```(\w*)\n([\s\S]*?)^```$/gm;

/** Each js block with the text block after it, looking past a python block. */
function recipes(markdown) {
  const found = [...markdown.matchAll(FENCE)].map((m) => ({ lang: m[1], body: m[2] }));
  const pairs = [];
  found.forEach((block, i) => {
    if (block.lang !== 'js') return;
    let next = i + 1;
    while (next < found.length && found[next].lang === 'python') next += 1;
    pairs.push({ code: block.body, expect: found[next]?.lang === 'text' ? found[next].body : '' });
  });
  return pairs;
}

test('recipes() pairs a js block with the text after its python twin, and only that', () => {
  const page = '```js\na\n```\n\n```python\nb\n```\n\n```text\nc\n```\n\n```js\nd\n```\n\n```json\ne\n```\n';
  assert.deepEqual(recipes(page), [{ code: 'a\n', expect: 'c\n' }, { code: 'd\n', expect: '' }]);
});

const RECIPES = recipes(readFileSync(PAGE, 'utf8'));

test('docs/concepts.md has Node recipes, each followed by what it prints', () => {
  assert.ok(RECIPES.length > 0, 'docs/concepts.md lost its Node recipes');
  for (const { code, expect } of RECIPES) assert.ok(expect, `no text block after\n${code}`);
});

RECIPES.forEach(({ code, expect }, i) => {
  test(`concepts.md js recipe ${i}: ${code.split('\n').find((l) => l.startsWith('//')) ?? ''}`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'omniscroll-recipe.'));
    try {
      mkdirSync(join(dir, 'node_modules'));
      symlinkSync(join(REPO, 'clients', 'node'), join(dir, 'node_modules', 'omniscroll'), 'dir');
      writeFileSync(join(dir, 'recipe.mjs'), code);
      const out = execFileSync(process.execPath, ['recipe.mjs'], {
        cwd: dir, env: { ...process.env, OMNISCROLL_BIN: workerBin() }, encoding: 'utf8', timeout: 120_000,
      });
      assert.equal(out, expect);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
