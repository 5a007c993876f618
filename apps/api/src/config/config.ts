// Server configuration from the environment, validated once at start-up so a typo fails loudly
// instead of surfacing as odd behaviour later.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { EXPERIMENTS, type ExperimentOverrides } from '@corkboard/shared/experiments/experiments';
import { providersConfig, providersEnvSchema, type ProvidersConfig } from './providers.ts';
import {
  DEFAULT_IMAGE_WORK_CONCURRENCY,
  DEFAULT_IMAGE_WORK_QUEUE_MAX,
} from '../lib/image-work-pool.ts';
import { parseHostAllowance } from '../lib/safe-fetch.ts';

/**
 * Decision (docs/decisions/099): 2 GiB of stored image files per person — about 10,000 photos
 * at the sizes we keep — far past any real collection, but a bound on what one account can make
 * the disk hold. STORAGE_QUOTA_BYTES overrides it.
 */
export const DEFAULT_STORAGE_QUOTA_BYTES = 2 * 1024 ** 3;
/**
 * The wait between two texted codes for one pending two-factor log-in ('resend the code',
 * docs/decisions/041, 189); MFA_RESEND_INTERVAL_SECONDS overrides it (0 to 3600). The other SMS
 * limits (5 codes per log-in, 10 per person an hour) hold whatever it is.
 */
export const DEFAULT_MFA_RESEND_INTERVAL_SECONDS = 60;
/** Requests per IP per minute before 429 RATE_LIMITED (override with RATE_LIMIT_MAX). */
export const DEFAULT_RATE_LIMIT_MAX = 300;
/** Decision 143: a refused mail is retried from 30 s, doubling (5 retries, within ~15 min). */
export const DEFAULT_MAIL_RETRY_DELAY_SECONDS = 30;
export const DEFAULT_PORT = 3000;
/**
 * Decision (docs/decisions/091): an upload's body must arrive within a minute (32 MiB at about
 * 4.5 Mbit/s); a body that never ends is answered 408 REQUEST_TIMEOUT instead of holding the
 * request open. UPLOAD_BODY_TIMEOUT_MS overrides it.
 */
export const DEFAULT_UPLOAD_BODY_TIMEOUT_MS = 60_000;
/**
 * Loopback by default: a fresh checkout must not expose an unauthenticated dev server to the
 * network. Deployments (containers, VMs behind a proxy) set HOST=0.0.0.0 explicitly.
 */
export const DEFAULT_HOST = '127.0.0.1';

/** The SPA build, resolved from this file so the default works whatever the working directory. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** reCAPTCHA Enterprise's public endpoint; tests point RECAPTCHA_ENDPOINT at a loopback peer. */
export const DEFAULT_RECAPTCHA_ENDPOINT = 'https://recaptchaenterprise.googleapis.com';
/** Scores run 0.0 (bot) to 1.0 (person); Google's documentation starts sites at 0.5. */
export const DEFAULT_RECAPTCHA_SCORE_THRESHOLD = 0.5;

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export type NodeEnv = 'development' | 'production' | 'test';

export interface S3Config {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Both or neither; without them the AWS SDK's default chain applies (env, profile, IAM role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Origin + path the browser loads objects from, e.g. https://cdn.example.com/corkboard */
  publicUrl: string;
  forcePathStyle: boolean;
}

/** Who checks that a person, not a script, is logging in or signing up (docs/decisions/006). */
export type CaptchaProvider = 'altcha' | 'recaptcha' | 'off';

export interface RecaptchaConfig {
  /** Origin of the assessments API, without a trailing slash. */
  endpoint: string;
  projectId: string;
  /** The score-based key the page runs with every login/signup. */
  siteKey: string;
  /** The checkbox key for the "logged in too quickly" step-up; defaults to siteKey. */
  challengeSiteKey: string;
  apiKey: string;
  scoreThreshold: number;
}

export interface CaptchaConfig {
  provider: CaptchaProvider;
  /** ALTCHA's HMAC secret; generated once into DATA_DIR when unset. */
  altchaHmacKey: string | undefined;
  recaptcha: RecaptchaConfig | undefined;
}

