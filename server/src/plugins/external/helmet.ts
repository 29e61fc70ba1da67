import helmet from '@fastify/helmet';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import {
  identityScriptOrigins,
  remoteOrigins,
  type RuntimeConfigSource,
} from '../../config/runtime-config';

/**
 * Security headers. The CSP admits the origins of the configured remote manifests for scripts
 * and fetches, and the hosted identity service's script; they are read per request, so a remote
 * moved by RUNTIME_CONFIG_FILE is allowed at once. Forms post only to this site.
 */
export async function registerHelmet(
  app: FastifyInstance,
  runtimeConfig: RuntimeConfigSource,
): Promise<void> {
  // Computed once per request in onRequest; helmet's directive functions get the raw request.
  const originsOf = new WeakMap<IncomingMessage, string>();
  app.addHook('onRequest', async (request) => {
    // Only pages carry a CSP that matters; the API skips the config look-up.
    if (request.method !== 'GET' || /^\/(api|media)\//.test(request.url)) return;
    const config = await runtimeConfig.current();
    const remotes = remoteOrigins(config);
    if (remotes.length > 0) originsOf.set(request.raw, remotes.join(' '));
    const scripts = [...new Set([...remotes, ...identityScriptOrigins(config)])];
    if (scripts.length > 0) scriptOriginsOf.set(request.raw, scripts.join(' '));
  });
  const scriptOriginsOf = new WeakMap<IncomingMessage, string>();
  const remotes = (request: IncomingMessage) => originsOf.get(request) ?? "'self'";
  const scripts = (request: IncomingMessage) => scriptOriginsOf.get(request) ?? "'self'";
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", scripts],
        connectSrc: ["'self'", remotes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // A remote's own images (icons, illustrations) come from its origin too.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', remotes],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The login popup talks to its opener; the remotes' files may be used from the dev ports.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    frameguard: { action: 'deny' },
  });
}
