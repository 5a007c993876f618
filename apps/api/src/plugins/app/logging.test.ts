import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { LazyChildLogger, lazyChildLoggerFactory, redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('replaces the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/password/reset/?token=abc')).toBe('/password/reset/?token=[redacted]');
    expect(redactUrl('/v3/board_invites/?x=1&TOKEN=abc&y=2')).toBe(
      '/v3/board_invites/?x=1&TOKEN=[redacted]&y=2',
    );
    expect(redactUrl('/cb?code=c&state=s&scope=email')).toBe(
      '/cb?code=[redacted]&state=[redacted]&scope=email',
    );
    expect(redactUrl('/v3/pins/1/?page_size=3')).toBe('/v3/pins/1/?page_size=3');
    expect(redactUrl('/no-query')).toBe('/no-query');
  });

  it('catches encoded names and names that do not decode', () => {
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
    expect(redactUrl('/x?%E0%A4%A=abc')).toBe('/x?%E0%A4%A=[redacted]');
  });
});

describe('lazyChildLoggerFactory (ADR 202)', () => {
  function sink() {
    const lines: string[] = [];
    return { lines, stream: { write: (line: string) => void lines.push(line) } };
  }

  it('writes the very line pino child would, with the request id bound', () => {
    const eager = sink();
    const lazy = sink();
    const fixedTime = { timestamp: () => ',"time":1' };
    const eagerLogger = pino({ level: 'info', ...fixedTime }, eager.stream);
    const lazyLogger = pino({ level: 'info', ...fixedTime }, lazy.stream);
    eagerLogger.child({ reqId: 'r-1' }).info({ a: 1 }, 'request completed');
    lazyChildLoggerFactory(lazyLogger, { reqId: 'r-1' }, {}).info({ a: 1 }, 'request completed');
    expect(lazy.lines).toEqual(eager.lines);
    expect(JSON.parse(lazy.lines[0] ?? '{}')).toMatchObject({ reqId: 'r-1', a: 1 });
  });

  it('makes no child for lines below the level, and makes it for the first line written', () => {
    const out = sink();
    const parent = pino({ level: 'warn' }, out.stream);
    const logger = lazyChildLoggerFactory(parent, { reqId: 'r-2' }, {});
    if (!(logger instanceof LazyChildLogger)) throw new Error('expected the lazy logger');
    logger.info('not written');
    logger.debug('not written');
    expect(logger.materialised).toBe(false);
    expect(out.lines).toEqual([]);
    logger.warn('written');
    expect(logger.materialised).toBe(true);
    expect(JSON.parse(out.lines[0] ?? '{}')).toMatchObject({ reqId: 'r-2', msg: 'written' });
  });

  it('gives a route its own level at once (pino child), as Fastify did', () => {
    const parent = pino({ level: 'warn' }, sink().stream);
    const logger = lazyChildLoggerFactory(parent, { reqId: 'r-3' }, { level: 'debug' });
    expect(logger).not.toBeInstanceOf(LazyChildLogger);
    expect(logger.level).toBe('debug');
  });
});