/** The relying party for passkeys (docs/decisions/166). */
export interface WebauthnConfig {
  /** WEBAUTHN_RP_ID: the registrable domain passkeys are bound to; default PUBLIC_URL's host. */
  rpId: string;
  /** The name authenticators show next to the passkey. */
  rpName: string;
  /** WEBAUTHN_ORIGINS: origins a WebAuthn answer may come from; default PUBLIC_URL's origin. */
  origins: string[];
}

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path; PGlite data lives in `<dataDir>/pgdata`, local media in `<dataDir>/media`. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** postgres:// URL of a read replica of DATABASE_URL for feed and search reads (ADR 107). */
  databaseReplicaUrl: string | undefined;
  /** Absolute base URL without a trailing slash, used for Open Graph URLs and cookie `Secure`. */
  publicUrl: string;
  /** Passkeys' relying party: RP ID and the origins answers may come from. */
  webauthn: WebauthnConfig;
  s3: S3Config | undefined;
  logLevel: LogLevel;
  nodeEnv: NodeEnv;
  /** Absolute path of the web build (index.html + assets/). */
  webDist: string;
  rateLimitMax: number;
  /**
   * redis:// or rediss:// URL of a Valkey/Redis shared by every API process (rate-limit counters,
   * cross-process cache invalidation; docs/decisions/105). Without it, all of that stays in this
   * process — right for one process, the embedded default.
   */
  redisUrl: string | undefined;
  /** Trust X-Forwarded-* (only behind a reverse proxy you control), so rate limits see real IPs. */
  trustProxy: boolean;
  /** Signs session cookies; generated once into DATA_DIR when unset. Set it when several servers share a database. */
  authSecret: string | undefined;
  /** smtp:// or smtps:// URL; without it mail goes to the dev mailbox. */
  smtpUrl: string | undefined;
  /** The From header of every mail. */
  mailFrom: string;
  /**
   * Seconds before the first retry of a mail the server refused (decision 143); each later retry
   * waits about twice as long. MAIL_RETRY_DELAY_SECONDS, default 30.
   */
  mailRetryDelaySeconds: number;
  /** Seconds between two texted codes of one pending log-in (MFA_RESEND_INTERVAL_SECONDS). */
  mfaResendIntervalSeconds: number;
  captcha: CaptchaConfig;
  /** Forced experiment groups (EXPERIMENTS=name:group,…), e.g. a kill switch. */
  experiments: ExperimentOverrides;
  /**
   * Hosts the server may fetch from although they resolve to private or loopback addresses
   * (FETCH_ALLOW_HOSTS=127.0.0.1:8080,images.internal,localhost:*; default none; decision 097:
   * a bare host opens its scheme's default port only). Matched against the host and port as
   * written in the URL; cloud metadata addresses stay refused (lib/safe-fetch.ts).
   */
  fetchAllowHosts: string[];
  /** Identity, SMS, payment, URL-reputation and DNS providers (providers.ts). */
  providers: ProvidersConfig;
  /** How long an upload's body may take to arrive (UPLOAD_BODY_TIMEOUT_MS). */
  uploadBodyTimeoutMs: number;
  /** Images decoded at once (IMAGE_WORK_CONCURRENCY; decision 092). */
  imageWorkConcurrency: number;
  /** Images waiting for a worker before 503 IMAGE_WORK_BUSY (IMAGE_WORK_QUEUE_MAX). */
  imageWorkQueueMax: number;
  /** Bytes of images one person may store (STORAGE_QUOTA_BYTES; decision 099). */
  storageQuotaBytes: number;
  /**
   * What this process runs (PROCESS_ROLE; decision 139): `all` the API and the job workers
   * (`npm start`), `api` the API only (it queues jobs), `worker` the job workers only (no HTTP).
   */
  processRole: ProcessRole;
}

