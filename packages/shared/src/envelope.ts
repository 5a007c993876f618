// The one response envelope every API answer uses (ARCHITECTURE.md "API shape").
// Shared by the server (to build answers) and the web client (to read them).

export interface ApiErrorBody {
  api_error_code: number;
  message: string;
  message_detail?: string;
  http_status: number;
  data?: Record<string, unknown>;
}

export interface SuccessEnvelope<T> {
  resource_response: {
    status: 'success';
    code: 0;
    message: 'ok';
    data: T;
    /** Next-page cursor for feeds; absent at the end of a feed. */
    bookmark?: string;
  };
}

export interface FailureEnvelope {
  resource_response: {
    status: 'failure';
    code: number;
    message: string;
    data: null;
    error: ApiErrorBody;
  };
}

export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;

export function success<T>(data: T, bookmark?: string | null): SuccessEnvelope<T> {
  const resource_response: SuccessEnvelope<T>['resource_response'] = {
    status: 'success',
    code: 0,
    message: 'ok',
    data,
  };
  if (bookmark) resource_response.bookmark = bookmark;
  return { resource_response };
}

export function failure(error: ApiErrorBody): FailureEnvelope {
  return {
    resource_response: {
      status: 'failure',
      code: error.api_error_code,
      message: error.message,
      data: null,
      error,
    },
  };
}

export function isFailure<T>(envelope: Envelope<T>): envelope is FailureEnvelope {
  return envelope.resource_response.status === 'failure';
}
