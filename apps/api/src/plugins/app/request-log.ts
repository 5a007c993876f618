// One log line per request, and at most one per address per minute for answers of 429 (issue 13:
// Fastify's default wrote "incoming request" and "request completed" for every request, so a
// flood that the limiter refused still wrote two lines per refused request — the log became the
// attacker's amplifier). The line is written when the answer is complete and carries the method,
// the redacted URL (logging.ts), the status and the time taken.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock.ts';

/** A refused address is logged once per window; the next line says how many were not logged. */
export const RATE_LIMITED_LOG_WINDOW_MS = 60_000;
/**
 * Addresses remembered for that rule. Past it the oldest is forgotten (its next 429 is logged
 * again), so a flood from many addresses cannot grow this map without bound.
 */
export const RATE_LIMITED_LOG_MAX_ADDRESSES = 10_000;

interface RefusedAddress {
  windowStartedAt: number;
  suppressed: number;
}

export class OneLinePerRequestLog extends LogController {
  readonly #now: Clock;
  readonly #refused = new Map<string, RefusedAddress>();

  constructor(now: Clock) {
    super();
    this.#now = now;
  }

  // The line is written on completion, with everything known; nothing on arrival.
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
      return;
    }
    if (reply.statusCode === 429) {
      const suppressed = this.#refusedLinesSkipped(request.ip);
      if (suppressed === null) return;
      reply.log.info({ ...line, suppressedSinceLastLine: suppressed }, 'request rate limited');
      return;
    }
    reply.log.info(line, 'request completed');
  }

  /** null: do not log this 429; otherwise the number of 429 lines skipped since the last one. */
  #refusedLinesSkipped(address: string): number | null {
    const at = this.#now().getTime();
    const known = this.#refused.get(address);
    if (known && at - known.windowStartedAt < RATE_LIMITED_LOG_WINDOW_MS) {
      known.suppressed += 1;
      return null;
    }
    const suppressed = known?.suppressed ?? 0;
    // Re-inserted so that Map order is oldest-window first, which is the eviction order.
    this.#refused.delete(address);
    this.#refused.set(address, { windowStartedAt: at, suppressed: 0 });
    if (this.#refused.size > RATE_LIMITED_LOG_MAX_ADDRESSES) {
      const oldest = this.#refused.keys().next().value;
      if (oldest !== undefined) this.#refused.delete(oldest);
    }
    return suppressed;
  }
}
