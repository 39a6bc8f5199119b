import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@replay/contracts';

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

export function setRefreshCookie(reply: FastifyReply, token: string, settings: CookieSettings): void {
  reply.setCookie(REFRESH_COOKIE, token, { ...options(settings), maxAge: settings.refreshTtlDays * 24 * 60 * 60 });
}

export function clearRefreshCookie(reply: FastifyReply, settings: CookieSettings): void {
  reply.clearCookie(REFRESH_COOKIE, options(settings));
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}
