import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { REPO_ROOT } from '../config/env';
import { cloudFiles, shareItems, users } from '../db/schema';
import { call, freePort, login, shareRefOf, testEnv } from './helpers';

async function waitUntilUp(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/config.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

describe('a server killed in the middle of a save', () => {
  it('leaves the whole save or none of it', { timeout: 240_000 }, async (t) => {
    if (process.env.TEST_DATABASE_URL) {
      t.skip('the kill is of the embedded database (PGlite) process');
      return;
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-crash-'));
    try {
      // Seed the data folder, sign Carol in, and find the 10,000-file folder of demo-large.
      const env = testEnv({ dataDir });
      const seeding = await buildApp(env, { logger: false });
      const session = await login(seeding, 'carol@example.com', 'Carol');
      const share = await shareRefOf(seeding, 'demo-large');
      const [folder] = await seeding.db
        .select({ id: shareItems.id })
        .from(shareItems)
        .where(sql`${shareItems.shareId} = ${share.share_id} and ${shareItems.parentId} is null`);
      assert.ok(folder, 'demo-large has its folder');
      const usedBefore = await usedStorage(seeding, session.user_id);
      await seeding.close();

      // The real server process, killed with SIGKILL while it copies the 10,000 files.
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      // The request log line says the save has reached the server: the copy is under way.
      let log = '';
      const saveArrived = new Promise<void>((resolve) => {
        server.stdout.on('data', (chunk: Buffer) => {
          log += chunk.toString();
          if (log.includes('/api/share/save_file')) resolve();
        });
      });
      const exited = new Promise((resolve) => server.once('exit', resolve));
      t.after(() => {
        if (server.exitCode === null) server.kill('SIGKILL');
      });
      await waitUntilUp(url, Date.now() + 120_000);
      const save = fetch(`${url}/api/share/save_file`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Token': session.token },
        body: JSON.stringify({
          ...share,
          extract_code: '',
          folder_id: -1,
          file_ids: [folder.id],
        }),
      }).catch(() => null);
      await saveArrived;
      await new Promise((resolve) => setTimeout(resolve, 100));
      server.kill('SIGKILL');
      await Promise.all([exited, save]);

      // After recovery: every copied file is accounted for, and either all or none are there.
      const recovered = await buildApp(env, { logger: false });
      try {
        const copied = await recovered.db
          .select({
            count: sql<number>`count(*)::int`,
            bytes: sql<string>`coalesce(sum(${cloudFiles.totalSize}), 0)`,
          })
          .from(cloudFiles)
          .where(eq(cloudFiles.userId, session.user_id));
        const count = copied[0]?.count ?? 0;
        assert.ok(count === 0 || count === 10_000, `all or nothing, found ${count} files`);
        t.diagnostic(`after the kill: ${count} of 10,000 files saved`);
        const usedAfter = await usedStorage(recovered, session.user_id);
        assert.equal(
          usedAfter - usedBefore,
          Number(copied[0]?.bytes ?? 0),
          'storage matches the files',
        );
        // The share still saves normally after the crash.
        const again = await call(
          recovered,
          '/share/save_file',
          { ...share, extract_code: '', folder_id: -1, file_ids: [folder.id] },
          { token: session.token },
        );
        assert.equal(again.envelope.code, 0);
      } finally {
        await recovered.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

async function usedStorage(
  app: Awaited<ReturnType<typeof buildApp>>,
  userId: number,
): Promise<number> {
  const [row] = await app.db
    .select({ used: users.usedStorage })
    .from(users)
    .where(eq(users.id, userId));
  return Number(row?.used ?? 0);
}
