import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { RuntimeConfig, ShareAnswersInPage } from 'shared-contracts/page';
import { shares } from '../db/schema';
import { buildApp } from '../app';
import {
  call,
  createTestApp,
  login,
  testEnv,
  type TestContext,
  staticRootFixture,
  afterFileRecheck,
} from './helpers';

const { root: fixture, write } = staticRootFixture('static');
const overrideFile = path.join(fixture, 'runtime-config.json');

let ctx: TestContext;
before(async () => {
  write(
    'shell/dist/index.html',
    // As the build writes it: unquoted attributes, the entry and its start-up chunks in the head.
    '<!doctype html><html><head><title>Shell</title><script defer src=/main.0123abcd.js></script><link rel=preload as=script href=/shared-singletons.4567cdef.js></head><body class="x"><div id="app"></div></body></html>',
  );
  write('shell/dist/main.0123abcd.js', `console.log(${JSON.stringify('x'.repeat(4000))});`);
  // What the build writes beside a script (webpack/index.js, PRECOMPRESS_BROTLI).
  writeFileSync(
    path.join(fixture, 'shell/dist/main.0123abcd.js.br'),
    brotliCompressSync(`console.log(${JSON.stringify('x'.repeat(4000))});`),
  );
  write('shell/dist/remoteEntry.js', 'var shell = 1;');
  write(
    'remote-share/dist/mf-manifest.json',
    JSON.stringify({
      name: 'remote_share',
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          path: './ShareViewer',
          assets: { js: { sync: ['__federation_expose_ShareViewer.89abcdef.js'], async: [] } },
        },
      ],
      padding: 'y'.repeat(3000),
    }),
  );
  write('remote-share/dist/remoteEntry.js', 'var remote_share = 1;');
  write('remote-share/dist/__federation_expose_ShareViewer.89abcdef.js', 'var chunk = 1;');
  // remote-payments and remote-invite are missing on purpose: the server must start anyway.
  write('runtime-config.json', JSON.stringify({ productName: 'Nimbus Test' }));
  ctx = await createTestApp({
    staticRoot: fixture,
    runtimeConfigFile: overrideFile,
    productName: 'Nimbus',
  });
});
after(async () => {
  await ctx.close();
  rmSync(fixture, { recursive: true, force: true });
});

function configOf(html: string): RuntimeConfig {
  const match =
    /<body class="x"><script type="application\/json" id="runtime-config">(.*?)<\/script>/.exec(
      html,
    );
  assert.ok(match, 'the config follows <body>');
  return JSON.parse(match[1] ?? '') as RuntimeConfig;
}

/** The share answers a page carries, or null when it has none. */
function answersOf(html: string): ShareAnswersInPage | null {
  const match = /<script type="application\/json" id="share-answers">(.*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1] ?? '') as ShareAnswersInPage) : null;
}

