// How the settings pages show a server refusal: the server's own message for a 4xx (it names
// the problem, e.g. 'That username is taken. Try another.'), the generic sentence otherwise, and
// the field it belongs to (`data.field`) so the message sits under that input.
import { ApiError } from '../../api/client.ts';

export interface SettingsFailure {
  message: string | null;
  field: string | null;
}

export function failureOf(error: unknown, genericMessage: string): SettingsFailure {
  if (!(error instanceof ApiError) || !error.isClientError) {
    return { message: genericMessage, field: null };
  }
  const field = error.data?.['field'];
  return {
    message: error.detail ?? error.message,
    field: typeof field === 'string' ? field : null,
  };
}
