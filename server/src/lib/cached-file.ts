import { readdir, readFile, stat } from 'node:fs/promises';

/** How long a file's mtime is trusted before it is looked at again. */
const RECHECK_MS = 500;

/**
 * Reads and parses files that a new build or an operator may replace while the server runs:
 * each file is read again only when its mtime has changed (looked at twice a second at most).
 * Rejects when the file cannot be read or parsed (and then keeps no new value, so the next call
 * tries again). `generation` counts the reads, so what was made from an earlier version can tell
 * it is out of date.
 */
export function createCachedFileReader<T>(parse: (text: string) => T) {
  const cache = new Map<string, { mtimeMs: number; checked: number; value: T }>();
  const reader = Object.assign(
    async function read(file: string): Promise<T> {
      const cached = cache.get(file);
      if (cached && Date.now() - cached.checked < RECHECK_MS) return cached.value;
      const { mtimeMs } = await stat(file);
      if (cached?.mtimeMs === mtimeMs) {
        cached.checked = Date.now();
        return cached.value;
      }
      const value = parse(await readFile(file, 'utf8'));
      cache.set(file, { mtimeMs, checked: Date.now(), value });
      reader.generation += 1;
      return value;
    },
    { generation: 0 },
  );
  return reader;
}

/**
 * Lists the files of folders that a new build replaces while the server runs: each folder is
 * listed again only when its mtime has changed (a file added or removed; looked at twice a
 * second at most). Rejects when the folder cannot be read.
 */
export function createCachedFolderLister() {
  const cache = new Map<string, { mtimeMs: number; checked: number; names: readonly string[] }>();
  return async function list(folder: string): Promise<readonly string[]> {
    const cached = cache.get(folder);
    if (cached && Date.now() - cached.checked < RECHECK_MS) return cached.names;
    const { mtimeMs } = await stat(folder);
    if (cached?.mtimeMs === mtimeMs) {
      cached.checked = Date.now();
      return cached.names;
    }
    const names = await readdir(folder);
    cache.set(folder, { mtimeMs, checked: Date.now(), names });
    return names;
  };
}
