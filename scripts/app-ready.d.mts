// Types of app-ready.mjs for the TypeScript end-to-end tests.
import type { Page } from '@playwright/test';

export interface RecordedScript {
  url: string;
  gzip: number;
  atStartUp: boolean;
}

export function watchAppReady(page: Page): Promise<void>;
export function appFileList(page: Page, timeoutMs?: number): Promise<void>;
export function recordScripts(
  page: Page,
  gzipSize: (body: Buffer) => number,
): Promise<{
  split(): Promise<{ files: RecordedScript[]; startUpGzip: number; laterGzip: number }>;
}>;
