import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { readEnv } from '../config/env';
import { HostedIdentity } from '../plugins/app/identity';

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

/** The hosted adapter against a local JWKS endpoint (no outside network). */
describe('hosted identity adapter', () => {
  let server: Server;
  let jwksUrl = '';
  let privateKey: SigningKey;
  let otherKey: SigningKey;

  before(async () => {
    const pair = await generateKeyPair('ES256');
    privateKey = pair.privateKey;
    otherKey = (await generateKeyPair('ES256')).privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
  });
  after(() => {
    server.close();
  });

  const sign = (key: SigningKey, audience = 'nimbus-web', expiresIn: string | number = '5m') =>
    new SignJWT({ email: 'Pat@Example.com', name: 'Pat' })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer('https://id.example.com')
      .setAudience(audience)
      .setSubject('user-42')
      .setExpirationTime(expiresIn)
      .sign(key);

  it('is chosen by IDENTITY_PROVIDER=hosted and verifies signature, issuer, audience and expiry', async () => {
    const env = readEnv({
      IDENTITY_PROVIDER: 'hosted',
      IDENTITY_JWKS_URL: jwksUrl,
      IDENTITY_ISSUER: 'https://id.example.com',
      IDENTITY_AUDIENCE: 'nimbus-web',
      IDENTITY_ORIGIN: 'https://id.example.com',
      IDENTITY_SIGN_IN_URL: 'https://id.example.com/popup',
    });
    assert.ok(env.hostedIdentity);
    const identity = new HostedIdentity(env.hostedIdentity);
    assert.deepEqual(await identity.verify(await sign(privateKey)), {
      externalId: 'https://id.example.com|user-42',
      email: 'pat@example.com',
      name: 'Pat',
    });
    assert.equal(await identity.verify(await sign(otherKey)), null);
    assert.equal(await identity.verify(await sign(privateKey, 'someone-else')), null);
    assert.equal(
      await identity.verify(
        await sign(privateKey, 'nimbus-web', Math.floor(Date.now() / 1000) - 10),
      ),
      null,
    );
  });

  it('refuses a hosted configuration without its settings', () => {
    assert.throws(() => readEnv({ IDENTITY_PROVIDER: 'hosted' }), /IDENTITY_JWKS_URL/);
  });
});
