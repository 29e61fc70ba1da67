/**
 * The trust boundaries a stranger with curl and a thousand addresses would try (issue 17): each
 * test is one attack that worked before and must not work now.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { SharedItem } from 'shared-contracts';
import type { RuntimeConfig } from 'shared-contracts/page';
import { PREVIEW_LIMIT_SECONDS, SHARE_LIST_PAGE_DEFAULT } from 'shared-contracts';
import { buildApp } from '../app';
import { readEnv, REPO_ROOT } from '../config/env';
import { ConfigError } from '../config/env-values';
import { DEMO_SHARE_CODES } from '../db/seed-data/shares';
import {
  events,
  extractCodeNetworks,
  extractCodeShareFailures,
  sessions,
  shares,
  usedProofs,
  users,
} from '../db/schema';
import { signPayload } from '../lib/signing';
import { pruneOnce } from '../plugins/app/housekeeping';
import { downloadPathOf } from '../shares/share-items';
import { mp3DurationSeconds } from './mp3-duration';
import {
  call,
  createTestApp,
  login,
  openTestDatabase,
  shareRefOf,
  testEnv,
  type TestContext,
} from './helpers';

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp();
});
after(async () => {
  await ctx.close();
});

async function rootOf(code: string, extractCode = '') {
  const share = await shareRefOf(ctx.app, code);
  const { envelope } = await call(ctx.app, '/share/detail', {
    ...share,
    extract_code: extractCode,
  });
  assert.equal(envelope.code, 0, envelope.msg);
  return envelope.data.file_list;
}

function named(items: SharedItem[], name: string): SharedItem {
  const item = items.find((entry) => entry.name === name);
  assert.ok(item, `${name} is listed`);
  return item;
}

/** The path and query of an absolute media URL, for inject. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

describe('shares are secret without their link', () => {
  it('gives share ids at random, not one after another', async () => {
    const ids = await Promise.all(
      DEMO_SHARE_CODES.map(async (code) => (await shareRefOf(ctx.app, code)).share_id),
    );
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ids) assert.ok(Number.isInteger(id) && id >= 1 && id < 2 ** 31, String(id));
    const sorted = [...ids].sort((a, b) => a - b);
    const spread = (sorted.at(-1) ?? 0) - (sorted[0] ?? 0);
    assert.ok(spread > 1000, `ids ${sorted.join(', ')} are not a run of consecutive numbers`);
  });

  it('lists, saves and tells nothing for an id without its share code', async () => {
    const { token } = await login(ctx.app, 'eve@example.com', 'Eve');
    const real = await Promise.all(
      ['demo-public', 'demo-canceled', 'demo-large'].map((code) => shareRefOf(ctx.app, code)),
    );
    const guesses = [
      ...Array.from({ length: 40 }, (_, index) => index + 1),
      ...real.map((r) => r.share_id),
    ];
    for (const shareId of guesses) {
      for (const shareCode of ['demo-nope', 'x']) {
        const detail = await call(ctx.app, '/share/detail', {
          share_id: shareId,
          share_code: shareCode,
          extract_code: '',
        });
        assert.deepEqual(
          detail.envelope,
          { code: 4004, msg: 'Share not found', data: null },
          `share ${shareId}: not even its status`,
        );
        const save = await call(
          ctx.app,
          '/share/save_file',
          {
            share_id: shareId,
            share_code: shareCode,
            extract_code: '',
            folder_id: -1,
            file_ids: [1],
          },
          { token },
        );
        assert.equal(save.envelope.code, 4004);
      }
    }
    const missingCode = await ctx.app.inject({
      method: 'POST',
      url: '/api/share/detail',
      payload: { share_id: real[0]?.share_id, extract_code: '' },
    });
    assert.equal(missingCode.json<{ code: number }>().code, 4000);
  });
});

describe('the preview limit holds for every media type', () => {
  it('hands out the first 60 seconds of the 70-second mp3, never the whole file, Range requests included', async () => {
    const audio = named(await rootOf('demo-public'), 'Morning Tone.mp3');
    assert.equal(audio.duration, 70);
    const response = await ctx.app.inject(pathOf(audio.download_url));
    assert.equal(response.statusCode, 200);
    const seconds = mp3DurationSeconds(response.rawPayload);
    assert.ok(seconds <= PREVIEW_LIMIT_SECONDS, `${seconds} s handed out`);
    assert.ok(seconds > PREVIEW_LIMIT_SECONDS - 1, `${seconds} s: the preview is the first minute`);

    // Past the preview's end: nothing. The full file's bytes at 65 s are not there to ask for.
    const pastPreview = await ctx.app.inject({
      url: pathOf(audio.download_url),
      headers: { range: `bytes=${response.rawPayload.length}-` },
    });
    assert.equal(pastPreview.statusCode, 416);
    const tail = await ctx.app.inject({
      url: pathOf(audio.download_url),
      headers: { range: 'bytes=100000-' },
    });
    assert.equal(tail.statusCode, 206);
    assert.equal(tail.rawPayload.length, response.rawPayload.length - 100000);

    // The same token does not open the full file.
    const token = new URL(audio.download_url).pathname.split('/')[3];
    const full = await ctx.app.inject(`/media/t/${token}/audio/tone.mp3`);
    assert.equal(full.statusCode, 403);
  });

  it('serves an HLS video only up to 60 seconds of segments', async () => {
    const video = named(await rootOf('demo-public'), 'Ocean Waves.mp4');
    const playlist = await ctx.app.inject(pathOf(video.download_url));
    assert.equal(playlist.statusCode, 200);
    const durations = [...playlist.body.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
    assert.ok(durations.reduce((sum, value) => sum + value, 0) <= PREVIEW_LIMIT_SECONDS);
    const base = pathOf(video.download_url).replace(/preview\.m3u8$/, '');
    assert.equal((await ctx.app.inject(`${base}segment-06.m2ts`)).statusCode, 403);
    assert.equal((await ctx.app.inject(`${base}index.m3u8`)).statusCode, 403);
  });

  it('gives a long progressive file without a preview rendition no link at all', () => {
    const row = {
      id: 1,
      shareId: 1,
      parentId: null,
      name: 'Long film.mp4',
      isFolder: false,
      mediaType: 2,
      mediaPath: 'video/clip.mp4',
      previewPath: '',
      thumbPath: '',
      isM3u8: false,
      duration: 90,
      totalSize: 1,
      createTime: 0,
      updateTime: 0,
    };
    assert.equal(downloadPathOf(row), null);
    assert.equal(
      downloadPathOf({ ...row, previewPath: 'video/clip.preview.mp4' }),
      'video/clip.preview.mp4',
    );
    assert.equal(downloadPathOf({ ...row, duration: 20 }), 'video/clip.mp4');
  });

  it("stops a share's media links within a second of its cancellation", async () => {
    const own = await createTestApp();
    try {
      const share = await shareRefOf(own.app, 'demo-public');
      const root = (await call(own.app, '/share/detail', { ...share, extract_code: '' })).envelope
        .data.file_list;
      const thumb = pathOf(named(root, 'mountains.jpg').thumb_url);
      assert.equal((await own.app.inject(thumb)).statusCode, 200);
      await own.app.db.update(shares).set({ status: 2 }).where(eq(shares.id, share.share_id));
      await new Promise((resolve) => setTimeout(resolve, 1100));
      assert.equal((await own.app.inject(thumb)).statusCode, 403);
      await own.app.db.update(shares).set({ status: 1 }).where(eq(shares.id, share.share_id));
      await own.app.db.update(shares).set({ expiryTime: 1 }).where(eq(shares.id, share.share_id));
      await new Promise((resolve) => setTimeout(resolve, 1100));
      assert.equal((await own.app.inject(thumb)).statusCode, 403, 'expired');
    } finally {
      await own.close();
    }
  });
});

describe('client addresses and origins come from the configuration', () => {
  it('believes only the trusted proxy hop of X-Forwarded-For', async () => {
    const proxied = await createTestApp({ trustProxy: 1 });
    try {
      const share = await shareRefOf(proxied.app, 'demo-private');
      const guess = (forged: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/share/detail',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': `${forged}, 203.0.113.77` },
          payload: { ...share, extract_code: 'zzzz' },
        });
      for (let attempt = 0; attempt < 10; attempt += 1) {
        assert.equal((await guess(`198.51.100.${attempt}`)).json<{ code: number }>().code, 4002);
      }
      // A new made-up address in front of the proxy's own entry changes nothing.
      assert.equal((await guess('198.51.100.200')).statusCode, 429);
    } finally {
      await proxied.close();
    }
  });

  it('ignores X-Forwarded-Host and a forged Host for every origin the page trusts', async () => {
    const proxied = await createTestApp({ trustProxy: 1, publicOrigin: 'https://share.example' });
    try {
      const forged = {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'http',
      };
      const config = (
        await proxied.app.inject({
          url: '/config.json',
          headers: forged,
          remoteAddress: '10.0.0.2',
        })
      ).json<RuntimeConfig>();
      assert.deepEqual(config.identity, {
        provider: 'development',
        origin: 'https://share.example',
        signInUrl: '/idp/authorize',
      });
      assert.deepEqual(config.inviteAuthOrigins, ['https://share.example']);
      const share = await shareRefOf(proxied.app, 'demo-public');
      const detail = await proxied.app.inject({
        method: 'POST',
        url: '/api/share/detail',
        headers: forged,
        remoteAddress: '10.0.0.2',
        payload: { ...share, extract_code: '' },
      });
      const items = detail.json<{ data: { file_list: SharedItem[] } }>().data.file_list;
      for (const item of items.filter((entry) => entry.thumb_url)) {
        assert.ok(item.thumb_url.startsWith('https://share.example/media/'), item.thumb_url);
      }
    } finally {
      await proxied.close();
    }
  });

  it('reads TRUST_PROXY as a hop count or a list of proxies, never "believe anyone"', () => {
    assert.equal(readEnv({ TRUST_PROXY: '1' }).trustProxy, 1);
    assert.deepEqual(readEnv({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' }).trustProxy, [
      '10.0.0.0/8',
      '192.0.2.1',
    ]);
    assert.equal(readEnv({}).trustProxy, false);
    for (const value of ['true', 'yes', '10.0.0.0/99', '*']) {
      assert.throws(() => readEnv({ TRUST_PROXY: value }), ConfigError, value);
    }
  });
});

describe('extract codes', () => {
  it('evaluates no more than the limit of 200 concurrent wrong codes from one address', async () => {
    const share = await shareRefOf(ctx.app, 'demo-private');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        call(
          ctx.app,
          '/share/detail',
          { ...share, extract_code: `w${index}` },
          { ip: '203.0.113.200' },
        ),
      ),
    );
    const codes = answers.map((answer) => answer.envelope.code);
    assert.equal(codes.filter((code) => code === 4002).length, 10);
    // The others are refused unread: locked (4029), or, past the share's line in the checks'
    // bulkhead, told to come back in a second (5003).
    assert.equal(codes.filter((code) => code === 4029 || code === 5003).length, 190);
  });
});

describe('the reward goes to the verified app user only', () => {
  it("refuses another user's claim, a claim without the app user's session, and a state of someone else", async () => {
    const redirectUri = 'http://localhost/invite';
    const victim = await login(ctx.app, 'vic@example.com', 'Vic');
    const attacker = await login(ctx.app, 'mal@example.com', 'Mal');
    const anonymous = await call(ctx.app, '/community_activity/{community}/auth_url', {
      redirect_uri: redirectUri,
      addon_state: 'lang=en',
    });
    assert.equal(anonymous.envelope.code, 2000, 'an auth URL needs the app user');

    const authorize = async (token: string) => {
      const { envelope } = await call(
        ctx.app,
        '/community_activity/{community}/auth_url',
        { redirect_uri: redirectUri, addon_state: 'lang=en' },
        { token },
      );
      const url = new URL(envelope.data.auth_url);
      const state = url.searchParams.get('state') ?? '';
      const approve = await ctx.app.inject(
        `/community-oauth/approve?redirect_uri=${encodeURIComponent(redirectUri)}&state=${encodeURIComponent(state)}&account=discord-100002`,
      );
      return {
        code: new URL(String(approve.headers.location)).searchParams.get('code') ?? '',
        state,
      };
    };
    const claim = (grant: { code: string; state: string }, userId: number, token?: string) =>
      call(
        ctx.app,
        '/community_activity/{community}/oauth/callback',
        { ...grant, user_id: userId, activity_id: 1, redirect_uri: redirectUri },
        token ? { token } : {},
      );

    const attackersGrant = await authorize(attacker.token);
    assert.equal((await claim(attackersGrant, victim.user_id)).envelope.code, 2000);
    assert.equal(
      (await claim(attackersGrant, victim.user_id, attacker.token)).envelope.code,
      1000,
      "the body's user_id is not the session's",
    );
    assert.equal(
      (await claim(attackersGrant, victim.user_id, victim.token)).envelope.code,
      1000,
      "the state was another user's",
    );
    const [victimRow] = await ctx.app.db.select().from(users).where(eq(users.id, victim.user_id));
    assert.equal(victimRow?.hasGrantedDiscordReward, false, "the victim's reward is untouched");

    const victimsGrant = await authorize(victim.token);
    assert.equal((await claim(victimsGrant, victim.user_id, victim.token)).envelope.code, 0);
  });
});

describe("the invite's OAuth code is bound to the flow it was issued for", () => {
  it("refuses a code from another user's flow, another state, or another community", async () => {
    const redirectUri = 'http://localhost/invite';
    const carol = await login(ctx.app, 'carol-flow@example.com', 'Carol');
    const bob = await login(ctx.app, 'bob-flow@example.com', 'Bob');
    const stateFor = async (token: string) => {
      const { envelope } = await call(
        ctx.app,
        '/community_activity/{community}/auth_url',
        { redirect_uri: redirectUri, addon_state: 'lang=en' },
        { token },
      );
      return new URL(envelope.data.auth_url).searchParams.get('state') ?? '';
    };
    const codeFor = async (state: string, account: string) => {
      const approve = await ctx.app.inject(
        `/community-oauth/approve?redirect_uri=${encodeURIComponent(redirectUri)}&state=${encodeURIComponent(state)}&account=${account}`,
      );
      return new URL(String(approve.headers.location)).searchParams.get('code') ?? '';
    };
    const claim = (code: string, state: string, userId: number, token: string) =>
      call(
        ctx.app,
        '/community_activity/{community}/oauth/callback',
        { code, state, user_id: userId, activity_id: 1, redirect_uri: redirectUri },
        { token },
      );

    const carolsState = await stateFor(carol.token);
    const carolsCode = await codeFor(carolsState, 'discord-100003');
    const bobsState = await stateFor(bob.token);
    const bobsFirstState = await stateFor(bob.token);
    const refused = await claim(carolsCode, bobsState, bob.user_id, bob.token);
    assert.equal(refused.envelope.code, 1000, "Bob cannot redeem the code of Carol's flow");
    assert.match(refused.envelope.msg, /authorization code is invalid/);
    const bobsCode = await codeFor(bobsFirstState, 'discord-100001');
    assert.equal(
      (await claim(bobsCode, bobsState, bob.user_id, bob.token)).envelope.code,
      1000,
      'nor a code of his own other flow',
    );
    const [bobRow] = await ctx.app.db.select().from(users).where(eq(users.id, bob.user_id));
    assert.equal(bobRow?.hasGrantedDiscordReward, false);

    // A code signed for another community (the same key) is not this community's.
    const codePayload = JSON.parse(
      Buffer.from(bobsCode.split('.')[0] ?? '', 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    const otherCommunity = signPayload(
      ctx.app.secrets.key('community-code'),
      { ...codePayload, m: 'telegram', n: 'another-nonce-of-16-bytes' },
      60,
    );
    assert.equal(
      (await claim(otherCommunity, bobsFirstState, bob.user_id, bob.token)).envelope.code,
      1000,
    );

    // Each flow redeems its own code.
    assert.equal(
      (await claim(carolsCode, carolsState, carol.user_id, carol.token)).envelope.code,
      0,
    );
    assert.equal((await claim(bobsCode, bobsFirstState, bob.user_id, bob.token)).envelope.code, 0);
  });
});

describe('every input has a clear answer', () => {
  it('answers NUL and lone surrogates with 4000, never 500', async () => {
    const { token } = await login(ctx.app, 'nul@example.com', 'Nul');
    for (const text of ['a\u0000b', 'x\ud800', '\udfffy']) {
      const attempts = [
        call(ctx.app, '/share/report', { share_code: 'demo-public', content: text }),
        call(ctx.app, '/file/folder/create', { folder_name: text, parent_id: 0 }, { token }),
        call(ctx.app, '/event/report', {
          event_name: 'share_preview_click',
          content: text,
          sign: 'x',
        }),
        call(ctx.app, '/share/info', { share_url: text }),
      ];
      for (const { status, envelope } of await Promise.all(attempts)) {
        assert.equal(status, 200, JSON.stringify(text));
        assert.equal(envelope.code, 4000, `${JSON.stringify(text)}: ${envelope.msg}`);
      }
    }
    const page = await ctx.app.inject(
      '/community-oauth/authorize?redirect_uri=%00&state=%ED%A0%80',
    );
    assert.equal(page.statusCode, 400);
  });

  it('answers a unique-key race with 4009, never 500', async () => {
    const { token } = await login(ctx.app, 'race@example.com', 'Race');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(ctx.app, '/file/folder/create', { folder_name: 'Twins', parent_id: 0 }, { token }),
      ),
    );
    const codes = answers.map((answer) => answer.envelope.code);
    assert.ok(
      codes.every((code) => code === 0 || code === 4009),
      codes.join(','),
    );
    assert.equal(codes.filter((code) => code === 0).length, 1);
  });

  it("keeps the 10,000-file folder's answer small: a page by default, 1,000 at most", async () => {
    const share = await shareRefOf(ctx.app, 'demo-large');
    const [folder] = await rootOf('demo-large');
    const unpaged = await ctx.app.inject({
      method: 'POST',
      url: '/api/share/detail',
      payload: { ...share, extract_code: '', folder_id: folder?.id },
    });
    const body = unpaged.json<{ data: { file_list: SharedItem[]; total: number } }>();
    assert.equal(body.data.file_list.length, SHARE_LIST_PAGE_DEFAULT);
    assert.equal(body.data.total, 10_000);
    assert.ok(unpaged.rawPayload.length < 80_000, `${unpaged.rawPayload.length} bytes`);
    const largest = await call(ctx.app, '/share/detail', {
      ...share,
      extract_code: '',
      folder_id: folder?.id,
      page: { current_page: 1, page_size: 1000 },
    });
    assert.ok(JSON.stringify(largest.envelope).length < 800_000);
  });
});

describe('headers and housekeeping', () => {
  it('answers /healthz and /readyz, and the CSP lets forms post only here (an answer: nowhere)', async () => {
    assert.deepEqual((await ctx.app.inject('/healthz')).json(), { status: 'ok' });
    const ready = (await ctx.app.inject('/readyz')).json<{
      status: string;
      dependencies: { database?: { up: boolean } };
    }>();
    assert.equal(ready.status, 'ready');
    assert.equal(ready.dependencies.database?.up, true);
    const csp = String((await ctx.app.inject('/')).headers['content-security-policy']);
    assert.match(csp, /form-action 'self'/);
    const answer = String((await ctx.app.inject('/healthz')).headers['content-security-policy']);
    assert.match(answer, /form-action 'none'/);
  });

  it('prunes old sessions, events, reports, extract-code counts and used proofs', async () => {
    const database = await openTestDatabase();
    const app = await buildApp(testEnv(), { database, logger: false });
    try {
      const { user_id } = await login(app, 'old@example.com', 'Old');
      const longAgo = new Date(Date.now() - 400 * 24 * 3600 * 1000);
      await app.db.insert(sessions).values({
        tokenHash: 'f'.repeat(64),
        userId: user_id,
        expiresAt: longAgo,
      });
      await app.db.insert(events).values({ eventName: 'old', content: '{}', createdAt: longAgo });
      await app.db.insert(events).values({ eventName: 'new', content: '{}' });
      const share = await shareRefOf(app, 'demo-private');
      await app.db.insert(extractCodeNetworks).values({
        shareId: share.share_id,
        clientNetwork: '192.0.2.1',
        recentFailures: [longAgo],
        attackFailures: [],
        passedAt: longAgo,
        updatedAt: longAgo,
      });
      await app.db
        .insert(extractCodeShareFailures)
        .values({ shareId: share.share_id, hour: longAgo, failures: 3 });
      await app.db.insert(usedProofs).values({ signature: 'old-proof', expiresAt: longAgo });
      await app.db
        .insert(usedProofs)
        .values({ signature: 'new-proof', expiresAt: new Date(Date.now() + 60_000) });
      const pruned = await pruneOnce(app.db);
      assert.deepEqual(pruned, {
        sessions: 1,
        events: 1,
        reports: 0,
        extractCodeNetworks: 1,
        extractCodeShareFailures: 1,
        usedProofs: 1,
        usedOauthCodes: 0,
      });
      const left = await app.db.select({ name: events.eventName }).from(events);
      assert.deepEqual(
        left.map((row) => row.name),
        ['new'],
      );
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('production mode', () => {
  const secret = 'a-production-master-secret-of-at-least-32-characters';
  const complete = {
    NODE_ENV: 'production',
    PUBLIC_ORIGIN: 'https://share.example',
    MASTER_SECRET: secret,
    IDENTITY_PROVIDER: 'firebase',
    FIREBASE_PROJECT_ID: 'nimbus-prod',
    FIREBASE_API_KEY: 'a-public-web-api-key',
    ENABLE_EMBEDDED_DATABASE: '1',
  };

  it('refuses to start without each required setting, naming it', () => {
    const without = (name: keyof typeof complete): NodeJS.ProcessEnv =>
      Object.fromEntries(Object.entries(complete).filter(([key]) => key !== name));
    assert.throws(
      () => readEnv(without('PUBLIC_ORIGIN')),
      /PUBLIC_ORIGIN is required in production/,
    );
    assert.throws(() => readEnv(without('MASTER_SECRET')), /MASTER_SECRET or MASTER_SECRET_FILE/);
    assert.throws(() => readEnv(without('IDENTITY_PROVIDER')), /IDENTITY_PROVIDER=firebase/);
    assert.throws(() => readEnv(without('FIREBASE_API_KEY')), /FIREBASE_API_KEY/);
    assert.throws(() => readEnv({ ...complete, MASTER_SECRET: 'short' }), /at least 32/);
    assert.throws(
      () => readEnv({ ...complete, IDENTITY_PROVIDER: 'development' }),
      /ENABLE_DEV_IDENTITY=1/,
    );
    const env = readEnv(complete);
    assert.equal(env.production, true);
    assert.deepEqual(env.corsOrigins, [], 'no development origins');
    assert.equal(env.demoData, false);
    assert.equal(env.devCommunity, false);
    assert.equal(env.sourceMaps, false);
  });

  it('refuses an unknown NODE_ENV rather than starting in development mode', () => {
    for (const mode of ['Production', 'prod', 'staging', 'PRODUCTION ']) {
      assert.throws(
        () => readEnv({ ...complete, NODE_ENV: mode }),
        (error: unknown) =>
          error instanceof ConfigError &&
          /NODE_ENV must be production, development or test/.test(error.message),
        mode,
      );
    }
    for (const mode of ['development', 'test', '']) {
      assert.equal(readEnv({ NODE_ENV: mode }).production, false, mode);
    }
    assert.equal(readEnv({}).production, false);
  });

  it('takes TRUST_PROXY as a hop count only on a loopback listener, or as the proxies themselves', () => {
    assert.throws(
      () => readEnv({ ...complete, TRUST_PROXY: '1' }),
      /TRUST_PROXY=1 \(a hop count\) believes a forged X-Forwarded-For/,
    );
    assert.throws(
      () => readEnv({ ...complete, TRUST_PROXY: '2', HOST: '10.0.0.7' }),
      /name the proxies/,
    );
    for (const host of ['127.0.0.1', '127.0.0.5', '::1', 'localhost']) {
      assert.equal(readEnv({ ...complete, TRUST_PROXY: '1', HOST: host }).trustProxy, 1, host);
    }
    assert.deepEqual(readEnv({ ...complete, TRUST_PROXY: '10.0.0.5' }).trustProxy, ['10.0.0.5']);
    // Development keeps the hop count anywhere (a laptop behind its own proxy).
    assert.equal(readEnv({ TRUST_PROXY: '1' }).trustProxy, 1);
  });

  it('reads the master secret from a file', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'nimbus-secret-'));
    try {
      const file = path.join(folder, 'secret');
      writeFileSync(file, `${secret}\n`);
      const fromFile = { ...complete, MASTER_SECRET: '', MASTER_SECRET_FILE: file };
      assert.equal(readEnv(fromFile).masterSecret?.toString(), secret);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('exits with a clear message when `NODE_ENV=production npm start` lacks a setting', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /PUBLIC_ORIGIN is required in production/);
  });

  it('serves no development provider, no demo data and no source maps', async () => {
    const staticRoot = mkdtempSync(path.join(tmpdir(), 'nimbus-prod-'));
    mkdirSync(path.join(staticRoot, 'shell/dist'), { recursive: true });
    writeFileSync(path.join(staticRoot, 'shell/dist/main.0123abcd.js'), 'var x = 1;');
    writeFileSync(path.join(staticRoot, 'shell/dist/main.0123abcd.js.map'), '{"sources":[]}');
    const database = await openTestDatabase();
    const app = await buildApp(
      { ...readEnv(complete), dataDir: null, staticRoot, logLevel: 'silent' },
      { database, logger: false },
    );
    try {
      for (const url of [
        '/idp/authorize?provider=Google',
        '/idp/idp.js',
        '/community-oauth/authorize?redirect_uri=x&state=y',
        '/main.0123abcd.js.map',
      ]) {
        assert.equal((await app.inject(url)).statusCode, 404, url);
      }
      assert.equal((await app.inject('/main.0123abcd.js')).statusCode, 200);
      assert.equal(
        (await call(app, '/share/info', { share_url: 'demo-public' })).envelope.code,
        4004,
      );
      assert.equal((await app.db.select().from(users)).length, 0, 'no demo accounts');
      const cors = await app.inject({
        method: 'OPTIONS',
        url: '/api/share/info',
        headers: { origin: 'http://localhost:3001', 'access-control-request-method': 'POST' },
      });
      assert.equal(cors.headers['access-control-allow-origin'], undefined);
      const config = (await app.inject('/config.json')).json<RuntimeConfig>();
      assert.deepEqual(config.identity, {
        provider: 'firebase',
        apiKey: 'a-public-web-api-key',
        authDomain: 'nimbus-prod.firebaseapp.com',
        projectId: 'nimbus-prod',
      });
      const csp = String((await app.inject('/')).headers['content-security-policy']);
      assert.match(csp, /script-src 'self' https:\/\/apis\.google\.com/);
      assert.match(csp, /frame-src 'self' https:\/\/nimbus-prod\.firebaseapp\.com/);
      assert.match(csp, /connect-src 'self' https:\/\/identitytoolkit\.googleapis\.com/);
    } finally {
      await app.close();
      await database.close();
      rmSync(staticRoot, { recursive: true, force: true });
    }
  });
});
