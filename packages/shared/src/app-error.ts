// The one error type the server throws on purpose. The API's error handler turns it into the
// failure envelope with the registry's code and HTTP status; anything else becomes INTERNAL.
import { ERROR_CODES, type ErrorCodeName } from './error-codes.ts';

export interface AppErrorOptions {
  /** Shown to the user in preference to the registry message (saving.md §8: detail first). */
  detail?: string;
  /** Machine-readable extras, e.g. `{ field: 'name', max_length: 180 }`. */
  data?: Record<string, unknown>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly codeName: ErrorCodeName;
  readonly code: number;
  readonly httpStatus: number;
  readonly detail: string | undefined;
  readonly data: Record<string, unknown> | undefined;

  constructor(codeName: ErrorCodeName, options: AppErrorOptions = {}) {
    const definition = ERROR_CODES[codeName];
    super(definition.message, { cause: options.cause });
    this.name = 'AppError';
    this.codeName = codeName;
    this.code = definition.code;
    this.httpStatus = definition.httpStatus;
    this.detail = options.detail;
    this.data = options.data;
  }
}
