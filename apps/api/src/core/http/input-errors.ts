// Turns rule failures of the saving inputs into specific api_error_codes, so a client (and a
// test) can tell "name missing" from "name too long" from "not an image" without reading copy.
// The shared schemas (packages/shared/src/saving/schemas.ts) tag their failures with
// `params.reason`; this maps field + reason to the registry. Anything else is the generic
// VALIDATION_FAILED of http/input.ts.
import type { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import type { ErrorCodeName } from '@corkboard/shared/error-codes';
import { PIN_IMAGE_MAX_BYTES } from '@corkboard/shared/saving/schemas';
import type { InputErrorMapper } from './input.ts';

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
 * The input-error mapper of the saving routes and resources: the first issue with a specific
 * code decides the error; without one the answer is the generic VALIDATION_FAILED.
 */
export function savingInputErrors(nameCodes?: NameCodes): InputErrorMapper {
  return (issues) => {
    for (const issue of issues) {
      const specific = specificError(issue, nameCodes ?? null);
      if (specific) return specific;
    }
    return null;
  };
}
