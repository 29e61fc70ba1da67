import { readFile, stat } from 'node:fs/promises';

/**
 * Reads and parses files that a new build or an operator may replace while the server runs:
 * each file is read again only when its mtime has changed. Rejects when the file cannot be read
 * or parsed (and then keeps no new value, so the next call tries again).
 */
export function createCachedFileReader<T>(parse: (text: string) => T) {
  const cache = new Map<string, { mtimeMs: number; value: T }>();
  return async function read(file: string): Promise<T> {
    const { mtimeMs } = await stat(file);
    const cached = cache.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.value;
    const value = parse(await readFile(file, 'utf8'));
    cache.set(file, { mtimeMs, value });
    return value;
  };
}
