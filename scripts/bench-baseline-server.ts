// Baseline for bench:feed: a bare Fastify route answering the same bytes from memory. Started by
// spawnServer (@corkboard/testing-support/server), which passes PORT and HOST like the API's.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [bodyFile] = process.argv.slice(2);
const port = Number(process.env.PORT);
if (!bodyFile || !port) throw new Error('usage: PORT=<port> bench-baseline-server.ts <body-file>');
const body = readFileSync(bodyFile);
const app = Fastify({ logger: false });
app.get('/v3/feeds/home/', (_request, reply) => {
  void reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
