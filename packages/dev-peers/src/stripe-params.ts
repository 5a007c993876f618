// Stripe's request conventions: bracketed form parameters (`card[number]`, `metadata[k]`,
// `expand[]`), strict parameter checking, its error object and list envelope, and money
// formatting as its messages print it.
import { randomToken } from './http.ts';

export type StripeErrorType =
  'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

export interface StripeErrorBody {
  readonly type: StripeErrorType;
  readonly message: string;
  readonly code?: string;
  readonly decline_code?: string;
  readonly param?: string;
  readonly [extra: string]: unknown;
}

/** An error answered in Stripe's shape `{ error: { type, code, decline_code, message, param } }`. */
export class StripeError extends Error {
  readonly status: number;
  readonly body: StripeErrorBody;
  constructor(status: number, body: StripeErrorBody) {
    super(body.message);
    this.name = 'StripeError';
    this.status = status;
    this.body = body;
  }
}

export type Params = Record<string, unknown>;

export function invalid(
  message: string,
  extra: Omit<StripeErrorBody, 'type' | 'message'> = {},
): StripeError {
  return new StripeError(400, { type: 'invalid_request_error', message, ...extra });
}

export function missing(param: string): StripeError {
  return invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
}

export function noSuch(kind: string, id: string, param = 'id'): StripeError {
  return new StripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

/** Rejects parameters the endpoint does not know, as Stripe does. */
export function allowOnly(params: Params, allowed: readonly string[]): void {
  for (const name of Object.keys(params)) {
    if (!allowed.includes(name)) {
      throw invalid(`Received unknown parameter: ${name}`, {
        code: 'parameter_unknown',
        param: name,
      });
    }
  }
}

export function str(
  params: Params,
  name: string,
  options: { required?: boolean; max?: number } = {},
): string | undefined {
  const value = params[name];
  if (value === undefined || value === '') {
    if (options.required) throw missing(name);
    return undefined;
  }
  if (typeof value !== 'string') {
    throw invalid(`Invalid string: ${JSON.stringify(value)}`, {
      code: 'parameter_invalid_string',
      param: name,
    });
  }
  if (options.max !== undefined && value.length > options.max) {
    throw invalid(
      `Invalid string: ${value.slice(0, 20)}...; must be at most ${options.max} characters`,
      {
        code: 'parameter_invalid_string_too_long',
        param: name,
      },
    );
  }
  return value;
}

export function int(
  params: Params,
  name: string,
  options: { required?: boolean } = {},
): number | undefined {
  const value = str(params, name, options);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) {
    throw invalid(`Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param: name });
  }
  return Number(value);
}

export function bool(params: Params, name: string): boolean | undefined {
  const value = str(params, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') {
    throw invalid(`Invalid boolean: ${value}`, { code: 'parameter_invalid_boolean', param: name });
  }
  return value === 'true';
}

export function oneOf<T extends string>(
  params: Params,
  name: string,
  values: readonly T[],
): T | undefined {
  const value = str(params, name);
  if (value === undefined) return undefined;
  if (!(values as readonly string[]).includes(value)) {
    throw invalid(`Invalid ${name}: must be one of ${values.join(', ')}`, {
      code: 'parameter_invalid_string',
      param: name,
    });
  }
  return value as T;
}

export function hash(params: Params, name: string): Params | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(`Invalid object`, { code: 'parameter_invalid_object', param: name });
  }
  return value as Params;
}

export function list(params: Params, name: string): string[] | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  const items = Array.isArray(value)
    ? value
    : typeof value === 'object' && value !== null
      ? Object.values(value)
      : [value];
  if (!items.every((item): item is string => typeof item === 'string')) {
    throw invalid(`Invalid array`, { code: 'parameter_invalid_array', param: name });
  }
  return items;
}

/** Stripe's metadata limits: 50 keys, keys up to 40 characters, values up to 500. */
export const METADATA_LIMITS = { keys: 50, keyLength: 40, valueLength: 500 } as const;

/** Applies `metadata[key]=value` updates (an empty value removes the key). */
export function metadata(
  params: Params,
  current: Record<string, string> = {},
): Record<string, string> {
  const updates = hash(params, 'metadata');
  if (params.metadata === '') return {};
  if (!updates) return current;
  const next = { ...current };
  for (const [key, value] of Object.entries(updates)) {
    if (typeof value !== 'string')
      throw invalid('Invalid metadata value', { param: `metadata[${key}]` });
    if (key.length > METADATA_LIMITS.keyLength) {
      throw invalid(`Metadata keys can have up to ${METADATA_LIMITS.keyLength} characters.`, {
        param: `metadata[${key}]`,
      });
    }
    if (value.length > METADATA_LIMITS.valueLength) {
      throw invalid(`Metadata values can have up to ${METADATA_LIMITS.valueLength} characters.`, {
        param: `metadata[${key}]`,
      });
    }
    if (value === '') delete next[key];
    else next[key] = value;
  }
  if (Object.keys(next).length > METADATA_LIMITS.keys) {
    throw invalid(`You can have up to ${METADATA_LIMITS.keys} metadata keys.`, {
      param: 'metadata',
    });
  }
  return next;
}

export const ZERO_DECIMAL_CURRENCIES = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

/** Currencies the peer accepts (a subset of Stripe's, covering the product's markets). */
export const SUPPORTED_CURRENCIES = new Set([
  'usd',
  'eur',
  'gbp',
  'jpy',
  'krw',
  'cad',
  'aud',
  'nzd',
  'chf',
  'sek',
  'nok',
  'dkk',
  'pln',
  'czk',
  'mxn',
  'brl',
  'ars',
  'clp',
  'cop',
  'inr',
  'sgd',
  'hkd',
  'twd',
  'thb',
  'myr',
  'php',
  'idr',
  'zar',
  'try',
  'ils',
  'aed',
]);

/** Minimum charge per currency in minor units (Stripe's table for these currencies). */
export const MINIMUM_CHARGE: Readonly<Record<string, number>> = {
  usd: 50,
  eur: 50,
  gbp: 30,
  jpy: 50,
  krw: 100,
  cad: 50,
  aud: 50,
  nzd: 50,
  chf: 50,
  sek: 300,
  nok: 300,
  dkk: 250,
  pln: 200,
  czk: 1500,
  mxn: 1000,
  brl: 50,
  sgd: 50,
  hkd: 400,
  inr: 50,
  thb: 1000,
  myr: 200,
  aed: 200,
};

/** The largest amount Stripe accepts (8 digits in minor units). */
export const MAXIMUM_AMOUNT = 99_999_999;

const SYMBOLS: Record<string, string> = {
  usd: '$',
  eur: '€',
  gbp: '£',
  jpy: '¥',
  krw: '₩',
  cad: '$',
  aud: '$',
};

/** `$0.50`, `¥50`: how Stripe's messages print amounts. */
export function formatMoney(amount: number, currency: string): string {
  const major = ZERO_DECIMAL_CURRENCIES.has(currency) ? String(amount) : (amount / 100).toFixed(2);
  const symbol = SYMBOLS[currency];
  return symbol ? `${symbol}${major}` : `${major} ${currency.toUpperCase()}`;
}

export function objectId(prefix: string, length = 24): string {
  return `${prefix}_${randomToken(length)}`;
}

export interface StripeList<T> {
  readonly object: 'list';
  readonly data: T[];
  readonly has_more: boolean;
  readonly url: string;
}

/** Stripe's cursor pagination over newest-first items: limit 1–100 (default 10), starting_after, ending_before. */
export function paginate<T extends { id: string }>(
  items: readonly T[],
  params: Params,
  url: string,
): StripeList<T> {
  const limit = int(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalid(
      'This value must be less than or equal to 100 (it currently is ' + String(limit) + ').',
      {
        code: 'parameter_invalid_integer',
        param: 'limit',
      },
    );
  }
  const after = str(params, 'starting_after');
  const before = str(params, 'ending_before');
  let start = 0;
  let end = items.length;
  if (after) {
    const index = items.findIndex((item) => item.id === after);
    if (index < 0) throw noSuch('object', after, 'starting_after');
    start = index + 1;
  }
  if (before) {
    const index = items.findIndex((item) => item.id === before);
    if (index < 0) throw noSuch('object', before, 'ending_before');
    end = index;
    start = Math.max(0, end - limit);
  }
  const data = items.slice(start, Math.min(end, start + limit));
  return { object: 'list', data, has_more: start + data.length < end, url };
}
