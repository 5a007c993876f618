// Baseline for bench:feed: a bare Fastify route answering the same bytes from memory.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [bodyFile, port] = process.argv.slice(2);
if (!bodyFile || !port) throw new Error('usage: bench-baseline-server.ts <body-file> <port>');
const body = readFileSync(bodyFile);
const app = Fastify({ logger: false });
app.get('/v3/feeds/home/', (_request, reply) => {
  void reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
