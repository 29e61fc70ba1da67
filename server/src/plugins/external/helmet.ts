import helmet from '@fastify/helmet';
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import {
  FIRST_SCREEN_DATES_SCRIPT,
  KEEP_FIRST_SCREEN_TAPS_SCRIPT,
  LEAVE_BEFORE_START_SCRIPT,
  START_AFTER_FIRST_PAINT_SCRIPT,
  type RuntimeConfig,
} from 'shared-contracts/page';
import { identityOrigins, remoteOrigins } from '../../config/runtime-config';

/** A page's CSP sources of the directives that depend on the configuration. */
interface PageOrigins {
  script: string;
  style: string;
  connect: string;
  frame: string;
  image: string;
}

/** Images may also be data and blob URLs (thumbnails, QR codes) and any https URL from data. */
const IMAGE_SOURCES = ['data:', 'blob:', 'https:'];

/** A CSP source that allows one inline script. */
const hashSource = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * The inline scripts a page may run: its first screen's tap keeper and local times, the app's
 * starter and the beacon of a visit that leaves before it.
 */
const INLINE_SCRIPT_HASHES = [
  hashSource(KEEP_FIRST_SCREEN_TAPS_SCRIPT),
  hashSource(FIRST_SCREEN_DATES_SCRIPT),
  hashSource(START_AFTER_FIRST_PAINT_SCRIPT),
  hashSource(LEAVE_BEFORE_START_SCRIPT),
];

/**
 * Headers only a page that runs the app reads: its opener policy and agent cluster, and helmet's
 * legacy ones for old browsers' HTML and downloads.
 */
const APP_PAGE_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Headers only a document reads: those, and its CSP and framing. nosniff, HSTS, CORP and
 * Referrer-Policy stay on every answer (a stylesheet's own fetches follow its Referrer-Policy).
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  ...APP_PAGE_ONLY_HEADERS,
];

/**
 * Files that never become a document that runs code or can be framed to fool a click: scripts,
 * stylesheets, raster images, fonts, audio and video. SVG (an SVG document runs scripts) and JSON
 * answers get a policy of their own (INERT_DOCUMENT_CSP); HTML and anything unknown keep every
 * header.
 */
const SUBRESOURCE_TYPE =
  /^(?:(?:application|text)\/javascript|text\/css|image\/(?:png|jpeg|webp|avif|gif)|font\/|audio\/|video\/)/i;

/**
 * Answers a browser may show as a document of their own but that run nothing: JSON (API answers,
 * manifests) and SVG images (an SVG opened on its own is a document that could run a script).
 */
const INERT_DOCUMENT_TYPE = /^(?:application\/(?:[\w.-]+\+)?json|image\/svg\+xml)\b/i;

/**
 * Their policy: nothing loads, runs, posts or frames them; an SVG keeps its own styles. Stricter
 * than the page's, which admits the app's scripts, and a tenth of its size.
 */
const INERT_DOCUMENT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'";

/** The directive's sources: this site, and the origins it needs beyond it. */
const sources = (origins: string[]) => ["'self'", ...new Set(origins)].join(' ');

/**
 * Security headers. The CSP admits the origins of the configured remote manifests (scripts,
 * styles, fetches, images) and of the identity service's sign-in (Firebase: Google's iframe
 * helper, the auth domain's iframe, the identity APIs); they are read per request, so a remote
 * moved by RUNTIME_CONFIG_FILE is allowed at once. Forms post only to this site.
 */
export default fp(
  async (app) => {
    const { runtimeConfig } = app;
    // Worked out once per configuration; set per request in onRequest, for helmet's directive
    // functions get the raw request.
    const originsOfConfig = new WeakMap<RuntimeConfig, PageOrigins>();
    const originsOf = new WeakMap<IncomingMessage, PageOrigins>();
    app.addHook('onRequest', async (request) => {
      // Only pages carry a CSP that matters; the API skips the config look-up.
      if (request.method !== 'GET' || /^\/(api|media)\//.test(request.url)) return;
      const config = await runtimeConfig.current();
      let origins = originsOfConfig.get(config);
      if (!origins) {
        const remotes = remoteOrigins(config);
        const identity = identityOrigins(config);
        origins = {
          script: sources([...remotes, ...identity.script]),
          // A remote's CSS loads from its origin with its chunks (one the page did not inline).
          style: sources(remotes),
          connect: sources([...remotes, ...identity.connect]),
          frame: sources(identity.frame),
          image: sources([...IMAGE_SOURCES, ...remotes]),
        };
        originsOfConfig.set(config, origins);
      }
      originsOf.set(request.raw, origins);
    });
    const origins = (directive: keyof PageOrigins) => (request: IncomingMessage) =>
      originsOf.get(request)?.[directive] ?? sources(directive === 'image' ? IMAGE_SOURCES : []);
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [origins('script'), ...INLINE_SCRIPT_HASHES],
          connectSrc: [origins('connect')],
          frameSrc: [origins('frame')],
          styleSrc: [origins('style'), "'unsafe-inline'"],
          // A remote's own images (icons, illustrations) come from its origin too.
          imgSrc: [origins('image')],
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
    // A document's headers on a start-up file are ~0.8 KB it never reads, on the phone's link
    // before the app can start (docs/performance.md, "Headers a file does not read"); a JSON
    // answer or an SVG gets a policy of its own, not the page's.
    app.addHook('onSend', async (_request, reply) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (SUBRESOURCE_TYPE.test(type)) {
        for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
      } else if (INERT_DOCUMENT_TYPE.test(type)) {
        for (const name of APP_PAGE_ONLY_HEADERS) reply.raw.removeHeader(name);
        reply.raw.setHeader('content-security-policy', INERT_DOCUMENT_CSP);
      }
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
