// Baseline for bench:feed and bench:scale: a bare Fastify route answering the same bytes from
// memory, at /v3/feeds/home/ or at the paths given after the body file (query strings ignored).
// Started by spawnServer (@corkboard/testing-support/server), which passes PORT and HOST like the
// API's.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [bodyFile, ...paths] = process.argv.slice(2);
const port = Number(process.env.PORT);
if (!bodyFile || !port)
  throw new Error('usage: PORT=<port> bench-baseline-server.ts <body-file> [path…]');
const body = readFileSync(bodyFile);
const app = Fastify({ logger: false });
for (const path of new Set(paths.length > 0 ? paths : ['/v3/feeds/home/'])) {
  app.get(path, (_request, reply) => {
    void reply.type('application/json; charset=utf-8').send(body);
  });
}
await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
