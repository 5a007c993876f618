// Zod issues from the shared auth schemas → the registry's auth codes (auth.md §8). Every error
// names the form field it belongs to (`data.field`) and carries the rule's exact sentence in
// `message_detail`, so the modal can show it where the person is looking.
import type { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import type { AuthErrorField } from '@corkboard/shared/auth/api';
import type { PasswordFailure } from '@corkboard/shared/auth/password';
import { authIssueReason } from '@corkboard/shared/auth/schemas';
import type { ErrorCodeName } from '@corkboard/shared/error-codes';

type Issue = z.core.$ZodIssue;

const PASSWORD_CODES: Readonly<Record<string, ErrorCodeName>> = {
  required: 'AUTH_PASSWORD_TOO_SHORT',
  too_short: 'AUTH_PASSWORD_TOO_SHORT',
  too_long: 'AUTH_PASSWORD_TOO_LONG',
  not_ascii: 'AUTH_PASSWORD_NOT_ASCII',
  same_as_identity: 'AUTH_PASSWORD_SAME_AS_IDENTITY',
  common: 'AUTH_PASSWORD_COMMON',
};

const BIRTHDAY_CODES: Readonly<Record<string, ErrorCodeName>> = {
  required: 'AUTH_BIRTHDAY_MISSING',
  invalid: 'AUTH_BIRTHDAY_INVALID',
  under_age: 'AUTH_UNDERAGE',
  over_age: 'AUTH_OVERAGE',
};

/** Which field an issue is on, in the order the signup flow checks them (auth.md §4). */
const FIELD_ORDER: readonly string[] = [
  'email',
  'username_or_email',
  'password',
  'new_password',
  'birthday',
];

function fieldOf(issue: Issue): string {
  const first = issue.path[0];
  return typeof first === 'string' ? first : '';
}

function rank(issue: Issue): number {
  const index = FIELD_ORDER.indexOf(fieldOf(issue));
  return index < 0 ? FIELD_ORDER.length : index;
}

function authError(
  code: ErrorCodeName,
  field: AuthErrorField,
  issue: Issue,
  extra: Record<string, unknown> = {},
): AppError {
  return new AppError(code, {
    detail: issue.message,
    data: { field, reason: authIssueReason(issue), ...extra },
  });
}

/** The generic answer for fields no rule sentence covers (enum values, types, lengths). */
function validationFailed(issues: readonly Issue[]): AppError {
  return new AppError('VALIDATION_FAILED', {
    data: {
      location: 'body',
      fields: issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        code: issue.code,
        message: issue.message,
      })),
    },
  });
}

export interface PasswordRuleContext {
  /** For AUTH_PASSWORD_TOO_SHORT's `data.min_length`. */
  minPasswordLength: number;
}

/** The one error to answer for a failed signup, reset or login body: the first field in flow order. */
export function authErrorFromIssues(
  issues: readonly Issue[],
  context: PasswordRuleContext,
  mode: 'signup' | 'login',
): AppError {
  const sorted = [...issues].sort((a, b) => rank(a) - rank(b));
  const issue = sorted[0];
  if (!issue) return validationFailed(issues);
  const reason = authIssueReason(issue);
  switch (fieldOf(issue)) {
    case 'email':
    case 'username_or_email':
      return authError('AUTH_EMAIL_INVALID', 'email', issue);
    case 'password':
    case 'new_password': {
      // auth.md §5: at login every rule failure reads "The password you entered is incorrect."
      if (mode === 'login' && reason !== 'required') {
        return authError('AUTH_LOGIN_INCORRECT_PASSWORD', 'password', issue);
      }
      const code = PASSWORD_CODES[reason] ?? 'AUTH_PASSWORD_TOO_SHORT';
      return authError(
        code,
        'password',
        issue,
        code === 'AUTH_PASSWORD_TOO_SHORT' ? { min_length: context.minPasswordLength } : {},
      );
    }
    case 'birthday': {
      const code = BIRTHDAY_CODES[reason] ?? 'AUTH_BIRTHDAY_INVALID';
      return authError(code, 'birthday', issue);
    }
    default:
      return validationFailed(sorted);
  }
}

/** A failed validatePassword (the reset form, which has no zod schema of its own for it). */
export function passwordFailureError(
  failure: PasswordFailure,
  minPasswordLength: number,
): AppError {
  const code = PASSWORD_CODES[failure.reason] ?? 'AUTH_PASSWORD_TOO_SHORT';
  return new AppError(code, {
    detail: failure.message,
    data: {
      field: 'password',
      reason: failure.reason,
      ...(code === 'AUTH_PASSWORD_TOO_SHORT' ? { min_length: minPasswordLength } : {}),
    },
  });
}
