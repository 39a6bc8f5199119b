import type { LightMyRequestResponse } from 'fastify';
import type { Account, SignupInput } from '@replay/contracts';
import type { TestApp } from './app';

export const STRONG_PASSWORD = 'Str0ng!Passw0rd';

let counter = 0;
/** A fresh, valid sign-up body; each call gets its own email. */
export function signupBody(overrides: Partial<SignupInput> = {}): SignupInput {
  counter += 1;
  return {
    fullname: 'Ada Lovelace',
    organizationName: 'Analytical Engines',
    email: `ada.${counter}.${Date.now()}@example.com`,
    password: STRONG_PASSWORD,
    ...overrides,
  };
}

/** The refresh cookie's value as the server set it, or undefined. */
export function refreshCookieOf(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === 'refresh_token')?.value;
}

export interface SignedIn {
  user: Account;
  jwt: string;
  refresh: string;
  email: string;
  password: string;
}

let addressCounter = 0;
/** A documentation-range address of its own for each call, so per-address limits (sign-up, login) never couple tests. */
export function freshAddress(): string {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

export async function signup(t: TestApp, overrides: Partial<SignupInput> = {}): Promise<SignedIn> {
  const body = signupBody(overrides);
  const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: body, remoteAddress: freshAddress() });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const { data } = res.json() as { data: { user: Account; jwt: string } };
  return { ...data, refresh: refreshCookieOf(res)!, email: body.email, password: body.password };
}

export function login(t: TestApp, email: string, password: string, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });
}

export function refresh(t: TestApp, token: string | undefined) {
  return t.app.inject({ method: 'GET', url: '/api/refresh', cookies: token ? { refresh_token: token } : {} });
}

export const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });
