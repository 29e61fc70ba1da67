/**
 * Operations (issue 19): the metrics a journey leaves, request ids end to end, calls that a load
 * balancer may repeat, and a shutdown that finishes what it started.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ResponseCode, type SharedItem } from 'shared-contracts';
import { REPO_ROOT } from '../config/env';
import {
  builtShellFixture,
  call,
  callUnlessShed,
  createTestApp,
  freePort,
  login,
  pageUnlessShed,
  shareRefOf,
  unlessShed,
  type TestContext,
} from './helpers';

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp({ metricsToken: 'metrics-secret', staticRoot: builtShellFixture() });
});
after(async () => {
  await ctx.close();
});

/** The value of one series of the Prometheus text, 0 when it is not there. */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('metrics', () => {
  it('counts a journey: requests by route, cache hits, saves, 4001s and extract-code refusals', async () => {
    const scrape = async () =>
      (
        await ctx.app.inject({
          url: '/metrics',
          headers: { authorization: 'Bearer metrics-secret' },
        })
      ).body;
    const publicShare = await shareRefOf(ctx.app, 'demo-public');
    const privateShare = await shareRefOf(ctx.app, 'demo-private');
    // Sent again if shed: the journey's figures are counted, not the busy machine's. The list is
    // asked twice at once: the second is a hit however long the first takes (on a busy machine
    // the cache may keep values a second only, as while it distrusts the change announcements).
    const detail = { ...publicShare, extract_code: '' };
    const [listed] = await Promise.all([
      callUnlessShed(ctx.app, '/share/detail', detail),
      callUnlessShed(ctx.app, '/share/detail', detail),
    ]);
    const root = listed.envelope.data.file_list;
    await callUnlessShed(ctx.app, '/share/detail', { ...privateShare, extract_code: 'nope' });
    await pageUnlessShed(ctx.app, '/s/demo-public');
    await pageUnlessShed(ctx.app, '/s/demo-public');
    const pdf = root.find((item: SharedItem) => item.name === 'guide.pdf');
    assert.ok(pdf);
    const save = async (email: string, name: string) => {
      const { token } = await login(ctx.app, email, name);
      return callUnlessShed(
        ctx.app,
        '/share/save_file',
        { ...publicShare, extract_code: '', folder_id: -1, file_ids: [pdf.id] },
        { token },
      );
    };
    assert.equal((await save('carol@example.com', 'Carol')).envelope.code, 0);
    assert.equal((await save('alice@example.com', 'Alice')).envelope.code, 4001);

    const text = await scrape();
    assert.ok(
      seriesValue(
        text,
        'nimbus_http_request_duration_seconds_count{method="POST",route="/api/share/detail",status="200"}',
      ) >= 3,
    );
    assert.ok(seriesValue(text, 'nimbus_cache_lookups_total{cache="list",result="hit"}') >= 1);
    assert.ok(seriesValue(text, 'nimbus_cache_lookups_total{cache="page",result="hit"}') >= 1);
    assert.equal(seriesValue(text, 'nimbus_saves_total{outcome="saved"}'), 1);
    assert.equal(seriesValue(text, 'nimbus_saves_total{outcome="storage_full"}'), 1);
    assert.equal(
      seriesValue(text, 'nimbus_api_responses_total{route="/api/share/save_file",code="4001"}'),
      1,
    );
    assert.equal(seriesValue(text, 'nimbus_extract_code_refusals_total{reason="wrong"}'), 1);
    assert.match(text, /nimbus_process_cpu_seconds_total/);
    if (ctx.database.kind === 'postgres') {
      assert.ok(seriesValue(text, 'nimbus_db_pool_connections{state="total"}') >= 1);
    }
  });

  it('asks for the metrics token, and serves none in production without one', async () => {
    assert.equal((await ctx.app.inject('/metrics')).statusCode, 401);
    assert.equal(
      (await ctx.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } }))
        .statusCode,
      401,
    );
    const production = await createTestApp({ production: true, metricsToken: null });
    try {
      assert.equal((await production.app.inject('/metrics')).statusCode, 404);
    } finally {
      await production.close();
    }
  });
});

