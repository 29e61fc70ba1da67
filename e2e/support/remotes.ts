import type { Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MIME: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.map': 'application/json',
};

/**
 * Serves a remote's files from a local build folder in place of `/remotes/{name}/`: the page gets
 * a different build of that remote without the server or the shell changing.
 */
export async function serveRemoteFrom(
  page: Page,
  remote: string,
  distFolder: string,
): Promise<void> {
  await page.route(`**/remotes/${remote}/**`, async (route) => {
    const file = new URL(route.request().url()).pathname.split(`/remotes/${remote}/`)[1] ?? '';
    const filePath = path.join(distFolder, file);
    // The page's preload hints name the real build's chunks, which this folder does not have.
    if (!existsSync(filePath)) return route.fulfill({ status: 404, body: 'not in this build' });
    const body = readFileSync(filePath);
    await route.fulfill({
      body,
      contentType: MIME[path.extname(file)] ?? 'application/octet-stream',
    });
  });
}

/**
 * Makes a remote's manifest and entry answer 500 until the returned function is called (the page
 * may carry the manifest of the remote it starts with: its entry fails then).
 */
export async function failRemote(page: Page, remote: string): Promise<() => Promise<void>> {
  const pattern = new RegExp(`/remotes/${remote}/(mf-manifest\\.json|remoteEntry\\.js)(\\?|$)`);
  await page.route(pattern, (route) => route.fulfill({ status: 500, body: 'remote down' }));
  return () => page.unroute(pattern);
}
