// A stand-in for Google's published keys of Firebase ID tokens, for runs that sign people in
// without the internet (`npm run chaos`): an RS256 key pair, its public key served as a JWK set
// the way Google serves it (Cache-Control: max-age), and ID tokens signed with it. Its fault:
// hang() makes it accept connections and never answer, answer() brings it back.
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export const CHAOS_PROJECT_ID = 'nimbus-chaos';

/** Starts the key endpoint on a free loopback port; `maxAgeSeconds` is how long servers keep it. */
export async function startIdentityKeys({ maxAgeSeconds = 3600 } = {}) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'chaos-1', alg: 'RS256', use: 'sig' };
  let hanging = false;
  let reads = 0;
  const server = createServer((_request, response) => {
    reads += 1;
    if (hanging) return;
    response.setHeader('content-type', 'application/json');
    response.setHeader('cache-control', `public, max-age=${maxAgeSeconds}, must-revalidate`);
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `https://securetoken.google.com/${CHAOS_PROJECT_ID}`;
  return {
    projectId: CHAOS_PROJECT_ID,
    jwksUrl: `http://127.0.0.1:${server.address().port}/jwk`,
    /** How many times the keys were asked for. */
    get reads() {
      return reads;
    },
    hang() {
      hanging = true;
    },
    answer() {
      hanging = false;
    },
    /** An ID token of a Google sign-in of `subject`, as Firebase issues it after a sign-in. */
    sign(subject) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        name: subject,
        email: `${subject}@chaos.example`,
        email_verified: true,
        auth_time: now - 5,
        firebase: { sign_in_provider: 'google.com', identities: {} },
      })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(CHAOS_PROJECT_ID)
        .setSubject(subject)
        .setIssuedAt(now - 5)
        .setExpirationTime(now + 3600)
        .sign(privateKey);
    },
    stop() {
      server.closeAllConnections();
      server.close();
    },
  };
}
