/**
 * Firebase ID tokens (issue 18) against a local key endpoint that serves its keys the way Google
 * does (a JWK set with Cache-Control: max-age), and the Firebase Auth Emulator's unsigned tokens.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type JWTPayload } from 'jose';
import { readEnv } from '../config/env';
import type { FirebaseEnv } from '../config/firebase-env';
import { users } from '../db/schema';
import {
  FirebaseIdentity,
  IDENTITY_KEYS_TIMING,
  maxAgeOf,
  PublishedKeys,
} from '../identity/firebase-token-verifier';
import { call, createTestApp, type TestContext } from './helpers';

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

const PROJECT = 'demo-nimbus';
const ISSUER = `https://securetoken.google.com/${PROJECT}`;
const now = () => Math.floor(Date.now() / 1000);

/** What Firebase puts into an ID token after a Google sign-in. */
function claims(overrides: JWTPayload = {}): JWTPayload {
  return {
    iss: ISSUER,
    aud: PROJECT,
    sub: 'uid-pat',
    iat: now() - 5,
    exp: now() + 3600,
    auth_time: now() - 5,
    name: 'Pat Doe',
    email: 'Pat@Example.com',
    email_verified: true,
    firebase: { sign_in_provider: 'google.com', identities: {} },
    ...overrides,
  };
}

let keyServer: Server;
let jwksUrl = '';
let signingKey: PrivateKey;
let strangerKey: PrivateKey;
let fetches = 0;
/** The key ids the endpoint publishes now, and how long it says to keep them. */
let published: { keys: object[]; maxAge: number };
/** How the endpoint behaves: answers, fails with HTTP 500, or never answers. */
let keyEndpoint: 'answers' | 'fails' | 'hangs' = 'answers';

