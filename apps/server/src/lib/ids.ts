import { createHash, randomBytes, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** 256 bits, URL-safe: for links and refresh tokens. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as their hash, so a database leak does not leak sessions. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
