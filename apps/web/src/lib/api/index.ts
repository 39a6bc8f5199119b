export { api, request, refreshAccessToken, runAuthFailure, setAuthFailureHandler, type AuthMode } from './client';
export { ApiError, errorMessage, errorMessages, isForbidden } from './errors';
export { createQueryKeys } from './query-keys';
export { createQueryClient } from './query-client';
export { tokenStore, useAccessToken } from './token-store';
export { tokenExpiry } from './jwt';
