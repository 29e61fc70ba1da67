import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createCachedFileReader } from '../lib/cached-file';

/** The reader looks at a file's mtime twice a second at most. */
const afterRecheck = () => new Promise((resolve) => setTimeout(resolve, 600));

describe('cached file reader', () => {
  it('parses a file once, again after it changes (looked at twice a second at most), and rejects a bad one keeping no value', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'nimbus-cached-'));
    const file = path.join(folder, 'value.json');
    let parses = 0;
    const read = createCachedFileReader((text) => {
      parses += 1;
      return JSON.parse(text) as { n: number };
    });
    try {
      writeFileSync(file, '{"n":1}');
      utimesSync(file, 1000, 1000);
      assert.deepEqual(await read(file), { n: 1 });
      assert.deepEqual(await read(file), { n: 1 });
      assert.equal(parses, 1);

      writeFileSync(file, '{"n":2}');
      utimesSync(file, 2000, 2000);
      assert.deepEqual(await read(file), { n: 1 }, 'within half a second: not looked at yet');
      await afterRecheck();
      assert.deepEqual(await read(file), { n: 2 });
      assert.equal(read.generation, 2);

      writeFileSync(file, '{"n":');
      utimesSync(file, 3000, 3000);
      await afterRecheck();
      await assert.rejects(read(file));
      writeFileSync(file, '{"n":3}');
      assert.deepEqual(await read(file), { n: 3 }, 'the same mtime is read again after a failure');
      await assert.rejects(read(path.join(folder, 'missing.json')));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
