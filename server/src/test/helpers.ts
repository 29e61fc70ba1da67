import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { ApiEnvelope, ApiPath, ApiRequest, ApiResponse } from 'shared-contracts';
import { buildApp } from '../app';
import { readEnv, type ServerEnv } from '../config/env';
import { routePath, COMMUNITY, ResponseCode } from 'shared-contracts';
import { LOAD_SHEDDING } from '../plugins/external/under-pressure';
import {
  KEEP_FIRST_SCREEN_TAPS_SCRIPT,
  START_AFTER_FIRST_PAINT_SCRIPT,
} from 'shared-contracts/page';
import { openDatabase, type DatabaseHandle } from '../db/client';

/**
 * A fresh database for one test file: PGlite in memory, or, with TEST_DATABASE_URL (a server's
 * admin connection string), a new PostgreSQL database dropped afterwards.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({ databaseUrl: null, dataDir: null });
  const name = `nimbus_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
      await cleanup.end();
    },
  };
}

export function testEnv(overrides: Partial<ServerEnv> = {}): ServerEnv {
  return {
    ...readEnv({}),
    dataDir: null,
    databaseUrl: null,
    // What Fastify's inject sends as the Host.
    publicOrigin: 'http://localhost',
    rateLimitMax: 1_000_000,
    // The test's own code shares the app's event loop, on a machine that may run the suite twice
    // at once: a late loop there is the machine, not a flood. The pool's queue still sheds.
    shedLoopDelayMs: 600_000,
    logLevel: 'silent',
    ...overrides,
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<ServerEnv> = {}): Promise<TestContext> {
  const database = await openTestDatabase();
  const app = await buildApp(testEnv(overrides), { database, logger: false });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface CallOptions {
  token?: string;
  ip?: string;
  /** The X-Language header: the page's language, as the shell sends it (English unless given). */
  language?: string;
}

