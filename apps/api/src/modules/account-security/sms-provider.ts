// Sends verification codes by SMS through a provider with Twilio's Messages API shape
// (`config.providers.sms`): form-encoded POST {apiUrl}/2010-04-01/Accounts/{Sid}/Messages.json
// with HTTP Basic auth, `To`, `From` or `MessagingServiceSid`, `Body`. The configured URL is
// trusted (the real Twilio, or @corkboard/dev-peers' stand-in on loopback), so plain fetch.
import type { SmsProviderConfig } from '../../config/providers.ts';

/** A provider call that hangs fails instead of holding the login request. */
export const SMS_TIMEOUT_MS = 10_000;

/** Twilio error codes that mean "this destination cannot get an SMS" (not our fault, not retryable). */
const BAD_DESTINATION_CODES = new Set([21211, 21612, 21408, 21610, 21614, 21604]);

export class SmsSendError extends Error {
  /** `destination`: the number cannot receive SMS; `provider`: anything else (retry later). */
  readonly kind: 'destination' | 'provider';
  readonly providerCode: number | null;
  constructor(kind: 'destination' | 'provider', providerCode: number | null, message: string) {
    super(message);
    this.name = 'SmsSendError';
    this.kind = kind;
    this.providerCode = providerCode;
  }
}

export interface SmsSender {
  send(to: string, body: string): Promise<{ sid: string }>;
}

export function createSmsSender(
  config: SmsProviderConfig,
  fetchImpl: typeof fetch = fetch,
): SmsSender {
  const url = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    async send(to, body) {
      const form = new URLSearchParams({ To: to, Body: body });
      if (config.messagingServiceSid) form.set('MessagingServiceSid', config.messagingServiceSid);
      else if (config.fromNumber) form.set('From', config.fromNumber);
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
        });
      } catch (error) {
        throw new SmsSendError('provider', null, `SMS provider unreachable: ${String(error)}`);
      }
      const answer = (await response.json().catch(() => ({}))) as {
        sid?: unknown;
        code?: unknown;
        message?: unknown;
      };
      if (response.ok && typeof answer.sid === 'string') return { sid: answer.sid };
      const code = typeof answer.code === 'number' ? answer.code : null;
      const kind = code !== null && BAD_DESTINATION_CODES.has(code) ? 'destination' : 'provider';
      throw new SmsSendError(
        kind,
        code,
        `SMS provider refused (${response.status}${code === null ? '' : `, ${code}`})`,
      );
    },
  };
}
