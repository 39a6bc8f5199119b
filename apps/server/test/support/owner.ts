import type { SignupInput } from '@replay/contracts';
import { createTestApp, type TestApp } from './app';
import { signup, type SignedIn } from './auth';

/**
 * The start most suites share: the test app (with `env`, as createTestApp
 * takes it) and one account signed up on it, whose owner the tests act as.
 * The caller closes `t`.
 */
export async function appWithOwner(env: Record<string, string> = {}, owner: Partial<SignupInput> = {}): Promise<{ t: TestApp; owner: SignedIn }> {
  const t = await createTestApp(env);
  return { t, owner: await signup(t, owner) };
}
