import {
  expect,
  test,
  type Locator,
  type Page,
  type Request,
  type Response,
} from '@playwright/test';
import { fileList } from '../support/journeys';

/**
 * The preview screens (tracker issue 6) on /s/demo-public: the image, the HLS and mp4 videos,
 * the audio, the one-minute limit with its save overlay, and the lazily loaded player code.
 */

const SHARE = '/s/demo-public';
const IMAGE = 'mountains.jpg';
const HLS_VIDEO = 'Ocean Waves.mp4';
const MP4_VIDEO = 'City Clip.mp4';
const AUDIO = 'Morning Tone.mp3';
const ARCHIVE = 'archive.zip';
/**
 * The share's root list's title: the share's name, then the product's name (docs/product.md, "The
 * page frame").
 */
const PRODUCT = 'Holiday pictures and more · Nimbus';

/** Texts that only Plyr's code and CSS, or hls.js, contain. */
const PLAYER_MARKERS = ['plyr--full-ui', 'hls.js'];
/** The player's chunks are named by their dynamic import (webpackChunkName). */
const PLAYER_CHUNK = /\/remotes\/share\/preview-(player|hls)\.[0-9a-f]+\.js$/;

async function openShare(page: Page) {
  await page.goto(SHARE);
  await expect(fileList(page)).toBeVisible();
}

function row(page: Page, name: string): Locator {
  return page.getByRole('button', { name, exact: true });
}

function previewOf(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name: `Preview of ${name}` });
}

/** Reads a property of the preview's media element (there is one at a time). */
async function mediaState(page: Page, selector: 'video' | 'audio') {
  return page.locator(`.ns-preview ${selector}`).evaluate((element) => {
    const media = element as HTMLMediaElement;
    return {
      currentTime: media.currentTime,
      paused: media.paused,
      src: media.currentSrc || media.src,
    };
  });
}

async function expectPlaying(page: Page, selector: 'video' | 'audio') {
  await expect
    .poll(async () => (await mediaState(page, selector)).currentTime, { timeout: 15_000 })
    .toBeGreaterThan(0.5);
  expect((await mediaState(page, selector)).paused).toBe(false);
}

/** Seeks to 59 s and plays: the limit must stop it at 60 s with the overlay. */
async function playToTheLimit(page: Page, selector: 'video' | 'audio') {
  await page.locator(`.ns-preview ${selector}`).evaluate(async (element) => {
    const media = element as HTMLMediaElement;
    media.currentTime = 59;
    await media.play().catch(() => undefined);
  });
  const overlay = page.getByRole('heading', { name: 'The 1-minute preview has ended' });
  await expect(overlay).toBeVisible({ timeout: 15_000 });
  const state = await mediaState(page, selector);
  expect(state.paused).toBe(true);
  expect(state.currentTime).toBeLessThanOrEqual(60.05);
  expect(state.currentTime).toBeGreaterThan(58);
  // Seeking past the limit or playing again stays blocked.
  await page.locator(`.ns-preview ${selector}`).evaluate(async (element) => {
    const media = element as HTMLMediaElement;
    media.currentTime = 65;
    await media.play().catch(() => undefined);
  });
  await page.waitForTimeout(500);
  const after = await mediaState(page, selector);
  expect(after.paused).toBe(true);
  expect(after.currentTime).toBeLessThanOrEqual(60.05);
}

/** Collects every script the page loads (URL and whether it holds player code). */
function watchScripts(page: Page) {
  const scripts: { url: string; player: boolean }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .text()
        .then((body) => {
          scripts.push({
            url: response.url(),
            player:
              PLAYER_CHUNK.test(new URL(response.url()).pathname) ||
              PLAYER_MARKERS.some((marker) => body.includes(marker)),
          });
        })
        .catch(() => undefined),
    );
  });
  return {
    async playerScripts() {
      await Promise.all(pending);
      return scripts.filter((script) => script.player).map((script) => script.url);
    },
    async all() {
      await Promise.all(pending);
      return scripts.map((script) => script.url);
    },
  };
}

/** Requests that left the site's origin (a CDN fetch of Plyr's sprite would show here). */
function watchForeignRequests(page: Page, baseURL: string | undefined) {
  const foreign: string[] = [];
  const origin = new URL(baseURL ?? 'http://localhost').origin;
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(request.url());
  });
  return foreign;
}

