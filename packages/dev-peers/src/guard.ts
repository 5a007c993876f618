// The peers imitate third parties with well-known dev credentials and let anyone "log in" as any
// test account. They must never run where real people are: every start function calls this.
//
// Production (NODE_ENV=production) is refused, with one exception: the local all-in-one demo
// that `npm start` runs (a production build on this machine). Its launcher opts in with
// DEV_PEERS=on, and only while the product's PUBLIC_URL is a loopback origin — a deployment has a
// real public origin, so the peers can never start there (docs/decisions/020).

export class DevPeersInProductionError extends Error {
  constructor() {
    super(
      'Refusing to start the development stand-ins for third-party services with NODE_ENV=production. ' +
        'Configure the real providers instead (see packages/dev-peers/README.md).',
    );
    this.name = 'DevPeersInProductionError';
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether `url` (default http://localhost) is an http(s) origin on this machine. */
export function isLoopbackUrl(url: string | undefined): boolean {
  const parsed = URL.parse(url ?? 'http://localhost');
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return false;
  return LOOPBACK_HOSTS.has(parsed.hostname) || /^127(\.\d{1,3}){3}$/.test(parsed.hostname);
}

/** Whether `env` is the local demo's explicit opt-in (see the file comment). */
export function isLocalDemo(env: Readonly<Record<string, string | undefined>>): boolean {
  return env.DEV_PEERS?.trim().toLowerCase() === 'on' && isLoopbackUrl(env.PUBLIC_URL);
}

/** Throws when `env` describes a production process that is not the local demo. */
export function assertNotProduction(env: Readonly<Record<string, string | undefined>>): void {
  if (env.NODE_ENV?.trim().toLowerCase() === 'production' && !isLocalDemo(env)) {
    throw new DevPeersInProductionError();
  }
}
