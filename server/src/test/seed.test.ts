import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { MEDIA_ROOT } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import { settings, shareItems } from '../db/schema';
import { seedDemoData } from '../db/seed';
import { openTestDatabase } from './helpers';

const sizeOf = (file: string) => statSync(path.join(MEDIA_ROOT, file)).size;

describe('the demo data of an older installation', () => {
  let database: DatabaseHandle;
  before(async () => {
    database = await openTestDatabase();
  });
  after(() => database.close());

  const seed = () => database.exclusive((db) => seedDemoData(db));
  const documents = () =>
    database.db
      .select({ name: shareItems.name, path: shareItems.mediaPath, size: shareItems.totalSize })
      .from(shareItems)
      .where(eq(shareItems.mediaPath, 'docs/notes.txt'));

  it('seeds a text file and the two-page guide in a new database', async () => {
    assert.equal(await seed(), true);
    const notes = await documents();
    assert.equal(notes.length, 2, 'in Documents of demo-public and of demo-private');
    assert.deepEqual(notes[0], {
      name: 'notes.txt',
      path: 'docs/notes.txt',
      size: sizeOf('docs/notes.txt'),
    });
    assert.equal(await seed(), false, 'seeded once');
  });

  it("gets them once when it was seeded by version 2 (the guide's copy named notes.pdf)", async () => {
    const { db } = database;
    await db
      .update(shareItems)
      .set({ name: 'notes.pdf', mediaPath: 'docs/guide.pdf', totalSize: 595 })
      .where(eq(shareItems.mediaPath, 'docs/notes.txt'));
    await db
      .update(shareItems)
      .set({ totalSize: 595 })
      .where(eq(shareItems.mediaPath, 'docs/guide.pdf'));
    await db.update(settings).set({ value: '2' }).where(eq(settings.key, 'seed_version'));

    assert.equal(await seed(), true);
    assert.deepEqual(
      (await documents()).map((row) => row.name),
      ['notes.txt', 'notes.txt'],
    );
    const guides = await db
      .select({ name: shareItems.name, size: shareItems.totalSize })
      .from(shareItems)
      .where(eq(shareItems.mediaPath, 'docs/guide.pdf'));
    assert.ok(guides.length > 0);
    for (const guide of guides)
      assert.deepEqual(guide, { name: 'guide.pdf', size: sizeOf('docs/guide.pdf') });
    const [version] = await db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, 'seed_version'));
    assert.equal(version?.value, '4');
    assert.equal(await seed(), false, 'upgraded once');
  });

  it("measures the guide again when it was seeded by version 3 (the guide's Chinese line)", async () => {
    const { db } = database;
    await db
      .update(shareItems)
      .set({ totalSize: 1619 })
      .where(eq(shareItems.mediaPath, 'docs/guide.pdf'));
    await db.update(settings).set({ value: '3' }).where(eq(settings.key, 'seed_version'));

    assert.equal(await seed(), true);
    const sizes = await db
      .select({ size: shareItems.totalSize })
      .from(shareItems)
      .where(eq(shareItems.mediaPath, 'docs/guide.pdf'));
    assert.deepEqual(new Set(sizes.map((row) => row.size)), new Set([sizeOf('docs/guide.pdf')]));
    assert.equal((await documents()).length, 2, 'the text files stay as they are');
    assert.equal(await seed(), false, 'upgraded once');
  });
});
