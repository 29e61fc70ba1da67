import assert from 'node:assert/strict';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import type { SharedItem } from 'shared-contracts';
import { MEDIA_ROOT } from '../config/env';
import { diskThumbStore, memoryThumbStore, ThumbnailMaker } from '../lib/thumbnails';
import {
  call,
  createTestApp,
  metricValueOf,
  shareRefOf,
  temporaryFolder,
  type TestContext,
} from './helpers';

const THUMB_MAX_BYTES = 20 * 1024;

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp();
});
after(async () => {
  await ctx.close();
});

async function list(shareCode: string, extractCode = '') {
  const ref = await shareRefOf(ctx.app, shareCode);
  return (await call(ctx.app, '/share/detail', { ...ref, extract_code: extractCode })).envelope;
}

function named(items: SharedItem[], name: string): SharedItem {
  const item = items.find((entry) => entry.name === name);
  assert.ok(item, `${name} is listed`);
  return item;
}

const pathOf = (url: string | undefined) => new URL(url ?? '').pathname;

async function thumbnailMetric(result: string): Promise<number> {
  const text = (await ctx.app.inject('/metrics')).body;
  return metricValueOf(text, 'nimbus_thumbnails_total', { result }) ?? 0;
}

describe('grid thumbnails', () => {
  it('are small WebP images for images and videos, none for the rest', async () => {
    const items = (await list('demo-public')).data.file_list;
    for (const name of ['mountains.jpg', 'City Clip.mp4', 'Ocean Waves.mp4']) {
      const item = named(items, name);
      for (const [url, size] of [
        [item.grid_thumb_url, 256],
        [item.grid_thumb_url_2x, 512],
      ] as const) {
        assert.match(url ?? '', new RegExp(`/media/thumb/[^/]+/\\d+/${size}\\.webp$`));
        const answer = await ctx.app.inject(pathOf(url));
        assert.equal(answer.statusCode, 200, `${name} at ${size}`);
        assert.equal(answer.headers['content-type'], 'image/webp');
        assert.match(String(answer.headers['cache-control']), /max-age=31536000, immutable/);
        assert.ok(
          answer.rawPayload.length <= THUMB_MAX_BYTES,
          `${name}: ${answer.rawPayload.length}`,
        );
        const meta = await sharp(answer.rawPayload).metadata();
        assert.equal(meta.format, 'webp');
        // Cut to a square, never enlarged: the 320×240 photos are 256×240 at 256 and 240×240 at 512.
        assert.ok((meta.width ?? 0) > 0 && (meta.width ?? 0) <= size);
        assert.ok((meta.height ?? 0) > 0 && (meta.height ?? 0) <= size);
      }
    }
    for (const name of ['Morning Tone.mp3', 'guide.pdf', 'Photos', 'notes.txt', 'archive.zip']) {
      const item = items.find((entry) => entry.name === name);
      if (item) assert.equal(item.grid_thumb_url, '', name);
    }
  });

  it('renders each file and size once and answers from the cache after', async () => {
    const items = (await list('demo-public')).data.file_list;
    // portrait.jpg (in Photos) and mountains.jpg are the same file: one render for both.
    const url = pathOf(named(items, 'mountains.jpg').grid_thumb_url);
    const renderedBefore = await thumbnailMetric('rendered');
    const keptBefore = await thumbnailMetric('kept');
    const answers = await Promise.all([1, 2, 3].map(() => ctx.app.inject(url)));
    answers.push(await ctx.app.inject(url));
    for (const answer of answers) assert.equal(answer.statusCode, 200);
    const bodies = new Set(answers.map((answer) => answer.rawPayload.toString('base64')));
    assert.equal(bodies.size, 1, 'the same thumbnail each time');
    // Rendered by the first test already, or once now: never again.
    const rendered = (await thumbnailMetric('rendered')) - renderedBefore;
    assert.ok(rendered <= 1, `rendered ${rendered} times`);
    assert.equal((await thumbnailMetric('kept')) - keptBefore, 4 - rendered);
    const again = await ctx.app.inject(url);
    assert.equal(again.statusCode, 200);
    assert.equal((await thumbnailMetric('rendered')) - renderedBefore, rendered);
  });

  it('of a protected share come only with its list, which needs the code', async () => {
    const refused = await list('demo-private', '');
    assert.equal(refused.code, 4002);
    assert.equal(refused.data, null, 'no items, so no thumbnail links, without the code');
    const items = (await list('demo-private', 'ab12')).data.file_list;
    const url = pathOf(named(items, 'mountains.jpg').grid_thumb_url);
    assert.equal((await ctx.app.inject(url)).statusCode, 200);
  });

  it('refuse forged, expired-looking and free-form URLs with a clean 4xx', async () => {
    const items = (await list('demo-public')).data.file_list;
    const url = pathOf(named(items, 'mountains.jpg').grid_thumb_url);
    const forged = url.replace(/(\/media\/thumb\/\d+\.\d+\.\d+\.)[^/]+\//, '$1forged/');
    assert.equal((await ctx.app.inject(forged)).statusCode, 403);
    // Another item's id under this token's signature.
    const otherItem = url.replace(/(\/media\/thumb\/\d+\.)\d+\./, '$1999999.');
    assert.equal((await ctx.app.inject(otherItem)).statusCode, 403);
    for (const bad of [
      url.replace('/256.webp', '/300.webp'),
      url.replace('/256.webp', '/10000.webp'),
      url.replace('/256.webp', '/256.png'),
      url.replace(/\/\d+\/256\.webp$/, '/x/256.webp'),
      '/media/thumb/not-a-token/1/256.webp',
    ]) {
      const answer = await ctx.app.inject(bad);
      assert.ok(
        answer.statusCode >= 400 && answer.statusCode < 500,
        `${bad}: ${answer.statusCode}`,
      );
    }
    // An item with no image: its own token, no thumbnail.
    const pdfToken = /\/media\/t\/([^/]+)\//.exec(pathOf(named(items, 'guide.pdf').download_url));
    assert.ok(pdfToken);
    const pdfThumb = await ctx.app.inject(`/media/thumb/${pdfToken[1]}/1/256.webp`);
    assert.equal(pdfThumb.statusCode, 404);
  });
});

describe('ThumbnailMaker', () => {
  it('keeps thumbnails on disk, and a new maker answers from there', async () => {
    const folder = temporaryFolder('thumbs-');
    const first = new ThumbnailMaker(MEDIA_ROOT, diskThumbStore(folder));
    const made = await first.thumbnail('images/photo-1.jpg', 256);
    assert.ok('body' in made && made.rendered);
    assert.equal(readdirSync(folder).filter((file) => file.endsWith('.webp')).length, 1);
    const second = new ThumbnailMaker(MEDIA_ROOT, diskThumbStore(folder));
    const kept = await second.thumbnail('images/photo-1.jpg', 256);
    assert.ok('body' in kept && !kept.rendered);
    assert.equal(second.renders, 0);
  });

  it('says none for a missing file or one that is no image', async () => {
    const folder = temporaryFolder('thumb-src-');
    writeFileSync(path.join(folder, 'fake.jpg'), 'not an image at all');
    const maker = new ThumbnailMaker(folder, memoryThumbStore());
    assert.deepEqual(await maker.thumbnail('fake.jpg', 256), { failure: 'none' });
    assert.deepEqual(await maker.thumbnail('missing.jpg', 256), { failure: 'none' });
  });

  it('renders a bounded number at once and refuses past its line', async () => {
    const maker = new ThumbnailMaker(MEDIA_ROOT, memoryThumbStore(), {
      concurrency: 1,
      queue: 1,
      queueTimeoutMs: 5000,
    });
    const files = ['images/photo-1.jpg', 'images/photo-2.jpg', 'images/photo-3.jpg'];
    const results = await Promise.all(files.map((file) => maker.thumbnail(file, 512)));
    const busy = results.filter((result) => 'failure' in result && result.failure === 'busy');
    assert.equal(busy.length, 1, 'one runs, one waits, the third is refused');
    assert.equal(maker.renders, 2);
  });
});
