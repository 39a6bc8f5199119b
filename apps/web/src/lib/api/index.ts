export { call, callPath, request, refreshAccessToken, runAuthFailure, setAuthFailureHandler, type AuthMode, type CallInput } from './client';
export { ApiError, errorCodeOf, errorMessage, errorMessages, isForbidden, isNotFound } from './errors';
export { createQueryKeys } from './query-keys';
export { createQueryClient } from './query-client';
export { tokenStore, useAccessToken } from './token-store';
export { tokenExpiry } from './jwt';
export { fetchApiFile } from './file';
export { dropEarlyReads } from './early-session';
