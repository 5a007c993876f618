// Turns rule failures of the saving inputs into specific api_error_codes, so a client (and a
// test) can tell "name missing" from "name too long" from "not an image" without reading copy.
// The shared schemas (packages/shared/src/saving/schemas.ts) tag their failures with
// `params.reason`; this maps field + reason to the registry. Anything else is VALIDATION_FAILED
// with every problem listed, as parseOptions does.
import type { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import type { ErrorCodeName } from '@corkboard/shared/error-codes';
import { PIN_IMAGE_MAX_BYTES } from '@corkboard/shared/saving/schemas';
import { SafeFetchError, type SafeFetchErrorReason } from '../lib/safe-fetch.ts';

/** Which codes a `name` field's failures get (boards and sections share the rule). */
export interface NameCodes {
  required: ErrorCodeName;
  tooLong: ErrorCodeName;
}

export const BOARD_NAME_CODES: NameCodes = {
  required: 'BOARD_NAME_REQUIRED',
  tooLong: 'BOARD_NAME_TOO_LONG',
};
export const SECTION_NAME_CODES: NameCodes = {
  required: 'SECTION_NAME_REQUIRED',
  tooLong: 'SECTION_NAME_TOO_LONG',
};

const URL_FIELDS = new Set(['image_url', 'link', 'url']);

function reasonOf(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code !== 'custom') return undefined;
  const reason: unknown = issue.params?.['reason'];
  return typeof reason === 'string' ? reason : undefined;
}

/** The specific error for one issue, or null when it is an ordinary validation problem. */
function specificError(issue: z.core.$ZodIssue, nameCodes: NameCodes | null): AppError | null {
  const field = String(issue.path[0] ?? '');
  const reason = reasonOf(issue);
  if (field === 'name' && nameCodes) {
    // A missing name (undefined, not a string) is "required" too.
    if (reason === 'required' || issue.code === 'invalid_type') {
      return new AppError(nameCodes.required, {
        detail: issue.message,
        data: { field: 'name' },
      });
    }
    if (reason === 'too_long') {
      return new AppError(nameCodes.tooLong, { detail: issue.message, data: { field: 'name' } });
    }
  }
  if (field === 'section_names') {
    // Decision 012: the sections a new board starts with follow the section rule.
    const data = { field, index: issue.path[1] ?? null };
    if (reason === 'required' || (issue.code === 'invalid_type' && issue.path.length > 1)) {
      return new AppError('SECTION_NAME_REQUIRED', { detail: issue.message, data });
    }
    if (reason === 'too_long') {
      return new AppError('SECTION_NAME_TOO_LONG', { detail: issue.message, data });
    }
    if (reason === 'duplicate') return new AppError('SECTION_NAME_TAKEN', { data });
  }
  if (field === 'image_base64') {
    if (reason === 'too_large' || issue.code === 'too_big') {
      return new AppError('MEDIA_TOO_LARGE', {
        data: { field, max_bytes: PIN_IMAGE_MAX_BYTES },
      });
    }
    if (reason === 'invalid_base64') return new AppError('MEDIA_NOT_AN_IMAGE', { data: { field } });
  }
  if (URL_FIELDS.has(field) && (reason === 'invalid_url' || issue.code === 'too_big')) {
    return new AppError('URL_INVALID', { detail: issue.message, data: { field } });
  }
  return null;
}

/**
 * Parses `input` with `schema`. The first issue with a specific code decides the error;
 * otherwise VALIDATION_FAILED lists every issue under `location`.
 */
export function parseSavingInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  options: { location: 'options' | 'body'; nameCodes?: NameCodes },
): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const specific = specificError(issue, options.nameCodes ?? null);
    if (specific) throw specific;
  }
  throw new AppError('VALIDATION_FAILED', {
    data: {
      location: options.location,
      fields: result.error.issues.map((issue) => ({
        path: [options.location, ...issue.path.map(String)].join('.'),
        code: issue.code,
        message: issue.message,
      })),
    },
  });
}

/**
 * SafeFetchError reasons → registry codes (the proposals in lib/safe-fetch.ts's
 * SAFE_FETCH_API_ERRORS, now registered; a test keeps the two in step).
 */
export const FETCH_ERROR_CODES: Readonly<Record<SafeFetchErrorReason, ErrorCodeName>> = {
  invalid_url: 'URL_INVALID',
  blocked_scheme: 'URL_BLOCKED',
  blocked_port: 'URL_BLOCKED',
  blocked_address: 'URL_BLOCKED',
  dns_failure: 'URL_UNREACHABLE',
  network: 'URL_UNREACHABLE',
  timeout: 'URL_TIMEOUT',
  aborted: 'URL_TIMEOUT',
  too_large: 'URL_RESPONSE_TOO_LARGE',
  too_many_redirects: 'URL_TOO_MANY_REDIRECTS',
  bad_content_type: 'URL_UNSUPPORTED_CONTENT',
  http_status: 'URL_HTTP_ERROR',
};

/**
 * The API error for a failed fetch. Only the reason and the upstream status leave the server:
 * never the address a name resolved to (that would map our network for a caller).
 */
export function fetchFailure(error: SafeFetchError): AppError {
  return new AppError(FETCH_ERROR_CODES[error.reason], {
    cause: error,
    data: {
      reason: error.reason,
      ...(error.status === undefined ? {} : { status: error.status }),
    },
  });
}

/** Runs `task`, turning a SafeFetchError into its API error. */
export async function withFetchErrors<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (error instanceof SafeFetchError) throw fetchFailure(error);
    throw error;
  }
}
