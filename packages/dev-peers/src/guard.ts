// The peers imitate third parties with well-known dev credentials and let anyone "log in" as any
// test account. They must never run where real people are: every start function calls this, and
// the product should call it before deciding to start them (e.g. in scripts/dev.ts).

export class DevPeersInProductionError extends Error {
  constructor() {
    super(
      'Refusing to start the development stand-ins for third-party services with NODE_ENV=production. ' +
        'Configure the real providers instead (see packages/dev-peers/README.md).',
    );
    this.name = 'DevPeersInProductionError';
  }
}

/** Throws when `env` describes a production process (NODE_ENV=production). */
export function assertNotProduction(env: Readonly<Record<string, string | undefined>>): void {
  if (env.NODE_ENV?.trim().toLowerCase() === 'production') throw new DevPeersInProductionError();
}