test('the share route loads no player code until a video or audio preview opens', async ({
  page,
}) => {
  const scripts = watchScripts(page);
  await openShare(page);
  // An image preview needs no player either.
  await row(page, IMAGE).click();
  await expect(previewOf(page, IMAGE).getByRole('img', { name: IMAGE })).toBeVisible();
  await page.getByRole('button', { name: 'Close preview' }).click();
  await expect(previewOf(page, IMAGE)).toHaveCount(0);
  expect(await scripts.all()).not.toHaveLength(0);
  expect(await scripts.playerScripts()).toEqual([]);

  await row(page, AUDIO).click();
  await expectPlaying(page, 'audio');
  const loaded = await scripts.playerScripts();
  expect(loaded.some((url) => /preview-player\./.test(url))).toBe(true);
  expect(loaded.some((url) => /preview-hls\./.test(url))).toBe(false);
});

test('the image preview fits the image, follows the title, and closes by button, Escape and Back', async ({
  page,
}) => {
  await openShare(page);
  await expect(page).toHaveTitle(PRODUCT);
  await row(page, IMAGE).click();
  const preview = previewOf(page, IMAGE);
  await expect(preview.getByRole('heading', { name: IMAGE })).toBeVisible();
  const image = preview.getByRole('img', { name: IMAGE });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await expect(image).toHaveCSS('object-fit', 'contain');
  await expect(page).toHaveTitle(IMAGE);
  await expect(page.getByRole('button', { name: 'Close preview' })).toBeFocused();

  await page.getByRole('button', { name: 'Close preview' }).click();
  await expect(preview).toHaveCount(0);
  await expect(page).toHaveTitle(PRODUCT);
  await expect(row(page, IMAGE)).toBeFocused();

  await row(page, IMAGE).click();
  await expect(preview).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
  await expect(page).toHaveTitle(PRODUCT);

  const url = page.url();
  await row(page, IMAGE).click();
  await expect(preview).toBeVisible();
  await page.goBack();
  await expect(preview).toHaveCount(0);
  await expect(page).toHaveTitle(PRODUCT);
  expect(page.url()).toBe(url);
  await expect(row(page, IMAGE)).toBeVisible();
});

test('a broken image shows the fallback image', async ({ page }) => {
  await page.route('**/media/t/**/images/photo-4.jpg', (route) =>
    route.fulfill({ status: 404, body: 'gone' }),
  );
  await openShare(page);
  await row(page, IMAGE).click();
  await expect(
    previewOf(page, IMAGE).getByRole('img', { name: 'The image could not be loaded' }),
  ).toBeVisible();
});

test('the HLS video plays, offers the four speeds, and stops at one minute with the save overlay', async ({
  page,
  baseURL,
}) => {
  const foreign = watchForeignRequests(page, baseURL);
  await openShare(page);
  await row(page, HLS_VIDEO).click();
  const preview = previewOf(page, HLS_VIDEO);
  await expect(preview.getByRole('heading', { name: HLS_VIDEO })).toBeVisible();
  await expect(page).toHaveTitle(HLS_VIDEO);
  // Its 70 seconds are more than the preview plays: it says so before the minute is up.
  await expect(preview.getByText('1-minute preview · full length 00:01:10')).toBeVisible();
  await expectPlaying(page, 'video');
  await expect(preview.locator('video')).toHaveAttribute('disablepictureinpicture', '');

  // Plyr's controls, with the product's names and no picture-in-picture (paused, they stay shown).
  await preview.locator('video').evaluate((element) => (element as HTMLVideoElement).pause());
  for (const name of ['Play', /^(Mute|Unmute)$/, 'Settings', 'Enter fullscreen']) {
    await expect(preview.getByRole('button', { name, exact: true }).first()).toBeAttached();
  }
  await expect(preview.getByRole('button', { name: /PIP|picture/i })).toHaveCount(0);
  // One Play to a screen reader: the large one over the picture is for a pointer only.
  await expect(preview.getByRole('button', { name: 'Play', exact: true })).toHaveCount(1);
  await preview.getByRole('button', { name: 'Settings', exact: true }).click();
  await preview.getByRole('menuitem', { name: /Speed/ }).click();
  const speeds = preview.getByRole('menuitemradio');
  await expect(speeds).toHaveText(['0.75×', 'Normal', '1.5×', '2×']);
  await speeds.filter({ hasText: '1.5×' }).click();
  await expect
    .poll(() =>
      preview.locator('video').evaluate((element) => (element as HTMLVideoElement).playbackRate),
    )
    .toBe(1.5);

  await playToTheLimit(page, 'video');

  // The overlay's button starts the save flow for this one file: the login sheet, in save mode.
  const saveEvent = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/event/report') &&
      (request.postDataJSON() as { event_name?: string }).event_name === 'button_share_save',
  );
  await preview.getByRole('button', { name: 'Save to cloud' }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome' })).toBeVisible();
  const content = JSON.parse((await saveEvent).postDataJSON().content as string) as {
    file_id?: number;
  };
  expect(content.file_id).toBe(10);
  expect(foreign).toEqual([]);
});

