// A tiny cookie-keeping "browser" for the auth suites (apps built with `viewer: 'session'`):
// it keeps cookies between requests and sends the CSRF header the way the web app does; plus the
// auth suites' request bodies and answer readers, and a person signed up and signed in.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import { birthdayFromCalendarDate } from '@corkboard/shared/auth/birthday';
import { CSRF_COOKIE } from '../plugins/app/csrf.ts';

export interface ParsedCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

export function parseSetCookie(line: string): ParsedCookie {
  const [pair = '', ...rest] = line.split(';');
  const index = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const part of rest) {
    const [key = '', ...value] = part.trim().split('=');
    attributes[key.toLowerCase()] = value.length > 0 ? value.join('=') : true;
  }
  return { name: pair.slice(0, index).trim(), value: pair.slice(index + 1).trim(), attributes };
}

export function setCookies(response: LightMyRequestResponse): ParsedCookie[] {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.map(parseSetCookie);
}

export interface ApiBody<T = unknown> {
  resource_response: {
    status: 'success' | 'failure';
    code: number;
    data: T;
    error?: {
      api_error_code: number;
      http_status: number;
      message: string;
      message_detail?: string;
      data?: Record<string, unknown>;
    };
  };
}

/** Keeps cookies between requests and echoes the CSRF cookie in X-CSRFToken, like the SPA. */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  private readonly app: FastifyInstance;
  readonly ip: string;
  constructor(app: FastifyInstance, ip = '203.0.113.10') {
    this.app = app;
    this.ip = ip;
  }

  private remember(response: LightMyRequestResponse): void {
    for (const cookie of setCookies(response)) {
      const maxAge = cookie.attributes['max-age'];
      if (cookie.value === '' || maxAge === '0') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      method: 'GET',
      url,
      remoteAddress: this.ip,
      headers: { accept: 'application/json', cookie: this.cookieHeader(), ...headers },
    });
    this.remember(response);
    return response;
  }

  async post(
    url: string,
    payload: unknown = {},
    options: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    return this.send('POST', url, payload, options);
  }

  async put(
    url: string,
    payload: unknown = {},
    options: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    return this.send('PUT', url, payload, options);
  }

  async delete(
    url: string,
    options: { csrf?: boolean; headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<LightMyRequestResponse> {
    return this.send('DELETE', url, options.body ?? {}, options);
  }

  private async send(
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload: unknown,
    options: { csrf?: boolean; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse> {
    if (!this.cookies.has(CSRF_COOKIE)) await this.get('/v3/captcha/config/');
    const csrf =
      options.csrf === false ? {} : { 'x-csrftoken': this.cookies.get(CSRF_COOKIE) ?? '' };
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      payload: JSON.stringify(payload),
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        cookie: this.cookieHeader(),
        ...csrf,
        ...options.headers,
      },
    });
    this.remember(response);
    return response;
  }
}

export function body<T = unknown>(response: LightMyRequestResponse): ApiBody<T> {
  return response.json<ApiBody<T>>();
}

/** The api_error_code of a failure answer (0 for success). */
export function errorCode(response: LightMyRequestResponse): number {
  return body(response).resource_response.code;
}

export function errorData(response: LightMyRequestResponse): Record<string, unknown> {
  return body(response).resource_response.error?.data ?? {};
}

/** Born 1 May 1990: an adult for the next century. */
export const ADULT_BIRTHDAY = birthdayFromCalendarDate({ year: 1990, month: 5, day: 1 });
/** Not on the common list, not an email or username. */
export const GOOD_PASSWORD = 'zebra-lamp-42';

let counter = 0;
/** A fresh address per call, so suites never collide. */
export function uniqueEmail(prefix = 'person'): string {
  counter += 1;
  return `${prefix}.${counter}.${Math.random().toString(36).slice(2, 8)}@example.test`;
}

export function signupBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'email',
    email: uniqueEmail(),
    password: GOOD_PASSWORD,
    birthday: ADULT_BIRTHDAY,
    first_name: 'Ann',
    last_name: 'Lee',
    country: 'US',
    ...overrides,
  };
}

let browsers = 0;
/**
 * A browser from an address no other browser of this file uses (198.51.100.1, .2, …), so the
 * per-address rate limits one test spends never meet another test's.
 */
export function newBrowser(app: FastifyInstance): TestBrowser {
  browsers += 1;
  return new TestBrowser(app, `198.51.${100 + (browsers >> 8)}.${browsers & 255}`);
}

export interface SignedUpPerson {
  id: string;
  username: string;
  email: string;
  /** Holds the new person's session: signed in. */
  b: TestBrowser;
}

/** Registers a new adult (signupBody, uniqueEmail(prefix)) in a browser of its own. */
export async function signUp(app: FastifyInstance, prefix = 'person'): Promise<SignedUpPerson> {
  const b = newBrowser(app);
  const email = uniqueEmail(prefix);
  const response = await b.post('/v3/register/', signupBody({ email }));
  if (response.statusCode !== 200) {
    throw new Error(`sign-up answered ${response.statusCode}: ${response.body}`);
  }
  const { user } = body<AuthSuccess>(response).resource_response.data;
  return { id: user.id, username: user.username, email, b };
}
