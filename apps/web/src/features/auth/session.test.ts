import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { EARLY_READS_GLOBAL } from '../../lib/api/early-session';
import { tokenStore } from '../../lib/api';
import { makeJwt } from '../../test/fixtures';
import { endSession } from './session';

describe('ending the session', () => {
  it('forgets the token, and the page loader’s reads not taken with the token they went with', () => {
    const token = makeJwt();
    tokenStore.set(token);
    const scope = globalThis as unknown as Record<string, unknown>;
    scope[EARLY_READS_GLOBAL] = { '/api/account': Promise.resolve({ token, response: new Response('{}') }) };
    endSession(new QueryClient());
    expect(tokenStore.get()).toBeNull();
    expect(scope[EARLY_READS_GLOBAL]).toBeUndefined();
  });
});