before(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  published = { keys: [jwk], maxAge: 3600 };
  keyServer = createServer((_request, response) => {
    fetches += 1;
    if (keyEndpoint === 'hangs') return;
    if (keyEndpoint === 'fails') {
      response.writeHead(500).end('backend error');
      return;
    }
    response.setHeader('content-type', 'application/json');
    response.setHeader('cache-control', `public, max-age=${published.maxAge}, must-revalidate`);
    response.end(JSON.stringify({ keys: published.keys }));
  });
  await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(keyServer.address() as AddressInfo).port}/jwk`;
});
after(() => {
  keyServer.closeAllConnections();
  keyServer.close();
});

const firebaseEnv = (overrides: Partial<FirebaseEnv> = {}): FirebaseEnv => ({
  projectId: PROJECT,
  apiKey: 'key',
  authDomain: `${PROJECT}.firebaseapp.com`,
  emulatorHost: null,
  jwksUrl,
  ...overrides,
});

const sign = (payload: JWTPayload, key = signingKey, kid = 'k1') =>
  new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(key);

/** A token the Firebase Auth Emulator hands out: `alg: none`, no signature. */
const unsigned = (payload: JWTPayload) => new UnsecuredJWT(payload).encode();

describe('Firebase ID tokens', () => {
  it('accepts a Google or Apple sign-in of the project, signed by a published key', async () => {
    const identity = new FirebaseIdentity(firebaseEnv());
    assert.deepEqual(await identity.verify(await sign(claims())), {
      externalId: `${ISSUER}|uid-pat`,
      email: 'pat@example.com',
      emailVerified: true,
      name: 'Pat Doe',
    });
    const apple = await sign(
      claims({ name: undefined, firebase: { sign_in_provider: 'apple.com' } }),
    );
    assert.equal((await identity.verify(apple))?.name, 'Pat', 'no name: the email local part');
  });

  it('refuses another project, an expired token, an unknown key, alg none, a future sign-in and other providers', async () => {
    const identity = new FirebaseIdentity(firebaseEnv());
    const refused: [string, string][] = [
      [
        'another project',
        await sign(
          claims({ aud: 'other-project', iss: 'https://securetoken.google.com/other-project' }),
        ),
      ],
      ['another audience', await sign(claims({ aud: 'other-project' }))],
      ['another issuer', await sign(claims({ iss: 'https://evil.example' }))],
      [
        'expired',
        await sign(claims({ exp: now() - 3600, iat: now() - 7200, auth_time: now() - 7200 })),
      ],
      ['unknown key', await sign(claims(), strangerKey, 'k-unknown')],
      ['forged with a published key id', await sign(claims(), strangerKey, 'k1')],
      ['alg none', unsigned(claims())],
      ['signed in in the future', await sign(claims({ auth_time: now() + 3600 }))],
      ['no auth_time', await sign(claims({ auth_time: undefined }))],
      ['password sign-in', await sign(claims({ firebase: { sign_in_provider: 'password' } }))],
      ['anonymous', await sign(claims({ firebase: { sign_in_provider: 'anonymous' } }))],
      ['no subject', await sign(claims({ sub: '' }))],
      ['not a token', 'not.a.token'],
    ];
    for (const [what, token] of refused) {
      assert.equal(await identity.verify(token), null, what);
    }
  });

  it('accepts the emulator’s unsigned tokens only with the emulator on, and then no signed ones', async () => {
    const emulator = new FirebaseIdentity(firebaseEnv({ emulatorHost: '127.0.0.1:9099' }));
    assert.equal((await emulator.verify(unsigned(claims())))?.externalId, `${ISSUER}|uid-pat`);
    assert.equal(await emulator.verify(await sign(claims())), null);
    assert.equal(await emulator.verify(unsigned(claims({ aud: 'other-project' }))), null);
    assert.equal(await emulator.verify(unsigned(claims({ exp: now() - 3600 }))), null);
    const real = new FirebaseIdentity(firebaseEnv());
    assert.equal(await real.verify(unsigned(claims())), null);
  });

  it('keeps the published keys as long as their Cache-Control says, and reads them again after', async () => {
    let clock = Date.now();
    const keys = new PublishedKeys(jwksUrl, undefined, () => clock);
    const identity = new FirebaseIdentity(firebaseEnv(), keys, () => clock);
    const token = await sign(claims());
    const before = fetches;
    assert.ok(await identity.verify(token));
    assert.ok(await identity.verify(token));
    assert.equal(fetches - before, 1, 'read once while fresh');

    // Google rotates: a new key k2 replaces k1. A token with k2 makes the set be read again
    // (once a minute at most), and k1 tokens stop working.
    const pair = await generateKeyPair('RS256');
    const k2 = { ...(await exportJWK(pair.publicKey)), kid: 'k2', alg: 'RS256', use: 'sig' };
    published = { keys: [k2], maxAge: 60 };
    clock += 61_000;
    assert.ok(await identity.verify(await sign(claims(), pair.privateKey, 'k2')));
    assert.equal(fetches - before, 2);
    assert.equal(await identity.verify(await sign(claims(), strangerKey, 'k3')), null);
    assert.equal(fetches - before, 2, 'an unknown key id within the minute reads nothing');
    clock += 61_000;
    assert.equal(await identity.verify(token), null, 'k1 is gone after its max-age');
    assert.equal(fetches - before, 3);
  });

  it('reads max-age from Cache-Control', () => {
    assert.equal(maxAgeOf('public, max-age=19845, must-revalidate, no-transform'), 19_845_000);
    assert.equal(maxAgeOf('no-cache'), null);
    assert.equal(maxAgeOf(null), null);
  });
});

describe('/login with Firebase', () => {
  let ctx: TestContext;
  before(async () => {
    published = {
      keys: [
        {
          ...(await exportJWK((await generateKeyPair('RS256')).publicKey)),
          kid: 'unused',
        },
      ],
      maxAge: 3600,
    };
    // The key the tokens below are signed with.
    const pair = await generateKeyPair('RS256');
    signingKey = pair.privateKey;
    published.keys.push({ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' });
    ctx = await createTestApp({ firebase: firebaseEnv() });
  });
  after(async () => {
    await ctx.close();
  });

  const login = async (token: string) =>
    (await call(ctx.app, '/login', { third_token: token })).envelope;

  it('refuses a bad token with code 2000 and the sign-in message', async () => {
    for (const token of [
      unsigned(claims()),
      await sign(claims({ aud: 'other-project' })),
      await sign(claims({ exp: now() - 3600, iat: now() - 7200, auth_time: now() - 7200 })),
      await sign(claims(), strangerKey, 'k-unknown'),
    ]) {
      assert.deepEqual(await login(token), {
        code: 2000,
        msg: 'Sign-in failed: the identity token is invalid or expired. Please try again.',
        data: null,
      });
    }
  });

  it('is the same user on a second sign-in, and links a verified email to its account', async () => {
    const first = await login(await sign(claims({ sub: 'uid-kim', email: 'kim@example.com' })));
    assert.equal(first.code, 0);
    assert.equal(first.data?.is_new, true);
    const again = await login(await sign(claims({ sub: 'uid-kim', email: 'kim@example.com' })));
    assert.equal(again.data?.user_id, first.data?.user_id);
    assert.equal(again.data?.is_new, false);

    const [carol] = await ctx.app.db
      .select()
      .from(users)
      .where(eq(users.email, 'carol@example.com'));
    assert.ok(carol);
    const verified = await login(
      await sign(claims({ sub: 'uid-carol-google', email: 'carol@example.com', name: 'Carol' })),
    );
    assert.equal(verified.data?.user_id, carol.id, 'a verified email is the account');
  });

  it('does not hand an account to a new person whose unverified email matches it', async () => {
    const [alice] = await ctx.app.db
      .select()
      .from(users)
      .where(eq(users.email, 'alice@example.com'));
    assert.ok(alice);
    const impostor = await login(
      await sign(
        claims({ sub: 'uid-not-alice', email: 'alice@example.com', email_verified: false }),
      ),
    );
    assert.equal(impostor.code, 0);
    assert.notEqual(impostor.data?.user_id, alice.id);
    assert.equal(impostor.data?.is_new, true);
    const [row] = await ctx.app.db
      .select()
      .from(users)
      .where(eq(users.id, impostor.data?.user_id ?? 0));
    assert.equal(row?.email, null, 'the unverified address is not kept');
  });
});

describe("sign-in while Firebase's key endpoint fails or hangs", () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestApp({ firebase: firebaseEnv({ jwksUrl: `${jwksUrl}?faults` }) });
  });
  after(async () => {
    keyEndpoint = 'answers';
    await ctx.close();
  });

  const loginCall = async (token: string) => call(ctx.app, '/login', { third_token: token });

  it('answers a hanging endpoint within its timeout with 503, code 5003 and Retry-After', async () => {
    keyEndpoint = 'hangs';
    const started = Date.now();
    const answer = await loginCall(await sign(claims({ sub: 'uid-hang' })));
    const took = Date.now() - started;
    assert.equal(answer.status, 503);
    assert.equal(answer.envelope.code, 5003);
    assert.match(answer.envelope.msg, /Sign-in is not available for a moment/);
    assert.ok(Number(answer.headers['retry-after']) >= 1);
    assert.ok(took < IDENTITY_KEYS_TIMING.fetchTimeoutMs + 1500, `answered in ${took} ms`);
    const ready = (await ctx.app.inject('/readyz')).json<{
      status: string;
      dependencies: Record<string, { up: boolean; reason: string }>;
    }>();
    assert.equal(ready.status, 'degraded');
    assert.equal(ready.dependencies['identity-keys']?.up, false);
  });

  it('reads a failing endpoint once per back-off, not once per sign-in, and recovers by itself', async () => {
    keyEndpoint = 'fails';
    const before = fetches;
    const token = await sign(claims({ sub: 'uid-many' }));
    const answers = [];
    for (let attempt = 0; attempt < 40; attempt += 1) answers.push(await loginCall(token));
    assert.ok(answers.every((answer) => answer.envelope.code === 5003 && answer.status === 503));
    assert.ok(fetches - before <= 2, `40 sign-ins read the keys ${fetches - before} times`);

    // The endpoint is back: once the back-off has passed, sign-in works again. The longest
    // back-off may have started just before this point, and the read after it has its own
    // timeout: recovery is due within the two, not within the back-off alone.
    keyEndpoint = 'answers';
    const deadline =
      Date.now() + IDENTITY_KEYS_TIMING.retryMaxMs + IDENTITY_KEYS_TIMING.fetchTimeoutMs;
    let code = -1;
    while (Date.now() < deadline && code !== 0) {
      code = (await loginCall(token)).envelope.code;
      if (code !== 0) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.equal(code, 0);
    assert.equal((await ctx.app.inject('/readyz')).json<{ status: string }>().status, 'ready');
  });

  it('spaces its reads from one start to the next: a read that hung until its timeout has waited already', async () => {
    let clock = 0;
    const starts: number[] = [];
    const hangs = async (): Promise<never> => {
      starts.push(clock);
      // The endpoint does not answer: the read ends at its timeout.
      clock += IDENTITY_KEYS_TIMING.fetchTimeoutMs;
      throw new Error('The operation was aborted due to timeout');
    };
    const keys = new PublishedKeys(jwksUrl, hangs, () => clock);
    const signIn = async () =>
      keys.getKey({ alg: 'RS256', kid: 'k1' }, { payload: '', signature: '' });
    // Reads at 0 and 3 s: each back-off (1 s, then 2 s) has passed by the end of the hang.
    await assert.rejects(signIn());
    await assert.rejects(signIn());
    // The third starts at 6 s: its back-off (4 s, the most) runs to 10 s, not to 9 s + 4 s.
    await assert.rejects(signIn());
    await assert.rejects(signIn(), /Sign-in is not available/);
    clock = 10_000;
    await assert.rejects(signIn());
    assert.deepEqual(starts.slice(0, 4), [0, 3000, 6000, 10_000]);
  });

  it('keeps signing people in with the last keys while a new read fails', async () => {
    let clock = Date.now();
    const keys = new PublishedKeys(jwksUrl, undefined, () => clock);
    const identity = new FirebaseIdentity(firebaseEnv(), keys, () => clock);
    keyEndpoint = 'answers';
    assert.ok(await identity.verify(await sign(claims())));
    keyEndpoint = 'fails';
    clock += published.maxAge * 1000 + 1000;
    assert.ok(await identity.verify(await sign(claims())), 'past max-age, the last keys serve');
    clock += IDENTITY_KEYS_TIMING.staleMaxMs;
    await assert.rejects(identity.verify(await sign(claims())), /Sign-in is not available/);
    keyEndpoint = 'answers';
  });
});

describe('Firebase settings', () => {
  it('needs a project id, and never takes the emulator in production', () => {
    assert.throws(() => readEnv({ IDENTITY_PROVIDER: 'firebase' }), /FIREBASE_PROJECT_ID/);
    assert.throws(
      () => readEnv({ IDENTITY_PROVIDER: 'firebase', FIREBASE_PROJECT_ID: 'nimbus-prod' }),
      /FIREBASE_API_KEY/,
    );
    const emulator = readEnv({
      IDENTITY_PROVIDER: 'firebase',
      FIREBASE_PROJECT_ID: PROJECT,
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    });
    assert.equal(emulator.firebase?.emulatorHost, '127.0.0.1:9099');
    assert.equal(emulator.firebase?.authDomain, `${PROJECT}.firebaseapp.com`);
    assert.throws(
      () =>
        readEnv({
          NODE_ENV: 'production',
          PUBLIC_ORIGIN: 'https://share.example',
          MASTER_SECRET: 'x'.repeat(40),
          IDENTITY_PROVIDER: 'firebase',
          FIREBASE_PROJECT_ID: 'nimbus-prod',
          FIREBASE_API_KEY: 'key',
          ENABLE_EMBEDDED_DATABASE: '1',
          FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        }),
      /FIREBASE_AUTH_EMULATOR_HOST/,
    );
  });
});
