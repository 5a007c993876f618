// What the saving features use besides the database and storage: the clock (expiry rules), the
// SSRF-safe fetcher (image_url, FindPinImagesResource, PUT /v3/pins/image/), the mailer
// (collaborator invites), the public URL (links in mail) and the logger. Passed explicitly so
// services run without a Fastify instance.
import type { FastifyBaseLogger } from 'fastify';
import type { SafeFetcher } from '../lib/safe-fetch.ts';
import type { Clock } from '../lib/clock.ts';
import type { Mailer } from '../plugins/mail/mailer.ts';
import type { ServiceDeps } from './service-deps.ts';

export interface SavingDeps extends ServiceDeps {
  now: Clock;
  fetcher: SafeFetcher;
  mailer: Mailer;
  /** Absolute base URL without a trailing slash. */
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** Plugin options of every saving feature's routes. */
export interface SavingRoutesOptions {
  deps: SavingDeps;
}
