import type { Page } from '@playwright/test';

/**
 * The paths the page requests of one kind (`script`, `stylesheet`, ...) from now on, in the
 * order it asks for them; the list grows as the page goes on.
 */
export function recordRequestedPaths(page: Page, resourceType: string): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === resourceType) paths.push(new URL(request.url()).pathname);
  });
  return paths;
}