describe('pages', () => {
  it("carries a share page's first answers: the info, and the root list of a public share", async () => {
    const answers = answersOf((await ctx.app.inject('/s/demo-public')).body);
    const info = await call(ctx.app, '/share/info', { share_url: '/s/demo-public' });
    assert.deepEqual(answers?.info, info.envelope.data);
    assert.equal(answers?.share_code, 'demo-public');
    const detail = await call(ctx.app, '/share/detail', {
      share_id: info.envelope.data?.id ?? 0,
      share_code: 'demo-public',
      extract_code: '',
    });
    assert.deepEqual(
      answers?.root_list?.map((item) => item.name),
      detail.envelope.data?.file_list.map((item) => item.name),
    );
    assert.ok((answers?.root_list?.length ?? 0) > 0);

    // A protected or closed share: its info only (the list needs the code, or is not shown).
    for (const code of ['demo-private', 'demo-expired']) {
      const other = answersOf((await ctx.app.inject(`/s/${code}`)).body);
      assert.equal(other?.info.share_code, code);
      assert.equal(other?.root_list, null);
    }
    // An unknown share: the page says so (it paints, and the app starts on, the not-found view).
    assert.deepEqual(answersOf((await ctx.app.inject('/s/nope')).body), {
      share_code: 'nope',
      not_found: true,
    });
    // Any other page: nothing.
    for (const url of ['/invite', '/', '/s/demo-public/extra']) {
      assert.equal(answersOf((await ctx.app.inject(url)).body), null, url);
    }
  });

  it('leaves out a root longer than the limit, and keeps one exactly at it', async () => {
    const { shares: service } = ctx.app;
    const whole = await service.pageAnswers('demo-public', 'http://localhost', 'en', {
      maxItems: 1000,
    });
    const length = whole?.root_list?.length ?? 0;
    assert.ok(length > 1);
    const atLimit = await service.pageAnswers('demo-public', 'http://localhost', 'en', {
      maxItems: length,
    });
    assert.deepEqual(
      atLimit?.root_list?.map((item) => item.id),
      whole?.root_list?.map((item) => item.id),
    );
    const over = await service.pageAnswers('demo-public', 'http://localhost', 'en', {
      maxItems: length - 1,
    });
    assert.equal(over?.info.share_code, 'demo-public');
    assert.equal(over?.root_list, null);
  });

  it("escapes < in a share page's answers", async () => {
    await ctx.app.db
      .update(shares)
      .set({ name: '</script><script>alert(1)</script>' })
      .where(eq(shares.code, 'demo-empty'));
    const html = (await ctx.app.inject('/s/demo-empty')).body;
    assert.ok(!html.includes('</script><script>alert(1)'));
    assert.equal(answersOf(html)?.info.share_name, '</script><script>alert(1)</script>');
  });

  it("hints the browser to preload the share remote with the page, in its head, and carries the remote's manifest", async () => {
    const html = (await ctx.app.inject('/s/demo-public')).body;
    const head = html.slice(0, html.indexOf('</head>'));
    // The manifest is in the page, not fetched: the federation runtime reads it there.
    assert.doesNotMatch(html, /rel="?preload"?[^>]*mf-manifest/);
    const manifests = /<script type="application\/json" id="remote-manifests">(.*?)<\/script>/.exec(
      html,
    )?.[1];
    assert.deepEqual(JSON.parse(manifests ?? 'null'), {
      '/remotes/share/mf-manifest.json': JSON.parse(
        readFileSync(path.join(fixture, 'remote-share/dist/mf-manifest.json'), 'utf8'),
      ),
    });
    assert.ok(
      head.includes('<link rel="preload" href="/remotes/share/remoteEntry.js" as="script">'),
    );
    assert.ok(
      head.includes(
        '<link rel="preload" href="/remotes/share/__federation_expose_ShareViewer.89abcdef.js" as="script">',
      ),
    );
    // The invite page starts with remote-invite, which this fixture does not have: no hints.
    const invite = (await ctx.app.inject('/invite')).body;
    assert.doesNotMatch(invite, /rel="preload"/);
    assert.doesNotMatch(invite, /remote-manifests/);
  });

  it("sends the same hints, after the shell's start-up scripts, as a Link header", async () => {
    const share = await ctx.app.inject('/s/demo-public');
    assert.equal(
      share.headers.link,
      [
        '</main.0123abcd.js>; rel=preload; as=script',
        '</shared-singletons.4567cdef.js>; rel=preload; as=script',
        '</remotes/share/remoteEntry.js>; rel=preload; as=script',
        '</remotes/share/__federation_expose_ShareViewer.89abcdef.js>; rel=preload; as=script',
      ].join(', '),
    );
    // Without its remote's files, a page still hints the shell's own.
    assert.equal(
      (await ctx.app.inject('/invite')).headers.link,
      '</main.0123abcd.js>; rel=preload; as=script, </shared-singletons.4567cdef.js>; rel=preload; as=script',
    );
  });

  it('renders the shell with the runtime config for page routes', async () => {
    // The not-found page is the same page, with its status: no soft 404 for a crawler.
    for (const [url, status] of [
      ['/', 200],
      ['/index.html', 200],
      ['/s/demo-public', 200],
      ['/invite', 200],
      ['/404', 404],
      ['/some/unknown/page?x=1', 404],
    ] as const) {
      const response = await ctx.app.inject(url);
      assert.equal(response.statusCode, status, url);
      assert.match(String(response.headers['content-type']), /text\/html/);
      assert.equal(response.headers['cache-control'], 'no-cache');
      const config = configOf(response.body);
      assert.equal(config.apiBaseUrl, '/api');
      assert.equal(config.remotes.share.name, 'remote_share');
      assert.equal(config.remotes.payments.manifestUrl, '/remotes/payments/mf-manifest.json');
      assert.deepEqual(config.identity, {
        provider: 'development',
        origin: 'http://localhost',
        signInUrl: '/idp/authorize',
      });
      assert.deepEqual(config.inviteAuthOrigins, ['http://localhost']);
      assert.equal(config.community, 'discord');
      assert.equal(config.simulatedBridge, false);
    }
    const csp = (await ctx.app.inject('/')).headers['content-security-policy'] ?? '';
    for (const part of [
      "default-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "worker-src 'self' blob:",
      "media-src 'self' blob:",
      "frame-ancestors 'none'",
    ]) {
      assert.ok(String(csp).includes(part), part);
    }
  });

  it('serves /config.json with the file override merged, re-read when it changes', async () => {
    const first = (await ctx.app.inject('/config.json')).json<RuntimeConfig>();
    assert.equal(first.productName, 'Nimbus Test');
    assert.equal(first.remotes.payments.manifestUrl, '/remotes/payments/mf-manifest.json');
    writeFileSync(
      overrideFile,
      JSON.stringify({
        remotes: {
          payments: { manifestUrl: 'https://cdn.example.com/payments/v2/mf-manifest.json' },
        },
      }),
    );
    const later = new Date(Date.now() + 5000);
    utimesSync(overrideFile, later, later);
    await afterFileRecheck();
    const second = (await ctx.app.inject('/config.json')).json<RuntimeConfig>();
    assert.equal(second.productName, 'Nimbus');
    assert.equal(
      second.remotes.payments.manifestUrl,
      'https://cdn.example.com/payments/v2/mf-manifest.json',
    );
    assert.equal(second.remotes.payments.name, 'remote_payments');
    const page = await ctx.app.inject('/s/demo-public');
    assert.equal(
      configOf(page.body).remotes.payments.manifestUrl,
      'https://cdn.example.com/payments/v2/mf-manifest.json',
    );
    const csp = String(page.headers['content-security-policy']);
    assert.match(csp, /script-src 'self' https:\/\/cdn\.example\.com/);
    assert.match(csp, /connect-src 'self' https:\/\/cdn\.example\.com/);
    // Its chunks' CSS loads from there too (the page inlines only what this server serves).
    assert.match(csp, /style-src 'self' https:\/\/cdn\.example\.com 'unsafe-inline'/);
    // A remote's own images come from its origin, even a plain-http one.
    assert.match(csp, /img-src [^;]*https:\/\/cdn\.example\.com/);
  });

  it('escapes < in the injected config', async () => {
    writeFileSync(
      overrideFile,
      JSON.stringify({ productName: '</script><script>alert(1)</script>' }),
    );
    const later = new Date(Date.now() + 10_000);
    utimesSync(overrideFile, later, later);
    await afterFileRecheck();
    const page = await ctx.app.inject('/');
    assert.ok(!page.body.includes('</script><script>alert(1)'));
    assert.equal(configOf(page.body).productName, '</script><script>alert(1)</script>');
  });
});

