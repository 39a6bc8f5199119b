import { ApiError, errorMessage } from '../../lib/api';

/** HTTP reason phrases: what the spec's "with status text" messages append (fetch drops statusText under HTTP/2). */
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Unknown error';
  if (error.status === 0) return 'Network error';
  return REASONS[error.status] ?? `HTTP ${error.status}`;
}

/** 'Error fetching roles: Internal Server Error' (spec section 8: the message with the status text). */
export function withStatusText(prefix: string, error: unknown): string {
  return `${prefix}: ${statusText(error)}`;
}

/** 'The instances could not be loaded.', then the server's reason when it gave one. */
export function withServerReason(what: string, error: unknown): string {
  const why = errorMessage(error, '');
  return why ? `${what} ${why}` : what;
}
