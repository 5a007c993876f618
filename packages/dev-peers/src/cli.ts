// `node packages/dev-peers/src/cli.ts`: starts every development peer, prints their URLs and the
// environment variables that point the product at them, and runs until Ctrl-C.
//
//   --app-origin <url>     an origin of the product (repeatable); default the dev and start ports
//   --base-port <n>        fixed ports n, n+1, … instead of free ones (so the printed env stays valid)
//   --stripe-webhook <url> the product's Stripe webhook receiver (on this machine)
//   --write-env <path>     also write the variables to this file (KEY=value lines)
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startDevPeers, type PeerName } from './launcher.ts';

/** `npm run dev` serves the web app on 5173 and the API on 3001; `npm start` serves on 3000. */
export const DEFAULT_DEV_APP_ORIGINS = [
  'http://localhost:5173',
  'http://127.0.0.1:5173',
  'http://localhost:3001',
  'http://127.0.0.1:3001',
  'http://localhost:3000',
  'http://127.0.0.1:3000',
] as const;

/** Port order for --base-port. */
const PORT_ORDER: readonly PeerName[] = [
  'oidc',
  'facebook',
  'instagram',
  'sms',
  'stripe',
  'safeBrowsing',
  'dns',
  'dnsControl',
];

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

const { values } = parseArgs({
  options: {
    'app-origin': { type: 'string', multiple: true },
    'base-port': { type: 'string' },
    'stripe-webhook': { type: 'string' },
    'write-env': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});

if (values.help) {
  console.log(
    'Usage: node packages/dev-peers/src/cli.ts [--app-origin URL]... [--base-port N] [--stripe-webhook URL] [--write-env PATH]',
  );
  process.exit(0);
}

let ports: Partial<Record<PeerName, number>> | undefined;
if (values['base-port'] !== undefined) {
  const base = Number(values['base-port']);
  if (!Number.isInteger(base) || base < 1024 || base + PORT_ORDER.length > 65535) {
    console.log(`--base-port must be an integer from 1024 to ${65535 - PORT_ORDER.length}`);
    process.exit(2);
  }
  ports = Object.fromEntries(PORT_ORDER.map((name, index) => [name, base + index]));
}

const peers = await startDevPeers({
  appOrigins: values['app-origin']?.length ? values['app-origin'] : [...DEFAULT_DEV_APP_ORIGINS],
  ...(ports ? { ports } : {}),
  ...(values['stripe-webhook'] ? { stripeWebhookUrl: values['stripe-webhook'] } : {}),
});

const { urls } = peers;
const rows: [string, string][] = [
  ['Google (OIDC, Identity Services)', urls.googleIssuer],
  ['LINE (OIDC)', urls.lineIssuer],
  ['Enterprise SSO (OIDC)', urls.enterpriseIssuer],
  ['Facebook (dialog, Graph API, SDK)', urls.facebook],
  ['Instagram (OAuth, Graph)', urls.instagram],
  ['SMS (Twilio Messages API) + outbox', urls.sms],
  ['Payments (Stripe API)', urls.stripe],
  ['URL reputation (Safe Browsing v4)', urls.safeBrowsing],
  ['DNS (UDP+TCP)', urls.dnsServer],
  ['DNS zone editor', urls.dnsControl],
];
const width = Math.max(...rows.map(([label]) => label.length));
console.log('Corkboard development peers — local stand-ins, never for production:\n');
for (const [label, url] of rows) console.log(`  ${label.padEnd(width)}  ${url}`);
console.log('\nEnvironment for the product:\n');
for (const [name, value] of Object.entries(peers.env))
  console.log(`export ${name}=${shellQuote(value)}`);
if (values['write-env']) {
  writeFileSync(
    values['write-env'],
    Object.entries(peers.env)
      .map(([name, value]) => `${name}=${value}\n`)
      .join(''),
  );
  console.log(`\nWrote ${values['write-env']}.`);
}
console.log('\nPress Ctrl-C to stop.');

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  peers.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('stopping the peers failed', error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