describe('static files', () => {
  it('caches hashed files for a year and revalidates entries, manifests and HTML', async () => {
    const hashed = await ctx.app.inject('/main.0123abcd.js');
    assert.equal(hashed.statusCode, 200);
    assert.equal(hashed.headers['cache-control'], 'public, max-age=31536000, immutable');
    const chunk = await ctx.app.inject(
      '/remotes/share/__federation_expose_ShareViewer.89abcdef.js',
    );
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
    for (const url of [
      '/remoteEntry.js',
      '/remotes/share/remoteEntry.js',
      '/remotes/share/mf-manifest.json',
    ]) {
      const response = await ctx.app.inject(url);
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['cache-control'], 'no-cache', url);
    }
  });

  it("sends the build's brotli file as it is, cached like the script, and the script to others", async () => {
    const brotli = await ctx.app.inject({
      url: '/main.0123abcd.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    assert.equal(brotli.statusCode, 200);
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.match(String(brotli.headers['content-type']), /^application\/javascript/);
    assert.equal(brotli.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(
      brotliDecompressSync(brotli.rawPayload).toString(),
      `console.log(${JSON.stringify('x'.repeat(4000))});`,
    );
    const plain = await ctx.app.inject({
      url: '/main.0123abcd.js',
      headers: { 'accept-encoding': 'identity' },
    });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, `console.log(${JSON.stringify('x'.repeat(4000))});`);
  });

  it('compresses and sends CORS headers for the configured origins', async () => {
    const response = await ctx.app.inject({
      url: '/remotes/share/mf-manifest.json',
      headers: { origin: 'http://localhost:3000', 'accept-encoding': 'br, gzip' },
    });
    assert.equal(response.headers['access-control-allow-origin'], 'http://localhost:3000');
    assert.ok(['br', 'gzip'].includes(String(response.headers['content-encoding'])));
    const stranger = await ctx.app.inject({
      url: '/remotes/share/mf-manifest.json',
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(stranger.headers['access-control-allow-origin'], undefined);
  });

  it("sends scripts, stylesheets and raster images without a document's headers, JSON and SVG with a policy of their own", async () => {
    write('shell/dist/start.0123abcd.css', 'body { color: black; }');
    write('shell/dist/photo.png', 'not really a png');
    write('shell/dist/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const documentOnly = [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
    ];
    const everywhere = [
      'x-content-type-options',
      'strict-transport-security',
      'cross-origin-resource-policy',
      'referrer-policy',
    ];
    for (const url of ['/main.0123abcd.js', '/start.0123abcd.css', '/photo.png']) {
      const response = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      assert.equal(response.statusCode, 200, url);
      for (const name of documentOnly)
        assert.equal(response.headers[name], undefined, `${url} ${name}`);
      for (const name of everywhere) assert.ok(response.headers[name], `${url} ${name}`);
    }
    // Pages, and answers of an unknown type, are documents that may run the app.
    for (const url of ['/s/demo-public', '/', '/nope.0123abcd.js']) {
      const response = await ctx.app.inject(url);
      for (const name of [...documentOnly, ...everywhere])
        assert.ok(response.headers[name], `${url} ${name}`);
      assert.match(String(response.headers['content-security-policy']), /script-src 'self'/);
    }
    // An SVG runs scripts when opened on its own, and a JSON answer can be opened too: each gets
    // a policy under which nothing loads, runs or frames it, without the app page's headers.
    for (const url of ['/logo.svg', '/config.json', '/api/share/info']) {
      const response = await ctx.app.inject(url);
      assert.match(String(response.headers['content-type']), /json|svg/, url);
      assert.equal(
        response.headers['content-security-policy'],
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'",
        url,
      );
      for (const name of [...everywhere, 'x-frame-options'])
        assert.ok(response.headers[name], `${url} ${name}`);
      assert.equal(response.headers['cross-origin-opener-policy'], undefined, url);
      assert.equal(response.headers['x-xss-protection'], undefined, url);
    }
  });

  it('answers 404 for missing files and for remotes that are not built', async () => {
    assert.equal((await ctx.app.inject('/remotes/share/nope.js')).statusCode, 404);
    assert.equal((await ctx.app.inject('/remotes/payments/mf-manifest.json')).statusCode, 404);
    assert.equal((await ctx.app.inject('/missing.0123abcd.js')).statusCode, 404);
  });
});

describe('development identity provider', () => {
  it('lists the demo accounts and hands out tokens the login accepts', async () => {
    for (const provider of ['Google', 'AppleID']) {
      const response = await ctx.app.inject(`/idp/authorize?provider=${provider}&scope=email`);
      assert.equal(response.statusCode, 200);
      assert.match(
        response.body,
        new RegExp(`<title>Sign in with ${provider === 'Google' ? 'Google' : 'Apple ID'}</title>`),
      );
      for (const name of ['Sam', 'Carol', 'Alice', 'Bob']) {
        // Off until the popup's script has taken its clicks (idp.js turns it on).
        assert.ok(
          response.body.includes(`<button type="button" disabled aria-label="${name}"`),
          name,
        );
      }
      assert.ok(response.body.includes('data-origin="http://localhost"'));
      assert.ok(!/<script>/.test(response.body), 'no inline script');
      const token = /aria-label="Carol" data-token="([^"]+)"/.exec(response.body)?.[1];
      assert.ok(token);
      const { envelope } = await call(ctx.app, '/login', { third_token: token });
      assert.equal(envelope.code, 0);
      assert.equal(envelope.data.is_new, false);
    }
    assert.equal((await ctx.app.inject('/idp/authorize?provider=Nope')).statusCode, 400);
    const script = await ctx.app.inject('/idp/idp.js');
    assert.equal(script.statusCode, 200);
    assert.match(script.body, /postMessage/);
    assert.match(script.body, /button\.disabled = false/);
  });
});

describe('community invite', () => {
  const redirectUri = 'http://localhost/invite?lang=en';
  const callback = '/community_activity/{community}/oauth/callback';

  /** The app user (their session token) asks for an authorization and approves `account`. */
  async function authorize(token: string, account: string) {
    const { envelope } = await call(
      ctx.app,
      '/community_activity/{community}/auth_url',
      { redirect_uri: redirectUri, addon_state: 'lang=zh' },
      { token },
    );
    assert.equal(envelope.code, 0);
    const authUrl = new URL(envelope.data.auth_url);
    assert.equal(authUrl.origin, 'http://localhost');
    const page = await ctx.app.inject(authUrl.pathname + authUrl.search);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Approve/);
    const state = authUrl.searchParams.get('state') ?? '';
    const approve = await ctx.app.inject(
      `/community-oauth/approve?redirect_uri=${encodeURIComponent(redirectUri)}&state=${encodeURIComponent(state)}&account=${account}`,
    );
    assert.equal(approve.statusCode, 302);
    const back = new URL(String(approve.headers.location));
    assert.equal(back.origin + back.pathname, 'http://localhost/invite');
    assert.equal(back.searchParams.get('lang'), 'en');
    assert.equal(back.searchParams.get('state'), state);
    return { code: back.searchParams.get('code') ?? '', state };
  }

  it('links a community account once per user and once per account; each code works once', async () => {
    const first = await login(ctx.app, 'kim@example.com', 'Kim');
    const grant = await authorize(first.token, 'discord-100001');
    const body = { ...grant, user_id: first.user_id, activity_id: 1, redirect_uri: redirectUri };
    const claimed = await call(ctx.app, callback, body, { token: first.token });
    assert.deepEqual(claimed.envelope, {
      code: 0,
      msg: 'success',
      data: { user_info: { id: String(first.user_id) } },
    });
    const repeat = await call(ctx.app, callback, body, { token: first.token });
    assert.equal(repeat.envelope.code, 1000, 'a code is accepted once');

    const second = await login(ctx.app, 'lee@example.com', 'Lee');
    const sameAccount = await authorize(second.token, 'discord-100001');
    const refused = await call(
      ctx.app,
      callback,
      { ...sameAccount, user_id: second.user_id, activity_id: 1, redirect_uri: redirectUri },
      { token: second.token },
    );
    assert.equal(refused.envelope.code, 1001);

    const otherAccount = await authorize(first.token, 'discord-100002');
    const twice = await call(
      ctx.app,
      callback,
      { ...otherAccount, user_id: first.user_id, activity_id: 1, redirect_uri: redirectUri },
      { token: first.token },
    );
    assert.equal(twice.envelope.code, 1000);
  });

  it('refuses forged states, codes, foreign redirect addresses and other users', async () => {
    const user = await login(ctx.app, 'max@example.com', 'Max');
    const grant = await authorize(user.token, 'discord-100003');
    const base = { ...grant, user_id: user.user_id, activity_id: 1, redirect_uri: redirectUri };
    const attempt = (overrides: Partial<typeof base>) =>
      call(ctx.app, callback, { ...base, ...overrides }, { token: user.token });
    assert.equal((await attempt({ state: `${grant.state}x` })).envelope.code, 1000);
    assert.equal((await attempt({ code: 'forged' })).envelope.code, 1000);
    assert.equal((await attempt({ redirect_uri: 'http://localhost/other' })).envelope.code, 1000);
    assert.equal((await attempt({ user_id: 999_999 })).envelope.code, 1000);
    const foreign = await call(
      ctx.app,
      '/community_activity/{community}/auth_url',
      { redirect_uri: 'https://evil.example/steal', addon_state: 'lang=en' },
      { token: user.token },
    );
    assert.equal(foreign.envelope.code, 4000);
    const badPage = await ctx.app.inject(
      '/community-oauth/authorize?redirect_uri=https%3A%2F%2Fevil.example&state=x',
    );
    assert.equal(badPage.statusCode, 400);
  });

  it("tells the simulated bridge its session's app user, only when enabled", async () => {
    assert.equal((await ctx.app.inject('/api/dev/app-user')).json<{ code: number }>().code, 4004);
    const bridge = await createTestApp({ simulatedBridge: true, staticRoot: fixture });
    try {
      const anonymous = await bridge.app.inject('/api/dev/app-user');
      assert.equal(anonymous.json<{ code: number }>().code, 2000);
      const session = await login(bridge.app, 'carol@example.com', 'Carol');
      const response = await bridge.app.inject({
        url: '/api/dev/app-user',
        headers: { 'x-token': session.token },
      });
      assert.deepEqual(response.json(), {
        user_id: session.user_id,
        has_granted_discord_reward: false,
      });
      assert.equal(
        (await bridge.app.inject('/config.json')).json<RuntimeConfig>().simulatedBridge,
        true,
      );
    } finally {
      await bridge.close();
    }
  });
});

