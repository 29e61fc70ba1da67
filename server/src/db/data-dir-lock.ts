import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config/env-values';

/**
 * PGlite is PostgreSQL inside one process: a second process on the same folder would corrupt
 * it. The folder's lock file names the process that holds it; a stale one (its process is gone)
 * is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'nimbus.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (isRunning(holder)) {
        throw new ConfigError(
          `DATA_DIR ${dataDir} is in use by process ${holder}: the embedded database serves one process. Stop it, give this one its own DATA_DIR, or run several instances on PostgreSQL (DATABASE_URL)`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new ConfigError(`DATA_DIR ${dataDir} could not be locked`);
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
