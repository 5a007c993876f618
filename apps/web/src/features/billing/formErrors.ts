// Field errors of the billing forms: from the shared schema before sending, and from the
// server's VALIDATION_FAILED answer (data.fields[].path) after.
import { ApiError } from '../../api/client.ts';
import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, 'required' | 'invalid'>>;

export function issuesToFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  values: Record<string, unknown>,
  prefix = '',
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    const field = (prefix && path[0] === prefix ? path[1] : path[0]) ?? '';
    if (!field || errors[field]) continue;
    const value = values[field];
    errors[field] = typeof value !== 'string' || value.trim() === '' ? 'required' : 'invalid';
  }
  return errors;
}

/** The fields a VALIDATION_FAILED answer names ('card.number' → 'number'). */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const fields = error.data?.fields;
  if (!Array.isArray(fields)) return {};
  const errors: FieldErrors = {};
  for (const entry of fields as { path?: unknown }[]) {
    if (typeof entry.path !== 'string') continue;
    const field = entry.path.split('.').at(-1) ?? '';
    if (field) errors[field] = 'invalid';
  }
  return errors;
}