describe('persistence', () => {
  it('keeps data across restarts in DATA_DIR and seeds once', async (t) => {
    if (process.env.TEST_DATABASE_URL) {
      t.skip('DATA_DIR is the embedded database only');
      return;
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-data-'));
    try {
      const env = testEnv({ dataDir, staticRoot: fixture });
      const first = await buildApp(env, { logger: false });
      const session = await login(first, 'nora@example.com', 'Nora');
      const created = await call(
        first,
        '/file/folder/create',
        { folder_name: 'Kept', parent_id: 0 },
        { token: session.token },
      );
      assert.equal(created.envelope.code, 0);
      await first.close();

      const second = await buildApp(env, { logger: false });
      try {
        const list = await call(
          second,
          '/file/folder/list',
          { parent_id: 0, page: { current_page: 1, page_size: 50 } },
          { token: session.token },
        );
        assert.equal(list.envelope.code, 0, 'the session survives');
        assert.deepEqual(
          list.envelope.data.list.map((folder) => folder.name),
          ['Kept'],
        );
        const again = await login(second, 'nora@example.com', 'Nora');
        assert.equal(again.is_new, false);
        const products = await call(second, '/product/list', { app_id: 1 });
        assert.equal(products.envelope.data.vip_products.length, 3, 'seeded once');
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
