import type { FastifyRequest } from 'fastify';
import type { ServerEnv } from './config/env';
import type { RuntimeConfigSource } from './config/runtime-config';
import type { Database } from './db/client';
import type { DependencyHealth } from './dependencies/dependency-health';
import type { Secrets } from './lib/secrets';
import type { ShareCache } from './lib/share-cache';
import type { CloudService } from './plugins/app/cloud';
import type { CommunityService } from './plugins/app/community';
import type { DevelopmentIdentity, IdentityVerifier } from './plugins/app/identity';
import type { SessionService, UserRow } from './plugins/app/sessions';
import type { ShareService } from './plugins/app/shares';
import type { Metrics } from './plugins/external/metrics';

export interface Services {
  sessions: SessionService;
  shares: ShareService;
  cloud: CloudService;
  identity: IdentityVerifier;
  /** Set when the development identity provider is in use. */
  devIdentity: DevelopmentIdentity | null;
  community: CommunityService;
}

declare module 'fastify' {
  interface FastifyInstance {
    env: ServerEnv;
    db: Database;
    secrets: Secrets;
    services: Services;
    runtimeConfig: RuntimeConfigSource;
    metrics: Metrics;
    /** What each dependency's module last saw of it (README, "When a dependency fails"). */
    health: DependencyHealth;
    /** Rendered share pages, for a few seconds and until their share changes. */
    pageCache: ShareCache;
    /** The signed-in user, or answers code 2000. */
    requireUser(request: FastifyRequest): Promise<UserRow>;
  }
}
