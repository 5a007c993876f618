// The one error handler (ARCHITECTURE.md "API shape"): every failure leaves the server as the
// failure envelope with a registry code. Framework errors are mapped onto the registry; anything
// unexpected becomes INTERNAL with no stack or internal message in the body (it is logged with
// the request id instead).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '@corkboard/shared/app-error';
import { failure, type FailureEnvelope } from '@corkboard/shared/envelope';
import type { ErrorCodeName } from '@corkboard/shared/error-codes';

/** Largest JSON body accepted (1 MiB). Uploads go through multipart with their own limits. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** Paths that always answer JSON, never the SPA, so a typo in an API call is a clear 404. */
export const API_PATH_PREFIXES = [
  '/v3/',
  '/resource/',
  '/media/',
  '/assets/',
  '/healthz',
  // business.md §7 names these two (docs/decisions/100, 102).
  '/vx/',
  '/ads/v4/',
] as const;

export function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? url;
  return API_PATH_PREFIXES.some(
    (prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix),
  );
}

export function failureBody(error: AppError): FailureEnvelope {
  return failure({
    api_error_code: error.code,
    message: error.message,
    http_status: error.httpStatus,
    ...(error.detail === undefined ? {} : { message_detail: error.detail }),
    ...(error.data === undefined ? {} : { data: error.data }),
  });
}

export function sendAppError(reply: FastifyReply, error: AppError): FastifyReply {
  // An error that says when to come back (IMAGE_WORK_BUSY) says it in the header too.
  const retryAfter = error.data?.['retry_after_seconds'];
  if (typeof retryAfter === 'number') void reply.header('Retry-After', String(retryAfter));
  return reply
    .status(error.httpStatus)
    .type('application/json; charset=utf-8')
    .send(failureBody(error));
}

function isFastifyError(error: unknown): error is FastifyError {
  return (
    error instanceof Error &&
    'code' in error &&
    typeof (error as { code: unknown }).code === 'string'
  );
}

const FRAMEWORK_CODES: Record<string, ErrorCodeName> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

const STATUS_CODES: Record<number, ErrorCodeName> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Maps any thrown value to the AppError we answer with; null means "unexpected, answer 500". */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return new AppError('VALIDATION_FAILED', {
      data: {
        location: error.validationContext ?? 'request',
        fields: error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          code: issue.keyword,
          message: issue.message ?? 'Invalid value',
        })),
      },
    });
  }
  if (!isFastifyError(error)) return null;
  const byCode = FRAMEWORK_CODES[error.code];
  if (byCode === 'PAYLOAD_TOO_LARGE') {
    return new AppError(byCode, { data: { max_bytes: JSON_BODY_LIMIT_BYTES } });
  }
  if (byCode) return new AppError(byCode);
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500)
    return new AppError(STATUS_CODES[status] ?? 'BAD_REQUEST');
  return null;
}

/** Node's codes for a stream cut short because the other side went away. */
const CLIENT_ABORT_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

/**
 * Whether a failure is the client hanging up (a closed tab, a cancelled upload), not a fault of
 * ours: the body stream ends early and the parser or a stream pipeline throws. Such a request
 * has nobody to answer, and logging it as an unhandled error buried real faults in the journeys'
 * logs, so it is logged at info level.
 */
export function isClientAbort(error: unknown, requestAborted: boolean): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CLIENT_ABORT_CODES.has(code)) return true;
  return requestAborted && error.message === 'aborted';
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const aborted = request.raw.aborted || request.raw.socket?.destroyed === true;
    if (isClientAbort(error, aborted)) {
      request.log.info({ code: (error as { code?: unknown }).code }, 'client closed the request');
      // Answered for the record (the access log shows it); nobody is there to read it.
      return sendAppError(reply, new AppError('BAD_REQUEST'));
    }
    const appError = toAppError(error);
    if (appError) {
      if (appError.httpStatus >= 500)
        request.log.error({ err: appError, cause: appError.cause }, 'request failed');
      return sendAppError(reply, appError);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendAppError(reply, new AppError('INTERNAL'));
  });
}

export type SpaRenderer = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  if (accept === undefined || accept.trim() === '' || accept.trim() === '*/*') return true;
  return accept.includes('text/html');
}

/**
 * Unknown API paths answer ROUTE_NOT_FOUND; other page loads get the SPA (status 200), whose
 * client router decides what the path means. Non-GET requests never get HTML.
 */
export function registerNotFoundHandler(app: FastifyInstance, renderSpa: SpaRenderer): void {
  app.setNotFoundHandler(async (request, reply) => {
    const isPageLoad =
      (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (isPageLoad && acceptsHtml(request)) return renderSpa(request, reply);
    return sendAppError(reply, new AppError('ROUTE_NOT_FOUND'));
  });
}
