// The single registry of api_error_code values. docs/api-errors.md mirrors this table and a test
// keeps the two in step. Tests assert codes, never copy. Numbers are stable once released:
// never renumber, only append.

export interface ErrorCodeDefinition {
  readonly code: number;
  readonly httpStatus: number;
  /** Default human-readable message (English); clients show message_detail first when present. */
  readonly message: string;
}

export const ERROR_CODES = {
  // 1–99: generic request problems
  BAD_REQUEST: { code: 1, httpStatus: 400, message: 'The request is not valid.' },
  INVALID_JSON: { code: 2, httpStatus: 400, message: 'The request body is not valid JSON.' },
  VALIDATION_FAILED: { code: 3, httpStatus: 400, message: 'Some fields are not valid.' },
  INVALID_BOOKMARK: { code: 4, httpStatus: 400, message: 'The page cursor is not valid.' },
  NOT_FOUND: { code: 10, httpStatus: 404, message: 'We could not find that.' },
  ROUTE_NOT_FOUND: { code: 11, httpStatus: 404, message: 'There is no such endpoint.' },
  METHOD_NOT_ALLOWED: { code: 12, httpStatus: 405, message: 'That method is not allowed here.' },
  PAYLOAD_TOO_LARGE: { code: 13, httpStatus: 413, message: 'The request is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { code: 14, httpStatus: 415, message: 'That content type is not supported.' },
  CSRF_FAILED: { code: 20, httpStatus: 403, message: 'Your session token is missing or out of date. Reload the page and try again.' },
  UNAUTHORIZED: { code: 21, httpStatus: 401, message: 'You need to log in first.' },
  FORBIDDEN: { code: 22, httpStatus: 403, message: 'You do not have access to that.' },
  RATE_LIMITED: { code: 29, httpStatus: 429, message: 'Too many requests. Please wait a moment and try again.' },
  INTERNAL: { code: 50, httpStatus: 500, message: 'Something went wrong on our side. Please try again.' },
  SERVICE_UNAVAILABLE: { code: 53, httpStatus: 503, message: 'The service is temporarily unavailable.' },

  // 100–199: resources and lookups
  UNKNOWN_RESOURCE: { code: 100, httpStatus: 404, message: 'There is no such resource.' },
  UNKNOWN_RESOURCE_VERB: { code: 101, httpStatus: 405, message: 'That resource does not support this action.' },
  PIN_NOT_FOUND: { code: 110, httpStatus: 404, message: 'Sorry, that Pin could not be found.' },
  BOARD_NOT_FOUND: { code: 111, httpStatus: 404, message: 'Sorry, that board could not be found.' },
  SECTION_NOT_FOUND: { code: 112, httpStatus: 404, message: 'Sorry, that section could not be found.' },
  USER_NOT_FOUND: { code: 113, httpStatus: 404, message: 'Sorry, that user could not be found.' },
  SEARCH_QUERY_REQUIRED: { code: 120, httpStatus: 400, message: 'Type something to search for.' },

  // 200–299: media
  MEDIA_NOT_AN_IMAGE: { code: 200, httpStatus: 415, message: 'That file is not an image we can use.' },
  MEDIA_TOO_LARGE: { code: 201, httpStatus: 413, message: 'That image is too large.' },
  MEDIA_TOO_MANY_PIXELS: { code: 202, httpStatus: 413, message: 'That image has too many pixels.' },
  MEDIA_NOT_FOUND: { code: 203, httpStatus: 404, message: 'That image could not be found.' },
} as const satisfies Record<string, ErrorCodeDefinition>;

export type ErrorCodeName = keyof typeof ERROR_CODES;
