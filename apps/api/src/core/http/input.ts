// The one input parser (docs/decisions/014). Every route and resource verb declares zod schemas
// for its params, body, query string or resource `options`; the route layer (route.ts,
// resources/) parses each part once with `parseInput` before the handler runs, so services
// receive typed input and never parse again.
//
// A failure is VALIDATION_FAILED listing every issue (`data.location` names the part,
// `data.fields[].path` the field; resource options paths start with `options.` as the field sits
// under `options` in the request), unless the route's `inputErrors` mapper turns the issues into
// a more specific code (the saving and auth rules do: BOARD_NAME_REQUIRED, AUTH_EMAIL_INVALID, …).
//
// Before any schema runs, the raw part is checked for text PostgreSQL cannot store (a NUL, U+0000,
// or a lone UTF-16 surrogate, docs/decisions/090): in any string value or object key, at any
// depth. That is TEXT_INVALID_CHARACTERS (400) naming the field, whatever the schema or mapper
// would say, so no route has to remember it per field.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import type { ErrorCodeName } from '@corkboard/shared/error-codes';
import { findUnstorableText } from '../../lib/unstorable-text.ts';

export type InputLocation = 'params' | 'querystring' | 'body' | 'options';

export type InputIssue = z.core.$ZodIssue;

export interface InputContext {
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Maps a part's issues to the error to answer, or null for the generic VALIDATION_FAILED. It may
 * act on the reply (the signup form's under-age cookie is set together with AUTH_UNDERAGE).
 */
export type InputErrorMapper = (
  issues: readonly InputIssue[],
  location: InputLocation,
  context: InputContext,
) => AppError | null;

/** The generic answer for input that breaks its schema. */
/**
 * An InputErrorMapper for forms whose fields have their own error codes: the first issue on a
 * field with a code decides (`data.field` names it); anything else is VALIDATION_FAILED.
 */
export function fieldErrors(codes: Record<string, ErrorCodeName>): InputErrorMapper {
  return (issues) => {
    for (const issue of issues) {
      const field = String(issue.path[0] ?? '');
      const code = codes[field];
      if (code !== undefined) return new AppError(code, { data: { field } });
    }
    return null;
  };
}

export function validationFailed(issues: readonly InputIssue[], location: InputLocation): AppError {
  const prefix = location === 'options' ? ['options'] : [];
  return new AppError('VALIDATION_FAILED', {
    data: {
      location,
      fields: issues.map((issue) => ({
        path: [...prefix, ...issue.path.map(String)].join('.'),
        code: issue.code,
        message: issue.message,
      })),
    },
  });
}

function unstorableText(path: (string | number)[], location: InputLocation): AppError {
  const prefix = location === 'options' ? ['options'] : [];
  return new AppError('TEXT_INVALID_CHARACTERS', {
    data: {
      location,
      fields: [
        {
          path: [...prefix, ...path.map(String)].join('.'),
          code: 'invalid_characters',
          message: 'Contains a NUL character or an unpaired surrogate.',
        },
      ],
    },
  });
}

/** Parses one part of a request with its schema (see the file comment). */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  location: InputLocation,
  context: InputContext,
  mapErrors?: InputErrorMapper,
): z.output<Schema> {
  const unstorable = findUnstorableText(input);
  if (unstorable) throw unstorableText(unstorable, location);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw (
    mapErrors?.(result.error.issues, location, context) ??
    validationFailed(result.error.issues, location)
  );
}
