import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, SESSION_HINT_COOKIE } from '@replay/contracts';

export const REFRESH_COOKIE = 'refresh_token';

export interface CookieSettings {
  publicUrl: string;
  refreshTtlDays: number;
}

/**
 * The refresh token lives only in this cookie: script cannot read it
 * (httpOnly), other sites cannot send it (strict), and only API calls carry it.
 */
function options(settings: CookieSettings) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: API_PREFIX,
    secure: settings.publicUrl.startsWith('https'),
  };
}

/**
 * The hint beside it (SESSION_HINT_COOKIE): readable by the page, so that a visit
 * without a session skips the refresh call; it holds no secret and opens nothing.
 * It lives and dies with the refresh cookie.
 */
function hintOptions(settings: CookieSettings) {
  return { ...options(settings), httpOnly: false, path: '/' };
}

export function setRefreshCookie(reply: FastifyReply, token: string, settings: CookieSettings): void {
  const maxAge = settings.refreshTtlDays * 24 * 60 * 60;
  reply.setCookie(REFRESH_COOKIE, token, { ...options(settings), maxAge });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hintOptions(settings), maxAge });
}

export function clearRefreshCookie(reply: FastifyReply, settings: CookieSettings): void {
  reply.clearCookie(REFRESH_COOKIE, options(settings));
  reply.clearCookie(SESSION_HINT_COOKIE, hintOptions(settings));
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}