export const PROCESS_ROLES = ['all', 'api', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

const emptyAsUndefined = (value: unknown): unknown => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const booleanFlag = z.preprocess(
  emptyAsUndefined,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((value) => value === 'true' || value === '1' || value === 'yes'),
);
const absoluteHttpUrl = z.url({ protocol: /^https?$/ });

const envSchema = z
  .object({
    PORT: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
    ),
    HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default(DEFAULT_HOST)),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//)
        .optional(),
    ),
    DATABASE_REPLICA_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//)
        .optional(),
    ),
    PUBLIC_URL: z.preprocess(emptyAsUndefined, absoluteHttpUrl.optional()),
    WEBAUTHN_RP_ID: optionalString,
    WEBAUTHN_ORIGINS: optionalString,
    S3_ENDPOINT: z.preprocess(emptyAsUndefined, absoluteHttpUrl.optional()),
    S3_REGION: optionalString,
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: z.preprocess(emptyAsUndefined, absoluteHttpUrl.optional()),
    S3_FORCE_PATH_STYLE: booleanFlag,
    LOG_LEVEL: z.preprocess(
      emptyAsUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    NODE_ENV: z.preprocess(
      emptyAsUndefined,
      z.enum(['development', 'production', 'test']).default('development'),
    ),
    WEB_DIST: optionalString,
    RATE_LIMIT_MAX: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(1).default(DEFAULT_RATE_LIMIT_MAX),
    ),
    REDIS_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^rediss?$/ }).optional()),
    TRUST_PROXY: booleanFlag,
    AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
    SMTP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_FROM: optionalString,
    MAIL_RETRY_DELAY_SECONDS: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(1).max(3600).default(DEFAULT_MAIL_RETRY_DELAY_SECONDS),
    ),
    MFA_RESEND_INTERVAL_SECONDS: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(0).max(3600).default(DEFAULT_MFA_RESEND_INTERVAL_SECONDS),
    ),
    CAPTCHA_PROVIDER: z.preprocess(
      emptyAsUndefined,
      z.enum(['altcha', 'recaptcha', 'off']).default('altcha'),
    ),
    ALTCHA_HMAC_KEY: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
    RECAPTCHA_ENDPOINT: z.preprocess(emptyAsUndefined, absoluteHttpUrl.optional()),
    RECAPTCHA_PROJECT_ID: optionalString,
    RECAPTCHA_SITE_KEY: optionalString,
    RECAPTCHA_CHALLENGE_SITE_KEY: optionalString,
    RECAPTCHA_API_KEY: optionalString,
    RECAPTCHA_SCORE_THRESHOLD: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().min(0).max(1).default(DEFAULT_RECAPTCHA_SCORE_THRESHOLD),
    ),
    EXPERIMENTS: optionalString,
    FETCH_ALLOW_HOSTS: optionalString.refine(
      (value) => parseHostList(value).every((entry) => parseHostAllowance(entry) !== null),
      'expected host, host:port or host:* entries separated by commas (decision 097)',
    ),
    UPLOAD_BODY_TIMEOUT_MS: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(1).default(DEFAULT_UPLOAD_BODY_TIMEOUT_MS),
    ),
    IMAGE_WORK_CONCURRENCY: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(1).max(64).default(DEFAULT_IMAGE_WORK_CONCURRENCY),
    ),
    IMAGE_WORK_QUEUE_MAX: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(0).max(1000).default(DEFAULT_IMAGE_WORK_QUEUE_MAX),
    ),
    STORAGE_QUOTA_BYTES: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number()
        .int()
        .min(0)
        .max(Number.MAX_SAFE_INTEGER)
        .default(DEFAULT_STORAGE_QUOTA_BYTES),
    ),
    PROCESS_ROLE: z.preprocess(emptyAsUndefined, z.enum(PROCESS_ROLES).default('all')),
  })
  .extend(providersEnvSchema.shape);

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * `name:group,name2:group2` → overrides. Unlike `?exp=` (which silently drops bad entries), a
 * configured name or group that does not exist is a start-up error: a typo in a kill switch
 * must not quietly leave the experiment running.
 */
export function parseExperimentsEnv(value: string | undefined): {
  overrides: ExperimentOverrides;
  problems: string[];
} {
  const overrides: Record<string, string> = {};
  const problems: string[] = [];
  for (const entry of (value ?? '').split(',')) {
    const pair = entry.trim();
    if (pair === '') continue;
    const [name = '', group = '', ...rest] = pair.split(':').map((part) => part.trim());
    const definition = Object.hasOwn(EXPERIMENTS, name)
      ? EXPERIMENTS[name as keyof typeof EXPERIMENTS]
      : undefined;
    if (rest.length > 0 || !definition) {
      problems.push(`EXPERIMENTS: unknown experiment in "${pair}"`);
    } else if (!definition.groups.some((candidate) => candidate.name === group)) {
      problems.push(`EXPERIMENTS: ${name} has no group "${group}"`);
    } else {
      overrides[name] = group;
    }
  }
  return { overrides, problems };
}