/** POSTs a typed API call and returns the HTTP status, headers and envelope. */
export async function call<P extends ApiPath>(
  app: FastifyInstance,
  path: P,
  body: ApiRequest<P>,
  options: CallOptions = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api${routePath(path, COMMUNITY)}`,
    payload: body as object,
    headers: {
      'x-app-name': 'web',
      'x-language': options.language ?? 'en',
      ...(options.token ? { 'x-token': options.token } : {}),
    },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    envelope: response.json<ApiEnvelope<ApiResponse<P>>>(),
  };
}

/**
 * Sends again, after the shedding's Retry-After (three times at most), what the instance shed, as
 * the site's API client and a reloading browser do. A test's app holds its event loop as it
 * compiles its schemas and renders its first pages cold, and on a busy machine (a CI run building
 * beside it) that can outlast the shedding's bound: a test of something else must not fail by it.
 */
export async function unlessShed<T>(
  send: () => Promise<T>,
  wasShed: (answer: T) => boolean,
): Promise<T> {
  let answer = await send();
  for (let retry = 0; retry < 3 && wasShed(answer); retry += 1) {
    await new Promise((resolve) => setTimeout(resolve, LOAD_SHEDDING.retryAfterSeconds * 1000));
    answer = await send();
  }
  return answer;
}

/** `call`, sent again while the instance sheds load (`unlessShed`). */
export function callUnlessShed<P extends ApiPath>(
  app: FastifyInstance,
  path: P,
  body: ApiRequest<P>,
  options: CallOptions = {},
) {
  return unlessShed(
    () => call(app, path, body, options),
    (answer) => answer.envelope.code === ResponseCode.ServiceUnavailable,
  );
}

/** GETs a page, again while the instance sheds load (`unlessShed`). */
export function pageUnlessShed(app: FastifyInstance, url: string) {
  return unlessShed(
    () => app.inject(url),
    (response) => response.statusCode === 503,
  );
}

/** Signs in through the development identity provider; returns the session token. */
export async function login(
  app: FastifyInstance,
  email: string,
  name = email.split('@')[0] ?? email,
) {
  const devIdentity = app.devIdentity;
  if (!devIdentity) throw new Error('the development identity provider is off');
  const thirdToken = await devIdentity.issue({ email, name }, 'Google');
  const { envelope } = await callUnlessShed(app, '/login', { third_token: thirdToken });
  if (envelope.code !== 0) throw new Error(`login failed: ${envelope.msg}`);
  return envelope.data;
}

/** What calls by share id name a share with: its id and the code of its link. */
export interface ShareRef {
  share_id: number;
  share_code: string;
}

export async function shareRefOf(app: FastifyInstance, code: string): Promise<ShareRef> {
  const { envelope } = await callUnlessShed(app, '/share/info', { share_url: code });
  if (envelope.code !== 0) throw new Error(`no share ${code}`);
  return { share_id: envelope.data.id, share_code: envelope.data.share_code };
}

/**
 * A fresh folder in the system's temporary one, removed when the test file's process exits (each
 * file runs in its own): runs of the suite leave nothing behind.
 */
export function temporaryFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/**
 * A STATIC_ROOT with the least of a built shell (its index.html, and its `build.json` naming the
 * build `shell-1.0.0`): the server tests run before `npm run build`, and pages need the shell's
 * page to be served.
 */
export function builtShellFixture(): string {
  const root = temporaryFolder('nimbus-shell-');
  mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
  writeFileSync(
    path.join(root, 'shell/dist/index.html'),
    '<!doctype html><html><head><title>Shell</title></head><body><div id="app"></div></body></html>',
  );
  writeFileSync(path.join(root, 'shell/dist/build.json'), JSON.stringify({ build: 'shell-1.0.0' }));
  return root;
}

/**
 * A STATIC_ROOT a test file writes itself: the builds' files (index.html, manifests, renderers)
 * stood in for by small ones. `write` puts a file at a path inside it.
 */
/** The shell's built page as a test's static root holds it: one start-up script, an empty app. */
export const SHELL_PAGE_FIXTURE =
  '<!doctype html><html><head><title>Shell</title><script defer src=/main.0123abcd.js></script></head><body><div id=app></div></body></html>';

export function staticRootFixture(name: string): {
  root: string;
  write(relative: string, text: string): void;
} {
  const root = temporaryFolder(`nimbus-${name}-`);
  return {
    root,
    write(relative, text) {
      const file = path.join(root, relative);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    },
  };
}

/** A page's app container, with what the server painted into it, up to the end of the body. */
export function appContainerOf(html: string): string {
  const start = html.indexOf('<div id="app">');
  assert.ok(start >= 0, 'the page has its app container');
  return html.slice(start, html.indexOf('</body>'));
}

/**
 * A page the server painted a screen into: the screen's markup first in the app's container,
 * its CSS in the head, the tap keeper there too, and the app's starter after the screen.
 */
export function assertPaintedScreen(html: string, screen: string, css: string): void {
  assert.ok(
    appContainerOf(html).startsWith(
      `<div id="app"><div data-first-screen style="display:contents">${screen}</div></div>`,
    ),
  );
  const head = html.slice(0, html.indexOf('</head>'));
  assert.ok(head.includes(`<style data-first-screen>${css}`), 'the screen CSS in the head');
  assert.ok(head.includes(`<script>${KEEP_FIRST_SCREEN_TAPS_SCRIPT}</script>`), 'the tap keeper');
  assert.ok(html.includes(START_AFTER_FIRST_PAINT_SCRIPT), 'the app starts after the paint');
}

/** A page's title element's text. */
export const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

/** A replaced file is looked at again within half a second (createCachedFileReader). */
export const afterFileRecheck = () => new Promise((resolve) => setTimeout(resolve, 600));

/** A loopback port free right now, for a server or a Redis a test starts in its own process. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
export function samplesOf(text: string): MetricSample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      assert.ok(match?.[1] && match[3], `a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
        labels[key as string] = value as string;
      }
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/** The value of the series with exactly these labels; undefined when there is none. */
export function metricValueOf(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels);
  const sample = samplesOf(text).find(
    (candidate) =>
      candidate.name === name &&
      Object.keys(candidate.labels).length === wanted.length &&
      wanted.every(([key, value]) => candidate.labels[key] === value),
  );
  return sample?.value;
}
