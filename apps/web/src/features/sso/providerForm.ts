// The rules of the provider forms (register and edit; docs/decisions/154, 190) that need no React:
// reading the domain list, the checks made before sending, and which field a server refusal is
// about — so each error is shown under, and announced with, the field it names.
import { ERROR_CODES, type ErrorCodeName } from '@corkboard/shared/error-codes';
import { ApiError } from '../../api/client.ts';

export type ProviderField = 'name' | 'slug' | 'issuer' | 'client_id' | 'client_secret' | 'domains';
export type FieldErrors = Partial<Record<ProviderField, string>>;

/** The form's fields in page order: the first one with an error takes the focus. */
export const PROVIDER_FIELD_ORDER: readonly ProviderField[] = [
  'name',
  'slug',
  'issuer',
  'client_id',
  'client_secret',
  'domains',
];

export interface ProviderValues {
  name: string;
  slug: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  domains: string;
}

/** Domains typed separated by commas or spaces (or one per line). */
export function parseDomainList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((domain) => domain.trim().toLowerCase())
    .filter((domain) => domain !== '');
}

const SLUG_PATTERN = /^[a-z0-9-]{1,40}$/;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export type ProviderProblem = 'required' | 'issuer' | 'slug';

/**
 * What is wrong before sending: required fields (the secret only when registering — editing
 * keeps the stored one when left empty), the issuer's shape and the short name's. The server
 * keeps every rule; this only saves a round trip and names the field.
 */
export function checkProviderValues(
  values: ProviderValues,
  mode: 'create' | 'edit',
): Partial<Record<ProviderField, ProviderProblem>> {
  const problems: Partial<Record<ProviderField, ProviderProblem>> = {};
  if (values.name.trim() === '') problems.name = 'required';
  if (mode === 'create') {
    if (values.slug.trim() === '') problems.slug = 'required';
    else if (!SLUG_PATTERN.test(values.slug.trim())) problems.slug = 'slug';
  }
  if (values.issuer.trim() === '') problems.issuer = 'required';
  else if (!isHttpUrl(values.issuer.trim())) problems.issuer = 'issuer';
  if (values.client_id.trim() === '') problems.client_id = 'required';
  if (mode === 'create' && values.client_secret === '') problems.client_secret = 'required';
  return problems;
}

const FIELD_OF_CODE: Partial<Record<ErrorCodeName, ProviderField>> = {
  SSO_PROVIDER_SLUG_TAKEN: 'slug',
  SSO_ISSUER_UNREACHABLE: 'issuer',
  SSO_DOMAIN_INVALID: 'domains',
  SSO_DOMAIN_TAKEN: 'domains',
  SSO_DOMAIN_PROVEN_ELSEWHERE: 'domains',
  SSO_DOMAINS_FULL: 'domains',
};

function isProviderField(value: string): value is ProviderField {
  return (PROVIDER_FIELD_ORDER as readonly string[]).includes(value);
}

/** The field a server refusal is about, or null (the form then shows it as a whole). */
export function fieldOfError(error: unknown): ProviderField | null {
  if (!(error instanceof ApiError)) return null;
  for (const [name, field] of Object.entries(FIELD_OF_CODE)) {
    if (error.code === ERROR_CODES[name as ErrorCodeName].code) return field;
  }
  if (error.code === ERROR_CODES.VALIDATION_FAILED.code) {
    const fields = error.data?.['fields'];
    const path = Array.isArray(fields) ? (fields[0] as { path?: unknown } | undefined)?.path : null;
    const first = typeof path === 'string' ? (path.split('.')[0] ?? '') : '';
    return isProviderField(first) ? first : null;
  }
  return null;
}

/** The domain a refusal names (`data.domain`), when it names one. */
export function domainOfError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const domain = error.data?.['domain'];
  return typeof domain === 'string' ? domain : null;
}
