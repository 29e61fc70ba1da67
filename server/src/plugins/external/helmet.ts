import helmet from '@fastify/helmet';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import {
  identityOrigins,
  remoteOrigins,
  type RuntimeConfigSource,
} from '../../config/runtime-config';

/** The origins a page's CSP admits beyond its own, by directive. */
interface PageOrigins {
  script: string;
  connect: string;
  frame: string;
  image: string;
}

const join = (origins: string[]) =>
  origins.length > 0 ? [...new Set(origins)].join(' ') : "'self'";

/**
 * Security headers. The CSP admits the origins of the configured remote manifests (scripts,
 * fetches, images) and of the identity service's sign-in (Firebase: Google's iframe helper, the
 * auth domain's iframe, the identity APIs); they are read per request, so a remote moved by
 * RUNTIME_CONFIG_FILE is allowed at once. Forms post only to this site.
 */
export async function registerHelmet(
  app: FastifyInstance,
  runtimeConfig: RuntimeConfigSource,
): Promise<void> {
  // Computed once per request in onRequest; helmet's directive functions get the raw request.
  const originsOf = new WeakMap<IncomingMessage, PageOrigins>();
  app.addHook('onRequest', async (request) => {
    // Only pages carry a CSP that matters; the API skips the config look-up.
    if (request.method !== 'GET' || /^\/(api|media)\//.test(request.url)) return;
    const config = await runtimeConfig.current();
    const remotes = remoteOrigins(config);
    const identity = identityOrigins(config);
    originsOf.set(request.raw, {
      script: join([...remotes, ...identity.script]),
      connect: join([...remotes, ...identity.connect]),
      frame: join(identity.frame),
      image: join(remotes),
    });
  });
  const origins = (directive: keyof PageOrigins) => (request: IncomingMessage) =>
    originsOf.get(request)?.[directive] ?? "'self'";
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", origins('script')],
        connectSrc: ["'self'", origins('connect')],
        frameSrc: ["'self'", origins('frame')],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // A remote's own images (icons, illustrations) come from its origin too.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', origins('image')],
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