function captchaConfig(e: z.output<typeof envSchema>): {
  captcha: CaptchaConfig;
  problems: string[];
} {
  const problems: string[] = [];
  let recaptcha: RecaptchaConfig | undefined;
  if (e.CAPTCHA_PROVIDER === 'recaptcha') {
    for (const name of [
      'RECAPTCHA_PROJECT_ID',
      'RECAPTCHA_SITE_KEY',
      'RECAPTCHA_API_KEY',
    ] as const) {
      if (!e[name]) problems.push(`${name}: required when CAPTCHA_PROVIDER=recaptcha`);
    }
    recaptcha = {
      endpoint: withoutTrailingSlash(e.RECAPTCHA_ENDPOINT ?? DEFAULT_RECAPTCHA_ENDPOINT),
      projectId: e.RECAPTCHA_PROJECT_ID ?? '',
      siteKey: e.RECAPTCHA_SITE_KEY ?? '',
      challengeSiteKey: e.RECAPTCHA_CHALLENGE_SITE_KEY ?? e.RECAPTCHA_SITE_KEY ?? '',
      apiKey: e.RECAPTCHA_API_KEY ?? '',
      scoreThreshold: e.RECAPTCHA_SCORE_THRESHOLD,
    };
  }
  return {
    captcha: { provider: e.CAPTCHA_PROVIDER, altchaHmacKey: e.ALTCHA_HMAC_KEY, recaptcha },
    problems,
  };
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL) {
    throw new ConfigError([
      'DATABASE_REPLICA_URL: a replica of what? Set DATABASE_URL (the primary) too',
    ]);
  }

  let s3: S3Config | undefined;
  if (e.S3_BUCKET) {
    const problems: string[] = [];
    if (!e.S3_PUBLIC_URL) problems.push('S3_PUBLIC_URL: required when S3_BUCKET is set');
    if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
      problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
    }
    if (problems.length > 0) throw new ConfigError(problems);
    s3 = {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION ?? 'us-east-1',
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      publicUrl: withoutTrailingSlash(e.S3_PUBLIC_URL ?? ''),
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    };
  }

  const experiments = parseExperimentsEnv(e.EXPERIMENTS);
  const captcha = captchaConfig(e);
  const providers = providersConfig(e);
  const problems = [...experiments.problems, ...captcha.problems, ...providers.problems];
  if (problems.length > 0) throw new ConfigError(problems);
  const publicUrl = withoutTrailingSlash(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    publicUrl,
    webauthn: webauthnConfig(publicUrl, e.WEBAUTHN_RP_ID, e.WEBAUTHN_ORIGINS),
    s3,
    logLevel: e.LOG_LEVEL,
    nodeEnv: e.NODE_ENV,
    webDist: e.WEB_DIST ? resolve(cwd, e.WEB_DIST) : DEFAULT_WEB_DIST,
    rateLimitMax: e.RATE_LIMIT_MAX,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Corkboard <no-reply@${new URL(publicUrl).hostname}>`,
    mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    mfaResendIntervalSeconds: e.MFA_RESEND_INTERVAL_SECONDS,
    captcha: captcha.captcha,
    experiments: experiments.overrides,
    fetchAllowHosts: parseHostList(e.FETCH_ALLOW_HOSTS),
    providers: providers.providers,
    uploadBodyTimeoutMs: e.UPLOAD_BODY_TIMEOUT_MS,
    imageWorkConcurrency: e.IMAGE_WORK_CONCURRENCY,
    imageWorkQueueMax: e.IMAGE_WORK_QUEUE_MAX,
    storageQuotaBytes: e.STORAGE_QUOTA_BYTES,
    processRole: e.PROCESS_ROLE,
  };
}

/** The product's name as authenticators show it beside a passkey. */
export const WEBAUTHN_RP_NAME = 'Corkboard';

export function webauthnConfig(
  publicUrl: string,
  rpId: string | undefined,
  origins: string | undefined,
): WebauthnConfig {
  const url = new URL(publicUrl);
  const listed = (origins ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin.length > 0)
    .map((origin) => new URL(origin).origin);
  return {
    rpId: (rpId ?? url.hostname).toLowerCase(),
    rpName: WEBAUTHN_RP_NAME,
    origins: listed.length > 0 ? listed : [url.origin],
  };
}

/** `a, b ,c` → ['a', 'b', 'c']: comma-separated, blanks dropped, lower-cased like URL hosts. */
export function parseHostList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host.length > 0);
}

export function isHttpsPublicUrl(config: Pick<AppConfig, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https://');
}
