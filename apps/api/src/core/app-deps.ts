// The one dependency object of the app (docs/decisions/014): built once in app.ts and handed to
// every module's routes plugin as `{ deps }`. Services take it (or the part they use) as their
// first argument, so they run without a Fastify instance and tests can pass their own clock,
// fetcher or storage.
import type { FastifyBaseLogger, FastifyPluginCallback } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import type { MediaStorage } from '@corkboard/media/storage';
import type { AppConfig } from '../config/config.ts';
import type { Clock } from '../lib/clock.ts';
import type { ImageWorkPool } from '../lib/image-work-pool.ts';
import type { PageCache } from '../lib/page-cache.ts';
import type { SafeFetcher } from '../lib/safe-fetch.ts';
import type { InvalidationBus } from '../lib/shared-state.ts';
import type { AuthEngine } from '../plugins/auth/auth-engine.ts';
import type { CaptchaSetup } from '../plugins/captcha/captcha.plugin.ts';
import type { ExperimentSource } from '../plugins/experiments/experiments.plugin.ts';
import type { Mailer } from '../plugins/mail/mailer.ts';
import type { CredentialKinds } from './credential-kinds.ts';
import type { JobQueue } from './jobs/job-queue.ts';

export interface AppDeps {
  db: Kysely<Database>;
  /**
   * Where the read-only feed and search queries go: a read replica when DATABASE_REPLICA_URL is
   * set (ADR 107), else `db`. Never for a read that must see the reader's own write.
   */
  readDb: Kysely<Database>;
  /**
   * The shared page cache (ADR 144): visitor answers, and the viewer-independent parts of the
   * signed-in home feed (ADR 197). Emptied by every write, on every process.
   */
  pages: PageCache;
  /**
   * "Drop your cached copy" to every process (ADR 105): in process, or through Redis with
   * REDIS_URL. For a cache that a module keeps of its own (ADR 209: the viewer's ad state).
   */
  bus: InvalidationBus;
  /** Object storage: image files, and the key → URL rule of every image in an answer. */
  storage: MediaStorage;
  /** "Now" for every time rule (expiry, lockouts, windows); tests move it. */
  now: Clock;
  /** The SSRF-safe fetcher for URLs people hand us (image_url, FindPinImagesResource, …). */
  fetcher: SafeFetcher;
  mailer: Mailer;
  /** Absolute base URL without a trailing slash (links in mail and page meta). */
  publicUrl: string;
  log: FastifyBaseLogger;
  config: AppConfig;
  /** The Better Auth engine (sessions, passwords). */
  authEngine: AuthEngine;
  captcha: CaptchaSetup;
  /** The bound on concurrent image decoding (lib/image-work-pool.ts, decision 092). */
  imageWork: ImageWorkPool;
  /** Social and SSO login/signup credentials the auth routes accept (core/credential-kinds.ts). */
  credentialKinds: CredentialKinds<AppDeps>;
  /** The experiments admin's definitions and overrides (modules/experiments; ADR 120). */
  experiments: ExperimentSource;
  /** The durable job queue (core/jobs/job-queue.ts, decision 139): define jobs, send them. */
  jobs: JobQueue;
}

/** Plugin options of every module's routes plugin. */
export interface ModuleOptions {
  deps: AppDeps;
}

/** A module's routes plugin: registers its routes and resources with `deps`. */
export type ModuleRoutes = FastifyPluginCallback<ModuleOptions>;