describe('request ids', () => {
  it("carries the proxy's X-Request-Id into the answer, or makes one", async () => {
    const given = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'edge-42' } });
    assert.equal(given.headers['x-request-id'], 'edge-42');
    const made = await ctx.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'not a valid id <script>' },
    });
    assert.match(String(made.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });
});

describe('calls a load balancer may repeat', () => {
  it('saves once and folders once per Idempotency-Key, answering a repeat as the first', async () => {
    const { token, user_id } = await login(ctx.app, 'idem@example.com', 'Idem');
    const share = await shareRefOf(ctx.app, 'demo-public');
    const root = (await call(ctx.app, '/share/detail', { ...share, extract_code: '' })).envelope
      .data.file_list;
    const photos = root.find((item: SharedItem) => item.name === 'Photos');
    assert.ok(photos);
    const request = (path: string, payload: object, key: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api${path}`,
        payload,
        headers: { 'x-token': token, 'idempotency-key': key },
      });
    const saveKey = 'save-key-0123456789abcdef';
    const body = { ...share, extract_code: '', folder_id: -1, file_ids: [photos.id] };
    const first = (await request('/share/save_file', body, saveKey)).json();
    const again = (await request('/share/save_file', body, saveKey)).json();
    assert.equal(first.code, 0);
    assert.deepEqual(again, first);
    const [user] = await ctx.app.cloud.foldersNamed(user_id, ['Photos', 'Photos (2)']);
    assert.ok(user, 'the folder was copied');
    assert.equal(
      (await ctx.app.cloud.foldersNamed(user_id, ['Photos (2)'])).length,
      0,
      'not twice',
    );

    const folderKey = 'folder-key-0123456789abcdef';
    const folder = { folder_name: 'Trips', parent_id: 0 };
    const created = (await request('/file/folder/create', folder, folderKey)).json();
    const repeated = (await request('/file/folder/create', folder, folderKey)).json();
    assert.equal(created.code, 0);
    assert.deepEqual(repeated, created, 'not 4009: the same folder');
    assert.equal(
      (await request('/file/folder/create', folder, 'another-key-0123456789')).json().code,
      4009,
    );

    assert.equal((await request('/file/folder/create', folder, saveKey)).json().code, 4000);
    assert.equal((await request('/file/folder/create', folder, 'short')).json().code, 4000);
  });
});

describe('shutting down', () => {
  it('finishes the save in flight on SIGTERM, then exits', { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-drain-'));
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    const base = `http://127.0.0.1:${port}`;
    try {
      const deadline = Date.now() + 200_000;
      while (
        !(await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        assert.ok(Date.now() < deadline, 'the server came up');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const send = async (route: string, body: object, token: string) => {
        const response = await fetch(`${base}/api${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
          body: JSON.stringify(body),
        });
        return (await response.json()) as { code: number; data: Record<string, unknown> };
      };
      const post = (route: string, body: object, token = '') =>
        unlessShed(
          () => send(route, body, token),
          (answer) => answer.code === ResponseCode.ServiceUnavailable,
        );
      const provider = await (await fetch(`${base}/idp/authorize?provider=Google`)).text();
      const identityToken = /aria-label="Carol" data-token="([^"]+)"/.exec(provider)?.[1] ?? '';
      const token = String((await post('/login', { third_token: identityToken })).data.token);
      const info = await post('/share/info', { share_url: 'demo-large' });
      const share = { share_id: info.data.id, share_code: 'demo-large', extract_code: '' };
      const root = await post('/share/detail', share);
      const folder = (root.data.file_list as SharedItem[])[0];
      const ids: number[] = [];
      for (let page = 1; page <= 10; page += 1) {
        const listed = await post('/share/detail', {
          ...share,
          folder_id: folder?.id,
          page: { current_page: page, page_size: 1000 },
        });
        ids.push(...(listed.data.file_list as SharedItem[]).map((item) => item.id));
      }
      const saving = post('/share/save_file', { ...share, folder_id: 0, file_ids: ids }, token);
      await new Promise((resolve) => setTimeout(resolve, 50));
      server.kill('SIGTERM');
      const saved = await saving;
      assert.equal(saved.code, 0, 'the save in flight completed');
      assert.equal(saved.data.saved_count, 10_000);
      assert.equal(await exited, 0);
    } finally {
      server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