test('without native HLS the video plays through hls.js and its worker', async ({ page }) => {
  await page.addInitScript(() => {
    const canPlayType = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
    };
  });
  const scripts = watchScripts(page);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await openShare(page);
  expect(await scripts.playerScripts()).toEqual([]);
  await row(page, HLS_VIDEO).click();
  await expectPlaying(page, 'video');
  expect((await mediaState(page, 'video')).src).toMatch(/^blob:/);
  expect((await scripts.playerScripts()).some((url) => /preview-hls\./.test(url))).toBe(true);
  expect(workers.some((url) => url.startsWith('blob:'))).toBe(true);
  await playToTheLimit(page, 'video');
});

test('the mp4 video plays directly', async ({ page }) => {
  const scripts = watchScripts(page);
  await openShare(page);
  await row(page, MP4_VIDEO).click();
  await expectPlaying(page, 'video');
  expect((await mediaState(page, 'video')).src).toMatch(/\/video\/clip\.mp4$/);
  // 20 seconds play whole: no word of a one-minute preview.
  await expect(page.getByText(/1-minute preview/)).toHaveCount(0);
  expect((await scripts.playerScripts()).some((url) => /preview-hls\./.test(url))).toBe(false);
});

test('the audio plays over an animation that pauses with it, and stops at one minute', async ({
  page,
}) => {
  await openShare(page);
  await row(page, AUDIO).click();
  const preview = previewOf(page, AUDIO);
  await expect(page).toHaveTitle(AUDIO);
  await expectPlaying(page, 'audio');
  const artwork = preview.getByRole('img', { name: `Audio: ${AUDIO}` });
  await expect(artwork).toHaveCSS('animation-play-state', 'running');
  await preview.locator('audio').evaluate((element) => (element as HTMLAudioElement).pause());
  await expect(artwork).toHaveCSS('animation-play-state', 'paused');
  await preview.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(artwork).toHaveCSS('animation-play-state', 'running');

  await playToTheLimit(page, 'audio');
  await expect(artwork).toHaveCSS('animation-play-state', 'paused');
  await expect(preview.getByRole('button', { name: 'Save to cloud' })).toBeVisible();
  await page.getByRole('button', { name: 'Close preview' }).click();
  await expect(preview).toHaveCount(0);
  await expect(page).toHaveTitle(PRODUCT);
});

test('an archive cannot be previewed', async ({ page }) => {
  await openShare(page);
  await row(page, ARCHIVE).click();
  await expect(page.getByText('This file type does not support preview')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveTitle(PRODUCT);
});

test('a video preview asks for its player and its stream with its own code, and downloads the stream once', async ({
  page,
}) => {
  const playlists: string[] = [];
  page.on('request', (request) => {
    if (/\/preview\.m3u8$/.test(new URL(request.url()).pathname)) playlists.push(request.url());
  });
  // The preview's own chunk is held back: the player's is asked for beside it, not after it.
  let releasePreview: () => void = () => undefined;
  const previewHeld = new Promise<void>((resolve) => (releasePreview = resolve));
  await page.route(/\/remotes\/share\/preview\.[0-9a-f]+\.js$/, async (route) => {
    await previewHeld;
    await route.continue();
  });
  await openShare(page);
  const playerRequested = page.waitForRequest(PLAYER_CHUNK);
  // A browser that plays HLS itself gets the stream from the tap's own element
  // (remote-share/src/features/preview/player/early-media.ts).
  const nativeHls = await page.evaluate(
    () => document.createElement('video').canPlayType('application/vnd.apple.mpegurl') !== '',
  );
  const streamRequested = nativeHls ? page.waitForRequest(/\/preview\.m3u8$/) : null;
  await row(page, HLS_VIDEO).click();
  await playerRequested;
  await streamRequested;
  releasePreview();

  await expectPlaying(page, 'video');
  await page.getByRole('button', { name: 'Close preview' }).click();
  await expect(previewOf(page, HLS_VIDEO)).toHaveCount(0);
  await page.waitForTimeout(500);
  // Plyr's copy of the element (kept to put back when it closes) must not load it a second time.
  expect(playlists).toHaveLength(1);
});
