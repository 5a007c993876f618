// An SMS provider with Twilio's Messages API shape: form-encoded `POST
// /2010-04-01/Accounts/{AccountSid}/Messages.json` with HTTP Basic auth, Twilio's message
// resource and error bodies `{ code, message, more_info, status }`, Twilio's magic test numbers,
// status callbacks signed with `X-Twilio-Signature`, and a dev outbox (page, JSON and in-process
// helpers) where the product's verification codes can be read.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { assertNotProduction } from './guard.ts';
import { html, renderPage } from './html.ts';
import {
  isLoopbackUrl,
  listenLoopback,
  randomHex,
  readForm,
  requestUrl,
  sendHtml,
  sendJson,
  Router,
} from './http.ts';

export interface TwilioAccount {
  readonly accountSid: string;
  readonly authToken: string;
  /** Sender numbers the account owns (besides Twilio's magic test numbers). */
  readonly phoneNumbers: readonly string[];
  readonly messagingServiceSids: readonly string[];
}

export interface SmsPeerOptions {
  readonly accounts: readonly TwilioAccount[];
  readonly port?: number;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export type SmsStatus =
  'accepted' | 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed';

export interface SentSms {
  readonly sid: string;
  readonly accountSid: string;
  readonly to: string;
  readonly from: string | null;
  readonly messagingServiceSid: string | null;
  readonly body: string;
  readonly numSegments: number;
  readonly dateCreated: Date;
  status: SmsStatus;
  dateUpdated: Date;
  dateSent: Date | null;
  readonly statusCallback: string | null;
}

export interface StatusCallbackDelivery {
  readonly url: string;
  readonly status: SmsStatus;
  readonly responseStatus: number | null;
  readonly error?: string;
}

export interface SmsPeer {
  readonly url: string;
  /** Messages received, oldest first (optionally only those to one number). */
  messages(filter?: { readonly to?: string }): SentSms[];
  /** Resolves with the first message (already received or arriving) that matches. */
  waitForMessage(
    filter: { readonly to?: string; readonly bodyIncludes?: string },
    timeoutMs?: number,
  ): Promise<SentSms>;
  /** Status callbacks attempted, in order. */
  statusCallbacks(): StatusCallbackDelivery[];
  clear(): void;
  stop(): Promise<void>;
}

/** The longest body Twilio accepts (concatenated segments). */
export const SMS_MAX_BODY_LENGTH = 1600;
/** Twilio's page size cap for list requests. */
export const SMS_MAX_PAGE_SIZE = 1000;
/** Messages shown on the dev outbox page, newest first. */
export const SMS_OUTBOX_PAGE_LIMIT = 200;
/** How long waitForMessage waits by default before failing. */
export const SMS_WAIT_TIMEOUT_MS = 10_000;
const API_VERSION = '2010-04-01';

/** Twilio's magic test numbers: sending to these fails the way the real API does. */
const MAGIC_TO: Record<string, { code: number; message: (to: string) => string }> = {
  '+15005550001': {
    code: 21211,
    message: (to) => `The 'To' number ${to} is not a valid phone number.`,
  },
  '+15005550002': {
    code: 21612,
    message: () => "The 'To' phone number is not currently reachable via SMS.",
  },
  '+15005550003': {
    code: 21408,
    message: (to) =>
      `Permission to send an SMS has not been enabled for the region indicated by the 'To' number: ${to}.`,
  },
  '+15005550004': { code: 21610, message: () => 'Attempt to send to unsubscribed recipient' },
  '+15005550009': {
    code: 21614,
    message: (to) => `'To' number ${to} is not a valid mobile number`,
  },
};
const MAGIC_FROM_VALID = '+15005550006';
const MAGIC_FROM: Record<string, { code: number; message: (from: string) => string }> = {
  '+15005550001': {
    code: 21212,
    message: (from) =>
      `The 'From' number ${from} is not a valid phone number, shortcode, or alphanumeric sender ID.`,
  },
  '+15005550007': {
    code: 21606,
    message: (from) =>
      `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
  },
  '+15005550008': {
    code: 21611,
    message: () => "This 'From' number has exceeded the maximum number of queued messages",
  },
};

const E164 = /^\+[1-9]\d{1,14}$/;
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';

/** Segments as carriers count them: GSM-7 (160, or 153 per part) or UCS-2 (70, or 67 per part). */
export function smsSegments(body: string): number {
  let septets = 0;
  let gsm = true;
  for (const character of body) {
    if (GSM_BASIC.includes(character)) septets += 1;
    else if (GSM_EXTENSION.includes(character)) septets += 2;
    else gsm = false;
  }
  if (gsm) return septets <= 160 ? 1 : Math.ceil(septets / 153);
  const units = body.length; // UTF-16 code units
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

/** RFC 2822 dates, as Twilio writes them. */
function twilioDate(date: Date | null): string | null {
  return date ? date.toUTCString().replace('GMT', '+0000') : null;
}

/** Twilio's request signature: HMAC-SHA1 of the URL followed by the sorted POST parameters. */
export function twilioSignature(
  authToken: string,
  url: string,
  params: Readonly<Record<string, string>>,
): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + (params[key] ?? ''), url);
  return createHmac('sha1', authToken).update(data).digest('base64');
}

export async function startSmsPeer(options: SmsPeerOptions): Promise<SmsPeer> {
  assertNotProduction(options.env ?? process.env);
  const accounts = new Map(options.accounts.map((account) => [account.accountSid, account]));
  const sent: SentSms[] = [];
  const callbacks: StatusCallbackDelivery[] = [];
  const waiters = new Set<(message: SentSms) => boolean>();
  const router = new Router();
  const server = await listenLoopback((req, res) => dispatch(req, res), options.port);

  const moreInfo = (code: number) => `${server.url}/docs/errors/${code}`;
  function twilioError(
    res: ServerResponse,
    status: number,
    code: number,
    message: string,
    extra: Record<string, string> = {},
  ): void {
    sendJson(res, status, { code, message, more_info: moreInfo(code), status, ...extra });
  }

  function authenticated(req: IncomingMessage, res: ServerResponse): TwilioAccount | undefined {
    const header = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!header?.[1]) {
      res.setHeader('www-authenticate', 'Basic realm="Twilio API"');
      twilioError(res, 401, 20003, 'Authentication Error - No credentials provided', {
        detail: 'Your AccountSid or AuthToken was incorrect.',
      });
      return undefined;
    }
    const decoded = Buffer.from(header[1], 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    const account = accounts.get(decoded.slice(0, separator));
    const token = Buffer.from(decoded.slice(separator + 1));
    const expected = Buffer.from(account?.authToken ?? '');
    if (
      !account ||
      separator < 0 ||
      token.length !== expected.length ||
      !timingSafeEqual(token, expected)
    ) {
      res.setHeader('www-authenticate', 'Basic realm="Twilio API"');
      twilioError(res, 401, 20003, 'Authenticate', {
        detail: 'Your AccountSid or AuthToken was incorrect.',
      });
      return undefined;
    }
    return account;
  }

  function resource(message: SentSms) {
    const uri = `/${API_VERSION}/Accounts/${message.accountSid}/Messages/${message.sid}.json`;
    return {
      account_sid: message.accountSid,
      api_version: API_VERSION,
      body: message.body,
      date_created: twilioDate(message.dateCreated),
      date_sent: twilioDate(message.dateSent),
      date_updated: twilioDate(message.dateUpdated),
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: message.from,
      messaging_service_sid: message.messagingServiceSid,
      num_media: '0',
      num_segments: String(message.numSegments),
      price: null,
      price_unit: 'USD',
      sid: message.sid,
      status: message.status,
      subresource_uris: { media: uri.replace(/\.json$/, '/Media.json') },
      to: message.to,
      uri,
    };
  }

  /** The account named in the path, which must be the authenticated one. */
  function pathAccount(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    sid: string,
  ): TwilioAccount | undefined {
    const account = authenticated(req, res);
    if (!account) return undefined;
    if (account.accountSid !== sid) {
      twilioError(res, 404, 20404, `The requested resource ${url.pathname} was not found`);
      return undefined;
    }
    return account;
  }

  router.on(
    'POST',
    `/${API_VERSION}/Accounts/:accountSid/Messages.json`,
    async ({ req, res, url, params }) => {
      const form = await readForm(req);
      const account = pathAccount(req, res, url, params.accountSid ?? '');
      if (!account) return;
      const to = form.get('To')?.trim() ?? '';
      const from = form.get('From')?.trim() ?? '';
      const serviceSid = form.get('MessagingServiceSid')?.trim() ?? '';
      const body = form.get('Body') ?? '';
      const statusCallback = form.get('StatusCallback');
      if (!to) return twilioError(res, 400, 21604, "A 'To' phone number is required.");
      if (!E164.test(to))
        return twilioError(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      if (!from && !serviceSid) {
        return twilioError(
          res,
          400,
          21603,
          "A 'From' or 'MessagingServiceSid' parameter is required to send a message.",
        );
      }
      if (serviceSid && !account.messagingServiceSids.includes(serviceSid)) {
        return twilioError(res, 400, 21701, `The Messaging Service Sid ${serviceSid} is invalid.`);
      }
      if (from) {
        const magic = MAGIC_FROM[from];
        if (magic) return twilioError(res, 400, magic.code, magic.message(from));
        if (from !== MAGIC_FROM_VALID && !account.phoneNumbers.includes(from)) {
          return twilioError(
            res,
            400,
            21606,
            `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
          );
        }
      }
      if (!body.trim()) return twilioError(res, 400, 21602, 'Message body is required.');
      if (body.length > SMS_MAX_BODY_LENGTH) {
        return twilioError(
          res,
          400,
          21617,
          `The concatenated message body exceeds the ${SMS_MAX_BODY_LENGTH} character limit.`,
        );
      }
      const magicTo = MAGIC_TO[to];
      if (magicTo) return twilioError(res, 400, magicTo.code, magicTo.message(to));
      if (statusCallback !== null && !isLoopbackUrl(statusCallback)) {
        // The peer never calls off this machine.
        return twilioError(
          res,
          400,
          21609,
          `The StatusCallback URL ${statusCallback} is not a valid URL.`,
        );
      }
      const created = new Date();
      const message: SentSms = {
        sid: `SM${randomHex(16)}`,
        accountSid: account.accountSid,
        to,
        from: from || null,
        messagingServiceSid: serviceSid || null,
        body,
        numSegments: smsSegments(body),
        dateCreated: created,
        dateUpdated: created,
        dateSent: null,
        status: serviceSid && !from ? 'accepted' : 'queued',
        statusCallback,
      };
      sent.push(message);
      for (const waiter of waiters) if (waiter(message)) waiters.delete(waiter);
      sendJson(res, 201, resource(message));
      // After answering: the message is sent and delivered, each step reported to the callback.
      setImmediate(() => {
        void progress(message, account);
      });
    },
  );

  async function progress(message: SentSms, account: TwilioAccount): Promise<void> {
    for (const status of ['sent', 'delivered'] as const) {
      message.status = status;
      message.dateUpdated = new Date();
      if (status === 'sent') message.dateSent = message.dateUpdated;
      if (!message.statusCallback) continue;
      const params: Record<string, string> = {
        AccountSid: message.accountSid,
        ApiVersion: API_VERSION,
        From: message.from ?? '',
        MessageSid: message.sid,
        MessageStatus: status,
        SmsSid: message.sid,
        SmsStatus: status,
        To: message.to,
        ...(message.messagingServiceSid
          ? { MessagingServiceSid: message.messagingServiceSid }
          : {}),
      };
      try {
        const response = await fetch(message.statusCallback, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-twilio-signature': twilioSignature(
              account.authToken,
              message.statusCallback,
              params,
            ),
            'user-agent': 'TwilioProxy/1.1',
          },
          body: new URLSearchParams(params),
        });
        await response.arrayBuffer();
        callbacks.push({ url: message.statusCallback, status, responseStatus: response.status });
      } catch (error) {
        callbacks.push({
          url: message.statusCallback,
          status,
          responseStatus: null,
          error: String(error),
        });
      }
    }
  }

  router.on(
    'GET',
    `/${API_VERSION}/Accounts/:accountSid/Messages.json`,
    ({ req, res, url, params }) => {
      const account = pathAccount(req, res, url, params.accountSid ?? '');
      if (!account) return;
      const query = url.searchParams;
      const pageSize = Math.min(
        SMS_MAX_PAGE_SIZE,
        Math.max(1, Number(query.get('PageSize')) || 50),
      );
      const page = Math.max(0, Math.floor(Number(query.get('Page')) || 0));
      const matching = sent
        .filter((m) => m.accountSid === account.accountSid)
        .filter((m) => !query.get('To') || m.to === query.get('To'))
        .filter((m) => !query.get('From') || m.from === query.get('From'))
        .reverse();
      const slice = matching.slice(page * pageSize, (page + 1) * pageSize);
      const base = `/${API_VERSION}/Accounts/${account.accountSid}/Messages.json`;
      const pageUri = (n: number) => {
        const next = new URLSearchParams(query);
        next.set('PageSize', String(pageSize));
        next.set('Page', String(n));
        return `${base}?${next.toString()}`;
      };
      sendJson(res, 200, {
        messages: slice.map(resource),
        end: page * pageSize + Math.max(0, slice.length - 1),
        first_page_uri: pageUri(0),
        next_page_uri: (page + 1) * pageSize < matching.length ? pageUri(page + 1) : null,
        page,
        page_size: pageSize,
        previous_page_uri: page > 0 ? pageUri(page - 1) : null,
        start: page * pageSize,
        uri: pageUri(page),
      });
    },
  );

  router.on(
    'GET',
    `/${API_VERSION}/Accounts/:accountSid/Messages/:messageSid.json`,
    ({ req, res, url, params }) => {
      const account = pathAccount(req, res, url, params.accountSid ?? '');
      if (!account) return;
      const message = sent.find(
        (m) => m.sid === params.messageSid && m.accountSid === account.accountSid,
      );
      if (!message)
        return twilioError(res, 404, 20404, `The requested resource ${url.pathname} was not found`);
      sendJson(res, 200, resource(message));
    },
  );

  // ---- Dev outbox and error pages (not part of Twilio's API) --------------------------------

  router.on('GET', '/__peer/messages', ({ res, url }) => {
    const to = url.searchParams.get('to');
    sendJson(res, 200, {
      messages: sent
        .filter((m) => !to || m.to === to)
        .slice(-SMS_OUTBOX_PAGE_LIMIT)
        .reverse()
        .map(resource),
    });
  });

  router.on('GET', '/', ({ res }) => {
    const recent = sent.slice(-SMS_OUTBOX_PAGE_LIMIT).reverse();
    sendHtml(
      res,
      200,
      renderPage({
        title: 'Development SMS outbox',
        banner: 'Development SMS outbox — not Twilio; no text message leaves this machine',
        body: html`<h1>SMS outbox</h1>
          <p>
            Text messages the application sent through the Messages API stand-in, newest first (at
            most ${SMS_OUTBOX_PAGE_LIMIT}). Reload to see new ones.
          </p>
          ${
            recent.length
              ? html`<table>
                  <caption>
                    Sent messages
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Sent</th>
                      <th scope="col">To</th>
                      <th scope="col">From</th>
                      <th scope="col">Message</th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${recent.map(
                      (m) =>
                        html`<tr>
                          <td>${twilioDate(m.dateCreated)}</td>
                          <td>${m.to}</td>
                          <td>${m.from ?? m.messagingServiceSid ?? ''}</td>
                          <td>${m.body}</td>
                          <td>${m.status}</td>
                        </tr>`,
                    )}
                  </tbody>
                </table>`
              : html`<p>No messages yet.</p>`
          }`,
      }),
    );
  });

  router.on('GET', '/docs/errors/:code', ({ res, params }) => {
    sendHtml(
      res,
      200,
      renderPage({
        title: `Error ${params.code ?? ''}`,
        banner: 'Development SMS provider — not Twilio',
        body: html`<h1>Error ${params.code ?? ''}</h1>
          <p>
            The development SMS provider answered with Twilio error code ${params.code ?? ''}. See
            the dev-peers README for what each code means here.
          </p>`,
      }),
    );
  });

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = requestUrl(req);
    const method = req.method ?? 'GET';
    const match = router.match(method, url.pathname);
    if (match.kind === 'found') {
      await match.handler({ req, res, method, url, params: match.params });
      return;
    }
    if (match.kind === 'method-not-allowed') {
      return twilioError(res, 405, 20004, 'Method not allowed');
    }
    twilioError(res, 404, 20404, `The requested resource ${url.pathname} was not found`);
  }

  return {
    url: server.url,
    messages(filter = {}) {
      return sent.filter((m) => !filter.to || m.to === filter.to);
    },
    waitForMessage(filter, timeoutMs = SMS_WAIT_TIMEOUT_MS) {
      const matches = (m: SentSms) =>
        (!filter.to || m.to === filter.to) &&
        (!filter.bodyIncludes || m.body.includes(filter.bodyIncludes));
      const existing = sent.find(matches);
      if (existing) return Promise.resolve(existing);
      return new Promise<SentSms>((resolve, reject) => {
        const waiter = (message: SentSms) => {
          if (!matches(message)) return false;
          clearTimeout(timer);
          resolve(message);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no SMS matching ${JSON.stringify(filter)} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    statusCallbacks() {
      return [...callbacks];
    },
    clear() {
      sent.length = 0;
      callbacks.length = 0;
    },
    stop: () => server.stop(),
  };
}
